/*
 * emit_sm_exec.c -- simtref_sm_exec: the datapath behind one warp
 * scheduler's issue port, composed as golden/sm/sm_execute.c composes
 * its models: the register file (simtref_regfile) holding the registers
 * of the scheduler's warps, whose read ports give each lane its operands
 * (under harp at its own thread's warp, the per-lane offsets), a lane
 * (simtref_lane) per thread of a warp, and the branch unit's outcome for
 * the control-flow stage.
 *
 * The timing boundary (docs/rtl-stages.md): the C SM reads, computes and writes an instruction in
 * its issue cycle t.  The module reads the operands in cycle t (the
 * banks' synchronous read ports), the lanes compute in t + 1 and the
 * write port takes their results at the edge of t + 1; the outcome is an
 * output in t + 1.  A divide leaves the lane's divider div_latency - 2
 * cycles after it entered (in t + 1) and is written through the register
 * file's second write port, so a dependent instruction the scoreboard
 * lets issue at its due cycle reads it.  A load's or atomic's register
 * is written when the LSU says it is done: each of the LSU's write-back
 * ports (simtref_sm_mem's wb_*_o, with the value rd takes) is taken at
 * the done's edge d and written at d + 1's through a write port of its
 * own, whose values a read at that edge takes through the bypass (the
 * scoreboard lets a dependent issue at d + 1).  sm_exec_check() refuses the
 * configurations whose latencies leave the module too little time.
 *
 * A thread's launch registers (regfile_launch(): x2 its stack top, x10
 * the kernel's argument, the rest 0) are not written into the banks: a
 * bit per thread register tells whether it was written since the
 * thread's placement, and a read of one that was not gives its launch
 * value.  A placement clears its warp's bits in one cycle.
 *
 * Under operand_read_cycles = 1 the SM issues the read in the grant's
 * cycle g (and again in each cycle the operand-read stage holds the warp
 * on a hazard), and the instruction runs in g + 1, the C SM's cycle of
 * execution, only with go_i: whatever a held or dropped read computed
 * is neither written nor an output, and a load is in flight from the
 * edge it runs at.  It runs on the lanes of the control-flow stage's view
 * in g + 1 (run_mask_i), as the C SM takes them at execution, of those
 * the read covered; and the read takes the loads done in its own cycle
 * through the bypass, which the run sees in the C SM.
 */
#include "rtlgen.h"
#include "bits.h"
#include "emit_common.h"
#include "lane.h"
#include "regfile.h"
#include "sm_memory.h"

#include <stdio.h>

/* Cycles the module spends outside the lane's divider on a divide: the
 * operand read (the issue's edge) and the write (the result's edge). */
enum { EXEC_EDGES = 2 };   /* DIV_PIPE's expression in the module */
/* The register file's write ports before the loads': the lanes', the
 * divider's (WRITES's expression in the module). */
enum { EXEC_PORTS = 2 };

int sm_exec_check(const struct simt_config *cfg, char *err, size_t errlen)
{
    /* A result computed in t + 1 is written at that edge, and a register
     * read at it takes the value through the bypass (a dependent may
     * issue at t + 1: any alu_latency).  A divide's leaves the divider in
     * t + div_latency - 1 and is written at that edge, for a dependent
     * issued at its due cycle, t + occupancy - 1 + div_latency
     * (simd_group_eval()), occupancy >= 1: the divider has div_latency -
     * 2 cycles, and needs one at least. */
    if (cfg->div_latency <= EXEC_EDGES) {
        snprintf(err, errlen, "the SM's datapath in Verilog "
                 "(simtref_sm_exec) gives its divider div_latency - %d "
                 "cycles, so it needs a div_latency of at least %d (the "
                 "configuration '%s' has %u)", EXEC_EDGES, EXEC_EDGES + 1,
                 cfg->name, cfg->div_latency);
        return -1;
    }
    /* the lane's delay line after its 32 iterating stages is written only
     * when the configuration's divider has one */
    if ((cfg->div_latency > LANE_DIV_ITERATIONS)
        != (cfg->div_latency - EXEC_EDGES > LANE_DIV_ITERATIONS)) {
        snprintf(err, errlen, "the SM's datapath in Verilog "
                 "(simtref_sm_exec) gives its divider div_latency - %d "
                 "cycles: a div_latency of %u leaves the lane's divider "
                 "without the delay line simtref_lane.v is written with "
                 "(choose at most %d or more than %d)", EXEC_EDGES,
                 cfg->div_latency, LANE_DIV_ITERATIONS,
                 LANE_DIV_ITERATIONS + EXEC_EDGES);
        return -1;
    }
    return 0;
}

