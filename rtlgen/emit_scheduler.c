/*
 * emit_scheduler.c -- the Verilog of the warp issue scheduler
 * (simtref_scheduler), one per warp scheduler.
 *
 * Ports and behaviour are those of the C model, golden/scheduler.h.  The
 * module is written for one policy: MWF first narrows the ready warps to
 * those of one thread block (the ready TB of smallest WPT rank), then LRR
 * or GTO picks one of the remaining candidates.  One register group per
 * policy: the last granted warp (LRR), the last granted warp and its valid
 * bit (GTO, MWF(GTO)), or the last granted warp of each TB (MWF(LRR)).
 */
#include "rtlgen.h"
#include "scheduler.h"
#include "bits.h"

static bool mwf(const struct sched_geom *g)
{
    return g->policy == SCHED_MWF_LRR || g->policy == SCHED_MWF_GTO;
}

static bool lrr(const struct sched_geom *g)
{
    return g->policy == SCHED_LRR || g->policy == SCHED_MWF_LRR;
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct sched_geom *g)
{
    const struct vparam params[] = {
        { "NUM_WARPS", g->warps, NULL, "warps of this scheduler" },
        { "NUM_TBS",   g->tbs,   NULL, "thread blocks resident per SM" },
        { NULL, 0, NULL, "Derived widths" },
        { "WARP_W", 0, "$clog2(NUM_WARPS)", "warp id" },
        { "TB_W",   0, "$clog2(NUM_TBS)",   "thread block id and MWF rank" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                       "clk_i",         "clock" },
        { "input",  "",                       "rst_ni",        "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Warps: I-buffer ready bits and thread blocks (set at kernel launch)" },
        { "input",  "[NUM_WARPS-1:0]",        "ready_i",       "warp holds a valid, ready instruction" },
        { "input",  "[NUM_WARPS*TB_W-1:0]",   "warp_tb_i",     "thread block of each warp" },
        { NULL, NULL, NULL, "Most-waiting-first ranks from the WPT (rank_o of simtref_wpt)" },
        { "input",  "[NUM_TBS*TB_W-1:0]",     "tb_rank_i",     "rank of each TB; 0 = first" },
        { NULL, NULL, NULL, "Issue grant" },
        { "output", "",                       "grant_valid_o", "a warp issues this cycle" },
        { "output", "[WARP_W-1:0]",           "grant_warp_o",  "... this warp (0 when none)" },
        { NULL, NULL, NULL, "Errors" },
        { "output", "",                       "err_o",         "MWF: ranks not a permutation, or a ready warp of no TB" },
    };

    emit_file_header(v, "simtref_scheduler.v", "warp issue scheduler",
                     "BAWS sections 2.2 and 4.1; C model: golden/scheduler.c.", cfg);
    vgen_line(v, "// Policy: %s.  Each cycle at most one warp is granted, only a ready",
              config_sched_name(g->policy));
    vgen_line(v, "// warp, and one whenever a warp is ready%s.",
              mwf(g) ? " of a thread block of the table" : "");
    switch (g->policy) {
    case SCHED_LRR:
        vgen_line(v, "// LRR: the first ready warp after the last granted one, wrapping.");
        break;
    case SCHED_GTO:
        vgen_line(v, "// GTO: the last granted warp while it is ready, else the oldest");
        vgen_line(v, "// ready warp: smallest thread block id, then smallest warp id.");
        break;
    case SCHED_MWF_LRR:
        vgen_line(v, "// MWF(LRR): only the ready warps of the TB of smallest rank compete;");
        vgen_line(v, "// among them the first after the TB's own last granted warp.");
        break;
    default:
        vgen_line(v, "// MWF(GTO): only the ready warps of the TB of smallest rank compete;");
        vgen_line(v, "// the last granted warp if it is one of them, else the oldest.");
        break;
    }
    vgen_line(v, "// Storage: %lu flip-flops.", sched_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_scheduler", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

/* Inputs a policy does not read, tied off for lint. */
static void emit_unused(struct vgen *v, const struct sched_geom *g)
{
    if (mwf(g))
        return;
    vgen_section(v, "Inputs this policy does not read");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    if (g->policy == SCHED_LRR)
        vgen_line(v, "wire unused_inputs = ^{warp_tb_i, tb_rank_i};");
    else
        vgen_line(v, "wire unused_inputs = ^tb_rank_i;");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
}

/* MWF: the thread block whose warps compete this cycle. */
static void emit_mwf_select(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "Most-waiting-first: the ready TB of smallest rank");
    vgen_line(v, "reg  [NUM_TBS-1:0] tb_ready;   // TB has a ready warp");
    vgen_line(v, "reg                sel_valid;  // some TB has one");
    vgen_line(v, "reg  [TB_W-1:0]    sel_tb;     // the TB whose warps compete");
    vgen_line(v, "reg  [TB_W-1:0]    sel_rank;   // ... and its rank");
    vgen_line(v, "integer st, sw;");
    vgen_blank(v);
    vgen_line(v, "// TBs in id order: a TB replaces the choice only with a strictly");
    vgen_line(v, "// smaller rank, so equal ranks (a broken contract) go to the smaller id.");
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    vgen_line(v, "tb_ready  = {NUM_TBS{1'b0}};");
    vgen_line(v, "sel_valid = 1'b0;");
    vgen_line(v, "sel_tb    = {TB_W{1'b0}};");
    vgen_line(v, "sel_rank  = {TB_W{1'b0}};");
    vgen_line(v, "for (st = 0; st < NUM_TBS; st = st + 1) begin");
    vgen_indent(v);
    vgen_line(v, "for (sw = 0; sw < NUM_WARPS; sw = sw + 1)");
    vgen_indent(v);
    vgen_line(v, "if (ready_i[sw] && warp_tb_i[sw*TB_W +: TB_W] == st[TB_W-1:0])");
    vgen_indent(v);
    vgen_line(v, "tb_ready[st] = 1'b1;");
    vgen_dedent(v);
    vgen_dedent(v);
    if (defect == DEFECT_SCHED_MWF_LOWEST_FIRST) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the largest rank (the TB with the",
                  rtl_defect_name(defect));
        vgen_line(v, "// fewest warps waiting) wins.");
        vgen_line(v, "if (tb_ready[st] && (!sel_valid || tb_rank_i[st*TB_W +: TB_W] > sel_rank)) begin");
    } else {
        vgen_line(v, "if (tb_ready[st] && (!sel_valid || tb_rank_i[st*TB_W +: TB_W] < sel_rank)) begin");
    }
    vgen_indent(v);
    vgen_line(v, "sel_valid = 1'b1;");
    vgen_line(v, "sel_tb    = st[TB_W-1:0];");
    vgen_line(v, "sel_rank  = tb_rank_i[st*TB_W +: TB_W];");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
}

