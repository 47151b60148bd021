/*
 * test_sm_reconv.c -- directed cases of the SM's control-flow stage
 * (golden/sm/sm_reconv*.c) under sbr, minpc and ics-first, driven through
 * the generic port (golden/sm/sm_reconv.h) as golden/sm/sm.c drives it: each
 * cycle one sm_reconv_eval() and one sm_reconv_step() with the cycle's
 * update (a launch, or the outcome of the warp's instruction): the SM's
 * threads carrying the PCs the execute stage gave them (ics-first reads
 * them) and the update's lane_pc and lane_sp giving the same PCs and the
 * lanes' stack offsets (minpc keeps them).  What the stage then selects is read as the
 * SM reads it: sm_reconv_read() (the fetch stage's port) and
 * sm_reconv_issue_view() (the issue stage's).  harp has its own test,
 * tests/unit/test_harp_fig10.c.
 *
 * One program serves every case (instruction index: what is there):
 *
 *   kernel:  0  beq   to 3          (branch table: re-converges at 4)
 *            1  addi                (the fall-through side)
 *            2  jal   x0, to 4
 *            3  addi                (the taken side)
 *            4  addi                (the re-convergence point)
 *            5  jal   ra, f         (a call)
 *            6  addi                (its return point)
 *            7  addi                (_start's exit: the warp's final RPC)
 *   f:       8  addi
 *            9  jalr  x0, 0(ra)     (the return)
 *
 * One warp scheduler of four-thread warps (the harp-fig10 scenario, its
 * mode set per case); warp 0 runs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "program.h"
#include "rv32.h"
#include "../tools/rvgen.h"
#include "sm_memory.h"
#include "sm_reconv.h"

#define TEXT_LO 0x10000u
enum { WORDS = 10, LANES = 4, ALL = 0xf };

static uint32_t addr(unsigned i)
{
    return TEXT_LO + i * 4;
}

struct rig {
    struct simt_config cfg;
    struct program prog;
    uint32_t text[WORDS];
    struct program_branch branch;
    struct program_func func[2];
    struct program_ics ics[2];
    struct rv32_context thread[64];     /* the scheduler's threads */
    uint16_t sp[LANES];                 /* warp 0's lanes' x2, as stack
                                         * offsets (sm_memory_stack_offset) */
    struct sm_reconv rc;
};

/* Warp 0's lanes `mask` go to instruction i: their threads' PCs (the
 * execute stage moves them) and the update's per-lane inputs. */
static void go(struct rig *r, struct sm_rc_in *in, uint64_t mask, unsigned i)
{
    for (unsigned l = 0; l < LANES; l++)
        if (mask >> l & 1) {
            r->thread[l].pc = addr(i);
            in->lane_pc[l] = addr(i);
            in->lane_sp[l] = r->sp[l];
        }
}

