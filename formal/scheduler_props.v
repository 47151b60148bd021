// scheduler_props.v -- formal properties of the warp issue scheduler
// (simtref_scheduler) under the policy of the configuration it is proved
// on (POLICY, the `scheduler` key): mwf_lrr (tiny), lrr, gto, mwf_gto and
// tls (the scenario configurations sched-lrr, sched-gto, sched-mwf-gto,
// sched-tls) and saws (sched-saws, bounded).  Any other policy fails the
// proof at once.
//
// scheduler_fv wraps the generated module and leaves every input free
// (anyseq): ready bits, ranks, long-latency waits and barrier waits change
// at will, the thread blocks of the warps at a reset (kernel launch).
// Properties of every policy proved here:
//
//   S1  a grant names a ready warp (a single grant_warp: at most one);
//   S2  a grant exactly when some warp is ready (NUM_TBS is a power of two
//       here, so every warp is of a thread block of the table);
//
// MWF(LRR):
//
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
// LRR:
//
//   S1, S2;
//   R1  round robin: after a cycle with a grant, the granted warp is the
//       first ready warp after the one granted then (no ready warp lies
//       between the two in circular order);
//   R2  err_o is never raised.
//
// Across cycles without a grant the pointer is state no output shows, so
// k-induction cannot relate it to the ports (MWF(LRR)'s bound on the wait,
// S5, needs 9-induction for the same reason); the co-simulation checks the
// order there.  Covers: a
// warp passed over because it was not ready, a wrap-around, an idle
// cycle.
//
// MWF(GTO):
//
//   S1 to S4 as under MWF(LRR);
//   M1  greedy within the chosen TB: after a cycle with a grant, the warp
//       granted then, if it is ready and of the chosen TB, is granted;
//   M2  otherwise the chosen TB's ready warp of smallest id.
//
// As under GTO, the greedy warp across cycles without a grant is left to
// the co-simulation.  Covers: the greedy warp kept while a smaller ready
// warp of its TB waits, a switch to another TB by rank, an idle cycle.
//
// GTO:
//
//   G1  greedy: the warp granted in the last cycle, if it is ready again,
//       is granted again;
//   G2  oldest: otherwise, after a cycle with a grant, the granted warp is
//       the oldest ready warp: no ready warp of a smaller TB id, nor of the
//       same TB and a smaller warp id;
//   G3  err_o is never raised.
//
// The greedy warp is the last granted one even across cycles without a
// grant; that case depends on state no output shows while no warp is
// ready, so k-induction cannot reach it from the ports: the co-simulation
// covers it.  Covers: the greedy warp kept while an older warp is ready,
// the switch to the oldest, an idle cycle.
//
// TLS (the active group is the output active_o; G = min(pipeline depth,
// warps)):
//
//   S1, S2 with "ready" read as "ready and active";
//   T1  the active group has at most G warps, and warps 0..G-1 at reset;
//   T2  at an edge an active warp stays exactly when it did not wait on a
//       long-latency operation, and no waiting warp joins;
//   T3  the group is filled: it holds min(G, the warps that stayed plus the
//       pending warps that did not wait) warps;
//   T4  err_o is never raised.
//
// Which pending warps join (round robin after the last promoted one) and
// the round robin of the grants are checked by the co-simulation.
// Covers: a warp leaves and another joins on the same edge, a ready
// pending warp passed over while an active warp issues, an idle cycle.
// Every other policy's active_o is all ones.
//
// SAWS (bounded only: the pairwise order the module keeps is shown at its
// ports only while two waiting TBs both have ready warps, so no induction
// depth reaches it; the co-simulation checks it over 1e6 cycles):
//
//   S1, S2;
//   A1  the granted warp's TB comes first in first-hit order among the TBs
//       with a ready warp; the reference counts, per TB, the cycles it
//       has been waiting (since[t]): waiting TBs first, the longest
//       waiting first, then the smaller id; TBs that do not wait by id;
//   A2  within that TB, after a cycle with a grant: the warp granted then
//       if it is ready and of that TB, else the TB's smallest ready warp
//       id (across cycles without a grant, as under GTO, the co-simulation);
//   A3  err_o is never raised.
//
// Covers: a waiting TB beats a ready TB of smaller id that does not wait,
// an earlier hit beats a smaller id that also waits, two TBs start waiting
// on the same cycle, an idle cycle.
//
// The sizes are set by the proof script (chparam) from the configuration.

