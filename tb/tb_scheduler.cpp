// tb_scheduler.cpp -- lockstep testbench of the warp issue scheduler: the
// generated simtref_scheduler against the C model golden/structures/scheduler.c.
//
// Constrained-random stimulus: a kernel launch (reset) assigns the warps to
// thread blocks, in contiguous blocks of a random size or at random; ready
// bits stay set for runs of cycles (a granted warp often drops its ready
// bit, as an I-buffer slot empties) with a density that changes every few
// hundred cycles, down to phases where nothing is ready; the MWF ranks are
// those the WPT model computes from random barrier counters (small values,
// so that equal counters, resolved by TB id, are frequent), and rarely a
// vector that is not a permutation, which must raise err_o.  Long-latency
// waits (TLS) and barrier waits per TB (SAWS) are levels that come and go
// at random; several TBs sometimes start waiting in the same cycle.
//
// Scenario fig7 (tests/data/scenarios/baws-fig7.conf, 3 TBs of 4 warps): BAWS
// Fig. 7 and Table 1; the RTL must grant w8, w4, w6, w1, w3, w0 under
// MWF(LRR) (w8, w4, w6, w0, w1, w3 under MWF(GTO)).
//
// Scenario fig13 (3 TBs of 4 warps, MWF or SAWS): BAWS Fig. 13.  The WPT
// model, fed with barrier arrivals, gives the ranks and the waiting TBs as
// the SM wires them: at t0 one warp of TB0 waits, at t1 two of TB1, at t2
// three of TB2.  MWF must grant TB0, TB1, TB2; SAWS keeps TB0.
#include <string>

#include "Vsimtref_scheduler.h"
#include "tb_common.h"

#include "config.h"
#include "scheduler.h"
#include "wpt.h"

namespace {

struct Coverage {
    long grants = 0;
    long idle = 0;             // no warp ready
    long wraps = 0;            // LRR: a grant at or below the previous one
    long greedy = 0;           // GTO: the last warp again, an older one ready
    long oldest = 0;           // GTO: a switch to the oldest warp
    long tb_choices = 0;       // MWF: ready warps in two TBs or more
    long tb_ties = 0;          // MWF: ... of equal counters, smaller id won
    long errors = 0;           // err_o
    long resets = 0;
    long tls_demote = 0;       // TLS: an active warp leaves the group
    long tls_promote = 0;      // TLS: a pending warp joins it
    long tls_pending = 0;      // TLS: a ready pending warp is passed over
    long saws_first = 0;       // SAWS: a waiting TB beats a smaller idle id
    long saws_order = 0;       // SAWS: an earlier hit beats a smaller id
    long saws_same = 0;        // SAWS: two TBs start waiting together
};

class Bench {
  public:
    using Top = Vsimtref_scheduler;
    using Model = tb::CModel<scheduler, scheduler_in, scheduler_out, scheduler_init,
                             scheduler_reset, scheduler_eval, scheduler_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &scenario)
        : cfg_(cfg), rng_(seed), fig7_(scenario == "fig7"),
          fig13_(scenario == "fig13")
    {
        char err[CONFIG_ERR_LEN];
        if (scheduler_init(&probe_, &cfg, err, sizeof err) != 0 ||
            wpt_init(&wpt_, &cfg, err, sizeof err) != 0 ||
            wpt_init(&fig13_wpt_, &cfg, err, sizeof err) != 0) {
            std::fprintf(stderr, "%s\n", err);
            std::exit(1);
        }
        g_ = probe_.g;
    }

    // fig7 and fig13 are written for 3 TBs of 4 warps under MWF (fig13
    // also under SAWS, with the WPT's two arrival ports).
    static bool has_scenario(const simt_config &cfg, const std::string &name)
    {
        struct scheduler_geometry g;
        scheduler_geometry(&cfg, &g);
        bool fig7 = name == "fig7" && g.warps == 12 && g.tbs >= 3 &&
                    cfg.max_warps_per_tb >= 4 &&
                    (g.policy == SCHED_MWF_LRR || g.policy == SCHED_MWF_GTO);
        bool fig13 = name == "fig13" && g.warps >= 12 && g.tbs >= 3 &&
                     cfg.max_warps_per_tb >= 4 && cfg.schedulers >= 2 &&
                     (g.policy == SCHED_MWF_LRR || g.policy == SCHED_MWF_GTO ||
                      g.policy == SCHED_SAWS);
        return fig7 || fig13;
    }

