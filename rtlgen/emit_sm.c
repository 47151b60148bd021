/*
 * emit_sm.c -- simtref_sm: the SM, composed of its stages as sm_cycle()
 * (golden/sm/sm.c) calls their models: the thread-block launch
 * (simtref_sm_launch) once; per warp scheduler a front end
 * (simtref_sm_front), a decoder of the operand read (simtref_decode) and
 * a datapath (simtref_sm_exec); the issue check (simtref_sm_issue) and
 * the memory side (simtref_sm_mem) once.  The glue between them is what
 * sm.c computes between the stages (docs/rtl-stages.md, "Composing
 * simtref_sm"), and nothing else.
 *
 * Composed under operand_read_cycles = 1: the datapath reads a warp's
 * operands in its grant's cycle (t) and runs it in the next (t + 1), the
 * C SM's cycle of execution.  Everything the run decides (the
 * control-flow stage's update, the LSU's request, the reservation, the
 * barrier arrival, the exits) is in t + 1, as the C SM does it.
 *
 * Every stage is instantiated with its own parameters' defaults: the
 * generator wrote them for this configuration, as it writes this module.
 */
#include "rtlgen.h"
#include "bits.h"
#include "emit_common.h"
#include "dispatch.h"
#include "lsu.h"
#include "scoreboard.h"
#include "tb_table.h"
#include "wpt.h"

#include <stdio.h>

/* The sizes of the top's ports and glue, each as the stage that owns
 * the field derives it. */
struct sm_sizes {
    unsigned sched, warps, lanes;           /* S, W, L */
    unsigned warp_w, slot_w, sched_w;       /* a warp of a scheduler; of the
                                               SM; a scheduler */
    unsigned tbs, tb_w, wid_w, lw_w;        /* TB slots; the launch's fields */
    unsigned count_w, thread_w, shared_w, cnt_w, n_w;
    unsigned pc_w, op_w, lat_w;
    unsigned due_alu, due_mul, due_div;     /* a SIMD group's result */
    unsigned line_w, bytes_w, id_w, mshrs, entries, lb_w, ldwb;
};

