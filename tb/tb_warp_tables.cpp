// tb_warp_tables.cpp -- lockstep testbench of the HARP First-Level and
// Second-Level warp tables: the generated simtref_warp_tables against the
// C model golden/structures/warp_tables.c.
//
// Constrained-random stimulus in phases, each with its own densities of
// barrier, waiting and lookup warps and of First-Level updates, so that
// Second-Level fills (and overflows), drains, and sees simultaneous
// requests of every kind.  Phases last long enough to fill Second-Level
// (4 N cycles, at least 256).  Updates name a valid slot of the model most
// of the time (shrinking its mask, or freeing it), sometimes a free or
// missing slot or a returning lane; offered warps rarely have an empty
// mask.  All three must raise err_o.
//
// --scenario policies (preset tiny) drives the transition policies of
// HARP 4.2.3 and 7.3.2 instead and checks the paper's expectation at each
// step: a released warp and a lookup warp in one cycle (the barrier goes
// first), lookup-to-second only below the threshold, overflow of a full
// Second-Level reported and nothing overwritten, FIFO second-to-first.
#include "Vsimtref_warp_tables.h"

#include <string>

#include "tb_common.h"

#include "bits.h"
#include "config.h"
#include "warp_tables.h"

namespace {

using tb::check;
using tb::expect_warp;

struct Coverage {
    long full = 0;             // cycles with a full Second-Level
    long ovf = 0;
    long bar = 0, wret = 0, lkp = 0;   // pushes of each kind
    long bar_beats_lkp = 0;    // both offered, the barrier warp goes
    long wret_beats_lkp = 0;
    long bar_beats_wret = 0;
    long threshold_holds = 0;  // lookup warp kept: count >= T, nothing else
    long moves = 0;            // second-to-first
    long push_and_move = 0;    // on one edge
    long frees = 0, updates = 0;
    long errors = 0;
    long resets = 0;
};

const char *const SCENARIO = "policies";

class Bench {
  public:
    using Top = Vsimtref_warp_tables;
    using Model = tb::CModel<warp_tables, warp_tables_in, warp_tables_out, warp_tables_init, warp_tables_reset, warp_tables_eval,
                             warp_tables_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &scenario)
        : rng_(seed), scenario_(scenario)
    {
        warp_tables_geometry(&cfg, &g_);
        phase_len_ = g_.sl * 4 < 256 ? 256 : g_.sl * 4;
    }

    // The policies scenario is written for the sizes of tiny.
    static bool has_scenario(const simt_config &cfg, const std::string &name)
    {
        return name == SCENARIO && cfg.first_level_entries == 2 &&
               cfg.second_level_entries == 8 &&
               cfg.lookup_to_second_threshold == 2;
    }

    // ---------------------------------------------------------------
    // Random stimulus
    // ---------------------------------------------------------------

    warp random_warp()
    {
        warp w = warp();
        w.pc = rng_.next() & low_bits(g_.pc_w);
        w.mask = rng_.next() & low_bits(g_.lanes);
        if (w.mask == 0 || rng_.chance(1, 4))
            w.mask = low_bits(g_.lanes);
        if (rng_.chance(1, 1000))
            w.mask = 0;                          // contract violation
        for (unsigned l = 0; l < g_.lanes; l++)
            w.tid[l] = (uint32_t)(rng_.next() & low_bits(g_.tw));
        return w;
    }

    void random_update(const warp_tables &model, warp_tables_in &in)
    {
        unsigned s = rng_.below(g_.fl);
        in.upd_valid = true;
        in.upd_pc = rng_.next() & low_bits(g_.pc_w);
        if (rng_.chance(1, 16) || !model.fl_valid[s]) {
            // Anything: a free slot, a slot beyond F, or any mask.
            in.upd_slot = (unsigned)(rng_.next() & low_bits(g_.fslot_w));
            in.upd_mask = rng_.next() & low_bits(g_.lanes);
            return;
        }
        in.upd_slot = s;
        uint64_t m = model.fl[s].mask;
        if (rng_.chance(free_density_, 8))
            in.upd_mask = 0;                     // the warp leaves
        else
            in.upd_mask = m & rng_.next();       // threads reach a barrier
    }

