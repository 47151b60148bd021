/*
 * test_sm_memory.c -- the SM's memory semantics on hand-built programs,
 * under every control-flow mode at tiny and fermi-harp: lr.w/sc.w atomic
 * across threads (the lanes of one warp too), each thread's stack its
 * own, the code read-only while data after it stays writable, and a
 * thread's exit code (docs/isa.md); and the stacks as the memory system
 * lays them out, interleaved by word per warp slot (docs/memory.md).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "../tools/rvgen.h"
#include "sm.h"
#include "test_load.h"

enum { BASE = 0x10000, MAXW = 32 };

/* The registers the programs use (ABI numbers). */
enum { ZERO = 0, SP = 2, T0 = 5, T1 = 6, T2 = 7, S1 = 9, A0 = 10 };

static uint32_t addi(unsigned rd, unsigned rs1, int32_t imm)
{ return rvgen_i(imm, rs1, 0, rd, 0x13); }
static uint32_t slli(unsigned rd, unsigned rs1, unsigned sh)
{ return rvgen_i((int32_t)sh, rs1, 1, rd, 0x13); }
static uint32_t add(unsigned rd, unsigned rs1, unsigned rs2)
{ return rvgen_r(0, rs2, rs1, 0, rd, 0x33); }
static uint32_t sub(unsigned rd, unsigned rs1, unsigned rs2)
{ return rvgen_r(0x20, rs2, rs1, 0, rd, 0x33); }
static uint32_t lui(unsigned rd, uint32_t imm20)
{ return rvgen_u(imm20, rd, 0x37); }
static uint32_t sw(unsigned rs2, unsigned rs1, int32_t imm)
{ return rvgen_s(imm, rs2, rs1, 2, 0x23); }
static uint32_t lw(unsigned rd, unsigned rs1, int32_t imm)
{ return rvgen_i(imm, rs1, 2, rd, 0x03); }
static uint32_t csrr(unsigned rd, unsigned csr)
{ return rvgen_i((int32_t)csr, 0, 2, rd, 0x73); }
static uint32_t bne(unsigned rs1, unsigned rs2, int32_t off)
{ return rvgen_b(off, rs2, rs1, 1); }
static uint32_t beq(unsigned rs1, unsigned rs2, int32_t off)
{ return rvgen_b(off, rs2, rs1, 0); }
/* The A extension: funct5 << 2 (aq = rl = 0) as funct7. */
static uint32_t lr_w(unsigned rd, unsigned rs1)
{ return rvgen_r(0x02 << 2, 0, rs1, 2, rd, 0x2f); }
static uint32_t sc_w(unsigned rd, unsigned rs2, unsigned rs1)
{ return rvgen_r(0x03 << 2, rs2, rs1, 2, rd, 0x2f); }
static uint32_t amoadd_w(unsigned rd, unsigned rs2, unsigned rs1)
{ return rvgen_r(0x00 << 2, rs2, rs1, 2, rd, 0x2f); }
static const uint32_t EXIT = 0x0000100b;

/* A program: its words (code, then `data` words of data after the last
 * function when data > 0) and its re-convergence table. */
struct built {
    struct program p;
    uint32_t words[MAXW];
    struct program_branch br[4];
    struct program_func fn;
};

/* n words of code, the last the start code's simt.exit (exit_pc), then
 * `data` words of image data in the same executable segment. */
static void build(struct built *b, const uint32_t *w, unsigned n,
                  unsigned data, const struct program_branch *br,
                  unsigned nbr)
{
    memset(b, 0, sizeof *b);
    memcpy(b->words, w, n * 4);
    if (nbr)
        memcpy(b->br, br, nbr * sizeof *br);
    b->p.path = (char *)"hand-built";
    b->p.base = b->p.text_lo = b->p.entry = b->p.kernel = BASE;
    b->p.size = (n + data) * 4;
    b->p.text_hi = BASE + (n + data) * 4;
    b->p.image = (uint8_t *)b->words;
    b->p.exit_pc = BASE + (n - 1) * 4;
    b->p.branches = b->br;
    b->p.n_branches = nbr;
    b->fn = (struct program_func){ (char *)"kernel", BASE, BASE + n * 4 };
    b->p.funcs = &b->fn;
    b->p.n_funcs = 1;
}

/* The modes and presets every test runs under. */
static const enum reconvergence modes[] = {
    RECONV_SBR, RECONV_HARP, RECONV_MINPC, RECONV_ICS_FIRST
};
static const char *const presets[] = { "tiny", "fermi-harp" };
enum { N_RUNS = 8 };

