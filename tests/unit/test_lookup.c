/*
 * test_lookup.c -- the Ready-Lookup and Waiting-Lookup model: HARP Fig. 10,
 * merging and its conditions, FIFO departure by last write, bypass of a
 * full table, completion, the errors, and the sizes of HARP Table 7.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "lookup_table.h"
#include "test_load.h"

/* The harp-fig10 scenario configuration, from the source tree. */
static struct simt_config load_fig10(void)
{
    return load_file("tests/data/scenarios/harp-fig10.conf");
}

/* A model on the heap (the tables are large), reset. */
static struct lookup_table *make(const struct simt_config *cfg, enum lookup_kind kind)
{
    struct lookup_table *t = malloc(sizeof *t);
    char err[CONFIG_ERR_LEN];
    assert_non_null(t);
    if (lookup_table_init(t, cfg, kind, err, sizeof err) != 0)
        fail_msg("%s", err);
    lookup_table_reset(t);
    return t;
}

/*
 * A warp from a list of HARP Fig. 10 threads, -1 terminated: thread Tn in
 * lane n % lanes, with id n / lanes.
 */
static struct warp threads(unsigned lanes, uint64_t pc, const int *t)
{
    struct warp w;
    memset(&w, 0, sizeof w);
    w.pc = pc;
    for (; *t >= 0; t++) {
        w.mask |= 1ull << ((unsigned)*t % lanes);
        w.tid[(unsigned)*t % lanes] = (uint32_t)*t / lanes;
    }
    return w;
}

static struct lookup_in idle(void)
{
    struct lookup_in in;
    memset(&in, 0, sizeof in);
    return in;
}

/* One cycle: the outputs (into *out when not NULL), then the edge. */
static void cycle(struct lookup_table *t, const struct lookup_in *in,
                  struct lookup_out *out)
{
    struct lookup_out *o = out ? out : malloc(sizeof *o);
    assert_non_null(o);
    lookup_table_eval(t, in, o);
    lookup_table_step(t, in);
    if (!out)
        free(o);
}

/* Ready-Lookup: insert on the two ports (NULL: port idle) and pop. */
static void ready(struct lookup_table *t, const struct warp *w0,
                  const struct warp *w1, bool pop, struct lookup_out *out)
{
    struct lookup_in in = idle();
    if (w0) { in.ins_valid[0] = true; in.ins[0] = *w0; }
    if (w1) { in.ins_valid[1] = true; in.ins[1] = *w1; }
    in.pop = pop;
    cycle(t, &in, out);
}

static struct lookup_out *look(const struct lookup_table *t)
{
    struct lookup_out *o = malloc(sizeof *o);
    struct lookup_in in = idle();
    assert_non_null(o);
    lookup_table_eval(t, &in, o);
    return o;
}

/* Entry e holds exactly warp w (pc, lanes, thread ids of its lanes). */
static void assert_entry(const struct lookup_table *t, unsigned e,
                         const struct warp *w)
{
    assert_true(t->entry[e].valid);
    assert_int_equal(t->entry[e].warp.pc, w->pc);
    assert_int_equal(t->entry[e].warp.mask, w->mask);
    for (unsigned l = 0; l < t->g.lanes; l++)
        if ((w->mask >> l) & 1)
            assert_int_equal(t->entry[e].warp.tid[l], w->tid[l]);
}

/* The head shows warp w. */
static void assert_head(const struct lookup_table *t, const struct warp *w)
{
    struct lookup_out *o = look(t);
    assert_true(o->head_valid);
    assert_int_equal(o->head.pc, w->pc);
    assert_int_equal(o->head.mask, w->mask);
    for (unsigned l = 0; l < t->g.lanes; l++)
        assert_int_equal(o->head.tid[l], (w->mask >> l) & 1 ? w->tid[l] : 0);
    free(o);
}

enum { B = 0xB, C = 0xC };
static const int t13[] = {1, 3, -1}, t02[] = {0, 2, -1}, t456[] = {4, 5, 6, -1},
                 t7[] = {7, -1}, t027[] = {0, 2, 7, -1};

