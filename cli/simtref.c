/*
 * simtref.c -- the command-line tool: config, rtl, area and registry
 * here, and the dispatch of every command (cfg, disasm, kernel, sim,
 * compare and findings have their own files).
 *
 * Each command declares its options in a table (cli_options.h), read by
 * the one parser, which also writes `simtref CMD --help` and `simtref
 * --help` (the man page is made from it).  Every command that reads a
 * configuration (a shipped preset or a user's file) reads it through
 * config_load(), then applies each --set in order through
 * config_set_args(), so a bad file or setting is reported the same way
 * everywhere: "file:line: message" (or "--set KEY=VALUE: message") on
 * stderr and exit status 1.  A bad command line exits with status 2
 * (cli_error.h).  Every command's standard output is checked at its end,
 * and a signal leaves no temporary or child behind (util/interrupt.h).
 */
#include <errno.h>
#include <stdbool.h>
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
#include "cmd_findings.h"
#include "cmd_kernel.h"
#include "cmd_sim.h"
#include "cli_error.h"
#include "cli_options.h"
#include "config.h"
#include "interrupt.h"
#include "make_dir.h"
#include "registry.h"
#include "rtlgen.h"
#include "synth_cache.h"

static const struct cli_option config_options[] = {
    CLI_OPTION_PRESET("(or give FILE)"),
    CLI_OPTION_SET,
    { "--get", NULL, CLI_TEXT, "KEY", 0, 0, false,
      "print the value of one key only" },
    { "--keys", NULL, CLI_FLAG, NULL, 0, 0, false,
      "every configuration key, its values and meaning (Markdown);\n"
      "takes no other option" },
    { "--modes", NULL, CLI_FLAG, NULL, 0, 0, false,
      "the control-flow modes, one name a line: every mode, or with a\n"
      "configuration those it can run under (every key of the mode\n"
      "given), so that --set reconvergence=NAME is valid" },
    { NULL, NULL, CLI_FLAG, NULL, 0, 0, false, NULL }
};

static const struct cli_command config_command = {
    "config", "(--preset NAME | FILE) [--set KEY=VALUE]... [--get KEY | --modes]\n"
    "       | --keys | --modes",
    "validate a configuration and print its resolved parameters\n"
    "(or the value of one key); keys of another reconvergence mode\n"
    "are marked unused",
    "configuration file", 1, NULL, config_options
};

static const struct cli_option rtl_options[] = {
    CLI_OPTION_PRESET("(or give FILE)"),
    CLI_OPTION_SET,
    { "--out", NULL, CLI_TEXT, "DIR", 0, 0, false,
      "the directory the modules go to (created when it does not exist)" },
    { "--defect", NULL, CLI_TEXT, "NAME", 0, 0, false,
      "plant the named defect (simtref registry lists them)" },
    { NULL, NULL, CLI_FLAG, NULL, 0, 0, false, NULL }
};

static const struct cli_command rtl_command = {
    "rtl", "(--preset NAME | FILE) [--set KEY=VALUE]... --out DIR "
    "[--defect NAME]",
    "write the generated Verilog of every structure into DIR",
    "configuration file", 1, NULL, rtl_options
};

