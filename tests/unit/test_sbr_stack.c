/*
 * test_sbr_stack.c -- the SBR re-convergence stacks (HARP 2.1): the
 * if-then-else of HARP Fig. 2 step by step on two interleaved warps, one-
 * and two-sided pushes, the pop at the re-convergence point, a branch that
 * re-converges at the top's own RPC, overflow and input errors that change
 * nothing; CALL entries: a recursive function whose frames re-converge at
 * the same PCs, a call that replaces the top, returns of CALL and branch
 * entries, and the returns that are refused; yields at a barrier: the
 * swap with the sibling below, the merge of two sides at one barrier, and
 * the yields that are refused (no ping-pong, no CALL entry as a sibling).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "sbr_stack.h"
#include "test_load.h"

static struct sbr_stack *make(const char *scenario, const char *preset)
{
    struct simt_config cfg;
    char err[CONFIG_ERR_LEN], path[256];
    struct sbr_stack *s = calloc(1, sizeof *s);

    assert_non_null(s);
    if (scenario) {
        snprintf(path, sizeof path, "tests/data/scenarios/%s.conf", scenario);
        cfg = load_file(path);
    } else {
        cfg = load(preset);
    }
    if (sbr_stack_init(s, &cfg, err, sizeof err) != 0)
        fail_msg("%s", err);
    return s;
}

/* One update; returns its outputs (read port on the same warp). */
static struct sbr_stack_out op(struct sbr_stack *s, enum sbr_stack_op o, unsigned w,
                         uint64_t pc, uint64_t mask, uint64_t npc, uint64_t rpc)
{
    struct sbr_stack_in in = { o, w, pc, mask, npc, rpc, w };
    struct sbr_stack_out out;
    sbr_stack_eval(s, &in, &out);
    sbr_stack_step(s, &in);
    return out;
}

static struct sbr_stack_out peek(const struct sbr_stack *s, unsigned w)
{
    struct sbr_stack_in in = { SBR_STACK_NONE, 0, 0, 0, 0, 0, w };
    struct sbr_stack_out out;
    sbr_stack_eval(s, &in, &out);
    return out;
}

static void expect_top(const struct sbr_stack *s, unsigned w, unsigned depth,
                       uint64_t pc, uint64_t mask)
{
    struct sbr_stack_out o = peek(s, w);
    assert_int_equal(o.rd_depth, depth);
    assert_int_equal(o.rd_valid, depth > 0);
    assert_int_equal(o.rd_pc, pc);
    assert_int_equal(o.rd_mask, mask);
}

/*
 * HARP Fig. 2 / Fung et al.: block A (0x00..0x02) ends in a branch; the
 * taken threads run C (0x10..), the others B (0x03..); both re-converge at
 * D (0x20); the warps exit at 0x30.  W0 splits {T0,T1} / {T2,T3}, W1
 * {T0,T2} / {T1,T3}; inside C, W1 meets an if-then (0x10: T0 takes it to
 * 0x11, the end of the if is 0x18).  The two warps are interleaved.
 */