/* The warps that compete: all ready warps, or under MWF those of sel_tb. */
static void emit_candidates(struct vgen *v, const struct sched_geom *g)
{
    vgen_section(v, "Candidates");
    vgen_line(v, "wire [NUM_WARPS-1:0] cand;");
    if (!mwf(g)) {
        vgen_line(v, "assign cand = ready_i;");
        return;
    }
    vgen_line(v, "genvar gw;");
    vgen_line(v, "generate");
    vgen_indent(v);
    vgen_line(v, "for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_cand");
    vgen_indent(v);
    vgen_line(v, "assign cand[gw] = ready_i[gw] && sel_valid &&");
    vgen_line(v, "                  warp_tb_i[gw*TB_W +: TB_W] == sel_tb;");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "endgenerate");
}

/* LRR: the first candidate after warp `after`, wrapping. */
static void emit_round_robin(struct vgen *v, const struct sched_geom *g)
{
    char ext[128];

    vgen_section(v, "Round robin: the first candidate after the last granted warp");
    vgen_line(v, "localparam [WARP_W-1:0] LAST_RESET = %u'd%u;   // NUM_WARPS - 1: warp 0 first",
              g->warp_w, g->warps - 1);
    vgen_line(v, "wire [WARP_W-1:0] after;       // round robin starts after this warp");
    vgen_line(v, "reg               grant_valid;");
    vgen_line(v, "reg  [WARP_W-1:0] grant_warp;");
    vgen_line(v, "integer rk, ri;");
    vgen_blank(v);
    if (g->policy == SCHED_MWF_LRR) {
        vgen_line(v, "reg  [NUM_TBS*WARP_W-1:0] tb_last_q;   // last granted warp, per TB");
        vgen_line(v, "assign after = tb_last_q[sel_tb*WARP_W +: WARP_W];");
    } else {
        vgen_line(v, "reg  [WARP_W-1:0] last_q;      // last granted warp");
        vgen_line(v, "assign after = last_q;");
    }
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    vgen_line(v, "grant_valid = 1'b0;");
    vgen_line(v, "grant_warp  = {WARP_W{1'b0}};");
    vgen_line(v, "for (rk = 1; rk <= NUM_WARPS; rk = rk + 1) begin");
    vgen_indent(v);
    vgen_line(v, "ri = %s + rk;", vgen_zext(ext, sizeof ext, 32 - g->warp_w,
                                             "32-WARP_W", "after"));
    vgen_line(v, "if (ri >= NUM_WARPS) ri = ri - NUM_WARPS;");
    vgen_line(v, "if (!grant_valid && cand[ri]) begin");
    vgen_indent(v);
    vgen_line(v, "grant_valid = 1'b1;");
    vgen_line(v, "grant_warp  = ri[WARP_W-1:0];");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");

    vgen_blank(v);
    vgen_line(v, "always @(posedge clk_i or negedge rst_ni) begin");
    vgen_indent(v);
    if (g->policy == SCHED_MWF_LRR) {
        vgen_line(v, "if (!rst_ni)          tb_last_q <= {NUM_TBS{LAST_RESET}};");
        vgen_line(v, "else if (grant_valid) tb_last_q[sel_tb*WARP_W +: WARP_W] <= grant_warp;");
    } else {
        vgen_line(v, "if (!rst_ni)          last_q <= LAST_RESET;");
        vgen_line(v, "else if (grant_valid) last_q <= grant_warp;");
    }
    vgen_dedent(v);
    vgen_line(v, "end");
}

