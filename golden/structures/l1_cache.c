/*
 * l1_cache.c -- the L1 data cache's tags, LRU replacement and MSHRs.
 */
#include "l1_cache.h"
#include "model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"

/* ORDER LOOKUP */
static const char *const l1_lookup_names[] = {
    "hit", "miss merged", "miss", "miss without a free MSHR"
};

const char *l1_lookup_name(enum l1_lookup r)
{
    return (unsigned)r < sizeof l1_lookup_names / sizeof l1_lookup_names[0]
           ? l1_lookup_names[r] : "?";
}

void l1_cache_geometry(const struct simt_config *cfg, struct l1_cache_geometry *g)
{
    memset(g, 0, sizeof *g);
    g->ways = cfg->l1d_ways;
    g->line_bytes = cfg->l1d_line_bytes;
    if (g->ways > 0 && g->line_bytes > 0)
        g->sets = (unsigned)((unsigned long)cfg->l1d_kb * 1024
                             / ((unsigned long)g->ways * g->line_bytes));
    g->hit_latency = cfg->l1d_hit_latency;
    g->mshrs = cfg->l1d_mshrs;
    g->line_w = cfg->addr_bits > clog2(g->line_bytes)
                ? cfg->addr_bits - clog2(g->line_bytes) : 0;
}

int l1_cache_check(const struct l1_cache_geometry *g, char *msg, size_t msglen)
{
    if (!is_pow2(g->sets) || g->ways < 1 || !is_pow2(g->line_bytes) ||
        g->hit_latency < 1 || g->mshrs < 1 || g->mshrs > L1_MAX_MSHRS) {
        snprintf(msg, msglen, "the L1 data cache is built for a power of two "
                 "of sets, at least one way, a power-of-two line, a hit "
                 "latency and 1..%d MSHRs (has %u sets, %u ways, %u-byte "
                 "lines, %u cycles, %u MSHRs)", L1_MAX_MSHRS, g->sets,
                 g->ways, g->line_bytes, g->hit_latency, g->mshrs);
        return -1;
    }
    return 0;
}