static void sizes_of(const struct simt_config *cfg, struct sm_sizes *z)
{
    struct lsu_geometry u;
    struct scoreboard_geometry sb;
    struct dispatch_geometry dg;
    struct tb_table_geometry tg;
    struct wpt_geometry wg;
    unsigned occ = (cfg->warp_size + cfg->simd_width - 1) / cfg->simd_width;

    lsu_geometry(cfg, &u);
    scoreboard_geometry(cfg, &sb);
    dispatch_geometry(cfg, &dg);
    tb_table_geometry(cfg, &tg);
    wpt_geometry(cfg, &wg);
    z->sched = cfg->schedulers;
    z->warps = cfg->threads_per_scheduler / cfg->warp_size;
    z->lanes = cfg->warp_size;
    z->warp_w = z->warps > 1 ? bits_for(z->warps - 1) : 1;
    z->slot_w = z->sched * z->warps > 1 ? bits_for(z->sched * z->warps - 1) : 1;
    z->tbs = cfg->max_tbs;
    z->tb_w = tg.tb_w;
    z->wid_w = tg.wid_w;
    z->sched_w = z->sched > 1 ? bits_for(z->sched - 1) : 1;
    z->lw_w = z->warp_w;
    z->count_w = dg.slot_w;
    z->thread_w = bits_for((uint64_t)cfg->max_warps_per_tb * cfg->warp_size);
    z->shared_w = dg.shared_w;
    z->cnt_w = wg.cnt_w;
    z->n_w = dg.n_w;
    z->pc_w = cfg->pc_bits;
    z->op_w = rtl_op_bits();
    z->lat_w = sb.count_w;
    z->due_alu = occ - 1 + cfg->alu_latency;
    z->due_mul = occ - 1 + cfg->mul_latency;
    z->due_div = occ - 1 + cfg->div_latency;
    z->mshrs = u.mshrs;
    z->entries = u.entries;
    z->line_w = u.addr_w - u.line_shift;
    z->bytes_w = bits_for(u.line_bytes);
    z->id_w = bits_for(u.mshrs + u.entries - 1);
    z->lb_w = u.line_bytes * 8;
    z->ldwb = u.writebacks;
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct sm_sizes *z)
{
    const struct vparam params[] = {
        { "NUM_SCHED", z->sched,    NULL, "warp schedulers" },
        { "NUM_WARPS", z->warps,    NULL, "warps per scheduler" },
        { "LANES",     z->lanes,    NULL, "threads per warp" },
        { "MAX_TBS",   z->tbs,      NULL, "TB slots" },
        { "PC_W",      z->pc_w,     NULL, "the control-flow stage's PC: an instruction's index in the text" },
        { "MSHRS",     z->mshrs,    NULL, "the L1's MSHRs: the memory port's read ids" },
        { "ENTRIES",   z->entries,  NULL, "the LSU's entries: its atomic ids" },
        { "LDWB",      z->ldwb,     NULL, "the LSU's write-back ports" },
        { "ALU_DUE",   z->due_alu,  NULL, "an ALU result's cycles after its run (simd_group's due)" },
        { "MUL_DUE",   z->due_mul,  NULL, "... a multiply's" },
        { "DIV_DUE",   z->due_div,  NULL, "... a divide's" },
        { NULL, 0, NULL, "Derived sizes (from the generator, each as the stage owning the field has it)" },
        { "NUM_SLOTS", 0, "NUM_SCHED * NUM_WARPS", "warp slots of the SM" },
        { "WARP_W",    z->warp_w,   NULL, "a warp of a scheduler" },
        { "SCHED_W",   z->sched_w,  NULL, "a scheduler" },
        { "SLOT_W",    z->slot_w,   NULL, "a warp slot of the SM: warp x NUM_SCHED + scheduler" },
        { "TB_W",      z->tb_w,     NULL, "a TB slot" },
        { "WID_W",     z->wid_w,    NULL, "a warp's number in its TB" },
        { "COUNT_W",   z->count_w,  NULL, "a count of warp slots (a TB's warps)" },
        { "THREAD_W",  z->thread_w, NULL, "threads of a TB" },
        { "SHARED_W",  z->shared_w, NULL, "bytes of shared memory a TB holds" },
        { "CNT_W",     z->cnt_w,    NULL, "the WPT's counter" },
        { "N_W",       z->n_w,      NULL, "a count of TBs placed in a cycle" },
        { "OP_W",      z->op_w,     NULL, "an operation code (golden/isa/rv32.h)" },
        { "LAT_W",     z->lat_w,    NULL, "a reservation's latency" },
        { "LINE_W",    z->line_w,   NULL, "a line number on the memory port" },
        { "BYTES_W",   z->bytes_w,  NULL, "bytes a memory request moves" },
        { "ID_W",      z->id_w,     NULL, "a memory request's id" },
        { "LB_W",      z->lb_w,     NULL, "a line's bits" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                         "clk_i",           "clock" },
        { "input",  "",                         "rst_ni",          "asynchronous reset, active low" },
        { NULL, NULL, NULL, "The launch: start_i for a cycle, the rest held while the grid runs" },
        { "input",  "",                         "start_i",         "a grid starts (the SM idle)" },
        { "input",  "[31:0]",                   "text_lo_i",       "the text's first byte" },
        { "input",  "[31:0]",                   "text_hi_i",       "... one past its last" },
        { "input",  "[31:0]",                   "entry_i",         "the kernel's entry" },
        { "input",  "[31:0]",                   "exit_i",          "its exit: a return there ends a thread" },
        { "input",  "[31:0]",                   "args_i",          "its argument (x10)" },
        { "input",  "[31:0]",                   "grid_i",          "TBs of the grid" },
        { "input",  "[THREAD_W-1:0]",           "block_i",         "threads of a TB" },
        { "input",  "[SHARED_W-1:0]",           "shared_bytes_i",  "shared memory a TB holds" },
        { "output", "",                         "done_o",          "every TB finished, the LSU idle" },
        { "output", "",                         "err_o",           "a part refused an event" },
        { NULL, NULL, NULL, "Instruction memory: a fetch per scheduler, answered in the next cycle" },
        { "output", "[NUM_SCHED-1:0]",          "imem_valid_o",    "a fetch ..." },
        { "output", "[NUM_SCHED*32-1:0]",       "imem_addr_o",     "... at this byte address" },
        { "input",  "[NUM_SCHED*32-1:0]",       "imem_word_i",     "the words at the last cycle's addresses" },
        { NULL, NULL, NULL, "The loader's side-band per text word, read with the operands, answered in the next cycle" },
        { "output", "[NUM_SCHED*32-1:0]",       "sb_addr_o",       "the operand read's instruction" },
        { "input",  "[NUM_SCHED-1:0]",          "sb_call_i",       "a call through ra" },
        { "input",  "[NUM_SCHED-1:0]",          "sb_ret_i",        "a return (jalr x0, 0(ra))" },
        { "input",  "[NUM_SCHED-1:0]",          "sb_rpc_valid_i",  "a branch of the program's table ..." },
        { "input",  "[NUM_SCHED*PC_W-1:0]",     "sb_rpc_i",        "... re-converging here (index)" },
        { "input",  "[NUM_SCHED*2-1:0]",        "sb_late_i",       "the side reaching simt.bar first" },
        { NULL, NULL, NULL, "The memory port to DRAM (simtref_sm_mem's, golden/sm/dram.h): every request taken" },
        { "output", "",                         "mem_valid_o",     "a request, at most one a cycle" },
        { "output", "[1:0]",                    "mem_kind_o",      "0 line read, 1 write, 2 atomic" },
        { "output", "[LINE_W-1:0]",             "mem_line_o",      "its line" },
        { "output", "[BYTES_W-1:0]",            "mem_bytes_o",     "bytes it moves" },
        { "output", "[ID_W-1:0]",               "mem_id_o",        "MSHR (read), MSHRS + entry (atomic)" },
        { "output", "[LANES-1:0]",              "mem_lanes_o",     "a write's or atomic's lanes ..." },
        { "output", "[LANES*32-1:0]",           "mem_addr_o",      "... each one's byte address ..." },
        { "output", "[LANES*32-1:0]",           "mem_wdata_o",     "... its data ..." },
        { "output", "[1:0]",                    "mem_size_o",      "... the access size ..." },
        { "output", "[4:0]",                    "mem_amo_o",       "... the atomic's funct5" },
        { "input",  "[MSHRS+ENTRIES-1:0]",      "mem_resp_i",      "ids answered at this edge" },
        { "input",  "[ENTRIES*LANES*32-1:0]",   "mem_old_i",       "an atomic's old words ..." },
        { "input",  "[ENTRIES*LANES-1:0]",      "mem_old_lanes_i", "... at these lanes" },
        { "input",  "[MSHRS*LB_W-1:0]",         "mem_rdata_i",     "a read's line" },
        { NULL, NULL, NULL, "The commit record, per scheduler: the instruction that runs this cycle" },
        { "output", "[NUM_SCHED-1:0]",          "commit_valid_o",  "an instruction runs ..." },
        { "output", "[NUM_SCHED*WARP_W-1:0]",   "commit_warp_o",   "... of this warp ..." },
        { "output", "[NUM_SCHED*32-1:0]",       "commit_pc_o",     "... at this PC ..." },
        { "output", "[NUM_SCHED*LANES-1:0]",    "commit_mask_o",   "... on these lanes" },
        { NULL, NULL, NULL, "The register file's writes, per scheduler (simtref_sm_exec's write ports)" },
        { "output", "[NUM_SCHED*LANES-1:0]",    "wr_o",            "the run's results, this cycle ..." },
        { "output", "[NUM_SCHED*5-1:0]",        "wr_rd_o",         "... into this register ..." },
        { "output", "[NUM_SCHED*LANES*32-1:0]", "wr_data_o",       "... these values" },
        { "output", "[NUM_SCHED*LANES-1:0]",    "wr2_o",           "the divider's results ..." },
        { "output", "[NUM_SCHED*LANES*WARP_W-1:0]", "wr2_warp_o",  "... each lane's thread's warp ..." },
        { "output", "[NUM_SCHED*5-1:0]",        "wr2_rd_o",        "... into this register ..." },
        { "output", "[NUM_SCHED*LANES*32-1:0]", "wr2_data_o",      "... these values" },
        { "output", "[NUM_SCHED*LDWB*LANES-1:0]", "ldw_o",         "the loads' write-backs ..." },
        { "output", "[NUM_SCHED*LDWB*LANES*WARP_W-1:0]", "ldw_warp_o", "... each lane's thread's warp ..." },
        { "output", "[NUM_SCHED*LDWB*5-1:0]",   "ldw_rd_o",        "... into this register ..." },
        { "output", "[NUM_SCHED*LDWB*LANES*32-1:0]", "ldw_data_o", "... these values" },
    };

    emit_file_header(v, "simtref_sm.v", "the SM, composed of its stages",
                     "docs/rtl-stages.md (\"Composing simtref_sm\"); C model: golden/sm/sm.c (sm_cycle()).",
                     cfg);
    vgen_module_begin(v, "simtref_sm", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

/* The wires between the stages, declared once. */
static void emit_wires(struct vgen *v)
{
    vgen_section(v, "Wires between the stages");
    vgen_line(v, "// the launch: the warp slots (field g: warp slot g = w * NUM_SCHED + s)");
    vgen_line(v, "wire [NUM_SLOTS-1:0]         give, resident, pending, at_bar;");
    vgen_line(v, "wire [NUM_SLOTS*TB_W-1:0]    warp_tb;");
    vgen_line(v, "wire [NUM_SLOTS*WID_W-1:0]   warp_wid;");
    vgen_line(v, "wire [NUM_SLOTS*LANES-1:0]   warp_lanes, warp_live;");
    vgen_line(v, "wire [MAX_TBS*32-1:0]        tb_ctaid;");
    vgen_line(v, "wire [MAX_TBS*TB_W-1:0]      tb_rank, place_tb;");
    vgen_line(v, "wire [MAX_TBS*CNT_W-1:0]     tb_cnt;");
    vgen_line(v, "wire [MAX_TBS-1:0]           tb_wait;         // SAWS: a TB's warps wait at its barrier");
    vgen_line(v, "wire [N_W-1:0]               n_place;");
    vgen_line(v, "wire [NUM_SLOTS-1:0]         clear;           // field s * NUM_WARPS + w");
    vgen_line(v, "wire                         grid_done, wpt_err;");
    vgen_line(v, "// the launch's events of the cycle (field g)");
    vgen_line(v, "wire [NUM_SLOTS-1:0]         launch;");
    vgen_line(v, "wire [NUM_SLOTS*LANES-1:0]   kill;");
    vgen_line(v, "wire [NUM_SCHED-1:0]         arr_valid;");
    vgen_line(v, "wire [NUM_SCHED*WARP_W-1:0]  arr_warp;");
    vgen_line(v, "// per warp, scheduler-major (field i = s * NUM_WARPS + w), as the front ends and the issue check take them");
    vgen_line(v, "wire [NUM_SLOTS-1:0]         s_pending, s_fetchable, s_long, s_base, s_text, s_issuable;");
    vgen_line(v, "wire [NUM_SLOTS-1:0]         s_clear;");
    vgen_line(v, "wire [NUM_SLOTS*TB_W-1:0]    s_tb;");
    vgen_line(v, "wire [NUM_SLOTS*LANES-1:0]   s_lanes, s_live, s_chk_mask;");
    vgen_line(v, "wire [NUM_SLOTS*32-1:0]      s_chk_word;");
    vgen_line(v, "// the front ends' outputs (field s, or s * NUM_WARPS + w)");
    vgen_line(v, "wire [NUM_SLOTS-1:0]         hd_ready, hd_valid, view_ok, view_stale;");
    vgen_line(v, "wire [NUM_SLOTS*32-1:0]      hd_pc, hd_word;");
    vgen_line(v, "wire [NUM_SLOTS*LANES-1:0]   view_mask;");
    vgen_line(v, "wire [NUM_SCHED-1:0]         op_valid, yielded, exited, front_err;");
    vgen_line(v, "wire [NUM_SCHED*WARP_W-1:0]  op_warp;");
    vgen_line(v, "// the runs (t + 1), field s");
    vgen_line(v, "wire [NUM_SCHED-1:0]         run_mem, lsu_first;");
    vgen_line(v, "// each bit of these follows the lower schedulers' bits only (the LSU's port in");
    vgen_line(v, "// scheduler order), which a simulator that sees whole vectors takes for a loop");
    vgen_line(v, "wire [NUM_SCHED-1:0]         took      /* verilator split_var */;");
    vgen_line(v, "wire [NUM_SCHED-1:0]         lsu_taken /* verilator split_var */;");
    vgen_line(v, "wire [NUM_SCHED*SLOT_W-1:0]  run_slot;        // the run's warp slot");
    vgen_line(v, "wire [NUM_SCHED*5-1:0]       run_rd;");
    vgen_line(v, "wire [NUM_SCHED*OP_W-1:0]    run_op;");
    vgen_line(v, "wire [NUM_SCHED*LANES-1:0]   run_lanes, run_memlanes;");
    vgen_line(v, "wire [NUM_SCHED*LANES*32-1:0] run_addr, run_wdata;");
    vgen_line(v, "wire [NUM_SCHED-1:0]         res_valid, res_pend, grp_valid;");
    vgen_line(v, "wire [NUM_SCHED*LANES*SLOT_W-1:0] res_slots;");
    vgen_line(v, "wire [NUM_SCHED*LANES-1:0]   res_mask;");
    vgen_line(v, "wire [NUM_SCHED*5-1:0]       res_rd;");
    vgen_line(v, "wire [NUM_SCHED*LAT_W-1:0]   res_lat;");
    vgen_line(v, "wire [NUM_SCHED*2-1:0]       grp_op;");
    vgen_line(v, "// the memory side");
    vgen_line(v, "wire                         lsu_ready, lsu_idle;");
    vgen_line(v, "wire [(1<<SLOT_W)-1:0]       lsu_pending;");
    vgen_line(v, "wire [NUM_SLOTS*SLOT_W-1:0]  mw_rd_slot;");
    vgen_line(v, "wire [NUM_SLOTS*5-1:0]       mw_rd_reg;");
    vgen_line(v, "wire [NUM_SLOTS*LANES-1:0]   mw_rd_mask;");
    vgen_line(v, "wire [LDWB-1:0]              wb_valid;");
    vgen_line(v, "wire [LDWB*5-1:0]            wb_rd;");
    vgen_line(v, "wire [LDWB*LANES-1:0]        wb_mask;");
    vgen_line(v, "wire [LDWB*LANES*SLOT_W-1:0] wb_slots;");
    vgen_line(v, "wire [LDWB*LANES*32-1:0]     wb_data;");
    vgen_line(v, "wire                         grp_err;");
}

/* The kernel's constants as the stages take them, and the SM's cycle. */
static void emit_kernel(struct vgen *v, const struct sm_sizes *z)
{
    const struct vreg now[] = {
        { "now_q", "64'd0", "now_d" },
    };

    vgen_section(v, "The kernel's constants, and the cycle since its start (the SIMD groups' turns)");
    vgen_line(v, "// a byte address of the text as the control-flow stage holds it: its index");
    vgen_line(v, "function automatic [PC_W-1:0] pc_index(input [31:0] pc);");
    vgen_indent(v);
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "reg [31:0] off;      // its two low bits are 0 in the text");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_line(v, "begin");
    vgen_indent(v);
    vgen_line(v, "off      = pc - text_lo_i;");
    if (z->pc_w + 2 <= 32)
        vgen_line(v, "pc_index = off[PC_W+1:2];");
    else
        vgen_line(v, "pc_index = {%u'd0, off[31:2]};", z->pc_w - 30);
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "endfunction");
    vgen_line(v, "wire [PC_W-1:0]    entry_pc   = pc_index(entry_i);   // indices into the text");
    vgen_line(v, "wire [PC_W-1:0]    exit_pc    = pc_index(exit_i);");
    vgen_line(v, "wire [THREAD_W:0]  block_up   = {1'b0, block_i} + %u'd%u;", z->thread_w + 1, z->lanes - 1);
    if (z->count_w < z->thread_w + 1)
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */  // a TB's warps fit COUNT_W bits");
    vgen_line(v, "wire [THREAD_W:0]  tb_warps_w = block_up / %u'd%u;", z->thread_w + 1, z->lanes);
    if (z->count_w < z->thread_w + 1)
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    if (z->count_w <= z->thread_w + 1)
        vgen_line(v, "wire [COUNT_W-1:0] tb_warps   = tb_warps_w[COUNT_W-1:0];  // warps of a TB");
    else
        vgen_line(v, "wire [COUNT_W-1:0] tb_warps   = {%u'd0, tb_warps_w};  // warps of a TB",
                  z->count_w - z->thread_w - 1);
    vgen_line(v, "reg  [63:0]        now_q, now_d;");
    vgen_line(v, "always @* now_d = start_i ? 64'd0 : now_q + 64'd1;");
    vgen_ff(v, now, 1, NULL);
}

