/*
 * sm_reconv_harp.c -- the harp mode (HARP sections 4.1 to 4.3, Fig. 7 and
 * 10): per warp scheduler, the First- and Second-Level warp tables
 * (golden/structures/warp_tables.h), the Ready-Lookup table (golden/lookup.h) and the
 * Re-convergence Barriers table (golden/structures/rbt.h), wired at their ports
 * (tests/unit/test_harp_fig10.c runs HARP Fig. 10 on them).  This file holds
 * the tables' state, the read port, the cycle's evaluation and edge and
 * the mode's operations; golden/sm/sm_reconv_harp.h lists the others.
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
 *
 * The stage reads only its port (struct sm_rc_in), as its Verilog would:
 * a branch's re-convergence PC is the update's side-band (rpc_found,
 * rpc), the PCs a divergence sends its threads to are its lane_pc (both
 * carried by the commit registers of a pipelined RBT), and each thread
 * parked at simt.bar keeps the PC it resumes at, from lane_pc, in a
 * register of the stage (struct sm_harp's bar_pc).  The SM's thread
 * contexts (rc->threads) are read by the invariant check alone, which
 * requires those copies to equal the threads' PCs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "sm_reconv_harp.h"


static int harp_init(struct sm_reconv *rc, const struct simt_config *cfg,
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
        struct harp_queue_geometry qg;
        harp_queue_arrivals_geometry(cfg, &qg);
        if (harp_queue_init(&h->enter, cfg, err, errlen) != 0
            || harp_queue_init_geometry(&h->gone, &qg, err, errlen) != 0)
            return -1;
        h->enter_wv = calloc(h->enter.g.ports, sizeof *h->enter_wv);
        h->enter_wr = calloc(h->enter.g.ports, sizeof *h->enter_wr);
        h->gone_wv = calloc(h->gone.g.ports, sizeof *h->gone_wv);
        h->gone_wr = calloc(h->gone.g.ports, sizeof *h->gone_wr);
        h->bar_pc = calloc((size_t)rc->warps * cfg->warp_size,
                           sizeof *h->bar_pc);
        h->memo.cyc = calloc(1, sizeof *h->memo.cyc);
        h->memo.view = calloc(cfg->first_level_entries,
                              sizeof *h->memo.view);
        if (!h->enter_wv || !h->enter_wr || !h->gone_wv || !h->gone_wr
            || !h->bar_pc || !h->memo.cyc
            || !h->memo.view) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    return 0;
}

static void harp_free(struct sm_reconv *rc)
{
    if (!rc->harp)
        return;
    for (unsigned s = 0; s < rc->schedulers; s++) {
        harp_queue_free(&rc->harp[s].enter);
        harp_queue_free(&rc->harp[s].gone);
        free(rc->harp[s].enter_wv);
        free(rc->harp[s].enter_wr);
        free(rc->harp[s].gone_wv);
        free(rc->harp[s].gone_wr);
        free(rc->harp[s].bar_pc);
        free(rc->harp[s].memo.cyc);
        free(rc->harp[s].memo.view);
    }
    free(rc->harp);
    rc->harp = NULL;
}

/* The issuable and fetchable sets after a change of First-Level,
 * pend_valid or the held slots.  issuable: the valid slots whose commit
 * is not in the RBT's pipeline, none while a group at its RPC arrives
 * (the commit port is the RBT's then).  occupied: the valid slots, held
 * ones included (the fetch stage reads a held slot's next PC from its
 * commit). */
void harp_keep_issuable(const struct sm_harp *h, uint64_t issuable[],
                        uint64_t occupied[])
{
    memset(issuable, 0, sizeof h->memo.issuable);
    memset(occupied, 0, sizeof h->memo.occupied);
    for (unsigned slot = 0; slot < h->wt.g.fl; slot++)
        if (h->wt.fl_valid[slot]) {
            bitset_add(occupied, slot);
            if (!h->pend_valid && !(h->held[slot / 64] >> slot % 64 & 1))
                bitset_add(issuable, slot);
        }
}

/* The commit held for First-Level slot `slot`, or NULL. */
const struct harp_commit *harp_held_commit(const struct sm_harp *h,
                                           unsigned slot)
{
    if (slot >= h->wt.g.fl || !(h->held[slot / 64] >> slot % 64 & 1))
        return NULL;
    for (unsigned k = 0; k + 1 < h->stages; k++)
        if (h->hold[k].valid && !h->hold[k].pend && h->hold[k].x.warp == slot)
            return &h->hold[k];
    return NULL;
}

