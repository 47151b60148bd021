/*
 * jump_table.h -- the targets of an indirect jump that dispatches through
 * a jump table, as gcc compiles a switch (docs/isa.md, "Switches and
 * indirect jumps").
 *
 * The code gcc emits for RV32 (the order of the instructions varies, and
 * the bound check may come before the table's address is formed):
 *
 *     li    t, N-1              bound: the largest index
 *     bltu  t, i, default       (bgtu i, t, default)  or  bgeu i, N
 *     lui   b, %hi(table)       or auipc (with -mcmodel=medany)
 *     addi  b, b, %lo(table)
 *     slli  i, i, 2
 *     add   i, i, b
 *     lw    i, 0(i)             an entry: the target's address, or its
 *     [add  i, i, b]            offset from the table (position-independent)
 *     jr    i
 *
 * The straight-line code before the jump (back to the start of the block
 * that ends in the bound check, and with no other way into it) is
 * evaluated symbolically: the jump must be through a word loaded from
 * table + 4 * index, with the index checked against the bound.  The
 * table's entries are then read from the image.
 */
#ifndef SIMTREF_LOADER_JUMP_TABLE_H
#define SIMTREF_LOADER_JUMP_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "program.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most entries a table may have to be resolved. */
#define JUMP_TABLE_MAX 4096u

/* The code of one function: word[i] is the instruction at lo + 4 * i,
 * entered[i] when a branch or jump of the function goes to it. */
struct jump_table_code {
    const struct program *p;   /* the image the table is read from */
    uint32_t lo;
    unsigned n;
    const uint32_t *word;
    const bool *entered;
};

/* The targets of the jalr at index j: 1 with targets[0 .. *count) (each
 * an instruction of the function, in table order, repeats kept), or 0
 * when the jump is not a dispatch through a table this analysis can
 * bound (a pointer call, a computed goto, another compiler's pattern).
 * targets has room for JUMP_TABLE_MAX entries. */
int jump_table_targets(const struct jump_table_code *c, unsigned j,
                       uint32_t *targets, unsigned *count);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_LOADER_JUMP_TABLE_H */