static void emit_launch(struct vgen *v)
{
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"), VCONN_SAME("rst_ni"),
        { NULL, NULL, "The launch" },
        { "start_i",        "start_i",        NULL },
        { "grid_i",         "grid_i",         NULL },
        { "tb_warps_i",     "tb_warps",       NULL },
        { "block_i",        "block_i",        NULL },
        { "shared_bytes_i", "shared_bytes_i", NULL },
        { NULL, NULL, "This cycle's events: the runs' launches, arrivals and exits" },
        { "launch_i",       "launch",         NULL },
        { "arr_valid_i",    "arr_valid",      NULL },
        { "arr_warp_i",     "arr_warp",       NULL },
        { "kill_i",         "kill",           NULL },
        { "lsu_idle_i",     "lsu_idle",       NULL },
        { NULL, NULL, "The table's read port: not read (tb_ctaid_o gives every TB's index)" },
        { "rd_tb_i",        "{TB_W{1'b0}}",   NULL },
        { "rd_wid_i",       "{WID_W{1'b0}}",  NULL },
        { "rd_valid_o",     "",               NULL },
        { "rd_ctaid_o",     "",               NULL },
        { "rd_warp_slot_o", "",               NULL },
        { "tb_ctaid_o",     "tb_ctaid",       NULL },
        { NULL, NULL, "Placements" },
        { "n_place_o",      "n_place",        NULL },
        { "place_tb_o",     "place_tb",       NULL },
        { "place_ctaid_o",  "",               NULL },
        { "give_o",         "give",           NULL },
        { "give_tb_o",      "",               NULL },
        { "give_wid_o",     "",               NULL },
        { "give_ctaid_o",   "",               NULL },
        { "give_lanes_o",   "",               NULL },
        { "clear_o",        "clear",          NULL },
        { NULL, NULL, "Barriers" },
        { "wpt_valid_o",    "",               NULL },
        { "wpt_tb_o",       "",               NULL },
        { "cnt_o",          "tb_cnt",         NULL },
        { "rank_o",         "tb_rank",        NULL },
        { "release_o",      "",               NULL },
        { "warp_release_o", "",               NULL },
        { "wpt_err_o",      "wpt_err",        NULL },
        { NULL, NULL, "The warp slots" },
        { "warp_resident_o", "resident",      NULL },
        { "warp_pending_o", "pending",        NULL },
        { "warp_barrier_o", "at_bar",         NULL },
        { "warp_tb_o",      "warp_tb",        NULL },
        { "warp_wid_o",     "warp_wid",       NULL },
        { "warp_lanes_o",   "warp_lanes",     NULL },
        { "warp_live_o",    "warp_live",      NULL },
        { "retire_o",       "",               NULL },
        { "tb_done_o",      "",               NULL },
        { "grid_done_o",    "grid_done",      NULL },
    };

    vgen_section(v, "The thread-block launch (sm_dispatch(), the warp slots, the TB table, the WPT)");
    vgen_instance(v, "simtref_sm_launch", "u_launch", NULL, 0,
                  conns, sizeof conns / sizeof conns[0]);
}

