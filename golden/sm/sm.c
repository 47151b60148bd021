/*
 * sm.c -- the SM's cycle (golden/sm/sm.h) as the sequence of its stages:
 * per scheduler the launch choice, the ready vector, the issue grant, the
 * execution (with the control-flow stage's evaluation and the fetch), the
 * send to the LSU or a SIMD group and the barrier arrival; then the WPT's
 * arrivals; at the clock edge each scheduler's step (its policy, fetch
 * unit, control-flow stage and I-buffers) and the shared steps (the WPT,
 * the LSU, the scoreboard, the SIMD groups, the dispatcher, the grid's
 * end).  sm_run() runs the cycles, skipping the quiet ones.  The stages
 * are one file's static functions so that the compiler joins them into
 * sm_cycle() again (spread over the files, a call each, they cost 3 % more
 * host instructions in sm_run() on mergesort under harp).
 */
#include <stdio.h>
#include <string.h>

#include "sm_cycle.h"
#include "sm_report.h"

/* The lowest warp holding a valid instruction not yet ready, neither
 * being flushed nor emptied for not being valid (warp_valid). */
static bool scoreboard_pick(const struct sm *sm, const struct sm_sched *sc,
                            const struct fetch_in *fi, unsigned *warp)
{
    unsigned W = sc->fetch.g.warps, w;
    uint64_t set[FETCH_MAX_WARPS / 64];
    const uint64_t *unready = sc->memo.unready;

    if (sm->reference) {        /* the memo recomputed: every warp asked */
        memset(set, 0, sizeof set);
        for (w = 0; w < W; w++)
            if (fetch_unready(&sc->fetch, w))
                bitset_add(set, w);
        unready = set;
    }
    w = bitset_next(unready, W, 0);
    while (w < W && ((fi->flush_valid && w == fi->flush_warp)
                     || !(fi->warp_valid[w / 64] >> w % 64 & 1)))
        w = bitset_next(unready, W, w + 1);
    *warp = w;
    return w < W;
}

/* After the fetch model's edge: the unready bits of the warps its events
 * named (only their slots changed). */
static void keep_unready(struct sm_sched *sc, const struct fetch_in *fi)
{
    const bool valid[4] = { fi->fill_valid, fi->issue_valid, fi->rdy_valid,
                            fi->flush_valid };
    const unsigned warp[4] = { fi->fill_warp, fi->issue_warp, fi->rdy_warp,
                               fi->flush_warp };

    for (unsigned k = 0; k < 4; k++) {
        if (!valid[k] || warp[k] >= sc->fetch.g.warps)
            continue;
        if (fetch_unready(&sc->fetch, warp[k]))
            bitset_add(sc->memo.unready, warp[k]);
        else
            bitset_remove(sc->memo.unready, warp[k]);
    }
}

/* The I-buffer data's ports of the edge (golden/structures/ibuffer.h):
 * the events the fetch unit's inputs name, the fetch sent for fetch_warp
 * (or -1), and the warps the fetch unit empties for not being valid
 * (emptied: fetch_emptied() before its edge), which it drops as a flush
 * (their unready bits cleared here). */
static void ibuffer_edge(struct sm_sched *sc, const struct fetch_in *fi,
                         int fetch_warp, uint32_t fpc, uint64_t fmask,
                         const uint64_t emptied[])
{
    struct ibuffer_in *in = &sc->ib_in;
    bool any = fi->flush_valid || fi->issue_valid || fi->fill_valid
               || fetch_warp >= 0;

    in->flush_valid = fi->flush_valid;
    in->flush_warp = fi->flush_warp;
    in->issue_valid = fi->issue_valid;
    in->issue_warp = fi->issue_warp;
    in->fill_valid = fi->fill_valid;
    in->fill_warp = fi->fill_warp;
    in->fill_word = sc->fill_word;
    in->fetch_valid = fetch_warp >= 0;
    in->fetch_warp = fetch_warp >= 0 ? (unsigned)fetch_warp : 0;
    in->fetch_pc = fpc;
    in->fetch_mask = fmask;
    for (unsigned k = 0; k < (sc->fetch.g.warps + 63) / 64; k++) {
        in->empty[k] = emptied[k];
        any |= emptied[k] != 0;
        for (uint64_t m = emptied[k]; m; m &= m - 1)
            bitset_remove(sc->memo.unready,
                          k * 64 + (unsigned)__builtin_ctzll(m));
    }
    if (any)                    /* else the edge changes nothing */
        ibuffer_step(&sc->ib, in);
}

/* The control-flow stage's port holds a warp's lanes and (a probe) a
 * scheduler's warps. */
_Static_assert((unsigned)SM_RC_MAX_LANES >= (unsigned)SM_MAX_LANES,
               "a lane of sm_rc_in per lane");
_Static_assert((unsigned)SM_RC_MAX_WARPS >= (unsigned)SCHEDULER_MAX_WARPS,
               "a bit of sm_rc_probe.step_release per warp");

/* The cycle's start: dispatch places TBs, the SIMD groups and the WPT
 * give their outputs without this cycle's issues and arrivals. */
