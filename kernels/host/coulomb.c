/*
 * coulomb.c -- the host side of kernels/coulomb.c: 16 charges above the
 * lattice.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

enum { ATOMS = 16 };

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size, nn = n * n;
    struct coulomb_args a = { n, ATOMS, 0, 0 };
    int32_t atom[4 * ATOMS];
    int32_t *pot = kernel_words(kc, nn, err, errlen);

    if (!pot)
        return -1;
    for (unsigned i = 0; i < ATOMS; i++) {
        atom[4 * i] = kernel_rand_range(kc, 0, 16 * (int32_t)n);
        atom[4 * i + 1] = kernel_rand_range(kc, 0, 16 * (int32_t)n);
        atom[4 * i + 2] = kernel_rand_range(kc, 1, 64);
        atom[4 * i + 3] = kernel_rand_range(kc, -100, 100);
    }
    for (uint32_t k = 0; k < nn; k++) {
        int32_t x = (int32_t)(k % n) * 16, y = (int32_t)(k / n) * 16;
        for (unsigned i = 0; i < ATOMS; i++) {
            int32_t dx = x - atom[4 * i], dy = y - atom[4 * i + 1];
            int32_t dz = atom[4 * i + 2];
            pot[k] += atom[4 * i + 3] * 65536 / (dx * dx + dy * dy + dz * dz + 1);
        }
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "atoms", 4 * (4 * ATOMS), &a.atoms)
        || simtref_write_words(sm, a.atoms, (const uint32_t *)atom, 4 * ATOMS)
        || simtref_alloc(sm, "pot", 4 * nn, &a.pot)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "pot", a.pot, nn, pot, err, errlen)) {
        free(pot);
        return -1;
    }
    return 0;
}

const struct kernel_info kernel_coulomb = {
    .name = "coulomb", .cls = KERNEL_COHERENT,
    .what = "fixed-point Coulomb potential of 16 charges on a lattice",
    .size_is = "lattice side",
    .size = 16, .grid = 2, .block = 64,
    .size_min = 1, .size_max = 1024, .size_pow2 = false,
    .shared_bytes = 0, .barriers = false,
    .setup = setup,
};
