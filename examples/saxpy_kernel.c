/*
 * saxpy_kernel.c -- the kernel of examples/saxpy.c: y[i] = a * x[i] +
 * y[i] for i < n, in integers (the SM runs RV32IM: no floating point),
 * one element per thread in a grid-stride loop.  Built with
 *
 *   simtref kernel build saxpy_kernel.c      (writes saxpy_kernel.elf)
 *
 * The argument block, as the host writes it: n, a, then the addresses of
 * x and y in global memory.
 */
#include "simt.h"

struct saxpy_args {
    uint32_t n;
    int32_t a;
    uint32_t x, y;
};

void kernel(const void *args)
{
    const struct saxpy_args *p = args;
    const int32_t *x = SIMT_PTR(const int32_t, p->x);
    int32_t *y = SIMT_PTR(int32_t, p->y);

    for (uint32_t i = simt_global_id(); i < p->n; i += simt_global_threads())
        y[i] = p->a * x[i] + y[i];
}
