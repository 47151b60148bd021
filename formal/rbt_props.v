// rbt_props.v -- formal properties of the HARP Re-convergence Barriers
// table (simtref_rbt).
//
// rbt_fv wraps the generated module and leaves every input free (anyseq),
// contract violations included (commits with an empty mask, threads that
// commit while they wait at a barrier).  No assumption constrains the
// thread ids or pcs.  The module is the one-stage table (STAGES = 1, the
// HARP 7.3.2 baseline, as in tiny): the commit at the table is the commit
// on the ports.  The module shows its whole table (valid_o, rpc_o,
// member_o, reached_o, tid_o, occupancy_o), so the properties speak of
// the table itself:
//
//   B1  a valid barrier's reached mask is a subset of its member mask;
//   B2  a valid barrier has at least one member;
//   B3  a (rpc, thread) pair is held by at most one valid barrier: no two
//       valid entries with the same rpc are both members in a lane with
//       the same thread id;
//   B4  a member's thread id maps to the set of its entry (tid mod SETS
//       = entry / WAYS);
//   B5  occupancy_o is the number of valid entries;
//   B6  a barrier is released exactly when reached equals member:
//       rel_valid_o iff some valid entry is complete, and rel_pc/mask/
//       tid_o are exactly the rpc, members and thread ids of the lowest
//       one; with rel_ready_i that entry is free in the next cycle;
//   B7  no valid way changes its rpc, loses a member, changes a member's
//       thread id or forgets an arrival, except by its release;
//   B8  a full set makes the reservation fail visibly: a lane is in
//       rsv_fail_o only for a diverged commit whose thread's set has
//       every way valid, and every other thread of a diverged commit
//       holds a barrier at the commit's pc in the next cycle (unless the
//       barrier that held it was released in that step);
//   B9  arrivals: a lane of a non-diverged commit is in arr_hit_o exactly
//       when a valid barrier holds its thread at the pc, not yet reached,
//       and that barrier shows it reached in the next cycle;
//   B10 err_o exactly for a commit with an empty mask, and then no lane
//       fails or arrives.
//
// Covers: a full set, a failed reservation (bypass), a merge into an
// existing barrier (a valid barrier gains a member), an arrival, a
// release.
//
// The sizes are set by the proof script (chparam) from the configuration.

