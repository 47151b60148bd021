/*
 * lsu.c -- the load/store unit: one request in the coalescer at a time,
 * one line (or one shared-memory bank cycle) a clock, requests in flight
 * until their last data is back.
 */
#include "lsu.h"
#include "model.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "bits.h"

void lsu_geometry(const struct simt_config *cfg, struct lsu_geometry *g)
{
    unsigned warps = cfg->warp_size
                     ? cfg->schedulers * cfg->threads_per_scheduler
                       / cfg->warp_size : 0;

    memset(g, 0, sizeof *g);
    g->lanes = cfg->warp_size;
    g->line_shift = clog2(cfg->l1d_line_bytes);
    g->line_bytes = cfg->l1d_line_bytes;
    g->hit_latency = cfg->l1d_hit_latency;
    g->mshrs = cfg->l1d_mshrs;
    g->entries = LSU_MAX_INFLIGHT;
    g->writebacks = cfg->lsu_writebacks;
    g->warp_w = clog2(warps);
    g->tb_w = clog2(cfg->max_tbs);
    g->addr_w = cfg->addr_bits;
}

int lsu_check(const struct lsu_geometry *g, char *msg, size_t msglen)
{
    if (g->lanes < 1 || g->lanes > LSU_MAX_LANES ||
        g->mshrs > L1_MAX_MSHRS) {
        snprintf(msg, msglen, "the load/store unit is built for warps of 1 "
                 "to %d lanes and up to %d MSHRs (has %u lanes, %u MSHRs)",
                 LSU_MAX_LANES, L1_MAX_MSHRS, g->lanes, g->mshrs);
        return -1;
    }
    if (g->writebacks < 1 || g->writebacks > LSU_MAX_INFLIGHT) {
        snprintf(msg, msglen, "the load/store unit writes back 1 to %d "
                 "requests a cycle (lsu_writebacks = %u)", LSU_MAX_INFLIGHT,
                 g->writebacks);
        return -1;
    }
    return 0;
}

int lsu_init(struct lsu *u, const struct simt_config *cfg, char *err, size_t errlen)
{
    memset(u, 0, sizeof *u);
    lsu_geometry(cfg, &u->g);
    if (lsu_check(&u->g, err, errlen) != 0)
        return model_refuse(cfg, err, errlen);
    if (arbiter_init(&u->arb, cfg, err, errlen) != 0 ||
        l1_cache_init(&u->l1, cfg, err, errlen) != 0 ||
        shared_mem_init(&u->smem, cfg, err, errlen) != 0)
        return -1;
    lsu_reset(u);
    return 0;
}

void lsu_free(struct lsu *u)
{
    l1_cache_free(&u->l1);
}

void lsu_reset(struct lsu *u)
{
    arbiter_reset(&u->arb);
    l1_cache_reset(&u->l1);
    shared_mem_reset(&u->smem);
    u->now = 0;
    u->busy = false;
    memset(&u->cur, 0, sizeof u->cur);
    u->left = 0;
    u->passes = 0;
    u->slot = 0;
    u->inflight = 0;
    u->global_inflight = 0;
    memset(u->flight, 0, sizeof u->flight);
    memset(u->mshr_wait, 0, sizeof u->mshr_wait);
    u->memo.next_done = UINT64_MAX;
    memset(&u->stats, 0, sizeof u->stats);
}

/* A free entry of flight[], or LSU_MAX_INFLIGHT. */
static unsigned free_slot(const struct lsu *u)
{
    unsigned i;

    for (i = 0; i < LSU_MAX_INFLIGHT && u->flight[i].used; i++)
        ;
    return i;
}

bool lsu_can_accept(const struct lsu *u)
{
    return !u->busy && u->inflight < LSU_MAX_INFLIGHT;
}

/*
 * The combinational work of one cycle: what the coalescer does with its
 * request (the register's, or the one given this cycle), what it asks
 * the L1, the banks and the memory port, and the entry it moves.
 */
