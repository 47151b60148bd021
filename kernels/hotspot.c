/*
 * hotspot.c -- one step of a thermal simulation on a grid of cells
 * (divergent, more parallelism): a cell on an edge or a corner has
 * fewer neighbours, and each missing one is a branch of its own.
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct hotspot_args *p = args;
    const int32_t *t = SIMT_PTR(const int32_t, p->temp);
    const int32_t *pw = SIMT_PTR(const int32_t, p->power);
    int32_t *out = SIMT_PTR(int32_t, p->out);
    uint32_t n = p->n;

    for (uint32_t k = simt_global_id(); k < n * n; k += simt_global_threads()) {
        uint32_t r = k / n, c = k % n;
        int32_t me = t[k], north, south, east, west;
        north = r > 0 ? t[k - n] : me;
        south = r + 1 < n ? t[k + n] : me;
        west = c > 0 ? t[k - 1] : me;
        east = c + 1 < n ? t[k + 1] : me;
        out[k] = me + ((pw[k] + (north + south - 2 * me) * p->ry
                        + (east + west - 2 * me) * p->rx
                        + (p->amb - me) * p->rz) >> 8);
    }
}
