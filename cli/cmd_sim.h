/*
 * cmd_sim.h -- `simtref sim`: run one kernel on the SM model.
 */
#ifndef SIMTREF_CMD_SIM_H
#define SIMTREF_CMD_SIM_H

/* argv[1] is "sim".  Returns the exit status: 0 when the kernel ran and
 * its result is right, 1 on bad input or a wrong result, 2 on a bad
 * command line. */
int cmd_sim(int argc, char **argv);

/* The usage lines of sim, for simtref --help. */
extern const char cmd_sim_usage[];

#endif /* SIMTREF_CMD_SIM_H */
