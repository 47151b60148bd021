/*
 * ics_first.c -- the ICS-First priority-based warp PC arbiter (multi-core
 * SIMT 4.3).
 */
#include "ics_first.h"
#include "model.h"
#include <stdio.h>
#include "bits.h"

#include <string.h>

static uint64_t bit(unsigned k)
{
    return (uint64_t)1 << k;
}

void ics_first_geometry(const struct simt_config *cfg, struct ics_first_geometry *g)
{
    memset(g, 0, sizeof *g);
    g->threads = cfg->warp_size;
    g->levels = cfg->ics_priority_levels;
    g->pc_w = cfg->pc_bits;
}

/* Thread vectors are held in 64 bits, a one-hot priority in 32. */
int ics_first_check(const struct ics_first_geometry *g, char *msg, size_t msglen)
{
    if (g->threads < 1 || g->threads > ICS_FIRST_MAX_THREADS ||
        g->levels < 1 || g->levels > ICS_FIRST_MAX_LEVELS || g->pc_w > 64) {
        snprintf(msg, msglen, "the ICS-First arbiter is built for 1..%d "
                 "threads, 1..%d priority levels and PCs of up to 64 bits "
                 "(has %u threads, %u levels, %u-bit PC)",
                 ICS_FIRST_MAX_THREADS, ICS_FIRST_MAX_LEVELS, g->threads,
                 g->levels, g->pc_w);
        return -1;
    }
    return 0;
}