static const struct cli_option area_options[] = {
    CLI_OPTION_PRESET("(default " AREA_DEFAULT_PRESET "; or give FILE)"),
    CLI_OPTION_SET,
    { "--workdir", NULL, CLI_TEXT, "DIR", 0, 0, false,
      "keep Yosys's files in DIR, each mapped netlist included\n"
      "(default: a temporary directory, removed at the end, and\n"
      "no netlist written)" },
    { "--csv", NULL, CLI_TEXT, "FILE", 0, 0, false,
      "write the figures as CSV ('-': standard output)" },
    { "--json", NULL, CLI_TEXT, "FILE", 0, 0, false,
      "write the figures as JSON ('-': standard output)" },
    { "--jobs", "-j", CLI_NUMBER, "N", 1, 256, false,
      "Yosys runs at a time (default: the online processors)" },
    { "--cache", NULL, CLI_TEXT, "DIR", 0, 0, false,
      "reuse the Yosys runs of an unchanged module and flow (default\n"
      "$XDG_CACHE_HOME/simtref, else ~/.cache/simtref)" },
    { "--no-cache", NULL, CLI_FLAG, NULL, 0, 0, false, "always run Yosys" },
    { "--sweep", NULL, CLI_FLAG, NULL, 0, 0, false,
      "area against the RBT, Second-Level and lookup sizes and the SIMD\n"
      "width: a table per sweep and a PNG plot per sweep in --out DIR;\n"
      "then HARP's share of the die against the SIMD width, the warps\n"
      "per scheduler and the RBT size, a table and a plot each" },
    { "--out", NULL, CLI_TEXT, "DIR", 0, 0, false,
      "with --sweep: where the plots go (default docs)" },
    { "--no-plots", NULL, CLI_FLAG, NULL, 0, 0, false,
      "with --sweep: the tables only" },
    { NULL, NULL, CLI_FLAG, NULL, 0, 0, false, NULL }
};

static const struct cli_command area_command = {
    "area", "[--preset NAME | FILE] [--set KEY=VALUE]... [--workdir DIR]\n"
    "       [--csv FILE] [--json FILE] [--jobs N] [--cache DIR | --no-cache]\n"
    "       | --sweep [--out DIR] [--no-plots]",
    "price the HARP tables of Table 7 with the array model and\n"
    "synthesize each structure onto the cell library; under harp\n"
    "also price HARP's register offsets (HARP section 8); print storage\n"
    "bits and areas beside the published figures (Markdown), and\n"
    "write the same figures as CSV and JSON on request.  Interrupted\n"
    "(SIGINT, SIGTERM), it stops Yosys and leaves no file behind",
    "configuration file", 1, NULL, area_options
};

static const struct cli_option registry_options[] = {
    { "--make", NULL, CLI_FLAG, NULL, 0, 0, false,
      "the build's lists (mk/registry.am) instead" },
    { NULL, NULL, CLI_FLAG, NULL, 0, 0, false, NULL }
};

static const struct cli_command registry_command = {
    "registry", "[--make]",
    "the structures, where each exists, the SM's parts and the defects",
    NULL, 0, NULL, registry_options
};

static const char usage_head[] =
    "usage: simtref <command> [options]\n"
    "       simtref <command> --help\n"
    "\n"
    "commands:\n";

static const char usage_tail[] =
    "Every command that reads a configuration reads one (a shipped preset\n"
    "or a file) and applies each --set KEY=VALUE in order, as if written\n"
    "last in the file.  An output FILE '-' is standard output.  Exit\n"
    "status: 0 done, 1 bad input (reported as FILE:LINE: or\n"
    "--set KEY=VALUE:) or an output that cannot be written, 2 a bad\n"
    "command line.\n";

/* The usage text, then the presets from the one list of them. */
static void print_usage(FILE *out, const struct cli_command *const *cmds)
{
    fputs(usage_head, out);
    for (size_t i = 0; cmds[i]; i++)
        cli_usage(cmds[i], out);
    fputc('\n', out);
    fputs(usage_tail, out);
    fputs("presets:", out);
    for (size_t i = 0; config_preset_names[i]; i++)
        fprintf(out, "%s %s", i ? "," : "", config_preset_names[i]);
    fputc('\n', out);
}

/* Load the configuration the options name (or the default preset). */
static int load(const struct cli_args *a, const char *fallback,
                struct simt_config *cfg)
{
    const char *preset = cli_text(a, "--preset"), *file = cli_operand(a);
    const char *const *sets;
    char err[CONFIG_ERR_LEN];
    size_t nset;
    int rc;

    if (preset && file)
        return cli_usage_error(a->cmd, "give either --preset or a file, not "
                               "both ('%s')", file);
    sets = cli_values(a, "--set", &nset);
    if (file)
        rc = config_load(file, cfg, err, sizeof err);
    else if (preset || fallback)
        rc = config_load_preset(preset ? preset : fallback, cfg, err,
                                sizeof err);
    else
        return cli_usage_error(a->cmd, "%s", "no configuration: give "
                               "--preset NAME or a file");
    if (rc == 0)
        rc = config_set_args(cfg, sets, nset, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "%s\n", err);
        return CLI_EXIT_BAD;
    }
    return 0;
}

