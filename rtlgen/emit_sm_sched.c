/*
 * emit_sm_sched.c -- simtref_sm's part per warp scheduler: its front end,
 * the operand read (the grant's, or the held warp's again) and its
 * decoder, its datapath, and what the C SM does with a run between the
 * stages (docs/rtl-sm.md).
 */
#include "emit_sm.h"
#include "emit_common.h"
#include "sm_memory.h"

#include <assert.h>
#include <stdio.h>

#define SM_MAX_CONNS 96

/* A list of connections as it is built. */
struct conn_list {
    struct vconn c[SM_MAX_CONNS];
    size_t n;
};

static void conn(struct conn_list *l, const char *port, const char *expr,
                 const char *comment)
{
    assert(l->n < SM_MAX_CONNS && "a front end with more ports than SM_MAX_CONNS");
    l->c[l->n++] = (struct vconn){ port, expr, comment };
}

static void conn_group(struct conn_list *l, const char *comment)
{
    conn(l, NULL, NULL, comment);
}

/* The run's update of the SBR stacks (beside its PC): the branch's split
 * and targets, the live lanes after it, the loader's side-band. */
static void front_update_sbr(struct conn_list *l)
{
    conn(l, "split_i",     "x_split",                   NULL);
    conn(l, "taken_i",     "x_taken",                   NULL);
    conn(l, "tpc_i",       "run_tpc",                   NULL);
    conn(l, "npc_i",       "run_npc",                   NULL);
    conn(l, "live_i",      "run_live & ~x_exits",       NULL);
    conn(l, "bar_i",       "x_bar",                     NULL);
    conn(l, "exit_i",      "|x_exits",                  NULL);
    conn(l, "call_i",      "sb_call_i[gs]",             NULL);
    conn(l, "ret_i",       "sb_ret_i[gs]",              NULL);
    conn(l, "rpc_valid_i", "sb_rpc_valid_i[gs]",        NULL);
    conn(l, "rpc_i",       "sb_rpc_i[gs*PC_W +: PC_W]", NULL);
    conn(l, "late_i",      "sb_late_i[gs*2 +: 2]",      NULL);
}

/* The run's update of the ICS-First modules: the instruction's op (a
 * barrier, an exit, a simt.prio.* or the loader's action at its PC),
 * each lane's next PC, and the WPT's releases of this scheduler's
 * warps. */
static void front_update_ics(struct conn_list *l)
{
    conn(l, "bar_i",       "x_bar",                     NULL);
    conn(l, "exit_i",      "|x_exits",                  NULL);
    conn(l, "prio_i",      "x_prio",                    NULL);
    conn(l, "action_i",    "sb_action_i[gs*2 +: 2]",    NULL);
    conn(l, "lane_pc_i",   "run_lane_pc",               NULL);
    conn(l, "release_i",   "warp_release[gs*NUM_WARPS +: NUM_WARPS]", NULL);
}

/* The run's update of the minpc arbiters: the warp's live lanes after
 * it, simt.bar, each lane's next PC and SP key (x2's, the threads' own
 * registers of it below), the WPT's releases of this scheduler's warps. */
static void front_update_minpc(struct conn_list *l)
{
    conn(l, "live_i",      "run_live & ~x_exits",       NULL);
    conn(l, "bar_i",       "x_bar",                     NULL);
    conn(l, "lane_pc_i",   "run_lane_pc",               NULL);
    conn(l, "lane_off_i",  "run_lane_off",              "a launch's or the run's threads'");
    conn(l, "release_i",   "warp_release[gs*NUM_WARPS +: NUM_WARPS]", NULL);
}

