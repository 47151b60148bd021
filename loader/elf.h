/*
 * elf.h -- read a kernel's ELF file (built with kernels/crt0.S and
 * kernels/link.ld, or any RV32 executable that follows the kernel ABI of
 * docs/isa.md) into a struct program, with libelf.
 */
#ifndef SIMTREF_LOADER_ELF_H
#define SIMTREF_LOADER_ELF_H

#include <stddef.h>

#include "program.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Read the file at path into *p: the loadable segments as one image
 * (bss zeroed), the text range, the entry (_start), the `kernel`
 * symbol, the functions, exit_pc (the simt.exit that ends _start), and
 * the control-flow tables of loader/cfg.h (for every ICS-First level
 * the model allows; cfg_ics() recomputes them for fewer).
 *
 * Returns 0, or -1 with *p zeroed and a message "PATH: problem" in err:
 * not an ELF file, truncated, not 32-bit, not RISC-V, not little-endian,
 * not an executable, compressed or floating-point code, no symbol
 * `kernel`, a segment outside the image region of docs/isa.md, the
 * entry or `kernel` outside the text, or no simt.exit in _start. */
int elf_load(const char *path, struct program *p, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_LOADER_ELF_H */
