/*
 * emit_l1_cache.c -- the Verilog of the L1 data cache's tags, LRU and
 * MSHRs (simtref_l1_cache).
 *
 * Ports and behaviour are those of the C model, golden/structures/l1_cache.h.
 * The tags are one memory per way (read at the lookup's set, written by
 * the fills); the valid bits, the LRU ranks and the MSHRs are flip-flops.
 * The next valid bits and ranks are one combinational block: the lookup's
 * update, then each fill in MSHR order, a fill choosing its victim from
 * the set as the fills before it on the same edge left it (the model
 * steps them one after the other; the port takes every MSHR whose data
 * arrives in the cycle).
 *
 * A width the configuration makes zero (one way: no rank; no tag bits
 * above the set index: no tag memory) is not declared, so that the
 * storage is exactly l1_cache_state_bits().
 */
#include "rtlgen.h"
#include "l1_cache.h"
#include "bits.h"

#include <stdio.h>

/* The sizes the emitter writes by. */
struct l1_shape {
    struct l1_cache_geometry g;
    unsigned set_w;     /* log2(sets): 0 with one set */
    unsigned tag_w;     /* line_w - set_w: 0 when the sets hold every line */
    unsigned age_w;     /* clog2(ways), an LRU rank: 0 with one way */
    unsigned way_w;     /* a way number, at least 1 bit (WAY_W) */
    unsigned mshr_w;    /* an MSHR number, at least 1 bit (MSHR_W) */
};

static void shape_of(const struct simt_config *cfg, struct l1_shape *s)
{
    l1_cache_geometry(cfg, &s->g);
    s->set_w = clog2(s->g.sets);
    s->tag_w = s->g.line_w - s->set_w;
    s->age_w = clog2(s->g.ways);
    s->way_w = s->age_w ? s->age_w : 1;
    s->mshr_w = clog2(s->g.mshrs) ? clog2(s->g.mshrs) : 1;
}

/* "for (HEAD) begin : LABEL", indented like vgen_begin(); vgen_end()
 * closes it. */
