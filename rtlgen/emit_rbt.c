/*
 * emit_rbt.c -- the Verilog of the HARP Re-convergence Barriers table:
 * simtref_rbt.
 *
 * Ports and behaviour are those of the C model, golden/structures/rbt.h.  The module
 * is built from these pieces:
 *
 *   state        valid bits and the occupancy are reset registers; member
 *                and reached bits are flip-flops without reset; the rpc
 *                (the RPC bank) and the thread ids are memories, one row
 *                per set, written without reset as an SRAM and read only
 *                under the valid and member bits (see emit_state);
 *   request      the commit, through rbt_pipeline_stages - 1 register
 *                stages (HARP 7.3.2) to the table;
 *   release      the lowest complete barrier, its set and way; its rpc
 *                and thread ids through a read port of their own;
 *   lanes        per lane, a generate block reads the row of its
 *                thread's set, compares its ways (is the thread held at
 *                the pc, may the lane merge, does it arrive) and writes
 *                the row back with the way the reservation chose;
 *   sets         per set, the group of lanes mapping to it picks the
 *                way it writes: merge, else allocate, else fail;
 *   view         with SHOW_TABLE = 1 (the default, for the testbench and
 *                the proofs) every row is read out on valid_o .. tid_o;
 *                with SHOW_TABLE = 0 those outputs are zero and only the
 *                lanes' and the release's ports read the memories;
 *   next state   one combinational block, then the clocked blocks.
 *
 * What Yosys makes of the module (memories, cells, flip-flops) at the
 * presets, before and after the memories: docs/measurements.md.
 */
#include <stdio.h>
#include <string.h>

#include "rtlgen.h"
#include "rbt.h"

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct rbt_geometry *g)
{
    const struct vparam params[] = {
        { "ENTRIES", g->entries, NULL, "barriers" },
        { "WAYS",    g->ways,    NULL, "ways per set" },
        { "LANES",   g->lanes,   NULL, "lanes per warp (SIMD width)" },
        { "PC_W",    g->pc_w,    NULL, "program counter" },
        { "TW",      g->tw,      NULL, "thread id without its lane bits" },
        { "STAGES",  g->stages,  NULL, "access pipeline stages (2 or 4)" },
        { "SHOW_TABLE", 1,       NULL, "1: show the table on valid_o .. tid_o; 0: tie them to 0" },
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
        { NULL, NULL, NULL, "Occupancy" },
        { "output", "[OCC_W-1:0]",            "occupancy_o",    "valid entries" },
        { NULL, NULL, NULL, "Table view (SHOW_TABLE), zero where nothing is stored" },
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
                     "HARP sections 4.2.2, 4.2.4 and 7.3.2; C model: golden/structures/rbt.c.",
                     cfg);
    vgen_line(v, "// %u barriers in %u sets of %u ways.  A thread of lane l with thread id",
              g->entries, g->sets, g->ways);
    vgen_line(v, "// t finds its barriers in set t mod %u.  Entry index = set * %u + way.",
              g->sets, g->ways);
    if (multi) {
        vgen_line(v, "// Organisation: HARP Figure 8, one multi-ported bank whose row holds");
        vgen_line(v, "// the thread ids of every lane and way of a set; %u ports, one per lane,",
                  g->lanes);
        vgen_line(v, "// and one for the release.  The RPC bank likewise.");
    } else {
        vgen_line(v, "// Organisation: HARP Figure 9, one bank per lane (a row holds the thread");
        vgen_line(v, "// ids of that lane for every way of a set) with the lane's port and one");
        vgen_line(v, "// for the release, and the RPC bank with a port per lane.");
    }
    vgen_line(v, "// Lane l reads, compares and writes back only the row of its set.");
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
    if (multi)
        vgen_line(v, "// Memories: %lu bits, the RPC bank (%u x %u) and one bank (%u x %u).",
                  rbt_memory_bits(g), g->sets, g->ways * g->pc_w, g->sets,
                  g->lanes * g->ways * g->tw);
    else
        vgen_line(v, "// Memories: %lu bits, the RPC bank (%u x %u) and %u lane banks (%u x %u).",
                  rbt_memory_bits(g), g->sets, g->ways * g->pc_w, g->lanes, g->sets,
                  g->ways * g->tw);
    vgen_line(v, "// Flip-flops: %lu (%u entries x (valid + %u x (member + reached)) + %u request",
              rbt_state_bits(g) - rbt_memory_bits(g), g->entries, g->lanes,
              g->stages - 1);
    vgen_line(v, "// stage(s) + %u occupancy).", g->occ_w);
    vgen_blank(v);
    vgen_module_begin(v, "simtref_rbt", used, nused,
                      ports, sizeof ports / sizeof ports[0]);
}