module scheduler_fv #(
  parameter integer THREADS   = 16,
  parameter integer WARP_SIZE = 2,
  parameter integer NUM_TBS   = 4,
  parameter integer PIPE      = 2,
  parameter         POLICY    = "mwf_lrr"
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
  (* anyseq *) wire [NUM_WARPS-1:0]      long_wait;
  (* anyseq *) wire [NUM_TBS-1:0]        tb_wait;

  localparam integer GROUP   = PIPE < NUM_WARPS ? PIPE : NUM_WARPS;

  wire [NUM_WARPS-1:0] active;
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
    .long_i        (long_wait),
    .tb_wait_i     (tb_wait),
    .active_o      (active),
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

  // The oldest ready warp: smallest TB id, then smallest warp id.
  reg              o_valid;
  reg [WARP_W-1:0] o_warp;
  reg [TB_W-1:0]   o_tb;
  integer q;
  always @* begin
    o_valid = 1'b0;
    o_warp = {WARP_W{1'b0}};
    o_tb = {TB_W{1'b0}};
    for (q = 0; q < NUM_WARPS; q = q + 1)
      if (ready[q] && (!o_valid || warp_tb[q*TB_W +: TB_W] < o_tb)) begin
        o_valid = 1'b1;
        o_warp = q;
        o_tb = warp_tb[q*TB_W +: TB_W];
      end
  end

  // Whether the warp granted in the last cycle is ready now.
  reg last_ready;
  integer r;
  always @* begin
    last_ready = 1'b0;
    for (r = 0; r < NUM_WARPS; r = r + 1)
      if (f_grant_q == r && ready[r]) last_ready = 1'b1;
  end

  // between(k, lo, hi): k strictly inside (lo, hi) in circular order.
  `include "circular_order.vh"

  // The smallest ready warp id of the granted warp's TB, and whether the
  // warp granted in the last cycle is of that TB.
  reg              tb_first_valid;
  reg [WARP_W-1:0] tb_first;
  reg              last_in_tb;
  integer m;
  always @* begin
    tb_first_valid = 1'b0;
    tb_first = {WARP_W{1'b0}};
    last_in_tb = 1'b0;
    for (m = 0; m < NUM_WARPS; m = m + 1) begin
      if (!tb_first_valid && ready[m] && warp_tb[m*TB_W +: TB_W] == g_tb) begin
        tb_first_valid = 1'b1;
        tb_first = m;
      end
      if (f_grant_q == m && warp_tb[m*TB_W +: TB_W] == g_tb)
        last_in_tb = 1'b1;
    end
  end

  integer t, a;

  // Every policy but TLS: every warp active (active_o all ones); S1, S2.
  always @* begin
    if (POLICY != "tls") begin
      assert(active == {NUM_WARPS{1'b1}});
      // S1
      if (grant_valid) assert(ready[grant_warp]);
      // S2
      assert(grant_valid == any_ready);
    end
  end

  // The MWF policies: S3, S4.
  always @* begin
    if (POLICY == "mwf_lrr" || POLICY == "mwf_gto") begin
      // S3
      if (grant_valid)
        for (t = 0; t < NUM_TBS; t = t + 1)
          if (tb_ready[t])
            assert(g_rank < tb_rank[t*TB_W +: TB_W] ||
                   (g_rank == tb_rank[t*TB_W +: TB_W] && g_tb <= t));
      // S4
      assert(err == dup);
    end
  end

  generate
    if (POLICY == "mwf_lrr") begin : g_mwf_lrr
      always @* begin
        // S5
        if (f_past)
          for (a = 0; a < NUM_WARPS; a = a + 1)
            assert(wait_q[a*C_W +: C_W] < NUM_WARPS);
      end

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
    end else if (POLICY == "lrr") begin : g_lrr
      always @* begin
        // R1
        if (rst_ni && f_grant_valid_q && grant_valid)
          for (a = 0; a < NUM_WARPS; a = a + 1)
            if (between(a, f_grant_q, grant_warp)) assert(!ready[a]);
        // R2
        assert(!err);
      end

      always @* begin
        if (f_past && rst_ni) begin
          cover(!any_ready);
          // a warp passed over: the next warp in order is not ready
          cover(f_grant_valid_q && grant_valid && grant_warp != f_grant_q + 1'b1 &&
                grant_warp != f_grant_q);
          // wrap-around
          cover(f_grant_valid_q && grant_valid && grant_warp < f_grant_q);
        end
      end
    end else if (POLICY == "mwf_gto") begin : g_mwf_gto
      always @* begin
        if (rst_ni && f_grant_valid_q && grant_valid) begin
          // M1
          if (last_ready && last_in_tb) assert(grant_warp == f_grant_q);
          // M2
          else assert(tb_first_valid && grant_warp == tb_first);
        end
      end

      always @* begin
        if (f_past && rst_ni) begin
          cover(!any_ready);
          // greedy: the last warp kept although a smaller one of its TB is ready
          cover(f_grant_valid_q && grant_valid && grant_warp == f_grant_q &&
                tb_first != grant_warp);
          // a switch of TB by rank
          cover(f_grant_valid_q && grant_valid && !dup && !last_in_tb &&
                last_ready);
        end
      end
    end else if (POLICY == "gto") begin : g_gto
      always @* begin
        if (rst_ni && f_grant_valid_q) begin
          // G1
          if (last_ready) assert(grant_valid && grant_warp == f_grant_q);
          // G2
          if (!last_ready && any_ready) assert(grant_warp == o_warp);
        end
        // G3
        assert(!err);
      end

      always @* begin
        if (f_past && rst_ni) begin
          cover(!any_ready);
          // greedy: the last warp again although an older one is ready
          cover(f_grant_valid_q && last_ready && o_warp != f_grant_q);
          // the greedy warp stalls: a switch to the oldest, a smaller id
          cover(f_grant_valid_q && !last_ready && grant_valid &&
                grant_warp < f_grant_q);
        end
      end
    end else if (POLICY == "tls") begin : g_tls
      localparam [NUM_WARPS-1:0] ONE = 1;
      localparam [NUM_WARPS-1:0] RESET_GROUP = (ONE << GROUP) - ONE;
      reg [NUM_WARPS-1:0] f_active_q, f_long_q;
      reg                 f_rst_q;
      reg [C_W:0]         n_act, n_kept, n_elig;
      reg                 cand_any;
      integer u;

      always @(posedge clk_i) begin
        f_active_q <= active;
        f_long_q   <= long_wait;
        f_rst_q    <= rst_ni;
      end

      always @* begin
        n_act = 0;
        n_kept = 0;
        n_elig = 0;
        cand_any = 1'b0;
        for (u = 0; u < NUM_WARPS; u = u + 1) begin
          n_act  = n_act  + active[u];
          n_kept = n_kept + (f_active_q[u] && !f_long_q[u]);
          n_elig = n_elig + (!f_active_q[u] && !f_long_q[u]);
          if (ready[u] && active[u]) cand_any = 1'b1;
        end
      end

      always @* begin
        // S1, S2
        if (grant_valid) assert(ready[grant_warp] && active[grant_warp]);
        assert(grant_valid == cand_any);
        // T1
        assert(n_act <= GROUP);
        if (!rst_ni || (f_past && !f_rst_q)) assert(active == RESET_GROUP);
        if (f_past && f_rst_q && rst_ni) begin
          // T2
          for (u = 0; u < NUM_WARPS; u = u + 1) begin
            if (f_active_q[u] && !f_long_q[u]) assert(active[u]);
            if (f_long_q[u]) assert(!active[u]);
          end
          // T3
          assert(n_act == (n_kept + n_elig < GROUP ? n_kept + n_elig : GROUP));
        end
        // T4
        assert(!err);
      end

      always @* begin
        if (f_past && f_rst_q && rst_ni) begin
          cover(!any_ready);
          // a warp leaves and another joins on the same edge
          cover((f_active_q & f_long_q) != 0 && (active & ~f_active_q) != 0);
          // a ready pending warp passed over while an active warp issues
          cover(grant_valid && (ready & ~active) != 0);
        end
      end
    end else if (POLICY == "saws") begin : g_saws
      localparam integer S_W = 5;          // saturates far beyond the depth
      reg [NUM_TBS*S_W-1:0] since;         // cycles TB t has been waiting
      reg [NUM_TBS-1:0]     earlier;       // TB t is ahead of the granted TB
      reg                   last_cand;     // last grant ready, of g_tb
      reg [WARP_W-1:0]      low_warp;      // smallest ready warp of g_tb
      reg                   low_valid;
      reg [1:0]             n_new;         // TBs starting to wait now (sat.)
      integer x, y;

      always @(posedge clk_i) begin
        for (x = 0; x < NUM_TBS; x = x + 1)
          if (!rst_ni || !tb_wait[x])
            since[x*S_W +: S_W] <= {S_W{1'b0}};
          else if (since[x*S_W +: S_W] != {S_W{1'b1}})
            since[x*S_W +: S_W] <= since[x*S_W +: S_W] + 1'b1;
      end

      // While reset is held no TB has waited before (the registers of the
      // module are reset, those of the reference not yet).
      wire [NUM_TBS*S_W-1:0] waited = rst_ni ? since : {(NUM_TBS*S_W){1'b0}};

      // j is ahead of i: the first-hit order, from the waiting times.
      function ahead_of;
        input integer j, i;
        begin
          if (tb_wait[j] != tb_wait[i])
            ahead_of = tb_wait[j];
          else if (tb_wait[j] && waited[j*S_W +: S_W] != waited[i*S_W +: S_W])
            ahead_of = waited[j*S_W +: S_W] > waited[i*S_W +: S_W];
          else
            ahead_of = j < i;
        end
      endfunction

      always @* begin
        earlier = {NUM_TBS{1'b0}};
        n_new = 2'd0;
        for (x = 0; x < NUM_TBS; x = x + 1) begin
          if (x != g_tb && tb_ready[x] && ahead_of(x, g_tb)) earlier[x] = 1'b1;
          if (tb_wait[x] && waited[x*S_W +: S_W] == 0 && n_new != 2'd3)
            n_new = n_new + 1'b1;
        end
        last_cand = 1'b0;
        low_valid = 1'b0;
        low_warp = {WARP_W{1'b0}};
        for (y = 0; y < NUM_WARPS; y = y + 1) begin
          if (f_grant_q == y && ready[y] && warp_tb[y*TB_W +: TB_W] == g_tb)
            last_cand = 1'b1;
          if (!low_valid && ready[y] && warp_tb[y*TB_W +: TB_W] == g_tb) begin
            low_valid = 1'b1;
            low_warp = y;
          end
        end
      end

      always @* begin
        if (grant_valid) begin
          // A1
          assert(earlier == {NUM_TBS{1'b0}});
          // A2
          if (rst_ni && f_grant_valid_q && last_cand)
            assert(grant_warp == f_grant_q);
          else if (rst_ni && f_grant_valid_q)
            assert(grant_warp == low_warp);
        end
        // A3
        assert(!err);
      end

      always @* begin
        if (f_past && rst_ni) begin
          cover(!any_ready);
          cover(grant_valid && tb_wait[g_tb] && tb_ready[0] && !tb_wait[0] && g_tb != 0);
          cover(grant_valid && tb_wait[g_tb] && tb_ready[0] && tb_wait[0] && g_tb != 0);
          cover(n_new >= 2);
        end
      end
    end else begin : g_unproved
      always @* assert(1'b0);   // no properties for this policy here
    end
  endgenerate

endmodule
