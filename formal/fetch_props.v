// fetch_props.v -- formal properties of the I-buffer and fetch policy
// (simtref_fetch) under the policy of the configuration it is proved on
// (FETCH, the `fetch` key): critical-fetch-first on tiny,
// fewest-entries-first on tests/data/scenarios/fetch-fef.conf; LRR is CFF
// without a next warp.
//
// fetch_fv wraps the generated module and leaves every input free
// (anyseq), input errors included.  The I-buffer state is on the ports
// (slot_v_o, slot_r_o, inflight_o), so every property reads ports only:
//
//   I1  a fetch only for a warp with a free slot (valid slots plus
//       fetches in flight below SLOTS) that is valid (warp_valid_i) and
//       not being flushed; a fetch whenever such a warp exists (one port:
//       at most one a cycle); never a fetch for a warp that is not valid;
//   I2  per warp, valid slots plus fetches in flight never exceed SLOTS;
//       valid slots are a prefix (slot 0 the oldest), ready bits only on
//       valid slots, and a prefix of them;
//   I3  ready_o[w] equals "warp w has a valid, ready slot";
//   I4  CFF: the next warp when it is named and has a free slot, else the
//       first warp with a free slot after the last fetched warp (round
//       robin); the module's pointer is the last fetched warp.  Checked by
//       fetch_rr_checker, which the module instantiates under FORMAL to
//       see its round-robin pointer.
//       FEF: the fetched warp has the fewest entries (valid slots plus
//       fetches in flight) of the warps with a free slot, and no warp
//       with as few entries has a smaller id;
//   I5  err_o exactly on a fill with nothing in flight, an issue of a warp
//       that is not ready, or a clear with no unready instruction;
//   I6  the next cycle: a flushed warp, and a warp that was not valid,
//       is empty with nothing in flight;
//       otherwise its fetches in flight change by fetch - fill and its
//       valid slots by fill - issue.
//
// Covers: a fetch for the critical warp, a fallback to round robin while a
// critical warp is named (CFF), a fetch that passes over a warp of smaller
// id with more entries (FEF), a warp whose slots are all valid, a flush that
// cancels fetches in flight, an issue, an error, a fetch while a warp with
// a free slot is passed over for not being valid, a warp with entries that
// is not valid (emptied on the edge).  A cycle with no warp to
// fetch for needs every slot of every warp taken (16 fetches on tiny),
// beyond the cover depth; I1 states what happens then, and the
// co-simulation reaches it.
//
// The sizes are set by the proof script (chparam) from the configuration.

