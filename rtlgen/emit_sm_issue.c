/*
 * emit_sm_issue.c -- simtref_sm_issue: the SM's issue check, one per SM,
 * for every warp of every scheduler, composed of four parts' modules as
 * golden/sm/ composes their models in sm_issue_hazard() and sm.c's
 * ready_vector(): a decoder (simtref_decode) per warp on the word of its
 * I-buffer's oldest slot, the scoreboard (simtref_scoreboard) with a
 * check port per warp, and the SIMD groups (simtref_simd_group), whose
 * accept is each scheduler's.  The table of the loads in flight is the
 * memory side's (simtref_sm_mem), as the C SM has one: the check asks it
 * through an address per warp (mw_rd_slot_o, mw_rd_reg_o) and takes its
 * answer (mw_rd_mask_i) in the same cycle, and the scoreboard's releases
 * take the entries the table reads out for the LSU's write-backs
 * (done_mask_i, done_slots_i: simtref_sm_mem's wb_mask_o, wb_slots_o).
 * The parts' write ports (the issues' reservations and entries into the
 * groups, the LSU's write-backs) and what the rest of the SM decides (the
 * warps' state, the I-buffer's head, the control-flow stage's view of it,
 * the LSU's accept and its port taken by an earlier scheduler) come in as
 * inputs.  Every
 * mode: under harp the warps checked are the First-Level slots, regrouped
 * warps whose lanes are threads of several launch warps, each lane's
 * launch warp named by the control-flow stage's issue view (owner_i),
 * and the check port reads each lane's thread at its own warp slot, as
 * sm_owner_slots() does; under the other modes a warp's lanes are all
 * its own slot's.  With operand_read_cycles = 1 each scheduler's
 * operand-read stage is an input too: a grant is checked for the next
 * cycle (the check port's look-ahead, the LSU's accept alone), the
 * stage's warp for this one, as ready_vector() asks sm_issue_hazard().
 */
#include "rtlgen.h"
#include "bits.h"
#include "emit_common.h"
#include "scoreboard.h"
#include "simd_group.h"

#include <stdio.h>

