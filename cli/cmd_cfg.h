/*
 * cmd_cfg.h -- `simtref cfg`: a kernel's control-flow analysis.
 */
#ifndef SIMTREF_CMD_CFG_H
#define SIMTREF_CMD_CFG_H

/* argv[1] is "cfg".  Returns the exit status: 0, 1 on a bad kernel or
 * output file, 2 on a bad command line. */
int cmd_cfg(int argc, char **argv);

/* The usage lines of cfg, for simtref --help. */
extern const char cmd_cfg_usage[];

#endif /* SIMTREF_CMD_CFG_H */
