/*
 * sim_buffers.c -- `simtref sim`'s buffers of a user's kernel from the
 * command line (sim_buffers.h), placed through the host API.
 */
#include <errno.h>
#include <stdbool.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "read_file.h"
#include "sim_buffers.h"

/* A buffer file's size limit: global memory's (64 MiB of words, each at
 * most 12 characters and a newline). */
#define SIM_BUFFER_FILE_LIMIT ((size_t)13 * (64u << 20) / 4)

/* A 32-bit word written as a signed or unsigned integer (decimal, or 0x
 * hex): 0 and *v, or -1. */
static int parse_word(const char *s, const char **end, uint32_t *v)
{
    char *e;
    long long x;

    errno = 0;
    x = strtoll(s, &e, 0);
    if (e == s || errno != 0 || x < INT32_MIN || x > (long long)UINT32_MAX)
        return -1;
    *v = (uint32_t)x;
    *end = e;
    return 0;
}

/* A whole decimal number in [lo, hi]: 0, or -1. */
static int parse_number(const char *s, long long lo, long long hi,
                        long long *v)
{
    char *e;

    errno = 0;
    *v = strtoll(s, &e, 10);
    return e == s || *e || errno || *v < lo || *v > hi ? -1 : 0;
}

static int find(const struct sim_buffers *b, const char *name, size_t len)
{
    for (unsigned i = 0; i < b->n_buf; i++)
        if (strlen(b->buf[i].name) == len
            && strncmp(b->buf[i].name, name, len) == 0)
            return (int)i;
    return -1;
}

static int parse_buffer(struct sim_buffers *b, const char *opt, char *err,
                        size_t errlen)
{
    const char *eq = strchr(opt, '='), *spec;
    struct sim_buffer *x = &b->buf[b->n_buf];
    size_t len = eq ? (size_t)(eq - opt) : 0;
    long long n, lo = INT32_MIN, hi = INT32_MAX;
    char words[24], range[64] = "";

    if (b->n_buf == SIM_MAX_BUFFERS) {
        snprintf(err, errlen, "--buffer %s: more than %d buffers", opt,
                 SIM_MAX_BUFFERS);
        return -1;
    }
    if (!eq || len == 0 || len >= SIM_BUF_NAME
        || strspn(opt, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                       "0123456789_") != len) {
        snprintf(err, errlen, "--buffer %s: give NAME=SPEC, NAME of 1 to "
                 "%d letters, digits and _", opt, SIM_BUF_NAME - 1);
        return -1;
    }
    if (len == 4 && strncmp(opt, "args", 4) == 0) {
        snprintf(err, errlen, "--buffer %s: 'args' names the argument block "
                 "(--out args=FILE writes it)", opt);
        return -1;
    }
    if (find(b, opt, len) >= 0) {
        snprintf(err, errlen, "--buffer %s: a second buffer named '%.*s'",
                 opt, (int)len, opt);
        return -1;
    }
    memset(x, 0, sizeof *x);
    memcpy(x->name, opt, len);
    spec = eq + 1;
    if (strncmp(spec, "file:", 5) == 0 && spec[5]) {
        x->kind = SIM_BUF_FILE;
        x->path = spec + 5;
    } else if (strncmp(spec, "zeros:", 6) == 0
               && parse_number(spec + 6, 1, 1 << 24, &n) == 0) {
        x->kind = SIM_BUF_ZEROS;
        x->words = (uint32_t)n;
    } else if (strncmp(spec, "random:", 7) == 0
               && sscanf(spec + 7, "%23[0-9]%63s", words, range) >= 1
               && parse_number(words, 1, 1 << 24, &n) == 0
               && (!range[0]
                   || (sscanf(range, ":%lld:%lld", &lo, &hi) == 2
                       && lo >= INT32_MIN && hi <= (long long)UINT32_MAX
                       && lo <= hi))) {
        x->kind = SIM_BUF_RANDOM;
        x->words = (uint32_t)n;
        x->lo = lo;
        x->hi = hi;
    } else {
        snprintf(err, errlen, "--buffer %s: SPEC is zeros:N, random:N, "
                 "random:N:LO:HI (N words, 1 .. 16777216; LO <= HI) or "
                 "file:PATH", opt);
        return -1;
    }
    b->n_buf++;
    return 0;
}

