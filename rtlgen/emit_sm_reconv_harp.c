/*
 * emit_sm_reconv_harp.c -- simtref_sm_reconv under harp: the SM's
 * control-flow stage of one warp scheduler as HARP builds it (sections
 * 4.1 to 4.3, Fig. 7), behind the port the SM drives
 * (golden/sm/sm_reconv.h).  The module is golden/sm/sm_reconv_harp*.c in
 * hardware: instances of simtref_rbt, simtref_ready_lookup,
 * simtref_waiting_lookup, simtref_warp_tables and two simtref_harp_queue
 * (the warps entering Second-Level from outside the tables, and exited
 * threads' arrivals at their RBT barriers), wired in harp_cycle()'s
 * order (the routed commit, the RBT's commit port, the divergence's
 * groups, the Waiting-Lookup's ports, Second-Level's candidates, the
 * First-Level update), and the stage's own registers: the group arriving
 * at its re-convergence PC (pend), the RBT's P - 1 commit registers, and
 * per thread exited, parked and the PC it resumes at after simt.bar.
 * docs/rtl-stages.md, "The control-flow stage under harp", is its
 * design.
 */
#include "rtlgen.h"
#include "harp_queue.h"
#include "rbt.h"
#include "warp_tables.h"

#include <stdio.h>
#include <string.h>

