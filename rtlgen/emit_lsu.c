/*
 * emit_lsu.c -- the Verilog of the SM's load/store unit (simtref_lsu):
 * the coalescer, the in-flight table and the MSHRs' waiting lists.
 *
 * Ports and behaviour are those of the C model, golden/structures/lsu.h.
 * The coalescer finds the line of each pass with the unified arbiter in
 * memory mode: an instance of simtref_arbiter (rtlgen/emit_arbiter.c), as
 * the model calls arbiter_eval().  The L1's tags and MSHRs and the shared
 * memory's banks are separate parts: the module drives their ports (the
 * model's lsu_out.l1 and lsu_out.smem) and takes their answers as inputs,
 * where the model asks its own copies.  Where the model keeps an absolute
 * cycle (an entry's `ready`), the module keeps what hardware keeps, a
 * count down to the data's return; docs/architecture.md says where the
 * two agree.
 */
#include "rtlgen.h"
#include "arbiter.h"
#include "bits.h"
#include "lsu.h"

/* Widths the emitter needs in C as well as in the parameters. */
struct lsu_widths {
    unsigned warp_w;        /* a warp slot, at least one bit */
    unsigned entry_w;       /* an in-flight entry */
    unsigned mshr_w;        /* an MSHR, at least one bit */
    unsigned wait_w;        /* atomic responses an entry waits for: 0..LANES */
    unsigned cnt_w;         /* count down to the data: 0..HIT_LAT */
};

static void widths_of(const struct lsu_geometry *g, struct lsu_widths *w)
{
    w->warp_w = g->warp_w ? g->warp_w : 1;
    w->entry_w = clog2(g->entries);
    w->mshr_w = g->mshrs > 1 ? clog2(g->mshrs) : 1;
    w->wait_w = clog2(g->lanes + 1);
    w->cnt_w = g->hit_latency ? clog2((uint64_t)g->hit_latency + 1) : 1;
}

/* The flip-flops of the module: the coalescer (busy, kind, space, size,
 * lanes left, addresses, entry), each entry (used, sent, global, warp,
 * register, responses waited for, count down) and the MSHRs' lists. */
