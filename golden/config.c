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

/* One identifier per key, in the order of struct simt_config. */
enum key_id {
    KEY_SCHEDULERS, KEY_THREADS_PER_SCHEDULER, KEY_SIMD_GROUPS,
    KEY_SIMD_WIDTH, KEY_PIPELINE_DEPTH, KEY_WARP_SIZE, KEY_MAX_TBS,
    KEY_MAX_WARPS_PER_TB, KEY_THREAD_ID_BITS, KEY_PC_BITS,
    KEY_L1D_KB, KEY_L1D_WAYS, KEY_L1D_LINE_BYTES,
    KEY_RECONVERGENCE,
    KEY_FIRST_LEVEL_ENTRIES, KEY_SECOND_LEVEL_ENTRIES,
    KEY_READY_LOOKUP_ENTRIES, KEY_WAITING_LOOKUP_ENTRIES,
    KEY_RBT_ENTRIES, KEY_RBT_WAYS, KEY_RBT_ORGANISATION,
    KEY_RBT_PIPELINE_STAGES, KEY_LOOKUP_TO_SECOND_THRESHOLD,
    KEY_SCHEDULER, KEY_FETCH, KEY_IBUFFER_SLOTS,
    KEY_SP_BITS, KEY_ADDR_BITS, KEY_ICS_PRIORITY_LEVELS, KEY_SBR_STACK_DEPTH,
    KEY_SMS, KEY_TECH_NM, KEY_DIE_MM2,
    KEY_COUNT
};

enum value_kind {
    VAL_UNSIGNED,   /* decimal integer in [min, max] */
    VAL_POW2,       /* decimal integer in [min, max] and a power of two */
    VAL_ENUM,       /* one of the names in `choices` */
    VAL_AREA        /* decimal number, 0 < x < AREA_LIMIT */
};

struct key_info {
    const char *name;
    enum value_kind kind;
    unsigned long min, max;         /* for VAL_UNSIGNED and VAL_POW2 */
    const char *const *choices;     /* for VAL_ENUM, NULL-terminated */
    int harp_only;                  /* present only when reconvergence = harp */
};

/* Names of the enumerations, indexed by their enum values. */
static const char *const *reconvergence_names(void)
{
    static const char *const names[] = { "sbr", "harp", "minpc", "ics-first",
                                         NULL };
    return names;
}

static const char *const *rbt_organisation_names(void)
{
    static const char *const names[] = { "banked", "multiport", NULL };
    return names;
}

static const char *const *sched_names(void)
{
    static const char *const names[] = {
        "lrr", "gto", "tls", "mwf_lrr", "mwf_gto", "saws", NULL
    };
    return names;
}

static const char *const *fetch_names(void)
{
    static const char *const names[] = { "lrr", "cff", "fef", NULL };
    return names;
}

/*
 * The description of key k: its name, how its value is read, its range.
 * Every key starts as an unsigned integer of all files; the cases below
 * change what differs.  KEY_COUNT gets a NULL name.
 */
static struct key_info key_info(enum key_id k)
{
    struct key_info u = { NULL, VAL_UNSIGNED, 0, 0, NULL, 0 };