    bool next(long cycle, const warp_tables &model, warp_tables_in &in, bool &reset)
    {
        if (!scenario_.empty())
            return scenario_next(cycle, in, reset);
        reset = cycle == 0 || rng_.chance(1, 100000);
        if (cycle % phase_len_ == 0) {
            static const unsigned dens[] = {0, 1, 3, 6, 8};
            bar_density_ = dens[rng_.below(5)];
            wret_density_ = dens[rng_.below(5)];
            lkp_density_ = dens[rng_.below(5)];
            upd_density_ = dens[rng_.below(5)];
            free_density_ = 1 + rng_.below(7);
        }
        if (rng_.chance(bar_density_, 8)) {
            in.bar_valid = true;
            in.bar = random_warp();
        }
        if (rng_.chance(wret_density_, 8)) {
            in.wret_valid = true;
            in.wret = random_warp();
        }
        if (rng_.chance(lkp_density_, 8)) {
            in.lkp_valid = true;
            in.lkp = random_warp();
        }
        if (rng_.chance(upd_density_, 8))
            random_update(model, in);
        return true;
    }

    void drive(Top &top, const warp_tables_in &in)
    {
        top.upd_valid_i = in.upd_valid;
        top.upd_slot_i = in.upd_slot & low_bits(g_.fslot_w);
        tb::set_field(top.upd_pc_i, 0, g_.pc_w, in.upd_pc);
        tb::set_field(top.upd_mask_i, 0, g_.lanes, in.upd_mask);
        top.bar_valid_i = in.bar_valid;
        tb::drive_warp(top.bar_pc_i, top.bar_mask_i, top.bar_tid_i, g_, 0, in.bar);
        top.wret_valid_i = in.wret_valid;
        tb::drive_warp(top.wret_pc_i, top.wret_mask_i, top.wret_tid_i, g_, 0, in.wret);
        top.lkp_valid_i = in.lkp_valid;
        tb::drive_warp(top.lkp_pc_i, top.lkp_mask_i, top.lkp_tid_i, g_, 0, in.lkp);
    }

    // Every output, every cycle.
    bool compare(const Top &top, const warp_tables_out &exp, long cycle, tb::Mismatch &mm)
    {
        bool ok = true;
        ok &= tb::expect(mm, cycle, "bar_ready_o", exp.bar_ready, top.bar_ready_o);
        ok &= tb::expect(mm, cycle, "wret_ready_o", exp.wret_ready, top.wret_ready_o);
        ok &= tb::expect(mm, cycle, "lkp_pop_o", exp.lkp_pop, top.lkp_pop_o);
        ok &= tb::expect(mm, cycle, "ovf_o", exp.ovf, top.ovf_o);
        ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
        ok &= tb::expect(mm, cycle, "count_o", exp.count, top.count_o);
        ok &= tb::expect(mm, cycle, "head_valid_o", exp.head_valid, top.head_valid_o);
        ok &= expect_warp(mm, cycle, [] { return std::string("head_"); }, g_, 0,
                          top.head_pc_o, top.head_mask_o, top.head_tid_o, exp.head);
        for (unsigned s = 0; s < g_.fl; s++) {
            auto n = [s] { return "slot " + std::to_string(s) + " fl_"; };
            ok &= check(mm, cycle, exp.fl_valid[s], tb::get_field(top.fl_valid_o, s, 1),
                        [&] { return n() + "valid_o"; });
            ok &= expect_warp(mm, cycle, n, g_, s, top.fl_pc_o, top.fl_mask_o,
                              top.fl_tid_o, exp.fl[s]);
        }
        return ok;
    }

