/* test_rv32.c -- one thread's instruction semantics (golden/isa/rv32.c). */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "rv32.h"

#define MEM_BASE 0x1000u
#define MEM_SIZE 256u

/* A flat little-endian memory and the SIMT CSRs of thread 5 of TB 2. */
struct fixture {
    uint8_t mem[MEM_SIZE];     /* bytes at MEM_BASE .. */
    struct rv32_env env;       /* callbacks onto mem */
    struct rv32_thread t;      /* the thread under test */
    struct rv32_result res;    /* the last instruction's result */
    int amo_calls;             /* times env.amo was called */
    bool sc_broken;            /* sc_by_memory: another thread wrote the
                                * reserved word */
    int sc_calls;              /* times env.sc was called */
};

static int mem_load(void *ctx, uint32_t addr, unsigned n, uint32_t *val)
{
    struct fixture *f = ctx;
    uint32_t v = 0;
    if (addr < MEM_BASE || addr - MEM_BASE + n > MEM_SIZE)
        return -1;
    for (unsigned i = 0; i < n; i++)
        v |= (uint32_t)f->mem[addr - MEM_BASE + i] << (8 * i);
    *val = v;
    return 0;
}

static int mem_store(void *ctx, uint32_t addr, unsigned n, uint32_t val)
{
    struct fixture *f = ctx;
    if (addr < MEM_BASE || addr - MEM_BASE + n > MEM_SIZE)
        return -1;
    for (unsigned i = 0; i < n; i++)
        f->mem[addr - MEM_BASE + i] = (uint8_t)(val >> (8 * i));
    return 0;
}

static int mem_amo(void *ctx, enum rv32_op op, uint32_t addr, uint32_t src,
                   uint32_t *old)
{
    struct fixture *f = ctx;
    f->amo_calls++;
    if (mem_load(ctx, addr, 4, old) != 0)
        return -1;
    return mem_store(ctx, addr, 4, rv32_amo_apply(op, *old, src));
}

static int csr_read(void *ctx, uint16_t csr, uint32_t *val)
{
    (void)ctx;
    switch (csr) {
    case RV32_CSR_TID:    *val = 5; return 0;
    case RV32_CSR_NTID:   *val = 64; return 0;
    case RV32_CSR_CTAID:  *val = 2; return 0;
    case RV32_CSR_NCTAID: *val = 3; return 0;
    case RV32_CSR_WARPID: *val = 0; return 0;
    case RV32_CSR_LANEID: *val = 5; return 0;
    default: return -1;
    }
}

static int setup(void **state)
{
    static struct fixture f;
    memset(&f, 0, sizeof f);
    f.env = (struct rv32_env){ &f, mem_load, mem_store, mem_amo, csr_read,
                               NULL, NULL };
    f.t.pc = 0x10000;
    *state = &f;
    return 0;
}

/* Instruction encoders. */
static uint32_t r_type(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3,
                       unsigned rd, unsigned opc)
{
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc;
}

static uint32_t i_type(int32_t imm, unsigned rs1, unsigned f3, unsigned rd,
                       unsigned opc)
{
    return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc;
}

static uint32_t s_type(int32_t imm, unsigned rs2, unsigned rs1, unsigned f3)
{
    uint32_t u = (uint32_t)imm & 0xfff;
    return (u >> 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u & 31) << 7 | 0x23;
}

static uint32_t b_type(int32_t imm, unsigned rs2, unsigned rs1, unsigned f3)
{
    uint32_t u = (uint32_t)imm;
    return ((u >> 12) & 1) << 31 | ((u >> 5) & 0x3f) << 25 | rs2 << 20 |
           rs1 << 15 | f3 << 12 | ((u >> 1) & 0xf) << 8 | ((u >> 11) & 1) << 7 | 0x63;
}

static uint32_t amo(unsigned f5, unsigned rs2, unsigned rs1, unsigned rd)
{
    return r_type(f5 << 2, rs2, rs1, 2, rd, 0x2f);
}

