/*
 * emit_sm.h -- what the emitter of simtref_sm (rtlgen/emit_sm.c) shares
 * with the emitter of its per-scheduler part (rtlgen/emit_sm_sched.c).
 */
#ifndef SIMTREF_EMIT_SM_H
#define SIMTREF_EMIT_SM_H

#include "rtlgen.h"

#include <stdbool.h>

/* The sizes of the top's ports and glue, each as the stage that owns
 * the field derives it. */
struct sm_sizes {
    unsigned sched, warps, lanes;           /* S, W, L */
    unsigned warp_w, slot_w, sched_w;       /* a warp of a scheduler; of the
                                               SM; a scheduler */
    unsigned tbs, tb_w, wid_w, lw_w;        /* TB slots; the launch's fields */
    unsigned count_w, thread_w, shared_w, cnt_w, n_w;
    unsigned pc_w, op_w, lat_w;
    unsigned due_alu, due_mul, due_div;     /* a SIMD group's result */
    unsigned line_w, bytes_w, id_w, mshrs, entries, lb_w, ldwb;
    /* The front ends' control-flow stage (exactly one is set): */
    bool sbr;       /* reconvergence = sbr: the warps' SBR stacks */
    bool ics;       /* ... ics-first: an ICS-First module per warp */
    bool minpc;     /* ... minpc: an arbiter per warp over its threads'
                       SP:PC, each thread's SP key written with its x2 */
    unsigned sp_w, off_w;   /* minpc: the SP key's bits (sp_bits), and a
                               stack offset's, whose top bits it is */
};

/* Per warp scheduler: the front end, the operand read and its decoder,
 * the datapath, and the run's glue (a generate loop over schedulers). */
void emit_sm_schedulers(struct vgen *v, const struct sm_sizes *z,
                        enum rtl_defect defect);

#endif /* SIMTREF_EMIT_SM_H */