static void harp_reset(struct sm_reconv *rc)
{
    for (unsigned s = 0; s < rc->schedulers; s++) {
        struct sm_harp *h = &rc->harp[s];
        warp_tables_reset(&h->wt);
        ready_lookup_reset(&h->ready);
        waiting_lookup_reset(&h->wait);
        rbt_reset(&h->rbt);
        h->rbt.reference = rc->reference;   /* its memo follows the SM's */
        harp_queue_reset(&h->enter);
        h->pend_valid = h->pend_gone = false;
        harp_queue_reset(&h->gone);
        memset(h->hold, 0, sizeof h->hold);
        memset(h->held, 0, sizeof h->held);
        memset(h->parked, 0, sizeof h->parked);
        memset(h->bar_pc, 0,
               (size_t)rc->warps * rc->warp_size * sizeof *h->bar_pc);
        memset(h->exited, 0, sizeof h->exited);
        h->memo.cyc_valid = false;
        h->memo.still = false;
        h->memo.wait_valid = false;
        h->memo.done_valid = false;
        memset(h->memo.view_ok, 0, sizeof h->memo.view_ok);
        harp_keep_issuable(h, h->memo.issuable, h->memo.occupied);
    }
}

/* First-Level slot `slot` as the tables' outputs show it (fl_valid[slot]
 * and fl[slot] of warp_tables_eval(): an invalid slot reads zero, and so
 * do the thread ids of lanes outside the mask), read off the state alone
 * rather than through a whole warp_tables_out. */