/* Scheduler s's front end: its connections. */
static void emit_front(struct vgen *v, const struct sm_sizes *z)
{
    struct conn_list l = { .n = 0 };

    conn(&l, "clk_i", "clk_i", NULL);
    conn(&l, "rst_ni", "rst_ni", NULL);
    conn_group(&l, "The kernel");
    if (z->sbr)
        conn(&l, "exit_pc_i", "exit_pc",                  NULL);
    conn(&l, "entry_pc_i",       "entry_pc",                         NULL);
    conn(&l, "text_lo_i",        "text_lo_i",                        NULL);
    conn_group(&l, "Warps");
    conn(&l, "clear_i",          "s_clear[gs*NUM_WARPS +: NUM_WARPS]",      NULL);
    conn(&l, "issuable_i",       "issuable",                         NULL);
    conn(&l, "base_i",           "s_base[gs*NUM_WARPS +: NUM_WARPS]", NULL);
    conn(&l, "fetchable_i",      "s_fetchable[gs*NUM_WARPS +: NUM_WARPS]",  NULL);
    conn(&l, "warp_live_i",      "s_live[gs*NUM_WARPS*LANES +: NUM_WARPS*LANES]",  NULL);
    conn(&l, "launch_pending_i", "s_pending[gs*NUM_WARPS +: NUM_WARPS]",    NULL);
    conn(&l, "warp_lanes_i",     "s_lanes[gs*NUM_WARPS*LANES +: NUM_WARPS*LANES]", NULL);
    conn(&l, "warp_tb_i",        "s_tb[gs*NUM_WARPS*TB_W +: NUM_WARPS*TB_W]",      NULL);
    conn(&l, "long_i",           "s_long[gs*NUM_WARPS +: NUM_WARPS]",       NULL);
    conn(&l, "tb_rank_i",        "tb_rank",                          NULL);
    conn(&l, "tb_wait_i",        "tb_wait",                          NULL);
    conn_group(&l, "The instruction memory's answer to the last cycle's fetch");
    conn(&l, "fill_valid_i",     "fill_valid_q",                     NULL);
    conn(&l, "fill_warp_i",      "fill_warp_q",                      NULL);
    conn(&l, "fill_word_i",      "imem_word_i[gs*32 +: 32]",         NULL);
    conn_group(&l, "The run (t + 1)");
    conn(&l, "issued_i",         "x_valid",                          NULL);
    conn(&l, "stale_i",          "stale",                            NULL);
    conn(&l, "control_i",        "x_control || stale",               "a dropped stale slot is refetched");
    if (!z->ics)
        conn(&l, "exec_pc_i",    "run_pc",                           NULL);
    conn(&l, "exec_mask_i",      "x_valid ? run_view : {LANES{1'b0}}", NULL);
    if (z->ics)
        front_update_ics(&l);
    else if (z->minpc)
        front_update_minpc(&l);
    else
        front_update_sbr(&l);
    conn_group(&l, "Launch, scoreboard clear, issue");
    conn(&l, "launch_valid_o",   "launch_valid",                     NULL);
    conn(&l, "launch_warp_o",    "launch_warp",                      NULL);
    conn(&l, "rdy_valid_o",      "",                                 NULL);
    conn(&l, "rdy_warp_o",       "",                                 NULL);
    conn(&l, "ready_o",          "",                                 NULL);
    conn(&l, "grant_valid_o",    "grant_valid",                      NULL);
    conn(&l, "grant_warp_o",     "grant_warp",                       NULL);
    conn(&l, "issue_pc_o",       "grant_pc",                         NULL);
    conn(&l, "issue_mask_o",     "",                                 NULL);
    conn(&l, "issue_word_o",     "grant_word",                       NULL);
    conn(&l, "hd_ready_o",       "hd_ready[gs*NUM_WARPS +: NUM_WARPS]",            NULL);
    conn(&l, "hd_valid_o",       "hd_valid[gs*NUM_WARPS +: NUM_WARPS]",            NULL);
    conn(&l, "hd_pc_o",          "hd_pc[gs*NUM_WARPS*32 +: NUM_WARPS*32]",         NULL);
    conn(&l, "hd_mask_o",        "",                                 NULL);
    conn(&l, "hd_word_o",        "hd_word[gs*NUM_WARPS*32 +: NUM_WARPS*32]",       NULL);
    conn(&l, "view_ok_o",        "view_ok[gs*NUM_WARPS +: NUM_WARPS]",             NULL);
    conn(&l, "view_stale_o",     "view_stale[gs*NUM_WARPS +: NUM_WARPS]",          NULL);
    conn(&l, "view_mask_o",      "view_mask[gs*NUM_WARPS*LANES +: NUM_WARPS*LANES]", NULL);
    conn(&l, "op_valid_o",       "op_valid[gs]",                     NULL);
    conn(&l, "op_warp_o",        "op_warp[gs*WARP_W +: WARP_W]",     NULL);
    conn(&l, "exec_o",           "op_exec",                          NULL);
    conn_group(&l, "Fetch");
    conn(&l, "fetch_valid_o",    "imem_valid_o[gs]",                 NULL);
    conn(&l, "fetch_warp_o",     "fetch_warp",                       NULL);
    conn(&l, "fetch_pc_o",       "imem_addr_o[gs*32 +: 32]",         NULL);
    conn(&l, "fetch_mask_o",     "",                                 NULL);
    conn(&l, "flush_valid_o",    "",                                 NULL);
    conn(&l, "flush_warp_o",     "",                                 NULL);
    conn_group(&l, "The stage's update");
    if (!z->sbr)
        conn(&l, "all_barrier_o", "all_bar[gs*NUM_WARPS +: NUM_WARPS]", NULL);
    if (!z->ics) {
        conn(&l, "pop_o",        "",                                 NULL);
        conn(&l, "exited_o",     "exited[gs]",                       NULL);
    }
    if (z->sbr)
        conn(&l, "yielded_o",    "yielded[gs]",                      NULL);
    conn(&l, "rc_err_o",         "rc_err",                           NULL);
    conn(&l, "fetch_err_o",      "fetch_err",                        NULL);
    conn(&l, "sched_err_o",      "sched_err",                        NULL);

    vgen_instance(v, "simtref_sm_front", "u_front", NULL, 0, l.c, l.n);
}

/* Scheduler s's operand read (t): the grant's, or the stage's warp that
 * does not execute (held on a hazard, or dropped), whose read writes
 * nothing; its decoder; what the run needs of it a cycle later. */