static struct sm *make(unsigned run, const struct program *p, unsigned grid,
                       unsigned block, struct simt_config *cfg)
{
    struct sm *sm;
    char err[SM_ERR_LEN];
    struct sm_launch l = { grid, block, SM_GLOBAL_BASE, "hand-built", 0 };

    *cfg = load(presets[run / 4]);
    cfg->reconvergence = modes[run % 4];
    if (sm_create(&sm, cfg, p, 1u << 16, err, sizeof err) != 0)
        fail_msg("%s", err);
    if (sm_start(sm, &l) != 0)
        fail_msg("%s", sm->err);
    sm->max_cycles = 2000000;
    sm->check_invariants = true;
    return sm;
}

static const char *run_name(unsigned run)
{
    static char buf[64];
    snprintf(buf, sizeof buf, "%s, %s", presets[run / 4],
             config_reconvergence_name(modes[run % 4]));
    return buf;
}

static uint32_t word_at(struct sm *sm, uint32_t addr)
{
    uint32_t v = 0;
    assert_int_equal(sm_memory_read(&sm->mem, addr, &v, 4), 0);
    return v;
}

static void expect_done(struct sm *sm, unsigned run)
{
    if (sm_run(sm) != SM_DONE)
        fail_msg("%s: %s", run_name(run), sm->err);
}

static void expect_error(struct sm *sm, unsigned run, const char *what)
{
    if (sm_run(sm) != SM_ERROR)
        fail_msg("%s: the run ended without an error; expected '%s'",
                 run_name(run), what);
    if (!strstr(sm->err, what))
        fail_msg("%s: expected '%s' in: %s", run_name(run), what, sm->err);
}

/* Every thread of one warp: lr.w the counter args[0], add 1, sc.w it,
 * and store sc.w's result at args[1 + tid]. */
static void two_lanes_of_one_warp_never_both_succeed_at_sc_w(void **state)
{
    uint32_t p[] = {
        lr_w(T0, A0),              /* 00 */
        addi(T0, T0, 1),           /* 04 */
        sc_w(T1, T0, A0),          /* 08 */
        csrr(T2, RV32_CSR_TID),    /* 0c */
        slli(T2, T2, 2),           /* 10 */
        add(T2, T2, A0),           /* 14 */
        sw(T1, T2, 4),             /* 18 */
        EXIT                       /* 1c */
    };
    struct built b;
    struct simt_config cfg;

    (void)state;
    build(&b, p, 8, 0, NULL, 0);
    for (unsigned run = 0; run < N_RUNS; run++) {
        struct sm *sm = make(run, &b.p, 1, load(presets[run / 4]).warp_size,
                             &cfg);
        unsigned won = 0;

        expect_done(sm, run);
        if (word_at(sm, SM_GLOBAL_BASE) != 1)
            fail_msg("%s: the counter is %u, not 1", run_name(run),
                     word_at(sm, SM_GLOBAL_BASE));
        for (unsigned t = 0; t < cfg.warp_size; t++)
            won += word_at(sm, SM_GLOBAL_BASE + 4 + 4 * t) == 0;
        if (won != 1)
            fail_msg("%s: %u lanes' sc.w succeeded, not 1", run_name(run),
                     won);
        /* the lanes run in lane order: the lowest one wins */
        assert_int_equal(word_at(sm, SM_GLOBAL_BASE + 4), 0);
        sm_destroy(sm);
    }
}

/* Every thread adds 1 to args[0] REPS times with an lr.w/sc.w loop:
 * the count is exact whatever the interleaving. */
static void lr_sc_increments_of_every_thread_are_all_counted(void **state)
{
    enum { REPS = 6 };
    uint32_t p[] = {
        addi(S1, ZERO, REPS),      /* 00 */
        lr_w(T0, A0),              /* 04 */
        addi(T0, T0, 1),           /* 08 */
        sc_w(T1, T0, A0),          /* 0c */
        bne(T1, ZERO, -12),        /* 10 -> 04 */
        addi(S1, S1, -1),          /* 14 */
        bne(S1, ZERO, -20),        /* 18 -> 04 */
        EXIT                       /* 1c */
    };
    const struct program_branch br[] = {
        { BASE + 0x10, BASE + 0x14 }, { BASE + 0x18, BASE + 0x1c }
    };
    struct built b;
    struct simt_config cfg;

    (void)state;
    build(&b, p, 8, 0, br, 2);
    for (unsigned run = 0; run < N_RUNS; run++) {
        unsigned grid = run < 4 ? 3 : 2, block = run < 4 ? 8 : 64;
        struct sm *sm = make(run, &b.p, grid, block, &cfg);

        expect_done(sm, run);
        if (word_at(sm, SM_GLOBAL_BASE) != grid * block * REPS)
            fail_msg("%s: the counter is %u, not %u", run_name(run),
                     word_at(sm, SM_GLOBAL_BASE), grid * block * REPS);
        sm_destroy(sm);
    }
}