module fetch_rr_checker #(
  parameter integer NUM_WARPS = 8,
  parameter integer SLOTS     = 2,
  parameter integer CFF       = 1,
  parameter integer WARP_W    = $clog2(NUM_WARPS),
  parameter integer CNT_W     = $clog2(SLOTS + 1)
) (
  input wire                       clk_i,
  input wire                       rst_ni,
  input wire                       flush_valid_i,
  input wire [WARP_W-1:0]          flush_warp_i,
  input wire                       next_valid_i,
  input wire [WARP_W-1:0]          next_warp_i,
  input wire [NUM_WARPS-1:0]       warp_valid_i,
  input wire [NUM_WARPS*SLOTS-1:0] slot_v_o,
  input wire [NUM_WARPS*CNT_W-1:0] inflight_o,
  input wire                       fetch_valid_o,
  input wire [WARP_W-1:0]          fetch_warp_o,
  input wire [WARP_W-1:0]          last_q
);

  reg [NUM_WARPS-1:0] free;             // valid, a free slot, not being flushed
  reg [7:0]           n;
  integer w, s;
  always @* begin
    for (w = 0; w < NUM_WARPS; w = w + 1) begin
      n = inflight_o[w*CNT_W +: CNT_W];
      for (s = 0; s < SLOTS; s = s + 1)
        if (slot_v_o[w*SLOTS+s]) n = n + 1;
      free[w] = warp_valid_i[w] && n < SLOTS &&
                !(flush_valid_i && flush_warp_i == w);
    end
  end

  // between(k, lo, hi): k strictly inside (lo, hi) in circular order.
  `include "circular_order.vh"

  reg              f_past = 1'b0;
  reg              p_valid;
  reg [WARP_W-1:0] p_warp, p_last;
  always @(posedge clk_i) begin
    f_past  <= rst_ni;
    p_valid <= fetch_valid_o;
    p_warp  <= fetch_warp_o;
    p_last  <= last_q;
  end

  integer a;
  always @* begin
    if (rst_ni) begin
      if (f_past)
        assert(last_q == (p_valid ? p_warp : p_last));
      if (fetch_valid_o) begin
        if (CFF && next_valid_i && free[next_warp_i])
          assert(fetch_warp_o == next_warp_i);
        else
          for (a = 0; a < NUM_WARPS; a = a + 1)
            if (between(a, last_q, fetch_warp_o))
              assert(!free[a]);
      end
    end
  end

endmodule

module fetch_fv #(
  parameter integer THREADS   = 16,
  parameter integer WARP_SIZE = 2,
  parameter integer SLOTS     = 2,
  parameter         FETCH     = "cff"
) (
  input wire clk_i
);

  localparam integer NUM_WARPS = THREADS / WARP_SIZE;
  localparam integer WARP_W    = $clog2(NUM_WARPS);
  localparam integer CNT_W     = $clog2(SLOTS + 1);

  (* anyseq *) wire              rst_ni;
  (* anyseq *) wire              fill_valid, issue_valid, rdy_valid, flush_valid, next_valid;
  (* anyseq *) wire [WARP_W-1:0] fill_warp, issue_warp, rdy_warp, flush_warp, next_warp;
  (* anyseq *) wire [NUM_WARPS-1:0] wvalid;   // warps that may be fetched for

  wire                       fetch_valid, err;
  wire [WARP_W-1:0]          fetch_warp;
  wire [NUM_WARPS-1:0]       ready;
  wire [NUM_WARPS*SLOTS-1:0] sv, sr;
  wire [NUM_WARPS*CNT_W-1:0] infl;

  simtref_fetch #(.NUM_WARPS(NUM_WARPS), .SLOTS(SLOTS)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .fill_valid_i(fill_valid), .fill_warp_i(fill_warp),
    .issue_valid_i(issue_valid), .issue_warp_i(issue_warp),
    .rdy_valid_i(rdy_valid), .rdy_warp_i(rdy_warp),
    .flush_valid_i(flush_valid), .flush_warp_i(flush_warp),
    .next_valid_i(next_valid), .next_warp_i(next_warp),
    .warp_valid_i(wvalid),
    .fetch_valid_o(fetch_valid), .fetch_warp_o(fetch_warp),
    .ready_o(ready), .slot_v_o(sv), .slot_r_o(sr), .inflight_o(infl),
    .err_o(err)
  );

  // ------------------------------------------------------------------
  // Entries, free slots, and the reference of each event
  // ------------------------------------------------------------------

  reg [NUM_WARPS*8-1:0] ent;            // valid slots + fetches in flight
  reg [NUM_WARPS*8-1:0] nval;           // valid slots
  reg [NUM_WARPS-1:0]   room;           // a free slot
  reg [NUM_WARPS-1:0]   free;           // may be fetched for: valid, room,
                                        // not being flushed
  reg                   any_free;
  reg [7:0]             n;
  integer w, s;

  always @* begin
    any_free = 1'b0;
    for (w = 0; w < NUM_WARPS; w = w + 1) begin
      n = 0;
      for (s = 0; s < SLOTS; s = s + 1)
        if (sv[w*SLOTS+s]) n = n + 1;
      nval[w*8 +: 8] = n;
      ent[w*8 +: 8] = n + infl[w*CNT_W +: CNT_W];
      room[w] = ent[w*8 +: 8] < SLOTS;
      free[w] = wvalid[w] && room[w] && !(flush_valid && flush_warp == w);
      if (free[w]) any_free = 1'b1;
    end
  end

  wire fill_bad  = fill_valid && infl[fill_warp*CNT_W +: CNT_W] == 0;
  wire issue_bad = issue_valid && !(sv[issue_warp*SLOTS] && sr[issue_warp*SLOTS]);
  wire rdy_bad   = rdy_valid && (sv[rdy_warp*SLOTS +: SLOTS] & ~sr[rdy_warp*SLOTS +: SLOTS]) == 0;

  reg              f_past = 1'b0;
  reg [NUM_WARPS*SLOTS-1:0] p_sv;
  reg [NUM_WARPS*CNT_W-1:0] p_infl;
  reg [NUM_WARPS-1:0] p_wvalid;
  reg                p_fetch, p_fill, p_issue, p_flush;
  reg [WARP_W-1:0]   p_fetch_w, p_fill_w, p_issue_w, p_flush_w;

  always @(posedge clk_i) begin
    f_past    <= rst_ni;
    p_sv      <= sv;
    p_infl    <= infl;
    p_fetch   <= fetch_valid;
    p_fetch_w <= fetch_warp;
    p_fill    <= fill_valid && !fill_bad;
    p_fill_w  <= fill_warp;
    p_issue   <= issue_valid && !issue_bad;
    p_issue_w <= issue_warp;
    p_flush   <= flush_valid;
    p_flush_w <= flush_warp;
    p_wvalid  <= wvalid;
  end

  // Environment: reset at the start.
  reg f_started = 1'b0;
  always @(posedge clk_i) f_started <= 1'b1;
  always @* if (!f_started) assume(!rst_ni);

  // ------------------------------------------------------------------
  // Invariants
  // ------------------------------------------------------------------

  integer a, b, pv, pi;
  always @* begin
    if (rst_ni) begin
      // I1
      if (fetch_valid) assert(free[fetch_warp]);
      if (fetch_valid) assert(wvalid[fetch_warp]);
      assert(fetch_valid == any_free);
      // I4, FEF
      if (FETCH == "fef" && fetch_valid)
        for (a = 0; a < NUM_WARPS; a = a + 1)
          if (free[a] && a != fetch_warp) begin
            assert(ent[a*8 +: 8] >= ent[fetch_warp*8 +: 8]);
            if (ent[a*8 +: 8] == ent[fetch_warp*8 +: 8])
              assert(a > fetch_warp);
          end
      for (a = 0; a < NUM_WARPS; a = a + 1) begin
        // I2
        assert(ent[a*8 +: 8] <= SLOTS);
        for (b = 0; b + 1 < SLOTS; b = b + 1) begin
          if (sv[a*SLOTS+b+1]) assert(sv[a*SLOTS+b]);
          if (sr[a*SLOTS+b+1]) assert(sr[a*SLOTS+b]);
        end
        for (b = 0; b < SLOTS; b = b + 1)
          if (sr[a*SLOTS+b]) assert(sv[a*SLOTS+b]);
        // I3
        assert(ready[a] == |(sv[a*SLOTS +: SLOTS] & sr[a*SLOTS +: SLOTS]));
      end
      // I5
      assert(err == (fill_bad || issue_bad || rdy_bad));
      // I6
      if (f_past)
        for (a = 0; a < NUM_WARPS; a = a + 1) begin
          if ((p_flush && p_flush_w == a) || !p_wvalid[a]) begin
            assert(infl[a*CNT_W +: CNT_W] == 0);
            assert(sv[a*SLOTS +: SLOTS] == 0);
          end else begin
            pv = 0;
            for (b = 0; b < SLOTS; b = b + 1)
              if (p_sv[a*SLOTS+b]) pv = pv + 1;
            pi = p_infl[a*CNT_W +: CNT_W];
            assert(infl[a*CNT_W +: CNT_W] == pi + (p_fetch && p_fetch_w == a)
                                                 - (p_fill && p_fill_w == a));
            assert(nval[a*8 +: 8] == pv + (p_fill && p_fill_w == a)
                                 - (p_issue && p_issue_w == a));
          end
        end
    end
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  always @* begin
    if (f_past && rst_ni) begin
      if (FETCH == "cff") begin
        cover(fetch_valid && next_valid && fetch_warp == next_warp);
        cover(fetch_valid && next_valid && fetch_warp != next_warp);
      end
      if (FETCH == "fef")
        cover(fetch_valid && fetch_warp != 0 && free[0] &&
              ent[0 +: 8] > ent[fetch_warp*8 +: 8]);
      // Under FEF a warp is fetched for a second time only once every
      // other warp holds an entry (NUM_WARPS + 1 fetches, beyond the
      // cover depth); the slot logic is the same code for every policy
      // and its full warp is covered under CFF.
      if (FETCH != "fef")
        cover(nval[0 +: 8] == SLOTS);
      cover(flush_valid && infl[flush_warp*CNT_W +: CNT_W] != 0);
      cover(issue_valid && !issue_bad);
      cover(err);
      cover(fetch_valid && |(room & ~wvalid));
      cover(!wvalid[0] && ent[0 +: 8] != 0);     // an invalid warp emptied
    end
  end

endmodule
