/*
 * emit_sbr_stack.c -- the Verilog of the SBR re-convergence stacks of one
 * warp scheduler (simtref_sbr_stack).
 *
 * Ports and behaviour are those of the C model, golden/sbr_stack.h.  The
 * entries of all warps are three flip-flop vectors (PC, mask, RPC) indexed
 * by warp * DEPTH + level, not reset, with at most three writes an edge
 * (the top's PC and two pushed entries); the depth counters have an
 * asynchronous reset.  Under FORMAL the module also instantiates
 * sbr_stack_checker (formal/sbr_stack_props.v), which sees the ports,
 * every entry and every counter.
 */
#include "rtlgen.h"
#include "sbr_stack.h"
#include "bits.h"

static unsigned addr_width(const struct sbr_geom *g)
{
    unsigned a = clog2((uint64_t)g->warps * g->depth);
    return a ? a : 1;
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct sbr_geom *g)
{
    char warp_w[64];
    const struct vparam params[] = {
        { "NUM_WARPS", g->warps, NULL, "warps of this scheduler" },
        { "DEPTH",     g->depth, NULL, "entries per warp (sbr_stack_depth)" },
        { "LANES",     g->lanes, NULL, "threads per warp: mask width" },
        { "PC_W",      g->pc_w,  NULL, "program counter" },
        { NULL, 0, NULL, "Derived widths" },
        { "WARP_W",  0, warp_w, "warp id" },
        { "DEPTH_W", 0, "$clog2(DEPTH + 1)", "entries of one stack, 0..DEPTH" },
        { "ENTRIES", 0, "NUM_WARPS * DEPTH", "entries of all stacks" },
        { "ADDR_W",  0, "$clog2(ENTRIES)", "entry address: warp * DEPTH + level" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",             "clk_i",    "clock" },
        { "input",  "",             "rst_ni",   "asynchronous reset, active low: every stack empty" },
        { NULL, NULL, NULL, "Update: one operation a cycle on warp op_warp_i" },
        { "input",  "[1:0]",        "op_i",     "0 none, 1 launch, 2 advance, 3 branch" },
        { "input",  "[WARP_W-1:0]", "op_warp_i", "the warp" },
        { "input",  "[PC_W-1:0]",   "pc_i",     "launch PC, advance PC, branch taken target" },
        { "input",  "[LANES-1:0]",  "mask_i",   "launch threads; branch: the threads that take it" },
        { "input",  "[PC_W-1:0]",   "npc_i",    "branch: not-taken PC (fall-through)" },
        { "input",  "[PC_W-1:0]",   "rpc_i",    "launch: exit PC; branch: re-convergence PC" },
        { NULL, NULL, NULL, "Read port: the PC and active mask of warp rd_warp_i" },
        { "input",  "[WARP_W-1:0]", "rd_warp_i", "the warp" },
        { "output", "",             "rd_valid_o", "its stack is not empty" },
        { "output", "[PC_W-1:0]",   "rd_pc_o",    "top PC: the warp's PC (0 when empty)" },
        { "output", "[LANES-1:0]",  "rd_mask_o",  "top mask: its active threads (0 when empty)" },
        { "output", "[DEPTH_W-1:0]", "rd_depth_o", "entries on its stack" },
        { NULL, NULL, NULL, "What the update does this cycle" },
        { "output", "",             "pop_o",    "the top reaches its RPC and is popped" },
        { "output", "[1:0]",        "pushes_o", "entries pushed by a diverging branch" },
        { "output", "",             "ovf_o",    "refused: the stack would exceed DEPTH entries" },
        { "output", "",             "err_o",    "refused: input error (empty stack, bad launch, mask not a subset)" },
    };

    snprintf(warp_w, sizeof warp_w, "%s",
             g->warps > 1 ? "$clog2(NUM_WARPS)" : "1");
    emit_file_header(v, "simtref_sbr_stack.v",
                     "stack-based re-convergence (SBR) stacks of one warp scheduler",
                     "HARP section 2.1 (after Fung et al. 2007); C model: golden/sbr_stack.c.",
                     cfg);
    vgen_line(v, "// One stack of up to DEPTH (PC, mask, RPC) entries per warp; the top");
    vgen_line(v, "// entry's PC and mask are the warp's PC and active mask.  A diverging");
    vgen_line(v, "// branch replaces the top's PC by the re-convergence PC and pushes one");
    vgen_line(v, "// entry per side whose PC is not that point (taken side on top); when");
    vgen_line(v, "// the re-convergence PC is the top's own RPC the sides replace the top.");
    vgen_line(v, "// An advance to the top's RPC pops it.  No stored entry has PC = RPC.");
    vgen_line(v, "// An overflow (ovf_o) or input error (err_o) changes nothing.");
    vgen_line(v, "// Storage: %lu bits (%u warps x %u entries x %u bits, %u counters x %u).",
              sbr_state_bits(g), g->warps, g->depth, 2 * g->pc_w + g->lanes,
              g->warps, g->depth_w);
    vgen_blank(v);
    vgen_module_begin(v, "simtref_sbr_stack", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

void emit_sbr_stack(struct vgen *v, const struct simt_config *cfg,
                    enum rtl_defect defect)
{
    struct sbr_geom g;
    unsigned aw;
    bool pow2;
    char ext[200], ext2[200];

    sbr_geometry(cfg, &g);
    aw = addr_width(&g);
    pow2 = is_pow2(g.warps);
    emit_header(v, cfg, &g);

    vgen_section(v, "Storage");
    vgen_line(v, "localparam [1:0]         OP_LAUNCH = 2'd1, OP_ADVANCE = 2'd2, OP_BRANCH = 2'd3;");
    vgen_line(v, "localparam [ADDR_W-1:0]  DEPTH_A   = %u'd%u;   // DEPTH, as an address",
              aw, g.depth);
    vgen_line(v, "localparam [ADDR_W-1:0]  ONE_A     = %u'd1;", aw);
    vgen_blank(v);
    vgen_line(v, "// Entry e = warp * DEPTH + level holds bits [e*W +: W] of each vector.");
    vgen_line(v, "reg  [ENTRIES*PC_W-1:0]      pc_q;      // entry PC");
    vgen_line(v, "reg  [ENTRIES*LANES-1:0]     mask_q;    // entry threads");
    vgen_line(v, "reg  [ENTRIES*PC_W-1:0]      rpc_q;     // entry re-convergence PC");
    vgen_line(v, "reg  [NUM_WARPS*DEPTH_W-1:0] depth_q;   // entries of each stack");

    vgen_section(v, "The op warp's stack and its top entry");
    if (pow2) {
        vgen_line(v, "wire               op_ok = 1'b1;            // every id names a warp");
        vgen_line(v, "wire               rd_ok = 1'b1;");
    } else {
        vgen_line(v, "localparam [WARP_W-1:0] LAST_WARP = %u'd%u;   // NUM_WARPS - 1",
                  g.warp_w, g.warps - 1);
        vgen_line(v, "wire               op_ok = op_warp_i <= LAST_WARP;   // names a warp");
        vgen_line(v, "wire               rd_ok = rd_warp_i <= LAST_WARP;");
    }
    vgen_line(v, "wire [DEPTH_W-1:0] op_depth = op_ok ? depth_q[op_warp_i*DEPTH_W +: DEPTH_W]");
    vgen_line(v, "                                    : {DEPTH_W{1'b0}};");
    vgen_line(v, "wire [ADDR_W-1:0]  op_base  = %s * DEPTH_A;",
              vgen_zext(ext, sizeof ext, aw - g.warp_w, "ADDR_W-WARP_W", "op_warp_i"));
    vgen_line(v, "wire [ADDR_W-1:0]  op_top   = op_base + %s - ONE_A;",
              vgen_zext(ext, sizeof ext, aw - g.depth_w, "ADDR_W-DEPTH_W", "op_depth"));
    vgen_line(v, "wire [LANES-1:0]   top_mask = mask_q[op_top*LANES +: LANES];");
    vgen_line(v, "wire [PC_W-1:0]    top_rpc  = rpc_q[op_top*PC_W +: PC_W];");
    vgen_line(v, "wire [31:0]        op_d32   = %s;",
              vgen_zext(ext, sizeof ext, 32 - g.depth_w, "32-DEPTH_W", "op_depth"));

    vgen_section(v, "The update: refused (err, ovf) or its writes");
    vgen_line(v, "reg               err, ovf, pop;");
    vgen_line(v, "reg  [1:0]        pushes;");
    vgen_line(v, "reg               adv;          // a non-diverging move of the top ...");
    vgen_line(v, "reg  [PC_W-1:0]   adv_pc;       // ... to this PC");
    vgen_line(v, "reg               set_top;      // the top's PC is rewritten ...");
    vgen_line(v, "reg  [PC_W-1:0]   new_top_pc;   // ... to this");
    vgen_line(v, "reg               wr0, wr1;     // entries written at level wr_lvl, wr_lvl + 1");
    vgen_line(v, "reg  [PC_W-1:0]   wr0_pc, wr1_pc;");
    vgen_line(v, "reg  [LANES-1:0]  wr0_mask, wr1_mask;");
    vgen_line(v, "reg               push_n, push_t, keep;");
    vgen_line(v, "integer           base, npush;");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "integer           new_d;        // the op warp's new depth (low DEPTH_W bits kept)");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_line(v, "wire [LANES-1:0]  nmask = top_mask & ~mask_i;   // branch: the not-taken threads");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    vgen_line(v, "err = 1'b0; ovf = 1'b0; pop = 1'b0; pushes = 2'd0;");
    vgen_line(v, "adv = 1'b0; adv_pc = {PC_W{1'b0}};");
    vgen_line(v, "set_top = 1'b0; new_top_pc = {PC_W{1'b0}};");
    vgen_line(v, "wr0 = 1'b0; wr1 = 1'b0;");
    vgen_line(v, "wr0_pc = {PC_W{1'b0}}; wr0_mask = {LANES{1'b0}};");
    vgen_line(v, "wr1_pc = {PC_W{1'b0}}; wr1_mask = {LANES{1'b0}};");
    vgen_line(v, "push_n = npc_i != rpc_i; push_t = pc_i != rpc_i; keep = rpc_i != top_rpc;");
    vgen_line(v, "new_d = op_d32; base = op_d32; npush = 0;");
    vgen_line(v, "case (op_i)");
    vgen_indent(v);
    vgen_line(v, "OP_LAUNCH:");
    vgen_indent(v);
    vgen_line(v, "if (!op_ok || op_depth != {DEPTH_W{1'b0}} || mask_i == {LANES{1'b0}} || pc_i == rpc_i)");
    vgen_indent(v);
    vgen_line(v, "err = 1'b1;");
    vgen_dedent(v);
    vgen_line(v, "else begin");
    vgen_indent(v);
    vgen_line(v, "wr0 = 1'b1; wr0_pc = pc_i; wr0_mask = mask_i; base = 0; new_d = 1;");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "OP_ADVANCE:");
    vgen_indent(v);
    vgen_line(v, "if (op_depth == {DEPTH_W{1'b0}}) err = 1'b1;");
    vgen_line(v, "else begin adv = 1'b1; adv_pc = pc_i; end");
    vgen_dedent(v);
    vgen_line(v, "OP_BRANCH:");
    vgen_indent(v);
    vgen_line(v, "if (op_depth == {DEPTH_W{1'b0}} || (mask_i & ~top_mask) != {LANES{1'b0}})");
    vgen_indent(v);
    vgen_line(v, "err = 1'b1;");
    vgen_dedent(v);
    vgen_line(v, "else if (nmask == {LANES{1'b0}}) begin adv = 1'b1; adv_pc = pc_i;  end  // all taken");
    vgen_line(v, "else if (mask_i == {LANES{1'b0}}) begin adv = 1'b1; adv_pc = npc_i; end  // none taken");
    vgen_line(v, "else if (!push_n && !push_t) begin adv = 1'b1; adv_pc = rpc_i; end  // both sides at the RPC");
    vgen_line(v, "else begin");
    vgen_indent(v);
    vgen_line(v, "// Diverging: the top waits at rpc_i (or, when that is its own RPC,");
    vgen_line(v, "// is replaced by the sides); the sides not at rpc_i are pushed.");
    vgen_line(v, "base = keep ? op_d32 : op_d32 - 1;");
    vgen_line(v, "if (push_n) npush = npush + 1;");
    vgen_line(v, "if (push_t) npush = npush + 1;");
    if (defect == DEFECT_SBR_SILENT_OVERFLOW) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a push beyond DEPTH overwrites the",
                  rtl_defect_name(defect));
        vgen_line(v, "// top entries and is not reported.");
        vgen_line(v, "if (base + npush > DEPTH) base = DEPTH - npush;");
        vgen_line(v, "begin");
    } else {
        vgen_line(v, "if (base + npush > DEPTH)");
        vgen_indent(v);
        vgen_line(v, "ovf = 1'b1;");
        vgen_dedent(v);
        vgen_line(v, "else begin");
    }
    vgen_indent(v);
    vgen_line(v, "set_top = keep; new_top_pc = rpc_i;");
    vgen_line(v, "pushes = npush[1:0]; new_d = base + npush;");
    vgen_line(v, "wr0 = 1'b1;");
    vgen_line(v, "wr1 = push_n && push_t;");
    vgen_line(v, "wr0_pc = push_n ? npc_i : pc_i; wr0_mask = push_n ? nmask : mask_i;");
    vgen_line(v, "wr1_pc = pc_i;                 wr1_mask = mask_i;");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "default: ;");
    vgen_dedent(v);
    vgen_line(v, "endcase");
    vgen_line(v, "// A non-diverging move: to the top's RPC pops, else rewrites its PC.");
    vgen_line(v, "if (adv) begin");
    vgen_indent(v);
    vgen_line(v, "if (adv_pc == top_rpc) begin pop = 1'b1; new_d = op_d32 - 1; end");
    vgen_line(v, "else begin set_top = 1'b1; new_top_pc = adv_pc; end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "wire              commit = op_i != 2'd0 && !err && !ovf;");
    vgen_line(v, "wire [ADDR_W-1:0] wr_lvl = base[ADDR_W-1:0];");
    vgen_line(v, "wire [ADDR_W-1:0] wr0_a  = op_base + wr_lvl;");
    vgen_line(v, "wire [ADDR_W-1:0] wr1_a  = wr0_a + ONE_A;");

    vgen_section(v, "Entries: not reset (only levels below a warp's depth are read)");
    vgen_line(v, "// A procedural loop over the entries: each is written when an address");
    vgen_line(v, "// names it (slices assigned one by one outside a loop would make the");
    vgen_line(v, "// simulation of the wide vectors quadratic in the entries).");
    vgen_line(v, "integer ge;");
    vgen_line(v, "always @(posedge clk_i) begin");
    vgen_indent(v);
    vgen_line(v, "for (ge = 0; ge < ENTRIES; ge = ge + 1) begin");
    vgen_indent(v);
    vgen_line(v, "if (commit && set_top && op_top == ge[ADDR_W-1:0])");
    vgen_indent(v);
    vgen_line(v, "pc_q[ge*PC_W +: PC_W] <= new_top_pc;");
    vgen_dedent(v);
    vgen_line(v, "if (commit && wr0 && wr0_a == ge[ADDR_W-1:0]) begin");
    vgen_indent(v);
    vgen_line(v, "pc_q[ge*PC_W +: PC_W]      <= wr0_pc;");
    vgen_line(v, "mask_q[ge*LANES +: LANES] <= wr0_mask;");
    vgen_line(v, "rpc_q[ge*PC_W +: PC_W]     <= rpc_i;");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_line(v, "if (commit && wr1 && wr1_a == ge[ADDR_W-1:0]) begin");
    vgen_indent(v);
    vgen_line(v, "pc_q[ge*PC_W +: PC_W]      <= wr1_pc;");
    vgen_line(v, "mask_q[ge*LANES +: LANES] <= wr1_mask;");
    vgen_line(v, "rpc_q[ge*PC_W +: PC_W]     <= rpc_i;");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");

    vgen_section(v, "Depth counters");
    vgen_line(v, "always @(posedge clk_i or negedge rst_ni) begin");
    vgen_indent(v);
    vgen_line(v, "if (!rst_ni)      depth_q <= {NUM_WARPS*DEPTH_W{1'b0}};");
    vgen_line(v, "else if (commit)  depth_q[op_warp_i*DEPTH_W +: DEPTH_W] <= new_d[DEPTH_W-1:0];");
    vgen_dedent(v);
    vgen_line(v, "end");

    vgen_section(v, "Read port");
    vgen_line(v, "wire [DEPTH_W-1:0] rd_depth = rd_ok ? depth_q[rd_warp_i*DEPTH_W +: DEPTH_W]");
    vgen_line(v, "                                    : {DEPTH_W{1'b0}};");
    vgen_line(v, "wire               rd_valid = rd_depth != {DEPTH_W{1'b0}};");
    vgen_line(v, "wire [ADDR_W-1:0]  rd_top   = %s * DEPTH_A + %s - ONE_A;",
              vgen_zext(ext, sizeof ext, aw - g.warp_w, "ADDR_W-WARP_W", "rd_warp_i"),
              vgen_zext(ext2, sizeof ext2, aw - g.depth_w, "ADDR_W-DEPTH_W", "rd_depth"));
    vgen_blank(v);
    vgen_line(v, "assign rd_valid_o = rd_valid;");
    vgen_line(v, "assign rd_pc_o    = rd_valid ? pc_q[rd_top*PC_W +: PC_W]      : {PC_W{1'b0}};");
    vgen_line(v, "assign rd_mask_o  = rd_valid ? mask_q[rd_top*LANES +: LANES] : {LANES{1'b0}};");
    vgen_line(v, "assign rd_depth_o = rd_depth;");
    vgen_line(v, "assign pop_o      = pop;");
    vgen_line(v, "assign pushes_o   = pushes;");
    vgen_line(v, "assign ovf_o      = ovf;");
    vgen_line(v, "assign err_o      = err;");

    vgen_section(v, "Proof observer (only under FORMAL; not part of the design)");
    vgen_line(v, "`ifdef FORMAL");
    vgen_line(v, "sbr_stack_checker #(");
    vgen_line(v, "  .NUM_WARPS(NUM_WARPS), .DEPTH(DEPTH), .LANES(LANES), .PC_W(PC_W)");
    vgen_line(v, ") u_checker (");
    vgen_line(v, "  .clk_i(clk_i), .rst_ni(rst_ni), .op_i(op_i), .op_warp_i(op_warp_i),");
    vgen_line(v, "  .pc_i(pc_i), .mask_i(mask_i), .npc_i(npc_i), .rpc_i(rpc_i),");
    vgen_line(v, "  .rd_warp_i(rd_warp_i), .rd_valid_o(rd_valid_o), .rd_pc_o(rd_pc_o),");
    vgen_line(v, "  .rd_mask_o(rd_mask_o), .rd_depth_o(rd_depth_o), .pop_o(pop_o),");
    vgen_line(v, "  .pushes_o(pushes_o), .ovf_o(ovf_o), .err_o(err_o),");
    vgen_line(v, "  .f_pc(pc_q), .f_rpc(rpc_q), .f_mask(mask_q), .f_depth(depth_q)");
    vgen_line(v, ");");
    vgen_line(v, "`endif");
    vgen_module_end(v, "simtref_sbr_stack");
}
