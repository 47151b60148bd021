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
static uint32_t lw(unsigned rd, unsigned rs1, int32_t imm)
{ return i_type(imm, rs1, 2, rd, 0x03); }
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
    struct sm_launch l = { grid, block, SM_GLOBAL_BASE, "hand-built", 0 };

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
    cfg.rbt_entries = 4;            /* two sets of two ways */
    sm = run_loop(&cfg, 8, 8);      /* four TBs resident: sets shared */
    assert_true(sm->rc.rbt_bypass > 0);
    /* each miss leaves at least one thread out, at most a warp */
    assert_true(sm->rc.rbt_misses > 0);
    assert_true(sm->rc.rbt_misses <= sm->rc.rbt_bypass);
    assert_true(sm->rc.rbt_bypass <= sm->rc.rbt_misses * cfg.warp_size);
    sm_destroy(sm);
    cfg.rbt_entries = 64;
    cfg.rbt_ways = 16;
    sm = run_loop(&cfg, 8, 8);
    assert_int_equal(sm->rc.rbt_bypass, 0);
    assert_int_equal(sm->rc.rbt_misses, 0);
    sm_destroy(sm);
}

/* The timing of the pipeline: one warp alone on the SM runs a straight
 * chain of n instructions; the cycles it takes grow by what each added
 * instruction costs, which the tests derive from the configuration. */
enum chain_kind { CHAIN_ADDI, CHAIN_MUL, CHAIN_INDEPENDENT };

/* x5 = tid; x6 = 3; n times: x5 += 1 (addi), x5 *= x6 (mul), or x(11 + i %
 * 8) = x6 + i (no instruction reads another's result); then every thread
 * stores x5 at args[tid] and exits. */
static void chain_program(struct built *b, enum chain_kind kind, unsigned n)
{
    uint32_t p[MAXW];
    unsigned k = 0;

    assert_true(n + 8 <= MAXW);
    p[k++] = csrr(5, RV32_CSR_TID);
    p[k++] = addi(6, 0, 3);
    for (unsigned i = 0; i < n; i++)
        p[k++] = kind == CHAIN_ADDI ? addi(5, 5, 1)
                 : kind == CHAIN_MUL ? mul(5, 5, 6)
                 : addi(11 + i % 8, 6, (int32_t)i);
    p[k++] = csrr(20, RV32_CSR_TID);
    p[k++] = slli(20, 20, 2);
    p[k++] = add(20, 20, 10);
    p[k++] = sw(5, 20, 0);
    p[k++] = EXIT;
    build(b, p, k, NULL, 0);
}

/* Cycles `warps` warps of one TB take for the chain, stores checked. */
static uint64_t chain_cycles_of(const struct simt_config *cfg,
                                enum chain_kind kind, unsigned n,
                                unsigned warps)
{
    struct built b;
    struct sm *sm;
    uint64_t cycles;

    chain_program(&b, kind, n);
    sm = make(cfg, &b.p, 1, warps * cfg->warp_size);
    if (sm_run(sm) != SM_DONE)
        fail_msg("%s", sm->err);
    for (unsigned t = 0; t < warps * cfg->warp_size; t++) {
        uint32_t v, want = t;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 * t,
                                        &v, 4), 0);
        for (unsigned i = 0; i < n && kind != CHAIN_INDEPENDENT; i++)
            want = kind == CHAIN_ADDI ? want + 1 : want * 3;
        assert_int_equal(v, want);
    }
    cycles = sm->st.cycles;
    sm_destroy(sm);
    return cycles;
}

/* The same for one warp. */
static uint64_t chain_cycles(const struct simt_config *cfg,
                             enum chain_kind kind, unsigned n)
{
    return chain_cycles_of(cfg, kind, n, 1);
}

/* tiny with a SIMD group per scheduler (no turns) and latencies long
 * enough that the front end (one fetch a cycle) keeps up. */
static struct simt_config timing_config(enum reconvergence mode)
{
    struct simt_config cfg = tiny_mode(mode, SCHED_LRR, FETCH_LRR);
    cfg.simd_groups = cfg.schedulers;
    cfg.alu_latency = 5;
    cfg.mul_latency = 9;
    cfg.div_latency = 20;
    return cfg;
}

static void each_dependent_alu_instruction_costs_the_alu_latency(void **state)
{
    static const enum reconvergence m[] = { RECONV_SBR, RECONV_HARP,
                                            RECONV_MINPC, RECONV_ICS_FIRST };
    (void)state;
    for (unsigned i = 0; i < 4; i++) {
        struct simt_config cfg = timing_config(m[i]);
        uint64_t c8 = chain_cycles(&cfg, CHAIN_ADDI, 8);
        uint64_t c12 = chain_cycles(&cfg, CHAIN_ADDI, 12);
        assert_int_equal(c12 - c8, 4 * cfg.alu_latency);
    }
}

static void each_dependent_multiply_costs_the_multiply_latency(void **state)
{
    struct simt_config cfg = timing_config(RECONV_SBR);
    uint64_t c8, c12;

    (void)state;
    c8 = chain_cycles(&cfg, CHAIN_MUL, 8);
    c12 = chain_cycles(&cfg, CHAIN_MUL, 12);
    assert_int_equal(c12 - c8, 4 * cfg.mul_latency);
}

