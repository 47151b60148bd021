/*
 * scalarprod.c -- scalar products of vector pairs (barrier-intensive):
 * a TB takes a pair, each thread sums its share of the products into
 * shared memory, and a tree reduction with a barrier per level adds the
 * partial sums.  The tree works for any number of threads.
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct scalarprod_args *p = args;
    int32_t *sh = simt_shared();
    uint32_t tid = simt_tid(), nt = simt_ntid(), n = p->n;

    for (uint32_t pr = simt_ctaid(); pr < p->n_pairs; pr += simt_nctaid()) {
        const int32_t *a = SIMT_PTR(const int32_t, p->a) + pr * n;
        const int32_t *b = SIMT_PTR(const int32_t, p->b) + pr * n;
        int32_t s = 0;
        for (uint32_t k = tid; k < n; k += nt)
            s += a[k] * b[k];
        sh[tid] = s;
        simt_barrier();
        for (uint32_t step = 1; step < nt; step *= 2) {
            if ((tid & (2 * step - 1)) == 0 && tid + step < nt)
                sh[tid] += sh[tid + step];
            simt_barrier();
        }
        if (tid == 0)
            SIMT_PTR(int32_t, p->out)[pr] = sh[0];
        simt_barrier();
    }
}
