/*
 * test_util.c -- unit tests of the helpers in util/: files written whole
 * or not at all (atomic_file.h) and running another program (process.h).
 * Files go to a temporary directory under $TMPDIR (default /tmp), removed
 * afterwards.
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

#include "atomic_file.h"
#include "process.h"

enum { PATH_LEN = 1024 };

static char dir[PATH_LEN];

static int make_dir(void **state)
{
    const char *tmp = getenv("TMPDIR");

    (void)state;
    snprintf(dir, sizeof dir, "%s/simtref-util-XXXXXX",
             tmp && tmp[0] ? tmp : "/tmp");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    char path[2 * PATH_LEN];
    struct dirent *e;
    DIR *d = opendir(dir);

    (void)state;
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        remove(path);
    }
    if (d)
        closedir(d);
    return rmdir(dir);
}

/* How many entries the directory holds. */
static unsigned entries(void)
{
    struct dirent *e;
    unsigned n = 0;
    DIR *d = opendir(dir);

    assert_non_null(d);
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            n++;
    closedir(d);
    return n;
}

static void contents(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    size_t n;

    assert_non_null(f);
    n = fread(buf, 1, len - 1, f);
    buf[n] = '\0';
    fclose(f);
}

static void a_committed_file_replaces_the_old_one_and_leaves_no_temporary(
    void **state)
{
    struct atomic_file a;
    char path[2 * PATH_LEN], err[256], text[64];

    (void)state;
    snprintf(path, sizeof path, "%s/out.txt", dir);
    assert_int_equal(atomic_open(&a, path, err, sizeof err), 0);
    fputs("old\n", a.f);
    assert_int_equal(atomic_commit(&a, err, sizeof err), 0);
    assert_int_equal(atomic_open(&a, path, err, sizeof err), 0);
    fputs("new\n", a.f);
    contents(path, text, sizeof text);
    assert_string_equal(text, "old\n");         /* not yet */
    assert_int_equal(atomic_commit(&a, err, sizeof err), 0);
    contents(path, text, sizeof text);
    assert_string_equal(text, "new\n");
    assert_int_equal(entries(), 1);
    remove(path);
}

static void a_discarded_file_keeps_the_old_contents_and_no_temporary(
    void **state)
{
    struct atomic_file a;
    char path[2 * PATH_LEN], err[256], text[64];

    (void)state;
    snprintf(path, sizeof path, "%s/keep.txt", dir);
    assert_int_equal(atomic_open(&a, path, err, sizeof err), 0);
    fputs("kept\n", a.f);
    assert_int_equal(atomic_commit(&a, err, sizeof err), 0);
    assert_int_equal(atomic_open(&a, path, err, sizeof err), 0);
    fputs("half", a.f);
    assert_int_equal(atomic_close(&a, err, sizeof err), 0);
    assert_int_equal(entries(), 2);             /* the file and its temporary */
    atomic_discard(&a);
    contents(path, text, sizeof text);
    assert_string_equal(text, "kept\n");
    assert_int_equal(entries(), 1);
    remove(path);
}

static void a_file_through_a_link_replaces_its_target_and_keeps_the_link(
    void **state)
{
    struct atomic_file a;
    char path[2 * PATH_LEN], link[2 * PATH_LEN], err[256], text[64];
    struct stat st;

    (void)state;
    snprintf(path, sizeof path, "%s/target.txt", dir);
    snprintf(link, sizeof link, "%s/link.txt", dir);
    assert_int_equal(symlink("target.txt", link), 0);
    assert_int_equal(atomic_open(&a, link, err, sizeof err), 0);
    fputs("through the link\n", a.f);
    assert_int_equal(atomic_commit(&a, err, sizeof err), 0);
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    contents(path, text, sizeof text);
    assert_string_equal(text, "through the link\n");
    assert_int_equal(entries(), 2);             /* the link and its target */
    remove(link);
    remove(path);
}

static void a_file_named_dash_is_standard_output_and_no_file(void **state)
{
    struct atomic_file a;
    char err[256];

    (void)state;
    assert_int_equal(atomic_open(&a, "-", err, sizeof err), 0);
    assert_true(a.direct);
    assert_ptr_equal(a.f, stdout);
    assert_int_equal(atomic_commit(&a, err, sizeof err), 0);
    assert_int_equal(atomic_open_named(&a, "-", err, sizeof err), -1);
    assert_int_equal(entries(), 0);
}

static void a_file_in_a_missing_directory_is_refused_with_its_path(
    void **state)
{
    struct atomic_file a;
    char path[2 * PATH_LEN], err[2 * PATH_LEN + 64], want[2 * PATH_LEN + 64];

    (void)state;
    snprintf(path, sizeof path, "%s/none/x.txt", dir);
    assert_int_equal(atomic_open(&a, path, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: cannot write: No such file or directory",
             path);
    assert_string_equal(err, want);
    assert_null(a.f);
    assert_int_equal(entries(), 0);
}

static void a_program_s_exit_status_and_output_are_kept(void **state)
{
    char log[2 * PATH_LEN], err[256], text[64];
    char sh[] = "sh", c[] = "-c", ok[] = "echo out; echo err >&2",
         bad[] = "exit 3";
    char *ok_argv[] = { sh, c, ok, NULL };
    char *bad_argv[] = { sh, c, bad, NULL };

    (void)state;
    snprintf(log, sizeof log, "%s/run.log", dir);
    assert_int_equal(spawn_run(ok_argv, log, err, sizeof err), 0);
    contents(log, text, sizeof text);
    assert_string_equal(text, "out\nerr\n");
    assert_int_equal(spawn_run(bad_argv, log, err, sizeof err), -1);
    assert_string_equal(err, "sh failed (exit status 3)");
    remove(log);
}

static void a_program_that_does_not_exist_is_reported(void **state)
{
    char prog[] = "/nonexistent/simtref-no-such-program";
    char *argv[] = { prog, NULL };
    char err[256];

    (void)state;
    assert_int_equal(spawn_run(argv, NULL, err, sizeof err), -1);
    assert_string_equal(err, "cannot run /nonexistent/simtref-no-such-program:"
                        " No such file or directory");
}

static void a_tool_comes_from_its_environment_variable_when_set(void **state)
{
    (void)state;
    setenv("SIMTREF_TEST_TOOL", "/opt/x/tool", 1);
    assert_string_equal(spawn_tool("SIMTREF_TEST_TOOL", "tool"),
                        "/opt/x/tool");
    setenv("SIMTREF_TEST_TOOL", "", 1);
    assert_string_equal(spawn_tool("SIMTREF_TEST_TOOL", "tool"), "tool");
    unsetenv("SIMTREF_TEST_TOOL");
    assert_string_equal(spawn_tool("SIMTREF_TEST_TOOL", "tool"), "tool");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            a_committed_file_replaces_the_old_one_and_leaves_no_temporary),
        cmocka_unit_test(
            a_discarded_file_keeps_the_old_contents_and_no_temporary),
        cmocka_unit_test(
            a_file_through_a_link_replaces_its_target_and_keeps_the_link),
        cmocka_unit_test(a_file_named_dash_is_standard_output_and_no_file),
        cmocka_unit_test(a_file_in_a_missing_directory_is_refused_with_its_path),
        cmocka_unit_test(a_program_s_exit_status_and_output_are_kept),
        cmocka_unit_test(a_program_that_does_not_exist_is_reported),
        cmocka_unit_test(a_tool_comes_from_its_environment_variable_when_set),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
