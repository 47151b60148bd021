/*
 * emit_sm_reconv_minpc.c -- simtref_sm_reconv under minpc: the SM's
 * control-flow stage of one warp scheduler as Collange's stack-less SIMT
 * builds it, behind the port the SM drives (golden/sm/sm_reconv.h).  The
 * module is golden/sm/sm_reconv_minpc.c in hardware: each thread's PC
 * and SP key in registers of the stage, written at a warp's launch and
 * at each executed instruction from the update's per-lane inputs; one
 * simtref_arbiter (PC mode) per warp selects min(SP:PC) over the warp's
 * live threads that do not wait at simt.bar, and holds the warp's common
 * PC.  The read port of fetch has its own arbiter over the read warp's
 * threads: fetch may read the warp the update names, with the lanes the
 * SM gives the read.  The issue check's view of every warp (its PC and
 * threads now, no update bypassed: sm_reconv_issue_view()) needs a second
 * selection per warp, the warp's arbiter selecting over the update's
 * lanes: a simtref_arbiter per warp that only selects (its common PC is
 * held, so no register of it is used).
 */
#include "rtlgen.h"
#include "arbiter.h"
#include "sm_memory.h"

#include <stdio.h>

/* Bits of a thread's offset in its stack region (lane_off_i). */
unsigned sm_reconv_minpc_off_bits(void)
{
    unsigned b = 0;

    while ((1u << b) < SM_STACK_BYTES)
        b++;
    return b;
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct arbiter_geometry *g, unsigned warps)
{
    char warp_w[64];
    const struct vparam params[] = {
        { "NUM_WARPS",  warps,               NULL, "warps of this scheduler" },
        { "LANES",      g->lanes,            NULL, "threads per warp: mask width" },
        { "PC_W",       g->pc_w,             NULL, "a PC: an instruction's index in the text" },
        { "SP_W",       g->sp_w,             NULL, "a thread's SP key (sp_bits)" },
        { "OFF_W",      sm_reconv_minpc_off_bits(), NULL, "a thread's x2 offset in its stack region" },
        { "ADDR_W",     g->addr_w,           NULL, "the arbiters' memory mode (unused here)" },
        { "LINE_BYTES", cfg->l1d_line_bytes, NULL, "... its line" },
        { NULL, 0, NULL, "Derived widths" },
        { "WARP_W", 0, warp_w, "warp id" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset" },
        { "input",  "",                  "clk_i",      "clock" },
        { "input",  "",                  "rst_ni",     "asynchronous reset, active low: no thread parked" },
        { NULL, NULL, NULL, "Update: a warp's launch, or its executed instruction" },
        { "input",  "[1:0]",             "op_i",       "0 none, 1 launch, 2 an executed instruction" },
        { "input",  "[WARP_W-1:0]",      "warp_i",     "the warp" },
        { "input",  "[PC_W-1:0]",        "pc_i",       "executed: the instruction's PC" },
        { "input",  "[LANES-1:0]",       "mask_i",     "launch: its threads; else the lanes that ran it" },
        { "input",  "[LANES-1:0]",       "live_i",     "executed: the warp's live lanes after it" },
        { "input",  "",                  "bar_i",      "the instruction was simt.bar: its lanes park" },
        { "input",  "[LANES*PC_W-1:0]",  "lane_pc_i",  "per lane of mask_i: where its thread goes (launch: the entry)" },
        { "input",  "[LANES*OFF_W-1:0]", "lane_off_i", "... its x2 after it, as the offset in its stack region" },
        { "input",  "[NUM_WARPS-1:0]",   "release_i",  "the warps whose TB's barrier releases on this edge" },
        { NULL, NULL, NULL, "Read port: the PC and active mask fetch reads" },
        { "input",  "[WARP_W-1:0]",      "rd_warp_i",  "the warp" },
        { "input",  "[LANES-1:0]",       "rd_live_i",  "its lanes whose thread is live" },
        { "output", "",                  "rd_valid_o", "it has threads to run" },
        { "output", "[PC_W-1:0]",        "rd_pc_o",    "its PC: min(SP:PC) of its threads" },
        { "output", "[LANES-1:0]",       "rd_mask_o",  "its active mask: the threads at that SP:PC" },
        { NULL, NULL, NULL, "Every warp's view for the issue check (field w: warp w), no update bypassed" },
        { "input",  "[NUM_WARPS*LANES-1:0]", "view_live_i", "its lanes whose thread is live" },
        { "output", "[NUM_WARPS*PC_W-1:0]",  "view_pc_o",   "its PC: min(SP:PC) of its threads not parked" },
        { "output", "[NUM_WARPS*LANES-1:0]", "view_mask_o", "the threads at that SP:PC (none when none presents)" },
        { "output", "[NUM_WARPS-1:0]",       "all_barrier_o", "its live threads are all parked at simt.bar (the SM's arrival)" },
        { NULL, NULL, NULL, "What the update does" },
        { "output", "",                  "pop_o",      "threads re-converge: the warp's mask or PC changes without a jump" },
        { "output", "",                  "exited_o",   "the warp has no live thread left" },
        { "output", "",                  "err_o",      "the warp's arbiter refused its operation" },
    };
    unsigned long regs = (unsigned long)warps * g->lanes * (g->pc_w + g->sp_w + 1);

    snprintf(warp_w, sizeof warp_w, "%s",
             warps > 1 ? "$clog2(NUM_WARPS)" : "1");
    emit_file_header(v, "simtref_sm_reconv.v",
                     "the SM's control-flow stage of one warp scheduler (minpc)",
                     "Collange, stack-less SIMT reconvergence, section 4; "
                     "C model: golden/sm/sm_reconv_minpc.c.", cfg);
    vgen_line(v, "// Each thread has its PC and SP key in the stage; a launch and each");
    vgen_line(v, "// executed instruction write those of the lanes they name.  One");
    vgen_line(v, "// simtref_arbiter per warp selects min(SP:PC) over the warp's live threads");
    vgen_line(v, "// not parked at simt.bar; the update's warp presents its new values (a");
    vgen_line(v, "// bypass of the registers).  Threads re-converge where their SP:PC meet:");
    vgen_line(v, "// pop_o tells that the selection after the update is not the lanes that");
    vgen_line(v, "// ran going on to the next instruction.  The common PC register of the");
    vgen_line(v, "// warp's arbiter increments after a fall-through, else takes the result.");
    vgen_line(v, "// A second arbiter per warp only selects, over the registers: the issue");
    vgen_line(v, "// check's view of the warp (view_pc_o, view_mask_o).");
    vgen_line(v, "// Storage: %lu flip-flops (PC, SP key and parked bit per thread) and the",
              regs);
    vgen_line(v, "// arbiters' common PCs.");
    vgen_blank(v);
    vgen_module_begin(v, "simtref_sm_reconv", params,
                      sizeof params / sizeof params[0], ports,
                      sizeof ports / sizeof ports[0]);
}

static void emit_encodings(struct vgen *v, const struct arbiter_geometry *g)
{
    char key[128];

    vgen_section(v, "Encodings and the update's lanes");
    vgen_line(v, "localparam [1:0] UPD_LAUNCH = 2'd1, UPD_EXEC = 2'd2;   // op_i; 0: no update");
    vgen_line(v, "localparam [1:0] PC_HOLD = 2'd0, PC_INC = 2'd1, PC_ARB = 2'd2;   // an arbiter's pc_op_i");
    vgen_blank(v);
    vgen_line(v, "wire             upd = op_i == UPD_LAUNCH || op_i == UPD_EXEC;");
    vgen_line(v, "wire [PC_W:0]    next_pc = {1'b0, pc_i} + 1'b1;   // the fall-through");
    vgen_line(v, "wire [LANES*SP_W-1:0] lane_sp;   // lane_off_i's SP keys");
    vgen_line(v, "genvar gl, gw;");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_key", "for (gl = 0; gl < LANES; gl = gl + 1)");
    if (sm_reconv_minpc_off_bits() > g->sp_w) {
        vgen_line(v, "// the SP_W most significant bits of the offset");
        vgen_line(v, "assign lane_sp[gl*SP_W +: SP_W] = lane_off_i[gl*OFF_W + OFF_W - SP_W +: SP_W];");
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire unused_low = ^lane_off_i[gl*OFF_W +: OFF_W - SP_W];");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    } else {
        vgen_line(v, "// the whole offset");
        vgen_line(v, "assign lane_sp[gl*SP_W +: SP_W] = %s;",
                  vgen_zext(key, sizeof key, g->sp_w - sm_reconv_minpc_off_bits(), "SP_W-OFF_W",
                            "lane_off_i[gl*OFF_W +: OFF_W]"));
    }
    vgen_end(v);
    vgen_endgenerate(v);
}

/* An instance of simtref_arbiter that only selects (PC arbitration, its
 * common PC held): min(SP:PC) over the threads of `valid` with their SP
 * keys and PCs; the selection's valid bit, PC and lanes to the names
 * given, its unused outputs to the wires prefix_sp, prefix_line,
 * prefix_common_pc and prefix_err. */
static void emit_selector(struct vgen *v, const char *name, const char *valid,
                          const char *sp, const char *pc, const char *valid_o,
                          const char *pc_o, const char *mask_o,
                          const char *prefix)
{
    char o_sp[32], o_line[32], o_cpc[32], o_err[32];
    const struct vconn params[] = {
        { "LANES",      "LANES",      NULL },
        { "SP_W",       "SP_W",       NULL },
        { "PC_W",       "PC_W",       NULL },
        { "ADDR_W",     "ADDR_W",     NULL },
        { "LINE_BYTES", "LINE_BYTES", NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "mode_i",      "1'b0",                      "PC arbitration" },
        { "valid_i",     valid,                       NULL },
        { "sp_i",        sp,                          NULL },
        { "pc_i",        pc,                          NULL },
        { "addr_i",      "{(LANES*ADDR_W){1'b0}}",    NULL },
        { "pc_op_i",     "PC_HOLD",                   "a selection only" },
        { "valid_o",     valid_o,                     NULL },
        { "sp_o",        o_sp,                        NULL },
        { "pc_o",        pc_o,                        NULL },
        { "line_o",      o_line,                      NULL },
        { "mask_o",      mask_o,                      NULL },
        { "common_pc_o", o_cpc,                       NULL },
        { "err_o",       o_err,                       NULL },
    };

    snprintf(o_sp, sizeof o_sp, "%s_sp", prefix);
    snprintf(o_line, sizeof o_line, "%s_line", prefix);
    snprintf(o_cpc, sizeof o_cpc, "%s_common_pc", prefix);
    snprintf(o_err, sizeof o_err, "%s_err", prefix);
    vgen_instance(v, "simtref_arbiter", name,
                  params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
}

/* Warp gw's view for the issue check: the selection over its live threads
 * not parked, from the registers (the update's new values are the next
 * cycle's). */
static void emit_view(struct vgen *v)
{

    vgen_blank(v);
    vgen_line(v, "// The issue check's view of the warp: the same selection over its");
    vgen_line(v, "// registers, the live threads not parked.");
    vgen_line(v, "wire             v_valid;");
    vgen_line(v, "wire [LANES-1:0] v_mask;");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire [SP_W-1:0]  v_sp;");
    vgen_line(v, "wire [PC_W-1:0]  v_common_pc;");
    vgen_line(v, "wire [ADDR_W-$clog2(LINE_BYTES)-1:0] v_line;");
    vgen_line(v, "wire             v_err;");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_blank(v);
    emit_selector(v, "u_view", "view_live_i[gw*LANES +: LANES] & ~parked_q",
                  "sp_all[gw*LANES*SP_W +: LANES*SP_W]",
                  "pc_all[gw*LANES*PC_W +: LANES*PC_W]",
                  "v_valid", "view_pc_o[gw*PC_W +: PC_W]", "v_mask", "v");
    vgen_line(v, "assign view_mask_o[gw*LANES +: LANES] = v_valid ? v_mask : {LANES{1'b0}};");
}

static void emit_warps(struct vgen *v, enum rtl_defect defect)
{
    const struct vconn params[] = {
        { "LANES",      "LANES",      NULL },
        { "SP_W",       "SP_W",       NULL },
        { "PC_W",       "PC_W",       NULL },
        { "ADDR_W",     "ADDR_W",     NULL },
        { "LINE_BYTES", "LINE_BYTES", NULL },
    };
    const struct vconn conns[] = {
        VCONN_SAME("clk_i"),
        VCONN_SAME("rst_ni"),
        { "mode_i",      "1'b0",                      "PC arbitration" },
        { "valid_i",     "a_valid",                   NULL },
        { "sp_i",        "a_sp",                      NULL },
        { "pc_i",        "a_pc",                      NULL },
        { "addr_i",      "{(LANES*ADDR_W){1'b0}}",    NULL },
        { "pc_op_i",     "a_pc_op",                   NULL },
        { "valid_o",     "r_valid",                   NULL },
        { "sp_o",        "r_sp",                      NULL },
        { "pc_o",        "r_pc",                      NULL },
        { "line_o",      "r_line",                    NULL },
        { "mask_o",      "r_mask",                    NULL },
        { "common_pc_o", "r_common_pc",               "the warp's common PC" },
        { "err_o",       "r_err",                     NULL },
    };

    vgen_section(v, "Per warp: its threads' registers and its arbiter");
    vgen_line(v, "wire [NUM_WARPS*LANES*PC_W-1:0] pc_all;      // every thread's PC (warp-major)");
    vgen_line(v, "wire [NUM_WARPS*LANES*SP_W-1:0] sp_all;      // ... its SP key");
    vgen_line(v, "wire [NUM_WARPS*LANES-1:0]      parked_all;  // ... parked at simt.bar");
    vgen_line(v, "wire [NUM_WARPS-1:0]            w_pop;       // a warp's update re-converges");
    vgen_line(v, "wire [NUM_WARPS-1:0]            w_err;       // a warp's arbiter refuses");
    vgen_blank(v);
    vgen_generate(v);
    vgen_begin_named(v, "g_warp", "for (gw = 0; gw < NUM_WARPS; gw = gw + 1)");
    vgen_line(v, "localparam [WARP_W-1:0] ID = gw;");
    vgen_line(v, "wire             mine = upd && warp_i == ID;   // the update names this warp");
    vgen_line(v, "reg  [LANES-1:0] parked_q;");
    vgen_line(v, "wire [LANES-1:0] a_valid;");
    vgen_line(v, "wire [LANES*SP_W-1:0] a_sp;");
    vgen_line(v, "wire [LANES*PC_W-1:0] a_pc;");
    vgen_line(v, "wire [1:0]       a_pc_op;");
    vgen_line(v, "wire             r_valid, r_err;");
    vgen_line(v, "wire [PC_W-1:0]  r_pc;");
    vgen_line(v, "wire [LANES-1:0] r_mask;");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire [SP_W-1:0]  r_sp;");
    vgen_line(v, "wire [PC_W-1:0]  r_common_pc;");
    vgen_line(v, "wire [ADDR_W-$clog2(LINE_BYTES)-1:0] r_line;");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_blank(v);
    vgen_line(v, "// Each lane's PC and SP key: the registers, or the update's new values.");
    vgen_begin_named(v, "g_lane", "for (gl = 0; gl < LANES; gl = gl + 1)");
    vgen_line(v, "reg  [PC_W-1:0] pc_q;");
    vgen_line(v, "reg  [SP_W-1:0] sp_q;");
    vgen_line(v, "wire            take = mine && mask_i[gl];");
    vgen_blank(v);
    vgen_begin(v, "always @(posedge clk_i or negedge rst_ni)");
    vgen_begin(v, "if (!rst_ni)");
    vgen_line(v, "pc_q <= {PC_W{1'b0}};");
    vgen_line(v, "sp_q <= {SP_W{1'b0}};");
    vgen_elsif(v, "take");
    vgen_line(v, "pc_q <= lane_pc_i[gl*PC_W +: PC_W];");
    vgen_line(v, "sp_q <= lane_sp[gl*SP_W +: SP_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "assign a_pc[gl*PC_W +: PC_W] = take ? lane_pc_i[gl*PC_W +: PC_W] : pc_q;");
    vgen_line(v, "assign a_sp[gl*SP_W +: SP_W] = take ? lane_sp[gl*SP_W +: SP_W] : sp_q;");
    vgen_line(v, "assign pc_all[(gw*LANES + gl)*PC_W +: PC_W] = pc_q;");
    vgen_line(v, "assign sp_all[(gw*LANES + gl)*SP_W +: SP_W] = sp_q;");
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// The update's threads: a launch's, or the live ones after the");
    vgen_line(v, "// instruction; those parked at simt.bar present nothing.");
    vgen_line(v, "assign a_valid = !mine ? {LANES{1'b0}}");
    vgen_line(v, "               : (op_i == UPD_LAUNCH ? mask_i : live_i) & ~parked_q;");
    if (defect == DEFECT_SM_RECONV_POP_NO_MASK) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): the lanes that ran going on to the",
                  rtl_defect_name(defect));
        vgen_line(v, "// next instruction count as no re-convergence, whichever lanes the");
        vgen_line(v, "// selection holds.");
        vgen_line(v, "assign w_pop[gw] = !r_valid || {1'b0, r_pc} != next_pc;");
        vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
        vgen_line(v, "wire unused_mask = ^r_mask;");
        vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    } else {
        vgen_line(v, "// No re-convergence when the selection is the lanes that ran at the");
        vgen_line(v, "// next instruction.");
        vgen_line(v, "assign w_pop[gw] = !r_valid || r_mask != mask_i || {1'b0, r_pc} != next_pc;");
    }
    vgen_line(v, "assign w_err[gw] = r_err;");
    vgen_line(v, "assign a_pc_op = !mine ? PC_HOLD");
    vgen_line(v, "               : (op_i == UPD_EXEC && !w_pop[gw]) ? PC_INC : PC_ARB;");
    vgen_line(v, "assign parked_all[gw*LANES +: LANES] = parked_q;");
    vgen_line(v, "assign all_barrier_o[gw] = |view_live_i[gw*LANES +: LANES]");
    vgen_line(v, "    && (view_live_i[gw*LANES +: LANES] & ~parked_q) == {LANES{1'b0}};");
    vgen_blank(v);
    vgen_line(v, "// Parked at simt.bar until the TB's barrier releases; none at a launch.");
    vgen_begin(v, "always @(posedge clk_i or negedge rst_ni)");
    vgen_begin(v, "if (!rst_ni)");
    vgen_line(v, "parked_q <= {LANES{1'b0}};");
    vgen_elsif(v, "release_i[gw] || (mine && op_i == UPD_LAUNCH)");
    vgen_line(v, "parked_q <= {LANES{1'b0}};");
    vgen_elsif(v, "mine && op_i == UPD_EXEC && bar_i");
    vgen_line(v, "parked_q <= parked_q | mask_i;");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_instance(v, "simtref_arbiter", "u_arbiter",
                  params, sizeof params / sizeof params[0],
                  conns, sizeof conns / sizeof conns[0]);
    emit_view(v);
    vgen_end(v);
    vgen_endgenerate(v);
}

