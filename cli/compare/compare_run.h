/*
 * compare_run.h -- run the points of a compare matrix, each an
 * independent `simtref sim --json` process, several at a time.
 */
#ifndef SIMTREF_COMPARE_RUN_H
#define SIMTREF_COMPARE_RUN_H

#include <stddef.h>
#include <stdio.h>

#include "compare_matrix.h"

/* How to run them. */
struct compare_run_request {
    unsigned jobs;         /* processes at a time (at least 1) */
    FILE *progress;        /* a progress bar here (a terminal), or NULL */
    FILE *failures;        /* each failed point: its output and the command
                              that repeats it */
    const char *logdir;    /* each point's output goes to logdir/FILE.log,
                              removed when the point succeeds */
};

/*
 * Run every job.  A point that fails (non-zero exit, or a signal) is
 * reported on rq->failures with its output and command; no new point is
 * started after a failure, those running are waited for.  0 when every
 * point succeeded, else -1 with "N of M points failed" (or why a point
 * could not be started) in err.
 */
int compare_run(const struct compare_jobs *jobs,
                const struct compare_run_request *rq, char *err,
                size_t errlen);

/* This program (for the points' commands): /proc/self/exe, else argv0
 * made absolute when it names a path, else argv0 as it is. */
void compare_self_path(const char *argv0, char *buf, size_t len);

/* path made absolute (from the working directory): 0, or -1 when it
 * does not fit. */
int compare_absolute_path(const char *path, char *buf, size_t len);

#endif /* SIMTREF_COMPARE_RUN_H */
