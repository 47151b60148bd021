/*
 * atomic_file.h -- an output file written whole or not at all.
 *
 * The text goes to a temporary file beside the final path (same
 * directory, so the rename cannot cross file systems); atomic_commit()
 * renames it into place only when every write succeeded.  A failure at
 * any step removes the temporary: the final path keeps what it held
 * before, or stays absent.  Callers that write several files as one
 * (rtlgen_write) close each with atomic_close() and commit them all only
 * when all are complete.  Every generated module, report and plot of the
 * project is written this way.
 */
#ifndef SIMTREF_ATOMIC_FILE_H
#define SIMTREF_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { ATOMIC_PATH_LEN = 1100 };

struct atomic_file {
    char path[ATOMIC_PATH_LEN];     /* the final path */
    char tmp[ATOMIC_PATH_LEN + 16]; /* the temporary beside it; "" when none */
    FILE *f;                        /* open on tmp; NULL once closed */
};

/*
 * Create the temporary for `path` and open it for writing (a->f).
 * Returns 0, or -1 with errno set and "PATH: cannot write: reason" in err
 * (err may be NULL).
 */
int atomic_open(struct atomic_file *a, const char *path,
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
 * 0644.  Returns 0, or -1 with errno set and a message (the temporary is
 * removed).
 */
int atomic_commit(struct atomic_file *a, char *err, size_t errlen);

/* Abandon the file: close and remove the temporary. */
void atomic_discard(struct atomic_file *a);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_ATOMIC_FILE_H */
