/*
 * ibuffer.c -- the data half of a scheduler's I-buffers
 * (golden/structures/ibuffer.h).
 */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "ibuffer.h"

void ibuffer_geometry(const struct simt_config *cfg, struct ibuffer_geometry *g)
{
    memset(g, 0, sizeof *g);
    g->warps = cfg->warp_size ? cfg->threads_per_scheduler / cfg->warp_size
                              : 0;
    g->slots = cfg->ibuffer_slots;
    g->pc_bits = cfg->pc_bits;
    g->pc_w = 32;               /* uint32_t, as the slots hold it */
    g->warp_size = cfg->warp_size;
    g->cnt_w = clog2((uint64_t)g->slots + 1);
    g->word_w = 32;             /* an RV32 instruction word */
}

int ibuffer_check(const struct ibuffer_geometry *g, char *msg, size_t msglen)
{
    if (g->warps < 1 || g->warps > IBUFFER_MAX_WARPS || g->slots < 1
        || g->slots > IBUFFER_MAX_SLOTS || g->warp_size < 1
        || g->warp_size > 64 || g->pc_bits < 1 || g->pc_bits > 32) {
        if (msglen)
            snprintf(msg, msglen, "ibuffer: built for 1..%d warps per "
                     "scheduler of 1..%d slots, 1..64 lanes and PCs of 1..32 "
                     "bits (has %u warps of %u slots, %u lanes, %u-bit PCs)",
                     IBUFFER_MAX_WARPS, IBUFFER_MAX_SLOTS, g->warps,
                     g->slots, g->warp_size, g->pc_bits);
        return -1;
    }
    return 0;
}

int ibuffer_init(struct ibuffer *m, const struct simt_config *cfg,
                 char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    ibuffer_geometry(cfg, &m->g);
    if (ibuffer_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    ibuffer_reset(m);
    return 0;
}

void ibuffer_reset(struct ibuffer *m)
{
    memset(m->warp, 0, sizeof m->warp);
}

unsigned long ibuffer_state_bits(const struct ibuffer_geometry *g)
{
    unsigned long entry = (unsigned long)g->pc_w + g->warp_size;

    return (unsigned long)g->warps
           * (2 * g->slots * entry + (unsigned long)g->slots * g->word_w
              + 2 * g->cnt_w + 2 + entry);
}

void ibuffer_idle(struct ibuffer_in *in)
{
    memset(in, 0, sizeof *in);
}

void ibuffer_eval(const struct ibuffer *m, const struct ibuffer_in *in,
                  struct ibuffer_out *out)
{
    const struct ibuffer_warp *wp = &m->warp[in->rd_warp];

    out->head_valid = wp->slots > 0;
    out->head_pc = wp->slot_pc[0];
    out->head_mask = wp->slot_mask[0];
    out->head_word = wp->slot_word[0];
    out->next_valid = wp->have_next;
    out->next_pc = wp->next_pc;
    out->next_mask = wp->next_mask;
    out->refill = wp->refill;
}

static void flush(struct ibuffer_warp *wp)
{
    wp->slots = 0;
    wp->flying = 0;
    wp->have_next = false;
    wp->refill = true;
}

/* The edge of warp w, named by one port or more. */
static void warp_edge(struct ibuffer *m, const struct ibuffer_in *in,
                      unsigned w)
{
    struct ibuffer_warp *wp = &m->warp[w];

    if (in->flush_valid && in->flush_warp == w) {
        flush(wp);
        return;
    }
    if (in->issue_valid && in->issue_warp == w && wp->slots > 0) {
        memmove(wp->slot_pc, wp->slot_pc + 1,
                (wp->slots - 1) * sizeof wp->slot_pc[0]);
        memmove(wp->slot_mask, wp->slot_mask + 1,
                (wp->slots - 1) * sizeof wp->slot_mask[0]);
        memmove(wp->slot_word, wp->slot_word + 1,
                (wp->slots - 1) * sizeof wp->slot_word[0]);
        wp->slots--;
    }
    if (in->fill_valid && in->fill_warp == w && wp->flying > 0
        && wp->slots < m->g.slots) {
        wp->refill = false;
        wp->slot_pc[wp->slots] = wp->fly_pc[0];
        wp->slot_mask[wp->slots] = wp->fly_mask[0];
        wp->slot_word[wp->slots] = in->fill_word;
        wp->slots++;
        memmove(wp->fly_pc, wp->fly_pc + 1,
                (wp->flying - 1) * sizeof wp->fly_pc[0]);
        memmove(wp->fly_mask, wp->fly_mask + 1,
                (wp->flying - 1) * sizeof wp->fly_mask[0]);
        wp->flying--;
    }
    if (in->fetch_valid && in->fetch_warp == w && wp->flying < m->g.slots) {
        wp->fly_pc[wp->flying] = in->fetch_pc;
        wp->fly_mask[wp->flying] = in->fetch_mask;
        wp->flying++;
        wp->have_next = true;
        wp->next_pc = in->fetch_pc + 4;
        wp->next_mask = in->fetch_mask;
    }
}

void ibuffer_step(struct ibuffer *m, const struct ibuffer_in *in)
{
    const bool valid[4] = { in->flush_valid, in->issue_valid,
                            in->fill_valid, in->fetch_valid };
    const unsigned warp[4] = { in->flush_warp, in->issue_warp,
                               in->fill_warp, in->fetch_warp };

    for (unsigned k = 0; k < (m->g.warps + 63) / 64; k++)
        for (uint64_t c = in->clear[k]; c; c &= c - 1)
            memset(&m->warp[k * 64 + (unsigned)__builtin_ctzll(c)], 0,
                   sizeof m->warp[0]);
    for (unsigned k = 0; k < 4; k++) {
        unsigned j = 0;

        if (!valid[k] || warp[k] >= m->g.warps)
            continue;
        while (j < k && !(valid[j] && warp[j] == warp[k]))
            j++;
        if (j == k)             /* each warp once */
            warp_edge(m, in, warp[k]);
    }
    for (unsigned k = 0; k < (m->g.warps + 63) / 64; k++)
        for (uint64_t e = in->empty[k]; e; e &= e - 1)
            flush(&m->warp[k * 64 + (unsigned)__builtin_ctzll(e)]);
}
