// simd_group_props.v -- formal properties of the SIMD groups' issue timing
// (simtref_simd_group).
//
// simd_group_fv wraps the generated module, leaves the issue ports free
// (anyseq), lets now_i count the cycles as the SM's cycle counter does,
// and keeps its own account of each group: the sub-warps it has still to
// take (left[j]: OCCUPANCY - 1 after a warp-instruction entered it, then
// one fewer a cycle).  Against that account it states:
//
//   G1  a scheduler is accepted exactly when it may issue: with at least
//       as many groups as schedulers, when one of its own groups (j %
//       NUM_SCHED == s) is free, and then onto the first free one; with
//       fewer, on its turn (now % sharers == its slot) at group s %
//       NUM_GROUPS, when that group is free.  A group never takes a
//       warp-instruction while it is busy;
//   G2  no group is taken by two schedulers in one cycle;
//   G3  busy_o counts the groups still taking sub-warps and those entered;
//   G4  err_o is exactly an issue without accept or of no class;
//   G5  the result of each class is due its latency after the last
//       sub-warp entered: now + OCCUPANCY - 1 + latency (so an issued
//       divide's result is announced for one cycle, and not before the
//       divider has it).
//
// Covers: each class entering, the last group taken, every group busy,
// a group still taking sub-warps, and an error.
//
// The sizes are set by the proof script (chparam) from the configuration.

