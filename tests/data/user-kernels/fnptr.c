/*
 * fnptr.c -- calls through a table of function pointers in divergent
 * code.  In each of ROUNDS rounds the threads whose (t + r) % 3 is not 0
 * call one of four functions through the table (a `jalr ra` whose target
 * gcc cannot know) and the others skip the call.  The function is picked
 * per thread, (t + r) % 4, so the lanes of one warp call up to four
 * functions from one jump; built with -DFNPTR_PER_WARP=1 it is picked
 * per warp, (w + r) % 4, so the lanes that call all call the same one.
 * Then each thread computes its result again with direct calls and
 * stops the run with an access outside memory when the two differ.  A
 * run that ends with exit status 0 has every thread's result right.
 *
 * Build: simtref kernel build tests/data/user-kernels/fnptr.c -o fnptr.elf
 *        [--cflags -DFNPTR_PER_WARP=1]
 * Run:   simtref sim --kernel fnptr.elf --grid 1 --block 8 ...
 */
#include <stdint.h>

#include "simt.h"

#ifndef FNPTR_PER_WARP
#define FNPTR_PER_WARP 0
#endif

enum { ROUNDS = 24 };

typedef uint32_t (*step_fn)(uint32_t);

/* Four steps of different lengths: the groups of one call take
 * different times to return. */
static __attribute__((noinline)) uint32_t step_mix(uint32_t x)
{
    for (uint32_t i = 0; i < 4; i++)
        x = x * 3 + i;
    return x;
}

static __attribute__((noinline)) uint32_t step_flip(uint32_t x)
{
    return (x ^ 0x5a5au) + 7;
}

static __attribute__((noinline)) uint32_t step_shift(uint32_t x)
{
    for (uint32_t i = 0; i < 8; i++)
        x = (x >> 1) ^ (x << 3);
    return x;
}

static __attribute__((noinline)) uint32_t step_square(uint32_t x)
{
    return x * x + 1;
}

static step_fn const steps[4] = { step_mix, step_flip, step_shift,
                                  step_square };

/* The same step by direct calls. */
static uint32_t step_direct(uint32_t k, uint32_t x)
{
    switch (k) {
    case 0:  return step_mix(x);
    case 1:  return step_flip(x);
    case 2:  return step_shift(x);
    default: return step_square(x);
    }
}

/* The step of thread t (warp w) in round r. */
static uint32_t which(uint32_t t, uint32_t w, uint32_t r)
{
    return ((FNPTR_PER_WARP ? w : t) + r) & 3;
}

void kernel(const void *args)
{
    volatile uintptr_t nowhere = 4;         /* outside memory (docs/isa.md) */
    uint32_t t = simt_tid(), w = simt_warpid();
    uint32_t by_pointer = t, direct = t;

    (void)args;
    for (uint32_t r = 0; r < ROUNDS; r++)
        if ((t + r) % 3 != 0) {
            step_fn f = steps[which(t, w, r)];
            __asm__("" : "+r"(f));          /* no call gcc can resolve */
            by_pointer = f(by_pointer);
        }
    for (uint32_t r = 0; r < ROUNDS; r++)
        if ((t + r) % 3 != 0)
            direct = step_direct(which(t, w, r), direct);
    if (by_pointer != direct)
        *(volatile uint32_t *)nowhere = t;  /* the run fails, naming t */
}
