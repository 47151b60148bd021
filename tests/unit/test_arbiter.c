/*
 * test_arbiter.c -- the unified memory/PC arbiter model (Collange 4):
 * Table 2 (an if-then-else with 4 threads) and Listing 1 (a call inside a
 * divergent branch, where min(PC) alone fails) executed step by step on
 * four lanes that run a small program under the arbiter's control; the
 * reduction against the definition of the minimum on every preset;
 * ties, no valid lane, memory mode with a partial acknowledge and its
 * replay; the common PC register.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "config.h"
#include "test_load.h"

/* ------------------------------------------------------------------------
 * Four lanes running a program.  Each lane has a PC (in instructions), a
 * stack pointer (stacks grow down) and a small call stack; the control
 * unit fetches at the common PC and the lanes in the arbiter's mask
 * execute.  A branch is followed by one arbitration cycle (pc_op = ARB).
 * ---------------------------------------------------------------------- */

enum kind { OP, BR, JMP, CALL, RET, EXIT };

struct insn {
    enum kind kind;
    unsigned target;
    uint64_t taken;         /* BR: lanes whose condition holds */
};

enum { PROG_LEN = 16, LANES = 4, SP_TOP = 15, MAX_STEPS = 32 };

struct lanes {
    uint64_t pc[LANES], sp[LANES];
    uint64_t ret[LANES][SP_TOP + 1];
    uint64_t live;
};

struct step {
    uint64_t cpc;           /* common PC the instruction was fetched at */
    uint64_t pc[LANES];     /* PC_i before */
    uint64_t mask;          /* active lanes */
    uint64_t npc[LANES];    /* PC_i after (NPC_i) */
};

static bool is_branch(enum kind k)
{
    return k != OP;
}

static struct arbiter_in lane_inputs(const struct lanes *l, bool with_sp,
                                 enum arbiter_pc_op op)
{
    struct arbiter_in in;
    memset(&in, 0, sizeof in);
    in.valid = l->live;
    for (unsigned i = 0; i < LANES; i++) {
        in.pc[i] = l->pc[i];
        in.sp[i] = with_sp ? l->sp[i] : 0;
    }
    in.pc_op = op;
    return in;
}

/* Run prog from PC `start` on all four lanes; returns the steps taken. */
static unsigned run(const struct insn *prog, uint64_t start, bool with_sp,
                    struct step *steps)
{
    struct simt_config cfg = load_file("tests/data/scenarios/simt-4lane.conf");
    struct arbiter a;
    struct lanes l;
    struct arbiter_in in;
    struct arbiter_out out;
    unsigned n = 0;

    memset(&l, 0, sizeof l);
    for (unsigned i = 0; i < LANES; i++) {
        l.pc[i] = start;
        l.sp[i] = SP_TOP;
    }
    l.live = (1u << LANES) - 1;
    assert_int_equal(arbiter_init(&a, &cfg, NULL, 0), 0);
    in = lane_inputs(&l, with_sp, ARBITER_ARB);     /* kernel start */
    arbiter_step(&a, &in);

    for (;;) {
        in = lane_inputs(&l, with_sp, ARBITER_HOLD);
        arbiter_eval(&a, &in, &out);
        assert_false(out.err);
        if (!out.valid)
            break;
        assert_true(n < MAX_STEPS);
        /* Section 4.1: the common PC follows the minimum. */
        assert_int_equal(out.pc, out.common_pc);

        struct step *s = &steps[n++];
        const struct insn *ins = &prog[out.common_pc];
        s->cpc = out.common_pc;
        s->mask = out.mask;
        for (unsigned i = 0; i < LANES; i++) {
            s->pc[i] = l.pc[i];
            if (!((out.mask >> i) & 1))
                continue;
            switch (ins->kind) {
            case OP:   l.pc[i]++; break;
            case BR:   l.pc[i] = ((ins->taken >> i) & 1) ? ins->target : l.pc[i] + 1; break;
            case JMP:  l.pc[i] = ins->target; break;
            case CALL: l.ret[i][--l.sp[i]] = l.pc[i] + 1; l.pc[i] = ins->target; break;
            case RET:  l.pc[i] = l.ret[i][l.sp[i]++]; break;
            case EXIT: l.live &= ~((uint64_t)1 << i); break;
            }
        }
        for (unsigned i = 0; i < LANES; i++)
            s->npc[i] = l.pc[i];
        in.pc_op = is_branch(ins->kind) ? ARBITER_HOLD : ARBITER_INC;
        arbiter_step(&a, &in);
        if (is_branch(ins->kind)) {
            in = lane_inputs(&l, with_sp, ARBITER_ARB);
            arbiter_step(&a, &in);
        }
    }
    return n;
}

