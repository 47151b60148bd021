/*
 * emit_sm_reconv_ics.c -- simtref_sm_reconv under ics-first: the SM's
 * control-flow stage of one warp scheduler as the multi-core SIMT paper
 * builds it (sections 3.2, 3.3 and 4.3), behind the port the SM drives
 * (golden/sm/sm_reconv.h).  The module is golden/sm/sm_reconv_ics.c in
 * hardware: each thread's PC register, written at a warp's launch and at
 * each executed instruction from the update's lane_pc_i; one
 * simtref_ics_first per warp holding its threads' states and priorities;
 * the commit register of the instruction issued in the last cycle, whose
 * op (exit, barrier, the ICS action of its PC or of a simt.prio.*
 * instruction) the module applies one cycle after the issue.  The read
 * port selects from the read warp's module (its selected thread and
 * active vectors depend on the state alone) with the update's new PCs
 * bypassed, as the C stage's view does.  Every warp's module also gives
 * the issue check its view of the warp (ready to run, its PC and threads
 * from the registers: sm_reconv_can_issue(), sm_reconv_issue_view()),
 * and the front end whether a launch may take the warp (every thread of
 * its module Idle: sm_reconv_can_launch()).
 */
#include "rtlgen.h"
#include "bits.h"
#include "ics_first.h"

#include <stdio.h>

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct ics_first_geometry *g, unsigned warps)
{
    char warp_w[64];
    const struct vparam params[] = {
        { "NUM_WARPS", warps,     NULL, "warps of this scheduler" },
        { "LANES",     g->threads, NULL, "threads per warp: mask width" },
        { "LEVELS",    g->levels, NULL, "priority levels (ics_priority_levels)" },
        { "PC_W",      g->pc_w,   NULL, "a PC: an instruction's index in the text" },
        { NULL, 0, NULL, "Derived widths" },
        { "WARP_W", 0, warp_w, "warp id" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                 "clk_i",      "clock" },
        { "input",  "",                 "rst_ni",     "asynchronous reset, active low: every thread Idle, no commit" },
        { NULL, NULL, NULL, "Update: a warp's launch, or its executed instruction" },
        { "input",  "[1:0]",            "op_i",       "0 none, 1 launch, 2 an executed instruction" },
        { "input",  "[WARP_W-1:0]",     "warp_i",     "the warp" },
        { "input",  "[LANES-1:0]",      "mask_i",     "launch: its threads; else the lanes that ran it" },
        { "input",  "",                 "bar_i",      "the instruction was simt.bar" },
        { "input",  "",                 "exit_i",     "... simt.exit" },
        { "input",  "[1:0]",            "prio_i",     "... simt.prio.*: 1 raise, 2 lower, 3 set-outmost; 0 none" },
        { "input",  "[1:0]",            "action_i",   "the loader's ICS action at its PC (side-band): 1 raise, 2 lower, 3 outmost" },
        { "input",  "[LANES*PC_W-1:0]", "lane_pc_i",  "per lane of mask_i: where its thread goes (launch: the entry)" },
        { "input",  "[NUM_WARPS-1:0]",  "release_i",  "the warps whose TB's barrier releases on this edge" },
        { NULL, NULL, NULL, "Read port: the PC and threads fetch reads" },
        { "input",  "[WARP_W-1:0]",     "rd_warp_i",  "the warp" },
        { "output", "",                 "rd_valid_o", "it is ready to run: a thread Ready, none in Execution" },
        { "output", "[PC_W-1:0]",       "rd_pc_o",    "the warp PC: the selected thread's" },
        { "output", "[LANES-1:0]",      "rd_mask_o",  "the threads of the selected level at that PC" },
        { NULL, NULL, NULL, "Every warp's view for the issue check (bit or field w: warp w), no update bypassed" },
        { "output", "[NUM_WARPS-1:0]",       "view_ok_o",   "ready to run: a thread Ready, none in Execution" },
        { "output", "[NUM_WARPS*PC_W-1:0]",  "view_pc_o",   "the warp PC: the selected thread's" },
        { "output", "[NUM_WARPS*LANES-1:0]", "view_mask_o", "the threads of the selected level at that PC" },
        { NULL, NULL, NULL, "Launch: the warps whose module can take one (bit w: warp w)" },
        { "output", "[NUM_WARPS-1:0]",       "can_launch_o", "every thread of its module Idle" },
        { NULL, NULL, NULL, "Barrier: the warps whose threads all wait there (bit w: warp w)" },
        { "output", "[NUM_WARPS-1:0]",       "all_barrier_o", "every non-Idle thread in Barrier (the SM's arrival)" },
        { NULL, NULL, NULL, "What the update does" },
        { "output", "",                 "err_o",      "a warp's module refused its inputs" },
    };

    snprintf(warp_w, sizeof warp_w, "%s",
             warps > 1 ? "$clog2(NUM_WARPS)" : "1");
    emit_file_header(v, "simtref_sm_reconv.v",
                     "the SM's control-flow stage of one warp scheduler (ics-first)",
                     "Multi-core SIMT, sections 3.2, 3.3 and 4.3; "
                     "C model: golden/sm/sm_reconv_ics.c.", cfg);
    vgen_line(v, "// Each thread has its PC in the stage; a launch and each executed");
    vgen_line(v, "// instruction write those of the lanes they name.  One simtref_ics_first");
    vgen_line(v, "// per warp: a launch assigns its threads, an issue moves the selected");
    vgen_line(v, "// threads to Execution, and the next cycle they commit with the op of");
    vgen_line(v, "// their instruction (the commit register).  The read port takes the read");
    vgen_line(v, "// warp's selected thread and its level's active threads, with the");
    vgen_line(v, "// update's new PCs bypassed; every warp's module gives the issue check");
    vgen_line(v, "// its view of the warp (view_*_o) and the front end whether it can take a");
    vgen_line(v, "// launch (can_launch_o: every thread Idle) and the SM whether its threads");
    vgen_line(v, "// all wait at simt.bar (all_barrier_o: the warp arrives by its state).  The");
    vgen_line(v, "// stage never pops, exits or yields a warp: the thread states tell the SM.");
    vgen_line(v, "// Storage: %lu flip-flops (a PC per thread, the commit register) and the",
              (unsigned long)warps * g->threads * g->pc_w + 1 + g->threads + 3
              + (warps > 1 ? (unsigned long)clog2(warps) : 1));
    vgen_line(v, "// modules' %lu.", (unsigned long)warps * ics_first_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_sm_reconv", params,
                      sizeof params / sizeof params[0], ports,
                      sizeof ports / sizeof ports[0]);
}

