/*
 * emit_sbr_stack.c -- the Verilog of the SBR re-convergence stacks of one
 * warp scheduler (simtref_sbr_stack).
 *
 * Ports and behaviour are those of the C model, golden/structures/sbr_stack.h.  The
 * module is built from these pieces:
 *
 *   tops       the top entry (PC, mask, RPC, CALL bit; a top is never marked
 *              yielded) of each warp's stack is a
 *              register per warp, not reset: the read port and the update
 *              need it combinationally, and nearly every operation
 *              rewrites it (an advance its PC);
 *   banks      the entries below the tops, levels 0 .. DEPTH-2, are two
 *              Verilog memories of {PC, mask, RPC, YLD, CALL} words, not
 *              reset: the
 *              even levels in ev_mem, the odd ones in od_mem, level l of
 *              warp w at row (l / 2) * NUM_WARPS + w.  An update writes at
 *              most two entries below the top, at consecutive levels (a
 *              diverging branch that keeps the top, now waiting at the
 *              RPC, under two pushed sides), so each bank has one write
 *              port; a pop loads the entry below the top into the top
 *              register through one asynchronous read port per bank;
 *   counters   the depth of each stack, with an asynchronous reset;
 *   exited     the threads of each warp that exited (simt.exit), a
 *              register per warp, not reset (a launch clears it): every
 *              pop loads the entry below into the top without them, so
 *              no output shows an exited thread.
 *
 * An update, on the op warp of depth d (one write of its top register):
 *
 *   launch                   top := (pc, mask, rpc)
 *   advance not to the RPC   top := (pc, its mask, its RPC)
 *   pop                      top := level d-2 from the banks (d >= 2)
 *                            (an advance to a branch top's RPC, a return)
 *   diverging branch         a kept top, now at rpc, to level d-1; with
 *                            two sides, the not-taken one to the level
 *                            below the new top; top := the last side.
 *   call                     a kept top, now at the return PC, to level
 *                            d-1 (as a kept top of a branch); top := the
 *                            CALL entry.
 *   exit                     the top's threads join the exited ones; a
 *                            pop, or with no live thread left (mask_i
 *                            empty) the depth becomes 0 at once.
 *   yield (swap)             the top, marked yielded, to level d-2 (the
 *                            not-taken side's write port); top := level
 *                            d-2 from the banks without the exited
 *                            threads.
 *   yield (merge)            a pop whose new top's mask also holds the
 *                            popped top's threads.
 *
 * Under FORMAL the module also builds the whole-stack view (each level
 * from the top register or a bank, zero at level DEPTH-1 when that is not
 * the top) and instantiates sbr_stack_checker (formal/sbr_stack_props.v).
 * The area flow does not define FORMAL: the banks have one write port and
 * one read port each, and synthesis keeps them as memories.
 *
 * What Yosys makes of the module at the presets, before and after the
 * banks: docs/measurements.md.
 */
#include "rtlgen.h"
#include "sbr_stack.h"
#include "bits.h"

/* The two banks: rows per warp (levels) and address widths. */
struct sbr_banks {
    unsigned ev_lv, od_lv;      /* levels per warp: DEPTH / 2, (DEPTH - 1) / 2 */
    unsigned ev_aw, od_aw;      /* row address widths (0: no such bank) */
};

static void bank_geometry(const struct sbr_stack_geometry *g, struct sbr_banks *b)
{
    b->ev_lv = g->depth / 2;
    b->od_lv = (g->depth - 1) / 2;
    b->ev_aw = b->ev_lv ? clog2((uint64_t)g->warps * b->ev_lv) : 0;
    b->od_aw = b->od_lv ? clog2((uint64_t)g->warps * b->od_lv) : 0;
    if (b->ev_lv && b->ev_aw == 0)
        b->ev_aw = 1;
    if (b->od_lv && b->od_aw == 0)
        b->od_aw = 1;
}

/*
 * Into buf, the row of a bank of `lv` levels per warp and address width aw
 * (named aw_name) that holds the level whose upper bits (the level / 2, a
 * DEPTH_W-1 bit expression) are `half`, of warp `warp`: half * NUM_WARPS
 * + warp in aw bits; the warp alone when the bank has one level per warp.
 */
