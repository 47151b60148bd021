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
            r->tb = sm_warp(sm, slot[l])->tb;
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

/* Its release port: the load or atomic of the lanes `mask`, each lane's
 * thread in warp slot slots[l], is back (rd readable from the next
 * cycle). */
static void release_rd(struct sm *sm, const uint16_t *slots, uint64_t mask,
                       unsigned rd)
{
    struct scoreboard_release *r = &sm->sb_in.release[sm->sb_in.n_release++];

    r->slots = slots;
    r->mask = mask;
    r->rd = (uint8_t)rd;
}

/* The clock edge of the scoreboard and of the table of loads in flight:
 * this cycle's reservations and releases, then the table's sends and
 * dones (after the scoreboard's step, which reads the slots the table's
 * outputs point at). */
void sm_scoreboard_edge(struct sm *sm)
{
    bool global = false;        /* the pending lanes change */

    if (sm->sb_in.n_reserve || sm->sb_in.n_release)
        scoreboard_step(&sm->sb, &sm->sb_in);
    sm->sb_in.n_reserve = sm->sb_in.n_release = 0;
    if (!sm->mw_in.n_send && !sm->mw_in.n_done)
        return;
    for (unsigned i = 0; i < sm->mw_in.n_send; i++)
        global |= sm->mw_in.send[i].e.global;
    mem_wait_step(&sm->mw, &sm->mw_in);
    sm->memo.mem_epoch += global;
    sm->mw_in.n_send = sm->mw_in.n_done = 0;
}

/* The register values of a load or atomic sent from warp slot g to rd,
 * which the C wrote at the issue, kept for its done (the probe's
 * load_data, not hardware). */
