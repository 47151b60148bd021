/*
 * bfs.c -- level-synchronous breadth-first search (divergent, more
 * parallelism): each TB searches the graph from its own source; a level
 * expands the frontier (a thread per node, a loop over its edges whose
 * length is the node's degree), then marks the next frontier, with
 * barriers between the phases.  Whether the search goes on is a flag in
 * shared memory, one per parity of the level, so the flag being read is
 * never the one being cleared.
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct bfs_args *p = args;
    const int32_t *row = SIMT_PTR(const int32_t, p->row);
    const int32_t *col = SIMT_PTR(const int32_t, p->col);
    uint32_t v = p->v, tid = simt_tid(), nt = simt_ntid(), b = simt_ctaid();
    int32_t *cost = SIMT_PTR(int32_t, p->cost) + b * v;
    int32_t *mask = SIMT_PTR(int32_t, p->mask) + b * v;
    int32_t *upd = SIMT_PTR(int32_t, p->upd) + b * v;
    int32_t *visited = SIMT_PTR(int32_t, p->visited) + b * v;
    volatile int32_t *more = simt_shared();   /* more[0], more[1] */
    uint32_t src = (b * 7919u) % v, level = 0;

    for (uint32_t i = tid; i < v; i += nt) {
        cost[i] = i == src ? 0 : -1;
        mask[i] = visited[i] = i == src;
        upd[i] = 0;
    }
    if (tid == 0)
        more[0] = more[1] = 0;
    simt_barrier();
    for (;;) {
        for (uint32_t i = tid; i < v; i += nt) {
            if (!mask[i])
                continue;
            mask[i] = 0;
            for (int32_t e = row[i]; e < row[i + 1]; e++) {
                int32_t u = col[e];
                if (!visited[u]) {
                    cost[u] = cost[i] + 1;
                    upd[u] = 1;
                }
            }
        }
        simt_barrier();
        for (uint32_t i = tid; i < v; i += nt)
            if (upd[i]) {
                mask[i] = visited[i] = 1;
                upd[i] = 0;
                more[level & 1] = 1;
            }
        simt_barrier();
        if (!more[level & 1])
            break;
        if (tid == 0)
            more[(level + 1) & 1] = 0;
        level++;
    }
}
