/*
 * sm_reconv_harp_view.c -- what the SM reads of the harp mode's tables
 * (golden/sm/sm_reconv_harp.c describes the mode): the First-Level slots
 * that may issue and be fetched for, a slot's PC, mask and launch warps
 * (the issue view), why the threads not running wait (HARP Fig. 5 and
 * 14), whether a launch warp may be launched again, and the places and
 * counts of the SM's invariant check (every live thread in exactly one
 * place).
 */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "sm_reconv_harp.h"

bool harp_can_issue(const struct sm_reconv *rc, unsigned sched,
                    unsigned slot, uint64_t live)
{
    (void)live;
    const struct sm_harp *h = &rc->harp[sched];
    return !h->pend_valid && slot < h->wt.g.fl && h->wt.fl_valid[slot]
           && !harp_held_commit(h, slot);
}

/* The First-Level slots that may issue (the memo's, or recomputed). */
void harp_issuable(const struct sm_reconv *rc, unsigned sched,
                   uint64_t set[])
{
    const struct sm_harp *h = &rc->harp[sched];
    uint64_t is[WARP_TABLES_MAX_FL / 64], oc[WARP_TABLES_MAX_FL / 64];
    const uint64_t *from = h->memo.issuable;

    if (rc->reference) {
        harp_keep_issuable(h, is, oc);
        from = is;
    }
    for (unsigned k = 0; k < (h->wt.g.fl + 63) / 64; k++)
        set[k] = from[k];
}

/* The First-Level slots that hold a warp (the memo's, or recomputed). */
void harp_fetchable(const struct sm_reconv *rc, unsigned sched,
                    uint64_t set[])
{
    const struct sm_harp *h = &rc->harp[sched];
    uint64_t is[WARP_TABLES_MAX_FL / 64], oc[WARP_TABLES_MAX_FL / 64];
    const uint64_t *from = h->memo.occupied;

    if (rc->reference) {
        harp_keep_issuable(h, is, oc);
        from = oc;
    }
    for (unsigned k = 0; k < (h->wt.g.fl + 63) / 64; k++)
        set[k] = from[k];
}

/* Slot `slot`'s view, from slot_view()'s warp read in place. */
static void view_of(const struct sm_reconv *rc, unsigned sched,
                    unsigned slot, struct harp_view *v)
{
    const struct warp_tables *t = &rc->harp[sched].wt;
    const struct warp *w = t->fl_valid[slot] ? &t->fl[slot] : NULL;
    uint64_t m = w ? w->mask : 0;
    unsigned first = m ? w->tid[__builtin_ctzll(m)] : slot;

    v->pc = harp_from_hw(rc, w ? w->pc : 0);
    v->mask = m;
    v->one = true;
    for (unsigned l = 0; l < rc->warp_size; l++) {
        bool in = m >> l & 1;
        v->owner[l] = in ? w->tid[l] : slot;
        v->one = v->one && (!in || v->owner[l] == first);
    }
}

bool harp_issue_view(struct sm_reconv *rc, unsigned sched,
                     unsigned slot, uint64_t live, uint32_t *pc,
                     uint64_t *mask, unsigned owner[], bool *one)
{
    struct sm_harp *h = &rc->harp[sched];
    struct harp_view fresh;
    const struct harp_view *v = &fresh;

    (void)live;
    if (slot >= h->wt.g.fl) {    /* no slot: nothing runs */
        *pc = harp_from_hw(rc, 0);
        *mask = 0;
        *one = true;
        for (unsigned l = 0; l < rc->warp_size; l++)
            owner[l] = slot;
        return true;
    }
    if (rc->reference) {
        view_of(rc, sched, slot, &fresh);
    } else {
        if (!(h->memo.view_ok[slot / 64] >> slot % 64 & 1)) {
            view_of(rc, sched, slot, &h->memo.view[slot]);
            bitset_add(h->memo.view_ok, slot);
        }
        v = &h->memo.view[slot];
    }
    *pc = v->pc;
    *mask = v->mask;
    *one = v->one;
    memcpy(owner, v->owner, rc->warp_size * sizeof owner[0]);
    return true;
}

