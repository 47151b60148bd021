/*
 * emit_scoreboard.c -- the Verilog of the register scoreboard
 * (simtref_scoreboard).
 *
 * Ports and behaviour are those of the C model, golden/structures/
 * scoreboard.h, with the model's absolute cycles turned into the
 * module's: a reservation's `at` arrives as its latency (at - now), and
 * the module keeps its own cycle counter.  A bank per lane, indexed by
 * (warp slot, register): pending and busy bits in flip-flops, the ready
 * stamps in the bank's memory, and a scrubber that clears the busy bits
 * whose stamp has passed before the counter can wrap round to them.
 */
#include "rtlgen.h"
#include "scoreboard.h"

/* "for (...) begin : name", closed by vgen_end(). */
static void labelled(struct vgen *v, const char *head, const char *name)
{
    vgen_line(v, "%s begin : %s", head, name);
    vgen_indent(v);
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct scoreboard_geometry *g)
{
    const struct vparam params[] = {
        { "NUM_SLOTS", g->warp_slots,    NULL, "warp slots of the SM" },
        { "LANES",     g->warp_size,     NULL, "lanes per warp slot: a bank each" },
        { "NUM_RES",   g->reserve_ports, NULL, "reservation ports, one per scheduler" },
        { "NUM_REL",   g->release_ports, NULL, "release ports (load/store write-back)" },
        { "SLOT_W",    g->slot_w,        NULL, "warp slot id" },
        { "LAT_W",     g->count_w,       NULL, "latency: the longest result" },
        { "STAMP_W",   g->stamp_w,       NULL, "ready stamp and cycle counter" },
        { "NUM_CHK",   1,                NULL, "check ports (simtref_sm_issue: one per warp)" },
        { NULL, 0, NULL, "Derived sizes" },
        { "ROW_W", 0, "SLOT_W + 5",       "a bank's row: {slot, register}" },
        { "ROWS",  0, "NUM_SLOTS * 32",   "rows per bank (x0's never written)" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                          "clk_i",       "clock" },
        { "input",  "",                          "rst_ni",      "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Checks: the threads and registers of a warp-instruction, per port" },
        { "input",  "[NUM_CHK*LANES*SLOT_W-1:0]", "chk_slots_i", "each lane's warp slot" },
        { "input",  "[NUM_CHK*LANES-1:0]",       "chk_mask_i",  "its lanes" },
        { "input",  "[NUM_CHK*5-1:0]",           "chk_rs1_i",   "register read (0: none)" },
        { "input",  "[NUM_CHK*5-1:0]",           "chk_rs2_i",   "register read (0: none)" },
        { "input",  "[NUM_CHK*5-1:0]",           "chk_rd_i",    "register written (0: none)" },
        { "input",  "[NUM_CHK-1:0]",             "chk_ahead_i", "asked about the next cycle (a grant that executes then)" },
        { "output", "[NUM_CHK-1:0]",             "clear_o",     "none of them held: it may issue" },
        { NULL, NULL, NULL, "Reservations of this cycle's issues, one port per scheduler" },
        { "input",  "[NUM_RES-1:0]",             "res_valid_i", "a reservation" },
        { "input",  "[NUM_RES*LANES*SLOT_W-1:0]", "res_slots_i", "... each lane's warp slot" },
        { "input",  "[NUM_RES*LANES-1:0]",       "res_mask_i",  "... its lanes" },
        { "input",  "[NUM_RES*5-1:0]",           "res_rd_i",    "... the register written" },
        { "input",  "[NUM_RES-1:0]",             "res_pend_i",  "... pending until a release" },
        { "input",  "[NUM_RES*LAT_W-1:0]",       "res_lat_i",   "... else readable after this many cycles (>= 1)" },
        { NULL, NULL, NULL, "Releases: the load/store unit's finished requests" },
        { "input",  "[NUM_REL-1:0]",             "rel_valid_i", "a release" },
        { "input",  "[NUM_REL*LANES*SLOT_W-1:0]", "rel_slots_i", "... each lane's warp slot" },
        { "input",  "[NUM_REL*LANES-1:0]",       "rel_mask_i",  "... its lanes" },
        { "input",  "[NUM_REL*5-1:0]",           "rel_rd_i",    "... the register returned" },
    };

    emit_file_header(v, "simtref_scoreboard.v", "register scoreboard",
                     "docs/sm-timing.md; C model: golden/structures/scoreboard.c.",
                     cfg);
    vgen_line(v, "// Holds each thread's registers whose result is not back: an");
    vgen_line(v, "// instruction may issue when none of the registers it reads or writes");
    vgen_line(v, "// is held in any of its threads (RAW, WAW).  A bank per lane, a row");
    vgen_line(v, "// per (warp slot, register): a pending bit (a load's result, held");
    vgen_line(v, "// until its release), a busy bit and a ready stamp (a result due at a");
    vgen_line(v, "// known cycle, held while the stamp lies ahead of the cycle counter).");
    vgen_line(v, "// A reservation or release shows from the next cycle; of two on one");
    vgen_line(v, "// register in a cycle, a release wins, then the higher reservation port.");
    vgen_line(v, "// Each check port reads every bank at its three registers' rows.");
    vgen_line(v, "// The scrubber visits one row a cycle and clears the busy bits whose");
    vgen_line(v, "// stamp has passed, so that no stamp lives for 2^(STAMP_W-1) cycles.");
    vgen_line(v, "// Storage: %u banks x %u rows x (2 + %u) bits (%lu in memories),",
              g->warp_size, g->warp_slots * 32, g->stamp_w,
              scoreboard_memory_bits(g));
    vgen_line(v, "// the counter and the scrubber's row: %lu bits.",
              scoreboard_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_scoreboard", params,
                      sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_clock(struct vgen *v, const struct scoreboard_geometry *g)
{
    static const struct vreg regs[] = {
        { "now_q",   "{STAMP_W{1'b0}}", "now_d" },
        { "scrub_q", "{ROW_W{1'b0}}",   "scrub_d" },
    };

    vgen_section(v, "Cycle counter and scrubber");
    vgen_line(v, "localparam [ROW_W-1:0] LAST_ROW = %u'd%u;   // ROWS - 1",
              g->row_w, g->warp_slots * 32 - 1);
    vgen_line(v, "reg  [STAMP_W-1:0] now_q;     // this cycle, modulo 2^STAMP_W");
    vgen_line(v, "wire [STAMP_W-1:0] now_d;");
    vgen_line(v, "reg  [ROW_W-1:0]   scrub_q;   // the row the scrubber visits");
    vgen_line(v, "wire [ROW_W-1:0]   scrub_d;");
    vgen_blank(v);
    vgen_line(v, "assign now_d   = now_q + {{(STAMP_W-1){1'b0}}, 1'b1};");
    vgen_line(v, "assign scrub_d = scrub_q == LAST_ROW ? {ROW_W{1'b0}}");
    vgen_line(v, "                                     : scrub_q + {{(ROW_W-1){1'b0}}, 1'b1};");
    vgen_blank(v);
    vgen_ff(v, regs, 2, NULL);
}

static void emit_ports(struct vgen *v)
{
    vgen_section(v, "Reservation ports: each one's ready stamp");
    vgen_line(v, "wire [NUM_RES*STAMP_W-1:0] res_stamp;   // now + latency");
    vgen_line(v, "genvar gp;");
    vgen_generate(v);
    labelled(v, "for (gp = 0; gp < NUM_RES; gp = gp + 1)", "g_res");
    vgen_line(v, "assign res_stamp[gp*STAMP_W +: STAMP_W] =");
    vgen_line(v, "    now_q + {{(STAMP_W-LAT_W){1'b0}}, res_lat_i[gp*LAT_W +: LAT_W]};");
    vgen_end(v);
    vgen_endgenerate(v);
}

/* The memory's writes, one statement per reservation port: a loop over
 * the ports would put non-blocking array writes in a loop, which
 * simulators handle poorly. */
static void emit_stamp_writes(struct vgen *v, const struct scoreboard_geometry *g)
{
    vgen_begin(v, "always @(posedge clk_i)");
    for (unsigned p = 0; p < g->reserve_ports; p++) {
        vgen_line(v, "if (stamp_we[%u])", p);
        vgen_line(v, "  stamp_q[res_row[%u*ROW_W +: ROW_W]] <= res_stamp[%u*STAMP_W +: STAMP_W];",
                  p, p);
    }
    vgen_end(v);
}

static void emit_banks(struct vgen *v, const struct scoreboard_geometry *g,
                       enum rtl_defect defect)
{
    static const struct vreg regs[] = {
        { "pend_q", "{ROWS{1'b0}}", "pend_d" },
        { "busy_q", "{ROWS{1'b0}}", "busy_d" },
    };
    bool no_waw = defect == DEFECT_SCOREBOARD_NO_WAW;

    vgen_section(v, "A bank per lane");
    vgen_line(v, "wire [NUM_CHK*LANES-1:0] hold;  // bit c*LANES+l: lane l's thread holds a register of check c");
    vgen_line(v, "`ifdef FORMAL");
    vgen_line(v, "// The proof observer's view of one row (formal/scoreboard_props.v):");
    vgen_line(v, "// the row its checker follows, and each bank's bits and stamp there.");
    vgen_line(v, "wire [ROW_W-1:0]         obs_row;");
    vgen_line(v, "wire [LANES-1:0]         obs_pend;");
    vgen_line(v, "wire [LANES-1:0]         obs_busy;");
    vgen_line(v, "wire [LANES*STAMP_W-1:0] obs_stamp;");
    vgen_line(v, "`endif");
    vgen_line(v, "genvar gl, gc;");
    vgen_generate(v);
    labelled(v, "for (gl = 0; gl < LANES; gl = gl + 1)", "g_lane");
    vgen_line(v, "reg  [STAMP_W-1:0]     stamp_q [0:ROWS-1];  // ready stamps (memory)");
    vgen_line(v, "reg  [ROWS-1:0]        pend_q;     // held until a release");
    vgen_line(v, "reg  [ROWS-1:0]        busy_q;     // held until the stamp");
    vgen_line(v, "reg  [ROWS-1:0]        pend_d;");
    vgen_line(v, "reg  [ROWS-1:0]        busy_d;");
    vgen_line(v, "wire [NUM_RES-1:0]     res_we;     // a reservation of this lane");
    vgen_line(v, "wire [NUM_RES-1:0]     stamp_we;   // ... with a stamp");
    vgen_line(v, "wire [NUM_RES*ROW_W-1:0] res_row;");
    vgen_line(v, "wire [NUM_REL-1:0]     rel_we;     // a release of this lane");
    vgen_line(v, "wire [NUM_REL*ROW_W-1:0] rel_row;");
    vgen_line(v, "wire [STAMP_W-1:0]     scrub_left; // the scrubbed row's stamp - now");
    vgen_line(v, "integer p;");
    vgen_blank(v);
    vgen_line(v, "// The ports' rows in this bank.");
    labelled(v, "for (gp = 0; gp < NUM_RES; gp = gp + 1)", "g_res_row");
    vgen_line(v, "assign res_we[gp]   = res_valid_i[gp] && res_mask_i[gp*LANES+gl]");
    vgen_line(v, "                      && res_rd_i[gp*5 +: 5] != 5'd0;");
    vgen_line(v, "assign stamp_we[gp] = res_we[gp] && !res_pend_i[gp];");
    vgen_line(v, "assign res_row[gp*ROW_W +: ROW_W] =");
    vgen_line(v, "    {res_slots_i[(gp*LANES+gl)*SLOT_W +: SLOT_W], res_rd_i[gp*5 +: 5]};");
    vgen_end(v);
    labelled(v, "for (gp = 0; gp < NUM_REL; gp = gp + 1)", "g_rel_row");
    vgen_line(v, "assign rel_we[gp] = rel_valid_i[gp] && rel_mask_i[gp*LANES+gl]");
    vgen_line(v, "                    && rel_rd_i[gp*5 +: 5] != 5'd0;");
    vgen_line(v, "assign rel_row[gp*ROW_W +: ROW_W] =");
    vgen_line(v, "    {rel_slots_i[(gp*LANES+gl)*SLOT_W +: SLOT_W], rel_rd_i[gp*5 +: 5]};");
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// Next bits: the scrubber, then the reservations in port order, then");
    vgen_line(v, "// the releases.  A stamp that has passed reads 0 or, later, a");
    vgen_line(v, "// difference with its top bit set.");
    vgen_line(v, "assign scrub_left = stamp_q[scrub_q] - now_q;");
    vgen_begin(v, "always @*");
    vgen_line(v, "pend_d = pend_q;");
    vgen_line(v, "busy_d = busy_q;");
    vgen_begin(v, "if (scrub_left == {STAMP_W{1'b0}} || scrub_left[STAMP_W-1])");
    vgen_line(v, "busy_d[scrub_q] = 1'b0;");
    vgen_end(v);
    vgen_begin(v, "for (p = 0; p < NUM_RES; p = p + 1)");
    vgen_begin(v, "if (res_we[p])");
    vgen_line(v, "pend_d[res_row[p*ROW_W +: ROW_W]] = res_pend_i[p];");
    vgen_line(v, "busy_d[res_row[p*ROW_W +: ROW_W]] = !res_pend_i[p];");
    vgen_end(v);
    vgen_end(v);
    vgen_begin(v, "for (p = 0; p < NUM_REL; p = p + 1)");
    vgen_begin(v, "if (rel_we[p])");
    vgen_line(v, "pend_d[rel_row[p*ROW_W +: ROW_W]] = 1'b0;");
    vgen_line(v, "busy_d[rel_row[p*ROW_W +: ROW_W]] = 1'b0;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_ff(v, regs, 2, NULL);
    vgen_blank(v);
    emit_stamp_writes(v, g);
    vgen_blank(v);
    vgen_line(v, "`ifdef FORMAL");
    vgen_line(v, "// Proof observer (not part of the design): a read of the observed row.");
    vgen_line(v, "assign obs_pend[gl] = pend_q[obs_row];");
    vgen_line(v, "assign obs_busy[gl] = busy_q[obs_row];");
    vgen_line(v, "assign obs_stamp[gl*STAMP_W +: STAMP_W] = stamp_q[obs_row];");
    vgen_line(v, "`endif");
    vgen_blank(v);
    vgen_line(v, "// The checks: this lane's rows of their registers, held while pending");
    vgen_line(v, "// or busy with the stamp ahead (a difference of 1 .. 2^(STAMP_W-1)-1)");
    vgen_line(v, "// of the cycle asked about: this one, or with chk_ahead_i the next.");
    labelled(v, "for (gc = 0; gc < NUM_CHK; gc = gc + 1)", "g_chk");
    vgen_line(v, "wire [SLOT_W-1:0]  slot = chk_slots_i[(gc*LANES+gl)*SLOT_W +: SLOT_W];");
    vgen_line(v, "wire [4:0]         rs1  = chk_rs1_i[gc*5 +: 5];");
    vgen_line(v, "wire [4:0]         rs2  = chk_rs2_i[gc*5 +: 5];");
    vgen_line(v, "wire [4:0]         rd   = chk_rd_i[gc*5 +: 5];");
    vgen_line(v, "wire [ROW_W-1:0]   row_rs1  = {slot, rs1};");
    vgen_line(v, "wire [ROW_W-1:0]   row_rs2  = {slot, rs2};");
    vgen_line(v, "wire [ROW_W-1:0]   row_rd   = {slot, rd};");
    vgen_line(v, "wire [STAMP_W-1:0] at   = now_q + {{(STAMP_W-1){1'b0}}, chk_ahead_i[gc]};");
    vgen_line(v, "wire [STAMP_W-1:0] left_rs1 = stamp_q[row_rs1] - at;");
    vgen_line(v, "wire [STAMP_W-1:0] left_rs2 = stamp_q[row_rs2] - at;");
    vgen_line(v, "wire [STAMP_W-1:0] left_rd  = stamp_q[row_rd] - at;");
    vgen_line(v, "wire held_rs1 = pend_q[row_rs1] || (busy_q[row_rs1] && left_rs1 != {STAMP_W{1'b0}}");
    vgen_line(v, "                                  && !left_rs1[STAMP_W-1]);");
    vgen_line(v, "wire held_rs2 = pend_q[row_rs2] || (busy_q[row_rs2] && left_rs2 != {STAMP_W{1'b0}}");
    vgen_line(v, "                                  && !left_rs2[STAMP_W-1]);");
    vgen_line(v, "wire held_rd  = pend_q[row_rd]  || (busy_q[row_rd]  && left_rd  != {STAMP_W{1'b0}}");
    vgen_line(v, "                                  && !left_rd[STAMP_W-1]);");
    if (no_waw) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the destination register holds",
                  rtl_defect_name(defect));
        vgen_line(v, "// only when it is also a source: a write after a write in flight");
        vgen_line(v, "// issues.");
        vgen_line(v, "assign hold[gc*LANES+gl] = chk_mask_i[gc*LANES+gl] && (held_rs1 || held_rs2");
        vgen_line(v, "                           || (held_rd && (rd == rs1 || rd == rs2)));");
    } else {
        vgen_line(v, "assign hold[gc*LANES+gl] = chk_mask_i[gc*LANES+gl] && (held_rs1 || held_rs2 || held_rd);");
    }
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_generate(v);
    labelled(v, "for (gc = 0; gc < NUM_CHK; gc = gc + 1)", "g_clear");
    vgen_line(v, "assign clear_o[gc] = ~|hold[gc*LANES +: LANES];");
    vgen_end(v);
    vgen_endgenerate(v);
}

/* The proof's view of the state: formal/scoreboard_props.v's checker,
 * bound in only under FORMAL (not part of the design).  It follows one
 * (warp slot, lane, register) of its choice, so the banks show it that
 * row alone: the pending and busy bits and the stamp of every bank at
 * obs_row, which the checker drives. */
static void emit_observer(struct vgen *v)
{
    static const struct vconn params[] = {
        VCONN_SAME("NUM_SLOTS"), VCONN_SAME("LANES"),
        VCONN_SAME("NUM_RES"),   VCONN_SAME("NUM_REL"),
        VCONN_SAME("SLOT_W"),    VCONN_SAME("LAT_W"),
        VCONN_SAME("STAMP_W"),   VCONN_SAME("NUM_CHK"),
    };
    static const struct vconn conns[] = {
        { NULL, NULL, "The ports" },
        VCONN_SAME("clk_i"),       VCONN_SAME("rst_ni"),
        VCONN_SAME("chk_slots_i"), VCONN_SAME("chk_mask_i"),
        VCONN_SAME("chk_rs1_i"),   VCONN_SAME("chk_rs2_i"),
        VCONN_SAME("chk_rd_i"),    VCONN_SAME("chk_ahead_i"),
        VCONN_SAME("clear_o"),
        VCONN_SAME("res_valid_i"), VCONN_SAME("res_slots_i"),
        VCONN_SAME("res_mask_i"),  VCONN_SAME("res_rd_i"),
        VCONN_SAME("res_pend_i"),  VCONN_SAME("res_lat_i"),
        VCONN_SAME("rel_valid_i"), VCONN_SAME("rel_slots_i"),
        VCONN_SAME("rel_mask_i"),  VCONN_SAME("rel_rd_i"),
        { NULL, NULL, "The state: the counter, the scrubber, the observed row" },
        VCONN_SAME("now_q"),       VCONN_SAME("scrub_q"),
        VCONN_SAME("obs_row"),     VCONN_SAME("obs_pend"),
        VCONN_SAME("obs_busy"),    VCONN_SAME("obs_stamp"),
    };

    vgen_section(v, "Proof observer (only under FORMAL; not part of the design)");
    vgen_line(v, "// formal/scoreboard_props.v follows one thread register of its");
    vgen_line(v, "// choice against what the ports have asked and answered.");
    vgen_line(v, "`ifdef FORMAL");
    vgen_instance(v, "scoreboard_checker", "u_checker", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
    vgen_line(v, "`endif");
}

void emit_scoreboard(struct vgen *v, const struct simt_config *cfg,
                     enum rtl_defect defect)
{
    struct scoreboard_geometry g;

    scoreboard_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_clock(v, &g);
    emit_ports(v);
    emit_banks(v, &g, defect);
    emit_observer(v);
    vgen_module_end(v, "simtref_scoreboard");
}
