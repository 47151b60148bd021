// ics_first_props.v -- formal properties of the ICS-First priority-based
// warp PC arbiter (simtref_ics_first), multi-core SIMT 4.3.
//
// ics_first_fv wraps the generated module and leaves every input free
// (anyseq), the broken contracts included.  Properties:
//
//   F1  each thread's state is one-hot (Idle, Ready, Execution, Barrier);
//   F2  each thread's priority is one-hot (exactly one level);
//   F3  the active thread vectors are eq. 5: ATV-P_n[k] = I'.E'.R.B'.P_n;
//   F4  the selection is one-hot, and zero exactly when no ATV has a bit;
//   F5  the selected thread is in the highest non-empty level, the lowest
//       thread of it;
//   F6  the warp PC is the selected thread's PC (0 when none);
//   F7  the executing threads are those of that level at the warp PC;
//   F8  ready-to-run and all-barrier as defined;
//   F9  the transitions of Fig. 4 and the priority-setting operations:
//       from the previous cycle's state and inputs, each thread's state
//       and priority are the ones the paper's operations give (raise and
//       lower saturate at the top and bottom level); reset makes every
//       thread Idle at level 0.
//
// Covers: a selection at the top level, a selection with another level
// non-empty below it, two threads executing together, threads of the
// selected level at different PCs, a barrier release, an error, and (with
// at least as many threads as levels) every level non-empty at once.
//
// The sizes are set by the proof script (chparam) from the configuration.

