/*
 * particlefilter.c -- the host side of kernels/particlefilter.c: random
 * weights (a few heavy particles among light ones), their cumulative
 * sums, and the systematic resampling done by a binary search.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size;
    struct pf_args a = { n, 0, 0, 0 };
    int32_t *cdf = kernel_words(kc, n, err, errlen);
    int32_t *index = kernel_words(kc, n, err, errlen);
    int rc = -1;

    if (!cdf || !index)
        goto out;
    for (uint32_t i = 0; i < n; i++)
        cdf[i] = (i ? cdf[i - 1] : 0)
                 + (kernel_rand(kc) % 8 == 0 ? kernel_rand_range(kc, 40, 100)
                                             : kernel_rand_range(kc, 1, 4));
    a.offset = kernel_rand(kc) % ((uint32_t)cdf[n - 1] / n + 1);
    for (uint32_t j = 0; j < n; j++) {
        uint32_t u = (j * (uint32_t)cdf[n - 1] + a.offset) / n, lo = 0, hi = n - 1;
        while (lo < hi) {                 /* the first cdf[i] >= u */
            uint32_t mid = (lo + hi) / 2;
            if ((uint32_t)cdf[mid] >= u)
                hi = mid;
            else
                lo = mid + 1;
        }
        index[j] = (int32_t)lo;
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "cdf", 4 * n, &a.cdf)
        || simtref_write_words(sm, a.cdf, (const uint32_t *)cdf, n)
        || simtref_alloc(sm, "index", 4 * n, &a.index)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "index", a.index, n, index, err, errlen))
        goto out;
    index = NULL;
    rc = 0;
out:
    free(cdf);
    free(index);
    return rc;
}

const struct kernel_info kernel_particlefilter = {
    .name = "particlefilter", .cls = KERNEL_DIVERGENT_LOW,
    .what = "systematic resampling by a linear search of the cumulative weights",
    .size_is = "particles",
    .size = 64, .grid = 1, .block = 32,
    .size_min = 1, .size_max = 4096, .size_pow2 = false,
    .shared_bytes = 0, .barriers = false,
    .setup = setup,
};
