// tb_sbr_stack.cpp -- lockstep testbench of the SBR re-convergence stacks:
// the generated simtref_sbr_stack against the C model golden/structures/sbr_stack.c.
//
// Constrained-random stimulus, built from the model's state: a warp with
// an empty stack is launched; a running warp advances (often to its top's
// RPC, which pops) or branches with a random subset of its active threads
// taking the branch, a re-convergence point that is new, one side's PC
// (one-sided push) or the top's own RPC (the top is replaced); or calls
// (a CALL entry above the top, or replacing it when the return PC is the
// top's RPC) and returns (of a CALL top to its return PC, or of a branch
// top).  Phases of a few hundred cycles alternate between growing (branch-
// and call-heavy, up to the depth and beyond: overflows) and shrinking
// (pop- and return-heavy, down to the base and to exit).  Most operations
// go to a few warps, so stacks get deep.  Exits: the top's threads exit
// (simt.exit), with the warp's other threads live, or with none left live
// (the stack empties from any depth, CALL entries included), and always
// on a top whose threads have all exited.  Yields: a top whose sibling is
// directly below (a branch entry of its RPC) often yields to it (the two
// swap, the former top marked); a top above a marked sibling often moves
// to that sibling's PC and yields there (the two merge); rarely a yield
// with no sibling below or to a sibling marked at another PC (an input
// error: no ping-pong).  Rarely an input error: an
// advance, branch, call or return on an empty stack, a launch of a running
// warp, a taken mask that is not a subset, an empty launch, a return of a
// CALL top to another PC, a return of a one-entry branch stack, an exit
// that names an exited thread or one of the top's as still live, or
// another operation on a top whose threads have all exited.
//
// Scenario fig2 (tests/data/scenarios/sbr-fig2.conf): the if-then-else of HARP
// Fig. 2 on two interleaved four-thread warps, the stack tops checked on
// the RTL after every step (the same steps as tests/unit/test_sbr_stack.c).
#include <string>

#include "Vsimtref_sbr_stack.h"
#include "tb_common.h"

#include "config.h"
#include "sbr_stack.h"

namespace {

struct Coverage {
    long launches = 0, exits = 0, pops = 0, pop_to_base = 0;
    long one_sided = 0, two_sided = 0, replaced = 0;
    long full = 0, ovf = 0, err = 0, moves = 0, resets = 0;
    long calls = 0, calls_replacing = 0, call_returns = 0, side_returns = 0;
    long bad_returns = 0, call_moves = 0;
    long exits_partial = 0, exits_deep = 0, exits_empty_top = 0;
    long yield_swaps = 0, yield_merges = 0, yield_refused = 0, yield_pingpong = 0;
};

// One step of the fig2 scenario and the op warp's top after it.
struct Step {
    sbr_stack_op op;
    unsigned warp;
    uint64_t pc, mask, npc, rpc;
    unsigned depth;
    uint64_t top_pc, top_mask;
};

const Step fig2_steps[] = {
    { SBR_STACK_LAUNCH, 0, 0x00, 0xf, 0, 0x30, 1, 0x00, 0xf },
    { SBR_STACK_LAUNCH, 1, 0x00, 0xf, 0, 0x30, 1, 0x00, 0xf },
    { SBR_STACK_ADVANCE, 0, 0x01, 0, 0, 0, 1, 0x01, 0xf },
    { SBR_STACK_ADVANCE, 1, 0x01, 0, 0, 0, 1, 0x01, 0xf },
    { SBR_STACK_ADVANCE, 0, 0x02, 0, 0, 0, 1, 0x02, 0xf },
    { SBR_STACK_ADVANCE, 1, 0x02, 0, 0, 0, 1, 0x02, 0xf },
    { SBR_STACK_BRANCH, 0, 0x10, 0x3, 0x03, 0x20, 3, 0x10, 0x3 },  // end of A
    { SBR_STACK_BRANCH, 1, 0x10, 0x5, 0x03, 0x20, 3, 0x10, 0x5 },
    { SBR_STACK_ADVANCE, 0, 0x11, 0, 0, 0, 3, 0x11, 0x3 },
    { SBR_STACK_BRANCH, 1, 0x11, 0x1, 0x18, 0x18, 4, 0x11, 0x1 },  // if-then in C
    { SBR_STACK_ADVANCE, 0, 0x20, 0, 0, 0, 2, 0x03, 0xc },         // C reaches D
    { SBR_STACK_ADVANCE, 1, 0x18, 0, 0, 0, 3, 0x18, 0x5 },
    { SBR_STACK_ADVANCE, 0, 0x04, 0, 0, 0, 2, 0x04, 0xc },
    { SBR_STACK_ADVANCE, 1, 0x20, 0, 0, 0, 2, 0x03, 0xa },
    { SBR_STACK_ADVANCE, 0, 0x20, 0, 0, 0, 1, 0x20, 0xf },         // B reaches D
    { SBR_STACK_ADVANCE, 1, 0x04, 0, 0, 0, 2, 0x04, 0xa },
    { SBR_STACK_ADVANCE, 1, 0x20, 0, 0, 0, 1, 0x20, 0xf },
    { SBR_STACK_ADVANCE, 0, 0x30, 0, 0, 0, 0, 0, 0 },              // exit
    { SBR_STACK_ADVANCE, 1, 0x30, 0, 0, 0, 0, 0, 0 },
};
const unsigned fig2_n = sizeof fig2_steps / sizeof fig2_steps[0];

class Bench {
  public:
    using Top = Vsimtref_sbr_stack;
    using Model = tb::CModel<sbr_stack, sbr_stack_in, sbr_stack_out, sbr_stack_init, sbr_stack_reset,
                             sbr_stack_eval, sbr_stack_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &scenario)
        : rng_(seed), fig2_(scenario == "fig2")
    {
        sbr_stack_geometry(&cfg, &g_);
        full_ = g_.lanes >= 64 ? ~0ull : (1ull << g_.lanes) - 1;
        pcmask_ = g_.pc_w >= 64 ? ~0ull : (1ull << g_.pc_w) - 1;
    }

