/*
 * cmd_sim.c -- `simtref sim`: one kernel on the SM model.
 *
 *   simtref sim --kernel NAME|FILE.elf [--preset P | FILE] [--set KEY=VALUE]...
 *               [--grid N] [--block N] [--size N] [--seed S] [--trace FILE]
 *               [--json FILE] [--max-cycles N] [--check-invariants] [--time]
 *               [--reference]
 *
 * A client of the host API (simtref/simtref.h): the SM is opened, the
 * kernel loaded and launched and its memory read through it.  A suite
 * kernel's inputs are written into global memory by its host side
 * (kernels/host/NAME.c, a host program of the same API) and its host
 * reference checks the result; a user's
 * kernel takes its buffers and argument block from the command line
 * (--buffer, --arg; cli/sim_buffers.h) and its buffers are written back
 * to files (--out), its threads' exit codes saying whether it passed.  The summary goes to stdout; the trace and the JSON summary
 * are written to a temporary beside their path and renamed into place only
 * when the run succeeded, so no partial file is ever left.  --time adds
 * the processor and wall-clock seconds spent in sm_run() alone (not the
 * loading of the ELF, the host's inputs or the check), for `make bench`.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "api_internal.h"
#include "cli_error.h"
#include "cmd_sim.h"
#include "config.h"
#include "sm.h"
#include "atomic_file.h"
#include "sim_buffers.h"
#include "simtref/simtref.h"
#include "suite.h"

/* The configuration of a run that names none: one that holds every
 * kernel of the suite (its text, its TBs, its shared memory) with the
 * kernel's own launch. */
#define SIM_DEFAULT_PRESET "fermi-harp"

static const struct cli_option sim_options[] = {
    { "--kernel", NULL, CLI_TEXT, "NAME|FILE.elf", 0, 0, false,
      "a kernel of the suite (simtref kernel list), or a user's ELF\n"
      "file (checked by its threads' exit codes only)" },
    CLI_OPTION_PRESET("(default " SIM_DEFAULT_PRESET ", which holds every "
                      "suite kernel with its own launch; or give FILE)"),
    CLI_OPTION_SET,
    CMD_SIM_OPTION_GRID("TBs in the grid (default: the kernel's; 1 for a\n"
                        "user's file)"),
    CMD_SIM_OPTION_BLOCK(
      "threads per TB (default: the kernel's, or, when the\n"
      "configuration holds fewer, the largest power of two of them\n"
      "that it holds; the summary says so; 1 for a user's file)"),
    { "--size", NULL, CLI_NUMBER, "N", 1, UINT32_MAX, false,
      "problem size of a suite kernel (default: the kernel's; each\n"
      "kernel's range is in simtref kernel list)" },
    CMD_SIM_OPTION_SEED("seed of a suite kernel's inputs, or of a user's\n"
                        "random buffers (default 1)"),
    { "--buffer", NULL, CLI_TEXT, "NAME=SPEC", 0, 0, true,
      "a user's kernel: a buffer of 32-bit words in global memory,\n"
      "placed in the order given; SPEC is zeros:N, random:N (from\n"
      "--seed), random:N:LO:HI, or file:PATH (integers, decimal or 0x\n"
      "hex, separated by white space; # starts a comment)" },
    { "--arg", NULL, CLI_TEXT, "WORD|@NAME", 0, 0, true,
      "a user's kernel: the next word of the argument block (a0), a\n"
      "32-bit integer or @NAME, buffer NAME's address (default: each\n"
      "buffer's address, in order)" },
    { "--out", NULL, CLI_TEXT, "NAME=FILE", 0, 0, true,
      "a user's kernel: after the run, buffer NAME's words (args: the\n"
      "argument block's) to FILE, one signed decimal a line (written\n"
      "whole, only when the grid ran to its end)" },
    { "--trace", NULL, CLI_TEXT, "FILE", 0, 0, false,
      "every warp-instruction issued, a line each ('-': standard\n"
      "output)" },
    { "--json", NULL, CLI_TEXT, "FILE", 0, 0, false,
      "the summary as JSON ('-': standard output)" },
    CMD_SIM_OPTION_MAX_CYCLES(
      "stop with an error after N cycles (default 100000000; a\n"
      "smaller N ends a run that hangs sooner)"),
    { "--check-invariants", NULL, CLI_FLAG, NULL, 0, 0, false,
      "check the structures' invariants every cycle" },
    { "--time", NULL, CLI_FLAG, NULL, 0, 0, false,
      "add the CPU and wall seconds of the simulation alone and the\n"
      "cycles it counted without evaluating the whole SM (those that\n"
      "repeat a cycle in which nothing but time, or the LSU alone,\n"
      "moved)" },
    { "--reference", NULL, CLI_FLAG, NULL, 0, 0, false,
      "run the plain model: every answer the model keeps for speed\n"
      "recomputed where it is used, every cycle evaluated, the LSU\n"
      "never run alone (slower; the trace and JSON are the same)" },
    { NULL, NULL, CLI_FLAG, NULL, 0, 0, false, NULL }
};

