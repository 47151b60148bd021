/*
 * emit_rbt.c -- the Verilog of the HARP Re-convergence Barriers table:
 * simtref_rbt.
 *
 * Ports and behaviour are those of the C model, golden/rbt.h.  The module
 * is built from these pieces:
 *
 *   state        valid bits and the occupancy are reset registers; the
 *                rpc (the RPC bank) and the per-lane fields (member,
 *                reached, thread id) are contents, written without reset
 *                as an SRAM would be and read only under a valid bit.
 *                Banked (HARP Fig. 9): one array per lane; multiported
 *                (Fig. 8): one array whose row holds every lane;
 *   request      the commit, through rbt_pipeline_stages - 1 register
 *                stages (HARP 7.3.2) to the table;
 *   lanes        per lane, a generate block searches the set of its
 *                thread: is the thread held at the pc (member, same
 *                thread id), may the lane merge into each way, does it
 *                arrive;
 *   sets         per set, the group of lanes mapping to it picks the
 *                way it writes: merge, else allocate, else fail;
 *   release      the lowest complete barrier;
 *   next state   one combinational block, then the clocked blocks.
 */
#include <stdio.h>
#include <string.h>

#include "rtlgen.h"
#include "rbt.h"

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct rbt_geom *g)
{
    const struct vparam params[] = {
        { "ENTRIES", g->entries, NULL, "barriers" },
        { "WAYS",    g->ways,    NULL, "ways per set" },
        { "LANES",   g->lanes,   NULL, "lanes per warp (SIMD width)" },
        { "PC_W",    g->pc_w,    NULL, "program counter" },
        { "TW",      g->tw,      NULL, "thread id without its lane bits" },
        { "STAGES",  g->stages,  NULL, "access pipeline stages (2 or 4)" },
        { NULL, 0, NULL, "Derived widths" },
        { "SETS",    0, "ENTRIES / WAYS", "sets: a thread's set is tid mod SETS" },
        { "SET_W",   0, "(SETS > 1) ? $clog2(SETS) : 1", "set index" },
        { "OCC_W",   0, "$clog2(ENTRIES + 1)", "occupancy: 0..ENTRIES" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                       "clk_i",          "clock" },
        { "input",  "",                       "rst_ni",         "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Commit at write-back: reserve (diverged) or arrive" },
        { "input",  "",                       "cmt_valid_i",    "a warp commits" },
        { "input",  "",                       "cmt_diverged_i", "... and diverged: reserve" },
        { "input",  "[PC_W-1:0]",             "cmt_pc_i",       "rpc (diverged), else next pc" },
        { "input",  "[LANES-1:0]",            "cmt_mask_i",     "its lanes (not empty)" },
        { "input",  "[LANES*TW-1:0]",         "cmt_tid_i",      "thread id per lane" },
        { NULL, NULL, NULL, "Results of the commit at the table (STAGES-1 cycles late)" },
        { "output", "[LANES-1:0]",            "rsv_fail_o",     "set full: no barrier (bypass)" },
        { "output", "[LANES-1:0]",            "arr_hit_o",      "reached a barrier" },
        { "output", "",                       "err_o",          "commit with an empty mask" },
        { NULL, NULL, NULL, "Release to Second-Level (barrier-to-second)" },
        { "input",  "",                       "rel_ready_i",    "the receiver takes the warp" },
        { "output", "",                       "rel_valid_o",    "a barrier is complete" },
        { "output", "[PC_W-1:0]",             "rel_pc_o",       "lowest complete: rpc" },
        { "output", "[LANES-1:0]",            "rel_mask_o",     "... members" },
        { "output", "[LANES*TW-1:0]",         "rel_tid_o",      "... threads (0 elsewhere)" },
        { NULL, NULL, NULL, "Table contents, zero where nothing is stored" },
        { "output", "[OCC_W-1:0]",            "occupancy_o",    "valid entries" },
        { "output", "[ENTRIES-1:0]",          "valid_o",        "entry holds a barrier" },
        { "output", "[ENTRIES*PC_W-1:0]",     "rpc_o",          "rpc per entry" },
        { "output", "[ENTRIES*LANES-1:0]",    "member_o",       "members per entry" },
        { "output", "[ENTRIES*LANES-1:0]",    "reached_o",      "arrived members per entry" },
        { "output", "[ENTRIES*LANES*TW-1:0]", "tid_o",          "threads per entry and lane" },
    };
    int multi = g->org == RBT_MULTIPORT;
    struct vparam used[sizeof params / sizeof params[0]];
    size_t nused = 0;

    /* STAGES only where there is a register stage to size. */
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++)
        if (!(params[i].name && strcmp(params[i].name, "STAGES") == 0 &&
              g->stages == 1))
            used[nused++] = params[i];

    emit_file_header(v, "simtref_rbt.v", "HARP Re-convergence Barriers table",
                     "HARP sections 4.2.2, 4.2.4 and 7.3.2; C model: golden/rbt.c.",
                     cfg);
    vgen_line(v, "// %u barriers in %u sets of %u ways.  A thread of lane l with thread id",
              g->entries, g->sets, g->ways);
    vgen_line(v, "// t finds its barriers in set t mod %u.  Entry index = set * %u + way.",
              g->sets, g->ways);
    if (multi) {
        vgen_line(v, "// Organisation: HARP Figure 8, one multi-ported bank whose row holds");
        vgen_line(v, "// every lane (member, reached, thread id); %u access ports, one per lane.",
                  g->lanes);
    } else {
        vgen_line(v, "// Organisation: HARP Figure 9, one single-ported bank per lane (member,");
        vgen_line(v, "// reached, thread id of that lane for every entry) and the RPC bank.");
    }
    vgen_line(v, "// A diverged commit reserves: per set, the group of lanes mapping to it");
    vgen_line(v, "// (less the threads already held at the pc) merges into the lowest way");
    vgen_line(v, "// that is valid, not complete, at the pc and holds no other thread in");
    vgen_line(v, "// the group's lanes, else allocates the lowest free way, else fails");
    vgen_line(v, "// (rsv_fail_o): a valid way is never overwritten.  A non-diverged commit");
    vgen_line(v, "// arrives: each lane whose thread is a member, not yet reached, of a");
    vgen_line(v, "// barrier at the pc is marked reached (arr_hit_o).  The lowest complete");
    vgen_line(v, "// barrier (reached == member) is shown on rel_*_o and freed at the edge");
    vgen_line(v, "// with rel_ready_i.  The commit reaches the table after %u register",
              g->stages - 1);
    vgen_line(v, "// stage(s); the release is not delayed.");
    vgen_line(v, "// Flip-flops: %lu (%u entries x (valid + %u rpc + %u x (member + reached",
              rbt_state_bits(g), g->entries, g->pc_w, g->lanes);
    vgen_line(v, "// + %u tid)) + %u request stage(s) + %u occupancy).", g->tw,
              g->stages - 1, g->occ_w);
    vgen_blank(v);
    vgen_module_begin(v, "simtref_rbt", used, nused,
                      ports, sizeof ports / sizeof ports[0]);
}

