/*
 * emit_lane.c -- the Verilog of one SIMD lane's integer datapath
 * (simtref_lane).
 *
 * Ports and behaviour are those of the C model, golden/structures/lane.h:
 * the decoded instruction's fields, the operands and CSRs in, the write of
 * rd, the next pc, the branch outcome, the memory request and the status
 * out, all in the cycle the instruction enters.  A divide is the one
 * operation the module does not finish in that cycle: it enters a
 * pipelined restoring divider and its value leaves DIV_LATENCY cycles
 * later on div_value_o, with div_done_o (docs/rtl-boundary.md).
 */
#include <stdio.h>

#include "emit_common.h"
#include "lane.h"
#include "rtlgen.h"
#include "rv32.h"

/* The operations the module names (every one but those it treats as
 * illegal: the undecodable word and the CSR writes). */
static int op_named(enum rv32_op op)
{
    return op != RV32_ILLEGAL && op != RV32_CSRRW && op != RV32_CSRRWI;
}

static void emit_header(struct vgen *v, const struct simt_config *cfg,
                        const struct lane_geometry *g)
{
    const struct vparam params[] = {
        { "DIV_LATENCY", g->div_latency, NULL,
          "cycles from a divide's entry to its result" },
        { "NUM_CSRS", LANE_CSRS, NULL,
          "the SIMT CSRs: tid, ntid, ctaid, nctaid, warpid, laneid" },
        { NULL, 0, NULL, "Derived" },
        { "DIV_STAGES", 0, "(DIV_LATENCY < 32) ? DIV_LATENCY : 32",
          "divider stages that iterate" },
        { "OP_W", rtl_op_bits(), NULL, "operation code (golden/isa/rv32.h)" },
    };
    const struct vport ports[] = {
        { NULL, NULL, NULL, "Clock and reset (the divider's pipeline)" },
        { "input",  "",                 "clk_i",         "clock" },
        { "input",  "",                 "rst_ni",        "asynchronous reset, active low" },
        { NULL, NULL, NULL, "The decoded instruction (rv32_decode)" },
        { "input",  "[OP_W-1:0]",       "insn_op_i",     "operation, OP_* below" },
        { "input",  "[4:0]",            "insn_rd_i",     "destination register" },
        { "input",  "[4:0]",            "insn_rs1_i",    "rs1 (a CSR read has x0 here)" },
        { "input",  "[31:0]",           "insn_imm_i",    "immediate, sign-extended" },
        { "input",  "[11:0]",           "insn_csr_i",    "CSR number" },
        { "input",  "",                 "issue_i",       "the instruction enters this lane now" },
        { NULL, NULL, NULL, "The thread's operands" },
        { "input",  "[31:0]",           "pc_i",          "the instruction's address" },
        { "input",  "[31:0]",           "rs1_i",         "value of register rs1" },
        { "input",  "[31:0]",           "rs2_i",         "value of register rs2" },
        { "input",  "[NUM_CSRS*32-1:0]", "csr_i",        "the thread's CSRs, tid first" },
        { "input",  "[NUM_CSRS-1:0]",   "csr_present_i", "which CSRs exist" },
        { "input",  "[31:0]",           "mem_rdata_i",   "the memory's answer to the request" },
        { NULL, NULL, NULL, "Result in the cycle of entry" },
        { "output", "[2:0]",            "status_o",      "ST_* below" },
        { "output", "",                 "rd_write_o",    "rd is written (never x0) ..." },
        { "output", "[31:0]",           "rd_value_o",    "... with this value (a divide: later)" },
        { "output", "[31:0]",           "next_pc_o",     "the thread's next pc" },
        { "output", "",                 "branch_o",      "a conditional branch ..." },
        { "output", "",                 "taken_o",       "... that is taken" },
        { NULL, NULL, NULL, "Memory request" },
        { "output", "",                 "mem_o",         "a load, store, LR/SC or AMO" },
        { "output", "",                 "mem_write_o",   "it writes" },
        { "output", "[31:0]",           "mem_addr_o",    "address (or a misaligned target)" },
        { "output", "[2:0]",            "mem_bytes_o",   "1, 2 or 4" },
        { "output", "[31:0]",           "mem_wdata_o",   "store data or the AMO's operand" },
        { NULL, NULL, NULL, "Divider result, DIV_LATENCY cycles after the divide entered" },
        { "output", "",                 "div_done_o",    "a divide's value leaves now ..." },
        { "output", "[31:0]",           "div_value_o",   "... this one (else meaningless)" },
    };

    emit_file_header(v, "simtref_lane.v", "one SIMD lane's integer datapath",
                     "RV32IM, the A extension's word AMOs, the SIMT CSRs and "
                     "extension (docs/isa.md); C model: golden/structures/lane.c.",
                     cfg);
    vgen_line(v, "// What one thread's instruction computes, in the cycle it enters:");
    vgen_line(v, "// the ALU, a 33 x 33 signed multiplier for the four multiplies,");
    vgen_line(v, "// branch and jump targets, load extension, store data, the AMO's");
    vgen_line(v, "// request and the CSR reads.  Division by zero and the signed");
    vgen_line(v, "// overflow give what the RISC-V M extension specifies.  A divide");
    vgen_line(v, "// enters a pipelined restoring divider instead: %u stages of about",
              g->div_stages);
    vgen_line(v, "// %u quotient bits each%s, so that one divide may enter every cycle and",
              LANE_DIV_ITERATIONS / g->div_stages,
              g->div_delay ? ", then a delay line" : "");
    vgen_line(v, "// each leaves exactly DIV_LATENCY = %u cycles after it entered.",
              g->div_latency);
    vgen_line(v, "// Storage: the divider, %u x %u bits less the last stage's divisor",
              g->div_stages, LANE_DIV_STAGE_BITS);
    if (g->div_delay)
        vgen_line(v, "// (%u), and %u delay stages x %u bits = %lu bits.",
                  LANE_DIV_DIVISOR_BITS, g->div_delay, LANE_DIV_DELAY_BITS,
                  lane_state_bits(g));
    else
        vgen_line(v, "// (%u) = %lu bits.", LANE_DIV_DIVISOR_BITS,
                  lane_state_bits(g));
    vgen_blank(v);
    vgen_module_begin(v, "simtref_lane", params, sizeof params / sizeof params[0],
                      ports, sizeof ports / sizeof ports[0]);
}

