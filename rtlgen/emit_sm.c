/*
 * emit_sm.c -- simtref_sm: the SM, composed of its stages as sm_cycle()
 * (golden/sm/sm.c) calls their models: the thread-block launch
 * (simtref_sm_launch) once; per warp scheduler a front end
 * (simtref_sm_front), a decoder of the operand read (simtref_decode) and
 * a datapath (simtref_sm_exec); the issue check (simtref_sm_issue) and
 * the memory side (simtref_sm_mem) once.  The glue between them is what
 * sm.c computes between the stages (docs/rtl-stages.md, "Composing
 * simtref_sm").  Composed under operand_read_cycles = 1: the datapath
 * reads a warp's operands in its grant's cycle and runs it in the next.
 *
 * DRAFT: sbr and minpc; not in the registry yet.
 */
#include "rtlgen.h"
#include "bits.h"
#include "emit_common.h"
#include "lsu.h"
#include "l1_cache.h"
#include "scoreboard.h"
#include "sm_memory.h"

#include <stdio.h>

/* The sizes of the top's ports and glue. */
struct sm_sizes {
    unsigned sched, warps, lanes, slots;    /* S, W, L, S x W */
    unsigned warp_w, slot_w, tb_w, tbs, wid_w, pc_w, op_w;
    unsigned lat_w;                         /* the scoreboard's latency */
    unsigned due_alu, due_mul, due_div;     /* a SIMD group's result */
    unsigned line_w, bytes_w, id_w, mshrs, entries, lb_w;  /* DRAM port */
    unsigned shb_w;                         /* shared bytes of a TB */
};

static unsigned width(unsigned n)   /* bits of 0 .. n - 1, at least 1 */
{
    return n > 1 ? bits_for(n - 1) : 1;
}

