/*
 * cli_error.h -- how a subcommand of simtref reports a bad command line.
 */
#ifndef SIMTREF_CLI_ERROR_H
#define SIMTREF_CLI_ERROR_H

/* The exit statuses of every subcommand: bad input (a file, a kernel, a
 * setting) and a bad command line. */
enum { CLI_EXIT_BAD = 1, CLI_EXIT_CMDLINE = 2 };

/* Print "simtref CMD: " and fmt with its one string argument on stderr;
 * returns CLI_EXIT_CMDLINE. */
int cli_cmdline_error(const char *cmd, const char *fmt, const char *arg);

#endif /* SIMTREF_CLI_ERROR_H */
