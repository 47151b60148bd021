/*
 * kgen_check.c -- random SIMT kernels (tests/tools/kgen.h) must end with the
 * same global memory under every control-flow mode of the SM model, with
 * any issue scheduler and fetch policy, as under qemu-riscv32 running
 * the threads one at a time (tests/tools/kgen_qemu_rt.c).
 *
 *   kgen_check [--seed S] [--count N] [--no-FEATURE]...
 *              [--mode M] [--sched P] [--fetch F] [--all-pairs]
 *              [--max-cycles N] [--keep DIR] [--srcdir DIR]
 *              [--cflag FLAG]... [--trace FILE] [--quiet]
 *
 * --trace writes the SM's trace (docs/isa.md) of each run to FILE, the
 * last run's replacing the others': give it with one mode, scheduler and
 * fetch policy.
 *
 * For each seed S .. S+N-1: kgen writes the program, riscv64-unknown-elf-
 * gcc builds it with the kernel flags for the SM and with -DKGEN_QEMU for
 * qemu, qemu-riscv32 runs it, and the SM model runs it under each mode
 * (sbr, harp, minpc, ics-first) at the `tiny` preset, with the program's
 * warp size and room for its code and nesting, and the invariant checked
 * every cycle.  Each mode runs with one (scheduler, fetch) pair drawn
 * from the seed, so that consecutive seeds cover all 18 pairs in every
 * mode; --all-pairs runs all of them, --mode/--sched/--fetch only one.
 *
 * A mismatch, an error of the run, a run not done after --max-cycles, a
 * program that does not build, or a qemu run that fails is a failure:
 * its seed, mode, scheduler, fetch policy, what happened (the first
 * differing word and whose it is) and the command that replays it are
 * printed, and its files kept in the --keep directory (default
 * kgen-fail/).  Exit status 0 when every run agreed, 1 when one did not,
 * 2 on a bad command line or a missing tool.
 *
 * The compiler is $RISCV_CC (else the one configure found), the kernel
 * flags are those of simtref kernel build, qemu is $QEMU_RISCV32 (else
 * qemu-riscv32), the presets are found as simtref finds them
 * ($SIMTREF_CONFIG_DIR, else configs/ of the source tree), and kernels/
 * and tests/ of the source tree under --srcdir (default $SRCDIR, else
 * ".").
 */
#include "kgen.h"
#include "kgen_build.h"

#include "cfg.h"
#include "config.h"
#include "elf.h"
#include "sm.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define N_MODES  4u
#define N_SCHEDS 6u
#define N_FETCH  3u
#define N_PAIRS  (N_SCHEDS * N_FETCH)
#define SIM_GLOBAL_BYTES (4u << 20)
#define KGEN_MAX_CYCLES 1000000ull  /* a run not done by then hangs: 10 times
                                     * the longest of 1000 programs */

static const char *const modes[N_MODES] = { "sbr", "harp", "minpc", "ics-first" };
static const char *const scheds[N_SCHEDS] = { "lrr", "gto", "tls", "mwf_lrr",
                                              "mwf_gto", "saws" };
static const char *const fetches[N_FETCH] = { "lrr", "cff", "fef" };

/* What the command line asked for. */
struct opts {
    unsigned long long seed;   /* first seed */
    unsigned long long count;  /* programs */
    struct kgen_features f;    /* what they may contain */
    char off[256];             /* the --no-FEATURE options given, for the
                                * replay command */
    int mode, sched, fetch;    /* -1: drawn from the seed */
    bool all_pairs;            /* every (scheduler, fetch) pair */
    unsigned long long max_cycles; /* a run not done by then hangs */
    const char *keep;          /* where failing programs are kept */
    struct kgen_tools tools;   /* the compiler, qemu, the source tree and
                                * the --cflag options */
    bool quiet;                /* no line per program */
    const char *argv0;         /* this program, for the replay command */
    const char *trace;         /* --trace: the SM's trace of each run */
};

