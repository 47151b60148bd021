/*
 * sm_reconv_harp.c -- the harp mode (HARP sections 4.1 to 4.3, Fig. 7 and
 * 10): per warp scheduler, the First- and Second-Level warp tables
 * (golden/warp_tables.h), the Ready-Lookup table (golden/lookup.h) and the
 * Re-convergence Barriers table (golden/rbt.h), wired at their ports as
 * tests/test_harp_fig10.c wires them for Fig. 10.
 *
 * A thread is named by its lane and, as HARP's thread id without the lane
 * bits, its launch warp (local to the scheduler).  The issue scheduler and
 * the fetch stage see the First-Level slots as their warps; a slot's warp
 * may hold threads of several launch warps (and TBs).
 *
 * Commit (the cycle of issue; P - 1 cycles later with a pipelined RBT,
 * below):
 *   global load  (a load or atomic of global memory, in->mem_wait) the
 *              warp leaves its First-Level slot for the Waiting-Lookup
 *              (HARP 4.2.1), where it merges with other waiting warps at
 *              the same PC; threads arriving at a barrier of the RBT go
 *              there instead.  An entry completes when none of its threads
 *              waits on global memory any more (in->mem_pending); the
 *              lowest complete entry leaves each cycle and enters
 *              Second-Level on that edge (waiting-to-second, a single
 *              cycle as HARP 7.3.2 counts the transitions), unless a warp
 *              waits in the queue of warps entering from outside or
 *              Second-Level refuses it: then it joins that queue.  A warp
 *              the full table cannot take goes to Second-Level directly.
 *   diverged   (a branch whose lanes go two ways) the warp reserves a
 *              barrier at the branch's re-convergence PC in the RBT; its
 *              First-Level slot is freed and the two thread groups enter
 *              the Ready-Lookup (two insert ports), where they merge with
 *              other groups at the same PC.  A group whose PC is the
 *              re-convergence PC itself (an if without else) is already
 *              there: it arrives at the barrier on the next cycle, when
 *              the RBT's commit port is free (issue waits that cycle).
 *   otherwise  the threads whose next PC is a barrier they are members of
 *              reach it (arr_hit) and leave the warp; the slot keeps the
 *              others at the next PC.
 * Threads that the RBT could not take (rsv_fail: the set was full) are no
 * members and simply run through the re-convergence point: the bypass of
 * HARP 4.2.4.  A Ready-Lookup group that neither merges nor finds a free
 * entry (ins_bypass) goes to Second-Level directly.  Warps enter
 * Second-Level by priority: the RBT's released barrier, then a warp from
 * outside (waiting-to-second: a launched warp, a group that bypassed the
 * Ready-Lookup, a warp released by the TB barrier), then the Ready-Lookup's
 * head; a warp Second-Level cannot take stays where it is (the RBT entry,
 * or this file's queue of warps entering from outside).
 *
 * Pipelined RBT (rbt_pipeline_stages P > 1, HARP 7.3.2): the RBT answers
 * a commit (arr_hit, rsv_fail) P - 1 cycles after it was presented, and
 * every commit is routed on that answer, in order: the routing above
 * happens then, not in the cycle of issue.  Until then the commit waits
 * in P - 1 pipeline registers (struct harp_commit, the oldest routed
 * first) with what the routing needs: the update (next PC, mask,
 * divergence, bar, exit, load) and the warp's threads, or the group
 * arriving at its RPC.  An issued warp keeps its First-Level slot
 * meanwhile (HARP 4.2.2: on commit "the committing warp's status is
 * updated as ready ... so the warp can proceed further", or "the
 * committing warp is invalidated"; Fig. 10 (4): the diverged warp's entry
 * is invalidated on commit): the slot issues nothing, and the fetch
 * stage's read of it forwards the next PC the commit carries (nothing
 * when the commit frees the slot).  Every commit passes the registers,
 * including those that do not search the table (simt.bar, simt.exit, a
 * divergence without an RPC): First-Level has one update port, written
 * in commit order at the end of the pipeline.  The SM counts an exiting
 * warp's threads as gone at issue: its held slot shows no thread.
 *
 * TB barrier: a thread that executes simt.bar leaves its warp and waits;
 * its launch warp arrives at the WPT when all its live threads wait, and
 * on release they re-enter as one warp per PC.  simt.exit removes threads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "ready_lookup.h"
#include "waiting_lookup.h"
#include "program.h"
#include "rbt.h"
#include "sm_reconv.h"
#include "warp_tables.h"

/* A warp outside the tables (entering, or arriving next cycle). */
struct harp_warp {
    uint64_t pc;                 /* instruction index */
    uint64_t mask;
    uint32_t tid[WARP_MAX_LANES];  /* launch warp per lane */
};

/* A commit in the RBT's pipeline, waiting for the table's answer. */
struct harp_commit {
    bool valid;                  /* the register holds a commit */
    bool pend;                   /* a group arriving at its RPC (pw) ... */
    bool pend_gone;              /* ... of exited threads */
    struct harp_warp pw;         /* that group */
    struct sm_rc_in x;           /* or an issued warp's update (release and
                                  * mem_pending cleared: read when routed) */
    struct warp w;               /* ... and its First-Level slot's warp */
    bool frees;                  /* the routing frees the slot */
    uint32_t npc;                /* else the slot's next PC */
};

