/*
 * emit_lookup.c -- the Verilog of the HARP lookup tables:
 * simtref_ready_lookup and simtref_waiting_lookup.
 *
 * Ports and behaviour are those of the C model, golden/structures/lookup_table.h.  Both
 * modules are built from the same pieces:
 *
 *   state       valid bits, count and (Ready-Lookup) age ranks are reset
 *               registers; pc, mask and thread ids are contents, written
 *               without reset as an SRAM would be, and read only under a
 *               valid bit;
 *   contents    the table as outputs, zero where nothing is stored;
 *   departure   the pop of the head (ready) or the completion (waiting);
 *   insert      one block per insert port, each seeing the table as the
 *               block before left it (merge, else allocate, else bypass);
 *   registers   the clocked blocks.
 *
 * A stage's table is named by its number: stage 0 is the table after the
 * departure, stage p+1 the table after insert port p.
 */
#include <stdio.h>

#include "rtlgen.h"
#include "lookup_table.h"

/* Names and texts that differ between the two kinds. */
struct lookup_names {
    const char *module;   /* the module's name */
    const char *file;     /* the file it is written to */
    const char *title;    /* the file header's title */
    const char *source;   /* the papers' sections and the C model */
    int         ready;    /* the Ready-Lookup (else the Waiting-Lookup) */
};

