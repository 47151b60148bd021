/*
 * test_sm_operand_read.c -- the SM's operand-read stage
 * (operand_read_cycles = 1, docs/sm-timing.md): a warp granted in one
 * cycle executes in the next, is not granted again before it has, and
 * the dependent instructions keep the latencies' spacing; other warps of
 * the scheduler fill the cycle it waits; every cycle is still an issue
 * or one stall.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "sm.h"
#include "sm_rig.h"

static const enum reconvergence modes[] = { RECONV_SBR, RECONV_HARP,
                                            RECONV_MINPC, RECONV_ICS_FIRST };

/* The timing configuration of mode m with the stage or without it. */
static struct simt_config config_of(enum reconvergence m, unsigned stage)
{
    struct simt_config cfg = timing_config(m);

    cfg.operand_read_cycles = stage;
    cfg.ibuffer_slots = 4;  /* the fetch keeps a lone warp's I-buffer
                             * ahead of one issue a cycle */
    return cfg;
}

/* The cycle in which the first warp-instruction of one warp's chain
 * executes. */
static uint64_t first_execution(const struct simt_config *cfg)
{
    struct built b;
    struct sm *sm;
    uint64_t at;

    chain_program(&b, CHAIN_INDEPENDENT, 4);
    sm = make(cfg, &b.p, 1, cfg->warp_size);
    while (sm->status == SM_RUNNING && sm->st.warp_insns == 0)
        sm_cycle(sm);
    assert_int_equal(sm->status, SM_RUNNING);
    at = sm->st.cycles - 1;
    sm_destroy(sm);
    return at;
}

static void the_first_instruction_executes_a_cycle_after_its_grant(
    void **state)
{
    (void)state;
    for (unsigned i = 0; i < 4; i++) {
        struct simt_config at_grant = config_of(modes[i], 0);
        struct simt_config staged = config_of(modes[i], 1);

        assert_int_equal(first_execution(&staged),
                         first_execution(&at_grant) + 1);
    }
}

static void a_dependent_instruction_still_waits_the_alu_latency(void **state)
{
    (void)state;
    for (unsigned i = 0; i < 4; i++) {
        struct simt_config cfg = config_of(modes[i], 1);
        uint64_t c8 = chain_cycles(&cfg, CHAIN_ADDI, 8);
        uint64_t c12 = chain_cycles(&cfg, CHAIN_ADDI, 12);

        assert_int_equal(c12 - c8, 4 * cfg.alu_latency);
    }
}

static void a_dependent_multiply_still_waits_the_multiply_latency(
    void **state)
{
    struct simt_config cfg = config_of(RECONV_SBR, 1);
    uint64_t c8, c12;

    (void)state;
    c8 = chain_cycles(&cfg, CHAIN_MUL, 8);
    c12 = chain_cycles(&cfg, CHAIN_MUL, 12);
    assert_int_equal(c12 - c8, 4 * cfg.mul_latency);
}

/* The cycles 4 more independent instructions of `per_sched` warps on
 * each scheduler take. */
static uint64_t four_more(const struct simt_config *cfg, unsigned per_sched)
{
    unsigned warps = per_sched * cfg->schedulers;

    return chain_cycles_of(cfg, CHAIN_INDEPENDENT, 12, warps)
           - chain_cycles_of(cfg, CHAIN_INDEPENDENT, 8, warps);
}

/* A lone warp issues every other cycle: it is in the stage in the cycle
 * after its grant.  Under ics-first a warp waits a cycle after it
 * executed anyway (its commit register applies the instruction's
 * priority action, docs/rtl-stages.md), and the stage adds its cycle to
 * that one. */
static void a_lone_warp_issues_independent_instructions_every_other_cycle(
    void **state)
{
    (void)state;
    for (unsigned i = 0; i < 4; i++) {
        struct simt_config at_grant = config_of(modes[i], 0);
        struct simt_config staged = config_of(modes[i], 1);
        unsigned commit = modes[i] == RECONV_ICS_FIRST;

        assert_int_equal(at_grant.warp_size, at_grant.simd_width);
        assert_int_equal(four_more(&at_grant, 1), 4 * (1 + commit));
        assert_int_equal(four_more(&staged, 1), 4 * (2 + commit));
    }
}

/* Two warps on each scheduler take turns: the stage costs nothing, but
 * under ics-first, where each warp issues once in three cycles. */
static void two_warps_of_a_scheduler_hide_the_stage(void **state)
{
    (void)state;
    for (unsigned i = 0; i < 4; i++) {
        struct simt_config at_grant = config_of(modes[i], 0);
        struct simt_config staged = config_of(modes[i], 1);

        assert_int_equal(four_more(&at_grant, 2), 8);
        assert_int_equal(four_more(&staged, 2),
                         modes[i] == RECONV_ICS_FIRST ? 12 : 8);
    }
}

static void every_scheduler_cycle_is_an_issue_or_one_stall(void **state)
{
    static const enum chain_kind kinds[] = { CHAIN_ADDI, CHAIN_MUL,
                                             CHAIN_INDEPENDENT };

    (void)state;
    for (unsigned i = 0; i < 4; i++)
        for (unsigned k = 0; k < 3; k++) {
            struct simt_config cfg = config_of(modes[i], 1);
            struct built b;
            struct sm *sm;

            chain_program(&b, kinds[k], 8);
            sm = make(&cfg, &b.p, 1, 3 * cfg.warp_size);
            if (sm_run(sm) != SM_DONE)
                fail_msg("%s", sm->err);
            for (unsigned s = 0; s < cfg.schedulers; s++) {
                uint64_t sum = sm->st.sched[s].warp_insns;

                for (unsigned r = 0; r < SM_STALLS; r++)
                    sum += sm->st.sched[s].stall[r];
                assert_int_equal(sum, sm->st.cycles);
            }
            sm_destroy(sm);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_first_instruction_executes_a_cycle_after_its_grant),
        cmocka_unit_test(a_dependent_instruction_still_waits_the_alu_latency),
        cmocka_unit_test(a_dependent_multiply_still_waits_the_multiply_latency),
        cmocka_unit_test(a_lone_warp_issues_independent_instructions_every_other_cycle),
        cmocka_unit_test(two_warps_of_a_scheduler_hide_the_stage),
        cmocka_unit_test(every_scheduler_cycle_is_an_issue_or_one_stall),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
