/*
 * sm_issue.c -- the SM's issue stage: the decoded instruction a warp
 * holds, its hazards (the scoreboard, the SIMD groups, the LSU), the
 * scheduler's ready vector and grant, the fetch unit's scoreboard pick and
 * the I-buffers' edges, and the reasons a scheduler issues nothing.
 */
#include <stdio.h>
#include <string.h>

#include "sm_stage.h"

/* The decoded instruction at pc (valid 0 outside the text). */
struct decode_out sm_use_at(const struct sm *sm, uint32_t pc)
{
    struct decode_in in = { .pc = pc };
    struct decode_out u;

    decode_eval(&sm->dec, &in, &u);
    return u;
}

/* Scheduler s's local warps with resident set: the memo, or under
 * reference the bitset recomputed into set[]. */
const uint64_t *sm_resident_of(const struct sm *sm, unsigned s,
                            uint64_t set[])
{
    if (!sm->reference)
        return sm->memo.resident[s];
    memset(set, 0, SCHEDULER_MAX_WARPS / 64 * sizeof set[0]);
    for (unsigned w = 0; w < sm->warps_per_sched; w++)
        if (sm->warp[sm_slot_of(sm, s, w)].resident)
            bitset_add(set, w);
    return set;
}

/* The warp slot of each lane's thread, from the owners (local warps). */
void sm_owner_slots(const struct sm *sm, unsigned s,
                    const unsigned owner[], unsigned slot[])
{
    unsigned S = sm->cfg.schedulers, L = sm->cfg.warp_size;

    for (unsigned l = 0; l < L; l++)
        slot[l] = owner[l] * S + s;     /* sm_slot_of(), with S read once */
}

/* What keeps warp (s, w)'s oldest instruction from issuing at cycle now
 * (SM_HAZARD_NONE: nothing).  data: an operand (RAW) or the destination
 * (WAW) of one of its threads is not ready, or a load of the same warp
 * slot to the same register is in flight (the LSU reports done by slot
 * and register); structural: its unit is busy (the SIMD groups of the
 * scheduler, group_ok, or the LSU).  A stale slot and a PC outside the
 * text are let through: the first is dropped, the second is an error
 * that execute() names. */
static enum sm_hazard issue_hazard(struct sm *sm, unsigned s,
                                   unsigned w, uint64_t now, bool group_ok)
{
    unsigned owner[SM_MAX_LANES];
    uint32_t pc;
    uint64_t mask;
    struct decode_out u;
    bool one;
    struct scoreboard_in si;    /* its check port (eval reads no other) */
    struct scoreboard_out so;
    unsigned slot[SM_MAX_LANES];

    if (!sm_issue_threads(sm, s, w, &pc, &mask, owner, &one))
        return SM_HAZARD_NONE;
    u = sm_use_at(sm, pc);
    if (!u.valid)
        return SM_HAZARD_NONE;
    si.now = now;
    si.check.t.mask = mask;
    si.check.rs1 = u.rs1;
    si.check.rs2 = u.rs2;
    si.check.rd = u.rd;
    if (mask && one) {
        /* one warp slot holds every thread (always, but under harp) */
        si.check.t.slot = sm_slot_of(sm, s, owner[__builtin_ctzll(mask)]);
        si.check.t.slots = NULL;
    } else {
        sm_owner_slots(sm, s, owner, slot);
        si.check.t.slot = 0;
        si.check.t.slots = slot;
    }
    scoreboard_eval(&sm->sb, &si, &so);
    if (!so.clear)
        return SM_HAZARD_DATA;
    if (u.mem) {
        if (u.rd && sm->mem_wait[sm_slot_of(sm, s, w) * 32 + u.rd].mask)
            return SM_HAZARD_DATA;
        if (sm->lsu_taken || !lsu_can_accept(&sm->lsu))
            return SM_HAZARD_STRUCTURAL;
    } else if (!group_ok) {
        return SM_HAZARD_STRUCTURAL;
    }
    return SM_HAZARD_NONE;
}