/* A text of Verilog lines at the writer's indentation. */
static void emit_text(struct vgen *v, const char *const *lines)
{
    for (; *lines; lines++) {
        if (**lines)
            vgen_line(v, "%s", *lines);
        else
            vgen_blank(v);
    }
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct rbt_geometry *rg,
                        const struct warp_tables_geometry *tg,
                        const struct harp_queue_geometry *eq,
                        const struct harp_queue_geometry *gq)
{
    const struct vparam params[] = {
        { "NUM_WARPS",     eq->warps,  NULL, "launch warps of this scheduler" },
        { "LANES",         tg->lanes,  NULL, "threads per warp: mask width" },
        { "PC_W",          tg->pc_w,   NULL, "a PC: an instruction's index in the text" },
        { "TW",            tg->tw,     NULL, "a thread id without its lane bits: its launch warp" },
        { "FL",            tg->fl,     NULL, "First-Level slots: the scheduler's issue slots" },
        { "SL",            tg->sl,     NULL, "Second-Level entries" },
        { "THRESHOLD",     tg->threshold, NULL, "lookup-to-second while Second-Level holds fewer" },
        { "RBT_ENTRIES",   rg->entries, NULL, "re-convergence barriers" },
        { "RBT_WAYS",      rg->ways,   NULL, "... ways per set" },
        { "READY_ENTRIES", cfg->ready_lookup_entries, NULL, "Ready-Lookup entries" },
        { "WAIT_ENTRIES",  cfg->waiting_lookup_entries, NULL, "Waiting-Lookup entries" },
        { "ENTER_DEPTH",   eq->entries, NULL, "entering queue: NUM_WARPS x LANES + 4 warps" },
        { "ENTER_WR",      eq->ports,  NULL, "... its write ports, one per source" },
        { "GONE_DEPTH",    gq->entries, NULL, "arrivals' queue: NUM_WARPS x LANES x RBT_ENTRIES + 1" },
        { NULL, 0, NULL, "Derived widths" },
        { "WARP_W",   0, "(NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1", "a launch warp, or a slot" },
        { "FSLOT_W",  0, "(FL > 1) ? $clog2(FL) : 1", "a First-Level slot" },
        { "WSLOT_W",  0, "(WAIT_ENTRIES > 1) ? $clog2(WAIT_ENTRIES) : 1", "a Waiting-Lookup entry" },
        { "RSLOT_W",  0, "(READY_ENTRIES > 1) ? $clog2(READY_ENTRIES) : 1", "a Ready-Lookup age rank" },
        { "CNT_W",    0, "$clog2(SL + 1)", "Second-Level's count" },
        { "LANE_W",   0, "$clog2(LANES + 1)", "a count of 0..LANES" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                 "clk_i",       "clock" },
        { "input",  "",                 "rst_ni",      "asynchronous reset, active low: every table empty" },
        { NULL, NULL, NULL, "Update: a warp's launch, or the instruction a slot executed" },
        { "input",  "[1:0]",            "op_i",        "0 none, 1 launch, 2 an executed instruction" },
        { "input",  "[WARP_W-1:0]",     "warp_i",      "launch: the launch warp; else the First-Level slot" },
        { "input",  "[PC_W-1:0]",       "pc_i",        "launch: the entry PC" },
        { "input",  "[LANES-1:0]",      "mask_i",      "launch: its threads; else the lanes that ran" },
        { "input",  "",                 "split_i",     "a conditional branch, or an indirect jump" },
        { "input",  "[LANES-1:0]",      "taken_i",     "... its lanes going to tpc_i" },
        { "input",  "[PC_W-1:0]",       "tpc_i",       "... where they go" },
        { "input",  "[PC_W-1:0]",       "npc_i",       "where the (other) lanes go" },
        { "input",  "",                 "rpc_valid_i", "side-band: the branch has a re-convergence PC ..." },
        { "input",  "[PC_W-1:0]",       "rpc_i",       "... this one" },
        { "input",  "[LANES*PC_W-1:0]", "lane_pc_i",   "per lane of mask_i: where its thread goes" },
        { "input",  "",                 "bar_i",       "the instruction was simt.bar" },
        { "input",  "",                 "exit_i",      "... simt.exit" },
        { "input",  "",                 "mem_wait_i",  "... a load or atomic of global memory" },
        { NULL, NULL, NULL, "The SM's state the stage reads" },
        { "input",  "[NUM_WARPS-1:0]",  "release_i",   "the launch warps whose TB's barrier releases on this edge" },
        { "input",  "[NUM_WARPS*LANES-1:0]", "mem_pending_i", "per launch warp: its lanes waiting on global memory" },
        { NULL, NULL, NULL, "Read port: the PC and mask fetch reads of a slot" },
        { "input",  "[WARP_W-1:0]",     "rd_warp_i",   "the First-Level slot" },
        { "output", "",                 "rd_valid_o",  "it has threads to run" },
        { "output", "[PC_W-1:0]",       "rd_pc_o",     "its PC (a held slot's: its commit's next PC)" },
        { "output", "[LANES-1:0]",      "rd_mask_o",   "its lanes" },
        { NULL, NULL, NULL, "What the SM reads of the tables" },
        { "output", "[FL-1:0]",         "issuable_o",  "a slot may issue" },
        { "output", "[FL-1:0]",         "fetchable_o", "a slot holds a warp" },
        { "output", "[FL*PC_W-1:0]",    "fl_pc_o",     "per slot: its PC (0 when empty)" },
        { "output", "[FL*LANES-1:0]",   "fl_mask_o",   "... its lanes" },
        { "output", "[FL*LANES*TW-1:0]", "fl_tid_o",   "... each lane's launch warp (0 outside the mask)" },
        { "output", "[NUM_WARPS*LANES-1:0]", "parked_o", "per launch warp: its threads at simt.bar" },
        { "output", "[NUM_WARPS-1:0]",  "can_launch_o", "a launch warp none of whose threads a barrier holds" },
        { "output", "[CNT_W-1:0]",      "sl_count_o",  "warps in Second-Level" },
        { NULL, NULL, NULL, "Errors" },
        { "output", "",                 "err_o",       "a table refused its inputs, or an issue while pend arrives" },
    };

    /* pend: valid, of exited threads, PC, lanes, launch warps; a commit
     * register: hold_fields[] (nine bits, the slot, three lane masks,
     * five PCs, a PC per lane, a launch warp per lane) */
    unsigned long pend_bits = 2ul + tg->pc_w + tg->lanes
                              + (unsigned long)tg->lanes * tg->tw;
    unsigned long row_bits = 9ul + tg->fslot_w + 3ul * tg->lanes
                             + 5ul * tg->pc_w
                             + (unsigned long)tg->lanes * (tg->pc_w + tg->tw);

    emit_file_header(v, "simtref_sm_reconv.v",
                     "the SM's control-flow stage of one warp scheduler (harp)",
                     "HARP sections 4.1 to 4.3, Fig. 7; C model: "
                     "golden/sm/sm_reconv_harp*.c.", cfg);
    vgen_line(v, "// The HARP tables of one scheduler wired as harp_cycle() wires their");
    vgen_line(v, "// models.  The commit routed this cycle meets the RBT's answer: %s",
              rg->stages == 1 ? "the" : "with");
    if (rg->stages == 1)
        vgen_line(v, "// update, or the group arriving at its RPC (an RBT of one stage).");
    else
        vgen_line(v, "// an RBT of %u stages, the oldest of the commit registers.", rg->stages);
    vgen_line(v, "// A divergence's threads go to the Ready-Lookup by the PC each goes to");
    vgen_line(v, "// (a group at the re-convergence PC arrives there next, as pend); a");
    vgen_line(v, "// global load's to the Waiting-Lookup; Second-Level takes the released");
    vgen_line(v, "// barrier, a warp entering from outside, the Ready-Lookup's head.  The");
    vgen_line(v, "// edge pushes into the two queues, in port order, every warp that enters");
    vgen_line(v, "// from outside (a launch, a TB barrier's release, what the tables could");
    vgen_line(v, "// not hold) and each exited thread's arrival at a barrier.");
    if (rg->stages > 1)
        vgen_line(v, "// Stage registers: %lu flip-flops (pend, %u commit register%s of %lu "
                  "bits,", pend_bits + (unsigned long)(rg->stages - 1) * row_bits
                  + (unsigned long)eq->warps * tg->lanes * (2 + tg->pc_w),
                  rg->stages - 1, rg->stages == 2 ? "" : "s", row_bits);
    else
        vgen_line(v, "// Stage registers: %lu flip-flops (pend, no commit register,",
                  pend_bits + (unsigned long)eq->warps * tg->lanes * (2 + tg->pc_w));
    vgen_line(v, "// and per thread exited, parked and its PC at simt.bar), beside the");
    vgen_line(v, "// instances.");
    vgen_blank(v);
    vgen_module_begin(v, "simtref_sm_reconv", params,
                      sizeof params / sizeof params[0], ports,
                      sizeof ports / sizeof ports[0]);
}

static void emit_update(struct vgen *v)
{
    static const char *const text[] = {
        "localparam [1:0] UPD_LAUNCH = 2'd1, UPD_EXEC = 2'd2;   // op_i; 0: no update",
        "",
        "wire             launch  = op_i == UPD_LAUNCH;",
        "wire             exec    = op_i == UPD_EXEC && mask_i != {LANES{1'b0}};",
        "wire             in_div  = split_i && taken_i != {LANES{1'b0}} && taken_i != mask_i;",
        "wire [PC_W-1:0]  in_next = split_i && taken_i != {LANES{1'b0}} ? tpc_i : npc_i;",
        "",
        "// First-Level as the warp tables show it, and the issued slot's warp",
        "wire [FL-1:0]          fl_valid;",
        "wire [FL*PC_W-1:0]     fl_pc;",
        "wire [FL*LANES-1:0]    fl_mask;",
        "wire [FL*LANES*TW-1:0] fl_tid;",
        "reg  [LANES-1:0]       f_mask;",
        "reg  [LANES*TW-1:0]    f_tid;",
        "integer                fi;",
        "",
        "always @* begin",
        "  f_mask = {LANES{1'b0}};",
        "  f_tid  = {(LANES*TW){1'b0}};",
        "  for (fi = 0; fi < FL; fi = fi + 1) begin",
        "    if (warp_i == fi[WARP_W-1:0]) begin",
        "      f_mask = fl_mask[fi*LANES +: LANES];",
        "      f_tid  = fl_tid[fi*LANES*TW +: LANES*TW];",
        "    end",
        "  end",
        "end",
        NULL
    };

    vgen_section(v, "The update and the issued slot");
    emit_text(v, text);
}

