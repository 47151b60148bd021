/*
 * sm_tb.c -- the SM's thread blocks: the dispatcher's placements, the
 * launches pending, the retirement of warps and TBs, the barriers (the
 * WPT's releases, the check of a barrier that cannot complete) and the
 * grid's end, and the arrivals at the barrier that sm.c's stages ask for
 * every cycle (the WPT's arrival ports are driven there).
 */
#include <stdio.h>
#include <string.h>

#include "sm_stage.h"
#include "sm_report.h"

/* The warp slots with resident set, and with launch_pending set. */
static unsigned resident_warps_of(const struct sm *sm)
{
    unsigned n = 0;

    if (!sm->reference)
        return sm->memo.resident_warps;
    for (unsigned g = 0; g < sm->warp_slots; g++)
        n += sm_warp(sm, g)->resident;
    return n;
}

unsigned sm_launches_pending_of(const struct sm *sm)
{
    unsigned n = 0;

    if (!sm->reference)
        return sm->memo.launches_pending;
    for (unsigned g = 0; g < sm->warp_slots; g++)
        n += sm_warp(sm, g)->resident && sm_warp(sm, g)->launch_pending;
    return n;
}

void sm_probe_launch_start(const struct sm *sm, struct sm_launch_probe *p)
{
    p->lsu_idle = lsu_idle(&sm->lsu);
    memcpy(p->tbt, sm->tbt.tb, sizeof p->tbt);
}

void sm_probe_launch_edge(struct sm *sm, const struct wpt_in *wi,
                          const struct wpt_out *wo,
                          bool (*release)[SCHEDULER_MAX_WARPS])
{
    struct sm_launch_probe *p = sm->launch_probe;

    p->evaluated = true;
    p->wi = *wi;
    p->wo = *wo;
    for (unsigned s = 0; release && s < sm->cfg.schedulers; s++)
        for (unsigned w = 0; w < sm->warps_per_sched; w++)
            if (release[s][w])
                bitset_add(p->release[s], w);
}

/* The TBs the dispatcher (golden/structures/dispatch.h) places this cycle take
 * their TB slots and warp slots: their threads start at the entry.
 * Returns how many were placed. */
unsigned sm_dispatch(struct sm *sm)
{
    const struct simt_config *c = &sm->cfg;
    struct dispatch_out out;
    struct ibuffer_in ib_place[CONFIG_MAX_SCHEDULERS];  /* the clears */

    if (sm->launch_probe)   /* before the placement writes them */
        sm_probe_launch_start(sm, sm->launch_probe);
    if (dispatch_all_placed(&sm->disp))
        return 0;               /* the dispatcher has nothing to place */
    dispatch_eval(&sm->disp, &sm->disp_in, &out);
    if (sm->launch_probe)
        sm->launch_probe->place = out;
    for (unsigned s = 0; out.n_place && s < c->schedulers; s++)
        ibuffer_idle(&ib_place[s]);
    for (unsigned i = 0; i < out.n_place; i++) {
        const struct dispatch_place *p = &out.place[i];
        unsigned t = p->tb;
        struct tb_table_place *tb = &sm->tbt_in.place[sm->tbt_in.n_place++];
        tb->tb = t;
        tb->ctaid = p->ctaid;
        tb->warps = sm->tb_warps;
        sm->phase_start[t] = sm->st.cycles;
        sm_memory_clear_shared(&sm->mem, t);
        if (sm->mem_probe)
            sm->mem_probe->placed |= 1ull << t;
        for (unsigned k = 0; k < sm->tb_warps; k++) {
            unsigned g = p->warp[k];
            uint64_t lanes = 0;

            sm->phase_end[g] = 0;
            /* the launch warp's I-buffer: under harp the I-buffers
             * are the First-Level slots', which hold other threads */
            if (!sm_mode_regroups(sm))
                bitset_add(ib_place[sm_slot_sched(sm, g)].clear,
                           sm_slot_local(sm, g));
            sm->memo.resident_warps++;
            sm->memo.launches_pending++;
            bitset_add(sm->memo.resident[sm_slot_sched(sm, g)],
                       sm_slot_local(sm, g));
            for (unsigned l = 0; l < c->warp_size; l++) {
                unsigned tid = k * c->warp_size + l;
                struct rv32_context *th = &sm->thread[g * c->warp_size + l];
                uint32_t x[REGFILE_REGS] = { 0 };

                memset(th, 0, sizeof *th);
                if (tid < sm->launch.block) {
                    lanes |= 1ull << l;
                    th->pc = sm->prog->entry;
                    x[2] = sm_memory_stack_top(g * c->warp_size + l);
                    x[10] = sm->launch.args;
                }
                regfile_launch(&sm->rf, l, g, x);
            }
            bitset_add(sm->ws_in.place, g);
            sm->ws_in.place_tb[g] = t;
            sm->ws_in.place_wid[g] = k;
            sm->ws_in.place_lanes[g] = lanes;
            tb->warp[k] = g;
            if (sm->launch_probe)
                sm->launch_probe->lanes[g] = lanes;
            if (sm->exec_probe)  /* its registers take their launch values */
                sm->exec_probe[sm_slot_sched(sm, g)]
                    .placed[sm_slot_local(sm, g)] = true;
        }
    }
    /* The I-buffer data of the slots' index is cleared, and this cycle
     * reads it cleared: in the module a write-first bypass from the
     * clear port to the read port; the C writes it at once, before any
     * read of the cycle, which reads the same. */
    for (unsigned s = 0; out.n_place && s < c->schedulers; s++) {
        ibuffer_step(&sm->sch[s].ib, &ib_place[s]);
        if (sm->front_probe)
            memcpy(sm->front_probe[s].clear, ib_place[s].clear,
                   sizeof ib_place[s].clear);
        if (sm->launch_probe)
            memcpy(sm->launch_probe->clear[s], ib_place[s].clear,
                   sizeof sm->launch_probe->clear[s]);
    }
    /* So are the warp slots' and the TB table's placements (their
     * other ports are idle at the cycle's start: cleared by the last
     * edge, warp_slots_edge() and wpt_edge() in sm.c). */
    if (out.n_place) {
        warp_slots_step(&sm->ws, &sm->ws_in);
        memset(sm->ws_in.place, 0, sizeof sm->ws_in.place);
    }
    if (out.n_place)
        tb_table_step(&sm->tbt, &sm->tbt_in);
    sm->tbt_in.n_place = 0;
    return out.n_place;
}

