/*
 * emit_warp_tables.c -- the Verilog of the HARP First-Level and
 * Second-Level warp tables: simtref_warp_tables.
 *
 * Ports and behaviour are those of the C model, golden/structures/warp_tables.h.
 * The module is built from these pieces:
 *
 *   state       First-Level valid bits, the Second-Level count, head and
 *               tail are reset registers; First-Level pc, mask and thread
 *               ids are contents, read only under a valid bit; the
 *               Second-Level rows are an array (sl_mem) with one write
 *               port (the tail) and one read port (the head) and no
 *               reset, so that synthesis keeps it as a memory;
 *   outputs     First-Level and the Second-Level head, zero where nothing
 *               is stored;
 *   pushes      the three transitions into Second-Level by priority
 *               (barrier, waiting, lookup), the handshakes and overflow;
 *   move        second-to-first: the head into the lowest free slot;
 *   update      the commit update of a First-Level slot;
 *   registers   one clocked block per register group.
 *
 * Deliberate defects: wt-silent-overflow accepts barrier and waiting
 * warps into a full Second-Level, overwriting the oldest warp without
 * raising ovf_o; wt-lookup-first lets the lookup warp go before a
 * released barrier warp or a returning memory warp.
 */
#include <stdio.h>

#include "rtlgen.h"
#include "warp_tables.h"

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct warp_tables_geometry *g)
{
    const struct vparam params[] = {
        { "FL",        g->fl,        NULL, "First-Level slots (ready warps to issue)" },
        { "SL",        g->sl,        NULL, "Second-Level entries (FIFO)" },
        { "LANES",     g->lanes,     NULL, "lanes per warp (SIMD width)" },
        { "PC_W",      g->pc_w,      NULL, "program counter" },
        { "TW",        g->tw,        NULL, "thread id without its lane bits" },
        { "THRESHOLD", g->threshold, NULL, "lookup-to-second while count < THRESHOLD" },
        { NULL, 0, NULL, "Derived widths" },
        { "FSLOT_W", 0, "(FL > 1) ? $clog2(FL) : 1", "First-Level slot index" },
        { "PTR_W",   0, "(SL > 1) ? $clog2(SL) : 1", "Second-Level head and tail" },
        { "CNT_W",   0, "$clog2(SL + 1)",            "count: 0..SL" },
        { "ROW_W",   0, "PC_W + LANES + LANES*TW",   "a stored warp: {tid, mask, pc}" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                 "clk_i",        "clock" },
        { "input",  "",                 "rst_ni",       "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Commit update of a First-Level slot" },
        { "input",  "",                 "upd_valid_i",  "a committing warp updates its slot" },
        { "input",  "[FSLOT_W-1:0]",    "upd_slot_i",   "... this slot (valid, else err_o)" },
        { "input",  "[PC_W-1:0]",       "upd_pc_i",     "... its next pc" },
        { "input",  "[LANES-1:0]",      "upd_mask_i",   "... its remaining lanes; 0 frees the slot" },
        { NULL, NULL, NULL, "Barrier-to-second: the warp the RBT releases (first priority)" },
        { "input",  "",                 "bar_valid_i",  "a released warp is offered" },
        { "input",  "[PC_W-1:0]",       "bar_pc_i",     "... at this pc" },
        { "input",  "[LANES-1:0]",      "bar_mask_i",   "... with these lanes (not empty)" },
        { "input",  "[LANES*TW-1:0]",   "bar_tid_i",    "... holding these threads" },
        { "output", "",                 "bar_ready_o",  "accepted: Second-Level not full" },
        { NULL, NULL, NULL, "Waiting-to-second: a warp whose memory access completed (second)" },
        { "input",  "",                 "wret_valid_i", "a returning warp is offered" },
        { "input",  "[PC_W-1:0]",       "wret_pc_i",    "... at this pc" },
        { "input",  "[LANES-1:0]",      "wret_mask_i",  "... with these lanes (not empty)" },
        { "input",  "[LANES*TW-1:0]",   "wret_tid_i",   "... holding these threads" },
        { "output", "",                 "wret_ready_o", "accepted: not full, no barrier warp" },
        { NULL, NULL, NULL, "Lookup-to-second: the Ready-Lookup's head (last)" },
        { "input",  "",                 "lkp_valid_i",  "the Ready-Lookup holds a warp" },
        { "input",  "[PC_W-1:0]",       "lkp_pc_i",     "... at this pc" },
        { "input",  "[LANES-1:0]",      "lkp_mask_i",   "... with these lanes (not empty)" },
        { "input",  "[LANES*TW-1:0]",   "lkp_tid_i",    "... holding these threads" },
        { "output", "",                 "lkp_pop_o",    "taken: the Ready-Lookup pops it at the edge" },
        { NULL, NULL, NULL, "Second-Level" },
        { "output", "[CNT_W-1:0]",      "count_o",      "warps held" },
        { "output", "",                 "head_valid_o", "Second-Level holds a warp" },
        { "output", "[PC_W-1:0]",       "head_pc_o",    "oldest warp: pc" },
        { "output", "[LANES-1:0]",      "head_mask_o",  "... lanes" },
        { "output", "[LANES*TW-1:0]",   "head_tid_o",   "... threads (0 in empty lanes)" },
        { NULL, NULL, NULL, "First-Level, zero where nothing is stored" },
        { "output", "[FL-1:0]",         "fl_valid_o",   "slot holds a ready warp" },
        { "output", "[FL*PC_W-1:0]",    "fl_pc_o",      "pc per slot" },
        { "output", "[FL*LANES-1:0]",   "fl_mask_o",    "lanes per slot" },
        { "output", "[FL*LANES*TW-1:0]", "fl_tid_o",    "threads per slot and lane" },
        { NULL, NULL, NULL, "Overflow and errors" },
        { "output", "",                 "ovf_o",        "a barrier or waiting warp refused: full" },
        { "output", "",                 "err_o",        "empty offered mask, or a bad update" },
    };

    emit_file_header(v, "simtref_warp_tables.v",
                     "HARP First-Level and Second-Level warp tables",
                     "HARP sections 4.2, 4.2.3 and 7.3; C model: golden/structures/warp_tables.c.",
                     cfg);
    vgen_line(v, "// First-Level: %u slots of ready warps.  Second-Level: a FIFO of %u",
              g->fl, g->sl);
    vgen_line(v, "// warps, all ready (warps waiting for memory wait in the Waiting-Lookup,");
    vgen_line(v, "// threads at a barrier in the RBT).  One push per cycle, by priority:");
    vgen_line(v, "// barrier-to-second, waiting-to-second, lookup-to-second (this last only");
    vgen_line(v, "// while fewer than %u warps are held).  A full Second-Level refuses",
              g->threshold);
    vgen_line(v, "// pushes and raises ovf_o for a refused barrier or waiting warp; nothing");
    vgen_line(v, "// is overwritten.  Second-to-first: while a slot is free, the head moves");
    vgen_line(v, "// into the lowest free slot, one warp per cycle.");
    vgen_line(v, "// Storage: %lu flip-flops (%u slots x (valid + %u pc + %u mask + %u x %u tid)",
              warp_tables_flop_bits(g), g->fl, g->pc_w, g->lanes, g->lanes, g->tw);
    vgen_line(v, "// + %u count + 2 x %u pointers) and a %u x %u-bit memory (%lu bits).",
              g->cnt_w, g->ptr_w, g->sl, g->row_w, warp_tables_memory_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_warp_tables", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_state(struct vgen *v)
{
    vgen_section(v, "State");
    vgen_line(v, "reg  [FL-1:0]          fl_valid_q;   // reset");
    vgen_line(v, "reg  [CNT_W-1:0]       cnt_q;        // reset: Second-Level warps");
    vgen_line(v, "reg  [PTR_W-1:0]       head_q;       // reset: oldest warp");
    vgen_line(v, "reg  [PTR_W-1:0]       tail_q;       // reset: next row written");
    vgen_line(v, "reg  [FL*PC_W-1:0]     fl_pc_q;      // contents, not reset");
    vgen_line(v, "reg  [FL*LANES-1:0]    fl_mask_q;    // contents, not reset");
    vgen_line(v, "reg  [FL*LANES*TW-1:0] fl_tid_q;     // contents, not reset");
    vgen_line(v, "reg  [ROW_W-1:0]       sl_mem [0:SL-1];   // Second-Level rows: a memory, not reset");
    vgen_blank(v);
    vgen_line(v, "localparam [CNT_W-1:0] FULL = SL[CNT_W-1:0];");
    vgen_line(v, "localparam [CNT_W:0]   THR  = THRESHOLD[CNT_W:0];");
    vgen_line(v, "localparam [PTR_W-1:0] LAST = SL[PTR_W-1:0] - 1'b1;");
}

static void emit_outputs(struct vgen *v)
{
    vgen_section(v, "Outputs: First-Level and the head, zero where nothing is stored");
    vgen_line(v, "wire [ROW_W-1:0]    head_row  = sl_mem[head_q];   // the read port");
    vgen_line(v, "wire                head_valid = cnt_q != {CNT_W{1'b0}};");
    vgen_line(v, "wire [LANES-1:0]    head_mask = head_valid ? head_row[PC_W +: LANES] : {LANES{1'b0}};");
    vgen_blank(v);
    vgen_line(v, "assign head_valid_o = head_valid;");
    vgen_line(v, "assign head_pc_o    = head_valid ? head_row[0 +: PC_W] : {PC_W{1'b0}};");
    vgen_line(v, "assign head_mask_o  = head_mask;");
    vgen_line(v, "assign count_o      = cnt_q;");
    vgen_line(v, "assign fl_valid_o   = fl_valid_q;");
    vgen_blank(v);
    vgen_line(v, "genvar gs, gl;");
    vgen_generate(v);
    vgen_begin_named(v, "g_head_lane", "for (gl = 0; gl < LANES; gl = gl + 1)");
    vgen_line(v, "assign head_tid_o[gl*TW +: TW] = head_mask[gl] ? head_row[PC_W+LANES+gl*TW +: TW]");
    vgen_line(v, "                                               : {TW{1'b0}};");
    vgen_end(v);
    vgen_begin_named(v, "g_slot", "for (gs = 0; gs < FL; gs = gs + 1)");
    vgen_line(v, "assign fl_pc_o[gs*PC_W +: PC_W]     = fl_valid_q[gs] ? fl_pc_q[gs*PC_W +: PC_W] : {PC_W{1'b0}};");
    vgen_line(v, "assign fl_mask_o[gs*LANES +: LANES] = fl_valid_q[gs] ? fl_mask_q[gs*LANES +: LANES] : {LANES{1'b0}};");
    vgen_begin_named(v, "g_lane", "for (gl = 0; gl < LANES; gl = gl + 1)");
    vgen_line(v, "assign fl_tid_o[(gs*LANES+gl)*TW +: TW] = fl_mask_o[gs*LANES+gl] ? fl_tid_q[(gs*LANES+gl)*TW +: TW]");
    vgen_line(v, "                                                                : {TW{1'b0}};");
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
}

/* The handshakes by priority, and the one warp written at the tail. */
static void emit_pushes(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "Pushes into Second-Level: barrier, then waiting, then lookup");
    vgen_line(v, "wire full     = cnt_q == FULL;");
    vgen_line(v, "wire below_t  = {1'b0, cnt_q} < THR;   // lookup-to-second threshold");
    vgen_line(v, "wire bar_any  = |bar_mask_i;");
    vgen_line(v, "wire wret_any = |wret_mask_i;");
    vgen_line(v, "wire lkp_any  = |lkp_mask_i;");
    vgen_blank(v);
    if (defect == DEFECT_WT_SILENT_OVERFLOW) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a full Second-Level accepts barrier and",
                  rtl_defect_name(defect));
        vgen_line(v, "// waiting warps, overwriting its oldest warp, and never raises ovf_o.");
        vgen_line(v, "assign bar_ready_o  = 1'b1;");
        vgen_line(v, "assign wret_ready_o = !bar_valid_i;");
        vgen_line(v, "assign lkp_pop_o    = lkp_valid_i && !full && !bar_valid_i && !wret_valid_i && below_t;");
        vgen_line(v, "assign ovf_o        = 1'b0;");
    } else if (defect == DEFECT_WT_LOOKUP_FIRST) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the lookup warp goes first.",
                  rtl_defect_name(defect));
        vgen_line(v, "assign lkp_pop_o    = lkp_valid_i && !full && below_t;");
        vgen_line(v, "assign bar_ready_o  = !full && !lkp_pop_o;");
        vgen_line(v, "assign wret_ready_o = !full && !bar_valid_i && !lkp_pop_o;");
        vgen_line(v, "assign ovf_o        = full && (bar_valid_i || wret_valid_i);");
    } else {
        vgen_line(v, "assign bar_ready_o  = !full;");
        vgen_line(v, "assign wret_ready_o = !full && !bar_valid_i;");
        vgen_line(v, "assign lkp_pop_o    = lkp_valid_i && !full && !bar_valid_i && !wret_valid_i && below_t;");
        vgen_line(v, "assign ovf_o        = full && (bar_valid_i || wret_valid_i);");
    }
    vgen_blank(v);
    vgen_line(v, "// An accepted warp is stored only when it holds a thread.");
    vgen_line(v, "wire push_bar  = bar_valid_i && bar_ready_o && bar_any;");
    vgen_line(v, "wire push_wret = wret_valid_i && wret_ready_o && wret_any;");
    vgen_line(v, "wire push_lkp  = lkp_pop_o && lkp_any;");
    vgen_line(v, "wire push      = push_bar || push_wret || push_lkp;");
    vgen_line(v, "wire [ROW_W-1:0] push_row = push_bar  ? {bar_tid_i, bar_mask_i, bar_pc_i}");
    vgen_line(v, "                          : push_wret ? {wret_tid_i, wret_mask_i, wret_pc_i}");
    vgen_line(v, "                                      : {lkp_tid_i, lkp_mask_i, lkp_pc_i};");
}

