// dispatch_props.v -- formal properties of the TB dispatcher
// (simtref_dispatch).
//
// dispatch_fv wraps the generated module and leaves every input free
// (anyseq) but for the launch: a start names a grid of at least one TB,
// 1..min(MAX_TB_WARPS, WARP_SLOTS) warps per TB and at most SHARED_BYTES
// of shared memory per TB (what the SM accepts, dispatch_fits()).  The
// releases are free: a release of an empty slot, of a slot being placed,
// of a TB whose warps still run.
//
// dispatch_checker, which the module instantiates under FORMAL to see its
// registers, keeps from the ports alone which TB slots and warp slots are
// held (a placement takes them, a release frees them from the next
// cycle, a start frees all), the launch, and the placements so far, and
// states:
//
//   D1  a placement goes into a TB slot that is not held: the k-th
//       placement of a cycle into the k-th lowest free TB slot (so never
//       two TBs in one slot), with ctaid next + k; no TB beyond the grid;
//   D2  a warp slot is taken only when it is not held, by a TB placed
//       this cycle, and the slots taken are the lowest free ones, as many
//       as the placed TBs have warps (which warp of its TB a slot takes,
//       warp_idx_o, is checked by the co-simulation only: stated slot by
//       slot, as a count or as a walk over the slots, the proof did not
//       finish a BMC step in minutes);
//   D3  the limits: the TBs held after the placements fit in the shared
//       memory (the warp slots and TB slots by D1 and D2);
//   D4  a slot is taken again only after a release frees it (the held
//       slots of D1 and D2 clear only on a release or a start);
//   D5  as many TBs as fit: when TBs of the grid wait, the next one
//       finds no TB slot, too few warp slots or too little shared memory;
//   D6  the model's invariants: the registers are what the ports say
//       (TB valid bits = TB slots held, warp busy bits = warp slots held,
//       the next ctaid, the launch), the free warp slots are the warp
//       slots less those held, the shared memory held is the TBs held
//       times the shared memory per TB, and the next ctaid is within the
//       grid.
//
// Covers show that the proof is not vacuous: two TBs placed in a cycle,
// every TB slot held with TBs waiting, a TB waiting for warp slots while a
// TB slot and the shared memory are free, one waiting for shared memory,
// the shared memory held to the last byte, a TB placed in a slot freed on
// the edge before, and a grid placed and drained.
//
// The sizes are set by the proof script (chparam) from the configuration.

