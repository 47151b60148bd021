/*
 * rvgen.c -- instruction words for the ISA tests (tests/tools/rvgen.h).
 */
#include "rvgen.h"

#include <string.h>

uint64_t rvgen_next(struct rvgen_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static unsigned below(struct rvgen_rng *r, unsigned n)
{
    return (unsigned)(rvgen_next(r) % n);
}

uint32_t rvgen_r(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3,
                 unsigned rd, unsigned opcode)
{
    return (uint32_t)f7 << 25 | (uint32_t)(rs2 & 31) << 20 |
           (uint32_t)(rs1 & 31) << 15 | (uint32_t)(f3 & 7) << 12 |
           (uint32_t)(rd & 31) << 7 | (opcode & 0x7f);
}

uint32_t rvgen_i(int32_t imm, unsigned rs1, unsigned f3, unsigned rd,
                 unsigned opcode)
{
    return ((uint32_t)imm & 0xfff) << 20 | (uint32_t)(rs1 & 31) << 15 |
           (uint32_t)(f3 & 7) << 12 | (uint32_t)(rd & 31) << 7 |
           (opcode & 0x7f);
}

uint32_t rvgen_s(int32_t imm, unsigned rs2, unsigned rs1, unsigned f3,
                 unsigned opcode)
{
    uint32_t u = (uint32_t)imm & 0xfff;
    return (u >> 5) << 25 | (uint32_t)(rs2 & 31) << 20 |
           (uint32_t)(rs1 & 31) << 15 | (uint32_t)(f3 & 7) << 12 |
           (u & 31) << 7 | (opcode & 0x7f);
}

uint32_t rvgen_b(int32_t off, unsigned rs2, unsigned rs1, unsigned f3)
{
    uint32_t u = (uint32_t)off & 0x1fff;
    return ((u >> 12) & 1) << 31 | ((u >> 5) & 0x3f) << 25 |
           (uint32_t)(rs2 & 31) << 20 | (uint32_t)(rs1 & 31) << 15 |
           (uint32_t)(f3 & 7) << 12 | ((u >> 1) & 0xf) << 8 |
           ((u >> 11) & 1) << 7 | 0x63;
}

uint32_t rvgen_u(uint32_t imm20, unsigned rd, unsigned opcode)
{
    return (imm20 & 0xfffff) << 12 | (uint32_t)(rd & 31) << 7 | (opcode & 0x7f);
}

uint32_t rvgen_j(int32_t off, unsigned rd)
{
    uint32_t u = (uint32_t)off & 0x1fffff;
    return ((u >> 20) & 1) << 31 | ((u >> 1) & 0x3ff) << 21 |
           ((u >> 11) & 1) << 20 | ((u >> 12) & 0xff) << 12 |
           (uint32_t)(rd & 31) << 7 | 0x6f;
}

/* ---------------------------------------------------------------------
 * Every form, with edge operands
 * ------------------------------------------------------------------- */

/* Where rvgen_forms writes. */
struct sink {
    uint32_t *out;         /* caller's array */
    size_t cap;            /* its size */
    size_t n;              /* words produced (may exceed cap) */
};

static void emit(struct sink *s, uint32_t w)
{
    if (s->n < s->cap)
        s->out[s->n] = w;
    s->n++;
}

/* Registers that exercise the aliases (zero, ra) and the field ends. */
static const unsigned edge_regs[] = { 0, 1, 2, 10, 31 };
#define N_EDGE_REGS (sizeof edge_regs / sizeof edge_regs[0])

static const int32_t edge_imm12[] = { 0, 1, -1, 2, -2048, 2047, 5, -100 };
#define N_EDGE_IMM12 (sizeof edge_imm12 / sizeof edge_imm12[0])

/* The CSRs named or aliased differently by objdump, and the SIMT ones. */
static const unsigned edge_csrs[] = {
    0xcc0, 0xcc1, 0xcc2, 0xcc3, 0xcc4, 0xcc5, 0x001, 0x002, 0x003,
    0xc00, 0xc01, 0xc02, 0xc03, 0xc1f, 0xc80, 0xc81, 0xc82, 0xc83, 0xc9f,
    0xc20, 0xc21, 0xc22, 0x008, 0x009, 0x00a, 0x00f, 0x000, 0x7c0, 0xfff,
};
#define N_EDGE_CSRS (sizeof edge_csrs / sizeof edge_csrs[0])

/* One of edge_csrs: random Zicsr words keep to them, as objdump names
 * privileged CSRs the disassembler prints in hex (docs/isa.md). */
static unsigned pick_csr(struct rvgen_rng *r)
{
    return edge_csrs[below(r, N_EDGE_CSRS)];
}

static void forms_alu(struct sink *s)
{
    static const unsigned rfun[][2] = {   /* f7, f3 of OP */
        { 0, 0 }, { 0x20, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 },
        { 0, 5 }, { 0x20, 5 }, { 0, 6 }, { 0, 7 },
        { 1, 0 }, { 1, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 1, 5 },
        { 1, 6 }, { 1, 7 },
    };
    static const unsigned ifun[] = { 0, 2, 3, 4, 6, 7 };
    static const unsigned shamt[] = { 0, 1, 31, 32, 63 };
    size_t a, b, c, k;

    for (k = 0; k < sizeof rfun / sizeof rfun[0]; k++)
        for (a = 0; a < N_EDGE_REGS; a++)
            for (b = 0; b < N_EDGE_REGS; b++)
                for (c = 0; c < N_EDGE_REGS; c += 2)
                    emit(s, rvgen_r(rfun[k][0], edge_regs[b], edge_regs[a],
                                    rfun[k][1], edge_regs[c], 0x33));
    for (k = 0; k < sizeof ifun / sizeof ifun[0]; k++)
        for (a = 0; a < N_EDGE_REGS; a++)
            for (b = 0; b < N_EDGE_IMM12; b++)
                for (c = 0; c < N_EDGE_REGS; c += 2)
                    emit(s, rvgen_i(edge_imm12[b], edge_regs[a], ifun[k],
                                    edge_regs[c], 0x13));
    for (k = 0; k < sizeof shamt / sizeof shamt[0]; k++)
        for (a = 0; a < N_EDGE_REGS; a++) {
            emit(s, rvgen_i((int32_t)shamt[k], edge_regs[a], 1, 10, 0x13));
            emit(s, rvgen_i((int32_t)shamt[k], edge_regs[a], 5, 10, 0x13));
            emit(s, rvgen_i((int32_t)(shamt[k] | 0x400), edge_regs[a], 5, 0,
                            0x13));
        }
    /* shifts with a funct7 that names nothing */
    emit(s, rvgen_i(0x201, 1, 1, 1, 0x13));
    emit(s, rvgen_i(0x601, 1, 5, 1, 0x13));
    emit(s, rvgen_r(0x7f, 1, 1, 0, 1, 0x33));
    emit(s, rvgen_r(0x20, 1, 1, 1, 1, 0x33));
}

static void forms_upper_jump_branch(struct sink *s)
{
    static const uint32_t imm20[] = { 0, 1, 0x7ffff, 0x80000, 0xfffff, 0x12345 };
    static const int32_t boff[] = { 0, 4, -4, 8, 4094, -4096, 2, 2048 };
    static const int32_t joff[] = { 0, 4, -4, 1048574, -1048576, 2048, 6 };
    static const unsigned bf3[] = { 0, 1, 4, 5, 6, 7, 2, 3 };
    size_t a, b, c, k;

    for (k = 0; k < sizeof imm20 / sizeof imm20[0]; k++)
        for (a = 0; a < N_EDGE_REGS; a++) {
            emit(s, rvgen_u(imm20[k], edge_regs[a], 0x37));
            emit(s, rvgen_u(imm20[k], edge_regs[a], 0x17));
        }
    for (k = 0; k < sizeof joff / sizeof joff[0]; k++)
        for (a = 0; a < N_EDGE_REGS; a++)
            emit(s, rvgen_j(joff[k], edge_regs[a]));
    for (a = 0; a < N_EDGE_REGS; a++)
        for (b = 0; b < N_EDGE_REGS; b++)
            for (k = 0; k < 4; k++)
                emit(s, rvgen_i(edge_imm12[k * 2], edge_regs[b], 0,
                                edge_regs[a], 0x67));
    emit(s, rvgen_i(0, 1, 1, 0, 0x67));         /* jalr, funct3 != 0 */
    for (k = 0; k < sizeof bf3 / sizeof bf3[0]; k++)
        for (a = 0; a < N_EDGE_REGS; a++)
            for (b = 0; b < N_EDGE_REGS; b++)
                for (c = 0; c < sizeof boff / sizeof boff[0]; c += 3)
                    emit(s, rvgen_b(boff[c], edge_regs[b], edge_regs[a],
                                    bf3[k]));
}

static void forms_memory(struct sink *s)
{
    static const unsigned lf3[] = { 0, 1, 2, 4, 5, 3, 6, 7 };
    static const unsigned amo5[] = {
        0x02, 0x03, 0x01, 0x00, 0x04, 0x0c, 0x08, 0x10, 0x14, 0x18, 0x1c, 0x05
    };
    size_t a, b, k, q;

    for (k = 0; k < sizeof lf3 / sizeof lf3[0]; k++)
        for (a = 0; a < N_EDGE_REGS; a++)
            for (b = 0; b < N_EDGE_IMM12; b++) {
                emit(s, rvgen_i(edge_imm12[b], edge_regs[a], lf3[k], 10, 0x03));
                emit(s, rvgen_s(edge_imm12[b], edge_regs[a], 2, lf3[k], 0x23));
            }
    for (k = 0; k < sizeof amo5 / sizeof amo5[0]; k++)
        for (q = 0; q < 4; q++)
            for (a = 0; a < N_EDGE_REGS; a++) {
                emit(s, rvgen_r((unsigned)(amo5[k] << 2 | q), 0, edge_regs[a], 2,
                                10, 0x2f));
                emit(s, rvgen_r((unsigned)(amo5[k] << 2 | q), edge_regs[a], 11,
                                2, edge_regs[a], 0x2f));
            }
    emit(s, rvgen_r(0x08, 0, 1, 3, 1, 0x2f));   /* a doubleword AMO */
}

static void forms_system(struct sink *s)
{
    static const uint32_t words[] = {
        0x00000073, 0x00100073, 0x00200073, 0x10200073, 0x30200073,
        0x7b200073, 0x10500073, 0x12000073, 0x12a00073, 0x12058073,
        0x105000f3, 0x000000f3, 0x00008073, 0x00004073, 0x22000073,
        0x8330000f, 0x8ff0000f, 0x1ff0000f, 0x0ff0800f, 0x0ff000af,
        0x0000100f, 0x0ff5050f,
        /* the SIMT extension, and custom-0 words that are not in it */
        0x0000000b, 0x0000100b, 0x0000200b, 0x0000300b, 0x0000400b,
        0x0000500b, 0x0000008b, 0x0200000b,
        0x0000005b, 0x0000007b,
    };
    size_t a, b, k, f3;

    for (k = 0; k < sizeof words / sizeof words[0]; k++)
        emit(s, words[k]);
    for (a = 0; a < 16; a++)
        for (b = 0; b < 16; b++)
            emit(s, (uint32_t)a << 24 | (uint32_t)b << 20 | 0x0f);
    for (k = 0; k < N_EDGE_CSRS; k++)
        for (f3 = 1; f3 < 8; f3++) {
            if (f3 == 4)
                continue;
            for (a = 0; a < N_EDGE_REGS; a += 2)
                for (b = 0; b < N_EDGE_REGS; b += 2)
                    emit(s, rvgen_i((int32_t)edge_csrs[k], edge_regs[b],
                                    (unsigned)f3, edge_regs[a], 0x73));
        }
}

size_t rvgen_forms(uint32_t *out, size_t cap, uint64_t seed, size_t n_random)
{
    struct sink s = { out, cap, 0 };
    struct rvgen_rng r = { seed };
    size_t k;

    forms_alu(&s);
    forms_upper_jump_branch(&s);
    forms_memory(&s);
    forms_system(&s);
    for (k = 0; k < n_random; k++) {
        /* a 32-bit instruction: low bits 11, bits 4:2 not 111 */
        uint32_t w = (uint32_t)rvgen_next(&r) | 3u;
        if ((w & 0x1c) == 0x1c)
            w &= ~0x10u;
        unsigned f3 = (w >> 12) & 7;
        if ((w & 0x7f) == 0x73 && f3 != 0 && f3 != 4)
            w = (w & 0x000fffffu) | (uint32_t)pick_csr(&r) << 20;
        emit(&s, w);
    }
    return s.n;
}

/* ---------------------------------------------------------------------
 * Random programs
 * ------------------------------------------------------------------- */

/* Register values at the edges of the arithmetic. */
static uint32_t edge_value(struct rvgen_rng *r)
{
    static const uint32_t v[] = {
        0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 2, 0xfffffffeu,
        31, 32, 0x80000001u, 0xffff8000u, 0x00008000u, 0xff, 0x100,
    };
    if (below(r, 3) == 0)
        return (uint32_t)rvgen_next(r);
    return v[below(r, sizeof v / sizeof v[0])];
}

static int32_t edge_imm(struct rvgen_rng *r)
{
    if (below(r, 3) == 0)
        return (int32_t)below(r, 4096) - 2048;
    return edge_imm12[below(r, N_EDGE_IMM12)];
}

/* A destination: x0 now and then, never x30 (the AMO address) or x31 (the
 * data buffer's base). */
static unsigned dest(struct rvgen_rng *r)
{
    return below(r, 16) == 0 ? 0 : 1 + below(r, 29);
}

static unsigned src(struct rvgen_rng *r)
{
    return below(r, 31);
}

/* A program under construction: a word per slot, and what to patch. */
struct build {
    struct rvgen_prog *p;        /* the program being filled */
    size_t len;                  /* the length it will have */
    int32_t target[RVGEN_MAX_WORDS];  /* forward branch/jal: wanted target
                                         index; -1 for other words */
    uint8_t inner[RVGEN_MAX_WORDS];   /* 1 inside a group: not a target */
};

static void put_word(struct build *b, uint32_t w, int32_t target, int inner)
{
    b->target[b->p->n] = target;
    b->inner[b->p->n] = (uint8_t)inner;
    b->p->words[b->p->n++] = w;
}

static void gen_alu(struct build *b, struct rvgen_rng *r)
{
    static const unsigned rfun[][2] = {
        { 0, 0 }, { 0x20, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 },
        { 0, 5 }, { 0x20, 5 }, { 0, 6 }, { 0, 7 },
        { 1, 0 }, { 1, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 1, 5 },
        { 1, 6 }, { 1, 7 },
    };
    static const unsigned ifun[] = { 0, 2, 3, 4, 6, 7 };
    static const unsigned shamt[] = { 0, 1, 31, 16 };
    unsigned k = below(r, 4);

    if (k < 2) {
        unsigned f = below(r, sizeof rfun / sizeof rfun[0]);
        put_word(b, rvgen_r(rfun[f][0], src(r), src(r), rfun[f][1], dest(r),
                            0x33), -1, 0);
    } else if (k == 2) {
        put_word(b, rvgen_i(edge_imm(r), src(r),
                            ifun[below(r, sizeof ifun / sizeof ifun[0])],
                            dest(r), 0x13), -1, 0);
    } else {
        unsigned sh = below(r, 2) ? shamt[below(r, 4)] : below(r, 32);
        static const unsigned sf[3][2] = { { 0, 1 }, { 0, 5 }, { 0x20, 5 } };
        unsigned f = below(r, 3);
        put_word(b, rvgen_r(sf[f][0], sh, src(r), sf[f][1], dest(r), 0x13),
                 -1, 0);
    }
}

static void gen_memory(struct build *b, struct rvgen_rng *r)
{
    static const unsigned lf3[] = { 0, 1, 2, 4, 5 };
    static const unsigned size_of_load[] = { 1, 2, 4, 1, 2 };
    unsigned k = below(r, 5);
    unsigned n = size_of_load[k];
    int32_t off = (int32_t)(below(r, RVGEN_DATA_BYTES / n) * n);

    if (below(r, 2))
        put_word(b, rvgen_i(off, RVGEN_BASE_REG, lf3[k], dest(r), 0x03), -1, 0);
    else
        put_word(b, rvgen_s(off, src(r), RVGEN_BASE_REG, k % 3, 0x23), -1, 0);
}

/* addi x30, x31, off; then an AMO, lr.w and sc.w, or a lone sc.w, on
 * (x30).  Every lr.w is followed by its sc.w, so no reservation outlives
 * its program in qemu. */
static void gen_atomic(struct build *b, struct rvgen_rng *r)
{
    static const unsigned amo5[] = {
        0x01, 0x00, 0x04, 0x0c, 0x08, 0x10, 0x14, 0x18, 0x1c
    };
    int32_t off = (int32_t)(below(r, RVGEN_DATA_BYTES / 4) * 4);
    unsigned aqrl = below(r, 4);

    put_word(b, rvgen_i(off, RVGEN_BASE_REG, 0, 30, 0x13), -1, 0);
    if (below(r, 8) == 0) {
        /* sc.w without a reservation: it fails and writes 1 */
        put_word(b, rvgen_r(0x03 << 2 | aqrl, src(r), 30, 2, dest(r), 0x2f),
                 -1, 1);
    } else if (below(r, 4)) {
        unsigned f5 = amo5[below(r, sizeof amo5 / sizeof amo5[0])];
        put_word(b, rvgen_r(f5 << 2 | aqrl, src(r), 30, 2, dest(r), 0x2f),
                 -1, 1);
    } else {
        put_word(b, rvgen_r(0x02 << 2 | aqrl, 0, 30, 2, dest(r), 0x2f), -1, 1);
        put_word(b, rvgen_r(0x03 << 2 | aqrl, src(r), 30, 2, dest(r), 0x2f),
                 -1, 1);
    }
}

static void gen_control(struct build *b, struct rvgen_rng *r)
{
    size_t i = b->p->n;
    int32_t t = (int32_t)(i + 1 + below(r, 8));
    unsigned k = below(r, 8);

    if (t > (int32_t)b->len)
        t = (int32_t)b->len;
    if (k < 6) {
        static const unsigned bf3[] = { 0, 1, 4, 5, 6, 7 };
        put_word(b, rvgen_b(0, src(r), src(r), bf3[k]) , t, 0);
    } else if (k == 6 || i + 2 >= b->len) {
        put_word(b, rvgen_j(0, dest(r)), t, 0);
    } else {
        /* auipc rT,0; jalr rd, off(rT): off reaches a later word, and its
         * low bit (cleared by jalr) is set now and then. */
        unsigned rt = 1 + below(r, 29);
        int32_t tt = (int32_t)(i + 2 + below(r, 8));
        if (tt > (int32_t)b->len)
            tt = (int32_t)b->len;
        put_word(b, rvgen_u(0, rt, 0x17), -1, 0);
        /* the jalr's offset is fixed up with the target */
        put_word(b, rvgen_i((int32_t)below(r, 2), rt, 0, dest(r), 0x67),
                 tt, 1);
    }
}

void rvgen_program(uint64_t seed, uint64_t index, struct rvgen_prog *p)
{
    struct rvgen_rng r = { seed ^ (index * 0xd1342543de82ef95ull) };
    struct build b;
    size_t i;

    rvgen_next(&r);
    memset(p, 0, sizeof *p);
    b.p = p;
    b.len = 8 + below(&r, RVGEN_MAX_WORDS - 8);
    for (i = 1; i < 30; i++)
        p->x[i] = edge_value(&r);       /* x30 and x31 are set by the runner */
    for (i = 0; i < RVGEN_DATA_BYTES; i += 4) {
        uint32_t v = edge_value(&r);
        memcpy(&p->data[i], &v, 4);
    }
    while (p->n < b.len) {
        size_t room = b.len - p->n;
        unsigned k = below(&r, 16);
        if (k < 7 || room < 3)
            gen_alu(&b, &r);
        else if (k < 10)
            gen_memory(&b, &r);
        else if (k < 12)
            gen_atomic(&b, &r);
        else if (k < 15)
            gen_control(&b, &r);
        else if (below(&r, 2))
            put_word(&b, rvgen_u((uint32_t)edge_value(&r) >> 12, dest(&r),
                                 below(&r, 2) ? 0x37 : 0x17), -1, 0);
        else
            put_word(&b, 0x0ff0000fu, -1, 0);              /* fence */
    }
    /* Move each forward target off the inside of a group, then encode. */
    for (i = 0; i < p->n; i++) {
        int32_t t = b.target[i];
        uint32_t w = p->words[i];
        if (t < 0)
            continue;
        while ((size_t)t < p->n && b.inner[t])
            t++;
        if ((w & 0x7f) == 0x63)
            p->words[i] = (w & 0x01fff07fu) |
                          rvgen_b((int32_t)(t - (int32_t)i) * 4, 0, 0, 0);
        else if ((w & 0x7f) == 0x6f)
            p->words[i] = rvgen_j((int32_t)(t - (int32_t)i) * 4, (w >> 7) & 31);
        else   /* jalr after its auipc at i - 1 */
            p->words[i] = (w & 0x001fffffu) |
                          ((uint32_t)((t - (int32_t)i + 1) * 4) | (w >> 20 & 1))
                              << 20;
    }
}
