/*
 * nested.c -- the host side of kernels/nested.c: starting values 1 ..
 * 999.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size;
    struct nested_args a = { n, 0, 0, 0, 0 };
    int32_t *in = kernel_words(kc, n, err, errlen);
    int32_t *steps = kernel_words(kc, n, err, errlen);
    int32_t *peak = kernel_words(kc, n, err, errlen);
    int32_t *quarters = kernel_words(kc, n, err, errlen);
    int rc = -1;

    if (!in || !steps || !peak || !quarters)
        goto out;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t x = (uint32_t)kernel_rand_range(kc, 1, 999);
        in[i] = peak[i] = (int32_t)x;
        while (x != 1) {
            if (x % 2 == 0) {
                x /= 2;
                quarters[i] += x % 4 == 0;
            } else {
                x = 3 * x + 1;
                if ((int32_t)x > peak[i])
                    peak[i] = (int32_t)x;
            }
            steps[i]++;
        }
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "in", 4 * n, &a.in)
        || simtref_write_words(sm, a.in, (const uint32_t *)in, n)
        || simtref_alloc(sm, "steps", 4 * n, &a.steps)
        || simtref_alloc(sm, "peak", 4 * n, &a.peak)
        || simtref_alloc(sm, "quarters", 4 * n, &a.quarters)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "steps", a.steps, n, steps, err, errlen))
        goto out;
    steps = NULL;
    if (kernel_expect(kc, "peak", a.peak, n, peak, err, errlen))
        goto out;
    peak = NULL;
    if (kernel_expect(kc, "quarters", a.quarters, n, quarters, err, errlen))
        goto out;
    quarters = NULL;
    rc = 0;
out:
    free(in);
    free(steps);
    free(peak);
    free(quarters);
    return rc;
}

const struct kernel_info kernel_nested = {
    .name = "nested", .cls = KERNEL_CONTROL,
    .what = "Collatz sequences: an if and an inner if inside a data-dependent loop",
    .size_is = "elements",
    .size = 64, .grid = 2, .block = 32,
    .size_min = 1, .size_max = 1u << 20, .size_pow2 = false,
    .shared_bytes = 0, .barriers = false,
    .setup = setup,
};
