/*
 * test_sm_checks.c -- what the SM refuses and reports on hand-built
 * programs (tests/unit/sm_rig.h): an illegal instruction, a misaligned or
 * outside access, a loop past the cycle limit, and the system invariant
 * (each live thread in exactly one place) catching a corrupted state
 * under each mode.
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
    sm->ws.slot[0].resident = false;   /* the register corrupted */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_illegal_instruction_names_pc_and_thread),
        cmocka_unit_test(a_misaligned_store_names_the_address),
        cmocka_unit_test(a_store_outside_memory_names_the_address),
        cmocka_unit_test(a_loop_forever_stops_at_the_cycle_limit),
        cmocka_unit_test(the_invariant_check_finds_a_thread_lost_from_its_stack),
        cmocka_unit_test(the_invariant_check_finds_a_thread_in_two_states),
        cmocka_unit_test(the_invariant_check_finds_harp_tables_holding_a_retired_warp),
        cmocka_unit_test(the_invariant_check_finds_a_minpc_thread_without_a_pc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