/*
 * What stays in flip-flops and what lives in memories.  The memories are
 * Verilog arrays, one row per set, not reset (an SRAM), read only under
 * the valid and member bits:
 *
 *   rpc_mem    the RPC bank: row = the rpc of every way of the set; one
 *              read and one write port per lane (lane l reads and writes
 *              the row of its thread's set) and a read port for the
 *              release;
 *   bank       banked (HARP Fig. 9): one array per lane, row = the thread
 *              ids of every way of the set in that lane; one read and one
 *              write port (the lane's) and a read port for the release;
 *   tid_mem    multiported (Fig. 8): one array, row = every lane's thread
 *              ids of every way of the set, lane-major; lane l reads the
 *              row of its set and writes its own slice of it (per-lane
 *              write enables), plus a read port for the release.
 *
 * A row is written back whole (read, modify the written way, write), so
 * one write port per lane suffices: a row per set rather than a word per
 * entry, because a lane compares all ways of its set at once.
 *
 * valid, member and reached stay in flip-flops: the release needs every
 * entry's completion (valid, reached == member) every cycle, and an
 * allocation clears the member bits of lanes that do not take part, whose
 * ports are at other sets.  The occupancy and the request stages are
 * registers too.
 */
static void emit_state(struct vgen *v, const struct rbt_geometry *g)
{
    vgen_section(v, "State");
    vgen_line(v, "// Flip-flops: what the completion of every entry needs each cycle.");
    vgen_line(v, "// Lane-major: lane l, entry e at [l*ENTRIES+e].");
    vgen_line(v, "reg  [ENTRIES-1:0]       valid_q;   // reset");
    vgen_line(v, "reg  [OCC_W-1:0]         occ_q;     // reset: valid entries");
    vgen_line(v, "reg  [LANES*ENTRIES-1:0] member_q;  // member bits, not reset");
    vgen_line(v, "reg  [LANES*ENTRIES-1:0] reached_q; // reached bits, not reset");
    vgen_blank(v);
    vgen_line(v, "// Memories, not reset (SRAM), one row per set: way w of a row at");
    vgen_line(v, "// [w*PC_W +: PC_W] (rpc) or [w*TW +: TW] (thread id).");
    vgen_line(v, "reg  [WAYS*PC_W-1:0]     rpc_mem [0:SETS-1];   // the RPC bank");
    if (g->org == RBT_MULTIPORT) {
        vgen_line(v, "// HARP Fig. 8: one multi-ported bank; lane l's thread ids at");
        vgen_line(v, "// [l*WAYS*TW +: WAYS*TW] of the row.");
        vgen_line(v, "reg  [LANES*WAYS*TW-1:0] tid_mem [0:SETS-1];");
    } else {
        vgen_line(v, "// HARP Fig. 9: the thread ids are in one bank per lane, g_lane[l].bank.");
    }
}

