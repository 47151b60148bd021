/*
 * config.c -- read, check and print SM configuration files.
 *
 * A file is read one line at a time.  Each `key = value` line is checked on
 * its own as soon as it is read: the key must be known and not yet set, the
 * value must parse and lie in the key's range.  After the last line the
 * file is checked as a whole: HARP keys must not appear under SBR, every
 * required key must be present, and keys that constrain one another must
 * agree.  The first problem found stops the load.
 *
 * While reading, values live in a struct parser together with the line on
 * which each key was set, so that every message can name a line.  Only a
 * file that passes every check is copied into the caller's simt_config.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "read_file.h"

#ifndef SIMTREF_CONFIG_DIR_DEFAULT
#define SIMTREF_CONFIG_DIR_DEFAULT "configs"
#endif

const char *const config_preset_names[] = {
    "fermi-sbr", "fermi-harp", "gtx480-baws", "tiny", NULL
};

enum {
    LINE_LIMIT = 1024,      /* longest accepted line, newline excluded */
    AREA_LIMIT = 10000,     /* die_mm2 must be below this */
    NAME_LIMIT = 64         /* longest key or value (no key or value is near) */
};

/* ------------------------------------------------------------------------
 * The keys
 * ---------------------------------------------------------------------- */

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
    /* Memory hierarchy (golden/lsu.h) */                                     \
    X(L1D_HIT_LATENCY, l1d_hit_latency, VAL_UNSIGNED, 1, 1000, NULL,          \
      MODES_ALL, "cycles from an L1 hit (or a shared access) to its data")   \
    X(L1D_MSHRS, l1d_mshrs, VAL_UNSIGNED, 1, 256, NULL, MODES_ALL,            \
      "L1 misses outstanding at once (MSHRs)")                                \
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

/* Names of the enumerations, indexed by their enum values. */
static const char *const reconvergence_names[] = {
    "sbr", "harp", "minpc", "ics-first", NULL       /* ORDER RECONV */
};
_Static_assert(sizeof reconvergence_names / sizeof reconvergence_names[0]
               == RECONV_COUNT + 1, "a name per enum reconvergence, then NULL");
static const char *const rbt_organisation_names[] = {
    "banked", "multiport", NULL
};
static const char *const sched_names[] = {
    "lrr", "gto", "tls", "mwf_lrr", "mwf_gto", "saws", NULL
};
static const char *const fetch_names[] = { "lrr", "cff", "fef", NULL };
static const char *const waiting_lookup_loads_names[] = {
    "every", "miss", "none", NULL                   /* ORDER WLOADS */
};

/* An unsigned key sets an unsigned field, an enumeration an enum field
 * (stored as an unsigned: the sizes are checked below), die_mm2 a double. */
#define FIELD_SIZE_OK(id, field, kind, min, max, choices, modes, doc)        \
    _Static_assert(sizeof ((struct simt_config *)0)->field ==                \
                   ((kind) == VAL_AREA ? sizeof(double) : sizeof(unsigned)), \
                   "the field of key " #field " has the wrong size");
CONFIG_KEYS(FIELD_SIZE_OK)
#undef FIELD_SIZE_OK

#define KEY_ROW(id, field, kind, min, max, choices, modes, doc)              \
    [KEY_##id] = { #field, kind, min, max, choices, modes,                   \
                   offsetof(struct simt_config, field), doc },
static const struct key_info key_table[KEY_COUNT] = { CONFIG_KEYS(KEY_ROW) };
#undef KEY_ROW

static const struct key_info *key_info(enum key_id k)
{
    return &key_table[k];
}

static const char *key_name(enum key_id k)
{
    return key_table[k].name;
}

/* The key called `name`, or KEY_COUNT when there is none. */
static enum key_id find_key(const char *name)
{
    int k;

    for (k = 0; k < KEY_COUNT; k++)
        if (strcmp(key_name((enum key_id)k), name) == 0)
            break;
    return (enum key_id)k;
}

/*
 * Describe the values key k accepts, e.g. "1..64", "a power of two in
 * 1..64", "1, 2, 4" or "sbr, harp", into buf.
 */
static void describe_accepted(enum key_id k, char *buf, size_t len)
{
    const struct key_info ki = *key_info(k);
    size_t used = 0;
    unsigned long v;
    int i;

    buf[0] = '\0';
    switch (ki.kind) {
    case VAL_UNSIGNED:
        snprintf(buf, len, "%lu..%lu", ki.min, ki.max);
        break;
    case VAL_POW2:
        if (ki.max / ki.min <= 4) {         /* few enough to list */
            for (v = ki.min; v <= ki.max && used < len; v *= 2)
                used += (size_t)snprintf(buf + used, len - used, "%s%lu",
                                         v == ki.min ? "" : ", ", v);
        } else {
            snprintf(buf, len, "a power of two in %lu..%lu", ki.min, ki.max);
        }
        break;
    case VAL_ENUM:
        for (i = 0; ki.choices[i] && used < len; i++)
            used += (size_t)snprintf(buf + used, len - used, "%s%s",
                                     i ? ", " : "", ki.choices[i]);
        break;
    case VAL_AREA:
        snprintf(buf, len, "a decimal number greater than 0 and less than %d",
                 AREA_LIMIT);
        break;
    }
}

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
static int vfail(struct parser *p, unsigned line, const char *fmt, va_list ap)
{
    char msg[CONFIG_ERR_LEN];

    vsnprintf(msg, sizeof msg, fmt, ap);
    if (p->err && p->errlen > 0) {
        if (p->set_text)
            snprintf(p->err, p->errlen, "--set %s: %s", p->set_text, msg);
        else
            snprintf(p->err, p->errlen, "%s:%u: %s", p->path, line, msg);
    }
    return -1;
}

static int fail(struct parser *p, unsigned line, const char *fmt, ...)
{
    va_list ap;
    int rc;

    va_start(ap, fmt);
    rc = vfail(p, line, fmt, ap);
    va_end(ap);
    return rc;
}

/*
 * Report a disagreement between the n keys in `keys` (all of them given).
 * The error is placed on the line of the key set last, and the lines of
 * the others are appended to the message, e.g. "... (line 11)"; keys that
 * come from the base are named by it, "... (line 11; the rest from preset
 * tiny)".
 */
static int fail_between(struct parser *p, const enum key_id *keys, size_t n,
                        const char *fmt, ...)
{
    char msg[CONFIG_ERR_LEN];
    size_t used, i, last = 0, others = 0, inherited = 0;
    va_list ap;

    for (i = 1; i < n; i++)
        if (p->set_line[keys[i]] > p->set_line[keys[last]])
            last = i;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);

    used = strlen(msg);
    for (i = 0; i < n; i++)
        if (i != last && p->set_line[keys[i]] == 0)
            inherited++;
    for (i = 0; i < n && used < sizeof msg; i++) {
        if (i == last || p->set_line[keys[i]] == 0)
            continue;
        used += (size_t)snprintf(msg + used, sizeof msg - used, "%s%u",
                                 others == 0 ? (n - inherited > 2 ? " (lines "
                                                                  : " (line ")
                                             : ", ",
                                 p->set_line[keys[i]]);
        others++;
    }
    if (inherited > 0 && used < sizeof msg)
        used += (size_t)snprintf(msg + used, sizeof msg - used,
                                 "%sthe rest from %s", others ? "; " : " (",
                                 p->base);
    if ((others > 0 || inherited > 0) && used < sizeof msg)
        snprintf(msg + used, sizeof msg - used, ")");
    return fail(p, p->set_line[keys[last]], "%s", msg);
}