static void a_warp_wider_than_the_simd_width_holds_its_group_longer(void **state)
{
    struct simt_config cfg = timing_config(RECONV_SBR);
    unsigned occupancy;
    uint64_t c8, c12;

    (void)state;
    cfg.warp_size = 4 * cfg.simd_width;     /* four sub-warps */
    occupancy = cfg.warp_size / cfg.simd_width;
    /* independent instructions: one every `occupancy` cycles */
    c8 = chain_cycles(&cfg, CHAIN_INDEPENDENT, 8);
    c12 = chain_cycles(&cfg, CHAIN_INDEPENDENT, 12);
    assert_int_equal(c12 - c8, 4 * occupancy);
    /* dependent ones: the result is back `latency` cycles after the
     * last sub-warp entered */
    c8 = chain_cycles(&cfg, CHAIN_ADDI, 8);
    c12 = chain_cycles(&cfg, CHAIN_ADDI, 12);
    assert_int_equal(c12 - c8, 4 * (occupancy - 1 + cfg.alu_latency));
}

/* x5 = args; n times x5 = *x5 (args[0] holds args: every load after the
 * first hits in the L1); each thread stores x5 at args[1 + tid]. */
static void load_chain_program(struct built *b, unsigned n)
{
    static const uint32_t lw5 = 0x0002a283;     /* lw x5, 0(x5) */
    uint32_t p[MAXW];
    unsigned k = 0;

    p[k++] = addi(5, 10, 0);
    for (unsigned i = 0; i < n; i++)
        p[k++] = lw5;
    p[k++] = csrr(20, RV32_CSR_TID);
    p[k++] = slli(20, 20, 2);
    p[k++] = add(20, 20, 10);
    p[k++] = sw(5, 20, 4);
    p[k++] = EXIT;
    build(b, p, k, NULL, 0);
}

static uint64_t load_chain_cycles(const struct simt_config *cfg, unsigned n)
{
    struct built b;
    struct sm *sm;
    uint32_t self = SM_GLOBAL_BASE;
    uint64_t cycles;

    load_chain_program(&b, n);
    sm = make(cfg, &b.p, 1, cfg->warp_size);
    assert_int_equal(sm_memory_write(&sm->mem, SM_GLOBAL_BASE, &self, 4), 0);
    if (sm_run(sm) != SM_DONE)
        fail_msg("%s", sm->err);
    for (unsigned t = 0; t < cfg->warp_size; t++) {
        uint32_t v;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 + 4 * t,
                                        &v, 4), 0);
        assert_int_equal(v, SM_GLOBAL_BASE);
    }
    assert_int_equal(lsu_stats(&sm->lsu)->l1_misses, 1);
    cycles = sm->st.cycles;
    sm_destroy(sm);
    return cycles;
}

static void a_load_that_hits_holds_its_reader_for_the_l1_latency(void **state)
{
    struct simt_config cfg = timing_config(RECONV_SBR);
    uint64_t c8, c12;

    (void)state;
    c8 = load_chain_cycles(&cfg, 8);
    c12 = load_chain_cycles(&cfg, 12);
    /* done by the LSU's cycle hit_latency after issue, read the next */
    assert_int_equal(c12 - c8, 4 * (cfg.l1d_hit_latency + 1));
}

/* HARP 4.2.1: a warp that issues a global load leaves its First-Level
 * slot for the Waiting-Lookup and "departs back to Second-Level ... when
 * the pending memory access completes"; HARP 7.3.2: each transition
 * (waiting-to-second, second-to-first) takes a single cycle.  The warp
 * enters its First-Level slot with an empty I-buffer (the slot held no
 * warp while it waited, and a slot without a warp holds no instruction),
 * so its next instruction is fetched, filled and cleared by the
 * scoreboard before it issues: three cycles.  So a lone warp chasing a
 * pointer that hits pays, per load, the cycles the reader waits under
 * sbr (hit latency + 1), one cycle for each of the two transitions and
 * the three of the refill, and no more. */
static void a_harp_load_that_hits_costs_the_l1_latency_and_two_transitions(
    void **state)
{
    struct simt_config cfg = timing_config(RECONV_HARP);
    uint64_t c8, c12;

    (void)state;
    c8 = load_chain_cycles(&cfg, 8);
    c12 = load_chain_cycles(&cfg, 12);
    assert_int_equal(c12 - c8, 4 * (cfg.l1d_hit_latency + 1 + 2 + 3));
}

/* The what-ifs of waiting_lookup_loads (config.h): a harp warp that keeps
 * its First-Level slot at a load (none), or leaves it only on a miss
 * (miss), waits for a hit as an sbr warp does: its reader is held by the
 * scoreboard for the hit latency, with no transition. */
static void a_harp_load_kept_in_first_level_costs_what_it_costs_under_sbr(
    void **state)
{
    enum waiting_lookup_loads w[] = { WLOADS_NONE, WLOADS_MISS };

    (void)state;
    for (unsigned i = 0; i < sizeof w / sizeof w[0]; i++) {
        struct simt_config cfg = timing_config(RECONV_HARP);
        uint64_t c8, c12;

        cfg.waiting_lookup_loads = w[i];
        c8 = load_chain_cycles(&cfg, 8);
        c12 = load_chain_cycles(&cfg, 12);
        assert_int_equal(c12 - c8, 4 * (cfg.l1d_hit_latency + 1));
    }
}

/* Four warps chase the pointer 8 times: with every load (HARP 4.2.1) each
 * of the 32 passes through the Waiting-Lookup; with misses only, a warp's
 * first load (the line not yet in the L1) and no other; with none, not
 * one. */
static unsigned waiting_lookup_passes(enum waiting_lookup_loads w)
{
    struct simt_config cfg = timing_config(RECONV_HARP);
    struct built b;
    struct sm *sm;
    uint32_t self = SM_GLOBAL_BASE;
    unsigned passes;

    cfg.waiting_lookup_loads = w;
    load_chain_program(&b, 8);
    sm = make(&cfg, &b.p, 1, 4 * cfg.warp_size);
    assert_int_equal(sm_memory_write(&sm->mem, SM_GLOBAL_BASE, &self, 4), 0);
    if (sm_run(sm) != SM_DONE)
        fail_msg("%s", sm->err);
    passes = (unsigned)(sm->rc.waiting_in + sm->rc.waiting_bypass);
    sm_destroy(sm);
    return passes;
}

