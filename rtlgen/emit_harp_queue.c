/*
 * emit_harp_queue.c -- the Verilog of the HARP stage's queue of warps
 * with a write port per source (simtref_harp_queue).
 *
 * Ports and behaviour are those of the C model,
 * golden/structures/harp_queue.h.  The module is a circular buffer: a
 * head pointer and a count (one register group), and a memory of warps
 * written on the edge by every valid port at once, port p's warp at
 * tail + the number of valid ports before p (a prefix count), so the
 * warps enter in port order.  Its defaults are the sizes of the stage's
 * entering queue; the queue of exited threads' arrivals is the same
 * module with other DEPTH and NUM_WR.
 */
#include "rtlgen.h"
#include "harp_queue.h"

/* The entering queue's write ports, one comment line per source. */
static void emit_sources(struct vgen *v, const struct harp_queue_geometry *g)
{
    static const char *const what[HARP_ENTER_SOURCES] = {
        [HARP_ENTER_READY_BYPASS] = "the Ready-Lookup's insert ports' groups it could not hold",
        [HARP_ENTER_WAIT_DONE] = "the Waiting-Lookup's completed warp Second-Level did not take",
        [HARP_ENTER_WAIT_BYPASS] = "a warp the full Waiting-Lookup could not take",
        [HARP_ENTER_PEND] = "a group at its RPC: the threads the barrier did not take",
        [HARP_ENTER_EXTRA] = "a divergence's groups beyond the two insert ports and the RPC's",
        [HARP_ENTER_LAUNCH] = "a launched warp",
        [HARP_ENTER_RELEASE] = "a released TB barrier: a warp per PC of each launch warp",
    };

    vgen_line(v, "// The entering queue's write ports (NUM_WR), in the order their");
    vgen_line(v, "// warps are written on one edge, each source's ports and count:");
    for (unsigned s = 0; s < HARP_ENTER_SOURCES; s++) {
        unsigned n, first = harp_queue_enter_port(g, (enum harp_queue_source)s, &n);
        if (n)
            vgen_line(v, "//   %4u .. %4u  %s", first, first + n - 1, what[s]);
        else
            vgen_line(v, "//   (none)        %s", what[s]);
    }
    vgen_line(v, "// NUM_WR = 2 + 1 + 1 + 1 + (LANES - 2) + 1 + NUM_WARPS x LANES = %u.",
              g->ports);
    vgen_line(v, "// The queue of exited threads' arrivals at the RBT barriers is this");
    vgen_line(v, "// module with a port per RBT entry and DEPTH = NUM_WARPS x LANES x");
    vgen_line(v, "// rbt_entries + 1.");
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct harp_queue_geometry *g)
{
    const struct vparam params[] = {
        { "DEPTH",     g->entries, NULL, "warps held: NUM_WARPS x LANES + 4" },
        { "NUM_WARPS", g->warps,   NULL, "launch warps of the scheduler" },
        { "LANES",     g->lanes,   NULL, "lanes of a warp" },
        { "NUM_WR",    0, "2 + 1 + 1 + 1 + (LANES > 2 ? LANES - 2 : 0) + 1 + NUM_WARPS * LANES",
          "write ports: one per source (above)" },
        { "PC_W",      g->pc_w, NULL, "a PC: an instruction index" },
        { "TID_W",     g->tw,   NULL, "a lane's launch warp" },
        { NULL, 0, NULL, "Derived widths" },
        { "PTR_W",     0, "$clog2(DEPTH)",          "an entry's index" },
        { "CNT_W",     0, "$clog2(DEPTH + 1)",      "a count of 0..DEPTH" },
        { "WR_W",      0, "$clog2(NUM_WR + 1)",     "a count of 0..NUM_WR" },
        { "SUM_W",     0, "CNT_W + WR_W",           "a count plus writes" },
        { "ROW_W",     0, "PC_W + LANES + LANES * TID_W", "a warp: PC, mask, thread ids" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                         "clk_i",      "clock" },
        { "input",  "",                         "rst_ni",     "asynchronous reset, active low" },
        { NULL, NULL, NULL, "The head leaves on this edge (before the writes)" },
        { "input",  "",                         "pop_i",      "Second-Level (or the RBT) takes it" },
        { NULL, NULL, NULL, "Write ports, all written on this edge in port order" },
        { "input",  "[NUM_WR-1:0]",             "wr_valid_i", "port p pushes a warp" },
        { "input",  "[NUM_WR*PC_W-1:0]",        "wr_pc_i",    "... at this PC" },
        { "input",  "[NUM_WR*LANES-1:0]",       "wr_mask_i",  "... with these lanes" },
        { "input",  "[NUM_WR*LANES*TID_W-1:0]", "wr_tid_i",   "... each lane's launch warp" },
        { NULL, NULL, NULL, "The oldest warp" },
        { "output", "",                         "head_valid_o", "the queue holds a warp" },
        { "output", "[PC_W-1:0]",               "head_pc_o",  "its PC (0 when none)" },
        { "output", "[LANES-1:0]",              "head_mask_o", "its lanes (0 when none)" },
        { "output", "[LANES*TID_W-1:0]",        "head_tid_o", "its launch warps (0 outside the mask)" },
        { "output", "[CNT_W-1:0]",              "count_o",    "warps held" },
        { NULL, NULL, NULL, "Errors" },
        { "output", "",                         "err_o",      "a pop of the empty queue, or writes beyond the room" },
    };

    emit_file_header(v, "simtref_harp_queue.v",
                     "the HARP stage's queue of warps, a write port per source",
                     "HARP 4.2 (warps entering Second-Level); C model: golden/structures/harp_queue.c.",
                     cfg);
    vgen_line(v, "// A circular buffer of warps.  On an edge the head leaves when pop_i");
    vgen_line(v, "// (and the queue is not empty), then every valid write port's warp is");
    vgen_line(v, "// written at tail + the number of valid ports before it: the warps");
    vgen_line(v, "// enter in port order, all in one edge.  Warps beyond the room left are");
    vgen_line(v, "// dropped, and err_o tells.");
    emit_sources(v, g);
    vgen_line(v, "// Storage: %u warps x %u bits, a head pointer and a count = %lu bits.",
              g->entries, g->pc_w + g->lanes + g->lanes * g->tw,
              harp_queue_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_harp_queue", params,
                      sizeof params / sizeof params[0], ports,
                      sizeof ports / sizeof ports[0]);
}

