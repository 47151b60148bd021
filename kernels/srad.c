/*
 * srad.c -- SRAD-like speckle-reducing anisotropic diffusion
 * (barrier-intensive): per iteration a TB reduces the image's sum and
 * sum of squares with amoadd.w in shared memory, computes each pixel's
 * diffusion coefficient from its gradients (clamped: branches), and
 * updates the image from the coefficients; barriers separate the
 * phases.  In fixed point; pixels stay in 0 .. 255.
 */
#include "args.h"
#include "simt.h"

static int32_t iabs(int32_t x)
{
    return x < 0 ? -x : x;
}

void kernel(const void *args)
{
    const struct srad_args *p = args;
    uint32_t n = p->n, nn = n * n, tid = simt_tid(), nt = simt_ntid();
    int32_t *stat = simt_shared();            /* sum, sum of squares */
    int32_t *img = stat + 2, *coef = stat + 2 + nn;

    for (uint32_t im = simt_ctaid(); im < p->n_images; im += simt_nctaid()) {
        const int32_t *src = SIMT_PTR(const int32_t, p->image) + im * nn;
        int32_t *out = SIMT_PTR(int32_t, p->out) + im * nn;
        for (uint32_t k = tid; k < nn; k += nt)
            img[k] = src[k];
        for (uint32_t it = 0; it < SRAD_ITERS; it++) {
            if (tid == 0)
                stat[0] = stat[1] = 0;
            simt_barrier();
            for (uint32_t k = tid; k < nn; k += nt) {
                simt_atomic_add(&stat[0], img[k]);
                simt_atomic_add(&stat[1], img[k] * img[k]);
            }
            simt_barrier();
            int32_t mean = stat[0] / (int32_t)nn;
            int32_t var = stat[1] / (int32_t)nn - mean * mean;
            int32_t q0 = var * 64 / (mean * mean + 1);    /* Q6 */
            if (q0 > 4096)
                q0 = 4096;
            for (uint32_t k = tid; k < nn; k += nt) {
                uint32_t r = k / n, c = k % n;
                int32_t j = img[k];
                int32_t g = iabs((r > 0 ? img[k - n] : j) - j)
                            + iabs((r + 1 < n ? img[k + n] : j) - j)
                            + iabs((c > 0 ? img[k - 1] : j) - j)
                            + iabs((c + 1 < n ? img[k + 1] : j) - j);
                int32_t q = g * 64 / (j + 1);               /* Q6 */
                if (q > 4096)
                    q = 4096;
                int32_t den = 64 + (q * q - q0 * q0) / (q0 * q0 / 64 + 64);
                int32_t cf;
                if (den <= 64)
                    cf = 256;
                else if (den > 64 * 256)
                    cf = 1;
                else
                    cf = 256 * 64 / den;
                coef[k] = cf;
            }
            simt_barrier();
            for (uint32_t k = tid; k < nn; k += nt) {
                uint32_t r = k / n, c = k % n;
                int32_t j = img[k];
                int32_t cs = r + 1 < n ? coef[k + n] : coef[k];
                int32_t ce = c + 1 < n ? coef[k + 1] : coef[k];
                int32_t d = coef[k] * ((r > 0 ? img[k - n] : j) - j)
                            + cs * ((r + 1 < n ? img[k + n] : j) - j)
                            + coef[k] * ((c > 0 ? img[k - 1] : j) - j)
                            + ce * ((c + 1 < n ? img[k + 1] : j) - j);
                int32_t v = j + d / 1024;
                out[k] = v < 0 ? 0 : v > 255 ? 255 : v;
            }
            simt_barrier();
            for (uint32_t k = tid; k < nn; k += nt)
                img[k] = out[k];
        }
        simt_barrier();
    }
}
