/*
 * rvgen.h -- instruction words for the ISA tests: encoders, the list of
 * every instruction form with edge operands (for the objdump comparison),
 * and random straight-line-with-forward-branches programs drawn from a seed
 * (for the qemu differential oracle, tests/tools/rv_oracle.c).
 */
#ifndef SIMTREF_RVGEN_H
#define SIMTREF_RVGEN_H

#include <stddef.h>
#include <stdint.h>

/* A splitmix64 stream: the whole state of a generator. */
struct rvgen_rng {
    uint64_t s;            /* advanced by each draw */
};

uint64_t rvgen_next(struct rvgen_rng *r);

/* Encoders: the fields in the order the assembler syntax names them. */
uint32_t rvgen_r(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3,
                 unsigned rd, unsigned opcode);
uint32_t rvgen_i(int32_t imm, unsigned rs1, unsigned f3, unsigned rd,
                 unsigned opcode);
uint32_t rvgen_s(int32_t imm, unsigned rs2, unsigned rs1, unsigned f3,
                 unsigned opcode);
uint32_t rvgen_b(int32_t off, unsigned rs2, unsigned rs1, unsigned f3);
uint32_t rvgen_u(uint32_t imm20, unsigned rd, unsigned opcode);
uint32_t rvgen_j(int32_t off, unsigned rd);

/* Every instruction form of RV32IM + A + Zicsr + SIMT (and the system
 * words objdump names) with edge operands, then `n_random` random 32-bit
 * words drawn from seed.  Writes at most cap words to out; returns how
 * many it would write. */
size_t rvgen_forms(uint32_t *out, size_t cap, uint64_t seed, size_t n_random);

/* The layout of a random program, shared by the C run and the qemu run.
 * Registers: x1..x31 are the program's; x0 writes are generated too.  The
 * data buffer's address is kept in RVGEN_BASE_REG, which the program
 * never writes; x30 only ever holds an aligned address in the buffer (the
 * AMOs' address). */
#define RVGEN_BASE_REG   31u
#define RVGEN_DATA_BYTES 256u      /* the data buffer each program sees */
#define RVGEN_MAX_WORDS  192u      /* longest program, in words */

/* One random program: its words, and the register and buffer contents it
 * starts from.  The last word is not part of the program: the caller ends
 * it (the qemu harness with a jump back, the C run by stopping there). */
struct rvgen_prog {
    uint32_t words[RVGEN_MAX_WORDS];  /* the instructions */
    size_t n;                         /* how many */
    uint32_t x[32];                   /* initial x1..x29; x30 and x31 both
                                         start at the data buffer */
    uint8_t data[RVGEN_DATA_BYTES];   /* initial data buffer */
};

/* Program number `index` of the stream `seed` (independent of the others,
 * so one can be replayed alone). */
void rvgen_program(uint64_t seed, uint64_t index, struct rvgen_prog *p);

#endif /* SIMTREF_RVGEN_H */
