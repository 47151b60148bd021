/*
 * emit_sm_mem_request.c -- the request the memory side of simtref_sm_mem
 * builds from the executed memory instruction, as lsu_request_of()
 * (golden/sm/sm_memport.c) builds it in the C SM: the access's kind,
 * size, sign and AMO from the instruction's operation code, and each
 * lane's address as the memory sees it (sm_memory_physical(): a
 * thread's stack interleaved by word with its group's other stacks),
 * and the space: shared when every lane that accesses memory addresses
 * its TB's shared window, else global (a failed sc.w's lanes access
 * nothing: emit_sm_mem_resv.c).  The datapath's lanes give the
 * instruction and their addresses as they computed them
 * (simtref_sm_exec's mem_*_o).
 */
#include "rtlgen.h"
#include "emit_common.h"
#include "rv32.h"
#include "sm_memory.h"

#include <stddef.h>
#include <stdio.h>

/* The operation codes the request reads (golden/isa/rv32.h): the loads
 * and stores, then the atomics, whose funct5 it gives. */
static const enum rv32_op codes[] = {
    RV32_LB, RV32_LH, RV32_LBU, RV32_LHU, RV32_SB, RV32_SH, RV32_SW,
};
static const enum rv32_op atomics[] = {
    RV32_LR_W, RV32_SC_W, RV32_AMOSWAP_W, RV32_AMOADD_W, RV32_AMOXOR_W,
    RV32_AMOAND_W, RV32_AMOOR_W, RV32_AMOMIN_W, RV32_AMOMAX_W,
    RV32_AMOMINU_W, RV32_AMOMAXU_W,
};

static void emit_codes(struct vgen *v, unsigned op_w)
{
    char name[32];
    size_t i;

    for (i = 0; i < sizeof codes / sizeof codes[0]; i++)
        vgen_line(v, "localparam [OP_W-1:0] %-12s = %u'd%u;",
                  rtl_op_param(name, sizeof name, codes[i]), op_w,
                  (unsigned)codes[i]);
    for (i = 0; i < sizeof atomics / sizeof atomics[0]; i++)
        vgen_line(v, "localparam [OP_W-1:0] %-12s = %u'd%u;",
                  rtl_op_param(name, sizeof name, atomics[i]), op_w,
                  (unsigned)atomics[i]);
    vgen_line(v, "localparam [31:0]     STACK_BASE   = 32'h%08x;  // thread i's stack ...",
              SM_STACK_BASE);
    vgen_line(v, "localparam [31:0]     STACK_BYTES  = 32'd%u;  // ... of this many bytes",
              SM_STACK_BYTES);
    vgen_line(v, "localparam [31:0]     STACKS       = NUM_SLOTS * LANES;  // one per thread");
    vgen_line(v, "localparam [31:0]     GROUP        = LANES;  // stacks interleaved by word");
    vgen_line(v, "localparam [31:0]     SHARED_BASE  = 32'h%08x;  // a TB's shared window",
              SM_SHARED_BASE);
}

/* "NAME:" into buf. */
static const char *colon(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s:", name);
    return buf;
}

static void emit_kind(struct vgen *v)
{
    char buf[40];   /* a name of 31 characters at most, and ":" */

    vgen_line(v, "// The access (lsu_request_of(), access_bytes()).");
    vgen_line(v, "wire [OP_W-1:0] op     = issue_op_i;");
    vgen_line(v, "wire            q_load = (op >= OP_LB && op <= OP_LHU) || op == OP_LR_W;");
    vgen_line(v, "wire            q_store = op >= OP_SB && op <= OP_SW;");
    vgen_line(v, "assign q_kind   = q_load ? KIND_LOAD : q_store ? KIND_STORE : KIND_ATOMIC;");
    vgen_line(v, "assign q_bytes  = (op == OP_LB || op == OP_LBU || op == OP_SB) ? 3'd1");
    vgen_line(v, "                : (op == OP_LH || op == OP_LHU || op == OP_SH) ? 3'd2 : 3'd4;");
    vgen_line(v, "assign q_signed = op == OP_LB || op == OP_LH;");
    vgen_line(v, "// An atomic's funct5 (RV32A), which the banks and the memory port take.");
    vgen_line(v, "reg [4:0] amo;");
    vgen_begin(v, "always @*");
    vgen_case(v, "op");
    for (size_t i = 0; i < sizeof atomics / sizeof atomics[0]; i++) {
        char name[32];

        rtl_op_param(name, sizeof name, atomics[i]);
        vgen_line(v, "%-13s amo = 5'h%02x;", colon(buf, sizeof buf, name),
                  rv32_amo_funct5(atomics[i]));
    }
    vgen_line(v, "default:      amo = 5'h00;");
    vgen_endcase(v);
    vgen_end(v);
    vgen_line(v, "assign q_amo = amo;");
}

