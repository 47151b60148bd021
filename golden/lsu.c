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

int lsu_init(struct lsu *u, const struct simt_config *cfg, char *err, size_t errlen)
{
    memset(u, 0, sizeof *u);
    if (arbiter_init(&u->arb, cfg, err, errlen) != 0 ||
        l1_cache_init(&u->l1, cfg, err, errlen) != 0 ||
        dram_init(&u->dram, cfg, err, errlen) != 0)
        return -1;
    shared_mem_from_config(cfg, &u->smem);
    if (shared_mem_check(&u->smem, err, errlen) != 0)
        return model_refuse(cfg, err, errlen);
    if (cfg->warp_size > LSU_MAX_LANES) {
        snprintf(err, errlen, "the load/store unit is built for warps of up "
                 "to %d lanes (has %u)", LSU_MAX_LANES, cfg->warp_size);
        return model_refuse(cfg, err, errlen);
    }
    u->lanes = cfg->warp_size;
    u->line_shift = clog2(cfg->l1d_line_bytes);
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
    dram_reset(&u->dram);
    u->now = 0;
    u->busy = false;
    memset(&u->cur, 0, sizeof u->cur);
    u->left = 0;
    u->passes = 0;
    u->bank_cycles_left = 0;
    u->slot = 0;
    u->inflight = 0;
    u->global_inflight = 0;
    memset(u->flight, 0, sizeof u->flight);
    u->memo.next_done = UINT64_MAX;
    memset(&u->stats, 0, sizeof u->stats);
}

/* Entry f has left the coalescer: its data is back at f->ready. */
static void sent(struct lsu *u, struct lsu_flight *f)
{
    f->sent = true;
    u->busy = false;
    if (f->ready < u->memo.next_done)
        u->memo.next_done = f->ready;
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

void lsu_issue(struct lsu *u, const struct lsu_request *r)
{
    unsigned s = free_slot(u);
    struct lsu_flight *f;

    assert(!u->busy && s < LSU_MAX_INFLIGHT);
    f = &u->flight[s];
    f->used = true;
    f->sent = false;
    f->global = r->space == LSU_GLOBAL;
    f->warp = r->warp;
    f->rd = r->rd;
    f->ready = u->now;
    u->inflight++;
    u->global_inflight += f->global;
    u->cur = *r;
    u->left = r->mask & low_bits(u->lanes);
    u->passes = 0;
    u->slot = s;
    u->busy = true;
    u->stats.requests++;
    if (r->space == LSU_SHARED) {
        u->bank_cycles_left = shared_mem_cycles(&u->smem, u->left, r->addr);
        u->stats.shared_accesses++;
        if (u->bank_cycles_left > 1)
            u->stats.bank_conflicts += u->bank_cycles_left - 1;
    }
    if (u->left == 0)           /* no lane: nothing to time */
        sent(u, f);
}

/* One bank cycle of the shared request in the coalescer. */
static void shared_pass(struct lsu *u, struct lsu_flight *f)
{
    if (--u->bank_cycles_left > 0)
        return;
    f->ready = u->now + u->smem.latency;
    sent(u, f);
}

/* Bytes a write or atomic of the lanes in mask moves: their accesses,
 * at most a line. */
static unsigned lane_bytes(const struct lsu *u, uint64_t mask)
{
    unsigned long bytes = (unsigned long)popcount64(mask) * u->cur.bytes;
    unsigned line = u->l1.g.line_bytes;

    return bytes < line ? (unsigned)bytes : line;
}

/* One arbiter pass of the global request in the coalescer: the lanes on
 * the smallest line are served, or none when a miss finds no MSHR. */
static void global_pass(struct lsu *u, struct lsu_flight *f)
{
    struct arbiter_in in;
    struct arbiter_out out;
    uint64_t ready = u->now;

    in.mem = true;
    in.valid = u->left;
    in.pc_op = ARBITER_HOLD;
    for (unsigned i = 0; i < u->lanes; i++)
        in.addr[i] = u->cur.addr[i];
    /* In memory mode with HOLD the arbiter's register keeps its value:
     * its outputs are all the unit uses, so no clock edge is applied. */
    arbiter_eval(&u->arb, &in, &out);
    if (++u->passes > 1)
        u->stats.replays++;

    switch (u->cur.kind) {
    case LSU_LOAD:
        switch (l1_cache_read(&u->l1, out.line, u->now, &ready)) {
        case L1_HIT:
            u->stats.l1_hits++;
            break;
        case L1_MISS_OUTSTANDING:
            u->stats.l1_misses++;
            u->stats.l1_merges++;
            break;
        case L1_MISS:
            u->stats.l1_misses++;
            ready = dram_access(&u->dram, u->now, u->l1.g.line_bytes);
            l1_cache_allocate(&u->l1, out.line, ready);
            break;
        case L1_MISS_NO_MSHR:
            u->stats.mshr_stalls++;
            return;             /* every lane replays */
        }
        break;
    case LSU_STORE:
        (void)l1_cache_write(&u->l1, out.line);
        (void)dram_access(&u->dram, u->now, lane_bytes(u, out.mask));
        u->stats.store_lines++;
        break;
    case LSU_ATOMIC:
        l1_cache_invalidate(&u->l1, out.line);
        ready = dram_access(&u->dram, u->now, lane_bytes(u, out.mask));
        u->stats.atomic_lines++;
        break;
    }
    u->stats.lines++;
    /* DRAM's counts move only at its accesses, all of them above */
    u->stats.dram_requests = u->dram.requests;
    u->stats.dram_busy_cycles = dram_busy_cycles(&u->dram);
    if (ready > f->ready)
        f->ready = ready;
    u->left &= ~out.mask;
    if (u->left == 0)
        sent(u, f);
}

unsigned lsu_cycle(struct lsu *u, struct lsu_done *done, unsigned max)
{
    unsigned n = 0;

    l1_cache_retire(&u->l1, u->now);
    if (u->busy) {
        struct lsu_flight *f = &u->flight[u->slot];

        if (u->cur.space == LSU_SHARED)
            shared_pass(u, f);
        else
            global_pass(u, f);
    }
    /* under reference every entry is looked at each cycle */
    if (u->memo.next_done <= u->now || u->reference) {
        uint64_t next = UINT64_MAX;     /* of the entries that stay */

        for (unsigned i = 0; i < LSU_MAX_INFLIGHT; i++) {
            struct lsu_flight *f = &u->flight[i];

            if (!f->used || !f->sent)
                continue;
            if (f->ready <= u->now && n < max) {
                done[n].warp = f->warp;
                done[n].rd = f->rd;
                n++;
                f->used = false;
                u->inflight--;
                u->global_inflight -= f->global;
            } else if (f->ready < next) {
                next = f->ready;
            }
        }
        u->memo.next_done = next;
    }
    u->now++;
    return n;
}

bool lsu_lines_held(const struct lsu *u, const struct lsu_request *r)
{
    struct arbiter_in in = { .mem = true };

    for (unsigned l = 0; l < u->lanes; l++) {
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
    uint64_t next = l1_cache_next_retire(&u->l1);

    if (u->busy)
        return u->now;          /* the only entry not sent is the busy one */
    if (u->memo.next_done < next)
        next = u->memo.next_done;
    return next < u->now ? u->now : next;
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
