// sbr_stack_props.v -- formal properties of the SBR re-convergence stacks
// (simtref_sbr_stack, HARP 2.1).
//
// sbr_stack_fv wraps the generated module and leaves every input free
// (anyseq), input errors included.  The entries are internal (the top
// registers and two memories), so the properties are checked by
// sbr_stack_checker, which the module instantiates only under FORMAL: it
// sees every port, every depth counter and every entry (the module's view
// of each level: the top register at a warp's top, else the memory that
// holds the level).
//
//   B1  every depth counter is at most DEPTH (calls nest without bound, so
//       no bound in LANES holds); the valid entries of a warp are exactly
//       the levels below its counter, so the counter is their number;
//   B2  every valid entry below a top has a non-empty mask (a top may be
//       left empty when all its threads exited, B11), and every valid
//       branch entry a PC other than its RPC (a CALL entry may wait at its
//       own return PC);
//   B3  the read port shows the top entry of its warp (zeros when empty);
//   B4  err_o exactly on an input error (a return whose top is a CALL
//       entry to a PC other than its return PC, a return on a one-entry
//       stack that is not a CALL entry, an exit that names an exited
//       thread or one of the top's as live, an operation but exit on a
//       top whose threads all exited, a yield without an unmarked sibling
//       below or a marked one at the top's PC among them),
//       ovf_o exactly when a diverging branch or a call needs more than
//       DEPTH entries;
//   B5  pop_o exactly when a non-diverging move (advance, or a branch all
//       active threads take one way) goes to a branch top's RPC, or a
//       return, an exit or a yield's merge is accepted: never on a move
//       of a CALL top;
//   B6  a refused or absent operation changes no entry and no counter; an
//       operation changes only its own warp's stack;
//   B7  after a diverging branch the pushed entries carry the branch's
//       RPC, their masks are non-empty subsets of the top they diverged
//       from, two pushed sides are disjoint and their union is that mask;
//       a kept top waits at the RPC with its mask, and the entries below
//       are unchanged;
//   B8  a pop leaves the entries below unchanged, one fewer (the new top
//       without the exited threads); a move
//       rewrites only the top's PC; a launch writes the base entry (a
//       branch entry);
//   B9  a call pushes one CALL entry (the callee's PC, the top's mask, the
//       return PC as RPC) above the top, now waiting at the return PC with
//       its mask, RPC and type, or replaces a branch top whose RPC is the
//       return PC; the pushed sides of a branch are branch entries; an
//       entry's type changes only when a call replaces it;
//   B10 a CALL entry leaves the stack only by a return to its return PC
//       or an exit, and a return pops exactly one entry;
//   B11 an exited thread leaves every entry: no top (so no read of the
//       port) holds a thread of its warp that exited; an exit adds the
//       top's threads to the exited ones (a launch forgets them) and pops
//       the top, and with no thread left live it empties the stack from
//       any depth, its CALL entries with it, so the warp's next launch is
//       accepted;
//   B12 a yield swaps the top with its sibling directly below (a branch
//       entry of the same RPC, not marked yielded): the new top is the
//       former second entry (without the exited threads), the second the
//       former top, marked; when the entry below is marked and waits at
//       the top's PC it is a merge: a pop whose new top holds both
//       entries' threads.  A yield with fewer than two entries, a CALL
//       entry on either side, another RPC below or a mark at another PC
//       is an input error (B4).  Marked entries are branch entries below
//       a top, and no top is marked.
//
// Covers: a launch, a two-sided push, a one-sided push, a branch that
// replaces the top, a pop to the base entry, an exit (the base popped), an
// input error, a call above the top, a call that replaces the top, a
// return of a CALL entry, a return that pops a branch entry, a refused
// return, a full stack and an overflow (calls nest without bound, so both
// are reachable at every size), an exit of some threads, the exit of a
// warp's last threads inside a call from three entries or more, the pop
// of a top whose threads all exited, a refused exit, a yield that swaps,
// a yield that merges, a yield refused because the sibling below is marked
// at another PC (no ping-pong).
//
// The sizes are set by the proof script (chparam) from the configuration.

