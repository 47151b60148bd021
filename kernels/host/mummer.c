/*
 * mummer.c -- the host side of kernels/mummer.c: a random reference of
 * 256 symbols, and queries that are mostly copies of stretches of it with
 * a few symbols changed (so their best matches have every length).
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

enum { REF_LEN = 256 };

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    unsigned nq = kc->size;
    struct mummer_args a = { nq, REF_LEN, 0, 0, 0, 0, 0 };
    uint8_t ref[REF_LEN];
    int32_t *qw = kernel_words(kc, nq * MUMMER_QUERY_MAX / 4, err, errlen);
    int32_t *len = kernel_words(kc, nq, err, errlen);
    int32_t *bl = kernel_words(kc, nq, err, errlen);
    int32_t *bp = kernel_words(kc, nq, err, errlen);
    uint32_t refw[REF_LEN / 4];
    int rc = -1;

    if (!qw || !len || !bl || !bp)
        goto out;
    for (unsigned i = 0; i < REF_LEN; i++)
        ref[i] = (uint8_t)(kernel_rand(kc) & 3);
    for (unsigned q = 0; q < nq; q++) {
        uint8_t *s = (uint8_t *)qw + q * MUMMER_QUERY_MAX;
        unsigned l = (unsigned)kernel_rand_range(kc, 8, MUMMER_QUERY_MAX);
        unsigned from = kernel_rand(kc) % (REF_LEN - l);
        bool copy = kernel_rand(kc) % 4 != 0;
        len[q] = (int32_t)l;
        for (unsigned i = 0; i < l; i++)
            s[i] = copy ? ref[from + i] : (uint8_t)(kernel_rand(kc) & 3);
        for (unsigned m = kernel_rand(kc) % 3; copy && m > 0; m--)
            s[kernel_rand(kc) % l] = (uint8_t)(kernel_rand(kc) & 3);
        /* the reference: every start, every match, the first longest */
        bl[q] = 0;
        bp[q] = -1;
        for (unsigned r = 0; r < REF_LEN; r++) {
            unsigned m = 0;
            while (m < l && r + m < REF_LEN && ref[r + m] == s[m])
                m++;
            if ((int32_t)m > bl[q]) {
                bl[q] = (int32_t)m;
                bp[q] = (int32_t)r;
            }
        }
    }
    for (unsigned i = 0; i < REF_LEN / 4; i++)
        refw[i] = (uint32_t)ref[4 * i] | (uint32_t)ref[4 * i + 1] << 8
                  | (uint32_t)ref[4 * i + 2] << 16 | (uint32_t)ref[4 * i + 3] << 24;
    for (unsigned i = 0; i < nq * MUMMER_QUERY_MAX / 4; i++) {
        const uint8_t *b = (const uint8_t *)&qw[i];
        qw[i] = (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8
                          | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24);
    }
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "ref", 4 * (REF_LEN / 4), &a.ref)
        || simtref_write_words(sm, a.ref, (const uint32_t *)refw, REF_LEN / 4)
        || simtref_alloc(sm, "query", 4 * (nq * MUMMER_QUERY_MAX / 4),
                         &a.query)
        || simtref_write_words(sm, a.query, (const uint32_t *)qw,
                               nq * MUMMER_QUERY_MAX / 4)
        || simtref_alloc(sm, "len", 4 * nq, &a.len)
        || simtref_write_words(sm, a.len, (const uint32_t *)len, nq)
        || simtref_alloc(sm, "best_len", 4 * nq, &a.best_len)
        || simtref_alloc(sm, "best_pos", 4 * nq, &a.best_pos)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "best_len", a.best_len, nq, bl, err, errlen))
        goto out;
    bl = NULL;
    if (kernel_expect(kc, "best_pos", a.best_pos, nq, bp, err, errlen))
        goto out;
    bp = NULL;
    rc = 0;
out:
    free(qw);
    free(len);
    free(bl);
    free(bp);
    return rc;
}

const struct kernel_info kernel_mummer = {
    .name = "mummer", .cls = KERNEL_DIVERGENT_LOW,
    .what = "longest exact match of each query's prefix in a reference",
    .size_is = "queries",
    .size = 32, .grid = 1, .block = 32,
    .size_min = 1, .size_max = 65536, .size_pow2 = false,
    .shared_bytes = 0, .barriers = false,
    .setup = setup,
};
