/*
 * sbr_stack.h -- the stack-based re-convergence (SBR) stacks of one warp
 * scheduler (HARP section 2.1, after Fung et al. 2007): the baseline that
 * HARP replaces.
 *
 * Each warp has a stack of up to D = sbr_stack_depth entries; an entry is
 * (PC, active mask, RPC, type, yielded): the logical PC of a group of the warp's
 * threads, the threads (warp_size bits), the re-convergence PC at which
 * they rejoin the entry below, one bit: a branch entry or a CALL entry
 * (Collange section 2, the Tesla stack; GPGPU-Sim does the same), and one
 * bit that marks an entry waiting at a barrier below its sibling (yield).  The PC
 * and mask of the top entry are the warp's PC and active mask.  A CALL
 * entry holds the threads that called a function; its RPC is the call's
 * return PC and it leaves the stack only by a return, never because a PC
 * reached its RPC: so a function that calls itself keeps each frame's
 * branch entries apart, although their re-convergence PCs are the same PCs
 * in every frame.
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
 *            A CALL top is never replaced: it is kept (its PC becomes
 *            rpc) whatever rpc is.
 *   call     the top's threads call a function: pc = its entry, npc =
 *            the return PC (the instruction after the call).  The top
 *            waits at the return PC (its PC becomes npc), and a CALL
 *            entry (pc, the top's mask, RPC = npc) is pushed above it.
 *            When the top is a branch entry whose RPC is npc (the threads
 *            re-converge as soon as they return) the CALL entry replaces
 *            it instead, as a branch's sides do.  One entry pushed, or
 *            none when it replaces the top.
 *   return   the top's threads return (jalr x0, 0(ra)) to pc.  A CALL top
 *            is popped; pc must be its RPC (the return PC that the entry
 *            below already waits at), else an input error.  A branch top
 *            is a side of a branch whose threads re-converge when they
 *            return (at the function's exit): it is popped, its threads
 *            wait in the entries below.  A return on a one-entry stack
 *            that is not a CALL entry is an input error.
 *   exit     the top's threads exit (simt.exit), wherever they are: in
 *            divergent code, inside a call.  mask = the warp's threads
 *            that are still live after it (none: the whole warp has
 *            exited).  The top's threads join the warp's exited threads
 *            and the top is popped; with no live thread left the stack
 *            empties at once, whatever its depth (the warp's CALL and
 *            branch entries all go).  Input error when mask holds an
 *            exited thread or one of the top's.  An exited thread leaves
 *            every entry: each entry that becomes the top (by any pop) is
 *            loaded without the exited threads, so no output ever shows
 *            one; an entry whose threads have all exited then shows an
 *            empty mask, and the exit op pops it too (the SM sends it for
 *            the instruction fetched for such a top, which runs on no
 *            lane); any other operation on such a top is an input
 *            error.  Launch forgets the exited threads.
 *   yield    the top's threads have reached a barrier (simt.bar) while
 *            live threads of the warp wait in its sibling, the entry
 *            directly below: a branch entry with the same RPC as the top,
 *            the other side of the same divergent branch (their order is
 *            arbitrary).  The two entries swap: the top, still at the
 *            barrier's PC, waits below and is marked yielded; the sibling
 *            becomes the top (loaded without the exited threads, as a
 *            pop loads it) and runs.  If its threads exit it is popped
 *            and the barrier side comes back to the top holding every
 *            live thread of the warp.  When the sibling below is marked
 *            yielded and waits at the top's own PC (both sides reached
 *            the same barrier) the two re-converge there instead: the
 *            top is popped and its threads join the entry below (a pop
 *            whose new top's mask is the union, without the exited
 *            threads).  Input error (no change) when the stack has fewer
 *            than two entries, either entry is a CALL entry, their RPCs
 *            differ or the entry below is marked yielded at another PC:
 *            so the sibling, reaching another barrier in turn, cannot
 *            yield back (no ping-pong), and each yield is followed by at
 *            least one instruction of the new top.  The mark belongs to
 *            an entry below the top only: an entry loses it when it
 *            becomes the top again (by a pop), so a top is never marked,
 *            and every entry pushed or launched starts unmarked.  The
 *            op uses no input but op_warp; a swap pushes and pops
 *            nothing, a merge pops.
 *   An advance never pops a CALL top: on it, pc only becomes its PC.
 *   Popping the last entry (the base reaching the exit PC, or the return
 *   of a CALL entry that replaced the base) empties the stack: the warp
 *   has exited.
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
 *   op, op_warp, pc, mask, npc, rpc     the update (above; a call and a
 *                                       return ignore mask and rpc, an
 *                                       exit all but mask, a yield all)
 *   rd_warp                             the read port's warp
 *   rd_valid, rd_pc, rd_mask, rd_depth  that warp's stack: non-empty, top
 *                                       PC and mask, entries (0 when empty)
 *   pop                                 this update pops the op warp's top
 *   pushes                              entries this update pushes (0..2;
 *                                       a call that keeps the top: 1)
 *   ovf, err                            the update is refused (see above)
 *   op_depth, yield_ok                  the op warp's entries, and whether
 *                                       a yield of it would be taken
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

/* ORDER SBR_OP: the encoding of op_i in rtlgen/emit_sbr_stack.c. */
enum sbr_stack_op { SBR_STACK_NONE = 0, SBR_STACK_LAUNCH = 1, SBR_STACK_ADVANCE = 2,
                    SBR_STACK_BRANCH = 3, SBR_STACK_CALL = 4, SBR_STACK_RETURN = 5,
                    SBR_STACK_EXIT = 6, SBR_STACK_YIELD = 7 };

