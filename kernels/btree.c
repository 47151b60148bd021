/*
 * btree.c -- B+ tree search (barrier-intensive): a TB takes a query and
 * walks the tree from the root; at each node the threads compare the
 * node's keys in parallel, the one whose key range holds the query
 * writes the child to follow into shared memory, and barriers separate
 * the choice from the step down.  At the leaf the thread holding the key
 * writes its record.
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct btree_args *p = args;
    const int32_t *nodes = SIMT_PTR(const int32_t, p->nodes);
    const int32_t *key = SIMT_PTR(const int32_t, p->key);
    int32_t *result = SIMT_PTR(int32_t, p->result);
    volatile int32_t *sh = simt_shared();   /* sh[0]: the next node, sh[1]: the record */
    uint32_t tid = simt_tid(), nt = simt_ntid();

    for (uint32_t q = simt_ctaid(); q < p->n_queries; q += simt_nctaid()) {
        int32_t k = key[q];
        if (tid == 0) {
            sh[0] = (int32_t)p->root;
            sh[1] = -1;
        }
        simt_barrier();
        for (uint32_t level = 0; level < p->height; level++) {
            const int32_t *node = nodes + sh[0] * BTREE_NODE_WORDS;
            const int32_t *keys = node + 1, *child = node + 1 + BTREE_FAN;
            int32_t nk = node[0];
            int leaf = level + 1 == p->height;
            simt_barrier();                 /* every thread has read sh[0] */
            for (int32_t i = (int32_t)tid; i < nk; i += (int32_t)nt) {
                if (leaf) {
                    if (keys[i] == k)
                        sh[1] = child[i];
                } else if (keys[i] <= k && (i + 1 == nk || keys[i + 1] > k)) {
                    sh[0] = child[i];
                } else if (i == 0 && k < keys[0]) {
                    sh[0] = child[0];       /* below every key */
                }
            }
            simt_barrier();
        }
        if (tid == 0)
            result[q] = sh[1];
        simt_barrier();
    }
}
