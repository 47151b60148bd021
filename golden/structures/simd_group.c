/*
 * simd_group.c -- the SIMD groups (golden/structures/simd_group.h).
 */
#include <stdio.h>
#include <string.h>

#include "simd_group.h"

void simd_group_geometry(const struct simt_config *cfg,
                         struct simd_group_geometry *g)
{
    memset(g, 0, sizeof *g);
    g->groups = cfg->simd_groups;
    g->schedulers = cfg->schedulers;
    g->occupancy = cfg->simd_width && cfg->warp_size > cfg->simd_width
                   ? cfg->warp_size / cfg->simd_width : 1;
    g->latency[SIMD_GROUP_ALU] = cfg->alu_latency;      /* ORDER OP */
    g->latency[SIMD_GROUP_MUL] = cfg->mul_latency;
    g->latency[SIMD_GROUP_DIV] = cfg->div_latency;
    g->count_w = 1;             /* holds occupancy - 1; one bit at least */
    while ((1u << g->count_w) < g->occupancy)
        g->count_w++;
}

int simd_group_check(const struct simd_group_geometry *g, char *msg,
                     size_t msglen)
{
    if (g->groups == 0 || g->groups > SIMD_GROUP_MAX_GROUPS
        || g->schedulers == 0 || g->schedulers > CONFIG_MAX_SCHEDULERS) {
        if (msglen)
            snprintf(msg, msglen, "simd_group: %u groups or %u schedulers "
                     "are beyond the model (1 to %d, 1 to %d)", g->groups,
                     g->schedulers, SIMD_GROUP_MAX_GROUPS,
                     CONFIG_MAX_SCHEDULERS);
        return -1;
    }
    return 0;
}

int simd_group_init(struct simd_group *m, const struct simt_config *cfg,
                    char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    simd_group_geometry(cfg, &m->g);
    if (simd_group_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    simd_group_reset(m);
    return 0;
}

void simd_group_reset(struct simd_group *m)
{
    memset(m->free_at, 0, sizeof m->free_at);
}

unsigned long simd_group_state_bits(const struct simd_group_geometry *g)
{
    return (unsigned long)g->groups * g->count_w;
}

/* The group scheduler s may issue onto at now, or -1. */
static inline int group_of(const struct simd_group *m, unsigned s,
                           uint64_t now)
{
    const struct simd_group_geometry *g = &m->g;

    if (g->groups >= g->schedulers) {
        for (unsigned j = s; j < g->groups; j += g->schedulers)
            if (m->free_at[j] <= now)
                return (int)j;
        return -1;
    }
    unsigned j = s % g->groups;
    unsigned sharers = (g->schedulers - j + g->groups - 1) / g->groups;
    if (now % sharers != s / g->groups || m->free_at[j] > now)
        return -1;
    return (int)j;
}

void simd_group_eval(const struct simd_group *m,
                     const struct simd_group_in *in,
                     struct simd_group_out *out)
{
    const struct simd_group_geometry *g = &m->g;
    uint64_t now = in->now, last = now + g->occupancy - 1;
    unsigned busy = 0;
    bool err = false;

    for (unsigned j = 0; j < g->groups; j++)
        busy += m->free_at[j] > now;
    for (unsigned s = 0; s < g->schedulers; s++) {
        int j = group_of(m, s, now);
        out->accept[s] = j >= 0;
        out->group[s] = j >= 0 ? (unsigned)j : 0;
        if (in->issue[s].valid) {
            err |= j < 0 || in->issue[s].op >= SIMD_GROUP_OPS;
            busy += j >= 0;     /* it was free: not counted above */
        }
    }
    out->busy = busy;
    out->err = err;
    out->due[SIMD_GROUP_ALU] = last + g->latency[SIMD_GROUP_ALU];
    out->due[SIMD_GROUP_MUL] = last + g->latency[SIMD_GROUP_MUL];
    out->due[SIMD_GROUP_DIV] = last + g->latency[SIMD_GROUP_DIV];
}

void simd_group_step(struct simd_group *m, const struct simd_group_in *in)
{
    for (unsigned s = 0; s < m->g.schedulers; s++) {
        int j;

        if (!in->issue[s].valid || (j = group_of(m, s, in->now)) < 0)
            continue;
        m->free_at[j] = in->now + m->g.occupancy;
    }
}

uint64_t simd_group_next_change(const struct simd_group *m, uint64_t now)
{
    uint64_t next = UINT64_MAX;

    if (m->g.groups < m->g.schedulers)
        return now + 1;
    for (unsigned j = 0; j < m->g.groups; j++)
        if (m->free_at[j] > now && m->free_at[j] < next)
            next = m->free_at[j];
    return next;
}
