/*
 * test_sm.c -- the SM composed of the structure models runs hand-built
 * programs: encoded RV32 words in a struct program, with their
 * re-convergence table, on the tiny preset's sizes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "ics_first.h"
#include "sm.h"
#include "test_load.h"

/* Thread `lane` of warp slot `slot` of an ics-first SM gets the states
 * whose flags are set (one-hot when sound; two flags make a thread in two
 * places). */
static void set_ics_state(struct sm_reconv *rc, unsigned slot, unsigned lane,
                          unsigned idle, unsigned ready, unsigned barrier)
{
    rc->ics[slot].state[lane] = (idle ? ICS_FIRST_IDLE : 0u)
                                | (ready ? ICS_FIRST_READY : 0u)
                                | (barrier ? ICS_FIRST_BARRIER : 0u);
}

enum { BASE = 0x10000, MAXW = 64 };

/* The encodings of the instructions the programs use. */
static uint32_t r_type(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3,
                       unsigned rd, unsigned op)
{
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static uint32_t i_type(int32_t imm, unsigned rs1, unsigned f3, unsigned rd,
                       unsigned op)
{
    return (uint32_t)(imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static uint32_t addi(unsigned rd, unsigned rs1, int32_t imm)
{ return i_type(imm, rs1, 0, rd, 0x13); }
static uint32_t andi(unsigned rd, unsigned rs1, int32_t imm)
{ return i_type(imm, rs1, 7, rd, 0x13); }
static uint32_t slli(unsigned rd, unsigned rs1, unsigned sh)
{ return i_type((int32_t)sh, rs1, 1, rd, 0x13); }
static uint32_t add(unsigned rd, unsigned rs1, unsigned rs2)
{ return r_type(0, rs2, rs1, 0, rd, 0x33); }
static uint32_t mul(unsigned rd, unsigned rs1, unsigned rs2)
{ return r_type(1, rs2, rs1, 0, rd, 0x33); }
static uint32_t csrr(unsigned rd, unsigned csr)
{ return i_type((int32_t)csr, 0, 2, rd, 0x73); }
static uint32_t sw(unsigned rs2, unsigned rs1, int32_t imm)
{
    return (uint32_t)((imm >> 5) & 0x7f) << 25 | rs2 << 20 | rs1 << 15
           | 2u << 12 | (uint32_t)(imm & 0x1f) << 7 | 0x23;
}
static uint32_t branch(unsigned f3, unsigned rs1, unsigned rs2, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (u >> 12 & 1) << 31 | (u >> 5 & 0x3f) << 25 | rs2 << 20
           | rs1 << 15 | f3 << 12 | (u >> 1 & 0xf) << 8 | (u >> 11 & 1) << 7
           | 0x63;
}
static uint32_t jal(unsigned rd, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (u >> 20 & 1) << 31 | (u >> 1 & 0x3ff) << 21 | (u >> 11 & 1) << 20
           | (u >> 12 & 0xff) << 12 | rd << 7 | 0x6f;
}
static const uint32_t BAR = 0x0000000b, EXIT = 0x0000100b;

struct built {
    struct program p;
    uint32_t words[MAXW];
    struct program_branch br[4];
    struct program_ics ics[4];
};

static void build(struct built *b, const uint32_t *w, unsigned n,
                  const struct program_branch *br, unsigned nbr)
{
    memset(b, 0, sizeof *b);
    memcpy(b->words, w, n * 4);
    if (nbr)
        memcpy(b->br, br, nbr * sizeof *br);
    b->p.path = (char *)"hand-built";
    b->p.base = b->p.text_lo = b->p.entry = b->p.kernel = BASE;
    b->p.size = n * 4;
    b->p.text_hi = BASE + n * 4;
    b->p.image = (uint8_t *)b->words;
    b->p.exit_pc = BASE + (n - 1) * 4;      /* the last word: simt.exit */
    b->p.branches = b->br;
    b->p.n_branches = nbr;
}

/* Each thread stores (odd tid ? 100 : 200) + its global index at
 * args[global index], the two sides of a divergent branch, then meets the
 * TB's barrier and exits. */
static void divergent_program(struct built *b)
{
    uint32_t p[16];
    unsigned n = 0;
    struct program_branch br = { BASE + 0x14, BASE + 0x24 };

    p[n++] = csrr(5, RV32_CSR_TID);           /* 00 */
    p[n++] = csrr(9, RV32_CSR_CTAID);         /* 04 */
    p[n++] = csrr(11, RV32_CSR_NTID);         /* 08 */
    p[n++] = mul(12, 9, 11);                  /* 0c */
    p[n++] = andi(6, 5, 1);                   /* 10 */
    p[n++] = branch(0, 6, 0, 12);             /* 14 beq x6, x0, 0x20 */
    p[n++] = addi(7, 0, 100);                 /* 18 odd */
    p[n++] = jal(0, 8);                       /* 1c -> 0x24 */
    p[n++] = addi(7, 0, 200);                 /* 20 even */
    p[n++] = add(12, 12, 5);                  /* 24 join: global index */
    p[n++] = add(7, 7, 12);                   /* 28 */
    p[n++] = slli(8, 12, 2);                  /* 2c */
    p[n++] = add(8, 8, 10);                   /* 30 &args[index] */
    p[n++] = sw(7, 8, 0);                     /* 34 */
    p[n++] = BAR;                             /* 38 */
    p[n++] = EXIT;                            /* 3c: exit_pc */
    build(b, p, n, &br, 1);
}

static uint32_t remu(unsigned rd, unsigned rs1, unsigned rs2)
{ return r_type(1, rs2, rs1, 7, rd, 0x33); }

/* Nested divergence in a loop: thread t sums, over i < t % 5, i when i is
 * odd and 2i when even, and stores the sum at args[global index]. */
static void loop_program(struct built *b)
{
    uint32_t p[24];
    unsigned n = 0;
    struct program_branch br[2] = { { BASE + 0x24, BASE + 0x48 },
                                    { BASE + 0x2c, BASE + 0x40 } };

    p[n++] = csrr(5, RV32_CSR_TID);           /* 00 */
    p[n++] = csrr(9, RV32_CSR_CTAID);         /* 04 */
    p[n++] = csrr(11, RV32_CSR_NTID);         /* 08 */
    p[n++] = mul(12, 9, 11);                  /* 0c */
    p[n++] = add(12, 12, 5);                  /* 10 global index */
    p[n++] = addi(13, 0, 5);                  /* 14 */
    p[n++] = remu(14, 5, 13);                 /* 18 n = tid % 5 */
    p[n++] = addi(15, 0, 0);                  /* 1c i = 0 */
    p[n++] = addi(7, 0, 0);                   /* 20 sum = 0 */
    p[n++] = branch(7, 15, 14, 0x24);         /* 24 bgeu i, n -> 0x48 */
    p[n++] = andi(6, 15, 1);                  /* 28 */
    p[n++] = branch(0, 6, 0, 12);             /* 2c beq -> 0x38 (even) */
    p[n++] = add(7, 7, 15);                   /* 30 odd: sum += i */
    p[n++] = jal(0, 12);                      /* 34 -> 0x40 */
    p[n++] = slli(16, 15, 1);                 /* 38 even */
    p[n++] = add(7, 7, 16);                   /* 3c sum += 2i */
    p[n++] = addi(15, 15, 1);                 /* 40 join: i++ */
    p[n++] = jal(0, -0x20);                   /* 44 -> 0x24 */
    p[n++] = slli(8, 12, 2);                  /* 48 */
    p[n++] = add(8, 8, 10);                   /* 4c */
    p[n++] = sw(7, 8, 0);                     /* 50 */
    p[n++] = EXIT;                            /* 54 */
    build(b, p, n, br, 2);
}

static uint32_t loop_expected(unsigned tid)
{
    uint32_t sum = 0;
    for (unsigned i = 0; i < tid % 5; i++)
        sum += i & 1 ? i : 2 * i;
    return sum;
}

static struct sm *make(const struct simt_config *cfg, const struct program *p,
                       unsigned grid, unsigned block);

static void expect_error(const struct program *p, unsigned grid,
                         unsigned block, uint64_t limit, const char *what);

static struct sm *run_loop(const struct simt_config *cfg, unsigned grid,
                           unsigned block)
{
    struct built b;
    struct sm *sm;

    loop_program(&b);
    sm = make(cfg, &b.p, grid, block);
    if (sm_run(sm) != SM_DONE)
        fail_msg("%s: %s", config_reconvergence_name(cfg->reconvergence),
                 sm->err);
    for (unsigned i = 0; i < grid * block; i++) {
        uint32_t v;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 * i,
                                        &v, 4), 0);
        assert_int_equal(v, loop_expected(i % block));
    }
    return sm;
}

static struct simt_config tiny_mode(enum reconvergence mode,
                                    enum sched_policy sp, enum fetch_policy fp)
{
    struct simt_config cfg = load("tiny");
    cfg.reconvergence = mode;
    cfg.scheduler = sp;
    cfg.fetch = fp;
    return cfg;
}

static struct sm *make(const struct simt_config *cfg, const struct program *p,
                       unsigned grid, unsigned block)
{
    struct sm *sm;
    char err[SM_ERR_LEN];
    struct sm_launch l = { grid, block, SM_GLOBAL_BASE, "hand-built" };

    if (sm_create(&sm, cfg, p, 1u << 16, err, sizeof err) != 0)
        fail_msg("%s", err);
    if (sm_start(sm, &l) != 0)
        fail_msg("%s", sm->err);
    sm->max_cycles = 100000;
    sm->check_invariants = true;
    return sm;
}

static void run_divergent(enum reconvergence mode, enum sched_policy sp,
                          enum fetch_policy fp)
{
    struct built b;
    struct simt_config cfg = tiny_mode(mode, sp, fp);
    struct sm *sm;
    const unsigned grid = 6, block = 7;

    divergent_program(&b);
    sm = make(&cfg, &b.p, grid, block);
    if (sm_run(sm) != SM_DONE)
        fail_msg("%s, scheduler %s, fetch %s: %s",
                 config_reconvergence_name(mode), config_sched_name(sp),
                 config_fetch_name(fp), sm->err);
    for (unsigned i = 0; i < grid * block; i++) {
        uint32_t v;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 * i,
                                        &v, 4), 0);
        assert_int_equal(v, ((i % block) & 1 ? 100 : 200) + i);
    }
    /* divergence: fewer active lanes than issued slots */
    assert_true(sm->st.thread_insns < sm->st.warp_insns * cfg.warp_size);
    assert_int_equal(sm->st.tbs_done, grid);
    sm_destroy(sm);
}