    // fig2 needs two warps of four threads, depth 4 and 8-bit PCs.
    static bool has_scenario(const simt_config &cfg, const std::string &name)
    {
        struct sbr_stack_geometry g;
        sbr_stack_geometry(&cfg, &g);
        return name == "fig2" && g.warps >= 2 && g.lanes == 4 &&
               g.depth >= 4 && g.pc_w >= 8;
    }

    bool next(long cycle, const sbr_stack &m, sbr_stack_in &in, bool &reset)
    {
        in = sbr_stack_in();
        if (fig2_)
            return fig2_next(cycle, in, reset);
        reset = cycle == 0 || rng_.chance(1, 50000);
        if (cycle % 384 == 0)
            grow_ = rng_.chance(1, 2);
        unsigned w = rng_.chance(3, 4) ? rng_.below(hot_warps())
                                       : rng_.below(1u << g_.warp_w);
        in.op_warp = w;
        in.rd_warp = rng_.chance(1, 2) ? w : rng_.below(1u << g_.warp_w);
        if (rng_.chance(1, 8))
            return true;                                 // no operation
        bool real = w < g_.warps;
        unsigned d = real ? m.depth[w] : 0;
        if (d == 0) {
            if (rng_.chance(1, 40)) {                    // error: no stack
                static const sbr_stack_op ops[] = { SBR_STACK_ADVANCE, SBR_STACK_BRANCH,
                                                    SBR_STACK_CALL, SBR_STACK_RETURN };
                in.op = ops[rng_.below(4)];
                in.pc = pc();
                in.mask = rand_mask();
                return true;
            }
            in.op = SBR_STACK_LAUNCH;
            in.pc = pc();
            in.rpc = rng_.chance(1, 100) ? in.pc : (in.pc ^ 0x80) & pcmask_;
            in.mask = rng_.chance(1, 2) ? full_ : rand_mask();
            if (rng_.chance(1, 100))
                in.mask = 0;                             // error: no threads
            return true;
        }
        const sbr_stack_entry &top = m.e[w][d - 1];
        if (rng_.chance(1, 200)) {                       // error: running
            in.op = SBR_STACK_LAUNCH;
            in.pc = pc();
            in.rpc = pc() ^ 1;
            in.mask = full_;
            return true;
        }
        if (top.mask == 0 ? rng_.chance(15, 16) : rng_.chance(1, 24)) {
            // the top's threads exit; the others of the warp stay live,
            // or none does (the whole warp exits, at any depth)
            uint64_t all = 0;
            for (unsigned k = 0; k < d; k++)
                all |= m.e[w][k].mask;
            in.op = SBR_STACK_EXIT;
            in.mask = rng_.chance(1, 3) ? 0 : all & ~m.gone[w] & ~top.mask;
            if (rng_.chance(1, 32))                      // error: not live
                in.mask |= rng_.chance(1, 2) ? top.mask : m.gone[w];
            return true;
        }
        const sbr_stack_entry *below = d >= 2 ? &m.e[w][d - 2] : nullptr;
        bool sibling = below && !top.call && !below->call && below->rpc == top.rpc;
        if (sibling && below->yielded && top.pc != below->pc && rng_.chance(1, 3)) {
            in.op = SBR_STACK_ADVANCE;                   // to the sibling's barrier
            in.pc = below->pc;
            return true;
        }
        if (sibling ? rng_.chance(1, 5) : rng_.chance(1, 64)) {
            in.op = SBR_STACK_YIELD;                     // the top at a barrier
            in.pc = pc();                                // (ignored)
            in.mask = rand_mask();
            return true;
        }
        unsigned flow = rng_.below(16);
        if (flow < (grow_ ? 3u : 1u)) {                  // a call
            in.op = SBR_STACK_CALL;
            in.pc = pc();
            in.npc = rng_.chance(1, 4) ? top.rpc : pc();  // maybe replaces the top
            return true;
        }
        if (flow < (grow_ ? 4u : 6u)) {                  // a return
            in.op = SBR_STACK_RETURN;
            in.pc = top.call && rng_.chance(15, 16) ? top.rpc : pc();
            return true;
        }
        bool branch = grow_ ? rng_.chance(7, 8) : rng_.chance(1, 4);
        if (!branch) {
            in.op = SBR_STACK_ADVANCE;
            bool to_rpc = grow_ ? rng_.chance(1, 10) : rng_.chance(2, 3);
            in.pc = to_rpc ? top.rpc : pc();
            return true;
        }
        in.op = SBR_STACK_BRANCH;
        in.pc = pc();
        in.npc = pc();
        unsigned kind = rng_.below(16);
        if (kind == 0)
            in.mask = top.mask;                          // all taken
        else if (kind == 1)
            in.mask = 0;                                 // none taken
        else if (kind == 2 && rng_.chance(1, 4))
            in.mask = (top.mask | rand_mask()) & full_;  // maybe not a subset
        else
            in.mask = rand_mask() & top.mask;
        unsigned r = rng_.below(grow_ ? 24 : 8);
        if (r == 0)
            in.rpc = top.rpc;                            // replaces the top
        else if (r == 1)
            in.rpc = in.npc;                             // if-then: one side
        else if (r == 2)
            in.rpc = in.pc;
        else
            in.rpc = pc();
        if (rng_.chance(1, 64))
            in.pc = in.npc = in.rpc;                     // both at the RPC
        return true;
    }

