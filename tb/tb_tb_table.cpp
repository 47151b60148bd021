// tb_tb_table.cpp -- lockstep testbench of the table of resident TBs: the
// generated simtref_tb_table against the C model
// golden/structures/tb_table.c.
//
// The stimulus is the SM around the table, kept warp by warp.  Each cycle
// the free TB slots take TBs (the dispatcher's placements: 1..max warps on
// free warp slots, with a grid index that counts up), at a rate that
// changes every 512 cycles so that the table fills up and drains.  In each
// resident TB, live warps arrive at the barrier and live warps retire
// (their last thread exits), some after arriving (retire_arrived); while
// the barrier is in progress (a warp counted at it, or arriving now) the
// exited warps the TB owes send their arrivals (gone_sent, at most one per
// warp scheduler's arrival port, at most what the table owes); and in the
// cycle the arrivals reach the TB's warps, the WPT releases the barrier.
// A reset comes now and then.  The placement ports beyond n_place and the
// warp slots of a placement beyond its warps carry random values: the
// table must ignore them.
//
// Compared every cycle: the read port's valid, warps, live_warps,
// gone_arrived and done, and owing for every slot.  The grid index and
// the warp slot are in memories without a reset: they are compared while
// the slot read holds a TB, and the warp slot for a warp of the TB
// (docs/rtl-boundary.md).
#include <string>
#include <vector>

#include "Vsimtref_tb_table.h"
#include "tb_common.h"

#include "config.h"
#include "tb_table.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long placements = 0;
    long multi = 0;           // cycles placing two TBs or more
    long full = 0;            // cycles with every TB slot held
    long finished = 0;        // TBs whose last live warps retired
    long done_read = 0;       // ... told on the read port (done)
    long retired_arrived = 0; // warps retiring after arriving at the barrier
    long owed_waiting = 0;    // TB-cycles owing an exited warp's arrival
                              // while its barrier is in progress
    long sent = 0;            // exited warps' arrivals sent
    long releases = 0;
    long released_gone = 0;   // ... clearing exited warps counted there
    long reuse = 0;           // placements in a slot freed on the last edge
    long resets = 0;
};