struct sm_harp {
    struct warp_tables wt;                /* First- and Second-Level */
    struct ready_lookup ready;         /* Ready-Lookup */
    struct waiting_lookup wait;        /* Waiting-Lookup */
    struct rbt rbt;              /* re-convergence barriers */
    struct harp_warp *enter;     /* warps entering from outside, oldest first */
    unsigned n_enter, cap_enter;
    bool pend_valid;             /* a group at its RPC arrives this cycle */
    struct harp_warp pend;
    bool pend_gone;              /* ... of exited threads: what the
                                  * barrier does not take is dropped */
    struct harp_warp *gone;      /* exited threads still members of an RBT
                                  * barrier, one group per barrier PC,
                                  * oldest first: each arrives there, as
                                  * pend, when the commit port is free */
    unsigned n_gone, cap_gone;
    uint64_t exited[WARP_TABLES_MAX_SL]; /* per launch warp: its threads
                                  * that exited (none enters Second-Level
                                  * from a released barrier) */
    uint64_t parked[WARP_TABLES_MAX_SL];  /* per launch warp: threads at simt.bar */
    unsigned stages;             /* P = rbt_pipeline_stages */
    struct harp_commit hold[RBT_MAX_STAGES - 1]; /* P - 1 registers: hold[0]
                                  * is routed this cycle, hold[P - 2] was
                                  * presented last cycle */
    uint64_t held[WARP_TABLES_MAX_FL / 64]; /* First-Level slots whose
                                  * commit is in hold[] */
    /* Not hardware: a memo of the cycle's evaluation of the tables
     * (harp_cycle()), which the evaluation and the step of one cycle
     * would otherwise compute twice from the same update. */
    struct harp_cycle *cyc;      /* the evaluation of the cycle ... */
    struct sm_rc_in cyc_in;      /* ... for this update ... */
    bool cyc_valid;              /* ... until the step or a reset */
    bool still;                  /* the last step had no update, released
                                  * nothing and changed nothing: with no
                                  * update again, only a Waiting-Lookup
                                  * entry completing can move a table */
    /* Not hardware either: sm_harp_waiting()'s answer, kept while no
     * step changes the tables. */
    uint64_t wait_inactive[WARP_TABLES_MAX_SL], wait_reconv[WARP_TABLES_MAX_SL];
    bool wait_valid;
    /* Nor: waiting_done()'s answer, kept while the Waiting-Lookup does
     * not move and the update's mem_epoch is the same. */
    bool done_valid, done_found;
    unsigned done_slot;
    uint64_t done_epoch;
    const uint64_t *done_pending;
    /* Nor: sm_harp_issue_view()'s answer per First-Level slot (view_ok:
     * a bitset of the slots kept), dropped by a step for the slots it can
     * write: the updated one and the free ones a fill takes. */
    struct harp_view *view;      /* [first_level_entries] */
    uint64_t view_ok[WARP_TABLES_MAX_FL / 64];
    /* Nor: sm_harp_issuable()'s answer, a function of First-Level and
     * pend_valid, kept by the reset and the steps that move them. */
    uint64_t issuable[WARP_TABLES_MAX_FL / 64];
    /* Nor: sm_harp_fetchable()'s answer, First-Level's valid bits, kept
     * with issuable. */
    uint64_t occupied[WARP_TABLES_MAX_FL / 64];
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
    struct harp_warp side;       /* that group */
    struct harp_warp extra[WARP_MAX_LANES]; /* groups beyond the
                                 * Ready-Lookup's two insert ports */
    unsigned n_extra;
    uint32_t ftid[WARP_MAX_LANES]; /* the routed slot's launch warps */
};

static uint64_t to_hw(const struct sm_reconv *rc, uint32_t pc)
{
    return (uint64_t)(pc - rc->text_lo) >> 2;
}

static uint32_t from_hw(const struct sm_reconv *rc, uint64_t hw)
{
    return rc->text_lo + (uint32_t)(hw << 2);
}

