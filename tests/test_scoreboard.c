/*
 * test_scoreboard.c -- the register scoreboard holds each thread's
 * registers until their results are back, per thread, also when a warp's
 * lanes hold threads of several warp slots.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scoreboard.h"

enum { SLOTS = 4, LANES = 4 };

/* An instruction reading rs1 and rs2 and writing rd (0: none). */
static struct sb_use uses(unsigned rs1, unsigned rs2, unsigned rd)
{
    struct sb_use u;

    memset(&u, 0, sizeof u);
    u.rs1 = (uint8_t)rs1;
    u.rs2 = (uint8_t)rs2;
    u.rd = (uint8_t)rd;
    return u;
}

static struct sb_use decoded(uint32_t word)
{
    struct rv32_insn insn = rv32_decode(word);
    return sb_operands(&insn);
}

static void operands_follow_the_instruction_format(void **state)
{
    struct sb_use u;

    (void)state;
    u = decoded(0x00c58533);            /* add a0, a1, a2 */
    assert_int_equal(u.rs1, 11);
    assert_int_equal(u.rs2, 12);
    assert_int_equal(u.rd, 10);
    assert_int_equal(u.unit, SB_ALU);
    u = decoded(0x00158513);            /* addi a0, a1, 1: no rs2 */
    assert_int_equal(u.rs1, 11);
    assert_int_equal(u.rs2, 0);
    assert_int_equal(u.rd, 10);
    u = decoded(0x00a5a023);            /* sw a0, 0(a1): no rd */
    assert_int_equal(u.rs1, 11);
    assert_int_equal(u.rs2, 10);
    assert_int_equal(u.rd, 0);
    assert_int_equal(u.unit, SB_MEM);
    assert_int_equal(u.mem, 1);
    u = decoded(0x0005a503);            /* lw a0, 0(a1) */
    assert_int_equal(u.rd, 10);
    assert_int_equal(u.mem, 1);
    u = decoded(0x02c58533);            /* mul a0, a1, a2 */
    assert_int_equal(u.unit, SB_MUL);
    u = decoded(0x02c5c533);            /* div a0, a1, a2 */
    assert_int_equal(u.unit, SB_DIV);
    u = decoded(0x02c5f533);            /* remu a0, a1, a2 */
    assert_int_equal(u.unit, SB_DIV);
    u = decoded(0x0040006f);            /* jal x0, 4: writes nothing */
    assert_int_equal(u.rd, 0);
    assert_int_equal(u.rs1, 0);
}

static void a_result_holds_its_readers_and_writers_until_its_cycle(void **state)
{
    struct scoreboard sb;
    struct sb_use reader = uses(5, 0, 6), writer = uses(0, 0, 5),
                  other = uses(6, 7, 8);

    (void)state;
    assert_int_equal(sb_init(&sb, SLOTS, LANES), 0);
    sb_write(&sb, 1, 0x1, 5, 10);       /* slot 1, lane 0: x5 at 10 */
    assert_false(sb_clear(&sb, 1, 0x1, &reader, 9));    /* RAW */
    assert_false(sb_clear(&sb, 1, 0x1, &writer, 9));    /* WAW */
    assert_true(sb_clear(&sb, 1, 0x1, &other, 9));
    assert_true(sb_clear(&sb, 1, 0x1, &reader, 10));
    /* another thread of the same warp, and the same lane of another */
    assert_true(sb_clear(&sb, 1, 0x2, &reader, 9));
    assert_true(sb_clear(&sb, 2, 0x1, &reader, 9));
    assert_int_equal(sb_waiting(&sb, 1, 0xf, 5, 9), 0x1);
    /* x0 is never held */
    sb_write(&sb, 1, 0xf, 0, 100);
    assert_true(sb_clear(&sb, 1, 0xf, &(struct sb_use){ 0 }, 0));
    sb_reset(&sb);
    assert_true(sb_clear(&sb, 1, 0x1, &reader, 0));
    sb_free(&sb);
}

static void a_pending_load_holds_until_released(void **state)
{
    struct scoreboard sb;
    struct sb_use reader = uses(9, 0, 0);

    (void)state;
    assert_int_equal(sb_init(&sb, SLOTS, LANES), 0);
    sb_write(&sb, 0, 0x3, 9, SB_PENDING);
    assert_false(sb_clear(&sb, 0, 0x1, &reader, 1000000));
    sb_release(&sb, 0, 0x1, 9, 40);
    assert_false(sb_clear(&sb, 0, 0x1, &reader, 39));
    assert_true(sb_clear(&sb, 0, 0x1, &reader, 40));
    assert_false(sb_clear(&sb, 0, 0x2, &reader, 1000000));   /* lane 1 */
    sb_release(&sb, 0, 0x2, 9, 50);
    assert_true(sb_clear(&sb, 0, 0x3, &reader, 50));
    sb_free(&sb);
}

static void a_regrouped_warp_is_held_by_each_threads_own_registers(void **state)
{
    struct scoreboard sb;
    struct sb_use reader = uses(7, 0, 0);
    /* lane 0 runs a thread of slot 2, lane 1 one of slot 0 */
    unsigned mixed[LANES] = { 2, 0, 3, 3 }, swapped[LANES] = { 0, 2, 3, 3 };

    (void)state;
    assert_int_equal(sb_init(&sb, SLOTS, LANES), 0);
    sb_write_threads(&sb, mixed, 0x3, 7, 20);
    assert_false(sb_clear(&sb, 2, 0x1, &reader, 19));
    assert_false(sb_clear(&sb, 0, 0x2, &reader, 19));
    assert_true(sb_clear(&sb, 0, 0x1, &reader, 19));    /* not written */
    assert_true(sb_clear(&sb, 2, 0x2, &reader, 19));
    assert_true(sb_clear(&sb, 3, 0xc, &reader, 19));
    assert_false(sb_clear_threads(&sb, mixed, 0x3, &reader, 19));
    assert_false(sb_clear_threads(&sb, mixed, 0x1, &reader, 19));
    assert_false(sb_clear_threads(&sb, mixed, 0x2, &reader, 19));
    assert_true(sb_clear_threads(&sb, mixed, 0x3, &reader, 20));
    /* the same lanes of the other slots were not written */
    assert_true(sb_clear_threads(&sb, swapped, 0x3, &reader, 19));
    sb_free(&sb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(operands_follow_the_instruction_format),
        cmocka_unit_test(a_result_holds_its_readers_and_writers_until_its_cycle),
        cmocka_unit_test(a_pending_load_holds_until_released),
        cmocka_unit_test(a_regrouped_warp_is_held_by_each_threads_own_registers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
