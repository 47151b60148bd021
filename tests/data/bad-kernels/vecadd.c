/*
 * vecadd.c -- kernels/vecadd.c with an off-by-one: the last element of
 * the grid-stride loop is never written.  tests/cli/kernels_qemu.sh runs it
 * in place of the real kernel and expects the host check to name c[n-1].
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct vecadd_args *p = args;
    const int32_t *a = SIMT_PTR(const int32_t, p->a);
    const int32_t *b = SIMT_PTR(const int32_t, p->b);
    int32_t *c = SIMT_PTR(int32_t, p->c);

    for (uint32_t i = simt_global_id(); i + 1 < p->n; i += simt_global_threads())
        c[i] = a[i] + b[i];
}