static struct lookup_names names_of(enum lookup_kind kind)
{
    struct lookup_names n;
    n.ready  = kind == LOOKUP_READY;
    n.module = n.ready ? "simtref_ready_lookup" : "simtref_waiting_lookup";
    n.file   = n.ready ? "simtref_ready_lookup.v" : "simtref_waiting_lookup.v";
    n.title  = n.ready ? "HARP Ready-Lookup table" : "HARP Waiting-Lookup table";
    n.source = n.ready
        ? "HARP sections 4.2.1, 4.2.3 and 4.2.4; C model: golden/structures/ready_lookup.c."
        : "HARP sections 4.2.1, 4.2.3 and 4.2.4; C model: golden/structures/waiting_lookup.c.";
    return n;
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct lookup_geometry *g,
                        const struct lookup_names *n)
{
    const struct vparam params[] = {
        { "ENTRIES", g->entries, NULL, "fully associative entries" },
        { "LANES",   g->lanes,   NULL, "lanes per warp (SIMD width)" },
        { "PC_W",    g->pc_w,    NULL, "program counter" },
        { "TW",      g->tw,      NULL, "thread id without its lane bits" },
        { "SHOW_TABLE", 1,       NULL, "1: table contents on the outputs; 0: tied to zero" },
        { NULL, 0, NULL, "Derived widths" },
        { "SLOT_W", 0, "(ENTRIES > 1) ? $clog2(ENTRIES) : 1",
          n->ready ? "age rank: 0..ENTRIES-1" : "entry index" },
        { "CNT_W",  0, "$clog2(ENTRIES + 1)", "count: 0..ENTRIES" },
    };
    const struct vport ready_ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                      "clk_i",        "clock" },
        { "input",  "",                      "rst_ni",       "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Inserts: the two thread groups of a divergence; port 0 first" },
        { "input",  "[1:0]",                 "ins_valid_i",  "port p inserts a warp" },
        { "input",  "[2*PC_W-1:0]",          "ins_pc_i",     "... at this pc" },
        { "input",  "[2*LANES-1:0]",         "ins_mask_i",   "... with these lanes (not empty)" },
        { "input",  "[2*LANES*TW-1:0]",      "ins_tid_i",    "... holding these threads" },
        { "output", "[1:0]",                 "ins_merged_o", "merged into a stored warp" },
        { "output", "[1:0]",                 "ins_bypass_o", "table full, no merge: not stored" },
        { NULL, NULL, NULL, "FIFO departure to Second-Level (lookup-to-second)" },
        { "input",  "",                      "pop_i",        "the head departs at the edge" },
        { "output", "",                      "head_valid_o", "the table holds a warp" },
        { "output", "[PC_W-1:0]",            "head_pc_o",    "oldest warp: pc" },
        { "output", "[LANES-1:0]",           "head_mask_o",  "... lanes" },
        { "output", "[LANES*TW-1:0]",        "head_tid_o",   "... threads (0 in empty lanes)" },
        { NULL, NULL, NULL, "Table contents, zero where nothing is stored" },
        { "output", "[CNT_W-1:0]",           "count_o",      "valid entries" },
        { "output", "[ENTRIES-1:0]",         "valid_o",      "entry holds a warp" },
        { "output", "[ENTRIES*SLOT_W-1:0]",  "age_o",        "older valid entries; 0 = head" },
        { "output", "[ENTRIES*PC_W-1:0]",    "pc_o",         "pc per entry" },
        { "output", "[ENTRIES*LANES-1:0]",   "mask_o",       "lanes per entry" },
        { "output", "[ENTRIES*LANES*TW-1:0]", "tid_o",       "threads per entry and lane" },
        { NULL, NULL, NULL, "Errors" },
        { "output", "",                      "err_o",        "empty insert mask, or pop of an empty table" },
    };
    const struct vport waiting_ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                      "clk_i",        "clock" },
        { "input",  "",                      "rst_ni",       "asynchronous reset, active low" },
        { NULL, NULL, NULL, "Insert: a warp decoding a global memory instruction" },
        { "input",  "",                      "ins_valid_i",  "insert a warp" },
        { "input",  "[PC_W-1:0]",            "ins_pc_i",     "... at this pc" },
        { "input",  "[LANES-1:0]",           "ins_mask_i",   "... with these lanes (not empty)" },
        { "input",  "[LANES*TW-1:0]",        "ins_tid_i",    "... holding these threads" },
        { "output", "",                      "ins_merged_o", "merged into a stored warp" },
        { "output", "",                      "ins_bypass_o", "table full, no merge: not stored" },
        { "output", "[SLOT_W-1:0]",          "ins_slot_o",   "entry now holding the warp (else 0)" },
        { NULL, NULL, NULL, "Completion of the memory access (waiting-to-second)" },
        { "input",  "",                      "done_valid_i", "the access of an entry completes" },
        { "input",  "[SLOT_W-1:0]",          "done_slot_i",  "... this entry, freed at the edge" },
        { "output", "[PC_W-1:0]",            "done_pc_o",    "its warp: pc (0 if none)" },
        { "output", "[LANES-1:0]",           "done_mask_o",  "... lanes" },
        { "output", "[LANES*TW-1:0]",        "done_tid_o",   "... threads (0 in empty lanes)" },
        { NULL, NULL, NULL, "Table contents, zero where nothing is stored" },
        { "output", "[CNT_W-1:0]",           "count_o",      "valid entries" },
        { "output", "[ENTRIES-1:0]",         "valid_o",      "entry holds a warp" },
        { "output", "[ENTRIES*PC_W-1:0]",    "pc_o",         "pc per entry" },
        { "output", "[ENTRIES*LANES-1:0]",   "mask_o",       "lanes per entry" },
        { "output", "[ENTRIES*LANES*TW-1:0]", "tid_o",       "threads per entry and lane" },
        { NULL, NULL, NULL, "Errors" },
        { "output", "",                      "err_o",        "empty insert mask, or done on a free entry" },
    };

    emit_file_header(v, n->file, n->title, n->source, cfg);
    vgen_line(v, "// A fully associative table of %u warps.  An insert merges into the",
              g->entries);
    vgen_line(v, "// lowest-index valid entry with the same pc and no lane conflict, else");
    vgen_line(v, "// allocates the lowest-index free entry, else bypasses (the table is");
    vgen_line(v, "// full): nothing is ever overwritten.");
    if (n->ready) {
        vgen_line(v, "// Order within a cycle: the pop, then port 0, then port 1.  Age is by");
        vgen_line(v, "// last write: age_q[e] counts the valid entries written before e, so");
        vgen_line(v, "// the ranks of the valid entries are 0..count-1 and the head has 0.");
    } else {
        vgen_line(v, "// Order within a cycle: the completion frees its entry, then the");
        vgen_line(v, "// insert (which may reuse that entry).");
    }
    vgen_line(v, "// Flip-flops: %lu (%u entries x (valid + %u pc + %u mask + %u x %u tid%s)",
              lookup_table_state_bits(g), g->entries, g->pc_w, g->lanes, g->lanes, g->tw,
              n->ready ? " + age" : "");
    vgen_line(v, "// + %u count).", g->cnt_w);
    vgen_blank(v);
    if (n->ready)
        vgen_module_begin(v, n->module, params, sizeof params / sizeof params[0],
                          ready_ports, sizeof ready_ports / sizeof ready_ports[0]);
    else
        vgen_module_begin(v, n->module, params, sizeof params / sizeof params[0],
                          waiting_ports, sizeof waiting_ports / sizeof waiting_ports[0]);
}