/* The sizes of the parts, as their emitters take them. */
struct issue_sizes {
    struct scoreboard_geometry sb;
    struct simd_group_geometry sg;
    unsigned warps;             /* warps checked per scheduler: its
                                 * launch warps, or harp's First-Level
                                 * slots (sm_reconv_issue_slots()) */
    unsigned own_w;             /* a launch warp of a scheduler */
    bool owners;                /* harp: each lane's launch warp an input */
    bool op_stage;              /* operand_read_cycles = 1: a grant
                                 * executes in the next cycle; the
                                 * operand-read stage's warp an input */
};

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct issue_sizes *z)
{
    const struct vparam params[] = {
        { "NUM_SCHED",   z->sg.schedulers, NULL, "warp schedulers" },
        { "NUM_WARPS",   z->warps,         NULL, z->owners ? "warps checked per scheduler: First-Level slots"
                                                           : "warps per scheduler" },
        { "OWN_W",       z->own_w,         NULL, "a launch warp of a scheduler" },
        { "WARP_SLOTS",  z->sb.warp_slots, NULL, "warp slots of the SM: the scoreboard's rows" },
        { "LANES",       z->sb.warp_size,  NULL, "threads per warp" },
        { "SLOT_W",      z->sb.slot_w,     NULL, "warp slot id" },
        { "LAT_W",       z->sb.count_w,    NULL, "the scoreboard's latency: the longest result" },
        { "STAMP_W",     z->sb.stamp_w,    NULL, "... its ready stamp and cycle counter" },
        { "NUM_DONE",    z->sb.release_ports, NULL, "the LSU's write-back ports: the scoreboard's releases" },
        { "NUM_GROUPS",  z->sg.groups,     NULL, "SIMD groups" },
        { "OCCUPANCY",   z->sg.occupancy,  NULL, "... sub-warps: cycles an instruction holds one" },
        { "ALU_LATENCY", z->sg.latency[SIMD_GROUP_ALU], NULL, "... last sub-warp's entry to the result" },
        { "MUL_LATENCY", z->sg.latency[SIMD_GROUP_MUL], NULL, "... of a multiply" },
        { "DIV_LATENCY", z->sg.latency[SIMD_GROUP_DIV], NULL, "... of a divide" },
        { "GRP_CNT_W",   z->sg.count_w,    NULL, "... busy counter" },
        { "GROUP_W",     z->sg.groups > 1 ? bits_for(z->sg.groups - 1) : 1,
                                           NULL, "... group index" },
        { "BUSY_W",      bits_for(z->sg.groups), NULL, "... busy groups: 0..NUM_GROUPS" },
        { "OP_W",        rtl_op_bits(),    NULL, "the decoders' operation code (golden/isa/rv32.h)" },
        { NULL, 0, NULL, "Derived sizes" },
        { "NUM_SLOTS",   0, "NUM_SCHED * NUM_WARPS", "warps checked in the SM: a check port each" },
        { "WARP_W",      0, z->warps > 1 ? "$clog2(NUM_WARPS)" : "1", "a warp of a scheduler: the operand-read stage's" },
    };
    const struct vport head_ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                           "clk_i",          "clock" },
        { "input",  "",                           "rst_ni",         "asynchronous reset, active low" },
        { "input",  "[63:0]",                     "now_i",          "the SM's cycle (the SIMD groups' turns)" },
        { NULL, NULL, NULL, "Warps, bit (or field) s*NUM_WARPS+w: scheduler s's warp w" },
        { "input",  "[NUM_SLOTS-1:0]",            "base_i",         "resident, launched, not at the barrier, the stage lets it issue" },
        { "input",  "[NUM_SLOTS-1:0]",            "buffered_i",     "its oldest I-buffer slot is valid and ready" },
        { "input",  "[NUM_SLOTS-1:0]",            "stale_i",        "the stage holds it at another PC than that slot's (let through)" },
        { "input",  "[NUM_SLOTS*32-1:0]",         "word_i",         "that slot's instruction word" },
        { "input",  "[NUM_SLOTS-1:0]",            "text_i",         "... its PC is a word of the text" },
        { "input",  "[NUM_SLOTS*LANES-1:0]",      "mask_i",         "the lanes whose threads it runs" },
        { "input",  "[NUM_SLOTS*LANES*OWN_W-1:0]", "owner_i",       z->owners ? "... each lane's launch warp (the stage's issue view)"
                                                                               : "... each lane's launch warp (the warp's own: not read)" },
    };
    const struct vport op_ports[] = {
        { NULL, NULL, NULL, "The operand-read stage, field s: scheduler s's (operand_read_cycles = 1)" },
        { "input",  "[NUM_SCHED-1:0]",            "op_valid_i",     "a warp granted in an earlier cycle executes now ..." },
        { "input",  "[NUM_SCHED*WARP_W-1:0]",     "op_warp_i",      "... this one: checked for this cycle, the others for the next" },
    };
    const struct vport tail_ports[] = {
        { NULL, NULL, NULL, "The load/store unit" },
        { "input",  "",                           "lsu_ready_i",    z->op_stage ? "it can take a request (a grant asks no more)"
                                                                               : "it can take a request this cycle" },
        { "input",  "[NUM_SCHED-1:0]",            "lsu_taken_i",    z->op_stage ? "an earlier scheduler's execution took its port (the stage's warp's)"
                                                                               : "an earlier scheduler's issue took its port" },
        { NULL, NULL, NULL, "Scoreboard writes: this cycle's reservations (a port per scheduler)" },
        { "input",  "[NUM_SCHED-1:0]",            "res_valid_i",    "a reservation" },
        { "input",  "[NUM_SCHED*LANES*SLOT_W-1:0]", "res_slots_i",  "... each lane's warp slot" },
        { "input",  "[NUM_SCHED*LANES-1:0]",      "res_mask_i",     "... its lanes" },
        { "input",  "[NUM_SCHED*5-1:0]",          "res_rd_i",       "... the register written" },
        { "input",  "[NUM_SCHED-1:0]",            "res_pend_i",     "... pending until a release" },
        { "input",  "[NUM_SCHED*LAT_W-1:0]",      "res_lat_i",      "... else readable after this many cycles" },
        { NULL, NULL, NULL, "The memory side's table of loads in flight (simtref_sm_mem), read before this cycle's edge" },
        { "output", "[NUM_SLOTS*SLOT_W-1:0]",     "mw_rd_slot_o",   "per warp a read port: the warp's slot ..." },
        { "output", "[NUM_SLOTS*5-1:0]",          "mw_rd_reg_o",    "... and its instruction's destination" },
        { "input",  "[NUM_SLOTS*LANES-1:0]",      "mw_rd_mask_i",   "... the lanes of that entry's load in flight, this cycle" },
        { NULL, NULL, NULL, "... and the LSU's write-backs, which release their registers in the scoreboard (wb_*_o)" },
        { "input",  "[NUM_DONE-1:0]",             "done_valid_i",   "a load or atomic done" },
        { "input",  "[NUM_DONE*5-1:0]",           "done_rd_i",      "... its destination register" },
        { "input",  "[NUM_DONE*LANES-1:0]",       "done_mask_i",    "... the table's entry: its lanes (0: none)" },
        { "input",  "[NUM_DONE*LANES*SLOT_W-1:0]", "done_slots_i",  "... each lane's thread's warp slot" },
        { NULL, NULL, NULL, "SIMD groups: this cycle's issues (a port per scheduler)" },
        { "input",  "[NUM_SCHED-1:0]",            "grp_valid_i",    "an instruction enters a group ..." },
        { "input",  "[NUM_SCHED*2-1:0]",          "grp_op_i",       "... of this class: 0 alu, 1 mul, 2 div" },
        { NULL, NULL, NULL, "The check" },
        { "output", "[NUM_SLOTS-1:0]",            "issuable_o",     "base, and no hazard holds its buffered instruction" },
        { "output", "[NUM_SLOTS*2-1:0]",          "hazard_o",       "what holds it: 0 none, 1 data, 2 structural" },
        { "output", "[NUM_SCHED-1:0]",            "group_ok_o",     "a SIMD group takes the scheduler's issue" },
        { "output", "",                           "grp_err_o",      "the SIMD groups refused an issue" },
    };
    struct vport ports[sizeof head_ports / sizeof head_ports[0]
                       + sizeof op_ports / sizeof op_ports[0]
                       + sizeof tail_ports / sizeof tail_ports[0]];
    /* (the last parameter, WARP_W, is the operand-read stage's) */
    size_t nparams = sizeof params / sizeof params[0] - !z->op_stage;
    size_t nports = 0;

    VGEN_PORTS_ADD(ports, &nports, head_ports);
    if (z->op_stage)
        VGEN_PORTS_ADD(ports, &nports, op_ports);
    VGEN_PORTS_ADD(ports, &nports, tail_ports);

    emit_file_header(v, "simtref_sm_issue.v", "the SM's issue check",
                     "docs/architecture.md; C model: golden/sm/sm_issue.c "
                     "(sm_issue_hazard()).", cfg);
    vgen_line(v, "// For each warp of each scheduler, what keeps the instruction in its");
    vgen_line(v, "// oldest I-buffer slot from issuing.  A decoder per warp reads the");
    vgen_line(v, "// slot's word; the scoreboard answers a check port per warp (RAW and");
    vgen_line(v, "// WAW over the warp's threads), the memory side's table of the loads");
    vgen_line(v, "// in flight a read port per warp (a load of the warp's slot to the");
    vgen_line(v, "// destination in flight): either is a data hazard.  Else a memory");
    vgen_line(v, "// instruction meets a structural one when the LSU cannot take it or an");
    vgen_line(v, "// earlier scheduler took its port this cycle, any other when no SIMD");
    vgen_line(v, "// group of its scheduler takes it.  A warp not checked (not base,");
    vgen_line(v, "// nothing buffered), a stale slot and a PC outside the text have none.");
    vgen_line(v, "// The table is outside (simtref_sm_mem holds it): the read ports'");
    vgen_line(v, "// addresses go out and their lanes come back in the same cycle, read");
    vgen_line(v, "// before the edge; the LSU's write-backs come in with the entries the");
    vgen_line(v, "// table reads out for them, and release their registers in the");
    vgen_line(v, "// scoreboard: a release port per write-back port.");
    vgen_line(v, "// Storage: that of the scoreboard and the SIMD groups; the composition");
    vgen_line(v, "// adds none.");
    if (z->owners) {
        vgen_line(v, "// Under harp the warps checked are the First-Level slots, each a");
        vgen_line(v, "// regrouped warp: a lane's thread is checked at its own launch warp's");
        vgen_line(v, "// slot (owner_i, from the control-flow stage's issue view), the table");
        vgen_line(v, "// read at the slot's own, as the C SM keys a load by its issue slot.");
    }
    if (z->op_stage) {
        vgen_line(v, "// With the operand-read stage (operand_read_cycles = 1) a warp granted");
        vgen_line(v, "// now executes in the next cycle: its check asks the scoreboard about");
        vgen_line(v, "// that cycle (chk_ahead_i) and the LSU only whether it can take a");
        vgen_line(v, "// request.  The stage's warp (op_valid_i, op_warp_i), which executes");
        vgen_line(v, "// now, is checked as it issues: the scoreboard about this cycle, the");
        vgen_line(v, "// LSU's port as an earlier scheduler left it.");
    }
    vgen_blank(v);
    vgen_module_begin(v, "simtref_sm_issue", params, nparams, ports, nports);
}

