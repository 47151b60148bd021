/*
 * matmul.c -- the host side of kernels/matmul.c.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size, nn = n * n;
    struct matmul_args a = { n, 0, 0, 0 };
    int32_t *x = kernel_words(kc, nn, err, errlen);
    int32_t *y = kernel_words(kc, nn, err, errlen);
    int32_t *z = kernel_words(kc, nn, err, errlen);
    int rc = -1;

    if (!x || !y || !z)
        goto out;
    for (uint32_t k = 0; k < nn; k++) {
        x[k] = kernel_rand_range(kc, -100, 100);
        y[k] = kernel_rand_range(kc, -100, 100);
    }
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < n; j++)
            for (uint32_t m = 0; m < n; m++)
                z[i * n + j] += x[i * n + m] * y[m * n + j];
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "a", 4 * nn, &a.a)
        || simtref_write_words(sm, a.a, (const uint32_t *)x, nn)
        || simtref_alloc(sm, "b", 4 * nn, &a.b)
        || simtref_write_words(sm, a.b, (const uint32_t *)y, nn)
        || simtref_alloc(sm, "c", 4 * nn, &a.c)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "c", a.c, nn, z, err, errlen))
        goto out;
    z = NULL;
    rc = 0;
out:
    free(x);
    free(y);
    free(z);
    return rc;
}

const struct kernel_info kernel_matmul = {
    .name = "matmul", .cls = KERNEL_COHERENT,
    .what = "c = a x b, one element per thread",
    .size_is = "matrix side",
    .size = 16, .grid = 2, .block = 64,
    .size_min = 1, .size_max = 256, .size_pow2 = false,
    .shared_bytes = 0, .barriers = false,
    .setup = setup,
};