/* HARP Fig. 10, steps 6 to 19, on the Ready-Lookup of the 4-wide SM. */
static void fig10_lookup_holds_and_releases_warps_as_in_the_paper(void **state)
{
    struct simt_config cfg = load_fig10();
    struct lookup_table *t = make(&cfg, LOOKUP_READY);
    struct warp w13 = threads(4, B, t13), w02 = threads(4, C, t02);
    struct warp w456 = threads(4, B, t456), w7 = threads(4, C, t7);
    struct warp w027 = threads(4, C, t027);
    struct lookup_out *o = malloc(sizeof *o);
    (void)state;
    assert_non_null(o);

    /* (6) W0 diverges: two new warps, nothing to merge with. */
    ready(t, &w13, &w02, false, o);
    assert_false(o->ins_merged[0] || o->ins_merged[1]);
    assert_false(o->ins_bypass[0] || o->ins_bypass[1]);
    assert_int_equal(t->count, 2);
    assert_entry(t, 0, &w13);
    assert_entry(t, 1, &w02);
    assert_head(t, &w13);

    /* (7) {T1,T3}@B departs and becomes W2. */
    ready(t, NULL, NULL, true, o);
    assert_int_equal(o->head.mask, w13.mask);
    assert_int_equal(t->count, 1);
    assert_head(t, &w02);

    /* (10) W1 diverges: {T4,T5,T6}@B is new, {T7}@C merges into {T0,T2}. */
    ready(t, &w456, &w7, false, o);
    assert_false(o->ins_merged[0]);
    assert_true(o->ins_merged[1]);
    assert_int_equal(t->count, 2);
    assert_entry(t, 0, &w456);
    assert_entry(t, 1, &w027);

    /* (12) W3 = {T4,T5,T6} departs first: the merge made {T0,T2,T7} young. */
    assert_head(t, &w456);
    ready(t, NULL, NULL, true, o);
    assert_int_equal(t->count, 1);

    /* (19) W4 = {T0,T2,T7} departs; the table is empty. */
    assert_head(t, &w027);
    ready(t, NULL, NULL, true, o);
    assert_int_equal(t->count, 0);
    assert_false(o->err);
    free(o);
    o = look(t);
    assert_false(o->head_valid);
    assert_int_equal(o->head.mask, 0);
    free(o);
    free(t);
}

static struct warp lanes_at(uint64_t pc, uint64_t mask, uint32_t tid)
{
    struct warp w;
    memset(&w, 0, sizeof w);
    w.pc = pc;
    w.mask = mask;
    for (unsigned l = 0; l < WARP_MAX_LANES; l++)
        w.tid[l] = tid + l;
    return w;
}

static void merge_needs_the_same_pc_and_no_lane_conflict(void **state)
{
    struct simt_config cfg = load("fermi-harp");
    struct lookup_table *t = make(&cfg, LOOKUP_READY);
    struct warp a = lanes_at(0x100, 0x00ff, 1);
    struct warp other_pc = lanes_at(0x104, 0xff00, 2);
    struct warp conflict = lanes_at(0x100, 0x0180, 3);
    struct warp fits = lanes_at(0x100, 0x0f00, 4);
    struct lookup_out *o = malloc(sizeof *o);
    (void)state;

    ready(t, &a, &other_pc, false, o);
    assert_false(o->ins_merged[1]);             /* other pc: allocated */
    ready(t, &conflict, &fits, false, o);
    assert_false(o->ins_merged[0]);             /* lane 7 conflicts */
    assert_int_equal(o->ins_slot[0], 2);
    assert_true(o->ins_merged[1]);              /* lowest matching entry */
    assert_int_equal(o->ins_slot[1], 0);
    assert_int_equal(t->entry[0].warp.mask, 0x0fff);
    assert_int_equal(t->entry[0].warp.pc, 0x100);
    assert_int_equal(t->entry[0].warp.tid[0], 1);     /* kept */
    assert_int_equal(t->entry[0].warp.tid[8], 4 + 8); /* written */
    assert_int_equal(t->entry[2].warp.mask, 0x0180);
    free(o);
    free(t);
}

static void port_1_sees_the_warp_port_0_stored(void **state)
{
    struct simt_config cfg = load("fermi-harp");
    struct lookup_table *t = make(&cfg, LOOKUP_READY);
    struct warp low = lanes_at(0x20, 0x000f, 0), high = lanes_at(0x20, 0xf000, 0);
    struct lookup_out *o = malloc(sizeof *o);
    (void)state;

    ready(t, &low, &high, false, o);
    assert_false(o->ins_merged[0]);
    assert_true(o->ins_merged[1]);
    assert_int_equal(o->ins_slot[1], o->ins_slot[0]);
    assert_int_equal(t->count, 1);
    assert_int_equal(t->entry[0].warp.mask, 0xf00f);
    free(o);
    free(t);
}