static void emit_read(struct vgen *v, const struct sm_sizes *z,
                      enum rtl_defect defect)
{
    char ext[96];
    const struct vconn dec[] = {
        { "word_i",     "rd_word",   NULL },
        { "text_i",     "rd_text",   NULL },
        { "rpc_i",      "1'b0",      "the datapath reads no RPC" },
        { "valid_o",    "",          NULL },
        { "rs1_o",      "",          NULL },
        { "rs2_o",      "",          NULL },
        { "rd_o",       "d_rd",      NULL },
        { "unit_o",     "d_unit",    NULL },
        { "mem_o",      "d_mem",     NULL },
        { "rpc_o",      "",          NULL },
        { "op_o",       "d_op",      NULL },
        { "insn_rd_o",  "d_insn_rd", NULL },
        { "insn_rs1_o", "d_rs1",     NULL },
        { "insn_rs2_o", "d_rs2",     NULL },
        { "imm_o",      "d_imm",     NULL },
        { "csr_o",      "d_csr",     NULL },
    };
    const struct vreg regs[] = {
        { "rd_warp_q", "{WARP_W{1'b0}}", "rd_warp" },
        { "rd_pc_q",   "32'd0",          "rd_pc" },
        { "rd_rd_q",   "5'd0",           "d_rd" },
        { "rd_unit_q", "2'd0",           "d_unit" },
        { "rd_mem_q",  "1'b0",           "d_mem" },
        { "rd_op_q",   "{OP_W{1'b0}}",   "d_op" },
    };
    const struct vreg fill[] = {
        { "fill_valid_q", "1'b0",           "imem_valid_o[gs]" },
        { "fill_warp_q",  "{WARP_W{1'b0}}", "fetch_warp" },
    };

    vgen_line(v, "// the instruction memory answers the fetch in the next cycle");
    vgen_line(v, "reg               fill_valid_q;");
    vgen_line(v, "reg  [WARP_W-1:0] fill_warp_q;");
    vgen_ff(v, fill, sizeof fill / sizeof fill[0], NULL);
    vgen_blank(v);
    vgen_line(v, "// the operand read (t): the grant, else the stage's warp that does not run");
    if (defect == DEFECT_SM_HELD_NOT_READ) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a held warp's read is not issued again,", rtl_defect_name(defect));
        vgen_line(v, "// so that its run takes the operands read before its hazard cleared");
        vgen_line(v, "wire              rd_held = 1'b0;");
    } else {
        vgen_line(v, "wire              rd_held = op_valid[gs] && !op_exec && !grant_valid;");
    }
    vgen_line(v, "wire              rd_any  = grant_valid || rd_held;");
    vgen_line(v, "wire [WARP_W-1:0] rd_warp = grant_valid ? grant_warp : op_warp[gs*WARP_W +: WARP_W];");
    vgen_line(v, "wire [31:0]       rd_i    = gs * NUM_WARPS + {{(32-WARP_W){1'b0}}, rd_warp};");
    vgen_line(v, "wire [31:0]       rd_pc   = grant_valid ? grant_pc : hd_pc[rd_i*32 +: 32];");
    vgen_line(v, "wire [31:0]       rd_word = grant_valid ? grant_word : hd_word[rd_i*32 +: 32];");
    vgen_line(v, "wire [SLOT_W-1:0] rd_g    = %s * NS_V + S_V;  // sm_slot_of()",
              vgen_zext(ext, sizeof ext, z->slot_w - z->warp_w, "SLOT_W-WARP_W", "rd_warp"));
    vgen_line(v, "wire [TB_W-1:0]   rd_tb   = warp_tb[rd_g*TB_W +: TB_W];");
    vgen_line(v, "// every lane that may run is read: the stage's view in t + 1 chooses");
    vgen_line(v, "wire [LANES-1:0]  rd_live = warp_live[rd_g*LANES +: LANES];");
    vgen_line(v, "wire              rd_text = rd_any && rd_pc >= text_lo_i && rd_pc < text_hi_i && rd_pc[1:0] == 2'b00;");
    vgen_line(v, "// each lane's thread's grid index and warp of its TB");
    vgen_line(v, "wire [LANES*32-1:0]    rd_ctaid = {LANES{tb_ctaid[rd_tb*32 +: 32]}};");
    vgen_line(v, "wire [LANES*WID_W-1:0] rd_wid   = {LANES{warp_wid[rd_g*WID_W +: WID_W]}};");
    vgen_line(v, "wire [OP_W-1:0] d_op;");
    vgen_line(v, "wire [4:0]      d_rd, d_insn_rd, d_rs1, d_rs2;");
    vgen_line(v, "wire [31:0]     d_imm;");
    vgen_line(v, "wire [11:0]     d_csr;");
    vgen_line(v, "wire [1:0]      d_unit;");
    vgen_line(v, "wire            d_mem;");
    vgen_instance(v, "simtref_decode", "u_decode", NULL, 0,
                  dec, sizeof dec / sizeof dec[0]);
    vgen_line(v, "assign sb_addr_o[gs*32 +: 32] = rd_pc;");
    vgen_blank(v);
    vgen_line(v, "// what the run needs of its read");
    vgen_line(v, "reg  [WARP_W-1:0] rd_warp_q;");
    vgen_line(v, "reg  [31:0]       rd_pc_q;");
    vgen_line(v, "reg  [4:0]        rd_rd_q;");
    vgen_line(v, "reg  [1:0]        rd_unit_q;");
    vgen_line(v, "reg               rd_mem_q;");
    vgen_line(v, "reg  [OP_W-1:0]   rd_op_q;");
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], "rd_any");
}