/* Signals passed between the sections below. */
static void emit_wires(struct vgen *v)
{
    vgen_section(v, "Between the sections");
    vgen_line(v, "wire                        reserve = t_valid && t_div && |t_mask;");
    vgen_line(v, "wire                        arrive  = t_valid && !t_div && |t_mask;");
    vgen_line(v, "reg  [ENTRIES-1:0]          complete;      // complete: valid, every member reached");
    vgen_line(v, "wire [SETS*SET_W-1:0]       set_ids;       // set s's index at [s*SET_W +: SET_W]");
    vgen_line(v, "wire [LANES*SET_W-1:0]      lset;          // lane l's set");
    vgen_line(v, "wire [LANES-1:0]            held;          // l's thread already waits at the pc");
    vgen_line(v, "wire [LANES*WAYS-1:0]       may_merge;     // ways of l's set l may merge into");
    vgen_line(v, "wire [ENTRIES-1:0]          wsel;          // entry written by a reservation");
    vgen_line(v, "wire [ENTRIES-1:0]          asel;          // ... as a new barrier");
    vgen_line(v, "wire [ENTRIES-1:0]          rel_oh;        // the lowest complete entry");
    vgen_line(v, "reg  [SET_W-1:0]            rel_set;       // ... its set");
    vgen_line(v, "reg  [WAYS-1:0]             rel_way;       // ... its way, one-hot");
    vgen_line(v, "reg  [ENTRIES*PC_W-1:0]     rpc_v;         // the RPC bank read out (SHOW_TABLE)");
    vgen_line(v, "reg  [LANES*ENTRIES*TW-1:0] tid_v;         // the thread ids read out, lane-major");
    vgen_line(v, "genvar gl, gs;");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_set_id", "for (gs = 0; gs < SETS; gs = gs + 1)");
    vgen_line(v, "localparam [SET_W-1:0] SID = gs;");
    vgen_line(v, "assign set_ids[gs*SET_W +: SET_W] = SID;");
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_complete(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "Per entry: completion (flip-flops only)");
    if (defect == DEFECT_RBT_EARLY_RELEASE)
        vgen_line(v, "reg  [ENTRIES-1:0] miss1, miss2;   // one, two members missing");
    vgen_line(v, "integer cl;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    if (defect == DEFECT_RBT_EARLY_RELEASE) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): complete when at most one member",
                  rtl_defect_name(defect));
        vgen_line(v, "// has not reached.");
        vgen_line(v, "miss1 = {ENTRIES{1'b0}};");
        vgen_line(v, "miss2 = {ENTRIES{1'b0}};");
        vgen_begin(v, "for (cl = 0; cl < LANES; cl = cl + 1)");
        vgen_line(v, "miss2 = miss2 | (miss1 & member_q[cl*ENTRIES +: ENTRIES] & ~reached_q[cl*ENTRIES +: ENTRIES]);");
        vgen_line(v, "miss1 = miss1 | (member_q[cl*ENTRIES +: ENTRIES] & ~reached_q[cl*ENTRIES +: ENTRIES]);");
        vgen_end(v);
        vgen_line(v, "complete = valid_q & ~miss2;");
    } else {
        vgen_line(v, "complete = valid_q;");
        vgen_begin(v, "for (cl = 0; cl < LANES; cl = cl + 1)");
        vgen_line(v, "complete = complete & ~(member_q[cl*ENTRIES +: ENTRIES] ^ reached_q[cl*ENTRIES +: ENTRIES]);");
        vgen_end(v);
    }
    vgen_end(v);
}

/* The release: the lowest complete entry, its set and way. */
static void emit_release_select(struct vgen *v, const struct rbt_geometry *g)
{
    vgen_section(v, "Release: the lowest complete barrier (barrier-to-second)");
    vgen_line(v, "wire                fire = rel_ready_i && |complete; // freed at the edge");
    vgen_line(v, "wire [WAYS*PC_W-1:0] rel_rpc_row = rpc_mem[rel_set];   // release read port");
    if (g->org == RBT_MULTIPORT)
        vgen_line(v, "wire [LANES*WAYS*TW-1:0] rel_tid_row = tid_mem[rel_set];");
    vgen_line(v, "reg  [PC_W-1:0]     rel_pc;");
    vgen_line(v, "integer xs, xw;");
    vgen_blank(v);
    vgen_line(v, "assign rel_oh = complete & (~complete + %u'd1);", g->entries);
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "rel_set = {SET_W{1'b0}};");
    vgen_line(v, "rel_way = {WAYS{1'b0}};");
    vgen_begin(v, "for (xs = 0; xs < SETS; xs = xs + 1)");
    vgen_begin(v, "if (|rel_oh[xs*WAYS +: WAYS])");
    vgen_line(v, "rel_set = rel_set | set_ids[xs*SET_W +: SET_W];");
    vgen_end(v);
    vgen_line(v, "rel_way = rel_way | rel_oh[xs*WAYS +: WAYS];");
    vgen_end(v);
    vgen_line(v, "rel_pc = {PC_W{1'b0}};");
    vgen_begin(v, "for (xw = 0; xw < WAYS; xw = xw + 1)");
    vgen_begin(v, "if (rel_way[xw])");
    vgen_line(v, "rel_pc = rel_pc | rel_rpc_row[xw*PC_W +: PC_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign rel_valid_o = |complete;");
    vgen_line(v, "assign rel_pc_o    = rel_pc;");
}

