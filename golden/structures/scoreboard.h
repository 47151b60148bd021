/*
 * scoreboard.h -- the SM's register scoreboard: true dependencies (RAW and
 * WAW) between a warp's instructions.
 *
 * Values are computed when an instruction issues (golden/sm/sm.c); the
 * scoreboard only delays the instructions that depend on it until its
 * result would be back.  It is indexed per thread's register: thread
 * (warp slot g, lane l) keeps, for each of its registers x1..x31, when the
 * register may be read or written again.  A thread stays in its launch
 * warp's slot and lane for its whole life under every mode, so the index
 * is stable when a mode regroups threads (harp's First-Level slots hold
 * threads of several launch warps, ics-first runs threads of one warp on
 * several paths): an instruction waits only for the registers of the
 * threads it runs, never for a thread of another path that happens to
 * share its launch warp.  A register whose value comes from memory is
 * pending (SCOREBOARD_PENDING) until the load/store unit returns it.
 *
 * Ports (struct scoreboard_in / scoreboard_out), one cycle:
 *
 *   now            the cycle (the model's clock, below)
 *   check          one check: the threads of a warp-instruction (a warp
 *                  slot and lanes, or for a regrouped warp each lane's
 *                  slot) and the registers it reads (rs1, rs2) and writes
 *                  (rd); 0 is none, as x0.  Output clear: none of those
 *                  registers of those threads is held (RAW, WAW) in this
 *                  cycle, or with `ahead` in the next (a result due then
 *                  is read then; a pending register, even one a release
 *                  of this cycle frees, is held).  The SM asks it for
 *                  each warp that may issue.
 *   reserve[k]     the reservations of this cycle's issues (at most one
 *                  per scheduler): threads, rd and the first cycle `at`
 *                  from which the result may be read, or
 *                  SCOREBOARD_PENDING (until a release)
 *   release[k]     the releases of this cycle (the load/store unit's
 *                  finished requests): threads and rd, readable from the
 *                  next cycle
 *
 * Cycle protocol: scoreboard_eval() answers the check port from the state
 * alone (a reservation or release of this cycle shows from the next one);
 * scoreboard_step() is the clock edge, which writes the reservations and
 * then the releases.  A reservation's `at` lies after `now`, and no check
 * of this cycle passes a register that a release of this cycle frees, so
 * the order of the ports within the cycle does not matter.
 *
 * The model's clock: the state holds for each thread register the cycle
 * from which it is ready rather than the count of cycles left, so that
 * the SM can pass over cycles in which nothing happens without stepping
 * each one (sm_run()).  The module (simtref_scoreboard) keeps the same
 * time stamps, cut to stamp_w bits: a free-running cycle counter, and per
 * thread register, in a bank per lane indexed by (warp slot, register), a
 * pending bit and a busy bit in flip-flops and the stamp of its ready
 * cycle in the bank's memory.  A busy register is held while its stamp
 * lies ahead of the counter.  A scrubber visits one (slot, register) row
 * a cycle and clears the busy bits whose stamp has passed, so that no
 * stamp stays long enough for the counter to wrap round to it: stamp_w
 * is one bit more than the rows' and the longest result's widths
 * (scoreboard_state_bits(), scoreboard_memory_bits()).  Down-counters
 * instead would be count_w + 1 bits a register but every one of them
 * written every cycle; the stamps are written only where a reservation
 * lands, as a banked memory is.  The ports' cycle `now` and `at` become
 * the module's latency (at - now) on the reservation port.
 *
 * For speed, each warp slot also keeps per register the latest ready
 * cycle over its lanes (struct scoreboard_memo): an upper bound, so that
 * when it has passed a whole warp is clear with three reads; only
 * otherwise are the lanes looked at one by one.  It is not hardware:
 * with `reference` set, every lane is looked at.
 */
#ifndef SIMTREF_SCOREBOARD_H
#define SIMTREF_SCOREBOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { SCOREBOARD_REGS = 32, SCOREBOARD_MAX_LANES = 64,
       SCOREBOARD_MAX_RESERVE = CONFIG_MAX_SCHEDULERS,
       SCOREBOARD_MAX_RELEASE = 64 };

#define SCOREBOARD_PENDING UINT64_MAX   /* a result not yet scheduled */

