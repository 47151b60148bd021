/*
 * emit_sm_reconv_harp_edge.c -- simtref_sm_reconv under harp, its edge
 * (rtlgen/emit_sm_reconv_harp.c writes the cycle): the two queues' write
 * ports (entering_queue(), route_groups(), launch_and_barrier() of
 * golden/sm/sm_reconv_harp_commit.c), the group arriving at its RPC
 * next, the per-thread registers (exited, parked, the PC at simt.bar),
 * and what the SM reads: the read port, the views, err_o.
 */
#include "rtlgen.h"
#include "harp_queue.h"

#include <stdio.h>

/* The entering queue's write ports, one source after another as the
 * model's enum harp_queue_source orders them. */
static void emit_enter_ports(struct vgen *v, const struct simt_config *cfg,
                             const struct harp_queue_geometry *eq)
{
    static const struct { enum harp_queue_source s; const char *name; } src[] = {
        { HARP_ENTER_READY_BYPASS, "P_READY" },
        { HARP_ENTER_WAIT_DONE,    "P_WDONE" },
        { HARP_ENTER_WAIT_BYPASS,  "P_WBYP" },
        { HARP_ENTER_PEND,         "P_PEND" },
        { HARP_ENTER_EXTRA,        "P_EXTRA" },
        { HARP_ENTER_LAUNCH,       "P_LAUNCH" },
        { HARP_ENTER_RELEASE,      "P_REL" },
    };
    unsigned warp_w = 1, n;
    char tid[128];

    while ((1u << warp_w) < eq->warps)
        warp_w++;
    vgen_line(v, "// Each source's first port (NUM_WR = %u).", eq->ports);
    for (unsigned k = 0; k < sizeof src / sizeof src[0]; k++)
        vgen_line(v, "localparam integer %-8s = %u;", src[k].name,
                  harp_queue_enter_port(eq, src[k].s, &n));
    vgen_blank(v);
    vgen_line(v, "wire [ENTER_WR-1:0]          e_wv;");
    vgen_line(v, "wire [ENTER_WR*PC_W-1:0]     e_pc;");
    vgen_line(v, "wire [ENTER_WR*LANES-1:0]    e_mask;");
    vgen_line(v, "wire [ENTER_WR*LANES*TW-1:0] e_tid;");
    vgen_line(v, "wire [LANES-1:0]             pend_left = r_wmask & ~arr_hit;");
    vgen_blank(v);
    vgen_line(v, "// the Ready-Lookup's groups it could not hold");
    vgen_line(v, "assign e_wv[P_READY +: 2]                 = rdy_ins_valid & rdy_bypass;");
    vgen_line(v, "assign e_pc[P_READY*PC_W +: 2*PC_W]       = rdy_ins_pc;");
    vgen_line(v, "assign e_mask[P_READY*LANES +: 2*LANES]   = rdy_ins_mask;");
    vgen_line(v, "assign e_tid[P_READY*LANES*TW +: 2*LANES*TW] = rdy_ins_tid;");
    vgen_line(v, "// the completed waiting warp Second-Level did not take");
    vgen_line(v, "assign e_wv[P_WDONE]                      = wl_done_valid && !(wret_done && wret_ready);");
    vgen_line(v, "assign e_pc[P_WDONE*PC_W +: PC_W]         = wl_done_pc;");
    vgen_line(v, "assign e_mask[P_WDONE*LANES +: LANES]     = wl_done_mask;");
    vgen_line(v, "assign e_tid[P_WDONE*LANES*TW +: LANES*TW] = wl_done_tid;");
    vgen_line(v, "// a warp the full Waiting-Lookup could not take");
    vgen_line(v, "assign e_wv[P_WBYP]                       = wl_ins_valid && wl_bypass;");
    vgen_line(v, "assign e_pc[P_WBYP*PC_W +: PC_W]          = r_next;");
    vgen_line(v, "assign e_mask[P_WBYP*LANES +: LANES]      = wl_ins_mask;");
    vgen_line(v, "assign e_tid[P_WBYP*LANES*TW +: LANES*TW] = r_wtid;");
    vgen_line(v, "// the group that arrived at its RPC: the threads no barrier took");
    vgen_line(v, "// (those of exited threads are dropped)");
    vgen_line(v, "assign e_wv[P_PEND]                       = r_pend && !r_gone && pend_left != {LANES{1'b0}};");
    vgen_line(v, "assign e_pc[P_PEND*PC_W +: PC_W]          = r_gpc;");
    vgen_line(v, "assign e_mask[P_PEND*LANES +: LANES]      = pend_left;");
    vgen_line(v, "assign e_tid[P_PEND*LANES*TW +: LANES*TW] = r_wtid;");
    if (eq->lanes > 2) {
        vgen_line(v, "// a divergence's groups beyond the insert ports and the RPC's");
        vgen_generate(v);
        vgen_begin_named(v, "g_extra", "for (gx = 0; gx < LANES - 2; gx = gx + 1)");
        vgen_line(v, "assign e_wv[P_EXTRA + gx]                   = grp_valid[gx + 2];");
        vgen_line(v, "assign e_pc[(P_EXTRA + gx)*PC_W +: PC_W]    = grp_pc[(gx + 2)*PC_W +: PC_W];");
        vgen_line(v, "assign e_mask[(P_EXTRA + gx)*LANES +: LANES] = grp_mask[(gx + 2)*LANES +: LANES];");
        vgen_line(v, "assign e_tid[(P_EXTRA + gx)*LANES*TW +: LANES*TW] = r_wtid;");
        vgen_end(v);
        vgen_endgenerate(v);
    } else {
        vgen_line(v, "// (no divergence of %u lanes has a group beyond the insert ports)",
                  eq->lanes);
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire unused_groups = ^{grp_valid, grp_pc, grp_mask} ^ P_EXTRA[0];");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    }
    vgen_line(v, "// a launched warp");
    vgen_line(v, "assign e_wv[P_LAUNCH]                     = launch && mask_i != {LANES{1'b0}};");
    vgen_line(v, "assign e_pc[P_LAUNCH*PC_W +: PC_W]        = pc_i;");
    vgen_line(v, "assign e_mask[P_LAUNCH*LANES +: LANES]    = mask_i;");
    vgen_line(v, "assign e_tid[P_LAUNCH*LANES*TW +: LANES*TW] = {LANES{%s}};",
              vgen_zext(tid, sizeof tid, (unsigned)(eq->tw - warp_w), "TW-WARP_W",
                        "warp_i"));
    (void)cfg;
}

static void emit_release(struct vgen *v)
{
    static const char *const text[] = {
        "// a released TB barrier: per launch warp a warp per PC its parked",
        "// threads resume at, on the port of the PC's lowest lane (the queue",
        "// writes the valid ports in order, so a port left idle between them",
        "// changes nothing)",
        "for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_release",
        "  localparam [TW-1:0] WID = gw;",
        "  for (gl = 0; gl < LANES; gl = gl + 1) begin : g_lane",
        "    localparam integer T = gw*LANES + gl;",
        "    localparam [LANES-1:0] BELOW = {LANES{1'b1}} >> (LANES - gl);   // the lanes below",
        "    wire [LANES-1:0] same;    // the warp's parked lanes at this lane's PC",
        "    for (gm = 0; gm < LANES; gm = gm + 1) begin : g_same",
        "      assign same[gm] = parked_mid[gw*LANES + gm]",
        "                        && bar_pc_mid[(gw*LANES + gm)*PC_W +: PC_W] == bar_pc_mid[T*PC_W +: PC_W];",
        "    end",
        "",
        "    assign e_wv[P_REL + T]                  = release_i[gw] && parked_mid[T] && (same & BELOW) == {LANES{1'b0}};",
        "    assign e_pc[(P_REL + T)*PC_W +: PC_W]   = bar_pc_mid[T*PC_W +: PC_W];",
        "    assign e_mask[(P_REL + T)*LANES +: LANES] = same;",
        "    assign e_tid[(P_REL + T)*LANES*TW +: LANES*TW] = {LANES{WID}};",
        "  end",
        "end",
        NULL
    };

    vgen_generate(v);
    for (const char *const *l = text; *l; l++) {
        if (**l)
            vgen_line(v, "%s", *l);
        else
            vgen_blank(v);
    }
    vgen_endgenerate(v);
}

static void emit_queue(struct vgen *v, const char *name, const char *depth,
                       const char *wr, const char *pfx, const char *pop,
                       const char *head)
{
    char conn[6][64];
    const struct vconn params[] = {
        { "DEPTH",     depth,       NULL },
        { "NUM_WARPS", "NUM_WARPS", NULL },
        { "LANES",     "LANES",     NULL },
        { "NUM_WR",    wr,          NULL },
        { "PC_W",      "PC_W",      NULL },
        { "TID_W",     "TW",        NULL },
    };
    struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "pop_i",        pop,     NULL },
        { "wr_valid_i",   conn[0], NULL },
        { "wr_pc_i",      conn[1], NULL },
        { "wr_mask_i",    conn[2], NULL },
        { "wr_tid_i",     conn[3], NULL },
        { "head_valid_o", conn[4], NULL },
        { "head_pc_o",    conn[5], NULL },
        { "head_mask_o",  NULL,    NULL },
        { "head_tid_o",   NULL,    NULL },
        { "count_o",      NULL,    NULL },
        { "err_o",        NULL,    NULL },
    };
    char hm[64], ht[64], hc[64], he[64];

    snprintf(conn[0], sizeof conn[0], "%s_wv", pfx);
    snprintf(conn[1], sizeof conn[1], "%s_pc", pfx);
    snprintf(conn[2], sizeof conn[2], "%s_mask", pfx);
    snprintf(conn[3], sizeof conn[3], "%s_tid", pfx);
    snprintf(conn[4], sizeof conn[4], "%s_valid", head);
    snprintf(conn[5], sizeof conn[5], "%s_pc", head);
    snprintf(hm, sizeof hm, "%s_mask", head);
    snprintf(ht, sizeof ht, "%s_tid", head);
    snprintf(hc, sizeof hc, "%s_count", pfx);
    snprintf(he, sizeof he, "%s_err", pfx);
    conns[9].expr = hm;
    conns[10].expr = ht;
    conns[11].expr = hc;
    conns[12].expr = he;
    vgen_instance(v, "simtref_harp_queue", name, params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
}

