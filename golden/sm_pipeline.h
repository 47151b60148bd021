/*
 * sm_pipeline.h -- the SM's SIMD groups: where an issued warp-instruction
 * executes, for how long it holds its group, and when its result is back.
 *
 * The SM has simd_groups groups of simd_width lanes.  With at least as
 * many groups as warp schedulers, scheduler s owns the groups j with j %
 * schedulers == s and issues onto the first free one.  With fewer groups
 * than schedulers, scheduler s uses group s % simd_groups, and the
 * schedulers sharing a group take turns cycle by cycle (the k-th of them
 * on the cycles c with c % sharers == k), so that none can starve another.
 *
 * A warp wider than its group runs as warp_size / simd_width sub-warps
 * one after the other (multi-core SIMT 3.4, temporal sub-warps): it holds
 * the group for that many cycles (the occupancy), one for a warp no wider
 * than the group.  Its result is back `latency` cycles after its last
 * sub-warp entered: alu_latency, mul_latency or div_latency by the
 * instruction (golden/scoreboard.h).  Loads, stores and atomics do not
 * enter a SIMD group: they go to the load/store unit (golden/lsu.h),
 * which decides when their results are back.
 */
#ifndef SIMTREF_SM_PIPELINE_H
#define SIMTREF_SM_PIPELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"
#include "scoreboard.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { SM_PIPE_MAX_GROUPS = 16 };

struct sm_pipeline {
    unsigned groups;            /* simd_groups */
    unsigned schedulers;        /* warp schedulers */
    unsigned occupancy;         /* cycles a warp holds its group */
    unsigned latency[SB_UNITS]; /* ORDER SB_UNIT: cycles until a result is
                                 * back (SB_MEM unused: the LSU's own) */
    uint64_t free_at[SM_PIPE_MAX_GROUPS]; /* first cycle each group takes a
                                 * new warp-instruction */
};

void sm_pipeline_init(struct sm_pipeline *p, const struct simt_config *cfg);
void sm_pipeline_reset(struct sm_pipeline *p);

/* A group scheduler s may issue onto at cycle now: true and *group, or
 * false when all its groups are busy (or not its turn). */
bool sm_pipeline_group(const struct sm_pipeline *p, unsigned s,
                       uint64_t now, unsigned *group);

/* A warp-instruction enters `group` at cycle now; returns the cycle from
 * which its result (of `unit`: SB_ALU, SB_MUL or SB_DIV) may be read. */
uint64_t sm_pipeline_issue(struct sm_pipeline *p, unsigned group,
                           enum sb_unit unit, uint64_t now);

/* Groups executing at cycle now (a sub-warp in them). */
unsigned sm_pipeline_busy(const struct sm_pipeline *p, uint64_t now);

/* The first cycle after now at which sm_pipeline_group() or
 * sm_pipeline_busy() may answer otherwise than at now (now + 1 when
 * schedulers take turns at a shared group), or UINT64_MAX. */
uint64_t sm_pipeline_next_change(const struct sm_pipeline *p, uint64_t now);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SM_PIPELINE_H */
