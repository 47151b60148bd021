/*
 * emit_sm_launch.c -- simtref_sm_launch: the SM's thread-block launch, one
 * per SM, composed of three parts' modules as golden/sm/sm_tb.c and sm.c
 * compose their models: the dispatcher (simtref_dispatch), whose
 * placements fill the table of resident TBs (simtref_tb_table) and give
 * the table of warp slots (simtref_warp_slots) their warps; the warp
 * slots, whose launch, arrival, exit and release ports take the cycle's
 * events and whose retirements free their slots; the table, whose
 * retire, arrival and release ports take the cycle's retirements, the
 * exited warps' arrivals and the WPT's releases; and the WPT
 * (simtref_wpt), whose arrival ports take the warps that reach simt.bar
 * and, on the ports no warp uses, the exited warps of a TB whose barrier
 * is in progress (sm_tb.c's sm_exited_arrivals()).  What the rest of the
 * SM decides comes in: a warp's launch, its arrival at simt.bar, the
 * lanes whose thread exits, the LSU idle.
 * The launch is the same under every mode but for one thing: under harp
 * the I-buffers belong to the First-Level slots, so a placement clears
 * none (sm_dispatch()).
 */
#include "rtlgen.h"
#include "bits.h"
#include "dispatch.h"
#include "tb_table.h"
#include "wpt.h"

#include <stdio.h>

