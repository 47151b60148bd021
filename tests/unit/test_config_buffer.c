/*
 * test_config_buffer.c -- config_load_buffer() is config_load() on text
 * in memory: the same configuration or the same message for every shipped
 * and test configuration, and inputs only a buffer can give exactly
 * (embedded NUL bytes, no final newline, nothing at all).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <dirent.h>

#include "config.h"

/* The source tree: $SRCDIR (set by make check), else the current directory. */
static const char *srcdir(void)
{
    const char *d = getenv("SRCDIR");
    return d && d[0] ? d : ".";
}

/* The whole file at path, malloc'ed; its length in *len. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0, got;

    assert_non_null(f);
    do {
        if (n == cap) {
            cap = cap ? 2 * cap : 4096;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    fclose(f);
    *len = n;
    return buf;
}

/* Load path both ways and check that the results are identical. */
static void same_both_ways(const char *path)
{
    struct simt_config from_file, from_buf;
    char err_file[CONFIG_ERR_LEN], err_buf[CONFIG_ERR_LEN];
    size_t len;
    char *text = slurp(path, &len);
    int rc_file = config_load(path, &from_file, err_file, sizeof err_file);
    int rc_buf = config_load_buffer(path, text, len, &from_buf, err_buf,
                                    sizeof err_buf);

    assert_int_equal(rc_file, rc_buf);
    assert_string_equal(err_file, err_buf);
    assert_memory_equal(&from_file, &from_buf, sizeof from_file);
    free(text);
}

static void each_conf_in(const char *sub, int *count)
{
    char dir[4096], path[8192];
    DIR *d;
    struct dirent *e;

    snprintf(dir, sizeof dir, "%s/%s", srcdir(), sub);
    d = opendir(dir);

    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".conf") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        same_both_ways(path);
        (*count)++;
    }
    closedir(d);
}

static void file_and_buffer_agree_on_every_shipped_and_test_configuration(void **state)
{
    int count = 0;

    (void)state;
    each_conf_in("configs", &count);
    each_conf_in("tests/data/scenarios", &count);
    each_conf_in("tests/data/bad-configs", &count);
    assert_true(count >= 30);
}

static void a_nul_byte_inside_the_buffer_is_an_error_on_its_line(void **state)
{
    static const char text[] = "# comment\nschedulers = 2\0\n";
    struct simt_config cfg;
    char err[CONFIG_ERR_LEN];

    (void)state;
    assert_int_equal(config_load_buffer("mem.conf", text, sizeof text - 1, &cfg,
                                        err, sizeof err), -1);
    assert_string_equal(err, "mem.conf:2: line contains a NUL byte");
}

static void an_empty_buffer_reports_the_first_missing_key_on_line_1(void **state)
{
    struct simt_config cfg;
    char err[CONFIG_ERR_LEN];

    (void)state;
    assert_int_equal(config_load_buffer("empty.conf", NULL, 0, &cfg, err,
                                        sizeof err), -1);
    assert_non_null(strstr(err, "empty.conf:1: missing key 'schedulers'"));
}

static void a_last_line_without_newline_is_read_like_any_other(void **state)
{
    char path[4096], err[CONFIG_ERR_LEN];
    size_t len;
    char *text;
    struct simt_config whole, cut;

    snprintf(path, sizeof path, "%s/configs/tiny.conf", srcdir());
    text = slurp(path, &len);

    (void)state;
    while (len > 0 && text[len - 1] == '\n')
        len--;
    assert_int_equal(config_load_buffer("tiny.conf", text, len, &cut, err,
                                        sizeof err), 0);
    assert_int_equal(config_load(path, &whole, err, sizeof err), 0);
    assert_memory_equal(&whole, &cut, sizeof whole);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(file_and_buffer_agree_on_every_shipped_and_test_configuration),
        cmocka_unit_test(a_nul_byte_inside_the_buffer_is_an_error_on_its_line),
        cmocka_unit_test(an_empty_buffer_reports_the_first_missing_key_on_line_1),
        cmocka_unit_test(a_last_line_without_newline_is_read_like_any_other),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
