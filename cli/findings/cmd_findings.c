/*
 * cmd_findings.c -- `simtref findings`: the findings of HARP, BAWS,
 * Collange and ICS-First against simtref.
 *
 *   simtref findings [--out DIR] [--jobs N] [--cache DIR | --no-cache]
 *                    [--kernels K,...] [--seed S] [--no-plots]
 *
 * The points the findings need (findings_table.h) are planned, expanded
 * and run by compare's machinery, or read from the cache
 * (findings_points.h); the figures are computed from them and the report
 * written (findings_report.h).  The time it took goes to stderr only, so
 * that the report of the same points is the same bytes.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli_error.h"
#include "cmd_findings.h"
#include "cmd_sim.h"
#include "compare_run.h"
#include "findings_points.h"
#include "findings_report.h"
#include "make_dir.h"
#include "suite.h"
#include "synth_cache.h"

static const struct cli_option findings_options[] = {
    { "--out", NULL, CLI_TEXT, "DIR", 0, 0, false,
      "where the report goes (default findings-out)" },
    { "--jobs", "-j", CLI_NUMBER, "N", 1, 1024, false,
      "points at a time (default: the online processors)" },
    { "--cache", NULL, CLI_TEXT, "DIR", 0, 0, false,
      "the points' cache (default $XDG_CACHE_HOME/simtref/findings,\n"
      "else ~/.cache/simtref/findings)" },
    { "--no-cache", NULL, CLI_FLAG, NULL, 0, 0, false,
      "run every point, into DIR/points" },
    { "--kernels", NULL, CLI_TEXT, "K,...", 0, 0, false,
      "only these kernels of each finding's set (default: the sets\n"
      "of the papers)" },
    CMD_SIM_OPTION_SEED("each point's --seed"),
    { "--no-plots", NULL, CLI_FLAG, NULL, 0, 0, false,
      "no findings.png" },
    { NULL, NULL, CLI_FLAG, NULL, 0, 0, false, NULL }
};

const struct cli_command cmd_findings_command = {
    "findings", "[--out DIR] [--jobs N | -j N] [--cache DIR | --no-cache]\n"
    "          [--kernels K,...] [--seed S] [--no-plots]",
    "run the points the quantitative findings of HARP, BAWS,\n"
    "min(SP:PC) and ICS-First need (each a `simtref sim --json`\n"
    "process, cached under a key of what decides it), and print one\n"
    "row per finding: the published figure and section beside\n"
    "simtref's, computed from the points, whether its direction\n"
    "reproduces, the what-ifs of those that do not, and what an\n"
    "architect should conclude; write it (findings.md, .csv, .json)\n"
    "and a gnuplot PNG into DIR",
    NULL, 0, NULL, findings_options
};

static int cmdline(const char *fmt, const char *arg)
{
    return cli_usage_error(&cmd_findings_command, fmt, arg);
}

static int bad(const char *msg)
{
    fprintf(stderr, "simtref findings: %s\n", msg);
    return CLI_EXIT_BAD;
}

/* The --kernels list as suite bits: 0, or the exit status of a bad
 * command line. */
static int kernel_list(const char *text, uint32_t *allowed)
{
    char name[COMPARE_NAME_LEN];

    *allowed = 0;
    for (const char *p = text;; p += strcspn(p, ",") + 1) {
        size_t n = strcspn(p, ",");
        const struct kernel_info *k;

        if (n == 0)
            return cmdline("%s", "--kernels: an empty item in the list");
        if (n >= sizeof name)
            return cmdline("--kernels: a name too long in '%s'", text);
        memcpy(name, p, n);
        name[n] = '\0';
        if (!(k = kernel_find(name))) {
            fprintf(stderr, "simtref findings: --kernels: no kernel '%s' in "
                    "the suite (simtref kernel list names them)\n", name);
            return CLI_EXIT_CMDLINE;
        }
        *allowed |= (uint32_t)1 << compare_kernel_rank(k->name);
        if (p[n] == '\0')
            return 0;
    }
}

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int cmd_findings(const struct cli_args *a)
{
    const char *out = cli_text(a, "--out") ? cli_text(a, "--out")
                      : "findings-out";
    const char *kernels = cli_text(a, "--kernels");
    struct findings_report_request rep = { out, !cli_flag(a, "--no-plots"),
                                           cli_text(a, "--seed"), kernels };
    struct findings_run_request rq;
    struct findings_plan *pl;
    char exe[PATH_MAX], cache[PATH_MAX], abs[PATH_MAX], logdir[PATH_MAX];
    char err[COMPARE_ERR_LEN];
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    uint32_t allowed = 0xffffffffu;
    double t0 = now();
    int rc;

    if (cli_flag(a, "--cache") && cli_flag(a, "--no-cache"))
        return cmdline("%s", "--cache DIR and --no-cache exclude each other");
    if (kernels && (rc = kernel_list(kernels, &allowed)) != 0)
        return rc;
    memset(&rq, 0, sizeof rq);
    rq.jobs = (unsigned)cli_number(a, "--jobs", ncpu > 0 ? (unsigned long)ncpu
                                   : 1);
    rq.seed = cli_text(a, "--seed");
    rq.reuse = !cli_flag(a, "--no-cache");
    compare_self_path(a->argv0, exe, sizeof exe);
    rq.exe = exe;
    if (cli_flag(a, "--no-cache"))
        rc = (size_t)snprintf(cache, sizeof cache, "%s/points", out)
             < sizeof cache ? 0 : -1;
    else if (cli_text(a, "--cache"))
        rc = (size_t)snprintf(cache, sizeof cache, "%s",
                              cli_text(a, "--cache")) < sizeof cache ? 0 : -1;
    else if ((rc = synth_cache_default_dir(cache, sizeof cache - 16)) == 0)
        strcat(cache, "/findings");
    else
        return bad("no cache directory: neither XDG_CACHE_HOME nor HOME is "
                   "an absolute path (give --cache DIR or --no-cache)");
    if (rc != 0 || compare_absolute_path(cache, abs, sizeof abs) != 0
        || compare_absolute_path(out, logdir, sizeof logdir) != 0)
        return bad("a directory's name is too long");
    rq.cache = abs;
    rq.logdir = logdir;
    if (!(pl = calloc(1, sizeof *pl)))
        return bad("out of memory");
    if (findings_plan_build(pl, allowed, err, sizeof err) != 0
        || make_dir(out, err, sizeof err) != 0
        || make_dir(abs, err, sizeof err) != 0
        || findings_plan_run(pl, &rq, err, sizeof err) != 0
        || findings_report(pl, &rep, stdout, err, sizeof err) != 0) {
        findings_plan_free(pl);
        free(pl);
        return bad(err);
    }
    fprintf(stderr, "simtref findings: %zu points (%zu run, %zu from the "
            "cache %s) in %.1f s; the report in %s/\n", pl->run + pl->reused,
            pl->run, pl->reused, abs, now() - t0, out);
    findings_plan_free(pl);
    free(pl);
    return 0;
}
