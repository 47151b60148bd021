/*
 * cli_error.c -- see cli_error.h.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE     /* fopencookie */
#endif
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli_error.h"

/* The stream's write: everything to file descriptor 1, the first
 * failure's errno kept (stdio reports a failed write, not why, once it
 * has dropped the buffer it could not write). */
static ssize_t stdout_write(void *cookie, const char *buf, size_t n)
{
    struct cli_stdout *out = cookie;
    size_t done = 0;

    while (done < n) {
        ssize_t w = write(STDOUT_FILENO, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!out->error)
                out->error = w < 0 ? errno : EIO;
            break;
        }
        done += (size_t)w;
    }
    return (ssize_t)done;   /* short: stdio marks the stream in error */
}

void cli_open_stdout(struct cli_stdout *out)
{
    cookie_io_functions_t io = { .write = stdout_write };
    FILE *f;

    out->error = 0;
    f = fopencookie(out, "w", io);
    if (!f)
        return;     /* stdio's own stream, its errors as stdio tells them */
    if (isatty(STDOUT_FILENO))
        setvbuf(f, NULL, _IOLBF, 0);
    stdout = f;
}

int cli_finish_stdout(const struct cli_stdout *out, const char *cmd, int rc)
{
    int code = 0;

    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout))
        code = out->error ? out->error : errno ? errno : EIO;
    errno = 0;
    if (fclose(stdout) != 0 && !code)
        code = out->error ? out->error : errno ? errno : EIO;
    if (!code)
        return rc;
    fprintf(stderr, "simtref%s%s: standard output: cannot write: %s\n",
            cmd ? " " : "", cmd ? cmd : "", strerror(code));
    return rc ? rc : CLI_EXIT_BAD;
}
