/*
 * read_file.c -- a bounded read of a regular file; see read_file.h.
 */
#include "read_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The kind of a file that is not a regular one, for the message. */
static const char *kind(mode_t m)
{
    if (S_ISDIR(m))
        return "a directory";
    if (S_ISFIFO(m))
        return "a FIFO";
    if (S_ISCHR(m))
        return "a character device";
    if (S_ISBLK(m))
        return "a block device";
    if (S_ISSOCK(m))
        return "a socket";
    return "a special file";
}

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static enum read_file_status refuse(int fd, char *buf, char *why,
                                    size_t whylen, const char *fmt, ...)
{
    va_list ap;

    free(buf);
    if (fd >= 0)
        close(fd);
    if (why && whylen) {
        va_start(ap, fmt);
        vsnprintf(why, whylen, fmt, ap);
        va_end(ap);
    }
    return READ_FILE_REFUSED;
}

enum read_file_status read_file(const char *path, size_t limit,
                                const char *what, char **data, size_t *len,
                                char *why, size_t whylen)
{
    struct stat st;
    char *buf;
    size_t have = 0, cap;
    int fd, flags;

    *data = NULL;
    *len = 0;
    fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        if (why && whylen)
            snprintf(why, whylen, "cannot open: %s", strerror(e));
        errno = e;
        return READ_FILE_CANNOT_OPEN;
    }
    if (fstat(fd, &st) != 0)
        return refuse(fd, NULL, why, whylen, "cannot stat: %s",
                      strerror(errno));
    if (!S_ISREG(st.st_mode))
        return refuse(fd, NULL, why, whylen, "not a regular file but %s",
                      kind(st.st_mode));
    if (st.st_size < 0 || (uintmax_t)st.st_size > limit)
        return refuse(fd, NULL, why, whylen, "%jd bytes, more than the %zu "
                      "bytes %s may have", (intmax_t)st.st_size, limit, what);
    /* A regular file reads the same with or without O_NONBLOCK; cleared
     * all the same, so that no read returns EAGAIN. */
    if ((flags = fcntl(fd, F_GETFL)) >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    /* Room for its size now, the NUL, and one byte more to see that it
     * grew past the limit while being read. */
    cap = (size_t)st.st_size + 2;
    if ((buf = malloc(cap)) == NULL)
        return refuse(fd, NULL, why, whylen, "out of memory for %zu bytes",
                      cap);
    for (;;) {
        ssize_t got;
        if (have + 1 == cap) {
            size_t more = cap - 1 <= limit / 2 ? 2 * cap : limit + 2;
            char *bigger;
            if (have > limit)
                break;
            if ((bigger = realloc(buf, more)) == NULL)
                return refuse(fd, buf, why, whylen, "out of memory for %zu "
                              "bytes", more);
            buf = bigger;
            cap = more;
        }
        got = read(fd, buf + have, cap - 1 - have);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return refuse(fd, buf, why, whylen, "read error: %s",
                          strerror(errno));
        if (got == 0)
            break;
        have += (size_t)got;
    }
    if (have > limit)
        return refuse(fd, buf, why, whylen, "grew to more than the %zu bytes "
                      "%s may have while being read", limit, what);
    close(fd);
    buf[have] = '\0';
    *data = buf;
    *len = have;
    return READ_FILE_OK;
}
