/*
 * cmd_compare.h -- `simtref compare`: a matrix of kernels, control-flow
 * modes, schedulers, fetch policies and configurations, each point a
 * `simtref sim --json` run, and the tables and plots of their IPC and
 * speedups.
 */
#ifndef SIMTREF_CMD_COMPARE_H
#define SIMTREF_CMD_COMPARE_H

/* argv[1] is "compare".  Returns the exit status: 0 when every point ran
 * and the report is written, 1 on bad input or a failed point, 2 on a bad
 * command line. */
int cmd_compare(int argc, char **argv);

/* The usage lines of compare, for simtref --help. */
extern const char cmd_compare_usage[];

#endif /* SIMTREF_CMD_COMPARE_H */