struct lsu_comb {
    const struct lsu_request *req;  /* the coalescer's request, or NULL */
    bool     taken;                 /* it is given this cycle */
    unsigned slot;                  /* its entry of flight[] */
    uint64_t left;                  /* its lanes to serve, this cycle */
    uint64_t ack;                   /* the lanes served this cycle */
    struct shared_mem_in sin;       /* the banks' ports */
    struct shared_mem_out sout;
    struct l1_cache_in lin;         /* the L1's ports (its fills added at
                                       the edge) */
    struct l1_cache_out lout;
    struct dram_in mem;             /* the memory port's request */
    bool     stall;                 /* no lane served: a miss found no free
                                       MSHR, or a write's line is being
                                       read */
    bool     sent;                  /* its last lanes leave this cycle */
    uint64_t ready;                 /* its entry's `ready` after the cycle */
    unsigned waits;                 /* its entry's `waits` added */
    bool     scan;                  /* an entry may be done (the table is
                                       looked at) */
    uint64_t done;                  /* the entries done this cycle */
    unsigned held;                  /* entries whose data is back that wait
                                       for a write-back port */
    uint64_t next;                  /* when scanned: the earliest `ready`
                                       of the sent entries that stay and
                                       wait for no response */
};

/* Bytes a write or atomic of the lanes in mask moves: their accesses,
 * at most a line. */
static unsigned lane_bytes(const struct lsu *u, const struct lsu_request *r,
                           uint64_t mask)
{
    unsigned long bytes = (unsigned long)popcount64(mask) * r->bytes;

    return bytes < u->g.line_bytes ? (unsigned)bytes : u->g.line_bytes;
}

/* One arbiter pass of a global request: the lanes on the smallest line
 * are served, or none when a miss finds no MSHR. */
static void global_pass(const struct lsu *u, struct lsu_comb *c)
{
    const struct lsu_request *r = c->req;
    struct arbiter_in in;
    struct arbiter_out out;

    in.mem = true;
    in.valid = c->left;
    in.pc_op = ARBITER_HOLD;
    for (unsigned i = 0; i < u->g.lanes; i++)
        in.addr[i] = r->addr[i];
    /* In memory mode with HOLD the arbiter's register keeps its value:
     * its outputs are all the unit uses, so no clock edge is applied. */
    arbiter_eval(&u->arb, &in, &out);
    c->lin.lookup = true;
    c->lin.line = out.line;
    c->lin.op = r->kind == LSU_LOAD ? L1_READ
                : r->kind == LSU_STORE ? L1_WRITE : L1_INVALIDATE;
    l1_cache_eval(&u->l1, &c->lin, &c->lout);
    c->mem.line = out.line;
    switch (r->kind) {
    case LSU_LOAD:
        switch (c->lout.result) {
        case L1_HIT:
            if (u->now + u->g.hit_latency > c->ready)
                c->ready = u->now + u->g.hit_latency;
            break;
        case L1_MISS_OUTSTANDING:
            c->waits++;
            break;
        case L1_MISS:
            c->waits++;
            c->mem.valid = true;
            c->mem.kind = DRAM_READ;
            c->mem.bytes = u->g.line_bytes;
            c->mem.id = c->lout.mshr;
            break;
        case L1_MISS_NO_MSHR:
            c->stall = true;
            return;             /* every lane replays */
        }
        break;
    case LSU_STORE:
        if (c->lout.result == L1_MISS_OUTSTANDING) {
            c->stall = true;    /* the line's read is in flight (l1_cache.h) */
            return;
        }
        c->mem.valid = true;
        c->mem.kind = DRAM_WRITE;
        c->mem.bytes = lane_bytes(u, r, out.mask);
        break;
    case LSU_ATOMIC:
        if (c->lout.result == L1_MISS_OUTSTANDING) {
            c->stall = true;    /* as a store */
            return;
        }
        c->waits++;
        c->mem.valid = true;
        c->mem.kind = DRAM_ATOMIC;
        c->mem.bytes = lane_bytes(u, r, out.mask);
        c->mem.id = u->g.mshrs + c->slot;
        break;
    }
    c->ack = out.mask;
    c->sent = (c->left & ~out.mask) == 0;
}