/*
 * The per-lane fields: per-lane arrays (Fig. 9) or whole rows (Fig. 8).
 * Inside the module they are kept lane-major, as the per-lane logic reads
 * them: lane l's fields of every entry side by side.  Wide vectors are
 * built by procedural loops: continuous assignments of thousands of
 * slices make simulators rebuild the whole vector per slice.
 */
static void emit_state(struct vgen *v, const struct rbt_geom *g)
{
    vgen_section(v, "State");
    vgen_line(v, "reg  [ENTRIES-1:0]          valid_q;   // reset");
    vgen_line(v, "reg  [OCC_W-1:0]            occ_q;     // reset: valid entries");
    vgen_line(v, "reg  [ENTRIES*PC_W-1:0]     rpc_q;     // RPC bank, not reset");
    vgen_blank(v);
    vgen_line(v, "// The per-lane fields, lane-major: lane l, entry e at [l*ENTRIES+e]");
    vgen_line(v, "// (member, reached) and [(l*ENTRIES+e)*TW +: TW] (thread id).");
    vgen_line(v, "reg  [LANES*ENTRIES-1:0]    mem_r, rch_r;");
    vgen_line(v, "reg  [LANES*ENTRIES*TW-1:0] tid_r;");
    vgen_line(v, "// ... and as the next state writes them.");
    vgen_line(v, "reg  [LANES*ENTRIES-1:0]    mem_n, rch_n;");
    vgen_line(v, "reg  [LANES*ENTRIES*TW-1:0] tid_n;");
    vgen_line(v, "genvar gl, gs;");
    vgen_blank(v);
    if (g->org == RBT_MULTIPORT) {
        vgen_line(v, "// HARP Fig. 8: one bank, row = LANES x {member, reached, tid}.");
        vgen_line(v, "localparam integer LANE_W = TW + 2;");
        vgen_line(v, "localparam integer ROW_W  = LANES * LANE_W;");
        vgen_line(v, "reg  [ENTRIES*ROW_W-1:0]    row_q;     // contents, not reset");
        vgen_line(v, "integer ri, rl, wi, wl;");
        vgen_blank(v);
        vgen_line(v, "always @* begin");
        vgen_indent(v);
        vgen_line(v, "for (ri = 0; ri < ENTRIES; ri = ri + 1)");
        vgen_indent(v);
        vgen_line(v, "for (rl = 0; rl < LANES; rl = rl + 1) begin");
        vgen_indent(v);
        vgen_line(v, "mem_r[rl*ENTRIES+ri] = row_q[ri*ROW_W + rl*LANE_W + TW + 1];");
        vgen_line(v, "rch_r[rl*ENTRIES+ri] = row_q[ri*ROW_W + rl*LANE_W + TW];");
        vgen_line(v, "tid_r[(rl*ENTRIES+ri)*TW +: TW] = row_q[ri*ROW_W + rl*LANE_W +: TW];");
        vgen_dedent(v);
        vgen_line(v, "end");
        vgen_dedent(v);
        vgen_dedent(v);
        vgen_line(v, "end");
        vgen_blank(v);
        vgen_line(v, "always @(posedge clk_i)");
        vgen_indent(v);
        vgen_line(v, "for (wi = 0; wi < ENTRIES; wi = wi + 1)");
        vgen_indent(v);
        vgen_line(v, "for (wl = 0; wl < LANES; wl = wl + 1)");
        vgen_line(v, "  row_q[wi*ROW_W + wl*LANE_W +: LANE_W] <= {mem_n[wl*ENTRIES+wi], rch_n[wl*ENTRIES+wi],");
        vgen_line(v, "                                            tid_n[(wl*ENTRIES+wi)*TW +: TW]};");
        vgen_dedent(v);
        vgen_dedent(v);
        return;
    }
    vgen_line(v, "// HARP Fig. 9: one single-ported bank per lane, entry e of bank l");
    vgen_line(v, "// holding member, reached and thread id of lane l.");
    for (unsigned l = 0; l < g->lanes; l++)
        vgen_line(v, "reg  [ENTRIES-1:0] mem%u_q, rch%u_q;  reg [ENTRIES*TW-1:0] tid%u_q;   // lane %u, not reset",
                  l, l, l, l);
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    for (unsigned l = 0; l < g->lanes; l++) {
        vgen_line(v, "mem_r[%u*ENTRIES +: ENTRIES] = mem%u_q;", l, l);
        vgen_line(v, "rch_r[%u*ENTRIES +: ENTRIES] = rch%u_q;", l, l);
        vgen_line(v, "tid_r[%u*ENTRIES*TW +: ENTRIES*TW] = tid%u_q;", l, l);
    }
    vgen_dedent(v);
    vgen_line(v, "end");
    for (unsigned l = 0; l < g->lanes; l++) {
        vgen_blank(v);
        vgen_line(v, "always @(posedge clk_i) begin   // bank of lane %u", l);
        vgen_indent(v);
        vgen_line(v, "mem%u_q <= mem_n[%u*ENTRIES +: ENTRIES];", l, l);
        vgen_line(v, "rch%u_q <= rch_n[%u*ENTRIES +: ENTRIES];", l, l);
        vgen_line(v, "tid%u_q <= tid_n[%u*ENTRIES*TW +: ENTRIES*TW];", l, l);
        vgen_dedent(v);
        vgen_line(v, "end");
    }
}

