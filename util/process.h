/*
 * process.h -- run another program (Yosys, gnuplot, the compiler, a
 * point's simtref sim), and wait for it.
 *
 * A child whose output goes to a file or a pipe runs in its own process
 * group (one that writes to this process's terminal stays in its group);
 * every child dies with its parent
 * (PR_SET_PDEATHSIG: SIGTERM when the parent ends, even by kill -9) and
 * is stopped, with what it runs, by the parent's SIGINT or SIGTERM
 * handler (util/interrupt.h); it is registered there from its start
 * until spawn_reap() reaps it.
 */
#ifndef SIMTREF_PROCESS_H
#define SIMTREF_PROCESS_H

#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Start argv[0] with the arguments argv (NULL-terminated), found on $PATH
 * unless it holds a '/', with stdin from /dev/null and stdout and stderr
 * to the file `log` (created or truncated) or, when log is NULL, to the
 * descriptor out_fd (a pipe's write end; -1: this process's own).  Stores
 * its pid; the caller waits for it with spawn_reap().  Returns 0, or -1
 * with "cannot run PROG: reason" in err (also once a signal was
 * received: nothing new starts then).
 */
int spawn_start(char *const argv[], const char *log, int out_fd, pid_t *pid,
                char *err, size_t errlen);

/* waitpid(pid, status, 0) once (-1 with errno EINTR when a signal came),
 * and the child forgotten by the interrupt handler once reaped; pid -1
 * reaps any child.  Returns what waitpid returns. */
pid_t spawn_reap(pid_t pid, int *status);

/*
 * Run argv[0] with the arguments argv (NULL-terminated), found on $PATH
 * unless it holds a '/', with stdin from /dev/null and stdout and stderr
 * to the file `log` (created or truncated) or, when log is NULL, to this
 * process's.  Wait for it and store its wait status in *status (test it
 * with WIFEXITED and WEXITSTATUS, <sys/wait.h>).  Returns 0, or -1 with
 * "cannot run PROG: reason" in err when it could not be started.
 */
int spawn_wait(char *const argv[], const char *log, int *status,
               char *err, size_t errlen);

/* spawn_wait, and 0 only when the program exited with status 0; else -1
 * with "PROG failed (exit status N)" or the reason it did not run. */
int spawn_run(char *const argv[], const char *log, char *err, size_t errlen);

/* The program named by the environment variable `env` when it is set and
 * not empty, else `fallback` (a path found at configure time). */
const char *spawn_tool(const char *env, const char *fallback);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_PROCESS_H */
