/*
 * emit_sm_mem_l1data.c -- simtref_sm_mem's data for global loads: the
 * L1's lines beside its tags (a memory per way, written by the fills and
 * by a store that hits, golden/structures/l1_cache.c's write-through
 * without allocation), a load's lanes taken from the line its pass hits
 * or from the fill its miss or merge waits for, each entry lane's wait
 * for a fill.  The C SM performs the access at issue
 * (golden/sm/sm_memory.c); the module reads the L1 in the pass and DRAM's
 * answer at the fill.
 */
#include "rtlgen.h"

/* The lookup's set, the ways' lines there, a store's bytes merged into
 * the line it hits. */
static void emit_store(struct vgen *v)
{
    vgen_section(v, "The L1's lines at the lookup's set; a store's bytes merged into its line");
    vgen_line(v, "localparam [1:0] L1_OP_RD = 2'd0, L1_OP_WR = 2'd1;      // l1_op");
    vgen_line(v, "localparam [1:0] L1_HIT = 2'd0, L1_MERGED = 2'd1, L1_MISS = 2'd2;  // l1_result");
    vgen_line(v, "wire [SET_W-1:0]     lk_set;     // the lookup's set");
    vgen_line(v, "wire [WAYS*LB_W-1:0] l1d_rd;     // each way's line there");
    vgen_line(v, "wire [LB_W-1:0]      hit_line = l1d_rd[l1_way*LB_W +: LB_W];");
    vgen_generate(v);
    vgen_begin_named(v, "g_lk_set", "if (SETS > 1)");
    vgen_line(v, "assign lk_set = l1_line[SET_W-1:0];");
    vgen_end(v);
    vgen_begin_named(v, "g_lk_one", "else");
    vgen_line(v, "assign lk_set = 1'b0;");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "// A store writes through and allocates nothing: where its line is in a");
    vgen_line(v, "// way, its lanes' bytes are written into it, in lane order.  A store");
    vgen_line(v, "// whose line an MSHR reads waits for the fill (the L1's result), so no");
    vgen_line(v, "// store meets a fill of its line.");
    vgen_line(v, "wire            st      = l1_lookup && l1_op == L1_OP_WR;");
    vgen_line(v, "wire            st_hit  = st && l1_hit;");
    vgen_line(v, "wire [31:0]     st_sm   = gl_size[1] ? 32'hffffffff : gl_size[0] ? 32'h0000ffff");
    vgen_line(v, "                                     : 32'h000000ff;");
    vgen_line(v, "reg  [LB_W-1:0] st_line;    // the line with the pass's bytes");
    vgen_line(v, "reg  [LB_W-1:0] st_mask;    // ... a lane's bits in place");
    vgen_line(v, "reg  [LB_W-1:0] st_bits;    // ... and its bytes");
    vgen_line(v, "integer         sl;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_line(v, "  st_line = hit_line;");
    vgen_line(v, "  st_mask = {LB_W{1'b0}};");
    vgen_line(v, "  st_bits = {LB_W{1'b0}};");
    vgen_line(v, "  for (sl = 0; sl < LANES; sl = sl + 1) begin");
    vgen_line(v, "    st_mask = {{(LB_W-32){1'b0}}, st_sm} << {gl_addr[sl*32 +: OFF_W], 3'b000};");
    vgen_line(v, "    st_bits = {{(LB_W-32){1'b0}}, gl_wdata[sl*32 +: 32] & st_sm}");
    vgen_line(v, "              << {gl_addr[sl*32 +: OFF_W], 3'b000};");
    vgen_line(v, "    if (u_mem_lanes[sl]) st_line = (st_line & ~st_mask) | st_bits;");
    vgen_line(v, "  end");
    vgen_line(v, "end");
}

