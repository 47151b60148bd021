/*
 * cmd_kernel.h -- `simtref kernel`: build a user's kernel, list the suite.
 */
#ifndef SIMTREF_CMD_KERNEL_H
#define SIMTREF_CMD_KERNEL_H

/* argv[1] is "kernel".  Returns the exit status: 0, 1 when the kernel
 * does not build or load, 2 on a bad command line. */
int cmd_kernel(int argc, char **argv);

/* The usage lines of kernel, for simtref --help. */
extern const char cmd_kernel_usage[];

#endif /* SIMTREF_CMD_KERNEL_H */
