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
#include "config_keys.h"
#include "read_file.h"

#ifndef SIMTREF_CONFIG_DIR_DEFAULT
#define SIMTREF_CONFIG_DIR_DEFAULT "configs"
#endif

const char *const config_preset_names[] = {
    "fermi-sbr", "fermi-harp", "gtx480-baws", "tiny", NULL
};

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
    const struct key_info ki = *config_key_info(k);
    unsigned long long v = 0;
    int too_big = 0;
    char accepted[128];
    const char *s;

    config_describe_accepted(k, accepted, sizeof accepted);
    if (text[0] == '-')
        return config_fail(p, p->line, "%s = %s is negative (accepted: %s)",
                           ki.name, text, accepted);
    if (text[0] == '+')
        return config_fail(p, p->line, "%s = '%s': a sign is not allowed "
                           "(accepted: %s)", ki.name, text, accepted);
    if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        return config_fail(p, p->line,
                           "%s = '%s': hexadecimal is not accepted, "
                           "write the number in decimal (accepted: %s)",
                           ki.name, text, accepted);
    if (!isdigit((unsigned char)text[0]))
        return config_fail(p, p->line,
                           "%s = '%s' is not an unsigned decimal integer "
                           "(accepted: %s)", ki.name, text, accepted);

    for (s = text; isdigit((unsigned char)*s); s++) {
        if (too_big)
            continue;               /* keep scanning to find trailing junk */
        v = v * 10 + (unsigned long long)(*s - '0');    /* v <= max so far */
        if (v > ki.max)
            too_big = 1;
    }
    if (*s != '\0')
        return config_fail(p, p->line,
                           "%s = '%s' has trailing characters after the "
                           "number (accepted: %s)", ki.name, text, accepted);
    if (too_big || v < ki.min || v > ki.max)
        return config_fail(p, p->line,
                           "%s = %s is out of range (accepted: %s)",
                           ki.name, text, accepted);
    if (ki.kind == VAL_POW2 && !is_pow2(v))
        return config_fail(p, p->line,
                           "%s = %s is not a power of two (accepted: %s)",
                           ki.name, text, accepted);
    p->value[k] = v;
    return 0;
}

