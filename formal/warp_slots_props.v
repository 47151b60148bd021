// warp_slots_props.v -- formal properties of the SM's table of warp
// slots (simtref_warp_slots).
//
// warp_slots_fv wraps the generated module and leaves every input free
// (anyseq); warp_slots_checker keeps from the ports alone what each slot
// holds, constrains the inputs to what the SM sends, and states the
// properties.  Every register of the module is an output, so the checker
// reads them there.
//
// The SM's ports (the assumptions): a placement goes into a slot that
// holds no warp, with a TB slot and a warp index that exist and at least
// one lane, and no lane of it exits in that cycle (its warp has not been
// launched).  Launches, arrivals, exits and releases are otherwise free:
// of any slot, any lanes, any TB, at any time.
//
//   S1  every register is what the ports said: per slot resident, launch
//       pending, at the barrier, TB slot, index, lanes and live lanes
//       after the placement, launch, arrival, exits and retirement, and
//       the release (of the slots that stay resident);
//   S2  the invariants: live lanes are lanes of the slot; a slot that is
//       not resident has no live lane; a resident slot has one (a slot
//       retires in the cycle its last one exits);
//   S3  retire_o is exactly "resident, and the exits take its last live
//       lanes".
//
// Covers show that the proof is not vacuous: every slot resident, a
// retirement, a retirement at the barrier as its TB releases, an
// arrival as its TB releases, an exit that leaves a live lane.
//
// The sizes are set by the proof script (chparam) from the configuration.