int sm_harp_init(struct sm_reconv *rc, const struct simt_config *cfg,
                 char *err, size_t errlen)
{
    unsigned lanes_bits = 0;

    while ((1u << lanes_bits) < cfg->simd_width)
        lanes_bits++;
    if (cfg->warp_size != cfg->simd_width) {
        snprintf(err, errlen, "configuration '%s': the harp mode needs "
                 "warp_size = simd_width (HARP 4.2.4), not %u and %u",
                 cfg->name, cfg->warp_size, cfg->simd_width);
        return -1;
    }
    if (cfg->first_level_entries > rc->warps
        || rc->warps > (1u << (cfg->thread_id_bits - lanes_bits))
        || rc->warps > WARP_TABLES_MAX_SL) {
        snprintf(err, errlen, "configuration '%s': the harp mode needs "
                 "first_level_entries (%u) <= warps per scheduler (%u) <= "
                 "2^(thread_id_bits - log2 simd_width)", cfg->name,
                 cfg->first_level_entries, rc->warps);
        return -1;
    }
    rc->harp = calloc(cfg->schedulers, sizeof *rc->harp);
    if (!rc->harp) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (unsigned s = 0; s < cfg->schedulers; s++) {
        struct sm_harp *h = &rc->harp[s];
        if (warp_tables_init(&h->wt, cfg, err, errlen) != 0
            || ready_lookup_init(&h->ready, cfg, err, errlen) != 0
            || waiting_lookup_init(&h->wait, cfg, err, errlen) != 0
            || rbt_init(&h->rbt, cfg, err, errlen) != 0)
            return -1;
        h->stages = h->rbt.g.stages;
        h->cap_enter = rc->warps * cfg->warp_size + 4;
        h->enter = calloc(h->cap_enter, sizeof *h->enter);
        /* a thread exits once and is a member of at most one barrier per
         * RBT entry: a group per (exit, entry) at most */
        h->cap_gone = rc->warps * cfg->warp_size * cfg->rbt_entries + 1;
        h->gone = calloc(h->cap_gone, sizeof *h->gone);
        h->cyc = calloc(1, sizeof *h->cyc);
        h->view = calloc(cfg->first_level_entries, sizeof *h->view);
        if (!h->enter || !h->gone || !h->cyc || !h->view) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    return 0;
}

void sm_harp_free(struct sm_reconv *rc)
{
    if (!rc->harp)
        return;
    for (unsigned s = 0; s < rc->schedulers; s++) {
        free(rc->harp[s].enter);
        free(rc->harp[s].gone);
        free(rc->harp[s].cyc);
        free(rc->harp[s].view);
    }
    free(rc->harp);
    rc->harp = NULL;
}

/* h->issuable and h->occupied after a change of First-Level, pend_valid
 * or the held slots.  issuable: the valid slots whose commit is not in
 * the RBT's pipeline, none while a group at its RPC arrives (the commit
 * port is the RBT's then).  occupied: the valid slots, held ones
 * included (the fetch stage reads a held slot's next PC from its
 * commit). */
static void keep_issuable(struct sm_harp *h)
{
    memset(h->issuable, 0, sizeof h->issuable);
    memset(h->occupied, 0, sizeof h->occupied);
    for (unsigned slot = 0; slot < h->wt.g.fl; slot++)
        if (h->wt.fl_valid[slot]) {
            bitset_add(h->occupied, slot);
            if (!h->pend_valid && !(h->held[slot / 64] >> slot % 64 & 1))
                bitset_add(h->issuable, slot);
        }
}

/* The commit held for First-Level slot `slot`, or NULL. */
static const struct harp_commit *held_commit(const struct sm_harp *h,
                                             unsigned slot)
{
    if (slot >= h->wt.g.fl || !(h->held[slot / 64] >> slot % 64 & 1))
        return NULL;
    for (unsigned k = 0; k + 1 < h->stages; k++)
        if (h->hold[k].valid && !h->hold[k].pend && h->hold[k].x.warp == slot)
            return &h->hold[k];
    return NULL;
}

void sm_harp_reset(struct sm_reconv *rc)
{
    for (unsigned s = 0; s < rc->schedulers; s++) {
        struct sm_harp *h = &rc->harp[s];
        warp_tables_reset(&h->wt);
        ready_lookup_reset(&h->ready);
        waiting_lookup_reset(&h->wait);
        rbt_reset(&h->rbt);
        h->n_enter = 0;
        h->pend_valid = h->pend_gone = false;
        h->n_gone = 0;
        memset(h->hold, 0, sizeof h->hold);
        memset(h->held, 0, sizeof h->held);
        memset(h->parked, 0, sizeof h->parked);
        memset(h->exited, 0, sizeof h->exited);
        h->cyc_valid = false;
        h->still = false;
        h->wait_valid = false;
        h->done_valid = false;
        memset(h->view_ok, 0, sizeof h->view_ok);
        keep_issuable(h);
    }
}

static void copy_tid(uint32_t *dst, const uint32_t *src, unsigned lanes)
{
    memcpy(dst, src, lanes * sizeof *dst);
}

/* The PC thread (launch warp `warp`, lane l) of the scheduler is at. */
static uint32_t thread_pc(const struct sm_reconv *rc, unsigned sched,
                          unsigned warp, unsigned l)
{
    return rc->threads[(warp * rc->schedulers + sched) * rc->warp_size
                       + l].pc;
}

/* First-Level slot `slot` as the tables' outputs show it (fl_valid[slot]
 * and fl[slot] of warp_tables_eval(): an invalid slot reads zero, and so
 * do the thread ids of lanes outside the mask), read off the state alone
 * rather than through a whole warp_tables_out. */
static bool slot_view(const struct sm_reconv *rc, unsigned sched,
                      unsigned slot, struct warp *w)
{
    const struct warp_tables *t = &rc->harp[sched].wt;
    bool valid = slot < t->g.fl && t->fl_valid[slot];
    const struct warp *src = valid ? &t->fl[slot] : NULL;

    w->pc = valid ? src->pc : 0;
    w->mask = valid ? src->mask : 0;
    for (unsigned l = 0; l < t->g.lanes; l++)
        w->tid[l] = (w->mask >> l) & 1 ? src->tid[l] : 0;
    return valid;
}

/* The Waiting-Lookup's entry that completes this cycle: the lowest none
 * of whose threads waits on global memory (in->mem_pending). */
static bool waiting_done(const struct sm_reconv *rc, unsigned sched,
                         const struct sm_rc_in *in, unsigned *slot)
{
    struct sm_harp *h = &rc->harp[sched];
    const struct lookup_table *t = &h->wait.table;
    bool found = false;

    if (h->done_valid && h->done_epoch == in->mem_epoch
        && h->done_pending == in->mem_pending) {
        *slot = h->done_slot;
        return h->done_found;
    }
    for (unsigned e = 0; t->count && e < t->g.entries && in->mem_pending
                         && !found; e++) {
        const struct warp *ww = &t->entry[e].warp;
        uint64_t m = t->entry[e].valid ? ww->mask : 0;
        bool waits = false;

        for (; m && !waits; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            waits = in->mem_pending[ww->tid[l] * rc->schedulers + sched]
                    >> l & 1;
        }
        if (t->entry[e].valid && !waits) {
            *slot = e;
            found = true;
        }
    }
    h->done_valid = true;
    h->done_epoch = in->mem_epoch;
    h->done_pending = in->mem_pending;
    h->done_found = found;
    h->done_slot = found ? *slot : 0;
    return found;
}

/* Whether the cycle finds the tables as the last one left them, with
 * nothing to take: no update, no barrier release, no Waiting-Lookup
 * entry completing.  Then no table moves, and harp_cycle() need not run:
 * its outputs would change nothing (the last step saw the same). */
static bool still_cycle(const struct sm_reconv *rc, unsigned sched,
                        const struct sm_rc_in *in)
{
    const struct sm_harp *h = &rc->harp[sched];
    unsigned slot;

    if (!h->still || in->op != SM_RC_NONE)
        return false;
    for (unsigned w = 0; in->release && w < rc->warps; w++)
        if (in->release[w] && h->parked[w])
            return false;
    return !waiting_done(rc, sched, in, &slot);
}

/* A port's warp, empty.  A table reads a thread id only in a lane of
 * the mask (struct warp), so the ids are left as they were. */
static void no_warp(struct warp *w)
{
    w->pc = 0;
    w->mask = 0;
}

/* Every table input of the cycle, idle: no valid port, no operation. */
static void clear_inputs(struct harp_cycle *c)
{
    c->ri.cmt_valid = c->ri.cmt_diverged = c->ri.rel_ready = false;
    c->ri.cmt_pc = c->ri.cmt_mask = 0;
    for (unsigned q = 0; q < LOOKUP_MAX_PORTS; q++) {
        c->li.ins_valid[q] = c->wli.ins_valid[q] = false;
        no_warp(&c->li.ins[q]);
        no_warp(&c->wli.ins[q]);
    }
    c->li.pop = c->wli.pop = false;
    c->li.done_valid = c->wli.done_valid = false;
    c->li.done_slot = c->wli.done_slot = 0;
    c->wi.upd_valid = c->wi.bar_valid = false;
    c->wi.lkp_valid = c->wi.wret_valid = false;
    c->wi.upd_slot = 0;
    c->wi.upd_pc = c->wi.upd_mask = 0;
    no_warp(&c->wi.bar);
    no_warp(&c->wi.lkp);
    no_warp(&c->wi.wret);
    c->side.pc = c->side.mask = 0;
}

/* Whether an update is a branch whose lanes go two (or more) ways. */
static bool diverging(const struct sm_rc_in *u)
{
    return u->split && u->taken && u->taken != u->mask;
}

/* The PC the threads of a non-diverged update go to next. */
static uint32_t next_pc(const struct sm_rc_in *u)
{
    return u->split && u->taken ? u->tpc : u->npc;
}

/* The commit routed in a cycle: the one whose RBT answer appears in it.
 * With one stage the cycle's own (the group arriving at its RPC, or the
 * update); with more, the oldest pipeline register's. */
struct harp_route {
    bool pend;                   /* a group arriving at its RPC ... */
    const struct harp_warp *pw;  /* ... this one */
    const struct sm_rc_in *x;    /* an issued warp's update, or NULL */
    const struct warp *w;        /* ... and its slot's warp */
};

/* The cycle's routed commit (`now`: the issued slot's warp, read for a
 * one-stage table). */
static void route_of(const struct sm_harp *h, const struct sm_rc_in *in,
                     const struct warp *now, struct harp_route *r)
{
    const struct harp_commit *k = &h->hold[0];

    if (h->stages == 1) {
        r->pend = h->pend_valid;
        r->pw = &h->pend;
        r->x = in->op == SM_RC_EXEC && in->mask != 0 ? in : NULL;
        r->w = now;
    } else {
        r->pend = k->valid && k->pend;
        r->pw = &k->pw;
        r->x = k->valid && !k->pend ? &k->x : NULL;
        r->w = &k->w;
    }
}

/* The inputs of the three tables for this cycle and their outputs. */
static void harp_cycle(const struct sm_reconv *rc, unsigned sched,
                       const struct sm_rc_in *in, struct harp_cycle *c)
{
    const struct sm_harp *h = &rc->harp[sched];
    unsigned L = rc->warp_size;
    struct warp now;
    bool exec = in->op == SM_RC_EXEC && in->mask != 0;
    const struct warp *fw = NULL;
    struct harp_route r;
    const struct sm_rc_in *x;

    /* the inputs start empty; every output is written by its table's
     * eval (the outputs hold whole tables: clearing them each cycle would
     * cost more than all the rest) */
    clear_inputs(c);
    c->diverged = c->reserved = c->side_at_rpc = false;
    c->wret_done = c->rel_gone = false;
    c->n_extra = 0;
    if (exec) {
        /* the issued slot's warp, read in place when valid: the tables
         * read a thread id only in a lane of its mask, so slot_view()'s
         * zeros elsewhere need not be made */
        if (in->warp < h->wt.g.fl && h->wt.fl_valid[in->warp]) {
            fw = &h->wt.fl[in->warp];
        } else {
            slot_view(rc, sched, in->warp, &now);
            fw = &now;
        }
    }
    route_of(h, in, fw, &r);
    x = r.pend ? NULL : r.x;     /* a group arriving routes no update */
    if (x)
        copy_tid(c->ftid, r.w->tid, L);

    /* RBT commit port: the commit presented this cycle */
    if (h->pend_valid) {
        c->ri.cmt_valid = true;
        c->ri.cmt_pc = h->pend.pc;
        c->ri.cmt_mask = h->pend.mask;
        copy_tid(c->ri.cmt_tid, h->pend.tid, L);
    } else if (exec && diverging(in)) {
        bool found;
        uint32_t rpc = sm_reconv_rpc(rc->prog, in->pc, &found);
        if (found) {
            /* a barrier at the re-convergence PC for every thread */
            c->ri.cmt_valid = true;
            c->ri.cmt_diverged = true;
            c->ri.cmt_pc = to_hw(rc, rpc);
            c->ri.cmt_mask = in->mask;
            copy_tid(c->ri.cmt_tid, fw->tid, L);
        }
    } else if (exec && !in->bar && !in->exit) {
        c->ri.cmt_valid = true;
        c->ri.cmt_pc = to_hw(rc, next_pc(in));
        c->ri.cmt_mask = in->mask;
        copy_tid(c->ri.cmt_tid, fw->tid, L);
    }
    rbt_eval_planned(&h->rbt, &c->ri, &c->ro, &c->rp);  /* rel_ready 0 */

    /* the routed commit's divergence */
    if (x && diverging(x)) {
        bool found;
        uint32_t rpc = sm_reconv_rpc(rc->prog, x->pc, &found);
        uint64_t left = x->mask;
        unsigned port = 0;
        c->diverged = true;
        c->reserved = found;
        /* the groups, one per PC the threads go to (an indirect jump may
         * send them to more than two; a return without a re-convergence
         * PC, to several callers, reserves no barrier): to the
         * Ready-Lookup's two ports, the others through the queue of warps
         * entering Second-Level, or, at the RPC, arriving there */
        while (left) {
            struct harp_warp g;
            /* the taken lanes' group first, as the ports take them */
            unsigned first = (unsigned)__builtin_ctzll(
                left == x->mask ? x->taken : left);
            uint32_t pc = thread_pc(rc, sched, r.w->tid[first], first);
            memset(&g, 0, sizeof g);
            g.pc = to_hw(rc, pc);
            for (uint64_t m = left; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                if (thread_pc(rc, sched, r.w->tid[l], l) == pc) {
                    g.mask |= 1ull << l;
                    g.tid[l] = r.w->tid[l];
                }
            }
            left &= ~g.mask;
            if (found && pc == rpc) {
                c->side_at_rpc = true;
                c->side = g;
            } else if (port < 2) {
                c->li.ins_valid[port] = true;
                c->li.ins[port].pc = g.pc;
                c->li.ins[port].mask = g.mask;
                copy_tid(c->li.ins[port].tid, g.tid, L);
                port++;
            } else {
                c->extra[c->n_extra++] = g;
            }
        }
    }

    /* Waiting-Lookup: the lowest entry none of whose threads waits on
     * memory completes; a warp that issued a global load enters */
    c->wli.done_valid = waiting_done(rc, sched, in, &c->wli.done_slot);
    if (x && x->mem_wait && !c->diverged && !x->bar && !x->exit
        && (r.w->mask & ~c->ro.arr_hit)) {
        c->wli.ins_valid[0] = true;
        c->wli.ins[0].pc = to_hw(rc, next_pc(x));
        c->wli.ins[0].mask = r.w->mask & ~c->ro.arr_hit;
        copy_tid(c->wli.ins[0].tid, r.w->tid, L);
    }
    waiting_lookup_eval_ports(&h->wait, &c->wli, &c->wlo);

    /* Second-Level's candidates */
    ready_lookup_eval_ports(&h->ready, &c->li, &c->lo);  /* the head, pop 0 */
    c->wi.bar_valid = c->ro.rel_valid;
    c->wi.bar.pc = c->ro.rel_pc;
    c->wi.bar.mask = c->ro.rel_mask;
    copy_tid(c->wi.bar.tid, c->ro.rel_tid, L);
    for (uint64_t m = c->wi.bar_valid ? c->ro.rel_mask : 0; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (h->exited[c->ro.rel_tid[l]] >> l & 1)
            c->wi.bar.mask &= ~(1ull << l);     /* it exited: not released */
    }
    c->rel_gone = c->wi.bar_valid && c->wi.bar.mask == 0;
    if (c->rel_gone)
        c->wi.bar_valid = false;        /* every member exited: freed */
    c->wi.lkp_valid = c->lo.head_valid;
    c->wi.lkp.pc = c->lo.head.pc;
    c->wi.lkp.mask = c->lo.head.mask;
    copy_tid(c->wi.lkp.tid, c->lo.head.tid, L);
    if (h->n_enter) {
        c->wi.wret_valid = true;
        c->wi.wret.pc = h->enter[0].pc;
        c->wi.wret.mask = h->enter[0].mask;
        copy_tid(c->wi.wret.tid, h->enter[0].tid, L);
    } else if (c->wli.done_valid) {
        /* waiting-to-second in the cycle of the completion (HARP 7.3.2:
         * one cycle per transition); the queue only holds the warp when
         * Second-Level does not take it now */
        c->wret_done = true;
        c->wi.wret_valid = true;
        c->wi.wret = c->wlo.done;
    }

    /* First-Level update of the routed slot */
    if (x) {
        c->wi.upd_valid = true;
        c->wi.upd_slot = x->warp;
        if (c->diverged || x->bar || x->exit || c->wli.ins_valid[0]) {
            c->wi.upd_mask = 0;
        } else {
            c->wi.upd_pc = to_hw(rc, next_pc(x));
            c->wi.upd_mask = r.w->mask & ~c->ro.arr_hit;
        }
    }
    warp_tables_eval_ports(&h->wt, &c->wi, &c->wo);
    /* the release's readiness, for the step: the RBT's outputs do not
     * depend on it (rel_valid is the entry's completeness), so c->ro
     * stands as evaluated above */
    c->ri.rel_ready = c->wo.bar_ready || c->rel_gone;
    c->li.pop = c->wo.lkp_pop;
    if (c->li.pop)      /* else the inputs are those evaluated above */
        ready_lookup_eval_ports(&h->ready, &c->li, &c->lo);
}

void sm_harp_read(const struct sm_reconv *rc, unsigned sched,
                  const struct sm_rc_in *in, struct sm_rc_out *out)
{
    const struct warp_tables *t = &rc->harp[sched].wt;
    unsigned slot = in->rd_warp;

    const struct harp_commit *k = held_commit(&rc->harp[sched], slot);

    /* slot_view()'s PC and mask: the read port shows no thread ids; a
     * slot whose commit is in the RBT's pipeline forwards the next PC it
     * carries, or nothing when the commit frees the slot */
    if (k) {
        out->rd_valid = !k->frees;
        out->rd_pc = k->frees ? 0 : k->npc;
        out->rd_mask = k->frees ? 0 : t->fl[slot].mask;
    } else if (slot < t->g.fl && t->fl_valid[slot]) {
        out->rd_valid = true;
        out->rd_pc = from_hw(rc, t->fl[slot].pc);
        out->rd_mask = t->fl[slot].mask;
    }
}

void sm_harp_eval(const struct sm_reconv *rc, unsigned sched,
                  const struct sm_rc_in *in, struct sm_rc_out *out)
{
    struct sm_harp *h = &rc->harp[sched];
    const struct harp_cycle *c = h->cyc;

    sm_harp_read(rc, sched, in, out);
    if (still_cycle(rc, sched, in))
        return;
    harp_cycle(rc, sched, in, h->cyc);
    h->cyc_in = *in;
    h->cyc_valid = true;
    if (h->pend_valid && in->op == SM_RC_EXEC && in->mask) {
        /* the issuable set holds no slot then (keep_issuable()): an
         * issue would find the commit port taken and lose its update */
        out->err = true;
        snprintf(out->why, sizeof out->why, "scheduler %u issued First-Level "
                 "slot %u while a group arriving at its re-convergence PC "
                 "holds the RBT's commit port", sched, in->warp);
    } else if (c->ro.err || c->lo.err || c->wo.err || c->wlo.err) {
        out->err = true;
        snprintf(out->why, sizeof out->why, "a HARP table of scheduler %u "
                 "refused its inputs (%s%s%s%s)", sched,
                 c->ro.err ? "RBT " : "", c->lo.err ? "Ready-Lookup " : "",
                 c->wlo.err ? "Waiting-Lookup " : "",
                 c->wo.err ? "warp tables" : "");
    }
}

/* The lanes of mask whose thread (launch warp tid[l]) has not exited: an
 * exited thread that arrived at an RBT barrier waits there in no sense. */
static uint64_t not_exited(const struct sm_harp *h, uint64_t mask,
                           const uint32_t *tid)
{
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (h->exited[tid[l]] >> l & 1)
            mask &= ~(1ull << l);
    }
    return mask;
}

