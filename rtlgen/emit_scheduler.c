/*
 * emit_scheduler.c -- the Verilog of the warp issue scheduler
 * (simtref_scheduler), one per warp scheduler.
 *
 * Ports and behaviour are those of the C model, golden/structures/scheduler.h.  The
 * module is written for one policy: MWF and SAWS first narrow the ready
 * warps to those of one thread block (the ready TB of smallest rank: the
 * WPT's rank under MWF, the first-hit order SAWS keeps itself), TLS to
 * those of the active group; then LRR or GTO picks one of the remaining
 * candidates.  One register group per piece of state: the last granted
 * warp (LRR, TLS), the last granted warp and its valid bit (GTO, MWF(GTO),
 * SAWS), the last granted warp of each TB (MWF(LRR)), the active group and
 * the last promoted warp (TLS), the TBs waiting and their pairwise order
 * in the last cycle (SAWS).  Every policy has the same ports; a policy
 * ties off the inputs it does not read.
 */
#include "rtlgen.h"
#include "emit_common.h"
#include "scheduler.h"
#include "bits.h"

static bool mwf(const struct scheduler_geometry *g)
{
    return g->policy == SCHED_MWF_LRR || g->policy == SCHED_MWF_GTO;
}

static bool lrr(const struct scheduler_geometry *g)
{
    return g->policy == SCHED_LRR || g->policy == SCHED_MWF_LRR ||
           g->policy == SCHED_TLS;
}

