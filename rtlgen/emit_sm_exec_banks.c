/*
 * emit_sm_exec_banks.c -- inside simtref_sm_exec (rtlgen/emit_sm_exec.c),
 * the two banks of a bit per thread register: whether the register was
 * written since its thread's placement (else it reads its launch value),
 * and whether a load to it is in flight (else the load's write-back is
 * dropped: its thread's slot was placed again since).
 */
#include "rtlgen.h"

#include <stdbool.h>

/*
 * The written bits and the loads-in-flight bits, a bank of each per lane
 * (a thread register belongs to one lane), written as a register file's
 * rows are: each write port decodes its thread's warp (a compare with
 * the row's number) and its register (one-hot), a bit's enable is their
 * AND, OR-ed across the ports; a read selects the lane's thread's row,
 * then the register.  No index into the banks depends on a signal but a
 * read's, so a tool elaborates a port per row and lane, not a demux over
 * every thread register per port.
 */
void emit_sm_exec_banks(struct vgen *v, unsigned ports, unsigned ldwb,
                        bool op_stage)
{
    const unsigned writes = ports + ldwb;

    vgen_section(v, "Per thread register: written, a load in flight (a bank per lane)");
    vgen_line(v, "// The register file's write ports: 0 the lanes', 1 the divider's, 2..");
    vgen_line(v, "// the loads' (a port's lane l at [k*LANES + l]).");
    vgen_line(v, "wire [WRITES*LANES-1:0]        wp_en   = {ldw, wr2, wr1};");
    vgen_line(v, "wire [WRITES*LANES*SLOT_W-1:0] wp_slot = {ldslot, slots2, slots_q};");
    vgen_line(v, "wire [WRITES*LANES*5-1:0]      wp_rd   = {ldrds, {LANES{rd2}}, {LANES{rd_q}}};");
    vgen_line(v, "wire [WRITES*LANES*32-1:0]     wp_data = {lddata, l_dval, l_val};");
    vgen_blank(v);
    /* a load is in flight from the edge of its issue, or under the
     * operand-read stage of its run (a read it holds or drops is none):
     * the LSU's done may come in the cycle it runs (an sc.w's) */
    const char *op = op_stage ? "op_q" : "insn_op_i";
    const char *rd = op_stage ? "rd_q" : "insn_rd_i";
    vgen_line(v, "// A load or atomic %s now writes its register at its done.",
              op_stage ? "that runs" : "issued");
    vgen_line(v, "wire mem_rd = ((%s >= OP_LB && %s <= OP_LHU)", op, op);
    vgen_line(v, "               || (%s >= OP_LR_W && %s <= OP_AMOMAXU_W))", op, op);
    vgen_line(v, "              && %s != 5'd0;", rd);
    vgen_blank(v);
    vgen_line(v, "// Lane l's banks: row w (bits w*32 + r) holds register r of the lane's");
    vgen_line(v, "// thread of warp w.  Written: set by every write port (x0 is never");
    vgen_line(v, "// written), cleared by the warp's placement.  A load in flight: from the");
    vgen_line(v, "// edge it %s at to its write; the loads' writes clear, then the load",
              op_stage ? "runs" : "issues");
    vgen_line(v, "// sets (one %s at the edge that writes the last to its register),",
              op_stage ? "run" : "issued");
    vgen_line(v, "// then a placement clears, so a load done after its thread exited and");
    vgen_line(v, "// the slot was placed again (one whose register was never read: the");
    vgen_line(v, "// callee-saved registers restored before a return to the exit) writes");
    vgen_line(v, "// nothing.");
    vgen_line(v, "genvar gb, gk, gw;");
    vgen_generate(v);
    vgen_begin_named(v, "g_bank", "for (gb = 0; gb < LANES; gb = gb + 1)");
    vgen_line(v, "reg  [NUM_WARPS*32-1:0] wrt_q, ldp_q;");
    vgen_line(v, "wire [NUM_WARPS*32-1:0] wrt_d, ldp_d;");
    vgen_blank(v);
    vgen_line(v, "// Each write port in this lane: its thread's warp and the register it");
    vgen_line(v, "// writes (one-hot; none for x0).  A load's port also ends the load in");
    vgen_line(v, "// flight to its register (one-hot, x0 too), and reads whether it still is.");
    vgen_line(v, "wire [WRITES*SLOT_W-1:0] pslot;");
    vgen_line(v, "wire [WRITES*32-1:0]     pset;");
    vgen_line(v, "wire [LDWB*32-1:0]       pclr;");
    vgen_begin_named(v, "g_port", "for (gk = 0; gk < WRITES; gk = gk + 1)");
    vgen_line(v, "wire [4:0] rd = wp_rd[(gk*LANES + gb)*5 +: 5];");
    vgen_line(v, "assign pslot[gk*SLOT_W +: SLOT_W] = wp_slot[(gk*LANES + gb)*SLOT_W +: SLOT_W];");
    vgen_line(v, "assign pset[gk*32 +: 32] = (wp_en[gk*LANES + gb] && rd != 5'd0) ? 32'd1 << rd : 32'd0;");
    vgen_end(v);
    vgen_begin_named(v, "g_load", "for (gk = 0; gk < LDWB; gk = gk + 1)");
    vgen_line(v, "wire [SLOT_W-1:0] slot = ldslot[(gk*LANES + gb)*SLOT_W +: SLOT_W];");
    vgen_line(v, "wire [4:0]        rd   = ldrd[gk*5 +: 5];");
    vgen_line(v, "assign pclr[gk*32 +: 32]     = ldw[gk*LANES + gb] ? 32'd1 << rd : 32'd0;");
    vgen_line(v, "assign ldkeep[gk*LANES + gb] = ldp_q[{slot, rd}];");
    if (op_stage)   /* the done now, for the bypass of a read now */
        vgen_line(v, "assign ldkeep_d[gk*LANES + gb] = ldp_q[{ldslot_d[(gk*LANES + gb)*SLOT_W +: SLOT_W], ld_rd_i[gk*5 +: 5]}];");
    vgen_end(v);
    vgen_blank(v);
    if (op_stage) {
        vgen_line(v, "// The issue in this lane: its thread's warp, whose row the operands read;");
        vgen_line(v, "// the instruction that runs: its thread's warp, the register of its load.");
        vgen_line(v, "wire [SLOT_W-1:0] islot = t_slots[gb*SLOT_W +: SLOT_W];");
        vgen_line(v, "wire [SLOT_W-1:0] xslot = slots_q[gb*SLOT_W +: SLOT_W];");
        vgen_line(v, "wire [31:0]       iset  = (run_mask[gb] && mem_rd) ? 32'd1 << rd_q : 32'd0;");
    } else {
        vgen_line(v, "// The issue in this lane: its thread's warp, the register of its load.");
        vgen_line(v, "wire [SLOT_W-1:0] islot = t_slots[gb*SLOT_W +: SLOT_W];");
        vgen_line(v, "wire [31:0]       iset  = (issue_i && mask_i[gb] && mem_rd) ? 32'd1 << insn_rd_i : 32'd0;");
    }
    vgen_blank(v);
    vgen_line(v, "// Row w: the ports whose thread is the lane's of warp w (port k: hit[k])");
    vgen_line(v, "// write it; the written bits take their registers, the loads in flight");
    vgen_line(v, "// lose the loads' and take the issue's.");
    vgen_begin_named(v, "g_row", "for (gw = 0; gw < NUM_WARPS; gw = gw + 1)");
    vgen_line(v, "localparam [SLOT_W-1:0] W = gw;");
    vgen_line(v, "wire [WRITES-1:0] hit;");
    vgen_line(v, "wire [31:0]       set, clr;");
    for (unsigned k = 0; k < writes; k++)
        vgen_line(v, "assign hit[%u] = pslot[%u*SLOT_W +: SLOT_W] == W;", k, k);
    for (unsigned k = 0; k < writes; k++)
        vgen_line(v, "%s({32{hit[%u]}} & pset[%u*32 +: 32])%s",
                  k == 0 ? "assign set = " : "           | ", k, k,
                  k + 1 == writes ? ";" : "");
    for (unsigned k = 0; k < ldwb; k++)
        vgen_line(v, "%s({32{hit[%u]}} & pclr[%u*32 +: 32])%s",
                  k == 0 ? "assign clr = " : "           | ", k + ports, k,
                  k + 1 == ldwb ? ";" : "");
    vgen_line(v, "assign wrt_d[gw*32 +: 32] = place_i[gw] ? 32'd0 : wrt_q[gw*32 +: 32] | set;");
    vgen_line(v, "assign ldp_d[gw*32 +: 32] = place_i[gw] ? 32'd0");
    vgen_line(v, "                          : (ldp_q[gw*32 +: 32] & ~clr) | ((%s == W) ? iset : 32'd0);",
              op_stage ? "xslot" : "islot");
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// (not reset: a warp's placement clears its rows before its first issue)");
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_line(v, "wrt_q <= wrt_d;");
    vgen_line(v, "ldp_q <= ldp_d;");
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// The issue's operands read the lane's thread's row.");
    vgen_line(v, "wire [31:0] trow = wrt_q[{islot, 5'd0} +: 32];");
    vgen_line(v, "assign v1_d[gb] = trow[insn_rs1_i];");
    vgen_line(v, "assign v2_d[gb] = trow[insn_rs2_i];");
    vgen_end(v);
    vgen_endgenerate(v);
}