/* The group arriving at its RPC, and the stage's per-thread registers'
 * declarations (their edges are in emit_edge()). */
static void emit_state(struct vgen *v)
{
    static const char *const text[] = {
        "reg                         pend_q;       // a group arrives at its RPC this cycle ...",
        "reg                         pend_gone_q;  // ... of exited threads",
        "reg  [PC_W-1:0]             pend_pc_q;",
        "reg  [LANES-1:0]            pend_mask_q;",
        "reg  [LANES*TW-1:0]         pend_tid_q;",
        "wire [NUM_WARPS*LANES-1:0]  exited;       // per thread: it exited",
        "wire [NUM_WARPS*LANES-1:0]  parked;       // ... it waits at simt.bar",
        NULL
    };

    vgen_section(v, "The stage's registers");
    emit_text(v, text);
}

/* One commit register's fields, their widths (Verilog expressions). */
static const struct { const char *name, *width, *what; } hold_fields[] = {
    { "VALID", "1",          "the register holds a commit" },
    { "PEND",  "1",          "... a group arriving at its RPC (else an update)" },
    { "GONE",  "1",          "... of exited threads" },
    { "SLOT",  "FSLOT_W",     "the update's First-Level slot" },
    { "MASK",  "LANES",      "... its lanes that ran" },
    { "SPLIT", "1",          "... split_i" },
    { "TAKEN", "LANES",      "... taken_i" },
    { "TPC",   "PC_W",       "... tpc_i" },
    { "NPC",   "PC_W",       "... npc_i" },
    { "RPCV",  "1",          "... rpc_valid_i" },
    { "RPC",   "PC_W",       "... rpc_i" },
    { "LPC",   "LANES*PC_W", "... lane_pc_i" },
    { "BAR",   "1",          "... bar_i" },
    { "EXIT",  "1",          "... exit_i" },
    { "MW",    "1",          "... mem_wait_i" },
    { "FREES", "1",          "... its routing frees the slot" },
    { "NEXT",  "PC_W",       "... else the slot's next PC" },
    { "GPC",   "PC_W",       "the group's PC" },
    { "WMASK", "LANES",      "the group's lanes, or the slot's" },
    { "WTID",  "LANES*TW",   "... their launch warps" },
};
enum { HOLD_FIELDS = sizeof hold_fields / sizeof hold_fields[0] };

/* The commit routed this cycle (harp_route_of()): with one RBT stage
 * the group arriving at its RPC or the update; with more, the oldest
 * commit register, the presented commit entering the youngest. */
