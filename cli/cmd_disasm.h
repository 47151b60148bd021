/*
 * cmd_disasm.h -- `simtref disasm`: a kernel's code as text.
 */
#ifndef SIMTREF_CMD_DISASM_H
#define SIMTREF_CMD_DISASM_H

#include "cli_options.h"

/* Its options and usage. */
extern const struct cli_command cmd_disasm_command;

/* Returns the exit status: 0, 1 on a bad ELF file, 2 on a bad command
 * line. */
int cmd_disasm(const struct cli_args *a);

#endif /* SIMTREF_CMD_DISASM_H */
