/*
 * emit_arbiter.c -- the Verilog of the unified memory/PC arbiter
 * (simtref_arbiter) of stack-less SIMT reconvergence, one per warp.
 *
 * Ports and behaviour are those of the C model, golden/structures/arbiter.h.  Each
 * lane forms a key {hi, lo}: {SP, PC} in PC mode, {0, line number} in
 * memory mode.  The reduction is written level by level as a tree of
 * compare-select nodes (log2(LANES) levels); a node keeps its left input
 * when that is valid and not larger than a valid right input, so the
 * unsigned comparison of the concatenated keys is the SP-first, PC-second
 * order.  The one register is the control unit's common PC.
 */
#include "rtlgen.h"
#include "arbiter.h"
#include "bits.h"

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct arbiter_geometry *g)
{
    const struct vparam params[] = {
        { "LANES",      g->lanes,               NULL, "lanes of the warp (warp_size)" },
        { "SP_W",       g->sp_w,                NULL, "per-lane stack pointer" },
        { "PC_W",       g->pc_w,                NULL, "program counter, in instructions" },
        { "ADDR_W",     g->addr_w,              NULL, "byte address of memory mode" },
        { "LINE_BYTES", cfg->l1d_line_bytes,    NULL, "L1 data cache line" },
        { NULL, 0, NULL, "Derived widths" },
        { "OFF_W",  0, "$clog2(LINE_BYTES)",             "byte offset within a line" },
        { "LINE_W", 0, "ADDR_W - OFF_W",                 "cache-line number" },
        { "LO_W",   0, "(PC_W > LINE_W) ? PC_W : LINE_W", "low half of a key: PC or line" },
        { "KEY_W",  0, "SP_W + LO_W",                    "tree key {SP or 0, PC or line}" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                  "clk_i",       "clock" },
        { "input",  "",                  "rst_ni",      "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Lanes" },
        { "input",  "",                  "mode_i",      "0: PC arbitration, 1: memory arbitration" },
        { "input",  "[LANES-1:0]",       "valid_i",     "lane enabled (PC) / requesting (memory)" },
        { "input",  "[LANES*SP_W-1:0]",  "sp_i",        "stack pointer of each lane" },
        { "input",  "[LANES*PC_W-1:0]",  "pc_i",        "program counter of each lane" },
        { "input",  "[LANES*ADDR_W-1:0]", "addr_i",     "byte address of each lane" },
        { NULL, NULL, NULL, "Control unit" },
        { "input",  "[1:0]",             "pc_op_i",     "0 hold, 1 increment, 2 take the arbiter's PC" },
        { NULL, NULL, NULL, "Arbitration result" },
        { "output", "",                  "valid_o",     "some lane valid (OR of valid_i)" },
        { "output", "[SP_W-1:0]",        "sp_o",        "PC mode: selected SP (else 0)" },
        { "output", "[PC_W-1:0]",        "pc_o",        "PC mode: selected PC (else 0)" },
        { "output", "[LINE_W-1:0]",      "line_o",      "memory mode: selected line (else 0)" },
        { "output", "[LANES-1:0]",       "mask_o",      "lanes equal to the result: active / acknowledged" },
        { "output", "[PC_W-1:0]",        "common_pc_o", "the common PC register" },
        { NULL, NULL, NULL, "Errors" },
        { "output", "",                  "err_o",       "pc_op_i = 3, or take-the-PC in memory mode" },
    };

    emit_file_header(v, "simtref_arbiter.v", "unified memory/PC arbiter",
                     "Collange, stack-less SIMT reconvergence, section 4; "
                     "C model: golden/structures/arbiter.c.", cfg);
    vgen_line(v, "// PC mode selects min(SP:PC) over the valid lanes (SP first); memory");
    vgen_line(v, "// mode the smallest requested cache line.  A reduction tree of %u",
              g->levels);
    vgen_line(v, "// compare-select level%s.  mask_o: the valid lanes equal to the result.",
              g->levels == 1 ? "" : "s");
    vgen_line(v, "// Storage: %lu flip-flops (the common PC).", arbiter_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_arbiter", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_leaves(struct vgen *v, const struct arbiter_geometry *g)
{
    char lo_line[128], lo_pc[128];

    vgen_section(v, "Leaves: the key of each lane");
    vgen_line(v, "wire [LANES-1:0]       v_l0;   // level 0: the lanes");
    vgen_line(v, "wire [LANES*KEY_W-1:0] k_l0;");
    vgen_line(v, "genvar gl;");
    vgen_blank(v);
    vgen_line(v, "assign v_l0 = valid_i;");
    vgen_generate(v);
    vgen_begin_named(v, "g_leaf", "for (gl = 0; gl < LANES; gl = gl + 1)");
    vgen_line(v, "wire [LINE_W-1:0] line = addr_i[gl*ADDR_W + OFF_W +: LINE_W];");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire              unused_offset = ^addr_i[gl*ADDR_W +: OFF_W];");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_line(v, "assign k_l0[gl*KEY_W +: KEY_W] = mode_i");
    vgen_line(v, "    ? {{SP_W{1'b0}}, %s}",
              vgen_zext(lo_line, sizeof lo_line, g->lo_w - g->line_w,
                        "LO_W-LINE_W", "line"));
    vgen_line(v, "    : {sp_i[gl*SP_W +: SP_W], %s};",
              vgen_zext(lo_pc, sizeof lo_pc, g->lo_w - g->pc_w,
                        "LO_W-PC_W", "pc_i[gl*PC_W +: PC_W]"));
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_level(struct vgen *v, unsigned d, unsigned nodes,
                       enum rtl_defect defect)
{
    char name[32];

    vgen_blank(v);
    vgen_line(v, "// Level %u: %u node%s", d, nodes, nodes == 1 ? "" : "s");
    vgen_line(v, "wire [%u:0] v_l%u;", nodes - 1, d);
    vgen_line(v, "wire [%u*KEY_W-1:0] k_l%u;", nodes, d);
    snprintf(name, sizeof name, "g_l%u", d);
    vgen_generate(v);
    vgen_begin_named(v, name, "for (gn = 0; gn < %u; gn = gn + 1)", nodes);
    vgen_line(v, "wire             va = v_l%u[2*gn];", d - 1);
    vgen_line(v, "wire             vb = v_l%u[2*gn+1];", d - 1);
    vgen_line(v, "wire [KEY_W-1:0] ka = k_l%u[2*gn*KEY_W +: KEY_W];", d - 1);
    vgen_line(v, "wire [KEY_W-1:0] kb = k_l%u[(2*gn+1)*KEY_W +: KEY_W];", d - 1);
    if (defect == DEFECT_ARB_TIES_LARGER_PC) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): of equal SPs the larger PC wins.",
                  rtl_defect_name(defect));
        vgen_line(v, "wire             left = va && (!vb ||");
        vgen_line(v, "    ka[KEY_W-1:LO_W] < kb[KEY_W-1:LO_W] ||");
        vgen_line(v, "    (ka[KEY_W-1:LO_W] == kb[KEY_W-1:LO_W] &&");
        vgen_line(v, "     (mode_i ? ka[LO_W-1:0] <= kb[LO_W-1:0] : ka[LO_W-1:0] >= kb[LO_W-1:0])));");
    } else {
        vgen_line(v, "wire             left = va && (!vb || ka <= kb);");
    }
    vgen_line(v, "assign v_l%u[gn] = va | vb;", d);
    vgen_line(v, "assign k_l%u[gn*KEY_W +: KEY_W] = left ? ka : kb;", d);
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_tree(struct vgen *v, const struct arbiter_geometry *g,
                      enum rtl_defect defect)
{
    vgen_section(v, "Reduction tree: compare-select, the left input on a tie");
    if (g->levels > 0)
        vgen_line(v, "genvar gn;");
    for (unsigned d = 1; d <= g->levels; d++)
        emit_level(v, d, g->lanes >> d, defect);
    vgen_blank(v);
    vgen_line(v, "wire             res_v = v_l%u[0];", g->levels);
    vgen_line(v, "wire [KEY_W-1:0] res_k = k_l%u[KEY_W-1:0];", g->levels);
}

static void emit_result(struct vgen *v)
{
    vgen_section(v, "Result and the lanes equal to it");
    vgen_line(v, "assign valid_o = res_v;");
    vgen_line(v, "assign sp_o    = (res_v && !mode_i) ? res_k[KEY_W-1:LO_W] : {SP_W{1'b0}};");
    vgen_line(v, "assign pc_o    = (res_v && !mode_i) ? res_k[PC_W-1:0]     : {PC_W{1'b0}};");
    vgen_line(v, "assign line_o  = (res_v &&  mode_i) ? res_k[LINE_W-1:0]   : {LINE_W{1'b0}};");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_mask", "for (gl = 0; gl < LANES; gl = gl + 1)");
    vgen_line(v, "assign mask_o[gl] = valid_i[gl] && k_l0[gl*KEY_W +: KEY_W] == res_k;");
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_common_pc(struct vgen *v)
{
    vgen_section(v, "Common PC of the control unit");
    vgen_line(v, "localparam [1:0] OP_INC = 2'd1;   // a non-branch instruction: PC + 1");
    vgen_line(v, "localparam [1:0] OP_ARB = 2'd2;   // after a branch: the arbiter's PC");
    vgen_line(v, "localparam [1:0] OP_BAD = 2'd3;");
    vgen_line(v, "reg [PC_W-1:0] common_pc_q;");
    vgen_blank(v);
    vgen_line(v, "assign err_o = pc_op_i == OP_BAD || (pc_op_i == OP_ARB && mode_i);");
    vgen_line(v, "assign common_pc_o = common_pc_q;");
    vgen_blank(v);
    /* The register's next value depends on the op: a block of its own. */
    vgen_begin(v, "always @(posedge clk_i or negedge rst_ni)");
    vgen_begin(v, "if (!rst_ni)");
    vgen_line(v, "common_pc_q <= {PC_W{1'b0}};");
    vgen_elsif(v, "pc_op_i == OP_INC");
    vgen_line(v, "common_pc_q <= common_pc_q + 1'b1;");
    vgen_elsif(v, "pc_op_i == OP_ARB && !mode_i && res_v");
    vgen_line(v, "common_pc_q <= pc_o;");
    vgen_end(v);
    vgen_end(v);
}

void emit_arbiter(struct vgen *v, const struct simt_config *cfg,
                  enum rtl_defect defect)
{
    struct arbiter_geometry g;

    arbiter_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_leaves(v, &g);
    emit_tree(v, &g, defect);
    emit_result(v);
    emit_common_pc(v);
    vgen_module_end(v, "simtref_arbiter");
}
