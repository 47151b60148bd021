/*
 * test_config_checks.c -- unit tests of the configuration checked as a
 * whole (golden/config_check.c): keys that constrain one another, a file
 * that starts from a preset, --set, and the shipped bad files, read from
 * $SIMTREF_BAD_CONFIG_DIR (default the tests/data/bad-configs directory next to
 * the presets).
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
    assert_int_equal(keys, 47);
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
