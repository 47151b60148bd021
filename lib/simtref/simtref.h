/*
 * simtref/simtref.h -- libsimtref, the host API of the simtref SM model.
 *
 * A host program opens an SM from a preset or a configuration file,
 * loads a kernel's ELF file, places buffers in the SM's global memory and
 * writes its inputs there, launches a grid with an argument block, runs
 * it to completion and reads the results and the statistics back.  Every
 * function returns SIMTREF_OK (0) or a negative status (enum
 * simtref_status); the message that goes with the last failure is
 * simtref_error().  The library never exits, aborts or prints.
 *
 *   simtref_ctx *ctx;  simtref_sm *sm;  uint32_t a;
 *   simtref_ctx_create(&ctx);
 *   simtref_sm_open_preset(ctx, "fermi-harp", NULL, 0, &sm);
 *   simtref_load(sm, "saxpy.elf");
 *   simtref_alloc(sm, "x", 4 * n, &a);  simtref_write_words(sm, a, x, n);
 *   ...
 *   struct simtref_launch l = { .grid = 4, .block = 64, .args = args };
 *   simtref_launch(sm, &l);
 *   simtref_run(sm, 0, NULL, NULL);
 *   simtref_read_words(sm, y_addr, y, n);
 *   simtref_ctx_destroy(ctx);       (frees every SM it holds)
 *
 * Ownership: the context owns its SMs.  simtref_sm_free() releases an
 * SM's model and memory at once; its handle stays valid (every call on it
 * returns SIMTREF_EFREED) until the context is destroyed.  Strings and
 * structures passed in are copied; nothing the library returns needs
 * freeing but what simtref_ctx_create() made.
 *
 * Global memory (docs/isa.md) starts at SIMTREF_GLOBAL_BASE.  The host
 * reads and writes it through buffers: named, non-overlapping ranges
 * placed by simtref_alloc() or at a chosen address by simtref_buffer_at().
 * A host access must lie inside one buffer, and a host read must read
 * only words that were written, by the host or by a thread of a kernel
 * (docs/api.md, "Memory that was never written").
 *
 * Full reference: docs/api.md and simtref-api(3).
 */
#ifndef SIMTREF_SIMTREF_H
#define SIMTREF_SIMTREF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface: bumped when a function or a field is
 * added (the soname changes only when one is removed or changed). */
#define SIMTREF_API_VERSION 1

/* Where global memory starts (docs/isa.md's memory map). */
#define SIMTREF_GLOBAL_BASE 0x10000000u

/* The statuses every function returns: 0, or one of these (negative). */
enum simtref_status {
    SIMTREF_OK = 0,
    SIMTREF_EINVAL = -1,     /* a bad argument (NULL, a size of 0, ...) */
    SIMTREF_ENOMEM = -2,     /* the host is out of memory */
    SIMTREF_ECONFIG = -3,    /* the configuration, or a --set override */
    SIMTREF_EELF = -4,       /* the kernel's ELF file */
    SIMTREF_EOVERLAP = -5,   /* a buffer would overlap another */
    SIMTREF_ERANGE = -6,     /* past global memory, or in no buffer */
    SIMTREF_EUNWRITTEN = -7, /* a read of memory never written */
    SIMTREF_ESTATE = -8,     /* out of order: a launch before a load, a
                              * run before a launch */
    SIMTREF_EFREED = -9,     /* the SM was freed */
    SIMTREF_ELAUNCH = -10,   /* the launch does not fit the configuration */
    SIMTREF_EKERNEL = -11,   /* the kernel failed at run time (a fault, a
                              * barrier that cannot complete, ...) */
    SIMTREF_ELIMIT = -12,    /* not done after the cycle limit */
    SIMTREF_EEXIT = -13,     /* the grid ran to its end, but threads
                              * exited with a non-zero code
                              * (simtref_exit_codes) */
    SIMTREF_ECANCEL = -14    /* the progress callback stopped the run */
};

typedef struct simtref_ctx simtref_ctx;  /* a host session: owns SMs */
typedef struct simtref_sm simtref_sm;    /* one SM with its memory */

/* The library's version, "0.1.0". */
const char *simtref_version(void);

/* A status's name, "SIMTREF_EOVERLAP" ("?" for no status). */
const char *simtref_status_name(int status);

/* A new context in *out: SIMTREF_OK or SIMTREF_ENOMEM. */
int simtref_ctx_create(simtref_ctx **out);

/* Free the context and every SM it holds (freed or not). */
void simtref_ctx_destroy(simtref_ctx *ctx);

/* The message of the last failure of a call on ctx or one of its SMs
 * ("" when none); valid until the next call. */
const char *simtref_error(const simtref_ctx *ctx);

/*
 * Open an SM of a preset (configs/NAME.conf: "fermi-harp", "tiny", ...)
 * or of a configuration file, then apply the overrides, each
 * "KEY=VALUE" as `simtref config --set` takes it.  Global memory is
 * SIMTREF_GLOBAL_BYTES_DEFAULT bytes, zero, with no buffer.
 */
#define SIMTREF_GLOBAL_BYTES_DEFAULT (64u << 20)
int simtref_sm_open_preset(simtref_ctx *ctx, const char *preset,
                           const char *const *sets, size_t nsets,
                           simtref_sm **out);
int simtref_sm_open_file(simtref_ctx *ctx, const char *path,
                         const char *const *sets, size_t nsets,
                         simtref_sm **out);

/* Release the SM's model and memory.  The handle stays the context's:
 * any later call on it returns SIMTREF_EFREED; freeing it twice does
 * nothing. */
