/*
 * rtlmutate.c -- mutants of a generated Verilog module.
 *
 *   rtlmutate --list FILE.v                  every mutant, numbered from 1
 *   rtlmutate --count FILE.v                 how many mutants there are
 *   rtlmutate --sample N [--seed S] FILE.v   N mutant numbers, one per line
 *   rtlmutate --apply N FILE.v               mutant N on stdout
 *
 * The module body (everything after the port list) is read as a stream of
 * Verilog tokens, and every place where one of these faults can be made is
 * a mutant:
 *
 *   op      an operator swapped: == and !=, < and <=, > and >=, & and |,
 *           && and ||, + and -
 *   const   a constant off by one: an unsized decimal n as n+1 and n-1, a
 *           sized binary, decimal or hexadecimal literal with its least
 *           significant bit flipped
 *   index   an index off by one: name[e] as name[e+1], name[e +: w] as
 *           name[e+1 +: w]
 *   cond    a condition inverted: if (c) as if (!(c)), c ? a : b as
 *           !(c) ? a : b
 *   drop    a procedural assignment (= or <=) removed
 *   stuck   a bit stuck at 0 or 1: the lowest or highest bit of an output
 *           port or of a register named *_q
 *
 * Numbering follows the file: the same file gives the same list, so a
 * mutant is named by its number.  --sample picks N of them with a seeded
 * generator, taking the fault kinds in turn so that every kind is
 * represented.  Nothing here knows a structure: any module the generator
 * writes can be mutated.  Whether a mutant still compiles is for the
 * caller to find out (the mutant campaign lints and builds each one).
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vtokens.h"

/* ------------------------------------------------------------------------
 * Mutants
 * ---------------------------------------------------------------------- */

enum mut_kind { M_OP, M_CONST, M_INDEX, M_COND, M_DROP, M_STUCK, M_KINDS };

static const char *const kind_names[M_KINDS] = {
    "op", "const", "index", "cond", "drop", "stuck"
};

struct edit {
    size_t pos, len;        /* bytes of the original text replaced */
    char *with;
};

struct mutant {
    enum mut_kind kind;
    unsigned line;
    char what[160];
    struct edit *edits;
    size_t nedits;
};

struct mutants {
    struct mutant *m;
    size_t n, cap;
};

static struct mutant *new_mutant(struct mutants *ms, enum mut_kind kind,
                                 unsigned line, const char *fmt, ...)
{
    struct mutant *m;
    va_list ap;

    if (ms->n == ms->cap) {
        ms->cap = ms->cap ? 2 * ms->cap : 256;
        ms->m = xrealloc(ms->m, ms->cap * sizeof *ms->m);
    }
    m = &ms->m[ms->n++];
    memset(m, 0, sizeof *m);
    m->kind = kind;
    m->line = line;
    va_start(ap, fmt);
    vsnprintf(m->what, sizeof m->what, fmt, ap);
    va_end(ap);
    return m;
}

static void add_edit(struct mutant *m, size_t pos, size_t len, const char *with)
{
    m->edits = xrealloc(m->edits, (m->nedits + 1) * sizeof *m->edits);
    m->edits[m->nedits].pos = pos;
    m->edits[m->nedits].len = len;
    m->edits[m->nedits].with = strdup(with);
    if (!m->edits[m->nedits].with)
        die("out of memory");
    m->nedits++;
}

/* The text of tokens [a, b] as written (spaces between them kept). */
static char *span_text(const struct source *s, size_t a, size_t b)
{
    size_t from = s->tok[a].pos, to = s->tok[b].pos + s->tok[b].len;
    char *r = xrealloc(NULL, to - from + 1);
    size_t k, o = 0;

    for (k = from; k < to; k++)          /* one line: newlines as spaces */
        r[o++] = s->text[k] == '\n' ? ' ' : s->text[k];
    r[o] = '\0';
    return r;
}

