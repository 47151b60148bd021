/*
 * suite.c -- the registry of the kernel suite and what every kernel's
 * host side shares: validation of a run's parameters, the input
 * generator, the reference outputs and their comparison, read through
 * the host API (suite.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "suite.h"

/* The suite, in the order `simtref kernel list` prints it: the one list
 * of its kernels.  Each NAME has kernels/NAME.c (the kernel) and
 * kernels/host/NAME.c (its host side, which defines kernel_NAME).
 * ORDER KERNEL_NAMES: mk/kernels.am's KERNEL_NAMES, which builds the
 * ELF files, names the same kernels in the same order (tests/cli/sim_suite.sh
 * checks it). */
#define SUITE_KERNELS(X)                                                    \
    X(nqueens) X(mummer) X(nw) X(particlefilter) X(bfs) X(backprop)         \
    X(hotspot) X(vecadd) X(matmul) X(coulomb) X(scalarprod) X(mergesort)    \
    X(fwt) X(tiledmm) X(stencil) X(btree) X(histogram) X(srad) X(collange)  \
    X(deepcall) X(recursion) X(nested) X(lrsc) X(exits)

#define SUITE_DECLARE(name) extern const struct kernel_info kernel_##name;
#define SUITE_ENTRY(name) &kernel_##name,
SUITE_KERNELS(SUITE_DECLARE)
static const struct kernel_info *const suite[] = { SUITE_KERNELS(SUITE_ENTRY) };

enum { KERNEL_MAX_BLOCK = 1024, KERNEL_MAX_GRID = 65536,
       KERNEL_SHARED_BYTES = 16384 };

unsigned kernel_count(void)
{
    return sizeof suite / sizeof suite[0];
}

const struct kernel_info *kernel_at(unsigned i)
{
    return i < kernel_count() ? suite[i] : NULL;
}

const struct kernel_info *kernel_find(const char *name)
{
    for (unsigned i = 0; i < kernel_count(); i++)
        if (strcmp(suite[i]->name, name) == 0)
            return suite[i];
    return NULL;
}

const char *kernel_class_name(enum kernel_class c)
{
    /* ORDER KERNEL_CLASS */
    static const char *const names[] = {
        "divergent, low parallelism (type A)",
        "divergent (type B)",
        "coherent (type C)",
        "barrier-intensive",
        "control flow"
    };
    return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "?";
}

int kernel_elf_path(const struct kernel_info *k, char *buf, size_t len)
{
    const char *dir = getenv("SIMTREF_KERNEL_ELF_DIR");
    struct stat st;

    if (!dir || !dir[0])
        dir = SIMTREF_KERNEL_ELF_DIR_DEFAULT;
    if ((size_t)snprintf(buf, len, "%s/%s.elf", dir, k->name) >= len)
        return -1;
    return stat(buf, &st) == 0 && S_ISREG(st.st_mode) ? 0 : -1;
}

/* splitmix64 */
uint32_t kernel_rand(struct kernel_case *kc)
{
    uint64_t z = (kc->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

int32_t kernel_rand_range(struct kernel_case *kc, int32_t lo, int32_t hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - lo) + 1;
    return (int32_t)(lo + (int64_t)(kernel_rand(kc) % span));
}

int32_t *kernel_words(struct kernel_case *kc, uint32_t n, char *err,
                      size_t errlen)
{
    int32_t *w = calloc(n ? n : 1, sizeof *w);

    if (!w)
        snprintf(err, errlen, "kernel %s: size %u: out of host memory",
                 kc->info->name, kc->size);
    return w;
}

int kernel_expect(struct kernel_case *kc, const char *name, uint32_t addr,
                  uint32_t count, int32_t *expect, char *err, size_t errlen)
{
    if (kc->n_out == KERNEL_MAX_OUTPUTS) {
        snprintf(err, errlen, "kernel %s: more than %d outputs",
                 kc->info->name, KERNEL_MAX_OUTPUTS);
        return -1;
    }
    kc->out[kc->n_out].name = name;
    kc->out[kc->n_out].addr = addr;
    kc->out[kc->n_out].count = count;
    kc->out[kc->n_out].expect = expect;
    kc->n_out++;
    return 0;
}

static int bad(const struct kernel_info *k, char *err, size_t errlen,
               const char *what, unsigned v, const char *rule)
{
    snprintf(err, errlen, "kernel %s: %s %u: %s", k->name, what, v, rule);
    return -1;
}

int kernel_setup(const struct kernel_info *k, struct kernel_case *kc,
                 unsigned size, unsigned grid, unsigned block, uint64_t seed,
                 simtref_ctx *ctx, simtref_sm *sm, uint32_t *args_addr,
                 char *err, size_t errlen)
{
    char rule[128];
    int rc;

    memset(kc, 0, sizeof *kc);
    kc->info = k;
    if (size < k->size_min || size > k->size_max) {
        snprintf(rule, sizeof rule, "the %s must be %u .. %u", k->size_is,
                 k->size_min, k->size_max);
        return bad(k, err, errlen, "size", size, rule);
    }
    if (k->size_pow2 && (size & (size - 1)) != 0) {
        snprintf(rule, sizeof rule, "the %s must be a power of two",
                 k->size_is);
        return bad(k, err, errlen, "size", size, rule);
    }
    if (grid < 1 || grid > KERNEL_MAX_GRID)
        return bad(k, err, errlen, "grid", grid, "give 1 .. 65536 TBs");
    if (block < 1 || block > KERNEL_MAX_BLOCK)
        return bad(k, err, errlen, "block", block,
                   "give 1 .. 1024 threads per TB");
    kc->size = size;
    kc->grid = grid;
    kc->block = block;
    kc->seed = seed;
    kc->rng = seed;
    err[0] = '\0';
    rc = k->setup(kc, sm, err, errlen);
    if (rc != 0 && !err[0])
        snprintf(err, errlen, "kernel %s: size %u: %s", k->name, size,
                 simtref_error(ctx));
    if (rc != 0) {
        kernel_case_free(kc);
        return -1;
    }
    *args_addr = kc->args;
    return 0;
}

int kernel_check(const struct kernel_case *kc, simtref_ctx *ctx,
                 simtref_sm *sm, char *err, size_t errlen)
{
    for (unsigned o = 0; o < kc->n_out; o++) {
        const struct kernel_output *out = &kc->out[o];
        uint32_t buf[64];
        for (uint32_t i = 0; i < out->count; ) {
            uint32_t k = out->count - i < sizeof buf / 4
                         ? out->count - i : (uint32_t)(sizeof buf / 4);
            if (simtref_read_words(sm, out->addr + 4 * i, buf, k) != 0) {
                snprintf(err, errlen, "kernel %s: output %s at 0x%08x: %s",
                         kc->info->name, out->name, out->addr + 4 * i,
                         simtref_error(ctx));
                return -1;
            }
            for (uint32_t j = 0; j < k; j++, i++) {
                int32_t got = (int32_t)buf[j];
                if (got != out->expect[i]) {
                    snprintf(err, errlen, "kernel %s (size %u, grid %u, "
                             "block %u, seed %llu): %s[%u] at 0x%08x is %ld, "
                             "the host reference gives %ld",
                             kc->info->name, kc->size, kc->grid, kc->block,
                             (unsigned long long)kc->seed, out->name, i,
                             out->addr + 4 * i, (long)got,
                             (long)out->expect[i]);
                    return -1;
                }
            }
        }
    }
    return 0;
}

void kernel_case_free(struct kernel_case *kc)
{
    for (unsigned o = 0; o < kc->n_out; o++)
        free(kc->out[o].expect);
    kc->n_out = 0;
}
