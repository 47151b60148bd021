/*
 * kgen_qemu_rt.c -- the runtime of a random kernel's qemu variant
 * (tests/tools/kgen_qemu.h): reads global memory from stdin (tests/tools/kgen_stream.h),
 * runs the grid's TBs one after the other and each TB's threads one at a
 * time, as coroutines on their own stacks, and writes global memory to
 * stdout.  kernels/qemu/crt0.S calls simt_qemu_main and exits with its
 * result; kernels/qemu/link.ld places global memory at 0x10000000 and
 * the shared window at 0x20000000, as on the SM.
 *
 * A thread runs until it reaches a barrier or ends (kgen_exit, or its
 * kernel() returns); then the next thread that can run does.  When none
 * can, every live thread is at the barrier: all go on.
 */
#include <stdint.h>

#include "kgen_qemu.h"
#include "kgen_stream.h"

int simt_qemu_main(void);

volatile struct kgen_qemu_now kgen_qemu_now;

/* A saved context: ra, sp, s0 .. s11 (what a call keeps). */
enum { CTX_RA, CTX_SP, CTX_S0, CTX_WORDS = CTX_S0 + 12 };

/* ORDER THREAD_STATE */
enum { RUNNABLE, AT_BARRIER, ENDED };

/* One thread of the running TB. */
struct rt_thread {
    uint32_t ctx[CTX_WORDS];   /* its registers while it does not run */
    int state;                 /* RUNNABLE, AT_BARRIER or ENDED */
};

/* The runtime: the TB being run. */
struct rt {
    uint32_t main_ctx[CTX_WORDS];  /* the scheduler's registers */
    struct rt_thread th[KGEN_STREAM_THREADS]; /* the TB's threads */
    unsigned cur;                  /* the thread running */
    uint32_t args;                 /* a0 of every thread */
};

static struct rt rt;
static uint8_t global[KGEN_STREAM_GLOBAL]
    __attribute__((section(".simt.global"), aligned(16)));
static uint8_t shared[SIMT_SHARED_BYTES]
    __attribute__((section(".simt.shared"), aligned(16)));
static uint8_t stacks[KGEN_STREAM_THREADS][KGEN_STREAM_STACK]
    __attribute__((aligned(16)));

/* Save the callee-saved registers in *save, load them from *load and
 * return into the loaded context. */
void kgen_qemu_switch(uint32_t *save, const uint32_t *load);
__asm__(
    "    .text\n"
    "    .globl kgen_qemu_switch\n"
    "    .type kgen_qemu_switch, @function\n"
    "kgen_qemu_switch:\n"
    "    sw ra, 0(a0)\n    sw sp, 4(a0)\n"
    "    sw s0, 8(a0)\n    sw s1, 12(a0)\n   sw s2, 16(a0)\n  sw s3, 20(a0)\n"
    "    sw s4, 24(a0)\n   sw s5, 28(a0)\n   sw s6, 32(a0)\n  sw s7, 36(a0)\n"
    "    sw s8, 40(a0)\n   sw s9, 44(a0)\n   sw s10, 48(a0)\n sw s11, 52(a0)\n"
    "    lw ra, 0(a1)\n    lw sp, 4(a1)\n"
    "    lw s0, 8(a1)\n    lw s1, 12(a1)\n   lw s2, 16(a1)\n  lw s3, 20(a1)\n"
    "    lw s4, 24(a1)\n   lw s5, 28(a1)\n   lw s6, 32(a1)\n  lw s7, 36(a1)\n"
    "    lw s8, 40(a1)\n   lw s9, 44(a1)\n   lw s10, 48(a1)\n lw s11, 52(a1)\n"
    "    ret\n"
    "    .size kgen_qemu_switch, . - kgen_qemu_switch\n");

void simt_barrier(void)
{
    struct rt_thread *t = &rt.th[rt.cur];
    t->state = AT_BARRIER;
    kgen_qemu_switch(t->ctx, rt.main_ctx);
}