static void tok_text(const struct source *s, size_t i, char *buf, size_t len)
{
    size_t n = s->tok[i].len < len - 1 ? s->tok[i].len : len - 1;

    memcpy(buf, s->text + s->tok[i].pos, n);
    buf[n] = '\0';
}

static void mutate_operators(const struct source *s, struct mutants *ms)
{
    static const char *const swaps[][2] = {
        { "==", "!=" }, { "!=", "==" }, { "<", "<=" }, { "<=", "<" },
        { ">", ">=" }, { ">=", ">" }, { "&", "|" }, { "|", "&" },
        { "&&", "||" }, { "||", "&&" }, { "+", "-" }, { "-", "+" },
    };

    for (size_t i = s->body; i < s->end; i++) {
        if (s->tok[i].kind != T_OP || s->tok[i].assign || s->tok[i].decl)
            continue;
        for (size_t k = 0; k < sizeof swaps / sizeof swaps[0]; k++) {
            if (!tok_is(s, i, swaps[k][0]))
                continue;
            struct mutant *m = new_mutant(ms, M_OP, s->tok[i].line,
                                          "'%s' -> '%s'", swaps[k][0],
                                          swaps[k][1]);
            add_edit(m, s->tok[i].pos, s->tok[i].len, swaps[k][1]);
        }
    }
}

/* A sized literal with its least significant bit flipped, or 0. */
static int flip_sized(const char *lit, char *out, size_t outlen)
{
    const char *q = strchr(lit, '\'');
    char base, digits[128];
    size_t nd = 0;
    unsigned long long v = 0;

    if (!q)
        return 0;
    q++;
    if (*q == 's' || *q == 'S')
        q++;
    base = (char)tolower((unsigned char)*q++);
    for (; *q; q++)
        if (*q != '_' && nd < sizeof digits - 1)
            digits[nd++] = *q;
    digits[nd] = '\0';
    if (nd == 0 || nd > 15 || strpbrk(digits, "xXzZ?"))
        return 0;
    v = strtoull(digits, NULL, base == 'b' ? 2 : base == 'h' ? 16 :
                                base == 'o' ? 8 : 10);
    v ^= 1;
    const char *b = strchr(lit, '\'');
    size_t plen = (size_t)(b - lit) + 1;
    if (b[1] == 's' || b[1] == 'S')
        plen++;
    plen++;                                     /* the base letter */
    if (plen >= outlen)
        return 0;
    memcpy(out, lit, plen);
    out[plen] = '\0';
    if (base == 'b') {
        char bits[65];
        size_t k = 0;
        for (size_t d = 0; d < nd; d++)         /* same number of digits */
            bits[k++] = (char)('0' + ((v >> (nd - 1 - d)) & 1));
        bits[k] = '\0';
        snprintf(out + plen, outlen - plen, "%s", bits);
    } else if (base == 'h') {
        snprintf(out + plen, outlen - plen, "%llx", v);
    } else if (base == 'o') {
        snprintf(out + plen, outlen - plen, "%llo", v);
    } else {
        snprintf(out + plen, outlen - plen, "%llu", v);
    }
    return 1;
}

static void mutate_constants(const struct source *s, struct mutants *ms)
{
    char lit[128], alt[160];

    for (size_t i = s->body; i < s->end; i++) {
        if (s->tok[i].kind != T_NUMBER || s->tok[i].decl)
            continue;
        tok_text(s, i, lit, sizeof lit);
        if (strchr(lit, '\'')) {
            if (flip_sized(lit, alt, sizeof alt)) {
                struct mutant *m = new_mutant(ms, M_CONST, s->tok[i].line,
                                              "'%s' -> '%s'", lit, alt);
                add_edit(m, s->tok[i].pos, s->tok[i].len, alt);
            }
            continue;
        }
        if (strlen(lit) > 9 || strchr(lit, '_'))
            continue;
        unsigned long v = strtoul(lit, NULL, 10);
        snprintf(alt, sizeof alt, "%lu", v + 1);
        struct mutant *m = new_mutant(ms, M_CONST, s->tok[i].line,
                                      "'%s' -> '%s'", lit, alt);
        add_edit(m, s->tok[i].pos, s->tok[i].len, alt);
        if (v > 0) {
            snprintf(alt, sizeof alt, "%lu", v - 1);
            m = new_mutant(ms, M_CONST, s->tok[i].line, "'%s' -> '%s'",
                           lit, alt);
            add_edit(m, s->tok[i].pos, s->tok[i].len, alt);
        }
    }
}