/* Second-to-first, and the new count and pointers. */
static void emit_move(struct vgen *v, const struct warp_tables_geometry *g, enum rtl_defect defect)
{
    char inc[64], dec[64];

    vgen_section(v, "Second-to-first: the head into the lowest free slot");
    vgen_line(v, "wire [FL-1:0] fl_free = ~fl_valid_q;");
    vgen_line(v, "wire [FL-1:0] fill_oh = head_valid ? fl_free & (~fl_free + %u'd1) : {FL{1'b0}};",
              g->fl);
    vgen_line(v, "wire          pop     = |fill_oh;");
    vgen_blank(v);
    vgen_line(v, "wire [PTR_W-1:0] head_next = (head_q == LAST) ? {PTR_W{1'b0}} : head_q + %u'd1;",
              g->ptr_w);
    vgen_line(v, "wire [PTR_W-1:0] tail_next = (tail_q == LAST) ? {PTR_W{1'b0}} : tail_q + %u'd1;",
              g->ptr_w);
    vgen_zext(inc, sizeof inc, g->cnt_w - 1, "CNT_W-1", "push");
    vgen_zext(dec, sizeof dec, g->cnt_w - 1, "CNT_W-1", "pop");
    if (defect == DEFECT_WT_SILENT_OVERFLOW) {
        vgen_line(v, "// DELIBERATE DEFECT: a push into a full Second-Level overwrites the head.");
        vgen_line(v, "wire over = push && full;");
        vgen_line(v, "wire head_adv = pop || over;");
        vgen_line(v, "wire [CNT_W-1:0] cnt_next = over ? cnt_q : cnt_q + %s - %s;", inc, dec);
    } else {
        vgen_line(v, "wire head_adv = pop;");
        vgen_line(v, "wire [CNT_W-1:0] cnt_next = cnt_q + %s - %s;", inc, dec);
    }
}

