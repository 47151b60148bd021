// lsu_props.v -- formal properties of the load/store unit (simtref_lsu),
// docs/memory.md and Collange section 4.2 (the coalescer's arbiter).
//
// lsu_fv wraps the generated module and leaves every input free (anyseq);
// lsu_checker, bound into the module under FORMAL, keeps shadows of what
// the ports have asked and answered, constrains the environment and checks
// the module against them:
//
// Environment (assumptions): reset at the start; an L1 miss takes an MSHR
// not outstanding, a merge names one outstanding; a fill comes only for an
// outstanding MSHR, an atomic response only for an entry owed one; the
// issued kind is a load, store or atomic of 1, 2 or 4 bytes.
//
//   C1  no lane lost: a global request with lanes left is looked up in
//       the L1 every cycle, and keeps the coalescer (ready_o low) until
//       its last lane is served;
//   C2  no lane served twice, no line made up: a lookup's line is the line
//       of some lane still to be served;
//   C3  the smallest line first (the arbiter's order, Collange 4.2);
//   C4  one memory request per line that needs one: a store's and an
//       atomic's every line once no MSHR reads it (MERGED: it waits for
//       the fill), a load's line on a miss, nothing else; its
//       line is the lookup's, its id the MSHR (read) or MSHRS + the entry
//       (atomic), its bytes the served lanes' accesses, at most a line;
//   T1  the in-flight table within its bound: a request is taken only into
//       a free entry, the lowest; ready_o is low when every entry is used;
//   T2  every response retires exactly what it owes: an entry is done only
//       when it holds a request, has left the coalescer, and no atomic
//       response and no MSHR fill is owed to it; each entry waits only on
//       outstanding MSHRs, and an atomic response answers one owed to its
//       entry (the shadow counts them; at most LANES per entry);
//   I   the module's state is the shadow's: the coalescer's register, the
//       used entries, the atomic counts and the MSHRs' lists (these make
//       the induction close).
//
// Covers: a replay pass, a merge, an MSHR-full stall, a fill answering two
// entries, an atomic response, the coalescer's entry done in its pass, the
// in-flight table full.
//
// The proof's table has 4 entries (the module's ENTRIES parameter; the
// generated modules have 64): see lsu_fv.
//
// The sizes are set by the proof script (chparam) from the configuration.

