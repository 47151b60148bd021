/*
 * stencil.c -- the host side of kernels/stencil.c.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size, arrays = kc->grid;
    struct stencil_args a = { n, arrays, 0 };
    int32_t *x = kernel_words(kc, arrays * n, err, errlen);
    int32_t *y = kernel_words(kc, arrays * n, err, errlen);
    int32_t *t = kernel_words(kc, n, err, errlen);
    int rc = -1;

    if (!x || !y || !t)
        goto out;
    for (uint32_t k = 0; k < arrays * n; k++)
        y[k] = x[k] = kernel_rand_range(kc, 0, 100000);
    for (uint32_t v = 0; v < arrays; v++) {
        int32_t *z = y + v * n;
        for (unsigned s = 0; s < STENCIL_STEPS; s++) {
            for (uint32_t i = 0; i < n; i++)
                t[i] = i == 0 || i + 1 == n ? z[i]
                       : (z[i - 1] + 2 * z[i] + z[i + 1]) >> 2;
            for (uint32_t i = 0; i < n; i++)
                z[i] = t[i];
        }
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "data", 4 * (arrays * n), &a.data)
        || simtref_write_words(sm, a.data, (const uint32_t *)x, arrays * n)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "data", a.data, arrays * n, y, err, errlen))
        goto out;
    y = NULL;
    rc = 0;
out:
    free(x);
    free(y);
    free(t);
    return rc;
}

const struct kernel_info kernel_stencil = {
    .name = "stencil", .cls = KERNEL_BARRIER,
    .what = "8 steps of a 3-point stencil on an array per TB in shared memory",
    .size_is = "array length",
    .size = 256, .grid = 2, .block = 64,
    .size_min = 1, .size_max = 2048, .size_pow2 = false,
    .shared_bytes = 16384, .barriers = true,
    .setup = setup,
};
