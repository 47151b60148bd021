/*
 * scoreboard.c -- the register scoreboard (golden/structures/scoreboard.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scoreboard.h"

void scoreboard_geometry(const struct simt_config *cfg,
                         struct scoreboard_geometry *g)
{
    unsigned sub = cfg->warp_size > cfg->simd_width
                   ? cfg->warp_size / cfg->simd_width : 1;
    unsigned lat = cfg->alu_latency;

    lat = cfg->mul_latency > lat ? cfg->mul_latency : lat;
    lat = cfg->div_latency > lat ? cfg->div_latency : lat;
    memset(g, 0, sizeof *g);
    g->warp_size = cfg->warp_size;
    g->warp_slots = cfg->warp_size
                    ? cfg->threads_per_scheduler / cfg->warp_size
                      * cfg->schedulers : 0;
    g->count_w = 1;
    while ((1ull << g->count_w) <= (unsigned long long)sub - 1 + lat)
        g->count_w++;
    g->reserve_ports = cfg->schedulers;
    g->release_ports = cfg->lsu_writebacks;
    g->slot_w = 1;
    while (g->warp_slots > (1u << g->slot_w))
        g->slot_w++;
    g->row_w = g->slot_w + 5;
    g->stamp_w = (g->row_w > g->count_w ? g->row_w : g->count_w) + 1;
}

int scoreboard_check(const struct scoreboard_geometry *g, char *msg,
                     size_t msglen)
{
    if (g->warp_size == 0 || g->warp_size > SCOREBOARD_MAX_LANES
        || g->warp_slots == 0 || g->warp_slots > UINT16_MAX) {
        if (msglen)
            snprintf(msg, msglen, "scoreboard: warp_size = %u or %u warp "
                     "slots are beyond the model (1 to %d lanes, 1 to %u "
                     "slots)", g->warp_size, g->warp_slots,
                     SCOREBOARD_MAX_LANES, (unsigned)UINT16_MAX);
        return -1;
    }
    return 0;
}

int scoreboard_init(struct scoreboard *m, const struct simt_config *cfg,
                    char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    scoreboard_geometry(cfg, &m->g);
    if (scoreboard_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    m->ready = calloc((size_t)m->g.warp_slots * m->g.warp_size
                      * SCOREBOARD_REGS, sizeof *m->ready);
    m->memo.warp_max = calloc((size_t)m->g.warp_slots * SCOREBOARD_REGS,
                              sizeof *m->memo.warp_max);
    if (!m->ready || !m->memo.warp_max) {
        scoreboard_free(m);
        if (msglen)
            snprintf(msg, msglen, "%s: scoreboard: out of memory",
                     cfg->name);
        return -1;
    }
    return 0;
}

void scoreboard_free(struct scoreboard *m)
{
    free(m->ready);
    free(m->memo.warp_max);
    m->ready = m->memo.warp_max = NULL;
}

void scoreboard_reset(struct scoreboard *m)
{
    memset(m->ready, 0, (size_t)m->g.warp_slots * m->g.warp_size
                        * SCOREBOARD_REGS * sizeof *m->ready);
    memset(m->memo.warp_max, 0, (size_t)m->g.warp_slots * SCOREBOARD_REGS
                                * sizeof *m->memo.warp_max);
}

unsigned long scoreboard_memory_bits(const struct scoreboard_geometry *g)
{
    return (unsigned long)g->warp_slots * g->warp_size * SCOREBOARD_REGS
           * g->stamp_w;
}

unsigned long scoreboard_state_bits(const struct scoreboard_geometry *g)
{
    return (unsigned long)g->warp_slots * g->warp_size * SCOREBOARD_REGS * 2
           + scoreboard_memory_bits(g) + g->stamp_w + g->row_w;
}

static const uint64_t *lane_regs(const struct scoreboard *m, unsigned g,
                                 unsigned l)
{
    return m->ready + ((size_t)g * m->g.warp_size + l) * SCOREBOARD_REGS;
}

/* The lanes `mask` of warp slot g are clear of rs1, rs2 and rd at now. */
static bool slot_clear(const struct scoreboard *m, unsigned g, uint64_t mask,
                       const struct scoreboard_check *c, uint64_t now)
{
    const uint64_t *wm = m->memo.warp_max + (size_t)g * SCOREBOARD_REGS;

    /* x0 is never written, so warp_max[0] stays 0 */
    if (!m->reference
        && wm[c->rs1] <= now && wm[c->rs2] <= now && wm[c->rd] <= now)
        return true;
    for (uint64_t k = mask; k; k &= k - 1) {
        const uint64_t *r = lane_regs(m, g, (unsigned)__builtin_ctzll(k));
        if (r[c->rs1] > now || r[c->rs2] > now || r[c->rd] > now)
            return false;
    }
    return true;
}