    switch (k) {
    case KEY_SCHEDULERS:
        u.name = "schedulers"; u.min = 1; u.max = CONFIG_MAX_SCHEDULERS;
        return u;
    case KEY_THREADS_PER_SCHEDULER:
        u.name = "threads_per_scheduler"; u.min = 1; u.max = 65536;
        return u;
    case KEY_SIMD_GROUPS:
        u.name = "simd_groups"; u.min = 1; u.max = 16;
        return u;
    case KEY_SIMD_WIDTH:
        u.name = "simd_width"; u.kind = VAL_POW2; u.min = 1; u.max = 64;
        return u;
    case KEY_PIPELINE_DEPTH:
        u.name = "pipeline_depth"; u.min = 1; u.max = 64;
        return u;
    case KEY_WARP_SIZE:
        u.name = "warp_size"; u.kind = VAL_POW2; u.min = 1; u.max = 64;
        return u;
    case KEY_MAX_TBS:
        u.name = "max_tbs"; u.min = 2; u.max = CONFIG_MAX_TBS;
        return u;
    case KEY_MAX_WARPS_PER_TB:
        u.name = "max_warps_per_tb"; u.min = 2; u.max = 1024;
        return u;
    case KEY_THREAD_ID_BITS:
        u.name = "thread_id_bits"; u.min = 1; u.max = 24;
        return u;
    case KEY_PC_BITS:
        u.name = "pc_bits"; u.min = 4; u.max = 64;
        return u;
    case KEY_L1D_KB:
        u.name = "l1d_kb"; u.min = 1; u.max = 4096;
        return u;
    case KEY_L1D_WAYS:
        u.name = "l1d_ways"; u.min = 1; u.max = 64;
        return u;
    case KEY_L1D_LINE_BYTES:
        u.name = "l1d_line_bytes"; u.kind = VAL_POW2; u.min = 4; u.max = 1024;
        return u;
    case KEY_RECONVERGENCE:
        u.name = "reconvergence"; u.kind = VAL_ENUM;
        u.choices = reconvergence_names();
        return u;
    case KEY_FIRST_LEVEL_ENTRIES:
        u.name = "first_level_entries"; u.min = 1; u.max = 256;
        u.harp_only = 1;
        return u;
    case KEY_SECOND_LEVEL_ENTRIES:
        u.name = "second_level_entries"; u.min = 1;
        u.max = CONFIG_MAX_SECOND_LEVEL;
        u.harp_only = 1;
        return u;
    case KEY_READY_LOOKUP_ENTRIES:
        u.name = "ready_lookup_entries"; u.min = 1; u.max = 256;
        u.harp_only = 1;
        return u;
    case KEY_WAITING_LOOKUP_ENTRIES:
        u.name = "waiting_lookup_entries"; u.min = 1; u.max = 256;
        u.harp_only = 1;
        return u;
    case KEY_RBT_ENTRIES:
        u.name = "rbt_entries"; u.min = 1; u.max = CONFIG_MAX_RBT_ENTRIES;
        u.harp_only = 1;
        return u;
    case KEY_RBT_WAYS:
        u.name = "rbt_ways"; u.min = 1; u.max = CONFIG_MAX_RBT_ENTRIES;
        u.harp_only = 1;
        return u;
    case KEY_RBT_ORGANISATION:
        u.name = "rbt_organisation"; u.kind = VAL_ENUM;
        u.choices = rbt_organisation_names();
        u.harp_only = 1;
        return u;
    case KEY_RBT_PIPELINE_STAGES:
        u.name = "rbt_pipeline_stages"; u.kind = VAL_POW2; u.min = 1; u.max = 4;
        u.harp_only = 1;
        return u;
    case KEY_LOOKUP_TO_SECOND_THRESHOLD:
        /* The upper bound second_level_entries is checked with the file. */
        u.name = "lookup_to_second_threshold"; u.min = 1; u.max = 65536;
        u.harp_only = 1;
        return u;
    case KEY_SCHEDULER:
        u.name = "scheduler"; u.kind = VAL_ENUM; u.choices = sched_names();
        return u;
    case KEY_FETCH:
        u.name = "fetch"; u.kind = VAL_ENUM; u.choices = fetch_names();
        return u;
    case KEY_IBUFFER_SLOTS:
        u.name = "ibuffer_slots"; u.min = 1; u.max = 8;
        return u;
    case KEY_SP_BITS:
        u.name = "sp_bits"; u.min = 1; u.max = 64;
        return u;
    case KEY_ADDR_BITS:
        /* The lower bound log2(l1d_line_bytes) + 1 is checked with the file. */
        u.name = "addr_bits"; u.min = 4; u.max = 64;
        return u;
    case KEY_ICS_PRIORITY_LEVELS:
        u.name = "ics_priority_levels"; u.min = 1; u.max = 32;
        return u;
    case KEY_SBR_STACK_DEPTH:
        u.name = "sbr_stack_depth"; u.min = 1; u.max = 64;
        return u;
    case KEY_SMS:
        u.name = "sms"; u.min = 1; u.max = 1024;
        return u;
    case KEY_TECH_NM:
        u.name = "tech_nm"; u.min = 5; u.max = 500;
        return u;
    case KEY_DIE_MM2:
        u.name = "die_mm2"; u.kind = VAL_AREA;
        return u;
    case KEY_COUNT:
        break;
    }
    return u;
}