static void emit_state(struct vgen *v, const struct lookup_names *n)
{
    vgen_section(v, "State");
    vgen_line(v, "reg  [ENTRIES-1:0]          valid_q;   // reset");
    vgen_line(v, "reg  [CNT_W-1:0]            cnt_q;     // reset: valid entries");
    if (n->ready)
        vgen_line(v, "reg  [ENTRIES*SLOT_W-1:0]   age_q;     // reset: rank by last write");
    vgen_line(v, "// Arrays, marked for the area flow: pc and mask are searched by every");
    vgen_line(v, "// insert (a CAM), the thread ids are only written and read (a RAM).");
    vgen_line(v, "(* simtref_array = \"cam\" *) reg [ENTRIES*PC_W-1:0]     pc_q;    // contents, not reset");
    vgen_line(v, "(* simtref_array = \"cam\" *) reg [ENTRIES*LANES-1:0]    mask_q;  // contents, not reset");
    vgen_line(v, "(* simtref_array = \"ram\" *) reg [ENTRIES*LANES*TW-1:0] tid_q;   // contents, not reset");
}

/*
 * The table contents qualified by the valid and mask bits (pc_v, ...), and
 * on the outputs when SHOW_TABLE is 1 (tied to zero when 0, so that
 * synthesis for area drops the read-out of the whole table).
 */
static void emit_contents(struct vgen *v, const struct lookup_names *n)
{
    vgen_section(v, "Table contents, zero where nothing is stored");
    vgen_line(v, "wire [ENTRIES*PC_W-1:0]     pc_v;");
    vgen_line(v, "wire [ENTRIES*LANES-1:0]    mask_v;");
    vgen_line(v, "wire [ENTRIES*LANES*TW-1:0] tid_v;");
    if (n->ready)
        vgen_line(v, "wire [ENTRIES*SLOT_W-1:0]   age_v;");
    vgen_line(v, "genvar ge, gl;");
    vgen_generate(v);
    vgen_begin_named(v, "g_entry", "for (ge = 0; ge < ENTRIES; ge = ge + 1)");
    vgen_line(v, "assign pc_v[ge*PC_W +: PC_W]       = valid_q[ge] ? pc_q[ge*PC_W +: PC_W] : {PC_W{1'b0}};");
    vgen_line(v, "assign mask_v[ge*LANES +: LANES]   = valid_q[ge] ? mask_q[ge*LANES +: LANES] : {LANES{1'b0}};");
    if (n->ready)
        vgen_line(v, "assign age_v[ge*SLOT_W +: SLOT_W] = valid_q[ge] ? age_q[ge*SLOT_W +: SLOT_W] : {SLOT_W{1'b0}};");
    vgen_begin_named(v, "g_lane", "for (gl = 0; gl < LANES; gl = gl + 1)");
    vgen_line(v, "assign tid_v[(ge*LANES+gl)*TW +: TW] = mask_v[ge*LANES+gl] ? tid_q[(ge*LANES+gl)*TW +: TW]");
    vgen_line(v, "                                                           : {TW{1'b0}};");
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "assign valid_o = (SHOW_TABLE != 0) ? valid_q : {ENTRIES{1'b0}};");
    vgen_line(v, "assign count_o = (SHOW_TABLE != 0) ? cnt_q : {CNT_W{1'b0}};");
    vgen_line(v, "assign pc_o    = (SHOW_TABLE != 0) ? pc_v : {(ENTRIES*PC_W){1'b0}};");
    vgen_line(v, "assign mask_o  = (SHOW_TABLE != 0) ? mask_v : {(ENTRIES*LANES){1'b0}};");
    vgen_line(v, "assign tid_o   = (SHOW_TABLE != 0) ? tid_v : {(ENTRIES*LANES*TW){1'b0}};");
    if (n->ready)
        vgen_line(v, "assign age_o   = (SHOW_TABLE != 0) ? age_v : {(ENTRIES*SLOT_W){1'b0}};");
}

