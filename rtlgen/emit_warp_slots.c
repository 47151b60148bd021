/*
 * emit_warp_slots.c -- the Verilog of the SM's table of warp slots
 * (simtref_warp_slots).
 *
 * Ports and behaviour are those of the C model,
 * golden/structures/warp_slots.h: per slot a placement port, launch,
 * arrival and exit ports, a release per TB slot; every register an
 * output; the retirements told in their cycle.  All state is flip-flops
 * with a reset (the C model's reset clears every field), one register
 * group; the next state is one combinational block per slot, written in
 * the model's order: placement, launch, arrival, exit and retirement,
 * release.
 */
#include "rtlgen.h"
#include "emit_common.h"
#include "warp_slots.h"

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct warp_slots_geometry *g)
{
    const struct vparam params[] = {
        { "SLOTS", g->slots, NULL, "warp slots of the SM" },
        { "LANES", g->lanes, NULL, "lanes of a warp" },
        { "TBS",   g->tbs,   NULL, "TB slots" },
        { NULL, 0, NULL, "Derived widths (from the generator)" },
        { "TB_W",  g->tb_w,  NULL, "a TB slot number" },
        { "WID_W", g->wid_w, NULL, "a warp's index in its TB" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                  "clk_i",            "clock" },
        { "input",  "",                  "rst_ni",           "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Placements: the dispatcher fills free slots with a TB's warps" },
        { "input",  "[SLOTS-1:0]",       "place_i",          "the slot takes a warp" },
        { "input",  "[SLOTS*TB_W-1:0]",  "place_tb_i",       "... of this TB slot" },
        { "input",  "[SLOTS*WID_W-1:0]", "place_wid_i",      "... its index in the TB" },
        { "input",  "[SLOTS*LANES-1:0]", "place_lanes_i",    "... the lanes holding a thread" },
        { NULL, NULL, NULL, "The warps' events of this cycle" },
        { "input",  "[SLOTS-1:0]",       "launch_i",         "the warp's launch happens" },
        { "input",  "[SLOTS-1:0]",       "arrive_i",         "the warp arrives at its TB's barrier" },
        { "input",  "[SLOTS*LANES-1:0]", "kill_i",           "lanes whose thread exits" },
        { "input",  "[TBS-1:0]",         "release_i",        "the TB's barrier releases" },
        { NULL, NULL, NULL, "Each slot's registers" },
        { "output", "[SLOTS-1:0]",       "resident_o",       "holds a warp of a TB" },
        { "output", "[SLOTS-1:0]",       "launch_pending_o", "its launch has not happened" },
        { "output", "[SLOTS-1:0]",       "at_barrier_o",     "it waits at its TB's barrier" },
        { "output", "[SLOTS*TB_W-1:0]",  "tb_o",             "its TB slot" },
        { "output", "[SLOTS*WID_W-1:0]", "wid_o",            "its index in the TB" },
        { "output", "[SLOTS*LANES-1:0]", "lanes_o",          "lanes holding a thread" },
        { "output", "[SLOTS*LANES-1:0]", "live_o",           "lanes whose thread has not exited" },
        { NULL, NULL, NULL, "Retirements of this cycle" },
        { "output", "[SLOTS-1:0]",       "retire_o",         "the warp's last live lanes exit now" },
    };

    emit_file_header(v, "simtref_warp_slots.v", "table of warp slots",
                     "docs/architecture.md; C model: "
                     "golden/structures/warp_slots.c.", cfg);
    vgen_line(v, "// Per warp slot: whether it holds a warp of a resident TB, whether");
    vgen_line(v, "// the warp's launch into its scheduler's control-flow stage is still");
    vgen_line(v, "// to happen, whether it waits at its TB's barrier, its TB slot and");
    vgen_line(v, "// index in the TB, its lanes and its live lanes.  At the edge, in");
    vgen_line(v, "// this order: a placement fills the slot (launch pending, every lane");
    vgen_line(v, "// live), a launch and an arrival set their bits, the exits clear");
    vgen_line(v, "// their lanes, a slot whose last live lanes exit leaves the table");
    vgen_line(v, "// (retire_o tells it in the cycle itself), and a release takes the");
    vgen_line(v, "// slots of its TB that stay resident off the barrier.");
    vgen_line(v, "// Storage: %u slots x %u bits = %lu bits.", g->slots,
              3 + g->tb_w + g->wid_w + 2 * g->lanes,
              warp_slots_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_warp_slots", params,
                      sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_registers(struct vgen *v)
{
    const struct vreg regs[] = {
        { "resident_q", "{SLOTS{1'b0}}",         "resident_d" },
        { "pending_q",  "{SLOTS{1'b0}}",         "pending_d" },
        { "barrier_q",  "{SLOTS{1'b0}}",         "barrier_d" },
        { "tb_q",       "{(SLOTS*TB_W){1'b0}}",  "tb_d" },
        { "wid_q",      "{(SLOTS*WID_W){1'b0}}", "wid_d" },
        { "lanes_q",    "{(SLOTS*LANES){1'b0}}", "lanes_d" },
        { "live_q",     "{(SLOTS*LANES){1'b0}}", "live_d" },
    };

    vgen_section(v, "The slots' registers");
    vgen_line(v, "reg  [SLOTS-1:0]       resident_q;  // holds a warp");
    vgen_line(v, "reg  [SLOTS-1:0]       pending_q;   // its launch is pending");
    vgen_line(v, "reg  [SLOTS-1:0]       barrier_q;   // at its TB's barrier");
    vgen_line(v, "reg  [SLOTS*TB_W-1:0]  tb_q;        // its TB slot");
    vgen_line(v, "reg  [SLOTS*WID_W-1:0] wid_q;       // its index in the TB");
    vgen_line(v, "reg  [SLOTS*LANES-1:0] lanes_q;     // lanes holding a thread");
    vgen_line(v, "reg  [SLOTS*LANES-1:0] live_q;      // ... not exited");
    vgen_line(v, "wire [SLOTS-1:0]       resident_d, pending_d, barrier_d;");
    vgen_line(v, "wire [SLOTS*TB_W-1:0]  tb_d;");
    vgen_line(v, "wire [SLOTS*WID_W-1:0] wid_d;");
    vgen_line(v, "wire [SLOTS*LANES-1:0] lanes_d, live_d;");
    vgen_blank(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
}

static void emit_next_state(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "Each slot's next state");
    vgen_line(v, "genvar gs;");
    vgen_generate(v);
    vgen_begin_named(v, "g_slot", "for (gs = 0; gs < SLOTS; gs = gs + 1)");
    vgen_line(v, "wire [LANES-1:0] kill = kill_i[gs*LANES +: LANES];");
    vgen_line(v, "wire [LANES-1:0] live = live_q[gs*LANES +: LANES];");
    vgen_line(v, "reg              resident_n, pending_n, barrier_n, released;");
    vgen_line(v, "reg  [TB_W-1:0]  tb_n;");
    vgen_line(v, "reg  [WID_W-1:0] wid_n;");
    vgen_line(v, "reg  [LANES-1:0] lanes_n, live_n;");
    vgen_line(v, "integer t;");
    vgen_blank(v);
    vgen_line(v, "// A resident warp whose exits take its last live lanes.");
    vgen_line(v, "assign retire_o[gs] = resident_q[gs] && kill != {LANES{1'b0}} &&");
    vgen_line(v, "                      (live & ~kill) == {LANES{1'b0}};");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "resident_n = resident_q[gs];");
    vgen_line(v, "pending_n  = pending_q[gs];");
    vgen_line(v, "barrier_n  = barrier_q[gs];");
    vgen_line(v, "tb_n       = tb_q[gs*TB_W +: TB_W];");
    vgen_line(v, "wid_n      = wid_q[gs*WID_W +: WID_W];");
    vgen_line(v, "lanes_n    = lanes_q[gs*LANES +: LANES];");
    vgen_line(v, "live_n     = live;");
    vgen_begin(v, "if (place_i[gs])");
    vgen_line(v, "resident_n = 1'b1;");
    vgen_line(v, "pending_n  = 1'b1;");
    vgen_line(v, "barrier_n  = 1'b0;");
    vgen_line(v, "tb_n       = place_tb_i[gs*TB_W +: TB_W];");
    vgen_line(v, "wid_n      = place_wid_i[gs*WID_W +: WID_W];");
    vgen_line(v, "lanes_n    = place_lanes_i[gs*LANES +: LANES];");
    vgen_line(v, "live_n     = place_lanes_i[gs*LANES +: LANES];");
    vgen_end(v);
    vgen_begin(v, "if (launch_i[gs])");
    vgen_line(v, "pending_n = 1'b0;");
    vgen_end(v);
    vgen_begin(v, "if (arrive_i[gs])");
    vgen_line(v, "barrier_n = 1'b1;");
    vgen_end(v);
    vgen_line(v, "live_n = live_n & ~kill;");
    vgen_begin(v, "if (retire_o[gs])");
    vgen_line(v, "resident_n = 1'b0;");
    vgen_line(v, "live_n     = {LANES{1'b0}};");
    vgen_end(v);
    vgen_line(v, "// the release of the warp's TB slot");
    vgen_line(v, "released = 1'b0;");
    vgen_begin(v, "for (t = 0; t < TBS; t = t + 1)");
    vgen_begin(v, "if (tb_n == t[TB_W-1:0])");
    vgen_line(v, "released = released | release_i[t];");
    vgen_end(v);
    vgen_end(v);
    if (defect == DEFECT_WARP_SLOTS_RELEASE_EXITED) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the release also", rtl_defect_name(defect));
        vgen_line(v, "// takes a slot that leaves the table now off the barrier.");
        vgen_begin(v, "if (released && (resident_n || retire_o[gs]))");
    } else {
        vgen_begin(v, "if (released && resident_n)");
    }
    vgen_line(v, "barrier_n = 1'b0;");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign resident_d[gs]               = resident_n;");
    vgen_line(v, "assign pending_d[gs]                = pending_n;");
    vgen_line(v, "assign barrier_d[gs]                = barrier_n;");
    vgen_line(v, "assign tb_d[gs*TB_W +: TB_W]        = tb_n;");
    vgen_line(v, "assign wid_d[gs*WID_W +: WID_W]     = wid_n;");
    vgen_line(v, "assign lanes_d[gs*LANES +: LANES]   = lanes_n;");
    vgen_line(v, "assign live_d[gs*LANES +: LANES]    = live_n;");
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_outputs(struct vgen *v)
{
    vgen_section(v, "Outputs: the registers");
    vgen_line(v, "assign resident_o       = resident_q;");
    vgen_line(v, "assign launch_pending_o = pending_q;");
    vgen_line(v, "assign at_barrier_o     = barrier_q;");
    vgen_line(v, "assign tb_o             = tb_q;");
    vgen_line(v, "assign wid_o            = wid_q;");
    vgen_line(v, "assign lanes_o          = lanes_q;");
    vgen_line(v, "assign live_o           = live_q;");
}

void emit_warp_slots(struct vgen *v, const struct simt_config *cfg,
                     enum rtl_defect defect)
{
    struct warp_slots_geometry g;

    warp_slots_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_registers(v);
    emit_next_state(v, defect);
    emit_outputs(v);
    vgen_module_end(v, "simtref_warp_slots");
}
