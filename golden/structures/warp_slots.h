/*
 * warp_slots.h -- the SM's table of warp slots: per slot whether it
 * holds a warp of a resident TB, whether that warp's launch into its
 * scheduler's control-flow stage is still to happen, whether it waits at
 * its TB's barrier, its TB slot and its index in the TB, the lanes that
 * hold a thread and the lanes whose thread has not exited.
 *
 * The TB dispatcher (golden/structures/dispatch.h) decides where a TB's
 * warps go and the table of resident TBs (tb_table.h) remembers the TB;
 * this table holds each warp's own status bits, which every stage of the
 * SM reads (GPGPU-Sim keeps the same per warp in shd_warp_t).  The slots
 * are numbered as the SM numbers them (sm_slot_of(), golden/sm/sm.h).
 *
 * Ports (struct warp_slots_in), one cycle:
 *
 *   place          bitset: slots the dispatcher fills, each with
 *                  place_tb[g], place_wid[g] and place_lanes[g]: it
 *                  becomes resident, its launch pending, not at the
 *                  barrier, every lane live
 *   launch         bitset: slots whose launch happens (launch pending
 *                  cleared)
 *   arrive         bitset: slots arriving at their TB's barrier
 *   kill[g]        lanes of slot g whose thread exits (live cleared)
 *   release        bit t: TB slot t's barrier releases: its resident
 *                  warps leave the barrier
 *
 * Outputs: each slot's registers as they are (warp_slots_read()), and
 * retire (struct warp_slots_out): the resident slots whose last live
 * lanes exit in this cycle.  A retiring slot leaves the table at the
 * edge (resident and live cleared; its other fields stay until the next
 * placement, as the registers of a free slot).
 *
 * Cycle protocol: warp_slots_eval() reads the state and the ports;
 * warp_slots_step() is the clock edge: the placements, the launches,
 * the arrivals, the exits and retirements, then the releases, which
 * clear at_barrier only in the slots of the released TB that stay
 * resident.  A composition that reads a placement in the cycle it is
 * made (the C SM: sm_dispatch() in golden/sm/sm_tb.c) steps with the
 * place port alone first, as it does the table of resident TBs.
 *
 * Invariants (formal/warp_slots_props.v proves them on the module): live
 * is a subset of lanes; a slot that is not resident has no live lane; a
 * resident slot has a live lane (it retires in the cycle its last one
 * exits), given that a placement has a lane and no exit in its cycle.
 */
#ifndef SIMTREF_WARP_SLOTS_H
#define SIMTREF_WARP_SLOTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { WARP_SLOTS_MAX = 512 };  /* slots: schedulers x warps each; the
                                 * SM's SM_MAX_WARP_SLOTS (sm.h) */

struct warp_slots_geometry {
    unsigned slots;         /* warp slots of the SM: schedulers *
                               threads_per_scheduler / warp_size */
    unsigned lanes;         /* lanes of a warp: warp_size */
    unsigned tbs;           /* TB slots: max_tbs */
    unsigned tb_warps;      /* warps of a TB at most: max_warps_per_tb */
    /* Widths of the generated module's ports (each at least 1): */
    unsigned tb_w;          /* a TB slot number: clog2(tbs) */
    unsigned wid_w;         /* a warp's index in its TB: clog2(tb_warps) */
};

struct warp_slots_in {
    uint64_t place[WARP_SLOTS_MAX / 64];    /* slots placed */
    unsigned place_tb[WARP_SLOTS_MAX];      /* [g] of a placed slot: its
                                             * TB slot, */
    unsigned place_wid[WARP_SLOTS_MAX];     /* its index in the TB, */
    uint64_t place_lanes[WARP_SLOTS_MAX];   /* its lanes holding a thread */
    uint64_t launch[WARP_SLOTS_MAX / 64];   /* slots launched */
    uint64_t arrive[WARP_SLOTS_MAX / 64];   /* slots arriving at the
                                             * barrier */
    uint64_t kill[WARP_SLOTS_MAX];          /* [g]: lanes exiting */
    uint64_t release;                       /* bit t: TB t releases */
};

struct warp_slots_out {
    uint64_t retire[WARP_SLOTS_MAX / 64];   /* slots whose last live lanes
                                             * exit in this cycle */
};

/* One slot's registers. */
struct warp_slot {
    bool resident;          /* holds a warp of a TB */
    bool launch_pending;    /* its control-flow launch has not happened */
    bool at_barrier;        /* arrived at its TB's barrier */
    unsigned tb;            /* TB slot */
    unsigned wid;           /* warp index within its TB */
    uint64_t lanes;         /* lanes holding a thread of the TB */
    uint64_t live;          /* lanes whose thread has not exited */
};

struct warp_slots {
    struct warp_slots_geometry g;
    struct warp_slot slot[WARP_SLOTS_MAX];  /* per warp slot */
};

void warp_slots_geometry(const struct simt_config *cfg,
                         struct warp_slots_geometry *g);
int warp_slots_check(const struct warp_slots_geometry *g, char *msg,
                     size_t msglen);
int warp_slots_init(struct warp_slots *m, const struct simt_config *cfg,
                    char *msg, size_t msglen);
/* Every slot free. */
void warp_slots_reset(struct warp_slots *m);
void warp_slots_eval(const struct warp_slots *m,
                     const struct warp_slots_in *in,
                     struct warp_slots_out *out);
/* Slot g's bit of warp_slots_out.retire: resident, and its kill takes
 * its last live lanes. */
bool warp_slots_retires(const struct warp_slots *m,
                        const struct warp_slots_in *in, unsigned g);
void warp_slots_step(struct warp_slots *m, const struct warp_slots_in *in);
/* Slot g's registers: the module's outputs for it. */
static inline const struct warp_slot *
warp_slots_read(const struct warp_slots *m, unsigned g)
{
    return &m->slot[g];
}
/* Per slot: three bits, the TB slot, the warp index, lanes and live. */
unsigned long warp_slots_state_bits(const struct warp_slots_geometry *g);

/* The ports of a cycle without events. */
void warp_slots_idle(struct warp_slots_in *in);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_WARP_SLOTS_H */