/* The sizes of the module. */
struct exec_sizes {
    unsigned lanes, warps, slot_w, sched_w, wid_w, op_w;
    unsigned ldwb, warp_w;      /* the LSU's write-back ports; an SM slot */
    bool offsets;               /* harp: each lane's thread's own warp */
    bool sbr;                   /* the SBR stack's serialized jumps */
    bool op_stage;              /* operand_read_cycles = 1: a read the
                                   stage holds or drops is discarded */
};

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct exec_sizes *z)
{
    const struct vparam params[] = {
        { "LANES",       z->lanes,          NULL, "threads per warp: a lane and a bank each" },
        { "NUM_WARPS",   z->warps,          NULL, "warps of the scheduler: a row set per bank" },
        { "NUM_SCHED",   cfg->schedulers,   NULL, "warp schedulers of the SM" },
        { "DIV_LATENCY", cfg->div_latency,  NULL, "a divide's issue to its result read" },
        { "LDWB",        z->ldwb,           NULL, "the LSU's write-back ports (lsu_writebacks)" },
        { NULL, 0, NULL, "Derived sizes (from the generator)" },
        { "DIV_PIPE",    0, "DIV_LATENCY - 2", "... of which the lane's divider" },
        { "SLOT_W",      z->slot_w,         NULL, "a warp of the scheduler" },
        { "SCHED_W",     z->sched_w,        NULL, "a scheduler" },
        { "WID_W",       z->wid_w,          NULL, "a warp's number in its TB" },
        { "WARP_W",      z->warp_w,         NULL, "a warp slot of the SM (warp x NUM_SCHED + scheduler)" },
        { "WRITES",      0, "2 + LDWB",     "the register file's write ports" },
        { "OP_W",        z->op_w,           NULL, "operation code (golden/isa/rv32.h)" },
    };
    const struct vport head_ports[] = {
        { NULL, NULL, NULL, "Clock, reset and the SM's wiring" },
        { "input",  "",                   "clk_i",       "clock" },
        { "input",  "",                   "rst_ni",      "asynchronous reset, active low" },
        { "input",  "[SCHED_W-1:0]",      "sched_i",     "this issue port's scheduler (a constant)" },
        { NULL, NULL, NULL, "The launch: constant while a grid runs; placements" },
        { "input",  "[31:0]",             "args_i",      "the kernel's argument: x10 at the launch" },
        { "input",  "[31:0]",             "block_i",     "threads per TB (ntid)" },
        { "input",  "[31:0]",             "grid_i",      "TBs of the grid (nctaid)" },
        { "input",  "[NUM_WARPS-1:0]",    "place_i",     "warps placed now: their registers take launch values" },
        { NULL, NULL, NULL, "The issue (cycle t): the instruction, its warp and lanes" },
        { "input",  "",                   "issue_i",     "an instruction issues" },
        { "input",  "[SLOT_W-1:0]",       "warp_i",      "... from this warp" },
        { "input",  "[LANES-1:0]",        "mask_i",      "... on the lanes whose thread runs" },
        { "input",  "[LANES*SLOT_W-1:0]", "owner_i",     "... each lane's thread's warp (harp)" },
        { "input",  "[31:0]",             "pc_i",        "... at this PC" },
        { "input",  "[OP_W-1:0]",         "insn_op_i",   "the decoded instruction (rv32_decode)" },
        { "input",  "[4:0]",              "insn_rd_i",   "" },
        { "input",  "[4:0]",              "insn_rs1_i",  "" },
        { "input",  "[4:0]",              "insn_rs2_i",  "" },
        { "input",  "[31:0]",             "insn_imm_i",  "" },
        { "input",  "[11:0]",             "insn_csr_i",  "" },
        { "input",  "[LANES*32-1:0]",     "ctaid_i",     "per lane: its thread's TB's grid index" },
        { "input",  "[LANES*WID_W-1:0]",  "wid_i",       "per lane: its thread's warp in the TB" },
        { "input",  "[31:0]",             "exit_pc_i",   "the kernel's exit (a return to it exits)" },
    };
    const struct vport whole_port[] = {
        { "input",  "",                   "whole_i",     "the lanes hold every live thread of their warps" },
    };
    const struct vport stage_ports[] = {
        { NULL, NULL, NULL, "The operand-read stage (t + 1): whether the instruction read at t's edge runs" },
        { "input",  "",                   "go_i",        "it executes now; 0: the stage holds or drops its warp (nothing written)" },
        { "input",  "[LANES-1:0]",        "run_mask_i",  "... on the lanes of the stage's view now, of those read (mask_i: all that may run)" },
        { "input",  "",                   "run_whole_i", "... which hold every live thread of their warps" },
    };
    const struct vport tail_ports[] = {
        { NULL, NULL, NULL, "The LSU's write-back ports (cycle d): loads and atomics done" },
        { "input",  "[LDWB-1:0]",         "ld_valid_i",  "a load or atomic is done (simtref_sm_mem's wb_valid_o)" },
        { "input",  "[LDWB*5-1:0]",       "ld_rd_i",     "... its destination register" },
        { "input",  "[LDWB*LANES-1:0]",   "ld_mask_i",   "... its lanes" },
        { "input",  "[LDWB*LANES*WARP_W-1:0]", "ld_slots_i", "... each lane's thread's warp slot of the SM" },
        { "input",  "[LDWB*LANES*32-1:0]", "ld_data_i",  "... each lane's value of rd" },
        { NULL, NULL, NULL, "The lanes (t + 1)" },
        { "output", "",                   "valid_o",     "the issued instruction is in the lanes" },
        { "output", "[LANES-1:0]",        "exec_o",      "the lanes that execute it" },
        { "output", "[LANES*3-1:0]",      "status_o",    "per lane: the lane's status" },
        { "output", "[LANES*32-1:0]",     "lane_pc_o",   "per lane: its thread's next PC" },
        { NULL, NULL, NULL, "Memory requests to the LSU (t + 1)" },
        { "output", "[LANES-1:0]",        "mem_o",       "a request (the kind: the instruction)" },
        { "output", "[LANES-1:0]",        "mem_write_o", "... that writes" },
        { "output", "[LANES*32-1:0]",     "mem_addr_o",  "... its address" },
        { "output", "[LANES*3-1:0]",      "mem_bytes_o", "... 1, 2 or 4 bytes" },
        { "output", "[LANES*32-1:0]",     "mem_wdata_o", "... store data or the AMO's operand" },
        { NULL, NULL, NULL, "The branch unit, for the control-flow stage (t + 1)" },
        { "output", "",                   "split_o",     "the lanes go two ways" },
        { "output", "[LANES-1:0]",        "taken_o",     "... these to tpc_o" },
        { "output", "[31:0]",             "tpc_o",       "... the first lane's target" },
        { "output", "[31:0]",             "npc_o",       "the (other) lanes' target" },
        { "output", "[LANES-1:0]",        "exits_o",     "the lanes that exit" },
        { "output", "",                   "bar_o",       "simt.bar" },
        { "output", "[1:0]",              "prio_o",      "simt.prio.*: 1 raise, 2 lower, 3 set-outmost" },
        { "output", "",                   "control_o",   "not a plain fall-through" },
        { NULL, NULL, NULL, "The register file's write ports (the results, at their edge)" },
        { "output", "[LANES-1:0]",        "wr_o",        "the lanes' results (t + 1)" },
        { "output", "[LANES*SLOT_W-1:0]", "wr_slot_o",   "... each lane's thread's warp" },
        { "output", "[4:0]",              "wr_rd_o",     "... the register" },
        { "output", "[LANES*32-1:0]",     "wr_data_o",   "... the values" },
        { "output", "[LANES-1:0]",        "wr2_o",       "the divider's results" },
        { "output", "[LANES*SLOT_W-1:0]", "wr2_slot_o",  "... each lane's thread's warp" },
        { "output", "[4:0]",              "wr2_rd_o",    "... the register" },
        { "output", "[LANES*32-1:0]",     "wr2_data_o",  "... the values" },
        { "output", "[LDWB*LANES-1:0]",   "ldw_o",       "the loads' write ports (d + 1): this scheduler's lanes" },
        { "output", "[LDWB*LANES*SLOT_W-1:0]", "ldw_slot_o", "... each lane's thread's warp" },
        { "output", "[LDWB*5-1:0]",       "ldw_rd_o",    "... the register" },
        { "output", "[LDWB*LANES*32-1:0]", "ldw_data_o", "... the values" },
    };
    struct vport ports[sizeof head_ports / sizeof head_ports[0] + 1
                       + sizeof stage_ports / sizeof stage_ports[0]
                       + sizeof tail_ports / sizeof tail_ports[0]];
    size_t nports = 0;

    VGEN_PORTS_ADD(ports, &nports, head_ports);
    if (z->op_stage)
        VGEN_PORTS_ADD(ports, &nports, stage_ports);
    else
        VGEN_PORTS_ADD(ports, &nports, whole_port);
    VGEN_PORTS_ADD(ports, &nports, tail_ports);

    emit_file_header(v, "simtref_sm_exec.v", "the datapath of a warp scheduler's issue port",
                     "docs/architecture.md; C model: golden/sm/sm_execute.c "
                     "(sm_execute()).", cfg);
    vgen_line(v, "// The register file of the scheduler's warps (a bank per lane), a lane");
    vgen_line(v, "// per thread of a warp and the branch unit.  An instruction issued in");
    vgen_line(v, "// cycle t reads its operands at t's edge; in t + 1 the lanes compute,");
    vgen_line(v, "// the outcome and the memory requests are outputs, and the results are");
    vgen_line(v, "// written at t + 1's edge.  A divide's value leaves the lane's divider");
    vgen_line(v, "// DIV_PIPE = %u cycles after it entered and is written through the",
              cfg->div_latency - EXEC_EDGES);
    vgen_line(v, "// second write port, in time for an instruction issued at its due");
    vgen_line(v, "// cycle (t + DIV_LATENCY).  A load's or atomic's value comes with its");
    vgen_line(v, "// done on an LSU write-back port in cycle d, of the lanes whose thread");
    vgen_line(v, "// is this scheduler's (warp slot mod NUM_SCHED), and is written at");
    vgen_line(v, "// d + 1's edge through a write port of its own; the bypass gives it");
    vgen_line(v, "// to a read at that edge.  A register not written since its thread's");
    vgen_line(v, "// placement reads its launch value: x2 the thread's stack top, x10 the");
    vgen_line(v, "// kernel's argument, else 0.");
    if (z->op_stage) {
        vgen_line(v, "// The operand-read stage (operand_read_cycles = 1): the issue is the");
        vgen_line(v, "// read for the warp the stage holds in t + 1, which runs then only with");
        vgen_line(v, "// go_i; a read for a warp the stage holds on a hazard or drops writes");
        vgen_line(v, "// nothing, and the stage issues its read again.");
    }
    if (z->offsets)
        vgen_line(v, "// harp: each lane reads and writes at its own thread's warp (owner_i).");
    else
        vgen_line(v, "// Every lane reads and writes at the issuing warp (owner_i unused).");
    if (z->sbr) {
        vgen_line(v, "// sbr: the lanes of an indirect jump (jalr x0, not a return) going to");
        vgen_line(v, "// three or more targets run the lowest lane's target only.");
    }
    vgen_line(v, "// Storage: the register file, the lanes' dividers, a written bit and a");
    vgen_line(v, "// load-in-flight bit per thread register (%u each), the issue register,",
              z->warps * z->lanes * 32);
    vgen_line(v, "// the divides' rows and the write-back register of the loads done.");
    vgen_blank(v);
    vgen_module_begin(v, "simtref_sm_exec", params, sizeof params / sizeof params[0],
                      ports, nports);
}

