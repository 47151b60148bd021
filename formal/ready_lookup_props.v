// ready_lookup_props.v -- formal properties of the HARP Ready-Lookup table
// (simtref_ready_lookup).
//
// ready_lookup_fv wraps the generated module and leaves every input free
// (anyseq), contract violations included (empty insert masks, pops of an
// empty table).  The module shows its whole table (valid_o, age_o, pc_o,
// mask_o, tid_o, count_o), so the properties speak of the table itself.
// Those both lookups share are stated once, in lookup_table_props.vh:
// L1 a stored warp's mask is never empty, L2 count_o counts the valid
// entries, L3 the table after a cycle is the reference's, L4 no thread is
// lost and a warp keeps one pc (the head leaves only by a pop).  Here:
//
//   R1  the age ranks of the valid entries are a permutation of
//       0..count-1 (each below count, no two equal);
//   R2  the head is the oldest valid entry: head_valid_o exactly when the
//       table is not empty, and head_pc/mask/tid_o are the warp of rank 0;
//   R3  one cycle is exactly the specified operation, computed below from
//       the table before it: the pop removes exactly the head (pop of an
//       empty table: err_o, no effect); then port 0, then port 1, each
//       merging into the lowest-index valid entry with its pc and none of
//       its lanes (lanes become exactly old | new, the merged entry becomes
//       the youngest), else allocating the lowest free entry (the
//       youngest), else bypassing with the table unchanged; an empty mask
//       raises err_o and is ignored.  ins_merged_o, ins_bypass_o and err_o
//       are compared in the same cycle, the table on the next (L3, and the
//       ranks here).
//
// Covers: a merge on each port, port 1 merging into the warp port 0 has
// just stored, a bypass on each port, a full table, a pop, a merge into
// the oldest warp (an age refresh), a merged warp departing, an error.
//
// The sizes are set by the proof script (chparam) from the configuration.