/* The counts of a run over seeds. */
struct tally {
    unsigned long long programs, runs, failures;
    unsigned long long by_mode[N_MODES];   /* failures per mode */
    unsigned long long errors;             /* failures outside the modes */
    unsigned long long most;               /* cycles of the longest run
                                            * that agreed */
    unsigned long long most_seed;          /* ... its seed */
};


/* What one run of the SM gave. */
enum sim_result { SIM_OK, SIM_ERROR, SIM_HANG };

/* The configuration of a run: `tiny` with the program's warp size, the
 * threads of its TBs, room for its code and its nesting, and the mode,
 * scheduler and fetch policy. */
static int sim_config(const struct kgen_launch *l, int mode, int sched,
                      int fetch, struct simt_config *cfg, char *err,
                      size_t errlen)
{
    char set[12][64];
    const char *args[12];
    unsigned n = 0;

    if (config_load_preset("tiny", cfg, err, errlen) != 0)
        return -1;
    snprintf(set[n++], 64, "reconvergence=%s", modes[mode]);
    snprintf(set[n++], 64, "scheduler=%s", scheds[sched]);
    snprintf(set[n++], 64, "fetch=%s", fetches[fetch]);
    snprintf(set[n++], 64, "warp_size=%u", l->warp_size);
    snprintf(set[n++], 64, "simd_width=%u", l->warp_size);
    snprintf(set[n++], 64, "threads_per_scheduler=%u", 2 * KGEN_MAX_BLOCK);
    snprintf(set[n++], 64, "max_warps_per_tb=%u", KGEN_MAX_BLOCK / 2);
    snprintf(set[n++], 64, "pc_bits=32");
    snprintf(set[n++], 64, "sp_bits=32");
    snprintf(set[n++], 64, "addr_bits=32");
    snprintf(set[n++], 64, "sbr_stack_depth=64");
    for (unsigned i = 0; i < n; i++)
        args[i] = set[i];
    return config_set_args(cfg, args, n, err, errlen);
}

static enum sim_result run_sim(const struct opts *o, const struct kgen_files *fl,
                               uint64_t seed, const struct kgen_launch *l,
                               int mode, int sched, int fetch,
                               const uint8_t *init, uint8_t *mem,
                               uint32_t bytes, uint64_t *cycles, char *err,
                               size_t errlen)
{
    struct simt_config cfg;
    struct program prog;
    struct sm *sm = NULL;
    struct sm_launch launch;
    enum sim_result r = SIM_ERROR;
    char name[64];

    if (sim_config(l, mode, sched, fetch, &cfg, err, errlen) != 0)
        return SIM_ERROR;
    if (elf_load(fl->elf, &prog, err, errlen) != 0)
        return SIM_ERROR;
    if (cfg.reconvergence == RECONV_ICS_FIRST
        && cfg_analyse(&prog, cfg.ics_priority_levels, err, errlen) != 0)
        goto done;
    if (sm_create(&sm, &cfg, &prog, SIM_GLOBAL_BYTES, err, errlen) != 0) {
        sm = NULL;
        goto done;
    }
    snprintf(name, sizeof name, "kgen-%llu", (unsigned long long)seed);
    memset(&launch, 0, sizeof launch);
    launch.grid = l->grid;
    launch.block = l->block;
    launch.args = KGEN_GLOBAL_BASE;
    launch.kernel = name;
    launch.shared_bytes = KGEN_SHARED_BYTES;
    if (sm_memory_write(&sm->mem, KGEN_GLOBAL_BASE, init, bytes) != 0) {
        snprintf(err, errlen, "cannot write the inputs");
        goto done;
    }
    if (sm_start(sm, &launch) != 0) {
        snprintf(err, errlen, "%s", sm->err);
        goto done;
    }
    sm->max_cycles = o->max_cycles;
    sm->check_invariants = true;
    if (o->trace && !(sm->trace = fopen(o->trace, "w"))) {
        snprintf(err, errlen, "%s: %s", o->trace, strerror(errno));
        goto done;
    }
    sm_run(sm);
    if (sm->trace) {
        fclose(sm->trace);
        sm->trace = NULL;
    }
    if (sm->status != SM_DONE) {
        bool hang = sm->st.cycles >= o->max_cycles;
        snprintf(err, errlen, "%s: %s", hang ? "hangs" : "the run stopped",
                 sm->err);
        r = hang ? SIM_HANG : SIM_ERROR;
        goto done;
    }
    if (sm_memory_read(&sm->mem, KGEN_GLOBAL_BASE, mem, bytes) != 0) {
        snprintf(err, errlen, "cannot read global memory");
        goto done;
    }
    *cycles = sm->st.cycles;
    r = SIM_OK;
done:
    if (sm)
        sm_destroy(sm);
    program_free(&prog);
    (void)fl;
    return r;
}