static void sizes_of(const struct simt_config *cfg, struct sm_sizes *z)
{
    struct lsu_geometry u;
    struct l1_cache_geometry l1;
    struct scoreboard_geometry sb;
    unsigned occ = (cfg->warp_size + cfg->simd_width - 1) / cfg->simd_width;

    lsu_geometry(cfg, &u);
    l1_cache_geometry(cfg, &l1);
    scoreboard_geometry(cfg, &sb);
    z->sched = cfg->schedulers;
    z->warps = cfg->threads_per_scheduler / cfg->warp_size;
    z->lanes = cfg->warp_size;
    z->slots = z->sched * z->warps;
    z->warp_w = width(z->warps);
    z->slot_w = width(z->slots);
    z->tbs = cfg->max_tbs;
    z->tb_w = width(z->tbs);
    z->wid_w = width(cfg->max_warps_per_tb);
    z->pc_w = cfg->pc_bits;
    z->op_w = rtl_op_bits();
    z->lat_w = sb.count_w;
    z->due_alu = occ - 1 + cfg->alu_latency;
    z->due_mul = occ - 1 + cfg->mul_latency;
    z->due_div = occ - 1 + cfg->div_latency;
    z->mshrs = u.mshrs;
    z->entries = u.entries;
    z->line_w = u.addr_w - bits_for(u.line_bytes - 1);
    z->bytes_w = bits_for(u.line_bytes);
    z->id_w = bits_for(u.mshrs + u.entries - 1);
    z->lb_w = u.line_bytes * 8;
    z->shb_w = bits_for(cfg->shared_kb * 1024u);
    (void)l1;
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct sm_sizes *z)
{
    const struct vparam params[] = {
        { "NUM_SCHED", z->sched,  NULL, "warp schedulers" },
        { "NUM_WARPS", z->warps,  NULL, "warps per scheduler" },
        { "LANES",     z->lanes,  NULL, "threads per warp" },
        { "PC_W",      z->pc_w,   NULL, "the control-flow stage's PC: an index into the text" },
        { NULL, 0, NULL, "Derived sizes (from the generator)" },
        { "NUM_SLOTS", 0, "NUM_SCHED * NUM_WARPS", "warp slots of the SM" },
        { "WARP_W",    z->warp_w, NULL, "a warp of a scheduler" },
        { "SLOT_W",    z->slot_w, NULL, "a warp slot of the SM: warp x NUM_SCHED + scheduler" },
        { "MAX_TBS",   z->tbs,    NULL, "TB slots" },
        { "TB_W",      z->tb_w,   NULL, "a TB slot" },
        { "WID_W",     z->wid_w,  NULL, "a warp's number in its TB" },
        { "OP_W",      z->op_w,   NULL, "an operation code (golden/isa/rv32.h)" },
        { "LAT_W",     z->lat_w,  NULL, "a reservation's latency" },
        { "SHB_W",     z->shb_w,  NULL, "bytes of shared memory a TB holds" },
        { "MSHRS",     z->mshrs,  NULL, "the L1's MSHRs: the memory port's read ids" },
        { "ENTRIES",   z->entries, NULL, "the LSU's entries: its atomic ids" },
        { "LINE_W",    z->line_w, NULL, "a line number on the memory port" },
        { "BYTES_W",   z->bytes_w, NULL, "bytes a memory request moves" },
        { "ID_W",      z->id_w,   NULL, "a memory request's id" },
        { "LB_W",      z->lb_w,   NULL, "a line's bits" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                         "clk_i",          "clock" },
        { "input",  "",                         "rst_ni",         "asynchronous reset, active low" },
        { NULL, NULL, NULL, "The launch: start_i for a cycle, the rest held while the grid runs" },
        { "input",  "",                         "start_i",        "a grid starts (the SM idle)" },
        { "input",  "[31:0]",                   "text_lo_i",      "the text's first byte" },
        { "input",  "[31:0]",                   "text_hi_i",      "... one past its last" },
        { "input",  "[31:0]",                   "entry_i",        "the kernel's entry" },
        { "input",  "[31:0]",                   "exit_i",         "its exit: a return there ends a thread" },
        { "input",  "[31:0]",                   "args_i",         "its argument (x10)" },
        { "input",  "[31:0]",                   "grid_i",         "TBs of the grid" },
        { "input",  "[31:0]",                   "block_i",        "threads of a TB" },
        { "input",  "[SHB_W-1:0]",              "shared_bytes_i", "shared memory a TB holds" },
        { "output", "",                         "done_o",         "every TB finished, the LSU idle" },
        { "output", "",                         "err_o",          "a part refused an event" },
        { NULL, NULL, NULL, "Instruction memory: a fetch per scheduler, answered in the next cycle" },
        { "output", "[NUM_SCHED-1:0]",          "imem_valid_o",   "a fetch ..." },
        { "output", "[NUM_SCHED*32-1:0]",       "imem_addr_o",    "... at this byte address" },
        { "input",  "[NUM_SCHED*32-1:0]",       "imem_word_i",    "the words at the last cycle's addresses" },
        { NULL, NULL, NULL, "The loader's side-band per text word, read with the operands, answered in the next cycle" },
        { "output", "[NUM_SCHED*32-1:0]",       "sb_addr_o",      "the operand read's instruction" },
        { "input",  "[NUM_SCHED-1:0]",          "sb_call_i",      "a call through ra" },
        { "input",  "[NUM_SCHED-1:0]",          "sb_ret_i",       "a return (jalr x0, 0(ra))" },
        { "input",  "[NUM_SCHED-1:0]",          "sb_rpc_valid_i", "a branch of the program's table ..." },
        { "input",  "[NUM_SCHED*PC_W-1:0]",     "sb_rpc_i",       "... re-converging here (index)" },
        { "input",  "[NUM_SCHED*2-1:0]",        "sb_late_i",      "the side reaching simt.bar first" },
        { "input",  "[NUM_SCHED-1:0]",          "sb_text_rpc_i",  "the word is a re-convergence PC" },
        { NULL, NULL, NULL, "The memory port to DRAM (simtref_sm_mem's)" },
        { "output", "",                         "mem_valid_o",    "a request, at most one a cycle" },
        { "output", "[1:0]",                    "mem_kind_o",     "0 line read, 1 write, 2 atomic" },
        { "output", "[LINE_W-1:0]",             "mem_line_o",     "its line" },
        { "output", "[BYTES_W-1:0]",            "mem_bytes_o",    "bytes it moves" },
        { "output", "[ID_W-1:0]",               "mem_id_o",       "MSHR (read), MSHRS + entry (atomic)" },
        { "output", "[LANES-1:0]",              "mem_lanes_o",    "a write's or atomic's lanes ..." },
        { "output", "[LANES*32-1:0]",           "mem_addr_o",     "... each one's byte address ..." },
        { "output", "[LANES*32-1:0]",           "mem_wdata_o",    "... its data ..." },
        { "output", "[1:0]",                    "mem_size_o",     "... the access size ..." },
        { "output", "[4:0]",                    "mem_amo_o",      "... the atomic's funct5" },
        { "input",  "[MSHRS+ENTRIES-1:0]",      "mem_resp_i",     "ids answered at this edge" },
        { "input",  "[ENTRIES*LANES*32-1:0]",   "mem_old_i",      "an atomic's old words ..." },
        { "input",  "[ENTRIES*LANES-1:0]",      "mem_old_lanes_i", "... at these lanes" },
        { "input",  "[MSHRS*LB_W-1:0]",         "mem_rdata_i",    "a read's line" },
        { NULL, NULL, NULL, "The commit record, per scheduler (the cycle an instruction runs)" },
        { "output", "[NUM_SCHED-1:0]",          "commit_valid_o", "an instruction runs ..." },
        { "output", "[NUM_SCHED*WARP_W-1:0]",   "commit_warp_o",  "... of this warp ..." },
        { "output", "[NUM_SCHED*32-1:0]",       "commit_pc_o",    "... at this PC ..." },
        { "output", "[NUM_SCHED*LANES-1:0]",    "commit_mask_o",  "... on these lanes" },
    };

    emit_file_header(v, "simtref_sm.v", "the SM",
                     "docs/rtl-stages.md; C model: golden/sm/sm.c (sm_cycle()).",
                     cfg);
    vgen_module_begin(v, "simtref_sm", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

void emit_sm(struct vgen *v, const struct simt_config *cfg,
             enum rtl_defect defect)
{
    struct sm_sizes z;

    (void)defect;
    sizes_of(cfg, &z);
    emit_header(v, cfg, &z);
    vgen_module_end(v, "simtref_sm");
}