/* A TB is chosen first (MWF, SAWS), then a warp of it. */
static bool tb_level(const struct scheduler_geometry *g)
{
    return mwf(g) || g->policy == SCHED_SAWS;
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct scheduler_geometry *g)
{
    const struct vparam base[] = {
        { "NUM_WARPS", g->warps, NULL, "warps of this scheduler" },
        { "NUM_TBS",   g->tbs,   NULL, "thread blocks resident per SM" },
        { NULL, 0, NULL, "Derived widths" },
        { "WARP_W", 0, "$clog2(NUM_WARPS)", "warp id" },
        { "TB_W",   0, "$clog2(NUM_TBS)",   "thread block id and MWF rank" },
    };
    const struct vparam tls[] = {
        { "NUM_WARPS", g->warps, NULL, "warps of this scheduler" },
        { "NUM_TBS",   g->tbs,   NULL, "thread blocks resident per SM" },
        { "ACTIVE_WARPS", g->group, NULL, "active group: min(pipeline depth, NUM_WARPS)" },
        { NULL, 0, NULL, "Derived widths" },
        { "WARP_W", 0, "$clog2(NUM_WARPS)", "warp id" },
        { "TB_W",   0, "$clog2(NUM_TBS)",   "thread block id and MWF rank" },
    };
    bool is_tls = g->policy == SCHED_TLS;
    const struct vparam *params = is_tls ? tls : base;
    size_t nparams = is_tls ? sizeof tls / sizeof tls[0] : sizeof base / sizeof base[0];
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                       "clk_i",         "clock" },
        { "input",  "",                       "rst_ni",        "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Warps: I-buffer ready bits and thread blocks (set at kernel launch)" },
        { "input",  "[NUM_WARPS-1:0]",        "ready_i",       "warp holds a valid, ready instruction" },
        { "input",  "[NUM_WARPS*TB_W-1:0]",   "warp_tb_i",     "thread block of each warp" },
        { NULL, NULL, NULL, "Most-waiting-first ranks from the WPT (rank_o of simtref_wpt)" },
        { "input",  "[NUM_TBS*TB_W-1:0]",     "tb_rank_i",     "rank of each TB; 0 = first" },
        { NULL, NULL, NULL, "Two-level scheduling: long-latency waits" },
        { "input",  "[NUM_WARPS-1:0]",        "long_i",        "warp waits on a long-latency operation" },
        { NULL, NULL, NULL, "SAWS: barrier hits (|cnt_o per TB of simtref_wpt)" },
        { "input",  "[NUM_TBS-1:0]",          "tb_wait_i",     "warps of the TB wait at its barrier" },
        { NULL, NULL, NULL, "Warps that may issue (TLS: the active group; else all), for fetch" },
        { "output", "[NUM_WARPS-1:0]",        "active_o",      "warp may issue" },
        { NULL, NULL, NULL, "Issue grant" },
        { "output", "",                       "grant_valid_o", "a warp issues this cycle" },
        { "output", "[WARP_W-1:0]",           "grant_warp_o",  "... this warp (0 when none)" },
        { NULL, NULL, NULL, "Errors" },
        { "output", "",                       "err_o",         "MWF: ranks not a permutation; MWF, SAWS: a ready warp of no TB" },
    };

    emit_file_header(v, "simtref_scheduler.v", "warp issue scheduler",
                     "BAWS sections 2.2 and 4.1; C model: golden/structures/scheduler.c.", cfg);
    vgen_line(v, "// Policy: %s.  Each cycle at most one warp is granted, only a ready",
              config_sched_name(g->policy));
    vgen_line(v, "// warp, and one whenever a warp is ready%s.",
              tb_level(g) ? " of a thread block of the table" :
              g->policy == SCHED_TLS ? " in the active group" : "");
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
    case SCHED_MWF_GTO:
        vgen_line(v, "// MWF(GTO): only the ready warps of the TB of smallest rank compete;");
        vgen_line(v, "// the last granted warp if it is one of them, else the oldest.");
        break;
    case SCHED_TLS:
        vgen_line(v, "// TLS: only the ready warps of the active group (ACTIVE_WARPS warps at");
        vgen_line(v, "// most) compete, in round robin after the last granted warp.  A warp");
        vgen_line(v, "// waiting on a long-latency operation leaves the group at the clock");
        vgen_line(v, "// edge; the free places go to pending warps not waiting on one, in");
        vgen_line(v, "// round robin after the last promoted warp.");
        break;
    default:
        vgen_line(v, "// SAWS: thread blocks in first-hit order of their barrier (waiting TBs");
        vgen_line(v, "// first, the earliest first, ties and non-waiting TBs by id); only the");
        vgen_line(v, "// ready warps of the first TB with a ready warp compete, then GTO.");
        break;
    }
    vgen_line(v, "// Storage: %lu flip-flops.", scheduler_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_scheduler", params, nparams,
                      ports, sizeof ports / sizeof ports[0]);
}

/* Inputs a policy does not read, tied off for lint. */
static void emit_unused(struct vgen *v, const struct scheduler_geometry *g)
{
    const char *unused;

    switch (g->policy) {
    case SCHED_LRR:     unused = "^{warp_tb_i, tb_rank_i, long_i, tb_wait_i}"; break;
    case SCHED_GTO:     unused = "^{tb_rank_i, long_i, tb_wait_i}"; break;
    case SCHED_TLS:     unused = "^{warp_tb_i, tb_rank_i, tb_wait_i}"; break;
    case SCHED_SAWS:    unused = "^{tb_rank_i, long_i}"; break;
    default:            unused = "^{long_i, tb_wait_i}"; break;
    }
    emit_unused_inputs(v, unused);
}

/*
 * SAWS: the first-hit order of the thread blocks, as ranks.  ahead[i*T+j]:
 * TB j is ahead of TB i.  The order of each pair (a < b) is kept from one
 * cycle to the next in before_q; it is read only while both TBs keep
 * waiting.
 */
