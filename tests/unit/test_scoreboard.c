/*
 * test_scoreboard.c -- the register scoreboard, through its ports: it
 * holds each thread's registers until their results are back, per thread,
 * also when a warp's lanes hold threads of several warp slots; a
 * dependent issues the cycle its operand is ready, and a load's dependent
 * the cycle after its release.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "scoreboard.h"
#include "test_load.h"

enum { LANES = 4 };

/* tiny with 4-thread warps: 2 schedulers of 4 warp slots of 4 lanes. */
static void make(struct scoreboard *sb)
{
    struct simt_config cfg = load("tiny");
    char msg[256];

    cfg.warp_size = LANES;
    cfg.simd_width = LANES;
    assert_int_equal(scoreboard_init(sb, &cfg, msg, sizeof msg), 0);
    assert_int_equal(sb->g.warp_slots, 8);
}

/* The check port at cycle now, about it or (ahead) the next: may the
 * lanes `mask` of slot g (or of slots[], when not NULL) read rs1, rs2 and
 * write rd? */
static bool check(const struct scoreboard *sb, unsigned g,
                  const unsigned *slots, uint64_t mask, unsigned rs1,
                  unsigned rs2, unsigned rd, uint64_t now, bool ahead)
{
    struct scoreboard_in in;
    struct scoreboard_out out;

    memset(&in, 0, sizeof in);
    in.now = now;
    in.check.t.slot = g;
    in.check.t.slots = slots;
    in.check.t.mask = mask;
    in.check.rs1 = (uint8_t)rs1;
    in.check.rs2 = (uint8_t)rs2;
    in.check.rd = (uint8_t)rd;
    in.check.ahead = ahead;
    scoreboard_eval(sb, &in, &out);
    return out.clear;
}

/* The check port about cycle now itself. */
static bool clear(const struct scoreboard *sb, unsigned g,
                  const unsigned *slots, uint64_t mask, unsigned rs1,
                  unsigned rs2, unsigned rd, uint64_t now)
{
    return check(sb, g, slots, mask, rs1, rs2, rd, now, false);
}

/* A clock edge at cycle now with one reservation (rd 0: none) and one
 * release (rel_mask 0: none; its lanes' slots are rel_slots). */
static void edge(struct scoreboard *sb, uint64_t now, unsigned g,
                 const unsigned *slots, uint64_t mask, unsigned rd,
                 uint64_t at, const uint16_t *rel_slots, uint64_t rel_mask,
                 unsigned rel_rd)
{
    struct scoreboard_in in;

    memset(&in, 0, sizeof in);
    in.now = now;
    if (rd) {
        struct scoreboard_reserve *r = &in.reserve[in.n_reserve++];
        r->slot = g;
        r->regrouped = slots != NULL;
        for (unsigned l = 0; slots && l < LANES; l++)
            r->slots[l] = slots[l];
        r->mask = mask;
        r->rd = (uint8_t)rd;
        r->at = at;
    }
    if (rel_mask) {
        struct scoreboard_release *r = &in.release[in.n_release++];
        r->slots = rel_slots;
        r->mask = rel_mask;
        r->rd = (uint8_t)rel_rd;
    }
    scoreboard_step(sb, &in);
}

static void a_dependent_waits_for_the_result_and_issues_the_cycle_it_is_ready(void **state)
{
    struct scoreboard sb;

    (void)state;
    make(&sb);
    /* cycle 5: slot 1, lane 0 writes x5, readable from cycle 10 */
    edge(&sb, 5, 1, NULL, 0x1, 5, 10, NULL, 0, 0);
    assert_false(clear(&sb, 1, NULL, 0x1, 5, 0, 6, 9));   /* RAW */
    assert_false(clear(&sb, 1, NULL, 0x1, 0, 5, 6, 9));   /* RAW, rs2 */
    assert_false(clear(&sb, 1, NULL, 0x1, 0, 0, 5, 9));   /* WAW */
    assert_true(clear(&sb, 1, NULL, 0x1, 6, 7, 8, 9));    /* others */
    assert_true(clear(&sb, 1, NULL, 0x1, 5, 0, 6, 10));   /* ready */
    /* another lane, another slot: another thread */
    assert_true(clear(&sb, 1, NULL, 0x2, 5, 0, 6, 9));
    assert_true(clear(&sb, 2, NULL, 0x1, 5, 0, 6, 9));
    /* x0 is never held */
    edge(&sb, 6, 1, NULL, 0xf, 0, 100, NULL, 0, 0);
    assert_true(clear(&sb, 1, NULL, 0xf, 0, 0, 0, 7));
    scoreboard_reset(&sb);
    assert_true(clear(&sb, 1, NULL, 0x1, 5, 0, 6, 0));
    scoreboard_free(&sb);
}