/* The stall of a warp that may issue, from its I-buffer and its hazard:
 * an empty I-buffer refilling after a jump is a control stall, else a
 * fetch stall; SM_STALLS when nothing holds it. */
static enum sm_stall ready_stall(bool buffered, bool refill,
                                 enum sm_hazard hz)
{
    return !buffered ? (refill ? SM_STALL_CONTROL : SM_STALL_FETCH)
           : hz == SM_HAZARD_DATA ? SM_STALL_DATA
           : hz == SM_HAZARD_STRUCTURAL ? SM_STALL_STRUCTURAL
           : SM_STALLS;
}

/* Scheduler s's ready vector: each warp's hazards and stall, the warps
 * its fetch unit may fetch for, the long waits TLS reads. */
void sm_ready_vector(struct sm *sm, struct sm_cycle_state *cy,
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

    cy->group_ok[s] = cy->go.accept[s];
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
    }
    for (unsigned w = bitset_next(issuable, n_issuable, 0);
         w < n_issuable; w = bitset_next(issuable, n_issuable, w + 1)) {
        /* the scheduler's warps are the mode's slots */
        const struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];
        enum sm_hazard hz = SM_HAZARD_NONE;
        bool buffered = fetch_ready(&sc->fetch, w);
        enum sm_stall wy;

        if (buffered)
            hz = issue_hazard(sm, s, w, now, cy->group_ok[s]);
        cy->data_hz[s][w] = hz == SM_HAZARD_DATA;
        si->ready[w] = launch < 0 && buffered && hz == SM_HAZARD_NONE;
        cy->any_ready[s] |= si->ready[w];
        if (si->ready[w])     /* the only warps whose TB it reads */
            si->warp_tb[w] = sm->warp[sm_slot_of(sm, s,
                sm_reconv_slot_owner(&sm->rc, s, w))].tb;
        si->long_wait[w] = false;
        /* an empty slot is no warp: the tables' threads are seen
         * below, by their launch warps */
        wy = ready_stall(buffered, wp->refill, hz);
        cy->why[s] = wy < cy->why[s] ? wy : cy->why[s];
    }
    resident = sm_resident_of(sm, s, resident_set);
    for (unsigned w = bitset_next(resident, W, 0);
         !cy->regroups && w < W; w = bitset_next(resident, W, w + 1)) {
        const struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];
        enum sm_hazard hz = SM_HAZARD_NONE;
        bool buffered = fetch_ready(&sc->fetch, w);
        bool base = !wp->launch_pending && !wp->at_barrier
                    && sm_reconv_can_issue(&sm->rc, s, w, wp->live);
        enum sm_stall wy;

        if (!wp->launch_pending && wp->live)
            bitset_add(fi->warp_valid, w);

        if (base && buffered)
            hz = issue_hazard(sm, s, w, now, cy->group_ok[s]);
        cy->data_hz[s][w] = hz == SM_HAZARD_DATA;
        si->ready[w] = launch < 0 && base && buffered
                       && hz == SM_HAZARD_NONE;
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
             : ready_stall(buffered, wp->refill, hz);
        cy->why[s] = wy < cy->why[s] ? wy : cy->why[s];
    }
}

