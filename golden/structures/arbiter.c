/*
 * arbiter.c -- the unified memory/PC arbiter (Collange section 4).
 */
#include "arbiter.h"
#include "model.h"
#include <stdio.h>
#include "bits.h"

#include <string.h>

void arbiter_geometry(const struct simt_config *cfg, struct arbiter_geometry *g)
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

/* The tree pairs lanes level by level (a power of two of them); keys,
 * PCs and addresses are held in 64 bits. */
int arbiter_check(const struct arbiter_geometry *g, char *msg, size_t msglen)
{
    if (g->lanes < 1 || g->lanes > ARBITER_MAX_LANES || !is_pow2(g->lanes) ||
        g->sp_w > 64 || g->pc_w > 64 || g->addr_w > 64 ||
        g->off_w > g->addr_w) {
        snprintf(msg, msglen, "the unified arbiter is built for a power of "
                 "two of 1..%d lanes, SP, PC and addresses of up to 64 bits "
                 "and lines no larger than the address space (has %u lanes, "
                 "%u-bit SP, %u-bit PC, %u-bit addresses, %u offset bits)",
                 ARBITER_MAX_LANES, g->lanes, g->sp_w, g->pc_w, g->addr_w,
                 g->off_w);
        return -1;
    }
    return 0;
}

int arbiter_init(struct arbiter *m, const struct simt_config *cfg,
                 char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    arbiter_geometry(cfg, &m->g);
    if (arbiter_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    arbiter_reset(m);
    return 0;
}

void arbiter_reset(struct arbiter *a)
{
    a->common_pc = 0;
}

static inline void key_of(const struct arbiter_geometry *g,
                          const struct arbiter_in *in, unsigned lane,
                          uint64_t *hi, uint64_t *lo)
{
    if (in->mem) {
        *hi = 0;
        *lo = (in->addr[lane] & low_bits(g->addr_w)) >> g->off_w;
    } else {
        *hi = in->sp[lane] & low_bits(g->sp_w);
        *lo = in->pc[lane] & low_bits(g->pc_w);
    }
}

void arbiter_key(const struct arbiter_geometry *g, const struct arbiter_in *in, unsigned lane,
             uint64_t *hi, uint64_t *lo)
{
    key_of(g, in, lane, hi, lo);
}

/* One compare-select node: the left input wins when it is valid and its
 * key is not larger than a valid right input's. */
static bool left_wins(bool va, uint64_t ha, uint64_t la,
                      bool vb, uint64_t hb, uint64_t lb)
{
    return va && (!vb || ha < hb || (ha == hb && la <= lb));
}

void arbiter_eval(const struct arbiter *a, const struct arbiter_in *in, struct arbiter_out *out)
{
    const struct arbiter_geometry *g = &a->g;
    bool v[ARBITER_MAX_LANES];
    uint64_t hi[ARBITER_MAX_LANES], lo[ARBITER_MAX_LANES];
    uint64_t key_hi[ARBITER_MAX_LANES], key_lo[ARBITER_MAX_LANES];
    unsigned n = g->lanes;

    memset(out, 0, sizeof *out);
    for (unsigned i = 0; i < n; i++) {
        v[i] = (in->valid >> i) & 1;
        key_of(g, in, i, &key_hi[i], &key_lo[i]);
        hi[i] = key_hi[i];
        lo[i] = key_lo[i];
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
        for (unsigned i = 0; i < g->lanes; i++)
            if (((in->valid >> i) & 1) && key_hi[i] == hi[0]
                && key_lo[i] == lo[0])
                out->mask |= (uint64_t)1 << i;
    }
    out->common_pc = a->common_pc;
    out->err = in->pc_op == ARBITER_BAD_OP || (in->pc_op == ARBITER_ARB && in->mem);
}

void arbiter_step(struct arbiter *a, const struct arbiter_in *in)
{
    struct arbiter_out o;

    arbiter_eval(a, in, &o);
    if (o.err)
        return;
    if (in->pc_op == ARBITER_INC)
        a->common_pc = (a->common_pc + 1) & low_bits(a->g.pc_w);
    else if (in->pc_op == ARBITER_ARB && o.valid)
        a->common_pc = o.pc;
}

unsigned long arbiter_state_bits(const struct arbiter_geometry *g)
{
    return g->pc_w;
}
