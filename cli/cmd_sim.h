/*
 * cmd_sim.h -- `simtref sim`: run one kernel on the SM model.
 */
#ifndef SIMTREF_CMD_SIM_H
#define SIMTREF_CMD_SIM_H

#include <limits.h>

#include "cli_options.h"

/* The options of a launch, which compare passes on to each point's sim
 * (one range for both). */
#define CMD_SIM_OPTION_GRID(help) \
    { "--grid", NULL, CLI_NUMBER, "N", 1, 65535, false, help }
#define CMD_SIM_OPTION_BLOCK(help) \
    { "--block", NULL, CLI_NUMBER, "N", 1, 1024, false, help }
#define CMD_SIM_OPTION_SEED(help) \
    { "--seed", NULL, CLI_NUMBER, "S", 0, 4294967295ul, false, help }
#define CMD_SIM_OPTION_MAX_CYCLES(help) \
    { "--max-cycles", NULL, CLI_NUMBER, "N", 1, ULONG_MAX, false, help }

/* Its options and usage. */
extern const struct cli_command cmd_sim_command;

/* Returns the exit status: 0 when the kernel ran and its result is right,
 * 1 on bad input or a wrong result, 2 on a bad command line. */
int cmd_sim(const struct cli_args *a);

#endif /* SIMTREF_CMD_SIM_H */