void kgen_exit(void)
{
    struct rt_thread *t = &rt.th[rt.cur];
    t->state = ENDED;
    kgen_qemu_switch(t->ctx, rt.main_ctx);
    __builtin_unreachable();
}

/* Where each thread starts: returning from kernel() is exit. */
static void thread_start(void)
{
    kernel((const void *)(uintptr_t)rt.args);
    kgen_exit();
}

static long sys(long n, long a, long b, long c)
{
    register long a0 __asm__("a0") = a;
    register long a1 __asm__("a1") = b;
    register long a2 __asm__("a2") = c;
    register long a7 __asm__("a7") = n;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
    return a0;
}

/* read (63) or write (64) all n bytes: 0, or -1. */
static int io_all(long call, int fd, uint8_t *p, uint32_t n)
{
    while (n) {
        long k = sys(call, fd, (long)(uintptr_t)p, (long)n);
        if (k <= 0)
            return -1;
        p += k;
        n -= (uint32_t)k;
    }
    return 0;
}

/* Run one TB to its end: 0, or KGEN_STREAM_ERR_DEADLOCK. */
static int run_tb(unsigned block)
{
    for (uint32_t i = 0; i < SIMT_SHARED_BYTES; i++)
        ((volatile uint8_t *)shared)[i] = 0;
    for (unsigned i = 0; i < block; i++) {
        struct rt_thread *t = &rt.th[i];
        for (unsigned k = 0; k < CTX_WORDS; k++)
            t->ctx[k] = 0;
        t->ctx[CTX_RA] = (uint32_t)(uintptr_t)thread_start;
        t->ctx[CTX_SP] = (uint32_t)(uintptr_t)stacks[i] + KGEN_STREAM_STACK;
        t->state = RUNNABLE;
    }
    for (;;) {
        unsigned live = 0, waiting = 0;
        for (unsigned i = 0; i < block; i++) {
            if (rt.th[i].state != RUNNABLE)
                continue;
            rt.cur = i;
            kgen_qemu_now.tid = i;
            kgen_qemu_switch(rt.main_ctx, rt.th[i].ctx);
        }
        for (unsigned i = 0; i < block; i++) {
            live += rt.th[i].state != ENDED;
            waiting += rt.th[i].state == AT_BARRIER;
        }
        if (live == 0)
            return 0;
        if (waiting != live)
            return KGEN_STREAM_ERR_DEADLOCK;
        for (unsigned i = 0; i < block; i++)
            if (rt.th[i].state == AT_BARRIER)
                rt.th[i].state = RUNNABLE;
    }
}

int simt_qemu_main(void)
{
    uint32_t hdr[KGEN_STREAM_WORDS];
    int rc;

    if (io_all(63, 0, (uint8_t *)hdr, sizeof hdr) != 0
        || hdr[KGEN_HDR_MAGIC] != KGEN_STREAM_MAGIC
        || hdr[KGEN_HDR_BYTES] > KGEN_STREAM_GLOBAL
        || hdr[KGEN_HDR_BLOCK] == 0 || hdr[KGEN_HDR_BLOCK] > KGEN_STREAM_THREADS
        || hdr[KGEN_HDR_WARP] == 0)
        return KGEN_STREAM_ERR_HEADER;
    if (io_all(63, 0, global, hdr[KGEN_HDR_BYTES]) != 0)
        return KGEN_STREAM_ERR_SHORT;
    rt.args = hdr[KGEN_HDR_ARGS];
    kgen_qemu_now.ntid = hdr[KGEN_HDR_BLOCK];
    kgen_qemu_now.nctaid = hdr[KGEN_HDR_GRID];
    kgen_qemu_now.warp_size = hdr[KGEN_HDR_WARP];
    for (uint32_t c = 0; c < hdr[KGEN_HDR_GRID]; c++) {
        kgen_qemu_now.ctaid = c;
        if ((rc = run_tb(hdr[KGEN_HDR_BLOCK])) != 0)
            return rc;
    }
    if (io_all(64, 1, global, hdr[KGEN_HDR_BYTES]) != 0)
        return KGEN_STREAM_ERR_WRITE;
    return 0;
}