module rbt_fv #(
  parameter integer ENTRIES        = 8,
  parameter integer WAYS           = 2,
  parameter integer LANES          = 2,
  parameter integer PC_W           = 8,
  parameter integer THREAD_ID_BITS = 10
) (
  input wire clk_i
);

  localparam integer TW    = THREAD_ID_BITS - $clog2(LANES);
  localparam integer SETS  = ENTRIES / WAYS;
  localparam integer OCC_W = $clog2(ENTRIES + 1);

  // Free inputs
  (* anyseq *) wire                rst_ni;
  (* anyseq *) wire                cmt_valid;
  (* anyseq *) wire                cmt_div;
  (* anyseq *) wire [PC_W-1:0]     cmt_pc;
  (* anyseq *) wire [LANES-1:0]    cmt_mask;
  (* anyseq *) wire [LANES*TW-1:0] cmt_tid;
  (* anyseq *) wire                rel_ready;

  wire [LANES-1:0]            rsv_fail, arr_hit;
  wire                        err;
  wire                        rel_valid;
  wire [PC_W-1:0]             rel_pc;
  wire [LANES-1:0]            rel_mask;
  wire [LANES*TW-1:0]         rel_tid;
  wire [OCC_W-1:0]            occupancy;
  wire [ENTRIES-1:0]          valid;
  wire [ENTRIES*PC_W-1:0]     rpc;
  wire [ENTRIES*LANES-1:0]    member, reached;
  wire [ENTRIES*LANES*TW-1:0] tid;

  simtref_rbt #(
    .ENTRIES (ENTRIES),
    .WAYS    (WAYS),
    .LANES   (LANES),
    .PC_W    (PC_W),
    .TW      (TW)
  ) dut (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .cmt_valid_i    (cmt_valid),
    .cmt_diverged_i (cmt_div),
    .cmt_pc_i       (cmt_pc),
    .cmt_mask_i     (cmt_mask),
    .cmt_tid_i      (cmt_tid),
    .rsv_fail_o     (rsv_fail),
    .arr_hit_o      (arr_hit),
    .err_o          (err),
    .rel_ready_i    (rel_ready),
    .rel_valid_o    (rel_valid),
    .rel_pc_o       (rel_pc),
    .rel_mask_o     (rel_mask),
    .rel_tid_o      (rel_tid),
    .occupancy_o    (occupancy),
    .valid_o        (valid),
    .rpc_o          (rpc),
    .member_o       (member),
    .reached_o      (reached),
    .tid_o          (tid)
  );

  // ------------------------------------------------------------------
  // What this cycle's state and inputs imply.  Entries are selected by
  // comparison with the loop index, never by a variable part-select.
  // ------------------------------------------------------------------

  reg [ENTRIES-1:0] cpl;        // complete: valid, reached == member
  reg [ENTRIES-1:0] rel_sel;    // the lowest complete entry
  reg               any_cpl;
  reg [LANES-1:0]   set_full;   // lane l's set has every way valid
  reg [LANES-1:0]   held;       // lane l's thread is held at cmt_pc ...
  reg [LANES-1:0]   waiting;    // ... and has not reached
  reg [LANES-1:0]   held_rel;   // ... by the entry released now
  reg [OCC_W:0]     n_valid;
  reg               full_any;
  integer x, y, l;              // loop indices of this block only

  always @* begin
    cpl = {ENTRIES{1'b0}}; rel_sel = {ENTRIES{1'b0}}; any_cpl = 1'b0;
    set_full = {LANES{1'b1}}; held = {LANES{1'b0}}; waiting = {LANES{1'b0}};
    held_rel = {LANES{1'b0}}; n_valid = {(OCC_W+1){1'b0}}; full_any = 1'b0;
    for (x = 0; x < ENTRIES; x = x + 1) begin
      n_valid = n_valid + valid[x];
      cpl[x] = valid[x] && reached[x*LANES +: LANES] == member[x*LANES +: LANES];
      if (cpl[x] && !any_cpl) rel_sel[x] = 1'b1;
      if (cpl[x]) any_cpl = 1'b1;
    end
    for (y = 0; y < SETS; y = y + 1) begin
      if (&valid[y*WAYS +: WAYS]) full_any = 1'b1;
    end
    for (l = 0; l < LANES; l = l + 1)
      for (x = 0; x < ENTRIES; x = x + 1) begin
        if (set_of(cmt_tid[l*TW +: TW]) == x / WAYS && !valid[x])
          set_full[l] = 1'b0;
        if (valid[x] && rpc[x*PC_W +: PC_W] == cmt_pc && member[x*LANES+l] &&
            tid[(x*LANES+l)*TW +: TW] == cmt_tid[l*TW +: TW]) begin
          held[l] = 1'b1;
          if (!reached[x*LANES+l]) waiting[l] = 1'b1;
          if (rel_sel[x] && rel_ready) held_rel[l] = 1'b1;
        end
      end
  end

  function integer set_of(input [TW-1:0] t);
    set_of = t % SETS;
  endfunction

  // ------------------------------------------------------------------
  // The previous cycle
  // ------------------------------------------------------------------

  reg                        f_past = 1'b0;
  reg                        f_rst_q;
  reg [ENTRIES-1:0]          f_valid, f_freed;
  reg [ENTRIES*PC_W-1:0]     f_rpc;
  reg [ENTRIES*LANES-1:0]    f_member, f_reached;
  reg [ENTRIES*LANES*TW-1:0] f_tid;
  reg                        f_reserve, f_arrive;
  reg [PC_W-1:0]             f_pc;
  reg [LANES-1:0]            f_mask, f_fail, f_hit, f_held_rel;
  reg [LANES*TW-1:0]         f_cmt_tid;

  always @(posedge clk_i) begin
    f_past     <= 1'b1;
    f_rst_q    <= rst_ni;
    f_valid    <= valid;
    f_freed    <= rel_ready ? rel_sel : {ENTRIES{1'b0}};
    f_rpc      <= rpc;
    f_member   <= member;
    f_reached  <= reached;
    f_tid      <= tid;
    f_reserve  <= cmt_valid && cmt_div;
    f_arrive   <= cmt_valid && !cmt_div;
    f_pc       <= cmt_pc;
    f_mask     <= cmt_mask;
    f_fail     <= rsv_fail;
    f_hit      <= arr_hit;
    f_held_rel <= held_rel;
    f_cmt_tid  <= cmt_tid;
  end

  // ------------------------------------------------------------------
  // Environment: reset at the start.
  // ------------------------------------------------------------------

  always @* if (!f_past) assume(!rst_ni);

  // ------------------------------------------------------------------
  // Invariants of the table (B1..B6)
  // ------------------------------------------------------------------

  integer a, b, c;          // loop indices of the assertion block

  always @* begin
    for (a = 0; a < ENTRIES; a = a + 1) begin
      if (valid[a]) begin
        // B1, B2
        assert((reached[a*LANES +: LANES] & ~member[a*LANES +: LANES]) == 0);
        assert(member[a*LANES +: LANES] != 0);
        // B4
        for (c = 0; c < LANES; c = c + 1)
          if (member[a*LANES+c])
            assert(set_of(tid[(a*LANES+c)*TW +: TW]) == a / WAYS);
      end else begin
        // free entries read zero
        assert(rpc[a*PC_W +: PC_W] == 0 && member[a*LANES +: LANES] == 0 &&
               reached[a*LANES +: LANES] == 0);
      end
      // B3
      for (b = a + 1; b < ENTRIES; b = b + 1)
        for (c = 0; c < LANES; c = c + 1)
          if (valid[a] && valid[b] && rpc[a*PC_W +: PC_W] == rpc[b*PC_W +: PC_W] &&
              member[a*LANES+c] && member[b*LANES+c])
            assert(tid[(a*LANES+c)*TW +: TW] != tid[(b*LANES+c)*TW +: TW]);
      // B6: the released warp is the lowest complete barrier
      if (rel_sel[a]) begin
        assert(rel_pc == rpc[a*PC_W +: PC_W]);
        assert(rel_mask == member[a*LANES +: LANES]);
        assert(rel_tid == tid[a*LANES*TW +: LANES*TW]);
      end
    end
    // B5
    assert({1'b0, occupancy} == n_valid);
    // B6
    assert(rel_valid == any_cpl);
    if (!rel_valid)
      assert(rel_pc == 0 && rel_mask == 0 && rel_tid == 0);

    // B8, B9, B10: this cycle's results
    if (rst_ni) begin
      assert(err == (cmt_valid && cmt_mask == 0));
      for (c = 0; c < LANES; c = c + 1) begin
        if (rsv_fail[c])
          assert(cmt_valid && cmt_div && cmt_mask[c] && set_full[c]);
        if (cmt_valid && !cmt_div && cmt_mask[c])
          assert(arr_hit[c] == waiting[c]);
        else
          assert(!arr_hit[c]);
      end
    end

    // Reset empties the table.
    if (!rst_ni || (f_past && !f_rst_q))
      assert(valid == 0 && occupancy == 0);
    else if (f_past) begin
      for (a = 0; a < ENTRIES; a = a + 1) begin
        // B6: the released entry is free in the next cycle
        if (f_freed[a])
          assert(!valid[a]);
        // B7: nothing is lost but by release
        if (f_valid[a] && !f_freed[a]) begin
          assert(valid[a]);
          assert(rpc[a*PC_W +: PC_W] == f_rpc[a*PC_W +: PC_W]);
          assert((f_member[a*LANES +: LANES] & ~member[a*LANES +: LANES]) == 0);
          assert((f_reached[a*LANES +: LANES] & ~reached[a*LANES +: LANES]) == 0);
          for (c = 0; c < LANES; c = c + 1)
            if (f_member[a*LANES+c])
              assert(tid[(a*LANES+c)*TW +: TW] == f_tid[(a*LANES+c)*TW +: TW]);
        end
      end
      for (c = 0; c < LANES; c = c + 1) begin
        // B8: a thread of a diverged commit that did not fail holds a
        // barrier at the pc now
        if (f_reserve && f_mask[c] && !f_fail[c] && !f_held_rel[c])
          assert(holds(c, f_pc, f_cmt_tid[c*TW +: TW]));
        // B9: an arriving thread is marked reached
        if (f_arrive && f_hit[c])
          assert(reached_at(c, f_pc, f_cmt_tid[c*TW +: TW]));
      end
    end
  end

  // Some valid entry holds thread (lane ln, thread id t) at pc p.
  function holds(input integer ln, input [PC_W-1:0] p, input [TW-1:0] t);
    integer h;
    begin
      holds = 1'b0;
      for (h = 0; h < ENTRIES; h = h + 1)
        if (valid[h] && rpc[h*PC_W +: PC_W] == p && member[h*LANES+ln] &&
            tid[(h*LANES+ln)*TW +: TW] == t)
          holds = 1'b1;
    end
  endfunction

  // ... and shows it reached.
  function reached_at(input integer ln, input [PC_W-1:0] p, input [TW-1:0] t);
    integer h;
    begin
      reached_at = 1'b0;
      for (h = 0; h < ENTRIES; h = h + 1)
        if (valid[h] && rpc[h*PC_W +: PC_W] == p && member[h*LANES+ln] &&
            tid[(h*LANES+ln)*TW +: TW] == t && reached[h*LANES+ln])
          reached_at = 1'b1;
    end
  endfunction

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  integer d;                // loop index of the cover block
  reg     merged;

  always @* begin
    merged = 1'b0;
    if (f_past && f_rst_q)
      for (d = 0; d < ENTRIES; d = d + 1)
        if (f_valid[d] && valid[d] &&
            (member[d*LANES +: LANES] & ~f_member[d*LANES +: LANES]) != 0)
          merged = 1'b1;
    if (f_past && rst_ni) begin
      cover(full_any);
      cover(rsv_fail != 0);
      cover(merged);
      cover(arr_hit != 0);
      cover(rel_valid && rel_ready);
    end
  end

endmodule