bool harp_slot_view(const struct sm_reconv *rc, unsigned sched,
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
 * of whose threads waits on global memory (in->mem_pending); the memo
 * keeps it while the Waiting-Lookup does not move and the pending lanes
 * are the same. */
bool harp_waiting_done(struct sm_reconv *rc, unsigned sched,
                       const struct sm_rc_in *in, unsigned *slot)
{
    struct sm_harp *h = &rc->harp[sched];
    const struct lookup_table *t = &h->wait.table;
    bool found = false;

    if (!rc->reference && h->memo.done_valid
        && h->memo.done_epoch == in->mem_epoch
        && h->memo.done_pending == in->mem_pending) {
        *slot = h->memo.done_slot;
        return h->memo.done_found;
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
    h->memo.done_valid = true;
    h->memo.done_epoch = in->mem_epoch;
    h->memo.done_pending = in->mem_pending;
    h->memo.done_found = found;
    h->memo.done_slot = found ? *slot : 0;
    return found;
}

/* Whether the cycle finds the tables as the last one left them, with
 * nothing to take: no update, no barrier release, no Waiting-Lookup
 * entry completing.  Then no table moves, and harp_cycle() need not run:
 * its outputs would change nothing (the last step saw the same).  Not
 * hardware (the memo's `still`): never so with rc->reference. */
static bool still_cycle(struct sm_reconv *rc, unsigned sched,
                        const struct sm_rc_in *in)
{
    const struct sm_harp *h = &rc->harp[sched];
    unsigned slot;

    if (rc->reference || !h->memo.still || in->op != SM_RC_NONE)
        return false;
    for (unsigned w = 0; in->release && w < rc->warps; w++)
        if (in->release[w] && h->parked[w])
            return false;
    return !harp_waiting_done(rc, sched, in, &slot);
}


/* The cycle's routed commit (`now`: the issued slot's warp, read for a
 * one-stage table). */
void harp_route_of(const struct sm_harp *h, const struct sm_rc_in *in,
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

static void harp_read(const struct sm_reconv *rc, unsigned sched,
                  const struct sm_rc_in *in, struct sm_rc_out *out)
{
    const struct warp_tables *t = &rc->harp[sched].wt;
    unsigned slot = in->rd_warp;

    const struct harp_commit *k = harp_held_commit(&rc->harp[sched], slot);

    /* slot_view()'s PC and mask: the read port shows no thread ids; a
     * slot whose commit is in the RBT's pipeline forwards the next PC it
     * carries, or nothing when the commit frees the slot */
    if (k) {
        out->rd_valid = !k->frees;
        out->rd_pc = k->frees ? 0 : k->npc;
        out->rd_mask = k->frees ? 0 : t->fl[slot].mask;
    } else if (slot < t->g.fl && t->fl_valid[slot]) {
        out->rd_valid = true;
        out->rd_pc = harp_from_hw(rc, t->fl[slot].pc);
        out->rd_mask = t->fl[slot].mask;
    }
}

/* The read port, and the cycle's evaluation (kept in the memo for the
 * step) for its refusals. */
static void harp_eval(struct sm_reconv *rc, unsigned sched,
                      const struct sm_rc_in *in, struct sm_rc_out *out)
{
    struct sm_harp *h = &rc->harp[sched];
    const struct harp_cycle *c = h->memo.cyc;

    harp_read(rc, sched, in, out);
    if (still_cycle(rc, sched, in))
        return;
    harp_cycle(rc, sched, in, h->memo.cyc);
    h->memo.cyc_in = *in;
    h->memo.cyc_valid = true;
    if (h->pend_valid && in->op == SM_RC_EXEC && in->mask) {
        /* the issuable set holds no slot then (harp_keep_issuable()): an
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
uint64_t harp_not_exited(const struct sm_harp *h, uint64_t mask,
                         const uint32_t *tid)
{
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (h->exited[tid[l]] >> l & 1)
            mask &= ~(1ull << l);
    }
    return mask;
}

/* Whether the lanes of mask have the same lane_pc in a and b. */
static bool same_lane_pcs(const struct sm_rc_in *a, const struct sm_rc_in *b,
                          uint64_t mask)
{
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (a->lane_pc[l] != b->lane_pc[l])
            return false;
    }
    return true;
}

/* The update fields harp_cycle() reads are those of the memo's
 * evaluation (lane_pc only in a divergence, which groups its threads by
 * them).  mem_pending is compared as a pointer: between the
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
           && a->mem_wait == b->mem_wait && a->mem_pending == b->mem_pending
           && a->rpc_found == b->rpc_found && a->rpc == b->rpc
           && (!harp_diverging(a) || same_lane_pcs(a, b, a->mask));
}

/* Whether the cycle moves anything: no table takes an input, none
 * releases, no warp waits to enter, no commit is in the RBT's pipeline:
 * only a fill of First-Level from Second-Level could change them (the
 * step compares Second-Level after it). */
static bool cycle_moves(const struct sm_harp *h, const struct sm_rc_in *in,
                        const struct harp_cycle *c, bool was_pend)
{
    bool in_flight = false;

    for (unsigned k = 0; k + 1 < h->stages; k++)
        in_flight = in_flight || h->hold[k].valid;
    return in->op != SM_RC_NONE || was_pend || in_flight
           || h->enter.count || c->n_extra
           || c->ri.cmt_valid || c->ro.rel_valid
           || c->li.ins_valid[0] || c->li.ins_valid[1] || c->li.pop
           || c->wli.ins_valid[0] || c->wli.done_valid
           || c->wi.upd_valid || c->wi.bar_valid || c->wi.lkp_valid
           || c->wi.wret_valid;
}

/* The statistics of the routed commit: reservations the RBT refused, and
 * groups the Ready- and Waiting-Lookup could not hold. */
static void count_bypasses(struct sm_reconv *rc, const struct harp_cycle *c)
{
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
}

/* The tables' own edges on the cycle's inputs. */
static void step_tables(struct sm_harp *h, struct harp_cycle *c)
{
    rbt_step_planned(&h->rbt, &c->ri, &c->rp);
    ready_lookup_step(&h->ready, &c->li);
    waiting_lookup_step(&h->wait, &c->wli);
    /* the step writes First-Level at the updated slot and fills a free
     * one: the views of those slots are dropped, the others kept */
    for (unsigned slot = 0; slot < h->wt.g.fl; slot++)
        if (!h->wt.fl_valid[slot]
            || (c->wi.upd_valid && c->wi.upd_slot == slot))
            bitset_remove(h->memo.view_ok, slot);
    warp_tables_step(&h->wt, &c->wi);
}

/* The edge: the cycle's evaluation (the eval's, kept, when the update is
 * the same), the commit presented to the RBT's pipeline, the tables'
 * steps, the routing of the commit answered now, the pipeline's advance. */
static bool harp_step(struct sm_reconv *rc, unsigned sched,
                      const struct sm_rc_in *in)
{
    struct sm_harp *h = &rc->harp[sched];
    struct harp_cycle *c = h->memo.cyc;
    bool was_pend = h->pend_valid;
    unsigned sl_count = h->wt.count, sl_head = h->wt.head;
    bool changed, released = false;
    struct harp_commit next;     /* P > 1: the commit presented now */

    if (still_cycle(rc, sched, in)) {
        h->memo.cyc_valid = false;
        return false;
    }
    if (rc->reference || !h->memo.cyc_valid
        || !same_update(in, &h->memo.cyc_in))
        harp_cycle(rc, sched, in, c);
    h->memo.cyc_valid = false;
    h->memo.wait_valid = false;
    h->memo.done_valid = false;
    changed = cycle_moves(h, in, c, was_pend);
    harp_present_commit(rc, sched, in, &next);
    count_bypasses(rc, c);
    step_tables(h, c);
    changed = harp_route_commit(rc, sched, in, c, &released) || changed;
    harp_advance_pipeline(h, &next);
    changed = changed || next.valid
              || h->wt.count != sl_count || h->wt.head != sl_head;
    h->memo.still = !changed && !released;
    harp_keep_issuable(h, h->memo.issuable, h->memo.occupied);
    return changed;
}

const struct sm_reconv_ops sm_reconv_harp_ops = {
    .regroups = true,
    .barrier_by_state = true,
    .init = harp_init,
    .free = harp_free,
    .reset = harp_reset,
    .eval = harp_eval,
    .probe = harp_probe,
    .read = harp_read,
    .step = harp_step,
    .places = harp_places,
    .counts = harp_counts,
    .waiting = harp_waiting,
    .can_issue = harp_can_issue,
    .issuable = harp_issuable,
    .fetchable = harp_fetchable,
    .can_launch = harp_can_launch,
    .issue_view = harp_issue_view,
    .all_barrier = harp_all_barrier,
    .issue_slots = harp_issue_slots,
    .slot_owner = harp_slot_owner,
    .second_level = harp_second_level,
};