static void emit_codes(struct vgen *v, const struct exec_sizes *z)
{
    static const struct { const char *name; unsigned op; } ops[] = {
        { "OP_JALR",             RV32_JALR },
        { "OP_LB",               RV32_LB },
        { "OP_LHU",              RV32_LHU },
        { "OP_LR_W",             RV32_LR_W },
        { "OP_AMOMAXU_W",        RV32_AMOMAXU_W },
        { "OP_DIV",              RV32_DIV },
        { "OP_DIVU",             RV32_DIVU },
        { "OP_REM",              RV32_REM },
        { "OP_REMU",             RV32_REMU },
        { "OP_SIMT_PRIO_RAISE",  RV32_SIMT_PRIO_RAISE },
        { "OP_SIMT_PRIO_LOWER",  RV32_SIMT_PRIO_LOWER },
    };

    vgen_section(v, "Codes (golden/isa/rv32.h) and the stacks (golden/sm/sm_memory.h)");
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        vgen_line(v, "localparam [OP_W-1:0] %-18s = %u'd%u;", ops[i].name, z->op_w,
                  ops[i].op);
    vgen_line(v, "localparam [2:0]      ST_BARRIER         = 3'd%u;", RV32_BARRIER);
    vgen_line(v, "localparam [2:0]      ST_EXIT            = 3'd%u;", RV32_EXIT);
    vgen_line(v, "localparam [2:0]      ST_PRIO            = 3'd%u;", RV32_PRIO);
    vgen_line(v, "localparam [31:0]     STACK_BASE         = 32'h%08x;  // thread i's stack",
              SM_STACK_BASE);
    vgen_line(v, "localparam [31:0]     STACK_BYTES        = 32'd%u;  // ... tops at base + (i+1) x bytes",
              SM_STACK_BYTES);
    vgen_line(v, "localparam [31:0]     LANES_V            = LANES;");
    vgen_line(v, "localparam [31:0]     SCHEDS_V           = NUM_SCHED;");
}

static void emit_load_writeback(struct vgen *v, const struct exec_sizes *z,
                                enum rtl_defect defect)
{
    const struct vreg live[] = {
        { "ldw_q",    "{(LDWB*LANES){1'b0}}",        "ldw_d" },
    };
    const struct vreg held[] = {
        { "ldslot_q", "{(LDWB*LANES*SLOT_W){1'b0}}", "ldslot_d" },
        { "ldrd_q",   "{(LDWB*5){1'b0}}",            "ld_rd_i" },
        { "lddata_q", "{(LDWB*LANES*32){1'b0}}",     "ld_data_i" },
    };

