/*
 * mummer.c -- MUMmer-like exact matching (divergent, little
 * parallelism): each thread takes a query and slides it along the
 * reference, extending each match as far as it goes; match lengths vary
 * from symbol to symbol, so the threads of a warp rarely agree.
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct mummer_args *p = args;
    const uint8_t *ref = SIMT_PTR(const uint8_t, p->ref);
    const uint8_t *query = SIMT_PTR(const uint8_t, p->query);
    const int32_t *len = SIMT_PTR(const int32_t, p->len);
    int32_t *best_len = SIMT_PTR(int32_t, p->best_len);
    int32_t *best_pos = SIMT_PTR(int32_t, p->best_pos);

    for (uint32_t q = simt_global_id(); q < p->n_queries;
         q += simt_global_threads()) {
        const uint8_t *s = query + q * MUMMER_QUERY_MAX;
        uint32_t l = (uint32_t)len[q];
        int32_t bl = 0, bp = -1;
        for (uint32_t r = 0; r < p->ref_len; r++) {
            uint32_t m = 0;
            while (m < l && r + m < p->ref_len && ref[r + m] == s[m])
                m++;
            if ((int32_t)m > bl) {
                bl = (int32_t)m;
                bp = (int32_t)r;
            }
        }
        best_len[q] = bl;
        best_pos[q] = bp;
    }
}