/* ------------------------------------------------------------------------
 * Reading lines and values
 * ---------------------------------------------------------------------- */

/*
 * The text: a file read whole (read_file) or a buffer in memory (the
 * same parser reads both).
 */
struct input {
    const char *buf;        /* NULL: read the file at the parser's path */
    size_t len, pos;
};

static int next_char(struct input *in)
{
    return in->pos < in->len ? (unsigned char)in->buf[in->pos++] : EOF;
}

/*
 * Read one line, without its newline, into buf (LINE_LIMIT + 1 bytes).
 * Returns 1 when a line was read, 0 at end of file, -1 when the line is
 * longer than LINE_LIMIT and -2 when it contains a NUL byte.
 */
static int read_line(struct input *in, char *buf)
{
    size_t n = 0;
    int c;

    while ((c = next_char(in)) != EOF && c != '\n') {
        if (c == '\0')
            return -2;
        if (n == LINE_LIMIT)
            return -1;
        buf[n++] = (char)c;
    }
    buf[n] = '\0';
    return c == EOF && n == 0 ? 0 : 1;
}

/* Strip leading and trailing white space from s in place; returns the
 * first character kept. */
static char *trim(char *s)
{
    char *end;

    while (isspace((unsigned char)*s))
        s++;
    end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        end--;
    *end = '\0';
    return s;
}

/*
 * Read the unsigned decimal integer of key k from text.  Accepts digits
 * only (leading zeros allowed); stores the number in p->value[k].
 */
static int parse_unsigned(struct parser *p, enum key_id k, const char *text)
{
    const struct key_info ki = *key_info(k);
    unsigned long long v = 0;
    int too_big = 0;
    char accepted[128];
    const char *s;

    describe_accepted(k, accepted, sizeof accepted);
    if (text[0] == '-')
        return fail(p, p->line, "%s = %s is negative (accepted: %s)",
                    ki.name, text, accepted);
    if (text[0] == '+')
        return fail(p, p->line, "%s = '%s': a sign is not allowed "
                    "(accepted: %s)", ki.name, text, accepted);
    if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        return fail(p, p->line, "%s = '%s': hexadecimal is not accepted, "
                    "write the number in decimal (accepted: %s)",
                    ki.name, text, accepted);
    if (!isdigit((unsigned char)text[0]))
        return fail(p, p->line, "%s = '%s' is not an unsigned decimal integer "
                    "(accepted: %s)", ki.name, text, accepted);

    for (s = text; isdigit((unsigned char)*s); s++) {
        if (too_big)
            continue;               /* keep scanning to find trailing junk */
        v = v * 10 + (unsigned long long)(*s - '0');    /* v <= max so far */
        if (v > ki.max)
            too_big = 1;
    }
    if (*s != '\0')
        return fail(p, p->line, "%s = '%s' has trailing characters after the "
                    "number (accepted: %s)", ki.name, text, accepted);
    if (too_big || v < ki.min || v > ki.max)
        return fail(p, p->line, "%s = %s is out of range (accepted: %s)",
                    ki.name, text, accepted);
    if (ki.kind == VAL_POW2 && !is_pow2(v))
        return fail(p, p->line, "%s = %s is not a power of two (accepted: %s)",
                    ki.name, text, accepted);
    p->value[k] = v;
    return 0;
}

