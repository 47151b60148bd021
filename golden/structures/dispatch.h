/*
 * dispatch.h -- the SM's TB dispatcher: places the thread blocks (TBs) of
 * a grid onto the SM's TB slots and warp slots, up to its occupancy
 * limits.
 *
 * A launch names the grid (TBs), the warps of a TB (its threads over
 * warp_size) and the shared memory each TB holds.  The dispatcher places
 * TBs in grid order (ctaid 0, 1, ...) while all of these hold for the next
 * one: a TB slot is free (max_tbs), enough warp slots are free (the SM's
 * threads_per_scheduler / warp_size per scheduler, times schedulers), and
 * its shared memory fits in shared_kb less what the resident TBs hold.
 * It takes the lowest free TB slot and the lowest free warp slots, and
 * places as many TBs in one cycle as fit.  A TB that does not fit waits,
 * and so do those after it (grid order).
 *
 * Ports (struct dispatch_in / dispatch_out), one cycle:
 *
 *   start          a launch (grid, tb_warps, shared_bytes): the next
 *                  ctaid returns to 0 and every slot is free (the SM
 *                  holds no TB when it starts one)
 *   warp_release   warp slots whose warp retired this cycle (its last
 *                  thread exited): free from the next cycle
 *   tb_release     TB slots whose TB finished this cycle: the slot and
 *                  its shared memory are free from the next cycle
 *   place[k]       the TBs placed this cycle (n_place of them): TB slot,
 *                  ctaid, and the warp slots of its warps in warp order
 *
 * A launch that could never be placed, even on an empty SM, is refused
 * before it starts (dispatch_fits()): no TB or no thread, more warps per
 * TB than max_warps_per_tb or the SM's warp slots, or more shared memory
 * per TB than shared_kb.
 *
 * Cycle protocol: the placements come from the state alone (a release of
 * this cycle shows from the next); dispatch_step() is the clock edge: a
 * start resets and loads the launch, else the placements take their
 * slots, then the releases free theirs.
 *
 * State: the launch's registers, the next ctaid, the TB table (a valid
 * bit per TB slot), a busy bit per warp slot and the shared memory held
 * (dispatch_state_bits()).
 */
#ifndef SIMTREF_DISPATCH_H
#define SIMTREF_DISPATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { DISPATCH_MAX_WARP_SLOTS = 512, DISPATCH_MAX_TB_WARPS = 64,
       DISPATCH_MAX_TBS = CONFIG_MAX_TBS };

struct dispatch_geometry {
    unsigned warp_size;     /* threads per warp */
    unsigned max_tbs;       /* TB slots */
    unsigned warp_slots;    /* threads_per_scheduler / warp_size, times
                               schedulers */
    unsigned max_tb_warps;  /* max_warps_per_tb */
    uint32_t shared_bytes;  /* shared_kb * 1024 */
    unsigned ctaid_w;       /* bits of a ctaid (grid_bits of a launch: 32) */
    /* Widths of the generated module's ports and registers: */
    unsigned tb_w;          /* a TB slot number, clog2(max_tbs), >= 1 */
    unsigned n_w;           /* a count of TBs, 0..max_tbs */
    unsigned slot_w;        /* a count of warp slots, 0..warp_slots */
    unsigned idx_w;         /* a warp's number in its TB, clog2 of the
                               warps a TB can have (max_tb_warps, at most
                               warp_slots), >= 1 */
    unsigned shared_w;      /* shared memory in bytes, 0..shared_bytes */
};

struct dispatch_in {
    bool start;             /* a launch starts (below) */
    unsigned grid;          /* ... its TBs */
    unsigned tb_warps;      /* ... warps per TB */
    uint32_t shared_bytes;  /* ... shared memory per TB */
    uint64_t warp_release[DISPATCH_MAX_WARP_SLOTS / 64]; /* bitset of warp
                               slots freed */
    uint64_t tb_release;    /* bit t: TB slot t freed */
};

/* One placement. */
struct dispatch_place {
    unsigned tb;            /* TB slot */
    unsigned ctaid;         /* its index in the grid */
    unsigned warp[DISPATCH_MAX_TB_WARPS];   /* warp slots, in warp order */
};

struct dispatch_out {
    unsigned n_place;       /* TBs placed this cycle */
    struct dispatch_place place[DISPATCH_MAX_TBS];
};

struct dispatch {
    struct dispatch_geometry g;
    unsigned grid;          /* the launch: TBs */
    unsigned tb_warps;      /* ... warps per TB */
    uint32_t shared_bytes;  /* ... shared memory per TB */
    unsigned next_ctaid;    /* the next TB of the grid to place */
    uint64_t tb_valid;      /* bit t: TB slot t holds a TB */
    uint64_t warp_busy[DISPATCH_MAX_WARP_SLOTS / 64]; /* warp slots held */
    unsigned free_warps;    /* warp slots not held */
    uint32_t shared_used;   /* shared memory the resident TBs hold */
};

void dispatch_geometry(const struct simt_config *cfg,
                       struct dispatch_geometry *g);
int dispatch_check(const struct dispatch_geometry *g, char *msg,
                   size_t msglen);
int dispatch_init(struct dispatch *m, const struct simt_config *cfg,
                  char *msg, size_t msglen);
/* No launch: nothing to place. */
void dispatch_reset(struct dispatch *m);
void dispatch_eval(const struct dispatch *m, const struct dispatch_in *in,
                   struct dispatch_out *out);
void dispatch_step(struct dispatch *m, const struct dispatch_in *in);
unsigned long dispatch_state_bits(const struct dispatch_geometry *g);

/* Why a launch cannot be placed even on an empty SM. */
enum dispatch_fit {
    DISPATCH_FITS,          /* it can */
    DISPATCH_EMPTY,         /* no TB, or no thread per TB */
    DISPATCH_TOO_WIDE,      /* more warps per TB than max_warps_per_tb or
                               the SM's warp slots */
    DISPATCH_TOO_MUCH_SHARED    /* more shared memory per TB than
                               shared_kb */
};

/* The warps of a TB of `block` threads. */
unsigned dispatch_tb_warps(const struct dispatch_geometry *g, unsigned block);
/* Whether a launch of grid TBs of block threads and shared_bytes each
 * can be placed on an empty SM. */
enum dispatch_fit dispatch_fits(const struct dispatch_geometry *g,
                                unsigned grid, unsigned block,
                                uint32_t shared_bytes);

/* Every TB of the launch has been placed. */
static inline bool dispatch_all_placed(const struct dispatch *m)
{
    return m->next_ctaid == m->grid;
}

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_DISPATCH_H */
