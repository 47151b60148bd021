/*
 * sm_pipeline.c -- the SIMD groups (golden/sm_pipeline.h).
 */
#include <string.h>

#include "sm_pipeline.h"

void sm_pipeline_init(struct sm_pipeline *p, const struct simt_config *cfg)
{
    memset(p, 0, sizeof *p);
    p->groups = cfg->simd_groups;
    p->schedulers = cfg->schedulers;
    p->occupancy = cfg->warp_size > cfg->simd_width
                   ? cfg->warp_size / cfg->simd_width : 1;
    p->latency[SB_ALU] = cfg->alu_latency;      /* ORDER SB_UNIT */
    p->latency[SB_MUL] = cfg->mul_latency;
    p->latency[SB_DIV] = cfg->div_latency;
    p->latency[SB_MEM] = 0;     /* unused: the LSU times memory */
}

void sm_pipeline_reset(struct sm_pipeline *p)
{
    memset(p->free_at, 0, sizeof p->free_at);
}

bool sm_pipeline_group(const struct sm_pipeline *p, unsigned s,
                       uint64_t now, unsigned *group)
{
    if (p->groups >= p->schedulers) {
        for (unsigned j = s; j < p->groups; j += p->schedulers)
            if (p->free_at[j] <= now) {
                *group = j;
                return true;
            }
        return false;
    }
    unsigned j = s % p->groups;
    unsigned sharers = (p->schedulers - j + p->groups - 1) / p->groups;
    if (now % sharers != s / p->groups || p->free_at[j] > now)
        return false;
    *group = j;
    return true;
}

uint64_t sm_pipeline_issue(struct sm_pipeline *p, unsigned group,
                           enum sb_unit unit, uint64_t now)
{
    p->free_at[group] = now + p->occupancy;
    return now + p->occupancy - 1 + p->latency[unit];
}

uint64_t sm_pipeline_next_change(const struct sm_pipeline *p, uint64_t now)
{
    uint64_t next = UINT64_MAX;

    if (p->groups < p->schedulers)
        return now + 1;
    for (unsigned j = 0; j < p->groups; j++)
        if (p->free_at[j] > now && p->free_at[j] < next)
            next = p->free_at[j];
    return next;
}

unsigned sm_pipeline_busy(const struct sm_pipeline *p, uint64_t now)
{
    unsigned n = 0;

    for (unsigned j = 0; j < p->groups; j++)
        n += p->free_at[j] > now;
    return n;
}
