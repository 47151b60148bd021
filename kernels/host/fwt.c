/*
 * fwt.c -- the host side of kernels/fwt.c: the transform by its
 * definition, out[i] = sum_j (-1)^popcount(i & j) x[j].
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size, vecs = kc->grid;
    struct fwt_args a = { n, vecs, 0 };
    int32_t *x = kernel_words(kc, vecs * n, err, errlen);
    int32_t *y = kernel_words(kc, vecs * n, err, errlen);
    int rc = -1;

    if (!x || !y)
        goto out;
    for (uint32_t k = 0; k < vecs * n; k++)
        x[k] = kernel_rand_range(kc, -1000, 1000);
    for (uint32_t v = 0; v < vecs; v++)
        for (uint32_t i = 0; i < n; i++)
            for (uint32_t j = 0; j < n; j++)
                y[v * n + i] += __builtin_parity(i & j) ? -x[v * n + j]
                                                        : x[v * n + j];
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "data", 4 * (vecs * n), &a.data)
        || simtref_write_words(sm, a.data, (const uint32_t *)x, vecs * n)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "data", a.data, vecs * n, y, err, errlen))
        goto out;
    y = NULL;
    rc = 0;
out:
    free(x);
    free(y);
    return rc;
}

const struct kernel_info kernel_fwt = {
    .name = "fwt", .cls = KERNEL_BARRIER,
    .what = "fast Walsh-Hadamard transform of a vector per TB in shared memory",
    .size_is = "vector length",
    .size = 256, .grid = 2, .block = 64,
    .size_min = 2, .size_max = 4096, .size_pow2 = true,
    .shared_bytes = 16384, .barriers = true,
    .setup = setup,
};