module lsu_fv #(
  parameter integer LANES      = 2,
  parameter integer ADDR_W     = 10,
  parameter integer LINE_BYTES = 32,
  parameter integer HIT_LAT    = 2,
  parameter integer MSHRS      = 2,
  parameter integer THREADS    = 16,  // threads per scheduler
  parameter integer SCHEDS     = 2,
  parameter integer SP_W       = 4,
  parameter integer PC_W       = 8
) (
  input wire clk_i
);

  // The in-flight table of the proof: 4 entries, not the generated 64
  // (LSU_MAX_INFLIGHT, lsu.h).  The module's logic is one generate loop
  // over ENTRIES; with 64, z3 spends ten minutes on the base case's first
  // step, and a full table (reachable in 4 requests here) is out of reach
  // of any cover.  The co-simulations run the 64 entries.
  localparam integer ENTRIES = 4;
  localparam integer WARPS_N = SCHEDS * THREADS / LANES;
  localparam integer WARP_W  = (WARPS_N > 1) ? $clog2(WARPS_N) : 1;
  localparam integer OFF_W   = $clog2(LINE_BYTES);
  localparam integer LINE_W  = ADDR_W - OFF_W;
  localparam integer MSHR_W  = (MSHRS > 1) ? $clog2(MSHRS) : 1;
  localparam integer ID_W    = $clog2(MSHRS + ENTRIES);
  localparam integer BYTES_W = $clog2(LINE_BYTES + 1);

  (* anyseq *) wire                    rst_ni;
  (* anyseq *) wire                    issue_valid;
  (* anyseq *) wire [WARP_W-1:0]       issue_warp;
  (* anyseq *) wire [4:0]              issue_rd;
  (* anyseq *) wire [1:0]              issue_kind;
  (* anyseq *) wire                    issue_space;
  (* anyseq *) wire [2:0]              issue_bytes;
  (* anyseq *) wire [LANES-1:0]        issue_mask;
  (* anyseq *) wire [LANES*ADDR_W-1:0] issue_addr;
  (* anyseq *) wire [MSHRS+ENTRIES-1:0] mem_resp;
  (* anyseq *) wire [1:0]              l1_result;
  (* anyseq *) wire [MSHR_W-1:0]       l1_mshr;
  (* anyseq *) wire                    smem_done;

  /* verilator lint_off UNUSEDSIGNAL */
  wire                      ready;
  wire [ENTRIES-1:0]        done;
  wire [ENTRIES*WARP_W-1:0] done_warp;
  wire [ENTRIES*5-1:0]      done_rd;
  wire [(1<<WARP_W)-1:0]    pending;
  wire                      mem_valid;
  wire [1:0]                mem_kind;
  wire [LINE_W-1:0]         mem_line;
  wire [BYTES_W-1:0]        mem_bytes;
  wire [ID_W-1:0]           mem_id;
  wire                      l1_lookup;
  wire [1:0]                l1_op;
  wire [LINE_W-1:0]         l1_line;
  wire [MSHRS-1:0]          l1_fill;
  wire                      smem_valid;
  wire [LANES-1:0]          smem_mask;
  wire [LANES*ADDR_W-1:0]   smem_addr;
  /* verilator lint_on UNUSEDSIGNAL */

  simtref_lsu #(
    .LANES      (LANES),
    .ADDR_W     (ADDR_W),
    .LINE_BYTES (LINE_BYTES),
    .HIT_LAT    (HIT_LAT),
    .MSHRS      (MSHRS),
    .ENTRIES    (ENTRIES),
    .WARP_W     (WARP_W),
    .SP_W       (SP_W),
    .PC_W       (PC_W)
  ) dut (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .issue_valid_i (issue_valid),
    .issue_warp_i  (issue_warp),
    .issue_rd_i    (issue_rd),
    .issue_kind_i  (issue_kind),
    .issue_space_i (issue_space),
    .issue_bytes_i (issue_bytes),
    .issue_mask_i  (issue_mask),
    .issue_addr_i  (issue_addr),
    .ready_o       (ready),
    .done_o        (done),
    .done_warp_o   (done_warp),
    .done_rd_o     (done_rd),
    .pending_o     (pending),
    .mem_valid_o   (mem_valid),
    .mem_kind_o    (mem_kind),
    .mem_line_o    (mem_line),
    .mem_bytes_o   (mem_bytes),
    .mem_id_o      (mem_id),
    .mem_resp_i    (mem_resp),
    .l1_lookup_o   (l1_lookup),
    .l1_op_o       (l1_op),
    .l1_line_o     (l1_line),
    .l1_fill_o     (l1_fill),
    .l1_result_i   (l1_result),
    .l1_mshr_i     (l1_mshr),
    .smem_valid_o  (smem_valid),
    .smem_mask_o   (smem_mask),
    .smem_addr_o   (smem_addr),
    .smem_done_i   (smem_done)
  );

endmodule

