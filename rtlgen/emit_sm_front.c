/*
 * emit_sm_front.c -- simtref_sm_front: one warp scheduler's front end
 * under sbr, composed of four modules as golden/sm/sm.c composes their
 * models in sm_cycle(): the fetch unit (simtref_fetch: the I-buffer's
 * valid and ready bits, the fetch policy), the I-buffer data
 * (simtref_ibuffer: the fetched PCs and masks), the issue scheduler
 * (simtref_scheduler) and the control-flow stage (simtref_sm_reconv, the
 * SBR stacks).  The wires between them are sm.c's: the ready vector
 * (ready_vector()), the grant (issue_grant()), the stage's update, the
 * flushes and the PC and mask the fetch reads (execute_granted()), the
 * I-buffer's events and the warps the fetch unit empties
 * (scheduler_edge(), ibuffer_edge()).  What the rest of the SM decides
 * (the scoreboard, the SIMD groups, the warp and TB state, the I-cache,
 * the datapath) comes in as inputs.
 */
#include "rtlgen.h"
#include "fetch.h"
#include "ibuffer.h"
#include "sbr_stack.h"
#include "scheduler.h"

#include <stdio.h>

/* The sizes of the four parts, as their emitters take them. */
struct front_sizes {
    struct fetch_geometry f;
    struct ibuffer_geometry ib;
    struct scheduler_geometry sc;
    struct sbr_stack_geometry st;
};

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct front_sizes *z)
{
    char warp_w[64];
    const struct vparam params[] = {
        { "NUM_WARPS", z->f.warps,   NULL, "warps of this scheduler" },
        { "SLOTS",     z->f.slots,   NULL, "I-buffer slots per warp" },
        { "LANES",     z->st.lanes,  NULL, "threads per warp: mask width" },
        { "NUM_TBS",   z->sc.tbs,    NULL, "thread blocks resident per SM" },
        { "DEPTH",     z->st.depth,  NULL, "entries per warp stack (sbr_stack_depth)" },
        { "PC_W",      z->st.pc_w,   NULL, "the stage's PC: an instruction's index in the text" },
        { "ADDR_W",    z->ib.pc_w,   NULL, "the fetch's PC: a byte address" },
        { NULL, 0, NULL, "Derived widths" },
        { "WARP_W",  0, warp_w, "warp id" },
        { "TB_W",    0, "$clog2(NUM_TBS)", "thread block id and MWF rank" },
        { "CNT_W",   0, "$clog2(SLOTS + 1)", "fetches in flight of a warp, 0..SLOTS" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                     "clk_i",        "clock" },
        { "input",  "",                     "rst_ni",       "asynchronous reset, active low" },
        { NULL, NULL, NULL, "The kernel: constant while it runs" },
        { "input",  "[PC_W-1:0]",           "exit_pc_i",    "its exit PC (index): each warp's last re-convergence PC" },
        { "input",  "[ADDR_W-1:0]",         "text_lo_i",    "the byte address of index 0 of its text" },
        { NULL, NULL, NULL, "Placement (the TB dispatcher): warps whose I-buffer data is forgotten" },
        { "input",  "[NUM_WARPS-1:0]",      "clear_i",      "a new warp takes the slot" },
        { NULL, NULL, NULL, "Warps: from the warp and TB state, the scoreboard, the SIMD groups" },
        { "input",  "[NUM_WARPS-1:0]",      "issuable_i",   "launched, not at the barrier, no hazard on its buffered instruction" },
        { "input",  "[NUM_WARPS-1:0]",      "fetchable_i",  "resident, launched, a live thread: may be fetched for" },
        { "input",  "[NUM_WARPS*TB_W-1:0]", "warp_tb_i",    "thread block of each warp" },
        { "input",  "[NUM_WARPS-1:0]",      "long_i",       "warp waits on a long-latency operation (TLS)" },
        { NULL, NULL, NULL, "Thread blocks: from the WPT" },
        { "input",  "[NUM_TBS*TB_W-1:0]",   "tb_rank_i",    "rank of each TB (MWF); 0 = first" },
        { "input",  "[NUM_TBS-1:0]",        "tb_wait_i",    "warps of the TB wait at its barrier (SAWS)" },
        { NULL, NULL, NULL, "Launch: a placed warp starts (no issue in its cycle)" },
        { "input",  "",                     "launch_valid_i", "a warp launches ..." },
        { "input",  "[WARP_W-1:0]",         "launch_warp_i",  "... this one ..." },
        { "input",  "[PC_W-1:0]",           "launch_pc_i",    "... at this entry (index) ..." },
        { "input",  "[LANES-1:0]",          "launch_mask_i",  "... with these threads" },
        { NULL, NULL, NULL, "Events of the I-cache and the scoreboard" },
        { "input",  "",                     "fill_valid_i", "a fetch returns ..." },
        { "input",  "[WARP_W-1:0]",         "fill_warp_i",  "... for this warp" },
        { "input",  "",                     "rdy_valid_i",  "the scoreboard clears ..." },
        { "input",  "[WARP_W-1:0]",         "rdy_warp_i",   "... this warp's oldest unready instruction" },
        { NULL, NULL, NULL, "The granted warp's instruction, as the datapath executed it" },
        { "input",  "",                     "issued_i",     "it ran on its lanes ..." },
        { "input",  "",                     "stale_i",      "... or its slot was stale and dropped" },
        { "input",  "",                     "control_i",    "not a plain fall-through: a jump, a split or an exit" },
        { "input",  "[PC_W-1:0]",           "exec_pc_i",    "its PC (index)" },
        { "input",  "[LANES-1:0]",          "exec_mask_i",  "the lanes that ran it" },
        { "input",  "",                     "split_i",      "a conditional branch, or an indirect jump with an RPC" },
        { "input",  "[LANES-1:0]",          "taken_i",      "split: the lanes going to tpc_i" },
        { "input",  "[PC_W-1:0]",           "tpc_i",        "split: where the taken lanes go" },
        { "input",  "[PC_W-1:0]",           "npc_i",        "where the (other) lanes go" },
        { "input",  "[LANES-1:0]",          "live_i",       "the warp's live lanes after it" },
        { "input",  "",                     "bar_i",        "the instruction was simt.bar" },
        { "input",  "",                     "exit_i",       "... simt.exit" },
        { "input",  "",                     "call_i",       "side-band: a call through ra" },
        { "input",  "",                     "ret_i",        "side-band: a return (jalr x0, 0(ra))" },
        { "input",  "",                     "rpc_valid_i",  "side-band: a branch of the program's table ..." },
        { "input",  "[PC_W-1:0]",           "rpc_i",        "... re-converging here for the stack" },
        { "input",  "[1:0]",                "late_i",       "side-band: the side reaching simt.bar first (1 taken, 2 fall-through)" },
        { NULL, NULL, NULL, "Issue" },
        { "output", "[NUM_WARPS-1:0]",      "ready_o",      "ready vector: buffered, ready, issuable, no launch" },
        { "output", "",                     "grant_valid_o", "a warp issues ..." },
        { "output", "[WARP_W-1:0]",         "grant_warp_o", "... this one (0 when none) ..." },
        { "output", "[ADDR_W-1:0]",         "issue_pc_o",   "... its oldest slot's PC ..." },
        { "output", "[LANES-1:0]",          "issue_mask_o", "... and mask" },
        { NULL, NULL, NULL, "Fetch" },
        { "output", "",                     "fetch_valid_o", "fetch one instruction ..." },
        { "output", "[WARP_W-1:0]",         "fetch_warp_o", "... for this warp (0 when none) ..." },
        { "output", "[ADDR_W-1:0]",         "fetch_pc_o",   "... at this PC ..." },
        { "output", "[LANES-1:0]",          "fetch_mask_o", "... with this mask" },
        { "output", "",                     "flush_valid_o", "a launch or a control transfer flushes ..." },
        { "output", "[WARP_W-1:0]",         "flush_warp_o", "... this warp's I-buffer (0 when none)" },
        { NULL, NULL, NULL, "What the stage's update does" },
        { "output", "",                     "pop_o",        "threads re-converge" },
        { "output", "",                     "exited_o",     "the warp's last path ended" },
        { "output", "",                     "yielded_o",    "the threads at simt.bar wait below their sibling" },
        { NULL, NULL, NULL, "Errors" },
        { "output", "",                     "rc_err_o",     "the stage refused the update" },
        { "output", "",                     "fetch_err_o",  "the fetch unit refused an event" },
        { "output", "",                     "sched_err_o",  "the scheduler's input contract was violated" },
    };

    snprintf(warp_w, sizeof warp_w, "%s",
             z->f.warps > 1 ? "$clog2(NUM_WARPS)" : "1");
    emit_file_header(v, "simtref_sm_front.v",
                     "one warp scheduler's front end (sbr)",
                     "docs/architecture.md; C model: golden/sm/sm.c (sm_cycle()).",
                     cfg);
    vgen_line(v, "// The fetch unit, the I-buffer data, the issue scheduler and the");
    vgen_line(v, "// control-flow stage of one warp scheduler, wired as the C SM composes");
    vgen_line(v, "// their models.  A warp is ready when its oldest I-buffer slot is valid");
    vgen_line(v, "// and ready, the rest of the SM finds it issuable and no warp launches;");
    vgen_line(v, "// the scheduler grants one, whose instruction the datapath executes; the");
    vgen_line(v, "// stage takes the launch or the executed outcome.  A launch flushes the");
    vgen_line(v, "// launched warp, an issued or stale instruction that transfers control,");
    vgen_line(v, "// pops or yields flushes the granted warp.  The fetch reads the I-buffer's");
    vgen_line(v, "// next PC and mask of the fetched warp when it continues its last fetch,");
    vgen_line(v, "// else the stage's PC and active mask of that warp.");
    vgen_line(v, "// Storage: that of the four modules; the composition adds none.");
    vgen_blank(v);
    vgen_module_begin(v, "simtref_sm_front", params,
                      sizeof params / sizeof params[0], ports,
                      sizeof ports / sizeof ports[0]);
}

