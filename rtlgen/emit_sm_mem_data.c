/*
 * emit_sm_mem_data.c -- simtref_sm_mem's data path for shared memory:
 * the banks as memories, a word each a row, written by stores and
 * atomics and read by loads in the bank cycles the banks' timing gives
 * (simtref_shared_mem), and the entries' data, written there and read
 * out on the write-back ports at the done.  The C SM performs the access
 * at issue (golden/sm/sm_memory.c); the module performs it when the banks
 * serve the request, in the LSU's order, which is the order of issue.
 */
#include "rtlgen.h"

/* The entries the LSU allots, mirrored from its ports. */
static void emit_entries(struct vgen *v)
{
    vgen_section(v, "The LSU's entries: the lowest free at a take, freed at its done");
    vgen_line(v, "// The LSU allots its in-flight entries this way; the data path keeps");
    vgen_line(v, "// the same view to name the entry whose data a bank cycle writes.");
    vgen_line(v, "reg  [ENTRIES-1:0] ent_used_q;   // an entry holds a request");
    vgen_line(v, "reg  [ENTRY_W-1:0] ent_free;     // the lowest free entry: a take's");
    vgen_line(v, "integer            efi;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_line(v, "  ent_free = {ENTRY_W{1'b0}};");
    vgen_line(v, "  for (efi = ENTRIES - 1; efi >= 0; efi = efi - 1)");
    vgen_line(v, "    if (!ent_used_q[efi]) ent_free = efi[ENTRY_W-1:0];");
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "wire               u_take  = issue_valid_i && ready_o;");
    vgen_line(v, "wire [ENTRIES-1:0] ent_new = {{(ENTRIES-1){1'b0}}, u_take} << ent_free;");
    vgen_line(v, "wire [ENTRIES-1:0] ent_used_d = (ent_used_q | ent_new) & ~done_o;");
    vgen_blank(v);
    {
        const struct vreg regs[] = {
            { "ent_used_q", "{ENTRIES{1'b0}}", "ent_used_d" },
        };
        vgen_ff(v, regs, 1, NULL);
    }
}

/* The request in the banks: taken with the LSU's take, replayed until
 * every lane is served. */
static void emit_request(struct vgen *v)
{
    vgen_section(v, "The shared request in the banks: its lanes left and its data");
    vgen_line(v, "// A TB's window starts at its slot times the launch's shared bytes,");
    vgen_line(v, "// rounded up to whole rows, so that the window changes no bank.");
    vgen_line(v, "reg  [LANES-1:0]        sh_left_q;    // lanes still to be served (0: idle)");
    vgen_line(v, "reg  [ENTRY_W-1:0]      sh_entry_q;   // its in-flight entry");
    vgen_line(v, "reg  [1:0]              sh_kind_q;    // load, store, atomic");
    vgen_line(v, "reg  [1:0]              sh_size_q;    // access size: 4 (2'b10), 2 (2'b01) or 1 byte");
    vgen_line(v, "reg                     sh_signed_q;  // a sub-word load sign-extends");
    vgen_line(v, "reg  [4:0]              sh_amo_q;     // an atomic's funct5");
    vgen_line(v, "reg  [LANES*TB_W-1:0]   sh_tb_q;      // each lane's TB slot: its window");
    vgen_line(v, "reg  [LANES*WOFF_W-1:0] sh_off_q;     // each lane's byte in the window");
    vgen_line(v, "reg  [LANES*32-1:0]     sh_wdata_q;   // each lane's store data or operand");
    vgen_blank(v);
    vgen_line(v, "wire                    sh_busy  = sh_left_q != {LANES{1'b0}};");
    vgen_line(v, "wire                    sh_new   = u_take && q_space;");
    vgen_line(v, "wire [SHB_W-1:0]        win_bytes = (shared_bytes_i + ROW_BYTES[SHB_W-1:0] - 1'b1)");
    vgen_line(v, "                                    & ~(ROW_BYTES[SHB_W-1:0] - 1'b1);");
    vgen_line(v, "wire [LANES*WOFF_W-1:0] new_off;");
    vgen_line(v, "genvar go;");
    vgen_generate(v);
    vgen_begin_named(v, "g_off", "for (go = 0; go < LANES; go = go + 1)");
    vgen_line(v, "assign new_off[go*WOFF_W +: WOFF_W] = q_addr[go*32 +: WOFF_W];");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "// This cycle's request: the one replayed, or a new one in its first cycle");
    vgen_line(v, "wire [LANES-1:0]        cur_left  = sh_busy ? sh_left_q   : {LANES{sh_new}} & u_mask;");
    vgen_line(v, "wire [ENTRY_W-1:0]      cur_entry = sh_busy ? sh_entry_q  : ent_free;");
    vgen_line(v, "wire [1:0]              cur_kind  = sh_busy ? sh_kind_q   : q_kind;");
    vgen_line(v, "wire [1:0]              cur_size  = sh_busy ? sh_size_q   : q_bytes[2:1];");
    vgen_line(v, "wire                    cur_sign  = sh_busy ? sh_signed_q : q_signed;");
    vgen_line(v, "wire [4:0]              cur_amo   = sh_busy ? sh_amo_q    : q_amo;");
    vgen_line(v, "wire [LANES*TB_W-1:0]   cur_tb    = sh_busy ? sh_tb_q     : issue_tbs_i;");
    vgen_line(v, "wire [LANES*WOFF_W-1:0] cur_off   = sh_busy ? sh_off_q    : new_off;");
    vgen_line(v, "wire [LANES*32-1:0]     cur_wdata = sh_busy ? sh_wdata_q  : issue_wdata_i;");
}

/* The request's registers: its lanes left each cycle, the rest at a take. */
static void emit_request_ff(struct vgen *v)
{
    const struct vreg regs[] = {
        { "sh_left_q",   "{LANES{1'b0}}",      "sh_left_d" },
    };
    const struct vreg held[] = {
        { "sh_entry_q",  "{ENTRY_W{1'b0}}",     "ent_free" },
        { "sh_kind_q",   "2'd0",                "q_kind" },
        { "sh_size_q",   "2'd0",                "q_bytes[2:1]" },
        { "sh_signed_q", "1'b0",                "q_signed" },
        { "sh_amo_q",    "5'd0",                "q_amo" },
        { "sh_tb_q",     "{(LANES*TB_W){1'b0}}", "issue_tbs_i" },
        { "sh_off_q",    "{(LANES*WOFF_W){1'b0}}", "new_off" },
        { "sh_wdata_q",  "{(LANES*32){1'b0}}",  "issue_wdata_i" },
    };

    vgen_section(v, "The request's registers: the lanes left, the rest held from its take");
    vgen_line(v, "wire [LANES-1:0] sh_left_d = cur_left & ~served;");
    vgen_blank(v);
    vgen_ff(v, regs, 1, NULL);
    vgen_blank(v);
    vgen_ff(v, held, sizeof held / sizeof held[0], "sh_new");
}

/* Each lane's bank, row and byte; the lanes each bank serves this cycle. */
static void emit_served(struct vgen *v)
{
    vgen_section(v, "The lanes served this cycle: each bank's lowest lane's word");
    vgen_line(v, "// A bank serves one word a cycle, to every lane that asks for it; the");
    vgen_line(v, "// others replay.  The cycles this takes are the banks' timing's (the");
    vgen_line(v, "// ways of the worst conflict), so the last lanes go with smem_done.");
    vgen_line(v, "// The timing knows a word by its place in the window, in the LSU's");
    vgen_line(v, "// ADDR_W bits: lanes of several TBs (harp's regrouped warps) at one");
    vgen_line(v, "// place are served together, each in its own TB's row.");
    vgen_line(v, "wire [LANES*BANK_W-1:0] ln_bank;     // each lane's bank ...");
    vgen_line(v, "wire [LANES*KEY_W-1:0]  ln_key;      // ... its row in the window ...");
    vgen_line(v, "wire [LANES*ROW_W-1:0]  ln_row;      // ... and in the bank ...");
    vgen_line(v, "wire [LANES*BOFF_W-1:0] ln_byte;     // ... and its byte in the bank's word");
    vgen_line(v, "genvar ga;");
    vgen_generate(v);
    vgen_begin_named(v, "g_lane_addr", "for (ga = 0; ga < LANES; ga = ga + 1)");
    vgen_line(v, "wire [WOFF_W-1:0] off = cur_off[ga*WOFF_W +: WOFF_W];");
    vgen_line(v, "wire [PA_W-1:0]   pa  = {{TB_W{1'b0}}, win_bytes} * {{SHB_W{1'b0}}, cur_tb[ga*TB_W +: TB_W]}");
    vgen_line(v, "                        + {{(PA_W-WOFF_W){1'b0}}, off};");
    vgen_line(v, "assign ln_byte[ga*BOFF_W +: BOFF_W] = off[BOFF_W-1:0];");
    vgen_line(v, "assign ln_key[ga*KEY_W +: KEY_W]    = off[RB_W +: KEY_W];");
    vgen_line(v, "assign ln_row[ga*ROW_W +: ROW_W]    = pa[RB_W +: ROW_W];");
    vgen_begin(v, "if (BANKS > 1)");
    vgen_line(v, "assign ln_bank[ga*BANK_W +: BANK_W] = off[BOFF_W +: BANK_W];");
    vgen_else(v);
    vgen_line(v, "assign ln_bank[ga*BANK_W +: BANK_W] = 1'b0;");
    vgen_end(v);
    vgen_line(v, "// the bits above the banks: the testbench keeps every window inside");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire unused_pa = ^{pa, off};");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "reg  [LANES-1:0] served;     // lanes whose word their bank serves now");
    vgen_line(v, "reg  [KEY_W-1:0] lead_key;   // ... the place of their bank's lowest lane");
    vgen_line(v, "integer          sa, sb;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_line(v, "  served = {LANES{1'b0}};");
    vgen_line(v, "  for (sa = 0; sa < LANES; sa = sa + 1) begin");
    vgen_line(v, "    lead_key = ln_key[sa*KEY_W +: KEY_W];");
    vgen_line(v, "    for (sb = LANES - 1; sb >= 0; sb = sb - 1)");
    vgen_line(v, "      if (cur_left[sb] && ln_bank[sb*BANK_W +: BANK_W] == ln_bank[sa*BANK_W +: BANK_W])");
    vgen_line(v, "        lead_key = ln_key[sb*KEY_W +: KEY_W];");
    vgen_line(v, "    served[sa] = cur_left[sa] && ln_key[sa*KEY_W +: KEY_W] == lead_key;");
    vgen_line(v, "  end");
    vgen_line(v, "end");
}

/* The banks: a memory each, its row's word read, the lanes applied in
 * lane order, the word written back at the edge. */
static void emit_banks(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "The banks: a memory of ROWS words each");
    vgen_line(v, "// A word reads as zero until written after its window's TB was placed");
    vgen_line(v, "// (the C SM clears the window at the placement): a valid bit a word,");
    vgen_line(v, "// cleared for every row of the windows placed this cycle.");
    vgen_line(v, "//");
    vgen_line(v, "// TB slot s's window is the rows from bound s up to bound s+1, bound k");
    vgen_line(v, "// being the row of byte k x win_bytes (PA_W bits hold MAX_TBS windows):");
    vgen_line(v, "// MAX_TBS+1 bounds, a slot's end the next one's start.  Each bound is");
    vgen_line(v, "// decoded once into a thermometer over the rows, bit r set where row r");
    vgen_line(v, "// is at or past it, and a row is cleared where a placed slot's start");
    vgen_line(v, "// is at or below it and its end above it: a few gates a row and bound,");
    vgen_line(v, "// where comparing every row with every bound takes a comparator each.");
    vgen_line(v, "localparam integer ROWS_P2 = 1 << ROW_W;   // the rows ROW_W bits name");
    vgen_blank(v);
    vgen_line(v, "wire [(MAX_TBS+1)*ROWS-1:0] at_bnd;   // bound k's thermometer: the rows at or past it");
    vgen_line(v, "genvar gx, gj;");
    vgen_generate(v);
    vgen_begin_named(v, "g_bound", "for (gx = 0; gx <= MAX_TBS; gx = gx + 1)");
    vgen_line(v, "localparam [PA_W-1:0] K = gx;");
    vgen_line(v, "// the bound's row: k windows' bytes, in rows");
    vgen_line(v, "wire [PA_W-1:0] bnd = ({{TB_W{1'b0}}, win_bytes} * K) >> RB_W;");
    vgen_line(v, "// The thermometer a bit of the bound at a time, from its lowest: level");
    vgen_line(v, "// j is rows 0 .. 2^j-1 against bnd[j-1:0] (level 0: row 0, at or past");
    vgen_line(v, "// 0).  Bit j-1 set, level j-1 moves to the upper half and the lower");
    vgen_line(v, "// half is below the bound; clear, the upper half is all past it.");
    vgen_begin_named(v, "g_level", "for (gj = 0; gj <= ROW_W; gj = gj + 1)");
    vgen_line(v, "wire [(1<<gj)-1:0] t;                 // rows 0 .. 2^j-1 at or past the bound");
    vgen_begin_named(v, "g_row0", "if (gj == 0)");
    vgen_line(v, "assign t = 1'b1;");
    vgen_else_named(v, "g_halves");
    vgen_line(v, "localparam integer H = 1 << (gj - 1);   // the rows of the level below");
    vgen_line(v, "wire [H-1:0] below = g_level[gj-1].t;");
    vgen_line(v, "assign t = bnd[gj-1] ? {below, {H{1'b0}}} : {{H{1'b1}}, below};");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "wire [ROWS_P2-1:0] ge = g_level[ROW_W].t;");
    vgen_line(v, "// a bound with a bit set from ROW_W up is past every row");
    vgen_line(v, "assign at_bnd[gx*ROWS +: ROWS] = |bnd[PA_W-1:ROW_W] ? {ROWS{1'b0}} : ge[ROWS-1:0];");
    vgen_begin_named(v, "g_unused", "if (ROWS < ROWS_P2)");
    vgen_line(v, "// rows ROWS and up are named by ROW_W bits but not in the banks");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire unused_ge = ^ge[ROWS_P2-1:ROWS];");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "reg  [ROWS-1:0] clr_rows;    // rows of the windows placed this cycle");
    vgen_line(v, "integer         ct;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_line(v, "  clr_rows = {ROWS{1'b0}};");
    vgen_line(v, "  for (ct = 0; ct < MAX_TBS; ct = ct + 1)");
    vgen_line(v, "    if (place_i[ct])");
    vgen_line(v, "      clr_rows = clr_rows | (at_bnd[ct*ROWS +: ROWS] & ~at_bnd[(ct+1)*ROWS +: ROWS]);");
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "// Each bank reads the row of each lane it serves (one row but where");
    vgen_line(v, "// the lanes are threads of several TBs) and writes them at the edge,");
    vgen_line(v, "// lane by lane: a later lane's write of a row holds the earlier ones'.");
    vgen_line(v, "wire [BANKS*LANES*BB_W-1:0] bk_rd;    // bank b's word at lane l's row");
    vgen_line(v, "reg  [LANES*BB_W-1:0]       ln_new;   // each lane's row after its write");
    vgen_line(v, "reg  [LANES-1:0]            ln_we;    // ... which the edge writes");
    vgen_line(v, "genvar gb, gr;");
    vgen_generate(v);
    vgen_begin_named(v, "g_bank", "for (gb = 0; gb < BANKS; gb = gb + 1)");
    vgen_line(v, "localparam [BANK_W-1:0] BK = gb;");
    vgen_line(v, "reg  [BB_W-1:0]  bank_mem [0:ROWS-1];   // not reset: read where valid");
    vgen_line(v, "reg  [ROWS-1:0]  ok_q;                  // each word's valid bit");
    vgen_line(v, "reg  [ROWS-1:0]  ok_set;                // ... set by this cycle's writes");
    vgen_line(v, "integer          wl;");
    vgen_blank(v);
    vgen_begin_named(v, "g_read", "for (gr = 0; gr < LANES; gr = gr + 1)");
    vgen_line(v, "wire [ROW_W-1:0] r = ln_row[gr*ROW_W +: ROW_W];");
    vgen_line(v, "assign bk_rd[(gb*LANES + gr)*BB_W +: BB_W] = ok_q[r] ? bank_mem[r] : {BB_W{1'b0}};");
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "always @(posedge clk_i) begin");
    vgen_line(v, "  for (wl = 0; wl < LANES; wl = wl + 1)");
    vgen_line(v, "    if (ln_we[wl] && ln_bank[wl*BANK_W +: BANK_W] == BK)");
    vgen_line(v, "      bank_mem[ln_row[wl*ROW_W +: ROW_W]] <= ln_new[wl*BB_W +: BB_W];");
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_line(v, "  ok_set = {ROWS{1'b0}};");
    vgen_line(v, "  for (wl = 0; wl < LANES; wl = wl + 1)");
    vgen_line(v, "    if (ln_we[wl] && ln_bank[wl*BANK_W +: BANK_W] == BK)");
    vgen_line(v, "      ok_set[ln_row[wl*ROW_W +: ROW_W]] = 1'b1;");
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "always @(posedge clk_i or negedge rst_ni) begin");
    vgen_line(v, "  if (!rst_ni) begin");
    vgen_line(v, "    ok_q <= {ROWS{1'b0}};");
    vgen_line(v, "  end else begin");
    vgen_line(v, "    ok_q <= (ok_q & ~clr_rows) | ok_set;");
    vgen_line(v, "  end");
    vgen_line(v, "end");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "// The served lanes in lane order, each on its row's word as the lanes");
    vgen_line(v, "// before it left it: a load's bytes extended, an atomic's old word,");
    vgen_line(v, "// a store's bytes by their byte enables, an atomic's new word.");
    vgen_line(v, "reg  [LANES*32-1:0] ln_data;   // each served lane's data for its rd");
    vgen_line(v, "reg  [BB_W-1:0]     wd;        // the lane's row's word");
    vgen_line(v, "reg  [BB_W-1:0]     wv;        // the lane's bytes in place");
    vgen_line(v, "reg  [BB_W-1:0]     wm;        // ... and their bits");
    vgen_line(v, "reg  [31:0]         old, src, nv, sm;");
    vgen_line(v, "reg  [BANK_W-1:0]   lb;");
    vgen_line(v, "reg  [BB_W-1:0]     wr;        // the word shifted to the lane's byte");
    vgen_line(v, "reg  [BOFF_W+2:0]   sh;        // the lane's byte, in bits ...");
    vgen_line(v, "reg  [BOFF_W+2:0]   wsh;       // ... and where a write puts its bytes");
    vgen_line(v, "integer             cl, ck;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_line(v, "  ln_new  = {(LANES*BB_W){1'b0}};");
    vgen_line(v, "  ln_we   = {LANES{1'b0}};");
    vgen_line(v, "  ln_data = {(LANES*32){1'b0}};");
    vgen_line(v, "  for (cl = 0; cl < LANES; cl = cl + 1) begin");
    vgen_line(v, "    lb  = ln_bank[cl*BANK_W +: BANK_W];");
    vgen_line(v, "    sh  = {ln_byte[cl*BOFF_W +: BOFF_W], 3'b000};");
    if (defect == DEFECT_SM_MEM_BYTE_ENABLE) {
        vgen_line(v, "    // DELIBERATE DEFECT (%s): a store's byte enables and", rtl_defect_name(defect));
        vgen_line(v, "    // data one byte above the lane's address.");
        vgen_line(v, "    wsh = cur_kind == KIND_STORE ? {ln_byte[cl*BOFF_W +: BOFF_W] + 1'b1, 3'b000} : sh;");
    } else {
        vgen_line(v, "    wsh = sh;");
    }
    vgen_line(v, "    wd  = bk_rd[(lb*LANES + cl)*BB_W +: BB_W];");
    vgen_line(v, "    for (ck = 0; ck < cl; ck = ck + 1)");
    vgen_line(v, "      if (ln_we[ck] && ln_bank[ck*BANK_W +: BANK_W] == lb &&");
    vgen_line(v, "          ln_row[ck*ROW_W +: ROW_W] == ln_row[cl*ROW_W +: ROW_W])");
    vgen_line(v, "        wd = ln_new[ck*BB_W +: BB_W];");
    vgen_line(v, "    wr  = wd >> sh;");
    vgen_line(v, "    old = wr[31:0];");
    vgen_line(v, "    src = cur_wdata[cl*32 +: 32];");
    vgen_line(v, "    sm  = cur_size[1] ? 32'hffffffff : cur_size[0] ? 32'h0000ffff : 32'h000000ff;");
    vgen_line(v, "    nv  = src;");
    vgen_line(v, "    case (cur_amo)");
    vgen_line(v, "      AMO_ADD:  nv = old + src;");
    vgen_line(v, "      AMO_XOR:  nv = old ^ src;");
    vgen_line(v, "      AMO_AND:  nv = old & src;");
    vgen_line(v, "      AMO_OR:   nv = old | src;");
    vgen_line(v, "      AMO_MIN:  nv = ($signed(old) < $signed(src)) ? old : src;");
    vgen_line(v, "      AMO_MAX:  nv = ($signed(old) > $signed(src)) ? old : src;");
    vgen_line(v, "      AMO_MINU: nv = (old < src) ? old : src;");
    vgen_line(v, "      AMO_MAXU: nv = (old > src) ? old : src;");
    vgen_line(v, "      default:  nv = src;            // swap, sc.w");
    vgen_line(v, "    endcase");
    vgen_line(v, "    wv = {BB_W{1'b0}};");
    vgen_line(v, "    wm = {BB_W{1'b0}};");
    vgen_line(v, "    wv[31:0] = cur_kind == KIND_STORE ? src & sm : nv;");
    vgen_line(v, "    wm[31:0] = cur_kind == KIND_STORE ? sm : 32'hffffffff;");
    vgen_line(v, "    if (served[cl]) begin");
    vgen_line(v, "      if (cur_kind == KIND_LOAD) begin");
    vgen_line(v, "        ln_data[cl*32 +: 32] = ld_ext(old, cur_size, cur_sign);");
    vgen_line(v, "      end else begin");
    vgen_line(v, "        // an atomic's rd: the old word (an sc.w's entry gives its outcome)");
    vgen_line(v, "        ln_data[cl*32 +: 32] = cur_kind == KIND_ATOMIC ? old : 32'd0;");
    vgen_line(v, "        ln_new[cl*BB_W +: BB_W] = (wd & ~(wm << wsh)) | (wv << wsh);");
    vgen_line(v, "        ln_we[cl] = 1'b1;");
    vgen_line(v, "      end");
    vgen_line(v, "    end");
    vgen_line(v, "  end");
    vgen_line(v, "end");
}

/* The entries' data and the write-back ports' lanes. */
static void emit_wb_data(struct vgen *v)
{
    vgen_section(v, "The entries' data: written in the bank cycles, read at the done");
    vgen_line(v, "// The write-back ports take the done entries with a destination,");
    vgen_line(v, "// lowest first, as the LSU grants them.");
    vgen_line(v, "reg  [WB*ENTRY_W-1:0] wb_entry;   // each write-back port's entry");
    vgen_line(v, "integer              we, wp;");
    vgen_blank(v);
    vgen_line(v, "always @* begin");
    vgen_line(v, "  wb_entry = {(WB*ENTRY_W){1'b0}};");
    vgen_line(v, "  wp = 0;");
    vgen_line(v, "  for (we = 0; we < ENTRIES; we = we + 1)");
    vgen_line(v, "    if (done_o[we] && done_rd_o[we*5 +: 5] != 5'd0 && wp < WB) begin");
    vgen_line(v, "      wb_entry[wp*ENTRY_W +: ENTRY_W] = we[ENTRY_W-1:0];");
    vgen_line(v, "      wp = wp + 1;");
    vgen_line(v, "    end");
    vgen_line(v, "end");
    vgen_blank(v);
    vgen_line(v, "wire ld_we = cur_kind != KIND_STORE;   // a store's lanes return nothing");
    vgen_line(v, "// DRAM's lines with a word of zeros above: a lane's word at a line's");
    vgen_line(v, "// last bytes (a sub-word load's) stays inside");
    vgen_line(v, "wire [MSHRS*LB_W+31:0] rdata_pad = {32'd0, mem_rdata_i};");
    vgen_line(v, "genvar gd, gp, gy;");
    vgen_generate(v);
    vgen_begin_named(v, "g_data", "for (gd = 0; gd < LANES; gd = gd + 1)");
    vgen_line(v, "// Lane gd's data of each entry: written by a bank cycle's lanes, a");
    vgen_line(v, "// global load's pass (a hit, or a merge its fill answers now), DRAM's");
    vgen_line(v, "// answer to the entry's atomic, and the fill the entry's lane waits for.");
    vgen_line(v, "// Each entry's next word is a mux of its own (no loop over the entries");
    vgen_line(v, "// in a process); not reset: read at the entry's done, after a write.");
    vgen_line(v, "reg  [ENTRIES*32-1:0] data_q;");
    vgen_line(v, "wire [ENTRIES*32-1:0] data_d;");
    vgen_begin_named(v, "g_ent", "for (gy = 0; gy < ENTRIES; gy = gy + 1)");
    vgen_line(v, "localparam integer I = gy*LANES + gd;");
    vgen_line(v, "wire [31:0] fill_w = ld_ext(rdata_pad[fw_mshr_q[I*MSHR_W +: MSHR_W]*LB_W");
    vgen_line(v, "                                      + fw_off_q[I*OFF_W +: OFF_W]*8 +: 32],");
    vgen_line(v, "                            ent_size_q[gy*2 +: 2], ent_sign_q[gy]);");
    vgen_line(v, "assign data_d[gy*32 +: 32] =");
    vgen_line(v, "      (served[gd] && ld_we && cur_entry == gy)        ? ln_data[gd*32 +: 32]");
    vgen_line(v, "    : (gp_we[gd] && gl_entry == gy)                   ? gp_data[gd*32 +: 32]");
    vgen_line(v, "    : (mem_resp_i[MSHRS + gy] && mem_old_lanes_i[I]) ? mem_old_i[I*32 +: 32]");
    vgen_line(v, "    : fw_fill[I]                                      ? fill_w");
    vgen_line(v, "    :                                                   data_q[gy*32 +: 32];");
    vgen_end(v);
    vgen_line(v, "always @(posedge clk_i) data_q <= data_d;");
    vgen_blank(v);
    vgen_begin_named(v, "g_port", "for (gp = 0; gp < WB; gp = gp + 1)");
    vgen_line(v, "wire [ENTRY_W-1:0] e = wb_entry[gp*ENTRY_W +: ENTRY_W];");
    vgen_line(v, "// a done in its last bank cycle (HIT_LAT 0) takes the data bypassed");
    vgen_line(v, "wire [31:0] d = (served[gd] && ld_we && cur_entry == e) ? ln_data[gd*32 +: 32]");
    vgen_line(v, "                                                        : data_q[e*32 +: 32];");
    vgen_line(v, "// an sc.w's rd: 0 where the lane stored, 1 where it failed");
    vgen_line(v, "assign wb_data_o[(gp*LANES + gd)*32 +: 32] =");
    vgen_line(v, "      !wb_valid_o[gp] ? 32'd0");
    vgen_line(v, "    : ent_sc[e]       ? {31'd0, ent_fail[e*LANES + gd]}");
    vgen_line(v, "    :                   d;");
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
}

void emit_sm_mem_data(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "Codes: the request's kind and the memory port's (simtref_lsu's), an atomic's funct5 (RV32A)");
    vgen_line(v, "localparam [1:0] KIND_LOAD   = 2'd0;");
    vgen_line(v, "localparam [1:0] KIND_STORE  = 2'd1;");
    vgen_line(v, "localparam [1:0] KIND_ATOMIC = 2'd2;");
    vgen_line(v, "localparam [1:0] MEM_READ    = 2'd0;   // mem_kind_o");
    vgen_line(v, "localparam [1:0] MEM_WRITE   = 2'd1;");
    vgen_line(v, "localparam [1:0] MEM_ATOMIC  = 2'd2;");
    vgen_line(v, "localparam [4:0] AMO_ADD  = 5'b00000;");
    vgen_line(v, "localparam [4:0] AMO_XOR  = 5'b00100;");
    vgen_line(v, "localparam [4:0] AMO_OR   = 5'b01000;");
    vgen_line(v, "localparam [4:0] AMO_AND  = 5'b01100;");
    vgen_line(v, "localparam [4:0] AMO_MIN  = 5'b10000;");
    vgen_line(v, "localparam [4:0] AMO_MAX  = 5'b10100;");
    vgen_line(v, "localparam [4:0] AMO_MINU = 5'b11000;");
    vgen_line(v, "localparam [4:0] AMO_MAXU = 5'b11100;");
    vgen_blank(v);
    vgen_line(v, "// A load's word extended for rd as RV32 says: lb and lh signed, lbu and");
    vgen_line(v, "// lhu not (size 4 (2'b10), 2 (2'b01) or 1 byte).");
    vgen_line(v, "function [31:0] ld_ext;");
    vgen_indent(v);
    vgen_line(v, "input [31:0] w;");
    vgen_line(v, "input [1:0]  size;");
    vgen_line(v, "input        sign;");
    vgen_line(v, "ld_ext = size[1] ? w : size[0] ? {{16{sign & w[15]}}, w[15:0]}");
    vgen_line(v, "                                : {{24{sign & w[7]}}, w[7:0]};");
    vgen_dedent(v);
    vgen_line(v, "endfunction");
    emit_entries(v);
    emit_request(v);
    emit_served(v);
    emit_request_ff(v);
    emit_banks(v, defect);
    emit_sm_mem_global(v, defect);
    emit_sm_mem_l1data(v, defect);
    emit_wb_data(v);
}
