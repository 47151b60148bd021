/*
 * suite.h -- the host side of the kernel suite: for each kernel, its
 * inputs generated from a seed and a size, written into the SM's global
 * memory, and its result checked against a C reference computed on the
 * host.
 *
 * Each host side (kernels/host/NAME.c) is a host program of libsimtref
 * (simtref/simtref.h, docs/api.md): it places its argument block and
 * buffers with simtref_alloc, one after the other from
 * KERNEL_GLOBAL_BASE, and writes them with simtref_write_words.  A run of
 * kernel K:
 *
 *   const struct kernel_info *k = kernel_find("vecadd");
 *   struct kernel_case kc;
 *   uint32_t args;
 *   kernel_setup(k, &kc, size, grid, block, seed, ctx, sm, &args, err, n);
 *   ... launch the grid, a0 = args in every thread ...
 *   kernel_check(&kc, ctx, sm, err, n);   (0: the result is right)
 *   kernel_case_free(&kc);
 *
 * The SM need not have a kernel loaded for the setup and the check
 * (kernels/qemu/run.c uses one for its memory only).
 */
#ifndef SIMTREF_SUITE_H
#define SIMTREF_SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "simtref/simtref.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KERNEL_GLOBAL_BASE 0x10000000u

/* The kernel classes of the papers.  ORDER KERNEL_CLASS: suite.c's
 * kernel_class_name follows. */
enum kernel_class {
    KERNEL_DIVERGENT_LOW,  /* divergent, little parallelism (HARP type A) */
    KERNEL_DIVERGENT,      /* divergent, more parallelism (HARP type B) */
    KERNEL_COHERENT,       /* coherent (HARP type C) */
    KERNEL_BARRIER,        /* barrier-intensive (BAWS Table 2) */
    KERNEL_CONTROL         /* calls, recursion and nesting of divergence */
};

struct kernel_case;

/* A kernel of the suite. */
struct kernel_info {
    const char *name;      /* "vecadd": kernels/vecadd.c, vecadd.elf */
    enum kernel_class cls;
    const char *what;      /* one line: what it computes */
    const char *size_is;   /* what --size counts ("elements", ...) */
    unsigned size;         /* the defaults of a run */
    unsigned grid;
    unsigned block;
    unsigned size_min;     /* the sizes it takes */
    unsigned size_max;
    bool size_pow2;        /* ... only powers of two */
    uint32_t shared_bytes; /* shared memory a TB uses (0 .. 16384) */
    bool barriers;         /* it executes simt.bar */
    /* Generate the inputs of kc (size, grid, block and seed set and
     * checked against the fields above), place and write them and the
     * argument block on sm (simtref_alloc, simtref_write_words), set
     * kc->args, and compute the expected outputs with kernel_expect.
     * 0, or -1 with a message (or, after a failed call of the API, with
     * err empty: kernel_setup gives the API's message). */
    int (*setup)(struct kernel_case *kc, simtref_sm *sm, char *err,
                 size_t errlen);
};

enum { KERNEL_MAX_OUTPUTS = 4 };

/* An output the host checks: count int32 words at addr. */
struct kernel_output {
    const char *name;      /* for messages: "c", "cost", ... */
    uint32_t addr;
    uint32_t count;
    int32_t *expect;       /* the host reference (allocated) */
};

/* One run of a kernel: its parameters, where its data are, what it must
 * produce. */
struct kernel_case {
    const struct kernel_info *info;
    unsigned size, grid, block;
    uint64_t seed;
    uint64_t rng;          /* the input generator's state */
    uint32_t args;         /* the argument block's address */
    struct kernel_output out[KERNEL_MAX_OUTPUTS];
    unsigned n_out;
};

/* The suite: kernel_at(0 .. kernel_count() - 1); kernel_find by name
 * (NULL when it has none). */
unsigned kernel_count(void);
const struct kernel_info *kernel_at(unsigned i);
const struct kernel_info *kernel_find(const char *name);
const char *kernel_class_name(enum kernel_class c);

/* The built kernel's ELF file: $SIMTREF_KERNEL_ELF_DIR/NAME.elf, or in
 * the directory chosen at build time.  0, or -1 when it does not exist
 * (buf holds the path looked at). */
int kernel_elf_path(const struct kernel_info *k, char *buf, size_t len);

/* Check size, grid and block against k, generate the inputs from seed,
 * write them and the argument block to global memory, and compute the
 * reference.  *args_addr is the argument block (a0 of every thread).
 * 0, or -1 with a message naming the kernel and the bad value. */
int kernel_setup(const struct kernel_info *k, struct kernel_case *kc,
                 unsigned size, unsigned grid, unsigned block, uint64_t seed,
                 simtref_ctx *ctx, simtref_sm *sm, uint32_t *args_addr,
                 char *err, size_t errlen);

/* Compare the outputs in global memory with the reference: 0 when they
 * are equal, else -1 and a message naming the first wrong element. */
int kernel_check(const struct kernel_case *kc, simtref_ctx *ctx,
                 simtref_sm *sm,
                 char *err, size_t errlen);

void kernel_case_free(struct kernel_case *kc);

/* For the setup functions (kernels/host/NAME.c). */

/* The next pseudo-random 32-bit word of the case's generator. */
uint32_t kernel_rand(struct kernel_case *kc);
/* A pseudo-random integer in [lo, hi]. */
int32_t kernel_rand_range(struct kernel_case *kc, int32_t lo, int32_t hi);
/* n zeroed words on the host (malloc'd), or NULL with a message. */
int32_t *kernel_words(struct kernel_case *kc, uint32_t n, char *err,
                      size_t errlen);
/* Record an output of count words at addr whose reference is expect
 * (malloc'd; the case owns it on success): 0, or -1 when there are too
 * many. */
int kernel_expect(struct kernel_case *kc, const char *name, uint32_t addr,
                  uint32_t count, int32_t *expect, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SUITE_H */