const struct cli_command cmd_sim_command = {
    "sim", "--kernel NAME|FILE.elf [--preset NAME | FILE] [options]",
    "run one kernel of the suite on the SM model, check its result\n"
    "against the host reference (a user's kernel: pass it buffers and\n"
    "an argument block, write buffers back to files; exit status 3\n"
    "when its threads exited with a non-zero code) and print cycles,\n"
    "instructions, IPC,\n"
    "lane activity, depth utilization, the stall breakdown, RTRU, the\n"
    "threads' states in idle cycles and the memory and HARP counts.\n"
    "Every suite kernel runs with no option but --kernel.  The trace\n"
    "and JSON files are written whole or not at all; a run that fails\n"
    "(a fault, a hang, a wrong result) still writes them whole: the\n"
    "trace up to the failure, then the message as 'error: ' lines, the\n"
    "JSON with \"result\": \"error\", the message and the counts so far",
    "configuration file", 1, NULL, sim_options
};

/* What the command line asked for. */
struct sim_opts {
    const char *kernel, *preset, *file, *trace, *json; /* as given */
    const char *const *set;            /* each --set, in order */
    size_t nset;
    const char *const *buffer, *const *arg, *const *out; /* --buffer,
                                        * --arg, --out, in order */
    size_t nbuffer, narg, nout;
    unsigned long grid, block, size;   /* 0: not given */
    unsigned long seed, max_cycles;
    bool seed_given;                   /* --seed was given */
    bool check;                        /* --check-invariants */
    bool time;                         /* --time: report sm_run's seconds */
    bool reference;                    /* --reference: sm->reference */
};

/* The seconds sm_run() took: processor time of the process and wall
 * time (CLOCK_MONOTONIC). */
struct sim_time {
    double cpu, wall;
    uint64_t at_once;       /* cycles sm_run() counted without running the
                             * whole SM (golden/sm/sm.h) */
};

/* The kernel of a run: a kernel of the suite (by name, with its host
 * reference) or a user's ELF file (its buffers from the command line,
 * its exit codes its only check). */
struct sim_kernel {
    const char *name;                  /* the suite's name, or the file */
    const struct kernel_info *suite;   /* NULL for a user's file */
    struct kernel_case kc;             /* the suite's inputs and reference */
    bool has_case;
    char path[PATH_MAX];               /* the ELF file */
    unsigned long size;                /* problem size */
    struct sim_buffers bufs;           /* a user's file: its buffers */
};

/* The kernel's ELF file: the suite's, built, or the user's. */
static int sim_kernel_find(struct sim_kernel *k, const char *what,
                           char *err, size_t errlen)
{
    memset(k, 0, sizeof *k);
    k->name = what;
    k->suite = kernel_find(what);
    if (k->suite) {
        if (kernel_elf_path(k->suite, k->path, sizeof k->path) != 0) {
            snprintf(err, errlen, "kernel %.64s: its binary %.800s is not built "
                     "(make builds the suite; SIMTREF_KERNEL_ELF_DIR names "
                     "another directory)", what, k->path);
            return -1;
        }
        k->size = k->suite->size;
    } else if (!strchr(what, '/') && !strstr(what, ".elf")) {
        snprintf(err, errlen, "no kernel '%s' in the suite (and not a "
                 "file name ending in .elf)", what);
        return -1;
    } else {
        snprintf(k->path, sizeof k->path, "%s", what);
    }
    return 0;
}