/* Collange Table 2: threads 2 and 3 take the branch to the else block. */
static const struct insn table2_prog[PROG_LEN] = {
    [1] = { OP, 0, 0 },         /* A */
    [2] = { BR, 5, 0xc },       /* if(!c) br 5 */
    [3] = { OP, 0, 0 },         /* B */
    [4] = { JMP, 6, 0 },        /* br 6 */
    [5] = { OP, 0, 0 },         /* C */
    [6] = { OP, 0, 0 },         /* D */
    [7] = { EXIT, 0, 0 },
};

static void table2_trace_is_as_published(void **state)
{
    /* Collange Table 2, row by row: PC, PC_i (thread 0 first), active
     * (underlined) threads, NPC_i. */
    static const struct {
        unsigned pc;
        unsigned pci[4];
        unsigned mask;
        unsigned npc[4];
    } row[6] = {
        { 1, { 1, 1, 1, 1 }, 0xf, { 2, 2, 2, 2 } },
        { 2, { 2, 2, 2, 2 }, 0xf, { 3, 3, 5, 5 } },
        { 3, { 3, 3, 5, 5 }, 0x3, { 4, 4, 5, 5 } },
        { 4, { 4, 4, 5, 5 }, 0x3, { 6, 6, 5, 5 } },
        { 5, { 6, 6, 5, 5 }, 0xc, { 6, 6, 6, 6 } },
        { 6, { 6, 6, 6, 6 }, 0xf, { 7, 7, 7, 7 } },
    };
    struct step steps[MAX_STEPS];
    unsigned n;

    (void)state;
    n = run(table2_prog, 1, true, steps);
    assert_int_equal(n, 7);                 /* the six rows, then exit */
    for (unsigned r = 0; r < 6; r++) {
        assert_int_equal(steps[r].cpc, row[r].pc);
        assert_int_equal(steps[r].mask, row[r].mask);
        for (unsigned i = 0; i < LANES; i++) {
            assert_int_equal(steps[r].pc[i], row[r].pci[i]);
            assert_int_equal(steps[r].npc[i], row[r].npc[i]);
        }
    }
    assert_int_equal(steps[6].cpc, 7);
    assert_int_equal(steps[6].mask, 0xf);
}

/* Collange Listing 1: f() is called inside a divergent if and lives at a
 * higher address than the code after the if. */
static const struct insn listing1_prog[PROG_LEN] = {
    [1]  = { OP, 0, 0 },        /* kernel: ... */
    [2]  = { BR, 4, 0xc },      /* if (c): threads 2, 3 skip the call */
    [3]  = { CALL, 10, 0 },     /*   f(); */
    [4]  = { OP, 0, 0 },        /* after the if */
    [5]  = { OP, 0, 0 },
    [6]  = { EXIT, 0, 0 },
    [10] = { OP, 0, 0 },        /* f: ... */
    [11] = { RET, 0, 0 },
};

/* The first step at PC pc, or -1. */
static int first_at(const struct step *s, unsigned n, unsigned pc)
{
    for (unsigned i = 0; i < n; i++)
        if (s[i].cpc == pc)
            return (int)i;
    return -1;
}

static unsigned count_at(const struct step *s, unsigned n, unsigned pc)
{
    unsigned c = 0;
    for (unsigned i = 0; i < n; i++)
        c += s[i].cpc == pc;
    return c;
}

static void listing1_with_sp_runs_the_callee_before_the_code_after_the_if(void **state)
{
    static const unsigned order[] = { 1, 2, 3, 10, 11, 4, 5, 6 };
    static const unsigned mask[] = { 0xf, 0xf, 0x3, 0x3, 0x3, 0xf, 0xf, 0xf };
    struct step s[MAX_STEPS];
    unsigned n;

    (void)state;
    n = run(listing1_prog, 1, true, s);
    assert_int_equal(n, 8);
    for (unsigned i = 0; i < n; i++) {
        assert_int_equal(s[i].cpc, order[i]);
        assert_int_equal(s[i].mask, mask[i]);
    }
    /* Inside f the callers' SP is one below the others': SP decided. */
    assert_true(first_at(s, n, 10) < first_at(s, n, 4));
    assert_int_equal(count_at(s, n, 4), 1);         /* reconverged once */
}

