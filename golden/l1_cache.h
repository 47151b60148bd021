/*
 * l1_cache.h -- the SM's L1 data cache: tags, LRU and the MSHRs.
 *
 * Organisation: l1d_kb KiB in lines of l1d_line_bytes, l1d_ways ways, so
 * l1d_kb x 1024 / (l1d_ways x l1d_line_bytes) sets (the configuration
 * checks that this is a power of two).  A line number is the byte address
 * >> log2(l1d_line_bytes); its set is the line number modulo the sets.
 * Only tags are kept: the data lives in the SM's memory (golden/sm_memory.c),
 * the cache times the accesses.
 *
 * Replacement: least recently used.  Every hit and every fill makes the
 * line the most recently used of its set; a fill into a full set evicts
 * the way used longest ago.
 *
 * Misses: l1d_mshrs miss status holding registers.  A read miss takes a
 * free MSHR, which holds the line number and the cycle its data comes
 * back; the line is filled into the cache at that cycle and the MSHR
 * freed.  A second miss to a line already outstanding merges into its
 * MSHR (no second DRAM request).  With every MSHR busy a new miss cannot
 * be taken: the caller retries the next cycle.
 *
 * Write policy for global stores: write-through, no write-allocate.  A
 * store goes to DRAM whether it hits or not; a store that hits updates
 * the line in place (it stays valid, its LRU position is unchanged); a
 * store that misses allocates nothing.  This is the policy of the Fermi L1
 * for global memory in GPGPU-Sim's Fermi configurations (the simulator
 * HARP and BAWS used): L1 lines of global data are never dirty.  An
 * atomic is performed at the memory side: it invalidates the line.
 *
 * A timing model, not a generated structure: it has no RTL and no row in
 * the structure registry (golden/registry.c).  It follows golden/model.h
 * for its sizes and checks, except that the sizes come from
 * l1_cache_from_config() (a function X_geometry(cfg, g) marks a registry
 * structure), and the load/store unit (golden/lsu.h) drives it through
 * the functions below instead of X_eval/X_step.
 */
#ifndef SIMTREF_L1_CACHE_H
#define SIMTREF_L1_CACHE_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

struct l1_cache_geometry {
    unsigned sets;              /* l1d_kb x 1024 / (ways x line_bytes) */
    unsigned ways;              /* l1d_ways */
    unsigned line_bytes;        /* l1d_line_bytes */
    unsigned hit_latency;       /* l1d_hit_latency, cycles */
    unsigned mshrs;             /* l1d_mshrs */
};

struct l1_mshr {
    bool     busy;              /* holds an outstanding miss */
    uint64_t line;              /* its line number */
    uint64_t ready;             /* the cycle its data is back and filled */
};

/* What a read lookup found (ORDER LOOKUP: l1_lookup_names in l1_cache.c). */
enum l1_lookup { L1_HIT, L1_MISS_OUTSTANDING, L1_MISS, L1_MISS_NO_MSHR };

/* Not hardware: kept for speed. */
struct l1_cache_memo {
    uint64_t next_ready;        /* the earliest `ready` of a busy MSHR
                                 * (UINT64_MAX when none is), so that a
                                 * cycle with nothing to retire looks at
                                 * no MSHR.  Stale when an MSHR is taken
                                 * (lowered by l1_cache_allocate()) or
                                 * freed (recomputed by l1_cache_retire());
                                 * set by l1_cache_reset() */
};

struct l1_cache {
    struct l1_cache_geometry g;
    bool     *valid;            /* [sets x ways]: the way holds a line */
    uint64_t *tag;              /* [sets x ways]: its line number */
    uint64_t *used;             /* [sets x ways]: last use, larger = later */
    uint64_t  clock;            /* use counter behind `used` */
    struct l1_mshr *mshr;       /* [mshrs] */
    struct l1_cache_memo memo;  /* not hardware: kept for speed */
    bool      reference;        /* not hardware: memo not read, every
                                 * MSHR looked at each cycle (simtref sim
                                 * --reference); kept by l1_cache_reset() */
};

void l1_cache_from_config(const struct simt_config *cfg, struct l1_cache_geometry *g);
int l1_cache_check(const struct l1_cache_geometry *g, char *msg, size_t msglen);
/* Allocates the arrays: free with l1_cache_free (also after a failure). */
int l1_cache_init(struct l1_cache *c, const struct simt_config *cfg,
                  char *msg, size_t msglen);
void l1_cache_free(struct l1_cache *c);
/* Every line invalid, every MSHR free. */
void l1_cache_reset(struct l1_cache *c);

/* Fills the lines whose MSHR's data is back by cycle `now`, frees those
 * MSHRs.  Call once a cycle before the lookups. */
void l1_cache_retire(struct l1_cache *c, uint64_t now);

/*
 * A read of line `line` at cycle `now`.  L1_HIT: *ready = now +
 * hit_latency (and the line becomes most recently used).
 * L1_MISS_OUTSTANDING: merged, *ready = the MSHR's cycle.  L1_MISS: an
 * MSHR is free and the caller must fetch the line: it calls
 * l1_cache_allocate with the cycle the data comes back.  L1_MISS_NO_MSHR:
 * nothing changed, retry later.
 */
enum l1_lookup l1_cache_read(struct l1_cache *c, uint64_t line, uint64_t now,
                             uint64_t *ready);
/* Takes a free MSHR for `line`, whose data is back at `ready`.  Only
 * after l1_cache_read answered L1_MISS for it, the same cycle. */
void l1_cache_allocate(struct l1_cache *c, uint64_t line, uint64_t ready);
/* A global store to `line`: true when it hit (the line is updated). */
bool l1_cache_write(struct l1_cache *c, uint64_t line);
/* Drops `line` if present (an atomic). */
void l1_cache_invalidate(struct l1_cache *c, uint64_t line);

/* Views: whether `line` is in the cache (tests, and the tag probe of
 * lsu_lines_held()); busy MSHRs (tests). */
bool l1_cache_holds(const struct l1_cache *c, uint64_t line);
unsigned l1_cache_mshrs_busy(const struct l1_cache *c);

/* The earliest cycle a busy MSHR's data is back (l1_cache_retire() frees
 * it then), or UINT64_MAX. */
uint64_t l1_cache_next_retire(const struct l1_cache *c);
const char *l1_lookup_name(enum l1_lookup r);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_L1_CACHE_H */