/* The sizes of the parts, as their emitters take them. */
struct launch_sizes {
    struct dispatch_geometry dg;
    struct tb_table_geometry tg;
    struct wpt_geometry wg;
    unsigned warps;             /* warps per scheduler */
    unsigned lw_w;              /* a scheduler's local warp number */
    unsigned thread_w;          /* threads of a TB, 0..max_warps_per_tb *
                                 * warp_size */
};

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct launch_sizes *z)
{
    const struct vparam params[] = {
        { "NUM_SCHED",    cfg->schedulers,     NULL, "warp schedulers" },
        { "NUM_WARPS",    z->warps,            NULL, "warps per scheduler" },
        { "LANES",        cfg->warp_size,      NULL, "threads per warp" },
        { "MAX_TBS",      z->dg.max_tbs,       NULL, "TB slots" },
        { "TB_WARPS",     z->tg.tb_warps,      NULL, "warps of a TB, at most" },
        { "SHARED_BYTES", z->dg.shared_bytes,  NULL, "shared memory of the SM, bytes" },
        { "CTAID_W",      z->dg.ctaid_w,       NULL, "a TB's index in its grid" },
        { "REGROUPS",     cfg->reconvergence == RECONV_HARP, NULL,
          "harp: the I-buffers are the First-Level slots' (no clears)" },
        { NULL, 0, NULL, "Derived widths (from the generator)" },
        { "NUM_SLOTS",    0, "NUM_SCHED * NUM_WARPS", "warp slots of the SM" },
        { "TB_W",         z->tg.tb_w,          NULL, "TB slot number" },
        { "N_W",          z->dg.n_w,           NULL, "a count of TBs, 0..MAX_TBS" },
        { "COUNT_W",      z->dg.slot_w,        NULL, "a count of warp slots, 0..NUM_SLOTS" },
        { "IDX_W",        z->dg.idx_w,         NULL, "a warp's number in its TB (dispatcher)" },
        { "WID_W",        z->tg.wid_w,         NULL, "... (the table's read port)" },
        { "WARPS_W",      z->tg.warps_w,       NULL, "a count of a TB's warps, 0..TB_WARPS" },
        { "SLOT_W",       z->tg.port_slot_w,   NULL, "a warp slot number" },
        { "SHARED_W",     z->dg.shared_w,      NULL, "bytes of shared memory" },
        { "CNT_W",        z->wg.cnt_w,         NULL, "the WPT's counter" },
        { "LW_W",         z->lw_w,             NULL, "a scheduler's warp number" },
        { "THREAD_W",     z->thread_w,         NULL, "threads of a TB" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                          "clk_i",          "clock" },
        { "input",  "",                          "rst_ni",         "asynchronous reset, active low" },
        { NULL, NULL, NULL, "The launch: start_i for one cycle, the rest held for the kernel" },
        { "input",  "",                          "start_i",        "a launch starts (every slot free)" },
        { "input",  "[CTAID_W-1:0]",             "grid_i",         "... of this many TBs" },
        { "input",  "[COUNT_W-1:0]",             "tb_warps_i",     "... of this many warps each" },
        { "input",  "[THREAD_W-1:0]",            "block_i",        "... of this many threads each" },
        { "input",  "[SHARED_W-1:0]",            "shared_bytes_i", "... holding this much shared memory each" },
        { NULL, NULL, NULL, "This cycle's events, decided by the rest of the SM (bit or field g: warp slot g)" },
        { "input",  "[NUM_SLOTS-1:0]",           "launch_i",       "the slot's warp is launched into its control-flow stage" },
        { "input",  "[NUM_SCHED-1:0]",           "arr_valid_i",    "a warp of the scheduler arrives at simt.bar ..." },
        { "input",  "[NUM_SCHED*LW_W-1:0]",      "arr_warp_i",     "... this warp of it" },
        { "input",  "[NUM_SLOTS*LANES-1:0]",     "kill_i",         "lanes of the slot whose thread exits" },
        { "input",  "",                          "lsu_idle_i",     "the LSU holds no request" },
        { NULL, NULL, NULL, "The table of resident TBs' read port (a warp's grid index)" },
        { "input",  "[TB_W-1:0]",                "rd_tb_i",        "a TB slot" },
        { "input",  "[WID_W-1:0]",               "rd_wid_i",       "... and a warp of its TB" },
        { "output", "",                          "rd_valid_o",     "the slot holds a TB" },
        { "output", "[CTAID_W-1:0]",             "rd_ctaid_o",     "its grid index (while rd_valid_o)" },
        { "output", "[SLOT_W-1:0]",              "rd_warp_slot_o", "warp rd_wid_i's warp slot (while rd_valid_o)" },
        { "output", "[MAX_TBS*CTAID_W-1:0]",     "tb_ctaid_o",     "every TB slot's grid index (0: free), for the datapath's CSRs" },
        { NULL, NULL, NULL, "The TBs placed this cycle, in grid order" },
        { "output", "[N_W-1:0]",                 "n_place_o",      "how many" },
        { "output", "[MAX_TBS*TB_W-1:0]",        "place_tb_o",     "placement k: its TB slot" },
        { "output", "[MAX_TBS*CTAID_W-1:0]",     "place_ctaid_o",  "placement k: its grid index" },
        { NULL, NULL, NULL, "The warp slots' launch (bit or field g: warp slot g)" },
        { "output", "[NUM_SLOTS-1:0]",           "give_o",         "the slot takes a warp ..." },
        { "output", "[NUM_SLOTS*TB_W-1:0]",      "give_tb_o",      "... of this TB slot ..." },
        { "output", "[NUM_SLOTS*IDX_W-1:0]",     "give_wid_o",     "... this warp of the TB ..." },
        { "output", "[NUM_SLOTS*CTAID_W-1:0]",   "give_ctaid_o",   "... of this grid index ..." },
        { "output", "[NUM_SLOTS*LANES-1:0]",     "give_lanes_o",   "... its lanes holding a thread (0 when not taken)" },
        { "output", "[NUM_SLOTS-1:0]",           "clear_o",        "bit s*NUM_WARPS+w: scheduler s's I-buffer w is cleared" },
        { NULL, NULL, NULL, "Barriers" },
        { "output", "[NUM_SCHED-1:0]",           "wpt_valid_o",    "the WPT's arrival port p: a warp's or an exited warp's ..." },
        { "output", "[NUM_SCHED*TB_W-1:0]",      "wpt_tb_o",       "... of this TB slot" },
        { "output", "[MAX_TBS*CNT_W-1:0]",       "cnt_o",          "per TB: its warps waiting at the barrier" },
        { "output", "[MAX_TBS*TB_W-1:0]",        "rank_o",         "per TB: its MWF rank" },
        { "output", "[MAX_TBS-1:0]",             "release_o",      "per TB: its barrier releases on the edge" },
        { "output", "[NUM_SLOTS-1:0]",           "warp_release_o", "bit s*NUM_WARPS+w: the warp is released" },
        { "output", "",                          "wpt_err_o",      "the WPT refused an arrival" },
        { NULL, NULL, NULL, "The warp slots as this cycle reads them: the registers, this cycle's placements written through" },
        { "output", "[NUM_SLOTS-1:0]",           "warp_resident_o", "holds a warp" },
        { "output", "[NUM_SLOTS-1:0]",           "warp_pending_o", "... whose launch has not happened" },
        { "output", "[NUM_SLOTS-1:0]",           "warp_barrier_o", "... that waits at its TB's barrier" },
        { "output", "[NUM_SLOTS*TB_W-1:0]",      "warp_tb_o",      "... of this TB slot" },
        { "output", "[NUM_SLOTS*WID_W-1:0]",     "warp_wid_o",     "... this warp of the TB" },
        { "output", "[NUM_SLOTS*LANES-1:0]",     "warp_lanes_o",   "... its lanes holding a thread" },
        { "output", "[NUM_SLOTS*LANES-1:0]",     "warp_live_o",    "... those not exited" },
        { NULL, NULL, NULL, "Retirement and the grid's end" },
        { "output", "[NUM_SLOTS-1:0]",           "retire_o",       "the slot's last live lanes exit: its warp retires" },
        { "output", "[MAX_TBS-1:0]",             "tb_done_o",      "the TB's last warps retire: its slot is free from the next cycle" },
        { "output", "",                          "grid_done_o",    "every TB placed and finished, the LSU idle" },
    };

    emit_file_header(v, "simtref_sm_launch.v", "the SM's thread-block launch",
                     "docs/architecture.md; BAWS section 4.1.2; C model: "
                     "golden/sm/sm_tb.c (sm_dispatch(), sm_retire(), "
                     "sm_exited_arrivals()), golden/sm/sm.c (wpt_edge()).", cfg);
    vgen_line(v, "// The dispatcher places TBs; each placement fills a slot of the table");
    vgen_line(v, "// of resident TBs at the edge and gives its warp slots their warps");
    vgen_line(v, "// (the TB, the warp's number, its grid index and lanes) and, but under");
    vgen_line(v, "// harp, clears their I-buffers.  The table of warp slots keeps each");
    vgen_line(v, "// warp's status; a warp whose last live lanes exit retires, frees its warp");
    vgen_line(v, "// slot, and the table's count of its TB's live warps; when the table");
    vgen_line(v, "// says those were the TB's last (tb_done_o), the dispatcher frees the");
    vgen_line(v, "// TB slot from the next cycle.  A warp that arrives at simt.bar takes");
    vgen_line(v, "// its scheduler's arrival port of the WPT; the exited warps of a TB");
    vgen_line(v, "// whose barrier is in progress (a warp of it waits or arrives now)");
    vgen_line(v, "// arrive through the ports no warp uses, TB by TB, up to what the table");
    vgen_line(v, "// says each owes.  A release frees the TB's waiting warps and arriving");
    vgen_line(v, "// warp.  Storage: that of the three parts; the composition adds none.");
    vgen_blank(v);
    vgen_module_begin(v, "simtref_sm_launch", params,
                      sizeof params / sizeof params[0], ports,
                      sizeof ports / sizeof ports[0]);
}

