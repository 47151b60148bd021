/*
 * test_wpt.c -- the warp priority table model: BAWS Table 1 and Fig. 7,
 * the counting and release rules, the errors, and the storage figure of
 * BAWS section 4.1.2.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "wpt.h"
#include "test_load.h"

static struct wpt_in idle(unsigned tb_warps)
{
    struct wpt_in in;
    memset(&in, 0, sizeof in);
    in.tb_warps = tb_warps;
    return in;
}

/* One cycle: warps of TBs a and b arrive (-1: port idle); returns outputs. */
static struct wpt_out cycle(struct wpt *w, unsigned tb_warps, int a, int b)
{
    struct wpt_in in = idle(tb_warps);
    struct wpt_out out;
    if (a >= 0) { in.arr_valid[0] = true; in.arr_tb[0] = (unsigned)a; }
    if (b >= 0) { in.arr_valid[1] = true; in.arr_tb[1] = (unsigned)b; }
    wpt_eval(w, &in, &out);
    wpt_step(w, &in);
    return out;
}

static struct wpt_out look(const struct wpt *w, unsigned tb_warps)
{
    struct wpt_in in = idle(tb_warps);
    struct wpt_out out;
    wpt_eval(w, &in, &out);
    return out;
}

/* The MWF order of the TBs, TB of rank 0 first. */
struct order { unsigned tb[CONFIG_MAX_TBS]; };

static struct order order_of(const struct wpt *w, const struct wpt_out *out)
{
    struct order o;
    wpt_mwf_order(w, out, o.tb);
    return o;
}

/*
 * BAWS Fig. 7: TB0 = w0..w3, TB1 = w4..w7, TB2 = w8..w11.  Waiting at the
 * barrier: w2 (TB0); w5, w7 (TB1); w9, w10, w11 (TB2).
 */
static void arrive_as_in_fig7(struct wpt *w)
{
    cycle(w, 4, 0, 1);     /* w2, w5 */
    cycle(w, 4, 1, 2);     /* w7, w9 */
    cycle(w, 4, 2, 2);     /* w10, w11 */
}

static void counters_hold_the_priorities_of_table_1(void **state)
{
    struct simt_config cfg = load("tiny");
    struct wpt w;
    (void)state;
    assert_int_equal(wpt_init(&w, &cfg, NULL, 0), 0);
    wpt_reset(&w);
    arrive_as_in_fig7(&w);
    struct wpt_out out = look(&w, 4);
    assert_int_equal(out.cnt[0], 1);
    assert_int_equal(out.cnt[1], 2);
    assert_int_equal(out.cnt[2], 3);
    assert_int_equal(out.cnt[3], 0);
    assert_false(out.err);
}

static void mwf_order_puts_tb2_then_tb1_then_tb0(void **state)
{
    struct simt_config cfg = load("tiny");
    struct wpt w;
    (void)state;
    assert_int_equal(wpt_init(&w, &cfg, NULL, 0), 0);
    wpt_reset(&w);
    arrive_as_in_fig7(&w);
    struct wpt_out out = look(&w, 4);
    struct order o = order_of(&w, &out);
    assert_int_equal(out.rank[2], 0);
    assert_int_equal(out.rank[1], 1);
    assert_int_equal(out.rank[0], 2);
    assert_int_equal(out.rank[3], 3);
    assert_int_equal(o.tb[0], 2);
    assert_int_equal(o.tb[1], 1);
    assert_int_equal(o.tb[2], 0);
    assert_int_equal(o.tb[3], 3);
}

/*
 * BAWS Fig. 7 under MWF(LRR): within a TB, the running warps in round-robin
 * order from the one after the warp issued last (w7 in TB1, w0 in TB0).
 * Those lists are the paper's; the order of the TBs comes from the table.
 */
