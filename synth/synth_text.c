/*
 * synth_text.c -- text helpers of the synthesis readers; see synth_text.h.
 */
#include "synth_text.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int synth_fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;

    if (err != NULL && errlen > 0) {
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

char *synth_read_file(const char *path, size_t *lenp, char *err,
                      size_t errlen)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t len = 0, cap = 0;

    if (f == NULL) {
        synth_fail(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    for (;;) {
        size_t got;
        if (cap - len < 4096) {
            char *bigger;
            cap = cap ? 2 * cap : 8192;
            bigger = realloc(text, cap);
            if (bigger == NULL) {
                free(text);
                fclose(f);
                synth_fail(err, errlen, "out of memory reading %s", path);
                return NULL;
            }
            text = bigger;
        }
        got = fread(text + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        free(text);
        fclose(f);
        synth_fail(err, errlen, "error reading %s", path);
        return NULL;
    }
    fclose(f);
    text[len] = '\0';
    if (lenp != NULL)
        *lenp = len;
    return text;
}

int synth_next_line(const char **pos, char *buf, size_t size)
{
    const char *p = *pos, *end;
    size_t n;

    if (*p == '\0')
        return 0;
    end = strchr(p, '\n');
    if (end == NULL)
        end = p + strlen(p);
    n = (size_t)(end - p);
    if (n >= size)
        n = size - 1;
    memcpy(buf, p, n);
    buf[n] = '\0';
    if (n > 0 && buf[n - 1] == '\r')
        buf[n - 1] = '\0';
    *pos = *end ? end + 1 : end;
    return 1;
}

const char *synth_skip_space(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

int synth_starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}
