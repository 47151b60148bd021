// lookup_table_props.vh -- the properties the two HARP lookup tables share,
// as their models share golden/structures/lookup_table.c.  Included inside
// ready_lookup_fv (ready_lookup_props.v) and waiting_lookup_fv
// (waiting_lookup_props.v), after the reference of the including module.
//
// The including module declares, before the `include:
//   ENTRIES, LANES, PC_W (parameters), TW, CNT_W (localparams);
//   clk_i, and rst_ni, a free input;
//   valid, pc, mask, tid, count: the table as the module under proof
//     shows it;
//   r_v, r_pc, r_m, r_t, r_c: the reference, the table after this
//     cycle's operations computed from the table before it, as the
//     outputs show it (zero where nothing is stored; r_c one bit wider
//     than count);
//   r_gone: the entries whose warp leaves in this cycle (the popped head,
//     the completed entry).
//
// Here, for both tables:
//
//   L1  a stored warp's mask is never empty;
//   L2  count_o is the number of valid entries;
//   L3  reset empties the table; after any other cycle the table is the
//       reference's: valid, pc, mask, thread ids and count;
//   L4  no thread is lost and a warp keeps one pc: an entry that does not
//       leave stays valid with the same pc, keeps every lane it had, and
//       the thread id of each of those lanes.
//
// The environment: reset in the first cycle.  The reference's steps that
// both tables take the same way, as functions: the entry an insert merges
// into (merge_target), the entry it allocates (free_target), and the
// thread ids it writes (with_tids).  The including module's own
// next-cycle checks use f_past (a cycle came before) and f_rst_q (rst_ni
// in it).

  // ------------------------------------------------------------------
  // The reference's shared steps.  Entries are selected by comparison
  // with the loop index, never by a variable part-select.
  // ------------------------------------------------------------------

  // The lowest-index valid entry of (v, pcs, masks) holding pc p and none
  // of the lanes in m, one-hot; zero when there is none.
  function [ENTRIES-1:0] merge_target(input [ENTRIES-1:0] v,
                                      input [ENTRIES*PC_W-1:0] pcs,
                                      input [ENTRIES*LANES-1:0] masks,
                                      input [PC_W-1:0] p,
                                      input [LANES-1:0] m);
    integer fe;
    begin
      merge_target = {ENTRIES{1'b0}};
      for (fe = 0; fe < ENTRIES; fe = fe + 1)
        if (merge_target == 0 && v[fe] && pcs[fe*PC_W +: PC_W] == p &&
            (masks[fe*LANES +: LANES] & m) == 0)
          merge_target[fe] = 1'b1;
    end
  endfunction

  // The lowest-index free entry of v, one-hot; zero when the table is full.
  function [ENTRIES-1:0] free_target(input [ENTRIES-1:0] v);
    integer fe;
    begin
      free_target = {ENTRIES{1'b0}};
      for (fe = 0; fe < ENTRIES; fe = fe + 1)
        if (free_target == 0 && !v[fe])
          free_target[fe] = 1'b1;
    end
  endfunction

  // The thread ids t after an insert of lanes m with ids ids into the
  // entries set in tgt: each inserted lane's id written, the rest kept.
  function [ENTRIES*LANES*TW-1:0] with_tids(input [ENTRIES*LANES*TW-1:0] t,
                                            input [ENTRIES-1:0] tgt,
                                            input [LANES-1:0] m,
                                            input [LANES*TW-1:0] ids);
    integer fe, fl;
    begin
      with_tids = t;
      for (fe = 0; fe < ENTRIES; fe = fe + 1)
        for (fl = 0; fl < LANES; fl = fl + 1)
          if (tgt[fe] && m[fl])
            with_tids[(fe*LANES+fl)*TW +: TW] = ids[fl*TW +: TW];
    end
  endfunction

  // The TW-bit fields of the lanes set in m, all ones.
  function [LANES*TW-1:0] lane_bits(input [LANES-1:0] m);
    integer fl;
    begin
      lane_bits = {(LANES*TW){1'b0}};
      for (fl = 0; fl < LANES; fl = fl + 1)
        if (m[fl]) lane_bits[fl*TW +: TW] = {TW{1'b1}};
    end
  endfunction

  // ------------------------------------------------------------------
  // The previous cycle: the reference computed in it, and the table it
  // started from.
  // ------------------------------------------------------------------

  reg                        f_past = 1'b0;
  reg                        f_rst_q;
  reg [ENTRIES-1:0]          f_v, f_valid, f_gone;
  reg [ENTRIES*PC_W-1:0]     f_pc, f_pc_was;
  reg [ENTRIES*LANES-1:0]    f_m, f_mask_was;
  reg [ENTRIES*LANES*TW-1:0] f_t, f_tid_was;
  reg [CNT_W:0]              f_c;

  always @(posedge clk_i) begin
    f_past     <= 1'b1;
    f_rst_q    <= rst_ni;
    f_v        <= r_v;
    f_pc       <= r_pc;
    f_m        <= r_m;
    f_t        <= r_t;
    f_c        <= r_c;
    f_valid    <= valid;
    f_gone     <= r_gone;
    f_pc_was   <= pc;
    f_mask_was <= mask;
    f_tid_was  <= tid;
  end

  // ------------------------------------------------------------------
  // Environment: reset at the start.
  // ------------------------------------------------------------------

  always @* if (!f_past) assume(!rst_ni);

  // ------------------------------------------------------------------
  // L1 to L4
  // ------------------------------------------------------------------

  reg [CNT_W:0] n_valid;
  integer la, lc;           // loop indices of this block only

  always @* begin
    n_valid = {(CNT_W+1){1'b0}};
    for (la = 0; la < ENTRIES; la = la + 1)
      n_valid = n_valid + valid[la];

    // L1
    for (la = 0; la < ENTRIES; la = la + 1)
      if (valid[la])
        assert(mask[la*LANES +: LANES] != 0);
    // L2
    assert({1'b0, count} == n_valid);

    // L3: reset empties the table.
    if (!rst_ni || (f_past && !f_rst_q))
      assert(valid == 0 && count == 0);
    else if (f_past) begin
      // L3, the table after the last cycle
      assert(valid == f_v);
      assert(pc == f_pc);
      assert(mask == f_m);
      assert(tid == f_t);
      assert({1'b0, count} == f_c);
      // L4: no thread lost, one pc per warp
      for (lc = 0; lc < ENTRIES; lc = lc + 1)
        if (f_valid[lc] && !f_gone[lc]) begin
          assert(valid[lc]);
          assert(pc[lc*PC_W +: PC_W] == f_pc_was[lc*PC_W +: PC_W]);
          assert((mask[lc*LANES +: LANES] & f_mask_was[lc*LANES +: LANES]) ==
                 f_mask_was[lc*LANES +: LANES]);
          assert(((tid[lc*LANES*TW +: LANES*TW] ^
                   f_tid_was[lc*LANES*TW +: LANES*TW]) &
                  lane_bits(f_mask_was[lc*LANES +: LANES])) == 0);
        end
    end
  end
