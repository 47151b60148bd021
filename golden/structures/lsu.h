/*
 * lsu.h -- the SM's load/store unit: the coalescer, the in-flight table,
 * and the L1 data cache and shared-memory banks it drives; its memory
 * port reaches DRAM, outside the SM.
 *
 * The SM performs every load, store and atomic on its memory when it
 * issues the instruction (golden/sm/sm_memory.c); the LSU only decides when
 * each one is done.  It takes at most one warp's request a cycle, and
 * works on one request at a time (the coalescer):
 *
 *   global   Each cycle the unified arbiter in memory mode (golden/structures/arbiter.h,
 *            Collange section 4.2) selects the smallest line among the
 *            lanes still to be served; the lanes on that line are
 *            acknowledged and served by one L1 lookup, the others replay
 *            the next cycle.  A warp whose lanes touch k lines thus takes
 *            k cycles.  Loads: an L1 hit is back after l1d_hit_latency; a
 *            miss takes an MSHR and sends DRAM the line's read (or merges
 *            into the MSHR already fetching it) and waits for the MSHR's
 *            fill; with no MSHR free the line is not acknowledged and the
 *            lanes retry the next cycle (an MSHR-full stall).  Stores:
 *            write-through, no write-allocate (l1_cache.h); each line is a
 *            DRAM write of the lanes' bytes, and the store is done when its
 *            last line leaves the unit.  Atomics: performed at the memory
 *            side, one DRAM round trip per line, without allocating in the
 *            L1 (the line is invalidated).  A store's or atomic's line that
 *            an MSHR is reading is not acknowledged until its fill: the
 *            lanes retry (a fill wait, l1_cache.h).
 *   shared   The banks (golden/structures/shared_mem.h) take one cycle per way of the
 *            worst bank conflict; the data is back l1d_hit_latency cycles
 *            after the last (Fermi's shared memory and L1 are one array).
 *
 * A load or atomic is done when the data of all its lines is back.
 *
 * Ports (struct lsu_in / lsu_out), one cycle:
 *
 *   issue      in   this cycle's request from issue (NULL: none): warp
 *                   slot, destination register, kind, space, TB, access
 *                   size, lane mask and each lane's address; only when
 *                   `ready`
 *   mem        in   the memory port's responses this cycle (NULL: none;
 *                   struct dram_out: the ids of the reads and atomics
 *                   whose data arrives at the end of this cycle)
 *   ready      out  the unit takes a request this cycle: the coalescer is
 *                   free and the in-flight table has a free entry
 *   done[]     out  the requests whose data is back (their registers may
 *                   be read from the next cycle), in the order of their
 *                   in-flight entries.  At most lsu_writebacks of them
 *                   write a register (loads, atomics): the write-back
 *                   ports.  A request with a register whose data is back
 *                   beyond them stays in its entry to the next cycle, the
 *                   lowest entries first; stores (no register) leave as
 *                   soon as they are done
 *   mem        out  the memory port's request (struct dram_in): an L1
 *                   miss's line read (id = its MSHR), a store line's write,
 *                   or an atomic line (id = l1d_mshrs + its in-flight
 *                   entry); at most one a cycle
 *   l1, smem   out  the L1's lookup and the banks' request as the unit
 *                   drives them this cycle (the model answers them with
 *                   its own L1 and banks; the generated module has them as
 *                   ports, docs/architecture.md)
 *
 * Cycle protocol: a request given in cycle t makes its first arbiter pass
 * in cycle t (the coalescer works on the input until the edge loads its
 * register); a hit on all its lanes' one line is reported done in cycle
 * t + l1d_hit_latency; a store is reported in the cycle of its last pass;
 * a miss whose data DRAM returns at cycle R (responds in R - 1) is
 * reported in cycle R.  The SM model composes a cycle as dram_eval(),
 * then lsu_eval() and lsu_step() (or lsu_cycle(), both at once), then
 * dram_step() with the unit's memory request.
 *
 * State: the coalescer's register (the request and its lanes still to be
 * served), the in-flight table (per entry: the warp and register to
 * report, the MSHR fills and atomic responses it waits for, when its hits'
 * data is back) and, per MSHR, the entries waiting for its fill; the L1,
 * the banks and the arbiter hold their own.
 *
 * One of the SM's parts (golden/registry.h).  It composes the L1, the
 * banks and the arbiter (the SM model's way).  Its generated module,
 * simtref_lsu (rtlgen/emit_lsu.c), instantiates the arbiter and has the
 * L1's and the banks' ports as its own.
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

struct lsu_geometry {
    unsigned lanes;             /* warp_size */
    unsigned line_shift;        /* log2(l1d_line_bytes) */
    unsigned line_bytes;        /* l1d_line_bytes */
    unsigned hit_latency;       /* l1d_hit_latency */
    unsigned mshrs;             /* l1d_mshrs: atomics' ids start there */
    unsigned entries;           /* in-flight entries, LSU_MAX_INFLIGHT */
    unsigned writebacks;        /* lsu_writebacks: dones with a register a
                                   cycle */
    unsigned warp_w;            /* bits of a warp slot */
    unsigned tb_w;              /* bits of a TB slot */
    unsigned addr_w;            /* addr_bits */
};

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

