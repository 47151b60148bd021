// waiting_lookup_props.v -- formal properties of the HARP Waiting-Lookup
// table (simtref_waiting_lookup).
//
// waiting_lookup_fv wraps the generated module and leaves every input free
// (anyseq), contract violations included (empty insert masks, completions
// naming a free entry or none).  The module shows its whole table
// (valid_o, pc_o, mask_o, tid_o, count_o), so the properties speak of the
// table itself.  Those both lookups share are stated once, in
// lookup_table_props.vh: L1 a stored warp's mask is never empty, L2
// count_o counts the valid entries, L3 the table after a cycle is the
// reference's, L4 no thread is lost and a warp keeps one pc (an entry
// leaves only by its completion).  Here:
//
//   W1  done_pc/mask/tid_o show the warp of the valid entry done_slot_i
//       names, and zero when done_valid_i is low or names no valid entry;
//   W2  one cycle is exactly the specified operation, computed below from
//       the table before it: the completion frees exactly its entry (a
//       free entry or none: err_o, no effect); then the insert merges into
//       the lowest-index valid entry with its pc and none of its lanes
//       (lanes become exactly old | new), else allocates the lowest free
//       entry, else bypasses with the table unchanged; ins_slot_o names
//       the entry written (0 if none); an empty mask raises err_o and is
//       ignored.  Results are compared in the same cycle, the table on the
//       next (L3).
//
// Covers: a merge, a bypass, a full table, a completion, a completion of a
// merged warp, an insert reusing the entry freed in the same cycle, an
// error.
//
// The sizes are set by the proof script (chparam) from the configuration.