static void emit_commit(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "The commit register: last cycle's issue commits in this one");
    vgen_line(v, "localparam [1:0] UPD_LAUNCH = 2'd1, UPD_EXEC = 2'd2;   // op_i; 0: no update");
    vgen_line(v, "// ORDER ICS_OP: simtref_ics_first's commit_op_i");
    vgen_line(v, "localparam [2:0] C_NORMAL = 3'd0, C_BARRIER = 3'd1, C_EXIT = 3'd2,");
    vgen_line(v, "                 C_RAISE  = 3'd3, C_LOWER   = 3'd4, C_OUTMOST = 3'd5;");
    vgen_blank(v);
    vgen_line(v, "reg              c_valid_q;     // an instruction commits");
    vgen_line(v, "reg [WARP_W-1:0] c_warp_q;      // ... of this warp");
    vgen_line(v, "reg [LANES-1:0]  c_threads_q;   // ... these threads");
    vgen_line(v, "reg [2:0]        c_op_q;        // ... with this op");
    if (defect == DEFECT_SM_RECONV_ICS_NO_ACTION) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the loader's ICS action is ignored.",
                  rtl_defect_name(defect));
        vgen_line(v, "wire [1:0]       action = prio_i;");
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire [1:0]       unused_action = action_i;");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    } else {
        vgen_line(v, "wire [1:0]       action = prio_i != 2'd0 ? prio_i : action_i;");
    }
    vgen_line(v, "wire [2:0]       c_op_d = exit_i ? C_EXIT : bar_i ? C_BARRIER");
    vgen_line(v, "                        : action == 2'd1 ? C_RAISE : action == 2'd2 ? C_LOWER");
    vgen_line(v, "                        : action == 2'd3 ? C_OUTMOST : C_NORMAL;");
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i or negedge rst_ni)");
    vgen_begin(v, "if (!rst_ni)");
    vgen_line(v, "c_valid_q   <= 1'b0;");
    vgen_line(v, "c_warp_q    <= {WARP_W{1'b0}};");
    vgen_line(v, "c_threads_q <= {LANES{1'b0}};");
    vgen_line(v, "c_op_q      <= C_NORMAL;");
    vgen_else(v);
    vgen_line(v, "c_valid_q   <= op_i == UPD_EXEC && mask_i != {LANES{1'b0}};");
    vgen_line(v, "c_warp_q    <= warp_i;");
    vgen_line(v, "c_threads_q <= mask_i;");
    vgen_line(v, "c_op_q      <= c_op_d;");
    vgen_end(v);
    vgen_end(v);
}