static void a_check_about_the_next_cycle_passes_a_result_due_then(void **state)
{
    static const uint16_t slot1[LANES] = { 1, 1, 1, 1 };
    struct scoreboard sb;

    (void)state;
    make(&sb);
    /* cycle 5: slot 1, lane 0 writes x5, readable from cycle 10 */
    edge(&sb, 5, 1, NULL, 0x1, 5, 10, NULL, 0, 0);
    assert_false(check(&sb, 1, NULL, 0x1, 5, 0, 0, 8, true));  /* about 9 */
    assert_true(check(&sb, 1, NULL, 0x1, 5, 0, 0, 9, true));   /* about 10 */
    assert_false(clear(&sb, 1, NULL, 0x1, 5, 0, 0, 9));
    /* a pending register stays held until its release */
    edge(&sb, 6, 1, NULL, 0x1, 7, SCOREBOARD_PENDING, NULL, 0, 0);
    assert_false(check(&sb, 1, NULL, 0x1, 7, 0, 0, 50, true));
    edge(&sb, 51, 1, NULL, 0, 0, 0, slot1, 0x1, 7);
    assert_true(check(&sb, 1, NULL, 0x1, 7, 0, 0, 52, true));
    scoreboard_free(&sb);
}

static void a_reservation_of_this_cycle_shows_from_the_next(void **state)
{
    struct scoreboard sb;
    struct scoreboard_in in;
    struct scoreboard_out out;

    (void)state;
    make(&sb);
    /* cycle 3: slot 0 lane 0 checks x4 while an issue reserves it */
    memset(&in, 0, sizeof in);
    in.now = 3;
    in.check.t.slot = 0;
    in.check.t.mask = 0x1;
    in.check.rs1 = 4;
    in.n_reserve = 1;
    in.reserve[0].slot = 0;
    in.reserve[0].mask = 0x1;
    in.reserve[0].rd = 4;
    in.reserve[0].at = 6;
    scoreboard_eval(&sb, &in, &out);
    assert_true(out.clear);             /* from the state alone */
    scoreboard_step(&sb, &in);
    assert_false(clear(&sb, 0, NULL, 0x1, 4, 0, 0, 4));
    assert_false(clear(&sb, 0, NULL, 0x1, 4, 0, 0, 5));
    assert_true(clear(&sb, 0, NULL, 0x1, 4, 0, 0, 6));
    scoreboard_free(&sb);
}

static void a_load_s_dependent_waits_until_the_release_and_issues_the_cycle_after(void **state)
{
    struct scoreboard sb;
    uint16_t slot0[LANES] = { 0, 0, 0, 0 };

    (void)state;
    make(&sb);
    edge(&sb, 1, 0, NULL, 0x3, 9, SCOREBOARD_PENDING, NULL, 0, 0);
    assert_false(clear(&sb, 0, NULL, 0x1, 9, 0, 0, 1000000));
    /* lane 0's value is back in cycle 39: readable from 40 */
    edge(&sb, 39, 0, NULL, 0, 0, 0, slot0, 0x1, 9);
    assert_false(clear(&sb, 0, NULL, 0x1, 9, 0, 0, 39));
    assert_true(clear(&sb, 0, NULL, 0x1, 9, 0, 0, 40));
    assert_false(clear(&sb, 0, NULL, 0x2, 9, 0, 0, 1000000));  /* lane 1 */
    assert_false(clear(&sb, 0, NULL, 0x3, 9, 0, 0, 1000000));
    edge(&sb, 49, 0, NULL, 0, 0, 0, slot0, 0x2, 9);
    assert_true(clear(&sb, 0, NULL, 0x3, 9, 0, 0, 50));
    scoreboard_free(&sb);
}

