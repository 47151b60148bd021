/*
 * test_warp_slots.c -- the SM's table of warp slots, through its ports: a
 * placement makes a slot resident with its launch pending and every lane
 * live, a launch and an arrival set their bits at the edge, an exit
 * clears its lanes, a slot retires in the cycle its last live lanes exit
 * (told then, free at the edge), and a release clears the barrier bit of
 * its TB's slots that stay resident only.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "bits.h"
#include "config.h"
#include "warp_slots.h"
#include "test_load.h"

/* tiny: 2 schedulers x 8 warps of 2 lanes, 4 TB slots of 4 warps. */
static void make(struct warp_slots *m)
{
    struct simt_config cfg = load("tiny");
    char msg[256];

    assert_int_equal(warp_slots_init(m, &cfg, msg, sizeof msg), 0);
}

/* Place warp wid of TB slot tb on slot g with these lanes. */
static void place(struct warp_slots *m, unsigned g, unsigned tb,
                  unsigned wid, uint64_t lanes)
{
    struct warp_slots_in in;

    warp_slots_idle(&in);
    bitset_add(in.place, g);
    in.place_tb[g] = tb;
    in.place_wid[g] = wid;
    in.place_lanes[g] = lanes;
    warp_slots_step(m, &in);
}

static void a_placed_slot_is_resident_with_its_launch_pending_and_every_lane_live(void **state)
{
    struct warp_slots m;
    const struct warp_slot *w;

    (void)state;
    make(&m);
    assert_false(warp_slots_read(&m, 5)->resident);
    place(&m, 5, 2, 3, 0x1);
    w = warp_slots_read(&m, 5);
    assert_true(w->resident);
    assert_true(w->launch_pending);
    assert_false(w->at_barrier);
    assert_int_equal(w->tb, 2);
    assert_int_equal(w->wid, 3);
    assert_int_equal(w->lanes, 0x1);
    assert_int_equal(w->live, 0x1);
    assert_false(warp_slots_read(&m, 4)->resident);
}

static void a_launch_and_an_arrival_take_effect_at_the_edge(void **state)
{
    struct warp_slots m;
    struct warp_slots_in in;

    (void)state;
    make(&m);
    place(&m, 0, 0, 0, 0x3);
    warp_slots_idle(&in);
    bitset_add(in.launch, 0);
    assert_true(warp_slots_read(&m, 0)->launch_pending);
    warp_slots_step(&m, &in);
    assert_false(warp_slots_read(&m, 0)->launch_pending);
    warp_slots_idle(&in);
    bitset_add(in.arrive, 0);
    warp_slots_step(&m, &in);
    assert_true(warp_slots_read(&m, 0)->at_barrier);
}

static void a_slot_retires_in_the_cycle_its_last_live_lanes_exit(void **state)
{
    struct warp_slots m;
    struct warp_slots_in in;
    struct warp_slots_out out;

    (void)state;
    make(&m);
    place(&m, 3, 1, 0, 0x3);
    warp_slots_idle(&in);
    in.kill[3] = 0x1;           /* one of two lanes: no retirement */
    warp_slots_eval(&m, &in, &out);
    assert_false(bitset_has(out.retire, 3));
    warp_slots_step(&m, &in);
    assert_true(warp_slots_read(&m, 3)->resident);
    assert_int_equal(warp_slots_read(&m, 3)->live, 0x2);
    warp_slots_idle(&in);
    in.kill[3] = 0x2;           /* the last one: told now */
    warp_slots_eval(&m, &in, &out);
    assert_true(bitset_has(out.retire, 3));
    assert_true(warp_slots_retires(&m, &in, 3));
    assert_true(warp_slots_read(&m, 3)->resident);
    warp_slots_step(&m, &in);   /* free at the edge */
    assert_false(warp_slots_read(&m, 3)->resident);
    assert_int_equal(warp_slots_read(&m, 3)->live, 0);
    assert_int_equal(warp_slots_read(&m, 3)->lanes, 0x3);
}

static void a_release_clears_the_barrier_of_its_tbs_slots_that_stay(void **state)
{
    struct warp_slots m;
    struct warp_slots_in in;

    (void)state;
    make(&m);
    place(&m, 0, 0, 0, 0x3);    /* TB 0: slots 0 and 1 */
    place(&m, 1, 0, 1, 0x3);
    place(&m, 2, 1, 0, 0x3);    /* TB 1: slot 2 */
    warp_slots_idle(&in);
    bitset_add(in.arrive, 0);
    bitset_add(in.arrive, 1);
    bitset_add(in.arrive, 2);
    warp_slots_step(&m, &in);
    /* slot 1 exits as TB 0 releases: it leaves the table still at the
     * barrier; slot 0 leaves the barrier; TB 1 stays */
    warp_slots_idle(&in);
    in.kill[1] = 0x3;
    in.release = 1ull << 0;
    warp_slots_step(&m, &in);
    assert_false(warp_slots_read(&m, 0)->at_barrier);
    assert_false(warp_slots_read(&m, 1)->resident);
    assert_true(warp_slots_read(&m, 1)->at_barrier);
    assert_true(warp_slots_read(&m, 2)->at_barrier);
}

static void an_arrival_and_a_release_in_one_cycle_leave_the_slot_running(void **state)
{
    struct warp_slots m;
    struct warp_slots_in in;

    (void)state;
    make(&m);
    place(&m, 7, 3, 2, 0x3);
    warp_slots_idle(&in);
    bitset_add(in.arrive, 7);   /* the last arrival releases the TB */
    in.release = 1ull << 3;
    warp_slots_step(&m, &in);
    assert_false(warp_slots_read(&m, 7)->at_barrier);
}

static void the_storage_is_counted_per_slot_from_the_sizes(void **state)
{
    struct warp_slots_geometry g;
    struct simt_config cfg = load("tiny");

    (void)state;
    warp_slots_geometry(&cfg, &g);
    /* 16 slots x (3 bits, a 2-bit TB slot, a 2-bit warp index, 2 lanes
     * and 2 live) */
    assert_int_equal(g.slots, 16);
    assert_int_equal(warp_slots_state_bits(&g), 16 * (3 + 2 + 2 + 2 + 2));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_placed_slot_is_resident_with_its_launch_pending_and_every_lane_live),
        cmocka_unit_test(a_launch_and_an_arrival_take_effect_at_the_edge),
        cmocka_unit_test(a_slot_retires_in_the_cycle_its_last_live_lanes_exit),
        cmocka_unit_test(a_release_clears_the_barrier_of_its_tbs_slots_that_stay),
        cmocka_unit_test(an_arrival_and_a_release_in_one_cycle_leave_the_slot_running),
        cmocka_unit_test(the_storage_is_counted_per_slot_from_the_sizes),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
