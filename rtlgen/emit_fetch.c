/*
 * emit_fetch.c -- the Verilog of the I-buffer and fetch policy of one warp
 * scheduler (simtref_fetch).
 *
 * Ports and behaviour are those of the C model, golden/structures/fetch.h.  The v and
 * r bits of every slot and the fetch-in-flight counters are flip-flops;
 * the next state is computed for all warps in one combinational block
 * (scoreboard, fill, issue, fetch, flush or invalid warp, in that order) and registered in
 * one clocked block.  The fetch choice is written for the configured
 * policy only.
 */
#include "rtlgen.h"
#include "emit_common.h"
#include "fetch.h"
#include "bits.h"

static const char *policy_text(enum fetch_policy p)
{
    switch (p) {
    case FETCH_CFF:
        return "critical-fetch-first: the issue scheduler's next warp when it "
               "is eligible, else round robin";
    case FETCH_FEF:
        return "fewest-entries-first: the eligible warp with the fewest "
               "entries, ties to the smallest id";
    default:
        return "round robin over the eligible warps";
    }
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct fetch_geometry *g)
{
    const struct vparam params[] = {
        { "NUM_WARPS", g->warps, NULL, "warps of this scheduler" },
        { "SLOTS",     g->slots, NULL, "I-buffer slots per warp" },
        { NULL, 0, NULL, "Derived widths" },
        { "WARP_W", 0, "$clog2(NUM_WARPS)", "warp id" },
        { "CNT_W",  0, "$clog2(SLOTS + 1)", "fetches in flight of a warp, 0..SLOTS" },
        { "ENT_W",  0, "$clog2(2 * SLOTS + 1)", "entries of a warp: valid slots + in flight" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                      "clk_i",         "clock" },
        { "input",  "",                      "rst_ni",        "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Events of this cycle" },
        { "input",  "",                      "fill_valid_i",  "a fetched instruction returns ..." },
        { "input",  "[WARP_W-1:0]",          "fill_warp_i",   "... for this warp: first free slot" },
        { "input",  "",                      "issue_valid_i", "the issue scheduler grants ..." },
        { "input",  "[WARP_W-1:0]",          "issue_warp_i",  "... this warp: its oldest slot leaves" },
        { "input",  "",                      "rdy_valid_i",   "the scoreboard clears ..." },
        { "input",  "[WARP_W-1:0]",          "rdy_warp_i",    "... this warp's oldest unready instruction" },
        { "input",  "",                      "flush_valid_i", "a taken branch flushes ..." },
        { "input",  "[WARP_W-1:0]",          "flush_warp_i",  "... this warp: slots and fetches in flight" },
        { NULL, NULL, NULL, "Warps that may be fetched for" },
        { "input",  "[NUM_WARPS-1:0]",       "warp_valid_i",  "may be fetched for: holds a launched, live warp (harp: a First-Level warp)" },
        { NULL, NULL, NULL, "Critical-fetch-first: the warp the issue scheduler will issue next" },
        { "input",  "",                      "next_valid_i",  "a next warp is known" },
        { "input",  "[WARP_W-1:0]",          "next_warp_i",   "... this one" },
        { NULL, NULL, NULL, "Fetch request" },
        { "output", "",                      "fetch_valid_o", "fetch one instruction ..." },
        { "output", "[WARP_W-1:0]",          "fetch_warp_o",  "... for this warp (0 when none)" },
        { NULL, NULL, NULL, "I-buffer state, slot 0 the oldest" },
        { "output", "[NUM_WARPS-1:0]",       "ready_o",       "warp holds a valid, ready instruction" },
        { "output", "[NUM_WARPS*SLOTS-1:0]", "slot_v_o",      "v bits, warp-major" },
        { "output", "[NUM_WARPS*SLOTS-1:0]", "slot_r_o",      "r bits, warp-major" },
        { "output", "[NUM_WARPS*CNT_W-1:0]", "inflight_o",    "fetches in flight per warp" },
        { NULL, NULL, NULL, "Errors" },
        { "output", "",                      "err_o",         "fill with nothing in flight, issue of an unready warp, or clear of no instruction" },
    };

    emit_file_header(v, "simtref_fetch.v", "I-buffer and fetch policy",
                     "BAWS sections 2.2, 4.2 and 6.2; C model: golden/structures/fetch.c.", cfg);
    vgen_line(v, "// Fetch policy: %s:", config_fetch_name(g->policy));
    vgen_line(v, "// %s.", policy_text(g->policy));
    vgen_line(v, "// A warp has a free slot when its valid slots plus its fetches in flight");
    vgen_line(v, "// are fewer than SLOTS.  It is eligible when it has a free slot, is valid");
    vgen_line(v, "// (warp_valid_i: its slot holds a warp) and is not being flushed.  A warp");
    vgen_line(v, "// that is not valid is emptied on the edge, as by a flush.");
    vgen_line(v, "// Storage: %lu flip-flops.", fetch_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_fetch", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_entries(struct vgen *v, const struct fetch_geometry *g,
                         enum rtl_defect defect)
{
    char ext[128];
    unsigned ent_w = clog2(2ull * g->slots + 1);

    vgen_section(v, "Entries of each warp, and which warps may be fetched for");
    vgen_line(v, "localparam [ENT_W-1:0] SLOTS_E = %u'd%u;   // SLOTS", ent_w, g->slots);
    vgen_line(v, "localparam [ENT_W-1:0] ONE_E   = %u'd1;", ent_w);
    if (g->policy == FETCH_FEF)
        vgen_line(v, "reg  [NUM_WARPS*ENT_W-1:0] ent;     // valid slots + fetches in flight");
    vgen_line(v, "reg  [NUM_WARPS-1:0]       elig;    // valid, a free slot, not flushed now");
    vgen_line(v, "reg  [ENT_W-1:0]           cnt;");
    vgen_line(v, "integer ew, es;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_begin(v, "for (ew = 0; ew < NUM_WARPS; ew = ew + 1)");
    vgen_line(v, "cnt = %s;", vgen_zext(ext, sizeof ext, ent_w - g->cnt_w, "ENT_W-CNT_W",
                                        "infl_q[ew*CNT_W +: CNT_W]"));
    vgen_begin(v, "for (es = 0; es < SLOTS; es = es + 1)");
    vgen_line(v, "if (v_q[ew*SLOTS + es]) cnt = cnt + ONE_E;");
    vgen_end(v);
    if (g->policy == FETCH_FEF)
        vgen_line(v, "ent[ew*ENT_W +: ENT_W] = cnt;");
    if (defect == DEFECT_FETCH_OVERFILL) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): off by one, a warp whose slots are",
                  rtl_defect_name(defect));
        vgen_line(v, "// all taken is fetched for.");
        vgen_line(v, "elig[ew] = warp_valid_i[ew] && cnt <= SLOTS_E &&");
    } else {
        vgen_line(v, "elig[ew] = warp_valid_i[ew] && cnt < SLOTS_E &&");
    }
    vgen_line(v, "           !(flush_valid_i && flush_warp_i == ew[WARP_W-1:0]);");
    vgen_end(v);
    vgen_end(v);
}

