/*
 * simd_group.h -- the SM's SIMD groups: where an issued warp-instruction
 * executes, for how long it holds its group, and when its result is back.
 *
 * The SM has simd_groups groups of simd_width lanes, each with an ALU, a
 * multiplier and a divider.  With at least as many groups as warp
 * schedulers, scheduler s owns the groups j with j % schedulers == s and
 * issues onto the first free one.  With fewer groups than schedulers,
 * scheduler s uses group s % simd_groups, and the schedulers sharing a
 * group take turns cycle by cycle (the k-th of them on the cycles c with
 * c % sharers == k), so that none can starve another.
 *
 * A warp wider than its group runs as warp_size / simd_width sub-warps
 * one after the other (multi-core SIMT 3.4, temporal sub-warps): it holds
 * the group for that many cycles (the occupancy), one for a warp no wider
 * than the group.  Its result is back `latency` cycles after its last
 * sub-warp entered: alu_latency, mul_latency or div_latency by the
 * operation class.  The units are pipelined: the group takes the next
 * warp-instruction once the last sub-warp has entered, whatever the
 * class, so a divide holds its group no longer than an add (the divider's
 * iterations show only in its latency).  Loads, stores and atomics do
 * not enter a SIMD group: they go to the load/store unit (golden/structures/lsu.h),
 * which decides when their results are back.
 *
 * Ports (struct simd_group_in / simd_group_out), one cycle:
 *
 *   now            the cycle (the model's clock, below)
 *   issue[s]       scheduler s issues a warp-instruction of class op onto
 *                  its group this cycle (valid, op); only when accept[s]
 *   accept[s]      a group of scheduler s takes a warp-instruction this
 *                  cycle (free, and its turn), and group[s] is that group
 *   due[op]        the first cycle from which the result of class op
 *                  issued this cycle may be read (for the scoreboard)
 *   busy           groups with a sub-warp in them this cycle: those still
 *                  running and those the issue ports enter
 *
 * Cycle protocol: accept, group and due come from the state and now; busy
 * also from the issue ports.  simd_group_step() is the clock edge: each
 * issued group's busy counter loads the sub-warps it has still to take
 * (occupancy - 1; the first entered in the cycle of issue), and a busy
 * counter counts down by one every cycle: a group is free when its
 * counter is 0.
 *
 * The model's clock: the state holds for each group the cycle from which
 * it is free rather than its busy counter (the occupancy left), so that
 * the SM can pass over cycles in which nothing happens (sm_run());
 * simd_group_next_change() says when an answer changes.  The module
 * holds the counter (simd_group_state_bits()).
 */
#ifndef SIMTREF_SIMD_GROUP_H
#define SIMTREF_SIMD_GROUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { SIMD_GROUP_MAX_GROUPS = 16 };

/* The operation class of a warp-instruction: the unit whose latency
 * delays its dependents.  ORDER OP: latency[] below. */
enum simd_group_op { SIMD_GROUP_ALU, SIMD_GROUP_MUL, SIMD_GROUP_DIV,
                     SIMD_GROUP_OPS };

struct simd_group_geometry {
    unsigned groups;            /* simd_groups */
    unsigned schedulers;        /* warp schedulers */
    unsigned occupancy;         /* sub-warps: cycles a warp holds a group */
    unsigned latency[SIMD_GROUP_OPS];   /* ORDER OP: cycles from the last
                                   sub-warp's entry to the result */
    unsigned count_w;           /* bits of a group's busy counter: it
                                   holds occupancy - 1 (one bit at least) */
};

struct simd_group_issue {
    bool valid;                 /* a warp-instruction enters the group */
    enum simd_group_op op;      /* its class */
};

struct simd_group_in {
    uint64_t now;               /* this cycle */
    struct simd_group_issue issue[CONFIG_MAX_SCHEDULERS]; /* per scheduler */
};

struct simd_group_out {
    bool accept[CONFIG_MAX_SCHEDULERS];     /* a group of scheduler s is
                                               free and its turn */
    unsigned group[CONFIG_MAX_SCHEDULERS];  /* ... that group */
    uint64_t due[SIMD_GROUP_OPS];   /* a result of each class issued this
                                       cycle is readable from then */
    unsigned busy;              /* groups with a sub-warp this cycle */
    bool err;                   /* an issue port without accept */
};

struct simd_group {
    struct simd_group_geometry g;
    uint64_t free_at[SIMD_GROUP_MAX_GROUPS];  /* first cycle each group
                                   takes a new warp-instruction */
};

void simd_group_geometry(const struct simt_config *cfg,
                         struct simd_group_geometry *g);
int simd_group_check(const struct simd_group_geometry *g, char *msg,
                     size_t msglen);
int simd_group_init(struct simd_group *m, const struct simt_config *cfg,
                    char *msg, size_t msglen);
void simd_group_reset(struct simd_group *m);
void simd_group_eval(const struct simd_group *m,
                     const struct simd_group_in *in,
                     struct simd_group_out *out);
void simd_group_step(struct simd_group *m, const struct simd_group_in *in);
/* A busy counter per group. */
unsigned long simd_group_state_bits(const struct simd_group_geometry *g);

/* The first cycle after now at which accept or busy may answer otherwise
 * than at now (now + 1 when schedulers take turns at a shared group), or
 * UINT64_MAX. */
uint64_t simd_group_next_change(const struct simd_group *m, uint64_t now);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SIMD_GROUP_H */
