/*
 * config_cases.c -- what the configuration's unit tests share; see
 * config_cases.h.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config_cases.h"

#ifndef SIMTREF_CONFIG_DIR_DEFAULT
#define SIMTREF_CONFIG_DIR_DEFAULT "configs"
#endif


/* Where the presets are: $SIMTREF_CONFIG_DIR, else the directory the
 * library was built with (as config_preset_path has it). */
const char *config_dir(void)
{
    const char *dir = getenv("SIMTREF_CONFIG_DIR");
    return dir && dir[0] ? dir : SIMTREF_CONFIG_DIR_DEFAULT;
}

const char *bad_config_dir(char *buf, size_t len)
{
    const char *dir = getenv("SIMTREF_BAD_CONFIG_DIR");

    if (dir && dir[0])
        snprintf(buf, len, "%s", dir);
    else
        snprintf(buf, len, "%s/../tests/data/bad-configs", config_dir());
    return buf;
}

/* The lines of a valid HARP configuration (the tiny preset), one key each,
 * so that key i is on line i + 1 of a file written from them. */
const char *const tiny_lines[] = {
    "schedulers = 2",
    "threads_per_scheduler = 16",
    "simd_groups = 1",
    "simd_width = 2",
    "pipeline_depth = 2",
    "warp_size = 2",
    "max_tbs = 4",
    "max_warps_per_tb = 4",
    "thread_id_bits = 10",
    "pc_bits = 8",
    "l1d_kb = 1",
    "l1d_ways = 2",
    "l1d_line_bytes = 32",
    "reconvergence = harp",
    "second_level_entries = 8",
    "ready_lookup_entries = 2",
    "waiting_lookup_entries = 2",
    "rbt_entries = 8",
    "rbt_ways = 2",
    "rbt_pipeline_stages = 1",
    "lookup_to_second_threshold = 2",
    "scheduler = mwf_lrr",
    "fetch = cff",
    "ibuffer_slots = 2",
    "sms = 1",
    "tech_nm = 40",
    "die_mm2 = 529",
    "first_level_entries = 2",
    "rbt_organisation = banked",
    "waiting_lookup_loads = every",
    "sp_bits = 4",
    "addr_bits = 10",
    "ics_priority_levels = 3",
    "sbr_stack_depth = 4",
    "alu_latency = 2",
    "shared_kb = 16",
    "mul_latency = 3",
    "div_latency = 8",
    "operand_read_cycles = 0",
    "l1d_hit_latency = 2",
    "l1d_mshrs = 2",
    "lsu_writebacks = 1",
    "shared_banks = 2",
    "shared_bank_bytes = 4",
    "dram_latency = 20",
    "dram_mb_s = 8000",
    "core_mhz = 1000",
    NULL
};

/* The number of lines in tiny_lines. */
int tiny_line_count(void)
{
    int n = 0;

    while (tiny_lines[n])
        n++;
    return n;
}

int line_sets(const char *line, const char *key)
{
    size_t n = strlen(key);
    return strncmp(line, key, n) == 0 && line[n] == ' ';
}

/* Line number (1-based) of key in tiny_lines. */
unsigned tiny_line_of(const char *key)
{
    unsigned i;

    for (i = 0; tiny_lines[i]; i++)
        if (line_sets(tiny_lines[i], key))
            return i + 1;
    fail_msg("no key '%s' in tiny_lines", key);
    return 0;
}

/*
 * The text of tiny_lines with the line of `key` replaced by `line` (or
 * removed when line is NULL), into buf.
 */
const char *tiny_with(const char *key, const char *line,
                      char *buf, size_t len)
{
    size_t used = 0;
    unsigned i;

    buf[0] = '\0';
    for (i = 0; tiny_lines[i]; i++) {
        const char *text = tiny_lines[i];
        if (key && line_sets(text, key)) {
            if (!line)
                continue;
            text = line;
        }
        used += (size_t)snprintf(buf + used, len - used, "%s\n", text);
        assert_true(used < len);
    }
    return buf;
}

