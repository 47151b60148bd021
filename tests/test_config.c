/*
 * test_config.c -- unit tests of the configuration reader (golden/config.c).
 *
 * The shipped presets are read from $SIMTREF_CONFIG_DIR (default "configs"),
 * the bad files from $SIMTREF_BAD_CONFIG_DIR (default the tests/bad-configs
 * directory next to the presets).  Other bad inputs are written to
 * temporary files under $TMPDIR (default /tmp) and removed afterwards.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"

enum { PATH_LEN = 4096, TEXT_LEN = 8192 };

/* ------------------------------------------------------------------------
 * Helpers
 * ---------------------------------------------------------------------- */

/* Where the presets are: $SIMTREF_CONFIG_DIR, else the directory the
 * library was built with (as config_preset_path has it). */
#ifndef SIMTREF_CONFIG_DIR_DEFAULT
#define SIMTREF_CONFIG_DIR_DEFAULT "configs"
#endif
static const char *config_dir(void)
{
    const char *dir = getenv("SIMTREF_CONFIG_DIR");
    return dir && dir[0] ? dir : SIMTREF_CONFIG_DIR_DEFAULT;
}

static const char *bad_config_dir(char *buf, size_t len)
{
    const char *dir = getenv("SIMTREF_BAD_CONFIG_DIR");

    if (dir && dir[0])
        snprintf(buf, len, "%s", dir);
    else
        snprintf(buf, len, "%s/../tests/bad-configs", config_dir());
    return buf;
}

/* The lines of a valid HARP configuration (the tiny preset), one key each,
 * so that key i is on line i + 1 of a file written from them. */
static const char *const tiny_lines[] = {
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
    "l1d_hit_latency = 2",
    "l1d_mshrs = 2",
    "shared_banks = 2",
    "shared_bank_bytes = 4",
    "dram_latency = 20",
    "dram_mb_s = 8000",
    "core_mhz = 1000",
    NULL
};

/* The number of lines in tiny_lines. */
static int tiny_line_count(void)
{
    int n = 0;

    while (tiny_lines[n])
        n++;
    return n;
}

static int line_sets(const char *line, const char *key)
{
    size_t n = strlen(key);
    return strncmp(line, key, n) == 0 && line[n] == ' ';
}

