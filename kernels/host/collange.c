/*
 * collange.c -- the host side of kernels/collange.c.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int32_t digits(uint32_t x)
{
    char d[12];
    int n = 0;
    int32_t v = 0;

    do {
        d[n++] = (char)(x % 10);
        x /= 10;
    } while (x);
    while (n > 0)
        v = v * 7 + d[--n];
    return v;
}

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size;
    struct collange_args a = { n, 0, 0 };
    int32_t *in = kernel_words(kc, n, err, errlen);
    int32_t *out = kernel_words(kc, n, err, errlen);
    int rc = -1;

    if (!in || !out)
        goto out;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t x = kernel_rand(kc) % 10000000;
        in[i] = (int32_t)x;
        out[i] = ((x & 1) ? digits(x) : (int32_t)(x / 2) + 1) * 3 + (int32_t)i;
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

const struct kernel_info kernel_collange = {
    .name = "collange", .cls = KERNEL_CONTROL,
    .what = "a call inside a divergent branch to a function placed after its caller",
    .size_is = "elements",
    .size = 128, .grid = 2, .block = 32,
    .size_min = 1, .size_max = 1u << 20, .size_pow2 = false,
    .shared_bytes = 0, .barriers = false,
    .setup = setup,
};
