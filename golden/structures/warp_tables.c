/*
 * warp_tables.c -- the HARP First-Level and Second-Level warp tables; see
 * warp_tables.h for the contract.
 *
 * One cycle is computed as a plan from the state and the inputs: the
 * handshakes and errors, which warp (if any) is pushed, whether the head
 * moves to First-Level and into which slot, and whether the update of a
 * First-Level slot takes effect.  warp_tables_eval() reads the outputs off the plan;
 * warp_tables_step() commits it.
 */
#include "warp_tables.h"
#include "model.h"

#include <stdio.h>
#include <string.h>
#include "bits.h"

void warp_tables_geometry(const struct simt_config *cfg, struct warp_tables_geometry *g)
{
    g->fl        = cfg->first_level_entries;
    g->sl        = cfg->second_level_entries;
    g->lanes     = cfg->simd_width;
    g->pc_w      = cfg->pc_bits;
    g->tw        = cfg->thread_id_bits - clog2(cfg->simd_width);
    g->threshold = cfg->lookup_to_second_threshold;
    g->fslot_w   = g->fl > 1 ? clog2(g->fl) : 1;
    g->ptr_w     = g->sl > 1 ? clog2(g->sl) : 1;
    g->cnt_w     = bits_for(g->sl);
    g->row_w     = g->pc_w + g->lanes + g->lanes * g->tw;
}

unsigned long warp_tables_flop_bits(const struct warp_tables_geometry *g)
{
    unsigned long per_slot = 1ul + g->pc_w + g->lanes + (unsigned long)g->lanes * g->tw;
    return g->fl * per_slot + g->cnt_w + 2ul * g->ptr_w;
}

unsigned long warp_tables_memory_bits(const struct warp_tables_geometry *g)
{
    return (unsigned long)g->sl * g->row_w;
}

unsigned long warp_tables_state_bits(const struct warp_tables_geometry *g)
{
    return warp_tables_flop_bits(g) + warp_tables_memory_bits(g);
}

void warp_tables_harp_org(const struct warp_tables_geometry *g, struct harp_array_org *org)
{
    org->name     = "Second-Level";
    org->banks    = 1;
    org->entries  = g->sl;
    org->sets     = g->sl;
    org->ways     = 1;
    org->tag_bits = 0;
    org->row_bits = g->pc_w + g->lanes * g->tw + 2;
}

int warp_tables_check(const struct warp_tables_geometry *g, char *msg, size_t msglen)
{
    if (g->fl < 1 || g->fl > WARP_TABLES_MAX_FL || g->sl < 1 ||
        g->sl > WARP_TABLES_MAX_SL || g->lanes < 1 || g->lanes > WARP_MAX_LANES ||
        g->pc_w < 1 || g->pc_w > 64 || g->tw < 1 || g->tw > 32) {
        snprintf(msg, msglen, "the warp-table model holds 1..%d "
                 "First-Level slots, 1..%d Second-Level entries of 1..%d "
                 "lanes, pc up to 64 bits and thread ids of 1..32 bits; the "
                 "configuration asks for %u, %u, %u lanes, %u-bit pc and "
                 "%u-bit thread ids", WARP_TABLES_MAX_FL, WARP_TABLES_MAX_SL,
                 WARP_MAX_LANES, g->fl, g->sl, g->lanes, g->pc_w,
                 g->tw);
        return -1;
    }
    return 0;
}

