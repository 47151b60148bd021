/*
 * tiledmm.c -- the host side of kernels/tiledmm.c.
 */
#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size, nn = n * n;
    struct tiledmm_args a = { n, 0, 0, 0 };
    int32_t *x = kernel_words(kc, nn, err, errlen);
    int32_t *y = kernel_words(kc, nn, err, errlen);
    int32_t *z = kernel_words(kc, nn, err, errlen);
    int32_t *zero = kernel_words(kc, nn, err, errlen);
    int rc = -1;

    if (!x || !y || !z || !zero)
        goto out;
    if (n % TILEDMM_TILE) {
        snprintf(err, errlen, "kernel tiledmm: size %u: the matrix side must "
                 "be a multiple of the tile, %d", n, TILEDMM_TILE);
        goto out;
    }
    for (uint32_t k = 0; k < nn; k++) {
        x[k] = kernel_rand_range(kc, -100, 100);
        y[k] = kernel_rand_range(kc, -100, 100);
    }
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t m = 0; m < n; m++)
            for (uint32_t j = 0; j < n; j++)
                z[i * n + j] += x[i * n + m] * y[m * n + j];
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "a", 4 * nn, &a.a)
        || simtref_write_words(sm, a.a, (const uint32_t *)x, nn)
        || simtref_alloc(sm, "b", 4 * nn, &a.b)
        || simtref_write_words(sm, a.b, (const uint32_t *)y, nn)
        || simtref_alloc(sm, "c", 4 * nn, &a.c)
        || simtref_write_words(sm, a.c, (const uint32_t *)zero, nn)
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
    free(zero);
    return rc;
}

const struct kernel_info kernel_tiledmm = {
    .name = "tiledmm", .cls = KERNEL_BARRIER,
    .what = "c = a x b by 8 x 8 tiles staged in shared memory",
    .size_is = "matrix side (a multiple of 8)",
    .size = 16, .grid = 2, .block = 64,
    .size_min = 8, .size_max = 256, .size_pow2 = false,
    .shared_bytes = 2 * TILEDMM_TILE * TILEDMM_TILE * 4, .barriers = true,
    .setup = setup,
};
