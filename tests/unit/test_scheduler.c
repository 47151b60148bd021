/*
 * test_scheduler.c -- the warp issue scheduler model: BAWS Fig. 7 and
 * Table 1 under MWF(LRR) and MWF(GTO), the TB3 tie rule, LRR fairness,
 * GTO greed, the input contract, two-level scheduling (TLS), SAWS's
 * first-hit order, and BAWS Fig. 13 on the scheduler and WPT models.
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
#include "rtlgen.h"
#include "scheduler.h"
#include "wpt.h"
#include "test_load.h"

static void make(struct scheduler *s, struct simt_config cfg,
                 enum sched_policy p)
{
    char err[CONFIG_ERR_LEN];
    cfg.scheduler = p;
    if (scheduler_init(s, &cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
}

/* No warp ready; warp w in TB w / per_tb; ranks the identity. */
static struct scheduler_in blank(unsigned per_tb)
{
    struct scheduler_in in;
    memset(&in, 0, sizeof in);
    for (unsigned w = 0; w < SCHEDULER_MAX_WARPS; w++)
        in.warp_tb[w] = w / per_tb;
    for (unsigned t = 0; t < CONFIG_MAX_TBS; t++)
        in.tb_rank[t] = t;
    return in;
}

/* One cycle; returns the granted warp, -1 for none. */
static int cycle(struct scheduler *s, const struct scheduler_in *in)
{
    struct scheduler_out out;
    scheduler_eval(s, in, &out);
    assert_false(out.err);
    scheduler_step(s, in);
    if (!out.grant_valid)
        return -1;
    assert_true(in->ready[out.grant_warp]);
    return (int)out.grant_warp;
}

/* Grant only warp w (it alone is ready for a cycle). */
static void issue_alone(struct scheduler *s, struct scheduler_in in, unsigned w)
{
    in.ready[w] = true;
    assert_int_equal(cycle(s, &in), (int)w);
}

/*
 * Grant until no warp is ready, each granted warp then no longer ready
 * (it reached its barrier or waits for its next instruction).
 */
static void drain(struct scheduler *s, struct scheduler_in *in, int *order, int n)
{
    for (int k = 0; k < n; k++) {
        order[k] = cycle(s, in);
        assert_true(order[k] >= 0);
        in->ready[order[k]] = false;
    }
    assert_int_equal(cycle(s, in), -1);
}

/*
 * BAWS Fig. 7: TB0 = w0..w3, TB1 = w4..w7, TB2 = w8..w11.  Waiting at the
 * barriers: w2; w5, w7; w9, w10, w11 -- counters 1, 2, 3 (Table 1), so the
 * WPT ranks are TB2 0, TB1 1, TB0 2 (TB3, empty, 3).  Running and ready:
 * w0, w1, w3, w4, w6, w8.  Last issued: w0 in TB0 (earlier) and w7 in TB1
 * (last cycle; it has just reached its barrier).
 */
static struct scheduler_in fig7(struct scheduler *s)
{
    struct scheduler_in in = blank(4);
    static const unsigned running[] = { 0, 1, 3, 4, 6, 8 };

    issue_alone(s, in, 0);
    issue_alone(s, in, 7);
    in.tb_rank[0] = 2;
    in.tb_rank[1] = 1;
    in.tb_rank[2] = 0;
    in.tb_rank[3] = 3;
    for (size_t k = 0; k < sizeof running / sizeof running[0]; k++)
        in.ready[running[k]] = true;
    return in;
}

static void assert_order(const int *got, const int *want, int n)
{
    for (int k = 0; k < n; k++)
        if (got[k] != want[k])
            fail_msg("grant %d: w%d, expected w%d", k, got[k], want[k]);
}

/*
 * MWF(LRR) resumes each TB after the warp last issued in that TB: TB2 has
 * only w8; TB1 goes on after w7 (w4, w6); TB0 after w0 (w1, w3, w0).  A
 * single last-granted pointer would give w0 before w1.
 */