static void fig2_if_then_else_on_two_interleaved_warps(void **state)
{
    (void)state;
    struct sbr_stack *s = make("sbr-fig2", NULL);
    struct sbr_stack_out o;

    o = op(s, SBR_STACK_LAUNCH, 0, 0x00, 0xf, 0, 0x30);
    assert_false(o.err);
    op(s, SBR_STACK_LAUNCH, 1, 0x00, 0xf, 0, 0x30);
    expect_top(s, 0, 1, 0x00, 0xf);
    expect_top(s, 1, 1, 0x00, 0xf);
    for (unsigned pc = 1; pc <= 2; pc++) {
        op(s, SBR_STACK_ADVANCE, 0, pc, 0, 0, 0);
        op(s, SBR_STACK_ADVANCE, 1, pc, 0, 0, 0);
    }
    /* The diverging branch at the end of A: two entries pushed over the
     * base, whose PC becomes the re-convergence point D. */
    o = op(s, SBR_STACK_BRANCH, 0, 0x10, 0x3, 0x03, 0x20);
    assert_int_equal(o.pushes, 2);
    expect_top(s, 0, 3, 0x10, 0x3);
    assert_int_equal(s->e[0][1].pc, 0x03);
    assert_int_equal(s->e[0][1].mask, 0xc);
    assert_int_equal(s->e[0][0].pc, 0x20);
    assert_int_equal(s->e[0][0].mask, 0xf);
    o = op(s, SBR_STACK_BRANCH, 1, 0x10, 0x5, 0x03, 0x20);
    assert_int_equal(o.pushes, 2);
    expect_top(s, 1, 3, 0x10, 0x5);
    /* W0 runs C; W1 meets the if-then inside C: one entry pushed, its top
     * waits at the end of the if. */
    op(s, SBR_STACK_ADVANCE, 0, 0x11, 0, 0, 0);
    o = op(s, SBR_STACK_BRANCH, 1, 0x11, 0x1, 0x18, 0x18);
    assert_int_equal(o.pushes, 1);
    expect_top(s, 1, 4, 0x11, 0x1);
    assert_int_equal(s->e[1][2].pc, 0x18);
    assert_int_equal(s->e[1][2].rpc, 0x20);
    /* W0 reaches D: C's entry pops and B runs. */
    o = op(s, SBR_STACK_ADVANCE, 0, 0x20, 0, 0, 0);
    assert_true(o.pop);
    expect_top(s, 0, 2, 0x03, 0xc);
    o = op(s, SBR_STACK_ADVANCE, 1, 0x18, 0, 0, 0);
    assert_true(o.pop);
    expect_top(s, 1, 3, 0x18, 0x5);
    op(s, SBR_STACK_ADVANCE, 0, 0x04, 0, 0, 0);
    o = op(s, SBR_STACK_ADVANCE, 1, 0x20, 0, 0, 0);
    assert_true(o.pop);
    expect_top(s, 1, 2, 0x03, 0xa);
    /* B reaches D: the base entry is the top again, all threads active. */
    o = op(s, SBR_STACK_ADVANCE, 0, 0x20, 0, 0, 0);
    assert_true(o.pop);
    expect_top(s, 0, 1, 0x20, 0xf);
    op(s, SBR_STACK_ADVANCE, 1, 0x04, 0, 0, 0);
    op(s, SBR_STACK_ADVANCE, 1, 0x20, 0, 0, 0);
    expect_top(s, 1, 1, 0x20, 0xf);
    /* The exit: the base entry pops, the stack is empty. */
    o = op(s, SBR_STACK_ADVANCE, 0, 0x30, 0, 0, 0);
    assert_true(o.pop);
    expect_top(s, 0, 0, 0, 0);
    o = op(s, SBR_STACK_ADVANCE, 0, 0x31, 0, 0, 0);
    assert_true(o.err);
    op(s, SBR_STACK_ADVANCE, 1, 0x30, 0, 0, 0);
    expect_top(s, 1, 0, 0, 0);
    free(s);
}

static void non_diverging_branch_only_moves_the_top(void **state)
{
    (void)state;
    struct sbr_stack *s = make("sbr-fig2", NULL);
    struct sbr_stack_out o;

    op(s, SBR_STACK_LAUNCH, 0, 0x00, 0xf, 0, 0x30);
    o = op(s, SBR_STACK_BRANCH, 0, 0x08, 0xf, 0x01, 0x10);   /* all taken */
    assert_int_equal(o.pushes, 0);
    expect_top(s, 0, 1, 0x08, 0xf);
    o = op(s, SBR_STACK_BRANCH, 0, 0x0c, 0x0, 0x09, 0x10);   /* none taken */
    assert_int_equal(o.pushes, 0);
    expect_top(s, 0, 1, 0x09, 0xf);
    free(s);
}

/* if (a) { if (b) X; } : the inner branch re-converges where the outer
 * one does; its sides replace the outer side's entry. */
static void branch_to_the_tops_own_rpc_replaces_the_top(void **state)
{
    (void)state;
    struct sbr_stack *s = make("sbr-fig2", NULL);
    struct sbr_stack_out o;

    op(s, SBR_STACK_LAUNCH, 0, 0x00, 0xf, 0, 0x30);
    op(s, SBR_STACK_BRANCH, 0, 0x04, 0x7, 0x20, 0x20);        /* if (a): T0..T2 */
    expect_top(s, 0, 2, 0x04, 0x7);
    o = op(s, SBR_STACK_BRANCH, 0, 0x05, 0x1, 0x06, 0x20);    /* inner, same RPC */
    assert_int_equal(o.pushes, 2);
    assert_false(o.ovf);
    expect_top(s, 0, 3, 0x05, 0x1);
    assert_int_equal(s->e[0][1].pc, 0x06);
    assert_int_equal(s->e[0][1].mask, 0x6);
    assert_int_equal(s->e[0][0].pc, 0x20);
    for (unsigned d = 0; d < 3; d++)
        assert_true(s->e[0][d].pc != s->e[0][d].rpc);
    op(s, SBR_STACK_ADVANCE, 0, 0x20, 0, 0, 0);
    op(s, SBR_STACK_ADVANCE, 0, 0x20, 0, 0, 0);
    expect_top(s, 0, 1, 0x20, 0xf);
    free(s);
}

