/*
 * cmd_findings.h -- `simtref findings`: every quantitative finding of
 * the four papers, its published figure beside the one simtref computes
 * from its own points, and the what-ifs of those that do not reproduce.
 */
#ifndef SIMTREF_CMD_FINDINGS_H
#define SIMTREF_CMD_FINDINGS_H

#include "cli_options.h"

/* Its options and usage. */
extern const struct cli_command cmd_findings_command;

/* Returns the exit status: 0 when every point ran and the report is
 * written, 1 on bad input or a failed point, 2 on a bad command line. */
int cmd_findings(const struct cli_args *a);

#endif /* SIMTREF_CMD_FINDINGS_H */