/* Read the name of an enumeration value; stores its index in p->value[k]. */
static int parse_enum(struct parser *p, enum key_id k, const char *text)
{
    const struct key_info ki = *config_key_info(k);
    char accepted[128];
    int i;

    for (i = 0; ki.choices[i]; i++) {
        if (strcmp(ki.choices[i], text) == 0) {
            p->value[k] = (unsigned long long)i;
            return 0;
        }
    }
    config_describe_accepted(k, accepted, sizeof accepted);
    return config_fail(p, p->line,
                       "%s = '%s' is not one of the accepted values (%s)",
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

    config_describe_accepted(k, accepted, sizeof accepted);
    if (!looks_decimal(text))
        return config_fail(p, p->line, "%s = '%s' is not a decimal number "
                "(accepted: %s)", config_key_name(k), text, accepted);
    errno = 0;
    v = strtod(text, &end);
    if (end == text || *end != '\0')
        return config_fail(p, p->line, "%s = '%s' is not a decimal number "
                "(accepted: %s)", config_key_name(k), text, accepted);
    if (errno == ERANGE || !isfinite(v) || !(v > 0) || !(v < AREA_LIMIT))
        return config_fail(p, p->line,
                           "%s = %s is out of range (accepted: %s)",
                           config_key_name(k), text, accepted);
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
        return config_fail(p, p->line, "unknown key 'name' (the name of a "
                           "configuration is its file name without .conf)");
    for (k = 0; k < KEY_COUNT; k++) {
        size_t d = edit_distance(key, config_key_name((enum key_id)k));
        if (d < best) {
            best = d;
            guess = (enum key_id)k;
        }
    }
    if (guess != KEY_COUNT)
        return config_fail(p, p->line, "unknown key '%s' (did you mean '%s'?)",
                           key, config_key_name(guess));
    return config_fail(p, p->line, "unknown key '%s'", key);
}

static int load_preset_file(const char *name, struct simt_config *cfg,
                            char *err, size_t errlen, int depth);

/* Take every key given in base as the starting value of p's keys. */
static void inherit(struct parser *p, const struct simt_config *base)
{
    int k;

    for (k = 0; k < KEY_COUNT; k++) {
        const struct key_info *ki = config_key_info((enum key_id)k);
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
        return config_fail(p, p->line,
                           "a preset cannot start from another preset "
                           "(preset = %s)", name);
    for (k = 0; k < KEY_COUNT; k++)
        if (p->set_line[k] || p->given[k])
            return config_fail(p, p->line,
                    "preset = %s must come before every "
                    "other key (%s is set on line %u)", name,
                    config_key_name((enum key_id)k), p->set_line[k]);
    if (load_preset_file(name, &base, sub, sizeof sub, p->depth + 1) != 0)
        return config_fail(p, p->line, "preset = %s: %s", name, sub);
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
            return config_fail(p, p->line,
                    "byte 0x%02x in column %u: keys and values "
                    "are printable ASCII (other text only after '#')",
                    (unsigned)(unsigned char)*s, (unsigned)(s - line) + 1);

    eq = strchr(text, '=');
    if (!eq)
        return config_fail(p, p->line,
                           "expected 'key = value' but found no '=' "
                           "in '%s'", text);
    *eq = '\0';
    key = trim(text);
    value = trim(eq + 1);
    if (key[0] == '\0')
        return config_fail(p, p->line, "missing key before '='");
    if (strlen(key) > NAME_LIMIT)
        return config_fail(p, p->line,
                           "unknown key '%.24s...' (%u characters, "
                           "longer than any key)", key, (unsigned)strlen(key));
    if (strlen(value) > NAME_LIMIT)
        return config_fail(p, p->line,
                           "the value of '%.*s' is %u characters long "
                           "(at most %d): '%.24s...'", NAME_LIMIT, key,
                           (unsigned)strlen(value), NAME_LIMIT, value);

    if (strcmp(key, "preset") == 0) {
        if (p->set_text)
            return config_fail(p, p->line,
                               "preset = NAME can only be the first key "
                               "of a file; use --preset NAME");
        if (p->base[0])
            return config_fail(p, p->line, "duplicate key 'preset'");
        if (value[0] == '\0')
            return config_fail(p, p->line, "empty value for key 'preset'");
        return start_from_preset(p, value);
    }
    k = config_find_key(key);
    if (k == KEY_COUNT)
        return unknown_key(p, key);
    if (p->set_line[k])
        return config_fail(p, p->line,
                           "duplicate key '%s' (first set on line %u)",
                           key, p->set_line[k]);
    if (value[0] == '\0') {
        config_describe_accepted(k, accepted, sizeof accepted);
        return config_fail(p, p->line,
                           "empty value for key '%s' (accepted: %s)",
                           key, accepted);
    }

    switch (config_key_info(k)->kind) {
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
            return config_fail(p, p->line, "line is longer than %d characters",
                               LINE_LIMIT);
        if (rc == -2)
            return config_fail(p, p->line, "line contains a NUL byte");
        if (parse_line(p, buf) != 0)
            return -1;
    }
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
        const struct key_info *ki = config_key_info((enum key_id)k);
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
        return config_fail(&p, 0,
                           "file name is too long for a configuration name "
                           "(at most %d characters without .conf)",
                           CONFIG_NAME_LEN - 1);
    if (!in->buf) {
        if (read_file(path, CONFIG_FILE_MAX, "a configuration file", &text,
                      &in->len, why, sizeof why) != READ_FILE_OK)
            return config_fail(&p, 0, "%s", why);
        in->buf = text;
    }
    rc = parse_file(&p, in);
    free(text);
    if (rc == 0)
        rc = config_check_file(&p);
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
        return config_fail(p, p->line,
                           "a key or value holds '=', '#' or a newline");
    n = snprintf(line, sizeof line, "%s = %s", key, value);
    if (n < 0 || (size_t)n >= sizeof line)
        return config_fail(p, p->line, "line is longer than %d characters",
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
        || config_check_file(&p) != 0)
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
    if (config_check_file(&p) != 0)
        return -1;
    build_config(&p, cfg->name, &next);
    *cfg = next;
    return 0;
}

/* names[i] of a NULL-terminated list, or "?" when i is past its end. */
