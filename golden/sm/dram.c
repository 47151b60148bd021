/*
 * dram.c -- DRAM as a latency plus the SM's share of the bandwidth,
 * behind the SM's memory port.
 */
#include "dram.h"
#include "model.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

void dram_from_config(const struct simt_config *cfg, struct dram_geometry *g)
{
    memset(g, 0, sizeof *g);
    g->latency = cfg->dram_latency;
    g->ticks_per_cycle = cfg->dram_mb_s;
    g->ticks_per_byte = (uint64_t)cfg->core_mhz * cfg->sms;
}

int dram_check(const struct dram_geometry *g, char *msg, size_t msglen)
{
    if (g->ticks_per_cycle == 0 || g->ticks_per_byte == 0) {
        snprintf(msg, msglen, "DRAM needs a bandwidth and a clock above "
                 "zero (has %llu MB/s, %llu MHz x SMs)",
                 (unsigned long long)g->ticks_per_cycle,
                 (unsigned long long)g->ticks_per_byte);
        return -1;
    }
    return 0;
}

int dram_init(struct dram *d, const struct simt_config *cfg,
              char *msg, size_t msglen)
{
    memset(&d->g, 0, sizeof d->g);
    dram_from_config(cfg, &d->g);
    if (dram_check(&d->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    dram_reset(d);
    return 0;
}

void dram_reset(struct dram *d)
{
    d->now = 0;
    d->free_tick = 0;
    d->requests = 0;
    d->busy_ticks = 0;
    d->held = 0;
    d->head = 0;
    d->count = 0;
}

/* Ticks to whole cycles, rounded up. */
static uint64_t ticks_to_cycles(const struct dram_geometry *g, uint64_t t)
{
    return (t + g->ticks_per_cycle - 1) / g->ticks_per_cycle;
}

uint64_t dram_transfer_cycles(const struct dram_geometry *g, unsigned bytes)
{
    return ticks_to_cycles(g, (uint64_t)bytes * g->ticks_per_byte);
}

/* The entry i places after the oldest. */
static const struct dram_pending *entry(const struct dram *d, unsigned i)
{
    return &d->queue[(d->head + i) % DRAM_MAX_OUTSTANDING];
}

/* The cycle a read or atomic of `id` whose data would be back at `ready`
 * is answered for: never before the ones asked for earlier (the answers
 * leave in order), and a cycle after an answer to the same id that would
 * leave in the same cycle (the port carries one answer per id a cycle:
 * two atomic lines of one request share their id). */
static uint64_t answer_cycle(struct dram *d, unsigned id, uint64_t ready)
{
    uint64_t last = d->count ? entry(d, d->count - 1)->ready : 0;

    if (ready < last)
        ready = last;
    for (unsigned i = d->count; i > 0 && entry(d, i - 1)->ready == ready; i--)
        if (entry(d, i - 1)->id == id) {
            d->held++;
            return ready + 1;
        }
    return ready;
}

void dram_eval(const struct dram *d, const struct dram_in *in,
               struct dram_out *out)
{
    unsigned n = 0;

    (void)in;
    /* data back at cycle ready arrives at the end of cycle ready - 1 */
    while (n < d->count && entry(d, n)->ready <= d->now + 1) {
        out->id[n] = entry(d, n)->id;
        n++;
    }
    out->n = n;
}

void dram_step(struct dram *d, const struct dram_in *in)
{
    while (d->count > 0 && entry(d, 0)->ready <= d->now + 1) {
        d->head = (d->head + 1) % DRAM_MAX_OUTSTANDING;
        d->count--;
    }
    if (in->valid) {
        uint64_t start = d->now * d->g.ticks_per_cycle;
        uint64_t len = (uint64_t)in->bytes * d->g.ticks_per_byte;

        if (d->free_tick > start)
            start = d->free_tick;
        d->free_tick = start + len;
        d->busy_ticks += len;
        d->requests++;
        if (in->kind != DRAM_WRITE) {
            struct dram_pending *p;

            assert(d->count < DRAM_MAX_OUTSTANDING);
            p = &d->queue[(d->head + d->count) % DRAM_MAX_OUTSTANDING];
            p->ready = answer_cycle(d, in->id,
                                    ticks_to_cycles(&d->g, d->free_tick)
                                    + d->g.latency);
            p->id = in->id;
            d->count++;
        }
    }
    d->now++;
}

uint64_t dram_busy_cycles(const struct dram *d)
{
    return ticks_to_cycles(&d->g, d->busy_ticks);
}

uint64_t dram_next_event(const struct dram *d)
{
    uint64_t t;

    if (d->count == 0)
        return UINT64_MAX;
    t = entry(d, 0)->ready - 1;
    return t < d->now ? d->now : t;
}

void dram_skip(struct dram *d, uint64_t n)
{
    d->now += n;
}
