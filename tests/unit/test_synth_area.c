/*
 * test_synth_area.c -- synthesis of small fixtures onto the simtref45
 * library.
 *
 * Each test writes its Verilog fixture into a fresh temporary directory,
 * which also serves as the working directory of the synthesis run and is
 * removed afterwards.  The yosys binary is taken from $YOSYS (default
 * "yosys", looked up in PATH) and the library from $SIMTREF_LIBERTY
 * (default synth/simtref45.lib, relative to the current directory).
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
#include <unistd.h>

#include "shift_map.h"
#include "shiftx_map.h"
#include "synth_area.h"

/* Area of one DFFR cell in simtref45.lib, in um^2. */
static const double DFFR_UM2 = 5.320;

/* The per-test state: the temporary directory and the tools. */
struct fixture {
    char        dir[256];
    const char *yosys;
    const char *liberty;
    char        err[1024];
};

static const char *env_or(const char *name, const char *fallback)
{
    const char *value = getenv(name);

    return value != NULL && *value != '\0' ? value : fallback;
}

static int make_fixture(void **state)
{
    struct fixture *fx = calloc(1, sizeof *fx);

    if (fx == NULL)
        return -1;
    snprintf(fx->dir, sizeof fx->dir, "%s/simtref-synth-XXXXXX",
             env_or("TMPDIR", "/tmp"));
    if (mkdtemp(fx->dir) == NULL) {
        free(fx);
        return -1;
    }
    fx->yosys = env_or("YOSYS", "yosys");
    fx->liberty = env_or("SIMTREF_LIBERTY", "synth/simtref45.lib");
    *state = fx;
    return 0;
}

