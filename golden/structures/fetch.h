/*
 * fetch.h -- the I-buffer of one warp scheduler and the fetch policy that
 * fills it (BAWS sections 2.2, 4.2 and 6.2).
 *
 * Each of the W = threads_per_scheduler / warp_size warps has S =
 * ibuffer_slots I-buffer slots, each with a valid bit (v: an instruction
 * is present) and a ready bit (r: its operands are available, the
 * scoreboard is clear).  Slots are kept in program order, slot 0 the
 * oldest: valid slots are a prefix, and so are the ready ones among them
 * (the scoreboard clears a warp's instructions in order).  A warp is ready
 * to issue when it holds a valid, ready instruction: ready[w] = v0 & r0,
 * which by the order equals "some slot is valid and ready".  The ready
 * vector is the issue scheduler's ready input (simtref_scheduler).
 *
 * Reading of BAWS: section 2.2 describes the baseline as fetching only for
 * a warp with no valid instruction (GPGPU-sim fetches a block that fills
 * the slots); here one instruction is fetched per fetch, so a warp is
 * eligible while it has a slot neither valid nor reserved by a fetch in
 * flight -- the reading under which FEF's "fewest entries" (section 6.2)
 * distinguishes warps.  Only a warp that may be fetched for is eligible:
 * the input warp_valid names the warp slots that hold a warp with an
 * instruction stream (under sbr, minpc and ics-first a resident, launched
 * warp that has not exited; under harp a First-Level slot that holds a
 * warp), so that no fetch cycle is spent on a slot with no warp in it, as
 * a hardware fetch unit skips such a warp (GPGPU-sim's fetch passes over
 * a warp that is done or has no valid instruction stream).  One fetch a
 * cycle, by the fetch policy:
 *
 *   lrr  round robin: the first eligible warp after the last fetched one
 *        (BAWS 2.2).
 *   cff  critical-fetch-first (BAWS 4.2): the warp the issue scheduler
 *        will issue next (next_valid / next_warp: MWF's pick, or under GTO
 *        the greedy warp, else the oldest), when it is eligible; otherwise
 *        round robin as lrr, so that no fetch slot is wasted.
 *   fef  fewest-entries-first (BAWS 6.2): the eligible warp with the
 *        fewest entries, valid slots plus fetches in flight (a slot a
 *        fetch has reserved is an entry for the fetch unit), ties to the
 *        smallest warp id.
 *
 * Events (inputs), all for the state before the clock edge:
 *
 *   fill   an instruction fetched earlier returns for fill_warp: it fills
 *          the first free slot (v = 1, r = 0) and one fetch in flight ends.
 *          Input error when the warp has no fetch in flight.
 *   issue  the scheduler's grant: issue_warp's oldest slot leaves (the
 *          others move down).  Input error when the warp is not ready.
 *   rdy    the scoreboard clears rdy_warp's oldest valid instruction that
 *          is not yet ready.  Input error when there is none.
 *   flush  a taken branch of flush_warp: its slots are emptied and its
 *          fetches in flight cancelled (their returns never arrive).  A
 *          flush overrides the other events of its warp on the same edge,
 *          and a warp being flushed is not fetched for.
 *   warp_valid  bit w: warp w may be fetched for (a level).  A warp that
 *          is not valid holds no instruction: on the edge its slots are
 *          emptied and its fetches in flight cancelled, as by a flush, so
 *          a warp that enters a slot (harp: a First-Level slot, free for
 *          at least one cycle between two warps) starts with an empty
 *          I-buffer and no instruction of the slot's earlier warp can
 *          issue for it.
 *
 * An erroneous event raises err and is ignored; the others still apply.
 * A fetch issued this cycle (fetch_valid, fetch_warp) is in flight from
 * the next cycle, so it cannot return on the same edge.
 *
 * The model is cycle-exact at the ports of simtref_fetch: fetch_eval()
 * gives this cycle's outputs from the state and inputs, fetch_step() is
 * one rising clock edge, fetch_reset() the asynchronous reset (all slots
 * empty, nothing in flight, round robin starting at warp 0).
 *
 * Outputs: fetch_valid, fetch_warp (0 when none), ready[W], the slot bits
 * v[w][s] and r[w][s], inflight[w], err.
 */
#ifndef SIMTREF_FETCH_H
#define SIMTREF_FETCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FETCH_MAX_WARPS = 256, FETCH_MAX_SLOTS = 8 };

struct fetch_geometry {
    enum fetch_policy policy;
    unsigned warps;     /* W */
    unsigned slots;     /* S = ibuffer_slots */
    unsigned warp_w;    /* warp id width, clog2(W) */
    unsigned cnt_w;     /* fetches in flight, clog2(S + 1) */
};

