/*
 * test_read_file.c -- the bounded read of an input file (util/read_file.h):
 * a regular file is read whole; a FIFO without a writer, a symlink to
 * /dev/zero, a directory and a sparse file beyond the limit are refused at
 * once, before any byte is read, with the reason; a missing file keeps
 * open's errno.  Files go to a temporary directory under $TMPDIR (default
 * /tmp), removed afterwards.
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
#include <sys/stat.h>
#include <unistd.h>

#include "read_file.h"

enum { PATH_LEN = 1024, LIMIT = 4096 };

static char dir[PATH_LEN];

static int make_dir(void **state)
{
    const char *tmp = getenv("TMPDIR");

    (void)state;
    snprintf(dir, sizeof dir, "%s/simtref-read-XXXXXX",
             tmp && tmp[0] ? tmp : "/tmp");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    static const char *const names[] = { "text", "fifo", "zero", "sparse",
                                         "sub", "empty" };
    char path[2 * PATH_LEN];

    (void)state;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (remove(path) != 0 && errno != ENOENT)
            rmdir(path);
    }
    return rmdir(dir);
}

static const char *in_dir(const char *name)
{
    static char path[2 * PATH_LEN];

    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

/* read_file refuses path with a reason that holds what. */
static void refused(const char *path, const char *what)
{
    char why[256], *data = (char *)1;
    size_t len = 7;

    assert_int_equal(read_file(path, LIMIT, "a test file", &data, &len, why,
                               sizeof why), READ_FILE_REFUSED);
    assert_null(data);
    assert_int_equal(len, 0);
    if (!strstr(why, what))
        fail_msg("the reason for %s is \"%s\", not \"%s\"", path, why, what);
}

static void a_regular_file_is_read_whole_and_nul_terminated(void **state)
{
    FILE *f = fopen(in_dir("text"), "w");
    char why[256], *data;
    size_t len;

    (void)state;
    assert_non_null(f);
    fputs("line one\nline two\n", f);
    fclose(f);
    assert_int_equal(read_file(in_dir("text"), LIMIT, "a test file", &data,
                               &len, why, sizeof why), READ_FILE_OK);
    assert_int_equal(len, 18);
    assert_string_equal(data, "line one\nline two\n");
    free(data);
}

static void an_empty_file_is_read_as_empty_text(void **state)
{
    FILE *f = fopen(in_dir("empty"), "w");
    char why[256], *data;
    size_t len = 1;

    (void)state;
    assert_non_null(f);
    fclose(f);
    assert_int_equal(read_file(in_dir("empty"), LIMIT, "a test file", &data,
                               &len, why, sizeof why), READ_FILE_OK);
    assert_int_equal(len, 0);
    assert_string_equal(data, "");
    free(data);
}

static void a_missing_file_cannot_be_opened_and_keeps_errno(void **state)
{
    char why[256], *data;
    size_t len;

    (void)state;
    errno = 0;
    assert_int_equal(read_file(in_dir("none"), LIMIT, "a test file", &data,
                               &len, why, sizeof why), READ_FILE_CANNOT_OPEN);
    assert_int_equal(errno, ENOENT);
    assert_non_null(strstr(why, "cannot open: "));
}

static void a_fifo_without_a_writer_is_refused_without_blocking(void **state)
{
    (void)state;
    assert_int_equal(mkfifo(in_dir("fifo"), 0600), 0);
    alarm(10);                      /* a blocked open() fails the test */
    refused(in_dir("fifo"), "not a regular file but a FIFO");
    alarm(0);
}

static void a_symlink_to_dev_zero_is_refused_as_a_device(void **state)
{
    (void)state;
    assert_int_equal(symlink("/dev/zero", in_dir("zero")), 0);
    alarm(10);                      /* an unbounded read fails the test */
    refused(in_dir("zero"), "not a regular file but a character device");
    alarm(0);
}

static void a_directory_is_refused(void **state)
{
    (void)state;
    assert_int_equal(mkdir(in_dir("sub"), 0700), 0);
    refused(in_dir("sub"), "not a regular file but a directory");
}

static void a_sparse_file_beyond_the_limit_is_refused_by_its_size(void **state)
{
    (void)state;
    /* 8 GiB of holes: refused by its size, not read */
    assert_int_equal(truncate(in_dir("text"), 0), 0);
    assert_int_equal(truncate(in_dir("text"), (off_t)8 << 30), 0);
    refused(in_dir("text"), "8589934592 bytes, more than the 4096 bytes a "
            "test file may have");
    /* one byte over the limit is over it; the limit itself is not */
    assert_int_equal(truncate(in_dir("text"), LIMIT + 1), 0);
    refused(in_dir("text"), "4097 bytes, more than the 4096 bytes");
    {
        char why[256], *data;
        size_t len;
        assert_int_equal(truncate(in_dir("text"), LIMIT), 0);
        assert_int_equal(read_file(in_dir("text"), LIMIT, "a test file",
                                   &data, &len, why, sizeof why), READ_FILE_OK);
        assert_int_equal(len, LIMIT);
        free(data);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_regular_file_is_read_whole_and_nul_terminated),
        cmocka_unit_test(an_empty_file_is_read_as_empty_text),
        cmocka_unit_test(a_missing_file_cannot_be_opened_and_keeps_errno),
        cmocka_unit_test(a_fifo_without_a_writer_is_refused_without_blocking),
        cmocka_unit_test(a_symlink_to_dev_zero_is_refused_as_a_device),
        cmocka_unit_test(a_directory_is_refused),
        cmocka_unit_test(a_sparse_file_beyond_the_limit_is_refused_by_its_size),
    };
    return cmocka_run_group_tests_name("read_file", tests, make_dir, remove_dir);
}