static void emit_wires(struct vgen *v, const struct issue_sizes *z,
                       enum rtl_defect defect)
{
    vgen_section(v, "Wires between the parts");
    vgen_line(v, "// the decoders, field (or bit) s*NUM_WARPS+w");
    vgen_line(v, "wire [NUM_SLOTS-1:0]        d_valid;   // a word of the text");
    vgen_line(v, "wire [NUM_SLOTS*5-1:0]      d_rs1;     // registers read ...");
    vgen_line(v, "wire [NUM_SLOTS*5-1:0]      d_rs2;");
    vgen_line(v, "wire [NUM_SLOTS*5-1:0]      d_rd;      // ... and written (0: none)");
    vgen_line(v, "wire [NUM_SLOTS-1:0]        d_mem;     // a load, store or atomic");
    vgen_line(v, "// the check ports: each lane's thread's warp slot");
    vgen_line(v, "wire [NUM_SLOTS*LANES*SLOT_W-1:0] c_slots;");
    if (z->op_stage)
        vgen_line(v, "wire [NUM_SLOTS-1:0]        c_held;    // the operand-read stage's warp: asked about now");
    vgen_line(v, "wire [NUM_SLOTS-1:0]        sb_clear;  // the scoreboard holds none of its registers");
    vgen_line(v, "wire [NUM_SCHED-1:0]        g_accept;  // a SIMD group takes the scheduler's issue");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire [NUM_SLOTS*2-1:0]      d_unit;    // the unit: d_mem tells the LSU's apart");
    vgen_line(v, "wire [NUM_SLOTS-1:0]        d_rpc;     // control flow's, not the check's");
    vgen_line(v, "// the instruction as the lanes execute it: the datapath's, not the check's");
    vgen_line(v, "wire [NUM_SLOTS*OP_W-1:0]   d_op;");
    vgen_line(v, "wire [NUM_SLOTS*5-1:0]      d_insn_rd, d_insn_rs1, d_insn_rs2;");
    vgen_line(v, "wire [NUM_SLOTS*32-1:0]     d_imm;");
    vgen_line(v, "wire [NUM_SLOTS*12-1:0]     d_csr;");
    vgen_line(v, "wire [NUM_SCHED*GROUP_W-1:0] g_group;  // the datapath's");
    vgen_line(v, "wire [3*64-1:0]             g_due;     // the reservations' (outside)");
    vgen_line(v, "wire [BUSY_W-1:0]           g_busy;    // the statistics'");
    if (!z->owners || defect == DEFECT_SM_ISSUE_OWN_SLOT)
        vgen_line(v, "wire [NUM_SLOTS*LANES*OWN_W-1:0] unused_owner = owner_i;  // %s",
                  z->owners ? "(the defect reads it not)" : "every lane the warp's own");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
}