static void emit_wires(struct vgen *v)
{
    vgen_section(v, "Wires between the parts");
    vgen_line(v, "// the dispatcher's");
    vgen_line(v, "wire [N_W-1:0]               d_n;        // placements");
    vgen_line(v, "wire [MAX_TBS*TB_W-1:0]      d_tb;       // ... their TB slots");
    vgen_line(v, "wire [MAX_TBS*CTAID_W-1:0]   d_ctaid;    // ... their grid indices");
    vgen_line(v, "wire [NUM_SLOTS-1:0]         d_give;     // a warp slot takes a warp ...");
    vgen_line(v, "wire [NUM_SLOTS*TB_W-1:0]    d_give_tb;  // ... of this TB slot ...");
    vgen_line(v, "wire [NUM_SLOTS*IDX_W-1:0]   d_give_idx; // ... as this warp of it");
    vgen_line(v, "wire [MAX_TBS-1:0]           tb_free;    // the dispatcher's TB releases");
    vgen_line(v, "// the table's");
    vgen_line(v, "wire [MAX_TBS-1:0]           t_owing;    // a TB's exited warps owe arrivals ...");
    vgen_line(v, "wire [MAX_TBS*WARPS_W-1:0]   t_owed;     // ... this many");
    vgen_line(v, "wire [MAX_TBS-1:0]           t_last;     // a TB's last live warps retire");
    vgen_line(v, "// the warp slots' registers (at the cycle's start: before its placements)");
    vgen_line(v, "wire [NUM_SLOTS-1:0]         s_resident; // holds a warp");
    vgen_line(v, "wire [NUM_SLOTS-1:0]         s_pending;  // ... whose launch is pending");
    vgen_line(v, "wire [NUM_SLOTS-1:0]         s_barrier;  // ... at its TB's barrier");
    vgen_line(v, "wire [NUM_SLOTS*TB_W-1:0]    s_tb;       // ... of this TB slot");
    vgen_line(v, "wire [NUM_SLOTS*WID_W-1:0]   s_wid;      // ... this warp of it");
    vgen_line(v, "wire [NUM_SLOTS*LANES-1:0]   s_lanes;    // ... its lanes");
    vgen_line(v, "wire [NUM_SLOTS*LANES-1:0]   s_live;     // ... not exited");
    vgen_line(v, "wire [NUM_SLOTS-1:0]         s_retire;   // its last live lanes exit now");
    vgen_line(v, "wire [NUM_SLOTS*WID_W-1:0]   give_wid;   // a placed warp's number in its TB");
    vgen_line(v, "// the WPT's");
    vgen_line(v, "wire [MAX_TBS*CNT_W-1:0]     w_cnt;      // warps waiting per TB");
    vgen_line(v, "wire [MAX_TBS-1:0]           w_release;  // barriers released");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire [WARPS_W-1:0]           t_warps, t_live, t_gone;  // the read port's counts");
    vgen_line(v, "wire                         t_done;     // (t_last for every slot)");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
}

/* The launch's warps per TB, WARPS_W bits (at most TB_WARPS). */
static void emit_tb_warps(struct vgen *v, const struct launch_sizes *z)
{
    vgen_line(v, "wire [WARPS_W-1:0] tb_warps_w;  // the launch's warps per TB");
    if (z->dg.slot_w >= z->tg.warps_w) {
        if (z->dg.slot_w > z->tg.warps_w) {
            vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
            vgen_line(v, "wire [COUNT_W-1:0] tb_warps_all = tb_warps_i;  // at most TB_WARPS");
            vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
            vgen_line(v, "assign tb_warps_w = tb_warps_all[WARPS_W-1:0];");
        } else {
            vgen_line(v, "assign tb_warps_w = tb_warps_i;");
        }
    } else {
        vgen_line(v, "assign tb_warps_w = {{(WARPS_W-COUNT_W){1'b0}}, tb_warps_i};");
    }
}

