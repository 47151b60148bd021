/*
 * nqueens.c -- backtracking N-Queens (divergent, little parallelism):
 * each work item is a placement of the first two queens, and its thread
 * counts the completions by an iterative depth-first search with an
 * explicit stack of the free squares of each row.  Work items differ by
 * orders of magnitude, and so do the threads of a warp.
 */
#include "args.h"
#include "simt.h"

enum { NQ_MAX = 12 };

static uint32_t complete(uint32_t n, uint32_t c0, uint32_t c1)
{
    uint32_t all = (1u << n) - 1, b0 = 1u << c0, b1 = 1u << c1;
    uint32_t cols[NQ_MAX], ld[NQ_MAX], rd[NQ_MAX], avail[NQ_MAX];
    uint32_t count = 0;
    int d;

    /* the second queen must not see the first */
    if ((b1 & (b0 | b0 << 1 | b0 >> 1)) != 0)
        return 0;
    if (n == 2)
        return 1;
    cols[0] = b0 | b1;
    ld[0] = ((b0 << 1 | b1) << 1) & all;
    rd[0] = (b0 >> 1 | b1) >> 1;
    avail[0] = all & ~(cols[0] | ld[0] | rd[0]);
    d = 0;
    while (d >= 0) {
        uint32_t a = avail[d];
        if (a == 0) {
            d--;                          /* backtrack */
            continue;
        }
        uint32_t bit = a & -a;
        avail[d] = a & ~bit;
        if ((uint32_t)d + 3 == n) {      /* the last row is placed */
            count++;
            continue;
        }
        cols[d + 1] = cols[d] | bit;
        ld[d + 1] = ((ld[d] | bit) << 1) & all;
        rd[d + 1] = (rd[d] | bit) >> 1;
        avail[d + 1] = all & ~(cols[d + 1] | ld[d + 1] | rd[d + 1]);
        d++;
    }
    return count;
}

void kernel(const void *args)
{
    const struct nqueens_args *p = args;
    int32_t *count = SIMT_PTR(int32_t, p->count);
    uint32_t n = p->n;

    for (uint32_t k = simt_global_id(); k < n * n; k += simt_global_threads())
        count[k] = (int32_t)complete(n, k / n, k % n);
}
