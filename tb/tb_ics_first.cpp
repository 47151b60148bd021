// tb_ics_first.cpp -- lockstep testbench of the ICS-First priority-based
// warp PC arbiter: the generated simtref_ics_first against the C model
// golden/structures/ics_first.c.
//
// Constrained-random stimulus: work-items are assigned to Idle threads;
// the warp issues when it is ready to run; threads in Execution commit
// instructions of every kind, mostly normal ones and priority-setting
// ones (raise, lower, set-outmost) so that the levels fill up, some
// barriers (released when every thread has arrived) and exits; each
// thread's PC moves among a few values, so that threads of a level split
// over PCs.  Rarely a reset or a broken contract (assign to a busy thread,
// commit of a thread not executing, raise at the top level, lower at the
// bottom, an undefined operation, issue when not ready, early release),
// which must raise err_o.
//
// Scenario atv (tests/data/scenarios/simt-4lane.conf: 4 threads, 3 levels):
// the nested conditional of test_ics_first.c; the RTL's active thread
// vectors, one-hot selection, warp PC and executing threads are checked
// against the expected values at three points.
#include <string>

#include "Vsimtref_ics_first.h"
#include "tb_common.h"

#include "config.h"
#include "ics_first.h"

namespace {

struct Coverage {
    long selections = 0;
    long top_level = 0;        // the selection at level N-1
    long all_levels = 0;       // every level non-empty at once
    long choices = 0;          // two levels or more non-empty
    long split = 0;            // threads of the selected level at other PCs
    long together = 0;         // two or more threads execute
    long no_active = 0;        // non-idle threads, none active
    long raises = 0, lowers = 0, outmosts = 0, barriers = 0, exits = 0;
    long releases = 0;
    long errors = 0;
    long resets = 0;
};

class Bench {
  public:
    using Top = Vsimtref_ics_first;
    using Model = tb::CModel<ics_first, ics_first_in, ics_first_out, ics_first_init, ics_first_reset,
                             ics_first_eval, ics_first_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &scenario)
        : rng_(seed), atv_(scenario == "atv")
    {
        ics_first_geometry(&cfg, &g_);
    }

    // atv is written for four threads and three levels.
    static bool has_scenario(const simt_config &cfg, const std::string &name)
    {
        return name == "atv" && cfg.warp_size == 4 &&
               cfg.ics_priority_levels == 3 && cfg.pc_bits >= 4;
    }

    bool next(long cycle, const ics_first &model, ics_first_in &in, bool &reset)
    {
        if (atv_)
            return atv_next(cycle, in, reset);
        reset = cycle == 0 || rng_.chance(1, 100000);
        in = ics_first_in();
        if (cycle % 500 == 0) {
            assign_rate_ = 1 + rng_.below(16);
            pc_spread_ = 1 + rng_.below(3);
        }
        for (unsigned k = 0; k < g_.threads; k++) {
            if (rng_.chance(1, 4))
                pc_[k] = rng_.below(pc_spread_);
            in.pc[k] = pc_[k];
        }
        if (reset)
            return true;            // the model is reset after next()
        ics_first_in probe = in;
        ics_first_out o;
        ics_first_eval(&model, &probe, &o);
        bool contract = !rng_.chance(1, 300);   // keep it this cycle
        uint64_t idle = 0, exec = 0;
        bool any_top = false, any_bottom = false;
        for (unsigned k = 0; k < g_.threads; k++) {
            if (model.state[k] == ICS_FIRST_IDLE)
                idle |= 1ull << k;
            if (model.state[k] == ICS_FIRST_EXEC)
                exec |= 1ull << k;
        }
        for (unsigned k = 0; k < g_.threads; k++)
            if (rng_.chance(1, assign_rate_ * 4) && (((idle >> k) & 1) || !contract))
                in.assign |= 1ull << k;
        in.issue = o.ready_to_run ? rng_.chance(1, 2) : !contract && rng_.chance(1, 4);
        for (unsigned k = 0; k < g_.threads; k++)
            if (((exec >> k) & 1) ? rng_.chance(3, 4) : !contract && rng_.chance(1, 8))
                in.commit |= 1ull << k;
        unsigned r = rng_.below(100);
        in.commit_op = r < 30 ? ICS_FIRST_NORMAL : r < 55 ? ICS_FIRST_RAISE : r < 75 ? ICS_FIRST_LOWER
                     : r < 80 ? ICS_FIRST_OUTMOST : r < 92 ? ICS_FIRST_BARRIER_OP : r < 96 ? ICS_FIRST_EXIT
                     : 6 + rng_.below(2);
        for (unsigned k = 0; k < g_.threads; k++) {
            if (!(((in.commit & exec) >> k) & 1))
                continue;
            any_top |= (model.prio[k] >> (g_.levels - 1)) & 1;
            any_bottom |= model.prio[k] & 1;
        }
        if (contract && (in.commit_op > ICS_FIRST_OUTMOST ||
                         (in.commit_op == ICS_FIRST_RAISE && any_top) ||
                         (in.commit_op == ICS_FIRST_LOWER && any_bottom)))
            in.commit_op = ICS_FIRST_NORMAL;
        in.release = o.all_barrier ? rng_.chance(1, 3) : !contract && rng_.chance(1, 4);
        return true;
    }