static void divergent_threads_store_both_sides_under_sbr(void **state)
{
    (void)state;
    run_divergent(RECONV_SBR, SCHED_MWF_LRR, FETCH_CFF);
}

static void divergent_threads_store_both_sides_under_minpc(void **state)
{
    (void)state;
    run_divergent(RECONV_MINPC, SCHED_MWF_LRR, FETCH_CFF);
}

static void divergent_threads_store_both_sides_under_ics_first(void **state)
{
    (void)state;
    run_divergent(RECONV_ICS_FIRST, SCHED_MWF_LRR, FETCH_CFF);
}

static void divergent_threads_store_both_sides_under_harp(void **state)
{
    (void)state;
    run_divergent(RECONV_HARP, SCHED_MWF_LRR, FETCH_CFF);
}

static void nested_divergence_in_a_loop_runs_under_every_mode(void **state)
{
    static const enum reconvergence m[] = { RECONV_SBR, RECONV_HARP,
                                            RECONV_MINPC, RECONV_ICS_FIRST };
    (void)state;
    for (unsigned i = 0; i < 4; i++) {
        struct simt_config cfg = tiny_mode(m[i], SCHED_GTO, FETCH_FEF);
        cfg.sbr_stack_depth = 6;
        sm_destroy(run_loop(&cfg, 8, 8));
    }
}