module sbr_stack_checker #(
  parameter integer NUM_WARPS = 8,
  parameter integer DEPTH     = 4,
  parameter integer LANES     = 2,
  parameter integer PC_W      = 8,
  parameter integer WARP_W    = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
  parameter integer DEPTH_W   = $clog2(DEPTH + 1),
  parameter integer ENTRIES   = NUM_WARPS * DEPTH
) (
  input wire                         clk_i,
  input wire                         rst_ni,
  input wire [2:0]                   op_i,
  input wire [WARP_W-1:0]            op_warp_i,
  input wire [PC_W-1:0]              pc_i,
  input wire [LANES-1:0]             mask_i,
  input wire [PC_W-1:0]              npc_i,
  input wire [PC_W-1:0]              rpc_i,
  input wire [WARP_W-1:0]            rd_warp_i,
  input wire                         rd_valid_o,
  input wire [PC_W-1:0]              rd_pc_o,
  input wire [LANES-1:0]             rd_mask_o,
  input wire [DEPTH_W-1:0]           rd_depth_o,
  input wire                         pop_o,
  input wire [1:0]                   pushes_o,
  input wire                         ovf_o,
  input wire                         err_o,
  input wire [ENTRIES*PC_W-1:0]      f_pc,
  input wire [ENTRIES*PC_W-1:0]      f_rpc,
  input wire [ENTRIES*LANES-1:0]     f_mask,
  input wire [ENTRIES-1:0]           f_call,
  input wire [ENTRIES-1:0]           f_yld,
  input wire [NUM_WARPS*DEPTH_W-1:0] f_depth,
  input wire [NUM_WARPS*LANES-1:0]   f_gone
);

  localparam [2:0] OP_LAUNCH = 3'd1, OP_ADVANCE = 3'd2, OP_BRANCH = 3'd3,
                   OP_CALL = 3'd4, OP_RETURN = 3'd5, OP_EXIT = 3'd6,
                   OP_YIELD = 3'd7;

  // ------------------------------------------------------------------
  // The op warp's and the read warp's stacks, from the flattened view
  // ------------------------------------------------------------------

  reg                op_ok, rd_ok;
  reg  [DEPTH_W-1:0] d, rd_d;
  reg  [PC_W-1:0]    t_pc, t_rpc, rd_tpc;
  reg  [LANES-1:0]   t_mask, rd_tmask, t_gone;
  reg                t_call;
  reg  [PC_W-1:0]    b_pc, b_rpc;     // the op warp's entry below the top
  reg  [LANES-1:0]   b_mask;
  reg                b_call, b_yld;
  integer w, l;

  always @* begin
    op_ok = 1'b0; rd_ok = 1'b0; d = 0; rd_d = 0;
    t_pc = 0; t_rpc = 0; t_mask = 0; rd_tpc = 0; rd_tmask = 0; t_call = 0;
    t_gone = 0; b_pc = 0; b_rpc = 0; b_mask = 0; b_call = 0; b_yld = 0;
    for (w = 0; w < NUM_WARPS; w = w + 1) begin
      if (op_warp_i == w) begin
        op_ok = 1'b1;
        d = f_depth[w*DEPTH_W +: DEPTH_W];
        t_gone = f_gone[w*LANES +: LANES];
        for (l = 0; l < DEPTH; l = l + 1)
          if (l + 1 == d) begin
            t_pc   = f_pc[(w*DEPTH+l)*PC_W +: PC_W];
            t_rpc  = f_rpc[(w*DEPTH+l)*PC_W +: PC_W];
            t_mask = f_mask[(w*DEPTH+l)*LANES +: LANES];
            t_call = f_call[w*DEPTH+l];
          end
        for (l = 0; l < DEPTH; l = l + 1)
          if (l + 2 == d) begin
            b_pc   = f_pc[(w*DEPTH+l)*PC_W +: PC_W];
            b_rpc  = f_rpc[(w*DEPTH+l)*PC_W +: PC_W];
            b_mask = f_mask[(w*DEPTH+l)*LANES +: LANES];
            b_call = f_call[w*DEPTH+l];
            b_yld  = f_yld[w*DEPTH+l];
          end
      end
      if (rd_warp_i == w) begin
        rd_ok = 1'b1;
        rd_d = f_depth[w*DEPTH_W +: DEPTH_W];
        for (l = 0; l < DEPTH; l = l + 1)
          if (l + 1 == rd_d) begin
            rd_tpc   = f_pc[(w*DEPTH+l)*PC_W +: PC_W];
            rd_tmask = f_mask[(w*DEPTH+l)*LANES +: LANES];
          end
      end
    end
  end

  // ------------------------------------------------------------------
  // The specification of this cycle's update
  // ------------------------------------------------------------------

  wire [LANES-1:0] nmask   = t_mask & ~mask_i;
  wire bad_input = op_i != 3'd0 &&
                   (!op_ok ||
                    (op_i == OP_LAUNCH && (d != 0 || mask_i == 0 || pc_i == rpc_i)) ||
                    (op_i != OP_LAUNCH && d == 0) ||
                    (op_i == OP_BRANCH && d != 0 && (mask_i & ~t_mask) != 0) ||
                    (op_i != OP_LAUNCH && op_i != OP_EXIT && d != 0 && t_mask == 0) ||
                    (op_i == OP_EXIT && d != 0 && (mask_i & (t_gone | t_mask)) != 0) ||
                    (op_i == OP_RETURN && d != 0 && (t_call ? pc_i != t_rpc : d == 1)) ||
                    (op_i == OP_YIELD && d != 0 &&
                     (d < 2 || t_call || b_call || b_rpc != t_rpc || (b_yld && b_pc != t_pc))));
  wire uniform   = nmask == 0 || mask_i == 0 || (pc_i == rpc_i && npc_i == rpc_i);
  wire diverging = op_i == OP_BRANCH && !bad_input && !uniform;
  wire moving    = !bad_input && (op_i == OP_ADVANCE || (op_i == OP_BRANCH && uniform));
  wire [PC_W-1:0] target = op_i == OP_ADVANCE ? pc_i :
                           nmask == 0 ? pc_i : mask_i == 0 ? npc_i : rpc_i;
  wire keep      = rpc_i != t_rpc || t_call;
  wire [2:0] npush = {2'b0, npc_i != rpc_i} + {2'b0, pc_i != rpc_i};
  wire [31:0] need = {{(32-DEPTH_W){1'b0}}, d} - (keep ? 0 : 1) + {29'b0, npush};
  wire calling   = op_i == OP_CALL && !bad_input;
  wire call_keep = t_call || npc_i != t_rpc;       // else the CALL entry replaces the top
  wire returning = op_i == OP_RETURN && !bad_input;
  wire exiting   = op_i == OP_EXIT && !bad_input;
  wire swapping  = op_i == OP_YIELD && !bad_input && !b_yld;
  wire merging   = op_i == OP_YIELD && !bad_input && b_yld;
  wire too_deep  = (diverging && need > DEPTH) ||
                   (calling && call_keep && {{(32-DEPTH_W){1'b0}}, d} + 1 > DEPTH);
  wire commit    = op_i != 3'd0 && !bad_input && !too_deep;

  // ------------------------------------------------------------------
  // The previous cycle
  // ------------------------------------------------------------------

  reg                         f_past = 1'b0;
  reg                         p_commit, p_diverging, p_moving, p_keep, p_pop;
  reg                         p_calling, p_call_keep, p_tcall, p_exiting;
  reg                         p_swapping, p_merging;
  reg [PC_W-1:0]              p_tpc, p_bpc, p_brpc;
  reg [LANES-1:0]             p_bmask;
  reg [ENTRIES-1:0]           p_fyld;
  reg [LANES-1:0]             p_tgone;
  reg [NUM_WARPS*LANES-1:0]   p_fgone;
  reg [2:0]                   p_op;
  reg [1:0]                   p_pushes;
  reg [WARP_W-1:0]            p_warp;
  reg [DEPTH_W-1:0]           p_d;
  reg [PC_W-1:0]              p_pc, p_npc, p_rpc, p_target, p_trpc;
  reg [LANES-1:0]             p_mask, p_tmask;
  reg [ENTRIES*PC_W-1:0]      p_fpc, p_frpc;
  reg [ENTRIES*LANES-1:0]     p_fmask;
  reg [ENTRIES-1:0]           p_fcall;
  reg [NUM_WARPS*DEPTH_W-1:0] p_fdepth;

  always @(posedge clk_i) begin
    f_past      <= rst_ni;
    p_commit    <= commit;
    p_diverging <= diverging && commit;
    p_moving    <= moving;
    p_keep      <= keep;
    p_pop       <= pop_o;
    p_calling   <= calling && commit;
    p_exiting   <= exiting;
    p_swapping  <= swapping;
    p_merging   <= merging;
    p_tpc       <= t_pc;
    p_bpc       <= b_pc;
    p_brpc      <= b_rpc;
    p_bmask     <= b_mask;
    p_fyld      <= f_yld;
    p_tgone     <= t_gone;
    p_fgone     <= f_gone;
    p_call_keep <= call_keep;
    p_tcall     <= t_call;
    p_npc       <= npc_i;
    p_trpc      <= t_rpc;
    p_fcall     <= f_call;
    p_op        <= op_i;
    p_pushes    <= pushes_o;
    p_warp      <= op_warp_i;
    p_d         <= d;
    p_pc        <= pc_i;
    p_rpc       <= rpc_i;
    p_target    <= target;
    p_mask      <= mask_i;
    p_tmask     <= t_mask;
    p_fpc       <= f_pc;
    p_frpc      <= f_rpc;
    p_fmask     <= f_mask;
    p_fdepth    <= f_depth;
  end

  // The entry at (warp, level), now and in the previous cycle.
  `define E_PC(v, wi, li)   v[((wi)*DEPTH+(li))*PC_W +: PC_W]
  `define E_MASK(v, wi, li) v[((wi)*DEPTH+(li))*LANES +: LANES]
  `define E_CALL(v, wi, li) v[(wi)*DEPTH+(li)]
  `define E_YLD(v, wi, li)  v[(wi)*DEPTH+(li)]
  `define DEP(v, wi)        v[(wi)*DEPTH_W +: DEPTH_W]
  `define GONE(v, wi)       v[(wi)*LANES +: LANES]

  // ------------------------------------------------------------------
  // Invariants of the state and of this cycle's outputs (B1-B5)
  // ------------------------------------------------------------------

  integer aw, al;
  always @* begin
    if (rst_ni) begin
      for (aw = 0; aw < NUM_WARPS; aw = aw + 1) begin
        assert(`DEP(f_depth, aw) <= DEPTH);                       // B1
        for (al = 0; al < DEPTH; al = al + 1)
          if (al < `DEP(f_depth, aw)) begin                       // B2
            if (al + 1 < `DEP(f_depth, aw))
              assert(`E_MASK(f_mask, aw, al) != 0);
            else                                                  // B11
              assert((`E_MASK(f_mask, aw, al) & `GONE(f_gone, aw)) == 0);
            if (!`E_CALL(f_call, aw, al))
              assert(`E_PC(f_pc, aw, al) != `E_PC(f_rpc, aw, al));
            if (`E_YLD(f_yld, aw, al))                            // B12
              assert(al + 1 < `DEP(f_depth, aw) && !`E_CALL(f_call, aw, al));
          end
      end
      assert(rd_valid_o == (rd_ok && rd_d != 0));                 // B3
      assert(rd_depth_o == rd_d);
      assert(rd_pc_o == (rd_d != 0 ? rd_tpc : {PC_W{1'b0}}));
      assert(rd_mask_o == (rd_d != 0 ? rd_tmask : {LANES{1'b0}}));
      assert(err_o == bad_input);                                 // B4
      assert(ovf_o == too_deep);
      assert(pop_o == ((moving && target == t_rpc && !t_call) ||  // B5
                       returning || exiting || merging));
      assert(pushes_o == (commit && diverging ? npush[1:0] :
                          commit && calling && call_keep ? 2'd1 : 2'd0));
    end
  end

  // ------------------------------------------------------------------
  // What the last edge did (B6-B8)
  // ------------------------------------------------------------------

  // The level above l, kept inside the stack for the last level (whose
  // uses are guarded).
  function integer up;
    input integer l;
    up = l + 1 < DEPTH ? l + 1 : l;
  endfunction

  // Loops over every warp with constant selects: no part-select is
  // indexed by a signal, which keeps the SMT model small.
  integer sw, sl;
  reg [DEPTH_W-1:0] nd;
  reg               mine;
  always @* begin
    if (f_past && rst_ni) begin
      for (sw = 0; sw < NUM_WARPS; sw = sw + 1) begin
        mine = p_commit && p_warp == sw;
        nd = `DEP(f_depth, sw);
        if (!mine) begin                                          // B6
          assert(nd == `DEP(p_fdepth, sw));
          assert(`GONE(f_gone, sw) == `GONE(p_fgone, sw));
          for (sl = 0; sl < DEPTH; sl = sl + 1) begin
            assert(`E_PC(f_pc, sw, sl) == `E_PC(p_fpc, sw, sl));
            assert(`E_PC(f_rpc, sw, sl) == `E_PC(p_frpc, sw, sl));
            assert(`E_MASK(f_mask, sw, sl) == `E_MASK(p_fmask, sw, sl));
            assert(`E_CALL(f_call, sw, sl) == `E_CALL(p_fcall, sw, sl));
            assert(`E_YLD(f_yld, sw, sl) == `E_YLD(p_fyld, sw, sl));
          end
        end else begin
          // Entries below the top are kept (the top itself may be
          // rewritten; once popped it is no longer an entry, and what its
          // storage then holds is not specified).
          // (A swap rewrites the level below the top: B12.)
          for (sl = 0; sl < DEPTH; sl = sl + 1)
            if (sl + 1 < p_d && !(p_swapping && sl + 2 == p_d)) begin
              assert(`E_PC(f_pc, sw, sl) == `E_PC(p_fpc, sw, sl));
              assert(`E_PC(f_rpc, sw, sl) == `E_PC(p_frpc, sw, sl));
              if (sl + 1 == nd && nd < p_d)     // the new top of a pop
                assert(`E_MASK(f_mask, sw, sl) ==
                       ((`E_MASK(p_fmask, sw, sl) | (p_merging ? p_tmask : 0))
                        & ~`GONE(f_gone, sw)));
              else
                assert(`E_MASK(f_mask, sw, sl) == `E_MASK(p_fmask, sw, sl));
              assert(`E_CALL(f_call, sw, sl) == `E_CALL(p_fcall, sw, sl));
              if (sl + 1 < nd)
                assert(`E_YLD(f_yld, sw, sl) == `E_YLD(p_fyld, sw, sl));
            end
          if (p_swapping) begin                                   // B12
            assert(nd == p_d);
            for (sl = 0; sl < DEPTH; sl = sl + 1) begin
              if (sl + 1 == p_d) begin          // the former second entry
                assert(`E_PC(f_pc, sw, sl) == p_bpc);
                assert(`E_PC(f_rpc, sw, sl) == p_brpc);
                assert(`E_MASK(f_mask, sw, sl) == (p_bmask & ~`GONE(f_gone, sw)));
                assert(!`E_CALL(f_call, sw, sl));
              end
              if (sl + 2 == p_d) begin          // the former top, marked
                assert(`E_PC(f_pc, sw, sl) == p_tpc);
                assert(`E_PC(f_rpc, sw, sl) == p_trpc);
                assert(`E_MASK(f_mask, sw, sl) == p_tmask);
                assert(!`E_CALL(f_call, sw, sl));
                assert(`E_YLD(f_yld, sw, sl));
              end
            end
          end
          if (p_merging)
            assert(nd + 1 == p_d);
          if (p_op == OP_LAUNCH)                                  // B11
            assert(`GONE(f_gone, sw) == 0);
          else if (p_exiting)
            assert(`GONE(f_gone, sw) == (p_tgone | p_tmask));
          else
            assert(`GONE(f_gone, sw) == p_tgone);
          if (p_exiting)
            assert(nd == (p_mask != 0 && p_d > 1 ? p_d - 1 : 0));
          if (p_op == OP_LAUNCH) begin                            // B8
            assert(nd == 1);
            assert(`E_PC(f_pc, sw, 0) == p_pc);
            assert(`E_PC(f_rpc, sw, 0) == p_rpc);
            assert(`E_MASK(f_mask, sw, 0) == p_mask);
            assert(!`E_CALL(f_call, sw, 0));
          end
          if (p_moving && p_pop)
            assert(nd + 1 == p_d);
          if (p_moving && !p_pop) begin
            assert(nd == p_d);
            for (sl = 0; sl < DEPTH; sl = sl + 1)
              if (sl + 1 == p_d) begin
                assert(`E_PC(f_pc, sw, sl) == p_target);
                assert(`E_MASK(f_mask, sw, sl) == p_tmask);
                assert(`E_CALL(f_call, sw, sl) == p_tcall);
              end
          end
          if (p_diverging) begin                                  // B7
            assert(nd == p_d - (p_keep ? 0 : 1) + p_pushes);
            for (sl = 0; sl < DEPTH; sl = sl + 1) begin
              if (p_keep && sl + 1 == p_d) begin
                assert(`E_PC(f_pc, sw, sl) == p_rpc);
                assert(`E_MASK(f_mask, sw, sl) == p_tmask);
              end
              if (p_keep && sl + 1 == p_d)
                assert(`E_CALL(f_call, sw, sl) == p_tcall);
              if (sl + 1 == nd || (sl + 2 == nd && p_pushes == 2)) begin
                assert(`E_PC(f_rpc, sw, sl) == p_rpc);
                assert(!`E_CALL(f_call, sw, sl));
                assert(`E_MASK(f_mask, sw, sl) != 0);
                assert((`E_MASK(f_mask, sw, sl) & ~p_tmask) == 0);
              end
              if (sl + 1 < DEPTH && sl + 2 == nd && p_pushes == 2) begin
                assert((`E_MASK(f_mask, sw, sl) & `E_MASK(f_mask, sw, up(sl))) == 0);
                assert((`E_MASK(f_mask, sw, sl) | `E_MASK(f_mask, sw, up(sl))) == p_tmask);
              end
              if (sl + 1 == nd && p_pushes == 1)
                assert(`E_MASK(f_mask, sw, sl) != p_tmask);
            end
          end
          if (p_calling) begin                                    // B9
            assert(nd == p_d + (p_call_keep ? 1 : 0));
            assert(p_call_keep || !p_tcall);
            for (sl = 0; sl < DEPTH; sl = sl + 1) begin
              if (sl + 1 == nd) begin
                assert(`E_CALL(f_call, sw, sl));
                assert(`E_PC(f_pc, sw, sl) == p_pc);
                assert(`E_MASK(f_mask, sw, sl) == p_tmask);
                assert(`E_PC(f_rpc, sw, sl) == p_npc);
              end
              if (p_call_keep && sl + 1 == p_d) begin
                assert(`E_PC(f_pc, sw, sl) == p_npc);
                assert(`E_MASK(f_mask, sw, sl) == p_tmask);
                assert(`E_PC(f_rpc, sw, sl) == p_trpc);
                assert(`E_CALL(f_call, sw, sl) == p_tcall);
              end
            end
          end
          if (p_op == OP_RETURN)                                  // B10
            assert(nd + 1 == p_d);
          if (p_tcall && nd < p_d)
            assert((p_op == OP_RETURN && p_pc == p_trpc) || p_op == OP_EXIT);
        end
      end
    end
  end

  `undef E_PC
  `undef E_MASK
  `undef E_CALL
  `undef E_YLD
  `undef DEP
  `undef GONE

  // ------------------------------------------------------------------
  // Covers
  // ------------------------------------------------------------------

  always @* begin
    if (rst_ni) begin
      cover(commit && op_i == OP_LAUNCH);
      cover(pushes_o == 2'd2);
      cover(pushes_o == 2'd1);
      cover(pushes_o != 2'd0 && !keep);          // the sides replace the top
      cover(pop_o && d == 2);                    // pop to the base entry
      cover(pop_o && d == 1);                    // the base popped: exit
      cover(err_o);
      cover(commit && calling && call_keep);     // a call above the top
      cover(commit && calling && !call_keep);    // a call replaces the top
      cover(returning && t_call);                // a CALL entry returns
      cover(returning && !t_call);               // a side returns
      cover(op_i == OP_RETURN && d != 0 && err_o);
      cover(f_depth[0 +: DEPTH_W] == DEPTH);     // a full stack
      cover(ovf_o);
      cover(exiting && mask_i != 0 && d > 1);    // some threads exit
      cover(exiting && mask_i == 0 && d > 2 && t_call);  // the last ones, in a call
      cover(exiting && t_mask == 0);             // a top whose threads all exited
      cover(op_i == OP_EXIT && d != 0 && err_o); // a refused exit
      cover(swapping);                           // a yield: the two swap
      cover(merging);                            // a yield: the two merge
      cover(op_i == OP_YIELD && err_o && d >= 2 && !t_call && !b_call &&
            b_rpc == t_rpc && t_mask != 0);      // a sibling marked elsewhere
    end
  end

endmodule

module sbr_stack_fv #(
  parameter integer THREADS   = 16,
  parameter integer WARP_SIZE = 2,
  parameter integer DEPTH     = 4,
  parameter integer PC_W      = 8
) (
  input wire clk_i
);

  localparam integer NUM_WARPS = THREADS / WARP_SIZE;
  localparam integer WARP_W    = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1;
  localparam integer DEPTH_W   = $clog2(DEPTH + 1);

  (* anyseq *) wire                 rst_ni;
  (* anyseq *) wire [2:0]           op;
  (* anyseq *) wire [WARP_W-1:0]    op_warp, rd_warp;
  (* anyseq *) wire [PC_W-1:0]      pc, npc, rpc;
  (* anyseq *) wire [WARP_SIZE-1:0] mask;

  wire                 rd_valid, pop, ovf, err;
  wire [PC_W-1:0]      rd_pc;
  wire [WARP_SIZE-1:0] rd_mask;
  wire [DEPTH_W-1:0]   rd_depth;
  wire [1:0]           pushes;

  simtref_sbr_stack #(
    .NUM_WARPS(NUM_WARPS), .DEPTH(DEPTH), .LANES(WARP_SIZE), .PC_W(PC_W)
  ) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .op_i(op), .op_warp_i(op_warp), .pc_i(pc), .mask_i(mask), .npc_i(npc),
    .rpc_i(rpc), .rd_warp_i(rd_warp),
    .rd_valid_o(rd_valid), .rd_pc_o(rd_pc), .rd_mask_o(rd_mask),
    .rd_depth_o(rd_depth), .pop_o(pop), .pushes_o(pushes), .ovf_o(ovf),
    .err_o(err)
  );

  // Environment: reset at the start.
  reg f_started = 1'b0;
  always @(posedge clk_i) f_started <= 1'b1;
  always @* if (!f_started) assume(!rst_ni);

endmodule