static void cycle_begin(struct sm *sm, struct sm_cycle_state *cy)
{
    const struct simt_config *c = &sm->cfg;

    cy->now = sm->st.cycles;
    cy->issue_slots = sm_mode_issue_slots(sm);
    cy->regroups = sm_mode_regroups(sm);
    cy->any_arrival = cy->any_release = cy->any_exit = false;
    cy->simd_issued = false;
    cy->before = sm->st;
    sm->lsu_taken = false;
    cy->placed = sm_dispatch(sm);
    if (sm->launch_probe)   /* the warp slots the cycle reads */
        memcpy(sm->launch_probe->ws, sm->ws.slot,
               sm->warp_slots * sizeof sm->ws.slot[0]);
    cy->launches_pending = sm_launches_pending_of(sm);
    cy->quiet = cy->placed == 0 && !sm->reference;
    cy->gi.now = cy->now;
    for (unsigned s = 0; s < c->schedulers; s++)
        cy->gi.issue[s].valid = false;
    simd_group_eval(&sm->simd, &cy->gi, &cy->go);
    memset(&cy->wi, 0, sizeof cy->wi);
    cy->wi.tb_warps = sm->tb_warps;
    if (!sm->memo.wpt_idle_valid || sm->reference) {
        /* ranks: a function of the state */
        wpt_eval(&sm->wpt, &cy->wi, &sm->memo.wpt_idle);
        sm->memo.wpt_idle_valid = true;
        sm->memo.wpt_idle_release = false;
        for (unsigned t = 0; t < c->max_tbs; t++)
            sm->memo.wpt_idle_release |= sm->memo.wpt_idle.release[t];
    }
    cy->wo = &sm->memo.wpt_idle;
}

/* Scheduler s's launch choice: the first warp whose launch is pending
 * and that the control-flow stage can take; the ports cleared. */
static void launch_choice(struct sm *sm, struct sm_cycle_state *cy,
                          unsigned s)
{
    unsigned W = sm->warps_per_sched;
    struct scheduler_in *si = &cy->si[s];
    int launch = -1;

    /* the scheduler reads warp_tb of ready warps only */
    memset(si->ready, false, W * sizeof si->ready[0]);
    if (sm->reference)      /* every port defined: it is evaluated */
        memset(si, 0, sizeof *si);
    memset(&cy->fi[s], 0, sizeof cy->fi[s]);
    memset(&cy->ri[s], 0, sizeof cy->ri[s]);
    cy->eo[s].issued = cy->eo[s].stale = cy->eo[s].barrier = false;
    cy->eo[s].exits = 0;        /* sm_execute() sets the rest */
    cy->fetched[s] = cy->exited[s] = false;
    cy->arrive[s] = -1;
    cy->exec_valid[s] = false;     /* ready_vector() or execute_granted() */
    cy->exec_warp[s] = 0;
    /* (a warp in the operand-read stage takes the control-flow stage's
     * port when it executes) */
    for (unsigned w = 0; cy->launches_pending && launch < 0
                         && !sm->sch[s].op_valid
                         && w < sm->warps_per_sched; w++)
        if (sm_warp(sm, sm_slot_of(sm, s, w))->launch_pending
            && sm_reconv_can_launch(&sm->rc, s, w))
            launch = (int)w;
    cy->launch[s] = launch;
    if (sm->front_probe) {  /* a warp not resident is not issuable */
        memset(sm->front_probe[s].issuable, false,
               sizeof sm->front_probe[s].issuable);
        /* harp: a slot the issue check does not look at has no hazard */
        memset(sm->front_probe[s].no_hazard, true,
               sizeof sm->front_probe[s].no_hazard);
    }
}

/* Under operand_read_cycles = 1, what scheduler s's operand-read stage's
 * warp does: it executes now if its instruction may issue, waits on its
 * hazard (stall wy), or is dropped when it is no longer issuable
 * (issuable: its base and buffered; under harp its slot changed under
 * it). */
static void operand_stage_warp(struct sm_cycle_state *cy, unsigned s,
                               bool issuable, enum sm_hazard hz,
                               enum sm_stall wy)
{
    cy->exec_valid[s] = issuable && hz == SM_HAZARD_NONE;
    cy->op_drop[s] = !issuable;
    cy->exec_why[s] = wy;
}

/* Scheduler s's ready vector: each warp's hazards and stall, the warps
 * its fetch unit may fetch for, the long waits TLS reads; under
 * operand_read_cycles = 1 what the operand-read stage's warp does.  A
 * grant then executes in the next cycle: its check asks the scoreboard
 * about that cycle (a result due then is read then: the dependent
 * instructions' spacing is the latency, as without the stage) and the
 * LSU whether it can accept, not whether its port is free now. */
