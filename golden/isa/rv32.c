/*
 * rv32.c -- one thread's RV32IM + A (word) + Zicsr reads + SIMT extension:
 * the decoder and the semantics of each instruction (golden/isa/rv32.h,
 * docs/isa.md).
 */
#include "rv32.h"

#include <stddef.h>

#include "bits.h"
#include "lane.h"

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

static int32_t sext(uint32_t v, unsigned bits)
{
    return sign_extend32(v, bits);
}

static int32_t s32(uint32_t v)
{
    return sign_extend32(v, 32);
}

/* OP-IMM: the register-immediate operations, the shifts by shamt. */
static void decode_op_imm(struct rv32_insn *in)
{
    uint32_t word = in->word;
    unsigned f3 = (in->word >> 12) & 7;
    unsigned f7 = in->word >> 25;

    static const enum rv32_op alu[8] = {
        RV32_ADDI, RV32_SLLI, RV32_SLTI, RV32_SLTIU,
        RV32_XORI, RV32_SRLI, RV32_ORI, RV32_ANDI
    };
    in->op = alu[f3];
    in->imm = sext(word >> 20, 12);
    if (f3 == 1 || f3 == 5) {
        in->imm = (int32_t)in->rs2;        /* shamt */
        if (f3 == 1 && f7 != 0)
            in->op = RV32_ILLEGAL;
        else if (f3 == 5 && f7 == 0x20)
            in->op = RV32_SRAI;
        else if (f3 == 5 && f7 != 0)
            in->op = RV32_ILLEGAL;
    }
}

/* OP: the register-register operations and RV32M. */
static void decode_op(struct rv32_insn *in)
{
    unsigned f3 = (in->word >> 12) & 7;
    unsigned f7 = in->word >> 25;

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
        in->op = base[f3];
    else if (f7 == 0x20)
        in->op = alt[f3];
    else if (f7 == 1)
        in->op = mext[f3];
}

/* SYSTEM: ecall, ebreak and the CSR accesses. */
static void decode_system(struct rv32_insn *in)
{
    uint32_t word = in->word;
    unsigned f3 = (in->word >> 12) & 7;

    if (f3 == 0) {
        if (word == 0x00000073u)
            in->op = RV32_ECALL;
        else if (word == 0x00100073u)
            in->op = RV32_EBREAK;
    } else if (f3 != 4) {
        static const enum rv32_op cs[8] = {
            RV32_ILLEGAL, RV32_CSRRW, RV32_CSRRS, RV32_CSRRC,
            RV32_ILLEGAL, RV32_CSRRWI, RV32_CSRRSI, RV32_CSRRCI
        };
        in->op = cs[f3];
        in->csr = (uint16_t)(word >> 20);
        in->imm = (int32_t)in->rs1;        /* uimm of the *i forms */
    }
}

/* The A extension's word operations by their funct5 (bits 31:27). */
static const struct { unsigned f5; enum rv32_op op; } amo_ops[] = {
    { 0x02, RV32_LR_W },     { 0x03, RV32_SC_W },     { 0x01, RV32_AMOSWAP_W },
    { 0x00, RV32_AMOADD_W }, { 0x04, RV32_AMOXOR_W }, { 0x0c, RV32_AMOAND_W },
    { 0x08, RV32_AMOOR_W },  { 0x10, RV32_AMOMIN_W }, { 0x14, RV32_AMOMAX_W },
    { 0x18, RV32_AMOMINU_W }, { 0x1c, RV32_AMOMAXU_W },
};

unsigned rv32_amo_funct5(enum rv32_op op)
{
    for (size_t i = 0; i < sizeof amo_ops / sizeof amo_ops[0]; i++)
        if (amo_ops[i].op == op)
            return amo_ops[i].f5;
    return 0;
}

/* AMO: lr.w, sc.w and the word AMOs (the A extension). */
static void decode_amo(struct rv32_insn *in)
{
    uint32_t word = in->word;
    unsigned f3 = (in->word >> 12) & 7;

    if (f3 == 2) {
        unsigned f5 = word >> 27;
        in->aq_rl = (uint8_t)((word >> 25) & 3);
        for (size_t i = 0; i < sizeof amo_ops / sizeof amo_ops[0]; i++)
            if (amo_ops[i].f5 == f5)
                in->op = amo_ops[i].op;
        if (in->op == RV32_LR_W && in->rs2 != 0)
            in->op = RV32_ILLEGAL;  /* lr.w reads no rs2 */
    }
}

/* custom-0: the SIMT extension (docs/isa.md). */
static void decode_simt(struct rv32_insn *in)
{
    unsigned f3 = (in->word >> 12) & 7;
    unsigned f7 = in->word >> 25;

    if (f7 == 0 && in->rd == 0 && in->rs1 == 0 && in->rs2 == 0) {
        static const enum rv32_op simt[8] = {
            RV32_SIMT_BAR, RV32_SIMT_EXIT, RV32_SIMT_PRIO_RAISE,
            RV32_SIMT_PRIO_LOWER, RV32_SIMT_PRIO_SETOUT,
            RV32_ILLEGAL, RV32_ILLEGAL, RV32_ILLEGAL
        };
        in->op = simt[f3];
    }
}