/*
 * The warp of the entry selected by the one-hot `sel` onto the outputs
 * `prefix`_pc_o, _mask_o, _tid_o (zero when nothing is selected).
 */
static void emit_select(struct vgen *v, const char *sel, const char *prefix,
                        const char *loop)
{
    vgen_begin(v, "always @*");
    vgen_line(v, "%s_pc   = {PC_W{1'b0}};", prefix);
    vgen_line(v, "%s_mask = {LANES{1'b0}};", prefix);
    vgen_line(v, "%s_tid  = {(LANES*TW){1'b0}};", prefix);
    vgen_begin(v, "for (%s = 0; %s < ENTRIES; %s = %s + 1)", loop, loop, loop, loop);
    vgen_begin(v, "if (%s[%s])", sel, loop);
    vgen_line(v, "%s_pc   = %s_pc   | pc_v[%s*PC_W +: PC_W];", prefix, prefix, loop);
    vgen_line(v, "%s_mask = %s_mask | mask_v[%s*LANES +: LANES];", prefix, prefix, loop);
    vgen_line(v, "%s_tid  = %s_tid  | tid_v[%s*LANES*TW +: LANES*TW];", prefix, prefix, loop);
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign %s_pc_o   = %s_pc;", prefix, prefix);
    vgen_line(v, "assign %s_mask_o = %s_mask;", prefix, prefix);
    vgen_line(v, "assign %s_tid_o  = %s_tid;", prefix, prefix);
}

static void emit_stage_regs(struct vgen *v, int stage, int ready)
{
    vgen_line(v, "reg  [ENTRIES-1:0]          valid_s%d;", stage);
    vgen_line(v, "reg  [ENTRIES*PC_W-1:0]     pc_s%d;", stage);
    vgen_line(v, "reg  [ENTRIES*LANES-1:0]    mask_s%d;", stage);
    if (ready)
        vgen_line(v, "reg  [ENTRIES*SLOT_W-1:0]   age_s%d;", stage);
    vgen_line(v, "reg  [CNT_W-1:0]            count_s%d;", stage);
}

/* Ready-Lookup: the head, and its departure on pop_i. */
static void emit_pop(struct vgen *v, const struct lookup_geometry *g)
{
    vgen_section(v, "Head: the valid entry of age rank 0; pop_i removes it");
    vgen_line(v, "wire [ENTRIES-1:0] head_oh;");
    vgen_line(v, "reg  [PC_W-1:0]     head_pc;");
    vgen_line(v, "reg  [LANES-1:0]    head_mask;");
    vgen_line(v, "reg  [LANES*TW-1:0] head_tid;");
    vgen_line(v, "integer hi;");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_head", "for (ge = 0; ge < ENTRIES; ge = ge + 1)");
    vgen_line(v, "assign head_oh[ge] = valid_q[ge] && age_q[ge*SLOT_W +: SLOT_W] == {SLOT_W{1'b0}};");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "assign head_valid_o = |head_oh;");
    emit_select(v, "head_oh", "head", "hi");

    vgen_section(v, "Stage 0: the table after the pop");
    emit_stage_regs(v, 0, 1);
    vgen_line(v, "reg                         pop_err;   // pop of an empty table");
    vgen_line(v, "integer di;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "valid_s0 = valid_q;");
    vgen_line(v, "pc_s0    = pc_q;");
    vgen_line(v, "mask_s0  = mask_q;");
    vgen_line(v, "age_s0   = age_q;");
    vgen_line(v, "count_s0 = cnt_q;");
    vgen_line(v, "pop_err  = 1'b0;");
    vgen_begin(v, "if (pop_i && !head_valid_o)");
    vgen_line(v, "pop_err = 1'b1;");
    vgen_elsif(v, "pop_i");
    vgen_line(v, "count_s0 = cnt_q - %u'd1;", g->cnt_w);
    vgen_begin(v, "for (di = 0; di < ENTRIES; di = di + 1)");
    vgen_begin(v, "if (head_oh[di])");
    vgen_line(v, "valid_s0[di] = 1'b0;");
    vgen_elsif(v, "valid_q[di] && age_q[di*SLOT_W +: SLOT_W] != {SLOT_W{1'b0}}");
    vgen_line(v, "age_s0[di*SLOT_W +: SLOT_W] = age_q[di*SLOT_W +: SLOT_W] - %u'd1;", g->slot_w);
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
}