static void ready_vector(struct sm *sm, struct sm_cycle_state *cy,
                         unsigned s)
{
    unsigned W = sm->warps_per_sched;
    struct sm_sched *sc = &sm->sch[s];
    struct scheduler_in *si = &cy->si[s];
    struct fetch_in *fi = &cy->fi[s];
    int launch = cy->launch[s];
    uint64_t now = cy->now;
    uint64_t issuable[SCHEDULER_MAX_WARPS / 64];  /* slots (harp) */
    unsigned n_issuable = cy->regroups ? cy->issue_slots : 0;
    uint64_t resident_set[SCHEDULER_MAX_WARPS / 64];  /* sm_resident_of() */
    const uint64_t *resident;
    unsigned ahead = sm->cfg.operand_read_cycles;  /* grants execute in
                                        * the next cycle */
    bool lsu_free = lsu_can_accept(&sm->lsu);
    bool lsu_now = lsu_free && !sm->lsu_taken;  /* its port, this cycle */

    cy->group_ok[s] = cy->go.accept[s];
    cy->op_drop[s] = sc->op_valid;  /* unless found issuable below */
    if (sm->issue_probe) {  /* the LSU's port as this scheduler finds it */
        sm->issue_probe->evaluated = true;
        sm->issue_probe->group_ok[s] = cy->group_ok[s];
        sm->issue_probe->lsu_taken[s] = sm->lsu_taken;
        sm->issue_probe->lsu_ready = lsu_can_accept(&sm->lsu);
        sm->issue_probe->op_valid[s] = sc->op_valid;
        sm->issue_probe->op_warp[s] = sc->op_valid ? sc->op_warp : 0;
    }
    cy->why[s] = launch >= 0 ? SM_STALL_CONTROL : SM_STALLS;
    /* a warp not looked at below is no warp (not ready, a long wait
     * for TLS, no stall) or a harp slot beyond First-Level (the same:
     * it cannot issue) */
    memset(si->long_wait, true, W * sizeof si->long_wait[0]);
    cy->any_ready[s] = false;
    memset(cy->data_hz[s], false, W * sizeof cy->data_hz[s][0]);
    /* the warps the fetch unit may fetch for: under harp the
     * First-Level slots holding a warp, else (below) the resident,
     * launched warps with a live thread */
    if (cy->regroups) {
        sm_reconv_issuable(&sm->rc, s, issuable);
        sm_reconv_fetchable(&sm->rc, s, fi->warp_valid);
        for (unsigned w = 0; sm->front_probe && w < W; w++)
            sm->front_probe[s].check_live[w]    /* each owner's lanes */
                = sm_warp(sm, sm_slot_of(sm, s, w))->live;
    }
    for (unsigned w = bitset_next(issuable, n_issuable, 0);
         w < n_issuable; w = bitset_next(issuable, n_issuable, w + 1)) {
        /* the scheduler's warps are the mode's slots */
        enum sm_hazard hz = SM_HAZARD_NONE;
        bool buffered = fetch_ready(&sc->fetch, w);
        bool held = sc->op_valid && w == sc->op_warp;
        enum sm_stall wy;

        if (buffered)
            hz = sm_issue_hazard(sm, s, w, now, !held && ahead,
                                 cy->group_ok[s],
                                 held || !ahead ? lsu_now : lsu_free);
        cy->data_hz[s][w] = hz == SM_HAZARD_DATA;
        si->ready[w] = launch < 0 && !held && buffered
                       && hz == SM_HAZARD_NONE;
        if (sm->issue_probe) {  /* base: the slot is issuable */
            sm->issue_probe->base[s][w] = true;
            sm->issue_probe->buffered[s][w] = buffered;
            sm->issue_probe->hazard[s][w] = hz;
            sm->issue_probe->issuable[s][w] = hz == SM_HAZARD_NONE;
        }
        if (sm->front_probe)
            sm->front_probe[s].no_hazard[w] = hz == SM_HAZARD_NONE;
        cy->any_ready[s] |= si->ready[w];
        if (si->ready[w])     /* the only warps whose TB it reads */
            si->warp_tb[w] = sm_warp(sm, sm_slot_of(sm, s,
                sm_reconv_slot_owner(&sm->rc, s, w)))->tb;
        si->long_wait[w] = false;
        /* an empty slot is no warp: the tables' threads are seen
         * below, by their launch warps */
        wy = sm_ready_stall(buffered, sm_ibuffer_read(sc, w).refill, hz);
        cy->why[s] = wy < cy->why[s] ? wy : cy->why[s];
        if (held)
            operand_stage_warp(cy, s, buffered, hz, wy);
    }
    resident = sm_resident_of(sm, s, resident_set);
    for (unsigned w = bitset_next(resident, W, 0);
         !cy->regroups && w < W; w = bitset_next(resident, W, w + 1)) {
        const struct warp_slot *wp = sm_warp(sm, sm_slot_of(sm, s, w));
        enum sm_hazard hz = SM_HAZARD_NONE;
        bool buffered = fetch_ready(&sc->fetch, w);
        bool base = !wp->launch_pending && !wp->at_barrier
                    && sm_reconv_can_issue(&sm->rc, s, w, wp->live);
        bool held = sc->op_valid && w == sc->op_warp;
        enum sm_stall wy;

        if (!wp->launch_pending && wp->live)
            bitset_add(fi->warp_valid, w);

        if (base && buffered)
            hz = sm_issue_hazard(sm, s, w, now, !held && ahead,
                                 cy->group_ok[s],
                                 held || !ahead ? lsu_now : lsu_free);
        cy->data_hz[s][w] = hz == SM_HAZARD_DATA;
        si->ready[w] = launch < 0 && !held && base && buffered
                       && hz == SM_HAZARD_NONE;
        if (sm->front_probe) {
            sm->front_probe[s].issuable[w] = base && hz == SM_HAZARD_NONE;
            sm->front_probe[s].base[w] = base;
            sm->front_probe[s].asked[w] = !wp->launch_pending
                                          && !wp->at_barrier;
            sm->front_probe[s].check_live[w] = wp->launch_pending ? 0
                                               : wp->live;
        }
        if (sm->issue_probe) {
            sm->issue_probe->base[s][w] = base;
            sm->issue_probe->buffered[s][w] = buffered;
            sm->issue_probe->hazard[s][w] = hz;
            sm->issue_probe->issuable[s][w] = base && hz == SM_HAZARD_NONE;
        }
        cy->any_ready[s] |= si->ready[w];
        si->warp_tb[w] = wp->tb;
        /* TLS: the long waits are a slot without a warp (above), a
         * warp at its barrier and a warp waiting on global memory:
         * they leave the active group */
        si->long_wait[w] = wp->at_barrier
                           || lsu_pending(&sm->lsu, sm_slot_of(sm, s, w));
        wy = wp->launch_pending ? SM_STALL_CONTROL
             : wp->at_barrier ? SM_STALL_BARRIER
             : !base ? SM_STALL_CONTROL
             : sm_ready_stall(buffered, sm_ibuffer_read(sc, w).refill,
                              hz);
        cy->why[s] = wy < cy->why[s] ? wy : cy->why[s];
        if (held)
            operand_stage_warp(cy, s, base && buffered, hz, wy);
    }
    if (!ahead) {
        cy->exec_why[s] = cy->why[s];
    } else if (!sc->op_valid || cy->op_drop[s]) {
        /* nothing executes: the last cycle granted none, or its grant
         * was dropped */
        cy->exec_why[s] = sc->op_valid ? SM_STALL_CONTROL : sc->op_why;
    } else if (!cy->exec_valid[s]) {
        /* the stage keeps its warp: the scheduler grants none */
        memset(si->ready, false, W * sizeof si->ready[0]);
        cy->any_ready[s] = false;
    }
}

