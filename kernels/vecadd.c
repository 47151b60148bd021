/*
 * vecadd.c -- c = a + b, one element per thread in a grid-stride loop
 * (coherent: no divergence beyond the loop's last iteration).
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct vecadd_args *p = args;
    const int32_t *a = SIMT_PTR(const int32_t, p->a);
    const int32_t *b = SIMT_PTR(const int32_t, p->b);
    int32_t *c = SIMT_PTR(int32_t, p->c);

    for (uint32_t i = simt_global_id(); i < p->n; i += simt_global_threads())
        c[i] = a[i] + b[i];
}
