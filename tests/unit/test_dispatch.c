/*
 * test_dispatch.c -- the TB dispatcher, through its ports: TBs are placed
 * in grid order on the lowest free TB slot and warp slots while a TB
 * slot, the warp slots and the shared memory allow, and a TB waits for
 * the one it lacks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "bits.h"
#include "config.h"
#include "dispatch.h"
#include "test_load.h"

/* tiny: 4 TB slots, 2 x 8 warp slots of 2 threads, 16 KiB shared. */
static void make_slots(struct dispatch *m, unsigned max_tbs, unsigned grid,
                       unsigned tb_warps, uint32_t shared_bytes)
{
    struct simt_config cfg = load("tiny");
    struct dispatch_in in;
    char msg[256];

    cfg.max_tbs = max_tbs;
    assert_int_equal(dispatch_init(m, &cfg, msg, sizeof msg), 0);
    memset(&in, 0, sizeof in);
    in.start = true;
    in.grid = grid;
    in.tb_warps = tb_warps;
    in.shared_bytes = shared_bytes;
    dispatch_step(m, &in);
}

static void make(struct dispatch *m, unsigned grid, unsigned tb_warps,
                 uint32_t shared_bytes)
{
    make_slots(m, 4, grid, tb_warps, shared_bytes);
}

/* One cycle: frees the warp slots of warp_rel (bitset word 0) and the TB
 * slots of tb_rel; returns the placements of the cycle. */
static struct dispatch_out cycle(struct dispatch *m, uint64_t warp_rel,
                                 uint64_t tb_rel)
{
    struct dispatch_in in;
    struct dispatch_out out;

    memset(&in, 0, sizeof in);
    in.warp_release[0] = warp_rel;
    in.tb_release = tb_rel;
    dispatch_eval(m, &in, &out);
    dispatch_step(m, &in);
    return out;
}

static void tbs_take_the_lowest_free_tb_slot_and_warp_slots_in_grid_order(void **state)
{
    struct dispatch m;
    struct dispatch_out o;

    (void)state;
    make(&m, 10, 3, 0);
    o = cycle(&m, 0, 0);
    /* 16 warp slots hold five TBs of 3 warps, but 4 TB slots hold four */
    assert_int_equal(o.n_place, 4);
    for (unsigned i = 0; i < 4; i++) {
        assert_int_equal(o.place[i].tb, i);
        assert_int_equal(o.place[i].ctaid, i);
        for (unsigned k = 0; k < 3; k++)
            assert_int_equal(o.place[i].warp[k], 3 * i + k);
    }
    /* TB 1 ends (warp slots 3, 4, 5): TB 4 takes slot 1 and them */
    assert_int_equal(cycle(&m, 0x38, 0x2).n_place, 0);
    o = cycle(&m, 0, 0);
    assert_int_equal(o.n_place, 1);
    assert_int_equal(o.place[0].tb, 1);
    assert_int_equal(o.place[0].ctaid, 4);
    assert_int_equal(o.place[0].warp[0], 3);
    assert_int_equal(o.place[0].warp[1], 4);
    assert_int_equal(o.place[0].warp[2], 5);
}

static void a_tb_waits_for_a_tb_slot(void **state)
{
    struct dispatch m;

    (void)state;
    make(&m, 5, 1, 0);
    assert_int_equal(cycle(&m, 0, 0).n_place, 4);
    assert_int_equal(cycle(&m, 0, 0).n_place, 0);
    /* a warp slot alone frees no TB slot */
    assert_int_equal(cycle(&m, 0x1, 0).n_place, 0);
    assert_int_equal(cycle(&m, 0, 0).n_place, 0);
    cycle(&m, 0, 0x1);
    assert_int_equal(cycle(&m, 0, 0).place[0].ctaid, 4);
    assert_true(dispatch_all_placed(&m));
}