static void enter_push(struct sm_harp *h, const struct harp_warp *w)
{
    if (w->mask && h->n_enter < h->cap_enter)
        h->enter[h->n_enter++] = *w;
}

/* The threads of mask (launch warps tid[]) exit: they are recorded, and
 * for each RBT barrier that holds some of them as members not yet
 * arrived, a group of them is queued to arrive there (an exited thread
 * leaves every barrier, which then waits for the live threads only). */
static void exit_threads(struct sm_harp *h, uint64_t mask,
                         const uint32_t *tid, unsigned L)
{
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        h->exited[tid[l]] |= 1ull << l;
    }
    for (unsigned e = 0; e < h->rbt.g.entries; e++) {
        const struct rbt_entry *b = &h->rbt.e[e];
        struct harp_warp g;

        if (!b->valid)
            continue;
        memset(&g, 0, sizeof g);
        g.pc = b->rpc;
        for (uint64_t m = mask & b->member & ~b->reached; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            if (b->tid[l] == tid[l]) {
                g.mask |= 1ull << l;
                g.tid[l] = tid[l];
            }
        }
        if (g.mask && h->n_gone < h->cap_gone)
            h->gone[h->n_gone++] = g;
    }
    (void)L;
}

/* The update fields harp_cycle() reads are those of the memo's
 * evaluation.  mem_pending is compared as a pointer: between the
 * evaluation and the step the SM marks the lanes of the load it issued
 * as pending, and those threads are in the issuing First-Level slot, not
 * in the Waiting-Lookup, whose entries' threads are the only ones
 * harp_cycle() looks up there. */
