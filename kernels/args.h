/*
 * args.h -- the argument block of each kernel of the suite, as the
 * kernel (kernels/NAME.c) reads it and the host (kernels/host/NAME.c)
 * writes it.  Every field is a 32-bit word; an address in global memory
 * is a uint32_t, turned into a pointer by the kernel with SIMT_PTR.
 */
#ifndef SIMTREF_ARGS_H
#define SIMTREF_ARGS_H

#include <stdint.h>

/* vecadd: c[i] = a[i] + b[i], i < n. */
struct vecadd_args {
    uint32_t n;
    uint32_t a, b, c;
};

#endif /* SIMTREF_ARGS_H */