static void mutate_indices(const struct source *s, struct mutants *ms)
{
    for (size_t i = s->body + 1; i < s->end; i++) {
        if (!tok_is(s, i, "[") ||
            !(is_name(s, i - 1) || tok_is(s, i - 1, "]")))
            continue;
        size_t c = match_forward(s, i), k, at = c;
        int part = 0;
        for (k = i + 1; k < c; k++) {
            if (s->tok[k].depth != s->tok[i].depth + 1)
                continue;
            if (tok_is(s, k, ":"))
                part = 1;
            if (tok_is(s, k, "+:") || tok_is(s, k, "-:"))
                at = k;
        }
        if (part || c == i + 1)
            continue;
        char *e = span_text(s, i + 1, at - 1);
        struct mutant *m = new_mutant(ms, M_INDEX, s->tok[i].line,
                                      "index '%.60s' -> '%.60s+1'", e, e);
        free(e);
        /* before the +: (or the closing bracket) */
        add_edit(m, s->tok[at - 1].pos + s->tok[at - 1].len, 0, "+1");
    }
}

static void mutate_conditions(const struct source *s, struct mutants *ms)
{
    for (size_t i = s->body; i < s->end; i++) {
        if (tok_is(s, i, "if") && tok_is(s, i + 1, "(")) {
            size_t c = match_forward(s, i + 1);
            char *e = span_text(s, i + 2, c - 1);
            struct mutant *m = new_mutant(ms, M_COND, s->tok[i].line,
                                          "if (%.60s) -> if (!(...))", e);
            free(e);
            add_edit(m, s->tok[i + 2].pos, 0, "!(");
            add_edit(m, s->tok[c].pos, 0, ")");
        } else if (tok_is(s, i, "?")) {
            /* The condition runs back to the first token at this depth
             * that cannot be inside it. */
            size_t j = i;
            while (j > s->body) {
                size_t p = j - 1;
                if (tok_is(s, p, ")") || tok_is(s, p, "]") ||
                    tok_is(s, p, "}")) {
                    j = match_backward(s, p);
                    continue;
                }
                if (tok_is(s, p, "(") || tok_is(s, p, "[") ||
                    tok_is(s, p, "{") || tok_is(s, p, ",") ||
                    tok_is(s, p, ";") || tok_is(s, p, "?") ||
                    tok_is(s, p, ":") || tok_is(s, p, "=") ||
                    (tok_is(s, p, "<=") && s->tok[p].assign) ||
                    is_keyword(s, p))
                    break;
                j = p;
            }
            if (j == i)
                continue;
            char *e = span_text(s, j, i - 1);
            struct mutant *m = new_mutant(ms, M_COND, s->tok[i].line,
                                          "%.60s ? -> !(...) ?", e);
            free(e);
            add_edit(m, s->tok[j].pos, 0, "!(");
            add_edit(m, s->tok[i].pos, 0, ") ");
        }
    }
}

static void mutate_drops(const struct source *s, struct mutants *ms)
{
    for (size_t i = s->body; i < s->end; i++) {
        if (!s->tok[i].assign)
            continue;
        size_t a = s->tok[i].lhs_start, e;
        for (e = i; e < s->end && !(tok_is(s, e, ";") && s->tok[e].depth == 0);
             e++)
            ;
        if (e == s->end)
            continue;
        char *st = span_text(s, a, e);
        struct mutant *m = new_mutant(ms, M_DROP, s->tok[a].line,
                                      "drop '%.100s'", st);
        free(st);
        /* An empty statement keeps if/else and begin/end well formed. */
        add_edit(m, s->tok[a].pos, s->tok[e].pos + 1 - s->tok[a].pos, ";");
    }
}

