/*
 * config_keys.h -- the configuration layer's own view of its keys and of
 * a file being read: the key table, the parser's state and its error
 * reporting, shared by config.c (reading), config_check.c (the file as a
 * whole) and config_keys.c (the table, printing).  Nothing outside the
 * configuration layer includes it: the rest of simtref sees config.h.
 */
#ifndef SIMTREF_CONFIG_KEYS_H
#define SIMTREF_CONFIG_KEYS_H

#include <stdarg.h>
#include <stddef.h>
#include "config.h"

enum {
    LINE_LIMIT = 1024,      /* longest accepted line, newline excluded */
    AREA_LIMIT = 10000,     /* die_mm2 must be below this */
    NAME_LIMIT = 64         /* longest key or value (no key or value is near) */
};

/*
 * THE KEY TABLE: every configuration key, described once.  One X(...) row
 * per key, in the order of struct simt_config (ORDER KEY): the enum key_id
 * below, the table key_table[] that the parser, config_get, config_print
 * and config_describe_keys (the docs) read, and the struct's field all
 * follow it.  A row names
 *   ID      the key_id the whole-file checks use (KEY_ID),
 *   FIELD   the field of struct simt_config it sets (and the key's name),
 *   KIND    how its value is read (enum value_kind),
 *   MIN MAX its range (VAL_UNSIGNED, VAL_POW2),
 *   CHOICES its names (VAL_ENUM; indexed by the enum's values),
 *   MODES   the reconvergence modes the key belongs to (a key given under
 *           another mode is kept and ignored: config_print calls it unused),
 *   DOC     one line for the docs.
 * Adding a key: a row here and a field in struct simt_config.
 */
#define MODES_ALL  (MODE(RECONV_SBR) | MODE(RECONV_HARP) | MODE(RECONV_MINPC) \
                    | MODE(RECONV_ICS_FIRST))
#define MODES_HARP MODE(RECONV_HARP)
#define MODE(r)    (1u << (r))

