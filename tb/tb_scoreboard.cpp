// tb_scoreboard.cpp -- lockstep testbench of the register scoreboard: the
// generated simtref_scoreboard against the C model
// golden/structures/scoreboard.c.
//
// Constrained-random stimulus, aimed at a few "hot" warp slots and
// registers so that checks meet reservations often.  Each cycle: one
// check (a warp slot for every lane, or, a third of the time, a
// regrouped warp whose lanes each name a hot slot), a reservation on
// each scheduler's port with a density that changes every few hundred
// cycles (a quarter of them pending, the others with a latency of 1 ..
// 2^count_w - 1 cycles), and releases, on the release ports, of earlier
// pending reservations (only their lanes still pending: a release returns
// a reserved register).  A kernel launch (reset) comes now and then.
//
// The model's cycle is the bench's cycle count; the module's latency port
// gets at - now.  clear_o is compared every cycle.
#include <string>
#include <vector>

#include "Vsimtref_scoreboard.h"
#include "tb_common.h"

#include "config.h"
#include "scoreboard.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long clears = 0;          // checks that pass
    long holds = 0;           // checks that are held
    long waw_only = 0;        // held by the destination alone (WAW)
    long pending_holds = 0;   // held by a pending register (no stamp)
    long regrouped_holds = 0; // held checks of regrouped warps
    long releases = 0;        // release ports used
    long resets = 0;
    long wraps = 0;           // cycles past 2^stamp_w since a reset
    long ahead_clears = 0;    // clear about the next cycle, held in this
};

// A pending reservation not yet released: its lanes' slots, lanes, rd.
struct Pending {
    uint16_t slots[SCOREBOARD_MAX_LANES];
    uint64_t mask;
    uint8_t rd;
};