static void emit_decoders(struct vgen *v, const struct issue_sizes *z,
                          enum rtl_defect defect)
{
    bool owners = z->owners && defect != DEFECT_SM_ISSUE_OWN_SLOT;
    char own[160];
    const struct vconn conns[] = {
        { "word_i",  "word_i[I*32 +: 32]", NULL },
        { "text_i",  "text_i[I]",          NULL },
        { "rpc_i",   "1'b0",               "the check reads no RPC" },
        { "valid_o", "d_valid[I]",         NULL },
        { "rs1_o",   "d_rs1[I*5 +: 5]",    NULL },
        { "rs2_o",   "d_rs2[I*5 +: 5]",    NULL },
        { "rd_o",    "d_rd[I*5 +: 5]",     NULL },
        { "unit_o",  "d_unit[I*2 +: 2]",   NULL },
        { "mem_o",   "d_mem[I]",           NULL },
        { "rpc_o",   "d_rpc[I]",           NULL },
        { "op_o",       "d_op[I*OP_W +: OP_W]",  NULL },
        { "insn_rd_o",  "d_insn_rd[I*5 +: 5]",   NULL },
        { "insn_rs1_o", "d_insn_rs1[I*5 +: 5]",  NULL },
        { "insn_rs2_o", "d_insn_rs2[I*5 +: 5]",  NULL },
        { "imm_o",      "d_imm[I*32 +: 32]",     NULL },
        { "csr_o",      "d_csr[I*12 +: 12]",     NULL },
    };
    const struct vconn params[] = {
        VCONN_SAME("OP_W"),
    };

