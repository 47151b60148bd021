/*
 * l1_cache.h -- the SM's L1 data cache: tags, LRU and the MSHRs.
 *
 * Organisation: l1d_kb KiB in lines of l1d_line_bytes, l1d_ways ways, so
 * l1d_kb x 1024 / (l1d_ways x l1d_line_bytes) sets (the configuration
 * checks that this is a power of two).  A line number is the byte address
 * >> log2(l1d_line_bytes); its set is the line number modulo the sets.
 * Only tags are kept: the data lives in the SM's memory (golden/sm/sm_memory.c),
 * the cache times the accesses.
 *
 * Replacement: least recently used.  Every hit and every fill makes the
 * line the most recently used of its set; a fill into a full set evicts
 * the way used longest ago.
 *
 * Misses: l1d_mshrs miss status holding registers.  A read miss takes a
 * free MSHR (the lowest), which holds the line number until the line
 * arrives on the fill port; the line is then filled into the cache and the
 * MSHR freed.  A second miss to a line already outstanding merges into its
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
 * A write waits for an outstanding read of its line: a store or atomic
 * whose line a busy MSHR holds finds L1_MISS_OUTSTANDING, and the caller
 * retries it after the fill.  DRAM performs what it takes in order, so
 * the read was performed before the write: a write taken while the read
 * is in flight would leave the fill without it (the L1 then holds a word
 * memory no longer has), and the loads merging into the MSHR after the
 * write would miss it.  Waiting keeps the line's data memory's, and a
 * thread's load then store of a word in its order.
 *
 * Ports (struct l1_cache_in / l1_cache_out), one cycle:
 *
 *   lookup, op, line   one access of this cycle by the load/store unit:
 *                      L1_READ (a load's line), L1_WRITE (a store's line)
 *                      or L1_INVALIDATE (an atomic's line)
 *   n_fill, fill[]     the MSHRs whose line arrives from DRAM at the end of
 *                      this cycle (the memory port's responses)
 *   result, mshr       a read's outcome: L1_HIT (the data follows
 *                      hit_latency cycles later), L1_MISS_OUTSTANDING
 *                      (merged into MSHR `mshr`, whose fill it waits for),
 *                      L1_MISS (MSHR `mshr` is taken for the line: the
 *                      caller sends DRAM the line's read, naming that MSHR)
 *                      or L1_MISS_NO_MSHR (nothing taken: retry later).
 *                      A write's or invalidate's: L1_HIT, L1_MISS, or
 *                      L1_MISS_OUTSTANDING (MSHR `mshr` reads the line:
 *                      the write waits for its fill, above)
 *   hit                the line is in the cache (any op)
 *
 * The outputs are those of the state before the edge: a line filled at
 * the end of cycle t is found by the lookups of cycle t + 1 on.  At the
 * edge, the lookup acts first (a read hit becomes the most recently used
 * of its set, a miss takes its MSHR, an invalidate drops the line), then
 * the fills, in the order of their MSHRs: each line goes into its set
 * and its MSHR is freed.
 *
 * One of the SM's parts (golden/registry.h): it follows golden/model.h,
 * its module is simtref_l1_cache (rtlgen/emit_l1_cache.c; the fill port
 * there is a mask of the MSHRs, fill_i), and the load/store unit
 * (golden/structures/lsu.h) drives its ports.  l1_cache_holds() is a tag
 * probe the SM asks at issue (in the module: a lookup that changes
 * nothing, a write, and its hit_o).
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

enum { L1_MAX_MSHRS = 256 };  /* the configuration's bound on l1d_mshrs */

struct l1_cache_geometry {
    unsigned sets;              /* l1d_kb x 1024 / (ways x line_bytes) */
    unsigned ways;              /* l1d_ways */
    unsigned line_bytes;        /* l1d_line_bytes */
    unsigned hit_latency;       /* l1d_hit_latency, cycles */
    unsigned mshrs;             /* l1d_mshrs */
    unsigned line_w;            /* addr_bits - log2(line_bytes): a line number */
};

struct l1_mshr {
    bool     busy;              /* holds an outstanding miss */
    uint64_t line;              /* its line number */
};

/* What a read lookup found (ORDER LOOKUP: l1_lookup_names in l1_cache.c). */
enum l1_lookup { L1_HIT, L1_MISS_OUTSTANDING, L1_MISS, L1_MISS_NO_MSHR };
/* The access of a lookup. */
enum l1_op { L1_READ, L1_WRITE, L1_INVALIDATE };

struct l1_cache_in {
    bool     lookup;            /* an access this cycle */
    enum l1_op op;              /* read, write or invalidate */
    uint64_t line;              /* its line number */
    unsigned n_fill;            /* MSHRs whose line arrives at the edge */
    const unsigned *fill;       /* their indices (n_fill of them) */
};

struct l1_cache_out {
    enum l1_lookup result;      /* what the lookup found (above) */
    unsigned mshr;              /* the MSHR merged into, taken, or (a
                                   write's) waited for */
    bool     hit;               /* the line is in the cache */
};

struct l1_cache {
    struct l1_cache_geometry g;
    bool     *valid;            /* [sets x ways]: the way holds a line */
    uint64_t *tag;              /* [sets x ways]: its line number */
    uint64_t *used;             /* [sets x ways]: last use, larger = later */
    uint64_t  clock;            /* use counter behind `used` */
    struct l1_mshr *mshr;       /* [mshrs] */
};

void l1_cache_geometry(const struct simt_config *cfg, struct l1_cache_geometry *g);
int l1_cache_check(const struct l1_cache_geometry *g, char *msg, size_t msglen);
/* Allocates the arrays: free with l1_cache_free (also after a failure). */
int l1_cache_init(struct l1_cache *c, const struct simt_config *cfg,
                  char *msg, size_t msglen);
void l1_cache_free(struct l1_cache *c);
/* Every line invalid, every MSHR free. */
void l1_cache_reset(struct l1_cache *c);
void l1_cache_eval(const struct l1_cache *c, const struct l1_cache_in *in,
                   struct l1_cache_out *out);
void l1_cache_step(struct l1_cache *c, const struct l1_cache_in *in);
/* Tags and valid bits (the tag is the line number above the set index),
 * each way's LRU rank (log2(ways) bits), and each MSHR's busy bit and
 * line number. */
unsigned long l1_cache_state_bits(const struct l1_cache_geometry *g);

/* Views: whether `line` is in the cache (tests, and the tag probe of
 * lsu_lines_held()); busy MSHRs (tests). */
bool l1_cache_holds(const struct l1_cache *c, uint64_t line);
unsigned l1_cache_mshrs_busy(const struct l1_cache *c);
const char *l1_lookup_name(enum l1_lookup r);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_L1_CACHE_H */
