// warp_tables_props.v -- formal properties of the HARP First-Level and
// Second-Level warp tables (simtref_warp_tables).
//
// warp_tables_fv wraps the generated module and leaves every input free
// (anyseq), contract violations included (empty masks, updates of free or
// missing slots, masks that gain a lane).  The Second-Level rows are a
// memory and not outputs, so the properties are checked by
// warp_tables_checker, which the generated module instantiates only under
// FORMAL: it sees every port, and, to prove by induction that nothing
// stored is lost, the rows and the head and tail pointers.
//
//   W1  count_o never exceeds SL, tail = head + count (mod SL), and the
//       head outputs are the row at the head, zero when empty;
//   W2  every stored warp's mask and every valid First-Level slot's mask
//       is non-empty;
//   W3  the handshakes are the priority of HARP 4.2.3 / 7.3.2, computed
//       here from the ports: bar_ready = !full, wret_ready = !full and no
//       barrier warp, lkp_pop = lookup warp, !full, no barrier or waiting
//       warp, and count < THRESHOLD; so at most one push per cycle, and
//       the lookup warp goes only below the threshold;
//   W4  ovf_o exactly when a barrier or waiting warp is refused for
//       fullness; err_o exactly on an empty offered mask or a bad update;
//   W5  the next cycle is exactly the specified operation: count + push -
//       move, First-Level after the update and the second-to-first move
//       (the head into the lowest free slot, when a slot is free and
//       Second-Level is not empty), each checked on the outputs;
//   W6  FIFO, no warp lost or duplicated: one pushed warp, chosen freely,
//       is tracked with the number of warps ahead of it; that number
//       falls by one with each move, the warp is stored in the row that
//       many places after the head, it is the head exactly when none is
//       ahead, and when it leaves it is the head of that cycle and goes
//       into the slot that was filled.  Tracking ends there, so it leaves
//       once.
//
// Covers: a full Second-Level, an overflow, a barrier warp beating a
// lookup warp that would otherwise have gone, a lookup-to-second, a
// second-to-first move, a push and a move on one edge, a tracked warp
// reaching First-Level.
//
// The sizes are set by the proof script (chparam) from the configuration.

module warp_tables_fv #(
  parameter integer FL             = 2,
  parameter integer SL             = 8,
  parameter integer LANES          = 2,
  parameter integer PC_W           = 8,
  parameter integer THREAD_ID_BITS = 10,
  parameter integer THRESHOLD      = 2
) (
  input wire clk_i
);

  localparam integer TW      = THREAD_ID_BITS - $clog2(LANES);
  localparam integer FSLOT_W = (FL > 1) ? $clog2(FL) : 1;
  localparam integer CNT_W   = $clog2(SL + 1);

  (* anyseq *) wire                rst_ni;
  (* anyseq *) wire                upd_valid;
  (* anyseq *) wire [FSLOT_W-1:0]  upd_slot;
  (* anyseq *) wire [PC_W-1:0]     upd_pc;
  (* anyseq *) wire [LANES-1:0]    upd_mask;
  (* anyseq *) wire                bar_valid, wret_valid, lkp_valid;
  (* anyseq *) wire [PC_W-1:0]     bar_pc, wret_pc, lkp_pc;
  (* anyseq *) wire [LANES-1:0]    bar_mask, wret_mask, lkp_mask;
  (* anyseq *) wire [LANES*TW-1:0] bar_tid, wret_tid, lkp_tid;

  wire                   bar_ready, wret_ready, lkp_pop, ovf, err, head_valid;
  wire [CNT_W-1:0]       count;
  wire [PC_W-1:0]        head_pc;
  wire [LANES-1:0]       head_mask;
  wire [LANES*TW-1:0]    head_tid;
  wire [FL-1:0]          fl_valid;
  wire [FL*PC_W-1:0]     fl_pc;
  wire [FL*LANES-1:0]    fl_mask;
  wire [FL*LANES*TW-1:0] fl_tid;

  simtref_warp_tables #(
    .FL(FL), .SL(SL), .LANES(LANES), .PC_W(PC_W), .TW(TW), .THRESHOLD(THRESHOLD)
  ) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .upd_valid_i(upd_valid), .upd_slot_i(upd_slot), .upd_pc_i(upd_pc), .upd_mask_i(upd_mask),
    .bar_valid_i(bar_valid), .bar_pc_i(bar_pc), .bar_mask_i(bar_mask), .bar_tid_i(bar_tid),
    .bar_ready_o(bar_ready),
    .wret_valid_i(wret_valid), .wret_pc_i(wret_pc), .wret_mask_i(wret_mask), .wret_tid_i(wret_tid),
    .wret_ready_o(wret_ready),
    .lkp_valid_i(lkp_valid), .lkp_pc_i(lkp_pc), .lkp_mask_i(lkp_mask), .lkp_tid_i(lkp_tid),
    .lkp_pop_o(lkp_pop),
    .count_o(count), .head_valid_o(head_valid), .head_pc_o(head_pc),
    .head_mask_o(head_mask), .head_tid_o(head_tid),
    .fl_valid_o(fl_valid), .fl_pc_o(fl_pc), .fl_mask_o(fl_mask), .fl_tid_o(fl_tid),
    .ovf_o(ovf), .err_o(err)
  );

  // Environment: reset at the start.
  reg f_started = 1'b0;
  always @(posedge clk_i) f_started <= 1'b1;
  always @* if (!f_started) assume(!rst_ni);