module warp_slots_checker #(
  parameter integer SLOTS    = 16,
  parameter integer LANES    = 2,
  parameter integer TBS      = 4,
  parameter integer TB_WARPS = 4,
  parameter integer TB_W     = 2,
  parameter integer WID_W    = 2
) (
  input wire                   clk_i,
  input wire                   rst_ni,
  input wire [SLOTS-1:0]       place_i,
  input wire [SLOTS*TB_W-1:0]  place_tb_i,
  input wire [SLOTS*WID_W-1:0] place_wid_i,
  input wire [SLOTS*LANES-1:0] place_lanes_i,
  input wire [SLOTS-1:0]       launch_i,
  input wire [SLOTS-1:0]       arrive_i,
  input wire [SLOTS*LANES-1:0] kill_i,
  input wire [TBS-1:0]         release_i,
  input wire [SLOTS-1:0]       resident_o,
  input wire [SLOTS-1:0]       launch_pending_o,
  input wire [SLOTS-1:0]       at_barrier_o,
  input wire [SLOTS*TB_W-1:0]  tb_o,
  input wire [SLOTS*WID_W-1:0] wid_o,
  input wire [SLOTS*LANES-1:0] lanes_o,
  input wire [SLOTS*LANES-1:0] live_o,
  input wire [SLOTS-1:0]       retire_o
);

  localparam [LANES-1:0] NONE = {LANES{1'b0}};

  // ------------------------------------------------------------------
  // What the ports said, slot by slot.  TB slots are selected by
  // comparison with the loop index, never by a variable part-select.
  // ------------------------------------------------------------------

  reg                   f_past = 1'b0;
  reg [SLOTS-1:0]       f_resident, f_pending, f_barrier;
  reg [SLOTS*TB_W-1:0]  f_tb;
  reg [SLOTS*WID_W-1:0] f_wid;
  reg [SLOTS*LANES-1:0] f_lanes, f_live;

  // The next value of slot g's fields, in blocking steps (the C model's
  // order).
  reg                   n_resident, n_pending, n_barrier, n_retire, n_rel;
  reg [TB_W-1:0]        n_tb;
  reg [WID_W-1:0]       n_wid;
  reg [LANES-1:0]       n_lanes, n_live, kill;
  integer g, t;
  always @(posedge clk_i) begin
    f_past <= 1'b1;
    for (g = 0; g < SLOTS; g = g + 1) begin
      kill       = kill_i[g*LANES +: LANES];
      n_retire   = f_resident[g] && kill != NONE && (f_live[g*LANES +: LANES] & ~kill) == NONE;
      n_resident = f_resident[g];
      n_pending  = f_pending[g];
      n_barrier  = f_barrier[g];
      n_tb       = f_tb[g*TB_W +: TB_W];
      n_wid      = f_wid[g*WID_W +: WID_W];
      n_lanes    = f_lanes[g*LANES +: LANES];
      n_live     = f_live[g*LANES +: LANES];
      if (place_i[g]) begin
        n_resident = 1'b1;
        n_pending  = 1'b1;
        n_barrier  = 1'b0;
        n_tb       = place_tb_i[g*TB_W +: TB_W];
        n_wid      = place_wid_i[g*WID_W +: WID_W];
        n_lanes    = place_lanes_i[g*LANES +: LANES];
        n_live     = place_lanes_i[g*LANES +: LANES];
      end
      if (launch_i[g]) n_pending = 1'b0;
      if (arrive_i[g]) n_barrier = 1'b1;
      n_live = n_live & ~kill;
      if (n_retire) begin
        n_resident = 1'b0;
        n_live     = NONE;
      end
      n_rel = 1'b0;
      for (t = 0; t < TBS; t = t + 1)
        if (n_tb == t) n_rel = n_rel | release_i[t];
      if (n_rel && n_resident) n_barrier = 1'b0;
      if (!rst_ni) begin
        n_resident = 1'b0;
        n_pending  = 1'b0;
        n_barrier  = 1'b0;
        n_tb       = {TB_W{1'b0}};
        n_wid      = {WID_W{1'b0}};
        n_lanes    = NONE;
        n_live     = NONE;
      end
      f_resident[g]            <= n_resident;
      f_pending[g]             <= n_pending;
      f_barrier[g]             <= n_barrier;
      f_tb[g*TB_W +: TB_W]     <= n_tb;
      f_wid[g*WID_W +: WID_W]  <= n_wid;
      f_lanes[g*LANES +: LANES] <= n_lanes;
      f_live[g*LANES +: LANES] <= n_live;
    end
  end

  // ------------------------------------------------------------------
  // Environment: reset first; what the SM sends
  // ------------------------------------------------------------------

  integer a;
  always @* begin
    if (!f_past) assume(!rst_ni);
    if (rst_ni)
      for (a = 0; a < SLOTS; a = a + 1)
        if (place_i[a]) begin
          assume(!f_resident[a]);
          assume(place_tb_i[a*TB_W +: TB_W] < TBS);
          assume(place_wid_i[a*WID_W +: WID_W] < TB_WARPS);
          assume(place_lanes_i[a*LANES +: LANES] != NONE);
          assume(kill_i[a*LANES +: LANES] == NONE);
        end
  end

  // ------------------------------------------------------------------
  // Properties
  // ------------------------------------------------------------------

  reg [LANES-1:0] live, lanes, k;
  integer p;
  always @* begin
    if (rst_ni && f_past) begin
      // S1
      assert(resident_o == f_resident);
      assert(launch_pending_o == f_pending);
      assert(at_barrier_o == f_barrier);
      assert(tb_o == f_tb);
      assert(wid_o == f_wid);
      assert(lanes_o == f_lanes);
      assert(live_o == f_live);
      for (p = 0; p < SLOTS; p = p + 1) begin
        live  = live_o[p*LANES +: LANES];
        lanes = lanes_o[p*LANES +: LANES];
        k     = kill_i[p*LANES +: LANES];
        // S2
        assert((live & ~lanes) == NONE);
        assert(resident_o[p] == (live != NONE));
        // S3
        assert(retire_o[p] == (resident_o[p] && k != NONE && (live & ~k) == NONE));
      end
    end
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  always @* begin
    if (rst_ni && f_past) begin
      cover(&resident_o);
      cover(retire_o[0]);
      cover(retire_o[0] && at_barrier_o[0] && release_i[tb_o[0 +: TB_W]]);
      cover(arrive_i[0] && resident_o[0] && release_i[tb_o[0 +: TB_W]]);
      cover(resident_o[0] && kill_i[0 +: LANES] != NONE && !retire_o[0]);
    end
  end

endmodule

module warp_slots_fv #(
  parameter integer TBS        = 4,
  parameter integer TB_WARPS   = 4,
  parameter integer THREADS    = 16,
  parameter integer WARP_SIZE  = 2,
  parameter integer SCHEDULERS = 2
) (
  input wire clk_i
);

  // The sizes as warp_slots_geometry() derives them.
  localparam integer SLOTS = THREADS / WARP_SIZE * SCHEDULERS;
  localparam integer LANES = WARP_SIZE;
  localparam integer TB_W  = TBS > 1 ? $clog2(TBS) : 1;
  localparam integer WID_W = TB_WARPS > 1 ? $clog2(TB_WARPS) : 1;

  // Free inputs
  (* anyseq *) wire                   rst_ni;
  (* anyseq *) wire [SLOTS-1:0]       place;
  (* anyseq *) wire [SLOTS*TB_W-1:0]  place_tb;
  (* anyseq *) wire [SLOTS*WID_W-1:0] place_wid;
  (* anyseq *) wire [SLOTS*LANES-1:0] place_lanes;
  (* anyseq *) wire [SLOTS-1:0]       launch;
  (* anyseq *) wire [SLOTS-1:0]       arrive;
  (* anyseq *) wire [SLOTS*LANES-1:0] kill;
  (* anyseq *) wire [TBS-1:0]         release_w;

  wire [SLOTS-1:0]       resident, pending, barrier, retire;
  wire [SLOTS*TB_W-1:0]  tb;
  wire [SLOTS*WID_W-1:0] wid;
  wire [SLOTS*LANES-1:0] lanes, live;

  simtref_warp_slots #(
    .SLOTS (SLOTS),
    .LANES (LANES),
    .TBS   (TBS),
    .TB_W  (TB_W),
    .WID_W (WID_W)
  ) dut (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .place_i          (place),
    .place_tb_i       (place_tb),
    .place_wid_i      (place_wid),
    .place_lanes_i    (place_lanes),
    .launch_i         (launch),
    .arrive_i         (arrive),
    .kill_i           (kill),
    .release_i        (release_w),
    .resident_o       (resident),
    .launch_pending_o (pending),
    .at_barrier_o     (barrier),
    .tb_o             (tb),
    .wid_o            (wid),
    .lanes_o          (lanes),
    .live_o           (live),
    .retire_o         (retire)
  );

  warp_slots_checker #(
    .SLOTS    (SLOTS),
    .LANES    (LANES),
    .TBS      (TBS),
    .TB_WARPS (TB_WARPS),
    .TB_W     (TB_W),
    .WID_W    (WID_W)
  ) u_checker (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .place_i          (place),
    .place_tb_i       (place_tb),
    .place_wid_i      (place_wid),
    .place_lanes_i    (place_lanes),
    .launch_i         (launch),
    .arrive_i         (arrive),
    .kill_i           (kill),
    .release_i        (release_w),
    .resident_o       (resident),
    .launch_pending_o (pending),
    .at_barrier_o     (barrier),
    .tb_o             (tb),
    .wid_o            (wid),
    .lanes_o          (lanes),
    .live_o           (live),
    .retire_o         (retire)
  );

endmodule
