/*
 * sm_reconv_harp_commit.c -- the harp mode's commit path on the edge
 * (golden/sm/sm_reconv_harp.c describes the mode): the RBT's pipelined
 * commit registers (HARP 7.3.2; P - 1 of them, the oldest routed first),
 * the routing of the commit the RBT answers (the groups of a divergence,
 * a group arriving at its RPC, exited threads leaving their barriers),
 * the queue of warps entering Second-Level from outside, the launch of a
 * warp and the TB barrier.
 *
 * The two queues (golden/structures/harp_queue.h) take all of an edge's
 * warps at once, a write port per source in a fixed order: the edge sets
 * each source's port (enter_write(), gone's per RBT entry) and the
 * queues step last, each valid port's warp written at tail + the valid
 * ports before it.
 */
#include <limits.h>
#include <string.h>

#include "bits.h"
#include "sm_reconv_harp.h"

/* Source s's k-th write port of the entering queue takes w (not valid
 * when w holds no thread). */
static void enter_write(struct sm_harp *h, enum harp_queue_source s,
                        unsigned k, const struct warp *w)
{
    unsigned n, p = harp_queue_enter_port(&h->enter.g, s, &n) + k;

    if (k < n && w->mask) {
        h->enter_wv[p] = true;
        h->enter_wr[p] = *w;
        h->enter_lo = p < h->enter_lo ? p : h->enter_lo;
        h->enter_hi = p + 1 > h->enter_hi ? p + 1 : h->enter_hi;
    }
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
        struct warp g;

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
        if (g.mask) {           /* the arrivals' queue's port e */
            h->gone_wv[e] = true;
            h->gone_wr[e] = g;
            h->gone_lo = e < h->gone_lo ? e : h->gone_lo;
            h->gone_hi = e + 1;
        }
    }
    (void)L;
}

/* P > 1: the commit presented to the RBT's pipeline on this edge, in
 * next (not valid when none): the group arriving at its RPC, or the
 * issued warp with what its routing will need; the issued warp keeps its
 * First-Level slot until then. */
void harp_present_commit(struct sm_reconv *rc, unsigned sched,
                         const struct sm_rc_in *in, struct harp_commit *next)
{
    struct sm_harp *h = &rc->harp[sched];

    next->valid = false;
    if (h->stages > 1 && h->pend_valid) {
        /* the group arriving at its RPC waits for the table's answer */
        next->valid = next->pend = true;
        next->pend_gone = h->pend_gone;
        next->pw = h->pend;
        h->pend_valid = h->pend_gone = false;
    } else if (h->stages > 1 && in->op == SM_RC_EXEC && in->mask) {
        /* the issued warp waits for it in its slot */
        next->valid = true;
        next->pend = next->pend_gone = false;
        next->x = *in;
        next->x.release = NULL;
        next->x.mem_pending = NULL;
        harp_slot_view(rc, sched, in->warp, &next->w);
        next->frees = harp_diverging(in) || in->bar || in->exit
                      || in->mem_wait;
        next->npc = harp_next_pc(in);
    }
}

/* P > 1: the registers advance: the routed commit leaves, the presented
 * one enters. */
void harp_advance_pipeline(struct sm_harp *h, const struct harp_commit *next)
{
    unsigned n = h->stages - 1;

    if (h->stages == 1)
        return;
    memmove(h->hold, h->hold + 1, (n - 1) * sizeof *h->hold);
    h->hold[n - 1] = *next;
    memset(h->held, 0, sizeof h->held);
    for (unsigned k = 0; k < n; k++)
        if (h->hold[k].valid && !h->hold[k].pend)
            bitset_add(h->held, h->hold[k].x.warp);
}

static void write_port_warp(struct sm_harp *h, enum harp_queue_source s,
                            unsigned k, const struct warp *p, unsigned L)
{
    struct warp w;

    w.pc = p->pc;
    w.mask = p->mask;
    harp_copy_tid(w.tid, p->tid, L);
    enter_write(h, s, k, &w);
}

/* The queue of warps entering Second-Level from outside: its head leaves
 * when Second-Level took it; groups the Ready-Lookup could not hold, the
 * Waiting-Lookup's completed warp Second-Level did not take now and a
 * warp the full Waiting-Lookup could not take join it. */
static bool entering_queue(struct sm_harp *h, const struct harp_cycle *c,
                           unsigned L)
{
    for (unsigned p = 0; p < 2; p++)
        if (c->li.ins_valid[p] && c->lo.ins_bypass[p])
            write_port_warp(h, HARP_ENTER_READY_BYPASS, p, &c->li.ins[p], L);
    if (c->wli.done_valid && !(c->wret_done && c->wo.wret_ready))
        write_port_warp(h, HARP_ENTER_WAIT_DONE, 0, &c->wlo.done, L);
    if (c->wli.ins_valid[0] && c->wlo.ins_bypass[0])
        write_port_warp(h, HARP_ENTER_WAIT_BYPASS, 0, &c->wli.ins[0], L);
    return c->wi.wret_valid && c->wo.wret_ready && !c->wret_done;  /* pop */
}

/* The routed commit's groups: a group that arrived at its RPC goes on
 * with the threads no barrier holds (their reservation failed; exited
 * threads are dropped); groups beyond the Ready-Lookup's ports enter; a
 * group at its RPC arrives there next; an exit queues its threads to
 * arrive at the barriers they are members of, and such a group arrives
 * when the commit port is free.  True when that arrival began. */