static void harp_warps_go_to_the_waiting_lookup_on_the_loads_the_key_names(
    void **state)
{
    (void)state;
    assert_int_equal(waiting_lookup_passes(WLOADS_EVERY), 8 * 4);
    assert_int_equal(waiting_lookup_passes(WLOADS_MISS), 4);
    assert_int_equal(waiting_lookup_passes(WLOADS_NONE), 0);
}

/* Each thread loads, doubles and stores the word at args + 128 tid and
 * loads the next line's: a line per lane, the coalescer busy for a cycle
 * per lane, its misses coming back one by one. */
/* x20 = args + 128 tid: a line of its own for each thread. */
static unsigned own_line(uint32_t *p)
{
    p[0] = csrr(20, RV32_CSR_TID);
    p[1] = slli(20, 20, 7);
    p[2] = add(20, 20, 10);
    return 3;
}

static void scatter_program(struct built *b)
{
    static const uint32_t lw5 = 0x000a2283;     /* lw x5, 0(x20) */
    static const uint32_t lw6 = 0x040a2303;     /* lw x6, 64(x20) */
    uint32_t p[MAXW];
    unsigned k = own_line(p);

    p[k++] = lw5;
    p[k++] = add(5, 5, 5);
    p[k++] = sw(5, 20, 0);
    p[k++] = lw6;
    p[k++] = add(6, 6, 5);
    p[k++] = sw(6, 20, 4);
    p[k++] = EXIT;
    build(b, p, k, NULL, 0);
}

/* Each thread loads three words of its own line, one load after the
 * other with no use between them: each load's lanes keep the coalescer
 * busy a cycle per lane while the next load, ready, waits for it. */
static void independent_loads_program(struct built *b)
{
    static const uint32_t lw5 = 0x000a2283;     /* lw x5, 0(x20) */
    static const uint32_t lw6 = 0x040a2303;     /* lw x6, 64(x20) */
    static const uint32_t lw7 = 0x008a2383;     /* lw x7, 8(x20) */
    uint32_t p[MAXW];
    unsigned k = own_line(p);

    p[k++] = lw5;
    p[k++] = lw6;
    p[k++] = lw7;
    p[k++] = add(5, 5, 6);
    p[k++] = add(5, 5, 7);
    p[k++] = sw(5, 20, 0);
    p[k++] = EXIT;
    build(b, p, k, NULL, 0);
}

/* Run `prog` on a tiny SM twice, by sm_run() and cycle by cycle: the same
 * counts, cycles and L1/DRAM statistics; returns the cycles sm_run()
 * counted at once. */
static uint64_t skipped_cycles_count_as_run(const struct simt_config *cfg,
                                            const struct built *b,
                                            unsigned grid, unsigned block)
{
    struct sm *run = make(cfg, &b->p, grid, block);
    struct sm *step = make(cfg, &b->p, grid, block);
    uint32_t self = SM_GLOBAL_BASE;
    uint64_t skipped;

    assert_int_equal(sm_memory_write(&run->mem, SM_GLOBAL_BASE, &self, 4), 0);
    assert_int_equal(sm_memory_write(&step->mem, SM_GLOBAL_BASE, &self, 4), 0);
    if (sm_run(run) != SM_DONE)
        fail_msg("%s", run->err);
    while (step->status == SM_RUNNING)
        sm_cycle(step);
    assert_int_equal(step->status, SM_DONE);
    assert_int_equal(step->memo.skipped, 0);
    assert_int_equal(run->st.cycles, step->st.cycles);
    assert_memory_equal(&run->st, &step->st, sizeof run->st);
    assert_memory_equal(lsu_stats(&run->lsu), lsu_stats(&step->lsu),
                        sizeof(struct lsu_stats));
    skipped = run->memo.skipped;
    sm_destroy(run);
    sm_destroy(step);
    return skipped;
}

static void exit_then_barrier_program(struct built *b);
static void load_exit_barrier_program(struct built *b);

static void cycles_counted_at_once_count_as_cycles_run_one_by_one(
    void **state)
{
    static const enum reconvergence modes[] = {
        RECONV_SBR, RECONV_MINPC, RECONV_ICS_FIRST, RECONV_HARP };
    static const enum sched_policy scheds[] = {
        SCHED_LRR, SCHED_TLS, SCHED_SAWS };
    uint64_t skipped = 0;

    (void)state;
    for (unsigned m = 0; m < 4; m++)
        for (unsigned k = 0; k < 3; k++) {
            struct simt_config cfg = timing_config(modes[m]);
            struct built b;

            cfg.scheduler = scheds[k];
            load_chain_program(&b, 6);
            skipped += skipped_cycles_count_as_run(&cfg, &b, 1,
                                                   cfg.warp_size);
            loop_program(&b);
            skipped += skipped_cycles_count_as_run(&cfg, &b, 6, 7);
            scatter_program(&b);
            cfg.l1d_mshrs = 16;     /* no MSHR-full replays */
            skipped += skipped_cycles_count_as_run(&cfg, &b, 1,
                                                   4 * cfg.warp_size);
            independent_loads_program(&b);
            cfg.l1d_mshrs = 1;      /* a replay per line until its MSHR */
            skipped += skipped_cycles_count_as_run(&cfg, &b, 1,
                                                   2 * cfg.warp_size);
            /* the arrivals of exited warps at the barrier */
            exit_then_barrier_program(&b);
            skipped += skipped_cycles_count_as_run(&cfg, &b, 3,
                                                   4 * cfg.warp_size);
            load_exit_barrier_program(&b);
            skipped += skipped_cycles_count_as_run(&cfg, &b, 2,
                                                   4 * cfg.warp_size);
        }
    assert_true(skipped > 0);   /* the runs had cycles to count at once */
}