static bool same_update(const struct sm_rc_in *a, const struct sm_rc_in *b)
{
    return a->op == b->op && a->warp == b->warp && a->pc == b->pc
           && a->mask == b->mask && a->split == b->split
           && a->taken == b->taken && a->tpc == b->tpc && a->npc == b->npc
           && a->bar == b->bar && a->exit == b->exit
           && a->mem_wait == b->mem_wait && a->mem_pending == b->mem_pending;
}

bool sm_harp_step(struct sm_reconv *rc, unsigned sched,
                  const struct sm_rc_in *in)
{
    struct sm_harp *h = &rc->harp[sched];
    unsigned L = rc->warp_size;
    struct harp_cycle *c = h->cyc;
    bool was_pend = h->pend_valid;
    unsigned sl_count = h->wt.count, sl_head = h->wt.head;
    bool changed, released = false, in_flight = false;
    struct harp_route r;
    const struct sm_rc_in *x;
    struct harp_commit next;     /* P > 1: the commit presented now */

    if (still_cycle(rc, sched, in)) {
        h->cyc_valid = false;
        return false;
    }
    if (!h->cyc_valid || !same_update(in, &h->cyc_in))
        harp_cycle(rc, sched, in, c);
    h->cyc_valid = false;
    h->wait_valid = false;
    h->done_valid = false;
    route_of(h, in, NULL, &r);
    x = r.pend ? NULL : r.x;
    for (unsigned k = 0; k + 1 < h->stages; k++)
        in_flight = in_flight || h->hold[k].valid;
    next.valid = false;
    if (h->stages > 1 && was_pend) {
        /* the group arriving at its RPC waits for the table's answer */
        next.valid = next.pend = true;
        next.pend_gone = h->pend_gone;
        next.pw = h->pend;
        h->pend_valid = h->pend_gone = false;
    } else if (h->stages > 1 && in->op == SM_RC_EXEC && in->mask) {
        /* the issued warp waits for it in its slot */
        next.valid = true;
        next.pend = next.pend_gone = false;
        next.x = *in;
        next.x.release = NULL;
        next.x.mem_pending = NULL;
        slot_view(rc, sched, in->warp, &next.w);
        next.frees = diverging(in) || in->bar || in->exit || in->mem_wait;
        next.npc = next_pc(in);
    }
    /* no table takes an input, none releases, no warp waits to enter,
     * no commit is in the RBT's pipeline: only a fill of First-Level from
     * Second-Level could change them */
    changed = in->op != SM_RC_NONE || was_pend || in_flight
              || h->n_enter || c->n_extra
              || c->ri.cmt_valid || c->ro.rel_valid
              || c->li.ins_valid[0] || c->li.ins_valid[1] || c->li.pop
              || c->wli.ins_valid[0] || c->wli.done_valid
              || c->wi.upd_valid || c->wi.bar_valid || c->wi.lkp_valid
              || c->wi.wret_valid;
    if (c->reserved) {          /* rsv_fail answers the routed commit */
        rc->rbt_bypass += (uint64_t)popcount64(c->ro.rsv_fail);
        rc->rbt_misses += c->ro.rsv_fail != 0;
    }
    for (unsigned p = 0; p < 2; p++)
        rc->lookup_bypass += c->li.ins_valid[p] && c->lo.ins_bypass[p];
    if (c->wli.ins_valid[0]) {
        rc->waiting_in += !c->wlo.ins_bypass[0];
        rc->waiting_merged += c->wlo.ins_merged[0];
        rc->waiting_bypass += c->wlo.ins_bypass[0];
    }
    rbt_step_planned(&h->rbt, &c->ri, &c->rp);
    ready_lookup_step(&h->ready, &c->li);
    waiting_lookup_step(&h->wait, &c->wli);
    /* the step writes First-Level at the updated slot and fills a free
     * one: the views of those slots are dropped, the others kept */
    for (unsigned slot = 0; slot < h->wt.g.fl; slot++)
        if (!h->wt.fl_valid[slot]
            || (c->wi.upd_valid && c->wi.upd_slot == slot))
            bitset_remove(h->view_ok, slot);
    warp_tables_step(&h->wt, &c->wi);

    /* the queue of warps entering from outside */
    if (c->wi.wret_valid && c->wo.wret_ready && !c->wret_done) {
        memmove(h->enter, h->enter + 1, (h->n_enter - 1) * sizeof *h->enter);
        h->n_enter--;
    }
    for (unsigned p = 0; p < 2; p++)
        if (c->li.ins_valid[p] && c->lo.ins_bypass[p]) {
            struct harp_warp w;
            w.pc = c->li.ins[p].pc;
            w.mask = c->li.ins[p].mask;
            copy_tid(w.tid, c->li.ins[p].tid, L);
            enter_push(h, &w);
        }
    if (c->wli.done_valid && !(c->wret_done && c->wo.wret_ready)) {
        /* waiting-to-second, through the queue of warps entering */
        struct harp_warp w;
        w.pc = c->wlo.done.pc;
        w.mask = c->wlo.done.mask;
        copy_tid(w.tid, c->wlo.done.tid, L);
        enter_push(h, &w);
    }
    if (c->wli.ins_valid[0] && c->wlo.ins_bypass[0]) {
        struct harp_warp w;
        w.pc = c->wli.ins[0].pc;
        w.mask = c->wli.ins[0].mask;
        copy_tid(w.tid, c->wli.ins[0].tid, L);
        enter_push(h, &w);
    }
    if (r.pend) {
        /* the threads no barrier holds (their reservation failed) go on;
         * exited threads are dropped */
        struct harp_warp w = *r.pw;
        w.mask &= ~c->ro.arr_hit;
        if (!(h->stages == 1 ? h->pend_gone : h->hold[0].pend_gone))
            enter_push(h, &w);
        if (h->stages == 1)
            h->pend_valid = h->pend_gone = false;
    }
    for (unsigned k = 0; k < c->n_extra; k++)
        enter_push(h, &c->extra[k]);
    if (c->diverged && c->side_at_rpc) {
        h->pend = c->side;
        h->pend_valid = true;
    }
    if (x && x->exit)
        exit_threads(h, x->mask, c->ftid, L);
    if (!h->pend_valid && h->n_gone) {
        /* exited threads arrive at a barrier they are members of */
        h->pend = h->gone[0];
        h->pend_valid = h->pend_gone = true;
        memmove(h->gone, h->gone + 1, (h->n_gone - 1) * sizeof *h->gone);
        h->n_gone--;
        changed = true;
    }
    if (in->op == SM_RC_LAUNCH) {
        struct harp_warp w;
        h->exited[in->warp] = 0;
        w.pc = to_hw(rc, in->pc);
        w.mask = in->mask;
        for (unsigned l = 0; l < L; l++)
            w.tid[l] = in->warp;
        enter_push(h, &w);
    }
    if (x && x->bar)
        for (unsigned l = 0; l < L; l++)
            if (x->mask >> l & 1)
                h->parked[c->ftid[l]] |= 1ull << l;
    if (in->release)
        for (unsigned w = 0; w < rc->warps; w++) {
            uint64_t left;
            if (!in->release[w] || !h->parked[w])
                continue;
            left = h->parked[w];
            while (left) {
                /* one warp per PC among the waiting threads */
                struct harp_warp e;
                unsigned first = (unsigned)__builtin_ctzll(left);
                uint32_t pc = rc->threads[(w * rc->schedulers + sched) * L
                                          + first].pc;
                memset(&e, 0, sizeof e);
                e.pc = to_hw(rc, pc);
                for (unsigned l = 0; l < L; l++)
                    if ((left >> l & 1)
                        && rc->threads[(w * rc->schedulers + sched) * L + l].pc
                           == pc) {
                        e.mask |= 1ull << l;
                        e.tid[l] = w;
                    }
                left &= ~e.mask;
                enter_push(h, &e);
            }
            h->parked[w] = 0;
            released = true;
        }
    if (h->stages > 1) {
        /* the registers advance: the routed commit leaves, the presented
         * one enters */
        unsigned n = h->stages - 1;
        memmove(h->hold, h->hold + 1, (n - 1) * sizeof *h->hold);
        h->hold[n - 1] = next;
        memset(h->held, 0, sizeof h->held);
        for (unsigned k = 0; k < n; k++)
            if (h->hold[k].valid && !h->hold[k].pend)
                bitset_add(h->held, h->hold[k].x.warp);
        changed = changed || next.valid;
    }
    changed = changed || h->wt.count != sl_count || h->wt.head != sl_head;
    h->still = !changed && !released;
    keep_issuable(h);
    return changed;
}

