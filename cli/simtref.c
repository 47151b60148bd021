/*
 * simtref.c -- the command-line tool.
 *
 *   simtref config (--preset NAME | FILE) [--set KEY=VALUE]... [--get KEY]
 *   simtref config --keys
 *   simtref rtl    (--preset NAME | FILE) [--set KEY=VALUE]... --out DIR
 *                  [--defect NAME]
 *   simtref area   [--preset NAME | FILE] [--set KEY=VALUE]... [--workdir DIR]
 *                  [--csv FILE] [--json FILE] [--jobs N]
 *                  [--cache DIR | --no-cache]
 *   simtref area   [--preset NAME | FILE] [--set KEY=VALUE]... --sweep
 *                  [--out DIR] [--no-plots]
 *   simtref registry [--make]
 *
 * Every subcommand reads one configuration (a shipped preset or a user's
 * file) through config_load(), then applies each --set in order through
 * config_set_args(), so a bad file or setting is reported the same way
 * everywhere: "file:line: message" (or "--set KEY=VALUE: message") on
 * stderr and exit status 1.  A bad command line exits with status 2.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "area_report.h"
#include "cmd_cfg.h"
#include "cmd_compare.h"
#include "cmd_disasm.h"
#include "cmd_kernel.h"
#include "cmd_sim.h"
#include "config.h"
#include "registry.h"
#include "rtlgen.h"
#include "synth_cache.h"

enum { EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

static const char usage_text[] =
    "usage: simtref <command> [options]\n"
    "\n"
    "commands:\n"
    "  config (--preset NAME | FILE) [--set KEY=VALUE]... [--get KEY]\n"
    "      validate a configuration and print its resolved parameters\n"
    "      (or the value of one key); keys of another reconvergence mode\n"
    "      are marked unused\n"
    "  config --keys\n"
    "      every configuration key, its values and meaning (Markdown)\n"
    "  rtl (--preset NAME | FILE) [--set KEY=VALUE]... --out DIR [--defect NAME]\n"
    "      write the generated Verilog of every structure into DIR\n"
    "  area [--preset NAME | FILE] [--set KEY=VALUE]... [--workdir DIR]\n"
    "       [--csv FILE] [--json FILE] [--jobs N] [--cache DIR | --no-cache]\n"
    "      price the HARP tables of Table 7 with the array model and\n"
    "      synthesize each structure onto the cell library; print storage\n"
    "      bits and areas beside the published figures (Markdown), and\n"
    "      write the same figures as CSV and JSON on request\n"
    "      (default preset: " AREA_DEFAULT_PRESET ")\n"
    "      --jobs N: Yosys runs at a time (default: the online processors)\n"
    "      --cache DIR: reuse the Yosys runs of an unchanged module and flow\n"
    "      (default $XDG_CACHE_HOME/simtref, else ~/.cache/simtref);\n"
    "      --no-cache: always run Yosys\n"
    "  area [--preset NAME | FILE] [--set KEY=VALUE]... --sweep [--out DIR]\n"
    "       [--no-plots]\n"
    "      area against the RBT, Second-Level and lookup sizes and the\n"
    "      SIMD width; a table per sweep and a PNG plot per sweep in DIR\n"
    "      (default docs)\n"
    "  registry [--make]\n"
    "      the structures, where each exists, and the defects; with --make\n"
    "      the build's lists (mk/registry.am)\n"
    "\n"
    "--set KEY=VALUE (repeatable) changes one key as if written last in the\n"
    "configuration file.\n";

/* The usage text, then the presets from the one list of them. */
static void print_usage(FILE *out)
{
    fputs(usage_text, out);
    fputs(cmd_cfg_usage, out);
    fputs(cmd_disasm_usage, out);
    fputs(cmd_kernel_usage, out);
    fputs(cmd_sim_usage, out);
    fputs(cmd_compare_usage, out);
    fputs("presets:", out);
    for (size_t i = 0; config_preset_names[i]; i++)
        fprintf(out, "%s %s", i ? "," : "", config_preset_names[i]);
    fputc('\n', out);
}

enum { MAX_SETS = 64 };