static void build(struct rig *r, const char *mode)
{
    char path[1024], err[CONFIG_ERR_LEN];
    const char *srcdir = getenv("SRCDIR");
    const uint32_t nop = rvgen_i(0, 0, 0, 0, 0x13);

    memset(r, 0, sizeof *r);
    snprintf(path, sizeof path, "%s/tests/data/scenarios/harp-fig10.conf",
             srcdir && *srcdir ? srcdir : ".");
    if (config_load(path, &r->cfg, err, sizeof err) != 0
        || config_set(&r->cfg, "reconvergence", mode, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(r->cfg.warp_size, LANES);
    assert_int_equal(r->cfg.schedulers, 1);
    assert_true(r->cfg.threads_per_scheduler <= 64);
    for (unsigned i = 0; i < WORDS; i++)
        r->text[i] = nop;
    r->text[0] = rvgen_b(12, 0, 10, 0);         /* beq a0, x0, +12 */
    r->text[2] = rvgen_j(8, 0);                 /* jal x0, +8 */
    r->text[5] = rvgen_j(12, 1);                /* jal ra, +12 */
    r->text[9] = rvgen_i(0, 1, 0, 0, 0x67);     /* jalr x0, 0(ra) */
    r->prog.path = (char *)"directed";
    r->prog.base = TEXT_LO;
    r->prog.size = sizeof r->text;
    r->prog.image = (uint8_t *)r->text;         /* little-endian host */
    r->prog.text_lo = TEXT_LO;
    r->prog.text_hi = addr(WORDS);
    r->prog.entry = r->prog.kernel = addr(0);
    r->prog.exit_pc = addr(7);
    r->branch.pc = addr(0);
    r->branch.rpc = addr(4);
    r->prog.branches = &r->branch;
    r->prog.n_branches = 1;
    r->func[0].name = (char *)"kernel";
    r->func[0].lo = addr(0);
    r->func[0].hi = addr(8);
    r->func[1].name = (char *)"f";
    r->func[1].lo = addr(8);
    r->func[1].hi = addr(10);
    r->prog.funcs = r->func;
    r->prog.n_funcs = 2;
    /* ICS-First: raise at the divergent branch, lower at its RPC */
    r->ics[0].pc = addr(0);
    r->ics[0].action = 1;
    r->ics[0].level = 1;
    r->ics[1].pc = addr(4);
    r->ics[1].action = 2;
    r->ics[1].level = 0;
    r->prog.ics = r->ics;
    r->prog.n_ics = 2;
    r->prog.ics_max_level = 1;
    for (unsigned l = 0; l < LANES; l++)    /* x2 at the top of its stack */
        r->sp[l] = (uint16_t)sm_memory_stack_offset(l, sm_memory_stack_top(l));
    if (sm_reconv_init(&r->rc, &r->cfg, &r->prog, r->thread, err,
                       sizeof err) != 0)
        fail_msg("%s", err);
    sm_reconv_reset(&r->rc);
}

/* One cycle: the evaluation (nothing refused), then the edge. */
static struct sm_rc_out clock(struct rig *r, const struct sm_rc_in *in)
{
    struct sm_rc_out out;

    sm_reconv_eval(&r->rc, 0, in, &out);
    if (out.err)
        fail_msg("%s", out.why);
    sm_reconv_step(&r->rc, 0, in);
    return out;
}

static void idle(struct rig *r)
{
    struct sm_rc_in in = { 0 };

    clock(r, &in);
}

/* Warp 0's threads start at instruction 0. */
static void launch(struct rig *r)
{
    struct sm_rc_in in = { 0 };

    in.op = SM_RC_LAUNCH;
    in.pc = addr(0);
    in.mask = in.live = ALL;
    go(r, &in, ALL, 0);
    clock(r, &in);
}

/* Warp 0's lanes `mask` execute instruction i and go to instruction
 * next (the execute stage moves their PCs). */
static struct sm_rc_out exec(struct rig *r, unsigned i, uint64_t mask,
                             unsigned next)
{
    struct sm_rc_in in = { 0 };

    in.op = SM_RC_EXEC;
    in.pc = addr(i);
    in.mask = mask;
    in.live = ALL;
    in.npc = addr(next);
    go(r, &in, mask, next);
    return clock(r, &in);
}

/* The branch at 0: lanes `taken` go to 3, the others to 1. */
static void branch(struct rig *r, uint64_t taken)
{
    struct sm_rc_in in = { 0 };

    in.op = SM_RC_EXEC;
    in.pc = addr(0);
    in.mask = in.live = ALL;
    in.split = true;
    in.taken = taken;
    in.tpc = addr(3);
    in.npc = addr(1);
    go(r, &in, taken, 3);
    go(r, &in, ALL & ~taken, 1);
    clock(r, &in);
}

/* Warp 0 as the fetch stage's read port shows it: instruction i, lanes
 * mask. */
static void assert_fetches(const struct rig *r, unsigned i, uint64_t mask)
{
    struct sm_rc_in in = { 0 };
    struct sm_rc_out out;

    in.rd_warp = 0;
    in.rd_live = ALL;
    sm_reconv_read(&r->rc, 0, &in, &out);
    assert_true(out.rd_valid);
    assert_int_equal(out.rd_pc, addr(i));
    assert_int_equal(out.rd_mask, mask);
}

/* Warp 0 as the issue stage sees it (the modes that select the PC). */
static void assert_issues(struct rig *r, unsigned i, uint64_t mask)
{
    uint32_t pc;
    uint64_t m;
    unsigned owner[LANES];
    bool one;

    assert_true(sm_reconv_issue_view(&r->rc, 0, 0, ALL, &pc, &m, owner,
                                     &one));
    assert_true(one);
    assert_int_equal(pc, addr(i));
    assert_int_equal(m, mask);
}

/* ---- sbr ---------------------------------------------------------- */

static void sbr_runs_the_taken_side_then_the_other_and_reconverges_at_the_rpc(
    void **state)
{
    struct rig r;
    struct sm_rc_out out;
    (void)state;

    build(&r, "sbr");
    assert_false(sm_reconv_barrier_by_state(&r.rc));
    launch(&r);
    assert_fetches(&r, 0, ALL);
    branch(&r, 0x5);
    assert_fetches(&r, 3, 0x5);                 /* the taken side first */
    assert_int_equal(r.rc.sbr[0].depth[0], 3);  /* RPC, not-taken, taken */
    out = exec(&r, 3, 0x5, 4);
    assert_true(out.pop);                       /* it reached the RPC */
    assert_false(out.exited);
    assert_fetches(&r, 1, 0xa);                 /* then the other side */
    out = exec(&r, 1, 0xa, 2);
    assert_false(out.pop);
    assert_fetches(&r, 2, 0xa);
    out = exec(&r, 2, 0xa, 4);
    assert_true(out.pop);
    assert_fetches(&r, 4, ALL);                 /* re-converged at 4 */
    assert_int_equal(r.rc.sbr[0].depth[0], 1);
    sm_reconv_free(&r.rc);
}

static void sbr_holds_a_call_in_a_call_entry_until_its_return(void **state)
{
    struct rig r;
    struct sm_rc_out out;
    (void)state;

    build(&r, "sbr");
    launch(&r);
    exec(&r, 0, ALL, 1);                        /* no divergence */
    assert_fetches(&r, 1, ALL);
    exec(&r, 1, ALL, 2);
    exec(&r, 2, ALL, 4);
    exec(&r, 4, ALL, 5);
    out = exec(&r, 5, ALL, 8);                  /* jal ra, f */
    assert_false(out.pop);
    assert_fetches(&r, 8, ALL);
    assert_int_equal(r.rc.sbr[0].depth[0], 2);
    exec(&r, 8, ALL, 9);
    out = exec(&r, 9, ALL, 6);                  /* the return */
    assert_true(out.pop);
    assert_false(out.exited);
    assert_fetches(&r, 6, ALL);
    assert_int_equal(r.rc.sbr[0].depth[0], 1);
    out = exec(&r, 6, ALL, 7);                  /* the base reaches exit */
    assert_true(out.exited);
    sm_reconv_free(&r.rc);
}

/* ---- minpc -------------------------------------------------------- */

/* Lane l of warp 0 goes to instruction i (an update of its own), its SP
 * `frames` stack frames of SM_STACK_BYTES >> sp_bits bytes (the
 * arbiter's SP unit) below the top of its stack.  The top itself (the
 * start code) counts as the shallowest offset, in the same unit as one
 * frame below it, so the kernel's frame is one frame down. */
static void put(struct rig *r, unsigned l, unsigned i, unsigned frames)
{
    uint32_t frame = SM_STACK_BYTES >> r->cfg.sp_bits;
    struct sm_rc_in in = { 0 };

    in.op = SM_RC_EXEC;
    in.pc = r->thread[l].pc;
    in.mask = 1ull << l;
    in.live = ALL;
    in.npc = addr(i);
    r->sp[l] = (uint16_t)sm_memory_stack_offset(
        l, sm_memory_stack_top(l) - frames * frame);
    go(r, &in, in.mask, i);
    clock(r, &in);
}

/* Collange, Listing 1: threads that called f from a divergent block sit
 * at f's code, at higher addresses than the call site; min(PC) would run
 * the code after the block first.  min(SP:PC) runs the deepest call
 * first ("we select the thread whose SP_i is minimal"). */
static void minpc_runs_the_deepest_call_first_though_its_pc_is_higher(
    void **state)
{
    struct rig r;
    (void)state;

    build(&r, "minpc");
    launch(&r);
    put(&r, 0, 2, 1);           /* the kernel's frame */
    put(&r, 1, 2, 1);
    put(&r, 2, 9, 2);           /* inside f: one frame deeper */
    put(&r, 3, 9, 2);
    assert_issues(&r, 9, 0xc);
    assert_fetches(&r, 9, 0xc);
    put(&r, 0, 8, 3);           /* deeper still, at a lower PC */
    assert_issues(&r, 8, 0x1);
    sm_reconv_free(&r.rc);
}

/* Collange: "In case of a tie, we select the minimal PC_i as before";
 * threads re-converge where their PCs meet (Table 2). */
static void minpc_runs_the_lowest_pc_among_threads_at_the_same_depth(
    void **state)
{
    struct rig r;
    (void)state;

    build(&r, "minpc");
    launch(&r);
    put(&r, 0, 6, 1);
    put(&r, 1, 4, 1);
    put(&r, 2, 4, 1);
    put(&r, 3, 5, 1);
    assert_issues(&r, 4, 0x6);
    exec(&r, 4, 0x6, 5);        /* they catch up with lane 3 ... */
    assert_issues(&r, 5, 0xe);
    exec(&r, 5, 0xe, 6);        /* ... and all meet lane 0 */
    assert_issues(&r, 6, ALL);
    sm_reconv_free(&r.rc);
}

static void minpc_parks_a_thread_at_the_barrier_until_its_release(
    void **state)
{
    struct rig r;
    struct sm_rc_in in = { 0 };
    bool release[64] = { true };
    (void)state;

    build(&r, "minpc");
    assert_true(sm_reconv_barrier_by_state(&r.rc));
    launch(&r);
    put(&r, 0, 6, 0);
    put(&r, 1, 4, 0);
    put(&r, 2, 4, 0);
    put(&r, 3, 6, 0);
    in.op = SM_RC_EXEC;         /* lanes 1 and 2: simt.bar at 4 */
    in.pc = addr(4);
    in.mask = 0x6;
    in.live = ALL;
    in.bar = true;
    in.npc = addr(5);
    go(&r, &in, 0x6, 5);
    clock(&r, &in);
    assert_issues(&r, 6, 0x9);  /* their PC 5 is not presented */
    assert_false(sm_reconv_all_barrier(&r.rc, 0, 0, ALL));
    in.pc = addr(6);            /* lanes 0 and 3 reach it too */
    in.mask = 0x9;
    in.npc = addr(7);
    go(&r, &in, 0x9, 7);
    clock(&r, &in);
    assert_true(sm_reconv_all_barrier(&r.rc, 0, 0, ALL));
    memset(&in, 0, sizeof in);  /* the TB's barrier releases */
    in.release = release;
    clock(&r, &in);
    assert_false(sm_reconv_all_barrier(&r.rc, 0, 0, ALL));
    assert_issues(&r, 5, 0x6);
    sm_reconv_free(&r.rc);
}

/* ---- ics-first ---------------------------------------------------- */

/* Warp 0 issues its selected lanes at instruction i; the next cycle
 * commits them (a warp with a thread in Execution cannot issue). */
static void ics_issue(struct rig *r, unsigned i, uint64_t mask,
                      unsigned next)
{
    assert_true(sm_reconv_can_issue(&r->rc, 0, 0, ALL));
    assert_issues(r, i, mask);
    exec(r, i, mask, next);
    assert_false(sm_reconv_can_issue(&r->rc, 0, 0, ALL));
    idle(r);
}

static void ics_first_runs_the_raised_side_before_threads_lowered_at_the_rpc(
    void **state)
{
    struct rig r;
    struct sm_rc_in in = { 0 };
    (void)state;

    build(&r, "ics-first");
    launch(&r);
    assert_true(sm_reconv_can_launch(&r.rc, 0, 1));
    assert_false(sm_reconv_can_launch(&r.rc, 0, 0));
    assert_issues(&r, 0, ALL);
    in.op = SM_RC_EXEC;         /* the branch (raise): 0, 1 to 1; 2, 3 to 3 */
    in.pc = addr(0);
    in.mask = in.live = ALL;
    in.split = true;
    in.taken = 0xc;
    in.tpc = addr(3);
    in.npc = addr(1);
    go(&r, &in, 0x3, 1);
    go(&r, &in, 0xc, 3);
    clock(&r, &in);
    idle(&r);                   /* commit: all four one level up */
    /* one level: the lowest lane's PC */
    ics_issue(&r, 1, 0x3, 2);
    ics_issue(&r, 2, 0x3, 4);
    ics_issue(&r, 4, 0x3, 5);   /* the RPC lowers lanes 0 and 1 ... */
    ics_issue(&r, 3, 0xc, 4);   /* ... so lanes 2 and 3 run first */
    ics_issue(&r, 4, 0xc, 5);   /* lowered at the RPC too */
    assert_issues(&r, 5, ALL);  /* re-converged */
    sm_reconv_free(&r.rc);
}

static void ics_first_holds_a_warp_at_the_barrier_until_every_thread_waits(
    void **state)
{
    struct rig r;
    struct sm_rc_in in = { 0 };
    bool release[64] = { true };
    (void)state;

    build(&r, "ics-first");
    assert_true(sm_reconv_barrier_by_state(&r.rc));
    launch(&r);
    in.op = SM_RC_EXEC;         /* simt.bar by every thread at 0 */
    in.pc = addr(0);
    in.mask = in.live = ALL;
    in.bar = true;
    in.npc = addr(1);
    go(&r, &in, ALL, 1);
    clock(&r, &in);
    assert_false(sm_reconv_all_barrier(&r.rc, 0, 0, ALL)); /* Execution */
    idle(&r);
    assert_true(sm_reconv_all_barrier(&r.rc, 0, 0, ALL));
    memset(&in, 0, sizeof in);
    in.release = release;
    clock(&r, &in);
    assert_false(sm_reconv_all_barrier(&r.rc, 0, 0, ALL));
    assert_issues(&r, 1, ALL);
    sm_reconv_free(&r.rc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            sbr_runs_the_taken_side_then_the_other_and_reconverges_at_the_rpc),
        cmocka_unit_test(sbr_holds_a_call_in_a_call_entry_until_its_return),
        cmocka_unit_test(
            minpc_runs_the_deepest_call_first_though_its_pc_is_higher),
        cmocka_unit_test(
            minpc_runs_the_lowest_pc_among_threads_at_the_same_depth),
        cmocka_unit_test(minpc_parks_a_thread_at_the_barrier_until_its_release),
        cmocka_unit_test(
            ics_first_runs_the_raised_side_before_threads_lowered_at_the_rpc),
        cmocka_unit_test(
            ics_first_holds_a_warp_at_the_barrier_until_every_thread_waits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