static void comb(const struct lsu *u, const struct lsu_in *in,
                 struct lsu_comb *c)
{
    /* each field the cycle reads is set here or on its path below */
    c->req = NULL;
    c->taken = false;
    c->slot = 0;
    c->left = 0;
    c->ack = 0;
    c->lin.lookup = false;
    c->lin.op = L1_READ;
    c->lin.line = 0;
    c->lin.n_fill = 0;
    c->lin.fill = NULL;
    c->mem.valid = false;
    c->mem.kind = DRAM_READ;
    c->mem.line = 0;
    c->mem.bytes = 0;
    c->mem.id = 0;
    c->stall = false;
    c->sent = false;
    c->ready = 0;
    c->waits = 0;
    if (u->busy) {
        c->req = &u->cur;
        c->slot = u->slot;
        c->left = u->left;
        c->ready = u->flight[u->slot].ready;
    } else if (in->issue != NULL) {
        assert(lsu_can_accept(u));
        c->req = in->issue;
        c->taken = true;
        c->slot = free_slot(u);
        c->left = in->issue->mask & low_bits(u->g.lanes);
        c->ready = u->now;
    }
    if (c->req == NULL)
        return;
    if (c->left == 0) {             /* no lane: nothing to time */
        c->sent = true;
        return;
    }
    if (c->req->space == LSU_SHARED) {
        c->sin.valid = c->taken;
        c->sin.mask = c->left;
        c->sin.addr = c->req->addr;
        shared_mem_eval(&u->smem, &c->sin, &c->sout);
        if (c->sout.done) {
            c->sent = true;
            c->ready = u->now + u->smem.g.latency;
        }
        return;
    }
    if (u->now > c->ready)
        c->ready = u->now;
    global_pass(u, c);
}


/* The write-back ports: of the entries done, those with a register
 * (loads, atomics) take the ports lowest entry first; the others wait in
 * their entries, done again the next cycle.  Stores leave freely. */
static void writeback_ports(const struct lsu *u, struct lsu_comb *c)
{
    unsigned ports = u->g.writebacks;

    for (uint64_t m = c->done; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        bool cur = c->req != NULL && i == c->slot;

        if ((cur ? c->req->rd : u->flight[i].rd) == 0)
            continue;
        if (ports > 0) {
            ports--;
            continue;
        }
        c->done &= ~(1ull << i);
        c->held++;
        c->next = u->now + 1;
    }
}

/* The entries done this cycle, given the cycle's work: sent, waiting
 * for no response and their data back (the one in the coalescer as the
 * cycle leaves it).  The table is looked at only when some entry may be
 * done (next_done, not hardware). */
static void done_entries(const struct lsu *u, struct lsu_comb *c)
{
    c->scan = u->memo.next_done <= u->now || u->reference ||
              (c->sent && c->waits == 0 && c->ready <= u->now);
    c->done = 0;
    c->held = 0;
    c->next = UINT64_MAX;
    if (!c->scan)
        return;
    for (unsigned i = 0; i < LSU_MAX_INFLIGHT; i++) {
        const struct lsu_flight *f = &u->flight[i];

        if (!f->used || !f->sent || f->waits > 0 ||
            (c->req != NULL && i == c->slot))
            continue;
        if (f->ready <= u->now)
            c->done |= 1ull << i;
        else if (f->ready < c->next)
            c->next = f->ready;
    }
    /* the coalescer's entry, as the cycle leaves it */
    if (c->req != NULL && c->sent && u->flight[c->slot].waits + c->waits == 0) {
        if (c->ready <= u->now)
            c->done |= 1ull << c->slot;
        else if (c->ready < c->next)
            c->next = c->ready;
    }
    writeback_ports(u, c);
}

static void outputs(const struct lsu *u, const struct lsu_comb *c,
                    struct lsu_out *out)
{
    out->ready = lsu_can_accept(u);
    out->n_done = 0;
    out->held = c->held;
    out->mem = c->mem;
    out->l1 = c->lin;
    if (c->req != NULL && c->req->space == LSU_SHARED && c->left) {
        out->smem = c->sin;
    } else {
        out->smem.valid = false;
        out->smem.mask = 0;
        out->smem.addr = NULL;
    }
    for (uint64_t m = c->done; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        bool cur = c->req != NULL && i == c->slot;

        out->done[out->n_done].warp = cur ? c->req->warp : u->flight[i].warp;
        out->done[out->n_done].rd = cur ? c->req->rd : u->flight[i].rd;
        out->n_done++;
    }
}