static void emit_codes(struct vgen *v)
{
    static const char *const status[] = {
        [RV32_OK] = "ST_OK", [RV32_BARRIER] = "ST_BARRIER",
        [RV32_EXIT] = "ST_EXIT", [RV32_PRIO] = "ST_PRIO",
        [RV32_ERR_ILLEGAL] = "ST_ERR_ILLEGAL",
        [RV32_ERR_MISALIGNED] = "ST_ERR_MISALIGNED",
        [RV32_ERR_ECALL] = "ST_ERR_ECALL",
    };
    unsigned w = rtl_op_bits();
    char name[40];

    vgen_section(v, "Operation and status codes (golden/isa/rv32.h)");
    for (unsigned op = 0; op < RV32_N_OPS; op++)
        if (op_named((enum rv32_op)op))
            vgen_line(v, "localparam [OP_W-1:0] %-20s = %u'd%u;",
                      rtl_op_param(name, sizeof name, (enum rv32_op)op), w, op);
    vgen_blank(v);
    vgen_line(v, "// An error is a status of ST_ERR_ILLEGAL or above (bit 2); the");
    vgen_line(v, "// lane never reports an access error, the memory does.");
    for (unsigned s = 0; s < sizeof status / sizeof status[0]; s++)
        if (status[s])
            vgen_line(v, "localparam [2:0] %-17s = 3'd%u;", status[s], s);
}

