/*
 * cfg_ics.c -- the ICS-First levels of a kernel's functions (multi-core
 * SIMT section 4.2; cfg.c's header says how a binary's conditionals get
 * their raise and lower actions): the conditionals found and placed, the
 * levels checked along every edge, the functions on a call-graph cycle
 * left without actions, and the deepest level a thread reaches.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg_work.h"

/* ------------------------------------------------------------------ */
/* ICS-First levels.                                                   */
/* ------------------------------------------------------------------ */

/* The level a thread of group g holds before instruction i (block b). */
static int group_lambda(const struct group *g, const struct cfg_func *cf,
                        int b, uint32_t pc)
{
    if (b == g->r)
        return pc == cf->blocks[b].lo;
    return g->in[b];
}

/* Can the instruction carry an ICS-First action from the table?  Not
 * simt.bar, simt.exit or a simt.prio.*: the hardware commits those with
 * their own operation (docs/isa.md). */
static bool takes_action(uint32_t word)
{
    return (word & 0x7f) != 0x0b;
}

/* The region of the branches with post-dominator r, and the actions
 * that enter and leave it; false when no placement is consistent. */
static bool group_place(const struct cfg_func *cf, const struct fwork *w,
                        struct group *g, int *queue)
{
    unsigned nb = cf->n_blocks, qn = 0;
    uint32_t lo = cf->func->lo;

    for (unsigned b = 0; b < nb; b++) {
        const struct cfg_block *B = &cf->blocks[b];
        if (B->kind != CFG_BRANCH || B->ipdom != g->r
            || B->succ[0] == B->succ[1])
            continue;
        for (unsigned k = 0; k < 2; k++) {
            int s = B->succ[k];
            if (s >= 0 && s != g->r && !g->in[s]) {
                g->in[s] = true;
                queue[qn++] = s;
            }
        }
    }
    for (unsigned q = 0; q < qn; q++) {
        const struct cfg_block *B = &cf->blocks[queue[q]];
        for (unsigned k = 0; k < B->n_succ; k++) {
            int s = B->succ[k];
            if (s >= 0 && s != g->r && !g->in[s]) {
                g->in[s] = true;
                queue[qn++] = s;
            }
        }
    }
    for (unsigned b = 0; b < nb; b++)
        if (g->in[b])
            g->size += (cf->blocks[b].hi - cf->blocks[b].lo) / 4;
    /* A thread enters the function at its caller's level. */
    if (nb == 0 || g->in[0] || g->r == 0)
        return false;
    for (unsigned b = 0; b < nb; b++) {
        const struct cfg_block *B = &cf->blocks[b];
        uint32_t last = B->hi - 4;
        int before = group_lambda(g, cf, (int)b, last), after = -1;
        if ((int)b == g->r && B->lo != last)
            g->d[(B->lo - lo) / 4] = -1;         /* r lowers */
        if ((int)b == g->r && B->lo == last)
            before = 1;                          /* ... on its last one */
        for (unsigned k = 0; k < B->n_succ; k++) {
            int s = B->succ[k];
            int lv = s == CFG_EXIT ? 0
                     : group_lambda(g, cf, s, cf->blocks[s].lo);
            if (after >= 0 && lv != after)
                return false;                    /* successors disagree */
            after = lv;
        }
        g->d[(last - lo) / 4] += after - before;
    }
    for (unsigned i = 0; i < w->n; i++)
        if (g->d[i] != 0 && !takes_action(w->word[i]))
            return false;
    return true;
}

/* The function's levels from its placed groups, checked along every
 * edge; its own deepest level (calls not counted) in *deepest. */
int ics_levels_check(const struct program *p, struct cfg_func *cf,
                        struct fwork *w, struct group *gs, unsigned ng,
                        unsigned *deepest, char *err, size_t errlen)
{
    uint32_t lo = cf->func->lo;

    *deepest = 0;
    for (unsigned i = 0; i < w->n; i++) {
        w->lambda[i] = 0;
        w->delta[i] = 0;
        for (unsigned k = 0; k < ng; k++)
            if (gs[k].placed) {
                w->lambda[i] += group_lambda(&gs[k], cf, w->block[i], lo + 4 * i);
                w->delta[i] += gs[k].d[i];
            }
    }
    for (unsigned b = 0; b < cf->n_blocks; b++) {
        const struct cfg_block *B = &cf->blocks[b];
        unsigned first = (B->lo - lo) / 4, last = (B->hi - lo) / 4 - 1;
        cf->blocks[b].level = (unsigned)w->lambda[first];
        cf->blocks[b].last_level = (unsigned)w->lambda[last];
        for (unsigned i = first; i <= last; i++) {
            int after = w->lambda[i] + w->delta[i];
            unsigned hi = (unsigned)(after > w->lambda[i] ? after : w->lambda[i]);
            bool bad = w->lambda[i] < 0 || after < 0
                       || w->delta[i] < -1 || w->delta[i] > 1;
            if (hi > *deepest)
                *deepest = hi;
            if (i < last)
                bad |= after != w->lambda[i + 1];
            else
                for (unsigned k = 0; k < B->n_succ; k++) {
                    int s = B->succ[k];
                    bad |= after != (s == CFG_EXIT ? 0
                                     : w->lambda[(cf->blocks[s].lo - lo) / 4]);
                }
            if (bad) {
                snprintf(err, errlen, "%s: function %s: the ICS-First levels "
                         "disagree at 0x%08x (an analysis error)", p->path,
                         cf->func->name, lo + 4 * i);
                return -1;
            }
        }
    }
    if (w->n && w->lambda[0] != 0) {
        snprintf(err, errlen, "%s: function %s: the ICS-First level at its "
                 "entry is %d (an analysis error)", p->path, cf->func->name,
                 w->lambda[0]);
        return -1;
    }
    return 0;
}

