/*
 * lsu.h -- the SM's load/store unit: coalescing, the L1 data cache, the
 * shared-memory banks and DRAM, in time.
 *
 * The SM performs every load, store and atomic on its memory when it
 * issues the instruction (golden/sm_memory.c); the LSU only decides when
 * each one is done.  It takes at most one warp's request a cycle, and
 * works on one request at a time (the coalescer):
 *
 *   global   Each cycle the unified arbiter in memory mode (golden/arbiter.h,
 *            Collange section 4.2) selects the smallest line among the
 *            lanes still to be served; the lanes on that line are
 *            acknowledged and served by one L1 access, the others replay
 *            the next cycle.  A warp whose lanes touch k lines thus takes
 *            k cycles.  Loads: an L1 hit is back after l1d_hit_latency; a
 *            miss takes an MSHR and a DRAM read of the line (or merges into
 *            the MSHR already fetching it); with no MSHR free the line is
 *            not acknowledged and the lanes retry the next cycle (an
 *            MSHR-full stall).  Stores: write-through, no write-allocate
 *            (l1_cache.h); each line is a DRAM write of the lanes' bytes,
 *            and the store is done when its last line leaves the unit.
 *            Atomics: performed at the memory side, one DRAM round trip per
 *            line, without allocating in the L1.
 *   shared   The banks take shared_mem_cycles() cycles (the worst bank
 *            conflict); the data is back l1d_hit_latency cycles after the
 *            last (Fermi's shared memory and L1 are one array).
 *
 * A load or atomic is done when the data of all its lines is back.
 *
 * Cycle protocol, for the SM: in a cycle, first lsu_can_accept() and at
 * most one lsu_issue(), then one lsu_cycle().  A request issued in cycle
 * t makes its first arbiter pass in that cycle's lsu_cycle(); a hit on
 * all its lanes' one line is reported done by the lsu_cycle() of cycle
 * t + l1d_hit_latency.  A store (no register) is reported by the
 * lsu_cycle() of its last pass.
 *
 * Like the SM model, the unit composes models (the arbiter, the L1, the
 * banks, DRAM); it is a timing model without RTL, not a registry
 * structure.
 */
#ifndef SIMTREF_LSU_H
#define SIMTREF_LSU_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "config.h"
#include "arbiter.h"
#include "l1_cache.h"
#include "shared_mem.h"
#include "dram.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    LSU_MAX_LANES = 64,
    LSU_MAX_INFLIGHT = 64       /* requests between issue and done */
};
enum lsu_space { LSU_GLOBAL, LSU_SHARED };
enum lsu_kind { LSU_LOAD, LSU_STORE, LSU_ATOMIC };

struct lsu_request {            /* one warp's memory instruction, at issue */
    unsigned warp;              /* SM warp slot (the scoreboard's owner) */
    unsigned rd;                /* destination register, 0: none (stores) */
    enum lsu_kind kind;
    enum lsu_space space;
    unsigned tb;                /* TB slot: which shared-memory window */
    unsigned bytes;             /* access size: 1, 2 or 4 */
    uint64_t mask;              /* lanes that access memory */
    uint32_t addr[LSU_MAX_LANES]; /* each lane's byte address */
};

struct lsu_done {               /* a request whose data is back */
    unsigned warp, rd;
};

struct lsu_stats {
    uint64_t requests;          /* requests issued (global and shared) */
    uint64_t l1_hits;           /* load lines found in the L1 */
    uint64_t l1_misses;         /* load lines not found (merges included) */
    uint64_t l1_merges;         /* misses merged into an outstanding MSHR */
    uint64_t mshr_stalls;       /* cycles a miss waited for a free MSHR */
    uint64_t lines;             /* global lines served: arbiter passes that
                                   acknowledged lanes */
    uint64_t replays;           /* passes of a request after its first (its
                                   lanes on other lines replaying, or an
                                   MSHR-full retry) */
    uint64_t store_lines;       /* lines written through to DRAM */
    uint64_t atomic_lines;      /* lines of atomics sent to DRAM */
    uint64_t shared_accesses;   /* shared-memory requests */
    uint64_t bank_conflicts;    /* extra bank cycles of shared requests */
    uint64_t dram_requests;     /* DRAM transfers: line fills, writes, atomics */
    uint64_t dram_busy_cycles;  /* cycles the SM's DRAM share transferred */
};