static void emit_operands(struct vgen *v, enum rtl_defect defect)
{
    vgen_section(v, "Addresses, operands and the multiplier");
    vgen_line(v, "wire [31:0] pc_next  = pc_i + 32'd4;");
    vgen_line(v, "wire [31:0] pc_imm   = pc_i + insn_imm_i;    // branch, jal, auipc");
    vgen_line(v, "wire [31:0] rs1_imm  = rs1_i + insn_imm_i;   // load, store, jalr");
    vgen_line(v, "wire [31:0] jump     = insn_op_i == OP_JAL ? pc_imm : {rs1_imm[31:1], 1'b0};");
    vgen_blank(v);
    vgen_line(v, "// OP-IMM takes the immediate where OP takes rs2 (a shift: its low");
    vgen_line(v, "// five bits).");
    vgen_line(v, "wire        alu_imm  = insn_op_i == OP_ADDI  || insn_op_i == OP_SLTI ||");
    vgen_line(v, "                       insn_op_i == OP_SLTIU || insn_op_i == OP_XORI ||");
    vgen_line(v, "                       insn_op_i == OP_ORI   || insn_op_i == OP_ANDI ||");
    vgen_line(v, "                       insn_op_i == OP_SLLI  || insn_op_i == OP_SRLI ||");
    vgen_line(v, "                       insn_op_i == OP_SRAI;");
    vgen_line(v, "wire [31:0] alu_b    = alu_imm ? insn_imm_i : rs2_i;");
    vgen_line(v, "wire [4:0]  shamt    = alu_b[4:0];");
    vgen_blank(v);
    vgen_line(v, "// One 33 x 33 signed multiplier: an operand is sign-extended when the");
    vgen_line(v, "// operation takes it as signed (mulh: both, mulhsu: rs1 only), else");
    vgen_line(v, "// zero-extended.  mul takes the low word, the others the high word.");
    if (defect == DEFECT_LANE_MULHSU_SIGNED_RS2) {
        vgen_line(v, "// DELIBERATE DEFECT (%s): mulhsu takes rs2 as signed too.",
                  rtl_defect_name(defect));
        vgen_line(v, "wire        mul_sb   = insn_op_i == OP_MULH || insn_op_i == OP_MULHSU;");
    } else {
        vgen_line(v, "wire        mul_sb   = insn_op_i == OP_MULH;");
    }
    vgen_line(v, "wire        mul_sa   = insn_op_i == OP_MULH || insn_op_i == OP_MULHSU;");
    vgen_line(v, "wire signed [32:0] mul_a = {mul_sa & rs1_i[31], rs1_i};");
    vgen_line(v, "wire signed [32:0] mul_b = {mul_sb & rs2_i[31], rs2_i};");
    vgen_line(v, "wire signed [63:0] product = mul_a * mul_b;   // the low 64 bits of the 66");
    vgen_blank(v);
    vgen_line(v, "// The CSR read: csr_k is the CSR's index among the SIMT CSRs (a CSR");
    vgen_line(v, "// number outside 0xcc0..0xcc5 gives an index of 6 or more).");
    vgen_line(v, "wire [11:0] csr_k    = insn_csr_i - 12'hcc0;");
    vgen_line(v, "reg  [31:0] csr_value;");
    vgen_line(v, "reg         csr_ok;          // it exists");
    vgen_line(v, "integer     c;");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "csr_value = 32'd0;");
    vgen_line(v, "csr_ok    = 1'b0;");
    vgen_begin(v, "for (c = 0; c < NUM_CSRS; c = c + 1)");
    vgen_begin(v, "if (csr_k == c[11:0])");
    vgen_line(v, "csr_value = csr_i[c*32 +: 32];");
    vgen_line(v, "csr_ok    = csr_present_i[c];");
    vgen_end(v);
    vgen_end(v);
    vgen_end(v);
}

/* One case item on one line: "OP_X, OP_Y: begin STATEMENTS end". */
static void item(struct vgen *v, const char *ops, const char *stmts)
{
    vgen_line(v, "%-33s begin %s end", ops, stmts);
}