/* Read the name of an enumeration value; stores its index in p->value[k]. */
static int parse_enum(struct parser *p, enum key_id k, const char *text)
{
    const struct key_info ki = *key_info(k);
    char accepted[128];
    int i;

    for (i = 0; ki.choices[i]; i++) {
        if (strcmp(ki.choices[i], text) == 0) {
            p->value[k] = (unsigned long long)i;
            return 0;
        }
    }
    describe_accepted(k, accepted, sizeof accepted);
    return fail(p, p->line, "%s = '%s' is not one of the accepted values (%s)",
                ki.name, text, accepted);
}

/*
 * Whether text is made only of the characters of a decimal number and
 * starts (after an optional sign) with a digit or '.'.  This keeps
 * hexadecimal, "inf" and "nan", which strtod would accept, out.
 */
static int looks_decimal(const char *text)
{
    const char *s = text + strspn(text, "+-");

    if (strspn(text, "0123456789.eE+-") != strlen(text))
        return 0;
    return isdigit((unsigned char)*s) || *s == '.';
}

/* Read die_mm2: a decimal number such as 529, 529.5 or 5.29e2. */
static int parse_area(struct parser *p, enum key_id k, const char *text)
{
    char accepted[128];
    char *end;
    double v;

    describe_accepted(k, accepted, sizeof accepted);
    if (!looks_decimal(text))
        return fail(p, p->line, "%s = '%s' is not a decimal number "
                    "(accepted: %s)", key_name(k), text, accepted);
    errno = 0;
    v = strtod(text, &end);
    if (end == text || *end != '\0')
        return fail(p, p->line, "%s = '%s' is not a decimal number "
                    "(accepted: %s)", key_name(k), text, accepted);
    if (errno == ERANGE || !isfinite(v) || !(v > 0) || !(v < AREA_LIMIT))
        return fail(p, p->line, "%s = %s is out of range (accepted: %s)",
                    key_name(k), text, accepted);
    p->area = v;
    return 0;
}

/* ------------------------------------------------------------------------
 * Checking one line
 * ---------------------------------------------------------------------- */