/* The lanes of left whose thread is in slot g. */
static uint64_t same_slot(const unsigned slot[], uint64_t left, unsigned g)
{
    uint64_t same = 0;

    for (uint64_t k = left; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k);
        if (slot[l] == g)
            same |= 1ull << l;
    }
    return same;
}

/* A regrouped warp's lanes are taken slot by slot: those of the lowest
 * lane's slot, then the next, so that each slot's fast check applies. */
void scoreboard_eval(const struct scoreboard *m,
                     const struct scoreboard_in *in,
                     struct scoreboard_out *out)
{
    const struct scoreboard_check *c = &in->check;
    uint64_t left = c->t.mask;
    uint64_t at = in->now + c->ahead;   /* the cycle asked about */

    if (!c->t.slots) {
        out->clear = slot_clear(m, c->t.slot, left, c, at);
        return;
    }
    out->clear = true;
    while (left) {
        unsigned g = c->t.slots[__builtin_ctzll(left)];
        uint64_t same = same_slot(c->t.slots, left, g);

        if (!slot_clear(m, g, same, c, at)) {
            out->clear = false;
            return;
        }
        left &= ~same;
    }
}

/* Register rd of the lanes `mask` of slot g is ready from at. */
static void write_slot(struct scoreboard *m, unsigned g, uint64_t mask,
                       unsigned rd, uint64_t at)
{
    uint64_t *wm = &m->memo.warp_max[(size_t)g * SCOREBOARD_REGS + rd];

    for (uint64_t k = mask; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k);
        m->ready[((size_t)g * m->g.warp_size + l) * SCOREBOARD_REGS + rd]
            = at;
    }
    if (at > *wm)
        *wm = at;
}

/* The same, a pending rd made ready: the slot's latest is recomputed. */
static void release_slot(struct scoreboard *m, unsigned g, uint64_t mask,
                         unsigned rd, uint64_t at)
{
    uint64_t max = 0;

    for (unsigned l = 0; l < m->g.warp_size; l++) {
        uint64_t *r = &m->ready[((size_t)g * m->g.warp_size + l)
                                * SCOREBOARD_REGS + rd];
        if (mask >> l & 1)
            *r = at;
        if (*r > max)
            max = *r;
    }
    m->memo.warp_max[(size_t)g * SCOREBOARD_REGS + rd] = max;
}

void scoreboard_step(struct scoreboard *m, const struct scoreboard_in *in)
{
    for (unsigned i = 0; i < in->n_reserve; i++) {
        const struct scoreboard_reserve *r = &in->reserve[i];
        uint64_t left = r->mask;

        if (r->rd == 0)
            continue;
        if (!r->regrouped) {
            write_slot(m, r->slot, left, r->rd, r->at);
            continue;
        }
        while (left) {
            unsigned g = r->slots[__builtin_ctzll(left)];
            uint64_t same = same_slot(r->slots, left, g);

            write_slot(m, g, same, r->rd, r->at);
            left &= ~same;
        }
    }
    for (unsigned i = 0; i < in->n_release; i++) {
        const struct scoreboard_release *r = &in->release[i];

        if (r->rd == 0)
            continue;
        for (uint64_t left = r->mask; left; ) {
            unsigned g = r->slots[__builtin_ctzll(left)];
            uint64_t same = 0;
            for (uint64_t k = left; k; k &= k - 1)
                if (r->slots[__builtin_ctzll(k)] == g)
                    same |= 1ull << __builtin_ctzll(k);
            release_slot(m, g, same, r->rd, in->now + 1);
            left &= ~same;
        }
    }
}

uint64_t scoreboard_next_ready(const struct scoreboard *m, unsigned g,
                               uint64_t now)
{
    const uint64_t *wm = m->memo.warp_max + (size_t)g * SCOREBOARD_REGS;
    uint64_t next = UINT64_MAX;

    for (unsigned r = 1; r < SCOREBOARD_REGS; r++) {
        if (wm[r] <= now && !m->reference)
            continue;           /* every lane's register r is ready */
        for (unsigned l = 0; l < m->g.warp_size; l++) {
            uint64_t at = lane_regs(m, g, l)[r];
            if (at > now && at != SCOREBOARD_PENDING && at < next)
                next = at;
        }
    }
    return next;
}
