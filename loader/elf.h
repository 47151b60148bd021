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

/* The largest kernel file the loader reads: the image region of
 * docs/isa.md (PROGRAM_IMAGE_HI - PROGRAM_IMAGE_LO, just under 256 MiB)
 * and the file's headers, symbols and debug sections fit in it.  A larger
 * file is refused before any byte of it is read. */
#define ELF_FILE_MAX ((size_t)256 << 20)

/* Read the file at path into *p: the loadable segments as one image
 * (bss zeroed), the text range, the entry (_start), the `kernel`
 * symbol, the functions, exit_pc (the simt.exit that ends _start), and
 * the control-flow tables of loader/cfg.h (for every ICS-First level
 * the model allows; cfg_ics() recomputes them for fewer).
 *
 * Returns 0, or -1 with *p zeroed and a message "PATH: problem" in err:
 * not a regular file or larger than ELF_FILE_MAX, not an ELF file,
 * truncated (a segment, or the section headers, beyond its end), not
 * 32-bit, not RISC-V, not little-endian, not an executable, compressed or
 * floating-point code, a loadable segment whose file bytes exceed its
 * memory size, a segment outside the image region of docs/isa.md, no
 * symbol `kernel`, a function symbol off an instruction boundary, text
 * that no function symbol covers, the entry or
 * `kernel` outside the text, or no simt.exit in _start.
 *
 * The text is the executable sections (SHF_EXECINSTR) of the executable
 * segment; constants and data in that segment are part of the image but
 * not of the text. */
int elf_load(const char *path, struct program *p, char *err, size_t errlen);

/* elf_load of the file's bytes data[0 .. size), named path in messages
 * and in p->path (the ELF fuzz target's entry). */
int elf_load_buffer(const char *path, const void *data, size_t size,
                    struct program *p, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_LOADER_ELF_H */
