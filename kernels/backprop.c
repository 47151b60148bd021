/*
 * backprop.c -- a layer of a back-propagation network in fixed point
 * (divergent, more parallelism): the forward pass of each hidden unit
 * ends in a piecewise-linear squashing function whose arm depends on the
 * unit's sum, and every weight is adjusted by its own thread.
 */
#include "args.h"
#include "simt.h"

/* A sigmoid in Q8, by pieces. */
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

void kernel(const void *args)
{
    const struct backprop_args *p = args;
    const int32_t *in = SIMT_PTR(const int32_t, p->in);
    const int32_t *w = SIMT_PTR(const int32_t, p->w);
    const int32_t *oldw = SIMT_PTR(const int32_t, p->oldw);
    const int32_t *delta = SIMT_PTR(const int32_t, p->delta);
    int32_t *neww = SIMT_PTR(int32_t, p->neww);
    int32_t *hidden = SIMT_PTR(int32_t, p->hidden);
    uint32_t rows = p->n_in + 1, g = simt_global_id(), gt = simt_global_threads();

    for (uint32_t j = g; j < BP_HIDDEN; j += gt) {
        int32_t sum = 0;
        for (uint32_t i = 0; i < rows; i++)
            sum += (w[i * BP_HIDDEN + j] * in[i]) >> 8;
        hidden[j] = squash(sum);
    }
    for (uint32_t k = g; k < rows * BP_HIDDEN; k += gt) {
        uint32_t i = k / BP_HIDDEN, j = k % BP_HIDDEN;
        neww[k] = w[k] + ((delta[j] * in[i]) >> 8) + (oldw[k] >> 2);
    }
}
