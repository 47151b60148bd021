/*
 * vtokens.c -- a generated Verilog module read as tokens; see vtokens.h.
 */
#include "vtokens.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void die(const char *fmt, ...)
{
    va_list ap;

    fputs("rtlmutate: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p)
        die("out of memory");
    return p;
}

int tok_is(const struct source *s, size_t i, const char *word)
{
    size_t n = strlen(word);

    return i < s->ntok && s->tok[i].len == n &&
           memcmp(s->text + s->tok[i].pos, word, n) == 0;
}

static void push(struct source *s, enum tok_kind kind, size_t pos, size_t len,
                 unsigned line, int depth)
{
    struct token t;

    if (s->ntok == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 1024;
        s->tok = xrealloc(s->tok, s->cap * sizeof *s->tok);
    }
    memset(&t, 0, sizeof t);
    t.kind = kind;
    t.pos = pos;
    t.len = len;
    t.line = line;
    t.depth = depth;
    s->tok[s->ntok++] = t;
}

/* Operators, longest first. */
static const char *const operators[] = {
    "<<<", ">>>", "===", "!==",
    "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "~&", "~|", "~^", "^~",
    "+:", "-:", "**", "->",
    NULL
};

static void tokenize(struct source *s)
{
    const char *t = s->text;
    size_t i = 0, n = s->size;
    unsigned line = 1;
    int depth = 0;

    while (i < n) {
        char c = t[i];
        size_t start = i;
        int k;

        if (c == '\n') {
            line++;
            i++;
        } else if (isspace((unsigned char)c)) {
            i++;
        } else if (c == '/' && i + 1 < n && t[i + 1] == '/') {
            while (i < n && t[i] != '\n')
                i++;
        } else if (c == '/' && i + 1 < n && t[i + 1] == '*') {
            for (i += 2; i + 1 < n && !(t[i] == '*' && t[i + 1] == '/'); i++)
                if (t[i] == '\n')
                    line++;
            i += 2;
        } else if (c == '"') {
            for (i++; i < n && t[i] != '"'; i++)
                if (t[i] == '\\')
                    i++;
            i++;
            push(s, T_NUMBER, start, i - start, line, depth);
            s->tok[s->ntok - 1].kind = T_OP;    /* never mutated */
        } else if (isalpha((unsigned char)c) || c == '_' || c == '$' ||
                   c == '`') {
            i++;
            while (i < n && (isalnum((unsigned char)t[i]) || t[i] == '_' ||
                             t[i] == '$'))
                i++;
            push(s, T_IDENT, start, i - start, line, depth);
        } else if (isdigit((unsigned char)c) || c == '\'') {
            /* 12, 4'b1010, 'd3, 8'hff, 1'sb1 */
            while (i < n && (isdigit((unsigned char)t[i]) || t[i] == '_'))
                i++;
            if (i < n && t[i] == '\'') {
                i++;
                if (i < n && (t[i] == 's' || t[i] == 'S'))
                    i++;
                if (i < n)
                    i++;                        /* the base letter */
                while (i < n && (isxdigit((unsigned char)t[i]) ||
                                 t[i] == '_' || t[i] == 'x' || t[i] == 'X' ||
                                 t[i] == 'z' || t[i] == 'Z' || t[i] == '?'))
                    i++;
            }
            push(s, T_NUMBER, start, i - start, line, depth);
        } else {
            size_t len = 1;
            for (k = 0; operators[k]; k++) {
                size_t l = strlen(operators[k]);
                if (i + l <= n && memcmp(t + i, operators[k], l) == 0) {
                    len = l;
                    break;
                }
            }
            if (len == 1 && (c == ')' || c == ']' || c == '}'))
                depth--;
            push(s, T_OP, start, len, line, depth);
            if (len == 1 && (c == '(' || c == '[' || c == '{'))
                depth++;
            i += len;
        }
    }
}

static const char *const keywords[] = {
    "module", "endmodule", "input", "output", "inout", "wire", "reg",
    "integer", "genvar", "parameter", "localparam", "assign", "always",
    "begin", "end", "if", "else", "for", "generate", "endgenerate", "case",
    "casez", "endcase", "default", "posedge", "negedge", "or", "signed",
    "function", "endfunction", "initial", "while", NULL
};

int is_keyword(const struct source *s, size_t i)
{
    for (int k = 0; keywords[k]; k++)
        if (tok_is(s, i, keywords[k]))
            return 1;
    return 0;
}

int is_name(const struct source *s, size_t i)
{
    return i < s->ntok && s->tok[i].kind == T_IDENT && !is_keyword(s, i) &&
           s->text[s->tok[i].pos] != '$' && s->text[s->tok[i].pos] != '`';
}

/* Token index of the bracket matching the opening one at i. */
size_t match_forward(const struct source *s, size_t i)
{
    size_t j;

    for (j = i + 1; j < s->ntok; j++)
        if (s->tok[j].depth == s->tok[i].depth)
            return j;
    die("line %u: unbalanced bracket", s->tok[i].line);
    return 0;
}

/* Token index of the bracket opening the closing one at i. */
size_t match_backward(const struct source *s, size_t i)
{
    size_t j;

    for (j = i; j-- > 0;)
        if (s->tok[j].depth == s->tok[i].depth)
            return j;
    die("line %u: unbalanced bracket", s->tok[i].line);
    return 0;
}

/*
 * Can a statement start after token i?  After ';', begin, else, end, a
 * case label's ':', the ')' of if (...), for (...), @(...), and @*.
 */
static int statement_boundary(const struct source *s, size_t i)
{
    if (tok_is(s, i, ";") || tok_is(s, i, "begin") || tok_is(s, i, "else") ||
        tok_is(s, i, "end"))
        return 1;
    if (tok_is(s, i, ")")) {
        size_t o = match_backward(s, i);
        return o > 0 && (tok_is(s, o - 1, "if") || tok_is(s, o - 1, "for") ||
                         tok_is(s, o - 1, "@"));
    }
    if (tok_is(s, i, "*"))
        return i > 0 && tok_is(s, i - 1, "@");
    if (tok_is(s, i, ":"))       /* case label, not begin : name */
        return !(i > 0 && tok_is(s, i - 1, "begin"));
    return 0;
}

/*
 * Mark the procedural assignments: an = or <= at bracket depth 0 whose
 * left side is a name with selects, or a concatenation, standing at the
 * start of a statement.
 */
static void find_assignments(struct source *s)
{
    for (size_t i = s->body; i < s->end; i++) {
        size_t j;

        if (s->tok[i].depth != 0 || !(tok_is(s, i, "=") || tok_is(s, i, "<=")))
            continue;
        j = i;
        while (j > s->body) {
            size_t p = j - 1;
            if (tok_is(s, p, "]") || tok_is(s, p, "}")) {
                size_t o = match_backward(s, p);
                if (tok_is(s, p, "}")) {
                    j = o;
                    break;
                }
                j = o;
                continue;
            }
            if (is_name(s, p)) {
                j = p;
                break;
            }
            j = i;
            break;
        }
        if (j == i || j <= s->body)
            continue;
        if (statement_boundary(s, j - 1)) {
            s->tok[i].assign = 1;
            s->tok[i].lhs_start = j;
        }
    }
}

/*
 * Forget the tokens of `ifdef FORMAL ... `endif: what the proof alone sees
 * is not hardware, and its mutants would say nothing about the checks.
 */
static void drop_formal(struct source *s)
{
    size_t i, o = 0;
    int skip = 0;

    for (i = 0; i < s->ntok; i++) {
        int opens = tok_is(s, i, "`ifdef") || tok_is(s, i, "`ifndef");
        if (!skip && opens && tok_is(s, i + 1, "FORMAL")) {
            skip = 1;
            continue;
        }
        if (skip) {
            if (opens)
                skip++;
            else if (tok_is(s, i, "`endif"))
                skip--;
            continue;
        }
        s->tok[o++] = s->tok[i];
    }
    s->ntok = o;
}

void load(struct source *s, const char *path)
{
    FILE *f = fopen(path, "rb");
    size_t i;
    int seen_module = 0;

    memset(s, 0, sizeof *s);
    if (!f)
        die("%s: %s", path, strerror(errno));
    for (;;) {
        s->text = xrealloc(s->text, s->size + 65536 + 1);
        size_t got = fread(s->text + s->size, 1, 65536, f);
        s->size += got;
        if (got < 65536)
            break;
    }
    fclose(f);
    s->text[s->size] = '\0';
    tokenize(s);
    drop_formal(s);
    s->body = s->end = 0;
    for (i = 0; i < s->ntok; i++) {
        if (tok_is(s, i, "module"))
            seen_module = 1;
        else if (seen_module && !s->body && tok_is(s, i, ";") &&
                 s->tok[i].depth == 0)
            s->body = i + 1;
        else if (tok_is(s, i, "endmodule"))
            s->end = i;
    }
    if (!s->body || s->end <= s->body)
        die("%s: no module body found", path);
    find_assignments(s);
    for (i = s->body; i < s->end; i++)
        if (tok_is(s, i, "[") && is_keyword(s, i - 1))
            for (size_t k = i, c = match_forward(s, i); k <= c; k++)
                s->tok[k].decl = 1;
}