/* Four threads, depth 4: fill the stack and push beyond it. */
static void a_push_beyond_the_depth_raises_ovf_and_changes_nothing(void **state)
{
    (void)state;
    struct sbr_stack *s = make("sbr-fig2", NULL);
    struct sbr_stack *before = malloc(sizeof *before);
    struct sbr_stack_out o;

    assert_non_null(before);
    op(s, SBR_STACK_LAUNCH, 1, 0x00, 0xf, 0, 0xf0);
    o = op(s, SBR_STACK_BRANCH, 1, 0x10, 0x3, 0x40, 0x80);    /* depth 3: top T0,T1 */
    assert_int_equal(o.pushes, 2);
    /* A two-sided push on top of three entries would need five. */
    memcpy(before, s, sizeof *s);
    o = op(s, SBR_STACK_BRANCH, 1, 0x11, 0x1, 0x20, 0x70);
    assert_true(o.ovf);
    assert_false(o.err);
    assert_false(o.pop);
    assert_int_equal(o.pushes, 0);
    assert_memory_equal(before, s, sizeof *s);
    /* A one-sided push fits: depth 4, the stack is full. */
    o = op(s, SBR_STACK_BRANCH, 1, 0x11, 0x1, 0x70, 0x70);
    assert_false(o.ovf);
    assert_int_equal(o.pushes, 1);
    expect_top(s, 1, 4, 0x11, 0x1);
    /* Back to the kept top (T0,T1 at 0x70), whose own RPC is 0x80: an
     * if-then-else re-converging there replaces it (depth 3 - 1 + 2 = 4),
     * one re-converging elsewhere keeps it and needs 5. */
    op(s, SBR_STACK_ADVANCE, 1, 0x70, 0, 0, 0);
    expect_top(s, 1, 3, 0x70, 0x3);
    memcpy(before, s, sizeof *s);
    o = op(s, SBR_STACK_BRANCH, 1, 0x71, 0x2, 0x72, 0x78);
    assert_true(o.ovf);
    assert_memory_equal(before, s, sizeof *s);
    o = op(s, SBR_STACK_BRANCH, 1, 0x71, 0x2, 0x72, 0x80);
    assert_false(o.ovf);
    assert_int_equal(o.pushes, 2);
    expect_top(s, 1, 4, 0x71, 0x2);
    /* An advance of a full stack still works. */
    o = op(s, SBR_STACK_ADVANCE, 1, 0x80, 0, 0, 0);
    assert_true(o.pop);
    expect_top(s, 1, 3, 0x72, 0x1);
    free(before);
    free(s);
}

static void input_errors_are_reported_and_change_nothing(void **state)
{
    (void)state;
    struct sbr_stack *s = make(NULL, "tiny");
    struct sbr_stack *before = malloc(sizeof *before);
    struct sbr_stack_out o;

    assert_non_null(before);
    memcpy(before, s, sizeof *s);
    o = op(s, SBR_STACK_ADVANCE, 0, 0x01, 0, 0, 0);            /* empty stack */
    assert_true(o.err);
    o = op(s, SBR_STACK_BRANCH, 0, 0x01, 0x1, 0x02, 0x03);     /* empty stack */
    assert_true(o.err);
    o = op(s, SBR_STACK_LAUNCH, 0, 0x01, 0x0, 0, 0x03);        /* no threads */
    assert_true(o.err);
    o = op(s, SBR_STACK_LAUNCH, 0, 0x03, 0x3, 0, 0x03);        /* starts at its exit */
    assert_true(o.err);
    assert_memory_equal(before, s, sizeof *s);
    op(s, SBR_STACK_LAUNCH, 0, 0x00, 0x1, 0, 0x10);
    memcpy(before, s, sizeof *s);
    o = op(s, SBR_STACK_LAUNCH, 0, 0x00, 0x3, 0, 0x10);        /* already running */
    assert_true(o.err);
    o = op(s, SBR_STACK_BRANCH, 0, 0x04, 0x2, 0x05, 0x06);     /* T1 not active */
    assert_true(o.err);
    assert_memory_equal(before, s, sizeof *s);
    free(before);
    free(s);
}