/* The most TBs resident at once when a grid of `grid` one-warp TBs, each
 * holding shared_bytes of shared memory, runs the chain. */
static unsigned most_resident(const struct simt_config *cfg, unsigned grid,
                              uint32_t shared_bytes)
{
    struct built b;
    struct sm *sm;
    char err[SM_ERR_LEN];
    struct sm_launch l = { grid, cfg->warp_size, SM_GLOBAL_BASE,
                           "hand-built", shared_bytes };
    unsigned most = 0;

    chain_program(&b, CHAIN_ADDI, 4);
    if (sm_create(&sm, cfg, &b.p, 1u << 16, err, sizeof err) != 0)
        fail_msg("%s", err);
    if (sm_start(sm, &l) != 0)
        fail_msg("%s", sm->err);
    while (sm->status == SM_RUNNING) {
        unsigned n = 0;
        sm_cycle(sm);
        for (unsigned t = 0; t < cfg->max_tbs; t++)
            n += sm->tb[t].valid;
        most = n > most ? n : most;
    }
    assert_int_equal(sm->status, SM_DONE);
    assert_int_equal(sm->st.tbs_done, grid);
    sm_destroy(sm);
    return most;
}

static void tbs_are_placed_up_to_the_tb_and_shared_memory_limits(void **state)
{
    struct simt_config cfg = timing_config(RECONV_SBR);
    uint32_t smem = cfg.shared_kb * 1024u;

    (void)state;
    /* one-warp TBs: the TB slots are the limit */
    assert_int_equal(most_resident(&cfg, 2 * cfg.max_tbs, 0), cfg.max_tbs);
    /* shared memory: as many as fit */
    assert_int_equal(most_resident(&cfg, 2 * cfg.max_tbs, smem / 2), 2);
    assert_int_equal(most_resident(&cfg, 2 * cfg.max_tbs, smem), 1);
    assert_int_equal(most_resident(&cfg, 2 * cfg.max_tbs, smem / 3), 3);
}

static void a_tb_beyond_the_shared_memory_is_refused(void **state)
{
    struct simt_config cfg = timing_config(RECONV_SBR);
    struct built b;
    struct sm *sm;
    char err[SM_ERR_LEN];
    struct sm_launch l = { 1, cfg.warp_size, SM_GLOBAL_BASE, "hand-built",
                           cfg.shared_kb * 1024u + 4 };

    (void)state;
    chain_program(&b, CHAIN_ADDI, 4);
    assert_int_equal(sm_create(&sm, &cfg, &b.p, 1u << 16, err, sizeof err),
                     0);
    assert_int_equal(sm_start(sm, &l), -1);
    assert_non_null(strstr(sm->err, "shared memory"));
    assert_non_null(strstr(sm->err, "shared_kb"));
    sm_destroy(sm);
}

/* The stats of one warp running the chain of n dependent addi. */
static struct sm_stats chain_stats(const struct simt_config *cfg, unsigned n)
{
    struct built b;
    struct sm *sm;
    struct sm_stats st;

    chain_program(&b, CHAIN_ADDI, n);
    sm = make(cfg, &b.p, 1, cfg->warp_size);
    if (sm_run(sm) != SM_DONE)
        fail_msg("%s", sm->err);
    st = sm->st;
    sm_destroy(sm);
    return st;
}

static void every_scheduler_cycle_is_an_issue_or_one_stall(void **state)
{
    struct simt_config cfg = timing_config(RECONV_SBR);
    struct sm_stats a = chain_stats(&cfg, 8), b = chain_stats(&cfg, 12);
    uint64_t sum;

    (void)state;
    for (unsigned s = 0; s < cfg.schedulers; s++) {
        sum = a.sched[s].warp_insns;
        for (unsigned r = 0; r < SM_STALLS; r++)
            sum += a.sched[s].stall[r];
        assert_int_equal(sum, a.cycles);
    }
    /* the warp is on scheduler 0; scheduler 1 never has a warp */
    assert_int_equal(a.sched[1].stall[SM_STALL_IDLE], a.cycles);
    assert_int_equal(a.sched[0].warp_insns, a.warp_insns);
    /* each added dependent instruction waits alu_latency - 1 cycles on
     * its operand: data stalls */
    assert_int_equal(b.sched[0].stall[SM_STALL_DATA]
                     - a.sched[0].stall[SM_STALL_DATA],
                     4 * (cfg.alu_latency - 1));
    /* ... and keeps a SIMD group busy one cycle (HARP eq. 1) */
    assert_int_equal(b.busy_cycles - a.busy_cycles, 4);
    assert_int_equal(b.subwarps - a.subwarps, 4);
    assert_int_equal(b.subwarp_lanes - a.subwarp_lanes, 4 * cfg.warp_size);
}

/* Warp 0 of a TB of two warps (slot 0, scheduler 0) runs n dependent
 * addi before the TB's barrier, warp 1 (scheduler 1) none; each thread
 * stores its count at args[tid]. */
