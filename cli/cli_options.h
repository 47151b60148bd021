/*
 * cli_options.h -- the options of every subcommand of simtref, as tables,
 * and the one parser that reads a command line against them.
 *
 * A command declares its options once (name, kind, range, whether it may
 * be repeated, help text); the parser checks the command line against
 * that table and the usage printed by `simtref CMD --help` (and by
 * `simtref --help`, which the man page is made from) is written from the
 * same table.  A value follows its option as the next word, or in the
 * same word as getopt_long() allows: "--grid=4", "-j2", "-oOUT.elf".
 * Every bad command line is reported the same way:
 *
 *   simtref CMD: unknown option '--x' (see simtref CMD --help)
 *   simtref CMD: option '--grid' needs a value (see ...)
 *   simtref CMD: option '--quiet' takes no value (see ...)
 *   simtref CMD: --grid '0': not an integer from 1 to 65535 (see ...)
 *   simtref CMD: option '--out' is given more than once (see ...)
 *
 * and exits with CLI_EXIT_CMDLINE (cli_error.h).
 */
#ifndef SIMTREF_CLI_OPTIONS_H
#define SIMTREF_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What an option takes. */
enum cli_kind {
    CLI_FLAG,       /* nothing: present or not */
    CLI_TEXT,       /* a value: any text that is not empty */
    CLI_NUMBER      /* a value: a decimal integer in [lo, hi] */
};

/* One option of a command. */
struct cli_option {
    const char *name;        /* its spelling: "--grid"; NULL ends a table */
    const char *alias;       /* another spelling ("-j", "-o"), or NULL */
    enum cli_kind kind;      /* what it takes */
    const char *value;       /* the value's name in the usage ("N",
                                "FILE"); NULL for a flag */
    unsigned long lo, hi;    /* CLI_NUMBER: the values accepted */
    bool repeatable;         /* may be given more than once, each kept in
                                order; otherwise a second is an error */
    const char *help;        /* what it does (lines joined by '\n') */
};

/* A command (or a subcommand of one: "kernel build"). */
struct cli_command {
    const char *name;              /* "sim", "kernel build" */
    const char *synopsis;          /* the usage line after the name */
    const char *about;             /* what the command does ('\n' joins
                                      lines) */
    const char *operand;           /* what an operand is, for messages:
                                      "configuration file"; NULL when the
                                      command takes none */
    unsigned max_operands;         /* operands accepted */
    const char *rest;              /* non-NULL: the arguments after "--"
                                      are kept apart (a->rest) and this
                                      names them in the usage */
    const struct cli_option *options; /* the table, ended by a NULL name */
};

/* The options every command that reads a configuration takes alike. */
#define CLI_OPTION_PRESET(what) \
    { "--preset", NULL, CLI_TEXT, "NAME", 0, 0, false, \
      "start from the shipped preset NAME " what }
#define CLI_OPTION_SET \
    { "--set", NULL, CLI_TEXT, "KEY=VALUE", 0, 0, true, \
      "change one key as if written last in the configuration" }

enum { CLI_MAX_OPTIONS = 32 };     /* options in one command's table */

/* What one option of the table was given. */
struct cli_given {
    const char **values;     /* its values in order (malloc'd; NULL when
                                not given); a flag's "values" are its
                                spellings */
    size_t n;                /* how many times it was given */
    unsigned long number;    /* CLI_NUMBER: the last value */
};

/* A parsed command line. */
struct cli_args {
    const struct cli_command *cmd;           /* the table it was read by */
    const char *argv0;                       /* the program, as invoked */
    struct cli_given given[CLI_MAX_OPTIONS]; /* by index in cmd->options */
    const char **operands;                   /* the operands (malloc'd) */
    size_t n_operands;
    char **rest;                             /* after "--" (cmd->rest) */
    size_t n_rest;
    bool help;                               /* --help was given */
};

/*
 * Parse argv[first..argc) for cmd into a.  Returns 0 (a->help tells
 * whether --help was asked for; the caller prints cli_usage()), or
 * CLI_EXIT_CMDLINE after printing the message on stderr.  Free a with
 * cli_args_free() either way.
 */
int cli_parse(const struct cli_command *cmd, int argc, char **argv,
              int first, struct cli_args *a);

void cli_args_free(struct cli_args *a);

/* The option `name` (its table spelling): how many times it was given. */
size_t cli_count(const struct cli_args *a, const char *name);

/* Its last value, or NULL when not given (or 1 / NULL for a flag). */
const char *cli_text(const struct cli_args *a, const char *name);

/* Was the flag (or option) given? */
bool cli_flag(const struct cli_args *a, const char *name);

/* A CLI_NUMBER's value, or `fallback` when not given. */
unsigned long cli_number(const struct cli_args *a, const char *name,
                         unsigned long fallback);

/* Every value of a repeatable option, in order; *n receives the count. */
const char *const *cli_values(const struct cli_args *a, const char *name,
                              size_t *n);

/* The first operand, or NULL. */
const char *cli_operand(const struct cli_args *a);

/*
 * Report a bad command line found after parsing: "simtref CMD: " and fmt
 * with its one string argument, then the pointer to --help, on stderr.
 * Returns CLI_EXIT_CMDLINE.
 */
int cli_usage_error(const struct cli_command *cmd, const char *fmt,
                    const char *arg);

/* The usage of cmd from its table: "simtref NAME SYNOPSIS", what it
 * does, and each option with its value, range and help. */
void cli_usage(const struct cli_command *cmd, FILE *out);

#endif /* SIMTREF_CLI_OPTIONS_H */
