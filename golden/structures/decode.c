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