/* Each warp's state as the front ends and the issue check read it:
 * ready_vector()'s base, fetchable, long and the checked instruction. */
static void emit_warps(struct vgen *v)
{
    vgen_section(v, "Each warp as the schedulers see it (ready_vector()): slot g's state at field i");
    vgen_line(v, "genvar gs, gw;");
    vgen_generate(v);
    vgen_begin_named(v, "g_sched_w", "for (gs = 0; gs < NUM_SCHED; gs = gs + 1)");
    vgen_begin_named(v, "g_warp", "for (gw = 0; gw < NUM_WARPS; gw = gw + 1)");
    vgen_line(v, "localparam integer I = gs * NUM_WARPS + gw;");
    vgen_line(v, "localparam integer G = gw * NUM_SCHED + gs;     // sm_slot_of()");
    vgen_line(v, "wire              launched = resident[G] && !pending[G];");
    vgen_line(v, "wire [LANES-1:0]  live     = launched ? warp_live[G*LANES +: LANES] : {LANES{1'b0}};");
    vgen_line(v, "wire              checked  = s_base[I] && hd_ready[I] && !view_stale[I];");
    vgen_line(v, "assign s_pending[I]   = resident[G] && pending[G];");
    vgen_line(v, "assign s_lanes[I*LANES +: LANES] = warp_lanes[G*LANES +: LANES];");
    vgen_line(v, "assign s_tb[I*TB_W +: TB_W]      = warp_tb[G*TB_W +: TB_W];");
    vgen_line(v, "assign s_live[I*LANES +: LANES]  = live;");
    vgen_line(v, "assign s_fetchable[I] = launched && |live;");
    vgen_line(v, "// TLS's long waits: no warp, at its barrier, a global access in the LSU");
    vgen_line(v, "assign s_long[I]      = !resident[G] || at_bar[G] || lsu_pending[G];");
    vgen_line(v, "assign s_clear[I]     = clear[I];");
    vgen_line(v, "assign s_base[I]      = launched && !at_bar[G] && view_ok[I];");
    vgen_line(v, "// the checked instruction: a word of the text, its lanes");
    vgen_line(v, "assign s_text[I]      = checked && hd_valid[I] && hd_pc[I*32 +: 32] >= text_lo_i");
    vgen_line(v, "                        && hd_pc[I*32 +: 32] < text_hi_i && hd_pc[I*32 +: 2] == 2'b00;");
    vgen_line(v, "assign s_chk_word[I*32 +: 32]       = s_text[I] ? hd_word[I*32 +: 32] : 32'd0;");
    vgen_line(v, "assign s_chk_mask[I*LANES +: LANES] = checked ? view_mask[I*LANES +: LANES] : {LANES{1'b0}};");
    vgen_end(v);
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_issue(struct vgen *v)
{
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"), VCONN_SAME("rst_ni"),
        { "now_i",        "now_q",        NULL },
        { NULL, NULL, "Warps" },
        { "base_i",       "s_base",       NULL },
        { "buffered_i",   "hd_ready",     NULL },
        { "stale_i",      "view_stale",   NULL },
        { "word_i",       "s_chk_word",   NULL },
        { "text_i",       "s_text",       NULL },
        { "mask_i",       "s_chk_mask",   NULL },
        { "owner_i",      "{(NUM_SLOTS*LANES*WARP_W){1'b0}}", "each lane's thread is its warp's" },
        { "op_valid_i",   "op_valid",     NULL },
        { "op_warp_i",    "op_warp",      NULL },
        { NULL, NULL, "The LSU" },
        { "lsu_ready_i",  "lsu_ready",    NULL },
        { "lsu_taken_i",  "{NUM_SCHED{1'b0}}", "the port's turn is the front ends' (below)" },
        { NULL, NULL, "The runs' reservations and the LSU's write-backs" },
        { "res_valid_i",  "res_valid",    NULL },
        { "res_slots_i",  "res_slots",    NULL },
        { "res_mask_i",   "res_mask",     NULL },
        { "res_rd_i",     "res_rd",       NULL },
        { "res_pend_i",   "res_pend",     NULL },
        { "res_lat_i",    "res_lat",      NULL },
        { "mw_rd_slot_o", "mw_rd_slot",   NULL },
        { "mw_rd_reg_o",  "mw_rd_reg",    NULL },
        { "mw_rd_mask_i", "mw_rd_mask",   NULL },
        { "done_valid_i", "wb_valid",     NULL },
        { "done_rd_i",    "wb_rd",        NULL },
        { "done_mask_i",  "wb_mask",      NULL },
        { "done_slots_i", "wb_slots",     NULL },
        { "grp_valid_i",  "grp_valid",    NULL },
        { "grp_op_i",     "grp_op",       NULL },
        { NULL, NULL, "The check" },
        { "issuable_o",   "s_issuable",   NULL },
        { "hazard_o",     "",             NULL },
        { "group_ok_o",   "",             NULL },
        { "grp_err_o",    "grp_err",      NULL },
    };

    vgen_section(v, "The issue check (decode, scoreboard, SIMD groups)");
    vgen_instance(v, "simtref_sm_issue", "u_issue", NULL, 0,
                  conns, sizeof conns / sizeof conns[0]);
}

/* The LSU's port: the first scheduler whose run goes to memory takes it
 * (sm_send_to_lsu(), lsu_taken), and the memory side. */