/*
 * The text of tiny_lines with each line in `changes` (NULL-terminated, each
 * "key = value") in place of the line that sets the same key.
 */
const char *tiny_changed(const char *const *changes,
                         char *buf, size_t len)
{
    size_t used = 0;
    unsigned i, j;

    for (i = 0; tiny_lines[i]; i++) {
        const char *text = tiny_lines[i];
        char key[64];
        sscanf(text, "%63s", key);
        for (j = 0; changes[j]; j++)
            if (line_sets(changes[j], key))
                text = changes[j];
        used += (size_t)snprintf(buf + used, len - used, "%s\n", text);
        assert_true(used < len);
    }
    return buf;
}

/* Write text to a new temporary file; its name goes to path. */
void write_temp(const char *text, char *path, size_t len)
{
    const char *dir = getenv("TMPDIR");
    FILE *f;
    int fd;

    snprintf(path, len, "%s/simtref-test-XXXXXX", dir && dir[0] ? dir : "/tmp");
    fd = mkstemp(path);
    assert_true(fd >= 0);
    f = fdopen(fd, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

/* Load text from a temporary file; returns config_load's result.  The
 * message, if any, is copied to err with the path replaced by "x". */
int load_text(const char *text, struct simt_config *cfg,
              char *err, size_t errlen)
{
    char path[PATH_LEN];
    char raw[CONFIG_ERR_LEN];
    size_t plen;
    int rc;

    write_temp(text, path, sizeof path);
    rc = config_load(path, cfg, raw, sizeof raw);
    remove(path);
    plen = strlen(path);
    if (rc != 0 && strncmp(raw, path, plen) == 0)
        snprintf(err, errlen, "x%s", raw + plen);
    else
        snprintf(err, errlen, "%s", raw);
    return rc;
}

/* Assert that text fails to load with "x:line:" and the given substring. */
void expect_error(const char *text, unsigned line, const char *part)
{
    struct simt_config cfg;
    char err[CONFIG_ERR_LEN];
    char prefix[32];

    assert_int_equal(load_text(text, &cfg, err, sizeof err), -1);
    snprintf(prefix, sizeof prefix, "x:%u: ", line);
    if (strncmp(err, prefix, strlen(prefix)) != 0 || !strstr(err, part))
        fail_msg("expected '%s...%s', got '%s'", prefix, part, err);
}

/* Replace key's line of tiny with `line` and expect an error there. */
void expect_tiny_error(const char *key, const char *line,
                       const char *part)
{
    char text[TEXT_LEN];
    expect_error(tiny_with(key, line, text, sizeof text),
                 tiny_line_of(key), part);
}

/* As expect_tiny_error, but the error belongs on the line of at_key: the
 * later of the keys that disagree. */
void expect_tiny_error_on(const char *key, const char *line,
                          const char *at_key, const char *part)
{
    char text[TEXT_LEN];
    expect_error(tiny_with(key, line, text, sizeof text),
                 tiny_line_of(at_key), part);
}

/* Replace key's line of tiny with `line` and expect the file to load. */
void expect_tiny_ok(const char *key, const char *line)
{
    struct simt_config cfg;
    char text[TEXT_LEN];
    char err[CONFIG_ERR_LEN];

    if (load_text(tiny_with(key, line, text, sizeof text), &cfg,
                  err, sizeof err) != 0)
        fail_msg("'%s' should load, got '%s'", line, err);
}

int is_all_zero(const void *p, size_t n)
{
    const unsigned char *b = p;
    size_t i;

    for (i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

void load_preset(const char *name, struct simt_config *cfg)
{
    char err[CONFIG_ERR_LEN];

    if (config_load_preset(name, cfg, err, sizeof err) != 0)
        fail_msg("preset %s: %s", name, err);
}

