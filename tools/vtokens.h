/*
 * vtokens.h -- a generated Verilog module read as tokens, for
 * tools/rtlmutate.c: the tokens with their nesting depth, the procedural
 * assignments marked, the `ifdef FORMAL parts dropped.
 */
#ifndef SIMTREF_VTOKENS_H
#define SIMTREF_VTOKENS_H

#include <stddef.h>

enum tok_kind { T_IDENT, T_NUMBER, T_OP };

struct token {
    enum tok_kind kind;
    size_t pos, len;        /* byte range in the source text */
    unsigned line;
    int depth;              /* ( [ { nesting before this token */
    int assign;             /* for = and <=: a procedural assignment */
    size_t lhs_start;       /* for assignments: first token of the target */
    int decl;               /* inside the range of a declaration */
};

struct source {
    char *text;
    size_t size;
    struct token *tok;
    size_t ntok, cap;
    size_t body;            /* first token after the port list's ';' */
    size_t end;             /* the token endmodule */
};

/* Print "rtlmutate: " and the message to stderr; exit 2. */
void die(const char *fmt, ...);

/* realloc, or die. */
void *xrealloc(void *p, size_t n);

/* Token i is the text word. */
int tok_is(const struct source *s, size_t i, const char *word);

/* Token i is a Verilog keyword; an identifier that is not one. */
int is_keyword(const struct source *s, size_t i);

int is_name(const struct source *s, size_t i);

/* Token index of the bracket matching the opening one at i. */
size_t match_forward(const struct source *s, size_t i);

/* Token index of the bracket opening the closing one at i. */
size_t match_backward(const struct source *s, size_t i);

/* Read and tokenize the module in path (dies on a file it cannot use). */
void load(struct source *s, const char *path);

#endif /* SIMTREF_VTOKENS_H */