bool sm_harp_can_issue(const struct sm_reconv *rc, unsigned sched,
                       unsigned slot)
{
    const struct sm_harp *h = &rc->harp[sched];
    return !h->pend_valid && slot < h->wt.g.fl && h->wt.fl_valid[slot]
           && !held_commit(h, slot);
}

void sm_harp_issuable(const struct sm_reconv *rc, unsigned sched,
                      uint64_t set[])
{
    const struct sm_harp *h = &rc->harp[sched];

    for (unsigned k = 0; k < (h->wt.g.fl + 63) / 64; k++)
        set[k] = h->issuable[k];
}

void sm_harp_fetchable(const struct sm_reconv *rc, unsigned sched,
                       uint64_t set[])
{
    const struct sm_harp *h = &rc->harp[sched];

    for (unsigned k = 0; k < (h->wt.g.fl + 63) / 64; k++)
        set[k] = h->occupied[k];
}

/* Slot `slot`'s view, from slot_view()'s warp read in place. */
static void view_of(const struct sm_reconv *rc, unsigned sched,
                    unsigned slot, struct harp_view *v)
{
    const struct warp_tables *t = &rc->harp[sched].wt;
    const struct warp *w = t->fl_valid[slot] ? &t->fl[slot] : NULL;
    uint64_t m = w ? w->mask : 0;
    unsigned first = m ? w->tid[__builtin_ctzll(m)] : slot;

    v->pc = from_hw(rc, w ? w->pc : 0);
    v->mask = m;
    v->one = true;
    for (unsigned l = 0; l < rc->warp_size; l++) {
        bool in = m >> l & 1;
        v->owner[l] = in ? w->tid[l] : slot;
        v->one = v->one && (!in || v->owner[l] == first);
    }
}