#define CONFIG_KEYS(X)                                                        \
    /* SM organisation */                                                     \
    X(SCHEDULERS, schedulers, VAL_UNSIGNED, 1, CONFIG_MAX_SCHEDULERS, NULL,   \
      MODES_ALL, "warp schedulers per SM")                                    \
    X(THREADS_PER_SCHEDULER, threads_per_scheduler, VAL_UNSIGNED, 1, 65536,   \
      NULL, MODES_ALL, "threads resident per warp scheduler")                 \
    X(SIMD_GROUPS, simd_groups, VAL_UNSIGNED, 1, 16, NULL, MODES_ALL,         \
      "SIMD groups (execution pipelines) per SM")                             \
    X(SIMD_WIDTH, simd_width, VAL_POW2, 1, 64, NULL, MODES_ALL,               \
      "lanes per SIMD group")                                                 \
    X(PIPELINE_DEPTH, pipeline_depth, VAL_UNSIGNED, 1, 64, NULL, MODES_ALL,   \
      "pipeline stages (TLS's active group)")                                 \
    X(ALU_LATENCY, alu_latency, VAL_UNSIGNED, 1, 1024, NULL, MODES_ALL,       \
      "cycles from an ALU instruction's issue until its result is read")      \
    X(MUL_LATENCY, mul_latency, VAL_UNSIGNED, 1, 1024, NULL, MODES_ALL,       \
      "cycles from a multiply's issue until its result is read")              \
    X(DIV_LATENCY, div_latency, VAL_UNSIGNED, 1, 1024, NULL, MODES_ALL,       \
      "cycles from a divide or remainder's issue until its result is read")   \
    X(OPERAND_READ_CYCLES, operand_read_cycles, VAL_UNSIGNED, 0, 1, NULL,     \
      MODES_ALL, "cycles from a warp's grant to its execution: 0 executes "  \
      "it in the grant's cycle (GPGPU-Sim's timing), 1 reads its registers " \
      "at the grant's edge and executes it in the next cycle")              \
    X(WARP_SIZE, warp_size, VAL_POW2, 1, 64, NULL, MODES_ALL,                 \
      "threads per warp")                                                     \
    X(MAX_TBS, max_tbs, VAL_UNSIGNED, 2, CONFIG_MAX_TBS, NULL, MODES_ALL,     \
      "thread blocks resident per SM")                                        \
    X(MAX_WARPS_PER_TB, max_warps_per_tb, VAL_UNSIGNED, 2, 1024, NULL,        \
      MODES_ALL, "warps of one thread block")                                 \
    X(THREAD_ID_BITS, thread_id_bits, VAL_UNSIGNED, 1, 24, NULL, MODES_ALL,   \
      "bits of a thread id (log2 of the threads a TB can hold)")              \
    X(PC_BITS, pc_bits, VAL_UNSIGNED, 4, 64, NULL, MODES_ALL,                 \
      "bits of a program counter")                                            \
    X(L1D_KB, l1d_kb, VAL_UNSIGNED, 1, 4096, NULL, MODES_ALL,                 \
      "L1 data cache size, KiB")                                              \
    X(L1D_WAYS, l1d_ways, VAL_UNSIGNED, 1, 64, NULL, MODES_ALL,               \
      "L1 data cache ways")                                                   \
    X(L1D_LINE_BYTES, l1d_line_bytes, VAL_POW2, 4, 1024, NULL, MODES_ALL,     \
      "L1 data cache line, bytes")                                            \
    X(SHARED_KB, shared_kb, VAL_UNSIGNED, 1, 1024, NULL, MODES_ALL,           \
      "shared memory per SM, KiB: the TBs resident share it")                 \
    /* Memory hierarchy (golden/structures/lsu.h) */                                     \
    X(L1D_HIT_LATENCY, l1d_hit_latency, VAL_UNSIGNED, 1, 1000, NULL,          \
      MODES_ALL, "cycles from an L1 hit (or a shared access) to its data")   \
    X(L1D_MSHRS, l1d_mshrs, VAL_UNSIGNED, 1, 256, NULL, MODES_ALL,            \
      "L1 misses outstanding at once (MSHRs)")                                \
    X(LSU_WRITEBACKS, lsu_writebacks, VAL_UNSIGNED, 1, 64, NULL, MODES_ALL,   \
      "loads and atomics the LSU writes back a cycle (its register-file "     \
      "write ports)")                                                         \
    X(SHARED_BANKS, shared_banks, VAL_POW2, 1, 64, NULL, MODES_ALL,           \
      "shared-memory banks")                                                  \
    X(SHARED_BANK_BYTES, shared_bank_bytes, VAL_POW2, 4, 16, NULL, MODES_ALL, \
      "bytes of a shared-memory bank's word")                                 \
    X(DRAM_LATENCY, dram_latency, VAL_UNSIGNED, 1, 100000, NULL, MODES_ALL,   \
      "SM cycles a DRAM read takes besides its transfer")                     \
    X(DRAM_MB_S, dram_mb_s, VAL_UNSIGNED, 1, 10000000, NULL, MODES_ALL,       \
      "DRAM bandwidth of the chip, MB/s (shared by the sms SMs)")             \
    X(CORE_MHZ, core_mhz, VAL_UNSIGNED, 1, 10000, NULL, MODES_ALL,            \
      "SM clock, MHz")                                                        \
    /* Control flow */                                                        \
    X(RECONVERGENCE, reconvergence, VAL_ENUM, 0, 0, reconvergence_names,      \
      MODES_ALL, "control-flow mode: SBR stacks, HARP tables, min(SP:PC) "    \
      "(Collange) or ICS-First priorities")                                   \
    X(FIRST_LEVEL_ENTRIES, first_level_entries, VAL_UNSIGNED, 1, 256, NULL,   \
      MODES_HARP, "First-Level warps the scheduler picks from")               \
    X(SECOND_LEVEL_ENTRIES, second_level_entries, VAL_UNSIGNED, 1,            \
      CONFIG_MAX_SECOND_LEVEL, NULL, MODES_HARP, "Second-Level warps")        \
    X(READY_LOOKUP_ENTRIES, ready_lookup_entries, VAL_UNSIGNED, 1, 256, NULL, \
      MODES_HARP, "Ready-Lookup entries")                                     \
    X(WAITING_LOOKUP_ENTRIES, waiting_lookup_entries, VAL_UNSIGNED, 1, 256,   \
      NULL, MODES_HARP, "Waiting-Lookup entries")                             \
    X(RBT_ENTRIES, rbt_entries, VAL_UNSIGNED, 1, CONFIG_MAX_RBT_ENTRIES,      \
      NULL, MODES_HARP, "re-convergence barriers of the RBT")                 \
    X(RBT_WAYS, rbt_ways, VAL_UNSIGNED, 1, CONFIG_MAX_RBT_ENTRIES, NULL,      \
      MODES_HARP, "RBT ways (divides rbt_entries into a power of two sets)")  \
    X(RBT_ORGANISATION, rbt_organisation, VAL_ENUM, 0, 0,                     \
      rbt_organisation_names, MODES_HARP,                                     \
      "one bank per lane (Fig. 9) or one multi-ported bank (Fig. 8)")         \
    X(RBT_PIPELINE_STAGES, rbt_pipeline_stages, VAL_POW2, 1, 4, NULL,         \
      MODES_HARP, "RBT access stages")                                        \
    /* The upper bound second_level_entries is checked with the file. */      \
    X(LOOKUP_TO_SECOND_THRESHOLD, lookup_to_second_threshold, VAL_UNSIGNED,   \
      1, 65536, NULL, MODES_HARP,                                             \
      "Second-Level occupancy below which lookups move to the Second-Level")  \
    X(WAITING_LOOKUP_LOADS, waiting_lookup_loads, VAL_ENUM, 0, 0,             \
      waiting_lookup_loads_names, MODES_HARP,                                 \
      "global loads that send a warp to the Waiting-Lookup: every (HARP "     \
      "4.2.1), miss (of the L1) or none (what-if choices)")                   \
    /* Scheduling and fetch */                                                \
    X(SCHEDULER, scheduler, VAL_ENUM, 0, 0, sched_names, MODES_ALL,           \
      "issue scheduling policy")                                              \
    X(FETCH, fetch, VAL_ENUM, 0, 0, fetch_names, MODES_ALL, "fetch policy")   \
    X(IBUFFER_SLOTS, ibuffer_slots, VAL_UNSIGNED, 1, 8, NULL, MODES_ALL,      \
      "I-buffer entries per warp")                                            \
    /* Stack-less arbitration and the stack-based baseline */                 \
    X(SP_BITS, sp_bits, VAL_UNSIGNED, 1, 64, NULL, MODES_ALL,                 \
      "per-lane stack pointer bits, compared before the PC")                  \
    /* The lower bound log2(l1d_line_bytes) + 1 is checked with the file. */  \
    X(ADDR_BITS, addr_bits, VAL_UNSIGNED, 4, 64, NULL, MODES_ALL,             \
      "byte address bits of the arbiter's memory mode")                       \
    X(ICS_PRIORITY_LEVELS, ics_priority_levels, VAL_UNSIGNED, 1, 32, NULL,    \
      MODES_ALL, "priority levels of the ICS-First arbiter")                  \
    X(SBR_STACK_DEPTH, sbr_stack_depth, VAL_UNSIGNED, 1, 64, NULL, MODES_ALL, \
      "entries of the per-warp SBR stack")                                    \
    /* Chip and technology */                                                 \
    X(SMS, sms, VAL_UNSIGNED, 1, 1024, NULL, MODES_ALL, "SMs per chip")       \
    X(TECH_NM, tech_nm, VAL_UNSIGNED, 5, 500, NULL, MODES_ALL,                \
      "feature size, nm")                                                     \
    X(DIE_MM2, die_mm2, VAL_AREA, 0, 0, NULL, MODES_ALL,                      \
      "published die area of the chip, mm^2")