static void sim_kernel_free(struct sim_kernel *k)
{
    if (k->has_case)
        kernel_case_free(&k->kc);
    k->has_case = false;
}

/* Write the inputs and fill the launch (grid and block: the suite's
 * unless given, 1 for a user's file; 0 means not given).  A user's file
 * without --buffer has all of global memory as one buffer of zeros, its
 * start in a0 (as the memory map of docs/isa.md leaves it). */
static int sim_kernel_setup(struct sim_kernel *k, simtref_ctx *ctx,
                            simtref_sm *sm, unsigned grid, unsigned block,
                            uint32_t seed, struct simtref_launch *l,
                            char *err, size_t errlen)
{
    uint32_t args = SIMTREF_GLOBAL_BASE;

    err[0] = '\0';
    l->grid = grid ? grid : k->suite ? k->suite->grid : 1;
    l->block = block ? block : k->suite ? k->suite->block : 1;
    if (k->suite) {
        if (kernel_setup(k->suite, &k->kc, (unsigned)k->size, l->grid,
                         l->block, seed, ctx, sm, &args, err, errlen) != 0)
            return -1;
        k->has_case = true;
    } else if (k->bufs.n_buf > 0 || k->bufs.n_arg > 0) {
        if (sim_buffers_place(&k->bufs, ctx, sm, seed, err, errlen) != 0)
            return -1;
        args = k->bufs.args_addr;
    } else if (simtref_buffer_at(sm, "global memory", SIMTREF_GLOBAL_BASE,
                                 simtref_sm_global_bytes(sm)) != 0
) {
        snprintf(err, errlen, "%s", simtref_error(ctx));
        return -1;
    } else {
        /* zero as opened: written, for the host's reads */
        api_mark_written(sm, SIMTREF_GLOBAL_BASE, simtref_sm_global_bytes(sm));
    }
    l->args = args;
    /* the suite's kernels declare their shared memory; a user's file is
     * taken to use none (it is not limited by shared_kb) */
    l->shared_bytes = k->suite ? k->suite->shared_bytes : 0;
    return 0;
}

/* 0 when the result is right or there is no reference (*checked false). */
static int sim_kernel_check(struct sim_kernel *k, simtref_ctx *ctx,
                            simtref_sm *sm,
                            bool *checked, char *err, size_t errlen)
{
    *checked = k->suite != NULL;
    if (!k->suite)
        return 0;
    return kernel_check(&k->kc, ctx, sm, err, errlen);
}

/* The options into o.  0, or CLI_EXIT_CMDLINE. */
static int parse(const struct cli_args *a, struct sim_opts *o)
{
    bool suite;

    memset(o, 0, sizeof *o);
    o->kernel = cli_text(a, "--kernel");
    o->preset = cli_text(a, "--preset");
    o->file = cli_operand(a);
    o->trace = cli_text(a, "--trace");
    o->json = cli_text(a, "--json");
    o->set = cli_values(a, "--set", &o->nset);
    o->buffer = cli_values(a, "--buffer", &o->nbuffer);
    o->arg = cli_values(a, "--arg", &o->narg);
    o->out = cli_values(a, "--out", &o->nout);
    o->grid = cli_number(a, "--grid", 0);
    o->block = cli_number(a, "--block", 0);
    o->size = cli_number(a, "--size", 0);
    o->seed = cli_number(a, "--seed", 1);
    o->seed_given = cli_number(a, "--seed", 0) != 0
                    || cli_number(a, "--seed", 1) != 1;
    o->max_cycles = cli_number(a, "--max-cycles", 100000000ul);
    o->check = cli_flag(a, "--check-invariants");
    o->time = cli_flag(a, "--time");
    o->reference = cli_flag(a, "--reference");
    if (!o->kernel)
        return cli_usage_error(a->cmd, "%s", "sim needs --kernel NAME or "
                               "FILE.elf");
    if (o->preset && o->file)
        return cli_usage_error(a->cmd, "give either --preset or a file, not "
                               "both ('%s')", o->file);
    suite = kernel_find(o->kernel) != NULL;
    if (suite && (o->nbuffer || o->narg || o->nout))
        return cli_usage_error(a->cmd, "%s is a kernel of the suite, whose "
                               "host side writes its inputs: --buffer, --arg "
                               "and --out are for a user's ELF file",
                               o->kernel);
    if (!suite && o->size)
        return cli_usage_error(a->cmd, "--size is the problem size of a suite "
                               "kernel; %s is a user's file: give its inputs "
                               "with --buffer and --arg", o->kernel);
    return 0;
}

