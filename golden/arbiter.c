/*
 * arbiter.c -- the unified memory/PC arbiter (Collange section 4).
 */
#include "arbiter.h"
#include "bits.h"

#include <string.h>

static uint64_t mask_of(unsigned w)
{
    return w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
}

void arb_geometry(const struct simt_config *cfg, struct arb_geom *g)
{
    memset(g, 0, sizeof *g);
    g->lanes = cfg->warp_size;
    g->levels = clog2(cfg->warp_size);
    g->sp_w = cfg->sp_bits;
    g->pc_w = cfg->pc_bits;
    g->addr_w = cfg->addr_bits;
    g->off_w = clog2(cfg->l1d_line_bytes);
    g->line_w = g->addr_w - g->off_w;
    g->lo_w = g->pc_w > g->line_w ? g->pc_w : g->line_w;
}

void arb_init(struct arb *a, const struct simt_config *cfg)
{
    memset(a, 0, sizeof *a);
    arb_geometry(cfg, &a->g);
    arb_reset(a);
}

void arb_reset(struct arb *a)
{
    a->common_pc = 0;
}

void arb_key(const struct arb_geom *g, const struct arb_in *in, unsigned lane,
             uint64_t *hi, uint64_t *lo)
{
    if (in->mem) {
        *hi = 0;
        *lo = (in->addr[lane] & mask_of(g->addr_w)) >> g->off_w;
    } else {
        *hi = in->sp[lane] & mask_of(g->sp_w);
        *lo = in->pc[lane] & mask_of(g->pc_w);
    }
}

/* One compare-select node: the left input wins when it is valid and its
 * key is not larger than a valid right input's. */
static bool left_wins(bool va, uint64_t ha, uint64_t la,
                      bool vb, uint64_t hb, uint64_t lb)
{
    return va && (!vb || ha < hb || (ha == hb && la <= lb));
}

void arb_eval(const struct arb *a, const struct arb_in *in, struct arb_out *out)
{
    const struct arb_geom *g = &a->g;
    bool v[ARB_MAX_LANES];
    uint64_t hi[ARB_MAX_LANES], lo[ARB_MAX_LANES];
    unsigned n = g->lanes;

    memset(out, 0, sizeof *out);
    for (unsigned i = 0; i < n; i++) {
        v[i] = (in->valid >> i) & 1;
        arb_key(g, in, i, &hi[i], &lo[i]);
    }
    /* The tree: level by level, node j of a level from 2j and 2j+1. */
    for (unsigned d = 0; d < g->levels; d++) {
        n /= 2;
        for (unsigned j = 0; j < n; j++) {
            unsigned l = 2 * j, r = 2 * j + 1;
            bool left = left_wins(v[l], hi[l], lo[l], v[r], hi[r], lo[r]);
            v[j] = v[l] || v[r];
            hi[j] = left ? hi[l] : hi[r];
            lo[j] = left ? lo[l] : lo[r];
        }
    }
    out->valid = v[0];
    if (out->valid) {
        if (in->mem) {
            out->line = lo[0];
        } else {
            out->sp = hi[0];
            out->pc = lo[0];
        }
        for (unsigned i = 0; i < g->lanes; i++) {
            uint64_t h, l;
            arb_key(g, in, i, &h, &l);
            if (((in->valid >> i) & 1) && h == hi[0] && l == lo[0])
                out->mask |= (uint64_t)1 << i;
        }
    }
    out->common_pc = a->common_pc;
    out->err = in->pc_op == ARB_BAD_OP || (in->pc_op == ARB_ARB && in->mem);
}

void arb_step(struct arb *a, const struct arb_in *in)
{
    struct arb_out o;

    arb_eval(a, in, &o);
    if (o.err)
        return;
    if (in->pc_op == ARB_INC)
        a->common_pc = (a->common_pc + 1) & mask_of(a->g.pc_w);
    else if (in->pc_op == ARB_ARB && o.valid)
        a->common_pc = o.pc;
}

unsigned long arb_state_bits(const struct arb_geom *g)
{
    return g->pc_w;
}