// The checker inside simtref_lsu: the shadows, the environment and the
// properties listed above.
module lsu_checker #(
  parameter integer LANES      = 2,
  parameter integer ADDR_W     = 10,
  parameter integer LINE_BYTES = 32,
  parameter integer HIT_LAT    = 2,
  parameter integer MSHRS      = 2,
  parameter integer ENTRIES    = 64
) (
  input wire                       clk_i,
  input wire                       rst_ni,
  input wire                       issue_valid_i,
  input wire [1:0]                 issue_kind_i,
  input wire                       issue_space_i,
  input wire [2:0]                 issue_bytes_i,
  input wire [LANES-1:0]           issue_mask_i,
  input wire [LANES*ADDR_W-1:0]    issue_addr_i,
  input wire                       ready_o,
  input wire [ENTRIES-1:0]         done_o,
  input wire                       mem_valid_o,
  input wire [1:0]                 mem_kind_o,
  input wire [ADDR_W-$clog2(LINE_BYTES)-1:0] mem_line_o,
  input wire [$clog2(LINE_BYTES+1)-1:0]      mem_bytes_o,
  input wire [$clog2(MSHRS+ENTRIES)-1:0]     mem_id_o,
  input wire [MSHRS+ENTRIES-1:0]   mem_resp_i,
  input wire                       l1_lookup_o,
  input wire [1:0]                 l1_op_o,
  input wire [ADDR_W-$clog2(LINE_BYTES)-1:0] l1_line_o,
  input wire [1:0]                 l1_result_i,
  input wire [((MSHRS > 1) ? $clog2(MSHRS) : 1)-1:0] l1_mshr_i,
  input wire                       smem_valid_o,
  input wire                       smem_done_i,
  input wire [$clog2(ENTRIES)-1:0] free_slot,
  input wire                       busy_q,
  input wire [LANES-1:0]           left_q,
  input wire [1:0]                 kind_q,
  input wire                       shared_q,
  input wire [LANES*ADDR_W-1:0]    addr_q,
  input wire [$clog2(ENTRIES)-1:0] slot_q,
  input wire [ENTRIES-1:0]         used_q,
  input wire [ENTRIES-1:0]         sent_q,
  input wire [ENTRIES*$clog2(LANES+1)-1:0] atom_q,
  input wire [ENTRIES*((HIT_LAT > 0) ? $clog2(HIT_LAT+1) : 1)-1:0] cnt_q,
  input wire [MSHRS*ENTRIES-1:0]   wait_q,
  input wire [1:0]                 size_q
);

  localparam integer OFF_W   = $clog2(LINE_BYTES);
  localparam integer LINE_W  = ADDR_W - OFF_W;
  localparam integer ENTRY_W = $clog2(ENTRIES);
  localparam integer WAIT_W  = $clog2(LANES + 1);
  localparam integer CNT_W   = (HIT_LAT > 0) ? $clog2(HIT_LAT + 1) : 1;
  localparam integer ID_W    = $clog2(MSHRS + ENTRIES);
  localparam integer BYTES_W = $clog2(LINE_BYTES + 1);
  localparam integer OWE_W   = WAIT_W + 8;  // wide enough not to wrap
  localparam [1:0] LOAD = 2'd0, STORE = 2'd1, ATOMIC = 2'd2;
  localparam [1:0] HIT = 2'd0, MERGED = 2'd1, MISS = 2'd2, NO_MSHR = 2'd3;

  // ------------------------------------------------------------------
  // Shadows: what the ports have asked and answered
  // ------------------------------------------------------------------

  reg                     f_busy;    // a request in the coalescer
  reg                     f_shared;  // ... of shared space
  reg  [LANES-1:0]        f_left;    // ... its lanes still to be served
  reg  [LANES*ADDR_W-1:0] f_addr;    // ... their addresses
  reg  [1:0]              f_kind;    // ... its kind
  reg  [2:0]              f_bytes;   // ... its access size
  reg  [ENTRY_W-1:0]      f_slot;    // ... its entry
  reg  [ENTRIES-1:0]      f_used;    // entries holding a request
  reg  [ENTRIES*OWE_W-1:0] f_atom;   // atomic responses owed to each entry
  reg  [MSHRS*ENTRIES-1:0] f_wait;   // entries waiting for each MSHR's fill
  reg  [MSHRS-1:0]        f_out;     // MSHRs whose line read is outstanding

  // This cycle's request, as the shadow sees it
  wire                     take     = issue_valid_i && ready_o;
  wire                     g_active = f_busy || take;
  wire                     g_shared = f_busy ? f_shared : issue_space_i;
  wire [LANES-1:0]         g_left   = f_busy ? f_left   : (take ? issue_mask_i : {LANES{1'b0}});
  wire [LANES*ADDR_W-1:0]  g_addr   = f_busy ? f_addr   : issue_addr_i;
  wire [1:0]               g_kind   = f_busy ? f_kind   : issue_kind_i;
  wire [2:0]               g_bytes  = f_busy ? f_bytes  : issue_bytes_i;
  wire [ENTRY_W-1:0]       g_slot   = f_busy ? f_slot   : free_slot;
  wire                     g_global = g_active && !g_shared && g_left != {LANES{1'b0}};

  // The lanes on the lookup's line, and those on a smaller one
  reg  [LANES-1:0] on_line, smaller;
  reg  [WAIT_W:0]  n_on;
  integer l;
  always @* begin
    on_line = {LANES{1'b0}};
    smaller = {LANES{1'b0}};
    n_on = 0;
    for (l = 0; l < LANES; l = l + 1) begin
      on_line[l] = g_left[l] && g_addr[l*ADDR_W + OFF_W +: LINE_W] == l1_line_o;
      smaller[l] = g_left[l] && g_addr[l*ADDR_W + OFF_W +: LINE_W] <  l1_line_o;
      n_on = n_on + on_line[l];
    end
  end

  wire stall      = g_kind == LOAD ? l1_result_i == NO_MSHR   // no MSHR free
                                   : l1_result_i == MERGED;   // the line is being read
  wire [LANES-1:0] served = (l1_lookup_o && !stall) ? on_line : {LANES{1'b0}};
  wire [LANES-1:0] left_after = g_left & ~served;
  wire record     = l1_lookup_o && g_kind == LOAD &&
                    (l1_result_i == MISS || l1_result_i == MERGED);
  wire sh_done    = g_active && g_shared && (g_left == {LANES{1'b0}} || smem_done_i);
  wire [31:0] want_bytes = (n_on << (g_bytes[2] ? 2 : g_bytes[1] ? 1 : 0)) < LINE_BYTES
                           ? (n_on << (g_bytes[2] ? 2 : g_bytes[1] ? 1 : 0)) : LINE_BYTES;

  // The lowest free entry, by the shadow
  reg [ENTRY_W:0] lowest;
  integer e;
  always @* begin
    lowest = ENTRIES;
    for (e = ENTRIES - 1; e >= 0; e = e - 1)
      if (!f_used[e]) lowest = e;
  end

  integer m;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_busy <= 1'b0;
      f_shared <= 1'b0;
      f_left <= {LANES{1'b0}};
      f_addr <= {LANES*ADDR_W{1'b0}};
      f_kind <= 2'd0;
      f_bytes <= 3'd0;
      f_slot <= {ENTRY_W{1'b0}};
      f_used <= {ENTRIES{1'b0}};
      f_atom <= {ENTRIES*OWE_W{1'b0}};
      f_wait <= {MSHRS*ENTRIES{1'b0}};
      f_out <= {MSHRS{1'b0}};
    end else begin
      if (take) begin
        f_shared <= issue_space_i;
        f_addr <= issue_addr_i;
        f_kind <= issue_kind_i;
        f_bytes <= issue_bytes_i;
        f_slot <= free_slot;
      end
      f_busy <= g_active && (g_shared ? !sh_done : left_after != {LANES{1'b0}});
      f_left <= g_shared ? g_left : left_after;
      for (e = 0; e < ENTRIES; e = e + 1) begin
        f_used[e] <= (f_used[e] || (take && free_slot == e)) && !done_o[e];
        f_atom[e*OWE_W +: OWE_W] <= f_atom[e*OWE_W +: OWE_W]
            + (mem_valid_o && mem_kind_o == ATOMIC && mem_id_o == MSHRS + e)
            - mem_resp_i[MSHRS + e];
        for (m = 0; m < MSHRS; m = m + 1)
          f_wait[m*ENTRIES + e] <= (f_wait[m*ENTRIES + e] ||
              (record && l1_mshr_i == m && g_slot == e)) && !mem_resp_i[m];
      end
      for (m = 0; m < MSHRS; m = m + 1)
        f_out[m] <= (f_out[m] || (mem_valid_o && mem_kind_o == 2'd0 && mem_id_o == m))
                    && !mem_resp_i[m];
    end
  end

  // ------------------------------------------------------------------
  // Environment
  // ------------------------------------------------------------------

  reg f_started = 1'b0;
  always @(posedge clk_i) f_started <= 1'b1;
  always @* if (!f_started) assume(!rst_ni);

  always @* begin
    assume(l1_mshr_i < MSHRS);
    assume(issue_kind_i != 2'd3);
    assume(issue_bytes_i == 3'd1 || issue_bytes_i == 3'd2 || issue_bytes_i == 3'd4);
    if (l1_lookup_o && l1_op_o == 2'd0 && l1_result_i == MISS)
      assume(!f_out[l1_mshr_i]);
    if (l1_lookup_o && l1_op_o == 2'd0 && l1_result_i == MERGED)
      assume(f_out[l1_mshr_i]);
    for (m = 0; m < MSHRS; m = m + 1)
      if (mem_resp_i[m]) assume(f_out[m]);
    for (e = 0; e < ENTRIES; e = e + 1)
      if (mem_resp_i[MSHRS + e]) assume(f_atom[e*OWE_W +: OWE_W] != 0);
  end

  // ------------------------------------------------------------------
  // Properties
  // ------------------------------------------------------------------

  reg [OWE_W-1:0] owed;
  reg [WAIT_W:0]  n_left;
  always @* begin
    if (rst_ni) begin
      // C1: a global request with lanes left is served, and keeps the
      // coalescer until its last lane is
      if (g_global) assert(l1_lookup_o);
      if (f_busy) assert(!ready_o);
      // C2, C3: the line of a lane still to be served, the smallest
      if (l1_lookup_o) begin
        assert(g_global);
        assert(on_line != {LANES{1'b0}});
        assert(smaller == {LANES{1'b0}});
        assert(l1_op_o == (g_kind == LOAD ? 2'd0 : g_kind == STORE ? 2'd1 : 2'd2));
      end
      // C4: one memory request per line that needs one
      assert(mem_valid_o == (l1_lookup_o && (g_kind != LOAD ? l1_result_i != MERGED
                                                            : l1_result_i == MISS)));
      if (mem_valid_o) begin
        assert(mem_line_o == l1_line_o);
        assert(mem_kind_o == (g_kind == LOAD ? 2'd0 : g_kind == STORE ? 2'd1 : 2'd2));
        if (g_kind == LOAD) begin
          assert(mem_id_o == l1_mshr_i);
          assert(mem_bytes_o == LINE_BYTES);
        end else begin
          assert(mem_bytes_o == want_bytes[BYTES_W-1:0]);
        end
        if (g_kind == ATOMIC) assert(mem_id_o == MSHRS + g_slot);
      end
      // T1: a request goes only into the lowest free entry; none is
      // taken when every entry is used
      if (take) assert(!f_used[free_slot] && free_slot == lowest);
      if (&f_used) assert(!ready_o);
      // T2: done only when it holds a request, has left the coalescer, and
      // nothing is owed to it
      for (e = 0; e < ENTRIES; e = e + 1) begin
        owed = f_atom[e*OWE_W +: OWE_W];
        for (m = 0; m < MSHRS; m = m + 1) begin
          owed = owed + f_wait[m*ENTRIES + e];
          if (f_wait[m*ENTRIES + e]) assert(f_out[m] && f_used[e]);
        end
        if (f_atom[e*OWE_W +: OWE_W] != 0) assert(f_used[e]);
        assert(f_atom[e*OWE_W +: OWE_W] <= LANES);
        if (done_o[e]) begin
          assert(f_used[e] || (take && free_slot == e));
          assert(owed == 0);
          if (g_active && g_slot == e) begin
            assert(g_shared ? sh_done : left_after == {LANES{1'b0}});
            assert(!record && !(mem_valid_o && mem_kind_o == ATOMIC));
          end
        end
        // at most a response per line, a line per lane
        n_left = (f_busy && f_slot == e && !f_shared) ? f_left[0] : 0;
        for (l = 1; l < LANES; l = l + 1)
          n_left = n_left + ((f_busy && f_slot == e && !f_shared) ? f_left[l] : 1'b0);
        assert(owed + n_left <= LANES);
      end
      for (m = 0; m < MSHRS; m = m + 1)
        assert(f_out[m] == (f_wait[m*ENTRIES +: ENTRIES] != {ENTRIES{1'b0}}));
      // I: the module's state is the shadow's
      assert(busy_q == f_busy);
      assert(used_q == f_used);
      assert(wait_q == f_wait);
      if (f_busy) begin
        assert(f_used[f_slot]);
        assert(shared_q == f_shared && slot_q == f_slot && kind_q == f_kind);
        assert(addr_q == f_addr && left_q == f_left);
        assert(size_q == (f_bytes[2] ? 2'd2 : f_bytes[1] ? 2'd1 : 2'd0));
        if (!f_shared) assert(f_left != {LANES{1'b0}});
      end
      for (e = 0; e < ENTRIES; e = e + 1) begin
        assert(atom_q[e*WAIT_W +: WAIT_W] == f_atom[e*OWE_W +: WAIT_W]);
        assert(cnt_q[e*CNT_W +: CNT_W] <= HIT_LAT);
        if (f_used[e]) assert(sent_q[e] == !(f_busy && f_slot == e));
      end
    end
  end

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  always @* begin
    if (rst_ni) begin
      cover(f_busy && !f_shared && l1_lookup_o && !stall);     // a replay pass
      cover(l1_lookup_o && g_kind == LOAD && l1_result_i == MERGED);
      cover(l1_lookup_o && g_kind == LOAD && stall);           // MSHR-full stall
      cover(l1_lookup_o && g_kind != LOAD && stall);           // a write waits for a fill
      cover(mem_resp_i[0] && wait_q[1] && wait_q[2]);          // a fill, two entries
      cover(mem_resp_i[MSHRS +: ENTRIES] != {ENTRIES{1'b0}});  // an atomic response
      cover(g_active && !g_shared && done_o[g_slot]);          // done in its pass
      cover(&f_used);                                          // the table full
    end
  end

endmodule
