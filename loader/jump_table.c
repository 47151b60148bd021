/*
 * jump_table.c -- the targets of a jump through a jump table; see
 * jump_table.h.
 */
#include "jump_table.h"

#include <string.h>

#include "rv32.h"

/* Instructions evaluated before the jump, at most. */
enum { WINDOW = 32 };

/* What the evaluation knows of a register. */
enum value_kind {
    V_UNKNOWN,
    V_CONST,               /* c */
    V_INDEX,               /* (index << shift) + c: the bound-checked index */
    V_ENTRY,               /* the word at address c + (index << 2) ... */
    V_ENTRY_PLUS           /* ... plus base */
};

struct value {
    enum value_kind kind;
    uint32_t c;            /* the constant, the offset, or the table */
    unsigned shift;        /* V_INDEX: the index's shift */
    uint32_t base;         /* V_ENTRY_PLUS: what is added to the entry */
};

static bool is_control(enum rv32_op op)
{
    return (op >= RV32_JAL && op <= RV32_BGEU) || op == RV32_SIMT_EXIT;
}

/* Does op write rd? */
static bool writes_rd(enum rv32_op op)
{
    switch (op) {
    case RV32_BEQ: case RV32_BNE: case RV32_BLT: case RV32_BGE:
    case RV32_BLTU: case RV32_BGEU:
    case RV32_SB: case RV32_SH: case RV32_SW:
    case RV32_FENCE: case RV32_ECALL: case RV32_EBREAK:
    case RV32_SIMT_BAR: case RV32_SIMT_EXIT: case RV32_SIMT_PRIO_RAISE:
    case RV32_SIMT_PRIO_LOWER: case RV32_SIMT_PRIO_SETOUT:
        return false;
    default:
        return true;
    }
}

static struct value constant(uint32_t c)
{
    struct value v = { V_CONST, c, 0, 0 };
    return v;
}

/* The value an instruction at pc writes, from the values it reads. */
static struct value evaluate(const struct rv32_insn *in, uint32_t pc,
                             const struct value *r)
{
    const struct value *a = &r[in->rs1], *b = &r[in->rs2];
    struct value u = { V_UNKNOWN, 0, 0, 0 };

    switch (in->op) {
    case RV32_LUI:
        return constant((uint32_t)in->imm);
    case RV32_AUIPC:
        return constant(pc + (uint32_t)in->imm);
    case RV32_ADDI:
        if (a->kind == V_CONST || a->kind == V_INDEX) {
            u = *a;
            u.c += (uint32_t)in->imm;
        }
        return u;
    case RV32_SLLI:
        if (a->kind == V_CONST)
            return constant(a->c << (in->imm & 31));
        if (a->kind == V_INDEX && a->c == 0 && a->shift + (unsigned)in->imm < 32) {
            u = *a;
            u.shift += (unsigned)in->imm;
        }
        return u;
    case RV32_ADD:
        if (a->kind == V_CONST && b->kind == V_CONST)
            return constant(a->c + b->c);
        if ((a->kind == V_INDEX && b->kind == V_CONST)
            || (a->kind == V_CONST && b->kind == V_INDEX)) {
            u = a->kind == V_INDEX ? *a : *b;
            u.c += a->kind == V_INDEX ? b->c : a->c;
        } else if ((a->kind == V_ENTRY && b->kind == V_CONST)
                   || (a->kind == V_CONST && b->kind == V_ENTRY)) {
            u = a->kind == V_ENTRY ? *a : *b;
            u.kind = V_ENTRY_PLUS;
            u.base = a->kind == V_CONST ? a->c : b->c;
        }
        return u;
    case RV32_LW:
        if (a->kind == V_INDEX && a->shift == 2) {
            u.kind = V_ENTRY;
            u.c = a->c + (uint32_t)in->imm;
        }
        return u;
    default:
        return u;
    }
}

/* The bound check at a branch: the number of entries, with *reg the
 * index's register, when the fall-through path is the one whose index is
 * below the bound; else 0. */
static unsigned bound(const struct rv32_insn *in, const struct value *r,
                      unsigned *reg)
{
    const struct value *a = &r[in->rs1], *b = &r[in->rs2];

    /* bltu N-1, i, default (bgtu i, N-1): falls through when i <= N-1 */
    if (in->op == RV32_BLTU && a->kind == V_CONST && b->kind != V_CONST
        && a->c < JUMP_TABLE_MAX) {
        *reg = in->rs2;
        return a->c + 1;
    }
    /* bgeu i, N, default: falls through when i < N */
    if (in->op == RV32_BGEU && b->kind == V_CONST && a->kind != V_CONST
        && b->c > 0 && b->c <= JUMP_TABLE_MAX) {
        *reg = in->rs1;
        return b->c;
    }
    return 0;
}

int jump_table_targets(const struct jump_table_code *c, unsigned j,
                       uint32_t *targets, unsigned *count)
{
    struct rv32_insn jr, in;
    struct value r[32];
    unsigned start, br = j, entries = 0, index_reg = 0;
    uint32_t hi = c->lo + 4 * c->n;

    *count = 0;
    if (j >= c->n)
        return 0;
    jr = rv32_decode(c->word[j]);
    if (jr.op != RV32_JALR || jr.rd != 0)
        return 0;
    /* The bound check: the last branch before the jump, with no other
     * way into the code between them. */
    for (unsigned i = j; i-- > 0 && j - i <= WINDOW; ) {
        enum rv32_op op = rv32_decode(c->word[i]).op;
        if (c->entered[i + 1])
            return 0;
        if (is_control(op)) {
            if (op < RV32_BEQ)
                return 0;            /* a jump, not a bound check */
            br = i;
            break;
        }
    }
    if (br == j)
        return 0;
    /* The straight line that ends in it: back to its block's start. */
    start = br;
    while (start > 0 && br - start < WINDOW && !c->entered[start]
           && !is_control(rv32_decode(c->word[start - 1]).op))
        start--;
    memset(r, 0, sizeof r);
    r[0] = constant(0);
    for (unsigned i = start; i < j; i++) {
        in = rv32_decode(c->word[i]);
        if (i == br) {
            if ((entries = bound(&in, r, &index_reg)) == 0)
                return 0;
            r[index_reg].kind = V_INDEX;
            r[index_reg].c = 0;
            r[index_reg].shift = 0;
            continue;
        }
        if (writes_rd(in.op) && in.rd != 0)
            r[in.rd] = evaluate(&in, c->lo + 4 * i, r);
    }
    if (r[jr.rs1].kind != V_ENTRY && r[jr.rs1].kind != V_ENTRY_PLUS)
        return 0;
    for (unsigned k = 0; k < entries; k++) {
        uint32_t e, t;
        if (program_word(c->p, r[jr.rs1].c + 4 * k, &e) != 0)
            return 0;
        t = e + (uint32_t)jr.imm
            + (r[jr.rs1].kind == V_ENTRY_PLUS ? r[jr.rs1].base : 0);
        if (t < c->lo || t >= hi || (t - c->lo) % 4 != 0)
            return 0;
        targets[k] = t;
    }
    *count = entries;
    return 1;
}
