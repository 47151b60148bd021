/*
 * emit_simd_group.c -- the Verilog of the SM's SIMD groups' issue timing
 * (simtref_simd_group).
 *
 * Ports and behaviour are those of the C model,
 * golden/structures/simd_group.h: which group each warp scheduler may issue
 * onto this cycle, the cycle each class's result is due, and how many
 * groups hold a sub-warp.  The model keeps timing only, no values: the
 * lanes (simtref_lane) are the SM's to instantiate beside this module,
 * simd_width of them per group (docs/architecture.md).
 */
#include "rtlgen.h"
#include "simd_group.h"

static unsigned bits_for(unsigned n)  /* bits of 0..n, one at least */
{
    unsigned w = 1;

    while ((1u << w) <= n)
        w++;
    return w;
}

static unsigned group_w(const struct simd_group_geometry *g)
{
    return g->groups > 1 ? bits_for(g->groups - 1) : 1;
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct simd_group_geometry *g)
{
    const struct vparam params[] = {
        { "NUM_GROUPS",  g->groups,     NULL, "SIMD groups" },
        { "NUM_SCHED",   g->schedulers, NULL, "warp schedulers (issue ports)" },
        { "OCCUPANCY",   g->occupancy,  NULL, "sub-warps: cycles a warp-instruction holds its group" },
        { "ALU_LATENCY", g->latency[SIMD_GROUP_ALU], NULL, "last sub-warp's entry to the result" },
        { "MUL_LATENCY", g->latency[SIMD_GROUP_MUL], NULL, "... of a multiply" },
        { "DIV_LATENCY", g->latency[SIMD_GROUP_DIV], NULL, "... of a divide" },
        { NULL, 0, NULL, "Derived widths" },
        { "CNT_W",   g->count_w,      NULL, "busy counter: OCCUPANCY-1..0" },
        { "GROUP_W", group_w(g),      NULL, "group index" },
        { "BUSY_W",  bits_for(g->groups), NULL, "busy groups: 0..NUM_GROUPS" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                    "clk_i",         "clock" },
        { "input",  "",                    "rst_ni",        "asynchronous reset, active low" },
        { NULL, NULL, NULL, "The SM's cycle counter" },
        { "input",  "[63:0]",              "now_i",         "this cycle" },
        { NULL, NULL, NULL, "Issue, one port per warp scheduler" },
        { "input",  "[NUM_SCHED-1:0]",     "issue_valid_i", "a warp-instruction enters a group ..." },
        { "input",  "[NUM_SCHED*2-1:0]",   "issue_op_i",    "... of this class: 0 alu, 1 mul, 2 div" },
        { "output", "[NUM_SCHED-1:0]",     "accept_o",      "a group of the scheduler is free, its turn" },
        { "output", "[NUM_SCHED*GROUP_W-1:0]", "group_o",   "... this group" },
        { NULL, NULL, NULL, "Timing of the results and the occupancy" },
        { "output", "[3*64-1:0]",          "due_o",         "per class (alu, mul, div): the cycle a result issued now is read" },
        { "output", "[BUSY_W-1:0]",        "busy_o",        "groups holding a sub-warp this cycle" },
        { "output", "",                    "err_o",         "an issue without accept, or a bad class" },
    };

    emit_file_header(v, "simtref_simd_group.v", "the SIMD groups' issue timing",
                     "multi-core SIMT section 3.4 (temporal sub-warps) and "
                     "docs/sm-timing.md; C model: golden/structures/simd_group.c.",
                     cfg);
    vgen_line(v, "// Each group takes a warp-instruction in OCCUPANCY = %u cycle%s, a sub-warp",
              g->occupancy, g->occupancy == 1 ? "" : "s");
    vgen_line(v, "// of its SIMD width per cycle, and is free again once the last has");
    vgen_line(v, "// entered: its units are pipelined, so a divide holds it no longer than");
    vgen_line(v, "// an add.  A result is due its class's latency after the last sub-warp");
    vgen_line(v, "// entered.  %s",
              g->groups >= g->schedulers
              ? "Scheduler s owns the groups j with j % NUM_SCHED == s and issues"
              : "Scheduler s uses group s % NUM_GROUPS; the schedulers of one group");
    vgen_line(v, "// %s",
              g->groups >= g->schedulers
              ? "onto the first free one."
              : "take turns cycle by cycle (the k-th on the cycles c % sharers == k).");
    vgen_line(v, "// The module keeps timing only; the lanes that compute are instances of");
    vgen_line(v, "// simtref_lane beside it.  Storage: a busy counter of %u bit%s per group,",
              g->count_w, g->count_w == 1 ? "" : "s");
    vgen_line(v, "// %lu bits.", simd_group_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_simd_group", params,
                      sizeof params / sizeof params[0], ports,
                      sizeof ports / sizeof ports[0]);
}

