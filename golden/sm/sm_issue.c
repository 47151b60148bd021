/*
 * sm_issue.c -- what holds a warp's issue: the decoded instruction it
 * holds, its hazards (the scoreboard, the SIMD groups, the LSU), and the
 * reasons a scheduler issues nothing (its stall, the idle threads'
 * states).
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

/* The warp slot of each lane's thread, from the owners (local warps). */
void sm_owner_slots(const struct sm *sm, unsigned s,
                    const unsigned owner[], unsigned slot[])
{
    unsigned S = sm->cfg.schedulers, L = sm->cfg.warp_size;

    for (unsigned l = 0; l < L; l++)
        slot[l] = owner[l] * S + s;     /* sm_slot_of(), with S read once */
}

/* For the testbench of simtref_sm_issue (struct sm_issue_probe), what
 * the check of warp (s, w) met: the scoreboard holds it (held: its
 * check) and, if so, by its destination alone (a write after a write:
 * the check asked again without it and with it alone); for a memory
 * instruction with a destination, a load of the warp's slot to it in
 * flight, asked whatever the scoreboard says. */
static void probe_check(struct sm *sm, unsigned s, unsigned w,
                        const struct scoreboard_in *held, bool clear,
                        const struct decode_out *u)
{
    struct sm_issue_probe *p = sm->issue_probe;

    p->sb_held[s][w] = !clear;
    if (!clear) {
        struct scoreboard_in si = *held;
        struct scoreboard_out without, alone;

        si.check.rd = 0;
        scoreboard_eval(&sm->sb, &si, &without);
        si.check.rs1 = si.check.rs2 = 0;
        si.check.rd = held->check.rd;
        scoreboard_eval(&sm->sb, &si, &alone);
        p->waw[s][w] = without.clear && !alone.clear;
    }
    if (u->mem && u->rd) {
        struct mem_wait_out mo;

        sm->mw_in.rd_slot = sm_slot_of(sm, s, w);
        sm->mw_in.rd_reg = u->rd;
        mem_wait_eval(&sm->mw, &sm->mw_in, &mo);
        p->mw_asked[s][w] = true;
        p->mw_rd_slot[s][w] = (uint16_t)sm->mw_in.rd_slot;
        p->mw_rd_reg[s][w] = (uint8_t)u->rd;
        p->mw_rd_mask[s][w] = mo.rd_mask;
    }
}

/* What keeps warp (s, w)'s oldest instruction from issuing at cycle now
 * (SM_HAZARD_NONE: nothing).  data: an operand (RAW) or the destination
 * (WAW) of one of its threads is not ready, or a load of the same warp
 * slot to the same register is in flight (the LSU reports done by slot
 * and register); structural: its unit is busy (the SIMD groups of the
 * scheduler, group_ok, or the LSU).  A stale slot and a PC outside the
 * text are let through: the first is dropped, the second is an error
 * that sm_execute() names.  next: a grant that executes in the next
 * cycle (operand_read_cycles = 1), whose check asks the scoreboard about
 * that cycle.  lsu_ok: the LSU takes a memory instruction (its port free
 * in this cycle, or, for such a grant, the unit able to accept). */
enum sm_hazard sm_issue_hazard(struct sm *sm, unsigned s,
                               unsigned w, uint64_t now, bool next,
                               bool group_ok, bool lsu_ok)
{
    unsigned owner[SM_MAX_LANES];
    uint32_t pc;
    uint64_t mask;
    struct decode_out u;
    bool one;
    struct scoreboard_in si;    /* its check port (eval reads no other) */
    struct scoreboard_out so;
    unsigned slot[SM_MAX_LANES];

    if (!sm_issue_threads(sm, s, w, &pc, &mask, owner, &one)) {
        if (sm->issue_probe)    /* the stage holds the warp elsewhere */
            sm->issue_probe->stale[s][w] = true;
        return SM_HAZARD_NONE;
    }
    if (sm->issue_probe) {      /* the checked instruction's threads */
        uint16_t *po = sm->issue_probe->owner
                       ? sm->issue_probe->owner[s * sm_mode_issue_slots(sm) + w]
                       : NULL;

        sm->issue_probe->pc[s][w] = pc;
        sm->issue_probe->mask[s][w] = mask;
        for (unsigned l = 0; po && l < sm->cfg.warp_size; l++)
            po[l] = (uint16_t)(one && mask ? owner[__builtin_ctzll(mask)]
                                           : owner[l]);
    }
    u = sm_use_at(sm, pc);
    if (!u.valid)
        return SM_HAZARD_NONE;
    si.now = now;
    si.check.ahead = next;
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
    if (sm->issue_probe)
        probe_check(sm, s, w, &si, so.clear, &u);
    if (!so.clear)
        return SM_HAZARD_DATA;
    if (u.mem) {
        struct mem_wait_out mo;     /* its read port: a load of this
                                     * warp slot to rd is in flight */

        sm->mw_in.rd_slot = sm_slot_of(sm, s, w);
        sm->mw_in.rd_reg = u.rd;
        if (u.rd) {
            mem_wait_eval(&sm->mw, &sm->mw_in, &mo);
            if (mo.rd_mask)
                return SM_HAZARD_DATA;
        }
        if (!lsu_ok)
            return SM_HAZARD_STRUCTURAL;
    } else if (!group_ok) {
        return SM_HAZARD_STRUCTURAL;
    }
    return SM_HAZARD_NONE;
}

/* Why scheduler s issued nothing when none of its warps shows a reason:
 * the threads of its launch warps are held by the control-flow
 * structures (harp's tables) or wait at the barrier, or its warps exited
 * while their TB runs; idle when it has no thread at all. */
enum sm_stall sm_idle_reason(struct sm *sm, unsigned s)
{
    unsigned W = sm->warps_per_sched;
    enum sm_stall r = SM_STALL_IDLE;
    uint64_t set[SCHEDULER_MAX_WARPS / 64];
    const uint64_t *resident = sm_resident_of(sm, s, set);

    /* a resident warp's reason comes before exit (ORDER SM_STALL) */
    for (unsigned w = bitset_next(resident, W, 0); w < W;
         w = bitset_next(resident, W, w + 1)) {
        unsigned g = sm_slot_of(sm, s, w);
        enum sm_stall k = sm_warp(sm, g)->at_barrier ? SM_STALL_BARRIER
                          : sm_mem_pending(sm)[g] ? SM_STALL_DATA
                          : SM_STALL_CONTROL;
        r = k < r ? k : r;
    }
    for (unsigned w = 0; r == SM_STALL_IDLE && w < W; w++) {
        unsigned g = sm_slot_of(sm, s, w);
        const struct warp_slot *wp = sm_warp(sm, g);

        struct tb_table_out tb = sm_tb_read(sm, wp->tb, wp->wid);

        if (wp->lanes && tb.valid && tb.warp_slot == g)
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

    /* the threads waiting on global memory, those of this cycle's sends
     * included: in the module a bypass of the table's send port to its
     * pending lanes (the table takes the sends at the edge) */
    memcpy(dep, sm_mem_pending(sm), sm->warp_slots * sizeof dep[0]);
    for (unsigned i = 0; i < sm->mw_in.n_send; i++) {
        const struct mem_wait_entry *e = &sm->mw_in.send[i].e;
        for (uint64_t m = e->global ? e->mask : 0; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            dep[e->slot[l]] |= 1ull << l;
        }
    }
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
                const struct warp_slot *wp = sm_warp(sm, sm_slot_of(sm, s, w));
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

                b = sm_warp(sm, g)->at_barrier ? live[w] : bar[w];
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