    vgen_section(v, "The LSU's write-backs (cycle d), written at d + 1's edge");
    vgen_line(v, "// A lane's thread is this scheduler's when its warp slot of the SM is");
    vgen_line(v, "// warp x NUM_SCHED + sched_i; its warp here is slot / NUM_SCHED.  The");
    vgen_line(v, "// done's lanes and slots come from the table of loads in flight in d:");
    vgen_line(v, "// the write-back register takes them and the values at d's edge.");
    vgen_line(v, "reg  [LDWB*LANES-1:0]        ldw_d;");
    vgen_line(v, "reg  [LDWB*LANES*SLOT_W-1:0] ldslot_d;");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "reg  [31:0]                  lslot, lwarp;   // below NUM_WARPS * NUM_SCHED");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_line(v, "integer lp, ll;");
    vgen_begin(v, "always @*");
    vgen_line(v, "ldw_d    = {(LDWB*LANES){1'b0}};");
    vgen_line(v, "ldslot_d = {(LDWB*LANES*SLOT_W){1'b0}};");
    vgen_line(v, "lslot    = 32'd0;");
    vgen_line(v, "lwarp    = 32'd0;");
    vgen_begin(v, "for (lp = 0; lp < LDWB; lp = lp + 1)");
    vgen_begin(v, "for (ll = 0; ll < LANES; ll = ll + 1)");
    vgen_line(v, "lslot = {{(32-WARP_W){1'b0}}, ld_slots_i[(lp*LANES + ll)*WARP_W +: WARP_W]};");
    vgen_line(v, "lwarp = lslot / SCHEDS_V;");
    vgen_line(v, "ldw_d[lp*LANES + ll] = ld_valid_i[lp] && ld_mask_i[lp*LANES + ll]");
    vgen_line(v, "                       && lslot %% SCHEDS_V == {{(32-SCHED_W){1'b0}}, sched_i};");
    vgen_line(v, "ldslot_d[(lp*LANES + ll)*SLOT_W +: SLOT_W] = lwarp[SLOT_W-1:0];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "reg  [LDWB*LANES-1:0]        ldw_q;      // the lanes written at d + 1's edge");
    vgen_line(v, "reg  [LDWB*LANES*SLOT_W-1:0] ldslot_q;   // ... their threads' warps");
    vgen_line(v, "reg  [LDWB*5-1:0]            ldrd_q;     // ... the registers");
    vgen_line(v, "reg  [LDWB*LANES*32-1:0]     lddata_q;   // ... the values");
    vgen_ff(v, live, sizeof live / sizeof live[0], NULL);
    vgen_ff(v, held, sizeof held / sizeof held[0], "|ld_valid_i");
    vgen_blank(v);
    vgen_line(v, "wire [LDWB*LANES-1:0]        ldw;        // the loads' write ports now");
    vgen_line(v, "wire [LDWB*LANES-1:0]        ldkeep;     // ... whose load is still its thread's (below)");
    if (z->op_stage)
        vgen_line(v, "wire [LDWB*LANES-1:0]        ldkeep_d;   // the dones now: ... (below)");
    vgen_line(v, "wire [LDWB*LANES*SLOT_W-1:0] ldslot;");
    vgen_line(v, "wire [LDWB*5-1:0]            ldrd;");
    vgen_line(v, "wire [LDWB*LANES*32-1:0]     lddata;");
    if (defect == DEFECT_SM_EXEC_LOAD_LATE) {
        const struct vreg late[] = {
            { "late_w_q",    "{(LDWB*LANES){1'b0}}",        "ldw_q" },
            { "late_slot_q", "{(LDWB*LANES*SLOT_W){1'b0}}", "ldslot_q" },
            { "late_rd_q",   "{(LDWB*5){1'b0}}",            "ldrd_q" },
            { "late_data_q", "{(LDWB*LANES*32){1'b0}}",     "lddata_q" },
        };
        vgen_line(v, "// DELIBERATE DEFECT (%s): the write-back goes through a",
                  rtl_defect_name(defect));
        vgen_line(v, "// second register: a load's register is written a cycle late.");
        vgen_line(v, "reg  [LDWB*LANES-1:0]        late_w_q;");
        vgen_line(v, "reg  [LDWB*LANES*SLOT_W-1:0] late_slot_q;");
        vgen_line(v, "reg  [LDWB*5-1:0]            late_rd_q;");
        vgen_line(v, "reg  [LDWB*LANES*32-1:0]     late_data_q;");
        vgen_ff(v, late, sizeof late / sizeof late[0], NULL);
        vgen_line(v, "assign ldw    = late_w_q & ldkeep;");
        vgen_line(v, "assign ldslot = late_slot_q;");
        vgen_line(v, "assign ldrd   = late_rd_q;");
        vgen_line(v, "assign lddata = late_data_q;");
    } else {
        vgen_line(v, "assign ldw    = ldw_q & ldkeep;");
        vgen_line(v, "assign ldslot = ldslot_q;");
        vgen_line(v, "assign ldrd   = ldrd_q;");
        vgen_line(v, "assign lddata = lddata_q;");
    }
    vgen_blank(v);
    vgen_line(v, "// Each port's register for every lane (the register file's rd_i).");
    vgen_line(v, "wire [LDWB*LANES*5-1:0]      ldrds;");
    vgen_line(v, "genvar gp;");
    vgen_generate(v);
    vgen_line(v, "for (gp = 0; gp < LDWB; gp = gp + 1) begin : g_ldrd");
    vgen_indent(v);
    vgen_line(v, "assign ldrds[gp*LANES*5 +: LANES*5] = {LANES{ldrd[gp*5 +: 5]}};");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_endgenerate(v);
}

/* Inside the bypass's lane loop: the loads' write ports whose lane il
 * writes (valid) register rd of the lane's thread (slot) give their
 * value (data) to a read of rs1 or rs2 at this edge. */
static void emit_load_bypass(struct vgen *v, const char *valid,
                             const char *rd, const char *slot,
                             const char *data)
{
    vgen_begin(v, "for (ip = 0; ip < LDWB; ip = ip + 1)");
    vgen_begin(v, "if (%s && %s[ip*5 +: 5] != 5'd0 && %s[(ip*LANES + il)*SLOT_W +: SLOT_W] == t_slots[il*SLOT_W +: SLOT_W])",
               valid, rd, slot);
    for (int k = 1; k <= 2; k++) {
        vgen_begin(v, "if (%s[ip*5 +: 5] == insn_rs%d_i)", rd, k);
        vgen_line(v, "b%d_d[il]            = 1'b1;", k);
        vgen_line(v, "bv%d_d[il*32 +: 32]  = %s[(ip*LANES + il)*32 +: 32];", k, data);
        vgen_end(v);
    }
    vgen_end(v);
    vgen_end(v);
}

