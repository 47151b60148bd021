/*
 * cli_error.c -- see cli_error.h.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli_error.h"

int cli_finish_stdout(const char *cmd, int rc)
{
    int code = 0;

    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout))
        code = errno ? errno : EIO;
    errno = 0;
    if (fclose(stdout) != 0 && !code)
        code = errno ? errno : EIO;
    if (!code)
        return rc;
    fprintf(stderr, "simtref%s%s: standard output: cannot write: %s\n",
            cmd ? " " : "", cmd ? cmd : "", strerror(code));
    return rc ? rc : CLI_EXIT_BAD;
}