/* Waiting-Lookup: the completion shows its warp and frees the entry. */
static void emit_done(struct vgen *v, const struct lookup_geometry *g)
{
    vgen_section(v, "Completion: done_slot_i's warp leaves (waiting-to-second)");
    vgen_line(v, "wire [ENTRIES-1:0] done_oh;   // the valid entry named by done_slot_i");
    vgen_line(v, "reg  [PC_W-1:0]     done_pc;");
    vgen_line(v, "reg  [LANES-1:0]    done_mask;");
    vgen_line(v, "reg  [LANES*TW-1:0] done_tid;");
    vgen_line(v, "wire                done_err;  // names a free entry or none");
    vgen_line(v, "integer hi;");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_done", "for (ge = 0; ge < ENTRIES; ge = ge + 1)");
    vgen_line(v, "localparam [SLOT_W-1:0] ID = ge;");
    vgen_line(v, "assign done_oh[ge] = done_valid_i && done_slot_i == ID && valid_q[ge];");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "assign done_err = done_valid_i && !(|done_oh);");
    emit_select(v, "done_oh", "done", "hi");

    vgen_section(v, "Stage 0: the table after the completion");
    emit_stage_regs(v, 0, 0);
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "valid_s0 = valid_q & ~done_oh;");
    vgen_line(v, "pc_s0    = pc_q;");
    vgen_line(v, "mask_s0  = mask_q;");
    vgen_line(v, "count_s0 = (|done_oh) ? cnt_q - %u'd1 : cnt_q;", g->cnt_w);
    vgen_end(v);
}

/*
 * Insert port p: stage p -> stage p+1.  `field(x)` names port p's slice of
 * an input; with one port the whole input.
 */
