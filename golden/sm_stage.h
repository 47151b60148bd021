/*
 * sm_stage.h -- the SM's composition inside: the wires of a cycle between
 * its stages and the functions one file of the SM gives another.  Private
 * to golden/sm*.c; the SM's interface is golden/sm.h.
 *
 * The files, by stage: sm.c (create, start, the cycle's sequence,
 * sm_run), sm_tb.c (TB dispatch, retirement, barriers, the grid's end),
 * sm_issue.c (the ready vector, hazards, the issue grant, the I-buffers),
 * sm_execute.c (execution on the lanes), sm_memport.c (the LSU's requests
 * and edge, the memory port), sm_fault.c (fault reports, the invariants),
 * sm_skip.c (the quiet cycles skipped: not hardware).
 */
#ifndef SIMTREF_SM_STAGE_H
#define SIMTREF_SM_STAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "bits.h"
#include "sm.h"

/* The memos of struct sm_memo and sm_sched_memo as they are read: the
 * kept answer, or under sm->reference the answer recomputed. */
static inline bool sm_mode_regroups(const struct sm *sm)
{
    return sm->reference ? sm_reconv_regroups(&sm->rc) : sm->memo.regroups;
}

static inline bool sm_mode_barrier_by_state(const struct sm *sm)
{
    return sm->reference ? sm_reconv_barrier_by_state(&sm->rc)
                         : sm->memo.barrier_by_state;
}

static inline unsigned sm_mode_issue_slots(const struct sm *sm)
{
    return sm->reference ? sm_reconv_issue_slots(&sm->rc)
                         : sm->memo.issue_slots;
}

static inline bool sm_moves_alone(const struct sm *sm,
                                  const struct sm_sched *sc)
{
    return sm->reference ? scheduler_moves_alone(&sc->sched.g)
                         : sc->memo.moves_alone;
}

/* The lanes of k whose owner is that of k's lowest lane. */
static inline uint64_t sm_owner_lanes(const unsigned owner[], uint64_t k)
{
    unsigned o = owner[__builtin_ctzll(k)];
    uint64_t same = 0;

    for (uint64_t j = k; j; j &= j - 1)
        if (owner[__builtin_ctzll(j)] == o)
            same |= j & -j;
    return same;
}

/* What the execution of one warp-instruction decided. */
struct sm_exec_outcome {
    bool issued;
    struct sm_rc_in rc;     /* the control-flow update */
    bool barrier;           /* the warp arrives at its TB's barrier */
    uint64_t exits;         /* lanes that executed simt.exit */
    bool control;           /* not a plain fall-through */
    bool stale;             /* not issued: the I-buffer held another PC */
    unsigned owner[SM_MAX_LANES]; /* each lane's warp (local) */
    bool one;               /* ... one warp for every lane that ran */
};

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
};

/* ---- sm_tb.c: thread blocks, barriers, the grid's end. ---- */

unsigned sm_launches_pending_of(const struct sm *sm);

/* The TBs the dispatcher (golden/dispatch.h) places this cycle take
 * their TB slots and warp slots: their threads start at the entry.
 * Returns how many were placed. */
unsigned sm_dispatch(struct sm *sm);

/* Retire a warp whose threads have all exited. */
void sm_retire(struct sm *sm, unsigned g);

/* A barrier that can no longer complete: every live warp of the TB waits
 * at it, yet fewer than all the TB's warps arrived, and no exited warp is
 * left to arrive (a fault of the model: exited warps arrive, above). */
void sm_check_barriers(struct sm *sm);

/* The grid is done: every TB placed and finished, the LSU empty. */
void sm_check_done(struct sm *sm);

/* Scheduler s's barrier arrival at the WPT; whether the cycle stays
 * quiet.  False when the SM failed in this scheduler's stages. */
bool sm_barrier_arrive(struct sm *sm, struct sm_cycle_state *cy,
                       unsigned s);

/* The SIMD groups' busy count, and the WPT's arrivals: the warps that
 * arrived and the exited warps that count as arrived.  False when the
 * WPT refused one. */
bool sm_wpt_arrivals(struct sm *sm, struct sm_cycle_state *cy);

/* At the clock edge, the TBs the WPT releases and its step. */
void sm_wpt_edge(struct sm *sm, struct sm_cycle_state *cy);

/* ---- sm_issue.c: the issue stage. ---- */

/* The decoded instruction at pc (valid 0 outside the text). */
struct decode_out sm_use_at(const struct sm *sm, uint32_t pc);

/* Scheduler s's local warps with resident set: the memo, or under
 * reference the bitset recomputed into set[]. */
const uint64_t *sm_resident_of(const struct sm *sm, unsigned s,
                            uint64_t set[]);

/* The warp slot of each lane's thread, from the owners (local warps). */
void sm_owner_slots(const struct sm *sm, unsigned s,
                    const unsigned owner[], unsigned slot[]);

/* Scheduler s's ready vector: each warp's hazards and stall, the warps
 * its fetch unit may fetch for, the long waits TLS reads. */
void sm_ready_vector(struct sm *sm, struct sm_cycle_state *cy,
                     unsigned s);

/* Scheduler s's issue grant: the policy picks among the ready warps. */
void sm_issue_grant(struct sm *sm, struct sm_cycle_state *cy,
                    unsigned s);

/* The lowest warp holding a valid instruction not yet ready, neither
 * being flushed nor emptied for not being valid (warp_valid). */
bool sm_scoreboard_pick(const struct sm *sm, const struct sm_sched *sc,
                        const struct fetch_in *fi, unsigned *warp);

/* After the fetch model's edge: the unready bits of the warps its events
 * named (only their slots changed). */