module dispatch_checker #(
  parameter integer MAX_TBS      = 4,
  parameter integer WARP_SLOTS   = 16,
  parameter integer SHARED_BYTES = 16384,
  parameter integer CTAID_W      = 32,
  parameter integer TB_W         = 2,
  parameter integer N_W          = 3,
  parameter integer SLOT_W       = 5,
  parameter integer IDX_W        = 2,
  parameter integer SHARED_W     = 15
) (
  input wire                        clk_i,
  input wire                        rst_ni,
  input wire                        start_i,
  input wire [CTAID_W-1:0]          grid_i,
  input wire [SLOT_W-1:0]           tb_warps_i,
  input wire [SHARED_W-1:0]         shared_bytes_i,
  input wire [WARP_SLOTS-1:0]       warp_release_i,
  input wire [MAX_TBS-1:0]          tb_release_i,
  input wire [N_W-1:0]              n_place_o,
  input wire [MAX_TBS*TB_W-1:0]     place_tb_o,
  input wire [MAX_TBS*CTAID_W-1:0]  place_ctaid_o,
  input wire [WARP_SLOTS-1:0]       warp_give_o,
  input wire [WARP_SLOTS*TB_W-1:0]  warp_tb_o,
  input wire [WARP_SLOTS*IDX_W-1:0] warp_idx_o,
  input wire [CTAID_W-1:0]          grid_q,
  input wire [SLOT_W-1:0]           tb_warps_q,
  input wire [SHARED_W-1:0]         shared_bytes_q,
  input wire [CTAID_W-1:0]          next_ctaid_q,
  input wire [MAX_TBS-1:0]          tb_valid_q,
  input wire [WARP_SLOTS-1:0]       warp_busy_q,
  input wire [SLOT_W-1:0]           free_warps_q,
  input wire [SHARED_W-1:0]         shared_used_q
);

  // ------------------------------------------------------------------
  // What the ports say: slots held, the launch, placements so far
  // ------------------------------------------------------------------

  reg                    f_past = 1'b0;
  reg [MAX_TBS-1:0]      f_tb_held;     // TB slots held
  reg [WARP_SLOTS-1:0]   f_warp_held;   // warp slots held
  reg [CTAID_W-1:0]      f_grid;        // the launch
  reg [SLOT_W-1:0]       f_tb_warps;
  reg [SHARED_W-1:0]     f_shared;
  reg [CTAID_W-1:0]      f_placed;      // TBs placed since the start
  reg [MAX_TBS-1:0]      f_freed;       // TB slots freed on the last edge

  // The TB slots placed this cycle (placement k < n_place_o).
  reg [MAX_TBS-1:0]      placed;
  integer pk, pt;
  always @* begin
    placed = {MAX_TBS{1'b0}};
    for (pk = 0; pk < MAX_TBS; pk = pk + 1)
      for (pt = 0; pt < MAX_TBS; pt = pt + 1)
        if (pk < n_place_o && place_tb_o[pk*TB_W +: TB_W] == pt)
          placed[pt] = 1'b1;
  end

  always @(posedge clk_i) begin
    f_past <= 1'b1;
    if (!rst_ni || start_i) begin
      f_tb_held   <= {MAX_TBS{1'b0}};
      f_warp_held <= {WARP_SLOTS{1'b0}};
      f_placed    <= {CTAID_W{1'b0}};
      f_freed     <= {MAX_TBS{1'b0}};
      f_grid      <= rst_ni ? grid_i : {CTAID_W{1'b0}};
      f_tb_warps  <= rst_ni ? tb_warps_i : {SLOT_W{1'b0}};
      f_shared    <= rst_ni ? shared_bytes_i : {SHARED_W{1'b0}};
    end else begin
      f_tb_held   <= (f_tb_held | placed) & ~tb_release_i;
      f_warp_held <= (f_warp_held | warp_give_o) & ~warp_release_i;
      f_placed    <= f_placed + {{(CTAID_W-N_W){1'b0}}, n_place_o};
      f_freed     <= (f_tb_held | placed) & tb_release_i;
    end
  end

  // ------------------------------------------------------------------
  // Counts, in widths of their own.  Indexing is written as comparisons
  // against constants rather than variable part-selects: the solvers
  // handle the former much better.
  // ------------------------------------------------------------------

  localparam integer CW = (SLOT_W > N_W ? SLOT_W : N_W) + 1;   // slots, TBs
  localparam integer SW = SHARED_W + N_W + 1;                   // bytes
  localparam [CW-1:0] ONE = 1;
  localparam [CW-1:0] ALL_SLOTS = WARP_SLOTS;
  localparam [CW-1:0] ALL_TBS = MAX_TBS;
  localparam [SW-1:0] ALL_SHARED = SHARED_BYTES;

  reg [CW-1:0]           tbs_held;      // TB slots held
  reg [CW-1:0]           warps_held;    // warp slots held
  reg [CW-1:0]           warps_given;   // warp slots taken this cycle
  reg [CW-1:0]           n;             // TBs placed this cycle
  reg [SW-1:0]           shared_after;  // shared memory of the TBs held and placed
  reg [SW-1:0]           shared_valid;  // the TB valid bits times the bytes per TB
  reg [CTAID_W-1:0]      waiting;       // TBs of the grid not placed yet
  reg [CW-1:0]           placed_n;      // TB slots placed this cycle
  reg [CW-1:0]           n_warps;       // ... times the warps per TB
  wire                   launched = f_tb_warps != {SLOT_W{1'b0}};
  integer i;
  always @* begin
    n = {{(CW-N_W){1'b0}}, n_place_o};
    tbs_held = {CW{1'b0}};
    placed_n = {CW{1'b0}};
    n_warps = {CW{1'b0}};
    for (i = 0; i < MAX_TBS; i = i + 1)
      if (placed[i]) begin
        placed_n = placed_n + ONE;
        n_warps = n_warps + {{(CW-SLOT_W){1'b0}}, f_tb_warps};
      end
    shared_after = {SW{1'b0}};
    shared_valid = {SW{1'b0}};
    for (i = 0; i < MAX_TBS; i = i + 1) begin
      if (f_tb_held[i]) tbs_held = tbs_held + ONE;
      if (f_tb_held[i] || placed[i])
        shared_after = shared_after + {{(SW-SHARED_W){1'b0}}, f_shared};
      if (tb_valid_q[i])
        shared_valid = shared_valid + {{(SW-SHARED_W){1'b0}}, shared_bytes_q};
    end
    warps_held = {CW{1'b0}};
    warps_given = {CW{1'b0}};
    for (i = 0; i < WARP_SLOTS; i = i + 1) begin
      if (f_warp_held[i]) warps_held = warps_held + ONE;
      if (warp_give_o[i]) warps_given = warps_given + ONE;
    end
    waiting = f_grid - f_placed;
  end

  // ------------------------------------------------------------------
  // Invariants
  // ------------------------------------------------------------------

  reg                  hit, gap;
  integer k, t, s;
  always @* begin
    if (f_past && rst_ni) begin
      // D6: the registers are what the ports say; the model's invariants.
      assert(tb_valid_q == f_tb_held);
      assert(warp_busy_q == f_warp_held);
      assert(next_ctaid_q == f_placed);
      assert(grid_q == f_grid && tb_warps_q == f_tb_warps &&
             shared_bytes_q == f_shared);
      assert({{(CW-SLOT_W){1'b0}}, free_warps_q} == ALL_SLOTS - warps_held);
      assert({{(SW-SHARED_W){1'b0}}, shared_used_q} == shared_valid);
      assert(f_placed <= f_grid);
      if (launched) begin
        assert({{(CW-SLOT_W){1'b0}}, f_tb_warps} <= ALL_SLOTS);
        assert(f_tb_warps <= (1 << IDX_W));
        assert({{(SW-SHARED_W){1'b0}}, f_shared} <= ALL_SHARED);
      end else begin
        assert(f_grid == {CTAID_W{1'b0}} && f_tb_held == {MAX_TBS{1'b0}} &&
               f_warp_held == {WARP_SLOTS{1'b0}});
      end

      // D1: the placements take the lowest free TB slots in increasing
      // order (so the k-th the k-th lowest: never two TBs in one slot),
      // with the ctaids of the TBs waiting, in grid order.
      assert({{(CTAID_W-N_W){1'b0}}, n_place_o} <= waiting);
      gap = 1'b0;
      for (t = 0; t < MAX_TBS; t = t + 1) begin
        if (placed[t]) assert(!f_tb_held[t] && !gap);
        if (!f_tb_held[t] && !placed[t]) gap = 1'b1;
      end
      for (k = 0; k < MAX_TBS; k = k + 1) begin
        if (k < n_place_o) begin
          hit = 1'b0;
          for (t = 0; t < MAX_TBS; t = t + 1)
            if (place_tb_o[k*TB_W +: TB_W] == t) hit = 1'b1;
          assert(hit);                              // a TB slot that exists
          assert(place_ctaid_o[k*CTAID_W +: CTAID_W] == f_placed + k);
        end else begin
          assert(place_tb_o[k*TB_W +: TB_W] == {TB_W{1'b0}});
          assert(place_ctaid_o[k*CTAID_W +: CTAID_W] == {CTAID_W{1'b0}});
        end
      end
      assert(n == placed_n);

      // D2: each warp slot taken is free, the lowest free ones are taken
      // (no free slot left out below a taken one), by a TB placed now,
      // as many as the TBs placed have warps.  (Which warp of its TB each
      // slot takes is the testbench's: the proof of that count by slot
      // does not finish in minutes.)
      gap = 1'b0;
      for (s = 0; s < WARP_SLOTS; s = s + 1) begin
        if (warp_give_o[s]) begin
          assert(!f_warp_held[s] && !gap);
          hit = 1'b0;
          for (t = 0; t < MAX_TBS; t = t + 1)
            if (warp_tb_o[s*TB_W +: TB_W] == t) hit = placed[t];
          assert(hit);
        end else begin
          if (!f_warp_held[s]) gap = 1'b1;
          assert(warp_tb_o[s*TB_W +: TB_W] == {TB_W{1'b0}});
          assert(warp_idx_o[s*IDX_W +: IDX_W] == {IDX_W{1'b0}});
        end
      end
      assert(warps_given == n_warps);

      // D3: the shared memory of the TBs held after the placements.
      assert(shared_after <= ALL_SHARED);

      // D5: as many as fit.
      if ({{(CTAID_W-N_W){1'b0}}, n_place_o} < waiting)
        assert(tbs_held + n == ALL_TBS ||
               ALL_SLOTS - warps_held - warps_given
                 < {{(CW-SLOT_W){1'b0}}, f_tb_warps} ||
               shared_after + {{(SW-SHARED_W){1'b0}}, f_shared} > ALL_SHARED);
    end
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  wire tbs_wait = f_placed < f_grid;
  always @* begin
    if (f_past && rst_ni) begin
      cover(n_place_o >= 2);
      cover(tbs_held == ALL_TBS && tbs_wait);
      cover(tbs_wait && tbs_held < ALL_TBS && n_place_o == 0 &&
            ALL_SLOTS - warps_held < {{(CW-SLOT_W){1'b0}}, f_tb_warps} &&
            shared_after + {{(SW-SHARED_W){1'b0}}, f_shared} <= ALL_SHARED);
      cover(tbs_wait && tbs_held < ALL_TBS && n_place_o == 0 &&
            ALL_SLOTS - warps_held >= {{(CW-SLOT_W){1'b0}}, f_tb_warps} &&
            shared_after + {{(SW-SHARED_W){1'b0}}, f_shared} > ALL_SHARED);
      cover({{(SW-SHARED_W){1'b0}}, shared_used_q} == ALL_SHARED);
      cover(|(placed & f_freed));
      cover(launched && !tbs_wait && f_tb_held == {MAX_TBS{1'b0}} &&
            f_warp_held == {WARP_SLOTS{1'b0}});
    end
  end

endmodule

module dispatch_fv #(
  parameter integer MAX_TBS      = 4,
  parameter integer THREADS      = 16,
  parameter integer WARP_SIZE    = 2,
  parameter integer SCHEDULERS   = 2,
  parameter integer MAX_TB_WARPS = 4,
  parameter integer SHARED_KB    = 16
) (
  input wire clk_i
);

  // The sizes as dispatch_geometry() derives them.
  localparam integer WARP_SLOTS   = THREADS / WARP_SIZE * SCHEDULERS;
  localparam integer SHARED_BYTES = SHARED_KB * 1024;
  localparam integer CTAID_W      = 32;
  localparam integer TB_W         = MAX_TBS > 1 ? $clog2(MAX_TBS) : 1;
  localparam integer N_W          = $clog2(MAX_TBS + 1);
  localparam integer SLOT_W       = $clog2(WARP_SLOTS + 1);
  localparam integer WIDEST       = MAX_TB_WARPS < WARP_SLOTS ? MAX_TB_WARPS : WARP_SLOTS;
  localparam integer IDX_W        = WIDEST > 1 ? $clog2(WIDEST) : 1;
  localparam integer SHARED_W     = $clog2(SHARED_BYTES + 1);

  // Free inputs
  (* anyseq *) wire                  rst_ni;
  (* anyseq *) wire                  start;
  (* anyseq *) wire [CTAID_W-1:0]    grid;
  (* anyseq *) wire [SLOT_W-1:0]     tb_warps;
  (* anyseq *) wire [SHARED_W-1:0]   shared_bytes;
  (* anyseq *) wire [WARP_SLOTS-1:0] warp_release;
  (* anyseq *) wire [MAX_TBS-1:0]    tb_release;

  wire [N_W-1:0]              n_place;
  wire [MAX_TBS*TB_W-1:0]     place_tb;
  wire [MAX_TBS*CTAID_W-1:0]  place_ctaid;
  wire [WARP_SLOTS-1:0]       warp_give;
  wire [WARP_SLOTS*TB_W-1:0]  warp_tb;
  wire [WARP_SLOTS*IDX_W-1:0] warp_idx;

  simtref_dispatch #(
    .MAX_TBS      (MAX_TBS),
    .WARP_SLOTS   (WARP_SLOTS),
    .SHARED_BYTES (SHARED_BYTES),
    .CTAID_W      (CTAID_W),
    .TB_W         (TB_W),
    .N_W          (N_W),
    .SLOT_W       (SLOT_W),
    .IDX_W        (IDX_W),
    .SHARED_W     (SHARED_W)
  ) dut (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .start_i        (start),
    .grid_i         (grid),
    .tb_warps_i     (tb_warps),
    .shared_bytes_i (shared_bytes),
    .warp_release_i (warp_release),
    .tb_release_i   (tb_release),
    .n_place_o      (n_place),
    .place_tb_o     (place_tb),
    .place_ctaid_o  (place_ctaid),
    .warp_give_o    (warp_give),
    .warp_tb_o      (warp_tb),
    .warp_idx_o     (warp_idx)
  );

  // ------------------------------------------------------------------
  // Environment: reset first; a launch is one the SM accepts.
  // ------------------------------------------------------------------

  reg f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;

  always @* begin
    if (!f_past) assume(!rst_ni);
    if (start) begin
      assume(grid != 0);
      assume(tb_warps >= 1 && tb_warps <= WIDEST);
      assume(shared_bytes <= SHARED_BYTES);
    end
  end

endmodule
