/*
 * cfg_ipdom.c -- immediate post-dominators of a function's blocks (cfg.h:
 * cfg_ipdom), by the iterative algorithm of Cooper, Harvey and Kennedy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"

/* ------------------------------------------------------------------ */
/* Post-dominators.                                                    */
/* ------------------------------------------------------------------ */

/* Dominators of the reversed graph rooted at the exit (node n), by
 * Cooper, Harvey and Kennedy, "A Simple, Fast Dominance Algorithm". */
/* Is succ[u][k] listed before, as succ[u][j], j < k? */
static bool listed_before(const int *const *succ, unsigned u, unsigned k)
{
    for (unsigned j = 0; j < k; j++)
        if (succ[u][j] == succ[u][k])
            return true;
    return false;
}

int cfg_ipdom(unsigned n, const int *const *succ, const unsigned *n_succ,
              int *ipdom)
{
    unsigned N = n + 1, X = n;
    unsigned *npred = calloc(N, sizeof *npred);     /* reversed-graph edges */
    unsigned *pstart = calloc(N + 1, sizeof *pstart);
    unsigned *pred = NULL, *order = calloc(N, sizeof *order);
    unsigned *po = malloc(N * sizeof *po);          /* postorder number */
    int *idom = malloc(N * sizeof *idom);
    unsigned *stack = malloc(N * sizeof *stack), *next = calloc(N, sizeof *next);
    unsigned ne = 0, count = 0;
    int rc = -1;

    if (!npred || !pstart || !order || !po || !idom || !stack || !next)
        goto out;
    /* The reversed graph's successors of v are v's forward predecessors;
     * those of X are the nodes with an edge to the exit. */
    for (unsigned u = 0; u < n; u++)
        for (unsigned k = 0; k < n_succ[u]; k++) {
            unsigned v = succ[u][k] == CFG_EXIT ? X : (unsigned)succ[u][k];
            npred[v]++;
            ne++;
        }
    pred = malloc((ne ? ne : 1) * sizeof *pred);
    if (!pred)
        goto out;
    for (unsigned v = 0; v < N; v++)
        pstart[v + 1] = pstart[v] + npred[v];
    memset(npred, 0, N * sizeof *npred);
    for (unsigned u = 0; u < n; u++)
        for (unsigned k = 0; k < n_succ[u]; k++) {
            unsigned v = succ[u][k] == CFG_EXIT ? X : (unsigned)succ[u][k];
            /* an edge listed twice (both arms of a branch) once */
            if (listed_before(succ, u, k))
                continue;
            pred[pstart[v] + npred[v]++] = u;
        }
    /* Depth-first postorder of the reversed graph from X. */
    for (unsigned v = 0; v < N; v++)
        po[v] = UINT32_MAX;
    {
        unsigned sp = 0;
        po[X] = UINT32_MAX - 1;          /* on the stack */
        stack[sp++] = X;
        while (sp) {
            unsigned v = stack[sp - 1];
            if (next[v] < npred[v]) {
                unsigned w = pred[pstart[v] + next[v]++];
                if (po[w] == UINT32_MAX) {
                    po[w] = UINT32_MAX - 1;
                    stack[sp++] = w;
                }
            } else {
                po[v] = count;
                order[count++] = v;
                sp--;
            }
        }
    }
    for (unsigned v = 0; v < N; v++)
        idom[v] = -1;
    idom[X] = (int)X;
    for (bool changed = true; changed; ) {
        changed = false;
        /* reverse postorder, the root (last in postorder) excluded */
        for (unsigned i = count - 1; i-- > 0; ) {
            unsigned b = order[i];
            int nd = -1;
            /* b's predecessors in the reversed graph: its successors */
            for (unsigned k = 0; k < n_succ[b]; k++) {
                int p = succ[b][k] == CFG_EXIT ? (int)X : succ[b][k];
                if (idom[p] < 0)
                    continue;
                if (nd < 0) {
                    nd = p;
                    continue;
                }
                int f1 = p, f2 = nd;
                while (f1 != f2) {
                    while (po[f1] < po[f2])
                        f1 = idom[f1];
                    while (po[f2] < po[f1])
                        f2 = idom[f2];
                }
                nd = f1;
            }
            if (nd >= 0 && idom[b] != nd) {
                idom[b] = nd;
                changed = true;
            }
        }
    }
    for (unsigned v = 0; v < n; v++)
        ipdom[v] = idom[v] < 0 ? CFG_NONE
                   : (unsigned)idom[v] == X ? CFG_EXIT : idom[v];
    rc = 0;
out:
    free(npred);
    free(pstart);
    free(pred);
    free(order);
    free(po);
    free(idom);
    free(stack);
    free(next);
    return rc;
}