/* Line number (1-based) of key in tiny_lines. */
static unsigned tiny_line_of(const char *key)
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
static const char *tiny_with(const char *key, const char *line,
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
static const char *tiny_changed(const char *const *changes,
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
static void write_temp(const char *text, char *path, size_t len)
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
static int load_text(const char *text, struct simt_config *cfg,
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
static void expect_error(const char *text, unsigned line, const char *part)
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
static void expect_tiny_error(const char *key, const char *line,
                              const char *part)
{
    char text[TEXT_LEN];
    expect_error(tiny_with(key, line, text, sizeof text),
                 tiny_line_of(key), part);
}

/* As expect_tiny_error, but the error belongs on the line of at_key: the
 * later of the keys that disagree. */
static void expect_tiny_error_on(const char *key, const char *line,
                                 const char *at_key, const char *part)
{
    char text[TEXT_LEN];
    expect_error(tiny_with(key, line, text, sizeof text),
                 tiny_line_of(at_key), part);
}

/* Replace key's line of tiny with `line` and expect the file to load. */
static void expect_tiny_ok(const char *key, const char *line)
{
    struct simt_config cfg;
    char text[TEXT_LEN];
    char err[CONFIG_ERR_LEN];

    if (load_text(tiny_with(key, line, text, sizeof text), &cfg,
                  err, sizeof err) != 0)
        fail_msg("'%s' should load, got '%s'", line, err);
}

static int is_all_zero(const void *p, size_t n)
{
    const unsigned char *b = p;
    size_t i;

    for (i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

static void load_preset(const char *name, struct simt_config *cfg)
{
    char err[CONFIG_ERR_LEN];

    if (config_load_preset(name, cfg, err, sizeof err) != 0)
        fail_msg("preset %s: %s", name, err);
}

/* ------------------------------------------------------------------------
 * Presets
 * ---------------------------------------------------------------------- */

static void every_preset_loads_without_error(void **state)
{
    struct simt_config cfg;
    int i;

    (void)state;
    for (i = 0; config_preset_names[i]; i++) {
        load_preset(config_preset_names[i], &cfg);
        assert_string_equal(cfg.name, config_preset_names[i]);
    }
    assert_int_equal(i, 4);
}

static void fermi_sbr_matches_harp_table_3(void **state)
{
    struct simt_config c;

    (void)state;
    load_preset("fermi-sbr", &c);
    assert_int_equal(c.schedulers, 2);
    assert_int_equal(c.threads_per_scheduler, 768);
    assert_int_equal(c.simd_groups, 2);
    assert_int_equal(c.simd_width, 16);
    assert_int_equal(c.pipeline_depth, 8);
    assert_int_equal(c.warp_size, 32);
    assert_int_equal(c.max_tbs, 16);
    assert_int_equal(c.max_warps_per_tb, 32);
    assert_int_equal(c.thread_id_bits, 10);
    assert_int_equal(c.pc_bits, 32);
    assert_int_equal(c.l1d_kb, 48);
    assert_int_equal(c.l1d_ways, 12);
    assert_int_equal(c.l1d_line_bytes, 64);
    assert_int_equal(c.reconvergence, RECONV_SBR);
    assert_int_equal(c.scheduler, SCHED_LRR);
    assert_int_equal(c.fetch, FETCH_LRR);
    assert_int_equal(c.ibuffer_slots, 2);
    assert_int_equal(c.sms, 16);
    assert_int_equal(c.tech_nm, 40);
    assert_true(c.die_mm2 == 529.0);
    assert_int_equal(c.rbt_entries, 0);     /* HARP fields stay zero */
}

static void fermi_harp_matches_harp_table_4(void **state)
{
    struct simt_config c;

    (void)state;
    load_preset("fermi-harp", &c);
    assert_int_equal(c.warp_size, 16);
    assert_int_equal(c.simd_width, 16);
    assert_int_equal(c.max_warps_per_tb, 64);
    assert_int_equal(c.reconvergence, RECONV_HARP);
    assert_int_equal(c.second_level_entries, 512);
    assert_int_equal(c.ready_lookup_entries, 8);
    assert_int_equal(c.waiting_lookup_entries, 8);
    assert_int_equal(c.rbt_entries, 128);
    assert_int_equal(c.rbt_ways, 16);
    assert_int_equal(c.rbt_pipeline_stages, 1);
    assert_int_equal(c.rbt_organisation, RBT_BANKED);
    assert_int_equal(c.lookup_to_second_threshold, 2);
    assert_int_equal(c.first_level_entries, 8);
    assert_int_equal(c.sms, 16);
}

static void gtx480_baws_matches_baws_section_5(void **state)
{
    struct simt_config c;

    (void)state;
    load_preset("gtx480-baws", &c);
    assert_int_equal(c.schedulers * c.threads_per_scheduler, 1536);
    assert_int_equal(c.simd_width, 32);
    assert_int_equal(c.warp_size, 32);
    assert_int_equal(c.max_tbs, 8);
    assert_int_equal(c.max_warps_per_tb, 48);
    assert_int_equal(c.l1d_kb, 16);
    assert_int_equal(c.reconvergence, RECONV_SBR);
    assert_int_equal(c.scheduler, SCHED_MWF_LRR);
    assert_int_equal(c.fetch, FETCH_CFF);
    assert_int_equal(c.sms, 15);
}

static void tiny_preset_is_the_harp_figure_8_table(void **state)
{
    struct simt_config c;

    (void)state;
    load_preset("tiny", &c);
    assert_int_equal(c.simd_width, 2);
    assert_int_equal(c.warp_size, 2);
    assert_int_equal(c.rbt_entries, 8);
    assert_int_equal(c.rbt_ways, 2);
    assert_int_equal(c.reconvergence, RECONV_HARP);
}

static void unknown_preset_is_rejected_with_the_list_of_presets(void **state)
{
    struct simt_config cfg;
    char err[CONFIG_ERR_LEN];

    (void)state;
    memset(&cfg, 0xa5, sizeof cfg);
    assert_int_equal(config_load_preset("x", &cfg, err, sizeof err), -1);
    assert_string_equal(err, "unknown preset 'x' (presets: fermi-sbr, "
                        "fermi-harp, gtx480-baws, tiny)");
    assert_true(is_all_zero(&cfg, sizeof cfg));
}

static void preset_path_is_the_directory_then_name_dot_conf(void **state)
{
    char buf[PATH_LEN], want[PATH_LEN];

    (void)state;
    snprintf(want, sizeof want, "%s/tiny.conf", config_dir());
    assert_string_equal(config_preset_path("tiny", buf, sizeof buf), want);
}

static void without_the_environment_presets_come_from_the_built_in_directory(
    void **state)
{
    char buf[PATH_LEN], want[PATH_LEN], saved[PATH_LEN] = "";
    const char *env = getenv("SIMTREF_CONFIG_DIR");
    int had = env != NULL;

    (void)state;
    if (had)
        snprintf(saved, sizeof saved, "%s", env);
    unsetenv("SIMTREF_CONFIG_DIR");
    snprintf(want, sizeof want, "%s/tiny.conf", SIMTREF_CONFIG_DIR_DEFAULT);
    assert_string_equal(config_preset_path("tiny", buf, sizeof buf), want);
    setenv("SIMTREF_CONFIG_DIR", "/elsewhere", 1);
    assert_string_equal(config_preset_path("tiny", buf, sizeof buf),
                        "/elsewhere/tiny.conf");
    if (had)
        setenv("SIMTREF_CONFIG_DIR", saved, 1);
    else
        unsetenv("SIMTREF_CONFIG_DIR");
}

/* ------------------------------------------------------------------------
 * Reading back and querying
 * ---------------------------------------------------------------------- */

static void printed_configuration_loads_back_to_the_same_values(void **state)
{
    struct simt_config a, b;
    char path[PATH_LEN], err[CONFIG_ERR_LEN];
    char va[64], vb[64];
    FILE *f;
    int i, k;

    (void)state;
    for (i = 0; config_preset_names[i]; i++) {
        load_preset(config_preset_names[i], &a);
        write_temp("", path, sizeof path);
        f = fopen(path, "w");
        assert_non_null(f);
        config_print(&a, f);
        assert_int_equal(fclose(f), 0);
        if (config_load(path, &b, err, sizeof err) != 0)
            fail_msg("reloading %s: %s", config_preset_names[i], err);
        remove(path);
        for (k = 0; tiny_lines[k]; k++) {
            char key[64];
            sscanf(tiny_lines[k], "%63s", key);
            assert_int_equal(config_get(&a, key, va, sizeof va),
                             config_get(&b, key, vb, sizeof vb));
            if (config_get(&a, key, va, sizeof va) == 0)
                assert_string_equal(va, vb);
        }
        assert_true(a.die_mm2 == b.die_mm2);
    }
}

static void config_get_gives_every_key_as_text(void **state)
{
    struct simt_config c;
    char v[64];

    (void)state;
    load_preset("fermi-harp", &c);
    assert_int_equal(config_get(&c, "warp_size", v, sizeof v), 0);
    assert_string_equal(v, "16");
    assert_int_equal(config_get(&c, "reconvergence", v, sizeof v), 0);
    assert_string_equal(v, "harp");
    assert_int_equal(config_get(&c, "rbt_ways", v, sizeof v), 0);
    assert_string_equal(v, "16");
    assert_int_equal(config_get(&c, "die_mm2", v, sizeof v), 0);
    assert_string_equal(v, "529");
    load_preset("gtx480-baws", &c);
    assert_int_equal(config_get(&c, "scheduler", v, sizeof v), 0);
    assert_string_equal(v, "mwf_lrr");
    assert_int_equal(config_get(&c, "fetch", v, sizeof v), 0);
    assert_string_equal(v, "cff");
}

static void config_get_refuses_harp_keys_under_sbr(void **state)
{
    static const char *const harp_keys[] = {
        "second_level_entries", "ready_lookup_entries",
        "waiting_lookup_entries", "rbt_entries", "rbt_ways",
        "rbt_pipeline_stages", "lookup_to_second_threshold",
        "first_level_entries", "rbt_organisation", "waiting_lookup_loads",
        NULL
    };
    struct simt_config c;
    char v[64];
    int i;

    (void)state;
    load_preset("fermi-sbr", &c);
    for (i = 0; harp_keys[i]; i++)
        assert_int_equal(config_get(&c, harp_keys[i], v, sizeof v), -1);
}

static void config_get_refuses_unknown_keys_and_small_buffers(void **state)
{
    struct simt_config c;
    char v[64];

    (void)state;
    load_preset("tiny", &c);
    assert_int_equal(config_get(&c, "rbt_way", v, sizeof v), -1);
    assert_int_equal(config_get(&c, "name", v, sizeof v), -1);
    assert_int_equal(config_get(&c, "scheduler", v, 4), -1);   /* "mwf_lrr" */
}

static void enumeration_names_are_the_file_spellings(void **state)
{
    (void)state;
    assert_string_equal(config_reconvergence_name(RECONV_SBR), "sbr");
    assert_string_equal(config_reconvergence_name(RECONV_HARP), "harp");
    assert_string_equal(config_sched_name(SCHED_LRR), "lrr");
    assert_string_equal(config_sched_name(SCHED_GTO), "gto");
    assert_string_equal(config_sched_name(SCHED_TLS), "tls");
    assert_string_equal(config_sched_name(SCHED_MWF_LRR), "mwf_lrr");
    assert_string_equal(config_sched_name(SCHED_MWF_GTO), "mwf_gto");
    assert_string_equal(config_sched_name(SCHED_SAWS), "saws");
    assert_string_equal(config_fetch_name(FETCH_LRR), "lrr");
    assert_string_equal(config_fetch_name(FETCH_CFF), "cff");
    assert_string_equal(config_fetch_name(FETCH_FEF), "fef");
}

/* ------------------------------------------------------------------------
 * Syntax
 * ---------------------------------------------------------------------- */

static void comments_blank_lines_whitespace_and_crlf_are_ignored(void **state)
{
    struct simt_config c;
    char text[TEXT_LEN], err[CONFIG_ERR_LEN];
    size_t used = 0;
    int i;

    (void)state;
    used += (size_t)snprintf(text + used, sizeof text - used,
                             "# heading\n\n   \t\n");
    for (i = 0; tiny_lines[i]; i++)
        used += (size_t)snprintf(text + used, sizeof text - used,
                                 "  \t%s\t # note = 3\r\n", tiny_lines[i]);
    assert_true(used < sizeof text);
    if (load_text(text, &c, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(c.pc_bits, 8);
    assert_int_equal(c.fetch, FETCH_CFF);
}

static void the_name_comes_from_the_file_name_not_a_key(void **state)
{
    (void)state;
    expect_tiny_error("sms", "name = foo", "unknown key 'name'");
}

static void unknown_key_is_rejected_with_its_line(void **state)
{
    (void)state;
    expect_tiny_error("pc_bits", "program_counter_bits = 8",
                      "unknown key 'program_counter_bits'");
}

static void misspelled_key_gets_a_suggestion(void **state)
{
    (void)state;
    expect_tiny_error("rbt_ways", "rbt_way = 2",
                      "unknown key 'rbt_way' (did you mean 'rbt_ways'?)");
}

static void duplicate_key_names_the_line_of_the_first(void **state)
{
    char text[TEXT_LEN];

    (void)state;
    tiny_with(NULL, NULL, text, sizeof text);
    strcat(text, "warp_size = 2\n");
    expect_error(text, tiny_line_count() + 1,
                 "duplicate key 'warp_size' (first set on line 6)");
}

static void line_without_equals_is_rejected(void **state)
{
    (void)state;
    expect_tiny_error("fetch", "fetch cff", "expected 'key = value'");
    expect_tiny_error("fetch", "= cff", "missing key before '='");
}

static void empty_value_is_rejected_with_the_accepted_range(void **state)
{
    (void)state;
    expect_tiny_error("max_tbs", "max_tbs =   # none",
                      "empty value for key 'max_tbs' (accepted: 2..64)");
}

static void missing_key_is_reported_just_past_the_last_line(void **state)
{
    char text[TEXT_LEN];

    (void)state;
    expect_error(tiny_with("pc_bits", NULL, text, sizeof text),
                 tiny_line_count(),
                 "missing key 'pc_bits'");
}

static void empty_file_reports_the_first_missing_key_at_line_one(void **state)
{
    (void)state;
    expect_error("", 1, "missing key 'schedulers'");
    expect_error("# only a comment", 2, "missing key 'schedulers'");
}

static void unreadable_file_is_reported_at_line_zero(void **state)
{
    struct simt_config cfg;
    char err[CONFIG_ERR_LEN];

    (void)state;
    assert_int_equal(config_load("/nonexistent/dir/none.conf", &cfg,
                                 err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent/dir/none.conf:0: cannot open: "));
    assert_non_null(strstr(err, strerror(ENOENT)));
}

static void line_of_1024_characters_is_accepted_and_1025_rejected(void **state)
{
    char line[1100], text[TEXT_LEN];
    size_t n;

    (void)state;
    strcpy(line, "sms = 1 #");
    n = strlen(line);
    memset(line + n, 'x', 1024 - n);
    line[1024] = '\0';
    expect_tiny_ok("sms", line);
    strcat(line, "x");
    expect_error(tiny_with("sms", line, text, sizeof text),
                 tiny_line_of("sms"), "line is longer than 1024 characters");
}

/* ------------------------------------------------------------------------
 * Values
 * ---------------------------------------------------------------------- */

static void integers_must_be_plain_unsigned_decimal(void **state)
{
    (void)state;
    expect_tiny_error("sms", "sms = -1", "sms = -1 is negative");
    expect_tiny_error("sms", "sms = +1", "a sign is not allowed");
    expect_tiny_error("sms", "sms = 0x1", "hexadecimal is not accepted");
    expect_tiny_error("sms", "sms = 1x", "trailing characters");
    expect_tiny_error("sms", "sms = 1 2", "trailing characters");
    expect_tiny_error("sms", "sms = 1.0", "trailing characters");
    expect_tiny_error("sms", "sms = one",
                      "sms = 'one' is not an unsigned decimal integer");
    expect_tiny_ok("sms", "sms = 001");
}

static void numbers_beyond_the_range_are_rejected_not_clamped(void **state)
{
    (void)state;
    expect_tiny_error("pc_bits", "pc_bits = 99999999999999999999",
                      "pc_bits = 99999999999999999999 is out of range "
                      "(accepted: 4..64)");
    expect_tiny_error("pc_bits", "pc_bits = 18446744073709551620",
                      "out of range");
    expect_tiny_error("schedulers", "schedulers = 0", "out of range");
    expect_tiny_error("schedulers", "schedulers = 9", "(accepted: 1..8)");
    expect_tiny_error("max_tbs", "max_tbs = 1", "out of range");
    expect_tiny_error("max_tbs", "max_tbs = 65", "(accepted: 2..64)");
    expect_tiny_error("tech_nm", "tech_nm = 4", "(accepted: 5..500)");
    expect_tiny_error("ibuffer_slots", "ibuffer_slots = 9", "out of range");
    expect_tiny_error("ready_lookup_entries", "ready_lookup_entries = 257",
                      "out of range");
}

/* Each key at the ends of its range, in the tiny context where the other
 * keys allow it. */
static void range_ends_are_accepted(void **state)
{
    (void)state;
    expect_tiny_ok("schedulers", "schedulers = 8");
    expect_tiny_ok("simd_groups", "simd_groups = 16");
    expect_tiny_ok("pipeline_depth", "pipeline_depth = 64");
    expect_tiny_ok("max_tbs", "max_tbs = 2");
    expect_tiny_ok("max_tbs", "max_tbs = 64");
    expect_tiny_ok("max_warps_per_tb", "max_warps_per_tb = 16");
    expect_tiny_ok("thread_id_bits", "thread_id_bits = 24");
    expect_tiny_ok("thread_id_bits", "thread_id_bits = 4");
    expect_tiny_ok("pc_bits", "pc_bits = 4");
    expect_tiny_ok("pc_bits", "pc_bits = 64");
    expect_tiny_ok("rbt_pipeline_stages", "rbt_pipeline_stages = 4");
    expect_tiny_ok("lookup_to_second_threshold",
                   "lookup_to_second_threshold = 8");
    expect_tiny_ok("sms", "sms = 1024");
    expect_tiny_ok("tech_nm", "tech_nm = 5");
    expect_tiny_ok("tech_nm", "tech_nm = 500");
    expect_tiny_ok("die_mm2", "die_mm2 = 9999.5");
    expect_tiny_ok("die_mm2", "die_mm2 = 0.001");
    expect_tiny_ok("die_mm2", "die_mm2 = 5.29e2");
}

static void power_of_two_keys_reject_other_numbers(void **state)
{
    (void)state;
    expect_tiny_error("warp_size", "warp_size = 3", "not a power of two");
    expect_tiny_error("simd_width", "simd_width = 6", "not a power of two");
    expect_tiny_error("l1d_line_bytes", "l1d_line_bytes = 48",
                      "not a power of two");
    expect_tiny_error("l1d_line_bytes", "l1d_line_bytes = 2", "out of range");
    expect_tiny_error("rbt_pipeline_stages", "rbt_pipeline_stages = 3",
                      "(accepted: 1, 2, 4)");
}

static void die_area_rejects_junk_infinity_nan_and_non_positive(void **state)
{
    (void)state;
    expect_tiny_error("die_mm2", "die_mm2 = inf", "not a decimal number");
    expect_tiny_error("die_mm2", "die_mm2 = nan", "not a decimal number");
    expect_tiny_error("die_mm2", "die_mm2 = 0x10", "not a decimal number");
    expect_tiny_error("die_mm2", "die_mm2 = 529mm", "not a decimal number");
    expect_tiny_error("die_mm2", "die_mm2 = 5e", "not a decimal number");
    expect_tiny_error("die_mm2", "die_mm2 = 1e999", "out of range");
    expect_tiny_error("die_mm2", "die_mm2 = 0", "out of range");
    expect_tiny_error("die_mm2", "die_mm2 = -5", "out of range");
    expect_tiny_error("die_mm2", "die_mm2 = 10000", "out of range");
}

static void enumerations_accept_only_their_listed_names(void **state)
{
    (void)state;
    expect_tiny_error("reconvergence", "reconvergence = SBR",
                      "(sbr, harp, minpc, ics-first)");
    expect_tiny_error("scheduler", "scheduler = rr",
                      "(lrr, gto, tls, mwf_lrr, mwf_gto, saws)");
    expect_tiny_error("fetch", "fetch = gto", "(lrr, cff, fef)");
    expect_tiny_ok("scheduler", "scheduler = saws");
    expect_tiny_ok("fetch", "fetch = fef");
}

/* ------------------------------------------------------------------------
 * Consistency
 * ---------------------------------------------------------------------- */

static void inconsistency_is_reported_at_the_later_key(void **state)
{
    char text[TEXT_LEN];

    (void)state;
    expect_tiny_error("rbt_ways", "rbt_ways = 3",
                      "rbt_ways = 3 does not divide rbt_entries = 8 (line 18)");
    /* The same disagreement with rbt_entries moved to the end. */
    tiny_with("rbt_entries", NULL, text, sizeof text);
    strcat(text, "rbt_entries = 9\n");
    expect_error(text, tiny_line_count(),
                 "rbt_ways = 2 does not divide rbt_entries = 9 "
                 "(line 18)");
}

static void sm_organisation_must_be_consistent(void **state)
{
    (void)state;
    expect_tiny_error_on("simd_width", "simd_width = 4", "warp_size",
                         "warp_size = 2 is not a multiple of simd_width = 4 "
                         "(line 4)");
    expect_tiny_error_on("threads_per_scheduler",
                         "threads_per_scheduler = 15", "warp_size",
                         "is not a multiple of warp_size = 2 (line 2)");
    expect_tiny_error("max_warps_per_tb", "max_warps_per_tb = 17",
                      "exceed the 32 threads of the SM");
    expect_tiny_error("thread_id_bits", "thread_id_bits = 3",
                      "fewer than threads_per_scheduler = 16");
}

static void thread_ids_must_have_bits_beyond_the_lane(void **state)
{
    /* Two threads per scheduler fit in one bit, but one bit is the lane. */
    static const char *const changes[] = {
        "threads_per_scheduler = 2", "max_warps_per_tb = 2",
        "thread_id_bits = 1", NULL
    };
    char text[TEXT_LEN];

    (void)state;
    expect_error(tiny_changed(changes, text, sizeof text),
                 tiny_line_of("thread_id_bits"),
                 "thread_id_bits = 1 must exceed log2(simd_width = 2) = 1 "
                 "(line 4)");
}

static void l1_sets_must_be_a_whole_power_of_two(void **state)
{
    (void)state;
    /* tiny: 1 KB of 32-byte lines */
    expect_tiny_error_on("l1d_ways", "l1d_ways = 3", "l1d_line_bytes",
                         "is not divisible by");
    expect_tiny_error_on("l1d_ways", "l1d_ways = 64", "l1d_line_bytes",
                         "is not divisible by");
    expect_tiny_ok("l1d_ways", "l1d_ways = 32");                /* 1 set */
    expect_tiny_error_on("l1d_kb", "l1d_kb = 3", "l1d_line_bytes", "48 sets");
}

static void memory_addresses_must_name_a_cache_line(void **state)
{
    (void)state;
    /* tiny: 32-byte lines, so 5 offset bits */
    expect_tiny_error("addr_bits", "addr_bits = 5",
                      "addr_bits = 5 leaves no cache-line address above the "
                      "5 offset bits of l1d_line_bytes = 32");
    expect_tiny_ok("addr_bits", "addr_bits = 6");               /* 2 lines */
    expect_tiny_error("sbr_stack_depth", "sbr_stack_depth = 0",
                      "out of range (accepted: 1..64)");
    expect_tiny_error("ics_priority_levels", "ics_priority_levels = 33",
                      "out of range (accepted: 1..32)");
}

static void harp_tables_must_be_consistent(void **state)
{
    (void)state;
    expect_tiny_ok("rbt_ways", "rbt_ways = 8");                 /* 1 set */
    expect_tiny_error("rbt_ways", "rbt_ways = 16", "does not divide");
    expect_tiny_error_on("rbt_entries", "rbt_entries = 24", "rbt_ways",
                         "gives 12 sets, not a power of two");
    expect_tiny_error("rbt_entries", "rbt_entries = 1025",
                      "out of range (accepted: 1..1024)");
    expect_tiny_error("lookup_to_second_threshold",
                      "lookup_to_second_threshold = 9",
                      "(accepted: 1..second_level_entries = 8)");
    expect_tiny_error_on("warp_size", "warp_size = 4", "reconvergence",
                         "needs warps as wide as the SIMD");
    expect_tiny_ok("rbt_entries", "rbt_entries = 1024");  /* 512 sets */
    {
        /* 1024 sets of one way: more sets than 9-bit thread ids name. */
        static const char *const changes[] = {
            "rbt_entries = 1024", "rbt_ways = 1", NULL
        };
        char text[TEXT_LEN];

        expect_error(tiny_changed(changes, text, sizeof text),
                     tiny_line_of("rbt_ways"),
                     "the RBT has 1024 sets, more than the 512 values");
    }
    expect_tiny_error("rbt_organisation", "rbt_organisation = crossbar",
                      "(banked, multiport)");
}

static void keys_of_another_mode_are_kept_ignored_and_marked_unused(
    void **state)
{
    static const char *const modes[] = { "sbr", "minpc", "ics-first", NULL };
    char text[TEXT_LEN], line[64], err[CONFIG_ERR_LEN], v[64];
    struct simt_config c;
    char *printed = NULL;
    size_t size = 0;
    FILE *out;
    int m;

    (void)state;
    for (m = 0; modes[m]; m++) {
        /* Every HARP key of tiny stays, even one the HARP checks refuse. */
        static const char *changes[] = { NULL, "rbt_ways = 3", NULL };
        snprintf(line, sizeof line, "reconvergence = %s", modes[m]);
        changes[0] = line;
        if (load_text(tiny_changed(changes, text, sizeof text), &c,
                      err, sizeof err) != 0)
            fail_msg("reconvergence = %s with HARP keys: %s", modes[m], err);
        assert_int_equal(c.rbt_ways, 3);
        assert_int_equal(config_key_used(&c, "rbt_ways"), 0);
        assert_int_equal(config_key_used(&c, "warp_size"), 1);
        assert_int_equal(config_get(&c, "rbt_ways", v, sizeof v), 0);
        assert_string_equal(v, "3");
        out = open_memstream(&printed, &size);
        assert_non_null(out);
        config_print(&c, out);
        assert_int_equal(fclose(out), 0);
        assert_non_null(strstr(printed, "rbt_ways = 3  # unused: applies only "
                                        "when reconvergence = harp\n"));
        assert_null(strstr(printed, "warp_size = 2  #"));
        free(printed);
        printed = NULL;
    }
    /* A HARP key under another mode is still read for its range. */
    {
        static const char *const out_of_range[] = {
            "reconvergence = sbr", "rbt_ways = 2000", NULL
        };
        expect_error(tiny_changed(out_of_range, text, sizeof text),
                     tiny_line_of("rbt_ways"),
                     "rbt_ways = 2000 is out of range");
    }
}

static void the_control_flow_modes_are_sbr_harp_minpc_and_ics_first(
    void **state)
{
    struct simt_config c;
    char text[TEXT_LEN], err[CONFIG_ERR_LEN];

    (void)state;
    assert_int_equal(load_text(tiny_with("reconvergence", "reconvergence = "
                                         "minpc", text, sizeof text),
                               &c, err, sizeof err), 0);
    assert_int_equal(c.reconvergence, RECONV_MINPC);
    assert_int_equal(load_text(tiny_with("reconvergence", "reconvergence = "
                                         "ics-first", text, sizeof text),
                               &c, err, sizeof err), 0);
    assert_int_equal(c.reconvergence, RECONV_ICS_FIRST);
    assert_string_equal(config_reconvergence_name(RECONV_MINPC), "minpc");
    assert_string_equal(config_reconvergence_name(RECONV_ICS_FIRST),
                        "ics-first");
    /* The HARP keys are not required outside HARP. */
    assert_int_equal(load_text("preset = fermi-sbr\nreconvergence = minpc\n",
                               &c, err, sizeof err), 0);
}

/* ------------------------------------------------------------------------
 * Starting from a preset, and --set
 * ---------------------------------------------------------------------- */

static void a_file_starting_from_a_preset_overrides_only_what_it_sets(
    void **state)
{
    struct simt_config c, tiny;
    char err[CONFIG_ERR_LEN];

    (void)state;
    load_preset("tiny", &tiny);
    if (load_text("# a comment first\npreset = tiny\nscheduler = gto\n"
                  "sms = 3\n", &c, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(c.scheduler, SCHED_GTO);
    assert_int_equal(c.sms, 3);
    c.scheduler = tiny.scheduler;
    c.sms = tiny.sms;
    memcpy(c.name, tiny.name, sizeof c.name);
    assert_memory_equal(&c, &tiny, sizeof c);
    /* A preset that leaves HARP gets its HARP keys kept, unused. */
    assert_int_equal(load_text("preset = tiny\nreconvergence = sbr\n",
                               &c, err, sizeof err), 0);
    assert_int_equal(c.rbt_entries, tiny.rbt_entries);
    assert_int_equal(config_key_used(&c, "rbt_entries"), 0);
    /* ... and one that enters HARP needs them. */
    expect_error("preset = fermi-sbr\nreconvergence = harp\n", 3,
                 "missing key 'first_level_entries' (required when "
                 "reconvergence = harp");
}

static void a_preset_line_comes_first_names_a_preset_and_does_not_nest(
    void **state)
{
    (void)state;
    expect_error("sms = 2\npreset = tiny\n", 2,
                 "preset = tiny must come before every other key (sms is set "
                 "on line 1)");
    expect_error("preset = tiny\npreset = tiny\n", 2, "duplicate key 'preset'");
    expect_error("\npreset = huge\n", 2, "preset = huge: unknown preset 'huge' "
                 "(presets: fermi-sbr, fermi-harp, gtx480-baws, tiny)");
    expect_error("preset =\n", 1, "empty value for key 'preset'");
    expect_error("preset = tiny\nsms = 2\nsms = 3\n", 3,
                 "duplicate key 'sms' (first set on line 2)");
    /* A disagreement with the preset names the line and the preset. */
    expect_error("preset = tiny\nrbt_ways = 3\n", 2,
                 "rbt_ways = 3 does not divide rbt_entries = 8 (the rest "
                 "from preset tiny)");
}

static void a_preset_file_that_starts_from_a_preset_is_refused(void **state)
{
    char dir[PATH_LEN], path[PATH_LEN + 32], err[CONFIG_ERR_LEN];
    const char *saved = getenv("SIMTREF_CONFIG_DIR");
    char saved_copy[PATH_LEN];
    struct simt_config c;
    FILE *f;

    (void)state;
    snprintf(saved_copy, sizeof saved_copy, "%s", saved ? saved : "");
    snprintf(dir, sizeof dir, "%s/simtref-presets-XXXXXX",
             getenv("TMPDIR") && getenv("TMPDIR")[0] ? getenv("TMPDIR")
                                                     : "/tmp");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/tiny.conf", dir);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("preset = fermi-sbr\n", f);
    assert_int_equal(fclose(f), 0);
    setenv("SIMTREF_CONFIG_DIR", dir, 1);
    assert_int_equal(load_text("preset = tiny\n", &c, err, sizeof err), -1);
    if (saved)
        setenv("SIMTREF_CONFIG_DIR", saved_copy, 1);
    else
        unsetenv("SIMTREF_CONFIG_DIR");
    remove(path);
    rmdir(dir);
    if (!strstr(err, "x:1: preset = tiny: ")
        || !strstr(err, "tiny.conf:1: a preset cannot start from another "
                        "preset (preset = fermi-sbr)"))
        fail_msg("got '%s'", err);
}

static void config_set_checks_a_key_as_the_file_would_and_names_it(
    void **state)
{
    struct simt_config c, before;
    char err[CONFIG_ERR_LEN];

    (void)state;
    load_preset("tiny", &c);
    assert_int_equal(config_set(&c, "scheduler", "saws", err, sizeof err), 0);
    assert_int_equal(c.scheduler, SCHED_SAWS);
    assert_string_equal(c.name, "tiny");
    assert_int_equal(config_set_arg(&c, "rbt_ways=4", err, sizeof err), 0);
    assert_int_equal(c.rbt_ways, 4);

    before = c;
    assert_int_equal(config_set(&c, "rbt_ways", "3", err, sizeof err), -1);
    assert_string_equal(err, "--set rbt_ways=3: rbt_ways = 3 does not divide "
                        "rbt_entries = 8 (the rest from configuration tiny)");
    assert_memory_equal(&c, &before, sizeof c);
    assert_int_equal(config_set(&c, "warp_size", "3", err, sizeof err), -1);
    assert_string_equal(err, "--set warp_size=3: warp_size = 3 is not a power "
                        "of two (accepted: a power of two in 1..64)");
    assert_int_equal(config_set(&c, "rbt_way", "4", err, sizeof err), -1);
    assert_string_equal(err, "--set rbt_way=4: unknown key 'rbt_way' (did you "
                        "mean 'rbt_ways'?)");
    assert_int_equal(config_set(&c, "preset", "tiny", err, sizeof err), -1);
    assert_non_null(strstr(err, "--set preset=tiny: preset = NAME can only"));
    assert_int_equal(config_set(&c, "sms", "2 # x", err, sizeof err), -1);
    assert_non_null(strstr(err, "--set sms=2 # x: "));
    assert_int_equal(config_set_arg(&c, "sms", err, sizeof err), -1);
    assert_string_equal(err, "--set sms: expected KEY=VALUE");
    assert_int_equal(config_set_arg(&c, "=2", err, sizeof err), -1);
    assert_memory_equal(&c, &before, sizeof c);

    /* Settings of one command line are checked together: a smaller RBT
     * with as many ways as entries, given in either order; one alone
     * fails, and so does the same key twice. */
    {
        const char *both[] = { "rbt_entries=2", "rbt_ways=2" };
        const char *twice[] = { "rbt_ways=2", "rbt_ways=4" };
        struct simt_config d = c;

        assert_int_equal(config_set_args(&d, both, 1, err, sizeof err), -1);
        assert_string_equal(err, "--set rbt_entries=2: rbt_ways = 4 does not "
                            "divide rbt_entries = 2 (the rest from "
                            "configuration tiny)");
        assert_int_equal(config_set_args(&d, both, 2, err, sizeof err), 0);
        assert_int_equal(d.rbt_entries, 2);
        assert_int_equal(d.rbt_ways, 2);
        d = c;
        assert_int_equal(config_set_args(&d, twice, 2, err, sizeof err), -1);
        assert_non_null(strstr(err, "--set rbt_ways=4: duplicate key"));
        assert_memory_equal(&d, &c, sizeof c);
    }

    /* Leaving HARP keeps the HARP keys; coming back needs no more. */
    assert_int_equal(config_set(&c, "reconvergence", "ics-first", err,
                                sizeof err), 0);
    assert_int_equal(config_key_used(&c, "rbt_ways"), 0);
    assert_int_equal(config_set(&c, "reconvergence", "harp", err,
                                sizeof err), 0);
    assert_int_equal(c.rbt_ways, 4);
    /* An SBR preset has no HARP keys to come back to. */
    load_preset("fermi-sbr", &c);
    assert_int_equal(config_set(&c, "reconvergence", "harp", err,
                                sizeof err), -1);
    assert_string_equal(err, "--set reconvergence=harp: missing key "
                        "'first_level_entries' (required when reconvergence "
                        "= harp; accepted: 1..256)");
}

static void the_key_table_documents_every_key_of_the_printout(void **state)
{
    struct simt_config c;
    char *doc = NULL, *printed = NULL, *line, *save = NULL;
    size_t dsize = 0, psize = 0;
    unsigned keys = 0;
    FILE *out;

    (void)state;
    load_preset("tiny", &c);
    out = open_memstream(&doc, &dsize);
    config_describe_keys(out);
    fclose(out);
    out = open_memstream(&printed, &psize);
    config_print(&c, out);
    fclose(out);
    for (line = strtok_r(printed, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        char row[80];
        snprintf(row, sizeof row, "| `%.*s` |", (int)strcspn(line, " "), line);
        if (!strstr(doc, row))
            fail_msg("no row '%s' in the key table", row);
        keys++;
    }
    assert_int_equal(keys, 45);
    assert_non_null(strstr(doc, "| `reconvergence` | sbr, harp, minpc, "
                                "ics-first | every mode |"));
    assert_non_null(strstr(doc, "| `rbt_ways` | 1..1024 | harp |"));
    free(doc);
    free(printed);
}

static void the_docs_hold_the_key_table_as_it_is_now(void **state)
{
    char path[PATH_LEN], *doc = NULL, *file;
    size_t dsize = 0, n;
    FILE *out, *f;
    long len;

    (void)state;
    out = open_memstream(&doc, &dsize);
    config_describe_keys(out);
    fclose(out);
    snprintf(path, sizeof path, "%s/../docs/configuration.md", config_dir());
    f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    rewind(f);
    file = calloc(1, (size_t)len + 1);
    assert_non_null(file);
    n = fread(file, 1, (size_t)len, f);
    fclose(f);
    assert_int_equal(n, (size_t)len);
    if (!strstr(file, doc))
        fail_msg("docs/configuration.md does not hold the key table as "
                 "`simtref config --keys` prints it now");
    free(file);
    free(doc);
}

static void harp_configuration_requires_every_harp_key(void **state)
{
    char text[TEXT_LEN];

    (void)state;
    expect_error(tiny_with("ready_lookup_entries", NULL, text, sizeof text),
                 tiny_line_count(),
                 "missing key 'ready_lookup_entries' (required when "
                 "reconvergence = harp");
}

static void failed_load_leaves_the_struct_zeroed(void **state)
{
    struct simt_config cfg;
    char text[TEXT_LEN], err[CONFIG_ERR_LEN];

    (void)state;
    memset(&cfg, 0xa5, sizeof cfg);
    tiny_with("sms", "sms = 0", text, sizeof text);
    assert_int_equal(load_text(text, &cfg, err, sizeof err), -1);
    assert_true(is_all_zero(&cfg, sizeof cfg));

    memset(&cfg, 0xa5, sizeof cfg);
    assert_int_equal(config_load("/nonexistent/x.conf", &cfg,
                                 err, sizeof err), -1);
    assert_true(is_all_zero(&cfg, sizeof cfg));
}

/* ------------------------------------------------------------------------
 * The shipped bad files
 * ---------------------------------------------------------------------- */

static void every_bad_config_fails_as_listed_in_expected(void **state)
{
    char dir[PATH_LEN], line[1024];
    char path[sizeof dir + sizeof line], prefix[sizeof path + 32];
    char err[CONFIG_ERR_LEN];
    struct simt_config cfg;
    unsigned checked = 0;
    FILE *f;

    (void)state;
    bad_config_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/EXPECTED", dir);
    f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    while (fgets(line, sizeof line, f)) {
        char *name = strtok(line, "\t");
        char *lineno = strtok(NULL, "\t");
        char *part = strtok(NULL, "\n");

        if (!name || name[0] == '#' || name[0] == '\n')
            continue;
        assert_non_null(lineno);
        assert_non_null(part);
        snprintf(path, sizeof path, "%s/%s", dir, name);
        if (config_load(path, &cfg, err, sizeof err) == 0)
            fail_msg("%s loaded without error", name);
        snprintf(prefix, sizeof prefix, "%s:%s: ", path, lineno);
        if (strncmp(err, prefix, strlen(prefix)) != 0 || !strstr(err, part))
            fail_msg("%s: expected '%s...%s', got '%s'",
                     name, prefix, part, err);
        assert_true(is_all_zero(&cfg, sizeof cfg));
        checked++;
    }
    fclose(f);
    assert_true(checked >= 12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_preset_loads_without_error),
        cmocka_unit_test(fermi_sbr_matches_harp_table_3),
        cmocka_unit_test(fermi_harp_matches_harp_table_4),
        cmocka_unit_test(gtx480_baws_matches_baws_section_5),
        cmocka_unit_test(tiny_preset_is_the_harp_figure_8_table),
        cmocka_unit_test(unknown_preset_is_rejected_with_the_list_of_presets),
        cmocka_unit_test(preset_path_is_the_directory_then_name_dot_conf),
        cmocka_unit_test(
            without_the_environment_presets_come_from_the_built_in_directory),
        cmocka_unit_test(printed_configuration_loads_back_to_the_same_values),
        cmocka_unit_test(config_get_gives_every_key_as_text),
        cmocka_unit_test(config_get_refuses_harp_keys_under_sbr),
        cmocka_unit_test(config_get_refuses_unknown_keys_and_small_buffers),
        cmocka_unit_test(enumeration_names_are_the_file_spellings),
        cmocka_unit_test(comments_blank_lines_whitespace_and_crlf_are_ignored),
        cmocka_unit_test(the_name_comes_from_the_file_name_not_a_key),
        cmocka_unit_test(unknown_key_is_rejected_with_its_line),
        cmocka_unit_test(misspelled_key_gets_a_suggestion),
        cmocka_unit_test(duplicate_key_names_the_line_of_the_first),
        cmocka_unit_test(line_without_equals_is_rejected),
        cmocka_unit_test(empty_value_is_rejected_with_the_accepted_range),
        cmocka_unit_test(missing_key_is_reported_just_past_the_last_line),
        cmocka_unit_test(empty_file_reports_the_first_missing_key_at_line_one),
        cmocka_unit_test(unreadable_file_is_reported_at_line_zero),
        cmocka_unit_test(line_of_1024_characters_is_accepted_and_1025_rejected),
        cmocka_unit_test(integers_must_be_plain_unsigned_decimal),
        cmocka_unit_test(numbers_beyond_the_range_are_rejected_not_clamped),
        cmocka_unit_test(range_ends_are_accepted),
        cmocka_unit_test(power_of_two_keys_reject_other_numbers),
        cmocka_unit_test(die_area_rejects_junk_infinity_nan_and_non_positive),
        cmocka_unit_test(enumerations_accept_only_their_listed_names),
        cmocka_unit_test(inconsistency_is_reported_at_the_later_key),
        cmocka_unit_test(sm_organisation_must_be_consistent),
        cmocka_unit_test(thread_ids_must_have_bits_beyond_the_lane),
        cmocka_unit_test(l1_sets_must_be_a_whole_power_of_two),
        cmocka_unit_test(memory_addresses_must_name_a_cache_line),
        cmocka_unit_test(harp_tables_must_be_consistent),
        cmocka_unit_test(keys_of_another_mode_are_kept_ignored_and_marked_unused),
        cmocka_unit_test(the_control_flow_modes_are_sbr_harp_minpc_and_ics_first),
        cmocka_unit_test(a_file_starting_from_a_preset_overrides_only_what_it_sets),
        cmocka_unit_test(a_preset_line_comes_first_names_a_preset_and_does_not_nest),
        cmocka_unit_test(a_preset_file_that_starts_from_a_preset_is_refused),
        cmocka_unit_test(config_set_checks_a_key_as_the_file_would_and_names_it),
        cmocka_unit_test(the_key_table_documents_every_key_of_the_printout),
        cmocka_unit_test(the_docs_hold_the_key_table_as_it_is_now),
        cmocka_unit_test(harp_configuration_requires_every_harp_key),
        cmocka_unit_test(failed_load_leaves_the_struct_zeroed),
        cmocka_unit_test(every_bad_config_fails_as_listed_in_expected),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