static void harp_threads_bypass_a_full_rbt_set_and_not_a_large_one(void **state)
{
    struct simt_config cfg = tiny_mode(RECONV_HARP, SCHED_LRR, FETCH_LRR);
    struct sm *sm;

    (void)state;
    sm = run_loop(&cfg, 8, 8);      /* four TBs resident: sets shared */
    assert_true(sm->rc.rbt_bypass > 0);
    sm_destroy(sm);
    cfg.rbt_entries = 64;
    cfg.rbt_ways = 16;
    sm = run_loop(&cfg, 8, 8);
    assert_int_equal(sm->rc.rbt_bypass, 0);
    sm_destroy(sm);
}

/* Odd threads meet one simt.bar, even threads another: a barrier in
 * divergent code.  Each thread then stores 7 + (tid & 1). */
static void split_barrier_program(struct built *b)
{
    uint32_t p[12];
    unsigned n = 0;
    struct program_branch br = { BASE + 0x08, BASE + 0x1c };

    p[n++] = csrr(5, RV32_CSR_TID);    /* 00 */
    p[n++] = andi(6, 5, 1);            /* 04 */
    p[n++] = branch(0, 6, 0, 12);      /* 08 beq -> 0x14 */
    p[n++] = BAR;                      /* 0c odd */
    p[n++] = jal(0, 12);               /* 10 -> 0x1c */
    p[n++] = BAR;                      /* 14 even */
    p[n++] = addi(0, 0, 0);            /* 18 */
    p[n++] = slli(8, 5, 2);            /* 1c join */
    p[n++] = add(8, 8, 10);            /* 20 */
    p[n++] = addi(7, 6, 7);            /* 24 */
    p[n++] = sw(7, 8, 0);              /* 28 */
    p[n++] = EXIT;                     /* 2c */
    build(b, p, n, &br, 1);
}