/* Each TB's one thread: sc.w to args[0] with no lr.w before it (its
 * result to args[1 + ctaid]), then lr.w of args[0], then exit.  More TBs
 * than the SM holds, so later TBs run in the thread slots of earlier
 * ones: a reservation dies with its thread, and every sc.w fails. */
static void a_new_thread_holds_no_reservation_of_its_slots_last_one(
    void **state)
{
    enum { GRID = 24 };
    uint32_t p[] = {
        csrr(T2, RV32_CSR_CTAID),  /* 00 */
        slli(T2, T2, 2),           /* 04 */
        add(T2, T2, A0),           /* 08 */
        addi(T0, ZERO, 7),         /* 0c */
        sc_w(T1, T0, A0),          /* 10 */
        sw(T1, T2, 4),             /* 14 */
        lr_w(T0, A0),              /* 18 */
        EXIT                       /* 1c */
    };
    struct built b;
    struct simt_config cfg;

    (void)state;
    build(&b, p, 8, 0, NULL, 0);
    for (unsigned run = 0; run < N_RUNS; run++) {
        struct sm *sm = make(run, &b.p, GRID, 1, &cfg);

        expect_done(sm, run);
        assert_int_equal(word_at(sm, SM_GLOBAL_BASE), 0);
        for (unsigned t = 0; t < GRID; t++)
            if (word_at(sm, SM_GLOBAL_BASE + 4 + 4 * t) == 0)
                fail_msg("%s: the sc.w of TB %u succeeded without an lr.w",
                         run_name(run), t);
        sm_destroy(sm);
    }
}

/* Thread 1 stores just below its own stack, into thread 0's: an error
 * naming thread 1, not a silent write. */
static void a_store_past_a_threads_stack_is_an_error_naming_it(void **state)
{
    uint32_t p[] = {
        csrr(T0, RV32_CSR_TID),    /* 00 */
        beq(T0, ZERO, 16),         /* 04 -> 14 */
        lui(T1, 1),                /* 08 t1 = 4096 */
        sub(T1, SP, T1),           /* 0c the bottom of its stack */
        sw(T0, T1, -4),            /* 10 the word below it */
        addi(ZERO, ZERO, 0),       /* 14 */
        EXIT                       /* 18 */
    };
    const struct program_branch br[] = { { BASE + 0x04, BASE + 0x14 } };
    struct built b;
    struct simt_config cfg;

    (void)state;
    build(&b, p, 7, 0, br, 1);
    for (unsigned run = 0; run < N_RUNS; run++) {
        struct sm *sm = make(run, &b.p, 1, 2, &cfg);
        char what[256];
        uint32_t lo = sm_memory_stack_top(1) - SM_STACK_BYTES;

        snprintf(what, sizeof what, "kernel hand-built: thread 1 of TB 0 "
                 "(warp %u, lane %u) at PC 0x00010010: access to 0x%08x "
                 "outside its own stack 0x%08x..0x%08x (sw)",
                 1 / cfg.warp_size, 1 % cfg.warp_size, lo - 4, lo,
                 lo + SM_STACK_BYTES);
        expect_error(sm, run, what);
        sm_destroy(sm);
    }
}

/* A store, an AMO and an sc.w (without a reservation) to the code are
 * errors naming the thread and the PC; the data after the code, in the
 * same executable segment, stays writable. */
