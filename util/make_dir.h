/*
 * make_dir.h -- an output directory made with its parents (mkdir -p), for
 * the commands that write several files into one (rtl --out, compare's
 * report).
 */
#ifndef SIMTREF_MAKE_DIR_H
#define SIMTREF_MAKE_DIR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Make the directory path and every missing parent.  0 when path is a
 * directory afterwards (also when it was one already); -1 with
 * "PATH: cannot create: reason" (the first component that could not be
 * made), "PATH: not a directory" or "PATH: not a directory name" (empty,
 * or longer than a path may be) in err. */
int make_dir(const char *path, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_MAKE_DIR_H */