static void emit_datapath(struct vgen *v)
{
    vgen_section(v, "What the instruction does, in the cycle it enters");
    vgen_line(v, "reg  [2:0]  status;");
    vgen_line(v, "reg         wr;              // it writes rd (when rd is not x0)");
    vgen_line(v, "reg  [31:0] value;           // ... this value");
    vgen_line(v, "reg  [31:0] npc;             // the next pc, unless an error");
    vgen_line(v, "reg         branch, taken;");
    vgen_line(v, "reg         misaligned;      // a misaligned access or target");
    vgen_line(v, "reg         mem, mem_write;");
    vgen_line(v, "reg  [31:0] mem_addr, mem_wdata;");
    vgen_line(v, "reg  [2:0]  mem_bytes;");
    vgen_line(v, "reg         cond;            // the branch condition holds");
    vgen_blank(v);
    vgen_begin(v, "always @*");
    vgen_line(v, "status     = ST_OK;");
    vgen_line(v, "wr         = 1'b0;");
    vgen_line(v, "value      = 32'd0;");
    vgen_line(v, "npc        = pc_next;");
    vgen_line(v, "branch     = 1'b0;");
    vgen_line(v, "taken      = 1'b0;");
    vgen_line(v, "misaligned = 1'b0;");
    vgen_line(v, "mem        = 1'b0;");
    vgen_line(v, "mem_write  = 1'b0;");
    vgen_line(v, "mem_addr   = 32'd0;");
    vgen_line(v, "mem_wdata  = 32'd0;");
    vgen_line(v, "mem_bytes  = 3'd0;");
    vgen_line(v, "cond       = 1'b0;");
    vgen_line(v, "case (insn_op_i)");
    vgen_indent(v);
    item(v, "OP_LUI:", "value = insn_imm_i; wr = 1'b1;");
    item(v, "OP_AUIPC:", "value = pc_imm;     wr = 1'b1;");
    vgen_begin(v, "OP_JAL, OP_JALR:");
    vgen_begin(v, "if (jump[1:0] != 2'b00)");
    vgen_line(v, "misaligned = 1'b1;");
    vgen_line(v, "mem_addr   = jump;");
    vgen_else(v);
    vgen_line(v, "npc        = jump;");
    vgen_line(v, "value      = pc_next;");
    vgen_line(v, "wr         = 1'b1;");
    vgen_end(v);
    vgen_end(v);
    vgen_begin(v, "OP_BEQ, OP_BNE, OP_BLT, OP_BGE, OP_BLTU, OP_BGEU:");
    vgen_line(v, "branch = 1'b1;");
    vgen_line(v, "case (insn_op_i)");
    vgen_indent(v);
    vgen_line(v, "OP_BEQ:  cond = rs1_i == rs2_i;");
    vgen_line(v, "OP_BNE:  cond = rs1_i != rs2_i;");
    vgen_line(v, "OP_BLT:  cond = $signed(rs1_i) <  $signed(rs2_i);");
    vgen_line(v, "OP_BGE:  cond = $signed(rs1_i) >= $signed(rs2_i);");
    vgen_line(v, "OP_BLTU: cond = rs1_i <  rs2_i;");
    vgen_line(v, "default: cond = rs1_i >= rs2_i;   // OP_BGEU");
    vgen_dedent(v);
    vgen_line(v, "endcase");
    vgen_begin(v, "if (cond && pc_imm[1:0] != 2'b00)");
    vgen_line(v, "misaligned = 1'b1;");
    vgen_line(v, "mem_addr   = pc_imm;");
    vgen_elsif(v, "cond");
    vgen_line(v, "taken      = 1'b1;");
    vgen_line(v, "npc        = pc_imm;");
    vgen_end(v);
    vgen_end(v);
    vgen_begin(v, "OP_LB, OP_LH, OP_LW, OP_LBU, OP_LHU:");
    vgen_line(v, "mem      = 1'b1;");
    vgen_line(v, "mem_addr = rs1_imm;");
    vgen_line(v, "wr       = 1'b1;");
    vgen_line(v, "case (insn_op_i)");
    vgen_indent(v);
    vgen_line(v, "OP_LB:   begin mem_bytes = 3'd1; value = {{24{mem_rdata_i[7]}}, mem_rdata_i[7:0]}; end");
    vgen_line(v, "OP_LBU:  begin mem_bytes = 3'd1; value = {24'd0, mem_rdata_i[7:0]}; end");
    vgen_line(v, "OP_LH:   begin mem_bytes = 3'd2; value = {{16{mem_rdata_i[15]}}, mem_rdata_i[15:0]}; end");
    vgen_line(v, "OP_LHU:  begin mem_bytes = 3'd2; value = {16'd0, mem_rdata_i[15:0]}; end");
    vgen_line(v, "default: begin mem_bytes = 3'd4; value = mem_rdata_i; end   // OP_LW");
    vgen_dedent(v);
    vgen_line(v, "endcase");
    vgen_end(v);
    vgen_begin(v, "OP_SB, OP_SH, OP_SW:");
    vgen_line(v, "mem       = 1'b1;");
    vgen_line(v, "mem_write = 1'b1;");
    vgen_line(v, "mem_addr  = rs1_imm;");
    vgen_line(v, "case (insn_op_i)");
    vgen_indent(v);
    vgen_line(v, "OP_SB:   begin mem_bytes = 3'd1; mem_wdata = {24'd0, rs2_i[7:0]}; end");
    vgen_line(v, "OP_SH:   begin mem_bytes = 3'd2; mem_wdata = {16'd0, rs2_i[15:0]}; end");
    vgen_line(v, "default: begin mem_bytes = 3'd4; mem_wdata = rs2_i; end       // OP_SW");
    vgen_dedent(v);
    vgen_line(v, "endcase");
    vgen_end(v);
    item(v, "OP_ADDI, OP_ADD:", "value = rs1_i + alu_b;                       wr = 1'b1;");
    item(v, "OP_SUB:", "value = rs1_i - rs2_i;                       wr = 1'b1;");
    item(v, "OP_SLTI, OP_SLT:", "value = {31'd0, $signed(rs1_i) < $signed(alu_b)}; wr = 1'b1;");
    item(v, "OP_SLTIU, OP_SLTU:", "value = {31'd0, rs1_i < alu_b};              wr = 1'b1;");
    item(v, "OP_XORI, OP_XOR:", "value = rs1_i ^ alu_b;                       wr = 1'b1;");
    item(v, "OP_ORI, OP_OR:", "value = rs1_i | alu_b;                       wr = 1'b1;");
    item(v, "OP_ANDI, OP_AND:", "value = rs1_i & alu_b;                       wr = 1'b1;");
    item(v, "OP_SLLI, OP_SLL:", "value = rs1_i << shamt;                      wr = 1'b1;");
    item(v, "OP_SRLI, OP_SRL:", "value = rs1_i >> shamt;                      wr = 1'b1;");
    item(v, "OP_SRAI, OP_SRA:", "value = $signed(rs1_i) >>> shamt;            wr = 1'b1;");
    item(v, "OP_MUL:", "value = product[31:0];                       wr = 1'b1;");
    item(v, "OP_MULH, OP_MULHSU, OP_MULHU:", "value = product[63:32];                      wr = 1'b1;");
    vgen_line(v, "// A divide writes rd with the divider's value, DIV_LATENCY cycles on.");
    item(v, "OP_DIV, OP_DIVU, OP_REM, OP_REMU:", "wr = 1'b1;");
    vgen_line(v, "OP_FENCE: ;");
    vgen_line(v, "OP_ECALL, OP_EBREAK: status = ST_ERR_ECALL;");
    vgen_line(v, "// Zicsr: reads of the SIMT CSRs (rs1 or uimm x0); anything else is illegal.");
    vgen_begin(v, "OP_CSRRS, OP_CSRRC, OP_CSRRSI, OP_CSRRCI:");
    vgen_begin(v, "if (insn_rs1_i != 5'd0 || !csr_ok)");
    vgen_line(v, "status = ST_ERR_ILLEGAL;");
    vgen_else(v);
    vgen_line(v, "value  = csr_value;");
    vgen_line(v, "wr     = 1'b1;");
    vgen_end(v);
    vgen_end(v);
    vgen_line(v, "// lr.w, sc.w and the AMOs: a word at rs1, the old word (sc.w: 0 or 1) to rd.");
    vgen_line(v, "OP_LR_W, OP_SC_W, OP_AMOSWAP_W, OP_AMOADD_W, OP_AMOXOR_W, OP_AMOAND_W,");
    vgen_begin(v, "OP_AMOOR_W, OP_AMOMIN_W, OP_AMOMAX_W, OP_AMOMINU_W, OP_AMOMAXU_W:");
    vgen_line(v, "mem        = 1'b1;");
    vgen_line(v, "mem_write  = insn_op_i != OP_LR_W;");
    vgen_line(v, "mem_addr   = rs1_i;");
    vgen_line(v, "mem_bytes  = 3'd4;");
    vgen_line(v, "mem_wdata  = insn_op_i != OP_LR_W ? rs2_i : 32'd0;");
    vgen_line(v, "value      = mem_rdata_i;");
    vgen_line(v, "wr         = 1'b1;");
    vgen_end(v);
    vgen_line(v, "OP_SIMT_BAR:  status = ST_BARRIER;");
    vgen_line(v, "OP_SIMT_EXIT: status = ST_EXIT;");
    vgen_line(v, "OP_SIMT_PRIO_RAISE, OP_SIMT_PRIO_LOWER, OP_SIMT_PRIO_SETOUT: status = ST_PRIO;");
    vgen_line(v, "default: status = ST_ERR_ILLEGAL;  // undecodable, csrrw, csrrwi");
    vgen_dedent(v);
    vgen_line(v, "endcase");
    vgen_line(v, "// A memory access is aligned to its size.");
    vgen_begin(v, "if ((mem_bytes == 3'd4 && mem_addr[1:0] != 2'b00) || (mem_bytes == 3'd2 && mem_addr[0]))");
    vgen_line(v, "misaligned = 1'b1;");
    vgen_end(v);
    vgen_begin(v, "if (misaligned)");
    vgen_line(v, "status = ST_ERR_MISALIGNED;");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_line(v, "// An error writes nothing and leaves the pc where it is.");
    vgen_line(v, "wire err = status[2];");
    vgen_line(v, "assign status_o    = status;");
    vgen_line(v, "assign rd_write_o  = wr && !err && insn_rd_i != 5'd0;");
    vgen_line(v, "assign rd_value_o  = rd_write_o ? value : 32'd0;");
    vgen_line(v, "assign next_pc_o   = err ? pc_i : npc;");
    vgen_line(v, "assign branch_o    = branch;");
    vgen_line(v, "assign taken_o     = taken;");
    vgen_line(v, "assign mem_o       = mem;");
    vgen_line(v, "assign mem_write_o = mem_write;");
    vgen_line(v, "assign mem_addr_o  = mem_addr;");
    vgen_line(v, "assign mem_bytes_o = mem_bytes;");
    vgen_line(v, "assign mem_wdata_o = mem_wdata;");
}

