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

/* Open a temporary output for a test; its path is left in path. */
static void open_temp(struct vgen *v, char *path)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(vgen_open(v, path), 0);
}

/* Close v and return its text; the file is removed. */
static const char *close_and_read(struct vgen *v, const char *path)
{
    const char *text;
    assert_int_equal(vgen_close(v), 0);
    text = slurp(path);
    remove(path);
    return text;
}

static void blocks_keep_the_indentation_without_counting(void **state)
{
    char path[] = "/tmp/test_vgen_XXXXXX";
    struct vgen v;
    (void)state;
    open_temp(&v, path);
    vgen_begin(&v, "always @*");
    vgen_begin(&v, "if (x_i)");
    vgen_line(&v, "y = 1'b1;");
    vgen_elsif(&v, "z_i");
    vgen_line(&v, "y = 1'b0;");
    vgen_else(&v);
    vgen_line(&v, "y = w_i;");
    vgen_end(&v);
    vgen_end(&v);
    vgen_generate(&v);
    vgen_line(&v, "g");
    vgen_endgenerate(&v);
    assert_string_equal(close_and_read(&v, path),
                        "always @* begin\n"
                        "  if (x_i) begin\n"
                        "    y = 1'b1;\n"
                        "  end else if (z_i) begin\n"
                        "    y = 1'b0;\n"
                        "  end else begin\n"
                        "    y = w_i;\n"
                        "  end\n"
                        "end\n"
                        "generate\n"
                        "  g\n"
                        "endgenerate\n");
}

static void named_blocks_and_case_items_keep_the_indentation(void **state)
{
    char path[] = "/tmp/test_vgen_XXXXXX";
    struct vgen v;
    (void)state;
    open_temp(&v, path);
    vgen_generate(&v);
    vgen_begin_named(&v, "g_w", "for (gw = 0; gw < %d; gw = gw + 1)", 4);
    vgen_begin_named(&v, "g_lo", "if (gw < 2)");
    vgen_line(&v, "assign a = 1'b0;");
    vgen_elsif_named(&v, "g_mid", "gw < 3");
    vgen_line(&v, "assign a = 1'b1;");
    vgen_else_named(&v, "g_hi");
    vgen_begin(&v, "always @*");
    vgen_case(&v, "op_%s", "i");
    vgen_line(&v, "2'd0: b = 1'b0;");
    vgen_begin(&v, "2'd1:");
    vgen_line(&v, "b = 1'b1;");
    vgen_end(&v);
    vgen_line(&v, "default: b = c;");
    vgen_endcase(&v);
    vgen_end(&v);
    vgen_end(&v);
    vgen_end(&v);
    vgen_endgenerate(&v);
    assert_string_equal(close_and_read(&v, path),
                        "generate\n"
                        "  for (gw = 0; gw < 4; gw = gw + 1) begin : g_w\n"
                        "    if (gw < 2) begin : g_lo\n"
                        "      assign a = 1'b0;\n"
                        "    end else if (gw < 3) begin : g_mid\n"
                        "      assign a = 1'b1;\n"
                        "    end else begin : g_hi\n"
                        "      always @* begin\n"
                        "        case (op_i)\n"
                        "          2'd0: b = 1'b0;\n"
                        "          2'd1: begin\n"
                        "            b = 1'b1;\n"
                        "          end\n"
                        "          default: b = c;\n"
                        "        endcase\n"
                        "      end\n"
                        "    end\n"
                        "  end\n"
                        "endgenerate\n");
}

static void a_register_group_resets_every_register_and_aligns_them(void **state)
{
    const struct vreg regs[] = {
        { "a_q", "1'b0", "a_d" },
        { "long_q", "{4{1'b1}}", "long_d" },
    };
    char path[] = "/tmp/test_vgen_XXXXXX";
    struct vgen v;
    (void)state;
    open_temp(&v, path);
    vgen_ff(&v, regs, 2, "en");
    vgen_ff(&v, regs, 1, NULL);
    assert_string_equal(close_and_read(&v, path),
                        "always @(posedge clk_i or negedge rst_ni) begin\n"
                        "  if (!rst_ni) begin\n"
                        "    a_q    <= 1'b0;\n"
                        "    long_q <= {4{1'b1}};\n"
                        "  end else if (en) begin\n"
                        "    a_q    <= a_d;\n"
                        "    long_q <= long_d;\n"
                        "  end\n"
                        "end\n"
                        "always @(posedge clk_i or negedge rst_ni) begin\n"
                        "  if (!rst_ni) begin\n"
                        "    a_q <= 1'b0;\n"
                        "  end else begin\n"
                        "    a_q <= a_d;\n"
                        "  end\n"
                        "end\n");
}

static void an_instance_binds_every_port_by_name_with_one_comma_less(void **state)
{
    const struct vconn params[] = { { "N", "4", NULL } };
    const struct vconn conns[] = {
        { NULL, NULL, "Clock" },
        { "clk_i", "clk_i", "the clock" },
        { "value_o", "v[3:0]", NULL },
    };
    char path[] = "/tmp/test_vgen_XXXXXX";
    struct vgen v;
    (void)state;
    open_temp(&v, path);
    vgen_instance(&v, "simtref_x", "u_x", params, 1, conns, 3);
    vgen_instance(&v, "simtref_y", "u_y", NULL, 0, conns + 1, 1);
    assert_string_equal(close_and_read(&v, path),
                        "simtref_x #(\n"
                        "  .N (4)\n"
                        ") u_x (\n"
                        "  // Clock\n"
                        "  .clk_i   (clk_i),  // the clock\n"
                        "  .value_o (v[3:0])\n"
                        ");\n"
                        "simtref_y u_y (\n"
                        "  .clk_i (clk_i)   // the clock\n"
                        ");\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zero_extension_by_zero_bits_is_the_expression_itself),
        cmocka_unit_test(last_port_has_no_comma_and_groups_are_commented),
        cmocka_unit_test(unwritable_path_fails_and_leaves_no_file),
        cmocka_unit_test(aborted_output_leaves_no_file),
        cmocka_unit_test(blocks_keep_the_indentation_without_counting),
        cmocka_unit_test(named_blocks_and_case_items_keep_the_indentation),
        cmocka_unit_test(a_register_group_resets_every_register_and_aligns_them),
        cmocka_unit_test(an_instance_binds_every_port_by_name_with_one_comma_less),
    };
    return cmocka_run_group_tests_name("vgen", tests, NULL, NULL);
}