    // Inputs of one cycle; false when a scenario is over.
    bool next(long cycle, const scheduler &model, scheduler_in &in, bool &reset)
    {
        (void)model;
        if (fig7_)
            return fig7_next(cycle, in, reset);
        if (fig13_)
            return fig13_next(cycle, in, reset);
        reset = cycle == 0 || rng_.chance(1, 20000);
        if (reset)
            launch();
        if (cycle % 256 == 0)
            new_phase();
        if (rng_.chance(1, 32))
            new_ranks();
        for (unsigned w = 0; w < g_.warps; w++) {
            if (ready_[w] ? rng_.chance(1, off_) : rng_.chance(on_, 64))
                ready_[w] = !ready_[w];
            if (long_[w] ? rng_.chance(1, 8) : rng_.chance(1, 24))
                long_[w] = !long_[w];
        }
        for (unsigned t = 0; t < g_.tbs; t++)
            if (rng_.chance(1, wait_[t] ? 48 : 24))
                wait_[t] = !wait_[t];
        in = scheduler_in();
        for (unsigned w = 0; w < g_.warps; w++) {
            in.ready[w] = ready_[w];
            in.warp_tb[w] = warp_tb_[w];
            in.long_wait[w] = long_[w];
        }
        for (unsigned t = 0; t < g_.tbs; t++)
            in.tb_wait[t] = wait_[t];
        for (unsigned t = 0; t < g_.tbs; t++)
            in.tb_rank[t] = rank_[t];
        if (rng_.chance(1, 5000)) {                 // broken contract
            unsigned a = rng_.below(g_.tbs), b = rng_.below(g_.tbs);
            in.tb_rank[a] = in.tb_rank[b == a ? (a + 1) % g_.tbs : b];
        }
        in_ = in;
        return true;
    }

    void drive(Vsimtref_scheduler &top, const scheduler_in &in) const
    {
        // Every bit of every input port is written: the fields tile them.
        for (unsigned w = 0; w < g_.warps; w++) {
            tb::set_field(top.ready_i, w, 1, in.ready[w]);
            tb::set_field(top.warp_tb_i, w * g_.tb_w, g_.tb_w, in.warp_tb[w]);
            tb::set_field(top.long_i, w, 1, in.long_wait[w]);
        }
        for (unsigned t = 0; t < g_.tbs; t++) {
            tb::set_field(top.tb_rank_i, t * g_.tb_w, g_.tb_w, in.tb_rank[t]);
            tb::set_field(top.tb_wait_i, t, 1, in.tb_wait[t]);
        }
    }

    bool compare(const Vsimtref_scheduler &top, const scheduler_out &exp,
                 long cycle, tb::Mismatch &mm) const
    {
        bool ok = true;
        ok &= tb::expect(mm, cycle, "grant_valid_o", exp.grant_valid,
                         top.grant_valid_o);
        ok &= tb::expect(mm, cycle, "grant_warp_o", exp.grant_warp,
                         top.grant_warp_o);
        ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
        for (unsigned w = 0; w < g_.warps; w++)
            ok &= tb::expect(mm, cycle, tb::indexed("active_o", w), exp.active[w],
                             tb::get_field(top.active_o, w, 1));
        return ok;
    }

    void cover(const scheduler &model, const scheduler_in &in, const scheduler_out &exp,
               bool reset)
    {
        cov_.resets += reset;
        cov_.errors += exp.err;
        if (g_.policy == SCHED_TLS && !reset)
            cover_tls(model, in, exp);
        if (g_.policy == SCHED_SAWS && !reset)
            cover_saws_hits(model, in);
        if (!any_ready(in)) {
            cov_.idle++;
            return;
        }
        if (!exp.grant_valid)
            return;
        cov_.grants++;
        unsigned w = exp.grant_warp;
        bool gto = g_.policy == SCHED_GTO || g_.policy == SCHED_MWF_GTO ||
                   g_.policy == SCHED_SAWS;
        if (!gto && have_prev_ && w <= prev_)
            cov_.wraps++;
        if (gto && model.have_last && w == model.last && older_ready(in, w))
            cov_.greedy++;
        if (gto && (!model.have_last || w != model.last))
            cov_.oldest++;
        if (g_.policy == SCHED_MWF_LRR || g_.policy == SCHED_MWF_GTO)
            cover_mwf(in, w);
        if (g_.policy == SCHED_SAWS)
            cover_saws(in, w);
        prev_ = w;
        have_prev_ = true;
    }

