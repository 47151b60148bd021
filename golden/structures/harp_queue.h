/*
 * harp_queue.h -- a queue of warps with many write ports and one read
 * port: the HARP stage's queue of warps entering Second-Level from
 * outside the tables, and its queue of exited threads' arrivals at the
 * RBT barriers they were members of (golden/sm/sm_reconv_harp_commit.c).
 *
 * On one edge the stage may push several warps at once (HARP 4.2: two
 * Ready-Lookup bypasses, a Waiting-Lookup warp, a launch, the groups of a
 * released TB barrier, ...).  Hardware takes them as a queue with a
 * write port per source, in a fixed order of the sources: each valid
 * port's warp is written at tail + the number of valid ports before it
 * (a prefix count), so the warps enter in port order and none is lost
 * while there is room.  A port whose warp holds no thread is not valid.
 *
 * Ports (struct harp_queue_in / harp_queue_out), one cycle:
 *
 *   pop            the head leaves on this edge (before the writes)
 *   wr_valid[p]    write port p pushes wr[p] on this edge
 *   wr[p]          ... this warp (pc, mask, a launch warp per lane)
 *
 *   head_valid     the queue holds a warp: head is its oldest
 *   head           ... with the thread ids of lanes outside its mask 0
 *   count          warps held
 *   err            a pop of the empty queue, or more writes than the
 *                  room left after the pop: the warps that do not fit
 *                  are dropped
 *
 * The queue is a circular buffer in the module (head pointer and count);
 * the model keeps its warps oldest first.  Its sizes are the entering
 * queue's (harp_queue_geometry(), the generated module's defaults); the
 * arrivals' queue is the same module with harp_queue_arrivals_geometry()'s
 * sizes.
 */
#ifndef SIMTREF_HARP_QUEUE_H
#define SIMTREF_HARP_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "model.h"
#include "warp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The entering queue's write ports, in the order their warps are
 * written on one edge (ORDER HARP_QUEUE_ENTER: the generated module's
 * comment names the same sources): each source's first port and how
 * many it has are harp_queue_enter_port()'s. */
enum harp_queue_source {
    HARP_ENTER_READY_BYPASS,    /* the Ready-Lookup's two insert ports'
                                 * groups it could not hold: 2 ports */
    HARP_ENTER_WAIT_DONE,       /* the Waiting-Lookup's completed warp
                                 * Second-Level did not take: 1 */
    HARP_ENTER_WAIT_BYPASS,     /* a warp the full Waiting-Lookup could
                                 * not take: 1 */
    HARP_ENTER_PEND,            /* a group that arrived at its RPC: the
                                 * threads the barrier did not take: 1 */
    HARP_ENTER_EXTRA,           /* a divergence's groups beyond the
                                 * Ready-Lookup's two insert ports and the
                                 * one at the RPC: lanes - 2 */
    HARP_ENTER_LAUNCH,          /* a launched warp: 1 */
    HARP_ENTER_RELEASE,         /* a released TB barrier's threads, one
                                 * warp per PC of each launch warp:
                                 * warps x lanes */
    HARP_ENTER_SOURCES
};

struct harp_queue_geometry {
    unsigned entries;       /* warps the queue holds */
    unsigned ports;         /* write ports */
    unsigned lanes;         /* lanes of a warp: warp_size */
    unsigned warps;         /* launch warps of the scheduler */
    unsigned pc_w;          /* a PC: an instruction index */
    unsigned tw;            /* a lane's thread id without its lane bits
                             * (its launch warp): thread_id_bits -
                             * log2(simd_width), as the warp tables' */
    unsigned cnt_w;         /* a count of 0..entries */
    unsigned ptr_w;         /* an entry's index: clog2(entries), >= 1 */
};

struct harp_queue_in {
    bool pop;
    const bool *wr_valid;   /* [ports] (NULL: no write) */
    const struct warp *wr;  /* [ports] */
};

struct harp_queue_out {
    bool head_valid;
    struct warp head;
    unsigned count;
    bool err;
};

struct harp_queue {
    struct harp_queue_geometry g;
    struct warp *entry;     /* [entries]: the warps held, oldest first
                             * (the module: a circular buffer) */
    unsigned count;         /* warps held */
};

void harp_queue_geometry(const struct simt_config *cfg,
                         struct harp_queue_geometry *g);
/* The queue of exited threads' arrivals: a port per RBT entry (an exit
 * queues a group per barrier that holds some of its threads), room for
 * a group per thread and entry, and one more. */
void harp_queue_arrivals_geometry(const struct simt_config *cfg,
                                  struct harp_queue_geometry *g);
/* The first of source s's entering-queue ports in g, and in *n how many
 * it has. */
unsigned harp_queue_enter_port(const struct harp_queue_geometry *g,
                               enum harp_queue_source s, unsigned *n);
int harp_queue_check(const struct harp_queue_geometry *g, char *msg,
                     size_t msglen);
int harp_queue_init(struct harp_queue *q, const struct simt_config *cfg,
                    char *msg, size_t msglen);
/* harp_queue_init() with the given geometry (the arrivals' queue). */
int harp_queue_init_geometry(struct harp_queue *q,
                             const struct harp_queue_geometry *g,
                             char *msg, size_t msglen);
void harp_queue_free(struct harp_queue *q);
void harp_queue_reset(struct harp_queue *q);
void harp_queue_eval(const struct harp_queue *q,
                     const struct harp_queue_in *in,
                     struct harp_queue_out *out);
void harp_queue_step(struct harp_queue *q, const struct harp_queue_in *in);
unsigned long harp_queue_state_bits(const struct harp_queue_geometry *g);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_HARP_QUEUE_H */