static int cmd_config(const struct cli_args *a)
{
    struct simt_config cfg;
    const char *get = cli_text(a, "--get");
    char value[128];
    int rc;

    if (cli_flag(a, "--keys")) {
        if (cli_flag(a, "--preset") || cli_operand(a) || get
            || cli_flag(a, "--set") || cli_flag(a, "--modes"))
            return cli_usage_error(a->cmd, "%s", "--keys takes no other "
                                   "option");
        config_describe_keys(stdout);
        return 0;
    }
    if (cli_flag(a, "--modes")) {
        bool with_cfg = cli_flag(a, "--preset") || cli_operand(a)
                        || cli_flag(a, "--set");
        if (get)
            return cli_usage_error(a->cmd, "%s", "give either --get or "
                                   "--modes, not both");
        if (with_cfg && (rc = load(a, NULL, &cfg)) != 0)
            return rc;
        for (int r = 0; r < RECONV_COUNT; r++)
            if (!with_cfg || config_runs_mode(&cfg, (enum reconvergence)r))
                printf("%s\n", config_reconvergence_name((enum reconvergence)r));
        return 0;
    }
    if ((rc = load(a, NULL, &cfg)) != 0)
        return rc;
    if (!get) {
        config_print(&cfg, stdout);
        return 0;
    }
    if (config_get(&cfg, get, value, sizeof value) != 0) {
        fprintf(stderr, "simtref: configuration '%s' has no key '%s'\n",
                cfg.name, get);
        return CLI_EXIT_BAD;
    }
    printf("%s\n", value);
    return 0;
}

static int cmd_rtl(const struct cli_args *a)
{
    const char *out = cli_text(a, "--out"), *def = cli_text(a, "--defect");
    struct simt_config cfg;
    enum rtl_defect defect = DEFECT_NONE;
    char err[CONFIG_ERR_LEN];
    int rc;

    if (!out)
        return cli_usage_error(a->cmd, "%s", "rtl needs --out DIR");
    if (def && rtl_defect_parse(def, &defect) != 0)
        return cli_usage_error(a->cmd, "unknown defect '%s'", def);
    if ((rc = load(a, NULL, &cfg)) != 0)
        return rc;
    if (rtlgen_check(&cfg, defect, err, sizeof err) != 0) {
        fprintf(stderr, "simtref: %s\n", err);
        return CLI_EXIT_BAD;
    }
    if (make_dir(out, err, sizeof err) != 0) {
        fprintf(stderr, "simtref: %s\n", err);
        return CLI_EXIT_BAD;
    }
    if (rtlgen_write(&cfg, out, defect, err, sizeof err) != 0) {
        fprintf(stderr, "simtref: %s\n", err);
        return CLI_EXIT_BAD;
    }
    if (!registry_applies(STRUCTURE_SM, &cfg))
        fprintf(stderr, "simtref: note: no %s: the SM composed of its "
                "stages is written for reconvergence = sbr, minpc or ics-first with "
                "operand_read_cycles = 1 (this configuration: %s, %u)\n",
                registry_structure(STRUCTURE_SM)->file,
                config_reconvergence_name(cfg.reconvergence),
                cfg.operand_read_cycles);
    return 0;
}

/*
 * The synthesis options of `simtref area` into req: --jobs N (default
 * the online processors), --cache DIR or --no-cache (default
 * synth_cache_default_dir()), and progress lines when stderr is a
 * terminal.  cache_buf holds the default directory.  0 or CLI_EXIT_CMDLINE.
 */