int warp_tables_init(struct warp_tables *m, const struct simt_config *cfg,
                     char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    warp_tables_geometry(cfg, &m->g);
    if (warp_tables_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    warp_tables_reset(m);
    return 0;
}

void warp_tables_reset(struct warp_tables *t)
{
    for (unsigned s = 0; s < t->g.fl; s++)
        t->fl_valid[s] = false;
    t->count = 0;
    t->head = 0;
    t->tail = 0;
}

const struct warp *warp_tables_sl_warp(const struct warp_tables *t, unsigned i)
{
    return &t->sl[(t->head + i) % t->g.sl];
}

/* What one cycle does, decided from the state and the inputs. */
struct plan {
    bool                  bar_ready, wret_ready, lkp_pop, ovf, err;
    const struct warp *push;       /* the warp written at the tail, or NULL */
    int                   fill;       /* First-Level slot the head moves to, or -1 */
    int                   upd;        /* First-Level slot updated, or -1 */
};

static uint64_t lanes_of(const struct warp_tables_geometry *g, const struct warp *w)
{
    return w->mask & low_bits(g->lanes);
}

/* An offered warp: stored when accepted and not empty; empty is an error. */
static void offer(const struct warp_tables_geometry *g, bool valid, bool accepted,
                  const struct warp *w, struct plan *p)
{
    if (!valid)
        return;
    if (lanes_of(g, w) == 0)
        p->err = true;
    else if (accepted)
        p->push = w;
}

/* The pushes into Second-Level, by priority: barrier, waiting, lookup. */
static void plan_push(const struct warp_tables *t, const struct warp_tables_in *in, struct plan *p)
{
    bool full = t->count == t->g.sl;

    p->bar_ready = !full;
    p->wret_ready = !full && !in->bar_valid;
    p->lkp_pop = in->lkp_valid && !full && !in->bar_valid && !in->wret_valid &&
                 t->count < t->g.threshold;
    p->ovf = full && (in->bar_valid || in->wret_valid);
    offer(&t->g, in->bar_valid, p->bar_ready, &in->bar, p);
    offer(&t->g, in->wret_valid, in->wret_valid && p->wret_ready, &in->wret, p);
    offer(&t->g, in->lkp_valid, p->lkp_pop, &in->lkp, p);
}

/* Second-to-first: the lowest free slot of the state, when there is a head. */
static void plan_fill(const struct warp_tables *t, struct plan *p)
{
    p->fill = -1;
    if (t->count == 0)
        return;
    for (unsigned s = 0; s < t->g.fl; s++)
        if (!t->fl_valid[s]) {
            p->fill = (int)s;
            return;
        }
}

/* The commit update of a valid First-Level slot; anything else is an error. */
static void plan_update(const struct warp_tables *t, const struct warp_tables_in *in, struct plan *p)
{
    unsigned slot = in->upd_slot & (unsigned)low_bits(t->g.fslot_w);
    uint64_t mask = in->upd_mask & low_bits(t->g.lanes);

    p->upd = -1;
    if (!in->upd_valid)
        return;
    if (slot >= t->g.fl || !t->fl_valid[slot] ||
        (mask & ~t->fl[slot].mask) != 0) {
        p->err = true;
        return;
    }
    p->upd = (int)slot;
}

static void plan_cycle(const struct warp_tables *t, const struct warp_tables_in *in, struct plan *p)
{
    memset(p, 0, sizeof *p);
    plan_push(t, in, p);
    plan_fill(t, p);
    plan_update(t, in, p);
}

/* A warp as the outputs show it: empty lanes read zero. */
static void show_warp(const struct warp_tables_geometry *g, bool valid,
                      const struct warp *src, struct warp *w)
{
    w->pc = valid ? src->pc : 0;
    w->mask = valid ? src->mask : 0;
    for (unsigned l = 0; l < g->lanes; l++)
        w->tid[l] = (w->mask >> l) & 1 ? src->tid[l] : 0;
}

void warp_tables_eval(const struct warp_tables *t, const struct warp_tables_in *in, struct warp_tables_out *out)
{
    warp_tables_eval_ports(t, in, out);
    for (unsigned s = 0; s < t->g.fl; s++) {
        out->fl_valid[s] = t->fl_valid[s];
        show_warp(&t->g, t->fl_valid[s], &t->fl[s], &out->fl[s]);
    }
    out->head_valid = t->count != 0;
    show_warp(&t->g, out->head_valid, &t->sl[t->head], &out->head);
}

void warp_tables_eval_ports(const struct warp_tables *t,
                            const struct warp_tables_in *in,
                            struct warp_tables_out *out)
{
    struct plan p;

    plan_cycle(t, in, &p);
    out->count = t->count;
    out->bar_ready = p.bar_ready;
    out->wret_ready = p.wret_ready;
    out->lkp_pop = p.lkp_pop;
    out->ovf = p.ovf;
    out->err = p.err;
}

/* A warp cut to the port widths. */
static void store_warp(const struct warp_tables_geometry *g, const struct warp *src,
                       struct warp *dst)
{
    dst->pc = src->pc & low_bits(g->pc_w);
    dst->mask = src->mask & low_bits(g->lanes);
    for (unsigned l = 0; l < g->lanes; l++)
        dst->tid[l] = src->tid[l] & (uint32_t)low_bits(g->tw);
}

static unsigned next_ptr(const struct warp_tables_geometry *g, unsigned ptr)
{
    return ptr + 1 == g->sl ? 0 : ptr + 1;
}

void warp_tables_step(struct warp_tables *t, const struct warp_tables_in *in)
{
    struct plan p;

    plan_cycle(t, in, &p);
    /* The update and the fill name different slots: the fill takes a
     * free slot, the update a valid one. */
    if (p.upd >= 0) {
        struct warp *w = &t->fl[p.upd];
        w->pc = in->upd_pc & low_bits(t->g.pc_w);
        w->mask = in->upd_mask & low_bits(t->g.lanes);
        t->fl_valid[p.upd] = w->mask != 0;
    }
    if (p.fill >= 0) {
        t->fl[p.fill] = t->sl[t->head];
        t->fl_valid[p.fill] = true;
        t->head = next_ptr(&t->g, t->head);
        t->count--;
    }
    if (p.push) {
        store_warp(&t->g, p.push, &t->sl[t->tail]);
        t->tail = next_ptr(&t->g, t->tail);
        t->count++;
    }
}
