/*
 * scalarprod.c -- the host side of kernels/scalarprod.c: 8 pairs.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

enum { PAIRS = 8 };

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size;
    struct scalarprod_args a = { n, PAIRS, 0, 0, 0 };
    int32_t *x = kernel_words(kc, PAIRS * n, err, errlen);
    int32_t *y = kernel_words(kc, PAIRS * n, err, errlen);
    int32_t *out = kernel_words(kc, PAIRS, err, errlen);
    int rc = -1;

    if (!x || !y || !out)
        goto out;
    for (uint32_t k = 0; k < PAIRS * n; k++) {
        x[k] = kernel_rand_range(kc, -1000, 1000);
        y[k] = kernel_rand_range(kc, -1000, 1000);
        out[k / n] += x[k] * y[k];
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "a", 4 * (PAIRS * n), &a.a)
        || simtref_write_words(sm, a.a, (const uint32_t *)x, PAIRS * n)
        || simtref_alloc(sm, "b", 4 * (PAIRS * n), &a.b)
        || simtref_write_words(sm, a.b, (const uint32_t *)y, PAIRS * n)
        || simtref_alloc(sm, "out", 4 * PAIRS, &a.out)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "out", a.out, PAIRS, out, err, errlen))
        goto out;
    out = NULL;
    rc = 0;
out:
    free(x);
    free(y);
    free(out);
    return rc;
}

const struct kernel_info kernel_scalarprod = {
    .name = "scalarprod", .cls = KERNEL_BARRIER,
    .what = "scalar products of 8 vector pairs, a tree reduction in shared memory",
    .size_is = "vector length",
    .size = 256, .grid = 2, .block = 64,
    .size_min = 1, .size_max = 1u << 16, .size_pow2 = false,
    .shared_bytes = 4096, .barriers = true,
    .setup = setup,
};