/* The warp-phase of TB slot t ends (RTRU, BAWS eq. 1): each of its warps
 * took the cycles from the phase's start to its arrival or exit; a warp
 * that exited in an earlier phase, or whose slot another TB took since,
 * is not counted. */
void sm_end_phase(struct sm *sm, unsigned t)
{
    uint64_t took[SM_MAX_TB_WARPS];
    unsigned n = 0, warps = sm_tb_read(sm, t, 0).warps;
    uint64_t start = sm->phase_start[t];

    for (unsigned k = 0; k < warps; k++) {
        unsigned g = sm_tb_read(sm, t, k).warp_slot;
        const struct warp_slot *wp = sm_warp(sm, g);

        if (wp->tb != t || wp->wid != k || !wp->lanes
            || sm->phase_end[g] < start)
            continue;
        took[n++] = sm->phase_end[g] + 1 - start;
    }
    sm_stats_phase(&sm->st, took, n);
}

/* Retire a warp whose threads have all exited. */
void sm_retire(struct sm *sm, unsigned g)
{
    const struct warp_slot *wp = sm_warp(sm, g);
    bool arrived = wp->at_barrier || bitset_has(sm->ws_in.arrive, g);

    /* the TB table's retire port, written at the edge (wpt_edge() in
     * sm.c); a warp that arrived at the barrier in progress (under sbr,
     * the simt.bar whose advance to the exit PC empties its stack; in
     * this cycle too) has been counted there: it is owed no arrival.
     * The warp slots' retire output (their kill port, filled by the
     * caller) frees the slot at the edge (warp_slots_edge()). */
    sm->tbt_in.retire[wp->tb]++;
    sm->tbt_in.retire_arrived[wp->tb] += arrived;
    bitset_add(sm->disp_in.warp_release, g);
    sm->memo.resident_warps--;  /* launched: it issued its exit */
    bitset_remove(sm->memo.resident[sm_slot_sched(sm, g)],
                  sm_slot_local(sm, g));
    sm->phase_end[g] = sm->st.cycles;
    if (sm->launch_probe)
        bitset_add(sm->launch_probe->retire, g);
    /* the TB's last warp: its slot is free from the next cycle */
    if (sm_tb_read(sm, wp->tb, 0).done) {
        if (sm->launch_probe)
            sm->launch_probe->tb_done |= 1ull << wp->tb;
        sm_end_phase(sm, wp->tb);
        sm->disp_in.tb_release |= 1ull << wp->tb;
        sm->st.tbs_done++;
    }
}

