/*
 * sm_reconv_harp_issue.c -- the harp mode's cycle (golden/sm/sm_reconv_harp.c
 * describes the mode): the inputs one cycle presents to the RBT's commit
 * port, the Ready- and Waiting-Lookup and the First- and Second-Level
 * tables, and their outputs, in the order the hardware decides them (HARP
 * Fig. 7): the commit port's answer (arr_hit, rsv_fail) routes the issued
 * warp; a divergence regroups its threads; Second-Level chooses among
 * the released barrier, the warps entering and the Ready-Lookup's head.
 */
#include <string.h>

#include "sm_reconv_harp.h"

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

/* RBT commit port: the commit presented this cycle (a group arriving at
 * its RPC, a diverged warp's reservation at its branch's RPC, or a warp's
 * threads reaching their next PC), then the table's answer.  fw: the
 * issued slot's warp. */
static void rbt_commit_port(const struct sm_reconv *rc,
                            const struct sm_harp *h,
                            const struct sm_rc_in *in, const struct warp *fw,
                            struct harp_cycle *c)
{
    unsigned L = rc->warp_size;
    bool exec = in->op == SM_RC_EXEC && in->mask != 0;

    if (h->pend_valid) {
        c->ri.cmt_valid = true;
        c->ri.cmt_pc = h->pend.pc;
        c->ri.cmt_mask = h->pend.mask;
        harp_copy_tid(c->ri.cmt_tid, h->pend.tid, L);
    } else if (exec && harp_diverging(in)) {
        if (in->rpc_found) {
            /* a barrier at the re-convergence PC for every thread */
            c->ri.cmt_valid = true;
            c->ri.cmt_diverged = true;
            c->ri.cmt_pc = harp_to_hw(rc, in->rpc);
            c->ri.cmt_mask = in->mask;
            harp_copy_tid(c->ri.cmt_tid, fw->tid, L);
        }
    } else if (exec && !in->bar && !in->exit) {
        c->ri.cmt_valid = true;
        c->ri.cmt_pc = harp_to_hw(rc, harp_next_pc(in));
        c->ri.cmt_mask = in->mask;
        harp_copy_tid(c->ri.cmt_tid, fw->tid, L);
    }
    rbt_eval_planned(&h->rbt, &c->ri, &c->ro, &c->rp);  /* rel_ready 0 */
}

/* The routed commit's divergence: its threads in groups, one per PC they
 * go to (an indirect jump may send them to more than two; a return
 * without a re-convergence PC, to several callers, reserves no barrier):
 * to the Ready-Lookup's two insert ports, the others through the queue
 * of warps entering Second-Level, or, at the RPC, arriving there.  Each
 * thread's PC is the update's lane_pc (with a pipelined RBT, the copy
 * its commit register holds).  w: the routed slot's warp. */
static void divergence_groups(const struct sm_reconv *rc,
                              const struct sm_rc_in *x, const struct warp *w,
                              struct harp_cycle *c)
{
    unsigned L = rc->warp_size;
    bool found = x->rpc_found;
    uint32_t rpc = x->rpc;
    uint64_t left = x->mask;
    unsigned port = 0;

    c->diverged = true;
    c->reserved = found;
    while (left) {
        struct warp g;
        /* the taken lanes' group first, as the ports take them */
        unsigned first = (unsigned)__builtin_ctzll(
            left == x->mask ? x->taken : left);
        uint32_t pc = x->lane_pc[first];
        memset(&g, 0, sizeof g);
        g.pc = harp_to_hw(rc, pc);
        for (uint64_t m = left; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            if (x->lane_pc[l] == pc) {
                g.mask |= 1ull << l;
                g.tid[l] = w->tid[l];
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
            harp_copy_tid(c->li.ins[port].tid, g.tid, L);
            port++;
        } else {
            c->extra[c->n_extra++] = g;
        }
    }
}

/* Waiting-Lookup: the lowest entry none of whose threads waits on memory
 * completes; a warp that issued a global load enters (its threads that
 * reached a barrier went there). */
static void waiting_lookup_ports(struct sm_reconv *rc, unsigned sched,
                                 const struct sm_rc_in *in,
                                 const struct sm_rc_in *x,
                                 const struct warp *w, struct harp_cycle *c)
{
    const struct sm_harp *h = &rc->harp[sched];

    c->wli.done_valid = harp_waiting_done(rc, sched, in, &c->wli.done_slot);
    if (x && x->mem_wait && !c->diverged && !x->bar && !x->exit
        && (w->mask & ~c->ro.arr_hit)) {
        c->wli.ins_valid[0] = true;
        c->wli.ins[0].pc = harp_to_hw(rc, harp_next_pc(x));
        c->wli.ins[0].mask = w->mask & ~c->ro.arr_hit;
        harp_copy_tid(c->wli.ins[0].tid, w->tid, rc->warp_size);
    }
    waiting_lookup_eval_ports(&h->wait, &c->wli, &c->wlo);
}

/* Second-Level's candidates, by priority: the RBT's released barrier
 * (less its exited threads; one of exited threads alone is freed), a
 * warp entering from outside (the queue's head, else the Waiting-Lookup's
 * completed warp), the Ready-Lookup's head. */
static void second_level_candidates(const struct sm_reconv *rc,
                                    const struct sm_harp *h,
                                    struct harp_cycle *c)
{
    unsigned L = rc->warp_size;

