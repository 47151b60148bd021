/*
 * fwt.c -- the fast Walsh-Hadamard transform in shared memory
 * (barrier-intensive): log2 n butterfly stages, each thread taking its
 * share of the n / 2 butterflies, a barrier after each stage.
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct fwt_args *p = args;
    uint32_t n = p->n, tid = simt_tid(), nt = simt_ntid();
    int32_t *x = simt_shared();

    for (uint32_t v = simt_ctaid(); v < p->n_vecs; v += simt_nctaid()) {
        int32_t *data = SIMT_PTR(int32_t, p->data) + v * n;
        for (uint32_t i = tid; i < n; i += nt)
            x[i] = data[i];
        simt_barrier();
        for (uint32_t h = 1; h < n; h *= 2) {
            for (uint32_t k = tid; k < n / 2; k += nt) {
                uint32_t i = (k / h) * 2 * h + k % h, j = i + h;
                int32_t a = x[i], b = x[j];
                x[i] = a + b;
                x[j] = a - b;
            }
            simt_barrier();
        }
        for (uint32_t i = tid; i < n; i += nt)
            data[i] = x[i];
        simt_barrier();
    }
}
