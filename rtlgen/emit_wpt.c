/*
 * emit_wpt.c -- the Verilog of the BAWS warp priority table (simtref_wpt).
 *
 * Ports and behaviour are those of the C model, golden/structures/wpt.h.  The module
 * is one register group (the counters) and two blocks of logic: the
 * arrivals per TB with the next counter values, and the MWF ranks.
 */
#include "rtlgen.h"
#include "wpt.h"

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct wpt_geometry *g)
{
    const struct vparam params[] = {
        { "NUM_TBS",   g->tbs,       NULL, "thread blocks resident per SM" },
        { "MAX_WARPS", g->max_warps, NULL, "warps per thread block, at most" },
        { "NUM_PORTS", g->ports,     NULL, "arrival ports, one per warp scheduler" },
        { NULL, 0, NULL, "Derived widths" },
        { "CNT_W",   0, "$clog2(MAX_WARPS)",             "counter: 0..MAX_WARPS-1" },
        { "TB_W",    0, "$clog2(NUM_TBS)",               "thread block id" },
        { "WARPS_W", 0, "$clog2(MAX_WARPS + 1)",         "warp count: 1..MAX_WARPS" },
        { "SUM_W",   0, "$clog2((1 << CNT_W) + NUM_PORTS)", "counter plus arrivals" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                      "clk_i",       "clock" },
        { "input",  "",                      "rst_ni",      "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Kernel launch: warps per thread block, held between resets" },
        { "input",  "[WARPS_W-1:0]",         "tb_warps_i",  "1..MAX_WARPS" },
        { NULL, NULL, NULL, "Barrier arrivals, one port per warp scheduler" },
        { "input",  "[NUM_PORTS-1:0]",       "arr_valid_i", "a warp arrives at its barrier" },
        { "input",  "[NUM_PORTS*TB_W-1:0]",  "arr_tb_i",    "... of this thread block" },
        { NULL, NULL, NULL, "Priority counters (BAWS Table 1) and barrier release" },
        { "output", "[NUM_TBS*CNT_W-1:0]",   "cnt_o",       "warps waiting, per thread block" },
        { "output", "[NUM_TBS-1:0]",         "release_o",   "the last warp arrives this cycle" },
        { NULL, NULL, NULL, "Most-waiting-first priority of the thread blocks" },
        { "output", "[NUM_TBS*TB_W-1:0]",    "rank_o",      "TBs ahead of each TB; 0 = first" },
        { NULL, NULL, NULL, "Errors" },
        { "output", "",                      "err_o",       "stray TB id or too many arrivals" },
    };

    emit_file_header(v, "simtref_wpt.v", "BAWS warp priority table (WPT)",
                     "BAWS section 4.1.2 and Table 1; C model: golden/structures/wpt.c.", cfg);
    vgen_line(v, "// One counter per resident thread block counts the warps waiting at");
    vgen_line(v, "// the block's barrier; it resets on the edge on which the last warp");
    vgen_line(v, "// arrives.  The counters are the most-waiting-first priorities: the");
    vgen_line(v, "// block with the most waiting warps comes first, ties to the smaller");
    vgen_line(v, "// block id.  Storage: %u counters x %u bits = %lu bits.",
              g->tbs, g->cnt_w, wpt_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_wpt", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_counters(struct vgen *v, const struct wpt_geometry *g,
                          enum rtl_defect defect)
{
    char cnt_ext[128], need[128];
    const struct vreg cnt = { "cnt_q", "{(NUM_TBS*CNT_W){1'b0}}", "cnt_d" };

    vgen_section(v, "Arrivals and next counter value, per thread block");
    vgen_line(v, "reg  [NUM_TBS*CNT_W-1:0] cnt_q;      // the counters");
    vgen_line(v, "wire [NUM_TBS*CNT_W-1:0] cnt_d;");
    vgen_line(v, "wire [NUM_TBS-1:0]       over;       // more arrivals than warps left");
    vgen_line(v, "wire [SUM_W-1:0]         need;       // arrivals that release a barrier");
    vgen_blank(v);
    vgen_line(v, "assign need = %s;",
              vgen_zext(need, sizeof need, g->sum_w - g->warps_w,
                        "SUM_W-WARPS_W", "tb_warps_i"));
    vgen_blank(v);
    vgen_line(v, "genvar gi, gj;");
    vgen_generate(v);
    vgen_begin_named(v, "g_tb", "for (gi = 0; gi < NUM_TBS; gi = gi + 1)");
    vgen_line(v, "localparam [TB_W-1:0] ID = gi;");
    vgen_line(v, "reg  [SUM_W-1:0] arrivals;            // warps of this TB arriving");
    vgen_line(v, "wire [SUM_W-1:0] sum;");
    vgen_line(v, "integer p;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "arrivals = {SUM_W{1'b0}};");
    vgen_begin(v, "for (p = 0; p < NUM_PORTS; p = p + 1)");
    vgen_begin(v, "if (arr_valid_i[p] && arr_tb_i[p*TB_W +: TB_W] == ID)");
    vgen_line(v, "arrivals = arrivals + {{(SUM_W-1){1'b0}}, 1'b1};");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign sum           = %s + arrivals;",
              vgen_zext(cnt_ext, sizeof cnt_ext, g->sum_w - g->cnt_w,
                        "SUM_W-CNT_W", "cnt_q[gi*CNT_W +: CNT_W]"));
    vgen_line(v, "assign release_o[gi] = sum >= need;");
    vgen_line(v, "assign over[gi]      = sum > need;");
    if (defect == DEFECT_WPT_NO_RESET_AT_RELEASE) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the counter is not reset at release.",
                  rtl_defect_name(defect));
        vgen_line(v, "assign cnt_d[gi*CNT_W +: CNT_W] = sum[CNT_W-1:0];");
    } else {
        vgen_line(v, "assign cnt_d[gi*CNT_W +: CNT_W] = release_o[gi] ? {CNT_W{1'b0}}");
        vgen_line(v, "                                                : sum[CNT_W-1:0];");
    }
    vgen_end(v);
    vgen_endgenerate(v);

    vgen_blank(v);
    vgen_ff(v, &cnt, 1, NULL);
    vgen_blank(v);
    vgen_line(v, "assign cnt_o = cnt_q;");
}

/*
 * An arrival can name a TB beyond the table only when NUM_TBS is not a
 * power of two; otherwise every TB_W-bit id is a real TB.
 */
static void emit_errors(struct vgen *v, const struct wpt_geometry *g)
{
    vgen_section(v, "Errors");
    if ((g->tbs & (g->tbs - 1)) == 0) {
        vgen_line(v, "// NUM_TBS is a power of two: every arrival names a real TB.");
        vgen_line(v, "assign err_o = |over;");
        return;
    }
    vgen_line(v, "localparam [TB_W-1:0] LAST_TB = %u'd%u;   // NUM_TBS - 1", g->tb_w,
              g->tbs - 1);
    vgen_line(v, "wire [NUM_PORTS-1:0] stray;            // arrival beyond the table");
    vgen_line(v, "genvar gp;");
    vgen_generate(v);
    vgen_begin_named(v, "g_stray", "for (gp = 0; gp < NUM_PORTS; gp = gp + 1)");
    vgen_line(v, "assign stray[gp] = arr_valid_i[gp] && arr_tb_i[gp*TB_W +: TB_W] > LAST_TB;");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "assign err_o = |over || |stray;");
}

