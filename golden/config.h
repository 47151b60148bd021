/*
 * config.h -- the SM configuration: one parameter struct for every view.
 *
 * A configuration is a plain-text file of `key = value` lines; `#` starts a
 * comment that runs to the end of the line.  A file may start from a preset,
 * `preset = NAME` as its first key, and then set only the keys that differ.
 * Every key of the selected reconvergence mode must be given (in the file
 * or its preset), none twice in one file; a key of another mode (a HARP key
 * under reconvergence = sbr) is kept, checked for its range, and ignored:
 * config_print marks it unused.  config_load() parses and validates in one
 * call; on failure it returns -1 and leaves a message of the form
 * "file:line: problem" in the caller's buffer.  Nothing is clamped: a value
 * outside its range is an error.  config_set() changes one key of a loaded
 * configuration as if the line had been written in its file (`--set`).
 *
 * The keys are described once, in the key table of config_keys.h (CONFIG_KEYS,
 * ORDER KEY): their names are the field names below, in the same order.
 *
 * The C golden model, the Verilog generator, the testbenches and the area
 * report all derive their sizes from one struct simt_config.
 */
#ifndef SIMTREF_CONFIG_H
#define SIMTREF_CONFIG_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Largest sizes the models are built for; config validation enforces them. */
enum {
    CONFIG_MAX_TBS        = 64,   /* thread blocks resident per SM */
    CONFIG_MAX_SCHEDULERS = 8,    /* warp schedulers per SM */
    CONFIG_MAX_SECOND_LEVEL = 1024, /* Second-Level warps (HARP sweeps to 1024) */
    CONFIG_MAX_RBT_ENTRIES  = 1024, /* re-convergence barriers */
    CONFIG_NAME_LEN       = 64,
    CONFIG_ERR_LEN        = 512
};

/* The largest configuration file config_load reads: a file of every key
 * with comments is a few kilobytes, and 64 MiB leaves room for any
 * generated one.  A larger file (or one that is not a regular file) is
 * refused before any byte of it is read. */
#define CONFIG_FILE_MAX ((size_t)64 << 20)

/* The control-flow mode: SBR stacks (HARP 2.1), the HARP tables, the
 * min(SP:PC) arbiter (Collange) or the ICS-First priorities (multi-core
 * SIMT).  ORDER RECONV: reconvergence_names in config_keys.c, sm_reconv_modes
 * in sm_reconv.c.  RECONV_COUNT is no mode: how many there are. */
enum reconvergence { RECONV_SBR, RECONV_HARP, RECONV_MINPC, RECONV_ICS_FIRST,
                     RECONV_COUNT };

/* HARP 4.2.2: one multi-ported bank (Fig. 8) or one bank per lane (Fig. 9). */
enum rbt_organisation { RBT_BANKED, RBT_MULTIPORT };

enum sched_policy {
    SCHED_LRR, SCHED_GTO, SCHED_TLS, SCHED_MWF_LRR, SCHED_MWF_GTO, SCHED_SAWS
};

enum fetch_policy { FETCH_LRR, FETCH_CFF, FETCH_FEF };

/* HARP 4.2.1: which global loads send a First-Level warp to the
 * Waiting-Lookup.  The paper's is every one ("upon decoding a global
 * memory access instruction"); the others are what-if choices the paper
 * leaves open, for attributing HARP's timing: only a load that misses the
 * L1 (a tag probe at issue), or none (the warp keeps its First-Level slot
 * and the scoreboard holds its dependent instructions, as under SBR).
 * ORDER WLOADS: waiting_lookup_loads_names in config_keys.c. */
enum waiting_lookup_loads { WLOADS_EVERY, WLOADS_MISS, WLOADS_NONE };

/* ORDER KEY: the fields after `name` and before `keys_given` follow the
 * key table of config_keys.h (their names are the keys). */
struct simt_config {
    char name[CONFIG_NAME_LEN];      /* file name without directory and .conf */

    /* SM organisation */
    unsigned schedulers;             /* warp schedulers per SM */
    unsigned threads_per_scheduler;
    unsigned simd_groups;
    unsigned simd_width;             /* lanes per SIMD group */
    unsigned pipeline_depth;
    unsigned alu_latency;            /* issue to result read, ALU */
    unsigned mul_latency;            /* ... multiply (M: mul*) */
    unsigned div_latency;            /* ... divide and remainder */
    unsigned operand_read_cycles;    /* grant to execution: 0 or 1
                                        (golden/sm/sm.c, docs/sm-timing.md) */
    unsigned warp_size;              /* threads per warp */
    unsigned max_tbs;                /* thread blocks resident per SM */
    unsigned max_warps_per_tb;
    unsigned thread_id_bits;         /* log2 of the threads a TB can hold */
    unsigned pc_bits;
    unsigned l1d_kb, l1d_ways, l1d_line_bytes;
    unsigned shared_kb;              /* shared memory per SM, KiB */

    /* Memory hierarchy (golden/structures/lsu.h, docs/memory.md) */
    unsigned l1d_hit_latency;        /* cycles from an L1 hit to its data */
    unsigned l1d_mshrs;              /* outstanding L1 misses (MSHRs) */
    unsigned lsu_writebacks;         /* loads the LSU writes back a cycle */
    unsigned shared_banks;           /* shared-memory banks */
    unsigned shared_bank_bytes;      /* bytes of one bank's word */
    unsigned dram_latency;           /* cycles a DRAM read takes besides
                                        its transfer */
    unsigned dram_mb_s;              /* the chip's DRAM bandwidth, MB/s */
    unsigned core_mhz;               /* SM clock, MHz */

