/*
 * emit_tb_table.c -- the Verilog of the table of resident TBs
 * (simtref_tb_table).
 *
 * Ports and behaviour are those of the C model,
 * golden/structures/tb_table.h: the place, retire, arrival and release
 * ports written at the edge in that order, one read port.  Per TB slot
 * the counts (valid, warps, live warps, exited warps counted at the
 * barrier) are flip-flops, read by every slot's `owing_o` bit; the grid
 * index and the warp slots are two memories written by the placements
 * (one write port each) and read by the read port.  A memory holds no
 * reset: what it shows for a slot that holds no TB is no one's business,
 * and the testbench compares it only while the slot holds a TB
 * (docs/rtl-boundary.md).
 */
#include "rtlgen.h"
#include "emit_common.h"
#include "tb_table.h"

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct tb_table_geometry *g)
{
    const struct vparam params[] = {
        { "MAX_TBS",  g->tbs,         NULL, "TB slots" },
        { "TB_WARPS", g->tb_warps,    NULL, "warps of a TB, at most" },
        { "CTAID_W",  g->ctaid_w,     NULL, "a TB's index in its grid" },
        { NULL, 0, NULL, "Derived widths (from the generator)" },
        { "TB_W",     g->tb_w,        NULL, "TB slot number" },
        { "N_W",      g->n_w,         NULL, "a count of placements, 0..MAX_TBS" },
        { "WARPS_W",  g->warps_w,     NULL, "a count of warps, 0..TB_WARPS" },
        { "WID_W",    g->wid_w,       NULL, "a warp's number in its TB" },
        { "SLOT_W",   g->port_slot_w, NULL, "a warp slot of the SM" },
        { "ROW_W",    0, "TB_WARPS * SLOT_W", "the warp slots of a TB" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                       "clk_i",            "clock" },
        { "input",  "",                       "rst_ni",           "asynchronous reset, active low" },
        { NULL, NULL, NULL, "TBs placed by the dispatcher this cycle, into free TB slots" },
        { "input",  "[N_W-1:0]",              "n_place_i",        "how many" },
        { "input",  "[MAX_TBS*TB_W-1:0]",     "place_tb_i",       "placement k: its TB slot" },
        { "input",  "[MAX_TBS*CTAID_W-1:0]",  "place_ctaid_i",    "placement k: its grid index" },
        { "input",  "[MAX_TBS*WARPS_W-1:0]",  "place_warps_i",    "placement k: its warps, 1..TB_WARPS" },
        { "input",  "[MAX_TBS*ROW_W-1:0]",    "place_warp_i",     "placement k: warp j's warp slot at j*SLOT_W" },
        { NULL, NULL, NULL, "Retirements: per TB slot, warps whose last thread exited" },
        { "input",  "[MAX_TBS*WARPS_W-1:0]",  "retire_i",         "warps retiring (at most the live ones)" },
        { "input",  "[MAX_TBS*WARPS_W-1:0]",  "retire_arrived_i", "... of them, those counted at the barrier" },
        { NULL, NULL, NULL, "Barriers: exited warps' arrivals, the WPT's releases" },
        { "input",  "[MAX_TBS*WARPS_W-1:0]",  "gone_sent_i",      "exited warps arriving now (at most those owed)" },
        { "input",  "[MAX_TBS-1:0]",          "release_i",        "the TB's barrier releases" },
        { NULL, NULL, NULL, "The read port" },
        { "input",  "[TB_W-1:0]",             "rd_tb_i",          "a TB slot" },
        { "input",  "[WID_W-1:0]",            "rd_wid_i",         "... and a warp of its TB" },
        { "output", "",                       "valid_o",          "the slot holds a TB" },
        { "output", "[CTAID_W-1:0]",          "ctaid_o",          "its grid index (while valid_o)" },
        { "output", "[WARPS_W-1:0]",          "warps_o",          "its warps" },
        { "output", "[WARPS_W-1:0]",          "live_warps_o",     "... those with a live thread" },
        { "output", "[WARPS_W-1:0]",          "gone_arrived_o",   "exited warps counted at the barrier" },
        { "output", "[SLOT_W-1:0]",           "warp_slot_o",      "warp rd_wid_i's warp slot (while valid_o)" },
        { "output", "",                       "done_o",           "its last live warps retire this cycle" },
        { NULL, NULL, NULL, "Every slot (what a composition reads of all its TBs at once)" },
        { "output", "[MAX_TBS-1:0]",          "owing_o",          "the TB's exited warps owe an arrival" },
        { "output", "[MAX_TBS*WARPS_W-1:0]",  "owed_o",           "... that many (0 for a free slot)" },
        { "output", "[MAX_TBS-1:0]",          "last_o",           "the TB's last live warps retire this cycle" },
        { "output", "[MAX_TBS*CTAID_W-1:0]",  "ctaids_o",         "its grid index (0 for a free slot)" },
    };

    emit_file_header(v, "simtref_tb_table.v", "table of resident TBs",
                     "docs/architecture.md; BAWS section 4.1.2 (the WPT it "
                     "feeds); C model: golden/structures/tb_table.c.", cfg);
    vgen_line(v, "// Per TB slot: whether it holds a TB, the TB's grid index, its warps");
    vgen_line(v, "// and their warp slots, how many of its warps still have a live");
    vgen_line(v, "// thread, and how many of its exited warps have been counted at the");
    vgen_line(v, "// barrier in progress.  An exited warp still arrives at each barrier");
    vgen_line(v, "// of its TB, so a TB owes warps - live - counted arrivals (owing_o).");
    vgen_line(v, "// At the edge, in this order: the placements fill their slots (all");
    vgen_line(v, "// warps live, none counted), the retirements take warps off the live");
    vgen_line(v, "// ones (counting those that had arrived; a TB left without a live warp");
    vgen_line(v, "// frees its slot), the exited warps' arrivals are counted, and a");
    vgen_line(v, "// release clears the count.  done_o tells in the cycle itself that");
    vgen_line(v, "// the read TB's last live warps retire.");
    vgen_line(v, "// Storage per slot: valid 1, grid index %u, warps, live, counted",
              g->ctaid_w);
    vgen_line(v, "// 3 x %u, warp slots %u x %u: %lu bits in all.", g->warps_w,
              g->tb_warps, g->slot_w, tb_table_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_tb_table", params,
                      sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_place_ports(struct vgen *v)
{
    vgen_section(v, "The placement ports in use");
    vgen_line(v, "wire [MAX_TBS-1:0] place_we;    // placement k < n_place_i");
    vgen_line(v, "genvar gk;");
    vgen_generate(v);
    vgen_begin_named(v, "g_place", "for (gk = 0; gk < MAX_TBS; gk = gk + 1)");
    vgen_line(v, "localparam [N_W-1:0] K = gk;");
    vgen_line(v, "assign place_we[gk] = K < n_place_i;");
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_counts(struct vgen *v, enum rtl_defect defect)
{
    const struct vreg counts[] = {
        { "valid_q", "{MAX_TBS{1'b0}}",           "valid_d" },
        { "warps_q", "{(MAX_TBS*WARPS_W){1'b0}}", "warps_d" },
        { "live_q",  "{(MAX_TBS*WARPS_W){1'b0}}", "live_d" },
        { "gone_q",  "{(MAX_TBS*WARPS_W){1'b0}}", "gone_d" },
    };

    vgen_section(v, "The counts of each TB slot");
    vgen_line(v, "reg  [MAX_TBS-1:0]         valid_q;   // the slot holds a TB");
    vgen_line(v, "reg  [MAX_TBS*WARPS_W-1:0] warps_q;   // its warps");
    vgen_line(v, "reg  [MAX_TBS*WARPS_W-1:0] live_q;    // ... with a live thread");
    vgen_line(v, "reg  [MAX_TBS*WARPS_W-1:0] gone_q;    // exited warps counted at the barrier");
    vgen_line(v, "wire [MAX_TBS-1:0]         valid_d;");
    vgen_line(v, "wire [MAX_TBS*WARPS_W-1:0] warps_d;");
    vgen_line(v, "wire [MAX_TBS*WARPS_W-1:0] live_d;");
    vgen_line(v, "wire [MAX_TBS*WARPS_W-1:0] gone_d;");
    vgen_blank(v);
    vgen_line(v, "genvar gt;");
    vgen_generate(v);
    vgen_begin_named(v, "g_tb", "for (gt = 0; gt < MAX_TBS; gt = gt + 1)");
    vgen_line(v, "localparam [TB_W-1:0] ID = gt;");
    vgen_line(v, "wire [WARPS_W-1:0] retire  = retire_i[gt*WARPS_W +: WARPS_W];");
    if (defect != DEFECT_TB_TABLE_RETIRE_FORGETS_ARRIVAL)
        vgen_line(v, "wire [WARPS_W-1:0] arrived = retire_arrived_i[gt*WARPS_W +: WARPS_W];");
    vgen_line(v, "wire [WARPS_W-1:0] sent    = gone_sent_i[gt*WARPS_W +: WARPS_W];");
    vgen_line(v, "wire [WARPS_W-1:0] warps   = warps_q[gt*WARPS_W +: WARPS_W];");
    vgen_line(v, "wire [WARPS_W-1:0] live    = live_q[gt*WARPS_W +: WARPS_W];");
    vgen_line(v, "wire [WARPS_W-1:0] gone    = gone_q[gt*WARPS_W +: WARPS_W];");
    vgen_line(v, "reg                take;          // a placement takes the slot ...");
    vgen_line(v, "reg  [WARPS_W-1:0] take_warps;    // ... with this many warps");
    vgen_line(v, "reg                valid_n;");
    vgen_line(v, "reg  [WARPS_W-1:0] warps_n, live_n, gone_n;");
    vgen_line(v, "integer k;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "take       = 1'b0;");
    vgen_line(v, "take_warps = {WARPS_W{1'b0}};");
    vgen_begin(v, "for (k = 0; k < MAX_TBS; k = k + 1)");
    vgen_begin(v, "if (place_we[k] && place_tb_i[k*TB_W +: TB_W] == ID)");
    vgen_line(v, "take       = 1'b1;");
    vgen_line(v, "take_warps = place_warps_i[k*WARPS_W +: WARPS_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// The placement, the retirements, the exited warps' arrivals, the");
    vgen_line(v, "// release (a retirement names live warps of a TB the slot holds).");
    vgen_begin(v, "always @*");
    vgen_line(v, "valid_n = valid_q[gt];");
    vgen_line(v, "warps_n = warps;");
    vgen_line(v, "live_n  = live;");
    vgen_line(v, "gone_n  = gone;");
    vgen_begin(v, "if (take)");
    vgen_line(v, "valid_n = 1'b1;");
    vgen_line(v, "warps_n = take_warps;");
    vgen_line(v, "live_n  = take_warps;");
    vgen_line(v, "gone_n  = {WARPS_W{1'b0}};");
    vgen_end(v);
    vgen_begin(v, "if (retire != {WARPS_W{1'b0}})");
    if (defect == DEFECT_TB_TABLE_RETIRE_FORGETS_ARRIVAL) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the retiring warps",
                  rtl_defect_name(defect));
        vgen_line(v, "// that had arrived at the barrier are not counted there: the TB");
        vgen_line(v, "// owes their arrivals again.");
    } else {
        vgen_line(v, "gone_n  = gone_n + arrived;");
    }
    vgen_line(v, "live_n  = live_n - retire;");
    vgen_line(v, "valid_n = live_n != {WARPS_W{1'b0}};");
    vgen_end(v);
    vgen_line(v, "gone_n = gone_n + sent;");
    vgen_begin(v, "if (release_i[gt])");
    vgen_line(v, "gone_n = {WARPS_W{1'b0}};");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign valid_d[gt]                   = valid_n;");
    vgen_line(v, "assign warps_d[gt*WARPS_W +: WARPS_W] = warps_n;");
    vgen_line(v, "assign live_d[gt*WARPS_W +: WARPS_W]  = live_n;");
    vgen_line(v, "assign gone_d[gt*WARPS_W +: WARPS_W]  = gone_n;");
    vgen_blank(v);
    vgen_line(v, "// Warps exited (warps - live) that have not arrived (gone).");
    vgen_line(v, "assign owing_o[gt] = valid_q[gt] &&");
    vgen_line(v, "                     {1'b0, warps} > {1'b0, live} + {1'b0, gone};");
    vgen_line(v, "assign owed_o[gt*WARPS_W +: WARPS_W] = owing_o[gt] ? warps - live - gone");
    vgen_line(v, "                                                  : {WARPS_W{1'b0}};");
    vgen_line(v, "// done_o of every slot.");
    vgen_line(v, "assign last_o[gt] = valid_q[gt] && retire != {WARPS_W{1'b0}} && retire == live;");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_ff(v, counts, sizeof counts / sizeof counts[0], NULL);
    if (defect == DEFECT_TB_TABLE_RETIRE_FORGETS_ARRIVAL)
        emit_unused_inputs(v, "^retire_arrived_i");
}

/* One write statement per placement port: a loop over the ports would put
 * non-blocking array writes in a loop, which simulators handle poorly. */
static void emit_descriptors(struct vgen *v, const struct tb_table_geometry *g)
{
    vgen_section(v, "The grid index and the warp slots of each TB slot (memories)");
    vgen_line(v, "// Written by the placements, one write port each; no reset.");
    vgen_line(v, "reg  [CTAID_W-1:0] ctaid_q [0:MAX_TBS-1];  // grid index");
    vgen_line(v, "reg  [ROW_W-1:0]   slots_q [0:MAX_TBS-1];  // warp j's slot at j*SLOT_W");
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i)");
    for (unsigned k = 0; k < g->tbs; k++) {
        vgen_begin(v, "if (place_we[%u])", k);
        vgen_line(v, "ctaid_q[place_tb_i[%u*TB_W +: TB_W]] <= place_ctaid_i[%u*CTAID_W +: CTAID_W];",
                  k, k);
        vgen_line(v, "slots_q[place_tb_i[%u*TB_W +: TB_W]] <= place_warp_i[%u*ROW_W +: ROW_W];",
                  k, k);
        vgen_end(v);
    }
    vgen_end(v);
}

static void emit_read(struct vgen *v)
{
    vgen_section(v, "The read port");
    vgen_line(v, "wire [ROW_W-1:0]   rd_slots  = slots_q[rd_tb_i];");
    vgen_line(v, "wire [WARPS_W-1:0] rd_retire = retire_i[rd_tb_i*WARPS_W +: WARPS_W];");
    vgen_blank(v);
    vgen_line(v, "assign valid_o        = valid_q[rd_tb_i];");
    vgen_line(v, "assign ctaid_o        = ctaid_q[rd_tb_i];");
    vgen_line(v, "assign warps_o        = warps_q[rd_tb_i*WARPS_W +: WARPS_W];");
    vgen_line(v, "assign live_warps_o   = live_q[rd_tb_i*WARPS_W +: WARPS_W];");
    vgen_line(v, "assign gone_arrived_o = gone_q[rd_tb_i*WARPS_W +: WARPS_W];");
    vgen_line(v, "assign warp_slot_o    = rd_slots[rd_wid_i*SLOT_W +: SLOT_W];");
    vgen_line(v, "assign done_o         = valid_o && rd_retire != {WARPS_W{1'b0}} &&");
    vgen_line(v, "                        rd_retire == live_warps_o;");
    vgen_blank(v);
    vgen_line(v, "// Every slot's grid index (each lane's thread's, for the datapath).");
    vgen_line(v, "genvar gc;");
    vgen_generate(v);
    vgen_begin_named(v, "g_ctaid", "for (gc = 0; gc < MAX_TBS; gc = gc + 1)");
    vgen_line(v, "assign ctaids_o[gc*CTAID_W +: CTAID_W] = valid_q[gc] ? ctaid_q[gc] : {CTAID_W{1'b0}};");
    vgen_end(v);
    vgen_endgenerate(v);
}

/* Under FORMAL: the checker of formal/tb_table_props.v sees the state. */
static void emit_formal(struct vgen *v)
{
    const struct vconn params[] = {
        VCONN_SAME("MAX_TBS"),
        VCONN_SAME("TB_WARPS"),
        VCONN_SAME("CTAID_W"),
        VCONN_SAME("TB_W"),
        VCONN_SAME("N_W"),
        VCONN_SAME("WARPS_W"),
        VCONN_SAME("WID_W"),
        VCONN_SAME("SLOT_W"),
        VCONN_SAME("ROW_W"),
    };
    const struct vconn conns[] = {
        { NULL, NULL, "The ports" },
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        VCONN_SAME("n_place_i"),
        VCONN_SAME("place_tb_i"),
        VCONN_SAME("place_ctaid_i"),
        VCONN_SAME("place_warps_i"),
        VCONN_SAME("place_warp_i"),
        VCONN_SAME("retire_i"),
        VCONN_SAME("retire_arrived_i"),
        VCONN_SAME("gone_sent_i"),
        VCONN_SAME("release_i"),
        VCONN_SAME("rd_tb_i"),
        VCONN_SAME("rd_wid_i"),
        VCONN_SAME("valid_o"),
        VCONN_SAME("ctaid_o"),
        VCONN_SAME("warps_o"),
        VCONN_SAME("live_warps_o"),
        VCONN_SAME("gone_arrived_o"),
        VCONN_SAME("warp_slot_o"),
        VCONN_SAME("done_o"),
        VCONN_SAME("owing_o"),
        { NULL, NULL, "The state" },
        VCONN_SAME("valid_q"),
        VCONN_SAME("warps_q"),
        VCONN_SAME("live_q"),
        VCONN_SAME("gone_q"),
        { "ctaids_q", "obs_ctaids", "the memories, row by row" },
        { "slots_q",  "obs_slots",  NULL },
    };

    vgen_section(v, "Proof observer (only under FORMAL; not part of the design)");
    vgen_line(v, "// The counts and the memories are state the ports show one slot at a");
    vgen_line(v, "// time: the checker of formal/tb_table_props.v reads all of it.");
    vgen_line(v, "`ifdef FORMAL");
    vgen_line(v, "wire [MAX_TBS*CTAID_W-1:0] obs_ctaids;");
    vgen_line(v, "wire [MAX_TBS*ROW_W-1:0]   obs_slots;");
    vgen_generate(v);
    vgen_begin_named(v, "g_observe", "for (gt = 0; gt < MAX_TBS; gt = gt + 1)");
    vgen_line(v, "assign obs_ctaids[gt*CTAID_W +: CTAID_W] = ctaid_q[gt];");
    vgen_line(v, "assign obs_slots[gt*ROW_W +: ROW_W]      = slots_q[gt];");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_instance(v, "tb_table_checker", "u_checker",
                  params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
    vgen_line(v, "`endif");
}

void emit_tb_table(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect)
{
    struct tb_table_geometry g;

    tb_table_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_place_ports(v);
    emit_counts(v, defect);
    emit_descriptors(v, &g);
    emit_read(v);
    emit_formal(v);
    vgen_module_end(v, "simtref_tb_table");
}
