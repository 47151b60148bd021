/*
 * test_harp_fig10.c -- HARP's operation example (section 4.3, Fig. 10) on
 * the issue stage composed of the structure models.
 *
 * One warp scheduler's HARP tables are wired as an SM wires them: the
 * First-Level warps commit; a diverged commit reserves a barrier in the
 * RBT and regroups its two thread groups in the Ready-Lookup; a commit
 * whose next PC is a barrier's RPC marks its threads reached and drops them
 * from the warp; the RBT's released warp and the Ready-Lookup's oldest warp
 * enter Second-Level (barrier first), and Second-Level feeds First-Level.
 * Each step of the example is then checked in the tables themselves.
 *
 * The kernel: block A ends in a divergent branch to B or C, both of which
 * re-converge at D.  Eight threads T0..T7 in two 4-wide warps, W0 = T0..T3
 * and W1 = T4..T7; Tn sits in lane n % 4 with thread id n / 4 without its
 * lane bits.  T1, T3, T4, T5 and T6 take B; T0, T2 and T7 take C.
 *
 * Fig. 10 draws one unified scheduler table and lets a Lookup warp depart
 * "every time the scheduler starts to run out of warps".  With First-Level
 * and Second-Level split, the same order of events follows from one
 * First-Level slot and a lookup-to-second threshold of 1 (a Lookup warp
 * departs when Second-Level is empty); the test sets these two values on
 * the scenario configuration and keeps everything else.
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
#include "rbt.h"
#include "ready_lookup.h"
#include "warp_tables.h"

/* The program counters of the blocks. */
enum { PC_A = 0x10, PC_B = 0x20, PC_C = 0x30, PC_D = 0x40 };

/* Lane masks of the 4-wide warps, lane 0 in bit 0. */
static uint32_t lanes_of(const unsigned *threads, unsigned n)
{
    uint32_t mask = 0;

    for (unsigned i = 0; i < n; i++)
        mask |= 1u << (threads[i] % 4);
    return mask;
}

/* The issue stage of one warp scheduler. */
struct stage {
    struct simt_config cfg;
    struct rbt          rbt;
    struct ready_lookup ready;
    struct warp_tables  wt;
    long                cycle;
};

/*
 * What write-back does in one cycle.  A diverged commit names the
 * re-convergence PC and its two thread groups (lane masks and their PCs);
 * a non-diverged one names the warp's next PC.
 */
struct commit {
    int      valid;
    unsigned slot;          /* First-Level slot of the committing warp */
    int      diverged;
    uint64_t next_pc;       /* non-diverged */
    uint64_t rpc;           /* diverged */
    uint64_t group_pc[2];   /* diverged: taken by ... */
    uint32_t group_mask[2]; /* ... these lanes */
};

/*
 * One clock cycle of the stage: evaluate every model on the inputs the
 * others give it, then clock them all.  `wret` (may be NULL) is a warp
 * entering Second-Level from outside, as a warp back from memory does.
 */
static void cycle(struct stage *st, const struct commit *c,
                  const struct warp *wret)
{
    const unsigned lanes = st->cfg.simd_width;
    struct rbt_in ri;
    struct rbt_out ro;
    struct lookup_in li;
    struct lookup_out lo;
    struct warp_tables_in wi;
    struct warp_tables_out wo = { 0 };
    struct warp committing;
    const struct warp *w = NULL;

    /* The committing warp, as First-Level holds it. */
    memset(&wi, 0, sizeof wi);
    warp_tables_eval(&st->wt, &wi, &wo);
    if (c && c->valid) {
        assert_true(wo.fl_valid[c->slot]);
        committing = wo.fl[c->slot];
        w = &committing;
    }

    /* The RBT: reservation or arrival at write-back. */
    memset(&ri, 0, sizeof ri);
    if (w) {
        ri.cmt_valid = true;
        ri.cmt_diverged = c->diverged != 0;
        ri.cmt_pc = c->diverged ? c->rpc : c->next_pc;
        ri.cmt_mask = (uint32_t)w->mask;
        for (unsigned l = 0; l < lanes; l++)
            ri.cmt_tid[l] = w->tid[l];
    }
    rbt_eval(&st->rbt, &ri, &ro);
    assert_false(ro.err);
    assert_int_equal(ro.rsv_fail, 0);   /* no set is full in this example */

    /* The Ready-Lookup's oldest warp, before this cycle's changes. */
    memset(&li, 0, sizeof li);
    memset(&lo, 0, sizeof lo);
    ready_lookup_eval(&st->ready, &li, &lo);

    /* The warp tables: commit update, barrier and lookup warps. */
    memset(&wi, 0, sizeof wi);
    if (w) {
        wi.upd_valid = true;
        wi.upd_slot = c->slot;
        wi.upd_pc = c->diverged ? c->rpc : c->next_pc;
        wi.upd_mask = c->diverged ? 0 : (w->mask & ~(uint64_t)ro.arr_hit);
    }
    if (ro.rel_valid) {
        wi.bar_valid = true;
        wi.bar.pc = ro.rel_pc;
        wi.bar.mask = ro.rel_mask;
        for (unsigned l = 0; l < lanes; l++)
            wi.bar.tid[l] = ro.rel_tid[l];
    }
    if (lo.head_valid) {
        wi.lkp_valid = true;
        wi.lkp = lo.head;
    }
    if (wret) {
        wi.wret_valid = true;
        wi.wret = *wret;
    }
    warp_tables_eval(&st->wt, &wi, &wo);
    assert_false(wo.err);
    assert_false(wo.ovf);
    if (wret)
        assert_true(wo.wret_ready);
    ri.rel_ready = wo.bar_ready;    /* the RBT frees what Second-Level takes */

    /* The Ready-Lookup: departure, then the two groups of a divergence. */
    memset(&li, 0, sizeof li);
    li.pop = wo.lkp_pop;
    if (w && c->diverged) {
        for (unsigned p = 0; p < 2; p++) {
            li.ins_valid[p] = true;
            li.ins[p] = *w;
            li.ins[p].pc = c->group_pc[p];
            li.ins[p].mask = c->group_mask[p];
        }
    }
    memset(&lo, 0, sizeof lo);
    ready_lookup_eval(&st->ready, &li, &lo);
    assert_false(lo.err);
    assert_false(lo.ins_bypass[0] || lo.ins_bypass[1]);

    rbt_step(&st->rbt, &ri);
    warp_tables_step(&st->wt, &wi);
    ready_lookup_step(&st->ready, &li);
    st->cycle++;
}

