/*
 * btree.c -- the host side of kernels/btree.c: a B+ tree of fanout 8
 * built bottom-up over size sorted distinct keys (the leaves' records
 * are key * 3 + 1), and 64 queries, three in four of them keys in the
 * tree; the reference is a binary search of the sorted keys.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

enum { QUERIES = 64 };

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t nk = kc->size, n_nodes = 0, level_lo = 0, level_n, height = 1;
    struct btree_args a = { QUERIES, 0, 0, 0, 0, 0 };
    int32_t *keys = kernel_words(kc, nk, err, errlen);
    /* at most nk / 8 + 1 leaves, and fewer nodes at each level above */
    uint32_t cap = 2 * (nk / BTREE_FAN + 2) + 8;
    int32_t *node = kernel_words(kc, cap * BTREE_NODE_WORDS, err, errlen);
    int32_t *minkey = kernel_words(kc, cap, err, errlen);
    int32_t *q = kernel_words(kc, QUERIES, err, errlen);
    int32_t *res = kernel_words(kc, QUERIES, err, errlen);
    int rc = -1;

    if (!keys || !node || !minkey || !q || !res)
        goto out;
    for (uint32_t i = 0, k = 0; i < nk; i++) {
        k += (uint32_t)kernel_rand_range(kc, 1, 5);
        keys[i] = (int32_t)k;
    }
    /* the leaves */
    for (uint32_t i = 0; i < nk; i += BTREE_FAN, n_nodes++) {
        int32_t *nd = node + n_nodes * BTREE_NODE_WORDS;
        uint32_t m = nk - i < BTREE_FAN ? nk - i : BTREE_FAN;
        nd[0] = (int32_t)m;
        for (uint32_t j = 0; j < m; j++) {
            nd[1 + j] = keys[i + j];
            nd[1 + BTREE_FAN + j] = keys[i + j] * 3 + 1;
        }
        minkey[n_nodes] = keys[i];
    }
    level_n = n_nodes;
    /* each level above: a node per 8 nodes of the level below */
    while (level_n > 1) {
        uint32_t first = n_nodes;
        for (uint32_t i = 0; i < level_n; i += BTREE_FAN, n_nodes++) {
            int32_t *nd = node + n_nodes * BTREE_NODE_WORDS;
            uint32_t m = level_n - i < BTREE_FAN ? level_n - i : BTREE_FAN;
            nd[0] = (int32_t)m;
            for (uint32_t j = 0; j < m; j++) {
                nd[1 + j] = minkey[level_lo + i + j];
                nd[1 + BTREE_FAN + j] = (int32_t)(level_lo + i + j);
            }
            minkey[n_nodes] = minkey[level_lo + i];
        }
        level_lo = first;
        level_n = n_nodes - first;
        height++;
    }
    a.height = height;
    a.root = level_lo;
    for (uint32_t i = 0; i < QUERIES; i++) {
        uint32_t lo = 0, hi = nk;
        q[i] = kernel_rand(kc) % 4 ? keys[kernel_rand(kc) % nk]
               : kernel_rand_range(kc, -3, keys[nk - 1] + 3);
        while (lo < hi) {
            uint32_t mid = (lo + hi) / 2;
            if (keys[mid] < q[i])
                lo = mid + 1;
            else
                hi = mid;
        }
        res[i] = lo < nk && keys[lo] == q[i] ? q[i] * 3 + 1 : -1;
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "nodes", 4 * (n_nodes * BTREE_NODE_WORDS),
                         &a.nodes)
        || simtref_write_words(sm, a.nodes, (const uint32_t *)node,
                               n_nodes * BTREE_NODE_WORDS)
        || simtref_alloc(sm, "key", 4 * QUERIES, &a.key)
        || simtref_write_words(sm, a.key, (const uint32_t *)q, QUERIES)
        || simtref_alloc(sm, "result", 4 * QUERIES, &a.result)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "result", a.result, QUERIES, res, err, errlen))
        goto out;
    res = NULL;
    rc = 0;
out:
    free(keys);
    free(node);
    free(minkey);
    free(q);
    free(res);
    return rc;
}

const struct kernel_info kernel_btree = {
    .name = "btree", .cls = KERNEL_BARRIER,
    .what = "B+ tree search of 64 queries, a query per TB, a thread per key",
    .size_is = "keys",
    .size = 512, .grid = 4, .block = 8,
    .size_min = 1, .size_max = 1u << 20, .size_pow2 = false,
    .shared_bytes = 8, .barriers = true,
    .setup = setup,
};