static bool route_groups(struct sm_harp *h, const struct harp_cycle *c,
                         const struct harp_route *r, const struct sm_rc_in *x,
                         unsigned L, bool *gone_pop)
{
    if (r->pend) {
        struct warp w = *r->pw;
        w.mask &= ~c->ro.arr_hit;
        if (!(h->stages == 1 ? h->pend_gone : h->hold[0].pend_gone))
            enter_write(h, HARP_ENTER_PEND, 0, &w);
        if (h->stages == 1)
            h->pend_valid = h->pend_gone = false;
    }
    for (unsigned k = 0; k < c->n_extra; k++)
        enter_write(h, HARP_ENTER_EXTRA, k, &c->extra[k]);
    if (c->diverged && c->side_at_rpc) {
        h->pend = c->side;
        h->pend_valid = true;
    }
    if (x && x->exit)
        exit_threads(h, x->mask, c->ftid, L);
    if (!h->pend_valid) {
        /* exited threads arrive at a barrier they are members of: the
         * queue's head, or with the queue empty its first write of this
         * edge (which then is not written) */
        if (h->gone.count) {            /* the queue's head_o */
            h->pend = h->gone.entry[0];
            h->pend_valid = h->pend_gone = *gone_pop = true;
            return true;
        }
        for (unsigned e = h->gone_lo; e < h->gone_hi; e++)
            if (h->gone_wv[e]) {
                h->pend = h->gone_wr[e];
                h->gone_wv[e] = false;
                h->pend_valid = h->pend_gone = true;
                return true;
            }
    }
    return false;
}

/* Launch warp w's threads waiting at the TB barrier re-enter, one warp
 * per PC among them (each parked thread's bar_pc register). */
static void release_barrier(const struct sm_reconv *rc, struct sm_harp *h,
                            unsigned w)
{
    unsigned L = rc->warp_size;
    const uint32_t *bpc = &h->bar_pc[w * L];
    uint64_t left = h->parked[w];

    for (unsigned k = 0; left; k++) {
        struct warp e;
        uint32_t pc = bpc[__builtin_ctzll(left)];
        memset(&e, 0, sizeof e);
        e.pc = pc;
        for (uint64_t m = left; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            if (bpc[l] == pc) {
                e.mask |= 1ull << l;
                e.tid[l] = w;
            }
        }
        left &= ~e.mask;
        enter_write(h, HARP_ENTER_RELEASE, w * L + k, &e);
    }
    h->parked[w] = 0;
}

/* A launched warp enters; the threads of a simt.bar wait at the TB
 * barrier; the barriers the WPT releases let theirs re-enter.  True when
 * one did. */
static bool launch_and_barrier(const struct sm_reconv *rc, unsigned sched,
                               const struct sm_rc_in *in,
                               const struct harp_cycle *c,
                               const struct sm_rc_in *x)
{
    struct sm_harp *h = &rc->harp[sched];
    unsigned L = rc->warp_size;
    bool released = false;

    if (in->op == SM_RC_LAUNCH) {
        struct warp w;
        h->exited[in->warp] = 0;
        w.pc = harp_to_hw(rc, in->pc);
        w.mask = in->mask;
        for (unsigned l = 0; l < L; l++)
            w.tid[l] = in->warp;
        enter_write(h, HARP_ENTER_LAUNCH, 0, &w);
    }
    if (x && x->bar)
        for (unsigned l = 0; l < L; l++)
            if (x->mask >> l & 1) {
                /* the thread waits, keeping the PC it resumes at */
                h->parked[c->ftid[l]] |= 1ull << l;
                h->bar_pc[c->ftid[l] * L + l] =
                    (uint32_t)harp_to_hw(rc, x->lane_pc[l]);
            }
    for (unsigned w = 0; in->release && w < rc->warps; w++)
        if (in->release[w] && h->parked[w]) {
            release_barrier(rc, h, w);
            released = true;
        }
    return released;
}

bool harp_route_commit(struct sm_reconv *rc, unsigned sched,
                       const struct sm_rc_in *in, const struct harp_cycle *c,
                       bool *released)
{
    struct sm_harp *h = &rc->harp[sched];
    unsigned L = rc->warp_size;
    struct harp_route r;
    const struct sm_rc_in *x;
    bool changed, gone_pop = false;
    struct harp_queue_in ein, gin;

    h->enter_lo = h->gone_lo = UINT_MAX;   /* no port written yet */
    h->enter_hi = h->gone_hi = 0;
    harp_route_of(h, in, NULL, &r);
    x = r.pend ? NULL : r.x;
    ein.pop = entering_queue(h, c, L);
    changed = route_groups(h, c, &r, x, L, &gone_pop);
    *released = launch_and_barrier(rc, sched, in, c, x);
    /* the queues take the edge's writes, in port order (an edge that
     * neither pops nor writes one leaves it as it is); the ports written
     * are cleared for the next edge */
    ein.wr_valid = h->enter_wv;
    ein.wr = h->enter_wr;
    if (ein.pop || h->enter_lo < h->enter_hi)
        harp_queue_step(&h->enter, &ein);
    gin.pop = gone_pop;
    gin.wr_valid = h->gone_wv;
    gin.wr = h->gone_wr;
    if (gin.pop || h->gone_lo < h->gone_hi)
        harp_queue_step(&h->gone, &gin);
    if (h->enter_lo < h->enter_hi)
        memset(h->enter_wv + h->enter_lo, 0,
               (h->enter_hi - h->enter_lo) * sizeof *h->enter_wv);
    if (h->gone_lo < h->gone_hi)
        memset(h->gone_wv + h->gone_lo, 0,
               (h->gone_hi - h->gone_lo) * sizeof *h->gone_wv);
    return changed;
}
