/*
 * deepcall.c -- the host side of kernels/deepcall.c.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int32_t digit_sum(uint32_t x)
{
    int32_t s = 0;

    do {
        s += (int32_t)(x % 10);
        x /= 10;
    } while (x);
    return s;
}

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size;
    struct deepcall_args a = { n, 0, 0 };
    int32_t *in = kernel_words(kc, n, err, errlen);
    int32_t *out = kernel_words(kc, n, err, errlen);
    int rc = -1;

    if (!in || !out)
        goto out;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t x = kernel_rand(kc);
        int32_t y;

        in[i] = (int32_t)x;
        if (x & 1)
            y = digit_sum(x) * 5 - digit_sum(x / 7 + 3) + (int32_t)(x & 0xff);
        else
            y = (int32_t)(x >> 1) - 5;
        out[i] = y ^ (int32_t)i;
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "in", 4 * n, &a.in)
        || simtref_write_words(sm, a.in, (const uint32_t *)in, n)
        || simtref_alloc(sm, "out", 4 * n, &a.out)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "out", a.out, n, out, err, errlen))
        goto out;
    out = NULL;
    rc = 0;
out:
    free(in);
    free(out);
    return rc;
}

const struct kernel_info kernel_deepcall = {
    .name = "deepcall", .cls = KERNEL_CONTROL,
    .what = "a call inside a divergent branch to a function below its caller that "
            "calls one above it",
    .size_is = "elements",
    .size = 128, .grid = 2, .block = 32,
    .size_min = 1, .size_max = 1u << 20, .size_pow2 = false,
    .shared_bytes = 0, .barriers = false,
    .setup = setup,
};
