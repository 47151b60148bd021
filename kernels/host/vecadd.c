/*
 * vecadd.c -- the host side of kernels/vecadd.c.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size;
    int32_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    int32_t *c = malloc(n * sizeof *c);
    struct vecadd_args args = { n, 0, 0, 0 };
    int rc = -1;

    if (!a || !b || !c)
        goto out;
    for (uint32_t i = 0; i < n; i++) {
        a[i] = kernel_rand_range(kc, -1000000, 1000000);
        b[i] = kernel_rand_range(kc, -1000000, 1000000);
        c[i] = a[i] + b[i];
    }
    if (simtref_alloc(sm, "args", sizeof args, &kc->args)
        || simtref_alloc(sm, "a", 4 * n, &args.a)
        || simtref_write_words(sm, args.a, (const uint32_t *)a, n)
        || simtref_alloc(sm, "b", 4 * n, &args.b)
        || simtref_write_words(sm, args.b, (const uint32_t *)b, n)
        || simtref_alloc(sm, "c", 4 * n, &args.c)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&args,
                               sizeof args / 4)
        || kernel_expect(kc, "c", args.c, n, c, err, errlen))
        goto out;
    c = NULL;
    rc = 0;
out:
    free(a);
    free(b);
    free(c);
    return rc;
}

const struct kernel_info kernel_vecadd = {
    .name = "vecadd", .cls = KERNEL_COHERENT,
    .what = "c[i] = a[i] + b[i]",
    .size_is = "elements",
    .size = 256, .grid = 2, .block = 64,
    .size_min = 1, .size_max = 1u << 20, .size_pow2 = false,
    .shared_bytes = 0, .barriers = false,
    .setup = setup,
};
