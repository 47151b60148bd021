/*
 * cfg_work.h -- what the control-flow analysis keeps while it works,
 * shared by its files: cfg.c (the blocks, the re-convergence PCs, the
 * tables), cfg_ics.c (the ICS-First levels) and cfg_ipdom.c (the
 * post-dominators).  Nothing outside loader/cfg*.c includes it.
 */
#ifndef SIMTREF_CFG_WORK_H
#define SIMTREF_CFG_WORK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfg.h"

/* What the analysis keeps per function while it works. */
struct fwork {
    unsigned n;            /* instructions */
    uint32_t *word;        /* each instruction */
    int *block;            /* the block of each instruction */
    int *lambda;           /* the ICS level before each instruction */
    int *delta;            /* the ICS action of each: -1, 0 or +1 */
    int *callee;           /* a direct call's function, -1 none, -2 indirect */
    unsigned *n_targets;   /* a jump through a table: its entries, else 0 */
    uint32_t **targets;    /* ... and their targets */
};

/* A conditional: the branches that re-converge at one block r. */
struct group {
    int r;                 /* the re-convergence block, or CFG_EXIT */
    bool *in;              /* the region's blocks */
    unsigned size;         /* instructions in the region */
    int *d;                /* the action it needs at each instruction */
    unsigned depth;        /* its level inside its region, when placed */
    bool placed;
};

/* Everything per function that the whole-program steps need. */
struct fstate {
    struct fwork w;
    struct group *gs;
    unsigned ng;
    unsigned deepest;      /* its own deepest level, calls not counted */
};

/* Find the function's conditionals and place the ones that fit, outer
 * (larger) first. */
int ics_groups_find(const struct program *p, struct cfg_func *cf,
                       struct fstate *fs, char *err, size_t errlen);

/* The call graph's cycles: reach[i * n + j] when i calls j, directly or
 * not; an indirect call may reach every function. */
int ics_mark_recursion(const struct program *p, struct cfg *g,
                          struct fstate *fs);

/* Each function's deepest level with its callees (a fixed point: a
 * function on a cycle has no actions, so a cycle adds nothing). */
void ics_max_levels(struct cfg *g, struct fstate *fs);

/* The function's levels from its placed groups, checked along every
 * edge; its own deepest level (calls not counted) in *deepest. */
int ics_levels_check(const struct program *p, struct cfg_func *cf,
                        struct fwork *w, struct group *gs, unsigned ng,
                        unsigned *deepest, char *err, size_t errlen);

#endif /* SIMTREF_CFG_WORK_H */
