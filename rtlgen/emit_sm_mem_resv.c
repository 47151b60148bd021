/*
 * emit_sm_mem_resv.c -- simtref_sm_mem's reservations of lr.w/sc.w, as
 * golden/sm/sm_memory.c holds them (resv_set, resv_drop, resv_break) and
 * docs/isa.md states them: a reservation per thread, set by its lr.w,
 * checked and ended by its sc.w, broken by any other thread's write of
 * the word.  The issue port takes one instruction a cycle in the order
 * the C executes them, so the module decides each lane at the take, in
 * lane order, as the C does at issue; the writes themselves happen later
 * (the banks' cycles, DRAM), in the same order.  A failed sc.w lane is
 * left out of the request the LSU takes (lsu_request_of() leaves it out
 * too: it accesses nothing), and the entry keeps each lane's outcome for
 * rd (0 stored, 1 failed).
 */
#include "rtlgen.h"

void emit_sm_mem_resv_wires(struct vgen *v)
{
    vgen_line(v, "// the reservations of lr.w/sc.w (below)");
    vgen_line(v, "wire [LANES-1:0]        u_mask;       // the request's lanes: issue_mask_i but a failed sc.w's");
    vgen_line(v, "wire [ENTRIES-1:0]      ent_sc;       // each entry is an sc.w's: its rd is the outcome ...");
    vgen_line(v, "wire [ENTRIES*LANES-1:0] ent_fail;    // ... 1 at these lanes, 0 at the others");
}

/* Each lane's word, its thread's reservation of it, and the sc.w's
 * outcome lane by lane. */
static void emit_outcome(struct vgen *v)
{
    vgen_line(v, "// A reservation names a word: its address's bits 31:2 and, in the shared");
    vgen_line(v, "// window, the thread's TB slot (each TB's window is words of its own,");
    vgen_line(v, "// as the C's reservation names the word's bytes in its memory).  A");
    vgen_line(v, "// stack word is its thread's own: no other thread may address it.");
    vgen_line(v, "localparam integer RKEY_W = TB_W + 30;   // a reserved word");
    vgen_blank(v);
    vgen_line(v, "wire                    rv_lr = op == OP_LR_W;");
    vgen_line(v, "wire                    rv_sc = op == OP_SC_W;");
    vgen_line(v, "wire [LANES*RKEY_W-1:0] rv_key;     // each lane's word");
    vgen_line(v, "wire [LANES-1:0]        rv_own;     // ... which its thread's reservation names");
    vgen_line(v, "genvar gv;");
    vgen_generate(v);
    vgen_begin_named(v, "g_rv_key", "for (gv = 0; gv < LANES; gv = gv + 1)");
    vgen_line(v, "wire [TB_W-1:0] tb = q_in_shared[gv] ? issue_tbs_i[gv*TB_W +: TB_W] : {TB_W{1'b0}};");
    vgen_line(v, "assign rv_key[gv*RKEY_W +: RKEY_W] = {tb, issue_addr_i[gv*32+2 +: 30]};");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire [1:0] unused_byte = issue_addr_i[gv*32 +: 2];   // the granule is the word");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "// sc.w succeeds at a lane whose thread's reservation names the lane's");
    vgen_line(v, "// word, unless a lower lane's successful sc.w wrote the word first (the");
    vgen_line(v, "// C performs the lanes in lane order: of the lanes that sc.w one word,");
    vgen_line(v, "// the lowest holding a reservation succeeds).");
    vgen_line(v, "reg  [LANES-1:0] sc_ok;     // the sc.w lanes that store");
    vgen_line(v, "integer          ra, rb;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_line(v, "  sc_ok = {LANES{1'b0}};");
    vgen_line(v, "  for (ra = 0; ra < LANES; ra = ra + 1) begin");
    vgen_line(v, "    sc_ok[ra] = rv_sc && issue_mask_i[ra] && rv_own[ra];");
    vgen_line(v, "    for (rb = 0; rb < ra; rb = rb + 1)");
    vgen_line(v, "      if (sc_ok[rb] && rv_key[rb*RKEY_W +: RKEY_W] == rv_key[ra*RKEY_W +: RKEY_W])");
    vgen_line(v, "        sc_ok[ra] = 1'b0;");
    vgen_line(v, "  end");
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "// The LSU, the banks and the memory port see the lanes that access");
    vgen_line(v, "// memory: a failed sc.w's lanes store nothing.  The lanes that write");
    vgen_line(v, "// their word: a store's, an atomic's, a successful sc.w's.");
    vgen_line(v, "assign u_mask = rv_sc ? sc_ok : issue_mask_i;");
    vgen_line(v, "wire [LANES-1:0] rv_wr = (u_take && q_kind != KIND_LOAD) ? u_mask : {LANES{1'b0}};");
}

/* A column of reservations per lane: lane l's threads are (g, l) for
 * every warp slot g. */
static void emit_columns(struct vgen *v, enum rtl_defect defect)
{
    vgen_line(v, "// Lane gc's column: the reservations of threads (g, gc), each warp slot");
    vgen_line(v, "// g.  The lane's own thread (issue_slots_i names its slot) reads its");
    vgen_line(v, "// reservation; at the take its lr.w sets it, its sc.w ends it, and a");
    vgen_line(v, "// write of the word by any other thread (another lane's, or this lane's");
    vgen_line(v, "// of another warp slot) breaks every reservation naming it.  Cleared");
    vgen_line(v, "// at reset: the C drops them all at a launch, and a thread's own at its");
    vgen_line(v, "// warp's placement, which this module does not see (docs/rtl-sm-mem.md).");
    vgen_line(v, "genvar gc, gs, gh;");
    vgen_generate(v);
    vgen_begin_named(v, "g_resv", "for (gc = 0; gc < LANES; gc = gc + 1)");
    vgen_line(v, "reg  [NUM_SLOTS-1:0] v_q;                   // thread (g, gc) holds a reservation ...");
    vgen_line(v, "reg  [RKEY_W-1:0]    k_mem [0:NUM_SLOTS-1]; // ... of this word (not reset: read where valid)");
    vgen_line(v, "wire [NUM_SLOTS-1:0] v_d;");
    vgen_line(v, "wire [WARP_W-1:0]    g    = issue_slots_i[gc*WARP_W +: WARP_W];");
    vgen_line(v, "wire [RKEY_W-1:0]    kl   = rv_key[gc*RKEY_W +: RKEY_W];");
    vgen_line(v, "wire                 mine = u_take && issue_mask_i[gc];");
    vgen_line(v, "// the writers that are other threads: for the lane's own thread every");
    vgen_line(v, "// lane but this one, for the column's other threads every lane");
    vgen_line(v, "wire [LANES-1:0]     others = rv_wr & ~({{(LANES-1){1'b0}}, 1'b1} << gc);");
    vgen_blank(v);
    vgen_line(v, "assign rv_own[gc] = v_q[g] && k_mem[g] == kl;");
    vgen_blank(v);
    vgen_begin_named(v, "g_slot", "for (gs = 0; gs < NUM_SLOTS; gs = gs + 1)");
    vgen_line(v, "localparam [WARP_W-1:0] GS = gs;");
    vgen_line(v, "wire [RKEY_W-1:0] k    = k_mem[gs];         // its word");
    vgen_line(v, "wire              self = mine && g == GS;   // the lane's thread is (gs, gc)");
    vgen_line(v, "wire [LANES-1:0]  hit;                      // the lanes that name its word");
    if (defect == DEFECT_SM_MEM_SC_UNBROKEN) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): no write breaks a", rtl_defect_name(defect));
        vgen_line(v, "// reservation: another thread's store, atomic or sc.w of the word");
        vgen_line(v, "// leaves it, and the thread's sc.w succeeds.");
        vgen_line(v, "wire              brk = 1'b0;");
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire              unused_brk = ^{hit, others};");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    } else {
        vgen_line(v, "wire              brk  = |(hit & (self ? others : rv_wr));");
    }
    vgen_begin_named(v, "g_hit", "for (gh = 0; gh < LANES; gh = gh + 1)");
    vgen_line(v, "assign hit[gh] = rv_key[gh*RKEY_W +: RKEY_W] == k;");
    vgen_end(v);
    vgen_line(v, "// its lr.w sets it, its sc.w ends it; else a write breaks it");
    vgen_line(v, "assign v_d[gs] = (self && rv_lr) || (!(self && rv_sc) && v_q[gs] && !brk);");
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// the lane's lr.w writes its thread's word: one write a column a cycle");
    vgen_line(v, "always @(posedge clk_i)");
    vgen_line(v, "  if (mine && rv_lr) k_mem[g] <= kl;");
    vgen_blank(v);
    {
        const struct vreg regs[] = {
            { "v_q", "{NUM_SLOTS{1'b0}}", "v_d" },
        };
        vgen_ff(v, regs, 1, NULL);
    }
    vgen_end(v);
    vgen_endgenerate(v);
}

