/*
 * test_warp_tables.c -- the First-Level and Second-Level model: the
 * transition policies of HARP 4.2.3 and 7.3.2 (barrier before lookup,
 * lookup-to-second only below the threshold, FIFO second-to-first),
 * overflow that is reported and overwrites nothing, the First-Level
 * updates at commit, the errors, and the Second-Level row of HARP Table 7.
 *
 * The preset tiny has F = 2 First-Level slots, N = 8 Second-Level entries,
 * 2 lanes, 9-bit thread ids, 8-bit pcs and threshold T = 2.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "rtlgen.h"
#include "synth_area.h"
#include "warp_tables.h"
#include "test_load.h"

/* A model on the heap (the Second-Level array is large), reset. */
static struct warp_tables *make(const char *preset)
{
    struct simt_config cfg = load(preset);
    struct warp_tables *t = malloc(sizeof *t);
    char err[CONFIG_ERR_LEN];
    assert_non_null(t);
    if (warp_tables_init(t, &cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
    warp_tables_reset(t);
    return t;
}

/* Warp number n: pc n, both lanes, thread ids 2n and 2n+1. */
static struct warp warp(unsigned n)
{
    struct warp w;
    memset(&w, 0, sizeof w);
    w.pc = n;
    w.mask = 3;
    w.tid[0] = 2 * n;
    w.tid[1] = 2 * n + 1;
    return w;
}

static struct warp_tables_in idle(void)
{
    struct warp_tables_in in;
    memset(&in, 0, sizeof in);
    return in;
}

/* One cycle: the outputs into *out (a scratch struct when NULL), then the edge. */
static void cycle(struct warp_tables *t, const struct warp_tables_in *in, struct warp_tables_out *out)
{
    struct warp_tables_out *o = out ? out : malloc(sizeof *o);
    assert_non_null(o);
    warp_tables_eval(t, in, o);
    warp_tables_step(t, in);
    if (!out)
        free(o);
}

static struct warp_tables_out *look(const struct warp_tables *t)
{
    struct warp_tables_out *o = malloc(sizeof *o);
    struct warp_tables_in in = idle();
    assert_non_null(o);
    warp_tables_eval(t, &in, o);
    return o;
}

static void assert_warp(const struct warp *got, unsigned n)
{
    struct warp w = warp(n);
    assert_int_equal(got->pc, w.pc);
    assert_int_equal(got->mask, w.mask);
    assert_int_equal(got->tid[0], w.tid[0]);
    assert_int_equal(got->tid[1], w.tid[1]);
}

/* Push warp n through the waiting-to-second port. */
static void wret(struct warp_tables *t, unsigned n)
{
    struct warp_tables_in in = idle();
    in.wret_valid = true;
    in.wret = warp(n);
    cycle(t, &in, NULL);
}

/* Fill both First-Level slots with warps 100 and 101 (and let them move). */
static void fill_first_level(struct warp_tables *t)
{
    struct warp_tables_in in = idle();
    wret(t, 100);
    wret(t, 101);
    cycle(t, &in, NULL);
    assert_true(t->fl_valid[0] && t->fl_valid[1]);
    assert_int_equal(t->count, 0);
}

static void a_released_barrier_enters_second_level_before_the_lookup_warp(void **state)
{
    struct warp_tables *t = make("tiny");
    struct warp_tables_out *o = malloc(sizeof *o);
    struct warp_tables_in in = idle();
    (void)state;
    assert_non_null(o);
    fill_first_level(t);

    in.bar_valid = true;
    in.bar = warp(1);
    in.lkp_valid = true;
    in.lkp = warp(2);
    cycle(t, &in, o);
    assert_true(o->bar_ready);
    assert_false(o->lkp_pop);          /* the lookup warp stays */
    assert_false(o->ovf);
    assert_false(o->err);
    assert_int_equal(t->count, 1);
    assert_warp(warp_tables_sl_warp(t, 0), 1);

    /* Next cycle, alone, the lookup warp goes (count 1 < T = 2). */
    in = idle();
    in.lkp_valid = true;
    in.lkp = warp(2);
    cycle(t, &in, o);
    assert_true(o->lkp_pop);
    assert_int_equal(t->count, 2);
    assert_warp(warp_tables_sl_warp(t, 1), 2);
    free(o);
    free(t);
}

static void a_returning_memory_warp_beats_the_lookup_warp_but_not_the_barrier(void **state)
{
    struct warp_tables *t = make("tiny");
    struct warp_tables_out *o = malloc(sizeof *o);
    struct warp_tables_in in = idle();
    (void)state;
    assert_non_null(o);
    fill_first_level(t);

    in.bar_valid = true;
    in.bar = warp(1);
    in.wret_valid = true;
    in.wret = warp(2);
    in.lkp_valid = true;
    in.lkp = warp(3);
    cycle(t, &in, o);
    assert_true(o->bar_ready);
    assert_false(o->wret_ready);
    assert_false(o->lkp_pop);
    assert_int_equal(t->count, 1);

    in.bar_valid = false;
    cycle(t, &in, o);
    assert_true(o->wret_ready);
    assert_false(o->lkp_pop);
    assert_int_equal(t->count, 2);
    assert_warp(warp_tables_sl_warp(t, 0), 1);
    assert_warp(warp_tables_sl_warp(t, 1), 2);
    free(o);
    free(t);
}

static void the_lookup_warp_departs_only_while_second_level_holds_fewer_than_the_threshold(void **state)
{
    struct warp_tables *t = make("tiny");
    struct warp_tables_out *o = malloc(sizeof *o);
    struct warp_tables_in in = idle();
    (void)state;
    assert_non_null(o);
    fill_first_level(t);
    assert_int_equal(t->g.threshold, 2);

    in.lkp_valid = true;
    for (unsigned n = 0; n < 2; n++) {
        in.lkp = warp(n);
        cycle(t, &in, o);
        assert_true(o->lkp_pop);
    }
    assert_int_equal(t->count, 2);
    in.lkp = warp(2);
    cycle(t, &in, o);
    assert_false(o->lkp_pop);          /* 2 ready warps: the lookup keeps it */
    assert_int_equal(t->count, 2);
    free(o);
    free(t);
}

static void a_full_second_level_reports_overflow_and_stores_nothing(void **state)
{
    struct warp_tables *t = make("tiny");
    struct warp_tables_out *o = malloc(sizeof *o);
    struct warp_tables_in in = idle();
    (void)state;
    assert_non_null(o);
    fill_first_level(t);
    for (unsigned n = 0; n < 8; n++)
        wret(t, n);
    assert_int_equal(t->count, 8);

    in.bar_valid = true;
    in.bar = warp(50);
    cycle(t, &in, o);
    assert_false(o->bar_ready);
    assert_true(o->ovf);
    in = idle();
    in.wret_valid = true;
    in.wret = warp(51);
    in.lkp_valid = true;
    in.lkp = warp(52);
    cycle(t, &in, o);
    assert_false(o->wret_ready);
    assert_false(o->lkp_pop);
    assert_true(o->ovf);
    assert_false(o->err);
    /* Nothing was overwritten: the oldest is still warp 0, the youngest 7. */
    assert_int_equal(t->count, 8);
    for (unsigned i = 0; i < 8; i++)
        assert_warp(warp_tables_sl_warp(t, i), i);
    /* A lookup warp alone is refused without an overflow: it stays put. */
    in = idle();
    in.lkp_valid = true;
    in.lkp = warp(53);
    cycle(t, &in, o);
    assert_false(o->lkp_pop);
    assert_false(o->ovf);
    free(o);
    free(t);
}

static void second_level_feeds_first_level_in_fifo_order(void **state)
{
    struct warp_tables *t = make("tiny");
    struct warp_tables_in in = idle();
    (void)state;
    fill_first_level(t);
    for (unsigned n = 0; n < 5; n++)
        wret(t, n);
    for (unsigned n = 0; n < 5; n++) {
        struct warp_tables_out *o;
        /* Slot 1 completes its warp; the head takes its place next edge. */
        in = idle();
        in.upd_valid = true;
        in.upd_slot = 1;
        in.upd_mask = 0;
        cycle(t, &in, NULL);
        assert_false(t->fl_valid[1]);
        o = look(t);
        assert_true(o->head_valid);
        assert_warp(&o->head, n);
        free(o);
        in = idle();
        cycle(t, &in, NULL);
        assert_true(t->fl_valid[1]);
        assert_warp(&t->fl[1], n);
        assert_int_equal(t->count, 4 - n);
    }
    free(t);
}

static void the_head_fills_the_lowest_free_slot_one_per_cycle(void **state)
{
    struct warp_tables *t = make("tiny");
    struct warp_tables_in in = idle();
    (void)state;
    /* Both slots free: the first warp in goes to slot 0, then to slot 1. */
    wret(t, 7);
    wret(t, 8);                        /* warp 7 moves to slot 0 on this edge */
    assert_true(t->fl_valid[0]);
    assert_false(t->fl_valid[1]);
    assert_warp(&t->fl[0], 7);
    assert_int_equal(t->count, 1);
    cycle(t, &in, NULL);
    assert_warp(&t->fl[1], 8);
    assert_int_equal(t->count, 0);
    free(t);
}

static void a_push_and_a_move_to_first_level_share_one_edge(void **state)
{
    struct warp_tables *t = make("tiny");
    struct warp_tables_out *o = malloc(sizeof *o);
    struct warp_tables_in in = idle();
    (void)state;
    assert_non_null(o);
    wret(t, 1);
    in.bar_valid = true;
    in.bar = warp(2);
    cycle(t, &in, o);                  /* warp 1 moves, warp 2 enters */
    assert_true(o->bar_ready);
    assert_warp(&t->fl[0], 1);
    assert_int_equal(t->count, 1);
    assert_warp(warp_tables_sl_warp(t, 0), 2);
    free(o);
    free(t);
}

static void a_slot_freed_by_an_update_is_refilled_on_the_next_edge(void **state)
{
    struct warp_tables *t = make("tiny");
    struct warp_tables_in in = idle();
    (void)state;
    fill_first_level(t);
    wret(t, 5);
    in.upd_valid = true;
    in.upd_slot = 0;
    in.upd_mask = 0;
    cycle(t, &in, NULL);
    assert_false(t->fl_valid[0]);
    assert_int_equal(t->count, 1);
    in = idle();
    cycle(t, &in, NULL);
    assert_warp(&t->fl[0], 5);
    assert_int_equal(t->count, 0);
    free(t);
}

static void an_update_moves_the_pc_and_removes_arrived_threads(void **state)
{
    struct warp_tables *t = make("tiny");
    struct warp_tables_out *o = malloc(sizeof *o);
    struct warp_tables_in in = idle();
    (void)state;
    assert_non_null(o);
    fill_first_level(t);
    in.upd_valid = true;
    in.upd_slot = 1;
    in.upd_pc = 0x42;
    in.upd_mask = 2;                   /* lane 0 reached its barrier */
    cycle(t, &in, o);
    assert_false(o->err);
    free(o);
    o = look(t);
    assert_true(o->fl_valid[1]);
    assert_int_equal(o->fl[1].pc, 0x42);
    assert_int_equal(o->fl[1].mask, 2);
    assert_int_equal(o->fl[1].tid[0], 0);          /* empty lane reads zero */
    assert_int_equal(o->fl[1].tid[1], 2 * 101 + 1);
    free(o);
    free(t);
}

static void updates_of_a_free_slot_a_missing_slot_or_a_new_lane_are_errors(void **state)
{
    struct warp_tables *t = make("tiny");
    struct warp_tables_out *o = malloc(sizeof *o);
    struct warp_tables_in in = idle();
    (void)state;
    assert_non_null(o);
    in.upd_valid = true;
    in.upd_slot = 0;                   /* free */
    in.upd_mask = 1;
    cycle(t, &in, o);
    assert_true(o->err);
    assert_false(t->fl_valid[0]);

    fill_first_level(t);
    in.upd_slot = 2;                   /* cut to the 1-bit port: slot 0 */
    in.upd_mask = 1;
    cycle(t, &in, o);
    assert_false(o->err);
    in.upd_slot = 0;
    in.upd_mask = 3;                   /* lane 1 was removed: it cannot return */
    cycle(t, &in, o);
    assert_true(o->err);
    assert_int_equal(t->fl[0].mask, 1);
    free(o);
    free(t);
}

static void an_empty_warp_is_an_error_and_is_not_stored(void **state)
{
    struct warp_tables *t = make("tiny");
    struct warp_tables_out *o = malloc(sizeof *o);
    struct warp_tables_in in = idle();
    (void)state;
    assert_non_null(o);
    fill_first_level(t);
    in.bar_valid = true;
    in.bar = warp(1);
    in.bar.mask = 0;
    in.lkp_valid = true;
    in.lkp = warp(2);
    cycle(t, &in, o);
    assert_true(o->err);
    assert_true(o->bar_ready);         /* the handshake ignores the mask */
    assert_false(o->lkp_pop);
    assert_int_equal(t->count, 0);
    free(o);
    free(t);
}

static void reset_empties_both_levels(void **state)
{
    struct warp_tables *t = make("tiny");
    struct warp_tables_out *o;
    (void)state;
    fill_first_level(t);
    wret(t, 3);
    warp_tables_reset(t);
    o = look(t);
    assert_false(o->fl_valid[0] || o->fl_valid[1]);
    assert_int_equal(o->count, 0);
    assert_false(o->head_valid);
    assert_int_equal(o->head.pc, 0);
    assert_int_equal(o->head.mask, 0);
    free(o);
    free(t);
}

static void fermi_harp_second_level_is_the_row_of_table_7(void **state)
{
    struct simt_config cfg = load("fermi-harp");
    struct warp_tables_geometry g;
    struct harp_array_org org;
    (void)state;
    warp_tables_geometry(&cfg, &g);
    warp_tables_harp_org(&g, &org);
    assert_string_equal(org.name, "Second-Level");
    assert_int_equal(org.banks, 1);
    assert_int_equal(org.entries, 512);
    assert_int_equal(org.sets, 512);
    assert_int_equal(org.ways, 1);
    assert_int_equal(org.tag_bits, 0);
    assert_int_equal(org.row_bits, 32 + 16 * (10 - 4) + 2);
    /* Ours: 512 rows of 32 pc + 16 mask + 96 tid; 8 First-Level slots of
     * valid + the same; 10-bit count, 9-bit head and tail. */
    assert_int_equal(warp_tables_memory_bits(&g), 512 * 144);
    assert_int_equal(warp_tables_flop_bits(&g), 8 * 145 + 10 + 2 * 9);
    assert_int_equal(warp_tables_state_bits(&g), 512 * 144 + 8 * 145 + 28);
}

static void a_second_level_beyond_the_model_is_refused(void **state)
{
    struct simt_config cfg = load("tiny");
    struct warp_tables *t = malloc(sizeof *t);
    char err[CONFIG_ERR_LEN];
    (void)state;
    assert_non_null(t);
    cfg.second_level_entries = WARP_TABLES_MAX_SL + 1;
    assert_int_equal(warp_tables_init(t, &cfg, err, sizeof err), -1);
    assert_non_null(strstr(err, "Second-Level"));
    free(t);
}

static const char *env_or(const char *name, const char *fallback)
{
    const char *value = getenv(name);
    return value != NULL && *value != '\0' ? value : fallback;
}

/*
 * The generated module at tiny, synthesized as the area report does:
 * Second-Level stays one memory of N rows (one read port at the head, one
 * write port at the tail), and the flip-flops are exactly those
 * warp_tables_flop_bits() counts.
 */
static void synthesis_keeps_second_level_a_memory_and_counts_the_flops(void **state)
{
    struct simt_config cfg = load("tiny");
    struct warp_tables_geometry g;
    struct synth_result *res = malloc(sizeof *res);
    char dir[256], vpath[512], err[1024], path[600];
    struct vgen v;
    const char *const files[] = {"simtref_warp_tables.v", "area.ys",
                                 "yosys.log", "stat.txt", "netlist.v",
                                 "mems.txt"};
    (void)state;
    assert_non_null(res);
    warp_tables_geometry(&cfg, &g);
    snprintf(dir, sizeof dir, "%s/simtref-wt-XXXXXX", env_or("TMPDIR", "/tmp"));
    assert_non_null(mkdtemp(dir));
    snprintf(vpath, sizeof vpath, "%s/simtref_warp_tables.v", dir);
    assert_int_equal(vgen_open(&v, vpath), 0);
    emit_warp_tables(&v, &cfg, DEFECT_NONE);
    assert_int_equal(vgen_close(&v), 0);
    if (synth_area(env_or("YOSYS", "yosys"),
                   env_or("SIMTREF_LIBERTY", "synth/simtref45.lib"), vpath,
                   "simtref_warp_tables", dir, res, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(res->nmemories, 1);
    assert_string_equal(res->mem[0].name, "sl_mem");
    assert_int_equal(res->mem[0].size, g.sl);
    assert_int_equal(res->mem[0].width, g.row_w);
    assert_int_equal(res->mem[0].rd_ports, 1);
    assert_int_equal(res->mem[0].wr_ports, 1);
    assert_int_equal(res->mem_bits, warp_tables_memory_bits(&g));
    assert_int_equal(res->flops, warp_tables_flop_bits(&g));
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
    free(res);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_released_barrier_enters_second_level_before_the_lookup_warp),
        cmocka_unit_test(a_returning_memory_warp_beats_the_lookup_warp_but_not_the_barrier),
        cmocka_unit_test(the_lookup_warp_departs_only_while_second_level_holds_fewer_than_the_threshold),
        cmocka_unit_test(a_full_second_level_reports_overflow_and_stores_nothing),
        cmocka_unit_test(second_level_feeds_first_level_in_fifo_order),
        cmocka_unit_test(the_head_fills_the_lowest_free_slot_one_per_cycle),
        cmocka_unit_test(a_push_and_a_move_to_first_level_share_one_edge),
        cmocka_unit_test(a_slot_freed_by_an_update_is_refilled_on_the_next_edge),
        cmocka_unit_test(an_update_moves_the_pc_and_removes_arrived_threads),
        cmocka_unit_test(updates_of_a_free_slot_a_missing_slot_or_a_new_lane_are_errors),
        cmocka_unit_test(an_empty_warp_is_an_error_and_is_not_stored),
        cmocka_unit_test(reset_empties_both_levels),
        cmocka_unit_test(fermi_harp_second_level_is_the_row_of_table_7),
        cmocka_unit_test(a_second_level_beyond_the_model_is_refused),
        cmocka_unit_test(synthesis_keeps_second_level_a_memory_and_counts_the_flops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
