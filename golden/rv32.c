/*
 * rv32.c -- one thread's RV32IM + A (word) + Zicsr reads + SIMT extension:
 * the decoder and the semantics of each instruction (golden/rv32.h,
 * docs/isa.md).
 */
#include "rv32.h"

#include <stddef.h>

/* ORDER RV32_OP */
static const char *const op_names[RV32_N_OPS] = {
    "illegal",
    "lui", "auipc", "jal", "jalr",
    "beq", "bne", "blt", "bge", "bltu", "bgeu",
    "lb", "lh", "lw", "lbu", "lhu",
    "sb", "sh", "sw",
    "addi", "slti", "sltiu", "xori", "ori", "andi",
    "slli", "srli", "srai",
    "add", "sub", "sll", "slt", "sltu", "xor",
    "srl", "sra", "or", "and",
    "fence", "ecall", "ebreak",
    "csrrw", "csrrs", "csrrc", "csrrwi", "csrrsi", "csrrci",
    "mul", "mulh", "mulhsu", "mulhu",
    "div", "divu", "rem", "remu",
    "lr.w", "sc.w", "amoswap.w", "amoadd.w", "amoxor.w",
    "amoand.w", "amoor.w", "amomin.w", "amomax.w",
    "amominu.w", "amomaxu.w",
    "simt.bar", "simt.exit",
    "simt.prio.raise", "simt.prio.lower", "simt.prio.setout",
};

const char *rv32_op_name(enum rv32_op op)
{
    if ((unsigned)op >= RV32_N_OPS)
        return "illegal";
    return op_names[op];
}

/* The low `bits` bits of v, sign-extended, without relying on
 * implementation-defined conversions or shifts of negative values. */
static int32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = (uint32_t)1 << (bits - 1);
    v &= (bits == 32) ? 0xffffffffu : ((uint32_t)1 << bits) - 1;
    v = (v ^ m) - m;
    return (v & 0x80000000u) ? -(int32_t)(~v) - 1 : (int32_t)v;
}

static int32_t s32(uint32_t v)
{
    return sext(v, 32);
}

static uint32_t sra32(uint32_t v, unsigned sh)
{
    sh &= 31;
    if (!(v & 0x80000000u) || sh == 0)
        return v >> sh;
    return (v >> sh) | ~(0xffffffffu >> sh);
}

struct rv32_insn rv32_decode(uint32_t word)
{
    struct rv32_insn in = { 0 };
    unsigned opcode = word & 0x7f;
    unsigned f3 = (word >> 12) & 7;
    unsigned f7 = word >> 25;

    in.word = word;
    in.op = RV32_ILLEGAL;
    in.rd = (word >> 7) & 31;
    in.rs1 = (word >> 15) & 31;
    in.rs2 = (word >> 20) & 31;