static void emit_warps(struct vgen *v)
{
    const struct vconn params[] = {
        { "THREADS", "LANES",  NULL },
        { "LEVELS",  "LEVELS", NULL },
        { "PC_W",    "PC_W",   NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "assign_i",       "m_assign",                  NULL },
        { "issue_i",        "m_issue",                   NULL },
        { "commit_i",       "m_commit",                  NULL },
        { "commit_op_i",    "m_commit_op",               NULL },
        { "release_i",      "release_i[gw]",             NULL },
        { "pc_i",           "m_pc",                      NULL },
        { "state_o",        "m_state",                   NULL },
        { "prio_o",         "prio_all[gw*LANES*LEVELS +: LANES*LEVELS]", NULL },
        { "atv_o",          "atv_all[gw*LEVELS*LANES +: LEVELS*LANES]",  NULL },
        { "sel_o",          "sel_all[gw*LANES +: LANES]", NULL },
        { "warp_pc_o",      "view_pc_o[gw*PC_W +: PC_W]", "from the registers: the view" },
        { "exec_o",         "view_mask_o[gw*LANES +: LANES]", NULL },
        { "ready_to_run_o", "rtr_all[gw]",               NULL },
        { "all_barrier_o",  "all_barrier_o[gw]",         NULL },
        { "err_o",          "err_all[gw]",               NULL },
    };

    vgen_section(v, "Per warp: its threads' PC registers and its ICS-First module");
    vgen_line(v, "wire [NUM_WARPS*LANES*PC_W-1:0]   pc_all;    // every thread's PC (warp-major)");
    vgen_line(v, "wire [NUM_WARPS*LANES*LEVELS-1:0] prio_all;  // ... its priority, one-hot");
    vgen_line(v, "wire [NUM_WARPS*LEVELS*LANES-1:0] atv_all;   // each warp's active vectors");
    vgen_line(v, "wire [NUM_WARPS*LANES-1:0]        sel_all;   // ... its selected thread");
    vgen_line(v, "wire [NUM_WARPS-1:0]              rtr_all;   // ... ready to run");
    vgen_line(v, "wire [NUM_WARPS-1:0]              err_all;   // ... its module refuses");
    vgen_line(v, "genvar gw, gl;");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_warp", "for (gw = 0; gw < NUM_WARPS; gw = gw + 1)");
    vgen_line(v, "localparam [WARP_W-1:0] ID = gw;");
    vgen_line(v, "wire             mine = (op_i == UPD_LAUNCH || op_i == UPD_EXEC) && warp_i == ID;");
    vgen_line(v, "wire             done = c_valid_q && c_warp_q == ID;   // commits now");
    vgen_line(v, "wire [LANES-1:0] m_assign = mine && op_i == UPD_LAUNCH ? mask_i : {LANES{1'b0}};");
    vgen_line(v, "wire             m_issue = mine && op_i == UPD_EXEC;");
    vgen_line(v, "wire [LANES-1:0] m_commit = done ? c_threads_q : {LANES{1'b0}};");
    vgen_line(v, "wire [2:0]       m_commit_op = done ? c_op_q : C_NORMAL;");
    vgen_line(v, "wire [LANES*PC_W-1:0] m_pc;");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire [LANES*4-1:0] m_state;   // one-hot {B, E, R, I} per thread");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_line(v, "wire [LANES-1:0] m_idle;      // each thread Idle");
    vgen_line(v, "assign can_launch_o[gw] = &m_idle;");
    vgen_blank(v);
    vgen_line(v, "// The issued threads show their instruction's PC (their register's) until");
    vgen_line(v, "// the edge writes the new one.");
    vgen_begin_named(v, "g_lane", "for (gl = 0; gl < LANES; gl = gl + 1)");
    vgen_line(v, "reg  [PC_W-1:0] pc_q;");
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i or negedge rst_ni)");
    vgen_begin(v, "if (!rst_ni)");
    vgen_line(v, "pc_q <= {PC_W{1'b0}};");
    vgen_elsif(v, "mine && mask_i[gl]");
    vgen_line(v, "pc_q <= lane_pc_i[gl*PC_W +: PC_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "assign m_pc[gl*PC_W +: PC_W] = pc_q;");
    vgen_line(v, "assign m_idle[gl] = m_state[gl*4];");
    vgen_line(v, "assign pc_all[(gw*LANES + gl)*PC_W +: PC_W] = pc_q;");
    vgen_end(v);
    vgen_blank(v);
    vgen_instance(v, "simtref_ics_first", "u_ics",
                  params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_read(struct vgen *v)
{
    vgen_section(v, "Read port: the read warp's selection, the update's new PCs bypassed");
    vgen_line(v, "wire             rd_mine = (op_i == UPD_LAUNCH || op_i == UPD_EXEC) && warp_i == rd_warp_i;");
    vgen_line(v, "reg  [LANES-1:0] rd_sel;       // its selected thread");
    vgen_line(v, "reg  [LEVELS-1:0] rd_level;    // ... that thread's level");
    vgen_line(v, "reg  [LANES-1:0] rd_active;    // the Ready threads of that level");
    vgen_line(v, "reg  [PC_W-1:0]  rd_pc;        // the selected thread's PC");
    vgen_line(v, "reg  [LANES*PC_W-1:0] rd_pcs;  // each thread's PC, bypassed");
    vgen_line(v, "reg              rd_rtr;");
    vgen_line(v, "reg  [LANES-1:0] rd_mask;");
    vgen_line(v, "integer          ri, rl, rn;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "rd_sel = {LANES{1'b0}};");
    vgen_line(v, "rd_level = {LEVELS{1'b0}};");
    vgen_line(v, "rd_active = {LANES{1'b0}};");
    vgen_line(v, "rd_pc = {PC_W{1'b0}};");
    vgen_line(v, "rd_pcs = {(LANES*PC_W){1'b0}};");
    vgen_line(v, "rd_rtr = 1'b0;");
    vgen_line(v, "rd_mask = {LANES{1'b0}};");
    vgen_begin(v, "for (ri = 0; ri < NUM_WARPS; ri = ri + 1)");
    vgen_begin(v, "if (rd_warp_i == ri[WARP_W-1:0])");
    vgen_line(v, "rd_sel = sel_all[ri*LANES +: LANES];");
    vgen_line(v, "rd_pcs = pc_all[ri*LANES*PC_W +: LANES*PC_W];");
    vgen_line(v, "rd_rtr = rtr_all[ri];");
    vgen_begin(v, "for (rl = 0; rl < LANES; rl = rl + 1)");
    vgen_begin(v, "if (sel_all[ri*LANES + rl])");
    vgen_line(v, "rd_level = prio_all[(ri*LANES + rl)*LEVELS +: LEVELS];");
    vgen_end(v);
    vgen_end(v);
    vgen_begin(v, "for (rn = 0; rn < LEVELS; rn = rn + 1)");
    vgen_begin(v, "if (rd_level[rn])");
    vgen_line(v, "rd_active = atv_all[(ri*LEVELS + rn)*LANES +: LANES];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_begin(v, "for (rl = 0; rl < LANES; rl = rl + 1)");
    vgen_begin(v, "if (rd_mine && mask_i[rl])");
    vgen_line(v, "rd_pcs[rl*PC_W +: PC_W] = lane_pc_i[rl*PC_W +: PC_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_begin(v, "for (rl = 0; rl < LANES; rl = rl + 1)");
    vgen_begin(v, "if (rd_sel[rl])");
    vgen_line(v, "rd_pc = rd_pcs[rl*PC_W +: PC_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_begin(v, "for (rl = 0; rl < LANES; rl = rl + 1)");
    vgen_line(v, "rd_mask[rl] = rd_active[rl] && rd_pcs[rl*PC_W +: PC_W] == rd_pc;");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign rd_valid_o = rd_rtr;");
    vgen_line(v, "assign view_ok_o  = rtr_all;");
    vgen_line(v, "assign rd_pc_o    = rd_pc;");
    vgen_line(v, "assign rd_mask_o  = rd_mask;");
    vgen_line(v, "assign err_o      = err_all != {NUM_WARPS{1'b0}};");
}

void emit_sm_reconv_ics(struct vgen *v, const struct simt_config *cfg,
                        enum rtl_defect defect)
{
    struct ics_first_geometry g;

    ics_first_geometry(cfg, &g);
    emit_header(v, cfg, &g, cfg->threads_per_scheduler / cfg->warp_size);
    emit_commit(v, defect);
    emit_warps(v);
    emit_read(v);
    vgen_module_end(v, "simtref_sm_reconv");
}
