// tb_table_props.v -- formal properties of the table of resident TBs
// (simtref_tb_table).
//
// tb_table_fv wraps the generated module and leaves every input free
// (anyseq); tb_table_checker, which the module instantiates under FORMAL
// to see its registers and memories, keeps from the ports alone what each
// TB slot holds, constrains the inputs to what the SM sends, and states
// the properties.
//
// The SM's ports (the assumptions): a placement goes into a TB slot that
// holds no TB, no two into one slot, with 1..TB_WARPS warps; a retirement
// names at most the TB's live warps, of which at most all had arrived at
// the barrier; the exited warps that arrive are at most those the TB owes
// (none for a slot without a TB); the read port names a TB slot and a
// warp number that exist.  Releases are free: of any slot, at any time.
//
//   T1  the counts are what the ports said: per slot valid, warps, live
//       warps and exited warps counted at the barrier, after placements,
//       retirements, arrivals and releases;
//   T2  the invariants: a slot holds a TB exactly while it has a live
//       warp; a TB has 1..TB_WARPS warps; the live warps and the exited
//       warps counted at the barrier are at most the TB's warps (so the
//       arrivals owed, warps - live - counted, are at most its exited
//       warps, warps - live); owing_o is exactly "valid and owes";
//   T3  the memories hold, for every slot with a TB, the grid index and
//       the warp slots its placement wrote;
//   T4  the read port shows the slot read: its counts, done_o exactly
//       when the retirements of this cycle take its last live warps, and,
//       while it holds a TB, its grid index and the warp slot of a warp
//       of the TB.
//
// Covers show that the proof is not vacuous: every slot held, a TB's last
// warps retiring, a retirement of warps that had arrived, an owed arrival
// sent, a release that clears counted exited warps, and a TB of TB_WARPS
// warps waiting for its last live warp with every exited warp counted.
//
// The sizes are set by the proof script (chparam) from the configuration.

