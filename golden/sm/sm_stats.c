/*
 * sm_stats.c -- the figures derived from the SM's counts
 * (golden/sm/sm_stats.h).
 */
#include "sm_stats.h"
#include "bits.h"

static const char *const stall_names[SM_STALLS] = {
    "structural", "data", "control", "fetch", "barrier", "exit", "idle"
};                                              /* ORDER SM_STALL */

static const char *const thread_state_names[SM_THREAD_STATES] = {
    "barrier", "dependency", "reconverging", "inactive", "other"
};                                              /* ORDER SM_THREAD */

const char *sm_thread_state_name(enum sm_thread_state s)
{
    return (unsigned)s < SM_THREAD_STATES ? thread_state_names[s] : "?";
}

const char *sm_stall_name(enum sm_stall s)
{
    return (unsigned)s < SM_STALLS ? stall_names[s] : "?";
}

void sm_stats_phase(struct sm_stats *st, const uint64_t *t, unsigned n)
{
    uint64_t max = 0;
    double sum = 0;

    for (unsigned i = 0; i < n; i++)
        max = t[i] > max ? t[i] : max;
    if (n == 0 || max == 0)
        return;
    for (unsigned i = 0; i < n; i++)
        sum += (double)(max - t[i]);
    st->rtru_sum += sum / ((double)n * (double)max);
    st->phases++;
}

void sm_stats_subwarps(struct sm_stats *st, uint64_t mask,
                       unsigned warp_size, unsigned simd_width)
{
    unsigned width = simd_width < warp_size ? simd_width : warp_size;
    uint64_t lanes = width >= 64 ? ~0ull : (1ull << width) - 1;

    for (unsigned base = 0; base < warp_size; base += width) {
        unsigned act = popcount64(mask >> base & lanes);
        if (act) {
            st->subwarps++;
            st->subwarp_lanes += act;
        }
    }
}

double sm_stats_ipc(const struct sm_stats *st)
{
    return st->cycles ? (double)st->warp_insns / (double)st->cycles : 0;
}

double sm_stats_thread_ipc(const struct sm_stats *st)
{
    return st->cycles ? (double)st->thread_insns / (double)st->cycles : 0;
}

double sm_stats_lane_activity(const struct sm_stats *st, unsigned simd_width)
{
    return st->subwarps ? (double)st->subwarp_lanes
                          / ((double)st->subwarps * simd_width) : 0;
}

double sm_stats_depth_utilization(const struct sm_stats *st)
{
    return st->cycles ? (double)st->busy_cycles / (double)st->cycles : 0;
}

double sm_stats_rtru(const struct sm_stats *st)
{
    return st->phases ? st->rtru_sum / (double)st->phases : 0;
}

void sm_stats_repeat(struct sm_stats *st, const struct sm_stats *before,
                     uint64_t n)
{
    st->cycles += n * (st->cycles - before->cycles);
    st->busy_cycles += n * (st->busy_cycles - before->busy_cycles);
    for (unsigned k = 0; k < SM_THREAD_STATES; k++)
        st->idle_threads[k] += n * (st->idle_threads[k]
                                    - before->idle_threads[k]);
    for (unsigned s = 0; s < CONFIG_MAX_SCHEDULERS; s++) {
        struct sm_sched_stats *a = &st->sched[s];
        const struct sm_sched_stats *b = &before->sched[s];
        for (unsigned r = 0; r < SM_STALLS; r++)
            a->stall[r] += n * (a->stall[r] - b->stall[r]);
        a->second_level += n * (a->second_level - b->second_level);
    }
}
