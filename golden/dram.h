/*
 * dram.h -- off-chip DRAM as one SM sees it: a latency plus a bandwidth.
 *
 * The model.  The chip's DRAM delivers dram_mb_s megabytes per second,
 * shared evenly by the `sms` SMs; the SM runs at core_mhz.  One SM's share
 * is therefore dram_mb_s / (core_mhz x sms) bytes per SM cycle, kept
 * exactly as a fraction: time is counted in ticks of 1 / dram_mb_s of a
 * cycle, and a transfer of n bytes occupies the SM's channel for
 * n x core_mhz x sms ticks.  Transfers are served one after the other, in
 * the order they are asked for (first come, first served).  A read asked
 * for at cycle t starts when the channel is free, s = max(t, free); its
 * data is back dram_latency cycles after its transfer ends: at
 * ceil(s + transfer) + dram_latency.  The latency stands for everything
 * a miss crosses besides the transfer: the interconnect both ways, the L2
 * and the DRAM device's row and column access (the L2 is not modelled as
 * a cache: every request goes to DRAM).
 *
 * Not modelled: banks, rows and the GDDR5 timing of HARP Table 3
 * (tRCD, tCL, ...) one by one, their sum being folded into dram_latency;
 * the L2 hits; contention with the other SMs beyond the even share.
 *
 * A timing model, not a generated structure: it has no RTL and no row in
 * the structure registry (golden/registry.c).  It follows golden/model.h
 * for its sizes and checks, except that the sizes come from
 * dram_from_config() (a function X_geometry(cfg, g) marks a registry
 * structure), and the load/store unit (golden/lsu.h) drives it through
 * the functions below instead of X_eval/X_step.
 */
#ifndef SIMTREF_DRAM_H
#define SIMTREF_DRAM_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

struct dram_geometry {
    unsigned latency;           /* dram_latency: cycles after the transfer */
    uint64_t ticks_per_cycle;   /* dram_mb_s: ticks in one SM cycle */
    uint64_t ticks_per_byte;    /* core_mhz x sms: ticks one byte takes */
};

struct dram {
    struct dram_geometry g;
    uint64_t free_tick;         /* when the channel finishes its last transfer */
    uint64_t requests;          /* transfers asked for since reset */
    uint64_t busy_ticks;        /* ticks the channel has been transferring */
};

void dram_from_config(const struct simt_config *cfg, struct dram_geometry *g);
int dram_check(const struct dram_geometry *g, char *msg, size_t msglen);
int dram_init(struct dram *d, const struct simt_config *cfg,
              char *msg, size_t msglen);
void dram_reset(struct dram *d);

/* Whole cycles a transfer of `bytes` occupies the channel, rounded up
 * (what a lone request adds to the latency). */
uint64_t dram_transfer_cycles(const struct dram_geometry *g, unsigned bytes);

/* A transfer of `bytes` asked for at cycle `now`: queues it behind the
 * channel's earlier transfers and returns the cycle its data is back
 * (reads and atomics; a write is done for the SM when it is queued). */
uint64_t dram_access(struct dram *d, uint64_t now, unsigned bytes);

/* Cycles the channel has been transferring since reset, rounded up. */
uint64_t dram_busy_cycles(const struct dram *d);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_DRAM_H */