module ready_lookup_fv #(
  parameter integer ENTRIES        = 2,
  parameter integer LANES          = 2,
  parameter integer PC_W           = 8,
  parameter integer THREAD_ID_BITS = 10
) (
  input wire clk_i
);

  localparam integer TW     = THREAD_ID_BITS - $clog2(LANES);
  localparam integer SLOT_W = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;
  localparam integer CNT_W  = $clog2(ENTRIES + 1);

  // Free inputs
  (* anyseq *) wire                    rst_ni;
  (* anyseq *) wire [1:0]              ins_valid;
  (* anyseq *) wire [2*PC_W-1:0]       ins_pc;
  (* anyseq *) wire [2*LANES-1:0]      ins_mask;
  (* anyseq *) wire [2*LANES*TW-1:0]   ins_tid;
  (* anyseq *) wire                    pop;

  wire [1:0]                  merged, bypass;
  wire                        head_valid;
  wire [PC_W-1:0]             head_pc;
  wire [LANES-1:0]            head_mask;
  wire [LANES*TW-1:0]         head_tid;
  wire [CNT_W-1:0]            count;
  wire [ENTRIES-1:0]          valid;
  wire [ENTRIES*SLOT_W-1:0]   age;
  wire [ENTRIES*PC_W-1:0]     pc;
  wire [ENTRIES*LANES-1:0]    mask;
  wire [ENTRIES*LANES*TW-1:0] tid;
  wire                        err;

  simtref_ready_lookup #(
    .ENTRIES (ENTRIES),
    .LANES   (LANES),
    .PC_W    (PC_W),
    .TW      (TW)
  ) dut (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .ins_valid_i  (ins_valid),
    .ins_pc_i     (ins_pc),
    .ins_mask_i   (ins_mask),
    .ins_tid_i    (ins_tid),
    .ins_merged_o (merged),
    .ins_bypass_o (bypass),
    .pop_i        (pop),
    .head_valid_o (head_valid),
    .head_pc_o    (head_pc),
    .head_mask_o  (head_mask),
    .head_tid_o   (head_tid),
    .count_o      (count),
    .valid_o      (valid),
    .age_o        (age),
    .pc_o         (pc),
    .mask_o       (mask),
    .tid_o        (tid),
    .err_o        (err)
  );

  // The same module as synthesized for area, SHOW_TABLE = 0: its table
  // view must be tied to zero (the emitter's only use of the parameter);
  // the rest of the module is the same text as dut's.
  wire [CNT_W-1:0]             h_count;
  wire [ENTRIES-1:0]           h_valid;
  wire [ENTRIES*SLOT_W-1:0]    h_age;
  wire [ENTRIES*PC_W-1:0]      h_pc;
  wire [ENTRIES*LANES-1:0]     h_mask;
  wire [ENTRIES*LANES*TW-1:0]  h_tid;

  simtref_ready_lookup #(
    .ENTRIES (ENTRIES),
    .LANES   (LANES),
    .PC_W    (PC_W),
    .TW      (TW),
    .SHOW_TABLE (0)
  ) hidden (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .ins_valid_i  (ins_valid),
    .ins_pc_i     (ins_pc),
    .ins_mask_i   (ins_mask),
    .ins_tid_i    (ins_tid),
    .ins_merged_o (),
    .ins_bypass_o (),
    .pop_i        (pop),
    .head_valid_o (),
    .head_pc_o    (),
    .head_mask_o  (),
    .head_tid_o   (),
    .count_o      (h_count),
    .valid_o      (h_valid),
    .age_o        (h_age),
    .pc_o         (h_pc),
    .mask_o       (h_mask),
    .tid_o        (h_tid),
    .err_o        ()
  );

  always @* begin
    assert(h_valid == 0 && h_count == 0 && h_pc == 0 && h_mask == 0 && h_tid == 0 && h_age == 0);
  end

  // ------------------------------------------------------------------
  // The reference: the table after this cycle's operations (R3).
  // Entries are selected by comparison with the loop index, never by a
  // variable part-select.
  // ------------------------------------------------------------------

  reg [ENTRIES-1:0]          r_v;
  reg [ENTRIES*SLOT_W-1:0]   r_a;
  reg [ENTRIES*PC_W-1:0]     r_pc;
  reg [ENTRIES*LANES-1:0]    r_m;
  reg [ENTRIES*LANES*TW-1:0] r_t;
  reg [CNT_W:0]              r_c;
  reg [1:0]                  r_merged, r_bypass;
  reg                        r_err;
  reg [ENTRIES-1:0]          r_gone;       // the head leaves (popped)
  reg [ENTRIES-1:0]          r_into;       // merged into this cycle
  reg [ENTRIES-1:0]          r_new0;       // allocated by port 0
  reg [ENTRIES-1:0]          r_into1;      // merged into by port 1
  reg [ENTRIES-1:0]          r_tgt;        // this port's entry (one-hot)
  reg [SLOT_W-1:0]           r_old;        // rank of the merge target
  reg [PC_W-1:0]             p_pc;
  reg [LANES-1:0]            p_mask;
  reg [LANES*TW-1:0]         p_tid;
  integer x, y, p;           // loop indices of this block only

  always @* begin
    r_v = valid; r_a = age; r_pc = pc; r_m = mask; r_t = tid;
    r_c = {1'b0, count};
    r_merged = 2'b00; r_bypass = 2'b00; r_err = 1'b0;
    r_gone = {ENTRIES{1'b0}}; r_into = {ENTRIES{1'b0}};
    r_new0 = {ENTRIES{1'b0}}; r_into1 = {ENTRIES{1'b0}};
    r_tgt = {ENTRIES{1'b0}}; r_old = {SLOT_W{1'b0}};
    p_pc = {PC_W{1'b0}}; p_mask = {LANES{1'b0}}; p_tid = {(LANES*TW){1'b0}};

    // The pop: the head leaves, every other warp moves one rank down.
    if (pop) begin
      if (count == 0)
        r_err = 1'b1;
      else begin
        for (x = 0; x < ENTRIES; x = x + 1)
          if (valid[x] && age[x*SLOT_W +: SLOT_W] == 0)
            r_gone[x] = 1'b1;
        for (x = 0; x < ENTRIES; x = x + 1)
          if (r_gone[x])
            r_v[x] = 1'b0;
          else if (valid[x])
            r_a[x*SLOT_W +: SLOT_W] = age[x*SLOT_W +: SLOT_W] - 1'b1;
        r_c = r_c - 1'b1;
      end
    end

    // The inserts, port 0 then port 1.
    for (p = 0; p < 2; p = p + 1) begin
      p_pc   = ins_pc[p*PC_W +: PC_W];
      p_mask = ins_mask[p*LANES +: LANES];
      p_tid  = ins_tid[p*LANES*TW +: LANES*TW];
      r_tgt  = {ENTRIES{1'b0}};
      if (ins_valid[p] && p_mask == 0)
        r_err = 1'b1;
      else if (ins_valid[p]) begin
        r_tgt = merge_target(r_v, r_pc, r_m, p_pc, p_mask);
        if (r_tgt != 0) begin
          r_merged[p] = 1'b1;
          r_into = r_into | r_tgt;
          if (p == 1) r_into1 = r_tgt;
          for (x = 0; x < ENTRIES; x = x + 1)
            if (r_tgt[x]) r_old = r_a[x*SLOT_W +: SLOT_W];
          for (y = 0; y < ENTRIES; y = y + 1)
            if (r_tgt[y]) begin
              r_a[y*SLOT_W +: SLOT_W] = r_c - 1'b1;
              r_m[y*LANES +: LANES] = r_m[y*LANES +: LANES] | p_mask;
            end else if (r_v[y] && r_a[y*SLOT_W +: SLOT_W] > r_old)
              r_a[y*SLOT_W +: SLOT_W] = r_a[y*SLOT_W +: SLOT_W] - 1'b1;
        end else begin
          r_tgt = free_target(r_v);
          if (r_tgt == 0)
            r_bypass[p] = 1'b1;
          if (p == 0) r_new0 = r_tgt;
          for (y = 0; y < ENTRIES; y = y + 1)
            if (r_tgt[y]) begin
              r_v[y] = 1'b1;
              r_a[y*SLOT_W +: SLOT_W] = r_c;
              r_pc[y*PC_W +: PC_W] = p_pc;
              r_m[y*LANES +: LANES] = p_mask;
              r_t[y*LANES*TW +: LANES*TW] = {(LANES*TW){1'b0}};
            end
          if (r_tgt != 0) r_c = r_c + 1'b1;
        end
        r_t = with_tids(r_t, r_tgt, p_mask, p_tid);
      end
    end

    // As the outputs show it: zero where nothing is stored.
    for (x = 0; x < ENTRIES; x = x + 1)
      if (!r_v[x]) begin
        r_a[x*SLOT_W +: SLOT_W] = {SLOT_W{1'b0}};
        r_pc[x*PC_W +: PC_W] = {PC_W{1'b0}};
        r_m[x*LANES +: LANES] = {LANES{1'b0}};
        r_t[x*LANES*TW +: LANES*TW] = {(LANES*TW){1'b0}};
      end
  end

  // L1 to L4, the previous cycle (f_past, f_rst_q) and the environment.
  `include "lookup_table_props.vh"

  // The ranks the reference computed in the previous cycle.
  reg [ENTRIES*SLOT_W-1:0] f_a;

  always @(posedge clk_i)
    f_a <= r_a;

  // Ghost: entries holding a warp that was merged into (for a cover).
  reg [ENTRIES-1:0] g_merged = {ENTRIES{1'b0}};

  always @(posedge clk_i)
    if (!rst_ni) g_merged <= {ENTRIES{1'b0}};
    else         g_merged <= r_into | (g_merged & r_v & ~r_gone);

  // ------------------------------------------------------------------
  // R1 to R3
  // ------------------------------------------------------------------

  integer a, b;             // loop indices of the assertion block

  always @* begin
    // R1, R2
    for (a = 0; a < ENTRIES; a = a + 1) begin
      if (valid[a]) begin
        assert({1'b0, age[a*SLOT_W +: SLOT_W]} < count);
        if (age[a*SLOT_W +: SLOT_W] == 0) begin
          assert(head_pc == pc[a*PC_W +: PC_W]);
          assert(head_mask == mask[a*LANES +: LANES]);
          assert(head_tid == tid[a*LANES*TW +: LANES*TW]);
        end
      end
      for (b = a + 1; b < ENTRIES; b = b + 1)
        if (valid[a] && valid[b])
          assert(age[a*SLOT_W +: SLOT_W] != age[b*SLOT_W +: SLOT_W]);
    end
    // R2
    assert(head_valid == (count != 0));

    // R3, this cycle's results
    if (rst_ni) begin
      assert(merged == r_merged);
      assert(bypass == r_bypass);
      assert(err == r_err);
    end

    // R3, the ranks after the last cycle (the rest of the table: L3)
    if (f_past && f_rst_q && rst_ni)
      assert(age == f_a);
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  integer d;                // loop index of the cover block
  reg     refresh, merged_departs;

  always @* begin
    refresh = 1'b0;
    merged_departs = 1'b0;
    for (d = 0; d < ENTRIES; d = d + 1) begin
      if (r_into[d] && valid[d] && age[d*SLOT_W +: SLOT_W] == 0 && count > 1)
        refresh = 1'b1;
      if (r_gone[d] && g_merged[d])
        merged_departs = 1'b1;
    end
    if (f_past && rst_ni) begin
      cover(merged[0]);
      cover(merged[1]);
      cover(merged[1] && (r_into1 & r_new0) != 0);
      cover(bypass[0]);
      cover(bypass[1]);
      cover(count == ENTRIES);
      cover(pop && count != 0);
      cover(refresh);
      cover(merged_departs);
      cover(err);
    end
  end

endmodule