/* Open path's temporary (util/atomic_file.h): the file appears whole, or
 * not at all. */
static int out_open(struct atomic_file *o, const char *path)
{
    char err[ATOMIC_PATH_LEN + 128];

    if (atomic_open(o, path, err, sizeof err) != 0) {
        fprintf(stderr, "simtref sim: %s\n", err);
        return -1;
    }
    return 0;
}

static int out_commit(struct atomic_file *o)
{
    char err[ATOMIC_PATH_LEN + 128];

    if (atomic_commit(o, err, sizeof err) != 0) {
        fprintf(stderr, "simtref sim: %s\n", err);
        return -1;
    }
    return 0;
}

/* The counts summed over the schedulers. */
static void stall_totals(const struct sm *sm, uint64_t total[SM_STALLS])
{
    for (unsigned r = 0; r < SM_STALLS; r++) {
        total[r] = 0;
        for (unsigned s = 0; s < sm->cfg.schedulers; s++)
            total[r] += sm->st.sched[s].stall[r];
    }
}

/* The keys of the timing model (docs/sm-timing.md), each line ending in a
 * comma: the text goes before "result" in the JSON (the library writes
 * them, lib/api_stats.c). */
static char *timing_json(const struct sm *sm)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    if (!f)
        return NULL;
    api_timing_json(sm, f);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* text as a JSON string, quotes included. */
static void json_string(FILE *f, const char *text)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

/* The threads that exited with a non-zero code, as JSON: their count and
 * the first of them (docs/isa.md, the exit code). */
static void json_exit_codes(FILE *f, const struct sm *m)
{
    fprintf(f, "  \"exit_codes\": {\"nonzero_threads\": %u, \"first\": [",
            m->bad_exits);
    for (unsigned i = 0; i < m->bad_exits && i < SM_EXITS_NAMED; i++) {
        const struct sm_exit_code *e = &m->exit_named[i];
        fprintf(f, "%s{\"ctaid\": %u, \"tid\": %u, \"pc\": %" PRIu32
                ", \"code\": %" PRIu32 "}", i ? ", " : "", e->ctaid, e->tid,
                e->pc, e->code);
    }
    fprintf(f, "]},\n");
}

/* The JSON summary; error is NULL for a run that succeeded, else what
 * stopped it (the counts are those so far). */
