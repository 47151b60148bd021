/*
 * test_sm_timing.c -- the SM's timing on hand-built programs
 * (tests/unit/sm_rig.h; docs/sm-timing.md): the latencies of the SIMD groups
 * and the L1, harp's Waiting-Lookup and pipelined RBT, TB placement up to
 * the occupancy limits, the stall counts, and the cycles counted at once
 * being those run one by one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "ics_first.h"
#include "sm.h"
#include "sm_rig.h"
#include "test_load.h"

static void load_exit_barrier_program(struct built *b);

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
        uint32_t v = 0;
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
        for (unsigned k = 0; k < 6; k++) {
            struct simt_config cfg = timing_config(modes[m]);
            struct built b;

            cfg.scheduler = scheds[k % 3];
            cfg.operand_read_cycles = k / 3;   /* without and with the
                                                * operand-read stage */
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
            n += sm_tb_read(sm, t, 0).valid;
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
        uint32_t v = 0;
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
        uint32_t v = 0;
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
        uint32_t v = 0;
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
        uint32_t v = 0;
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
        cmocka_unit_test(a_lone_warp_issues_once_per_rbt_pipeline_stages),
        cmocka_unit_test(a_divergent_warps_sides_hide_each_others_rbt_latency),
        cmocka_unit_test(each_dependent_alu_instruction_costs_the_alu_latency),
        cmocka_unit_test(each_dependent_multiply_costs_the_multiply_latency),
        cmocka_unit_test(a_warp_wider_than_the_simd_width_holds_its_group_longer),
        cmocka_unit_test(schedulers_sharing_one_simd_group_take_turns),
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