static void emit_issue_register(struct vgen *v, const struct exec_sizes *z,
                                enum rtl_defect defect)
{
    const struct vreg live[] = {
        { "iss_q",  "1'b0",              "issue_i" },
        { "mask_q", "{LANES{1'b0}}",     "issue_i ? mask_i : {LANES{1'b0}}" },
    };
    const struct vreg held[] = {
        { "slots_q", "{(LANES*SLOT_W){1'b0}}", "t_slots" },
        { "pc_q",    "32'd0",                 "pc_i" },
        { "op_q",    "{OP_W{1'b0}}",          "insn_op_i" },
        { "rd_q",    "5'd0",                  "insn_rd_i" },
        { "rs1_q",   "5'd0",                  "insn_rs1_i" },
        { "rs2_q",   "5'd0",                  "insn_rs2_i" },
        { "imm_q",   "32'd0",                 "insn_imm_i" },
        { "csr_q",   "12'd0",                 "insn_csr_i" },
        { "ctaid_q", "{(LANES*32){1'b0}}",    "ctaid_i" },
        { "wid_q",   "{(LANES*WID_W){1'b0}}", "wid_i" },
        { "v1_q",    "{LANES{1'b0}}",         "v1_d" },
        { "v2_q",    "{LANES{1'b0}}",         "v2_d" },
        { "b1_q",    "{LANES{1'b0}}",         "b1_d" },
        { "b2_q",    "{LANES{1'b0}}",         "b2_d" },
        { "bv1_q",   "{(LANES*32){1'b0}}",    "bv1_d" },
        { "bv2_q",   "{(LANES*32){1'b0}}",    "bv2_d" },
        { "whole_q", "1'b0",                  "whole_i" },   /* last: not under the stage */
    };

    vgen_section(v, "The issue (cycle t): each lane's thread's warp, the issue register");
    if (z->offsets)
        vgen_line(v, "wire [LANES*SLOT_W-1:0] t_slots = owner_i;       // each lane's own");
    else
        vgen_line(v, "wire [LANES*SLOT_W-1:0] t_slots = {LANES{warp_i}};  // the issuing warp's");
    vgen_blank(v);
    vgen_line(v, "// Per thread register: written since the thread's placement (the");
    vgen_line(v, "// lanes' banks of written bits, below), read beside the register file.");
    vgen_line(v, "wire [LANES-1:0]  v1_d, v2_d;   // the registers read were written");
    vgen_blank(v);
    vgen_line(v, "// The bypass: the values written at this edge to the registers read at");
    vgen_line(v, "// it, which the banks read before the write: the lanes' results (wr1,");
    vgen_line(v, "// the instruction in the lanes now) and the loads' (ldw, done in the");
    vgen_line(v, "// last cycle: the scoreboard released their registers at its edge).");
    if (z->op_stage) {
        vgen_line(v, "// A read runs in the next cycle, which sees the loads done now too: a");
        vgen_line(v, "// warp the stage holds on a load runs in the cycle after its done with");
        vgen_line(v, "// the read of the done's cycle (ldw_d, written at the next edge).");
    }
    vgen_line(v, "reg  [LANES-1:0]    b1_d, b2_d;");
    vgen_line(v, "reg  [LANES*32-1:0] bv1_d, bv2_d;");
    vgen_line(v, "wire [LANES-1:0]    wr1;      // the lanes' write port now (below) ...");
    vgen_line(v, "wire [LANES*32-1:0] l_val;    // ... and values (the lanes')");
    vgen_line(v, defect == DEFECT_SM_EXEC_NO_BYPASS ? "integer il;" : "integer il, ip;");
    vgen_begin(v, "always @*");
    vgen_line(v, "b1_d  = {LANES{1'b0}};");
    vgen_line(v, "b2_d  = {LANES{1'b0}};");
    vgen_line(v, "bv1_d = l_val;");
    vgen_line(v, "bv2_d = l_val;");
    vgen_begin(v, "for (il = 0; il < LANES; il = il + 1)");
    if (defect == DEFECT_SM_EXEC_NO_BYPASS) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): no bypass; a register read", rtl_defect_name(defect));
        vgen_line(v, "// at its write's edge gets the bank's old value.");
        vgen_line(v, "b1_d[il] = 1'b0;");
        vgen_line(v, "b2_d[il] = 1'b0;");
    } else {
        vgen_begin(v, "if (wr1[il] && rd_q != 5'd0 && slots_q[il*SLOT_W +: SLOT_W] == t_slots[il*SLOT_W +: SLOT_W])");
        vgen_line(v, "b1_d[il] = rd_q == insn_rs1_i;");
        vgen_line(v, "b2_d[il] = rd_q == insn_rs2_i;");
        vgen_end(v);
        emit_load_bypass(v, "ldw[ip*LANES + il]", "ldrd", "ldslot", "lddata");
        if (z->op_stage)
            emit_load_bypass(v, "ldw_d[ip*LANES + il] && ldkeep_d[ip*LANES + il]",
                             "ld_rd_i", "ldslot_d", "ld_data_i");
    }
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// The instruction in the lanes' cycle (t + 1).");
    vgen_line(v, "reg                     iss_q;");
    vgen_line(v, "reg  [LANES-1:0]        mask_q;");
    vgen_line(v, "reg  [LANES*SLOT_W-1:0] slots_q;");
    vgen_line(v, "reg  [31:0]             pc_q, imm_q;");
    vgen_line(v, "reg  [OP_W-1:0]         op_q;");
    vgen_line(v, "reg  [4:0]              rd_q, rs1_q, rs2_q;");
    vgen_line(v, "reg  [11:0]             csr_q;");
    vgen_line(v, "reg  [LANES*32-1:0]     ctaid_q;");
    vgen_line(v, "reg  [LANES*WID_W-1:0]  wid_q;");
    if (!z->op_stage)
        vgen_line(v, "reg                     whole_q;");
    vgen_line(v, "reg  [LANES-1:0]        v1_q, v2_q;");
    vgen_line(v, "reg  [LANES-1:0]        b1_q, b2_q;  // ... a write port wrote them at the read");
    vgen_line(v, "reg  [LANES*32-1:0]     bv1_q, bv2_q;  // ... with these values");
    vgen_ff(v, live, sizeof live / sizeof live[0], NULL);
    /* (the stage's run_whole_i is the run's, not the read's) */
    vgen_ff(v, held, sizeof held / sizeof held[0] - (z->op_stage ? 1 : 0), "issue_i");
    vgen_blank(v);
    if (z->op_stage && defect == DEFECT_SM_EXEC_RUNS_HELD) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): every read runs, go_i ignored:", rtl_defect_name(defect));
        vgen_line(v, "// a held or dropped warp's instruction writes and sends.");
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire             unused_go = go_i ^ (|run_mask_i);");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
        vgen_line(v, "wire             run      = iss_q;");
        vgen_line(v, "wire [LANES-1:0] run_mask = mask_q;");
    } else if (z->op_stage) {
        vgen_line(v, "// It runs (t + 1) when the operand-read stage lets its warp execute:");
        vgen_line(v, "// a read for a warp the stage holds (a hazard) or drops is discarded,");
        vgen_line(v, "// and the stage's next read is issued again.  It runs on the lanes of");
        vgen_line(v, "// the stage's view now, as the C SM decides them at execution (a");
        vgen_line(v, "// barrier released after the read adds its threads), of those read.");
        vgen_line(v, "wire             run      = iss_q & go_i;");
        vgen_line(v, "wire [LANES-1:0] run_mask = mask_q & run_mask_i & {LANES{go_i}};");
    } else {
        vgen_line(v, "// It runs (t + 1): every read executes.");
        vgen_line(v, "wire             run      = iss_q;");
        vgen_line(v, "wire [LANES-1:0] run_mask = mask_q;");
    }
}

