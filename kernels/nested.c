/*
 * nested.c -- divergence nested inside loops: the Collatz sequence of
 * each element, a loop as long as the element's sequence with an if and
 * an inner if in its body.
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct nested_args *p = args;
    const int32_t *in = SIMT_PTR(const int32_t, p->in);

    for (uint32_t i = simt_global_id(); i < p->n; i += simt_global_threads()) {
        uint32_t x = (uint32_t)in[i], peak = x, steps = 0, quarters = 0;
        while (x != 1) {
            if (x & 1) {
                x = 3 * x + 1;
                if (x > peak)
                    peak = x;
            } else {
                x >>= 1;
                if ((x & 3) == 0)
                    quarters++;
            }
            steps++;
        }
        SIMT_PTR(int32_t, p->steps)[i] = (int32_t)steps;
        SIMT_PTR(int32_t, p->peak)[i] = (int32_t)peak;
        SIMT_PTR(int32_t, p->quarters)[i] = (int32_t)quarters;
    }
}