static const char *row_expr(char *buf, size_t len, const struct sbr_stack_geometry *g,
                            unsigned lv, unsigned aw, const char *aw_name,
                            const char *half, const char *warp)
{
    unsigned hw = g->depth_w - 1;
    char hx[128], wx[128], pad[64];

    snprintf(pad, sizeof pad, "%s-WARP_W", aw_name);
    vgen_zext(wx, sizeof wx, aw - g->warp_w, pad, warp);
    if (lv == 1) {
        snprintf(buf, len, "%s", wx);
        return buf;
    }
    /* lv >= 2: then aw >= hw, and NUM_WARPS < 2^aw. */
    snprintf(pad, sizeof pad, "%s-(DEPTH_W-1)", aw_name);
    vgen_zext(hx, sizeof hx, aw - hw, pad, half);
    snprintf(buf, len, "%s * %u'd%u + %s", hx, aw, g->warps, wx);
    return buf;
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct sbr_stack_geometry *g, const struct sbr_banks *b)
{
    char warp_w[64];
    struct vparam params[16];
    size_t np = 0;
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",             "clk_i",    "clock" },
        { "input",  "",             "rst_ni",   "asynchronous reset, active low: every stack empty" },
        { NULL, NULL, NULL, "Update: one operation a cycle on warp op_warp_i" },
        { "input",  "[2:0]",        "op_i",     "0 none, 1 launch, 2 advance, 3 branch, 4 call, 5 return, 6 exit, 7 yield" },
        { "input",  "[WARP_W-1:0]", "op_warp_i", "the warp" },
        { "input",  "[PC_W-1:0]",   "pc_i",     "launch PC, advance PC, branch taken target, callee, return target" },
        { "input",  "[LANES-1:0]",  "mask_i",   "launch threads; branch: the threads that take it; exit: the threads still live" },
        { "input",  "[PC_W-1:0]",   "npc_i",    "branch: not-taken PC (fall-through); call: return PC" },
        { "input",  "[PC_W-1:0]",   "rpc_i",    "launch: exit PC; branch: re-convergence PC" },
        { NULL, NULL, NULL, "Read port: the PC and active mask of warp rd_warp_i" },
        { "input",  "[WARP_W-1:0]", "rd_warp_i", "the warp" },
        { "output", "",             "rd_valid_o", "its stack is not empty" },
        { "output", "[PC_W-1:0]",   "rd_pc_o",    "top PC: the warp's PC (0 when empty)" },
        { "output", "[LANES-1:0]",  "rd_mask_o",  "top mask: its active threads (0 when empty)" },
        { "output", "[DEPTH_W-1:0]", "rd_depth_o", "entries on its stack" },
        { NULL, NULL, NULL, "What the update does this cycle" },
        { "output", "",             "pop_o",    "the top reaches its RPC (or exits) and is popped" },
        { "output", "[1:0]",        "pushes_o", "entries pushed by a diverging branch or a call" },
        { "output", "",             "ovf_o",    "refused: the stack would exceed DEPTH entries" },
        { "output", "",             "err_o",    "refused: input error (empty stack, bad launch, mask not a subset, bad return, bad exit, no sibling to yield to)" },
        { NULL, NULL, NULL, "The op warp's stack, whatever op_i is" },
        { "output", "[DEPTH_W-1:0]", "op_depth_o", "its entries (0 when op_warp_i names no warp)" },
        { "output", "",             "yield_ok_o", "a yield would be taken: the top and the entry below are siblings" },
    };

    snprintf(warp_w, sizeof warp_w, "%s",
             g->warps > 1 ? "$clog2(NUM_WARPS)" : "1");
    params[np++] = (struct vparam){ "NUM_WARPS", g->warps, NULL, "warps of this scheduler" };
    params[np++] = (struct vparam){ "DEPTH",     g->depth, NULL, "entries per warp (sbr_stack_depth)" };
    params[np++] = (struct vparam){ "LANES",     g->lanes, NULL, "threads per warp: mask width" };
    params[np++] = (struct vparam){ "PC_W",      g->pc_w,  NULL, "program counter" };
    params[np++] = (struct vparam){ NULL, 0, NULL, "Derived widths" };
    params[np++] = (struct vparam){ "WARP_W",  0, warp_w, "warp id" };
    params[np++] = (struct vparam){ "DEPTH_W", 0, "$clog2(DEPTH + 1)", "entries of one stack, 0..DEPTH" };
    params[np++] = (struct vparam){ "ENTRY_W", 0, "2 * PC_W + LANES + 2", "an entry: {PC, mask, RPC, YLD, CALL}" };
    if (b->ev_lv) {
        params[np++] = (struct vparam){ "EV_ROWS", 0, "NUM_WARPS * (DEPTH / 2)",
                                        "bank of levels 0, 2, .. below the top" };
        params[np++] = (struct vparam){ "EV_AW", 0, "$clog2(EV_ROWS)", "its row address" };
    }
    if (b->od_lv) {
        params[np++] = (struct vparam){ "OD_ROWS", 0, "NUM_WARPS * ((DEPTH - 1) / 2)",
                                        "bank of levels 1, 3, .. below the top" };
        params[np++] = (struct vparam){ "OD_AW", 0, "$clog2(OD_ROWS)", "its row address" };
    }

    emit_file_header(v, "simtref_sbr_stack.v",
                     "stack-based re-convergence (SBR) stacks of one warp scheduler",
                     "HARP section 2.1 (after Fung et al. 2007); C model: golden/structures/sbr_stack.c.",
                     cfg);
    vgen_line(v, "// One stack of up to DEPTH (PC, mask, RPC) entries per warp; the top");
    vgen_line(v, "// entry's PC and mask are the warp's PC and active mask.  A diverging");
    vgen_line(v, "// branch replaces the top's PC by the re-convergence PC and pushes one");
    vgen_line(v, "// entry per side whose PC is not that point (taken side on top); when");
    vgen_line(v, "// the re-convergence PC is the top's own RPC the sides replace the top.");
    vgen_line(v, "// An advance to a branch top's RPC pops it.  No stored branch entry has");
    vgen_line(v, "// PC = RPC.  A call keeps the top at the return PC under a CALL entry");
    vgen_line(v, "// (or replaces a branch top whose RPC is the return PC); only a return");
    vgen_line(v, "// at its return PC pops a CALL entry.  A return also pops a branch top");
    vgen_line(v, "// (threads that re-converge by returning) above at least one entry.");
    vgen_line(v, "// An exit pops the top, whose threads leave every entry (each pop loads");
    vgen_line(v, "// the entry below without the exited threads), and empties the stack");
    vgen_line(v, "// when no thread is left live (mask_i); only an exit may act on a top");
    vgen_line(v, "// whose threads have all exited.");
    vgen_line(v, "// A yield (the top's threads at a barrier) swaps the top, marked");
    vgen_line(v, "// yielded (YLD), with its sibling below (a branch entry of the same");
    vgen_line(v, "// RPC, not marked); when the sibling is marked and waits at the top's");
    vgen_line(v, "// PC the top is popped into it instead (a merge).  A top is never");
    vgen_line(v, "// marked: an entry loses its mark when it becomes the top again.");
    vgen_line(v, "// An overflow (ovf_o) or input error (err_o) changes nothing.");
    vgen_line(v, "// Storage: %lu bits (%u warps x %u entries x %u bits, a yielded bit",
              sbr_stack_state_bits(g), g->warps, g->depth, 2 * g->pc_w + g->lanes + 1);
    vgen_line(v, "// for each entry below a top, %u counters x %u,", g->warps, g->depth_w);
    vgen_line(v, "// %u exited-thread masks x %u): the top entry of each stack, the", g->warps,
              g->lanes);
    vgen_line(v, "// counters and the exited threads in registers, the %u",
              g->depth - 1);
    vgen_line(v, "// entries below the top of each stack in two memories (even and odd");
    vgen_line(v, "// levels) of one write port each.");
    vgen_blank(v);
    vgen_module_begin(v, "simtref_sbr_stack", params, np,
                      ports, sizeof ports / sizeof ports[0]);
}