static void emit_dispatch_part(struct vgen *v, enum rtl_defect defect)
{
    const struct vconn params[] = {
        { "MAX_TBS",      "MAX_TBS",      NULL },
        { "WARP_SLOTS",   "NUM_SLOTS",    NULL },
        { "SHARED_BYTES", "SHARED_BYTES", NULL },
        { "CTAID_W",      "CTAID_W",      NULL },
        { "TB_W",         "TB_W",         NULL },
        { "N_W",          "N_W",          NULL },
        { "SLOT_W",       "COUNT_W",      NULL },
        { "IDX_W",        "IDX_W",        NULL },
        { "SHARED_W",     "SHARED_W",     NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        VCONN_SAME("start_i"),
        VCONN_SAME("grid_i"),
        VCONN_SAME("tb_warps_i"),
        VCONN_SAME("shared_bytes_i"),
        { "warp_release_i", "s_retire",   "a retired warp's slot" },
        { "tb_release_i",   "tb_free",    NULL },
        { "n_place_o",      "d_n",        NULL },
        { "place_tb_o",     "d_tb",       NULL },
        { "place_ctaid_o",  "d_ctaid",    NULL },
        { "warp_give_o",    "d_give",     NULL },
        { "warp_tb_o",      "d_give_tb",  NULL },
        { "warp_idx_o",     "d_give_idx", NULL },
    };

    vgen_section(v, "The dispatcher: a TB slot free when the table says its last warps retire");
    if (defect == DEFECT_SM_LAUNCH_DRAINING_SLOT) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the TB slot is freed when any",
                  rtl_defect_name(defect));
        vgen_line(v, "// of its warps retires, not its last: a TB is placed in a slot that");
        vgen_line(v, "// is still draining.");
        vgen_line(v, "genvar gf;");
        vgen_generate(v);
        vgen_begin_named(v, "g_free", "for (gf = 0; gf < MAX_TBS; gf = gf + 1)");
        vgen_line(v, "assign tb_free[gf] = retire_n[gf*WARPS_W +: WARPS_W] != {WARPS_W{1'b0}};");
        vgen_end(v);
        vgen_endgenerate(v);
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire [MAX_TBS-1:0] unused_last = t_last;  // (the defect reads it not)");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    } else {
        vgen_line(v, "assign tb_free = t_last;");
    }
    vgen_instance(v, "simtref_dispatch", "u_dispatch", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
    vgen_line(v, "assign n_place_o     = d_n;");
    vgen_line(v, "assign place_tb_o    = d_tb;");
    vgen_line(v, "assign place_ctaid_o = d_ctaid;");
}

static void emit_warp_launch(struct vgen *v)
{
    vgen_section(v, "The warp slots' launch, and each placement's warp slots in warp order");
    vgen_line(v, "// hit[k*NUM_SLOTS+g]: warp slot g takes a warp of placement k;");
    vgen_line(v, "// warp[j*NUM_SLOTS+g]: ... as the TB's warp j.  Placement k's warp j");
    vgen_line(v, "// is the one slot in both (bit b of its number: the OR over them of");
    vgen_line(v, "// the slots whose number has bit b).");
    vgen_line(v, "wire [MAX_TBS*NUM_SLOTS-1:0]       hit;");
    vgen_line(v, "wire [TB_WARPS*NUM_SLOTS-1:0]      warp;");
    vgen_line(v, "wire [SLOT_W*NUM_SLOTS-1:0]        slot_bit;   // [b*NUM_SLOTS+g]: bit b of g");
    vgen_line(v, "wire [MAX_TBS*TB_WARPS*SLOT_W-1:0] place_warp; // placement k's warp j at (k*TB_WARPS+j)*SLOT_W");
    vgen_line(v, "wire [31:0]                        blk = {{(32-THREAD_W){1'b0}}, block_i};");
    vgen_line(v, "genvar gg, gk, gj, gb, gl;");
    vgen_generate(v);
    vgen_begin_named(v, "g_slot", "for (gg = 0; gg < NUM_SLOTS; gg = gg + 1)");
    vgen_line(v, "localparam [31:0] G = gg;");
    vgen_line(v, "wire [IDX_W-1:0]  idx = d_give_idx[gg*IDX_W +: IDX_W];");
    vgen_line(v, "// the lanes whose thread index in the TB is below its threads");
    vgen_line(v, "wire [31:0]       first = {{(32-IDX_W){1'b0}}, idx} * LANES;");
    vgen_line(v, "wire [31:0]       left  = blk > first ? blk - first : 32'd0;");
    vgen_line(v, "reg  [CTAID_W-1:0] ctaid;");
    vgen_line(v, "integer ck;");
    vgen_begin_named(v, "g_tb", "for (gk = 0; gk < MAX_TBS; gk = gk + 1)");
    vgen_line(v, "localparam [N_W-1:0] K = gk;");
    vgen_line(v, "assign hit[gk*NUM_SLOTS + gg] = d_give[gg] && K < d_n");
    vgen_line(v, "    && d_tb[gk*TB_W +: TB_W] == d_give_tb[gg*TB_W +: TB_W];");
    vgen_end(v);
    vgen_line(v, "wire [TB_WARPS-1:0] wid = {{(TB_WARPS-1){1'b0}}, 1'b1} << idx;  // one-hot");
    vgen_begin_named(v, "g_wid", "for (gj = 0; gj < TB_WARPS; gj = gj + 1)");
    vgen_line(v, "assign warp[gj*NUM_SLOTS + gg] = wid[gj];");
    vgen_end(v);
    vgen_begin_named(v, "g_bit", "for (gb = 0; gb < SLOT_W; gb = gb + 1)");
    vgen_line(v, "assign slot_bit[gb*NUM_SLOTS + gg] = G[gb];");
    vgen_end(v);
    vgen_begin_named(v, "g_lane", "for (gl = 0; gl < LANES; gl = gl + 1)");
    vgen_line(v, "assign give_lanes_o[gg*LANES + gl] = d_give[gg] && left > gl;");
    vgen_end(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "ctaid = {CTAID_W{1'b0}};");
    vgen_line(v, "for (ck = 0; ck < MAX_TBS; ck = ck + 1)");
    vgen_line(v, "  if (hit[ck*NUM_SLOTS + gg]) ctaid = d_ctaid[ck*CTAID_W +: CTAID_W];");
    vgen_end(v);
    vgen_line(v, "assign give_ctaid_o[gg*CTAID_W +: CTAID_W] = ctaid;");
    vgen_end(v);
    vgen_begin_named(v, "g_row", "for (gk = 0; gk < MAX_TBS; gk = gk + 1)");
    vgen_begin_named(v, "g_col", "for (gj = 0; gj < TB_WARPS; gj = gj + 1)");
    vgen_line(v, "wire [NUM_SLOTS-1:0] at = hit[gk*NUM_SLOTS +: NUM_SLOTS]");
    vgen_line(v, "                          & warp[gj*NUM_SLOTS +: NUM_SLOTS];");
    vgen_begin_named(v, "g_bit", "for (gb = 0; gb < SLOT_W; gb = gb + 1)");
    vgen_line(v, "assign place_warp[(gk*TB_WARPS + gj)*SLOT_W + gb] =");
    vgen_line(v, "    |(at & slot_bit[gb*NUM_SLOTS +: NUM_SLOTS]);");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// scheduler s's warp w is warp slot w*NUM_SCHED+s (sm_slot_of())");
    vgen_begin_named(v, "g_clear", "for (gg = 0; gg < NUM_SLOTS; gg = gg + 1)");
    vgen_line(v, "assign clear_o[(gg %% NUM_SCHED) * NUM_WARPS + gg / NUM_SCHED] =");
    vgen_line(v, "    d_give[gg] && REGROUPS == 0;");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_line(v, "assign give_o     = d_give;");
    vgen_line(v, "assign give_tb_o  = d_give_tb;");
    vgen_line(v, "assign give_wid_o = d_give_idx;");
}