    switch (opcode) {
    case 0x37:
        in.op = RV32_LUI;
        in.imm = s32(word & 0xfffff000u);
        break;
    case 0x17:
        in.op = RV32_AUIPC;
        in.imm = s32(word & 0xfffff000u);
        break;
    case 0x6f:
        in.op = RV32_JAL;
        in.imm = sext(((word >> 31) & 1) << 20 | ((word >> 21) & 0x3ff) << 1 |
                      ((word >> 20) & 1) << 11 | ((word >> 12) & 0xff) << 12,
                      21);
        break;
    case 0x67:
        if (f3 == 0) {
            in.op = RV32_JALR;
            in.imm = sext(word >> 20, 12);
        }
        break;
    case 0x63: {
        static const enum rv32_op br[8] = {
            RV32_BEQ, RV32_BNE, RV32_ILLEGAL, RV32_ILLEGAL,
            RV32_BLT, RV32_BGE, RV32_BLTU, RV32_BGEU
        };
        in.op = br[f3];
        in.imm = sext(((word >> 31) & 1) << 12 | ((word >> 25) & 0x3f) << 5 |
                      ((word >> 8) & 0xf) << 1 | ((word >> 7) & 1) << 11,
                      13);
        break;
    }
    case 0x03: {
        static const enum rv32_op ld[8] = {
            RV32_LB, RV32_LH, RV32_LW, RV32_ILLEGAL,
            RV32_LBU, RV32_LHU, RV32_ILLEGAL, RV32_ILLEGAL
        };
        in.op = ld[f3];
        in.imm = sext(word >> 20, 12);
        break;
    }
    case 0x23: {
        static const enum rv32_op st[8] = {
            RV32_SB, RV32_SH, RV32_SW, RV32_ILLEGAL,
            RV32_ILLEGAL, RV32_ILLEGAL, RV32_ILLEGAL, RV32_ILLEGAL
        };
        in.op = st[f3];
        in.imm = sext((word >> 25) << 5 | ((word >> 7) & 31), 12);
        break;
    }
    case 0x13: {
        static const enum rv32_op alu[8] = {
            RV32_ADDI, RV32_SLLI, RV32_SLTI, RV32_SLTIU,
            RV32_XORI, RV32_SRLI, RV32_ORI, RV32_ANDI
        };
        in.op = alu[f3];
        in.imm = sext(word >> 20, 12);
        if (f3 == 1 || f3 == 5) {
            in.imm = (int32_t)in.rs2;        /* shamt */
            if (f3 == 1 && f7 != 0)
                in.op = RV32_ILLEGAL;
            else if (f3 == 5 && f7 == 0x20)
                in.op = RV32_SRAI;
            else if (f3 == 5 && f7 != 0)
                in.op = RV32_ILLEGAL;
        }
        break;
    }
    case 0x33: {
        static const enum rv32_op base[8] = {
            RV32_ADD, RV32_SLL, RV32_SLT, RV32_SLTU,
            RV32_XOR, RV32_SRL, RV32_OR, RV32_AND
        };
        static const enum rv32_op alt[8] = {
            RV32_SUB, RV32_ILLEGAL, RV32_ILLEGAL, RV32_ILLEGAL,
            RV32_ILLEGAL, RV32_SRA, RV32_ILLEGAL, RV32_ILLEGAL
        };
        static const enum rv32_op mext[8] = {
            RV32_MUL, RV32_MULH, RV32_MULHSU, RV32_MULHU,
            RV32_DIV, RV32_DIVU, RV32_REM, RV32_REMU
        };
        if (f7 == 0)
            in.op = base[f3];
        else if (f7 == 0x20)
            in.op = alt[f3];
        else if (f7 == 1)
            in.op = mext[f3];
        break;
    }
    case 0x0f:
        /* fence (fm, predecessor and successor sets are hints here);
         * fence.i (Zifencei) is not in the set. */
        if (f3 == 0) {
            in.op = RV32_FENCE;
            in.imm = sext(word >> 20, 12);
        }
        break;
    case 0x73:
        if (f3 == 0) {
            if (word == 0x00000073u)
                in.op = RV32_ECALL;
            else if (word == 0x00100073u)
                in.op = RV32_EBREAK;
        } else if (f3 != 4) {
            static const enum rv32_op cs[8] = {
                RV32_ILLEGAL, RV32_CSRRW, RV32_CSRRS, RV32_CSRRC,
                RV32_ILLEGAL, RV32_CSRRWI, RV32_CSRRSI, RV32_CSRRCI
            };
            in.op = cs[f3];
            in.csr = (uint16_t)(word >> 20);
            in.imm = (int32_t)in.rs1;        /* uimm of the *i forms */
        }
        break;
    case 0x2f:
        if (f3 == 2) {
            unsigned f5 = word >> 27;
            in.aq_rl = (uint8_t)((word >> 25) & 3);
            switch (f5) {
            case 0x02: in.op = in.rs2 == 0 ? RV32_LR_W : RV32_ILLEGAL; break;
            case 0x03: in.op = RV32_SC_W; break;
            case 0x01: in.op = RV32_AMOSWAP_W; break;
            case 0x00: in.op = RV32_AMOADD_W; break;
            case 0x04: in.op = RV32_AMOXOR_W; break;
            case 0x0c: in.op = RV32_AMOAND_W; break;
            case 0x08: in.op = RV32_AMOOR_W; break;
            case 0x10: in.op = RV32_AMOMIN_W; break;
            case 0x14: in.op = RV32_AMOMAX_W; break;
            case 0x18: in.op = RV32_AMOMINU_W; break;
            case 0x1c: in.op = RV32_AMOMAXU_W; break;
            default: break;
            }
        }
        break;
    case 0x0b:
        if (f7 == 0 && in.rd == 0 && in.rs1 == 0 && in.rs2 == 0) {
            static const enum rv32_op simt[8] = {
                RV32_SIMT_BAR, RV32_SIMT_EXIT, RV32_SIMT_PRIO_RAISE,
                RV32_SIMT_PRIO_LOWER, RV32_SIMT_PRIO_SETOUT,
                RV32_ILLEGAL, RV32_ILLEGAL, RV32_ILLEGAL
            };
            in.op = simt[f3];
        }
        break;
    default:
        break;
    }
    if (in.op == RV32_ILLEGAL) {
        in.rd = in.rs1 = in.rs2 = 0;
        in.imm = 0;
        in.csr = 0;
        in.aq_rl = 0;
    }
    return in;
}