static void emit_operands(struct vgen *v)
{
    vgen_section(v, "The operands (t + 1): the banks', or a launch value");
    vgen_line(v, "wire [LANES*32-1:0] rf_rs1, rf_rs2;   // the register file's read data");
    vgen_line(v, "wire [LANES*32-1:0] a1, a2;           // each lane's operands");
    vgen_line(v, "genvar gl;");
    vgen_generate(v);
    vgen_line(v, "for (gl = 0; gl < LANES; gl = gl + 1) begin : g_operand");
    vgen_indent(v);
    vgen_line(v, "localparam [31:0]  LANE_V = gl;");
    vgen_line(v, "wire [31:0] slot   = {{(32-SLOT_W){1'b0}}, slots_q[gl*SLOT_W +: SLOT_W]};");
    vgen_line(v, "wire [31:0] sched  = {{(32-SCHED_W){1'b0}}, sched_i};");
    vgen_line(v, "wire [31:0] thread = (slot * SCHEDS_V + sched) * LANES_V + LANE_V;  // sm_slot_of()");
    vgen_line(v, "wire [31:0] top    = STACK_BASE + (thread + 32'd1) * STACK_BYTES;");
    vgen_line(v, "wire [31:0] l1     = (rs1_q == 5'd2) ? top : (rs1_q == 5'd10) ? args_i : 32'd0;");
    vgen_line(v, "wire [31:0] l2     = (rs2_q == 5'd2) ? top : (rs2_q == 5'd10) ? args_i : 32'd0;");
    vgen_line(v, "assign a1[gl*32 +: 32] = b1_q[gl] ? bv1_q[gl*32 +: 32] : v1_q[gl] ? rf_rs1[gl*32 +: 32] : l1;");
    vgen_line(v, "assign a2[gl*32 +: 32] = b2_q[gl] ? bv2_q[gl*32 +: 32] : v2_q[gl] ? rf_rs2[gl*32 +: 32] : l2;");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_endgenerate(v);
}

static void emit_exec_lanes(struct vgen *v, const struct exec_sizes *z)
{
    vgen_section(v, "The lanes that execute");
    if (!z->sbr) {
        vgen_line(v, "wire [LANES-1:0] exec = run_mask;");
        return;
    }
    vgen_line(v, "// An indirect jump (jalr x0 that is not a return) whose lanes go to");
    vgen_line(v, "// three or more targets runs the lanes of the lowest lane's target; the");
    vgen_line(v, "// others stay at the jump (the SBR stack splits only two ways).");
    vgen_line(v, "wire jump = op_q == OP_JALR && rd_q == 5'd0 && !(rs1_q == 5'd1 && imm_q == 32'd0);");
    vgen_line(v, "reg  [LANES-1:0] exec, first;");
    vgen_line(v, "reg  [31:0]      t0, t1, tgt;");
    vgen_line(v, "reg  [1:0]       targets;   // 0, 1, 2, 3: three or more");
    vgen_line(v, "integer jl;");
    vgen_begin(v, "always @*");
    vgen_line(v, "first   = {LANES{1'b0}};");
    vgen_line(v, "t0      = 32'd0;");
    vgen_line(v, "t1      = 32'd0;");
    vgen_line(v, "tgt     = 32'd0;");
    vgen_line(v, "targets = 2'd0;");
    vgen_begin(v, "for (jl = 0; jl < LANES; jl = jl + 1)");
    vgen_begin(v, "if (run_mask[jl])");
    vgen_line(v, "tgt = (a1[jl*32 +: 32] + imm_q) & ~32'd1;");
    vgen_begin(v, "if (targets == 2'd0)");
    vgen_line(v, "t0      = tgt;");
    vgen_line(v, "targets = 2'd1;");
    vgen_elsif(v, "targets == 2'd1 && tgt != t0");
    vgen_line(v, "t1      = tgt;");
    vgen_line(v, "targets = 2'd2;");
    vgen_elsif(v, "targets == 2'd2 && tgt != t0 && tgt != t1");
    vgen_line(v, "targets = 2'd3;");
    vgen_end(v);
    vgen_line(v, "first[jl] = tgt == t0;");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "exec = (jump && targets == 2'd3) ? first : run_mask;");
    vgen_end(v);
}

