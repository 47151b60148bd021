/*
 * exits.c -- threads that leave early: simt.exit in divergent code and
 * inside a call, a quarter of the TB returning before a loop of
 * barriers, and threads exiting while the others of their warp meet at a
 * barrier (kernels/args.h, exits_args).  Every mode must give the same
 * memory: an exited thread leaves every structure that held it, and a
 * barrier waits for the live threads of its TB only (docs/isa.md).
 */
#include "args.h"
#include "simt.h"

/* Case 1: the threads of the upper half and the odd ones exit here. */
static __attribute__((noinline)) void leave_or_return(int32_t *o,
                                                      uint32_t tid,
                                                      uint32_t ntid)
{
    if (tid >= ntid / 2 || (tid & 1)) {
        *o = 100 + (int32_t)tid;
        simt_exit(0);
    }
    *o = 200 + (int32_t)tid;
}

void kernel(const void *args)
{
    const struct exits_args *a = args;
    uint32_t tid = simt_tid(), ntid = simt_ntid(), c = simt_ctaid();
    int32_t *o = SIMT_PTR(int32_t, a->out) + c * ntid + tid;
    int32_t *sh = simt_shared();

    switch (c % 4) {
    case 0:
        if (tid & 1) {
            *o = 7 * (int32_t)tid + 1;
            simt_exit(0);
        }
        *o = 7 * (int32_t)tid + 2;
        return;
    case 1:
        leave_or_return(o, tid, ntid);
        *o += 1000;
        return;
    case 2: {
        uint32_t live = 3 * ntid / 4;
        int32_t v = 3 * (int32_t)tid + (int32_t)c;

        if (tid >= live || tid % 5 == 4)
            return;             /* whole warps, and single threads */
        for (uint32_t k = 0; k < a->rounds; k++) {
            sh[tid] = v;
            simt_barrier();
            v += sh[(tid + 1 + k) % live];
            simt_barrier();
        }
        *o = v;
        return;
    }
    default: {
        uint32_t even = ntid - (ntid & 1);     /* the even threads' span */

        if (tid & 1) {
            *o = -(int32_t)tid;
            simt_exit(0);
        }
        sh[tid] = 5 * (int32_t)tid + (int32_t)c;
        simt_barrier();
        *o = sh[even > 2 ? (tid + 2) % even : tid];
        return;
    }
    }
}