static unsigned long module_bits(const struct lsu_geometry *g,
                                 const struct lsu_widths *w)
{
    unsigned long coalescer = 1 + 2 + 1 + 2 + g->lanes
                              + (unsigned long)g->lanes * g->addr_w
                              + w->entry_w;
    unsigned long entry = 3 + w->warp_w + 5 + w->wait_w + w->cnt_w;

    return coalescer + g->entries * entry
           + (unsigned long)g->mshrs * g->entries;
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct lsu_geometry *g,
                        const struct lsu_widths *w)
{
    struct arbiter_geometry ag;
    const struct vparam params[] = {
        { "LANES",      g->lanes,        NULL, "lanes of a warp (warp_size)" },
        { "ADDR_W",     g->addr_w,       NULL, "byte address" },
        { "LINE_BYTES", g->line_bytes,   NULL, "L1 data cache line" },
        { "HIT_LAT",    g->hit_latency,  NULL, "L1 hit (and shared-memory) latency, cycles" },
        { "MSHRS",      g->mshrs,        NULL, "L1 miss status holding registers" },
        { "ENTRIES",    g->entries,      NULL, "in-flight table: requests between issue and done" },
        { "WB",         g->writebacks,   NULL, "write-back ports: loads and atomics done a cycle (lsu_writebacks)" },
        { "WARP_W",     w->warp_w,       NULL, "SM warp slot" },
        { "SP_W",       cfg->sp_bits,    NULL, "the arbiter's SP (unused in memory mode)" },
        { "PC_W",       cfg->pc_bits,    NULL, "the arbiter's PC (unused in memory mode)" },
        { NULL, 0, NULL, "Derived widths" },
        { "OFF_W",   0, "$clog2(LINE_BYTES)",                "byte offset within a line" },
        { "LINE_W",  0, "ADDR_W - OFF_W",                    "cache-line number" },
        { "ENTRY_W", 0, "$clog2(ENTRIES)",                   "an in-flight entry" },
        { "MSHR_W",  0, "(MSHRS > 1) ? $clog2(MSHRS) : 1",   "an MSHR" },
        { "ID_W",    0, "$clog2(MSHRS + ENTRIES)",           "a memory request's id" },
        { "WAIT_W",  0, "$clog2(LANES + 1)",                 "atomic responses an entry waits for" },
        { "CNT_W",   0, "(HIT_LAT > 0) ? $clog2(HIT_LAT + 1) : 1", "count down to an entry's data" },
        { "BYTES_W", 0, "$clog2(LINE_BYTES + 1)",            "bytes a memory request moves" },
        { "WARPS",   0, "1 << WARP_W",                       "warp slots" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                    "clk_i",         "clock" },
        { "input",  "",                    "rst_ni",        "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Issue: one warp's memory instruction, taken when ready_o" },
        { "input",  "",                    "issue_valid_i", "a request this cycle" },
        { "input",  "[WARP_W-1:0]",        "issue_warp_i",  "its warp slot" },
        { "input",  "[4:0]",               "issue_rd_i",    "destination register, 0: none" },
        { "input",  "[1:0]",               "issue_kind_i",  "0 load, 1 store, 2 atomic" },
        { "input",  "",                    "issue_space_i", "0 global, 1 shared" },
        { "input",  "[2:0]",               "issue_bytes_i", "access size: 1, 2 or 4 bytes" },
        { "input",  "[LANES-1:0]",         "issue_mask_i",  "lanes that access memory" },
        { "input",  "[LANES*ADDR_W-1:0]",  "issue_addr_i",  "each lane's byte address" },
        { "output", "",                    "ready_o",       "coalescer free and a free entry" },
        { "output", "",                    "idle_o",        "coalescer free and no entry in flight (lsu_idle())" },
        { NULL, NULL, NULL, "Completion: the requests whose data is back, by entry" },
        { "output", "[ENTRIES-1:0]",       "done_o",        "entry done this cycle (a register's only on a write-back port)" },
        { "output", "[ENTRIES*WARP_W-1:0]", "done_warp_o",  "its warp slot" },
        { "output", "[ENTRIES*5-1:0]",     "done_rd_o",     "its destination register" },
        { NULL, NULL, NULL, "Write-back ports: the done loads and atomics, lowest entry first" },
        { "output", "[WB-1:0]",            "wb_valid_o",    "a request with a register done" },
        { "output", "[WB*WARP_W-1:0]",     "wb_warp_o",     "... its warp slot" },
        { "output", "[WB*5-1:0]",          "wb_rd_o",       "... its destination register" },
        { "output", "[WARPS-1:0]",         "pending_o",     "warp has a global access in flight" },
        { NULL, NULL, NULL, "Memory port (towards DRAM)" },
        { "output", "",                    "mem_valid_o",   "a request this cycle" },
        { "output", "[1:0]",               "mem_kind_o",    "0 line read, 1 write, 2 atomic" },
        { "output", "[LINE_W-1:0]",        "mem_line_o",    "its line" },
        { "output", "[BYTES_W-1:0]",       "mem_bytes_o",   "bytes it moves" },
        { "output", "[ID_W-1:0]",          "mem_id_o",      "MSHR (read), MSHRS + entry (atomic)" },
        { "output", "[LANES-1:0]",         "mem_lanes_o",   "the lanes on its line (a write's or atomic's data)" },
        { "input",  "[MSHRS+ENTRIES-1:0]", "mem_resp_i",    "ids whose data arrives at this edge" },
        { NULL, NULL, NULL, "L1 data cache: the lookup of this cycle's pass, its answer" },
        { "output", "",                    "l1_lookup_o",   "a lookup this cycle" },
        { "output", "[1:0]",               "l1_op_o",       "0 read, 1 write, 2 invalidate" },
        { "output", "[LINE_W-1:0]",        "l1_line_o",     "its line" },
        { "output", "[MSHRS-1:0]",         "l1_fill_o",     "MSHRs whose line is filled at this edge" },
        { "input",  "[1:0]",               "l1_result_i",   "0 hit, 1 merged (a write: its line is being read), 2 miss, 3 no MSHR" },
        { "input",  "[MSHR_W-1:0]",        "l1_mshr_i",     "the MSHR merged into or taken" },
        { NULL, NULL, NULL, "Shared-memory banks" },
        { "output", "",                    "smem_valid_o",  "a new shared request" },
        { "output", "[LANES-1:0]",         "smem_mask_o",   "its lanes (the replay's, while busy)" },
        { "output", "[LANES*ADDR_W-1:0]",  "smem_addr_o",   "each lane's address" },
        { "input",  "",                    "smem_done_i",   "the request's last bank cycle" },
    };

    arbiter_geometry(cfg, &ag);
    emit_file_header(v, "simtref_lsu.v", "load/store unit",
                     "docs/memory.md; Collange section 4.2 (the coalescer's "
                     "arbiter); C model: golden/structures/lsu.c.", cfg);
    vgen_line(v, "// One request in the coalescer at a time.  A global request makes one");
    vgen_line(v, "// pass a cycle: the unified arbiter (simtref_arbiter, memory mode)");
    vgen_line(v, "// picks the smallest line among the lanes left, the L1 is looked up");
    vgen_line(v, "// for it and the lanes on it leave; the others replay.  A shared");
    vgen_line(v, "// request waits for the banks' last cycle.  Each request holds an entry");
    vgen_line(v, "// of the in-flight table from issue until its data is back: the");
    vgen_line(v, "// atomic responses it waits for and a count down to its hits' data;");
    vgen_line(v, "// each MSHR lists the entries waiting for its fill.");
    vgen_line(v, "// Storage: %lu flip-flops, besides the arbiter's %lu.  The model",
              module_bits(g, w), arbiter_state_bits(&ag));
    vgen_line(v, "// counts %lu (lsu_state_bits(): it also keeps the request's warp,",
              lsu_state_bits(g));
    vgen_line(v, "// register, TB and full mask in the coalescer; the module writes warp and");
    vgen_line(v, "// register into the table at issue and needs neither the TB nor the mask).");
    vgen_blank(v);
    vgen_module_begin(v, "simtref_lsu", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_encodings(struct vgen *v)
{
    vgen_section(v, "Encodings of the ports");
    vgen_line(v, "localparam [1:0] KIND_LOAD   = 2'd0;   // issue_kind_i");
    vgen_line(v, "localparam [1:0] KIND_STORE  = 2'd1;");
    vgen_line(v, "localparam [1:0] MEM_READ    = 2'd0;   // mem_kind_o");
    vgen_line(v, "localparam [1:0] MEM_WRITE   = 2'd1;");
    vgen_line(v, "localparam [1:0] MEM_ATOMIC  = 2'd2;");
    vgen_line(v, "localparam [1:0] L1_RD       = 2'd0;   // l1_op_o");
    vgen_line(v, "localparam [1:0] L1_WR       = 2'd1;");
    vgen_line(v, "localparam [1:0] L1_INV      = 2'd2;");
    vgen_line(v, "localparam [1:0] L1_HIT      = 2'd0;   // l1_result_i");
    vgen_line(v, "localparam [1:0] L1_MERGED   = 2'd1;");
    vgen_line(v, "localparam [1:0] L1_MISS     = 2'd2;");
    vgen_line(v, "localparam [1:0] L1_NO_MSHR  = 2'd3;");
}

static void emit_registers(struct vgen *v)
{
    vgen_section(v, "State: the coalescer, the in-flight table, the MSHRs' lists");
    vgen_line(v, "// The coalescer's request");
    vgen_line(v, "reg                     busy_q;     // the coalescer holds a request");
    vgen_line(v, "reg  [LANES-1:0]        left_q;     // its lanes still to be served");
    vgen_line(v, "reg  [1:0]              kind_q;     // load, store, atomic");
    vgen_line(v, "reg                     shared_q;   // shared space");
    vgen_line(v, "reg  [1:0]              size_q;     // log2 of the access size");
    vgen_line(v, "reg  [LANES*ADDR_W-1:0] addr_q;     // each lane's address");
    vgen_line(v, "reg  [ENTRY_W-1:0]      slot_q;     // its in-flight entry");
    vgen_line(v, "// The in-flight table, one field per entry");
    vgen_line(v, "reg  [ENTRIES-1:0]        used_q;   // holds a request");
    vgen_line(v, "reg  [ENTRIES-1:0]        sent_q;   // every lane has left the coalescer");
    vgen_line(v, "reg  [ENTRIES-1:0]        global_q; // global space");
    vgen_line(v, "reg  [ENTRIES*WARP_W-1:0] warp_q;   // reported when done");
    vgen_line(v, "reg  [ENTRIES*5-1:0]      rd_q;     // reported when done");
    vgen_line(v, "reg  [ENTRIES*WAIT_W-1:0] atom_q;   // atomic responses awaited (the fills");
    vgen_line(v, "                                    // awaited: its bits of wait_q)");
    vgen_line(v, "reg  [ENTRIES*CNT_W-1:0]  cnt_q;    // cycles until its hits' data is back");
    vgen_line(v, "// Per MSHR, the entries waiting for its fill (bit m*ENTRIES + e)");
    vgen_line(v, "reg  [MSHRS*ENTRIES-1:0]  wait_q;");
}

static void emit_take(struct vgen *v)
{
    vgen_section(v, "The request of this cycle: the coalescer's, or the one issued");
    vgen_line(v, "reg  [ENTRY_W-1:0] free_slot;   // the lowest free entry");
    vgen_line(v, "integer            fi;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "free_slot = {ENTRY_W{1'b0}};");
    vgen_begin(v, "for (fi = ENTRIES - 1; fi >= 0; fi = fi - 1)");
    vgen_begin(v, "if (!used_q[fi])");
    vgen_line(v, "free_slot = fi[ENTRY_W-1:0];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign ready_o = !busy_q && !(&used_q);");
    vgen_line(v, "assign idle_o  = !busy_q && !(|used_q);");
    vgen_blank(v);
    vgen_line(v, "// The entries waiting for some MSHR's fill: the OR of the MSHRs' lists");
    vgen_line(v, "reg  [ENTRIES-1:0] fill_any;");
    vgen_line(v, "integer            fm;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "fill_any = {ENTRIES{1'b0}};");
    vgen_begin(v, "for (fm = 0; fm < MSHRS; fm = fm + 1)");
    vgen_line(v, "fill_any = fill_any | wait_q[fm*ENTRIES +: ENTRIES];");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "wire                     take       = issue_valid_i && ready_o;");
    vgen_line(v, "wire                     active     = busy_q || take;");
    vgen_line(v, "wire [1:0]               issue_size = issue_bytes_i[2] ? 2'd2 :  // 4, 2 or 1 byte");
    vgen_line(v, "                                      issue_bytes_i[1] ? 2'd1 : 2'd0;");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire                     unused_one = issue_bytes_i[0];  // implied by the others");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_line(v, "wire [1:0]               req_kind   = busy_q ? kind_q   : issue_kind_i;");
    vgen_line(v, "wire                     req_shared = busy_q ? shared_q : issue_space_i;");
    vgen_line(v, "wire [1:0]               req_size   = busy_q ? size_q   : issue_size;");
    vgen_line(v, "wire [LANES*ADDR_W-1:0]  req_addr   = busy_q ? addr_q   : issue_addr_i;");
    vgen_line(v, "wire [ENTRY_W-1:0]       slot       = busy_q ? slot_q   : free_slot;");
    vgen_line(v, "wire [LANES-1:0]         req_left   = busy_q ? left_q");
    vgen_line(v, "                                    : take ? issue_mask_i : {LANES{1'b0}};");
    vgen_line(v, "// The entry's fields as the request finds them (a new entry: none)");
    vgen_line(v, "wire [WAIT_W-1:0]        atom_cur   = take ? {WAIT_W{1'b0}} : atom_q[slot*WAIT_W +: WAIT_W];");
    vgen_line(v, "wire                     fill_cur   = !take && fill_any[slot];");
    vgen_line(v, "wire [CNT_W-1:0]         cnt_cur    = take ? {CNT_W{1'b0}}  : cnt_q[slot*CNT_W +: CNT_W];");
}

static void emit_arbiter_instance(struct vgen *v)
{
    const struct vconn params[] = {
        { "LANES",      "LANES",      NULL },
        { "SP_W",       "SP_W",       NULL },
        { "PC_W",       "PC_W",       NULL },
        { "ADDR_W",     "ADDR_W",     NULL },
        { "LINE_BYTES", "LINE_BYTES", NULL },
    };
    const struct vconn conns[] = {
        { "clk_i",       "clk_i",                          NULL },
        { "rst_ni",      "rst_ni",                         NULL },
        { "mode_i",      "1'b1",                           "memory arbitration" },
        { "valid_i",     "req_left & {LANES{!req_shared}}", "the lanes left" },
        { "sp_i",        "{LANES*SP_W{1'b0}}",             NULL },
        { "pc_i",        "{LANES*PC_W{1'b0}}",             NULL },
        { "addr_i",      "req_addr",                       NULL },
        { "pc_op_i",     "2'd0",                           "hold: the common PC is not used" },
        { "valid_o",     "arb_valid",                      NULL },
        { "sp_o",        "arb_sp",                         NULL },
        { "pc_o",        "arb_pc",                         NULL },
        { "line_o",      "arb_line",                       "the smallest line left" },
        { "mask_o",      "arb_mask",                       "the lanes on it" },
        { "common_pc_o", "arb_common_pc",                  NULL },
        { "err_o",       "arb_err",                        NULL },
    };

    vgen_section(v, "The coalescer's arbiter: Collange's unified arbiter, memory mode");
    vgen_line(v, "wire [LINE_W-1:0] arb_line;");
    vgen_line(v, "wire [LANES-1:0]  arb_mask;");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire              arb_valid;       // the PC mode's outputs and the");
    vgen_line(v, "wire [SP_W-1:0]   arb_sp;          // valid bit: req_left says as much");
    vgen_line(v, "wire [PC_W-1:0]   arb_pc;");
    vgen_line(v, "wire [PC_W-1:0]   arb_common_pc;");
    vgen_line(v, "wire              arb_err;");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_blank(v);
    vgen_instance(v, "simtref_arbiter", "u_arbiter",
                  params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
}

static void emit_pass(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "One pass: the line served, its L1 lookup and its memory request");
    vgen_line(v, "// The bytes a write or an atomic moves: its lanes' accesses, at most a line");
    vgen_line(v, "reg  [WAIT_W-1:0]  ack_lanes;");
    vgen_line(v, "localparam integer SUM_W = WAIT_W + BYTES_W + 2;");
    vgen_line(v, "localparam [SUM_W-1:0] LINE_SUM = LINE_BYTES[SUM_W-1:0];");
    vgen_line(v, "reg  [SUM_W-1:0]   ack_bytes;");
    vgen_line(v, "reg  [BYTES_W-1:0] lane_bytes;");
    vgen_line(v, "integer            bi;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "ack_lanes = {WAIT_W{1'b0}};");
    vgen_begin(v, "for (bi = 0; bi < LANES; bi = bi + 1)");
    vgen_line(v, "ack_lanes = ack_lanes + {{(WAIT_W-1){1'b0}}, arb_mask[bi]};");
    vgen_end(v);
    vgen_line(v, "ack_bytes = {{(BYTES_W+2){1'b0}}, ack_lanes} << req_size;");
    vgen_line(v, "lane_bytes = (ack_bytes < LINE_SUM) ? ack_bytes[BYTES_W-1:0]");
    vgen_line(v, "                                      : LINE_BYTES[BYTES_W-1:0];");
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "reg  [LANES-1:0] pass_ack;     // the lanes served this cycle");
    vgen_line(v, "reg              pass_sent;    // the request's last lanes leave");
    vgen_line(v, "reg              pass_atomic;  // its entry waits for one more atomic");
    vgen_line(v, "reg              pass_record;  // ... or for the fill of MSHR l1_mshr_i");
    vgen_line(v, "reg  [CNT_W-1:0] cnt_pass;     // its count down after this pass");
    vgen_line(v, "reg              mem_valid, l1_lookup, smem_valid;");
    vgen_line(v, "reg  [1:0]       mem_kind, l1_op;");
    vgen_line(v, "reg  [LINE_W-1:0] mem_line, l1_line;");
    vgen_line(v, "reg  [BYTES_W-1:0] mem_bytes;");
    vgen_line(v, "reg  [ID_W-1:0]  mem_id;");
    vgen_line(v, "reg  [LANES-1:0] smem_mask;");
    vgen_line(v, "wire [LANES-1:0] rest = req_left & ~arb_mask;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "pass_ack     = {LANES{1'b0}};");
    vgen_line(v, "pass_sent    = 1'b0;");
    vgen_line(v, "pass_atomic  = 1'b0;");
    vgen_line(v, "pass_record  = 1'b0;");
    vgen_line(v, "cnt_pass     = cnt_cur;");
    vgen_line(v, "mem_valid = 1'b0;");
    vgen_line(v, "mem_kind = MEM_READ;");
    vgen_line(v, "mem_line = arb_line;");
    vgen_line(v, "mem_bytes = {BYTES_W{1'b0}};");
    vgen_line(v, "mem_id = {ID_W{1'b0}};");
    vgen_line(v, "l1_lookup = 1'b0;");
    vgen_line(v, "l1_op = L1_RD;");
    vgen_line(v, "l1_line = arb_line;");
    vgen_line(v, "smem_valid = 1'b0;");
    vgen_line(v, "smem_mask = {LANES{1'b0}};");
    vgen_begin(v, "if (active && req_left == {LANES{1'b0}})");
    vgen_line(v, "pass_sent = 1'b1;                 // no lane: nothing to time");
    vgen_elsif(v, "active && req_shared");
    vgen_line(v, "smem_valid = take;              // the banks replay the rest");
    vgen_line(v, "smem_mask = req_left;");
    vgen_begin(v, "if (smem_done_i)");
    vgen_line(v, "pass_sent = 1'b1;");
    vgen_line(v, "cnt_pass  = HIT_LAT[CNT_W-1:0];");
    vgen_end(v);
    vgen_elsif(v, "active");
    vgen_line(v, "l1_lookup = 1'b1;");
    vgen_line(v, "l1_op = req_kind == KIND_LOAD ? L1_RD : req_kind == KIND_STORE ? L1_WR : L1_INV;");
    vgen_begin(v, "if (req_kind == KIND_LOAD)");
    vgen_begin(v, "if (l1_result_i == L1_HIT)");
    vgen_begin(v, "if (cnt_cur < HIT_LAT[CNT_W-1:0])");
    vgen_line(v, "cnt_pass = HIT_LAT[CNT_W-1:0];");
    vgen_end(v);
    vgen_elsif(v, "l1_result_i == L1_MERGED");
    vgen_line(v, "pass_record = 1'b1;");
    vgen_elsif(v, "l1_result_i == L1_MISS");
    vgen_line(v, "pass_record = 1'b1;");
    vgen_line(v, "mem_valid = 1'b1;");
    vgen_line(v, "mem_kind = MEM_READ;");
    vgen_line(v, "mem_bytes = LINE_BYTES[BYTES_W-1:0];");
    vgen_line(v, "mem_id = {{(ID_W-MSHR_W){1'b0}}, l1_mshr_i};");
    vgen_end(v);
    vgen_elsif(v, "l1_result_i == L1_MERGED");
    vgen_line(v, "// a store's or atomic's line is being read: it waits for the fill");
    vgen_elsif(v, "req_kind == KIND_STORE");
    vgen_line(v, "mem_valid = 1'b1;");
    vgen_line(v, "mem_kind = MEM_WRITE;");
    vgen_line(v, "mem_bytes = lane_bytes;");
    vgen_else(v);
    vgen_line(v, "pass_atomic = 1'b1;");
    vgen_line(v, "mem_valid = 1'b1;");
    vgen_line(v, "mem_kind = MEM_ATOMIC;");
    vgen_line(v, "mem_bytes = lane_bytes;");
    vgen_line(v, "mem_id = MSHRS[ID_W-1:0] + {{(ID_W-ENTRY_W){1'b0}}, slot};");
    vgen_end(v);
    vgen_line(v, "// With no MSHR free, or a write's line being read, no lane is");
    vgen_line(v, "// served: they all retry");
    vgen_begin(v, "if (req_kind == KIND_LOAD ? l1_result_i != L1_NO_MSHR : l1_result_i != L1_MERGED)");
    vgen_line(v, "pass_ack  = arb_mask;");
    if (defect == DEFECT_LSU_DROP_LAST_LANE) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the request leaves the coalescer",
                  rtl_defect_name(defect));
        vgen_line(v, "// when at most one lane is left, whose line is never served.");
        vgen_line(v, "pass_sent = (rest & (rest - 1'b1)) == {LANES{1'b0}};");
    } else {
        vgen_line(v, "pass_sent = rest == {LANES{1'b0}};");
    }
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign mem_valid_o  = mem_valid;");
    vgen_line(v, "assign mem_kind_o   = mem_kind;");
    vgen_line(v, "assign mem_line_o   = mem_line;");
    vgen_line(v, "assign mem_bytes_o  = mem_bytes;");
    vgen_line(v, "assign mem_id_o     = mem_id;");
    vgen_line(v, "assign mem_lanes_o  = arb_mask;");
    vgen_line(v, "assign l1_lookup_o  = l1_lookup;");
    vgen_line(v, "assign l1_op_o      = l1_op;");
    vgen_line(v, "assign l1_line_o    = l1_line;");
    vgen_line(v, "assign smem_valid_o = smem_valid;");
    vgen_line(v, "assign smem_mask_o  = smem_mask;");
    vgen_line(v, "assign smem_addr_o  = req_addr;");
    vgen_line(v, "assign l1_fill_o   = mem_resp_i[MSHRS-1:0];");
    vgen_blank(v);
    vgen_line(v, "// The coalescer's entry is done in the cycle of its last pass when it");
    vgen_line(v, "// waits for nothing and its data is back (a store; a hit with HIT_LAT 0)");
    vgen_line(v, "wire coal_done = active && pass_sent && atom_cur == {WAIT_W{1'b0}} && !fill_cur &&");
    vgen_line(v, "                 !pass_atomic && !pass_record && cnt_pass == {CNT_W{1'b0}};");
}

static void emit_coalescer_regs(struct vgen *v)
{
    static const struct vreg req[] = {
        { "kind_q",   "2'd0",                    "issue_kind_i" },
        { "shared_q", "1'b0",                    "issue_space_i" },
        { "size_q",   "2'd0",                    "issue_size" },
        { "addr_q",   "{LANES*ADDR_W{1'b0}}",    "issue_addr_i" },
        { "slot_q",   "{ENTRY_W{1'b0}}",         "free_slot" },
    };
    static const struct vreg pass[] = {
        { "busy_q", "1'b0",          "active && !pass_sent" },
        { "left_q", "{LANES{1'b0}}", "req_left & ~pass_ack" },
    };

    vgen_section(v, "The coalescer's register: the request taken, its lanes left");
    vgen_ff(v, req, sizeof req / sizeof req[0], "take");
    vgen_blank(v);
    vgen_ff(v, pass, sizeof pass / sizeof pass[0], NULL);
}

/* The write-back ports: the entries whose data is back and that write a
 * register, lowest entry first, up to WB a cycle; the others stay in the
 * table, back again the next cycle (the model's writeback_ports()). */
static void emit_writeback(struct vgen *v)
{
    vgen_line(v, "// The write-back ports, lowest entry first");
    vgen_line(v, "reg  [WB-1:0]        wb_valid;");
    vgen_line(v, "reg  [WB*WARP_W-1:0] wb_warp;");
    vgen_line(v, "reg  [WB*5-1:0]      wb_rd;");
    vgen_line(v, "integer              we, wp;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "grant    = {ENTRIES{1'b0}};");
    vgen_line(v, "wb_valid = {WB{1'b0}};");
    vgen_line(v, "wb_warp  = {(WB*WARP_W){1'b0}};");
    vgen_line(v, "wb_rd    = {(WB*5){1'b0}};");
    vgen_line(v, "wp       = 0;");
    vgen_begin(v, "for (we = 0; we < ENTRIES; we = we + 1)");
    vgen_begin(v, "if (wants[we] && wp < WB)");
    vgen_line(v, "grant[we]                    = 1'b1;");
    vgen_line(v, "wb_valid[wp]                 = 1'b1;");
    vgen_line(v, "wb_warp[wp*WARP_W +: WARP_W] = done_warp_o[we*WARP_W +: WARP_W];");
    vgen_line(v, "wb_rd[wp*5 +: 5]             = done_rd_o[we*5 +: 5];");
    vgen_line(v, "wp                           = wp + 1;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "assign wb_valid_o = wb_valid;");
    vgen_line(v, "assign wb_warp_o  = wb_warp;");
    vgen_line(v, "assign wb_rd_o    = wb_rd;");
    vgen_blank(v);
}

static void emit_table(struct vgen *v)
{
    static const struct vreg regs[] = {
        { "used_q",   "{ENTRIES{1'b0}}",        "used_d" },
        { "sent_q",   "{ENTRIES{1'b0}}",        "sent_d" },
        { "global_q", "{ENTRIES{1'b0}}",        "global_d" },
        { "warp_q",   "{ENTRIES*WARP_W{1'b0}}", "warp_d" },
        { "rd_q",     "{ENTRIES*5{1'b0}}",      "rd_d" },
        { "atom_q",   "{ENTRIES*WAIT_W{1'b0}}", "atom_d" },
        { "cnt_q",    "{ENTRIES*CNT_W{1'b0}}",  "cnt_d" },
    };
    static const struct vreg wait[] = {
        { "wait_q", "{MSHRS*ENTRIES{1'b0}}", "wait_d" },
    };

    vgen_section(v, "The MSHRs' lists: an entry joins on a miss or merge, the fill empties it");
    vgen_line(v, "wire [ENTRIES-1:0]       slot_hot = {{(ENTRIES-1){1'b0}}, 1'b1} << slot;");
    vgen_line(v, "wire [MSHRS*ENTRIES-1:0] wait_d;");
    vgen_line(v, "genvar gm, ge;");
    vgen_generate(v);
    vgen_line(v, "for (gm = 0; gm < MSHRS; gm = gm + 1) begin : g_mshr");
    vgen_indent(v);
    vgen_line(v, "wire joins = pass_record && l1_mshr_i == gm;   // this cycle's miss or merge");
    vgen_line(v, "assign wait_d[gm*ENTRIES +: ENTRIES] = mem_resp_i[gm] ? {ENTRIES{1'b0}}");
    vgen_line(v, "    : wait_q[gm*ENTRIES +: ENTRIES] | (slot_hot & {ENTRIES{joins}});");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_ff(v, wait, 1, NULL);

    vgen_section(v, "The in-flight table: done entries leave, responses are counted");
    vgen_line(v, "wire [ENTRIES-1:0]        back;     // data back: done, a register's on a port");
    vgen_line(v, "wire [ENTRIES-1:0]        wants;    // ... with a register to write back");
    vgen_line(v, "reg  [ENTRIES-1:0]        grant;    // ... given a write-back port");
    vgen_line(v, "wire [ENTRIES-1:0]        used_d, sent_d, global_d;");
    vgen_line(v, "wire [ENTRIES*WARP_W-1:0] warp_d;");
    vgen_line(v, "wire [ENTRIES*5-1:0]      rd_d;");
    vgen_line(v, "wire [ENTRIES*WAIT_W-1:0] atom_d;");
    vgen_line(v, "wire [ENTRIES*CNT_W-1:0]  cnt_d;");
    vgen_generate(v);
    vgen_line(v, "for (ge = 0; ge < ENTRIES; ge = ge + 1) begin : g_entry");
    vgen_indent(v);
    vgen_line(v, "wire              here  = active && slot == ge;     // the coalescer's entry");
    vgen_line(v, "wire              new_e = take && free_slot == ge;  // taken this cycle");
    vgen_line(v, "wire [WAIT_W-1:0] atom  = atom_q[ge*WAIT_W +: WAIT_W];");
    vgen_line(v, "wire [CNT_W-1:0]  cnt   = here ? cnt_pass : cnt_q[ge*CNT_W +: CNT_W];");
    vgen_line(v, "assign back[ge]  = (used_q[ge] && sent_q[ge] && atom == {WAIT_W{1'b0}} &&");
    vgen_line(v, "                    !fill_any[ge] && cnt == {CNT_W{1'b0}}) ||");
    vgen_line(v, "                   (coal_done && slot == ge);");
    vgen_line(v, "assign wants[ge] = back[ge] && done_rd_o[ge*5 +: 5] != 5'd0;");
    vgen_line(v, "assign done_o[ge] = back[ge] && (!wants[ge] || grant[ge]);");
    vgen_line(v, "assign done_warp_o[ge*WARP_W +: WARP_W] = new_e ? issue_warp_i : warp_q[ge*WARP_W +: WARP_W];");
    vgen_line(v, "assign done_rd_o[ge*5 +: 5]             = new_e ? issue_rd_i   : rd_q[ge*5 +: 5];");
    vgen_line(v, "assign used_d[ge]   = (used_q[ge] || new_e) && !done_o[ge];");
    vgen_line(v, "assign sent_d[ge]   = here ? pass_sent : sent_q[ge];");
    vgen_line(v, "assign global_d[ge] = new_e ? !issue_space_i : global_q[ge];");
    vgen_line(v, "assign warp_d[ge*WARP_W +: WARP_W] = done_warp_o[ge*WARP_W +: WARP_W];");
    vgen_line(v, "assign rd_d[ge*5 +: 5]             = done_rd_o[ge*5 +: 5];");
    vgen_line(v, "assign atom_d[ge*WAIT_W +: WAIT_W] = (new_e ? {WAIT_W{1'b0}} : atom)");
    vgen_line(v, "    + {{(WAIT_W-1){1'b0}}, here && pass_atomic}");
    vgen_line(v, "    - {{(WAIT_W-1){1'b0}}, mem_resp_i[MSHRS + ge]};");
    vgen_line(v, "assign cnt_d[ge*CNT_W +: CNT_W] = cnt == {CNT_W{1'b0}} ? cnt : cnt - 1'b1;");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    emit_writeback(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
}

static void emit_pending(struct vgen *v)
{
    vgen_section(v, "Warps with a global access in flight (the HARP Waiting-Lookup's view)");
    vgen_line(v, "reg  [WARPS-1:0] pending;");
    vgen_line(v, "integer          pe;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "pending = {WARPS{1'b0}};");
    vgen_begin(v, "for (pe = 0; pe < ENTRIES; pe = pe + 1)");
    vgen_begin(v, "if (used_q[pe] && global_q[pe])");
    vgen_line(v, "pending[warp_q[pe*WARP_W +: WARP_W]] = 1'b1;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "assign pending_o = pending;");
}

/* The proof's view of the state: formal/lsu_props.v's checker, bound in
 * only under FORMAL (not part of the design). */
static void emit_observer(struct vgen *v)
{
    static const struct vconn params[] = {
        { "LANES",   "LANES",   NULL }, { "ADDR_W", "ADDR_W", NULL },
        { "LINE_BYTES", "LINE_BYTES", NULL }, { "HIT_LAT", "HIT_LAT", NULL },
        { "MSHRS",   "MSHRS",   NULL }, { "ENTRIES", "ENTRIES", NULL },
    };
    static const struct vconn conns[] = {
        { "clk_i", "clk_i", NULL },                 { "rst_ni", "rst_ni", NULL },
        { "issue_valid_i", "issue_valid_i", NULL }, { "issue_kind_i", "issue_kind_i", NULL },
        { "issue_space_i", "issue_space_i", NULL }, { "issue_bytes_i", "issue_bytes_i", NULL },
        { "issue_mask_i", "issue_mask_i", NULL },   { "issue_addr_i", "issue_addr_i", NULL },
        { "ready_o", "ready_o", NULL },             { "done_o", "done_o", NULL },
        { "mem_valid_o", "mem_valid_o", NULL },     { "mem_kind_o", "mem_kind_o", NULL },
        { "mem_line_o", "mem_line_o", NULL },       { "mem_bytes_o", "mem_bytes_o", NULL },
        { "mem_id_o", "mem_id_o", NULL },           { "mem_resp_i", "mem_resp_i", NULL },
        { "l1_lookup_o", "l1_lookup_o", NULL },     { "l1_op_o", "l1_op_o", NULL },
        { "l1_line_o", "l1_line_o", NULL },         { "l1_result_i", "l1_result_i", NULL },
        { "l1_mshr_i", "l1_mshr_i", NULL },         { "smem_valid_o", "smem_valid_o", NULL },
        { "smem_done_i", "smem_done_i", NULL },     { "free_slot", "free_slot", NULL },
        { "busy_q", "busy_q", NULL },               { "left_q", "left_q", NULL },
        { "kind_q", "kind_q", NULL },               { "shared_q", "shared_q", NULL },
        { "addr_q", "addr_q", NULL },               { "slot_q", "slot_q", NULL },
        { "used_q", "used_q", NULL },               { "sent_q", "sent_q", NULL },
        { "atom_q", "atom_q", NULL },               { "cnt_q", "cnt_q", NULL },
        { "wait_q", "wait_q", NULL },               { "size_q", "size_q", NULL },
    };

    vgen_section(v, "Proof observer (only under FORMAL; not part of the design)");
    vgen_line(v, "// formal/lsu_props.v checks the coalescer, the table and the lists");
    vgen_line(v, "// against what the ports have asked and answered.");
    vgen_line(v, "`ifdef FORMAL");
    vgen_instance(v, "lsu_checker", "u_checker", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
    vgen_line(v, "`endif");
}

void emit_lsu(struct vgen *v, const struct simt_config *cfg,
              enum rtl_defect defect)
{
    struct lsu_geometry g;
    struct lsu_widths w;

    lsu_geometry(cfg, &g);
    widths_of(&g, &w);
    emit_header(v, cfg, &g, &w);
    emit_encodings(v);
    emit_registers(v);
    emit_take(v);
    emit_arbiter_instance(v);
    emit_pass(v, defect);
    emit_coalescer_regs(v);
    emit_table(v);
    emit_pending(v);
    emit_observer(v);
    vgen_module_end(v, "simtref_lsu");
}
