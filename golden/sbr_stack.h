/*
 * sbr_stack.h -- the stack-based re-convergence (SBR) stacks of one warp
 * scheduler (HARP section 2.1, after Fung et al. 2007): the baseline that
 * HARP replaces.
 *
 * Each warp has a stack of up to D = sbr_stack_depth entries; an entry is
 * (PC, active mask, RPC): the logical PC of a group of the warp's threads,
 * the threads (warp_size bits) and the re-convergence PC at which they
 * rejoin the entry below.  The PC and mask of the top entry are the warp's
 * PC and active mask.
 *
 * Organisation: one module per warp scheduler holds the stacks of all W =
 * threads_per_scheduler / warp_size warps in one array indexed by (warp,
 * level), with one update port and one read port, each naming a warp.  A
 * single-issue scheduler resolves at most one branch a cycle, so one
 * update port serves all warps; one shared array (an SRAM in a real
 * design) costs far less than W separate stacks with their own ports.
 * The fetch stage reads the PC of the warp it fetches for through the read
 * port while the branch unit updates another warp.
 *
 * Operations (op, on warp op_warp; at most one a cycle):
 *
 *   launch   the warp starts: its stack becomes the one base entry (pc,
 *            mask, rpc), rpc being the warp's exit PC.  Input error when
 *            the stack is not empty, the mask is empty or pc = rpc.
 *   advance  the warp moves to pc without diverging.  When pc equals the
 *            top entry's RPC, the top is popped (its threads have reached
 *            the re-convergence point; the entry below already waits
 *            there); otherwise the top's PC becomes pc.  Popping the base
 *            entry empties the stack: the warp has exited.
 *   branch   a conditional branch of the top entry: mask = the threads
 *            that take it (to pc), the others go to npc; rpc = the branch's
 *            re-convergence point (immediate post-dominator).  Input error
 *            when mask is not a subset of the top's mask.  When every
 *            active thread goes one way the branch is an advance to that
 *            side's PC.  Otherwise (HARP 2.1): the top's PC is replaced by
 *            rpc, and a side is pushed as (side PC, side mask, rpc) for
 *            each side whose PC is not rpc itself (one or two entries:
 *            the not-taken side first, so the taken side executes first).
 *            A side whose PC is rpc needs no entry: its threads wait at
 *            rpc in the top.  When rpc equals the top's own RPC the top
 *            would wait at its own re-convergence point; the pushed sides
 *            replace it instead (its threads are waiting at that point in
 *            the entry below).  So no stored entry ever has PC = RPC, and
 *            a pop happens exactly when the top's PC reaches its RPC.
 *
 *   Every operation but launch on an empty stack is an input error.  An
 *   operation whose stack would exceed D entries is an overflow.  An input
 *   error raises err and an overflow raises ovf; either leaves every stack
 *   unchanged (never a silent overwrite).
 *
 * The model is cycle-exact at the ports of simtref_sbr_stack:
 *
 *   sbr_stack_eval()  the combinational outputs of this cycle from the state and
 *               the inputs; sbr_stack_step() one rising clock edge; sbr_stack_reset()
 *               the asynchronous reset (every stack empty).
 *
 * Ports:
 *
 *   op, op_warp, pc, mask, npc, rpc     the update (above)
 *   rd_warp                             the read port's warp
 *   rd_valid, rd_pc, rd_mask, rd_depth  that warp's stack: non-empty, top
 *                                       PC and mask, entries (0 when empty)
 *   pop                                 this update pops the op warp's top
 *   pushes                              entries this update pushes (0..2)
 *   ovf, err                            the update is refused (see above)
 *
 * The read port shows the state before the clock edge.  The entries'
 * contents are not reset (an SRAM): only the depth counters are, and no
 * output shows an entry at or above its warp's depth.
 */
#ifndef SIMTREF_SBR_STACK_H
#define SIMTREF_SBR_STACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Warps per scheduler and depth the model is built for. */
enum { SBR_STACK_MAX_WARPS = 128, SBR_STACK_MAX_DEPTH = 64 };

enum sbr_stack_op { SBR_STACK_NONE = 0, SBR_STACK_LAUNCH = 1, SBR_STACK_ADVANCE = 2, SBR_STACK_BRANCH = 3 };

struct sbr_stack_geometry {
    unsigned warps;     /* W = threads_per_scheduler / warp_size */
    unsigned depth;     /* D = sbr_stack_depth */
    unsigned lanes;     /* mask width = warp_size */
    unsigned pc_w;      /* pc_bits */
    unsigned warp_w;    /* warp id width, clog2(W), at least 1 */
    unsigned depth_w;   /* depth counter width, clog2(D + 1) */
};

struct sbr_stack_in {
    enum sbr_stack_op op;
    unsigned op_warp;
    uint64_t pc, mask, npc, rpc;
    unsigned rd_warp;
};

struct sbr_stack_out {
    bool     rd_valid;
    uint64_t rd_pc, rd_mask;
    unsigned rd_depth;
    bool     pop;
    unsigned pushes;
    bool     ovf, err;
};

struct sbr_stack_entry {
    uint64_t pc, mask, rpc;
};

struct sbr_stack {
    struct sbr_stack_geometry g;
    unsigned depth[SBR_STACK_MAX_WARPS];
    struct sbr_stack_entry e[SBR_STACK_MAX_WARPS][SBR_STACK_MAX_DEPTH];
};

void sbr_stack_geometry(const struct simt_config *cfg, struct sbr_stack_geometry *g);


/* The contract of model.h: sizes from cfg, checked, then reset. */
int sbr_stack_check(const struct sbr_stack_geometry *g, char *msg, size_t msglen);
int sbr_stack_init(struct sbr_stack *m, const struct simt_config *cfg,
                   char *msg, size_t msglen);
void sbr_stack_reset(struct sbr_stack *s);
void sbr_stack_eval(const struct sbr_stack *s, const struct sbr_stack_in *in,
              struct sbr_stack_out *out);
void sbr_stack_step(struct sbr_stack *s, const struct sbr_stack_in *in);

/* Storage bits: W x D entries of (pc + mask + rpc) and W depth counters. */
unsigned long sbr_stack_state_bits(const struct sbr_stack_geometry *g);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SBR_STACK_H */
