/*
 * lane.c -- one SIMD lane's integer datapath (golden/structures/lane.h): the meaning
 * of each instruction, docs/isa.md.
 */
#include "lane.h"

#include <stdio.h>

#include "bits.h"

void lane_geometry(const struct simt_config *cfg, struct lane_geometry *g)
{
    g->warp_size = cfg->warp_size;
    g->div_latency = cfg->div_latency;
    g->div_stages = cfg->div_latency < LANE_DIV_ITERATIONS
                    ? cfg->div_latency : LANE_DIV_ITERATIONS;
    g->div_delay = cfg->div_latency - g->div_stages;
}

int lane_check(const struct lane_geometry *g, char *msg, size_t msglen)
{
    if (g->warp_size == 0 || g->warp_size > 64) {
        snprintf(msg, msglen, "the lane model's laneid is built for 1 to 64 "
                 "lanes a warp, not warp_size = %u", g->warp_size);
        return -1;
    }
    if (g->div_latency == 0) {
        snprintf(msg, msglen, "the lane's divider needs a div_latency of "
                 "at least 1 cycle");
        return -1;
    }
    return 0;
}

int lane_init(struct lane *m, const struct simt_config *cfg, char *msg,
              size_t msglen)
{
    lane_geometry(cfg, &m->g);
    if (lane_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    lane_reset(m);
    return 0;
}

void lane_reset(struct lane *m)
{
    (void)m;                /* no state */
}

void lane_step(struct lane *m, const struct lane_in *in)
{
    (void)m;                /* no state */
    (void)in;
}

/* The model holds none; the module's divider pipeline holds these. */
unsigned long lane_state_bits(const struct lane_geometry *g)
{
    return (unsigned long)g->div_stages * LANE_DIV_STAGE_BITS
         - LANE_DIV_DIVISOR_BITS
         + (unsigned long)g->div_delay * LANE_DIV_DELAY_BITS;
}

static int32_t s32(uint32_t v)
{
    return sign_extend32(v, 32);
}

uint32_t lane_amo_result(enum rv32_op op, uint32_t old, uint32_t src)
{
    switch (op) {
    case RV32_AMOSWAP_W: return src;
    case RV32_AMOADD_W:  return old + src;
    case RV32_AMOXOR_W:  return old ^ src;
    case RV32_AMOAND_W:  return old & src;
    case RV32_AMOOR_W:   return old | src;
    case RV32_AMOMIN_W:  return s32(old) < s32(src) ? old : src;
    case RV32_AMOMAX_W:  return s32(old) > s32(src) ? old : src;
    case RV32_AMOMINU_W: return old < src ? old : src;
    case RV32_AMOMAXU_W: return old > src ? old : src;
    default:             return old;
    }
}

/* The divider: division by zero and the one overflow give what the
 * RISC-V M extension specifies, no trap. */
static inline uint32_t divide(enum rv32_op op, uint32_t a, uint32_t b)
{
    switch (op) {
    case RV32_DIV:
        if (b == 0)
            return 0xffffffffu;
        if (a == 0x80000000u && b == 0xffffffffu)
            return 0x80000000u;
        return (uint32_t)(s32(a) / s32(b));
    case RV32_DIVU:
        return b == 0 ? 0xffffffffu : a / b;
    case RV32_REM:
        if (b == 0)
            return a;
        if (a == 0x80000000u && b == 0xffffffffu)
            return 0;
        return (uint32_t)(s32(a) % s32(b));
    default: /* RV32_REMU */
        return b == 0 ? a : a % b;
    }
}

static inline uint32_t multiply(enum rv32_op op, uint32_t a, uint32_t b)
{
    switch (op) {
    case RV32_MUL:
        return a * b;
    case RV32_MULH:
        return (uint32_t)((uint64_t)((int64_t)s32(a) * (int64_t)s32(b)) >> 32);
    case RV32_MULHSU:
        return (uint32_t)(((uint64_t)(int64_t)s32(a) * (uint64_t)b) >> 32);
    default: /* RV32_MULHU */
        return (uint32_t)(((uint64_t)a * (uint64_t)b) >> 32);
    }
}

/* The register-register and register-immediate ALU, b being rs2 or imm. */
static inline uint32_t alu(enum rv32_op op, uint32_t a, uint32_t b)
{
    switch (op) {
    case RV32_ADD: case RV32_ADDI:   return a + b;
    case RV32_SUB:                   return a - b;
    case RV32_SLL: case RV32_SLLI:   return a << (b & 31);
    case RV32_SLT: case RV32_SLTI:   return s32(a) < s32(b);
    case RV32_SLTU: case RV32_SLTIU: return a < b;
    case RV32_XOR: case RV32_XORI:   return a ^ b;
    case RV32_SRL: case RV32_SRLI:   return a >> (b & 31);
    case RV32_SRA: case RV32_SRAI:   return sra32(a, b & 31);
    case RV32_OR: case RV32_ORI:     return a | b;
    default: /* AND, ANDI */         return a & b;
    }
}

static inline bool branch_taken(enum rv32_op op, uint32_t a, uint32_t b)
{
    switch (op) {
    case RV32_BEQ:  return a == b;
    case RV32_BNE:  return a != b;
    case RV32_BLT:  return s32(a) < s32(b);
    case RV32_BGE:  return s32(a) >= s32(b);
    case RV32_BLTU: return a < b;
    default:        return a >= b;   /* BGEU */
    }
}

void lane_eval(const struct lane *m, const struct lane_in *in,
               struct lane_out *out)
{
    const struct rv32_insn *i = in->insn;
    uint32_t pc = in->pc, a = in->rs1, b = in->rs2;
    uint32_t imm = (uint32_t)i->imm;
    uint32_t next = pc + 4, rdv = 0;
    bool wr = false;

    (void)m;
    *out = (struct lane_out){ 0 };

    switch (i->op) {
    case RV32_LUI:
        rdv = imm; wr = true;
        break;
    case RV32_AUIPC:
        rdv = pc + imm; wr = true;
        break;
    case RV32_JAL:
    case RV32_JALR:
        next = i->op == RV32_JAL ? pc + imm : (a + imm) & ~1u;
        if (next & 3) {
            out->mem_addr = next;
            goto misaligned;
        }
        rdv = pc + 4; wr = true;
        break;
    case RV32_BEQ: case RV32_BNE: case RV32_BLT:
    case RV32_BGE: case RV32_BLTU: case RV32_BGEU:
        out->branch = true;
        if (branch_taken(i->op, a, b)) {
            if ((pc + imm) & 3) {
                out->mem_addr = pc + imm;
                goto misaligned;
            }
            out->taken = true;
            next = pc + imm;
        }
        break;
    case RV32_LB: case RV32_LH: case RV32_LW: case RV32_LBU: case RV32_LHU: {
        unsigned n = (i->op == RV32_LW) ? 4
                   : (i->op == RV32_LH || i->op == RV32_LHU) ? 2 : 1;
        uint32_t v = in->mem_rdata;
        out->mem = true;
        out->mem_addr = a + imm;
        out->mem_bytes = n;
        if (out->mem_addr & (n - 1))
            goto misaligned;
        if (n < 4)
            v &= ((uint32_t)1 << (8 * n)) - 1;
        if (i->op == RV32_LB || i->op == RV32_LH)
            v = (uint32_t)sign_extend32(v, 8 * n);
        rdv = v; wr = true;
        break;
    }
    case RV32_SB: case RV32_SH: case RV32_SW: {
        unsigned n = i->op == RV32_SW ? 4 : i->op == RV32_SH ? 2 : 1;
        out->mem = true;
        out->mem_write = true;
        out->mem_addr = a + imm;
        out->mem_bytes = n;
        out->mem_wdata = n == 4 ? b : b & (((uint32_t)1 << (8 * n)) - 1);
        if (out->mem_addr & (n - 1))
            goto misaligned;
        break;
    }
    case RV32_ADDI: case RV32_SLTI: case RV32_SLTIU: case RV32_XORI:
    case RV32_ORI: case RV32_ANDI: case RV32_SLLI: case RV32_SRLI:
    case RV32_SRAI:
        rdv = alu(i->op, a, imm); wr = true;
        break;
    case RV32_ADD: case RV32_SUB: case RV32_SLL: case RV32_SLT:
    case RV32_SLTU: case RV32_XOR: case RV32_SRL: case RV32_SRA:
    case RV32_OR: case RV32_AND:
        rdv = alu(i->op, a, b); wr = true;
        break;
    case RV32_MUL: case RV32_MULH: case RV32_MULHSU: case RV32_MULHU:
        rdv = multiply(i->op, a, b); wr = true;
        break;
    case RV32_DIV: case RV32_DIVU: case RV32_REM: case RV32_REMU:
        rdv = divide(i->op, a, b); wr = true;
        break;
    case RV32_FENCE:
        break;
    case RV32_ECALL:
    case RV32_EBREAK:
        out->status = RV32_ERR_ECALL;
        out->next_pc = pc;
        return;
    case RV32_CSRRS: case RV32_CSRRC: case RV32_CSRRSI: case RV32_CSRRCI: {
        unsigned k = (unsigned)i->csr - RV32_CSR_TID;
        /* rs1 is x0 (or uimm is 0): a read.  Anything else writes. */
        if (i->rs1 != 0 || k >= LANE_CSRS || !(in->csr_present >> k & 1))
            goto illegal;
        rdv = in->csr[k]; wr = true;
        break;
    }
    case RV32_LR_W: case RV32_SC_W:
    case RV32_AMOSWAP_W: case RV32_AMOADD_W: case RV32_AMOXOR_W:
    case RV32_AMOAND_W: case RV32_AMOOR_W: case RV32_AMOMIN_W:
    case RV32_AMOMAX_W: case RV32_AMOMINU_W: case RV32_AMOMAXU_W:
        out->mem = true;
        out->mem_write = i->op != RV32_LR_W;
        out->mem_addr = a;
        out->mem_bytes = 4;
        out->mem_wdata = i->op != RV32_LR_W ? b : 0;
        if (a & 3)
            goto misaligned;
        rdv = in->mem_rdata; wr = true;
        break;
    case RV32_SIMT_BAR:
        out->status = RV32_BARRIER;
        break;
    case RV32_SIMT_EXIT:
        out->status = RV32_EXIT;
        break;
    case RV32_SIMT_PRIO_RAISE: case RV32_SIMT_PRIO_LOWER:
    case RV32_SIMT_PRIO_SETOUT:
        out->status = RV32_PRIO;
        break;
    default: /* RV32_ILLEGAL, and the CSR writes csrrw/csrrwi */
        goto illegal;
    }
    if (wr && i->rd != 0) {
        out->rd_write = true;
        out->rd_value = rdv;
    }
    out->next_pc = next;
    return;

    /* the errors: no rd write, the pc stays */
misaligned:
    out->status = RV32_ERR_MISALIGNED;
    out->taken = false;
    out->next_pc = pc;
    return;
illegal:
    out->status = RV32_ERR_ILLEGAL;
    out->next_pc = pc;
}

bool lane_eval_lanes(const struct lane *m, const struct rv32_insn *insn,
                     uint32_t pc, uint64_t mask, const uint32_t rs1[],
                     const uint32_t rs2[], uint32_t rd[])
{
    enum rv32_op op = insn->op;
    uint32_t imm = (uint32_t)insn->imm;
    uint64_t k;

    (void)m;
    switch (op) {
    case RV32_LUI:
        for (k = mask; k; k &= k - 1)
            rd[__builtin_ctzll(k)] = imm;
        return true;
    case RV32_AUIPC:
        for (k = mask; k; k &= k - 1)
            rd[__builtin_ctzll(k)] = pc + imm;
        return true;
    case RV32_ADDI:
        for (k = mask; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            rd[l] = rs1[l] + imm;
        }
        return true;
    case RV32_ADD:
        for (k = mask; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            rd[l] = rs1[l] + rs2[l];
        }
        return true;
    case RV32_SLTI: case RV32_SLTIU: case RV32_XORI: case RV32_ORI:
    case RV32_ANDI: case RV32_SLLI: case RV32_SRLI: case RV32_SRAI:
        for (k = mask; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            rd[l] = alu(op, rs1[l], imm);
        }
        return true;
    case RV32_SUB: case RV32_SLL: case RV32_SLT: case RV32_SLTU:
    case RV32_XOR: case RV32_SRL: case RV32_SRA: case RV32_OR: case RV32_AND:
        for (k = mask; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            rd[l] = alu(op, rs1[l], rs2[l]);
        }
        return true;
    case RV32_MUL: case RV32_MULH: case RV32_MULHSU: case RV32_MULHU:
        for (k = mask; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            rd[l] = multiply(op, rs1[l], rs2[l]);
        }
        return true;
    case RV32_DIV: case RV32_DIVU: case RV32_REM: case RV32_REMU:
        for (k = mask; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            rd[l] = divide(op, rs1[l], rs2[l]);
        }
        return true;
    case RV32_FENCE:
        return true;
    default:
        return false;
    }
}