/* The commit through STAGES-1 register stages to the table. */
static void emit_request(struct vgen *v, const struct rbt_geom *g)
{
    vgen_section(v, "The commit at the table (HARP 7.3.2: STAGES-1 register stages)");
    vgen_line(v, "wire                t_valid, t_div;");
    vgen_line(v, "wire [PC_W-1:0]     t_pc;");
    vgen_line(v, "wire [LANES-1:0]    t_mask;");
    vgen_line(v, "wire [LANES*TW-1:0] t_tid;");
    vgen_blank(v);
    if (g->stages == 1) {
        vgen_line(v, "// One stage: the table answers in the cycle of the commit.");
        vgen_line(v, "assign t_valid = cmt_valid_i;");
        vgen_line(v, "assign t_div   = cmt_diverged_i;");
        vgen_line(v, "assign t_pc    = cmt_pc_i;");
        vgen_line(v, "assign t_mask  = cmt_mask_i;");
        vgen_line(v, "assign t_tid   = cmt_tid_i;");
        return;
    }
    vgen_line(v, "// Stage 0 reaches the table; a new commit enters stage STAGES-2.");
    vgen_line(v, "localparam integer NS = STAGES - 1;");
    vgen_line(v, "reg  [NS-1:0]          sv_q, sd_q;");
    vgen_line(v, "reg  [NS*PC_W-1:0]     spc_q;");
    vgen_line(v, "reg  [NS*LANES-1:0]    smask_q;");
    vgen_line(v, "reg  [NS*LANES*TW-1:0] stid_q;");
    vgen_blank(v);
    vgen_line(v, "always @(posedge clk_i or negedge rst_ni) begin");
    vgen_indent(v);
    vgen_line(v, "if (!rst_ni) begin");
    vgen_indent(v);
    vgen_line(v, "sv_q    <= {NS{1'b0}};");
    vgen_line(v, "sd_q    <= {NS{1'b0}};");
    vgen_line(v, "spc_q   <= {(NS*PC_W){1'b0}};");
    vgen_line(v, "smask_q <= {(NS*LANES){1'b0}};");
    vgen_line(v, "stid_q  <= {(NS*LANES*TW){1'b0}};");
    vgen_dedent(v);
    vgen_line(v, "end else begin");
    vgen_indent(v);
    if (g->stages > 2) {
        vgen_line(v, "sv_q    <= {cmt_valid_i,    sv_q[NS-1:1]};");
        vgen_line(v, "sd_q    <= {cmt_diverged_i, sd_q[NS-1:1]};");
        vgen_line(v, "spc_q   <= {cmt_pc_i,       spc_q[NS*PC_W-1:PC_W]};");
        vgen_line(v, "smask_q <= {cmt_mask_i,     smask_q[NS*LANES-1:LANES]};");
        vgen_line(v, "stid_q  <= {cmt_tid_i,      stid_q[NS*LANES*TW-1:LANES*TW]};");
    } else {
        vgen_line(v, "sv_q    <= cmt_valid_i;");
        vgen_line(v, "sd_q    <= cmt_diverged_i;");
        vgen_line(v, "spc_q   <= cmt_pc_i;");
        vgen_line(v, "smask_q <= cmt_mask_i;");
        vgen_line(v, "stid_q  <= cmt_tid_i;");
    }
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "assign t_valid = sv_q[0];");
    vgen_line(v, "assign t_div   = sd_q[0];");
    vgen_line(v, "assign t_pc    = spc_q[PC_W-1:0];");
    vgen_line(v, "assign t_mask  = smask_q[LANES-1:0];");
    vgen_line(v, "assign t_tid   = stid_q[LANES*TW-1:0];");
}