static void a_regrouped_warp_is_held_by_each_threads_own_registers(void **state)
{
    struct scoreboard sb;
    /* lane 0 runs a thread of slot 2, lane 1 one of slot 0 */
    unsigned mixed[LANES] = { 2, 0, 3, 3 }, swapped[LANES] = { 0, 2, 3, 3 };
    uint16_t mixed16[LANES] = { 2, 0, 3, 3 };

    (void)state;
    make(&sb);
    edge(&sb, 10, 0, mixed, 0x3, 7, 20, NULL, 0, 0);
    assert_false(clear(&sb, 2, NULL, 0x1, 7, 0, 0, 19));
    assert_false(clear(&sb, 0, NULL, 0x2, 7, 0, 0, 19));
    assert_true(clear(&sb, 0, NULL, 0x1, 7, 0, 0, 19));   /* not written */
    assert_true(clear(&sb, 2, NULL, 0x2, 7, 0, 0, 19));
    assert_true(clear(&sb, 3, NULL, 0xc, 7, 0, 0, 19));
    assert_false(clear(&sb, 0, mixed, 0x3, 7, 0, 0, 19));
    assert_false(clear(&sb, 0, mixed, 0x1, 7, 0, 0, 19));
    assert_false(clear(&sb, 0, mixed, 0x2, 7, 0, 0, 19));
    assert_true(clear(&sb, 0, mixed, 0x3, 7, 0, 0, 20));
    /* the same lanes of the other slots were not written */
    assert_true(clear(&sb, 0, swapped, 0x3, 7, 0, 0, 19));
    /* a regrouped load released lane by lane's own slot */
    edge(&sb, 30, 0, mixed, 0x3, 8, SCOREBOARD_PENDING, NULL, 0, 0);
    assert_false(clear(&sb, 2, NULL, 0x1, 8, 0, 0, 31));
    edge(&sb, 31, 0, NULL, 0, 0, 0, mixed16, 0x3, 8);
    assert_true(clear(&sb, 0, mixed, 0x3, 8, 0, 0, 32));
    scoreboard_free(&sb);
}

static void the_next_ready_cycle_is_the_earliest_scheduled_result(void **state)
{
    struct scoreboard sb;

    (void)state;
    make(&sb);
    assert_true(scoreboard_next_ready(&sb, 1, 0) == UINT64_MAX);
    edge(&sb, 0, 1, NULL, 0x1, 5, 12, NULL, 0, 0);
    edge(&sb, 1, 1, NULL, 0x2, 6, 9, NULL, 0, 0);
    edge(&sb, 2, 1, NULL, 0x4, 7, SCOREBOARD_PENDING, NULL, 0, 0);
    assert_true(scoreboard_next_ready(&sb, 1, 2) == 9);
    assert_true(scoreboard_next_ready(&sb, 1, 9) == 12);
    assert_true(scoreboard_next_ready(&sb, 1, 12) == UINT64_MAX);
    assert_true(scoreboard_next_ready(&sb, 0, 2) == UINT64_MAX);
    scoreboard_free(&sb);
}

static void its_storage_is_two_bits_and_a_stamp_per_thread_register(void **state)
{
    struct simt_config cfg = load("fermi-harp");
    struct scoreboard_geometry g;

    (void)state;
    scoreboard_geometry(&cfg, &g);
    /* 2 x 768 threads in 96 slots of 16 lanes; the longest result is a
     * divide: 1 sub-warp - 1 + 145 cycles, 8 bits.  A lane's bank has 96
     * x 32 rows (7 + 5 bits); a stamp is one bit more than the wider of
     * the two, 13 bits.  Per thread register (x0's row included) a
     * pending and a busy bit and the stamp; then the cycle counter and
     * the scrubber's row. */
    assert_int_equal(g.warp_slots, 96);
    assert_int_equal(g.count_w, 8);
    assert_int_equal(g.slot_w, 7);
    assert_int_equal(g.row_w, 12);
    assert_int_equal(g.stamp_w, 13);
    assert_int_equal(g.reserve_ports, 2);
    assert_int_equal(g.release_ports, 1);   /* lsu_writebacks */
    assert_int_equal(scoreboard_memory_bits(&g), 96ul * 16 * 32 * 13);
    assert_int_equal(scoreboard_state_bits(&g),
                     96ul * 16 * 32 * (2 + 13) + 13 + 12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_dependent_waits_for_the_result_and_issues_the_cycle_it_is_ready),
        cmocka_unit_test(a_reservation_of_this_cycle_shows_from_the_next),
        cmocka_unit_test(a_check_about_the_next_cycle_passes_a_result_due_then),
        cmocka_unit_test(a_load_s_dependent_waits_until_the_release_and_issues_the_cycle_after),
        cmocka_unit_test(a_regrouped_warp_is_held_by_each_threads_own_registers),
        cmocka_unit_test(the_next_ready_cycle_is_the_earliest_scheduled_result),
        cmocka_unit_test(its_storage_is_two_bits_and_a_stamp_per_thread_register),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