static void emit_route(struct vgen *v, unsigned stages)
{
    static const char *const one[] = {
        "// One stage: the table answers the commit of this cycle.",
        "assign r_pend   = pend_q;",
        "assign r_gone   = pend_gone_q;",
        "assign r_gpc    = pend_pc_q;",
        "assign r_x      = exec && !pend_q;   // a group arriving routes no update",
        "assign r_slot   = warp_i[FSLOT_W-1:0];",
        "assign r_mask   = mask_i;",
        "assign r_split  = split_i;",
        "assign r_taken  = taken_i;",
        "assign r_tpc    = tpc_i;",
        "assign r_npc    = npc_i;",
        "assign r_rpcv   = rpc_valid_i;",
        "assign r_rpc    = rpc_i;",
        "assign r_lpc    = lane_pc_i;",
        "assign r_bar    = bar_i;",
        "assign r_exit   = exit_i;",
        "assign r_mw     = mem_wait_i;",
        "assign r_wmask  = pend_q ? pend_mask_q : f_mask;",
        "assign r_wtid   = pend_q ? pend_tid_q : f_tid;",
        "assign held     = {FL{1'b0}};          // no commit waits in a register",
        "assign h_frees  = {FL{1'b0}};",
        "assign h_next   = {(FL*PC_W){1'b0}};",
        "assign h_lanes  = {NUM_WARPS{1'b0}};",
        NULL
    };
    char prev[64] = "0";

    vgen_section(v, "The routed commit: the one whose RBT answer appears this cycle");
    vgen_line(v, "wire                  r_pend, r_gone;    // a group arriving at its RPC ...");
    vgen_line(v, "wire [PC_W-1:0]       r_gpc;             // ... at this PC");
    vgen_line(v, "wire                  r_x;               // or an update of a slot");
    vgen_line(v, "wire [FSLOT_W-1:0]    r_slot;");
    vgen_line(v, "wire [LANES-1:0]      r_mask, r_taken;");
    vgen_line(v, "wire                  r_split, r_rpcv, r_bar, r_exit, r_mw;");
    vgen_line(v, "wire [PC_W-1:0]       r_tpc, r_npc, r_rpc;");
    vgen_line(v, "wire [LANES*PC_W-1:0] r_lpc;");
    vgen_line(v, "wire [LANES-1:0]      r_wmask;           // the group's lanes, or the slot's");
    vgen_line(v, "wire [LANES*TW-1:0]   r_wtid;            // ... their launch warps");
    vgen_line(v, "wire [FL-1:0]         held;              // slots whose commit is in a register");
    vgen_line(v, "wire [FL-1:0]         h_frees;           // ... the commit frees the slot ...");
    vgen_line(v, "wire [FL*PC_W-1:0]    h_next;            // ... else its next PC");
    vgen_line(v, "wire [NUM_WARPS-1:0]  h_lanes;           // launch warps with a thread in a register");
    vgen_blank(v);
    if (stages == 1) {
        emit_text(v, one);
        return;
    }
    vgen_line(v, "// The commit registers, oldest (routed now) at row 0: each row's fields.");
    for (unsigned f = 0; f < HOLD_FIELDS; f++) {
        vgen_line(v, "localparam integer H_%-5s = %s;%*s// %s", hold_fields[f].name,
                  prev, (int)(14 - strlen(prev)), "", hold_fields[f].what);
        snprintf(prev, sizeof prev, "H_%s + %s", hold_fields[f].name,
                 hold_fields[f].width);
    }
    vgen_line(v, "localparam integer ROW_W   = %s;", prev);
    vgen_line(v, "localparam integer NH      = %u;             // registers: the RBT's stages - 1",
              stages - 1);
    vgen_blank(v);
    vgen_line(v, "reg  [NH*ROW_W-1:0] hold_q;");
    vgen_line(v, "wire [ROW_W-1:0]    next_row;   // the commit presented on this edge");
    vgen_line(v, "wire [ROW_W-1:0]    r_row = hold_q[ROW_W-1:0];");
    vgen_blank(v);
    vgen_line(v, "// The group arriving at its RPC, else the issued warp: the RBT takes it");
    vgen_line(v, "// now and answers it NH cycles later; the slot is held meanwhile.");
    vgen_line(v, "assign next_row = {f_tid & {(LANES*TW){!pend_q}} | pend_tid_q & {(LANES*TW){pend_q}},");
    vgen_line(v, "                   pend_q ? pend_mask_q : f_mask, pend_pc_q & {PC_W{pend_q}},");
    vgen_line(v, "                   in_next, in_div || bar_i || exit_i || mem_wait_i,");
    vgen_line(v, "                   mem_wait_i, exit_i, bar_i, lane_pc_i, rpc_i, rpc_valid_i,");
    vgen_line(v, "                   npc_i, tpc_i, taken_i, split_i, mask_i, warp_i[FSLOT_W-1:0],");
    vgen_line(v, "                   pend_gone_q && pend_q, pend_q, pend_q || exec};");
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i or negedge rst_ni)");
    vgen_begin(v, "if (!rst_ni)");
    vgen_line(v, "hold_q <= {(NH*ROW_W){1'b0}};");
    vgen_else(v);
    if (stages == 2)
        vgen_line(v, "hold_q <= next_row;");
    else
        vgen_line(v, "hold_q <= {next_row, hold_q[NH*ROW_W-1:ROW_W]};");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    emit_text(v, (const char *const[]){
        "assign r_pend  = r_row[H_VALID] && r_row[H_PEND];",
        "assign r_gone  = r_row[H_GONE];",
        "assign r_gpc   = r_row[H_GPC +: PC_W];",
        "assign r_x     = r_row[H_VALID] && !r_row[H_PEND];",
        "assign r_slot  = r_row[H_SLOT +: FSLOT_W];",
        "assign r_mask  = r_row[H_MASK +: LANES];",
        "assign r_split = r_row[H_SPLIT];",
        "assign r_taken = r_row[H_TAKEN +: LANES];",
        "assign r_tpc   = r_row[H_TPC +: PC_W];",
        "assign r_npc   = r_row[H_NPC +: PC_W];",
        "assign r_rpcv  = r_row[H_RPCV];",
        "assign r_rpc   = r_row[H_RPC +: PC_W];",
        "assign r_lpc   = r_row[H_LPC +: LANES*PC_W];",
        "assign r_bar   = r_row[H_BAR];",
        "assign r_exit  = r_row[H_EXIT];",
        "assign r_mw    = r_row[H_MW];",
        "assign r_wmask = r_row[H_WMASK +: LANES];",
        "assign r_wtid  = r_row[H_WTID +: LANES*TW];",
        "",
        "// The slots held and their commits (the oldest that names each),",
        "// and the launch warps whose threads a register holds.",
        "reg  [FL-1:0]        held_r;",
        "reg  [FL-1:0]        hf;",
        "reg  [FL*PC_W-1:0]   hn;",
        "reg  [NUM_WARPS-1:0] hw;",
        "integer              hk, hs, hl_l, hl_w;",
        "",
        "always @* begin",
        "  held_r = {FL{1'b0}};",
        "  hf  = {FL{1'b0}};",
        "  hn  = {(FL*PC_W){1'b0}};",
        "  hw  = {NUM_WARPS{1'b0}};",
        "  for (hk = NH - 1; hk >= 0; hk = hk - 1) begin",
        "    if (hold_q[hk*ROW_W + H_VALID] && !hold_q[hk*ROW_W + H_PEND]) begin",
        "      for (hs = 0; hs < FL; hs = hs + 1)",
        "        if (hold_q[hk*ROW_W + H_SLOT +: FSLOT_W] == hs[FSLOT_W-1:0]) begin",
        "          held_r[hs] = 1'b1;",
        "          hf[hs] = hold_q[hk*ROW_W + H_FREES];",
        "          hn[hs*PC_W +: PC_W] = hold_q[hk*ROW_W + H_NEXT +: PC_W];",
        "        end",
        "    end",
        "    for (hl_l = 0; hl_l < LANES; hl_l = hl_l + 1)",
        "      for (hl_w = 0; hl_w < NUM_WARPS; hl_w = hl_w + 1)",
        "        if (hold_q[hk*ROW_W + H_VALID] && hold_q[hk*ROW_W + H_WMASK + hl_l]",
        "            && hold_q[hk*ROW_W + H_WTID + hl_l*TW +: TW] == hl_w[TW-1:0])",
        "          hw[hl_w] = 1'b1;",
        "  end",
        "end",
        "",
        "assign held     = held_r;",
        "assign h_frees  = hf;",
        "assign h_next   = hn;",
        "assign h_lanes  = hw;",
        NULL });
}

