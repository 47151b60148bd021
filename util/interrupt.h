/*
 * interrupt.h -- what an interrupted simtref (SIGINT, SIGTERM, SIGHUP)
 * leaves behind: nothing.
 *
 * The temporaries of the files being written (util/atomic_file.h) and the
 * children running (util/process.h) are registered here while they
 * exist.  On a signal the handler stops every child and what it runs (a
 * SIGTERM to its process group) and removes
 * every temporary; then the process ends by the same signal, so its
 * parent sees how it ended.  Code that holds more than the handler can
 * undo safely (a work directory tree) defers that end: the handler then
 * only records the signal, the code notices interrupt_pending() at its
 * next wait, undoes its work as on any error, and the program ends by
 * interrupt_finish().
 *
 * A signal handler cannot be handed its state, so this file keeps the one
 * table of the process in a static variable; nothing else reads it.
 */
#ifndef SIMTREF_INTERRUPT_H
#define SIMTREF_INTERRUPT_H

#include <stdbool.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    INTERRUPT_MAX_FILES = 64,     /* temporaries registered at once */
    INTERRUPT_PATH_LEN = 1200,    /* their path names */
    INTERRUPT_MAX_CHILDREN = 1100 /* children running at once */
};

/* Catch SIGINT, SIGTERM and SIGHUP (once, at the start of main). */
void interrupt_install(void);

/* Register the temporary `path` (removed on a signal) until
 * interrupt_forget_file(path).  0, or -1 when the table is full (the
 * file is then not cleaned up on a signal). */
int interrupt_add_file(const char *path);
void interrupt_forget_file(const char *path);

/* Register a running child (stopped on a signal) until it is reaped. */
int interrupt_add_child(pid_t pid);
void interrupt_forget_child(pid_t pid);

/* While on, a signal only records itself (and stops the children and
 * removes the temporaries): the caller unwinds.  Returns the previous
 * setting. */
bool interrupt_defer_exit(bool on);

/* The signal received, or 0. */
int interrupt_pending(void);

/* When a signal was received, end the process by it (default action);
 * otherwise return. */
void interrupt_finish(void);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_INTERRUPT_H */
