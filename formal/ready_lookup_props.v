// ready_lookup_props.v -- formal properties of the HARP Ready-Lookup table
// (simtref_ready_lookup).
//
// ready_lookup_fv wraps the generated module and leaves every input free
// (anyseq), contract violations included (empty insert masks, pops of an
// empty table).  The module shows its whole table (valid_o, age_o, pc_o,
// mask_o, tid_o, count_o), so the properties speak of the table itself:
//
//   R1  a stored warp's mask is never empty;
//   R2  count_o is the number of valid entries;
//   R3  the age ranks of the valid entries are a permutation of
//       0..count-1 (each below count, no two equal);
//   R4  the head is the oldest valid entry: head_valid_o exactly when the
//       table is not empty, and head_pc/mask/tid_o are the warp of rank 0;
//   R5  no thread is lost and a warp keeps one pc: an entry that does not
//       depart stays valid with the same pc, keeps every lane it had, and
//       the thread id of each of those lanes;
//   R6  one cycle is exactly the specified operation, computed below from
//       the table before it: the pop removes exactly the head (pop of an
//       empty table: err_o, no effect); then port 0, then port 1, each
//       merging into the lowest-index valid entry with its pc and none of
//       its lanes (lanes become exactly old | new, the merged entry becomes
//       the youngest), else allocating the lowest free entry (the
//       youngest), else bypassing with the table unchanged; an empty mask
//       raises err_o and is ignored.  ins_merged_o, ins_bypass_o and err_o
//       are compared in the same cycle, the table on the next.
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
  // The reference: the table after this cycle's operations (R6).
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
  reg [ENTRIES-1:0]          r_popped;     // the head leaves
  reg [ENTRIES-1:0]          r_into;       // merged into this cycle
  reg [ENTRIES-1:0]          r_new0;       // allocated by port 0
  reg [ENTRIES-1:0]          r_into1;      // merged into by port 1
  reg [ENTRIES-1:0]          r_tgt;        // this port's entry (one-hot)
  reg                        r_found;
  reg [SLOT_W-1:0]           r_old;        // rank of the merge target
  reg [PC_W-1:0]             p_pc;
  reg [LANES-1:0]            p_mask;
  reg [LANES*TW-1:0]         p_tid;
  integer x, y, l, p;        // loop indices of this block only

  always @* begin
    r_v = valid; r_a = age; r_pc = pc; r_m = mask; r_t = tid;
    r_c = {1'b0, count};
    r_merged = 2'b00; r_bypass = 2'b00; r_err = 1'b0;
    r_popped = {ENTRIES{1'b0}}; r_into = {ENTRIES{1'b0}};
    r_new0 = {ENTRIES{1'b0}}; r_into1 = {ENTRIES{1'b0}};
    r_tgt = {ENTRIES{1'b0}}; r_found = 1'b0; r_old = {SLOT_W{1'b0}};
    p_pc = {PC_W{1'b0}}; p_mask = {LANES{1'b0}}; p_tid = {(LANES*TW){1'b0}};

    // The pop: the head leaves, every other warp moves one rank down.
    if (pop) begin
      if (count == 0)
        r_err = 1'b1;
      else begin
        for (x = 0; x < ENTRIES; x = x + 1)
          if (valid[x] && age[x*SLOT_W +: SLOT_W] == 0)
            r_popped[x] = 1'b1;
        for (x = 0; x < ENTRIES; x = x + 1)
          if (r_popped[x])
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
      r_found = 1'b0;
      if (ins_valid[p] && p_mask == 0)
        r_err = 1'b1;
      else if (ins_valid[p]) begin
        // merge: the lowest valid entry with the pc and no common lane
        for (x = 0; x < ENTRIES; x = x + 1)
          if (!r_found && r_v[x] && r_pc[x*PC_W +: PC_W] == p_pc &&
              (r_m[x*LANES +: LANES] & p_mask) == 0) begin
            r_found = 1'b1;
            r_tgt[x] = 1'b1;
          end
        if (r_found) begin
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
          // allocate: the lowest free entry
          for (x = 0; x < ENTRIES; x = x + 1)
            if (!r_found && !r_v[x]) begin
              r_found = 1'b1;
              r_tgt[x] = 1'b1;
            end
          if (!r_found)
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
          if (r_found) r_c = r_c + 1'b1;
        end
        // the thread ids of the inserted lanes
        for (y = 0; y < ENTRIES; y = y + 1)
          for (l = 0; l < LANES; l = l + 1)
            if (r_tgt[y] && p_mask[l])
              r_t[(y*LANES+l)*TW +: TW] = p_tid[l*TW +: TW];
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

  // ------------------------------------------------------------------
  // The previous cycle
  // ------------------------------------------------------------------

  reg                        f_past = 1'b0;
  reg                        f_rst_q;
  reg [ENTRIES-1:0]          f_v, f_valid, f_popped;
  reg [ENTRIES*SLOT_W-1:0]   f_a;
  reg [ENTRIES*PC_W-1:0]     f_pc, f_pc_was;
  reg [ENTRIES*LANES-1:0]    f_m, f_mask_was;
  reg [ENTRIES*LANES*TW-1:0] f_t, f_tid_was;
  reg [CNT_W:0]              f_c;

  always @(posedge clk_i) begin
    f_past     <= 1'b1;
    f_rst_q    <= rst_ni;
    f_v        <= r_v;
    f_a        <= r_a;
    f_pc       <= r_pc;
    f_m        <= r_m;
    f_t        <= r_t;
    f_c        <= r_c;
    f_valid    <= valid;
    f_popped   <= r_popped;
    f_pc_was   <= pc;
    f_mask_was <= mask;
    f_tid_was  <= tid;
  end

  // Ghost: entries holding a warp that was merged into (for a cover).
  reg [ENTRIES-1:0] g_merged = {ENTRIES{1'b0}};

  always @(posedge clk_i)
    if (!rst_ni) g_merged <= {ENTRIES{1'b0}};
    else         g_merged <= r_into | (g_merged & r_v & ~r_popped);

  // ------------------------------------------------------------------
  // Environment: reset at the start.
  // ------------------------------------------------------------------

  always @* if (!f_past) assume(!rst_ni);

  // ------------------------------------------------------------------
  // Invariants
  // ------------------------------------------------------------------

  reg [CNT_W:0] n_valid;
  integer a, b, c;          // loop indices of the assertion block

  always @* begin
    n_valid = {(CNT_W+1){1'b0}};
    for (a = 0; a < ENTRIES; a = a + 1)
      n_valid = n_valid + valid[a];

    // R1, R3, R4
    for (a = 0; a < ENTRIES; a = a + 1) begin
      if (valid[a]) begin
        assert(mask[a*LANES +: LANES] != 0);
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
    assert({1'b0, count} == n_valid);
    // R4
    assert(head_valid == (count != 0));

    // R6, this cycle's results
    if (rst_ni) begin
      assert(merged == r_merged);
      assert(bypass == r_bypass);
      assert(err == r_err);
    end

    // Reset empties the table.
    if (!rst_ni || (f_past && !f_rst_q))
      assert(valid == 0 && count == 0);
    else if (f_past) begin
      // R6, the table after the last cycle
      assert(valid == f_v);
      assert(age == f_a);
      assert(pc == f_pc);
      assert(mask == f_m);
      assert(tid == f_t);
      assert({1'b0, count} == f_c);
      // R5: no thread lost, one pc per warp
      for (c = 0; c < ENTRIES; c = c + 1)
        if (f_valid[c] && !f_popped[c]) begin
          assert(valid[c]);
          assert(pc[c*PC_W +: PC_W] == f_pc_was[c*PC_W +: PC_W]);
          assert((mask[c*LANES +: LANES] & f_mask_was[c*LANES +: LANES]) ==
                 f_mask_was[c*LANES +: LANES]);
          assert(((tid[c*LANES*TW +: LANES*TW] ^ f_tid_was[c*LANES*TW +: LANES*TW]) &
                  lane_bits(f_mask_was[c*LANES +: LANES])) == 0);
        end
    end
  end

  // The TW-bit fields of the lanes set in m, all ones.
  function [LANES*TW-1:0] lane_bits(input [LANES-1:0] m);
    integer fl;
    begin
      lane_bits = {(LANES*TW){1'b0}};
      for (fl = 0; fl < LANES; fl = fl + 1)
        if (m[fl]) lane_bits[fl*TW +: TW] = {TW{1'b1}};
    end
  endfunction

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
      if (r_popped[d] && g_merged[d])
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
