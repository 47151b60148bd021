/*
 * config_keys.c -- the configuration keys: their table (config_keys.h),
 * the names of their values, the parser's error reporting, and the
 * printing of a configuration (config_print, config_get, the docs' list).
 */
#include "config_keys.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

const struct key_info *config_key_info(enum key_id k)
{
    return &key_table[k];
}

const char *config_key_name(enum key_id k)
{
    return key_table[k].name;
}

enum key_id config_find_key(const char *name)
{
    int k;

    for (k = 0; k < KEY_COUNT; k++)
        if (strcmp(config_key_name((enum key_id)k), name) == 0)
            break;
    return (enum key_id)k;
}

void config_describe_accepted(enum key_id k, char *buf, size_t len)
{
    const struct key_info ki = *config_key_info(k);
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
 * Error reporting
 * ---------------------------------------------------------------------- */

int config_vfail(struct parser *p, unsigned line, const char *fmt, va_list ap)
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

int config_fail(struct parser *p, unsigned line, const char *fmt, ...)
{
    va_list ap;
    int rc;

    va_start(ap, fmt);
    rc = config_vfail(p, line, fmt, ap);
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
int config_fail_between(struct parser *p, const enum key_id *keys, size_t n,
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
    return config_fail(p, p->set_line[keys[last]], "%s", msg);
}


/* ------------------------------------------------------------------------
 * Printing a configuration
 * ---------------------------------------------------------------------- */

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
    return (config_key_info(k)->modes >> cfg->reconvergence & 1)
           || (cfg->keys_given >> k & 1);
}

int config_get(const struct simt_config *cfg, const char *key,
               char *buf, size_t buflen)
{
    enum key_id k = config_find_key(key);
    const struct key_info *ki;
    const char *field;
    unsigned u;
    double d;
    int n;

    if (buflen == 0 || k == KEY_COUNT || !key_present(cfg, k))
        return -1;
    ki = config_key_info(k);
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
    enum key_id k = config_find_key(key);

    return k != KEY_COUNT
           && (config_key_info(k)->modes >> cfg->reconvergence & 1);
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
        const struct key_info *ki = config_key_info((enum key_id)k);
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
        const struct key_info *ki = config_key_info((enum key_id)k);
        config_describe_accepted((enum key_id)k, accepted, sizeof accepted);
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

