/*
 * sm_reconv_harp.h -- the harp mode's state and the functions its files
 * share (golden/sm/sm_reconv_harp*.c); included by them alone.  The mode is
 * described in golden/sm/sm_reconv_harp.c; its files, by hardware:
 *
 *   sm_reconv_harp.c         the tables' state, the read port and the
 *                            cycle's evaluation and edge, the operations
 *   sm_reconv_harp_issue.c   the inputs of the RBT's commit port, the
 *                            Ready-, Waiting-Lookup and the First- and
 *                            Second-Level tables in one cycle (harp_cycle)
 *   sm_reconv_harp_commit.c  the edge's routing of the commit: the RBT's
 *                            pipelined commit registers, the queue of
 *                            warps entering Second-Level, exits, the TB
 *                            barrier
 *   sm_reconv_harp_view.c    what the SM reads of the tables: issue and
 *                            fetch slots, a slot's view, why threads
 *                            wait, and the places and counts of the
 *                            invariant check
 */
#ifndef SIMTREF_SM_RECONV_HARP_H
#define SIMTREF_SM_RECONV_HARP_H

#include "harp_queue.h"
#include "rbt.h"
#include "ready_lookup.h"
#include "sm_reconv_mode.h"
#include "waiting_lookup.h"
#include "warp_tables.h"

#include <string.h>

struct harp_cycle;
struct harp_view;

/* A commit in the RBT's pipeline, waiting for the table's answer. */
struct harp_commit {
    bool valid;                  /* the register holds a commit */
    bool pend;                   /* a group arriving at its RPC (pw) ... */
    bool pend_gone;              /* ... of exited threads */
    struct warp pw;         /* that group */
    struct sm_rc_in x;           /* or an issued warp's update (release and
                                  * mem_pending cleared: read when routed),
                                  * its rpc and lane_pc included: a
                                  * divergence reserves its barrier at the
                                  * one and groups its threads by the
                                  * others */
    struct warp w;               /* ... and its First-Level slot's warp */
    bool frees;                  /* the routing frees the slot */
    uint32_t npc;                /* else the slot's next PC */
};

/* Not hardware: kept for speed.  Answers the model would otherwise
 * compute more than once from the same state.  Each field says when it
 * is dropped; with rc->reference every one is bypassed: recomputed where
 * it is used, and the memo only written. */
struct sm_harp_memo {
    struct harp_cycle *cyc;      /* harp_cycle()'s evaluation of the cycle
                                  * (also the step's scratch) ... */
    struct sm_rc_in cyc_in;      /* ... for this update ... */
    bool cyc_valid;              /* ... set by the eval, dropped by the step
                                  * and the reset; the step uses it only
                                  * for the same update (same_update()) */
    bool still;                  /* the last step had no update, released
                                  * nothing and changed nothing: with no
                                  * update again, only a Waiting-Lookup
                                  * entry completing can move a table;
                                  * rewritten by every step, dropped by the
                                  * reset */
    uint64_t wait_inactive[WARP_TABLES_MAX_SL]; /* harp_waiting()'s answer
                                  * per launch warp ... */
    uint64_t wait_reconv[WARP_TABLES_MAX_SL];
    bool wait_valid;             /* ... dropped by every step that moves
                                  * the tables and by the reset */
    bool done_valid;             /* harp_waiting_done()'s answer (done_found,
                                  * done_slot) for the update's mem_epoch
                                  * and mem_pending: dropped by every step
                                  * that moves the tables, by the reset,
                                  * and stale when either differs */
    bool done_found;
    unsigned done_slot;
    uint64_t done_epoch;
    const uint64_t *done_pending;
    struct harp_view *view;      /* harp_issue_view()'s answer per
                                  * First-Level slot [first_level_entries] */
    uint64_t view_ok[WARP_TABLES_MAX_FL / 64]; /* the slots whose view is
                                  * kept: a step drops the slot it updates
                                  * and the free ones a fill may take; the
                                  * reset drops all */
    uint64_t issuable[WARP_TABLES_MAX_FL / 64]; /* harp_issuable()'s and ... */
    uint64_t occupied[WARP_TABLES_MAX_FL / 64]; /* ... harp_fetchable()'s
                                  * answers: rewritten (harp_keep_issuable()) by
                                  * the reset and every step that moves
                                  * First-Level, pend_valid or hold[] */
};