static void a_barrier_in_divergent_code_waits_per_thread(void **state)
{
    static const enum reconvergence m[] = { RECONV_HARP, RECONV_MINPC,
                                            RECONV_ICS_FIRST };
    struct built b;

    (void)state;
    split_barrier_program(&b);
    for (unsigned i = 0; i < 3; i++) {
        struct simt_config cfg = tiny_mode(m[i], SCHED_MWF_GTO, FETCH_CFF);
        struct sm *sm = make(&cfg, &b.p, 1, 8);
        if (sm_run(sm) != SM_DONE)
            fail_msg("%s: %s", config_reconvergence_name(m[i]), sm->err);
        for (unsigned t = 0; t < 8; t++) {
            uint32_t v;
            assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 * t,
                                            &v, 4), 0);
            assert_int_equal(v, 7 + (t & 1));
        }
        sm_destroy(sm);
    }
    expect_error(&b.p, 1, 8, 10000, "a barrier in divergent code cannot "
                 "complete under the SBR stack");
}

static void the_trace_has_one_line_per_issued_warp_instruction(void **state)
{
    struct built b;
    struct simt_config cfg = tiny_mode(RECONV_SBR, SCHED_LRR, FETCH_LRR);
    struct sm *sm;
    char *text = NULL;
    size_t len = 0;
    unsigned lines = 0;

    (void)state;
    divergent_program(&b);
    sm = make(&cfg, &b.p, 1, 2);
    sm->trace = open_memstream(&text, &len);
    assert_non_null(sm->trace);
    assert_int_equal(sm_run(sm), SM_DONE);
    fclose(sm->trace);
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    assert_int_equal(lines, sm->st.warp_insns);
    /* lane 0 (tid 0, even) stores 200 at args[0], lane 1 stores 101 */
    assert_non_null(strstr(text, " 00010034 3 "));
    assert_non_null(strstr(text, " sw "));
    assert_non_null(strstr(text, "mem[10000000]:4=000000c8"));
    assert_non_null(strstr(text, "mem[10000004]:4=00000065"));
    /* the two sides of the branch run with one lane each */
    assert_non_null(strstr(text, " 00010018 2 06400393 li t2,100 | "
                               "x7[1]=00000064"));
    assert_non_null(strstr(text, " 00010020 1 0c800393 li t2,200 | "
                               "x7[0]=000000c8"));
    free(text);
    sm_destroy(sm);
}

