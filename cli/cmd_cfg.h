/*
 * cmd_cfg.h -- `simtref cfg`: a kernel's control-flow analysis.
 */
#ifndef SIMTREF_CMD_CFG_H
#define SIMTREF_CMD_CFG_H

#include "cli_options.h"

/* Its options and usage. */
extern const struct cli_command cmd_cfg_command;

/* Returns the exit status: 0, 1 on a bad kernel or output file, 2 on a
 * bad command line. */
int cmd_cfg(const struct cli_args *a);

#endif /* SIMTREF_CMD_CFG_H */