static void emit_wires(struct vgen *v)
{
    vgen_section(v, "Wires between the parts");
    vgen_line(v, "// simtref_fetch");
    vgen_line(v, "wire [NUM_WARPS-1:0]       f_ready;     // oldest slot valid and ready");
    vgen_line(v, "wire [NUM_WARPS*SLOTS-1:0] f_slot_v;    // slots' valid bits, warp-major");
    vgen_line(v, "wire [NUM_WARPS*CNT_W-1:0] f_inflight;  // fetches in flight per warp");
    vgen_line(v, "// simtref_scheduler");
    vgen_line(v, "wire                       s_grant;     // a warp is granted ...");
    vgen_line(v, "wire [WARP_W-1:0]          s_warp;      // ... this one");
    vgen_line(v, "// simtref_ibuffer");
    vgen_line(v, "wire                       ib_next;     // the fetched warp continues its last fetch ...");
    vgen_line(v, "wire [ADDR_W-1:0]          ib_next_pc;  // ... at this PC ...");
    vgen_line(v, "wire [LANES-1:0]           ib_next_mask; // ... with this mask");
    vgen_line(v, "// simtref_sm_reconv");
    vgen_line(v, "wire                       rc_pop, rc_yielded;");
    vgen_line(v, "wire                       rc_rd_valid; // the fetched warp has threads ...");
    vgen_line(v, "wire [PC_W-1:0]            rc_rd_pc;    // ... at this index ...");
    vgen_line(v, "wire [LANES-1:0]           rc_rd_mask;  // ... with this active mask");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire [NUM_WARPS*SLOTS-1:0] f_slot_r;    // ready bits: ready_o gives what issue reads");
    vgen_line(v, "wire [NUM_WARPS-1:0]       s_active;    // TLS's group: the ready vector holds it already");
    vgen_line(v, "wire                       ib_head_valid; // a granted warp is ready: its head is valid");
    vgen_line(v, "wire                       ib_rd_next, ib_refill;");
    vgen_line(v, "wire [ADDR_W-1:0]          ib_rd_next_pc;");
    vgen_line(v, "wire [LANES-1:0]           ib_rd_next_mask; // the fetch reads the second port");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
}