/* GTO: the last granted warp while it competes, else the oldest candidate. */
static void emit_greedy(struct vgen *v, const struct sched_geom *g)
{
    vgen_section(v, "Greedy then oldest");
    vgen_line(v, "localparam [WARP_W-1:0] LAST_RESET = %u'd%u;   // NUM_WARPS - 1",
              g->warp_w, g->warps - 1);
    vgen_line(v, "reg  [WARP_W-1:0] last_q;      // last granted warp");
    vgen_line(v, "reg               have_q;      // ... exists: a grant since reset");
    vgen_line(v, "reg               grant_valid;");
    vgen_line(v, "reg  [WARP_W-1:0] grant_warp;");
    vgen_line(v, "reg  [TB_W-1:0]   grant_tb;    // thread block of the oldest so far");
    vgen_line(v, "integer ow;");
    vgen_blank(v);
    vgen_line(v, "// Warps in id order: a warp replaces the choice only with a strictly");
    vgen_line(v, "// older (smaller) thread block, so a TB's smallest warp id wins.");
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    vgen_line(v, "grant_valid = 1'b0;");
    vgen_line(v, "grant_warp  = {WARP_W{1'b0}};");
    vgen_line(v, "grant_tb    = {TB_W{1'b0}};");
    vgen_line(v, "if (have_q && cand[last_q]) begin");
    vgen_indent(v);
    vgen_line(v, "grant_valid = 1'b1;");
    vgen_line(v, "grant_warp  = last_q;");
    vgen_dedent(v);
    vgen_line(v, "end else begin");
    vgen_indent(v);
    vgen_line(v, "for (ow = 0; ow < NUM_WARPS; ow = ow + 1)");
    vgen_indent(v);
    vgen_line(v, "if (cand[ow] && (!grant_valid || warp_tb_i[ow*TB_W +: TB_W] < grant_tb)) begin");
    vgen_indent(v);
    vgen_line(v, "grant_valid = 1'b1;");
    vgen_line(v, "grant_warp  = ow[WARP_W-1:0];");
    vgen_line(v, "grant_tb    = warp_tb_i[ow*TB_W +: TB_W];");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");

    vgen_blank(v);
    vgen_line(v, "always @(posedge clk_i or negedge rst_ni) begin");
    vgen_indent(v);
    vgen_line(v, "if (!rst_ni) begin");
    vgen_indent(v);
    vgen_line(v, "last_q <= LAST_RESET;");
    vgen_line(v, "have_q <= 1'b0;");
    vgen_dedent(v);
    vgen_line(v, "end else if (grant_valid) begin");
    vgen_indent(v);
    vgen_line(v, "last_q <= grant_warp;");
    vgen_line(v, "have_q <= 1'b1;");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
}

