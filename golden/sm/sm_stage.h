/*
 * sm_stage.h -- the SM's composition inside: what one file of the SM
 * gives another.  Private to golden/sm*.c; the SM's interface is
 * golden/sm/sm.h.
 *
 * The files, by stage: sm.c (the cycle's stages and their sequence,
 * sm_run()), sm_create.c (create, start, destroy), sm_tb.c (TB dispatch,
 * retirement, barriers, the grid's end), sm_issue.c (the hazards and
 * stalls of the issue), sm_execute.c (execution on the lanes),
 * sm_memport.c (the LSU's requests and edge, the memory port),
 * sm_fault.c (fault reports, the invariants), sm_skip.c (the quiet cycles
 * skipped: not hardware).
 */
#ifndef SIMTREF_SM_STAGE_H
#define SIMTREF_SM_STAGE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

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

/* Scheduler s's local warps with resident set: the memo, or under
 * reference the bitset recomputed into set[]. */
static inline const uint64_t *sm_resident_of(const struct sm *sm, unsigned s,
                                             uint64_t set[])
{
    if (!sm->reference)
        return sm->memo.resident[s];
    memset(set, 0, SCHEDULER_MAX_WARPS / 64 * sizeof set[0]);
    for (unsigned w = 0; w < sm->warps_per_sched; w++)
        if (sm_warp(sm, sm_slot_of(sm, s, w))->resident)
            bitset_add(set, w);
    return set;
}

/* The read port of scheduler sc's I-buffer data for its warp w: the
 * head slot, the next fetch's PC and mask, the refill bit. */
static inline struct ibuffer_out sm_ibuffer_read(struct sm_sched *sc,
                                                 unsigned w)
{
    struct ibuffer_out o;

    sc->ib_in.rd_warp = w;
    ibuffer_eval(&sc->ib, &sc->ib_in, &o);
    return o;
}

/* The instruction memory's answer to a fetch at pc, which the I-buffer
 * takes at the fill: the word of the text there, 0 outside it (a warp
 * that reaches such a PC fails when it executes). */
static inline uint32_t sm_text_word(struct sm *sm, uint32_t pc)
{
    uint32_t word = 0;

    if (pc >= sm->prog->text_lo && pc < sm->prog->text_hi && !(pc & 3))
        sm_memory_read(&sm->mem, pc, &word, 4);
    return word;
}

/* The stall of a warp that may issue, from its I-buffer and its hazard:
 * an empty I-buffer refilling after a jump is a control stall, else a
 * fetch stall; SM_STALLS when nothing holds it. */