static void writes_to_the_code_are_errors_and_to_the_data_are_not(void **state)
{
    const uint32_t writes[] = {
        sw(T0, T1, 4), amoadd_w(T2, T0, T1), sc_w(T2, T0, T1)
    };
    const char *const names[] = { "sw", "amoadd.w", "sc.w" };
    struct simt_config cfg;

    (void)state;
    for (unsigned k = 0; k < 3; k++) {
        uint32_t p[] = {
            addi(T0, ZERO, 5),     /* 00 */
            lui(T1, BASE >> 12),   /* 04 t1 = the code's first word */
            addi(T1, T1, k == 0 ? 0 : 4), /* 08 */
            writes[k],             /* 0c */
            EXIT                   /* 10 */
        };
        struct built b;

        build(&b, p, 5, 0, NULL, 0);
        for (unsigned run = 0; run < N_RUNS; run++) {
            struct sm *sm = make(run, &b.p, 1, 1, &cfg);
            char what[256];

            snprintf(what, sizeof what, "kernel hand-built: thread 0 of TB 0 "
                     "(warp 0, lane 0) at PC 0x0001000c: write to 0x00010004 "
                     "in the read-only code 0x00010000..0x00010014 (%s)",
                     names[k]);
            expect_error(sm, run, what);
            sm_destroy(sm);
        }
    }
    /* the data word after the code (0x10018) is written and read back */
    uint32_t p[] = {
        addi(T0, ZERO, 5),         /* 00 */
        lui(T1, BASE >> 12),       /* 04 */
        sw(T0, T1, 0x18),          /* 08 */
        lw(T2, T1, 0x18),          /* 0c */
        sw(T2, A0, 0),             /* 10 args[0] = 5 */
        EXIT                       /* 14 */
    };
    struct built b;
    build(&b, p, 6, 1, NULL, 0);
    for (unsigned run = 0; run < N_RUNS; run++) {
        struct sm *sm = make(run, &b.p, 1, 1, &cfg);
        expect_done(sm, run);
        assert_int_equal(word_at(sm, SM_GLOBAL_BASE), 5);
        sm_destroy(sm);
    }
}

/* simt.exit with a0 = tid: threads 1 .. 3 exit non-zero and the run fails
 * naming them; the start code's simt.exit (exit_pc) is exit code 0. */
static void a_non_zero_exit_code_fails_the_run_naming_the_threads(void **state)
{
    uint32_t p[] = {
        csrr(T0, RV32_CSR_TID),    /* 00 */
        addi(A0, T0, 0),           /* 04 */
        EXIT,                      /* 08 a thread's own exit */
        EXIT                       /* 0c exit_pc */
    };
    struct built b;
    struct simt_config cfg;

    (void)state;
    build(&b, p, 4, 0, NULL, 0);
    for (unsigned run = 0; run < N_RUNS; run++) {
        struct sm *sm = make(run, &b.p, 1, 4, &cfg);
        char what[256];

        snprintf(what, sizeof what, "kernel hand-built: 3 threads exited "
                 "with a non-zero code\n  thread 1 of TB 0 (warp %u, lane %u) "
                 "at PC 0x00010008: exit code 1 (0x1)", 1 / cfg.warp_size,
                 1 % cfg.warp_size);
        expect_error(sm, run, what);
        assert_non_null(strstr(sm->err, "exit code 3 (0x3)"));
        sm_destroy(sm);
    }
    /* the same value of a0 at the start code's exit: the run passes */
    p[2] = addi(0, 0, 0);
    build(&b, p, 4, 0, NULL, 0);
    for (unsigned run = 0; run < N_RUNS; run++) {
        struct sm *sm = make(run, &b.p, 1, 4, &cfg);
        expect_done(sm, run);
        sm_destroy(sm);
    }
}

/* The memory pipeline's view of the stacks (sm_memory_physical) at
 * small SMs of 1 to 8 thread slots in groups (warps) of 1 to 6: every
 * (thread slot, byte of its stack) has its own address, inside its
 * group's block of the stack region; the same byte of consecutive slots
 * of a group is 4 bytes apart (consecutive words); an address outside
 * the stacks is its own. */
static void the_stack_interleaving_is_a_bijection_onto_the_stack_region(
    void **state)
{
    static const unsigned sizes[][2] = {
        { 1, 1 }, { 2, 2 }, { 6, 1 }, { 6, 2 }, { 6, 3 }, { 6, 6 }, { 8, 4 }
    };
    enum { MAX_T = 8 };
    static uint8_t seen[MAX_T * SM_STACK_BYTES];

    (void)state;
    for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        unsigned t = sizes[k][0], w = sizes[k][1];
        uint32_t end = SM_STACK_BASE + t * SM_STACK_BYTES;

        memset(seen, 0, sizeof seen);
        for (unsigned i = 0; i < t; i++) {
            uint32_t lo = SM_STACK_BASE + i / w * w * SM_STACK_BYTES;

            for (uint32_t o = 0; o < SM_STACK_BYTES; o++) {
                uint32_t a = SM_STACK_BASE + i * SM_STACK_BYTES + o;
                uint32_t p = sm_memory_physical(a, t, w);

                if (p < lo || p >= lo + w * SM_STACK_BYTES)
                    fail_msg("%u slots in groups of %u: byte %u of slot %u "
                             "at 0x%08x, outside its group's 0x%08x..0x%08x",
                             t, w, o, i, p, lo, lo + w * SM_STACK_BYTES);
                if (seen[p - SM_STACK_BASE]++)
                    fail_msg("%u slots in groups of %u: byte %u of slot %u "
                             "at 0x%08x, the address of another byte", t, w,
                             o, i, p);
                if (i % w != 0
                    && p != sm_memory_physical(a - SM_STACK_BYTES, t, w) + 4)
                    fail_msg("%u slots in groups of %u: byte %u of slot %u "
                             "not a word after slot %u's", t, w, o, i, i - 1);
            }
        }
        assert_int_equal(sm_memory_physical(end, t, w), end);
        assert_int_equal(sm_memory_physical(SM_STACK_BASE - 1, t, w),
                         SM_STACK_BASE - 1);
        assert_int_equal(sm_memory_physical(SM_GLOBAL_BASE + 8, t, w),
                         SM_GLOBAL_BASE + 8);
    }
}

