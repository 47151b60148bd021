/*
 * sm_stats.h -- what the SM counts while it runs (golden/sm/sm.c fills it),
 * and the figures of the papers derived from the counts.
 *
 *   IPC              warp- and thread-instructions per cycle, per SM and
 *                    per scheduler.
 *   lane activity    HARP eq. 2: over the cycles a SIMD group runs a
 *                    sub-warp with at least one active lane (n_issues), the
 *                    active lanes / (n_issues x simd_width).  A warp of
 *                    warp_size threads runs as warp_size / simd_width
 *                    sub-warps; a memory instruction counts as the
 *                    sub-warps that compute its addresses.
 *   depth            HARP eq. 1: 1 - idle cycles / cycles, an idle cycle
 *   utilization      being one in which no SIMD group executes and no
 *                    request enters the load/store unit.
 *   stalls           BAWS 6.3: each cycle a scheduler issues nothing is
 *                    charged to one reason, the first of this order that
 *                    one of its warps shows: structural (its instruction
 *                    is ready but its unit, a SIMD group or the LSU, is
 *                    busy), data (an operand or the destination of one of
 *                    its threads is not ready), control (its I-buffer was
 *                    emptied by a taken branch or a re-convergence and is
 *                    not refilled yet, the control-flow structures hold
 *                    it, or a warp is being launched), fetch (its I-buffer
 *                    holds no ready instruction otherwise), barrier (it
 *                    waits at its TB's barrier), exit (its threads exited
 *                    and its TB still runs: the implicit barrier at the
 *                    end of a TB); idle when the scheduler has no warp.
 *   idle threads     HARP Fig. 5 and 14: in each idle cycle (above),
 *                    the live threads by state (enum sm_thread_state).
 *   RTRU             BAWS eq. 1 per warp-phase (from a TB's start or the
 *                    release of its barrier to the next release or its
 *                    exit): sum(max T - T_i) / (N max T) over the TB's N
 *                    warps, T_i the cycles until warp i arrives (or
 *                    exits); the mean over the phases of the run.
 */
#ifndef SIMTREF_SM_STATS_H
#define SIMTREF_SM_STATS_H

#include <stdint.h>

#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ORDER SM_STALL: the names of sm_stats.c, from the first reason charged
 * to the last. */
enum sm_stall {
    SM_STALL_STRUCTURAL, SM_STALL_DATA, SM_STALL_CONTROL, SM_STALL_FETCH,
    SM_STALL_BARRIER, SM_STALL_EXIT, SM_STALL_IDLE, SM_STALLS
};

/* The state of a live thread during an idle cycle (HARP Fig. 5 and 14),
 * the first that holds: waiting at its TB's barrier; dependency (its
 * warp's instruction waits on an operand, or the thread waits on global
 * memory); waiting at a re-convergence point; inactive on a diverged path
 * not being run; other (ready, or waiting for fetch or a warp slot).
 * ORDER SM_THREAD: the names of sm_stats.c. */
enum sm_thread_state {
    SM_THREAD_BARRIER, SM_THREAD_DEPENDENCY, SM_THREAD_RECONVERGING,
    SM_THREAD_INACTIVE, SM_THREAD_OTHER, SM_THREAD_STATES
};

/* One warp scheduler's counts. */
struct sm_sched_stats {
    uint64_t warp_insns;            /* warp-instructions it issued */
    uint64_t thread_insns;          /* their active lanes */
    uint64_t stall[SM_STALLS];      /* cycles it issued nothing, by reason */
    uint64_t second_level;          /* harp: Second-Level warps, summed
                                     * over the cycles */
};

struct sm_stats {
    uint64_t cycles;
    uint64_t warp_insns;            /* issued warp-instructions */
    uint64_t thread_insns;          /* sum of their active lanes */
    uint64_t tbs_done;
    uint64_t subwarps;              /* HARP eq. 2's n_issues */
    uint64_t subwarp_lanes;         /* ... and the sum of act_thds */
    uint64_t busy_cycles;           /* cycles not idle (HARP eq. 1) */
    uint64_t idle_threads[SM_THREAD_STATES]; /* live threads by state,
                                     * summed over the idle cycles */
    double   rtru_sum;              /* RTRU summed over warp-phases */
    uint64_t phases;                /* warp-phases measured */
    struct sm_sched_stats sched[CONFIG_MAX_SCHEDULERS];
};

/* The name of a stall reason ("structural", ...). */
/* n more cycles like the one that took `before` to st, one in which
 * nothing issued and no structure changed: the counts kept per cycle
 * (cycles, busy cycles, idle threads, stalls, Second-Level occupancy)
 * grow by n times what that cycle added; the others stay. */
void sm_stats_repeat(struct sm_stats *st, const struct sm_stats *before,
                     uint64_t n);

const char *sm_stall_name(enum sm_stall s);

/* The name of a thread state ("dependency", ...). */
const char *sm_thread_state_name(enum sm_thread_state s);

/* Add the warp-phase whose n warps took t[0..n) cycles. */
void sm_stats_phase(struct sm_stats *st, const uint64_t *t, unsigned n);

/* Count an issued warp-instruction of `mask` run as sub-warps of
 * simd_width lanes (warp_size lanes in all). */
void sm_stats_subwarps(struct sm_stats *st, uint64_t mask,
                       unsigned warp_size, unsigned simd_width);

double sm_stats_ipc(const struct sm_stats *st);          /* warp-instr. */
double sm_stats_thread_ipc(const struct sm_stats *st);
double sm_stats_lane_activity(const struct sm_stats *st,
                              unsigned simd_width);      /* 0..1 */
double sm_stats_depth_utilization(const struct sm_stats *st);   /* 0..1 */
double sm_stats_rtru(const struct sm_stats *st);         /* 0..1 */

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SM_STATS_H */
