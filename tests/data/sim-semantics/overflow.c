/*
 * overflow.c -- thread 1 recurses until its frames pass the bottom of its
 * 4 KiB stack, into thread 0's, whose kernel frame holds a canary.  The
 * access past the stack must stop the run naming thread 1; were it
 * allowed, thread 0 would find its canary changed and exit with code 2.
 */
#include <stdint.h>

#include "simt.h"

/* Each level keeps a frame of 32 words alive across its call. */
static uint32_t dig(uint32_t n)
{
    volatile uint32_t frame[32];

    for (unsigned i = 0; i < 32; i++)
        frame[i] = n + i;
    if (n == 0)
        return frame[0];
    return dig(n - 1) + frame[31];
}

void kernel(const void *args)
{
    volatile uint32_t canary[64];
    uint32_t *out = SIMT_PTR(uint32_t, args);

    for (unsigned i = 0; i < 64; i++)
        canary[i] = 0x5a5a0000u + i;
    if (simt_tid() == 1)
        out[1] = dig(40);          /* about 6 KiB of frames */
    for (unsigned i = 0; i < 64; i++)
        if (canary[i] != 0x5a5a0000u + i)
            simt_exit(2);
}