static void storage_bits_are_warps_times_entries_plus_counters(void **state)
{
    (void)state;
    struct simt_config cfg;
    struct sbr_stack_geometry g;
    char err[CONFIG_ERR_LEN];

    assert_int_equal(config_load_preset("fermi-sbr", &cfg, err, sizeof err), 0);
    sbr_stack_geometry(&cfg, &g);
    assert_int_equal(g.warps, 24);
    assert_int_equal(g.depth, 12);
    /* 24 warps x 12 entries x (32 + 32 + 32 + the CALL bit) + 24 x 11
     * yielded bits below the tops + 24 x 4-bit counters + 24 x 32 exited
     * threads */
    assert_int_equal(sbr_stack_state_bits(&g),
                     24ul * 12 * 97 + 24 * 11 + 24 * 4 + 24 * 32);
    assert_int_equal(config_load_preset("tiny", &cfg, err, sizeof err), 0);
    sbr_stack_geometry(&cfg, &g);
    assert_int_equal(sbr_stack_state_bits(&g),
                     8ul * 4 * (8 + 2 + 8 + 1) + 8 * 3 + 8 * 3 + 8 * 2);
}

/*
 * A recursive function f (0x10..0x1f): its branch at 0x11 splits, the
 * threads meeting again at 0x18; f calls itself at 0x14 (return PC 0x15)
 * and returns at 0x1f.  _start (0x00) calls f, returning to the exit PC
 * 0x02.  Without CALL entries an inner frame reaching 0x18 would pop the
 * outer frame's side; with them each frame pops its own.
 */
static void each_frame_of_a_recursive_call_reconverges_on_its_own(void **state)
{
    (void)state;
    struct sbr_stack *s = make(NULL, "fermi-sbr");     /* 12 entries */
    struct sbr_stack_out o;

    op(s, SBR_STACK_LAUNCH, 0, 0x00, 0xf, 0, 0x02);
    o = op(s, SBR_STACK_CALL, 0, 0x10, 0, 0x01, 0);    /* call f: keeps the base */
    assert_int_equal(o.pushes, 1);
    expect_top(s, 0, 2, 0x10, 0xf);
    assert_true(s->e[0][1].call);
    assert_int_equal(s->e[0][0].pc, 0x01);             /* waits at the return PC */
    o = op(s, SBR_STACK_ADVANCE, 0, 0x11, 0, 0, 0);
    o = op(s, SBR_STACK_BRANCH, 0, 0x12, 0x3, 0x16, 0x18);   /* T0, T1 go on */
    assert_int_equal(o.pushes, 2);
    expect_top(s, 0, 4, 0x12, 0x3);
    assert_int_equal(s->e[0][1].pc, 0x18);             /* the CALL entry is kept */
    assert_true(s->e[0][1].call);
    op(s, SBR_STACK_ADVANCE, 0, 0x14, 0, 0, 0);
    o = op(s, SBR_STACK_CALL, 0, 0x10, 0, 0x15, 0);    /* f calls itself */
    assert_int_equal(o.pushes, 1);
    expect_top(s, 0, 5, 0x10, 0x3);
    op(s, SBR_STACK_ADVANCE, 0, 0x11, 0, 0, 0);
    o = op(s, SBR_STACK_BRANCH, 0, 0x12, 0x3, 0x16, 0x18);   /* no split inside */
    assert_false(o.pop);
    expect_top(s, 0, 5, 0x12, 0x3);
    /* the inner frame reaches 0x18, the outer side's RPC: no pop */
    o = op(s, SBR_STACK_ADVANCE, 0, 0x18, 0, 0, 0);
    assert_false(o.pop);
    expect_top(s, 0, 5, 0x18, 0x3);
    op(s, SBR_STACK_ADVANCE, 0, 0x1f, 0, 0, 0);
    o = op(s, SBR_STACK_RETURN, 0, 0x15, 0, 0, 0);     /* back to the outer frame */
    assert_true(o.pop);
    expect_top(s, 0, 4, 0x15, 0x3);
    o = op(s, SBR_STACK_ADVANCE, 0, 0x18, 0, 0, 0);    /* the side re-converges */
    assert_true(o.pop);
    expect_top(s, 0, 3, 0x16, 0xc);
    o = op(s, SBR_STACK_ADVANCE, 0, 0x18, 0, 0, 0);
    assert_true(o.pop);
    expect_top(s, 0, 2, 0x18, 0xf);
    op(s, SBR_STACK_ADVANCE, 0, 0x1f, 0, 0, 0);
    o = op(s, SBR_STACK_RETURN, 0, 0x01, 0, 0, 0);
    assert_true(o.pop);
    expect_top(s, 0, 1, 0x01, 0xf);
    o = op(s, SBR_STACK_ADVANCE, 0, 0x02, 0, 0, 0);    /* the exit */
    assert_true(o.pop);
    expect_top(s, 0, 0, 0, 0);
    free(s);
}

