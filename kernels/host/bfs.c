/*
 * bfs.c -- the host side of kernels/bfs.c: a random directed graph (a
 * ring so that most nodes are reached, and one to five random edges per
 * node), searched from each TB's source with a queue.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t v = kc->size, tbs = kc->grid, e = 0;
    struct bfs_args a = { v, 0, 0, 0, 0, 0, 0 };
    int32_t *row = kernel_words(kc, v + 1, err, errlen);
    int32_t *col = kernel_words(kc, 6 * v, err, errlen);
    int32_t *cost = kernel_words(kc, tbs * v, err, errlen);
    int32_t *queue = kernel_words(kc, v, err, errlen);
    int rc = -1;

    if (!row || !col || !cost || !queue)
        goto out;
    for (uint32_t i = 0; i < v; i++) {
        uint32_t d = (uint32_t)kernel_rand_range(kc, 1, 5);
        row[i] = (int32_t)e;
        if (kernel_rand(kc) % 8)         /* most nodes lead on round the ring */
            col[e++] = (int32_t)((i + 1) % v);
        for (uint32_t k = 0; k < d; k++)
            col[e++] = (int32_t)(kernel_rand(kc) % v);
    }
    row[v] = (int32_t)e;
    for (uint32_t b = 0; b < tbs; b++) {
        int32_t *c = cost + b * v;
        uint32_t head = 0, tail = 0, src = (b * 7919u) % v;
        for (uint32_t i = 0; i < v; i++)
            c[i] = -1;
        c[src] = 0;
        queue[tail++] = (int32_t)src;
        while (head < tail) {
            int32_t x = queue[head++];
            for (int32_t k = row[x]; k < row[x + 1]; k++)
                if (c[col[k]] < 0) {
                    c[col[k]] = c[x] + 1;
                    queue[tail++] = col[k];
                }
        }
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "row", 4 * (v + 1), &a.row)
        || simtref_write_words(sm, a.row, (const uint32_t *)row, v + 1)
        || simtref_alloc(sm, "col", 4 * e, &a.col)
        || simtref_write_words(sm, a.col, (const uint32_t *)col, e)
        || simtref_alloc(sm, "cost", 4 * tbs * v, &a.cost)
        || simtref_alloc(sm, "mask", 4 * tbs * v, &a.mask)
        || simtref_alloc(sm, "upd", 4 * tbs * v, &a.upd)
        || simtref_alloc(sm, "visited", 4 * tbs * v, &a.visited)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "cost", a.cost, tbs * v, cost, err, errlen))
        goto out;
    cost = NULL;
    rc = 0;
out:
    free(row);
    free(col);
    free(cost);
    free(queue);
    return rc;
}

const struct kernel_info kernel_bfs = {
    .name = "bfs", .cls = KERNEL_DIVERGENT,
    .what = "level-synchronous breadth-first search, a source per TB",
    .size_is = "nodes",
    .size = 128, .grid = 2, .block = 64,
    .size_min = 2, .size_max = 65536, .size_pow2 = false,
    .shared_bytes = 8, .barriers = true,
    .setup = setup,
};