    void cover(const warp_tables &model, const warp_tables_in &in, const warp_tables_out &exp, bool reset)
    {
        bool full = model.count == g_.sl;
        bool push_bar = in.bar_valid && exp.bar_ready && in.bar.mask;
        bool push_wret = in.wret_valid && exp.wret_ready && in.wret.mask;
        bool push_lkp = exp.lkp_pop && in.lkp.mask;
        bool free_slot = false;
        for (unsigned s = 0; s < g_.fl; s++)
            free_slot |= !model.fl_valid[s];
        bool move = model.count != 0 && free_slot;

        if (reset) {
            cov_.resets++;
            return;
        }
        cov_.full += full;
        cov_.ovf += exp.ovf;
        cov_.errors += exp.err;
        cov_.bar += push_bar;
        cov_.wret += push_wret;
        cov_.lkp += push_lkp;
        cov_.bar_beats_lkp += push_bar && in.lkp_valid && model.count < g_.threshold;
        cov_.wret_beats_lkp += push_wret && in.lkp_valid && model.count < g_.threshold;
        cov_.bar_beats_wret += push_bar && in.wret_valid;
        cov_.threshold_holds += in.lkp_valid && !in.bar_valid && !in.wret_valid &&
                                !full && model.count >= g_.threshold;
        cov_.moves += move;
        cov_.push_and_move += move && (push_bar || push_wret || push_lkp);
        if (in.upd_valid && !exp.err) {
            cov_.frees += (in.upd_mask & low_bits(g_.lanes)) == 0;
            cov_.updates += (in.upd_mask & low_bits(g_.lanes)) != 0;
        }
    }

    // Nothing to keep after the edge.
    void after(const warp_tables &, const warp_tables_in &, const warp_tables_out &, bool, long) {}

    void report() const
    {
        std::printf("coverage: %ld full cycles, %ld overflows, pushes %ld/%ld/%ld "
                    "(barrier/waiting/lookup), barrier beat lookup %ld, waiting "
                    "beat lookup %ld, barrier beat waiting %ld, lookup held by "
                    "the threshold %ld, second-to-first %ld (%ld with a push), "
                    "updates %ld, frees %ld, err_o %ld, resets %ld\n",
                    cov_.full, cov_.ovf, cov_.bar, cov_.wret, cov_.lkp,
                    cov_.bar_beats_lkp, cov_.wret_beats_lkp, cov_.bar_beats_wret,
                    cov_.threshold_holds, cov_.moves, cov_.push_and_move,
                    cov_.updates, cov_.frees, cov_.errors, cov_.resets);
    }

    bool covered() const
    {
        return cov_.full && cov_.ovf && cov_.bar && cov_.wret && cov_.lkp &&
               cov_.bar_beats_lkp && cov_.wret_beats_lkp && cov_.bar_beats_wret &&
               cov_.threshold_holds && cov_.moves && cov_.push_and_move &&
               cov_.updates && cov_.frees && cov_.errors;
    }

    // ---------------------------------------------------------------
    // --scenario policies: HARP 4.2.3 and 7.3.2 on tiny (F = 2, N = 8,
    // T = 2).  Warp Wn: pc n, every lane, thread ids n*L + lane.
    // ---------------------------------------------------------------

    warp w(unsigned n) const
    {
        warp x = warp();
        x.pc = n;
        x.mask = low_bits(g_.lanes);
        for (unsigned l = 0; l < g_.lanes; l++)
            x.tid[l] = (n * g_.lanes + l) & (uint32_t)low_bits(g_.tw);
        return x;
    }

