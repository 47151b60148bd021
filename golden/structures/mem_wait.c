/*
 * mem_wait.c -- the table of the loads in flight
 * (golden/structures/mem_wait.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "mem_wait.h"

void mem_wait_geometry(const struct simt_config *cfg,
                       struct mem_wait_geometry *g)
{
    memset(g, 0, sizeof *g);
    g->warp_size = cfg->warp_size;
    g->warp_slots = cfg->warp_size
                    ? cfg->threads_per_scheduler / cfg->warp_size
                      * cfg->schedulers : 0;
    g->slot_w = g->warp_slots > 1 ? clog2(g->warp_slots) : 1;
    g->count_w = clog2(MEM_WAIT_MAX_INFLIGHT + 1);
    g->sends = cfg->schedulers;
    g->dones = cfg->lsu_writebacks;
}

int mem_wait_check(const struct mem_wait_geometry *g, char *msg,
                   size_t msglen)
{
    if (g->warp_size == 0 || g->warp_size > MEM_WAIT_MAX_LANES
        || g->warp_slots == 0 || g->warp_slots > UINT16_MAX) {
        if (msglen)
            snprintf(msg, msglen, "mem_wait: warp_size = %u or %u warp "
                     "slots are beyond the model (1 to %d lanes, 1 to %u "
                     "slots)", g->warp_size, g->warp_slots,
                     MEM_WAIT_MAX_LANES, (unsigned)UINT16_MAX);
        return -1;
    }
    if (g->sends == 0 || g->sends > MEM_WAIT_MAX_SEND) {
        if (msglen)
            snprintf(msg, msglen, "mem_wait: %u send ports (schedulers) "
                     "are beyond the model (1 to %d)", g->sends,
                     MEM_WAIT_MAX_SEND);
        return -1;
    }
    return 0;
}

int mem_wait_init(struct mem_wait *m, const struct simt_config *cfg,
                  char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    mem_wait_geometry(cfg, &m->g);
    if (mem_wait_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    m->entry = calloc((size_t)m->g.warp_slots * MEM_WAIT_REGS,
                      sizeof *m->entry);
    m->count = calloc((size_t)m->g.warp_slots * m->g.warp_size,
                      sizeof *m->count);
    m->pending = calloc(m->g.warp_slots, sizeof *m->pending);
    if (!m->entry || !m->count || !m->pending) {
        mem_wait_free(m);
        if (msglen)
            snprintf(msg, msglen, "%s: mem_wait: out of memory", cfg->name);
        return -1;
    }
    return 0;
}

void mem_wait_free(struct mem_wait *m)
{
    free(m->entry);
    free(m->count);
    free(m->pending);
    m->entry = NULL;
    m->count = NULL;
    m->pending = NULL;
}

void mem_wait_reset(struct mem_wait *m)
{
    memset(m->entry, 0, (size_t)m->g.warp_slots * MEM_WAIT_REGS
                        * sizeof *m->entry);
    memset(m->count, 0, (size_t)m->g.warp_slots * m->g.warp_size
                        * sizeof *m->count);
    memset(m->pending, 0, m->g.warp_slots * sizeof *m->pending);
}

unsigned long mem_wait_state_bits(const struct mem_wait_geometry *g)
{
    unsigned long entry = g->warp_size + 1ul
                          + (unsigned long)g->warp_size * g->slot_w;

    return (unsigned long)g->warp_slots
           * (MEM_WAIT_REGS - 1) * entry        /* x0 is never written */
           + (unsigned long)g->warp_slots * g->warp_size * g->count_w
           + (unsigned long)g->warp_slots * g->warp_size;
}

void mem_wait_eval(const struct mem_wait *m, const struct mem_wait_in *in,
                   struct mem_wait_out *out)
{
    out->rd_mask = m->entry[(size_t)in->rd_slot * MEM_WAIT_REGS
                            + in->rd_reg].mask;
    out->pending = m->pending;
    for (unsigned k = 0; k < in->n_done; k++) {
        unsigned g = in->done[k].slot, rd = in->done[k].rd, j = 0;
        const struct mem_wait_entry *e
            = &m->entry[(size_t)g * MEM_WAIT_REGS + rd];

        for (unsigned i = 0; i < in->n_send; i++)
            if (in->send[i].slot == g && in->send[i].rd == rd)
                e = &in->send[i].e;     /* the bypass */
        while (j < k && !(in->done[j].slot == g && in->done[j].rd == rd))
            j++;
        out->done_mask[k] = j < k ? 0 : e->mask;   /* cleared by done j */
        out->done_global[k] = e->global;
        out->done_slots[k] = e->slot;
    }
}

void mem_wait_step(struct mem_wait *m, const struct mem_wait_in *in)
{
    unsigned L = m->g.warp_size;

    for (unsigned i = 0; i < in->n_send; i++) {
        const struct mem_wait_send *s = &in->send[i];
        struct mem_wait_entry *e
            = &m->entry[(size_t)s->slot * MEM_WAIT_REGS + s->rd];

        *e = s->e;
        for (uint64_t k = e->global ? e->mask : 0; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            m->count[(size_t)e->slot[l] * L + l]++;
            m->pending[e->slot[l]] |= 1ull << l;
        }
    }
    for (unsigned i = 0; i < in->n_done; i++) {
        struct mem_wait_entry *e = &m->entry[(size_t)in->done[i].slot
                                             * MEM_WAIT_REGS
                                             + in->done[i].rd];

        for (uint64_t k = e->global ? e->mask : 0; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            if (--m->count[(size_t)e->slot[l] * L + l] == 0)
                m->pending[e->slot[l]] &= ~(1ull << l);
        }
        e->mask = 0;
    }
}