void sm_keep_unready(struct sm_sched *sc, const struct fetch_in *fi);

/* The edges of scheduler s's I-buffer data: those of the warps its fetch
 * model's inputs name, and of the warp fetched for (fetch_warp, or -1),
 * then the warps the fetch model empties for not being valid (emptied:
 * fetch_emptied() before its edge), as a flush; the other warps' data
 * does not change. */
void sm_ibuffer_edges(struct sm *sm, unsigned s, const struct fetch_in *fi,
                      int fetch_warp, uint32_t fpc, uint64_t fmask,
                      const uint64_t emptied[]);

/* Why scheduler s issued nothing when none of its warps shows a reason:
 * the threads of its launch warps are held by the control-flow
 * structures (harp's tables) or wait at the barrier, or its warps exited
 * while their TB runs; idle when it has no thread at all. */
enum sm_stall sm_idle_reason(const struct sm *sm, unsigned s);

/* An idle cycle (HARP Fig. 5 and 14): count each live thread by its
 * state (enum sm_thread_state).  data[s][w]: scheduler s's warp w waits
 * on an operand. */
void sm_count_idle_threads(struct sm *sm,
                           bool data[][SCHEDULER_MAX_WARPS]);

/* ---- sm_execute.c: the execute stage. ---- */

/* The threads warp (s, w) runs if it issues now: the PC of its oldest
 * I-buffer slot, the lanes whose thread runs, and owner[l], the warp
 * (local) whose thread lane l is (w itself unless the mode regroups
 * threads); *one tells whether a single warp owns every lane that runs.
 * False when the slot is stale: the mode selects another PC now, and the
 * slot is dropped without running. */
bool sm_issue_threads(struct sm *sm, unsigned s, unsigned w,
                      uint32_t *pc, uint64_t *mask, unsigned owner[],
                      bool *one);

/* Scheduler s's execution: the launch or the granted warp's instruction
 * on the lanes, the control-flow stage's evaluation, the fetch unit's
 * choice and the PC and mask it fetches at. */
void sm_execute_granted(struct sm *sm, struct sm_cycle_state *cy,
                        unsigned s);

/* ---- sm_memport.c: the memory port. ---- */

/* The issued instruction is a load or atomic of global memory whose
 * result a register waits for, and under harp it sends the warp to the
 * Waiting-Lookup (waiting_lookup_loads: every such one, one that misses
 * the L1, or none). */
bool sm_waits_on_global(const struct sm *sm, unsigned s,
                        const struct sm_exec_outcome *o,
                        const struct sm_issue_record *rec);

/* The scoreboard's clock edge: this cycle's reservations and releases. */
void sm_scoreboard_edge(struct sm *sm);

/* Scheduler s's memory send: an issued memory instruction goes to the
 * LSU, any other to its SIMD group (its destination reserved); the
 * issue and stall counts. */
void sm_send_issued(struct sm *sm, struct sm_cycle_state *cy,
                    unsigned s);

/* Not hardware: the first cycle at which the LSU or the memory port
 * behind it does more than count the cycle (lsu_next_event(),
 * dram_next_event()), for the skipping of quiet cycles. */
uint64_t sm_memory_next_event(const struct sm *sm);

/* One clock of the LSU: the registers of the requests done are ready
 * from the next cycle (the scoreboard's release ports, written by the
 * caller's scoreboard_step()).  Returns how many requests were done. */
unsigned sm_lsu_edge(struct sm *sm, uint64_t now);

/* ---- sm_fault.c: fault reports. ---- */

/* Thread (slot g, lane l) executed simt.exit at pc with a0 = code != 0:
 * the run goes on, and fails when the grid is done (check_done). */
void sm_note_exit_code(struct sm *sm, unsigned g, unsigned l,
                       uint32_t pc, uint32_t code);

/* The form of every run-time error (docs/isa.md, run-time errors): the
 * kernel, the thread (TB, warp, lane), the PC, then what happened; a
 * fault (regs) ends with the thread's registers. */
#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
void sm_fail_thread(struct sm *sm, unsigned g, unsigned l, uint32_t pc,
                    bool regs, const char *fmt, ...);

/* Why a thread's access was refused, and where: the region it missed. */
void sm_access_what(const struct sm *sm, const struct sm_accessor *a,
                    uint32_t sp, char *buf, size_t len);

/* ---- sm_skip.c: the quiet cycles. ---- */

/*
 * After a quiet cycle `now` (nothing dispatched, launched, fetched,
 * issued, marked ready, arrived or released; no request sent to or done
 * by the LSU; no structure changed), the cycles after it are the same
 * cycle again until something that depends on time changes: a register
 * becomes ready, a SIMD group frees, or the LSU completes a request or a
 * miss.  Count those cycles at once (`before`: the counts at the start of
 * the quiet cycle).  Nothing is skipped past max_cycles.
 */
void sm_skip_quiet_cycles(struct sm *sm, const struct sm_stats *before,
                          uint64_t now);

/*
 * After a cycle `now` that was quiet but for the LSU working inside
 * itself (its coalescer serving a line, replaying after a full MSHR, or
 * the shared banks; no request taken or done, the coalescer as busy as
 * before), the rest of the SM sees the same LSU in the next cycle, and so
 * repeats that cycle; only the LSU moves.  Run the LSU alone, cycle by
 * cycle, and count the rest of the SM at once, until the LSU reports a
 * request done or its coalescer frees (the rest of the SM then sees
 * another LSU) or a register or SIMD group changes by time.
 */
void sm_skip_lsu_cycles(struct sm *sm, const struct sm_stats *before,
                        uint64_t now);

#endif /* SIMTREF_SM_STAGE_H */
