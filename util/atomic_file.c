/*
 * atomic_file.c -- an output file written whole or not at all; see
 * atomic_file.h.
 */
#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interrupt.h"

enum { MAX_LINKS = 40 };   /* links followed, as the kernel does */

/* "path: cannot write: reason" into err, errno kept; returns -1. */
static int cannot_write(const char *path, int code, char *err, size_t errlen)
{
    if (err && errlen > 0)
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(code));
    errno = code;
    return -1;
}

/* "path: cannot write: what" into err, errno EINVAL; returns -1. */
static int refuse(const char *path, const char *what, char *err,
                  size_t errlen)
{
    if (err && errlen > 0)
        snprintf(err, errlen, "%s: cannot write: %s", path, what);
    errno = EINVAL;
    return -1;
}

/*
 * Follow the symbolic links from path to the file they name (which need
 * not exist) into out, and stat it into *st (st->st_mode 0 when absent).
 * 0, or an errno value.
 */
static int resolve(const char *path, char *out, size_t len, struct stat *st)
{
    char link[ATOMIC_PATH_LEN], next[ATOMIC_PATH_LEN];

    if (strlen(path) >= len)
        return ENAMETOOLONG;
    strcpy(out, path);
    for (int hops = 0;; hops++) {
        ssize_t n;
        const char *slash;

        if (lstat(out, st) != 0) {
            if (errno != ENOENT)
                return errno;
            st->st_mode = 0;
            return 0;
        }
        if (!S_ISLNK(st->st_mode))
            return 0;
        if (hops == MAX_LINKS)
            return ELOOP;
        n = readlink(out, link, sizeof link - 1);
        if (n < 0)
            return errno;
        if ((size_t)n >= sizeof link - 1)
            return ENAMETOOLONG;
        link[n] = '\0';
        slash = strrchr(out, '/');
        if (link[0] == '/' || !slash) {
            if (strlen(link) >= len)
                return ENAMETOOLONG;
            strcpy(out, link);
            continue;
        }
        if ((size_t)snprintf(next, sizeof next, "%.*s/%s",
                             (int)(slash - out), out, link) >= sizeof next
            || strlen(next) >= len)
            return ENAMETOOLONG;
        strcpy(out, next);
    }
}

/* Write the device, FIFO or standard output directly. */
static int open_direct(struct atomic_file *a, const char *name, char *err,
                       size_t errlen)
{
    int fd;

    a->direct = true;
    if (strcmp(name, "-") == 0) {
        a->f = stdout;
        return 0;
    }
    fd = open(a->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0 || !(a->f = fdopen(fd, "w"))) {
        int code = errno;
        if (fd >= 0)
            close(fd);
        return cannot_write(name, code, err, errlen);
    }
    return 0;
}

/* Open through a temporary beside a->path. */
static int open_temporary(struct atomic_file *a, const char *name,
                          char *err, size_t errlen)
{
    int fd;

    if ((size_t)snprintf(a->tmp, sizeof a->tmp, "%s.tmp-XXXXXX", a->path)
        >= sizeof a->tmp) {
        a->tmp[0] = '\0';
        return cannot_write(name, ENAMETOOLONG, err, errlen);
    }
    fd = mkstemp(a->tmp);
    if (fd < 0) {
        int code = errno;
        a->tmp[0] = '\0';
        return cannot_write(name, code, err, errlen);
    }
    interrupt_add_file(a->tmp);
    a->f = fdopen(fd, "w");
    if (!a->f) {
        int code = errno;
        close(fd);
        atomic_discard(a);
        return cannot_write(name, code, err, errlen);
    }
    return 0;
}

static int open_as(struct atomic_file *a, const char *path, bool named,
                   char *err, size_t errlen)
{
    struct stat st;
    int code;

    memset(a, 0, sizeof *a);
    if (strcmp(path, "-") == 0) {
        if (named)
            return refuse(path, "standard output cannot take this file",
                          err, errlen);
        strcpy(a->path, path);
        return open_direct(a, path, err, errlen);
    }
    if ((code = resolve(path, a->path, sizeof a->path, &st)) != 0)
        return cannot_write(path, code, err, errlen);
    if (st.st_mode == 0 || S_ISREG(st.st_mode))
        return open_temporary(a, path, err, errlen);
    if (named)
        return refuse(path, "not a regular file", err, errlen);
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
        return open_direct(a, path, err, errlen);
    return refuse(path, "not a regular file, character device or FIFO",
                  err, errlen);
}

int atomic_open(struct atomic_file *a, const char *path,
                char *err, size_t errlen)
{
    return open_as(a, path, false, err, errlen);
}

int atomic_open_named(struct atomic_file *a, const char *path,
                      char *err, size_t errlen)
{
    return open_as(a, path, true, err, errlen);
}

int atomic_close(struct atomic_file *a, char *err, size_t errlen)
{
    int code = 0;

    if (!a->f)
        return 0;
    errno = 0;
    if (fflush(a->f) != 0 || ferror(a->f))
        code = errno ? errno : EIO;
    if (a->f != stdout && fclose(a->f) != 0 && !code)
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
    if (a->direct)
        return 0;
    if (a->tmp[0] == '\0')
        return cannot_write(a->path, EBADF, err, errlen);
    if (chmod(a->tmp, 0644) != 0 || rename(a->tmp, a->path) != 0) {
        int code = errno;
        atomic_discard(a);
        return cannot_write(a->path, code, err, errlen);
    }
    interrupt_forget_file(a->tmp);
    a->tmp[0] = '\0';
    return 0;
}

void atomic_discard(struct atomic_file *a)
{
    if (a->f && a->f != stdout)
        fclose(a->f);
    else if (a->f)
        fflush(a->f);
    a->f = NULL;
    if (a->tmp[0]) {
        unlink(a->tmp);
        interrupt_forget_file(a->tmp);
    }
    a->tmp[0] = '\0';
}
