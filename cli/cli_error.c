/*
 * cli_error.c -- see cli_error.h.
 */
#include <stdio.h>

#include "cli_error.h"

int cli_cmdline_error(const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "simtref %s: ", cmd);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return CLI_EXIT_CMDLINE;
}