unsigned harp_slot_owner(const struct sm_reconv *rc, unsigned sched,
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

/* Per launch warp, the lanes the tables hold waiting to re-converge
 * (the RBT's reached threads, a group arriving at its RPC) and on a
 * diverged path not yet scheduled (the Ready-Lookup). */
static void sort_waiting(const struct sm_reconv *rc, const struct sm_harp *h,
                         uint64_t inactive[], uint64_t reconv[])
{
    unsigned warps = rc->warps;

    memset(inactive, 0, warps * sizeof inactive[0]);
    memset(reconv, 0, warps * sizeof reconv[0]);
    for (unsigned e = 0, n = 0; n < h->rbt.occupancy; e++)
        if (h->rbt.e[e].valid) {
            or_lanes(harp_not_exited(h, h->rbt.e[e].member
                                        & h->rbt.e[e].reached,
                                     h->rbt.e[e].tid),
                     h->rbt.e[e].tid, warps, reconv);
            n++;        /* the valid entries are `occupancy` many */
        }
    if (h->pend_valid && !h->pend_gone)
        or_lanes(h->pend.mask, h->pend.tid, warps, reconv);
    for (unsigned e = 0; e < h->ready.table.g.entries; e++)
        if (h->ready.table.entry[e].valid)
            or_lanes(h->ready.table.entry[e].warp.mask,
                     h->ready.table.entry[e].warp.tid, warps, inactive);
}

/* Launch warp w's answer: sort_waiting()'s for every warp is kept in the
 * memo until a step moves the tables; the threads at simt.bar wait at the
 * TB barrier. */
void harp_waiting(struct sm_reconv *rc, unsigned sched, unsigned w,
                  uint64_t live, const uint8_t *is_rpc, uint64_t *inactive,
                  uint64_t *reconv, uint64_t *barrier)
{
    struct sm_harp *h = &rc->harp[sched];

    (void)live;
    (void)is_rpc;
    if (rc->reference) {
        uint64_t in[WARP_TABLES_MAX_SL], re[WARP_TABLES_MAX_SL];
        sort_waiting(rc, h, in, re);
        *inactive |= in[w];
        *reconv |= re[w];
    } else {
        if (!h->memo.wait_valid) {
            sort_waiting(rc, h, h->memo.wait_inactive, h->memo.wait_reconv);
            h->memo.wait_valid = true;
        }
        *inactive |= h->memo.wait_inactive[w];
        *reconv |= h->memo.wait_reconv[w];
    }
    *barrier |= h->parked[w];
}

unsigned harp_issue_slots(const struct sm_reconv *rc)
{
    return rc->harp[0].wt.g.fl;      /* the same in every scheduler */
}

unsigned harp_second_level(const struct sm_reconv *rc, unsigned sched)
{
    return rc->harp[sched].wt.count;
}

bool harp_all_barrier(const struct sm_reconv *rc, unsigned sched,
                      unsigned warp, uint64_t live)
{
    return live && rc->harp[sched].parked[warp] == live;
}

/* A launch warp whose exited threads are still members of an RBT barrier
 * (or on their way to arrive there) keeps its thread ids: its slot takes
 * no new warp until the barrier lets them go. */
bool harp_can_launch(const struct sm_reconv *rc, unsigned sched,
                     unsigned warp)
{
    const struct sm_harp *h = &rc->harp[sched];

    for (unsigned e = 0; e < h->rbt.g.entries; e++)
        for (uint64_t m = h->rbt.e[e].valid ? h->rbt.e[e].member : 0; m;
             m &= m - 1)
            if (h->rbt.e[e].tid[__builtin_ctzll(m)] == warp)
                return false;
    for (unsigned i = 0; i < h->gone.count; i++)
        for (uint64_t m = h->gone.entry[i].mask; m; m &= m - 1)
            if (h->gone.entry[i].tid[__builtin_ctzll(m)] == warp)
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

/* The PC the SM's thread (launch warp w, lane l) is at: a debug read of
 * the thread contexts for the invariant check alone, never the stage's. */
static uint32_t thread_pc(const struct sm_reconv *rc, unsigned sched,
                          unsigned w, unsigned l)
{
    return rc->threads[(w * rc->schedulers + sched) * rc->warp_size + l].pc;
}

/* The threads First-Level slot f holds: its mask, but none while its
 * simt.exit is in the RBT's pipeline (they exited at issue), and, while
 * a divergence is, only those whose PC in the commit register (the
 * lane_pc the routing groups them by) is their thread's. */
static uint64_t slot_threads(const struct sm_reconv *rc, unsigned sched,
                             unsigned f)
{
    const struct sm_harp *h = &rc->harp[sched];
    const struct harp_commit *k = harp_held_commit(h, f);
    uint64_t mask = h->wt.fl[f].mask;

    if (k && k->x.exit)
        return mask & ~k->x.mask;
    for (uint64_t m = k && harp_diverging(&k->x) ? k->x.mask : 0; m;
         m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (k->x.lane_pc[l] != thread_pc(rc, sched, h->wt.fl[f].tid[l], l))
            mask &= ~(1ull << l);
    }
    return mask;
}

/* The threads of launch warp w at the TB barrier whose bar_pc register
 * holds their thread's PC (the check minpc makes of its PC registers). */
static uint64_t parked_threads(const struct sm_reconv *rc, unsigned sched,
                               unsigned w)
{
    const struct sm_harp *h = &rc->harp[sched];
    uint64_t mask = h->parked[w];

    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (harp_from_hw(rc, h->bar_pc[w * rc->warp_size + l])
            != thread_pc(rc, sched, w, l))
            mask &= ~(1ull << l);
    }
    return mask;
}

/* Add one to count[tid[l] * lanes + l] for each lane l of mask. */
static void add_in(uint64_t mask, const uint32_t *tid, unsigned warps,
                   unsigned lanes, unsigned count[])
{
    for (unsigned l = 0; l < lanes; l++)
        if ((mask >> l & 1) && tid[l] < warps)
            count[tid[l] * lanes + l]++;
}

/* One pass over the tables, in the order of harp_places. */
void harp_counts(const struct sm_reconv *rc, unsigned sched, unsigned warps,
                 const uint64_t live[], unsigned lanes, unsigned count[])
{
    const struct sm_harp *h = &rc->harp[sched];

    (void)live;
    for (unsigned f = 0; f < h->wt.g.fl; f++)
        if (h->wt.fl_valid[f])
            add_in(slot_threads(rc, sched, f), h->wt.fl[f].tid, warps, lanes,
                   count);
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
            add_in(harp_not_exited(h, h->rbt.e[e].member & h->rbt.e[e].reached,
                              h->rbt.e[e].tid), h->rbt.e[e].tid,
                   warps, lanes, count);
    for (unsigned i = 0; i < h->enter.count; i++)
        add_in(h->enter.entry[i].mask, h->enter.entry[i].tid, warps, lanes,
               count);
    if (h->pend_valid && !h->pend_gone)
        add_in(h->pend.mask, h->pend.tid, warps, lanes, count);
    for (unsigned k = 0; k + 1 < h->stages; k++)
        if (h->hold[k].valid && h->hold[k].pend && !h->hold[k].pend_gone)
            add_in(h->hold[k].pw.mask, h->hold[k].pw.tid, warps, lanes,
                   count);
    for (unsigned w = 0; w < warps; w++) {
        uint64_t p = h->parked[w] ? parked_threads(rc, sched, w) : 0;
        for (unsigned l = 0; l < lanes; l++)
            count[w * lanes + l] += (unsigned)(p >> l & 1);
    }
}

void harp_places(const struct sm_reconv *rc, unsigned sched, unsigned warp,
                 uint64_t live, unsigned lanes, unsigned count[],
                 char place[][64])
{
    const struct sm_harp *h = &rc->harp[sched];
    char name[48];

    (void)live;
    for (unsigned f = 0; f < h->wt.g.fl; f++)
        if (h->wt.fl_valid[f]) {
            snprintf(name, sizeof name, "First-Level slot %u%s", f,
                     harp_held_commit(h, f) ? " (committing)" : "");
            count_in(slot_threads(rc, sched, f), h->wt.fl[f].tid, warp,
                     lanes, name, count, place);
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
            count_in(harp_not_exited(h, h->rbt.e[e].member & h->rbt.e[e].reached,
                                h->rbt.e[e].tid),
                     h->rbt.e[e].tid, warp, lanes, name, count, place);
        }
    for (unsigned i = 0; i < h->enter.count; i++)
        count_in(h->enter.entry[i].mask, h->enter.entry[i].tid, warp, lanes,
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
        count_in(parked_threads(rc, sched, warp), own, warp, lanes,
                 "the TB barrier", count, place);
    }
}

/* A testbench's record of the stage before the edge (struct
 * sm_rc_probe's harp fields): the pending lanes its port reads, and the
 * views the SM reads, each through the operation the SM calls. */
void harp_probe(const struct sm_reconv *rc, unsigned sched,
                const struct sm_rc_in *in, struct sm_rc_probe *p)
{
    const struct sm_harp *h = &rc->harp[sched];
    unsigned L = rc->warp_size, W = rc->warps;

    p->harp = true;
    for (unsigned w = 0; w < W && w < SM_RC_MAX_WARPS; w++) {
        p->mem_pending[w] = in->mem_pending
                            ? in->mem_pending[w * rc->schedulers + sched] : 0;
        p->parked[w] = h->parked[w];
    }
    memset(p->issuable, 0, sizeof p->issuable);
    memset(p->fetchable, 0, sizeof p->fetchable);
    harp_issuable(rc, sched, p->issuable);
    harp_fetchable(rc, sched, p->fetchable);
    p->slots = h->wt.g.fl < SM_RC_MAX_WARPS ? h->wt.g.fl : SM_RC_MAX_WARPS;
    for (unsigned slot = 0; slot < p->slots; slot++) {
        struct warp v;
        harp_slot_view(rc, sched, slot, &v);
        p->slot[slot].pc = (uint32_t)v.pc;
        p->slot[slot].mask = v.mask;
        for (unsigned l = 0; l < L; l++)
            p->slot[slot].tid[l] = v.tid[l];
    }
    p->second_level = harp_second_level(rc, sched);
}