static void probe_load_data(const struct sm *sm, struct sm_mem_probe *p,
                            unsigned g, unsigned rd,
                            const struct sm_issue_record *rec)
{
    unsigned ws = sm->cfg.warp_size;
    uint32_t *d = p->load_data + ((size_t)g * 32 + rd) * ws;

    for (uint64_t k = rec->mask; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k);
        d[l] = rec->res[l].rd_value;
    }
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
        /* the table of loads in flight takes it at this cycle's edge */
        struct mem_wait_send *mw = &sm->mw_in.send[sm->mw_in.n_send++];
        mw->slot = r.warp;
        mw->rd = r.rd;
        mw->e.mask = rec->mask;
        mw->e.global = r.space == LSU_GLOBAL && r.mask;
        for (unsigned l = 0; l < sm->cfg.warp_size; l++)
            mw->e.slot[l] = (uint16_t)slot[l];
        sm_reserve_rd(sm, s, false, owner, rec->mask, r.rd,
                      SCOREBOARD_PENDING);
        if (sm->mem_probe && sm->mem_probe->load_data)
            probe_load_data(sm, sm->mem_probe, r.warp, r.rd, rec);
    }
    if (sm->mem_probe) {        /* its data, and what the C's access gave */
        struct sm_mem_probe *p = sm->mem_probe;

        p->op = rec->insn.op;
        p->lanes = p->exec_mem[s] & rec->mask;
        for (unsigned l = 0; l < sm->cfg.warp_size; l++) {
            bool here = p->lanes >> l & 1;

            p->wdata[l] = here ? p->exec_wdata[s][l] : 0;
            p->vaddr[l] = here ? rec->res[l].mem_addr : 0;
            p->ldata[l] = here && rec->res[l].rd_written ? rec->res[l].rd_value : 0;
            p->tbs[l] = here ? (uint8_t)sm_warp(sm, slot[l])->tb : 0;
            p->slots[l] = here ? (uint16_t)slot[l] : 0;
        }
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

/* The memory side's inputs and the outputs read from the state before
 * the edge, into the probe (struct sm_mem_probe). */
static void probe_mem_before(const struct sm *sm, struct sm_mem_probe *p)
{
    struct mem_wait_in rd;
    struct mem_wait_out mo;

    p->evaluated = true;
    p->issue = sm->lsu_taken;
    if (p->issue)
        p->req = sm->lsu_req;
    p->send = sm->mw_in.n_send > 0;
    if (p->send)
        p->sent = sm->mw_in.send[0];
    memset(&rd, 0, sizeof rd);  /* the read ports alone */
    for (unsigned i = 0; i < p->n_rd; i++) {
        rd.rd_slot = p->rd_slot[i];
        rd.rd_reg = p->rd_reg[i];
        mem_wait_eval(&sm->mw, &rd, &mo);
        p->rd_mask[i] = mo.rd_mask;
    }
    if (!p->n_rd)
        mem_wait_eval(&sm->mw, &rd, &mo);
    memcpy(p->mw_pending, mo.pending,
           sm->warp_slots * sizeof p->mw_pending[0]);
    p->ready = lsu_can_accept(&sm->lsu);
    memset(p->lsu_pending, 0, sizeof p->lsu_pending);
    for (unsigned g = 0; g < sm->warp_slots; g++)
        p->lsu_pending[g / 64] |= (uint64_t)lsu_pending(&sm->lsu, g) << g % 64;
}

/* What the LSU and DRAM gave in this cycle, into the probe. */
static void probe_mem_lsu(struct sm_mem_probe *p, const struct dram_out *mem,
                          const struct lsu_out *out)
{
    p->mem = out->mem;
    p->n_resp = mem->n;
    memset(p->resp, 0, sizeof p->resp);
    for (unsigned i = 0; i < mem->n; i++)
        p->resp[mem->id[i] / 64] |= 1ull << mem->id[i] % 64;
    p->n_done = out->n_done;
    memcpy(p->done, out->done, out->n_done * sizeof out->done[0]);
}

/* The table's dones of this cycle (the scoreboard's releases), into the
 * probe. */
static void probe_mem_dones(const struct sm *sm, struct sm_mem_probe *p,
                            const struct mem_wait_out *mo)
{
    p->n_wdone = sm->mw_in.n_done;
    for (unsigned i = 0; i < p->n_wdone; i++) {
        p->wdone_mask[i] = mo->done_mask[i];
        p->wdone_global[i] = mo->done_global[i];
        memcpy(p->wdone_slots[i], mo->done_slots[i],
               sm->cfg.warp_size * sizeof p->wdone_slots[i][0]);
        if (p->load_data)
            memcpy(p->wdone_data[i], p->load_data
                   + ((size_t)sm->mw_in.done[i].slot * 32
                      + sm->mw_in.done[i].rd) * sm->cfg.warp_size,
                   sm->cfg.warp_size * sizeof p->wdone_data[i][0]);
    }
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
    struct mem_wait_out mo;
    unsigned n;

    if (sm->mem_probe)
        probe_mem_before(sm, sm->mem_probe);
    dram_eval(&sm->dram, NULL, &mem);
    lsu_cycle(&sm->lsu, &in, &out);
    dram_step(&sm->dram, &out.mem);
    n = out.n_done;
    if (sm->mem_probe)
        probe_mem_lsu(sm->mem_probe, &mem, &out);

    sm->sb_in.now = now;

    /* the dones go to the table of loads in flight, which names their
     * threads (its edge is the caller's sm_scoreboard_edge()) */
    for (unsigned i = 0; i < n; i++)
        if (done[i].rd) {
            sm->mw_in.done[sm->mw_in.n_done].slot = done[i].warp;
            sm->mw_in.done[sm->mw_in.n_done++].rd = done[i].rd;
        }
    if (sm->mw_in.n_done)
        mem_wait_eval(&sm->mw, &sm->mw_in, &mo);
    if (sm->mem_probe)
        probe_mem_dones(sm, sm->mem_probe, &mo);
    for (unsigned i = 0; i < sm->mw_in.n_done; i++) {
        sm->memo.mem_epoch += mo.done_global[i];
        release_rd(sm, mo.done_slots[i], mo.done_mask[i],
                   sm->mw_in.done[i].rd);
    }
    return n;
}
