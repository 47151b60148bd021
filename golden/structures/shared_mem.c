/*
 * shared_mem.c -- bank conflicts of the SM's shared memory.
 */
#include "shared_mem.h"
#include "model.h"

#include <stdio.h>
#include <string.h>
#include "bits.h"

void shared_mem_geometry(const struct simt_config *cfg, struct shared_mem_geometry *g)
{
    memset(g, 0, sizeof *g);
    g->lanes = cfg->warp_size;
    g->banks = cfg->shared_banks;
    g->bank_bytes = cfg->shared_bank_bytes;
    g->latency = cfg->l1d_hit_latency;
}

int shared_mem_check(const struct shared_mem_geometry *g, char *msg, size_t msglen)
{
    if (!is_pow2(g->banks) || !is_pow2(g->bank_bytes) || g->bank_bytes < 4 ||
        g->lanes < 1 || g->lanes > SHARED_MEM_MAX_LANES) {
        snprintf(msg, msglen, "shared memory is built for a power of two of "
                 "banks of a power of two of at least 4 bytes and 1..%d "
                 "lanes (has %u banks of %u bytes, %u lanes)",
                 SHARED_MEM_MAX_LANES, g->banks, g->bank_bytes, g->lanes);
        return -1;
    }
    return 0;
}

int shared_mem_init(struct shared_mem *m, const struct simt_config *cfg,
                    char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    shared_mem_geometry(cfg, &m->g);
    if (shared_mem_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    shared_mem_reset(m);
    return 0;
}

void shared_mem_reset(struct shared_mem *m)
{
    m->left = 0;
}

/* Cycles the banks take for the lanes in `mask` at addr[]: the largest
 * count of distinct words one bank is asked for (0 for no lane). */
static unsigned conflict_ways(const struct shared_mem_geometry *g,
                              uint64_t mask, const uint32_t *addr)
{
    uint32_t word[SHARED_MEM_MAX_LANES];
    unsigned n = 0, worst = 0;

    /* The distinct words asked for. */
    for (unsigned i = 0; i < g->lanes; i++) {
        uint32_t w;
        unsigned j;

        if (!((mask >> i) & 1))
            continue;
        w = addr[i] / g->bank_bytes;
        for (j = 0; j < n && word[j] != w; j++)
            ;
        if (j == n)
            word[n++] = w;
    }
    /* Per bank, how many of them it holds; the worst bank sets the time. */
    for (unsigned i = 0; i < n; i++) {
        unsigned count = 0;

        for (unsigned j = 0; j < n; j++)
            if (word[j] % g->banks == word[i] % g->banks)
                count++;
        if (count > worst)
            worst = count;
    }
    return worst;
}

void shared_mem_eval(const struct shared_mem *m, const struct shared_mem_in *in,
                     struct shared_mem_out *out)
{
    out->busy = m->left > 0;
    out->cycles = 0;
    if (out->busy) {
        out->done = m->left == 1;
        return;
    }
    if (in->valid)
        out->cycles = conflict_ways(&m->g, in->mask, in->addr);
    out->done = in->valid && out->cycles <= 1;
}

void shared_mem_step(struct shared_mem *m, const struct shared_mem_in *in)
{
    struct shared_mem_out out;

    shared_mem_eval(m, in, &out);
    shared_mem_step_from(m, &out);
}

void shared_mem_step_from(struct shared_mem *m, const struct shared_mem_out *out)
{
    if (out->busy)
        m->left--;
    else
        m->left = out->cycles > 1 ? out->cycles - 1 : 0;
}

unsigned long shared_mem_state_bits(const struct shared_mem_geometry *g)
{
    return clog2((uint64_t)g->lanes + 1);
}