/* Clock the stage with nothing committing. */
static void idle(struct stage *st)
{
    cycle(st, NULL, NULL);
}

static void commit_diverged(struct stage *st, unsigned slot,
                            const unsigned *to_b, unsigned nb,
                            const unsigned *to_c, unsigned nc)
{
    struct commit c = { 1, slot, 1, 0, PC_D, { PC_B, PC_C },
                        { lanes_of(to_b, nb), lanes_of(to_c, nc) } };
    cycle(st, &c, NULL);
}

static void commit_to(struct stage *st, unsigned slot, uint64_t next_pc)
{
    struct commit c = { 1, slot, 0, next_pc, 0, { 0, 0 }, { 0, 0 } };
    cycle(st, &c, NULL);
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

/* First-Level slot 0 holds exactly `want`. */
static void assert_first_level(const struct stage *st,
                               const struct warp *want)
{
    assert_true(st->wt.fl_valid[0]);
    assert_same_warp(st->wt.fl[0].pc, st->wt.fl[0].mask, st->wt.fl[0].tid,
                     want);
}

/* The Ready-Lookup holds the warps `want`, oldest first. */
static void assert_lookup(const struct stage *st,
                          const struct warp *want, unsigned n)
{
    assert_int_equal(st->ready.table.count, n);
    for (unsigned age = 0; age < n; age++) {
        int found = 0;
        for (unsigned e = 0; e < st->ready.table.g.entries; e++) {
            const struct lookup_entry *le = &st->ready.table.entry[e];
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
    int e = rbt_find(&st->rbt, PC_D, members[0] % 4, members[0] / 4);

    assert_true(e >= 0);
    assert_true(st->rbt.e[e].valid);
    assert_int_equal(st->rbt.e[e].rpc, PC_D);
    assert_int_equal(st->rbt.e[e].member, lanes_of(members, n));
    assert_int_equal(st->rbt.e[e].reached, reached_lanes);
    for (unsigned i = 0; i < n; i++)
        assert_int_equal(rbt_find(&st->rbt, PC_D, members[i] % 4,
                                  members[i] / 4), e);
}

static void load_stage(struct stage *st)
{
    char path[1024], err[CONFIG_ERR_LEN];
    const char *srcdir = getenv("SRCDIR");

    memset(st, 0, sizeof *st);
    snprintf(path, sizeof path, "%s/tests/scenarios/harp-fig10.conf",
             srcdir && *srcdir ? srcdir : ".");
    if (config_load(path, &st->cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
    /* The split-table equivalent of Fig. 10's unified scheduler. */
    st->cfg.first_level_entries = 1;
    st->cfg.lookup_to_second_threshold = 1;
    assert_int_equal(rbt_init(&st->rbt, &st->cfg, err, sizeof err), 0);
    assert_int_equal(ready_lookup_init(&st->ready, &st->cfg, err, sizeof err),
                     0);
    assert_int_equal(warp_tables_init(&st->wt, &st->cfg, err, sizeof err), 0);
}

static void the_fig10_example_regroups_and_reconverges_at_d(void **state)
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
    (void)state;

    load_stage(&st);

    /* (1) W0 and W1 are ready at the last instruction of A. */
    cycle(&st, NULL, &warp_w0);
    cycle(&st, NULL, &warp_w1);     /* W0 moves to First-Level */
    assert_first_level(&st, &warp_w0);
    assert_int_equal(st.wt.count, 1);

    /* (4)-(6) W0 diverges: a barrier at D with nobody arrived, and two
     * new warps in the Lookup: {T1,T3} at B, {T0,T2} at C. */
    commit_diverged(&st, 0, w0_b, 2, w0_c, 2);
    assert_barrier(&st, w0, 4, 0x0);
    want[0] = warp_of(PC_B, w0_b, 2);
    want[1] = warp_of(PC_C, w0_c, 2);
    assert_lookup(&st, want, 2);

    /* W1 takes First-Level; (7) Second-Level empties, so {T1,T3} departs
     * and becomes W2. */
    idle(&st);
    assert_first_level(&st, &warp_w1);
    idle(&st);
    assert_int_equal(st.wt.count, 1);
    assert_same_warp(warp_tables_sl_warp(&st.wt, 0)->pc, warp_tables_sl_warp(&st.wt, 0)->mask,
                     warp_tables_sl_warp(&st.wt, 0)->tid, &want[0]);

    /* (8)-(10) W1 diverges: a second barrier at D (set 1); T4..T6 form a
     * new warp at B, T7 merges into {T0,T2} at C. */
    commit_diverged(&st, 0, w1_b, 3, w1_c, 1);
    assert_barrier(&st, w0, 4, 0x0);
    assert_barrier(&st, w1, 4, 0x0);
    assert_int_equal(st.rbt.occupancy, 2);
    want[0] = warp_of(PC_B, w1_b, 3);
    want[1] = warp_of(PC_C, w4, 3);
    assert_lookup(&st, want, 2);

    /* (11) W2 = {T1,T3} issues: it moves to First-Level. */
    idle(&st);
    assert_first_level(&st, &want_w2);
    assert_int_equal(st.wt.count, 0);

    /* (12) Second-Level is empty again: W3 = {T4,T5,T6}, the oldest
     * Lookup warp, departs (FIFO); W4 = {T0,T2,T7} stays. */
    idle(&st);
    assert_int_equal(st.wt.count, 1);
    assert_same_warp(warp_tables_sl_warp(&st.wt, 0)->pc, warp_tables_sl_warp(&st.wt, 0)->mask,
                     warp_tables_sl_warp(&st.wt, 0)->tid, &want[0]);
    assert_lookup(&st, &want[1], 1);

    /* (13)-(14) W2 commits with next pc D: T1 and T3 reach the barrier of
     * W0, leave the warp, and W2 is gone from First-Level. */
    commit_to(&st, 0, PC_D);
    assert_barrier(&st, w0, 4, lanes_of(w0_b, 2));
    assert_barrier(&st, w1, 4, 0x0);
    assert_false(st.wt.fl_valid[0]);

    /* (15) W3 issues; (16) W4, the last Lookup warp, departs. */
    idle(&st);
    assert_first_level(&st, &want[0]);
    idle(&st);
    assert_int_equal(st.ready.table.count, 0);
    assert_int_equal(st.wt.count, 1);

    /* (18)-(20) W3 commits at D: T4, T5 and T6 wait for T7. */
    commit_to(&st, 0, PC_D);
    assert_barrier(&st, w0, 4, lanes_of(w0_b, 2));
    assert_barrier(&st, w1, 4, lanes_of(w1_b, 3));

    /* (21) W4 issues; (22) it commits at D.  T0 and T2 complete W0's
     * barrier in set 0 and T7 completes W1's in set 1: each lane finds
     * the barrier of its own set. */
    idle(&st);
    assert_first_level(&st, &want[1]);
    commit_to(&st, 0, PC_D);
    assert_barrier(&st, w0, 4, 0xf);
    assert_barrier(&st, w1, 4, 0xf);
    assert_int_equal(st.rbt.occupancy, 2);

    /* Both barriers release, one a cycle, the lower entry first: W0 and
     * then W1 are re-incarnated at D with exactly their threads, enter
     * Second-Level, and their entries are freed. */
    idle(&st);
    assert_int_equal(st.rbt.occupancy, 1);
    assert_int_equal(rbt_find(&st.rbt, PC_D, 0, 0), -1);
    assert_int_equal(st.wt.count, 1);
    assert_same_warp(warp_tables_sl_warp(&st.wt, 0)->pc, warp_tables_sl_warp(&st.wt, 0)->mask,
                     warp_tables_sl_warp(&st.wt, 0)->tid, &reborn_w0);
    idle(&st);
    assert_int_equal(st.rbt.occupancy, 0);
    assert_first_level(&st, &reborn_w0);
    assert_int_equal(st.wt.count, 1);
    assert_same_warp(warp_tables_sl_warp(&st.wt, 0)->pc, warp_tables_sl_warp(&st.wt, 0)->mask,
                     warp_tables_sl_warp(&st.wt, 0)->tid, &reborn_w1);
    assert_int_equal(st.ready.table.count, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_fig10_example_regroups_and_reconverges_at_d),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