    // Fig. 7: the RTL's grants in the paper's order.
    bool scenario_check(const Vsimtref_scheduler &top, long cycle) const
    {
        if (fig13_)
            return fig13_check(top, cycle);
        if (!fig7_ || cycle < 3 || cycle > 8)
            return true;
        unsigned want = fig7_order()[cycle - 3];
        if (top.grant_valid_o && top.grant_warp_o == want)
            return true;
        std::printf("fig7: grant %ld is %s w%u, expected w%u\n", cycle - 3,
                    top.grant_valid_o ? "" : "(none)",
                    (unsigned)top.grant_warp_o, want);
        return false;
    }

    // After the edge: under fig7 a granted warp stops being ready.
    void after(const scheduler &, const scheduler_in &, const scheduler_out &exp, bool,
               long cycle)
    {
        if (fig7_ && exp.grant_valid)
            fig7_ready_[exp.grant_warp] = false;
        fig7_done_ = (fig7_ && cycle >= 9) || (fig13_ && cycle >= 5);
    }

    void report() const
    {
        std::printf("coverage: %ld resets, %ld grants, %ld idle cycles, "
                    "%ld LRR wrap-arounds, %ld GTO greedy and %ld oldest "
                    "grants, %ld MWF choices between TBs (%ld ties of equal "
                    "counters), %ld cycles with err_o; TLS: %ld demotions, "
                    "%ld promotions, %ld ready pending warps passed over; "
                    "SAWS: %ld waiting TBs before idle smaller ids, %ld "
                    "earlier hits before smaller ids, %ld simultaneous "
                    "hits\n",
                    cov_.resets, cov_.grants, cov_.idle, cov_.wraps,
                    cov_.greedy, cov_.oldest, cov_.tb_choices, cov_.tb_ties,
                    cov_.errors, cov_.tls_demote, cov_.tls_promote,
                    cov_.tls_pending, cov_.saws_first, cov_.saws_order,
                    cov_.saws_same);
    }

    bool covered() const
    {
        bool ok = cov_.grants && cov_.idle && cov_.resets;
        switch (g_.policy) {
        case SCHED_LRR:
            return ok && cov_.wraps;
        case SCHED_GTO:
            return ok && cov_.greedy && cov_.oldest;
        case SCHED_MWF_LRR:
            return ok && cov_.wraps && cov_.tb_choices && cov_.tb_ties &&
                   cov_.errors;
        case SCHED_TLS:
            return ok && cov_.wraps && cov_.tls_demote && cov_.tls_promote &&
                   cov_.tls_pending;
        case SCHED_SAWS:
            return ok && cov_.greedy && cov_.oldest && cov_.saws_first &&
                   cov_.saws_order && cov_.saws_same;
        default:
            return ok && cov_.greedy && cov_.oldest && cov_.tb_choices &&
                   cov_.tb_ties && cov_.errors;
        }
    }

    bool scenario_done() const { return fig7_done_; }

  private:
    static const unsigned *fig7_order_of(enum sched_policy p)
    {
        static const unsigned lrr[6] = { 8, 4, 6, 1, 3, 0 };
        static const unsigned gto[6] = { 8, 4, 6, 0, 1, 3 };
        return p == SCHED_MWF_GTO ? gto : lrr;
    }
    const unsigned *fig7_order() const { return fig7_order_of(g_.policy); }

    // Cycle 0 reset; 1: w0 issues alone (TB0's last); 2: w7 alone (TB1's
    // last); 3..8 the six running warps of Fig. 7; 9: none ready.
    bool fig7_next(long cycle, scheduler_in &in, bool &reset)
    {
        static const unsigned waiting[4] = { 1, 2, 3, 0 };   // Table 1
        static const unsigned running[6] = { 0, 1, 3, 4, 6, 8 };
        if (cycle > 9)
            return false;
        reset = cycle == 0;
        in = scheduler_in();
        for (unsigned w = 0; w < g_.warps; w++)
            in.warp_tb[w] = w / 4;
        ranks_of(waiting, in.tb_rank);
        if (cycle == 1)
            in.ready[0] = true;
        else if (cycle == 2)
            in.ready[7] = true;
        else if (cycle >= 3) {
            if (cycle == 3)
                for (unsigned k = 0; k < 6; k++)
                    fig7_ready_[running[k]] = true;
            for (unsigned w = 0; w < g_.warps; w++)
                in.ready[w] = fig7_ready_[w];
        }
        return true;
    }

