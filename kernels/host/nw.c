/*
 * nw.c -- the host side of kernels/nw.c: random pairs of related
 * sequences (b is a with some symbols changed), scored row by row.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int32_t max3(int32_t a, int32_t b, int32_t c)
{
    int32_t m = a > b ? a : b;
    return m > c ? m : c;
}

/* Pack bytes into little-endian words (n a multiple of 4 here). */
static void pack(const uint8_t *b, uint32_t n, uint32_t *w)
{
    for (uint32_t i = 0; i < n / 4; i++)
        w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8
               | (uint32_t)b[4 * i + 2] << 16 | (uint32_t)b[4 * i + 3] << 24;
}

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size, w = n + 1, pairs = kc->grid;
    uint32_t bytes = (pairs * n + 3) & ~3u;
    struct nw_args a = { n, pairs, 0, 0, 0, 5, -3, 4 };
    uint8_t *sa = calloc(bytes, 1), *sb = calloc(bytes, 1);
    uint32_t *wa = calloc(bytes / 4 + 1, 4), *wb = calloc(bytes / 4 + 1, 4);
    int32_t *s = kernel_words(kc, pairs * w * w, err, errlen);
    int rc = -1;

    if (!sa || !sb || !wa || !wb || !s)
        goto out;
    for (uint32_t i = 0; i < pairs * n; i++) {
        sa[i] = (uint8_t)(kernel_rand(kc) & 3);
        sb[i] = kernel_rand(kc) % 4 ? sa[i] : (uint8_t)(kernel_rand(kc) & 3);
    }
    for (uint32_t p = 0; p < pairs; p++) {
        int32_t *m = s + p * w * w;
        for (uint32_t i = 0; i < w; i++)
            m[i * w] = m[i] = -(int32_t)i * a.gap;
        for (uint32_t i = 1; i <= n; i++)
            for (uint32_t j = 1; j <= n; j++)
                m[i * w + j] = max3(m[(i - 1) * w + j - 1]
                                    + (sa[p * n + i - 1] == sb[p * n + j - 1]
                                       ? a.match : a.mismatch),
                                    m[(i - 1) * w + j] - a.gap,
                                    m[i * w + j - 1] - a.gap);
    }
    pack(sa, bytes, wa);
    pack(sb, bytes, wb);
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "a", 4 * (bytes / 4), &a.a)
        || simtref_write_words(sm, a.a, (const uint32_t *)wa, bytes / 4)
        || simtref_alloc(sm, "b", 4 * (bytes / 4), &a.b)
        || simtref_write_words(sm, a.b, (const uint32_t *)wb, bytes / 4)
        || simtref_alloc(sm, "score", 4 * pairs * w * w, &a.score)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "score", a.score, pairs * w * w, s, err, errlen))
        goto out;
    s = NULL;
    rc = 0;
out:
    free(sa);
    free(sb);
    free(wa);
    free(wb);
    free(s);
    return rc;
}

const struct kernel_info kernel_nw = {
    .name = "nw", .cls = KERNEL_DIVERGENT_LOW,
    .what = "Needleman-Wunsch scores by anti-diagonals, a pair of sequences per TB",
    .size_is = "sequence length",
    .size = 48, .grid = 2, .block = 32,
    .size_min = 1, .size_max = 256, .size_pow2 = false,
    .shared_bytes = 0, .barriers = true,
    .setup = setup,
};
