/*
 * dram.h -- off-chip DRAM as one SM sees it: a latency plus a bandwidth,
 * served through the SM's memory port.
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
 * R = ceil(s + transfer) + dram_latency.  The latency stands for everything
 * a miss crosses besides the transfer: the interconnect both ways, the L2
 * and the DRAM device's row and column access (the L2 is not modelled as
 * a cache: every request goes to DRAM).
 *
 * Not modelled: banks, rows and the GDDR5 timing of HARP Table 3
 * (tRCD, tCL, ...) one by one, their sum being folded into dram_latency;
 * the L2 hits; contention with the other SMs beyond the even share.
 *
 * The SM's memory port.  DRAM is outside the SM: the SM's load/store unit
 * (golden/structures/lsu.h) reaches it only through this request/response interface,
 * which the model serves here and a testbench can serve in its place.
 *
 *   request  (struct dram_in, the SM drives it; at most one a cycle)
 *     valid     a request this cycle
 *     kind      DRAM_READ (an L1 line fill), DRAM_WRITE (a store's bytes,
 *               write-through) or DRAM_ATOMIC (performed at the memory
 *               side, its old value returned)
 *     line      the line address (byte address >> log2(l1d_line_bytes))
 *     bytes     bytes moved: the line for a read, the lanes' bytes for a
 *               write or an atomic
 *     id        the requester's name for it, echoed in the response
 *   response (struct dram_out, DRAM drives it)
 *     n, id[]   the reads and atomics whose data arrives at the end of
 *               this cycle, in the order they were asked for: a read
 *               whose data is back at cycle R responds in cycle R - 1, and
 *               the SM registers it at that clock edge, so that its data
 *               is usable from cycle R.  A short transfer can end in the
 *               same cycle as the one before it, so one cycle may carry
 *               several responses, but one per id at most: the port has
 *               a bit per id, and the atomic lines of one request share
 *               theirs, so of two answers to one id that would leave in
 *               one cycle the second leaves in the next, and the answers
 *               after it wait with it (they leave in request order).  A
 *               write has no response: it is done for the SM when it is
 *               taken.
 *
 * The response of a cycle depends on the state alone, never on that
 * cycle's request (every read's data is back at least dram_latency + 1
 * cycles after it is asked for).  Cycle protocol: dram_eval() (the
 * responses), the SM's logic, then dram_step() with the SM's request.
 *
 * DRAM follows golden/model.h with these ports, except that its sizes
 * come from dram_from_config(): it is neither a registry structure nor one
 * of the SM's parts (a function X_geometry(cfg, g) marks those), and it
 * has no RTL.  It keeps its own count of cycles (`now`), the clock of the
 * world outside the SM.
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

enum {
    /* Reads and atomics DRAM holds between request and response: above
     * what the SM can have outstanding (at most 256 MSHRs, and 64 requests
     * of up to 64 atomic lines each). */
    DRAM_MAX_OUTSTANDING = 8192,
    DRAM_MAX_RESPONSES = DRAM_MAX_OUTSTANDING
};

enum dram_kind { DRAM_READ, DRAM_WRITE, DRAM_ATOMIC };

struct dram_geometry {
    unsigned latency;           /* dram_latency: cycles after the transfer */
    uint64_t ticks_per_cycle;   /* dram_mb_s: ticks in one SM cycle */
    uint64_t ticks_per_byte;    /* core_mhz x sms: ticks one byte takes */
};

struct dram_in {                /* the SM's request of this cycle */
    bool     valid;             /* a request */
    enum dram_kind kind;        /* read, write or atomic */
    uint64_t line;              /* its line address */
    unsigned bytes;             /* bytes it moves */
    unsigned id;                /* echoed in its response */
};

struct dram_out {               /* the responses of this cycle */
    unsigned n;                 /* how many */
    unsigned id[DRAM_MAX_RESPONSES]; /* their ids, oldest first */
};

struct dram_pending {           /* a read or atomic not yet answered */
    unsigned id;                /* the request's id */
    uint64_t ready;             /* the cycle its data is back */
};

struct dram {
    struct dram_geometry g;
    uint64_t now;               /* cycles since reset */
    uint64_t free_tick;         /* when the channel finishes its last transfer */
    uint64_t requests;          /* transfers asked for since reset */
    uint64_t busy_ticks;        /* ticks the channel has been transferring */
    uint64_t held;              /* answers held a cycle behind an answer to
                                   their id in the same cycle */
    unsigned head, count;       /* the oldest entry of queue[], and how many */
    struct dram_pending queue[DRAM_MAX_OUTSTANDING]; /* reads and atomics
                                   in request order (their `ready` never
                                   decreases: first come, first served;
                                   entries of one `ready` have distinct
                                   ids) */
};

void dram_from_config(const struct simt_config *cfg, struct dram_geometry *g);
int dram_check(const struct dram_geometry *g, char *msg, size_t msglen);
int dram_init(struct dram *d, const struct simt_config *cfg,
              char *msg, size_t msglen);
/* An idle channel, no read outstanding, zero counts, cycle 0. */
void dram_reset(struct dram *d);

/* The responses of this cycle (from the state; `in` is not looked at). */
void dram_eval(const struct dram *d, const struct dram_in *in,
               struct dram_out *out);
/* One clock edge: this cycle's responses leave, the request (if valid)
 * is queued on the channel, the cycle count moves on. */
void dram_step(struct dram *d, const struct dram_in *in);

/* Whole cycles a transfer of `bytes` occupies the channel, rounded up
 * (what a lone request adds to the latency). */
uint64_t dram_transfer_cycles(const struct dram_geometry *g, unsigned bytes);

/* Cycles the channel has been transferring since reset, rounded up. */
uint64_t dram_busy_cycles(const struct dram *d);

/* Not hardware, for the SM model's skipping of quiet cycles: the first
 * cycle from now on that carries a response (UINT64_MAX when none is
 * outstanding), and n cycles without one counted at once. */
uint64_t dram_next_event(const struct dram *d);
void dram_skip(struct dram *d, uint64_t n);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_DRAM_H */
