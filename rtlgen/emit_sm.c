/*
 * emit_sm.c -- simtref_sm: the SM, composed of its stages as sm_cycle()
 * (golden/sm/sm.c) calls their models: the thread-block launch
 * (simtref_sm_launch) once; per warp scheduler a front end
 * (simtref_sm_front), a decoder of the operand read (simtref_decode) and
 * a datapath (simtref_sm_exec); the issue check (simtref_sm_issue) and
 * the memory side (simtref_sm_mem) once.  The glue between them is what
 * sm.c computes between the stages (docs/rtl-sm.md), and nothing
 * else.
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
#include "emit_sm.h"
#include "arbiter.h"
#include "dispatch.h"
#include "lsu.h"
#include "scoreboard.h"
#include "tb_table.h"
#include "wpt.h"

#include <stdio.h>
#include <string.h>


static void sizes_of(const struct simt_config *cfg, struct sm_sizes *z)
{
    struct lsu_geometry u;
    struct scoreboard_geometry sb;
    struct dispatch_geometry dg;
    struct tb_table_geometry tg;
    struct wpt_geometry wg;
    struct arbiter_geometry ag;
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
    z->sbr = cfg->reconvergence == RECONV_SBR;
    z->ics = cfg->reconvergence == RECONV_ICS_FIRST;
    z->minpc = cfg->reconvergence == RECONV_MINPC;
    arbiter_geometry(cfg, &ag);
    z->sp_w = ag.sp_w;
    z->off_w = sm_reconv_minpc_off_bits();
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
    };
    /* the side-band's answer: what the mode's control-flow stage takes */
    const struct vport sideband_sbr[] = {
        { "input",  "[NUM_SCHED-1:0]",          "sb_call_i",       "a call through ra" },
        { "input",  "[NUM_SCHED-1:0]",          "sb_ret_i",        "a return (jalr x0, 0(ra))" },
        { "input",  "[NUM_SCHED-1:0]",          "sb_rpc_valid_i",  "a branch of the program's table ..." },
        { "input",  "[NUM_SCHED*PC_W-1:0]",     "sb_rpc_i",        "... re-converging here (index)" },
        { "input",  "[NUM_SCHED*2-1:0]",        "sb_late_i",       "the side reaching simt.bar first" },
    };
    const struct vport sideband_ics[] = {
        { "input",  "[NUM_SCHED*2-1:0]",        "sb_action_i",     "the ICS action at the PC: 1 raise, 2 lower, 3 outmost" },
    };
    /* (minpc's arbiters read none: the operand read's address is left
       for a loader that has nothing to say) */
    const struct vport tail[] = {
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

    struct vport all[sizeof ports / sizeof ports[0]     /* room for either side-band */
                     + sizeof sideband_sbr / sizeof sideband_sbr[0]
                     + sizeof sideband_ics / sizeof sideband_ics[0]
                     + sizeof tail / sizeof tail[0]];
    const struct vport *sb = z->ics ? sideband_ics : sideband_sbr;
    size_t n_sb = z->ics ? sizeof sideband_ics / sizeof sideband_ics[0]
                : z->sbr ? sizeof sideband_sbr / sizeof sideband_sbr[0] : 0;
    size_t n = 0;

    memcpy(&all[n], ports, sizeof ports);
    n += sizeof ports / sizeof ports[0];
    if (n_sb)
        memcpy(&all[n], sb, n_sb * sizeof sb[0]);
    n += n_sb;
    memcpy(&all[n], tail, sizeof tail);
    n += sizeof tail / sizeof tail[0];
    emit_file_header(v, "simtref_sm.v", z->ics ? "the SM, composed of its stages (ics-first)"
                                      : z->minpc ? "the SM, composed of its stages (minpc)"
                                               : "the SM, composed of its stages",
                     "docs/rtl-sm.md; C model: golden/sm/sm.c (sm_cycle()).",
                     cfg);
    vgen_module_begin(v, "simtref_sm", params, sizeof params / sizeof params[0],
                      all, n);
}

/* The wires between the stages, declared once. */
static void emit_wires(struct vgen *v, const struct sm_sizes *z)
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
    if (z->sbr) {
        vgen_line(v, "wire [NUM_SCHED-1:0]         op_valid, yielded, exited, front_err;");
    } else {
        vgen_line(v, z->ics ? "wire [NUM_SCHED-1:0]         op_valid, front_err;"
                            : "wire [NUM_SCHED-1:0]         op_valid, exited, front_err;");
        vgen_line(v, "wire [NUM_SLOTS-1:0]         all_bar;         // the warp's threads all wait at simt.bar");
        vgen_line(v, "wire [NUM_SLOTS-1:0]         warp_release;    // the WPT releases the warp on this edge");
    }
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
    if (z->sbr)     /* the SBR stacks' last re-convergence */
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

static void emit_launch(struct vgen *v, const struct sm_sizes *z)
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
        { "warp_release_o", z->sbr ? "" : "warp_release", NULL },
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
    emit_wires(v, &z);
    emit_kernel(v, &z);
    emit_launch(v, &z);
    emit_warps(v);
    emit_issue(v);
    emit_memory(v);
    emit_sm_schedulers(v, &z, defect);
    emit_outputs(v);
    vgen_line(v, "/* verilator lint_on PINCONNECTEMPTY */");
    vgen_module_end(v, "simtref_sm");
}