module ics_first_fv #(
  parameter integer THREADS = 2,
  parameter integer LEVELS  = 3,
  parameter integer PC_W    = 8
) (
  input wire clk_i
);

  localparam integer K = THREADS;
  localparam integer N = LEVELS;

  // Free inputs
  (* anyseq *) wire              rst_ni;
  (* anyseq *) wire [K-1:0]      assign_v;
  (* anyseq *) wire              issue;
  (* anyseq *) wire [K-1:0]      commit;
  (* anyseq *) wire [2:0]        op;
  (* anyseq *) wire              release_v;
  (* anyseq *) wire [K*PC_W-1:0] pc;

  wire [K*4-1:0]   state;
  wire [K*N-1:0]   prio;
  wire [N*K-1:0]   atv;
  wire [K-1:0]     sel;
  wire [PC_W-1:0]  warp_pc;
  wire [K-1:0]     exec;
  wire             ready_to_run;
  wire             all_barrier;
  wire             err;

  simtref_ics_first #(
    .THREADS (THREADS),
    .LEVELS  (LEVELS),
    .PC_W    (PC_W)
  ) dut (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .assign_i       (assign_v),
    .issue_i        (issue),
    .commit_i       (commit),
    .commit_op_i    (op),
    .release_i      (release_v),
    .pc_i           (pc),
    .state_o        (state),
    .prio_o         (prio),
    .atv_o          (atv),
    .sel_o          (sel),
    .warp_pc_o      (warp_pc),
    .exec_o         (exec),
    .ready_to_run_o (ready_to_run),
    .all_barrier_o  (all_barrier),
    .err_o          (err)
  );

  // ------------------------------------------------------------------
  // The reference
  // ------------------------------------------------------------------

  reg [K-1:0]    st_i, st_r, st_e, st_b;
  reg [K-1:0]    top_atv;        // ATV of the highest non-empty level
  reg            any;
  reg            lower_busy;     // a level below the selected one is non-empty
  reg [PC_W-1:0] sel_pc;
  reg            all_levels;     // every ATV non-empty
  integer k, n;

  always @* begin
    for (k = 0; k < K; k = k + 1) begin
      st_i[k] = state[k*4 + 0];
      st_r[k] = state[k*4 + 1];
      st_e[k] = state[k*4 + 2];
      st_b[k] = state[k*4 + 3];
    end
    top_atv = {K{1'b0}};
    any = 1'b0;
    lower_busy = 1'b0;
    all_levels = 1'b1;
    for (n = 0; n < N; n = n + 1)
      if (atv[n*K +: K] == {K{1'b0}})
        all_levels = 1'b0;
      else begin
        lower_busy = any;
        top_atv = atv[n*K +: K];
        any = 1'b1;
      end
    sel_pc = {PC_W{1'b0}};
    for (k = 0; k < K; k = k + 1)
      if (sel[k]) sel_pc = pc[k*PC_W +: PC_W];
  end

  // The previous cycle.
  reg           f_past = 1'b0;
  reg           p_run;
  reg [K*4-1:0] p_state;
  reg [K*N-1:0] p_prio;
  reg [K-1:0]   p_assign, p_commit, p_exec;
  reg           p_issue, p_release;
  reg [2:0]     p_op;

  always @(posedge clk_i) begin
    f_past    <= 1'b1;
    p_run     <= rst_ni;
    p_state   <= state;
    p_prio    <= prio;
    p_assign  <= assign_v;
    p_commit  <= commit;
    p_exec    <= exec;
    p_issue   <= issue;
    p_release <= release_v;
    p_op      <= op;
  end

  // ------------------------------------------------------------------
  // Environment: reset first.
  // ------------------------------------------------------------------

  always @* begin
    if (!f_past) assume(!rst_ni);
  end

  // ------------------------------------------------------------------
  // Invariants
  // ------------------------------------------------------------------

  reg [3:0]   s, ps, want_s;
  reg [N-1:0] p, pp, want_p;
  integer t, l;

  always @* begin
    for (t = 0; t < K; t = t + 1) begin
      s = state[t*4 +: 4];
      p = prio[t*N +: N];
      // F1, F2
      assert(s == 4'b0001 || s == 4'b0010 || s == 4'b0100 || s == 4'b1000);
      assert(p != {N{1'b0}} && (p & (p - 1'b1)) == {N{1'b0}});
      // F3
      for (l = 0; l < N; l = l + 1)
        assert(atv[l*K + t] == (!s[0] && !s[2] && s[1] && !s[3] && p[l]));
      // F7
      assert(exec[t] == (top_atv[t] && pc[t*PC_W +: PC_W] == warp_pc));
    end
    // F4
    assert((sel & (sel - 1'b1)) == {K{1'b0}});
    assert((sel != {K{1'b0}}) == any);
    // F5
    if (any) begin
      assert((sel & top_atv) == sel);
      assert(((sel - 1'b1) & top_atv) == {K{1'b0}});
    end
    // F6
    assert(warp_pc == sel_pc);
    // F8
    assert(ready_to_run == (st_r != {K{1'b0}} && st_e == {K{1'b0}}));
    assert(all_barrier == (st_b != {K{1'b0}} && st_b == ~st_i));
  end

  // F9
  always @* begin
    for (t = 0; t < K; t = t + 1) begin
      s  = state[t*4 +: 4];
      p  = prio[t*N +: N];
      ps = p_state[t*4 +: 4];
      pp = p_prio[t*N +: N];
      want_s = ps;
      want_p = pp;
      if (ps == 4'b0001 && p_assign[t]) begin
        want_s = 4'b0010;
        want_p = {{(N-1){1'b0}}, 1'b1};
      end else if (ps == 4'b0010 && p_issue && p_exec[t]) begin
        want_s = 4'b0100;
      end else if (ps == 4'b0100 && p_commit[t]) begin
        want_s = p_op == 3'd1 ? 4'b1000 : p_op == 3'd2 ? 4'b0001 : 4'b0010;
        if (p_op == 3'd3 && !pp[N-1]) want_p = pp << 1;
        if (p_op == 3'd4 && !pp[0])   want_p = pp >> 1;
        if (p_op == 3'd5)             want_p = {{(N-1){1'b0}}, 1'b1};
      end else if (ps == 4'b1000 && p_release) begin
        want_s = 4'b0010;
      end
      if (!rst_ni) begin
        assert(s == 4'b0001 && p == {{(N-1){1'b0}}, 1'b1});
      end else if (f_past && p_run) begin
        assert(s == want_s);
        assert(p == want_p);
      end
    end
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  always @* begin
    if (f_past && rst_ni) begin
      cover(atv[(N-1)*K +: K] != {K{1'b0}} && sel != {K{1'b0}});   // top level
      cover(lower_busy);                                            // a lower level waits
      cover(exec[0] && exec[1]);                                    // together
      cover(top_atv != exec);                                       // split PCs
      cover(p_run && p_release && all_barrier == 1'b0 && st_b == {K{1'b0}} &&
            st_r != {K{1'b0}});                                     // a release
      cover(err);
      // every level non-empty at once (needs LEVELS threads)
      if (K >= N) cover(all_levels);
    end
  end

endmodule