static void emit_memory(struct vgen *v)
{
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"), VCONN_SAME("rst_ni"),
        { NULL, NULL, "The run that took the port" },
        { "issue_valid_i",  "lsu_valid",      NULL },
        { "issue_warp_i",   "lsu_warp",       NULL },
        { "issue_op_i",     "lsu_op",         NULL },
        { "issue_rd_i",     "lsu_rd",         NULL },
        { "issue_mask_i",   "lsu_mask",       NULL },
        { "issue_addr_i",   "lsu_addr",       NULL },
        { "issue_wdata_i",  "lsu_wdata",      NULL },
        { "issue_tbs_i",    "lsu_tbs",        NULL },
        { "issue_lanes_i",  "lsu_lanes",      NULL },
        { "issue_slots_i",  "lsu_slots",      NULL },
        { "ready_o",        "lsu_ready",      NULL },
        { "lsu_idle_o",     "lsu_idle",       NULL },
        { "shared_bytes_i", "shared_bytes_i", NULL },
        { "place_i",        "placed_tbs",     NULL },
        { "done_o",         "",               NULL },
        { "done_warp_o",    "",               NULL },
        { "done_rd_o",      "",               NULL },
        { "wb_valid_o",     "wb_valid",       NULL },
        { "wb_warp_o",      "",               NULL },
        { "wb_rd_o",        "wb_rd",          NULL },
        { "wb_mask_o",      "wb_mask",        NULL },
        { "wb_global_o",    "",               NULL },
        { "wb_slots_o",     "wb_slots",       NULL },
        { "wb_data_o",      "wb_data",        NULL },
        { "lsu_pending_o",  "lsu_pending",    NULL },
        { "wait_pending_o", "",               NULL },
        { "rd_slot_i",      "mw_rd_slot",     NULL },
        { "rd_reg_i",       "mw_rd_reg",      NULL },
        { "rd_mask_o",      "mw_rd_mask",     NULL },
        { NULL, NULL, "The memory port" },
        VCONN_SAME("mem_valid_o"), VCONN_SAME("mem_kind_o"),
        VCONN_SAME("mem_line_o"), VCONN_SAME("mem_bytes_o"),
        VCONN_SAME("mem_id_o"), VCONN_SAME("mem_lanes_o"),
        VCONN_SAME("mem_addr_o"), VCONN_SAME("mem_wdata_o"),
        VCONN_SAME("mem_size_o"), VCONN_SAME("mem_amo_o"),
        VCONN_SAME("mem_resp_i"), VCONN_SAME("mem_old_i"),
        VCONN_SAME("mem_old_lanes_i"), VCONN_SAME("mem_rdata_i"),
    };

    vgen_section(v, "The LSU's port: the lowest scheduler whose run goes to memory takes it");
    vgen_line(v, "// (the issue check holds any later one: lsu_taken)");
    vgen_line(v, "reg                      lsu_valid;");
    vgen_line(v, "reg  [SLOT_W-1:0]        lsu_warp;");
    vgen_line(v, "reg  [OP_W-1:0]          lsu_op;");
    vgen_line(v, "reg  [4:0]               lsu_rd;");
    vgen_line(v, "reg  [LANES-1:0]         lsu_mask, lsu_lanes;");
    vgen_line(v, "reg  [LANES*32-1:0]      lsu_addr, lsu_wdata;");
    vgen_line(v, "reg  [LANES*TB_W-1:0]    lsu_tbs;");
    vgen_line(v, "reg  [LANES*SLOT_W-1:0]  lsu_slots;");
    vgen_line(v, "reg  [SLOT_W-1:0]        ls_g;");
    vgen_line(v, "integer ps;");
    vgen_begin(v, "always @*");
    vgen_line(v, "lsu_valid = 1'b0;");
    vgen_line(v, "lsu_warp  = {SLOT_W{1'b0}};");
    vgen_line(v, "lsu_op    = {OP_W{1'b0}};");
    vgen_line(v, "lsu_rd    = 5'd0;");
    vgen_line(v, "lsu_mask  = {LANES{1'b0}};");
    vgen_line(v, "lsu_lanes = {LANES{1'b0}};");
    vgen_line(v, "lsu_addr  = {(LANES*32){1'b0}};");
    vgen_line(v, "lsu_wdata = {(LANES*32){1'b0}};");
    vgen_line(v, "lsu_tbs   = {(LANES*TB_W){1'b0}};");
    vgen_line(v, "lsu_slots = {(LANES*SLOT_W){1'b0}};");
    vgen_line(v, "ls_g      = {SLOT_W{1'b0}};");
    vgen_begin(v, "for (ps = NUM_SCHED - 1; ps >= 0; ps = ps - 1)");
    vgen_begin(v, "if (lsu_first[ps])");
    vgen_line(v, "ls_g      = run_slot[ps*SLOT_W +: SLOT_W];");
    vgen_line(v, "lsu_valid = 1'b1;");
    vgen_line(v, "lsu_warp  = ls_g;");
    vgen_line(v, "lsu_op    = run_op[ps*OP_W +: OP_W];");
    vgen_line(v, "lsu_rd    = run_rd[ps*5 +: 5];");
    vgen_line(v, "lsu_mask  = run_memlanes[ps*LANES +: LANES];");
    vgen_line(v, "lsu_addr  = run_addr[ps*LANES*32 +: LANES*32];");
    vgen_line(v, "lsu_wdata = run_wdata[ps*LANES*32 +: LANES*32];");
    vgen_line(v, "lsu_tbs   = {LANES{warp_tb[ls_g*TB_W +: TB_W]}};");
    vgen_line(v, "// the table of loads in flight takes a load's lanes; every instruction");
    vgen_line(v, "// names each lane's thread (its lr.w/sc.w reservation)");
    vgen_line(v, "lsu_lanes = run_rd[ps*5 +: 5] != 5'd0 ? run_lanes[ps*LANES +: LANES] : {LANES{1'b0}};");
    vgen_line(v, "lsu_slots = {LANES{ls_g}};");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// the TB slots placed this cycle: their shared windows read zero");
    vgen_line(v, "reg  [MAX_TBS-1:0] placed_tbs;");
    vgen_line(v, "integer pk;");
    vgen_begin(v, "always @*");
    vgen_line(v, "placed_tbs = {MAX_TBS{1'b0}};");
    vgen_line(v, "for (pk = 0; pk < MAX_TBS; pk = pk + 1)");
    vgen_line(v, "  if (pk[N_W-1:0] < n_place) placed_tbs[place_tb[pk*TB_W +: TB_W]] = 1'b1;");
    vgen_end(v);
    vgen_blank(v);
    vgen_section(v, "The memory side (LSU, L1, shared memory, loads in flight)");
    vgen_instance(v, "simtref_sm_mem", "u_mem", NULL, 0,
                  conns, sizeof conns / sizeof conns[0]);
}

/* Scheduler s's front end: its connections. */
static void emit_front(struct vgen *v)
{
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"), VCONN_SAME("rst_ni"),
        { NULL, NULL, "The kernel" },
        { "exit_pc_i",        "exit_pc",                          NULL },
        { "entry_pc_i",       "entry_pc",                         NULL },
        { "text_lo_i",        "text_lo_i",                        NULL },
        { NULL, NULL, "Warps" },
        { "clear_i",          "s_clear[gs*NUM_WARPS +: NUM_WARPS]",      NULL },
        { "issuable_i",       "issuable",                         NULL },
        { "fetchable_i",      "s_fetchable[gs*NUM_WARPS +: NUM_WARPS]",  NULL },
        { "warp_live_i",      "s_live[gs*NUM_WARPS*LANES +: NUM_WARPS*LANES]",  NULL },
        { "launch_pending_i", "s_pending[gs*NUM_WARPS +: NUM_WARPS]",    NULL },
        { "warp_lanes_i",     "s_lanes[gs*NUM_WARPS*LANES +: NUM_WARPS*LANES]", NULL },
        { "warp_tb_i",        "s_tb[gs*NUM_WARPS*TB_W +: NUM_WARPS*TB_W]",      NULL },
        { "long_i",           "s_long[gs*NUM_WARPS +: NUM_WARPS]",       NULL },
        { "tb_rank_i",        "tb_rank",                          NULL },
        { "tb_wait_i",        "tb_wait",                          NULL },
        { NULL, NULL, "The instruction memory's answer to the last cycle's fetch" },
        { "fill_valid_i",     "fill_valid_q",                     NULL },
        { "fill_warp_i",      "fill_warp_q",                      NULL },
        { "fill_word_i",      "imem_word_i[gs*32 +: 32]",         NULL },
        { NULL, NULL, "The run (t + 1)" },
        { "issued_i",         "x_valid",                          NULL },
        { "stale_i",          "stale",                            NULL },
        { "control_i",        "x_control",                        NULL },
        { "exec_pc_i",        "run_pc",                           NULL },
        { "exec_mask_i",      "x_valid ? rd_mask_q : {LANES{1'b0}}", NULL },
        { "split_i",          "x_split",                          NULL },
        { "taken_i",          "x_taken",                          NULL },
        { "tpc_i",            "run_tpc",                          NULL },
        { "npc_i",            "run_npc",                          NULL },
        { "live_i",           "run_live & ~x_exits",              NULL },
        { "bar_i",            "x_bar",                            NULL },
        { "exit_i",           "|x_exits",                         NULL },
        { "call_i",           "sb_call_i[gs]",                    NULL },
        { "ret_i",            "sb_ret_i[gs]",                     NULL },
        { "rpc_valid_i",      "sb_rpc_valid_i[gs]",               NULL },
        { "rpc_i",            "sb_rpc_i[gs*PC_W +: PC_W]",        NULL },
        { "late_i",           "sb_late_i[gs*2 +: 2]",             NULL },
        { NULL, NULL, "Launch, scoreboard clear, issue" },
        { "launch_valid_o",   "launch_valid",                     NULL },
        { "launch_warp_o",    "launch_warp",                      NULL },
        { "rdy_valid_o",      "",                                 NULL },
        { "rdy_warp_o",       "",                                 NULL },
        { "ready_o",          "",                                 NULL },
        { "grant_valid_o",    "grant_valid",                      NULL },
        { "grant_warp_o",     "grant_warp",                       NULL },
        { "issue_pc_o",       "grant_pc",                         NULL },
        { "issue_mask_o",     "",                                 NULL },
        { "issue_word_o",     "grant_word",                       NULL },
        { "hd_ready_o",       "hd_ready[gs*NUM_WARPS +: NUM_WARPS]",            NULL },
        { "hd_valid_o",       "hd_valid[gs*NUM_WARPS +: NUM_WARPS]",            NULL },
        { "hd_pc_o",          "hd_pc[gs*NUM_WARPS*32 +: NUM_WARPS*32]",         NULL },
        { "hd_mask_o",        "",                                 NULL },
        { "hd_word_o",        "hd_word[gs*NUM_WARPS*32 +: NUM_WARPS*32]",       NULL },
        { "view_ok_o",        "view_ok[gs*NUM_WARPS +: NUM_WARPS]",             NULL },
        { "view_stale_o",     "view_stale[gs*NUM_WARPS +: NUM_WARPS]",          NULL },
        { "view_mask_o",      "view_mask[gs*NUM_WARPS*LANES +: NUM_WARPS*LANES]", NULL },
        { "op_valid_o",       "op_valid[gs]",                     NULL },
        { "op_warp_o",        "op_warp[gs*WARP_W +: WARP_W]",     NULL },
        { "exec_o",           "op_exec",                          NULL },
        { NULL, NULL, "Fetch" },
        { "fetch_valid_o",    "imem_valid_o[gs]",                 NULL },
        { "fetch_warp_o",     "fetch_warp",                       NULL },
        { "fetch_pc_o",       "imem_addr_o[gs*32 +: 32]",         NULL },
        { "fetch_mask_o",     "",                                 NULL },
        { "flush_valid_o",    "",                                 NULL },
        { "flush_warp_o",     "",                                 NULL },
        { NULL, NULL, "The stage's update" },
        { "pop_o",            "",                                 NULL },
        { "exited_o",         "exited[gs]",                       NULL },
        { "yielded_o",        "yielded[gs]",                      NULL },
        { "rc_err_o",         "rc_err",                           NULL },
        { "fetch_err_o",      "fetch_err",                        NULL },
        { "sched_err_o",      "sched_err",                        NULL },
    };

    vgen_instance(v, "simtref_sm_front", "u_front", NULL, 0,
                  conns, sizeof conns / sizeof conns[0]);
}