/* A request between issue and done. */
struct lsu_flight {
    bool     used;              /* the slot holds a request */
    bool     sent;              /* every lane has left the coalescer */
    bool     global;            /* global space (lsu_pending) */
    unsigned warp, rd;          /* reported in lsu_done */
    uint64_t ready;             /* the cycle its last data is back */
};

/* Not hardware: kept for speed. */
struct lsu_memo {
    uint64_t next_done;         /* the earliest `ready` of a sent entry of
                                 * flight[] (UINT64_MAX when none), so that
                                 * a cycle with no data back looks at no
                                 * entry.  Stale when an entry is sent
                                 * (lowered by sent()) or reported
                                 * (recomputed by lsu_cycle() over the
                                 * entries that stay); set by lsu_reset().
                                 * An entry not sent is the coalescer's
                                 * (busy) */
};

struct lsu {
    struct arbiter arb;         /* the unified arbiter, memory mode */
    struct l1_cache l1;
    struct shared_mem_geometry smem;
    struct dram dram;
    unsigned lanes;             /* warp_size */
    unsigned line_shift;        /* log2(l1d_line_bytes) */
    uint64_t now;               /* cycles since reset */
    bool     busy;              /* the coalescer holds a request */
    struct lsu_request cur;     /* that request */
    uint64_t left;              /* its lanes still to be served */
    unsigned passes;            /* its arbiter passes so far */
    unsigned bank_cycles_left;  /* shared: bank cycles still to go */
    unsigned slot;              /* its entry of flight[] */
    unsigned inflight;          /* entries of flight[] in use */
    unsigned global_inflight;   /* of them, global accesses */
    struct lsu_flight flight[LSU_MAX_INFLIGHT];
    struct lsu_stats stats;
    struct lsu_memo memo;       /* not hardware: kept for speed */
    bool reference;             /* not hardware: memo not read, every
                                 * entry looked at each cycle (simtref sim
                                 * --reference); kept by lsu_reset() */
};

/* Sizes from cfg (the arbiter's, the L1's, the banks', DRAM's), checked,
 * then reset: 0, or -1 with a message.  lsu_free() releases the L1's
 * arrays (also after a failure). */
int  lsu_init(struct lsu *u, const struct simt_config *cfg, char *err, size_t errlen);
void lsu_free(struct lsu *u);
/* Empty unit, empty L1, free MSHRs and DRAM, zero statistics. */
void lsu_reset(struct lsu *u);
/* The unit takes a new request this cycle. */
bool lsu_can_accept(const struct lsu *u);
/* At most one a cycle, only when lsu_can_accept(); a request without
 * lanes (mask 0) is done at once. */
void lsu_issue(struct lsu *u, const struct lsu_request *r);
/* One clock edge: coalescing (one line per cycle through the unified
 * arbiter's memory mode, the other lanes replaying), the L1, the MSHRs,
 * shared-memory banks, DRAM.  Writes the requests whose data returned
 * this cycle into done[] (their registers may be read from the next
 * cycle) and returns how many; beyond `max`, the rest are reported by
 * the next call. */
unsigned lsu_cycle(struct lsu *u, struct lsu_done *done, unsigned max);
/* The warp has a global access in flight (issued and not yet done). */
bool lsu_pending(const struct lsu *u, unsigned warp);
/* A tag probe: whether every line the lanes of global request r touch is
 * in the L1 now (a line whose miss is outstanding is not).  It changes
 * nothing; the SM asks it at issue when a harp warp goes to the
 * Waiting-Lookup only on a miss (waiting_lookup_loads = miss). */
bool lsu_lines_held(const struct lsu *u, const struct lsu_request *r);
/* Nothing in flight: every request issued has been reported done. */
bool lsu_idle(const struct lsu *u);
/* The first cycle from now on at which lsu_cycle() does more than count
 * the cycle: now while the coalescer holds a request, else the earliest
 * completion of a request or of an L1 miss; UINT64_MAX when idle. */
uint64_t lsu_next_event(const struct lsu *u);
/* Count n cycles in which lsu_cycle() would do nothing else (they end
 * before lsu_next_event()). */
void lsu_skip(struct lsu *u, uint64_t n);
const struct lsu_stats *lsu_stats(const struct lsu *u);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_LSU_H */
