/*
 * emit_regfile.c -- the Verilog of the SM's register file, a bank per
 * lane (simtref_regfile).
 *
 * Ports and behaviour are those of the C model, golden/structures/regfile.h,
 * but for the read ports and the count of write ports: each bank is a
 * memory with two synchronous read ports and WRITES write ports (the SM's
 * datapath writes its lanes' results through port 0, its divider's
 * through port 1, which land in the cycle of a later instruction's, and
 * each of the LSU's write-backs through one of ports 2 .. WRITES - 1; the
 * model has one write per lane a cycle, which the testbench gives any
 * port), so the registers read in a cycle are on rs1_o/rs2_o in the next
 * one (the model gives them in the same cycle).  Register r (1..31) of
 * the thread of warp slot g is row g x 31 + r - 1 of its lane's bank (x0
 * is no storage and reads 0).  Under harp each bank computes its read row
 * from its own thread's warp slot, the per-lane register offset of HARP
 * section 8; otherwise every bank reads at the issuing warp's slot, one
 * row base for all.
 */
#include "rtlgen.h"
#include "regfile.h"
#include "bits.h"

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct regfile_geometry *g)
{
    const struct vparam params[] = {
        { "LANES",  g->lanes, NULL, "lanes of a warp: one bank each" },
        { "SLOTS",  g->slots, NULL, "warp slots of the SM: a thread of each per bank" },
        { "WRITES", g->writes, NULL, "write ports per bank: lanes, divider, the LSU's write-backs" },
        { NULL, 0, NULL, "Derived sizes" },
        { "SLOT_W", 0, "(SLOTS > 1) ? $clog2(SLOTS) : 1", "warp slot number" },
        { "ROWS",   0, "SLOTS * 31", "rows of a bank: x1..x31 of each slot's thread" },
        { "ROW_W",  0, "SLOT_W + 5", "row number" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset (the banks are not reset: a launch writes a thread's registers)" },
        { "input",  "",                 "clk_i",    "clock" },
        { "input",  "",                 "rst_ni",   "asynchronous reset, active low (unused: no register is reset)" },
        { NULL, NULL, NULL, "Read ports: two per bank" },
        { "input",  "[LANES-1:0]",      "read_i",   "lanes whose read ports are used" },
        { "input",  "[SLOT_W-1:0]",     "slot_i",   "the issuing warp's slot" },
        { "input",  "[LANES*SLOT_W-1:0]", "offset_i", "per lane: its thread's warp slot (harp's per-lane offsets)" },
        { "input",  "[LANES*5-1:0]",    "rs1_i",    "per lane: the registers its two ports read" },
        { "input",  "[LANES*5-1:0]",    "rs2_i",    "" },
        { NULL, NULL, NULL, "Write ports: WRITES per bank, port k's fields at [k*LANES*width +: LANES*width]" },
        { "input",  "[WRITES*LANES-1:0]",  "write_i",  "per port: the lanes it writes" },
        { "input",  "[WRITES*LANES*SLOT_W-1:0]", "wslot_i", "per port and lane: the thread's warp slot," },
        { "input",  "[WRITES*LANES*5-1:0]", "rd_i",    "the register written (x0: nothing)" },
        { "input",  "[WRITES*LANES*32-1:0]", "wdata_i", "and its value" },
        { NULL, NULL, NULL, "Read data: the registers read in the previous cycle (before its write)" },
        { "output", "[LANES*32-1:0]",   "rs1_o",    "per lane: rs1's value" },
        { "output", "[LANES*32-1:0]",   "rs2_o",    "per lane: rs2's value" },
    };

    emit_file_header(v, "simtref_regfile.v", "Register file, a bank per lane",
                     "HARP sections 2 and 8; C model: golden/structures/regfile.c.", cfg);
    vgen_line(v, "// Bank l holds the registers of the threads in lane l of every warp");
    vgen_line(v, "// slot: x1..x31 of slot g at rows g*31 .. g*31+30 (x0 is no storage and");
    vgen_line(v, "// reads 0).  Each bank has two synchronous read ports and WRITES = %u", g->writes);
    vgen_line(v, "// write ports (the SM's datapath: its lanes' results, its divider's,");
    vgen_line(v, "// which land in the cycle of a later instruction's, and each of the");
    vgen_line(v, "// LSU's write-backs); a register written in a cycle is read back from");
    vgen_line(v, "// the next one, and a read of the register being written reads the old");
    vgen_line(v, "// value.  Two ports never write one row in one cycle (the scoreboard's");
    vgen_line(v, "// WAW check keeps a destination from being written twice at once); if");
    vgen_line(v, "// they did, the highest-numbered port's write would stay.");
    if (g->offsets) {
        vgen_line(v, "// Per-lane register offsets (harp, HARP section 8): each bank reads");
        vgen_line(v, "// the row of its own thread's warp slot (offset_i), through an offset");
        vgen_line(v, "// adder of its own; slot_i is not looked at.");
    } else {
        vgen_line(v, "// Every bank reads the row of the issuing warp's slot (slot_i): one row");
        vgen_line(v, "// base for all banks; offset_i is not looked at.");
    }
    vgen_line(v, "// Storage: %u banks x %u rows x 32 bits = %lu bits.", g->lanes,
              g->slots * (REGFILE_REGS - 1), regfile_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_regfile", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

void emit_regfile(struct vgen *v, const struct simt_config *cfg,
                  enum rtl_defect defect)
{
    struct regfile_geometry g;

    regfile_geometry(cfg, &g);
    emit_header(v, cfg, &g);

    vgen_section(v, "Inputs this configuration does not read");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    if (g.offsets && defect != DEFECT_REGFILE_OFFSET_LAST_LANE)
        vgen_line(v, "wire unused_inputs = ^{rst_ni, slot_i};   // each bank reads at its offset");
    else if (g.offsets)
        vgen_line(v, "wire unused_inputs = rst_ni;");
    else
        vgen_line(v, "wire unused_inputs = ^{rst_ni, offset_i};   // no per-lane offsets");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");

    vgen_section(v, "Rows: a warp slot's row base (slot x 31), a register's row above it");
    vgen_line(v, "function [ROW_W-1:0] row_base;");
    vgen_indent(v);
    vgen_line(v, "input [SLOT_W-1:0] slot;");
    vgen_line(v, "row_base = {slot, 5'd0} - {5'd0, slot};");
    vgen_dedent(v);
    vgen_line(v, "endfunction");
    vgen_blank(v);
    vgen_line(v, "// Register r (1..31) is row base + r - 1; x0 has no row (base is read,");
    vgen_line(v, "// and its value dropped).");
    vgen_line(v, "function [ROW_W-1:0] row_of;");
    vgen_indent(v);
    vgen_line(v, "input [ROW_W-1:0] base;");
    vgen_line(v, "input [4:0]       r;");
    vgen_line(v, "row_of = base + ((r == 5'd0) ? {ROW_W{1'b0}} : {{(ROW_W-5){1'b0}}, r - 5'd1});");
    vgen_dedent(v);
    vgen_line(v, "endfunction");
    if (!g.offsets) {
        vgen_blank(v);
        vgen_line(v, "wire [ROW_W-1:0] read_base = row_base(slot_i);   // every bank's");
    }

    vgen_section(v, "The banks: a memory per lane, two read ports, WRITES write ports");
    vgen_line(v, "genvar gl, gk;");
    vgen_generate(v);
    vgen_line(v, "for (gl = 0; gl < LANES; gl = gl + 1) begin : g_lane");
    vgen_indent(v);
    vgen_line(v, "reg  [31:0]       bank [0:ROWS-1];   // lane gl's registers, not reset");
    vgen_line(v, "reg  [31:0]       rs1_q, rs2_q;      // the read ports' data");
    vgen_line(v, "wire [4:0]        r1 = rs1_i[gl*5 +: 5];");
    vgen_line(v, "wire [4:0]        r2 = rs2_i[gl*5 +: 5];");
    if (g.offsets && defect == DEFECT_REGFILE_OFFSET_LAST_LANE) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the last lane's bank reads at the",
                  rtl_defect_name(defect));
        vgen_line(v, "// issuing warp's slot, not at its own thread's offset.");
        vgen_line(v, "wire [ROW_W-1:0]  base = (gl == LANES - 1) ? row_base(slot_i)");
        vgen_line(v, "                                           : row_base(offset_i[gl*SLOT_W +: SLOT_W]);");
    } else if (g.offsets) {
        vgen_line(v, "// The per-lane register offset (HARP section 8): this bank's row base");
        vgen_line(v, "// is its own thread's warp slot x 31.");
        vgen_line(v, "wire [ROW_W-1:0]  base = row_base(offset_i[gl*SLOT_W +: SLOT_W]);");
    } else {
        vgen_line(v, "wire [ROW_W-1:0]  base = read_base;");
    }
    vgen_line(v, "wire [ROW_W-1:0]  row1 = row_of(base, r1);");
    vgen_line(v, "wire [ROW_W-1:0]  row2 = row_of(base, r2);");
    vgen_blank(v);
    vgen_line(v, "// Each write port's row in this bank, and whether it writes (x0: no).");
    vgen_line(v, "wire [WRITES*ROW_W-1:0] wrow;");
    vgen_line(v, "wire [WRITES-1:0]       wen;");
    vgen_line(v, "for (gk = 0; gk < WRITES; gk = gk + 1) begin : g_port");
    vgen_indent(v);
    vgen_line(v, "wire [4:0] rd = rd_i[(gk*LANES + gl)*5 +: 5];");
    vgen_line(v, "assign wrow[gk*ROW_W +: ROW_W] =");
    vgen_line(v, "    row_of(row_base(wslot_i[(gk*LANES + gl)*SLOT_W +: SLOT_W]), rd);");
    vgen_line(v, "assign wen[gk] = write_i[gk*LANES + gl] && rd != 5'd0;");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "// Read before write: a read of the row being written gets the old value.");
    vgen_line(v, "integer k;");
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_begin(v, "for (k = 0; k < WRITES; k = k + 1)");
    vgen_line(v, "if (wen[k])");
    vgen_line(v, "  bank[wrow[k*ROW_W +: ROW_W]] <= wdata_i[(k*LANES + gl)*32 +: 32];");
    vgen_end(v);
    vgen_begin(v, "if (read_i[gl])");
    vgen_line(v, "rs1_q <= (r1 == 5'd0) ? 32'd0 : bank[row1];");
    vgen_line(v, "rs2_q <= (r2 == 5'd0) ? 32'd0 : bank[row2];");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "assign rs1_o[gl*32 +: 32] = rs1_q;");
    vgen_line(v, "assign rs2_o[gl*32 +: 32] = rs2_q;");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_module_end(v, "simtref_regfile");
}