/* Executes one word; returns the status. */
static enum rv32_status run(struct fixture *f, uint32_t word)
{
    struct rv32_insn in = rv32_decode(word);
    rv32_exec(&in, &f->t, &f->env, &f->res);
    return f->res.status;
}

/* rd = rs1 OP rs2 through an R-type word of the M or base set. */
static uint32_t rr(struct fixture *f, unsigned f7, unsigned f3, uint32_t a,
                   uint32_t b)
{
    f->t.x[1] = a;
    f->t.x[2] = b;
    assert_int_equal(run(f, r_type(f7, 2, 1, f3, 3, 0x33)), RV32_OK);
    return f->t.x[3];
}

static void division_by_zero_gives_all_ones_and_the_dividend(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(rr(f, 1, 4, 7, 0), 0xffffffffu);           /* div */
    assert_int_equal(rr(f, 1, 5, 7, 0), 0xffffffffu);           /* divu */
    assert_int_equal(rr(f, 1, 6, 0xfffffff9u, 0), 0xfffffff9u); /* rem */
    assert_int_equal(rr(f, 1, 7, 7, 0), 7);                     /* remu */
}

static void signed_overflow_division_gives_int_min_and_zero(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(rr(f, 1, 4, 0x80000000u, 0xffffffffu), 0x80000000u);
    assert_int_equal(rr(f, 1, 6, 0x80000000u, 0xffffffffu), 0);
    assert_int_equal(rr(f, 1, 5, 0x80000000u, 0xffffffffu), 0);
    assert_int_equal(rr(f, 1, 7, 0x80000000u, 0xffffffffu), 0x80000000u);
}

static void signed_division_truncates_towards_zero(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(rr(f, 1, 4, (uint32_t)-7, 2), (uint32_t)-3);
    assert_int_equal(rr(f, 1, 6, (uint32_t)-7, 2), (uint32_t)-1);
    assert_int_equal(rr(f, 1, 6, 7, (uint32_t)-2), 1);
}

static void high_multiplies_treat_signs_as_named(void **state)
{
    struct fixture *f = *state;
    /* -1 * -1 = 1: high word 0 signed, 0xfffffffe unsigned. */
    assert_int_equal(rr(f, 1, 1, 0xffffffffu, 0xffffffffu), 0);
    assert_int_equal(rr(f, 1, 3, 0xffffffffu, 0xffffffffu), 0xfffffffeu);
    /* mulhsu: -1 (signed) * 0xffffffff (unsigned) = -0xffffffff. */
    assert_int_equal(rr(f, 1, 2, 0xffffffffu, 0xffffffffu), 0xffffffffu);
    assert_int_equal(rr(f, 1, 1, 0x80000000u, 0x80000000u), 0x40000000u);
    assert_int_equal(rr(f, 1, 0, 0x10001u, 0x10001u), 0x20001u);
}

static void register_shifts_use_only_the_low_five_bits(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(rr(f, 0, 1, 1, 33), 2);                          /* sll */
    assert_int_equal(rr(f, 0, 5, 0x80000000u, 63), 1);                /* srl */
    assert_int_equal(rr(f, 0x20, 5, 0x80000000u, 0xffffffffu), 0xffffffffu); /* sra */
    assert_int_equal(rr(f, 0x20, 5, 0x80000000u, 32), 0x80000000u);
    assert_int_equal(rr(f, 0x20, 5, 0x40000000u, 30), 1);
}

static void immediate_shifts_and_slt_compare_as_named(void **state)
{
    struct fixture *f = *state;
    f->t.x[1] = 0x80000010u;
    assert_int_equal(run(f, i_type(0x404, 1, 5, 2, 0x13)), RV32_OK);  /* srai 4 */
    assert_int_equal(f->t.x[2], 0xf8000001u);
    assert_int_equal(run(f, i_type(4, 1, 5, 2, 0x13)), RV32_OK);      /* srli 4 */
    assert_int_equal(f->t.x[2], 0x08000001u);
    assert_int_equal(run(f, i_type(-1, 1, 3, 2, 0x13)), RV32_OK);     /* sltiu -1 */
    assert_int_equal(f->t.x[2], 1);
    assert_int_equal(run(f, i_type(0, 1, 2, 2, 0x13)), RV32_OK);      /* slti 0 */
    assert_int_equal(f->t.x[2], 1);
}