/* The RBT's commit port (rbt_commit_port()): the group arriving at its
 * RPC, a diverged warp's reservation at its branch's RPC, or a warp's
 * threads reaching their next PC; and the instance. */
static void emit_rbt_port(struct vgen *v, unsigned stages)
{
    static const char *const text[] = {
        "wire                  cmt_valid = pend_q || (exec && (in_div ? rpc_valid_i : !bar_i && !exit_i));",
        "wire                  cmt_div   = !pend_q && exec && in_div;",
        "wire [PC_W-1:0]       cmt_pc    = pend_q ? pend_pc_q : in_div ? rpc_i : in_next;",
        "wire [LANES-1:0]      cmt_mask  = !cmt_valid ? {LANES{1'b0}} : pend_q ? pend_mask_q : mask_i;",
        "wire [LANES*TW-1:0]   cmt_tid   = pend_q ? pend_tid_q : f_tid;",
        "wire [LANES-1:0]      arr_hit;            // the routed commit's threads at their barrier",
        "wire                  rel_valid, rel_ready, rbt_err;",
        "wire [PC_W-1:0]       rel_pc;",
        "wire [LANES-1:0]      rel_mask;",
        "wire [LANES*TW-1:0]   rel_tid;",
        "wire [RBT_ENTRIES-1:0]            rbt_valid;",
        "wire [RBT_ENTRIES*PC_W-1:0]       rbt_rpc;",
        "wire [RBT_ENTRIES*LANES-1:0]      rbt_member, rbt_reached;",
        "wire [RBT_ENTRIES*LANES*TW-1:0]   rbt_tid;",
        "/* verilator lint_off UNUSEDSIGNAL */",
        "wire [LANES-1:0]      rsv_fail;           // its threads no barrier holds: they run on",
        "wire [$clog2(RBT_ENTRIES + 1)-1:0] rbt_occupancy;",
        "/* verilator lint_on UNUSEDSIGNAL */",
        NULL
    };
    const struct vconn params[] = {
        { "ENTRIES",    "RBT_ENTRIES", NULL },
        { "WAYS",       "RBT_WAYS",    NULL },
        { "LANES",      "LANES",       NULL },
        { "PC_W",       "PC_W",        NULL },
        { "TW",         "TW",          NULL },
        { "SHOW_TABLE", "1",           "exits and launches read the barriers" },
        { "STAGES",     "NH + 1",      "it answers as the oldest register leaves" },
    };
    static const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "cmt_valid_i",    "cmt_valid",     NULL },
        { "cmt_diverged_i", "cmt_div",       NULL },
        { "cmt_pc_i",       "cmt_pc",        NULL },
        { "cmt_mask_i",     "cmt_mask",      NULL },
        { "cmt_tid_i",      "cmt_tid",       NULL },
        { "rsv_fail_o",     "rsv_fail",      NULL },
        { "arr_hit_o",      "arr_hit",       NULL },
        { "err_o",          "rbt_err",       NULL },
        { "rel_ready_i",    "rel_ready",     NULL },
        { "rel_valid_o",    "rel_valid",     NULL },
        { "rel_pc_o",       "rel_pc",        NULL },
        { "rel_mask_o",     "rel_mask",      NULL },
        { "rel_tid_o",      "rel_tid",       NULL },
        { "occupancy_o",    "rbt_occupancy", NULL },
        { "valid_o",        "rbt_valid",     NULL },
        { "rpc_o",          "rbt_rpc",       NULL },
        { "member_o",       "rbt_member",    NULL },
        { "reached_o",      "rbt_reached",   NULL },
        { "tid_o",          "rbt_tid",       NULL },
    };

    vgen_section(v, "RBT: the commit presented now; the answer routes the routed commit");
    emit_text(v, text);
    vgen_blank(v);
    /* a one-stage table has no STAGES parameter */
    vgen_instance(v, "simtref_rbt", "u_rbt", params,
                  sizeof params / sizeof params[0] - (stages == 1), conns,
                  sizeof conns / sizeof conns[0]);
}

/* divergence_groups(): the routed divergence's threads in groups, one
 * per PC they go to, the taken lanes' group first, then by their lowest
 * lane; a group at the RPC arrives there next (pend), the first two
 * others take the Ready-Lookup's insert ports, the rest enter. */
