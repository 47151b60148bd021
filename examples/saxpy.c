/*
 * saxpy.c -- a complete host program of libsimtref: y = a * x + y on the
 * SM model, checked against the same computation on the host.
 *
 *   simtref kernel build saxpy_kernel.c
 *   cc -o saxpy saxpy.c $(pkg-config --cflags --libs simtref)
 *   ./saxpy saxpy_kernel.elf [PRESET [N]]
 *
 * Prints the cycles and IPC of the run and "saxpy: N elements right";
 * exits 0 when every element is right, 1 otherwise (the first wrong one
 * named), after any error of the library with its message.
 */
#include <stdio.h>
#include <stdlib.h>

#include <simtref/simtref.h>

/* Stop on a failed call, with the library's message. */
#define CHECK(ctx, call)                                                    \
    do {                                                                    \
        int rc_ = (call);                                                   \
        if (rc_ != SIMTREF_OK) {                                            \
            fprintf(stderr, "saxpy: %s: %s\n", simtref_status_name(rc_),    \
                    simtref_error(ctx));                                    \
            simtref_ctx_destroy(ctx);                                       \
            return 1;                                                       \
        }                                                                   \
    } while (0)

int main(int argc, char **argv)
{
    const char *elf = argc > 1 ? argv[1] : "saxpy_kernel.elf";
    const char *preset = argc > 2 ? argv[2] : "tiny";
    uint32_t n = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : 1000;
    const int32_t a = -3;
    simtref_ctx *ctx;
    simtref_sm *sm;
    uint32_t x_addr, y_addr, args_addr, block[4];
    uint32_t *x, *y, *want;
    struct simtref_launch launch;
    struct simtref_stats st;
    int rc = 0;

    if (n == 0 || n > (1u << 20)) {
        fprintf(stderr, "saxpy: N must be 1 .. 1048576\n");
        return 1;
    }
    x = malloc(n * sizeof *x);
    y = malloc(n * sizeof *y);
    want = malloc(n * sizeof *want);
    if (!x || !y || !want || simtref_ctx_create(&ctx) != SIMTREF_OK) {
        fprintf(stderr, "saxpy: out of memory\n");
        return 1;
    }
    /* inputs, and the answer computed here */
    for (uint32_t i = 0; i < n; i++) {
        x[i] = i * 7u + 1u;
        y[i] = (uint32_t)(1000 - (int32_t)i);
        want[i] = (uint32_t)(a * (int32_t)x[i] + (int32_t)y[i]);
    }
    CHECK(ctx, simtref_sm_open_preset(ctx, preset, NULL, 0, &sm));
    CHECK(ctx, simtref_load(sm, elf));
    CHECK(ctx, simtref_alloc(sm, "x", 4 * n, &x_addr));
    CHECK(ctx, simtref_alloc(sm, "y", 4 * n, &y_addr));
    CHECK(ctx, simtref_alloc(sm, "args", sizeof block, &args_addr));
    CHECK(ctx, simtref_write_words(sm, x_addr, x, n));
    CHECK(ctx, simtref_write_words(sm, y_addr, y, n));
    block[0] = n;                   /* struct saxpy_args of the kernel */
    block[1] = (uint32_t)a;
    block[2] = x_addr;
    block[3] = y_addr;
    CHECK(ctx, simtref_write_words(sm, args_addr, block, 4));
    launch.grid = 4;
    launch.block = 2 * simtref_sm_warp_size(sm);
    launch.args = args_addr;
    launch.shared_bytes = 0;
    CHECK(ctx, simtref_launch(sm, &launch));
    CHECK(ctx, simtref_run(sm, 100000000, NULL, 0, NULL));
    CHECK(ctx, simtref_read_words(sm, y_addr, y, n));
    CHECK(ctx, simtref_stats(sm, &st));
    printf("saxpy on %s: %u elements, grid %u x block %u, %llu cycles, "
           "IPC %.4f\n", simtref_sm_config_name(sm), n, launch.grid,
           launch.block, (unsigned long long)st.cycles, st.ipc);
    for (uint32_t i = 0; i < n && rc == 0; i++)
        if (y[i] != want[i]) {
            printf("saxpy: y[%u] is %d, the host gives %d\n", i, (int32_t)y[i],
                   (int32_t)want[i]);
            rc = 1;
        }
    if (rc == 0)
        printf("saxpy: %u elements right\n", n);
    simtref_ctx_destroy(ctx);
    free(x);
    free(y);
    free(want);
    return rc;
}