static void print_json(FILE *f, const struct simt_config *cfg,
                       const struct sim_kernel *k,
                       const struct simtref_launch *l,
                       const struct sim_opts *o, const struct sm *m,
                       bool checked, const char *timing,
                       const struct sim_time *t, const char *error)
{
    const struct sm_stats *st = &m->st;
    double ipc = st->cycles ? (double)st->warp_insns / (double)st->cycles : 0;
    double act = st->warp_insns ? (double)st->thread_insns
                 / ((double)st->warp_insns * cfg->warp_size) : 0;

    fprintf(f, "{\n  \"kernel\": ");
    json_string(f, k->name);
    fprintf(f, ",\n  \"class\": \"%s\",\n  \"config\": \"%s\",\n"
            "  \"reconvergence\": \"%s\",\n  \"scheduler\": \"%s\",\n"
            "  \"fetch\": \"%s\",\n  \"grid\": %u,\n  \"block\": %u,\n"
            "  \"size\": %lu,\n  \"seed\": %lu,\n  \"cycles\": %" PRIu64 ",\n"
            "  \"warp_instructions\": %" PRIu64 ",\n"
            "  \"thread_instructions\": %" PRIu64 ",\n"
            "  \"ipc\": %.6f,\n  \"lane_activity\": %.6f,\n%s",
            k->suite ? kernel_class_name(k->suite->cls) : "none",
            cfg->name, config_reconvergence_name(cfg->reconvergence),
            config_sched_name(cfg->scheduler), config_fetch_name(cfg->fetch),
            l->grid, l->block, k->size, o->seed, st->cycles, st->warp_insns,
            st->thread_insns, ipc, act, timing);
    json_exit_codes(f, m);
    if (o->time)
        fprintf(f, "  \"sim_cpu_seconds\": %.6f,\n"
                "  \"sim_wall_seconds\": %.6f,\n"
                "  \"sim_cycles_at_once\": %" PRIu64 ",\n", t->cpu, t->wall,
                t->at_once);
    if (error) {
        fprintf(f, "  \"error\": ");
        json_string(f, error);
        fprintf(f, ",\n  \"result\": \"error\"\n}\n");
        return;
    }
    fprintf(f, "  \"result\": \"%s\"\n}\n", checked ? "right" : "not checked");
}

/* The stall counts as "structural 12, data 3, ...". */
static void print_stalls(const uint64_t stall[SM_STALLS])
{
    for (unsigned r = 0; r < SM_STALLS; r++)
        printf("%s%s %" PRIu64, r ? ", " : "", sm_stall_name((enum sm_stall)r),
               stall[r]);
    printf("\n");
}

