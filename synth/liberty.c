/*
 * liberty.c -- the reader of the cell library; see liberty.h.
 *
 * The reader splits the text into tokens and follows the nesting of
 * braces.
 */
#include "liberty.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "synth_text.h"

enum token_kind { TOK_END, TOK_WORD, TOK_STRING, TOK_PUNCT };

struct token {
    enum token_kind kind;
    char text[128];             /* truncated when longer */
};

struct lexer {
    const char *p;              /* next character to read */
};

/* True for the characters that make up Liberty names and numbers. */
static int is_word_char(int c)
{
    return isalnum(c) || c == '_' || c == '.' || c == '-' || c == '+';
}

/* Skip white space, line continuations and both kinds of comment. */
static void skip_blanks(struct lexer *lx)
{
    for (;;) {
        const char *p = lx->p;
        if (isspace((unsigned char)*p) || *p == '\\') {
            lx->p++;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *close = strstr(p + 2, "*/");
            lx->p = close ? close + 2 : p + strlen(p);
        } else if (p[0] == '/' && p[1] == '/') {
            const char *eol = strchr(p, '\n');
            lx->p = eol ? eol : p + strlen(p);
        } else {
            return;
        }
    }
}

/* Copy n characters from src into the token's text, truncating. */
static void set_token_text(struct token *t, const char *src, size_t n)
{
    if (n >= sizeof t->text)
        n = sizeof t->text - 1;
    memcpy(t->text, src, n);
    t->text[n] = '\0';
}

/* Read the next token into *t and return its kind. */
static enum token_kind next_token(struct lexer *lx, struct token *t)
{
    const char *start;

    skip_blanks(lx);
    start = lx->p;
    if (*start == '\0') {
        t->kind = TOK_END;
        t->text[0] = '\0';
    } else if (*start == '"') {
        const char *close = strchr(start + 1, '"');
        const char *end = close ? close : start + strlen(start);
        t->kind = TOK_STRING;
        set_token_text(t, start + 1, (size_t)(end - start - 1));
        lx->p = close ? close + 1 : end;
    } else if (is_word_char((unsigned char)*start)) {
        while (is_word_char((unsigned char)*lx->p))
            lx->p++;
        t->kind = TOK_WORD;
        set_token_text(t, start, (size_t)(lx->p - start));
    } else {
        t->kind = TOK_PUNCT;
        set_token_text(t, start, 1);
        lx->p++;
    }
    return t->kind;
}

/* True when t is the punctuation character c. */
static int is_punct(const struct token *t, char c)
{
    return t->kind == TOK_PUNCT && t->text[0] == c;
}

/* True when t is the word w. */
static int is_word(const struct token *t, const char *w)
{
    return t->kind == TOK_WORD && strcmp(t->text, w) == 0;
}

/* Read a token that must be the punctuation c; -1 with a message if not. */
static int expect_punct(struct lexer *lx, char c, const struct liberty *lib,
                        char *err, size_t errlen)
{
    struct token t;

    next_token(lx, &t);
    if (!is_punct(&t, c))
        return synth_fail(err, errlen, "%s: expected '%c', found '%s'",
                    lib->path, c, t.text);
    return 0;
}

/* Having read the word `cell`, read `(NAME)` and add an empty cell. */
static int read_cell_header(struct lexer *lx, struct liberty *lib,
                            char *err, size_t errlen)
{
    struct token name;
    struct lib_cell *c;

    if (expect_punct(lx, '(', lib, err, errlen) != 0)
        return -1;
    next_token(lx, &name);
    if (name.kind != TOK_WORD && name.kind != TOK_STRING)
        return synth_fail(err, errlen, "%s: expected a cell name, found '%s'",
                    lib->path, name.text);
    if (strlen(name.text) >= sizeof c->name)
        return synth_fail(err, errlen, "%s: cell name '%s' is longer than %u "
                    "characters", lib->path, name.text,
                    (unsigned)sizeof c->name - 1);
    if (lib->ncells == LIB_MAX_CELLS)
        return synth_fail(err, errlen, "%s: more than %d cells", lib->path,
                    LIB_MAX_CELLS);
    if (expect_punct(lx, ')', lib, err, errlen) != 0)
        return -1;
    c = &lib->cell[lib->ncells++];
    memset(c, 0, sizeof *c);
    strcpy(c->name, name.text);
    return 0;
}

/* Having read the word `area`, read `: NUMBER` into cell c. */
static int read_cell_area(struct lexer *lx, struct lib_cell *c,
                          const struct liberty *lib, char *err, size_t errlen)
{
    struct token num;
    char *end;

    if (expect_punct(lx, ':', lib, err, errlen) != 0)
        return -1;
    next_token(lx, &num);
    errno = 0;
    c->area_um2 = strtod(num.text, &end);
    if (num.kind != TOK_WORD || *end != '\0' || errno != 0 ||
        c->area_um2 < 0)
        return synth_fail(err, errlen, "%s: cell %s: bad area '%s'",
                    lib->path, c->name, num.text);
    c->has_area = 1;
    return 0;
}

/*
 * Read the cells of the Liberty file at path into *lib.  Every cell must
 * have an area.  Returns 0, or -1 with a message in err.
 */
int liberty_read(const char *path, struct liberty *lib, char *err,
                 size_t errlen)
{
    struct lexer lx;
    struct token t;
    struct lib_cell *cur = NULL;    /* the cell being read, if any */
    int depth = 0, cell_depth = 0;  /* brace depth; outside the cell's group */
    int rc = 0;
    char *text = synth_read_file(path, NULL, err, errlen);

    if (text == NULL)
        return -1;
    memset(lib, 0, sizeof *lib);
    lib->path = path;
    lx.p = text;
    while (rc == 0 && next_token(&lx, &t) != TOK_END) {
        if (is_punct(&t, '{')) {
            depth++;
        } else if (is_punct(&t, '}')) {
            depth--;
            if (cur != NULL && depth == cell_depth) {
                if (!cur->has_area)
                    rc = synth_fail(err, errlen, "%s: cell %s has no area",
                              path, cur->name);
                cur = NULL;
            }
        } else if (cur == NULL && is_word(&t, "cell")) {
            rc = read_cell_header(&lx, lib, err, errlen);
            if (rc == 0) {
                cur = &lib->cell[lib->ncells - 1];
                cell_depth = depth;
            }
        } else if (cur != NULL && depth == cell_depth + 1 &&
                   is_word(&t, "area")) {
            rc = read_cell_area(&lx, cur, lib, err, errlen);
        } else if (cur != NULL && is_word(&t, "ff")) {
            cur->is_flop = 1;
        }
    }
    free(text);
    if (rc == 0 && (depth != 0 || cur != NULL))
        rc = synth_fail(err, errlen, "%s: unbalanced braces", path);
    if (rc == 0 && lib->ncells == 0)
        rc = synth_fail(err, errlen, "%s: no cells found", path);
    return rc;
}

/* The library cell called name, or NULL. */
const struct lib_cell *liberty_find(const struct liberty *lib,
                                    const char *name)
{
    unsigned i;

    for (i = 0; i < lib->ncells; i++)
        if (strcmp(lib->cell[i].name, name) == 0)
            return &lib->cell[i];
    return NULL;
}


