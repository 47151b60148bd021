/*
 * particlefilter.c -- the resampling step of a particle filter
 * (divergent, little parallelism): each particle searches the
 * cumulative weights linearly for its systematic sample; the search
 * lengths differ from thread to thread.
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct pf_args *p = args;
    const int32_t *cdf = SIMT_PTR(const int32_t, p->cdf);
    int32_t *index = SIMT_PTR(int32_t, p->index);
    uint32_t n = p->n, total = (uint32_t)cdf[n - 1];

    for (uint32_t j = simt_global_id(); j < n; j += simt_global_threads()) {
        uint32_t u = (j * total + p->offset) / n;
        int32_t found = (int32_t)n - 1;
        for (uint32_t i = 0; i < n; i++)
            if ((uint32_t)cdf[i] >= u) {
                found = (int32_t)i;
                break;
            }
        index[j] = found;
    }
}
