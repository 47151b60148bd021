// l1_cache_props.v -- formal properties of the L1 data cache's tags, LRU
// and MSHRs (simtref_l1_cache).
//
// l1_cache_fv wraps the generated module and leaves every input free
// (anyseq): any op (the unused code 3 too), any line, any set of fills,
// fills of free MSHRs included.  The tags are memories and not outputs,
// so the properties are checked by l1_cache_checker, which the generated
// module instantiates only under FORMAL: it sees every port and the
// state (valid bits, tags, LRU ranks, the MSHRs, the fills of the edge).
//
//   L1  the MSHRs stay within their bound: a busy MSHR holds a line no
//       other busy MSHR holds, so there are never more outstanding
//       misses than MSHRS, one per line;
//   L2  no line is in two ways of a set;
//   L3  a busy MSHR's line is not in the cache (so a fill never finds its
//       line there, and L2 holds after it);
//   L4  the LRU ranks of every set are a permutation of 0..WAYS-1;
//   L5  the lookup's outputs are the state's: hit_o exactly when a valid
//       way of the line's set holds its tag; a read that hits is HIT, one
//       that misses merges into the MSHR holding its line, else takes the
//       lowest free MSHR, else (every MSHR busy) stalls; a write or
//       invalidate is HIT, MISS_MERGED with the MSHR reading its line
//       (it waits for the fill), else MISS with mshr_o 0; no lookup is
//       NO_MSHR with mshr_o 0;
//   L6  a fill completes only a line that has an MSHR: every way that
//       takes a line on an edge takes the line of an MSHR filled on that
//       edge that was busy (or taken by that edge's miss); that MSHR is
//       free after the edge, and (no more fills than ways) its line is in
//       the cache;
//   L7  nothing is lost: a line leaves the cache only by an invalidate of
//       it or by a fill into its set; an MSHR stays as it was unless the
//       edge's miss takes it (then it holds the miss's line) or a fill
//       frees it;
//   L8  a read hit makes its way the most recently used (rank 0) when no
//       fill goes into its set on the same edge.
//
// Covers: a hit, a merge, a miss, a stall with every MSHR busy, an
// invalidate that drops a line, two fills on one edge, every MSHR busy.
// (tiny's sets hold two lines in two ways: no set overflows there, and
// the victim choice of a full set is checked by the co-simulations of
// the larger presets.)
//
// The sizes are set by the proof script (chparam) from the configuration.

module l1_cache_fv #(
  parameter integer L1D_KB     = 1,
  parameter integer WAYS       = 2,
  parameter integer LINE_BYTES = 32,
  parameter integer MSHRS      = 2,
  parameter integer ADDR_BITS  = 10
) (
  input wire clk_i
);

  localparam integer SETS   = L1D_KB * 1024 / (WAYS * LINE_BYTES);
  localparam integer LINE_W = ADDR_BITS - $clog2(LINE_BYTES);
  localparam integer MSHR_W = (MSHRS > 1) ? $clog2(MSHRS) : 1;

  (* anyseq *) wire              rst_ni;
  (* anyseq *) wire              lookup;
  (* anyseq *) wire [1:0]        op;
  (* anyseq *) wire [LINE_W-1:0] line;
  (* anyseq *) wire [MSHRS-1:0]  fill;

  wire [1:0]        result;
  wire [MSHR_W-1:0] mshr;
  wire              hit;

  simtref_l1_cache #(
    .SETS(SETS), .WAYS(WAYS), .MSHRS(MSHRS), .LINE_W(LINE_W)
  ) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .lookup_i(lookup), .op_i(op), .line_i(line), .fill_i(fill),
    .result_o(result), .mshr_o(mshr), .hit_o(hit)
  );

  // Environment: reset at the start.
  reg f_started = 1'b0;
  always @(posedge clk_i) f_started <= 1'b1;
  always @* if (!f_started) assume(!rst_ni);

endmodule

