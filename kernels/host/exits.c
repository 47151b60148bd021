/*
 * exits.c -- the host side of kernels/exits.c: what each thread of each
 * TB leaves in out[], every word not written keeping its start value.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

enum { UNWRITTEN = -77 };

/* Case 2: `live` threads exchange values for `rounds` rounds. */
static void barrier_rounds(int32_t *o, uint32_t ntid, uint32_t c,
                           uint32_t rounds)
{
    uint32_t live = 3 * ntid / 4;
    int32_t *v = malloc((live ? live : 1) * sizeof *v);
    int32_t *sh = malloc((live ? live : 1) * sizeof *sh);

    if (!v || !sh) {
        free(v);
        free(sh);
        return;
    }
    /* a thread that returned never writes its word of shared memory,
     * which stays 0 */
    for (uint32_t t = 0; t < live; t++)
        v[t] = t % 5 == 4 ? 0 : 3 * (int32_t)t + (int32_t)c;
    for (uint32_t k = 0; k < rounds; k++) {
        for (uint32_t t = 0; t < live; t++)
            sh[t] = v[t];
        for (uint32_t t = 0; t < live; t++)
            if (t % 5 != 4)
                v[t] += sh[(t + 1 + k) % live];
    }
    for (uint32_t t = 0; t < live; t++)
        if (t % 5 != 4)
            o[t] = v[t];
    free(v);
    free(sh);
}

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t ntid = kc->block, n = kc->grid * ntid;
    struct exits_args a = { kc->size, 0 };
    int32_t *out = kernel_words(kc, n, err, errlen);
    int32_t *start = kernel_words(kc, n, err, errlen);
    int rc = -1;

    if (!out || !start)
        goto out;
    for (uint32_t i = 0; i < n; i++)
        out[i] = start[i] = UNWRITTEN;
    for (uint32_t c = 0; c < kc->grid; c++) {
        int32_t *o = out + c * ntid;
        uint32_t even = ntid - (ntid & 1);

        for (uint32_t t = 0; c % 4 != 2 && t < ntid; t++)
            switch (c % 4) {
            case 0:
                o[t] = 7 * (int32_t)t + ((t & 1) ? 1 : 2);
                break;
            case 1:
                o[t] = t >= ntid / 2 || (t & 1) ? 100 + (int32_t)t
                                                : 1200 + (int32_t)t;
                break;
            default:
                o[t] = (t & 1) ? -(int32_t)t
                       : 5 * (int32_t)(even > 2 ? (t + 2) % even : t)
                         + (int32_t)c;
                break;
            }
        if (c % 4 == 2)
            barrier_rounds(o, ntid, c, kc->size);
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "out", 4 * n, &a.out)
        || simtref_write_words(sm, a.out, (const uint32_t *)start, n)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "out", a.out, n, out, err, errlen))
        goto out;
    out = NULL;
    rc = 0;
out:
    free(out);
    free(start);
    return rc;
}

const struct kernel_info kernel_exits = {
    .name = "exits", .cls = KERNEL_CONTROL,
    .what = "threads leaving early: simt.exit in divergent code and inside a call, "
            "a quarter of the TB gone before a loop of barriers",
    .size_is = "barrier rounds",
    .size = 4, .grid = 8, .block = 64,
    .size_min = 1, .size_max = 64, .size_pow2 = false,
    .shared_bytes = 4096, .barriers = true,
    .setup = setup,
};
