/*
 * findings_table.h -- the quantitative findings of the four papers as
 * data: for each, what the paper published (labelled "published", with
 * its section) and how simtref computes the same figure from its own
 * points; and the what-ifs that change one thing in a finding's points
 * to show how its figure moves.
 *
 * A figure is a percentage computed from ratios of points:
 *
 *   ratio(kernel) = cycles(base) / cycles(variant)        (cycles)
 *                 = lane activity(variant) / (base)       (lane activity)
 *
 * reduced over a kernel set (geometric mean, maximum or minimum), minus
 * 1, times 100: above 0, the variant is ahead of the base.  A row with a
 * second comparison is the change of a gap: its first comparison's
 * figure minus its second's, in percentage points (HARP §7.2.2's "8-wide
 * SIMD increases the gap by 9 %").
 *
 * Points are named by variants: a configuration (a preset and --set
 * options) run with the suite's inputs, or with the SM filled.  A what-if
 * is data too: the row it decomposes, and one change (a preset, a --set
 * option, or the kernels' sizes) to one side of the row's first
 * comparison.  Adding a configuration key and a what-if row that sets it
 * needs no code.
 */
#ifndef SIMTREF_FINDINGS_TABLE_H
#define SIMTREF_FINDINGS_TABLE_H

#include <stddef.h>

#include "suite.h"

/* The mechanisms of the papers.  ORDER FINDINGS_MECH: findings_mech_name
 * (findings_table.c) follows. */
enum findings_mech {
    MECH_HARP,        /* HARP (Lashgar, Khonsari, Baniasadi) */
    MECH_BAWS,        /* barrier-aware warp scheduling (Liu et al.) */
    MECH_COLLANGE,    /* min(SP:PC), stack-less reconvergence (Collange) */
    MECH_ICS_FIRST,   /* ICS-First, multi-core SIMT (Chen and Chen) */
    FINDINGS_N_MECH
};

/* ORDER FINDINGS_MECH: each mechanism's name in the report. */
extern const char *const findings_mech_name[];

/* What a ratio compares. */
enum findings_stat {
    STAT_CYCLES,      /* cycles(base) / cycles(variant): the speedup */
    STAT_LANES        /* lane_activity(variant) / lane_activity(base):
                         active threads per issued warp (Collange Fig. 5) */
};

/* How the ratios of a kernel set become one figure. */
enum findings_reduce {
    REDUCE_GEOMEAN,   /* the geometric mean ("on average") */
    REDUCE_MAX,       /* the largest ("max", "up to") */
    REDUCE_MIN        /* the smallest ("in all cases at least") */
};

/* The direction a paper states without a figure. */
enum findings_dir {
    DIR_FROM_FIGURE,  /* the published figure's sign gives it */
    DIR_UP,           /* above 0 */
    DIR_DOWN,         /* below 0 */
    DIR_NOT_DOWN      /* 0 or above */
};

/* Kernel sets: a bit per class of the suite (enum kernel_class). */
#define FINDINGS_KS(c) (1u << (c))
enum {
    KS_A = FINDINGS_KS(KERNEL_DIVERGENT_LOW),
    KS_B = FINDINGS_KS(KERNEL_DIVERGENT),
    KS_C = FINDINGS_KS(KERNEL_COHERENT),
    KS_BARRIER = FINDINGS_KS(KERNEL_BARRIER),
    KS_CONTROL = FINDINGS_KS(KERNEL_CONTROL),
    KS_AB = KS_A | KS_B,
    KS_ABC = KS_A | KS_B | KS_C,
    KS_ALL = KS_ABC | KS_BARRIER | KS_CONTROL
};

enum { FINDINGS_MAX_SETS = 8 };   /* --set options of a variant */

/* A set of points: one configuration, run on the kernels the rows need. */
struct findings_variant {
    const char *id;                       /* the rows' name for it */
    const char *preset;                   /* a shipped preset */
    const char *sets[FINDINGS_MAX_SETS];  /* --set KEY=VALUE, NULL-ended */
    int fill;                             /* 1: the SM filled (16 TBs of
                                             256 threads, the inputs of
                                             findings_fill_sizes); 0: the
                                             suite's inputs */
};

/* One comparison: the variant against the base over a kernel set. */
struct findings_ratio {
    const char *var;       /* the variant's id */
    const char *base;      /* the base's id */
    unsigned kernels;      /* the kernel classes (KS_...) */
};

/* A finding of a paper. */
struct findings_row {
    const char *id;               /* short name, also in the what-ifs */
    enum findings_mech mech;
    const char *finding;          /* what the paper found, in a line */
    const char *paper;            /* the paper */
    const char *section;          /* its section and figure */
    double pub_lo, pub_hi;        /* the published figure, percent (or
                                     percentage points); a range lo..hi,
                                     lo == hi for one figure; NAN when the
                                     paper states only a direction */
    enum findings_dir dir;        /* DIR_FROM_FIGURE, unless pub_lo is NAN */
    const char *pub_text;         /* the published figure as the paper
                                     puts it */
    enum findings_stat stat;
    enum findings_reduce reduce;
    struct findings_ratio r;      /* the comparison */
    struct findings_ratio r2;     /* r2.var NULL; else the figure is r's
                                     minus r2's (a change of a gap) */
};

/* Which side of a row's first comparison a what-if changes. */
enum findings_side { SIDE_VAR, SIDE_BASE, SIDE_BOTH };

/* A what-if: a row's first comparison with one thing changed. */
struct findings_whatif {
    const char *id;               /* short name */
    const char *row;              /* the row it decomposes */
    const char *hypothesis;       /* the cause it tests */
    enum findings_side side;      /* which points change */
    const char *preset;           /* another preset, or NULL */
    const char *set;              /* one more --set KEY=VALUE (replacing
                                     the variant's of that key), or NULL */
    const char *sizes;            /* "KERNEL=N,..." inputs of the kernels
                                     named (the others keep theirs), or
                                     NULL */
};

/* The tables, each ended by an entry whose id is NULL. */
extern const struct findings_variant findings_variants[];
extern const struct findings_row findings_rows[];
extern const struct findings_whatif findings_whatifs[];

/* The filled SM: the grid and block of every point of a filled variant,
 * and the inputs of one element per thread grown to one per thread of
 * that grid ("KERNEL=N", NULL-ended; mk/compare.am's COMPARE_FILL and
 * COMPARE_FILL_SIZES). */
extern const char *const findings_fill_grid;
extern const char *const findings_fill_block;
extern const char *const findings_fill_sizes[];

/* The variant of an id, or NULL. */
const struct findings_variant *findings_variant_find(const char *id);

/* The row of an id, or NULL. */
const struct findings_row *findings_row_find(const char *id);

/* The direction a row's published figure states (never
 * DIR_FROM_FIGURE). */
enum findings_dir findings_row_dir(const struct findings_row *r);

/*
 * Check the tables against each other: every variant a row names exists,
 * every what-if names a row, ids are unique, a published range is
 * ordered and has one sign.  0, or -1 with a message naming the entry.
 */
int findings_table_check(char *err, size_t errlen);

#endif /* SIMTREF_FINDINGS_TABLE_H */