static void emit_div_groups(struct vgen *v)
{
    static const char *const text[] = {
        "wire [PC_W-1:0]   r_next = r_split && r_taken != {LANES{1'b0}} ? r_tpc : r_npc;",
        "wire              r_div  = r_x && r_split && r_taken != {LANES{1'b0}} && r_taken != r_mask;",
        "wire [LANES-1:0]  first  = r_taken & (~r_taken + 1'b1);   // the lowest taken lane",
        "reg  [PC_W-1:0]   first_pc;",
        "reg  [LANES-1:0]  lead;          // lane l leads its group",
        "reg  [LANES-1:0]  at_rpc;        // ... which goes to the RPC",
        "reg  [LANES*LANES-1:0]  gmask;   // ... the group's lanes",
        "reg  [LANES*LANE_W-1:0] rank;    // ... the groups before it, but the RPC's",
        "reg  [LANES-1:0]  below;",
        "reg  [LANE_W-1:0] n;",
        "integer           dl, dm;",
        "",
        "always @* begin",
        "  first_pc = {PC_W{1'b0}};",
        "  for (dl = 0; dl < LANES; dl = dl + 1)",
        "    if (first[dl]) first_pc = r_lpc[dl*PC_W +: PC_W];",
        "  for (dl = 0; dl < LANES; dl = dl + 1) begin",
        "    below = {LANES{1'b0}};",
        "    for (dm = 0; dm < LANES; dm = dm + 1) begin",
        "      gmask[dl*LANES + dm] = r_mask[dm] && r_lpc[dm*PC_W +: PC_W] == r_lpc[dl*PC_W +: PC_W];",
        "      below[dm] = dm < dl && gmask[dl*LANES + dm];",
        "    end",
        "    lead[dl] = r_div && r_mask[dl]",
        "               && (first[dl] || (r_lpc[dl*PC_W +: PC_W] != first_pc && below == {LANES{1'b0}}));",
        "    at_rpc[dl] = r_rpcv && r_lpc[dl*PC_W +: PC_W] == r_rpc;",
        "  end",
        "  for (dl = 0; dl < LANES; dl = dl + 1) begin",
        "    n = {LANE_W{1'b0}};",
        "    for (dm = 0; dm < LANES; dm = dm + 1)",
        "      if (lead[dm] && !at_rpc[dm] && !first[dl] && (first[dm] || dm < dl))",
        "        n = n + 1'b1;",
        "    rank[dl*LANE_W +: LANE_W] = n;",
        "  end",
        "end",
        "",
        "// Group g's warp: the leader whose rank is g (the RPC's apart).",
        "reg  [LANES-1:0]      grp_valid;",
        "reg  [LANES*PC_W-1:0] grp_pc;",
        "reg  [LANES*LANES-1:0] grp_mask;",
        "reg                   side_valid;   // the group at the RPC",
        "reg  [PC_W-1:0]       side_pc;",
        "reg  [LANES-1:0]      side_mask;",
        "integer               ql, qg;",
        "",
        "always @* begin",
        "  grp_valid  = {LANES{1'b0}};",
        "  grp_pc     = {(LANES*PC_W){1'b0}};",
        "  grp_mask   = {(LANES*LANES){1'b0}};",
        "  side_valid = 1'b0;",
        "  side_pc    = {PC_W{1'b0}};",
        "  side_mask  = {LANES{1'b0}};",
        "  for (ql = 0; ql < LANES; ql = ql + 1) begin",
        "    if (lead[ql] && at_rpc[ql]) begin",
        "      side_valid = 1'b1;",
        "      side_pc    = r_lpc[ql*PC_W +: PC_W];",
        "      side_mask  = gmask[ql*LANES +: LANES];",
        "    end",
        "    for (qg = 0; qg < LANES; qg = qg + 1)",
        "      if (lead[ql] && !at_rpc[ql] && rank[ql*LANE_W +: LANE_W] == qg[LANE_W-1:0]) begin",
        "        grp_valid[qg] = 1'b1;",
        "        grp_pc[qg*PC_W +: PC_W] = r_lpc[ql*PC_W +: PC_W];",
        "        grp_mask[qg*LANES +: LANES] = gmask[ql*LANES +: LANES];",
        "      end",
        "  end",
        "end",
        "",
        "// A warp's launch warps are read only in the lanes of its mask, by",
        "// every table and queue, which show 0 elsewhere: a group carries the",
        "// routed warp's launch warps in every lane.",
        NULL
    };

    vgen_section(v, "The routed divergence's groups: a group per PC its threads go to");
    emit_text(v, text);
}

/* The Ready-Lookup (its insert ports the first two groups), the
 * Waiting-Lookup (waiting_lookup_ports()) and the tables' instances. */
