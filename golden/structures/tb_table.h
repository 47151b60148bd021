/*
 * tb_table.h -- the SM's table of resident thread blocks: per TB slot
 * whether it holds a TB, the TB's index in the grid, its warps and their
 * warp slots, how many of its warps still have a live thread, and how
 * many of its exited warps have been counted at the barrier in progress.
 *
 * The TB dispatcher (golden/structures/dispatch.h) decides where a TB
 * goes; this table remembers what is there.  An exited warp still
 * arrives at each barrier of its TB (through an arrival port of the WPT
 * no warp uses in that cycle), so the table counts the arrivals it owes:
 * warps - live_warps - gone_arrived.
 *
 * Ports (struct tb_table_in / tb_table_out), one cycle:
 *
 *   place[k]       a TB placed by the dispatcher: its slot, grid index,
 *                  warps and their warp slots (live_warps = warps)
 *   retire[t]      warps of TB slot t whose last thread exited, and
 *   retire_arrived[t]  ... of them, those that had arrived at the
 *                  barrier in progress (counted there already)
 *   gone_sent[t]   exited warps of t that arrive at its barrier now
 *   release        bit t: the WPT releases TB t's barrier
 *   rd_tb, rd_wid  the read port: TB slot rd_tb, and its warp rd_wid's
 *                  warp slot
 *
 * Outputs for rd_tb: valid, ctaid, warps, live_warps, gone_arrived,
 * warp_slot (of rd_wid), and done: its last live warps retire in this
 * cycle (the retire port names all of them), so the slot is free from
 * the next.  For every slot: owing, the TBs whose exited warps owe an
 * arrival at the barrier (warps > live_warps + gone_arrived).  A
 * composition that reads all its TBs in one cycle (simtref_sm_launch)
 * takes, per slot, the arrivals owed, done and the grid index (the
 * datapath's CSR of each lane's thread; tb_table_eval_slots()).
 *
 * owing is kept for speed between edges (struct tb_table_memo, not
 * hardware); with `reference` set it is recomputed at each evaluation.
 *
 * Cycle protocol: tb_table_eval() reads the state and the ports;
 * tb_table_step() is the clock edge: the placements, then the
 * retirements (a TB whose live_warps reaches 0 leaves its slot), then
 * the exited warps' arrivals, then the releases (gone_arrived back to
 * 0).
 */
#ifndef SIMTREF_TB_TABLE_H
#define SIMTREF_TB_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { TB_TABLE_MAX_WARPS = 64 };  /* warps of a TB */

struct tb_table_geometry {
    unsigned tbs;           /* TB slots: max_tbs */
    unsigned tb_warps;      /* warps of a TB at most: max_warps_per_tb */
    unsigned warps_w;       /* bits of a count of 0..tb_warps */
    unsigned slot_w;        /* bits of a warp slot: clog2(schedulers *
                               threads_per_scheduler / warp_size) */
    unsigned ctaid_w;       /* bits of a grid index: 32 */
    /* Widths of the generated module's ports (each at least 1): */
    unsigned tb_w;          /* a TB slot number: clog2(tbs) */
    unsigned wid_w;         /* a warp's number in its TB: clog2(tb_warps) */
    unsigned n_w;           /* a count of placements, 0..tbs */
    unsigned port_slot_w;   /* a warp slot: slot_w */
};

struct tb_table_place {
    unsigned tb;            /* the TB slot */
    unsigned ctaid;         /* the TB's index in the grid */
    unsigned warps;         /* its warps */
    unsigned warp[TB_TABLE_MAX_WARPS];  /* their warp slots, in warp order */
};

struct tb_table_in {
    unsigned n_place;       /* TBs placed this cycle */
    struct tb_table_place place[CONFIG_MAX_TBS];
    unsigned retire[CONFIG_MAX_TBS];        /* per TB slot: warps retiring */
    unsigned retire_arrived[CONFIG_MAX_TBS]; /* ... that had arrived */
    unsigned gone_sent[CONFIG_MAX_TBS];     /* per TB slot: exited warps
                                             * arriving now */
    uint64_t release;       /* bit t: TB t's barrier releases */
    unsigned rd_tb;         /* the read port's TB slot ... */
    unsigned rd_wid;        /* ... and its warp whose slot is read */
};

struct tb_table_out {
    bool valid;             /* rd_tb holds a TB */
    unsigned ctaid;         /* its grid index */
    unsigned warps;         /* its warps */
    unsigned live_warps;    /* those with a live thread */
    unsigned gone_arrived;  /* its exited warps counted at the barrier in
                               progress */
    unsigned warp_slot;     /* warp rd_wid's warp slot */
    bool done;              /* its last live warps retire in this cycle */
    uint64_t owing;         /* bit t: TB slot t is valid and its exited
                               warps owe an arrival */
};

/* Per TB slot, what tb_table_out tells of the read port's TB alone. */
struct tb_table_slots {
    uint64_t last;          /* bit t: done of slot t */
    unsigned owed[CONFIG_MAX_TBS];  /* per slot: its exited warps that
                               owe an arrival (0 for a free slot) */
    unsigned ctaid[CONFIG_MAX_TBS]; /* per slot: its TB's grid index (0
                               for a free slot) */
};

/* One TB slot's registers. */
struct tb_table_entry {
    bool valid;             /* the slot holds a TB */
    unsigned ctaid;         /* its index in the grid */
    unsigned warps;         /* warp slots it holds */
    unsigned warp[TB_TABLE_MAX_WARPS];  /* those slots, in warp order */
    unsigned live_warps;    /* warps with a live thread */
    unsigned gone_arrived;  /* of its exited warps (warps - live_warps),
                             * those counted at the barrier in progress */
};

/* Not hardware: kept for speed. */
struct tb_table_memo {
    uint64_t owing;         /* tb_table_out.owing.  Stale when a slot's
                             * valid or counts change: refreshed by
                             * tb_table_step() for every slot, zeroed by
                             * tb_table_reset() */
};

struct tb_table {
    struct tb_table_geometry g;
    struct tb_table_entry tb[CONFIG_MAX_TBS];   /* per TB slot */
    struct tb_table_memo memo;  /* not hardware: kept for speed */
    bool reference;         /* not hardware: owing recomputed at each
                             * evaluation (simtref sim --reference); the
                             * owner sets it, tb_table_reset() keeps it */
};

void tb_table_geometry(const struct simt_config *cfg,
                       struct tb_table_geometry *g);
int tb_table_check(const struct tb_table_geometry *g, char *msg,
                   size_t msglen);
int tb_table_init(struct tb_table *m, const struct simt_config *cfg,
                  char *msg, size_t msglen);
/* Every slot free. */
void tb_table_reset(struct tb_table *m);
void tb_table_eval(const struct tb_table *m, const struct tb_table_in *in,
                   struct tb_table_out *out);
void tb_table_step(struct tb_table *m, const struct tb_table_in *in);
/* Every slot's done, arrivals owed and grid index (the module's last_o,
 * owed_o, ctaids_o). */
void tb_table_eval_slots(const struct tb_table *m,
                         const struct tb_table_in *in,
                         struct tb_table_slots *out);
/* Per slot: valid, the grid index, the warp count and slots, the two
 * counts. */
unsigned long tb_table_state_bits(const struct tb_table_geometry *g);

/* The ports of a cycle without events (read port at slot 0, warp 0). */
void tb_table_idle(struct tb_table_in *in);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_TB_TABLE_H */