/* exit_threads() and route_groups()'s arrivals: an exit queues, per RBT
 * barrier that holds some of its threads as members not yet arrived, a
 * group to arrive there; pend takes the queue's head when no group of a
 * divergence arrives, or with the queue empty the edge's first such
 * group. */
static void emit_gone(struct vgen *v, enum rtl_defect defect)
{
    vgen_line(v, "wire [RBT_ENTRIES-1:0]          g_w;     // per RBT entry: an arrival to queue");
    vgen_line(v, "wire [RBT_ENTRIES*PC_W-1:0]     g_pc;");
    vgen_line(v, "wire [RBT_ENTRIES*LANES-1:0]    g_mask;");
    vgen_line(v, "wire [RBT_ENTRIES*LANES*TW-1:0] g_tid;");
    if (defect == DEFECT_SM_RECONV_HARP_EXIT_STAYS) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): an exit queues no arrival, so",
                  rtl_defect_name(defect));
        vgen_line(v, "// its threads stay members of the barriers they had not reached.");
        vgen_line(v, "wire                            exit_now = 1'b0;");
    } else {
        vgen_line(v, "wire                            exit_now = r_x && r_exit;");
    }
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_gone", "for (ge = 0; ge < RBT_ENTRIES; ge = ge + 1)");
    vgen_line(v, "wire [LANES-1:0] hit;   // the exiting threads this barrier waits for");
    vgen_begin_named(v, "g_lane", "for (gl = 0; gl < LANES; gl = gl + 1)");
    vgen_line(v, "assign hit[gl] = r_mask[gl] && rbt_member[ge*LANES + gl] && !rbt_reached[ge*LANES + gl]");
    vgen_line(v, "                 && rbt_tid[(ge*LANES + gl)*TW +: TW] == r_wtid[gl*TW +: TW];");
    vgen_end(v);
    vgen_line(v, "assign g_w[ge]                       = exit_now && rbt_valid[ge] && hit != {LANES{1'b0}};");
    vgen_line(v, "assign g_pc[ge*PC_W +: PC_W]         = rbt_rpc[ge*PC_W +: PC_W];");
    vgen_line(v, "assign g_mask[ge*LANES +: LANES]     = hit;");
    vgen_line(v, "assign g_tid[ge*LANES*TW +: LANES*TW] = r_wtid;");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "wire                   side_take = r_div && side_valid;   // a group at the RPC arrives next");
    vgen_line(v, "wire                   gone_valid;                        // the arrivals' queue's head");
    vgen_line(v, "wire [PC_W-1:0]        gone_pc;");
    vgen_line(v, "wire [LANES-1:0]       gone_mask;");
    vgen_line(v, "wire [LANES*TW-1:0]    gone_tid;");
    vgen_line(v, "wire [RBT_ENTRIES-1:0] g_first = g_w & (~g_w + 1'b1);");
    vgen_line(v, "wire                   g_take  = !side_take && !gone_valid && g_w != {RBT_ENTRIES{1'b0}};");
    vgen_line(v, "wire [RBT_ENTRIES-1:0] g_wv    = g_take ? g_w & ~g_first : g_w;");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire [$clog2(GONE_DEPTH + 1)-1:0] g_count;");
    vgen_line(v, "wire                   g_err;");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_blank(v);
    emit_queue(v, "u_gone", "GONE_DEPTH", "RBT_ENTRIES", "g",
               "!side_take && gone_valid", "gone");
    vgen_blank(v);
    vgen_line(v, "// pend: consumed every cycle (it arrives, or enters a commit register)");
    vgen_line(v, "reg                 pend_d, pend_gone_d;");
    vgen_line(v, "reg  [PC_W-1:0]     pend_pc_d;");
    vgen_line(v, "reg  [LANES-1:0]    pend_mask_d;");
    vgen_line(v, "reg  [LANES*TW-1:0] pend_tid_d;");
    vgen_line(v, "integer             pe;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "pend_d      = side_take || gone_valid || g_w != {RBT_ENTRIES{1'b0}};");
    vgen_line(v, "pend_gone_d = !side_take && pend_d;");
    vgen_line(v, "pend_pc_d   = side_take ? side_pc : gone_pc;");
    vgen_line(v, "pend_mask_d = side_take ? side_mask : gone_mask;");
    vgen_line(v, "pend_tid_d  = side_take ? r_wtid : gone_tid;");
    vgen_begin(v, "if (g_take)");
    vgen_begin(v, "for (pe = 0; pe < RBT_ENTRIES; pe = pe + 1)");
    vgen_begin(v, "if (g_first[pe])");
    vgen_line(v, "pend_pc_d   = g_pc[pe*PC_W +: PC_W];");
    vgen_line(v, "pend_mask_d = g_mask[pe*LANES +: LANES];");
    vgen_line(v, "pend_tid_d  = g_tid[pe*LANES*TW +: LANES*TW];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i or negedge rst_ni)");
    vgen_begin(v, "if (!rst_ni)");
    vgen_line(v, "pend_q      <= 1'b0;");
    vgen_line(v, "pend_gone_q <= 1'b0;");
    vgen_line(v, "pend_pc_q   <= {PC_W{1'b0}};");
    vgen_line(v, "pend_mask_q <= {LANES{1'b0}};");
    vgen_line(v, "pend_tid_q  <= {(LANES*TW){1'b0}};");
    vgen_else(v);
    vgen_line(v, "pend_q      <= pend_d;");
    vgen_line(v, "pend_gone_q <= pend_gone_d;");
    vgen_line(v, "pend_pc_q   <= pend_pc_d;");
    vgen_line(v, "pend_mask_q <= pend_mask_d;");
    vgen_line(v, "pend_tid_q  <= pend_tid_d;");
    vgen_end(v);
    vgen_end(v);
}

static void emit_threads(struct vgen *v)
{
    static const char *const text[] = {
        "// The routed commit's threads: an exit records them; a simt.bar parks",
        "// them with the PC each resumes at; a launch clears its warp's exited",
        "// bits, a release its parked ones (after this edge's simt.bar, as the",
        "// release's groups read them).",
        "wire [NUM_WARPS*LANES-1:0]      parked_mid;",
        "wire [NUM_WARPS*LANES*PC_W-1:0] bar_pc_mid;",
        "",
        "generate",
        "  for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_warp",
        "    localparam [TW-1:0]     WID = gw;",
        "    localparam [WARP_W-1:0] WNO = gw;",
        "    for (gl = 0; gl < LANES; gl = gl + 1) begin : g_thread",
        "      localparam integer T = gw*LANES + gl;",
        "      wire            mine    = r_x && r_mask[gl] && r_wtid[gl*TW +: TW] == WID;",
        "      wire            bar_set = mine && r_bar;",
        "      reg             exited_q, parked_q;",
        "      reg  [PC_W-1:0] bar_pc_q;",
        "",
        "      always @(posedge clk_i or negedge rst_ni) begin",
        "        if (!rst_ni) begin",
        "          exited_q <= 1'b0;",
        "          parked_q <= 1'b0;",
        "          bar_pc_q <= {PC_W{1'b0}};",
        "        end else begin",
        "          if (launch && warp_i == WNO)",
        "            exited_q <= 1'b0;",
        "          else if (mine && r_exit)",
        "            exited_q <= 1'b1;",
        "          parked_q <= !release_i[gw] && parked_mid[T];",
        "          bar_pc_q <= bar_pc_mid[T*PC_W +: PC_W];",
        "        end",
        "      end",
        "",
        "      assign exited[T]                    = exited_q;",
        "      assign parked[T]                    = parked_q;",
        "      assign parked_mid[T]                = parked_q || bar_set;",
        "      assign bar_pc_mid[T*PC_W +: PC_W]   = bar_set ? r_lpc[gl*PC_W +: PC_W] : bar_pc_q;",
        "    end",
        "  end",
        "endgenerate",
        NULL
    };

    for (const char *const *l = text; *l; l++) {
        if (**l)
            vgen_line(v, "%s", *l);
        else
            vgen_blank(v);
    }
}

static void emit_views(struct vgen *v, unsigned warps)
{
    static const char *const text[] = {
        "// The read port: the slot's PC and lanes, or a held slot's next PC",
        "reg                  rd_valid, rd_held, rd_frees;",
        "reg  [PC_W-1:0]      rd_pc, rd_next;",
        "reg  [LANES-1:0]     rd_mask;",
        "integer              rs;",
        "",
        "always @* begin",
        "  rd_valid = 1'b0;",
        "  rd_held  = 1'b0;",
        "  rd_frees = 1'b0;",
        "  rd_pc    = {PC_W{1'b0}};",
        "  rd_next  = {PC_W{1'b0}};",
        "  rd_mask  = {LANES{1'b0}};",
        "  for (rs = 0; rs < FL; rs = rs + 1) begin",
        "    if (rd_warp_i == rs[WARP_W-1:0]) begin",
        "      rd_valid = fl_valid[rs];",
        "      rd_held  = held[rs];",
        "      rd_frees = h_frees[rs];",
        "      rd_pc    = fl_pc[rs*PC_W +: PC_W];",
        "      rd_next  = h_next[rs*PC_W +: PC_W];",
        "      rd_mask  = fl_mask[rs*LANES +: LANES];",
        "    end",
        "  end",
        "end",
        "",
        "assign rd_valid_o = rd_held ? !rd_frees : rd_valid;",
        "assign rd_pc_o    = rd_held ? (rd_frees ? {PC_W{1'b0}} : rd_next) : rd_pc;",
        "assign rd_mask_o  = rd_held && rd_frees ? {LANES{1'b0}} : rd_mask;",
        "",
        "// A launch warp may launch again when no barrier holds one of its",
        "// threads as a member (an exited thread queued to arrive at one is",
        "// still its member), nor pend or a commit register.",
        "localparam integer   NM = RBT_ENTRIES*LANES;   // the barriers' lanes",
        "wire [(NM+LANES)*NUM_WARPS-1:0] held_by;      // per barrier lane, then pend's: its launch warp",
        "reg  [NUM_WARPS-1:0] held_warps;",
        "integer              ck;",
        "",
        "generate",
        "  for (gw = 0; gw < NM; gw = gw + 1) begin : g_member",
        "    assign held_by[gw*NUM_WARPS +: NUM_WARPS] = rbt_valid[gw / LANES] && rbt_member[gw]",
        "        ? ONE_WARP << rbt_tid[gw*TW +: TW] : {NUM_WARPS{1'b0}};",
        "  end",
        "  for (gl = 0; gl < LANES; gl = gl + 1) begin : g_pend",
        "    assign held_by[(NM + gl)*NUM_WARPS +: NUM_WARPS] = pend_q && pend_mask_q[gl]",
        "        ? ONE_WARP << pend_tid_q[gl*TW +: TW] : {NUM_WARPS{1'b0}};",
        "  end",
        "endgenerate",
        "",
        "always @* begin",
        "  held_warps = h_lanes;",
        "  for (ck = 0; ck < NM + LANES; ck = ck + 1)",
        "    held_warps = held_warps | held_by[ck*NUM_WARPS +: NUM_WARPS];",
        "end",
        "",
        "assign issuable_o   = fl_valid & ~held & {FL{!pend_q}};",
        "assign fetchable_o  = fl_valid;",
        "assign fl_pc_o      = fl_pc;",
        "assign fl_mask_o    = fl_mask;",
        "assign fl_tid_o     = fl_tid;",
        "assign parked_o     = parked;",
        "assign can_launch_o = ~held_warps;",
        "",
        "// err_o: a table refused its inputs, or a slot issued while the group",
        "// arriving at its RPC holds the RBT's commit port",
        "assign err_o = (pend_q && exec) || rbt_err || rdy_err || wl_err || wt_err;",
        NULL
    };

    vgen_section(v, "What the SM reads");
    vgen_line(v, "localparam [NUM_WARPS-1:0] ONE_WARP = {%s1'b1};",
              warps > 1 ? "{(NUM_WARPS-1){1'b0}}, " : "");
    vgen_blank(v);
    for (const char *const *l = text; *l; l++) {
        if (**l)
            vgen_line(v, "%s", *l);
        else
            vgen_blank(v);
    }
}

void emit_sm_reconv_harp_edge(struct vgen *v, const struct simt_config *cfg,
                              const struct harp_queue_geometry *eq,
                              enum rtl_defect defect)
{
    vgen_section(v, "Per thread: exited, parked at simt.bar, and its PC there");
    vgen_line(v, "genvar gw, gl, gm, ge%s;", eq->lanes > 2 ? ", gx" : "");
    vgen_blank(v);
    emit_threads(v);
    vgen_section(v, "The queues: warps entering Second-Level, exited threads' arrivals");
    emit_enter_ports(v, cfg, eq);
    emit_release(v);
    vgen_blank(v);
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire [$clog2(ENTER_DEPTH + 1)-1:0] e_count;");
    vgen_line(v, "wire                e_err;");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_blank(v);
    emit_queue(v, "u_enter", "ENTER_DEPTH", "ENTER_WR", "e",
               "enter_valid && wret_ready", "enter");
    vgen_blank(v);
    emit_gone(v, defect);
    emit_views(v, eq->warps);
}