static void emit_lanes(struct vgen *v, const struct exec_sizes *z,
                       enum rtl_defect defect)
{
    const struct vconn params[] = {
        { "DIV_LATENCY", "DIV_PIPE", "the divider's share of a divide's latency" },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "insn_op_i",     "op_q",                 NULL },
        { "insn_rd_i",     "rd_q",                 NULL },
        { "insn_rs1_i",    "rs1_q",                NULL },
        { "insn_imm_i",    "imm_q",                NULL },
        { "insn_csr_i",    "csr_q",                NULL },
        { "issue_i",       "exec[gl]",             NULL },
        { "pc_i",          "pc_q",                 NULL },
        { "rs1_i",         "a1[gl*32 +: 32]",      NULL },
        { "rs2_i",         "a2[gl*32 +: 32]",      NULL },
        { "csr_i",         "csr",                  NULL },
        { "csr_present_i", "{6{1'b1}}",            "every SIMT CSR exists" },
        { "mem_rdata_i",   "32'd0",                "a load's value comes with its done" },
        { "status_o",      "l_status[gl*3 +: 3]",  NULL },
        { "rd_write_o",    "l_rdw[gl]",            NULL },
        { "rd_value_o",    "l_val[gl*32 +: 32]",   NULL },
        { "next_pc_o",     "l_next[gl*32 +: 32]",  NULL },
        { "branch_o",      "l_branch[gl]",         "the trace's" },
        { "taken_o",       "l_taken[gl]",          NULL },
        { "mem_o",         "l_mem[gl]",            NULL },
        { "mem_write_o",   "mem_write_o[gl]",      NULL },
        { "mem_addr_o",    "mem_addr_o[gl*32 +: 32]", NULL },
        { "mem_bytes_o",   "mem_bytes_o[gl*3 +: 3]",  NULL },
        { "mem_wdata_o",   "mem_wdata_o[gl*32 +: 32]", NULL },
        { "div_done_o",    "l_div[gl]",            NULL },
        { "div_value_o",   "l_dval[gl*32 +: 32]",  NULL },
    };

    (void)z;
    vgen_section(v, "A lane per thread of the warp (t + 1)");
    vgen_line(v, "wire [LANES*3-1:0]  l_status;");
    vgen_line(v, "wire [LANES-1:0]    l_rdw, l_mem, l_div;");
    vgen_line(v, "wire [LANES*32-1:0] l_next, l_dval;");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire [LANES-1:0]    l_branch, l_taken;   // not the stage's");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_generate(v);
    vgen_line(v, "for (gl = 0; gl < LANES; gl = gl + 1) begin : g_lane");
    vgen_indent(v);
    vgen_line(v, "localparam [31:0]    LANE_V = gl;");
    vgen_line(v, "wire [31:0] wid = {{(32-WID_W){1'b0}}, wid_q[gl*WID_W +: WID_W]};");
    vgen_line(v, "// the thread's CSRs, tid first: tid, ntid, ctaid, nctaid, warpid, laneid");
    vgen_line(v, "wire [6*32-1:0] csr = {LANE_V, wid, grid_i, ctaid_q[gl*32 +: 32], block_i,");
    vgen_line(v, "                       wid * LANES_V + LANE_V};");
    vgen_instance(v, "simtref_lane", "u_lane", params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_endgenerate(v);
    vgen_line(v, "assign mem_o    = exec & l_mem;");
    vgen_line(v, "assign exec_o   = exec;");
    vgen_line(v, "assign valid_o  = run;");
    vgen_line(v, "assign status_o = l_status;");
    (void)defect;
}

static void emit_branch_unit(struct vgen *v, const struct exec_sizes *z)
{
    vgen_section(v, "The branch unit: the lanes' targets, barrier, exits, priority");
    vgen_line(v, "wire div_op = op_q == OP_DIV || op_q == OP_DIVU || op_q == OP_REM || op_q == OP_REMU;");
    vgen_line(v, "reg  [LANES-1:0] taken, exits;");
    vgen_line(v, "reg  [31:0]      ta, tb, nxt;");
    vgen_line(v, "reg              seen, two, bar, ret;");
    vgen_line(v, "reg  [1:0]       prio;");
    vgen_line(v, "reg  [LANES*32-1:0] lane_pc;");
    vgen_line(v, "integer bl;");
    vgen_begin(v, "always @*");
    vgen_line(v, "taken   = {LANES{1'b0}};");
    vgen_line(v, "exits   = {LANES{1'b0}};");
    vgen_line(v, "ta      = 32'd0;");
    vgen_line(v, "tb      = 32'd0;");
    vgen_line(v, "nxt     = 32'd0;");
    vgen_line(v, "seen    = 1'b0;");
    vgen_line(v, "two     = 1'b0;");
    vgen_line(v, "bar     = 1'b0;");
    vgen_line(v, "prio    = 2'd0;");
    vgen_line(v, "lane_pc = {LANES{pc_q}};   // a lane left at the jump stays");
    vgen_begin(v, "for (bl = 0; bl < LANES; bl = bl + 1)");
    vgen_begin(v, "if (exec[bl])");
    vgen_line(v, "// a thread that exits goes to the kernel's exit");
    vgen_line(v, "nxt = (l_status[bl*3 +: 3] == ST_EXIT) ? exit_pc_i : l_next[bl*32 +: 32];");
    vgen_line(v, "lane_pc[bl*32 +: 32] = nxt;");
    vgen_line(v, "// the first lane's target; a second; a third is not the unit's");
    vgen_begin(v, "if (!seen)");
    vgen_line(v, "ta        = nxt;");
    vgen_line(v, "seen      = 1'b1;");
    vgen_line(v, "taken[bl] = 1'b1;");
    vgen_elsif(v, "nxt == ta");
    vgen_line(v, "taken[bl] = 1'b1;");
    vgen_elsif(v, "!two");
    vgen_line(v, "two = 1'b1;");
    vgen_line(v, "tb  = nxt;");
    vgen_end(v);
    vgen_line(v, "bar       = bar | (l_status[bl*3 +: 3] == ST_BARRIER);");
    vgen_line(v, "exits[bl] = l_status[bl*3 +: 3] == ST_EXIT;");
    vgen_begin(v, "if (l_status[bl*3 +: 3] == ST_PRIO)");
    vgen_line(v, "prio = (op_q == OP_SIMT_PRIO_RAISE) ? 2'd1 : (op_q == OP_SIMT_PRIO_LOWER) ? 2'd2 : 2'd3;");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// some threads of a warp return from the kernel to its exit: they exit");
    vgen_line(v, "ret = !two && exits == {LANES{1'b0}} && ta == exit_pc_i && op_q == OP_JALR");
    vgen_line(v, "      && rd_q == 5'd0 && !%s;", z->op_stage ? "run_whole_i" : "whole_q");
    vgen_begin(v, "if (ret)");
    vgen_line(v, "exits = run_mask;");
    vgen_end(v);
    vgen_line(v, "// the lanes left at a serialized jump are the other side");
    vgen_begin(v, "if (exec != run_mask)");
    vgen_line(v, "two = 1'b1;");
    vgen_line(v, "tb  = pc_q;");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "assign split_o   = run && two;");
    vgen_line(v, "assign taken_o   = two ? taken : {LANES{1'b0}};");
    vgen_line(v, "assign tpc_o     = two ? ta : 32'd0;");
    vgen_line(v, "assign npc_o     = two ? tb : ta;");
    vgen_line(v, "assign exits_o   = exits;");
    vgen_line(v, "assign bar_o     = bar;");
    vgen_line(v, "assign prio_o    = prio;");
    vgen_line(v, "assign control_o = run && (two || ta != pc_q + 32'd4 || exits != {LANES{1'b0}});");
    vgen_line(v, "assign lane_pc_o = lane_pc;");
}