    ready_lookup_eval_ports(&h->ready, &c->li, &c->lo);  /* the head, pop 0 */
    c->wi.bar_valid = c->ro.rel_valid;
    c->wi.bar.pc = c->ro.rel_pc;
    c->wi.bar.mask = c->ro.rel_mask;
    harp_copy_tid(c->wi.bar.tid, c->ro.rel_tid, L);
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
    harp_copy_tid(c->wi.lkp.tid, c->lo.head.tid, L);
    if (h->enter.count) {           /* the queue's head_o */
        c->wi.wret_valid = true;
        c->wi.wret.pc = h->enter.entry[0].pc;
        c->wi.wret.mask = h->enter.entry[0].mask;
        harp_copy_tid(c->wi.wret.tid, h->enter.entry[0].tid, L);
    } else if (c->wli.done_valid) {
        /* waiting-to-second in the cycle of the completion (HARP 7.3.2:
         * one cycle per transition); the queue only holds the warp when
         * Second-Level does not take it now */
        c->wret_done = true;
        c->wi.wret_valid = true;
        c->wi.wret = c->wlo.done;
    }
}

/* First-Level's update of the routed slot (freed when its warp diverged,
 * waits at simt.bar, exits or went to the Waiting-Lookup; else its
 * threads not at a barrier at the next PC), the warp tables' answer, and
 * what it decides of the RBT's release and the Ready-Lookup's pop. */
static void first_level_update(const struct sm_reconv *rc,
                               const struct sm_harp *h,
                               const struct sm_rc_in *x, const struct warp *w,
                               struct harp_cycle *c)
{
    if (x) {
        c->wi.upd_valid = true;
        c->wi.upd_slot = x->warp;
        if (c->diverged || x->bar || x->exit || c->wli.ins_valid[0]) {
            c->wi.upd_mask = 0;
        } else {
            c->wi.upd_pc = harp_to_hw(rc, harp_next_pc(x));
            c->wi.upd_mask = w->mask & ~c->ro.arr_hit;
        }
    }
    warp_tables_eval_ports(&h->wt, &c->wi, &c->wo);
    /* the release's readiness, for the step: the RBT's outputs do not
     * depend on it (rel_valid is the entry's completeness), so c->ro
     * stands as evaluated */
    c->ri.rel_ready = c->wo.bar_ready || c->rel_gone;
    c->li.pop = c->wo.lkp_pop;
    if (c->li.pop)      /* else the inputs are those evaluated before */
        ready_lookup_eval_ports(&h->ready, &c->li, &c->lo);
}

void harp_cycle(struct sm_reconv *rc, unsigned sched,
                const struct sm_rc_in *in, struct harp_cycle *c)
{
    const struct sm_harp *h = &rc->harp[sched];
    struct warp now;
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
    if (in->op == SM_RC_EXEC && in->mask != 0) {
        /* the issued slot's warp, read in place when valid: the tables
         * read a thread id only in a lane of its mask, so
         * harp_slot_view()'s zeros elsewhere need not be made */
        if (in->warp < h->wt.g.fl && h->wt.fl_valid[in->warp]) {
            fw = &h->wt.fl[in->warp];
        } else {
            harp_slot_view(rc, sched, in->warp, &now);
            fw = &now;
        }
    }
    harp_route_of(h, in, fw, &r);
    x = r.pend ? NULL : r.x;     /* a group arriving routes no update */
    if (x)
        harp_copy_tid(c->ftid, r.w->tid, rc->warp_size);
    rbt_commit_port(rc, h, in, fw, c);
    if (x && harp_diverging(x))
        divergence_groups(rc, x, r.w, c);
    waiting_lookup_ports(rc, sched, in, x, r.w, c);
    second_level_candidates(rc, h, c);
    first_level_update(rc, h, x, r.w, c);
}