/* Range [hi:lo] of a declaration whose '[' is token i; returns the ']'. */
static size_t decl_range(const struct source *s, size_t i, char **hi, char **lo)
{
    size_t c = match_forward(s, i), k;

    for (k = i + 1; k < c; k++)
        if (tok_is(s, k, ":") && s->tok[k].depth == s->tok[i].depth + 1)
            break;
    if (k == c || k == i + 1 || k + 1 == c)
        die("line %u: cannot read the range", s->tok[i].line);
    *hi = span_text(s, i + 1, k - 1);
    *lo = span_text(s, k + 1, c - 1);
    return c;
}

/* The bits of a signal that a stuck mutant forces: (lo, 0), (lo, 1),
 * (hi, 0), (hi, 1); only lo when the two are written alike. */
static int stuck_choices(const char *hi, const char *lo, const char **bits)
{
    bits[0] = lo;
    bits[1] = hi;
    return hi && strcmp(hi, lo) != 0 ? 2 : 1;
}

static void stuck_body(char *buf, size_t len, const char *range,
                       const char *sig, const char *src, const char *bit,
                       int value)
{
    if (bit)
        snprintf(buf, len,
                 " reg %s %s; always @* begin %s = %s; %s[%s] = 1'b%d; end",
                 range, sig, sig, src, sig, bit, value);
    else
        snprintf(buf, len, " reg %s; always @* %s = 1'b%d;", sig, sig, value);
}