static void emit_entries(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "Per entry: the rpc match (RPC bank) and completion");
    vgen_line(v, "wire               reserve = t_valid && t_div && |t_mask;");
    vgen_line(v, "wire               arrive  = t_valid && !t_div && |t_mask;");
    vgen_line(v, "reg  [ENTRIES-1:0] rpcm;   // valid, at the pc of the commit");
    vgen_line(v, "reg  [ENTRIES-1:0] cpl;    // complete: every member reached");
    if (defect == DEFECT_RBT_EARLY_RELEASE)
        vgen_line(v, "reg  [ENTRIES-1:0] miss1, miss2;   // one, two members missing");
    vgen_line(v, "integer ci, cl;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    vgen_line(v, "for (ci = 0; ci < ENTRIES; ci = ci + 1)");
    vgen_line(v, "  rpcm[ci] = valid_q[ci] && rpc_q[ci*PC_W +: PC_W] == t_pc;");
    if (defect == DEFECT_RBT_EARLY_RELEASE) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): complete when at most one member",
                  rtl_defect_name(defect));
        vgen_line(v, "// has not reached.");
        vgen_line(v, "miss1 = {ENTRIES{1'b0}};");
        vgen_line(v, "miss2 = {ENTRIES{1'b0}};");
        vgen_line(v, "for (cl = 0; cl < LANES; cl = cl + 1) begin");
        vgen_line(v, "  miss2 = miss2 | (miss1 & mem_r[cl*ENTRIES +: ENTRIES] & ~rch_r[cl*ENTRIES +: ENTRIES]);");
        vgen_line(v, "  miss1 = miss1 | (mem_r[cl*ENTRIES +: ENTRIES] & ~rch_r[cl*ENTRIES +: ENTRIES]);");
        vgen_line(v, "end");
        vgen_line(v, "cpl = valid_q & ~miss2;");
    } else {
        vgen_line(v, "cpl = valid_q;");
        vgen_line(v, "for (cl = 0; cl < LANES; cl = cl + 1)");
        vgen_line(v, "  cpl = cpl & ~(mem_r[cl*ENTRIES +: ENTRIES] ^ rch_r[cl*ENTRIES +: ENTRIES]);");
    }
    vgen_dedent(v);
    vgen_line(v, "end");
}

