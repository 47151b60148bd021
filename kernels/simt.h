/*
 * simt.h -- what a kernel needs from the SIMT extension (docs/isa.md):
 * its thread and block indices, the TB barrier, thread exit, its TB's
 * shared memory and word atomics.
 *
 *   #include "simt.h"
 *   struct args { int32_t *x; uint32_t n; };
 *   void kernel(const void *p)
 *   {
 *       const struct args *a = p;
 *       for (uint32_t i = simt_global_id(); i < a->n; i += simt_global_threads())
 *           a->x[i] += 1;
 *   }
 *
 * The indices are read-only CSRs (0xcc0 .. 0xcc5) read with csrr.  The
 * barrier is the custom-0 word 0x0000000b.  Its inline assembly is
 * volatile with a "memory" clobber, so the compiler neither drops it nor
 * moves memory accesses across it.  gcc's jump threading may still copy
 * it into diverging paths; kernels are built with -fno-thread-jumps and
 * -fno-reorder-blocks so that each barrier stays in re-converged code, as
 * the SBR stack needs
 * (docs/isa.md, "simt.h").
 *
 * Built with -DSIMT_SINGLE_THREAD (the qemu-riscv32 check of the suite),
 * the same kernel runs as one thread per TB: tid 0, ntid 1, warp 0,
 * lane 0, the barrier does nothing, and the TB index comes from the
 * start code (kernels/qemu/crt0.S), which runs the grid's TBs one after
 * the other.
 */
#ifndef SIMTREF_SIMT_H
#define SIMTREF_SIMT_H

#include <stdint.h>

/* The shared-memory window: each TB sees its own copy (docs/isa.md). */
#define SIMT_SHARED_BASE  0x20000000u
#define SIMT_SHARED_BYTES 16384u

#ifndef SIMT_SINGLE_THREAD

/* The CSR reads are not volatile: a thread's indices never change, so
 * the compiler may keep one read for the whole kernel. */
#define SIMT_CSR(name, csr)                                             \
    static inline uint32_t name(void)                                   \
    {                                                                   \
        uint32_t v;                                                     \
        __asm__("csrr %0, " #csr : "=r"(v));                            \
        return v;                                                       \
    }
SIMT_CSR(simt_tid, 0xcc0)       /* thread index in the TB */
SIMT_CSR(simt_ntid, 0xcc1)      /* threads per TB */
SIMT_CSR(simt_ctaid, 0xcc2)     /* TB index in the grid */
SIMT_CSR(simt_nctaid, 0xcc3)    /* TBs in the grid */
SIMT_CSR(simt_warpid, 0xcc4)    /* warp of the thread in its TB */
SIMT_CSR(simt_laneid, 0xcc5)    /* lane of the thread in its warp */
#undef SIMT_CSR

/* simt.bar: wait until every live thread of the TB has arrived. */
static inline void simt_barrier(void)
{
    __asm__ volatile(".insn r 0x0b, 0, 0, x0, x0, x0" ::: "memory");
}

/* simt.exit with a0 = code: the thread ends here; a code other than 0
 * says it failed, and `simtref sim` fails naming it (docs/isa.md, the
 * exit code).  Returning from kernel() is exit code 0. */
static inline __attribute__((noreturn)) void simt_exit(uint32_t code)
{
    register uint32_t a0 __asm__("a0") = code;
    __asm__ volatile(".insn r 0x0b, 1, 0, x0, x0, x0" : : "r"(a0)
                     : "memory");
    __builtin_unreachable();
}

#else /* SIMT_SINGLE_THREAD */

/* Set by the qemu start code before each TB. */
extern volatile uint32_t simt_qemu_ctaid, simt_qemu_nctaid;

static inline uint32_t simt_tid(void)    { return 0; }
static inline uint32_t simt_ntid(void)   { return 1; }
static inline uint32_t simt_ctaid(void)  { return simt_qemu_ctaid; }
static inline uint32_t simt_nctaid(void) { return simt_qemu_nctaid; }
static inline uint32_t simt_warpid(void) { return 0; }
static inline uint32_t simt_laneid(void) { return 0; }
static inline void simt_barrier(void) { __asm__ volatile("" ::: "memory"); }
/* The thread (the TB's one thread) ends: back to the start code (the
 * exit code is not kept: the host reference checks the result). */
void simt_exit(uint32_t code) __attribute__((noreturn));

#endif /* SIMT_SINGLE_THREAD */

/* The kernel's entry function: args is the argument block's address. */
void kernel(const void *args);

/* A pointer from a 32-bit address in an argument block (kernels/args.h
 * holds addresses as uint32_t, so the host sees the same layout). */
#define SIMT_PTR(type, addr) ((type *)(uintptr_t)(addr))

/* The thread's index in the grid, and the threads in the grid. */
static inline uint32_t simt_global_id(void)
{
    return simt_ctaid() * simt_ntid() + simt_tid();
}

static inline uint32_t simt_global_threads(void)
{
    return simt_nctaid() * simt_ntid();
}

/* The TB's shared memory, as words. */
static inline int32_t *simt_shared(void)
{
    return (int32_t *)SIMT_SHARED_BASE;
}

/* lr.w: load *p and reserve its word (docs/isa.md, atomics). */
static inline int32_t simt_load_reserved(int32_t *p)
{
    int32_t v;
    __asm__ volatile("lr.w %0, (%1)" : "=r"(v) : "r"(p) : "memory");
    return v;
}

/* sc.w: store v at *p if the thread's reservation of it still holds (no
 * other thread wrote the word since its lr.w): 0 when stored, else 1. */
static inline int32_t simt_store_conditional(int32_t *p, int32_t v)
{
    int32_t r;
    __asm__ volatile("sc.w %0, %2, (%1)" : "=&r"(r) : "r"(p), "r"(v)
                     : "memory");
    return r;
}

/* amoadd.w: add v to *p atomically, return the old value. */
static inline int32_t simt_atomic_add(int32_t *p, int32_t v)
{
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}

#endif /* SIMTREF_SIMT_H */