static void loads_sign_or_zero_extend_by_width(void **state)
{
    struct fixture *f = *state;
    f->mem[0] = 0x80; f->mem[1] = 0xff; f->mem[2] = 0x34; f->mem[3] = 0x92;
    f->t.x[1] = MEM_BASE;
    assert_int_equal(run(f, i_type(0, 1, 0, 2, 0x03)), RV32_OK);      /* lb */
    assert_int_equal(f->t.x[2], 0xffffff80u);
    assert_int_equal(run(f, i_type(0, 1, 4, 2, 0x03)), RV32_OK);      /* lbu */
    assert_int_equal(f->t.x[2], 0x80);
    assert_int_equal(run(f, i_type(0, 1, 1, 2, 0x03)), RV32_OK);      /* lh */
    assert_int_equal(f->t.x[2], 0xffffff80u);
    assert_int_equal(run(f, i_type(2, 1, 5, 2, 0x03)), RV32_OK);      /* lhu */
    assert_int_equal(f->t.x[2], 0x9234);
    assert_int_equal(run(f, i_type(0, 1, 2, 2, 0x03)), RV32_OK);      /* lw */
    assert_int_equal(f->t.x[2], 0x9234ff80u);
}

static void stores_write_only_their_width(void **state)
{
    struct fixture *f = *state;
    memset(f->mem, 0xaa, 8);
    f->t.x[1] = MEM_BASE + 4;
    f->t.x[2] = 0x12345678u;
    assert_int_equal(run(f, s_type(-3, 2, 1, 0)), RV32_OK);           /* sb */
    assert_int_equal(f->mem[1], 0x78);
    assert_int_equal(f->mem[0], 0xaa);
    assert_int_equal(f->mem[2], 0xaa);
    assert_int_equal(run(f, s_type(-2, 2, 1, 1)), RV32_OK);           /* sh */
    assert_int_equal(f->mem[2], 0x78);
    assert_int_equal(f->mem[3], 0x56);
    assert_int_equal(f->mem[4], 0xaa);
    assert_true(f->res.mem_write);
    assert_int_equal(f->res.mem_value, 0x5678);
}

static void misaligned_accesses_are_reported_and_change_nothing(void **state)
{
    struct fixture *f = *state;
    f->t.x[1] = MEM_BASE + 2;
    f->t.x[2] = 99;
    assert_int_equal(run(f, i_type(0, 1, 2, 2, 0x03)), RV32_ERR_MISALIGNED); /* lw */
    assert_int_equal(f->t.x[2], 99);
    assert_int_equal(f->t.pc, 0x10000);
    assert_int_equal(f->res.mem_addr, MEM_BASE + 2);
    assert_int_equal(run(f, i_type(1, 1, 1, 2, 0x03)), RV32_ERR_MISALIGNED); /* lh */
    assert_int_equal(run(f, s_type(0, 2, 1, 2)), RV32_ERR_MISALIGNED);       /* sw */
    assert_int_equal(run(f, amo(0, 2, 1, 3)), RV32_ERR_MISALIGNED);         /* amoadd */
    assert_int_equal(f->amo_calls, 0);
    assert_int_equal(run(f, i_type(1, 1, 0, 2, 0x03)), RV32_OK);            /* lb */
}

static void accesses_outside_memory_are_access_errors(void **state)
{
    struct fixture *f = *state;
    f->t.x[1] = MEM_BASE + MEM_SIZE;
    f->t.x[2] = 99;
    assert_int_equal(run(f, i_type(0, 1, 2, 2, 0x03)), RV32_ERR_ACCESS);
    assert_int_equal(f->t.x[2], 99);
    assert_int_equal(f->t.pc, 0x10000);
    assert_int_equal(run(f, s_type(-4, 2, 1, 2)), RV32_OK);
}