uint32_t rv32_amo_apply(enum rv32_op op, uint32_t old, uint32_t src)
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

static uint32_t divide(enum rv32_op op, uint32_t a, uint32_t b)
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

static uint32_t multiply(enum rv32_op op, uint32_t a, uint32_t b)
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
static uint32_t alu(enum rv32_op op, uint32_t a, uint32_t b)
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

static bool branch_taken(enum rv32_op op, uint32_t a, uint32_t b)
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

/* An AMO without an amo callback: a load then a store (one thread). */
static int amo_by_load_store(const struct rv32_env *env, enum rv32_op op,
                             uint32_t addr, uint32_t src, uint32_t *old)
{
    if (env->load(env->ctx, addr, 4, old) != 0)
        return -1;
    return env->store(env->ctx, addr, 4, rv32_amo_apply(op, *old, src));
}

static void fail(struct rv32_result *res, enum rv32_status st, uint32_t pc)
{
    res->status = st;
    res->next_pc = pc;
    res->rd_written = false;
    res->taken = false;
}

void rv32_exec(const struct rv32_insn *in, struct rv32_thread *t,
               const struct rv32_env *env, struct rv32_result *res)
{
    uint32_t pc = t->pc;
    uint32_t a = in->rs1 ? t->x[in->rs1] : 0;
    uint32_t b = in->rs2 ? t->x[in->rs2] : 0;
    uint32_t imm = (uint32_t)in->imm;
    uint32_t next = pc + 4;
    uint32_t rdv = 0;
    bool wr = false;

    *res = (struct rv32_result){ 0 };
    res->status = RV32_OK;

    switch (in->op) {
    case RV32_LUI:
        rdv = imm; wr = true;
        break;
    case RV32_AUIPC:
        rdv = pc + imm; wr = true;
        break;
    case RV32_JAL:
    case RV32_JALR:
        next = in->op == RV32_JAL ? pc + imm : (a + imm) & ~1u;
        if (next & 3) {
            res->mem_addr = next;
            fail(res, RV32_ERR_MISALIGNED, pc);
            return;
        }
        rdv = pc + 4; wr = true;
        break;
    case RV32_BEQ: case RV32_BNE: case RV32_BLT:
    case RV32_BGE: case RV32_BLTU: case RV32_BGEU:
        res->branch = true;
        if (branch_taken(in->op, a, b)) {
            if ((pc + imm) & 3) {
                res->mem_addr = pc + imm;
                fail(res, RV32_ERR_MISALIGNED, pc);
                return;
            }
            res->taken = true;
            next = pc + imm;
        }
        break;
    case RV32_LB: case RV32_LH: case RV32_LW: case RV32_LBU: case RV32_LHU: {
        unsigned n = (in->op == RV32_LW) ? 4
                   : (in->op == RV32_LH || in->op == RV32_LHU) ? 2 : 1;
        uint32_t addr = a + imm, v;
        res->mem = true;
        res->mem_addr = addr;
        res->mem_bytes = n;
        if (addr & (n - 1)) {
            fail(res, RV32_ERR_MISALIGNED, pc);
            return;
        }
        if (env->load(env->ctx, addr, n, &v) != 0) {
            fail(res, RV32_ERR_ACCESS, pc);
            return;
        }
        if (n < 4)
            v &= ((uint32_t)1 << (8 * n)) - 1;
        if (in->op == RV32_LB || in->op == RV32_LH)
            v = (uint32_t)sext(v, 8 * n);
        rdv = v; wr = true;
        break;
    }
    case RV32_SB: case RV32_SH: case RV32_SW: {
        unsigned n = in->op == RV32_SW ? 4 : in->op == RV32_SH ? 2 : 1;
        uint32_t addr = a + imm;
        uint32_t v = n == 4 ? b : b & (((uint32_t)1 << (8 * n)) - 1);
        res->mem = true;
        res->mem_write = true;
        res->mem_addr = addr;
        res->mem_bytes = n;
        res->mem_value = v;
        if (addr & (n - 1)) {
            fail(res, RV32_ERR_MISALIGNED, pc);
            return;
        }
        if (env->store(env->ctx, addr, n, v) != 0) {
            fail(res, RV32_ERR_ACCESS, pc);
            return;
        }
        break;
    }
    case RV32_ADDI: case RV32_SLTI: case RV32_SLTIU: case RV32_XORI:
    case RV32_ORI: case RV32_ANDI: case RV32_SLLI: case RV32_SRLI:
    case RV32_SRAI:
        rdv = alu(in->op, a, imm); wr = true;
        break;
    case RV32_ADD: case RV32_SUB: case RV32_SLL: case RV32_SLT:
    case RV32_SLTU: case RV32_XOR: case RV32_SRL: case RV32_SRA:
    case RV32_OR: case RV32_AND:
        rdv = alu(in->op, a, b); wr = true;
        break;
    case RV32_MUL: case RV32_MULH: case RV32_MULHSU: case RV32_MULHU:
        rdv = multiply(in->op, a, b); wr = true;
        break;
    case RV32_DIV: case RV32_DIVU: case RV32_REM: case RV32_REMU:
        rdv = divide(in->op, a, b); wr = true;
        break;
    case RV32_FENCE:
        break;
    case RV32_ECALL:
    case RV32_EBREAK:
        fail(res, RV32_ERR_ECALL, pc);
        return;
    case RV32_CSRRS: case RV32_CSRRC: case RV32_CSRRSI: case RV32_CSRRCI: {
        uint32_t v;
        /* rs1 is x0 (or uimm is 0): a read.  Anything else writes. */
        if (in->rs1 != 0 || env->csr == NULL ||
            env->csr(env->ctx, in->csr, &v) != 0) {
            fail(res, RV32_ERR_ILLEGAL, pc);
            return;
        }
        rdv = v; wr = true;
        break;
    }
    case RV32_LR_W: case RV32_SC_W:
    case RV32_AMOSWAP_W: case RV32_AMOADD_W: case RV32_AMOXOR_W:
    case RV32_AMOAND_W: case RV32_AMOOR_W: case RV32_AMOMIN_W:
    case RV32_AMOMAX_W: case RV32_AMOMINU_W: case RV32_AMOMAXU_W: {
        uint32_t addr = a, old;
        res->mem = true;
        res->mem_addr = addr;
        res->mem_bytes = 4;
        if (addr & 3) {
            fail(res, RV32_ERR_MISALIGNED, pc);
            return;
        }
        if (in->op == RV32_LR_W) {
            if ((env->lr ? env->lr(env->ctx, addr, &old)
                         : env->load(env->ctx, addr, 4, &old)) != 0) {
                fail(res, RV32_ERR_ACCESS, pc);
                return;
            }
            t->reserved = true;
            t->reserved_addr = addr;
            rdv = old; wr = true;
            break;
        }
        if (in->op == RV32_SC_W) {
            bool ok = t->reserved && t->reserved_addr == addr;
            if (env->sc && env->sc(env->ctx, addr, b, &ok) != 0) {
                fail(res, RV32_ERR_ACCESS, pc);
                return;
            }
            if (ok) {
                res->mem_write = true;
                res->mem_value = b;
                if (!env->sc && env->store(env->ctx, addr, 4, b) != 0) {
                    fail(res, RV32_ERR_ACCESS, pc);
                    return;
                }
                rdv = 0;
            } else {
                res->mem = false;
                rdv = 1;
            }
            t->reserved = false;
            wr = true;
            break;
        }
        if ((env->amo ? env->amo(env->ctx, in->op, addr, b, &old)
                      : amo_by_load_store(env, in->op, addr, b, &old)) != 0) {
            fail(res, RV32_ERR_ACCESS, pc);
            return;
        }
        res->mem_write = true;
        res->mem_value = rv32_amo_apply(in->op, old, b);
        rdv = old; wr = true;
        break;
    }
    case RV32_SIMT_BAR:
        res->status = RV32_BARRIER;
        break;
    case RV32_SIMT_EXIT:
        res->status = RV32_EXIT;
        break;
    case RV32_SIMT_PRIO_RAISE: case RV32_SIMT_PRIO_LOWER:
    case RV32_SIMT_PRIO_SETOUT:
        res->status = RV32_PRIO;
        break;
    default: /* RV32_ILLEGAL, and the CSR writes csrrw/csrrwi */
        fail(res, RV32_ERR_ILLEGAL, pc);
        return;
    }

    if (wr && in->rd != 0) {
        t->x[in->rd] = rdv;
        res->rd_written = true;
        res->rd_value = rdv;
    }
    t->x[0] = 0;
    t->pc = next;
    res->next_pc = next;
}
