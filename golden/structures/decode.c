/*
 * decode.c -- the decode stage (golden/structures/decode.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"

void decode_geometry(const struct simt_config *cfg, struct decode_geometry *g)
{
    memset(g, 0, sizeof *g);
    g->pc_bits = cfg->pc_bits;
}

int decode_check(const struct decode_geometry *g, char *msg, size_t msglen)
{
    if (g->pc_bits == 0) {
        if (msglen)
            snprintf(msg, msglen, "decode: pc_bits = 0 names no word");
        return -1;
    }
    return 0;
}

int decode_init(struct decode *m, const struct simt_config *cfg,
                char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    decode_geometry(cfg, &m->g);
    if (decode_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    decode_reset(m);
    return 0;
}

void decode_reset(struct decode *m)
{
    (void)m;
}

void decode_step(struct decode *m, const struct decode_in *in)
{
    (void)m;
    (void)in;
}

unsigned long decode_state_bits(const struct decode_geometry *g)
{
    (void)g;
    return 0;
}

/* rs1, rs2, rd: 5 bits each; unit 2; mem and rpc 1 each. */
unsigned long decode_memory_bits(const struct decode *m)
{
    return (unsigned long)m->words * (5 + 5 + 5 + 2 + 1 + 1);
}

int decode_load(struct decode *m, uint32_t text_lo, unsigned words)
{
    decode_free(m);
    m->text_lo = text_lo;
    m->words = words;
    m->word = calloc(words ? words : 1, sizeof *m->word);
    m->is_rpc = calloc(words ? words : 1, sizeof *m->is_rpc);
    if (!m->word || !m->is_rpc) {
        decode_free(m);
        return -1;
    }
    for (unsigned i = 0; i < words; i++)
        m->word[i].valid = 1;
    return 0;
}

void decode_free(struct decode *m)
{
    free(m->word);
    free(m->is_rpc);
    m->word = NULL;
    m->is_rpc = NULL;
    m->words = 0;
}

struct decode_out decode_word(uint32_t word)
{
    struct rv32_insn insn = rv32_decode(word);
    enum rv32_op op = insn.op;
    struct decode_out u;

    memset(&u, 0, sizeof u);
    u.valid = 1;
    u.unit = DECODE_ALU;
    if (op == RV32_LUI || op == RV32_AUIPC || op == RV32_JAL) {
        u.rd = insn.rd;
    } else if (op == RV32_JALR) {
        u.rs1 = insn.rs1;
        u.rd = insn.rd;
    } else if (op >= RV32_BEQ && op <= RV32_BGEU) {
        u.rs1 = insn.rs1;
        u.rs2 = insn.rs2;
    } else if (op >= RV32_LB && op <= RV32_LHU) {
        u.rs1 = insn.rs1;
        u.rd = insn.rd;
        u.unit = DECODE_MEM;
        u.mem = 1;
    } else if (op >= RV32_SB && op <= RV32_SW) {
        u.rs1 = insn.rs1;
        u.rs2 = insn.rs2;
        u.unit = DECODE_MEM;
        u.mem = 1;
    } else if (op >= RV32_ADDI && op <= RV32_SRAI) {
        u.rs1 = insn.rs1;
        u.rd = insn.rd;
    } else if (op >= RV32_ADD && op <= RV32_AND) {
        u.rs1 = insn.rs1;
        u.rs2 = insn.rs2;
        u.rd = insn.rd;
    } else if (op >= RV32_CSRRW && op <= RV32_CSRRC) {
        u.rs1 = insn.rs1;
        u.rd = insn.rd;
    } else if (op >= RV32_CSRRWI && op <= RV32_CSRRCI) {
        u.rd = insn.rd;
    } else if (op >= RV32_MUL && op <= RV32_REMU) {
        u.rs1 = insn.rs1;
        u.rs2 = insn.rs2;
        u.rd = insn.rd;
        u.unit = op >= RV32_DIV ? DECODE_DIV : DECODE_MUL;
    } else if (op == RV32_LR_W) {
        u.rs1 = insn.rs1;
        u.rd = insn.rd;
        u.unit = DECODE_MEM;
        u.mem = 1;
    } else if (op >= RV32_SC_W && op <= RV32_AMOMAXU_W) {
        u.rs1 = insn.rs1;
        u.rs2 = insn.rs2;
        u.rd = insn.rd;
        u.unit = DECODE_MEM;
        u.mem = 1;
    }
    /* fence, ecall, ebreak, the SIMT extension: no register */
    return u;
}