/* Per lane: the search of its thread's set. */
static void emit_lanes(struct vgen *v)
{
    vgen_section(v, "Per lane: the search of the set of its thread");
    vgen_line(v, "// [l*ENTRIES+e]: entry e seen from lane l (only entries of l's set).");
    vgen_line(v, "reg  [LANES*ENTRIES-1:0] ok_w;     // no member in l, or the same thread");
    vgen_line(v, "reg  [LANES*ENTRIES-1:0] held_w;   // holds l's thread at the pc");
    vgen_line(v, "reg  [LANES*ENTRIES-1:0] hit_w;    // l's thread arrives here");
    vgen_line(v, "wire [LANES-1:0]         held;     // l's thread already waits at the pc");
    vgen_line(v, "wire [LANES*SET_W-1:0]   lset;     // l's set");
    vgen_line(v, "wire [SETS*SET_W-1:0]    set_ids;  // set s's index at [s*SET_W +: SET_W]");
    vgen_blank(v);
    vgen_line(v, "generate");
    vgen_indent(v);
    vgen_line(v, "for (gs = 0; gs < SETS; gs = gs + 1) begin : g_set_id");
    vgen_line(v, "  localparam [SET_W-1:0] SID = gs;");
    vgen_line(v, "  assign set_ids[gs*SET_W +: SET_W] = SID;");
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "for (gl = 0; gl < LANES; gl = gl + 1) begin : g_lane");
    vgen_indent(v);
    vgen_line(v, "wire [TW-1:0]      tl = t_tid[gl*TW +: TW];");
    vgen_line(v, "wire [SET_W-1:0]   sl = (SETS > 1) ? tl[SET_W-1:0] : {SET_W{1'b0}};");
    vgen_line(v, "reg  [ENTRIES-1:0] same;    // the entry holds this thread id in lane gl");
    vgen_line(v, "reg  [ENTRIES-1:0] in_set;  // the entry is in the thread's set");
    vgen_line(v, "integer le, ls;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    vgen_line(v, "for (le = 0; le < ENTRIES; le = le + 1)");
    vgen_line(v, "  same[le] = tid_r[(gl*ENTRIES+le)*TW +: TW] == tl;");
    vgen_line(v, "for (ls = 0; ls < SETS; ls = ls + 1)");
    vgen_line(v, "  in_set[ls*WAYS +: WAYS] = {WAYS{sl == set_ids[ls*SET_W +: SET_W]}};");
    vgen_line(v, "ok_w[gl*ENTRIES +: ENTRIES]   = ~mem_r[gl*ENTRIES +: ENTRIES] | same;");
    vgen_line(v, "held_w[gl*ENTRIES +: ENTRIES] = in_set & rpcm & mem_r[gl*ENTRIES +: ENTRIES] & same;");
    vgen_line(v, "hit_w[gl*ENTRIES +: ENTRIES]  = (arrive && t_mask[gl])");
    vgen_line(v, "                                ? in_set & rpcm & mem_r[gl*ENTRIES +: ENTRIES] & same &");
    vgen_line(v, "                                  ~rch_r[gl*ENTRIES +: ENTRIES]");
    vgen_line(v, "                                : {ENTRIES{1'b0}};");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "assign lset[gl*SET_W +: SET_W] = sl;");
    vgen_line(v, "assign held[gl]      = |held_w[gl*ENTRIES +: ENTRIES];");
    vgen_line(v, "assign arr_hit_o[gl] = |hit_w[gl*ENTRIES +: ENTRIES];");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "endgenerate");
}

