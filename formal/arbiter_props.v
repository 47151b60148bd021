// arbiter_props.v -- formal properties of the unified memory/PC arbiter
// (simtref_arbiter), Collange section 4.
//
// arbiter_fv wraps the generated module and leaves every input free
// (anyseq).  Properties (SPEC.md, unified arbiter):
//
//   A1  valid_o is the OR of valid_i;
//   A2  PC mode: (sp_o, pc_o) is not above the (SP, PC) of any valid lane,
//       SP compared first, then PC; memory mode: line_o is not above the
//       line of any requesting lane;
//   A3  the mask is exactly the valid lanes whose SP:PC (or line) equals
//       the result; with A1 and A2, the result is attained, so it is the
//       minimum over the valid lanes;
//   A4  the fields of the other mode, and all of them when no lane is
//       valid, are 0;
//   A5  err_o exactly on pc_op = 3 or a take-the-PC in memory mode;
//   A6  the common PC: 0 in reset; after a cycle without error it is
//       incremented (INC, modulo 2^PC_W), loaded with the previous pc_o
//       (ARB with a valid lane) or unchanged.
//
// Covers: lanes tied on SP:PC, a lane of smaller PC losing on its SP, no
// lane valid, a memory request partly acknowledged, two lanes served on
// one line, the common PC loaded from the arbiter, and an error.
//
// The sizes are set by the proof script (chparam) from the configuration.

module arbiter_fv #(
  parameter integer LANES      = 2,
  parameter integer SP_W       = 4,
  parameter integer PC_W       = 8,
  parameter integer ADDR_W     = 10,
  parameter integer LINE_BYTES = 32
) (
  input wire clk_i
);

  localparam integer OFF_W  = $clog2(LINE_BYTES);
  localparam integer LINE_W = ADDR_W - OFF_W;

  // Free inputs
  (* anyseq *) wire                    rst_ni;
  (* anyseq *) wire                    mode;
  (* anyseq *) wire [LANES-1:0]        valid;
  (* anyseq *) wire [LANES*SP_W-1:0]   sp;
  (* anyseq *) wire [LANES*PC_W-1:0]   pc;
  (* anyseq *) wire [LANES*ADDR_W-1:0] addr;
  (* anyseq *) wire [1:0]              pc_op;

  wire              valid_o;
  wire [SP_W-1:0]   sp_o;
  wire [PC_W-1:0]   pc_o;
  wire [LINE_W-1:0] line_o;
  wire [LANES-1:0]  mask;
  wire [PC_W-1:0]   common_pc;
  wire              err;

  simtref_arbiter #(
    .LANES      (LANES),
    .SP_W       (SP_W),
    .PC_W       (PC_W),
    .ADDR_W     (ADDR_W),
    .LINE_BYTES (LINE_BYTES)
  ) dut (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .mode_i      (mode),
    .valid_i     (valid),
    .sp_i        (sp),
    .pc_i        (pc),
    .addr_i      (addr),
    .pc_op_i     (pc_op),
    .valid_o     (valid_o),
    .sp_o        (sp_o),
    .pc_o        (pc_o),
    .line_o      (line_o),
    .mask_o      (mask),
    .common_pc_o (common_pc),
    .err_o       (err)
  );

  // ------------------------------------------------------------------
  // The reference, lane by lane
  // ------------------------------------------------------------------

  reg [LANES-1:0] below;     // lane valid and its key not below the result
  reg [LANES-1:0] equal;     // lane valid and its key equal to the result
  reg [LANES-1:0] sp_won;    // PC mode: lane valid, PC smaller than pc_o
  reg [SP_W-1:0]   s;
  reg [PC_W-1:0]   p;
  reg [LINE_W-1:0] l;
  integer i;

  always @* begin
    below  = {LANES{1'b0}};
    equal  = {LANES{1'b0}};
    sp_won = {LANES{1'b0}};
    for (i = 0; i < LANES; i = i + 1) begin
      s = sp[i*SP_W +: SP_W];
      p = pc[i*PC_W +: PC_W];
      l = addr[i*ADDR_W + OFF_W +: LINE_W];
      if (mode) begin
        below[i] = valid[i] && line_o <= l;
        equal[i] = valid[i] && line_o == l;
      end else begin
        below[i]  = valid[i] && (sp_o < s || (sp_o == s && pc_o <= p));
        equal[i]  = valid[i] && sp_o == s && pc_o == p;
        sp_won[i] = valid[i] && p < pc_o;
      end
    end
  end

  // The previous cycle, for the common PC.
  reg              f_past = 1'b0;
  reg              p_run;          // out of reset in the previous cycle
  reg [1:0]        p_op;
  reg              p_err;
  reg              p_valid;
  reg [PC_W-1:0]   p_pc;
  reg [PC_W-1:0]   p_common;

  always @(posedge clk_i) begin
    f_past   <= 1'b1;
    p_run    <= rst_ni;
    p_op     <= pc_op;
    p_err    <= err;
    p_valid  <= valid_o;
    p_pc     <= pc_o;
    p_common <= common_pc;
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

  always @* begin
    // A1
    assert(valid_o == |valid);
    // A2: the result is a lower bound of the valid lanes
    assert(below == valid);
    // A3
    assert(mask == equal);
    if (valid_o) assert(mask != {LANES{1'b0}});
    // A4
    if (mode || !valid_o) assert(sp_o == {SP_W{1'b0}} && pc_o == {PC_W{1'b0}});
    if (!mode || !valid_o) assert(line_o == {LINE_W{1'b0}});
    // A5
    assert(err == (pc_op == 2'd3 || (pc_op == 2'd2 && mode)));
    // A6
    if (!rst_ni) assert(common_pc == {PC_W{1'b0}});
    if (f_past && p_run && rst_ni) begin
      if (p_err)
        assert(common_pc == p_common);
      else if (p_op == 2'd1)
        assert(common_pc == p_common + 1'b1);
      else if (p_op == 2'd2 && p_valid)
        assert(common_pc == p_pc);
      else
        assert(common_pc == p_common);
    end
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  always @* begin
    if (f_past && rst_ni) begin
      cover(!mode && mask[0] && mask[1]);                   // a tie
      cover(!mode && sp_won != {LANES{1'b0}});              // SP decides
      cover(!valid_o);                                      // no lane valid
      cover(mode && valid_o && mask != valid);              // partial ack
      cover(mode && mask[0] && mask[1]);                    // one line, two lanes
      cover(p_run && !p_err && p_op == 2'd2 && p_valid &&
            common_pc != p_common);                         // loaded from the arbiter
      cover(err);
    end
  end

endmodule
