/*
 * cmd_compare.c -- `simtref compare`: the architect's matrix.
 *
 *   simtref compare [matrix options] [--out DIR] [--jobs N] [--no-plots]
 *   simtref compare [matrix options] --emit-jobs DIR
 *   simtref compare --merge DIR [--out DIR] [--no-plots]
 *
 * The matrix (compare_matrix.h) is checked and expanded into one
 * `simtref sim --json` command per point; the points run in parallel
 * (compare_run.h), or their commands are printed for a batch system; the
 * JSON files the points write are read back (compare_points.h) and the
 * tables and plots made from them (compare_report.h).  A run and a merge
 * read the points the same way, so they print the same tables.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_error.h"
#include "cmd_compare.h"
#include "cmd_sim.h"
#include "compare_matrix.h"
#include "compare_points.h"
#include "compare_report.h"
#include "compare_run.h"
#include "make_dir.h"
#include "suite.h"

static const struct cli_option compare_options[] = {
    { "--kernels", NULL, CLI_TEXT, "K,...", 0, 0, false,
      "the kernels (default: every kernel of the suite)" },
    { "--modes", NULL, CLI_TEXT, "M,...", 0, 0, false,
      "reconvergence modes: sbr, harp, minpc, ics-first (default:\n"
      "each configuration's own)" },
    { "--schedulers", NULL, CLI_TEXT, "S,...", 0, 0, false,
      "lrr, gto, tls, mwf_lrr, mwf_gto, saws (default: the\n"
      "configuration's)" },
    { "--fetch", NULL, CLI_TEXT, "F,...", 0, 0, false,
      "lrr, cff, fef (default: the configuration's)" },
    { "--preset", NULL, CLI_TEXT, "P,...", 0, 0, true,
      "shipped presets (default fermi-harp); FILEs add configurations" },
    CLI_OPTION_SET,
    { "--sweep", NULL, CLI_TEXT, "KEY[+KEY...]=V1,V2,...", 0, 0, false,
      "the values of a key, or of keys swept together" },
    { "--size", NULL, CLI_TEXT, "KERNEL=N", 0, 0, true,
      "a kernel's problem size" },
    CMD_SIM_OPTION_GRID("each point's --grid"),
    CMD_SIM_OPTION_BLOCK("each point's --block"),
    CMD_SIM_OPTION_SEED("each point's --seed"),
    CMD_SIM_OPTION_MAX_CYCLES("each point's --max-cycles"),
    { "--out", NULL, CLI_TEXT, "DIR", 0, 0, false,
      "where the report goes (default compare-out; the points' files\n"
      "in DIR/points)" },
    { "--jobs", "-j", CLI_NUMBER, "N", 1, 1024, false,
      "points at a time (default: the online processors)" },
    { "--no-plots", NULL, CLI_FLAG, NULL, 0, 0, false,
      "the tables only" },
    { "--emit-jobs", NULL, CLI_TEXT, "DIR", 0, 0, false,
      "print the command of each point instead, writing its JSON into\n"
      "DIR, and write DIR/matrix.txt" },
    { "--merge", NULL, CLI_TEXT, "DIR", 0, 0, false,
      "the tables and plots of the points listed in DIR/matrix.txt\n"
      "(takes only --out and --no-plots)" },
    { NULL, NULL, CLI_FLAG, NULL, 0, 0, false, NULL }
};

const struct cli_command cmd_compare_command = {
    "compare", "[--kernels K,...] [--modes M,...] [--schedulers S,...]\n"
    "          [--fetch F,...] [--preset P,...] [FILE]... [--set KEY=VALUE]...\n"
    "          [--sweep KEY[+KEY...]=V1,V2,...] [--size KERNEL=N]...\n"
    "          [--grid N] [--block N] [--seed S] [--max-cycles N]\n"
    "          [--out DIR] [--jobs N | -j N] [--no-plots]\n"
    "          | --emit-jobs DIR | --merge DIR",
    "run the matrix kernels x modes x schedulers x fetch policies x\n"
    "configurations (x the values of a swept key, or of keys swept\n"
    "together as KEY1+KEY2), each point a `simtref sim --json`\n"
    "process, N at a time (a progress bar on a terminal); print a\n"
    "Markdown table of IPC and of the speedups over sbr and over lrr\n"
    "with geometric means per kernel class, and write it (compare.md),\n"
    "every point (compare.csv, compare.json) and gnuplot PNGs into\n"
    "DIR.  Interrupted (SIGINT, SIGTERM), it stops its points",
    "configuration file", COMPARE_MAX_CONFIGS, NULL, compare_options
};

enum { MAX_LISTS = 64 };

/* The command line of compare. */
struct compare_opts {
    struct compare_matrix m;   /* the matrix asked for */
    const char *out;           /* --out DIR */
    const char *emit;          /* --emit-jobs DIR */
    const char *merge;         /* --merge DIR */
    bool jobs;                 /* --jobs N given */
    unsigned long njobs;       /* its N */
    bool no_plots;             /* --no-plots */
    bool matrix_given;         /* any matrix option */
    const char *const *size_args; /* each --size KERNEL=N */
    size_t nsize_args;
    char *owned[MAX_LISTS];    /* copies of the lists, split in place */
    size_t nowned;
};