/* A call whose return PC is the top's RPC replaces the top (as _start's
 * call of the kernel, returning to the exit PC); a side whose threads
 * leave by a return is popped by it. */
static void a_call_that_returns_to_the_tops_rpc_replaces_it(void **state)
{
    (void)state;
    struct sbr_stack *s = make("sbr-fig2", NULL);
    struct sbr_stack_out o;

    op(s, SBR_STACK_LAUNCH, 0, 0x00, 0xf, 0, 0x02);
    op(s, SBR_STACK_ADVANCE, 0, 0x01, 0, 0, 0);
    o = op(s, SBR_STACK_CALL, 0, 0x10, 0, 0x02, 0);    /* returns to the exit */
    assert_int_equal(o.pushes, 0);
    expect_top(s, 0, 1, 0x10, 0xf);
    assert_true(s->e[0][0].call);
    o = op(s, SBR_STACK_BRANCH, 0, 0x1f, 0x5, 0x11, 0x1e);   /* T0, T2 return */
    expect_top(s, 0, 3, 0x1f, 0x5);
    o = op(s, SBR_STACK_RETURN, 0, 0x02, 0, 0, 0);     /* a branch top returns */
    assert_true(o.pop);
    expect_top(s, 0, 2, 0x11, 0xa);
    o = op(s, SBR_STACK_ADVANCE, 0, 0x1e, 0, 0, 0);
    assert_true(o.pop);
    expect_top(s, 0, 1, 0x1e, 0xf);
    o = op(s, SBR_STACK_ADVANCE, 0, 0x02, 0, 0, 0);    /* a CALL top never pops on a move */
    assert_false(o.pop);
    o = op(s, SBR_STACK_RETURN, 0, 0x02, 0, 0, 0);     /* the warp exits */
    assert_true(o.pop);
    expect_top(s, 0, 0, 0, 0);
    free(s);
}

static void bad_returns_and_calls_are_refused_and_change_nothing(void **state)
{
    (void)state;
    struct sbr_stack *s = make("sbr-fig2", NULL);
    struct sbr_stack *before = malloc(sizeof *before);
    struct sbr_stack_out o;

    assert_non_null(before);
    o = op(s, SBR_STACK_CALL, 0, 0x10, 0, 0x01, 0);    /* no stack */
    assert_true(o.err);
    o = op(s, SBR_STACK_RETURN, 0, 0x01, 0, 0, 0);
    assert_true(o.err);
    op(s, SBR_STACK_LAUNCH, 0, 0x00, 0xf, 0, 0x08);
    memcpy(before, s, sizeof *before);
    o = op(s, SBR_STACK_RETURN, 0, 0x01, 0, 0, 0);     /* nothing to return from */
    assert_true(o.err);
    assert_memory_equal(before, s, sizeof *s);
    op(s, SBR_STACK_CALL, 0, 0x10, 0, 0x01, 0);
    memcpy(before, s, sizeof *before);
    o = op(s, SBR_STACK_RETURN, 0, 0x05, 0, 0, 0);     /* not the return PC */
    assert_true(o.err);
    assert_memory_equal(before, s, sizeof *s);
    op(s, SBR_STACK_CALL, 0, 0x20, 0, 0x11, 0);
    op(s, SBR_STACK_CALL, 0, 0x30, 0, 0x21, 0);
    memcpy(before, s, sizeof *before);
    o = op(s, SBR_STACK_CALL, 0, 0x40, 0, 0x31, 0);    /* a fifth entry */
    assert_true(o.ovf);
    assert_false(o.err);
    assert_memory_equal(before, s, sizeof *s);
    free(before);
    free(s);
}

/* Every thread of a warp exits inside a called function: the stack
 * empties at once, its CALL and branch entries with it, and the warp
 * slot takes the next launch. */