static struct sm_stats barrier_stats(const struct simt_config *cfg,
                                     unsigned n)
{
    uint32_t p[MAXW];
    unsigned k = 0, bne_at, skip;
    struct program_branch br;
    struct built b;
    struct sm *sm;
    struct sm_stats st;

    p[k++] = csrr(5, RV32_CSR_WARPID);
    p[k++] = addi(6, 0, 0);
    bne_at = k++;
    for (unsigned i = 0; i < n; i++)
        p[k++] = addi(6, 6, 1);
    skip = k;
    p[bne_at] = branch(1, 5, 0, (int32_t)(4 * (skip - bne_at)));
    p[k++] = BAR;
    p[k++] = csrr(20, RV32_CSR_TID);
    p[k++] = slli(20, 20, 2);
    p[k++] = add(20, 20, 10);
    p[k++] = sw(6, 20, 0);
    p[k++] = EXIT;
    br.pc = BASE + 4 * bne_at;
    br.rpc = BASE + 4 * skip;
    build(&b, p, k, &br, 1);
    sm = make(cfg, &b.p, 1, 2 * cfg->warp_size);
    if (sm_run(sm) != SM_DONE)
        fail_msg("%s", sm->err);
    for (unsigned t = 0; t < 2 * cfg->warp_size; t++) {
        uint32_t v;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 * t,
                                        &v, 4), 0);
        assert_int_equal(v, t < cfg->warp_size ? n : 0);
    }
    st = sm->st;
    sm_destroy(sm);
    return st;
}

static void a_warp_waiting_at_the_barrier_for_a_slower_one_stalls_on_it(void **state)
{
    struct simt_config cfg = timing_config(RECONV_SBR);
    struct sm_stats a, b;

    (void)state;
    a = barrier_stats(&cfg, 8);
    b = barrier_stats(&cfg, 12);
    /* warp 1 waits 4 alu_latency cycles longer at the barrier */
    assert_int_equal(b.sched[1].stall[SM_STALL_BARRIER]
                     - a.sched[1].stall[SM_STALL_BARRIER],
                     4 * cfg.alu_latency);
    /* two warp-phases: up to the barrier, then to the exit; the first
     * grows more unbalanced */
    assert_int_equal(a.phases, 2);
    assert_int_equal(b.phases, 2);
    assert_true(b.rtru_sum > a.rtru_sum);
}

static void harp_warps_wait_on_global_loads_in_the_waiting_lookup(void **state)
{
    struct simt_config cfg = timing_config(RECONV_HARP);
    struct built b;
    struct sm *sm;
    const unsigned warps = 4;
    uint32_t self = SM_GLOBAL_BASE;

    (void)state;
    /* four warps, two per scheduler, each chasing the pointer 8 times */
    load_chain_program(&b, 8);
    sm = make(&cfg, &b.p, 1, warps * cfg.warp_size);
    assert_int_equal(sm_memory_write(&sm->mem, SM_GLOBAL_BASE, &self, 4), 0);
    if (sm_run(sm) != SM_DONE)       /* the invariant checked every cycle */
        fail_msg("%s", sm->err);
    for (unsigned t = 0; t < warps * cfg.warp_size; t++) {
        uint32_t v;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 + 4 * t,
                                        &v, 4), 0);
        assert_int_equal(v, SM_GLOBAL_BASE);
    }
    /* each warp's 8 loads went through the table, or past it when full */
    assert_int_equal(sm->rc.waiting_in + sm->rc.waiting_bypass, 8 * warps);
    assert_true(sm->rc.waiting_in > 0);
    sm_destroy(sm);
}

/* Lane 1 of one warp (odd tid) runs n dependent addi, lane 0 nothing;
 * both store their count at args[tid]. */
static struct sm_stats divergent_chain_stats(const struct simt_config *cfg,
                                             unsigned n)
{
    uint32_t p[MAXW];
    unsigned k = 0, beq_at, join;
    struct program_branch br;
    struct built b;
    struct sm *sm;
    struct sm_stats st;

    p[k++] = csrr(5, RV32_CSR_TID);
    p[k++] = andi(7, 5, 1);
    p[k++] = addi(6, 0, 0);
    beq_at = k++;
    for (unsigned i = 0; i < n; i++)
        p[k++] = addi(6, 6, 1);
    join = k;
    p[beq_at] = branch(0, 7, 0, (int32_t)(4 * (join - beq_at)));  /* beq */
    p[k++] = slli(20, 5, 2);
    p[k++] = add(20, 20, 10);
    p[k++] = sw(6, 20, 0);
    p[k++] = EXIT;
    br.pc = BASE + 4 * beq_at;
    br.rpc = BASE + 4 * join;
    build(&b, p, k, &br, 1);
    sm = make(cfg, &b.p, 1, cfg->warp_size);
    if (sm_run(sm) != SM_DONE)
        fail_msg("%s", sm->err);
    for (unsigned t = 0; t < cfg->warp_size; t++) {
        uint32_t v;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 * t,
                                        &v, 4), 0);
        assert_int_equal(v, t & 1 ? n : 0);
    }
    st = sm->st;
    sm_destroy(sm);
    return st;
}

static void a_thread_off_the_running_path_is_counted_as_waiting(void **state)
{
    /* the modes that hold a thread at the re-convergence point (under
     * ics-first the even thread runs on to its exit) */
    static const enum reconvergence m[] = { RECONV_SBR, RECONV_MINPC };
    (void)state;
    for (unsigned i = 0; i < 2; i++) {
        struct simt_config cfg = timing_config(m[i]);
        struct sm_stats a = divergent_chain_stats(&cfg, 8);
        struct sm_stats b = divergent_chain_stats(&cfg, 12);
        uint64_t idle = (b.cycles - b.busy_cycles)
                        - (a.cycles - a.busy_cycles);
        uint64_t waiting = b.idle_threads[SM_THREAD_RECONVERGING]
                           + b.idle_threads[SM_THREAD_INACTIVE]
                           - a.idle_threads[SM_THREAD_RECONVERGING]
                           - a.idle_threads[SM_THREAD_INACTIVE];

        /* four more instructions, each one busy and alu_latency - 1 idle
         * cycles: in each idle cycle the odd thread waits on its operand
         * and the even one off its path */
        assert_int_equal(idle, 4 * (cfg.alu_latency - 1));
        assert_int_equal(b.idle_threads[SM_THREAD_DEPENDENCY]
                         - a.idle_threads[SM_THREAD_DEPENDENCY], idle);
        assert_int_equal(waiting, idle);
    }
}

