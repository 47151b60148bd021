/*
 * emit_shared_mem.c -- the Verilog of the shared memory's bank-conflict
 * logic (simtref_shared_mem).
 *
 * Ports and behaviour are those of the C model,
 * golden/structures/shared_mem.h: a warp's request (lanes and addresses)
 * in, the bank cycles of its worst conflict and the replay out.  The data
 * is not here: the model keeps it in the SM's memory, and the lanes and
 * addresses of a replay stay in the load/store unit's coalescer
 * (docs/rtl-boundary.md).  The
 * module is the conflict count (distinct words per bank, the worst bank)
 * and one register, the replay's bank cycles still to go.
 */
#include "rtlgen.h"
#include "bits.h"
#include "shared_mem.h"

/* Widths from the geometry. */
struct smem_widths {
    unsigned cnt_w;         /* bank cycles, 0..lanes */
    unsigned off_w;         /* byte in a bank word */
    unsigned bank_w;        /* bank number (0 with one bank) */
};

static void widths(const struct shared_mem_geometry *g, struct smem_widths *w)
{
    w->cnt_w = bits_for(g->lanes);
    w->off_w = clog2(g->bank_bytes);
    w->bank_w = clog2(g->banks);
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct shared_mem_geometry *g,
                        const struct smem_widths *w)
{
    const struct vparam params[] = {
        { "LANES",      g->lanes,      NULL, "lanes of a warp: the most ways of a conflict" },
        { "BANKS",      g->banks,      NULL, "banks, a power of two" },
        { "BANK_BYTES", g->bank_bytes, NULL, "bytes of a bank word, a power of two" },
        { NULL, 0, NULL, "Derived widths (from the generator)" },
        { "CNT_W",  w->cnt_w,  NULL, "bank cycles, 0..LANES" },
        { "OFF_W",  0, "$clog2(BANK_BYTES)", "byte within a bank word" },
        { "WORD_W", 0, "32 - OFF_W",         "a word's number: the address less the byte" },
        { "BANK_W", 0, "$clog2(BANKS)",      "a bank's number: the word's low bits" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",              "clk_i",   "clock" },
        { "input",  "",              "rst_ni",  "asynchronous reset, active low" },
        { NULL, NULL, NULL, "A warp's request (taken when not busy)" },
        { "input",  "",              "valid_i", "a request this cycle" },
        { "input",  "[LANES-1:0]",   "mask_i",  "... its lanes" },
        { "input",  "[LANES*32-1:0]","addr_i",  "... each lane's byte address" },
        { NULL, NULL, NULL, "The banks" },
        { "output", "",              "busy_o",   "a replay holds the banks this cycle" },
        { "output", "",              "done_o",   "the request's last bank cycle" },
        { "output", "[CNT_W-1:0]",   "cycles_o", "a new request's bank cycles: its worst conflict" },
    };

    emit_file_header(v, "simtref_shared_mem.v", "shared-memory bank conflicts",
                     "docs/memory.md; C model: golden/structures/shared_mem.c.",
                     cfg);
    vgen_line(v, "// The word of a byte address is the address over BANK_BYTES, its bank");
    vgen_line(v, "// the word modulo BANKS.  A bank serves one word a cycle to any number");
    vgen_line(v, "// of lanes (lanes on one word share it), so a request takes as many");
    vgen_line(v, "// cycles as the most distinct words one bank is asked for.  Its first");
    vgen_line(v, "// cycle is the one it is taken in; the banks are busy for the rest.");
    vgen_line(v, "// Storage: the bank cycles still to go, %lu bits.",
              shared_mem_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_shared_mem", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_conflict(struct vgen *v, const struct smem_widths *w,
                          enum rtl_defect defect)
{
    bool high_bit = defect == DEFECT_SHARED_MEM_TOP_BIT_BROADCAST;

    vgen_section(v, "The worst conflict: distinct words per bank");
    vgen_line(v, "// A lane is the first of its word when no lane below it asks for the");
    vgen_line(v, "// same word; a bank's cycles are the first lanes on it.");
    vgen_line(v, "localparam [CNT_W-1:0] ONE = %u'd1;", w->cnt_w);
    vgen_line(v, "reg  [LANES*WORD_W-1:0] word;        // each lane's word");
    vgen_line(v, "reg  [LANES-1:0]        first;       // the first lane of its word");
    vgen_line(v, "reg  [CNT_W-1:0]        on_bank;     // first lanes on a lane's bank");
    vgen_line(v, "reg  [CNT_W-1:0]        ways;        // the worst bank's");
    vgen_line(v, "integer i, j;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_begin(v, "for (i = 0; i < LANES; i = i + 1)");
    vgen_line(v, "word[i*WORD_W +: WORD_W] = addr_i[i*32+OFF_W +: WORD_W];");
    vgen_end(v);
    vgen_begin(v, "for (i = 0; i < LANES; i = i + 1)");
    vgen_line(v, "first[i] = mask_i[i];");
    vgen_line(v, "for (j = 0; j < i; j = j + 1)");
    if (high_bit) {
        vgen_line(v, "  // DELIBERATE DEFECT (%s): the top bit of the word is",
                  rtl_defect_name(defect));
        vgen_line(v, "  // not compared: two words on one bank that differ only there");
        vgen_line(v, "  // are taken for one, served to both lanes in one cycle.");
        vgen_line(v, "  if (mask_i[j] && word[j*WORD_W +: WORD_W-1] == word[i*WORD_W +: WORD_W-1])");
    } else {
        vgen_line(v, "  if (mask_i[j] && word[j*WORD_W +: WORD_W] == word[i*WORD_W +: WORD_W])");
    }
    vgen_line(v, "    first[i] = 1'b0;");
    vgen_end(v);
    vgen_line(v, "ways = {CNT_W{1'b0}};");
    vgen_begin(v, "for (i = 0; i < LANES; i = i + 1)");
    vgen_line(v, "on_bank = {CNT_W{1'b0}};");
    vgen_line(v, "for (j = 0; j < LANES; j = j + 1)");
    if (w->bank_w == 0)
        vgen_line(v, "  if (first[j])                     // one bank: every word on it");
    else
        vgen_line(v, "  if (first[j] && word[j*WORD_W +: BANK_W] == word[i*WORD_W +: BANK_W])");
    vgen_line(v, "    on_bank = on_bank + ONE;");
    vgen_line(v, "if (first[i] && on_bank > ways) ways = on_bank;");
    vgen_end(v);
    vgen_end(v);
}

static void emit_replay(struct vgen *v)
{
    const struct vreg regs[] = {
        { "left_q", "{CNT_W{1'b0}}", "left_d" },
    };

    vgen_section(v, "The replay: the bank cycles still to go");
    vgen_line(v, "reg  [CNT_W-1:0] left_q;     // this one included; 0: idle");
    vgen_line(v, "reg  [CNT_W-1:0] left_d;");
    vgen_line(v, "wire             busy = left_q != {CNT_W{1'b0}};");
    vgen_line(v, "wire [CNT_W-1:0] cycles = !busy && valid_i ? ways : {CNT_W{1'b0}};");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_begin(v, "if (busy)");
    vgen_line(v, "left_d = left_q - ONE;");
    vgen_elsif(v, "cycles > ONE");
    vgen_line(v, "left_d = cycles - ONE;");
    vgen_else(v);
    vgen_line(v, "left_d = {CNT_W{1'b0}};");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
    vgen_blank(v);
    vgen_line(v, "assign busy_o   = busy;");
    vgen_line(v, "assign done_o   = busy ? left_q == ONE : valid_i && cycles <= ONE;");
    vgen_line(v, "assign cycles_o = cycles;");
}

void emit_shared_mem(struct vgen *v, const struct simt_config *cfg,
                     enum rtl_defect defect)
{
    struct shared_mem_geometry g;
    struct smem_widths w;

    shared_mem_geometry(cfg, &g);
    widths(&g, &w);
    emit_header(v, cfg, &g, &w);
    emit_conflict(v, &w, defect);
    emit_replay(v);
    vgen_module_end(v, "simtref_shared_mem");
}
