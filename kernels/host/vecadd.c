/*
 * vecadd.c -- the host side of kernels/vecadd.c.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, const struct kernel_mem *mem,
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
    kc->args = kernel_alloc(kc, sizeof args, err, errlen);
    if (!kc->args || !(args.a = kernel_put(kc, mem, a, n, err, errlen))
        || !(args.b = kernel_put(kc, mem, b, n, err, errlen))
        || !(args.c = kernel_alloc(kc, 4 * n, err, errlen))
        || kernel_write(kc, mem, kc->args, &args, sizeof args / 4, err, errlen)
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