static void mutate_stuck(const struct source *s, struct mutants *ms)
{
    char name[128], buf[1024], renamed[160];
    size_t i;

    /* Output ports: every use in the body reads and drives name__m; the
     * port is name__m with one bit forced. */
    for (i = 0; i < s->body; i++) {
        if (!tok_is(s, i, "output"))
            continue;
        size_t j = i + 1, reg_tok = 0;
        char *hi = NULL, *lo = NULL, *range = NULL;
        if (tok_is(s, j, "wire"))
            j++;
        else if (tok_is(s, j, "reg"))
            reg_tok = j++;
        if (tok_is(s, j, "signed"))
            j++;
        if (tok_is(s, j, "[")) {
            size_t c = decl_range(s, j, &hi, &lo);
            range = span_text(s, j, c);
            j = c + 1;
        }
        if (!is_name(s, j))
            continue;
        tok_text(s, j, name, sizeof name);
        snprintf(renamed, sizeof renamed, "%s__m", name);
        const char *bits[2];
        int nb = hi ? stuck_choices(hi, lo, bits) : 1;
        for (int b = 0; b < nb; b++) {
            for (int v = 0; v <= 1; v++) {
                struct mutant *m = new_mutant(ms, M_STUCK, s->tok[j].line,
                                              "output %s bit [%s] stuck at %d",
                                              name, hi ? bits[b] : "0", v);
                char stuck[160];
                snprintf(stuck, sizeof stuck, "%s__s", name);
                if (reg_tok)
                    add_edit(m, s->tok[reg_tok].pos, s->tok[reg_tok].len,
                             "wire");
                snprintf(buf, sizeof buf, " %s %s %s;", reg_tok ? "reg" : "wire",
                         range ? range : "", renamed);
                size_t blen = strlen(buf);
                stuck_body(buf + blen, sizeof buf - blen, range ? range : "",
                           stuck, renamed, hi ? bits[b] : NULL, v);
                blen = strlen(buf);
                snprintf(buf + blen, sizeof buf - blen, " assign %s = %s;\n",
                         name, stuck);
                add_edit(m, s->tok[s->body - 1].pos + 1, 0, buf);
                for (size_t k = s->body; k < s->end; k++)
                    if (s->tok[k].kind == T_IDENT && tok_is(s, k, name))
                        add_edit(m, s->tok[k].pos, s->tok[k].len, renamed);
            }
        }
        free(hi);
        free(lo);
        free(range);
    }

    /* Registers *_q: the flip-flops drive name__m; every read sees name
     * with one bit forced. */
    for (i = s->body; i < s->end; i++) {
        if (!tok_is(s, i, "reg"))
            continue;
        size_t j = i + 1, semi;
        char *hi = NULL, *lo = NULL, *range = NULL;
        if (tok_is(s, j, "signed"))
            j++;
        if (tok_is(s, j, "[")) {
            size_t c = decl_range(s, j, &hi, &lo);
            range = span_text(s, j, c);
            j = c + 1;
        }
        for (semi = j; semi < s->end && !tok_is(s, semi, ";"); semi++)
            ;
        for (; j < semi; j++) {
            if (!is_name(s, j) || tok_is(s, j + 1, "["))
                continue;
            tok_text(s, j, name, sizeof name);
            size_t nl = strlen(name);
            if (nl < 3 || strcmp(name + nl - 2, "_q") != 0)
                continue;
            /* Its procedural assignments. */
            size_t targets = 0;
            for (size_t k = s->body; k < s->end; k++)
                if (s->tok[k].assign && tok_is(s, s->tok[k].lhs_start, name))
                    targets++;
            if (targets == 0)
                continue;
            snprintf(renamed, sizeof renamed, "%s__m", name);
            const char *bits[2];
            int nb = hi ? stuck_choices(hi, lo, bits) : 1;
            for (int b = 0; b < nb; b++) {
                for (int v = 0; v <= 1; v++) {
                    struct mutant *m = new_mutant(ms, M_STUCK, s->tok[j].line,
                                                  "register %s bit [%s] stuck at %d",
                                                  name, hi ? bits[b] : "0", v);
                    add_edit(m, s->tok[j].pos, s->tok[j].len, renamed);
                    stuck_body(buf, sizeof buf, range ? range : "", name,
                               renamed, hi ? bits[b] : NULL, v);
                    add_edit(m, s->tok[semi].pos + 1, 0, buf);
                    for (size_t k = s->body; k < s->end; k++)
                        if (s->tok[k].assign &&
                            tok_is(s, s->tok[k].lhs_start, name)) {
                            size_t t = s->tok[k].lhs_start;
                            add_edit(m, s->tok[t].pos, s->tok[t].len, renamed);
                        }
                }
            }
        }
        free(hi);
        free(lo);
        free(range);
    }
}

static void free_all(struct source *s, struct mutants *ms)
{
    for (size_t i = 0; i < ms->n; i++) {
        for (size_t k = 0; k < ms->m[i].nedits; k++)
            free(ms->m[i].edits[k].with);
        free(ms->m[i].edits);
    }
    free(ms->m);
    free(s->tok);
    free(s->text);
}

static void make_mutants(const struct source *s, struct mutants *ms)
{
    memset(ms, 0, sizeof *ms);
    mutate_operators(s, ms);
    mutate_constants(s, ms);
    mutate_indices(s, ms);
    mutate_conditions(s, ms);
    mutate_drops(s, ms);
    mutate_stuck(s, ms);
}

static int edit_order(const void *a, const void *b)
{
    const struct edit *x = a, *y = b;

    if (x->pos != y->pos)
        return x->pos < y->pos ? -1 : 1;
    /* insertions before replacements at the same place */
    return (x->len > y->len) - (x->len < y->len);
}

static void apply(const struct source *s, struct mutant *m, FILE *out)
{
    size_t at = 0;

    qsort(m->edits, m->nedits, sizeof *m->edits, edit_order);
    for (size_t k = 0; k < m->nedits; k++) {
        const struct edit *e = &m->edits[k];
        if (e->pos < at)
            die("overlapping edits in one mutant");
        fwrite(s->text + at, 1, e->pos - at, out);
        fputs(e->with, out);
        at = e->pos + e->len;
    }
    fwrite(s->text + at, 1, s->size - at, out);
}