static void emit_ranks(struct vgen *v, const struct wpt_geometry *g,
                       enum rtl_defect defect)
{
    char bit[128];
    bool larger = defect == DEFECT_WPT_TIES_LARGER_TB;

    vgen_section(v, "Most-waiting-first ranks");
    vgen_line(v, "// ahead[i*NUM_TBS+j]: TB j ranks above TB i (more waiting warps,");
    vgen_line(v, "// or as many and a smaller id).  The rank of a TB is the number of");
    vgen_line(v, "// TBs ahead of it: rank 0 is the highest priority.");
    vgen_line(v, "wire [NUM_TBS*NUM_TBS-1:0] ahead;");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_rank", "for (gi = 0; gi < NUM_TBS; gi = gi + 1)");
    vgen_line(v, "reg [TB_W-1:0] r;");
    vgen_line(v, "integer j;");
    vgen_blank(v);
    vgen_begin_named(v, "g_ahead", "for (gj = 0; gj < NUM_TBS; gj = gj + 1)");
    if (larger) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): of two TBs with equal counters",
                  rtl_defect_name(defect));
        vgen_line(v, "// the larger id ranks first.");
    }
    vgen_begin_named(v, "g_lower_id", "if (gj < gi)");
    vgen_line(v, "assign ahead[gi*NUM_TBS+gj] = cnt_q[gj*CNT_W +: CNT_W] %s cnt_q[gi*CNT_W +: CNT_W];",
              larger ? "> " : ">=");
    vgen_else_named(v, "g_higher_id");
    vgen_line(v, "assign ahead[gi*NUM_TBS+gj] = cnt_q[gj*CNT_W +: CNT_W] %s cnt_q[gi*CNT_W +: CNT_W];",
              larger ? ">=" : "> ");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "r = {TB_W{1'b0}};");
    vgen_begin(v, "for (j = 0; j < NUM_TBS; j = j + 1)");
    vgen_line(v, "r = r + %s;", vgen_zext(bit, sizeof bit, g->tb_w - 1, "TB_W-1",
                                           "ahead[gi*NUM_TBS+j]"));
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "assign rank_o[gi*TB_W +: TB_W] = r;");
    vgen_end(v);
    vgen_endgenerate(v);
}

void emit_wpt(struct vgen *v, const struct simt_config *cfg,
              enum rtl_defect defect)
{
    struct wpt_geometry g;

    wpt_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_counters(v, &g, defect);
    emit_errors(v, &g);
    emit_ranks(v, &g, defect);
    vgen_module_end(v, "simtref_wpt");
}
