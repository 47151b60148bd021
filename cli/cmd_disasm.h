/*
 * cmd_disasm.h -- `simtref disasm`: a kernel's code as text.
 */
#ifndef SIMTREF_CMD_DISASM_H
#define SIMTREF_CMD_DISASM_H

/* argv[1] is "disasm".  Returns the exit status: 0, 1 on a bad ELF file,
 * 2 on a bad command line. */
int cmd_disasm(int argc, char **argv);

/* The usage lines of disasm, for simtref --help. */
extern const char cmd_disasm_usage[];

#endif /* SIMTREF_CMD_DISASM_H */