static void full_table_without_a_merge_bypasses_and_overwrites_nothing(void **state)
{
    struct simt_config cfg = load("tiny");
    struct lookup_table *t = make(&cfg, LOOKUP_READY);
    struct warp a = lanes_at(1, 1, 10), b = lanes_at(2, 1, 20);
    struct warp c = lanes_at(3, 3, 30), d = lanes_at(1, 1, 40);
    struct lookup_out *o = malloc(sizeof *o);
    (void)state;

    ready(t, &a, &b, false, o);
    assert_int_equal(t->count, 2);
    ready(t, &c, &d, false, o);                 /* d conflicts with a */
    assert_true(o->ins_bypass[0]);
    assert_true(o->ins_bypass[1]);
    assert_false(o->ins_merged[0] || o->ins_merged[1]);
    assert_false(o->err);
    assert_entry(t, 0, &a);
    assert_entry(t, 1, &b);
    free(o);
    free(t);
}

static void merge_makes_the_warp_the_youngest(void **state)
{
    struct simt_config cfg = load("fermi-harp");
    struct lookup_table *t = make(&cfg, LOOKUP_READY);
    struct warp a = lanes_at(1, 0x1, 0), b = lanes_at(2, 0x1, 0);
    struct warp c = lanes_at(3, 0x1, 0), a2 = lanes_at(1, 0x2, 0);
    (void)state;

    ready(t, &a, &b, false, NULL);
    ready(t, &c, NULL, false, NULL);
    assert_int_equal(t->entry[0].age, 0);
    ready(t, &a2, NULL, false, NULL);          /* merges into the oldest */
    assert_int_equal(t->entry[0].age, 2);
    assert_int_equal(t->entry[1].age, 0);
    assert_int_equal(t->entry[2].age, 1);
    ready(t, NULL, NULL, true, NULL);          /* b departs, not a */
    assert_false(t->entry[1].valid);
    assert_true(t->entry[0].valid);
    assert_int_equal(t->entry[0].age, 1);
    assert_int_equal(t->entry[2].age, 0);
    free(t);
}

static void departing_head_cannot_be_merged_into_and_its_entry_is_reused(void **state)
{
    struct simt_config cfg = load("tiny");
    struct lookup_table *t = make(&cfg, LOOKUP_READY);
    struct warp a = lanes_at(5, 1, 1), b = lanes_at(6, 1, 2);
    struct warp a2 = lanes_at(5, 2, 3);
    struct lookup_out *o = malloc(sizeof *o);
    (void)state;

    ready(t, &a, &b, false, NULL);
    ready(t, &a2, NULL, true, o);              /* a leaves first */
    assert_false(o->ins_merged[0]);
    assert_int_equal(o->ins_slot[0], 0);       /* its entry, free again */
    assert_int_equal(t->entry[0].warp.mask, 2);
    assert_int_equal(t->entry[0].age, 1);      /* younger than b */
    assert_int_equal(t->entry[1].age, 0);
    free(o);
    free(t);
}

static void pop_of_an_empty_table_and_an_empty_mask_raise_err(void **state)
{
    struct simt_config cfg = load("tiny");
    struct lookup_table *t = make(&cfg, LOOKUP_READY);
    struct warp empty = lanes_at(5, 0, 0);
    struct lookup_out *o = malloc(sizeof *o);
    (void)state;

    ready(t, NULL, NULL, true, o);
    assert_true(o->err);
    assert_int_equal(t->count, 0);
    ready(t, &empty, NULL, false, o);
    assert_true(o->err);
    assert_false(o->ins_merged[0] || o->ins_bypass[0]);
    assert_int_equal(t->count, 0);
    free(o);
    free(t);
}

/* Waiting-Lookup: one insert and an optional completion of `slot`. */
static void waiting(struct lookup_table *t, const struct warp *w, int slot,
                    struct lookup_out *out)
{
    struct lookup_in in = idle();
    if (w) { in.ins_valid[0] = true; in.ins[0] = *w; }
    if (slot >= 0) { in.done_valid = true; in.done_slot = (unsigned)slot; }
    cycle(t, &in, out);
}