static void mwf_lrr_issues_fig7_warps_in_order_w8_w4_w6_w1_w3_w0(void **state)
{
    struct simt_config cfg = load_file("tests/data/scenarios/baws-fig7.conf");
    struct scheduler s;
    struct scheduler_in in;
    int got[6];
    static const int want[6] = { 8, 4, 6, 1, 3, 0 };
    (void)state;

    make(&s, cfg, SCHED_MWF_LRR);
    assert_int_equal(s.g.warps, 12);
    in = fig7(&s);
    drain(&s, &in, got, 6);
    assert_order(got, want, 6);
}

/*
 * MWF(GTO) on the same set-up: w8 (TB2's only warp); the last issued warp
 * is then w8, not of TB1, so TB1 starts with its oldest warp w4, then w6;
 * TB0 likewise w0, w1, w3.  Order: w8, w4, w6, w0, w1, w3.
 */
static void mwf_gto_issues_fig7_warps_in_order_w8_w4_w6_w0_w1_w3(void **state)
{
    struct simt_config cfg = load_file("tests/data/scenarios/baws-fig7.conf");
    struct scheduler s;
    struct scheduler_in in;
    int got[6];
    static const int want[6] = { 8, 4, 6, 0, 1, 3 };
    (void)state;

    make(&s, cfg, SCHED_MWF_GTO);
    in = fig7(&s);
    drain(&s, &in, got, 6);
    assert_order(got, want, 6);
}

/* The WPT ranks of the given counters (warps waiting per TB). */
static void wpt_ranks(const struct simt_config *cfg, const unsigned *waiting,
                      unsigned tbs, unsigned *rank)
{
    struct wpt w;
    struct wpt_in win;
    struct wpt_out wout;

    assert_int_equal(wpt_init(&w, cfg, NULL, 0), 0);
    memset(&win, 0, sizeof win);
    win.tb_warps = 4;
    for (unsigned t = 0; t < tbs; t++)
        for (unsigned k = 0; k < waiting[t]; k++) {
            win.arr_valid[0] = true;
            win.arr_tb[0] = t;
            wpt_step(&w, &win);
        }
    win.arr_valid[0] = false;
    wpt_eval(&w, &win, &wout);
    for (unsigned t = 0; t < tbs; t++)
        rank[t] = wout.rank[t];
}

/*
 * The TB3 tie rule of BAWS 4.1.1: TB3 also has two warps waiting, as TB1;
 * TB1 has the smaller id and goes first.  Ranks from the WPT model; TB3
 * holds w0..w3 here, w0 and w1 ready; TB1's w4 and w6 ready.
 */
static void tie_between_tb1_and_tb3_goes_to_tb1(void **state)
{
    struct simt_config cfg = load_file("tests/data/scenarios/baws-fig7.conf");
    static const unsigned waiting[4] = { 1, 2, 3, 2 };
    struct scheduler s;
    struct scheduler_in in = blank(4);
    int got[4];
    static const int want[4] = { 4, 6, 0, 1 };
    (void)state;

    make(&s, cfg, SCHED_MWF_LRR);
    wpt_ranks(&cfg, waiting, 4, in.tb_rank);
    assert_int_equal(in.tb_rank[1], 1);
    assert_int_equal(in.tb_rank[3], 2);
    for (unsigned w = 0; w < 4; w++)
        in.warp_tb[w] = 3;
    in.ready[0] = in.ready[1] = in.ready[4] = in.ready[6] = true;
    drain(&s, &in, got, 4);
    assert_order(got, want, 4);
}

/*
 * Ranks that are not a permutation break the contract: err, and of two
 * TBs of equal rank the smaller id still wins, deterministically.
 */
static void equal_ranks_raise_err_and_go_to_the_smaller_tb_id(void **state)
{
    struct scheduler s;
    struct scheduler_in in = blank(2);
    struct scheduler_out out;
    (void)state;

    make(&s, load("tiny"), SCHED_MWF_LRR);
    in.tb_rank[1] = 0;
    in.tb_rank[2] = 0;
    in.tb_rank[0] = 1;
    in.ready[5] = true;       /* TB2 */
    in.ready[3] = true;       /* TB1 */
    scheduler_eval(&s, &in, &out);
    assert_true(out.err);
    assert_true(out.grant_valid);
    assert_int_equal(out.grant_warp, 3);
}

