/*
 * cli_options.c -- the one command-line parser of simtref; see
 * cli_options.h.
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli_error.h"
#include "cli_options.h"

int cli_usage_error(const struct cli_command *cmd, const char *fmt,
                    const char *arg)
{
    fprintf(stderr, "simtref %s: ", cmd->name);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see simtref %s --help)\n", cmd->name);
    return CLI_EXIT_CMDLINE;
}

/* The index of the option spelled `word` in cmd's table, or -1. */
static int find(const struct cli_command *cmd, const char *word)
{
    for (int i = 0; cmd->options[i].name; i++)
        if (strcmp(cmd->options[i].name, word) == 0
            || (cmd->options[i].alias
                && strcmp(cmd->options[i].alias, word) == 0))
            return i;
    return -1;
}

/* The index of the option that `word` spells with its value attached,
 * or -1: "--name=VALUE" for any option, "-xVALUE" for a one-letter
 * spelling ("-j2", "-oOUT.elf"), as getopt_long() reads them.  *value
 * points into word, after the '=' or the letter.  A flag matches here
 * too, so that its caller can say it takes no value. */
static int find_attached(const struct cli_command *cmd, const char *word,
                         const char **value)
{
    for (int i = 0; cmd->options[i].name; i++) {
        const char *spell[2] = { cmd->options[i].name, cmd->options[i].alias };

        for (int j = 0; j < 2; j++) {
            size_t n = spell[j] ? strlen(spell[j]) : 0;

            if (n == 0 || strncmp(word, spell[j], n) != 0)
                continue;
            if (word[n] == '=' && spell[j][1] == '-') {
                *value = word + n + 1;
                return i;
            }
            if (word[n] != '\0' && n == 2 && spell[j][1] != '-') {
                *value = word + n;
                return i;
            }
        }
    }
    return -1;
}

/* The index of a table spelling; a name not in the table is a mistake
 * of the command's code, not of its user. */
static int index_of(const struct cli_args *a, const char *name)
{
    int i = find(a->cmd, name);

    assert(i >= 0 && "option not in the command's table");
    return i;
}

/* A decimal integer in [lo, hi], digits only. */
static int number(const struct cli_command *cmd, const struct cli_option *o,
                  const char *text, unsigned long *out)
{
    char *end = (char *)text;
    unsigned long v = 0;

    errno = 0;
    if (text[0] >= '0' && text[0] <= '9')
        v = strtoul(text, &end, 10);
    if (end == text || *end != '\0' || errno == ERANGE || v < o->lo
        || v > o->hi) {
        fprintf(stderr, "simtref %s: %s '%s': not an integer from %lu to "
                "%lu (see simtref %s --help)\n", cmd->name, o->name, text,
                o->lo, o->hi, cmd->name);
        return CLI_EXIT_CMDLINE;
    }
    *out = v;
    return 0;
}

/* Keep one more value of option i (room for every argument). */
static int keep(struct cli_args *a, int i, const char *value, int argc)
{
    struct cli_given *g = &a->given[i];

    if (!g->values && !(g->values = calloc((size_t)argc, sizeof *g->values)))
        return cli_usage_error(a->cmd, "%s", "out of memory");
    g->values[g->n++] = value;
    return 0;
}

int cli_parse(const struct cli_command *cmd, int argc, char **argv,
              int first, struct cli_args *a)
{
    bool options_end = false;
    int rc;

    memset(a, 0, sizeof *a);
    for (int i = 0; cmd->options[i].name; i++)
        assert(i < CLI_MAX_OPTIONS && "a table longer than CLI_MAX_OPTIONS");
    a->cmd = cmd;
    a->argv0 = argv[0];
    a->operands = calloc((size_t)argc + 1, sizeof *a->operands);
    if (!a->operands)
        return cli_usage_error(cmd, "%s", "out of memory");
    for (int i = first; i < argc; i++) {
        const char *w = argv[i];
        const struct cli_option *o;
        const char *attached;   /* the value in the same word, or NULL */
        int k;

        if (!options_end && strcmp(w, "--") == 0) {
            options_end = true;
            if (cmd->rest) {
                a->rest = argv + i + 1;
                a->n_rest = (size_t)(argc - i - 1);
                break;
            }
            continue;
        }
        if (w[0] == '\0')
            return cli_usage_error(cmd, "%s", "an empty argument is not a "
                                   "file name");
        if (options_end || w[0] != '-' || w[1] == '\0') {
            if (!cmd->operand)
                return cli_usage_error(cmd, "unexpected argument '%s' (the "
                                       "command takes options only)", w);
            if (a->n_operands == cmd->max_operands) {
                char most[24] = "one";
                if (cmd->max_operands > 1)
                    snprintf(most, sizeof most, "%u", cmd->max_operands);
                fprintf(stderr, "simtref %s: more than %s %s%s: '%s' (see "
                        "simtref %s --help)\n", cmd->name, most,
                        cmd->operand, cmd->max_operands == 1 ? "" : "s", w,
                        cmd->name);
                return CLI_EXIT_CMDLINE;
            }
            a->operands[a->n_operands++] = w;
            continue;
        }
        if (strcmp(w, "--help") == 0) {
            a->help = true;
            return 0;
        }
        attached = NULL;
        if ((k = find(cmd, w)) < 0
            && (k = find_attached(cmd, w, &attached)) < 0)
            return cli_usage_error(cmd, "unknown option '%s'", w);
        o = &cmd->options[k];
        if (a->given[k].n && !o->repeatable)
            return cli_usage_error(cmd, "option '%s' is given more than once",
                                   o->name);
        if (o->kind == CLI_FLAG) {
            if (attached)
                return cli_usage_error(cmd, "option '%s' takes no value",
                                       o->name);
            if ((rc = keep(a, k, w, argc)) != 0)
                return rc;
            continue;
        }
        if (attached) {
            if (o->kind == CLI_TEXT && attached[0] == '\0')
                return cli_usage_error(cmd, "option '%s' needs a value",
                                       o->name);
            w = attached;
        } else {
            if (i + 1 >= argc
                || (o->kind == CLI_TEXT && argv[i + 1][0] == '\0'))
                return cli_usage_error(cmd, "option '%s' needs a value", w);
            w = argv[++i];
        }
        if (o->kind == CLI_NUMBER
            && (rc = number(cmd, o, w, &a->given[k].number)) != 0)
            return rc;
        if ((rc = keep(a, k, w, argc)) != 0)
            return rc;
    }
    return 0;
}

