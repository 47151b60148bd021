/*
 * test_decode.c -- the decode stage, through its ports: the registers an
 * instruction reads and writes follow its format, its unit follows its
 * operation, a PC names its own text word, and the re-convergence flags
 * are those the kernel's branches name.  The executed fields are
 * rv32_decode()'s, and the module's patterns (decode_pattern()) decode
 * every operation as rv32_decode() does.
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

/* A splitmix64 stream. */
static uint32_t draw(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)((z ^ (z >> 31)) >> 16);
}

static void the_executed_fields_are_rv32_decodes(void **state)
{
    static const uint32_t words[] = {
        0xfffff537u,    /* lui a0, 0xfffff */
        0x00c58533u,    /* add a0, a1, a2 */
        0x4035d513u,    /* srai a0, a1, 3 */
        0xcc5fe573u,    /* csrrsi a0, laneid, 31 */
        0xcc1025f3u,    /* csrr a1, ntid */
        0x00100073u,    /* ebreak: its rs2 field is 1 */
        0x1005a52fu,    /* lr.w a0, (a1) */
        0x0000400bu,    /* simt.prio.setout */
        0xffffffffu,    /* illegal: every field 0 */
    };

    (void)state;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        struct rv32_insn in = rv32_decode(words[i]);
        struct decode_exec x = decode_exec(words[i]);

        assert_int_equal(x.op, in.op);
        assert_int_equal(x.rd, in.rd);
        assert_int_equal(x.rs1, in.rs1);
        assert_int_equal(x.rs2, in.rs2);
        assert_int_equal(x.imm, (uint32_t)in.imm);
        assert_int_equal(x.csr, in.csr);
    }
    assert_int_equal(decode_exec(0x4035d513u).op, RV32_SRAI);
    assert_int_equal(decode_exec(0x4035d513u).imm, 3);
    assert_int_equal(decode_exec(0xcc5fe573u).imm, 31);
    assert_int_equal(decode_exec(0xcc5fe573u).csr, 0xcc5);
    assert_int_equal(decode_exec(0x00100073u).rs2, 1);
    assert_int_equal(decode_exec(0xffffffffu).op, RV32_ILLEGAL);
    assert_int_equal(decode_exec(0xffffffffu).rd, 0);
    assert_int_equal(decode_exec(0xffffffffu).imm, 0);
}

/* Each operation's pattern: its words (free bits at random) decode as
 * the operation, and a word with any one fixed bit flipped does not. */
static void each_operation_has_a_pattern_of_its_words(void **state)
{
    uint64_t s = 1;

    (void)state;
    assert_null(decode_pattern(RV32_ILLEGAL));
    assert_null(decode_pattern(RV32_N_OPS));
    for (unsigned op = RV32_ILLEGAL + 1; op < RV32_N_OPS; op++) {
        const struct decode_pattern *p = decode_pattern((enum rv32_op)op);

        assert_non_null(p);
        assert_int_equal(p->match & ~p->mask, 0);
        assert_true(p->imm < DECODE_IMM_FORMATS);
        for (unsigned k = 0; k < 1024; k++) {
            uint32_t w = (draw(&s) & ~p->mask) | p->match;
            if (rv32_decode(w).op != op)
                fail_msg("%s: 0x%08x decodes as %s", rv32_op_name(op), w,
                         rv32_op_name(rv32_decode(w).op));
        }
        for (unsigned b = 0; b < 32; b++)
            if (p->mask >> b & 1)
                assert_int_not_equal(rv32_decode(p->match ^ 1u << b).op, op);
    }
}

/* Any word is the operation whose pattern it matches, of one at most,
 * or illegal when it matches none. */
static void a_word_is_the_operation_of_the_one_pattern_it_matches(void **state)
{
    static const uint32_t opcodes[] = { 0x37, 0x17, 0x6f, 0x67, 0x63, 0x03,
                                        0x23, 0x13, 0x33, 0x0f, 0x73, 0x2f,
                                        0x0b };
    static const uint32_t f7[] = { 0x00, 0x01, 0x20 };
    uint64_t s = 2;

    (void)state;
    for (unsigned k = 0; k < (1u << 20); k++) {
        uint32_t w = draw(&s);
        unsigned hits = 0;
        enum rv32_op op = RV32_ILLEGAL;

        if (k & 1)      /* a legal opcode */
            w = (w & ~0x7fu) | opcodes[draw(&s) % 13];
        if (k & 2)      /* an R-type funct7 */
            w = (w & 0x01ffffffu) | f7[draw(&s) % 3] << 25;
        if ((k & 12) == 12)     /* no register named */
            w &= ~0x01ff8f80u;
        for (unsigned o = RV32_ILLEGAL + 1; o < RV32_N_OPS; o++) {
            const struct decode_pattern *p = decode_pattern((enum rv32_op)o);
            if ((w & p->mask) == p->match) {
                hits++;
                op = (enum rv32_op)o;
            }
        }
        if (hits > 1)
            fail_msg("0x%08x matches %u patterns", w, hits);
        if (rv32_decode(w).op != op)
            fail_msg("0x%08x: the patterns give %s, rv32_decode %s", w,
                     rv32_op_name(op), rv32_op_name(rv32_decode(w).op));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(registers_follow_the_instruction_format),
        cmocka_unit_test(the_unit_follows_the_operation),
        cmocka_unit_test(a_pc_outside_the_text_or_unaligned_decodes_to_nothing),
        cmocka_unit_test(only_the_branches_re_convergence_pcs_are_flagged),
        cmocka_unit_test(the_executed_fields_are_rv32_decodes),
        cmocka_unit_test(each_operation_has_a_pattern_of_its_words),
        cmocka_unit_test(a_word_is_the_operation_of_the_one_pattern_it_matches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
