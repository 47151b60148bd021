/*
 * rv32_disasm.h -- one instruction word as text, the way
 * riscv64-unknown-elf-objdump -d (binutils 2.40) prints it for an ELF built
 * with -march=rv32ima_zicsr: its aliases (li, mv, j, ret, beqz, csrr, ...),
 * ABI register names, branch and jump targets as absolute hex addresses.
 * docs/isa.md lists where the text departs from objdump's.
 */
#ifndef SIMTREF_RV32_DISASM_H
#define SIMTREF_RV32_DISASM_H

#include <stddef.h>
#include <stdint.h>

/* Write the text of `word`, located at `pc`, into buf (at most len bytes,
 * always NUL-terminated when len > 0): the mnemonic, one space, then the
 * operands separated by commas.  Returns the length of the full text, as
 * snprintf does, so a return value >= len means it was truncated. */
size_t rv32_disasm(uint32_t word, uint32_t pc, char *buf, size_t len);

/* The ABI name of register x[r] ("zero", "ra", "sp", ..., "t6"). */
const char *rv32_reg_name(unsigned r);

#endif /* SIMTREF_RV32_DISASM_H */
