// tb_wpt.cpp -- lockstep testbench of the warp priority table: the
// generated simtref_wpt against the C model golden/structures/wpt.c.
//
// Constrained-random stimulus: a kernel launch (reset) picks the warps per
// thread block; each warp scheduler's port reports barrier arrivals with a
// density that changes every few hundred cycles, aimed at a few "hot"
// thread blocks so that ties, full counts and releases are frequent.
// Arrivals are legal (never more than the warps a TB has left) except for a
// rare deliberate excess (with two ports or more), and, when the table size
// is not a power of two, a rare arrival naming a TB beyond the table; both
// must raise err_o.
#include <string>

#include "Vsimtref_wpt.h"
#include "tb_common.h"

#include "config.h"
#include "wpt.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long releases = 0;
    long full_releases = 0;   // releases of TBs of max_warps warps
    long errors = 0;          // cycles with err_o
    long ties = 0;            // cycles with two nonzero equal counters
    long resets = 0;
};

class Bench {
  public:
    using Top = Vsimtref_wpt;
    using Model = tb::CModel<wpt, wpt_in, wpt_out, wpt_init, wpt_reset,
                             wpt_eval, wpt_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed), max_warps_per_tb_(cfg.max_warps_per_tb)
    {
        wpt_geometry(&cfg, &g_);
    }

    // No directed scenario.
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    // Inputs of one cycle; `reset` is set when this cycle is a kernel
    // launch.  The model's state constrains the arrivals.
    bool next(long cycle, const wpt &model, wpt_in &in, bool &reset)
    {
        reset = cycle == 0 || rng_.chance(1, 20000);
        if (reset)
            launch();
        if (cycle % 256 == 0)
            new_phase();
        in = wpt_in();
        in.tb_warps = tb_warps_;
        unsigned pending[CONFIG_MAX_TBS] = {0};
        if (excess_possible() && rng_.chance(1, 2000) && overflow(model, in))
            return true;
        for (unsigned p = 0; p < g_.ports; p++) {
            if (!rng_.chance(density_, 8))
                continue;
            unsigned tb = pick_tb();
            if (stray_possible() && rng_.chance(1, 4000))
                tb = g_.tbs + rng_.below((1u << g_.tb_w) - g_.tbs);
            else if (model.cnt[tb] + pending[tb] + 1 > tb_warps_)
                continue;                 // the TB has no warp left to arrive
            in.arr_valid[p] = true;
            in.arr_tb[p] = tb;
            if (tb < g_.tbs)
                pending[tb]++;
        }
        return true;
    }

    void drive(Vsimtref_wpt &top, const wpt_in &in) const
    {
        top.tb_warps_i = in.tb_warps;
        top.arr_valid_i = 0;
        top.arr_tb_i = 0;
        for (unsigned p = 0; p < g_.ports; p++) {
            tb::set_field(top.arr_valid_i, p, 1, in.arr_valid[p]);
            tb::set_field(top.arr_tb_i, p * g_.tb_w, g_.tb_w, in.arr_tb[p]);
        }
    }

    // Compare every output; returns true when all agree.
    bool compare(const Vsimtref_wpt &top, const wpt_out &exp, long cycle,
                 tb::Mismatch &mm) const
    {
        bool ok = true;
        for (unsigned i = 0; i < g_.tbs; i++) {
            ok &= tb::expect(mm, cycle, tb::indexed("cnt_o", i), exp.cnt[i],
                             tb::get_field(top.cnt_o, i * g_.cnt_w, g_.cnt_w));
            ok &= tb::expect(mm, cycle, tb::indexed("release_o", i), exp.release[i],
                             tb::get_field(top.release_o, i, 1));
            ok &= tb::expect(mm, cycle, tb::indexed("rank_o", i), exp.rank[i],
                             tb::get_field(top.rank_o, i * g_.tb_w, g_.tb_w));
        }
        ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
        return ok;
    }

    void cover(const wpt &, const wpt_in &, const wpt_out &out, bool reset)
    {
        cov_.resets += reset;
        for (unsigned i = 0; i < g_.tbs; i++) {
            cov_.releases += out.release[i];
            cov_.full_releases += out.release[i] && tb_warps_ == g_.max_warps;
            for (unsigned j = i + 1; j < g_.tbs; j++)
                if (out.cnt[i] && out.cnt[i] == out.cnt[j]) {
                    cov_.ties++;
                    i = j = g_.tbs;
                }
        }
        cov_.errors += out.err;
    }

    bool scenario_check(const Vsimtref_wpt &, long) const { return true; }

    // Nothing to keep after the edge.
    void after(const wpt &, const wpt_in &, const wpt_out &, bool, long) {}

    void report() const
    {
        std::printf("coverage: %ld resets, %ld releases (%ld of full %u-warp "
                    "TBs), %ld cycles with ties, %ld cycles with err_o\n",
                    cov_.resets, cov_.releases, cov_.full_releases,
                    max_warps_per_tb_, cov_.ties, cov_.errors);
    }

    // A release, a full count, a tie, and an error where one is possible.
    bool covered() const
    {
        bool errors_possible = excess_possible() || stray_possible();
        return cov_.releases && cov_.full_releases && cov_.ties &&
               (!errors_possible || cov_.errors);
    }

    bool scenario_done() const { return false; }

  private:
    // Can an arrival name a TB beyond the table?  Only when the table size
    // is not a power of two.
    bool stray_possible() const { return g_.tbs < (1u << g_.tb_w); }
    // Can more warps arrive than a TB has left?  Only with two ports or
    // more, since a counter is always below the TB's warps.
    bool excess_possible() const { return g_.ports >= 2; }

    // Deliberate excess: every port reports a warp of a TB that has one
    // warp left to arrive.  Returns false when no TB is in that state.
    bool overflow(const wpt &model, wpt_in &in)
    {
        for (unsigned i = 0; i < g_.tbs; i++) {
            if (model.cnt[i] + 1 != tb_warps_)
                continue;
            for (unsigned p = 0; p < g_.ports; p++) {
                in.arr_valid[p] = true;
                in.arr_tb[p] = i;
            }
            return true;
        }
        return false;
    }

    void launch()
    {
        switch (rng_.below(3)) {
        case 0: tb_warps_ = g_.max_warps; break;
        case 1: tb_warps_ = 1 + rng_.below(g_.max_warps); break;
        default: tb_warps_ = 1 + rng_.below(g_.max_warps < 4 ? g_.max_warps : 4);
        }
    }

    void new_phase()
    {
        static const unsigned densities[] = {0, 1, 4, 8};
        density_ = densities[rng_.below(4)];
        hot_[0] = rng_.below(g_.tbs);
        hot_[1] = rng_.below(g_.tbs);
    }

    unsigned pick_tb()
    {
        return rng_.chance(1, 2) ? hot_[rng_.below(2)] : rng_.below(g_.tbs);
    }

    struct wpt_geometry g_;
    tb::Rng rng_;
    unsigned max_warps_per_tb_;
    unsigned tb_warps_ = 1;
    unsigned density_ = 4;      // eighths
    unsigned hot_[2] = {0, 0};
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_wpt");
}