/* Remove the files of the temporary directory, then the directory. */
static int remove_fixture(void **state)
{
    struct fixture *fx = *state;
    DIR *d = opendir(fx->dir);
    struct dirent *e;
    char path[512];

    if (d != NULL) {
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", fx->dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(fx->dir);
    free(fx);
    return 0;
}

/* Write text to dir/name and return the path in buf. */
static void write_fixture(const struct fixture *fx, const char *name,
                          const char *text, char *buf, size_t size)
{
    FILE *f;

    snprintf(buf, size, "%s/%s", fx->dir, name);
    f = fopen(buf, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

/* Write the fixture, synthesize module top from it; returns synth_area's. */
static int synthesize(struct fixture *fx, const char *top, const char *text,
                      struct synth_result *res)
{
    char vpath[512];

    write_fixture(fx, "fixture.v", text, vpath, sizeof vpath);
    return synth_area(fx->yosys, fx->liberty, vpath, top, fx->dir, res,
                      fx->err, sizeof fx->err);
}

/* The count of cell type name in res, 0 when absent. */
static unsigned cell_count(const struct synth_result *res, const char *name)
{
    unsigned i;

    for (i = 0; i < res->ncell_types; i++)
        if (strcmp(res->cell[i].name, name) == 0)
            return res->cell[i].count;
    return 0;
}

static const char REGISTER_V[] =
    "module reg8(input wire clk, input wire rst_n,\n"
    "            input wire [7:0] d, output reg [7:0] q);\n"
    "    always @(posedge clk or negedge rst_n)\n"
    "        if (!rst_n) q <= 8'd0;\n"
    "        else        q <= d;\n"
    "endmodule\n";

static const char COMPARATOR_V[] =
    "module cmp4(input wire [3:0] a, input wire [3:0] b,\n"
    "            output wire lt, output wire eq);\n"
    "    assign lt = a < b;\n"
    "    assign eq = a == b;\n"
    "endmodule\n";

static const char BROKEN_V[] =
    "module broken(input wire a, output wire y);\n"
    "    assign y = a &;\n"
    "endmodule\n";

static const char LATCH_V[] =
    "module lat(input wire en, input wire d, output reg q);\n"
    "    always @* if (en) q = d;\n"
    "endmodule\n";

static void an_8_bit_register_with_async_reset_maps_to_8_dffr_cells(
    void **state)
{
    struct fixture *fx = *state;
    struct synth_result res;

    assert_int_equal(synthesize(fx, "reg8", REGISTER_V, &res), 0);
    assert_int_equal(res.flops, 8);
    assert_int_equal(cell_count(&res, "DFFR"), 8);
    assert_int_equal(cell_count(&res, "DFF"), 0);
    assert_true(res.flop_um2 > 8 * DFFR_UM2 - 1e-9);
    assert_true(res.flop_um2 < 8 * DFFR_UM2 + 1e-9);
    assert_true(res.total_um2 > 8 * DFFR_UM2 + res.logic_um2 - 1e-9);
    assert_true(res.total_um2 < 8 * DFFR_UM2 + res.logic_um2 + 1e-9);
}

static void a_4_bit_comparator_has_no_flops_and_some_logic(void **state)
{
    struct fixture *fx = *state;
    struct synth_result res;

    assert_int_equal(synthesize(fx, "cmp4", COMPARATOR_V, &res), 0);
    assert_int_equal(res.flops, 0);
    assert_true(res.flop_um2 == 0.0);
    assert_true(res.cells > 0);
    assert_true(res.logic_um2 > 0.0);
    assert_true(res.total_um2 == res.logic_um2);
}

static void the_cell_areas_sum_to_the_total(void **state)
{
    struct fixture *fx = *state;
    struct synth_result res;
    double sum = 0;
    unsigned i, cells = 0;

    assert_int_equal(synthesize(fx, "cmp4", COMPARATOR_V, &res), 0);
    for (i = 0; i < res.ncell_types; i++) {
        sum += res.cell[i].area_um2;
        cells += res.cell[i].count;
    }
    assert_int_equal(cells, res.cells);
    assert_true(sum > res.total_um2 - 1e-9 && sum < res.total_um2 + 1e-9);
}

static void broken_verilog_fails_with_a_message_pointing_at_yosys_log(
    void **state)
{
    struct fixture *fx = *state;
    struct synth_result res;

    assert_int_equal(synthesize(fx, "broken", BROKEN_V, &res), -1);
    assert_non_null(strstr(fx->err, "yosys.log"));
    assert_non_null(strstr(fx->err, "ERROR"));
}

static void a_latch_is_an_error_naming_the_unmapped_cell(void **state)
{
    struct fixture *fx = *state;
    struct synth_result res;
    struct synth_flow flow = { fx->yosys, fx->liberty, NULL, 1, NULL, 0 };
    struct synth_job job;
    char vpath[512];

    assert_int_equal(synthesize(fx, "lat", LATCH_V, &res), -1);
    assert_non_null(strstr(fx->err, "DLATCH"));
    assert_non_null(strstr(fx->err, "not in the library"));
    assert_non_null(strstr(fx->err, "netlist.v)"));
    /* without the netlist, the message names the statistics, which are
     * there to be read */
    snprintf(vpath, sizeof vpath, "%s/netlist.v", fx->dir);
    assert_int_equal(remove(vpath), 0);
    snprintf(vpath, sizeof vpath, "%s/fixture.v", fx->dir);
    memset(&job, 0, sizeof job);
    job.verilog_path = vpath;
    job.top = "lat";
    job.workdir = fx->dir;
    assert_int_equal(synth_area_batch(&flow, &job, 1, fx->err,
                                      sizeof fx->err), -1);
    assert_non_null(strstr(fx->err, "DLATCH"));
    assert_non_null(strstr(fx->err, "stat.txt)"));
}

static void a_missing_yosys_binary_is_reported_by_name(void **state)
{
    struct fixture *fx = *state;
    struct synth_result res;

    fx->yosys = "no-such-yosys-binary";
    assert_int_equal(synthesize(fx, "cmp4", COMPARATOR_V, &res), -1);
    assert_non_null(strstr(fx->err, "no-such-yosys-binary"));
}

static const char MEMORY_V[] =
    "module ram16x8(input wire clk, input wire we, input wire [3:0] wa,\n"
    "               input wire [7:0] wd, input wire [3:0] ra,\n"
    "               output wire [7:0] rd);\n"
    "  reg [7:0] mem [0:15];\n"
    "  always @(posedge clk) if (we) mem[wa] <= wd;\n"
    "  assign rd = mem[ra];\n"
    "endmodule\n";

static void an_array_stays_a_memory_and_is_listed_with_its_size(void **state)
{
    struct fixture *fx = *state;
    struct synth_result res;

    assert_int_equal(synthesize(fx, "ram16x8", MEMORY_V, &res), 0);
    assert_int_equal(res.nmemories, 1);
    assert_string_equal(res.mem[0].name, "mem");
    assert_int_equal(res.mem[0].width, 8);
    assert_int_equal(res.mem[0].size, 16);
    assert_int_equal(res.mem[0].rd_ports, 1);
    assert_int_equal(res.mem[0].wr_ports, 1);
    assert_int_equal(res.mem_bits, 128);
    assert_int_equal(res.flops, 0);     /* the array is not in flip-flops */
    assert_true(res.dff_um2 > 0);
}

static void areas_scale_by_the_square_of_the_node(void **state)
{
    (void)state;
    assert_true(synth_scale_to_node(45) == 1.0);
    assert_true(synth_scale_to_node(40) > 0.7901 &&
                synth_scale_to_node(40) < 0.7902);
    assert_true(synth_scale_to_node(90) == 4.0);
}

/* A table with a view output, a marked CAM and a marked RAM register. */
static const char VIEW_V[] =
    "module view #(parameter integer SHOW_TABLE = 1)\n"
    "    (input wire clk, input wire [3:0] d, input wire [3:0] key,\n"
    "     output wire hit, output wire [7:0] view_o);\n"
    "    (* simtref_array = \"cam\" *) reg [7:0] tag_q;\n"
    "    (* simtref_array = \"ram\" *) reg [3:0] seen_q;\n"
    "    always @(posedge clk) begin\n"
    "        tag_q <= {tag_q[3:0], d};\n"
    "        seen_q <= d;\n"
    "    end\n"
    "    assign hit = tag_q[3:0] == key || tag_q[7:4] == key;\n"
    "    assign view_o = (SHOW_TABLE != 0) ? {seen_q, 4'd0} : 8'd0;\n"
    "endmodule\n";

static void show_table_is_set_to_0_and_marked_arrays_are_listed(void **state)
{
    struct fixture *fx = *state;
    struct synth_result res;
    unsigned i, cam = 0, ram = 0;

    assert_int_equal(synthesize(fx, "view", VIEW_V, &res), 0);
    assert_true(res.show_table_off);
    /* seen_q is observable only through the view: it is removed. */
    assert_int_equal(res.flops, 8);
    assert_int_equal(res.narrays, 2);
    for (i = 0; i < res.narrays; i++) {
        if (strcmp(res.array[i].name, "tag_q") == 0 && res.array[i].cam)
            cam = (unsigned)res.array[i].bits;
        if (strcmp(res.array[i].name, "seen_q") == 0 && !res.array[i].cam)
            ram = (unsigned)res.array[i].bits;
    }
    assert_int_equal(cam, 8);
    assert_int_equal(ram, 4);
}

/* A counter with a marked array, instantiated twice by PAIR_V. */
static const char CNT_V[] =
    "module cnt(input wire clk, input wire rst_n, input wire [3:0] d,\n"
    "           output wire [11:0] q);\n"
    "    parameter integer W = 8;\n"
    "    reg [W-1:0] n_q;\n"
    "    (* simtref_array = \"ram\" *) reg [3:0] d_q;\n"
    "    always @(posedge clk or negedge rst_n)\n"
    "        if (!rst_n) begin n_q <= 0; d_q <= 4'd0; end\n"
    "        else begin n_q <= n_q + 1'b1; d_q <= d; end\n"
    "    assign q = {d_q, {(8-W){1'b0}}, n_q};\n"
    "endmodule\n";

/* CNT_V with a 6-bit counter: the same ports, a different module. */
static const char CNT6_V[] =
    "module cnt(input wire clk, input wire rst_n, input wire [3:0] d,\n"
    "           output wire [11:0] q);\n"
    "    parameter integer W = 6;\n"
    "    reg [W-1:0] n_q;\n"
    "    (* simtref_array = \"ram\" *) reg [3:0] d_q;\n"
    "    always @(posedge clk or negedge rst_n)\n"
    "        if (!rst_n) begin n_q <= 0; d_q <= 4'd0; end\n"
    "        else begin n_q <= n_q + 1'b1; d_q <= d; end\n"
    "    assign q = {d_q, {(8-W){1'b0}}, n_q};\n"
    "endmodule\n";

/* Two counters (one named in a comment: cnt) and a flip-flop of its own. */
static const char PAIR_V[] =
    "// pair: two cnt instances\n"
    "module pair(input wire clk, input wire rst_n, input wire [3:0] d,\n"
    "            output wire [11:0] a, output wire [11:0] b,\n"
    "            output reg t_q);\n"
    "    cnt u_a (.clk(clk), .rst_n(rst_n), .d(d), .q(a));\n"
    "    cnt u_b (.clk(clk), .rst_n(rst_n), .d(~d), .q(b));\n"
    "    always @(posedge clk or negedge rst_n)\n"
    "        if (!rst_n) t_q <= 1'b0; else t_q <= ~t_q;\n"
    "endmodule\n";

static void a_module_s_submodules_are_read_beside_it_and_counted_per_instance(
    void **state)
{
    struct fixture *fx = *state;
    struct synth_result res;
    char vpath[512], sub[512];

    write_fixture(fx, "cnt.v", CNT_V, sub, sizeof sub);
    write_fixture(fx, "pair.v", PAIR_V, vpath, sizeof vpath);
    assert_int_equal(synth_area(fx->yosys, fx->liberty, vpath, "pair",
                                fx->dir, &res, fx->err, sizeof fx->err), 0);
    /* two counters of 8 + 4 flip-flops, and the pair's own; the
     * counter's marked array once per instance */
    assert_int_equal(res.flops, 2 * (8 + 4) + 1);
    assert_int_equal(res.narrays, 2);
    assert_int_equal(res.array[0].bits, 4);
    assert_int_equal(res.array[1].bits, 4);
}

/* Synthesize pair.v through a batch, with the cache in cache_dir (or
 * none) and the netlist written when asked; returns whether its figures
 * came from the cache. */
static int pair_batch(struct fixture *fx, const char *cache_dir,
                      int netlist, struct synth_result *res)
{
    struct synth_flow flow = { fx->yosys, fx->liberty, cache_dir, 1, NULL,
                               netlist };
    struct synth_job job;
    char vpath[512];

    snprintf(vpath, sizeof vpath, "%s/pair.v", fx->dir);
    memset(&job, 0, sizeof job);
    job.verilog_path = vpath;
    job.top = "pair";
    job.workdir = fx->dir;
    assert_int_equal(synth_area_batch(&flow, &job, 1, fx->err,
                                      sizeof fx->err), 0);
    *res = job.res;
    return job.cached;
}

/* pair_batch() with the cache in the fixture's directory, no netlist. */
static int pair_cached(struct fixture *fx, struct synth_result *res)
{
    return pair_batch(fx, fx->dir, 0, res);
}

/* Whether the fixture's directory holds a netlist.v; removes it. */
static int take_netlist(const struct fixture *fx)
{
    char path[512];

    snprintf(path, sizeof path, "%s/netlist.v", fx->dir);
    return remove(path) == 0;
}

/* The figures a report prints from a result are the same in a and b. */
static void assert_same_figures(const struct synth_result *a,
                                const struct synth_result *b)
{
    unsigned i;

    assert_int_equal(a->cells, b->cells);
    assert_int_equal(a->flops, b->flops);
    assert_int_equal(a->ncell_types, b->ncell_types);
    for (i = 0; i < a->ncell_types; i++) {
        assert_string_equal(a->cell[i].name, b->cell[i].name);
        assert_int_equal(a->cell[i].count, b->cell[i].count);
    }
    assert_true(a->total_um2 == b->total_um2);
    assert_int_equal(a->narrays, b->narrays);
}

/* The mapped netlist is written only when the flow asks for it; with or
 * without it the figures are the same and so is the cache entry: a run
 * that keeps the netlist finds the entry of one that did not. */
static void the_netlist_is_written_when_asked_with_the_same_figures(
    void **state)
{
    struct fixture *fx = *state;
    struct synth_result without, with, cached;
    char path[512];

    write_fixture(fx, "cnt.v", CNT_V, path, sizeof path);
    write_fixture(fx, "pair.v", PAIR_V, path, sizeof path);
    assert_false(pair_batch(fx, fx->dir, 0, &without));
    assert_false(take_netlist(fx));
    assert_false(pair_batch(fx, NULL, 1, &with));
    assert_true(take_netlist(fx));
    assert_same_figures(&without, &with);
    assert_true(pair_batch(fx, fx->dir, 1, &cached));
    assert_same_figures(&without, &cached);
}

static void a_changed_submodule_misses_the_cache(void **state)
{
    struct fixture *fx = *state;
    struct synth_result res;
    char path[512];

    write_fixture(fx, "cnt.v", CNT_V, path, sizeof path);
    write_fixture(fx, "pair.v", PAIR_V, path, sizeof path);
    assert_false(pair_cached(fx, &res));
    assert_int_equal(res.flops, 2 * (8 + 4) + 1);
    assert_true(pair_cached(fx, &res));
    assert_int_equal(res.flops, 2 * (8 + 4) + 1);
    /* pair.v is unchanged; the counter it instantiates is not */
    write_fixture(fx, "cnt.v", CNT6_V, path, sizeof path);
    assert_false(pair_cached(fx, &res));
    assert_int_equal(res.flops, 2 * (6 + 4) + 1);
}

/* The LSU of the checked-in tiny RTL instantiates the unified arbiter:
 * it synthesizes, and the mapped netlist holds the arbiter's nets. */
static void the_lsu_is_synthesized_with_the_arbiter_it_instantiates(
    void **state)
{
    struct fixture *fx = *state;
    struct synth_result res;
    char vpath[512], npath[512];
    char *text;
    FILE *f;
    long n;

    snprintf(vpath, sizeof vpath, "%s/rtl/tiny/simtref_lsu.v",
             env_or("SRCDIR", "."));
    assert_int_equal(synth_area(fx->yosys, fx->liberty, vpath, "simtref_lsu",
                                fx->dir, &res, fx->err, sizeof fx->err), 0);
    assert_true(res.cells > 0);
    snprintf(npath, sizeof npath, "%s/netlist.v", fx->dir);
    f = fopen(npath, "r");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    n = ftell(f);
    assert_true(n > 0);
    rewind(f);
    text = calloc((size_t)n + 1, 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    assert_non_null(strstr(text, "u_arbiter."));
    free(text);
}

/* Variable part-selects of the shapes the generated modules use: a
 * variable index times a width (a), plus a constant lane offset (b);
 * offsets Yosys computes with an adder (c, d), which the rule leaves to
 * the generic techmap. */
static const char part_selects_v[] =
    "module sel(input [255:0] v, input [2:0] i, input [1:0] j,\n"
    "           output [7:0] a, output [7:0] b, output [3:0] c,\n"
    "           output [7:0] d);\n"
    "  assign a = v[i * 8 +: 8];\n"
    "  assign b = v[128 + i * 8 + j * 2 +: 8];\n"
    "  assign c = v[252 - 4 * j +: 4];\n"
    "  assign d = v[200 + i * 8 +: 8];\n"
    "endmodule\n";

/* Run yosys on script in fx's directory; its exit status. */
static int run_yosys_script(const struct fixture *fx, const char *script)
{
    char spath[512], cmd[1400];

    write_fixture(fx, "check.ys", script, spath, sizeof spath);
    snprintf(cmd, sizeof cmd, "cd %s && %s -q -s check.ys > yosys.log 2>&1",
             fx->dir, fx->yosys);
    return system(cmd);
}

static void the_shiftx_rule_narrows_part_selects_without_changing_them(
    void **state)
{
    struct fixture *fx = *state;
    char path[512];

    write_fixture(fx, "sel.v", part_selects_v, path, sizeof path);
    write_fixture(fx, "shiftx_map.v", shiftx_map_verilog, path, sizeof path);
    /* The rule narrows a and b (two of the four $shiftx cells left
     * read all 256 bits) ... */
    assert_int_equal(run_yosys_script(fx,
        "read_verilog sel.v\nproc\nopt -fast -full\n"
        "select -assert-count 4 t:$shiftx\n"
        "techmap -map shiftx_map.v\n"
        "select -assert-count 4 t:$shiftx\n"
        "select -assert-count 2 t:$shiftx r:A_WIDTH=256 %i\n"), 0);
    /* ... and the gates it leads to are those of the generic expansion:
     * a miter of the two proved equal by SAT for every input. */
    assert_int_equal(run_yosys_script(fx,
        "read_verilog sel.v\nproc\nopt -fast -full\n"
        "copy sel gold\n"
        "techmap -map shiftx_map.v sel\ntechmap\nopt -fast\n"
        "miter -equiv -flatten -make_assert gold sel miter\n"
        "hierarchy -top miter\n"
        "sat -verify -prove-asserts miter\n"), 0);
}

/* $shift cells of the shapes the rule must keep: B signed (a variable
 * part-select write: A at T when B is negative) and unsigned, B narrower
 * than the shift needs (T below A's width: the two places of A overlap)
 * and wider (the overflow), Y wider and narrower than A, a constant A (a
 * write's mask) and a B with a constant bit.  Instantiated directly, so
 * that each shape is there whatever Yosys makes of an expression. */
static const char shift_cells_v[] =
    "module sel(input [31:0] a, input [12:0] b, output [300:0] y);\n"
    "  \\$shift #(.A_SIGNED(0), .B_SIGNED(1), .A_WIDTH(8), .B_WIDTH(12),"
    " .Y_WIDTH(96)) c0 (.A(a[7:0]), .B(b[11:0]), .Y(y[95:0]));\n"
    "  \\$shift #(.A_SIGNED(0), .B_SIGNED(1), .A_WIDTH(16), .B_WIDTH(3),"
    " .Y_WIDTH(24)) c1 (.A(a[15:0]), .B(b[2:0]), .Y(y[119:96]));\n"
    "  \\$shift #(.A_SIGNED(0), .B_SIGNED(0), .A_WIDTH(32), .B_WIDTH(7),"
    " .Y_WIDTH(20)) c2 (.A(a), .B(b[6:0]), .Y(y[139:120]));\n"
    "  \\$shift #(.A_SIGNED(0), .B_SIGNED(0), .A_WIDTH(5), .B_WIDTH(2),"
    " .Y_WIDTH(9)) c3 (.A(a[4:0]), .B(b[1:0]), .Y(y[148:140]));\n"
    "  \\$shift #(.A_SIGNED(0), .B_SIGNED(1), .A_WIDTH(1), .B_WIDTH(13),"
    " .Y_WIDTH(48)) c4 (.A(a[0]), .B(b), .Y(y[196:149]));\n"
    "  \\$shift #(.A_SIGNED(0), .B_SIGNED(1), .A_WIDTH(4), .B_WIDTH(6),"
    " .Y_WIDTH(64)) c5 (.A(4'b1111), .B(b[5:0]), .Y(y[260:197]));\n"
    "  \\$shift #(.A_SIGNED(0), .B_SIGNED(1), .A_WIDTH(12), .B_WIDTH(5),"
    " .Y_WIDTH(40)) c6 (.A(a[11:0]), .B({b[4:1], 1'b0}), .Y(y[300:261]));\n"
    "endmodule\n";

/* $shiftx cells (reads; x beyond A): B unsigned, with constant bits (as
 * shiftx_map.h leaves them) and signed, narrower than the shift needs. */
static const char shiftx_cells_v[] =
    "module sel(input [31:0] a, input [12:0] b, output [200:0] y);\n"
    "  \\$shiftx #(.A_SIGNED(0), .B_SIGNED(0), .A_WIDTH(32), .B_WIDTH(5),"
    " .Y_WIDTH(4)) x0 (.A(a), .B(b[4:0]), .Y(y[3:0]));\n"
    "  \\$shiftx #(.A_SIGNED(0), .B_SIGNED(0), .A_WIDTH(32), .B_WIDTH(7),"
    " .Y_WIDTH(8)) x1 (.A(a), .B({b[6:4], 4'b0000}), .Y(y[11:4]));\n"
    "  \\$shiftx #(.A_SIGNED(0), .B_SIGNED(1), .A_WIDTH(16), .B_WIDTH(6),"
    " .Y_WIDTH(4)) x2 (.A(a[15:0]), .B(b[5:0]), .Y(y[15:12]));\n"
    "  \\$shiftx #(.A_SIGNED(0), .B_SIGNED(0), .A_WIDTH(8), .B_WIDTH(3),"
    " .Y_WIDTH(12)) x3 (.A(a[7:0]), .B(b[2:0]), .Y(y[27:16]));\n"
    "  \\$shiftx #(.A_SIGNED(0), .B_SIGNED(1), .A_WIDTH(8), .B_WIDTH(2),"
    " .Y_WIDTH(10)) x4 (.A(a[7:0]), .B(b[1:0]), .Y(y[37:28]));\n"
    "  \\$shiftx #(.A_SIGNED(0), .B_SIGNED(0), .A_WIDTH(128), .B_WIDTH(7),"
    " .Y_WIDTH(16)) x5 (.A({a, a, a, a}), .B({b[6:4], 4'b0000}),"
    " .Y(y[53:38]));\n"
    "endmodule\n";

/* The write of a part-select at a variable offset, as the generated
 * modules write their per-warp registers. */
static const char part_select_writes_v[] =
    "module sel(input clk, input [31:0] d, input [3:0] w,\n"
    "           output reg [383:0] q, output reg [11:0] c);\n"
    "  always @(posedge clk) begin\n"
    "    q[w * 32 +: 32] <= d;\n"
    "    c[w] <= d[0];\n"
    "  end\n"
    "endmodule\n";

static void the_shift_rule_builds_writes_and_reads_without_changing_them(
    void **state)
{
    struct fixture *fx = *state;
    char path[512];

    write_fixture(fx, "cells.v", shift_cells_v, path, sizeof path);
    write_fixture(fx, "writes.v", part_select_writes_v, path, sizeof path);
    write_fixture(fx, "xcells.v", shiftx_cells_v, path, sizeof path);
    write_fixture(fx, "shift_map.v", shift_map_verilog, path, sizeof path);
    /* The rule takes every cell, and the gates it leads to are those of
     * the generic expansion: a miter of the two proved equal by SAT for
     * every input. */
    assert_int_equal(run_yosys_script(fx,
        "read_verilog -icells cells.v\nhierarchy -top sel\n"
        "select -assert-count 7 t:$shift\n"
        "copy sel gold\n"
        "techmap -map shift_map.v sel\n"
        "select -assert-count 0 sel/t:$shift\n"
        "techmap\nopt -fast\n"
        "miter -equiv -flatten -make_assert gold sel miter\n"
        "hierarchy -top miter\n"
        "sat -verify -prove-asserts miter\n"), 0);
    /* The same on $shiftx cells, where the rule's bits are those the
     * generic expansion does not leave x (an output bit x in gold, a read
     * out of range, may be anything). */
    assert_int_equal(run_yosys_script(fx,
        "read_verilog -icells xcells.v\nhierarchy -top sel\n"
        "select -assert-count 6 t:$shiftx\n"
        "copy sel gold\n"
        "techmap -map shift_map.v sel\n"
        "select -assert-count 0 sel/t:$shiftx\n"
        "techmap\nopt -fast\n"
        "miter -equiv -flatten -make_assert -ignore_gold_x gold sel miter\n"
        "hierarchy -top miter\n"
        "sat -verify -prove-asserts -enable_undef -set-def-inputs miter\n"),
        0);
    /* The same on the writes of a generated module's shape (as $shift
     * cells of B signed, the negated offset), the registers cut open so
     * that the miter compares the next state. */
    assert_int_equal(run_yosys_script(fx,
        "read_verilog writes.v\nproc\nopt -fast -full\n"
        "select -assert-min 2 t:$shift\n"
        "copy sel gold\n"
        "techmap -map shift_map.v sel\n"
        "select -assert-count 0 sel/t:$shift\n"
        "techmap\nopt -fast\n"
        "miter -equiv -flatten -make_assert gold sel miter\n"
        "hierarchy -top miter\n"
        "sat -verify -prove-asserts -set-init-zero -seq 2 miter\n"), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(
            an_8_bit_register_with_async_reset_maps_to_8_dffr_cells,
            make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(
            a_4_bit_comparator_has_no_flops_and_some_logic,
            make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(
            the_cell_areas_sum_to_the_total,
            make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(
            broken_verilog_fails_with_a_message_pointing_at_yosys_log,
            make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(
            a_latch_is_an_error_naming_the_unmapped_cell,
            make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(
            a_missing_yosys_binary_is_reported_by_name,
            make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(
            an_array_stays_a_memory_and_is_listed_with_its_size,
            make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(
            show_table_is_set_to_0_and_marked_arrays_are_listed,
            make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(
            a_module_s_submodules_are_read_beside_it_and_counted_per_instance,
            make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(
            a_changed_submodule_misses_the_cache,
            make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(
            the_netlist_is_written_when_asked_with_the_same_figures,
            make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(
            the_lsu_is_synthesized_with_the_arbiter_it_instantiates,
            make_fixture, remove_fixture),
        cmocka_unit_test(areas_scale_by_the_square_of_the_node),
        cmocka_unit_test_setup_teardown(
            the_shiftx_rule_narrows_part_selects_without_changing_them,
            make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(
            the_shift_rule_builds_writes_and_reads_without_changing_them,
            make_fixture, remove_fixture),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
