/*
 * atomic_file.c -- an output file written whole or not at all; see
 * atomic_file.h.
 */
#include "atomic_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* "path: cannot write: reason" into err, errno kept; returns -1. */
static int cannot_write(const char *path, int code, char *err, size_t errlen)
{
    if (err && errlen > 0)
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(code));
    errno = code;
    return -1;
}

int atomic_open(struct atomic_file *a, const char *path,
                char *err, size_t errlen)
{
    int fd;

    memset(a, 0, sizeof *a);
    if (strlen(path) >= sizeof a->path)
        return cannot_write(path, ENAMETOOLONG, err, errlen);
    strcpy(a->path, path);
    snprintf(a->tmp, sizeof a->tmp, "%s.tmp-XXXXXX", path);
    fd = mkstemp(a->tmp);
    if (fd < 0) {
        int code = errno;
        a->tmp[0] = '\0';
        return cannot_write(path, code, err, errlen);
    }
    a->f = fdopen(fd, "w");
    if (!a->f) {
        int code = errno;
        close(fd);
        unlink(a->tmp);
        a->tmp[0] = '\0';
        return cannot_write(path, code, err, errlen);
    }
    return 0;
}

int atomic_close(struct atomic_file *a, char *err, size_t errlen)
{
    int code = 0;

    if (!a->f)
        return 0;
    if (fflush(a->f) != 0 || ferror(a->f))
        code = errno ? errno : EIO;
    if (fclose(a->f) != 0 && !code)
        code = errno ? errno : EIO;
    a->f = NULL;
    if (code) {
        atomic_discard(a);
        return cannot_write(a->path, code, err, errlen);
    }
    return 0;
}

int atomic_commit(struct atomic_file *a, char *err, size_t errlen)
{
    if (atomic_close(a, err, errlen) != 0)
        return -1;
    if (a->tmp[0] == '\0')
        return cannot_write(a->path, EBADF, err, errlen);
    if (chmod(a->tmp, 0644) != 0 || rename(a->tmp, a->path) != 0) {
        int code = errno;
        atomic_discard(a);
        return cannot_write(a->path, code, err, errlen);
    }
    a->tmp[0] = '\0';
    return 0;
}

void atomic_discard(struct atomic_file *a)
{
    if (a->f)
        fclose(a->f);
    a->f = NULL;
    if (a->tmp[0])
        unlink(a->tmp);
    a->tmp[0] = '\0';
}
