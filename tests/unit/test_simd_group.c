/*
 * test_simd_group.c -- the SIMD groups, through their ports: which group
 * a scheduler issues onto, how long a warp-instruction holds it (its
 * sub-warps), and when its result is due (the unit's latency).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "simd_group.h"
#include "test_load.h"

static void make(struct simd_group *m, const struct simt_config *cfg)
{
    char msg[256];

    assert_int_equal(simd_group_init(m, cfg, msg, sizeof msg), 0);
}

/* The outputs at cycle now with no issue. */
static struct simd_group_out look(const struct simd_group *m, uint64_t now)
{
    struct simd_group_in in;
    struct simd_group_out out;

    memset(&in, 0, sizeof in);
    in.now = now;
    simd_group_eval(m, &in, &out);
    return out;
}

/* Cycle now: scheduler s issues an instruction of class op (s < 0: none);
 * returns the outputs of the cycle, then steps. */
static struct simd_group_out cycle(struct simd_group *m, uint64_t now,
                                   int s, enum simd_group_op op)
{
    struct simd_group_in in;
    struct simd_group_out out;

    memset(&in, 0, sizeof in);
    in.now = now;
    if (s >= 0) {
        in.issue[s].valid = true;
        in.issue[s].op = op;
    }
    simd_group_eval(m, &in, &out);
    simd_group_step(m, &in);
    return out;
}

static void an_alu_result_is_due_alu_latency_after_issue_and_a_multiply_s_mul_latency(void **state)
{
    struct simt_config cfg = load("tiny");  /* ALU 2, MUL 3, DIV 8 */
    struct simd_group m;
    struct simd_group_out o;

    (void)state;
    make(&m, &cfg);
    o = cycle(&m, 10, 0, SIMD_GROUP_ALU);
    assert_true(o.accept[0]);
    assert_true(o.due[SIMD_GROUP_ALU] == 12);
    assert_true(o.due[SIMD_GROUP_MUL] == 13);
    assert_true(o.due[SIMD_GROUP_DIV] == 18);
    assert_int_equal(o.busy, 1);        /* the issue enters the group */
    assert_false(o.err);
}

static void a_divide_holds_its_group_no_longer_than_an_add(void **state)
{
    struct simt_config cfg = load("tiny");
    struct simd_group m;

    (void)state;
    cfg.schedulers = 1;                 /* one scheduler owns the group */
    make(&m, &cfg);
    cycle(&m, 0, 0, SIMD_GROUP_DIV);
    /* the divider is pipelined: the next warp-instruction enters at 1 */
    assert_true(look(&m, 1).accept[0]);
    assert_int_equal(look(&m, 1).busy, 0);
    assert_true(simd_group_next_change(&m, 0) == 1);
}

static void a_64_wide_warp_on_32_wide_groups_holds_its_group_two_cycles(void **state)
{
    struct simt_config cfg = load("fermi-harp");
    struct simd_group m;
    struct simd_group_out o;

    (void)state;
    cfg.warp_size = 64;
    cfg.simd_width = 32;
    make(&m, &cfg);
    assert_int_equal(m.g.occupancy, 2);
    o = cycle(&m, 100, 1, SIMD_GROUP_MUL);
    assert_true(o.accept[1]);
    assert_int_equal(o.group[1], 1);    /* scheduler 1 owns group 1 */
    /* the result: after the second sub-warp entered (cycle 101) */
    assert_true(o.due[SIMD_GROUP_MUL] == 101 + 4);
    o = look(&m, 101);
    assert_false(o.accept[1]);          /* its second sub-warp */
    assert_true(o.accept[0]);           /* the other group is free */
    assert_int_equal(o.busy, 1);
    o = look(&m, 102);
    assert_true(o.accept[1]);
    assert_int_equal(o.busy, 0);
    assert_true(simd_group_next_change(&m, 100) == 102);
}

static void a_scheduler_issues_onto_the_first_free_of_its_own_groups(void **state)
{
    struct simt_config cfg = load("fermi-harp");
    struct simd_group m;
    struct simd_group_out o;

    (void)state;
    cfg.simd_groups = 4;                /* scheduler 0: groups 0 and 2 */
    cfg.warp_size = 32;
    cfg.simd_width = 16;                /* two sub-warps */
    make(&m, &cfg);
    o = cycle(&m, 0, 0, SIMD_GROUP_ALU);
    assert_int_equal(o.group[0], 0);
    o = cycle(&m, 1, 0, SIMD_GROUP_ALU);
    assert_true(o.accept[0]);
    assert_int_equal(o.group[0], 2);
    assert_int_equal(o.busy, 2);        /* group 0's second sub-warp too */
    o = look(&m, 2);
    assert_true(o.accept[0]);           /* group 0 is free again */
    assert_int_equal(o.group[0], 0);
    assert_int_equal(o.busy, 1);
}

static void schedulers_sharing_one_group_take_turns_cycle_by_cycle(void **state)
{
    struct simt_config cfg = load("tiny");  /* 2 schedulers, 1 group */
    struct simd_group m;

    (void)state;
    make(&m, &cfg);
    assert_true(look(&m, 0).accept[0]);
    assert_false(look(&m, 0).accept[1]);
    assert_false(look(&m, 1).accept[0]);
    assert_true(look(&m, 1).accept[1]);
    assert_true(simd_group_next_change(&m, 5) == 6);
}

static void an_issue_without_a_free_group_is_an_error(void **state)
{
    struct simt_config cfg = load("tiny");
    struct simd_group m;

    (void)state;
    make(&m, &cfg);
    assert_true(cycle(&m, 1, 0, SIMD_GROUP_ALU).err);   /* not its turn */
    assert_true(look(&m, 1).accept[1]);     /* and nothing was taken */
}

static void its_storage_is_a_busy_counter_per_group(void **state)
{
    struct simt_config cfg = load("fermi-harp");
    struct simd_group_geometry g;

    (void)state;
    cfg.warp_size = 64;
    cfg.simd_width = 16;                /* 4 sub-warps: counts 3 to 0, 2 bits */
    simd_group_geometry(&cfg, &g);
    assert_int_equal(simd_group_state_bits(&g), 2 * 2);
    cfg.simd_width = 8;                 /* 8 sub-warps: counts 7 to 0, 3 bits */
    simd_group_geometry(&cfg, &g);
    assert_int_equal(simd_group_state_bits(&g), 2 * 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_alu_result_is_due_alu_latency_after_issue_and_a_multiply_s_mul_latency),
        cmocka_unit_test(a_divide_holds_its_group_no_longer_than_an_add),
        cmocka_unit_test(a_64_wide_warp_on_32_wide_groups_holds_its_group_two_cycles),
        cmocka_unit_test(a_scheduler_issues_onto_the_first_free_of_its_own_groups),
        cmocka_unit_test(schedulers_sharing_one_group_take_turns_cycle_by_cycle),
        cmocka_unit_test(an_issue_without_a_free_group_is_an_error),
        cmocka_unit_test(its_storage_is_a_busy_counter_per_group),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
