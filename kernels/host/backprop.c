/*
 * backprop.c -- the host side of kernels/backprop.c.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int32_t squash(int32_t x)
{
    if (x <= -1024)
        return 0;
    if (x >= 1024)
        return 256;
    if (x < -256)
        return 32 + (x + 1024) / 8;
    if (x > 256)
        return 224 + (x - 256) / 24;
    return 128 + x / 3;
}

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t nin = kc->size, rows = nin + 1, nw = rows * BP_HIDDEN;
    struct backprop_args a = { nin, 0, 0, 0, 0, 0, 0 };
    int32_t *in = kernel_words(kc, rows, err, errlen);
    int32_t *w = kernel_words(kc, nw, err, errlen);
    int32_t *oldw = kernel_words(kc, nw, err, errlen);
    int32_t *neww = kernel_words(kc, nw, err, errlen);
    int32_t *delta = kernel_words(kc, BP_HIDDEN, err, errlen);
    int32_t *hidden = kernel_words(kc, BP_HIDDEN, err, errlen);
    int rc = -1;

    if (!in || !w || !oldw || !neww || !delta || !hidden)
        goto out;
    for (uint32_t i = 0; i < nin; i++)
        in[i] = kernel_rand_range(kc, 0, 256);
    in[nin] = 256;                       /* the bias input */
    for (uint32_t k = 0; k < nw; k++) {
        /* each unit's weights lean one way, so the sums spread over
         * every arm of squash() */
        int32_t lean = (int32_t)(k % BP_HIDDEN) * 24 - 180;
        w[k] = lean + kernel_rand_range(kc, -64, 64);
        oldw[k] = kernel_rand_range(kc, -32, 32);
    }
    for (uint32_t j = 0; j < BP_HIDDEN; j++)
        delta[j] = kernel_rand_range(kc, -128, 128);
    for (uint32_t j = 0; j < BP_HIDDEN; j++) {
        int32_t sum = 0;
        for (uint32_t i = 0; i < rows; i++)
            sum += (w[i * BP_HIDDEN + j] * in[i]) >> 8;
        hidden[j] = squash(sum);
    }
    for (uint32_t k = 0; k < nw; k++)
        neww[k] = w[k] + ((delta[k % BP_HIDDEN] * in[k / BP_HIDDEN]) >> 8)
                  + (oldw[k] >> 2);
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "in", 4 * rows, &a.in)
        || simtref_write_words(sm, a.in, (const uint32_t *)in, rows)
        || simtref_alloc(sm, "w", 4 * nw, &a.w)
        || simtref_write_words(sm, a.w, (const uint32_t *)w, nw)
        || simtref_alloc(sm, "oldw", 4 * nw, &a.oldw)
        || simtref_write_words(sm, a.oldw, (const uint32_t *)oldw, nw)
        || simtref_alloc(sm, "neww", 4 * nw, &a.neww)
        || simtref_alloc(sm, "delta", 4 * BP_HIDDEN, &a.delta)
        || simtref_write_words(sm, a.delta, (const uint32_t *)delta, BP_HIDDEN)
        || simtref_alloc(sm, "hidden", 4 * BP_HIDDEN, &a.hidden)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "hidden", a.hidden, BP_HIDDEN, hidden, err, errlen))
        goto out;
    hidden = NULL;
    if (kernel_expect(kc, "neww", a.neww, nw, neww, err, errlen))
        goto out;
    neww = NULL;
    rc = 0;
out:
    free(in);
    free(w);
    free(oldw);
    free(neww);
    free(delta);
    free(hidden);
    return rc;
}

const struct kernel_info kernel_backprop = {
    .name = "backprop", .cls = KERNEL_DIVERGENT,
    .what = "a back-propagation layer: forward pass with a piecewise squash, weight update",
    .size_is = "inputs",
    .size = 64, .grid = 2, .block = 64,
    .size_min = 1, .size_max = 65536, .size_pow2 = false,
    .shared_bytes = 0, .barriers = false,
    .setup = setup,
};