/* MWF: a ready warp of the first TB wins over any warp of later TBs. */
static void mwf_grants_only_the_ready_tb_of_smallest_rank(void **state)
{
    struct scheduler s;
    struct scheduler_in in = blank(2);
    (void)state;

    make(&s, load("tiny"), SCHED_MWF_LRR);
    in.tb_rank[0] = 3;
    in.tb_rank[1] = 2;
    in.tb_rank[2] = 0;
    in.tb_rank[3] = 1;
    in.ready[0] = in.ready[2] = in.ready[7] = true;   /* TB0, TB1, TB3 */
    assert_int_equal(cycle(&s, &in), 7);
    in.ready[7] = false;
    assert_int_equal(cycle(&s, &in), 2);
}

/* LRR with every warp always ready: 0, 1, ..., 7, 0 from reset. */
static void lrr_from_reset_grants_warps_in_order(void **state)
{
    struct scheduler s;
    struct scheduler_in in = blank(2);
    (void)state;

    make(&s, load("tiny"), SCHED_LRR);
    for (unsigned w = 0; w < 8; w++)
        in.ready[w] = true;
    for (unsigned k = 0; k <= 8; k++)
        assert_int_equal(cycle(&s, &in), (int)(k % 8));
}

/* LRR: a warp that stays ready is granted within W cycles, whatever else. */
static void lrr_grants_every_continuously_ready_warp_within_w_cycles(void **state)
{
    struct scheduler s;
    struct scheduler_in in = blank(2);
    unsigned waited[8] = { 0 };
    unsigned seed = 12345;
    (void)state;

    make(&s, load("tiny"), SCHED_LRR);
    for (unsigned c = 0; c < 20000; c++) {
        int g;
        for (unsigned w = 0; w < 8; w++) {
            seed = seed * 1103515245u + 12345u;
            if (((seed >> 16) & 7) == 0)
                in.ready[w] = !in.ready[w];
        }
        g = cycle(&s, &in);
        for (unsigned w = 0; w < 8; w++) {
            waited[w] = in.ready[w] && (int)w != g ? waited[w] + 1 : 0;
            assert_true(waited[w] < 8);
        }
    }
}

/*
 * GTO keeps issuing the last warp while it is ready, even with older warps
 * ready; when it stalls, the oldest ready warp: TB before warp id.
 */
static void gto_stays_greedy_then_takes_the_oldest(void **state)
{
    struct scheduler s;
    struct scheduler_in in = blank(2);
    (void)state;

    make(&s, load("tiny"), SCHED_GTO);
    in.warp_tb[6] = 0;                   /* w6 is as old as w0, w1 */
    issue_alone(&s, in, 5);
    in.ready[5] = in.ready[1] = in.ready[3] = in.ready[6] = true;
    for (int k = 0; k < 5; k++)
        assert_int_equal(cycle(&s, &in), 5);
    in.ready[5] = false;
    assert_int_equal(cycle(&s, &in), 1);  /* TB0: w1 before w6 */
    in.ready[1] = false;
    assert_int_equal(cycle(&s, &in), 6);  /* TB0's w6 before TB1's w3 */
    in.ready[6] = false;
    assert_int_equal(cycle(&s, &in), 3);
}

/* From reset GTO has no last warp: the oldest, warp 0 of TB0. */
static void gto_from_reset_takes_the_oldest_ready_warp(void **state)
{
    struct scheduler s;
    struct scheduler_in in = blank(2);
    (void)state;

    make(&s, load("tiny"), SCHED_GTO);
    in.ready[7] = in.ready[2] = true;
    assert_int_equal(cycle(&s, &in), 2);
}

static void no_ready_warp_no_grant(void **state)
{
    static const enum sched_policy p[] = {
        SCHED_LRR, SCHED_GTO, SCHED_MWF_LRR, SCHED_MWF_GTO
    };
    (void)state;

    for (size_t k = 0; k < sizeof p / sizeof p[0]; k++) {
        struct scheduler s;
        struct scheduler_in in = blank(2);
        struct scheduler_out out;
        make(&s, load("tiny"), p[k]);
        scheduler_eval(&s, &in, &out);
        assert_false(out.grant_valid);
        assert_int_equal(out.grant_warp, 0);
    }
}