/* The update's combinational block: what it does and what it writes. */
static void emit_update(struct vgen *v, const struct sbr_banks *b,
                        enum rtl_defect defect)
{
    int banks = b->ev_lv > 0;

    vgen_section(v, "The update: refused (err, ovf) or its writes");
    vgen_line(v, "reg               err, ovf, pop;");
    vgen_line(v, "reg  [1:0]        pushes;");
    vgen_line(v, "reg               adv;          // a non-diverging move of the top ...");
    vgen_line(v, "reg  [PC_W-1:0]   adv_pc;       // ... to this PC");
    vgen_line(v, "reg               top_we;       // the op warp's top register is written ...");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "reg  [ENTRY_W-1:0] top_n;       // ... with this entry (a top is never marked:");
    vgen_line(v, "                                // its YLD bit is not stored)");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    if (banks) {
        vgen_line(v, "reg               wa;           // the kept top, at rpc_i, to level op_depth - 1");
        vgen_line(v, "reg               wb;           // the not-taken side (or a yield's top) to level base");
    }
    vgen_line(v, "reg               push_n, push_t, keep;");
    vgen_line(v, "reg               call_keep;    // a call keeps the top (else replaces it)");
    vgen_line(v, "integer           base, npush;");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "integer           new_d;        // the op warp's new depth (low DEPTH_W bits kept)");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_line(v, "wire [LANES-1:0]  nmask = top_mask & ~mask_i;   // branch: the not-taken threads");
    vgen_line(v, "wire [LANES-1:0]  gone_n = op_i == OP_EXIT ? op_gone | top_mask : op_gone;");
    vgen_line(v, "                                // the op warp's exited threads after it");
    if (banks) {
        vgen_line(v, "// A pop's new top: the entry below without the exited threads.");
        vgen_line(v, "wire [ENTRY_W-1:0] below_live = {below[ENTRY_W-1 -: PC_W],");
        vgen_line(v, "                                 below[PC_W+2 +: LANES] & ~gone_n, below[PC_W+1:0]};");
        vgen_line(v, "// A yield's merge: the new top also holds the popped top's threads.");
        vgen_line(v, "wire [ENTRY_W-1:0] below_join = {below[ENTRY_W-1 -: PC_W],");
        vgen_line(v, "                                 (below[PC_W+2 +: LANES] | top_mask) & ~gone_n,");
        vgen_line(v, "                                 below[PC_W+1:0]};");
        vgen_line(v, "wire [PC_W-1:0]    below_pc   = below[ENTRY_W-1 -: PC_W];");
        vgen_line(v, "wire [PC_W-1:0]    below_rpc  = below[2 +: PC_W];");
        vgen_line(v, "wire               below_yld  = below[1];");
        vgen_line(v, "wire               below_call = below[0];");
    }
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "err = 1'b0; ovf = 1'b0; pop = 1'b0; pushes = 2'd0;");
    vgen_line(v, "adv = 1'b0; adv_pc = {PC_W{1'b0}};");
    vgen_line(v, "top_we = 1'b0; top_n = {ENTRY_W{1'b0}};");
    if (banks)
        vgen_line(v, "wa = 1'b0; wb = 1'b0;");
    vgen_line(v, "push_n = npc_i != rpc_i; push_t = pc_i != rpc_i; keep = rpc_i != top_rpc || top_call;");
    vgen_line(v, "call_keep = top_call || npc_i != top_rpc;");
    vgen_line(v, "new_d = op_d32; base = op_d32; npush = 0;");
    vgen_line(v, "// Only an exit (or a refused launch) acts on a top whose threads");
    vgen_line(v, "// have all exited.");
    vgen_line(v, "if (op_i != 3'd0 && op_i != OP_LAUNCH && op_i != OP_EXIT &&");
    vgen_begin(v, "    op_depth != {DEPTH_W{1'b0}} && top_mask == {LANES{1'b0}})");
    vgen_line(v, "err = 1'b1;");
    vgen_else(v);
    vgen_case(v, "op_i");

    vgen_begin(v, "OP_LAUNCH:");
    vgen_begin(v, "if (!op_ok || op_depth != {DEPTH_W{1'b0}} || mask_i == {LANES{1'b0}} || pc_i == rpc_i)");
    vgen_line(v, "err = 1'b1;");
    vgen_else(v);
    vgen_line(v, "top_we = 1'b1; top_n = {pc_i, mask_i, rpc_i, 2'b00}; new_d = 1;");
    vgen_end(v);
    vgen_end(v);

    vgen_begin(v, "OP_ADVANCE:");
    vgen_line(v, "if (op_depth == {DEPTH_W{1'b0}}) err = 1'b1;");
    vgen_line(v, "else begin adv = 1'b1; adv_pc = pc_i; end");
    vgen_end(v);

    vgen_begin(v, "OP_BRANCH:");
    vgen_begin(v, "if (op_depth == {DEPTH_W{1'b0}} || (mask_i & ~top_mask) != {LANES{1'b0}})");
    vgen_line(v, "err = 1'b1;");
    vgen_elsif(v, "nmask == {LANES{1'b0}}");
    vgen_line(v, "adv = 1'b1; adv_pc = pc_i;    // all taken");
    vgen_elsif(v, "mask_i == {LANES{1'b0}}");
    vgen_line(v, "adv = 1'b1; adv_pc = npc_i;   // none taken");
    vgen_elsif(v, "!push_n && !push_t");
    vgen_line(v, "adv = 1'b1; adv_pc = rpc_i;   // both sides at the RPC");
    vgen_else(v);
    vgen_line(v, "// Diverging: the top waits at rpc_i (or, when that is its own RPC,");
    vgen_line(v, "// is replaced by the sides); the sides not at rpc_i are pushed, from");
    vgen_line(v, "// level base up.");
    vgen_line(v, "base = keep ? op_d32 : op_d32 - 1;");
    vgen_line(v, "if (push_n) npush = npush + 1;");
    vgen_line(v, "if (push_t) npush = npush + 1;");
    if (defect == DEFECT_SBR_SILENT_OVERFLOW) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a push beyond DEPTH overwrites the",
                  rtl_defect_name(defect));
        vgen_line(v, "// top entries and is not reported.");
        vgen_line(v, "if (base + npush > DEPTH) base = DEPTH - npush;");
    } else {
        vgen_begin(v, "if (base + npush > DEPTH)");
        vgen_line(v, "ovf = 1'b1;");
        vgen_else(v);
    }
    vgen_line(v, "pushes = npush[1:0]; new_d = base + npush;");
    if (banks) {
        if (defect == DEFECT_SBR_SILENT_OVERFLOW)
            vgen_line(v, "wa = keep && op_d32 - 1 < base;   // unless a side overwrites it");
        else
            vgen_line(v, "wa = keep;");
        vgen_line(v, "wb = push_n && push_t;");
    }
    vgen_line(v, "top_we = 1'b1;");
    vgen_line(v, "top_n = push_t ? {pc_i, mask_i, rpc_i, 2'b00} : {npc_i, nmask, rpc_i, 2'b00};");
    if (defect != DEFECT_SBR_SILENT_OVERFLOW)
        vgen_end(v);
    vgen_end(v);
    vgen_end(v);

    vgen_begin(v, "OP_CALL:");
    vgen_line(v, "// The top waits at the return PC under a CALL entry, or the CALL");
    vgen_line(v, "// entry replaces a branch top that re-converges at the return PC.");
    vgen_line(v, "if (op_depth == {DEPTH_W{1'b0}}) err = 1'b1;");
    vgen_line(v, "else if (call_keep && op_d32 >= DEPTH) ovf = 1'b1;");
    vgen_begin(v, "else");
    vgen_line(v, "pushes = call_keep ? 2'd1 : 2'd0;");
    vgen_line(v, "new_d = call_keep ? op_d32 + 1 : op_d32;");
    if (banks)
        vgen_line(v, "wa = call_keep;");
    vgen_line(v, "top_we = 1'b1; top_n = {pc_i, top_mask, npc_i, 2'b01};");
    vgen_end(v);
    vgen_end(v);

    vgen_begin(v, "OP_RETURN:");
    vgen_line(v, "// A CALL top returns to its return PC; a branch top above another");
    vgen_line(v, "// entry re-converges by returning.");
    vgen_begin(v, "if (op_depth == {DEPTH_W{1'b0}} || (top_call ? pc_i != top_rpc : op_d32 == 1))");
    vgen_line(v, "err = 1'b1;");
    vgen_else(v);
    vgen_line(v, "pop = 1'b1; new_d = op_d32 - 1;");
    if (banks)
        vgen_line(v, "top_we = op_d32 > 1; top_n = below_live;");
    vgen_end(v);
    vgen_end(v);

    vgen_begin(v, "OP_EXIT:");
    vgen_line(v, "// The top's threads exit; with none left live the stack empties.");
    vgen_begin(v, "if (op_depth == {DEPTH_W{1'b0}} || (mask_i & gone_n) != {LANES{1'b0}})");
    vgen_line(v, "err = 1'b1;");
    vgen_else(v);
    vgen_line(v, "pop = 1'b1;");
    vgen_line(v, "new_d = mask_i != {LANES{1'b0}} && op_d32 > 1 ? op_d32 - 1 : 0;");
    if (banks)
        vgen_line(v, "top_we = mask_i != {LANES{1'b0}} && op_d32 > 1; top_n = below_live;");
    vgen_end(v);
    vgen_end(v);

    vgen_begin(v, "OP_YIELD:");
    if (banks) {
        vgen_line(v, "// The top swaps with its sibling below (a branch entry of the same");
        vgen_line(v, "// RPC, not marked), or joins it when it is marked and waits at the");
        vgen_line(v, "// top's PC.");
        vgen_line(v, "if (op_d32 < 2 || top_call || below_call || below_rpc != top_rpc ||");
        vgen_begin(v, "    (below_yld && below_pc != top_pc))");
        vgen_line(v, "err = 1'b1;");
        vgen_elsif(v, "below_yld");
        vgen_line(v, "pop = 1'b1; new_d = op_d32 - 1;");
        vgen_line(v, "top_we = 1'b1; top_n = below_join;");
        vgen_else(v);
        vgen_line(v, "base = op_d32 - 2; wb = 1'b1;");
        vgen_line(v, "top_we = 1'b1; top_n = below_live;");
        vgen_end(v);
    } else {
        vgen_line(v, "err = 1'b1;   // one entry per warp: never a sibling below");
    }
    vgen_end(v);

    vgen_line(v, "3'd0: ;");
    vgen_line(v, "default: err = 1'b1;");
    vgen_endcase(v);
    vgen_end(v);
    vgen_line(v, "// A non-diverging move: to a branch top's RPC pops (the entry below");
    vgen_line(v, "// becomes the top), else rewrites the top's PC.");
    vgen_begin(v, "if (adv)");
    if (defect == DEFECT_SBR_CALL_POPS_ON_MOVE) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a CALL top at its RPC is",
                  rtl_defect_name(defect));
        vgen_line(v, "// popped as a branch top is.");
        vgen_begin(v, "if (adv_pc == top_rpc)");
    } else {
        vgen_begin(v, "if (adv_pc == top_rpc && !top_call)");
    }
    vgen_line(v, "pop = 1'b1; new_d = op_d32 - 1;");
    if (banks)
        vgen_line(v, "top_we = op_d32 > 1; top_n = below_live;");
    vgen_else(v);
    vgen_line(v, "top_we = 1'b1; top_n = {adv_pc, top_mask, top_rpc, 1'b0, top_call};");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "wire              commit = op_i != 3'd0 && !err && !ovf;");
}

