/*
 * compare_report.h -- the tables and plots of a `simtref compare`
 * matrix, from its measured points (compare_points.h).
 *
 * Per configuration, three Markdown tables with a row per kernel and a
 * column per (swept value, mode, scheduler, fetch policy) of the matrix:
 * IPC in thread-instructions per cycle; the speedup over SBR (the same
 * point under reconvergence sbr), present only when the matrix has sbr;
 * the speedup over LRR (the same point under scheduler lrr), present only
 * when it has lrr.  A speedup is the baseline's cycles over the point's.
 * After each kernel class, and after all kernels, the geometric mean of
 * the column over the kernels that have a value in it.
 */
#ifndef SIMTREF_COMPARE_REPORT_H
#define SIMTREF_COMPARE_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "atomic_file.h"
#include "compare_points.h"

/* Where the files of a report go. */
struct compare_report_request {
    const char *outdir;   /* compare.md, compare.csv, compare.json, PNGs */
    bool plots;           /* draw the gnuplot PNGs */
};

/*
 * Print the tables on out, and write them (compare.md), every point
 * (compare.csv, compare.json) and the plots into rq->outdir: speedup over
 * SBR per kernel and configuration, a plot per mode
 * (speedup-over-sbr-MODE.png, as HARP Fig. 11-13), and IPC normalised to
 * LRR per kernel and scheduler, a plot per configuration
 * (ipc-over-lrr-CONFIG.png, as BAWS Fig. 9-10).  Every file is written
 * whole or not at all: none when one fails.  0, or -1 with a message.
 */
int compare_report(const struct compare_points *ps,
                   const struct compare_report_request *rq, FILE *out,
                   char *err, size_t errlen);

/* The Markdown tables alone. */
void compare_report_markdown(const struct compare_points *ps, FILE *out);

/* For the parts of a report (compare_plot.c). */

/* The files of a report, written whole or not at all. */
enum { MAX_REPORT_FILES = 64 };
struct report_files {
    struct atomic_file f[MAX_REPORT_FILES]; /* each file's temporary */
    size_t n;                               /* how many are open */
    const char *outdir;                     /* where they go */
    char *err;                              /* the message of a failure */
    size_t errlen;
};

/* A new file of the report, rf->outdir/name, open on its temporary: its
 * slot, or NULL with the message in rf->err. */
struct atomic_file *compare_report_file(struct report_files *rf,
                                        const char *name);

#endif /* SIMTREF_COMPARE_REPORT_H */
