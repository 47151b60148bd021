/*
 * test_config.c -- unit tests of the configuration reader (golden/config.c):
 * the presets, reading a configuration back, the syntax of a file and the
 * values each key takes.  The whole-file checks, starting from a preset,
 * --set and the shipped bad files are tests/unit/test_config_checks.c's.
 *
 * The shipped presets are read from $SIMTREF_CONFIG_DIR (default "configs");
 * other bad inputs are written to temporary files under $TMPDIR (default
 * /tmp) and removed afterwards.
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
#include "config_cases.h"

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
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
