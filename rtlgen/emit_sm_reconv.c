/*
 * emit_sm_reconv.c -- simtref_sm_reconv: the SM's control-flow stage of
 * one warp scheduler under sbr, the SBR stacks behind the port the SM
 * drives (golden/sm/sm_reconv.h): a warp's launch or the outcome of its
 * executed instruction a cycle, and a read of a warp's PC and mask for
 * fetch.  The module is golden/sm/sm_reconv_sbr.c's driver of the stack
 * in hardware: from the instruction's outcome and its pre-decoded
 * side-band (struct sm_sbr_predecode: the loader's flow, branch RPC and
 * late side of each text word) it chooses the stack's operation; an
 * instance of simtref_sbr_stack does it.  Under minpc, ics-first and
 * harp the module of the same name is rtlgen/emit_sm_reconv_minpc.c's,
 * rtlgen/emit_sm_reconv_ics.c's and rtlgen/emit_sm_reconv_harp.c's.
 */
#include "rtlgen.h"
#include "sbr_stack.h"

#include <stdio.h>

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct sbr_stack_geometry *g)
{
    char warp_w[64];
    const struct vparam params[] = {
        { "NUM_WARPS", g->warps, NULL, "warps of this scheduler" },
        { "DEPTH",     g->depth, NULL, "entries per warp stack (sbr_stack_depth)" },
        { "LANES",     g->lanes, NULL, "threads per warp: mask width" },
        { "PC_W",      g->pc_w,  NULL, "a PC: an instruction's index in the text" },
        { NULL, 0, NULL, "Derived widths" },
        { "WARP_W",  0, warp_w, "warp id" },
        { "DEPTH_W", 0, "$clog2(DEPTH + 1)", "entries of one stack, 0..DEPTH" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",             "clk_i",       "clock" },
        { "input",  "",             "rst_ni",      "asynchronous reset, active low: every stack empty" },
        { NULL, NULL, NULL, "The kernel: constant while it runs" },
        { "input",  "[PC_W-1:0]",   "exit_pc_i",   "its exit PC: each warp's last re-convergence PC" },
        { NULL, NULL, NULL, "Update: a warp's launch, or its executed instruction" },
        { "input",  "[1:0]",        "op_i",        "0 none, 1 launch, 2 an executed instruction" },
        { "input",  "[WARP_W-1:0]", "warp_i",      "the warp" },
        { "input",  "[PC_W-1:0]",   "pc_i",        "launch: the entry; else the instruction's PC" },
        { "input",  "[LANES-1:0]",  "mask_i",      "launch: its threads; else the lanes that ran it" },
        { "input",  "",             "split_i",     "a conditional branch, or an indirect jump whose lanes went two ways" },
        { "input",  "[LANES-1:0]",  "taken_i",     "split: the lanes going to tpc_i" },
        { "input",  "[PC_W-1:0]",   "tpc_i",       "split: where the taken lanes go" },
        { "input",  "[PC_W-1:0]",   "npc_i",       "where the (other) lanes go" },
        { "input",  "[LANES-1:0]",  "live_i",      "the warp's live lanes after it" },
        { "input",  "",             "bar_i",       "the instruction was simt.bar" },
        { "input",  "",             "exit_i",      "... simt.exit" },
        { NULL, NULL, NULL, "The instruction's pre-decoded side-band (the loader's, per text word)" },
        { "input",  "",             "call_i",      "a call through ra (jal or jalr writing ra)" },
        { "input",  "",             "ret_i",       "a return (jalr x0, 0(ra))" },
        { "input",  "",             "rpc_valid_i", "a branch of the program's table ..." },
        { "input",  "[PC_W-1:0]",   "rpc_i",       "... re-converging here for the stack" },
        { "input",  "[1:0]",        "late_i",      "the side that reaches simt.bar first runs last: 1 taken, 2 fall-through" },
        { NULL, NULL, NULL, "Read port: the PC and active mask fetch reads" },
        { "input",  "[WARP_W-1:0]", "rd_warp_i",   "the warp" },
        { "output", "",             "rd_valid_o",  "it has threads to run" },
        { "output", "[PC_W-1:0]",   "rd_pc_o",     "its PC" },
        { "output", "[LANES-1:0]",  "rd_mask_o",   "its active mask" },
        { NULL, NULL, NULL, "What the update does" },
        { "output", "",             "pop_o",       "threads re-converge: the warp's mask changes without a jump" },
        { "output", "",             "exited_o",    "the warp's last path ended" },
        { "output", "",             "yielded_o",   "the threads at simt.bar wait below their sibling, which runs" },
        { "output", "",             "err_o",       "refused: no RPC, lanes calling or returning two ways, overflow, an input error" },
    };

    snprintf(warp_w, sizeof warp_w, "%s",
             g->warps > 1 ? "$clog2(NUM_WARPS)" : "1");
    emit_file_header(v, "simtref_sm_reconv.v",
                     "the SM's control-flow stage of one warp scheduler (sbr)",
                     "HARP section 2.1; docs/isa.md; C model: golden/sm/sm_reconv_sbr.c.",
                     cfg);
    vgen_line(v, "// The SM gives the stage one update a cycle: a warp's launch, or the");
    vgen_line(v, "// outcome of the instruction it executed.  From the outcome and the");
    vgen_line(v, "// instruction's pre-decoded side-band the stage chooses the operation of");
    vgen_line(v, "// the warp's SBR stack: a call or a return by the side-band; a branch when");
    vgen_line(v, "// the lanes went two ways (the side that reaches a barrier first is given");
    vgen_line(v, "// as the not-taken side, so that it runs last); an exit on simt.exit or on");
    vgen_line(v, "// an instruction that ran on no lane; a yield on a simt.bar that only some");
    vgen_line(v, "// live threads reach, when the stack holds their sibling below; else an");
    vgen_line(v, "// advance.  The stack's read port gives fetch the warp's PC and mask.");
    vgen_line(v, "// Storage: the stacks' %lu bits (simtref_sbr_stack); the stage adds none.",
              sbr_stack_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_sm_reconv", params,
                      sizeof params / sizeof params[0], ports,
                      sizeof ports / sizeof ports[0]);
}

static void emit_encodings(struct vgen *v, const struct sbr_stack_geometry *g)
{
    vgen_section(v, "Encodings");
    vgen_line(v, "localparam [1:0] UPD_LAUNCH = 2'd1, UPD_EXEC = 2'd2;   // op_i; 0: no update");
    vgen_line(v, "// ORDER SBR_OP: simtref_sbr_stack's op_i");
    vgen_line(v, "localparam [2:0] OP_NONE    = 3'd0, OP_LAUNCH = 3'd1, OP_ADVANCE = 3'd2,");
    vgen_line(v, "                 OP_BRANCH  = 3'd3, OP_CALL   = 3'd4, OP_RETURN  = 3'd5,");
    vgen_line(v, "                 OP_EXIT    = 3'd6, OP_YIELD  = 3'd7;");
    vgen_line(v, "localparam [PC_W-1:0]    ONE_PC = %u'd1;", g->pc_w);
    vgen_line(v, "localparam [DEPTH_W-1:0] ONE_D  = %u'd1;", g->depth_w);
}

static void emit_choice(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "The stack's operation");
    vgen_line(v, "wire             st_yield_ok;    // the stack takes a yield of warp_i");
    vgen_line(v, "// The lanes went two ways, and where the lanes that ran go on.");
    vgen_line(v, "wire             split  = split_i && taken_i != {LANES{1'b0}} && taken_i != mask_i;");
    vgen_line(v, "wire [PC_W-1:0]  target = split_i && taken_i != {LANES{1'b0}} ? tpc_i : npc_i;");
    if (defect == DEFECT_SM_RECONV_LATE_FIRST) {
        vgen_line(v, "// DELIBERATE DEFECT (sm-reconv-late-first): the side that reaches a");
        vgen_line(v, "// barrier first goes on top, to run first.");
        vgen_line(v, "wire             swap   = late_i != 2'd0 &&");
        vgen_line(v, "                          (tpc_i == pc_i + ONE_PC) != (late_i == 2'd2);");
    } else {
        vgen_line(v, "// The side that reaches a barrier first goes below, to run last.");
        vgen_line(v, "wire             swap   = late_i != 2'd0 &&");
        vgen_line(v, "                          (tpc_i == pc_i + ONE_PC) == (late_i == 2'd2);");
    }
    vgen_blank(v);
    vgen_line(v, "reg  [2:0]       s_op;");
    vgen_line(v, "reg  [PC_W-1:0]  s_pc, s_npc, s_rpc;");
    vgen_line(v, "reg  [LANES-1:0] s_mask;");
    vgen_line(v, "reg              no_rpc, two_calls, two_returns;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "s_op = OP_NONE; s_pc = {PC_W{1'b0}}; s_npc = {PC_W{1'b0}};");
    vgen_line(v, "s_rpc = {PC_W{1'b0}}; s_mask = {LANES{1'b0}};");
    vgen_line(v, "no_rpc = 1'b0; two_calls = 1'b0; two_returns = 1'b0;");
    vgen_case(v, "op_i");
    vgen_begin(v, "UPD_LAUNCH:");
    vgen_line(v, "s_op = OP_LAUNCH; s_pc = pc_i; s_mask = mask_i; s_rpc = exit_pc_i;");
    vgen_end(v);
    vgen_begin(v, "UPD_EXEC:");
    vgen_line(v, "// simt.exit, or an instruction of a top whose threads all exited");
    vgen_begin(v, "if (exit_i || mask_i == {LANES{1'b0}})");
    vgen_line(v, "s_op = OP_EXIT; s_mask = live_i;");
    vgen_elsif(v, "call_i");
    vgen_line(v, "s_op = OP_CALL; s_pc = target; s_npc = pc_i + ONE_PC; two_calls = split;");
    vgen_elsif(v, "ret_i");
    vgen_line(v, "s_op = OP_RETURN; s_pc = target; two_returns = split;");
    vgen_elsif(v, "split");
    vgen_line(v, "s_op   = OP_BRANCH;");
    vgen_line(v, "s_pc   = swap ? npc_i : tpc_i;");
    vgen_line(v, "s_mask = swap ? mask_i & ~taken_i : taken_i;");
    vgen_line(v, "s_npc  = swap ? tpc_i : npc_i;");
    vgen_line(v, "s_rpc  = rpc_i;");
    vgen_line(v, "no_rpc = !rpc_valid_i;");
    vgen_else(v);
    vgen_line(v, "// at a simt.bar that only some live threads reach, their sibling");
    vgen_line(v, "// runs first when the stack holds it");
    vgen_line(v, "s_op = bar_i && mask_i != live_i && st_yield_ok ? OP_YIELD : OP_ADVANCE;");
    vgen_line(v, "s_pc = target;");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "default: ;");
    vgen_endcase(v);
    vgen_end(v);
}

