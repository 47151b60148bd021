/*
 * emit_sm_front_harp.c -- what simtref_sm_front adds under harp
 * (rtlgen/emit_sm_front.c writes the rest, the launch choice among them,
 * from the stage's can_launch_o): the stage's First-Level slots as the
 * scheduler's first warps (their issuable and fetchable bits, each
 * slot's TB by its owner), and the instance of the HARP stage.
 */
#include "rtlgen.h"

#include <stdbool.h>
#include <stdio.h>

/* Under harp: the stage's First-Level slots as the scheduler's first
 * warps (ready_vector(), sm_reconv_slot_owner()). */
void emit_sm_front_harp_slots(struct vgen *v, unsigned warps, unsigned fl,
                              enum rtl_defect defect)
{
    static const char *const owner[] = {
        "// Each slot's TB is its owner's: the warp of its lowest lane, or the",
        "// slot's own index when it holds none (the scheduler reads a ready",
        "// slot's alone).",
        "reg [NUM_WARPS*TB_W-1:0] slot_tb;",
        "reg [TW-1:0]             owner;",
        "integer                  os, ol, ow;",
        "",
        "always @* begin",
        "  slot_tb = {(NUM_WARPS*TB_W){1'b0}};",
        "  owner   = {TW{1'b0}};",
        "  for (os = 0; os < FL; os = os + 1) begin",
        "    owner = os[TW-1:0];",
        "    for (ol = LANES - 1; ol >= 0; ol = ol - 1) begin",
        "      if (rc_fetchable[os] && rc_fl_mask[os*LANES + ol])",
        "        owner = rc_fl_tid[(os*LANES + ol)*TW +: TW];",
        "    end",
        "    for (ow = 0; ow < NUM_WARPS; ow = ow + 1) begin",
        "      if (owner == ow[TW-1:0])",
        "        slot_tb[os*TB_W +: TB_W] = warp_tb_i[ow*TB_W +: TB_W];",
        "    end",
        "  end",
        "end",
        NULL
    };
    char a[160], b[160], c[160];
    unsigned pad = warps - fl;

    vgen_section(v, "First-Level slots as the scheduler's warps (ready_vector())");
    vgen_line(v, "// The warps beyond the FL slots hold none: never issuable nor");
    vgen_line(v, "// fetchable, a long wait for TLS as a slot that may not issue.");
    vgen_line(v, "wire [NUM_WARPS-1:0] slot_issuable = %s;",
              vgen_zext(a, sizeof a, pad, "NUM_WARPS-FL", "rc_issuable"));
    vgen_line(v, "wire [NUM_WARPS-1:0] slot_ready    = %s;",
              vgen_zext(b, sizeof b, pad, "NUM_WARPS-FL", "rc_issuable & no_hazard_i"));
    vgen_line(v, "wire [NUM_WARPS-1:0] slot_long     = ~slot_issuable;");
    if (defect == DEFECT_SM_FRONT_HARP_FETCH_SLOT && fl > 1) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): slot f's warp_valid is the", rtl_defect_name(defect));
        vgen_line(v, "// stage's fetchable bit of slot f + 1 (mod FL).");
        vgen_line(v, "wire [NUM_WARPS-1:0] warp_valid    = %s;",
                  vgen_zext(c, sizeof c, pad, "NUM_WARPS-FL",
                            "{rc_fetchable[0], rc_fetchable[FL-1:1]}"));
    } else {
        vgen_line(v, "// The fetch unit fetches for the slots that hold a warp.");
        vgen_line(v, "wire [NUM_WARPS-1:0] warp_valid    = %s;",
                  vgen_zext(c, sizeof c, pad, "NUM_WARPS-FL", "rc_fetchable"));
    }
    vgen_blank(v);
    for (const char *const *l = owner; *l; l++) {
        if (**l)
            vgen_line(v, "%s", *l);
        else
            vgen_blank(v);
    }
}

/* Each First-Level slot's view for the issue check (sm_issue_threads(),
 * harp_can_issue(), harp_issue_view()), read before the cycle's update:
 * whether it may issue, whether its oldest I-buffer entry is at another
 * PC than the slot's (stale), its lanes whose thread is live (owner by
 * owner) and each lane's owner, the launch warp of its thread as the
 * table holds it. */