static void fig7_issue_order_is_w8_w4_w6_w1_w3_w0(void **state)
{
    static const int running_lrr[3][4] = {
        { 1, 3, 0, -1 },     /* TB0: last issued w0 */
        { 4, 6, -1, -1 },    /* TB1: last issued w7 */
        { 8, -1, -1, -1 },   /* TB2 */
    };
    static const int expected[6] = { 8, 4, 6, 1, 3, 0 };
    struct simt_config cfg = load("tiny");
    struct wpt w;
    int issued[6], n = 0;
    (void)state;

    assert_int_equal(wpt_init(&w, &cfg, NULL, 0), 0);
    wpt_reset(&w);
    arrive_as_in_fig7(&w);
    struct wpt_out out = look(&w, 4);
    struct order o = order_of(&w, &out);
    for (unsigned k = 0; k < w.g.tbs; k++) {
        unsigned tb = o.tb[k];
        for (int i = 0; tb < 3 && i < 4 && running_lrr[tb][i] >= 0; i++)
            issued[n++] = running_lrr[tb][i];
    }
    assert_int_equal(n, 6);
    assert_memory_equal(issued, expected, sizeof expected);
}

/* BAWS 4.1.1: a TB3 with two warps waiting ties with TB1; TB1 goes first. */
static void tie_goes_to_the_smaller_tb_id(void **state)
{
    struct simt_config cfg = load("tiny");
    struct wpt w;
    (void)state;
    assert_int_equal(wpt_init(&w, &cfg, NULL, 0), 0);
    wpt_reset(&w);
    arrive_as_in_fig7(&w);
    cycle(&w, 4, 3, 3);
    struct wpt_out out = look(&w, 4);
    struct order o = order_of(&w, &out);
    assert_int_equal(out.cnt[3], 2);
    assert_int_equal(o.tb[0], 2);
    assert_int_equal(o.tb[1], 1);
    assert_int_equal(o.tb[2], 3);
    assert_int_equal(o.tb[3], 0);
}

static void counter_resets_on_the_edge_of_the_last_arrival(void **state)
{
    struct simt_config cfg = load("tiny");
    struct wpt w;
    (void)state;
    assert_int_equal(wpt_init(&w, &cfg, NULL, 0), 0);
    wpt_reset(&w);
    arrive_as_in_fig7(&w);
    struct wpt_out out = cycle(&w, 4, 2, -1);      /* w8, the last of TB2 */
    assert_true(out.release[2]);
    assert_false(out.release[0] || out.release[1] || out.release[3]);
    assert_int_equal(out.cnt[2], 3);               /* before the edge */
    assert_int_equal(look(&w, 4).cnt[2], 0);        /* after it */
    assert_false(out.err);
}

static void two_arrivals_in_one_cycle_count_twice(void **state)
{
    struct simt_config cfg = load("tiny");
    struct wpt w;
    (void)state;
    assert_int_equal(wpt_init(&w, &cfg, NULL, 0), 0);
    wpt_reset(&w);
    struct wpt_out out = cycle(&w, 4, 1, 1);
    assert_false(out.release[1]);
    assert_int_equal(look(&w, 4).cnt[1], 2);
}

static void two_arrivals_can_complete_a_barrier_together(void **state)
{
    struct simt_config cfg = load("tiny");
    struct wpt w;
    (void)state;
    assert_int_equal(wpt_init(&w, &cfg, NULL, 0), 0);
    wpt_reset(&w);
    cycle(&w, 3, 0, -1);
    struct wpt_out out = cycle(&w, 3, 0, 0);       /* 1 + 2 = 3 warps */
    assert_true(out.release[0]);
    assert_false(out.err);
    assert_int_equal(look(&w, 3).cnt[0], 0);
}

static void excess_arrival_raises_err_and_still_releases(void **state)
{
    struct simt_config cfg = load("tiny");
    struct wpt w;
    (void)state;
    assert_int_equal(wpt_init(&w, &cfg, NULL, 0), 0);
    wpt_reset(&w);
    cycle(&w, 2, 0, -1);
    struct wpt_out out = cycle(&w, 2, 0, 0);       /* 1 + 2 > 2 warps */
    assert_true(out.err);
    assert_true(out.release[0]);
    assert_int_equal(look(&w, 2).cnt[0], 0);
}