/* Each thread jumps through a register to one of four blocks (tid % 4),
 * an indirect jump with no re-convergence PC in the table, stores 10 +
 * tid % 4 at args[tid] and exits. */
static void four_way_jump_program(struct built *b)
{
    uint32_t p[MAXW];
    unsigned k = 0;

    p[k++] = csrr(5, RV32_CSR_TID);                   /* 00 */
    p[k++] = andi(6, 5, 3);                           /* 04 */
    p[k++] = slli(6, 6, 3);                           /* 08 8 bytes a block */
    p[k++] = 8u << 7 | 0x17;                          /* 0c auipc x8, 0 */
    p[k++] = add(8, 8, 6);                            /* 10 */
    p[k++] = i_type(16, 8, 0, 0, 0x67);               /* 14 jalr x0, 16(x8) */
    p[k++] = addi(0, 0, 0);                           /* 18 */
    for (unsigned t = 0; t < 4; t++) {                /* 1c, 24, 2c, 34 */
        p[k++] = addi(7, 0, (int32_t)(10 + t));
        p[k++] = jal(0, (int32_t)(4 * (2 * (3 - t) + 1)));   /* to 3c */
    }
    p[k++] = slli(20, 5, 2);                          /* 3c */
    p[k++] = add(20, 20, 10);
    p[k++] = sw(7, 20, 0);
    p[k++] = EXIT;
    build(b, p, k, NULL, 0);
}

static void an_indirect_jump_to_four_places_without_an_rpc_runs_under_harp(void **state)
{
    struct simt_config cfg = timing_config(RECONV_HARP);
    struct built b;
    struct sm *sm;

    (void)state;
    cfg.warp_size = cfg.simd_width = 4;
    four_way_jump_program(&b);
    sm = make(&cfg, &b.p, 2, 2 * cfg.warp_size);
    if (sm_run(sm) != SM_DONE)
        fail_msg("%s", sm->err);
    /* two TBs of two warps; both TBs store at args[tid] */
    for (unsigned t = 0; t < 2 * cfg.warp_size; t++) {
        uint32_t v;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 * t,
                                        &v, 4), 0);
        assert_int_equal(v, 10 + t % 4);
    }
    sm_destroy(sm);
}

static void schedulers_sharing_one_simd_group_take_turns(void **state)
{
    struct simt_config cfg = timing_config(RECONV_SBR);
    struct built b;
    struct sm *sm;
    uint64_t issued[CONFIG_MAX_SCHEDULERS] = { 0 };

    (void)state;
    cfg.simd_groups = 1;                    /* the schedulers share it */
    cfg.alu_latency = 1;
    /* four warps, two per scheduler: each could issue every cycle */
    chain_program(&b, CHAIN_INDEPENDENT, 12);
    sm = make(&cfg, &b.p, 1, 4 * cfg.warp_size);
    while (sm->status == SM_RUNNING) {
        uint64_t before = sm->st.warp_insns, cycle = sm->st.cycles;
        uint64_t mem = lsu_stats(&sm->lsu)->requests, alu;
        sm_cycle(sm);
        /* one group: at most one warp-instruction a cycle goes to it (the
         * stores go to the load/store unit), issued by the scheduler whose
         * turn it is */
        alu = sm->st.warp_insns - before
              - (lsu_stats(&sm->lsu)->requests - mem);
        assert_in_range(alu, 0, 1);
        if (alu == 1 && sm->st.warp_insns - before == 1) {
            assert_int_equal(sm->rec.sched, cycle % cfg.schedulers);
            issued[sm->rec.sched]++;
        }
    }
    assert_int_equal(sm->status, SM_DONE);
    for (unsigned s = 0; s < cfg.schedulers; s++)
        assert_true(issued[s] > 0);
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

/* Odd and even threads wait at two different barriers: each is a barrier
 * that some live threads skip, an error in every mode, naming the TB, the
 * warps, their lanes and the barriers' PCs (sbr: the barrier in divergent
 * code). */
static void threads_at_different_barriers_stop_every_mode(void **state)
{
    static const enum reconvergence m[] = { RECONV_HARP, RECONV_MINPC,
                                            RECONV_ICS_FIRST };
    struct built b;

    (void)state;
    split_barrier_program(&b);
    for (unsigned i = 0; i < 3; i++) {
        struct simt_config cfg = tiny_mode(m[i], SCHED_MWF_GTO, FETCH_CFF);
        struct sm *sm = make(&cfg, &b.p, 1, 8);
        assert_int_equal(sm_run(sm), SM_ERROR);
        if (!strstr(sm->err, "the barrier of TB 0 cannot complete: its live "
                    "threads wait at different barriers (warp 0 lanes 0x1 at "
                    "PC 0x00010014, warp 0 lanes 0x2 at PC 0x0001000c"))
            fail_msg("%s: %s", config_reconvergence_name(m[i]), sm->err);
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

/* Threads 0 and 1 (warp 0) meet at the barrier and store 2 at args[0];
 * the others exit. */
static void exit_then_barrier_program(struct built *b)
{
    uint32_t p[7];
    unsigned n = 0;
    struct program_branch br = { BASE + 0x08, BASE + 0x18 };

    p[n++] = csrr(5, RV32_CSR_TID);    /* 00 */
    p[n++] = addi(6, 0, 2);            /* 04 */
    p[n++] = branch(6, 5, 6, 8);       /* 08 bltu x5, x6, 0x10 */
    p[n++] = jal(0, 12);               /* 0c -> exit 0x18 */
    p[n++] = BAR;                      /* 10 */
    p[n++] = sw(6, 10, 0);             /* 14 args[0] = 2 */
    p[n++] = EXIT;                     /* 18 */
    build(b, p, n, &br, 1);
}

/* Threads 0 and 1 (warp 0) wait at the barrier at once; the others load
 * a word of global memory, use it and exit: the exited warps arrive at
 * the barrier after the load's latency, in cycles that are otherwise
 * quiet. */
static void load_exit_barrier_program(struct built *b)
{
    uint32_t p[9];
    unsigned n = 0;
    struct program_branch br = { BASE + 0x08, BASE + 0x20 };

    p[n++] = csrr(5, RV32_CSR_TID);    /* 00 */
    p[n++] = addi(6, 0, 2);            /* 04 */
    p[n++] = branch(6, 5, 6, 16);      /* 08 bltu x5, x6, 0x18 */
    p[n++] = lw(7, 10, 0);             /* 0c */
    p[n++] = add(7, 7, 7);             /* 10 waits for the load */
    p[n++] = jal(0, 12);               /* 14 -> exit 0x20 */
    p[n++] = BAR;                      /* 18 */
    p[n++] = sw(6, 10, 0);             /* 1c args[0] = 2 */
    p[n++] = EXIT;                     /* 20 */
    build(b, p, n, &br, 1);
}

/* Threads 2 and 3 (warp 1) exit, threads 0 and 1 meet at the barrier and
 * store: the exited warp does not hold the barrier, in any mode. */
static void a_barrier_after_some_warps_exited_waits_for_the_live_ones(void **state)
{
    struct built b;

    (void)state;
    exit_then_barrier_program(&b);
    for (unsigned m = 0; m < 4; m++) {
        struct simt_config cfg = tiny_mode((enum reconvergence)m, SCHED_LRR,
                                           FETCH_LRR);
        struct sm *sm = make(&cfg, &b.p, 1, 4);
        uint32_t v = 0;

        if (sm_run(sm) != SM_DONE)
            fail_msg("%s: %s", config_reconvergence_name(cfg.reconvergence),
                     sm->err);
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE, &v, 4), 0);
        assert_int_equal(v, 2);
        sm_destroy(sm);
    }
}

static void an_illegal_instruction_names_pc_and_thread(void **state)
{
    uint32_t p[] = { addi(5, 0, 1), 0xffffffffu, EXIT };
    struct built b;

    (void)state;
    build(&b, p, 3, NULL, 0);
    expect_error(&b.p, 1, 2, 1000, "illegal instruction 0xffffffff");
    expect_error(&b.p, 1, 2, 1000, "kernel hand-built: thread 0 of TB 0 "
                 "(warp 0, lane 0) at PC 0x00010004: illegal instruction");
    /* the fault report ends with the thread's registers: t0 = 1 */
    expect_error(&b.p, 1, 2, 1000, "\n  ra=00000000 sp=30001000 gp=00000000 "
                 "tp=00000000 t0=00000001 t1=00000000");
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
    if (!strstr(sm->err, what) || strncmp(sm->err, "kernel hand-built: ", 19))
        fail_msg("expected the kernel, then '%s' in: %s", what, sm->err);
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
                      "thread 0 of TB 0 (warp 0, lane 0) at PC 0x00010004: "
                      "invariant broken at cycle 6: the thread is live but in "
                      "no place (lost)");
}