module tb_table_checker #(
  parameter integer MAX_TBS  = 4,
  parameter integer TB_WARPS = 4,
  parameter integer CTAID_W  = 32,
  parameter integer TB_W     = 2,
  parameter integer N_W      = 3,
  parameter integer WARPS_W  = 3,
  parameter integer WID_W    = 2,
  parameter integer SLOT_W   = 4,
  parameter integer ROW_W    = 16
) (
  input wire                       clk_i,
  input wire                       rst_ni,
  input wire [N_W-1:0]             n_place_i,
  input wire [MAX_TBS*TB_W-1:0]    place_tb_i,
  input wire [MAX_TBS*CTAID_W-1:0] place_ctaid_i,
  input wire [MAX_TBS*WARPS_W-1:0] place_warps_i,
  input wire [MAX_TBS*ROW_W-1:0]   place_warp_i,
  input wire [MAX_TBS*WARPS_W-1:0] retire_i,
  input wire [MAX_TBS*WARPS_W-1:0] retire_arrived_i,
  input wire [MAX_TBS*WARPS_W-1:0] gone_sent_i,
  input wire [MAX_TBS-1:0]         release_i,
  input wire [TB_W-1:0]            rd_tb_i,
  input wire [WID_W-1:0]           rd_wid_i,
  input wire                       valid_o,
  input wire [CTAID_W-1:0]         ctaid_o,
  input wire [WARPS_W-1:0]         warps_o,
  input wire [WARPS_W-1:0]         live_warps_o,
  input wire [WARPS_W-1:0]         gone_arrived_o,
  input wire [SLOT_W-1:0]          warp_slot_o,
  input wire                       done_o,
  input wire [MAX_TBS-1:0]         owing_o,
  input wire [MAX_TBS-1:0]         valid_q,
  input wire [MAX_TBS*WARPS_W-1:0] warps_q,
  input wire [MAX_TBS*WARPS_W-1:0] live_q,
  input wire [MAX_TBS*WARPS_W-1:0] gone_q,
  input wire [MAX_TBS*CTAID_W-1:0] ctaids_q,
  input wire [MAX_TBS*ROW_W-1:0]   slots_q
);

  localparam integer CW = WARPS_W + 1;      // a sum of two counts
  localparam [CW-1:0] ALL_WARPS = TB_WARPS;

  // ------------------------------------------------------------------
  // This cycle's placements, slot by slot.  Indexing is written as
  // comparisons against constants rather than variable part-selects:
  // the solvers handle the former much better.
  // ------------------------------------------------------------------

  reg [MAX_TBS-1:0]         placed;        // a placement names the slot
  reg [MAX_TBS-1:0]         twice;         // ... two do
  reg                       stray;         // a placement names no slot
  reg [MAX_TBS*WARPS_W-1:0] p_warps;       // the placement's warps ...
  reg [MAX_TBS*CTAID_W-1:0] p_ctaid;       // ... grid index ...
  reg [MAX_TBS*ROW_W-1:0]   p_slots;       // ... and warp slots
  integer pk, pt;
  always @* begin
    placed  = {MAX_TBS{1'b0}};
    twice   = {MAX_TBS{1'b0}};
    stray   = 1'b0;
    p_warps = {(MAX_TBS*WARPS_W){1'b0}};
    p_ctaid = {(MAX_TBS*CTAID_W){1'b0}};
    p_slots = {(MAX_TBS*ROW_W){1'b0}};
    for (pk = 0; pk < MAX_TBS; pk = pk + 1)
      if (pk < n_place_i) begin
        if (place_tb_i[pk*TB_W +: TB_W] >= MAX_TBS) stray = 1'b1;
        for (pt = 0; pt < MAX_TBS; pt = pt + 1)
          if (place_tb_i[pk*TB_W +: TB_W] == pt) begin
            twice[pt] = twice[pt] | placed[pt];
            placed[pt] = 1'b1;
            p_warps[pt*WARPS_W +: WARPS_W] = place_warps_i[pk*WARPS_W +: WARPS_W];
            p_ctaid[pt*CTAID_W +: CTAID_W] = place_ctaid_i[pk*CTAID_W +: CTAID_W];
            p_slots[pt*ROW_W +: ROW_W]     = place_warp_i[pk*ROW_W +: ROW_W];
          end
      end
  end

  // ------------------------------------------------------------------
  // What the ports said: each slot's counts, grid index and warp slots
  // ------------------------------------------------------------------

  reg                       f_past = 1'b0;
  reg [MAX_TBS-1:0]         f_valid;
  reg [MAX_TBS*WARPS_W-1:0] f_warps;
  reg [MAX_TBS*WARPS_W-1:0] f_live;
  reg [MAX_TBS*WARPS_W-1:0] f_gone;
  reg [MAX_TBS*CTAID_W-1:0] f_ctaid;
  reg [MAX_TBS*ROW_W-1:0]   f_slots;

  // With the assumptions below, a slot is either placed (it held no TB:
  // no retirement, no arrival) or keeps its TB, whose warps retire and
  // arrive.
  integer ft;
  always @(posedge clk_i) begin
    f_past <= 1'b1;
    for (ft = 0; ft < MAX_TBS; ft = ft + 1)
      if (!rst_ni) begin
        f_valid[ft]                   <= 1'b0;
        f_warps[ft*WARPS_W +: WARPS_W] <= {WARPS_W{1'b0}};
        f_live[ft*WARPS_W +: WARPS_W]  <= {WARPS_W{1'b0}};
        f_gone[ft*WARPS_W +: WARPS_W]  <= {WARPS_W{1'b0}};
      end else if (placed[ft]) begin
        f_valid[ft]                   <= 1'b1;
        f_warps[ft*WARPS_W +: WARPS_W] <= p_warps[ft*WARPS_W +: WARPS_W];
        f_live[ft*WARPS_W +: WARPS_W]  <= p_warps[ft*WARPS_W +: WARPS_W];
        f_gone[ft*WARPS_W +: WARPS_W]  <= {WARPS_W{1'b0}};
        f_ctaid[ft*CTAID_W +: CTAID_W] <= p_ctaid[ft*CTAID_W +: CTAID_W];
        f_slots[ft*ROW_W +: ROW_W]     <= p_slots[ft*ROW_W +: ROW_W];
      end else begin
        f_valid[ft] <= f_live[ft*WARPS_W +: WARPS_W] != retire_i[ft*WARPS_W +: WARPS_W];
        f_live[ft*WARPS_W +: WARPS_W] <=
          f_live[ft*WARPS_W +: WARPS_W] - retire_i[ft*WARPS_W +: WARPS_W];
        f_gone[ft*WARPS_W +: WARPS_W] <= release_i[ft] ? {WARPS_W{1'b0}} :
          f_gone[ft*WARPS_W +: WARPS_W] + retire_arrived_i[ft*WARPS_W +: WARPS_W]
                                        + gone_sent_i[ft*WARPS_W +: WARPS_W];
      end
  end

  // ------------------------------------------------------------------
  // Environment: reset first; what the SM sends
  // ------------------------------------------------------------------

  integer at;
  always @* begin
    if (!f_past) assume(!rst_ni);
    if (rst_ni) begin
      assume(n_place_i <= MAX_TBS);
      assume(!stray && twice == {MAX_TBS{1'b0}});
      assume((placed & f_valid) == {MAX_TBS{1'b0}});
      assume(rd_tb_i < MAX_TBS && rd_wid_i < TB_WARPS);
      for (at = 0; at < MAX_TBS; at = at + 1) begin
        if (placed[at])
          assume(p_warps[at*WARPS_W +: WARPS_W] >= 1 &&
                 p_warps[at*WARPS_W +: WARPS_W] <= TB_WARPS);
        assume(retire_i[at*WARPS_W +: WARPS_W] <= f_live[at*WARPS_W +: WARPS_W]);
        assume(retire_arrived_i[at*WARPS_W +: WARPS_W] <= retire_i[at*WARPS_W +: WARPS_W]);
        if (f_valid[at])
          assume({1'b0, gone_sent_i[at*WARPS_W +: WARPS_W]} +
                 {1'b0, f_live[at*WARPS_W +: WARPS_W]} +
                 {1'b0, f_gone[at*WARPS_W +: WARPS_W]} <=
                 {1'b0, f_warps[at*WARPS_W +: WARPS_W]});
        else
          assume(gone_sent_i[at*WARPS_W +: WARPS_W] == {WARPS_W{1'b0}});
      end
    end
  end

  // ------------------------------------------------------------------
  // Properties
  // ------------------------------------------------------------------

  reg [CW-1:0] warps, live, gone;
  integer t, j;
  always @* begin
    if (rst_ni && f_past) begin
      // T1
      assert(valid_q == f_valid);
      assert(warps_q == f_warps);
      assert(live_q == f_live);
      assert(gone_q == f_gone);
      for (t = 0; t < MAX_TBS; t = t + 1) begin
        warps = {1'b0, warps_q[t*WARPS_W +: WARPS_W]};
        live  = {1'b0, live_q[t*WARPS_W +: WARPS_W]};
        gone  = {1'b0, gone_q[t*WARPS_W +: WARPS_W]};
        // T2
        assert(valid_q[t] == (live != {CW{1'b0}}));
        assert(warps <= ALL_WARPS);
        if (valid_q[t]) assert(warps != {CW{1'b0}});
        assert(live + gone <= warps);
        assert(owing_o[t] == (valid_q[t] && live + gone < warps));
        // T3
        if (valid_q[t]) begin
          assert(ctaids_q[t*CTAID_W +: CTAID_W] == f_ctaid[t*CTAID_W +: CTAID_W]);
          assert(slots_q[t*ROW_W +: ROW_W] == f_slots[t*ROW_W +: ROW_W]);
        end
        // T4
        if (rd_tb_i == t) begin
          assert(valid_o == valid_q[t]);
          assert(warps_o == warps_q[t*WARPS_W +: WARPS_W]);
          assert(live_warps_o == live_q[t*WARPS_W +: WARPS_W]);
          assert(gone_arrived_o == gone_q[t*WARPS_W +: WARPS_W]);
          assert(done_o == (valid_q[t] && retire_i[t*WARPS_W +: WARPS_W] != {WARPS_W{1'b0}} &&
                            retire_i[t*WARPS_W +: WARPS_W] == live_q[t*WARPS_W +: WARPS_W]));
          if (valid_q[t]) begin
            assert(ctaid_o == f_ctaid[t*CTAID_W +: CTAID_W]);
            for (j = 0; j < TB_WARPS; j = j + 1)
              if (rd_wid_i == j && j < warps_q[t*WARPS_W +: WARPS_W])
                assert(warp_slot_o == f_slots[t*ROW_W + j*SLOT_W +: SLOT_W]);
          end
        end
      end
    end
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  always @* begin
    if (rst_ni && f_past) begin
      cover(&valid_q);
      cover(done_o);
      cover(valid_q[0] && retire_arrived_i[0 +: WARPS_W] != {WARPS_W{1'b0}});
      cover(owing_o[0] && gone_sent_i[0 +: WARPS_W] != {WARPS_W{1'b0}});
      cover(release_i[0] && valid_q[0] && gone_q[0 +: WARPS_W] != {WARPS_W{1'b0}});
      cover(warps_q[0 +: WARPS_W] == TB_WARPS && live_q[0 +: WARPS_W] == 1 &&
            gone_q[0 +: WARPS_W] == TB_WARPS - 1);
    end
  end

endmodule

module tb_table_fv #(
  parameter integer MAX_TBS    = 4,
  parameter integer TB_WARPS   = 4,
  parameter integer THREADS    = 16,
  parameter integer WARP_SIZE  = 2,
  parameter integer SCHEDULERS = 2
) (
  input wire clk_i
);

  // The sizes as tb_table_geometry() derives them.
  localparam integer WARP_SLOTS = THREADS / WARP_SIZE * SCHEDULERS;
  localparam integer CTAID_W    = 32;
  localparam integer TB_W       = MAX_TBS > 1 ? $clog2(MAX_TBS) : 1;
  localparam integer N_W        = $clog2(MAX_TBS + 1);
  localparam integer WARPS_W    = $clog2(TB_WARPS + 1);
  localparam integer WID_W      = TB_WARPS > 1 ? $clog2(TB_WARPS) : 1;
  localparam integer SLOT_W     = WARP_SLOTS > 1 ? $clog2(WARP_SLOTS) : 1;
  localparam integer ROW_W      = TB_WARPS * SLOT_W;

  // Free inputs
  (* anyseq *) wire                       rst_ni;
  (* anyseq *) wire [N_W-1:0]             n_place;
  (* anyseq *) wire [MAX_TBS*TB_W-1:0]    place_tb;
  (* anyseq *) wire [MAX_TBS*CTAID_W-1:0] place_ctaid;
  (* anyseq *) wire [MAX_TBS*WARPS_W-1:0] place_warps;
  (* anyseq *) wire [MAX_TBS*ROW_W-1:0]   place_warp;
  (* anyseq *) wire [MAX_TBS*WARPS_W-1:0] retire;
  (* anyseq *) wire [MAX_TBS*WARPS_W-1:0] retire_arrived;
  (* anyseq *) wire [MAX_TBS*WARPS_W-1:0] gone_sent;
  (* anyseq *) wire [MAX_TBS-1:0]         release_w;
  (* anyseq *) wire [TB_W-1:0]            rd_tb;
  (* anyseq *) wire [WID_W-1:0]           rd_wid;

  wire                 valid;
  wire [CTAID_W-1:0]   ctaid;
  wire [WARPS_W-1:0]   warps;
  wire [WARPS_W-1:0]   live_warps;
  wire [WARPS_W-1:0]   gone_arrived;
  wire [SLOT_W-1:0]    warp_slot;
  wire                 done;
  wire [MAX_TBS-1:0]   owing;

  simtref_tb_table #(
    .MAX_TBS  (MAX_TBS),
    .TB_WARPS (TB_WARPS),
    .CTAID_W  (CTAID_W),
    .TB_W     (TB_W),
    .N_W      (N_W),
    .WARPS_W  (WARPS_W),
    .WID_W    (WID_W),
    .SLOT_W   (SLOT_W),
    .ROW_W    (ROW_W)
  ) dut (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .n_place_i        (n_place),
    .place_tb_i       (place_tb),
    .place_ctaid_i    (place_ctaid),
    .place_warps_i    (place_warps),
    .place_warp_i     (place_warp),
    .retire_i         (retire),
    .retire_arrived_i (retire_arrived),
    .gone_sent_i      (gone_sent),
    .release_i        (release_w),
    .rd_tb_i          (rd_tb),
    .rd_wid_i         (rd_wid),
    .valid_o          (valid),
    .ctaid_o          (ctaid),
    .warps_o          (warps),
    .live_warps_o     (live_warps),
    .gone_arrived_o   (gone_arrived),
    .warp_slot_o      (warp_slot),
    .done_o           (done),
    .owing_o          (owing)
  );

endmodule
