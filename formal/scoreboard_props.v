// scoreboard_props.v -- formal properties of the register scoreboard
// (simtref_scoreboard), golden/structures/scoreboard.h.
//
// scoreboard_fv wraps the generated module and leaves every input free
// (anyseq).  scoreboard_checker, bound into the module under FORMAL,
// follows one thread register of its choice: a warp slot, a lane and a
// register fixed for the whole run (anyconst), so that the proof holds
// for every one of them while the model keeps a reference for a single
// row.  Its reference is the C model's: the register is pending (held
// until a release) or ready from a cycle; it keeps that cycle as its
// distance from the current one, left = ready - now, which the clock
// lowers by one a cycle down to -ROWS (a register long ready is ready
// however long ago), so that it never wraps as the module's stamps do.
// The module shows the checker that row alone: each bank's pending and
// busy bits and its stamp there (obs_*), and its counter and scrubber.
//
// Environment (assumptions): reset at the start; a reservation with a
// ready cycle has a latency of at least one cycle (scoreboard.h: `at`
// lies after `now`); the warp slots of the lanes a port names exist.
// Nothing else: any check, any reservations and releases in any cycle,
// several on the tracked register in one cycle, a release of a register
// that is not pending, reservations and releases of x0.
//
//   S1  a check never clears a pending register: a check whose threads
//       and registers (rs1, rs2 or rd) include the tracked one does not
//       pass while a reservation pending until its release holds it,
//       whatever its stamp says;
//   S2  a check never clears a register before its ready cycle: nor
//       while the register's ready cycle lies after the cycle asked about
//       (this one, or with chk_ahead_i the next, in which a result due
//       then is read);
//   S3  a release clears only the rows it names and a reservation sets
//       exactly its threads' rows: the module's row is the reference's
//       (pending bit equal to the reference's; busy only when not
//       pending, with the stamp of the reference's ready cycle modulo
//       2^STAMP_W; neither bit when the reference holds the register
//       free, x0's row never), of two on the row in a cycle a release
//       wins, then the higher reservation port;
//   S4  the scrubber keeps every busy stamp within its window: a busy
//       row's ready cycle lies after the scrubber's last visit to the
//       row, so a busy stamp is at most ROWS <= 2^(STAMP_W-1) cycles
//       past, and no longer than the longest result ahead: the counter
//       never wraps round to a stamp (which would hold a ready register
//       again), which makes STAMP_W bits enough;
//   S5  no register is held when it is free: a check of the tracked
//       thread alone (one lane, rs1 = rs2 = rd = the tracked register)
//       passes when the reference holds it free.
//
// S3 and S4 are invariants of the state; with them the proof closes by
// 1-induction.
//
// Covers: a check held by a pending register, one held by a stamp, a
// result due in the next cycle passing a check with chk_ahead_i, the
// scrubber clearing the tracked row's busy bit, a release of a pending
// register, a release and a reservation on the tracked register in one
// cycle, two reservation ports on it in one cycle.
//
// The sizes are set by the proof script (chparam) from the configuration;
// the wrapper derives the module's as scoreboard_geometry() does.