/* Edit distance between a and b, or a large number when either is long. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t row[CONFIG_NAME_LEN + 1];
    size_t la = strlen(a), lb = strlen(b), i, j;

    if (la > CONFIG_NAME_LEN || lb > CONFIG_NAME_LEN)
        return (size_t)-1;
    for (j = 0; j <= lb; j++)
        row[j] = j;
    for (i = 1; i <= la; i++) {
        size_t diag = row[0];           /* distance(a[0..i-1), b[0..j-1)) */
        row[0] = i;
        for (j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

static int unknown_key(struct parser *p, const char *key)
{
    size_t best = 3;                    /* suggest only within distance 2 */
    enum key_id guess = KEY_COUNT;
    int k;

    if (strcmp(key, "name") == 0)
        return fail(p, p->line, "unknown key 'name' (the name of a "
                    "configuration is its file name without .conf)");
    for (k = 0; k < KEY_COUNT; k++) {
        size_t d = edit_distance(key, key_name((enum key_id)k));
        if (d < best) {
            best = d;
            guess = (enum key_id)k;
        }
    }
    if (guess != KEY_COUNT)
        return fail(p, p->line, "unknown key '%s' (did you mean '%s'?)",
                    key, key_name(guess));
    return fail(p, p->line, "unknown key '%s'", key);
}

static int load_preset_file(const char *name, struct simt_config *cfg,
                            char *err, size_t errlen, int depth);

/* Take every key given in base as the starting value of p's keys. */
static void inherit(struct parser *p, const struct simt_config *base)
{
    int k;

    for (k = 0; k < KEY_COUNT; k++) {
        const struct key_info *ki = key_info((enum key_id)k);
        const char *field = (const char *)base + ki->offset;
        unsigned u;

        if (!(base->keys_given >> k & 1))
            continue;
        p->given[k] = 1;
        if (ki->kind == VAL_AREA) {
            memcpy(&p->area, field, sizeof p->area);
        } else {
            memcpy(&u, field, sizeof u);
            p->value[k] = u;
        }
    }
}

/* `preset = NAME`, the first key of a file: start from the preset. */
static int start_from_preset(struct parser *p, const char *name)
{
    char sub[CONFIG_ERR_LEN];
    struct simt_config base;
    int k;

    if (p->depth > 0)
        return fail(p, p->line, "a preset cannot start from another preset "
                    "(preset = %s)", name);
    for (k = 0; k < KEY_COUNT; k++)
        if (p->set_line[k] || p->given[k])
            return fail(p, p->line, "preset = %s must come before every "
                        "other key (%s is set on line %u)", name,
                        key_name((enum key_id)k), p->set_line[k]);
    if (load_preset_file(name, &base, sub, sizeof sub, p->depth + 1) != 0)
        return fail(p, p->line, "preset = %s: %s", name, sub);
    inherit(p, &base);
    snprintf(p->base, sizeof p->base, "preset %s", name);
    return 0;
}

/* Check one line of text (no newline) and record the key it sets. */
static int parse_line(struct parser *p, char *text)
{
    const char *line = text;
    char *hash = strchr(text, '#');
    char *eq, *key, *value, *s;
    char accepted[128];
    enum key_id k;

    if (hash)
        *hash = '\0';
    text = trim(text);
    if (text[0] == '\0')
        return 0;
    /* Bytes that would garble a message: control characters, and
     * anything but ASCII outside a comment. */
    for (s = text; *s; s++)
        if (!isprint((unsigned char)*s) && *s != '\t')
            return fail(p, p->line, "byte 0x%02x in column %u: keys and values "
                        "are printable ASCII (other text only after '#')",
                        (unsigned)(unsigned char)*s, (unsigned)(s - line) + 1);

    eq = strchr(text, '=');
    if (!eq)
        return fail(p, p->line, "expected 'key = value' but found no '=' "
                    "in '%s'", text);
    *eq = '\0';
    key = trim(text);
    value = trim(eq + 1);
    if (key[0] == '\0')
        return fail(p, p->line, "missing key before '='");
    if (strlen(key) > NAME_LIMIT)
        return fail(p, p->line, "unknown key '%.24s...' (%u characters, "
                    "longer than any key)", key, (unsigned)strlen(key));
    if (strlen(value) > NAME_LIMIT)
        return fail(p, p->line, "the value of '%.*s' is %u characters long "
                    "(at most %d): '%.24s...'", NAME_LIMIT, key,
                    (unsigned)strlen(value), NAME_LIMIT, value);

    if (strcmp(key, "preset") == 0) {
        if (p->set_text)
            return fail(p, p->line, "preset = NAME can only be the first key "
                        "of a file; use --preset NAME");
        if (p->base[0])
            return fail(p, p->line, "duplicate key 'preset'");
        if (value[0] == '\0')
            return fail(p, p->line, "empty value for key 'preset'");
        return start_from_preset(p, value);
    }
    k = find_key(key);
    if (k == KEY_COUNT)
        return unknown_key(p, key);
    if (p->set_line[k])
        return fail(p, p->line, "duplicate key '%s' (first set on line %u)",
                    key, p->set_line[k]);
    if (value[0] == '\0') {
        describe_accepted(k, accepted, sizeof accepted);
        return fail(p, p->line, "empty value for key '%s' (accepted: %s)",
                    key, accepted);
    }

    switch (key_info(k)->kind) {
    case VAL_UNSIGNED:
    case VAL_POW2:
        if (parse_unsigned(p, k, value) != 0)
            return -1;
        break;
    case VAL_ENUM:
        if (parse_enum(p, k, value) != 0)
            return -1;
        break;
    case VAL_AREA:
        if (parse_area(p, k, value) != 0)
            return -1;
        break;
    }
    p->set_line[k] = p->line;
    p->given[k] = 1;
    return 0;
}

/* Read every line of the input; stops at the first problem. */
static int parse_file(struct parser *p, struct input *in)
{
    char buf[LINE_LIMIT + 1];
    int rc;

    for (;;) {
        rc = read_line(in, buf);
        if (rc == 0)
            break;
        p->line++;
        if (rc == -1)
            return fail(p, p->line, "line is longer than %d characters",
                        LINE_LIMIT);
        if (rc == -2)
            return fail(p, p->line, "line contains a NUL byte");
        if (parse_line(p, buf) != 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * Checking the file as a whole
 * ---------------------------------------------------------------------- */

static int is_harp(const struct parser *p)
{
    return p->value[KEY_RECONVERGENCE] == RECONV_HARP;
}

/* Whether key k belongs to the reconvergence mode p selects. */
static int key_used(const struct parser *p, enum key_id k)
{
    return key_info(k)->modes >> p->value[KEY_RECONVERGENCE] & 1;
}

/*
 * Every key of the selected mode must be given; reported just past the
 * last line.  Keys of other modes may be given: they are kept, and
 * ignored.
 */
static int check_missing_keys(struct parser *p)
{
    char accepted[128];
    int k;

    for (k = 0; k < KEY_COUNT; k++) {
        const struct key_info *ki = key_info((enum key_id)k);
        if (p->given[k] || !key_used(p, (enum key_id)k))
            continue;
        describe_accepted((enum key_id)k, accepted, sizeof accepted);
        if (ki->modes != MODES_ALL)
            return fail(p, p->line + 1, "missing key '%s' (required when "
                        "reconvergence = %s; accepted: %s)", ki->name,
                        reconvergence_names[p->value[KEY_RECONVERGENCE]],
                        accepted);
        return fail(p, p->line + 1, "missing key '%s' (accepted: %s)",
                    ki->name, accepted);
    }
    return 0;
}

static int check_sm_organisation(struct parser *p)
{
    const unsigned long long *v = p->value;
    unsigned long long sm_threads =
        v[KEY_SCHEDULERS] * v[KEY_THREADS_PER_SCHEDULER];
    unsigned long long simd_bits = clog2(v[KEY_SIMD_WIDTH]);

    if (v[KEY_WARP_SIZE] % v[KEY_SIMD_WIDTH] != 0) {
        enum key_id keys[] = { KEY_SIMD_WIDTH, KEY_WARP_SIZE };
        return fail_between(p, keys, 2, "warp_size = %llu is not a multiple "
                            "of simd_width = %llu",
                            v[KEY_WARP_SIZE], v[KEY_SIMD_WIDTH]);
    }
    if (v[KEY_THREADS_PER_SCHEDULER] % v[KEY_WARP_SIZE] != 0) {
        enum key_id keys[] = { KEY_THREADS_PER_SCHEDULER, KEY_WARP_SIZE };
        return fail_between(p, keys, 2, "threads_per_scheduler = %llu is not "
                            "a multiple of warp_size = %llu",
                            v[KEY_THREADS_PER_SCHEDULER], v[KEY_WARP_SIZE]);
    }
    if (v[KEY_MAX_WARPS_PER_TB] * v[KEY_WARP_SIZE] > sm_threads) {
        enum key_id keys[] = { KEY_SCHEDULERS, KEY_THREADS_PER_SCHEDULER,
                               KEY_WARP_SIZE, KEY_MAX_WARPS_PER_TB };
        return fail_between(p, keys, 4, "max_warps_per_tb = %llu warps of "
                            "warp_size = %llu threads exceed the %llu threads "
                            "of the SM (schedulers = %llu x "
                            "threads_per_scheduler = %llu)",
                            v[KEY_MAX_WARPS_PER_TB], v[KEY_WARP_SIZE],
                            sm_threads, v[KEY_SCHEDULERS],
                            v[KEY_THREADS_PER_SCHEDULER]);
    }
    if ((1ULL << v[KEY_THREAD_ID_BITS]) < v[KEY_THREADS_PER_SCHEDULER]) {
        enum key_id keys[] = { KEY_THREADS_PER_SCHEDULER, KEY_THREAD_ID_BITS };
        return fail_between(p, keys, 2, "thread_id_bits = %llu can name only "
                            "%llu threads, fewer than threads_per_scheduler "
                            "= %llu", v[KEY_THREAD_ID_BITS],
                            1ULL << v[KEY_THREAD_ID_BITS],
                            v[KEY_THREADS_PER_SCHEDULER]);
    }
    if (v[KEY_THREAD_ID_BITS] <= simd_bits) {
        enum key_id keys[] = { KEY_SIMD_WIDTH, KEY_THREAD_ID_BITS };
        return fail_between(p, keys, 2, "thread_id_bits = %llu must exceed "
                            "log2(simd_width = %llu) = %llu",
                            v[KEY_THREAD_ID_BITS], v[KEY_SIMD_WIDTH],
                            simd_bits);
    }
    return 0;
}

static int check_l1d(struct parser *p)
{
    const unsigned long long *v = p->value;
    unsigned long long bytes = v[KEY_L1D_KB] * 1024;
    unsigned long long way_line = v[KEY_L1D_WAYS] * v[KEY_L1D_LINE_BYTES];
    enum key_id keys[] = { KEY_L1D_KB, KEY_L1D_WAYS, KEY_L1D_LINE_BYTES };

    if (bytes % way_line != 0)
        return fail_between(p, keys, 3, "l1d_kb = %llu (%llu bytes) is not "
                            "divisible by l1d_ways = %llu x l1d_line_bytes = "
                            "%llu", v[KEY_L1D_KB], bytes, v[KEY_L1D_WAYS],
                            v[KEY_L1D_LINE_BYTES]);
    if (!is_pow2(bytes / way_line))
        return fail_between(p, keys, 3, "the L1 data cache has %llu sets "
                            "(l1d_kb x 1024 / (l1d_ways x l1d_line_bytes)), "
                            "not a power of two", bytes / way_line);
    if (v[KEY_ADDR_BITS] <= (unsigned long long)clog2(v[KEY_L1D_LINE_BYTES])) {
        enum key_id akeys[] = { KEY_L1D_LINE_BYTES, KEY_ADDR_BITS };
        return fail_between(p, akeys, 2, "addr_bits = %llu leaves no "
                            "cache-line address above the %llu offset bits "
                            "of l1d_line_bytes = %llu", v[KEY_ADDR_BITS],
                            (unsigned long long)clog2(v[KEY_L1D_LINE_BYTES]),
                            v[KEY_L1D_LINE_BYTES]);
    }
    return 0;
}

static int check_harp_tables(struct parser *p)
{
    const unsigned long long *v = p->value;

    if (!is_harp(p))
        return 0;
    if (v[KEY_WARP_SIZE] != v[KEY_SIMD_WIDTH]) {
        enum key_id keys[] = { KEY_SIMD_WIDTH, KEY_WARP_SIZE,
                               KEY_RECONVERGENCE };
        return fail_between(p, keys, 3, "reconvergence = harp needs warps as "
                            "wide as the SIMD (HARP 4.2.4), but warp_size = "
                            "%llu and simd_width = %llu",
                            v[KEY_WARP_SIZE], v[KEY_SIMD_WIDTH]);
    }
    if (v[KEY_RBT_ENTRIES] % v[KEY_RBT_WAYS] != 0) {
        enum key_id keys[] = { KEY_RBT_ENTRIES, KEY_RBT_WAYS };
        return fail_between(p, keys, 2, "rbt_ways = %llu does not divide "
                            "rbt_entries = %llu",
                            v[KEY_RBT_WAYS], v[KEY_RBT_ENTRIES]);
    }
    if (!is_pow2(v[KEY_RBT_ENTRIES] / v[KEY_RBT_WAYS])) {
        enum key_id keys[] = { KEY_RBT_ENTRIES, KEY_RBT_WAYS };
        return fail_between(p, keys, 2, "rbt_entries = %llu / rbt_ways = %llu "
                            "gives %llu sets, not a power of two",
                            v[KEY_RBT_ENTRIES], v[KEY_RBT_WAYS],
                            v[KEY_RBT_ENTRIES] / v[KEY_RBT_WAYS]);
    }
    if (v[KEY_RBT_ENTRIES] / v[KEY_RBT_WAYS]
        > 1ULL << (v[KEY_THREAD_ID_BITS] - clog2(v[KEY_SIMD_WIDTH]))) {
        enum key_id keys[] = { KEY_SIMD_WIDTH, KEY_THREAD_ID_BITS,
                               KEY_RBT_ENTRIES, KEY_RBT_WAYS };
        return fail_between(p, keys, 4, "the RBT has %llu sets, more than "
                            "the %llu values of a thread id without its lane "
                            "bits (thread_id_bits = %llu - log2(simd_width = "
                            "%llu)) can select",
                            v[KEY_RBT_ENTRIES] / v[KEY_RBT_WAYS],
                            1ULL << (v[KEY_THREAD_ID_BITS]
                                     - clog2(v[KEY_SIMD_WIDTH])),
                            v[KEY_THREAD_ID_BITS], v[KEY_SIMD_WIDTH]);
    }
    if (v[KEY_LOOKUP_TO_SECOND_THRESHOLD] > v[KEY_SECOND_LEVEL_ENTRIES]) {
        enum key_id keys[] = { KEY_SECOND_LEVEL_ENTRIES,
                               KEY_LOOKUP_TO_SECOND_THRESHOLD };
        return fail_between(p, keys, 2, "lookup_to_second_threshold = %llu "
                            "is out of range (accepted: 1..second_level_entries "
                            "= %llu)", v[KEY_LOOKUP_TO_SECOND_THRESHOLD],
                            v[KEY_SECOND_LEVEL_ENTRIES]);
    }
    return 0;
}

static int check_file(struct parser *p)
{
    if (check_missing_keys(p) != 0)
        return -1;
    if (check_sm_organisation(p) != 0 || check_l1d(p) != 0
        || check_harp_tables(p) != 0)
        return -1;
    return 0;
}

/* ------------------------------------------------------------------------
 * Building the configuration
 * ---------------------------------------------------------------------- */

/* Copy the checked values into c (zeroed first).  Keys not given stay 0. */
static void build_config(const struct parser *p, const char *name,
                         struct simt_config *c)
{
    int k;

    memset(c, 0, sizeof *c);
    strcpy(c->name, name);
    for (k = 0; k < KEY_COUNT; k++) {
        const struct key_info *ki = key_info((enum key_id)k);
        char *field = (char *)c + ki->offset;
        unsigned u = (unsigned)p->value[k];

        if (!p->given[k])
            continue;
        c->keys_given |= 1ULL << k;
        if (ki->kind == VAL_AREA)
            memcpy(field, &p->area, sizeof p->area);
        else
            memcpy(field, &u, sizeof u);
    }
}

/*
 * The configuration name for path: its last component without ".conf".
 * Returns 0, or -1 when the name does not fit in CONFIG_NAME_LEN.
 */
static int name_from_path(const char *path, char name[CONFIG_NAME_LEN])
{
    const char *base = strrchr(path, '/');
    size_t len;

    base = base ? base + 1 : path;
    len = strlen(base);
    if (len > 5 && strcmp(base + len - 5, ".conf") == 0)
        len -= 5;
    if (len >= CONFIG_NAME_LEN)
        return -1;
    memcpy(name, base, len);
    name[len] = '\0';
    return 0;
}

/* ------------------------------------------------------------------------
 * The public functions
 * ---------------------------------------------------------------------- */

/* A parser that reports to err (emptied). */
static void parser_init(struct parser *p, const char *path, char *err,
                        size_t errlen, int depth)
{
    memset(p, 0, sizeof *p);
    p->path = path;
    p->err = err;
    p->errlen = errlen;
    p->depth = depth;
    if (err && errlen > 0)
        err[0] = '\0';
}

/*
 * Load the text of `in` as the file `path` (with no buffer in `in`, open
 * and read the file `path`): the one body behind config_load,
 * config_load_buffer and the presets.  depth is 1 for a preset a file
 * starts from.
 */
static int load_input(const char *path, struct input *in,
                      struct simt_config *cfg, char *err, size_t errlen,
                      int depth)
{
    struct parser p;
    char name[CONFIG_NAME_LEN], why[256], *text = NULL;
    int rc;

    memset(cfg, 0, sizeof *cfg);
    parser_init(&p, path, err, errlen, depth);
    if (name_from_path(path, name) != 0)
        return fail(&p, 0, "file name is too long for a configuration name "
                    "(at most %d characters without .conf)",
                    CONFIG_NAME_LEN - 1);
    if (!in->buf) {
        if (read_file(path, CONFIG_FILE_MAX, "a configuration file", &text,
                      &in->len, why, sizeof why) != READ_FILE_OK)
            return fail(&p, 0, "%s", why);
        in->buf = text;
    }
    rc = parse_file(&p, in);
    free(text);
    if (rc == 0)
        rc = check_file(&p);
    if (rc == 0)
        build_config(&p, name, cfg);
    return rc;
}

int config_load(const char *path, struct simt_config *cfg,
                char *err, size_t errlen)
{
    struct input in = { NULL, 0, 0 };

    return load_input(path, &in, cfg, err, errlen, 0);
}

int config_load_buffer(const char *path, const char *text, size_t len,
                       struct simt_config *cfg, char *err, size_t errlen)
{
    struct input in = { text ? text : "", 0, 0 };

    in.len = text ? len : 0;
    return load_input(path, &in, cfg, err, errlen, 0);
}

const char *config_preset_path(const char *name, char *buf, size_t buflen)
{
    const char *dir = getenv("SIMTREF_CONFIG_DIR");

    if (!dir || dir[0] == '\0')
        dir = SIMTREF_CONFIG_DIR_DEFAULT;
    if (buflen > 0)
        snprintf(buf, buflen, "%s/%s.conf", dir, name);
    return buf;
}

static int load_preset_file(const char *name, struct simt_config *cfg,
                            char *err, size_t errlen, int depth)
{
    struct input in = { NULL, 0, 0 };
    char path[4096];
    size_t used = 0;
    int i;

    for (i = 0; config_preset_names[i]; i++)
        if (strcmp(config_preset_names[i], name) == 0)
            return load_input(config_preset_path(name, path, sizeof path),
                              &in, cfg, err, errlen, depth);

    memset(cfg, 0, sizeof *cfg);
    if (err && errlen > 0) {
        used = (size_t)snprintf(err, errlen, "unknown preset '%s' (presets: ",
                                name);
        for (i = 0; config_preset_names[i] && used < errlen; i++)
            used += (size_t)snprintf(err + used, errlen - used, "%s%s",
                                     i ? ", " : "", config_preset_names[i]);
        if (used < errlen)
            snprintf(err + used, errlen - used, ")");
    }
    return -1;
}

int config_load_preset(const char *name, struct simt_config *cfg,
                       char *err, size_t errlen)
{
    return load_preset_file(name, cfg, err, errlen, 0);
}

/* Parse the setting key = value into p, its messages naming `--set
 * KEY=VALUE` (p->set_text points at text, which must outlive the call). */
static int set_one(struct parser *p, const char *key, const char *value,
                   char *text, size_t textlen)
{
    char line[LINE_LIMIT + 1];
    int n;

    n = snprintf(text, textlen, "%s=%s", key, value);
    if (n < 0 || (size_t)n >= textlen)
        snprintf(text + textlen - 4, 4, "...");
    p->set_text = text;
    if (strpbrk(key, "=#\n") || strpbrk(value, "#\n"))
        return fail(p, p->line, "a key or value holds '=', '#' or a newline");
    n = snprintf(line, sizeof line, "%s = %s", key, value);
    if (n < 0 || (size_t)n >= sizeof line)
        return fail(p, p->line, "line is longer than %d characters",
                    LINE_LIMIT);
    return parse_line(p, line);
}

int config_set(struct simt_config *cfg, const char *key, const char *value,
               char *err, size_t errlen)
{
    char setting[2 * NAME_LIMIT + 8];
    struct simt_config next;
    struct parser p;

    parser_init(&p, "--set", err, errlen, 0);
    p.line = 1;
    inherit(&p, cfg);
    snprintf(p.base, sizeof p.base, "configuration %s", cfg->name);
    if (set_one(&p, key, value, setting, sizeof setting) != 0
        || check_file(&p) != 0)
        return -1;
    build_config(&p, cfg->name, &next);
    *cfg = next;
    return 0;
}

/* Split "KEY=VALUE" into key (NAME_LIMIT + 1 bytes) and *value. */
static int split_setting(const char *arg, char *key, const char **value,
                         char *err, size_t errlen)
{
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : 0;

    if (!eq || len == 0 || len > NAME_LIMIT) {
        if (err && errlen > 0)
            snprintf(err, errlen, "--set %.*s: expected KEY=VALUE",
                     NAME_LIMIT * 2, arg);
        return -1;
    }
    memcpy(key, arg, len);
    key[len] = '\0';
    *value = eq + 1;
    return 0;
}

int config_set_arg(struct simt_config *cfg, const char *arg,
                   char *err, size_t errlen)
{
    return config_set_args(cfg, &arg, 1, err, errlen);
}

int config_set_args(struct simt_config *cfg, const char *const *args,
                    size_t n, char *err, size_t errlen)
{
    char key[NAME_LIMIT + 1], setting[2 * NAME_LIMIT + 8];
    char all[4 * (2 * NAME_LIMIT + 8)];
    struct simt_config next;
    struct parser p;
    size_t used = 0;
    const char *value;

    if (n == 0)
        return 0;
    parser_init(&p, "--set", err, errlen, 0);
    p.line = 1;
    inherit(&p, cfg);
    snprintf(p.base, sizeof p.base, "configuration %s", cfg->name);
    all[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (split_setting(args[i], key, &value, err, errlen) != 0
            || set_one(&p, key, value, setting, sizeof setting) != 0)
            return -1;
        if (used < sizeof all)
            used += (size_t)snprintf(all + used, sizeof all - used, "%s%s",
                                     i ? " --set " : "", setting);
    }
    /* The settings are checked together: one may need another
     * (rbt_entries=1 --set rbt_ways=1). */
    p.set_text = all;
    if (check_file(&p) != 0)
        return -1;
    build_config(&p, cfg->name, &next);
    *cfg = next;
    return 0;
}

/* names[i] of a NULL-terminated list, or "?" when i is past its end. */
static const char *name_at(const char *const *names, unsigned i)
{
    unsigned n;

    for (n = 0; names[n]; n++)
        if (n == i)
            return names[n];
    return "?";
}

/* Write d with as few digits as read back to the same double. */
static int format_double(double d, char *buf, size_t buflen)
{
    int prec, n = -1;

    for (prec = 1; prec <= 17; prec++) {
        n = snprintf(buf, buflen, "%.*g", prec, d);
        if (n < 0 || (size_t)n >= buflen)
            return -1;
        if (strtod(buf, NULL) == d)
            break;
    }
    return 0;
}

/* Whether key k is in cfg: it belongs to cfg's mode, or was given. */
static int key_present(const struct simt_config *cfg, enum key_id k)
{
    return (key_info(k)->modes >> cfg->reconvergence & 1)
           || (cfg->keys_given >> k & 1);
}

int config_get(const struct simt_config *cfg, const char *key,
               char *buf, size_t buflen)
{
    enum key_id k = find_key(key);
    const struct key_info *ki;
    const char *field;
    unsigned u;
    double d;
    int n;

    if (buflen == 0 || k == KEY_COUNT || !key_present(cfg, k))
        return -1;
    ki = key_info(k);
    field = (const char *)cfg + ki->offset;
    if (ki->kind == VAL_AREA) {
        memcpy(&d, field, sizeof d);
        return format_double(d, buf, buflen);
    }
    memcpy(&u, field, sizeof u);
    if (ki->kind == VAL_ENUM)
        n = snprintf(buf, buflen, "%s", name_at(ki->choices, u));
    else
        n = snprintf(buf, buflen, "%u", u);
    return n < 0 || (size_t)n >= buflen ? -1 : 0;
}

int config_key_used(const struct simt_config *cfg, const char *key)
{
    enum key_id k = find_key(key);

    return k != KEY_COUNT && (key_info(k)->modes >> cfg->reconvergence & 1);
}

/* The modes of a key as "harp" or "sbr, harp, ..." into buf. */
static void describe_modes(unsigned modes, char *buf, size_t len)
{
    size_t used = 0;
    unsigned r;

    buf[0] = '\0';
    for (r = 0; reconvergence_names[r] && used < len; r++)
        if (modes >> r & 1)
            used += (size_t)snprintf(buf + used, len - used, "%s%s",
                                     used ? ", " : "", reconvergence_names[r]);
}

void config_print(const struct simt_config *cfg, FILE *out)
{
    char value[64], modes[64];
    int k;

    for (k = 0; k < KEY_COUNT; k++) {
        const struct key_info *ki = key_info((enum key_id)k);
        if (config_get(cfg, ki->name, value, sizeof value) != 0)
            continue;
        fprintf(out, "%s = %s", ki->name, value);
        if (!config_key_used(cfg, ki->name)) {
            describe_modes(ki->modes, modes, sizeof modes);
            fprintf(out, "  # unused: applies only when reconvergence = %s",
                    modes);
        }
        fputc('\n', out);
    }
}

void config_describe_keys(FILE *out)
{
    char accepted[128], modes[64];
    int k;

    fprintf(out, "| key | accepted | reconvergence | meaning |\n"
                 "|---|---|---|---|\n");
    for (k = 0; k < KEY_COUNT; k++) {
        const struct key_info *ki = key_info((enum key_id)k);
        describe_accepted((enum key_id)k, accepted, sizeof accepted);
        if (ki->modes == MODES_ALL)
            snprintf(modes, sizeof modes, "every mode");
        else
            describe_modes(ki->modes, modes, sizeof modes);
        fprintf(out, "| `%s` | %s | %s | %s |\n", ki->name, accepted, modes,
                ki->doc);
    }
}

const char *config_reconvergence_name(enum reconvergence r)
{
    return name_at(reconvergence_names, (unsigned)r);
}

int config_runs_mode(const struct simt_config *cfg, enum reconvergence r)
{
    struct simt_config c = *cfg;
    char err[CONFIG_ERR_LEN];

    return (unsigned)r < RECONV_COUNT
           && config_set(&c, "reconvergence", config_reconvergence_name(r),
                         err, sizeof err) == 0;
}

const char *config_rbt_organisation_name(enum rbt_organisation o)
{
    return name_at(rbt_organisation_names, (unsigned)o);
}

const char *config_sched_name(enum sched_policy s)
{
    return name_at(sched_names, (unsigned)s);
}

const char *config_fetch_name(enum fetch_policy f)
{
    return name_at(fetch_names, (unsigned)f);
}

const char *config_waiting_lookup_loads_name(enum waiting_lookup_loads w)
{
    return name_at(waiting_lookup_loads_names, (unsigned)w);
}