/* The delay line after the iterating stages: DIV_LATENCY - DIV_STAGES
 * registers of the finished value, shifting every cycle. */
static void emit_delay(struct vgen *v)
{
    static const struct vreg regs[] = {
        { "dly_valid_q", "{DIV_DELAY{1'b0}}",      "dly_valid_d" },
        { "dly_value_q", "{(DIV_DELAY*32){1'b0}}", "dly_value_d" },
    };

    vgen_blank(v);
    vgen_line(v, "// The rest of the latency: the value waits in a delay line.");
    vgen_line(v, "localparam integer DIV_DELAY = DIV_LATENCY - DIV_STAGES;");
    vgen_line(v, "reg  [DIV_DELAY-1:0]      dly_valid_q;");
    vgen_line(v, "reg  [DIV_DELAY*32-1:0]   dly_value_q;");
    vgen_line(v, "wire [DIV_DELAY:0]        d_valid = {dly_valid_q, c_valid[DIV_STAGES]};");
    vgen_line(v, "wire [DIV_DELAY*32+31:0]  d_value = {dly_value_q, div_value};");
    vgen_line(v, "wire [DIV_DELAY-1:0]      dly_valid_d = d_valid[DIV_DELAY-1:0];");
    vgen_line(v, "wire [DIV_DELAY*32-1:0]   dly_value_d = d_value[DIV_DELAY*32-1:0];");
    vgen_blank(v);
    vgen_ff(v, regs, sizeof regs / sizeof regs[0], NULL);
    vgen_blank(v);
    vgen_line(v, "assign div_done_o  = d_valid[DIV_DELAY];");
    vgen_line(v, "assign div_value_o = d_value[DIV_DELAY*32 +: 32];");
}

