/*
 * histogram.c -- a histogram in shared memory (barrier-intensive, with
 * atomics): a TB clears its bins, counts its share of the values with
 * amoadd.w on shared memory, and adds its bins into the global
 * histogram with amoadd.w on global memory.
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct histogram_args *p = args;
    const int32_t *x = SIMT_PTR(const int32_t, p->x);
    int32_t *hist = SIMT_PTR(int32_t, p->hist);
    int32_t *bins = simt_shared();
    uint32_t tid = simt_tid(), nt = simt_ntid();

    for (uint32_t b = tid; b < HIST_BINS; b += nt)
        bins[b] = 0;
    simt_barrier();
    for (uint32_t i = simt_global_id(); i < p->n; i += simt_global_threads())
        simt_atomic_add(&bins[(uint32_t)x[i] % HIST_BINS], 1);
    simt_barrier();
    for (uint32_t b = tid; b < HIST_BINS; b += nt)
        if (bins[b])
            simt_atomic_add(&hist[b], bins[b]);
}
