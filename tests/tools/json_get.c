/*
 * json_get.c -- a strict reader of the JSON that `simtref area --json`
 * writes, for the tests: it parses the whole file (objects, strings,
 * numbers, null; arrays and escapes too, though simtref writes none of
 * them) and fails on any syntax error, then prints the value found under
 * the keys given on the command line.
 *
 *   json_get FILE                    exit 0 when FILE is valid JSON
 *   json_get FILE KEY1 KEY2 ...      also print the value at that path
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
    const char *s;
    size_t pos;
    int depth;                  /* how deep in the path we are matched */
    int npath;
    char **path;
    int found;
};

static void die(const struct parser *p, const char *what)
{
    fprintf(stderr, "json_get: at byte %zu: %s\n", p->pos, what);
    exit(1);
}

static void ws(struct parser *p)
{
    while (isspace((unsigned char)p->s[p->pos]))
        p->pos++;
}

static void value(struct parser *p, int matched);

/* A string into buf (truncated to size); escapes are kept verbatim. */
static void string(struct parser *p, char *buf, size_t size)
{
    size_t n = 0;

    if (p->s[p->pos] != '"')
        die(p, "expected a string");
    p->pos++;
    while (p->s[p->pos] != '"') {
        char c = p->s[p->pos];
        if (c == '\0' || (unsigned char)c < 0x20)
            die(p, "unterminated string");
        if (c == '\\') {
            if (!strchr("\"\\/bfnrtu", p->s[p->pos + 1]))
                die(p, "bad escape");
            if (n + 1 < size)
                buf[n++] = c;
            p->pos++;
            c = p->s[p->pos];
        }
        if (n + 1 < size)
            buf[n++] = c;
        p->pos++;
    }
    p->pos++;
    if (size)
        buf[n < size ? n : size - 1] = '\0';
}

static void number(struct parser *p)
{
    size_t start = p->pos;

    if (p->s[p->pos] == '-')
        p->pos++;
    if (!isdigit((unsigned char)p->s[p->pos]))
        die(p, "expected a value");
    while (isdigit((unsigned char)p->s[p->pos]))
        p->pos++;
    if (p->s[p->pos] == '.') {
        p->pos++;
        if (!isdigit((unsigned char)p->s[p->pos]))
            die(p, "bad number");
        while (isdigit((unsigned char)p->s[p->pos]))
            p->pos++;
    }
    if (p->s[p->pos] == 'e' || p->s[p->pos] == 'E') {
        p->pos++;
        if (p->s[p->pos] == '+' || p->s[p->pos] == '-')
            p->pos++;
        if (!isdigit((unsigned char)p->s[p->pos]))
            die(p, "bad exponent");
        while (isdigit((unsigned char)p->s[p->pos]))
            p->pos++;
    }
    (void)start;
}

static void object(struct parser *p, int matched, int level)
{
    char key[256];

    p->pos++;                   /* { */
    ws(p);
    if (p->s[p->pos] == '}') {
        p->pos++;
        return;
    }
    for (;;) {
        int here;

        ws(p);
        string(p, key, sizeof key);
        ws(p);
        if (p->s[p->pos] != ':')
            die(p, "expected ':'");
        p->pos++;
        ws(p);
        here = matched && level < p->npath &&
               strcmp(key, p->path[level]) == 0;
        p->depth = level + 1;
        value(p, here ? level + 1 : -1);
        ws(p);
        if (p->s[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->s[p->pos] != '}')
            die(p, "expected ',' or '}'");
        p->pos++;
        return;
    }
}

static void array(struct parser *p)
{
    p->pos++;                   /* [ */
    ws(p);
    if (p->s[p->pos] == ']') {
        p->pos++;
        return;
    }
    for (;;) {
        ws(p);
        value(p, -1);
        ws(p);
        if (p->s[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->s[p->pos] != ']')
            die(p, "expected ',' or ']'");
        p->pos++;
        return;
    }
}

/* matched: the number of path keys matched so far, or -1. */
static void value(struct parser *p, int matched)
{
    size_t start;
    char c;

    ws(p);
    start = p->pos;
    c = p->s[p->pos];
    if (c == '{')
        object(p, matched >= 0, matched < 0 ? 0 : matched);
    else if (c == '[')
        array(p);
    else if (c == '"') {
        char buf[4];
        string(p, buf, sizeof buf);
    } else if (strncmp(p->s + p->pos, "null", 4) == 0)
        p->pos += 4;
    else if (strncmp(p->s + p->pos, "true", 4) == 0)
        p->pos += 4;
    else if (strncmp(p->s + p->pos, "false", 5) == 0)
        p->pos += 5;
    else
        number(p);
    if (matched == p->npath && p->npath > 0) {
        printf("%.*s\n", (int)(p->pos - start), p->s + start);
        p->found++;
    }
}

int main(int argc, char **argv)
{
    struct parser p = { 0 };
    FILE *f;
    char *text;
    long len;

    if (argc < 2) {
        fprintf(stderr, "usage: json_get FILE [KEY...]\n");
        return 2;
    }
    if (!(f = fopen(argv[1], "rb")) || fseek(f, 0, SEEK_END) != 0 ||
        (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
        !(text = calloc((size_t)len + 1, 1)) ||
        fread(text, 1, (size_t)len, f) != (size_t)len) {
        fprintf(stderr, "json_get: cannot read %s\n", argv[1]);
        return 1;
    }
    fclose(f);
    p.s = text;
    p.npath = argc - 2;
    p.path = argv + 2;
    ws(&p);
    if (p.s[p.pos] != '{')
        die(&p, "expected an object");
    value(&p, 0);
    ws(&p);
    if (p.s[p.pos] != '\0')
        die(&p, "text after the value");
    free(text);
    if (p.npath > 0 && p.found != 1) {
        fprintf(stderr, "json_get: %d values at that path\n", p.found);
        return 1;
    }
    return 0;
}