    /* Control flow */
    enum reconvergence reconvergence;
    /* HARP tables (meaningful only when reconvergence == RECONV_HARP) */
    unsigned first_level_entries;    /* ready warps the scheduler picks from */
    unsigned second_level_entries;
    unsigned ready_lookup_entries;
    unsigned waiting_lookup_entries;
    unsigned rbt_entries;
    unsigned rbt_ways;
    enum rbt_organisation rbt_organisation;
    unsigned rbt_pipeline_stages;    /* 1, 2 or 4 */
    unsigned lookup_to_second_threshold;
    enum waiting_lookup_loads waiting_lookup_loads; /* which global loads
                                        send a warp to the Waiting-Lookup */

    /* Scheduling and fetch */
    enum sched_policy scheduler;
    enum fetch_policy fetch;
    unsigned ibuffer_slots;          /* I-buffer entries per warp */

    /* Stack-less arbitration (Collange 4, multi-core SIMT 4.3) and the
     * stack-based baseline (HARP 2.1); generated for every configuration */
    unsigned sp_bits;                /* per-lane stack pointer compared first */
    unsigned addr_bits;              /* byte address in the arbiter's memory mode */
    unsigned ics_priority_levels;    /* N of the ICS-First priority arbiter */
    unsigned sbr_stack_depth;        /* entries of the per-warp SBR stack */

    /* Chip and technology */
    unsigned sms;                    /* SMs per chip */
    unsigned tech_nm;                /* feature size, nm */
    double   die_mm2;                /* published die area of the chip */

    unsigned long long keys_given;   /* bit k: the k-th key of the table was
                                        given (in the file, its preset or a
                                        --set); 0 in a hand-built struct */
};

/*
 * Parse and validate the file at `path`.  Returns 0 on success.  On any
 * error returns -1 with "path:line: message" in err[0..errlen) and *cfg
 * all zero.  Only the first problem is reported.  A missing key is
 * reported on the line after the last; a disagreement between keys on the
 * line of the key set last; line 0 is used only when the file cannot be
 * read (it does not open, is not a regular file or is larger than
 * CONFIG_FILE_MAX) or its name is too long for cfg->name.
 */
int config_load(const char *path, struct simt_config *cfg,
                char *err, size_t errlen);

/*
 * The same for the `len` bytes at `text` (NUL bytes included), reported
 * as the file `path`, which is not opened: the parser of config_load,
 * for callers that hold the text in memory.
 */
int config_load_buffer(const char *path, const char *text, size_t len,
                       struct simt_config *cfg, char *err, size_t errlen);

/*
 * Locate the shipped preset `name` (e.g. "tiny") and load it.  The preset
 * directory is $SIMTREF_CONFIG_DIR if set, else the directory compiled in.
 * An unknown name is an error that lists the presets.
 */
int config_load_preset(const char *name, struct simt_config *cfg,
                       char *err, size_t errlen);

/* Names of the shipped presets, NULL-terminated. */
extern const char *const config_preset_names[];

/* Full path of a preset file into buf; returns buf. */
const char *config_preset_path(const char *name, char *buf, size_t buflen);

/*
 * Set `key` to `value` in cfg as if the line `key = value` had been written
 * last in its file (the command lines' `--set KEY=VALUE`): the value is
 * checked as the parser checks it, then the whole configuration again.
 * Returns 0, or -1 with "--set KEY=VALUE: message" in err and cfg
 * unchanged.  `preset` cannot be set this way.
 */
int config_set(struct simt_config *cfg, const char *key, const char *value,
               char *err, size_t errlen);

/* The same for the text "KEY=VALUE" of one --set option. */
int config_set_arg(struct simt_config *cfg, const char *arg,
                   char *err, size_t errlen);

/* The same for the n texts of every --set option of a command line, in
 * order: each is parsed as config_set parses it (a later one overrides an
 * earlier), and the whole configuration is checked once, after the last,
 * so that settings that depend on each other can be given together.
 * Returns 0, or -1 with the message and cfg unchanged. */
int config_set_args(struct simt_config *cfg, const char *const *args,
                    size_t n, char *err, size_t errlen);

/*
 * Value of one key as text ("8", "mwf_lrr", ...) into buf.  Returns 0, or
 * -1 when the key is unknown, is not in this configuration (a HARP key not
 * given under reconvergence = sbr) or its text does not fit in buf.
 */
int config_get(const struct simt_config *cfg, const char *key,
               char *buf, size_t buflen);

/* 1 when `key` belongs to cfg's reconvergence mode (it is used), else 0
 * (a HARP key under reconvergence = sbr, or no such key). */
int config_key_used(const struct simt_config *cfg, const char *key);

/* Write every key in cfg as `key = value` lines, in struct order, a key
 * of another mode followed by "# unused: ..."; the output loads back to
 * the same configuration. */
void config_print(const struct simt_config *cfg, FILE *out);

/* The key table as a Markdown table (key, accepted values, modes,
 * meaning): the reference of docs/configuration.md. */
void config_describe_keys(FILE *out);

/* Names used in files for the enumerations ("?" for a value outside).
 * config_reconvergence_name(r) for r from 0 to RECONV_COUNT - 1 is the
 * one list of the control-flow modes (simtref config --modes). */
const char *config_reconvergence_name(enum reconvergence r);

/* 1 when cfg can run under mode r: `--set reconvergence=` r's name gives
 * a valid configuration (every key of that mode is given), else 0. */
int config_runs_mode(const struct simt_config *cfg, enum reconvergence r);
const char *config_rbt_organisation_name(enum rbt_organisation o);
const char *config_sched_name(enum sched_policy s);
const char *config_fetch_name(enum fetch_policy f);
const char *config_waiting_lookup_loads_name(enum waiting_lookup_loads w);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_CONFIG_H */
