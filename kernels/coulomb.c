/*
 * coulomb.c -- the Coulomb potential of point charges on a lattice, in
 * fixed point (coherent): every thread runs the same loop over the
 * atoms, with a division for the inverse square distance.
 */
#include "args.h"
#include "simt.h"

void kernel(const void *args)
{
    const struct coulomb_args *p = args;
    const int32_t *atom = SIMT_PTR(const int32_t, p->atoms);
    int32_t *pot = SIMT_PTR(int32_t, p->pot);
    uint32_t n = p->n;

    for (uint32_t k = simt_global_id(); k < n * n; k += simt_global_threads()) {
        int32_t x = (int32_t)(k % n) * 16, y = (int32_t)(k / n) * 16, v = 0;
        for (uint32_t a = 0; a < p->n_atoms; a++) {
            const int32_t *at = atom + 4 * a;
            int32_t dx = x - at[0], dy = y - at[1], dz = at[2];
            v += at[3] * 65536 / (dx * dx + dy * dy + dz * dz + 1);
        }
        pot[k] = v;
    }
}