static void comb_all(const struct lsu *u, const struct lsu_in *in,
                     struct lsu_comb *c)
{
    comb(u, in, c);
    done_entries(u, c);
}

void lsu_eval(const struct lsu *u, const struct lsu_in *in, struct lsu_out *out)
{
    struct lsu_comb c;

    comb_all(u, in, &c);
    outputs(u, &c, out);
}

/* The statistics of a request taken: `shared` with lanes, whose banks
 * take `cycles` cycles. */
static void count_request(struct lsu *u, bool shared, unsigned cycles)
{
    u->stats.requests++;
    if (shared) {
        u->stats.shared_accesses++;
        if (cycles > 1)
            u->stats.bank_conflicts += cycles - 1;
    }
}

void lsu_count_abandoned(struct lsu *u, const struct lsu_request *r)
{
    struct shared_mem_in sin = { true, r->mask & low_bits(u->g.lanes),
                                 r->addr };
    struct shared_mem_out sout;
    struct shared_mem idle = { u->smem.g, 0 };
    bool shared = r->space == LSU_SHARED && sin.mask;

    if (shared)
        shared_mem_eval(&idle, &sin, &sout);
    count_request(u, shared, shared ? sout.cycles : 0);
}

/* Entry f waits for one response less; after the edge of cycle now. */
static void answered(struct lsu *u, struct lsu_flight *f)
{
    if (--f->waits > 0)
        return;
    if (u->now + 1 > f->ready)
        f->ready = u->now + 1;
    if (f->sent && f->ready < u->memo.next_done)
        u->memo.next_done = f->ready;
}

/* The edge, from the cycle's work c. */
static void edge(struct lsu *u, const struct lsu_in *in,
                 const struct lsu_comb *c)
{
    const struct dram_out *mem = in->mem;
    struct l1_cache_in lin;
    unsigned fills[L1_MAX_MSHRS], n_fill = 0;

    if (c->req == NULL && !c->scan && (mem == NULL || mem->n == 0)) {
        u->now++;               /* an idle cycle */
        return;
    }

    /* the coalescer */
    if (c->taken) {
        struct lsu_flight *f = &u->flight[c->slot];
        bool shared = c->req->space == LSU_SHARED && c->left;

        f->used = true;
        f->sent = false;
        f->global = c->req->space == LSU_GLOBAL;
        f->warp = c->req->warp;
        f->rd = c->req->rd;
        f->waits = 0;
        u->inflight++;
        u->global_inflight += f->global;
        u->cur = *c->req;
        u->slot = c->slot;
        u->passes = 0;
        count_request(u, shared, shared ? c->sout.cycles : 0);
    }
    if (c->req != NULL) {
        struct lsu_flight *f = &u->flight[c->slot];

        if (c->req->space == LSU_SHARED && c->left)
            shared_mem_step_from(&u->smem, &c->sout);
        if (c->req->space == LSU_GLOBAL && c->left) {
            if (++u->passes > 1)
                u->stats.replays++;
            if (c->stall && c->req->kind != LSU_LOAD) {
                u->stats.fill_waits++;
            } else if (c->stall) {
                u->stats.mshr_stalls++;
            } else {
                u->stats.lines++;
                if (c->req->kind == LSU_LOAD) {
                    u->stats.l1_hits += c->lout.result == L1_HIT;
                    u->stats.l1_misses += c->lout.result != L1_HIT;
                    u->stats.l1_merges += c->lout.result
                                          == L1_MISS_OUTSTANDING;
                    if (c->lout.result != L1_HIT)
                        u->mshr_wait[c->lout.mshr] |= 1ull << c->slot;
                } else if (c->req->kind == LSU_STORE) {
                    u->stats.store_lines++;
                } else {
                    u->stats.atomic_lines++;
                }
                u->stats.dram_requests += c->mem.valid;
            }
        }
        f->ready = c->ready;
        f->waits += c->waits;
        u->left = c->left & ~c->ack;
        u->busy = !c->sent;
        if (c->sent) {
            f->sent = true;
            if (f->waits == 0 && f->ready < u->memo.next_done)
                u->memo.next_done = f->ready;
        }
    }
    /* the entries done this cycle leave */
    if (c->scan) {
        for (uint64_t m = c->done; m; m &= m - 1) {
            struct lsu_flight *f = &u->flight[__builtin_ctzll(m)];

            f->used = false;
            u->inflight--;
            u->global_inflight -= f->global;
        }
        u->memo.next_done = c->next;
    }
    /* the memory port's responses: fills and atomics */
    for (unsigned k = 0; mem != NULL && k < mem->n; k++) {
        unsigned id = mem->id[k];

        if (id < u->g.mshrs) {
            for (uint64_t w = u->mshr_wait[id]; w; w &= w - 1)
                answered(u, &u->flight[__builtin_ctzll(w)]);
            u->mshr_wait[id] = 0;
            fills[n_fill++] = id;
        } else {
            answered(u, &u->flight[id - u->g.mshrs]);
        }
    }
    lin = c->lin;
    lin.n_fill = n_fill;
    lin.fill = fills;
    if (lin.lookup || n_fill)
        l1_cache_step(&u->l1, &lin);
    u->now++;
}

