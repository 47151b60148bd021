/*
 * emit_sm_front.h -- what the files of simtref_sm_front's emitter share
 * (rtlgen/emit_sm_front.c writes the module's body, the parts' instances
 * and the wires between them; rtlgen/emit_sm_front_ports.c its
 * parameters and ports).
 */
#ifndef SIMTREF_EMIT_SM_FRONT_H
#define SIMTREF_EMIT_SM_FRONT_H

#include "rtlgen.h"
#include "arbiter.h"
#include "fetch.h"
#include "ibuffer.h"
#include "ics_first.h"
#include "sbr_stack.h"
#include "scheduler.h"
#include "warp_tables.h"

#include <stdbool.h>

/* What the configured mode's control-flow stage takes and gives (the
 * ports of simtref_sm_reconv, rtlgen/emit_sm_reconv*.c): the one place
 * where the front end's modes differ. */
struct front_mode {
    const char *name;   /* the mode as the configuration names it */
    bool sbr;           /* the SBR stacks: the kernel's exit PC, the
                         * outcome's split and targets, the loader's
                         * side-band (calls, returns, RPCs, late sides) */
    bool pc;            /* the stage takes the update's PC (sbr, minpc) */
    bool live;          /* ... the warp's live lanes after it (sbr, minpc) */
    bool exit;          /* ... simt.exit (sbr, ics-first) */
    bool lanes;         /* ... each lane's new PC and the warps the edge
                         * releases from their barrier (minpc, ics-first) */
    bool sp;            /* ... each lane's stack offset, and for the read
                         * the fetched warp's live lanes (minpc) */
    bool ics;           /* ... the simt.prio.* action and the loader's ICS
                         * action at the PC (ics-first) */
    bool pop;           /* it tells a re-convergence and a warp's exit
                         * (sbr, minpc; under ics-first the threads'
                         * states do, inside the stage) */
    bool yield;         /* it yields the side at simt.bar (sbr) */
    bool split;         /* ... the outcome's split, taken lanes and targets
                         * (sbr, harp) */
    bool harp;          /* the HARP tables: the scheduler's warps are the
                         * First-Level slots, whose issuable and fetchable
                         * bits, owners and launches the stage tells; the
                         * branch's RPC, a global load, the lanes waiting
                         * on global memory */
    bool view;          /* its stage gives each warp's PC and threads for
                         * the issue check's view (minpc, ics-first; sbr's
                         * is the slot's, harp's its First-Level slots') */
    /* Not of the mode: the SM's timing. */
    bool op_stage;      /* operand_read_cycles = 1: the granted warp
                         * executes in the next cycle, from the
                         * operand-read stage's register */
    const char *xv, *xw;    /* the warp executing now: valid, id (the
                         * grant's, or the operand-read stage's) */
};

/* The sizes of the four parts, as their emitters take them. */
struct front_sizes {
    struct fetch_geometry f;
    struct ibuffer_geometry ib;
    struct scheduler_geometry sc;
    struct sbr_stack_geometry st;   /* sbr's stack (its depth) */
    struct arbiter_geometry arb;    /* minpc's arbiters */
    struct ics_first_geometry ics;  /* ics-first's modules */
    struct warp_tables_geometry wt; /* harp's First-Level slots */
};

/* The module's header: its comment, parameters and ports, by mode. */
void emit_sm_front_header(struct vgen *v, const struct simt_config *cfg,
                          const struct front_sizes *z,
                          const struct front_mode *m);

#endif /* SIMTREF_EMIT_SM_FRONT_H */
