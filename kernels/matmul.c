/*
 * matmul.c -- c = a x b (coherent): one element of c per thread, every
 * thread running the same inner loop.
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct matmul_args *p = args;
    const int32_t *a = SIMT_PTR(const int32_t, p->a);
    const int32_t *b = SIMT_PTR(const int32_t, p->b);
    int32_t *c = SIMT_PTR(int32_t, p->c);
    uint32_t n = p->n;

    for (uint32_t k = simt_global_id(); k < n * n; k += simt_global_threads()) {
        uint32_t i = k / n, j = k % n;
        int32_t s = 0;
        for (uint32_t m = 0; m < n; m++)
            s += a[i * n + m] * b[m * n + j];
        c[k] = s;
    }
}