/* Scheduler s's issue grant: the policy picks among the ready warps. */
static void issue_grant(struct sm *sm, struct sm_cycle_state *cy,
                        unsigned s)
{
    const struct simt_config *c = &sm->cfg;
    struct sm_sched *sc = &sm->sch[s];
    struct scheduler_out *so = &cy->so[s];

    /* with no warp ready the scheduler grants none, and only a policy
     * that moves alone (TLS, SAWS) changes on the edge: the TBs'
     * ranks and waits are read by the evaluation and that step, of a
     * policy that ranks TBs */
    if (cy->any_ready[s] || sm_moves_alone(sm, sc) || sm->reference) {
        for (unsigned t = 0; scheduler_ranks_tbs(&sc->sched.g)
                             && t < c->max_tbs; t++) {
            cy->si[s].tb_rank[t] = cy->wo->rank[t];
            cy->si[s].tb_wait[t] = sm->wpt.cnt[t] != 0;
        }
        scheduler_eval(&sc->sched, &cy->si[s], so);
    } else {
        so->grant_valid = so->err = false;
        so->grant_warp = 0;
    }
    if (so->err)
        sm_fail(sm, "kernel %s: scheduler %u: input contract violated "
                "(cycle %llu)", sm->launch.kernel, s,
                (unsigned long long)sm->st.cycles);
}

/* Scheduler s's execution: the launch or the executed warp's instruction
 * on the lanes (the warp granted now, or under operand_read_cycles = 1
 * the operand-read stage's), the control-flow stage's evaluation, the
 * fetch unit's choice and the PC and mask it fetches at. */
