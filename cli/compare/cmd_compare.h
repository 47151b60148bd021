/*
 * cmd_compare.h -- `simtref compare`: a matrix of kernels, control-flow
 * modes, schedulers, fetch policies and configurations, each point a
 * `simtref sim --json` run, and the tables and plots of their IPC and
 * speedups.
 */
#ifndef SIMTREF_CMD_COMPARE_H
#define SIMTREF_CMD_COMPARE_H

#include "cli_options.h"

/* Its options and usage. */
extern const struct cli_command cmd_compare_command;

/* Returns the exit status: 0 when every point ran and the report is
 * written, 1 on bad input or a failed point, 2 on a bad command line. */
int cmd_compare(const struct cli_args *a);

#endif /* SIMTREF_CMD_COMPARE_H */