/*
 * MWF's input contract: the ranks are a permutation of 0..NUM_TBS-1 (no
 * two equal, none beyond the table) and no ready warp names a TB beyond
 * the table.  Beyond-the-table values exist only when NUM_TBS is not a
 * power of two.
 */
static void emit_errors(struct vgen *v, const struct sched_geom *g)
{
    bool pow2 = is_pow2(g->tbs);

    vgen_section(v, "Errors");
    if (!mwf(g)) {
        vgen_line(v, "assign err_o = 1'b0;   // LRR and GTO read no ranks");
        return;
    }
    if (!pow2)
        vgen_line(v, "localparam [TB_W-1:0] LAST_TB = %u'd%u;   // NUM_TBS - 1",
                  g->tb_w, g->tbs - 1);
    vgen_line(v, "reg     bad;");
    vgen_line(v, "integer ei, ej;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    vgen_line(v, "bad = 1'b0;");
    vgen_line(v, "for (ei = 0; ei < NUM_TBS; ei = ei + 1) begin");
    vgen_indent(v);
    vgen_line(v, "for (ej = ei + 1; ej < NUM_TBS; ej = ej + 1)");
    vgen_indent(v);
    vgen_line(v, "if (tb_rank_i[ei*TB_W +: TB_W] == tb_rank_i[ej*TB_W +: TB_W]) bad = 1'b1;");
    vgen_dedent(v);
    if (!pow2)
        vgen_line(v, "if (tb_rank_i[ei*TB_W +: TB_W] > LAST_TB) bad = 1'b1;");
    vgen_dedent(v);
    vgen_line(v, "end");
    if (!pow2) {
        vgen_line(v, "for (ei = 0; ei < NUM_WARPS; ei = ei + 1)");
        vgen_indent(v);
        vgen_line(v, "if (ready_i[ei] && warp_tb_i[ei*TB_W +: TB_W] > LAST_TB) bad = 1'b1;");
        vgen_dedent(v);
    }
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "assign err_o = bad;");
}

void emit_scheduler(struct vgen *v, const struct simt_config *cfg,
                    enum rtl_defect defect)
{
    struct sched_geom g;

    sched_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_unused(v, &g);
    if (mwf(&g))
        emit_mwf_select(v, defect);
    emit_candidates(v, &g);
    if (lrr(&g))
        emit_round_robin(v, &g);
    else
        emit_greedy(v, &g);
    vgen_section(v, "Outputs");
    vgen_line(v, "assign grant_valid_o = grant_valid;");
    vgen_line(v, "assign grant_warp_o  = grant_warp;");
    emit_errors(v, &g);
    vgen_module_end(v, "simtref_scheduler");
}
