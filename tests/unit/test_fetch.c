/*
 * test_fetch.c -- the I-buffer and the fetch policies (BAWS 2.2, 4.2,
 * 6.2): a warp is fetched for only with a free slot, one fetch a cycle,
 * LRR's rotation, CFF following the issue scheduler's next warp and
 * falling back to round robin, FEF's fewest entries and its tie rule, the
 * ready bit, issue, flush, input errors, and that a warp that is not
 * valid (its slot holds no warp) is never fetched for.
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
#include "fetch.h"
#include "bits.h"
#include "test_load.h"

static struct fetch *make(enum fetch_policy p)
{
    struct simt_config cfg = load("tiny");
    char err[CONFIG_ERR_LEN];
    struct fetch *f = calloc(1, sizeof *f);

    assert_non_null(f);
    cfg.fetch = p;                       /* tiny: 8 warps of 2 slots */
    if (fetch_init(f, &cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
    return f;
}

/* No event, every warp of f valid (may be fetched for). */
static void blank(const struct fetch *f, struct fetch_in *in)
{
    memset(in, 0, sizeof *in);
    fetch_all_valid(f->g.warps, in->warp_valid);
}

/* One cycle with the given inputs; returns the outputs. */
static struct fetch_out cycle(struct fetch *f, const struct fetch_in *in)
{
    struct fetch_out out;
    fetch_eval(f, in, &out);
    fetch_step(f, in);
    return out;
}

static struct fetch_out idle(struct fetch *f)
{
    struct fetch_in in;
    blank(f, &in);
    return cycle(f, &in);
}

static struct fetch_out fill(struct fetch *f, unsigned w)
{
    struct fetch_in in;
    blank(f, &in);
    in.fill_valid = true;
    in.fill_warp = w;
    return cycle(f, &in);
}

static void lrr_fetches_every_warp_in_turn_until_all_are_full(void **state)
{
    (void)state;
    struct fetch *f = make(FETCH_LRR);

    /* 8 warps x 2 slots: 16 fetches in warp order, twice round. */
    for (unsigned k = 0; k < 16; k++) {
        struct fetch_out o = idle(f);
        assert_true(o.fetch_valid);
        assert_int_equal(o.fetch_warp, k % 8);
    }
    for (unsigned w = 0; w < 8; w++)
        assert_int_equal(fetch_entries(f, w), 2);
    /* Every slot reserved: no fetch, never an overfill. */
    assert_false(idle(f).fetch_valid);
    free(f);
}

static void fills_make_slots_valid_and_the_scoreboard_makes_a_warp_ready(void **state)
{
    (void)state;
    struct fetch *f = make(FETCH_LRR);
    struct fetch_in in;
    struct fetch_out o;

    idle(f);                              /* fetch for warp 0 */
    o = fill(f, 0);                       /* returns; warp 1 fetched */
    assert_false(o.err);
    o = idle(f);
    assert_true(o.v[0][0]);
    assert_false(o.r[0][0]);
    assert_false(o.ready[0]);
    assert_int_equal(o.inflight[0], 0);
    blank(f, &in);
    in.rdy_valid = true;
    in.rdy_warp = 0;
    cycle(f, &in);
    o = idle(f);
    assert_true(o.ready[0]);
    /* The issue removes the slot: warp 0 has room again. */
    blank(f, &in);
    in.issue_valid = true;
    in.issue_warp = 0;
    o = cycle(f, &in);
    assert_false(o.err);
    o = idle(f);
    assert_false(o.v[0][0]);
    assert_false(o.ready[0]);
    free(f);
}

static void ready_means_the_oldest_slot_is_valid_and_ready(void **state)
{
    (void)state;
    struct fetch *f = make(FETCH_LRR);
    struct fetch_in in;
    struct fetch_out o;

    /* Two instructions for warp 0; the scoreboard clears them in order. */
    f->inflight[0] = 2;
    f->last = 7;
    fill(f, 0);
    fill(f, 0);
    blank(f, &in);
    in.rdy_valid = true;
    in.rdy_warp = 0;
    cycle(f, &in);
    o = idle(f);
    assert_true(o.r[0][0]);
    assert_false(o.r[0][1]);
    assert_true(o.ready[0]);
    cycle(f, &in);                        /* the second */
    o = cycle(f, &in);                    /* none left */
    assert_true(o.err);
    free(f);
}

static void cff_fetches_for_the_schedulers_next_warp(void **state)
{
    (void)state;
    struct fetch *f = make(FETCH_CFF);
    struct fetch_in in;
    struct fetch_out o;

    blank(f, &in);
    in.next_valid = true;
    in.next_warp = 5;
    o = cycle(f, &in);
    assert_int_equal(o.fetch_warp, 5);
    o = cycle(f, &in);
    assert_int_equal(o.fetch_warp, 5);
    /* Warp 5's two slots are reserved: round robin after warp 5. */
    o = cycle(f, &in);
    assert_true(o.fetch_valid);
    assert_int_equal(o.fetch_warp, 6);
    /* No next warp: round robin. */
    in.next_valid = false;
    o = cycle(f, &in);
    assert_int_equal(o.fetch_warp, 7);
    free(f);
}

static void fef_fetches_for_the_warp_with_fewest_entries_ties_to_the_smaller_id(void **state)
{
    (void)state;
    struct fetch *f = make(FETCH_FEF);
    struct fetch_out o;

    /* All empty: warp 0, then 1, ... (ties to the smallest id). */
    for (unsigned k = 0; k < 8; k++) {
        o = idle(f);
        assert_int_equal(o.fetch_warp, k);
    }
    /* All at one entry.  A flush of warp 3 cancels its fetch; the warp
     * being flushed is not eligible, so the tie goes to warp 0 ... */
    struct fetch_in in;
    blank(f, &in);
    in.flush_valid = true;
    in.flush_warp = 3;
    o = cycle(f, &in);
    assert_int_equal(o.fetch_warp, 0);
    /* ... and then warp 3, with no entry, goes before the others. */
    o = idle(f);
    assert_int_equal(o.fetch_warp, 3);
    /* Warps 1, 2, 4..7 have one entry, 0 and 3 two: the smallest id. */
    o = idle(f);
    assert_int_equal(o.fetch_warp, 1);
    free(f);
}

static void flush_empties_a_warp_cancels_its_fetches_and_is_not_fetched_for(void **state)
{
    (void)state;
    struct fetch *f = make(FETCH_LRR);
    struct fetch_in in;
    struct fetch_out o;

    idle(f);                              /* warp 0 */
    fill(f, 0);                           /* warp 1 fetched */
    blank(f, &in);
    in.flush_valid = true;
    in.flush_warp = 2;                    /* round robin would pick 2 */
    o = cycle(f, &in);
    assert_int_equal(o.fetch_warp, 3);
    in.flush_warp = 0;
    cycle(f, &in);
    o = idle(f);
    assert_false(o.v[0][0]);
    assert_int_equal(o.inflight[0], 0);
    /* A fill for the flushed warp is an error: nothing in flight. */
    o = fill(f, 0);
    assert_true(o.err);
    free(f);
}

static void issuing_a_warp_that_is_not_ready_is_an_error_and_changes_nothing(void **state)
{
    (void)state;
    struct fetch *f = make(FETCH_LRR);
    struct fetch *before = malloc(sizeof *before);
    struct fetch_in in;
    struct fetch_out o;

    assert_non_null(before);
    f->inflight[4] = 1;
    f->last = 7;
    fill(f, 4);                           /* valid, not ready */
    blank(f, &in);
    in.issue_valid = true;
    in.issue_warp = 4;
    f->last = 7;
    memcpy(before, f, sizeof *f);
    o = cycle(f, &in);
    assert_true(o.err);
    assert_true(f->v[4][0]);
    assert_memory_equal(before->v, f->v, sizeof f->v);
    assert_memory_equal(before->r, f->r, sizeof f->r);
    free(before);
    free(f);
}

static void storage_bits_are_two_per_slot_a_counter_per_warp_and_the_pointer(void **state)
{
    (void)state;
    struct simt_config cfg;
    struct fetch_geometry g;
    char err[CONFIG_ERR_LEN];

    assert_int_equal(config_load_preset("gtx480-baws", &cfg, err, sizeof err), 0);
    fetch_geometry(&cfg, &g);
    assert_int_equal(g.warps, 24);
    assert_int_equal(g.slots, 2);
    /* 24 warps x (2 slots x (v, r) + 2-bit counter) + 5-bit pointer */
    assert_int_equal(fetch_state_bits(&g), 24ul * (4 + 2) + 5);
    cfg.fetch = FETCH_FEF;
    fetch_geometry(&cfg, &g);
    assert_int_equal(fetch_state_bits(&g), 24ul * (4 + 2));
}

/* Random legal events for the warps of f: fill one in flight, issue one
 * ready, mark one unready slot ready, flush one now and then. */
static struct fetch_in random_events(const struct fetch *f, unsigned *seed)
{
    struct fetch_in in;
    unsigned W = f->g.warps, w;

    blank(f, &in);
    *seed = *seed * 1103515245u + 12345u;
    w = (*seed >> 16) % W;
    in.fill_valid = f->inflight[w] > 0;
    in.fill_warp = w;
    w = (w + 3) % W;
    in.issue_valid = fetch_ready(f, w);
    in.issue_warp = w;
    w = (w + 2) % W;
    in.rdy_valid = fetch_unready(f, w) && !(in.issue_valid && in.issue_warp == w);
    in.rdy_warp = w;
    in.flush_valid = (*seed >> 8) % 17 == 0;
    in.flush_warp = (w + 1) % W;
    in.next_valid = true;
    in.next_warp = (*seed >> 4) % W;
    /* about three warps in four valid */
    for (w = 0; w < W; w++)
        if ((*seed >> (w % 24)) % 4 == 0)
            bitset_remove(in.warp_valid, w);
    return in;
}

static void a_step_given_the_evaluated_warp_moves_as_the_plain_step(
    void **state)
{
    const enum fetch_policy policies[] = { FETCH_LRR, FETCH_CFF, FETCH_FEF };

    (void)state;
    for (unsigned p = 0; p < 3; p++) {
        struct fetch *plain = make(policies[p]), *told = make(policies[p]);
        unsigned seed = 1 + p;

        for (unsigned c = 0; c < 2000; c++) {
            struct fetch_in in = random_events(plain, &seed);
            struct fetch_out out;

            fetch_eval_ports(told, &in, &out);
            assert_false(out.err);
            fetch_step(plain, &in);
            fetch_step_evaluated(told, &in,
                                 out.fetch_valid ? (int)out.fetch_warp : -1);
            assert_memory_equal(plain, told, sizeof *plain);
        }
        free(plain);
        free(told);
    }
}

static void no_policy_fetches_for_a_warp_that_is_not_valid(void **state)
{
    const enum fetch_policy policies[] = { FETCH_LRR, FETCH_CFF, FETCH_FEF };

    (void)state;
    for (unsigned p = 0; p < 3; p++) {
        struct fetch *f = make(policies[p]);
        struct fetch_in in;
        unsigned fetched[8] = { 0 };

        /* warps 1, 4 and 6 of 8 hold a warp; CFF names warp 2, empty */
        memset(&in, 0, sizeof in);
        bitset_add(in.warp_valid, 1);
        bitset_add(in.warp_valid, 4);
        bitset_add(in.warp_valid, 6);
        in.next_valid = true;
        in.next_warp = 2;
        for (unsigned k = 0; k < 12; k++) {
            struct fetch_out o = cycle(f, &in);
            if (o.fetch_valid)
                fetched[o.fetch_warp]++;
        }
        /* 2 slots each of the three valid warps, none for the others */
        for (unsigned w = 0; w < 8; w++)
            assert_int_equal(fetched[w], w == 1 || w == 4 || w == 6 ? 2 : 0);
        /* the invalid warps still have room, yet nothing is fetched */
        assert_false(cycle(f, &in).fetch_valid);
        /* warp 2 becomes valid: CFF's next warp, and the only one with room */
        bitset_add(in.warp_valid, 2);
        {
            struct fetch_out o = cycle(f, &in);
            assert_true(o.fetch_valid);
            assert_int_equal(o.fetch_warp, 2);
        }
        free(f);
    }
}

static void a_warp_that_is_not_valid_loses_its_slots_and_fetches_in_flight(
    void **state)
{
    struct fetch *f = make(FETCH_LRR);
    struct fetch_in in;
    struct fetch_out o;

    (void)state;
    /* warp 0: one instruction in a slot, one fetch in flight */
    idle(f);                              /* fetch for warp 0 */
    fill(f, 0);                           /* returns; warp 1 fetched */
    blank(f, &in);
    in.next_valid = false;
    for (unsigned w = 1; w < 8; w++)      /* only warp 0 valid */
        bitset_remove(in.warp_valid, w);
    o = cycle(f, &in);                    /* warp 0's second fetch */
    assert_true(o.fetch_valid);
    assert_int_equal(o.fetch_warp, 0);
    assert_int_equal(fetch_entries(f, 0), 2);
    /* warp 1 was not valid on that edge: its fetch in flight is gone */
    assert_int_equal(fetch_entries(f, 1), 0);
    /* warp 0 leaves its slot: emptied on the edge, nothing fetched */
    bitset_remove(in.warp_valid, 0);
    o = cycle(f, &in);
    assert_false(o.fetch_valid);
    assert_int_equal(fetch_entries(f, 0), 0);
    assert_false(f->v[0][0]);
    /* the return of its cancelled fetch is an error, like a flushed one */
    blank(f, &in);
    in.fill_valid = true;
    in.fill_warp = 0;
    fetch_eval(f, &in, &o);
    assert_true(o.err);
    /* a warp entering the slot starts empty and is fetched for */
    in.fill_valid = false;
    o = cycle(f, &in);
    assert_true(o.fetch_valid);
    assert_false(o.v[0][0]);
    free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lrr_fetches_every_warp_in_turn_until_all_are_full),
        cmocka_unit_test(fills_make_slots_valid_and_the_scoreboard_makes_a_warp_ready),
        cmocka_unit_test(ready_means_the_oldest_slot_is_valid_and_ready),
        cmocka_unit_test(cff_fetches_for_the_schedulers_next_warp),
        cmocka_unit_test(fef_fetches_for_the_warp_with_fewest_entries_ties_to_the_smaller_id),
        cmocka_unit_test(flush_empties_a_warp_cancels_its_fetches_and_is_not_fetched_for),
        cmocka_unit_test(issuing_a_warp_that_is_not_ready_is_an_error_and_changes_nothing),
        cmocka_unit_test(storage_bits_are_two_per_slot_a_counter_per_warp_and_the_pointer),
        cmocka_unit_test(a_step_given_the_evaluated_warp_moves_as_the_plain_step),
        cmocka_unit_test(no_policy_fetches_for_a_warp_that_is_not_valid),
        cmocka_unit_test(a_warp_that_is_not_valid_loses_its_slots_and_fetches_in_flight),
    };
    return cmocka_run_group_tests_name("fetch", tests, NULL, NULL);
}