    bool scenario_next(long cycle, warp_tables_in &in, bool &reset)
    {
        reset = cycle == 0;
        step_ = (int)cycle;
        if (cycle > 20)
            return false;
        switch (cycle) {
        case 1: case 2:        // W1, W2 enter and move to First-Level
            in.wret_valid = true; in.wret = w((unsigned)cycle); break;
        case 4:                // a release and a lookup warp together
            in.bar_valid = true; in.bar = w(10);
            in.lkp_valid = true; in.lkp = w(20); break;
        case 5:                // the lookup warp alone: 1 < T
            in.lkp_valid = true; in.lkp = w(20); break;
        case 6:                // 2 ready warps: the lookup keeps W21
            in.lkp_valid = true; in.lkp = w(21); break;
        case 7: case 8: case 9: case 10: case 11: case 12:
            in.wret_valid = true; in.wret = w(30 + (unsigned)cycle - 7); break;
        case 13:               // full: the release is refused, ovf
            in.bar_valid = true; in.bar = w(40); break;
        case 14:
            in.wret_valid = true; in.wret = w(41); break;
        case 15: case 17:      // a First-Level warp leaves its slot
            in.upd_valid = true; in.upd_slot = cycle == 15 ? 0 : 1; in.upd_mask = 0; break;
        default: break;
        }
        return true;
    }

    bool scenario_done() const { return step_ >= 20; }

    bool head_is(const Top &top, unsigned n) const
    {
        warp x = w(n);
        bool ok = top.head_valid_o && tb::get_field(top.head_pc_o, 0, g_.pc_w) == x.pc &&
                  tb::get_field(top.head_mask_o, 0, g_.lanes) == x.mask;
        for (unsigned l = 0; l < g_.lanes; l++)
            ok &= tb::get_field(top.head_tid_o, l * g_.tw, g_.tw) == x.tid[l];
        return ok;
    }

    bool slot_is(const Top &top, unsigned s, unsigned n) const
    {
        warp x = w(n);
        return tb::get_field(top.fl_valid_o, s, 1) &&
               tb::get_field(top.fl_pc_o, s * g_.pc_w, g_.pc_w) == x.pc &&
               tb::get_field(top.fl_mask_o, s * g_.lanes, g_.lanes) == x.mask;
    }

    bool scenario_check(const Top &top, long cycle)
    {
        if (scenario_.empty())
            return true;
        unsigned count = (unsigned)tb::get_field(top.count_o, 0, g_.cnt_w);
        bool ok = true;
        const char *what = nullptr;
        switch (cycle) {
        case 4:
            what = "release and lookup warp together: the barrier warp goes first";
            ok = top.bar_ready_o && !top.lkp_pop_o && !top.ovf_o && count == 0 &&
                 slot_is(top, 0, 1) && slot_is(top, 1, 2);
            break;
        case 5:
            what = "1 ready warp < T = 2: the lookup warp goes";
            ok = top.lkp_pop_o && count == 1 && head_is(top, 10);
            break;
        case 6:
            what = "2 ready warps, not below T: the lookup warp stays";
            ok = !top.lkp_pop_o && count == 2;
            break;
        case 13:
            what = "full: the released warp is refused with ovf_o";
            ok = count == g_.sl && !top.bar_ready_o && top.ovf_o;
            break;
        case 14:
            what = "full: the returning warp is refused with ovf_o, nothing overwritten";
            ok = count == g_.sl && !top.wret_ready_o && top.ovf_o && head_is(top, 10);
            break;
        case 16:
            what = "slot 0 freed; the oldest warp W10 is the head";
            ok = !tb::get_field(top.fl_valid_o, 0, 1) && head_is(top, 10);
            break;
        case 17:
            what = "FIFO second-to-first: W10 in slot 0, W20 is the head";
            ok = slot_is(top, 0, 10) && head_is(top, 20) && count == g_.sl - 1;
            break;
        case 19:
            what = "FIFO second-to-first: W20 in slot 1, W30 is the head";
            ok = slot_is(top, 1, 20) && head_is(top, 30) && count == g_.sl - 2;
            break;
        default:
            return true;
        }
        std::printf("policies: step %ld, %s: %s\n", cycle, what, ok ? "as in the paper" : "NOT as in the paper");
        return ok;
    }

  private:
    struct warp_tables_geometry g_;
    tb::Rng rng_;
    std::string scenario_;
    unsigned phase_len_;
    unsigned bar_density_ = 2, wret_density_ = 2, lkp_density_ = 2;
    unsigned upd_density_ = 2, free_density_ = 2;
    Coverage cov_;
    int step_ = 0;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_warp_tables");
}