    void drive(Vsimtref_ics_first &top, const ics_first_in &in) const
    {
        // Every bit of every input port is written: the fields tile them.
        tb::set_field(top.assign_i, 0, g_.threads, in.assign);
        tb::set_field(top.commit_i, 0, g_.threads, in.commit);
        top.issue_i = in.issue;
        top.commit_op_i = in.commit_op;
        top.release_i = in.release;
        for (unsigned k = 0; k < g_.threads; k++)
            tb::set_field(top.pc_i, k * g_.pc_w, g_.pc_w, in.pc[k]);
    }

    bool compare(const Vsimtref_ics_first &top, const ics_first_out &exp, long cycle,
                 tb::Mismatch &mm) const
    {
        bool ok = true;
        unsigned K = g_.threads, N = g_.levels;
        for (unsigned k = 0; k < K; k++) {
            ok &= tb::expect(mm, cycle, tb::indexed("state_o", k), exp.state[k],
                             tb::get_field(top.state_o, 4 * k, 4));
            ok &= tb::expect(mm, cycle, tb::indexed("prio_o", k), exp.prio[k],
                             tb::get_field(top.prio_o, N * k, N));
        }
        for (unsigned n = 0; n < N; n++)
            ok &= tb::expect(mm, cycle, tb::indexed("atv_o", n), exp.atv[n],
                             tb::get_field(top.atv_o, K * n, K));
        ok &= tb::expect(mm, cycle, "sel_o", exp.sel, tb::get_field(top.sel_o, 0, K));
        ok &= tb::expect(mm, cycle, "warp_pc_o", exp.warp_pc, tb::get_field(top.warp_pc_o, 0, g_.pc_w));
        ok &= tb::expect(mm, cycle, "exec_o", exp.exec, tb::get_field(top.exec_o, 0, K));
        ok &= tb::expect(mm, cycle, "ready_to_run_o", exp.ready_to_run, top.ready_to_run_o);
        ok &= tb::expect(mm, cycle, "all_barrier_o", exp.all_barrier, top.all_barrier_o);
        ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
        return ok;
    }

    void cover(const ics_first &model, const ics_first_in &in, const ics_first_out &exp, bool reset)
    {
        cov_.resets += reset;
        cov_.errors += exp.err;
        unsigned nonempty = 0, top = 0;
        for (unsigned n = 0; n < g_.levels; n++)
            if (exp.atv[n]) {
                nonempty++;
                top = n;
            }
        if (exp.sel) {
            cov_.selections++;
            cov_.top_level += top == g_.levels - 1;
            cov_.all_levels += nonempty == g_.levels;
            cov_.choices += nonempty >= 2;
            cov_.split += exp.exec != exp.atv[top];
            cov_.together += (exp.exec & (exp.exec - 1)) != 0;
        } else {
            bool busy = false;
            for (unsigned k = 0; k < g_.threads; k++)
                busy |= model.state[k] != ICS_FIRST_IDLE;
            cov_.no_active += busy;
        }
        if (reset)
            return;
        uint64_t committing = 0;
        for (unsigned k = 0; k < g_.threads; k++)
            if (model.state[k] == ICS_FIRST_EXEC && ((in.commit >> k) & 1))
                committing |= 1ull << k;
        if (committing) {
            cov_.raises += in.commit_op == ICS_FIRST_RAISE && !exp.err;
            cov_.lowers += in.commit_op == ICS_FIRST_LOWER && !exp.err;
            cov_.outmosts += in.commit_op == ICS_FIRST_OUTMOST;
            cov_.barriers += in.commit_op == ICS_FIRST_BARRIER_OP;
            cov_.exits += in.commit_op == ICS_FIRST_EXIT;
        }
        cov_.releases += in.release && exp.all_barrier;
    }

    bool scenario_check(const Vsimtref_ics_first &top, long cycle)
    {
        if (!atv_)
            return true;
        const Expect *e = nullptr;
        for (const Expect &x : expect_)
            if (x.cycle == cycle)
                e = &x;
        if (!e)
            return true;
        unsigned K = g_.threads;
        unsigned a0 = tb::get_field(top.atv_o, 0, K), a1 = tb::get_field(top.atv_o, K, K),
                 a2 = tb::get_field(top.atv_o, 2 * K, K), sel = tb::get_field(top.sel_o, 0, K),
                 pc = tb::get_field(top.warp_pc_o, 0, g_.pc_w), ex = tb::get_field(top.exec_o, 0, K);
        bool ok = a0 == e->atv[0] && a1 == e->atv[1] && a2 == e->atv[2] &&
                  sel == e->sel && pc == e->warp_pc && ex == e->exec;
        std::printf("  cycle %2ld: ATV-P0 %x ATV-P1 %x ATV-P2 %x  WTID (one-hot) %x  "
                    "warp PC %u  executing %x  %s\n", cycle, a0, a1, a2, sel, pc, ex,
                    ok ? "as expected" : "NOT as expected");
        checked_++;
        return ok;
    }