static void begin_named(struct vgen *v, const char *label, const char *head)
{
    vgen_line(v, "%s begin : %s", head, label);
    vgen_indent(v);
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct l1_shape *s)
{
    const struct vparam params[] = {
        { "SETS",   s->g.sets,   NULL, "sets: l1d_kb x 1024 / (ways x line bytes)" },
        { "WAYS",   s->g.ways,   NULL, "ways per set" },
        { "MSHRS",  s->g.mshrs,  NULL, "miss status holding registers" },
        { "LINE_W", s->g.line_w, NULL, "line number: the address above the line offset" },
        { NULL, 0, NULL, "Derived widths" },
        { "SET_W",  0, "(SETS > 1) ? $clog2(SETS) : 1", "set index: the line's low bits" },
        { "TAG_W",  0, "LINE_W - $clog2(SETS)", "tag: the line's bits above the set index" },
        { "WAY_W",  0, "(WAYS > 1) ? $clog2(WAYS) : 1", "way number, and LRU rank" },
        { "MSHR_W", 0, "(MSHRS > 1) ? $clog2(MSHRS) : 1", "MSHR number" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",             "clk_i",    "clock" },
        { "input",  "",             "rst_ni",   "asynchronous reset, active low: no line, no MSHR busy" },
        { NULL, NULL, NULL, "Lookup port: one access of the load/store unit per cycle" },
        { "input",  "",             "lookup_i", "an access this cycle" },
        { "input",  "[1:0]",        "op_i",     "0 read (a load's line), 1 write (a store's), 2 invalidate (an atomic's)" },
        { "input",  "[LINE_W-1:0]", "line_i",   "its line number" },
        { NULL, NULL, NULL, "Fill port: the memory port's responses" },
        { "input",  "[MSHRS-1:0]",  "fill_i",   "MSHRs whose line arrives at the end of this cycle" },
        { NULL, NULL, NULL, "Outcome of the lookup, from the state before the edge" },
        { "output", "[1:0]",        "result_o", "0 hit, 1 merged (a write: waits for that MSHR's fill), 2 miss (a read: MSHR taken), 3 no free MSHR (also: no lookup)" },
        { "output", "[MSHR_W-1:0]", "mshr_o",   "the MSHR merged into, taken or waited for, else 0" },
        { "output", "",             "hit_o",    "the line is in the cache (any op)" },
        { NULL, NULL, NULL, "Where the lines are, for a data store beside the tags" },
        { "output", "[WAY_W-1:0]",  "way_o",    "the way that holds the line (any op; with hit_o)" },
        { "output", "[MSHRS-1:0]",  "fill_ok_o", "MSHRs whose fill writes a way at this edge ..." },
        { "output", "[MSHRS*SET_W-1:0]", "fill_set_o", "... in this set ..." },
        { "output", "[MSHRS*WAY_W-1:0]", "fill_way_o", "... at this way" },
    };

    emit_file_header(v, "simtref_l1_cache.v", "L1 data cache: tags, LRU and MSHRs",
                     "docs/memory.md; C model: golden/structures/l1_cache.c.", cfg);
    vgen_line(v, "// %u sets of %u ways hold line numbers (tags only: the data is held",
              s->g.sets, s->g.ways);
    vgen_line(v, "// beside them by the SM's memory side, which way_o and the");
    vgen_line(v, "// fill_*_o ports place).  A read that misses merges into the MSHR that");
    vgen_line(v, "// holds its line, else takes the lowest free MSHR; with every MSHR");
    vgen_line(v, "// busy it takes nothing (the caller retries).  A fill writes its");
    vgen_line(v, "// MSHR's line into the lowest invalid way of the set, else into the");
    vgen_line(v, "// least recently used one, and frees the MSHR.  Each way has an LRU");
    vgen_line(v, "// rank (0 the most recently used); a read hit and a fill make their");
    vgen_line(v, "// way rank 0.  On the edge the lookup acts first, then the fills in");
    vgen_line(v, "// MSHR order.  A write (write-through, no allocate) changes nothing");
    vgen_line(v, "// here; an invalidate drops the line.");
    vgen_line(v, "// Storage: %u entries x (1 valid + %u tag + %u rank bits) + %u MSHRs x",
              s->g.sets * s->g.ways, s->tag_w, s->age_w, s->g.mshrs);
    vgen_line(v, "// (1 busy + %u line bits) = %lu bits.", s->g.line_w,
              l1_cache_state_bits(&s->g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_l1_cache", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_state(struct vgen *v, const struct l1_shape *s)
{
    char row[2048];
    size_t n = 0;

    vgen_section(v, "State: valid bits and LRU ranks, the MSHRs (flip-flops)");
    vgen_line(v, "reg  [SETS*WAYS-1:0]       valid_q;    // entry s*WAYS+w: way w of set s holds a line");
    if (s->age_w)
        vgen_line(v, "reg  [SETS*WAYS*WAY_W-1:0] rank_q;     // its LRU rank, 0 the most recently used");
    vgen_line(v, "reg  [MSHRS-1:0]           busy_q;     // the MSHR holds an outstanding miss ...");
    vgen_line(v, "reg  [MSHRS*LINE_W-1:0]    mline_q;    // ... of this line");
    if (s->age_w) {
        for (unsigned w = s->g.ways; w-- > 0 && n + 16 < sizeof row;)
            n += (size_t)snprintf(row + n, sizeof row - n, "%s%u'd%u",
                                  n ? ", " : "", s->age_w, w);
        vgen_line(v, "localparam [WAYS*WAY_W-1:0] RANKS_RESET = {%s};   // way w: rank w",
                  row);
    }
    vgen_blank(v);
    vgen_line(v, "// What the fills of this edge write (the next-state block below).");
    vgen_line(v, "wire [MSHRS-1:0]           fill_ok;    // fills of a busy MSHR (or the one taken now)");
    vgen_line(v, "wire [MSHRS*SET_W-1:0]     fill_set;   // ... into this set");
    if (s->tag_w)
        vgen_line(v, "wire [MSHRS*TAG_W-1:0]     fill_tag;   // ... with this tag");
    vgen_line(v, "reg  [MSHRS*WAY_W-1:0]     fill_way;   // ... at this way");
}

static void emit_lookup(struct vgen *v, const struct l1_shape *s)
{
    vgen_section(v, "Lookup: the line's set and tag against the set's ways");
    vgen_line(v, "localparam [1:0] OP_READ = 2'd0, OP_INVALIDATE = 2'd2;");
    vgen_line(v, "localparam [1:0] HIT = 2'd0, MISS_MERGED = 2'd1, MISS = 2'd2, NO_MSHR = 2'd3;");
    if (s->set_w)
        vgen_line(v, "wire [SET_W-1:0] lk_set = line_i[SET_W-1:0];");
    else
        vgen_line(v, "wire [SET_W-1:0] lk_set = 1'b0;                     // one set");
    if (s->tag_w)
        vgen_line(v, "wire [TAG_W-1:0] lk_tag = %s;",
                  s->set_w ? "line_i[LINE_W-1:SET_W]" : "line_i");
    vgen_line(v, "wire [WAYS-1:0]  lk_valid = valid_q[lk_set*WAYS +: WAYS];");
    vgen_line(v, "wire [WAYS-1:0]  lk_way_hit;    // a valid way of the set holds the line");
    vgen_blank(v);
    if (!s->tag_w) {
        vgen_line(v, "// No tag bits: the sets hold every line, a valid way is its line.");
        vgen_line(v, "assign lk_way_hit = lk_valid;");
        return;
    }
    vgen_line(v, "// The tags: a memory per way, read at the lookup's set, written by the");
    vgen_line(v, "// fills that choose the way.  Not reset: a tag is read only where its");
    vgen_line(v, "// valid bit is set.");
    vgen_line(v, "genvar gw;");
    vgen_generate(v);
    begin_named(v, "g_way", "for (gw = 0; gw < WAYS; gw = gw + 1)");
    vgen_line(v, "localparam [WAY_W-1:0] WAY = gw;");
    vgen_line(v, "reg [TAG_W-1:0] tag_mem [0:SETS-1];   // way gw's tag in each set");
    vgen_line(v, "integer wi;");
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_line(v, "for (wi = 0; wi < MSHRS; wi = wi + 1)");
    vgen_indent(v);
    vgen_line(v, "if (fill_ok[wi] && fill_way[wi*WAY_W +: WAY_W] == WAY)");
    vgen_indent(v);
    vgen_line(v, "tag_mem[fill_set[wi*SET_W +: SET_W]] <= fill_tag[wi*TAG_W +: TAG_W];");
    vgen_dedent(v);
    vgen_dedent(v);
    vgen_end(v);
    vgen_line(v, "assign lk_way_hit[gw] = lk_valid[gw] && tag_mem[lk_set] == lk_tag;");
    if (s->g.ways > 1) {
        vgen_line(v, "`ifdef FORMAL");
        vgen_line(v, "genvar gs;");
        vgen_line(v, "for (gs = 0; gs < SETS; gs = gs + 1) begin : g_fv_tag");
        vgen_indent(v);
        vgen_line(v, "assign fv_tags[(gs*WAYS + gw)*TAG_W +: TAG_W] = tag_mem[gs];");
        vgen_end(v);
        vgen_line(v, "`endif");
    }
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_outcome(struct vgen *v, const struct l1_shape *s)
{
    char one[128];

    vgen_section(v, "The hit way, the MSHR holding the line, the lowest free MSHR");
    vgen_line(v, "reg  [WAY_W-1:0]  lk_way;       // the lowest way that hits");
    vgen_line(v, "reg               same;         // a busy MSHR holds the line ...");
    vgen_line(v, "reg  [MSHR_W-1:0] same_idx;     // ... the lowest one");
    vgen_line(v, "reg               free;         // an MSHR is free ...");
    vgen_line(v, "reg  [MSHR_W-1:0] free_idx;     // ... the lowest one");
    vgen_line(v, "integer hw, mi;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "lk_way   = {WAY_W{1'b0}};");
    vgen_line(v, "same     = 1'b0;");
    vgen_line(v, "same_idx = {MSHR_W{1'b0}};");
    vgen_line(v, "free     = 1'b0;");
    vgen_line(v, "free_idx = {MSHR_W{1'b0}};");
    vgen_line(v, "for (hw = WAYS - 1; hw >= 0; hw = hw - 1)");
    vgen_indent(v);
    vgen_line(v, "if (lk_way_hit[hw]) lk_way = hw[WAY_W-1:0];");
    vgen_dedent(v);
    vgen_begin(v, "for (mi = 0; mi < MSHRS; mi = mi + 1)");
    vgen_begin(v, "if (!same && busy_q[mi] && mline_q[mi*LINE_W +: LINE_W] == line_i)");
    vgen_line(v, "same     = 1'b1;");
    vgen_line(v, "same_idx = mi[MSHR_W-1:0];");
    vgen_end(v);
    vgen_begin(v, "if (!free && !busy_q[mi])");
    vgen_line(v, "free     = 1'b1;");
    vgen_line(v, "free_idx = mi[MSHR_W-1:0];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "wire [WAYS-1:0] lk_first = lk_way_hit & (~lk_way_hit + 1'b1);   // lk_way, one-hot");
    vgen_line(v, "wire lk_hit  = |lk_way_hit;");
    vgen_line(v, "wire is_read = lookup_i && op_i == OP_READ;");
    vgen_line(v, "wire alloc   = is_read && !lk_hit && !same && free;   // the miss takes free_idx");
    vgen_blank(v);
    vgen_line(v, "assign hit_o    = lookup_i && lk_hit;");
    vgen_line(v, "assign way_o    = lk_way;");
    vgen_line(v, "// A write whose line an MSHR reads waits for the fill (MISS_MERGED)");
    vgen_line(v, "assign result_o = !lookup_i ? NO_MSHR : lk_hit ? HIT : same ? MISS_MERGED");
    vgen_line(v, "                : (free || !is_read) ? MISS : NO_MSHR;");
    vgen_line(v, "assign mshr_o   = (lookup_i && !lk_hit && same) ? same_idx");
    vgen_line(v, "                : alloc ? free_idx : {MSHR_W{1'b0}};");

    vgen_section(v, "MSHRs: the miss takes its MSHR, the fills free theirs");
    vgen_line(v, "wire [MSHRS-1:0]        taken = %s << free_idx;",
              vgen_zext(one, sizeof one, s->g.mshrs - 1, "MSHRS-1", "alloc"));
    vgen_line(v, "wire [MSHRS-1:0]        busy_d;");
    vgen_line(v, "reg  [MSHRS*LINE_W-1:0] mline_d;");
    vgen_blank(v);
    vgen_line(v, "// A fill of an MSHR that is free (and not taken now) writes nothing.");
    vgen_line(v, "assign fill_ok = fill_i & (busy_q | taken);");
    vgen_line(v, "assign fill_ok_o  = fill_ok;");
    vgen_line(v, "assign fill_set_o = fill_set;");
    vgen_line(v, "assign fill_way_o = fill_way;");
}

/* busy_d, the MSHR register group, and each MSHR's set and tag. */
static void emit_mshrs(struct vgen *v, const struct l1_shape *s,
                       enum rtl_defect defect)
{
    const struct vreg regs[] = {
        { "busy_q",  "{MSHRS{1'b0}}",          "busy_d" },
        { "mline_q", "{(MSHRS*LINE_W){1'b0}}", "mline_d" },
    };

    if (defect == DEFECT_L1_FILL_KEEPS_MSHR) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a fill writes its line but leaves its",
                  rtl_defect_name(defect));
        vgen_line(v, "// MSHR busy.");
        vgen_line(v, "assign busy_d  = busy_q | taken;");
    } else {
        vgen_line(v, "assign busy_d  = (busy_q | taken) & ~fill_ok;");
    }
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "mline_d = mline_q;");
    vgen_line(v, "if (alloc) mline_d[free_idx*LINE_W +: LINE_W] = line_i;");
    vgen_end(v);
    vgen_blank(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
    vgen_blank(v);
    vgen_line(v, "genvar gm;");
    vgen_generate(v);
    begin_named(v, "g_mshr", "for (gm = 0; gm < MSHRS; gm = gm + 1)");
    vgen_line(v, "wire [LINE_W-1:0] line = mline_d[gm*LINE_W +: LINE_W];");
    if (s->set_w)
        vgen_line(v, "assign fill_set[gm*SET_W +: SET_W] = line[SET_W-1:0];");
    else
        vgen_line(v, "assign fill_set[gm*SET_W +: SET_W] = 1'b0;");
    if (s->tag_w)
        vgen_line(v, "assign fill_tag[gm*TAG_W +: TAG_W] = %s;",
                  s->set_w ? "line[LINE_W-1:SET_W]" : "line");
    vgen_end(v);
    vgen_endgenerate(v);
}

/* The next valid bits and ranks: the lookup, then the fills in order. */
static void emit_next(struct vgen *v, const struct l1_shape *s)
{
    const struct vreg regs[] = {
        { "valid_q", "{(SETS*WAYS){1'b0}}", "valid_d" },
        { "rank_q",  "{SETS{RANKS_RESET}}", "rank_d" },
    };
    bool ranked = s->age_w > 0;

    vgen_section(v, "Next valid bits and LRU ranks: the lookup, then the fills in MSHR order");
    if (ranked) {
        vgen_line(v, "localparam [WAY_W-1:0] LRU = %u'd%u;   // the rank of the least recently used way",
                  s->way_w, s->g.ways - 1);
        vgen_blank(v);
        vgen_line(v, "// The ranks of a set after a use of `way`: rank 0, and the ways that");
        vgen_line(v, "// were more recently used than it one rank later.");
        vgen_line(v, "function [WAYS*WAY_W-1:0] touched;");
        vgen_indent(v);
        vgen_line(v, "input [WAYS*WAY_W-1:0] ranks;");
        vgen_line(v, "input [WAY_W-1:0]      way;");
        vgen_line(v, "integer tw;");
        vgen_line(v, "reg [WAY_W-1:0] r;");
        vgen_line(v, "begin");
        vgen_indent(v);
        vgen_line(v, "r = ranks[way*WAY_W +: WAY_W];");
        vgen_line(v, "touched = ranks;");
        vgen_line(v, "for (tw = 0; tw < WAYS; tw = tw + 1)");
        vgen_indent(v);
        vgen_line(v, "if (tw[WAY_W-1:0] == way) touched[tw*WAY_W +: WAY_W] = {WAY_W{1'b0}};");
        vgen_line(v, "else if (ranks[tw*WAY_W +: WAY_W] < r)");
        vgen_line(v, "  touched[tw*WAY_W +: WAY_W] = ranks[tw*WAY_W +: WAY_W] + 1'b1;");
        vgen_dedent(v);
        vgen_end(v);
        vgen_dedent(v);
        vgen_line(v, "endfunction");
        vgen_blank(v);
    }
    vgen_line(v, "reg  [SETS*WAYS-1:0]       valid_d;");
    if (ranked) {
        vgen_line(v, "reg  [SETS*WAYS*WAY_W-1:0] rank_d;");
        vgen_line(v, "reg  [WAYS*WAY_W-1:0]      row_rank;    // a fill's set: its ranks,");
    }
    vgen_line(v, "reg  [WAYS-1:0]            row_valid;   // its valid bits,");
    vgen_line(v, "reg  [SET_W-1:0]           row_set;     // its index");
    vgen_line(v, "reg  [WAY_W-1:0]           victim;      // the way the fill writes");
    vgen_line(v, "reg                        chosen;");
    vgen_line(v, "integer fi, fw;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "valid_d   = valid_q;");
    if (ranked) {
        vgen_line(v, "rank_d    = rank_q;");
        vgen_line(v, "row_rank  = {(WAYS*WAY_W){1'b0}};");
    }
    vgen_line(v, "row_valid = {WAYS{1'b0}};");
    vgen_line(v, "row_set   = {SET_W{1'b0}};");
    vgen_line(v, "victim    = {WAY_W{1'b0}};");
    vgen_line(v, "chosen    = 1'b0;");
    vgen_line(v, "fill_way  = {(MSHRS*WAY_W){1'b0}};");
    vgen_line(v, "// The lookup: a read hit becomes the most recently used way of its");
    vgen_line(v, "// set; an invalidate that hits drops the line.");
    if (ranked) {
        vgen_line(v, "if (is_read && lk_hit)");
        vgen_line(v, "  rank_d[lk_set*WAYS*WAY_W +: WAYS*WAY_W] =");
        vgen_line(v, "    touched(rank_q[lk_set*WAYS*WAY_W +: WAYS*WAY_W], lk_way);");
    }
    vgen_line(v, "if (lookup_i && op_i == OP_INVALIDATE)");
    vgen_line(v, "  valid_d[lk_set*WAYS +: WAYS] = lk_valid & ~lk_first;");
    vgen_line(v, "// The fills, each into the lowest invalid way of its set, else the");
    vgen_line(v, "// least recently used one; the way becomes the most recently used.");
    vgen_begin(v, "for (fi = 0; fi < MSHRS; fi = fi + 1)");
    vgen_begin(v, "if (fill_ok[fi])");
    vgen_line(v, "row_set   = fill_set[fi*SET_W +: SET_W];");
    vgen_line(v, "row_valid = valid_d[row_set*WAYS +: WAYS];");
    if (ranked)
        vgen_line(v, "row_rank  = rank_d[row_set*WAYS*WAY_W +: WAYS*WAY_W];");
    vgen_line(v, "chosen    = 1'b0;");
    vgen_line(v, "victim    = {WAY_W{1'b0}};");
    vgen_begin(v, "for (fw = 0; fw < WAYS; fw = fw + 1)");
    vgen_begin(v, "if (!chosen && !row_valid[fw])");
    vgen_line(v, "victim = fw[WAY_W-1:0];");
    vgen_line(v, "chosen = 1'b1;");
    vgen_end(v);
    vgen_end(v);
    if (ranked) {
        vgen_begin(v, "for (fw = 0; fw < WAYS; fw = fw + 1)");
        vgen_begin(v, "if (!chosen && row_rank[fw*WAY_W +: WAY_W] == LRU)");
        vgen_line(v, "victim = fw[WAY_W-1:0];");
        vgen_line(v, "chosen = 1'b1;");
        vgen_end(v);
        vgen_end(v);
        vgen_line(v, "rank_d[row_set*WAYS*WAY_W +: WAYS*WAY_W] = touched(row_rank, victim);");
    } else {
        vgen_line(v, "// One way: it is the victim when valid.");
    }
    vgen_line(v, "row_valid[victim]              = 1'b1;");
    vgen_line(v, "valid_d[row_set*WAYS +: WAYS]  = row_valid;");
    vgen_line(v, "fill_way[fi*WAY_W +: WAY_W]    = victim;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_ff(v, regs, ranked ? 2 : 1, NULL);
}

/* The proof observer: the checker of formal/l1_cache_props.v sees the
 * ports and the state (tags, valid bits, ranks, MSHRs, the fills). */
static void emit_observer(struct vgen *v, const struct l1_shape *s)
{
    const struct vconn params[] = {
        { "SETS", "SETS", NULL }, { "WAYS", "WAYS", NULL },
        { "MSHRS", "MSHRS", NULL }, { "LINE_W", "LINE_W", NULL },
    };
    const struct vconn conns[] = {
        { "clk_i", "clk_i", NULL }, { "rst_ni", "rst_ni", NULL },
        { "lookup_i", "lookup_i", NULL }, { "op_i", "op_i", NULL },
        { "line_i", "line_i", NULL }, { "fill_i", "fill_i", NULL },
        { "result_o", "result_o", NULL }, { "mshr_o", "mshr_o", NULL },
        { "hit_o", "hit_o", NULL },
        { "valid_q", "valid_q", NULL }, { "rank_q", "rank_q", NULL },
        { "tags", "fv_tags", NULL }, { "busy_q", "busy_q", NULL },
        { "mline_q", "mline_q", NULL }, { "fill_ok", "fill_ok", NULL },
        { "fill_way", "fill_way", NULL },
    };

    vgen_section(v, "Proof observer (only under FORMAL; not part of the design)");
    if (!s->tag_w || !s->age_w) {
        vgen_line(v, "// None for this shape (no tag bits or one way): the properties");
        vgen_line(v, "// (formal/l1_cache_props.v) speak of tags and ranks.");
        return;
    }
    vgen_line(v, "`ifdef FORMAL");
    vgen_instance(v, "l1_cache_checker", "u_checker", params,
                  sizeof params / sizeof params[0], conns,
                  sizeof conns / sizeof conns[0]);
    vgen_line(v, "`endif");
}

void emit_l1_cache(struct vgen *v, const struct simt_config *cfg,
                   enum rtl_defect defect)
{
    struct l1_shape s;

    shape_of(cfg, &s);
    emit_header(v, cfg, &s);
    emit_state(v, &s);
    if (s.tag_w && s.age_w) {
        vgen_line(v, "`ifdef FORMAL");
        vgen_line(v, "wire [SETS*WAYS*TAG_W-1:0] fv_tags;   // every tag, for the proof observer");
        vgen_line(v, "`endif");
    }
    emit_lookup(v, &s);
    emit_outcome(v, &s);
    emit_mshrs(v, &s, defect);
    emit_next(v, &s);
    emit_observer(v, &s);
    vgen_module_end(v, "simtref_l1_cache");
}