struct sm_harp {
    struct warp_tables wt;                /* First- and Second-Level */
    struct ready_lookup ready;         /* Ready-Lookup */
    struct waiting_lookup wait;        /* Waiting-Lookup */
    struct rbt rbt;              /* re-convergence barriers */
    struct harp_queue enter;     /* warps entering Second-Level from
                                  * outside, oldest first: a write port per
                                  * source (enum harp_queue_source) */
    bool *enter_wv;              /* the edge's writes into it: per port, ... */
    struct warp *enter_wr;       /* ... valid and the warp (the wires into
                                  * its write ports) */
    unsigned enter_lo, enter_hi; /* not hardware: the ports written on this
                                  * edge lie in [lo, hi) (the others stay
                                  * cleared), so that an edge that writes
                                  * none neither scans nor clears them */
    bool pend_valid;             /* a group at its RPC arrives this cycle */
    struct warp pend;
    bool pend_gone;              /* ... of exited threads: what the
                                  * barrier does not take is dropped */
    struct harp_queue gone;      /* exited threads still members of an RBT
                                  * barrier, one group per barrier PC,
                                  * oldest first: each arrives there, as
                                  * pend, when the commit port is free; a
                                  * write port per RBT entry */
    bool *gone_wv;               /* the edge's writes into it, as enter's */
    struct warp *gone_wr;
    unsigned gone_lo, gone_hi;   /* not hardware: as enter_lo, enter_hi */
    uint64_t exited[WARP_TABLES_MAX_SL]; /* per launch warp: its threads
                                  * that exited (none enters Second-Level
                                  * from a released barrier) */
    uint64_t parked[WARP_TABLES_MAX_SL];  /* per launch warp: threads at simt.bar */
    uint32_t *bar_pc;            /* per thread (launch warp w, lane l at
                                  * w * warp_size + l): the instruction
                                  * index it resumes at when its TB's
                                  * barrier releases, taken from the
                                  * port's lane_pc when its simt.bar
                                  * commits; read only while it is parked.
                                  * Hardware: a pc_bits register per thread
                                  * of the scheduler, since every thread of
                                  * a TB may wait there at once, at simt.bar
                                  * instructions of different PCs */
    unsigned stages;             /* P = rbt_pipeline_stages */
    struct harp_commit hold[RBT_MAX_STAGES - 1]; /* P - 1 registers: hold[0]
                                  * is routed this cycle, hold[P - 2] was
                                  * presented last cycle */
    uint64_t held[WARP_TABLES_MAX_FL / 64]; /* First-Level slots whose
                                  * commit is in hold[] */
    struct sm_harp_memo memo;    /* not hardware: answers kept for speed */
};

/* What the issue stage sees of a First-Level slot (sm_harp_issue_view). */
struct harp_view {
    uint32_t pc;
    uint64_t mask;
    bool one;                    /* one launch warp owns every lane */
    unsigned owner[WARP_MAX_LANES];
};

/* Everything one cycle presents to the three tables. */
struct harp_cycle {
    struct rbt_in ri;
    struct rbt_out ro;
    struct rbt_plan rp;          /* the RBT's plan, for its step */
    struct lookup_in li;
    struct lookup_out lo;
    struct lookup_in wli;        /* the Waiting-Lookup's */
    struct lookup_out wlo;
    struct warp_tables_in wi;
    struct warp_tables_out wo;
    bool wret_done;              /* the wret port offers the Waiting-Lookup's
                                 * completed warp (the entering queue is
                                 * empty), not the queue's head */
    bool diverged;               /* the routed warp diverged */
    bool reserved;               /* ... and reserved a barrier at its RPC */
    bool side_at_rpc;            /* ... and one group's PC is the RPC */
    bool rel_gone;               /* the RBT's released barrier holds only
                                 * exited threads: it is freed, nothing
                                 * enters Second-Level */
    struct warp side;       /* that group */
    struct warp extra[WARP_MAX_LANES]; /* groups beyond the
                                 * Ready-Lookup's two insert ports */
    unsigned n_extra;
    uint32_t ftid[WARP_MAX_LANES]; /* the routed slot's launch warps */
};

/* The commit routed in a cycle: the one whose RBT answer appears in it.
 * With one stage the cycle's own (the group arriving at its RPC, or the
 * update); with more, the oldest pipeline register's. */
struct harp_route {
    bool pend;                   /* a group arriving at its RPC ... */
    const struct warp *pw;  /* ... this one */
    const struct sm_rc_in *x;    /* an issued warp's update, or NULL */
    const struct warp *w;        /* ... and its slot's warp */
};