static void emit_insert(struct vgen *v, const struct lookup_geometry *g, unsigned p,
                        int ready, enum rtl_defect defect)
{
    char title[96], pc[64], mask[64], tid[64], valid[32];
    unsigned s = p, t = p + 1;

    if (g->ports > 1) {
        snprintf(valid, sizeof valid, "ins_valid_i[%u]", p);
        snprintf(pc, sizeof pc, "ins_pc_i[%u*PC_W +: PC_W]", p);
        snprintf(mask, sizeof mask, "ins_mask_i[%u*LANES +: LANES]", p);
        snprintf(tid, sizeof tid, "ins_tid_i[%u*LANES*TW +: LANES*TW]", p);
    } else {
        snprintf(valid, sizeof valid, "ins_valid_i");
        snprintf(pc, sizeof pc, "ins_pc_i");
        snprintf(mask, sizeof mask, "ins_mask_i");
        snprintf(tid, sizeof tid, "ins_tid_i");
    }
    snprintf(title, sizeof title, "Stage %u: insert port %u (merge, else allocate, else bypass)",
             t, p);
    vgen_section(v, title);
    emit_stage_regs(v, (int)t, ready);
    vgen_line(v, "wire [PC_W-1:0]        pc_p%u   = %s;", p, pc);
    vgen_line(v, "wire [LANES-1:0]       mask_p%u = %s;", p, mask);
    vgen_line(v, "wire [LANES*TW-1:0]    tid_p%u  = %s;", p, tid);
    vgen_line(v, "wire                   ok_p%u   = %s && |mask_p%u;   // a warp to store", p, valid, p);
    vgen_line(v, "reg  [ENTRIES-1:0]     match_p%u;   // same pc, no lane conflict", p);
    vgen_line(v, "wire [ENTRIES-1:0]     free_p%u  = ~valid_s%u;", p, s);
    vgen_line(v, "wire [ENTRIES-1:0]     msel_p%u  = match_p%u & (~match_p%u + %u'd1);   // lowest",
              p, p, p, g->entries);
    vgen_line(v, "wire [ENTRIES-1:0]     fsel_p%u  = free_p%u & (~free_p%u + %u'd1);",
              p, p, p, g->entries);
    vgen_line(v, "wire                   merge_p%u = ok_p%u && |match_p%u;", p, p, p);
    vgen_line(v, "wire                   alloc_p%u = ok_p%u && !(|match_p%u) && |free_p%u;",
              p, p, p, p);
    vgen_line(v, "wire                   byp_p%u   = ok_p%u && !(|match_p%u) && !(|free_p%u);",
              p, p, p, p);
    vgen_line(v, "wire [ENTRIES-1:0]     wsel_p%u  = merge_p%u ? msel_p%u : alloc_p%u ? fsel_p%u",
              p, p, p, p, p);
    vgen_line(v, "                                           : {ENTRIES{1'b0}};   // entry written");
    if (ready) {
        vgen_line(v, "wire [SLOT_W-1:0]      last_p%u  = count_s%u[SLOT_W-1:0] - %u'd1;   // youngest rank",
                  p, s, g->slot_w);
        vgen_line(v, "reg  [SLOT_W-1:0]      rank_p%u;   // rank of the merge target", p);
    }
    vgen_line(v, "integer k%u, i%u;   // loop indices of the two blocks below", p, p);
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_begin(v, "for (k%u = 0; k%u < ENTRIES; k%u = k%u + 1)", p, p, p, p);
    if (defect == DEFECT_LOOKUP_LANE_CONFLICT && ready) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): lane conflicts are ignored.",
                  rtl_defect_name(defect));
        vgen_line(v, "match_p%u[k%u] = valid_s%u[k%u] && pc_s%u[k%u*PC_W +: PC_W] == pc_p%u;",
                  p, p, s, p, s, p, p);
    } else {
        vgen_line(v, "match_p%u[k%u] = valid_s%u[k%u] && pc_s%u[k%u*PC_W +: PC_W] == pc_p%u &&",
                  p, p, s, p, s, p, p);
        vgen_line(v, "               (mask_s%u[k%u*LANES +: LANES] & mask_p%u) == {LANES{1'b0}};",
                  s, p, p);
    }
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "valid_s%u = valid_s%u;", t, s);
    vgen_line(v, "pc_s%u    = pc_s%u;", t, s);
    vgen_line(v, "mask_s%u  = mask_s%u;", t, s);
    if (ready) {
        vgen_line(v, "age_s%u   = age_s%u;", t, s);
        vgen_line(v, "rank_p%u = {SLOT_W{1'b0}};", p);
        vgen_begin(v, "for (i%u = 0; i%u < ENTRIES; i%u = i%u + 1)", p, p, p, p);
        vgen_begin(v, "if (msel_p%u[i%u])", p, p);
        vgen_line(v, "rank_p%u = age_s%u[i%u*SLOT_W +: SLOT_W];", p, s, p);
        vgen_end(v);
        vgen_end(v);
    }
    vgen_line(v, "count_s%u = alloc_p%u ? count_s%u + %u'd1 : count_s%u;", t, p, s, g->cnt_w, s);
    vgen_begin(v, "for (i%u = 0; i%u < ENTRIES; i%u = i%u + 1)", p, p, p, p);
    vgen_begin(v, "if (wsel_p%u[i%u])", p, p);
    vgen_line(v, "valid_s%u[i%u] = 1'b1;", t, p);
    vgen_line(v, "pc_s%u[i%u*PC_W +: PC_W] = pc_p%u;", t, p, p);
    vgen_line(v, "mask_s%u[i%u*LANES +: LANES] = merge_p%u ? mask_s%u[i%u*LANES +: LANES] | mask_p%u",
              t, p, p, s, p, p);
    vgen_line(v, "                                  : mask_p%u;", p);
    if (ready) {
        vgen_line(v, "age_s%u[i%u*SLOT_W +: SLOT_W] = merge_p%u ? last_p%u", t, p, p, p);
        vgen_line(v, "                                    : count_s%u[SLOT_W-1:0];", s);
        vgen_elsif(v, "merge_p%u && valid_s%u[i%u] && age_s%u[i%u*SLOT_W +: SLOT_W] > rank_p%u",
                   p, s, p, s, p, p);
        vgen_line(v, "age_s%u[i%u*SLOT_W +: SLOT_W] = age_s%u[i%u*SLOT_W +: SLOT_W] - %u'd1;",
                  t, p, s, p, g->slot_w);
    }
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
}

