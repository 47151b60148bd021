/*
 * findings_report.h -- the report of `simtref findings`: each finding's
 * published figure beside the one simtref computes from its points,
 * whether the direction reproduces, the what-ifs of those that do not,
 * and what an architect should conclude, generated from those
 * directions.
 *
 *   findings.md    the tables and the conclusions (also printed)
 *   findings.csv   a line per finding and per what-if
 *   findings.json  the same, with the kernels each figure covers
 *   findings.png   published against simtref, per finding with a figure
 *
 * Nothing in them depends on the time or on which points came from the
 * cache: the same points give the same bytes.
 */
#ifndef SIMTREF_FINDINGS_REPORT_H
#define SIMTREF_FINDINGS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "findings_points.h"

/* A computed figure. */
struct findings_figure {
    bool has;              /* false: no kernel had both points */
    double pct;            /* percent (percentage points for a gap) */
    unsigned nkernels;     /* kernels it covers (of the first comparison) */
    bool reproduces;       /* its direction is the published one */
    const char *why;       /* without a figure: why, when the SM does not
                              model one of its configurations (else
                              NULL) */
};

/* The figure of row r over the configurations of u. */
struct findings_figure findings_compute(const struct findings_plan *pl,
                                        const struct findings_row *r,
                                        const struct findings_use *u);

/* Where the report goes. */
struct findings_report_request {
    const char *outdir;    /* the files */
    bool plots;            /* draw findings.png */
    const char *seed;      /* the seed the points ran with, or NULL */
    const char *kernels;   /* the --kernels restriction as given, or NULL */
};

/*
 * Write the report files into rq->outdir, each whole or none at all, and
 * print findings.md on out.  0, or -1 with a message.
 */
int findings_report(const struct findings_plan *pl,
                    const struct findings_report_request *rq, FILE *out,
                    char *err, size_t errlen);

#endif /* SIMTREF_FINDINGS_REPORT_H */