int l1_cache_init(struct l1_cache *c, const struct simt_config *cfg,
                  char *msg, size_t msglen)
{
    size_t n;

    memset(c, 0, sizeof *c);
    l1_cache_geometry(cfg, &c->g);
    if (l1_cache_check(&c->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    n = (size_t)c->g.sets * c->g.ways;
    c->valid = calloc(n, sizeof *c->valid);
    c->tag = calloc(n, sizeof *c->tag);
    c->used = calloc(n, sizeof *c->used);
    c->mshr = calloc(c->g.mshrs, sizeof *c->mshr);
    if (!c->valid || !c->tag || !c->used || !c->mshr) {
        snprintf(msg, msglen, "out of memory for the L1 data cache's %zu "
                 "lines", n);
        return model_refuse(cfg, msg, msglen);
    }
    l1_cache_reset(c);
    return 0;
}

void l1_cache_free(struct l1_cache *c)
{
    free(c->valid);
    free(c->tag);
    free(c->used);
    free(c->mshr);
    c->valid = NULL;
    c->tag = NULL;
    c->used = NULL;
    c->mshr = NULL;
}

void l1_cache_reset(struct l1_cache *c)
{
    size_t n = (size_t)c->g.sets * c->g.ways;

    memset(c->valid, 0, n * sizeof *c->valid);
    memset(c->tag, 0, n * sizeof *c->tag);
    memset(c->used, 0, n * sizeof *c->used);
    memset(c->mshr, 0, c->g.mshrs * sizeof *c->mshr);
    c->clock = 0;
}

/* The first entry of line's set in the tag arrays. */
static size_t set_base(const struct l1_cache *c, uint64_t line)
{
    return (size_t)(line & (c->g.sets - 1)) * c->g.ways;
}

/* The entry holding line, or -1. */
static long find_way(const struct l1_cache *c, uint64_t line)
{
    size_t base = set_base(c, line);

    for (unsigned w = 0; w < c->g.ways; w++)
        if (c->valid[base + w] && c->tag[base + w] == line)
            return (long)(base + w);
    return -1;
}

static void touch(struct l1_cache *c, size_t e)
{
    c->used[e] = ++c->clock;
}

/* Puts line into its set: an invalid way if there is one, else the way
 * used longest ago. */
static void fill(struct l1_cache *c, uint64_t line)
{
    size_t base = set_base(c, line), victim = base;

    if (find_way(c, line) >= 0)
        return;
    for (unsigned w = 0; w < c->g.ways; w++) {
        size_t e = base + w;

        if (!c->valid[e]) {
            victim = e;
            break;
        }
        if (c->used[e] < c->used[victim])
            victim = e;
    }
    c->valid[victim] = true;
    c->tag[victim] = line;
    touch(c, victim);
}

/* A free MSHR, or mshrs; and in *same the busy one for line (or mshrs). */
static unsigned find_mshr(const struct l1_cache *c, uint64_t line,
                          unsigned *same)
{
    unsigned free = c->g.mshrs;

    *same = c->g.mshrs;
    for (unsigned i = 0; i < c->g.mshrs; i++) {
        const struct l1_mshr *m = &c->mshr[i];

        if (m->busy && m->line == line) {
            *same = i;
            return free;
        }
        if (!m->busy && free == c->g.mshrs)
            free = i;
    }
    return free;
}

void l1_cache_eval(const struct l1_cache *c, const struct l1_cache_in *in,
                   struct l1_cache_out *out)
{
    unsigned free, same;

    out->result = L1_MISS_NO_MSHR;
    out->mshr = 0;
    out->hit = false;
    if (!in->lookup)
        return;
    out->hit = find_way(c, in->line) >= 0;
    if (out->hit) {
        out->result = L1_HIT;
        return;
    }
    free = find_mshr(c, in->line, &same);
    if (same < c->g.mshrs) {
        out->result = L1_MISS_OUTSTANDING;
        out->mshr = same;
    } else if (in->op != L1_READ) {
        out->result = L1_MISS;      /* a write allocates nothing */
    } else if (free < c->g.mshrs) {
        out->result = L1_MISS;
        out->mshr = free;
    }
}

void l1_cache_step(struct l1_cache *c, const struct l1_cache_in *in)
{
    if (in->lookup) {
        long e = find_way(c, in->line);
        unsigned free, same;

        switch (in->op) {
        case L1_READ:
            if (e >= 0) {
                touch(c, (size_t)e);
                break;
            }
            free = find_mshr(c, in->line, &same);
            if (same == c->g.mshrs && free < c->g.mshrs) {
                c->mshr[free].busy = true;
                c->mshr[free].line = in->line;
            }
            break;
        case L1_WRITE:          /* write-through: the line's data only */
            break;
        case L1_INVALIDATE:
            if (e >= 0)
                c->valid[e] = false;
            break;
        }
    }
    if (in->n_fill > 0) {
        bool arriving[L1_MAX_MSHRS] = { false };

        for (unsigned k = 0; k < in->n_fill; k++)
            arriving[in->fill[k]] = true;
        for (unsigned i = 0; i < c->g.mshrs; i++) {
            if (arriving[i] && c->mshr[i].busy) {
                fill(c, c->mshr[i].line);
                c->mshr[i].busy = false;
            }
        }
    }
}

unsigned long l1_cache_state_bits(const struct l1_cache_geometry *g)
{
    unsigned long set_w = clog2(g->sets), rank_w = clog2(g->ways);
    unsigned long tag_w = g->line_w > set_w ? g->line_w - set_w : 0;
    unsigned long entries = (unsigned long)g->sets * g->ways;

    return entries * (1 + tag_w + rank_w)
           + (unsigned long)g->mshrs * (1 + g->line_w);
}

bool l1_cache_holds(const struct l1_cache *c, uint64_t line)
{
    return find_way(c, line) >= 0;
}

unsigned l1_cache_mshrs_busy(const struct l1_cache *c)
{
    unsigned n = 0;

    for (unsigned i = 0; i < c->g.mshrs; i++)
        n += c->mshr[i].busy;
    return n;
}