/* Per lane: read the row of its thread's set, search it, write it back. */
static void emit_lanes(struct vgen *v, const struct rbt_geometry *g)
{
    int multi = g->org == RBT_MULTIPORT;

    vgen_section(v, "Per lane: the row of the set of its thread");
    vgen_generate(v);
    vgen_begin_named(v, "g_lane", "for (gl = 0; gl < LANES; gl = gl + 1)");
    vgen_line(v, "wire [TW-1:0]        lane_tid = t_tid[gl*TW +: TW];");
    vgen_line(v, "wire [SET_W-1:0]     lane_set = (SETS > 1) ? lane_tid[SET_W-1:0] : {SET_W{1'b0}};");
    if (!multi) {
        vgen_line(v, "reg  [WAYS*TW-1:0]   bank [0:SETS-1];   // HARP Fig. 9: lane gl's bank, not reset");
    }
    vgen_blank(v);
    vgen_line(v, "// Read: the set's row of the RPC bank and of the thread ids, and the");
    vgen_line(v, "// flip-flop state of its ways.");
    vgen_line(v, "wire [WAYS*PC_W-1:0] rpc_row = rpc_mem[lane_set];");
    if (multi) {
        vgen_line(v, "wire [WAYS*TW-1:0]   tid_row = tid_mem[lane_set][gl*WAYS*TW +: WAYS*TW]; // port gl");
    } else {
        vgen_line(v, "wire [WAYS*TW-1:0]   tid_row = bank[lane_set];");
    }
    vgen_line(v, "wire [WAYS-1:0]      valid_way = valid_q[lane_set*WAYS +: WAYS];");
    vgen_line(v, "wire [WAYS-1:0]      member_way = member_q[gl*ENTRIES + lane_set*WAYS +: WAYS];");
    vgen_line(v, "wire [WAYS-1:0]      reached_way = reached_q[gl*ENTRIES + lane_set*WAYS +: WAYS];");
    vgen_line(v, "wire [WAYS-1:0]      complete_way = complete[lane_set*WAYS +: WAYS];");
    vgen_line(v, "reg  [WAYS-1:0]      at_pc;   // valid, at the pc of the commit");
    vgen_line(v, "reg  [WAYS-1:0]      same;    // holds this thread id in lane gl");
    vgen_line(v, "integer lw;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_begin(v, "for (lw = 0; lw < WAYS; lw = lw + 1)");
    vgen_line(v, "at_pc[lw] = valid_way[lw] && rpc_row[lw*PC_W +: PC_W] == t_pc;");
    vgen_line(v, "same[lw]  = tid_row[lw*TW +: TW] == lane_tid;");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// Search: held at the pc, arrival, the ways the lane may merge into.");
    vgen_line(v, "wire [WAYS-1:0] mine = at_pc & member_way & same;");
    vgen_line(v, "wire [WAYS-1:0] arrive_way = (arrive && t_mask[gl]) ? mine & ~reached_way : {WAYS{1'b0}};");
    vgen_line(v, "assign lset[gl*SET_W +: SET_W] = lane_set;");
    vgen_line(v, "assign held[gl]                = |mine;");
    vgen_line(v, "assign arr_hit_o[gl]           = |arrive_way;");
    vgen_line(v, "assign may_merge[gl*WAYS +: WAYS] = at_pc & ~complete_way & (~member_way | same);");
    vgen_blank(v);
    vgen_line(v, "// Write back: the way the set's reservation writes, if this thread");
    vgen_line(v, "// joins it; the rpc too when it is a new barrier.");
    vgen_line(v, "wire [WAYS-1:0] join_way = (reserve && t_mask[gl] && !held[gl]) ? wsel[lane_set*WAYS +: WAYS]");
    vgen_line(v, "                                                          : {WAYS{1'b0}};");
    vgen_line(v, "wire [WAYS-1:0] alloc_way = join_way & asel[lane_set*WAYS +: WAYS];");
    vgen_line(v, "reg  [WAYS*TW-1:0]   tid_row_n;");
    vgen_line(v, "reg  [WAYS*PC_W-1:0] rpc_row_n;");
    vgen_line(v, "reg  [ENTRIES-1:0]   join_entry, arrive_entry; // entries this lane joins, arrives at");
    vgen_line(v, "integer nw, ns;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_begin(v, "for (nw = 0; nw < WAYS; nw = nw + 1)");
    vgen_line(v, "tid_row_n[nw*TW +: TW]     = join_way[nw] ? lane_tid   : tid_row[nw*TW +: TW];");
    vgen_line(v, "rpc_row_n[nw*PC_W +: PC_W] = alloc_way[nw] ? t_pc : rpc_row[nw*PC_W +: PC_W];");
    vgen_end(v);
    vgen_begin(v, "for (ns = 0; ns < SETS; ns = ns + 1)");
    vgen_line(v, "join_entry[ns*WAYS +: WAYS] = (lane_set == set_ids[ns*SET_W +: SET_W]) ? join_way : {WAYS{1'b0}};");
    vgen_line(v, "arrive_entry[ns*WAYS +: WAYS] = (lane_set == set_ids[ns*SET_W +: SET_W]) ? arrive_way : {WAYS{1'b0}};");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// Lane gl's member and reached bits (flip-flops, not reset: read only");
    vgen_line(v, "// under valid_q): an allocation clears them, joining sets member.");
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_line(v, "member_q[gl*ENTRIES +: ENTRIES] <= (member_q[gl*ENTRIES +: ENTRIES] & ~asel) | join_entry;");
    vgen_line(v, "reached_q[gl*ENTRIES +: ENTRIES] <= (reached_q[gl*ENTRIES +: ENTRIES] & ~asel & ~join_entry) | arrive_entry;");
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// Write ports: the RPC bank's row when the thread allocates a barrier");
    vgen_line(v, "// (lanes of one set write the same row), the thread ids when it joins.");
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_begin(v, "if (|alloc_way)");
    vgen_line(v, "rpc_mem[lane_set] <= rpc_row_n;");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_begin(v, "if (|join_way)");
    if (multi)
        vgen_line(v, "tid_mem[lane_set][gl*WAYS*TW +: WAYS*TW] <= tid_row_n; // lane gl's slice");
    else
        vgen_line(v, "bank[lane_set] <= tid_row_n;");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// Release: this lane's member bit and thread id of the released entry.");
    if (multi)
        vgen_line(v, "wire [WAYS*TW-1:0] rel_row = rel_tid_row[gl*WAYS*TW +: WAYS*TW];");
    else
        vgen_line(v, "wire [WAYS*TW-1:0] rel_row = bank[rel_set];   // release read port");
    vgen_line(v, "wire               rel_member = |(member_q[gl*ENTRIES +: ENTRIES] & rel_oh);");
    vgen_line(v, "reg  [TW-1:0]      rel_lane_tid;");
    vgen_line(v, "integer rw;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "rel_lane_tid = {TW{1'b0}};");
    vgen_begin(v, "for (rw = 0; rw < WAYS; rw = rw + 1)");
    vgen_begin(v, "if (rel_way[rw])");
    vgen_line(v, "rel_lane_tid = rel_lane_tid | rel_row[rw*TW +: TW];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign rel_mask_o[gl]         = rel_member;");
    vgen_line(v, "assign rel_tid_o[gl*TW +: TW] = rel_member ? rel_lane_tid : {TW{1'b0}};");
    if (!multi) {
        vgen_blank(v);
        vgen_line(v, "// The bank read out for the table view.");
        vgen_begin_named(v, "g_view", "if (SHOW_TABLE != 0)");
        vgen_begin_named(v, "g_row", "for (gs = 0; gs < SETS; gs = gs + 1)");
        vgen_line(v, "wire [WAYS*TW-1:0] row = bank[gs];");
        vgen_begin(v, "always @*");
        vgen_line(v, "tid_v[(gl*ENTRIES + gs*WAYS)*TW +: WAYS*TW] = row;");
        vgen_end(v);
        vgen_end(v);
        vgen_else_named(v, "g_no_view");
        vgen_begin(v, "always @*");
        vgen_line(v, "tid_v[gl*ENTRIES*TW +: ENTRIES*TW] = {(ENTRIES*TW){1'b0}};");
        vgen_end(v);
        vgen_end(v);
    }
    vgen_end(v);
    vgen_endgenerate(v);
}

/* Per set: the way the set's group writes. */
static void emit_sets(struct vgen *v, const struct rbt_geometry *g,
                      enum rtl_defect defect)
{
    vgen_section(v, "Per set: merge, else allocate, else fail");
    vgen_line(v, "// The lanes of a set read the same row: the ways the group may merge");
    vgen_line(v, "// into are those every lane of the group may merge into.");
    vgen_line(v, "wire [SETS*LANES-1:0] fail_s;    // the lanes a full set turns away");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_set", "for (gs = 0; gs < SETS; gs = gs + 1)");
    vgen_line(v, "localparam [SET_W-1:0] SID = gs;");
    vgen_line(v, "reg  [LANES-1:0] group;          // the commit's lanes in this set");
    vgen_line(v, "reg  [WAYS-1:0]  can_merge;      // ways the group may merge into");
    vgen_line(v, "integer sl;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "can_merge = {WAYS{1'b1}};");
    vgen_begin(v, "for (sl = 0; sl < LANES; sl = sl + 1)");
    vgen_line(v, "group[sl] = t_mask[sl] && lset[sl*SET_W +: SET_W] == SID;");
    vgen_begin(v, "if (group[sl])");
    vgen_line(v, "can_merge = can_merge & may_merge[sl*WAYS +: WAYS];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "wire [WAYS-1:0]  free  = ~valid_q[gs*WAYS +: WAYS];");
    vgen_line(v, "wire [LANES-1:0] fresh = group & ~held; // threads not yet waiting here");
    vgen_line(v, "wire             go    = reserve && |fresh;");
    vgen_line(v, "wire [WAYS-1:0]  merge_way = can_merge & (~can_merge + %u'd1); // lowest", g->ways);
    vgen_line(v, "wire [WAYS-1:0]  free_way = free & (~free + %u'd1);", g->ways);
    vgen_line(v, "wire             merge = go && |can_merge;");
    if (defect == DEFECT_RBT_OVERWRITE_FULL) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a full set overwrites way 0.",
                  rtl_defect_name(defect));
        vgen_line(v, "wire             alloc = go && !(|can_merge);");
        vgen_line(v, "wire             fail  = 1'b0;");
        vgen_line(v, "wire [WAYS-1:0]  way0  = %u'd1;", g->ways);
        vgen_line(v, "wire [WAYS-1:0]  set_alloc_way = !alloc ? {WAYS{1'b0}} : (|free) ? free_way : way0;");
    } else {
        vgen_line(v, "wire             alloc = go && !(|can_merge) && |free;");
        vgen_line(v, "wire             fail  = go && !(|can_merge) && !(|free);");
        vgen_line(v, "wire [WAYS-1:0]  set_alloc_way = alloc ? free_way : {WAYS{1'b0}};");
    }
    vgen_line(v, "assign wsel[gs*WAYS +: WAYS]     = merge ? merge_way : set_alloc_way;");
    vgen_line(v, "assign asel[gs*WAYS +: WAYS]     = set_alloc_way;");
    vgen_line(v, "assign fail_s[gs*LANES +: LANES] = fail ? fresh : {LANES{1'b0}};");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "reg [LANES-1:0] fail_any;");
    vgen_line(v, "integer fi;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "fail_any = {LANES{1'b0}};");
    vgen_begin(v, "for (fi = 0; fi < SETS; fi = fi + 1)");
    vgen_line(v, "fail_any = fail_any | fail_s[fi*LANES +: LANES];");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign rsv_fail_o = fail_any;");
    vgen_line(v, "assign err_o      = t_valid && !(|t_mask);");
}

static void emit_contents(struct vgen *v, const struct rbt_geometry *g)
{
    vgen_section(v, "Table view (SHOW_TABLE), zero where nothing is stored");
    vgen_line(v, "// With SHOW_TABLE = 0 no entry is shown and the memories are not read");
    vgen_line(v, "// out: only the lanes' and the release's ports read them.");
    vgen_line(v, "wire [ENTRIES-1:0]          shown = (SHOW_TABLE != 0) ? valid_q : {ENTRIES{1'b0}};");
    vgen_line(v, "reg  [ENTRIES*PC_W-1:0]     rpc_show;");
    vgen_line(v, "reg  [ENTRIES*LANES-1:0]    member_show, reached_show;");
    vgen_line(v, "reg  [ENTRIES*LANES*TW-1:0] tid_show;");
    vgen_line(v, "integer qi, ql;");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_show", "if (SHOW_TABLE != 0)");
    vgen_begin_named(v, "g_row", "for (gs = 0; gs < SETS; gs = gs + 1)");
    vgen_line(v, "wire [WAYS*PC_W-1:0] rpc_row = rpc_mem[gs];");
    if (g->org == RBT_MULTIPORT)
        vgen_line(v, "wire [LANES*WAYS*TW-1:0] tid_row = tid_mem[gs];");
    vgen_begin(v, "always @*");
    vgen_line(v, "rpc_v[gs*WAYS*PC_W +: WAYS*PC_W] = rpc_row;");
    vgen_end(v);
    if (g->org == RBT_MULTIPORT) {
        vgen_begin_named(v, "g_lane_view", "for (gl = 0; gl < LANES; gl = gl + 1)");
        vgen_begin(v, "always @*");
        vgen_line(v, "tid_v[(gl*ENTRIES + gs*WAYS)*TW +: WAYS*TW] = tid_row[gl*WAYS*TW +: WAYS*TW];");
        vgen_end(v);
        vgen_end(v);
    }
    vgen_end(v);
    vgen_else_named(v, "g_hide");
    vgen_begin(v, "always @*");
    vgen_line(v, "rpc_v = {(ENTRIES*PC_W){1'b0}};");
    if (g->org == RBT_MULTIPORT)
        vgen_line(v, "tid_v = {(LANES*ENTRIES*TW){1'b0}};");
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_begin(v, "for (qi = 0; qi < ENTRIES; qi = qi + 1)");
    vgen_line(v, "rpc_show[qi*PC_W +: PC_W] = shown[qi] ? rpc_v[qi*PC_W +: PC_W] : {PC_W{1'b0}};");
    vgen_begin(v, "for (ql = 0; ql < LANES; ql = ql + 1)");
    vgen_line(v, "member_show[qi*LANES+ql] = shown[qi] && member_q[ql*ENTRIES+qi];");
    vgen_line(v, "reached_show[qi*LANES+ql] = shown[qi] && reached_q[ql*ENTRIES+qi];");
    vgen_line(v, "tid_show[(qi*LANES+ql)*TW +: TW] = member_show[qi*LANES+ql] ? tid_v[(ql*ENTRIES+qi)*TW +: TW]");
    vgen_line(v, "                                                         : {TW{1'b0}};");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign valid_o     = shown;");
    vgen_line(v, "assign rpc_o       = rpc_show;");
    vgen_line(v, "assign member_o    = member_show;");
    vgen_line(v, "assign reached_o   = reached_show;");
    vgen_line(v, "assign tid_o       = tid_show;");
    vgen_line(v, "assign occupancy_o = occ_q;");
}

static void emit_next(struct vgen *v, const struct rbt_geometry *g)
{
    char one[96], fired[96];

    vgen_section(v, "Next state of the flip-flops");
    vgen_line(v, "// A release frees its entry; an allocation makes an entry a new");
    vgen_line(v, "// barrier (member and reached bits cleared, then the joining lanes");
    vgen_line(v, "// set as members: mem_n, rch_n in g_lane).  Occupancy: less the");
    vgen_line(v, "// release, plus one per allocating set.");
    vgen_line(v, "reg  [ENTRIES-1:0] valid_n;");
    vgen_line(v, "reg  [OCC_W-1:0]   occ_n;");
    vgen_line(v, "integer ne;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "valid_n = (valid_q & ~(fire ? rel_oh : {ENTRIES{1'b0}})) | asel;");
    vgen_line(v, "occ_n   = occ_q - %s;",
              vgen_zext(fired, sizeof fired, g->occ_w - 1, "OCC_W-1", "fire"));
    vgen_begin(v, "for (ne = 0; ne < ENTRIES; ne = ne + 1)");
    vgen_begin(v, "if (asel[ne])");
    vgen_line(v, "occ_n = occ_n + %s;",
              vgen_zext(one, sizeof one, g->occ_w - 1, "OCC_W-1", "1'b1"));
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
}

static void emit_registers(struct vgen *v)
{
    const struct vreg regs[] = {
        { "valid_q", "{ENTRIES{1'b0}}", "valid_n" },
        { "occ_q",   "{OCC_W{1'b0}}",   "occ_n" },
    };

    vgen_section(v, "Registers (member, reached bits and memories: in g_lane)");
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
}

/* The commit through STAGES-1 register stages to the table. */
static void emit_request(struct vgen *v, const struct rbt_geometry *g)
{
    /* A new commit enters the last stage; with one stage it is the stage. */
    const struct vreg shift[] = {
        { "sv_q",    "{NS{1'b0}}",           "{cmt_valid_i,    sv_q[NS-1:1]}" },
        { "sd_q",    "{NS{1'b0}}",           "{cmt_diverged_i, sd_q[NS-1:1]}" },
        { "spc_q",   "{(NS*PC_W){1'b0}}",    "{cmt_pc_i,       spc_q[NS*PC_W-1:PC_W]}" },
        { "smask_q", "{(NS*LANES){1'b0}}",   "{cmt_mask_i,     smask_q[NS*LANES-1:LANES]}" },
        { "stid_q",  "{(NS*LANES*TW){1'b0}}", "{cmt_tid_i,      stid_q[NS*LANES*TW-1:LANES*TW]}" },
    };
    const struct vreg load[] = {
        { "sv_q",    "{NS{1'b0}}",           "cmt_valid_i" },
        { "sd_q",    "{NS{1'b0}}",           "cmt_diverged_i" },
        { "spc_q",   "{(NS*PC_W){1'b0}}",    "cmt_pc_i" },
        { "smask_q", "{(NS*LANES){1'b0}}",   "cmt_mask_i" },
        { "stid_q",  "{(NS*LANES*TW){1'b0}}", "cmt_tid_i" },
    };

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
    vgen_ff(v, g->stages > 2 ? shift : load, 5, NULL);
    vgen_blank(v);
    vgen_line(v, "assign t_valid = sv_q[0];");
    vgen_line(v, "assign t_div   = sd_q[0];");
    vgen_line(v, "assign t_pc    = spc_q[PC_W-1:0];");
    vgen_line(v, "assign t_mask  = smask_q[LANES-1:0];");
    vgen_line(v, "assign t_tid   = stid_q[LANES*TW-1:0];");
}

void emit_rbt(struct vgen *v, const struct simt_config *cfg,
              enum rtl_defect defect)
{
    struct rbt_geometry g;

    rbt_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_state(v, &g);
    emit_request(v, &g);
    emit_wires(v);
    emit_complete(v, defect);
    emit_release_select(v, &g);
    emit_lanes(v, &g);
    emit_sets(v, &g, defect);
    emit_contents(v, &g);
    emit_next(v, &g);
    emit_registers(v);
    vgen_module_end(v, "simtref_rbt");
}