static void a_tb_waits_for_shared_memory(void **state)
{
    struct dispatch m;
    struct dispatch_out o;

    (void)state;
    make(&m, 3, 1, 6 * 1024);           /* two fit in 16 KiB */
    assert_int_equal(cycle(&m, 0, 0).n_place, 2);
    assert_int_equal(cycle(&m, 0, 0).n_place, 0);
    assert_false(dispatch_all_placed(&m));
    /* TB 0's shared memory is back from the cycle after its release */
    o = cycle(&m, 0x1, 0x1);
    assert_int_equal(o.n_place, 0);
    o = cycle(&m, 0, 0);
    assert_int_equal(o.n_place, 1);
    assert_int_equal(o.place[0].tb, 0);
    assert_int_equal(o.place[0].warp[0], 0);
    assert_int_equal(o.place[0].ctaid, 2);
}

static void a_tb_waits_for_enough_warp_slots(void **state)
{
    struct dispatch m;

    (void)state;
    make_slots(&m, 8, 6, 4, 0);         /* 16 warp slots: four TBs of 4 */
    assert_int_equal(cycle(&m, 0, 0).n_place, 4);
    /* TB 0's warps retire two by two: the next waits for all four */
    assert_int_equal(cycle(&m, 0x3, 0).n_place, 0);
    assert_int_equal(cycle(&m, 0, 0).n_place, 0);
    assert_int_equal(cycle(&m, 0xc, 0x1).n_place, 0);
    assert_int_equal(cycle(&m, 0, 0).n_place, 1);
}

static void a_launch_no_empty_sm_could_place_is_refused(void **state)
{
    struct simt_config cfg = load("tiny");  /* 4 warps of 2 per TB */
    struct dispatch_geometry g;

    (void)state;
    dispatch_geometry(&cfg, &g);
    assert_int_equal(dispatch_tb_warps(&g, 7), 4);
    assert_int_equal(dispatch_fits(&g, 1, 8, 16384), DISPATCH_FITS);
    assert_int_equal(dispatch_fits(&g, 0, 8, 0), DISPATCH_EMPTY);
    assert_int_equal(dispatch_fits(&g, 1, 0, 0), DISPATCH_EMPTY);
    assert_int_equal(dispatch_fits(&g, 1, 9, 0), DISPATCH_TOO_WIDE);
    assert_int_equal(dispatch_fits(&g, 1, 8, 16385),
                     DISPATCH_TOO_MUCH_SHARED);
    cfg.max_warps_per_tb = 64;          /* the SM's 16 warp slots bind */
    dispatch_geometry(&cfg, &g);
    assert_int_equal(dispatch_fits(&g, 1, 32, 0), DISPATCH_FITS);
    assert_int_equal(dispatch_fits(&g, 1, 33, 0), DISPATCH_TOO_WIDE);
}

static void its_storage_is_the_launch_the_tb_table_and_a_bit_per_warp_slot(void **state)
{
    struct simt_config cfg = load("tiny");
    struct dispatch_geometry g;

    (void)state;
    dispatch_geometry(&cfg, &g);
    /* grid and next ctaid 32 bits each; tb_warps and free warps 5 bits
     * (0 to 16); shared per TB and in use 15 bits (0 to 16384); 4 TB
     * valid bits; 16 warp slot bits */
    assert_int_equal(dispatch_state_bits(&g), 32 + 32 + 5 + 5 + 15 + 15
                                              + 4 + 16);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tbs_take_the_lowest_free_tb_slot_and_warp_slots_in_grid_order),
        cmocka_unit_test(a_tb_waits_for_a_tb_slot),
        cmocka_unit_test(a_tb_waits_for_shared_memory),
        cmocka_unit_test(a_tb_waits_for_enough_warp_slots),
        cmocka_unit_test(a_launch_no_empty_sm_could_place_is_refused),
        cmocka_unit_test(its_storage_is_the_launch_the_tb_table_and_a_bit_per_warp_slot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
