/*
 * spinloop.c -- the lock of spinlock.c taken the way that works in a
 * warp: the critical section inside the retry loop, so the lane that
 * holds the lock releases it on the same path as the lanes that retry.
 * After a barrier thread 0 exits with code 1 unless the counter is the
 * TB's thread count.  `done` is volatile: without it gcc turns the loop
 * back into the spin of spinlock.c (the lock taken, then the section).
 */
#include <stdbool.h>
#include <stdint.h>

#include "simt.h"

void kernel(const void *args)
{
    int32_t *lock = SIMT_PTR(int32_t, args);
    volatile int32_t *count = lock + 1;
    volatile bool done = false;

    while (!done) {
        if (__atomic_exchange_n(lock, 1, __ATOMIC_ACQUIRE) == 0) {
            *count = *count + 1;
            __atomic_store_n(lock, 0, __ATOMIC_RELEASE);
            done = true;
        }
    }
    simt_barrier();
    if (simt_tid() == 0 && (uint32_t)*count != simt_ntid())
        simt_exit(1);
}
