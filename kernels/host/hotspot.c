/*
 * hotspot.c -- the host side of kernels/hotspot.c.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size, nn = n * n;
    struct hotspot_args a = { n, 0, 0, 0, 13, 11, 3, 300 };
    int32_t *t = kernel_words(kc, nn, err, errlen);
    int32_t *pw = kernel_words(kc, nn, err, errlen);
    int32_t *out = kernel_words(kc, nn, err, errlen);
    int rc = -1;

    if (!t || !pw || !out)
        goto out;
    for (uint32_t k = 0; k < nn; k++) {
        t[k] = kernel_rand_range(kc, 300, 400);
        pw[k] = kernel_rand_range(kc, 0, 2000);
    }
    for (uint32_t k = 0; k < nn; k++) {
        uint32_t r = k / n, c = k % n;
        int32_t me = t[k];
        int32_t north = r ? t[k - n] : me, south = r + 1 < n ? t[k + n] : me;
        int32_t west = c ? t[k - 1] : me, east = c + 1 < n ? t[k + 1] : me;
        out[k] = me + ((pw[k] + (north + south - 2 * me) * a.ry
                        + (east + west - 2 * me) * a.rx
                        + (a.amb - me) * a.rz) >> 8);
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "temp", 4 * nn, &a.temp)
        || simtref_write_words(sm, a.temp, (const uint32_t *)t, nn)
        || simtref_alloc(sm, "power", 4 * nn, &a.power)
        || simtref_write_words(sm, a.power, (const uint32_t *)pw, nn)
        || simtref_alloc(sm, "out", 4 * nn, &a.out)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "out", a.out, nn, out, err, errlen))
        goto out;
    out = NULL;
    rc = 0;
out:
    free(t);
    free(pw);
    free(out);
    return rc;
}

const struct kernel_info kernel_hotspot = {
    .name = "hotspot", .cls = KERNEL_DIVERGENT,
    .what = "one step of a thermal simulation, edges and corners by branches",
    .size_is = "grid side",
    .size = 16, .grid = 2, .block = 64,
    .size_min = 1, .size_max = 1024, .size_pow2 = false,
    .shared_bytes = 0, .barriers = false,
    .setup = setup,
};
