// wpt_props.v -- formal properties of the warp priority table (simtref_wpt).
//
// wpt_fv wraps the generated module, leaves every input free (anyseq) but
// for the kernel launch rules below, and states the invariants of the
// specification:
//
//   W1  a counter stays below the warps of its thread block;
//   W2  it counts the arrivals of its thread block, one per warp;
//   W3  it resets exactly at release, and release is exactly "this
//       cycle's arrivals complete the thread block";
//   W4  the rank of a thread block is its place in most-waiting-first
//       order: the number of thread blocks with more waiting warps, or as
//       many and a smaller id;
//   W5  err_o is raised exactly for stray or excess arrivals.
//
// Covers show that the proof is not vacuous: a release, a full count (the
// largest thread block one warp short of its barrier), a tie, the last
// thread block ranked first, and an error are reachable.
//
// The sizes are set by the proof script (chparam) from the configuration.

module wpt_fv #(
  parameter integer NUM_TBS   = 4,
  parameter integer MAX_WARPS = 4,
  parameter integer NUM_PORTS = 2
) (
  input wire clk_i
);

  localparam integer CNT_W   = $clog2(MAX_WARPS);
  localparam integer TB_W    = $clog2(NUM_TBS);
  localparam integer WARPS_W = $clog2(MAX_WARPS + 1);
  localparam integer N_W     = $clog2(NUM_PORTS + 1);
  localparam integer S_W     = CNT_W + N_W + 1;     // wide enough for cnt + n

  // Free inputs
  (* anyseq *) wire                      rst_ni;
  (* anyseq *) wire [WARPS_W-1:0]        tb_warps;
  (* anyseq *) wire [NUM_PORTS-1:0]      arr_valid;
  (* anyseq *) wire [NUM_PORTS*TB_W-1:0] arr_tb;

  wire [NUM_TBS*CNT_W-1:0] cnt;
  wire [NUM_TBS-1:0]       release_w;
  wire [NUM_TBS*TB_W-1:0]  rank;
  wire                     err;

  simtref_wpt #(
    .NUM_TBS   (NUM_TBS),
    .MAX_WARPS (MAX_WARPS),
    .NUM_PORTS (NUM_PORTS)
  ) dut (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .tb_warps_i  (tb_warps),
    .arr_valid_i (arr_valid),
    .arr_tb_i    (arr_tb),
    .cnt_o       (cnt),
    .release_o   (release_w),
    .rank_o      (rank),
    .err_o       (err)
  );

  // ------------------------------------------------------------------
  // The reference: arrivals per thread block, and what they imply
  // ------------------------------------------------------------------

  reg [NUM_TBS*N_W-1:0] n;          // arrivals per thread block
  reg [NUM_TBS-1:0]     completes;  // cnt + n reaches tb_warps
  reg [NUM_TBS-1:0]     excess;     // cnt + n passes tb_warps
  reg                   stray;      // an arrival names no thread block
  integer i, p;             // loop indices of this block only

  // Indexing is written as comparisons against constants rather than
  // variable part-selects: the solvers handle the former much better.
  always @* begin
    n = {(NUM_TBS*N_W){1'b0}};
    stray = 1'b0;
    for (p = 0; p < NUM_PORTS; p = p + 1)
      if (arr_valid[p] && arr_tb[p*TB_W +: TB_W] >= NUM_TBS)
        stray = 1'b1;
    for (i = 0; i < NUM_TBS; i = i + 1) begin
      for (p = 0; p < NUM_PORTS; p = p + 1)
        if (arr_valid[p] && arr_tb[p*TB_W +: TB_W] == i)
          n[i*N_W +: N_W] = n[i*N_W +: N_W] + 1'b1;
      completes[i] = {{(S_W-CNT_W){1'b0}}, cnt[i*CNT_W +: CNT_W]} + {{(S_W-N_W){1'b0}}, n[i*N_W +: N_W]}
                     >= {{(S_W-WARPS_W){1'b0}}, tb_warps};
      excess[i]    = {{(S_W-CNT_W){1'b0}}, cnt[i*CNT_W +: CNT_W]} + {{(S_W-N_W){1'b0}}, n[i*N_W +: N_W]}
                     >  {{(S_W-WARPS_W){1'b0}}, tb_warps};
    end
  end

  // The previous cycle, for the step properties.
  reg                      f_past = 1'b0;
  reg                      f_rst_q;
  reg [WARPS_W-1:0]        f_tb_warps_q;
  reg [NUM_TBS*CNT_W-1:0]  f_cnt_q;
  reg [NUM_TBS*N_W-1:0]    f_n_q;
  reg [NUM_TBS-1:0]        f_release_q;

  always @(posedge clk_i) begin
    f_past       <= 1'b1;
    f_rst_q      <= rst_ni;
    f_tb_warps_q <= tb_warps;
    f_cnt_q      <= cnt;
    f_n_q        <= n;
    f_release_q  <= release_w;
  end

  // ------------------------------------------------------------------
  // Environment: a kernel launch is a reset; the warps per thread block
  // are 1..MAX_WARPS and change only while reset is held.
  // ------------------------------------------------------------------

  always @* begin
    if (!f_past) assume(!rst_ni);
    assume(tb_warps >= 1 && tb_warps <= MAX_WARPS);
    if (f_past && rst_ni) assume(tb_warps == f_tb_warps_q);
  end

  // ------------------------------------------------------------------
  // Invariants
  // ------------------------------------------------------------------

  // W4 reference: the place of each thread block in most-waiting-first
  // order, counted from 0.
  reg [NUM_TBS*(TB_W+1)-1:0] pos;
  integer pk, pj;           // loop indices of this block only

  always @* begin
    pos = {(NUM_TBS*(TB_W+1)){1'b0}};
    for (pk = 0; pk < NUM_TBS; pk = pk + 1)
      for (pj = 0; pj < NUM_TBS; pj = pj + 1)
        if (cnt[pj*CNT_W +: CNT_W] > cnt[pk*CNT_W +: CNT_W] ||
            (cnt[pj*CNT_W +: CNT_W] == cnt[pk*CNT_W +: CNT_W] && pj < pk))
          pos[pk*(TB_W+1) +: TB_W+1] = pos[pk*(TB_W+1) +: TB_W+1] + 1'b1;
  end

  integer t, k;              // loop indices of the assertion block

  always @* begin
    for (t = 0; t < NUM_TBS; t = t + 1) begin
      // W1
      assert({{(S_W-CNT_W){1'b0}}, cnt[t*CNT_W +: CNT_W]} < {{(S_W-WARPS_W){1'b0}}, tb_warps});
      // W3: release exactly when the arrivals complete the thread block
      assert(release_w[t] == completes[t]);
      // W2, W3: the step from the previous cycle
      if (!rst_ni || (f_past && !f_rst_q))
        assert(cnt[t*CNT_W +: CNT_W] == {CNT_W{1'b0}});
      else if (f_past)
        assert(cnt[t*CNT_W +: CNT_W] ==
               (f_release_q[t] ? {CNT_W{1'b0}}
                               : f_cnt_q[t*CNT_W +: CNT_W] + f_n_q[t*N_W +: N_W]));
    end
    // W4
    for (k = 0; k < NUM_TBS; k = k + 1)
      assert({1'b0, rank[k*TB_W +: TB_W]} == pos[k*(TB_W+1) +: TB_W+1]);
    // W5
    assert(err == (stray || |excess));
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  always @* begin
    if (f_past && rst_ni) begin
      cover(release_w[0]);
      cover(tb_warps == MAX_WARPS && cnt[CNT_W-1:0] == MAX_WARPS - 1);
      cover(cnt[CNT_W-1:0] != 0 && cnt[CNT_W-1:0] == cnt[CNT_W +: CNT_W]);
      cover(rank[(NUM_TBS-1)*TB_W +: TB_W] == 0 && cnt[(NUM_TBS-1)*CNT_W +: CNT_W] != 0);
      cover(err);
    end
  end

endmodule
