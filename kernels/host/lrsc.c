/*
 * lrsc.c -- the host side of kernels/lrsc.c: the exact counts, modulo
 * 2^32, of every thread's lr.w/sc.w additions.  Its class is control
 * flow (each lane retries until its sc.w succeeds), which keeps it out of
 * the barrier-intensive set the BAWS sweeps run.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    struct lrsc_args a = { kc->size, 0, 0 };
    uint32_t n = kc->grid * kc->block, sum_tb = 0, sum = 0;
    int32_t *total = kernel_words(kc, 1, err, errlen);
    int32_t *per_tb = kernel_words(kc, kc->grid, err, errlen);
    const int32_t zero = 0;
    int rc = -1;

    if (!total || !per_tb)
        goto out;
    for (uint32_t t = 0; t < kc->block; t++)
        sum_tb += t + 1;
    for (uint32_t i = 0; i < n; i++)
        sum += i + 1;
    total[0] = (int32_t)(sum * kc->size);
    for (uint32_t b = 0; b < kc->grid; b++)
        per_tb[b] = (int32_t)(sum_tb * kc->size);
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "total", 4 * 1, &a.total)
        || simtref_write_words(sm, a.total, (const uint32_t *)&zero, 1)
        || simtref_alloc(sm, "per_tb", 4 * kc->grid, &a.per_tb)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "total", a.total, 1, total, err, errlen))
        goto out;
    total = NULL;
    if (kernel_expect(kc, "per_tb", a.per_tb, kc->grid, per_tb, err, errlen))
        goto out;
    per_tb = NULL;
    rc = 0;
out:
    free(total);
    free(per_tb);
    return rc;
}

const struct kernel_info kernel_lrsc = {
    .name = "lrsc", .cls = KERNEL_CONTROL,
    .what = "global and shared counters incremented by lr.w/sc.w loops",
    .size_is = "additions per thread and counter",
    .size = 4, .grid = 2, .block = 64,
    .size_min = 1, .size_max = 64, .size_pow2 = false,
    .shared_bytes = 4, .barriers = true,
    .setup = setup,
};