/* Every policy of the configuration has a model and a generated module. */
static void every_policy_is_modelled_and_generated(void **state)
{
    static const enum sched_policy p[] = {
        SCHED_LRR, SCHED_GTO, SCHED_TLS, SCHED_MWF_LRR, SCHED_MWF_GTO,
        SCHED_SAWS };
    struct simt_config cfg = load("tiny");
    char err[CONFIG_ERR_LEN], dir[] = "test-out/sched-all-XXXXXX", path[256];
    struct scheduler s;
    (void)state;

    if (system("mkdir -p test-out") != 0 || !mkdtemp(dir))
        fail_msg("cannot make %s", dir);
    for (size_t k = 0; k < sizeof p / sizeof p[0]; k++) {
        cfg.scheduler = p[k];
        if (scheduler_init(&s, &cfg, err, sizeof err) != 0)
            fail_msg("%s", err);
        if (rtlgen_write(&cfg, dir, DEFECT_NONE, err, sizeof err) != 0)
            fail_msg("%s", err);
        snprintf(path, sizeof path, "%s/simtref_scheduler.v", dir);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        fclose(f);
    }
}

/* TLS: the active group is one warp per pipeline stage, at most W. */
static void tls_active_group_is_one_warp_per_pipeline_stage(void **state)
{
    struct scheduler s;
    struct simt_config cfg = load("tiny");
    (void)state;

    make(&s, cfg, SCHED_TLS);
    assert_int_equal(s.g.group, cfg.pipeline_depth);     /* 2 of 8 */
    make(&s, load("gtx480-baws"), SCHED_TLS);
    assert_int_equal(s.g.group, 8);                       /* 8 of 24 */
    cfg.pipeline_depth = 12;
    make(&s, cfg, SCHED_TLS);
    assert_int_equal(s.g.group, 8);                       /* all 8 warps */
    for (unsigned w = 0; w < 8; w++)
        assert_true(s.active[w]);
}

/* TLS: from reset warps 0 and 1 are active; only they issue, in turn. */
static void tls_grants_only_active_warps_in_round_robin(void **state)
{
    struct scheduler s;
    struct scheduler_in in = blank(4);
    (void)state;

    make(&s, load("tiny"), SCHED_TLS);
    for (unsigned w = 0; w < 8; w++)
        in.ready[w] = true;
    for (int k = 0; k < 6; k++)
        assert_int_equal(cycle(&s, &in), k % 2);
    in.ready[0] = in.ready[1] = false;
    assert_int_equal(cycle(&s, &in), -1);    /* pending warps do not issue */
}

/*
 * TLS: a warp waiting on a long-latency operation leaves the active group
 * at the edge and the next pending warp after the last promoted one joins;
 * a warp that finished its wait is promoted only in its round-robin turn.
 */
static void tls_long_latency_wait_swaps_a_warp_for_the_next_pending(void **state)
{
    struct scheduler s;
    struct scheduler_in in = blank(4);
    (void)state;

    make(&s, load("tiny"), SCHED_TLS);
    for (unsigned w = 0; w < 8; w++)
        in.ready[w] = true;
    in.long_wait[0] = true;                    /* w0 waits on a load */
    assert_int_equal(cycle(&s, &in), 0);       /* still active this cycle */
    assert_false(s.active[0]);
    assert_true(s.active[1] && s.active[2]);
    assert_int_equal(s.promoted, 2);
    in.long_wait[0] = false;                   /* its data returned */
    in.long_wait[1] = true;
    assert_int_equal(cycle(&s, &in), 1);
    assert_true(s.active[2] && s.active[3]);   /* w3, not w0: round robin */
    assert_false(s.active[0]);
    in.long_wait[1] = false;
    in.long_wait[2] = in.long_wait[3] = true;  /* both leave: w4, w5 join */
    assert_int_equal(cycle(&s, &in), 2);
    assert_true(s.active[4] && s.active[5]);
    in.long_wait[2] = in.long_wait[3] = false;
    for (unsigned w = 4; w < 8; w++)          /* w6, w7, then w0 */
        in.long_wait[w] = true;
    cycle(&s, &in);
    assert_true(s.active[6] == false && s.active[0] && s.active[1]);
    unsigned n = 0;
    for (unsigned w = 0; w < 8; w++)
        n += s.active[w];
    assert_int_equal(n, 2);
}

/*
 * SAWS: TBs in first-hit order of their barrier.  tiny: TB t = warps
 * 2t, 2t+1; one ready warp per TB (w0, w2, w4, w6).
 */
