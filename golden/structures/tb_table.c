/*
 * tb_table.c -- the table of resident thread blocks
 * (golden/structures/tb_table.h).
 */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "tb_table.h"

void tb_table_geometry(const struct simt_config *cfg,
                       struct tb_table_geometry *g)
{
    memset(g, 0, sizeof *g);
    g->tbs = cfg->max_tbs;
    g->tb_warps = cfg->max_warps_per_tb;
    g->warps_w = clog2((uint64_t)g->tb_warps + 1);
    g->slot_w = cfg->warp_size
                ? clog2((uint64_t)cfg->schedulers
                        * (cfg->threads_per_scheduler / cfg->warp_size)) : 0;
    g->ctaid_w = 32;
    g->tb_w = clog2(g->tbs) ? clog2(g->tbs) : 1;
    g->wid_w = clog2(g->tb_warps) ? clog2(g->tb_warps) : 1;
    g->n_w = clog2((uint64_t)g->tbs + 1);
    g->port_slot_w = g->slot_w ? g->slot_w : 1;
}

int tb_table_check(const struct tb_table_geometry *g, char *msg,
                   size_t msglen)
{
    if (g->tbs < 1 || g->tbs > CONFIG_MAX_TBS || g->tb_warps < 1
        || g->tb_warps > TB_TABLE_MAX_WARPS) {
        if (msglen)
            snprintf(msg, msglen, "tb_table: built for 1..%d TB slots of "
                     "1..%d warps (has %u of %u)", CONFIG_MAX_TBS,
                     TB_TABLE_MAX_WARPS, g->tbs, g->tb_warps);
        return -1;
    }
    return 0;
}

int tb_table_init(struct tb_table *m, const struct simt_config *cfg,
                  char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    tb_table_geometry(cfg, &m->g);
    if (tb_table_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    tb_table_reset(m);
    return 0;
}

void tb_table_reset(struct tb_table *m)
{
    memset(m->tb, 0, sizeof m->tb);
    m->memo.owing = 0;
}

/* Slot e owes arrivals of exited warps. */
static bool owes(const struct tb_table_entry *e)
{
    return e->valid && e->warps > e->live_warps + e->gone_arrived;
}

unsigned long tb_table_state_bits(const struct tb_table_geometry *g)
{
    return (unsigned long)g->tbs
           * (1 + g->ctaid_w + 3ul * g->warps_w
              + (unsigned long)g->tb_warps * g->slot_w);
}

void tb_table_idle(struct tb_table_in *in)
{
    memset(in, 0, sizeof *in);
}

void tb_table_eval(const struct tb_table *m, const struct tb_table_in *in,
                   struct tb_table_out *out)
{
    const struct tb_table_entry *e = &m->tb[in->rd_tb];

    out->valid = e->valid;
    out->ctaid = e->ctaid;
    out->warps = e->warps;
    out->live_warps = e->live_warps;
    out->gone_arrived = e->gone_arrived;
    out->warp_slot = e->warp[in->rd_wid];
    out->done = e->valid && in->retire[in->rd_tb] != 0
                && in->retire[in->rd_tb] == e->live_warps;
    out->owing = m->memo.owing;
    if (m->reference) {
        out->owing = 0;
        for (unsigned t = 0; t < m->g.tbs; t++)
            out->owing |= (uint64_t)owes(&m->tb[t]) << t;
    }
}

void tb_table_eval_slots(const struct tb_table *m,
                         const struct tb_table_in *in,
                         struct tb_table_slots *out)
{
    memset(out, 0, sizeof *out);
    for (unsigned t = 0; t < m->g.tbs; t++) {
        const struct tb_table_entry *e = &m->tb[t];

        if (owes(e))
            out->owed[t] = e->warps - e->live_warps - e->gone_arrived;
        if (e->valid)
            out->ctaid[t] = e->ctaid;
        if (e->valid && in->retire[t] != 0 && in->retire[t] == e->live_warps)
            out->last |= 1ull << t;
    }
}

void tb_table_step(struct tb_table *m, const struct tb_table_in *in)
{
    for (unsigned k = 0; k < in->n_place; k++) {
        const struct tb_table_place *p = &in->place[k];
        struct tb_table_entry *e = &m->tb[p->tb];

        memset(e, 0, sizeof *e);
        e->valid = true;
        e->ctaid = p->ctaid;
        e->warps = p->warps;
        e->live_warps = p->warps;
        memcpy(e->warp, p->warp, p->warps * sizeof e->warp[0]);
    }
    for (unsigned t = 0; t < m->g.tbs; t++) {
        struct tb_table_entry *e = &m->tb[t];

        if (in->retire[t]) {
            e->gone_arrived += in->retire_arrived[t];
            e->live_warps -= in->retire[t];
            e->valid = e->live_warps != 0;
        }
        e->gone_arrived += in->gone_sent[t];
        if (in->release >> t & 1)
            e->gone_arrived = 0;
    }
    m->memo.owing = 0;
    for (unsigned t = 0; t < m->g.tbs; t++)
        m->memo.owing |= (uint64_t)owes(&m->tb[t]) << t;
}
