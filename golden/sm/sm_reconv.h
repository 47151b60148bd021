/*
 * sm_reconv.h -- the SM's control-flow structures of the configured
 * re-convergence mode, one set per warp scheduler, seen by the SM through
 * one port: a read of a warp's PC and active mask (for fetch) and one
 * update a cycle (a warp's launch, or the outcome of its issued
 * instruction).  Each mode composes the project's structure models.
 *
 *   sbr    golden/sm/sm_reconv_sbr.c: the SBR stacks (golden/structures/sbr_stack.h)
 *   minpc  golden/sm/sm_reconv_minpc.c: a unified arbiter (golden/structures/arbiter.h)
 *          per warp over its threads' SP and PC
 *   harp   golden/sm/sm_reconv_harp*.c (golden/sm/sm_reconv_harp.h lists
 *          them): First/Second-Level, Ready-, Waiting-Lookup and RBT per
 *          scheduler; the First-Level slots are the scheduler's warps,
 *          each holding threads of any launch warps
 *   ics-first  golden/sm/sm_reconv_ics.c: the ICS-First arbiter and thread
 *          states (golden/structures/ics_first.h) per warp, priorities from the
 *          program's ICS table
 *
 * A mode is one table of operations (struct sm_reconv_ops,
 * golden/sm/sm_reconv_mode.h), one const instance defined in each mode's
 * file and chosen once by sm_reconv_init() from the configuration's enum
 * reconvergence; every function below calls through it.
 *
 * The structures hold PCs of pc_bits bits: the SM gives them the
 * instruction index (pc - text_lo) / 4, so a kernel whose text has more
 * than 2^pc_bits instructions is refused when the SM is built.
 */
#ifndef SIMTREF_SM_RECONV_H
#define SIMTREF_SM_RECONV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "arbiter.h"
#include "rv32.h"
#include "sbr_stack.h"

/* program.h and ics_first.h both name ICS_FIRST_RAISE and ICS_FIRST_LOWER (a side
 * table's action, a module's commit op): no file includes both, so this
 * header names their structs without their enums. */
struct program;
struct ics_first;
struct sm_harp;
struct sm_reconv_ops;

