/*
 * rv32_disasm.c -- the text of one RV32IM + A + Zicsr + SIMT instruction,
 * as objdump -d prints it (golden/isa/rv32_disasm.h, docs/isa.md).
 *
 * The instruction is decoded by rv32_decode; the words objdump shows that
 * the executor does not accept (privileged returns, wfi, sfence.vma, shift
 * amounts with bit 5 set) are recognised here from the raw word.  Aliases
 * are chosen in the order objdump prefers them.
 */
#include "rv32_disasm.h"

#include "rv32.h"

#include <stdarg.h>
#include <stdio.h>

/* ORDER RV32_REG: x0 .. x31. */
static const char *const reg_names[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2",
    "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
    "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7",
    "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

const char *rv32_reg_name(unsigned r)
{
    return reg_names[r & 31];
}

/* The output buffer and how much of the text has been produced. */
struct out {
    char *buf;     /* caller's buffer */
    size_t len;    /* its size */
    size_t n;      /* characters of the full text so far */
};

static void put(struct out *o, const char *fmt, ...)
{
    va_list ap;
    int k;
    char *dst = o->buf + (o->n < o->len ? o->n : o->len);
    size_t room = o->n < o->len ? o->len - o->n : 0;

    va_start(ap, fmt);
    k = vsnprintf(room ? dst : NULL, room, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->n += (size_t)k;
}

/* A CSR's name as objdump prints it when the ELF has no F extension: the
 * floating-point and counter CSRs of the unprivileged ISA; every other
 * number (the SIMT CSRs among them) is printed in hex. */
static void put_csr(struct out *o, unsigned csr)
{
    static const char *const fp[4] = { NULL, "fflags", "frm", "fcsr" };
    static const char *const cnt[3] = { "cycle", "time", "instret" };

    if (csr >= 1 && csr <= 3)
        put(o, "%s", fp[csr]);
    else if (csr >= 0xc00 && csr <= 0xc02)
        put(o, "%s", cnt[csr - 0xc00]);
    else if (csr >= 0xc03 && csr <= 0xc1f)
        put(o, "hpmcounter%u", csr - 0xc00);
    else if (csr >= 0xc80 && csr <= 0xc82)
        put(o, "%sh", cnt[csr - 0xc80]);
    else if (csr >= 0xc83 && csr <= 0xc9f)
        put(o, "hpmcounter%uh", csr - 0xc80);
    else if (csr >= 0xc20 && csr <= 0xc22) {
        static const char *const vec[3] = { "vl", "vtype", "vlenb" };
        put(o, "%s", vec[csr - 0xc20]);
    } else if (csr == 0x008 || csr == 0x009 || csr == 0x00a || csr == 0x00f) {
        static const char *const vcsr[8] = {
            "vstart", "vxsat", "vxrm", NULL, NULL, NULL, NULL, "vcsr"
        };
        put(o, "%s", vcsr[csr - 8]);
    } else
        put(o, "0x%x", csr);
}

/* The fence set pred or succ: "iorw" letters, "unknown" when empty. */
static void put_fence_set(struct out *o, unsigned set)
{
    if (set == 0) {
        put(o, "unknown");
        return;
    }
    put(o, "%s%s%s%s", (set & 8) ? "i" : "", (set & 4) ? "o" : "",
        (set & 2) ? "r" : "", (set & 1) ? "w" : "");
}

/* The system words with no operand besides ecall and ebreak. */
static const char *system_word(uint32_t word)
{
    switch (word) {
    case 0x00200073u: return "uret";
    case 0x10200073u: return "sret";
    case 0x30200073u: return "mret";
    case 0x7b200073u: return "dret";
    case 0xc0001073u: return "unimp";      /* csrw cycle,zero */
    case 0x10500073u: return "wfi";
    default:          return NULL;
    }
}

static void put_amo(struct out *o, const struct rv32_insn *in)
{
    static const char *const ord[4] = { "", ".rl", ".aq", ".aqrl" };
    const char *rd = reg_names[in->rd];
    const char *rs1 = reg_names[in->rs1];

    if (in->op == RV32_LR_W)
        put(o, "%s%s %s,(%s)", rv32_op_name(in->op), ord[in->aq_rl], rd, rs1);
    else
        put(o, "%s%s %s,%s,(%s)", rv32_op_name(in->op), ord[in->aq_rl], rd,
            reg_names[in->rs2], rs1);
}

/* csrrw/csrrs/csrrc and their immediate forms, with objdump's aliases. */
static void put_csr_insn(struct out *o, const struct rv32_insn *in)
{
    static const char *const rd_alias[3] = { "rdcycle", "rdtime", "rdinstret" };
    bool imm = in->op == RV32_CSRRWI || in->op == RV32_CSRRSI ||
               in->op == RV32_CSRRCI;
    /* ORDER RV32_OP: each immediate form is three after its register form. */
    enum rv32_op base = imm ? (enum rv32_op)(in->op - 3) : in->op;
    const char *name = base == RV32_CSRRW ? "csrrw"
                     : base == RV32_CSRRS ? "csrrs" : "csrrc";
    unsigned csr = in->csr;

    if (base == RV32_CSRRS && !imm && in->rs1 == 0) {
        if (csr <= 0xc02 && csr >= 0xc00)
            put(o, "%s %s", rd_alias[csr - 0xc00], reg_names[in->rd]);
        else if (csr <= 0xc82 && csr >= 0xc80)
            put(o, "%sh %s", rd_alias[csr - 0xc80], reg_names[in->rd]);
        else {
            put(o, "csrr %s,", reg_names[in->rd]);
            put_csr(o, csr);
        }
        return;
    }
    if (in->rd == 0) {
        put(o, "csr%s ", name + 4);     /* csrw, csrs, csrc */
        put_csr(o, csr);
    } else {
        put(o, "%s %s,", name, reg_names[in->rd]);
        put_csr(o, csr);
    }
    if (imm)
        put(o, ",%u", (unsigned)in->rs1);
    else
        put(o, ",%s", reg_names[in->rs1]);
}

static void put_branch(struct out *o, const struct rv32_insn *in, uint32_t pc)
{
    const char *n = rv32_op_name(in->op);
    const char *r1 = reg_names[in->rs1], *r2 = reg_names[in->rs2];
    uint32_t target = pc + (uint32_t)in->imm;

    if (in->op == RV32_BEQ && in->rs2 == 0)
        put(o, "beqz %s,", r1);
    else if (in->op == RV32_BNE && in->rs2 == 0)
        put(o, "bnez %s,", r1);
    else if (in->op == RV32_BGE && in->rs1 == 0)
        put(o, "blez %s,", r2);
    else if (in->op == RV32_BGE && in->rs2 == 0)
        put(o, "bgez %s,", r1);
    else if (in->op == RV32_BLT && in->rs2 == 0)
        put(o, "bltz %s,", r1);
    else if (in->op == RV32_BLT && in->rs1 == 0)
        put(o, "bgtz %s,", r2);
    else
        put(o, "%s %s,%s,", n, r1, r2);
    put(o, "%x", (unsigned)target);
}

static void put_jalr(struct out *o, const struct rv32_insn *in)
{
    const char *rs1 = reg_names[in->rs1];

    if (in->rd == 0 && in->rs1 == 1 && in->imm == 0)
        put(o, "ret");
    else if (in->rd == 0 && in->imm == 0)
        put(o, "jr %s", rs1);
    else if (in->rd == 0)
        put(o, "jr %d(%s)", (int)in->imm, rs1);
    else if (in->rd == 1 && in->imm == 0)
        put(o, "jalr %s", rs1);
    else if (in->rd == 1)
        put(o, "jalr %d(%s)", (int)in->imm, rs1);
    else if (in->imm == 0)
        put(o, "jalr %s,%s", reg_names[in->rd], rs1);
    else
        put(o, "jalr %s,%d(%s)", reg_names[in->rd], (int)in->imm, rs1);
}

/* addi, xori, ..., srai with objdump's aliases; the immediate forms that
 * have no alias print under the register form's name (add, and, sll...). */
static void put_op_imm(struct out *o, const struct rv32_insn *in)
{
    const char *rd = reg_names[in->rd], *rs1 = reg_names[in->rs1];
    int imm = (int)in->imm;

    switch (in->op) {
    case RV32_ADDI:
        if (in->rd == 0 && in->rs1 == 0 && imm == 0)
            put(o, "nop");
        else if (in->rs1 == 0)
            put(o, "li %s,%d", rd, imm);
        else if (imm == 0)
            put(o, "mv %s,%s", rd, rs1);
        else
            put(o, "add %s,%s,%d", rd, rs1, imm);
        return;
    case RV32_XORI:
        if (imm == -1)
            put(o, "not %s,%s", rd, rs1);
        else
            put(o, "xor %s,%s,%d", rd, rs1, imm);
        return;
    case RV32_SLTIU:
        if (imm == 1)
            put(o, "seqz %s,%s", rd, rs1);
        else
            put(o, "sltiu %s,%s,%d", rd, rs1, imm);
        return;
    case RV32_SLTI:
        put(o, "slti %s,%s,%d", rd, rs1, imm);
        return;
    case RV32_ORI:
        put(o, "or %s,%s,%d", rd, rs1, imm);
        return;
    case RV32_ANDI:
        if (imm == 255)
            put(o, "zext.b %s,%s", rd, rs1);
        else
            put(o, "and %s,%s,%d", rd, rs1, imm);
        return;
    default:
        return;
    }
}

/* Shifts by an immediate, read from the word: objdump also shows a shift
 * amount with bit 5 set (an RV64 encoding the decoder rejects). */
static bool put_shift_imm(struct out *o, uint32_t word)
{
    unsigned f3 = (word >> 12) & 7, f6 = word >> 26;
    unsigned sh = (word >> 20) & 63;
    const char *rd = reg_names[(word >> 7) & 31];
    const char *rs1 = reg_names[(word >> 15) & 31];
    const char *n = NULL;

    if (f3 == 1 && f6 == 0)
        n = "sll";
    else if (f3 == 5 && f6 == 0)
        n = "srl";
    else if (f3 == 5 && f6 == 0x10)
        n = "sra";
    if (n == NULL)
        return false;
    put(o, "%s %s,%s,0x%x", n, rd, rs1, sh);
    return true;
}

static void put_op(struct out *o, const struct rv32_insn *in)
{
    const char *rd = reg_names[in->rd];
    const char *rs1 = reg_names[in->rs1], *rs2 = reg_names[in->rs2];

    if (in->op == RV32_SUB && in->rs1 == 0)
        put(o, "neg %s,%s", rd, rs2);
    else if (in->op == RV32_SLT && in->rs2 == 0)
        put(o, "sltz %s,%s", rd, rs1);
    else if (in->op == RV32_SLT && in->rs1 == 0)
        put(o, "sgtz %s,%s", rd, rs2);
    else if (in->op == RV32_SLTU && in->rs1 == 0)
        put(o, "snez %s,%s", rd, rs2);
    else
        put(o, "%s %s,%s,%s", rv32_op_name(in->op), rd, rs1, rs2);
}

static void put_fence(struct out *o, uint32_t word)
{
    unsigned fm = word >> 28, pred = (word >> 24) & 15, succ = (word >> 20) & 15;

    if (fm == 8 && pred == 3 && succ == 3) {
        put(o, "fence.tso");
        return;
    }
    if (pred == 15 && succ == 15) {
        put(o, "fence");
        return;
    }
    put(o, "fence ");
    put_fence_set(o, pred);
    put(o, ",");
    put_fence_set(o, succ);
}

/* True when objdump decodes the fence-opcode word as a fence. */
static bool is_fence(uint32_t word)
{
    unsigned fm = word >> 28;

    if ((word & 0x000fffffu) != 0x0000000fu)   /* rd, rs1, funct3 zero */
        return false;
    return fm == 0 || word == 0x8330000fu;
}

static void disasm(struct out *o, uint32_t word, uint32_t pc)
{
    struct rv32_insn in;
    unsigned opcode = word & 0x7f;
    const char *sys = system_word(word);

    if (sys != NULL) {
        put(o, "%s", sys);
        return;
    }
    if ((word & 0xfe007fffu) == 0x12000073u) {   /* sfence.vma rs1,rs2 */
        unsigned rs1 = (word >> 15) & 31, rs2 = (word >> 20) & 31;
        if (rs2 != 0)
            put(o, "sfence.vma %s,%s", reg_names[rs1], reg_names[rs2]);
        else if (rs1 != 0)
            put(o, "sfence.vma %s", reg_names[rs1]);
        else
            put(o, "sfence.vma");
        return;
    }
    if (opcode == 0x13 && put_shift_imm(o, word))
        return;
    if (opcode == 0x0f) {
        if (is_fence(word))
            put_fence(o, word);
        else
            put(o, ".4byte 0x%x", (unsigned)word);
        return;
    }

    in = rv32_decode(word);
    switch (in.op) {
    case RV32_ILLEGAL:
        put(o, ".4byte 0x%x", (unsigned)word);
        return;
    case RV32_LUI: case RV32_AUIPC:
        put(o, "%s %s,0x%x", rv32_op_name(in.op), reg_names[in.rd],
            (unsigned)((uint32_t)in.imm >> 12));
        return;
    case RV32_JAL: {
        uint32_t target = pc + (uint32_t)in.imm;
        if (in.rd == 0)
            put(o, "j %x", (unsigned)target);
        else if (in.rd == 1)
            put(o, "jal %x", (unsigned)target);
        else
            put(o, "jal %s,%x", reg_names[in.rd], (unsigned)target);
        return;
    }
    case RV32_JALR:
        put_jalr(o, &in);
        return;
    case RV32_BEQ: case RV32_BNE: case RV32_BLT:
    case RV32_BGE: case RV32_BLTU: case RV32_BGEU:
        put_branch(o, &in, pc);
        return;
    case RV32_LB: case RV32_LH: case RV32_LW: case RV32_LBU: case RV32_LHU:
        put(o, "%s %s,%d(%s)", rv32_op_name(in.op), reg_names[in.rd],
            (int)in.imm, reg_names[in.rs1]);
        return;
    case RV32_SB: case RV32_SH: case RV32_SW:
        put(o, "%s %s,%d(%s)", rv32_op_name(in.op), reg_names[in.rs2],
            (int)in.imm, reg_names[in.rs1]);
        return;
    case RV32_ADDI: case RV32_SLTI: case RV32_SLTIU: case RV32_XORI:
    case RV32_ORI: case RV32_ANDI:
        put_op_imm(o, &in);
        return;
    case RV32_ECALL: case RV32_EBREAK:
    case RV32_SIMT_BAR: case RV32_SIMT_EXIT: case RV32_SIMT_PRIO_RAISE:
    case RV32_SIMT_PRIO_LOWER: case RV32_SIMT_PRIO_SETOUT:
        put(o, "%s", rv32_op_name(in.op));
        return;
    case RV32_CSRRW: case RV32_CSRRS: case RV32_CSRRC:
    case RV32_CSRRWI: case RV32_CSRRSI: case RV32_CSRRCI:
        put_csr_insn(o, &in);
        return;
    case RV32_LR_W: case RV32_SC_W: case RV32_AMOSWAP_W: case RV32_AMOADD_W:
    case RV32_AMOXOR_W: case RV32_AMOAND_W: case RV32_AMOOR_W:
    case RV32_AMOMIN_W: case RV32_AMOMAX_W: case RV32_AMOMINU_W:
    case RV32_AMOMAXU_W:
        put_amo(o, &in);
        return;
    default:   /* the register-register ALU and M */
        put_op(o, &in);
        return;
    }
}

size_t rv32_disasm(uint32_t word, uint32_t pc, char *buf, size_t len)
{
    struct out o = { buf, len, 0 };

    if (len > 0)
        buf[0] = '\0';
    disasm(&o, word, pc);
    return o.n;
}
