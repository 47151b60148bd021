/*
 * sm_cycle.h -- the wires of one SM cycle (struct sm_cycle_state), which
 * sm.c's stages hand one another, and the probes that record them for
 * the stage testbenches (sm_probe.c).  Private to those two files.
 */
#ifndef SIMTREF_SM_CYCLE_H
#define SIMTREF_SM_CYCLE_H

#include "sm_stage.h"

/*
 * The cycle's wires: what one stage of sm_cycle() hands to a later one
 * (the outputs of the parts' evaluations, the decisions of each
 * scheduler), kept for the clock edge.  Each stage sets the fields it
 * owns before a later one reads them.
 */
struct sm_cycle_state {
    uint64_t now;                      /* the cycle */
    unsigned issue_slots;              /* sm_mode_issue_slots() */
    bool regroups;                     /* harp's slots (sm_mode_regroups()) */
    unsigned launches_pending;         /* sm_launches_pending_of() at the
                                        * cycle's start */
    unsigned placed;                   /* TBs the dispatcher placed */
    struct sm_stats before;            /* the counts at the cycle's start */
    bool quiet;                        /* nothing happens in this cycle */
    struct wpt_in wi;                  /* the WPT's inputs: the arrivals */
    struct wpt_out wo_arr;             /* the WPT's outputs with arrivals */
    const struct wpt_out *wo;          /* the WPT's outputs */
    bool any_arrival;                  /* a warp arrives at a barrier */
    bool any_release;                  /* the WPT releases a TB */
    bool any_exit;                     /* a thread exited */
    unsigned gone_sent[CONFIG_MAX_TBS];  /* exited warps of each TB that
                                        * arrive at its barrier now */
    struct simd_group_in gi;           /* the SIMD groups' inputs */
    struct simd_group_out go;          /* the SIMD groups' outputs */
    bool simd_issued;                  /* an issue port is valid */
    /* per scheduler s: */
    struct scheduler_in si[CONFIG_MAX_SCHEDULERS];  /* its inputs */
    struct scheduler_out so[CONFIG_MAX_SCHEDULERS]; /* its grant */
    struct fetch_in fi[CONFIG_MAX_SCHEDULERS];  /* its fetch unit's inputs */
    struct sm_rc_in ri[CONFIG_MAX_SCHEDULERS];  /* its control-flow
                                        * stage's inputs */
    struct sm_exec_outcome eo[CONFIG_MAX_SCHEDULERS];  /* what it executed */
    int launch[CONFIG_MAX_SCHEDULERS]; /* the warp it launches, or -1 */
    bool yielded[CONFIG_MAX_SCHEDULERS];  /* sbr: the warp at simt.bar
                                        * yielded */
    bool fetched[CONFIG_MAX_SCHEDULERS];  /* its fetch unit fetched ... */
    uint32_t fpc[CONFIG_MAX_SCHEDULERS];  /* ... at this PC ... */
    uint64_t fmask[CONFIG_MAX_SCHEDULERS];  /* ... with this mask ... */
    unsigned fwarp[CONFIG_MAX_SCHEDULERS];  /* ... for this warp */
    bool exited[CONFIG_MAX_SCHEDULERS];   /* its issued warp exited */
    int arrive[CONFIG_MAX_SCHEDULERS];    /* the warp that arrives at its
                                        * barrier, or -1 */
    bool release[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS];  /* the
                                        * warps the WPT releases */
    bool group_ok[CONFIG_MAX_SCHEDULERS];  /* a SIMD group takes an issue */
    enum sm_stall why[CONFIG_MAX_SCHEDULERS];  /* the stall, if no issue */
    bool data_hz[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS];  /* a warp
                                        * waits on a register */
    bool any_ready[CONFIG_MAX_SCHEDULERS];  /* a warp of it is ready */
    /* what it executes: the warp it grants now (operand_read_cycles =
     * 0) or the warp of its operand-read stage (struct sm_sched) */
    bool exec_valid[CONFIG_MAX_SCHEDULERS];  /* it executes a warp ... */
    unsigned exec_warp[CONFIG_MAX_SCHEDULERS];  /* ... this one */
    bool op_drop[CONFIG_MAX_SCHEDULERS];  /* the stage's warp is no longer
                                        * issuable: dropped */
    enum sm_stall exec_why[CONFIG_MAX_SCHEDULERS];  /* the stall counted
                                        * when it executes nothing */
};

/* Scheduler s's front end recorded for simtref_sm_front's testbench. */
void sm_probe_front(const struct sm *sm, const struct sm_cycle_state *cy,
                    unsigned s, const struct fetch_out *fo);

/* The issue check's write ports recorded for simtref_sm_issue's. */
void sm_probe_issue_edge(struct sm *sm, const struct sm_cycle_state *cy);

#endif
