/*
 * lrsc.c -- counters incremented with lr.w/sc.w loops (atomics): every
 * thread of every TB adds to one global counter and to its TB's counter
 * in shared memory, retrying each add until its sc.w succeeds.  The
 * counts are exact only when an sc.w fails after another thread's write
 * to the word (the lanes of its own warp included).
 */
#include "args.h"
#include "simt.h"

/* *p += v (modulo 2^32) by an lr.w/sc.w loop. */
static void add_reserved(int32_t *p, uint32_t v)
{
    int32_t old;

    do
        old = simt_load_reserved(p);
    while (simt_store_conditional(p, (int32_t)((uint32_t)old + v)) != 0);
}

void kernel(const void *args)
{
    const struct lrsc_args *p = args;
    int32_t *total = SIMT_PTR(int32_t, p->total);
    int32_t *per_tb = SIMT_PTR(int32_t, p->per_tb);
    int32_t *count = simt_shared();
    uint32_t tid = simt_tid();

    if (tid == 0)
        count[0] = 0;
    simt_barrier();
    for (uint32_t r = 0; r < p->reps; r++) {
        add_reserved(count, tid + 1);
        add_reserved(total, simt_global_id() + 1);
    }
    simt_barrier();
    if (tid == 0)
        per_tb[simt_ctaid()] = count[0];
}