    vgen_section(v, "A decoder per warp, on its oldest slot's word; its slot");
    vgen_line(v, owners ? "genvar gs, gw, gl;" : "genvar gs, gw;");
    vgen_generate(v);
    vgen_line(v, "for (gs = 0; gs < NUM_SCHED; gs = gs + 1) begin : g_sched");
    vgen_indent(v);
    vgen_line(v, "for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_warp");
    vgen_indent(v);
    vgen_line(v, "localparam integer        I    = gs * NUM_WARPS + gw;");
    vgen_line(v, "localparam integer        SLOT = gw * NUM_SCHED + gs;  // sm_slot_of()");
    vgen_line(v, "localparam [SLOT_W-1:0]   SLOT_V = SLOT[SLOT_W-1:0];");
    if (z->op_stage) {
        vgen_line(v, "localparam integer        W    = gw;");
        vgen_line(v, "localparam [WARP_W-1:0]   W_V  = W[WARP_W-1:0];");
    }
    if (owners) {
        vgen_line(v, "localparam integer        NS   = NUM_SCHED;");
        vgen_line(v, "localparam integer        S    = gs;");
        vgen_line(v, "localparam [SLOT_W-1:0]   NS_V = NS[SLOT_W-1:0];");
        vgen_line(v, "localparam [SLOT_W-1:0]   S_V  = S[SLOT_W-1:0];");
    }
    vgen_line(v, "// the table's read port: the warp's own slot, the destination");
    vgen_line(v, "assign mw_rd_slot_o[I*SLOT_W +: SLOT_W]         = SLOT_V;");
    vgen_line(v, "assign mw_rd_reg_o[I*5 +: 5]                    = d_rd[I*5 +: 5];");
    if (z->op_stage)
        vgen_line(v, "assign c_held[I] = op_valid_i[gs] && op_warp_i[gs*WARP_W +: WARP_W] == W_V;");
    if (owners) {
        vgen_line(v, "// sm_owner_slots(): each lane's thread at its launch warp's slot of");
        vgen_line(v, "// this scheduler, launch warp * NUM_SCHED + scheduler");
        vgen_begin_named(v, "g_lane", "for (gl = 0; gl < LANES; gl = gl + 1)");
        vgen_line(v, "assign c_slots[(I*LANES+gl)*SLOT_W +: SLOT_W] =");
        vgen_line(v, "    %s * NS_V + S_V;",
                  vgen_zext(own, sizeof own, z->sb.slot_w - z->own_w,
                            "SLOT_W-OWN_W", "owner_i[(I*LANES+gl)*OWN_W +: OWN_W]"));
        vgen_end(v);
    } else {
        if (defect == DEFECT_SM_ISSUE_OWN_SLOT) {
            vgen_line(v, "// DELIBERATE DEFECT (%s): every lane's thread is", rtl_defect_name(defect));
            vgen_line(v, "// checked at the issue slot's warp slot, not at its launch warp's.");
        }
        vgen_line(v, "assign c_slots[I*LANES*SLOT_W +: LANES*SLOT_W] = {LANES{SLOT_V}};");
    }
    vgen_instance(v, "simtref_decode", "u_decode", params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_endgenerate(v);
}

static void emit_check(struct vgen *v, bool op_stage, enum rtl_defect defect)
{
    vgen_section(v, "The hazards (sm_issue_hazard()) and the issuable warps");
    vgen_line(v, "reg [NUM_SLOTS-1:0]   data, structural;");
    vgen_line(v, "reg [NUM_SLOTS*2-1:0] hz;");
    vgen_line(v, "integer cs, cw, ci;");
    vgen_begin(v, "always @*");
    vgen_line(v, "data       = {NUM_SLOTS{1'b0}};");
    vgen_line(v, "structural = {NUM_SLOTS{1'b0}};");
    vgen_line(v, "hz         = {(NUM_SLOTS*2){1'b0}};");
    vgen_begin(v, "for (cs = 0; cs < NUM_SCHED; cs = cs + 1)");
    vgen_begin(v, "for (cw = 0; cw < NUM_WARPS; cw = cw + 1)");
    vgen_line(v, "ci = cs * NUM_WARPS + cw;");
    vgen_begin(v, "if (base_i[ci] && buffered_i[ci] && !stale_i[ci] && d_valid[ci])");
    vgen_line(v, "data[ci] = !sb_clear[ci]");
    vgen_line(v, "           || (d_mem[ci] && d_rd[ci*5 +: 5] != 5'd0");
    vgen_line(v, "               && mw_rd_mask_i[ci*LANES +: LANES] != {LANES{1'b0}});");
    if (defect == DEFECT_SM_ISSUE_NO_LSU_ACCEPT) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a memory instruction", rtl_defect_name(defect));
        vgen_line(v, "// is held only by an earlier scheduler's use of the LSU's port, not");
        vgen_line(v, "// by the LSU being unable to take it.");
        if (op_stage)
            vgen_line(v, "structural[ci] = !data[ci] && (d_mem[ci] ? c_held[ci] && lsu_taken_i[cs]");
        else
            vgen_line(v, "structural[ci] = !data[ci] && (d_mem[ci] ? lsu_taken_i[cs]");
        vgen_line(v, "                                          : !g_accept[cs]);");
    } else if (op_stage) {
        vgen_line(v, "// a grant asks whether the LSU can take it; the stage's warp, which");
        vgen_line(v, "// executes now, also whether an earlier scheduler took its port");
        vgen_line(v, "structural[ci] = !data[ci] && (d_mem[ci] ? !lsu_ready_i");
        vgen_line(v, "                                             || (c_held[ci] && lsu_taken_i[cs])");
        vgen_line(v, "                                          : !g_accept[cs]);");
    } else {
        vgen_line(v, "structural[ci] = !data[ci] && (d_mem[ci] ? lsu_taken_i[cs] || !lsu_ready_i");
        vgen_line(v, "                                          : !g_accept[cs]);");
    }
    vgen_end(v);
    vgen_line(v, "hz[ci*2 +: 2] = data[ci] ? 2'd1 : structural[ci] ? 2'd2 : 2'd0;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    if (defect == DEFECT_SM_ISSUE_NO_LSU_ACCEPT) {
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire unused_lsu_ready = lsu_ready_i;  // (the defect reads it not)");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    }
    vgen_line(v, "assign hazard_o   = hz;");
    vgen_line(v, "assign issuable_o = base_i & ~data & ~structural;");
    vgen_line(v, "assign group_ok_o = g_accept;");
}

static void emit_scoreboard_part(struct vgen *v, bool op_stage)
{
    const struct vconn params[] = {
        { "NUM_SLOTS", "WARP_SLOTS", NULL },
        { "LANES",     "LANES",     NULL },
        { "NUM_RES",   "NUM_SCHED", NULL },
        { "NUM_REL",   "NUM_DONE",  "a release port per done port" },
        { "SLOT_W",    "SLOT_W",    NULL },
        { "LAT_W",     "LAT_W",     NULL },
        { "STAMP_W",   "STAMP_W",   NULL },
        { "NUM_CHK",   "NUM_SLOTS", "a check port per warp" },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "chk_slots_i", "c_slots",  NULL },
        { "chk_mask_i",  "mask_i",   NULL },
        { "chk_rs1_i",   "d_rs1",    NULL },
        { "chk_rs2_i",   "d_rs2",    NULL },
        { "chk_rd_i",    "d_rd",     NULL },
        op_stage ? (struct vconn){ "chk_ahead_i", "~c_held",
                                   "a grant's check about the next cycle" }
                 : (struct vconn){ "chk_ahead_i", "{NUM_SLOTS{1'b0}}",
                                   "each check about this cycle (operand_read_cycles = 0)" },
        { "clear_o",     "sb_clear", NULL },
        VCONN_SAME("res_valid_i"),
        VCONN_SAME("res_slots_i"),
        VCONN_SAME("res_mask_i"),
        VCONN_SAME("res_rd_i"),
        VCONN_SAME("res_pend_i"),
        VCONN_SAME("res_lat_i"),
        { "rel_valid_i", "done_valid_i",  "the LSU's write-backs ..." },
        { "rel_slots_i", "done_slots_i",  "... the entries the table reads out" },
        { "rel_mask_i",  "done_mask_i",   NULL },
        { "rel_rd_i",    "done_rd_i",     NULL },
    };

