/*
 * cmd_sim.c -- `simtref sim`: one kernel on the SM model.
 *
 *   simtref sim --kernel NAME|FILE.elf [--preset P | FILE] [--set KEY=VALUE]...
 *               [--grid N] [--block N] [--size N] [--seed S] [--trace FILE]
 *               [--json FILE] [--max-cycles N] [--check-invariants] [--time]
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

#include "cmd_sim.h"
#include "config.h"
#include "sm.h"
#include "atomic_file.h"
#include "cfg.h"
#include "elf.h"
#include "suite.h"

enum { EXIT_BAD = 1, EXIT_CMDLINE = 2, MAX_SETS = 64 };

const char cmd_sim_usage[] =
    "  sim --kernel NAME|FILE.elf [--preset NAME | FILE] [--set KEY=VALUE]...\n"
    "      [--grid N] [--block N] [--size N] [--seed S] [--trace FILE]\n"
    "      [--json FILE] [--max-cycles N] [--check-invariants] [--time]\n"
    "      run one kernel of the suite on the SM model, check its result\n"
    "      against the host reference and print cycles, instructions, IPC,\n"
    "      lane activity, depth utilization, the stall breakdown, RTRU, the\n"
    "      threads' states in idle cycles and the memory and HARP counts\n"
    "      (default preset: tiny); --time adds the CPU and wall seconds of\n"
    "      the simulation alone and the cycles it counted without evaluating the\n"
    "      whole SM (those that repeat a cycle in which nothing but time, or the\n"
    "      LSU alone, moved); a run not done after --max-cycles N cycles\n"
    "      (default 100000000) stops naming each live warp's PC and what it\n"
    "      waits on: give a smaller N for a kernel that may never end\n";

struct sim_opts {
    const char *kernel, *preset, *file, *trace, *json;
    const char *set[MAX_SETS];
    size_t nset;
    unsigned long grid, block, size, seed, max_cycles;
    bool has_grid, has_block, has_size, check;
    bool time;                         /* --time: report sm_run's seconds */
};

/* The seconds sm_run() took: processor time of the process and wall
 * time (CLOCK_MONOTONIC). */
struct sim_time {
    double cpu, wall;
    uint64_t at_once;       /* cycles sm_run() counted without running the
                             * whole SM (golden/sm.h) */
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

static int cmdline_error(const char *fmt, const char *a, const char *b)
{
    fputs("simtref sim: ", stderr);
    fprintf(stderr, fmt, a, b);
    fputs(" (see simtref --help)\n", stderr);
    return EXIT_CMDLINE;
}

/* A decimal integer in [lo, hi], nothing else. */
static int parse_number(const char *opt, const char *text, unsigned long lo,
                        unsigned long hi, unsigned long *out)
{
    char *end;
    unsigned long v;
    char range[64];

    errno = 0;
    if (text[0] < '0' || text[0] > '9')
        v = 0, end = (char *)text;
    else
        v = strtoul(text, &end, 10);
    snprintf(range, sizeof range, "%lu to %lu", lo, hi);
    if (end == text || *end != '\0' || errno == ERANGE || v < lo || v > hi) {
        fprintf(stderr, "simtref sim: %s '%s': not an integer from %s\n",
                opt, text, range);
        return EXIT_CMDLINE;
    }
    *out = v;
    return 0;
}

static int parse(int argc, char **argv, struct sim_opts *o)
{
    static const struct { const char *name; unsigned long lo, hi; } nums[] = {
        { "--grid", 1, 65535 }, { "--block", 1, 1024 },
        { "--size", 1, 1ul << 20 }, { "--seed", 0, UINT32_MAX },
        { "--max-cycles", 1, ULONG_MAX },
    };
    unsigned long *num_out[] = { &o->grid, &o->block, &o->size, &o->seed,
                                 &o->max_cycles };
    bool *num_has[] = { &o->has_grid, &o->has_block, &o->has_size, NULL,
                        NULL };

    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->max_cycles = 100000000ul;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char **str = NULL;
        size_t k;

        if (strcmp(a, "--check-invariants") == 0) {
            o->check = true;
            continue;
        }
        if (strcmp(a, "--time") == 0) {
            o->time = true;
            continue;
        }
        if (a[0] != '-' || a[1] != '-') {
            if (a[0] == '\0')
                return cmdline_error("%s%s", "an empty argument is not a "
                                     "file name", "");
            if (o->file)
                return cmdline_error("two configuration files: '%s' and "
                                     "'%s'", o->file, a);
            o->file = a;
            continue;
        }
        if (i + 1 >= argc)
            return cmdline_error("option '%s' needs a value%s", a, "");
        if (strcmp(a, "--kernel") == 0)
            str = &o->kernel;
        else if (strcmp(a, "--preset") == 0)
            str = &o->preset;
        else if (strcmp(a, "--trace") == 0)
            str = &o->trace;
        else if (strcmp(a, "--json") == 0)
            str = &o->json;
        if (str) {
            if (*str)
                return cmdline_error("option '%s' given twice%s", a, "");
            *str = argv[++i];
            continue;
        }
        if (strcmp(a, "--set") == 0) {
            if (o->nset == MAX_SETS)
                return cmdline_error("more than 64 --set options%s%s", "",
                                     "");
            o->set[o->nset++] = argv[++i];
            continue;
        }
        for (k = 0; k < sizeof nums / sizeof nums[0]; k++)
            if (strcmp(a, nums[k].name) == 0)
                break;
        if (k == sizeof nums / sizeof nums[0])
            return cmdline_error("unknown option '%s'%s", a, "");
        if (parse_number(a, argv[++i], nums[k].lo, nums[k].hi, num_out[k]))
            return EXIT_CMDLINE;
        if (num_has[k])
            *num_has[k] = true;
    }
    if (!o->kernel)
        return cmdline_error("%s%s", "sim needs --kernel NAME or FILE.elf", "");
    if (o->preset && o->file)
        return cmdline_error("both --preset %s and the file '%s'", o->preset,
                             o->file);
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
        rc = config_load_preset(o->preset ? o->preset : "tiny", cfg, err,
                                sizeof err);
    if (rc == 0)
        rc = config_set_args(cfg, o->set, o->nset, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "%s\n", err);
        return EXIT_BAD;
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
            ls->dram_busy_cycles);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