module waiting_lookup_fv #(
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
  (* anyseq *) wire                    ins_valid;
  (* anyseq *) wire [PC_W-1:0]         ins_pc;
  (* anyseq *) wire [LANES-1:0]        ins_mask;
  (* anyseq *) wire [LANES*TW-1:0]     ins_tid;
  (* anyseq *) wire                    done_valid;
  (* anyseq *) wire [SLOT_W-1:0]       done_slot;

  wire                        merged, bypass;
  wire [SLOT_W-1:0]           slot;
  wire [PC_W-1:0]             done_pc;
  wire [LANES-1:0]            done_mask;
  wire [LANES*TW-1:0]         done_tid;
  wire [CNT_W-1:0]            count;
  wire [ENTRIES-1:0]          valid;
  wire [ENTRIES*PC_W-1:0]     pc;
  wire [ENTRIES*LANES-1:0]    mask;
  wire [ENTRIES*LANES*TW-1:0] tid;
  wire                        err;

  simtref_waiting_lookup #(
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
    .ins_slot_o   (slot),
    .done_valid_i (done_valid),
    .done_slot_i  (done_slot),
    .done_pc_o    (done_pc),
    .done_mask_o  (done_mask),
    .done_tid_o   (done_tid),
    .count_o      (count),
    .valid_o      (valid),
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
  wire [ENTRIES*PC_W-1:0]      h_pc;
  wire [ENTRIES*LANES-1:0]     h_mask;
  wire [ENTRIES*LANES*TW-1:0]  h_tid;

  simtref_waiting_lookup #(
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
    .ins_slot_o   (),
    .done_valid_i (done_valid),
    .done_slot_i  (done_slot),
    .done_pc_o    (),
    .done_mask_o  (),
    .done_tid_o   (),
    .count_o      (h_count),
    .valid_o      (h_valid),
    .pc_o         (h_pc),
    .mask_o       (h_mask),
    .tid_o        (h_tid),
    .err_o        ()
  );

  always @* begin
    assert(h_valid == 0 && h_count == 0 && h_pc == 0 && h_mask == 0 && h_tid == 0);
  end

  // ------------------------------------------------------------------
  // The reference: the table after this cycle's operations (W2).
  // Entries are selected by comparison with the loop index.
  // ------------------------------------------------------------------

  reg [ENTRIES-1:0]          r_v;
  reg [ENTRIES*PC_W-1:0]     r_pc;
  reg [ENTRIES*LANES-1:0]    r_m;
  reg [ENTRIES*LANES*TW-1:0] r_t;
  reg [CNT_W:0]              r_c;
  reg                        r_merged, r_bypass, r_err;
  reg [SLOT_W-1:0]           r_slot;
  reg [ENTRIES-1:0]          r_gone;       // the completing entry
  reg [ENTRIES-1:0]          r_tgt;        // the insert's entry (one-hot)
  reg [PC_W-1:0]             r_dpc;        // the completing warp
  reg [LANES-1:0]            r_dmask;
  reg [LANES*TW-1:0]         r_dtid;
  integer x, y;              // loop indices of this block only

  always @* begin
    r_v = valid; r_pc = pc; r_m = mask; r_t = tid;
    r_c = {1'b0, count};
    r_merged = 1'b0; r_bypass = 1'b0; r_err = 1'b0; r_slot = {SLOT_W{1'b0}};
    r_gone = {ENTRIES{1'b0}}; r_tgt = {ENTRIES{1'b0}};
    r_dpc = {PC_W{1'b0}}; r_dmask = {LANES{1'b0}}; r_dtid = {(LANES*TW){1'b0}};

    // The completion.
    if (done_valid) begin
      for (x = 0; x < ENTRIES; x = x + 1)
        if (done_slot == x && valid[x]) begin
          r_gone[x] = 1'b1;
          r_dpc = pc[x*PC_W +: PC_W];
          r_dmask = mask[x*LANES +: LANES];
          r_dtid = tid[x*LANES*TW +: LANES*TW];
        end
      if (r_gone == 0)
        r_err = 1'b1;
      else
        r_c = r_c - 1'b1;
      r_v = r_v & ~r_gone;
    end

    // The insert.
    if (ins_valid && ins_mask == 0)
      r_err = 1'b1;
    else if (ins_valid) begin
      r_tgt = merge_target(r_v, r_pc, r_m, ins_pc, ins_mask);
      if (r_tgt != 0) begin
        r_merged = 1'b1;
        for (y = 0; y < ENTRIES; y = y + 1)
          if (r_tgt[y])
            r_m[y*LANES +: LANES] = r_m[y*LANES +: LANES] | ins_mask;
      end else begin
        r_tgt = free_target(r_v);
        if (r_tgt == 0)
          r_bypass = 1'b1;
        for (y = 0; y < ENTRIES; y = y + 1)
          if (r_tgt[y]) begin
            r_v[y] = 1'b1;
            r_pc[y*PC_W +: PC_W] = ins_pc;
            r_m[y*LANES +: LANES] = ins_mask;
            r_t[y*LANES*TW +: LANES*TW] = {(LANES*TW){1'b0}};
          end
        if (r_tgt != 0) r_c = r_c + 1'b1;
      end
      for (y = 0; y < ENTRIES; y = y + 1)
        if (r_tgt[y]) r_slot = y;
      r_t = with_tids(r_t, r_tgt, ins_mask, ins_tid);
    end

    // As the outputs show it: zero where nothing is stored.
    for (x = 0; x < ENTRIES; x = x + 1)
      if (!r_v[x]) begin
        r_pc[x*PC_W +: PC_W] = {PC_W{1'b0}};
        r_m[x*LANES +: LANES] = {LANES{1'b0}};
        r_t[x*LANES*TW +: LANES*TW] = {(LANES*TW){1'b0}};
      end
  end

  // L1 to L4, the previous cycle (f_past) and the environment.
  `include "lookup_table_props.vh"

  // Ghost: entries holding a warp that was merged into (for a cover).
  reg [ENTRIES-1:0] g_merged = {ENTRIES{1'b0}};

  always @(posedge clk_i)
    if (!rst_ni) g_merged <= {ENTRIES{1'b0}};
    else         g_merged <= (r_merged ? r_tgt : {ENTRIES{1'b0}}) |
                             (g_merged & r_v & ~r_gone);

  // ------------------------------------------------------------------
  // W1, W2
  // ------------------------------------------------------------------

  always @* begin
    // W1
    assert(done_pc == r_dpc && done_mask == r_dmask && done_tid == r_dtid);

    // W2, this cycle's results
    if (rst_ni) begin
      assert(merged == r_merged);
      assert(bypass == r_bypass);
      assert(slot == r_slot);
      assert(err == r_err);
    end
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  always @* begin
    if (f_past && rst_ni) begin
      cover(merged);
      cover(bypass);
      cover(count == ENTRIES);
      cover(r_gone != 0);
      cover((r_gone & g_merged) != 0);
      cover((r_gone & r_tgt) != 0 && !merged);
      cover(err);
    end
  end

endmodule
