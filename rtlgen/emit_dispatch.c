/*
 * emit_dispatch.c -- the Verilog of the TB dispatcher (simtref_dispatch).
 *
 * Ports and behaviour are those of the C model,
 * golden/structures/dispatch.h, but for one port: the model lists each
 * placement's warp slots in warp order (place[k].warp[j]); the module
 * tells each warp slot whether it is taken this cycle, by which TB slot,
 * as which warp of the TB (warp_give_o, warp_tb_o, warp_idx_o): what a
 * warp slot loads.  The two say the same (a TB's warps take the lowest
 * free slots in warp order), and the testbench compares one with the
 * other every cycle (docs/rtl-boundary.md).
 *
 * The module is two register groups (the launch, the occupancy) and
 * three blocks of logic: how many TBs fit, which TB slots they take, which
 * warp slots; then the next occupancy.
 */
#include "rtlgen.h"
#include "dispatch.h"

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct dispatch_geometry *g)
{
    const struct vparam params[] = {
        { "MAX_TBS",      g->max_tbs,      NULL, "TB slots" },
        { "WARP_SLOTS",   g->warp_slots,   NULL, "warp slots of the SM" },
        { "SHARED_BYTES", g->shared_bytes, NULL, "shared memory of the SM, bytes" },
        { "CTAID_W",      g->ctaid_w,      NULL, "a TB's index in its grid" },
        { NULL, 0, NULL, "Derived widths (from the generator)" },
        { "TB_W",     g->tb_w,     NULL, "TB slot number" },
        { "N_W",      g->n_w,      NULL, "a count of TBs, 0..MAX_TBS" },
        { "SLOT_W",   g->slot_w,   NULL, "a count of warp slots, 0..WARP_SLOTS" },
        { "IDX_W",    g->idx_w,    NULL, "a warp's number in its TB" },
        { "SHARED_W", g->shared_w, NULL, "bytes of shared memory, 0..SHARED_BYTES" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                        "clk_i",          "clock" },
        { "input",  "",                        "rst_ni",         "asynchronous reset, active low" },
        { NULL, NULL, NULL, "A launch: every slot free, the grid placed from ctaid 0" },
        { "input",  "",                        "start_i",        "a launch starts" },
        { "input",  "[CTAID_W-1:0]",           "grid_i",         "... of this many TBs" },
        { "input",  "[SLOT_W-1:0]",            "tb_warps_i",     "... of this many warps each" },
        { "input",  "[SHARED_W-1:0]",          "shared_bytes_i", "... holding this much shared memory each" },
        { NULL, NULL, NULL, "Releases of this cycle: free from the next" },
        { "input",  "[WARP_SLOTS-1:0]",        "warp_release_i", "the warp of a slot retired" },
        { "input",  "[MAX_TBS-1:0]",           "tb_release_i",   "the TB of a slot finished" },
        { NULL, NULL, NULL, "The TBs placed this cycle, in grid order" },
        { "output", "[N_W-1:0]",               "n_place_o",      "how many" },
        { "output", "[MAX_TBS*TB_W-1:0]",      "place_tb_o",     "placement k: its TB slot (0 beyond n_place_o)" },
        { "output", "[MAX_TBS*CTAID_W-1:0]",   "place_ctaid_o",  "placement k: its ctaid (0 beyond n_place_o)" },
        { NULL, NULL, NULL, "The warp slots taken this cycle" },
        { "output", "[WARP_SLOTS-1:0]",        "warp_give_o",    "the slot takes a warp" },
        { "output", "[WARP_SLOTS*TB_W-1:0]",   "warp_tb_o",      "... of this TB slot (0 when not taken)" },
        { "output", "[WARP_SLOTS*IDX_W-1:0]",  "warp_idx_o",     "... this warp of the TB (0 when not taken)" },
    };

    emit_file_header(v, "simtref_dispatch.v", "TB dispatcher",
                     "docs/sm-timing.md; C model: golden/structures/dispatch.c.",
                     cfg);
    vgen_line(v, "// Places the thread blocks (TBs) of a launch on the SM in grid order,");
    vgen_line(v, "// as many a cycle as fit: a TB fits while a TB slot is free, as many");
    vgen_line(v, "// warp slots as it has warps are free, and its shared memory fits in");
    vgen_line(v, "// what the resident TBs leave.  Each takes the lowest free TB slot and");
    vgen_line(v, "// the lowest free warp slots, its warps in slot order.  A release frees");
    vgen_line(v, "// a slot from the next cycle: a TB slot whose TB finishes this cycle is");
    vgen_line(v, "// still held.  A launch is one the SM accepts (1..MAX_TB_WARPS = %u",
              g->max_tb_warps);
    vgen_line(v, "// warps, at most WARP_SLOTS; at most SHARED_BYTES each).");
    vgen_line(v, "// Storage: launch %u + %u + %u, next ctaid %u, TB valid %u, warp busy",
              g->ctaid_w, g->slot_w, g->shared_w, g->ctaid_w, g->max_tbs);
    vgen_line(v, "// %u, free warp slots %u, shared memory held %u = %lu bits.",
              g->warp_slots, g->slot_w, g->shared_w, dispatch_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_dispatch", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_state(struct vgen *v, const struct dispatch_geometry *g)
{
    const struct vreg launch[] = {
        { "grid_q",         "{CTAID_W{1'b0}}",  "grid_i" },
        { "tb_warps_q",     "{SLOT_W{1'b0}}",   "tb_warps_i" },
        { "shared_bytes_q", "{SHARED_W{1'b0}}", "shared_bytes_i" },
    };

    vgen_section(v, "The launch");
    vgen_line(v, "reg  [CTAID_W-1:0]    grid_q;          // TBs of the grid");
    vgen_line(v, "reg  [SLOT_W-1:0]     tb_warps_q;      // warps per TB");
    vgen_line(v, "reg  [SHARED_W-1:0]   shared_bytes_q;  // shared memory per TB");
    vgen_blank(v);
    vgen_ff(v, launch, sizeof launch / sizeof launch[0], "start_i");

    vgen_section(v, "The occupancy");
    vgen_line(v, "localparam [N_W-1:0]      ONE_N      = %u'd1;", g->n_w);
    vgen_line(v, "localparam [SLOT_W-1:0]   ONE_S      = %u'd1;", g->slot_w);
    vgen_line(v, "localparam [CTAID_W-1:0]  ONE_C      = %u'd1;", g->ctaid_w);
    vgen_line(v, "localparam [SLOT_W-1:0]   ALL_SLOTS  = WARP_SLOTS[SLOT_W-1:0];");
    vgen_line(v, "localparam [SHARED_W-1:0] ALL_SHARED = SHARED_BYTES[SHARED_W-1:0];");
    vgen_blank(v);
    vgen_line(v, "reg  [CTAID_W-1:0]    next_ctaid_q;    // the next TB of the grid to place");
    vgen_line(v, "reg  [MAX_TBS-1:0]    tb_valid_q;      // the TB slot holds a TB");
    vgen_line(v, "reg  [WARP_SLOTS-1:0] warp_busy_q;     // the warp slot holds a warp");
    vgen_line(v, "reg  [SLOT_W-1:0]     free_warps_q;    // warp slots not held");
    vgen_line(v, "reg  [SHARED_W-1:0]   shared_used_q;   // shared memory the resident TBs hold");
    vgen_line(v, "reg  [CTAID_W-1:0]    next_ctaid_d;");
    vgen_line(v, "reg  [MAX_TBS-1:0]    tb_valid_d;");
    vgen_line(v, "reg  [WARP_SLOTS-1:0] warp_busy_d;");
    vgen_line(v, "reg  [SLOT_W-1:0]     free_warps_d;");
    vgen_line(v, "reg  [SHARED_W-1:0]   shared_used_d;");
}

static void emit_fit(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "How many TBs fit this cycle");
    vgen_line(v, "// TB by TB in grid order, each taking a TB slot, its warp slots and");
    vgen_line(v, "// its shared memory from what is left, while the grid has TBs.");
    vgen_line(v, "wire [MAX_TBS-1:0]    tb_free;         // TB slots a TB may take");
    vgen_line(v, "reg  [N_W-1:0]        n_fit;           // TBs placed this cycle");
    vgen_line(v, "reg  [N_W-1:0]        tbs_left;        // TB slots left ...");
    vgen_line(v, "reg  [SLOT_W-1:0]     warps_left;      // ... warp slots left ...");
    vgen_line(v, "reg  [SHARED_W-1:0]   shared_left;     // ... shared memory left ...");
    vgen_line(v, "reg  [CTAID_W-1:0]    grid_left;       // ... TBs of the grid left");
    vgen_line(v, "reg                   fits;            // the TB and those before it fit");
    vgen_line(v, "integer ft, fk;");
    vgen_blank(v);
    if (defect == DEFECT_DISPATCH_DRAINING_SLOT) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a TB slot whose TB finishes this",
                  rtl_defect_name(defect));
        vgen_line(v, "// cycle is taken as free now, not from the next cycle.");
        vgen_line(v, "assign tb_free = ~tb_valid_q | tb_release_i;");
    } else {
        vgen_line(v, "assign tb_free = ~tb_valid_q;");
    }
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "tbs_left = {N_W{1'b0}};");
    vgen_line(v, "for (ft = 0; ft < MAX_TBS; ft = ft + 1)");
    vgen_line(v, "  if (tb_free[ft]) tbs_left = tbs_left + ONE_N;");
    vgen_line(v, "warps_left  = free_warps_q;");
    vgen_line(v, "shared_left = ALL_SHARED - shared_used_q;");
    vgen_line(v, "grid_left   = grid_q - next_ctaid_q;");
    vgen_line(v, "n_fit       = {N_W{1'b0}};");
    vgen_line(v, "fits        = 1'b1;");
    vgen_begin(v, "for (fk = 0; fk < MAX_TBS; fk = fk + 1)");
    vgen_line(v, "fits = fits && tbs_left != {N_W{1'b0}} && warps_left >= tb_warps_q &&");
    vgen_line(v, "       shared_left >= shared_bytes_q && grid_left != {CTAID_W{1'b0}};");
    vgen_begin(v, "if (fits)");
    vgen_line(v, "n_fit       = n_fit + ONE_N;");
    vgen_line(v, "tbs_left    = tbs_left - ONE_N;");
    vgen_line(v, "warps_left  = warps_left - tb_warps_q;");
    vgen_line(v, "shared_left = shared_left - shared_bytes_q;");
    vgen_line(v, "grid_left   = grid_left - ONE_C;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
}

