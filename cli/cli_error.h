/*
 * cli_error.h -- how every subcommand of simtref ends: its exit statuses,
 * and the check that its standard output was written.
 */
#ifndef SIMTREF_CLI_ERROR_H
#define SIMTREF_CLI_ERROR_H

/* The exit statuses of every subcommand: success, bad input (a file, a
 * kernel, a setting, an output that cannot be written, a point of
 * compare or findings that failed), a bad command line (an unknown
 * option, a value out of range, an unknown kernel in a list), and, of
 * simtref sim only, a kernel whose grid ran to its end but whose threads
 * said they failed (a non-zero exit code, docs/isa.md). */
enum { CLI_EXIT_OK = 0, CLI_EXIT_BAD = 1, CLI_EXIT_CMDLINE = 2,
       CLI_EXIT_KERNEL = 3 };

/* Standard output as the tool writes it: a stream of its own on file
 * descriptor 1 (line-buffered on a terminal), whose writes keep the
 * reason of the first failure.  stdio's stream forgets it: after a
 * buffered write failed mid-output, the final flush may have nothing
 * left to write, and the reason is gone. */
struct cli_stdout {
    int error;      /* errno of the first write that failed, or 0 */
};

/* Point stdout at that stream (left as it is if it cannot be made).
 * Before anything is written to stdout. */
void cli_open_stdout(struct cli_stdout *out);

/*
 * Flush and close standard output and check that everything written to
 * it arrived (a full disk, a closed pipe, /dev/full).  Returns rc when it
 * did, else CLI_EXIT_BAD (or rc when that is already a failure) after
 * "simtref CMD: standard output: cannot write: REASON" on stderr.
 * Every command ends through it.
 */
int cli_finish_stdout(const struct cli_stdout *out, const char *cmd, int rc);

#endif /* SIMTREF_CLI_ERROR_H */