module scoreboard_fv #(
  parameter integer SCHEDS  = 1,   // schedulers: a reservation port each
  parameter integer THREADS = 4,   // threads per scheduler
  parameter integer LANES   = 2,   // warp size
  parameter integer SIMD    = 2,   // SIMD width
  parameter integer ALU_LAT = 2,
  parameter integer MUL_LAT = 3,
  parameter integer DIV_LAT = 8,
  parameter integer NUM_REL = 1    // the LSU's write-back ports
) (
  input wire clk_i
);

  localparam integer NUM_SLOTS = THREADS / LANES * SCHEDS;
  localparam integer SLOT_W    = (NUM_SLOTS > 2) ? $clog2(NUM_SLOTS) : 1;
  localparam integer SUB       = (LANES > SIMD) ? LANES / SIMD : 1;
  localparam integer LAT0      = (MUL_LAT > ALU_LAT) ? MUL_LAT : ALU_LAT;
  localparam integer LAT       = (DIV_LAT > LAT0) ? DIV_LAT : LAT0;
  localparam integer LAT_W     = (SUB + LAT > 2) ? $clog2(SUB + LAT) : 1;
  localparam integer ROW_W     = SLOT_W + 5;
  localparam integer STAMP_W   = ((ROW_W > LAT_W) ? ROW_W : LAT_W) + 1;
  localparam integer NUM_RES   = SCHEDS;
  localparam integer NUM_CHK   = 1;

  (* anyseq *) wire                            rst_ni;
  (* anyseq *) wire [NUM_CHK*LANES*SLOT_W-1:0] chk_slots;
  (* anyseq *) wire [NUM_CHK*LANES-1:0]        chk_mask;
  (* anyseq *) wire [NUM_CHK*5-1:0]            chk_rs1;
  (* anyseq *) wire [NUM_CHK*5-1:0]            chk_rs2;
  (* anyseq *) wire [NUM_CHK*5-1:0]            chk_rd;
  (* anyseq *) wire [NUM_CHK-1:0]              chk_ahead;
  (* anyseq *) wire [NUM_RES-1:0]              res_valid;
  (* anyseq *) wire [NUM_RES*LANES*SLOT_W-1:0] res_slots;
  (* anyseq *) wire [NUM_RES*LANES-1:0]        res_mask;
  (* anyseq *) wire [NUM_RES*5-1:0]            res_rd;
  (* anyseq *) wire [NUM_RES-1:0]              res_pend;
  (* anyseq *) wire [NUM_RES*LAT_W-1:0]        res_lat;
  (* anyseq *) wire [NUM_REL-1:0]              rel_valid;
  (* anyseq *) wire [NUM_REL*LANES*SLOT_W-1:0] rel_slots;
  (* anyseq *) wire [NUM_REL*LANES-1:0]        rel_mask;
  (* anyseq *) wire [NUM_REL*5-1:0]            rel_rd;

  wire [NUM_CHK-1:0] clear;

  simtref_scoreboard #(
    .NUM_SLOTS (NUM_SLOTS),
    .LANES     (LANES),
    .NUM_RES   (NUM_RES),
    .NUM_REL   (NUM_REL),
    .SLOT_W    (SLOT_W),
    .LAT_W     (LAT_W),
    .STAMP_W   (STAMP_W),
    .NUM_CHK   (NUM_CHK)
  ) dut (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .chk_slots_i (chk_slots),
    .chk_mask_i  (chk_mask),
    .chk_rs1_i   (chk_rs1),
    .chk_rs2_i   (chk_rs2),
    .chk_rd_i    (chk_rd),
    .chk_ahead_i (chk_ahead),
    .clear_o     (clear),
    .res_valid_i (res_valid),
    .res_slots_i (res_slots),
    .res_mask_i  (res_mask),
    .res_rd_i    (res_rd),
    .res_pend_i  (res_pend),
    .res_lat_i   (res_lat),
    .rel_valid_i (rel_valid),
    .rel_slots_i (rel_slots),
    .rel_mask_i  (rel_mask),
    .rel_rd_i    (rel_rd)
  );

  // Environment: reset at the start.
  reg f_started = 1'b0;
  always @(posedge clk_i) f_started <= 1'b1;
  always @* if (!f_started) assume(!rst_ni);

endmodule

