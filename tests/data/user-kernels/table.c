/*
 * table.c -- a short kernel with a 1.6 KB constant table and a word of
 * initialised data: only its instructions count against the PCs'
 * pc_bits (docs/isa.md), however large its constants.  Each thread looks
 * up one square and stops the run with an access outside memory when the
 * table's entry is not the square of its index.
 */
#include <stdint.h>

#include "simt.h"

#define SQ(i) ((i) * (i))
#define SQ4(i) SQ(i), SQ((i) + 1), SQ((i) + 2), SQ((i) + 3)
#define SQ20(i) SQ4(i), SQ4((i) + 4), SQ4((i) + 8), SQ4((i) + 12), SQ4((i) + 16)
#define SQ100(i) SQ20(i), SQ20((i) + 20), SQ20((i) + 40), SQ20((i) + 60), \
    SQ20((i) + 80)

/* The squares of 0 .. 399: 1600 bytes of .rodata. */
static const uint32_t squares[400] = { SQ100(0), SQ100(100), SQ100(200),
                                       SQ100(300) };

/* A stride in initialised, writable data (.sdata). */
uint32_t stride = 37;

void kernel(const void *args)
{
    volatile uintptr_t nowhere = 4;         /* outside memory (docs/isa.md) */
    uint32_t i = simt_tid() * stride % 400;

    (void)args;
    if (squares[i] != i * i)
        *(volatile uint32_t *)nowhere = i;  /* the run fails, naming i */
}