/* Where warp k of TB slot t is, for sm_check_barriers(). */
enum tb_warp_place { TB_WARP_GONE, TB_WARP_WAITING, TB_WARP_RUNNING };

static enum tb_warp_place tb_warp_place(struct sm *sm, unsigned t,
                                        unsigned k)
{
    const struct warp_slot *wp = sm_warp(sm, sm_tb_read(sm, t, k).warp_slot);

    if (!wp->resident || wp->tb != t || wp->wid != k)
        return TB_WARP_GONE;
    return wp->at_barrier ? TB_WARP_WAITING : TB_WARP_RUNNING;
}

/* " k1 k2 ..." of TB slot t's warps at place p, cut to len bytes. */
static void tb_warp_list(struct sm *sm, unsigned t,
                         enum tb_warp_place p, char *buf, size_t len)
{
    size_t n = 0;
    unsigned warps = sm_tb_read(sm, t, 0).warps;

    buf[0] = '\0';
    for (unsigned k = 0; k < warps && n + 8 < len; k++)
        if (tb_warp_place(sm, t, k) == p)
            n += (size_t)snprintf(buf + n, len - n, " %u", k);
}


/* TB slot t's barrier releases: its live threads must all wait at the
 * same simt.bar (each thread's PC is the one after it).  Threads waiting
 * at different barriers (a barrier that some of them skipped) stop the
 * run, naming the TB, the warps, their lanes and the barriers' PCs. */
void sm_check_release(struct sm *sm, unsigned t)
{
    const struct simt_config *c = &sm->cfg;
    const struct tb_table_out tb = sm_tb_read(sm, t, 0);
    uint32_t first = 0;
    bool differ = false, have = false;
    char buf[512];
    size_t n = 0;

    for (unsigned k = 0; k < tb.warps; k++) {
        unsigned g = sm_tb_read(sm, t, k).warp_slot;
        const struct warp_slot *wp = sm_warp(sm, g);

        if (!wp->resident || wp->tb != t || wp->wid != k)
            continue;
        for (uint64_t m = wp->live; m; m &= m - 1) {
            uint32_t pc = sm->thread[g * c->warp_size
                                     + (unsigned)__builtin_ctzll(m)].pc;
            differ |= have && pc != first;
            first = have ? first : pc;
            have = true;
        }
    }
    if (!differ)
        return;
    buf[0] = '\0';
    for (unsigned k = 0; k < tb.warps && n + 64 < sizeof buf; k++) {
        unsigned g = sm_tb_read(sm, t, k).warp_slot;
        const struct warp_slot *wp = sm_warp(sm, g);

        if (!wp->resident || wp->tb != t || wp->wid != k)
            continue;
        for (uint64_t m = wp->live; m; ) {
            uint32_t pc = sm->thread[g * c->warp_size
                                     + (unsigned)__builtin_ctzll(m)].pc;
            uint64_t at = 0;
            for (uint64_t j = m; j; j &= j - 1)
                if (sm->thread[g * c->warp_size
                               + (unsigned)__builtin_ctzll(j)].pc == pc)
                    at |= j & -j;
            m &= ~at;
            n += (size_t)snprintf(buf + n, sizeof buf - n,
                                  "%swarp %u lanes 0x%llx at PC 0x%08x",
                                  n ? ", " : "", k, (unsigned long long)at,
                                  pc - 4);
        }
    }
    sm_fail(sm, "kernel %s: the barrier of TB %u cannot complete: its live "
            "threads wait at different barriers (%s); a barrier that some "
            "live threads skip never completes (cycle %llu)",
            sm->launch.kernel, tb.ctaid, buf,
            (unsigned long long)sm->st.cycles);
}

/* A barrier that can no longer complete: every live warp of the TB waits
 * at it, yet fewer than all the TB's warps arrived, and no exited warp is
 * left to arrive (a fault of the model: exited warps arrive, sm.c's
 * sm_exited_arrivals()). */