static void ics_first_priorities_from_the_table_keep_the_result(void **state)
{
    struct built b;
    struct simt_config cfg = tiny_mode(RECONV_ICS_FIRST, SCHED_LRR, FETCH_LRR);
    struct sm *sm;

    (void)state;
    /* the inner if raises at its branch and lowers at its join */
    loop_program(&b);
    b.ics[0] = (struct program_ics){ BASE + 0x2c, ICS_RAISE, 1 };
    b.ics[1] = (struct program_ics){ BASE + 0x40, ICS_LOWER, 0 };
    b.p.ics = b.ics;
    b.p.n_ics = 2;
    sm = make(&cfg, &b.p, 4, 8);
    if (sm_run(sm) != SM_DONE)
        fail_msg("%s", sm->err);
    for (unsigned i = 0; i < 32; i++) {
        uint32_t v;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 * i,
                                        &v, 4), 0);
        assert_int_equal(v, loop_expected(i % 8));
    }
    sm_destroy(sm);
}

static void an_ics_first_level_beyond_the_configured_ones_is_an_error(void **state)
{
    struct built b;
    struct simt_config cfg = tiny_mode(RECONV_ICS_FIRST, SCHED_LRR, FETCH_LRR);
    struct sm *sm;

    (void)state;
    loop_program(&b);
    b.ics[0] = (struct program_ics){ BASE + 0x2c, ICS_RAISE, 1 };
    b.p.ics = b.ics;
    b.p.n_ics = 1;
    sm = make(&cfg, &b.p, 1, 8);
    assert_int_equal(sm_run(sm), SM_ERROR);
    if (!strstr(sm->err, "a priority beyond ics_priority_levels = 3"))
        fail_msg("%s", sm->err);
    sm_destroy(sm);
}

static void every_scheduler_and_fetch_policy_gives_the_same_memory(void **state)
{
    static const enum sched_policy sp[] = { SCHED_LRR, SCHED_GTO, SCHED_TLS,
        SCHED_MWF_LRR, SCHED_MWF_GTO, SCHED_SAWS };
    static const enum fetch_policy fp[] = { FETCH_LRR, FETCH_CFF, FETCH_FEF };
    (void)state;
    for (unsigned i = 0; i < sizeof sp / sizeof sp[0]; i++)
        for (unsigned j = 0; j < sizeof fp / sizeof fp[0]; j++)
            for (unsigned m = 0; m < 4; m++)
                run_divergent(m == 0 ? RECONV_SBR : m == 1 ? RECONV_MINPC
                              : m == 2 ? RECONV_ICS_FIRST : RECONV_HARP,
                              sp[i], fp[j]);
}

static void expect_error(const struct program *p, unsigned grid,
                         unsigned block, uint64_t limit, const char *what)
{
    struct simt_config cfg = tiny_mode(RECONV_SBR, SCHED_LRR, FETCH_LRR);
    struct sm *sm = make(&cfg, p, grid, block);

    sm->max_cycles = limit;
    assert_int_equal(sm_run(sm), SM_ERROR);
    if (!strstr(sm->err, what))
        fail_msg("expected '%s' in: %s", what, sm->err);
    sm_destroy(sm);
}

