/*
 * cmd_kernel.h -- `simtref kernel`: build a user's kernel, list the suite.
 */
#ifndef SIMTREF_CMD_KERNEL_H
#define SIMTREF_CMD_KERNEL_H

#include "cli_options.h"

/* The options and usage of `kernel list` and `kernel build`. */
extern const struct cli_command cmd_kernel_list_command;
extern const struct cli_command cmd_kernel_build_command;

/* `simtref kernel list`: the suite as a Markdown table.  Returns 0. */
int cmd_kernel_list(const struct cli_args *a);

/* `simtref kernel build`.  Returns the exit status: 0, 1 when the kernel
 * does not build or load, 2 on a bad command line. */
int cmd_kernel_build(const struct cli_args *a);

#endif /* SIMTREF_CMD_KERNEL_H */
