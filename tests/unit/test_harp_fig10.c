/*
 * test_harp_fig10.c -- HARP's operation example (section 4.3, Fig. 10) on
 * the SM's own harp stage (golden/sm/sm_reconv_harp*.c), driven through the
 * generic control-flow port (golden/sm/sm_reconv.h) as golden/sm/sm.c drives
 * it: each cycle one sm_reconv_eval() and one sm_reconv_step() with the
 * cycle's update (a warp's launch, or the outcome of the instruction the
 * First-Level slot issued), its lanes' lane_pc carrying the PCs the
 * execute stage gave their threads and a branch's re-convergence PC
 * looked up as the SM does (sm_reconv_rpc()).  Each step of the example
 * is then checked in the stage's tables themselves
 * (golden/sm/sm_reconv_harp.h).
 *
 * The kernel: block A ends in a divergent branch to B or C, both of which
 * re-converge at D.  Eight threads T0..T7 in two 4-wide warps, W0 = T0..T3
 * and W1 = T4..T7, launched as warps 0 and 1 of the scheduler; Tn sits in
 * lane n % 4 with thread id n / 4 without its lane bits.  T1, T3, T4, T5
 * and T6 take B; T0, T2 and T7 take C.
 *
 * Fig. 10 draws one unified scheduler table and lets a Lookup warp depart
 * "every time the scheduler starts to run out of warps".  With First-Level
 * and Second-Level split, the same order of events follows from one
 * First-Level slot and a lookup-to-second threshold of 1 (a Lookup warp
 * departs when Second-Level is empty); the test sets these two values on
 * the scenario configuration and keeps everything else.  A launched warp
 * enters Second-Level through the stage's queue of warps entering from
 * outside, a cycle after its launch.
 *
 * The example runs twice: with the stage's memo of cached answers, and
 * with rc.reference (every cached answer recomputed where it is used).
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
#include "sm_reconv.h"
#include "sm_reconv_harp.h"

/* The program counters of the blocks, as the tables hold them
 * (instruction indices); the branch ends A. */
enum { PC_A = 0x10, PC_B = 0x20, PC_C = 0x30, PC_D = 0x40, TEXT_WORDS = 0x50 };
#define TEXT_LO 0x10000u

static uint32_t addr(uint64_t pc)
{
    return TEXT_LO + (uint32_t)pc * 4;
}

/* Lane masks of the 4-wide warps, lane 0 in bit 0. */
static uint32_t lanes_of(const unsigned *threads, unsigned n)
{
    uint32_t mask = 0;

    for (unsigned i = 0; i < n; i++)
        mask |= 1u << (threads[i] % 4);
    return mask;
}

/* The SM's harp stage of one warp scheduler, its program and threads. */
struct stage {
    struct simt_config cfg;
    struct program prog;
    struct program_branch branch;       /* A's branch re-converges at D */
    struct rv32_context thread[64];      /* the scheduler's threads: T0..T7
                                         * are those of launch warps 0, 1 */
    struct sm_reconv rc;
    const struct sm_harp *h;            /* its tables */
    long cycle;
};

/* One clock cycle: the evaluation (nothing refused, no barrier
 * reservation or Lookup insertion bypassed, as in Fig. 10), then the
 * edge. */
static void clock(struct stage *st, const struct sm_rc_in *in)
{
    struct sm_rc_out out;

    sm_reconv_eval(&st->rc, 0, in, &out);
    if (out.err)
        fail_msg("cycle %ld: %s", st->cycle, out.why);
    if (st->h->memo.cyc_valid)                 /* the tables evaluated */
        assert_false(st->h->memo.cyc->wo.ovf);
    sm_reconv_step(&st->rc, 0, in);
    assert_int_equal(st->rc.rbt_bypass, 0);    /* no set is full */
    assert_int_equal(st->rc.rbt_misses, 0);
    assert_int_equal(st->rc.lookup_bypass, 0);
    if (in->op != SM_RC_LAUNCH)     /* Second-Level took what entered */
        assert_int_equal(st->h->enter.count, 0);
    st->cycle++;
}