/* The banks: their write ports and the read of the entry below the top. */
static void emit_banks(struct vgen *v, const struct sbr_stack_geometry *g,
                       const struct sbr_banks *b)
{
    int odd = b->od_lv > 0;         /* two banks: DEPTH >= 3 */
    int halves = b->ev_lv > 1;      /* the level / 2 addresses: DEPTH >= 4 */
    const char *half = "below_lvl[DEPTH_W-1:1]";
    char row[320];

    vgen_section(v, "Banks: the entries below the tops, not reset (an SRAM)");
    vgen_line(v, "// Level l of warp w: row (l / 2) * NUM_WARPS + w of ev_mem (l even)");
    if (odd) {
        vgen_line(v, "// or od_mem (l odd).  A diverging branch writes at most levels");
        vgen_line(v, "// op_depth - 1 (wa) and op_depth (wb): one in each bank.");
    } else {
        vgen_line(v, "// (with DEPTH = 2 only level 0 is ever below a top).");
    }
    vgen_line(v, "reg  [ENTRY_W-1:0] ev_mem [0:EV_ROWS-1];   // levels 0, 2, ..");
    if (odd)
        vgen_line(v, "reg  [ENTRY_W-1:0] od_mem [0:OD_ROWS-1];   // levels 1, 3, ..");
    vgen_blank(v);
    vgen_line(v, "// Read port: the entry below the op warp's top, loaded into the top");
    vgen_line(v, "// register by a pop.");
    if (odd) {
        if (!halves)
            vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */   // one level per warp in each bank");
        vgen_line(v, "wire [DEPTH_W-1:0] below_lvl = op_depth - TWO_D;");
        if (!halves)
            vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    }
    vgen_line(v, "wire [EV_AW-1:0]   ev_ra     = %s;",
              row_expr(row, sizeof row, g, b->ev_lv, b->ev_aw, "EV_AW", half, "op_warp_i"));
    if (odd) {
        vgen_line(v, "wire [OD_AW-1:0]   od_ra     = %s;",
                  row_expr(row, sizeof row, g, b->od_lv, b->od_aw, "OD_AW", half, "op_warp_i"));
        vgen_line(v, "assign below = below_lvl[0] ? od_mem[od_ra] : ev_mem[ev_ra];");
    } else {
        vgen_line(v, "assign below = ev_mem[ev_ra];");
    }
    vgen_blank(v);
    vgen_line(v, "// Write ports: the kept top (wa: waiting at the branch's RPC, or at a");
    vgen_line(v, "// call's return PC) and the not-taken side (wb; a yield's top, marked,");
    vgen_line(v, "// to the level of the sibling it swaps with), each to the bank of its");
    vgen_line(v, "// level.");
    vgen_line(v, "wire [PC_W-1:0]    wa_pc   = op_i == OP_CALL ? npc_i : rpc_i;");
    vgen_line(v, "wire [ENTRY_W-1:0] wa_data = {wa_pc, top_mask, top_rpc, 1'b0, top_call};");
    vgen_line(v, "wire [ENTRY_W-1:0] wb_data = op_i == OP_YIELD ? {top_pc, top_mask, top_rpc, 2'b10}");
    vgen_line(v, "                                                : {npc_i, nmask, rpc_i, 2'b00};");
    if (odd) {
        if (!halves)
            vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */   // one level per warp in each bank");
        vgen_line(v, "wire [DEPTH_W-1:0] wa_lvl  = op_depth - ONE_D;");
        vgen_line(v, "wire [DEPTH_W-1:0] wb_lvl  = base[DEPTH_W-1:0];");
        if (!halves)
            vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
        vgen_line(v, "wire               wa_ev   = commit && wa && !wa_lvl[0];");
        vgen_line(v, "wire               wb_ev   = commit && wb && !wb_lvl[0];");
        vgen_line(v, "wire               wa_od   = commit && wa && wa_lvl[0];");
        vgen_line(v, "wire               wb_od   = commit && wb && wb_lvl[0];");
    } else {
        vgen_line(v, "wire               wa_ev   = commit && wa;");
        vgen_line(v, "wire               wb_ev   = commit && wb;");
    }
    if (halves) {
        vgen_line(v, "wire [DEPTH_W-2:0] ev_half = wa_ev ? wa_lvl[DEPTH_W-1:1] : wb_lvl[DEPTH_W-1:1];");
        if (b->od_lv > 1)
            vgen_line(v, "wire [DEPTH_W-2:0] od_half = wa_od ? wa_lvl[DEPTH_W-1:1] : wb_lvl[DEPTH_W-1:1];");
    }
    vgen_line(v, "wire [EV_AW-1:0]   ev_wa   = %s;",
              row_expr(row, sizeof row, g, b->ev_lv, b->ev_aw, "EV_AW", "ev_half", "op_warp_i"));
    vgen_line(v, "wire [ENTRY_W-1:0] ev_wd   = wa_ev ? wa_data : wb_data;");
    if (odd) {
        vgen_line(v, "wire [OD_AW-1:0]   od_wa   = %s;",
                  row_expr(row, sizeof row, g, b->od_lv, b->od_aw, "OD_AW", "od_half", "op_warp_i"));
        vgen_line(v, "wire [ENTRY_W-1:0] od_wd   = wa_od ? wa_data : wb_data;");
    }
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_line(v, "if (wa_ev || wb_ev) ev_mem[ev_wa] <= ev_wd;");
    vgen_end(v);
    if (odd) {
        vgen_blank(v);
        vgen_begin(v, "always @(posedge clk_i)");
        vgen_line(v, "if (wa_od || wb_od) od_mem[od_wa] <= od_wd;");
        vgen_end(v);
    }
}

