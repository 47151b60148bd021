/*
 * shared_mem.h -- the banks of the SM's shared memory.
 *
 * Shared memory is shared_banks banks of shared_bank_bytes-wide words
 * (Fermi: 32 banks of 4 bytes, NVIDIA CUDA C Programming Guide, compute
 * capability 2.x).  Successive words sit in successive banks: the word
 * of byte address a is a / shared_bank_bytes, its bank that word modulo
 * shared_banks.  Each bank serves one word a cycle to any number of lanes
 * (lanes reading the same word share it: a broadcast).  An access of a
 * warp therefore takes as many cycles as the largest number of distinct
 * words any one bank is asked for: one when there is no conflict, one
 * more for each extra way of the worst conflict.  An address is taken
 * inside its thread block's window; windows start on a multiple of
 * shared_banks x shared_bank_bytes, so the window does not change a bank.
 *
 * Only the banking is timed here; the data lives in the SM's memory.
 *
 * Ports (struct shared_mem_in / shared_mem_out), one cycle:
 *
 *   valid, mask, addr[]  in   a warp's request: the lanes that access and
 *                             each lane's address (only when not busy)
 *   busy                 out  the banks replay an earlier request this
 *                             cycle (a request is not taken)
 *   done                 out  this cycle is the last bank cycle of the
 *                             request (a new one without conflict: its
 *                             first); its data is back `latency` cycles on
 *   cycles               out  a new request's bank cycles, the ways of its
 *                             worst conflict (0 when none is taken)
 *
 * A request taken in cycle t with a k-way worst conflict has its bank
 * cycles in t .. t + k - 1: done in cycle t + k - 1, busy in t + 1 ..
 * t + k - 1.  State: the bank cycles of the replay still to go (the lanes
 * and addresses stay in the load/store unit's coalescer, which has them).
 *
 * One of the SM's parts (golden/registry.h): it follows golden/model.h,
 * its module is simtref_shared_mem (rtlgen/emit_shared_mem.c), and the
 * load/store unit (golden/structures/lsu.h) drives its ports.
 */
#ifndef SIMTREF_SHARED_MEM_H
#define SIMTREF_SHARED_MEM_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { SHARED_MEM_MAX_LANES = 64 };

struct shared_mem_geometry {
    unsigned lanes;             /* warp_size: the most ways of a conflict */
    unsigned banks;             /* shared_banks */
    unsigned bank_bytes;        /* shared_bank_bytes: one word of a bank */
    unsigned latency;           /* cycles from the last bank cycle to the data */
};

struct shared_mem_in {
    bool     valid;             /* a request this cycle */
    uint64_t mask;              /* its lanes */
    const uint32_t *addr;       /* each lane's address ([lanes]) */
};

struct shared_mem_out {
    bool     busy;              /* a replay holds the banks */
    bool     done;              /* the request's last bank cycle */
    unsigned cycles;            /* a new request's bank cycles */
};

struct shared_mem {
    struct shared_mem_geometry g;
    unsigned left;              /* bank cycles of the replay still to go,
                                   this one included (0: idle) */
};

void shared_mem_geometry(const struct simt_config *cfg, struct shared_mem_geometry *g);
int shared_mem_check(const struct shared_mem_geometry *g, char *msg, size_t msglen);
int shared_mem_init(struct shared_mem *m, const struct simt_config *cfg,
                    char *msg, size_t msglen);
void shared_mem_reset(struct shared_mem *m);
void shared_mem_eval(const struct shared_mem *m, const struct shared_mem_in *in,
                     struct shared_mem_out *out);
void shared_mem_step(struct shared_mem *m, const struct shared_mem_in *in);
/* The same edge from the outputs shared_mem_eval() gave for this cycle's
 * inputs (the next state depends on the inputs only through them): the
 * load/store unit's way of not working out the conflict twice. */
void shared_mem_step_from(struct shared_mem *m, const struct shared_mem_out *out);
/* The replay counter: up to `lanes` cycles. */
unsigned long shared_mem_state_bits(const struct shared_mem_geometry *g);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SHARED_MEM_H */