static void x0_is_never_written(void **state)
{
    struct fixture *f = *state;
    f->t.x[1] = MEM_BASE;
    f->mem[0] = 7;
    assert_int_equal(run(f, i_type(5, 0, 0, 0, 0x13)), RV32_OK);      /* addi x0,x0,5 */
    assert_int_equal(f->t.x[0], 0);
    assert_false(f->res.rd_written);
    assert_int_equal(run(f, 0x12345037u), RV32_OK);                    /* lui x0 */
    assert_int_equal(run(f, i_type(0, 1, 2, 0, 0x03)), RV32_OK);      /* lw x0 */
    assert_int_equal(run(f, amo(0, 1, 1, 0)), RV32_OK);                /* amoadd x0 */
    assert_int_equal(f->t.x[0], 0);
    assert_int_equal(f->mem[0], (MEM_BASE + 7) & 0xff);
    assert_int_equal(run(f, 0x0000006fu | 0 << 7), RV32_OK);          /* jal x0,0 */
    assert_int_equal(f->t.x[0], 0);
    /* Reading x0 gives 0 even if the array holds garbage. */
    f->t.x[0] = 1234;
    assert_int_equal(run(f, r_type(0, 0, 0, 0, 3, 0x33)), RV32_OK);   /* add x3,x0,x0 */
    assert_int_equal(f->t.x[3], 0);
}

static void amos_return_the_old_value_and_go_through_the_callback(void **state)
{
    struct fixture *f = *state;
    static const struct { unsigned f5; uint32_t old, src, new_; } c[] = {
        { 0x00, 5, 3, 8 },                                  /* amoadd */
        { 0x01, 5, 3, 3 },                                  /* amoswap */
        { 0x04, 5, 3, 6 },                                  /* amoxor */
        { 0x0c, 5, 3, 1 },                                  /* amoand */
        { 0x08, 5, 3, 7 },                                  /* amoor */
        { 0x10, 0xffffffffu, 3, 0xffffffffu },              /* amomin */
        { 0x14, 0xffffffffu, 3, 3 },                        /* amomax */
        { 0x18, 0xffffffffu, 3, 3 },                        /* amominu */
        { 0x1c, 0xffffffffu, 3, 0xffffffffu },              /* amomaxu */
    };
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        uint32_t v;
        mem_store(f, MEM_BASE + 8, 4, c[i].old);
        f->t.x[1] = MEM_BASE + 8;
        f->t.x[2] = c[i].src;
        assert_int_equal(run(f, amo(c[i].f5, 2, 1, 3)), RV32_OK);
        assert_int_equal(f->t.x[3], c[i].old);
        mem_load(f, MEM_BASE + 8, 4, &v);
        assert_int_equal(v, c[i].new_);
        assert_int_equal(f->res.mem_value, c[i].new_);
        assert_int_equal(f->amo_calls, (int)i + 1);
    }
}

static void sc_succeeds_only_on_the_reserved_address(void **state)
{
    struct fixture *f = *state;
    uint32_t v;
    f->t.x[1] = MEM_BASE + 16;
    f->t.x[4] = MEM_BASE + 20;
    f->t.x[2] = 77;
    assert_int_equal(run(f, amo(0x03, 2, 1, 3)), RV32_OK);    /* sc without lr */
    assert_int_equal(f->t.x[3], 1);
    mem_load(f, MEM_BASE + 16, 4, &v);
    assert_int_equal(v, 0);
    assert_int_equal(run(f, amo(0x02, 0, 1, 3)), RV32_OK);    /* lr.w */
    assert_int_equal(run(f, amo(0x03, 2, 4, 3)), RV32_OK);    /* sc elsewhere */
    assert_int_equal(f->t.x[3], 1);
    assert_int_equal(run(f, amo(0x02, 0, 1, 3)), RV32_OK);
    assert_int_equal(run(f, amo(0x03, 2, 1, 3)), RV32_OK);    /* sc there */
    assert_int_equal(f->t.x[3], 0);
    mem_load(f, MEM_BASE + 16, 4, &v);
    assert_int_equal(v, 77);
    assert_int_equal(run(f, amo(0x03, 2, 1, 3)), RV32_OK);    /* used up */
    assert_int_equal(f->t.x[3], 1);
}