static int cmdline(const char *fmt, const char *arg)
{
    return cli_usage_error(&cmd_compare_command, fmt, arg);
}

/* Split the comma-separated list into items (a copy, kept in o), at most
 * max.  0, or the exit status of a bad command line. */
static int split_list(struct compare_opts *o, const char *opt,
                      const char *text, const char **items, size_t *n,
                      size_t max)
{
    char *copy, *p, *comma;

    if (o->nowned == MAX_LISTS)
        return cmdline("too many lists ('%s')", opt);
    if (!(copy = strdup(text)))
        return cmdline("out of memory (%s)", opt);
    o->owned[o->nowned++] = copy;
    for (p = copy;; p = comma + 1) {
        comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (*p == '\0')
            return cmdline("an empty item in the list of %s", opt);
        if (*n == max)
            return cmdline("too many items in the list of %s", opt);
        items[(*n)++] = p;
        if (!comma)
            return 0;
    }
}

/* A list of mode, scheduler or fetch policy names into their indices. */
static int name_list(struct compare_opts *o, const char *opt,
                     const char *text, int (*index)(const char *),
                     const char *accepted, int *out, size_t *n, size_t max)
{
    const char *items[MAX_LISTS];
    size_t k = 0;
    int rc;

    if (*n)
        return cmdline("option '%s' given twice", opt);
    if ((rc = split_list(o, opt, text, items, &k, max)) != 0)
        return rc;
    for (size_t i = 0; i < k; i++) {
        int v = index(items[i]);
        if (v < 0) {
            fprintf(stderr, "simtref compare: %s: unknown name '%s' (one of "
                    "%s)\n", opt, items[i], accepted);
            return CLI_EXIT_CMDLINE;
        }
        for (size_t j = 0; j < *n; j++)
            if (out[j] == v)
                return cmdline("'%s' is listed twice", items[i]);
        out[(*n)++] = v;
    }
    return 0;
}