    void after(const ics_first &, const ics_first_in &, const ics_first_out &, bool, long cycle)
    {
        done_ = atv_ && cycle >= 13;
    }

    void report() const
    {
        std::printf("coverage: %ld selections (%ld at the top level, %ld with "
                    "every level non-empty, %ld with two levels or more, %ld "
                    "with threads of the level at other PCs, %ld with several "
                    "threads executing), %ld cycles with busy threads but none "
                    "active; committed %ld raise, %ld lower, %ld set-outmost, "
                    "%ld barrier, %ld exit; %ld releases, %ld cycles with "
                    "err_o, %ld resets\n",
                    cov_.selections, cov_.top_level, cov_.all_levels,
                    cov_.choices, cov_.split, cov_.together, cov_.no_active,
                    cov_.raises, cov_.lowers, cov_.outmosts, cov_.barriers,
                    cov_.exits, cov_.releases, cov_.errors, cov_.resets);
    }

    bool covered() const
    {
        bool all = g_.threads < g_.levels || cov_.all_levels;
        bool multi = g_.threads < 2 || (cov_.choices && cov_.split && cov_.together);
        bool levels = g_.levels < 2 || (cov_.raises && cov_.lowers);
        return cov_.selections && cov_.top_level && all && multi && levels &&
               cov_.no_active && cov_.outmosts && cov_.barriers && cov_.exits &&
               cov_.releases && cov_.errors && cov_.resets;
    }

    bool scenario_done() const { return done_ && checked_ == 3; }

  private:
    struct Expect {
        long cycle;
        unsigned atv[3];
        unsigned sel, warp_pc, exec;
    };

    // Cycle 0 reset; 1 assign all; 2 issue; 3, 4 commit raise (t1..t3),
    // normal (t0); 5 issue; 6, 7 commit raise (t2, t3), normal (t1); 8
    // issue; 9, 10 commit barrier (t3), normal (t2); 11 issue; 12 commit
    // lower (t2); 13 the end.
    bool atv_next(long cycle, ics_first_in &in, bool &reset)
    {
        static const unsigned pcs[5][4] = {
            { 4, 4, 4, 4 }, { 5, 6, 6, 6 }, { 5, 10, 8, 8 }, { 5, 10, 9, 9 }, { 5, 10, 10, 9 },
        };
        if (cycle > 13)
            return false;
        reset = cycle == 0;
        in = ics_first_in();
        unsigned phase = cycle <= 2 ? 0 : cycle <= 5 ? 1 : cycle <= 8 ? 2 : cycle <= 11 ? 3 : 4;
        for (unsigned k = 0; k < 4; k++)
            in.pc[k] = pcs[phase][k];
        switch (cycle) {
        case 1:  in.assign = 0xf; break;
        case 2: case 5: case 8: case 11: in.issue = true; break;
        case 3:  in.commit = 0xe; in.commit_op = ICS_FIRST_RAISE; break;
        case 4:  in.commit = 0x1; in.commit_op = ICS_FIRST_NORMAL; break;
        case 6:  in.commit = 0xc; in.commit_op = ICS_FIRST_RAISE; break;
        case 7:  in.commit = 0x2; in.commit_op = ICS_FIRST_NORMAL; break;
        case 9:  in.commit = 0x8; in.commit_op = ICS_FIRST_BARRIER_OP; break;
        case 10: in.commit = 0x4; in.commit_op = ICS_FIRST_NORMAL; break;
        case 12: in.commit = 0x4; in.commit_op = ICS_FIRST_LOWER; break;
        default: break;
        }
        return true;
    }

    struct ics_first_geometry g_;
    tb::Rng rng_;
    bool atv_;
    bool done_ = false;
    unsigned checked_ = 0;
    const Expect expect_[3] = {
        // t1..t3 raised once: level 1 holds them, t1 is selected.
        { 5,  { 0x1, 0xe, 0x0 }, 0x2, 6, 0xe },
        // ATV-P0 = {t0}, ATV-P1 = {t1}, ATV-P2 = {t2} (t3 at the barrier).
        { 11, { 0x1, 0x2, 0x4 }, 0x4, 9, 0x4 },
        // t2 lowered: level 1 is the highest; t1 and t2 at PC 10 reconverge.
        { 13, { 0x1, 0x6, 0x0 }, 0x2, 10, 0x6 },
    };
    unsigned assign_rate_ = 4, pc_spread_ = 2;
    uint64_t pc_[ICS_FIRST_MAX_THREADS] = {};
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_ics_first");
}
