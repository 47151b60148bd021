/*
 * sm_memport.c -- the SM's memory port: the requests an issued memory
 * instruction sends to the LSU, the destinations it reserves and the
 * loads' releases, the LSU's edge and the memory's next event.
 */
#include <stdio.h>
#include <string.h>

#include "sm_stage.h"

/* The access size of a memory instruction. */
static unsigned access_bytes(enum rv32_op op)
{
    switch (op) {
    case RV32_LB: case RV32_LBU: case RV32_SB:
        return 1;
    case RV32_LH: case RV32_LHU: case RV32_SH:
        return 2;
    default:
        return 4;
    }
}

/* The LSU request of an issued memory instruction (its kind, size,
 * lanes, addresses and space; warp and rd are the caller's). */
static void lsu_request_of(const struct sm *sm,
                           const struct sm_issue_record *rec,
                           const unsigned slot[], struct lsu_request *r)
{
    enum rv32_op op = rec->insn.op;
    bool shared = true;

    memset(r, 0, sizeof *r);
    r->kind = op >= RV32_LB && op <= RV32_LHU ? LSU_LOAD
              : op >= RV32_SB && op <= RV32_SW ? LSU_STORE
              : op == RV32_LR_W ? LSU_LOAD : LSU_ATOMIC;
    r->bytes = access_bytes(op);
    for (unsigned l = 0; l < sm->cfg.warp_size; l++) {
        if (!(rec->mask >> l & 1) || !rec->res[l].mem)
            continue;
        if (!r->mask)
            r->tb = sm->warp[slot[l]].tb;
        r->mask |= 1ull << l;
        /* the memory pipeline sees each warp slot's stacks
         * interleaved by word */
        r->addr[l] = sm_memory_physical(rec->res[l].mem_addr,
                                        sm->mem.threads, sm->cfg.warp_size);
        shared &= r->addr[l] >= SM_SHARED_BASE
                  && r->addr[l] < SM_SHARED_BASE + SM_SHARED_BYTES;
    }
    /* a warp whose lanes all address the TB's shared window uses the
     * banks; any other (a mix included) goes through the L1 */
    r->space = shared && r->mask ? LSU_SHARED : LSU_GLOBAL;
}

/* The issued instruction is a load or atomic of global memory whose
 * result a register waits for, and under harp it sends the warp to the
 * Waiting-Lookup (waiting_lookup_loads: every such one, one that misses
 * the L1, or none). */
bool sm_waits_on_global(const struct sm *sm, unsigned s,
                        const struct sm_exec_outcome *o,
                        const struct sm_issue_record *rec)
{
    struct decode_out u = sm_use_at(sm, rec->pc);
    unsigned slot[SM_MAX_LANES];
    struct lsu_request r;

    if (!u.valid || !u.mem || !u.rd || !rec->mask)
        return false;
    sm_owner_slots(sm, s, o->owner, slot);
    lsu_request_of(sm, rec, slot, &r);
    if (r.kind == LSU_STORE || r.space != LSU_GLOBAL || !r.mask)
        return false;
    switch (sm->cfg.waiting_lookup_loads) {
    case WLOADS_EVERY:
        return true;
    case WLOADS_MISS:           /* the tag probe at issue; atomics always */
        return r.kind == LSU_ATOMIC || !lsu_lines_held(&sm->lsu, &r);
    case WLOADS_NONE:
        break;
    }
    return false;
}

/* The scoreboard's reservation port for an issue of scheduler s: rd of
 * the threads of `mask` (owners local to s; one: all in the lowest
 * lane's) is readable from `at`, written at the clock edge. */
void sm_reserve_rd(struct sm *sm, unsigned s, bool one,
                   const unsigned owner[], uint64_t mask, unsigned rd,
                   uint64_t at)
{
    struct scoreboard_reserve *r = &sm->sb_in.reserve[sm->sb_in.n_reserve++];

    r->mask = mask;
    r->rd = (uint8_t)rd;
    r->at = at;
    r->regrouped = !(one && mask);
    if (r->regrouped)
        sm_owner_slots(sm, s, owner, r->slots);
    else
        r->slot = sm_slot_of(sm, s, owner[__builtin_ctzll(mask)]);
}