/* The ways' memories: the store's hit, then the fills in MSHR order. */
static void emit_ways(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "The L1's data: a memory of SETS lines per way");
    vgen_line(v, "// Each fill writes its MSHR's line (DRAM's answer) at the set and way");
    vgen_line(v, "// the tags give it; a store that hits writes its line first, so that a");
    vgen_line(v, "// fill evicting it wins.");
    vgen_line(v, "genvar gw;");
    vgen_generate(v);
    vgen_begin_named(v, "g_l1d_way", "for (gw = 0; gw < WAYS; gw = gw + 1)");
    vgen_line(v, "localparam [WAY_W-1:0] WAY = gw;");
    vgen_line(v, "reg  [LB_W-1:0] l1d_mem [0:SETS-1];   // not reset: read where the tags hit");
    vgen_line(v, "integer         fm;");
    vgen_blank(v);
    if (defect == DEFECT_SM_MEM_STORE_HIT_STALE)
        vgen_line(v, "wire unused_st = ^{st_hit, st_line};   // the defect drops the store's line");
    vgen_line(v, "always @(posedge clk_i) begin");
    if (defect == DEFECT_SM_MEM_STORE_HIT_STALE) {
        vgen_line(v, "  // DELIBERATE DEFECT (%s): a store that hits leaves", rtl_defect_name(defect));
        vgen_line(v, "  // the way's line as it was (only a fill writes it).");
        vgen_line(v, "  //   if (st_hit && l1_way == WAY) l1d_mem[lk_set] <= st_line;");
    } else {
        vgen_line(v, "  if (st_hit && l1_way == WAY) l1d_mem[lk_set] <= st_line;");
    }
    vgen_line(v, "  for (fm = 0; fm < MSHRS; fm = fm + 1)");
    vgen_line(v, "    if (l1_fill_ok[fm] && l1_fill_way[fm*WAY_W +: WAY_W] == WAY)");
    vgen_line(v, "      l1d_mem[l1_fill_set[fm*SET_W +: SET_W]] <= mem_rdata_i[fm*LB_W +: LB_W];");
    vgen_line(v, "end");
    vgen_line(v, "assign l1d_rd[gw*LB_W +: LB_W] = l1d_mem[lk_set];");
    vgen_end(v);
    vgen_endgenerate(v);
}

/* Each lane's byte of its line, as a wait for a fill records it. */
static void emit_rec_off(struct vgen *v, enum rtl_defect defect)
{
    vgen_line(v, "reg  [LANES*OFF_W-1:0] rec_off;   // each lane's byte of the line");
    vgen_line(v, "integer                ro;");
    vgen_blank(v);
    if (defect == DEFECT_SM_MEM_FILL_WORD) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the lanes that wait for a", rtl_defect_name(defect));
        vgen_line(v, "// fill keep the pass's lowest lane's byte of the line, not their own.");
        vgen_line(v, "reg  [OFF_W-1:0] lead_off;");
        vgen_line(v, "always @* begin");
        vgen_line(v, "  lead_off = {OFF_W{1'b0}};");
        vgen_line(v, "  for (ro = LANES - 1; ro >= 0; ro = ro - 1)");
        vgen_line(v, "    if (u_mem_lanes[ro]) lead_off = gl_addr[ro*32 +: OFF_W];");
        vgen_line(v, "  rec_off = {LANES{lead_off}};");
        vgen_line(v, "end");
    } else {
        vgen_line(v, "always @* begin");
        vgen_line(v, "  for (ro = 0; ro < LANES; ro = ro + 1)");
        vgen_line(v, "    rec_off[ro*OFF_W +: OFF_W] = gl_addr[ro*32 +: OFF_W];");
        vgen_line(v, "end");
    }
    vgen_blank(v);
}

/* A load's pass: its lanes' words now (a hit; a merge into the MSHR
 * whose fill arrives now) or a wait per lane for its MSHR's fill. */