static void a_warp_that_exits_inside_a_call_leaves_no_entry(void **state)
{
    (void)state;
    struct sbr_stack *s = make("sbr-fig2", NULL);
    struct sbr_stack_out o;

    op(s, SBR_STACK_LAUNCH, 0, 0x00, 0xf, 0, 0x30);
    op(s, SBR_STACK_ADVANCE, 0, 0x01, 0, 0, 0);
    op(s, SBR_STACK_CALL, 0, 0x10, 0, 0x02, 0);        /* keeps the base */
    op(s, SBR_STACK_BRANCH, 0, 0x12, 0x3, 0x16, 0x18); /* T0, T1 go on */
    expect_top(s, 0, 4, 0x12, 0x3);
    o = op(s, SBR_STACK_EXIT, 0, 0, 0xc, 0, 0);        /* T0, T1 exit */
    assert_true(o.pop);
    assert_false(o.err);
    expect_top(s, 0, 3, 0x16, 0xc);
    o = op(s, SBR_STACK_EXIT, 0, 0, 0x0, 0, 0);        /* T2, T3 too */
    assert_true(o.pop);
    expect_top(s, 0, 0, 0, 0);
    o = op(s, SBR_STACK_LAUNCH, 0, 0x00, 0x3, 0, 0x30); /* the next TB */
    assert_false(o.err);
    expect_top(s, 0, 1, 0x00, 0x3);
    free(s);
}

/* Some threads exit inside a call: no entry shows them again, neither
 * the CALL entry their siblings return through nor the entries below; an
 * entry left with no live thread shows an empty mask until the exit op
 * pops it.  Exiting a thread twice, or one of the top's, is refused. */
static void exited_threads_leave_every_entry(void **state)
{
    (void)state;
    struct sbr_stack *s = make(NULL, "fermi-sbr");
    struct sbr_stack *before = malloc(sizeof *before);
    struct sbr_stack_out o;

    assert_non_null(before);
    op(s, SBR_STACK_LAUNCH, 0, 0x00, 0xf, 0, 0x30);
    op(s, SBR_STACK_BRANCH, 0, 0x10, 0x3, 0x01, 0x20); /* T0, T1 | T2, T3 */
    op(s, SBR_STACK_CALL, 0, 0x40, 0, 0x11, 0);         /* T0, T1 call */
    op(s, SBR_STACK_BRANCH, 0, 0x42, 0x1, 0x41, 0x48);  /* T0 | T1 */
    expect_top(s, 0, 6, 0x42, 0x1);
    memcpy(before, s, sizeof *before);
    o = op(s, SBR_STACK_EXIT, 0, 0, 0xf, 0, 0);         /* T0 is the top's */
    assert_true(o.err);
    assert_memory_equal(before, s, sizeof *s);
    o = op(s, SBR_STACK_EXIT, 0, 0, 0xe, 0, 0);         /* T0 exits */
    assert_true(o.pop);
    expect_top(s, 0, 5, 0x41, 0x2);
    o = op(s, SBR_STACK_ADVANCE, 0, 0x48, 0, 0, 0);     /* T1 re-converges */
    assert_true(o.pop);
    expect_top(s, 0, 4, 0x48, 0x2);                     /* the CALL entry */
    o = op(s, SBR_STACK_RETURN, 0, 0x11, 0, 0, 0);
    expect_top(s, 0, 3, 0x11, 0x2);                     /* T1 at the return PC */
    o = op(s, SBR_STACK_ADVANCE, 0, 0x20, 0, 0, 0);
    assert_true(o.pop);
    expect_top(s, 0, 2, 0x01, 0xc);
    o = op(s, SBR_STACK_EXIT, 0, 0, 0x2, 0, 0);         /* T2, T3 exit */
    assert_true(o.pop);
    expect_top(s, 0, 1, 0x20, 0x2);                     /* T0 is gone */
    o = op(s, SBR_STACK_EXIT, 0, 0, 0x2, 0, 0);         /* T1 is still live */
    assert_true(o.err);
    /* a top all of whose threads exited: empty, popped by the exit op */
    op(s, SBR_STACK_LAUNCH, 1, 0x00, 0xf, 0, 0x30);
    op(s, SBR_STACK_BRANCH, 1, 0x10, 0x3, 0x01, 0x20);  /* T0, T1 | T2, T3 */
    op(s, SBR_STACK_BRANCH, 1, 0x12, 0x1, 0x11, 0x18);  /* T0 | T1 */
    op(s, SBR_STACK_EXIT, 1, 0, 0xe, 0, 0);
    op(s, SBR_STACK_EXIT, 1, 0, 0xc, 0, 0);
    expect_top(s, 1, 3, 0x18, 0x0);                     /* T0, T1 waited here */
    o = op(s, SBR_STACK_EXIT, 1, 0, 0xc, 0, 0);
    assert_true(o.pop);
    expect_top(s, 1, 2, 0x01, 0xc);
    free(before);
    free(s);
}