static void emit_tb_slots(struct vgen *v)
{
    vgen_section(v, "The TB slots: the lowest free ones, in grid order");
    vgen_line(v, "reg  [MAX_TBS-1:0]         tb_take;       // the TB slot takes a TB");
    vgen_line(v, "reg  [MAX_TBS*TB_W-1:0]    place_tb;");
    vgen_line(v, "reg  [MAX_TBS*CTAID_W-1:0] place_ctaid;");
    vgen_line(v, "reg  [N_W-1:0]             tk;            // placements so far");
    vgen_line(v, "reg  [CTAID_W-1:0]         ctaid;         // the next placement's ctaid");
    vgen_line(v, "integer pt;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "tb_take     = {MAX_TBS{1'b0}};");
    vgen_line(v, "place_tb    = {(MAX_TBS*TB_W){1'b0}};");
    vgen_line(v, "place_ctaid = {(MAX_TBS*CTAID_W){1'b0}};");
    vgen_line(v, "tk          = {N_W{1'b0}};");
    vgen_line(v, "ctaid       = next_ctaid_q;");
    vgen_begin(v, "for (pt = 0; pt < MAX_TBS; pt = pt + 1)");
    vgen_begin(v, "if (tb_free[pt] && tk != n_fit)");
    vgen_line(v, "tb_take[pt]                        = 1'b1;");
    vgen_line(v, "place_tb[tk*TB_W +: TB_W]          = pt[TB_W-1:0];");
    vgen_line(v, "place_ctaid[tk*CTAID_W +: CTAID_W] = ctaid;");
    vgen_line(v, "tk                                 = tk + ONE_N;");
    vgen_line(v, "ctaid                              = ctaid + ONE_C;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign n_place_o     = n_fit;");
    vgen_line(v, "assign place_tb_o    = place_tb;");
    vgen_line(v, "assign place_ctaid_o = place_ctaid;");
}

static void emit_warp_placement(struct vgen *v)
{
    vgen_section(v, "The warp slots: the lowest free ones, TB by TB, in warp order");
    vgen_line(v, "reg  [WARP_SLOTS-1:0]       warp_give;");
    vgen_line(v, "reg  [WARP_SLOTS*TB_W-1:0]  warp_tb;");
    vgen_line(v, "reg  [WARP_SLOTS*IDX_W-1:0] warp_idx;");
    vgen_line(v, "reg  [N_W-1:0]              wk;          // the placement being given warps");
    vgen_line(v, "reg  [SLOT_W-1:0]           wj;          // ... its next warp");
    vgen_line(v, "integer ws;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "warp_give = {WARP_SLOTS{1'b0}};");
    vgen_line(v, "warp_tb   = {(WARP_SLOTS*TB_W){1'b0}};");
    vgen_line(v, "warp_idx  = {(WARP_SLOTS*IDX_W){1'b0}};");
    vgen_line(v, "wk        = {N_W{1'b0}};");
    vgen_line(v, "wj        = {SLOT_W{1'b0}};");
    vgen_begin(v, "for (ws = 0; ws < WARP_SLOTS; ws = ws + 1)");
    vgen_begin(v, "if (!warp_busy_q[ws] && wk != n_fit)");
    vgen_line(v, "warp_give[ws]                = 1'b1;");
    vgen_line(v, "warp_tb[ws*TB_W +: TB_W]     = place_tb[wk*TB_W +: TB_W];");
    vgen_line(v, "warp_idx[ws*IDX_W +: IDX_W]  = wj[IDX_W-1:0];");
    vgen_begin(v, "if (wj + ONE_S == tb_warps_q)");
    vgen_line(v, "wj = {SLOT_W{1'b0}};          // the TB has its warps: the next TB");
    vgen_line(v, "wk = wk + ONE_N;");
    vgen_else(v);
    vgen_line(v, "wj = wj + ONE_S;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign warp_give_o = warp_give;");
    vgen_line(v, "assign warp_tb_o   = warp_tb;");
    vgen_line(v, "assign warp_idx_o  = warp_idx;");
}

static void emit_next(struct vgen *v)
{
    const struct vreg occupancy[] = {
        { "next_ctaid_q",  "{CTAID_W{1'b0}}",    "next_ctaid_d" },
        { "tb_valid_q",    "{MAX_TBS{1'b0}}",    "tb_valid_d" },
        { "warp_busy_q",   "{WARP_SLOTS{1'b0}}", "warp_busy_d" },
        { "free_warps_q",  "ALL_SLOTS",          "free_warps_d" },
        { "shared_used_q", "{SHARED_W{1'b0}}",   "shared_used_d" },
    };

    vgen_section(v, "The next occupancy: placements take their slots, then releases free theirs");
    vgen_line(v, "// A release of a slot that holds nothing is ignored.  A launch frees");
    vgen_line(v, "// every slot (the SM starts one when it holds no TB).");
    vgen_line(v, "reg  [MAX_TBS-1:0]    tb_freed;");
    vgen_line(v, "reg  [WARP_SLOTS-1:0] warp_freed;");
    vgen_line(v, "integer nt, nw;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "tb_freed      = tb_release_i & (tb_valid_q | tb_take);");
    vgen_line(v, "warp_freed    = warp_release_i & (warp_busy_q | warp_give);");
    vgen_line(v, "next_ctaid_d  = next_ctaid_q + {{(CTAID_W-N_W){1'b0}}, n_fit};");
    vgen_line(v, "tb_valid_d    = (tb_valid_q | tb_take) & ~tb_freed;");
    vgen_line(v, "warp_busy_d   = (warp_busy_q | warp_give) & ~warp_freed;");
    vgen_line(v, "free_warps_d  = free_warps_q;");
    vgen_begin(v, "for (nw = 0; nw < WARP_SLOTS; nw = nw + 1)");
    vgen_line(v, "if (warp_give[nw])  free_warps_d = free_warps_d - ONE_S;");
    vgen_line(v, "if (warp_freed[nw]) free_warps_d = free_warps_d + ONE_S;");
    vgen_end(v);
    vgen_line(v, "shared_used_d = shared_used_q;");
    vgen_begin(v, "for (nt = 0; nt < MAX_TBS; nt = nt + 1)");
    vgen_line(v, "if (tb_take[nt])  shared_used_d = shared_used_d + shared_bytes_q;");
    vgen_line(v, "if (tb_freed[nt]) shared_used_d = shared_used_d - shared_bytes_q;");
    vgen_end(v);
    vgen_begin(v, "if (start_i)");
    vgen_line(v, "next_ctaid_d  = {CTAID_W{1'b0}};");
    vgen_line(v, "tb_valid_d    = {MAX_TBS{1'b0}};");
    vgen_line(v, "warp_busy_d   = {WARP_SLOTS{1'b0}};");
    vgen_line(v, "free_warps_d  = ALL_SLOTS;");
    vgen_line(v, "shared_used_d = {SHARED_W{1'b0}};");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_ff(v, occupancy, sizeof occupancy / sizeof occupancy[0], NULL);
}

/* Under FORMAL: the checker of formal/dispatch_props.v sees the state. */
static void emit_formal(struct vgen *v)
{
    const struct vconn params[] = {
        { "MAX_TBS",      "MAX_TBS",      NULL },
        { "WARP_SLOTS",   "WARP_SLOTS",   NULL },
        { "SHARED_BYTES", "SHARED_BYTES", NULL },
        { "CTAID_W",      "CTAID_W",      NULL },
        { "TB_W",         "TB_W",         NULL },
        { "N_W",          "N_W",          NULL },
        { "SLOT_W",       "SLOT_W",       NULL },
        { "IDX_W",        "IDX_W",        NULL },
        { "SHARED_W",     "SHARED_W",     NULL },
    };
    const struct vconn conns[] = {
        { NULL, NULL, "The ports" },
        { "clk_i",          "clk_i",          NULL },
        { "rst_ni",         "rst_ni",         NULL },
        { "start_i",        "start_i",        NULL },
        { "grid_i",         "grid_i",         NULL },
        { "tb_warps_i",     "tb_warps_i",     NULL },
        { "shared_bytes_i", "shared_bytes_i", NULL },
        { "warp_release_i", "warp_release_i", NULL },
        { "tb_release_i",   "tb_release_i",   NULL },
        { "n_place_o",      "n_place_o",      NULL },
        { "place_tb_o",     "place_tb_o",     NULL },
        { "place_ctaid_o",  "place_ctaid_o",  NULL },
        { "warp_give_o",    "warp_give_o",    NULL },
        { "warp_tb_o",      "warp_tb_o",      NULL },
        { "warp_idx_o",     "warp_idx_o",     NULL },
        { NULL, NULL, "The state" },
        { "grid_q",         "grid_q",         NULL },
        { "tb_warps_q",     "tb_warps_q",     NULL },
        { "shared_bytes_q", "shared_bytes_q", NULL },
        { "next_ctaid_q",   "next_ctaid_q",   NULL },
        { "tb_valid_q",     "tb_valid_q",     NULL },
        { "warp_busy_q",    "warp_busy_q",    NULL },
        { "free_warps_q",   "free_warps_q",   NULL },
        { "shared_used_q",  "shared_used_q",  NULL },
    };

    vgen_section(v, "Proof observer (only under FORMAL; not part of the design)");
    vgen_line(v, "// The occupancy is in registers the ports do not show: the checker of");
    vgen_line(v, "// formal/dispatch_props.v reads them to state the invariants.");
    vgen_line(v, "`ifdef FORMAL");
    vgen_instance(v, "dispatch_checker", "u_checker",
                  params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
    vgen_line(v, "`endif");
}

void emit_dispatch(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect)
{
    struct dispatch_geometry g;

    dispatch_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_state(v, &g);
    emit_fit(v, defect);
    emit_tb_slots(v);
    emit_warp_placement(v);
    emit_next(v);
    emit_formal(v);
    vgen_module_end(v, "simtref_dispatch");
}