/* ------------------------------------------------------------------ */
/* One program                                                        */

static void keep_files(const struct opts *o, const struct kgen_files *fl,
                       uint64_t seed)
{
    char dst[512];
    const char *ext[] = { ".c", ".elf", ".qemu.elf" };
    const char *src[] = { fl->src, fl->elf, fl->qelf };

    mkdir(o->keep, 0777);
    for (unsigned i = 0; i < 3; i++) {
        snprintf(dst, sizeof dst, "%s/kgen-%llu%s", o->keep,
                 (unsigned long long)seed, ext[i]);
        if (rename(src[i], dst) != 0) {
            /* another file system: copy it */
            FILE *in = fopen(src[i], "rb"), *out;
            char buf[8192];
            size_t n;
            if (!in)
                continue;
            if ((out = fopen(dst, "wb"))) {
                while ((n = fread(buf, 1, sizeof buf, in)) > 0)
                    fwrite(buf, 1, n, out);
                fclose(out);
            }
            fclose(in);
        }
    }
}

static void report(const struct opts *o, uint64_t seed, int mode, int sched,
                   int fetch, const char *what)
{
    printf("FAIL seed %llu", (unsigned long long)seed);
    if (mode >= 0)
        printf(" mode %s scheduler %s fetch %s", modes[mode], scheds[sched],
               fetches[fetch]);
    printf(": %s\n  replay: %s --seed %llu --count 1%s", what, o->argv0,
           (unsigned long long)seed, o->off);
    if (o->max_cycles != KGEN_MAX_CYCLES)
        printf(" --max-cycles %llu", o->max_cycles);
    if (mode >= 0)
        printf(" --mode %s --sched %s --fetch %s", modes[mode], scheds[sched],
               fetches[fetch]);
    printf("\n  program: %.*s --seed %llu%s (kept in %s/kgen-%llu.c)\n",
           (int)(strlen(o->argv0) - (strstr(o->argv0, "_check") ? 6 : 0)),
           o->argv0, (unsigned long long)seed, o->off, o->keep,
           (unsigned long long)seed);
}