static void emit_pointers(struct vgen *v)
{
    vgen_section(v, "Head pointer and count");
    vgen_line(v, "localparam integer     LAST_I  = DEPTH - 1;");
    vgen_line(v, "localparam [SUM_W-1:0] DEPTH_S = DEPTH[SUM_W-1:0];   // DEPTH, sized");
    vgen_line(v, "localparam [PTR_W-1:0] LAST    = LAST_I[PTR_W-1:0];  // the last entry");
    vgen_blank(v);
    vgen_line(v, "reg  [PTR_W-1:0] head_q;     // the oldest warp's entry");
    vgen_line(v, "reg  [CNT_W-1:0] cnt_q;      // warps held");
    vgen_line(v, "reg  [PTR_W-1:0] head_d;");
    vgen_line(v, "reg  [CNT_W-1:0] cnt_d;");
    vgen_line(v, "wire             popped;     // the head leaves");
    vgen_line(v, "wire [SUM_W-1:0] left;       // warps that stay");
    vgen_line(v, "wire [SUM_W-1:0] tail;       // the entry after the youngest");
    vgen_blank(v);
    vgen_line(v, "assign popped = pop_i && cnt_q != {CNT_W{1'b0}};");
    vgen_line(v, "assign left   = {{WR_W{1'b0}}, cnt_q} - {{(SUM_W-1){1'b0}}, popped};");
    vgen_line(v, "assign tail   = {{(SUM_W-PTR_W){1'b0}}, head_q} + {{WR_W{1'b0}}, cnt_q} >= DEPTH_S");
    vgen_line(v, "              ? {{(SUM_W-PTR_W){1'b0}}, head_q} + {{WR_W{1'b0}}, cnt_q} - DEPTH_S");
    vgen_line(v, "              : {{(SUM_W-PTR_W){1'b0}}, head_q} + {{WR_W{1'b0}}, cnt_q};");
}