/*
 * The divider: stage j iterates on quotient bits (32*j)/DIV_STAGES up to
 * (32*(j+1))/DIV_STAGES of the magnitudes, one restoring step each.  The
 * chain c_*[j] is what enters stage j (c_*[0]: the divide entering now,
 * c_*[DIV_STAGES]: the finished magnitudes).
 */
static void emit_divider(struct vgen *v, const struct lane_geometry *g)
{
    static const struct vreg valid[] = {
        { "valid_q", "1'b0", "c_valid[gs]" },
    };
    static const struct vreg data[] = {
        { "rem_q", "32'd0", "rem_d" },
        { "quo_q", "32'd0", "quo_d" },
        { "neg_q", "1'b0",  "c_neg[gs]" },
        { "sel_q", "1'b0",  "c_sel[gs]" },
    };
    static const struct vreg divisor[] = {
        { "dvs_q", "32'd0", "c_dvs[gs*32 +: 32]" },
    };

    vgen_section(v, "Divider: magnitudes in, a restoring step per quotient bit");
    vgen_line(v, "// Signed operands divide as magnitudes; the quotient is negated when");
    vgen_line(v, "// the signs differ and the divisor is not 0 (x / 0 = -1), the");
    vgen_line(v, "// remainder when the dividend is negative (x %% 0 = x).  The overflow");
    vgen_line(v, "// -2^31 / -1 needs no case of its own: 2^31 / 1 = 2^31 is -2^31, rem 0.");
    vgen_line(v, "wire div_op     = insn_op_i == OP_DIV || insn_op_i == OP_DIVU ||");
    vgen_line(v, "                  insn_op_i == OP_REM || insn_op_i == OP_REMU;");
    vgen_line(v, "wire div_signed = insn_op_i == OP_DIV || insn_op_i == OP_REM;");
    vgen_line(v, "wire div_rem    = insn_op_i == OP_REM || insn_op_i == OP_REMU;");
    vgen_line(v, "wire a_neg      = div_signed & rs1_i[31];");
    vgen_line(v, "wire b_neg      = div_signed & rs2_i[31];");
    vgen_blank(v);
    vgen_line(v, "wire [DIV_STAGES:0]       c_valid;   // a divide enters stage j");
    vgen_line(v, "wire [DIV_STAGES*32+31:0] c_rem;     // partial remainder");
    vgen_line(v, "wire [DIV_STAGES*32+31:0] c_quo;     // quotient, the dividend shifting out");
    vgen_line(v, "wire [DIV_STAGES*32-1:0]  c_dvs;     // divisor magnitude");
    vgen_line(v, "wire [DIV_STAGES:0]       c_neg;     // the result is negated");
    vgen_line(v, "wire [DIV_STAGES:0]       c_sel;     // the result is the remainder");
    vgen_blank(v);
    vgen_line(v, "assign c_valid[0]    = issue_i && div_op;");
    vgen_line(v, "assign c_rem[31:0]   = 32'd0;");
    vgen_line(v, "assign c_quo[31:0]   = a_neg ? -rs1_i : rs1_i;");
    vgen_line(v, "assign c_dvs[31:0]   = b_neg ? -rs2_i : rs2_i;");
    vgen_line(v, "assign c_neg[0]      = div_rem ? a_neg : (a_neg ^ b_neg) && rs2_i != 32'd0;");
    vgen_line(v, "assign c_sel[0]      = div_rem;");
    vgen_blank(v);
    vgen_line(v, "genvar gs;");
    vgen_generate(v);
    vgen_line(v, "for (gs = 0; gs < DIV_STAGES; gs = gs + 1) begin : g_stage");
    vgen_indent(v);
    vgen_line(v, "localparam integer FIRST = (32 * gs) / DIV_STAGES;        // its first step");
    vgen_line(v, "localparam integer LAST  = (32 * (gs + 1)) / DIV_STAGES;  // one past its last");
    vgen_line(v, "wire [31:0] dvs = c_dvs[gs*32 +: 32];");
    vgen_line(v, "reg  [31:0] rem_d, quo_d;     // after this stage's steps");
    vgen_line(v, "reg  [32:0] trial;            // the remainder shifted, less the divisor");
    vgen_line(v, "reg         valid_q, neg_q, sel_q;");
    vgen_line(v, "reg  [31:0] rem_q, quo_q;");
    vgen_line(v, "integer     i;");
    vgen_blank(v);
    vgen_line(v, "// The remainder stays below the divisor, so the shifted remainder less");
    vgen_line(v, "// the divisor fits 32 bits; a divisor of 0 takes every step: the");
    vgen_line(v, "// quotient is all ones and the remainder the dividend.");
    vgen_begin(v, "always @*");
    vgen_line(v, "rem_d = c_rem[gs*32 +: 32];");
    vgen_line(v, "quo_d = c_quo[gs*32 +: 32];");
    vgen_line(v, "trial = 33'd0;");
    vgen_begin(v, "for (i = FIRST; i < LAST; i = i + 1)");
    vgen_line(v, "trial = {rem_d, quo_d[31]} - {1'b0, dvs};");
    vgen_line(v, "rem_d = trial[32] ? {rem_d[30:0], quo_d[31]} : trial[31:0];");
    vgen_line(v, "quo_d = {quo_d[30:0], !trial[32]};");
    vgen_end(v);
    vgen_end(v);
    vgen_blank(v);
    vgen_ff(v, valid, sizeof valid / sizeof valid[0], NULL);
    vgen_blank(v);
    vgen_ff(v, data, sizeof data / sizeof data[0], "c_valid[gs]");
    vgen_blank(v);
    vgen_line(v, "assign c_valid[gs+1]           = valid_q;");
    vgen_line(v, "assign c_rem[(gs+1)*32 +: 32]  = rem_q;");
    vgen_line(v, "assign c_quo[(gs+1)*32 +: 32]  = quo_q;");
    vgen_line(v, "assign c_neg[gs+1]             = neg_q;");
    vgen_line(v, "assign c_sel[gs+1]             = sel_q;");
    vgen_blank(v);
    vgen_line(v, "// The divisor travels on to the stages that still need it.");
    vgen_line(v, "if (gs < DIV_STAGES - 1) begin : g_divisor");
    vgen_indent(v);
    vgen_line(v, "reg [31:0] dvs_q;");
    vgen_blank(v);
    vgen_ff(v, divisor, sizeof divisor / sizeof divisor[0], "c_valid[gs]");
    vgen_blank(v);
    vgen_line(v, "assign c_dvs[(gs+1)*32 +: 32] = dvs_q;");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_dedent(v);
    vgen_line(v, "end");
    vgen_endgenerate(v);
    vgen_blank(v);
    vgen_line(v, "// The finished value: the quotient or the remainder, its sign restored.");
    vgen_line(v, "wire [31:0] div_pick  = c_sel[DIV_STAGES] ? c_rem[DIV_STAGES*32 +: 32]");
    vgen_line(v, "                                          : c_quo[DIV_STAGES*32 +: 32];");
    vgen_line(v, "wire [31:0] div_value = c_neg[DIV_STAGES] ? -div_pick : div_pick;");
    if (g->div_delay == 0) {
        vgen_line(v, "assign div_done_o  = c_valid[DIV_STAGES];");
        vgen_line(v, "assign div_value_o = div_value;");
        return;
    }
    emit_delay(v);
}

void emit_lane(struct vgen *v, const struct simt_config *cfg,
               enum rtl_defect defect)
{
    struct lane_geometry g;

    lane_geometry(cfg, &g);
    emit_header(v, cfg, &g);
    emit_codes(v);
    emit_operands(v, defect);
    emit_datapath(v);
    emit_divider(v, &g);
    vgen_module_end(v, "simtref_lane");
}