/* Waiting-Lookup: the index of the entry port 0 wrote. */
static void emit_slot(struct vgen *v)
{
    vgen_section(v, "The entry now holding the inserted warp");
    vgen_line(v, "wire [ENTRIES*SLOT_W-1:0] slot_terms;");
    vgen_line(v, "reg  [SLOT_W-1:0]         slot;");
    vgen_line(v, "integer si;");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_slot", "for (ge = 0; ge < ENTRIES; ge = ge + 1)");
    vgen_line(v, "localparam [SLOT_W-1:0] ID = ge;");
    vgen_line(v, "assign slot_terms[ge*SLOT_W +: SLOT_W] = wsel_p0[ge] ? ID : {SLOT_W{1'b0}};");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "slot = {SLOT_W{1'b0}};");
    vgen_begin(v, "for (si = 0; si < ENTRIES; si = si + 1)");
    vgen_line(v, "slot = slot | slot_terms[si*SLOT_W +: SLOT_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "assign ins_slot_o = slot;");
}

static void emit_outputs(struct vgen *v, int ready)
{
    vgen_section(v, "Insert results and errors");
    if (ready) {
        vgen_line(v, "assign ins_merged_o = {merge_p1, merge_p0};");
        vgen_line(v, "assign ins_bypass_o = {byp_p1, byp_p0};");
        vgen_line(v, "assign err_o = pop_err || (ins_valid_i[0] && !(|mask_p0))");
        vgen_line(v, "                       || (ins_valid_i[1] && !(|mask_p1));");
    } else {
        vgen_line(v, "assign ins_merged_o = merge_p0;");
        vgen_line(v, "assign ins_bypass_o = byp_p0;");
        vgen_line(v, "assign err_o = done_err || (ins_valid_i && !(|mask_p0));");
    }
}

static void emit_registers(struct vgen *v, const struct lookup_geometry *g, int ready)
{
    char valid_d[32], cnt_d[32], age_d[32];
    const struct vreg regs[] = {
        { "valid_q", "{ENTRIES{1'b0}}",          valid_d },
        { "cnt_q",   "{CNT_W{1'b0}}",            cnt_d },
        { "age_q",   "{(ENTRIES*SLOT_W){1'b0}}", age_d },   /* Ready-Lookup only */
    };
    unsigned last = g->ports;

    snprintf(valid_d, sizeof valid_d, "valid_s%u", last);
    snprintf(cnt_d, sizeof cnt_d, "count_s%u", last);
    snprintf(age_d, sizeof age_d, "age_s%u", last);
    vgen_section(v, "Registers");
    vgen_ff(v, regs, ready ? 3 : 2, NULL);
    vgen_blank(v);
    vgen_line(v, "// Contents: written without reset, as an SRAM.  Thread ids are written");
    vgen_line(v, "// lane by lane, only for the lanes of an insert.");
    vgen_line(v, "integer we, wl;");
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_line(v, "pc_q   <= pc_s%u;", last);
    vgen_line(v, "mask_q <= mask_s%u;", last);
    vgen_begin(v, "for (we = 0; we < ENTRIES; we = we + 1)");
    vgen_begin(v, "for (wl = 0; wl < LANES; wl = wl + 1)");
    for (unsigned p = 0; p < g->ports; p++) {
        vgen_begin(v, "if (wsel_p%u[we] && mask_p%u[wl])", p, p);
        vgen_line(v, "tid_q[(we*LANES+wl)*TW +: TW] <= tid_p%u[wl*TW +: TW];", p);
        vgen_end(v);
    }
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
}

static void emit_lookup(struct vgen *v, const struct simt_config *cfg,
                        enum lookup_kind kind, enum rtl_defect defect)
{
    struct lookup_geometry g;
    struct lookup_names n = names_of(kind);

    lookup_table_geometry(cfg, kind, &g);
    emit_header(v, cfg, &g, &n);
    emit_state(v, &n);
    emit_contents(v, &n);
    if (n.ready)
        emit_pop(v, &g);
    else
        emit_done(v, &g);
    for (unsigned p = 0; p < g.ports; p++)
        emit_insert(v, &g, p, n.ready, defect);
    if (!n.ready)
        emit_slot(v);
    emit_outputs(v, n.ready);
    emit_registers(v, &g, n.ready);
    vgen_module_end(v, n.module);
}

void emit_ready_lookup(struct vgen *v, const struct simt_config *cfg,
                       enum rtl_defect defect)
{
    emit_lookup(v, cfg, LOOKUP_READY, defect);
}

void emit_waiting_lookup(struct vgen *v, const struct simt_config *cfg,
                         enum rtl_defect defect)
{
    emit_lookup(v, cfg, LOOKUP_WAITING, defect);
}