    void drive(Vsimtref_sbr_stack &top, const sbr_stack_in &in) const
    {
        top.op_i = (unsigned)in.op;
        top.op_warp_i = in.op_warp;
        tb::set_field(top.pc_i, 0, g_.pc_w, in.pc);
        tb::set_field(top.mask_i, 0, g_.lanes, in.mask);
        tb::set_field(top.npc_i, 0, g_.pc_w, in.npc);
        tb::set_field(top.rpc_i, 0, g_.pc_w, in.rpc);
        top.rd_warp_i = in.rd_warp;
    }

    bool compare(const Vsimtref_sbr_stack &top, const sbr_stack_out &exp,
                 long cycle, tb::Mismatch &mm) const
    {
        bool ok = true;
        ok &= tb::expect(mm, cycle, "rd_valid_o", exp.rd_valid, top.rd_valid_o);
        ok &= tb::expect(mm, cycle, "rd_pc_o", exp.rd_pc,
                         tb::get_field(top.rd_pc_o, 0, g_.pc_w));
        ok &= tb::expect(mm, cycle, "rd_mask_o", exp.rd_mask,
                         tb::get_field(top.rd_mask_o, 0, g_.lanes));
        ok &= tb::expect(mm, cycle, "rd_depth_o", exp.rd_depth, top.rd_depth_o);
        ok &= tb::expect(mm, cycle, "pop_o", exp.pop, top.pop_o);
        ok &= tb::expect(mm, cycle, "pushes_o", exp.pushes, top.pushes_o);
        ok &= tb::expect(mm, cycle, "op_depth_o", exp.op_depth, top.op_depth_o);
        ok &= tb::expect(mm, cycle, "yield_ok_o", exp.yield_ok, top.yield_ok_o);
        ok &= tb::expect(mm, cycle, "ovf_o", exp.ovf, top.ovf_o);
        ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
        return ok;
    }