static void emit_saws_order(struct vgen *v, const struct scheduler_geometry *g)
{
    char bit[128];
    const struct vreg regs[] = {
        { "waited_q", "{NUM_TBS{1'b0}}", "tb_wait_i" },
        { "before_q", "{PAIRS{1'b0}}",   "before_d" },
    };

    vgen_section(v, "SAWS: thread blocks in first-hit order of their barrier");
    vgen_line(v, "localparam integer PAIRS = NUM_TBS * (NUM_TBS - 1) / 2;");
    vgen_line(v, "reg  [NUM_TBS-1:0]         waited_q;   // tb_wait_i of the last cycle");
    vgen_line(v, "reg  [PAIRS-1:0]           before_q;   // pair (a, b), a < b: a was ahead");
    vgen_line(v, "wire [PAIRS-1:0]           before_d;");
    vgen_line(v, "wire [NUM_TBS*NUM_TBS-1:0] ahead;      // [i*NUM_TBS+j]: TB j ahead of TB i");
    vgen_line(v, "wire [NUM_TBS*TB_W-1:0]    tb_rank;    // place in first-hit order, 0 = first");
    vgen_blank(v);
    vgen_line(v, "// Waiting TBs first; of two waiting TBs the one that already waited");
    vgen_line(v, "// in the last cycle, and of two that both did, their order then;");
    vgen_line(v, "// otherwise (both start waiting now, or neither waits) the smaller id.");
    vgen_line(v, "genvar oi, oj;");
    vgen_generate(v);
    vgen_begin_named(v, "g_order", "for (oi = 0; oi < NUM_TBS; oi = oi + 1)");
    vgen_line(v, "reg [TB_W-1:0] r;");
    vgen_line(v, "integer k;");
    vgen_blank(v);
    vgen_begin_named(v, "g_pair", "for (oj = 0; oj < NUM_TBS; oj = oj + 1)");
    vgen_begin_named(v, "g_self", "if (oj == oi)");
    vgen_line(v, "assign ahead[oi*NUM_TBS+oj] = 1'b0;");
    vgen_else_named(v, "g_other");
    vgen_line(v, "localparam [0:0] LOWER_ID = oj < oi;   // j has the smaller id");
    vgen_line(v, "wire kept;                             // their order in the last cycle");
    vgen_begin_named(v, "g_lo", "if (oj < oi)");
    vgen_line(v, "assign kept = before_q[oj*NUM_TBS - oj*(oj+1)/2 + oi - oj - 1];");
    vgen_line(v, "// the pair (j, i) is updated here, from the lower id's side");
    vgen_line(v, "assign before_d[oj*NUM_TBS - oj*(oj+1)/2 + oi - oj - 1] = ahead[oi*NUM_TBS+oj];");
    vgen_else_named(v, "g_hi");
    vgen_line(v, "assign kept = !before_q[oi*NUM_TBS - oi*(oi+1)/2 + oj - oi - 1];");
    vgen_end(v);
    vgen_line(v, "assign ahead[oi*NUM_TBS+oj] =");
    vgen_line(v, "    tb_wait_i[oj] != tb_wait_i[oi] ? tb_wait_i[oj] :");
    vgen_line(v, "    !tb_wait_i[oj]                 ? LOWER_ID :");
    vgen_line(v, "    waited_q[oj] != waited_q[oi]   ? waited_q[oj] :");
    vgen_line(v, "    waited_q[oj]                   ? kept : LOWER_ID;");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "r = {TB_W{1'b0}};");
    vgen_begin(v, "for (k = 0; k < NUM_TBS; k = k + 1)");
    vgen_line(v, "r = r + %s;", vgen_zext(bit, sizeof bit, g->tb_w - 1, "TB_W-1",
                                           "ahead[oi*NUM_TBS+k]"));
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "assign tb_rank[oi*TB_W +: TB_W] = r;");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
}

/*
 * TLS: the active group.  Active warps waiting on a long-latency
 * operation leave at the edge; the free places go to pending warps that
 * are not waiting on one, in round robin order after the last promoted.
 */
