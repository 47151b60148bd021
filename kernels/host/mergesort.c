/*
 * mergesort.c -- the host side of kernels/mergesort.c: a segment per TB
 * of values with many repeats, sorted with qsort.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int cmp(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size, segs = kc->grid;
    struct mergesort_args a = { n, segs, 0 };
    int32_t *x = kernel_words(kc, segs * n, err, errlen);
    int32_t *s = kernel_words(kc, segs * n, err, errlen);
    int rc = -1;

    if (!x || !s)
        goto out;
    for (uint32_t k = 0; k < segs * n; k++)
        s[k] = x[k] = kernel_rand_range(kc, -(int32_t)n, (int32_t)n);
    for (uint32_t g = 0; g < segs; g++)
        qsort(s + g * n, n, sizeof *s, cmp);
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "data", 4 * (segs * n), &a.data)
        || simtref_write_words(sm, a.data, (const uint32_t *)x, segs * n)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "data", a.data, segs * n, s, err, errlen))
        goto out;
    s = NULL;
    rc = 0;
out:
    free(x);
    free(s);
    return rc;
}

const struct kernel_info kernel_mergesort = {
    .name = "mergesort", .cls = KERNEL_BARRIER,
    .what = "bottom-up merge sort of a segment per TB in shared memory",
    .size_is = "segment length",
    .size = 256, .grid = 2, .block = 64,
    .size_min = 2, .size_max = 2048, .size_pow2 = true,
    .shared_bytes = 16384, .barriers = true,
    .setup = setup,
};