/* Each entry's sc.w outcome, kept from the take to the done. */
static void emit_entries(struct vgen *v)
{
    vgen_section(v, "Each entry's sc.w outcome: rd 0 where the lane stored, 1 where it failed");
    vgen_line(v, "// Kept from the take (a done of the take's cycle sees it at once).");
    vgen_line(v, "reg  [ENTRIES-1:0]       ent_sc_q;");
    vgen_line(v, "reg  [ENTRIES*LANES-1:0] ent_fail_q;");
    vgen_line(v, "assign ent_sc = (ent_sc_q & ~ent_new) | (ent_new & {ENTRIES{rv_sc}});");
    vgen_line(v, "genvar gt;");
    vgen_generate(v);
    vgen_begin_named(v, "g_ent_sc", "for (gt = 0; gt < ENTRIES; gt = gt + 1)");
    vgen_line(v, "assign ent_fail[gt*LANES +: LANES] =");
    vgen_line(v, "    ent_new[gt] ? {LANES{rv_sc}} & issue_mask_i & ~sc_ok : ent_fail_q[gt*LANES +: LANES];");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    {
        const struct vreg regs[] = {
            { "ent_sc_q",   "{ENTRIES{1'b0}}",         "ent_sc" },
            { "ent_fail_q", "{(ENTRIES*LANES){1'b0}}", "ent_fail" },
        };
        vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
    }
}

void emit_sm_mem_resv(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "The reservations of lr.w/sc.w (golden/sm/sm_memory.c), decided at the take");
    emit_outcome(v);
    vgen_blank(v);
    emit_columns(v, defect);
    emit_entries(v);
}