static void listing1_with_pc_alone_runs_the_code_after_the_if_first(void **state)
{
    struct step s[MAX_STEPS];
    unsigned n;
    int after, callee;

    (void)state;
    n = run(listing1_prog, 1, false, s);
    after = first_at(s, n, 4);
    callee = first_at(s, n, 10);
    assert_true(after >= 0 && callee >= 0);
    assert_true(after < callee);                    /* min(PC) goes on */
    assert_int_equal(s[after].mask, 0xc);           /* without threads 0, 1 */
    assert_int_equal(count_at(s, n, 4), 2);         /* no reconvergence */
    assert_int_equal(s[first_at(s, n, 6)].mask, 0xc);
}

/* ------------------------------------------------------------------------
 * The reduction against the definition
 * ---------------------------------------------------------------------- */

static uint64_t rnd(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static uint64_t field(uint64_t v, unsigned w)
{
    return w >= 64 ? v : v & (((uint64_t)1 << w) - 1);
}

/* Random inputs with few distinct values, so that ties are common. */
static struct arbiter_in random_in(const struct arbiter_geometry *g, uint64_t *x)
{
    struct arbiter_in in;
    memset(&in, 0, sizeof in);
    in.mem = rnd(x) & 1;
    in.valid = field(rnd(x) & rnd(x) ? rnd(x) : 0, g->lanes);
    for (unsigned i = 0; i < g->lanes; i++) {
        in.sp[i] = field(rnd(x) % 3 ? rnd(x) % 3 : rnd(x), g->sp_w);
        in.pc[i] = field(rnd(x) % 3 ? rnd(x) % 4 : rnd(x), g->pc_w);
        in.addr[i] = field(rnd(x) % 3 ? rnd(x) % (4u << g->off_w) : rnd(x), g->addr_w);
    }
    in.pc_op = (enum arbiter_pc_op)(rnd(x) % 3);
    return in;
}

static void result_is_the_minimum_and_mask_the_lanes_equal_to_it(void **state)
{
    static const char *const presets[] = { "tiny", "fermi-sbr", "fermi-harp", "gtx480-baws" };
    uint64_t x = 88172645463325252ull;
    (void)state;
    for (unsigned p = 0; p < 4; p++) {
        struct simt_config cfg = load(presets[p]);
        struct arbiter a;
        assert_int_equal(arbiter_init(&a, &cfg, NULL, 0), 0);
        for (unsigned t = 0; t < 20000; t++) {
            struct arbiter_in in = random_in(&a.g, &x);
            struct arbiter_out out;
            uint64_t bh = 0, bl = 0, mask = 0;
            bool any = false;

            arbiter_eval(&a, &in, &out);
            for (unsigned i = 0; i < a.g.lanes; i++) {
                uint64_t h, l;
                if (!((in.valid >> i) & 1))
                    continue;
                arbiter_key(&a.g, &in, i, &h, &l);
                if (!any || h < bh || (h == bh && l < bl)) {
                    bh = h;
                    bl = l;
                }
                any = true;
            }
            for (unsigned i = 0; i < a.g.lanes; i++) {
                uint64_t h, l;
                arbiter_key(&a.g, &in, i, &h, &l);
                if (((in.valid >> i) & 1) && h == bh && l == bl)
                    mask |= (uint64_t)1 << i;
            }
            assert_int_equal(out.valid, in.valid != 0);
            assert_int_equal(out.mask, mask);
            if (in.mem) {
                assert_int_equal(out.line, any ? bl : 0);
                assert_int_equal(out.sp, 0);
                assert_int_equal(out.pc, 0);
            } else {
                assert_int_equal(out.sp, any ? bh : 0);
                assert_int_equal(out.pc, any ? bl : 0);
                assert_int_equal(out.line, 0);
            }
        }
    }
}

static void sp_is_compared_before_the_pc(void **state)
{
    struct simt_config cfg = load("tiny");
    struct arbiter a;
    struct arbiter_in in;
    struct arbiter_out out;

    (void)state;
    assert_int_equal(arbiter_init(&a, &cfg, NULL, 0), 0);
    memset(&in, 0, sizeof in);
    in.valid = 3;
    in.sp[0] = 5; in.pc[0] = 10;
    in.sp[1] = 4; in.pc[1] = 200;
    arbiter_eval(&a, &in, &out);
    assert_int_equal(out.sp, 4);
    assert_int_equal(out.pc, 200);
    assert_int_equal(out.mask, 2);
    in.sp[1] = 5;                       /* equal SP: the smaller PC */
    arbiter_eval(&a, &in, &out);
    assert_int_equal(out.pc, 10);
    assert_int_equal(out.mask, 1);
}

static void tied_lanes_are_all_active(void **state)
{
    struct simt_config cfg = load("gtx480-baws");
    struct arbiter a;
    struct arbiter_in in;
    struct arbiter_out out;

    (void)state;
    assert_int_equal(arbiter_init(&a, &cfg, NULL, 0), 0);
    memset(&in, 0, sizeof in);
    in.valid = 0xffffffffu;
    for (unsigned i = 0; i < 32; i++) {
        in.sp[i] = 100;
        in.pc[i] = i % 3 ? 40 : 41;
    }
    arbiter_eval(&a, &in, &out);
    assert_int_equal(out.pc, 40);
    for (unsigned i = 0; i < 32; i++)
        assert_int_equal((out.mask >> i) & 1, i % 3 != 0);
}

static void no_valid_lane_gives_no_result_and_the_pc_holds(void **state)
{
    struct simt_config cfg = load("fermi-harp");
    struct arbiter a;
    struct arbiter_in in;
    struct arbiter_out out;

    (void)state;
    assert_int_equal(arbiter_init(&a, &cfg, NULL, 0), 0);
    memset(&in, 0, sizeof in);
    for (unsigned i = 0; i < 16; i++)
        in.pc[i] = 7;
    in.pc_op = ARBITER_INC;
    arbiter_step(&a, &in);                          /* common PC 1 */
    in.pc_op = ARBITER_ARB;
    arbiter_eval(&a, &in, &out);
    assert_false(out.valid);
    assert_int_equal(out.mask, 0);
    assert_int_equal(out.pc, 0);
    arbiter_step(&a, &in);
    assert_int_equal(a.common_pc, 1);
}

static void memory_mode_acknowledges_one_line_and_the_rest_replay(void **state)
{
    struct simt_config cfg = load("tiny");        /* 2 lanes, 32-byte lines */
    struct simt_config c4 = load_file("tests/data/scenarios/simt-4lane.conf");
    struct arbiter a;
    struct arbiter_in in;
    struct arbiter_out out;
    uint64_t pending;
    unsigned rounds = 0;

    (void)state;
    assert_int_equal(arbiter_init(&a, &cfg, NULL, 0), 0);
    memset(&in, 0, sizeof in);
    in.mem = true;
    in.valid = 3;
    in.addr[0] = 0x2a4;                         /* line 0x15 */
    in.addr[1] = 0x2bf;                         /* line 0x15 */
    arbiter_eval(&a, &in, &out);
    assert_int_equal(out.line, 0x15);
    assert_int_equal(out.mask, 3);              /* one line: all served */

    /* Four lanes on three lines: served in three rounds, smallest first. */
    assert_int_equal(arbiter_init(&a, &c4, NULL, 0), 0);
    memset(&in, 0, sizeof in);
    in.mem = true;
    in.addr[0] = 0x100; in.addr[1] = 0x040; in.addr[2] = 0x11f; in.addr[3] = 0x3e0;
    pending = 0xf;
    static const uint64_t line[3] = { 0x02, 0x08, 0x1f };
    static const uint64_t ack[3] = { 0x2, 0x5, 0x8 };
    while (pending) {
        in.valid = pending;
        arbiter_eval(&a, &in, &out);
        assert_true(rounds < 3);
        assert_int_equal(out.line, line[rounds]);
        assert_int_equal(out.mask, ack[rounds]);
        pending &= ~out.mask;                   /* the others replay */
        rounds++;
    }
    assert_int_equal(rounds, 3);
}

static void common_pc_increments_takes_the_arbiter_result_and_wraps(void **state)
{
    struct simt_config cfg = load("tiny");        /* pc_bits = 8 */
    struct arbiter a;
    struct arbiter_in in;

    (void)state;
    assert_int_equal(arbiter_init(&a, &cfg, NULL, 0), 0);
    memset(&in, 0, sizeof in);
    in.valid = 3;
    in.pc[0] = 0xff; in.pc[1] = 0xff;
    in.pc_op = ARBITER_ARB;
    arbiter_step(&a, &in);
    assert_int_equal(a.common_pc, 0xff);
    in.pc_op = ARBITER_INC;
    arbiter_step(&a, &in);
    assert_int_equal(a.common_pc, 0);           /* modulo 2^pc_bits */
    in.pc_op = ARBITER_HOLD;
    arbiter_step(&a, &in);
    assert_int_equal(a.common_pc, 0);
    arbiter_reset(&a);
    assert_int_equal(a.common_pc, 0);
}

static void bad_pc_op_and_arb_in_memory_mode_are_errors_and_hold(void **state)
{
    struct simt_config cfg = load("tiny");
    struct arbiter a;
    struct arbiter_in in;
    struct arbiter_out out;

    (void)state;
    assert_int_equal(arbiter_init(&a, &cfg, NULL, 0), 0);
    memset(&in, 0, sizeof in);
    in.valid = 1;
    in.pc[0] = 9;
    in.pc_op = ARBITER_BAD_OP;
    arbiter_eval(&a, &in, &out);
    assert_true(out.err);
    arbiter_step(&a, &in);
    assert_int_equal(a.common_pc, 0);
    in.pc_op = ARBITER_ARB;
    in.mem = true;
    arbiter_eval(&a, &in, &out);
    assert_true(out.err);
    arbiter_step(&a, &in);
    assert_int_equal(a.common_pc, 0);
    in.mem = false;
    arbiter_eval(&a, &in, &out);
    assert_false(out.err);
}

static void geometry_and_state_bits_follow_the_configuration(void **state)
{
    struct simt_config cfg = load("gtx480-baws");
    struct arbiter_geometry g;

    (void)state;
    arbiter_geometry(&cfg, &g);
    assert_int_equal(g.lanes, 32);
    assert_int_equal(g.levels, 5);
    assert_int_equal(g.off_w, 7);               /* 128-byte lines */
    assert_int_equal(g.line_w, 25);
    assert_int_equal(g.lo_w, 32);
    assert_int_equal(arbiter_state_bits(&g), 32);
    cfg = load("tiny");
    arbiter_geometry(&cfg, &g);
    assert_int_equal(g.levels, 1);
    assert_int_equal(g.line_w, 5);
    assert_int_equal(arbiter_state_bits(&g), 8);
}

/* model.h: the reduction tree pairs lanes, so a warp of 3 lanes is
 * refused, and init names the configuration before the check's message. */
static void a_tree_of_three_lanes_is_refused(void **state)
{
    struct simt_config cfg = load("tiny");
    struct arbiter_geometry g;
    struct arbiter a;
    char msg[CONFIG_ERR_LEN];
    (void)state;
    arbiter_geometry(&cfg, &g);
    assert_int_equal(arbiter_check(&g, msg, sizeof msg), 0);
    cfg.warp_size = 3;
    arbiter_geometry(&cfg, &g);
    assert_int_equal(arbiter_check(&g, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "power of two"));
    assert_int_equal(arbiter_init(&a, &cfg, msg, sizeof msg), -1);
    assert_int_equal(strncmp(msg, cfg.name, strlen(cfg.name)), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table2_trace_is_as_published),
        cmocka_unit_test(listing1_with_sp_runs_the_callee_before_the_code_after_the_if),
        cmocka_unit_test(listing1_with_pc_alone_runs_the_code_after_the_if_first),
        cmocka_unit_test(result_is_the_minimum_and_mask_the_lanes_equal_to_it),
        cmocka_unit_test(sp_is_compared_before_the_pc),
        cmocka_unit_test(tied_lanes_are_all_active),
        cmocka_unit_test(no_valid_lane_gives_no_result_and_the_pc_holds),
        cmocka_unit_test(memory_mode_acknowledges_one_line_and_the_rest_replay),
        cmocka_unit_test(common_pc_increments_takes_the_arbiter_result_and_wraps),
        cmocka_unit_test(bad_pc_op_and_arb_in_memory_mode_are_errors_and_hold),
        cmocka_unit_test(geometry_and_state_bits_follow_the_configuration),
        cmocka_unit_test(a_tree_of_three_lanes_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