void sm_check_barriers(struct sm *sm)
{
    for (unsigned t = 0; t < sm->cfg.max_tbs; t++) {
        const struct tb_table_out tb = sm_tb_read(sm, t, 0);
        bool stuck = true, any = false;
        char waiting[256], exited[256];

        if (!tb.valid || sm->wpt.cnt[t] == 0
            || tb.gone_arrived < tb.warps - tb.live_warps)
            continue;
        for (unsigned k = 0; k < tb.warps && stuck; k++) {
            enum tb_warp_place p = tb_warp_place(sm, t, k);
            any |= p == TB_WARP_WAITING;
            stuck = p != TB_WARP_RUNNING;
        }
        if (!stuck || !any)
            continue;
        tb_warp_list(sm, t, TB_WARP_WAITING, waiting, sizeof waiting);
        tb_warp_list(sm, t, TB_WARP_GONE, exited, sizeof exited);
        sm_fail(sm, "kernel %s: the barrier of TB %u cannot complete: "
                "warps%s wait at it, warps%s exited (cycle %llu)",
                sm->launch.kernel, tb.ctaid, waiting, exited,
                (unsigned long long)sm->st.cycles);
    }
}

/* The grid is done: every TB placed and finished, the LSU empty. */
void sm_check_done(struct sm *sm)
{
    if (sm->status != SM_RUNNING || !dispatch_all_placed(&sm->disp))
        return;
    /* a TB is valid while one of its warps is resident */
    if (resident_warps_of(sm) != 0 || !lsu_idle(&sm->lsu))
        return;
    if (sm->bad_exits == 0) {
        sm->status = SM_DONE;
        return;
    }
    /* the grid ran, but threads said they failed: name them */
    char list[SM_ERR_LEN - 128];
    size_t n = 0;
    list[0] = '\0';
    for (unsigned i = 0; i < sm->bad_exits && i < SM_EXITS_NAMED
                         && n < sizeof list; i++) {
        const struct sm_exit_code *e = &sm->exit_named[i];
        n += (size_t)snprintf(list + n, sizeof list - n, "\n  thread %u of "
                              "TB %u (warp %u, lane %u) at PC 0x%08x: exit "
                              "code %u (0x%x)", e->tid, e->ctaid, e->wid,
                              e->lane, e->pc, e->code, e->code);
    }
    sm_fail(sm, "kernel %s: %u thread%s exited with a non-zero code%s%s",
            sm->launch.kernel, sm->bad_exits, sm->bad_exits == 1 ? "" : "s",
            sm->bad_exits > SM_EXITS_NAMED ? " (the first named)" : "",
            list);
}

/* Under a mode that keeps threads at the barrier on their own: the
 * lowest resident warp of scheduler s whose live threads all wait there
 * and that has not arrived yet, or -1.  Word by word (bits.h): it is
 * asked every cycle. */
int sm_barrier_arrival(const struct sm *sm, unsigned s)
{
    uint64_t set[SCHEDULER_MAX_WARPS / 64];
    const uint64_t *resident = sm_resident_of(sm, s, set);

    for (unsigned k = 0; k * 64 < sm->warps_per_sched; k++)
        for (uint64_t m = resident[k]; m; m &= m - 1) {
            unsigned w = k * 64 + (unsigned)__builtin_ctzll(m);
            const struct warp_slot *wp = sm_warp(sm, sm_slot_of(sm, s, w));

            if (!wp->launch_pending && !wp->at_barrier && wp->live
                && sm_reconv_all_barrier(&sm->rc, s, w, wp->live))
                return (int)w;
        }
    return -1;
}

/* The exited warps of each TB whose barrier is in progress (a warp of it
 * waits, or arrives in this cycle) and that have not yet arrived at it:
 * they arrive through the arrival ports no warp uses in this cycle
 * (sent[t] of them for TB slot t).  True when one does. */
bool sm_exited_arrivals(struct sm *sm, struct wpt_in *wi, unsigned sent[])
{
    unsigned S = sm->cfg.schedulers, p = 0;
    bool any = false;
    uint64_t owing = sm_tb_read(sm, 0, 0).owing;

    memset(sent, 0, sm->cfg.max_tbs * sizeof sent[0]);
    /* only the TBs that owe an arrival send one */
    for (; owing; owing &= owing - 1) {
        unsigned t = (unsigned)__builtin_ctzll(owing);
        const struct tb_table_out tb = sm_tb_read(sm, t, 0);
        bool busy = sm->wpt.cnt[t] != 0;
        unsigned owed;

        owed = tb.warps - tb.live_warps - tb.gone_arrived;
        for (unsigned q = 0; !busy && owed && q < S; q++)
            busy = wi->arr_valid[q] && wi->arr_tb[q] == t;
        for (; busy && owed && p < S; p++)
            if (!wi->arr_valid[p]) {
                wi->arr_valid[p] = true;
                wi->arr_tb[p] = t;
                sent[t]++;
                owed--;
                any = true;
            }
    }
    return any;
}