/* One warp (a TB of warp_size threads): each thread stores its tid at
 * sp - 4, loads it back and stores it at sp - 8.  Each thread's stack
 * holds its own tid (the threads' view is untouched), and each of the
 * three accesses is as many L1 lines as the warp's words span, one when
 * they fit in a line: warp_size x 4 bytes of consecutive words, starting
 * at a multiple of that size (the warp slot's row of the word), both
 * powers of two like the line.  Under the stacks 4 KiB apart, each lane
 * was a line of its own.  At the presets of the four modes, and
 * fermi-sbr and gtx480-baws for two lines and 128-byte ones. */
static void a_warps_same_stack_word_is_as_many_lines_as_the_words_span(
    void **state)
{
    static const char *const names[] = {
        "tiny", "fermi-harp", "fermi-sbr", "gtx480-baws"
    };
    uint32_t p[] = {
        csrr(T0, RV32_CSR_TID),    /* 00 */
        sw(T0, SP, -4),            /* 04 */
        lw(T1, SP, -4),            /* 08 */
        sw(T1, SP, -8),            /* 0c */
        EXIT                       /* 10 */
    };
    struct built b;

    (void)state;
    build(&b, p, 5, 0, NULL, 0);
    for (unsigned run = 0; run < 4 * 4; run++) {
        struct simt_config cfg = load(names[run / 4]);
        struct sm_launch l = { 1, cfg.warp_size, SM_GLOBAL_BASE,
                               "hand-built", 0 };
        unsigned span = cfg.warp_size * 4, line = cfg.l1d_line_bytes;
        unsigned lines = span > line ? span / line : 1;
        const struct lsu_stats *st;
        char err[SM_ERR_LEN];
        struct sm *sm;

        cfg.reconvergence = modes[run % 4];
        /* harp at the presets with its keys (tiny, fermi-harp) */
        if (cfg.reconvergence == RECONV_HARP && run / 4 >= 2)
            continue;
        if (sm_create(&sm, &cfg, &b.p, 1u << 16, err, sizeof err) != 0)
            fail_msg("%s", err);
        if (sm_start(sm, &l) != 0)
            fail_msg("%s", sm->err);
        assert_true(span % line == 0 || line % span == 0);
        if (sm_run(sm) != SM_DONE)
            fail_msg("%s, %s: %s", names[run / 4],
                     config_reconvergence_name(cfg.reconvergence), sm->err);
        for (unsigned t = 0; t < cfg.warp_size; t++) {
            uint32_t top = sm_memory_stack_top(t);
            assert_int_equal(word_at(sm, top - 4), t);
            assert_int_equal(word_at(sm, top - 8), t);
        }
        st = lsu_stats(&sm->lsu);
        if (st->lines != 3 * lines || st->l1_misses != lines
            || st->store_lines != 2 * lines)
            fail_msg("%s, %s: %" PRIu64 " lines (%" PRIu64 " load misses, %"
                     PRIu64 " store lines) for 3 accesses of %u bytes; "
                     "expected %u (%u, %u)", names[run / 4],
                     config_reconvergence_name(cfg.reconvergence), st->lines,
                     st->l1_misses, st->store_lines, span, 3 * lines, lines,
                     2 * lines);
        sm_destroy(sm);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_lanes_of_one_warp_never_both_succeed_at_sc_w),
        cmocka_unit_test(lr_sc_increments_of_every_thread_are_all_counted),
        cmocka_unit_test(a_new_thread_holds_no_reservation_of_its_slots_last_one),
        cmocka_unit_test(a_store_past_a_threads_stack_is_an_error_naming_it),
        cmocka_unit_test(writes_to_the_code_are_errors_and_to_the_data_are_not),
        cmocka_unit_test(a_non_zero_exit_code_fails_the_run_naming_the_threads),
        cmocka_unit_test(the_stack_interleaving_is_a_bijection_onto_the_stack_region),
        cmocka_unit_test(a_warps_same_stack_word_is_as_many_lines_as_the_words_span),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