static int one_program(const struct opts *o, const struct kgen_files *fl,
                       uint64_t seed, struct tally *t)
{
    struct kgen_launch l = kgen_launch_of(seed);
    uint32_t bytes = KGEN_GLOBAL_BYTES(l.grid, l.block);
    uint8_t *init = malloc(bytes), *q = malloc(bytes), *mem = malloc(bytes);
    char err[SM_ERR_LEN + 4096];
    int failed = 0;
    uint64_t cycles = 0, most = 0;

    t->programs++;
    if (!init || !q || !mem) {
        fprintf(stderr, "kgen_check: out of memory\n");
        exit(2);
    }
    if (kgen_write_source(fl, seed, &o->f, err, sizeof err) != 0) {
        fprintf(stderr, "kgen_check: %s\n", err);
        exit(2);
    }
    kgen_initial_memory(seed, init, bytes);
    memcpy(q, init, bytes);
    if (kgen_build(&o->tools, fl, false, err, sizeof err) != 0
        || kgen_build(&o->tools, fl, true, err, sizeof err) != 0
        || kgen_run_qemu(&o->tools, fl, &l, l.warp_size, q, bytes, err,
                         sizeof err) != 0) {
        report(o, seed, -1, 0, 0, err);
        t->errors++;
        failed = 1;
        goto done;
    }
    for (int m = 0; m < (int)N_MODES; m++) {
        if (o->mode >= 0 && m != o->mode)
            continue;
        for (unsigned p = 0; p < N_PAIRS; p++) {
            /* the pair of this mode for this seed: consecutive seeds
             * take every pair in every mode */
            unsigned drawn = (unsigned)((seed + 7u * (unsigned)m) % N_PAIRS);
            int s = (int)(p / N_FETCH), fe = (int)(p % N_FETCH);
            if (o->sched >= 0 || o->fetch >= 0 || o->all_pairs) {
                if ((o->sched >= 0 && s != o->sched)
                    || (o->fetch >= 0 && fe != o->fetch))
                    continue;
            } else if (p != drawn) {
                continue;
            }
            t->runs++;
            if (run_sim(o, fl, seed, &l, m, s, fe, init, mem, bytes, &cycles,
                        err, sizeof err) != SIM_OK
                || kgen_compare_memory(mem, q, bytes, err, sizeof err) != 0) {
                report(o, seed, m, s, fe, err);
                t->by_mode[m]++;
                failed = 1;
            } else if (cycles > most) {
                most = cycles;
                if (most > t->most) {
                    t->most = most;
                    t->most_seed = seed;
                }
            }
        }
    }
done:
    if (failed) {
        t->failures++;
        keep_files(o, fl, seed);
    } else if (!o->quiet) {
        printf("ok   seed %llu: grid %u, block %u, warp %u, at most %llu "
               "cycles\n", (unsigned long long)seed, l.grid, l.block,
               l.warp_size, (unsigned long long)most);
    }
    fflush(stdout);
    free(init);
    free(q);
    free(mem);
    return failed;
}

/* ------------------------------------------------------------------ */
/* The command line                                                   */

static int find(const char *const *names, unsigned n, const char *s)
{
    for (unsigned i = 0; i < n; i++)
        if (strcmp(names[i], s) == 0)
            return (int)i;
    return -1;
}

static int number(const char *opt, const char *s, unsigned long long *v)
{
    char *end;
    errno = 0;
    *v = strtoull(s, &end, 0);
    if (errno || end == s || *end || s[0] == '-') {
        fprintf(stderr, "kgen_check: %s '%s': not a number\n", opt, s);
        return -1;
    }
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: kgen_check [--seed S] [--count N] [--no-FEATURE]...\n"
               "         [--mode sbr|harp|minpc|ics-first] [--sched P] "
               "[--fetch F] [--all-pairs]\n"
               "         [--max-cycles N] [--keep DIR] [--srcdir DIR] "
               "[--cflag FLAG]... [--trace FILE] [--quiet]\n"
               "features: %s\n", kgen_feature_names());
}