static void emit_select(struct vgen *v, const struct simd_group_geometry *g)
{
    vgen_section(v, "Which group each scheduler may issue onto");
    vgen_line(v, "reg  [NUM_GROUPS*CNT_W-1:0] cnt_q;   // sub-warps each group has still to take");
    vgen_line(v, "wire [NUM_GROUPS-1:0]       free;    // the group takes a warp-instruction");
    vgen_line(v, "genvar gj, gs;");
    vgen_blank(v);
    vgen_generate(v);
    vgen_line(v, "for (gj = 0; gj < NUM_GROUPS; gj = gj + 1) begin : g_free");
    vgen_indent(v);
    vgen_line(v, "assign free[gj] = cnt_q[gj*CNT_W +: CNT_W] == {CNT_W{1'b0}};");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "for (gs = 0; gs < NUM_SCHED; gs = gs + 1) begin : g_sched");
    vgen_indent(v);
    if (g->groups >= g->schedulers) {
        vgen_line(v, "// Its own groups gs, gs + NUM_SCHED, ...: the first that is free.");
        vgen_line(v, "reg               ok;");
        vgen_line(v, "reg [GROUP_W-1:0] pick;");
        vgen_line(v, "integer           j;");
        vgen_blank(v);
        vgen_begin(v, "always @*");
        vgen_line(v, "ok   = 1'b0;");
        vgen_line(v, "pick = {GROUP_W{1'b0}};");
        vgen_begin(v, "for (j = NUM_GROUPS - 1; j >= 0; j = j - 1)");
        vgen_begin(v, "if (j %% NUM_SCHED == gs && free[j])");
        vgen_line(v, "ok   = 1'b1;");
        vgen_line(v, "pick = j[GROUP_W-1:0];");
        vgen_end(v);
        vgen_end(v);
        vgen_end(v);
        vgen_line(v, "assign accept_o[gs]                  = ok;");
        vgen_line(v, "assign group_o[gs*GROUP_W +: GROUP_W] = pick;");
    } else {
        vgen_line(v, "// Group gs %% NUM_GROUPS, shared with the schedulers of the same");
        vgen_line(v, "// group: SHARERS of them, this one the SLOT-th, on the cycles");
        vgen_line(v, "// now %% SHARERS == SLOT.");
        vgen_line(v, "localparam integer J       = gs %% NUM_GROUPS;");
        vgen_line(v, "localparam integer SHARERS = (NUM_SCHED - J + NUM_GROUPS - 1) / NUM_GROUPS;");
        vgen_line(v, "localparam integer SLOT    = gs / NUM_GROUPS;");
        vgen_line(v, "localparam [63:0]  SHARERS_64 = {32'd0, SHARERS};");
        vgen_line(v, "localparam [63:0]  SLOT_64    = {32'd0, SLOT};");
        vgen_line(v, "localparam [GROUP_W-1:0] GROUP = J[GROUP_W-1:0];");
        vgen_blank(v);
        vgen_line(v, "assign accept_o[gs]                  = now_i %% SHARERS_64 == SLOT_64 && free[J];");
        vgen_line(v, "assign group_o[gs*GROUP_W +: GROUP_W] = GROUP;");
    }
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_endgenerate(v);
}

