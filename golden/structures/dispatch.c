/*
 * dispatch.c -- the TB dispatcher (golden/structures/dispatch.h).
 */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "dispatch.h"

void dispatch_geometry(const struct simt_config *cfg,
                       struct dispatch_geometry *g)
{
    memset(g, 0, sizeof *g);
    g->warp_size = cfg->warp_size;
    g->max_tbs = cfg->max_tbs;
    g->warp_slots = cfg->warp_size
                    ? cfg->threads_per_scheduler / cfg->warp_size
                      * cfg->schedulers : 0;
    g->max_tb_warps = cfg->max_warps_per_tb;
    g->shared_bytes = cfg->shared_kb * 1024u;
    g->ctaid_w = 32;
    g->tb_w = clog2(g->max_tbs) ? clog2(g->max_tbs) : 1;
    g->n_w = bits_for(g->max_tbs);
    g->slot_w = bits_for(g->warp_slots);
    g->idx_w = clog2(g->max_tb_warps < g->warp_slots ? g->max_tb_warps
                                                     : g->warp_slots);
    if (g->idx_w == 0)
        g->idx_w = 1;
    g->shared_w = bits_for(g->shared_bytes);
}

int dispatch_check(const struct dispatch_geometry *g, char *msg,
                   size_t msglen)
{
    if (g->warp_size == 0
        || g->max_tbs == 0 || g->max_tbs > DISPATCH_MAX_TBS
        || g->warp_slots == 0 || g->warp_slots > DISPATCH_MAX_WARP_SLOTS
        || g->max_tb_warps > DISPATCH_MAX_TB_WARPS) {
        if (msglen)
            snprintf(msg, msglen, "dispatch: %u TB slots, %u warp slots or "
                     "%u warps per TB are beyond the model (%d, %d, %d)",
                     g->max_tbs, g->warp_slots, g->max_tb_warps,
                     DISPATCH_MAX_TBS, DISPATCH_MAX_WARP_SLOTS,
                     DISPATCH_MAX_TB_WARPS);
        return -1;
    }
    return 0;
}

int dispatch_init(struct dispatch *m, const struct simt_config *cfg,
                  char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    dispatch_geometry(cfg, &m->g);
    if (dispatch_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    dispatch_reset(m);
    return 0;
}

void dispatch_reset(struct dispatch *m)
{
    m->grid = m->tb_warps = 0;
    m->shared_bytes = 0;
    m->next_ctaid = 0;
    m->tb_valid = 0;
    memset(m->warp_busy, 0, sizeof m->warp_busy);
    m->free_warps = m->g.warp_slots;
    m->shared_used = 0;
}

unsigned dispatch_tb_warps(const struct dispatch_geometry *g, unsigned block)
{
    return (unsigned)(((unsigned long long)block + g->warp_size - 1)
                      / g->warp_size);
}

enum dispatch_fit dispatch_fits(const struct dispatch_geometry *g,
                                unsigned grid, unsigned block,
                                uint32_t shared_bytes)
{
    unsigned tb_warps = dispatch_tb_warps(g, block);

    if (grid == 0 || block == 0)
        return DISPATCH_EMPTY;
    if (tb_warps > g->max_tb_warps || tb_warps > g->warp_slots)
        return DISPATCH_TOO_WIDE;
    if (shared_bytes > g->shared_bytes)
        return DISPATCH_TOO_MUCH_SHARED;
    return DISPATCH_FITS;
}

unsigned long dispatch_state_bits(const struct dispatch_geometry *g)
{
    /* launch: grid (ctaid_w), tb_warps, shared per TB; next ctaid; TB
     * valid bits; warp busy bits; free warps; shared used */
    return (unsigned long)g->ctaid_w + g->slot_w + g->shared_w + g->ctaid_w
           + g->max_tbs + g->warp_slots + g->slot_w + g->shared_w;
}

void dispatch_eval(const struct dispatch *m, const struct dispatch_in *in,
                   struct dispatch_out *out)
{
    uint64_t tb_valid = m->tb_valid;
    uint64_t busy[DISPATCH_MAX_WARP_SLOTS / 64];
    unsigned free_warps = m->free_warps, ctaid = m->next_ctaid;
    uint32_t shared = m->shared_used;

    (void)in;
    out->n_place = 0;
    if (ctaid >= m->grid)
        return;
    memcpy(busy, m->warp_busy, sizeof busy);
    while (ctaid < m->grid) {
        struct dispatch_place *p = &out->place[out->n_place];
        unsigned t, k = 0;

        for (t = 0; t < m->g.max_tbs && (tb_valid >> t & 1); t++)
            ;
        if (t == m->g.max_tbs || free_warps < m->tb_warps
            || shared + m->shared_bytes > m->g.shared_bytes)
            return;
        shared += m->shared_bytes;
        tb_valid |= 1ull << t;
        p->tb = t;
        p->ctaid = ctaid++;
        for (unsigned g = 0; g < m->g.warp_slots && k < m->tb_warps; g++) {
            if (bitset_has(busy, g))
                continue;
            bitset_add(busy, g);
            p->warp[k++] = g;
        }
        free_warps -= m->tb_warps;
        out->n_place++;
    }
}

void dispatch_step(struct dispatch *m, const struct dispatch_in *in)
{
    struct dispatch_out o;

    if (in->start) {
        dispatch_reset(m);
        m->grid = in->grid;
        m->tb_warps = in->tb_warps;
        m->shared_bytes = in->shared_bytes;
        return;
    }
    if (m->next_ctaid < m->grid) {
        dispatch_eval(m, in, &o);
        for (unsigned i = 0; i < o.n_place; i++) {
            m->tb_valid |= 1ull << o.place[i].tb;
            m->shared_used += m->shared_bytes;
            for (unsigned k = 0; k < m->tb_warps; k++)
                bitset_add(m->warp_busy, o.place[i].warp[k]);
            m->free_warps -= m->tb_warps;
        }
        m->next_ctaid += o.n_place;
    }
    for (unsigned w = 0; w * 64 < m->g.warp_slots; w++) {
        uint64_t gone = m->warp_busy[w] & in->warp_release[w];
        if (gone) {
            m->free_warps += popcount64(gone);
            m->warp_busy[w] &= ~gone;
        }
    }
    for (uint64_t t = in->tb_release & m->tb_valid; t; t &= t - 1) {
        m->tb_valid &= ~(t & -t);
        m->shared_used -= m->shared_bytes;
    }
}
