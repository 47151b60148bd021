/*
 * ics_first.c -- the ICS-First priority-based warp PC arbiter (multi-core
 * SIMT 4.3).
 */
#include "ics_first.h"

#include <string.h>

static uint64_t bit(unsigned k)
{
    return (uint64_t)1 << k;
}

static uint64_t mask_of(unsigned w)
{
    return w >= 64 ? ~(uint64_t)0 : bit(w) - 1;
}

void ics_geometry(const struct simt_config *cfg, struct ics_geom *g)
{
    memset(g, 0, sizeof *g);
    g->threads = cfg->warp_size;
    g->levels = cfg->ics_priority_levels;
    g->pc_w = cfg->pc_bits;
}

void ics_init(struct ics *s, const struct simt_config *cfg)
{
    memset(s, 0, sizeof *s);
    ics_geometry(cfg, &s->g);
    ics_reset(s);
}

void ics_reset(struct ics *s)
{
    for (unsigned k = 0; k < ICS_MAX_THREADS; k++) {
        s->state[k] = ICS_IDLE;
        s->prio[k] = 1;
    }
}

void ics_eval(const struct ics *s, const struct ics_in *in, struct ics_out *out)
{
    const struct ics_geom *g = &s->g;
    uint64_t idle = 0, ready = 0, exec = 0, barrier = 0, top = 0;
    bool bad = false;

    memset(out, 0, sizeof *out);
    for (unsigned k = 0; k < g->threads; k++) {
        unsigned st = s->state[k];
        bool i = st & ICS_IDLE, r = st & ICS_READY;
        bool e = st & ICS_EXEC, b = st & ICS_BARRIER;

        out->state[k] = st;
        out->prio[k] = s->prio[k];
        idle |= i ? bit(k) : 0;
        ready |= r ? bit(k) : 0;
        exec |= e ? bit(k) : 0;
        barrier |= b ? bit(k) : 0;
        /* eq. 5: ATV-P_n[k] = I'.E'.R.B'.P_n */
        for (unsigned n = 0; n < g->levels; n++)
            if (!i && !e && r && !b && ((s->prio[k] >> n) & 1))
                out->atv[n] |= bit(k);
    }
    /* Fig. 9: the highest non-empty level, its thread of smallest k. */
    for (unsigned n = 0; n < g->levels; n++)
        if (out->atv[n])
            top = out->atv[n];
    out->sel = top & (~top + 1);
    for (unsigned k = 0; k < g->threads; k++)
        if ((out->sel >> k) & 1)
            out->warp_pc = in->pc[k] & mask_of(g->pc_w);
    for (unsigned k = 0; k < g->threads; k++)
        if (((top >> k) & 1) && (in->pc[k] & mask_of(g->pc_w)) == out->warp_pc)
            out->exec |= bit(k);

    out->ready_to_run = ready != 0 && exec == 0;
    out->all_barrier = barrier != 0 &&
                       barrier == (~idle & mask_of(g->threads));

    bad |= (in->assign & ~idle & mask_of(g->threads)) != 0;
    bad |= (in->commit & ~exec & mask_of(g->threads)) != 0;
    if (in->commit & mask_of(g->threads)) {
        uint64_t c = in->commit & exec;
        bad |= in->commit_op > ICS_OUTMOST;
        for (unsigned k = 0; k < g->threads; k++) {
            if (!((c >> k) & 1))
                continue;
            bad |= in->commit_op == ICS_RAISE && ((s->prio[k] >> (g->levels - 1)) & 1);
            bad |= in->commit_op == ICS_LOWER && (s->prio[k] & 1);
        }
    }
    bad |= in->issue && !out->ready_to_run;
    bad |= in->release && !out->all_barrier;
    out->err = bad;
}

void ics_step(struct ics *s, const struct ics_in *in)
{
    const struct ics_geom *g = &s->g;
    struct ics_out o;
    uint32_t top = (uint32_t)1 << (g->levels - 1);

    ics_eval(s, in, &o);
    for (unsigned k = 0; k < g->threads; k++) {
        unsigned *st = &s->state[k];
        uint32_t *p = &s->prio[k];

        if (*st == ICS_IDLE && ((in->assign >> k) & 1)) {
            *st = ICS_READY;
            *p = 1;
        } else if (*st == ICS_READY && in->issue && ((o.exec >> k) & 1)) {
            *st = ICS_EXEC;
        } else if (*st == ICS_EXEC && ((in->commit >> k) & 1)) {
            *st = ICS_READY;
            switch (in->commit_op) {
            case ICS_BARRIER_OP: *st = ICS_BARRIER; break;
            case ICS_EXIT:       *st = ICS_IDLE; break;
            case ICS_RAISE:      if (!(*p & top)) *p <<= 1; break;
            case ICS_LOWER:      if (!(*p & 1)) *p >>= 1; break;
            case ICS_OUTMOST:    *p = 1; break;
            default:             break;
            }
        } else if (*st == ICS_BARRIER && in->release) {
            *st = ICS_READY;
        }
    }
}

unsigned long ics_state_bits(const struct ics_geom *g)
{
    return (unsigned long)g->threads * (4 + g->levels);
}