static int synthesis_options(const struct cli_args *a,
                             struct area_request *req, char *cache_buf,
                             size_t cache_size)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    const char *cache = cli_text(a, "--cache");

    req->jobs = (unsigned)cli_number(a, "--jobs", n > 0 ? (unsigned long)n
                                                        : 1);
    if (cache && cli_flag(a, "--no-cache"))
        return cli_usage_error(a->cmd, "%s", "give --cache DIR or "
                               "--no-cache, not both");
    if (cache)
        req->cache_dir = cache;
    else if (!cli_flag(a, "--no-cache") &&
             synth_cache_default_dir(cache_buf, cache_size) == 0)
        req->cache_dir = cache_buf;
    req->progress = isatty(STDERR_FILENO) ? stderr : NULL;
    return 0;
}

static int cmd_area(const struct cli_args *a)
{
    struct simt_config cfg;
    char err[CONFIG_ERR_LEN];
    struct area_request req;
    char cache_dir[4096];
    bool sweep = cli_flag(a, "--sweep"), was;
    int rc;

    if (sweep && (cli_flag(a, "--csv") || cli_flag(a, "--json")
                  || cli_flag(a, "--workdir") || cli_flag(a, "--jobs")
                  || cli_flag(a, "--cache") || cli_flag(a, "--no-cache")))
        return cli_usage_error(a->cmd, "%s", "--sweep takes --out and "
                               "--no-plots, not --csv, --json, --workdir, "
                               "--jobs or the cache options");
    if (!sweep && (cli_flag(a, "--out") || cli_flag(a, "--no-plots")))
        return cli_usage_error(a->cmd, "%s", "--out and --no-plots go with "
                               "--sweep");
    if ((rc = load(a, AREA_DEFAULT_PRESET, &cfg)) != 0)
        return rc;
    if (sweep) {
        const char *out = cli_text(a, "--out");
        struct sweep_request sr = { out ? out : "docs",
                                    !cli_flag(a, "--no-plots") };
        if (area_sweep(&cfg, &sr, stdout, err, sizeof err) != 0) {
            fprintf(stderr, "simtref: %s\n", err);
            return CLI_EXIT_BAD;
        }
        return 0;
    }
    memset(&req, 0, sizeof req);
    if ((rc = synthesis_options(a, &req, cache_dir, sizeof cache_dir)) != 0)
        return rc;
    req.workdir = cli_text(a, "--workdir");
    req.csv_path = cli_text(a, "--csv");
    req.json_path = cli_text(a, "--json");
    /* A signal stops Yosys and lets the report undo its work (its work
     * directory, its temporaries) before the program ends by it. */
    was = interrupt_defer_exit(true);
    rc = area_report(&cfg, &req, stdout, err, sizeof err);
    interrupt_defer_exit(was);
    if (rc != 0) {
        if (!interrupt_pending())
            fprintf(stderr, "simtref: %s\n", err);
        return CLI_EXIT_BAD;
    }
    return 0;
}

/* The registry: a line per structure and per defect, or the build's
 * lists. */
/* One row of `simtref registry`'s table of the SM's parts and stages. */
static void print_part(const struct structure_info *si)
{
    /* a stage of the SM names its header under golden/ (registry.h) */
    printf("| %s | `golden/%s%s` | `%s` | %s | %s |\n", si->title,
           strchr(si->model, '/') ? "" : "structures/", si->model,
           si->module,
           si->per == PER_SM ? "one per SM"
           : si->per == PER_SCHEDULER ? "one per scheduler" : "one per warp",
           si->source);
}