/* Scheduler s's datapath: the read's fields in, the run out. */
static void emit_exec(struct vgen *v, const struct sm_sizes *z)
{
    char ext[96];
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"), VCONN_SAME("rst_ni"),
        { "sched_i",     "SCHED_V",                          NULL },
        { NULL, NULL, "The launch" },
        { "args_i",      "args_i",                           NULL },
        { "block_i",     "block_32",                         NULL },
        { "grid_i",      "grid_i",                           NULL },
        { "place_i",     "s_give",                           NULL },
        { NULL, NULL, "The operand read (t)" },
        { "issue_i",     "rd_any",                           NULL },
        { "warp_i",      "rd_warp",                          NULL },
        { "mask_i",      "rd_live",                          NULL },
        { "owner_i",     "{LANES{rd_warp}}",                 "each lane's thread is the warp's" },
        { "pc_i",        "rd_pc",                            NULL },
        { "insn_op_i",   "d_op",                             NULL },
        { "insn_rd_i",   "d_insn_rd",                        NULL },
        { "insn_rs1_i",  "d_rs1",                            NULL },
        { "insn_rs2_i",  "d_rs2",                            NULL },
        { "insn_imm_i",  "d_imm",                            NULL },
        { "insn_csr_i",  "d_csr",                            NULL },
        { "ctaid_i",     "rd_ctaid",                         NULL },
        { "wid_i",       "rd_wid",                           NULL },
        { "exit_pc_i",   "exit_i",                           NULL },
        { "go_i",        "op_exec && !stale",            "the stage lets its warp run ..." },
        { "run_mask_i",  "run_view",                         "... on the lanes of its view now" },
        { "run_whole_i", "run_whole",                        NULL },
        { NULL, NULL, "The LSU's write-backs" },
        { "ld_valid_i",  "wb_valid",                         NULL },
        { "ld_rd_i",     "wb_rd",                            NULL },
        { "ld_mask_i",   "wb_mask",                          NULL },
        { "ld_slots_i",  "wb_slots",                         NULL },
        { "ld_data_i",   "wb_data",                          NULL },
        { NULL, NULL, "The run (t + 1)" },
        { "valid_o",     "x_valid",                          NULL },
        { "exec_o",      "x_exec",                           NULL },
        { "status_o",    "",                                 NULL },
        { "lane_pc_o",   z->sbr ? "" : "x_lane_pc",          NULL },
        { "mem_o",       "run_memlanes[gs*LANES +: LANES]",  NULL },
        { "mem_write_o", "",                                 NULL },
        { "mem_addr_o",  "run_addr[gs*LANES*32 +: LANES*32]",   NULL },
        { "mem_bytes_o", "",                                 NULL },
        { "mem_wdata_o", "run_wdata[gs*LANES*32 +: LANES*32]",  NULL },
        { "split_o",     z->sbr ? "x_split" : "",            NULL },
        { "taken_o",     z->sbr ? "x_taken" : "",            NULL },
        { "tpc_o",       z->sbr ? "x_tpc" : "",              NULL },
        { "npc_o",       z->sbr ? "x_npc" : "",              NULL },
        { "exits_o",     "x_exits",                          NULL },
        { "bar_o",       "x_bar",                            NULL },
        { "prio_o",      z->ics ? "x_prio" : "",             NULL },
        { "control_o",   "x_control",                        NULL },
        { NULL, NULL, "The register file's writes" },
        { "wr_o",        "wr_o[gs*LANES +: LANES]",          NULL },
        { "wr_slot_o",   "",                                 NULL },
        { "wr_rd_o",     "wr_rd_o[gs*5 +: 5]",               NULL },
        { "wr_data_o",   "wr_data_o[gs*LANES*32 +: LANES*32]", NULL },
        { "wr2_o",       "wr2_o[gs*LANES +: LANES]",         NULL },
        { "wr2_slot_o",  "wr2_warp_o[gs*LANES*WARP_W +: LANES*WARP_W]", NULL },
        { "wr2_rd_o",    "wr2_rd_o[gs*5 +: 5]",              NULL },
        { "wr2_data_o",  "wr2_data_o[gs*LANES*32 +: LANES*32]", NULL },
        { "ldw_o",       "ldw_o[gs*LDWB*LANES +: LDWB*LANES]", NULL },
        { "ldw_slot_o",  "ldw_warp_o[gs*LDWB*LANES*WARP_W +: LDWB*LANES*WARP_W]", NULL },
        { "ldw_rd_o",    "ldw_rd_o[gs*LDWB*5 +: LDWB*5]",    NULL },
        { "ldw_data_o",  "ldw_data_o[gs*LDWB*LANES*32 +: LDWB*LANES*32]", NULL },
    };

    vgen_line(v, "// the warps placed now take their launch values");
    vgen_line(v, "wire [NUM_WARPS-1:0] s_give;");
    vgen_line(v, "for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_give");
    vgen_line(v, "  assign s_give[gw] = give[gw*NUM_SCHED + gs];");
    vgen_line(v, "end");
    vgen_line(v, "wire [31:0]          block_32 = {{(32-THREAD_W){1'b0}}, block_i};");
    vgen_line(v, "// the run's lanes (t + 1): the stage's view of its warp then, as the C SM");
    vgen_line(v, "// takes them at execution (sm_issue_threads()); whole: every live thread");
    vgen_line(v, "wire [SLOT_W-1:0]    run_g     = %s * NS_V + S_V;",
              vgen_zext(ext, sizeof ext, z->slot_w - z->warp_w, "SLOT_W-WARP_W", "rd_warp_q"));
    vgen_line(v, "wire [31:0]          run_i     = gs * NUM_WARPS + {{(32-WARP_W){1'b0}}, rd_warp_q};");
    vgen_line(v, "wire [LANES-1:0]     run_view  = view_mask[run_i*LANES +: LANES];");
    vgen_line(v, "wire                 run_whole = run_view == warp_live[run_g*LANES +: LANES];");
    if (!z->sbr) {
        vgen_line(v, "wire                 x_valid, x_bar, x_control;");
        vgen_line(v, "wire [LANES-1:0]     x_exec, x_exits;");
        if (z->ics)
            vgen_line(v, "wire [1:0]           x_prio;      // simt.prio.*");
        vgen_line(v, "wire [LANES*32-1:0]  x_lane_pc;   // each lane's thread's next PC");
    } else {
        vgen_line(v, "wire                 x_valid, x_split, x_bar, x_control;");
        vgen_line(v, "wire [LANES-1:0]     x_exec, x_taken, x_exits;");
        vgen_line(v, "wire [31:0]          x_tpc, x_npc;");
    }
    vgen_instance(v, "simtref_sm_exec", "u_exec", NULL, 0,
                  conns, sizeof conns / sizeof conns[0]);
}