    // The WPT model's ranks of the given counters.
    void ranks_of(const unsigned *cnt, unsigned *rank)
    {
        wpt_out out;
        wpt_in win = wpt_in();
        win.tb_warps = cfg_.max_warps_per_tb;
        for (unsigned t = 0; t < g_.tbs; t++)
            wpt_.cnt[t] = cnt[t];
        wpt_eval(&wpt_, &win, &out);
        for (unsigned t = 0; t < g_.tbs; t++)
            rank[t] = out.rank[t];
    }

    void launch()
    {
        unsigned per = 1 + rng_.below(cfg_.max_warps_per_tb);
        bool random = rng_.chance(1, 3);
        for (unsigned w = 0; w < g_.warps; w++) {
            unsigned t = random ? rng_.below(g_.tbs) : w / per;
            warp_tb_[w] = t < g_.tbs ? t : rng_.below(g_.tbs);
            ready_[w] = false;
        }
        have_prev_ = false;
        new_ranks();
    }

    void new_phase()
    {
        static const unsigned on[] = { 0, 1, 4, 16, 48 };   // 64ths
        static const unsigned off[] = { 2, 8, 32 };         // 1 in off
        on_ = on[rng_.below(5)];
        off_ = off[rng_.below(3)];
    }

    void new_ranks()
    {
        unsigned top = cfg_.max_warps_per_tb < 3 ? cfg_.max_warps_per_tb : 3;
        for (unsigned t = 0; t < g_.tbs; t++)
            cnt_[t] = rng_.below(top);
        ranks_of(cnt_, rank_);
    }

    bool any_ready(const scheduler_in &in) const
    {
        for (unsigned w = 0; w < g_.warps; w++)
            if (in.ready[w])
                return true;
        return false;
    }

    // Some ready warp older than w (of a smaller (TB, warp) pair).
    bool older_ready(const scheduler_in &in, unsigned w) const
    {
        for (unsigned v = 0; v < g_.warps; v++)
            if (in.ready[v] && (in.warp_tb[v] < in.warp_tb[w] ||
                                (in.warp_tb[v] == in.warp_tb[w] && v < w)))
                return true;
        return false;
    }

    // Ready warps in several TBs; a TB of the same counter as the winner's.
    void cover_mwf(const scheduler_in &in, unsigned w)
    {
        unsigned win = in.warp_tb[w];
        bool other = false, tie = false;
        for (unsigned v = 0; v < g_.warps; v++) {
            unsigned t = in.warp_tb[v];
            if (!in.ready[v] || t == win)
                continue;
            other = true;
            tie |= cnt_[t] == cnt_[win] && t > win;
        }
        cov_.tb_choices += other;
        cov_.tb_ties += tie;
    }

    // TLS: warps leaving and joining the active group at this edge, and a
    // ready warp kept out of it.
    void cover_tls(const scheduler &model, const scheduler_in &in, const scheduler_out &exp)
    {
        unsigned kept = 0;
        bool demote = false, eligible = false, pending = false;
        for (unsigned w = 0; w < g_.warps; w++) {
            if (model.active[w] && in.long_wait[w])
                demote = true;
            kept += model.active[w] && !in.long_wait[w];
            eligible |= !model.active[w] && !in.long_wait[w];
            pending |= !model.active[w] && in.ready[w];
        }
        cov_.tls_demote += demote;
        cov_.tls_promote += eligible && kept < g_.group;
        cov_.tls_pending += pending && (!exp.grant_valid ||
                                        model.active[exp.grant_warp]);
    }

    // SAWS: two TBs that start waiting in the same cycle.
    void cover_saws_hits(const scheduler &model, const scheduler_in &in)
    {
        unsigned n = 0;
        for (unsigned t = 0; t < g_.tbs; t++)
            n += in.tb_wait[t] && !model.tb_waited[t];
        cov_.saws_same += n >= 2;
    }