    void cover(const sbr_stack &m, const sbr_stack_in &in, const sbr_stack_out &exp,
               bool reset)
    {
        cov_.resets += reset;
        cov_.ovf += exp.ovf;
        cov_.err += exp.err;
        if (reset || in.op == SBR_STACK_NONE || in.op_warp >= g_.warps)
            return;
        unsigned d = m.depth[in.op_warp];
        if (in.op == SBR_STACK_RETURN && d > 0 && exp.err)
            cov_.bad_returns++;
        if (in.op == SBR_STACK_YIELD && d > 0 && exp.err) {
            cov_.yield_refused++;
            const sbr_stack_entry &t = m.e[in.op_warp][d - 1];
            const sbr_stack_entry *b = d >= 2 ? &m.e[in.op_warp][d - 2] : nullptr;
            cov_.yield_pingpong += b && b->yielded && !b->call && !t.call &&
                                   b->rpc == t.rpc && b->pc != t.pc && t.mask;
        }
        if (in.op == SBR_STACK_YIELD && !exp.err) {
            cov_.yield_merges += exp.pop;
            cov_.yield_swaps += !exp.pop;
        }
        if (reset || in.op == SBR_STACK_NONE || exp.ovf || exp.err)
            return;
        bool tcall = d > 0 && m.e[in.op_warp][d - 1].call;
        if (in.op == SBR_STACK_LAUNCH)
            cov_.launches++;
        if (in.op == SBR_STACK_CALL) {
            cov_.calls += exp.pushes == 1;
            cov_.calls_replacing += exp.pushes == 0;
        }
        if (in.op == SBR_STACK_RETURN) {
            cov_.call_returns += tcall;
            cov_.side_returns += !tcall;
        }
        if (in.op == SBR_STACK_ADVANCE && tcall && in.pc == m.e[in.op_warp][d - 1].rpc)
            cov_.call_moves++;                           // a CALL top at its RPC stays
        if (in.op == SBR_STACK_EXIT) {
            bool empty = m.e[in.op_warp][d - 1].mask == 0;
            cov_.exits_empty_top += empty;
            cov_.exits_partial += !empty && in.mask != 0 && d > 1;
            cov_.exits_deep += in.mask == 0 && d > 2;
        }
        if (exp.pop) {
            cov_.pops++;
            cov_.pop_to_base += d == 2;
            cov_.exits += d == 1;
        } else if (exp.pushes == 0 && (in.op == SBR_STACK_ADVANCE ||
                                        in.op == SBR_STACK_BRANCH)) {
            cov_.moves++;
        }
        bool branch = in.op == SBR_STACK_BRANCH;
        bool replaced = branch && exp.pushes > 0 && !tcall &&
                        in.rpc == m.e[in.op_warp][d - 1].rpc;
        cov_.one_sided += branch && exp.pushes == 1;
        cov_.two_sided += branch && exp.pushes == 2;
        cov_.replaced += replaced;
        unsigned nd = d + exp.pushes - exp.pop;
        if (replaced)
            nd--;
        cov_.full += nd == g_.depth;
    }

