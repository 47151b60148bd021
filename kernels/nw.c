/*
 * nw.c -- Needleman-Wunsch alignment scores by anti-diagonals
 * (divergent, little parallelism): a TB fills the score matrix of one
 * pair of sequences, one diagonal after the other with a barrier
 * between them; a diagonal has from 1 to n cells, so most threads idle
 * at its ends.
 */
#include "args.h"
#include "simt.h"

static int32_t max3(int32_t a, int32_t b, int32_t c)
{
    int32_t m = a > b ? a : b;
    return m > c ? m : c;
}

void kernel(const void *args)
{
    const struct nw_args *p = args;
    uint32_t n = p->n, w = n + 1, tid = simt_tid(), nt = simt_ntid();

    for (uint32_t pair = simt_ctaid(); pair < p->n_pairs;
         pair += simt_nctaid()) {
        const uint8_t *a = SIMT_PTR(const uint8_t, p->a) + pair * n;
        const uint8_t *b = SIMT_PTR(const uint8_t, p->b) + pair * n;
        int32_t *s = SIMT_PTR(int32_t, p->score) + pair * w * w;

        for (uint32_t i = tid; i < w; i += nt) {
            s[i * w] = -(int32_t)i * p->gap;       /* the first column */
            s[i] = -(int32_t)i * p->gap;           /* the first row */
        }
        simt_barrier();
        for (uint32_t d = 2; d <= 2 * n; d++) {
            uint32_t lo = d > n ? d - n : 1, hi = d - 1 < n ? d - 1 : n;
            for (uint32_t i = lo + tid; i <= hi; i += nt) {
                uint32_t j = d - i;
                int32_t sim = a[i - 1] == b[j - 1] ? p->match : p->mismatch;
                s[i * w + j] = max3(s[(i - 1) * w + j - 1] + sim,
                                    s[(i - 1) * w + j] - p->gap,
                                    s[i * w + j - 1] - p->gap);
            }
            simt_barrier();
        }
    }
}
