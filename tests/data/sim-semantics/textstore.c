/*
 * textstore.c -- thread 1 stores a word into the kernel's own code: the
 * code is read-only, so the store must stop the run naming thread 1 and
 * the PC of the store.
 */
#include <stdint.h>

#include "simt.h"

void kernel(const void *args)
{
    volatile uint32_t *code = (volatile uint32_t *)(uintptr_t)kernel;
    uint32_t *out = SIMT_PTR(uint32_t, args);

    if (simt_tid() == 1)
        code[1] = 0x00000013u;     /* nop */
    out[simt_tid()] = 1;
}