int ics_first_init(struct ics_first *m, const struct simt_config *cfg,
                   char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    ics_first_geometry(cfg, &m->g);
    if (ics_first_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    ics_first_reset(m);
    return 0;
}

void ics_first_reset(struct ics_first *s)
{
    for (unsigned k = 0; k < ICS_FIRST_MAX_THREADS; k++) {
        s->state[k] = ICS_FIRST_IDLE;
        s->prio[k] = 1;
    }
}

/* The threads in each state, as bit vectors. */
static void state_vectors(const struct ics_first *s, uint64_t *idle,
                          uint64_t *ready, uint64_t *exec, uint64_t *barrier)
{
    *idle = *ready = *exec = *barrier = 0;
    for (unsigned k = 0; k < s->g.threads; k++) {
        unsigned st = s->state[k];
        *idle |= (st & ICS_FIRST_IDLE) ? bit(k) : 0;
        *ready |= (st & ICS_FIRST_READY) ? bit(k) : 0;
        *exec |= (st & ICS_FIRST_EXEC) ? bit(k) : 0;
        *barrier |= (st & ICS_FIRST_BARRIER) ? bit(k) : 0;
    }
}

static bool ready_to_run(uint64_t ready, uint64_t exec)
{
    return ready != 0 && exec == 0;
}

static bool all_barrier(const struct ics_first_geometry *g, uint64_t idle,
                        uint64_t barrier)
{
    return barrier != 0 && barrier == (~idle & low_bits(g->threads));
}

bool ics_first_ready_to_run(const struct ics_first *s)
{
    uint64_t idle, ready, exec, barrier;

    state_vectors(s, &idle, &ready, &exec, &barrier);
    return ready_to_run(ready, exec);
}

bool ics_first_all_barrier(const struct ics_first *s)
{
    uint64_t idle, ready, exec, barrier;

    state_vectors(s, &idle, &ready, &exec, &barrier);
    return all_barrier(&s->g, idle, barrier);
}

void ics_first_eval(const struct ics_first *s, const struct ics_first_in *in, struct ics_first_out *out)
{
    const struct ics_first_geometry *g = &s->g;
    uint64_t idle = 0, ready = 0, exec = 0, barrier = 0, top = 0;
    bool bad = false;

    memset(out, 0, sizeof *out);
    for (unsigned k = 0; k < g->threads; k++) {
        unsigned st = s->state[k];
        bool i = st & ICS_FIRST_IDLE, r = st & ICS_FIRST_READY;
        bool e = st & ICS_FIRST_EXEC, b = st & ICS_FIRST_BARRIER;

        out->state[k] = st;
        out->prio[k] = s->prio[k];
        idle |= i ? bit(k) : 0;
        ready |= r ? bit(k) : 0;
        exec |= e ? bit(k) : 0;
        barrier |= b ? bit(k) : 0;
        /* eq. 5: ATV-P_n[k] = I'.E'.R.B'.P_n */
        if (!i && !e && r && !b)
            for (unsigned n = 0; n < g->levels; n++)
                if ((s->prio[k] >> n) & 1)
                    out->atv[n] |= bit(k);
    }
    /* Fig. 9: the highest non-empty level, its thread of smallest k. */
    for (unsigned n = 0; n < g->levels; n++)
        if (out->atv[n])
            top = out->atv[n];
    out->sel = top & (~top + 1);
    for (unsigned k = 0; k < g->threads; k++)
        if ((out->sel >> k) & 1)
            out->warp_pc = in->pc[k] & low_bits(g->pc_w);
    for (unsigned k = 0; k < g->threads; k++)
        if (((top >> k) & 1) && (in->pc[k] & low_bits(g->pc_w)) == out->warp_pc)
            out->exec |= bit(k);

    out->ready_to_run = ready_to_run(ready, exec);
    out->all_barrier = all_barrier(g, idle, barrier);

    bad |= (in->assign & ~idle & low_bits(g->threads)) != 0;
    bad |= (in->commit & ~exec & low_bits(g->threads)) != 0;
    if (in->commit & low_bits(g->threads)) {
        uint64_t c = in->commit & exec;
        bad |= in->commit_op > ICS_FIRST_OUTMOST;
        for (unsigned k = 0; k < g->threads; k++) {
            if (!((c >> k) & 1))
                continue;
            bad |= in->commit_op == ICS_FIRST_RAISE && ((s->prio[k] >> (g->levels - 1)) & 1);
            bad |= in->commit_op == ICS_FIRST_LOWER && (s->prio[k] & 1);
        }
    }
    bad |= in->issue && !out->ready_to_run;
    bad |= in->release && !out->all_barrier;
    out->err = bad;
}

void ics_first_step(struct ics_first *s, const struct ics_first_in *in)
{
    const struct ics_first_geometry *g = &s->g;
    struct ics_first_out o;
    uint32_t top = (uint32_t)1 << (g->levels - 1);

    ics_first_eval(s, in, &o);
    for (unsigned k = 0; k < g->threads; k++) {
        unsigned *st = &s->state[k];
        uint32_t *p = &s->prio[k];

        if (*st == ICS_FIRST_IDLE && ((in->assign >> k) & 1)) {
            *st = ICS_FIRST_READY;
            *p = 1;
        } else if (*st == ICS_FIRST_READY && in->issue && ((o.exec >> k) & 1)) {
            *st = ICS_FIRST_EXEC;
        } else if (*st == ICS_FIRST_EXEC && ((in->commit >> k) & 1)) {
            *st = ICS_FIRST_READY;
            switch (in->commit_op) {
            case ICS_FIRST_BARRIER_OP: *st = ICS_FIRST_BARRIER; break;
            case ICS_FIRST_EXIT:       *st = ICS_FIRST_IDLE; break;
            case ICS_FIRST_RAISE:      if (!(*p & top)) *p <<= 1; break;
            case ICS_FIRST_LOWER:      if (!(*p & 1)) *p >>= 1; break;
            case ICS_FIRST_OUTMOST:    *p = 1; break;
            default:             break;
            }
        } else if (*st == ICS_FIRST_BARRIER && in->release) {
            *st = ICS_FIRST_READY;
        }
    }
}

unsigned long ics_first_state_bits(const struct ics_first_geometry *g)
{
    return (unsigned long)g->threads * (4 + g->levels);
}
