/*
 * kgen_build.h -- build a random SIMT kernel (kgen.h) with the RISC-V
 * compiler and run its qemu variant: the one place that knows how, used
 * by kgen_check (every mode of the SM model against qemu) and by the SM
 * stages' testbenches that run kgen programs (tb/tb_sm_reconv.cpp).
 *
 * A program is built twice from one source: for the SM, with the kernel
 * flags of `simtref kernel build`, kernels/crt0.S and kernels/link.ld;
 * and with -DKGEN_QEMU for qemu-riscv32, with kernels/qemu/ and the
 * runtime tests/tools/kgen_qemu_rt.c (built once per scratch directory).
 */
#ifndef SIMTREF_KGEN_BUILD_H
#define SIMTREF_KGEN_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kgen.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KGEN_MAX_CFLAGS 8u

/* The tools a program is built and run with. */
struct kgen_tools {
    const char *cc;        /* the RISC-V compiler */
    const char *qemu;      /* qemu-riscv32 */
    const char *srcdir;    /* the source tree (kernels/, tests/tools/) */
    const char *cflag[KGEN_MAX_CFLAGS]; /* more compiler flags */
    unsigned ncflag;       /* how many */
};

/* The files of one program in a scratch directory. */
struct kgen_files {
    char dir[256];         /* the scratch directory */
    char src[320];         /* the program's source */
    char elf[320];         /* built for the SM */
    char qelf[320];        /* built for qemu */
    char rt[320];          /* the qemu runtime's object */
    char in[320];          /* qemu's input stream */
    char out[320];         /* qemu's output: global memory after the grid */
    char log[320];         /* the last tool's messages */
};

/* The tools from the environment: $RISCV_CC (else the compiler configure
 * found), $QEMU_RISCV32 (else qemu-riscv32), $SRCDIR (else "."); no more
 * flags. */
void kgen_tools_from_env(struct kgen_tools *t);

/* Make a scratch directory under $TMPDIR (else /tmp) and name the files
 * in it: 0, or -1 with the reason in err. */
int kgen_files_make(struct kgen_files *fl, char *err, size_t errlen);

/* Remove the scratch directory and every file in it. */
void kgen_files_remove(const struct kgen_files *fl);

/* Write program `seed` with features f to fl->src: 0, or -1 with the
 * reason in err. */
int kgen_write_source(const struct kgen_files *fl, uint64_t seed,
                      const struct kgen_features *f, char *err, size_t errlen);

/* Build fl->src for the SM (qemu false: fl->elf) or for qemu (fl->qelf):
 * 0, or -1 with the compiler's messages in err. */
int kgen_build(const struct kgen_tools *t, const struct kgen_files *fl,
               bool qemu, char *err, size_t errlen);

/* Build the qemu variant's runtime object fl->rt (once per directory):
 * 0, or -1 with the compiler's messages in err. */
int kgen_build_runtime(const struct kgen_tools *t,
                       const struct kgen_files *fl, char *err, size_t errlen);

/* Global memory of program `seed` before its run, from KGEN_GLOBAL_BASE:
 * the argument block and the inputs, zero elsewhere. */
void kgen_initial_memory(uint64_t seed, uint8_t *mem, uint32_t bytes);

/* Run fl->qelf under qemu with the launch's grid and block, warps of
 * warp_size threads, and global memory mem (bytes from KGEN_GLOBAL_BASE),
 * which holds the memory after the grid on return: 0, or -1 with what
 * happened in err. */
int kgen_run_qemu(const struct kgen_tools *t, const struct kgen_files *fl,
                  const struct kgen_launch *l, unsigned warp_size,
                  uint8_t *mem, uint32_t bytes, char *err, size_t errlen);

/* Global memory after the SM's run against qemu's: 0 when equal, else -1
 * with the first differing word, whose it is and how many differ. */
int kgen_compare_memory(const uint8_t *sm, const uint8_t *q, uint32_t bytes,
                        char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_KGEN_BUILD_H */
