/*
 * kgen.h -- random valid SIMT kernels, one C program per seed.
 *
 * kgen_write() prints the C source of a kernel (kernels/simt.h's API)
 * with nested divergent branches, loops with thread-dependent trip
 * counts, early exits (simt.exit) and returns, switches (dense ones that
 * gcc compiles to jump tables, and sparse ones), calls and bounded
 * recursion, TB barriers, and loads, stores and atomics on global and
 * shared memory.  The same source built with -DKGEN_QEMU runs under
 * qemu-riscv32 with tests/tools/kgen_qemu.h, one thread at a time.
 *
 * Valid by construction (docs/kgen.md):
 *   - a barrier is emitted only in TB-uniform code: every condition and
 *     trip count that leads to it depends only on the TB index, the block
 *     size, constants and the indices of uniform loops, and no thread of
 *     the function has taken a divergent return or break before it in a
 *     way that could skip it; exits may happen anywhere, so every live
 *     thread reaches each barrier the same number of times;
 *   - race-free: a thread writes only its own output words and its own
 *     shared words; the exchange word of each thread is written and read
 *     between barriers; counters (global and shared) change only by
 *     order-independent additions (amoadd.w, lr.w/sc.w loops) whose old
 *     value is not used, and shared counters are read only after the last
 *     barrier; the input words are read-only.  The final global memory is
 *     therefore one value, whatever the interleaving.
 *
 * The generator knows nothing of the SM or of qemu: the SM RTL's tests
 * take the same source and launch.
 */
#ifndef SIMTREF_KGEN_H
#define SIMTREF_KGEN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Global memory of a program, from KGEN_GLOBAL_BASE: the argument block
 * (three addresses: in, cnt, out), the input words, the global counters,
 * then KGEN_NOUT output words per thread of the grid. */
#define KGEN_GLOBAL_BASE 0x10000000u
#define KGEN_NIN         64u     /* input words (a power of two) */
#define KGEN_NCNT        4u      /* global counters */
#define KGEN_NOUT        8u      /* output words per thread */
#define KGEN_IN_ADDR     (KGEN_GLOBAL_BASE + 16u)
#define KGEN_CNT_ADDR    (KGEN_IN_ADDR + 4u * KGEN_NIN)
#define KGEN_OUT_ADDR    (KGEN_CNT_ADDR + 4u * KGEN_NCNT)
#define KGEN_MAX_BLOCK   16u     /* most threads per TB */
#define KGEN_MAX_GRID    4u      /* most TBs per grid */
#define KGEN_SHARED_BYTES 512u   /* shared memory a TB is launched with: its
                                  * counters, exchange and private words
                                  * (336 bytes at KGEN_MAX_BLOCK threads) */

/* The bytes of global memory a launch uses, from KGEN_GLOBAL_BASE. */
#define KGEN_GLOBAL_BYTES(grid, block) \
    (KGEN_OUT_ADDR - KGEN_GLOBAL_BASE + 4u * KGEN_NOUT * (grid) * (block))

/* What a program may contain: each feature can be turned off to show
 * that the rest agrees. */
struct kgen_features {
    bool exits;            /* simt.exit, and return from the kernel */
    bool returns;          /* early returns from called functions */
    bool barriers;         /* simt.bar and the shared exchange */
    bool switches;         /* switch statements */
    bool calls;            /* calls of other functions */
    bool recursion;        /* recursive functions */
    bool atomics;          /* amoadd.w on the counters */
    bool lrsc;             /* lr.w/sc.w increment loops on the counters */
    bool loops;            /* loops */
};

/* The launch a program is drawn with. */
struct kgen_launch {
    unsigned grid;         /* TBs, 1 .. KGEN_MAX_GRID */
    unsigned block;        /* threads per TB, 1 .. KGEN_MAX_BLOCK */
    unsigned warp_size;    /* threads per warp: 2 or 4 */
};

/* Every feature on. */
struct kgen_features kgen_all_features(void);

/* Turn feature `name` (as in --no-NAME) off: 0, or -1 when no feature
 * has that name. */
int kgen_feature_off(struct kgen_features *f, const char *name);

/* The names of the features, space-separated, for usage messages. */
const char *kgen_feature_names(void);

/* The launch of program `seed` (the same for every feature set). */
struct kgen_launch kgen_launch_of(uint64_t seed);

/* Write program `seed` with features f to out.  The first line is a
 * comment naming the seed, the features turned off and the launch.
 * Returns 0, or -1 when writing failed. */
int kgen_write(FILE *out, uint64_t seed, const struct kgen_features *f);

/* The input word i of program `seed` (the host writes them). */
uint32_t kgen_input(uint64_t seed, unsigned i);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_KGEN_H */