static void emit_counters(struct vgen *v, const struct simd_group_geometry *g)
{
    char one[64];

    static const struct vreg cnt[] = {
        { "cnt_q", "{(NUM_GROUPS*CNT_W){1'b0}}", "cnt_d" },
    };

    vgen_section(v, "Busy counters");
    vgen_line(v, "// An accepted issue loads the sub-warps its group has still to take");
    vgen_line(v, "// (the first enters now); a busy counter counts down every cycle.");
    vgen_line(v, "localparam integer     LEFT_I = OCCUPANCY - 1;");
    vgen_line(v, "localparam [CNT_W-1:0] LEFT   = LEFT_I[CNT_W-1:0];");
    vgen_line(v, "wire [NUM_SCHED-1:0]       enter = issue_valid_i & accept_o;");
    vgen_line(v, "reg  [NUM_GROUPS*CNT_W-1:0] cnt_d;");
    vgen_line(v, "integer                    cj, cs;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "cnt_d = cnt_q;");
    vgen_begin(v, "for (cj = 0; cj < NUM_GROUPS; cj = cj + 1)");
    vgen_begin(v, "if (!free[cj])");
    vgen_line(v, "cnt_d[cj*CNT_W +: CNT_W] = cnt_q[cj*CNT_W +: CNT_W] - %s;",
              vgen_zext(one, sizeof one, g->count_w - 1, "CNT_W-1", "1'b1"));
    vgen_end(v);
    vgen_begin(v, "for (cs = 0; cs < NUM_SCHED; cs = cs + 1)");
    vgen_begin(v, "if (enter[cs] && group_o[cs*GROUP_W +: GROUP_W] == cj[GROUP_W-1:0])");
    vgen_line(v, "cnt_d[cj*CNT_W +: CNT_W] = LEFT;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_ff(v, cnt, sizeof cnt / sizeof cnt[0], NULL);
}

static void emit_outputs(struct vgen *v, const struct simd_group_geometry *g,
                         enum rtl_defect defect)
{
    unsigned pad = bits_for(g->groups) - 1;
    char busy[64], enter[64];

    vgen_section(v, "Due cycles, busy groups, errors");
    vgen_line(v, "// A result is read from the cycle its class's latency after the last");
    vgen_line(v, "// sub-warp entered: OCCUPANCY - 1 cycles after the first.");
    vgen_line(v, "localparam integer DUE_ALU_I = OCCUPANCY - 1 + ALU_LATENCY;");
    vgen_line(v, "localparam integer DUE_MUL_I = OCCUPANCY - 1 + MUL_LATENCY;");
    if (defect == DEFECT_SIMD_GROUP_DIV_EARLY) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a divide's result is due one cycle",
                  rtl_defect_name(defect));
        vgen_line(v, "// before the divider has it.");
        vgen_line(v, "localparam integer DUE_DIV_I = OCCUPANCY - 1 + DIV_LATENCY - 1;");
    } else {
        vgen_line(v, "localparam integer DUE_DIV_I = OCCUPANCY - 1 + DIV_LATENCY;");
    }
    vgen_line(v, "localparam [63:0]  DUE_ALU   = {32'd0, DUE_ALU_I};");
    vgen_line(v, "localparam [63:0]  DUE_MUL   = {32'd0, DUE_MUL_I};");
    vgen_line(v, "localparam [63:0]  DUE_DIV   = {32'd0, DUE_DIV_I};");
    vgen_line(v, "assign due_o[0  +: 64] = now_i + DUE_ALU;");
    vgen_line(v, "assign due_o[64 +: 64] = now_i + DUE_MUL;");
    vgen_line(v, "assign due_o[128 +: 64] = now_i + DUE_DIV;");
    vgen_blank(v);
    vgen_line(v, "// Busy: the groups still taking sub-warps, and those entered now.");
    vgen_line(v, "reg  [BUSY_W-1:0] busy;");
    vgen_line(v, "reg               bad_op;     // an issue of no class");
    vgen_line(v, "integer           bj, bs;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "busy   = {BUSY_W{1'b0}};");
    vgen_line(v, "bad_op = 1'b0;");
    vgen_begin(v, "for (bj = 0; bj < NUM_GROUPS; bj = bj + 1)");
    vgen_line(v, "busy = busy + %s;",
              vgen_zext(busy, sizeof busy, pad, "BUSY_W-1", "!free[bj]"));
    vgen_end(v);
    vgen_begin(v, "for (bs = 0; bs < NUM_SCHED; bs = bs + 1)");
    vgen_line(v, "busy   = busy + %s;",
              vgen_zext(enter, sizeof enter, pad, "BUSY_W-1", "enter[bs]"));
    vgen_line(v, "bad_op = bad_op || (issue_valid_i[bs] && issue_op_i[bs*2 +: 2] == 2'd3);  // no class");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "assign busy_o = busy;");
    vgen_line(v, "assign err_o  = |(issue_valid_i & ~accept_o) || bad_op;");
}

void emit_simd_group(struct vgen *v, const struct simt_config *cfg,
                     enum rtl_defect defect)
{
    struct simd_group_geometry g;

    simd_group_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_select(v, &g);
    emit_counters(v, &g);
    emit_outputs(v, &g, defect);
    vgen_module_end(v, "simtref_simd_group");
}