void decode_load_word(struct decode *m, uint32_t pc, uint32_t word)
{
    uint32_t i = (pc - m->text_lo) / 4;
    uint8_t rpc;

    if (pc < m->text_lo || (pc & 3) || i >= m->words)
        return;
    rpc = m->word[i].rpc;
    m->word[i] = decode_word(word);
    m->word[i].rpc = rpc;
}

void decode_load_rpc(struct decode *m, uint32_t pc)
{
    uint32_t i = (pc - m->text_lo) / 4;

    if (pc < m->text_lo || i >= m->words)
        return;
    m->word[i].rpc = 1;
    m->is_rpc[i] = 1;
}

struct decode_exec decode_exec(uint32_t word)
{
    struct rv32_insn insn = rv32_decode(word);
    struct decode_exec x;

    x.op = (uint8_t)insn.op;
    x.rd = insn.rd;
    x.rs1 = insn.rs1;
    x.rs2 = insn.rs2;
    x.imm = (uint32_t)insn.imm;
    x.csr = insn.csr;
    return x;
}

/* The fields a pattern fixes. */
#define M_OPCODE 0x0000007fu
#define M_F3     0x00007000u
#define M_F7     0xfe000000u
#define M_F5     0xf8000000u      /* the AMOs' funct5 (aq, rl free) */
#define M_RS2    0x01f00000u
#define M_REGS   0x01ff8f80u      /* rd, rs1 and rs2 */
#define F3(f)    ((uint32_t)(f) << 12)
#define F7(f)    ((uint32_t)(f) << 25)
#define F5(f)    ((uint32_t)(f) << 27)

/* The opcode alone; with funct3; with funct3 and funct7. */
#define P_OP(opc, imm)          { M_OPCODE, (opc), DECODE_IMM_##imm }
#define P_F3(opc, f3, imm)      { M_OPCODE | M_F3, (opc) | F3(f3), DECODE_IMM_##imm }
#define P_F7(opc, f3, f7, imm)  { M_OPCODE | M_F3 | M_F7, \
                                  (opc) | F3(f3) | F7(f7), DECODE_IMM_##imm }
/* A word AMO (funct3 2) by its funct5. */
#define P_AMO(f5)               { M_OPCODE | M_F3 | M_F5, \
                                  0x2fu | F3(2) | F5(f5), DECODE_IMM_NONE }
/* A SIMT instruction: custom-0, funct7 0, no register. */
#define P_SIMT(f3)              { M_OPCODE | M_F3 | M_F7 | M_REGS, \
                                  0x0bu | F3(f3), DECODE_IMM_NONE }