static int cmd_registry(const struct cli_args *a)
{
    char err[CONFIG_ERR_LEN];

    if (cli_flag(a, "--make")) {
        if (registry_write_make(stdout, err, sizeof err) != 0) {
            fprintf(stderr, "simtref: %s\n", err);
            return CLI_EXIT_BAD;
        }
        return 0;
    }
    printf("| structure | module | exists when reconvergence = | source |\n"
           "|---|---|---|---|\n");
    for (int s = 0; s < STRUCTURE_COUNT; s++) {
        const struct structure_info *si = registry_structure(s);
        if (si->sm_part)
            continue;
        printf("| %s | `%s` | ", si->title, si->module);
        for (int r = 0, n = 0; r < RECONV_COUNT; r++)
            if (si->modes >> r & 1)
                printf("%s%s", n++ ? ", " : "",
                       config_reconvergence_name((enum reconvergence)r));
        printf(" | %s |\n", si->source);
    }
    printf("\n| SM part | model | module | copies | source |\n"
           "|---|---|---|---|---|\n");
    for (int s = 0; s < STRUCTURE_COUNT; s++) {
        const struct structure_info *si = registry_structure(s);
        if (si->sm_part)
            print_part(si);
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

/* A command: its table and what runs it. */
struct command {
    const struct cli_command *cmd;      /* its options */
    int (*run)(const struct cli_args *); /* the command */
};

/* Run argv[first..) as cmd, then check its standard output. */
static int run_command(const struct command *c, int argc, char **argv,
                       int first)
{
    struct cli_args a;
    int rc = cli_parse(c->cmd, argc, argv, first, &a);

    if (rc == 0 && a.help) {
        fputs("usage:", stdout);
        cli_usage(c->cmd, stdout);
    } else if (rc == 0) {
        rc = c->run(&a);
    }
    cli_args_free(&a);
    return rc;
}

/* `simtref kernel SUBCOMMAND ...`. */
static int run_kernel(const struct command *list, const struct command *build,
                      int argc, char **argv)
{
    const char *sub = argc > 2 ? argv[2] : NULL;

    if (sub && strcmp(sub, "--help") == 0) {
        fputs("usage:", stdout);
        cli_usage(list->cmd, stdout);
        cli_usage(build->cmd, stdout);
        return 0;
    }
    if (sub && strcmp(sub, "list") == 0)
        return run_command(list, argc, argv, 3);
    if (sub && strcmp(sub, "build") == 0)
        return run_command(build, argc, argv, 3);
    fprintf(stderr, "simtref kernel: %s%s%s (give: build or list; see "
            "simtref kernel --help)\n", sub ? "unknown subcommand '" : "",
            sub ? sub : "give a subcommand", sub ? "'" : "");
    return CLI_EXIT_CMDLINE;
}

/* Which command argv names, and its exit status. */
static int dispatch(int argc, char **argv)
{
    static const struct command commands[] = {
        { &config_command, cmd_config },
        { &rtl_command, cmd_rtl },
        { &area_command, cmd_area },
        { &registry_command, cmd_registry },
        { &cmd_cfg_command, cmd_cfg },
        { &cmd_disasm_command, cmd_disasm },
        { &cmd_kernel_list_command, cmd_kernel_list },
        { &cmd_kernel_build_command, cmd_kernel_build },
        { &cmd_sim_command, cmd_sim },
        { &cmd_compare_command, cmd_compare },
        { &cmd_findings_command, cmd_findings },
    };
    enum { N = sizeof commands / sizeof commands[0] };
    const struct cli_command *tables[N + 1];

    for (size_t i = 0; i < N; i++)
        tables[i] = commands[i].cmd;
    tables[N] = NULL;
    if (argc < 2) {
        print_usage(stderr, tables);
        return CLI_EXIT_CMDLINE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
        print_usage(stdout, tables);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("simtref %s\n", PACKAGE_VERSION);
        return 0;
    }
    if (strcmp(argv[1], "kernel") == 0)
        return run_kernel(&commands[6], &commands[7], argc, argv);
    for (size_t i = 0; i < N; i++)
        if (strcmp(argv[1], commands[i].cmd->name) == 0)
            return run_command(&commands[i], argc, argv, 2);
    fprintf(stderr, "simtref: unknown command '%s' (see simtref --help)\n",
            argv[1]);
    return CLI_EXIT_CMDLINE;
}

int main(int argc, char **argv)
{
    const char *cmd = argc > 1 && argv[1][0] != '-' ? argv[1] : NULL;

    struct cli_stdout out;
    int rc;

    cli_open_stdout(&out);
    interrupt_install();
    use_source_tree_data();
    rc = cli_finish_stdout(&out, cmd, dispatch(argc, argv));
    interrupt_finish();
    return rc;
}
