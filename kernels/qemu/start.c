/*
 * start.c -- the host end of a kernel's single-thread variant under
 * qemu-riscv32 (kernels/qemu/run.c is the other end).
 *
 * stdin:  a header of four words -- QEMU_MAGIC, the argument block's
 *         address, the TBs of the grid, the bytes of global memory --
 *         then those bytes, written at 0x10000000.
 * run:    for each TB in order, the shared window is zeroed, the TB index
 *         set, and kernel(args) called: one thread per TB (simt_exit()
 *         ends the TB's thread).
 * stdout: the bytes of global memory after the grid.
 * exit:   0, or QEMU_ERR_* when the input is malformed.
 */
#include <stdint.h>

#include "qemu.h"
#include "simt.h"

volatile uint32_t simt_qemu_ctaid, simt_qemu_nctaid;

/* Where simt_exit() returns to: the end of the running TB. */
static void *exit_to[5];

void simt_exit(uint32_t code)
{
    (void)code;
    __builtin_longjmp(exit_to, 1);
}

static uint8_t global[QEMU_GLOBAL_BYTES]
    __attribute__((section(".simt.global"), aligned(16)));
static uint8_t shared[SIMT_SHARED_BYTES]
    __attribute__((section(".simt.shared"), aligned(16)));

int simt_qemu_main(void);

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

int simt_qemu_main(void)
{
    uint32_t hdr[4];

    if (io_all(63, 0, (uint8_t *)hdr, sizeof hdr) != 0 || hdr[0] != QEMU_MAGIC)
        return QEMU_ERR_HEADER;
    if (hdr[3] > QEMU_GLOBAL_BYTES)
        return QEMU_ERR_SIZE;
    if (io_all(63, 0, global, hdr[3]) != 0)
        return QEMU_ERR_SHORT;
    simt_qemu_nctaid = hdr[2];
    for (uint32_t c = 0; c < hdr[2]; c++) {
        for (uint32_t i = 0; i < SIMT_SHARED_BYTES; i++)
            ((volatile uint8_t *)shared)[i] = 0;
        simt_qemu_ctaid = c;
        if (__builtin_setjmp(exit_to) == 0)
            kernel((const void *)(uintptr_t)hdr[1]);
    }
    if (io_all(64, 1, global, hdr[3]) != 0)
        return QEMU_ERR_WRITE;
    return 0;
}