/* The memory's side of a reservation (rv32_env's sc): another thread
 * has written the word when f->sc_broken; an address below MEM_BASE + 8
 * may not be written. */
static int sc_by_memory(void *ctx, uint32_t addr, uint32_t val, bool *ok)
{
    struct fixture *f = ctx;

    f->sc_calls++;
    if (addr < MEM_BASE + 8)
        return -1;
    *ok = *ok && !f->sc_broken;
    return *ok ? mem_store(ctx, addr, 4, val) : 0;
}

static void sc_fails_when_the_memory_says_the_reservation_broke(void **state)
{
    struct fixture *f = *state;
    uint32_t v;

    f->sc_broken = true;
    f->env.sc = sc_by_memory;
    f->t.x[1] = MEM_BASE + 16;
    f->t.x[2] = 77;
    assert_int_equal(run(f, amo(0x02, 0, 1, 3)), RV32_OK);    /* lr.w */
    assert_int_equal(run(f, amo(0x03, 2, 1, 3)), RV32_OK);    /* sc.w */
    assert_int_equal(f->t.x[3], 1);
    assert_false(f->t.reserved);
    mem_load(f, MEM_BASE + 16, 4, &v);
    assert_int_equal(v, 0);
    f->sc_broken = false;
    assert_int_equal(run(f, amo(0x02, 0, 1, 3)), RV32_OK);
    assert_int_equal(run(f, amo(0x03, 2, 1, 3)), RV32_OK);
    assert_int_equal(f->t.x[3], 0);
    mem_load(f, MEM_BASE + 16, 4, &v);
    assert_int_equal(v, 77);
    /* an address the memory refuses is an access error, with or without
     * a reservation, and the thread is unchanged */
    f->t.x[1] = MEM_BASE + 4;
    f->t.x[3] = 5;
    assert_int_equal(run(f, amo(0x03, 2, 1, 3)), RV32_ERR_ACCESS);
    assert_int_equal(f->t.x[3], 5);
    assert_int_equal(f->sc_calls, 3);
}

static void branches_and_jumps_go_where_the_offsets_say(void **state)
{
    struct fixture *f = *state;
    f->t.x[1] = 0xffffffffu;
    f->t.x[2] = 1;
    assert_int_equal(run(f, b_type(-8, 2, 1, 4)), RV32_OK);        /* blt -1,1 */
    assert_true(f->res.taken);
    assert_int_equal(f->t.pc, 0x10000 - 8);
    assert_int_equal(run(f, b_type(16, 2, 1, 6)), RV32_OK);        /* bltu */
    assert_false(f->res.taken);
    assert_true(f->res.branch);
    assert_int_equal(f->t.pc, 0x10000 - 4);
    f->t.x[5] = 0x20003;
    assert_int_equal(run(f, i_type(-2, 5, 0, 6, 0x67)), RV32_OK);  /* jalr x6,-2(x5) */
    assert_int_equal(f->t.pc, 0x20000);
    assert_int_equal(f->t.x[6], 0x10000);
    assert_int_equal(run(f, i_type(0, 5, 0, 6, 0x67)), RV32_ERR_MISALIGNED);
    assert_int_equal(f->t.pc, 0x20000);
    assert_int_equal(run(f, 0xabcde017u | 7 << 7), RV32_OK);        /* auipc x7 */
    assert_int_equal(f->t.x[7], 0xabcde000u + 0x20000);
}