/* The commit update: the one valid slot it names, lanes only removed. */
static void emit_update(struct vgen *v)
{
    vgen_section(v, "Commit update of a First-Level slot, and the errors");
    vgen_line(v, "wire [FL-1:0] upd_oh;   // the valid slot upd_slot_i names, if the update is legal");
    vgen_generate(v);
    vgen_begin_named(v, "g_upd", "for (gs = 0; gs < FL; gs = gs + 1)");
    vgen_line(v, "localparam [FSLOT_W-1:0] ID = gs;");
    vgen_line(v, "assign upd_oh[gs] = upd_valid_i && upd_slot_i == ID && fl_valid_q[gs] &&");
    vgen_line(v, "                    (upd_mask_i & ~fl_mask_q[gs*LANES +: LANES]) == {LANES{1'b0}};");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "wire upd_free = upd_mask_i == {LANES{1'b0}};   // the warp leaves First-Level");
    vgen_line(v, "wire [FL-1:0] fl_valid_next = (fl_valid_q & ~(upd_oh & {FL{upd_free}})) | fill_oh;");
    vgen_blank(v);
    vgen_line(v, "assign err_o = (upd_valid_i && !(|upd_oh))");
    vgen_line(v, "            || (bar_valid_i && !bar_any)");
    vgen_line(v, "            || (wret_valid_i && !wret_any)");
    vgen_line(v, "            || (lkp_valid_i && !lkp_any);");
}

