/*
 * compare_matrix.h -- the matrix of `simtref compare`: kernels x
 * control-flow modes x schedulers x fetch policies x configurations (x the
 * values of one swept key), checked here and expanded into one `simtref
 * sim --json` command per point.
 *
 * Every configuration of the matrix is loaded with the --set options, the
 * swept value and the point's mode, scheduler and fetch policy applied, so
 * that a bad preset, file, setting or value is reported before anything
 * runs.  Two kinds of point are left out, each with a note: a mode the
 * configuration does not have (harp without its tables), and a kernel
 * that calls itself under sbr (the SBR stack has no call entries).
 */
#ifndef SIMTREF_COMPARE_MATRIX_H
#define SIMTREF_COMPARE_MATRIX_H

#include <stddef.h>
#include <stdio.h>

#include "compare_points.h"

enum {
    COMPARE_MAX_KERNELS = 64,
    COMPARE_MAX_CONFIGS = 32,
    COMPARE_MAX_VALUES = 64,   /* values of the swept key */
    COMPARE_MAX_SWEPT = 4      /* keys swept together (KEY1+KEY2=...) */
};

/* What the command line asked for.  An empty list of modes, schedulers or
 * fetch policies means each configuration's own. */
struct compare_matrix {
    const char *kernels[COMPARE_MAX_KERNELS]; /* suite names */
    size_t nkernels;
    const char *sizes[COMPARE_MAX_KERNELS];   /* per kernel: its --size, or
                                                 NULL for the suite's */
    int modes[COMPARE_N_MODES];              /* enum reconvergence */
    size_t nmodes;
    int scheds[COMPARE_N_SCHEDS];              /* enum sched_policy */
    size_t nscheds;
    int fetches[COMPARE_N_FETCH];             /* enum fetch_policy */
    size_t nfetches;
    const char *configs[COMPARE_MAX_CONFIGS]; /* preset names or files */
    int config_is_file[COMPARE_MAX_CONFIGS];  /* 1: configs[i] is a file */
    size_t nconfigs;
    const char *const *set;                  /* --set KEY=VALUE, in order
                                                (as many as given) */
    size_t nset;
    char sweep_key[COMPARE_NAME_LEN];         /* "" without a sweep; keys
                                                 swept together joined by
                                                 '+' */
    const char *values[COMPARE_MAX_VALUES];   /* the swept key's values */
    size_t nvalues;
    const char *grid, *block, *seed, *max_cycles; /* passed to every point
                                                     when not NULL */
};

/* One point to run. */
struct compare_job {
    char **argv;                      /* its command, NULL-terminated
                                         (malloc'd, as its strings) */
    char file[COMPARE_PATH_LEN];      /* its JSON file, in the points
                                         directory */
    char value[COMPARE_NAME_LEN];     /* the swept value, "" without */
    char label[256];                  /* "KERNEL at CONFIG (MODE, ...)" */
};

/* Every point of a matrix. */
struct compare_jobs {
    struct compare_job *j;            /* the points (malloc'd) */
    size_t n;
};

/*
 * Check the matrix and expand it into jobs: exe is the simtref to run,
 * dir the directory the points' JSON files go to (as written into each
 * command).  The notes on points left out go to `notes`.  0, or -1 with a
 * message naming the bad kernel, configuration, setting or value.
 */
int compare_matrix_expand(const struct compare_matrix *m, const char *exe,
                          const char *dir, struct compare_jobs *jobs,
                          FILE *notes, char *err, size_t errlen);

/* The job's command, quoted for a POSIX shell, on one line. */
void compare_job_command(const struct compare_job *j, FILE *f);

/* Write dir/matrix.txt, listing every job's file and value, whole or not
 * at all.  0, or -1 with a message. */
int compare_matrix_write(const struct compare_jobs *jobs, const char *dir,
                         const char *sweep_key, char *err, size_t errlen);

void compare_jobs_free(struct compare_jobs *jobs);

#endif /* SIMTREF_COMPARE_MATRIX_H */
