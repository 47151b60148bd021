/*
 * tiledmm.c -- tiled matrix multiply (barrier-intensive): a TB computes
 * a TILE x TILE block of c, staging a tile of a and a tile of b in
 * shared memory at each step along k, with a barrier after the loads
 * and one after the products.
 */
#include "args.h"
#include "simt.h"

#define T TILEDMM_TILE

void kernel(const void *args)
{
    const struct tiledmm_args *p = args;
    const int32_t *a = SIMT_PTR(const int32_t, p->a);
    const int32_t *b = SIMT_PTR(const int32_t, p->b);
    int32_t *c = SIMT_PTR(int32_t, p->c);
    int32_t *as = simt_shared(), *bs = simt_shared() + T * T;
    uint32_t n = p->n, tiles = n / T, tid = simt_tid(), nt = simt_ntid();

    for (uint32_t t = simt_ctaid(); t < tiles * tiles; t += simt_nctaid()) {
        uint32_t ti = t / tiles, tj = t % tiles;
        for (uint32_t kt = 0; kt < tiles; kt++) {
            for (uint32_t e = tid; e < T * T; e += nt) {
                uint32_t r = e / T, q = e % T;
                as[e] = a[(ti * T + r) * n + kt * T + q];
                bs[e] = b[(kt * T + r) * n + tj * T + q];
            }
            simt_barrier();
            for (uint32_t e = tid; e < T * T; e += nt) {
                uint32_t r = e / T, q = e % T;
                int32_t s = 0;
                for (uint32_t m = 0; m < T; m++)
                    s += as[r * T + m] * bs[m * T + q];
                c[(ti * T + r) * n + tj * T + q] += s;
            }
            simt_barrier();
        }
    }
}
