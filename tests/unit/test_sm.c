/*
 * test_sm.c -- the SM composed of the structure models runs hand-built
 * programs (tests/unit/sm_rig.h) under every control-flow mode: divergent
 * branches and loops, harp's RBT, indirect jumps, barriers, ICS-First's
 * priorities, the trace.  Its timing is tests/unit/test_sm_timing.c's, its
 * run-time checks tests/unit/test_sm_checks.c's.
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

static uint32_t loop_expected(unsigned tid)
{
    uint32_t sum = 0;
    for (unsigned i = 0; i < tid % 5; i++)
        sum += i & 1 ? i : 2 * i;
    return sum;
}

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
        uint32_t v = 0;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 * i,
                                        &v, 4), 0);
        assert_int_equal(v, loop_expected(i % block));
    }
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
        uint32_t v = 0;
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
        uint32_t v = 0;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 * t,
                                        &v, 4), 0);
        assert_int_equal(v, 10 + t % 4);
    }
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
        uint32_t v = 0;
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
        cmocka_unit_test(an_indirect_jump_to_four_places_without_an_rpc_runs_under_harp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