void sm_harp_issue_view(const struct sm_reconv *rc, unsigned sched,
                        unsigned slot, uint32_t *pc, uint64_t *mask,
                        unsigned owner[], bool *one)
{
    struct sm_harp *h = &rc->harp[sched];
    struct harp_view *v = &h->view[slot];

    if (slot >= h->wt.g.fl) {    /* no slot: nothing runs */
        *pc = from_hw(rc, 0);
        *mask = 0;
        *one = true;
        for (unsigned l = 0; l < rc->warp_size; l++)
            owner[l] = slot;
        return;
    }
    if (!(h->view_ok[slot / 64] >> slot % 64 & 1)) {
        view_of(rc, sched, slot, v);
        bitset_add(h->view_ok, slot);
    }
    *pc = v->pc;
    *mask = v->mask;
    *one = v->one;
    memcpy(owner, v->owner, rc->warp_size * sizeof owner[0]);
}

unsigned sm_harp_slot_owner(const struct sm_reconv *rc, unsigned sched,
                            unsigned slot)
{
    const struct sm_harp *h = &rc->harp[sched];

    if (slot < h->wt.g.fl && h->wt.fl_valid[slot] && h->wt.fl[slot].mask)
        return h->wt.fl[slot].tid[__builtin_ctzll(h->wt.fl[slot].mask)];
    return slot;
}

/* out[tid[l]] |= lane l, for each lane l of mask whose launch warp
 * tid[l] is one of the `warps` asked about. */
static void or_lanes(uint64_t mask, const uint32_t *tid, unsigned warps,
                     uint64_t out[])
{
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (tid[l] < warps)
            out[tid[l]] |= 1ull << l;
    }
}

void sm_harp_waiting(const struct sm_reconv *rc, unsigned sched,
                     unsigned warps, const uint64_t **inactive,
                     const uint64_t **reconv, const uint64_t **barrier)
{
    struct sm_harp *h = &rc->harp[sched];

    if (!h->wait_valid) {
        memset(h->wait_inactive, 0, warps * sizeof h->wait_inactive[0]);
        memset(h->wait_reconv, 0, warps * sizeof h->wait_reconv[0]);
        /* the RBT's reached threads wait to re-converge; the Ready-Lookup
         * holds diverged groups not yet scheduled */
        for (unsigned e = 0, n = 0; n < h->rbt.occupancy; e++)
            if (h->rbt.e[e].valid) {
                or_lanes(not_exited(h, h->rbt.e[e].member
                                       & h->rbt.e[e].reached,
                                    h->rbt.e[e].tid),
                         h->rbt.e[e].tid, warps, h->wait_reconv);
                n++;        /* the valid entries are `occupancy` many */
            }
        if (h->pend_valid && !h->pend_gone)
            or_lanes(h->pend.mask, h->pend.tid, warps, h->wait_reconv);
        for (unsigned e = 0; e < h->ready.table.g.entries; e++)
            if (h->ready.table.entry[e].valid)
                or_lanes(h->ready.table.entry[e].warp.mask,
                         h->ready.table.entry[e].warp.tid, warps,
                         h->wait_inactive);
        h->wait_valid = true;
    }
    *inactive = h->wait_inactive;
    *reconv = h->wait_reconv;
    *barrier = h->parked;
}

unsigned sm_harp_issue_slots(const struct sm_reconv *rc)
{
    return rc->harp[0].wt.g.fl;      /* the same in every scheduler */
}

unsigned sm_harp_second_level(const struct sm_reconv *rc, unsigned sched)
{
    return rc->harp[sched].wt.count;
}

bool sm_harp_all_barrier(const struct sm_reconv *rc, unsigned sched,
                         unsigned warp, uint64_t live)
{
    return live && rc->harp[sched].parked[warp] == live;
}

/* A launch warp whose exited threads are still members of an RBT barrier
 * (or on their way to arrive there) keeps its thread ids: its slot takes
 * no new warp until the barrier lets them go. */
bool sm_harp_can_launch(const struct sm_reconv *rc, unsigned sched,
                        unsigned warp)
{
    const struct sm_harp *h = &rc->harp[sched];

    for (unsigned e = 0; e < h->rbt.g.entries; e++)
        for (uint64_t m = h->rbt.e[e].valid ? h->rbt.e[e].member : 0; m;
             m &= m - 1)
            if (h->rbt.e[e].tid[__builtin_ctzll(m)] == warp)
                return false;
    for (unsigned i = 0; i < h->n_gone; i++)
        for (uint64_t m = h->gone[i].mask; m; m &= m - 1)
            if (h->gone[i].tid[__builtin_ctzll(m)] == warp)
                return false;
    for (uint64_t m = h->pend_valid ? h->pend.mask : 0; m; m &= m - 1)
        if (h->pend.tid[__builtin_ctzll(m)] == warp)
            return false;
    /* nor while a commit of its threads (an exit) is in the pipeline */
    for (unsigned k = 0; k + 1 < h->stages; k++) {
        const struct harp_commit *q = &h->hold[k];
        uint64_t m = !q->valid ? 0 : q->pend ? q->pw.mask : q->w.mask;
        for (; m; m &= m - 1)
            if ((q->pend ? q->pw.tid : q->w.tid)[__builtin_ctzll(m)] == warp)
                return false;
    }
    return true;
}