static int parse(int argc, char **argv, struct opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->count = 1;
    o->f = kgen_all_features();
    o->mode = o->sched = o->fetch = -1;
    o->max_cycles = KGEN_MAX_CYCLES;
    o->keep = "kgen-fail";
    kgen_tools_from_env(&o->tools);
    o->argv0 = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned long long n;
        if (strcmp(a, "--help") == 0) {
            usage(stdout);
            exit(0);
        } else if (strcmp(a, "--all-pairs") == 0) {
            o->all_pairs = true;
        } else if (strcmp(a, "--quiet") == 0) {
            o->quiet = true;
        } else if (strncmp(a, "--no-", 5) == 0) {
            if (kgen_feature_off(&o->f, a + 5) != 0)
                goto unknown;
            if (strlen(o->off) + strlen(a) + 2 < sizeof o->off) {
                strcat(o->off, " ");
                strcat(o->off, a);
            }
        } else if (!v) {
            if (strcmp(a, "--seed") && strcmp(a, "--count") && strcmp(a, "--mode")
                && strcmp(a, "--sched") && strcmp(a, "--fetch")
                && strcmp(a, "--max-cycles") && strcmp(a, "--keep")
                && strcmp(a, "--srcdir") && strcmp(a, "--cflag")
                && strcmp(a, "--trace"))
                goto unknown;
            fprintf(stderr, "kgen_check: option '%s' needs a value\n", a);
            return -1;
        } else if (strcmp(a, "--seed") == 0 || strcmp(a, "--count") == 0
                   || strcmp(a, "--max-cycles") == 0) {
            if (number(a, v, &n) != 0)
                return -1;
            if (a[2] == 's')
                o->seed = n;
            else if (a[2] == 'c')
                o->count = n;
            else
                o->max_cycles = n ? n : 1;
            i++;
        } else if (strcmp(a, "--mode") == 0) {
            if ((o->mode = find(modes, N_MODES, v)) < 0) {
                fprintf(stderr, "kgen_check: --mode '%s': not sbr, harp, "
                        "minpc or ics-first\n", v);
                return -1;
            }
            i++;
        } else if (strcmp(a, "--sched") == 0) {
            if ((o->sched = find(scheds, N_SCHEDS, v)) < 0) {
                fprintf(stderr, "kgen_check: --sched '%s': not lrr, gto, tls, "
                        "mwf_lrr, mwf_gto or saws\n", v);
                return -1;
            }
            i++;
        } else if (strcmp(a, "--fetch") == 0) {
            if ((o->fetch = find(fetches, N_FETCH, v)) < 0) {
                fprintf(stderr, "kgen_check: --fetch '%s': not lrr, cff or "
                        "fef\n", v);
                return -1;
            }
            i++;
        } else if (strcmp(a, "--cflag") == 0) {
            if (o->tools.ncflag == KGEN_MAX_CFLAGS) {
                fprintf(stderr, "kgen_check: at most %u --cflag options\n",
                        KGEN_MAX_CFLAGS);
                return -1;
            }
            o->tools.cflag[o->tools.ncflag++] = v;
            if (strlen(o->off) + strlen(v) + 10 < sizeof o->off) {
                strcat(o->off, " --cflag ");
                strcat(o->off, v);
            }
            i++;
        } else if (strcmp(a, "--trace") == 0) {
            o->trace = v;
            i++;
        } else if (strcmp(a, "--keep") == 0) {
            o->keep = v;
            i++;
        } else if (strcmp(a, "--srcdir") == 0) {
            o->tools.srcdir = v;
            i++;
        } else {
            goto unknown;
        }
        continue;
unknown:
        fprintf(stderr, "kgen_check: unknown option '%s'\n", a);
        usage(stderr);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct opts o;
    struct kgen_files fl;
    struct tally t;
    char err[4096];

    if (parse(argc, argv, &o) != 0)
        return 2;
    /* Run from the tree as printed in a replay line: the presets of the
     * source tree unless the environment names others. */
    if (!getenv("SIMTREF_CONFIG_DIR")) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/configs", o.tools.srcdir);
        setenv("SIMTREF_CONFIG_DIR", dir, 0);
    }
    memset(&t, 0, sizeof t);
    if (kgen_files_make(&fl, err, sizeof err) != 0) {
        fprintf(stderr, "kgen_check: %s\n", err);
        return 2;
    }
    if (kgen_build_runtime(&o.tools, &fl, err, sizeof err) != 0) {
        fprintf(stderr, "kgen_check: %s\n", err);
        kgen_files_remove(&fl);
        return 2;
    }
    for (unsigned long long i = 0; i < o.count; i++)
        one_program(&o, &fl, o.seed + i, &t);
    kgen_files_remove(&fl);
    printf("kgen_check: seeds %llu .. %llu: %llu programs, %llu runs of the "
           "SM, %llu failing programs (sbr %llu, harp %llu, minpc %llu, "
           "ics-first %llu, build or qemu %llu)",
           o.seed, o.seed + o.count - 1, t.programs, t.runs, t.failures,
           t.by_mode[0], t.by_mode[1], t.by_mode[2], t.by_mode[3], t.errors);
    if (t.most)
        printf("; the longest run that agreed took %llu cycles (seed %llu)",
               t.most, t.most_seed);
    printf("\n");
    return t.failures ? 1 : 0;
}