/* What the options of a subcommand asked for. */
struct options {
    const char *preset;
    const char *file;
    const char *get;
    const char *out;
    const char *defect;
    const char *workdir;
    const char *csv;
    const char *json;
    const char *sweep;      /* flags: non-NULL when given */
    const char *no_plots;
    const char *keys;
    const char *make;
    const char *set[MAX_SETS];  /* each --set KEY=VALUE, in order */
    size_t nset;
    const char *jobs;       /* area: Yosys runs at a time */
    const char *cache;      /* area: the synthesis cache directory */
    const char *no_cache;   /* flag */
};

/* Does the space-separated word list `allowed` hold `word`? */
static int allows(const char *allowed, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = allowed; (p = strstr(p, word)) != NULL; p += n) {
        int starts = p == allowed || p[-1] == ' ';
        int ends = p[n] == '\0' || p[n] == ' ';
        if (starts && ends)
            return 1;
    }
    return 0;
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("simtref: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (see simtref --help)\n", stderr);
    return EXIT_USAGE;
}

/*
 * Parse argv[first..argc) into opt.  `allowed` lists the options this
 * subcommand takes, e.g. "preset get".  Returns 0 or EXIT_USAGE.
 */
static int parse_options(int argc, char **argv, int first, const char *allowed,
                         struct options *opt)
{
    static const struct {
        const char *flag;
        size_t offset;
        int takes_value;
    } known[] = {
        { "--preset",   offsetof(struct options, preset), 1 },
        { "--get",      offsetof(struct options, get), 1 },
        { "--out",      offsetof(struct options, out), 1 },
        { "--defect",   offsetof(struct options, defect), 1 },
        { "--workdir",  offsetof(struct options, workdir), 1 },
        { "--csv",      offsetof(struct options, csv), 1 },
        { "--json",     offsetof(struct options, json), 1 },
        { "--sweep",    offsetof(struct options, sweep), 0 },
        { "--no-plots", offsetof(struct options, no_plots), 0 },
        { "--keys",     offsetof(struct options, keys), 0 },
        { "--make",     offsetof(struct options, make), 0 },
        { "--jobs",     offsetof(struct options, jobs), 1 },
        { "--cache",    offsetof(struct options, cache), 1 },
        { "--no-cache", offsetof(struct options, no_cache), 0 },
    };

    memset(opt, 0, sizeof *opt);
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        size_t k;

        if (a[0] == '\0')
            return usage_error("%s", "an empty argument is not a file name");
        if (strcmp(a, "--set") == 0 && allows(allowed, "set")) {
            if (i + 1 >= argc)
                return usage_error("option '%s' needs a value", a);
            if (opt->nset == MAX_SETS)
                return usage_error("more than 64 --set options ('%s')",
                                   argv[i + 1]);
            opt->set[opt->nset++] = argv[++i];
            continue;
        }
        if (a[0] != '-') {
            if (opt->file)
                return usage_error("more than one configuration file: '%s'", a);
            opt->file = a;
            continue;
        }
        for (k = 0; k < sizeof known / sizeof known[0]; k++)
            if (strcmp(a, known[k].flag) == 0)
                break;
        if (k == sizeof known / sizeof known[0] || !allows(allowed, a + 2))
            return usage_error("unknown option '%s'", a);
        if (!known[k].takes_value) {
            *(const char **)((char *)opt + known[k].offset) = a;
            continue;
        }
        if (i + 1 >= argc)
            return usage_error("option '%s' needs a value", a);
        const char **slot = (const char **)((char *)opt + known[k].offset);
        if (*slot)
            return usage_error("option '%s' is given more than once", a);
        *slot = argv[++i];
    }
    if (opt->preset && opt->file)
        return usage_error("give either --preset or a file, not both ('%s')",
                           opt->file);
    return 0;
}

/* Load the configuration the options name (or the default preset). */
static int load(const struct options *opt, const char *fallback,
                struct simt_config *cfg)
{
    char err[CONFIG_ERR_LEN];
    int rc;