/* Scheduler s's operand read (t): the grant's, or the stage's warp that
 * does not execute (held on a hazard, or dropped), whose read writes
 * nothing; its decoder; what the run needs of it a cycle later. */
static void emit_read(struct vgen *v, const struct sm_sizes *z,
                      enum rtl_defect defect)
{
    char ext[96];
    const struct vconn dec[] = {
        { "word_i",     "rd_word",   NULL },
        { "text_i",     "rd_text",   NULL },
        { "rpc_i",      "1'b0",      "the datapath reads no RPC" },
        { "valid_o",    "",          NULL },
        { "rs1_o",      "",          NULL },
        { "rs2_o",      "",          NULL },
        { "rd_o",       "d_rd",      NULL },
        { "unit_o",     "d_unit",    NULL },
        { "mem_o",      "d_mem",     NULL },
        { "rpc_o",      "",          NULL },
        { "op_o",       "d_op",      NULL },
        { "insn_rd_o",  "d_insn_rd", NULL },
        { "insn_rs1_o", "d_rs1",     NULL },
        { "insn_rs2_o", "d_rs2",     NULL },
        { "imm_o",      "d_imm",     NULL },
        { "csr_o",      "d_csr",     NULL },
    };
    const struct vreg regs[] = {
        { "rd_warp_q", "{WARP_W{1'b0}}", "rd_warp" },
        { "rd_pc_q",   "32'd0",          "rd_pc" },
        { "rd_mask_q", "{LANES{1'b0}}",  "rd_mask" },
        { "rd_rd_q",   "5'd0",           "d_rd" },
        { "rd_unit_q", "2'd0",           "d_unit" },
        { "rd_mem_q",  "1'b0",           "d_mem" },
        { "rd_op_q",   "{OP_W{1'b0}}",   "d_op" },
    };
    const struct vreg fill[] = {
        { "fill_valid_q", "1'b0",           "imem_valid_o[gs]" },
        { "fill_warp_q",  "{WARP_W{1'b0}}", "fetch_warp" },
    };

    vgen_line(v, "// the instruction memory answers the fetch in the next cycle");
    vgen_line(v, "reg               fill_valid_q;");
    vgen_line(v, "reg  [WARP_W-1:0] fill_warp_q;");
    vgen_ff(v, fill, sizeof fill / sizeof fill[0], NULL);
    vgen_blank(v);
    vgen_line(v, "// the operand read (t): the grant, else the stage's warp that does not run");
    if (defect == DEFECT_SM_HELD_NOT_READ) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): a held warp's read is not issued again,", rtl_defect_name(defect));
        vgen_line(v, "// so that its run takes the operands read before its hazard cleared");
        vgen_line(v, "wire              rd_held = 1'b0;");
    } else {
        vgen_line(v, "wire              rd_held = op_valid[gs] && !op_exec && !grant_valid;");
    }
    vgen_line(v, "wire              rd_any  = grant_valid || rd_held;");
    vgen_line(v, "wire [WARP_W-1:0] rd_warp = grant_valid ? grant_warp : op_warp[gs*WARP_W +: WARP_W];");
    vgen_line(v, "wire [31:0]       rd_i    = gs * NUM_WARPS + {{(32-WARP_W){1'b0}}, rd_warp};");
    vgen_line(v, "wire [31:0]       rd_pc   = grant_valid ? grant_pc : hd_pc[rd_i*32 +: 32];");
    vgen_line(v, "wire [31:0]       rd_word = grant_valid ? grant_word : hd_word[rd_i*32 +: 32];");
    vgen_line(v, "wire [LANES-1:0]  rd_mask = view_mask[rd_i*LANES +: LANES];");
    vgen_line(v, "wire [SLOT_W-1:0] rd_g    = %s * NS_V + S_V;  // sm_slot_of()",
              vgen_zext(ext, sizeof ext, z->slot_w - z->warp_w, "SLOT_W-WARP_W", "rd_warp"));
    vgen_line(v, "wire [TB_W-1:0]   rd_tb   = warp_tb[rd_g*TB_W +: TB_W];");
    vgen_line(v, "wire              rd_text = rd_any && rd_pc >= text_lo_i && rd_pc < text_hi_i && rd_pc[1:0] == 2'b00;");
    vgen_line(v, "// each lane's thread's grid index and warp of its TB; whole: every live thread");
    vgen_line(v, "wire [LANES*32-1:0]    rd_ctaid = {LANES{tb_ctaid[rd_tb*32 +: 32]}};");
    vgen_line(v, "wire [LANES*WID_W-1:0] rd_wid   = {LANES{warp_wid[rd_g*WID_W +: WID_W]}};");
    vgen_line(v, "wire                   rd_whole = rd_mask == warp_live[rd_g*LANES +: LANES];");
    vgen_line(v, "wire [OP_W-1:0] d_op;");
    vgen_line(v, "wire [4:0]      d_rd, d_insn_rd, d_rs1, d_rs2;");
    vgen_line(v, "wire [31:0]     d_imm;");
    vgen_line(v, "wire [11:0]     d_csr;");
    vgen_line(v, "wire [1:0]      d_unit;");
    vgen_line(v, "wire            d_mem;");
    vgen_instance(v, "simtref_decode", "u_decode", NULL, 0,
                  dec, sizeof dec / sizeof dec[0]);
    vgen_line(v, "assign sb_addr_o[gs*32 +: 32] = rd_pc;");
    vgen_blank(v);
    vgen_line(v, "// what the run needs of its read");
    vgen_line(v, "reg  [WARP_W-1:0] rd_warp_q;");
    vgen_line(v, "reg  [31:0]       rd_pc_q;");
    vgen_line(v, "reg  [LANES-1:0]  rd_mask_q;");
    vgen_line(v, "reg  [4:0]        rd_rd_q;");
    vgen_line(v, "reg  [1:0]        rd_unit_q;");
    vgen_line(v, "reg               rd_mem_q;");
    vgen_line(v, "reg  [OP_W-1:0]   rd_op_q;");
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], "rd_any");
}