static void print_summary(const struct simt_config *cfg,
                          const struct sim_kernel *k,
                          const struct simtref_launch *l,
                          const struct sim_opts *o, const struct sm *sm,
                          bool checked, const struct sim_time *tm)
{
    const struct sm_stats *st = &sm->st;
    const struct lsu_stats *ls = lsu_stats(&sm->lsu);
    double ipc = sm_stats_ipc(st);
    double act = st->warp_insns ? (double)st->thread_insns
                 / ((double)st->warp_insns * cfg->warp_size) : 0;
    uint64_t total[SM_STALLS];

    printf("kernel               %s (%s)\n", k->name, k->path);
    printf("configuration        %s: reconvergence %s, scheduler %s, "
           "fetch %s\n", cfg->name,
           config_reconvergence_name(cfg->reconvergence),
           config_sched_name(cfg->scheduler), config_fetch_name(cfg->fetch));
    printf("launch               grid %u x block %u", l->grid, l->block);
    if (k->suite)
        printf(", size %lu, seed %lu", k->size, o->seed);
    if (!k->suite && (!o->grid || !o->block))
        printf(" (%s%s%s: the default of a file outside the suite)",
               !o->grid ? "grid" : "", !o->grid && !o->block ? " and " : "",
               !o->block ? "block" : "");
    if (k->suite && !o->block && l->block != k->suite->block)
        printf(" (the kernel's block of %u threads does not fit the "
               "configuration: %u warps of %u per TB)", k->suite->block,
               (l->block + cfg->warp_size - 1) / cfg->warp_size,
               cfg->warp_size);
    printf("\n");
    printf("cycles               %" PRIu64 "\n", st->cycles);
    printf("warp-instructions    %" PRIu64 "\n", st->warp_insns);
    printf("thread-instructions  %" PRIu64 "\n", st->thread_insns);
    printf("IPC                  %.4f warp-instructions per cycle, %.4f "
           "thread-instructions\n", ipc, sm_stats_thread_ipc(st));
    printf("lane activity        %.4f (active lanes / warp size)\n", act);
    printf("SIMD lane activity   %.4f (HARP eq. 2: active lanes / SIMD width "
           "over the sub-warps run)\n",
           sm_stats_lane_activity(st, cfg->simd_width));
    printf("depth utilization    %.4f (HARP eq. 1: 1 - idle cycles / "
           "cycles)\n", sm_stats_depth_utilization(st));
    printf("RTRU                 %.4f (BAWS eq. 1, mean over %" PRIu64
           " warp-phases)\n", sm_stats_rtru(st), st->phases);
    printf("idle threads         over %" PRIu64 " idle cycles, threads "
           "(HARP Fig. 5, 14):", st->cycles - st->busy_cycles);
    for (unsigned t = 0; t < SM_THREAD_STATES; t++)
        printf("%s %s %" PRIu64, t ? "," : "",
               sm_thread_state_name((enum sm_thread_state)t),
               st->idle_threads[t]);
    printf("\n");
    stall_totals(sm, total);
    printf("stalls (BAWS 6.3)    ");
    print_stalls(total);
    for (unsigned s = 0; s < cfg->schedulers; s++) {
        const struct sm_sched_stats *ss = &st->sched[s];
        printf("  scheduler %-2u       IPC %.4f; ", s,
               st->cycles ? (double)ss->warp_insns / (double)st->cycles : 0);
        print_stalls(ss->stall);
    }
    printf("load/store unit      %" PRIu64 " requests; L1 %" PRIu64 " hits, %"
           PRIu64 " misses (%" PRIu64 " merged), %" PRIu64 " MSHR-full "
           "stalls, %" PRIu64 " waits of a write for its line's fill, %"
           PRIu64 " replays; shared %" PRIu64 " accesses, %"
           PRIu64 " bank conflicts; DRAM %" PRIu64 " requests\n",
           ls->requests, ls->l1_hits, ls->l1_misses, ls->l1_merges,
           ls->mshr_stalls, ls->fill_waits, ls->replays, ls->shared_accesses,
           ls->bank_conflicts, ls->dram_requests);
    if (cfg->reconvergence == RECONV_HARP) {
        uint64_t sl = 0;
        for (unsigned s = 0; s < cfg->schedulers; s++)
            sl += st->sched[s].second_level;
        printf("HARP bypasses        %" PRIu64 " RBT reservation misses, %"
               PRIu64 " threads past a full RBT set, %" PRIu64 " groups past "
               "a full Ready-Lookup\n", sm->rc.rbt_misses,
               sm->rc.rbt_bypass, sm->rc.lookup_bypass);
        printf("HARP Waiting-Lookup  %" PRIu64 " warps waited on global "
               "memory there (%" PRIu64 " merged), %" PRIu64 " found it "
               "full\n", sm->rc.waiting_in, sm->rc.waiting_merged,
               sm->rc.waiting_bypass);
        printf("HARP Second-Level    %.2f warps per scheduler on average\n",
               st->cycles ? (double)sl / ((double)st->cycles
                                          * cfg->schedulers) : 0);
    }
    if (o->time)
        printf("simulation time      %.6f s CPU, %.6f s wall (sm_run only); "
               "%" PRIu64 " of the cycles counted at once\n", tm->cpu,
               tm->wall, tm->at_once);
    if (!k->suite) {
        printf("arguments            a0 = 0x%08" PRIx32, l->args);
        if (k->bufs.n_buf == 0 && k->bufs.n_arg == 0)
            printf(" (no --buffer or --arg: all of global memory, zero)");
        else
            printf(", %u words", k->bufs.args_words);
        printf("\n");
        for (unsigned i = 0; i < k->bufs.n_buf; i++)
            printf("  buffer %-12s %u words at 0x%08" PRIx32 "\n",
                   k->bufs.buf[i].name, k->bufs.buf[i].words,
                   k->bufs.buf[i].addr);
        for (unsigned i = 0; i < k->bufs.n_out; i++)
            printf("  written out        %s to %s\n",
                   k->bufs.out[i].buffer == SIM_OUT_ARGS ? "args"
                   : k->bufs.buf[k->bufs.out[i].buffer].name,
                   k->bufs.out[i].path);
    }
    printf("result               %s\n", checked ? "right (host reference)"
           : "not checked by simtref (a file outside the suite): every "
             "thread exited with code 0");
}