struct sbr_stack_geometry {
    unsigned warps;     /* W = threads_per_scheduler / warp_size */
    unsigned depth;     /* D = sbr_stack_depth */
    unsigned lanes;     /* mask width = warp_size */
    unsigned pc_w;      /* pc_bits */
    unsigned warp_w;    /* warp id width, clog2(W), at least 1 */
    unsigned depth_w;   /* depth counter width, clog2(D + 1) */
};

struct sbr_stack_in {
    enum sbr_stack_op op;   /* the update (op_i) */
    unsigned op_warp;       /* its warp */
    uint64_t pc;            /* launch, advance: the PC; branch: the taken
                             * target; call: the callee; return: the target */
    uint64_t mask;          /* launch: the threads; branch: those taking it;
                             * exit: those still live after it */
    uint64_t npc;           /* branch: not-taken PC; call: the return PC */
    uint64_t rpc;           /* launch: exit PC; branch: re-convergence PC */
    unsigned rd_warp;       /* the read port's warp */
};

struct sbr_stack_out {
    bool     rd_valid;      /* the read warp's stack is not empty */
    uint64_t rd_pc;         /* its top's PC (0 when empty) */
    uint64_t rd_mask;       /* its top's mask (0 when empty) */
    unsigned rd_depth;      /* its entries */
    bool     pop;           /* the update pops the op warp's top */
    unsigned pushes;        /* entries the update pushes */
    bool     ovf;           /* refused: more than D entries needed */
    bool     err;           /* refused: input error */
    unsigned op_depth;      /* the op warp's entries (0 when op_warp
                               names no warp) */
    bool     yield_ok;      /* a yield of the op warp would be taken
                               (whatever op is): the top and the entry
                               below are siblings, as the yield requires
                               (the SM asks it to choose between a yield
                               and an advance at a barrier) */
};

struct sbr_stack_entry {
    uint64_t pc;            /* where its threads are (or wait) */
    uint64_t mask;          /* its threads */
    uint64_t rpc;           /* branch entry: where they rejoin the entry
                             * below; CALL entry: the return PC */
    bool call;              /* a CALL entry */
    bool yielded;           /* waits at a barrier below its sibling (a
                             * yield); never set on a top */
};

struct sbr_stack {
    struct sbr_stack_geometry g;    /* sizes */
    unsigned depth[SBR_STACK_MAX_WARPS];  /* entries of each warp's stack */
    uint64_t gone[SBR_STACK_MAX_WARPS];   /* each warp's threads that exited
                                     * since its launch (a register per
                                     * warp, not reset: launch clears it) */
    struct sbr_stack_entry e[SBR_STACK_MAX_WARPS][SBR_STACK_MAX_DEPTH];
                                    /* [warp][level], level 0 the base */
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

/* Storage bits: W x D entries of (pc + mask + rpc + the CALL bit), the
 * yielded bit of the W x (D - 1) entries below the tops, W depth counters
 * and W exited-thread masks. */
unsigned long sbr_stack_state_bits(const struct sbr_stack_geometry *g);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SBR_STACK_H */