static void execute_granted(struct sm *sm, struct sm_cycle_state *cy,
                            unsigned s)
{
    struct sm_sched *sc = &sm->sch[s];
    struct sm_issue_record *rec = &sm->rec;
    const struct scheduler_out *so = &cy->so[s];
    struct fetch_in *fi = &cy->fi[s];
    struct sm_rc_in *ri = &cy->ri[s];
    struct sm_exec_outcome *eo = &cy->eo[s];
    int launch = cy->launch[s];
    struct fetch_out fo;
    struct sm_rc_out ro;
    unsigned xw;

    if (sm->cfg.operand_read_cycles == 0) {
        cy->exec_valid[s] = so->grant_valid;
        cy->exec_warp[s] = so->grant_warp;
    } else {
        cy->exec_warp[s] = sc->op_warp;
    }
    xw = cy->exec_warp[s];
    if (sm->front_probe && so->grant_valid) {
        /* the granted warp's oldest slot: the registers it reads */
        struct ibuffer_out io = sm_ibuffer_read(sc, so->grant_warp);
        sm->front_probe[s].head_valid = io.head_valid;
        sm->front_probe[s].head_pc = io.head_pc;
        sm->front_probe[s].head_mask = io.head_mask;
        sm->front_probe[s].head_word = io.head_word;
    }
    if (launch >= 0) {
        const struct warp_slot *wp =
            sm_warp(sm, sm_slot_of(sm, s, (unsigned)launch));
        ri->op = SM_RC_LAUNCH;
        ri->warp = (unsigned)launch;
        ri->pc = sm->prog->entry;
        ri->mask = wp->lanes;
        for (uint64_t k = wp->lanes; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            unsigned g = sm_slot_of(sm, s, (unsigned)launch);
            ri->lane_pc[l] = sm->thread[g * sm->cfg.warp_size + l].pc;
            ri->lane_sp[l] = (uint16_t)sm_memory_stack_offset(
                g * sm->cfg.warp_size + l, regfile_peek(&sm->rf, l, g, 2));
        }
        fi->flush_valid = true;
        fi->flush_warp = (unsigned)launch;
    } else if (cy->exec_valid[s]) {
        sm_execute(sm, s, xw, eo, rec);
        for (unsigned w = 0; sm->trace && w < cy->issue_slots; w++)
            rec->ready[w / 64] |= (uint64_t)cy->si[s].ready[w] << w % 64;
        *ri = eo->rc;
        ri->rd_warp = 0;
        ri->mem_wait = eo->issued && sm->status != SM_ERROR
                       && sm_waits_on_global(sm, s, eo, rec);
        ri->live = sm_warp(sm, sm_slot_of(sm, s, xw))->live & ~eo->exits;
        fi->issue_valid = true;
        fi->issue_warp = xw;
    }
    ri->rd_warp = 0;
    ri->mem_pending = sm_mem_pending(sm);
    /* under reference harp keeps nothing from mem_pending */
    ri->mem_epoch = sm->reference ? ++sm->memo.mem_epoch
                                  : sm->memo.mem_epoch;
    sm_reconv_eval(&sm->rc, s, ri, &ro);
    if (ro.err)
        sm_fail(sm, "kernel %s: %s (cycle %llu)", sm->launch.kernel,
                ro.why, (unsigned long long)sm->st.cycles);
    cy->yielded[s] = ro.yielded;
    if (sm->front_probe) {
        sm->front_probe[s].ri = *ri;
        sm->front_probe[s].ro = ro;
    }
    if ((eo->issued || eo->stale)
        && (eo->control || ro.pop || ro.yielded)) {
        fi->flush_valid = true;
        fi->flush_warp = xw;
    }
    cy->exited[s] = ro.exited;
    fi->fill_valid = sc->fill_valid
                     && sc->fetch.inflight[sc->fill_warp] > 0;
    fi->fill_warp = sc->fill_warp;
    fi->rdy_valid = scoreboard_pick(sm, sc, fi, &fi->rdy_warp);
    fi->next_valid = so->grant_valid;
    fi->next_warp = so->grant_warp;
    fetch_eval_ports(&sc->fetch, fi, &fo);
    if (fo.err)
        sm_fail(sm, "kernel %s: fetch of scheduler %u: an I-buffer "
                "event was refused (cycle %llu)", sm->launch.kernel, s,
                (unsigned long long)sm->st.cycles);
    if (fo.fetch_valid) {
        const struct warp_slot *wp =
            sm_warp(sm, sm_slot_of(sm, s, fo.fetch_warp));
        struct ibuffer_out io = sm_ibuffer_read(sc, fo.fetch_warp);
        cy->fetched[s] = true;
        cy->fwarp[s] = fo.fetch_warp;
        if (io.next_valid) {
            cy->fpc[s] = io.next_pc;
            cy->fmask[s] = io.next_mask;
        } else {
            if (sm->front_probe)
                sm->front_probe[s].fetch_stage = true;
            ri->rd_warp = fo.fetch_warp;
            ri->rd_live = wp->resident && !wp->launch_pending
                          ? wp->live : 0;
            sm_reconv_read(&sm->rc, s, ri, &ro);
            cy->fpc[s] = ro.rd_valid ? ro.rd_pc : 0;
            cy->fmask[s] = ro.rd_valid ? ro.rd_mask : 0;
        }
    }
    if (sm->front_probe)
        sm_probe_front(sm, cy, s, &fo);
}

/* Scheduler s's memory send: an issued memory instruction goes to the
 * LSU, any other to its SIMD group (its destination reserved); the
 * issue and stall counts. */
static void send_issued(struct sm *sm, struct sm_cycle_state *cy,
                        unsigned s)
{
    const struct simt_config *c = &sm->cfg;
    struct sm_issue_record *rec = &sm->rec;
    const struct sm_exec_outcome *eo = &cy->eo[s];

    if (eo->issued && sm->status != SM_ERROR) {
        struct decode_out u = sm_use_at(sm, rec->pc);
        if (u.mem) {
            if (rec->mask)
                sm_send_to_lsu(sm, s, cy->exec_warp[s], rec, eo->owner,
                               &u);
        } else {
            cy->gi.issue[s].valid = cy->simd_issued = true;
            cy->gi.issue[s].op = (enum simd_group_op)u.unit;
            if (u.rd)
                sm_reserve_rd(sm, s, eo->one, eo->owner, rec->mask,
                              u.rd, cy->go.due[u.unit]);
        }
        sm->st.warp_insns++;
        sm->st.thread_insns += popcount64(rec->mask);
        sm->st.sched[s].warp_insns++;
        sm->st.sched[s].thread_insns
            += popcount64(rec->mask);
        sm_stats_subwarps(&sm->st, rec->mask, c->warp_size,
                          c->simd_width);
        if (sm->trace)
            sm_trace_issue(sm->trace, sm->st.cycles, rec);
    }
    if (!eo->issued) {
        enum sm_stall r = eo->stale ? SM_STALL_CONTROL
                          : cy->exec_why[s] < SM_STALLS ? cy->exec_why[s]
                          : sm_idle_reason(sm, s);
        sm->st.sched[s].stall[r]++;
    }
    sm->st.sched[s].second_level += sm_reconv_second_level(&sm->rc, s);
}

/* Scheduler s's barrier arrival at the WPT; whether the cycle stays
 * quiet.  False when the SM failed in this scheduler's stages. */
