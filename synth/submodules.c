/*
 * submodules.c -- the modules a generated module instantiates; see
 * submodules.h.
 */
#include "submodules.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int ident_start(char c)
{
    return isalpha((unsigned char)c) || c == '_';
}

static int ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$';
}

/* Skip white space and comments from p. */
static const char *skip_blank(const char *p)
{
    for (;;) {
        while (isspace((unsigned char)*p))
            p++;
        if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n')
                p++;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *end = strstr(p + 2, "*/");
            p = end ? end + 2 : p + strlen(p);
        } else {
            return p;
        }
    }
}

int submodules_scan(const char *text,
                    int (*found)(const char *name, size_t len, void *ctx),
                    void *ctx)
{
    const char *p = skip_blank(text);

    while (*p) {
        const char *name, *q;
        size_t len;

        if (*p == '"') {                /* a string: skipped whole */
            for (p++; *p && *p != '"'; p++)
                if (*p == '\\' && p[1])
                    p++;
            p = skip_blank(*p ? p + 1 : p);
            continue;
        }
        if (!ident_start(*p)) {
            p = skip_blank(p + 1);
            continue;
        }
        name = p;
        while (ident_char(*p))
            p++;
        len = (size_t)(p - name);
        p = skip_blank(p);
        q = p;
        if (*q != '#' && ident_start(*q)) {     /* NAME INSTANCE ( */
            while (ident_char(*q))
                q++;
            q = skip_blank(q);
            if (*q != '(')
                continue;
        } else if (*q != '#') {
            continue;
        }
        if (found(name, len, ctx) != 0)
            return -1;
    }
    return 0;
}

/* The search: the directory, the top, what is found so far. */
struct search {
    char               dir[SYNTH_PATH_SIZE];
    const char        *top;
    struct submodules *out;
    char              *err;
    size_t             errlen;
};

/* A name the scan found: kept when DIR/NAME.v is a file and it is new. */
static int note(const char *name, size_t len, void *ctx)
{
    struct search *s = ctx;
    struct submodules *o = s->out;
    char path[SYNTH_PATH_SIZE];
    struct stat st;
    size_t i;

    if (len >= sizeof o->name[0] ||
        (strlen(s->top) == len && strncmp(name, s->top, len) == 0))
        return 0;
    for (i = 0; i < o->n; i++)
        if (strlen(o->name[i]) == len && strncmp(o->name[i], name, len) == 0)
            return 0;
    if (snprintf(path, sizeof path, "%s/%.*s.v", s->dir, (int)len, name)
            >= (int)sizeof path ||
        stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    if (o->n == SUBMODULES_MAX)
        return synth_fail(s->err, s->errlen, "module %s: more than %d "
                          "modules below it", s->top, SUBMODULES_MAX);
    snprintf(o->name[o->n], sizeof o->name[0], "%.*s", (int)len, name);
    snprintf(o->path[o->n], sizeof o->path[0], "%s", path);
    o->n++;
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

int submodules_find(const char *verilog_path, const char *top,
                    struct submodules *out, char *err, size_t errlen)
{
    struct search s;
    const char *slash = strrchr(verilog_path, '/');
    size_t done = 0, i;
    char *text;
    int rc = 0;
    /* sorting moves names and paths together: one record per module */
    struct rec { char name[128]; char path[SYNTH_PATH_SIZE]; } *recs;

    memset(out, 0, sizeof *out);
    if (slash == NULL)
        snprintf(s.dir, sizeof s.dir, ".");
    else
        snprintf(s.dir, sizeof s.dir, "%.*s", (int)(slash - verilog_path),
                 verilog_path);
    if (s.dir[0] == '\0')
        snprintf(s.dir, sizeof s.dir, "/");
    s.top = top;
    s.out = out;
    s.err = err;
    s.errlen = errlen;

    /* The top's file, then each module found, until none is new. */
    text = synth_read_file(verilog_path, NULL, err, errlen);
    if (text == NULL)
        return -1;
    rc = submodules_scan(text, note, &s);
    free(text);
    while (rc == 0 && done < out->n) {
        text = synth_read_file(out->path[done++], NULL, err, errlen);
        if (text == NULL)
            return -1;
        rc = submodules_scan(text, note, &s);
        free(text);
    }
    if (rc != 0 || out->n < 2)
        return rc;

    recs = malloc(out->n * sizeof *recs);
    if (recs == NULL)
        return synth_fail(err, errlen, "out of memory");
    for (i = 0; i < out->n; i++) {
        memcpy(recs[i].name, out->name[i], sizeof recs[i].name);
        memcpy(recs[i].path, out->path[i], sizeof recs[i].path);
    }
    qsort(recs, out->n, sizeof *recs, by_name);
    for (i = 0; i < out->n; i++) {
        memcpy(out->name[i], recs[i].name, sizeof recs[i].name);
        memcpy(out->path[i], recs[i].path, sizeof recs[i].path);
    }
    free(recs);
    return 0;
}