/* One identifier per key (ORDER KEY). */
#define KEY_ENUM(id, field, kind, min, max, choices, modes, doc) KEY_##id,
enum key_id { CONFIG_KEYS(KEY_ENUM) KEY_COUNT };
#undef KEY_ENUM

enum value_kind {
    VAL_UNSIGNED,   /* decimal integer in [min, max] */
    VAL_POW2,       /* decimal integer in [min, max] and a power of two */
    VAL_ENUM,       /* one of the names in `choices` */
    VAL_AREA        /* decimal number, 0 < x < AREA_LIMIT */
};

struct key_info {
    const char *name;               /* the key in files, = the field's name */
    enum value_kind kind;           /* how its value is read */
    unsigned long min, max;         /* for VAL_UNSIGNED and VAL_POW2 */
    const char *const *choices;     /* for VAL_ENUM, NULL-terminated */
    unsigned modes;                 /* MODE(r) of each reconvergence it belongs to */
    size_t offset;                  /* of its field in struct simt_config */
    const char *doc;                /* one line for the docs */
};

const struct key_info *config_key_info(enum key_id k);
const char *config_key_name(enum key_id k);

/* The key called `name`, or KEY_COUNT when there is none. */
enum key_id config_find_key(const char *name);

/* Describe the values key k accepts, e.g. "1..64", "a power of two in
 * 1..64", "1, 2, 4" or "sbr, harp", into buf. */
void config_describe_accepted(enum key_id k, char *buf, size_t len);

/* ------------------------------------------------------------------------
 * Parser state and error reporting
 * ---------------------------------------------------------------------- */

_Static_assert(KEY_COUNT <= 64, "keys_given has a bit per key");

struct parser {
    const char *path;                       /* the file named in messages */
    const char *set_text;                   /* reading `--set KEY=VALUE`: it,
                                               named in messages instead of
                                               path:line; else NULL */
    char base[CONFIG_NAME_LEN + 32];        /* where keys not set here come
                                               from ("preset tiny"), or "" */
    int depth;                              /* 1 while reading a preset that
                                               a file starts from */
    unsigned line;                          /* lines read so far */
    unsigned set_line[KEY_COUNT];           /* where each key was set; 0: not
                                               here */
    unsigned char given[KEY_COUNT];         /* set here or in the base */
    unsigned long long value[KEY_COUNT];    /* integers and enum indexes */
    double area;                            /* the value of die_mm2 */
    char *err;                              /* caller's buffer, may be NULL */
    size_t errlen;
};

/* Write "path:line: message" (or "--set KEY=VALUE: message") to the
 * caller's buffer; returns -1. */
int config_vfail(struct parser *p, unsigned line, const char *fmt, va_list ap);
int config_fail(struct parser *p, unsigned line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/*
 * Report a disagreement between the n keys in `keys` (all of them given),
 * on the line of the key set last, naming the others' lines.
 */
int config_fail_between(struct parser *p, const enum key_id *keys, size_t n,
                        const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* The checks of the file as a whole (config_check.c): the keys of the
 * mode all given, and the keys that constrain one another agreeing.  0,
 * or -1 with the message in p's buffer. */
int config_check_file(struct parser *p);

#endif /* SIMTREF_CONFIG_KEYS_H */