static void emit_addresses(struct vgen *v)
{
    vgen_line(v, "// Each lane's address as the memory sees it (sm_memory_physical()):");
    vgen_line(v, "// word w of thread i's stack sits beside word w of the GROUP - 1 other");
    vgen_line(v, "// stacks of i's group, so a warp's accesses to one stack offset fall");
    vgen_line(v, "// in one line.  Shared: every lane that accesses memory addresses the");
    vgen_line(v, "// shared window; a warp with any other lane goes through the L1.  The");
    vgen_line(v, "// lanes are the request's: a failed sc.w's access nothing.");
    vgen_line(v, "wire [LANES-1:0] q_in_shared;");
    vgen_line(v, "genvar gq;");
    vgen_generate(v);
    vgen_begin_named(v, "g_request", "for (gq = 0; gq < LANES; gq = gq + 1)");
    vgen_line(v, "wire [31:0] va    = issue_addr_i[gq*32 +: 32];");
    vgen_line(v, "wire [31:0] off   = va - STACK_BASE;");
    vgen_line(v, "wire [31:0] tid   = off / STACK_BYTES;    // the stack's thread ...");
    vgen_line(v, "wire [31:0] sbyte = off %% STACK_BYTES;    // ... and the byte of it");
    vgen_line(v, "wire        stack = va >= STACK_BASE && tid < STACKS;");
    vgen_line(v, "wire [31:0] pa    = STACK_BASE + (tid / GROUP) * (GROUP * STACK_BYTES)");
    vgen_line(v, "                    + (sbyte / 32'd4) * (GROUP * 32'd4) + (tid %% GROUP) * 32'd4");
    vgen_line(v, "                    + sbyte %% 32'd4;");
    vgen_line(v, "assign q_addr[gq*32 +: 32] = stack ? pa : va;");
    vgen_line(v, "assign q_in_shared[gq]     = q_addr[gq*32 +: 32] >= SHARED_BASE &&");
    vgen_line(v, "                             q_addr[gq*32 +: 32] < SHARED_BASE + WIN_BYTES;");
    vgen_end(v);
    vgen_endgenerate(v);
    vgen_line(v, "assign q_space = u_mask != {LANES{1'b0}} &&");
    vgen_line(v, "                 (u_mask & ~q_in_shared) == {LANES{1'b0}};");
}

void emit_sm_mem_request_wires(struct vgen *v)
{
    vgen_line(v, "// the request (lsu_request_of(), below)");
    vgen_line(v, "wire [1:0]              q_kind;       // 0 load, 1 store, 2 atomic");
    vgen_line(v, "wire [2:0]              q_bytes;      // access size: 1, 2 or 4 bytes");
    vgen_line(v, "wire                    q_signed;     // a sub-word load sign-extends (lb, lh)");
    vgen_line(v, "wire [4:0]              q_amo;        // an atomic's funct5 (sc.w: 00011)");
    vgen_line(v, "wire [LANES*32-1:0]     q_addr;       // each lane's address as the memory sees it");
    vgen_line(v, "wire                    q_space;      // 0 global, 1 shared");
}

void emit_sm_mem_request(struct vgen *v, unsigned op_w)
{
    vgen_section(v, "The request (lsu_request_of()): the executed instruction's access");
    emit_codes(v, op_w);
    vgen_blank(v);
    emit_kind(v);
    vgen_blank(v);
    emit_addresses(v);
}