static void emit_writes(struct vgen *v, enum rtl_defect defect)
{
    bool at_port = defect == DEFECT_HARP_QUEUE_WRITE_AT_PORT;
    const struct vreg regs[] = {
        { "head_q", "{PTR_W{1'b0}}", "head_d" },
        { "cnt_q",  "{CNT_W{1'b0}}", "cnt_d" },
    };

    vgen_section(v, "Write ports: each valid port at tail + the valid ports before it");
    vgen_line(v, "reg  [ROW_W-1:0]        mem_q [0:DEPTH-1];  // the warps");
    vgen_line(v, "reg  [NUM_WR*PTR_W-1:0] slot;      // port p's entry ...");
    vgen_line(v, "reg  [NUM_WR-1:0]       fits;      // ... and whether there is room");
    vgen_line(v, "reg  [SUM_W-1:0]        n_before;  // valid ports before p");
    vgen_line(v, "reg  [SUM_W-1:0]        at;");
    vgen_line(v, "reg  [SUM_W-1:0]        written;   // warps written");
    vgen_line(v, "integer p;");
    vgen_line(v, "genvar gp;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "at       = {SUM_W{1'b0}};");
    vgen_line(v, "n_before = {SUM_W{1'b0}};");
    vgen_line(v, "written  = {SUM_W{1'b0}};");
    vgen_line(v, "fits     = {NUM_WR{1'b0}};");
    vgen_begin(v, "for (p = 0; p < NUM_WR; p = p + 1)");
    if (at_port) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): port p writes at tail + p,",
                  rtl_defect_name(defect));
        vgen_line(v, "// not at tail + the valid ports before it.");
        vgen_line(v, "at = tail + p[SUM_W-1:0];");
        vgen_line(v, "fits[p] = wr_valid_i[p] && left + p[SUM_W-1:0] < DEPTH_S;");
    } else {
        vgen_line(v, "at = tail + n_before;");
        vgen_line(v, "fits[p] = wr_valid_i[p] && left + n_before < DEPTH_S;");
    }
    vgen_line(v, "at = at >= DEPTH_S ? at - DEPTH_S : at;");
    vgen_line(v, "slot[p*PTR_W +: PTR_W] = at[PTR_W-1:0];");
    vgen_line(v, "n_before = n_before + {{(SUM_W-1){1'b0}}, wr_valid_i[p]};");
    vgen_line(v, "written = written + {{(SUM_W-1){1'b0}}, fits[p]};");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// The warps: no reset (an entry is read only while it holds one);");
    vgen_line(v, "// a write port each, the entries written on an edge all distinct.");
    vgen_generate(v);
    vgen_begin_named(v, "g_wr", "for (gp = 0; gp < NUM_WR; gp = gp + 1)");
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_begin(v, "if (fits[gp])");
    vgen_line(v, "mem_q[slot[gp*PTR_W +: PTR_W]] <= {wr_tid_i[gp*LANES*TID_W +: LANES*TID_W],");
    vgen_line(v, "                                   wr_mask_i[gp*LANES +: LANES],");
    vgen_line(v, "                                   wr_pc_i[gp*PC_W +: PC_W]};");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "head_d = head_q;");
    vgen_begin(v, "if (popped)");
    vgen_line(v, "head_d = head_q == LAST ? {PTR_W{1'b0}} : head_q + {{(PTR_W-1){1'b0}}, 1'b1};");
    vgen_end(v);
    vgen_line(v, "cnt_d = left[CNT_W-1:0] + written[CNT_W-1:0];");
    vgen_end(v);
    vgen_blank(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
    vgen_blank(v);
    vgen_line(v, "assign err_o = (pop_i && cnt_q == {CNT_W{1'b0}})");
    vgen_line(v, "               || n_before > DEPTH_S - left;");
}

static void emit_head(struct vgen *v)
{
    vgen_section(v, "The oldest warp");
    vgen_line(v, "wire [ROW_W-1:0] row;");
    vgen_line(v, "genvar gl;");
    vgen_blank(v);
    vgen_line(v, "assign head_valid_o = cnt_q != {CNT_W{1'b0}};");
    vgen_line(v, "assign row          = head_valid_o ? mem_q[head_q] : {ROW_W{1'b0}};");
    vgen_line(v, "assign head_pc_o    = row[PC_W-1:0];");
    vgen_line(v, "assign head_mask_o  = row[PC_W +: LANES];");
    vgen_line(v, "assign count_o      = cnt_q;");
    vgen_generate(v);
    vgen_begin_named(v, "g_tid", "for (gl = 0; gl < LANES; gl = gl + 1)");
    vgen_line(v, "assign head_tid_o[gl*TID_W +: TID_W] = head_mask_o[gl]");
    vgen_line(v, "    ? row[PC_W + LANES + gl*TID_W +: TID_W] : {TID_W{1'b0}};");
    vgen_end(v);
    vgen_endgenerate(v);
}

void emit_harp_queue(struct vgen *v, const struct simt_config *cfg,
                     enum rtl_defect defect)
{
    struct harp_queue_geometry g;

    harp_queue_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_pointers(v);
    emit_writes(v, defect);
    emit_head(v);
    vgen_module_end(v, "simtref_harp_queue");
}