void cli_args_free(struct cli_args *a)
{
    for (size_t i = 0; i < CLI_MAX_OPTIONS; i++)
        free(a->given[i].values);
    free(a->operands);
    memset(a, 0, sizeof *a);
}

size_t cli_count(const struct cli_args *a, const char *name)
{
    return a->given[index_of(a, name)].n;
}

const char *cli_text(const struct cli_args *a, const char *name)
{
    const struct cli_given *g = &a->given[index_of(a, name)];

    return g->n ? g->values[g->n - 1] : NULL;
}

bool cli_flag(const struct cli_args *a, const char *name)
{
    return cli_count(a, name) > 0;
}

unsigned long cli_number(const struct cli_args *a, const char *name,
                         unsigned long fallback)
{
    const struct cli_given *g = &a->given[index_of(a, name)];

    return g->n ? g->number : fallback;
}

const char *const *cli_values(const struct cli_args *a, const char *name,
                              size_t *n)
{
    const struct cli_given *g = &a->given[index_of(a, name)];

    *n = g->n;
    return g->values;
}

const char *cli_operand(const struct cli_args *a)
{
    return a->n_operands ? a->operands[0] : NULL;
}

enum { USAGE_WIDTH = 79, OPT_COLUMN = 30 };

/* The words of text (newlines are spaces), wrapped to USAGE_WIDTH with
 * `indent` spaces before each line; the first line starts at column
 * `at` (the caller printed that much). */
static void wrap(FILE *out, const char *text, int indent, int at)
{
    int col = at;
    bool line_empty = true;

    for (const char *p = text; *p;) {
        size_t n;
        while (*p == ' ' || *p == '\n')
            p++;
        if (!*p)
            break;
        n = strcspn(p, " \n");
        if (!line_empty && col + 1 + (int)n > USAGE_WIDTH) {
            fputc('\n', out);
            col = 0;
            line_empty = true;
        }
        if (line_empty) {
            fprintf(out, "%*s", indent - col, "");
            col = indent;
        } else {
            fputc(' ', out);
            col++;
        }
        fprintf(out, "%.*s", (int)n, p);
        col += (int)n;
        line_empty = false;
        p += n;
    }
    fputc('\n', out);
}

void cli_usage(const struct cli_command *cmd, FILE *out)
{
    fprintf(out, "\n  %s%s%s\n", cmd->name, cmd->synopsis[0] ? " " : "",
            cmd->synopsis);
    wrap(out, cmd->about, 6, 0);
    if (cmd->options[0].name || cmd->rest)
        fputc('\n', out);
    for (const struct cli_option *o = cmd->options; o->name; o++) {
        char head[128], help[1024];
        int n = snprintf(head, sizeof head, "      %s%s%s%s%s", o->name,
                         o->alias ? ", " : "", o->alias ? o->alias : "",
                         o->value ? " " : "", o->value ? o->value : "");
        size_t len = (size_t)snprintf(help, sizeof help, "%s",
                                      o->help ? o->help : "");

        if (o->kind == CLI_NUMBER && len < sizeof help)
            len += (size_t)snprintf(help + len, sizeof help - len,
                                    " (%lu to %lu)", o->lo, o->hi);
        if (o->repeatable && len < sizeof help)
            snprintf(help + len, sizeof help - len, " (repeatable)");
        fputs(head, out);
        if (n + 2 > OPT_COLUMN) {
            fputc('\n', out);
            n = 0;
        }
        wrap(out, help, OPT_COLUMN, n);
    }
    if (cmd->rest) {
        fprintf(out, "      %-*s", OPT_COLUMN - 6, "-- ...");
        wrap(out, cmd->rest, OPT_COLUMN, OPT_COLUMN);
    }
}