/* Clock the stage with nothing committing. */
static void idle(struct stage *st)
{
    struct sm_rc_in in = { 0 };

    clock(st, &in);
}

/* The scheduler launches warp w (threads 4w..4w+3) at A. */
static void launch(struct stage *st, unsigned w)
{
    struct sm_rc_in in = { 0 };

    in.op = SM_RC_LAUNCH;
    in.warp = w;
    in.pc = addr(PC_A);
    in.mask = 0xf;
    in.live = 0xf;
    for (unsigned l = 0; l < 4; l++) {
        st->thread[w * 4 + l].pc = addr(PC_A);
        in.lane_pc[l] = addr(PC_A);
    }
    clock(st, &in);
}

/* First-Level slot 0 issues: its warp's instruction at pc commits with
 * the threads of to_b going to B, those of to_c to C (a divergence), or
 * all of them to next_pc (to_b NULL).  The SM's execute stage has moved
 * the threads' PCs. */
static void commit(struct stage *st, uint64_t pc, const unsigned *to_b,
                   unsigned nb, const unsigned *to_c, unsigned nc,
                   uint64_t next_pc)
{
    const struct warp *w = &st->h->wt.fl[0];
    struct sm_rc_in in = { 0 };

    assert_true(sm_reconv_can_issue(&st->rc, 0, 0, 0));
    in.op = SM_RC_EXEC;
    in.warp = 0;
    in.pc = addr(pc);
    in.mask = w->mask;
    in.live = w->mask;
    in.npc = addr(next_pc);
    if (to_b) {
        in.split = true;
        in.taken = lanes_of(to_b, nb);
        in.tpc = addr(PC_B);
        in.npc = addr(PC_C);
        in.rpc = sm_reconv_rpc(&st->prog, in.pc, &in.rpc_found);
        for (unsigned i = 0; i < nb; i++) {
            st->thread[to_b[i]].pc = addr(PC_B);
            in.lane_pc[to_b[i] % 4] = addr(PC_B);
        }
        for (unsigned i = 0; i < nc; i++) {
            st->thread[to_c[i]].pc = addr(PC_C);
            in.lane_pc[to_c[i] % 4] = addr(PC_C);
        }
    } else {
        for (unsigned l = 0; l < 4; l++)
            if (w->mask >> l & 1) {
                st->thread[w->tid[l] * 4 + l].pc = addr(next_pc);
                in.lane_pc[l] = addr(next_pc);
            }
    }
    clock(st, &in);
}

static void commit_diverged(struct stage *st, const unsigned *to_b,
                            unsigned nb, const unsigned *to_c, unsigned nc)
{
    commit(st, PC_A, to_b, nb, to_c, nc, 0);
}

static void commit_to(struct stage *st, uint64_t pc, uint64_t next_pc)
{
    commit(st, pc, NULL, 0, NULL, 0, next_pc);
}

/* A warp of the given threads at pc, as the tables hold it. */
static struct warp warp_of(uint64_t pc, const unsigned *threads,
                              unsigned n)
{
    struct warp w;

    memset(&w, 0, sizeof w);
    w.pc = pc;
    for (unsigned i = 0; i < n; i++) {
        w.mask |= 1u << (threads[i] % 4);
        w.tid[threads[i] % 4] = threads[i] / 4;
    }
    return w;
}

static void assert_same_warp(uint64_t pc, uint64_t mask, const uint32_t *tid,
                             const struct warp *want)
{
    assert_int_equal(pc, want->pc);
    assert_int_equal(mask, want->mask);
    for (unsigned l = 0; l < 4; l++)
        if (mask >> l & 1)
            assert_int_equal(tid[l], want->tid[l]);
}

/* First-Level slot 0 holds exactly `want`, and the issue stage sees it
 * there. */