static int saws_grant_tb(struct scheduler *s, struct scheduler_in *in)
{
    int w = cycle(s, in);
    return w < 0 ? -1 : (int)in->warp_tb[w];
}

static void saws_keeps_the_tb_that_hit_its_barrier_first(void **state)
{
    struct scheduler s;
    struct scheduler_in in = blank(2);
    unsigned rank[CONFIG_MAX_TBS];
    (void)state;

    make(&s, load("tiny"), SCHED_SAWS);
    for (unsigned t = 0; t < 4; t++)
        in.ready[2 * t] = true;
    assert_int_equal(saws_grant_tb(&s, &in), 0);   /* none waits: by id */
    in.tb_wait[2] = true;                           /* TB2 hits first */
    assert_int_equal(saws_grant_tb(&s, &in), 2);
    in.tb_wait[0] = true;                           /* TB0 later: behind */
    assert_int_equal(saws_grant_tb(&s, &in), 2);
    in.tb_wait[1] = in.tb_wait[3] = true;           /* together: by id */
    scheduler_saws_ranks(&s, &in, rank);
    assert_int_equal(rank[2], 0);
    assert_int_equal(rank[0], 1);
    assert_int_equal(rank[1], 2);
    assert_int_equal(rank[3], 3);
    assert_int_equal(saws_grant_tb(&s, &in), 2);
    in.tb_wait[2] = false;                          /* TB2 releases */
    assert_int_equal(saws_grant_tb(&s, &in), 0);
    in.tb_wait[2] = true;                           /* and hits again: last */
    scheduler_saws_ranks(&s, &in, rank);
    assert_int_equal(rank[2], 3);
    in.ready[0] = false;                            /* TB0 not ready: TB1 */
    assert_int_equal(saws_grant_tb(&s, &in), 1);
}

/* SAWS within the TB: GTO, as MWF(GTO). */
static void saws_is_greedy_then_oldest_within_the_tb(void **state)
{
    struct scheduler s;
    struct scheduler_in in = blank(4);
    (void)state;

    make(&s, load("tiny"), SCHED_SAWS);
    in.tb_wait[1] = true;
    in.ready[5] = in.ready[6] = in.ready[0] = true;
    assert_int_equal(cycle(&s, &in), 5);            /* oldest of TB1 */
    in.ready[4] = true;
    assert_int_equal(cycle(&s, &in), 5);            /* greedy */
    in.ready[5] = false;
    assert_int_equal(cycle(&s, &in), 4);            /* then the oldest */
}

/*
 * BAWS Fig. 13 on the models wired as the SM wires them: barrier arrivals
 * go into the WPT; its ranks feed MWF, its non-zero counters (TBs waiting)
 * feed SAWS.  3 TBs of 4 warps (baws-fig7 geometry); all running warps
 * ready.  t0: w0 of TB0 waits; t1: w4, w5 of TB1 too; t2: w8, w9, w10 of
 * TB2 too.  MWF grants TB0, TB1, TB2; SAWS keeps TB0, which hit first.
 */
static void fig13_run(enum sched_policy p, int tb_at[3])
{
    static const int arrive[5][2] = {
        { -1, -1 }, { 0, -1 }, { 4, 5 }, { 8, 9 }, { 10, -1 } };
    struct simt_config cfg = load_file("tests/data/scenarios/baws-fig7.conf");
    struct scheduler s;
    struct wpt wpt;
    struct scheduler_in in = blank(4);
    bool ready[12];

    make(&s, cfg, p);
    assert_int_equal(wpt_init(&wpt, &cfg, NULL, 0), 0);
    for (unsigned w = 0; w < 12; w++)
        ready[w] = true;
    for (int c = 0; c <= 5; c++) {
        struct wpt_in win;
        struct wpt_out wout;
        struct scheduler_out out;

        memset(&win, 0, sizeof win);
        win.tb_warps = 4;
        for (int k = 0; k < 2 && c < 5; k++)
            if (arrive[c][k] >= 0) {
                win.arr_valid[k] = true;
                win.arr_tb[k] = (unsigned)arrive[c][k] / 4;
            }
        wpt_eval(&wpt, &win, &wout);
        for (unsigned t = 0; t < 4; t++) {
            in.tb_rank[t] = wout.rank[t];
            in.tb_wait[t] = wout.cnt[t] != 0;
        }
        for (unsigned w = 0; w < 12; w++)
            in.ready[w] = ready[w];
        scheduler_eval(&s, &in, &out);
        assert_false(out.err);
        assert_true(out.grant_valid);
        if (c == 2 || c == 3 || c == 5)
            tb_at[c == 2 ? 0 : c == 3 ? 1 : 2] = (int)out.grant_warp / 4;
        scheduler_step(&s, &in);
        wpt_step(&wpt, &win);
        for (int k = 0; k < 2 && c < 5; k++)
            if (arrive[c][k] >= 0)
                ready[arrive[c][k]] = false;
    }
}