class Bench {
  public:
    using Top = Vsimtref_scoreboard;
    using Model = tb::CModel<scoreboard, scoreboard_in, scoreboard_out,
                             scoreboard_init, scoreboard_reset,
                             scoreboard_eval, scoreboard_step,
                             scoreboard_free>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed)
    {
        scoreboard_geometry(&cfg, &g_);
        lanes_mask_ = g_.warp_size == 64 ? ~0ull
                                         : (1ull << g_.warp_size) - 1;
        new_phase();
    }

    // No directed scenario.
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const scoreboard &model, scoreboard_in &in,
              bool &reset)
    {
        reset = cycle == 0 || rng_.chance(1, 50000);
        if (reset) {
            pending_.clear();
            since_reset_ = 0;
        }
        if (cycle % 300 == 0)
            new_phase();
        in.now = (uint64_t)cycle;
        make_check(in);
        in.n_reserve = 0;
        for (unsigned p = 0; p < g_.reserve_ports; p++) {
            res_valid_[p] = rng_.chance(density_, 8);
            if (res_valid_[p])
                make_reserve(in, p, cycle);
        }
        in.n_release = 0;
        for (unsigned p = 0; p < g_.release_ports; p++) {
            rel_valid_[p] = false;
            if (!pending_.empty() && rng_.chance(1, 3))
                make_release(model, in, p);
        }
        return true;
    }

    void drive(Vsimtref_scoreboard &top, const scoreboard_in &in) const
    {
        const unsigned sw = g_.slot_w, L = g_.warp_size;

        for (unsigned l = 0; l < L; l++)
            tb::set_field(top.chk_slots_i, l * sw, sw, chk_slots_[l]);
        top.chk_mask_i = in.check.t.mask;
        top.chk_rs1_i = in.check.rs1;
        top.chk_rs2_i = in.check.rs2;
        top.chk_rd_i = in.check.rd;
        top.chk_ahead_i = in.check.ahead;
        unsigned k = 0;
        for (unsigned p = 0; p < g_.reserve_ports; p++) {
            const scoreboard_reserve *r = res_valid_[p] ? &in.reserve[k++]
                                                        : nullptr;
            tb::set_field(top.res_valid_i, p, 1, r != nullptr);
            for (unsigned l = 0; l < L; l++)
                tb::set_field(top.res_slots_i, (p * L + l) * sw, sw,
                              !r ? 0 : r->regrouped ? r->slots[l] : r->slot);
            tb::set_field(top.res_mask_i, p * L, L, r ? r->mask : 0);
            tb::set_field(top.res_rd_i, p * 5, 5, r ? r->rd : 0);
            bool pend = r && r->at == SCOREBOARD_PENDING;
            tb::set_field(top.res_pend_i, p, 1, pend);
            tb::set_field(top.res_lat_i, p * g_.count_w, g_.count_w,
                          r && !pend ? r->at - in.now : 0);
        }
        k = 0;
        for (unsigned p = 0; p < g_.release_ports; p++) {
            const scoreboard_release *r = rel_valid_[p] ? &in.release[k++]
                                                        : nullptr;
            tb::set_field(top.rel_valid_i, p, 1, r != nullptr);
            for (unsigned l = 0; l < L; l++)
                tb::set_field(top.rel_slots_i, (p * L + l) * sw, sw,
                              r ? r->slots[l] : 0);
            tb::set_field(top.rel_mask_i, p * L, L, r ? r->mask : 0);
            tb::set_field(top.rel_rd_i, p * 5, 5, r ? r->rd : 0);
        }
    }

    bool compare(const Vsimtref_scoreboard &top, const scoreboard_out &exp,
                 long cycle, tb::Mismatch &mm) const
    {
        return tb::expect(mm, cycle, "clear_o", exp.clear, top.clear_o);
    }

    // The causes of a hold, from the model asked again without the
    // destination and with the destination alone.
    void cover(const scoreboard &model, const scoreboard_in &in,
               const scoreboard_out &out, bool reset)
    {
        cov_.resets += reset;
        cov_.wraps += since_reset_ > (1ul << g_.stamp_w);
        if (out.clear) {
            cov_.clears++;
            if (in.check.ahead) {
                scoreboard_in q = in;
                scoreboard_out o;
                q.check.ahead = false;
                scoreboard_eval(&model, &q, &o);
                cov_.ahead_clears += !o.clear;
            }
            return;
        }
        cov_.holds++;
        cov_.regrouped_holds += in.check.t.slots != nullptr && regrouped_;
        scoreboard_in q = in;
        scoreboard_out o;
        q.check.rd = 0;
        scoreboard_eval(&model, &q, &o);
        cov_.waw_only += o.clear;
        q = in;
        q.now = SCOREBOARD_PENDING - 1;   // only pending registers held
        scoreboard_eval(&model, &q, &o);
        cov_.pending_holds += !o.clear;
    }

    bool scenario_check(const Vsimtref_scoreboard &, long) const
    {
        return true;
    }

    void after(const scoreboard &, const scoreboard_in &in,
               const scoreboard_out &, bool reset, long)
    {
        since_reset_++;
        cov_.releases += reset ? 0 : in.n_release;
    }

    void report() const
    {
        std::printf("coverage: %ld clear, %ld held (%ld by the destination "
                    "alone, %ld by a pending register, %ld regrouped), %ld "
                    "releases, %ld resets, %ld cycles past the stamp's wrap, "
                    "%ld clear about the next cycle and held in this one\n",
                    cov_.clears, cov_.holds, cov_.waw_only,
                    cov_.pending_holds, cov_.regrouped_holds, cov_.releases,
                    cov_.resets, cov_.wraps, cov_.ahead_clears);
    }

    bool covered() const
    {
        return cov_.clears && cov_.holds && cov_.waw_only
               && cov_.pending_holds && cov_.regrouped_holds
               && cov_.releases && cov_.resets > 1 && cov_.wraps
               && cov_.ahead_clears;
    }

    bool scenario_done() const { return false; }

  private:
    void new_phase()
    {
        static const unsigned densities[] = {1, 3, 6, 8};
        density_ = densities[rng_.below(4)];
        for (unsigned i = 0; i < 3; i++) {
            hot_slot_[i] = rng_.below(g_.warp_slots);
            hot_reg_[i] = 1 + rng_.below(31);
        }
    }

    unsigned pick_slot()
    {
        return rng_.chance(3, 4) ? hot_slot_[rng_.below(3)]
                                 : rng_.below(g_.warp_slots);
    }

    uint8_t pick_reg()
    {
        unsigned k = rng_.below(16);
        return (uint8_t)(k < 10 ? hot_reg_[k % 3] : k < 12 ? 0
                         : rng_.below(32));
    }

    uint64_t pick_mask()
    {
        switch (rng_.below(4)) {
        case 0: return lanes_mask_;
        case 1: return (rng_.next() & lanes_mask_) | 1;
        case 2: return rng_.next() & lanes_mask_;
        default: return 1ull << rng_.below(g_.warp_size);
        }
    }

    void make_check(scoreboard_in &in)
    {
        struct scoreboard_check &c = in.check;

        regrouped_ = rng_.chance(1, 3);
        c.t.mask = pick_mask();
        c.t.slot = pick_slot();
        for (unsigned l = 0; l < g_.warp_size; l++)
            chk_slots_[l] = regrouped_ ? pick_slot() : c.t.slot;
        // a regrouped warp goes through the per-lane port of the model
        c.t.slots = regrouped_ ? chk_slots_ : nullptr;
        c.rs1 = pick_reg();
        c.rs2 = pick_reg();
        c.rd = pick_reg();
        c.ahead = rng_.chance(1, 2);
    }

    void make_reserve(scoreboard_in &in, unsigned p, long cycle)
    {
        scoreboard_reserve &r = in.reserve[in.n_reserve++];
        (void)p;
        r.regrouped = rng_.chance(1, 3);
        r.slot = pick_slot();
        for (unsigned l = 0; l < g_.warp_size; l++)
            r.slots[l] = r.regrouped ? pick_slot() : r.slot;
        r.mask = pick_mask();
        r.rd = pick_reg();
        if (rng_.chance(1, 4)) {
            r.at = SCOREBOARD_PENDING;
            if (r.rd && r.mask && pending_.size() < 64) {
                Pending w;
                for (unsigned l = 0; l < g_.warp_size; l++)
                    w.slots[l] = (uint16_t)r.slots[l];
                w.mask = r.mask;
                w.rd = r.rd;
                pending_.push_back(w);
            }
        } else {
            unsigned longest = (1u << g_.count_w) - 1;
            unsigned lat = rng_.chance(1, 2) ? 1 + rng_.below(4)
                                             : 1 + rng_.below(longest);
            r.at = (uint64_t)cycle + lat;
        }
    }

    // An earlier pending reservation returns: the lanes of it that are
    // still pending in the model.
    void make_release(const scoreboard &model, scoreboard_in &in,
                      unsigned p)
    {
        unsigned i = rng_.below((unsigned)pending_.size());
        Pending &w = rel_[p];
        w = pending_[i];
        pending_[i] = pending_.back();
        pending_.pop_back();
        uint64_t still = 0;
        for (uint64_t m = w.mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            size_t k = ((size_t)w.slots[l] * g_.warp_size + l)
                       * SCOREBOARD_REGS + w.rd;
            if (model.ready[k] == SCOREBOARD_PENDING)
                still |= 1ull << l;
        }
        if (!still)
            return;
        scoreboard_release &r = in.release[in.n_release++];
        r.slots = w.slots;
        r.mask = still;
        r.rd = w.rd;
        rel_valid_[p] = true;
    }

    struct scoreboard_geometry g_;
    tb::Rng rng_;
    uint64_t lanes_mask_;
    unsigned density_ = 3;      // eighths
    unsigned hot_slot_[3] = {0, 0, 0};
    unsigned hot_reg_[3] = {1, 1, 1};
    bool regrouped_ = false;
    unsigned chk_slots_[SCOREBOARD_MAX_LANES] = {0};
    bool res_valid_[SCOREBOARD_MAX_RESERVE] = {false};
    bool rel_valid_[SCOREBOARD_MAX_RESERVE] = {false};
    Pending rel_[SCOREBOARD_MAX_RESERVE];
    std::vector<Pending> pending_;
    unsigned long since_reset_ = 0;
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_scoreboard");
}
