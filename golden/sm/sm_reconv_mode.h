/*
 * sm_reconv_mode.h -- what a control-flow mode gives the SM's
 * control-flow port (golden/sm/sm_reconv.h): one table of operations, one
 * const instance per mode, defined in the mode's own file.  Only
 * golden/sm/sm_reconv*.c include this header.
 *
 * sm_reconv_init() picks the instance once, from sm_reconv_modes[]
 * indexed by enum reconvergence (ORDER RECONV), and every function of
 * the generic API calls through it.  An operation left NULL has the
 * default its comment gives (the behaviour of a mode that keeps no such
 * state), so a mode writes only what its structures do.
 */
#ifndef SIMTREF_SM_RECONV_MODE_H
#define SIMTREF_SM_RECONV_MODE_H

#include "sm_reconv.h"

struct sm_reconv_ops {
    /* Whether the scheduler's warps are slots that regroup threads
     * (sm_reconv_regroups()). */
    bool regroups;
    /* Whether a thread at simt.bar waits on its own, so that a warp
     * arrives when all its live threads wait (sm_reconv_barrier_by_state()). */
    bool barrier_by_state;
    /* Allocate and check the mode's structures (rc's common fields are
     * set); the error names the configuration. */
    int (*init)(struct sm_reconv *rc, const struct simt_config *cfg,
                char *err, size_t errlen);
    /* Free them (also after a failed init) and clear their pointers. */
    void (*free)(struct sm_reconv *rc);
    /* Every structure to its reset state. */
    void (*reset)(struct sm_reconv *rc);
    /* sm_reconv_eval(), on a cleared out. */
    void (*eval)(struct sm_reconv *rc, unsigned sched,
                 const struct sm_rc_in *in, struct sm_rc_out *out);
    /* What a testbench records beyond the port's inputs and outputs
     * (struct sm_rc_probe's mode fields), after eval; NULL: nothing. */
    void (*probe)(const struct sm_reconv *rc, unsigned sched,
                  const struct sm_rc_in *in, struct sm_rc_probe *p);
    /* sm_reconv_read(), on a cleared out. */
    void (*read)(const struct sm_reconv *rc, unsigned sched,
                 const struct sm_rc_in *in, struct sm_rc_out *out);
    /* sm_reconv_step(): whether any state changed. */
    bool (*step)(struct sm_reconv *rc, unsigned sched,
                 const struct sm_rc_in *in);
    /* sm_reconv_places() and sm_reconv_counts(), on zeroed counts. */
    void (*places)(const struct sm_reconv *rc, unsigned sched,
                   unsigned warp, uint64_t live, unsigned lanes,
                   unsigned count[], char place[][64]);
    void (*counts)(const struct sm_reconv *rc, unsigned sched,
                   unsigned warps, const uint64_t live[], unsigned lanes,
                   unsigned count[]);
    /* sm_reconv_waiting() for one asked warp w, on zeroed answers (the
     * generic function keeps them within live). */
    void (*waiting)(struct sm_reconv *rc, unsigned sched, unsigned w,
                    uint64_t live, const uint8_t *is_rpc, uint64_t *inactive,
                    uint64_t *reconv, uint64_t *barrier);
    /* sm_reconv_can_issue(); NULL: always. */
    bool (*can_issue)(const struct sm_reconv *rc, unsigned sched,
                      unsigned warp, uint64_t live);
    /* sm_reconv_issuable(); NULL: the slots for which can_issue holds. */
    void (*issuable)(const struct sm_reconv *rc, unsigned sched,
                     uint64_t set[]);
    /* sm_reconv_fetchable(); NULL: none (a mode that does not regroup). */
    void (*fetchable)(const struct sm_reconv *rc, unsigned sched,
                      uint64_t set[]);
    /* sm_reconv_can_launch(); NULL: always. */
    bool (*can_launch)(const struct sm_reconv *rc, unsigned sched,
                       unsigned warp);
    /* sm_reconv_issue_view() with *one set true and owner[] unwritten;
     * NULL: the mode gives PC and mask through the I-buffer (false). */
    bool (*issue_view)(struct sm_reconv *rc, unsigned sched,
                       unsigned warp, uint64_t live, uint32_t *pc,
                       uint64_t *mask, unsigned owner[], bool *one);
    /* sm_reconv_all_barrier(); NULL: never (the warp arrives by issuing
     * simt.bar). */
    bool (*all_barrier)(const struct sm_reconv *rc, unsigned sched,
                        unsigned warp, uint64_t live);
    /* sm_reconv_issue_slots(); NULL: rc->warps. */
    unsigned (*issue_slots)(const struct sm_reconv *rc);
    /* sm_reconv_slot_owner(); NULL: the slot is the warp. */
    unsigned (*slot_owner)(const struct sm_reconv *rc, unsigned sched,
                           unsigned slot);
    /* sm_reconv_second_level(); NULL: 0. */
    unsigned (*second_level)(const struct sm_reconv *rc, unsigned sched);
};

/* One per mode, each in its file. */
extern const struct sm_reconv_ops sm_reconv_sbr_ops;    /* sm_reconv_sbr.c */
extern const struct sm_reconv_ops sm_reconv_harp_ops;   /* sm_reconv_harp.c */
extern const struct sm_reconv_ops sm_reconv_minpc_ops;  /* sm_reconv_minpc.c */
extern const struct sm_reconv_ops sm_reconv_ics_ops;    /* sm_reconv_ics.c */

#endif /* SIMTREF_SM_RECONV_MODE_H */