static void assert_first_level(struct stage *st,
                         const struct warp *want)
{
    uint32_t pc;
    uint64_t mask;
    unsigned owner[WARP_MAX_LANES];
    bool one;

    assert_true(st->h->wt.fl_valid[0]);
    assert_same_warp(st->h->wt.fl[0].pc, st->h->wt.fl[0].mask,
                     st->h->wt.fl[0].tid, want);
    assert_true(sm_reconv_issue_view(&st->rc, 0, 0, 0, &pc, &mask, owner,
                                     &one));
    assert_int_equal(pc, addr(want->pc));
    assert_int_equal(mask, want->mask);
    for (unsigned l = 0; l < 4; l++)
        if (mask >> l & 1)
            assert_int_equal(owner[l], want->tid[l]);
}

/* Second-Level holds the one warp `want`. */
static void assert_second_level(const struct stage *st,
                                const struct warp *want)
{
    const struct warp *w = warp_tables_sl_warp(&st->h->wt, 0);

    assert_int_equal(st->h->wt.count, 1);
    assert_int_equal(sm_reconv_second_level(&st->rc, 0), 1);
    assert_same_warp(w->pc, w->mask, w->tid, want);
}

/* The Ready-Lookup holds the warps `want`, oldest first. */
static void assert_lookup(const struct stage *st,
                          const struct warp *want, unsigned n)
{
    assert_int_equal(st->h->ready.table.count, n);
    for (unsigned age = 0; age < n; age++) {
        int found = 0;
        for (unsigned e = 0; e < st->h->ready.table.g.entries; e++) {
            const struct lookup_entry *le = &st->h->ready.table.entry[e];
            if (!le->valid || le->age != age)
                continue;
            assert_same_warp(le->warp.pc, le->warp.mask, le->warp.tid,
                             &want[age]);
            found = 1;
        }
        assert_true(found);
    }
}

/* The RBT's barrier at D for the threads of `members` (one set). */
static void assert_barrier(const struct stage *st, const unsigned *members,
                           unsigned n, uint32_t reached_lanes)
{
    const struct rbt *t = &st->h->rbt;
    int e = rbt_find(t, PC_D, members[0] % 4, members[0] / 4);

    assert_true(e >= 0);
    assert_true(t->e[e].valid);
    assert_int_equal(t->e[e].rpc, PC_D);
    assert_int_equal(t->e[e].member, lanes_of(members, n));
    assert_int_equal(t->e[e].reached, reached_lanes);
    for (unsigned i = 0; i < n; i++)
        assert_int_equal(rbt_find(t, PC_D, members[i] % 4, members[i] / 4),
                         e);
}