static const char *key_name(enum key_id k)
{
    return key_info(k).name;
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
    struct key_info ki = key_info(k);
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

struct parser {
    const char *path;
    unsigned line;                          /* lines read so far */
    unsigned set_line[KEY_COUNT];           /* where each key was set; 0: not */
    unsigned long long value[KEY_COUNT];    /* integers and enum indexes */
    double area;                            /* the value of die_mm2 */
    char *err;                              /* caller's buffer, may be NULL */
    size_t errlen;
};

/* Write "path:line: message" to the caller's buffer; returns -1. */
static int vfail(struct parser *p, unsigned line, const char *fmt, va_list ap)
{
    char msg[CONFIG_ERR_LEN];

    vsnprintf(msg, sizeof msg, fmt, ap);
    if (p->err && p->errlen > 0)
        snprintf(p->err, p->errlen, "%s:%u: %s", p->path, line, msg);
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
 * Report a disagreement between the n keys in `keys` (all of them set).
 * The error is placed on the line of the key set last, and the lines of
 * the others are appended to the message, e.g. "... (line 11)".
 */
static int fail_between(struct parser *p, const enum key_id *keys, size_t n,
                        const char *fmt, ...)
{
    char msg[CONFIG_ERR_LEN];
    size_t used, i, last = 0, others = 0;
    va_list ap;

    for (i = 1; i < n; i++)
        if (p->set_line[keys[i]] > p->set_line[keys[last]])
            last = i;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);

    used = strlen(msg);
    for (i = 0; i < n && used < sizeof msg; i++) {
        if (i == last)
            continue;
        used += (size_t)snprintf(msg + used, sizeof msg - used, "%s%u",
                                 others == 0 ? (n > 2 ? " (lines " : " (line ")
                                             : ", ",
                                 p->set_line[keys[i]]);
        others++;
    }
    if (others > 0 && used < sizeof msg)
        snprintf(msg + used, sizeof msg - used, ")");
    return fail(p, p->set_line[keys[last]], "%s", msg);
}

/* ------------------------------------------------------------------------
 * Reading lines and values
 * ---------------------------------------------------------------------- */

/*
 * Where the text comes from: an open file, or a buffer in memory (the
 * same parser reads both).
 */
struct input {
    FILE *f;                /* NULL: read buf */
    const char *buf;
    size_t len, pos;
};

static int next_char(struct input *in)
{
    if (in->f)
        return getc(in->f);
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
    struct key_info ki = key_info(k);
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
    struct key_info ki = key_info(k);
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

static int harp_key_under_sbr(struct parser *p, enum key_id k)
{
    return fail(p, p->set_line[k] ? p->set_line[k] : p->line,
                "%s applies only when reconvergence = harp "
                "(reconvergence = sbr on line %u)",
                key_name(k), p->set_line[KEY_RECONVERGENCE]);
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

    k = find_key(key);
    if (k == KEY_COUNT)
        return unknown_key(p, key);
    if (p->set_line[k])
        return fail(p, p->line, "duplicate key '%s' (first set on line %u)",
                    key, p->set_line[k]);
    if (key_info(k).harp_only && p->set_line[KEY_RECONVERGENCE]
        && p->value[KEY_RECONVERGENCE] != RECONV_HARP)
        return harp_key_under_sbr(p, k);
    if (value[0] == '\0') {
        describe_accepted(k, accepted, sizeof accepted);
        return fail(p, p->line, "empty value for key '%s' (accepted: %s)",
                    key, accepted);
    }

    switch (key_info(k).kind) {
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
    if (in->f && ferror(in->f))
        return fail(p, p->line + 1, "read error: %s", strerror(errno));
    return 0;
}

/* ------------------------------------------------------------------------
 * Checking the file as a whole
 * ---------------------------------------------------------------------- */

static int is_harp(const struct parser *p)
{
    return p->value[KEY_RECONVERGENCE] == RECONV_HARP;
}

/* HARP keys set in a file whose reconvergence = sbr comes after them. */
static int check_harp_keys_apply(struct parser *p)
{
    enum key_id first = KEY_COUNT;
    int k;

    if (!p->set_line[KEY_RECONVERGENCE] || is_harp(p))
        return 0;
    for (k = 0; k < KEY_COUNT; k++)
        if (key_info((enum key_id)k).harp_only && p->set_line[k]
            && (first == KEY_COUNT || p->set_line[k] < p->set_line[first]))
            first = (enum key_id)k;
    return first == KEY_COUNT ? 0 : harp_key_under_sbr(p, first);
}

/* Every required key must be set; reported just past the last line. */
static int check_missing_keys(struct parser *p)
{
    char accepted[128];
    int k;

    for (k = 0; k < KEY_COUNT; k++) {
        struct key_info ki = key_info((enum key_id)k);
        if (p->set_line[k])
            continue;
        if (ki.harp_only && !is_harp(p))
            continue;
        describe_accepted((enum key_id)k, accepted, sizeof accepted);
        if (ki.harp_only)
            return fail(p, p->line + 1, "missing key '%s' (required when "
                        "reconvergence = harp; accepted: %s)",
                        ki.name, accepted);
        return fail(p, p->line + 1, "missing key '%s' (accepted: %s)",
                    ki.name, accepted);
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
    if (check_harp_keys_apply(p) != 0 || check_missing_keys(p) != 0)
        return -1;
    if (check_sm_organisation(p) != 0 || check_l1d(p) != 0
        || check_harp_tables(p) != 0)
        return -1;
    return 0;
}

/* ------------------------------------------------------------------------
 * Building the configuration
 * ---------------------------------------------------------------------- */

/* The unsigned field that key k sets, or NULL for enumerations and die_mm2. */
static unsigned *unsigned_field(struct simt_config *c, enum key_id k)
{
    switch (k) {
    case KEY_SCHEDULERS:                 return &c->schedulers;
    case KEY_THREADS_PER_SCHEDULER:      return &c->threads_per_scheduler;
    case KEY_SIMD_GROUPS:                return &c->simd_groups;
    case KEY_SIMD_WIDTH:                 return &c->simd_width;
    case KEY_PIPELINE_DEPTH:             return &c->pipeline_depth;
    case KEY_WARP_SIZE:                  return &c->warp_size;
    case KEY_MAX_TBS:                    return &c->max_tbs;
    case KEY_MAX_WARPS_PER_TB:           return &c->max_warps_per_tb;
    case KEY_THREAD_ID_BITS:             return &c->thread_id_bits;
    case KEY_PC_BITS:                    return &c->pc_bits;
    case KEY_L1D_KB:                     return &c->l1d_kb;
    case KEY_L1D_WAYS:                   return &c->l1d_ways;
    case KEY_L1D_LINE_BYTES:             return &c->l1d_line_bytes;
    case KEY_FIRST_LEVEL_ENTRIES:        return &c->first_level_entries;
    case KEY_SECOND_LEVEL_ENTRIES:       return &c->second_level_entries;
    case KEY_READY_LOOKUP_ENTRIES:       return &c->ready_lookup_entries;
    case KEY_WAITING_LOOKUP_ENTRIES:     return &c->waiting_lookup_entries;
    case KEY_RBT_ENTRIES:                return &c->rbt_entries;
    case KEY_RBT_WAYS:                   return &c->rbt_ways;
    case KEY_RBT_PIPELINE_STAGES:        return &c->rbt_pipeline_stages;
    case KEY_LOOKUP_TO_SECOND_THRESHOLD: return &c->lookup_to_second_threshold;
    case KEY_IBUFFER_SLOTS:              return &c->ibuffer_slots;
    case KEY_SP_BITS:                    return &c->sp_bits;
    case KEY_ADDR_BITS:                  return &c->addr_bits;
    case KEY_ICS_PRIORITY_LEVELS:        return &c->ics_priority_levels;
    case KEY_SBR_STACK_DEPTH:            return &c->sbr_stack_depth;
    case KEY_SMS:                        return &c->sms;
    case KEY_TECH_NM:                    return &c->tech_nm;
    case KEY_RECONVERGENCE:
    case KEY_RBT_ORGANISATION:
    case KEY_SCHEDULER:
    case KEY_FETCH:
    case KEY_DIE_MM2:
    case KEY_COUNT:
        break;
    }
    return NULL;
}

/* Copy the checked values into c (zeroed first).  Keys not set stay 0. */
static void build_config(const struct parser *p, const char *name,
                         struct simt_config *c)
{
    int k;

    memset(c, 0, sizeof *c);
    strcpy(c->name, name);
    for (k = 0; k < KEY_COUNT; k++) {
        unsigned *field = unsigned_field(c, (enum key_id)k);
        if (field)
            *field = (unsigned)p->value[k];
    }
    c->reconvergence = (enum reconvergence)p->value[KEY_RECONVERGENCE];
    c->rbt_organisation = (enum rbt_organisation)p->value[KEY_RBT_ORGANISATION];
    c->scheduler = (enum sched_policy)p->value[KEY_SCHEDULER];
    c->fetch = (enum fetch_policy)p->value[KEY_FETCH];
    c->die_mm2 = p->area;
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

/*
 * Load the text of `in` as the file `path` (with no buffer in `in`, open
 * and read the file `path`): the one body behind config_load and
 * config_load_buffer.
 */
static int load_input(const char *path, struct input *in,
                      struct simt_config *cfg, char *err, size_t errlen)
{
    struct parser p;
    char name[CONFIG_NAME_LEN];
    FILE *f = NULL;
    int rc;

    memset(cfg, 0, sizeof *cfg);
    memset(&p, 0, sizeof p);
    p.path = path;
    p.err = err;
    p.errlen = errlen;
    if (err && errlen > 0)
        err[0] = '\0';

    if (name_from_path(path, name) != 0)
        return fail(&p, 0, "file name is too long for a configuration name "
                    "(at most %d characters without .conf)",
                    CONFIG_NAME_LEN - 1);
    if (!in->buf) {
        f = fopen(path, "r");
        if (!f)
            return fail(&p, 0, "cannot open: %s", strerror(errno));
        in->f = f;
    }
    rc = parse_file(&p, in);
    if (f)
        fclose(f);
    if (rc == 0)
        rc = check_file(&p);
    if (rc == 0)
        build_config(&p, name, cfg);
    return rc;
}

int config_load(const char *path, struct simt_config *cfg,
                char *err, size_t errlen)
{
    struct input in = { NULL, NULL, 0, 0 };

    return load_input(path, &in, cfg, err, errlen);
}

int config_load_buffer(const char *path, const char *text, size_t len,
                       struct simt_config *cfg, char *err, size_t errlen)
{
    struct input in = { NULL, text ? text : "", 0, 0 };

    in.len = text ? len : 0;
    return load_input(path, &in, cfg, err, errlen);
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

int config_load_preset(const char *name, struct simt_config *cfg,
                       char *err, size_t errlen)
{
    char path[4096];
    size_t used = 0;
    int i;

    for (i = 0; config_preset_names[i]; i++)
        if (strcmp(config_preset_names[i], name) == 0)
            return config_load(config_preset_path(name, path, sizeof path),
                               cfg, err, errlen);

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

int config_get(const struct simt_config *cfg, const char *key,
               char *buf, size_t buflen)
{
    struct simt_config copy = *cfg;     /* unsigned_field wants a mutable one */
    enum key_id k = find_key(key);
    const unsigned *field;
    const char *text;
    int n;

    if (buflen == 0 || k == KEY_COUNT)
        return -1;
    if (key_info(k).harp_only && cfg->reconvergence != RECONV_HARP)
        return -1;

    switch (k) {
    case KEY_RECONVERGENCE: text = config_reconvergence_name(cfg->reconvergence);
                            break;
    case KEY_RBT_ORGANISATION:
        text = config_rbt_organisation_name(cfg->rbt_organisation);
        break;
    case KEY_SCHEDULER:     text = config_sched_name(cfg->scheduler); break;
    case KEY_FETCH:         text = config_fetch_name(cfg->fetch); break;
    case KEY_DIE_MM2:       return format_double(cfg->die_mm2, buf, buflen);
    default:
        field = unsigned_field(&copy, k);
        n = snprintf(buf, buflen, "%u", *field);
        return n < 0 || (size_t)n >= buflen ? -1 : 0;
    }
    n = snprintf(buf, buflen, "%s", text);
    return n < 0 || (size_t)n >= buflen ? -1 : 0;
}

void config_print(const struct simt_config *cfg, FILE *out)
{
    char value[64];
    int k;

    for (k = 0; k < KEY_COUNT; k++) {
        const char *name = key_name((enum key_id)k);
        if (config_get(cfg, name, value, sizeof value) == 0)
            fprintf(out, "%s = %s\n", name, value);
    }
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

const char *config_reconvergence_name(enum reconvergence r)
{
    return name_at(reconvergence_names(), (unsigned)r);
}

const char *config_rbt_organisation_name(enum rbt_organisation o)
{
    return name_at(rbt_organisation_names(), (unsigned)o);
}

const char *config_sched_name(enum sched_policy s)
{
    return name_at(sched_names(), (unsigned)s);
}

const char *config_fetch_name(enum fetch_policy f)
{
    return name_at(fetch_names(), (unsigned)f);
}
