/*
 * test_cfg.c -- the control-flow analysis on hand-assembled functions:
 * the re-convergence PC of each branch is the start of its immediate
 * post-dominator as worked out by hand (if/else, nested ifs, a loop with
 * a break, an early return, a call inside a branch, a switch through a
 * jump table, resolved or not), and the ICS-First actions raise and
 * lower in pairs.
 *
 * Each program is one function f at 0x10000 (instruction i at 0x10000 +
 * 4 i), optionally a callee g after it, and _start, which holds the
 * program's simt.exit at EXIT_PC.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "cfg.h"

#define BASE 0x10000u
#define PC(i) (BASE + 4u * (i))
#define EXIT_PC 0x1f004u                 /* _start: jal; simt.exit */

/* RV32I encodings of the instructions the programs use. */
static uint32_t b_type(unsigned f3, unsigned rs1, unsigned rs2, int off)
{
    uint32_t o = (uint32_t)off;
    return ((o >> 12) & 1) << 31 | ((o >> 5) & 0x3f) << 25 | rs2 << 20
           | rs1 << 15 | f3 << 12 | ((o >> 1) & 0xf) << 8
           | ((o >> 11) & 1) << 7 | 0x63;
}
/* a branch at instruction `at` to instruction `to` */
static uint32_t beq(unsigned at, unsigned to) { return b_type(0, 10, 0, 4 * ((int)to - (int)at)); }
static uint32_t bne(unsigned at, unsigned to) { return b_type(1, 5, 6, 4 * ((int)to - (int)at)); }
static uint32_t blt(unsigned at, unsigned to) { return b_type(4, 5, 6, 4 * ((int)to - (int)at)); }
static uint32_t jal(unsigned rd, unsigned at, unsigned to)
{
    uint32_t o = (uint32_t)(4 * ((int)to - (int)at));
    return ((o >> 20) & 1) << 31 | ((o >> 1) & 0x3ff) << 21
           | ((o >> 11) & 1) << 20 | ((o >> 12) & 0xff) << 12 | rd << 7 | 0x6f;
}
static uint32_t jalr(unsigned rd, unsigned rs1) { return rs1 << 15 | rd << 7 | 0x67; }
static uint32_t i_type(unsigned op, unsigned f3, unsigned rd, unsigned rs1, int imm)
{
    return (uint32_t)imm << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static uint32_t li(unsigned rd, int imm) { return i_type(0x13, 0, rd, 0, imm); }
static uint32_t addi(unsigned rd, unsigned rs1, int imm) { return i_type(0x13, 0, rd, rs1, imm); }
static uint32_t slli(unsigned rd, unsigned rs1, int sh) { return i_type(0x13, 1, rd, rs1, sh); }
static uint32_t lw(unsigned rd, unsigned rs1, int imm) { return i_type(0x03, 2, rd, rs1, imm); }
static uint32_t lui(unsigned rd, uint32_t value) { return (value & 0xfffff000u) | rd << 7 | 0x37; }
static uint32_t add(unsigned rd, unsigned rs1, unsigned rs2)
{
    return rs2 << 20 | rs1 << 15 | rd << 7 | 0x33;
}
/* bltu rs1, rs2 from instruction `at` to `to` */
static uint32_t bltu(unsigned rs1, unsigned rs2, unsigned at, unsigned to)
{
    return b_type(6, rs1, rs2, 4 * ((int)to - (int)at));
}
#define NOP 0x00000013u                  /* addi x0, x0, 0 */
#define RET 0x00008067u                  /* jalr x0, 0(ra) */
#define BAR 0x0000000bu                  /* simt.bar */

/* A program of f (words), g (gwords, may be 0 words) and _start. */
struct test_prog {
    struct program p;
    uint8_t image[0x10000];
    struct program_func funcs[3];
};

static struct test_prog *make(const uint32_t *f, unsigned nf,
                              const uint32_t *g, unsigned ng)
{
    struct test_prog *t = calloc(1, sizeof *t);
    unsigned nfun = 0;

    assert_non_null(t);
    for (unsigned i = 0; i < nf + ng; i++) {
        uint32_t w = i < nf ? f[i] : g[i - nf];
        memcpy(t->image + 4 * i, &w, 4);
    }
    /* _start at 0x1f000: jal ra, f; simt.exit */
    {
        uint32_t w = jal(1, (0x1f000u - BASE) / 4, 0), x = 0x0000100bu;
        memcpy(t->image + 0xf000, &w, 4);
        memcpy(t->image + 0xf004, &x, 4);
    }
    t->funcs[nfun++] = (struct program_func){ "f", BASE, PC(nf) };
    if (ng)
        t->funcs[nfun++] = (struct program_func){ "g", PC(nf), PC(nf + ng) };
    t->funcs[nfun++] = (struct program_func){ "_start", 0x1f000u, 0x1f008u };
    t->p.path = "hand-made";
    t->p.base = BASE;
    t->p.size = sizeof t->image;
    t->p.image = t->image;
    t->p.text_lo = BASE;
    t->p.text_hi = BASE + sizeof t->image;
    t->p.entry = 0x1f000u;
    t->p.kernel = BASE;
    t->p.exit_pc = EXIT_PC;
    t->p.funcs = t->funcs;
    t->p.n_funcs = nfun;
    return t;
}

/* Analyse; the tables go into t->p (freed by done()). */
static void analyse(struct test_prog *t, unsigned levels)
{
    char err[512];
    if (cfg_analyse(&t->p, levels, err, sizeof err) != 0)
        fail_msg("%s", err);
}

static void done(struct test_prog *t)
{
    free(t->p.branches);
    free(t->p.ics);
    free(t);
}

static void expect_rpc(const struct test_prog *t, uint32_t pc, uint32_t rpc)
{
    uint32_t got = 0;
    if (program_rpc(&t->p, pc, &got) != 0)
        fail_msg("no branch at 0x%08x in the table", pc);
    if (got != rpc)
        fail_msg("the branch at 0x%08x re-converges at 0x%08x, by hand at "
                 "0x%08x", pc, got, rpc);
}

/* The ICS table is exactly n entries {pc, action, level}. */
static void expect_ics(const struct test_prog *t, unsigned n,
                       const struct program_ics *want)
{
    for (unsigned i = 0; i < n && i < t->p.n_ics; i++)
        if (t->p.ics[i].pc != want[i].pc || t->p.ics[i].action != want[i].action
            || t->p.ics[i].level != want[i].level)
            fail_msg("ICS entry %u is {0x%08x, %u, %u}, expected {0x%08x, %u, %u}",
                     i, t->p.ics[i].pc, t->p.ics[i].action, t->p.ics[i].level,
                     want[i].pc, want[i].action, want[i].level);
    assert_int_equal(t->p.n_ics, n);
}

/*   0 beq -> 3     if (a0 != 0)
 *   1 nop            then
 *   2 j 4
 *   3 nop            else
 *   4 nop          join
 *   5 ret */
static void if_else_reconverges_at_the_join(void **state)
{
    uint32_t f[] = { beq(0, 3), NOP, jal(0, 2, 4), NOP, NOP, RET };
    struct test_prog *t = make(f, 6, NULL, 0);

    (void)state;
    analyse(t, CFG_ICS_LEVELS_MAX);
    assert_int_equal(t->p.n_branches, 1);
    expect_rpc(t, PC(0), PC(4));
    {
        const struct program_ics want[] = {
            { PC(0), ICS_RAISE, 1 }, { PC(4), ICS_SET_OUTMOST, 0 }
        };
        expect_ics(t, 2, want);
    }
    assert_int_equal(t->p.ics_max_level, 1);
    done(t);
}

/*   0 beq -> 5     if (a)
 *   1 bne -> 3       if (b)
 *   2 nop              x
 *   3 nop            inner join
 *   4 nop
 *   5 nop          outer join
 *   6 ret */
static void nested_ifs_reconverge_inner_then_outer(void **state)
{
    uint32_t f[] = { beq(0, 5), bne(1, 3), NOP, NOP, NOP, NOP, RET };
    struct test_prog *t = make(f, 7, NULL, 0);

    (void)state;
    analyse(t, CFG_ICS_LEVELS_MAX);
    expect_rpc(t, PC(0), PC(5));
    expect_rpc(t, PC(1), PC(3));
    {
        const struct program_ics want[] = {
            { PC(0), ICS_RAISE, 1 }, { PC(1), ICS_RAISE, 2 },
            { PC(3), ICS_LOWER, 1 }, { PC(5), ICS_SET_OUTMOST, 0 }
        };
        expect_ics(t, 4, want);
    }
    assert_int_equal(t->p.ics_max_level, 2);
    done(t);
}

static void a_machine_with_fewer_levels_drops_the_inner_if(void **state)
{
    uint32_t f[] = { beq(0, 5), bne(1, 3), NOP, NOP, NOP, NOP, RET };
    struct test_prog *t = make(f, 7, NULL, 0);

    (void)state;
    analyse(t, 2);                       /* levels 0 and 1 */
    {
        const struct program_ics want[] = {
            { PC(0), ICS_RAISE, 1 }, { PC(5), ICS_SET_OUTMOST, 0 }
        };
        expect_ics(t, 2, want);
    }
    assert_int_equal(t->p.ics_max_level, 1);
    analyse(t, 1);                       /* level 0 only: none but the entry */
    {
        const struct program_ics want[] = { { PC(0), ICS_SET_OUTMOST, 0 } };
        expect_ics(t, 1, want);
    }
    assert_int_equal(t->p.ics_max_level, 0);
    /* the re-convergence PCs do not depend on the levels */
    expect_rpc(t, PC(1), PC(3));
    done(t);
}

/*   0 nop          i = 0
 *   1 beq -> 5     loop: if (c) break
 *   2 nop            body
 *   3 blt -> 1       while (i < n)
 *   4 nop          after the loop
 *   5 nop          join of the break and the loop's exit
 *   6 ret */
static void a_loop_with_a_break_reconverges_after_the_loop(void **state)
{
    uint32_t f[] = { NOP, beq(1, 5), NOP, blt(3, 1), NOP, NOP, RET };
    struct test_prog *t = make(f, 7, NULL, 0);

    (void)state;
    analyse(t, CFG_ICS_LEVELS_MAX);
    expect_rpc(t, PC(1), PC(5));
    expect_rpc(t, PC(3), PC(5));
    /* one conditional (both branches re-converge at 5): entered from the
     * block before the loop, left at 5 */
    {
        const struct program_ics want[] = {
            { PC(0), ICS_RAISE, 1 }, { PC(5), ICS_SET_OUTMOST, 0 }
        };
        expect_ics(t, 2, want);
    }
    done(t);
}

/*   0 beq -> 3     if (a) {
 *   1 nop
 *   2 ret            return; }
 *   3 nop
 *   4 ret */
static void an_early_return_reconverges_at_the_kernels_exit(void **state)
{
    uint32_t f[] = { beq(0, 3), NOP, RET, NOP, RET };
    struct test_prog *t = make(f, 5, NULL, 0);

    (void)state;
    analyse(t, CFG_ICS_LEVELS_MAX);
    /* two returns: no instruction of f is on every path out, so the
     * threads meet at the program's simt.exit */
    expect_rpc(t, PC(0), EXIT_PC);
    /* raised at the branch, lowered by each return */
    {
        const struct program_ics want[] = {
            { PC(0), ICS_RAISE, 1 }, { PC(2), ICS_SET_OUTMOST, 0 },
            { PC(4), ICS_SET_OUTMOST, 0 }
        };
        expect_ics(t, 3, want);
    }
    done(t);
}

/*   0 beq -> 2
 *   1 nop
 *   2 ret          one return: the branch re-converges on it */
static void a_single_return_is_the_reconvergence_point(void **state)
{
    uint32_t f[] = { beq(0, 2), NOP, RET };
    struct test_prog *t = make(f, 3, NULL, 0);

    (void)state;
    analyse(t, CFG_ICS_LEVELS_MAX);
    expect_rpc(t, PC(0), PC(2));
    done(t);
}

/* f:  0 beq -> 3     if (c)
 *     1 jal ra, g      g();
 *     2 nop
 *     3 nop          join
 *     4 ret
 * g:  5 beq -> 7     if (d)
 *     6 nop
 *     7 ret */
static void a_call_inside_a_branch_falls_through_to_the_join(void **state)
{
    uint32_t f[] = { beq(0, 3), jal(1, 1, 5), NOP, NOP, RET };
    uint32_t g[] = { beq(5, 7), NOP, RET };
    struct test_prog *t = make(f, 5, g, 3);

    (void)state;
    analyse(t, CFG_ICS_LEVELS_MAX);
    expect_rpc(t, PC(0), PC(3));
    expect_rpc(t, PC(5), PC(7));
    /* g's levels are relative to its caller's: lowered, not set-outmost;
     * called at level 1, g reaches level 2 */
    {
        const struct program_ics want[] = {
            { PC(0), ICS_RAISE, 1 }, { PC(3), ICS_SET_OUTMOST, 0 },
            { PC(5), ICS_RAISE, 1 }, { PC(7), ICS_LOWER, 0 }
        };
        expect_ics(t, 4, want);
    }
    assert_int_equal(t->p.ics_max_level, 2);
    done(t);
}

/*   0 beq -> 6     if (a) switch (x) {
 *   1 jr t0          an indirect jump with no jump table before it
 *   2 nop            case A
 *   3 j 6
 *   4 nop            case B
 *   5 nop
 *   6 nop          join
 *   7 ret */
static void an_indirect_jump_of_unknown_targets_reconverges_at_the_exit(void **state)
{
    uint32_t f[] = { beq(0, 6), jalr(0, 5), NOP, jal(0, 3, 6), NOP, NOP, NOP, RET };
    struct test_prog *t = make(f, 8, NULL, 0);

    (void)state;
    analyse(t, CFG_ICS_LEVELS_MAX);
    /* the indirect jump leaves for the exit: the branch before it meets
     * the join's path only there, and f has two ways out (the jump and
     * the return), so both re-converge at the program's simt.exit */
    expect_rpc(t, PC(1), EXIT_PC);
    expect_rpc(t, PC(0), EXIT_PC);
    assert_int_equal(t->p.n_branches, 2);
    /* no ICS-First actions in a function with an indirect jump */
    {
        const struct program_ics want[] = { { PC(0), ICS_SET_OUTMOST, 0 } };
        expect_ics(t, 1, want);
    }
    done(t);
}

/* A switch as gcc compiles it (registers a4 = 14, a5 = 15; the table at
 * TABLE, in the image after f):
 *   0 li a4, 2                     the largest index
 *   1 bltu a4, a5 -> 13            default
 *   2 lui a4, %hi(TABLE)
 *   3 slli a5, a5, 2
 *   4 addi a4, a4, %lo(TABLE)
 *   5 add a5, a5, a4
 *   6 lw a5, 0(a5)
 *   7 jr a5                        -> 8, 10, 12
 *   8 nop ; 9 j 14                 case 0
 *  10 nop ; 11 j 14                case 1
 *  12 nop                          case 2, falls into
 *  13 nop                          default
 *  14 simt.bar                     join: the barrier after the switch
 *  15 ret */
#define TABLE 0x18000u
#define N_SWITCH 16

static void switch_code(uint32_t *f)
{
    const uint32_t code[N_SWITCH] = {
        li(14, 2), bltu(14, 15, 1, 13), lui(14, TABLE), slli(15, 15, 2),
        addi(14, 14, (int)(TABLE & 0xfff)), add(15, 15, 14), lw(15, 15, 0),
        jalr(0, 15), NOP, jal(0, 9, 14), NOP, jal(0, 11, 14), NOP, NOP, BAR,
        RET
    };
    memcpy(f, code, sizeof code);
}

/* The table's entries, words at TABLE. */
static void put_table(struct test_prog *t, const uint32_t *e, unsigned n)
{
    memcpy(t->image + (TABLE - BASE), e, 4 * n);
}

static void a_switch_through_a_jump_table_reconverges_at_its_join(void **state)
{
    uint32_t f[N_SWITCH];
    const uint32_t e[3] = { PC(8), PC(10), PC(12) };
    struct test_prog *t;

    (void)state;
    switch_code(f);
    t = make(f, N_SWITCH, NULL, 0);
    put_table(t, e, 3);
    analyse(t, CFG_ICS_LEVELS_MAX);
    /* the jump goes to the three cases, the bound check to the default:
     * all meet at the barrier */
    expect_rpc(t, PC(7), PC(14));
    expect_rpc(t, PC(1), PC(14));
    assert_int_equal(t->p.n_branches, 2);
    done(t);
}

static void a_table_of_offsets_from_its_address_is_resolved_too(void **state)
{
    uint32_t f[N_SWITCH + 1];
    const uint32_t e[3] = { PC(9) - TABLE, PC(11) - TABLE, PC(13) - TABLE };
    struct test_prog *t;

    (void)state;
    /* position-independent: lw a5, 0(a5); add a5, a5, a4; jr a5 (one
     * instruction more, every later index shifted by one) */
    switch_code(f);
    memmove(f + 8, f + 7, 9 * sizeof *f);
    f[1] = bltu(14, 15, 1, 14);
    f[7] = add(15, 15, 14);
    f[10] = jal(0, 10, 15);
    f[12] = jal(0, 12, 15);
    t = make(f, N_SWITCH + 1, NULL, 0);
    put_table(t, e, 3);
    analyse(t, CFG_ICS_LEVELS_MAX);
    expect_rpc(t, PC(8), PC(15));
    expect_rpc(t, PC(1), PC(15));
    done(t);
}

static void a_table_entry_outside_the_function_leaves_the_jump_unknown(void **state)
{
    uint32_t f[N_SWITCH];
    const uint32_t e[3] = { PC(8), PC(10), 0x1f000u };
    struct test_prog *t;

    (void)state;
    switch_code(f);
    t = make(f, N_SWITCH, NULL, 0);
    put_table(t, e, 3);
    analyse(t, CFG_ICS_LEVELS_MAX);
    /* two ways out (the jump, the return): the program's simt.exit */
    expect_rpc(t, PC(7), EXIT_PC);
    done(t);
}

static void a_way_into_the_dispatch_past_the_bound_leaves_it_unknown(void **state)
{
    uint32_t f[N_SWITCH];
    const uint32_t e[3] = { PC(8), PC(10), PC(12) };
    struct test_prog *t;

    (void)state;
    switch_code(f);
    f[9] = jal(0, 9, 5);            /* case 0 jumps back to the add */
    t = make(f, N_SWITCH, NULL, 0);
    put_table(t, e, 3);
    analyse(t, CFG_ICS_LEVELS_MAX);
    expect_rpc(t, PC(7), EXIT_PC);
    done(t);
}

static void a_dispatch_without_a_bound_check_leaves_it_unknown(void **state)
{
    uint32_t f[N_SWITCH];
    const uint32_t e[3] = { PC(8), PC(10), PC(12) };
    struct test_prog *t;

    (void)state;
    switch_code(f);
    f[1] = NOP;                     /* the index unchecked */
    t = make(f, N_SWITCH, NULL, 0);
    put_table(t, e, 3);
    analyse(t, CFG_ICS_LEVELS_MAX);
    expect_rpc(t, PC(7), EXIT_PC);
    done(t);
}

/*   0 beq -> 2     if (c) x
 *   1 nop
 *   2 simt.bar     join: the barrier
 *   3 ret */
static void no_action_is_placed_on_a_barrier(void **state)
{
    uint32_t f[] = { beq(0, 2), NOP, BAR, RET };
    struct test_prog *t = make(f, 4, NULL, 0);

    (void)state;
    analyse(t, CFG_ICS_LEVELS_MAX);
    expect_rpc(t, PC(0), PC(2));
    {
        const struct program_ics want[] = { { PC(0), ICS_SET_OUTMOST, 0 } };
        expect_ics(t, 1, want);
    }
    done(t);
}

/* f:  0 jal ra, g ; 1 ret
 * g:  2 beq -> 4 ; 3 jal ra, g ; 4 ret      (g calls itself) */
static void a_recursive_function_gets_no_actions(void **state)
{
    uint32_t f[] = { jal(1, 0, 2), RET };
    uint32_t g[] = { beq(2, 4), jal(1, 3, 2), RET };
    struct test_prog *t = make(f, 2, g, 3);

    (void)state;
    analyse(t, CFG_ICS_LEVELS_MAX);
    expect_rpc(t, PC(2), PC(4));
    {
        const struct program_ics want[] = { { PC(0), ICS_SET_OUTMOST, 0 } };
        expect_ics(t, 1, want);
    }
    done(t);
}

/* The post-dominators of an abstract graph (a loop with two exits and a
 * diamond inside), node 6 unable to reach the exit:
 *   0 -> 1;  1 -> 2, 5;  2 -> 3, 4;  3 -> 4;  4 -> 1, 5;  5 -> exit;
 *   6 -> 6 */
static void ipdoms_of_a_graph_match_the_hand_computation(void **state)
{
    const int succ[7][2] = { { 1, 0 }, { 2, 5 }, { 3, 4 }, { 4, 0 },
                             { 1, 5 }, { CFG_EXIT, 0 }, { 6, 0 } };
    const unsigned ns[7] = { 1, 2, 2, 1, 2, 1, 1 };
    const int want[7] = { 1, 5, 4, 4, 5, CFG_EXIT, CFG_NONE };
    const int *rows[7];
    int ip[7];

    (void)state;
    for (unsigned i = 0; i < 7; i++)
        rows[i] = succ[i];
    assert_int_equal(cfg_ipdom(7, rows, ns, ip), 0);
    for (unsigned i = 0; i < 7; i++)
        if (ip[i] != want[i])
            fail_msg("ipdom(%u) = %d, by hand %d", i, ip[i], want[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(if_else_reconverges_at_the_join),
        cmocka_unit_test(nested_ifs_reconverge_inner_then_outer),
        cmocka_unit_test(a_machine_with_fewer_levels_drops_the_inner_if),
        cmocka_unit_test(a_loop_with_a_break_reconverges_after_the_loop),
        cmocka_unit_test(an_early_return_reconverges_at_the_kernels_exit),
        cmocka_unit_test(a_single_return_is_the_reconvergence_point),
        cmocka_unit_test(a_call_inside_a_branch_falls_through_to_the_join),
        cmocka_unit_test(an_indirect_jump_of_unknown_targets_reconverges_at_the_exit),
        cmocka_unit_test(a_switch_through_a_jump_table_reconverges_at_its_join),
        cmocka_unit_test(a_table_of_offsets_from_its_address_is_resolved_too),
        cmocka_unit_test(a_table_entry_outside_the_function_leaves_the_jump_unknown),
        cmocka_unit_test(a_way_into_the_dispatch_past_the_bound_leaves_it_unknown),
        cmocka_unit_test(a_dispatch_without_a_bound_check_leaves_it_unknown),
        cmocka_unit_test(no_action_is_placed_on_a_barrier),
        cmocka_unit_test(a_recursive_function_gets_no_actions),
        cmocka_unit_test(ipdoms_of_a_graph_match_the_hand_computation),
    };
    return cmocka_run_group_tests_name("cfg", tests, NULL, NULL);
}