static void a_barrier_after_some_warps_exited_is_named(void **state)
{
    uint32_t p[7];
    unsigned n = 0;
    struct built b;
    struct program_branch br = { BASE + 0x08, BASE + 0x18 };

    (void)state;
    p[n++] = csrr(5, RV32_CSR_TID);    /* 00 */
    p[n++] = addi(6, 0, 2);            /* 04 */
    p[n++] = branch(6, 5, 6, 8);       /* 08 bltu x5, x6, 0x10 */
    p[n++] = jal(0, 12);               /* 0c -> exit 0x18 */
    p[n++] = BAR;                      /* 10 */
    p[n++] = addi(0, 0, 0);            /* 14 nop */
    p[n++] = EXIT;                     /* 18 */
    build(&b, p, n, &br, 1);
    expect_error(&b.p, 1, 4, 10000, "barrier of TB 0 cannot complete: "
                 "warps 0 wait at it, warps 1 exited");
}

static void an_illegal_instruction_names_pc_and_thread(void **state)
{
    uint32_t p[] = { addi(5, 0, 1), 0xffffffffu, EXIT };
    struct built b;

    (void)state;
    build(&b, p, 3, NULL, 0);
    expect_error(&b.p, 1, 2, 1000, "illegal instruction 0xffffffff");
    expect_error(&b.p, 1, 2, 1000, "at PC 0x00010004 in thread 0 of TB 0");
}

static void a_misaligned_store_names_the_address(void **state)
{
    uint32_t p[] = { sw(0, 10, 2), EXIT };
    struct built b;

    (void)state;
    build(&b, p, 2, NULL, 0);
    expect_error(&b.p, 1, 1, 1000, "misaligned access to 0x10000002");
}

static void a_store_outside_memory_names_the_address(void **state)
{
    uint32_t p[] = { sw(0, 0, 0x40), EXIT };
    struct built b;

    (void)state;
    build(&b, p, 2, NULL, 0);
    expect_error(&b.p, 1, 1, 1000, "access to 0x00000040 outside memory");
}

static void a_loop_forever_stops_at_the_cycle_limit(void **state)
{
    uint32_t p[] = { jal(0, 0), EXIT };
    struct built b;

    (void)state;
    build(&b, p, 2, NULL, 0);
    expect_error(&b.p, 1, 1, 500, "not done after the limit of 500 cycles");
}

/* Run the divergent program until warp slot 0 has launched, then break
 * the structure's record of lane 0 through `corrupt`: the invariant
 * check must name the thread. */
static void corrupt_and_check(enum reconvergence mode,
                              void (*corrupt)(struct sm *), const char *what)
{
    struct built b;
    struct simt_config cfg = tiny_mode(mode, SCHED_LRR, FETCH_LRR);
    struct sm *sm;

    divergent_program(&b);
    sm = make(&cfg, &b.p, 2, 4);
    for (int i = 0; i < 6; i++)
        assert_int_equal(sm_cycle(sm), SM_RUNNING);
    assert_int_equal(sm_check_invariant(sm), 0);
    corrupt(sm);
    assert_int_equal(sm_check_invariant(sm), -1);
    if (!strstr(sm->err, what))
        fail_msg("expected '%s' in: %s", what, sm->err);
    sm_destroy(sm);
}

static void drop_lane0_from_stack(struct sm *sm)
{
    struct sbr_stack *st = &sm->rc.sbr[0];
    for (unsigned d = 0; d < st->depth[0]; d++)
        st->e[0][d].mask &= ~1ull;
}

static void lane0_ready_and_at_barrier(struct sm *sm)
{
    set_ics_state(&sm->rc, 0, 0, 0, 1, 1);
}

static void lane0_idle(struct sm *sm)
{
    set_ics_state(&sm->rc, 0, 0, 1, 0, 0);
}

