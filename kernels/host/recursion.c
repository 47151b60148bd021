/*
 * recursion.c -- the host side of kernels/recursion.c: arguments 0 ..
 * 14, so calls nest up to 14 deep; the reference iterates.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size;
    struct recursion_args a = { n, 0, 0 };
    int32_t *in = kernel_words(kc, n, err, errlen);
    int32_t *out = kernel_words(kc, n, err, errlen);
    int rc = -1;

    if (!in || !out)
        goto out;
    for (uint32_t i = 0; i < n; i++) {
        int32_t f0 = 0, f1 = 1;
        in[i] = kernel_rand_range(kc, 0, 14);
        for (int32_t k = 0; k < in[i]; k++) {
            int32_t f2 = f0 + f1;
            f0 = f1;
            f1 = f2;
        }
        out[i] = f0;
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

const struct kernel_info kernel_recursion = {
    .name = "recursion", .cls = KERNEL_CONTROL,
    .what = "fib(x) by its doubly recursive definition, the depth per thread",
    .size_is = "elements",
    .size = 32, .grid = 1, .block = 32,
    .size_min = 1, .size_max = 1u << 16, .size_pow2 = false,
    .shared_bytes = 0, .barriers = false,
    .setup = setup,
};