static void emit_lookup_ports(struct vgen *v)
{
    static const char *const text[] = {
        "wire [1:0]          rdy_ins_valid = grp_valid[1:0];",
        "wire [2*PC_W-1:0]   rdy_ins_pc    = grp_pc[2*PC_W-1:0];",
        "wire [2*LANES-1:0]  rdy_ins_mask  = grp_mask[2*LANES-1:0];",
        "wire [2*LANES*TW-1:0] rdy_ins_tid = {r_wtid, r_wtid};",
        "wire [1:0]          rdy_bypass;",
        "wire                rdy_pop, rdy_head_valid, rdy_err;",
        "wire [PC_W-1:0]     rdy_head_pc;",
        "wire [LANES-1:0]    rdy_head_mask;",
        "wire [LANES*TW-1:0] rdy_head_tid;",
        "/* verilator lint_off UNUSEDSIGNAL */",
        "wire [1:0]          rdy_merged;",
        "wire [$clog2(READY_ENTRIES + 1)-1:0] rdy_count;",
        "wire [READY_ENTRIES-1:0]             rdy_valid;",
        "wire [READY_ENTRIES*RSLOT_W-1:0]     rdy_age;",
        "wire [READY_ENTRIES*PC_W-1:0]        rdy_pc;",
        "wire [READY_ENTRIES*LANES-1:0]       rdy_mask;",
        "wire [READY_ENTRIES*LANES*TW-1:0]    rdy_tid;",
        "/* verilator lint_on UNUSEDSIGNAL */",
        "",
        "// Waiting-Lookup: the lowest entry none of whose threads waits on global",
        "// memory completes; a routed global load's threads not at a barrier enter.",
        "wire [WAIT_ENTRIES-1:0]          wl_valid;",
        "wire [WAIT_ENTRIES*LANES-1:0]    wl_mask;",
        "wire [WAIT_ENTRIES*LANES*TW-1:0] wl_tid;",
        "wire [WAIT_ENTRIES*LANES-1:0]    wl_pending;   // per entry and lane: its thread waits",
        "reg                              wl_done_valid;",
        "reg  [WSLOT_W-1:0]               wl_done_slot;",
        "integer                          we;",
        "genvar                           gwe, gwl;",
        "",
        "generate",
        "  for (gwe = 0; gwe < WAIT_ENTRIES; gwe = gwe + 1) begin : g_wait",
        "    for (gwl = 0; gwl < LANES; gwl = gwl + 1) begin : g_lane",
        "      localparam integer E = gwe*LANES + gwl;",
        "      assign wl_pending[E] = wl_mask[E] && mem_pending_i[wl_tid[E*TW +: TW]*LANES + gwl];",
        "    end",
        "  end",
        "endgenerate",
        "",
        "always @* begin",
        "  wl_done_valid = 1'b0;",
        "  wl_done_slot  = {WSLOT_W{1'b0}};",
        "  for (we = WAIT_ENTRIES - 1; we >= 0; we = we - 1) begin",
        "    if (wl_valid[we] && wl_pending[we*LANES +: LANES] == {LANES{1'b0}}) begin",
        "      wl_done_valid = 1'b1;",
        "      wl_done_slot  = we[WSLOT_W-1:0];",
        "    end",
        "  end",
        "end",
        "",
        "wire [LANES-1:0]    wl_ins_mask  = r_wmask & ~arr_hit;",
        "wire                wl_ins_valid = r_x && r_mw && !r_div && !r_bar && !r_exit",
        "                                   && wl_ins_mask != {LANES{1'b0}};",
        "wire                wl_bypass, wl_err;",
        "wire [PC_W-1:0]     wl_done_pc;",
        "wire [LANES-1:0]    wl_done_mask;",
        "wire [LANES*TW-1:0] wl_done_tid;",
        "/* verilator lint_off UNUSEDSIGNAL */",
        "wire                wl_merged;",
        "wire [WSLOT_W-1:0]  wl_ins_slot;",
        "wire [$clog2(WAIT_ENTRIES + 1)-1:0] wl_count;",
        "wire [WAIT_ENTRIES*PC_W-1:0]        wl_pc;",
        "/* verilator lint_on UNUSEDSIGNAL */",
        NULL
    };
    static const struct vconn lparams[] = {
        { "ENTRIES",    "READY_ENTRIES", NULL },
        { "LANES",      "LANES",         NULL },
        { "PC_W",       "PC_W",          NULL },
        { "TW",         "TW",            NULL },
        { "SHOW_TABLE", "0",             "the stage reads its head alone" },
    };
    static const struct vconn lconns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "ins_valid_i",  "rdy_ins_valid",  NULL },
        { "ins_pc_i",     "rdy_ins_pc",     NULL },
        { "ins_mask_i",   "rdy_ins_mask",   NULL },
        { "ins_tid_i",    "rdy_ins_tid",    NULL },
        { "ins_merged_o", "rdy_merged",     NULL },
        { "ins_bypass_o", "rdy_bypass",     NULL },
        { "pop_i",        "rdy_pop",        NULL },
        { "head_valid_o", "rdy_head_valid", NULL },
        { "head_pc_o",    "rdy_head_pc",    NULL },
        { "head_mask_o",  "rdy_head_mask",  NULL },
        { "head_tid_o",   "rdy_head_tid",   NULL },
        { "count_o",      "rdy_count",      NULL },
        { "valid_o",      "rdy_valid",      NULL },
        { "age_o",        "rdy_age",        NULL },
        { "pc_o",         "rdy_pc",         NULL },
        { "mask_o",       "rdy_mask",       NULL },
        { "tid_o",        "rdy_tid",        NULL },
        { "err_o",        "rdy_err",        NULL },
    };
    static const struct vconn wparams[] = {
        { "ENTRIES",    "WAIT_ENTRIES", NULL },
        { "LANES",      "LANES",        NULL },
        { "PC_W",       "PC_W",         NULL },
        { "TW",         "TW",           NULL },
        { "SHOW_TABLE", "1",            "completion reads each entry's threads" },
    };
    static const struct vconn wconns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "ins_valid_i",  "wl_ins_valid",  NULL },
        { "ins_pc_i",     "r_next",        NULL },
        { "ins_mask_i",   "wl_ins_mask",   NULL },
        { "ins_tid_i",    "r_wtid",        NULL },
        { "ins_merged_o", "wl_merged",     NULL },
        { "ins_bypass_o", "wl_bypass",     NULL },
        { "ins_slot_o",   "wl_ins_slot",   NULL },
        { "done_valid_i", "wl_done_valid", NULL },
        { "done_slot_i",  "wl_done_slot",  NULL },
        { "done_pc_o",    "wl_done_pc",    NULL },
        { "done_mask_o",  "wl_done_mask",  NULL },
        { "done_tid_o",   "wl_done_tid",   NULL },
        { "count_o",      "wl_count",      NULL },
        { "valid_o",      "wl_valid",      NULL },
        { "pc_o",         "wl_pc",         NULL },
        { "mask_o",       "wl_mask",       NULL },
        { "tid_o",        "wl_tid",        NULL },
        { "err_o",        "wl_err",        NULL },
    };

    vgen_section(v, "Ready-Lookup and Waiting-Lookup");
    emit_text(v, text);
    vgen_blank(v);
    vgen_instance(v, "simtref_ready_lookup", "u_ready", lparams,
                  sizeof lparams / sizeof lparams[0], lconns,
                  sizeof lconns / sizeof lconns[0]);
    vgen_blank(v);
    vgen_instance(v, "simtref_waiting_lookup", "u_waiting", wparams,
                  sizeof wparams / sizeof wparams[0], wconns,
                  sizeof wconns / sizeof wconns[0]);
}

/* second_level_candidates() and first_level_update(): the warp tables'
 * inputs and the instance. */