static bool barrier_arrive(struct sm *sm, struct sm_cycle_state *cy,
                           unsigned s)
{
    const struct sm_exec_outcome *eo = &cy->eo[s];
    const struct fetch_in *fi = &cy->fi[s];

    if (sm_mode_barrier_by_state(sm)) {
        cy->arrive[s] = sm_barrier_arrival(sm, s);
        if (cy->arrive[s] >= 0) {
            cy->wi.arr_valid[s] = true;
            cy->wi.arr_tb[s] = sm_warp(sm, sm_slot_of(sm, s,
                                            (unsigned)cy->arrive[s]))->tb;
        }
    } else if (eo->barrier && !cy->yielded[s]) {
        /* (a warp that yielded arrives when its barrier side is back
         * on top with every live thread: docs/isa.md) */
        const struct warp_slot *wp = sm_warp(sm, sm_slot_of(sm, s,
                                                     cy->exec_warp[s]));
        if (eo->rc.mask != wp->live)
            sm_fail(sm, "kernel %s: warp %u of TB %u reaches the barrier "
                    "at PC 0x%08x with lanes 0x%llx of its live lanes "
                    "0x%llx: a barrier in divergent code cannot complete "
                    "under the SBR stack", sm->launch.kernel, wp->wid,
                    sm_tb_read(sm, wp->tb, 0).ctaid, eo->rc.pc,
                    (unsigned long long)eo->rc.mask,
                    (unsigned long long)wp->live);
        cy->wi.arr_valid[s] = true;
        cy->wi.arr_tb[s] = wp->tb;
        cy->arrive[s] = (int)cy->exec_warp[s];
    }
    if (sm->launch_probe)
        sm->launch_probe->arrive[s] = cy->arrive[s];
    /* (under operand_read_cycles = 1 a cycle repeats only with its stage
     * empty, no grant, and the stall it counts the next one's) */
    cy->quiet = cy->quiet && cy->launch[s] < 0 && !eo->issued && !eo->stale
                && !cy->fetched[s] && !fi->issue_valid && !fi->flush_valid
                && !fi->fill_valid && !fi->rdy_valid && cy->arrive[s] < 0
                && !cy->so[s].grant_valid && !sm->sch[s].op_valid
                && cy->exec_why[s] == cy->why[s];
    if (sm->status == SM_ERROR) {
        if (sm->lsu_taken)  /* the LSU's edge is not reached */
            lsu_count_abandoned(&sm->lsu, &sm->lsu_req);
        return false;
    }
    return true;
}

/* The SIMD groups' busy count, and the WPT's arrivals: the warps that
 * arrived and the exited warps that count as arrived.  False when the
 * WPT refused one. */
static bool wpt_arrivals(struct sm *sm, struct sm_cycle_state *cy)
{
    /* busy: the groups still running, and those the issues enter (the
     * outputs again with the issues, when they can tell otherwise) */
    if (cy->simd_issued && !cy->go.busy && !sm->lsu_taken)
        simd_group_eval(&sm->simd, &cy->gi, &cy->go);
    if (cy->go.busy || sm->lsu_taken)
        sm->st.busy_cycles++;
    else
        sm_count_idle_threads(sm, cy->data_hz);
    for (unsigned s = 0; s < sm->cfg.schedulers; s++)
        cy->any_arrival |= cy->wi.arr_valid[s];
    if (sm_exited_arrivals(sm, &cy->wi, cy->gone_sent)) {
        cy->any_arrival = true;
        cy->quiet = false;      /* the WPT's counts move */
    }
    if (cy->any_arrival) {
        wpt_eval(&sm->wpt, &cy->wi, &cy->wo_arr);
        cy->wo = &cy->wo_arr;
    }
    if (cy->wo->err) {
        sm_fail(sm, "kernel %s: the WPT refused a barrier arrival (cycle "
                "%llu)", sm->launch.kernel, (unsigned long long)sm->st.cycles);
        if (sm->lsu_taken)
            lsu_count_abandoned(&sm->lsu, &sm->lsu_req);
        return false;
    }
    return true;
}

/* At the clock edge, scheduler s's step: the warps the WPT releases, the
 * policy's and the fetch unit's steps, the control-flow stage's, the
 * I-buffers, the launch, the barrier arrival and the exits. */