static void csr_reads_return_the_simt_ids(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(run(f, 0xcc002573u), RV32_OK);                /* csrr a0,0xcc0 */
    assert_int_equal(f->t.x[10], 5);
    assert_int_equal(run(f, 0xcc2035f3u), RV32_OK);                /* csrrc a1,0xcc2,x0 */
    assert_int_equal(f->t.x[11], 2);
    assert_int_equal(run(f, 0xcc306673u), RV32_OK);                /* csrrsi a2,0xcc3,0 */
    assert_int_equal(f->t.x[12], 3);
    assert_int_equal(run(f, 0xcc1076f3u), RV32_OK);                /* csrrci a3,0xcc1,0 */
    assert_int_equal(f->t.x[13], 64);
}

static void csr_writes_and_unknown_csrs_are_illegal(void **state)
{
    struct fixture *f = *state;
    f->t.x[10] = 42;
    assert_int_equal(run(f, 0xcc0515f3u), RV32_ERR_ILLEGAL);       /* csrrw a1,0xcc0,a0 */
    assert_int_equal(run(f, 0xcc0525f3u), RV32_ERR_ILLEGAL);       /* csrrs a1,0xcc0,a0 */
    assert_int_equal(run(f, 0xcc0535f3u), RV32_ERR_ILLEGAL);       /* csrrc a1,0xcc0,a0 */
    assert_int_equal(run(f, 0xcc0055f3u), RV32_ERR_ILLEGAL);       /* csrrwi a1,0xcc0,0 */
    assert_int_equal(run(f, 0xcc00e5f3u), RV32_ERR_ILLEGAL);       /* csrrsi a1,0xcc0,1 */
    assert_int_equal(run(f, 0xcc00f5f3u), RV32_ERR_ILLEGAL);       /* csrrci a1,0xcc0,1 */
    assert_int_equal(run(f, 0xc00025f3u), RV32_ERR_ILLEGAL);       /* csrr a1,cycle */
    assert_int_equal(f->t.x[11], 0);
    assert_int_equal(f->t.pc, 0x10000);
}

static void reserved_encodings_decode_as_illegal(void **state)
{
    struct fixture *f = *state;
    static const uint32_t words[] = {
        0x00000000u,                          /* all zeros */
        0xffffffffu,                          /* all ones */
        0x00004501u & 0xffffu,                /* compressed c.li */
        0x40001013u | 1 << 7,                 /* slli with funct7 0x20 */
        0x02005013u,                          /* srli with funct7 1 */
        0x04000033u,                          /* funct7 2 on OP */
        0x40001033u,                          /* sll with funct7 0x20 */
        0x40006033u,                          /* or with funct7 0x20 */
        0x00002063u,                          /* branch funct3 2 */
        0x00003063u,                          /* branch funct3 3 */
        0x00003003u,                          /* load funct3 3 (ld) */
        0x00006003u,                          /* load funct3 6 (lwu) */
        0x00003023u,                          /* store funct3 3 (sd) */
        0x00001067u,                          /* jalr funct3 1 */
        0x00200073u,                          /* uret-like system word */
        0x10500073u,                          /* wfi */
        0x00004073u,                          /* system funct3 4 */
        0x0000100fu,                          /* fence.i */
        0x1000302fu,                          /* lr.d */
        0x1010202fu,                          /* lr.w with rs2 != 0 */
        0x2800202fu,                          /* AMO funct5 0x05 */
        0x0000500bu,                          /* custom-0 funct3 5 */
        0x0000008bu,                          /* custom-0 with rd != 0 */
        0x0200000bu,                          /* custom-0 with funct7 1 */
        0x0000005bu,                          /* custom-2 */
        0x00000007u,                          /* flw */
    };
    for (unsigned i = 0; i < sizeof words / sizeof words[0]; i++) {
        struct rv32_insn in = rv32_decode(words[i]);
        if (in.op != RV32_ILLEGAL)
            fail_msg("word 0x%08x decoded as %s", (unsigned)words[i],
                     rv32_op_name(in.op));
        assert_int_equal(run(f, words[i]), RV32_ERR_ILLEGAL);
        assert_int_equal(f->t.pc, 0x10000);
    }
}