static void emit_events(struct vgen *v)
{
    vgen_section(v, "The warps' arrivals and retirements, by TB (sm_retire())");
    vgen_line(v, "// A warp that arrives and retires in one cycle has arrived: the table");
    vgen_line(v, "// counts it at the barrier (retire_arrived).");
    vgen_line(v, "wire [NUM_SLOTS-1:0]         arriving;   // the slot's warp arrives now");
    vgen_line(v, "reg  [NUM_SCHED*TB_W-1:0]    arr_tb;     // each arrival's TB");
    vgen_line(v, "wire [MAX_TBS*WARPS_W-1:0]   retire_n;   // warps retiring per TB ...");
    vgen_line(v, "wire [MAX_TBS*WARPS_W-1:0]   arrived_n;  // ... of them, those arrived");
    vgen_line(v, "wire [MAX_TBS*NUM_SLOTS-1:0] in_tb;      // [t*NUM_SLOTS+g]: slot g's warp is of TB t");
    vgen_line(v, "genvar ga, gt;");
    vgen_generate(v);
    vgen_begin_named(v, "g_arriving", "for (ga = 0; ga < NUM_SLOTS; ga = ga + 1)");
    vgen_line(v, "localparam integer    WI = ga / NUM_SCHED;");
    vgen_line(v, "localparam [LW_W-1:0] W = WI[LW_W-1:0];");
    vgen_line(v, "assign arriving[ga] = arr_valid_i[ga %% NUM_SCHED]");
    vgen_line(v, "    && arr_warp_i[(ga %% NUM_SCHED)*LW_W +: LW_W] == W;");
    vgen_end(v);
    vgen_begin_named(v, "g_in_tb", "for (gt = 0; gt < MAX_TBS; gt = gt + 1)");
    vgen_line(v, "localparam [TB_W-1:0] T = gt;");
    vgen_begin_named(v, "g_slot", "for (ga = 0; ga < NUM_SLOTS; ga = ga + 1)");
    vgen_line(v, "assign in_tb[gt*NUM_SLOTS + ga] = s_tb[ga*TB_W +: TB_W] == T;");
    vgen_end(v);
    vgen_end(v);
    vgen_begin_named(v, "g_retire", "for (gt = 0; gt < MAX_TBS; gt = gt + 1)");
    vgen_line(v, "wire [NUM_SLOTS-1:0] of_tb  = s_retire & in_tb[gt*NUM_SLOTS +: NUM_SLOTS];");
    vgen_line(v, "wire [NUM_SLOTS-1:0] waited = of_tb & (s_barrier | arriving);");
    vgen_line(v, "// running counts over the slots: [g*WARPS_W]: slots below g");
    vgen_line(v, "wire [(NUM_SLOTS+1)*WARPS_W-1:0] n       /* verilator split_var */;");
    vgen_line(v, "wire [(NUM_SLOTS+1)*WARPS_W-1:0] arrived /* verilator split_var */;");
    vgen_line(v, "assign n[0 +: WARPS_W]       = {WARPS_W{1'b0}};");
    vgen_line(v, "assign arrived[0 +: WARPS_W] = {WARPS_W{1'b0}};");
    vgen_begin_named(v, "g_count", "for (ga = 0; ga < NUM_SLOTS; ga = ga + 1)");
    vgen_line(v, "assign n[(ga+1)*WARPS_W +: WARPS_W] =");
    vgen_line(v, "    n[ga*WARPS_W +: WARPS_W] + {{(WARPS_W-1){1'b0}}, of_tb[ga]};");
    vgen_line(v, "assign arrived[(ga+1)*WARPS_W +: WARPS_W] =");
    vgen_line(v, "    arrived[ga*WARPS_W +: WARPS_W] + {{(WARPS_W-1){1'b0}}, waited[ga]};");
    vgen_end(v);
    vgen_line(v, "assign retire_n[gt*WARPS_W +: WARPS_W]  = n[NUM_SLOTS*WARPS_W +: WARPS_W];");
    vgen_line(v, "assign arrived_n[gt*WARPS_W +: WARPS_W] = arrived[NUM_SLOTS*WARPS_W +: WARPS_W];");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_line(v, "integer es, ew;");
    vgen_begin(v, "always @*");
    vgen_line(v, "arr_tb = {(NUM_SCHED*TB_W){1'b0}};");
    vgen_line(v, "for (es = 0; es < NUM_SCHED; es = es + 1)");
    vgen_line(v, "  for (ew = 0; ew < NUM_WARPS; ew = ew + 1)");
    vgen_line(v, "    if (arriving[ew*NUM_SCHED + es])");
    vgen_line(v, "      arr_tb[es*TB_W +: TB_W] = s_tb[(ew*NUM_SCHED + es)*TB_W +: TB_W];");
    vgen_end(v);
}

