/*
 * emit_sm_front.c -- simtref_sm_front: one warp scheduler's front end,
 * composed of four modules as golden/sm/sm.c composes their models in
 * sm_cycle(): the fetch unit (simtref_fetch: the I-buffer's valid and
 * ready bits, the fetch policy), the I-buffer data (simtref_ibuffer: the
 * fetched PCs and masks), the issue scheduler (simtref_scheduler) and the
 * control-flow stage of the configured mode (simtref_sm_reconv: the SBR
 * stacks under sbr, an arbiter per warp under minpc, an ICS-First module
 * per warp under ics-first, the HARP tables under harp, whose First-Level
 * slots are the scheduler's first warps).  The wires between them are
 * sm.c's: the launch choice (launch_choice(): the lowest pending warp
 * the stage can take, emit_launch()), the ready vector (ready_vector()), the grant (issue_grant()), the stage's
 * update, the flushes and the PC and mask the fetch reads
 * (execute_granted()), the I-buffer's events, the warps the fetch unit
 * empties and the releases of the edge (scheduler_edge(), ibuffer_edge()).
 * What the rest of the SM decides (the scoreboard, the SIMD groups, the
 * warp and TB state, the WPT, the I-cache, the datapath) comes in as
 * inputs.  The modes differ in the stage's ports (struct front_mode,
 * front_mode_of()), and under harp in what the stage tells of its slots
 * and launches (emit_sm_front_harp_slots()).  The module's parameters and
 * ports are rtlgen/emit_sm_front_ports.c's.
 */
#include "emit_sm_front.h"
#include "bits.h"

#include <stdio.h>

static struct front_mode front_mode_of(const struct simt_config *cfg)
{
    struct front_mode m = { 0 };

    m.name = config_reconvergence_name(cfg->reconvergence);
    m.sbr = cfg->reconvergence == RECONV_SBR;
    m.sp = cfg->reconvergence == RECONV_MINPC;
    m.ics = cfg->reconvergence == RECONV_ICS_FIRST;
    m.harp = cfg->reconvergence == RECONV_HARP;
    m.pc = m.live = m.pop = m.sbr || m.sp;
    m.exit = m.sbr || m.ics || m.harp;
    m.lanes = m.sp || m.ics || m.harp;
    m.yield = m.sbr;
    m.split = m.sbr || m.harp;
    m.view = m.sp || m.ics;
    m.op_stage = cfg->operand_read_cycles > 0;
    m.xv = m.op_stage ? "op_exec" : "s_grant";
    m.xw = m.op_stage ? "op_warp_q" : "s_warp";
    return m;
}