static void print_json(FILE *f, const struct simt_config *cfg,
                       const struct sim_kernel *k, const struct sm_launch *l,
                       const struct sim_opts *o, const struct sm_stats *st,
                       bool checked, const char *timing,
                       const struct sim_time *t)
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

int cmd_sim(int argc, char **argv)
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

    if ((rc = parse(argc, argv, &o)) != 0)
        return rc;
    if ((rc = load_config(&o, &cfg)) != 0)
        return rc;
    if (sim_kernel_load(&k, o.kernel, err, sizeof err) != 0) {
        fprintf(stderr, "simtref sim: %s\n", err);
        return EXIT_BAD;
    }
    k.size = o.has_size ? o.size : k.size;
    /* ICS-First's actions for the configuration's levels (the loader's
     * are for the most levels the analysis takes). */
    if (cfg.reconvergence == RECONV_ICS_FIRST
        && cfg_analyse(&k.prog, cfg.ics_priority_levels, err, sizeof err)
           != 0) {
        fprintf(stderr, "simtref sim: %s\n", err);
        sim_kernel_free(&k);
        return EXIT_BAD;
    }
    if (sm_create(&sm, &cfg, &k.prog, SIM_GLOBAL_BYTES, err, sizeof err)
        != 0) {
        fprintf(stderr, "simtref sim: %s\n", err);
        sim_kernel_free(&k);
        return EXIT_BAD;
    }
    memset(&l, 0, sizeof l);
    l.kernel = k.name;
    if (sim_kernel_setup(&k, sm, o.has_grid ? (unsigned)o.grid : 0,
                         o.has_block ? (unsigned)o.block : 0,
                         (uint32_t)o.seed, &l, err, sizeof err) != 0
        || sm_start(sm, &l) != 0) {
        fprintf(stderr, "simtref sim: %s\n", err[0] ? err : sm->err);
        rc = EXIT_BAD;
        goto done;
    }
    sm->max_cycles = o.max_cycles;
    sm->check_invariants = o.check;
    if (o.trace && out_open(&trace, o.trace) != 0) {
        rc = EXIT_BAD;
        goto done;
    }
    sm->trace = trace.f;
    t.cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
    t.wall = seconds(CLOCK_MONOTONIC);
    status = sm_run(sm);
    t.cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - t.cpu;
    t.wall = seconds(CLOCK_MONOTONIC) - t.wall;
    t.at_once = sm->skipped;
    if (status != SM_DONE) {
        fprintf(stderr, "simtref sim: %s\n", sm->err);
        rc = EXIT_BAD;
        goto done;
    }
    if (sim_kernel_check(&k, sm, &checked, err, sizeof err) != 0) {
        fprintf(stderr, "simtref sim: kernel %s: wrong result: %s\n", k.name,
                err);
        rc = EXIT_BAD;
        goto done;
    }
    if (o.json) {
        if (out_open(&json, o.json) != 0) {
            rc = EXIT_BAD;
            goto done;
        }
        char *timing = timing_json(sm);
        if (!timing) {
            fprintf(stderr, "simtref sim: out of memory\n");
            rc = EXIT_BAD;
            goto done;
        }
        print_json(json.f, &cfg, &k, &l, &o, &sm->st, checked, timing, &t);
        free(timing);
    }
    if (trace.f) {
        sm->trace = NULL;
        if (out_commit(&trace) != 0) {
            rc = EXIT_BAD;
            goto done;
        }
    }
    if (json.f && out_commit(&json) != 0) {
        rc = EXIT_BAD;
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
