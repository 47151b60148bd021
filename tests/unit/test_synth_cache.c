/*
 * test_synth_cache.c -- the synthesis cache gives back exactly what was
 * stored under a key, and nothing for an entry that does not read back
 * whole (truncated, altered, another key's, missing).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "synth_cache.h"

/* A temporary directory with the three files of a run, and the cache. */
struct fixture {
    char dir[256];              /* the run's working directory */
    char cache[300];            /* dir/cache */
    struct yosys_files files;   /* the run's files in dir */
    char err[512];
};

static const char *const content[3] = {     /* stat, mems, arrays */
    "=== top ===\n   Number of cells: 2\n     AND2 2\n\n",
    "",                                     /* no memory: an empty part */
    "attribute \\simtref_array \"cam\"\nwire width 8 \\q\n",
};

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");

    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
}

static char *read_back(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = calloc(1, 4096);
    size_t n;

    assert_non_null(f);
    assert_non_null(buf);
    n = fread(buf, 1, 4095, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void write_outputs(struct fixture *fx)
{
    write_file(fx->files.stat, content[0]);
    write_file(fx->files.mems, content[1]);
    write_file(fx->files.arrays, content[2]);
}

static void remove_outputs(struct fixture *fx)
{
    remove(fx->files.stat);
    remove(fx->files.mems);
    remove(fx->files.arrays);
}

static int setup(void **state)
{
    struct fixture *fx = calloc(1, sizeof *fx);
    const char *tmp = getenv("TMPDIR");

    if (fx == NULL)
        return -1;
    snprintf(fx->dir, sizeof fx->dir, "%s/simtref-cache-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(fx->dir) == NULL)
        return -1;
    snprintf(fx->cache, sizeof fx->cache, "%s/cache", fx->dir);
    if (yosys_files_in(fx->dir, &fx->files, fx->err, sizeof fx->err) != 0)
        return -1;
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *fx = *state;
    char cmd[600];

    snprintf(cmd, sizeof cmd, "rm -rf '%s'", fx->dir);
    if (system(cmd) != 0)
        return -1;
    free(fx);
    return 0;
}

static const struct synth_key_input base = {
    "Yosys 0.23", "read_verilog module.v\n", "cell (INV) { area : 1; }", 24,
    "module map; endmodule\n", "module wmap; endmodule\n",
    "module top; endmodule\n", 22, 0, NULL, NULL
};

static void key_of(const struct synth_key_input *in, char key[SYNTH_KEY_SIZE])
{
    synth_cache_key(in, key);
    assert_int_equal(strlen(key), 64);
}

static void the_key_changes_with_each_input(void **state)
{
    char k0[SYNTH_KEY_SIZE], k[SYNTH_KEY_SIZE];
    struct synth_key_input in;

    (void)state;
    key_of(&base, k0);
    key_of(&base, k);
    assert_string_equal(k0, k);

    in = base; in.yosys_version = "Yosys 0.24";
    key_of(&in, k); assert_string_not_equal(k0, k);
    in = base; in.script = "read_verilog module.v\nopt\n";
    key_of(&in, k); assert_string_not_equal(k0, k);
    in = base; in.liberty = "cell (INV) { area : 2; }";
    key_of(&in, k); assert_string_not_equal(k0, k);
    in = base; in.shiftx_map = "module mab; endmodule\n";
    key_of(&in, k); assert_string_not_equal(k0, k);
    in = base; in.shift_map = "module wmab; endmodule\n";
    key_of(&in, k); assert_string_not_equal(k0, k);
    in = base; in.verilog = "module top; endmodulf\n";
    key_of(&in, k); assert_string_not_equal(k0, k);
    /* Fields cannot run together: moving a byte across a border. */
    in = base; in.liberty = "cell (INV) { area : 1; }m"; in.liberty_len = 25;
    in.verilog = "odule top; endmodule\n"; in.verilog_len = 21;
    key_of(&in, k); assert_string_not_equal(k0, k);
}

static void a_stored_entry_loads_back_the_same_files(void **state)
{
    struct fixture *fx = *state;
    char key[SYNTH_KEY_SIZE];
    char *got;

    key_of(&base, key);
    assert_int_equal(synth_cache_load(fx->cache, key, &fx->files, fx->err,
                                      sizeof fx->err), 0);
    write_outputs(fx);
    assert_int_equal(synth_cache_store(fx->cache, key, &fx->files, fx->err,
                                       sizeof fx->err), 0);
    remove_outputs(fx);
    assert_int_equal(synth_cache_load(fx->cache, key, &fx->files, fx->err,
                                      sizeof fx->err), 1);
    got = read_back(fx->files.stat);
    assert_string_equal(got, content[0]);
    free(got);
    got = read_back(fx->files.mems);
    assert_string_equal(got, content[1]);
    free(got);
    got = read_back(fx->files.arrays);
    assert_string_equal(got, content[2]);
    free(got);
}

/* Store an entry, let damage() alter its file, and expect a miss. */
static void expect_miss_after(struct fixture *fx,
                              void (*damage)(const char *path,
                                             const char *cache))
{
    char key[SYNTH_KEY_SIZE], path[600];

    key_of(&base, key);
    write_outputs(fx);
    assert_int_equal(synth_cache_store(fx->cache, key, &fx->files, fx->err,
                                       sizeof fx->err), 0);
    remove_outputs(fx);
    snprintf(path, sizeof path, "%s/%s.syn", fx->cache, key);
    damage(path, fx->cache);
    assert_int_equal(synth_cache_load(fx->cache, key, &fx->files, fx->err,
                                      sizeof fx->err), 0);
    assert_int_not_equal(access(fx->files.stat, F_OK), 0);
}

static void cut_last_byte(const char *path, const char *cache)
{
    char *text = read_back(path);

    (void)cache;
    text[strlen(text) - 1] = '\0';
    write_file(path, text);
    free(text);
}

static void cut_to_half(const char *path, const char *cache)
{
    char *text = read_back(path);

    (void)cache;
    text[strlen(text) / 2] = '\0';
    write_file(path, text);
    free(text);
}

static void alter_a_figure(const char *path, const char *cache)
{
    char *text = read_back(path);
    char *two = strstr(text, "AND2 2");

    (void)cache;
    assert_non_null(two);
    two[5] = '3';
    write_file(path, text);
    free(text);
}

static void append_a_line(const char *path, const char *cache)
{
    char *text = read_back(path);
    char *longer = malloc(strlen(text) + 8);

    (void)cache;
    strcpy(longer, text);
    strcat(longer, "stat 0\n");
    write_file(path, longer);
    free(text);
    free(longer);
}

/* The entry of another key, renamed to this key's name. */
static void put_another_keys_entry(const char *path, const char *cache)
{
    struct synth_key_input in = base;
    char other[SYNTH_KEY_SIZE], other_path[600];
    struct yosys_files f;
    char err[256];

    in.verilog = "module other; endmodule\n";
    in.verilog_len = strlen(in.verilog);
    key_of(&in, other);
    /* The outputs were removed: store the other entry from fresh ones. */
    snprintf(other_path, sizeof other_path, "%s", cache);
    assert_int_equal(yosys_files_in(cache, &f, err, sizeof err), 0);
    write_file(f.stat, content[0]);
    write_file(f.mems, content[1]);
    write_file(f.arrays, content[2]);
    assert_int_equal(synth_cache_store(cache, other, &f, err, sizeof err), 0);
    remove(f.stat);
    remove(f.mems);
    remove(f.arrays);
    snprintf(other_path, sizeof other_path, "%s/%s.syn", cache, other);
    assert_int_equal(rename(other_path, path), 0);
}

static void remove_it(const char *path, const char *cache)
{
    (void)cache;
    assert_int_equal(remove(path), 0);
}

static void a_truncated_entry_is_a_miss(void **state)
{
    expect_miss_after(*state, cut_last_byte);
    expect_miss_after(*state, cut_to_half);
}

static void an_altered_entry_is_a_miss(void **state)
{
    expect_miss_after(*state, alter_a_figure);
    expect_miss_after(*state, append_a_line);
}

static void another_keys_entry_is_a_miss(void **state)
{
    expect_miss_after(*state, put_another_keys_entry);
}

static void a_missing_entry_is_a_miss(void **state)
{
    expect_miss_after(*state, remove_it);
}

/* An entry replaced by a special file or a huge one: a miss found at
 * once (alarm: a blocked open or an endless read fails the test), with
 * the entry and the reason in err. */
static void expect_refused_after(struct fixture *fx,
                                 void (*damage)(const char *path,
                                                const char *cache),
                                 const char *reason)
{
    char key[SYNTH_KEY_SIZE], path[600];

    key_of(&base, key);
    snprintf(path, sizeof path, "%s/%s.syn", fx->cache, key);
    mkdir(fx->cache, 0700);         /* made by the first store otherwise */
    damage(path, fx->cache);
    fx->err[0] = '\0';
    alarm(10);
    assert_int_equal(synth_cache_load(fx->cache, key, &fx->files, fx->err,
                                      sizeof fx->err), 0);
    alarm(0);
    assert_int_not_equal(access(fx->files.stat, F_OK), 0);
    if (!strstr(fx->err, path) || !strstr(fx->err, reason))
        fail_msg("the reason for the entry %s is \"%s\", not \"%s\"", path,
                 fx->err, reason);
    remove(path);
}

static void make_fifo(const char *path, const char *cache)
{
    (void)cache;
    assert_int_equal(mkfifo(path, 0600), 0);
}

static void link_to_dev_zero(const char *path, const char *cache)
{
    (void)cache;
    assert_int_equal(symlink("/dev/zero", path), 0);
}

static void make_sparse_8_gib(const char *path, const char *cache)
{
    (void)cache;
    write_file(path, "");
    assert_int_equal(truncate(path, (off_t)8 << 30), 0);
}

static void a_special_or_huge_entry_is_a_miss_without_reading_it(void **state)
{
    char reason[128];

    expect_refused_after(*state, make_fifo, "not a regular file but a FIFO");
    expect_refused_after(*state, link_to_dev_zero,
                         "not a regular file but a character device");
    snprintf(reason, sizeof reason, "8589934592 bytes, more than the %zu "
             "bytes an area cache entry may have", SYNTH_CACHE_ENTRY_MAX);
    expect_refused_after(*state, make_sparse_8_gib, reason);
}

static void a_store_leaves_no_temporary_file(void **state)
{
    struct fixture *fx = *state;
    char key[SYNTH_KEY_SIZE];
    struct dirent *e;
    DIR *d;
    int n = 0;

    key_of(&base, key);
    write_outputs(fx);
    assert_int_equal(synth_cache_store(fx->cache, key, &fx->files, fx->err,
                                       sizeof fx->err), 0);
    assert_int_equal(synth_cache_store(fx->cache, key, &fx->files, fx->err,
                                       sizeof fx->err), 0);
    d = opendir(fx->cache);
    assert_non_null(d);
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.') {
            n++;
            assert_non_null(strstr(e->d_name, ".syn"));
            assert_null(strstr(e->d_name, ".tmp"));
        }
    closedir(d);
    assert_int_equal(n, 1);
}

static void the_default_directory_follows_xdg_then_home(void **state)
{
    char buf[256];

    (void)state;
    setenv("XDG_CACHE_HOME", "/x/cache", 1);
    setenv("HOME", "/home/u", 1);
    assert_int_equal(synth_cache_default_dir(buf, sizeof buf), 0);
    assert_string_equal(buf, "/x/cache/simtref");
    setenv("XDG_CACHE_HOME", "relative", 1);
    assert_int_equal(synth_cache_default_dir(buf, sizeof buf), 0);
    assert_string_equal(buf, "/home/u/.cache/simtref");
    unsetenv("XDG_CACHE_HOME");
    unsetenv("HOME");
    assert_int_equal(synth_cache_default_dir(buf, sizeof buf), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_key_changes_with_each_input),
        cmocka_unit_test_setup_teardown(
            a_stored_entry_loads_back_the_same_files, setup, teardown),
        cmocka_unit_test_setup_teardown(a_truncated_entry_is_a_miss,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(an_altered_entry_is_a_miss,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(another_keys_entry_is_a_miss,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(a_missing_entry_is_a_miss,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(
            a_special_or_huge_entry_is_a_miss_without_reading_it, setup,
            teardown),
        cmocka_unit_test_setup_teardown(a_store_leaves_no_temporary_file,
                                        setup, teardown),
        cmocka_unit_test(the_default_directory_follows_xdg_then_home),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
