/*
 * mergesort.c -- bottom-up merge sort in shared memory
 * (barrier-intensive): a TB sorts its segment; at each width every
 * element finds its place in the merged run by a binary search in the
 * other run (ties: the left run first, so the sort is stable), and a
 * barrier separates the widths.
 */
#include "args.h"
#include "simt.h"

/* The number of r[0 .. n-1] below x (strict) or not above x. */
static uint32_t rank(const int32_t *r, uint32_t n, int32_t x, int strict)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (strict ? r[mid] < x : r[mid] <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void kernel(const void *args)
{
    const struct mergesort_args *p = args;
    uint32_t n = p->n, tid = simt_tid(), nt = simt_ntid();
    int32_t *buf = simt_shared();

    for (uint32_t seg = simt_ctaid(); seg < p->n_segs; seg += simt_nctaid()) {
        int32_t *data = SIMT_PTR(int32_t, p->data) + seg * n;
        int32_t *src = buf, *dst = buf + n;
        for (uint32_t i = tid; i < n; i += nt)
            src[i] = data[i];
        simt_barrier();
        for (uint32_t w = 1; w < n; w *= 2) {
            for (uint32_t e = tid; e < n; e += nt) {
                uint32_t run = e / w, base = (run & ~1u) * w;
                const int32_t *other = src + (run ^ 1) * w;
                int32_t x = src[e];
                dst[base + (e - run * w) + rank(other, w, x, !(run & 1))] = x;
            }
            simt_barrier();
            int32_t *t = src;
            src = dst;
            dst = t;
        }
        for (uint32_t i = tid; i < n; i += nt)
            data[i] = src[i];
        simt_barrier();
    }
}