/* Under FORMAL: the whole-stack view and the checker. */
static void emit_formal(struct vgen *v, const struct sbr_banks *b)
{
    const struct vconn params[] = {
        VCONN_SAME("NUM_WARPS"), VCONN_SAME("DEPTH"), VCONN_SAME("LANES"),
        VCONN_SAME("PC_W"),
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"), VCONN_SAME("rst_ni"), VCONN_SAME("op_i"),
        VCONN_SAME("op_warp_i"), VCONN_SAME("pc_i"), VCONN_SAME("mask_i"),
        VCONN_SAME("npc_i"), VCONN_SAME("rpc_i"), VCONN_SAME("rd_warp_i"),
        VCONN_SAME("rd_valid_o"), VCONN_SAME("rd_pc_o"), VCONN_SAME("rd_mask_o"),
        VCONN_SAME("rd_depth_o"), VCONN_SAME("pop_o"), VCONN_SAME("pushes_o"),
        VCONN_SAME("ovf_o"), VCONN_SAME("err_o"), VCONN_SAME("f_pc"),
        VCONN_SAME("f_rpc"), VCONN_SAME("f_mask"), VCONN_SAME("f_call"),
        VCONN_SAME("f_yld"), { "f_depth", "depth_q", NULL },
        { "f_gone", "gone_q", NULL },
    };

    vgen_section(v, "Proof observer (only under FORMAL; not part of the design)");
    vgen_line(v, "`ifdef FORMAL");
    vgen_line(v, "// Every level of every stack: the top register at the top, else the");
    vgen_line(v, "// bank that holds the level (zero for level DEPTH-1 below no top).");
    vgen_line(v, "localparam integer ENTRIES = NUM_WARPS * DEPTH;");
    vgen_line(v, "wire [ENTRIES*PC_W-1:0]  f_pc, f_rpc;");
    vgen_line(v, "wire [ENTRIES*LANES-1:0] f_mask;");
    vgen_line(v, "wire [ENTRIES-1:0]       f_call, f_yld;");
    vgen_line(v, "genvar fw, fl;");
    vgen_generate(v);
    vgen_begin_named(v, "g_fw", "for (fw = 0; fw < NUM_WARPS; fw = fw + 1)");
    vgen_begin_named(v, "g_fl", "for (fl = 0; fl < DEPTH; fl = fl + 1)");
    vgen_line(v, "wire [ENTRY_W-1:0] stored;");
    vgen_line(v, "wire [ENTRY_W-1:0] e;");
    vgen_begin_named(v, "g_none", "if (fl == DEPTH - 1)");
    vgen_line(v, "assign stored = {ENTRY_W{1'b0}};");
    if (b->ev_lv) {
        vgen_elsif_named(v, "g_ev", "fl %% 2 == 0");
        vgen_line(v, "assign stored = ev_mem[(fl / 2) * NUM_WARPS + fw];");
    }
    if (b->od_lv) {
        vgen_else_named(v, "g_od");
        vgen_line(v, "assign stored = od_mem[(fl / 2) * NUM_WARPS + fw];");
    }
    vgen_end(v);
    vgen_line(v, "assign e = depth_q[fw*DEPTH_W +: DEPTH_W] == fl + 1");
    vgen_line(v, "         ? {top_pc_q[fw*PC_W +: PC_W], top_mask_q[fw*LANES +: LANES],");
    vgen_line(v, "            top_rpc_q[fw*PC_W +: PC_W], 1'b0, top_call_q[fw]}");
    vgen_line(v, "         : stored;");
    vgen_line(v, "assign f_pc[(fw*DEPTH+fl)*PC_W +: PC_W]     = e[ENTRY_W-1 -: PC_W];");
    vgen_line(v, "assign f_mask[(fw*DEPTH+fl)*LANES +: LANES] = e[PC_W+2 +: LANES];");
    vgen_line(v, "assign f_rpc[(fw*DEPTH+fl)*PC_W +: PC_W]    = e[2 +: PC_W];");
    vgen_line(v, "assign f_yld[fw*DEPTH+fl]                   = e[1];");
    vgen_line(v, "assign f_call[fw*DEPTH+fl]                  = e[0];");
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_instance(v, "sbr_stack_checker", "u_checker",
                  params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
    vgen_line(v, "`endif");
}

void emit_sbr_stack(struct vgen *v, const struct simt_config *cfg,
                    enum rtl_defect defect)
{
    struct sbr_stack_geometry g;
    struct sbr_banks b;
    char ext[200];

    sbr_stack_geometry(cfg, &g);
    bank_geometry(&g, &b);
    emit_header(v, cfg, &g, &b);

    vgen_section(v, "Registers: the top entry and the depth of each stack");
    vgen_line(v, "// ORDER SBR_OP: enum sbr_stack_op of golden/structures/sbr_stack.h");
    vgen_line(v, "localparam [2:0]         OP_LAUNCH = 3'd1, OP_ADVANCE = 3'd2, OP_BRANCH = 3'd3,");
    vgen_line(v, "                         OP_CALL = 3'd4, OP_RETURN = 3'd5, OP_EXIT = 3'd6,");
    vgen_line(v, "                         OP_YIELD = 3'd7;");
    if (b.od_lv) {
        vgen_line(v, "localparam [DEPTH_W-1:0] ONE_D     = %u'd1;", g.depth_w);
        vgen_line(v, "localparam [DEPTH_W-1:0] TWO_D     = %u'd2;", g.depth_w);
    }
    vgen_blank(v);
    vgen_line(v, "// Warp w's top entry is bits [w*W +: W] of each vector (valid when its");
    vgen_line(v, "// depth is not 0); not reset.");
    vgen_line(v, "reg  [NUM_WARPS*PC_W-1:0]    top_pc_q;    // its PC: the warp's PC");
    vgen_line(v, "reg  [NUM_WARPS*LANES-1:0]   top_mask_q;  // its threads: the active mask");
    vgen_line(v, "reg  [NUM_WARPS*PC_W-1:0]    top_rpc_q;   // its re-convergence (or return) PC");
    vgen_line(v, "reg  [NUM_WARPS-1:0]         top_call_q;  // it is a CALL entry");
    vgen_line(v, "reg  [NUM_WARPS*DEPTH_W-1:0] depth_q;     // entries of each stack");
    vgen_line(v, "reg  [NUM_WARPS*LANES-1:0]   gone_q;      // each warp's exited threads (not reset)");

    vgen_section(v, "The op warp's stack and its top entry");
    if (is_pow2(g.warps)) {
        vgen_line(v, "wire               op_ok = 1'b1;            // every id names a warp");
        vgen_line(v, "wire               rd_ok = 1'b1;");
    } else {
        vgen_line(v, "localparam [WARP_W-1:0] LAST_WARP = %u'd%u;   // NUM_WARPS - 1",
                  g.warp_w, g.warps - 1);
        vgen_line(v, "wire               op_ok = op_warp_i <= LAST_WARP;   // names a warp");
        vgen_line(v, "wire               rd_ok = rd_warp_i <= LAST_WARP;");
    }
    vgen_line(v, "wire [DEPTH_W-1:0] op_depth = op_ok ? depth_q[op_warp_i*DEPTH_W +: DEPTH_W]");
    vgen_line(v, "                                    : {DEPTH_W{1'b0}};");
    vgen_line(v, "wire [LANES-1:0]   top_mask = top_mask_q[op_warp_i*LANES +: LANES];");
    vgen_line(v, "wire [PC_W-1:0]    top_rpc  = top_rpc_q[op_warp_i*PC_W +: PC_W];");
    if (b.ev_lv)
        vgen_line(v, "wire [PC_W-1:0]    top_pc   = top_pc_q[op_warp_i*PC_W +: PC_W];");
    vgen_line(v, "wire               top_call = top_call_q[op_warp_i];");
    vgen_line(v, "wire [LANES-1:0]   op_gone  = gone_q[op_warp_i*LANES +: LANES];");
    vgen_line(v, "wire [31:0]        op_d32   = %s;",
              vgen_zext(ext, sizeof ext, 32 - g.depth_w, "32-DEPTH_W", "op_depth"));
    if (b.ev_lv)
        vgen_line(v, "wire [ENTRY_W-1:0] below;   // the entry below the top (from the banks)");

    emit_update(v, &b, defect);
    if (b.ev_lv)
        emit_banks(v, &g, &b);

    vgen_section(v, "Top registers and depth counters");
    vgen_begin(v, "always @(posedge clk_i)");
    vgen_begin(v, "if (commit && top_we)");
    vgen_line(v, "top_pc_q[op_warp_i*PC_W +: PC_W]     <= top_n[ENTRY_W-1 -: PC_W];");
    vgen_line(v, "top_mask_q[op_warp_i*LANES +: LANES] <= top_n[PC_W+2 +: LANES];");
    vgen_line(v, "top_rpc_q[op_warp_i*PC_W +: PC_W]    <= top_n[2 +: PC_W];");
    vgen_line(v, "top_call_q[op_warp_i]                <= top_n[0];");
    vgen_end(v);
    vgen_line(v, "// a launch forgets the exited threads, an exit adds the top's");
    vgen_begin(v, "if (commit && (op_i == OP_LAUNCH || op_i == OP_EXIT))");
    vgen_line(v, "gone_q[op_warp_i*LANES +: LANES] <= op_i == OP_LAUNCH ? {LANES{1'b0}} : gone_n;");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    /* Only the op warp's counter is written: not a plain group. */
    vgen_begin(v, "always @(posedge clk_i or negedge rst_ni)");
    vgen_begin(v, "if (!rst_ni)");
    vgen_line(v, "depth_q <= {NUM_WARPS*DEPTH_W{1'b0}};");
    vgen_elsif(v, "commit");
    vgen_line(v, "depth_q[op_warp_i*DEPTH_W +: DEPTH_W] <= new_d[DEPTH_W-1:0];");
    vgen_end(v);
    vgen_end(v);

    vgen_section(v, "Read port");
    vgen_line(v, "wire [DEPTH_W-1:0] rd_depth = rd_ok ? depth_q[rd_warp_i*DEPTH_W +: DEPTH_W]");
    vgen_line(v, "                                    : {DEPTH_W{1'b0}};");
    vgen_line(v, "wire               rd_valid = rd_depth != {DEPTH_W{1'b0}};");
    vgen_blank(v);
    vgen_line(v, "assign rd_valid_o = rd_valid;");
    vgen_line(v, "assign rd_pc_o    = rd_valid ? top_pc_q[rd_warp_i*PC_W +: PC_W]      : {PC_W{1'b0}};");
    vgen_line(v, "assign rd_mask_o  = rd_valid ? top_mask_q[rd_warp_i*LANES +: LANES] : {LANES{1'b0}};");
    vgen_line(v, "assign rd_depth_o = rd_depth;");
    vgen_line(v, "assign pop_o      = pop;");
    vgen_line(v, "assign pushes_o   = pushes;");
    vgen_line(v, "assign ovf_o      = ovf;");
    vgen_line(v, "assign err_o      = err;");
    vgen_line(v, "assign op_depth_o = op_depth;");
    if (b.ev_lv) {
        vgen_line(v, "assign yield_ok_o = op_d32 >= 2 && top_mask != {LANES{1'b0}} && !top_call &&");
        vgen_line(v, "                    !below_call && below_rpc == top_rpc &&");
        vgen_line(v, "                    !(below_yld && below_pc != top_pc);");
    } else {
        vgen_line(v, "assign yield_ok_o = 1'b0;   // one entry per warp: never a sibling below");
    }

    emit_formal(v, &b);
    vgen_module_end(v, "simtref_sbr_stack");
}