module simd_group_fv #(
  parameter integer NUM_GROUPS  = 1,
  parameter integer NUM_SCHED   = 2,
  parameter integer WARP_SIZE   = 2,
  parameter integer SIMD_WIDTH  = 2,
  parameter integer ALU_LATENCY = 2,
  parameter integer MUL_LATENCY = 3,
  parameter integer DIV_LATENCY = 8
) (
  input wire clk_i
);

  localparam integer OCC     = WARP_SIZE > SIMD_WIDTH ? WARP_SIZE / SIMD_WIDTH : 1;
  localparam integer CNT_W   = OCC > 2 ? $clog2(OCC) : 1;
  localparam integer GROUP_W = NUM_GROUPS > 1 ? $clog2(NUM_GROUPS) : 1;
  localparam integer BUSY_W  = $clog2(NUM_GROUPS + 1);
  localparam integer L_W     = CNT_W + 1;       // the account's counters

  // Free inputs
  (* anyseq *) wire                   rst_ni;
  (* anyseq *) wire [63:0]            now;
  (* anyseq *) wire [NUM_SCHED-1:0]   valid;
  (* anyseq *) wire [NUM_SCHED*2-1:0] op;

  wire [NUM_SCHED-1:0]         accept;
  wire [NUM_SCHED*GROUP_W-1:0] group;
  wire [3*64-1:0]              due;
  wire [BUSY_W-1:0]            busy;
  wire                         err;

  simtref_simd_group #(
    .NUM_GROUPS  (NUM_GROUPS),
    .NUM_SCHED   (NUM_SCHED),
    .OCCUPANCY   (OCC),
    .ALU_LATENCY (ALU_LATENCY),
    .MUL_LATENCY (MUL_LATENCY),
    .DIV_LATENCY (DIV_LATENCY),
    .CNT_W       (CNT_W),
    .GROUP_W     (GROUP_W),
    .BUSY_W      (BUSY_W)
  ) dut (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .now_i         (now),
    .issue_valid_i (valid),
    .issue_op_i    (op),
    .accept_o      (accept),
    .group_o       (group),
    .due_o         (due),
    .busy_o        (busy),
    .err_o         (err)
  );

  // ------------------------------------------------------------------
  // Environment: reset first; now counts the cycles.
  // ------------------------------------------------------------------

  reg        f_past = 1'b0;
  reg [63:0] f_now_q;

  always @(posedge clk_i) begin
    f_past  <= 1'b1;
    f_now_q <= now;
  end

  always @* begin
    if (!f_past) assume(!rst_ni);
    if (f_past) assume(now == f_now_q + 64'd1);
  end

  // ------------------------------------------------------------------
  // The account: sub-warps each group has still to take
  // ------------------------------------------------------------------

  reg [NUM_GROUPS*L_W-1:0] left_q;
  reg [NUM_GROUPS*L_W-1:0] left_d;
  wire [NUM_SCHED-1:0]     enter = valid & accept;
  integer aj, as;

  always @* begin
    for (aj = 0; aj < NUM_GROUPS; aj = aj + 1) begin
      left_d[aj*L_W +: L_W] = left_q[aj*L_W +: L_W] != 0 ? left_q[aj*L_W +: L_W] - 1'b1
                                                        : {L_W{1'b0}};
      for (as = 0; as < NUM_SCHED; as = as + 1)
        if (enter[as] && group[as*GROUP_W +: GROUP_W] == aj)
          left_d[aj*L_W +: L_W] = OCC - 1;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) left_q <= {(NUM_GROUPS*L_W){1'b0}};
    else         left_q <= left_d;
  end

  // ------------------------------------------------------------------
  // What each scheduler may do, from the account
  // ------------------------------------------------------------------

  reg [NUM_SCHED-1:0]         may;      // it may issue now
  reg [NUM_SCHED*GROUP_W-1:0] onto;     // ... onto this group
  reg [BUSY_W+3:0]            n_busy;   // groups busy, by the account
  reg                         no_class; // an issue of no class
  integer s, j, sharers;

  always @* begin
    may = {NUM_SCHED{1'b0}};
    onto = {(NUM_SCHED*GROUP_W){1'b0}};
    no_class = 1'b0;
    for (s = 0; s < NUM_SCHED; s = s + 1) begin
      if (NUM_GROUPS >= NUM_SCHED) begin
        for (j = NUM_GROUPS - 1; j >= 0; j = j - 1)
          if (j % NUM_SCHED == s && left_q[j*L_W +: L_W] == 0) begin
            may[s] = 1'b1;
            onto[s*GROUP_W +: GROUP_W] = j;
          end
      end else begin
        j = s % NUM_GROUPS;
        sharers = (NUM_SCHED - j + NUM_GROUPS - 1) / NUM_GROUPS;
        may[s] = now % sharers == s / NUM_GROUPS && left_q[j*L_W +: L_W] == 0;
        onto[s*GROUP_W +: GROUP_W] = j;
      end
      no_class = no_class || (valid[s] && op[s*2 +: 2] == 2'd3);
    end
    n_busy = 0;
    for (j = 0; j < NUM_GROUPS; j = j + 1)
      n_busy = n_busy + (left_q[j*L_W +: L_W] != 0);
    for (s = 0; s < NUM_SCHED; s = s + 1)
      n_busy = n_busy + enter[s];
  end

  // ------------------------------------------------------------------
  // Invariants
  // ------------------------------------------------------------------

  integer p, q;

  always @* begin
    if (f_past && rst_ni) begin
      for (p = 0; p < NUM_SCHED; p = p + 1) begin
        // G1
        assert(accept[p] == may[p]);
        if (accept[p])
          assert(group[p*GROUP_W +: GROUP_W] == onto[p*GROUP_W +: GROUP_W]);
        // G2
        for (q = p + 1; q < NUM_SCHED; q = q + 1)
          if (accept[p] && accept[q])
            assert(group[p*GROUP_W +: GROUP_W] != group[q*GROUP_W +: GROUP_W]);
      end
      // G3
      assert({{4{1'b0}}, busy} == n_busy);
      // G4
      assert(err == (|(valid & ~accept) || no_class));
      // G5
      assert(due[0   +: 64] == now + OCC - 1 + ALU_LATENCY);
      assert(due[64  +: 64] == now + OCC - 1 + MUL_LATENCY);
      assert(due[128 +: 64] == now + OCC - 1 + DIV_LATENCY);
    end
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  always @* begin
    if (f_past && rst_ni) begin
      cover(enter[0] && op[1:0] == 2'd0);
      cover(enter[0] && op[1:0] == 2'd1);
      cover(enter[0] && op[1:0] == 2'd2);
      cover(enter[NUM_SCHED-1] && group[(NUM_SCHED-1)*GROUP_W +: GROUP_W] == NUM_GROUPS - 1);
      cover(busy == NUM_GROUPS);
      if (OCC > 1)
        cover(left_q[L_W-1:0] == OCC - 1);
      cover(err);
    end
  end

endmodule
