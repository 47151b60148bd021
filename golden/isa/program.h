/*
 * program.h -- a kernel as the SM sees it: the loaded memory image and the
 * tables the loader computes from the binary's control-flow graph.
 *
 * The loader (loader/elf.c) fills it from an ELF file; the control-flow
 * analysis (loader/cfg.c) adds the re-convergence and ICS-First tables.
 * The SM (golden/sm/sm.c) only reads it.  Every address is a byte address in
 * the 32-bit space of docs/isa.md; the tables are sorted by pc so that a
 * lookup is a binary search (golden/isa/program.c).
 */
#ifndef SIMTREF_PROGRAM_H
#define SIMTREF_PROGRAM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The region of the address space that holds a kernel's image: text,
 * rodata, data and bss (docs/isa.md, memory map).  Global memory starts
 * where it ends. */
#define PROGRAM_IMAGE_LO 0x00010000u
#define PROGRAM_IMAGE_HI 0x10000000u   /* exclusive */

/* A conditional branch (or an indirect jump that is not a return) and the
 * PC where the threads that split at it meet again: its immediate
 * post-dominator in its function's CFG (the function's exit for an
 * indirect jump). */
struct program_branch {
    uint32_t pc;           /* the branch instruction */
    uint32_t rpc;          /* its re-convergence PC */
};

/* ICS-First priority actions (multi-core SIMT section 4.2), read by the
 * hardware from this side table at the PC of the instruction they belong
 * to.  ORDER ICS_ACTION: docs/isa.md lists the same values. */
enum program_ics_action {
    ICS_RAISE = 1,         /* a divergent conditional: one level deeper */
    ICS_LOWER = 2,         /* its re-convergence point: one level back */
    ICS_SET_OUTMOST = 3    /* a function's exit or the kernel's end: level 0 */
};

struct program_ics {
    uint32_t pc;
    uint8_t action;        /* enum program_ics_action */
    uint8_t level;         /* the nesting level after the action */
};

/* A function of the binary: an STT_FUNC symbol with its size (or, for a
 * global symbol without type or size, up to the next function or the end
 * of the text), and _start. */
struct program_func {
    char *name;            /* the symbol */
    uint32_t lo;           /* its instructions are [lo, hi) */
    uint32_t hi;
};

struct program {
    char *path;            /* the file it was read from, for messages */
    uint32_t base;         /* image[0] is at this address */
    uint32_t size;         /* bytes of image: text, rodata, data, zeroed bss */
    uint8_t *image;
    uint32_t text_lo;      /* executable bytes are [text_lo, text_hi) */
    uint32_t text_hi;
    uint32_t entry;        /* where each thread starts (_start) */
    uint32_t kernel;       /* the kernel's entry function ("kernel") */
    uint32_t exit_pc;      /* _start's exit instruction: the warp's final RPC */
    struct program_branch *branches;   /* sorted by pc */
    unsigned n_branches;
    struct program_ics *ics;           /* sorted by pc */
    unsigned n_ics;
    struct program_func *funcs;        /* sorted by lo, not overlapping */
    unsigned n_funcs;
    unsigned ics_max_level;            /* the deepest level a thread reaches
                                        * with the ics table (docs/isa.md) */
};

/* The re-convergence PC of the branch or indirect jump at pc: 0 and *rpc,
 * or -1 when pc is not in the branch table. */
int program_rpc(const struct program *p, uint32_t pc, uint32_t *rpc);

/* The ICS-First entry at pc, or NULL when the instruction at pc has no
 * action. */
const struct program_ics *program_ics_at(const struct program *p,
                                         uint32_t pc);

/* The function that holds pc, or NULL. */
const struct program_func *program_func_at(const struct program *p,
                                           uint32_t pc);

/* The instruction word at pc (inside the image, 4-byte aligned): 0 and
 * *word, or -1. */
int program_word(const struct program *p, uint32_t pc, uint32_t *word);

/* Free what the loader allocated and zero *p (a zeroed program is fine). */
void program_free(struct program *p);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_PROGRAM_H */