static void the_invariant_check_finds_a_thread_in_two_states(void **state)
{
    (void)state;
    corrupt_and_check(RECONV_ICS_FIRST, lane0_ready_and_at_barrier,
                      "thread 0 of TB 0 (warp 0, lane 0) at PC 0x00010004: "
                      "invariant broken at cycle 6: the thread is in 2 places");
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
                      "warp slot 0 lane 0: invariant broken at cycle 6: it "
                      "holds no thread but is in ");
}

static void the_invariant_check_finds_a_minpc_thread_without_a_pc(void **state)
{
    (void)state;
    corrupt_and_check(RECONV_MINPC, lane0_pc_outside_the_text,
                      "thread 0 of TB 0 (warp 0, lane 0) at PC 0x00000000: "
                      "invariant broken at cycle 6: the thread is live but in "
                      "no place (lost)");
}

/* One warp alone runs a divergent branch: x5 = tid; the odd lane runs
 * `odd` independent instructions, the first x11 = 100, the even one
 * `even`, the first x11 = 200 (1 <= odd, even <= 8); both meet at the
 * join and store x11 + tid at args[tid]. */
static void lone_branch_program(struct built *b, unsigned odd, unsigned even)
{
    uint32_t p[MAXW];
    unsigned n = 0, br, join;

    assert_true(odd + even + 12 <= MAXW);
    p[n++] = csrr(5, RV32_CSR_TID);
    p[n++] = addi(7, 0, 0);
    p[n++] = andi(6, 5, 1);
    br = n;
    p[n++] = branch(0, 6, 0, (int32_t)(4 * (odd + 2)));  /* beq -> even */
    for (unsigned i = 0; i < odd; i++)
        p[n++] = addi(11 + i % 8, 0, (int32_t)(100 + i));
    p[n++] = jal(0, (int32_t)(4 * (even + 1)));           /* -> join */
    for (unsigned i = 0; i < even; i++)
        p[n++] = addi(11 + i % 8, 0, (int32_t)(200 + i));
    join = n;
    p[n++] = add(7, 11, 5);
    p[n++] = slli(8, 5, 2);
    p[n++] = add(8, 8, 10);
    p[n++] = sw(7, 8, 0);
    p[n++] = EXIT;
    build(b, p, n, &(struct program_branch){ BASE + 4 * br, BASE + 4 * join },
          1);
}

struct lone_run {
    uint64_t cycles, commits;
};