static void emit_ready(struct vgen *v)
{
    vgen_section(v, "Ready vector and grant (ready_vector(), issue_grant())");
    vgen_line(v, "// No warp issues in a cycle in which one launches.");
    vgen_line(v, "assign ready_o = f_ready & issuable_i & {NUM_WARPS{!launch_valid_i}};");
    vgen_line(v, "assign grant_valid_o = s_grant;");
    vgen_line(v, "assign grant_warp_o  = s_warp;");
}

static void emit_update(struct vgen *v, const struct front_sizes *z,
                        enum rtl_defect defect)
{
    char pad[160], addr[200];
    unsigned pw = z->st.pc_w, aw = z->ib.pc_w;

    vgen_section(v, "The stage's update and the flushes (execute_granted())");
    vgen_line(v, "localparam [1:0] UPD_NONE = 2'd0, UPD_LAUNCH = 2'd1, UPD_EXEC = 2'd2;");
    vgen_line(v, "wire [1:0]        u_op   = launch_valid_i ? UPD_LAUNCH");
    vgen_line(v, "                         : s_grant && issued_i ? UPD_EXEC : UPD_NONE;");
    vgen_line(v, "wire [WARP_W-1:0] u_warp = launch_valid_i ? launch_warp_i : s_warp;");
    vgen_line(v, "wire [PC_W-1:0]   u_pc   = launch_valid_i ? launch_pc_i : exec_pc_i;");
    vgen_line(v, "wire [LANES-1:0]  u_mask = launch_valid_i ? launch_mask_i : exec_mask_i;");
    vgen_blank(v);
    if (defect == DEFECT_SM_FRONT_NO_FLUSH_ON_POP) {
        vgen_line(v, "// DELIBERATE DEFECT (sm-front-no-flush-on-pop): a pop does not flush");
        vgen_line(v, "// the warp, whose I-buffer keeps instructions fetched with its old mask.");
        vgen_line(v, "wire exec_flush = s_grant && (issued_i || stale_i) &&");
        vgen_line(v, "                  (control_i || rc_yielded);");
    } else {
        vgen_line(v, "// The granted warp's instruction changes its PC or mask otherwise than");
        vgen_line(v, "// by falling through: what its I-buffer holds is dropped.");
        vgen_line(v, "wire exec_flush = s_grant && (issued_i || stale_i) &&");
        vgen_line(v, "                  (control_i || rc_pop || rc_yielded);");
    }
    vgen_line(v, "wire             flush = launch_valid_i || exec_flush;");
    vgen_line(v, "wire [WARP_W-1:0] flush_warp = exec_flush ? s_warp");
    vgen_line(v, "                             : launch_valid_i ? launch_warp_i : {WARP_W{1'b0}};");
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
    vgen_line(v, "emptied[ew] = !fetchable_i[ew] &&");
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
    vgen_line(v, "assign fetch_mask_o = ib_next ? ib_next_mask");
    vgen_line(v, "                    : rc_rd_valid ? rc_rd_mask : {LANES{1'b0}};");
    if (pw + 2 > aw) {
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire unused_pc_bits = ^rc_rd_pc[PC_W-1:ADDR_W-2];");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    }
    vgen_line(v, "assign pop_o     = rc_pop;");
    vgen_line(v, "assign yielded_o = rc_yielded;");
}

static void emit_fetch_unit(struct vgen *v)
{
    const struct vconn params[] = {
        { "NUM_WARPS", "NUM_WARPS", NULL },
        { "SLOTS",     "SLOTS",     NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        VCONN_SAME("fill_valid_i"),
        VCONN_SAME("fill_warp_i"),
        { "issue_valid_i", "s_grant",       "the grant: the oldest slot leaves" },
        { "issue_warp_i",  "s_warp",        NULL },
        VCONN_SAME("rdy_valid_i"),
        VCONN_SAME("rdy_warp_i"),
        { "flush_valid_i", "flush",         NULL },
        { "flush_warp_i",  "flush_warp",    NULL },
        { "warp_valid_i",  "fetchable_i",   NULL },
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

static void emit_ibuffer_data(struct vgen *v)
{
    const struct vconn params[] = {
        { "NUM_WARPS", "NUM_WARPS", NULL },
        { "SLOTS",     "SLOTS",     NULL },
        { "PC_W",      "ADDR_W",    NULL },
        { "LANES",     "LANES",     NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        VCONN_SAME("clear_i"),
        { "flush_valid_i", "flush",         NULL },
        { "flush_warp_i",  "flush_warp",    NULL },
        { "issue_valid_i", "s_grant",       NULL },
        { "issue_warp_i",  "s_warp",        NULL },
        VCONN_SAME("fill_valid_i"),
        VCONN_SAME("fill_warp_i"),
        { "fetch_valid_i", "fetch_valid_o", NULL },
        { "fetch_warp_i",  "fetch_warp_o",  NULL },
        { "fetch_pc_i",    "fetch_pc_o",    NULL },
        { "fetch_mask_i",  "fetch_mask_o",  NULL },
        { "empty_i",       "emptied",       NULL },
        { "rd_warp_i",     "s_warp",        "the issue reads the granted warp's head" },
        { "head_valid_o",  "ib_head_valid", NULL },
        { "head_pc_o",     "issue_pc_o",    NULL },
        { "head_mask_o",   "issue_mask_o",  NULL },
        { "next_valid_o",  "ib_rd_next",    NULL },
        { "next_pc_o",     "ib_rd_next_pc", NULL },
        { "next_mask_o",   "ib_rd_next_mask", NULL },
        { "refill_o",      "ib_refill",     NULL },
        { "frd_warp_i",    "fetch_warp_o",  "the fetch reads the fetched warp's next" },
        { "frd_valid_o",   "ib_next",       NULL },
        { "frd_pc_o",      "ib_next_pc",    NULL },
        { "frd_mask_o",    "ib_next_mask",  NULL },
    };

    vgen_section(v, "The I-buffer data: the fetched PCs and masks");
    vgen_instance(v, "simtref_ibuffer", "u_ibuffer", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

static void emit_sched(struct vgen *v)
{
    const struct vconn params[] = {
        { "NUM_WARPS", "NUM_WARPS", NULL },
        { "NUM_TBS",   "NUM_TBS",   NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "ready_i",       "ready_o",      NULL },
        VCONN_SAME("warp_tb_i"),
        VCONN_SAME("tb_rank_i"),
        VCONN_SAME("long_i"),
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

static void emit_stage(struct vgen *v)
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
        VCONN_SAME("exit_pc_i"),
        { "op_i",        "u_op",          NULL },
        { "warp_i",      "u_warp",        NULL },
        { "pc_i",        "u_pc",          NULL },
        { "mask_i",      "u_mask",        NULL },
        VCONN_SAME("split_i"),
        VCONN_SAME("taken_i"),
        VCONN_SAME("tpc_i"),
        VCONN_SAME("npc_i"),
        VCONN_SAME("live_i"),
        VCONN_SAME("bar_i"),
        VCONN_SAME("exit_i"),
        VCONN_SAME("call_i"),
        VCONN_SAME("ret_i"),
        VCONN_SAME("rpc_valid_i"),
        VCONN_SAME("rpc_i"),
        VCONN_SAME("late_i"),
        { "rd_warp_i",   "fetch_warp_o",  "the fetch reads the fetched warp" },
        { "rd_valid_o",  "rc_rd_valid",   NULL },
        { "rd_pc_o",     "rc_rd_pc",      NULL },
        { "rd_mask_o",   "rc_rd_mask",    NULL },
        { "pop_o",       "rc_pop",        NULL },
        VCONN_SAME("exited_o"),
        { "yielded_o",   "rc_yielded",    NULL },
        { "err_o",       "rc_err_o",      NULL },
    };

    vgen_section(v, "The control-flow stage: the warps' SBR stacks");
    vgen_instance(v, "simtref_sm_reconv", "u_reconv", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

void emit_sm_front(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect)
{
    struct front_sizes z;

    fetch_geometry(cfg, &z.f);
    ibuffer_geometry(cfg, &z.ib);
    scheduler_geometry(cfg, &z.sc);
    sbr_stack_geometry(cfg, &z.st);
    emit_header(v, cfg, &z);
    emit_wires(v);
    emit_ready(v);
    emit_update(v, &z, defect);
    emit_fetch_unit(v);
    emit_ibuffer_data(v);
    emit_sched(v);
    emit_stage(v);
    vgen_module_end(v, "simtref_sm_front");
}