/* Under sbr and minpc, the run's PC as the stage takes it (an index),
 * and the warp's live lanes. */
static void run_pc_live(struct vgen *v)
{
    vgen_line(v, "wire [LANES-1:0]  run_live = warp_live[run_g*LANES +: LANES];");
    vgen_line(v, "wire [PC_W-1:0]   run_pc   = pc_index(rd_pc_q);");
}

/* Under sbr, the run's targets as the SBR stacks take them (indices). */
static void run_targets(struct vgen *v)
{
    vgen_line(v, "wire [PC_W-1:0]   run_tpc  = x_valid ? pc_index(x_tpc) : {PC_W{1'b0}};");
    vgen_line(v, "wire [PC_W-1:0]   run_npc  = x_valid ? pc_index(x_npc) : {PC_W{1'b0}};");
}

/* Under ics-first and minpc, each lane's next PC as the threads' PC
 * registers take it (an index; 0 on a lane that did not run). */
static void run_lane_pcs(struct vgen *v)
{
    vgen_line(v, "wire [LANES*PC_W-1:0] run_lane_pc;");
    vgen_line(v, "for (gw = 0; gw < LANES; gw = gw + 1) begin : g_lane_pc");
    vgen_line(v, "  assign run_lane_pc[gw*PC_W +: PC_W] = x_valid && run_view[gw]");
    vgen_line(v, "      ? pc_index(x_lane_pc[gw*32 +: 32]) : {PC_W{1'b0}};");
    vgen_line(v, "end");
}

/* Under minpc, each thread's SP key as its arbiter takes it: the top
 * KEY_W bits of x2's offset in the thread's stack region
 * (sm_memory_stack_offset(): x2 outside the region, or at its top before
 * any frame, is the shallowest offset), in a register of the thread's own
 * written with x2 -- a placement's launch value (the region's top), the
 * run's result, the divider's, a load's.  The run's lanes present the
 * key after this cycle's writes: the C SM reads x2 after the instruction,
 * with the loads done at the last edge written.  A launch presents its
 * threads' launch value. */
static void run_lane_keys(struct vgen *v, const struct sm_sizes *z,
                          enum rtl_defect defect)
{
    unsigned key_w = z->sp_w < z->off_w ? z->sp_w : z->off_w;
    const struct vreg key[] = {
        { "key_q", "{KEY_W{1'b1}}", "key_d" },
    };

