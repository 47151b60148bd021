/*
 * compare_points.h -- the measured points of a `simtref compare` matrix:
 * read from the JSON files `simtref sim --json` writes, as a matrix file
 * lists them.
 *
 * The matrix file (DIR/matrix.txt, written by compare and by
 * --emit-jobs) names every point the matrix holds, so that a point whose
 * job did not run is reported by its file name:
 *
 *   simtref-compare-matrix 1
 *   sweep KEY                  (or "sweep -" without a sweep)
 *   point FILE VALUE           (FILE relative to DIR; VALUE "-" without
 *                               a sweep)
 */
#ifndef SIMTREF_COMPARE_POINTS_H
#define SIMTREF_COMPARE_POINTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"

/* The names of each enumeration of config.h. */
enum {
    COMPARE_N_MODES = RECONV_COUNT,
    COMPARE_N_SCHEDS = SCHED_SAWS + 1,
    COMPARE_N_FETCH = FETCH_FEF + 1
};

enum {
    COMPARE_NAME_LEN = 64,    /* kernel, configuration, key and value names */
    COMPARE_CLASS_LEN = 64,   /* a kernel class's name */
    COMPARE_PATH_LEN = 1100,  /* a point's file */
    COMPARE_ERR_LEN = 4096    /* an error message (with a child's output) */
};

/* The name of the matrix file inside a points directory. */
#define COMPARE_MATRIX_FILE "matrix.txt"

/* One point as measured: what its `simtref sim --json` file holds. */
struct compare_point {
    char kernel[COMPARE_NAME_LEN];   /* the kernel's name */
    char cls[COMPARE_CLASS_LEN];     /* its class (kernel_class_name) */
    char config[COMPARE_NAME_LEN];   /* the configuration's name */
    char value[COMPARE_NAME_LEN];    /* the swept key's value; "" without */
    int mode;                        /* enum reconvergence */
    int sched;                       /* enum sched_policy */
    int fetch;                       /* enum fetch_policy */
    uint64_t cycles;                 /* cycles of the run */
    uint64_t warp_insns;             /* warp-instructions issued */
    uint64_t thread_insns;           /* thread-instructions executed */
    double lane_activity;            /* active lanes per issued warp over
                                        the warp size ("lane_activity") */
    char file[COMPARE_PATH_LEN];     /* the JSON file it was read from */
};

/* Every point of a matrix, in the order compare_points_sort gives. */
struct compare_points {
    struct compare_point *p;         /* the points (malloc'd) */
    size_t n;                        /* how many */
    size_t cap;                      /* room for this many */
    char sweep_key[COMPARE_NAME_LEN]; /* the swept key; "" without a sweep */
};

/* Write the matrix file's header (sweep_key "" without a sweep) and one
 * line per point. */
void compare_matrix_header(FILE *f, const char *sweep_key);
void compare_matrix_line(FILE *f, const char *file, const char *value);

/*
 * Read DIR/matrix.txt and every point file it lists into ps (zeroed
 * first), then sort them.  0, or -1 with a message naming the file (and
 * its line, or the key that is missing or wrong) in err: a matrix file or
 * a point file that is missing or malformed, two files of one point.
 */
int compare_points_load(struct compare_points *ps, const char *dir,
                        char *err, size_t errlen);

/*
 * Read one point file (what `simtref sim --json` wrote) into pt, its
 * swept value set to `value` ("" without).  0, or -1 with a message
 * naming the file: missing, malformed, not a checked run.
 */
int compare_point_read(const char *file, const char *value,
                       struct compare_point *pt, char *err, size_t errlen);

/* The points in report order: configuration, swept value (as numbers when
 * both are), kernel (the suite's order), mode, scheduler, fetch policy. */
void compare_points_sort(struct compare_points *ps);

/* The point of config, value and kernel with this mode, scheduler and
 * fetch policy, or NULL. */
const struct compare_point *
compare_points_find(const struct compare_points *ps, const char *config,
                    const char *value, const char *kernel, int mode,
                    int sched, int fetch);

/* The index of a mode, scheduler or fetch policy name, or -1. */
int compare_mode_index(const char *name);
int compare_sched_index(const char *name);
int compare_fetch_index(const char *name);

/* Swept values in order: as numbers when both are numbers, else as text
 * (strcmp's sign). */
int compare_value_cmp(const char *a, const char *b);

/* The suite's index of a kernel (kernel_count() for one outside it). */
unsigned compare_kernel_rank(const char *name);

void compare_points_free(struct compare_points *ps);

#endif /* SIMTREF_COMPARE_POINTS_H */