class Bench {
  public:
    using Top = Vsimtref_tb_table;
    using Model = tb::CModel<tb_table, tb_table_in, tb_table_out,
                             tb_table_init, tb_table_reset, tb_table_eval,
                             tb_table_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed), ports_(cfg.schedulers),
          warp_slots_(cfg.schedulers
                      * (cfg.threads_per_scheduler / cfg.warp_size))
    {
        tb_table_geometry(&cfg, &g_);
        tbs_.resize(g_.tbs);
        slot_busy_.assign(warp_slots_, false);
        new_phase();
    }

    // No directed scenario.
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const tb_table &model, tb_table_in &in, bool &reset)
    {
        tb_table_idle(&in);
        garbage_ = Garbage();
        randomize_unused(in);
        reset = cycle == 0 || rng_.chance(1, 100000);
        freed_before_ = freed_now_;
        freed_now_ = 0;
        read_wid_ = 0;
        slots_ = tb_table_slots{};   // a reset empties every slot
        if (reset) {
            forget();
            return true;
        }
        if (cycle % 512 == 0)
            new_phase();

        uint64_t free_at_start = 0;
        for (unsigned t = 0; t < g_.tbs; t++)
            free_at_start |= (uint64_t)!tbs_[t].valid << t;
        uint64_t retiring = 0;
        for (unsigned t = 0; t < g_.tbs; t++)
            if (tbs_[t].valid && events(t, model.tb[t], in))
                retiring |= 1ull << t;
        for (unsigned t = 0; t < g_.tbs; t++)
            if ((free_at_start >> t & 1) && rng_.chance(1, place_den_))
                place(t, in);

        // The read port: half the time a TB retiring warps now.
        in.rd_tb = rng_.below(g_.tbs);
        if (retiring && rng_.chance(1, 2)) {
            do
                in.rd_tb = rng_.below(g_.tbs);
            while (!(retiring >> in.rd_tb & 1));
        }
        in.rd_wid = read_wid_ = rng_.below(g_.tb_warps);
        tb_table_eval_slots(&model, &in, &slots_);
        return true;
    }

    void drive(Vsimtref_tb_table &top, const tb_table_in &in) const
    {
        unsigned ww = g_.warps_w, sw = g_.port_slot_w;

        top.n_place_i = in.n_place;
        for (unsigned k = 0; k < g_.tbs; k++) {
            bool used = k < in.n_place;
            const tb_table_place &p = in.place[k];
            tb::set_field(top.place_tb_i, k * g_.tb_w, g_.tb_w,
                          used ? p.tb : garbage_.tb[k]);
            tb::set_field(top.place_ctaid_i, k * g_.ctaid_w, g_.ctaid_w,
                          used ? p.ctaid : garbage_.ctaid[k]);
            tb::set_field(top.place_warps_i, k * ww, ww,
                          used ? p.warps : garbage_.warps[k]);
            for (unsigned j = 0; j < g_.tb_warps; j++)
                tb::set_field(top.place_warp_i, (k * g_.tb_warps + j) * sw,
                              sw, p.warp[j]);
            tb::set_field(top.retire_i, k * ww, ww, in.retire[k]);
            tb::set_field(top.retire_arrived_i, k * ww, ww,
                          in.retire_arrived[k]);
            tb::set_field(top.gone_sent_i, k * ww, ww, in.gone_sent[k]);
        }
        tb::set_field(top.release_i, 0, g_.tbs, in.release);
        top.rd_tb_i = in.rd_tb;
        top.rd_wid_i = in.rd_wid;
    }

    bool compare(const Vsimtref_tb_table &top, const tb_table_out &exp,
                 long cycle, tb::Mismatch &mm) const
    {
        bool ok = true;

        ok &= tb::expect(mm, cycle, "valid_o", exp.valid, top.valid_o);
        ok &= tb::expect(mm, cycle, "warps_o", exp.warps, top.warps_o);
        ok &= tb::expect(mm, cycle, "live_warps_o", exp.live_warps,
                         top.live_warps_o);
        ok &= tb::expect(mm, cycle, "gone_arrived_o", exp.gone_arrived,
                         top.gone_arrived_o);
        ok &= tb::expect(mm, cycle, "done_o", exp.done, top.done_o);
        ok &= tb::expect(mm, cycle, "owing_o", exp.owing,
                         tb::get_field(top.owing_o, 0, g_.tbs));
        ok &= tb::expect(mm, cycle, "last_o", slots_.last,
                         tb::get_field(top.last_o, 0, g_.tbs));
        for (unsigned t = 0; t < g_.tbs; t++)
            ok &= tb::check(mm, cycle, slots_.owed[t],
                            tb::get_field(top.owed_o, t * g_.warps_w,
                                          g_.warps_w),
                            [t] { return "owed_o of slot " + std::to_string(t); });
        for (unsigned t = 0; t < g_.tbs; t++)
            ok &= tb::check(mm, cycle, slots_.ctaid[t],
                            tb::get_field(top.ctaids_o, t * g_.ctaid_w,
                                          g_.ctaid_w),
                            [t] { return "ctaids_o of slot " + std::to_string(t); });
        if (exp.valid) {
            ok &= tb::expect(mm, cycle, "ctaid_o", exp.ctaid, top.ctaid_o);
            if (read_wid_ < exp.warps)
                ok &= tb::expect(mm, cycle, "warp_slot_o", exp.warp_slot,
                                 top.warp_slot_o);
        }
        return ok;
    }

    void cover(const tb_table &m, const tb_table_in &in,
               const tb_table_out &out, bool reset)
    {
        bool full = true;

        cov_.resets += reset;
        if (reset)
            return;
        cov_.placements += in.n_place;
        cov_.multi += in.n_place >= 2;
        cov_.done_read += out.done;
        for (unsigned k = 0; k < in.n_place; k++)
            cov_.reuse += freed_before_ >> in.place[k].tb & 1;
        for (unsigned t = 0; t < g_.tbs; t++) {
            const tb_table_entry &e = m.tb[t];
            full = full && e.valid;
            cov_.retired_arrived += in.retire_arrived[t];
            cov_.sent += in.gone_sent[t];
            if (in.release >> t & 1) {
                cov_.releases++;
                cov_.released_gone += e.gone_arrived + in.retire_arrived[t]
                                      + in.gone_sent[t] != 0;
            }
        }
        cov_.full += full;
    }

    bool scenario_check(const Vsimtref_tb_table &, long) const { return true; }

    void after(const tb_table &, const tb_table_in &, const tb_table_out &,
               bool, long)
    {
    }

    void report() const
    {
        std::printf("coverage: %ld placements (%ld cycles placing 2+), %ld "
                    "cycles with every TB slot held, %ld placements in a "
                    "slot freed the cycle before; %ld TBs finished (%ld told "
                    "on the read port); %ld warps retired after arriving; "
                    "%ld TB-cycles owing an exited warp's arrival at a "
                    "barrier in progress, %ld such arrivals sent; %ld "
                    "releases (%ld clearing exited warps' arrivals); %ld "
                    "resets\n",
                    cov_.placements, cov_.multi, cov_.full, cov_.reuse,
                    cov_.finished, cov_.done_read, cov_.retired_arrived,
                    cov_.owed_waiting, cov_.sent, cov_.releases,
                    cov_.released_gone, cov_.resets);
    }

    // A full table, several TBs placed in a cycle, a slot taken again
    // right after it is freed, a TB's last warps retiring (told on the
    // read port), warps retiring after they arrived, a barrier waiting
    // for an exited warp's arrival, such arrivals, and a release that
    // clears them.
    bool covered() const
    {
        return cov_.full && (g_.tbs < 2 || cov_.multi) && cov_.reuse
               && cov_.finished && cov_.done_read && cov_.retired_arrived
               && cov_.owed_waiting && cov_.sent && cov_.released_gone;
    }

    bool scenario_done() const { return false; }

  private:
    // A resident TB as the bench sees it: each warp's slot, and whether
    // it is live and waits at the barrier (flags in bytes: vector<bool>'s
    // bit access costs more than the module's evaluation).
    struct Tb {
        bool valid = false;
        std::vector<unsigned> slot;
        std::vector<uint8_t> live;
        std::vector<uint8_t> at_barrier;
    };

    // The values on the ports the table must ignore.
    struct Garbage {
        unsigned tb[CONFIG_MAX_TBS] = {0};
        unsigned ctaid[CONFIG_MAX_TBS] = {0};
        unsigned warps[CONFIG_MAX_TBS] = {0};
    };

    void new_phase()
    {
        static const unsigned place[] = { 1, 2, 8, 64 };
        static const unsigned retire[] = { 2, 16, 64, 256 };
        static const unsigned arrive[] = { 1, 4, 16 };
        static const unsigned send[] = { 1, 2, 8 };

        place_den_ = place[rng_.below(4)];
        retire_den_ = retire[rng_.below(4)];
        arrive_den_ = arrive[rng_.below(3)];
        send_den_ = send[rng_.below(3)];
        warps_kind_ = rng_.below(3);
    }

    void forget()
    {
        for (Tb &tb : tbs_)
            tb.valid = false;
        slot_busy_.assign(warp_slots_, false);
    }

    void randomize_unused(tb_table_in &in)
    {
        unsigned slot_mask = (1u << g_.port_slot_w) - 1;
        unsigned warps_mask = (1u << g_.warps_w) - 1;

        // One draw per placement port: a random start and stride for its
        // warp slots (a draw per warp costs more than the module).
        for (unsigned k = 0; k < g_.tbs; k++) {
            uint64_t r = rng_.next();
            unsigned start = (unsigned)r, stride = (unsigned)(r >> 32) | 1;
            garbage_.tb[k] = (unsigned)(r >> 16) % g_.tbs;
            garbage_.ctaid[k] = (unsigned)(r >> 24);
            garbage_.warps[k] = (unsigned)(r >> 40) & warps_mask;
            for (unsigned j = 0; j < g_.tb_warps; j++)
                in.place[k].warp[j] = (start + j * stride) & slot_mask;
        }
    }

    // TB slot t's warps this cycle; e is its entry in the table before
    // the edge.  Returns whether warps retire.
    bool events(unsigned t, const tb_table_entry &e, tb_table_in &in)
    {
        Tb &tb = tbs_[t];
        unsigned warps = (unsigned)tb.slot.size();
        unsigned waiting = 0, arriving = 0, live_after = 0, waiting_after = 0;

        for (unsigned k = 0; k < warps; k++)
            waiting += tb.live[k] && tb.at_barrier[k];
        unsigned owed = e.warps - e.live_warps - e.gone_arrived;
        bool in_progress = waiting + e.gone_arrived != 0;
        cov_.owed_waiting += owed && in_progress;

        for (unsigned k = 0; k < warps; k++) {
            if (!tb.live[k])
                continue;
            if (rng_.chance(1, retire_den_)) {
                in.retire[t]++;
                in.retire_arrived[t] += tb.at_barrier[k];
                tb.live[k] = false;
                slot_busy_[tb.slot[k]] = false;
            } else if (!tb.at_barrier[k] && rng_.chance(1, arrive_den_)) {
                tb.at_barrier[k] = true;
                arriving++;
            }
        }
        // The exited warps arrive while the barrier is in progress.
        if (owed && (in_progress || arriving) && rng_.chance(1, send_den_)) {
            unsigned n = 1 + rng_.below(ports_);
            in.gone_sent[t] = n < owed ? n : owed;
        }
        for (unsigned k = 0; k < warps; k++) {
            live_after += tb.live[k];
            waiting_after += tb.live[k] && tb.at_barrier[k];
        }
        // The WPT releases when every warp has been counted.
        unsigned counted = waiting_after + e.gone_arrived
                           + in.retire_arrived[t] + in.gone_sent[t];
        if (counted == warps) {
            in.release |= 1ull << t;
            for (unsigned k = 0; k < warps; k++)
                tb.at_barrier[k] = false;
        }
        if (live_after == 0) {
            tb.valid = false;
            freed_now_ |= 1ull << t;
            cov_.finished++;
        }
        return in.retire[t] != 0;
    }

    // A TB into free TB slot t, if the free warp slots allow.
    void place(unsigned t, tb_table_in &in)
    {
        unsigned warps;
        std::vector<unsigned> free;

        switch (warps_kind_) {
        case 0: warps = g_.tb_warps; break;
        case 1: warps = 1 + rng_.below(g_.tb_warps); break;
        default: warps = 1 + rng_.below(g_.tb_warps < 3 ? g_.tb_warps : 3);
        }
        for (unsigned s = 0; s < warp_slots_; s++)
            if (!slot_busy_[s])
                free.push_back(s);
        if (free.size() < warps)
            return;
        tb_table_place &p = in.place[in.n_place++];
        Tb &tb = tbs_[t];
        p.tb = t;
        p.ctaid = next_ctaid_++;
        p.warps = warps;
        tb.valid = true;
        tb.slot.assign(warps, 0);
        tb.live.assign(warps, true);
        tb.at_barrier.assign(warps, false);
        for (unsigned k = 0; k < warps; k++) {
            unsigned i = rng_.below((unsigned)free.size());
            p.warp[k] = tb.slot[k] = free[i];
            slot_busy_[free[i]] = true;
            free.erase(free.begin() + i);
        }
    }

    struct tb_table_geometry g_;
    tb::Rng rng_;
    unsigned ports_;                // arrival ports: one per scheduler
    unsigned warp_slots_;           // warp slots of the SM
    std::vector<Tb> tbs_;           // by TB slot
    std::vector<uint8_t> slot_busy_; // warp slots held
    Garbage garbage_;               // this cycle's ignored port values
    unsigned next_ctaid_ = 0;       // the next TB's grid index
    unsigned place_den_ = 1;        // a free TB slot takes a TB: 1 in this
    unsigned retire_den_ = 16;      // a live warp retires: 1 in this
    unsigned arrive_den_ = 4;       // a live warp arrives: 1 in this
    unsigned send_den_ = 1;         // owed arrivals are sent: 1 in this
    unsigned warps_kind_ = 0;       // the warps of a TB: all, any, few
    unsigned read_wid_ = 0;         // this cycle's rd_wid, for compare()
    tb_table_slots slots_{};        // this cycle's last_o and owed_o, from
                                    // the model before the edge
    uint64_t freed_before_ = 0;     // TB slots freed on the last edge
    uint64_t freed_now_ = 0;        // ... on this edge
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_tb_table");
}
