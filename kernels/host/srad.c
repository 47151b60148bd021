/*
 * srad.c -- the host side of kernels/srad.c: speckled images (a smooth
 * gradient times random noise), diffused by the same fixed-point steps.
 */
#include <stdlib.h>

#include "args.h"
#include "suite.h"

static int32_t iabs(int32_t x)
{
    return x < 0 ? -x : x;
}

/* SRAD_ITERS iterations on one image img (n x n), in place; c and nx
 * are scratch of n x n words. */
static void diffuse(uint32_t n, int32_t *img, int32_t *c, int32_t *nx)
{
    uint32_t nn = n * n;

    for (unsigned it = 0; it < SRAD_ITERS; it++) {
        int32_t sum = 0, sum2 = 0;
        for (uint32_t k = 0; k < nn; k++) {
            sum += img[k];
            sum2 += img[k] * img[k];
        }
        int32_t mean = sum / (int32_t)nn, var = sum2 / (int32_t)nn - mean * mean;
        int32_t q0 = var * 64 / (mean * mean + 1);
        if (q0 > 4096)
            q0 = 4096;
        for (uint32_t k = 0; k < nn; k++) {
            uint32_t r = k / n, cl = k % n;
            int32_t j = img[k];
            int32_t g = iabs((r ? img[k - n] : j) - j)
                        + iabs((r + 1 < n ? img[k + n] : j) - j)
                        + iabs((cl ? img[k - 1] : j) - j)
                        + iabs((cl + 1 < n ? img[k + 1] : j) - j);
            int32_t q = g * 64 / (j + 1);
            if (q > 4096)
                q = 4096;
            int32_t den = 64 + (q * q - q0 * q0) / (q0 * q0 / 64 + 64);
            c[k] = den <= 64 ? 256 : den > 64 * 256 ? 1 : 256 * 64 / den;
        }
        for (uint32_t k = 0; k < nn; k++) {
            uint32_t r = k / n, cl = k % n;
            int32_t j = img[k];
            int32_t cs = r + 1 < n ? c[k + n] : c[k];
            int32_t ce = cl + 1 < n ? c[k + 1] : c[k];
            int32_t d = c[k] * ((r ? img[k - n] : j) - j)
                        + cs * ((r + 1 < n ? img[k + n] : j) - j)
                        + c[k] * ((cl ? img[k - 1] : j) - j)
                        + ce * ((cl + 1 < n ? img[k + 1] : j) - j);
            int32_t v = j + d / 1024;
            nx[k] = v < 0 ? 0 : v > 255 ? 255 : v;
        }
        for (uint32_t k = 0; k < nn; k++)
            img[k] = nx[k];
    }
}

static int setup(struct kernel_case *kc, simtref_sm *sm,
                 char *err, size_t errlen)
{
    uint32_t n = kc->size, nn = n * n, imgs = kc->grid;
    struct srad_args a = { n, imgs, 0, 0 };
    int32_t *x = kernel_words(kc, imgs * nn, err, errlen);
    int32_t *y = kernel_words(kc, imgs * nn, err, errlen);
    int32_t *c = kernel_words(kc, nn, err, errlen);
    int32_t *t = kernel_words(kc, nn, err, errlen);
    int rc = -1;

    if (!x || !y || !c || !t)
        goto out;
    for (uint32_t k = 0; k < imgs * nn; k++) {
        int32_t base = 40 + (int32_t)((k % nn) % n * 150 / n);
        int32_t v = base * kernel_rand_range(kc, 50, 150) / 100;
        y[k] = x[k] = v > 255 ? 255 : v;
    }
    for (uint32_t i = 0; i < imgs; i++)
        diffuse(n, y + i * nn, c, t);
    if (simtref_alloc(sm, "args", sizeof a, &kc->args)
        || simtref_alloc(sm, "image", 4 * (imgs * nn), &a.image)
        || simtref_write_words(sm, a.image, (const uint32_t *)x, imgs * nn)
        || simtref_alloc(sm, "out", 4 * imgs * nn, &a.out)
        || simtref_write_words(sm, kc->args, (const uint32_t *)&a,
                               sizeof a / 4)
        || kernel_expect(kc, "out", a.out, imgs * nn, y, err, errlen))
        goto out;
    y = NULL;
    rc = 0;
out:
    free(x);
    free(y);
    free(c);
    free(t);
    return rc;
}

const struct kernel_info kernel_srad = {
    .name = "srad", .cls = KERNEL_BARRIER,
    .what = "SRAD-like diffusion of an image per TB, statistics by amoadd.w",
    .size_is = "image side",
    .size = 16, .grid = 2, .block = 64,
    .size_min = 2, .size_max = 45, .size_pow2 = false,
    .shared_bytes = 16384, .barriers = true,
    .setup = setup,
};