static void emit_level_tables(struct vgen *v)
{
    static const char *const text[] = {
        "// The released barrier less its exited threads (one of exited threads",
        "// alone is freed: nothing enters).",
        "wire [LANES-1:0]    rel_exited;",
        "genvar              gbl;",
        "",
        "generate",
        "  for (gbl = 0; gbl < LANES; gbl = gbl + 1) begin : g_rel",
        "    assign rel_exited[gbl] = exited[rel_tid[gbl*TW +: TW]*LANES + gbl];",
        "  end",
        "endgenerate",
        "",
        "wire [LANES-1:0]    bar_mask  = rel_valid ? rel_mask & ~rel_exited : {LANES{1'b0}};",
        "",
        "wire                rel_gone  = rel_valid && bar_mask == {LANES{1'b0}};",
        "wire                bar_valid = rel_valid && !rel_gone;",
        "wire                bar_ready;",
        "",
        "// From outside: the entering queue's head, else the completed waiting warp.",
        "wire                enter_valid;",
        "wire [PC_W-1:0]     enter_pc;",
        "wire [LANES-1:0]    enter_mask;",
        "wire [LANES*TW-1:0] enter_tid;",
        "wire                wret_done  = !enter_valid && wl_done_valid;",
        "wire                wret_valid = enter_valid || wl_done_valid;",
        "wire                wret_ready;",
        "",
        "// The routed slot: freed after a divergence, simt.bar, simt.exit or a",
        "// Waiting-Lookup insert; else its threads not at a barrier go on.",
        "wire                upd_free = r_div || r_bar || r_exit || wl_ins_valid;",
        "wire                wt_err;",
        "/* verilator lint_off UNUSEDSIGNAL */",
        "wire                sl_head_valid, sl_ovf;",
        "wire [PC_W-1:0]     sl_head_pc;",
        "wire [LANES-1:0]    sl_head_mask;",
        "wire [LANES*TW-1:0] sl_head_tid;",
        "/* verilator lint_on UNUSEDSIGNAL */",
        "",
        "assign rel_ready = bar_ready || rel_gone;",
        NULL
    };
    static const struct vconn params[] = {
        { "FL",        "FL",        NULL },
        { "SL",        "SL",        NULL },
        { "LANES",     "LANES",     NULL },
        { "PC_W",      "PC_W",      NULL },
        { "TW",        "TW",        NULL },
        { "THRESHOLD", "THRESHOLD", NULL },
    };
    static const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "upd_valid_i",  "r_x",                                  NULL },
        { "upd_slot_i",   "r_slot[FSLOT_W-1:0]",                  NULL },
        { "upd_pc_i",     "upd_free ? {PC_W{1'b0}} : r_next",     NULL },
        { "upd_mask_i",   "upd_free ? {LANES{1'b0}} : r_wmask & ~arr_hit", NULL },
        { "bar_valid_i",  "bar_valid",                            NULL },
        { "bar_pc_i",     "rel_pc",                               NULL },
        { "bar_mask_i",   "bar_mask",                             NULL },
        { "bar_tid_i",    "rel_tid",                              NULL },
        { "bar_ready_o",  "bar_ready",                            NULL },
        { "wret_valid_i", "wret_valid",                           NULL },
        { "wret_pc_i",    "enter_valid ? enter_pc : wl_done_pc",  NULL },
        { "wret_mask_i",  "enter_valid ? enter_mask : wl_done_mask", NULL },
        { "wret_tid_i",   "enter_valid ? enter_tid : wl_done_tid", NULL },
        { "wret_ready_o", "wret_ready",                           NULL },
        { "lkp_valid_i",  "rdy_head_valid",                       NULL },
        { "lkp_pc_i",     "rdy_head_pc",                          NULL },
        { "lkp_mask_i",   "rdy_head_mask",                        NULL },
        { "lkp_tid_i",    "rdy_head_tid",                         NULL },
        { "lkp_pop_o",    "rdy_pop",                              NULL },
        { "count_o",      "sl_count_o",                           NULL },
        { "head_valid_o", "sl_head_valid",                        NULL },
        { "head_pc_o",    "sl_head_pc",                           NULL },
        { "head_mask_o",  "sl_head_mask",                         NULL },
        { "head_tid_o",   "sl_head_tid",                          NULL },
        { "fl_valid_o",   "fl_valid",                             NULL },
        { "fl_pc_o",      "fl_pc",                                NULL },
        { "fl_mask_o",    "fl_mask",                              NULL },
        { "fl_tid_o",     "fl_tid",                               NULL },
        { "ovf_o",        "sl_ovf",                               NULL },
        { "err_o",        "wt_err",                               NULL },
    };

    vgen_section(v, "Second-Level's candidates and the First-Level update");
    emit_text(v, text);
    vgen_blank(v);
    vgen_instance(v, "simtref_warp_tables", "u_tables", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

void emit_sm_reconv_harp(struct vgen *v, const struct simt_config *cfg,
                         enum rtl_defect defect)
{
    struct rbt_geometry rg;
    struct warp_tables_geometry tg;
    struct harp_queue_geometry eq, gq;

    rbt_geometry(cfg, &rg);
    warp_tables_geometry(cfg, &tg);
    harp_queue_geometry(cfg, &eq);
    harp_queue_arrivals_geometry(cfg, &gq);
    emit_header(v, cfg, &rg, &tg, &eq, &gq);
    emit_update(v);
    emit_state(v);
    emit_route(v, rg.stages);
    emit_rbt_port(v, rg.stages);
    emit_div_groups(v);
    emit_lookup_ports(v);
    emit_level_tables(v);
    emit_sm_reconv_harp_edge(v, cfg, &eq, defect);
    vgen_module_end(v, "simtref_sm_reconv");
}