endmodule

module warp_tables_checker #(
  parameter integer FL        = 2,
  parameter integer SL        = 8,
  parameter integer LANES     = 2,
  parameter integer PC_W      = 8,
  parameter integer TW        = 9,
  parameter integer THRESHOLD = 2,
  // Derived widths, as in the module
  parameter integer FSLOT_W   = (FL > 1) ? $clog2(FL) : 1,
  parameter integer PTR_W     = (SL > 1) ? $clog2(SL) : 1,
  parameter integer CNT_W     = $clog2(SL + 1),
  parameter integer ROW_W     = PC_W + LANES + LANES*TW
) (
  input wire                   clk_i,
  input wire                   rst_ni,
  input wire                   upd_valid_i,
  input wire [FSLOT_W-1:0]     upd_slot_i,
  input wire [PC_W-1:0]        upd_pc_i,
  input wire [LANES-1:0]       upd_mask_i,
  input wire                   bar_valid_i,
  input wire [PC_W-1:0]        bar_pc_i,
  input wire [LANES-1:0]       bar_mask_i,
  input wire [LANES*TW-1:0]    bar_tid_i,
  input wire                   wret_valid_i,
  input wire [PC_W-1:0]        wret_pc_i,
  input wire [LANES-1:0]       wret_mask_i,
  input wire [LANES*TW-1:0]    wret_tid_i,
  input wire                   lkp_valid_i,
  input wire [PC_W-1:0]        lkp_pc_i,
  input wire [LANES-1:0]       lkp_mask_i,
  input wire [LANES*TW-1:0]    lkp_tid_i,
  input wire                   bar_ready_o,
  input wire                   wret_ready_o,
  input wire                   lkp_pop_o,
  input wire [CNT_W-1:0]       count_o,
  input wire                   head_valid_o,
  input wire [PC_W-1:0]        head_pc_o,
  input wire [LANES-1:0]       head_mask_o,
  input wire [LANES*TW-1:0]    head_tid_o,
  input wire [FL-1:0]          fl_valid_o,
  input wire [FL*PC_W-1:0]     fl_pc_o,
  input wire [FL*LANES-1:0]    fl_mask_o,
  input wire [FL*LANES*TW-1:0] fl_tid_o,
  input wire                   ovf_o,
  input wire                   err_o,
  input wire [SL*ROW_W-1:0]    rows,
  input wire [PTR_W-1:0]       head,
  input wire [PTR_W-1:0]       tail
);

  // The TW-bit fields of the lanes set in m, all ones.
  function [LANES*TW-1:0] lane_bits(input [LANES-1:0] m);
    integer fl;
    begin
      lane_bits = {(LANES*TW){1'b0}};
      for (fl = 0; fl < LANES; fl = fl + 1)
        if (m[fl]) lane_bits[fl*TW +: TW] = {TW{1'b1}};
    end
  endfunction

  // A row as the outputs show it: {tid of its lanes only, mask, pc}.
  function [ROW_W-1:0] shown(input [ROW_W-1:0] r);
    begin
      shown = {r[PC_W+LANES +: LANES*TW] & lane_bits(r[PC_W +: LANES]),
               r[PC_W +: LANES], r[0 +: PC_W]};
    end
  endfunction

  // ------------------------------------------------------------------
  // The reference of this cycle, from the ports (W3, W4, W5)
  // ------------------------------------------------------------------

  wire full       = count_o == SL;
  wire e_bar_rdy  = !full;
  wire e_wret_rdy = !full && !bar_valid_i;
  wire e_lkp_pop  = lkp_valid_i && !full && !bar_valid_i && !wret_valid_i &&
                    count_o < THRESHOLD;
  wire e_ovf      = full && (bar_valid_i || wret_valid_i);
  wire push_bar   = bar_valid_i && e_bar_rdy && bar_mask_i != 0;
  wire push_wret  = wret_valid_i && e_wret_rdy && wret_mask_i != 0;
  wire push_lkp   = e_lkp_pop && lkp_mask_i != 0;
  wire push       = push_bar || push_wret || push_lkp;
  wire [ROW_W-1:0] push_row = push_bar  ? {bar_tid_i, bar_mask_i, bar_pc_i}
                            : push_wret ? {wret_tid_i, wret_mask_i, wret_pc_i}
                                        : {lkp_tid_i, lkp_mask_i, lkp_pc_i};

  reg [FL-1:0]          fill;          // the slot the head moves to (one-hot)
  reg [FL-1:0]          upd_ok;        // the slot a legal update names
  reg                   e_err;
  reg [FL-1:0]          n_valid;       // First-Level after this cycle
  reg [FL*PC_W-1:0]     n_pc;
  reg [FL*LANES-1:0]    n_mask;
  reg [FL*LANES*TW-1:0] n_tid;
  reg                   found;
  integer s;

  always @* begin
    fill = {FL{1'b0}};
    upd_ok = {FL{1'b0}};
    found = 1'b0;
    for (s = 0; s < FL; s = s + 1) begin
      if (!found && !fl_valid_o[s] && head_valid_o) begin
        found = 1'b1;
        fill[s] = 1'b1;
      end
      if (upd_valid_i && upd_slot_i == s && fl_valid_o[s] &&
          (upd_mask_i & ~fl_mask_o[s*LANES +: LANES]) == 0)
        upd_ok[s] = 1'b1;
    end
    e_err = (upd_valid_i && upd_ok == 0) || (bar_valid_i && bar_mask_i == 0) ||
            (wret_valid_i && wret_mask_i == 0) || (lkp_valid_i && lkp_mask_i == 0);
    n_valid = fl_valid_o;
    n_pc = fl_pc_o;
    n_mask = fl_mask_o;
    n_tid = fl_tid_o;
    for (s = 0; s < FL; s = s + 1)
      if (fill[s]) begin
        n_valid[s] = 1'b1;
        n_pc[s*PC_W +: PC_W] = head_pc_o;
        n_mask[s*LANES +: LANES] = head_mask_o;
        n_tid[s*LANES*TW +: LANES*TW] = head_tid_o;
      end else if (upd_ok[s]) begin
        n_valid[s] = upd_mask_i != 0;
        n_pc[s*PC_W +: PC_W] = upd_mask_i != 0 ? upd_pc_i : {PC_W{1'b0}};
        n_mask[s*LANES +: LANES] = upd_mask_i;
        n_tid[s*LANES*TW +: LANES*TW] = fl_tid_o[s*LANES*TW +: LANES*TW] & lane_bits(upd_mask_i);
      end
  end

  wire move = fill != 0;
  wire [CNT_W:0] n_count = count_o + push - move;

  // ------------------------------------------------------------------
  // The tracked warp (W6)
  // ------------------------------------------------------------------

  (* anyseq *) wire f_choose;
  reg              f_track = 1'b0;   // a chosen warp is in Second-Level
  reg [ROW_W-1:0]  f_row;            // ... this warp
  reg [CNT_W-1:0]  f_ahead;          // ... with this many warps ahead of it

  wire f_leaves = f_track && f_ahead == 0 && move;

  always @(posedge clk_i) begin
    if (!rst_ni)
      f_track <= 1'b0;
    else if (f_track) begin
      if (f_leaves)
        f_track <= 1'b0;
      else if (move)
        f_ahead <= f_ahead - 1'b1;
    end else if (push && f_choose) begin
      f_track <= 1'b1;
      f_row   <= push_row;
      f_ahead <= count_o - move;
    end
  end

  // The row `ahead` places after the head, selected by comparison.
  reg [ROW_W-1:0] f_stored, head_row;
  reg [PTR_W:0]   f_at;
  integer r;

  always @* begin
    f_at = head + f_ahead;
    if (f_at >= SL)
      f_at = f_at - SL;
    f_stored = {ROW_W{1'b0}};
    head_row = {ROW_W{1'b0}};
    for (r = 0; r < SL; r = r + 1) begin
      if (f_at == r) f_stored = rows[r*ROW_W +: ROW_W];
      if (head == r) head_row = rows[r*ROW_W +: ROW_W];
    end
  end

  // ------------------------------------------------------------------
  // The previous cycle
  // ------------------------------------------------------------------

  reg                   f_past = 1'b0;
  reg                   f_rst_q;
  reg [CNT_W:0]         f_count;
  reg [FL-1:0]          f_valid, f_fill;
  reg [FL*PC_W-1:0]     f_pc;
  reg [FL*LANES-1:0]    f_mask;
  reg [FL*LANES*TW-1:0] f_tid;
  reg                   f_left;          // the tracked warp moved on that edge
  reg [ROW_W-1:0]       f_left_row;

  always @(posedge clk_i) begin
    f_past     <= 1'b1;
    f_rst_q    <= rst_ni;
    f_count    <= n_count;
    f_valid    <= n_valid;
    f_pc       <= n_pc;
    f_mask     <= n_mask;
    f_tid      <= n_tid;
    f_fill     <= fill;
    f_left     <= rst_ni && f_leaves;
    f_left_row <= f_row;
  end

  // ------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------

  reg [PTR_W:0] t_exp;
  reg [CNT_W:0] pos;
  integer a;

  always @* begin
    // W1: count, pointers, head
    assert(count_o <= SL);
    t_exp = head + count_o;
    if (t_exp >= SL)
      t_exp = t_exp - SL;
    assert(tail == t_exp);
    assert(head_valid_o == (count_o != 0));
    if (head_valid_o)
      assert({head_tid_o, head_mask_o, head_pc_o} == shown(head_row));
    else
      assert(head_pc_o == 0 && head_mask_o == 0 && head_tid_o == 0);

    // W2: no empty warp is stored
    for (a = 0; a < SL; a = a + 1) begin
      pos = (a >= head) ? a - head : a + SL - head;
      if (pos < count_o)
        assert(rows[a*ROW_W + PC_W +: LANES] != 0);
    end
    for (a = 0; a < FL; a = a + 1)
      if (fl_valid_o[a])
        assert(fl_mask_o[a*LANES +: LANES] != 0);
      else
        assert(fl_pc_o[a*PC_W +: PC_W] == 0 && fl_mask_o[a*LANES +: LANES] == 0 &&
               fl_tid_o[a*LANES*TW +: LANES*TW] == 0);

    // W3, W4: this cycle's handshakes, overflow and errors
    if (rst_ni) begin
      assert(bar_ready_o == e_bar_rdy);
      assert(wret_ready_o == e_wret_rdy);
      assert(lkp_pop_o == e_lkp_pop);
      assert(ovf_o == e_ovf);
      assert(err_o == e_err);
      assert((bar_valid_i && bar_ready_o) + (wret_valid_i && wret_ready_o) + lkp_pop_o <= 1);
      if (lkp_pop_o)
        assert(count_o < THRESHOLD);
    end

    // W5: reset empties both levels; otherwise the last cycle's operation
    if (!rst_ni || (f_past && !f_rst_q))
      assert(count_o == 0 && fl_valid_o == 0);
    else if (f_past) begin
      assert({1'b0, count_o} == f_count);
      assert(fl_valid_o == f_valid);
      assert(fl_pc_o == f_pc);
      assert(fl_mask_o == f_mask);
      assert(fl_tid_o == f_tid);
    end

    // W6: the tracked warp
    if (f_track && rst_ni) begin   // (reset empties the table at once)
      assert(f_ahead < count_o);
      assert(f_stored == f_row);
      if (f_ahead == 0)
        assert({head_tid_o, head_mask_o, head_pc_o} == shown(f_row));
    end
    if (f_past && f_rst_q && rst_ni && f_left)
      for (a = 0; a < FL; a = a + 1)
        if (f_fill[a])
          assert({fl_tid_o[a*LANES*TW +: LANES*TW], fl_mask_o[a*LANES +: LANES],
                  fl_pc_o[a*PC_W +: PC_W]} == shown(f_left_row));
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  always @* begin
    if (f_past && rst_ni) begin
      cover(count_o == SL);
      cover(ovf_o);
      cover(bar_valid_i && bar_ready_o && lkp_valid_i && lkp_mask_i != 0 &&
            count_o < THRESHOLD);
      cover(lkp_pop_o && lkp_mask_i != 0);
      cover(move);
      cover(move && push);
      cover(f_leaves);
    end
  end

endmodule