static void emit_tls_group(struct vgen *v, const struct scheduler_geometry *g)
{
    char ext[128];
    const struct vreg regs[] = {
        { "active_q",   "ACTIVE_RESET",   "active_d" },
        { "promoted_q", "PROMOTED_RESET", "promoted_d" },
    };

    vgen_section(v, "Two-level scheduling: the active group");
    vgen_line(v, "localparam integer N_W = $clog2(NUM_WARPS + 1);   // 0..NUM_WARPS");
    vgen_line(v, "localparam [N_W-1:0] GROUP = %u'd%u;   // ACTIVE_WARPS", bits_for(g->warps), g->group);
    vgen_line(v, "localparam [NUM_WARPS-1:0] ONE = {{(NUM_WARPS-1){1'b0}}, 1'b1};");
    vgen_line(v, "localparam [NUM_WARPS-1:0] ACTIVE_RESET = (ONE << ACTIVE_WARPS) - ONE;  // warps 0..ACTIVE_WARPS-1");
    vgen_line(v, "localparam [WARP_W-1:0] PROMOTED_RESET = %u'd%u;   // ACTIVE_WARPS - 1",
              g->warp_w, g->group - 1);
    vgen_line(v, "reg  [NUM_WARPS-1:0] active_q;     // the active group");
    vgen_line(v, "reg  [WARP_W-1:0]    promoted_q;   // last warp promoted into it");
    vgen_line(v, "reg  [NUM_WARPS-1:0] active_d;");
    vgen_line(v, "reg  [WARP_W-1:0]    promoted_d;");
    vgen_line(v, "reg  [N_W-1:0]       members;      // warps in active_d so far");
    vgen_line(v, "integer ak, ai;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "active_d   = active_q & ~long_i;");
    vgen_line(v, "promoted_d = promoted_q;");
    vgen_line(v, "members    = {N_W{1'b0}};");
    vgen_begin(v, "for (ai = 0; ai < NUM_WARPS; ai = ai + 1)");
    vgen_line(v, "members = members + {{(N_W-1){1'b0}}, active_d[ai]};");
    vgen_end(v);
    vgen_begin(v, "for (ak = 1; ak <= NUM_WARPS; ak = ak + 1)");
    vgen_line(v, "ai = %s + ak;", vgen_zext(ext, sizeof ext, 32 - g->warp_w,
                                             "32-WARP_W", "promoted_q"));
    vgen_line(v, "if (ai >= NUM_WARPS) ai = ai - NUM_WARPS;");
    vgen_begin(v, "if (members < GROUP && !active_d[ai] && !long_i[ai])");
    vgen_line(v, "active_d[ai] = 1'b1;");
    vgen_line(v, "promoted_d   = ai[WARP_W-1:0];");
    vgen_line(v, "members      = members + {{(N_W-1){1'b0}}, 1'b1};");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
}

/* MWF, SAWS: the thread block whose warps compete this cycle, by rank. */
static const struct pick tb_pick = { "sel_valid", "sel_tb", "TB_W", "sel_rank", "TB_W" };

/* The warp granted: LRR; GTO, with the thread block of the oldest so far. */
static const struct pick grant_pick = { "grant_valid", "grant_warp", "WARP_W", NULL, NULL };
static const struct pick oldest_pick = { "grant_valid", "grant_warp", "WARP_W", "grant_tb", "TB_W" };

static void emit_mwf_select(struct vgen *v, const struct scheduler_geometry *g,
                            enum rtl_defect defect)
{
    if (mwf(g)) {
        vgen_section(v, "Most-waiting-first ranks: those of the WPT");
        vgen_line(v, "wire [NUM_TBS*TB_W-1:0] tb_rank = tb_rank_i;");
    }
    vgen_section(v, mwf(g) ? "Most-waiting-first: the ready TB of smallest rank"
                           : "SAWS: the ready TB of smallest rank");
    vgen_line(v, "reg  [NUM_TBS-1:0] tb_ready;   // TB has a ready warp");
    vgen_line(v, "reg                sel_valid;  // some TB has one");
    vgen_line(v, "reg  [TB_W-1:0]    sel_tb;     // the TB whose warps compete");
    vgen_line(v, "reg  [TB_W-1:0]    sel_rank;   // ... and its rank");
    vgen_line(v, "integer st, sw;");
    vgen_blank(v);
    vgen_line(v, "// TBs in id order: a TB replaces the choice only with a strictly");
    vgen_line(v, "// smaller rank, so equal ranks (a broken contract) go to the smaller id.");
    vgen_begin(v, "always @*");
    vgen_line(v, "tb_ready  = {NUM_TBS{1'b0}};");
    emit_pick_clear(v, &tb_pick);
    vgen_begin(v, "for (st = 0; st < NUM_TBS; st = st + 1)");
    vgen_begin(v, "for (sw = 0; sw < NUM_WARPS; sw = sw + 1)");
    vgen_begin(v, "if (ready_i[sw] && warp_tb_i[sw*TB_W +: TB_W] == st[TB_W-1:0])");
    vgen_line(v, "tb_ready[st] = 1'b1;");
    vgen_end(v);
    vgen_end(v);
    if (defect == DEFECT_SCHED_MWF_LOWEST_FIRST) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the largest rank (the TB with the",
                  rtl_defect_name(defect));
        vgen_line(v, "// fewest warps waiting) wins.");
    }
    emit_pick_smaller(v, &tb_pick, "st", "tb_ready", "tb_rank",
                      defect == DEFECT_SCHED_MWF_LOWEST_FIRST ? ">" : "<");
    vgen_end(v);
    vgen_end(v);
}