static void scheduler_edge(struct sm *sm, struct sm_cycle_state *cy,
                           unsigned s)
{
    const struct simt_config *c = &sm->cfg;
    unsigned W = sm->warps_per_sched;
    struct sm_sched *sc = &sm->sch[s];
    struct fetch_in *fi = &cy->fi[s];
    struct sm_rc_in *ri = &cy->ri[s];
    const struct sm_exec_outcome *eo = &cy->eo[s];
    bool fetched = cy->fetched[s];
    uint64_t emptied[FETCH_MAX_WARPS / 64];  /* fetch_emptied() */

    for (unsigned w = 0; cy->any_release && w < W; w++) {
        const struct warp_slot *wp = sm_warp(sm, sm_slot_of(sm, s, w));
        cy->release[s][w] = wp->resident && cy->wo->release[wp->tb]
                            && (wp->at_barrier || cy->arrive[s] == (int)w);
    }
    ri->release = cy->any_release ? cy->release[s] : NULL;
    for (unsigned w = 0; sm->front_probe && cy->any_release && w < W; w++)
        if (cy->release[s][w])
            sm->front_probe[s].release[w / 64] |= 1ull << w % 64;
    if (cy->quiet && sm_moves_alone(sm, sc)) {
        /* TLS's group and SAWS's order change without a grant */
        sm->memo.sched_copy = sc->sched;
        scheduler_step(&sc->sched, &cy->si[s]);
        cy->quiet = !memcmp(&sm->memo.sched_copy, &sc->sched,
                            sizeof sc->sched);
    } else if (cy->any_ready[s] || sm_moves_alone(sm, sc) || sm->reference) {
        scheduler_step(&sc->sched, &cy->si[s]);
    }
    /* the evaluation found no error: else the SM failed above */
    fetch_emptied(&sc->fetch, fi, emptied);
    if (sm->front_probe)
        memcpy(sm->front_probe[s].emptied, emptied, sizeof emptied);
    for (unsigned k = 0; cy->quiet && k < (sc->fetch.g.warps + 63) / 64; k++)
        cy->quiet = emptied[k] == 0;    /* an I-buffer empties */
    if (sm->reference)     /* the fetch decided again at the edge */
        fetch_step(&sc->fetch, fi);
    else
        fetch_step_evaluated(&sc->fetch, fi,
                             fetched ? (int)cy->fwarp[s] : -1);
    keep_unready(sc, fi);
    if (sm_reconv_step(&sm->rc, s, ri))
        cy->quiet = false;
    ibuffer_edge(sc, fi, fetched ? (int)cy->fwarp[s] : -1,
                 cy->fpc[s], cy->fmask[s], emptied);
    sc->fill_valid = fetched;
    sc->fill_warp = fetched ? cy->fwarp[s] : 0;
    sc->fill_word = fetched ? sm_text_word(sm, cy->fpc[s]) : 0;
    if (c->operand_read_cycles > 0) {  /* the operand-read stage */
        if (cy->exec_valid[s] || cy->op_drop[s])
            sc->op_valid = false;
        if (cy->so[s].grant_valid) {
            sc->op_valid = true;
            sc->op_warp = cy->so[s].grant_warp;
        }
        sc->op_why = cy->why[s];
    }
    /* the warp slots' ports, stepped in wpt_edge() */
    if (ri->op == SM_RC_LAUNCH) {
        bitset_add(sm->ws_in.launch, sm_slot_of(sm, s, ri->warp));
        sm->memo.launches_pending--;
    }
    /* a warp that arrives and exits at once has arrived (sm_retire()) */
    if (cy->arrive[s] >= 0) {
        unsigned g = sm_slot_of(sm, s, (unsigned)cy->arrive[s]);
        bitset_add(sm->ws_in.arrive, g);
        sm->phase_end[g] = cy->now;
    }
    if (eo->issued && (cy->exited[s] || eo->exits)) {
        /* only an exit empties a warp */
        uint64_t retired[SM_MAX_WARP_SLOTS / 64] = { 0 };
        unsigned g = sm_slot_of(sm, s, ri->warp);

        cy->any_exit = true;
        if (cy->exited[s])
            sm->ws_in.kill[g] |= sm_warp(sm, g)->live;
        for (unsigned l = 0; l < c->warp_size; l++)
            if (eo->exits >> l & 1)
                sm->ws_in.kill[sm_slot_of(sm, s, eo->owner[l])]
                    |= 1ull << l;
        /* each lane's warp, then the issuing warp, once each */
        for (unsigned l = 0; l <= c->warp_size; l++) {
            unsigned gl = l < c->warp_size
                          ? sm_slot_of(sm, s, eo->owner[l]) : g;
            if (!bitset_has(retired, gl)
                && warp_slots_retires(&sm->ws, &sm->ws_in, gl)) {
                bitset_add(retired, gl);
                sm_retire(sm, gl);
            }
        }
    }
}

/* At the clock edge, the warp slots' step: this cycle's launches,
 * arrivals, exits and retirements, and the releases; then its ports are
 * idle again. */
static void warp_slots_edge(struct sm *sm, struct sm_cycle_state *cy)
{
    for (unsigned t = 0; cy->any_release && t < sm->cfg.max_tbs; t++)
        sm->ws_in.release |= (uint64_t)cy->wo->release[t] << t;
    if (sm->launch_probe) {     /* the launches and exits, as inputs */
        memcpy(sm->launch_probe->launch, sm->ws_in.launch,
               sizeof sm->ws_in.launch);
        memcpy(sm->launch_probe->kill, sm->ws_in.kill,
               sm->warp_slots * sizeof sm->ws_in.kill[0]);
    }
    if (!cy->launches_pending && !cy->any_arrival && !cy->any_exit
        && !cy->any_release && !sm->reference)
        return;                 /* no port is used */
    warp_slots_step(&sm->ws, &sm->ws_in);
    memset(sm->ws_in.launch, 0, sizeof sm->ws_in.launch);
    memset(sm->ws_in.arrive, 0, sizeof sm->ws_in.arrive);
    if (cy->any_exit || sm->reference)
        memset(sm->ws_in.kill, 0, sm->warp_slots * sizeof sm->ws_in.kill[0]);
    sm->ws_in.release = 0;
}

/* At the clock edge, the TBs the WPT releases and its step. */
static void wpt_edge(struct sm *sm, struct sm_cycle_state *cy)
{
    const struct simt_config *c = &sm->cfg;

    if (sm->launch_probe)
        sm_probe_launch_edge(sm, &cy->wi, cy->wo,
                             cy->any_release ? cy->release : NULL);
    for (unsigned t = 0; cy->any_arrival && t < c->max_tbs; t++)
        sm->tbt_in.gone_sent[t] = cy->gone_sent[t];
    for (unsigned t = 0; cy->any_release && t < c->max_tbs; t++)
        if (cy->wo->release[t]) {
            sm_check_release(sm, t);
            sm->tbt_in.release |= 1ull << t;
            sm_end_phase(sm, t);
            sm->phase_start[t] = cy->now + 1;
        }
    /* the TB table's edge: this cycle's retirements (sm_retire()), the
     * exited warps' arrivals and the releases */
    if (cy->any_exit || cy->any_arrival || cy->any_release) {
        tb_table_step(&sm->tbt, &sm->tbt_in);
        memset(sm->tbt_in.retire, 0, c->max_tbs * sizeof sm->tbt_in.retire[0]);
        memset(sm->tbt_in.retire_arrived, 0,
               c->max_tbs * sizeof sm->tbt_in.retire_arrived[0]);
        memset(sm->tbt_in.gone_sent, 0,
               c->max_tbs * sizeof sm->tbt_in.gone_sent[0]);
        sm->tbt_in.release = 0;
    }
    /* else no count changes: each is below the TB's warps, or it
     * released when it reached it */
    if (cy->any_arrival || sm->reference)
        wpt_step(&sm->wpt, &cy->wi);
    sm->memo.wpt_idle_valid = sm->memo.wpt_idle_valid && !cy->any_arrival
                              && !cy->any_release;
}