    // SAWS: the granted TB against a ready TB of smaller id.
    void cover_saws(const scheduler_in &in, unsigned w)
    {
        unsigned win = in.warp_tb[w];
        bool first = false, order = false;
        for (unsigned v = 0; v < g_.warps; v++) {
            unsigned t = in.warp_tb[v];
            if (!in.ready[v] || t >= win)
                continue;
            first |= in.tb_wait[win] && !in.tb_wait[t];
            order |= in.tb_wait[win] && in.tb_wait[t];
        }
        cov_.saws_first += first;
        cov_.saws_order += order;
    }

    // Fig. 13: barrier arrivals, by cycle, on the WPT's two ports: cycle 1
    // w0 (TB0); 2: w4, w5 (TB1); 3: w8, w9 (TB2); 4: w10 (TB2).  A warp
    // that arrived is no longer ready.  t0, t1, t2 are cycles 2, 3, 5.
    bool fig13_next(long cycle, scheduler_in &in, bool &reset)
    {
        static const int arrive[5][2] = {
            { -1, -1 }, { 0, -1 }, { 4, 5 }, { 8, 9 }, { 10, -1 } };
        if (cycle > 5)
            return false;
        reset = cycle == 0;
        if (reset) {
            wpt_reset(&fig13_wpt_);
            for (unsigned w = 0; w < g_.warps; w++)
                fig13_ready_[w] = w < 12;
        }
        in = scheduler_in();
        wpt_in win = wpt_in();
        win.tb_warps = 4;
        for (unsigned p = 0; p < 2 && cycle < 5; p++) {
            int w = arrive[cycle][p];
            if (w >= 0) {
                win.arr_valid[p] = true;
                win.arr_tb[p] = (unsigned)w / 4;
            }
        }
        wpt_out wout;
        wpt_eval(&fig13_wpt_, &win, &wout);
        for (unsigned w = 0; w < g_.warps; w++) {
            in.warp_tb[w] = w < 12 ? w / 4 : 3;
            in.ready[w] = fig13_ready_[w];
        }
        for (unsigned t = 0; t < g_.tbs; t++) {
            in.tb_rank[t] = wout.rank[t];
            in.tb_wait[t] = wout.cnt[t] != 0;
        }
        wpt_step(&fig13_wpt_, &win);
        for (unsigned p = 0; p < 2 && cycle < 5; p++)
            if (arrive[cycle][p] >= 0)
                fig13_ready_[arrive[cycle][p]] = false;
        return true;
    }

    // The TB the RTL must grant at cycles 2..5: BAWS picks the TB with the
    // most warps waiting (TB1 at t1, TB2 at t2); SAWS keeps TB0, which hit
    // its barrier first.
    bool fig13_check(const Vsimtref_scheduler &top, long cycle) const
    {
        static const unsigned mwf[4] = { 0, 1, 1, 2 };
        if (cycle < 2 || cycle > 5)
            return true;
        unsigned want = g_.policy == SCHED_SAWS ? 0 : mwf[cycle - 2];
        unsigned got = (unsigned)top.grant_warp_o / 4;
        if (top.grant_valid_o && got == want)
            return true;
        std::printf("fig13: cycle %ld grants %s w%u of TB%u, expected a warp "
                    "of TB%u\n", cycle, top.grant_valid_o ? "" : "(none)",
                    (unsigned)top.grant_warp_o, got, want);
        return false;
    }

    simt_config cfg_;
    struct scheduler_geometry g_;
    scheduler probe_;
    wpt wpt_;
    tb::Rng rng_;
    bool fig7_;
    bool fig13_;
    wpt fig13_wpt_;
    bool fig13_ready_[SCHEDULER_MAX_WARPS] = {};
    bool long_[SCHEDULER_MAX_WARPS] = {};
    bool wait_[CONFIG_MAX_TBS] = {};
    bool fig7_ready_[SCHEDULER_MAX_WARPS] = {};
    bool fig7_done_ = false;
    bool ready_[SCHEDULER_MAX_WARPS] = {};
    unsigned warp_tb_[SCHEDULER_MAX_WARPS] = {};
    unsigned cnt_[CONFIG_MAX_TBS] = {};
    unsigned rank_[CONFIG_MAX_TBS] = {};
    unsigned on_ = 4, off_ = 8;
    unsigned prev_ = 0;
    bool have_prev_ = false;
    scheduler_in in_ = scheduler_in();
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_scheduler");
}