static void emit_write_back(struct vgen *v, unsigned pipe,
                            enum rtl_defect defect)
{
    vgen_section(v, "The write-back: the lanes' results, the divider's rows");
    vgen_line(v, "// A divide's row (its register, each lane's thread's warp) follows it");
    vgen_line(v, "// through the divider, one stage a cycle; the lanes' div_done says");
    vgen_line(v, "// which write.  Row k is at [k*5 +: 5] and [k*LANES*SLOT_W +: ...].");
    vgen_line(v, "reg  [DIV_PIPE*5-1:0]              dq_rd_q;");
    vgen_line(v, "reg  [DIV_PIPE*LANES*SLOT_W-1:0]   dq_slots_q;");
    vgen_line(v, "// (not reset: a row is read only with its divide's div_done)");
    vgen_begin(v, "always @(posedge clk_i)");
    if (pipe == 1) {
        vgen_line(v, "dq_rd_q    <= rd_q;");
        vgen_line(v, "dq_slots_q <= slots_q;");
    } else {
        vgen_line(v, "dq_rd_q    <= {dq_rd_q[(DIV_PIPE-1)*5-1:0], rd_q};");
        vgen_line(v, "dq_slots_q <= {dq_slots_q[(DIV_PIPE-1)*LANES*SLOT_W-1:0], slots_q};");
    }
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// a load's or atomic's register is written at its done (l_mem)");
    vgen_line(v, "assign wr1 = exec & l_rdw & ~l_mem & {LANES{!div_op}};");
    if (defect == DEFECT_SM_EXEC_DIV_ROW_EARLY) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the divide's row is read one",
                  rtl_defect_name(defect));
        vgen_line(v, "// stage before its value leaves the divider.");
        vgen_line(v, "localparam integer ROW = (DIV_PIPE > 1) ? DIV_PIPE - 2 : 0;");
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire unused_row = ^{dq_rd_q[(DIV_PIPE-1)*5 +: 5],");
        vgen_line(v, "                    dq_slots_q[(DIV_PIPE-1)*LANES*SLOT_W +: LANES*SLOT_W]};");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    } else {
        vgen_line(v, "localparam integer ROW = DIV_PIPE - 1;   // the divider's last stage");
    }
    vgen_line(v, "wire [LANES-1:0] wr2 = l_div;");
    vgen_line(v, "wire [4:0]       rd2 = dq_rd_q[ROW*5 +: 5];");
    vgen_line(v, "wire [LANES*SLOT_W-1:0] slots2 = dq_slots_q[ROW*LANES*SLOT_W +: LANES*SLOT_W];");
    vgen_blank(v);
    vgen_line(v, "assign wr_o       = wr1;");
    vgen_line(v, "assign wr_slot_o  = slots_q;");
    vgen_line(v, "assign wr_rd_o    = rd_q;");
    vgen_line(v, "assign wr_data_o  = l_val;");
    vgen_line(v, "assign wr2_o      = wr2;");
    vgen_line(v, "assign wr2_slot_o = slots2;");
    vgen_line(v, "assign wr2_rd_o   = rd2;");
    vgen_line(v, "assign wr2_data_o = l_dval;");
    vgen_line(v, "assign ldw_o      = ldw;");
    vgen_line(v, "assign ldw_slot_o = ldslot;");
    vgen_line(v, "assign ldw_rd_o   = ldrd;");
    vgen_line(v, "assign ldw_data_o = lddata;");
}

static void emit_regfile_part(struct vgen *v)
{
    const struct vconn params[] = {
        { "LANES", "LANES",     NULL },
        { "SLOTS", "NUM_WARPS", "the scheduler's warps: no other issue port reads them" },
        { "WRITES", "WRITES",   "the lanes', the divider's, the loads'" },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "read_i",   "issue_i ? mask_i : {LANES{1'b0}}", NULL },
        { "slot_i",   "warp_i",              NULL },
        { "offset_i", "t_slots",             "harp's per-lane offsets" },
        { "rs1_i",    "{LANES{insn_rs1_i}}", NULL },
        { "rs2_i",    "{LANES{insn_rs2_i}}", NULL },
        { "write_i",  "wp_en",               "port 0 the lanes', 1 the divider's, 2.. the loads'" },
        { "wslot_i",  "wp_slot",             NULL },
        { "rd_i",     "wp_rd",               NULL },
        { "wdata_i",  "wp_data",             NULL },
        { "rs1_o",    "rf_rs1",              NULL },
        { "rs2_o",    "rf_rs2",              NULL },
    };

    vgen_section(v, "The register file of the scheduler's warps");
    vgen_instance(v, "simtref_regfile", "u_regfile", params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
}

void emit_sm_exec(struct vgen *v, const struct simt_config *cfg,
                  enum rtl_defect defect)
{
    struct exec_sizes z;

    z.lanes = cfg->warp_size;
    z.warps = cfg->threads_per_scheduler / cfg->warp_size;
    z.slot_w = z.warps > 1 ? bits_for(z.warps - 1) : 1;
    z.sched_w = cfg->schedulers > 1 ? bits_for(cfg->schedulers - 1) : 1;
    z.wid_w = cfg->max_warps_per_tb > 1 ? bits_for(cfg->max_warps_per_tb - 1) : 1;
    z.ldwb = cfg->lsu_writebacks;
    z.warp_w = z.warps * cfg->schedulers > 1 ? bits_for(z.warps * cfg->schedulers - 1) : 1;
    z.op_w = rtl_op_bits();
    z.offsets = cfg->reconvergence == RECONV_HARP;
    z.sbr = cfg->reconvergence == RECONV_SBR;
    z.op_stage = cfg->operand_read_cycles > 0;
    emit_header(v, cfg, &z);
    emit_codes(v, &z);
    if (!z.offsets) {
        vgen_section(v, "Inputs this configuration does not read");
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire unused_inputs = ^owner_i;   // no per-lane offsets");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    }
    emit_load_writeback(v, &z, defect);
    emit_issue_register(v, &z, defect);
    emit_operands(v);
    emit_exec_lanes(v, &z);
    emit_lanes(v, &z, defect);
    emit_branch_unit(v, &z);
    emit_write_back(v, cfg->div_latency - EXEC_EDGES, defect);
    emit_sm_exec_banks(v, EXEC_PORTS, z.ldwb, z.op_stage);
    emit_regfile_part(v);
    vgen_module_end(v, "simtref_sm_exec");
}