/* Its release port: the load or atomic of mw is back (rd readable from
 * the next cycle). */
static void release_rd(struct sm *sm, const struct sm_mem_wait *mw,
                       unsigned rd)
{
    struct scoreboard_release *r = &sm->sb_in.release[sm->sb_in.n_release++];

    r->slots = mw->slot;
    r->mask = mw->mask;
    r->rd = (uint8_t)rd;
}

/* The scoreboard's clock edge: this cycle's reservations and releases. */
void sm_scoreboard_edge(struct sm *sm)
{
    if (sm->sb_in.n_reserve || sm->sb_in.n_release)
        scoreboard_step(&sm->sb, &sm->sb_in);
    sm->sb_in.n_reserve = sm->sb_in.n_release = 0;
}

/* The issued memory instruction goes to the LSU; a load or atomic holds
 * its destination in the scoreboard until the LSU reports it done. */
void sm_send_to_lsu(struct sm *sm, unsigned s, unsigned w,
                    const struct sm_issue_record *rec,
                    const unsigned owner[], const struct decode_out *u)
{
    struct lsu_request r;
    unsigned slot[SM_MAX_LANES];

    sm_owner_slots(sm, s, owner, slot);
    lsu_request_of(sm, rec, slot, &r);
    r.warp = sm_slot_of(sm, s, w);
    r.rd = r.kind == LSU_STORE ? 0 : u->rd;
    if (r.rd) {
        struct sm_mem_wait *mw = &sm->mem_wait[r.warp * 32 + r.rd];
        mw->mask = rec->mask;
        mw->global = r.space == LSU_GLOBAL && r.mask;
        sm->memo.mem_epoch += mw->global;
        for (unsigned l = 0; l < sm->cfg.warp_size; l++) {
            mw->slot[l] = (uint16_t)slot[l];
            if (mw->global && (rec->mask >> l & 1)) {
                sm->mem_count[slot[l] * sm->cfg.warp_size + l]++;
                sm->mem_lanes[slot[l]] |= 1ull << l;
            }
        }
        sm_reserve_rd(sm, s, false, owner, rec->mask, r.rd,
                      SCOREBOARD_PENDING);
    }
    sm->lsu_req = r;            /* the LSU takes it at this cycle's edge */
    sm->lsu_taken = true;
}

/* Not hardware: the first cycle at which the LSU or the memory port
 * behind it does more than count the cycle (lsu_next_event(),
 * dram_next_event()), for the skipping of quiet cycles. */
uint64_t sm_memory_next_event(const struct sm *sm)
{
    uint64_t l = lsu_next_event(&sm->lsu), d = dram_next_event(&sm->dram);

    return l < d ? l : d;
}

/* One clock of the LSU: the registers of the requests done are ready
 * from the next cycle (the scoreboard's release ports, written by the
 * caller's scoreboard_step()).  Returns how many requests were done. */
unsigned sm_lsu_edge(struct sm *sm, uint64_t now)
{
    struct dram_out mem;        /* DRAM's responses: the LSU's memory port */
    struct lsu_in in = { sm->lsu_taken ? &sm->lsu_req : NULL, &mem };
    struct lsu_out out;
    const struct lsu_done *done = out.done;
    unsigned n;

    dram_eval(&sm->dram, NULL, &mem);
    lsu_cycle(&sm->lsu, &in, &out);
    dram_step(&sm->dram, &out.mem);
    n = out.n_done;

    sm->sb_in.now = now;

    for (unsigned i = 0; i < n; i++) {
        struct sm_mem_wait *mw;

        if (done[i].rd == 0)
            continue;
        mw = &sm->mem_wait[done[i].warp * 32 + done[i].rd];
        sm->memo.mem_epoch += mw->global;
        for (uint64_t m = mw->global ? mw->mask : 0; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            if (--sm->mem_count[mw->slot[l] * sm->cfg.warp_size + l] == 0)
                sm->mem_lanes[mw->slot[l]] &= ~(1ull << l);
        }
        release_rd(sm, mw, done[i].rd);
        mw->mask = 0;
    }
    return n;
}
