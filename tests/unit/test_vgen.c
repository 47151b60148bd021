/*
 * test_vgen.c -- the Verilog writer: aligned lists with correct commas,
 * zero-extension without zero-width replication, and no partial files.
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

#include "vgen.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    static char buf[4096];
    size_t n;
    assert_non_null(f);
    n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void zero_extension_by_zero_bits_is_the_expression_itself(void **state)
{
    char buf[64];
    (void)state;
    assert_string_equal(vgen_zext(buf, sizeof buf, 0, "W-1", "x"), "x");
    assert_string_equal(vgen_zext(buf, sizeof buf, 2, "W-1", "x"),
                        "{{(W-1){1'b0}}, x}");
}

static void last_port_has_no_comma_and_groups_are_commented(void **state)
{
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock" },
        { "input", "", "clk_i", "clock" },
        { NULL, NULL, NULL, "Data" },
        { "output", "[3:0]", "q_o", "value" },
    };
    char path[] = "/tmp/test_vgen_XXXXXX";
    struct vgen v;
    int fd = mkstemp(path);
    (void)state;
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(vgen_open(&v, path), 0);
    vgen_module_begin(&v, "m", NULL, 0, ports, 4);
    vgen_module_end(&v, "m");
    assert_int_equal(vgen_close(&v), 0);
    const char *text = slurp(path);
    assert_non_null(strstr(text, "module m ("));
    assert_non_null(strstr(text, "// Clock"));
    assert_non_null(strstr(text, "clk_i,"));
    assert_non_null(strstr(text, "q_o "));
    assert_non_null(strstr(text, "// value"));
    assert_null(strstr(text, "q_o,"));
    assert_non_null(strstr(text, "endmodule  // m"));
    remove(path);
}

static void unwritable_path_fails_and_leaves_no_file(void **state)
{
    struct vgen v;
    (void)state;
    assert_int_equal(vgen_open(&v, "/nonexistent-dir/x.v"), -1);
    assert_int_equal(access("/nonexistent-dir/x.v", F_OK), -1);
}

static void aborted_output_leaves_no_file(void **state)
{
    char dir[] = "/tmp/test_vgen_dir_XXXXXX";
    char path[64];
    struct vgen v;
    (void)state;
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/a.v", dir);
    assert_int_equal(vgen_open(&v, path), 0);
    vgen_line(&v, "module a;");
    vgen_abort(&v);
    assert_int_equal(access(path, F_OK), -1);
    assert_int_equal(rmdir(dir), 0);   /* empty: no temporary left */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zero_extension_by_zero_bits_is_the_expression_itself),
        cmocka_unit_test(last_port_has_no_comma_and_groups_are_commented),
        cmocka_unit_test(unwritable_path_fails_and_leaves_no_file),
        cmocka_unit_test(aborted_output_leaves_no_file),
    };
    return cmocka_run_group_tests_name("vgen", tests, NULL, NULL);
}