    vgen_section(v, "The scoreboard: a check port per warp, a release per done");
    vgen_instance(v, "simtref_scoreboard", "u_scoreboard", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

static void emit_groups(struct vgen *v)
{
    const struct vconn params[] = {
        { "NUM_GROUPS",  "NUM_GROUPS",  NULL },
        { "NUM_SCHED",   "NUM_SCHED",   NULL },
        { "OCCUPANCY",   "OCCUPANCY",   NULL },
        { "ALU_LATENCY", "ALU_LATENCY", NULL },
        { "MUL_LATENCY", "MUL_LATENCY", NULL },
        { "DIV_LATENCY", "DIV_LATENCY", NULL },
        { "CNT_W",       "GRP_CNT_W",   NULL },
        { "GROUP_W",     "GROUP_W",     NULL },
        { "BUSY_W",      "BUSY_W",      NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        VCONN_SAME("now_i"),
        { "issue_valid_i", "grp_valid_i", NULL },
        { "issue_op_i",    "grp_op_i",    NULL },
        { "accept_o",      "g_accept",    NULL },
        { "group_o",       "g_group",     NULL },
        { "due_o",         "g_due",       NULL },
        { "busy_o",        "g_busy",      NULL },
        { "err_o",         "grp_err_o",   NULL },
    };

    vgen_section(v, "The SIMD groups: each scheduler's accept");
    vgen_instance(v, "simtref_simd_group", "u_groups", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

void emit_sm_issue(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect)
{
    struct issue_sizes z;
    unsigned launch_warps = cfg->threads_per_scheduler / cfg->warp_size;

    scoreboard_geometry(cfg, &z.sb);
    simd_group_geometry(cfg, &z.sg);
    z.owners = cfg->reconvergence == RECONV_HARP;
    z.warps = sm_issue_warps(cfg);
    z.own_w = launch_warps > 1 ? clog2(launch_warps) : 1;
    z.op_stage = cfg->operand_read_cycles > 0;
    emit_header(v, cfg, &z);
    emit_wires(v, &z, defect);
    emit_decoders(v, &z, defect);
    emit_check(v, z.op_stage, defect);
    emit_scoreboard_part(v, z.op_stage);
    emit_groups(v);
    vgen_module_end(v, "simtref_sm_issue");
}

/* The warps the issue check checks per scheduler: its launch warps, or
 * under harp the First-Level slots (sm_reconv_issue_slots()). */
unsigned sm_issue_warps(const struct simt_config *cfg)
{
    return cfg->reconvergence == RECONV_HARP
           ? cfg->first_level_entries
           : cfg->threads_per_scheduler / cfg->warp_size;
}