static void emit_registers(struct vgen *v)
{
    const struct vreg fl_valid = { "fl_valid_q", "{FL{1'b0}}", "fl_valid_next" };

    vgen_section(v, "Registers");
    vgen_line(v, "// Second-Level control: count, head and tail.");
    vgen_begin(v, "always @(posedge clk_i or negedge rst_ni)");
    vgen_begin(v, "if (!rst_ni)");
    vgen_line(v, "cnt_q  <= {CNT_W{1'b0}};");
    vgen_line(v, "head_q <= {PTR_W{1'b0}};");
    vgen_line(v, "tail_q <= {PTR_W{1'b0}};");
    vgen_else(v);
    vgen_line(v, "cnt_q <= cnt_next;");
    vgen_begin(v, "if (head_adv)");
    vgen_line(v, "head_q <= head_next;");
    vgen_end(v);
    vgen_begin(v, "if (push)");
    vgen_line(v, "tail_q <= tail_next;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// First-Level valid bits.");
    vgen_ff(v, &fl_valid, 1, NULL);
    vgen_blank(v);
    vgen_line(v, "// First-Level contents, without reset: the head moves into a free slot,");
    vgen_line(v, "// an update rewrites a valid one (never the same slot).");
    vgen_line(v, "integer ws;");
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_begin(v, "for (ws = 0; ws < FL; ws = ws + 1)");
    vgen_begin(v, "if (fill_oh[ws])");
    vgen_line(v, "fl_pc_q[ws*PC_W +: PC_W]          <= head_row[0 +: PC_W];");
    vgen_line(v, "fl_mask_q[ws*LANES +: LANES]      <= head_row[PC_W +: LANES];");
    vgen_line(v, "fl_tid_q[ws*LANES*TW +: LANES*TW] <= head_row[PC_W+LANES +: LANES*TW];");
    vgen_elsif(v, "upd_oh[ws]");
    vgen_line(v, "fl_pc_q[ws*PC_W +: PC_W]          <= upd_pc_i;");
    vgen_line(v, "fl_mask_q[ws*LANES +: LANES]      <= upd_mask_i;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// Second-Level rows: the write port, at the tail, without reset.");
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_begin(v, "if (push)");
    vgen_line(v, "sl_mem[tail_q] <= push_row;");
    vgen_end(v);
    vgen_end(v);
}

