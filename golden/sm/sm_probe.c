/*
 * sm_probe.c -- what the stage testbenches read of an SM cycle that sm.c
 * does not keep: a scheduler's front end and the issue check's write
 * ports, recorded from the cycle's wires (sm_cycle.h).  Not hardware.
 */
#include <string.h>

#include "sm_cycle.h"

/* Scheduler s's front end as the testbench of simtref_sm_front reads it
 * (struct sm_front_probe): the record of this cycle, once the fetch has
 * chosen (the stage's update and evaluation, the issuable warps and the
 * head are recorded where they are computed). */
void sm_probe_front(const struct sm *sm, const struct sm_cycle_state *cy,
                    unsigned s, const struct fetch_out *fo)
{
    struct sm_front_probe *p = &sm->front_probe[s];
    const struct sm_exec_outcome *eo = &cy->eo[s];

    p->evaluated = true;
    p->launch = cy->launch[s];
    p->si = cy->si[s];
    p->fi = cy->fi[s];
    p->so = cy->so[s];
    p->exec_valid = cy->exec_valid[s];
    p->exec_warp = cy->exec_warp[s];
    p->op_valid = sm->sch[s].op_valid;
    p->issued = eo->issued;
    p->stale = eo->stale;
    /* (sm_execute() sets control only for what it ran) */
    p->control = (eo->issued || eo->stale) && eo->control;
    p->fetch_err = fo->err;
    p->fetched = cy->fetched[s];
    p->fetch_warp = cy->fetched[s] ? cy->fwarp[s] : 0;
    p->fetch_pc = cy->fetched[s] ? cy->fpc[s] : 0;
    p->fetch_mask = cy->fetched[s] ? cy->fmask[s] : 0;
    for (unsigned w = 0; w < sm->warps_per_sched; w++) {
        const struct warp_slot *wp = sm_warp(sm, sm_slot_of(sm, s, w));
        p->live[w] = wp->resident && !wp->launch_pending ? wp->live : 0;
        p->launch_pending[w] = wp->resident && wp->launch_pending;
        p->lanes[w] = wp->resident ? wp->lanes : 0;
        p->can_launch[w] = sm_reconv_can_launch(&sm->rc, s, w);
        p->all_barrier[w] = sm_reconv_all_barrier(&sm->rc, s, w, wp->live);
        p->tb[w] = wp->resident ? wp->tb : 0;
        p->mem_pending[w] = sm_mem_pending(sm)[sm_slot_of(sm, s, w)];
    }
    p->fill_word = sm->sch[s].fill_word;
    for (unsigned w = 0; w < sm->sch[s].ib.g.warps; w++) {
        struct ibuffer_in in = sm->sch[s].ib_in;
        struct ibuffer_out io;

        in.rd_warp = w;
        ibuffer_eval(&sm->sch[s].ib, &in, &io);
        p->hd_ready[w] = fetch_ready(&sm->sch[s].fetch, w);
        p->hd_valid[w] = io.head_valid;
        p->hd_pc[w] = io.head_pc;
        p->hd_mask[w] = io.head_mask;
        p->hd_word[w] = io.head_word;
    }
}

/* The issue check's parts' write ports at this edge, as the testbench
 * of simtref_sm_issue reads them (struct sm_issue_probe): the
 * scoreboard's reservations and releases (a release's slots point into
 * the table of loads in flight, which the edge changes: copied into
 * rel_slots), the table's sends and dones, the SIMD groups' issues. */
void sm_probe_issue_edge(struct sm *sm, const struct sm_cycle_state *cy)
{
    struct sm_issue_probe *p = sm->issue_probe;

    p->sb = sm->sb_in;
    for (unsigned i = 0; i < p->sb.n_release; i++) {
        for (unsigned l = 0; l < sm->cfg.warp_size; l++)
            p->rel_slots[i][l] = p->sb.release[i].slots[l];
        p->sb.release[i].slots = NULL;
    }
    p->mw = sm->mw_in;
    p->gi = cy->gi;
}
