/*
 * spinlock.c -- every thread takes one lock in global memory (amoswap.w),
 * adds 1 to a counter and releases the lock; after a barrier thread 0
 * exits with code 1 unless the counter is the TB's thread count.  Within
 * a warp the lock holder and the spinning lanes are two paths of one
 * branch: a mode that runs the spinning path until it ends never runs
 * the holder's release (docs/isa.md, spin locks).
 */
#include <stdint.h>

#include "simt.h"

void kernel(const void *args)
{
    int32_t *lock = SIMT_PTR(int32_t, args);
    volatile int32_t *count = lock + 1;

    while (__atomic_exchange_n(lock, 1, __ATOMIC_ACQUIRE) != 0)
        ;
    *count = *count + 1;
    __atomic_store_n(lock, 0, __ATOMIC_RELEASE);
    simt_barrier();
    if (simt_tid() == 0 && (uint32_t)*count != simt_ntid())
        simt_exit(1);
}