    if (opt->file)
        rc = config_load(opt->file, cfg, err, sizeof err);
    else if (opt->preset || fallback)
        rc = config_load_preset(opt->preset ? opt->preset : fallback, cfg,
                                err, sizeof err);
    else
        return usage_error("%s", "no configuration: give --preset NAME or a file");
    if (rc == 0)
        rc = config_set_args(cfg, opt->set, opt->nset, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "%s\n", err);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

static int cmd_config(int argc, char **argv)
{
    struct options opt;
    struct simt_config cfg;
    char value[128];
    int rc;

    if ((rc = parse_options(argc, argv, 2, "preset get set keys", &opt)) != 0)
        return rc;
    if (opt.keys) {
        if (opt.preset || opt.file || opt.get || opt.nset)
            return usage_error("%s", "--keys takes no other option");
        config_describe_keys(stdout);
        return 0;
    }
    if ((rc = load(&opt, NULL, &cfg)) != 0)
        return rc;
    if (!opt.get) {
        config_print(&cfg, stdout);
        return 0;
    }
    if (config_get(&cfg, opt.get, value, sizeof value) != 0) {
        fprintf(stderr, "simtref: configuration '%s' has no key '%s'\n",
                cfg.name, opt.get);
        return EXIT_BAD_INPUT;
    }
    printf("%s\n", value);
    return 0;
}

static int cmd_rtl(int argc, char **argv)
{
    struct options opt;
    struct simt_config cfg;
    enum rtl_defect defect = DEFECT_NONE;
    char err[CONFIG_ERR_LEN];
    struct stat st;
    int rc;

    if ((rc = parse_options(argc, argv, 2, "preset set out defect", &opt)) != 0)
        return rc;
    if (!opt.out)
        return usage_error("%s", "rtl needs --out DIR");
    if (opt.defect && rtl_defect_parse(opt.defect, &defect) != 0)
        return usage_error("unknown defect '%s'", opt.defect);
    if ((rc = load(&opt, NULL, &cfg)) != 0)
        return rc;
    if (stat(opt.out, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "simtref: %s: not a directory\n", opt.out);
        return EXIT_BAD_INPUT;
    }
    if (rtlgen_write(&cfg, opt.out, defect, err, sizeof err) != 0) {
        fprintf(stderr, "simtref: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

/*
 * The synthesis options of `simtref area` into req: --jobs N (default
 * the online processors), --cache DIR or --no-cache (default
 * synth_cache_default_dir()), and progress lines when stderr is a
 * terminal.  cache_buf holds the default directory.  0 or EXIT_USAGE.
 */
static int synthesis_options(const struct options *opt,
                             struct area_request *req, char *cache_buf,
                             size_t cache_size)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    req->jobs = n > 0 ? (unsigned)n : 1;
    if (opt->jobs) {
        char *end;
        errno = 0;
        n = strtol(opt->jobs, &end, 10);
        if (*opt->jobs == '\0' || *end != '\0' || errno != 0 || n < 1 ||
            n > 256)
            return usage_error("--jobs takes a number from 1 to 256, not "
                               "'%s'", opt->jobs);
        req->jobs = (unsigned)n;
    }
    if (opt->cache && opt->no_cache)
        return usage_error("%s", "give --cache DIR or --no-cache, not both");
    if (opt->cache)
        req->cache_dir = opt->cache;
    else if (!opt->no_cache &&
             synth_cache_default_dir(cache_buf, cache_size) == 0)
        req->cache_dir = cache_buf;
    req->progress = isatty(STDERR_FILENO) ? stderr : NULL;
    return 0;
}

static int cmd_area(int argc, char **argv)
{
    struct options opt;
    struct simt_config cfg;
    char err[CONFIG_ERR_LEN];
    struct area_request req;
    char cache_dir[4096];
    int rc;

    if ((rc = parse_options(argc, argv, 2,
                            "preset set workdir csv json sweep out no-plots "
                            "jobs cache no-cache",
                            &opt)) != 0)
        return rc;
    if (opt.sweep && (opt.csv || opt.json || opt.workdir || opt.jobs ||
                      opt.cache || opt.no_cache))
        return usage_error("%s", "--sweep takes --out and --no-plots, not "
                           "--csv, --json, --workdir, --jobs or the cache "
                           "options");
    if (!opt.sweep && (opt.out || opt.no_plots))
        return usage_error("%s", "--out and --no-plots go with --sweep");
    if ((rc = load(&opt, AREA_DEFAULT_PRESET, &cfg)) != 0)
        return rc;
    if (opt.sweep) {
        struct sweep_request sr = { opt.out ? opt.out : "docs",
                                    opt.no_plots == NULL };
        if (area_sweep(&cfg, &sr, stdout, err, sizeof err) != 0) {
            fprintf(stderr, "simtref: %s\n", err);
            return EXIT_BAD_INPUT;
        }
        return 0;
    }
    memset(&req, 0, sizeof req);
    if ((rc = synthesis_options(&opt, &req, cache_dir, sizeof cache_dir)) != 0)
        return rc;
    req.workdir = opt.workdir;
    req.csv_path = opt.csv;
    req.json_path = opt.json;
    if (area_report(&cfg, &req, stdout, err, sizeof err) != 0) {
        fprintf(stderr, "simtref: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

/* The registry: a line per structure and per defect, or the build's
 * lists. */
static int cmd_registry(int argc, char **argv)
{
    struct options opt;
    char err[CONFIG_ERR_LEN];
    int rc;

    if ((rc = parse_options(argc, argv, 2, "make", &opt)) != 0)
        return rc;
    if (opt.file)
        return usage_error("registry takes no file ('%s')", opt.file);
    if (opt.make) {
        if (registry_write_make(stdout, err, sizeof err) != 0) {
            fprintf(stderr, "simtref: %s\n", err);
            return EXIT_BAD_INPUT;
        }
        return 0;
    }
    printf("| structure | module | exists when reconvergence = | source |\n"
           "|---|---|---|---|\n");
    for (int s = 0; s < STRUCTURE_COUNT; s++) {
        const struct structure_info *si = registry_structure(s);
        printf("| %s | `%s` | ", si->title, si->module);
        for (int r = 0, n = 0; r <= RECONV_ICS_FIRST; r++)
            if (si->modes >> r & 1)
                printf("%s%s", n++ ? ", " : "",
                       config_reconvergence_name((enum reconvergence)r));
        printf(" | %s |\n", si->source);
    }
    printf("\n| defect | structure | checked on | the bug |\n"
           "|---|---|---|---|\n");
    for (int d = DEFECT_NONE + 1; d < DEFECT_COUNT; d++) {
        const struct defect_info *di = registry_defect(d);
        printf("| `%s` | %s | %s | %s |\n", di->name,
               registry_structure(di->structure)->name, di->config, di->bug);
    }
    return 0;
}

/* Is dir/rel a directory (want_dir) or a regular file? */
static int neighbour_exists(const char *dir, const char *rel, int want_dir)
{
    char path[4200];
    struct stat st;

    snprintf(path, sizeof path, "%s/%s", dir, rel);
    return stat(path, &st) == 0 && (want_dir ? S_ISDIR(st.st_mode)
                                             : S_ISREG(st.st_mode));
}

/* Set the environment variable `var` to dir/rel when it is not set. */
static void use_neighbour(const char *var, const char *dir, const char *rel)
{
    char path[4200];

    snprintf(path, sizeof path, "%s/%s", dir, rel);
    if (getenv(var) == NULL)
        setenv(var, path, 1);
}

/*
 * The data of an uninstalled tool: when the environment does not name
 * them and the executable sits at the top of its source tree (the build
 * of README's main job), the presets (configs/), the cell library
 * (synth/simtref45.lib), the kernels' start code and the built suite
 * (kernels/) beside it.  An installed tool has no such neighbours and
 * reads them under its prefix (the defaults set at build time).
 */
static void use_source_tree_data(void)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash;

    if (n <= 0)
        return;
    exe[n] = '\0';
    if ((slash = strrchr(exe, '/')) == NULL)
        return;
    *slash = '\0';
    if (!neighbour_exists(exe, "synth/simtref45.lib", 0))
        return;
    use_neighbour("SIMTREF_LIBERTY", exe, "synth/simtref45.lib");
    if (neighbour_exists(exe, "configs", 1))
        use_neighbour("SIMTREF_CONFIG_DIR", exe, "configs");
    if (neighbour_exists(exe, "kernels/crt0.S", 0)) {
        use_neighbour("SIMTREF_KERNEL_DIR", exe, "kernels");
        use_neighbour("SIMTREF_KERNEL_ELF_DIR", exe, "kernels");
    }
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } commands[] = {
        { "config", cmd_config },
        { "rtl",    cmd_rtl },
        { "area",   cmd_area },
        { "registry", cmd_registry },
        { "cfg",    cmd_cfg },
        { "disasm", cmd_disasm },
        { "kernel", cmd_kernel },
        { "sim",    cmd_sim },
        { "compare", cmd_compare },
    };

    use_source_tree_data();
    if (argc < 2) {
        print_usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
        print_usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("simtref %s\n", PACKAGE_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc, argv);
    return usage_error("unknown command '%s'", argv[1]);
}