    _Static_assert((SM_STACK_BASE & (SM_STACK_BYTES - 1)) == 0,
                   "the stack regions are aligned to their size");
    vgen_line(v, "// minpc: each thread's SP key (its x2's), written with x2");
    vgen_line(v, "localparam integer KEY_W      = %u;   // the offset's bits the arbiters key on", key_w);
    vgen_line(v, "localparam integer OFF_W      = %u;  // a thread's stack region: 2**OFF_W bytes", z->off_w);
    vgen_line(v, "localparam [31:0]  STACK_BASE = 32'h%08x;  // the first region's first byte",
              (unsigned)SM_STACK_BASE);
    vgen_line(v, "wire [NUM_WARPS*LANES*KEY_W-1:0] key_next;   // each thread's key after this edge");
    vgen_begin_named(v, "g_sp_key", "for (gw = 0; gw < NUM_WARPS*LANES; gw = gw + 1)");
    vgen_line(v, "localparam integer      W      = gw / LANES, L = gw %% LANES;");
    vgen_line(v, "localparam integer      T      = (W * NUM_SCHED + gs) * LANES + L;  // its thread slot");
    vgen_line(v, "localparam [31:0]       BOTTOM = STACK_BASE + T * (1 << OFF_W);    // its region");
    vgen_line(v, "localparam [WARP_W-1:0] W_V    = W[WARP_W-1:0];");
    vgen_line(v, "localparam integer      R      = gs * LANES + L;                   // its lane's write ports");
    vgen_line(v, "reg                     wr_x2;    // x2 is written at this edge ...");
    if (key_w < z->off_w)
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */  // its offset's bits below the key");
    vgen_line(v, "reg  [31:0]             wr_val;   // ... with this value");
    if (key_w < z->off_w)
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_line(v, "reg  [KEY_W-1:0]        key_q, key_d;");
    vgen_line(v, "integer                 pp;");
    vgen_begin(v, "always @*");
    vgen_line(v, "wr_x2  = 1'b0;");
    vgen_line(v, "wr_val = 32'd0;");
    vgen_begin(v, "if (wr_o[R] && wr_rd_o[gs*5 +: 5] == 5'd2 && rd_warp_q == W_V)");
    vgen_line(v, "wr_x2  = 1'b1;");
    vgen_line(v, "wr_val = wr_data_o[R*32 +: 32];");
    vgen_end(v);
    vgen_begin(v, "if (wr2_o[R] && wr2_rd_o[gs*5 +: 5] == 5'd2 && wr2_warp_o[R*WARP_W +: WARP_W] == W_V)");
    vgen_line(v, "wr_x2  = 1'b1;");
    vgen_line(v, "wr_val = wr2_data_o[R*32 +: 32];");
    vgen_end(v);
    vgen_begin(v, "for (pp = gs * LDWB; pp < (gs + 1) * LDWB; pp = pp + 1)");
    vgen_begin(v, "if (ldw_o[pp*LANES + L] && ldw_rd_o[pp*5 +: 5] == 5'd2 && ldw_warp_o[(pp*LANES + L)*WARP_W +: WARP_W] == W_V)");
    vgen_line(v, "wr_x2  = 1'b1;");
    vgen_line(v, "wr_val = ldw_data_o[(pp*LANES + L)*32 +: 32];");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// a placement takes the launch value, the region's top: the shallowest");
    vgen_begin(v, "if (s_give[W])");
    vgen_line(v, "key_d = {KEY_W{1'b1}};");
    if (defect == DEFECT_SM_MINPC_KEY_AT_PLACEMENT) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): x2's writes leave the key", rtl_defect_name(defect));
        vgen_elsif(v, "1'b0 && wr_x2 && wr_val[31:OFF_W] == BOTTOM[31:OFF_W]");
    } else {
        vgen_elsif(v, "wr_x2 && wr_val[31:OFF_W] == BOTTOM[31:OFF_W]");
    }
    vgen_line(v, "key_d = wr_val[OFF_W-1 -: KEY_W];");
    vgen_elsif(v, "%swr_x2", defect == DEFECT_SM_MINPC_KEY_AT_PLACEMENT ? "1'b0 && " : "");
    vgen_line(v, "key_d = {KEY_W{1'b1}};");
    vgen_else(v);
    vgen_line(v, "key_d = key_q;");
    vgen_end(v);
    vgen_end(v);
    vgen_ff(v, key, 1, NULL);
    vgen_line(v, "assign key_next[gw*KEY_W +: KEY_W] = key_d;");
    vgen_end(v);
    vgen_line(v, "// the stage's offsets: a launch's threads at the top, the run's lanes' keys");
    vgen_line(v, "wire [LANES*OFF_W-1:0] run_lane_off;");
    vgen_line(v, "for (gw = 0; gw < LANES; gw = gw + 1) begin : g_lane_off");
    vgen_line(v, "  wire [KEY_W-1:0] k = key_next[(rd_warp_q * LANES + gw) * KEY_W +: KEY_W];");
    if (key_w < z->off_w)
        vgen_line(v, "  assign run_lane_off[gw*OFF_W +: OFF_W] = launch_valid ? {OFF_W{1'b1}} : {k, {(OFF_W-KEY_W){1'b0}}};");
    else
        vgen_line(v, "  assign run_lane_off[gw*OFF_W +: OFF_W] = launch_valid ? {OFF_W{1'b1}} : k;");
    vgen_line(v, "end");
}

/* Under sbr a warp arrives at its barrier when it runs simt.bar, unless
 * the stacks yielded its threads below their sibling (barrier_arrive()). */
static void arrival_by_issue(struct vgen *v)
{
    vgen_line(v, "// simt.bar arrives unless its threads yielded (barrier_arrive())");
    vgen_line(v, "assign arr_valid[gs]                = x_valid && x_bar && !yielded[gs];");
    vgen_line(v, "assign arr_warp[gs*WARP_W +: WARP_W] = arr_valid[gs] ? rd_warp_q : {WARP_W{1'b0}};");
}

/* Under ics-first a warp arrives by its threads' states: the lowest
 * launched warp with live threads, not at its barrier yet, whose
 * ICS-First module holds every thread in Barrier (sm_barrier_arrival()). */