/* Scheduler s's datapath: the read's fields in, the run out. */
static void emit_exec(struct vgen *v)
{
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"), VCONN_SAME("rst_ni"),
        { "sched_i",     "SCHED_V",                          NULL },
        { NULL, NULL, "The launch" },
        { "args_i",      "args_i",                           NULL },
        { "block_i",     "block_32",                         NULL },
        { "grid_i",      "grid_i",                           NULL },
        { "place_i",     "s_give",                           NULL },
        { NULL, NULL, "The operand read (t)" },
        { "issue_i",     "rd_any",                           NULL },
        { "warp_i",      "rd_warp",                          NULL },
        { "mask_i",      "rd_mask",                          NULL },
        { "owner_i",     "{LANES{rd_warp}}",                 "each lane's thread is the warp's" },
        { "pc_i",        "rd_pc",                            NULL },
        { "insn_op_i",   "d_op",                             NULL },
        { "insn_rd_i",   "d_insn_rd",                        NULL },
        { "insn_rs1_i",  "d_rs1",                            NULL },
        { "insn_rs2_i",  "d_rs2",                            NULL },
        { "insn_imm_i",  "d_imm",                            NULL },
        { "insn_csr_i",  "d_csr",                            NULL },
        { "ctaid_i",     "rd_ctaid",                         NULL },
        { "wid_i",       "rd_wid",                           NULL },
        { "whole_i",     "rd_whole",                         NULL },
        { "exit_pc_i",   "exit_i",                           NULL },
        { "go_i",        "op_exec && !stale",            "the stage lets its warp run" },
        { NULL, NULL, "The LSU's write-backs" },
        { "ld_valid_i",  "wb_valid",                         NULL },
        { "ld_rd_i",     "wb_rd",                            NULL },
        { "ld_mask_i",   "wb_mask",                          NULL },
        { "ld_slots_i",  "wb_slots",                         NULL },
        { "ld_data_i",   "wb_data",                          NULL },
        { NULL, NULL, "The run (t + 1)" },
        { "valid_o",     "x_valid",                          NULL },
        { "exec_o",      "x_exec",                           NULL },
        { "status_o",    "",                                 NULL },
        { "lane_pc_o",   "",                                 NULL },
        { "mem_o",       "run_memlanes[gs*LANES +: LANES]",  NULL },
        { "mem_write_o", "",                                 NULL },
        { "mem_addr_o",  "run_addr[gs*LANES*32 +: LANES*32]",   NULL },
        { "mem_bytes_o", "",                                 NULL },
        { "mem_wdata_o", "run_wdata[gs*LANES*32 +: LANES*32]",  NULL },
        { "split_o",     "x_split",                          NULL },
        { "taken_o",     "x_taken",                          NULL },
        { "tpc_o",       "x_tpc",                            NULL },
        { "npc_o",       "x_npc",                            NULL },
        { "exits_o",     "x_exits",                          NULL },
        { "bar_o",       "x_bar",                            NULL },
        { "prio_o",      "",                                 NULL },
        { "control_o",   "x_control",                        NULL },
        { NULL, NULL, "The register file's writes" },
        { "wr_o",        "wr_o[gs*LANES +: LANES]",          NULL },
        { "wr_slot_o",   "",                                 NULL },
        { "wr_rd_o",     "wr_rd_o[gs*5 +: 5]",               NULL },
        { "wr_data_o",   "wr_data_o[gs*LANES*32 +: LANES*32]", NULL },
        { "wr2_o",       "wr2_o[gs*LANES +: LANES]",         NULL },
        { "wr2_slot_o",  "wr2_warp_o[gs*LANES*WARP_W +: LANES*WARP_W]", NULL },
        { "wr2_rd_o",    "wr2_rd_o[gs*5 +: 5]",              NULL },
        { "wr2_data_o",  "wr2_data_o[gs*LANES*32 +: LANES*32]", NULL },
        { "ldw_o",       "ldw_o[gs*LDWB*LANES +: LDWB*LANES]", NULL },
        { "ldw_slot_o",  "ldw_warp_o[gs*LDWB*LANES*WARP_W +: LDWB*LANES*WARP_W]", NULL },
        { "ldw_rd_o",    "ldw_rd_o[gs*LDWB*5 +: LDWB*5]",    NULL },
        { "ldw_data_o",  "ldw_data_o[gs*LDWB*LANES*32 +: LDWB*LANES*32]", NULL },
    };

    vgen_line(v, "// the warps placed now take their launch values");
    vgen_line(v, "wire [NUM_WARPS-1:0] s_give;");
    vgen_line(v, "for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_give");
    vgen_line(v, "  assign s_give[gw] = give[gw*NUM_SCHED + gs];");
    vgen_line(v, "end");
    vgen_line(v, "wire [31:0]          block_32 = {{(32-THREAD_W){1'b0}}, block_i};");
    vgen_line(v, "wire                 x_valid, x_split, x_bar, x_control;");
    vgen_line(v, "wire [LANES-1:0]     x_exec, x_taken, x_exits;");
    vgen_line(v, "wire [31:0]          x_tpc, x_npc;");
    vgen_instance(v, "simtref_sm_exec", "u_exec", NULL, 0,
                  conns, sizeof conns / sizeof conns[0]);
}

/* Scheduler s's run (t + 1): what the C SM does with an executed
 * instruction between the stages. */
static void emit_run(struct vgen *v, const struct sm_sizes *z,
                     enum rtl_defect defect)
{
    char ext[96];