static void emit_exited_arrivals(struct vgen *v)
{
    vgen_section(v, "The exited warps' arrivals (sm_exited_arrivals())");
    vgen_line(v, "// TB by TB, those that owe an arrival and whose barrier is in progress");
    vgen_line(v, "// (a warp of it waits or arrives now) take the free arrival ports from");
    vgen_line(v, "// where the last TB's stopped, one exited warp a port, up to what each");
    vgen_line(v, "// owes.");
    vgen_line(v, "localparam [CNT_W-1:0]   NO_CNT = {CNT_W{1'b0}};");
    vgen_line(v, "localparam [WARPS_W-1:0] ONE_W  = 1;");
    vgen_line(v, "reg  [NUM_SCHED-1:0]         p_valid;    // the WPT's arrival ports");
    vgen_line(v, "reg  [NUM_SCHED*TB_W-1:0]    p_tb;");
    vgen_line(v, "reg  [MAX_TBS*WARPS_W-1:0]   gone_sent;  // exited warps arriving per TB");
    vgen_line(v, "reg  [WARPS_W-1:0]           owed;       // TB xt's arrivals left to send");
    vgen_line(v, "reg                          busy;       // TB xt's barrier is in progress");
    vgen_line(v, "integer xt, xq, xp;");
    vgen_begin(v, "always @*");
    vgen_line(v, "p_valid   = arr_valid_i;");
    vgen_line(v, "p_tb      = arr_tb;");
    vgen_line(v, "gone_sent = {(MAX_TBS*WARPS_W){1'b0}};");
    vgen_line(v, "xp        = 0;   // the first port not yet looked at");
    vgen_begin(v, "for (xt = 0; xt < MAX_TBS; xt = xt + 1)");
    vgen_line(v, "owed = t_owing[xt] ? t_owed[xt*WARPS_W +: WARPS_W] : {WARPS_W{1'b0}};");
    vgen_line(v, "busy = w_cnt[xt*CNT_W +: CNT_W] != NO_CNT;");
    vgen_line(v, "for (xq = 0; xq < NUM_SCHED; xq = xq + 1)");
    vgen_line(v, "  busy = busy || (arr_valid_i[xq]");
    vgen_line(v, "                  && {{(32-TB_W){1'b0}}, arr_tb[xq*TB_W +: TB_W]} == xt);");
    vgen_begin(v, "for (xq = 0; xq < NUM_SCHED; xq = xq + 1)");
    vgen_begin(v, "if (busy && owed != {WARPS_W{1'b0}} && xq >= xp)");
    vgen_begin(v, "if (!p_valid[xq])");
    vgen_line(v, "p_valid[xq]              = 1'b1;");
    vgen_line(v, "p_tb[xq*TB_W +: TB_W]    = xt[TB_W-1:0];");
    vgen_line(v, "owed                     = owed - ONE_W;");
    vgen_line(v, "gone_sent[xt*WARPS_W +: WARPS_W] = gone_sent[xt*WARPS_W +: WARPS_W] + ONE_W;");
    vgen_end(v);
    vgen_line(v, "xp = xq + 1;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "assign wpt_valid_o = p_valid;");
    vgen_line(v, "assign wpt_tb_o    = p_tb;");
}

static void emit_wpt_part(struct vgen *v)
{
    const struct vconn params[] = {
        { "NUM_TBS",   "MAX_TBS",   NULL },
        { "MAX_WARPS", "TB_WARPS",  NULL },
        { "NUM_PORTS", "NUM_SCHED", NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "tb_warps_i",  "tb_warps_w", NULL },
        { "arr_valid_i", "p_valid",    NULL },
        { "arr_tb_i",    "p_tb",       NULL },
        { "cnt_o",       "w_cnt",      NULL },
        { "release_o",   "w_release",  NULL },
        { "rank_o",      "rank_o",     NULL },
        { "err_o",       "wpt_err_o",  NULL },
    };

    vgen_section(v, "The WPT: the arrivals, the releases");
    vgen_instance(v, "simtref_wpt", "u_wpt", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
    vgen_line(v, "assign cnt_o     = w_cnt;");
    vgen_line(v, "assign release_o = w_release;");
    vgen_blank(v);
    vgen_line(v, "// The warps released: resident in a releasing TB, waiting or arriving");
    vgen_line(v, "// now (scheduler_edge()).");
    vgen_line(v, "genvar gr;");
    vgen_generate(v);
    vgen_begin_named(v, "g_release", "for (gr = 0; gr < NUM_SLOTS; gr = gr + 1)");
    vgen_line(v, "assign warp_release_o[(gr %% NUM_SCHED) * NUM_WARPS + gr / NUM_SCHED] =");
    vgen_line(v, "    s_resident[gr] && w_release[s_tb[gr*TB_W +: TB_W]]");
    vgen_line(v, "    && (s_barrier[gr] || arriving[gr]);");
    vgen_end(v);
    vgen_endgenerate(v);
}

/* A placed warp's number in its TB at the table of warp slots' width
 * (the dispatcher's may be wider or narrower: both hold every warp of a
 * TB). */
static void emit_give_wid(struct vgen *v, const struct launch_sizes *z)
{
    if (z->dg.idx_w == z->tg.wid_w) {
        vgen_line(v, "assign give_wid = d_give_idx;");
        return;
    }
    vgen_line(v, "genvar gi;");
    vgen_generate(v);
    vgen_begin_named(v, "g_give_wid", "for (gi = 0; gi < NUM_SLOTS; gi = gi + 1)");
    if (z->dg.idx_w > z->tg.wid_w) {
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire [IDX_W-1:0] idx = d_give_idx[gi*IDX_W +: IDX_W];  // below TB_WARPS");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
        vgen_line(v, "assign give_wid[gi*WID_W +: WID_W] = idx[WID_W-1:0];");
    } else {
        vgen_line(v, "assign give_wid[gi*WID_W +: WID_W] =");
        vgen_line(v, "    {{(WID_W-IDX_W){1'b0}}, d_give_idx[gi*IDX_W +: IDX_W]};");
    }
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_slots_part(struct vgen *v, const struct launch_sizes *z,
                            enum rtl_defect defect)
{
    const struct vconn params[] = {
        { "SLOTS", "NUM_SLOTS", NULL },
        { "LANES", "LANES",     NULL },
        { "TBS",   "MAX_TBS",   NULL },
        { "TB_W",  "TB_W",      NULL },
        { "WID_W", "WID_W",     NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "place_i",          "d_give",       "the dispatcher's placements" },
        { "place_tb_i",       "d_give_tb",    NULL },
        { "place_wid_i",      "give_wid",     NULL },
        { "place_lanes_i",    "give_lanes_o", NULL },
        { "launch_i",         "launch_i",     "the cycle's events" },
        { "arrive_i",         "arriving",     NULL },
        { "kill_i",           "kill_i",       NULL },
        { "release_i",        "w_release",    "the WPT's releases" },
        { "resident_o",       "s_resident",   NULL },
        { "launch_pending_o", "s_pending",    NULL },
        { "at_barrier_o",     "s_barrier",    NULL },
        { "tb_o",             "s_tb",         NULL },
        { "wid_o",            "s_wid",        NULL },
        { "lanes_o",          "s_lanes",      NULL },
        { "live_o",           "s_live",       NULL },
        { "retire_o",         "s_retire",     NULL },
    };

    vgen_section(v, "The table of warp slots: placements, launches, arrivals, exits, releases");
    emit_give_wid(v, z);
    vgen_instance(v, "simtref_warp_slots", "u_warp_slots", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
    vgen_line(v, "assign retire_o = s_retire;");
    vgen_blank(v);
    vgen_line(v, "// What the cycle's stages read: the C SM places at the cycle's start");
    vgen_line(v, "// (sm_dispatch()), the module at its edge, so a placed slot's new");
    vgen_line(v, "// warp is written through.");
    vgen_line(v, "assign warp_resident_o = s_resident | d_give;");
    if (defect == DEFECT_SM_LAUNCH_PLACE_UNSEEN) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a warp placed this", rtl_defect_name(defect));
        vgen_line(v, "// cycle is not shown launch pending until the next.");
        vgen_line(v, "assign warp_pending_o  = s_pending;");
    } else {
        vgen_line(v, "assign warp_pending_o  = s_pending | d_give;");
    }
    vgen_line(v, "assign warp_barrier_o  = s_barrier & ~d_give;");
    vgen_line(v, "genvar gw;");
    vgen_generate(v);
    vgen_begin_named(v, "g_warp", "for (gw = 0; gw < NUM_SLOTS; gw = gw + 1)");
    vgen_line(v, "assign warp_tb_o[gw*TB_W +: TB_W] = d_give[gw] ? d_give_tb[gw*TB_W +: TB_W]");
    vgen_line(v, "                                              : s_tb[gw*TB_W +: TB_W];");
    vgen_line(v, "assign warp_wid_o[gw*WID_W +: WID_W] = d_give[gw] ? give_wid[gw*WID_W +: WID_W]");
    vgen_line(v, "                                                  : s_wid[gw*WID_W +: WID_W];");
    vgen_line(v, "assign warp_lanes_o[gw*LANES +: LANES] = d_give[gw] ? give_lanes_o[gw*LANES +: LANES]");
    vgen_line(v, "                                                    : s_lanes[gw*LANES +: LANES];");
    vgen_line(v, "assign warp_live_o[gw*LANES +: LANES] = d_give[gw] ? give_lanes_o[gw*LANES +: LANES]");
    vgen_line(v, "                                                   : s_live[gw*LANES +: LANES];");
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_table_part(struct vgen *v)
{
    const struct vconn params[] = {
        { "MAX_TBS",  "MAX_TBS",  NULL },
        { "TB_WARPS", "TB_WARPS", NULL },
        { "CTAID_W",  "CTAID_W",  NULL },
        { "TB_W",     "TB_W",     NULL },
        { "N_W",      "N_W",      NULL },
        { "WARPS_W",  "WARPS_W",  NULL },
        { "WID_W",    "WID_W",    NULL },
        { "SLOT_W",   "SLOT_W",   NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "n_place_i",        "d_n",                    "the dispatcher's placements" },
        { "place_tb_i",       "d_tb",                   NULL },
        { "place_ctaid_i",    "d_ctaid",                NULL },
        { "place_warps_i",    "{MAX_TBS{tb_warps_w}}",  NULL },
        { "place_warp_i",     "place_warp",             NULL },
        { "retire_i",         "retire_n",               NULL },
        { "retire_arrived_i", "arrived_n",              NULL },
        { "gone_sent_i",      "gone_sent",              NULL },
        { "release_i",        "w_release",              "the WPT's releases" },
        VCONN_SAME("rd_tb_i"),
        VCONN_SAME("rd_wid_i"),
        { "valid_o",          "rd_valid_o",             NULL },
        { "ctaid_o",          "rd_ctaid_o",             NULL },
        { "warps_o",          "t_warps",                NULL },
        { "live_warps_o",     "t_live",                 NULL },
        { "gone_arrived_o",   "t_gone",                 NULL },
        { "warp_slot_o",      "rd_warp_slot_o",         NULL },
        { "done_o",           "t_done",                 NULL },
        { "owing_o",          "t_owing",                NULL },
        { "owed_o",           "t_owed",                 NULL },
        { "last_o",           "t_last",                 NULL },
        { "ctaids_o",         "tb_ctaid_o",             NULL },
    };

    vgen_section(v, "The table of resident TBs: placements, retirements, arrivals, releases");
    vgen_instance(v, "simtref_tb_table", "u_tb_table", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
    vgen_line(v, "assign tb_done_o = t_last;");
    vgen_blank(v);
    vgen_line(v, "// The grid's end (sm_check_done()): the dispatcher has nothing to");
    vgen_line(v, "// place, no warp is resident and the LSU is idle.  With no warp");
    vgen_line(v, "// resident every slot is free, and a launch fits an empty SM: the");
    vgen_line(v, "// dispatcher places nothing only when every TB has been placed.");
    vgen_line(v, "assign grid_done_o = d_n == {N_W{1'b0}} && s_resident == {NUM_SLOTS{1'b0}}");
    vgen_line(v, "                     && lsu_idle_i;");
}

void emit_sm_launch(struct vgen *v, const struct simt_config *cfg,
                    enum rtl_defect defect)
{
    struct launch_sizes z;

    dispatch_geometry(cfg, &z.dg);
    tb_table_geometry(cfg, &z.tg);
    wpt_geometry(cfg, &z.wg);
    z.warps = cfg->threads_per_scheduler / cfg->warp_size;
    z.lw_w = clog2(z.warps) ? clog2(z.warps) : 1;
    z.thread_w = bits_for((uint64_t)cfg->max_warps_per_tb * cfg->warp_size);
    emit_header(v, cfg, &z);
    emit_wires(v);
    emit_tb_warps(v, &z);
    emit_events(v);
    emit_dispatch_part(v, defect);
    emit_warp_launch(v);
    emit_exited_arrivals(v);
    emit_wpt_part(v);
    emit_slots_part(v, &z, defect);
    emit_table_part(v);
    vgen_module_end(v, "simtref_sm_launch");
}
