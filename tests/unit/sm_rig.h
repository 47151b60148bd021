/*
 * sm_rig.h -- what the SM's unit tests share (tests/unit/test_sm.c,
 * test_sm_timing.c, test_sm_checks.c, test_sm_baws.c): RV32 words
 * encoded by hand, a struct program built from them with its
 * re-convergence table, the programs more than one test runs, and an SM
 * made and started for them on the tiny preset's sizes.
 */
#ifndef SIMTREF_TEST_SM_RIG_H
#define SIMTREF_TEST_SM_RIG_H

#include <stdint.h>
#include "config.h"
#include "program.h"
#include "sm.h"

/* BASE: where the programs' text starts; MAXW: their longest, in words. */
enum { BASE = 0x10000, MAXW = 64 };

/* The SIMT extension's barrier and exit (docs/isa.md). */
static const uint32_t BAR = 0x0000000b, EXIT = 0x0000100b;

/* A program built by hand: its words, branches and ICS-First actions. */
struct built {
    struct program p;
    uint32_t words[MAXW];
    struct program_branch br[4];
    struct program_ics ics[4];
};

/* RV32 words: the R and I formats, then the instructions the tests use. */
uint32_t r_type(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3,
                unsigned rd, unsigned op);
uint32_t i_type(int32_t imm, unsigned rs1, unsigned f3, unsigned rd,
                unsigned op);
uint32_t addi(unsigned rd, unsigned rs1, int32_t imm);
uint32_t andi(unsigned rd, unsigned rs1, int32_t imm);
uint32_t slli(unsigned rd, unsigned rs1, unsigned sh);
uint32_t add(unsigned rd, unsigned rs1, unsigned rs2);
uint32_t mul(unsigned rd, unsigned rs1, unsigned rs2);
uint32_t remu(unsigned rd, unsigned rs1, unsigned rs2);
uint32_t lw(unsigned rd, unsigned rs1, int32_t imm);
uint32_t sw(unsigned rs2, unsigned rs1, int32_t imm);
uint32_t csrr(unsigned rd, unsigned csr);
uint32_t branch(unsigned f3, unsigned rs1, unsigned rs2, int32_t off);
uint32_t jal(unsigned rd, int32_t off);

/* b holds the n words w at BASE and the nbr branches br. */
void build(struct built *b, const uint32_t *w, unsigned n,
           const struct program_branch *br, unsigned nbr);

/* The programs more than one test file runs (sm_rig.c says what each
 * computes). */
void divergent_program(struct built *b);
void loop_program(struct built *b);
void exit_then_barrier_program(struct built *b);

/* The tiny preset under a mode, scheduler and fetch policy; the preset
 * the timing tests measure on. */
struct simt_config tiny_mode(enum reconvergence mode, enum sched_policy sp,
                             enum fetch_policy fp);
struct simt_config timing_config(enum reconvergence mode);

/* The timing of the pipeline: one warp alone on the SM (or `warps` warps
 * of one TB) runs a straight chain of n instructions; the cycles it takes
 * grow by what each added instruction costs, which the tests derive from
 * the configuration.  chain_program(): x5 = tid; x6 = 3; n times: x5 += 1
 * (addi), x5 *= x6 (mul), or x(11 + i % 8) = x6 + i (no instruction reads
 * another's result); then every thread stores x5 at args[tid] and exits.
 * chain_cycles_of(): the cycles it takes, the stores checked. */
enum chain_kind { CHAIN_ADDI, CHAIN_MUL, CHAIN_INDEPENDENT };
void chain_program(struct built *b, enum chain_kind kind, unsigned n);
uint64_t chain_cycles_of(const struct simt_config *cfg,
                         enum chain_kind kind, unsigned n, unsigned warps);
uint64_t chain_cycles(const struct simt_config *cfg, enum chain_kind kind,
                      unsigned n);

/* An SM for p, started on a grid of `grid` TBs of `block` threads, with
 * the invariant checked every cycle (fails the test when it cannot be
 * made). */
struct sm *make(const struct simt_config *cfg, const struct program *p,
                unsigned grid, unsigned block);

/* p on tiny stops with an error holding `what` within `limit` cycles. */
void expect_error(const struct program *p, unsigned grid, unsigned block,
                  uint64_t limit, const char *what);

#endif /* SIMTREF_TEST_SM_RIG_H */
