/*
 * sm_memory.h -- the SM's memories as docs/isa.md maps them: the kernel's
 * ELF image, global memory, a shared-memory window per resident TB and a
 * stack per resident thread.  The accesses happen at once, when the
 * instruction issues (the load/store unit, golden/lsu.h, only times
 * them); an access
 * outside the regions or not aligned to its size is refused, and the SM
 * reports the thread, PC and address.
 */
#ifndef SIMTREF_SM_MEMORY_H
#define SIMTREF_SM_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#include "program.h"
#include "rv32.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The regions of docs/isa.md. */
enum {
    SM_GLOBAL_BASE = 0x10000000u,
    SM_SHARED_BASE = 0x20000000u,
    SM_STACK_BASE  = 0x30000000u,
    SM_SHARED_BYTES = 16384u,     /* each TB's shared window */
    SM_STACK_BYTES  = 4096u       /* each thread's stack */
};

struct sm_memory {
    uint8_t *image;         /* a writable copy of the program image */
    uint32_t image_base, image_size;
    uint8_t *global;        /* global memory */
    uint32_t global_size;
    uint8_t *shared;        /* tbs x SM_SHARED_BYTES */
    unsigned tbs;
    uint8_t *stack;         /* threads x SM_STACK_BYTES */
    unsigned threads;
};

/* Who accesses: selects the shared window and checks the stack region. */
struct sm_accessor {
    struct sm_memory *m;
    unsigned tb;            /* TB slot: its shared window */
    bool fault;             /* an access was refused ... */
    uint32_t fault_addr;    /* ... at this address */
    uint32_t csr[6];        /* tid, ntid, ctaid, nctaid, warpid, laneid */
};

int sm_memory_init(struct sm_memory *m, const struct program *prog,
                   uint32_t global_size, unsigned tbs, unsigned threads);
void sm_memory_free(struct sm_memory *m);

/* The top of hardware thread slot i's stack (16-byte aligned). */
static inline uint32_t sm_memory_stack_top(unsigned i)
{
    return SM_STACK_BASE + (uint32_t)(i + 1) * SM_STACK_BYTES;
}

/* Host access to global memory and the image (no TB): 0 or -1. */
int sm_memory_read(struct sm_memory *m, uint32_t addr, void *buf,
                   uint32_t len);
int sm_memory_write(struct sm_memory *m, uint32_t addr, const void *buf,
                    uint32_t len);

/* Clear TB slot tb's shared window (a TB is placed there). */
void sm_memory_clear_shared(struct sm_memory *m, unsigned tb);

/* The callbacks of rv32_exec, ctx being a struct sm_accessor. */
void sm_memory_env(struct sm_accessor *a, struct rv32_env *env);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SM_MEMORY_H */