/* Cycles of one warp alone running the branch with `stages` RBT stages
 * (timing_config: no turns for the SIMD group), stores checked. */
static uint64_t lone_branch_cycles(unsigned stages, unsigned odd,
                                   unsigned even)
{
    struct built b;
    struct simt_config cfg = timing_config(RECONV_HARP);
    struct sm *sm;
    uint64_t cycles;

    cfg.rbt_pipeline_stages = stages;
    lone_branch_program(&b, odd, even);
    sm = make(&cfg, &b.p, 1, cfg.warp_size);
    if (sm_run(sm) != SM_DONE)
        fail_msg("rbt_pipeline_stages = %u: %s", stages, sm->err);
    for (unsigned t = 0; t < cfg.warp_size; t++) {
        uint32_t v;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 * t,
                                        &v, 4), 0);
        assert_int_equal(v, (t & 1 ? 100 : 200) + t);
    }
    cycles = sm->st.cycles;
    sm_destroy(sm);
    return cycles;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* A commit holds its warp P - 1 cycles in the RBT's pipeline: one warp
 * alone issues its independent instructions P cycles apart, or as far
 * apart as the front end lets it with one stage (measured), whichever is
 * longer. */
static void a_lone_warp_issues_once_per_rbt_pipeline_stages(void **state)
{
    struct simt_config cfg = timing_config(RECONV_HARP);
    uint64_t gap1;

    (void)state;
    gap1 = chain_cycles(&cfg, CHAIN_INDEPENDENT, 12)
           - chain_cycles(&cfg, CHAIN_INDEPENDENT, 8);
    assert_int_equal(gap1 % 4, 0);
    for (unsigned stages = 2; stages <= 4; stages *= 2) {
        uint64_t c8, c12;
        cfg.rbt_pipeline_stages = stages;
        c8 = chain_cycles(&cfg, CHAIN_INDEPENDENT, 8);
        c12 = chain_cycles(&cfg, CHAIN_INDEPENDENT, 12);
        assert_int_equal(c12 - c8, 4 * max_u64(gap1 / 4, stages));
    }
}

/* After a divergent branch the two sides hold two First-Level slots and
 * issue in turn: one side issues while the other's commit is in the
 * RBT's pipeline.  A pair of added instructions (one a side) costs what
 * it costs with one stage, or P cycles, whichever is longer: a two-stage
 * RBT is hidden, a four-stage one is not. */
static void a_divergent_warps_sides_hide_each_others_rbt_latency(void **state)
{
    uint64_t pair1 = lone_branch_cycles(1, 4, 5) - lone_branch_cycles(1, 3, 4);

    (void)state;
    for (unsigned stages = 2; stages <= 4; stages *= 2) {
        uint64_t pair = lone_branch_cycles(stages, 4, 5)
                        - lone_branch_cycles(stages, 3, 4);
        assert_int_equal(pair, max_u64(pair1, stages));
    }
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
        cmocka_unit_test(threads_at_different_barriers_stop_every_mode),
        cmocka_unit_test(ics_first_priorities_from_the_table_keep_the_result),
        cmocka_unit_test(an_ics_first_level_beyond_the_configured_ones_is_an_error),
        cmocka_unit_test(the_trace_has_one_line_per_issued_warp_instruction),
        cmocka_unit_test(a_barrier_after_some_warps_exited_waits_for_the_live_ones),
        cmocka_unit_test(an_illegal_instruction_names_pc_and_thread),
        cmocka_unit_test(a_misaligned_store_names_the_address),
        cmocka_unit_test(a_store_outside_memory_names_the_address),
        cmocka_unit_test(a_loop_forever_stops_at_the_cycle_limit),
        cmocka_unit_test(the_invariant_check_finds_a_thread_lost_from_its_stack),
        cmocka_unit_test(the_invariant_check_finds_a_thread_in_two_states),
        cmocka_unit_test(the_invariant_check_finds_harp_tables_holding_a_retired_warp),
        cmocka_unit_test(the_invariant_check_finds_a_minpc_thread_without_a_pc),
        cmocka_unit_test(a_lone_warp_issues_once_per_rbt_pipeline_stages),
        cmocka_unit_test(a_divergent_warps_sides_hide_each_others_rbt_latency),
        cmocka_unit_test(each_dependent_alu_instruction_costs_the_alu_latency),
        cmocka_unit_test(each_dependent_multiply_costs_the_multiply_latency),
        cmocka_unit_test(a_warp_wider_than_the_simd_width_holds_its_group_longer),
        cmocka_unit_test(schedulers_sharing_one_simd_group_take_turns),
        cmocka_unit_test(an_indirect_jump_to_four_places_without_an_rpc_runs_under_harp),
        cmocka_unit_test(a_thread_off_the_running_path_is_counted_as_waiting),
        cmocka_unit_test(harp_warps_wait_on_global_loads_in_the_waiting_lookup),
        cmocka_unit_test(a_harp_load_kept_in_first_level_costs_what_it_costs_under_sbr),
        cmocka_unit_test(harp_warps_go_to_the_waiting_lookup_on_the_loads_the_key_names),
        cmocka_unit_test(every_scheduler_cycle_is_an_issue_or_one_stall),
        cmocka_unit_test(a_warp_waiting_at_the_barrier_for_a_slower_one_stalls_on_it),
        cmocka_unit_test(tbs_are_placed_up_to_the_tb_and_shared_memory_limits),
        cmocka_unit_test(a_tb_beyond_the_shared_memory_is_refused),
        cmocka_unit_test(a_load_that_hits_holds_its_reader_for_the_l1_latency),
        cmocka_unit_test(a_harp_load_that_hits_costs_the_l1_latency_and_two_transitions),
        cmocka_unit_test(cycles_counted_at_once_count_as_cycles_run_one_by_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
