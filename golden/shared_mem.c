/*
 * shared_mem.c -- bank conflicts of the SM's shared memory.
 */
#include "shared_mem.h"

#include <stdio.h>
#include <string.h>
#include "bits.h"

void shared_mem_from_config(const struct simt_config *cfg, struct shared_mem_geometry *g)
{
    memset(g, 0, sizeof *g);
    g->banks = cfg->shared_banks;
    g->bank_bytes = cfg->shared_bank_bytes;
    g->latency = cfg->l1d_hit_latency;
}

int shared_mem_check(const struct shared_mem_geometry *g, char *msg, size_t msglen)
{
    if (!is_pow2(g->banks) || !is_pow2(g->bank_bytes) || g->bank_bytes < 4) {
        snprintf(msg, msglen, "shared memory is built for a power of two of "
                 "banks of a power of two of at least 4 bytes (has %u banks "
                 "of %u bytes)", g->banks, g->bank_bytes);
        return -1;
    }
    return 0;
}

unsigned shared_mem_cycles(const struct shared_mem_geometry *g, uint64_t mask,
                           const uint32_t *addr)
{
    uint32_t word[SHARED_MEM_MAX_LANES];
    unsigned n = 0, worst = 0;

    /* The distinct words asked for. */
    for (unsigned i = 0; i < SHARED_MEM_MAX_LANES; i++) {
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