static void emit_read(struct vgen *v)
{

    vgen_section(v, "Read port: the read warp's threads, the update's new values bypassed");
    vgen_line(v, "reg  [LANES-1:0]      rd_valid;");
    vgen_line(v, "reg  [LANES*SP_W-1:0] rd_sp;");
    vgen_line(v, "reg  [LANES*PC_W-1:0] rd_pc;");
    vgen_line(v, "wire                  rd_mine = upd && warp_i == rd_warp_i;");
    vgen_line(v, "integer               ri, rl;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "rd_valid = {LANES{1'b0}};");
    vgen_line(v, "rd_sp = {(LANES*SP_W){1'b0}};");
    vgen_line(v, "rd_pc = {(LANES*PC_W){1'b0}};");
    vgen_begin(v, "for (ri = 0; ri < NUM_WARPS; ri = ri + 1)");
    vgen_begin(v, "if (rd_warp_i == ri[WARP_W-1:0])");
    vgen_line(v, "rd_valid = rd_live_i & ~parked_all[ri*LANES +: LANES];");
    vgen_line(v, "rd_sp = sp_all[ri*LANES*SP_W +: LANES*SP_W];");
    vgen_line(v, "rd_pc = pc_all[ri*LANES*PC_W +: LANES*PC_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_begin(v, "for (rl = 0; rl < LANES; rl = rl + 1)");
    vgen_begin(v, "if (rd_mine && mask_i[rl])");
    vgen_line(v, "rd_sp[rl*SP_W +: SP_W] = lane_sp[rl*SP_W +: SP_W];");
    vgen_line(v, "rd_pc[rl*PC_W +: PC_W] = lane_pc_i[rl*PC_W +: PC_W];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire [SP_W-1:0]  rd_r_sp;");
    vgen_line(v, "wire [PC_W-1:0]  rd_r_common_pc;");
    vgen_line(v, "wire [ADDR_W-$clog2(LINE_BYTES)-1:0] rd_r_line;");
    vgen_line(v, "wire             rd_r_err;");
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
    vgen_blank(v);
    emit_selector(v, "u_read", "rd_valid", "rd_sp", "rd_pc",
                  "rd_valid_o", "rd_pc_o", "rd_mask_o", "rd_r");
}

static void emit_outputs(struct vgen *v)
{
    vgen_section(v, "What the update does");
    vgen_line(v, "assign pop_o    = op_i == UPD_EXEC && w_pop[warp_i];");
    vgen_line(v, "// no thread presents its PC: the warp has exited only when none is");
    vgen_line(v, "// live (threads parked at the barrier are)");
    vgen_line(v, "assign exited_o = op_i == UPD_EXEC && live_i == {LANES{1'b0}};");
    vgen_line(v, "assign err_o    = op_i == UPD_EXEC && w_err[warp_i];");
}

void emit_sm_reconv_minpc(struct vgen *v, const struct simt_config *cfg,
                          enum rtl_defect defect)
{
    struct arbiter_geometry g;

    arbiter_geometry(cfg, &g);
    emit_header(v, cfg, &g, cfg->threads_per_scheduler / cfg->warp_size);
    emit_encodings(v, &g);
    emit_warps(v, defect);
    emit_read(v);
    emit_outputs(v);
    vgen_module_end(v, "simtref_sm_reconv");
}
