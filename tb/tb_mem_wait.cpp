// tb_mem_wait.cpp -- lockstep testbench of the table of the loads in
// flight: the generated simtref_mem_wait against the C model
// golden/structures/mem_wait.c.
//
// Constrained-random stimulus that the SM could make (golden/sm/):
//   - a load or atomic in flight holds one of the LSU's 64 in-flight
//     entries from its send to its done, and its done comes on one of
//     the LSU's write-back ports (lsu_writebacks a cycle, the module's
//     done ports, filled from port 0);
//   - send port p carries scheduler p's warp slots (slot % schedulers ==
//     p), a register other than x0, at least one lane; its row is not in
//     flight (issue's read-port check) and, per lane, the lane's thread
//     has no other load to that register in flight (the scoreboard's WAW
//     check); under regrouping (a third of the sends) each lane's thread
//     comes from any warp slot of the scheduler;
//   - a done names a row in flight, or a send of the same cycle (a
//     request the LSU finishes in the cycle it takes it: the bypass).
// One thing the SM never does is driven too, rarely, because the model
// defines it: a second done of one row in a cycle, on another port, which
// reads the row cleared (with two done ports or more).  The send and done densities change every few
// hundred cycles (phases that fill the LSU's 64 entries and that drain
// them), and the warp slots and registers are aimed at a few hot ones so
// that loads of different slots meet on one register.  A kernel launch
// (reset) comes now and then.
//
// Compared every cycle: rd_mask_o, pending_o (every slot and lane), and
// for each done port used, done_mask_o; done_global_o and done_slots_o
// where done_mask_o is not 0 (a row's global bit and warp slots are kept
// in memories without reset, meaningful while it is in flight).
#include <string>
#include <vector>

#include "Vsimtref_mem_wait.h"
#include "tb_common.h"

#include "config.h"
#include "mem_wait.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long sends = 0;
    long full = 0;            // cycles with all 64 LSU entries in flight
    long same_reg = 0;        // sends while another slot's load to the
                              // same register is in flight
    long mixed_dones = 0;     // global dones after which some of their
                              // threads still wait and others do not
    long partial_dones = 0;   // global dones of a load of some lanes only
    long shared_dones = 0;    // dones of loads that waited on nothing
                              // global
    long regrouped_dones = 0; // dones of a load whose lanes' threads come
                              // from several warp slots
    long bypasses = 0;        // dones of a send of the same cycle
    long second_dones = 0;    // a second done of one row in a cycle
    long read_hits = 0;       // read port on a row in flight
    long resets = 0;
};

// A load in flight, as the tb sent it.
struct Flight {
    unsigned slot, rd;        // its row
    unsigned entry;           // its LSU entry
    mem_wait_entry e;
};