static void simt_instructions_decode_and_report_their_status(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(rv32_decode(0x0000000bu).op, RV32_SIMT_BAR);
    assert_int_equal(rv32_decode(0x0000100bu).op, RV32_SIMT_EXIT);
    assert_int_equal(rv32_decode(0x0000200bu).op, RV32_SIMT_PRIO_RAISE);
    assert_int_equal(rv32_decode(0x0000300bu).op, RV32_SIMT_PRIO_LOWER);
    assert_int_equal(rv32_decode(0x0000400bu).op, RV32_SIMT_PRIO_SETOUT);
    assert_int_equal(run(f, 0x0000000bu), RV32_BARRIER);
    assert_int_equal(f->t.pc, 0x10004);
    assert_int_equal(run(f, 0x0000100bu), RV32_EXIT);
    assert_int_equal(run(f, 0x0000300bu), RV32_PRIO);
    assert_int_equal(run(f, 0x00000073u), RV32_ERR_ECALL);
    assert_int_equal(run(f, 0x00100073u), RV32_ERR_ECALL);
    assert_int_equal(run(f, 0x0ff0000fu), RV32_OK);                /* fence */
    assert_string_equal(rv32_op_name(RV32_SIMT_PRIO_SETOUT), "simt.prio.setout");
    assert_string_equal(rv32_op_name(RV32_AMOMAXU_W), "amomaxu.w");
}

static void immediates_decode_with_their_signs(void **state)
{
    (void)state;
    assert_int_equal(rv32_decode(b_type(-4096, 0, 0, 0)).imm, -4096);
    assert_int_equal(rv32_decode(b_type(4094, 0, 0, 0)).imm, 4094);
    assert_int_equal(rv32_decode(s_type(-2048, 0, 0, 2)).imm, -2048);
    assert_int_equal(rv32_decode(i_type(-1, 0, 0, 1, 0x13)).imm, -1);
    assert_int_equal(rv32_decode(0x800000efu).imm, -(1 << 20));    /* jal ra,-1M */
    assert_int_equal(rv32_decode(0x7ffff06fu).imm, (1 << 20) - 2);
    assert_int_equal((uint32_t)rv32_decode(0xfffff537u).imm, 0xfffff000u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(division_by_zero_gives_all_ones_and_the_dividend, setup),
        cmocka_unit_test_setup(signed_overflow_division_gives_int_min_and_zero, setup),
        cmocka_unit_test_setup(signed_division_truncates_towards_zero, setup),
        cmocka_unit_test_setup(high_multiplies_treat_signs_as_named, setup),
        cmocka_unit_test_setup(register_shifts_use_only_the_low_five_bits, setup),
        cmocka_unit_test_setup(immediate_shifts_and_slt_compare_as_named, setup),
        cmocka_unit_test_setup(loads_sign_or_zero_extend_by_width, setup),
        cmocka_unit_test_setup(stores_write_only_their_width, setup),
        cmocka_unit_test_setup(misaligned_accesses_are_reported_and_change_nothing, setup),
        cmocka_unit_test_setup(accesses_outside_memory_are_access_errors, setup),
        cmocka_unit_test_setup(x0_is_never_written, setup),
        cmocka_unit_test_setup(amos_return_the_old_value_and_go_through_the_callback, setup),
        cmocka_unit_test_setup(sc_succeeds_only_on_the_reserved_address, setup),
        cmocka_unit_test_setup(sc_fails_when_the_memory_says_the_reservation_broke, setup),
        cmocka_unit_test_setup(branches_and_jumps_go_where_the_offsets_say, setup),
        cmocka_unit_test_setup(csr_reads_return_the_simt_ids, setup),
        cmocka_unit_test_setup(csr_writes_and_unknown_csrs_are_illegal, setup),
        cmocka_unit_test_setup(reserved_encodings_decode_as_illegal, setup),
        cmocka_unit_test_setup(simt_instructions_decode_and_report_their_status, setup),
        cmocka_unit_test_setup(immediates_decode_with_their_signs, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