static void emit_stack(struct vgen *v)
{
    const struct vconn params[] = {
        { "NUM_WARPS", "NUM_WARPS", NULL },
        { "DEPTH",     "DEPTH",     NULL },
        { "LANES",     "LANES",     NULL },
        { "PC_W",      "PC_W",      NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "op_i",       "s_op",        NULL },
        { "op_warp_i",  "warp_i",      NULL },
        { "pc_i",       "s_pc",        NULL },
        { "mask_i",     "s_mask",      NULL },
        { "npc_i",      "s_npc",       NULL },
        { "rpc_i",      "s_rpc",       NULL },
        VCONN_SAME("rd_warp_i"),
        VCONN_SAME("rd_valid_o"),
        VCONN_SAME("rd_pc_o"),
        VCONN_SAME("rd_mask_o"),
        { "rd_depth_o", "st_rd_depth", "fetch reads the top only" },
        { "pop_o",      "st_pop",      NULL },
        { "pushes_o",   "st_pushes",   NULL },
        { "ovf_o",      "st_ovf",      NULL },
        { "err_o",      "st_err",      NULL },
        { "op_depth_o", "st_op_depth", NULL },
        { "yield_ok_o", "st_yield_ok", NULL },
    };

    vgen_section(v, "The warps' SBR stacks");
    vgen_line(v, "wire               st_pop, st_ovf, st_err;");
    vgen_line(v, "wire [DEPTH_W-1:0] st_op_depth;");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire [DEPTH_W-1:0] st_rd_depth;");
    vgen_line(v, "wire [1:0]         st_pushes;");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_blank(v);
    vgen_instance(v, "simtref_sbr_stack", "u_stack",
                  params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
}

static void emit_outputs(struct vgen *v)
{
    vgen_section(v, "What the update does");
    vgen_line(v, "assign pop_o     = st_pop;");
    vgen_line(v, "// the pop of the last entry, or an exit with no live thread left");
    vgen_line(v, "assign exited_o  = st_pop && s_op != OP_NONE &&");
    vgen_line(v, "                   (st_op_depth == ONE_D ||");
    vgen_line(v, "                    (s_op == OP_EXIT && s_mask == {LANES{1'b0}}));");
    vgen_line(v, "assign yielded_o = s_op == OP_YIELD;");
    vgen_line(v, "assign err_o     = no_rpc || two_calls || two_returns || st_ovf || st_err;");
}

void emit_sm_reconv(struct vgen *v, const struct simt_config *cfg,
                    enum rtl_defect defect)
{
    struct sbr_stack_geometry g;

    if (cfg->reconvergence == RECONV_MINPC) {
        emit_sm_reconv_minpc(v, cfg, defect);
        return;
    }
    if (cfg->reconvergence == RECONV_ICS_FIRST) {
        emit_sm_reconv_ics(v, cfg, defect);
        return;
    }
    if (cfg->reconvergence == RECONV_HARP) {
        emit_sm_reconv_harp(v, cfg, defect);
        return;
    }
    sbr_stack_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_encodings(v, &g);
    emit_choice(v, defect);
    emit_stack(v);
    emit_outputs(v);
    vgen_module_end(v, "simtref_sm_reconv");
}
