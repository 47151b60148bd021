/*
 * sm_rig.c -- what the SM's unit tests share; see sm_rig.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "ics_first.h"
#include "sm.h"
#include "sm_rig.h"
#include "test_load.h"

/* The encodings of the instructions the programs use. */
uint32_t r_type(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3,
                unsigned rd, unsigned op)
{
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

uint32_t i_type(int32_t imm, unsigned rs1, unsigned f3, unsigned rd,
                unsigned op)
{
    return (uint32_t)(imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

uint32_t addi(unsigned rd, unsigned rs1, int32_t imm)
{ return i_type(imm, rs1, 0, rd, 0x13); }
uint32_t andi(unsigned rd, unsigned rs1, int32_t imm)
{ return i_type(imm, rs1, 7, rd, 0x13); }
uint32_t slli(unsigned rd, unsigned rs1, unsigned sh)
{ return i_type((int32_t)sh, rs1, 1, rd, 0x13); }
uint32_t add(unsigned rd, unsigned rs1, unsigned rs2)
{ return r_type(0, rs2, rs1, 0, rd, 0x33); }
uint32_t mul(unsigned rd, unsigned rs1, unsigned rs2)
{ return r_type(1, rs2, rs1, 0, rd, 0x33); }
uint32_t lw(unsigned rd, unsigned rs1, int32_t imm)
{ return i_type(imm, rs1, 2, rd, 0x03); }
uint32_t csrr(unsigned rd, unsigned csr)
{ return i_type((int32_t)csr, 0, 2, rd, 0x73); }
uint32_t sw(unsigned rs2, unsigned rs1, int32_t imm)
{
    return (uint32_t)((imm >> 5) & 0x7f) << 25 | rs2 << 20 | rs1 << 15
           | 2u << 12 | (uint32_t)(imm & 0x1f) << 7 | 0x23;
}

uint32_t branch(unsigned f3, unsigned rs1, unsigned rs2, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (u >> 12 & 1) << 31 | (u >> 5 & 0x3f) << 25 | rs2 << 20
           | rs1 << 15 | f3 << 12 | (u >> 1 & 0xf) << 8 | (u >> 11 & 1) << 7
           | 0x63;
}

uint32_t jal(unsigned rd, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (u >> 20 & 1) << 31 | (u >> 1 & 0x3ff) << 21 | (u >> 11 & 1) << 20
           | (u >> 12 & 0xff) << 12 | rd << 7 | 0x6f;
}

void build(struct built *b, const uint32_t *w, unsigned n,
           const struct program_branch *br, unsigned nbr)
{
    memset(b, 0, sizeof *b);
    memcpy(b->words, w, n * 4);
    if (nbr)
        memcpy(b->br, br, nbr * sizeof *br);
    b->p.path = (char *)"hand-built";
    b->p.base = b->p.text_lo = b->p.entry = b->p.kernel = BASE;
    b->p.size = n * 4;
    b->p.text_hi = BASE + n * 4;
    b->p.image = (uint8_t *)b->words;
    b->p.exit_pc = BASE + (n - 1) * 4;      /* the last word: simt.exit */
    b->p.branches = b->br;
    b->p.n_branches = nbr;
}

/* Each thread stores (odd tid ? 100 : 200) + its global index at
 * args[global index], the two sides of a divergent branch, then meets the
 * TB's barrier and exits. */
void divergent_program(struct built *b)
{
    uint32_t p[16];
    unsigned n = 0;
    struct program_branch br = { BASE + 0x14, BASE + 0x24 };

    p[n++] = csrr(5, RV32_CSR_TID);           /* 00 */
    p[n++] = csrr(9, RV32_CSR_CTAID);         /* 04 */
    p[n++] = csrr(11, RV32_CSR_NTID);         /* 08 */
    p[n++] = mul(12, 9, 11);                  /* 0c */
    p[n++] = andi(6, 5, 1);                   /* 10 */
    p[n++] = branch(0, 6, 0, 12);             /* 14 beq x6, x0, 0x20 */
    p[n++] = addi(7, 0, 100);                 /* 18 odd */
    p[n++] = jal(0, 8);                       /* 1c -> 0x24 */
    p[n++] = addi(7, 0, 200);                 /* 20 even */
    p[n++] = add(12, 12, 5);                  /* 24 join: global index */
    p[n++] = add(7, 7, 12);                   /* 28 */
    p[n++] = slli(8, 12, 2);                  /* 2c */
    p[n++] = add(8, 8, 10);                   /* 30 &args[index] */
    p[n++] = sw(7, 8, 0);                     /* 34 */
    p[n++] = BAR;                             /* 38 */
    p[n++] = EXIT;                            /* 3c: exit_pc */
    build(b, p, n, &br, 1);
}

uint32_t remu(unsigned rd, unsigned rs1, unsigned rs2)
{ return r_type(1, rs2, rs1, 7, rd, 0x33); }

/* Nested divergence in a loop: thread t sums, over i < t % 5, i when i is
 * odd and 2i when even, and stores the sum at args[global index]. */
void loop_program(struct built *b)
{
    uint32_t p[24];
    unsigned n = 0;
    struct program_branch br[2] = { { BASE + 0x24, BASE + 0x48 },
                                    { BASE + 0x2c, BASE + 0x40 } };

    p[n++] = csrr(5, RV32_CSR_TID);           /* 00 */
    p[n++] = csrr(9, RV32_CSR_CTAID);         /* 04 */
    p[n++] = csrr(11, RV32_CSR_NTID);         /* 08 */
    p[n++] = mul(12, 9, 11);                  /* 0c */
    p[n++] = add(12, 12, 5);                  /* 10 global index */
    p[n++] = addi(13, 0, 5);                  /* 14 */
    p[n++] = remu(14, 5, 13);                 /* 18 n = tid % 5 */
    p[n++] = addi(15, 0, 0);                  /* 1c i = 0 */
    p[n++] = addi(7, 0, 0);                   /* 20 sum = 0 */
    p[n++] = branch(7, 15, 14, 0x24);         /* 24 bgeu i, n -> 0x48 */
    p[n++] = andi(6, 15, 1);                  /* 28 */
    p[n++] = branch(0, 6, 0, 12);             /* 2c beq -> 0x38 (even) */
    p[n++] = add(7, 7, 15);                   /* 30 odd: sum += i */
    p[n++] = jal(0, 12);                      /* 34 -> 0x40 */
    p[n++] = slli(16, 15, 1);                 /* 38 even */
    p[n++] = add(7, 7, 16);                   /* 3c sum += 2i */
    p[n++] = addi(15, 15, 1);                 /* 40 join: i++ */
    p[n++] = jal(0, -0x20);                   /* 44 -> 0x24 */
    p[n++] = slli(8, 12, 2);                  /* 48 */
    p[n++] = add(8, 8, 10);                   /* 4c */
    p[n++] = sw(7, 8, 0);                     /* 50 */
    p[n++] = EXIT;                            /* 54 */
    build(b, p, n, br, 2);
}

struct simt_config tiny_mode(enum reconvergence mode,
                             enum sched_policy sp, enum fetch_policy fp)
{
    struct simt_config cfg = load("tiny");
    cfg.reconvergence = mode;
    cfg.scheduler = sp;
    cfg.fetch = fp;
    return cfg;
}

struct sm *make(const struct simt_config *cfg, const struct program *p,
                unsigned grid, unsigned block)
{
    struct sm *sm;
    char err[SM_ERR_LEN];
    struct sm_launch l = { grid, block, SM_GLOBAL_BASE, "hand-built", 0 };

    if (sm_create(&sm, cfg, p, 1u << 16, err, sizeof err) != 0)
        fail_msg("%s", err);
    if (sm_start(sm, &l) != 0)
        fail_msg("%s", sm->err);
    sm->max_cycles = 100000;
    sm->check_invariants = true;
    return sm;
}

/* tiny with a SIMD group per scheduler (no turns) and latencies long
 * enough that the front end (one fetch a cycle) keeps up. */
struct simt_config timing_config(enum reconvergence mode)
{
    struct simt_config cfg = tiny_mode(mode, SCHED_LRR, FETCH_LRR);
    cfg.simd_groups = cfg.schedulers;
    cfg.alu_latency = 5;
    cfg.mul_latency = 9;
    cfg.div_latency = 20;
    return cfg;
}

void expect_error(const struct program *p, unsigned grid,
                  unsigned block, uint64_t limit, const char *what)
{
    struct simt_config cfg = tiny_mode(RECONV_SBR, SCHED_LRR, FETCH_LRR);
    struct sm *sm = make(&cfg, p, grid, block);

    sm->max_cycles = limit;
    assert_int_equal(sm_run(sm), SM_ERROR);
    if (!strstr(sm->err, what))
        fail_msg("expected '%s' in: %s", what, sm->err);
    sm_destroy(sm);
}

/* Threads 0 and 1 (warp 0) meet at the barrier and store 2 at args[0];
 * the others exit. */
void exit_then_barrier_program(struct built *b)
{
    uint32_t p[7];
    unsigned n = 0;
    struct program_branch br = { BASE + 0x08, BASE + 0x18 };

    p[n++] = csrr(5, RV32_CSR_TID);    /* 00 */
    p[n++] = addi(6, 0, 2);            /* 04 */
    p[n++] = branch(6, 5, 6, 8);       /* 08 bltu x5, x6, 0x10 */
    p[n++] = jal(0, 12);               /* 0c -> exit 0x18 */
    p[n++] = BAR;                      /* 10 */
    p[n++] = sw(6, 10, 0);             /* 14 args[0] = 2 */
    p[n++] = EXIT;                     /* 18 */
    build(b, p, n, &br, 1);
}

/* The chain of the timing tests (sm_rig.h). */
void chain_program(struct built *b, enum chain_kind kind, unsigned n)
{
    uint32_t p[MAXW];
    unsigned k = 0;

    assert_true(n + 8 <= MAXW);
    p[k++] = csrr(5, RV32_CSR_TID);
    p[k++] = addi(6, 0, 3);
    for (unsigned i = 0; i < n; i++)
        p[k++] = kind == CHAIN_ADDI ? addi(5, 5, 1)
                 : kind == CHAIN_MUL ? mul(5, 5, 6)
                 : addi(11 + i % 8, 6, (int32_t)i);
    p[k++] = csrr(20, RV32_CSR_TID);
    p[k++] = slli(20, 20, 2);
    p[k++] = add(20, 20, 10);
    p[k++] = sw(5, 20, 0);
    p[k++] = EXIT;
    build(b, p, k, NULL, 0);
}

/* Cycles `warps` warps of one TB take for the chain, stores checked. */
uint64_t chain_cycles_of(const struct simt_config *cfg,
                         enum chain_kind kind, unsigned n, unsigned warps)
{
    struct built b;
    struct sm *sm;
    uint64_t cycles;

    chain_program(&b, kind, n);
    sm = make(cfg, &b.p, 1, warps * cfg->warp_size);
    if (sm_run(sm) != SM_DONE)
        fail_msg("%s", sm->err);
    for (unsigned t = 0; t < warps * cfg->warp_size; t++) {
        uint32_t v = 0, want = t;
        assert_int_equal(sm_memory_read(&sm->mem, SM_GLOBAL_BASE + 4 * t,
                                        &v, 4), 0);
        for (unsigned i = 0; i < n && kind != CHAIN_INDEPENDENT; i++)
            want = kind == CHAIN_ADDI ? want + 1 : want * 3;
        assert_int_equal(v, want);
    }
    cycles = sm->st.cycles;
    sm_destroy(sm);
    return cycles;
}

/* The same for one warp. */
uint64_t chain_cycles(const struct simt_config *cfg, enum chain_kind kind,
                      unsigned n)
{
    return chain_cycles_of(cfg, kind, n, 1);
}
