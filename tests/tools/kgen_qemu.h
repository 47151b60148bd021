/*
 * kgen_qemu.h -- kernels/simt.h's API for a random kernel (tests/tools/kgen.h)
 * built with -DKGEN_QEMU to run under qemu-riscv32: the threads of a TB
 * run one at a time on their own stacks (tests/tools/kgen_qemu_rt.c), each until
 * it reaches a barrier or ends; a barrier lets them all go on once every
 * live thread of the TB has reached it.  The grid's TBs run one after the
 * other.
 */
#ifndef SIMTREF_KGEN_QEMU_H
#define SIMTREF_KGEN_QEMU_H

#include <stdint.h>

#define SIMT_SHARED_BASE  0x20000000u
#define SIMT_SHARED_BYTES 16384u

/* The running thread's indices (set by the runtime at each switch). */
struct kgen_qemu_now {
    uint32_t tid;          /* thread index in the TB */
    uint32_t ntid;         /* threads per TB */
    uint32_t ctaid;        /* TB index */
    uint32_t nctaid;       /* TBs in the grid */
    uint32_t warp_size;    /* threads per warp */
};
extern volatile struct kgen_qemu_now kgen_qemu_now;

static inline uint32_t simt_tid(void)    { return kgen_qemu_now.tid; }
static inline uint32_t simt_ntid(void)   { return kgen_qemu_now.ntid; }
static inline uint32_t simt_ctaid(void)  { return kgen_qemu_now.ctaid; }
static inline uint32_t simt_nctaid(void) { return kgen_qemu_now.nctaid; }
static inline uint32_t simt_warpid(void)
{
    return kgen_qemu_now.tid / kgen_qemu_now.warp_size;
}
static inline uint32_t simt_laneid(void)
{
#ifdef KGEN_QEMU_WRONG_LANE
    /* deliberately wrong, so that tests/cli/kgen.sh sees the check fail */
    return (kgen_qemu_now.tid + 1) % kgen_qemu_now.warp_size;
#else
    return kgen_qemu_now.tid % kgen_qemu_now.warp_size;
#endif
}

/* Wait until every live thread of the TB is here. */
void simt_barrier(void);

/* The thread ends. */
__attribute__((noreturn)) void kgen_exit(void);

void kernel(const void *args);

#define SIMT_PTR(type, addr) ((type *)(uintptr_t)(addr))

static inline uint32_t simt_global_id(void)
{
    return simt_ctaid() * simt_ntid() + simt_tid();
}

static inline int32_t *simt_shared(void)
{
    return (int32_t *)SIMT_SHARED_BASE;
}

static inline int32_t simt_atomic_add(int32_t *p, int32_t v)
{
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}

#endif /* SIMTREF_KGEN_QEMU_H */
