/*
 * test_sm_stats.c -- the figures of the papers come out of the SM's counts
 * as their equations say (HARP eq. 1 and 2, BAWS eq. 1).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sm_stats.h"

static void rtru_is_the_mean_of_each_phases_idle_share(void **state)
{
    struct sm_stats st;
    const uint64_t even[3] = { 7, 7, 7 };
    const uint64_t skew[4] = { 10, 5, 10, 5 };

    (void)state;
    memset(&st, 0, sizeof st);
    sm_stats_phase(&st, even, 3);            /* balanced: 0 */
    assert_int_equal(st.phases, 1);
    assert_true(sm_stats_rtru(&st) == 0.0);
    /* (0 + 5 + 0 + 5) / (4 x 10) = 0.25; the mean of 0 and 0.25 */
    sm_stats_phase(&st, skew, 4);
    assert_int_equal(st.phases, 2);
    assert_true(sm_stats_rtru(&st) > 0.125 - 1e-12
                && sm_stats_rtru(&st) < 0.125 + 1e-12);
    /* a phase without warps is not one */
    sm_stats_phase(&st, skew, 0);
    assert_int_equal(st.phases, 2);
}

static void lane_activity_counts_only_sub_warps_with_an_active_lane(void **state)
{
    struct sm_stats st;
    double act;

    (void)state;
    memset(&st, 0, sizeof st);
    /* a warp of 4 on 2 lanes: lanes 0-1 (2 active), 2-3 (lane 3) */
    sm_stats_subwarps(&st, 0xb, 4, 2);
    assert_int_equal(st.subwarps, 2);
    assert_int_equal(st.subwarp_lanes, 3);
    /* lanes 2-3 only: the first sub-warp has no active lane */
    sm_stats_subwarps(&st, 0xc, 4, 2);
    assert_int_equal(st.subwarps, 3);
    assert_int_equal(st.subwarp_lanes, 5);
    act = sm_stats_lane_activity(&st, 2);    /* 5 / (3 x 2) */
    assert_true(act > 5.0 / 6 - 1e-12 && act < 5.0 / 6 + 1e-12);
    /* a warp narrower than the SIMD width is one sub-warp */
    memset(&st, 0, sizeof st);
    sm_stats_subwarps(&st, 0x3, 2, 4);
    assert_int_equal(st.subwarps, 1);
    assert_int_equal(st.subwarp_lanes, 2);
    /* 64 lanes */
    memset(&st, 0, sizeof st);
    sm_stats_subwarps(&st, ~0ull, 64, 64);
    assert_int_equal(st.subwarps, 1);
    assert_int_equal(st.subwarp_lanes, 64);
}

static void depth_utilization_and_ipc_divide_by_the_cycles(void **state)
{
    struct sm_stats st;

    (void)state;
    memset(&st, 0, sizeof st);
    assert_true(sm_stats_depth_utilization(&st) == 0.0);
    assert_true(sm_stats_ipc(&st) == 0.0);
    st.cycles = 8;
    st.busy_cycles = 6;
    st.warp_insns = 4;
    st.thread_insns = 12;
    assert_true(sm_stats_depth_utilization(&st) == 0.75);
    assert_true(sm_stats_ipc(&st) == 0.5);
    assert_true(sm_stats_thread_ipc(&st) == 1.5);
    assert_string_equal(sm_stall_name(SM_STALL_STRUCTURAL), "structural");
    assert_string_equal(sm_stall_name(SM_STALL_IDLE), "idle");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rtru_is_the_mean_of_each_phases_idle_share),
        cmocka_unit_test(lane_activity_counts_only_sub_warps_with_an_active_lane),
        cmocka_unit_test(depth_utilization_and_ipc_divide_by_the_cycles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