class Bench {
  public:
    using Top = Vsimtref_mem_wait;
    using Model = tb::CModel<mem_wait, mem_wait_in, mem_wait_out,
                             mem_wait_init, mem_wait_reset, mem_wait_eval,
                             mem_wait_step, mem_wait_free>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed)
    {
        mem_wait_geometry(&cfg, &g_);
        lanes_mask_ = g_.warp_size == 64 ? ~0ull
                                         : (1ull << g_.warp_size) - 1;
        new_phase();
    }

    // No directed scenario.
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const mem_wait &model, mem_wait_in &in,
              bool &reset)
    {
        reset = cycle == 0 || rng_.chance(1, 50000);
        if (cycle % 400 == 0)
            new_phase();
        for (unsigned p = 0; p < g_.sends; p++)
            send_valid_[p] = false;
        for (unsigned k = 0; k < g_.dones; k++)
            done_valid_[k] = false;
        n_sent_ = 0;
        in.n_send = in.n_done = 0;
        if (reset) {
            flights_.clear();
            for (unsigned e = 0; e < MEM_WAIT_MAX_INFLIGHT; e++)
                entry_used_[e] = false;
        } else {
            make_dones();
            make_sends(in);
            make_second_done();
        }
        // the model's dones in port order (the module's are by port)
        for (unsigned k = 0; k < g_.dones; k++)
            if (done_valid_[k]) {
                in.done[in.n_done].slot = done_slot_[k];
                in.done[in.n_done++].rd = done_rd_[k];
            }
        make_read(model, in);
        return true;
    }

    void drive(Vsimtref_mem_wait &top, const mem_wait_in &in) const
    {
        const unsigned sw = g_.slot_w, L = g_.warp_size;
        unsigned i = 0;

        for (unsigned p = 0; p < g_.sends; p++) {
            const mem_wait_send *s = send_valid_[p] ? &in.send[i++]
                                                    : nullptr;
            tb::set_field(top.send_valid_i, p, 1, s != nullptr);
            tb::set_field(top.send_slot_i, p * sw, sw, s ? s->slot : 0);
            tb::set_field(top.send_rd_i, p * 5, 5, s ? s->rd : 0);
            tb::set_field(top.send_mask_i, p * L, L, s ? s->e.mask : 0);
            tb::set_field(top.send_global_i, p, 1, s && s->e.global);
            for (unsigned l = 0; l < L; l++)
                tb::set_field(top.send_slots_i, (p * L + l) * sw, sw,
                              s ? s->e.slot[l] : 0);
        }
        for (unsigned k = 0; k < g_.dones; k++) {
            tb::set_field(top.done_valid_i, k, 1, done_valid_[k]);
            tb::set_field(top.done_slot_i, k * sw, sw,
                          done_valid_[k] ? done_slot_[k] : 0);
            tb::set_field(top.done_rd_i, k * 5, 5,
                          done_valid_[k] ? done_rd_[k] : 0);
        }
        top.rd_slot_i = in.rd_slot;
        top.rd_reg_i = in.rd_reg;
    }

    bool compare(const Vsimtref_mem_wait &top, const mem_wait_out &exp,
                 long cycle, tb::Mismatch &mm) const
    {
        const unsigned sw = g_.slot_w, L = g_.warp_size;
        bool ok = tb::expect(mm, cycle, "rd_mask_o", exp.rd_mask,
                             top.rd_mask_o);

        for (unsigned s = 0; s < g_.warp_slots; s++)
            ok &= tb::check(mm, cycle, exp.pending[s],
                            tb::get_field(top.pending_o, s * L, L),
                            [&] { return tb::indexed("pending_o slot", s); });
        unsigned i = 0;
        for (unsigned k = 0; k < g_.dones; k++) {
            if (!done_valid_[k])
                continue;
            uint64_t m = exp.done_mask[i];
            ok &= tb::check(mm, cycle, m,
                            tb::get_field(top.done_mask_o, k * L, L),
                            [&] { return tb::indexed("done_mask_o port", k); });
            if (m) {
                ok &= tb::check(mm, cycle, exp.done_global[i],
                                tb::get_field(top.done_global_o, k, 1),
                                [&] { return tb::indexed("done_global_o port", k); });
                for (unsigned l = 0; l < L; l++)
                    ok &= tb::check(mm, cycle, exp.done_slots[i][l],
                                    tb::get_field(top.done_slots_o,
                                                  (k * L + l) * sw, sw),
                                    [&] { return tb::indexed("done_slots_o port", k)
                                                 + " lane " + std::to_string(l); });
            }
            i++;
        }
        return ok;
    }

    void cover(const mem_wait &model, const mem_wait_in &in,
               const mem_wait_out &out, bool reset)
    {
        const unsigned L = g_.warp_size;

        cov_.resets += reset;
        if (reset)
            return;
        cov_.full += flights_.size() == MEM_WAIT_MAX_INFLIGHT;
        cov_.read_hits += out.rd_mask != 0;
        for (unsigned k = 0; k < in.n_done; k++) {
            const uint16_t *slots = out.done_slots[k];
            uint64_t m = out.done_mask[k];
            bool still = false, free = false, regrouped = false;

            if (!m) {
                cov_.second_dones++;
                continue;
            }
            for (uint64_t b = m; b; b &= b - 1) {
                unsigned l = (unsigned)__builtin_ctzll(b);
                unsigned c = model.count[(size_t)slots[l] * L + l];
                still |= c > 1;
                free |= c == 1;
                regrouped |= slots[l] != in.done[k].slot;
            }
            cov_.regrouped_dones += regrouped;
            if (!out.done_global[k]) {
                cov_.shared_dones++;
                continue;
            }
            cov_.mixed_dones += still && free;
            cov_.partial_dones += m != lanes_mask_;
        }
    }

    bool scenario_check(const Vsimtref_mem_wait &, long) const
    {
        return true;
    }

    // The sends not done in their own cycle are in flight from the edge.
    void after(const mem_wait &, const mem_wait_in &in,
               const mem_wait_out &, bool reset, long)
    {
        if (reset)
            return;
        for (unsigned i = 0; i < n_sent_; i++) {
            if (sent_done_[i]) {
                entry_used_[sent_[i].entry] = false;
                continue;
            }
            flights_.push_back(sent_[i]);
        }
        cov_.sends += in.n_send;
    }

    void report() const
    {
        std::printf("coverage: %ld sends, %ld cycles with the LSU's %u "
                    "entries in flight, %ld sends meeting another slot's "
                    "load to the same register, %ld global dones leaving "
                    "some threads waiting and freeing others, %ld of some "
                    "lanes, %ld shared dones, %ld regrouped dones, %ld "
                    "bypassed dones, %ld second dones of a row, %ld read "
                    "hits, %ld resets\n",
                    cov_.sends, cov_.full, (unsigned)MEM_WAIT_MAX_INFLIGHT, cov_.same_reg,
                    cov_.mixed_dones, cov_.partial_dones, cov_.shared_dones,
                    cov_.regrouped_dones, cov_.bypasses, cov_.second_dones,
                    cov_.read_hits, cov_.resets);
    }

    bool covered() const
    {
        return cov_.sends && cov_.full && cov_.same_reg && cov_.mixed_dones
               && cov_.partial_dones && cov_.shared_dones
               && cov_.regrouped_dones && cov_.bypasses
               && (cov_.second_dones || g_.dones < 2)
               && cov_.read_hits && cov_.resets > 1;
    }

    bool scenario_done() const { return false; }

  private:
    // Densities in eighths: a phase that fills the LSU's entries sends
    // often and finishes rarely; one that drains them the other way.
    void new_phase()
    {
        static const unsigned send_d[] = {1, 3, 6, 8};
        static const unsigned done_d[] = {0, 1, 2, 4};
        send_density_ = send_d[rng_.below(4)];
        done_density_ = done_d[rng_.below(4)];
        if (rng_.chance(1, 4))
            done_density_ = 6;       // drain
        for (unsigned i = 0; i < 3; i++) {
            hot_slot_[i] = rng_.below(g_.warp_slots);
            hot_reg_[i] = 1 + rng_.below(31);
        }
    }

    // A warp slot of scheduler p, often a hot one's neighbour there.
    unsigned pick_slot(unsigned p)
    {
        unsigned per = (g_.warp_slots - p + g_.sends - 1) / g_.sends;
        unsigned w = rng_.chance(3, 4) ? hot_slot_[rng_.below(3)] / g_.sends
                                       : rng_.below(per);
        if (w >= per)
            w = per - 1;
        return w * g_.sends + p;
    }

    unsigned pick_reg()
    {
        return rng_.chance(3, 4) ? hot_reg_[rng_.below(3)]
                                 : 1 + rng_.below(31);
    }

    uint64_t pick_mask()
    {
        switch (rng_.below(4)) {
        case 0:
        case 1: return lanes_mask_;
        case 2: return rng_.next() & lanes_mask_;
        default: return 1ull << rng_.below(g_.warp_size);
        }
    }

    // The lowest done port free this cycle, or -1.
    int free_port() const
    {
        for (unsigned k = 0; k < g_.dones; k++)
            if (!done_valid_[k])
                return (int)k;
        return -1;
    }

    // Flight f's done on port k.
    void done_on(unsigned k, const Flight &f)
    {
        done_valid_[k] = true;
        done_slot_[k] = f.slot;
        done_rd_[k] = f.rd;
        done_entry_[k] = f.entry;
    }

    // The flights that finish this cycle, one on each write-back port.
    void make_dones()
    {
        for (size_t i = 0; i < flights_.size();) {
            const Flight &f = flights_[i];
            int k;
            if (!rng_.chance(done_density_, 8) || (k = free_port()) < 0) {
                i++;
                continue;
            }
            done_on((unsigned)k, f);
            entry_used_[f.entry] = false;
            flights_[i] = flights_.back();
            flights_.pop_back();
        }
    }

    // Is the row, or a thread's register of the send, in flight (or sent
    // this cycle)?
    bool row_busy(unsigned slot, unsigned rd) const
    {
        for (const Flight &f : flights_)
            if (f.slot == slot && f.rd == rd)
                return true;
        for (unsigned i = 0; i < n_sent_; i++)
            if (sent_[i].slot == slot && sent_[i].rd == rd)
                return true;
        for (unsigned k = 0; k < g_.dones; k++)
            if (done_valid_[k] && done_slot_[k] == slot && done_rd_[k] == rd)
                return true;    // the LSU still holds it at issue
        return false;
    }

    // The lanes of e whose thread has a load to rd in flight.
    uint64_t waw_lanes(const mem_wait_entry &e, unsigned rd) const
    {
        uint64_t w = 0;
        auto meet = [&](const Flight &f) {
            if (f.rd != rd)
                return;
            for (uint64_t b = f.e.mask & e.mask; b; b &= b - 1) {
                unsigned l = (unsigned)__builtin_ctzll(b);
                if (f.e.slot[l] == e.slot[l])
                    w |= 1ull << l;
            }
        };
        for (const Flight &f : flights_)
            meet(f);
        for (unsigned i = 0; i < n_sent_; i++)
            meet(sent_[i]);
        for (const Flight &f : finished_)
            meet(f);
        return w;
    }

    int free_entry()
    {
        unsigned start = rng_.below(MEM_WAIT_MAX_INFLIGHT);
        for (unsigned i = 0; i < MEM_WAIT_MAX_INFLIGHT; i++) {
            unsigned e = (start + i) % MEM_WAIT_MAX_INFLIGHT;
            if (!entry_used_[e] && !entry_done_(e))
                return (int)e;
        }
        return -1;
    }

    // Entry e's done is on a port this cycle: the LSU frees it at the edge.
    bool entry_done_(unsigned e) const
    {
        for (unsigned k = 0; k < g_.dones; k++)
            if (done_valid_[k] && done_entry_[k] == e)
                return true;
        return false;
    }

    void make_sends(mem_wait_in &in)
    {
        // the flights finishing this cycle still hold their registers in
        // the scoreboard at issue
        finished_.clear();
        for (unsigned k = 0; k < g_.dones; k++)
            if (done_valid_[k]) {
                Flight f;
                f.slot = done_slot_[k];
                f.rd = done_rd_[k];
                f.entry = done_entry_[k];
                f.e = entry_of_[done_entry_[k]];
                finished_.push_back(f);
            }
        for (unsigned p = 0; p < g_.sends; p++) {
            if (!rng_.chance(send_density_, 8))
                continue;
            int entry = free_entry();
            if (entry < 0)
                break;
            for (unsigned tries = 0; tries < 4; tries++) {
                Flight f;
                f.slot = pick_slot(p);
                f.rd = pick_reg();
                f.entry = (unsigned)entry;
                if (row_busy(f.slot, f.rd))
                    continue;
                bool regrouped = rng_.chance(1, 3);
                for (unsigned l = 0; l < g_.warp_size; l++)
                    f.e.slot[l] = (uint16_t)(regrouped ? pick_slot(p)
                                                       : f.slot);
                for (unsigned l = g_.warp_size; l < MEM_WAIT_MAX_LANES; l++)
                    f.e.slot[l] = 0;
                f.e.mask = pick_mask();
                f.e.global = rng_.chance(3, 4);
                f.e.mask &= ~waw_lanes(f.e, f.rd);
                if (!f.e.mask)
                    continue;
                for (const Flight &o : flights_)
                    cov_.same_reg += o.rd == f.rd && o.slot != f.slot;
                mem_wait_send &s = in.send[in.n_send++];
                s.slot = f.slot;
                s.rd = f.rd;
                s.e = f.e;
                send_valid_[p] = true;
                entry_used_[entry] = true;
                entry_of_[entry] = f.e;
                // the LSU may finish it in this very cycle
                int k = free_port();
                sent_done_[n_sent_] = k >= 0 && rng_.chance(1, 10);
                if (sent_done_[n_sent_]) {
                    done_on((unsigned)k, f);
                    cov_.bypasses++;
                }
                sent_[n_sent_++] = f;
                break;
            }
        }
    }

    // Not from the SM, but defined by the model: a second done of a row
    // done this cycle, on a free port.
    void make_second_done()
    {
        if (!rng_.chance(1, 64))
            return;
        for (unsigned k = 0; k < g_.dones; k++) {
            if (!done_valid_[k])
                continue;
            int port = free_port();
            if (port < 0)
                return;
            done_valid_[port] = true;
            done_slot_[port] = done_slot_[k];
            done_rd_[port] = done_rd_[k];
            done_entry_[port] = done_entry_[k];
            return;
        }
    }

    // Issue's check of a memory instruction: half the time a row in
    // flight.
    void make_read(const mem_wait &, mem_wait_in &in)
    {
        if (!flights_.empty() && rng_.chance(1, 2)) {
            const Flight &f = flights_[rng_.below((unsigned)flights_.size())];
            in.rd_slot = f.slot;
            in.rd_reg = f.rd;
        } else {
            in.rd_slot = rng_.below(g_.warp_slots);
            in.rd_reg = rng_.below(32);
        }
    }

    struct mem_wait_geometry g_;
    tb::Rng rng_;
    uint64_t lanes_mask_;
    unsigned send_density_ = 3;     // eighths, per send port
    unsigned done_density_ = 2;     // eighths, per flight
    unsigned hot_slot_[3] = {0, 0, 0};
    unsigned hot_reg_[3] = {1, 1, 1};
    std::vector<Flight> flights_;   // in flight (in the model's table)
    std::vector<Flight> finished_;  // done this cycle
    bool entry_used_[MEM_WAIT_MAX_INFLIGHT] = {false};  // LSU entries
    mem_wait_entry entry_of_[MEM_WAIT_MAX_INFLIGHT];    // ... their loads
    bool send_valid_[MEM_WAIT_MAX_SEND] = {false};
    Flight sent_[MEM_WAIT_MAX_SEND];        // this cycle's sends
    bool sent_done_[MEM_WAIT_MAX_SEND] = {false};   // ... done at once
    unsigned n_sent_ = 0;
    bool done_valid_[MEM_WAIT_MAX_INFLIGHT] = {false};  // done ports
    unsigned done_slot_[MEM_WAIT_MAX_INFLIGHT] = {0};
    unsigned done_rd_[MEM_WAIT_MAX_INFLIGHT] = {0};
    unsigned done_entry_[MEM_WAIT_MAX_INFLIGHT] = {0};  // ... the LSU entry
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_mem_wait");
}
