/*
 * test_decode.c -- the decode stage, through its ports: the registers an
 * instruction reads and writes follow its format, its unit follows its
 * operation, a PC names its own text word, and the re-convergence flags
 * are those the kernel's branches name.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "decode.h"
#include "test_load.h"

enum { TEXT_LO = 0x1000 };

/* A text of the words given, from TEXT_LO. */
static void make(struct decode *m, const uint32_t *words, unsigned n)
{
    struct simt_config cfg = load("tiny");
    char msg[256];

    assert_int_equal(decode_init(m, &cfg, msg, sizeof msg), 0);
    assert_int_equal(decode_load(m, TEXT_LO, n), 0);
    for (unsigned i = 0; i < n; i++)
        decode_load_word(m, TEXT_LO + 4 * i, words[i]);
}

static struct decode_out at(const struct decode *m, uint32_t pc)
{
    struct decode_in in = { .pc = pc };
    struct decode_out out;

    decode_eval(m, &in, &out);
    return out;
}

static const uint32_t text[] = {
    0x00c58533,     /* add a0, a1, a2 */
    0x00158513,     /* addi a0, a1, 1: no rs2 */
    0x00a5a023,     /* sw a0, 0(a1): no rd */
    0x0005a503,     /* lw a0, 0(a1) */
    0x02c58533,     /* mul a0, a1, a2 */
    0x02c5c533,     /* div a0, a1, a2 */
    0x02c5f533,     /* remu a0, a1, a2 */
    0x0040006f,     /* jal x0, 4: writes nothing */
    0x00b50463,     /* beq a0, a1, 8: writes nothing */
};

static void registers_follow_the_instruction_format(void **state)
{
    struct decode m;
    struct decode_out u;

    (void)state;
    make(&m, text, sizeof text / sizeof text[0]);
    u = at(&m, TEXT_LO);
    assert_true(u.valid);
    assert_int_equal(u.rs1, 11);
    assert_int_equal(u.rs2, 12);
    assert_int_equal(u.rd, 10);
    u = at(&m, TEXT_LO + 4);
    assert_int_equal(u.rs1, 11);
    assert_int_equal(u.rs2, 0);
    assert_int_equal(u.rd, 10);
    u = at(&m, TEXT_LO + 8);
    assert_int_equal(u.rs1, 11);
    assert_int_equal(u.rs2, 10);
    assert_int_equal(u.rd, 0);
    u = at(&m, TEXT_LO + 12);
    assert_int_equal(u.rs1, 11);
    assert_int_equal(u.rd, 10);
    u = at(&m, TEXT_LO + 28);
    assert_int_equal(u.rd, 0);
    assert_int_equal(u.rs1, 0);
    u = at(&m, TEXT_LO + 32);
    assert_int_equal(u.rs1, 10);
    assert_int_equal(u.rs2, 11);
    assert_int_equal(u.rd, 0);
    decode_free(&m);
}

static void the_unit_follows_the_operation(void **state)
{
    struct decode m;

    (void)state;
    make(&m, text, sizeof text / sizeof text[0]);
    assert_int_equal(at(&m, TEXT_LO).unit, DECODE_ALU);
    assert_false(at(&m, TEXT_LO).mem);
    assert_int_equal(at(&m, TEXT_LO + 8).unit, DECODE_MEM);
    assert_true(at(&m, TEXT_LO + 8).mem);
    assert_true(at(&m, TEXT_LO + 12).mem);
    assert_int_equal(at(&m, TEXT_LO + 16).unit, DECODE_MUL);
    assert_int_equal(at(&m, TEXT_LO + 20).unit, DECODE_DIV);
    assert_int_equal(at(&m, TEXT_LO + 24).unit, DECODE_DIV);
    assert_int_equal(at(&m, TEXT_LO + 28).unit, DECODE_ALU);
    decode_free(&m);
}

static void a_pc_outside_the_text_or_unaligned_decodes_to_nothing(void **state)
{
    struct decode m;

    (void)state;
    make(&m, text, 2);
    assert_true(at(&m, TEXT_LO + 4).valid);
    assert_false(at(&m, TEXT_LO + 8).valid);    /* past the end */
    assert_false(at(&m, TEXT_LO - 4).valid);
    assert_false(at(&m, TEXT_LO + 2).valid);
    assert_int_equal(at(&m, TEXT_LO + 2).rd, 0);
    decode_free(&m);
}

static void only_the_branches_re_convergence_pcs_are_flagged(void **state)
{
    struct decode m;
    const uint8_t *flags;

    (void)state;
    make(&m, text, 4);
    decode_load_rpc(&m, TEXT_LO + 8);
    decode_load_rpc(&m, TEXT_LO + 400);     /* outside: ignored */
    assert_false(at(&m, TEXT_LO + 4).rpc);
    assert_true(at(&m, TEXT_LO + 8).rpc);
    assert_int_equal(at(&m, TEXT_LO + 8).rs2, 10);  /* still the sw */
    flags = decode_rpc_flags(&m);
    assert_int_equal(flags[0] + flags[1] + flags[2] + flags[3], 1);
    assert_int_equal(flags[2], 1);
    assert_int_equal(decode_memory_bits(&m), 4 * 19);
    decode_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(registers_follow_the_instruction_format),
        cmocka_unit_test(the_unit_follows_the_operation),
        cmocka_unit_test(a_pc_outside_the_text_or_unaligned_decodes_to_nothing),
        cmocka_unit_test(only_the_branches_re_convergence_pcs_are_flagged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
