/*
 * cmd_sim.c -- `simtref sim`: one kernel on the SM model.
 *
 *   simtref sim --kernel NAME|FILE.elf [--preset P | FILE] [--set KEY=VALUE]...
 *               [--grid N] [--block N] [--size N] [--seed S] [--trace FILE]
 *               [--json FILE] [--max-cycles N] [--check-invariants] [--time]
 *               [--reference]
 *
 * The kernel's inputs are written into global memory by its host side
 * (kernels/suite.h), the SM runs the grid, and the host reference checks
 * the result.  The summary goes to stdout; the trace and the JSON summary
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

#include "cli_error.h"
#include "cmd_sim.h"
#include "config.h"
#include "sm.h"
#include "atomic_file.h"
#include "cfg.h"
#include "elf.h"
#include "suite.h"

/* The configuration of a run that names none: one that holds every
 * kernel of the suite (its text, its TBs, its shared memory) with the
 * kernel's own launch. */
#define SIM_DEFAULT_PRESET "fermi-harp"

static const struct cli_option sim_options[] = {
    { "--kernel", NULL, CLI_TEXT, "NAME|FILE.elf", 0, 0, false,
      "a kernel of the suite (simtref kernel list), or a user's ELF\n"
      "file (its result is not checked)" },
    CLI_OPTION_PRESET("(default " SIM_DEFAULT_PRESET ", which holds every "
                      "suite kernel with its own launch; or give FILE)"),
    CLI_OPTION_SET,
    CMD_SIM_OPTION_GRID("TBs in the grid (default: the kernel's)"),
    CMD_SIM_OPTION_BLOCK(
      "threads per TB (default: the kernel's, or, when the\n"
      "configuration holds fewer, the largest power of two of them\n"
      "that it holds; the summary says so)"),
    { "--size", NULL, CLI_NUMBER, "N", 1, UINT32_MAX, false,
      "problem size (default: the kernel's; each kernel's range is in\n"
      "simtref kernel list)" },
    CMD_SIM_OPTION_SEED("seed of the kernel's inputs (default 1)"),
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
    "against the host reference and print cycles, instructions, IPC,\n"
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
    unsigned long grid, block, size;   /* 0: not given */
    unsigned long seed, max_cycles;
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

/* Global memory of a run: the kernels' buffers at small and paper sizes. */
enum { SIM_GLOBAL_BYTES = 64u << 20 };

/* The kernel of a run: a kernel of the suite (by name, with its host
 * reference) or a user's ELF file (no reference: its result is not
 * checked, and the summary says so). */
struct sim_kernel {
    const char *name;                  /* the suite's name, or the file */
    const struct kernel_info *suite;   /* NULL for a user's file */
    struct kernel_case kc;             /* the suite's inputs and reference */
    bool has_case;
    struct program prog;               /* the loaded binary */
    bool loaded;
    unsigned long size;                /* problem size */
};

/* The host's view of the SM's global memory (kernels/suite.h). */
static int mem_write(void *ctx, uint32_t addr, const void *src, uint32_t len)
{
    return sm_memory_write(&((struct sm *)ctx)->mem, addr, src, len);
}

static int mem_read(void *ctx, uint32_t addr, void *dst, uint32_t len)
{
    return sm_memory_read(&((struct sm *)ctx)->mem, addr, dst, len);
}

static int sim_kernel_load(struct sim_kernel *k, const char *what,
                           char *err, size_t errlen)
{
    const char *path = what;
    char built[PATH_MAX];

    memset(k, 0, sizeof *k);
    k->name = what;
    k->suite = kernel_find(what);
    if (k->suite) {
        if (kernel_elf_path(k->suite, built, sizeof built) != 0) {
            snprintf(err, errlen, "kernel %.64s: its binary %.800s is not built "
                     "(make builds the suite; SIMTREF_KERNEL_ELF_DIR names "
                     "another directory)", what, built);
            return -1;
        }
        path = built;
        k->size = k->suite->size;
    } else if (!strchr(what, '/') && !strstr(what, ".elf")) {
        snprintf(err, errlen, "no kernel '%s' in the suite (and not a "
                 "file name ending in .elf)", what);
        return -1;
    }
    if (elf_load(path, &k->prog, err, errlen) != 0)
        return -1;
    k->loaded = true;
    return 0;
}

static void sim_kernel_free(struct sim_kernel *k)
{
    if (k->loaded)
        program_free(&k->prog);
    if (k->has_case)
        kernel_case_free(&k->kc);
    k->loaded = false;
    k->has_case = false;
}

/* Write the inputs and fill the launch (grid and block: the suite's
 * unless given; 0 means not given). */
static int sim_kernel_setup(struct sim_kernel *k, struct sm *sm,
                            unsigned grid, unsigned block, uint32_t seed,
                            struct sm_launch *l, char *err, size_t errlen)
{
    struct kernel_mem m = { sm, mem_write, mem_read };
    uint32_t args = SM_GLOBAL_BASE;

    err[0] = '\0';
    l->grid = grid ? grid : k->suite ? k->suite->grid : 1;
    l->block = block ? block : k->suite ? k->suite->block : 1;
    if (k->suite) {
        if (kernel_setup(k->suite, &k->kc, (unsigned)k->size, l->grid,
                         l->block, seed, &m, &args, err, errlen) != 0)
            return -1;
        k->has_case = true;
    }
    l->args = args;
    /* the suite's kernels declare their shared memory; a user's file is
     * taken to use none (it is not limited by shared_kb) */
    l->shared_bytes = k->suite ? k->suite->shared_bytes : 0;
    return 0;
}

/* 0 when the result is right or there is no reference (*checked false). */
static int sim_kernel_check(struct sim_kernel *k, struct sm *sm,
                            bool *checked, char *err, size_t errlen)
{
    struct kernel_mem m = { sm, mem_write, mem_read };

    *checked = k->suite != NULL;
    if (!k->suite)
        return 0;
    return kernel_check(&k->kc, &m, err, errlen);
}

/* The options into o.  0, or CLI_EXIT_CMDLINE. */
static int parse(const struct cli_args *a, struct sim_opts *o)
{
    memset(o, 0, sizeof *o);
    o->kernel = cli_text(a, "--kernel");
    o->preset = cli_text(a, "--preset");
    o->file = cli_operand(a);
    o->trace = cli_text(a, "--trace");
    o->json = cli_text(a, "--json");
    o->set = cli_values(a, "--set", &o->nset);
    o->grid = cli_number(a, "--grid", 0);
    o->block = cli_number(a, "--block", 0);
    o->size = cli_number(a, "--size", 0);
    o->seed = cli_number(a, "--seed", 1);
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

static int load_config(const struct sim_opts *o, struct simt_config *cfg)
{
    char err[CONFIG_ERR_LEN];
    int rc;

    if (o->file)
        rc = config_load(o->file, cfg, err, sizeof err);
    else
        rc = config_load_preset(o->preset ? o->preset : SIM_DEFAULT_PRESET, cfg, err,
                                sizeof err);
    if (rc == 0)
        rc = config_set_args(cfg, o->set, o->nset, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "%s\n", err);
        return CLI_EXIT_BAD;
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

/* One JSON object of stall counts, by reason. */
static void json_stalls(FILE *f, const uint64_t stall[SM_STALLS])
{
    fputc('{', f);
    for (unsigned r = 0; r < SM_STALLS; r++)
        fprintf(f, "%s\"%s\": %" PRIu64, r ? ", " : "",
                sm_stall_name((enum sm_stall)r), stall[r]);
    fputc('}', f);
}

/* The keys of the timing model (docs/sm-timing.md), each line ending in a
 * comma: the text goes before "result" in the JSON. */
static char *timing_json(const struct sm *sm)
{
    const struct sm_stats *st = &sm->st;
    const struct lsu_stats *ls = lsu_stats(&sm->lsu);
    uint64_t total[SM_STALLS];
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    if (!f)
        return NULL;
    stall_totals(sm, total);
    fprintf(f, "  \"thread_ipc\": %.6f,\n"
            "  \"simd_lane_activity\": %.6f,\n"
            "  \"depth_utilization\": %.6f,\n"
            "  \"rtru\": %.6f,\n  \"warp_phases\": %" PRIu64 ",\n"
            "  \"stalls\": ", sm_stats_thread_ipc(st),
            sm_stats_lane_activity(st, sm->cfg.simd_width),
            sm_stats_depth_utilization(st), sm_stats_rtru(st), st->phases);
    json_stalls(f, total);
    fprintf(f, ",\n  \"idle_cycles\": %" PRIu64 ",\n  \"idle_threads\": {",
            st->cycles - st->busy_cycles);
    for (unsigned t = 0; t < SM_THREAD_STATES; t++)
        fprintf(f, "%s\"%s\": %" PRIu64, t ? ", " : "",
                sm_thread_state_name((enum sm_thread_state)t),
                st->idle_threads[t]);
    fprintf(f, "},\n  \"schedulers\": [");
    for (unsigned s = 0; s < sm->cfg.schedulers; s++) {
        const struct sm_sched_stats *ss = &st->sched[s];
        fprintf(f, "%s\n    {\"warp_instructions\": %" PRIu64
                ", \"thread_instructions\": %" PRIu64 ", \"ipc\": %.6f, "
                "\"second_level_occupancy\": %.6f, \"stalls\": ",
                s ? "," : "", ss->warp_insns, ss->thread_insns,
                st->cycles ? (double)ss->warp_insns / (double)st->cycles : 0,
                st->cycles ? (double)ss->second_level / (double)st->cycles
                           : 0);
        json_stalls(f, ss->stall);
        fputc('}', f);
    }
    fprintf(f, "\n  ],\n"
            "  \"rbt_reservation_misses\": %" PRIu64 ",\n"
            "  \"rbt_bypass_threads\": %" PRIu64 ",\n"
            "  \"lookup_bypass_groups\": %" PRIu64 ",\n"
            "  \"waiting_lookup\": {\"warps\": %" PRIu64 ", \"merged\": %"
            PRIu64 ", \"bypassed\": %" PRIu64 "},\n"
            "  \"lsu\": {\"requests\": %" PRIu64 ", \"l1_hits\": %" PRIu64
            ", \"l1_misses\": %" PRIu64 ", \"l1_merges\": %" PRIu64
            ", \"mshr_stalls\": %" PRIu64 ", \"lines\": %" PRIu64
            ", \"replays\": %" PRIu64 ", \"store_lines\": %" PRIu64
            ", \"atomic_lines\": %" PRIu64 ", \"shared_accesses\": %" PRIu64
            ", \"bank_conflicts\": %" PRIu64 ", \"dram_requests\": %" PRIu64
            ", \"dram_busy_cycles\": %" PRIu64 "},\n",
            sm->rc.rbt_misses, sm->rc.rbt_bypass, sm->rc.lookup_bypass,
            sm->rc.waiting_in,
            sm->rc.waiting_merged, sm->rc.waiting_bypass, ls->requests,
            ls->l1_hits, ls->l1_misses, ls->l1_merges, ls->mshr_stalls,
            ls->lines, ls->replays, ls->store_lines, ls->atomic_lines,
            ls->shared_accesses, ls->bank_conflicts, ls->dram_requests,
            dram_busy_cycles(&sm->dram));
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

/* The JSON summary; error is NULL for a run that succeeded, else what
 * stopped it (the counts are those so far). */
static void print_json(FILE *f, const struct simt_config *cfg,
                       const struct sim_kernel *k, const struct sm_launch *l,
                       const struct sim_opts *o, const struct sm_stats *st,
                       bool checked, const char *timing,
                       const struct sim_time *t, const char *error)
{
    double ipc = st->cycles ? (double)st->warp_insns / (double)st->cycles : 0;
    double act = st->warp_insns ? (double)st->thread_insns
                 / ((double)st->warp_insns * cfg->warp_size) : 0;

    fprintf(f, "{\n  \"kernel\": \"%s\",\n  \"class\": \"%s\",\n  \"config\": \"%s\",\n"
            "  \"reconvergence\": \"%s\",\n  \"scheduler\": \"%s\",\n"
            "  \"fetch\": \"%s\",\n  \"grid\": %u,\n  \"block\": %u,\n"
            "  \"size\": %lu,\n  \"seed\": %lu,\n  \"cycles\": %" PRIu64 ",\n"
            "  \"warp_instructions\": %" PRIu64 ",\n"
            "  \"thread_instructions\": %" PRIu64 ",\n"
            "  \"ipc\": %.6f,\n  \"lane_activity\": %.6f,\n%s",
            k->name, k->suite ? kernel_class_name(k->suite->cls) : "none",
            cfg->name, config_reconvergence_name(cfg->reconvergence),
            config_sched_name(cfg->scheduler), config_fetch_name(cfg->fetch),
            l->grid, l->block, k->size, o->seed, st->cycles, st->warp_insns,
            st->thread_insns, ipc, act, timing);
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
                          const struct sim_kernel *k, const struct sm_launch *l,
                          const struct sim_opts *o, const struct sm *sm,
                          bool checked, const struct sim_time *tm)
{
    const struct sm_stats *st = &sm->st;
    const struct lsu_stats *ls = lsu_stats(&sm->lsu);
    double ipc = sm_stats_ipc(st);
    double act = st->warp_insns ? (double)st->thread_insns
                 / ((double)st->warp_insns * cfg->warp_size) : 0;
    uint64_t total[SM_STALLS];

    printf("kernel               %s (%s)\n", k->name, k->prog.path);
    printf("configuration        %s: reconvergence %s, scheduler %s, "
           "fetch %s\n", cfg->name,
           config_reconvergence_name(cfg->reconvergence),
           config_sched_name(cfg->scheduler), config_fetch_name(cfg->fetch));
    printf("launch               grid %u x block %u", l->grid, l->block);
    if (k->suite)
        printf(", size %lu, seed %lu", k->size, o->seed);
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
           "stalls, %" PRIu64 " replays; shared %" PRIu64 " accesses, %"
           PRIu64 " bank conflicts; DRAM %" PRIu64 " requests\n",
           ls->requests, ls->l1_hits, ls->l1_misses, ls->l1_merges,
           ls->mshr_stalls, ls->replays, ls->shared_accesses,
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
    printf("result               %s\n", checked ? "right (host reference)"
           : "not checked: no host reference for a file outside the suite");
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
                        const struct sim_kernel *k, const struct sm_launch *l,
                        const struct sim_opts *o, struct sm *sm,
                        const struct sim_time *t, const char *error)
{
    int rc = 0;

    if (trace->f) {
        sm->trace = NULL;
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
        char *timing = timing_json(sm);
        print_json(json->f, cfg, k, l, o, &sm->st, false,
                   timing ? timing : "", t, error);
        free(timing);
        rc |= out_commit(json);
    }
    return rc;
}

int cmd_sim(const struct cli_args *a)
{
    struct sim_opts o;
    struct simt_config cfg;
    struct sim_kernel k;
    struct sm *sm = NULL;
    struct sm_launch l;
    struct atomic_file trace = { 0 }, json = { 0 };
    char err[SM_ERR_LEN];
    bool checked = false;
    struct sim_time t = { 0, 0, 0 };
    enum sm_status status;
    int rc;

    if ((rc = parse(a, &o)) != 0)
        return rc;
    if ((rc = load_config(&o, &cfg)) != 0)
        return rc;
    if (sim_kernel_load(&k, o.kernel, err, sizeof err) != 0) {
        fprintf(stderr, "simtref sim: %s\n", err);
        return CLI_EXIT_BAD;
    }
    k.size = o.size ? o.size : k.size;
    /* ICS-First's actions for the configuration's levels (the loader's
     * are for the most levels the analysis takes). */
    if (cfg.reconvergence == RECONV_ICS_FIRST
        && cfg_analyse(&k.prog, cfg.ics_priority_levels, err, sizeof err)
           != 0) {
        fprintf(stderr, "simtref sim: %s\n", err);
        sim_kernel_free(&k);
        return CLI_EXIT_BAD;
    }
    if (sm_create(&sm, &cfg, &k.prog, SIM_GLOBAL_BYTES, err, sizeof err)
        != 0) {
        fprintf(stderr, "simtref sim: %s\n", err);
        sim_kernel_free(&k);
        return CLI_EXIT_BAD;
    }
    memset(&l, 0, sizeof l);
    l.kernel = k.name;
    sm->reference = o.reference;       /* before sm_start(), which hands
                                        * it to the models */
    if (sim_kernel_setup(&k, sm, (unsigned)o.grid,
                         o.block ? (unsigned)o.block : default_block(&k, sm),
                         (uint32_t)o.seed, &l, err, sizeof err) != 0
        || sm_start(sm, &l) != 0) {
        fprintf(stderr, "simtref sim: %s\n", err[0] ? err : sm->err);
        rc = CLI_EXIT_BAD;
        goto done;
    }
    sm->max_cycles = o.max_cycles;
    sm->check_invariants = o.check;
    /* Both outputs are opened before the run: a path that cannot be
     * written fails before the work. */
    if ((o.trace && out_open(&trace, o.trace) != 0)
        || (o.json && out_open(&json, o.json) != 0)) {
        rc = CLI_EXIT_BAD;
        goto done;
    }
    sm->trace = trace.f;
    t.cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
    t.wall = seconds(CLOCK_MONOTONIC);
    status = sm_run(sm);
    t.cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - t.cpu;
    t.wall = seconds(CLOCK_MONOTONIC) - t.wall;
    t.at_once = sm->memo.skipped;
    if (status != SM_DONE) {
        fprintf(stderr, "simtref sim: %s\n", sm->err);
        write_failed(&trace, &json, &cfg, &k, &l, &o, sm, &t, sm->err);
        rc = CLI_EXIT_BAD;
        goto done;
    }
    if (sim_kernel_check(&k, sm, &checked, err, sizeof err) != 0) {
        char msg[SM_ERR_LEN + 128];
        snprintf(msg, sizeof msg, "kernel %s: wrong result: %s", k.name, err);
        fprintf(stderr, "simtref sim: %s\n", msg);
        write_failed(&trace, &json, &cfg, &k, &l, &o, sm, &t, msg);
        rc = CLI_EXIT_BAD;
        goto done;
    }
    if (json.f) {
        char *timing = timing_json(sm);
        if (!timing) {
            fprintf(stderr, "simtref sim: out of memory\n");
            rc = CLI_EXIT_BAD;
            goto done;
        }
        print_json(json.f, &cfg, &k, &l, &o, &sm->st, checked, timing, &t,
                   NULL);
        free(timing);
    }
    if (trace.f) {
        sm->trace = NULL;
        if (out_commit(&trace) != 0) {
            rc = CLI_EXIT_BAD;
            goto done;
        }
    }
    if (json.f && out_commit(&json) != 0) {
        rc = CLI_EXIT_BAD;
        goto done;
    }
    print_summary(&cfg, &k, &l, &o, sm, checked, &t);
    rc = 0;
done:
    atomic_discard(&trace);
    atomic_discard(&json);
    sm_destroy(sm);
    sim_kernel_free(&k);
    return rc;
}