struct scoreboard_geometry {
    unsigned warp_slots;    /* threads_per_scheduler / warp_size per
                               scheduler, times schedulers */
    unsigned warp_size;     /* lanes per slot */
    unsigned count_w;       /* bits of the longest result, warp_size /
                               simd_width sub-warps plus the longest
                               latency: the module's latency port */
    unsigned reserve_ports; /* the module's reservation ports: one per
                               warp scheduler (an issue each) */
    unsigned release_ports; /* its release ports: the load/store unit's
                               write-back ports, lsu_writebacks */
    unsigned slot_w;        /* bits of a warp slot (at least 1) */
    unsigned row_w;         /* bits of a (warp slot, register) row of a
                               lane's bank: slot_w + 5 */
    unsigned stamp_w;       /* bits of a ready stamp and of the cycle
                               counter: max(row_w, count_w) + 1 */
};

/* The threads of a warp-instruction. */
struct scoreboard_threads {
    unsigned slot;          /* the warp slot of every lane's thread ... */
    const unsigned *slots;  /* ... or, when not NULL, each lane's (a
                               regrouped warp; warp_size entries) */
    uint64_t mask;          /* its lanes */
};

struct scoreboard_check {
    struct scoreboard_threads t;    /* the threads it would run */
    uint8_t rs1, rs2;       /* registers read (0: none) */
    uint8_t rd;             /* register written (0: none) */
    bool ahead;             /* asked about the next cycle (a grant that
                               executes then, operand_read_cycles = 1) */
};

struct scoreboard_reserve {
    unsigned slot;          /* the warp slot of every lane's thread, when
                               !regrouped */
    bool regrouped;         /* each lane's slot is in slots[] */
    unsigned slots[SCOREBOARD_MAX_LANES];   /* ... each lane's warp slot */
    uint64_t mask;          /* lanes */
    uint8_t rd;             /* the register written (not 0) */
    uint64_t at;            /* readable from this cycle, or
                               SCOREBOARD_PENDING */
};

struct scoreboard_release {
    const uint16_t *slots;  /* each lane's warp slot (warp_size entries) */
    uint64_t mask;          /* lanes */
    uint8_t rd;             /* the register returned (not 0) */
};

struct scoreboard_in {
    uint64_t now;           /* this cycle */
    struct scoreboard_check check;  /* the check port */
    unsigned n_reserve;     /* reservations this cycle */
    struct scoreboard_reserve reserve[SCOREBOARD_MAX_RESERVE];
    unsigned n_release;     /* releases this cycle */
    struct scoreboard_release release[SCOREBOARD_MAX_RELEASE];
};

struct scoreboard_out {
    bool clear;             /* the check's registers are free: it may issue */
};

/* Not hardware: kept for speed. */
struct scoreboard_memo {
    uint64_t *warp_max;     /* [g * 32 + r]: the latest ready cycle of
                             * warp slot g's lanes' register r, an upper
                             * bound.  Stale when a lane's register is
                             * reserved (raised at the edge's reservation)
                             * or released (recomputed over the lanes at
                             * the release); zeroed by scoreboard_reset() */
};

struct scoreboard {
    struct scoreboard_geometry g;
    uint64_t *ready;        /* [(g * warp_size + l) * 32 + r]: first cycle
                             * register r of thread (g, l) is ready */
    struct scoreboard_memo memo;    /* not hardware: kept for speed */
    bool reference;         /* not hardware: memo not read, every lane
                             * looked at (simtref sim --reference); the
                             * owner sets it, scoreboard_reset() keeps it */
};

void scoreboard_geometry(const struct simt_config *cfg,
                         struct scoreboard_geometry *g);
int scoreboard_check(const struct scoreboard_geometry *g, char *msg,
                     size_t msglen);
/* model.h's contract; the tables are allocated here (scoreboard_free). */
int scoreboard_init(struct scoreboard *m, const struct simt_config *cfg,
                    char *msg, size_t msglen);
void scoreboard_free(struct scoreboard *m);
/* Every register ready from cycle 0. */
void scoreboard_reset(struct scoreboard *m);
void scoreboard_eval(const struct scoreboard *m,
                     const struct scoreboard_in *in,
                     struct scoreboard_out *out);
void scoreboard_step(struct scoreboard *m, const struct scoreboard_in *in);
/* The module's storage: per thread register a pending and a busy bit
 * (flip-flops) and a stamp (memory), and the cycle counter and the
 * scrubber's row.  The banks hold a row for x0 too, never written (32
 * registers a slot keep the row index a concatenation). */
unsigned long scoreboard_state_bits(const struct scoreboard_geometry *g);
/* The stamps' part of it, in the lanes' memories. */
unsigned long scoreboard_memory_bits(const struct scoreboard_geometry *g);

/* The first cycle after now at which a register of warp slot g becomes
 * ready (a result scheduled, not a pending load's), or UINT64_MAX: when
 * the SM may next see another answer (sm_run's quiet cycles). */
uint64_t scoreboard_next_ready(const struct scoreboard *m, unsigned g,
                               uint64_t now);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SCOREBOARD_H */