/* At the clock edge, the shared steps: the LSU and the memory port, the
 * scoreboard, the SIMD groups, the dispatcher; the cycle's count, the
 * barriers, the grid's end and whether the next cycles may be skipped. */
static void shared_edge(struct sm *sm, struct sm_cycle_state *cy)
{
    uint64_t now = cy->now;
    bool quiet, lsu_work, lsu_busy;    /* the LSU works inside itself;
                                        * its coalescer was busy */

    quiet = cy->quiet && !sm->lsu_taken;
    lsu_work = quiet && sm_memory_next_event(sm) <= now;
    lsu_busy = !lsu_can_accept(&sm->lsu);
    if (sm_lsu_edge(sm, now) || lsu_busy != !lsu_can_accept(&sm->lsu))
        quiet = false;          /* the rest of the SM sees another LSU */
    if (sm->issue_probe)
        sm_probe_issue_edge(sm, cy);
    sm_scoreboard_edge(sm);
    if (cy->simd_issued)       /* else the edge changes nothing */
        simd_group_step(&sm->simd, &cy->gi);
    if (cy->placed || cy->any_exit) {  /* else the edge changes nothing */
        dispatch_step(&sm->disp, &sm->disp_in);
        memset(sm->disp_in.warp_release, 0,
               sizeof sm->disp_in.warp_release);
        sm->disp_in.tb_release = 0;
    }
    sm->st.cycles++;

    if (cy->any_arrival || cy->any_release || cy->any_exit || sm->reference)
        sm_check_barriers(sm);     /* else no warp arrived, left or exited */
    if (sm->status == SM_RUNNING && sm->check_invariants)
        sm_check_invariant(sm);
    sm_check_done(sm);
    sm->memo.quiet = quiet && !lsu_work && sm->status == SM_RUNNING;
    sm->memo.lsu_alone = quiet && lsu_work && sm->status == SM_RUNNING;
    if (sm->memo.quiet || sm->memo.lsu_alone)
        sm->memo.quiet_from = cy->before;
}

enum sm_status sm_cycle(struct sm *sm)
{
    struct sm_cycle_state cycle, *cy = &cycle;
    unsigned S = sm->cfg.schedulers;

    if (sm->status != SM_RUNNING)
        return sm->status;
    cycle_begin(sm, cy);
    for (unsigned s = 0; s < S; s++) {
        launch_choice(sm, cy, s);
        ready_vector(sm, cy, s);
        issue_grant(sm, cy, s);
        execute_granted(sm, cy, s);
        send_issued(sm, cy, s);
        if (!barrier_arrive(sm, cy, s))
            return sm->status;
    }
    if (!wpt_arrivals(sm, cy))
        return sm->status;

    /* The clock edge. */
    cy->any_release = !cy->any_arrival && sm->memo.wpt_idle_release;
    for (unsigned t = 0; cy->any_arrival && t < sm->cfg.max_tbs; t++)
        cy->any_release |= cy->wo->release[t];
    cy->quiet = cy->quiet && !cy->any_release;
    for (unsigned s = 0; s < S; s++)
        scheduler_edge(sm, cy, s);
    warp_slots_edge(sm, cy);
    wpt_edge(sm, cy);
    shared_edge(sm, cy);
    return sm->status;
}

/* Not inlined into its caller by the link-time optimiser: make bench
 * counts the host instructions inside sm_run() (callgrind's
 * --toggle-collect=sm_run). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
enum sm_status sm_run(struct sm *sm)
{
    while (sm->status == SM_RUNNING) {
        if (sm->max_cycles && sm->st.cycles >= sm->max_cycles) {
            char live[SM_ERR_LEN - 160];

            sm_report_limit(sm, live, sizeof live);
            sm_fail(sm, "kernel %s: not done after the limit of %llu "
                    "cycles (%llu of %u TBs finished): %s", sm->launch.kernel,
                    (unsigned long long)sm->max_cycles,
                    (unsigned long long)sm->st.tbs_done, sm->launch.grid,
                    live);
            break;
        }
        sm_cycle(sm);
        if (sm_mode_regroups(sm) && sm->status == SM_RUNNING
            && sm->st.cycles >= sm->stuck_check_at)
            sm_report_stuck(sm);
        if (sm->reference)
            continue;           /* every cycle evaluated */
        if (sm->memo.quiet)
            sm_skip_quiet_cycles(sm, &sm->memo.quiet_from, sm->st.cycles - 1);
        else if (sm->memo.lsu_alone) {
            sm_skip_lsu_cycles(sm, &sm->memo.quiet_from, sm->st.cycles - 1);
            sm_check_done(sm);
        }
    }
    return sm->status;
}
