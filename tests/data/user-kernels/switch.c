/*
 * switch.c -- a switch that gcc compiles to a jump table (an indirect
 * jalr through a table in .rodata), taken by the threads of one TB in
 * six different ways, followed by a barrier; then each thread checks its
 * neighbour's result, computed again without a switch, and stops the run
 * with an access outside memory when it differs.  A run that ends with
 * exit status 0 has every thread's result right.
 *
 * Build: simtref kernel build tests/switch/switch.c -o switch.elf
 * Run:   simtref sim --kernel switch.elf --grid 1 --block 8 ...
 */
#include <stdint.h>

#include "simt.h"

/* The result of thread t, by a switch on t % 6 (six cases: a table). */
static uint32_t by_switch(uint32_t t)
{
    uint32_t v;

    switch (t % 6) {
    case 0:  v = t * 3 + 1;   break;
    case 1:  v = t ^ 0x55;    break;
    case 2:  v = t + 100;     break;
    case 3:  v = t << 4;      break;
    case 4:  v = 7 - t;       break;
    default: v = t * t + 9;   break;
    }
    return v;
}

/* The same without a switch: each test on its own value of k, which the
 * empty asm hides from gcc so that it cannot merge the tests into one
 * switch again. */
static uint32_t by_tests(uint32_t t)
{
    uint32_t k = t % 6;

    __asm__("" : "+r"(k));
    if (k == 0)
        return t * 3 + 1;
    __asm__("" : "+r"(k));
    if (k == 1)
        return t ^ 0x55;
    __asm__("" : "+r"(k));
    if (k == 2)
        return t + 100;
    __asm__("" : "+r"(k));
    if (k == 3)
        return t << 4;
    __asm__("" : "+r"(k));
    if (k == 4)
        return 7 - t;
    return t * t + 9;
}

void kernel(const void *args)
{
    volatile uint32_t *shared = (volatile uint32_t *)SIMT_SHARED_BASE;
    uint32_t t = simt_tid(), n = simt_ntid(), u = (t + 1) % n;
    volatile uintptr_t nowhere = 4;         /* outside memory (docs/isa.md) */

    (void)args;
    shared[t] = by_switch(t);
    simt_barrier();
    if (shared[u] != by_tests(u))
        *(volatile uint32_t *)nowhere = u;  /* the run fails, naming t */
}
