// scheduler_props.v -- formal properties of the warp issue scheduler
// (simtref_scheduler) under most-waiting-first with LRR within a TB, the
// policy of the preset it is proved on (tiny).
//
// scheduler_fv wraps the generated module and leaves every input free
// (anyseq): ready bits and ranks change at will, the thread blocks of
// the warps at a reset (kernel launch).  Properties:
//
//   S1  a grant names a ready warp (a single grant_warp: at most one);
//   S2  a grant exactly when some warp is ready (NUM_TBS is a power of two
//       here, so every warp is of a thread block of the table);
//   S3  MWF: the granted warp's TB has the smallest rank among the TBs
//       with a ready warp, and of equal ranks (a broken contract) the
//       smallest id;
//   S4  err_o exactly when the ranks are not a permutation;
//   S5  LRR within the TB: a warp that is a candidate (ready, of the
//       chosen TB) for NUM_WARPS cycles in a row is granted in one of
//       them (a counter per warp in the wrapper).
//
// Covers: a grant, a choice between two ready TBs won by the larger id
// (rank order is not id order), a tie of equal ranks resolved to the
// smaller id, an idle cycle, and a wrap-around of the round robin within a
// TB.
//
// The sizes are set by the proof script (chparam) from the configuration.

module scheduler_fv #(
  parameter integer THREADS   = 16,
  parameter integer WARP_SIZE = 2,
  parameter integer NUM_TBS   = 4
) (
  input wire clk_i
);

  localparam integer NUM_WARPS = THREADS / WARP_SIZE;
  localparam integer WARP_W    = $clog2(NUM_WARPS);
  localparam integer TB_W      = $clog2(NUM_TBS);
  localparam integer C_W       = $clog2(NUM_WARPS + 1);

  // Free inputs
  (* anyseq *) wire                      rst_ni;
  (* anyseq *) wire [NUM_WARPS-1:0]      ready;
  (* anyseq *) wire [NUM_WARPS*TB_W-1:0] warp_tb;
  (* anyseq *) wire [NUM_TBS*TB_W-1:0]   tb_rank;

  wire              grant_valid;
  wire [WARP_W-1:0] grant_warp;
  wire              err;

  simtref_scheduler #(
    .NUM_WARPS (NUM_WARPS),
    .NUM_TBS   (NUM_TBS)
  ) dut (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .ready_i       (ready),
    .warp_tb_i     (warp_tb),
    .tb_rank_i     (tb_rank),
    .grant_valid_o (grant_valid),
    .grant_warp_o  (grant_warp),
    .err_o         (err)
  );

  // ------------------------------------------------------------------
  // The reference: the granted warp's TB, the chosen TB, the candidates
  // ------------------------------------------------------------------

  reg [TB_W-1:0]      g_tb;       // TB of the granted warp
  reg [TB_W-1:0]      g_rank;     // ... its rank
  reg                 any_ready;
  reg [NUM_TBS-1:0]   tb_ready;   // TB has a ready warp
  reg                 dup;        // two TBs of equal rank
  integer i, j;

  always @* begin
    g_tb = {TB_W{1'b0}};
    any_ready = 1'b0;
    tb_ready = {NUM_TBS{1'b0}};
    dup = 1'b0;
    for (i = 0; i < NUM_WARPS; i = i + 1) begin
      if (grant_warp == i) g_tb = warp_tb[i*TB_W +: TB_W];
      if (ready[i]) any_ready = 1'b1;
      for (j = 0; j < NUM_TBS; j = j + 1)
        if (ready[i] && warp_tb[i*TB_W +: TB_W] == j) tb_ready[j] = 1'b1;
    end
    g_rank = {TB_W{1'b0}};
    for (j = 0; j < NUM_TBS; j = j + 1)
      if (g_tb == j) g_rank = tb_rank[j*TB_W +: TB_W];
    for (i = 0; i < NUM_TBS; i = i + 1)
      for (j = i + 1; j < NUM_TBS; j = j + 1)
        if (tb_rank[i*TB_W +: TB_W] == tb_rank[j*TB_W +: TB_W]) dup = 1'b1;
  end

  // Candidates: ready warps of the granted warp's TB (by S3 the chosen TB).
  reg [NUM_WARPS-1:0] cand;
  integer c;
  always @* begin
    for (c = 0; c < NUM_WARPS; c = c + 1)
      cand[c] = grant_valid && ready[c] && warp_tb[c*TB_W +: TB_W] == g_tb;
  end

  // S5: cycles in a row each warp has been a candidate and not granted.
  reg [NUM_WARPS*C_W-1:0] wait_q;
  reg                     f_past = 1'b0;
  reg                     f_grant_valid_q;
  reg [WARP_W-1:0]        f_grant_q;
  reg [TB_W-1:0]          f_tb_q;
  reg [NUM_WARPS*TB_W-1:0] f_warp_tb_q;
  integer w;

  always @(posedge clk_i) begin
    f_past          <= 1'b1;
    f_grant_valid_q <= grant_valid && rst_ni;
    f_grant_q       <= grant_warp;
    f_tb_q          <= g_tb;
    f_warp_tb_q     <= warp_tb;
    for (w = 0; w < NUM_WARPS; w = w + 1)
      if (!rst_ni || !cand[w] || grant_warp == w)
        wait_q[w*C_W +: C_W] <= {C_W{1'b0}};
      else
        wait_q[w*C_W +: C_W] <= wait_q[w*C_W +: C_W] + 1'b1;
  end

  // ------------------------------------------------------------------
  // Environment: reset first; a kernel launch (reset) assigns the warps
  // to thread blocks, which then stay.
  // ------------------------------------------------------------------

  always @* begin
    if (!f_past) assume(!rst_ni);
    if (f_past && rst_ni) assume(warp_tb == f_warp_tb_q);
  end

  // ------------------------------------------------------------------
  // Invariants
  // ------------------------------------------------------------------

  integer t, a;

  always @* begin
    // S1
    if (grant_valid) assert(ready[grant_warp]);
    // S2
    assert(grant_valid == any_ready);
    // S3
    if (grant_valid)
      for (t = 0; t < NUM_TBS; t = t + 1)
        if (tb_ready[t])
          assert(g_rank < tb_rank[t*TB_W +: TB_W] ||
                 (g_rank == tb_rank[t*TB_W +: TB_W] && g_tb <= t));
    // S4
    assert(err == dup);
    // S5
    if (f_past)
      for (a = 0; a < NUM_WARPS; a = a + 1)
        assert(wait_q[a*C_W +: C_W] < NUM_WARPS);
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  always @* begin
    if (f_past && rst_ni) begin
      cover(grant_valid);
      cover(!any_ready);
      // rank order against id order: TB0 has a ready warp, a later TB wins
      cover(grant_valid && !dup && tb_ready[0] && g_tb != 0);
      // a tie of equal ranks resolved to the smaller id
      cover(grant_valid && dup && tb_ready[0] && tb_ready[1] &&
            tb_rank[0 +: TB_W] == tb_rank[TB_W +: TB_W] && g_tb == 0);
      // LRR wraps around within a TB
      cover(grant_valid && f_grant_valid_q && f_tb_q == g_tb &&
            grant_warp < f_grant_q);
    end
  end

endmodule