/*
 * The warps that compete: all ready warps, under MWF and SAWS those of
 * sel_tb, under TLS those of the active group.
 */
static void emit_candidates(struct vgen *v, const struct scheduler_geometry *g)
{
    vgen_section(v, "Candidates");
    vgen_line(v, "wire [NUM_WARPS-1:0] cand;");
    if (g->policy == SCHED_TLS) {
        vgen_line(v, "assign cand = ready_i & active_q;");
        return;
    }
    if (!tb_level(g)) {
        vgen_line(v, "assign cand = ready_i;");
        return;
    }
    vgen_line(v, "genvar gw;");
    vgen_generate(v);
    vgen_begin_named(v, "g_cand", "for (gw = 0; gw < NUM_WARPS; gw = gw + 1)");
    vgen_line(v, "assign cand[gw] = ready_i[gw] && sel_valid &&");
    vgen_line(v, "                  warp_tb_i[gw*TB_W +: TB_W] == sel_tb;");
    vgen_end(v);
    vgen_endgenerate(v);
}

/* LRR: the first candidate after warp `after`, wrapping. */
static void emit_round_robin(struct vgen *v, const struct scheduler_geometry *g)
{
    vgen_section(v, "Round robin: the first candidate after the last granted warp");
    emit_last_reset(v, g->warp_w, g->warps);
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
    vgen_begin(v, "always @*");
    emit_pick_clear(v, &grant_pick);
    emit_pick_round_robin(v, &grant_pick, "cand", "after", g->warp_w);
    vgen_end(v);

    vgen_blank(v);
    if (g->policy == SCHED_MWF_LRR) {
        /* Only the granted warp's TB's entry is written: not a plain group. */
        vgen_begin(v, "always @(posedge clk_i or negedge rst_ni)");
        vgen_begin(v, "if (!rst_ni)");
        vgen_line(v, "tb_last_q <= {NUM_TBS{LAST_RESET}};");
        vgen_elsif(v, "grant_valid");
        vgen_line(v, "tb_last_q[sel_tb*WARP_W +: WARP_W] <= grant_warp;");
        vgen_end(v);
        vgen_end(v);
    } else {
        emit_last_register(v, &grant_pick, "last_q");
    }
}