/* ------------------------------------------------------------------------
 * Sampling: splitmix64 from the seed; the kinds in turn, each kind's
 * mutants in a shuffled order.
 * ---------------------------------------------------------------------- */

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void sample(const struct mutants *ms, size_t want, uint64_t seed)
{
    size_t *bykind[M_KINDS], count[M_KINDS] = { 0 }, taken[M_KINDS] = { 0 };
    size_t k, i, got = 0;
    uint64_t st = seed;
    char *chosen = calloc(ms->n + 1, 1);

    if (!chosen)
        die("out of memory");
    for (k = 0; k < M_KINDS; k++) {
        bykind[k] = xrealloc(NULL, (ms->n + 1) * sizeof(size_t));
        for (i = 0; i < ms->n; i++)
            if (ms->m[i].kind == (enum mut_kind)k)
                bykind[k][count[k]++] = i + 1;
        for (i = count[k]; i > 1; i--) {                /* Fisher-Yates */
            size_t r = (size_t)(next_random(&st) % i), t = bykind[k][i - 1];
            bykind[k][i - 1] = bykind[k][r];
            bykind[k][r] = t;
        }
    }
    if (want > ms->n)
        want = ms->n;
    while (got < want)
        for (k = 0; k < M_KINDS && got < want; k++)
            if (taken[k] < count[k]) {
                chosen[bykind[k][taken[k]++]] = 1;
                got++;
            }
    for (i = 1; i <= ms->n; i++)
        if (chosen[i])
            printf("%zu\n", i);
    for (k = 0; k < M_KINDS; k++)
        free(bykind[k]);
    free(chosen);
}

static void usage(void)
{
    fputs("usage: rtlmutate --list FILE.v\n"
          "       rtlmutate --count FILE.v\n"
          "       rtlmutate --sample N [--seed S] FILE.v\n"
          "       rtlmutate --apply N FILE.v\n", stderr);
    exit(2);
}

static unsigned long long number_arg(const char *opt, const char *v)
{
    char *end;
    unsigned long long n;

    errno = 0;
    n = strtoull(v, &end, 10);
    if (errno || end == v || *end || v[0] == '-')
        die("%s needs a non-negative number, not '%s'", opt, v);
    return n;
}

int main(int argc, char **argv)
{
    const char *mode = NULL, *file = NULL;
    unsigned long long n = 0, seed = 1;
    struct source src;
    struct mutants ms;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--list") == 0 || strcmp(a, "--count") == 0) {
            mode = a;
        } else if (strcmp(a, "--sample") == 0 || strcmp(a, "--apply") == 0) {
            if (i + 1 >= argc)
                usage();
            mode = a;
            n = number_arg(a, argv[++i]);
        } else if (strcmp(a, "--seed") == 0) {
            if (i + 1 >= argc)
                usage();
            seed = number_arg(a, argv[++i]);
        } else if (a[0] == '-') {
            usage();
        } else if (!file) {
            file = a;
        } else {
            usage();
        }
    }
    if (!mode || !file)
        usage();
    load(&src, file);
    make_mutants(&src, &ms);

    if (strcmp(mode, "--count") == 0) {
        printf("%zu\n", ms.n);
    } else if (strcmp(mode, "--list") == 0) {
        for (size_t i = 0; i < ms.n; i++)
            printf("%zu\t%u\t%s\t%s\n", i + 1, ms.m[i].line,
                   kind_names[ms.m[i].kind], ms.m[i].what);
    } else if (strcmp(mode, "--sample") == 0) {
        sample(&ms, (size_t)n, seed);
    } else {
        if (n < 1 || n > ms.n)
            die("%s has mutants 1..%zu, not %llu", file, ms.n, n);
        apply(&src, &ms.m[n - 1], stdout);
    }
    free_all(&src, &ms);
    return 0;
}
