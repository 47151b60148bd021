/*
 * ibuffer.h -- the data half of one warp scheduler's I-buffers: for each
 * of its W warps the PCs, active masks and instruction words of the
 * instructions fetched (the I-buffer's slots, oldest first), the PCs and
 * masks of the fetches still in flight, and the PC and mask the next
 * fetch reads.
 *
 * The fetch unit (golden/structures/fetch.h) holds the control half: the
 * slots' valid and ready bits, the fetches in flight, the fetch policy.
 * The two are one I-buffer split by what the bits do, and their events
 * are the same: ORDER SLOT, slot k of a warp here is the fetch unit's k,
 * and the fill, issue, flush and fetch of a cycle name the same warps in
 * both.  The SM drives both from one cycle's events (golden/sm/sm.c).
 *
 * Ports (struct ibuffer_in / ibuffer_out), one cycle:
 *
 *   flush          a warp's I-buffer and fetches in flight are dropped
 *                  (a control transfer, a launch): it refills
 *   issue          a warp's oldest slot leaves (its instruction issued)
 *   fill           a warp's oldest fetch in flight lands in the slot
 *                  after its last, with the word the instruction memory
 *                  answered for it (the SM's I-cache answers a fetch in
 *                  the next cycle: the word at that fetch's PC)
 *   fetch          a fetch for a warp is sent with a PC and mask: it
 *                  goes in flight, and the warp's next fetch reads the
 *                  following PC with the same mask
 *   empty          the warps the fetch unit empties for holding no
 *                  instruction stream (fetch_emptied()): as a flush
 *   clear          the warps whose registers are all cleared (not
 *                  refilling): the SM gives a new warp the slot of the
 *                  same index (golden/sm/sm_tb.c, the placement)
 *   rd_warp        the read port: out gives that warp's oldest slot
 *                  (head: PC, mask, word), the next fetch's PC and mask,
 *                  and whether it is refilling after a flush
 *
 * The module has, beside the read port, every warp's head at once (the
 * issue check reads every warp's buffered instruction in a cycle): warp
 * w's is what the read port gives with rd_warp = w.
 *
 * Cycle protocol: ibuffer_eval() answers the read port from the state
 * alone; ibuffer_step() is the clock edge.  A clear goes first; a flush of a warp wins over
 * its other events of the cycle; otherwise the issue leaves before the
 * fill lands and the fetch goes in flight last, so that an I-buffer of S
 * slots takes a fill in the cycle its head issues.  A warp's events apply
 * once per edge, however many ports name it.
 */
#ifndef SIMTREF_IBUFFER_H
#define SIMTREF_IBUFFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { IBUFFER_MAX_WARPS = 256, IBUFFER_MAX_SLOTS = 8 };

struct ibuffer_geometry {
    unsigned warps;         /* W: threads_per_scheduler / warp_size */
    unsigned slots;         /* S = ibuffer_slots: entries per warp, and
                               fetches in flight per warp at most */
    unsigned pc_bits;       /* the configuration's pc_bits, which the
                               model is built for up to 32 */
    unsigned pc_w;          /* bits of a PC as held: 32, the byte address
                               of the text the fetch reads (the SM's fetch
                               PCs are addresses, not the control-flow
                               structures' pc_bits-wide instruction
                               indexes) */
    unsigned warp_size;     /* bits of a mask */
    unsigned cnt_w;         /* bits of a count of 0..S */
    unsigned word_w;        /* bits of an instruction word: 32 (RV32) */
};

struct ibuffer_in {
    bool flush_valid;       /* a flush ... */
    unsigned flush_warp;    /* ... of this warp */
    bool issue_valid;       /* an issue ... */
    unsigned issue_warp;    /* ... from this warp's head */
    bool fill_valid;        /* a fetch returns ... */
    unsigned fill_warp;     /* ... for this warp ... */
    uint32_t fill_word;     /* ... with this instruction word */
    bool fetch_valid;       /* a fetch is sent ... */
    unsigned fetch_warp;    /* ... for this warp ... */
    uint32_t fetch_pc;      /* ... at this PC ... */
    uint64_t fetch_mask;    /* ... with this mask */
    uint64_t empty[IBUFFER_MAX_WARPS / 64]; /* bit w: warp w is emptied */
    uint64_t clear[IBUFFER_MAX_WARPS / 64]; /* bit w: warp w is cleared */
    unsigned rd_warp;       /* the read port's warp */
};

struct ibuffer_out {
    bool head_valid;        /* rd_warp holds a slot ... */
    uint32_t head_pc;       /* ... whose PC is this ... */
    uint64_t head_mask;     /* ... mask ... */
    uint32_t head_word;     /* ... and instruction word (the registers of
                               its oldest slot, whatever they hold when it
                               has none) */
    bool next_valid;        /* rd_warp's next fetch continues its last:
                               it reads ... */
    uint32_t next_pc;       /* ... this PC ... */
    uint64_t next_mask;     /* ... with this mask (the registers, whatever
                               they hold when not next_valid) */
    bool refill;            /* rd_warp's I-buffer was emptied by a flush
                               and nothing has landed since (a control
                               stall) */
};

/* One warp's registers. */
struct ibuffer_warp {
    uint32_t slot_pc[IBUFFER_MAX_SLOTS];    /* the slots' PCs, oldest
                                             * first */
    uint64_t slot_mask[IBUFFER_MAX_SLOTS];  /* ... their masks ... */
    uint32_t slot_word[IBUFFER_MAX_SLOTS];  /* ... and instruction words */
    unsigned slots;         /* slots filled */
    uint32_t fly_pc[IBUFFER_MAX_SLOTS];     /* fetches in flight, oldest
                                             * first */
    uint64_t fly_mask[IBUFFER_MAX_SLOTS];   /* ... and their masks */
    unsigned flying;        /* fetches in flight */
    bool have_next;         /* next_pc/next_mask continue the last fetch */
    bool refill;            /* emptied by a flush, nothing landed since */
    uint32_t next_pc;       /* the PC the next fetch reads */
    uint64_t next_mask;     /* the mask read with it */
};

struct ibuffer {
    struct ibuffer_geometry g;
    struct ibuffer_warp warp[IBUFFER_MAX_WARPS];   /* per warp, W used */
};

void ibuffer_geometry(const struct simt_config *cfg, struct ibuffer_geometry *g);
int ibuffer_check(const struct ibuffer_geometry *g, char *msg, size_t msglen);
int ibuffer_init(struct ibuffer *m, const struct simt_config *cfg,
                 char *msg, size_t msglen);
/* Every warp empty, not refilling, no next PC. */
void ibuffer_reset(struct ibuffer *m);
void ibuffer_eval(const struct ibuffer *m, const struct ibuffer_in *in,
                  struct ibuffer_out *out);
void ibuffer_step(struct ibuffer *m, const struct ibuffer_in *in);
/* Per warp: S slots of a PC (pc_w bits), a mask and a word (word_w), S
 * fetches in flight of a PC and a mask, the two counts, have_next, refill
 * and the next PC and mask. */
unsigned long ibuffer_state_bits(const struct ibuffer_geometry *g);

/* The ports of a cycle without events (rd_warp 0). */
void ibuffer_idle(struct ibuffer_in *in);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_IBUFFER_H */