void lsu_step(struct lsu *u, const struct lsu_in *in)
{
    struct lsu_comb c;

    comb_all(u, in, &c);
    edge(u, in, &c);
}

void lsu_cycle(struct lsu *u, const struct lsu_in *in, struct lsu_out *out)
{
    struct lsu_comb c;

    comb_all(u, in, &c);
    outputs(u, &c, out);
    edge(u, in, &c);
}

unsigned long lsu_state_bits(const struct lsu_geometry *g)
{
    unsigned long lanes = g->lanes, entry_w = clog2(g->entries);
    /* the coalescer: the request (warp, register, kind, space, TB, size,
     * mask, addresses), its lanes left, its entry, busy */
    unsigned long coalescer = g->warp_w + 5 + 2 + 1 + g->tb_w + 2
                              + lanes + lanes * g->addr_w
                              + lanes + entry_w + 1;
    /* an entry: used, sent, global, warp, register, the responses it
     * waits for (up to a line per lane), a count down to its hits' data */
    unsigned long entry = 3 + g->warp_w + 5 + clog2(lanes + 1)
                          + clog2((uint64_t)g->hit_latency + 1);

    return coalescer + g->entries * entry
           + (unsigned long)g->mshrs * g->entries;
}

bool lsu_lines_held(const struct lsu *u, const struct lsu_request *r)
{
    struct arbiter_in in = { .mem = true };

    for (unsigned l = 0; l < u->g.lanes; l++) {
        uint64_t hi, line;

        if (!(r->mask >> l & 1))
            continue;
        in.addr[l] = r->addr[l];
        arbiter_key(&u->arb.g, &in, l, &hi, &line);  /* the coalescer's line */
        if (!l1_cache_holds(&u->l1, line))
            return false;
    }
    return true;
}

bool lsu_pending(const struct lsu *u, unsigned warp)
{
    if (u->global_inflight == 0)
        return false;
    for (unsigned i = 0; i < LSU_MAX_INFLIGHT; i++)
        if (u->flight[i].used && u->flight[i].global &&
            u->flight[i].warp == warp)
            return true;
    return false;
}

uint64_t lsu_next_event(const struct lsu *u)
{
    if (u->busy)
        return u->now;          /* the only entry not sent is the busy one */
    return u->memo.next_done < u->now ? u->now : u->memo.next_done;
}

void lsu_skip(struct lsu *u, uint64_t n)
{
    u->now += n;
}

bool lsu_idle(const struct lsu *u)
{
    return !u->busy && u->inflight == 0;
}

const struct lsu_stats *lsu_stats(const struct lsu *u)
{
    return &u->stats;
}
