/*
 * findings_points.h -- the points the findings need: each variant of
 * findings_table.h (with a what-if's change, where one applies) expanded
 * by compare's matrix into `simtref sim --json` commands, run by
 * compare's runner, and cached.
 *
 * A point's JSON file is named by a SHA-256 key of everything that
 * decides its result: the bytes of the simtref that runs it, the text of
 * its preset, its --set options, its kernel and that kernel's ELF bytes,
 * and its size, grid, block, seed and cycle limit (the point's command
 * line).  A point whose file is in the cache and reads as a checked run
 * is reused; any other is run (a file that does not read is run again).
 * Points shared by several findings run once.
 */
#ifndef SIMTREF_FINDINGS_POINTS_H
#define SIMTREF_FINDINGS_POINTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compare_points.h"
#include "findings_table.h"

enum {
    FINDINGS_MAX_INSTANCES = 128,   /* configurations run */
    FINDINGS_INSTANCE_SETS = FINDINGS_MAX_SETS + 2 /* a what-if's too */
};

/* A configuration as run: a variant, perhaps changed by a what-if. */
struct findings_instance {
    const char *preset;                          /* the preset */
    const char *sets[FINDINGS_INSTANCE_SETS];    /* its --set options */
    size_t nsets;
    int fill;                                    /* the SM filled */
    const char *sizes;                           /* a what-if's sizes
                                                    ("K=N,..."), or NULL */
    uint32_t kernels;                            /* the suite's kernels
                                                    it runs (bit = index) */
    char unsupported[256];                       /* "" when the SM takes
                                                    it; else why not (the
                                                    SM's own message), and
                                                    its points are not run */
};

/* The four configurations of a row (or a what-if): r.var, r.base,
 * r2.var, r2.base as instance indices (-1 when the row has no r2). */
struct findings_use {
    int inst[4];
};

/* One measured point. */
struct findings_point {
    int inst;                      /* its configuration */
    unsigned kernel;               /* the suite's index of its kernel */
    struct compare_point pt;       /* what it measured */
};

/* Everything the report reads. */
struct findings_plan {
    struct findings_instance inst[FINDINGS_MAX_INSTANCES];
    size_t ninst;
    uint32_t allowed;              /* the kernels allowed (--kernels) */
    struct findings_use *rows;     /* per row of findings_rows (malloc'd) */
    struct findings_use *whatifs;  /* per what-if (malloc'd) */
    struct findings_point *points; /* the measured points (malloc'd) */
    size_t npoints;
    size_t run, reused;            /* points run now, read from the cache */
};

/* How to run the points. */
struct findings_run_request {
    const char *exe;          /* the simtref that runs them (absolute) */
    const char *cache;        /* the cache directory (absolute); the
                                 points' files go there */
    bool reuse;               /* read the points already there (false:
                                 --no-cache, every point runs) */
    const char *logdir;       /* a failed point's output */
    unsigned jobs;            /* points at a time */
    const char *seed;         /* every point's --seed, or NULL */
};

/* The kernels of classes ks among those allowed, as suite bits. */
uint32_t findings_kernels(unsigned ks, uint32_t allowed);

/*
 * Build the plan: the instances of every row and what-if, each with the
 * kernels its rows need among `allowed`.  0, or -1 with a message.
 */
int findings_plan_build(struct findings_plan *pl, uint32_t allowed,
                        char *err, size_t errlen);

/*
 * Expand, run (or reuse) and read every point of the plan.  A
 * configuration the SM does not build (a key it does not model yet) is
 * not run: its instance's `unsupported` says why.  A point that
 * fails stops the run: -1 with the message (its output and the command
 * that repeats it on stderr).
 */
int findings_plan_run(struct findings_plan *pl,
                      const struct findings_run_request *rq, char *err,
                      size_t errlen);

/* The point of instance i and kernel k, or NULL. */
const struct compare_point *findings_point_find(const struct findings_plan *pl,
                                                int i, unsigned k);

void findings_plan_free(struct findings_plan *pl);

#endif /* SIMTREF_FINDINGS_POINTS_H */