static void arrival_beyond_the_table_raises_err_and_counts_nowhere(void **state)
{
    struct simt_config cfg = load("tiny");
    struct wpt w;
    (void)state;
    cfg.max_tbs = 3;                               /* ids 0..2 of 2 bits */
    assert_int_equal(wpt_init(&w, &cfg, NULL, 0), 0);
    wpt_reset(&w);
    struct wpt_out out = cycle(&w, 4, 3, -1);
    assert_true(out.err);
    struct wpt_out after = look(&w, 4);
    for (unsigned i = 0; i < 3; i++)
        assert_int_equal(after.cnt[i], 0);
}

static void reset_clears_every_counter(void **state)
{
    struct simt_config cfg = load("tiny");
    struct wpt w;
    (void)state;
    assert_int_equal(wpt_init(&w, &cfg, NULL, 0), 0);
    wpt_reset(&w);
    arrive_as_in_fig7(&w);
    wpt_reset(&w);
    struct wpt_out out = look(&w, 4);
    for (unsigned i = 0; i < w.g.tbs; i++) {
        assert_int_equal(out.cnt[i], 0);
        assert_int_equal(out.rank[i], i);
    }
}

/* BAWS 4.1.2: 8 TBs x 6-bit counters = 48 bits = 6 bytes per SM. */
static void gtx480_baws_table_is_8_counters_of_6_bits(void **state)
{
    struct simt_config cfg = load("gtx480-baws");
    struct wpt_geometry g;
    (void)state;
    wpt_geometry(&cfg, &g);
    assert_int_equal(g.tbs, 8);
    assert_int_equal(g.cnt_w, 6);
    assert_int_equal(wpt_state_bits(&g), 48);
}

/* A counter never holds max_warps itself, so 32 warps need only 5 bits. */
static void counter_of_32_warps_is_5_bits(void **state)
{
    struct simt_config cfg = load("fermi-sbr");
    struct wpt_geometry g;
    (void)state;
    wpt_geometry(&cfg, &g);
    assert_int_equal(g.max_warps, 32);
    assert_int_equal(g.cnt_w, 5);
    assert_int_equal(wpt_state_bits(&g), 16 * 5);
}

/* model.h: a table larger than the model's arrays is refused, and init
 * names the configuration before the check's message. */
static void a_table_of_more_tbs_than_the_model_holds_is_refused(void **state)
{
    struct simt_config cfg = load("tiny");
    struct wpt_geometry g;
    struct wpt *w = malloc(sizeof *w);
    char msg[CONFIG_ERR_LEN];
    (void)state;
    assert_non_null(w);
    wpt_geometry(&cfg, &g);
    assert_int_equal(wpt_check(&g, msg, sizeof msg), 0);
    cfg.max_tbs = CONFIG_MAX_TBS + 1;
    wpt_geometry(&cfg, &g);
    assert_int_equal(wpt_check(&g, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "TBs"));
    assert_int_equal(wpt_init(w, &cfg, msg, sizeof msg), -1);
    assert_int_equal(strncmp(msg, cfg.name, strlen(cfg.name)), 0);
    assert_int_equal(msg[strlen(cfg.name)], ':');
    free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counters_hold_the_priorities_of_table_1),
        cmocka_unit_test(mwf_order_puts_tb2_then_tb1_then_tb0),
        cmocka_unit_test(fig7_issue_order_is_w8_w4_w6_w1_w3_w0),
        cmocka_unit_test(tie_goes_to_the_smaller_tb_id),
        cmocka_unit_test(counter_resets_on_the_edge_of_the_last_arrival),
        cmocka_unit_test(two_arrivals_in_one_cycle_count_twice),
        cmocka_unit_test(two_arrivals_can_complete_a_barrier_together),
        cmocka_unit_test(excess_arrival_raises_err_and_still_releases),
        cmocka_unit_test(arrival_beyond_the_table_raises_err_and_counts_nowhere),
        cmocka_unit_test(reset_clears_every_counter),
        cmocka_unit_test(gtx480_baws_table_is_8_counters_of_6_bits),
        cmocka_unit_test(counter_of_32_warps_is_5_bits),
        cmocka_unit_test(a_table_of_more_tbs_than_the_model_holds_is_refused),
    };
    return cmocka_run_group_tests_name("wpt", tests, NULL, NULL);
}