/* A decimal number, digits only. */
static bool digits(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

static int parse_sweep(struct compare_opts *o, const char *text)
{
    const char *eq = strchr(text, '=');
    size_t klen = eq ? (size_t)(eq - text) : 0;
    unsigned nkeys = 0;

    if (o->m.sweep_key[0])
        return cmdline("option '%s' given twice", "--sweep");
    if (!eq || klen == 0 || eq[1] == '\0')
        return cmdline("--sweep '%s': expected KEY=V1,V2,...", text);
    if (klen >= sizeof o->m.sweep_key)
        return cmdline("--sweep '%s': key too long", text);
    memcpy(o->m.sweep_key, text, klen);
    o->m.sweep_key[klen] = '\0';
    for (const char *k = o->m.sweep_key; *k; k += strcspn(k, "+")
         + (k[strcspn(k, "+")] == '+')) {
        size_t len = strcspn(k, "+");
        if (len == 0 || ++nkeys > COMPARE_MAX_SWEPT)
            return cmdline("--sweep '%s': expected KEY or KEY1+KEY2 (at "
                           "most 4 keys) before '='", text);
        if ((len == 13 && strncmp(k, "reconvergence", len) == 0)
            || (len == 9 && strncmp(k, "scheduler", len) == 0)
            || (len == 5 && strncmp(k, "fetch", len) == 0))
            return cmdline("--sweep %s: use --modes, --schedulers or --fetch",
                           o->m.sweep_key);
    }
    return split_list(o, "--sweep", eq + 1, o->m.values, &o->m.nvalues,
                      COMPARE_MAX_VALUES);
}

static int parse(const struct cli_args *a, struct compare_opts *o)
{
    static const char *const mode_names = "sbr, harp, minpc, ics-first";
    static const char *const sched_names =
        "lrr, gto, tls, mwf_lrr, mwf_gto, saws";
    static const char *const fetch_names = "lrr, cff, fef";
    static const char *const matrix_options[] = {
        "--kernels", "--modes", "--schedulers", "--fetch", "--preset",
        "--set", "--sweep", "--size", "--grid", "--block", "--seed",
        "--max-cycles", NULL
    };
    const char *const *presets, *v;
    size_t npresets;
    int rc = 0;

    o->matrix_given = a->n_operands > 0;
    for (size_t i = 0; matrix_options[i]; i++)
        o->matrix_given |= cli_flag(a, matrix_options[i]);
    for (size_t i = 0; i < a->n_operands; i++) {
        o->m.config_is_file[o->m.nconfigs] = 1;
        o->m.configs[o->m.nconfigs++] = a->operands[i];
    }
    o->out = cli_text(a, "--out");
    o->emit = cli_text(a, "--emit-jobs");
    o->merge = cli_text(a, "--merge");
    o->jobs = cli_flag(a, "--jobs");
    o->njobs = cli_number(a, "--jobs", 0);
    o->no_plots = cli_flag(a, "--no-plots");
    if ((v = cli_text(a, "--kernels")))
        rc = split_list(o, "--kernels", v, o->m.kernels, &o->m.nkernels,
                        COMPARE_MAX_KERNELS);
    if (rc == 0 && (v = cli_text(a, "--modes")))
        rc = name_list(o, "--modes", v, compare_mode_index, mode_names,
                       o->m.modes, &o->m.nmodes, COMPARE_N_MODES);
    if (rc == 0 && (v = cli_text(a, "--schedulers")))
        rc = name_list(o, "--schedulers", v, compare_sched_index,
                       sched_names, o->m.scheds, &o->m.nscheds,
                       COMPARE_N_SCHEDS);
    if (rc == 0 && (v = cli_text(a, "--fetch")))
        rc = name_list(o, "--fetch", v, compare_fetch_index, fetch_names,
                       o->m.fetches, &o->m.nfetches, COMPARE_N_FETCH);
    presets = cli_values(a, "--preset", &npresets);
    for (size_t i = 0; rc == 0 && i < npresets; i++) {
        size_t before = o->m.nconfigs;
        rc = split_list(o, "--preset", presets[i], o->m.configs,
                        &o->m.nconfigs, COMPARE_MAX_CONFIGS);
        for (size_t k = before; k < o->m.nconfigs; k++)
            o->m.config_is_file[k] = 0;
    }
    o->m.set = cli_values(a, "--set", &o->m.nset);
    if (rc == 0 && (v = cli_text(a, "--sweep")))
        rc = parse_sweep(o, v);
    o->size_args = cli_values(a, "--size", &o->nsize_args);
    o->m.grid = cli_text(a, "--grid");
    o->m.block = cli_text(a, "--block");
    o->m.seed = cli_text(a, "--seed");
    o->m.max_cycles = cli_text(a, "--max-cycles");
    return rc;
}

/* The --size KERNEL=N options onto the matrix's kernels. */
static int apply_sizes(struct compare_opts *o)
{
    for (size_t i = 0; i < o->nsize_args; i++) {
        const char *a = o->size_args[i], *eq = strchr(a, '=');
        size_t k;

        if (!eq || eq == a || !digits(eq + 1))
            return cmdline("--size '%s': expected KERNEL=N", a);
        for (k = 0; k < o->m.nkernels; k++)
            if (strlen(o->m.kernels[k]) == (size_t)(eq - a)
                && strncmp(o->m.kernels[k], a, (size_t)(eq - a)) == 0)
                break;
        if (k == o->m.nkernels)
            return cmdline("--size '%s': the kernel is not in the matrix",
                           a);
        if (o->m.sizes[k])
            return cmdline("--size '%s': a second size for the kernel", a);
        o->m.sizes[k] = eq + 1;
    }
    return 0;
}

static int bad(const char *msg)
{
    fprintf(stderr, "simtref compare: %s\n", msg);
    return CLI_EXIT_BAD;
}

/* The report of the points in dir, into o->out. */
static int report(const struct compare_opts *o, const char *dir)
{
    struct compare_points ps;
    struct compare_report_request rq = { o->out ? o->out : "compare-out",
                                         !o->no_plots };
    char err[COMPARE_ERR_LEN];
    int rc;

    if (make_dir(rq.outdir, err, sizeof err) != 0)
        return bad(err);
    if (compare_points_load(&ps, dir, err, sizeof err) != 0)
        return bad(err);
    rc = compare_report(&ps, &rq, stdout, err, sizeof err);
    compare_points_free(&ps);
    return rc == 0 ? 0 : bad(err);
}

/* Run the matrix's points, then report them. */
static int run(struct compare_opts *o, const char *exe)
{
    const char *out = o->out ? o->out : "compare-out";
    char points[PATH_MAX], abs[PATH_MAX], err[COMPARE_ERR_LEN];
    struct compare_run_request rq;
    struct compare_jobs jobs;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    int rc;

    memset(&rq, 0, sizeof rq);
    rq.jobs = ncpu > 0 ? (unsigned)ncpu : 1;
    if (o->jobs)
        rq.jobs = (unsigned)o->njobs;
    if ((size_t)snprintf(points, sizeof points, "%s/points", out)
        >= sizeof points || compare_absolute_path(points, abs, sizeof abs) != 0)
        return bad("the output directory's name is too long");
    if (compare_matrix_expand(&o->m, exe, abs, &jobs, stderr, err,
                              sizeof err) != 0)
        return bad(err);
    if (make_dir(abs, err, sizeof err) != 0) {
        compare_jobs_free(&jobs);
        return bad(err);
    }
    rq.progress = isatty(STDERR_FILENO) ? stderr : NULL;
    rq.failures = stderr;
    rq.logdir = abs;
    rc = compare_run(&jobs, &rq, err, sizeof err);
    if (rc == 0)
        rc = compare_matrix_write(&jobs, abs, o->m.sweep_key, err,
                                  sizeof err);
    compare_jobs_free(&jobs);
    if (rc != 0)
        return bad(err);
    return report(o, abs);
}

/* Print the points' commands, each writing its JSON into o->emit. */
static int emit(struct compare_opts *o, const char *exe)
{
    char abs[PATH_MAX], err[COMPARE_ERR_LEN];
    struct compare_jobs jobs;
    int rc;

    if (compare_absolute_path(o->emit, abs, sizeof abs) != 0)
        return bad("the --emit-jobs directory's name is too long");
    if (compare_matrix_expand(&o->m, exe, abs, &jobs, stderr, err,
                              sizeof err) != 0)
        return bad(err);
    if (make_dir(abs, err, sizeof err) != 0) {
        compare_jobs_free(&jobs);
        return bad(err);
    }
    for (size_t i = 0; i < jobs.n; i++)
        compare_job_command(&jobs.j[i], stdout);
    rc = compare_matrix_write(&jobs, abs, o->m.sweep_key, err, sizeof err);
    compare_jobs_free(&jobs);
    /* standard output is checked as every command's is (cli_error.h) */
    return rc == 0 ? 0 : bad(err);
}

int cmd_compare(const struct cli_args *a)
{
    struct compare_opts *o = calloc(1, sizeof *o);
    char exe[PATH_MAX];
    int rc;

    if (!o)
        return bad("out of memory");
    rc = parse(a, o);
    if (rc == 0 && o->merge && (o->matrix_given || o->emit || o->jobs))
        rc = cmdline("%s", "--merge DIR takes only --out and --no-plots");
    if (rc == 0 && o->emit && (o->out || o->jobs || o->no_plots))
        rc = cmdline("%s", "--emit-jobs DIR takes no --out, --jobs or "
                     "--no-plots (the points only run later)");
    if (rc == 0 && !o->merge) {
        if (o->m.nkernels == 0)
            for (unsigned k = 0; k < kernel_count(); k++)
                o->m.kernels[o->m.nkernels++] = kernel_at(k)->name;
        if (o->m.nconfigs == 0)
            o->m.configs[o->m.nconfigs++] = "fermi-harp";
        if (o->m.sweep_key[0] == '\0' && o->m.nvalues)
            rc = cmdline("%s", "values without a swept key");
        if (rc == 0)
            rc = apply_sizes(o);
    }
    if (rc == 0) {
        compare_self_path(a->argv0, exe, sizeof exe);
        rc = o->merge ? report(o, o->merge)
             : o->emit ? emit(o, exe) : run(o, exe);
    }
    for (size_t i = 0; i < o->nowned; i++)
        free(o->owned[i]);
    free(o);
    return rc;
}