/*
 * The proofs (formal/warp_tables_props.v) check the ports, and to prove
 * by induction that no stored warp is lost they also see the rows and the
 * pointers.  The checker is instantiated only when FORMAL is defined (by
 * `read_verilog -formal`); simulation, lint and synthesis never see it.
 */
static void emit_formal_hook(struct vgen *v)
{
    const struct vconn params[] = {
        VCONN_SAME("FL"), VCONN_SAME("SL"), VCONN_SAME("LANES"),
        VCONN_SAME("PC_W"), VCONN_SAME("TW"), VCONN_SAME("THRESHOLD"),
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"), VCONN_SAME("rst_ni"), VCONN_SAME("upd_valid_i"),
        VCONN_SAME("upd_slot_i"), VCONN_SAME("upd_pc_i"),
        VCONN_SAME("upd_mask_i"), VCONN_SAME("bar_valid_i"),
        VCONN_SAME("bar_pc_i"), VCONN_SAME("bar_mask_i"),
        VCONN_SAME("bar_tid_i"), VCONN_SAME("wret_valid_i"),
        VCONN_SAME("wret_pc_i"), VCONN_SAME("wret_mask_i"),
        VCONN_SAME("wret_tid_i"), VCONN_SAME("lkp_valid_i"),
        VCONN_SAME("lkp_pc_i"), VCONN_SAME("lkp_mask_i"),
        VCONN_SAME("lkp_tid_i"), VCONN_SAME("bar_ready_o"),
        VCONN_SAME("wret_ready_o"), VCONN_SAME("lkp_pop_o"),
        VCONN_SAME("count_o"), VCONN_SAME("head_valid_o"),
        VCONN_SAME("head_pc_o"), VCONN_SAME("head_mask_o"),
        VCONN_SAME("head_tid_o"), VCONN_SAME("fl_valid_o"),
        VCONN_SAME("fl_pc_o"), VCONN_SAME("fl_mask_o"), VCONN_SAME("fl_tid_o"),
        VCONN_SAME("ovf_o"), VCONN_SAME("err_o"), { "rows", "fv_rows", NULL },
        { "head", "head_q", NULL }, { "tail", "tail_q", NULL },
    };

    vgen_section(v, "Proof observer (only under FORMAL; not part of the design)");
    vgen_line(v, "`ifdef FORMAL");
    vgen_line(v, "wire [SL*ROW_W-1:0] fv_rows;");
    vgen_generate(v);
    vgen_begin_named(v, "g_fv_row", "for (gs = 0; gs < SL; gs = gs + 1)");
    vgen_line(v, "assign fv_rows[gs*ROW_W +: ROW_W] = sl_mem[gs];");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_instance(v, "warp_tables_checker", "u_checker",
                  params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
    vgen_line(v, "`endif");
}

void emit_warp_tables(struct vgen *v, const struct simt_config *cfg,
                      enum rtl_defect defect)
{
    struct warp_tables_geometry g;

    warp_tables_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_state(v);
    emit_outputs(v);
    emit_pushes(v, defect);
    emit_move(v, &g, defect);
    emit_update(v);
    emit_registers(v);
    emit_formal_hook(v);
    vgen_module_end(v, "simtref_warp_tables");
}