static void fig13_mwf_picks_tb1_at_t1_and_tb2_at_t2_saws_keeps_tb0(void **state)
{
    int mwf_lrr[3], mwf_gto[3], saws[3];
    (void)state;

    fig13_run(SCHED_MWF_LRR, mwf_lrr);
    fig13_run(SCHED_MWF_GTO, mwf_gto);
    fig13_run(SCHED_SAWS, saws);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(mwf_lrr[k], k);     /* t0 TB0, t1 TB1, t2 TB2 */
        assert_int_equal(mwf_gto[k], k);
        assert_int_equal(saws[k], 0);        /* TB0 throughout */
    }
}

/* Flip-flops: tiny has 8 warps (3-bit ids) and 4 TBs. */
static void state_bits_per_policy(void **state)
{
    struct scheduler s;
    (void)state;

    make(&s, load("tiny"), SCHED_LRR);
    assert_int_equal(scheduler_state_bits(&s.g), 3);
    make(&s, load("tiny"), SCHED_GTO);
    assert_int_equal(scheduler_state_bits(&s.g), 4);
    make(&s, load("tiny"), SCHED_MWF_LRR);
    assert_int_equal(scheduler_state_bits(&s.g), 12);
    make(&s, load("tiny"), SCHED_TLS);       /* 8 active bits, last, promoted */
    assert_int_equal(scheduler_state_bits(&s.g), 8 + 3 + 3);
    make(&s, load("tiny"), SCHED_SAWS);      /* GTO, 4 waited, 6 pairs */
    assert_int_equal(scheduler_state_bits(&s.g), 4 + 4 + 6);
    make(&s, load("fermi-harp"), SCHED_LRR);
    assert_int_equal(s.g.warps, 48);
    assert_int_equal(scheduler_state_bits(&s.g), 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mwf_lrr_issues_fig7_warps_in_order_w8_w4_w6_w1_w3_w0),
        cmocka_unit_test(mwf_gto_issues_fig7_warps_in_order_w8_w4_w6_w0_w1_w3),
        cmocka_unit_test(tie_between_tb1_and_tb3_goes_to_tb1),
        cmocka_unit_test(equal_ranks_raise_err_and_go_to_the_smaller_tb_id),
        cmocka_unit_test(mwf_grants_only_the_ready_tb_of_smallest_rank),
        cmocka_unit_test(lrr_from_reset_grants_warps_in_order),
        cmocka_unit_test(lrr_grants_every_continuously_ready_warp_within_w_cycles),
        cmocka_unit_test(gto_stays_greedy_then_takes_the_oldest),
        cmocka_unit_test(gto_from_reset_takes_the_oldest_ready_warp),
        cmocka_unit_test(no_ready_warp_no_grant),
        cmocka_unit_test(every_policy_is_modelled_and_generated),
        cmocka_unit_test(tls_active_group_is_one_warp_per_pipeline_stage),
        cmocka_unit_test(tls_grants_only_active_warps_in_round_robin),
        cmocka_unit_test(tls_long_latency_wait_swaps_a_warp_for_the_next_pending),
        cmocka_unit_test(saws_keeps_the_tb_that_hit_its_barrier_first),
        cmocka_unit_test(saws_is_greedy_then_oldest_within_the_tb),
        cmocka_unit_test(fig13_mwf_picks_tb1_at_t1_and_tb2_at_t2_saws_keeps_tb0),
        cmocka_unit_test(state_bits_per_policy),
    };
    return cmocka_run_group_tests_name("scheduler", tests, NULL, NULL);
}