static double seconds(clockid_t clk)
{
    struct timespec ts;

    if (clock_gettime(clk, &ts) != 0)
        return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The block of a launch that gives none: the kernel's, or when the
 * configuration holds fewer threads per TB, the largest power of two
 * that it holds. */
static unsigned default_block(const struct sim_kernel *k, const struct sm *sm)
{
    unsigned warps = sm->cfg.max_warps_per_tb < sm->warp_slots
                     ? sm->cfg.max_warps_per_tb : sm->warp_slots;
    unsigned most = warps * sm->cfg.warp_size, b = 1;

    if (!k->suite)
        return 0;
    if (k->suite->block <= most)
        return k->suite->block;
    while (b * 2 <= most)
        b *= 2;
    return b;
}

/* The outputs of a run that failed, written whole: the trace up to the
 * failure and a last line naming the error, and the JSON with the error
 * and the counts so far.  0, or -1 after a message. */
static int write_failed(struct atomic_file *trace, struct atomic_file *json,
                        const struct simt_config *cfg,
                        const struct sim_kernel *k,
                        const struct simtref_launch *l,
                        const struct sim_opts *o, const struct sm *m,
                        const struct sim_time *t, const char *error)
{
    int rc = 0;

    if (trace->f) {
        /* Each line of the message (the error, then the registers of a
         * faulting thread) as its own "error: " line. */
        for (const char *line = error; *line;) {
            size_t len = strcspn(line, "\n");
            fprintf(trace->f, "error: %.*s\n", (int)len, line);
            line += len + (line[len] == '\n');
        }
        rc |= out_commit(trace);
    }
    if (json->f) {
        char *timing = timing_json(m);
        print_json(json->f, cfg, k, l, o, m, false, timing ? timing : "", t,
                   error);
        free(timing);
        rc |= out_commit(json);
    }
    return rc;
}

/* Open the SM of the command line's configuration: 0, or the exit
 * status after the message. */
static int open_sm(const struct sim_opts *o, simtref_ctx *ctx,
                   simtref_sm **sm)
{
    int rc = o->file ? simtref_sm_open_file(ctx, o->file, o->set, o->nset, sm)
             : simtref_sm_open_preset(ctx, o->preset ? o->preset
                                      : SIM_DEFAULT_PRESET, o->set, o->nset,
                                      sm);
    if (rc != 0) {
        if (rc == SIMTREF_ECONFIG)
            fprintf(stderr, "%s\n", simtref_error(ctx));
        else
            fprintf(stderr, "simtref sim: %s\n", simtref_error(ctx));
        return CLI_EXIT_BAD;
    }
    return 0;
}

/* The run, timed, with its outputs open: the API's status. */
static int run(simtref_sm *sm, const struct sim_opts *o, struct sim_time *t)
{
    int status;

    t->cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
    t->wall = seconds(CLOCK_MONOTONIC);
    status = simtref_run(sm, o->max_cycles, NULL, 0, NULL);
    t->cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - t->cpu;
    t->wall = seconds(CLOCK_MONOTONIC) - t->wall;
    t->at_once = api_sm_model(sm)->memo.skipped;
    return status;
}

int cmd_sim(const struct cli_args *a)
{
    struct sim_opts o;
    struct sim_kernel k;
    simtref_ctx *ctx = NULL;
    simtref_sm *sm = NULL;
    const struct sm *m;
    struct simtref_launch l;
    struct atomic_file trace = { 0 }, json = { 0 };
    char err[SM_ERR_LEN];
    bool checked = false;
    struct sim_time t = { 0, 0, 0 };
    int rc, status;

    if ((rc = parse(a, &o)) != 0)
        return rc;
    if (sim_kernel_find(&k, o.kernel, err, sizeof err) != 0) {
        fprintf(stderr, "simtref sim: %s\n", err);
        return CLI_EXIT_BAD;
    }
    if (!k.suite) {
        if (sim_buffers_parse(&k.bufs, o.buffer, o.nbuffer, o.arg, o.narg,
                              o.out, o.nout, err, sizeof err) != 0)
            return cli_usage_error(a->cmd, "%s", err);
        if (o.seed_given && !sim_buffers_random(&k.bufs))
            return cli_usage_error(a->cmd, "--seed seeds a suite kernel's "
                                   "inputs or a user's random buffers: %s "
                                   "has no --buffer NAME=random:N", o.kernel);
    }
    k.size = o.size ? o.size : k.size;
    if (simtref_ctx_create(&ctx) != 0) {
        fprintf(stderr, "simtref sim: out of memory\n");
        return CLI_EXIT_BAD;
    }
    if ((rc = open_sm(&o, ctx, &sm)) != 0)
        goto done;
    rc = CLI_EXIT_BAD;
    if (simtref_load(sm, k.path) != 0) {
        fprintf(stderr, "simtref sim: %s\n", simtref_error(ctx));
        goto done;
    }
    api_set_kernel_name(sm, k.name);
    m = api_sm_model(sm);
    memset(&l, 0, sizeof l);
    if (simtref_set_options(sm, (o.reference ? SIMTREF_OPT_REFERENCE : 0u)
                                | (o.check ? SIMTREF_OPT_CHECK_INVARIANTS
                                           : 0u)) != 0
        || sim_kernel_setup(&k, ctx, sm, (unsigned)o.grid,
                            o.block ? (unsigned)o.block : default_block(&k, m),
                            (uint32_t)o.seed, &l, err, sizeof err) != 0) {
        fprintf(stderr, "simtref sim: %s\n", err[0] ? err : simtref_error(ctx));
        goto done;
    }
    if (simtref_launch(sm, &l) != 0) {
        fprintf(stderr, "simtref sim: %s\n", simtref_error(ctx));
        goto done;
    }
    /* Both outputs are opened before the run: a path that cannot be
     * written fails before the work. */
    if ((o.trace && out_open(&trace, o.trace) != 0)
        || (o.json && out_open(&json, o.json) != 0))
        goto done;
    simtref_set_trace(sm, trace.f);
    status = run(sm, &o, &t);
    if (status != SIMTREF_OK) {
        char msg[API_ERR_LEN];
        snprintf(msg, sizeof msg, "%s", simtref_error(ctx));
        fprintf(stderr, "simtref sim: %s\n", msg);
        /* the grid ran to its end: its buffers are whole */
        if (status == SIMTREF_EEXIT && k.bufs.n_out > 0
            && sim_buffers_write_out(&k.bufs, ctx, sm, err, sizeof err) != 0)
            fprintf(stderr, "simtref sim: %s\n", err);
        write_failed(&trace, &json, &m->cfg, &k, &l, &o, m, &t, msg);
        rc = status == SIMTREF_EEXIT ? CLI_EXIT_KERNEL : CLI_EXIT_BAD;
        goto done;
    }
    if (sim_kernel_check(&k, ctx, sm, &checked, err, sizeof err) != 0) {
        char msg[SM_ERR_LEN + 128];
        snprintf(msg, sizeof msg, "kernel %s: wrong result: %s", k.name, err);
        fprintf(stderr, "simtref sim: %s\n", msg);
        write_failed(&trace, &json, &m->cfg, &k, &l, &o, m, &t, msg);
        goto done;
    }
    if (k.bufs.n_out > 0
        && sim_buffers_write_out(&k.bufs, ctx, sm, err, sizeof err) != 0) {
        fprintf(stderr, "simtref sim: %s\n", err);
        write_failed(&trace, &json, &m->cfg, &k, &l, &o, m, &t, err);
        goto done;
    }
    if (json.f) {
        char *timing = timing_json(m);
        if (!timing) {
            fprintf(stderr, "simtref sim: out of memory\n");
            goto done;
        }
        print_json(json.f, &m->cfg, &k, &l, &o, m, checked, timing, &t,
                   NULL);
        free(timing);
    }
    if (trace.f && out_commit(&trace) != 0)
        goto done;
    if (json.f && out_commit(&json) != 0)
        goto done;
    print_summary(&m->cfg, &k, &l, &o, m, checked, &t);
    rc = 0;
done:
    atomic_discard(&trace);
    atomic_discard(&json);
    sim_kernel_free(&k);
    simtref_ctx_destroy(ctx);
    return rc;
}