// The checker inside simtref_scoreboard: the tracked register's
// reference, the environment and the properties listed above.
module scoreboard_checker #(
  parameter integer NUM_SLOTS = 2,
  parameter integer LANES     = 2,
  parameter integer NUM_RES   = 1,
  parameter integer NUM_REL   = 1,
  parameter integer SLOT_W    = 1,
  parameter integer LAT_W     = 4,
  parameter integer STAMP_W   = 7,
  parameter integer NUM_CHK   = 1
) (
  input  wire                            clk_i,
  input  wire                            rst_ni,
  input  wire [NUM_CHK*LANES*SLOT_W-1:0] chk_slots_i,
  input  wire [NUM_CHK*LANES-1:0]        chk_mask_i,
  input  wire [NUM_CHK*5-1:0]            chk_rs1_i,
  input  wire [NUM_CHK*5-1:0]            chk_rs2_i,
  input  wire [NUM_CHK*5-1:0]            chk_rd_i,
  input  wire [NUM_CHK-1:0]              chk_ahead_i,
  input  wire [NUM_CHK-1:0]              clear_o,
  input  wire [NUM_RES-1:0]              res_valid_i,
  input  wire [NUM_RES*LANES*SLOT_W-1:0] res_slots_i,
  input  wire [NUM_RES*LANES-1:0]        res_mask_i,
  input  wire [NUM_RES*5-1:0]            res_rd_i,
  input  wire [NUM_RES-1:0]              res_pend_i,
  input  wire [NUM_RES*LAT_W-1:0]        res_lat_i,
  input  wire [NUM_REL-1:0]              rel_valid_i,
  input  wire [NUM_REL*LANES*SLOT_W-1:0] rel_slots_i,
  input  wire [NUM_REL*LANES-1:0]        rel_mask_i,
  input  wire [NUM_REL*5-1:0]            rel_rd_i,
  input  wire [STAMP_W-1:0]              now_q,
  input  wire [SLOT_W+4:0]               scrub_q,
  output wire [SLOT_W+4:0]               obs_row,
  input  wire [LANES-1:0]                obs_pend,
  input  wire [LANES-1:0]                obs_busy,
  input  wire [LANES*STAMP_W-1:0]        obs_stamp
);

  localparam integer ROW_W  = SLOT_W + 5;
  localparam integer ROWS   = NUM_SLOTS * 32;
  localparam integer LANE_W = (LANES > 1) ? $clog2(LANES) : 1;
  // left = ready - now, from -ROWS to 2^LAT_W - 1: signed, with room.
  localparam integer LEFT_W = ((ROW_W > LAT_W) ? ROW_W : LAT_W) + 3;
  localparam signed [LEFT_W-1:0] FLOOR   = -ROWS;
  localparam signed [LEFT_W-1:0] LONGEST = (1 << LAT_W) - 1;

  // ----------------------------------------------------------------------
  // The tracked thread register: warp slot f_slot, lane f_lane, f_reg
  // ----------------------------------------------------------------------

  (* anyconst *) wire [SLOT_W-1:0] f_slot;
  (* anyconst *) wire [LANE_W-1:0] f_lane;
  (* anyconst *) wire [4:0]        f_reg;

  wire [ROW_W-1:0] row = {f_slot, f_reg};
  assign obs_row = row;

  always @* begin
    assume(f_slot < NUM_SLOTS);
    assume(f_lane < LANES);
  end

  wire               m_pend  = obs_pend[f_lane];
  wire               m_busy  = obs_busy[f_lane];
  wire [STAMP_W-1:0] m_stamp = obs_stamp[f_lane*STAMP_W +: STAMP_W];

  // ----------------------------------------------------------------------
  // Environment
  // ----------------------------------------------------------------------

  integer a, al;
  always @* begin
    for (a = 0; a < NUM_RES; a = a + 1) begin
      if (res_valid_i[a] && !res_pend_i[a])
        assume(res_lat_i[a*LAT_W +: LAT_W] != {LAT_W{1'b0}});
      for (al = 0; al < LANES; al = al + 1)
        if (res_valid_i[a] && res_mask_i[a*LANES + al])
          assume(res_slots_i[(a*LANES + al)*SLOT_W +: SLOT_W] < NUM_SLOTS);
    end
    for (a = 0; a < NUM_REL; a = a + 1)
      for (al = 0; al < LANES; al = al + 1)
        if (rel_valid_i[a] && rel_mask_i[a*LANES + al])
          assume(rel_slots_i[(a*LANES + al)*SLOT_W +: SLOT_W] < NUM_SLOTS);
    for (a = 0; a < NUM_CHK; a = a + 1)
      for (al = 0; al < LANES; al = al + 1)
        if (chk_mask_i[a*LANES + al])
          assume(chk_slots_i[(a*LANES + al)*SLOT_W +: SLOT_W] < NUM_SLOTS);
  end

  // ----------------------------------------------------------------------
  // The ports that name the tracked register (x0 is never written)
  // ----------------------------------------------------------------------

  reg [NUM_RES-1:0] res_names;
  reg [NUM_REL-1:0] rel_names;
  reg [NUM_CHK-1:0] chk_names;   // among the check's threads and registers
  reg [NUM_CHK-1:0] chk_alone;   // the tracked register is all it asks
  integer p;

  always @* begin
    for (p = 0; p < NUM_RES; p = p + 1)
      res_names[p] = res_valid_i[p] && res_mask_i[p*LANES + f_lane]
                     && res_slots_i[(p*LANES + f_lane)*SLOT_W +: SLOT_W] == f_slot
                     && res_rd_i[p*5 +: 5] == f_reg && f_reg != 5'd0;
    for (p = 0; p < NUM_REL; p = p + 1)
      rel_names[p] = rel_valid_i[p] && rel_mask_i[p*LANES + f_lane]
                     && rel_slots_i[(p*LANES + f_lane)*SLOT_W +: SLOT_W] == f_slot
                     && rel_rd_i[p*5 +: 5] == f_reg && f_reg != 5'd0;
    for (p = 0; p < NUM_CHK; p = p + 1) begin
      chk_names[p] = chk_mask_i[p*LANES + f_lane]
                     && chk_slots_i[(p*LANES + f_lane)*SLOT_W +: SLOT_W] == f_slot
                     && (chk_rs1_i[p*5 +: 5] == f_reg || chk_rs2_i[p*5 +: 5] == f_reg
                         || chk_rd_i[p*5 +: 5] == f_reg);
      chk_alone[p] = chk_mask_i[p*LANES +: LANES] == ({{(LANES-1){1'b0}}, 1'b1} << f_lane)
                     && chk_slots_i[(p*LANES + f_lane)*SLOT_W +: SLOT_W] == f_slot
                     && chk_rs1_i[p*5 +: 5] == f_reg && chk_rs2_i[p*5 +: 5] == f_reg
                     && chk_rd_i[p*5 +: 5] == f_reg;
    end
  end

  // ----------------------------------------------------------------------
  // The reference: pending, or ready from now + f_left
  // ----------------------------------------------------------------------

  reg                     f_pend;
  reg signed [LEFT_W-1:0] f_left;
  reg                     nx_pend;
  reg signed [LEFT_W-1:0] nx_left;

  // The edge: time passes; the reservations in port order, then the
  // releases (ready from the next cycle), as scoreboard_step().
  always @* begin
    nx_pend = f_pend;
    nx_left = (f_left > FLOOR) ? f_left - 1 : FLOOR;
    for (p = 0; p < NUM_RES; p = p + 1)
      if (res_names[p]) begin
        nx_pend = res_pend_i[p];
        nx_left = res_pend_i[p] ? FLOOR
                : $signed({{(LEFT_W-LAT_W){1'b0}}, res_lat_i[p*LAT_W +: LAT_W]}) - 1;
      end
    if (|rel_names) begin
      nx_pend = 1'b0;
      nx_left = {LEFT_W{1'b0}};
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_pend <= 1'b0;
      f_left <= FLOOR;
    end else begin
      f_pend <= nx_pend;
      f_left <= nx_left;
    end
  end

  // The cycles since the scrubber last visited the row: 1 just after its
  // visit, ROWS while it visits the row again.
  wire [ROW_W+1:0] since = (scrub_q > row)
                           ? {2'b00, scrub_q} - {2'b00, row}
                           : {2'b00, scrub_q} + ROWS - {2'b00, row};
  wire signed [LEFT_W-1:0] since_s = $signed({{(LEFT_W-ROW_W-2){1'b0}}, since});

  // ----------------------------------------------------------------------
  // Properties
  // ----------------------------------------------------------------------

  integer c;
  always @* begin
    if (rst_ni) begin
      for (c = 0; c < NUM_CHK; c = c + 1) begin
        // S1
        if (chk_names[c] && f_pend)
          assert(!clear_o[c]);
        // S2
        if (chk_names[c] && f_left > $signed({{(LEFT_W-1){1'b0}}, chk_ahead_i[c]}))
          assert(!clear_o[c]);
        // S5
        if (chk_alone[c] && !f_pend
            && f_left <= $signed({{(LEFT_W-1){1'b0}}, chk_ahead_i[c]}))
          assert(clear_o[c]);
      end
      // S3
      assert(m_pend == f_pend);
      assert(!(m_pend && m_busy));
      if (m_busy)
        assert(m_stamp == now_q + f_left[STAMP_W-1:0]);
      if (!m_busy && !f_pend)
        assert(f_left <= 0);
      if (f_reg == 5'd0)
        assert(!f_pend && !m_busy);
      // S4
      assert(scrub_q < ROWS);
      assert(f_left >= FLOOR && f_left <= LONGEST);
      if (m_busy)
        assert(f_left + since_s > 0);
    end
  end

  // ----------------------------------------------------------------------
  // Covers
  // ----------------------------------------------------------------------

  reg f_scrubbed;   // the last edge's scrubber cleared the tracked row
  always @(posedge clk_i)
    f_scrubbed <= rst_ni && m_busy && scrub_q == row && !(|res_names) && !(|rel_names);

  always @* begin
    if (rst_ni) begin
      cover(chk_names[0] && f_pend && !clear_o[0]);
      cover(chk_names[0] && !f_pend && f_left > 0 && !clear_o[0]);
      cover(chk_alone[0] && chk_ahead_i[0] && !f_pend && f_left == 1 && clear_o[0]);
      cover(f_scrubbed && !m_busy);
      cover(|rel_names && f_pend);
      cover(|rel_names && |res_names);
    end
  end

  generate
    if (NUM_RES > 1) begin : g_two_res
      always @* if (rst_ni) cover(res_names[0] && res_names[NUM_RES-1]);
    end
  endgenerate

endmodule
