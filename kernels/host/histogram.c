/*
 * histogram.c -- the host side of kernels/histogram.c: skewed values
 * (half of them in a few bins), so that the atomics collide.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size;
    struct histogram_args a = { n, 0, 0 };
    int32_t *x = kernel_words(kc, n, err, errlen);
    int32_t *h = kernel_words(kc, HIST_BINS, err, errlen);
    int32_t zero[HIST_BINS] = { 0 };
    int rc = -1;

    if (!x || !h)
        goto out;
    for (uint32_t i = 0; i < n; i++) {
        x[i] = kernel_rand(kc) % 2 ? kernel_rand_range(kc, 0, 1 << 20)
                                   : kernel_rand_range(kc, 0, 3) * HIST_BINS + 5;
        h[(uint32_t)x[i] % HIST_BINS]++;
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "x", 4 * n, &a.x)
        || simtref_write_words(sm, a.x, (const uint32_t *)x, n)
        || simtref_alloc(sm, "hist", 4 * HIST_BINS, &a.hist)
        || simtref_write_words(sm, a.hist, (const uint32_t *)zero, HIST_BINS)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "hist", a.hist, HIST_BINS, h, err, errlen))
        goto out;
    h = NULL;
    rc = 0;
out:
    free(x);
    free(h);
    return rc;
}

const struct kernel_info kernel_histogram = {
    .name = "histogram", .cls = KERNEL_BARRIER,
    .what = "a 64-bin histogram in shared memory with amoadd.w",
    .size_is = "values",
    .size = 1024, .grid = 2, .block = 64,
    .size_min = 1, .size_max = 1u << 22, .size_pow2 = false,
    .shared_bytes = 4 * HIST_BINS, .barriers = true,
    .setup = setup,
};