static int by_size(const void *a, const void *b)
{
    const struct group *x = a, *y = b;
    if (x->size != y->size)
        return x->size > y->size ? -1 : 1;
    return x->r < y->r ? -1 : x->r > y->r;
}

/* Find the function's conditionals and place the ones that fit, outer
 * (larger) first. */
int ics_groups_find(const struct program *p, struct cfg_func *cf,
                       struct fstate *fs, char *err, size_t errlen)
{
    unsigned nb = cf->n_blocks;
    bool *seen = calloc(nb + 1, sizeof *seen);     /* [nb] is the exit */
    int *queue = malloc((nb ? nb : 1) * sizeof *queue);
    int *sum = calloc(fs->w.n ? fs->w.n : 1, sizeof *sum);
    int rc = -1;

    if (!seen || !queue || !sum)
        goto oom;
    fs->gs = calloc(nb + 1, sizeof *fs->gs);
    if (!fs->gs)
        goto oom;
    for (unsigned b = 0; b < nb; b++) {
        const struct cfg_block *B = &cf->blocks[b];
        int r = B->ipdom;
        unsigned key = r == CFG_EXIT ? nb : (unsigned)r;
        if (B->kind != CFG_BRANCH || B->succ[0] == B->succ[1]
            || r == CFG_NONE || seen[key])
            continue;
        seen[key] = true;
        struct group *g = &fs->gs[fs->ng++];
        g->r = r;
        g->in = calloc(nb, sizeof *g->in);
        g->d = calloc(fs->w.n, sizeof *g->d);
        if (!g->in || !g->d)
            goto oom;
        g->placed = group_place(cf, &fs->w, g, queue);
    }
    cf->groups = fs->ng;
    if (cf->recursive || cf->indirect)
        for (unsigned k = 0; k < fs->ng; k++)
            fs->gs[k].placed = false;
    qsort(fs->gs, fs->ng, sizeof *fs->gs, by_size);
    for (unsigned k = 0; k < fs->ng; k++) {
        struct group *g = &fs->gs[k];
        bool fits = g->placed;
        for (unsigned i = 0; fits && i < fs->w.n; i++)
            fits = sum[i] + g->d[i] >= -1 && sum[i] + g->d[i] <= 1;
        g->placed = fits;
        for (unsigned i = 0; fits && i < fs->w.n; i++)
            sum[i] += g->d[i];
    }
    if (ics_levels_check(p, cf, &fs->w, fs->gs, fs->ng, &fs->deepest, err,
                     errlen) != 0)
        goto out;
    /* A conditional's depth: the shallowest level inside its region. */
    for (unsigned k = 0; k < fs->ng; k++) {
        struct group *g = &fs->gs[k];
        g->depth = UINT32_MAX;
        for (unsigned i = 0; g->placed && i < fs->w.n; i++)
            if (g->in[fs->w.block[i]] && (unsigned)fs->w.lambda[i] < g->depth)
                g->depth = (unsigned)fs->w.lambda[i];
    }
    rc = 0;
    goto out;
oom:
    snprintf(err, errlen, "%s: out of memory", p->path);
out:
    free(seen);
    free(queue);
    free(sum);
    return rc;
}

/* The call graph's cycles: reach[i * n + j] when i calls j, directly or
 * not; an indirect call may reach every function. */
int ics_mark_recursion(const struct program *p, struct cfg *g,
                          struct fstate *fs)
{
    unsigned n = g->n_funcs;
    bool *reach = calloc((size_t)n * n + 1, sizeof *reach);

    if (!reach)
        return -1;
    for (unsigned i = 0; i < n; i++)
        for (unsigned k = 0; k < fs[i].w.n; k++) {
            int c = fs[i].w.callee[k];
            if (c >= 0)
                reach[(size_t)i * n + (unsigned)c] = true;
            else if (c == -2)
                for (unsigned j = 0; j < n; j++)
                    reach[(size_t)i * n + j] = true;
        }
    for (unsigned k = 0; k < n; k++)
        for (unsigned i = 0; i < n; i++)
            if (reach[(size_t)i * n + k])
                for (unsigned j = 0; j < n; j++)
                    reach[(size_t)i * n + j] |= reach[(size_t)k * n + j];
    for (unsigned i = 0; i < n; i++)
        g->funcs[i].recursive = reach[(size_t)i * n + i];
    free(reach);
    (void)p;
    return 0;
}

/* Each function's deepest level with its callees (a fixed point: a
 * function on a cycle has no actions, so a cycle adds nothing). */
void ics_max_levels(struct cfg *g, struct fstate *fs)
{
    unsigned n = g->n_funcs;

    for (unsigned i = 0; i < n; i++)
        g->funcs[i].max_level = fs[i].deepest;
    for (bool changed = true; changed; ) {
        changed = false;
        for (unsigned i = 0; i < n; i++)
            for (unsigned k = 0; k < fs[i].w.n; k++) {
                int c = fs[i].w.callee[k];
                unsigned at = (unsigned)(fs[i].w.lambda[k] + fs[i].w.delta[k]);
                unsigned m = 0;
                if (c == -1)
                    continue;
                if (c >= 0) {
                    m = g->funcs[c].max_level;
                } else {
                    for (unsigned j = 0; j < n; j++)
                        if (g->funcs[j].max_level > m)
                            m = g->funcs[j].max_level;
                }
                if (at + m > g->funcs[i].max_level) {
                    g->funcs[i].max_level = at + m;
                    changed = true;
                }
            }
    }
}