static void arrival_by_state(struct vgen *v, enum rtl_defect defect)
{
    vgen_line(v, "// the lowest warp whose threads all wait at simt.bar arrives (sm_barrier_arrival())");
    vgen_line(v, "wire [NUM_WARPS-1:0] parked;");
    vgen_line(v, "for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_parked");
    vgen_line(v, "  localparam integer I = gs * NUM_WARPS + gw;");
    vgen_line(v, "  localparam integer G = gw * NUM_SCHED + gs;");
    if (defect == DEFECT_SM_ICS_ARRIVE_AT_ISSUE) {
        vgen_line(v, "  localparam integer      W   = gw;");
        vgen_line(v, "  localparam [WARP_W-1:0] W_V = W[WARP_W-1:0];");
        vgen_line(v, "  // DELIBERATE DEFECT (%s): a warp arrives when it runs simt.bar,", rtl_defect_name(defect));
        vgen_line(v, "  // whether or not its other threads wait there");
        vgen_line(v, "  wire unused_parked = all_bar[I] || at_bar[G];");
        vgen_line(v, "  assign parked[gw] = x_valid && x_bar && rd_warp_q == W_V;");
    } else {
        vgen_line(v, "  assign parked[gw] = s_fetchable[I] && !at_bar[G] && all_bar[I];");
    }
    vgen_line(v, "end");
    vgen_line(v, "reg  [WARP_W-1:0] arriving;");
    vgen_line(v, "integer pw;");
    vgen_begin(v, "always @*");
    vgen_line(v, "arriving = {WARP_W{1'b0}};");
    vgen_line(v, "for (pw = NUM_WARPS - 1; pw >= 0; pw = pw - 1)");
    vgen_line(v, "  if (parked[pw]) arriving = pw[WARP_W-1:0];");
    vgen_end(v);
    vgen_line(v, "assign arr_valid[gs]                = |parked;");
    vgen_line(v, "assign arr_warp[gs*WARP_W +: WARP_W] = arriving;");
}

/* Scheduler s's run (t + 1): what the C SM does with an executed
 * instruction between the stages. */