static void waiting_lookup_merges_allocates_bypasses_and_completes(void **state)
{
    struct simt_config cfg = load("tiny");
    struct lookup_table *t = make(&cfg, LOOKUP_WAITING);
    struct warp x0 = lanes_at(0x40, 1, 5), x1 = lanes_at(0x40, 2, 7);
    struct warp x0b = lanes_at(0x40, 1, 9), y1 = lanes_at(0x80, 2, 3);
    struct lookup_out *o = malloc(sizeof *o);
    (void)state;

    waiting(t, &x0, -1, o);
    assert_int_equal(o->ins_slot[0], 0);
    waiting(t, &x1, -1, o);                    /* same pc, other lane */
    assert_true(o->ins_merged[0]);
    assert_int_equal(o->ins_slot[0], 0);
    waiting(t, &x0b, -1, o);                   /* lane 0 taken: new entry */
    assert_false(o->ins_merged[0]);
    assert_int_equal(o->ins_slot[0], 1);
    waiting(t, &y1, -1, o);                    /* full, other pc */
    assert_true(o->ins_bypass[0]);
    assert_int_equal(o->ins_slot[0], 0);
    waiting(t, &y1, 0, o);                     /* completion, then insert */
    assert_int_equal(o->done.pc, 0x40);
    assert_int_equal(o->done.mask, 3);
    assert_int_equal(o->done.tid[0], 5);
    assert_int_equal(o->done.tid[1], 7 + 1);
    assert_false(o->err);
    assert_false(o->ins_bypass[0]);
    assert_int_equal(o->ins_slot[0], 0);       /* reuses the freed entry */
    assert_int_equal(t->count, 2);
    assert_int_equal(t->entry[0].warp.pc, 0x80);
    free(o);
    free(t);
}

static void waiting_insert_cannot_merge_into_the_completing_warp(void **state)
{
    struct simt_config cfg = load("tiny");
    struct lookup_table *t = make(&cfg, LOOKUP_WAITING);
    struct warp x0 = lanes_at(0x40, 1, 5), x1 = lanes_at(0x40, 2, 7);
    struct lookup_out *o = malloc(sizeof *o);
    (void)state;

    waiting(t, &x0, -1, NULL);
    waiting(t, &x1, 0, o);
    assert_false(o->ins_merged[0]);
    assert_int_equal(o->ins_slot[0], 0);
    assert_int_equal(t->entry[0].warp.mask, 2);
    free(o);
    free(t);
}

static void completion_of_a_free_entry_raises_err_and_shows_nothing(void **state)
{
    struct simt_config cfg = load("tiny");
    struct lookup_table *t = make(&cfg, LOOKUP_WAITING);
    struct lookup_out *o = malloc(sizeof *o);
    (void)state;

    waiting(t, NULL, 1, o);
    assert_true(o->err);
    assert_int_equal(o->done.mask, 0);
    assert_int_equal(o->done.pc, 0);
    assert_int_equal(t->count, 0);
    free(o);
    free(t);
}

static void fermi_harp_tables_are_those_of_table_7(void **state)
{
    struct simt_config cfg = load("fermi-harp");
    struct lookup_geometry g;
    struct harp_array_org org;
    (void)state;

    lookup_table_geometry(&cfg, LOOKUP_READY, &g);
    lookup_table_harp_org(&g, &org);
    assert_string_equal(org.name, "Lookup Ready");
    assert_int_equal(org.banks, 1);
    assert_int_equal(org.entries, 8);
    assert_int_equal(org.sets, 1);
    assert_int_equal(org.ways, 8);
    assert_int_equal(org.tag_bits, 32 + 16 * (10 - 4));
    assert_int_equal(org.row_bits, 32 + 16 * (10 - 4));
    /* 8 x (valid + 32 pc + 16 mask + 96 tid + 3 age) + 4 count */
    assert_int_equal(lookup_table_state_bits(&g), 8 * 148 + 4);

    lookup_table_geometry(&cfg, LOOKUP_WAITING, &g);
    lookup_table_harp_org(&g, &org);
    assert_string_equal(org.name, "Lookup Waiting");
    assert_int_equal(org.ways, 8);
    assert_int_equal(org.tag_bits, 128);
    assert_int_equal(org.row_bits, 128);
    assert_int_equal(lookup_table_state_bits(&g), 8 * 145 + 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fig10_lookup_holds_and_releases_warps_as_in_the_paper),
        cmocka_unit_test(merge_needs_the_same_pc_and_no_lane_conflict),
        cmocka_unit_test(port_1_sees_the_warp_port_0_stored),
        cmocka_unit_test(full_table_without_a_merge_bypasses_and_overwrites_nothing),
        cmocka_unit_test(merge_makes_the_warp_the_youngest),
        cmocka_unit_test(departing_head_cannot_be_merged_into_and_its_entry_is_reused),
        cmocka_unit_test(pop_of_an_empty_table_and_an_empty_mask_raise_err),
        cmocka_unit_test(waiting_lookup_merges_allocates_bypasses_and_completes),
        cmocka_unit_test(waiting_insert_cannot_merge_into_the_completing_warp),
        cmocka_unit_test(completion_of_a_free_entry_raises_err_and_shows_nothing),
        cmocka_unit_test(fermi_harp_tables_are_those_of_table_7),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