struct lsu_in {
    const struct lsu_request *issue;    /* this cycle's request, or NULL */
    const struct dram_out *mem;         /* the memory port's responses, or
                                           NULL */
};

struct lsu_out {
    bool     ready;             /* a request is taken this cycle */
    unsigned n_done;            /* entries of done[] */
    struct lsu_done done[LSU_MAX_INFLIGHT]; /* requests done this cycle */
    unsigned held;              /* requests with a register whose data is
                                   back that wait for a write-back port */
    struct dram_in mem;         /* the memory port's request */
    struct l1_cache_in l1;      /* the L1's lookup port as the unit drives
                                   it (n_fill 0: the fills are the memory
                                   port's responses, added at the edge) */
    struct shared_mem_in smem;  /* the banks' port as the unit drives it
                                   (addr NULL when no shared request) */
};

struct lsu_stats {
    uint64_t requests;          /* requests issued (global and shared) */
    uint64_t l1_hits;           /* load lines found in the L1 */
    uint64_t l1_misses;         /* load lines not found (merges included) */
    uint64_t l1_merges;         /* misses merged into an outstanding MSHR */
    uint64_t mshr_stalls;       /* cycles a miss waited for a free MSHR */
    uint64_t fill_waits;        /* cycles a store or atomic waited for the
                                   fill of its line (l1_cache.h) */
    uint64_t lines;             /* global lines served: arbiter passes that
                                   acknowledged lanes */
    uint64_t replays;           /* passes of a request after its first (its
                                   lanes on other lines replaying, or an
                                   MSHR-full retry) */
    uint64_t store_lines;       /* lines written through to DRAM */
    uint64_t atomic_lines;      /* lines of atomics sent to DRAM */
    uint64_t shared_accesses;   /* shared-memory requests */
    uint64_t bank_conflicts;    /* extra bank cycles of shared requests */
    uint64_t dram_requests;     /* memory port requests: line fills,
                                   writes, atomics */
};

/* An entry of the in-flight table: a request between issue and done. */
struct lsu_flight {
    bool     used;              /* the entry holds a request */
    bool     sent;              /* every lane has left the coalescer */
    bool     global;            /* global space (lsu_pending) */
    unsigned warp, rd;          /* reported in lsu_done */
    unsigned waits;             /* MSHR fills and atomic responses it
                                   still waits for */
    uint64_t ready;             /* the cycle its hits' (or the banks')
                                   data is back; at least the cycle of its
                                   last pass */
};

/* Not hardware: kept for speed. */
struct lsu_memo {
    uint64_t next_done;         /* the earliest `ready` of a sent entry of
                                 * flight[] that waits for no response
                                 * (UINT64_MAX when none), so that a cycle
                                 * with no data back looks at no entry.
                                 * Stale when an entry is sent or its last
                                 * response comes (lowered there) and when
                                 * done entries leave (recomputed over
                                 * those that stay); set by lsu_reset() */
};

