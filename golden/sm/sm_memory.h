/*
 * sm_memory.h -- the SM's memories as docs/isa.md maps them: the kernel's
 * ELF image, global memory, a shared-memory window per resident TB and a
 * stack per resident thread.  The accesses happen at once, when the
 * instruction issues (the load/store unit, golden/structures/lsu.h, only times
 * them).  An access outside the regions or not aligned to its size is
 * refused, and so are a thread's access to a stack not its own and a
 * write (store, AMO, sc.w) to the text: the SM reports the thread, PC
 * and address.  lr.w/sc.w hold a reservation per thread that any other
 * thread's write to the reserved word breaks (docs/isa.md, atomics).
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

/* The reservations of lr.w/sc.w.  The reservation granule is the aligned
 * word: a reservation names the word's bytes in the SM's memory (so the
 * same shared-memory address of two TBs is two words), and a write of any
 * size to any of its bytes by another thread breaks it. */
struct sm_reservations {
    const uint8_t **word;   /* per thread slot: its reserved word, or NULL */
    unsigned *held;         /* the thread slots whose word is set, unordered */
    unsigned *at;           /* per thread slot: its index in held */
    unsigned n_held;        /* entries of held */
};

struct sm_memory {
    uint8_t *image;         /* a writable copy of the program image */
    uint32_t image_base, image_size;
    uint32_t code_lo;       /* the code, read-only to the threads: */
    uint32_t code_hi;       /* [code_lo, code_hi) (sm_memory_init) */
    uint8_t *global;        /* global memory */
    uint32_t global_size;
    uint8_t *shared;        /* tbs x SM_SHARED_BYTES */
    unsigned tbs;
    uint8_t *stack;         /* threads x SM_STACK_BYTES */
    unsigned threads;
    struct sm_reservations resv; /* lr.w/sc.w, per thread slot */
    uint64_t *global_written; /* not hardware: NULL, or a bit per word of
                             * global memory (bit i % 64 of word i / 64:
                             * the word at SM_GLOBAL_BASE + 4 i) that a
                             * thread's store, AMO or sc.w sets when it
                             * writes a byte of the word; the host API's
                             * bookkeeping (lib/), which owns it */
};

/* Why a thread's access was refused.  ORDER SM_FAULT: sm_fault_what()
 * names them. */
enum sm_fault {
    SM_FAULT_NONE = 0,
    SM_FAULT_UNMAPPED,      /* outside every region (or a shared address
                               without a TB) */
    SM_FAULT_STACK,         /* in the stacks, but not the thread's own */
    SM_FAULT_TEXT           /* a write to the code */
};

/* Who accesses: selects the shared window, the stack and the reservation. */
struct sm_accessor {
    struct sm_memory *m;
    unsigned tb;            /* TB slot: its shared window */
    unsigned thread;        /* thread slot: its stack and reservation */
    enum sm_fault fault;    /* an access was refused, why ... */
    uint32_t fault_addr;    /* ... and at this address */
    uint32_t csr[6];        /* tid, ntid, ctaid, nctaid, warpid, laneid */
};

/* The memories for prog: global_size bytes of global memory, tbs shared
 * windows, threads stacks and reservations; the code (read-only) runs
 * from the text's start to the end of its last function.  0, or -1 when
 * out of memory. */
int sm_memory_init(struct sm_memory *m, const struct program *prog,
                   uint32_t global_size, unsigned tbs, unsigned threads);
void sm_memory_free(struct sm_memory *m);

/* The top of hardware thread slot i's stack (16-byte aligned); the
 * stack is the SM_STACK_BYTES below it. */
static inline uint32_t sm_memory_stack_top(unsigned i)
{
    return SM_STACK_BASE + (uint32_t)(i + 1) * SM_STACK_BYTES;
}

/* Where sp (a value of thread slot i's x2) is in the thread's stack
 * region: its byte offset from the region's bottom, 0 .. SM_STACK_BYTES -
 * 1.  sp at the region's top (no frame yet: the start code) or outside
 * the region counts as the shallowest offset, SM_STACK_BYTES - 1; equal
 * call depths of two threads give equal offsets. */
static inline uint32_t sm_memory_stack_offset(unsigned i, uint32_t sp)
{
    uint32_t off = sp - (sm_memory_stack_top(i) - SM_STACK_BYTES);

    return off > SM_STACK_BYTES - 1 ? SM_STACK_BYTES - 1 : off;
}

/* The address the memory pipeline sees -- the coalescer's lines, the
 * L1's sets and tags, the MSHRs, DRAM -- for addr, an address a thread
 * of an SM of `threads` thread slots accesses, the slots interleaved in
 * groups of `group` (the SM's warp slots: group = warp_size, slot i =
 * warp slot i / group, lane i % group).
 *
 * The threads see their stacks SM_STACK_BYTES apart
 * (sm_memory_stack_top).  Laid out so, the same stack word of a warp's
 * lanes is one line per lane, all in one L1 set; GPUs interleave
 * per-thread local memory by word instead, so that the same word of
 * consecutive threads is consecutive words (CUDA C Programming Guide,
 * "Local Memory"; GPGPU-Sim's translate_local_memaddr()), and a warp's
 * accesses coalesce.  Byte o of lane l's stack in group g is at
 *
 *   SM_STACK_BASE + g * (group * SM_STACK_BYTES)
 *                 + (o / 4) * (group * 4) + l * 4 + o % 4:
 *
 * each group's stacks stay the block they were, interleaved within it,
 * a bijection of the stack region onto itself (threads a multiple of
 * group; group 1 is the threads' own layout).  The group is the warp
 * because the coalescer sees one warp's lanes at a time, and a block per
 * warp keeps a stack's successive words in successive lines and L1 sets;
 * interleaving all the SM's slots would make a row of threads x 4 bytes,
 * 6 KiB at the presets, which the L1's linear set index folds onto two
 * groups of sets (docs/memory.md).  Every other address is its own.  The
 * functional memory keeps the threads' view: only the timing models see
 * this one. */
uint32_t sm_memory_physical(uint32_t addr, unsigned threads, unsigned group);

/* What a refused access did, for messages: "outside memory", ... */
const char *sm_fault_what(enum sm_fault f);

/* Host access to global memory and the image (no TB): 0 or -1. */
int sm_memory_read(struct sm_memory *m, uint32_t addr, void *buf,
                   uint32_t len);
int sm_memory_write(struct sm_memory *m, uint32_t addr, const void *buf,
                    uint32_t len);

/* Clear TB slot tb's shared window (a TB is placed there). */
void sm_memory_clear_shared(struct sm_memory *m, unsigned tb);

/* Drop every thread's lr.w reservation (a new launch). */
void sm_memory_clear_reservations(struct sm_memory *m);

/* The callbacks of rv32_exec, ctx being a struct sm_accessor. */
void sm_memory_env(struct sm_accessor *a, struct rv32_env *env);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SM_MEMORY_H */
