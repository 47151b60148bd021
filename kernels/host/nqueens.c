/*
 * nqueens.c -- the host side of kernels/nqueens.c.  The reference places
 * queens row by row with arrays of the columns and diagonals in use.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "args.h"
#include "suite.h"

/* Completions of rows r .. n-1 with the queens of rows 0 .. r-1 at q[]. */
static int32_t place(unsigned n, unsigned r, unsigned *q)
{
    int32_t count = 0;

    if (r == n)
        return 1;
    for (unsigned c = 0; c < n; c++) {
        bool ok = true;
        for (unsigned k = 0; k < r && ok; k++)
            ok = q[k] != c && q[k] + (r - k) != c && c + (r - k) != q[k];
        if (ok) {
            q[r] = c;
            count += place(n, r + 1, q);
        }
    }
    return count;
}

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    unsigned n = kc->size, q[16];
    struct nqueens_args a = { n, 0 };
    int32_t *count = kernel_words(kc, n * n, err, errlen);

    if (!count)
        return -1;
    for (unsigned k = 0; k < n * n; k++) {
        q[0] = k / n;
        q[1] = k % n;
        bool ok = q[0] != q[1] && q[0] + 1 != q[1] && q[1] + 1 != q[0];
        count[k] = ok ? place(n, 2, q) : 0;
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "count", 4 * n * n, &a.count)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "count", a.count, n * n, count, err, errlen)) {
        free(count);
        return -1;
    }
    return 0;
}

const struct kernel_info kernel_nqueens = {
    .name = "nqueens", .cls = KERNEL_DIVERGENT_LOW,
    .what = "backtracking N-Queens from each placement of the first two queens",
    .size_is = "board side",
    .size = 6, .grid = 1, .block = 32,
    .size_min = 4, .size_max = 12, .size_pow2 = false,
    .shared_bytes = 0, .barriers = false,
    .setup = setup,
};