struct fetch_in {
    bool fill_valid;  unsigned fill_warp;
    bool issue_valid; unsigned issue_warp;
    bool rdy_valid;   unsigned rdy_warp;
    bool flush_valid; unsigned flush_warp;
    bool next_valid;  unsigned next_warp;     /* cff only */
    /* Bit w: warp w holds an instruction stream and may be fetched for
     * (bits.h's bitset; bits from W up are ignored). */
    uint64_t warp_valid[FETCH_MAX_WARPS / 64];
};

/* warp_valid with every one of `warps` warps valid (the bits below it). */
static inline void fetch_all_valid(unsigned warps, uint64_t valid[])
{
    for (unsigned k = 0; k < FETCH_MAX_WARPS / 64; k++)
        valid[k] = warps >= 64 * (k + 1) ? ~(uint64_t)0
                   : warps > 64 * k ? ~(uint64_t)0 >> (64 - (warps - 64 * k))
                   : 0;
}

struct fetch_out {
    bool     fetch_valid;
    unsigned fetch_warp;
    bool     ready[FETCH_MAX_WARPS];
    bool     v[FETCH_MAX_WARPS][FETCH_MAX_SLOTS];
    bool     r[FETCH_MAX_WARPS][FETCH_MAX_SLOTS];
    unsigned inflight[FETCH_MAX_WARPS];
    bool     err;
};

/* Not hardware: kept for speed.  Functions of v, r and inflight, so that
 * the fetch policy and the edge look at a word of warps at a time. */
struct fetch_memo {
    uint64_t room[FETCH_MAX_WARPS / 64];  /* the warps with fewer entries
                         * than slots (bits.h's bitset).  Stale when a
                         * warp's entries change (an issue, a flush, a
                         * fetch, an emptied warp): refreshed for that warp
                         * by the edge (keep_room()), set whole by
                         * fetch_reset() */
    uint64_t held[FETCH_MAX_WARPS / 64];  /* the warps with at least one
                         * entry: stale and refreshed with room */
};

struct fetch {
    struct fetch_geometry g;
    bool     v[FETCH_MAX_WARPS][FETCH_MAX_SLOTS];
    bool     r[FETCH_MAX_WARPS][FETCH_MAX_SLOTS];
    unsigned inflight[FETCH_MAX_WARPS];
    unsigned last;                      /* last fetched warp (lrr, cff) */
    struct fetch_memo memo;             /* not hardware: kept for speed */
    bool reference;     /* not hardware: memo not read, each answer
                         * recomputed from the slots where it is used
                         * (simtref sim --reference); kept by
                         * fetch_reset(), cleared by fetch_init() */
};

void fetch_geometry(const struct simt_config *cfg, struct fetch_geometry *g);

/* The contract of model.h: sizes from cfg, checked, then reset. */
int fetch_check(const struct fetch_geometry *g, char *msg, size_t msglen);
int fetch_init(struct fetch *m, const struct simt_config *cfg,
               char *msg, size_t msglen);
void fetch_reset(struct fetch *f);
void fetch_eval(const struct fetch *f, const struct fetch_in *in,
                struct fetch_out *out);
void fetch_step(struct fetch *f, const struct fetch_in *in);

/* fetch_eval() for a composition that reads only the ports fetch_valid,
 * fetch_warp and err; ready, v, r and inflight are left unwritten (the
 * composition reads them through fetch_ready(), fetch_entries(),
 * fetch_unready() and inflight[]). */
void fetch_eval_ports(const struct fetch *f, const struct fetch_in *in,
                      struct fetch_out *out);
/* fetch_step() once fetch_eval_ports(), for the same state and inputs,
 * reported no error and fetched warp `fetched` (-1: none): the warp is
 * not chosen again, nor the events checked. */
void fetch_step_evaluated(struct fetch *f, const struct fetch_in *in,
                          int fetched);

/* The output ready[w]: warp w's oldest slot is valid and ready. */
static inline bool fetch_ready(const struct fetch *f, unsigned w)
{
    return f->v[w][0] && f->r[w][0];
}

/* Warp w holds a valid I-buffer slot not yet marked ready.  A warp's
 * FETCH_MAX_SLOTS bits of v (and of r) are read as one 64-bit word: a
 * bool is 0 or 1, and the slots from g.slots up are never set. */
static inline bool fetch_unready(const struct fetch *f, unsigned w)
{
    uint64_t v, r;      /* fetch.c asserts the rows' size */

    memcpy(&v, f->v[w], sizeof v);
    memcpy(&r, f->r[w], sizeof r);
    return (v & ~r) != 0;
}

/* The warps the edge empties for not being valid (warp_valid clear) while
 * they hold an entry, as a bitset of W bits into set[]. */
void fetch_emptied(const struct fetch *f, const struct fetch_in *in,
                   uint64_t set[]);

/* Valid slots plus fetches in flight: the warp's entries. */
unsigned fetch_entries(const struct fetch *f, unsigned w);

/* Flip-flops: v and r per slot, a fetch-in-flight counter per warp, and
 * the round-robin pointer (lrr, cff). */
unsigned long fetch_state_bits(const struct fetch_geometry *g);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_FETCH_H */