static void emit_wires(struct vgen *v, const struct front_mode *m)
{
    vgen_section(v, "Wires between the parts");
    vgen_line(v, "// simtref_fetch");
    vgen_line(v, "wire [NUM_WARPS-1:0]       f_ready;     // oldest slot valid and ready");
    vgen_line(v, "wire [NUM_WARPS*SLOTS-1:0] f_slot_v;    // slots' valid bits, warp-major");
    vgen_line(v, "wire [NUM_WARPS*SLOTS-1:0] f_slot_r;    // ready bits");
    vgen_line(v, "wire [NUM_WARPS*CNT_W-1:0] f_inflight;  // fetches in flight per warp");
    vgen_line(v, "// simtref_scheduler");
    vgen_line(v, "wire                       s_grant;     // a warp is granted ...");
    vgen_line(v, "wire [WARP_W-1:0]          s_warp;      // ... this one");
    if (m->op_stage) {
        vgen_line(v, "// the operand-read stage");
        vgen_line(v, "reg                        op_valid_q;  // the warp granted in the last cycle ...");
        vgen_line(v, "reg  [WARP_W-1:0]          op_warp_q;   // ... this one");
    }
    vgen_line(v, "// simtref_ibuffer");
    vgen_line(v, "wire                       ib_next;     // the fetched warp continues its last fetch ...");
    vgen_line(v, "wire [ADDR_W-1:0]          ib_next_pc;  // ... at this PC ...");
    vgen_line(v, "wire [LANES-1:0]           ib_next_mask; // ... with this mask");
    vgen_line(v, "// simtref_sm_reconv");
    if (m->pop)
        vgen_line(v, "wire                       rc_pop;      // threads re-converge");
    if (m->yield)
        vgen_line(v, "wire                       rc_yielded;  // the side at simt.bar waits");
    vgen_line(v, "wire                       rc_rd_valid; // the fetched warp has threads ...");
    vgen_line(v, "wire [PC_W-1:0]            rc_rd_pc;    // ... at this index ...");
    vgen_line(v, "wire [LANES-1:0]           rc_rd_mask;  // ... with this active mask");
    if (m->sp)
        vgen_line(v, "wire [LANES-1:0]           rc_rd_live;  // the fetched warp's live lanes");
    if (m->view) {
        vgen_line(v, "wire [NUM_WARPS*PC_W-1:0]  rc_view_pc;  // per warp: the stage's PC ...");
        vgen_line(v, "wire [NUM_WARPS*LANES-1:0] rc_view_mask; // ... and threads, for the issue check");
    }
    if (m->ics)
        vgen_line(v, "wire [NUM_WARPS-1:0]       rc_can_launch; // per warp: the stage can take its launch");
    if (m->harp) {
        vgen_line(v, "wire [FL-1:0]              rc_issuable;   // slot may issue");
        vgen_line(v, "wire [FL-1:0]              rc_fetchable;  // slot holds a warp");
        vgen_line(v, "wire [FL*LANES-1:0]        rc_fl_mask;    // per slot: its lanes ...");
        vgen_line(v, "wire [FL*LANES*TW-1:0]     rc_fl_tid;     // ... each lane's warp ...");
        vgen_line(v, "wire [FL*PC_W-1:0]         rc_fl_pc;      // ... and its PC");
        vgen_line(v, "wire [NUM_WARPS-1:0]       rc_can_launch; // per warp: the stage can take its launch");
    }
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    if (m->harp) {
        vgen_line(v, "wire [NUM_WARPS*LANES-1:0] rc_parked;     // views of the stage the rest of the SM reads");
        vgen_line(v, "wire [SL_CNT_W-1:0]        rc_sl_count;");
    }
    vgen_line(v, "wire [NUM_WARPS-1:0]       s_active;    // TLS's group: the ready vector holds it already");
    vgen_line(v, "wire                       ib_head_valid; // a granted warp is ready: its head is valid");
    vgen_line(v, "wire                       ib_rd_next, ib_refill;");
    vgen_line(v, "wire [ADDR_W-1:0]          ib_rd_next_pc;");
    vgen_line(v, "wire [LANES-1:0]           ib_rd_next_mask; // the fetch reads the second port");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
}

/* The launch choice of every mode (launch_choice()): the lowest warp
 * whose launch is pending and that the stage can take, at can[w] (the
 * stage's vector of the warps it can take a launch at; NULL: it takes one
 * at any warp), none while the operand-read stage holds a warp; the
 * launch's threads are the warp's lanes and start at the kernel's entry. */
static void emit_launch(struct vgen *v, const struct front_mode *m,
                        const char *can, const char *why,
                        enum rtl_defect defect)
{
    bool highest = defect == DEFECT_SM_FRONT_LAUNCH_HIGHEST;