static inline enum sm_stall sm_ready_stall(bool buffered, bool refill,
                                           enum sm_hazard hz)
{
    return !buffered ? (refill ? SM_STALL_CONTROL : SM_STALL_FETCH)
           : hz == SM_HAZARD_DATA ? SM_STALL_DATA
           : hz == SM_HAZARD_STRUCTURAL ? SM_STALL_STRUCTURAL
           : SM_STALLS;
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

/* ---- sm_tb.c: thread blocks, barriers, the grid's end. ---- */

unsigned sm_launches_pending_of(const struct sm *sm);

/* The TBs the dispatcher (golden/structures/dispatch.h) places this cycle take
 * their TB slots and warp slots: their threads start at the entry.
 * Returns how many were placed. */
unsigned sm_dispatch(struct sm *sm);

/* The warp-phase of TB slot t ends (RTRU, BAWS eq. 1): each of its warps
 * took the cycles from the phase's start to its arrival or exit; a warp
 * that exited in an earlier phase, or whose slot another TB took since,
 * is not counted. */
void sm_end_phase(struct sm *sm, unsigned t);

/* Retire a warp whose threads have all exited. */
void sm_retire(struct sm *sm, unsigned g);

/* The TB barrier's arrivals, asked every cycle by sm.c's stages
 * (sm_tb.c): the warp of scheduler s whose live threads all wait at the
 * barrier and that has not arrived (-1: none), and the exited warps of
 * TBs whose barrier is in progress, on the arrival ports no warp uses
 * (sent[t] of TB slot t; true when one arrives). */
int sm_barrier_arrival(const struct sm *sm, unsigned s);
bool sm_exited_arrivals(struct sm *sm, struct wpt_in *wi, unsigned sent[]);

/* The launch probe at the WPT's edge (struct sm_launch_probe): its
 * arrival ports, its outputs, and the warps it releases (release[s][w],
 * NULL when it releases none). */
void sm_probe_launch_edge(struct sm *sm, const struct wpt_in *wi,
                          const struct wpt_out *wo,
                          bool (*release)[SCHEDULER_MAX_WARPS]);

/* TB slot t's barrier releases: its live threads must all wait at the
 * same simt.bar (each thread's PC is the one after it).  Threads waiting
 * at different barriers (a barrier that some of them skipped) stop the
 * run, naming the TB, the warps, their lanes and the barriers' PCs. */
void sm_check_release(struct sm *sm, unsigned t);

/* A barrier that can no longer complete: every live warp of the TB waits
 * at it, yet fewer than all the TB's warps arrived, and no exited warp is
 * left to arrive (a fault of the model: exited warps arrive, sm.c's
 * sm_exited_arrivals()). */
void sm_check_barriers(struct sm *sm);

/* The grid is done: every TB placed and finished, the LSU empty. */
void sm_check_done(struct sm *sm);

/* ---- sm_issue.c: hazards and stalls. ---- */

/* The decoded instruction at pc (valid 0 outside the text). */
struct decode_out sm_use_at(const struct sm *sm, uint32_t pc);

/* The warp slot of each lane's thread, from the owners (local warps). */
void sm_owner_slots(const struct sm *sm, unsigned s,
                    const unsigned owner[], unsigned slot[]);

/* What keeps warp (s, w)'s oldest instruction from issuing at cycle now
 * (SM_HAZARD_NONE: nothing).  data: an operand (RAW) or the destination
 * (WAW) of one of its threads is not ready, or a load of the same warp
 * slot to the same register is in flight (the LSU reports done by slot
 * and register); structural: its unit is busy (the SIMD groups of the
 * scheduler, group_ok, or the LSU).  A stale slot and a PC outside the
 * text are let through: the first is dropped, the second is an error
 * that sm_execute() names.  next: a grant that executes in the next
 * cycle (operand_read_cycles = 1), whose check asks the scoreboard about
 * that cycle.  lsu_ok: the LSU takes a memory instruction (its port free
 * in this cycle, or, for such a grant, the unit able to accept). */
enum sm_hazard sm_issue_hazard(struct sm *sm, unsigned s,
                               unsigned w, uint64_t now, bool next,
                               bool group_ok, bool lsu_ok);

/* Why scheduler s issued nothing when none of its warps shows a reason:
 * the threads of its launch warps are held by the control-flow
 * structures (harp's tables) or wait at the barrier, or its warps exited
 * while their TB runs; idle when it has no thread at all. */
enum sm_stall sm_idle_reason(struct sm *sm, unsigned s);

/* An idle cycle (HARP Fig. 5 and 14): count each live thread by its
 * state (enum sm_thread_state).  data[s][w]: scheduler s's warp w waits
 * on an operand. */
void sm_count_idle_threads(struct sm *sm,
                           bool data[][SCHEDULER_MAX_WARPS]);

/* ---- sm_execute.c: execution. ---- */

/* The threads warp (s, w) runs if it issues now: the PC of its oldest
 * I-buffer slot, the lanes whose thread runs, and owner[l], the warp
 * (local) whose thread lane l is (w itself unless the mode regroups
 * threads); *one tells whether a single warp owns every lane that runs.
 * False when the slot is stale: the mode selects another PC now, and the
 * slot is dropped without running. */
bool sm_issue_threads(struct sm *sm, unsigned s, unsigned w,
                      uint32_t *pc, uint64_t *mask, unsigned owner[],
                      bool *one);

/* Execute slot 0 of warp (s, w) on its active lanes.  Lane l's thread
 * belongs to the scheduler's warp o->owner[l] (w itself unless the mode
 * regroups threads).  The register file's read ports give each lane its
 * operands (under harp at its own thread's slot: the per-lane offsets),
 * the lane datapath computes (golden/structures/lane.h; rv32_lane_access() performs
 * its memory request), and the write port takes the results at the
 * cycle's edge. */
void sm_execute(struct sm *sm, unsigned s, unsigned w,
                struct sm_exec_outcome *o, struct sm_issue_record *rec);

/* ---- sm_memport.c: the memory port. ---- */

/* The issued instruction is a load or atomic of global memory whose
 * result a register waits for, and under harp it sends the warp to the
 * Waiting-Lookup (waiting_lookup_loads: every such one, one that misses
 * the L1, or none). */
bool sm_waits_on_global(const struct sm *sm, unsigned s,
                        const struct sm_exec_outcome *o,
                        const struct sm_issue_record *rec);

/* The scoreboard's reservation port for an issue of scheduler s: rd of
 * the threads of `mask` (owners local to s; one: all in the lowest
 * lane's) is readable from `at`, written at the clock edge. */
void sm_reserve_rd(struct sm *sm, unsigned s, bool one,
                   const unsigned owner[], uint64_t mask, unsigned rd,
                   uint64_t at);

/* The scoreboard's clock edge: this cycle's reservations and releases. */
void sm_scoreboard_edge(struct sm *sm);

/* The issued memory instruction goes to the LSU; a load or atomic holds
 * its destination in the scoreboard until the LSU reports it done. */
void sm_send_to_lsu(struct sm *sm, unsigned s, unsigned w,
                    const struct sm_issue_record *rec,
                    const unsigned owner[], const struct decode_out *u);

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