static void the_invariant_check_finds_a_thread_lost_from_its_stack(void **state)
{
    (void)state;
    corrupt_and_check(RECONV_SBR, drop_lane0_from_stack,
                      "thread 0 of TB 0 (warp 0, lane 0) is live but in no "
                      "place (lost)");
}

static void the_invariant_check_finds_a_thread_in_two_states(void **state)
{
    (void)state;
    corrupt_and_check(RECONV_ICS_FIRST, lane0_ready_and_at_barrier,
                      "thread 0 of TB 0 (warp 0, lane 0) is in 2 places");
    corrupt_and_check(RECONV_ICS_FIRST, lane0_idle, "(lost)");
}

static void warp0_no_longer_resident(struct sm *sm)
{
    sm->warp[0].resident = false;
}

static void lane0_pc_outside_the_text(struct sm *sm)
{
    sm->thread[0].pc = 0;
}

static void the_invariant_check_finds_harp_tables_holding_a_retired_warp(void **state)
{
    (void)state;
    corrupt_and_check(RECONV_HARP, warp0_no_longer_resident,
                      "warp slot 0 lane 0 holds no thread but is in ");
}

static void the_invariant_check_finds_a_minpc_thread_without_a_pc(void **state)
{
    (void)state;
    corrupt_and_check(RECONV_MINPC, lane0_pc_outside_the_text,
                      "thread 0 of TB 0 (warp 0, lane 0) is live but in no "
                      "place (lost)");
}

static void a_pipelined_rbt_is_refused_at_configuration(void **state)
{
    struct built b;
    struct simt_config cfg = load("tiny");
    struct sm *sm;
    char err[SM_ERR_LEN];

    (void)state;
    divergent_program(&b);
    cfg.reconvergence = RECONV_HARP;
    cfg.rbt_pipeline_stages = 2;
    assert_int_equal(sm_create(&sm, &cfg, &b.p, 4096, err, sizeof err), -1);
    assert_non_null(strstr(err, "rbt_pipeline_stages = 2 is not supported "
                           "by the SM yet"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(divergent_threads_store_both_sides_under_sbr),
        cmocka_unit_test(divergent_threads_store_both_sides_under_minpc),
        cmocka_unit_test(divergent_threads_store_both_sides_under_ics_first),
        cmocka_unit_test(divergent_threads_store_both_sides_under_harp),
        cmocka_unit_test(nested_divergence_in_a_loop_runs_under_every_mode),
        cmocka_unit_test(harp_threads_bypass_a_full_rbt_set_and_not_a_large_one),
        cmocka_unit_test(every_scheduler_and_fetch_policy_gives_the_same_memory),
        cmocka_unit_test(a_barrier_in_divergent_code_waits_per_thread),
        cmocka_unit_test(ics_first_priorities_from_the_table_keep_the_result),
        cmocka_unit_test(an_ics_first_level_beyond_the_configured_ones_is_an_error),
        cmocka_unit_test(the_trace_has_one_line_per_issued_warp_instruction),
        cmocka_unit_test(a_barrier_after_some_warps_exited_is_named),
        cmocka_unit_test(an_illegal_instruction_names_pc_and_thread),
        cmocka_unit_test(a_misaligned_store_names_the_address),
        cmocka_unit_test(a_store_outside_memory_names_the_address),
        cmocka_unit_test(a_loop_forever_stops_at_the_cycle_limit),
        cmocka_unit_test(the_invariant_check_finds_a_thread_lost_from_its_stack),
        cmocka_unit_test(the_invariant_check_finds_a_thread_in_two_states),
        cmocka_unit_test(the_invariant_check_finds_harp_tables_holding_a_retired_warp),
        cmocka_unit_test(the_invariant_check_finds_a_minpc_thread_without_a_pc),
        cmocka_unit_test(a_pipelined_rbt_is_refused_at_configuration),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