/* Scheduler s's issue grant: the policy picks among the ready warps. */
void sm_issue_grant(struct sm *sm, struct sm_cycle_state *cy,
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

/* The lowest warp holding a valid instruction not yet ready, neither
 * being flushed nor emptied for not being valid (warp_valid). */
bool sm_scoreboard_pick(const struct sm *sm, const struct sm_sched *sc,
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
void sm_keep_unready(struct sm_sched *sc, const struct fetch_in *fi)
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

/* The edge of one warp's I-buffer data, as the fetch model's bits move. */
static void ibuffer_edge(struct sm_warp *wp, const struct fetch_in *fi,
                         unsigned w, bool fetch_here, uint32_t fpc,
                         uint64_t fmask)
{
    if (fi->flush_valid && fi->flush_warp == w) {
        wp->slots = 0;
        wp->flying = 0;
        wp->have_next = false;
        wp->refill = true;
        return;
    }
    if (fi->issue_valid && fi->issue_warp == w && wp->slots > 0) {
        memmove(wp->slot_pc, wp->slot_pc + 1, (wp->slots - 1) * sizeof wp->slot_pc[0]);
        memmove(wp->slot_mask, wp->slot_mask + 1,
                (wp->slots - 1) * sizeof wp->slot_mask[0]);
        wp->slots--;
    }
    if (fi->fill_valid && fi->fill_warp == w && wp->flying > 0) {
        wp->refill = false;
        wp->slot_pc[wp->slots] = wp->fly_pc[0];
        wp->slot_mask[wp->slots] = wp->fly_mask[0];
        wp->slots++;
        memmove(wp->fly_pc, wp->fly_pc + 1, (wp->flying - 1) * sizeof wp->fly_pc[0]);
        memmove(wp->fly_mask, wp->fly_mask + 1,
                (wp->flying - 1) * sizeof wp->fly_mask[0]);
        wp->flying--;
    }
    if (fetch_here && wp->flying < FETCH_MAX_SLOTS) {
        wp->fly_pc[wp->flying] = fpc;
        wp->fly_mask[wp->flying] = fmask;
        wp->flying++;
        wp->have_next = true;
        wp->next_pc = fpc + 4;
        wp->next_mask = fmask;
    }
}

/* The edges of scheduler s's I-buffer data: those of the warps its fetch
 * model's inputs name, and of the warp fetched for (fetch_warp, or -1),
 * then the warps the fetch model empties for not being valid (emptied:
 * fetch_emptied() before its edge), as a flush; the other warps' data
 * does not change. */
void sm_ibuffer_edges(struct sm *sm, unsigned s, const struct fetch_in *fi,
                      int fetch_warp, uint32_t fpc, uint64_t fmask,
                      const uint64_t emptied[])
{
    unsigned named[4], n = 0;
    struct sm_sched *sc = &sm->sch[s];

    if (fi->flush_valid)
        named[n++] = fi->flush_warp;
    if (fi->issue_valid)
        named[n++] = fi->issue_warp;
    if (fi->fill_valid)
        named[n++] = fi->fill_warp;
    if (fetch_warp >= 0)
        named[n++] = (unsigned)fetch_warp;
    for (unsigned k = 0; k < n; k++) {
        unsigned w = named[k], j = 0;

        while (j < k && named[j] != w)
            j++;
        if (j == k && w < sm->warps_per_sched)   /* each warp once */
            ibuffer_edge(&sm->warp[sm_slot_of(sm, s, w)], fi, w,
                         fetch_warp == (int)w, fpc, fmask);
    }
    for (unsigned k = 0; k < (sc->fetch.g.warps + 63) / 64; k++)
        for (uint64_t m = emptied[k]; m; m &= m - 1) {
            unsigned w = k * 64 + (unsigned)__builtin_ctzll(m);
            struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];

            wp->slots = 0;
            wp->flying = 0;
            wp->have_next = false;
            wp->refill = true;
            bitset_remove(sc->memo.unready, w);
        }
}

/* Why scheduler s issued nothing when none of its warps shows a reason:
 * the threads of its launch warps are held by the control-flow
 * structures (harp's tables) or wait at the barrier, or its warps exited
 * while their TB runs; idle when it has no thread at all. */
enum sm_stall sm_idle_reason(const struct sm *sm, unsigned s)
{
    unsigned W = sm->warps_per_sched;
    enum sm_stall r = SM_STALL_IDLE;
    uint64_t set[SCHEDULER_MAX_WARPS / 64];
    const uint64_t *resident = sm_resident_of(sm, s, set);

    /* a resident warp's reason comes before exit (ORDER SM_STALL) */
    for (unsigned w = bitset_next(resident, W, 0); w < W;
         w = bitset_next(resident, W, w + 1)) {
        unsigned g = sm_slot_of(sm, s, w);
        enum sm_stall k = sm->warp[g].at_barrier ? SM_STALL_BARRIER
                          : sm->mem_lanes[g] ? SM_STALL_DATA
                          : SM_STALL_CONTROL;
        r = k < r ? k : r;
    }
    for (unsigned w = 0; r == SM_STALL_IDLE && w < W; w++) {
        unsigned g = sm_slot_of(sm, s, w);
        const struct sm_warp *wp = &sm->warp[g];

        if (wp->lanes && sm->tb[wp->tb].valid
            && sm->tb[wp->tb].warp[wp->wid] == g)
            r = SM_STALL_EXIT;
    }
    return r;
}

/* An idle cycle (HARP Fig. 5 and 14): count each live thread by its
 * state (enum sm_thread_state).  data[s][w]: scheduler s's warp w waits
 * on an operand. */
void sm_count_idle_threads(struct sm *sm,
                           bool data[][SCHEDULER_MAX_WARPS])
{
    const struct simt_config *c = &sm->cfg;
    unsigned issue_slots = sm_mode_issue_slots(sm);
    uint64_t dep[SM_MAX_WARP_SLOTS];

    memcpy(dep, sm->mem_lanes, sm->warp_slots * sizeof dep[0]);
    for (unsigned s = 0; s < c->schedulers; s++)
        for (unsigned w = 0; w < issue_slots; w++) {
            unsigned owner[SM_MAX_LANES];
            uint32_t pc;
            uint64_t mask;
            bool one;

            if (!data[s][w]
                || !sm_issue_threads(sm, s, w, &pc, &mask, owner, &one))
                continue;
            for (uint64_t m = mask; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                dep[sm_slot_of(sm, s, owner[l])] |= 1ull << l;
            }
        }
    for (unsigned s = 0; s < c->schedulers; s++) {
        uint64_t live[SCHEDULER_MAX_WARPS], inactive[SCHEDULER_MAX_WARPS];
        uint64_t reconv[SCHEDULER_MAX_WARPS], bar[SCHEDULER_MAX_WARPS];
        uint64_t asked[SCHEDULER_MAX_WARPS / 64] = { 0 };
        uint64_t *n = sm->st.idle_threads;
        unsigned W = sm->warps_per_sched;
        uint64_t set[SCHEDULER_MAX_WARPS / 64];
        const uint64_t *resident = sm_resident_of(sm, s, set);

        /* word by word over the resident warps (bits.h): every idle cycle */
        for (unsigned k = 0; k * 64 < W; k++)
            for (uint64_t m = resident[k]; m; m &= m - 1) {
                unsigned w = k * 64 + (unsigned)__builtin_ctzll(m);
                const struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];
                live[w] = wp->launch_pending ? 0 : wp->live;
                if (live[w])
                    bitset_add(asked, w);
            }
        sm_reconv_waiting(&sm->rc, s, W, asked, live,
                      decode_rpc_flags(&sm->dec), inactive,
                          reconv, bar);
        for (unsigned k = 0; k * 64 < W; k++)
            for (uint64_t m = asked[k]; m; m &= m - 1) {
                unsigned w = k * 64 + (unsigned)__builtin_ctzll(m);
                unsigned g = sm_slot_of(sm, s, w);
                uint64_t b, d, r, i;

                b = sm->warp[g].at_barrier ? live[w] : bar[w];
                d = dep[g] & live[w] & ~b;
                r = reconv[w] & ~b & ~d;
                i = inactive[w] & ~b & ~d & ~r;
                n[SM_THREAD_BARRIER] += popcount64(b);
                n[SM_THREAD_DEPENDENCY] += popcount64(d);
                n[SM_THREAD_RECONVERGING] += popcount64(r);
                n[SM_THREAD_INACTIVE] += popcount64(i);
                n[SM_THREAD_OTHER]
                    += popcount64(live[w] & ~(b | d | r | i));
            }
    }
}