    // fig2: odd cycles apply a step, even cycles read its warp's top.
    bool scenario_check(const Vsimtref_sbr_stack &top, long cycle) const
    {
        if (!fig2_ || cycle < 2 || cycle % 2 != 0)
            return true;
        const Step &s = fig2_steps[cycle / 2 - 1];
        if (top.rd_depth_o == s.depth && top.rd_pc_o == s.top_pc &&
            top.rd_mask_o == s.top_mask)
            return true;
        std::printf("fig2: after step %ld warp W%u has depth %u, top pc "
                    "0x%llx mask 0x%llx; expected depth %u, pc 0x%llx mask "
                    "0x%llx\n", cycle / 2, s.warp, (unsigned)top.rd_depth_o,
                    (unsigned long long)top.rd_pc_o,
                    (unsigned long long)top.rd_mask_o, s.depth,
                    (unsigned long long)s.top_pc,
                    (unsigned long long)s.top_mask);
        return false;
    }

    void after(const sbr_stack &, const sbr_stack_in &, const sbr_stack_out &, bool,
               long cycle)
    {
        fig2_done_ = fig2_ && cycle >= 2 * (long)fig2_n;
    }

    void report() const
    {
        std::printf("coverage: %ld resets, %ld launches, %ld exits, %ld pops "
                    "(%ld to the base entry), %ld one-sided and %ld two-sided "
                    "pushes (%ld replacing the top), %ld non-diverging moves, "
                    "%ld updates leaving a full stack, %ld overflows, %ld "
                    "input errors; %ld calls above the top, %ld replacing "
                    "it, %ld returns of CALL entries, %ld of branch entries, "
                    "%ld refused returns, %ld moves of a CALL top to its "
                    "RPC; %ld exits of some threads, %ld of the last ones "
                    "from three entries or more, %ld pops of a top whose "
                    "threads all exited; %ld yields swapping, %ld merging, "
                    "%ld refused (%ld to a sibling marked at another PC)\n",
                    cov_.resets, cov_.launches, cov_.exits,
                    cov_.pops, cov_.pop_to_base, cov_.one_sided,
                    cov_.two_sided, cov_.replaced, cov_.moves, cov_.full,
                    cov_.ovf, cov_.err, cov_.calls, cov_.calls_replacing,
                    cov_.call_returns, cov_.side_returns, cov_.bad_returns,
                    cov_.call_moves, cov_.exits_partial, cov_.exits_deep,
                    cov_.exits_empty_top, cov_.yield_swaps, cov_.yield_merges,
                    cov_.yield_refused, cov_.yield_pingpong);
    }

    // Calls nest without bound, so every stack can be full and overflow.
    bool covered() const
    {
        return cov_.resets && cov_.launches && cov_.exits && cov_.pops &&
               cov_.pop_to_base && cov_.one_sided && cov_.two_sided &&
               cov_.replaced && cov_.moves && cov_.err && cov_.full &&
               cov_.ovf && cov_.calls && cov_.calls_replacing &&
               cov_.call_returns && cov_.side_returns && cov_.bad_returns &&
               cov_.call_moves && cov_.exits_partial && cov_.exits_deep &&
               cov_.exits_empty_top && cov_.yield_swaps && cov_.yield_merges &&
               cov_.yield_refused && cov_.yield_pingpong;
    }

    bool scenario_done() const { return fig2_done_; }

  private:
    bool fig2_next(long cycle, sbr_stack_in &in, bool &reset)
    {
        if (cycle > 2 * (long)fig2_n)
            return false;
        reset = cycle == 0;
        if (cycle == 0)
            return true;
        const Step &s = fig2_steps[(cycle - 1) / 2];
        in.rd_warp = s.warp;
        if (cycle % 2 == 1) {
            in.op = s.op;
            in.op_warp = s.warp;
            in.pc = s.pc;
            in.mask = s.mask;
            in.npc = s.npc;
            in.rpc = s.rpc;
        }
        return true;
    }

    unsigned hot_warps() const { return g_.warps < 3 ? g_.warps : 3; }

    // PCs from a small range, so that sides and RPCs meet often.
    uint64_t pc() { return rng_.below(48) & pcmask_; }

    uint64_t rand_mask()
    {
        uint64_t m = rng_.next() & full_;
        return m ? m : 1;
    }

    struct sbr_stack_geometry g_;
    tb::Rng rng_;
    bool fig2_;
    bool fig2_done_ = false;
    bool grow_ = true;
    uint64_t full_ = 0, pcmask_ = 0;
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_sbr_stack");
}