static void emit_load(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "A global load's pass: its lanes' words from the line, or a wait for the fill");
    vgen_line(v, "// A hit reads its line in the pass; a miss, or a merge into a busy MSHR,");
    vgen_line(v, "// takes its lanes' words at the MSHR's fill (at once when the fill");
    vgen_line(v, "// arrives at this edge, as the LSU counts the answer).  Lanes not");
    vgen_line(v, "// served (no MSHR free) replay.");
    vgen_line(v, "wire             ld      = l1_lookup && l1_op == L1_OP_RD;");
    vgen_line(v, "wire             ld_hit  = ld && l1_result == L1_HIT;");
    vgen_line(v, "wire             ld_wait = ld && (l1_result == L1_MERGED || l1_result == L1_MISS);");
    vgen_line(v, "wire             ld_now  = ld_wait && l1_fill[l1_mshr];");
    vgen_line(v, "wire [LB_W-1:0]  ld_line = ld_hit ? hit_line : mem_rdata_i[l1_mshr*LB_W +: LB_W];");
    vgen_line(v, "wire [LANES-1:0] gp_we   = (ld_hit || ld_now) ? u_mem_lanes : {LANES{1'b0}};");
    vgen_line(v, "wire [LANES-1:0] gp_rec  = (ld_wait && !ld_now) ? u_mem_lanes : {LANES{1'b0}};");
    vgen_line(v, "wire [LB_W+31:0]  ld_pad  = {32'd0, ld_line};   // a word at the line's end stays inside");
    vgen_line(v, "wire [LANES*32-1:0] gp_data;   // each served lane's word, extended for rd");
    vgen_line(v, "genvar gn;");
    vgen_generate(v);
    vgen_begin_named(v, "g_ld_lane", "for (gn = 0; gn < LANES; gn = gn + 1)");
    vgen_line(v, "assign gp_data[gn*32 +: 32] =");
    vgen_line(v, "    ld_ext(ld_pad[gl_addr[gn*32 +: OFF_W]*8 +: 32], gl_size, gl_sign);");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "// Each entry's lanes waiting for a fill: the MSHR and the lane's byte in");
    vgen_line(v, "// its line; the fill answers them at its edge (fw_fill), and the entry's");
    vgen_line(v, "// size and sign extend the word.");
    vgen_line(v, "reg  [ENTRIES*LANES-1:0]        fw_wait_q;   // entry e's lane l waits (bit e*LANES+l) ...");
    vgen_line(v, "reg  [ENTRIES*LANES*MSHR_W-1:0] fw_mshr_q;   // ... for this MSHR's fill ...");
    vgen_line(v, "reg  [ENTRIES*LANES*OFF_W-1:0]  fw_off_q;    // ... at this byte of its line");
    vgen_line(v, "wire [ENTRIES*LANES-1:0]        fw_fill;     // answered at this edge");
    vgen_line(v, "wire [ENTRIES*LANES-1:0]        fw_wait_d;");
    vgen_line(v, "wire [ENTRIES*LANES*MSHR_W-1:0] fw_mshr_d;");
    vgen_line(v, "wire [ENTRIES*LANES*OFF_W-1:0]  fw_off_d;");
    emit_rec_off(v, defect);
    vgen_line(v, "genvar ge, gk;");
    vgen_generate(v);
    vgen_begin_named(v, "g_fw_entry", "for (ge = 0; ge < ENTRIES; ge = ge + 1)");
    vgen_begin_named(v, "g_fw_lane", "for (gk = 0; gk < LANES; gk = gk + 1)");
    vgen_line(v, "localparam integer I = ge*LANES + gk;");
    vgen_line(v, "wire [MSHR_W-1:0] m   = fw_mshr_q[I*MSHR_W +: MSHR_W];");
    vgen_line(v, "wire              rec = gp_rec[gk] && gl_entry == ge;");
    vgen_line(v, "assign fw_fill[I]   = fw_wait_q[I] && l1_fill[m];");
    vgen_line(v, "assign fw_wait_d[I] = rec || (fw_wait_q[I] && !fw_fill[I]);");
    vgen_line(v, "assign fw_mshr_d[I*MSHR_W +: MSHR_W] = rec ? l1_mshr : m;");
    vgen_line(v, "assign fw_off_d[I*OFF_W +: OFF_W]    = rec ? rec_off[gk*OFF_W +: OFF_W]");
    vgen_line(v, "                                           : fw_off_q[I*OFF_W +: OFF_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    {
        const struct vreg regs[] = {
            { "fw_wait_q", "{(ENTRIES*LANES){1'b0}}", "fw_wait_d" },
        };
        vgen_ff(v, regs, 1, NULL);
    }
    vgen_line(v, "// not reset: read where the wait bit is set");
    vgen_line(v, "always @(posedge clk_i) begin");
    vgen_line(v, "  fw_mshr_q <= fw_mshr_d;");
    vgen_line(v, "  fw_off_q  <= fw_off_d;");
    vgen_line(v, "end");
}

void emit_sm_mem_l1data(struct vgen *v, enum rtl_defect defect)
{
    emit_store(v);
    emit_ways(v, defect);
    emit_load(v, defect);
}
