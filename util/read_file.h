/*
 * read_file.h -- the whole of an input file, read only when it is a
 * regular file no larger than the reader's stated limit.
 *
 * A kernel's ELF file, a configuration and an area cache entry are read
 * this way.  The file is opened without blocking (a FIFO with no writer
 * would otherwise block open() forever), checked with fstat (a FIFO, a
 * device such as /dev/zero behind a symlink, a directory or a socket is
 * refused) and its size compared with the limit before any byte is read
 * (a sparse file of 8 GiB costs nothing to refuse).
 */
#ifndef SIMTREF_READ_FILE_H
#define SIMTREF_READ_FILE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What read_file returns. */
enum read_file_status {
    READ_FILE_OK = 0,
    READ_FILE_CANNOT_OPEN = -1,   /* open() failed: errno is its reason */
    READ_FILE_REFUSED = -2        /* not a regular file, beyond the limit,
                                   * a read error or out of memory */
};

/*
 * Read the regular file at path, at most limit bytes, into a buffer the
 * caller frees (*data, NUL-terminated; its length without the NUL in
 * *len).  what names the kind of file in the message ("a kernel's ELF
 * file").  On failure *data is NULL and why holds the reason without the
 * path ("cannot open: No such file or directory", "not a regular file
 * but a FIFO", "8589934592 bytes, more than the 268435456 bytes a
 * kernel's ELF file may have"); the caller names the file.
 */
enum read_file_status read_file(const char *path, size_t limit,
                                const char *what, char **data, size_t *len,
                                char *why, size_t whylen);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_READ_FILE_H */