/* rv32.c's decoder as patterns (docs/isa.md). */
static const struct decode_pattern patterns[RV32_N_OPS] = {
    [RV32_LUI]    = P_OP(0x37u, U),
    [RV32_AUIPC]  = P_OP(0x17u, U),
    [RV32_JAL]    = P_OP(0x6fu, J),
    [RV32_JALR]   = P_F3(0x67u, 0, I),
    [RV32_BEQ]    = P_F3(0x63u, 0, B),
    [RV32_BNE]    = P_F3(0x63u, 1, B),
    [RV32_BLT]    = P_F3(0x63u, 4, B),
    [RV32_BGE]    = P_F3(0x63u, 5, B),
    [RV32_BLTU]   = P_F3(0x63u, 6, B),
    [RV32_BGEU]   = P_F3(0x63u, 7, B),
    [RV32_LB]     = P_F3(0x03u, 0, I),
    [RV32_LH]     = P_F3(0x03u, 1, I),
    [RV32_LW]     = P_F3(0x03u, 2, I),
    [RV32_LBU]    = P_F3(0x03u, 4, I),
    [RV32_LHU]    = P_F3(0x03u, 5, I),
    [RV32_SB]     = P_F3(0x23u, 0, S),
    [RV32_SH]     = P_F3(0x23u, 1, S),
    [RV32_SW]     = P_F3(0x23u, 2, S),
    [RV32_ADDI]   = P_F3(0x13u, 0, I),
    [RV32_SLTI]   = P_F3(0x13u, 2, I),
    [RV32_SLTIU]  = P_F3(0x13u, 3, I),
    [RV32_XORI]   = P_F3(0x13u, 4, I),
    [RV32_ORI]    = P_F3(0x13u, 6, I),
    [RV32_ANDI]   = P_F3(0x13u, 7, I),
    [RV32_SLLI]   = P_F7(0x13u, 1, 0x00, SHAMT),
    [RV32_SRLI]   = P_F7(0x13u, 5, 0x00, SHAMT),
    [RV32_SRAI]   = P_F7(0x13u, 5, 0x20, SHAMT),
    [RV32_ADD]    = P_F7(0x33u, 0, 0x00, NONE),
    [RV32_SUB]    = P_F7(0x33u, 0, 0x20, NONE),
    [RV32_SLL]    = P_F7(0x33u, 1, 0x00, NONE),
    [RV32_SLT]    = P_F7(0x33u, 2, 0x00, NONE),
    [RV32_SLTU]   = P_F7(0x33u, 3, 0x00, NONE),
    [RV32_XOR]    = P_F7(0x33u, 4, 0x00, NONE),
    [RV32_SRL]    = P_F7(0x33u, 5, 0x00, NONE),
    [RV32_SRA]    = P_F7(0x33u, 5, 0x20, NONE),
    [RV32_OR]     = P_F7(0x33u, 6, 0x00, NONE),
    [RV32_AND]    = P_F7(0x33u, 7, 0x00, NONE),
    [RV32_FENCE]  = P_F3(0x0fu, 0, I),
    [RV32_ECALL]  = { 0xffffffffu, 0x00000073u, DECODE_IMM_NONE },
    [RV32_EBREAK] = { 0xffffffffu, 0x00100073u, DECODE_IMM_NONE },
    [RV32_CSRRW]  = P_F3(0x73u, 1, CSR),
    [RV32_CSRRS]  = P_F3(0x73u, 2, CSR),
    [RV32_CSRRC]  = P_F3(0x73u, 3, CSR),
    [RV32_CSRRWI] = P_F3(0x73u, 5, CSR),
    [RV32_CSRRSI] = P_F3(0x73u, 6, CSR),
    [RV32_CSRRCI] = P_F3(0x73u, 7, CSR),
    [RV32_MUL]    = P_F7(0x33u, 0, 0x01, NONE),
    [RV32_MULH]   = P_F7(0x33u, 1, 0x01, NONE),
    [RV32_MULHSU] = P_F7(0x33u, 2, 0x01, NONE),
    [RV32_MULHU]  = P_F7(0x33u, 3, 0x01, NONE),
    [RV32_DIV]    = P_F7(0x33u, 4, 0x01, NONE),
    [RV32_DIVU]   = P_F7(0x33u, 5, 0x01, NONE),
    [RV32_REM]    = P_F7(0x33u, 6, 0x01, NONE),
    [RV32_REMU]   = P_F7(0x33u, 7, 0x01, NONE),
    /* lr.w: rs2 0 */
    [RV32_LR_W]   = { M_OPCODE | M_F3 | M_F5 | M_RS2, 0x2fu | F3(2) | F5(0x02),
                      DECODE_IMM_NONE },
    [RV32_SC_W]      = P_AMO(0x03),
    [RV32_AMOSWAP_W] = P_AMO(0x01),
    [RV32_AMOADD_W]  = P_AMO(0x00),
    [RV32_AMOXOR_W]  = P_AMO(0x04),
    [RV32_AMOAND_W]  = P_AMO(0x0c),
    [RV32_AMOOR_W]   = P_AMO(0x08),
    [RV32_AMOMIN_W]  = P_AMO(0x10),
    [RV32_AMOMAX_W]  = P_AMO(0x14),
    [RV32_AMOMINU_W] = P_AMO(0x18),
    [RV32_AMOMAXU_W] = P_AMO(0x1c),
    [RV32_SIMT_BAR]         = P_SIMT(0),
    [RV32_SIMT_EXIT]        = P_SIMT(1),
    [RV32_SIMT_PRIO_RAISE]  = P_SIMT(2),
    [RV32_SIMT_PRIO_LOWER]  = P_SIMT(3),
    [RV32_SIMT_PRIO_SETOUT] = P_SIMT(4),
};

const struct decode_pattern *decode_pattern(enum rv32_op op)
{
    if (op <= RV32_ILLEGAL || op >= RV32_N_OPS || patterns[op].mask == 0)
        return NULL;
    return &patterns[op];
}