static void load_stage(struct stage *st, bool reference)
{
    char path[1024], err[CONFIG_ERR_LEN];
    const char *srcdir = getenv("SRCDIR");

    memset(st, 0, sizeof *st);
    snprintf(path, sizeof path, "%s/tests/data/scenarios/harp-fig10.conf",
             srcdir && *srcdir ? srcdir : ".");
    if (config_load(path, &st->cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
    /* The split-table equivalent of Fig. 10's unified scheduler. */
    st->cfg.first_level_entries = 1;
    st->cfg.lookup_to_second_threshold = 1;
    assert_int_equal(st->cfg.reconvergence, RECONV_HARP);
    assert_int_equal(st->cfg.schedulers, 1);
    assert_true(st->cfg.threads_per_scheduler <= 64);
    st->prog.path = (char *)"fig10";
    st->prog.text_lo = TEXT_LO;
    st->prog.text_hi = addr(TEXT_WORDS);
    st->prog.exit_pc = addr(TEXT_WORDS - 1);
    st->branch.pc = addr(PC_A);
    st->branch.rpc = addr(PC_D);
    st->prog.branches = &st->branch;
    st->prog.n_branches = 1;
    if (sm_reconv_init(&st->rc, &st->cfg, &st->prog, st->thread, err,
                       sizeof err) != 0)
        fail_msg("%s", err);
    st->rc.reference = reference;
    sm_reconv_reset(&st->rc);
    assert_true(sm_reconv_regroups(&st->rc));
    assert_int_equal(sm_reconv_issue_slots(&st->rc), 1);
    st->h = &st->rc.harp[0];
}

static void fig10(bool reference)
{
    static const unsigned w0[] = { 0, 1, 2, 3 }, w1[] = { 4, 5, 6, 7 };
    static const unsigned w0_b[] = { 1, 3 }, w0_c[] = { 0, 2 };
    static const unsigned w1_b[] = { 4, 5, 6 }, w1_c[] = { 7 };
    static const unsigned w4[] = { 0, 2, 7 };
    struct warp warp_w0 = warp_of(PC_A, w0, 4);
    struct warp warp_w1 = warp_of(PC_A, w1, 4);
    struct warp reborn_w0 = warp_of(PC_D, w0, 4);
    struct warp reborn_w1 = warp_of(PC_D, w1, 4);
    struct warp want_w2 = warp_of(PC_B, w0_b, 2);
    struct warp want[2];
    struct stage st;

    load_stage(&st, reference);

    /* (1) W0 and W1 are ready at the last instruction of A: launched, each
     * enters Second-Level on the next cycle. */
    launch(&st, 0);
    launch(&st, 1);
    assert_second_level(&st, &warp_w0);
    idle(&st);                      /* W0 moves to First-Level */
    assert_first_level(&st, &warp_w0);
    assert_second_level(&st, &warp_w1);

    /* (4)-(6) W0 diverges: a barrier at D with nobody arrived, and two
     * new warps in the Lookup: {T1,T3} at B, {T0,T2} at C. */
    commit_diverged(&st, w0_b, 2, w0_c, 2);
    assert_barrier(&st, w0, 4, 0x0);
    want[0] = warp_of(PC_B, w0_b, 2);
    want[1] = warp_of(PC_C, w0_c, 2);
    assert_lookup(&st, want, 2);

    /* W1 takes First-Level; (7) Second-Level empties, so {T1,T3} departs
     * and becomes W2. */
    idle(&st);
    assert_first_level(&st, &warp_w1);
    idle(&st);
    assert_second_level(&st, &want[0]);

    /* (8)-(10) W1 diverges: a second barrier at D (set 1); T4..T6 form a
     * new warp at B, T7 merges into {T0,T2} at C. */
    commit_diverged(&st, w1_b, 3, w1_c, 1);
    assert_barrier(&st, w0, 4, 0x0);
    assert_barrier(&st, w1, 4, 0x0);
    assert_int_equal(st.h->rbt.occupancy, 2);
    want[0] = warp_of(PC_B, w1_b, 3);
    want[1] = warp_of(PC_C, w4, 3);
    assert_lookup(&st, want, 2);

    /* (11) W2 = {T1,T3} issues: it moves to First-Level. */
    idle(&st);
    assert_first_level(&st, &want_w2);
    assert_int_equal(st.h->wt.count, 0);

    /* (12) Second-Level is empty again: W3 = {T4,T5,T6}, the oldest
     * Lookup warp, departs (FIFO); W4 = {T0,T2,T7} stays. */
    idle(&st);
    assert_second_level(&st, &want[0]);
    assert_lookup(&st, &want[1], 1);

    /* (13)-(14) W2 commits with next pc D: T1 and T3 reach the barrier of
     * W0, leave the warp, and W2 is gone from First-Level. */
    commit_to(&st, PC_B, PC_D);
    assert_barrier(&st, w0, 4, lanes_of(w0_b, 2));
    assert_barrier(&st, w1, 4, 0x0);
    assert_false(st.h->wt.fl_valid[0]);

    /* (15) W3 issues; (16) W4, the last Lookup warp, departs. */
    idle(&st);
    assert_first_level(&st, &want[0]);
    idle(&st);
    assert_int_equal(st.h->ready.table.count, 0);
    assert_int_equal(st.h->wt.count, 1);

    /* (18)-(20) W3 commits at D: T4, T5 and T6 wait for T7. */
    commit_to(&st, PC_B, PC_D);
    assert_barrier(&st, w0, 4, lanes_of(w0_b, 2));
    assert_barrier(&st, w1, 4, lanes_of(w1_b, 3));

    /* (21) W4 issues; (22) it commits at D.  T0 and T2 complete W0's
     * barrier in set 0 and T7 completes W1's in set 1: each lane finds
     * the barrier of its own set. */
    idle(&st);
    assert_first_level(&st, &want[1]);
    commit_to(&st, PC_C, PC_D);
    assert_barrier(&st, w0, 4, 0xf);
    assert_barrier(&st, w1, 4, 0xf);
    assert_int_equal(st.h->rbt.occupancy, 2);

    /* Both barriers release, one a cycle, the lower entry first: W0 and
     * then W1 are re-incarnated at D with exactly their threads, enter
     * Second-Level, and their entries are freed. */
    idle(&st);
    assert_int_equal(st.h->rbt.occupancy, 1);
    assert_int_equal(rbt_find(&st.h->rbt, PC_D, 0, 0), -1);
    assert_second_level(&st, &reborn_w0);
    idle(&st);
    assert_int_equal(st.h->rbt.occupancy, 0);
    assert_first_level(&st, &reborn_w0);
    assert_second_level(&st, &reborn_w1);
    assert_int_equal(st.h->ready.table.count, 0);
    sm_reconv_free(&st.rc);
}

static void the_fig10_example_regroups_and_reconverges_at_d(void **state)
{
    (void)state;
    fig10(false);
}

static void the_fig10_example_runs_the_same_with_every_cached_answer_recomputed(
    void **state)
{
    (void)state;
    fig10(true);
}

/* A testbench's probe (struct sm_rc_probe) records, at the evaluation,
 * the pending lanes the harp port reads (a copy: the SM's array changes
 * in the cycle) and the views the SM reads of the stage. */
static void a_probe_records_the_pending_lanes_and_the_views_of_the_stage(
    void **state)
{
    static const unsigned w0[] = { 0, 1, 2, 3 };
    struct warp warp_w0 = warp_of(PC_A, w0, 4);
    struct sm_rc_probe probe;
    struct sm_rc_in in = { 0 };
    struct sm_rc_out out;
    uint64_t pending[16] = { 0 };
    unsigned W = 0;
    struct stage st;

    (void)state;
    load_stage(&st, false);
    W = st.rc.warps;
    assert_true(W <= 16);
    launch(&st, 0);
    launch(&st, 1);
    idle(&st);                      /* W0 in First-Level, W1 in Second */
    memset(&probe, 0, sizeof probe);
    st.rc.probe = &probe;
    pending[1] = 0x5;               /* launch warp 1's lanes 0 and 2 */
    in.mem_pending = pending;
    sm_reconv_eval(&st.rc, 0, &in, &out);
    pending[1] = 0;                 /* the SM's array moves on */
    assert_true(probe.evaluated);
    assert_true(probe.harp);
    assert_int_equal(probe.mem_pending[1], 0x5);
    assert_int_equal(probe.mem_pending[0], 0);
    assert_int_equal(probe.slots, 1);
    assert_int_equal(probe.fetchable[0], 1);
    assert_int_equal(probe.issuable[0], 1);
    assert_int_equal(probe.slot[0].pc, warp_w0.pc);
    assert_int_equal(probe.slot[0].mask, warp_w0.mask);
    for (unsigned l = 0; l < 4; l++)
        assert_int_equal(probe.slot[0].tid[l], 0);
    assert_int_equal(probe.second_level, 1);
    for (unsigned w = 0; w < W; w++) {
        assert_int_equal(probe.parked[w], 0);
        assert_true(probe.can_launch[w / 64] >> w % 64 & 1);
    }
    sm_reconv_step(&st.rc, 0, &in);
    st.rc.probe = NULL;
    sm_reconv_free(&st.rc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_fig10_example_regroups_and_reconverges_at_d),
        cmocka_unit_test(
            the_fig10_example_runs_the_same_with_every_cached_answer_recomputed),
        cmocka_unit_test(
            a_probe_records_the_pending_lanes_and_the_views_of_the_stage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