void emit_sm_front_harp_views(struct vgen *v, unsigned tw, unsigned warp_w,
                              const char *addr, bool narrow)
{
    char own[160];

    if (tw >= warp_w)   /* a launch warp's id is below NUM_WARPS */
        snprintf(own, sizeof own, "rc_fl_tid[(gv*LANES+gl)*TW +: WARP_W]");
    else
        vgen_zext(own, sizeof own, warp_w - tw, "WARP_W-TW",
                  "rc_fl_tid[(gv*LANES+gl)*TW +: TW]");
    vgen_section(v, "Every First-Level slot's view for the issue check (sm_issue_threads())");
    vgen_line(v, "// A slot may issue as the ready vector finds it: it holds a warp, no");
    vgen_line(v, "// update is pending and no commit in the RBT's pipeline holds it.");
    vgen_line(v, "assign view_ok_o = rc_issuable;");
    vgen_line(v, "// A slot is stale when its PC (index to byte address, as the fetch's)");
    vgen_line(v, "// is not its oldest entry's; the instruction runs the slot's lanes");
    vgen_line(v, "// whose thread is live in its owner, the launch warp the table names.");
    vgen_line(v, "genvar gv, gl;");
    vgen_generate(v);
    vgen_begin_named(v, "g_view", "for (gv = 0; gv < FL; gv = gv + 1)");
    vgen_line(v, "wire [ADDR_W-1:0] pc = text_lo_i + %s;", addr);
    vgen_line(v, "assign view_stale_o[gv] = hd_valid_o[gv] && hd_pc_o[gv*ADDR_W +: ADDR_W] != pc;");
    if (narrow) {
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire unused_view_pc = ^rc_fl_pc[gv*PC_W + ADDR_W-2 +: PC_W-ADDR_W+2];");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    }
    vgen_begin_named(v, "g_lane", "for (gl = 0; gl < LANES; gl = gl + 1)");
    vgen_line(v, "wire [WARP_W-1:0] own = %s;", own);
    vgen_line(v, "assign view_owner_o[(gv*LANES+gl)*WARP_W +: WARP_W] = own;");
    vgen_line(v, "assign view_mask_o[gv*LANES+gl] = rc_fl_mask[gv*LANES+gl] &&");
    vgen_line(v, "                                  warp_live_i[own*LANES + gl];");
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
}

/* Under harp the stage's instance: the update as under the other modes,
 * the outcome's side-band and the SM's state it reads, its views. */
void emit_sm_front_harp_stage(struct vgen *v)
{
    const struct vconn params[] = {
        { "NUM_WARPS", "NUM_WARPS", NULL },
        { "LANES",     "LANES",     NULL },
        { "PC_W",      "PC_W",      NULL },
        { "TW",        "TW",        NULL },
        { "FL",        "FL",        NULL },
        { "SL",        "SL",        NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "op_i",          "u_op",          NULL },
        { "warp_i",        "u_warp",        "launch: the warp; else the granted slot" },
        { "pc_i",          "entry_pc_i",    "read at a launch alone" },
        { "mask_i",        "u_mask",        NULL },
        VCONN_SAME("split_i"),
        VCONN_SAME("taken_i"),
        VCONN_SAME("tpc_i"),
        VCONN_SAME("npc_i"),
        VCONN_SAME("rpc_valid_i"),
        VCONN_SAME("rpc_i"),
        VCONN_SAME("lane_pc_i"),
        VCONN_SAME("bar_i"),
        VCONN_SAME("exit_i"),
        VCONN_SAME("mem_wait_i"),
        VCONN_SAME("release_i"),
        VCONN_SAME("mem_pending_i"),
        { "rd_warp_i",     "fetch_warp_o",  "the fetch reads the fetched slot" },
        { "rd_valid_o",    "rc_rd_valid",   NULL },
        { "rd_pc_o",       "rc_rd_pc",      NULL },
        { "rd_mask_o",     "rc_rd_mask",    NULL },
        { "issuable_o",    "rc_issuable",   NULL },
        { "fetchable_o",   "rc_fetchable",  NULL },
        { "fl_pc_o",       "rc_fl_pc",      NULL },
        { "fl_mask_o",     "rc_fl_mask",    NULL },
        { "fl_tid_o",      "rc_fl_tid",     NULL },
        { "parked_o",      "rc_parked",     NULL },
        { "can_launch_o",  "rc_can_launch", NULL },
        { "sl_count_o",    "rc_sl_count",   NULL },
        { "err_o",         "rc_err_o",      NULL },
    };

    vgen_section(v, "The control-flow stage: the HARP tables");
    vgen_instance(v, "simtref_sm_reconv", "u_reconv", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}