/* Per set: the way the set's group writes. */
static void emit_sets(struct vgen *v, const struct rbt_geom *g,
                      enum rtl_defect defect)
{
    vgen_section(v, "Per set: merge, else allocate, else fail");
    vgen_line(v, "wire [ENTRIES-1:0]    wsel;      // entry written by a reservation");
    vgen_line(v, "wire [ENTRIES-1:0]    asel;      // ... as a new barrier");
    vgen_line(v, "wire [SETS*LANES-1:0] join_s;    // the lanes a set's entry takes");
    vgen_line(v, "wire [SETS*LANES-1:0] fail_s;    // the lanes a full set turns away");
    vgen_blank(v);
    vgen_line(v, "generate");
    vgen_indent(v);
    vgen_line(v, "for (gs = 0; gs < SETS; gs = gs + 1) begin : g_set");
    vgen_indent(v);
    vgen_line(v, "localparam [SET_W-1:0] SID = gs;");
    vgen_line(v, "reg  [LANES-1:0] grp;            // the commit's lanes in this set");
    vgen_line(v, "reg  [WAYS-1:0]  cand;           // ways the group may merge into");
    vgen_line(v, "reg  [WAYS-1:0]  free;");
    vgen_line(v, "integer sl;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    vgen_line(v, "free = ~valid_q[gs*WAYS +: WAYS];");
    vgen_line(v, "cand = rpcm[gs*WAYS +: WAYS] & ~cpl[gs*WAYS +: WAYS];");
    vgen_line(v, "for (sl = 0; sl < LANES; sl = sl + 1) begin");
    vgen_indent(v);
    vgen_line(v, "grp[sl] = t_mask[sl] && lset[sl*SET_W +: SET_W] == SID;");
    vgen_line(v, "if (grp[sl])");
    vgen_line(v, "  cand = cand & ok_w[sl*ENTRIES + gs*WAYS +: WAYS];");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "wire [LANES-1:0] fresh = grp & ~held;   // threads not yet waiting here");
    vgen_line(v, "wire             go    = reserve && |fresh;");
    vgen_line(v, "wire [WAYS-1:0]  msel  = cand & (~cand + %u'd1);   // lowest", g->ways);
    vgen_line(v, "wire [WAYS-1:0]  fsel  = free & (~free + %u'd1);", g->ways);
    vgen_line(v, "wire             merge = go && |cand;");
    if (defect == DEFECT_RBT_OVERWRITE_FULL) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a full set overwrites way 0.",
                  rtl_defect_name(defect));
        vgen_line(v, "wire             alloc = go && !(|cand);");
        vgen_line(v, "wire             fail  = 1'b0;");
        vgen_line(v, "wire [WAYS-1:0]  way0  = %u'd1;", g->ways);
        vgen_line(v, "wire [WAYS-1:0]  asl   = !alloc ? {WAYS{1'b0}} : (|free) ? fsel : way0;");
    } else {
        vgen_line(v, "wire             alloc = go && !(|cand) && |free;");
        vgen_line(v, "wire             fail  = go && !(|cand) && !(|free);");
        vgen_line(v, "wire [WAYS-1:0]  asl   = alloc ? fsel : {WAYS{1'b0}};");
    }
    vgen_line(v, "assign wsel[gs*WAYS +: WAYS]    = merge ? msel : asl;");
    vgen_line(v, "assign asel[gs*WAYS +: WAYS]    = asl;");
    vgen_line(v, "assign join_s[gs*LANES +: LANES] = fresh;");
    vgen_line(v, "assign fail_s[gs*LANES +: LANES] = fail ? fresh : {LANES{1'b0}};");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "endgenerate");
    vgen_blank(v);
    vgen_line(v, "reg [LANES-1:0] fail_any;");
    vgen_line(v, "integer fi;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    vgen_line(v, "fail_any = {LANES{1'b0}};");
    vgen_line(v, "for (fi = 0; fi < SETS; fi = fi + 1)");
    vgen_line(v, "  fail_any = fail_any | fail_s[fi*LANES +: LANES];");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "assign rsv_fail_o = fail_any;");
    vgen_line(v, "assign err_o      = t_valid && !(|t_mask);");
}

static void emit_contents_release(struct vgen *v, const struct rbt_geom *g)
{
    vgen_section(v, "Table contents, zero where nothing is stored");
    vgen_line(v, "reg  [ENTRIES*PC_W-1:0]     rpc_show;");
    vgen_line(v, "reg  [ENTRIES*LANES-1:0]    mem_show, rch_show;");
    vgen_line(v, "reg  [ENTRIES*LANES*TW-1:0] tid_show;");
    vgen_line(v, "integer qi, ql;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    vgen_line(v, "for (qi = 0; qi < ENTRIES; qi = qi + 1) begin");
    vgen_indent(v);
    vgen_line(v, "rpc_show[qi*PC_W +: PC_W]    = valid_q[qi] ? rpc_q[qi*PC_W +: PC_W] : {PC_W{1'b0}};");
    vgen_line(v, "for (ql = 0; ql < LANES; ql = ql + 1) begin");
    vgen_indent(v);
    vgen_line(v, "mem_show[qi*LANES+ql] = valid_q[qi] && mem_r[ql*ENTRIES+qi];");
    vgen_line(v, "rch_show[qi*LANES+ql] = valid_q[qi] && rch_r[ql*ENTRIES+qi];");
    vgen_line(v, "tid_show[(qi*LANES+ql)*TW +: TW] = mem_show[qi*LANES+ql] ? tid_r[(ql*ENTRIES+qi)*TW +: TW]");
    vgen_line(v, "                                                         : {TW{1'b0}};");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "assign valid_o     = valid_q;");
    vgen_line(v, "assign rpc_o       = rpc_show;");
    vgen_line(v, "assign member_o    = mem_show;");
    vgen_line(v, "assign reached_o   = rch_show;");
    vgen_line(v, "assign tid_o       = tid_show;");
    vgen_line(v, "assign occupancy_o = occ_q;");

    vgen_section(v, "Release: the lowest complete barrier (barrier-to-second)");
    vgen_line(v, "wire [ENTRIES-1:0]  rel_oh = cpl & (~cpl + %u'd1);", g->entries);
    vgen_line(v, "wire                fire   = rel_ready_i && |cpl;   // freed at the edge");
    vgen_line(v, "reg  [PC_W-1:0]     rel_pc;");
    vgen_line(v, "reg  [LANES-1:0]    rel_mask;");
    vgen_line(v, "reg  [LANES*TW-1:0] rel_tid;");
    vgen_line(v, "integer xi;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    vgen_line(v, "rel_pc   = {PC_W{1'b0}};");
    vgen_line(v, "rel_mask = {LANES{1'b0}};");
    vgen_line(v, "rel_tid  = {(LANES*TW){1'b0}};");
    vgen_line(v, "for (xi = 0; xi < ENTRIES; xi = xi + 1)");
    vgen_indent(v);
    vgen_line(v, "if (rel_oh[xi]) begin");
    vgen_indent(v);
    vgen_line(v, "rel_pc   = rel_pc   | rpc_show[xi*PC_W +: PC_W];");
    vgen_line(v, "rel_mask = rel_mask | mem_show[xi*LANES +: LANES];");
    vgen_line(v, "rel_tid  = rel_tid  | tid_show[xi*LANES*TW +: LANES*TW];");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "assign rel_valid_o = |cpl;");
    vgen_line(v, "assign rel_pc_o    = rel_pc;");
    vgen_line(v, "assign rel_mask_o  = rel_mask;");
    vgen_line(v, "assign rel_tid_o   = rel_tid;");
}

static void emit_next(struct vgen *v, const struct rbt_geom *g)
{
    char one[96], fired[96];

    vgen_section(v, "Next state");
    vgen_line(v, "// Per entry: a release frees it; an allocation makes it a new barrier");
    vgen_line(v, "// at the pc; the lanes joining it become members, not reached, with");
    vgen_line(v, "// their thread ids; arriving lanes are marked reached.  Occupancy:");
    vgen_line(v, "// less the release, plus one per allocating set.");
    vgen_line(v, "reg  [ENTRIES-1:0]      valid_n;");
    vgen_line(v, "reg  [ENTRIES*PC_W-1:0] rpc_n;");
    vgen_line(v, "reg  [OCC_W-1:0]        occ_n;");
    vgen_line(v, "reg  [ENTRIES-1:0]      jv;       // entries lane nl joins");
    vgen_line(v, "integer ne, nl, ns;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_indent(v);
    vgen_line(v, "valid_n = (valid_q & ~(fire ? rel_oh : {ENTRIES{1'b0}})) | asel;");
    vgen_line(v, "rpc_n   = rpc_q;");
    vgen_line(v, "occ_n   = occ_q - %s;",
              vgen_zext(fired, sizeof fired, g->occ_w - 1, "OCC_W-1", "fire"));
    vgen_line(v, "for (ne = 0; ne < ENTRIES; ne = ne + 1)");
    vgen_indent(v);
    vgen_line(v, "if (asel[ne]) begin");
    vgen_indent(v);
    vgen_line(v, "rpc_n[ne*PC_W +: PC_W] = t_pc;");
    vgen_line(v, "occ_n = occ_n + %s;",
              vgen_zext(one, sizeof one, g->occ_w - 1, "OCC_W-1", "1'b1"));
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "tid_n = tid_r;");
    vgen_line(v, "for (nl = 0; nl < LANES; nl = nl + 1) begin");
    vgen_indent(v);
    vgen_line(v, "for (ns = 0; ns < SETS; ns = ns + 1)");
    vgen_line(v, "  jv[ns*WAYS +: WAYS] = join_s[ns*LANES+nl] ? wsel[ns*WAYS +: WAYS] : {WAYS{1'b0}};");
    vgen_line(v, "mem_n[nl*ENTRIES +: ENTRIES] = (mem_r[nl*ENTRIES +: ENTRIES] & ~asel) | jv;");
    vgen_line(v, "rch_n[nl*ENTRIES +: ENTRIES] = (rch_r[nl*ENTRIES +: ENTRIES] & ~asel & ~jv)");
    vgen_line(v, "                               | hit_w[nl*ENTRIES +: ENTRIES];");
    vgen_line(v, "for (ne = 0; ne < ENTRIES; ne = ne + 1)");
    vgen_line(v, "  if (jv[ne])");
    vgen_line(v, "    tid_n[(nl*ENTRIES+ne)*TW +: TW] = t_tid[nl*TW +: TW];");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
}

static void emit_registers(struct vgen *v)
{
    vgen_section(v, "Registers");
    vgen_line(v, "always @(posedge clk_i or negedge rst_ni) begin");
    vgen_indent(v);
    vgen_line(v, "if (!rst_ni) begin");
    vgen_indent(v);
    vgen_line(v, "valid_q <= {ENTRIES{1'b0}};");
    vgen_line(v, "occ_q   <= {OCC_W{1'b0}};");
    vgen_dedent(v);
    vgen_line(v, "end else begin");
    vgen_indent(v);
    vgen_line(v, "valid_q <= valid_n;");
    vgen_line(v, "occ_q   <= occ_n;");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "// The RPC bank: written without reset, as an SRAM.");
    vgen_line(v, "always @(posedge clk_i)");
    vgen_line(v, "  rpc_q <= rpc_n;");
}

void emit_rbt(struct vgen *v, const struct simt_config *cfg,
              enum rtl_defect defect)
{
    struct rbt_geom g;

    rbt_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_state(v, &g);
    emit_request(v, &g);
    emit_entries(v, defect);
    emit_lanes(v);
    emit_sets(v, &g, defect);
    emit_contents_release(v, &g);
    emit_next(v, &g);
    emit_registers(v);
    vgen_module_end(v, "simtref_rbt");
}