static inline uint64_t harp_to_hw(const struct sm_reconv *rc, uint32_t pc)
{
    return (uint64_t)(pc - rc->text_lo) >> 2;
}

static inline uint32_t harp_from_hw(const struct sm_reconv *rc, uint64_t hw)
{
    return rc->text_lo + (uint32_t)(hw << 2);
}

static inline void harp_copy_tid(uint32_t *dst, const uint32_t *src,
                                 unsigned lanes)
{
    memcpy(dst, src, lanes * sizeof *dst);
}

/* Whether an update is a branch whose lanes go two (or more) ways. */
static inline bool harp_diverging(const struct sm_rc_in *u)
{
    return u->split && u->taken && u->taken != u->mask;
}

/* The PC the threads of a non-diverged update go to next. */
static inline uint32_t harp_next_pc(const struct sm_rc_in *u)
{
    return u->split && u->taken ? u->tpc : u->npc;
}

/* sm_reconv_harp.c */
void harp_keep_issuable(const struct sm_harp *h, uint64_t issuable[],
                        uint64_t occupied[]);
const struct harp_commit *harp_held_commit(const struct sm_harp *h,
                                           unsigned slot);
bool harp_slot_view(const struct sm_reconv *rc, unsigned sched,
                    unsigned slot, struct warp *w);
bool harp_waiting_done(struct sm_reconv *rc, unsigned sched,
                       const struct sm_rc_in *in, unsigned *slot);
void harp_route_of(const struct sm_harp *h, const struct sm_rc_in *in,
                   const struct warp *now, struct harp_route *r);
uint64_t harp_not_exited(const struct sm_harp *h, uint64_t mask,
                         const uint32_t *tid);

/* sm_reconv_harp_issue.c: the inputs of the three tables for this cycle
 * and their outputs (not const: the Waiting-Lookup's completion is kept
 * in the memo). */
void harp_cycle(struct sm_reconv *rc, unsigned sched,
                const struct sm_rc_in *in, struct harp_cycle *c);

/* sm_reconv_harp_commit.c: the edge after the tables' own steps; the
 * result is whether it changed anything beyond what the tables' inputs
 * show (released: a TB barrier's threads re-entered). */
bool harp_route_commit(struct sm_reconv *rc, unsigned sched,
                       const struct sm_rc_in *in, const struct harp_cycle *c,
                       bool *released);
void harp_present_commit(struct sm_reconv *rc, unsigned sched,
                         const struct sm_rc_in *in,
                         struct harp_commit *next);
void harp_advance_pipeline(struct sm_harp *h, const struct harp_commit *next);

/* sm_reconv_harp_view.c: the operations that read the tables. */
bool harp_can_issue(const struct sm_reconv *rc, unsigned sched,
                    unsigned slot, uint64_t live);
void harp_issuable(const struct sm_reconv *rc, unsigned sched,
                   uint64_t set[]);
void harp_fetchable(const struct sm_reconv *rc, unsigned sched,
                    uint64_t set[]);
bool harp_issue_view(struct sm_reconv *rc, unsigned sched,
                     unsigned slot, uint64_t live, uint32_t *pc,
                     uint64_t *mask, unsigned owner[], bool *one);
unsigned harp_slot_owner(const struct sm_reconv *rc, unsigned sched,
                         unsigned slot);
void harp_waiting(struct sm_reconv *rc, unsigned sched, unsigned w,
                  uint64_t live, const uint8_t *is_rpc, uint64_t *inactive,
                  uint64_t *reconv, uint64_t *barrier);
unsigned harp_issue_slots(const struct sm_reconv *rc);
unsigned harp_second_level(const struct sm_reconv *rc, unsigned sched);
bool harp_all_barrier(const struct sm_reconv *rc, unsigned sched,
                      unsigned warp, uint64_t live);
bool harp_can_launch(const struct sm_reconv *rc, unsigned sched,
                     unsigned warp);
void harp_probe(const struct sm_reconv *rc, unsigned sched,
                const struct sm_rc_in *in, struct sm_rc_probe *p);
void harp_counts(const struct sm_reconv *rc, unsigned sched, unsigned warps,
                 const uint64_t live[], unsigned lanes, unsigned count[]);
void harp_places(const struct sm_reconv *rc, unsigned sched, unsigned warp,
                 uint64_t live, unsigned lanes, unsigned count[],
                 char place[][64]);

#endif /* SIMTREF_SM_RECONV_HARP_H */
