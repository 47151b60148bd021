/*
 * emit_mem_wait.c -- the Verilog of the table of the loads in flight
 * (simtref_mem_wait).
 *
 * Ports and behaviour are those of the C model, golden/structures/
 * mem_wait.h: a send port per warp scheduler, a done port per write-back
 * port of the LSU (lsu_writebacks: the loads and atomics done a cycle), the
 * read port of issue's hazard check, and the pending lanes as a bus of
 * registers.  A bank per lane, a row per (warp slot, register) as in the
 * scoreboard: the lane's bit of the row's lanes in flip-flops, the
 * lane's thread's warp slot in the bank's memory; the rows' global bits
 * in one memory beside them; per lane, a count per warp slot of its
 * thread's global loads in flight and the pending bit (count not 0).
 */
#include "rtlgen.h"
#include "mem_wait.h"

/* "for (...) begin : name", closed by vgen_end(). */
static void labelled(struct vgen *v, const char *head, const char *name)
{
    vgen_line(v, "%s begin : %s", head, name);
    vgen_indent(v);
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct mem_wait_geometry *g)
{
    const struct vparam params[] = {
        { "NUM_SLOTS", g->warp_slots, NULL, "warp slots of the SM" },
        { "LANES",     g->warp_size,  NULL, "lanes per warp slot: a bank each" },
        { "NUM_SEND",  g->sends,      NULL, "send ports, one per scheduler" },
        { "NUM_DONE",  g->dones,      NULL, "done ports, one per write-back port of the LSU" },
        { "SLOT_W",    g->slot_w,     NULL, "warp slot id" },
        { "COUNT_W",   g->count_w,    NULL, "a thread's global loads in flight" },
        { "NUM_RD",    1,             NULL, "read ports (simtref_sm_mem: one per warp the issue check checks)" },
        { NULL, 0, NULL, "Derived sizes" },
        { "ROW_W", 0, "SLOT_W + 5",     "a row: {warp slot, register}" },
        { "ROWS",  0, "NUM_SLOTS * 32", "rows per bank (x0's never written)" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                              "clk_i",         "clock" },
        { "input",  "",                              "rst_ni",        "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Sends: a load or atomic with a destination goes to the LSU" },
        { "input",  "[NUM_SEND-1:0]",                "send_valid_i",  "a send" },
        { "input",  "[NUM_SEND*SLOT_W-1:0]",         "send_slot_i",   "... the sending warp slot" },
        { "input",  "[NUM_SEND*5-1:0]",              "send_rd_i",     "... its destination register" },
        { "input",  "[NUM_SEND*LANES-1:0]",          "send_mask_i",   "... its lanes" },
        { "input",  "[NUM_SEND-1:0]",                "send_global_i", "... it goes to global memory" },
        { "input",  "[NUM_SEND*LANES*SLOT_W-1:0]",   "send_slots_i",  "... each lane's thread's warp slot" },
        { NULL, NULL, NULL, "Dones: the LSU's requests done this cycle, and the entries they name" },
        { "input",  "[NUM_DONE-1:0]",                "done_valid_i",  "a done" },
        { "input",  "[NUM_DONE*SLOT_W-1:0]",         "done_slot_i",   "... its warp slot" },
        { "input",  "[NUM_DONE*5-1:0]",              "done_rd_i",     "... its destination register" },
        { "output", "[NUM_DONE*LANES-1:0]",          "done_mask_o",   "the entry's lanes (0: none, or a done before it named the entry)" },
        { "output", "[NUM_DONE-1:0]",                "done_global_o", "... it went to global memory" },
        { "output", "[NUM_DONE*LANES*SLOT_W-1:0]",   "done_slots_o",  "... each lane's thread's warp slot" },
        { NULL, NULL, NULL, "Read ports: issue's check of a load's destination, per port" },
        { "input",  "[NUM_RD*SLOT_W-1:0]",           "rd_slot_i",     "warp slot" },
        { "input",  "[NUM_RD*5-1:0]",                "rd_reg_i",      "register" },
        { "output", "[NUM_RD*LANES-1:0]",            "rd_mask_o",     "the lanes of its load in flight (0: none)" },
        { NULL, NULL, NULL, "The threads waiting on global memory" },
        { "output", "[NUM_SLOTS*LANES-1:0]",         "pending_o",     "bit g*LANES+l: thread (g, l) has a global load in flight" },
    };

    emit_file_header(v, "simtref_mem_wait.v", "table of the loads in flight",
                     "docs/architecture.md; C model: golden/structures/mem_wait.c.",
                     cfg);
    vgen_line(v, "// The LSU reports a request done by its warp slot and register alone;");
    vgen_line(v, "// this table keeps, per (warp slot, register) of a load or atomic in");
    vgen_line(v, "// flight, the lanes it writes, whether it went to global memory, and");
    vgen_line(v, "// each lane's thread's warp slot (a regrouped warp's threads come from");
    vgen_line(v, "// several).  A send writes its row at the edge; a done reads its row");
    vgen_line(v, "// (or, bypassed, a send of the same cycle to that row) and clears it at");
    vgen_line(v, "// the edge, after the sends; a second done of one row in a cycle reads");
    vgen_line(v, "// it cleared.  Per thread a count of its global loads in flight: a");
    vgen_line(v, "// global send counts one more for each of its threads, its done one");
    vgen_line(v, "// fewer; pending_o is the registered \"count is not 0\".  A bank per lane:");
    vgen_line(v, "// the lane's bit of each row in flip-flops (reset: nothing in flight),");
    vgen_line(v, "// the warp slots in the bank's memory; the global bits in a memory.");
    vgen_line(v, "// done_global_o and done_slots_o are meaningful for a done whose");
    vgen_line(v, "// done_mask_o is not 0.");
    vgen_line(v, "// Storage: %u rows x (%u lanes + 1 global + %u x %u-bit slots), %u",
              g->warp_slots * (MEM_WAIT_REGS - 1), g->warp_size, g->warp_size,
              g->slot_w, g->warp_slots * g->warp_size);
    vgen_line(v, "// threads x (%u-bit count + pending bit): %lu bits.", g->count_w,
              mem_wait_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_mem_wait", params,
                      sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_rows(struct vgen *v)
{
    vgen_section(v, "The ports' rows");
    vgen_line(v, "wire [NUM_SEND-1:0]       send_we;    // a send to a register other than x0");
    vgen_line(v, "wire [NUM_SEND*ROW_W-1:0] send_row;   // ... its row");
    vgen_line(v, "wire [NUM_DONE*ROW_W-1:0] done_row;   // each done's row");
    vgen_line(v, "wire [NUM_RD*ROW_W-1:0]   rd_row;     // each read port's row");
    vgen_line(v, "genvar gp, gk, gl, gs, gr;");
    vgen_blank(v);
    vgen_generate(v);
    labelled(v, "for (gp = 0; gp < NUM_SEND; gp = gp + 1)", "g_send_row");
    vgen_line(v, "assign send_we[gp] = send_valid_i[gp] && send_rd_i[gp*5 +: 5] != 5'd0;");
    vgen_line(v, "assign send_row[gp*ROW_W +: ROW_W] =");
    vgen_line(v, "    {send_slot_i[gp*SLOT_W +: SLOT_W], send_rd_i[gp*5 +: 5]};");
    vgen_end(v);
    labelled(v, "for (gk = 0; gk < NUM_DONE; gk = gk + 1)", "g_done_row");
    vgen_line(v, "assign done_row[gk*ROW_W +: ROW_W] =");
    vgen_line(v, "    {done_slot_i[gk*SLOT_W +: SLOT_W], done_rd_i[gk*5 +: 5]};");
    vgen_end(v);
    labelled(v, "for (gr = 0; gr < NUM_RD; gr = gr + 1)", "g_rd_row");
    vgen_line(v, "assign rd_row[gr*ROW_W +: ROW_W] = {rd_slot_i[gr*SLOT_W +: SLOT_W], rd_reg_i[gr*5 +: 5]};");
    vgen_end(v);
    vgen_endgenerate(v);
}

/* A memory's writes, one statement per send port: a loop over the ports
 * would put non-blocking array writes in a loop, which simulators handle
 * poorly.  `mem` is the memory, `data` the written field of port %u. */
static void emit_send_writes(struct vgen *v, const struct mem_wait_geometry *g,
                             const char *mem, const char *data_fmt)
{
    char data[160];

    vgen_begin(v, "always @(posedge clk_i)");
    for (unsigned p = 0; p < g->sends; p++) {
        snprintf(data, sizeof data, data_fmt, p);
        vgen_line(v, "if (send_we[%u])", p);
        vgen_line(v, "  %s[send_row[%u*ROW_W +: ROW_W]] <= %s;", mem, p, data);
    }
    vgen_end(v);
}

static void emit_done_ports(struct vgen *v, const struct mem_wait_geometry *g)
{
    vgen_section(v, "Dones: the first of each row, and the bypass from the sends");
    vgen_line(v, "reg  [NUM_DONE-1:0]              done_first;  // a done, the first of its row this cycle");
    vgen_line(v, "reg  [NUM_DONE-1:0]              done_byp;    // a send of this cycle writes its row:");
    vgen_line(v, "reg  [NUM_DONE*LANES-1:0]        byp_mask;    // ... its lanes,");
    vgen_line(v, "reg  [NUM_DONE-1:0]              byp_global;  // ... its global bit,");
    vgen_line(v, "reg  [NUM_DONE*LANES*SLOT_W-1:0] byp_slots;   // ... its warp slots (the last such port)");
    vgen_line(v, "wire [NUM_DONE-1:0]              row_global;  // the global bit of each done's row");
    vgen_line(v, "reg                              glob_q [0:ROWS-1];  // memory: a row's load went to global memory");
    vgen_line(v, "integer k, j, p;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "done_first = done_valid_i;");
    vgen_line(v, "done_byp   = {NUM_DONE{1'b0}};");
    vgen_line(v, "byp_global = {NUM_DONE{1'b0}};");
    vgen_begin(v, "for (k = 0; k < NUM_DONE; k = k + 1)");
    vgen_line(v, "byp_mask[k*LANES +: LANES] = {LANES{1'b0}};");
    vgen_line(v, "byp_slots[k*LANES*SLOT_W +: LANES*SLOT_W] = {(LANES*SLOT_W){1'b0}};");
    vgen_begin(v, "for (j = 0; j < k; j = j + 1)");
    vgen_begin(v, "if (done_valid_i[j] && done_row[j*ROW_W +: ROW_W] == done_row[k*ROW_W +: ROW_W])");
    vgen_line(v, "done_first[k] = 1'b0;");
    vgen_end(v);
    vgen_end(v);
    vgen_begin(v, "for (p = 0; p < NUM_SEND; p = p + 1)");
    vgen_begin(v, "if (send_we[p] && send_row[p*ROW_W +: ROW_W] == done_row[k*ROW_W +: ROW_W])");
    vgen_line(v, "done_byp[k]   = 1'b1;");
    vgen_line(v, "byp_mask[k*LANES +: LANES] = send_mask_i[p*LANES +: LANES];");
    vgen_line(v, "byp_global[k] = send_global_i[p];");
    vgen_line(v, "byp_slots[k*LANES*SLOT_W +: LANES*SLOT_W] =");
    vgen_line(v, "    send_slots_i[p*LANES*SLOT_W +: LANES*SLOT_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_generate(v);
    labelled(v, "for (gk = 0; gk < NUM_DONE; gk = gk + 1)", "g_done_global");
    vgen_line(v, "assign row_global[gk] = glob_q[done_row[gk*ROW_W +: ROW_W]];");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_line(v, "assign done_global_o = (done_byp & byp_global) | (~done_byp & row_global);");
    vgen_blank(v);
    emit_send_writes(v, g, "glob_q", "send_global_i[%u]");
}

/* The rows each port writes as one-hot vectors over the rows, shared by
 * the lanes: a send's row, and the rows the dones clear. */
static void emit_row_writes(struct vgen *v)
{
    vgen_section(v, "The rows the sends write and the dones clear");
    vgen_line(v, "localparam [ROWS-1:0] ROW_ONE = {{(ROWS-1){1'b0}}, 1'b1};");
    vgen_line(v, "reg  [NUM_SEND*ROWS-1:0] send_hot;   // each send's row, one-hot (0: none)");
    vgen_line(v, "reg  [ROWS-1:0]          done_hot;   // the rows of this cycle's dones");
    vgen_line(v, "integer r;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "done_hot = {ROWS{1'b0}};");
    vgen_begin(v, "for (r = 0; r < NUM_SEND; r = r + 1)");
    vgen_line(v, "send_hot[r*ROWS +: ROWS] = send_we[r] ? ROW_ONE << send_row[r*ROW_W +: ROW_W]");
    vgen_line(v, "                                      : {ROWS{1'b0}};");
    vgen_end(v);
    vgen_begin(v, "for (r = 0; r < NUM_DONE; r = r + 1)");
    vgen_begin(v, "if (done_valid_i[r])");
    vgen_line(v, "done_hot = done_hot | ROW_ONE << done_row[r*ROW_W +: ROW_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
}

static void emit_banks(struct vgen *v, const struct mem_wait_geometry *g,
                       enum rtl_defect defect)
{
    static const struct vreg regs[] = {
        { "mask_q",  "{ROWS{1'b0}}",                "mask_d" },
        { "plane_q", "{(COUNT_W*NUM_SLOTS){1'b0}}", "plane_d" },
        { "pend_q",  "{NUM_SLOTS{1'b0}}",           "pend_d" },
    };
    bool first_lane = defect == DEFECT_MEM_WAIT_DONE_FIRST_LANE;

    vgen_section(v, "A bank per lane");
    vgen_line(v, "localparam [NUM_SLOTS-1:0] SLOT_ONE = {{(NUM_SLOTS-1){1'b0}}, 1'b1};");
    vgen_generate(v);
    labelled(v, "for (gl = 0; gl < LANES; gl = gl + 1)", "g_lane");
    vgen_line(v, "reg  [ROWS-1:0]              mask_q;   // the lane is in the row's load in flight");
    vgen_line(v, "reg  [ROWS-1:0]              mask_d;");
    vgen_line(v, "reg  [SLOT_W-1:0]            slot_q [0:ROWS-1];  // memory: its thread's warp slot");
    vgen_line(v, "// Per warp slot, the count of the lane's thread's global loads in");
    vgen_line(v, "// flight, as bit planes: bits [b*NUM_SLOTS +: NUM_SLOTS] are bit b");
    vgen_line(v, "// of every slot's count, so that a port's one-hot slot counts up or");
    vgen_line(v, "// down in all of them at once (a ripple of COUNT_W half adders).");
    vgen_line(v, "reg  [COUNT_W*NUM_SLOTS-1:0] plane_q;");
    vgen_line(v, "reg  [COUNT_W*NUM_SLOTS-1:0] plane_d;");
    vgen_line(v, "reg  [NUM_SLOTS-1:0]         pend_q;   // the count is not 0");
    vgen_line(v, "reg  [NUM_SLOTS-1:0]         pend_d;");
    vgen_line(v, "reg  [NUM_SLOTS-1:0]         carry;    // the ripple's carry (borrow)");
    vgen_line(v, "reg  [NUM_SLOTS-1:0]         next;");
    vgen_line(v, "wire [NUM_SEND*SLOT_W-1:0]   send_ts;  // each send's thread's warp slot in this lane");
    vgen_line(v, "wire [NUM_DONE*SLOT_W-1:0]   done_ts;  // each done's");
    vgen_line(v, "integer q, b;");
    vgen_blank(v);
    labelled(v, "for (gp = 0; gp < NUM_SEND; gp = gp + 1)", "g_send");
    vgen_line(v, "assign send_ts[gp*SLOT_W +: SLOT_W] = send_slots_i[(gp*LANES+gl)*SLOT_W +: SLOT_W];");
    vgen_end(v);
    vgen_line(v, "// The dones' reads: the bypassed send's, else the row's.");
    labelled(v, "for (gk = 0; gk < NUM_DONE; gk = gk + 1)", "g_done");
    vgen_line(v, "wire [ROW_W-1:0] row = done_row[gk*ROW_W +: ROW_W];");
    vgen_line(v, "assign done_mask_o[gk*LANES+gl] = done_first[gk] &&");
    vgen_line(v, "    (done_byp[gk] ? byp_mask[gk*LANES+gl] : mask_q[row]);");
    vgen_line(v, "assign done_ts[gk*SLOT_W +: SLOT_W] = done_byp[gk]");
    vgen_line(v, "    ? byp_slots[(gk*LANES+gl)*SLOT_W +: SLOT_W] : slot_q[row];");
    vgen_line(v, "assign done_slots_o[(gk*LANES+gl)*SLOT_W +: SLOT_W] = done_ts[gk*SLOT_W +: SLOT_W];");
    vgen_end(v);
    labelled(v, "for (gr = 0; gr < NUM_RD; gr = gr + 1)", "g_rd");
    vgen_line(v, "assign rd_mask_o[gr*LANES+gl] = mask_q[rd_row[gr*ROW_W +: ROW_W]];");
    vgen_end(v);
    labelled(v, "for (gs = 0; gs < NUM_SLOTS; gs = gs + 1)", "g_pending");
    vgen_line(v, "assign pending_o[gs*LANES+gl] = pend_q[gs];");
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// Next state: the sends in port order, then the dones; a thread's");
    vgen_line(v, "// count rises with a global send of its lane, falls with its done.");
    vgen_begin(v, "always @*");
    vgen_line(v, "mask_d  = mask_q;");
    vgen_line(v, "plane_d = plane_q;");
    vgen_line(v, "carry   = {NUM_SLOTS{1'b0}};");
    vgen_line(v, "next    = {NUM_SLOTS{1'b0}};");
    vgen_begin(v, "for (q = 0; q < NUM_SEND; q = q + 1)");
    vgen_begin(v, "if (send_mask_i[q*LANES+gl])");
    vgen_line(v, "mask_d = mask_d | send_hot[q*ROWS +: ROWS];");
    vgen_else(v);
    vgen_line(v, "mask_d = mask_d & ~send_hot[q*ROWS +: ROWS];");
    vgen_end(v);
    vgen_begin(v, "if (send_we[q] && send_global_i[q] && send_mask_i[q*LANES+gl])");
    vgen_line(v, "carry = SLOT_ONE << send_ts[q*SLOT_W +: SLOT_W];");
    vgen_begin(v, "for (b = 0; b < COUNT_W; b = b + 1)");
    vgen_line(v, "next  = plane_d[b*NUM_SLOTS +: NUM_SLOTS] & carry;");
    vgen_line(v, "plane_d[b*NUM_SLOTS +: NUM_SLOTS] = plane_d[b*NUM_SLOTS +: NUM_SLOTS] ^ carry;");
    vgen_line(v, "carry = next;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "mask_d = mask_d & ~done_hot;");
    vgen_begin(v, "for (q = 0; q < NUM_DONE; q = q + 1)");
    if (first_lane) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a done counts one",
                  rtl_defect_name(defect));
        vgen_line(v, "// fewer only for its first lane's thread: the other lanes'");
        vgen_line(v, "// threads wait on global memory for ever.");
        vgen_begin(v, "if (gl == 0 && done_global_o[q] && done_mask_o[q*LANES+gl])");
    } else {
        vgen_begin(v, "if (done_global_o[q] && done_mask_o[q*LANES+gl])");
    }
    vgen_line(v, "carry = SLOT_ONE << done_ts[q*SLOT_W +: SLOT_W];");
    vgen_begin(v, "for (b = 0; b < COUNT_W; b = b + 1)");
    vgen_line(v, "next  = ~plane_d[b*NUM_SLOTS +: NUM_SLOTS] & carry;");
    vgen_line(v, "plane_d[b*NUM_SLOTS +: NUM_SLOTS] = plane_d[b*NUM_SLOTS +: NUM_SLOTS] ^ carry;");
    vgen_line(v, "carry = next;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "pend_d = {NUM_SLOTS{1'b0}};");
    vgen_begin(v, "for (b = 0; b < COUNT_W; b = b + 1)");
    vgen_line(v, "pend_d = pend_d | plane_d[b*NUM_SLOTS +: NUM_SLOTS];");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
    vgen_blank(v);
    emit_send_writes(v, g, "slot_q", "send_ts[%u*SLOT_W +: SLOT_W]");
    vgen_end(v);
    vgen_endgenerate(v);
}

void emit_mem_wait(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect)
{
    struct mem_wait_geometry g;

    mem_wait_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_rows(v);
    emit_done_ports(v, &g);
    emit_row_writes(v);
    emit_banks(v, &g, defect);
    vgen_module_end(v, "simtref_mem_wait");
}