/* The fetch choice: valid bit and warp (and its entries, for FEF). */
static const struct pick fetch_pick = { "pick_valid", "pick", "WARP_W", NULL, NULL };
static const struct pick fewest_pick = { "pick_valid", "pick", "WARP_W", "pick_ent", "ENT_W" };

/* The round-robin proof's observer (formal/fetch_props.v), under FORMAL. */
static void emit_rr_checker(struct vgen *v, const struct fetch_geometry *g)
{
    char cff[8];
    const struct vconn params[] = {
        VCONN_SAME("NUM_WARPS"), VCONN_SAME("SLOTS"), { "CFF", cff, NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"), VCONN_SAME("rst_ni"), VCONN_SAME("flush_valid_i"),
        VCONN_SAME("flush_warp_i"), VCONN_SAME("next_valid_i"),
        VCONN_SAME("next_warp_i"), VCONN_SAME("warp_valid_i"),
        VCONN_SAME("slot_v_o"), VCONN_SAME("inflight_o"),
        VCONN_SAME("fetch_valid_o"), VCONN_SAME("fetch_warp_o"),
        VCONN_SAME("last_q"),
    };

    snprintf(cff, sizeof cff, "%d", g->policy == FETCH_CFF);
    vgen_instance(v, "fetch_rr_checker", "u_rr_checker",
                  params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
}

static void emit_round_robin(struct vgen *v, const struct fetch_geometry *g)
{
    char ok[64];

    vgen_section(v, g->policy == FETCH_CFF
                 ? "Critical-fetch-first, else round robin after the last fetched warp"
                 : "Round robin: the first eligible warp after the last fetched one");
    emit_last_reset(v, g->warp_w, g->warps);
    vgen_line(v, "reg  [WARP_W-1:0] last_q;      // last fetched warp");
    vgen_line(v, "reg               pick_valid;");
    vgen_line(v, "reg  [WARP_W-1:0] pick;");
    vgen_line(v, "integer rk, ri;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    emit_pick_clear(v, &fetch_pick);
    if (g->policy == FETCH_CFF) {
        vgen_begin(v, "if (next_valid_i && %s && elig[next_warp_i])",
                   emit_names_warp(ok, sizeof ok, g->warps, "next_warp_i"));
        vgen_line(v, "pick_valid = 1'b1;");
        vgen_line(v, "pick       = next_warp_i;");
        vgen_end(v);
    }
    emit_pick_round_robin(v, &fetch_pick, "elig", "last_q", g->warp_w);
    vgen_end(v);
    vgen_blank(v);
    emit_last_register(v, &fetch_pick, "last_q");
    vgen_blank(v);
    vgen_line(v, "// Proof observer (only under FORMAL; not part of the design): the");
    vgen_line(v, "// round-robin order needs the pointer (formal/fetch_props.v).");
    vgen_line(v, "`ifdef FORMAL");
    emit_rr_checker(v, g);
    vgen_line(v, "`endif");
}

static void emit_fewest(struct vgen *v)
{
    vgen_section(v, "Fewest entries first: ties to the smallest warp id");
    vgen_line(v, "reg               pick_valid;");
    vgen_line(v, "reg  [WARP_W-1:0] pick;");
    vgen_line(v, "reg  [ENT_W-1:0]  pick_ent;");
    vgen_line(v, "integer fw;");
    vgen_blank(v);
    vgen_line(v, "// Warps in id order: a warp replaces the choice only with strictly");
    vgen_line(v, "// fewer entries.");
    vgen_begin(v, "always @*");
    emit_pick_clear(v, &fewest_pick);
    emit_pick_smallest(v, &fewest_pick, "fw", "NUM_WARPS", "elig", "ent");
    vgen_end(v);
}

static void emit_events(struct vgen *v, const struct fetch_geometry *g)
{
    char a[64], b[64], c[64], d[64];
    const struct vreg regs[] = {
        { "v_q",    "{NUM_WARPS*SLOTS{1'b0}}", "v_d" },
        { "r_q",    "{NUM_WARPS*SLOTS{1'b0}}", "r_d" },
        { "infl_q", "{NUM_WARPS*CNT_W{1'b0}}", "infl_d" },
    };

    vgen_section(v, "Events: errors, then the next state of every warp");
    if (!is_pow2(g->warps))
        vgen_line(v, "localparam [WARP_W-1:0] LAST_WARP = %u'd%u;   // NUM_WARPS - 1",
                  g->warp_w, g->warps - 1);
    vgen_line(v, "localparam [CNT_W-1:0]  ONE_C = %u'd1;", g->cnt_w);
    vgen_line(v, "wire fill_ok  = fill_valid_i && %s &&",
              emit_names_warp(a, sizeof a, g->warps, "fill_warp_i"));
    vgen_line(v, "                infl_q[fill_warp_i*CNT_W +: CNT_W] != {CNT_W{1'b0}};");
    vgen_line(v, "wire issue_ok = issue_valid_i && %s && ready_o[issue_warp_i];",
              emit_names_warp(b, sizeof b, g->warps, "issue_warp_i"));
    vgen_line(v, "wire rdy_ok   = rdy_valid_i && %s &&",
              emit_names_warp(c, sizeof c, g->warps, "rdy_warp_i"));
    vgen_line(v, "                |(slot_v_o[rdy_warp_i*SLOTS +: SLOTS] & ~slot_r_o[rdy_warp_i*SLOTS +: SLOTS]);");
    vgen_line(v, "wire flush_ok = flush_valid_i && %s;",
              emit_names_warp(d, sizeof d, g->warps, "flush_warp_i"));
    vgen_line(v, "assign err_o  = (fill_valid_i && !fill_ok) || (issue_valid_i && !issue_ok) ||");
    vgen_line(v, "                (rdy_valid_i && !rdy_ok);");
    vgen_blank(v);
    vgen_line(v, "reg  [NUM_WARPS*SLOTS-1:0] v_d, r_d;");
    vgen_line(v, "reg  [NUM_WARPS*CNT_W-1:0] infl_d;");
    vgen_line(v, "reg                        done;");
    vgen_line(v, "integer nw, ns;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "v_d = v_q; r_d = r_q; infl_d = infl_q; done = 1'b0;");
    vgen_begin(v, "for (nw = 0; nw < NUM_WARPS; nw = nw + 1)");
    vgen_line(v, "// The scoreboard readies the oldest valid, unready slot.");
    vgen_begin(v, "if (rdy_ok && rdy_warp_i == nw[WARP_W-1:0])");
    vgen_line(v, "done = 1'b0;");
    vgen_begin(v, "for (ns = 0; ns < SLOTS; ns = ns + 1)");
    vgen_begin(v, "if (!done && v_q[nw*SLOTS + ns] && !r_q[nw*SLOTS + ns])");
    vgen_line(v, "r_d[nw*SLOTS + ns] = 1'b1;");
    vgen_line(v, "done = 1'b1;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// A returning fetch fills the first free slot.");
    vgen_begin(v, "if (fill_ok && fill_warp_i == nw[WARP_W-1:0])");
    vgen_line(v, "done = 1'b0;");
    vgen_begin(v, "for (ns = 0; ns < SLOTS; ns = ns + 1)");
    vgen_begin(v, "if (!done && !v_q[nw*SLOTS + ns])");
    vgen_line(v, "v_d[nw*SLOTS + ns] = 1'b1;");
    vgen_line(v, "r_d[nw*SLOTS + ns] = 1'b0;");
    vgen_line(v, "done = 1'b1;");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "infl_d[nw*CNT_W +: CNT_W] = infl_d[nw*CNT_W +: CNT_W] - ONE_C;");
    vgen_end(v);
    vgen_line(v, "// An issue removes the oldest slot; the others move down.");
    vgen_begin(v, "if (issue_ok && issue_warp_i == nw[WARP_W-1:0])");
    vgen_begin(v, "for (ns = 0; ns + 1 < SLOTS; ns = ns + 1)");
    vgen_line(v, "v_d[nw*SLOTS + ns] = v_d[nw*SLOTS + ns + 1];");
    vgen_line(v, "r_d[nw*SLOTS + ns] = r_d[nw*SLOTS + ns + 1];");
    vgen_end(v);
    vgen_line(v, "v_d[nw*SLOTS + SLOTS - 1] = 1'b0;");
    vgen_line(v, "r_d[nw*SLOTS + SLOTS - 1] = 1'b0;");
    vgen_end(v);
    vgen_line(v, "// This cycle's fetch is in flight from the next.");
    vgen_begin(v, "if (pick_valid && pick == nw[WARP_W-1:0])");
    vgen_line(v, "infl_d[nw*CNT_W +: CNT_W] = infl_d[nw*CNT_W +: CNT_W] + ONE_C;");
    vgen_end(v);
    vgen_line(v, "// A flush empties the warp and cancels its fetches in flight; so");
    vgen_line(v, "// does a warp that is not valid: a warp entering a slot starts empty.");
    vgen_begin(v, "if ((flush_ok && flush_warp_i == nw[WARP_W-1:0]) || !warp_valid_i[nw])");
    vgen_line(v, "v_d[nw*SLOTS +: SLOTS]    = {SLOTS{1'b0}};");
    vgen_line(v, "r_d[nw*SLOTS +: SLOTS]    = {SLOTS{1'b0}};");
    vgen_line(v, "infl_d[nw*CNT_W +: CNT_W] = {CNT_W{1'b0}};");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
}

void emit_fetch(struct vgen *v, const struct simt_config *cfg,
                enum rtl_defect defect)
{
    struct fetch_geometry g;

    fetch_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    if (g.policy != FETCH_CFF)
        emit_unused_inputs(v, "^{next_valid_i, next_warp_i}");
    vgen_section(v, "State: v and r bits of every slot, fetches in flight");
    vgen_line(v, "reg  [NUM_WARPS*SLOTS-1:0] v_q;      // slot holds an instruction");
    vgen_line(v, "reg  [NUM_WARPS*SLOTS-1:0] r_q;      // ... whose operands are ready");
    vgen_line(v, "reg  [NUM_WARPS*CNT_W-1:0] infl_q;   // fetches in flight, per warp");
    vgen_line(v, "genvar gw;");
    vgen_generate(v);
    vgen_begin_named(v, "g_ready", "for (gw = 0; gw < NUM_WARPS; gw = gw + 1)");
    vgen_line(v, "assign ready_o[gw] = v_q[gw*SLOTS] && r_q[gw*SLOTS];   // slot 0 is the oldest");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_line(v, "assign slot_v_o   = v_q;");
    vgen_line(v, "assign slot_r_o   = r_q;");
    vgen_line(v, "assign inflight_o = infl_q;");
    emit_entries(v, &g, defect);
    if (g.policy == FETCH_FEF)
        emit_fewest(v);
    else
        emit_round_robin(v, &g);
    vgen_section(v, "Fetch request");
    vgen_line(v, "assign fetch_valid_o = pick_valid;");
    vgen_line(v, "assign fetch_warp_o  = pick;");
    emit_events(v, &g);
    vgen_module_end(v, "simtref_fetch");
}