struct rv32_insn rv32_decode(uint32_t word)
{
    struct rv32_insn in = { 0 };
    unsigned opcode = word & 0x7f;
    unsigned f3 = (word >> 12) & 7;

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
    case 0x13:
        decode_op_imm(&in);
        break;
    case 0x33:
        decode_op(&in);
        break;
    case 0x0f:
        /* fence (fm, predecessor and successor sets are hints here);
         * fence.i (Zifencei) is not in the set. */
        if (f3 == 0) {
            in.op = RV32_FENCE;
            in.imm = sext(word >> 20, 12);
        }
        break;
    case 0x73:
        decode_system(&in);
        break;
    case 0x2f:
        decode_amo(&in);
        break;
    case 0x0b:
        decode_simt(&in);
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
    return lane_amo_result(op, old, src);
}

/* An AMO without an amo callback: a load then a store (one thread). */
static int amo_by_load_store(const struct rv32_env *env, enum rv32_op op,
                             uint32_t addr, uint32_t src, uint32_t *old)
{
    if (env->load(env->ctx, addr, 4, old) != 0)
        return -1;
    return env->store(env->ctx, addr, 4, lane_amo_result(op, *old, src));
}

/* The lane of a thread alone: it holds no state, any geometry serves. */
static const struct lane datapath;

/* The lane's memory request o performed through env for a thread holding
 * reservation *r; *rdata the lane's mem_rdata.  Sets res's memory fields
 * (a failed sc.w made no access; a store's and an AMO's value).  0, or
 * -1 when env refused the address. */
static int access(const struct rv32_env *env, struct rv32_reservation *r,
                  enum rv32_op op, const struct lane_out *o,
                  struct rv32_result *res, uint32_t *rdata)
{
    uint32_t addr = o->mem_addr, v = o->mem_wdata;

    switch (op) {
    case RV32_LB: case RV32_LH: case RV32_LW: case RV32_LBU: case RV32_LHU:
        return env->load(env->ctx, addr, o->mem_bytes, rdata);
    case RV32_SB: case RV32_SH: case RV32_SW:
        return env->store(env->ctx, addr, o->mem_bytes, v);
    case RV32_LR_W:
        if ((env->lr ? env->lr(env->ctx, addr, rdata)
                     : env->load(env->ctx, addr, 4, rdata)) != 0)
            return -1;
        r->held = true;
        r->addr = addr;
        return 0;
    case RV32_SC_W: {
        bool ok = r->held && r->addr == addr;
        if (env->sc && env->sc(env->ctx, addr, v, &ok) != 0)
            return -1;
        if (ok) {
            res->mem_write = true;
            res->mem_value = v;
            if (!env->sc && env->store(env->ctx, addr, 4, v) != 0)
                return -1;
        } else {
            res->mem = false;
        }
        r->held = false;
        *rdata = ok ? 0 : 1;
        return 0;
    }
    default:                /* the AMOs */
        if ((env->amo ? env->amo(env->ctx, op, addr, v, rdata)
                      : amo_by_load_store(env, op, addr, v, rdata)) != 0)
            return -1;
        res->mem_write = true;
        res->mem_value = lane_amo_result(op, *rdata, v);
        return 0;
    }
}

void rv32_lane_access(struct lane_in *in, struct lane_out *o,
                      struct rv32_reservation *resv,
                      const struct rv32_env *env, struct rv32_result *res)
{
    enum rv32_op op = in->insn->op;
    bool store = op >= RV32_SB && op <= RV32_SW;
    uint32_t rdata = 0;

    lane_record(o, res);
    if (store) {
        res->mem_write = true;
        res->mem_value = o->mem_wdata;
    }
    if (o->status != RV32_OK)
        return;
    if (access(env, resv, op, o, res, &rdata) != 0) {
        res->status = RV32_ERR_ACCESS;
        res->next_pc = in->pc;
        res->rd_written = false;
        res->rd_value = 0;
        return;
    }
    if (!store) {
        /* the data returned: rd's value */
        in->mem_rdata = rdata;
        lane_eval(&datapath, in, o);
        res->rd_written = o->rd_write;
        res->rd_value = o->rd_value;
    }
}

void rv32_exec(const struct rv32_insn *insn, struct rv32_thread *t,
               const struct rv32_env *env, struct rv32_result *res)
{
    struct lane_in in;
    struct lane_out o;
    struct rv32_reservation resv;

    in.insn = insn;
    in.pc = t->pc;
    in.rs1 = insn->rs1 ? t->x[insn->rs1] : 0;
    in.rs2 = insn->rs2 ? t->x[insn->rs2] : 0;
    in.csr_present = 0;
    in.mem_rdata = 0;
    if (insn->op >= RV32_CSRRW && insn->op <= RV32_CSRRCI) {
        /* the CSR it names, as the environment has it */
        unsigned k = (unsigned)insn->csr - RV32_CSR_TID;
        uint32_t v;
        if (k < LANE_CSRS && env->csr
            && env->csr(env->ctx, insn->csr, &v) == 0) {
            in.csr[k] = v;
            in.csr_present = (uint8_t)(1u << k);
        }
    }
    resv.held = t->reserved;
    resv.addr = t->reserved_addr;
    lane_eval(&datapath, &in, &o);
    if (o.mem)
        rv32_lane_access(&in, &o, &resv, env, res);
    else
        lane_record(&o, res);
    if (res->status >= RV32_ERR_ILLEGAL)
        return;             /* t unchanged */
    t->reserved = resv.held;
    t->reserved_addr = resv.addr;
    if (res->rd_written)
        t->x[insn->rd] = res->rd_value;
    t->x[0] = 0;
    t->pc = res->next_pc;
}
