/*
 * stencil.c -- a 1-D three-point stencil iterated in shared memory
 * (barrier-intensive): the array and its next step in two buffers, a
 * barrier after each step.
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct stencil_args *p = args;
    uint32_t n = p->n, tid = simt_tid(), nt = simt_ntid();
    int32_t *buf = simt_shared();

    for (uint32_t v = simt_ctaid(); v < p->n_arrays; v += simt_nctaid()) {
        int32_t *data = SIMT_PTR(int32_t, p->data) + v * n;
        int32_t *x = buf, *y = buf + n;
        for (uint32_t i = tid; i < n; i += nt)
            x[i] = y[i] = data[i];
        simt_barrier();
        for (uint32_t s = 0; s < STENCIL_STEPS; s++) {
            for (uint32_t i = tid + 1; i + 1 < n; i += nt)
                y[i] = (x[i - 1] + 2 * x[i] + x[i + 1]) >> 2;
            simt_barrier();
            int32_t *t = x;
            x = y;
            y = t;
        }
        for (uint32_t i = tid; i < n; i += nt)
            data[i] = x[i];
        simt_barrier();
    }
}