/*
 * A kernel's branch at 0x01 splits T0, T1 (taken, to 0x10) from T2, T3
 * (to 0x02); both sides re-converge only at the warp's exit 0x30, so they
 * replace the base entry as two siblings.  The taken side reaches a barrier
 * at 0x14 and yields: the not-taken side runs, exits, and the barrier side
 * comes back alone with every live thread, still at 0x14.
 */
static void a_side_at_a_barrier_yields_to_its_sibling_which_exits(void **state)
{
    (void)state;
    struct sbr_stack *s = make("sbr-fig2", NULL);
    struct sbr_stack_out o;

    op(s, SBR_STACK_LAUNCH, 0, 0x00, 0xf, 0, 0x30);
    op(s, SBR_STACK_ADVANCE, 0, 0x01, 0, 0, 0);
    op(s, SBR_STACK_BRANCH, 0, 0x10, 0x3, 0x02, 0x30);
    op(s, SBR_STACK_ADVANCE, 0, 0x14, 0, 0, 0);
    expect_top(s, 0, 2, 0x14, 0x3);
    o = op(s, SBR_STACK_YIELD, 0, 0x2a, 0x5, 0x2b, 0x2c); /* inputs ignored */
    assert_false(o.err);
    assert_false(o.pop);
    assert_int_equal(o.pushes, 0);
    expect_top(s, 0, 2, 0x02, 0xc);                     /* the sibling runs */
    assert_true(s->e[0][0].yielded);
    assert_int_equal(s->e[0][0].pc, 0x14);
    assert_int_equal(s->e[0][0].mask, 0x3);
    op(s, SBR_STACK_ADVANCE, 0, 0x03, 0, 0, 0);
    o = op(s, SBR_STACK_EXIT, 0, 0, 0x3, 0, 0);         /* T2, T3 exit */
    assert_true(o.pop);
    expect_top(s, 0, 1, 0x14, 0x3);                     /* back, unmarked */
    assert_false(s->e[0][0].yielded);
    op(s, SBR_STACK_ADVANCE, 0, 0x15, 0, 0, 0);         /* past the barrier */
    o = op(s, SBR_STACK_ADVANCE, 0, 0x30, 0, 0, 0);
    assert_true(o.pop);
    expect_top(s, 0, 0, 0, 0);
    free(s);
}

/* Both sides reach the same barrier: the second joins the first there (a
 * merge, one pop) and the warp's threads are one entry again.  The
 * exited threads stay out of the merged mask. */
static void two_sides_at_one_barrier_merge_there(void **state)
{
    (void)state;
    struct sbr_stack *s = make("sbr-fig2", NULL);
    struct sbr_stack_out o;

    op(s, SBR_STACK_LAUNCH, 0, 0x00, 0xf, 0, 0x30);
    op(s, SBR_STACK_BRANCH, 0, 0x10, 0x3, 0x02, 0x30); /* T0, T1 | T2, T3 */
    op(s, SBR_STACK_BRANCH, 0, 0x11, 0x1, 0x12, 0x30); /* T0 | T1: siblings */
    expect_top(s, 0, 3, 0x11, 0x1);
    o = op(s, SBR_STACK_EXIT, 0, 0, 0xe, 0, 0);        /* T0 exits */
    expect_top(s, 0, 2, 0x12, 0x2);
    op(s, SBR_STACK_ADVANCE, 0, 0x20, 0, 0, 0);        /* T1 at the barrier */
    o = op(s, SBR_STACK_YIELD, 0, 0, 0, 0, 0);
    assert_false(o.err);
    expect_top(s, 0, 2, 0x02, 0xc);
    op(s, SBR_STACK_ADVANCE, 0, 0x20, 0, 0, 0);        /* T2, T3 there too */
    o = op(s, SBR_STACK_YIELD, 0, 0, 0, 0, 0);
    assert_false(o.err);
    assert_true(o.pop);
    assert_int_equal(o.pushes, 0);
    expect_top(s, 0, 1, 0x20, 0xe);                    /* T0 is gone */
    assert_false(s->e[0][0].yielded);
    free(s);
}

