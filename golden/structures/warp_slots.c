/*
 * warp_slots.c -- the SM's table of warp slots
 * (golden/structures/warp_slots.h).
 */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "warp_slots.h"

void warp_slots_geometry(const struct simt_config *cfg,
                         struct warp_slots_geometry *g)
{
    memset(g, 0, sizeof *g);
    g->lanes = cfg->warp_size;
    g->slots = cfg->warp_size
               ? cfg->schedulers * (cfg->threads_per_scheduler
                                    / cfg->warp_size) : 0;
    g->tbs = cfg->max_tbs;
    g->tb_warps = cfg->max_warps_per_tb;
    g->tb_w = clog2(g->tbs) ? clog2(g->tbs) : 1;
    g->wid_w = clog2(g->tb_warps) ? clog2(g->tb_warps) : 1;
}

int warp_slots_check(const struct warp_slots_geometry *g, char *msg,
                     size_t msglen)
{
    if (g->slots < 1 || g->slots > WARP_SLOTS_MAX || g->lanes < 1
        || g->lanes > 64 || g->tbs < 1 || g->tbs > CONFIG_MAX_TBS) {
        if (msglen)
            snprintf(msg, msglen, "warp_slots: built for 1..%d warp slots "
                     "of 1..64 lanes and 1..%d TB slots (has %u of %u, and "
                     "%u)", WARP_SLOTS_MAX, CONFIG_MAX_TBS, g->slots,
                     g->lanes, g->tbs);
        return -1;
    }
    return 0;
}

int warp_slots_init(struct warp_slots *m, const struct simt_config *cfg,
                    char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    warp_slots_geometry(cfg, &m->g);
    if (warp_slots_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    warp_slots_reset(m);
    return 0;
}

void warp_slots_reset(struct warp_slots *m)
{
    memset(m->slot, 0, sizeof m->slot);
}

unsigned long warp_slots_state_bits(const struct warp_slots_geometry *g)
{
    return (unsigned long)g->slots * (3 + g->tb_w + g->wid_w
                                      + 2ul * g->lanes);
}

void warp_slots_idle(struct warp_slots_in *in)
{
    memset(in, 0, sizeof *in);
}

bool warp_slots_retires(const struct warp_slots *m,
                        const struct warp_slots_in *in, unsigned g)
{
    const struct warp_slot *w = &m->slot[g];

    return w->resident && in->kill[g] != 0 && (w->live & ~in->kill[g]) == 0;
}

void warp_slots_eval(const struct warp_slots *m,
                     const struct warp_slots_in *in,
                     struct warp_slots_out *out)
{
    memset(out, 0, sizeof *out);
    for (unsigned g = 0; g < m->g.slots; g++)
        if (warp_slots_retires(m, in, g))
            bitset_add(out->retire, g);
}

void warp_slots_step(struct warp_slots *m, const struct warp_slots_in *in)
{
    for (unsigned g = 0; g < m->g.slots; g++) {
        struct warp_slot *w = &m->slot[g];
        bool retire = warp_slots_retires(m, in, g);

        if (bitset_has(in->place, g)) {
            w->resident = true;
            w->launch_pending = true;
            w->at_barrier = false;
            w->tb = in->place_tb[g];
            w->wid = in->place_wid[g];
            w->lanes = in->place_lanes[g];
            w->live = w->lanes;
        }
        if (bitset_has(in->launch, g))
            w->launch_pending = false;
        if (bitset_has(in->arrive, g))
            w->at_barrier = true;
        w->live &= ~in->kill[g];
        if (retire) {
            w->resident = false;
            w->live = 0;
        }
        if (w->resident && (in->release >> w->tb & 1))
            w->at_barrier = false;
    }
}