    vgen_line(v, "// the run (t + 1): a stale slot is dropped (sm_issue_threads())");
    vgen_line(v, "assign stale = op_valid[gs] && op_exec");
    vgen_line(v, "               && view_stale[gs*NUM_WARPS + {{(32-WARP_W){1'b0}}, op_warp[gs*WARP_W +: WARP_W]}];");
    vgen_line(v, "wire [SLOT_W-1:0] run_g    = %s * NS_V + S_V;",
              vgen_zext(ext, sizeof ext, z->slot_w - z->warp_w, "SLOT_W-WARP_W", "rd_warp_q"));
    vgen_line(v, "wire [LANES-1:0]  run_live = warp_live[run_g*LANES +: LANES];");
    vgen_line(v, "wire [PC_W-1:0]   run_pc   = pc_index(rd_pc_q);");
    vgen_line(v, "wire [PC_W-1:0]   run_tpc  = x_valid ? pc_index(x_tpc) : {PC_W{1'b0}};");
    vgen_line(v, "wire [PC_W-1:0]   run_npc  = x_valid ? pc_index(x_npc) : {PC_W{1'b0}};");
    vgen_line(v, "assign run_slot[gs*SLOT_W +: SLOT_W] = run_g;");
    vgen_line(v, "assign run_lanes[gs*LANES +: LANES]  = x_exec;");
    vgen_line(v, "assign run_rd[gs*5 +: 5]             = rd_rd_q;");
    vgen_line(v, "assign run_op[gs*OP_W +: OP_W]       = rd_op_q;");
    vgen_line(v, "// the LSU's port this cycle: the stage's warp does not run a memory");
    vgen_line(v, "// instruction when a lower scheduler's run took it (ready_vector()'s lsu_now;");
    vgen_line(v, "// the issue check asks about the LSU's accept, this about the port's turn)");
    vgen_line(v, "wire [NUM_WARPS-1:0] issuable;");
    vgen_line(v, "for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_turn");
    vgen_line(v, "  localparam integer      W   = gw;");
    vgen_line(v, "  localparam [WARP_W-1:0] W_V = W[WARP_W-1:0];");
    vgen_line(v, "  wire held = op_valid[gs] && op_warp[gs*WARP_W +: WARP_W] == W_V;");
    if (defect == DEFECT_SM_LSU_TURN_IGNORED) {
        vgen_line(v, "  // DELIBERATE DEFECT (%s): the port's turn is ignored", rtl_defect_name(defect));
        vgen_line(v, "  wire unused_turn = held && rd_mem_q && lsu_taken[gs];");
        vgen_line(v, "  assign issuable[gw] = s_issuable[gs*NUM_WARPS + gw];");
    } else {
        vgen_line(v, "  assign issuable[gw] = s_issuable[gs*NUM_WARPS + gw]");
        vgen_line(v, "                        && !(held && rd_mem_q && lsu_taken[gs]);");
    }
    vgen_line(v, "end");
    vgen_line(v, "// to memory: the LSU's port (sm_send_to_lsu()); any other run enters its SIMD");
    vgen_line(v, "// group, and a destination is reserved (send_issued())");
    vgen_line(v, "assign run_mem[gs]  = x_valid && rd_mem_q;");
    vgen_line(v, "assign took[gs]     = run_mem[gs] && |x_exec;");
    vgen_line(v, "assign grp_valid[gs]            = x_valid && !rd_mem_q;");
    vgen_line(v, "assign grp_op[gs*2 +: 2]        = grp_valid[gs] ? rd_unit_q : 2'd0;");
    vgen_line(v, "assign res_valid[gs]            = rd_rd_q != 5'd0 && (grp_valid[gs] || took[gs]);");
    vgen_line(v, "assign res_pend[gs]             = res_valid[gs] && rd_mem_q;");
    vgen_line(v, "assign res_rd[gs*5 +: 5]        = res_valid[gs] ? rd_rd_q : 5'd0;");
    vgen_line(v, "assign res_mask[gs*LANES +: LANES] = res_valid[gs] ? x_exec : {LANES{1'b0}};");
    vgen_line(v, "assign res_slots[gs*LANES*SLOT_W +: LANES*SLOT_W] = res_valid[gs] ? {LANES{run_g}}");
    vgen_line(v, "                                                                  : {(LANES*SLOT_W){1'b0}};");
    if (defect == DEFECT_SM_RESERVE_SHORT) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): every latency a cycle short", rtl_defect_name(defect));
        vgen_line(v, "localparam integer ALU_RES = ALU_DUE - 1, MUL_RES = MUL_DUE - 1, DIV_RES = DIV_DUE - 1;");
    } else {
        vgen_line(v, "localparam integer ALU_RES = ALU_DUE, MUL_RES = MUL_DUE, DIV_RES = DIV_DUE;");
    }
    vgen_line(v, "assign res_lat[gs*LAT_W +: LAT_W] = !res_valid[gs] || rd_mem_q ? {LAT_W{1'b0}}");
    vgen_line(v, "                                  : rd_unit_q == 2'd1 ? MUL_RES[LAT_W-1:0]");
    vgen_line(v, "                                  : rd_unit_q == 2'd2 ? DIV_RES[LAT_W-1:0] : ALU_RES[LAT_W-1:0];");
    vgen_line(v, "// simt.bar arrives unless its threads yielded (barrier_arrive())");
    vgen_line(v, "assign arr_valid[gs]                = x_valid && x_bar && !yielded[gs];");
    vgen_line(v, "assign arr_warp[gs*WARP_W +: WARP_W] = arr_valid[gs] ? rd_warp_q : {WARP_W{1'b0}};");
    vgen_line(v, "// the launch the front end chose, the exits (all live lanes when the last path ended)");
    vgen_line(v, "for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_events");
    vgen_line(v, "  localparam integer      G   = gw * NUM_SCHED + gs;");
    vgen_line(v, "  localparam integer      W   = gw;");
    vgen_line(v, "  localparam [WARP_W-1:0] W_V = W[WARP_W-1:0];");
    vgen_line(v, "  wire here = x_valid && rd_warp_q == W_V;");
    vgen_line(v, "  assign launch[G] = launch_valid && launch_warp == W_V;");
    if (defect == DEFECT_SM_EXIT_KEEPS_LIVE) {
        vgen_line(v, "  // DELIBERATE DEFECT (%s): only the exiting lanes are killed", rtl_defect_name(defect));
        vgen_line(v, "  wire unused_exited = exited[gs];");
        vgen_line(v, "  assign kill[G*LANES +: LANES] = here ? x_exits : {LANES{1'b0}};");
    } else {
        vgen_line(v, "  assign kill[G*LANES +: LANES] = here ? x_exits | (exited[gs] ? run_live : {LANES{1'b0}})");
        vgen_line(v, "                                       : {LANES{1'b0}};");
    }
    vgen_line(v, "end");
    vgen_line(v, "assign front_err[gs] = rc_err || fetch_err || sched_err;");
    vgen_line(v, "// the commit record");
    vgen_line(v, "assign commit_valid_o[gs]                = x_valid;");
    vgen_line(v, "assign commit_warp_o[gs*WARP_W +: WARP_W] = x_valid ? rd_warp_q : {WARP_W{1'b0}};");
    vgen_line(v, "assign commit_pc_o[gs*32 +: 32]          = x_valid ? rd_pc_q : 32'd0;");
    vgen_line(v, "assign commit_mask_o[gs*LANES +: LANES]  = x_valid ? x_exec : {LANES{1'b0}};");
}

static void emit_schedulers(struct vgen *v, const struct sm_sizes *z,
                            enum rtl_defect defect)
{
    vgen_section(v, "Per warp scheduler: front end, operand read and decode, datapath, the run");
    vgen_generate(v);
    vgen_begin_named(v, "g_sched", "for (gs = 0; gs < NUM_SCHED; gs = gs + 1)");
    vgen_line(v, "localparam integer      S       = gs;");
    vgen_line(v, "localparam integer      NS      = NUM_SCHED;");
    vgen_line(v, "localparam [SCHED_W-1:0] SCHED_V = S[SCHED_W-1:0];");
    vgen_line(v, "localparam [SLOT_W-1:0] S_V     = S[SLOT_W-1:0];");
    vgen_line(v, "localparam [SLOT_W-1:0] NS_V    = NS[SLOT_W-1:0];");
    vgen_line(v, "wire                    launch_valid, grant_valid, op_exec, rc_err, fetch_err, sched_err;");
    vgen_line(v, "wire                    stale;   // the run's slot is stale: dropped, nothing runs");
    vgen_line(v, "wire [WARP_W-1:0]       launch_warp, grant_warp, fetch_warp;");
    vgen_line(v, "wire [31:0]             grant_pc, grant_word;");
    emit_read(v, z, defect);
    vgen_blank(v);
    emit_exec(v);
    vgen_blank(v);
    emit_run(v, z, defect);
    vgen_blank(v);
    emit_front(v);
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_outputs(struct vgen *v)
{
    vgen_section(v, "The TBs' barriers as the schedulers read them; the grid's end; errors");
    vgen_generate(v);
    vgen_line(v, "for (gw = 0; gw < MAX_TBS; gw = gw + 1) begin : g_wait");
    vgen_line(v, "  assign tb_wait[gw] = tb_cnt[gw*CNT_W +: CNT_W] != {CNT_W{1'b0}};");
    vgen_line(v, "end");
    vgen_endgenerate(v);
    vgen_line(v, "assign lsu_taken[0] = 1'b0;");
    vgen_generate(v);
    vgen_line(v, "for (gs = 1; gs < NUM_SCHED; gs = gs + 1) begin : g_taken");
    vgen_line(v, "  assign lsu_taken[gs] = lsu_taken[gs-1] || took[gs-1];");
    vgen_line(v, "end");
    vgen_endgenerate(v);
    vgen_line(v, "assign lsu_first = took & ~lsu_taken;");
    vgen_line(v, "assign done_o = grid_done;");
    vgen_line(v, "assign err_o  = |front_err || grp_err || wpt_err;");
}

void emit_sm(struct vgen *v, const struct simt_config *cfg,
             enum rtl_defect defect)
{
    struct sm_sizes z;

    sizes_of(cfg, &z);
    emit_header(v, cfg, &z);
    vgen_line(v, "// The stages' outputs the SM does not read are left open.");
    vgen_line(v, "/* verilator lint_off PINCONNECTEMPTY */");
    emit_wires(v);
    emit_kernel(v, &z);
    emit_launch(v);
    emit_warps(v);
    emit_issue(v);
    emit_memory(v);
    emit_schedulers(v, &z, defect);
    emit_outputs(v);
    vgen_line(v, "/* verilator lint_on PINCONNECTEMPTY */");
    vgen_module_end(v, "simtref_sm");
}