#ifdef __cplusplus
extern "C" {
#endif

/* Lanes of a warp the port's per-lane inputs hold (the arbiter's most),
 * and warps of a scheduler a probe's release record holds (the
 * scheduler's most). */
enum { SM_RC_MAX_LANES = 64, SM_RC_MAX_WARPS = 256 };

enum sm_rc_op {
    SM_RC_NONE = 0,
    SM_RC_LAUNCH,           /* warp starts at pc with mask */
    SM_RC_EXEC              /* warp executed its instruction at pc */
};

struct sm_rc_in {
    unsigned rd_warp;       /* the read port's warp (local to the scheduler) */
    uint64_t rd_live;       /* its lanes whose thread is live */
    enum sm_rc_op op;
    unsigned warp;          /* the update's warp */
    uint32_t pc;            /* LAUNCH: start PC; EXEC: the instruction's PC */
    uint64_t mask;          /* LAUNCH: the threads; EXEC: the lanes that ran */
    bool split;             /* EXEC: a conditional branch or an indirect
                             * jump with a re-convergence PC in the table */
    uint64_t taken;         /* EXEC split: lanes going to tpc */
    uint32_t tpc;           /* EXEC split: where the taken lanes go */
    uint32_t npc;           /* EXEC: where the (other) lanes go */
    bool rpc_found;         /* EXEC split: the branch at pc is in the
                             * loader's table (sm_reconv_rpc(), the
                             * side-band an instruction memory holds
                             * beside the word) ... */
    uint32_t rpc;           /* ... with this re-convergence PC; harp
                             * reserves a barrier there */
    uint64_t live;          /* the update warp's live lanes after it */
    bool bar;               /* EXEC: the instruction was simt.bar */
    bool exit;              /* EXEC: ... simt.exit */
    unsigned prio;          /* EXEC: a simt.prio.* instruction's action
                             * (enum program_ics_action), 0 when none */
    const bool *release;    /* per local warp: its TB's barrier releases
                             * on this edge (NULL: none) */
    bool mem_wait;          /* EXEC: a load or atomic of global memory
                             * (harp: the warp goes to the Waiting-Lookup) */
    const uint64_t *mem_pending; /* per warp slot g (w * schedulers +
                             * sched): lanes whose thread waits on global
                             * memory; NULL: none does */
    uint64_t mem_epoch;     /* changes whenever mem_pending's contents do
                             * (harp keeps what it found there until then) */
    uint32_t lane_pc[SM_RC_MAX_LANES]; /* LAUNCH, EXEC: per lane of mask,
                             * the PC its thread goes to (LAUNCH: the
                             * entry); minpc and ics-first keep it, harp
                             * groups a divergence by it and keeps it for
                             * a thread parked at simt.bar */
    uint16_t lane_sp[SM_RC_MAX_LANES]; /* ... and its x2 after the
                             * instruction (LAUNCH: the initial x2) as
                             * sm_memory_stack_offset() gives it; minpc
                             * keeps it */
};

struct sm_rc_out {
    bool rd_valid;          /* the read warp has threads to run */
    uint32_t rd_pc;         /* its PC and active mask */
    uint64_t rd_mask;
    bool pop;               /* the update re-converged threads: the warp's
                             * mask changes without a jump */
    bool exited;            /* the update ended the warp's last path */
    bool yielded;           /* sbr: the warp's threads at simt.bar wait
                             * below their sibling entry, which runs (the
                             * warp's PC and mask change; no arrival) */
    bool err;               /* the update was refused ... */
    char why[256];          /* ... for this reason */
};

/* sbr: what the loader pre-decodes for the control-flow stage, per
 * instruction of the text (the side-band an instruction memory of the SM
 * in Verilog holds beside each word): how the SBR stack sees it, the
 * stack's re-convergence PC of a branch, and which side of a conditional
 * branch runs last.  ORDER SBR_FLOW: the encoding of call_i and ret_i of
 * simtref_sm_reconv (rtlgen/emit_sm_reconv.c). */
enum sm_sbr_flow { SM_SBR_FLOW_OTHER, SM_SBR_FLOW_CALL, SM_SBR_FLOW_RETURN };

struct sm_sbr_predecode {
    uint8_t flow;           /* enum sm_sbr_flow: a call through ra (jal or
                             * jalr writing ra), a return (jalr x0, 0(ra)),
                             * or any other instruction */
    uint8_t late;           /* a conditional branch's side from which a
                             * simt.bar is reached before it re-converges
                             * (1: the taken target's, 2: the
                             * fall-through's, 0: neither or both): it runs
                             * last */
    bool rpc_found;         /* a branch of the program's table ... */
    uint32_t rpc;           /* ... whose re-convergence PC for the stack is
                             * this text index (the function's last return
                             * for one that meets at its exit) */
};

/* Not hardware: what a testbench of the stage in Verilog records of its
 * port (tb/tb_sm_reconv.cpp), per scheduler: the cycle's evaluation, its
 * read (when the fetch reads the stage) and its step.  The testbench
 * clears the flags after each cycle. */
struct sm_rc_probe {
    bool evaluated;         /* sm_reconv_eval() ran ... */
    struct sm_rc_in eval_in;    /* ... with these inputs ... */
    struct sm_rc_out eval_out;  /* ... and gave these outputs */
    bool read;              /* sm_reconv_read() ran: ... */
    struct sm_rc_in read_in;
    struct sm_rc_out read_out;
    bool stepped;           /* sm_reconv_step() ran: ... */
    struct sm_rc_in step_in;
    uint64_t step_release[SM_RC_MAX_WARPS / 64]; /* ... its release
                             * (step_in.release points at the SM's cycle,
                             * gone when it returns), a bit per warp */
    uint64_t can_launch[SM_RC_MAX_WARPS / 64]; /* a bit per warp: the stage
                             * can take a launch there now
                             * (sm_reconv_can_launch(), before the edge;
                             * recorded at the evaluation, every mode) */
    /* harp (filled by its evaluation only; golden/sm/sm_reconv_harp.h):
     * what its port reads beyond the update, and the views the SM reads
     * of it, before the edge.  Slot: a First-Level slot; warp: a launch
     * warp of the scheduler. */
    bool harp;              /* the fields below hold this cycle's */
    uint64_t mem_pending[SM_RC_MAX_WARPS]; /* per warp: its lanes waiting
                             * on global memory (eval_in.mem_pending
                             * points at the SM's array, which the cycle
                             * changes) */
    uint64_t issuable[SM_RC_MAX_WARPS / 64]; /* a bit per slot: it may
                             * issue (sm_reconv_issuable()) */
    uint64_t fetchable[SM_RC_MAX_WARPS / 64]; /* ... it holds a warp */
    struct sm_rc_slot {     /* per slot: the First-Level warp the issue
                             * stage sees (0 when none) */
        uint32_t pc;        /* instruction index */
        uint64_t mask;
        uint32_t tid[SM_RC_MAX_LANES]; /* each lane's launch warp (0
                             * outside the mask) */
    } slot[SM_RC_MAX_WARPS];
    unsigned slots;         /* slot[] entries filled: first_level_entries */
    uint64_t parked[SM_RC_MAX_WARPS]; /* per warp: its threads waiting at
                             * the TB barrier */
    unsigned second_level;  /* warps in Second-Level */
};

struct sm_reconv {
    enum reconvergence mode;
    const struct sm_reconv_ops *ops; /* the mode's operations, chosen by
                             * sm_reconv_init() from mode */
    const struct program *prog;
    unsigned schedulers;
    unsigned pc_bits;
    uint32_t text_lo;       /* prog->text_lo: PC index 0 */
    uint32_t text_words;    /* instructions in the text */
    unsigned warp_size;
    unsigned warps;         /* W: warps per scheduler */
    const struct rv32_context *threads; /* the SM's threads, slot-major:
                             * read by the invariant check alone */
    struct sbr_stack *sbr;  /* sbr: one stack module per scheduler */
    struct sm_sbr_predecode *sbr_pre; /* sbr: per text word, what the
                             * stage reads beside the instruction */
    struct arbiter *arb;        /* minpc: one arbiter per warp slot */
    uint64_t *parked;       /* minpc: per warp slot, threads at simt.bar */
    uint32_t *lane_pc;      /* minpc, ics-first: per thread (slot-major),
                             * its PC register (Collange 4, multi-core
                             * SIMT 3.3: a PC per thread) */
    uint64_t *lane_sp;      /* minpc: per thread, the SP key its arbiter
                             * compares: the sp_bits most significant bits
                             * of its x2's stack offset */
    struct ics_first *ics;        /* ics-first: one module per warp slot */
    struct sm_harp *harp;   /* harp: one set of tables per scheduler */
    uint64_t rbt_bypass;    /* harp: threads whose RBT set was full */
    uint64_t rbt_misses;    /* harp: divergences whose barrier reservation
                             * failed for some of their threads */
    uint64_t lookup_bypass; /* harp: groups the Ready-Lookup could not hold */
    uint64_t waiting_in;    /* harp: warps the Waiting-Lookup took */
    uint64_t waiting_merged; /* ... of them, merged into a waiting warp */
    uint64_t waiting_bypass; /* harp: warps the full Waiting-Lookup could
                             * not take */
    struct sm_ics_commit {  /* ics-first: the instruction issued in the
                             * last cycle commits in this one */
        bool valid;
        unsigned warp;      /* local warp */
        uint64_t threads;   /* the threads that executed it */
        unsigned op;        /* enum ics_first_commit_op */
    } *commit;              /* one per scheduler */
    bool reference;  /* every cached answer recomputed where it is used (simtref sim --reference) */
    struct sm_rc_probe *probe;  /* not hardware: NULL, or one record per
                             * scheduler that the port's calls fill */
};

/* threads: the SM's warp_slots * warp_size threads, slot g = w *
 * schedulers + s, for the invariant check's cross-check of the PCs each
 * mode keeps from the port's lane_pc (minpc's and harp's); no mode's
 * stage reads them. */
int sm_reconv_init(struct sm_reconv *rc, const struct simt_config *cfg,
                   const struct program *prog,
                   const struct rv32_context *threads,
                   char *err, size_t errlen);
void sm_reconv_free(struct sm_reconv *rc);
void sm_reconv_reset(struct sm_reconv *rc);
/* Not const: a mode may keep what it evaluated for the step of the same
 * cycle (harp's memo, bypassed when rc->reference). */
void sm_reconv_eval(struct sm_reconv *rc, unsigned sched,
                    const struct sm_rc_in *in, struct sm_rc_out *out);
/* The read port alone: sm_reconv_eval()'s rd_valid, rd_pc and rd_mask
 * for in->rd_warp and in->rd_live, the other outputs cleared (they are
 * those of this cycle's sm_reconv_eval() with the same update inputs,
 * which the caller already has). */
void sm_reconv_read(const struct sm_reconv *rc, unsigned sched,
                    const struct sm_rc_in *in, struct sm_rc_out *out);
/* The edge: false when it changed no state of the structures other than
 * by in->release (no update, nothing moving inside them), so that the
 * next cycle sees them as this one did. */
bool sm_reconv_step(struct sm_reconv *rc, unsigned sched,
                    const struct sm_rc_in *in);

/* The lanes of a warp that the structures hold (debug: the invariant
 * check; live: the warp's live lanes, for a mode that keeps no record of
 * which threads exist).  place[l] names where lane l is ("stack entry 2", ...), NULL
 * when nowhere; *count[l] is how many places hold it (1 when sound). */
void sm_reconv_places(const struct sm_reconv *rc, unsigned sched,
                      unsigned warp, uint64_t live, unsigned lanes, unsigned count[],
                      char place[][64]);

/* The invariant check's fast path: how many places hold each lane of each
 * of the scheduler's warps, without naming them.  live[w] is warp w's live
 * lanes (as for sm_reconv_places); count[w * lanes + l] receives lane l of
 * warp w.  A count other than 1 for a live lane (0 for another) is then
 * named by sm_reconv_places.  The counts equal sm_reconv_places' counts. */
void sm_reconv_counts(const struct sm_reconv *rc, unsigned sched,
                      unsigned warps, const uint64_t live[], unsigned lanes,
                      unsigned count[]);

/* The re-convergence PC of the branch at pc (program.branches), or 0 with
 * *found false. */
uint32_t sm_reconv_rpc(const struct program *prog, uint32_t pc, bool *found);

/* sbr: the pre-decoded side-band of the instruction at pc (a text word),
 * NULL under another mode or outside the text. */
const struct sm_sbr_predecode *sm_reconv_sbr_predecode(const struct sm_reconv *rc,
                                                       uint32_t pc);

/* The ICS-First action at pc (enum program_ics_action), 0 when none. */
uint8_t sm_reconv_ics_action(const struct program *prog, uint32_t pc);

/* Capabilities of the per-warp modes (ics-first): whether warp w may
 * issue (no thread still executing), may be launched (every thread idle),
 * and the PC and lanes the structure selects for it now (false: the mode
 * gives them through the I-buffer, as read at fetch); owner[l] is the
 * warp (local) whose thread lane l runs, when the mode regroups threads,
 * and *one whether a single warp owns every lane of the mask (always,
 * unless the mode regroups). */
bool sm_reconv_can_issue(const struct sm_reconv *rc, unsigned sched,
                         unsigned warp, uint64_t live);
bool sm_reconv_can_launch(const struct sm_reconv *rc, unsigned sched,
                          unsigned warp);
/* The issue slots (sm_reconv_issue_slots() of them) for which
 * sm_reconv_can_issue() holds, as a bitset (bits.h) of that many bits:
 * under harp, one pass over First-Level. */
void sm_reconv_issuable(const struct sm_reconv *rc, unsigned sched,
                        uint64_t set[]);
/* A regrouping mode's issue slots that hold a warp, as a bitset like
 * sm_reconv_issuable()'s: those the fetch unit may fetch for (under harp
 * the valid First-Level slots, those whose commit is in the RBT's
 * pipeline included).  None under a mode that does not regroup: the SM
 * fetches for its resident warps. */
void sm_reconv_fetchable(const struct sm_reconv *rc, unsigned sched,
                         uint64_t set[]);
bool sm_reconv_issue_view(struct sm_reconv *rc, unsigned sched,
                          unsigned warp, uint64_t live, uint32_t *pc,
                          uint64_t *mask, unsigned owner[], bool *one);
/* Every mode but sbr keeps a thread at simt.bar waiting on its own, so a
 * warp arrives at the WPT when all its live threads wait
 * (sm_reconv_all_barrier); under sbr the warp arrives when it issues
 * simt.bar. */
bool sm_reconv_barrier_by_state(const struct sm_reconv *rc);
bool sm_reconv_all_barrier(const struct sm_reconv *rc, unsigned sched,
                           unsigned warp, uint64_t live);

/* Whether the scheduler's warps are slots that regroup threads (harp):
 * then a scheduler warp's readiness and TB come from the mode, and
 * sm_reconv_slot_owner() names the launch warp of its lowest thread. */
bool sm_reconv_regroups(const struct sm_reconv *rc);
/* The scheduler warps that can ever issue: harp's First-Level slots, a
 * scheduler's every warp under the other modes. */
unsigned sm_reconv_issue_slots(const struct sm_reconv *rc);
unsigned sm_reconv_slot_owner(const struct sm_reconv *rc, unsigned sched,
                              unsigned slot);

/* Why the live threads of the scheduler's launch warps that are not
 * running wait, as HARP Fig. 5 and 14 sort them: inactive[w] the lanes of
 * warp w (local) on a diverged path not being run, reconv[w] those
 * waiting at a re-convergence point, barrier[w] those waiting at the TB
 * barrier on their own (every mode but sbr); each within live[w].  Only
 * the warps of the bitset `asked` (those with live threads) are asked
 * about: the three answers are written for them alone.  is_rpc[i] tells whether the instruction at
 * text index i is a re-convergence PC (for the stack-less modes, which
 * keep none: a thread stopped at one waits to re-converge).  One pass
 * over the structures for all `warps` warps: harp's tables hold threads
 * of any warp in any entry. */
void sm_reconv_waiting(struct sm_reconv *rc, unsigned sched,
                       unsigned warps, const uint64_t asked[],
                       const uint64_t live[], const uint8_t *is_rpc,
                       uint64_t inactive[], uint64_t reconv[],
                       uint64_t barrier[]);

/* harp: the warps in the scheduler's Second-Level table (0 otherwise). */
unsigned sm_reconv_second_level(const struct sm_reconv *rc, unsigned sched);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SM_RECONV_H */