void simtref_sm_free(simtref_sm *sm);

/* The SM's configuration name ("fermi-harp", or the file's), its warp
 * size, and the size of its global memory in bytes. */
const char *simtref_sm_config_name(const simtref_sm *sm);
unsigned simtref_sm_warp_size(const simtref_sm *sm);
uint32_t simtref_sm_global_bytes(const simtref_sm *sm);

/* Load a kernel (an ELF file built as docs/isa.md says; simtref kernel
 * build makes one), replacing the one loaded before.  Global memory and
 * its buffers are kept. */
int simtref_load(simtref_sm *sm, const char *elf_path);

/* A buffer of `bytes` bytes, 16-byte aligned, after every buffer placed
 * so far: its address in *addr.  name (up to 63 characters) names it in
 * messages. */
int simtref_alloc(simtref_sm *sm, const char *name, uint32_t bytes,
                  uint32_t *addr);
/* A buffer at addr: SIMTREF_EOVERLAP when it overlaps another,
 * SIMTREF_ERANGE when it is not all inside global memory. */
int simtref_buffer_at(simtref_sm *sm, const char *name, uint32_t addr,
                      uint32_t bytes);

/* Host access to global memory: bytes, or 32-bit words (little-endian in
 * the SM, host order in words[]).  The range must lie inside one buffer
 * (SIMTREF_ERANGE); a read fails with SIMTREF_EUNWRITTEN when a word in
 * it was never written. */
int simtref_write(simtref_sm *sm, uint32_t addr, const void *src,
                  uint32_t bytes);
int simtref_read(simtref_sm *sm, uint32_t addr, void *dst, uint32_t bytes);
int simtref_write_words(simtref_sm *sm, uint32_t addr,
                        const uint32_t *words, uint32_t count);
int simtref_read_words(simtref_sm *sm, uint32_t addr, uint32_t *words,
                       uint32_t count);
/* Zero a range (counts as written). */
int simtref_fill_zero(simtref_sm *sm, uint32_t addr, uint32_t bytes);

/* One launch of the loaded kernel. */
struct simtref_launch {
    unsigned grid;          /* TBs in the grid, 1 .. 65535 */
    unsigned block;         /* threads per TB, 1 .. 1024 */
    uint32_t args;          /* a0 of every thread: the argument block's
                             * address (inside a buffer), or 0 for none */
    uint32_t shared_bytes;  /* shared memory a TB holds, for occupancy */
};

/* Check the launch against the kernel and the configuration and make it
 * the one simtref_run() runs: SIMTREF_ESTATE before a load,
 * SIMTREF_ELAUNCH when it does not fit. */
int simtref_launch(simtref_sm *sm, const struct simtref_launch *l);

/* Called by simtref_run() every `every` cycles with the cycles so far;
 * a non-zero return stops the run (SIMTREF_ECANCEL). */
typedef int (*simtref_progress_fn)(void *user, uint64_t cycles);

/* Run the launch to completion: SIMTREF_OK, SIMTREF_EKERNEL,
 * SIMTREF_ELIMIT after max_cycles (0: no limit), SIMTREF_EEXIT, or
 * SIMTREF_ECANCEL.  progress may be NULL; every is its period in cycles
 * (0: 1000000).  The statistics hold after any of them. */
int simtref_run(simtref_sm *sm, uint64_t max_cycles,
                simtref_progress_fn progress, uint64_t every, void *user);

/* Options of the runs that follow (SIMTREF_OPT_*, or-ed). */
enum {
    SIMTREF_OPT_CHECK_INVARIANTS = 1, /* each live thread in one place,
                                       * every cycle */
    SIMTREF_OPT_REFERENCE = 2         /* the plain model: nothing kept
                                       * for speed (simtref sim
                                       * --reference) */
};
int simtref_set_options(simtref_sm *sm, unsigned options);
/* Write a line per issued warp-instruction to trace (NULL: none); the
 * caller keeps and closes the file. */
int simtref_set_trace(simtref_sm *sm, FILE *trace);

/* A thread that exited with a non-zero code (docs/isa.md). */
struct simtref_exit {
    unsigned ctaid;         /* its TB's index in the grid */
    unsigned tid;           /* its index in the TB */
    uint32_t pc;            /* the simt.exit */
    uint32_t code;          /* a0 there */
};
/* After a run: in *count the threads that exited with a non-zero code,
 * the first min(count, max, 8) of them in list (may be NULL if max is
 * 0). */
int simtref_exit_codes(simtref_sm *sm, struct simtref_exit *list,
                       unsigned max, unsigned *count);

/* The statistics of the last run, as `simtref sim --json` prints them. */
struct simtref_stats {
    uint64_t cycles;
    uint64_t warp_instructions;
    uint64_t thread_instructions;
    double ipc;                  /* warp-instructions per cycle */
    double lane_activity;        /* active lanes / warp size */
    double thread_ipc;           /* thread-instructions per cycle */
    double simd_lane_activity;   /* HARP eq. 2 */
    double depth_utilization;    /* HARP eq. 1 */
    double rtru;                 /* BAWS eq. 1 */
    uint64_t warp_phases;
    uint64_t idle_cycles;
    uint64_t tbs_done;           /* TBs of the grid that finished */
};
int simtref_stats(simtref_sm *sm, struct simtref_stats *st);
/* The statistics as one JSON object: the keys `simtref sim --json` has
 * from "cycles" to "lsu". */
int simtref_stats_json(simtref_sm *sm, FILE *f);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SIMTREF_H */