static void emit_run(struct vgen *v, const struct sm_sizes *z,
                     enum rtl_defect defect)
{
    vgen_line(v, "// the run (t + 1): a stale slot is dropped (sm_issue_threads())");
    vgen_line(v, "assign stale = op_valid[gs] && op_exec");
    vgen_line(v, "               && view_stale[gs*NUM_WARPS + {{(32-WARP_W){1'b0}}, op_warp[gs*WARP_W +: WARP_W]}];");
    if (!z->ics)
        run_pc_live(v);
    if (z->sbr)
        run_targets(v);
    else
        run_lane_pcs(v);
    if (z->minpc)
        run_lane_keys(v, z, defect);
    vgen_line(v, "assign run_slot[gs*SLOT_W +: SLOT_W] = run_g;");
    vgen_line(v, "assign run_lanes[gs*LANES +: LANES]  = x_exec;");
    vgen_line(v, "assign run_rd[gs*5 +: 5]             = rd_rd_q;");
    vgen_line(v, "assign run_op[gs*OP_W +: OP_W]       = rd_op_q;");
    vgen_line(v, "// the LSU's port this cycle: the stage's warp does not run a memory");
    vgen_line(v, "// instruction when a lower scheduler's run took it (ready_vector()'s lsu_now;");
    vgen_line(v, "// the issue check asks about the LSU's accept, this about the port's turn)");
    vgen_line(v, "wire [NUM_WARPS-1:0] issuable;");
    vgen_line(v, "for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_turn");
    vgen_line(v, "  localparam integer      W   = gw;");
    vgen_line(v, "  localparam [WARP_W-1:0] W_V = W[WARP_W-1:0];");
    vgen_line(v, "  wire held = op_valid[gs] && op_warp[gs*WARP_W +: WARP_W] == W_V;");
    if (defect == DEFECT_SM_LSU_TURN_IGNORED) {
        vgen_line(v, "  // DELIBERATE DEFECT (%s): the port's turn is ignored", rtl_defect_name(defect));
        vgen_line(v, "  wire unused_turn = held && rd_mem_q && lsu_taken[gs];");
        vgen_line(v, "  assign issuable[gw] = s_issuable[gs*NUM_WARPS + gw];");
    } else {
        vgen_line(v, "  // (a stale slot runs nothing: it is dropped whatever its instruction)");
        vgen_line(v, "  assign issuable[gw] = s_issuable[gs*NUM_WARPS + gw]");
        vgen_line(v, "                        && !(held && rd_mem_q && lsu_taken[gs]");
        vgen_line(v, "                             && !view_stale[gs*NUM_WARPS + gw]);");
    }
    vgen_line(v, "end");
    vgen_line(v, "// to memory: the LSU's port (sm_send_to_lsu()); any other run enters its SIMD");
    vgen_line(v, "// group, and a destination is reserved (send_issued())");
    vgen_line(v, "assign run_mem[gs]  = x_valid && rd_mem_q;");
    vgen_line(v, "assign took[gs]     = run_mem[gs] && |x_exec;");
    vgen_line(v, "assign grp_valid[gs]            = x_valid && !rd_mem_q;");
    vgen_line(v, "assign grp_op[gs*2 +: 2]        = grp_valid[gs] ? rd_unit_q : 2'd0;");
    vgen_line(v, "assign res_valid[gs]            = rd_rd_q != 5'd0 && (grp_valid[gs] || took[gs]);");
    vgen_line(v, "assign res_pend[gs]             = res_valid[gs] && rd_mem_q;");
    vgen_line(v, "assign res_rd[gs*5 +: 5]        = res_valid[gs] ? rd_rd_q : 5'd0;");
    vgen_line(v, "assign res_mask[gs*LANES +: LANES] = res_valid[gs] ? x_exec : {LANES{1'b0}};");
    vgen_line(v, "assign res_slots[gs*LANES*SLOT_W +: LANES*SLOT_W] = res_valid[gs] ? {LANES{run_g}}");
    vgen_line(v, "                                                                  : {(LANES*SLOT_W){1'b0}};");
    if (defect == DEFECT_SM_RESERVE_SHORT) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): every latency a cycle short", rtl_defect_name(defect));
        vgen_line(v, "localparam integer ALU_RES = ALU_DUE - 1, MUL_RES = MUL_DUE - 1, DIV_RES = DIV_DUE - 1;");
    } else {
        vgen_line(v, "localparam integer ALU_RES = ALU_DUE, MUL_RES = MUL_DUE, DIV_RES = DIV_DUE;");
    }
    vgen_line(v, "assign res_lat[gs*LAT_W +: LAT_W] = !res_valid[gs] || rd_mem_q ? {LAT_W{1'b0}}");
    vgen_line(v, "                                  : rd_unit_q == 2'd1 ? MUL_RES[LAT_W-1:0]");
    vgen_line(v, "                                  : rd_unit_q == 2'd2 ? DIV_RES[LAT_W-1:0] : ALU_RES[LAT_W-1:0];");
    if (z->sbr)
        arrival_by_issue(v);
    else
        arrival_by_state(v, defect);
    vgen_line(v, z->ics ? "// the launch the front end chose, the exits (the lanes that ran simt.exit)"
                        : "// the launch the front end chose, the exits (all live lanes when the last path ended)");
    vgen_line(v, "for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_events");
    vgen_line(v, "  localparam integer      G   = gw * NUM_SCHED + gs;");
    vgen_line(v, "  localparam integer      W   = gw;");
    vgen_line(v, "  localparam [WARP_W-1:0] W_V = W[WARP_W-1:0];");
    vgen_line(v, "  wire here = x_valid && rd_warp_q == W_V;");
    vgen_line(v, "  assign launch[G] = launch_valid && launch_warp == W_V;");
    if (z->ics) {
        vgen_line(v, "  assign kill[G*LANES +: LANES] = here ? x_exits : {LANES{1'b0}};");
    } else if (defect == DEFECT_SM_EXIT_KEEPS_LIVE) {
        vgen_line(v, "  // DELIBERATE DEFECT (%s): only the exiting lanes are killed", rtl_defect_name(defect));
        vgen_line(v, "  wire unused_exited = exited[gs];");
        vgen_line(v, "  assign kill[G*LANES +: LANES] = here ? x_exits : {LANES{1'b0}};");
    } else {
        vgen_line(v, "  assign kill[G*LANES +: LANES] = here ? x_exits | (exited[gs] ? run_live : {LANES{1'b0}})");
        vgen_line(v, "                                       : {LANES{1'b0}};");
    }
    vgen_line(v, "end");
    vgen_line(v, "assign front_err[gs] = rc_err || fetch_err || sched_err;");
    vgen_line(v, "// the commit record");
    vgen_line(v, "assign commit_valid_o[gs]                = x_valid;");
    vgen_line(v, "assign commit_warp_o[gs*WARP_W +: WARP_W] = x_valid ? rd_warp_q : {WARP_W{1'b0}};");
    vgen_line(v, "assign commit_pc_o[gs*32 +: 32]          = x_valid ? rd_pc_q : 32'd0;");
    vgen_line(v, "assign commit_mask_o[gs*LANES +: LANES]  = x_valid ? x_exec : {LANES{1'b0}};");
}

void emit_sm_schedulers(struct vgen *v, const struct sm_sizes *z,
                        enum rtl_defect defect)
{
    vgen_section(v, "Per warp scheduler: front end, operand read and decode, datapath, the run");
    vgen_generate(v);
    vgen_begin_named(v, "g_sched", "for (gs = 0; gs < NUM_SCHED; gs = gs + 1)");
    vgen_line(v, "localparam integer      S       = gs;");
    vgen_line(v, "localparam integer      NS      = NUM_SCHED;");
    vgen_line(v, "localparam [SCHED_W-1:0] SCHED_V = S[SCHED_W-1:0];");
    vgen_line(v, "localparam [SLOT_W-1:0] S_V     = S[SLOT_W-1:0];");
    vgen_line(v, "localparam [SLOT_W-1:0] NS_V    = NS[SLOT_W-1:0];");
    vgen_line(v, "wire                    launch_valid, grant_valid, op_exec, rc_err, fetch_err, sched_err;");
    vgen_line(v, "wire                    stale;   // the run's slot is stale: dropped, nothing runs");
    vgen_line(v, "wire [WARP_W-1:0]       launch_warp, grant_warp, fetch_warp;");
    vgen_line(v, "wire [31:0]             grant_pc, grant_word;");
    emit_read(v, z, defect);
    vgen_blank(v);
    emit_exec(v, z);
    vgen_blank(v);
    emit_run(v, z, defect);
    vgen_blank(v);
    emit_front(v, z);
    vgen_end(v);
    vgen_endgenerate(v);
}