int sim_buffers_parse(struct sim_buffers *b, const char *const *buffers,
                      size_t nbuf, const char *const *args, size_t narg,
                      const char *const *outs, size_t nout, char *err,
                      size_t errlen)
{
    memset(b, 0, sizeof *b);
    for (size_t i = 0; i < nbuf; i++)
        if (parse_buffer(b, buffers[i], err, errlen) != 0)
            return -1;
    if (narg > SIM_MAX_ARGS) {
        snprintf(err, errlen, "--arg: more than %d words", SIM_MAX_ARGS);
        return -1;
    }
    for (size_t i = 0; i < narg; i++) {
        struct sim_arg *a = &b->arg[b->n_arg++];
        const char *end;
        a->buffer = -1;
        if (args[i][0] == '@') {
            if ((a->buffer = find(b, args[i] + 1, strlen(args[i] + 1))) < 0) {
                snprintf(err, errlen, "--arg %s: no --buffer named '%s'",
                         args[i], args[i] + 1);
                return -1;
            }
        } else if (parse_word(args[i], &end, &a->value) != 0 || *end) {
            snprintf(err, errlen, "--arg %s: give a 32-bit integer (-2147483648 "
                     ".. 4294967295, decimal or 0x hex) or @NAME, a buffer's "
                     "address", args[i]);
            return -1;
        }
    }
    for (size_t i = 0; i < nout; i++) {
        const char *eq = strchr(outs[i], '=');
        struct sim_out *o = &b->out[b->n_out];
        bool block = eq && eq - outs[i] == 4 && strncmp(outs[i], "args", 4) == 0;
        if (!eq || !eq[1]
            || (o->buffer = block ? SIM_OUT_ARGS
                : find(b, outs[i], (size_t)(eq - outs[i]))) == -1) {
            snprintf(err, errlen, "--out %s: give NAME=FILE, NAME a --buffer",
                     outs[i]);
            return -1;
        }
        for (unsigned j = 0; j < b->n_out; j++)
            if (b->out[j].buffer == o->buffer) {
                snprintf(err, errlen, "--out %s: '%.*s' is written out "
                         "twice", outs[i], (int)(eq - outs[i]), outs[i]);
                return -1;
            }
        o->path = eq + 1;
        b->n_out++;
    }
    return 0;
}

int sim_buffers_random(const struct sim_buffers *b)
{
    for (unsigned i = 0; i < b->n_buf; i++)
        if (b->buf[i].kind == SIM_BUF_RANDOM)
            return 1;
    return 0;
}

/* A buffer file's words, whitespace-separated integers, '#' starting a
 * comment to the end of its line: 0 and *words (malloc'd), or -1 with a
 * message naming the file and line. */
static int file_words(const struct sim_buffer *x, uint32_t **words,
                      uint32_t *count, char *err, size_t errlen)
{
    char *text = NULL, why[256];
    size_t len = 0, cap = 0, n = 0;
    uint32_t *w = NULL;
    unsigned line = 1;
    const char *p;

    if (read_file(x->path, SIM_BUFFER_FILE_LIMIT, "buffer file", &text, &len,
                  why, sizeof why) != READ_FILE_OK) {
        snprintf(err, errlen, "--buffer %s: %s: %s", x->name, x->path, why);
        return -1;
    }
    for (p = text; p < text + len;) {
        const char *end;
        uint32_t v;
        if (*p == '\n') {
            line++;
            p++;
        } else if (*p == ' ' || *p == '\t' || *p == '\r') {
            p++;
        } else if (*p == '#') {
            while (p < text + len && *p != '\n')
                p++;
        } else if (parse_word(p, &end, &v) != 0
                   || (end < text + len && !strchr(" \t\r\n#", *end))) {
            snprintf(err, errlen, "%s:%u: buffer %s: '%.*s' is not a 32-bit "
                     "integer (decimal or 0x hex)", x->path, line, x->name,
                     (int)strcspn(p, " \t\r\n#") > 40 ? 40
                     : (int)strcspn(p, " \t\r\n#"), p);
            free(text);
            free(w);
            return -1;
        } else {
            if (n == cap) {
                uint32_t *nw;
                cap = cap ? 2 * cap : 1024;
                if (!(nw = realloc(w, cap * sizeof *w))) {
                    snprintf(err, errlen, "%s: out of memory", x->path);
                    free(text);
                    free(w);
                    return -1;
                }
                w = nw;
            }
            w[n++] = v;
            p = end;
        }
    }
    free(text);
    if (n == 0) {
        snprintf(err, errlen, "%s: buffer %s: the file holds no word",
                 x->path, x->name);
        free(w);
        return -1;
    }
    *words = w;
    *count = (uint32_t)n;
    return 0;
}