struct lsu {
    struct lsu_geometry g;
    struct arbiter arb;         /* the unified arbiter, memory mode */
    struct l1_cache l1;
    struct shared_mem smem;     /* the banks and their replay */
    uint64_t now;               /* cycles since reset (the entries' ready) */
    bool     busy;              /* the coalescer holds a request */
    struct lsu_request cur;     /* that request */
    uint64_t left;              /* its lanes still to be served */
    unsigned passes;            /* its arbiter passes so far */
    unsigned slot;              /* its entry of flight[] */
    unsigned inflight;          /* entries of flight[] in use */
    unsigned global_inflight;   /* of them, global accesses */
    struct lsu_flight flight[LSU_MAX_INFLIGHT];
    uint64_t mshr_wait[L1_MAX_MSHRS]; /* per MSHR: the entries of flight[]
                                   waiting for its fill */
    struct lsu_stats stats;
    struct lsu_memo memo;       /* not hardware: kept for speed */
    bool reference;             /* not hardware: memo not read, every
                                 * entry looked at each cycle (simtref sim
                                 * --reference); kept by lsu_reset() */
};

void lsu_geometry(const struct simt_config *cfg, struct lsu_geometry *g);
int  lsu_check(const struct lsu_geometry *g, char *msg, size_t msglen);
/* Sizes from cfg (its own, the arbiter's, the L1's, the banks'), checked,
 * then reset: 0, or -1 with a message.  lsu_free() releases the L1's
 * arrays (also after a failure). */
int  lsu_init(struct lsu *u, const struct simt_config *cfg, char *err, size_t errlen);
void lsu_free(struct lsu *u);
/* Empty unit, empty L1, free MSHRs and banks, zero statistics. */
void lsu_reset(struct lsu *u);
void lsu_eval(const struct lsu *u, const struct lsu_in *in, struct lsu_out *out);
void lsu_step(struct lsu *u, const struct lsu_in *in);
/* lsu_eval() then lsu_step(), working out the cycle once (the model's
 * shortcut, for the SM; the same outputs and next state). */
void lsu_cycle(struct lsu *u, const struct lsu_in *in, struct lsu_out *out);
/* The coalescer's register, the in-flight table and the MSHRs' waiting
 * entries (the L1, the banks and the arbiter count their own). */
unsigned long lsu_state_bits(const struct lsu_geometry *g);

/* Views of the state.  The unit takes a request this cycle (out.ready). */
bool lsu_can_accept(const struct lsu *u);
/* The warp has a global access in flight (issued and not yet done). */
bool lsu_pending(const struct lsu *u, unsigned warp);
/* A tag probe: whether every line the lanes of global request r touch is
 * in the L1 now (a line whose miss is outstanding is not).  It changes
 * nothing; the SM asks it at issue when a harp warp goes to the
 * Waiting-Lookup only on a miss (waiting_lookup_loads = miss). */
bool lsu_lines_held(const struct lsu *u, const struct lsu_request *r);
/* Nothing in flight: every request issued has been reported done. */
bool lsu_idle(const struct lsu *u);
const struct lsu_stats *lsu_stats(const struct lsu *u);

/* Not hardware, for the SM model's skipping of quiet cycles.  The first
 * cycle from now on at which a cycle of the unit does more than count the
 * cycle, with no memory response: now while the coalescer holds a
 * request, else the earliest completion of a request; UINT64_MAX when
 * idle (the memory port's responses are DRAM's events, dram_next_event()).
 * lsu_skip(): count n cycles in which the unit would do nothing else (they
 * end before lsu_next_event() and the next response). */
uint64_t lsu_next_event(const struct lsu *u);
void lsu_skip(struct lsu *u, uint64_t n);
/* Not hardware: the statistics of request r (requests, shared accesses,
 * bank conflicts), which lsu_step() counts when it takes r, for a cycle
 * the SM model abandons after r was given (an error stops the run before
 * the edge): a failed run reports every request its threads issued. */
void lsu_count_abandoned(struct lsu *u, const struct lsu_request *r);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_LSU_H */
