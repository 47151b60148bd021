/*
 * atomic_file.h -- an output file written whole or not at all.
 *
 * What is at the path decides how it is written:
 *
 *  - nothing, or a regular file: the text goes to a temporary file beside
 *    it (same directory, so the rename cannot cross file systems);
 *    atomic_commit() renames it into place only when every write
 *    succeeded.  A failure at any step removes the temporary: the path
 *    keeps what it held before, or stays absent.
 *  - a symbolic link: the same, for the file it points to (followed to
 *    the end of the chain; the temporary goes beside the target), so the
 *    link stays a link.
 *  - a character device (/dev/null, a terminal), a FIFO, or the name "-"
 *    (standard output): written directly, as a stream is; its errors are
 *    still reported, but what was written before one stays written.
 *  - anything else (a directory, a block device, a socket): refused.
 *
 * Callers that write several files as one (rtlgen_write) close each with
 * atomic_close() and commit them all only when all are complete.  Every
 * generated module, report and plot of the project is written this way.
 * While a temporary exists it is registered with util/interrupt.h, so an
 * interrupted program leaves none.
 */
#ifndef SIMTREF_ATOMIC_FILE_H
#define SIMTREF_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { ATOMIC_PATH_LEN = 1100 };

struct atomic_file {
    char path[ATOMIC_PATH_LEN];     /* the final path (a link's target) */
    char tmp[ATOMIC_PATH_LEN + 16]; /* the temporary beside it; "" when none */
    FILE *f;                        /* open on tmp (or the stream written
                                       directly); NULL once closed */
    bool direct;                    /* written directly: a device, a FIFO
                                       or standard output */
};

/*
 * Open `path` for writing (a->f) as above.  Returns 0, or -1 with errno
 * set and "PATH: cannot write: reason" in err (err may be NULL).
 */
int atomic_open(struct atomic_file *a, const char *path,
                char *err, size_t errlen);

/*
 * atomic_open for a file another program writes by the name a->tmp (a
 * compiler, gnuplot): always through a temporary, so a path that is not
 * a regular file (or a link to one, or absent) is refused.
 */
int atomic_open_named(struct atomic_file *a, const char *path,
                      char *err, size_t errlen);

/*
 * Close the stream, keeping the complete temporary for atomic_commit (or
 * for another program to write to, by the name a->tmp).  Returns 0, or -1
 * with errno set and a message when a write failed (the temporary is then
 * removed).  Does nothing when already closed.
 */
int atomic_close(struct atomic_file *a, char *err, size_t errlen);

/*
 * Close (if open) and rename the temporary to the final path, with mode
 * 0644 (a direct stream is only flushed and checked).  Returns 0, or -1
 * with errno set and a message (the temporary is removed).
 */
int atomic_commit(struct atomic_file *a, char *err, size_t errlen);

/* Abandon the file: close and remove the temporary. */
void atomic_discard(struct atomic_file *a);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_ATOMIC_FILE_H */