module l1_cache_checker #(
  parameter integer SETS   = 16,
  parameter integer WAYS   = 2,
  parameter integer MSHRS  = 2,
  parameter integer LINE_W = 5,
  // Derived widths, as in the module
  parameter integer SET_W  = (SETS > 1) ? $clog2(SETS) : 1,
  parameter integer TAG_W  = LINE_W - $clog2(SETS),
  parameter integer WAY_W  = (WAYS > 1) ? $clog2(WAYS) : 1,
  parameter integer MSHR_W = (MSHRS > 1) ? $clog2(MSHRS) : 1
) (
  input wire                       clk_i,
  input wire                       rst_ni,
  input wire                       lookup_i,
  input wire [1:0]                 op_i,
  input wire [LINE_W-1:0]          line_i,
  input wire [MSHRS-1:0]           fill_i,
  input wire [1:0]                 result_o,
  input wire [MSHR_W-1:0]          mshr_o,
  input wire                       hit_o,
  input wire [SETS*WAYS-1:0]       valid_q,
  input wire [SETS*WAYS*WAY_W-1:0] rank_q,
  input wire [SETS*WAYS*TAG_W-1:0] tags,
  input wire [MSHRS-1:0]           busy_q,
  input wire [MSHRS*LINE_W-1:0]    mline_q,
  input wire [MSHRS-1:0]           fill_ok,
  input wire [MSHRS*WAY_W-1:0]     fill_way
);

  localparam integer ENTRIES = SETS * WAYS;
  localparam [1:0] HIT = 2'd0, MISS_MERGED = 2'd1, MISS = 2'd2, NO_MSHR = 2'd3;

  // The set of entry e.
  function [SET_W-1:0] set_of;
    input integer e;
    integer set;
    begin
      set = e / WAYS;
      set_of = set[SET_W-1:0];
    end
  endfunction
  // The line of tag t in entry e (set e / WAYS, the tag above it).
  function [LINE_W-1:0] line_at;
    input [TAG_W-1:0] t;
    input integer     e;
    integer set;
    begin
      set = e / WAYS;
      line_at = {t, set[SET_W-1:0]};
    end
  endfunction

  // ----------------------------------------------------------------------
  // The reference: what the state says of this cycle's lookup
  // ----------------------------------------------------------------------

  reg               ref_hit;       // a valid way holds line_i
  reg               ref_same;      // a busy MSHR holds line_i ...
  reg [MSHR_W-1:0]  ref_same_idx;  // ... this one
  reg               ref_free;      // an MSHR is free ...
  reg [MSHR_W-1:0]  ref_free_idx;  // ... the lowest is this one
  integer re, rm;

  always @* begin
    ref_hit = 1'b0;
    ref_same = 1'b0;
    ref_same_idx = {MSHR_W{1'b0}};
    ref_free = 1'b0;
    ref_free_idx = {MSHR_W{1'b0}};
    for (re = 0; re < ENTRIES; re = re + 1)
      if (valid_q[re] && line_at(tags[re*TAG_W +: TAG_W], re) == line_i)
        ref_hit = 1'b1;
    for (rm = MSHRS - 1; rm >= 0; rm = rm - 1) begin
      if (busy_q[rm] && mline_q[rm*LINE_W +: LINE_W] == line_i) begin
        ref_same = 1'b1;
        ref_same_idx = rm[MSHR_W-1:0];
      end
      if (!busy_q[rm]) begin
        ref_free = 1'b1;
        ref_free_idx = rm[MSHR_W-1:0];
      end
    end
  end

  wire is_read = lookup_i && op_i == 2'd0;

  // ----------------------------------------------------------------------
  // The previous cycle, for the step properties
  // ----------------------------------------------------------------------

  reg                    f_past = 1'b0;
  reg                    f_rst_q;
  reg                    f_lookup_q, f_read_q, f_taken_q;
  reg  [1:0]             f_op_q;
  reg  [LINE_W-1:0]      f_line_q;
  reg  [MSHR_W-1:0]      f_mshr_q;
  reg                    f_hit_q;
  reg  [MSHRS-1:0]       f_fill_q, f_busy_q;
  reg  [MSHRS*LINE_W-1:0] f_mline_q;
  reg  [ENTRIES-1:0]     f_valid_q;
  reg  [ENTRIES*TAG_W-1:0] f_tags_q;

  always @(posedge clk_i) begin
    f_past     <= 1'b1;
    f_rst_q    <= rst_ni;
    f_lookup_q <= lookup_i;
    f_read_q   <= is_read;
    f_taken_q  <= is_read && result_o == MISS;
    f_op_q     <= op_i;
    f_line_q   <= line_i;
    f_mshr_q   <= mshr_o;
    f_hit_q    <= hit_o;
    f_fill_q   <= fill_i;
    f_busy_q   <= busy_q;
    f_mline_q  <= mline_q;
    f_valid_q  <= valid_q;
    f_tags_q   <= tags;
  end

  wire stepped = f_past && f_rst_q && rst_ni;   // an edge without reset

  // The MSHRs of the last edge: busy before it or taken by its miss, with
  // their lines; those filled on it.
  reg [MSHRS-1:0]        p_had;
  reg [MSHRS*LINE_W-1:0] p_line;
  integer pm;

  always @* begin
    p_had = f_busy_q;
    p_line = f_mline_q;
    for (pm = 0; pm < MSHRS; pm = pm + 1)
      if (f_taken_q && f_mshr_q == pm[MSHR_W-1:0]) begin
        p_had[pm] = 1'b1;
        p_line[pm*LINE_W +: LINE_W] = f_line_q;
      end
  end
  wire [MSHRS-1:0] p_filled = f_fill_q & p_had;

  // ----------------------------------------------------------------------
  // Invariants of the state, and the outputs
  // ----------------------------------------------------------------------

  integer i, j, s, a, b, e;
  reg [WAY_W:0] rank_a;

  always @* begin
    // L1
    for (i = 0; i < MSHRS; i = i + 1)
      for (j = i + 1; j < MSHRS; j = j + 1)
        assert(!(busy_q[i] && busy_q[j] &&
                 mline_q[i*LINE_W +: LINE_W] == mline_q[j*LINE_W +: LINE_W]));
    // L2, L4
    for (s = 0; s < SETS; s = s + 1)
      for (a = 0; a < WAYS; a = a + 1) begin
        rank_a = {1'b0, rank_q[(s*WAYS + a)*WAY_W +: WAY_W]};
        assert(rank_a < WAYS);
        for (b = a + 1; b < WAYS; b = b + 1) begin
          assert(!(valid_q[s*WAYS + a] && valid_q[s*WAYS + b] &&
                   tags[(s*WAYS + a)*TAG_W +: TAG_W] == tags[(s*WAYS + b)*TAG_W +: TAG_W]));
          assert(rank_q[(s*WAYS + a)*WAY_W +: WAY_W] != rank_q[(s*WAYS + b)*WAY_W +: WAY_W]);
        end
      end
    // L3
    for (i = 0; i < MSHRS; i = i + 1)
      for (e = 0; e < ENTRIES; e = e + 1)
        assert(!(busy_q[i] && valid_q[e] &&
                 line_at(tags[e*TAG_W +: TAG_W], e) == mline_q[i*LINE_W +: LINE_W]));
    // L5
    assert(hit_o == (lookup_i && ref_hit));
    if (!lookup_i) begin
      assert(result_o == NO_MSHR && mshr_o == {MSHR_W{1'b0}});
    end else if (ref_hit) begin
      assert(result_o == HIT && mshr_o == {MSHR_W{1'b0}});
    end else if (ref_same) begin
      // a read merges; a write waits for that MSHR's fill
      assert(result_o == MISS_MERGED && mshr_o == ref_same_idx);
    end else if (!is_read) begin
      assert(result_o == MISS && mshr_o == {MSHR_W{1'b0}});
    end else if (ref_free) begin
      assert(result_o == MISS && mshr_o == ref_free_idx && !busy_q[mshr_o]);
    end else begin
      assert(result_o == NO_MSHR && &busy_q);
    end
  end

  // ----------------------------------------------------------------------
  // Steps: fills, nothing lost, LRU
  // ----------------------------------------------------------------------

  reg found;
  reg fill_into;
  integer k, m, n;

  always @* begin
    if (stepped) begin
      for (k = 0; k < ENTRIES; k = k + 1) begin
        // L6: a way that takes a line takes a filled MSHR's line.
        if (valid_q[k] && (!f_valid_q[k] ||
                           tags[k*TAG_W +: TAG_W] != f_tags_q[k*TAG_W +: TAG_W])) begin
          found = 1'b0;
          for (m = 0; m < MSHRS; m = m + 1)
            if (p_filled[m] && p_line[m*LINE_W +: LINE_W] == line_at(tags[k*TAG_W +: TAG_W], k))
              found = 1'b1;
          assert(found);
        end
        // L7: a line leaves only by its invalidate or a fill into its set.
        if (f_valid_q[k] && (!valid_q[k] ||
                             tags[k*TAG_W +: TAG_W] != f_tags_q[k*TAG_W +: TAG_W])) begin
          fill_into = 1'b0;
          for (m = 0; m < MSHRS; m = m + 1)
            if (p_filled[m] && p_line[m*LINE_W +: SET_W] == set_of(k))
              fill_into = 1'b1;
          assert(fill_into ||
                 (f_lookup_q && f_op_q == 2'd2 &&
                  f_line_q == line_at(f_tags_q[k*TAG_W +: TAG_W], k)));
        end
      end
      for (m = 0; m < MSHRS; m = m + 1) begin
        // L6: a filled MSHR is free, its line in the cache (when no set
        // can take more fills on one edge than it has ways).
        if (p_filled[m]) begin
          assert(!busy_q[m]);
          if (MSHRS <= WAYS) begin
            found = 1'b0;
            for (n = 0; n < ENTRIES; n = n + 1)
              if (valid_q[n] && line_at(tags[n*TAG_W +: TAG_W], n) == p_line[m*LINE_W +: LINE_W])
                found = 1'b1;
            assert(found);
          end
        end else if (p_had[m]) begin
          // L7: an MSHR not filled keeps its line (the taken one holds the
          // miss's line).
          assert(busy_q[m] && mline_q[m*LINE_W +: LINE_W] == p_line[m*LINE_W +: LINE_W]);
        end else begin
          assert(!busy_q[m]);
        end
      end
      // L8: a read hit is the most recently used way of its set.
      if (f_read_q && f_hit_q) begin
        fill_into = 1'b0;
        for (m = 0; m < MSHRS; m = m + 1)
          if (p_filled[m] && p_line[m*LINE_W +: SET_W] == f_line_q[SET_W-1:0])
            fill_into = 1'b1;
        for (n = 0; n < ENTRIES; n = n + 1)
          if (!fill_into && valid_q[n] && line_at(tags[n*TAG_W +: TAG_W], n) == f_line_q)
            assert(rank_q[n*WAY_W +: WAY_W] == {WAY_W{1'b0}});
      end
    end
  end

  // ----------------------------------------------------------------------
  // Covers
  // ----------------------------------------------------------------------

  always @* begin
    if (f_past && rst_ni) begin
      cover(is_read && result_o == HIT);
      cover(is_read && result_o == MISS_MERGED);
      cover(is_read && result_o == MISS);
      cover(is_read && result_o == NO_MSHR);
      cover(lookup_i && op_i == 2'd2 && hit_o);
      cover(fill_ok[0] && fill_ok[MSHRS-1] && MSHRS > 1);
      cover(&busy_q);
    end
  end

endmodule