/* Count the places that hold (lane l, launch warp w) in one warp. */
static void count_in(uint64_t mask, const uint32_t *tid, unsigned warp,
                     unsigned lanes, const char *name, unsigned count[],
                     char place[][64])
{
    for (unsigned l = 0; l < lanes; l++)
        if ((mask >> l & 1) && tid[l] == warp) {
            size_t n = strlen(place[l]);
            if (count[l]++ == 0)
                snprintf(place[l], 64, "%s", name);
            else if (n < 60)
                snprintf(place[l] + n, 64 - n, " + %s", name);
        }
}

/* The threads First-Level slot f holds: its mask, but none while its
 * simt.exit is in the RBT's pipeline (they exited at issue). */
static uint64_t slot_threads(const struct sm_harp *h, unsigned f)
{
    const struct harp_commit *k = held_commit(h, f);

    return k && k->x.exit ? h->wt.fl[f].mask & ~k->x.mask
                          : h->wt.fl[f].mask;
}

/* Add one to count[tid[l] * lanes + l] for each lane l of mask. */
static void add_in(uint64_t mask, const uint32_t *tid, unsigned warps,
                   unsigned lanes, unsigned count[])
{
    for (unsigned l = 0; l < lanes; l++)
        if ((mask >> l & 1) && tid[l] < warps)
            count[tid[l] * lanes + l]++;
}

/* One pass over the tables, in the order of sm_harp_places. */
void sm_harp_counts(const struct sm_reconv *rc, unsigned sched,
                    unsigned warps, const uint64_t live[], unsigned lanes,
                    unsigned count[])
{
    const struct sm_harp *h = &rc->harp[sched];

    (void)live;
    for (unsigned f = 0; f < h->wt.g.fl; f++)
        if (h->wt.fl_valid[f])
            add_in(slot_threads(h, f), h->wt.fl[f].tid, warps, lanes, count);
    for (unsigned i = 0; i < h->wt.count; i++) {
        const struct warp *w = warp_tables_sl_warp(&h->wt, i);
        add_in(w->mask, w->tid, warps, lanes, count);
    }
    for (unsigned e = 0; e < h->ready.table.g.entries; e++)
        if (h->ready.table.entry[e].valid)
            add_in(h->ready.table.entry[e].warp.mask,
                   h->ready.table.entry[e].warp.tid, warps, lanes, count);
    for (unsigned e = 0; e < h->wait.table.g.entries; e++)
        if (h->wait.table.entry[e].valid)
            add_in(h->wait.table.entry[e].warp.mask,
                   h->wait.table.entry[e].warp.tid, warps, lanes, count);
    for (unsigned e = 0; e < h->rbt.g.entries; e++)
        if (h->rbt.e[e].valid)
            add_in(not_exited(h, h->rbt.e[e].member & h->rbt.e[e].reached,
                              h->rbt.e[e].tid), h->rbt.e[e].tid,
                   warps, lanes, count);
    for (unsigned i = 0; i < h->n_enter; i++)
        add_in(h->enter[i].mask, h->enter[i].tid, warps, lanes, count);
    if (h->pend_valid && !h->pend_gone)
        add_in(h->pend.mask, h->pend.tid, warps, lanes, count);
    for (unsigned k = 0; k + 1 < h->stages; k++)
        if (h->hold[k].valid && h->hold[k].pend && !h->hold[k].pend_gone)
            add_in(h->hold[k].pw.mask, h->hold[k].pw.tid, warps, lanes,
                   count);
    for (unsigned w = 0; w < warps; w++)
        for (unsigned l = 0; l < lanes; l++)
            count[w * lanes + l] += (unsigned)(h->parked[w] >> l & 1);
}

void sm_harp_places(const struct sm_reconv *rc, unsigned sched,
                    unsigned warp, uint64_t live, unsigned lanes,
                    unsigned count[], char place[][64])
{
    const struct sm_harp *h = &rc->harp[sched];
    char name[48];

    (void)live;
    for (unsigned f = 0; f < h->wt.g.fl; f++)
        if (h->wt.fl_valid[f]) {
            snprintf(name, sizeof name, "First-Level slot %u%s", f,
                     held_commit(h, f) ? " (committing)" : "");
            count_in(slot_threads(h, f), h->wt.fl[f].tid, warp, lanes, name,
                     count, place);
        }
    for (unsigned i = 0; i < h->wt.count; i++) {
        const struct warp *w = warp_tables_sl_warp(&h->wt, i);
        snprintf(name, sizeof name, "Second-Level entry %u", i);
        count_in(w->mask, w->tid, warp, lanes, name, count, place);
    }
    for (unsigned e = 0; e < h->ready.table.g.entries; e++)
        if (h->ready.table.entry[e].valid) {
            snprintf(name, sizeof name, "Ready-Lookup entry %u", e);
            count_in(h->ready.table.entry[e].warp.mask, h->ready.table.entry[e].warp.tid,
                     warp, lanes, name, count, place);
        }
    for (unsigned e = 0; e < h->wait.table.g.entries; e++)
        if (h->wait.table.entry[e].valid) {
            snprintf(name, sizeof name, "Waiting-Lookup entry %u", e);
            count_in(h->wait.table.entry[e].warp.mask,
                     h->wait.table.entry[e].warp.tid, warp, lanes, name,
                     count, place);
        }
    for (unsigned e = 0; e < h->rbt.g.entries; e++)
        if (h->rbt.e[e].valid) {
            snprintf(name, sizeof name, "RBT entry %u (reached)", e);
            count_in(not_exited(h, h->rbt.e[e].member & h->rbt.e[e].reached,
                                h->rbt.e[e].tid),
                     h->rbt.e[e].tid, warp, lanes, name, count, place);
        }
    for (unsigned i = 0; i < h->n_enter; i++)
        count_in(h->enter[i].mask, h->enter[i].tid, warp, lanes,
                 "the entering queue", count, place);
    if (h->pend_valid && !h->pend_gone)
        count_in(h->pend.mask, h->pend.tid, warp, lanes,
                 "arriving at its RPC", count, place);
    for (unsigned k = 0; k + 1 < h->stages; k++)
        if (h->hold[k].valid && h->hold[k].pend && !h->hold[k].pend_gone) {
            snprintf(name, sizeof name, "arriving at its RPC (stage %u)",
                     k + 1);
            count_in(h->hold[k].pw.mask, h->hold[k].pw.tid, warp, lanes,
                     name, count, place);
        }
    {
        uint32_t own[WARP_MAX_LANES];
        for (unsigned l = 0; l < lanes; l++)
            own[l] = warp;
        count_in(h->parked[warp], own, warp, lanes, "the TB barrier", count,
                 place);
    }
}
