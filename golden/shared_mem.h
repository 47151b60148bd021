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
 * A timing model, not a generated structure: it has no RTL and no row in
 * the structure registry (golden/registry.c).  It follows golden/model.h
 * for its sizes and checks, except that the sizes come from
 * shared_mem_from_config() (a function X_geometry(cfg, g) marks a registry
 * structure), and the load/store unit (golden/lsu.h) drives it through
 * the functions below instead of X_eval/X_step.
 */
#ifndef SIMTREF_SHARED_MEM_H
#define SIMTREF_SHARED_MEM_H

#include <stdint.h>
#include <stddef.h>
#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { SHARED_MEM_MAX_LANES = 64 };

struct shared_mem_geometry {
    unsigned banks;             /* shared_banks */
    unsigned bank_bytes;        /* shared_bank_bytes: one word of a bank */
    unsigned latency;           /* cycles from the last bank cycle to the data */
};

void shared_mem_from_config(const struct simt_config *cfg, struct shared_mem_geometry *g);
int shared_mem_check(const struct shared_mem_geometry *g, char *msg, size_t msglen);

/* Cycles the banks take for the lanes in `mask` at addr[]: the largest
 * count of distinct words one bank is asked for (0 for no lane). */
unsigned shared_mem_cycles(const struct shared_mem_geometry *g, uint64_t mask,
                           const uint32_t *addr);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SHARED_MEM_H */
