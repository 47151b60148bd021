/*
 * emit_ibuffer.c -- the Verilog of the data half of one warp scheduler's
 * I-buffers (simtref_ibuffer).
 *
 * Ports and behaviour are those of the C model, golden/structures/
 * ibuffer.h, beside simtref_fetch (which holds the slots' v and r bits:
 * the same warps, the same events of a cycle), and gives every warp's head
 * at once, which the model gives warp by warp through its read port.  The
 * model shifts a warp's slots down at an issue and its fetches in flight
 * down at a fill; the module keeps each warp's slots and its fetches in
 * flight as two circular queues in memories (one entry per warp per
 * slot), a head pointer and a count each, so that a cycle writes one slot
 * entry (the fill) and one in-flight entry (the fetch) and moves no
 * data.  Slot k of
 * the fetch unit is entry (head + k) mod SLOTS of the warp here.  The
 * placement's clear is a write-first bypass: the read port sees a warp
 * cleared in the cycle of its clear, as the SM reads it.
 */
#include <stdio.h>

#include "emit_common.h"
#include "rtlgen.h"
#include "ibuffer.h"
#include "bits.h"

/* The widths the emitter computes beside the module's parameters, so that
 * every zero extension is written out (Verilog-2005 has no zero-width
 * replication). */
struct widths {
    unsigned warp_w;        /* a warp id: as simtref_fetch's, >= 1 */
    unsigned ptr_w;         /* a slot of a warp's queue, >= 1 */
    unsigned idx_w;         /* an entry of a slot memory: warp x SLOTS + slot */
    unsigned sum_w;         /* a pointer plus a count, before the wrap */
};

