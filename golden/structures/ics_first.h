/*
 * ics_first.h -- the ICS-First priority-based warp PC arbiter of the
 * multi-core SIMT paper ("Enabling SIMT Execution Model on Homogeneous
 * Multi-Core", sections 3.2, 3.3 and 4.3, Fig. 3, 4, 8 and 9, eq. 4-5),
 * for the K threads of one warp (K = warp_size) and N priority levels
 * (N = ics_priority_levels).
 *
 * Per thread (wt_k, k = 0..K-1; eq. 4 maps a core's CPU thread t(i,j) to
 * k, which is outside this module):
 *
 *   state     the four-state bit vector of the thread descriptor (Fig. 3),
 *             one-hot: bit 0 Idle (I), bit 1 Ready (R), bit 2 Execution
 *             (E), bit 3 Barrier (B);
 *   priority  an N-bit one-hot vector (section 4.3: "each bit indicates a
 *             priority level"), bit n = level n.  Level 0 is the outmost
 *             (lowest) priority, level N-1 the highest.
 *
 * Our reading of the paper:
 *
 *  - State transitions (Fig. 4 and section 3.2).  Idle -> Ready when a
 *    work-item is assigned (assign[k]); the priority is then the outmost
 *    level, the default of a thread "not entering any conditional
 *    statements".  Ready -> Execution when the warp is scheduled
 *    (issue) and the thread is one of those that execute the warp
 *    instruction (exec, below).  Execution -> (when its instruction
 *    commits, commit[k], by the kind of instruction commit_op):
 *      NORMAL   Ready
 *      BARRIER  Barrier
 *      EXIT     Idle ("a thread exit instruction")
 *      RAISE    Ready, priority one level up   (raise-the-priority)
 *      LOWER    Ready, priority one level down (lower-the-priority)
 *      OUTMOST  Ready, priority level 0        (set-outmost-priority)
 *    The priority-setting operations are instructions (section 4.2:
 *    co-processor MCR instructions) that the committing threads apply to
 *    their own descriptors.  Barrier -> Ready when all the associated
 *    threads have reached the barrier (release, from the work-group).
 *  - "Active" (R in eq. 5) is the Ready state: ATV-P_n[k] =
 *    I'.E'.R.B'.P_n, exactly eq. 5, so only Ready threads compete.
 *  - Fig. 9 selects "the highest priority WTID using a one-hot bit
 *    vector": the highest level n whose ATV-P_n is not empty, and in it
 *    the thread of smallest k (a priority encoder; the paper does not say
 *    which thread of the level, any one of them gives the same warp PC
 *    when the level's threads have converged).  The warp PC is that
 *    thread's PC.
 *  - The threads that execute when the warp issues (exec): the Ready
 *    threads of the selected level whose PC equals the warp PC (section
 *    3.3: "a warp PC to use for the ready-state threads").
 *  - A warp is ready to run (section 3.3) when its threads are Ready or
 *    Barrier (or Idle), at least one Ready: no thread in Execution.
 *
 * Ports of the generated module simtref_ics_first (outputs combinational
 * in the state and this cycle's inputs):
 *
 *   assign[k], issue, commit[k], commit_op (3 bits), release, pc[k]
 *   state_o[k] (4 bits), prio_o[k] (N bits)   the descriptors
 *   atv_o[n] (K bits per level)               eq. 5
 *   sel_o (K bits, one-hot or 0)              Fig. 9's WTID
 *   warp_pc_o                                 PC of the selected thread (0 if none)
 *   exec_o (K bits)                           threads that execute on issue
 *   ready_to_run_o, all_barrier_o (every non-Idle thread in Barrier, one at
 *   least)
 *   err_o      input contract broken: assign to a thread not Idle, commit
 *              of a thread not in Execution, commit_op 6 or 7 with a
 *              commit, RAISE at level N-1 or LOWER at level 0, issue of a
 *              warp not ready to run, release when not all_barrier.
 *              The step stays deterministic: a transition applies only
 *              from its source state, RAISE at the top and LOWER at the
 *              bottom keep the level, op 6 and 7 act as NORMAL.
 *
 * Reset (asynchronous): every thread Idle at level 0.
 */
#ifndef SIMTREF_ICS_FIRST_H
#define SIMTREF_ICS_FIRST_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { ICS_FIRST_MAX_THREADS = 64, ICS_FIRST_MAX_LEVELS = 32 };

/* The one-hot thread states (bits of state). */
enum ics_first_state {
    ICS_FIRST_IDLE = 1, ICS_FIRST_READY = 2, ICS_FIRST_EXEC = 4, ICS_FIRST_BARRIER = 8
};

enum ics_first_commit_op {
    ICS_FIRST_NORMAL = 0, ICS_FIRST_BARRIER_OP = 1, ICS_FIRST_EXIT = 2,
    ICS_FIRST_RAISE = 3, ICS_FIRST_LOWER = 4, ICS_FIRST_OUTMOST = 5
};

struct ics_first_geometry {
    unsigned threads;   /* K = warp_size */
    unsigned levels;    /* N = ics_priority_levels */
    unsigned pc_w;      /* pc_bits */
};

struct ics_first_in {
    uint64_t assign;                    /* bit k: thread k */
    bool     issue;
    uint64_t commit;
    unsigned commit_op;                 /* enum ics_first_commit_op, 3 bits */
    bool     release;
    uint64_t pc[ICS_FIRST_MAX_THREADS];
};

struct ics_first_out {
    unsigned state[ICS_FIRST_MAX_THREADS];    /* one-hot enum ics_first_state */
    uint32_t prio[ICS_FIRST_MAX_THREADS];     /* one-hot, bit n = level n */
    uint64_t atv[ICS_FIRST_MAX_LEVELS];       /* ATV-P_n, bit k = thread k */
    uint64_t sel;                       /* one-hot WTID, 0 when none */
    uint64_t warp_pc;
    uint64_t exec;
    bool     ready_to_run;
    bool     all_barrier;
    bool     err;
};

struct ics_first {
    struct ics_first_geometry g;
    unsigned state[ICS_FIRST_MAX_THREADS];
    uint32_t prio[ICS_FIRST_MAX_THREADS];
};

void ics_first_geometry(const struct simt_config *cfg, struct ics_first_geometry *g);
/* The contract of model.h: sizes from cfg, checked, then reset. */
int ics_first_check(const struct ics_first_geometry *g, char *msg, size_t msglen);
int ics_first_init(struct ics_first *m, const struct simt_config *cfg,
                   char *msg, size_t msglen);
void ics_first_reset(struct ics_first *s);
void ics_first_eval(const struct ics_first *s, const struct ics_first_in *in, struct ics_first_out *out);
void ics_first_step(struct ics_first *s, const struct ics_first_in *in);
/* The outputs ready_to_run and all_barrier of ics_first_eval(), which
 * depend on the state alone, without evaluating the others. */
bool ics_first_ready_to_run(const struct ics_first *s);
bool ics_first_all_barrier(const struct ics_first *s);

/* Flip-flops: K x (4 state bits + N priority bits). */
unsigned long ics_first_state_bits(const struct ics_first_geometry *g);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_ICS_FIRST_H */