/* splitmix64, the suite's input generator (kernels/suite.c). */
static uint32_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

int sim_buffers_place(struct sim_buffers *b, simtref_ctx *ctx,
                      simtref_sm *sm, uint64_t seed, char *err, size_t errlen)
{
    uint64_t rng = seed;
    uint32_t block[SIM_MAX_ARGS + SIM_MAX_BUFFERS];
    for (unsigned i = 0; i < b->n_buf; i++) {
        struct sim_buffer *x = &b->buf[i];
        uint32_t *w = NULL, count = x->words;
        int rc;

        if (x->kind == SIM_BUF_FILE) {
            if (file_words(x, &w, &count, err, errlen) != 0)
                return -1;
        } else if (!(w = calloc(count, sizeof *w))) {
            snprintf(err, errlen, "buffer %s: out of memory", x->name);
            return -1;
        }
        if (x->kind == SIM_BUF_RANDOM) {
            uint64_t span = (uint64_t)(x->hi - x->lo) + 1;
            for (uint32_t k = 0; k < count; k++)
                w[k] = (uint32_t)(x->lo + (int64_t)(span > UINT32_MAX
                                  ? next_random(&rng)
                                  : next_random(&rng) % span));
        }
        x->words = count;
        rc = simtref_alloc(sm, x->name, 4 * count, &x->addr);
        if (rc == 0)
            rc = simtref_write_words(sm, x->addr, w, count);
        free(w);
        if (rc != 0) {
            snprintf(err, errlen, "%s", simtref_error(ctx));
            return -1;
        }
    }
    b->args_words = b->n_arg ? b->n_arg : b->n_buf;
    for (unsigned i = 0; i < b->args_words; i++)
        block[i] = b->n_arg ? (b->arg[i].buffer >= 0
                               ? b->buf[b->arg[i].buffer].addr
                               : b->arg[i].value)
                            : b->buf[i].addr;
    if (b->args_words == 0)
        return 0;
    if (simtref_alloc(sm, "args", 4 * b->args_words, &b->args_addr) != 0
        || simtref_write_words(sm, b->args_addr, block, b->args_words) != 0) {
        snprintf(err, errlen, "%s", simtref_error(ctx));
        return -1;
    }
    return 0;
}

int sim_buffers_write_out(const struct sim_buffers *b, simtref_ctx *ctx,
                          simtref_sm *sm, char *err, size_t errlen)
{
    struct atomic_file f[SIM_MAX_BUFFERS];
    uint32_t *w = NULL;
    int rc = -1;

    memset(f, 0, sizeof f);
    /* every word read first: a buffer the kernel left unwritten fails
     * before any file is made */
    for (unsigned i = 0; i < b->n_out; i++) {
        struct sim_buffer block = { "args", SIM_BUF_ZEROS, b->args_words, 0, 0,
                                    NULL, b->args_addr };
        const struct sim_buffer *x = b->out[i].buffer == SIM_OUT_ARGS ? &block
                                     : &b->buf[b->out[i].buffer];
        uint32_t *nw = realloc(w, (x->words ? x->words : 1) * sizeof *w);
        if (!nw) {
            snprintf(err, errlen, "buffer %s: out of memory", x->name);
            goto done;
        }
        w = nw;
        if (x->words == 0) {
            snprintf(err, errlen, "--out args: the argument block is empty "
                     "(no --buffer or --arg)");
            goto done;
        }
        if (simtref_read_words(sm, x->addr, w, x->words) != 0) {
            snprintf(err, errlen, "--out %s: %s", x->name, simtref_error(ctx));
            goto done;
        }
        if (atomic_open(&f[i], b->out[i].path, err, errlen) != 0)
            goto done;
        for (uint32_t k = 0; k < x->words; k++)
            fprintf(f[i].f, "%" PRId32 "\n", (int32_t)w[k]);
    }
    for (unsigned i = 0; i < b->n_out; i++)
        if (atomic_commit(&f[i], err, errlen) != 0)
            goto done;
    rc = 0;
done:
    for (unsigned i = 0; i < b->n_out; i++)
        atomic_discard(&f[i]);
    free(w);
    return rc;
}