/* A yield needs a sibling directly below: none on a one-entry stack, a
 * CALL entry is none (nor may a CALL top yield), an entry of another RPC is
 * none; and a sibling marked yielded at another barrier cannot be yielded
 * back to (no ping-pong).  Each refusal changes nothing. */
static void yields_without_an_unmarked_sibling_are_refused(void **state)
{
    (void)state;
    struct sbr_stack *s = make(NULL, "fermi-sbr");
    struct sbr_stack *before = malloc(sizeof *before);
    struct sbr_stack_out o;

    assert_non_null(before);
    o = op(s, SBR_STACK_YIELD, 0, 0, 0, 0, 0);          /* empty stack */
    assert_true(o.err);
    op(s, SBR_STACK_LAUNCH, 0, 0x00, 0xf, 0, 0x30);
    memcpy(before, s, sizeof *before);
    o = op(s, SBR_STACK_YIELD, 0, 0, 0, 0, 0);          /* one entry */
    assert_true(o.err);
    assert_memory_equal(before, s, sizeof *s);
    op(s, SBR_STACK_CALL, 0, 0x10, 0, 0x01, 0);          /* CALL above */
    memcpy(before, s, sizeof *before);
    o = op(s, SBR_STACK_YIELD, 0, 0, 0, 0, 0);          /* a CALL top */
    assert_true(o.err);
    assert_memory_equal(before, s, sizeof *s);
    op(s, SBR_STACK_BRANCH, 0, 0x12, 0x3, 0x11, 0x01);   /* replaces nothing */
    expect_top(s, 0, 4, 0x12, 0x3);
    op(s, SBR_STACK_EXIT, 0, 0, 0xc, 0, 0);              /* T0, T1 exit */
    expect_top(s, 0, 3, 0x11, 0xc);                      /* above the CALL */
    o = op(s, SBR_STACK_BRANCH, 0, 0x13, 0x4, 0x14, 0x18); /* T2 | T3 */
    expect_top(s, 0, 5, 0x13, 0x4);
    op(s, SBR_STACK_ADVANCE, 0, 0x15, 0, 0, 0);          /* T2 at a barrier */
    o = op(s, SBR_STACK_YIELD, 0, 0, 0, 0, 0);
    assert_false(o.err);
    expect_top(s, 0, 5, 0x14, 0x8);
    op(s, SBR_STACK_ADVANCE, 0, 0x16, 0, 0, 0);          /* T3 at another */
    memcpy(before, s, sizeof *before);
    o = op(s, SBR_STACK_YIELD, 0, 0, 0, 0, 0);           /* no ping-pong */
    assert_true(o.err);
    assert_memory_equal(before, s, sizeof *s);
    o = op(s, SBR_STACK_ADVANCE, 0, 0x18, 0, 0, 0);      /* T3 re-converges */
    assert_true(o.pop);
    expect_top(s, 0, 4, 0x15, 0x4);                      /* T2 back, alone */
    memcpy(before, s, sizeof *before);
    o = op(s, SBR_STACK_YIELD, 0, 0, 0, 0, 0);           /* below: another RPC */
    assert_true(o.err);
    assert_memory_equal(before, s, sizeof *s);
    free(before);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fig2_if_then_else_on_two_interleaved_warps),
        cmocka_unit_test(non_diverging_branch_only_moves_the_top),
        cmocka_unit_test(branch_to_the_tops_own_rpc_replaces_the_top),
        cmocka_unit_test(a_push_beyond_the_depth_raises_ovf_and_changes_nothing),
        cmocka_unit_test(input_errors_are_reported_and_change_nothing),
        cmocka_unit_test(storage_bits_are_warps_times_entries_plus_counters),
        cmocka_unit_test(each_frame_of_a_recursive_call_reconverges_on_its_own),
        cmocka_unit_test(a_call_that_returns_to_the_tops_rpc_replaces_it),
        cmocka_unit_test(bad_returns_and_calls_are_refused_and_change_nothing),
        cmocka_unit_test(a_warp_that_exits_inside_a_call_leaves_no_entry),
        cmocka_unit_test(exited_threads_leave_every_entry),
        cmocka_unit_test(a_side_at_a_barrier_yields_to_its_sibling_which_exits),
        cmocka_unit_test(two_sides_at_one_barrier_merge_there),
        cmocka_unit_test(yields_without_an_unmarked_sibling_are_refused),
    };
    return cmocka_run_group_tests_name("sbr_stack", tests, NULL, NULL);
}
