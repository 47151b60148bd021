/*
 * scoreboard.h -- the SM's register scoreboard: true dependencies (RAW and
 * WAW) between a warp's instructions.
 *
 * Values are computed when an instruction issues (golden/sm.c); the
 * scoreboard only delays the instructions that depend on it until its
 * result would be back.  It is indexed per thread's register: thread
 * (warp slot g, lane l) keeps, for each of its 32 registers, the first
 * cycle from which the register may be read or written again.  A thread
 * stays in its launch warp's slot and lane for its whole life under every
 * mode, so the index is stable when a mode regroups threads (harp's
 * First-Level slots hold threads of several launch warps, ics-first runs
 * threads of one warp on several paths): an instruction waits only for
 * the registers of the threads it runs, never for a thread of another
 * path that happens to share its launch warp.  A register whose value
 * comes from memory is pending (SB_PENDING) until the load/store unit
 * returns it.
 *
 * For speed, each warp slot also keeps per register the latest ready
 * cycle over its lanes (struct sb_memo): an upper bound, so that when it
 * has passed a whole warp is clear with three reads; only otherwise are
 * the lanes looked at one by one.
 */
#ifndef SIMTREF_SCOREBOARD_H
#define SIMTREF_SCOREBOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "rv32.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The unit whose latency delays an instruction's dependents.
 * ORDER SB_UNIT: sm_pipeline.c's latency table. */
enum sb_unit { SB_ALU, SB_MUL, SB_DIV, SB_MEM, SB_UNITS };

#define SB_PENDING UINT64_MAX   /* a result not yet scheduled (memory) */

/* The registers an instruction reads and writes (0: none, as x0). */
struct sb_use {
    uint8_t rs1, rs2;       /* source registers */
    uint8_t rd;             /* destination register */
    uint8_t unit;           /* enum sb_unit of its result */
    uint8_t mem;            /* a load, store or AMO (the load/store unit) */
};

/* Not hardware: kept for speed. */
struct sb_memo {
    uint64_t *warp_max;     /* [g * 32 + r]: the latest ready cycle of
                             * warp slot g's lanes' register r, an upper
                             * bound.  Stale when a lane's register is
                             * written: raised by sb_write(), recomputed by
                             * sb_release(); cleared by sb_reset() */
};

struct scoreboard {
    unsigned warp_slots;    /* warp slots of the SM */
    unsigned warp_size;     /* lanes per slot */
    uint64_t *ready;        /* [(g * warp_size + l) * 32 + r]: first cycle
                             * register r of thread (g, l) is ready */
    struct sb_memo memo;    /* not hardware: kept for speed */
    bool reference;         /* not hardware: memo not read, every lane
                             * looked at (simtref sim --reference); kept
                             * by sb_reset(), cleared by sb_init() */
};

/* The registers of insn (from its operation: an I-type reads no rs2). */
struct sb_use sb_operands(const struct rv32_insn *insn);

int sb_init(struct scoreboard *sb, unsigned warp_slots, unsigned warp_size);
void sb_free(struct scoreboard *sb);
/* Every register ready from cycle 0. */
void sb_reset(struct scoreboard *sb);

/* The lanes `mask` of warp slot g may run an instruction using `u` at
 * cycle now: its sources are ready (RAW) and its destination is not
 * being written (WAW). */
bool sb_clear(const struct scoreboard *sb, unsigned g, uint64_t mask,
              const struct sb_use *u, uint64_t now);

/* Register rd of the lanes `mask` of warp slot g is ready from cycle at
 * (SB_PENDING: until sb_release).  rd 0 is ignored. */
void sb_write(struct scoreboard *sb, unsigned g, uint64_t mask, unsigned rd,
              uint64_t at);

/* A pending rd of the lanes `mask` of slot g is ready from cycle at. */
void sb_release(struct scoreboard *sb, unsigned g, uint64_t mask,
                unsigned rd, uint64_t at);

/* The same for a warp whose lanes hold threads of several warp slots
 * (a regrouped warp): lane l's thread is (slot[l], l). */
bool sb_clear_threads(const struct scoreboard *sb, const unsigned slot[],
                      uint64_t mask, const struct sb_use *u, uint64_t now);
void sb_write_threads(struct scoreboard *sb, const unsigned slot[],
                      uint64_t mask, unsigned rd, uint64_t at);

/* The first cycle after now at which a register of warp slot g becomes
 * ready (a result scheduled, not a pending load's), or UINT64_MAX. */
uint64_t sb_next_ready(const struct scoreboard *sb, unsigned g, uint64_t now);

/* Lanes of slot g (in mask) whose register r is not ready at cycle now. */
uint64_t sb_waiting(const struct scoreboard *sb, unsigned g, uint64_t mask,
                    unsigned r, uint64_t now);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SCOREBOARD_H */