static void widths_of(const struct ibuffer_geometry *g, struct widths *w)
{
    unsigned slot_bits = clog2(g->slots);

    w->warp_w = g->warps > 1 ? clog2(g->warps) : 1;
    w->ptr_w = g->slots > 1 ? slot_bits : 1;
    w->idx_w = w->warp_w + slot_bits;
    w->sum_w = (w->ptr_w > g->cnt_w ? w->ptr_w : g->cnt_w) + 1;
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct ibuffer_geometry *g,
                        const struct widths *w)
{
    unsigned long pointers = 2ul * g->warps * w->ptr_w;
    const struct vparam params[] = {
        { "NUM_WARPS", g->warps,     NULL, "warps of this scheduler" },
        { "SLOTS",     g->slots,     NULL, "I-buffer slots per warp, and fetches in flight at most" },
        { "PC_W",      g->pc_w,      NULL, "a PC: the byte address the fetch reads" },
        { "LANES",     g->warp_size, NULL, "bits of an active mask" },
        { "WORD_W",    g->word_w,    NULL, "bits of an instruction word" },
        { NULL, 0, NULL, "Derived widths" },
        { "WARP_W", 0, "(NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1", "warp id, as simtref_fetch's" },
        { "CNT_W",  0, "$clog2(SLOTS + 1)", "slots filled or fetches in flight, 0..SLOTS" },
        { "PTR_W",  0, "(SLOTS > 1) ? $clog2(SLOTS) : 1", "a slot of a warp's queue" },
        { "IDX_W",  0, "WARP_W + $clog2(SLOTS)", "an entry of a slot memory" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset (the memories are not reset: a count says what they hold)" },
        { "input",  "",                "clk_i",         "clock" },
        { "input",  "",                "rst_ni",        "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Placement: warps whose I-buffer data is forgotten, first of the cycle" },
        { "input",  "[NUM_WARPS-1:0]", "clear_i",       "a new warp takes the slot: seen cleared by the read port now" },
        { NULL, NULL, NULL, "Events of this cycle, those of simtref_fetch" },
        { "input",  "",                "flush_valid_i", "a flush (a control transfer, a launch) ..." },
        { "input",  "[WARP_W-1:0]",    "flush_warp_i",  "... of this warp: wins over its other events" },
        { "input",  "",                "issue_valid_i", "an issue ..." },
        { "input",  "[WARP_W-1:0]",    "issue_warp_i",  "... from this warp: its oldest slot leaves" },
        { "input",  "",                "fill_valid_i",  "a fetch returns ..." },
        { "input",  "[WARP_W-1:0]",    "fill_warp_i",   "... for this warp: its oldest in flight lands after the last slot ..." },
        { "input",  "[WORD_W-1:0]",    "fill_word_i",   "... with the word the instruction memory answered for it" },
        { NULL, NULL, NULL, "The fetch sent this cycle (simtref_fetch's fetch_valid_o, fetch_warp_o)" },
        { "input",  "",                "fetch_valid_i", "a fetch is sent ..." },
        { "input",  "[WARP_W-1:0]",    "fetch_warp_i",  "... for this warp ..." },
        { "input",  "[PC_W-1:0]",      "fetch_pc_i",    "... at this PC ..." },
        { "input",  "[LANES-1:0]",     "fetch_mask_i",  "... with this mask" },
        { NULL, NULL, NULL, "Warps the fetch unit empties for holding no instruction stream" },
        { "input",  "[NUM_WARPS-1:0]", "empty_i",       "dropped as by a flush, after the events" },
        { NULL, NULL, NULL, "Read port" },
        { "input",  "[WARP_W-1:0]",    "rd_warp_i",     "the warp read" },
        { "output", "",                "head_valid_o",  "it holds a slot ..." },
        { "output", "[PC_W-1:0]",      "head_pc_o",     "... the oldest: its PC ..." },
        { "output", "[LANES-1:0]",     "head_mask_o",   "... its mask ..." },
        { "output", "[WORD_W-1:0]",    "head_word_o",   "... and its instruction word" },
        { "output", "",                "next_valid_o",  "its next fetch continues its last: ..." },
        { "output", "[PC_W-1:0]",      "next_pc_o",     "... it reads this PC ..." },
        { "output", "[LANES-1:0]",     "next_mask_o",   "... with this mask" },
        { "output", "",                "refill_o",      "emptied by a flush, nothing landed since" },
        { NULL, NULL, NULL, "Fetch's read port: the next fetch of another warp in the same cycle" },
        { "input",  "[WARP_W-1:0]",    "frd_warp_i",    "the warp the fetch unit fetches for" },
        { "output", "",                "frd_valid_o",   "its next fetch continues its last: ..." },
        { "output", "[PC_W-1:0]",      "frd_pc_o",      "... it reads this PC ..." },
        { "output", "[LANES-1:0]",     "frd_mask_o",    "... with this mask" },
        { NULL, NULL, NULL, "Every warp's oldest slot, for the issue check (bit or field w: warp w)" },
        { "output", "[NUM_WARPS-1:0]",        "hd_valid_o", "the warp holds a slot ..." },
        { "output", "[NUM_WARPS*PC_W-1:0]",   "hd_pc_o",    "... the oldest: its PC ..." },
        { "output", "[NUM_WARPS*LANES-1:0]",  "hd_mask_o",  "... its mask ..." },
        { "output", "[NUM_WARPS*WORD_W-1:0]", "hd_word_o",  "... and its instruction word" },
    };

    emit_file_header(v, "simtref_ibuffer.v", "I-buffer data: the fetched PCs, masks and words",
                     "docs/sm-timing.md; C model: golden/structures/ibuffer.c.", cfg);
    vgen_line(v, "// The data half of the I-buffers of one warp scheduler; simtref_fetch");
    vgen_line(v, "// holds the slots' valid and ready bits.  Per warp: the PCs, masks and");
    vgen_line(v, "// words of its slots and the PCs and masks of its fetches in flight, each");
    vgen_line(v, "// a circular queue in a memory (one entry per warp per slot) with a head");
    vgen_line(v, "// pointer and a count; slot k of simtref_fetch is entry (head + k) mod");
    vgen_line(v, "// SLOTS here.  An issue moves the head, a fill copies the oldest fetch in");
    vgen_line(v, "// flight after the last slot with the word the instruction memory");
    vgen_line(v, "// answered, a fetch writes the PC and mask after the last one in flight");
    vgen_line(v, "// and the next fetch's PC (+4) and mask.  Events apply in the order");
    vgen_line(v, "// clear, then (flush, else issue, fill, fetch), then empty; an issue");
    vgen_line(v, "// makes room for a fill of its edge, a fill for a fetch of its edge.");
    vgen_line(v, "// Every warp's oldest slot is an output too (hd_*), for the issue check.");
    vgen_line(v, "// Storage: %lu bits: the model's %lu (per warp %u slot entries of %u bits:",
              ibuffer_state_bits(g) + pointers, ibuffer_state_bits(g), g->slots,
              g->pc_w + g->warp_size + g->word_w);
    vgen_line(v, "// PC, mask, word; %u in-flight entries of %u; the next PC and mask, the two",
              g->slots, g->pc_w + g->warp_size);
    vgen_line(v, "// counts, have_next and refill) and the queues' head pointers, %lu.", pointers);
    vgen_blank(v);
    vgen_module_begin(v, "simtref_ibuffer", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

/* The functions that place a warp's slot in a memory and step round its
 * queue. */
static void emit_functions(struct vgen *v, const struct ibuffer_geometry *g,
                           const struct widths *w)
{
    char a[96], b[96], pa[16], pb[16];

    vgen_section(v, "A warp's queue: its slots' entries, a pointer moved round");
    vgen_line(v, "localparam [IDX_W-1:0] SLOTS_I = %u'd%u;   // SLOTS", w->idx_w, g->slots);
    vgen_line(v, "localparam [%u:0]       SLOTS_S = %u'd%u;   // SLOTS", w->sum_w - 1,
              w->sum_w, g->slots);
    vgen_line(v, "localparam [CNT_W-1:0] FULL    = %u'd%u;   // SLOTS", g->cnt_w, g->slots);
    vgen_line(v, "localparam [CNT_W-1:0] ONE_C   = %u'd1;", g->cnt_w);
    vgen_line(v, "localparam [CNT_W-1:0] NONE_C  = {CNT_W{1'b0}};");
    vgen_blank(v);
    vgen_line(v, "// Entry `slot` of warp `warp` in a slot memory: warp x SLOTS + slot.");
    vgen_line(v, "function [IDX_W-1:0] entry;");
    vgen_indent(v);
    vgen_line(v, "input [WARP_W-1:0] warp;");
    vgen_line(v, "input [PTR_W-1:0]  slot;");
    vgen_line(v, "entry = %s * SLOTS_I + %s;",
              vgen_zext(a, sizeof a, w->idx_w - w->warp_w, "IDX_W-WARP_W", "warp"),
              vgen_zext(b, sizeof b, w->idx_w - w->ptr_w, "IDX_W-PTR_W", "slot"));
    vgen_dedent(v);
    vgen_line(v, "endfunction");
    vgen_blank(v);
    vgen_line(v, "// The slot n places after `base` round the queue: (base + n) mod SLOTS,");
    vgen_line(v, "// n in 0..SLOTS.");
    vgen_line(v, "function [PTR_W-1:0] after;");
    vgen_indent(v);
    vgen_line(v, "input [PTR_W-1:0] base;");
    vgen_line(v, "input [CNT_W-1:0] n;");
    vgen_line(v, "reg   [%u:0]       sum;", w->sum_w - 1);
    vgen_line(v, "begin");
    vgen_indent(v);
    snprintf(pa, sizeof pa, "%u", w->sum_w - w->ptr_w);
    snprintf(pb, sizeof pb, "%u", w->sum_w - g->cnt_w);
    vgen_line(v, "sum   = %s + %s;",
              vgen_zext(a, sizeof a, w->sum_w - w->ptr_w, pa, "base"),
              vgen_zext(b, sizeof b, w->sum_w - g->cnt_w, pb, "n"));
    vgen_line(v, "sum   = (sum >= SLOTS_S) ? sum - SLOTS_S : sum;");
    vgen_line(v, "after = sum[PTR_W-1:0];");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "endfunction");
}

static void emit_state(struct vgen *v)
{
    vgen_section(v, "State: per warp the queues' counts and heads, have_next, refill");
    vgen_line(v, "reg  [NUM_WARPS*CNT_W-1:0] cnt_q;        // slots filled");
    vgen_line(v, "reg  [NUM_WARPS*PTR_W-1:0] head_q;       // the oldest slot's entry");
    vgen_line(v, "reg  [NUM_WARPS*CNT_W-1:0] fcnt_q;       // fetches in flight");
    vgen_line(v, "reg  [NUM_WARPS*PTR_W-1:0] fhead_q;      // the oldest fetch in flight's entry");
    vgen_line(v, "reg  [NUM_WARPS-1:0]       have_next_q;  // next PC and mask continue the last fetch");
    vgen_line(v, "reg  [NUM_WARPS-1:0]       refill_q;     // emptied by a flush, nothing landed since");
    vgen_blank(v);
    vgen_line(v, "// Memories, one entry per warp per slot (the next fetch's: one per warp).");
    vgen_line(v, "reg  [PC_W-1:0]  slot_pc_q   [0:NUM_WARPS*SLOTS-1];   // the slots' PCs");
    vgen_line(v, "reg  [LANES-1:0] slot_mask_q [0:NUM_WARPS*SLOTS-1];   // ... masks");
    vgen_line(v, "reg  [WORD_W-1:0] slot_word_q [0:NUM_WARPS*SLOTS-1];  // ... and words");
    vgen_line(v, "reg  [PC_W-1:0]  fly_pc_q    [0:NUM_WARPS*SLOTS-1];   // the fetches in flight's PCs");
    vgen_line(v, "reg  [LANES-1:0] fly_mask_q  [0:NUM_WARPS*SLOTS-1];   // ... and masks");
    vgen_line(v, "reg  [PC_W-1:0]  next_pc_q   [0:NUM_WARPS-1];         // the PC the next fetch reads");
    vgen_line(v, "reg  [LANES-1:0] next_mask_q [0:NUM_WARPS-1];         // ... with this mask");
}

static void emit_clear(struct vgen *v)
{
    vgen_section(v, "The placement's clear, first of the cycle (write-first)");
    vgen_line(v, "// What the read port and the events see: a cleared warp holds nothing,");
    vgen_line(v, "// continues no fetch and is not refilling.");
    vgen_line(v, "wire [NUM_WARPS*CNT_W-1:0] cnt_c, fcnt_c;");
    vgen_line(v, "wire [NUM_WARPS-1:0]       have_c   = have_next_q & ~clear_i;");
    vgen_line(v, "wire [NUM_WARPS-1:0]       refill_c = refill_q & ~clear_i;");
    vgen_line(v, "genvar gw;");
    vgen_generate(v);
    vgen_begin_named(v, "g_clear", "for (gw = 0; gw < NUM_WARPS; gw = gw + 1)");
    vgen_line(v, "assign cnt_c[gw*CNT_W +: CNT_W]  = clear_i[gw] ? NONE_C : cnt_q[gw*CNT_W +: CNT_W];");
    vgen_line(v, "assign fcnt_c[gw*CNT_W +: CNT_W] = clear_i[gw] ? NONE_C : fcnt_q[gw*CNT_W +: CNT_W];");
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_events(struct vgen *v, const struct ibuffer_geometry *g,
                        const struct widths *w)
{
    char a[64], b[64], c[64], d[64];

    vgen_section(v, "Events: which of this cycle's take effect");
    if (!is_pow2(g->warps))
        vgen_line(v, "localparam [WARP_W-1:0] LAST_WARP = %u'd%u;   // NUM_WARPS - 1",
                  w->warp_w, g->warps - 1);
    vgen_line(v, "wire flush_ok = flush_valid_i && %s;",
              emit_names_warp(a, sizeof a, g->warps, "flush_warp_i"));
    vgen_line(v, "// A flushed warp takes no other event of its edge.");
    vgen_line(v, "wire issue_ok = issue_valid_i && %s &&",
              emit_names_warp(b, sizeof b, g->warps, "issue_warp_i"));
    vgen_line(v, "                !(flush_ok && flush_warp_i == issue_warp_i) &&");
    vgen_line(v, "                cnt_c[issue_warp_i*CNT_W +: CNT_W] != NONE_C;");
    vgen_line(v, "// A fill needs a fetch in flight and a free slot, which the issue of");
    vgen_line(v, "// its edge makes.");
    vgen_line(v, "wire fill_ok  = fill_valid_i && %s &&",
              emit_names_warp(c, sizeof c, g->warps, "fill_warp_i"));
    vgen_line(v, "                !(flush_ok && flush_warp_i == fill_warp_i) &&");
    vgen_line(v, "                fcnt_c[fill_warp_i*CNT_W +: CNT_W] != NONE_C &&");
    vgen_line(v, "                (cnt_c[fill_warp_i*CNT_W +: CNT_W] != FULL ||");
    vgen_line(v, "                 (issue_ok && issue_warp_i == fill_warp_i));");
    vgen_line(v, "// A fetch needs room in flight, which the fill of its edge makes.");
    vgen_line(v, "wire fetch_ok = fetch_valid_i && %s &&",
              emit_names_warp(d, sizeof d, g->warps, "fetch_warp_i"));
    vgen_line(v, "                !(flush_ok && flush_warp_i == fetch_warp_i) &&");
    vgen_line(v, "                (fcnt_c[fetch_warp_i*CNT_W +: CNT_W] != FULL ||");
    vgen_line(v, "                 (fill_ok && fill_warp_i == fetch_warp_i));");
}

static void emit_next_state(struct vgen *v)
{
    const struct vreg regs[] = {
        { "cnt_q",       "{NUM_WARPS*CNT_W{1'b0}}", "cnt_d" },
        { "head_q",      "{NUM_WARPS*PTR_W{1'b0}}", "head_d" },
        { "fcnt_q",      "{NUM_WARPS*CNT_W{1'b0}}", "fcnt_d" },
        { "fhead_q",     "{NUM_WARPS*PTR_W{1'b0}}", "fhead_d" },
        { "have_next_q", "{NUM_WARPS{1'b0}}",       "have_next_d" },
        { "refill_q",    "{NUM_WARPS{1'b0}}",       "refill_d" },
    };

    vgen_section(v, "Next state of every warp's counts, heads and bits");
    vgen_line(v, "reg  [NUM_WARPS*CNT_W-1:0] cnt_d, fcnt_d;");
    vgen_line(v, "reg  [NUM_WARPS*PTR_W-1:0] head_d, fhead_d;");
    vgen_line(v, "reg  [NUM_WARPS-1:0]       have_next_d, refill_d;");
    vgen_line(v, "integer nw;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "cnt_d       = cnt_c;");
    vgen_line(v, "fcnt_d      = fcnt_c;");
    vgen_line(v, "head_d      = head_q;");
    vgen_line(v, "fhead_d     = fhead_q;");
    vgen_line(v, "have_next_d = have_c;");
    vgen_line(v, "refill_d    = refill_c;");
    vgen_begin(v, "for (nw = 0; nw < NUM_WARPS; nw = nw + 1)");
    vgen_line(v, "// A flush, or the fetch unit emptying the warp (which comes after the");
    vgen_line(v, "// events): its slots and fetches in flight are dropped, it refills.");
    vgen_begin(v, "if ((flush_ok && flush_warp_i == nw[WARP_W-1:0]) || empty_i[nw])");
    vgen_line(v, "cnt_d[nw*CNT_W +: CNT_W]  = NONE_C;");
    vgen_line(v, "fcnt_d[nw*CNT_W +: CNT_W] = NONE_C;");
    vgen_line(v, "have_next_d[nw]           = 1'b0;");
    vgen_line(v, "refill_d[nw]              = 1'b1;");
    vgen_else(v);
    vgen_line(v, "// An issue: the oldest slot leaves, the head moves on.");
    vgen_begin(v, "if (issue_ok && issue_warp_i == nw[WARP_W-1:0])");
    vgen_line(v, "head_d[nw*PTR_W +: PTR_W] = after(head_q[nw*PTR_W +: PTR_W], ONE_C);");
    vgen_line(v, "cnt_d[nw*CNT_W +: CNT_W]  = cnt_d[nw*CNT_W +: CNT_W] - ONE_C;");
    vgen_end(v);
    vgen_line(v, "// A fill: the oldest fetch in flight lands after the last slot.");
    vgen_begin(v, "if (fill_ok && fill_warp_i == nw[WARP_W-1:0])");
    vgen_line(v, "fhead_d[nw*PTR_W +: PTR_W] = after(fhead_q[nw*PTR_W +: PTR_W], ONE_C);");
    vgen_line(v, "fcnt_d[nw*CNT_W +: CNT_W]  = fcnt_d[nw*CNT_W +: CNT_W] - ONE_C;");
    vgen_line(v, "cnt_d[nw*CNT_W +: CNT_W]   = cnt_d[nw*CNT_W +: CNT_W] + ONE_C;");
    vgen_line(v, "refill_d[nw]               = 1'b0;");
    vgen_end(v);
    vgen_line(v, "// A fetch goes in flight, and the next one continues it.");
    vgen_begin(v, "if (fetch_ok && fetch_warp_i == nw[WARP_W-1:0])");
    vgen_line(v, "fcnt_d[nw*CNT_W +: CNT_W] = fcnt_d[nw*CNT_W +: CNT_W] + ONE_C;");
    vgen_line(v, "have_next_d[nw]           = 1'b1;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
}

static void emit_memories(struct vgen *v, const struct ibuffer_geometry *g,
                          enum rtl_defect defect)
{
    vgen_section(v, "Memories: the fill's write into the slots, the fetch's into flight");
    vgen_line(v, "wire [PTR_W-1:0] fill_head  = head_q[fill_warp_i*PTR_W +: PTR_W];");
    vgen_line(v, "wire [PTR_W-1:0] fill_fly   = fhead_q[fill_warp_i*PTR_W +: PTR_W];");
    vgen_line(v, "wire [PTR_W-1:0] fetch_fly  = fhead_q[fetch_warp_i*PTR_W +: PTR_W];");
    if (defect == DEFECT_IBUFFER_FILL_OVER_HEAD) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a fill is written into the",
                  rtl_defect_name(defect));
        vgen_line(v, "// warp's oldest slot instead of after its last.");
        vgen_line(v, "wire [IDX_W-1:0] fill_at    = entry(fill_warp_i, fill_head);");
    } else {
        vgen_line(v, "// After the last slot: head + count (an issue of this edge moves the");
        vgen_line(v, "// head on and the count down, the same place).");
        vgen_line(v, "wire [IDX_W-1:0] fill_at    = entry(fill_warp_i,");
        vgen_line(v, "                                    after(fill_head, cnt_c[fill_warp_i*CNT_W +: CNT_W]));");
    }
    vgen_line(v, "wire [IDX_W-1:0] fly_at     = entry(fill_warp_i, fill_fly);");
    vgen_line(v, "// After the last fetch in flight (a fill of this edge frees the oldest,");
    vgen_line(v, "// read before it is written).");
    vgen_line(v, "wire [IDX_W-1:0] fetch_at   = entry(fetch_warp_i,");
    vgen_line(v, "                                    after(fetch_fly, fcnt_c[fetch_warp_i*CNT_W +: CNT_W]));");
    if (defect == DEFECT_IBUFFER_WORD_AT_FLIGHT) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the fill's word is written at",
                  rtl_defect_name(defect));
        vgen_line(v, "// the entry its fetch held in flight, not at the slot it lands in.");
        vgen_line(v, "wire [IDX_W-1:0] word_at    = fly_at;");
    } else {
        vgen_line(v, "wire [IDX_W-1:0] word_at    = fill_at;");
    }
    vgen_line(v, "wire [PC_W-1:0]  landing_pc   = fly_pc_q[fly_at];");
    vgen_line(v, "wire [LANES-1:0] landing_mask = fly_mask_q[fly_at];");
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_begin(v, "if (fill_ok)");
    vgen_line(v, "slot_pc_q[fill_at]   <= landing_pc;");
    vgen_line(v, "slot_mask_q[fill_at] <= landing_mask;");
    vgen_line(v, "slot_word_q[word_at] <= fill_word_i;");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_begin(v, "if (fetch_ok)");
    vgen_line(v, "fly_pc_q[fetch_at]          <= fetch_pc_i;");
    vgen_line(v, "fly_mask_q[fetch_at]        <= fetch_mask_i;");
    vgen_line(v, "next_pc_q[fetch_warp_i]     <= fetch_pc_i + %u'd4;", g->pc_w);
    vgen_line(v, "next_mask_q[fetch_warp_i]   <= fetch_mask_i;");
    vgen_end(v);
    vgen_end(v);
}

static void emit_read(struct vgen *v)
{
    vgen_section(v, "Read port: the warp's oldest slot, its next fetch, its refill bit");
    vgen_line(v, "// The PCs and masks are what the memories hold; they mean something");
    vgen_line(v, "// only with their valid bits.");
    vgen_line(v, "assign head_valid_o = cnt_c[rd_warp_i*CNT_W +: CNT_W] != NONE_C;");
    vgen_line(v, "assign head_pc_o    = slot_pc_q[entry(rd_warp_i, head_q[rd_warp_i*PTR_W +: PTR_W])];");
    vgen_line(v, "assign head_mask_o  = slot_mask_q[entry(rd_warp_i, head_q[rd_warp_i*PTR_W +: PTR_W])];");
    vgen_line(v, "assign head_word_o  = slot_word_q[entry(rd_warp_i, head_q[rd_warp_i*PTR_W +: PTR_W])];");
    vgen_line(v, "assign next_valid_o = have_c[rd_warp_i];");
    vgen_line(v, "assign next_pc_o    = next_pc_q[rd_warp_i];");
    vgen_line(v, "assign next_mask_o  = next_mask_q[rd_warp_i];");
    vgen_line(v, "assign refill_o     = refill_c[rd_warp_i];");
    vgen_line(v, "// The second port: in the SM the issue reads the granted warp's head");
    vgen_line(v, "// while the fetch reads the fetched warp's next (simtref_sm_front).");
    vgen_line(v, "assign frd_valid_o  = have_c[frd_warp_i];");
    vgen_line(v, "assign frd_pc_o     = next_pc_q[frd_warp_i];");
    vgen_line(v, "assign frd_mask_o   = next_mask_q[frd_warp_i];");
}

static void emit_heads(struct vgen *v)
{
    vgen_section(v, "Every warp's oldest slot, as the read port gives it");
    vgen_generate(v);
    vgen_begin_named(v, "g_head", "for (gw = 0; gw < NUM_WARPS; gw = gw + 1)");
    vgen_line(v, "localparam [WARP_W-1:0] WARP = gw;");
    vgen_line(v, "wire [IDX_W-1:0] at = entry(WARP, head_q[gw*PTR_W +: PTR_W]);");
    vgen_line(v, "assign hd_valid_o[gw]                 = cnt_c[gw*CNT_W +: CNT_W] != NONE_C;");
    vgen_line(v, "assign hd_pc_o[gw*PC_W +: PC_W]       = slot_pc_q[at];");
    vgen_line(v, "assign hd_mask_o[gw*LANES +: LANES]   = slot_mask_q[at];");
    vgen_line(v, "assign hd_word_o[gw*WORD_W +: WORD_W] = slot_word_q[at];");
    vgen_end(v);
    vgen_endgenerate(v);
}

void emit_ibuffer(struct vgen *v, const struct simt_config *cfg,
                  enum rtl_defect defect)
{
    struct ibuffer_geometry g;
    struct widths w;

    ibuffer_geometry(cfg, &g);
    widths_of(&g, &w);
    emit_header(v, cfg, &g, &w);
    emit_functions(v, &g, &w);
    emit_state(v);
    emit_clear(v);
    emit_events(v, &g, &w);
    emit_next_state(v);
    emit_memories(v, &g, defect);
    emit_read(v);
    emit_heads(v);
    vgen_module_end(v, "simtref_ibuffer");
}
