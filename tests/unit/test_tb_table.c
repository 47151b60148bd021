/*
 * test_tb_table.c -- the table of resident TBs, through its ports: a
 * placement fills its slot at the edge, the last warps' retirement is
 * told the cycle it happens and frees the slot at the edge, exited warps
 * count at the barrier until it releases, a TB owes arrivals while its
 * exited warps have not arrived, and a warp that had arrived is owed no
 * arrival.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "tb_table.h"
#include "test_load.h"

/* tiny: 4 TB slots. */
static void make(struct tb_table *m)
{
    struct simt_config cfg = load("tiny");
    char msg[256];

    assert_int_equal(tb_table_init(m, &cfg, msg, sizeof msg), 0);
}

static struct tb_table_out read_tb(const struct tb_table *m,
                                   const struct tb_table_in *ports,
                                   unsigned t, unsigned wid)
{
    struct tb_table_in in;
    struct tb_table_out out;

    if (ports)
        in = *ports;
    else
        tb_table_idle(&in);
    in.rd_tb = t;
    in.rd_wid = wid;
    tb_table_eval(m, &in, &out);
    return out;
}

/* Place grid index ctaid on slot t with 3 warps on slots w0..w0+2. */
static void place(struct tb_table *m, unsigned t, unsigned ctaid,
                  unsigned w0)
{
    struct tb_table_in in;

    tb_table_idle(&in);
    in.n_place = 1;
    in.place[0].tb = t;
    in.place[0].ctaid = ctaid;
    in.place[0].warps = 3;
    for (unsigned k = 0; k < 3; k++)
        in.place[0].warp[k] = w0 + k;
    assert_false(read_tb(m, &in, t, 0).valid);
    tb_table_step(m, &in);
}

static void a_placed_tb_holds_its_grid_index_and_warp_slots(void **state)
{
    struct tb_table m;

    (void)state;
    make(&m);
    place(&m, 2, 17, 5);
    assert_true(read_tb(&m, NULL, 2, 0).valid);
    assert_false(read_tb(&m, NULL, 1, 0).valid);
    assert_int_equal(read_tb(&m, NULL, 2, 0).ctaid, 17);
    assert_int_equal(read_tb(&m, NULL, 2, 0).warps, 3);
    assert_int_equal(read_tb(&m, NULL, 2, 0).live_warps, 3);
    assert_int_equal(read_tb(&m, NULL, 2, 2).warp_slot, 7);
}

static void the_last_warps_retiring_are_told_at_once_and_free_the_slot_at_the_edge(void **state)
{
    struct tb_table m;
    struct tb_table_in in;

    (void)state;
    make(&m);
    place(&m, 0, 4, 0);
    tb_table_idle(&in);
    in.retire[0] = 1;
    assert_false(read_tb(&m, &in, 0, 0).done);
    tb_table_step(&m, &in);
    assert_true(read_tb(&m, NULL, 0, 0).valid);
    assert_int_equal(read_tb(&m, NULL, 0, 0).live_warps, 2);
    in.retire[0] = 2;           /* both others in one cycle */
    assert_true(read_tb(&m, &in, 0, 0).done);
    assert_true(read_tb(&m, &in, 0, 0).valid);  /* until the edge */
    tb_table_step(&m, &in);
    assert_false(read_tb(&m, NULL, 0, 0).valid);
}

static void exited_warps_count_at_the_barrier_until_it_releases(void **state)
{
    struct tb_table m;
    struct tb_table_in in;

    (void)state;
    make(&m);
    place(&m, 3, 9, 0);
    tb_table_idle(&in);
    in.retire[3] = 1;
    tb_table_step(&m, &in);
    tb_table_idle(&in);
    in.gone_sent[3] = 1;        /* the exited warp arrives */
    tb_table_step(&m, &in);
    assert_int_equal(read_tb(&m, NULL, 3, 0).gone_arrived, 1);
    tb_table_idle(&in);
    in.release = 1ull << 3;
    tb_table_step(&m, &in);
    assert_int_equal(read_tb(&m, NULL, 3, 0).gone_arrived, 0);
    assert_int_equal(read_tb(&m, NULL, 3, 0).live_warps, 2);
}

static void a_tb_owes_arrivals_while_exited_warps_have_not_arrived(void **state)
{
    struct tb_table m;
    struct tb_table_in in;

    (void)state;
    for (int reference = 0; reference < 2; reference++) {
        make(&m);
        m.reference = reference;
        place(&m, 2, 5, 0);
        place(&m, 3, 6, 3);
        assert_int_equal(read_tb(&m, NULL, 0, 0).owing, 0);
        tb_table_idle(&in);
        in.retire[2] = 2;       /* two exit, neither at the barrier */
        in.retire[3] = 1;
        in.retire_arrived[3] = 1;   /* ... this one had arrived */
        tb_table_step(&m, &in);
        assert_int_equal(read_tb(&m, NULL, 0, 0).owing, 1ull << 2);
        tb_table_idle(&in);
        in.gone_sent[2] = 2;
        tb_table_step(&m, &in);
        assert_int_equal(read_tb(&m, NULL, 0, 0).owing, 0);
    }
}

static void a_warp_that_had_arrived_when_it_retires_is_counted_as_arrived(void **state)
{
    struct tb_table m;
    struct tb_table_in in;

    (void)state;
    make(&m);
    place(&m, 1, 2, 3);
    tb_table_idle(&in);
    in.retire[1] = 1;
    in.retire_arrived[1] = 1;
    tb_table_step(&m, &in);
    assert_int_equal(read_tb(&m, NULL, 1, 0).gone_arrived, 1);
    assert_int_equal(read_tb(&m, NULL, 1, 0).live_warps, 2);
}

static void a_release_of_one_tb_leaves_the_others_counts(void **state)
{
    struct tb_table m;
    struct tb_table_in in;

    (void)state;
    make(&m);
    place(&m, 0, 0, 0);
    place(&m, 1, 1, 3);
    tb_table_idle(&in);
    in.retire[0] = in.retire[1] = 1;
    in.gone_sent[0] = in.gone_sent[1] = 1;
    in.release = 1ull << 0;     /* the arrival and the release of TB 0 */
    tb_table_step(&m, &in);
    assert_int_equal(read_tb(&m, NULL, 0, 0).gone_arrived, 0);
    assert_int_equal(read_tb(&m, NULL, 1, 0).gone_arrived, 1);
}

static void the_storage_is_counted_per_tb_slot_from_the_sizes(void **state)
{
    struct tb_table_geometry g;
    struct simt_config cfg = load("tiny");

    (void)state;
    tb_table_geometry(&cfg, &g);
    /* 4 slots x (valid, a 32-bit grid index, three 3-bit counts of 0..4
     * warps, 4 warp slots of 4 bits among 16) */
    assert_int_equal(tb_table_state_bits(&g), 4 * (1 + 32 + 9 + 16));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_placed_tb_holds_its_grid_index_and_warp_slots),
        cmocka_unit_test(the_last_warps_retiring_are_told_at_once_and_free_the_slot_at_the_edge),
        cmocka_unit_test(exited_warps_count_at_the_barrier_until_it_releases),
        cmocka_unit_test(a_tb_owes_arrivals_while_exited_warps_have_not_arrived),
        cmocka_unit_test(a_warp_that_had_arrived_when_it_retires_is_counted_as_arrived),
        cmocka_unit_test(a_release_of_one_tb_leaves_the_others_counts),
        cmocka_unit_test(the_storage_is_counted_per_tb_slot_from_the_sizes),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