/* GTO: the last granted warp while it competes, else the oldest candidate. */
static void emit_greedy(struct vgen *v, const struct scheduler_geometry *g)
{
    const struct vreg regs[] = {
        { "last_q", "LAST_RESET", "grant_warp" },
        { "have_q", "1'b0",       "1'b1" },
    };

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
    vgen_begin(v, "always @*");
    emit_pick_clear(v, &oldest_pick);
    vgen_begin(v, "if (have_q && cand[last_q])");
    vgen_line(v, "grant_valid = 1'b1;");
    vgen_line(v, "grant_warp  = last_q;");
    vgen_else(v);
    emit_pick_smallest(v, &oldest_pick, "ow", "NUM_WARPS", "cand", "warp_tb_i");
    vgen_end(v);
    vgen_end(v);

    vgen_blank(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], "grant_valid");
}

/*
 * MWF's input contract: the ranks are a permutation of 0..NUM_TBS-1 (no
 * two equal, none beyond the table) and no ready warp names a TB beyond
 * the table.  Beyond-the-table values exist only when NUM_TBS is not a
 * power of two.
 */
static void emit_errors(struct vgen *v, const struct scheduler_geometry *g)
{
    bool pow2 = is_pow2(g->tbs);

    vgen_section(v, "Errors");
    if (!tb_level(g)) {
        vgen_line(v, "assign err_o = 1'b0;   // LRR, GTO and TLS read no ranks or TBs");
        return;
    }
    if (!mwf(g) && pow2) {
        vgen_line(v, "assign err_o = 1'b0;   // SAWS: every TB_W-bit id is a TB of the table");
        return;
    }
    if (!pow2)
        vgen_line(v, "localparam [TB_W-1:0] LAST_TB = %u'd%u;   // NUM_TBS - 1",
                  g->tb_w, g->tbs - 1);
    vgen_line(v, "reg     bad;");
    vgen_line(v, mwf(g) ? "integer ei, ej;" : "integer ei;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "bad = 1'b0;");
    if (mwf(g)) {
        vgen_begin(v, "for (ei = 0; ei < NUM_TBS; ei = ei + 1)");
        vgen_begin(v, "for (ej = ei + 1; ej < NUM_TBS; ej = ej + 1)");
        vgen_line(v, "if (tb_rank_i[ei*TB_W +: TB_W] == tb_rank_i[ej*TB_W +: TB_W]) bad = 1'b1;");
        vgen_end(v);
        if (!pow2)
            vgen_line(v, "if (tb_rank_i[ei*TB_W +: TB_W] > LAST_TB) bad = 1'b1;");
        vgen_end(v);
    }
    if (!pow2) {
        vgen_begin(v, "for (ei = 0; ei < NUM_WARPS; ei = ei + 1)");
        vgen_line(v, "if (ready_i[ei] && warp_tb_i[ei*TB_W +: TB_W] > LAST_TB) bad = 1'b1;");
        vgen_end(v);
    }
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign err_o = bad;");
}

void emit_scheduler(struct vgen *v, const struct simt_config *cfg,
                    enum rtl_defect defect)
{
    struct scheduler_geometry g;

    scheduler_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_unused(v, &g);
    if (g.policy == SCHED_SAWS)
        emit_saws_order(v, &g);
    if (g.policy == SCHED_TLS)
        emit_tls_group(v, &g);
    if (tb_level(&g))
        emit_mwf_select(v, &g, defect);
    emit_candidates(v, &g);
    if (lrr(&g))
        emit_round_robin(v, &g);
    else
        emit_greedy(v, &g);
    vgen_section(v, "Outputs");
    if (g.policy == SCHED_TLS)
        vgen_line(v, "assign active_o      = active_q;");
    else
        vgen_line(v, "assign active_o      = {NUM_WARPS{1'b1}};   // one group: every warp");
    vgen_line(v, "assign grant_valid_o = grant_valid;");
    vgen_line(v, "assign grant_warp_o  = grant_warp;");
    emit_errors(v, &g);
    vgen_module_end(v, "simtref_scheduler");
}