    vgen_section(v, "Launch choice (launch_choice())");
    if (m->op_stage) {
        vgen_line(v, "// (none while a warp is in the operand-read stage: it takes the");
        vgen_line(v, "// stage's update port when it executes)");
    }
    vgen_line(v, "// The lowest warp whose launch is pending and that the stage can take:");
    vgen_line(v, "// %s.", why);
    if (highest) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the highest such warp is", rtl_defect_name(defect));
        vgen_line(v, "// chosen.");
    }
    vgen_line(v, "reg              launch_valid;");
    vgen_line(v, "reg [WARP_W-1:0] launch_warp;");
    vgen_line(v, "integer          lw;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "launch_valid = 1'b0;");
    vgen_line(v, "launch_warp  = {WARP_W{1'b0}};");
    if (highest)
        vgen_begin(v, "for (lw = 0; lw < NUM_WARPS; lw = lw + 1)");
    else
        vgen_begin(v, "for (lw = NUM_WARPS - 1; lw >= 0; lw = lw - 1)");
    vgen_begin(v, "if (launch_pending_i[lw]%s%s%s%s)", can ? " && " : "",
               can ? can : "", can ? "[lw]" : "",
               m->op_stage ? " && !op_valid_q" : "");
    vgen_line(v, "launch_valid = 1'b1;");
    vgen_line(v, "launch_warp  = lw[WARP_W-1:0];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "wire [LANES-1:0] launch_mask = warp_lanes_i[launch_warp*LANES +: LANES];");
    vgen_line(v, "assign launch_valid_o = launch_valid;");
    vgen_line(v, "assign launch_warp_o  = launch_warp;");
}

/* Under operand_read_cycles = 1 the operand-read stage: its register,
 * whether its warp executes now or waits, its outputs. */
static void emit_operand_stage(struct vgen *v, const struct front_mode *m)
{
    const struct vreg regs[] = {
        { "op_valid_q", "1'b0",              "op_valid_d" },
        { "op_warp_q",  "{WARP_W{1'b0}}",    "op_warp_d"  },
    };
    const char *ok = m->harp ? "slot_ready" : "issuable_i";

    vgen_section(v, "The operand-read stage (operand_read_cycles = 1)");
    vgen_line(v, "// The warp granted in the last cycle, whose registers that cycle's edge");
    vgen_line(v, "// read, executes now if its instruction still may issue (the issue");
    vgen_line(v, "// check asks as for an issue now); it waits on a hazard, the scheduler");
    vgen_line(v, "// granting none meanwhile, and is dropped when it no longer holds a");
    vgen_line(v, "// buffered instruction or %s.", m->harp ? "its slot may no longer issue"
                                                     : "may no longer issue but for a hazard (base_i)");
    if (m->harp)
        vgen_line(v, "wire op_base = op_valid_q && f_ready[op_warp_q] && slot_issuable[op_warp_q];");
    else
        vgen_line(v, "wire op_base = op_valid_q && f_ready[op_warp_q] && base_i[op_warp_q];");
    vgen_line(v, "wire op_exec = op_base && %s[op_warp_q];", ok);
    vgen_line(v, "wire op_wait = op_base && !%s[op_warp_q];", ok);
    vgen_line(v, "wire              op_valid_d = s_grant || op_wait;");
    vgen_line(v, "wire [WARP_W-1:0] op_warp_d  = s_grant ? s_warp : op_warp_q;");
    vgen_blank(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
    vgen_blank(v);
    vgen_line(v, "assign op_valid_o = op_valid_q;");
    vgen_line(v, "assign op_warp_o  = op_warp_q;");
    vgen_line(v, "assign exec_o     = op_exec;");
}

static void emit_ready(struct vgen *v, const struct front_mode *m)
{
    const char *ok = m->harp ? "slot_ready" : "issuable_i";

    if (m->op_stage)
        emit_operand_stage(v, m);
    vgen_section(v, "Ready vector and grant (ready_vector(), issue_grant())");
    if (!m->op_stage) {
        vgen_line(v, "// No warp issues in a cycle in which one launches.");
        vgen_line(v, "assign ready_o = f_ready & %s & {NUM_WARPS{!launch_valid}};", ok);
    } else {
        vgen_line(v, "// No warp issues in a cycle in which one launches; the operand-read");
        vgen_line(v, "// stage's warp is not ready, and while it waits no warp is.");
        vgen_line(v, "wire [NUM_WARPS-1:0] op_held = op_valid_q ? {{(NUM_WARPS-1){1'b0}}, 1'b1} << op_warp_q");
        vgen_line(v, "                                          : {NUM_WARPS{1'b0}};");
        vgen_line(v, "assign ready_o = f_ready & %s & ~op_held &", ok);
        vgen_line(v, "                 {NUM_WARPS{!launch_valid && !op_wait}};");
    }
    vgen_line(v, "assign grant_valid_o = s_grant;");
    vgen_line(v, "assign grant_warp_o  = s_warp;");
    vgen_line(v, "assign hd_ready_o    = f_ready;");
}

/* The flush's terms of the stage's outcome, by mode: "" or " || ...". */
static const char *flush_terms(const struct front_mode *m, bool with_pop)
{
    if (m->yield)
        return with_pop ? " || rc_pop || rc_yielded" : " || rc_yielded";
    if (m->pop && with_pop)
        return " || rc_pop";
    return "";
}

static void emit_update(struct vgen *v, const struct front_sizes *z,
                        const struct front_mode *m, enum rtl_defect defect)
{
    char pad[160], addr[200];
    unsigned pw = z->st.pc_w, aw = z->ib.pc_w;

    vgen_section(v, "The stage's update and the flushes (execute_granted())");
    vgen_line(v, "localparam [1:0] UPD_NONE = 2'd0, UPD_LAUNCH = 2'd1, UPD_EXEC = 2'd2;");
    vgen_line(v, "wire [1:0]        u_op   = launch_valid ? UPD_LAUNCH");
    vgen_line(v, "                         : %s && issued_i ? UPD_EXEC : UPD_NONE;", m->xv);
    vgen_line(v, "wire [WARP_W-1:0] u_warp = launch_valid ? launch_warp : %s;", m->xw);
    if (m->pc)
        vgen_line(v, "wire [PC_W-1:0]   u_pc   = launch_valid ? entry_pc_i : exec_pc_i;");
    vgen_line(v, "wire [LANES-1:0]  u_mask = launch_valid ? launch_mask : exec_mask_i;");
    if (m->lanes && !m->harp) {
        vgen_line(v, "// A launch's threads start at the kernel's entry.");
        vgen_line(v, "wire [LANES*PC_W-1:0] u_lane_pc = launch_valid ? {LANES{entry_pc_i}} : lane_pc_i;");
    }
    vgen_blank(v);
    if (defect == DEFECT_SM_FRONT_NO_FLUSH_ON_POP && m->pop) {
        vgen_line(v, "// DELIBERATE DEFECT (sm-front-no-flush-on-pop): a pop does not flush");
        vgen_line(v, "// the warp, whose I-buffer keeps instructions fetched with its old mask.");
        vgen_line(v, "wire exec_flush = %s && (issued_i || stale_i) &&", m->xv);
        vgen_line(v, "                  (control_i%s);", flush_terms(m, false));
    } else {
        vgen_line(v, "// The %s warp's instruction changes its PC or mask otherwise than",
                  m->op_stage ? "executed" : "granted");
        vgen_line(v, "// by falling through: what its I-buffer holds is dropped.");
        vgen_line(v, "wire exec_flush = %s && (issued_i || stale_i) &&", m->xv);
        vgen_line(v, "                  (control_i%s);", flush_terms(m, true));
    }
    vgen_line(v, "wire             flush = launch_valid || exec_flush;");
    vgen_line(v, "wire [WARP_W-1:0] flush_warp = exec_flush ? %s", m->xw);
    vgen_line(v, "                             : launch_valid ? launch_warp : {WARP_W{1'b0}};");
    vgen_line(v, "assign flush_valid_o = flush;");
    vgen_line(v, "assign flush_warp_o  = flush_warp;");
    vgen_blank(v);
    vgen_line(v, "// The warps the fetch unit empties on the edge for not being fetchable");
    vgen_line(v, "// while they hold an entry: a valid slot or a fetch in flight");
    vgen_line(v, "// (fetch_emptied()); the I-buffer data drops them as by a flush.");
    vgen_line(v, "reg  [NUM_WARPS-1:0] emptied;");
    vgen_line(v, "integer ew;");
    vgen_begin(v, "always @*");
    vgen_begin(v, "for (ew = 0; ew < NUM_WARPS; ew = ew + 1)");
    vgen_line(v, "emptied[ew] = !%s[ew] &&", m->harp ? "warp_valid" : "fetchable_i");
    vgen_line(v, "              (f_slot_v[ew*SLOTS +: SLOTS] != {SLOTS{1'b0}} ||");
    vgen_line(v, "               f_inflight[ew*CNT_W +: CNT_W] != {CNT_W{1'b0}});");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// The fetch's PC and mask: the I-buffer's next when the fetched warp");
    vgen_line(v, "// continues its last fetch, else the stage's (index to byte address).");
    if (pw + 2 <= aw) {
        char inner[64];
        snprintf(inner, sizeof inner, "{rc_rd_pc, 2'b00}");
        vgen_zext(pad, sizeof pad, aw - pw - 2, "ADDR_W-PC_W-2", inner);
        snprintf(addr, sizeof addr, "%s", pad);
    } else {
        snprintf(addr, sizeof addr, "{rc_rd_pc[ADDR_W-3:0], 2'b00}");
        vgen_line(v, "// (an index wider than the byte address keeps its low bits, as the");
        vgen_line(v, "// C's 32-bit sum does)");
    }
    vgen_line(v, "wire [ADDR_W-1:0] rc_rd_addr = text_lo_i + %s;", addr);
    vgen_line(v, "assign fetch_pc_o   = ib_next ? ib_next_pc");
    vgen_line(v, "                    : rc_rd_valid ? rc_rd_addr : {ADDR_W{1'b0}};");
    if (m->sp) {
        vgen_line(v, "// The stage selects among the fetched warp's live threads, after this");
        vgen_line(v, "// cycle's launch or executed instruction when it is that warp's.");
        vgen_line(v, "assign rc_rd_live = u_op == UPD_LAUNCH && u_warp == fetch_warp_o ? u_mask");
        vgen_line(v, "                  : u_op == UPD_EXEC && u_warp == fetch_warp_o ? live_i");
        vgen_line(v, "                  : warp_live_i[fetch_warp_o*LANES +: LANES];");
    }
    if (defect == DEFECT_SM_FRONT_FETCH_LIVE_MASK && m->sp) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the fetch takes the warp's", rtl_defect_name(defect));
        vgen_line(v, "// live lanes as its mask, not the stage's active mask.");
        vgen_line(v, "assign fetch_mask_o = ib_next ? ib_next_mask");
        vgen_line(v, "                    : rc_rd_valid ? rc_rd_live : {LANES{1'b0}};");
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire [LANES-1:0] unused_rd_mask = rc_rd_mask;");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    } else {
        vgen_line(v, "assign fetch_mask_o = ib_next ? ib_next_mask");
        vgen_line(v, "                    : rc_rd_valid ? rc_rd_mask : {LANES{1'b0}};");
    }
    if (pw + 2 > aw) {
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire unused_pc_bits = ^rc_rd_pc[PC_W-1:ADDR_W-2];");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    }
    if (m->pop)
        vgen_line(v, "assign pop_o     = rc_pop;");
    if (m->yield)
        vgen_line(v, "assign yielded_o = rc_yielded;");
}

/* Every warp's view for the issue check (sm_issue_threads()): whether the
 * stage lets it issue, whether the stage holds it at another PC than its
 * oldest slot's (stale), and the lanes the slot's instruction runs (under
 * harp each First-Level slot's, emit_sm_front_harp_views()). */
static void emit_views(struct vgen *v, const struct front_sizes *z,
                       const struct front_mode *m)
{
    char addr[200], at[64];
    bool narrow = z->st.pc_w + 2 > z->ib.pc_w;  /* the index wider than
                                                 * the byte address */

    if (m->harp) {
        snprintf(at, sizeof at, "{rc_fl_pc[gv*PC_W +: %s], 2'b00}",
                 narrow ? "ADDR_W-2" : "PC_W");
        if (!narrow)
            vgen_zext(addr, sizeof addr, z->ib.pc_w - z->st.pc_w - 2,
                      "ADDR_W-PC_W-2", at);
        else
            snprintf(addr, sizeof addr, "%s", at);
        emit_sm_front_harp_views(v, z->wt.tw,
                                 z->f.warps > 1 ? clog2(z->f.warps) : 1,
                                 addr, narrow);
        return;
    }
    vgen_section(v, "Every warp's view for the issue check (sm_issue_threads())");
    if (m->sbr) {
        vgen_line(v, "// The SBR stacks let every warp issue and hold it where its slots");
        vgen_line(v, "// are: the slot's mask, its threads that are live.");
        vgen_line(v, "assign view_ok_o    = {NUM_WARPS{1'b1}};");
        vgen_line(v, "assign view_stale_o = {NUM_WARPS{1'b0}};");
        vgen_line(v, "assign view_mask_o  = hd_mask_o & warp_live_i;");
        return;
    }
    if (!m->ics)
        vgen_line(v, "assign view_ok_o = {NUM_WARPS{1'b1}};   // minpc lets every warp issue");
    vgen_line(v, "// A slot is stale when the stage selects another PC for its warp now");
    vgen_line(v, "// (index to byte address, as the fetch's); the instruction runs the");
    vgen_line(v, "// stage's threads that are live.");
    if (!narrow)
        vgen_zext(addr, sizeof addr, z->ib.pc_w - z->st.pc_w - 2,
                  "ADDR_W-PC_W-2", "{rc_view_pc[gv*PC_W +: PC_W], 2'b00}");
    else
        snprintf(addr, sizeof addr, "{rc_view_pc[gv*PC_W +: ADDR_W-2], 2'b00}");
    vgen_line(v, "genvar gv;");
    vgen_generate(v);
    vgen_begin_named(v, "g_view", "for (gv = 0; gv < NUM_WARPS; gv = gv + 1)");
    vgen_line(v, "wire [ADDR_W-1:0] pc = text_lo_i + %s;", addr);
    vgen_line(v, "assign view_stale_o[gv] = hd_valid_o[gv] && hd_pc_o[gv*ADDR_W +: ADDR_W] != pc;");
    vgen_line(v, "assign view_mask_o[gv*LANES +: LANES] = rc_view_mask[gv*LANES +: LANES] &");
    vgen_line(v, "                                        warp_live_i[gv*LANES +: LANES];");
    if (narrow) {
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire unused_view_pc = ^rc_view_pc[gv*PC_W + ADDR_W-2 +: PC_W-ADDR_W+2];");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    }
    vgen_end(v);
    vgen_endgenerate(v);
}

/* The fill the fetch unit takes and the scoreboard's clear, from the
 * fetch unit's state (what sm_cycle() computes between the stages). */
static void emit_fill_and_clear(struct vgen *v, const struct front_mode *m)
{
    const char *wv = m->harp ? "warp_valid" : "fetchable_i";

    vgen_section(v, "The instruction memory's answer and the scoreboard's clear");
    vgen_line(v, "// The memory answers every fetch a cycle later; a warp flushed since");
    vgen_line(v, "// has no fetch in flight, and its answer is dropped.");
    vgen_line(v, "wire fill = fill_valid_i && f_inflight[fill_warp_i*CNT_W +: CNT_W] != {CNT_W{1'b0}};");
    vgen_blank(v);
    vgen_line(v, "// One unready slot a cycle becomes ready (scoreboard_pick()): the lowest");
    vgen_line(v, "// warp holding a valid slot not yet ready, neither flushed now nor");
    vgen_line(v, "// emptied for not being fetchable.");
    vgen_line(v, "reg  [NUM_WARPS-1:0] unready;   // a valid slot not ready");
    vgen_line(v, "reg                  rdy;");
    vgen_line(v, "reg  [WARP_W-1:0]    rdy_warp;");
    vgen_line(v, "integer rw;");
    vgen_begin(v, "always @*");
    vgen_line(v, "rdy      = 1'b0;");
    vgen_line(v, "rdy_warp = {WARP_W{1'b0}};");
    vgen_begin(v, "for (rw = NUM_WARPS - 1; rw >= 0; rw = rw - 1)");
    vgen_line(v, "unready[rw] = (f_slot_v[rw*SLOTS +: SLOTS] & ~f_slot_r[rw*SLOTS +: SLOTS]) != {SLOTS{1'b0}};");
    vgen_begin(v, "if (unready[rw] && %s[rw] && !(flush && flush_warp == rw[WARP_W-1:0]))", wv);
    vgen_line(v, "rdy      = 1'b1;");
    vgen_line(v, "rdy_warp = rw[WARP_W-1:0];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "assign rdy_valid_o = rdy;");
    vgen_line(v, "assign rdy_warp_o  = rdy_warp;");
}

static void emit_fetch_unit(struct vgen *v, const struct front_mode *m)
{
    const struct vconn params[] = {
        { "NUM_WARPS", "NUM_WARPS", NULL },
        { "SLOTS",     "SLOTS",     NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "fill_valid_i",  "fill",          "a fill of a fetch still in flight" },
        VCONN_SAME("fill_warp_i"),
        { "issue_valid_i", m->xv,
          m->op_stage ? "the execution: the oldest slot leaves"
                      : "the grant: the oldest slot leaves" },
        { "issue_warp_i",  m->xw,           NULL },
        { "rdy_valid_i",   "rdy",           NULL },
        { "rdy_warp_i",    "rdy_warp",      NULL },
        { "flush_valid_i", "flush",         NULL },
        { "flush_warp_i",  "flush_warp",    NULL },
        { "warp_valid_i",  m->harp ? "warp_valid" : "fetchable_i", NULL },
        { "next_valid_i",  "s_grant",       "cff: the warp granted now" },
        { "next_warp_i",   "s_warp",        NULL },
        VCONN_SAME("fetch_valid_o"),
        VCONN_SAME("fetch_warp_o"),
        { "ready_o",       "f_ready",       NULL },
        { "slot_v_o",      "f_slot_v",      NULL },
        { "slot_r_o",      "f_slot_r",      NULL },
        { "inflight_o",    "f_inflight",    NULL },
        { "err_o",         "fetch_err_o",   NULL },
    };

    vgen_section(v, "The fetch unit: the I-buffer's valid and ready bits, the fetch policy");
    vgen_instance(v, "simtref_fetch", "u_fetch", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

static void emit_ibuffer_data(struct vgen *v, const struct front_mode *m)
{
    const struct vconn params[] = {
        { "NUM_WARPS", "NUM_WARPS", NULL },
        { "SLOTS",     "SLOTS",     NULL },
        { "PC_W",      "ADDR_W",    NULL },
        { "LANES",     "LANES",     NULL },
        { "WORD_W",    "32",        NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "clear_i",       m->harp ? "{NUM_WARPS{1'b0}}" : "clear_i",
          m->harp ? "no placement clears a slot under harp" : NULL },
        { "flush_valid_i", "flush",         NULL },
        { "flush_warp_i",  "flush_warp",    NULL },
        { "issue_valid_i", m->xv,           NULL },
        { "issue_warp_i",  m->xw,           NULL },
        { "fill_valid_i",  "fill",          NULL },
        VCONN_SAME("fill_warp_i"),
        VCONN_SAME("fill_word_i"),
        { "fetch_valid_i", "fetch_valid_o", NULL },
        { "fetch_warp_i",  "fetch_warp_o",  NULL },
        { "fetch_pc_i",    "fetch_pc_o",    NULL },
        { "fetch_mask_i",  "fetch_mask_o",  NULL },
        { "empty_i",       "emptied",       NULL },
        { "rd_warp_i",     "s_warp",        "the issue reads the granted warp's head" },
        { "head_valid_o",  "ib_head_valid", NULL },
        { "head_pc_o",     "issue_pc_o",    NULL },
        { "head_mask_o",   "issue_mask_o",  NULL },
        { "head_word_o",   "issue_word_o",  NULL },
        { "next_valid_o",  "ib_rd_next",    NULL },
        { "next_pc_o",     "ib_rd_next_pc", NULL },
        { "next_mask_o",   "ib_rd_next_mask", NULL },
        { "refill_o",      "ib_refill",     NULL },
        { "frd_warp_i",    "fetch_warp_o",  "the fetch reads the fetched warp's next" },
        { "frd_valid_o",   "ib_next",       NULL },
        { "frd_pc_o",      "ib_next_pc",    NULL },
        { "frd_mask_o",    "ib_next_mask",  NULL },
        VCONN_SAME("hd_valid_o"),
        VCONN_SAME("hd_pc_o"),
        VCONN_SAME("hd_mask_o"),
        VCONN_SAME("hd_word_o"),
    };

    vgen_section(v, "The I-buffer data: the fetched PCs, masks and words");
    vgen_instance(v, "simtref_ibuffer", "u_ibuffer", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

static void emit_sched(struct vgen *v, const struct front_mode *m)
{
    const struct vconn params[] = {
        { "NUM_WARPS", "NUM_WARPS", NULL },
        { "NUM_TBS",   "NUM_TBS",   NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "ready_i",       "ready_o",      NULL },
        { "warp_tb_i",     m->harp ? "slot_tb" : "warp_tb_i", NULL },
        VCONN_SAME("tb_rank_i"),
        { "long_i",        m->harp ? "slot_long" : "long_i", NULL },
        VCONN_SAME("tb_wait_i"),
        { "active_o",      "s_active",     NULL },
        { "grant_valid_o", "s_grant",      NULL },
        { "grant_warp_o",  "s_warp",       NULL },
        { "err_o",         "sched_err_o",  NULL },
    };

    vgen_section(v, "The issue scheduler");
    vgen_instance(v, "simtref_scheduler", "u_sched", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

/* One connection appended to an instance's list. */
static void conn(struct vconn *c, size_t *n, const char *port,
                 const char *expr, const char *comment)
{
    c[(*n)++] = (struct vconn){ port, expr, comment };
}

static void emit_stage(struct vgen *v, const struct front_mode *m)
{
    struct vconn params[8], c[40];
    size_t np = 0, n = 0;

    if (m->harp) {
        emit_sm_front_harp_stage(v);
        return;
    }

    conn(params, &np, "NUM_WARPS", "NUM_WARPS", NULL);
    if (m->sbr)
        conn(params, &np, "DEPTH", "DEPTH", NULL);
    conn(params, &np, "LANES", "LANES", NULL);
    if (m->ics)
        conn(params, &np, "LEVELS", "LEVELS", NULL);
    conn(params, &np, "PC_W", "PC_W", NULL);
    if (m->sp) {
        conn(params, &np, "SP_W", "SP_W", NULL);
        conn(params, &np, "OFF_W", "OFF_W", NULL);
        conn(params, &np, "ADDR_W", "ARB_ADDR_W", NULL);
        conn(params, &np, "LINE_BYTES", "LINE_BYTES", NULL);
    }

    conn(c, &n, "clk_i", "clk_i", NULL);
    conn(c, &n, "rst_ni", "rst_ni", NULL);
    if (m->sbr)
        conn(c, &n, "exit_pc_i", "exit_pc_i", NULL);
    conn(c, &n, "op_i", "u_op", NULL);
    conn(c, &n, "warp_i", "u_warp", NULL);
    if (m->pc)
        conn(c, &n, "pc_i", "u_pc", NULL);
    conn(c, &n, "mask_i", "u_mask", NULL);
    if (m->sbr) {
        conn(c, &n, "split_i", "split_i", NULL);
        conn(c, &n, "taken_i", "taken_i", NULL);
        conn(c, &n, "tpc_i", "tpc_i", NULL);
        conn(c, &n, "npc_i", "npc_i", NULL);
    }
    if (m->live)
        conn(c, &n, "live_i", "live_i", NULL);
    conn(c, &n, "bar_i", "bar_i", NULL);
    if (m->exit)
        conn(c, &n, "exit_i", "exit_i", NULL);
    if (m->ics) {
        conn(c, &n, "prio_i", "prio_i", NULL);
        conn(c, &n, "action_i", "action_i", NULL);
    }
    if (m->sbr) {
        conn(c, &n, "call_i", "call_i", NULL);
        conn(c, &n, "ret_i", "ret_i", NULL);
        conn(c, &n, "rpc_valid_i", "rpc_valid_i", NULL);
        conn(c, &n, "rpc_i", "rpc_i", NULL);
        conn(c, &n, "late_i", "late_i", NULL);
    }
    if (m->lanes)
        conn(c, &n, "lane_pc_i", "u_lane_pc", NULL);
    if (m->sp)
        conn(c, &n, "lane_off_i", "lane_off_i", NULL);
    if (m->lanes)
        conn(c, &n, "release_i", "release_i", NULL);
    conn(c, &n, "rd_warp_i", "fetch_warp_o", "the fetch reads the fetched warp");
    if (m->sp)
        conn(c, &n, "rd_live_i", "rc_rd_live", NULL);
    conn(c, &n, "rd_valid_o", "rc_rd_valid", NULL);
    conn(c, &n, "rd_pc_o", "rc_rd_pc", NULL);
    conn(c, &n, "rd_mask_o", "rc_rd_mask", NULL);
    if (m->sp)
        conn(c, &n, "view_live_i", "warp_live_i", NULL);
    if (m->ics)
        conn(c, &n, "view_ok_o", "view_ok_o", NULL);
    if (m->ics)
        conn(c, &n, "can_launch_o", "rc_can_launch", NULL);
    if (m->ics || m->sp)
        conn(c, &n, "all_barrier_o", "all_barrier_o", "the SM's arrival by state");
    if (m->view) {
        conn(c, &n, "view_pc_o", "rc_view_pc", NULL);
        conn(c, &n, "view_mask_o", "rc_view_mask", NULL);
    }
    if (m->pop) {
        conn(c, &n, "pop_o", "rc_pop", NULL);
        conn(c, &n, "exited_o", "exited_o", NULL);
    }
    if (m->yield)
        conn(c, &n, "yielded_o", "rc_yielded", NULL);
    conn(c, &n, "err_o", "rc_err_o", NULL);

    vgen_section(v, m->sbr ? "The control-flow stage: the warps' SBR stacks"
                 : m->sp ? "The control-flow stage: an arbiter per warp over its threads"
                 : "The control-flow stage: an ICS-First module per warp");
    vgen_instance(v, "simtref_sm_reconv", "u_reconv", params, np, c, n);
}

void emit_sm_front(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect)
{
    struct front_sizes z;
    struct front_mode m = front_mode_of(cfg);

    fetch_geometry(cfg, &z.f);
    ibuffer_geometry(cfg, &z.ib);
    scheduler_geometry(cfg, &z.sc);
    sbr_stack_geometry(cfg, &z.st);
    arbiter_geometry(cfg, &z.arb);
    ics_first_geometry(cfg, &z.ics);
    warp_tables_geometry(cfg, &z.wt);
    emit_sm_front_header(v, cfg, &z, &m);
    emit_wires(v, &m);
    emit_launch(v, &m, m.ics || m.harp ? "rc_can_launch" : NULL,
                m.harp ? "none of its threads is still a member of an RBT barrier"
                : m.ics ? "every thread of its ICS-First module Idle"
                : "the stage takes a launch at any warp", defect);
    if (m.harp)
        emit_sm_front_harp_slots(v, z.f.warps, z.wt.fl, defect);
    emit_ready(v, &m);
    emit_update(v, &z, &m, defect);
    emit_views(v, &z, &m);
    emit_fill_and_clear(v, &m);
    emit_fetch_unit(v, &m);
    emit_ibuffer_data(v, &m);
    emit_sched(v, &m);
    emit_stage(v, &m);
    vgen_module_end(v, "simtref_sm_front");
}
