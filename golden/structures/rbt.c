/*
 * rbt.c -- the HARP Re-convergence Barriers table; see rbt.h for the
 * contract.
 *
 * One cycle is computed as a plan: the request at the table, the entry a
 * release frees, and for a reservation the way each set writes.
 * rbt_eval() reads the outputs off the plan; rbt_step() commits it.
 */
#include "rbt.h"
#include "model.h"

#include <stdio.h>
#include <string.h>
#include "bits.h"

void rbt_geometry(const struct simt_config *cfg, struct rbt_geometry *g)
{
    g->entries = cfg->rbt_entries;
    g->ways    = cfg->rbt_ways;
    g->sets    = cfg->rbt_ways ? cfg->rbt_entries / cfg->rbt_ways : 0;
    g->set_w   = clog2(g->sets);
    g->lanes   = cfg->simd_width;
    g->tw      = cfg->thread_id_bits - clog2(cfg->simd_width);
    g->pc_w    = cfg->pc_bits;
    g->stages  = cfg->rbt_pipeline_stages;
    g->occ_w   = bits_for(g->entries);
    g->org     = cfg->rbt_organisation;
}

unsigned long rbt_state_bits(const struct rbt_geometry *g)
{
    unsigned long entry = 1 + g->pc_w + (unsigned long)g->lanes * (2 + g->tw);
    unsigned long stage = 2 + g->pc_w + (unsigned long)g->lanes * (1 + g->tw);
    return g->entries * entry + (g->stages - 1) * stage + g->occ_w;
}

unsigned long rbt_memory_bits(const struct rbt_geometry *g)
{
    return g->entries * (g->pc_w + (unsigned long)g->lanes * g->tw);
}

void rbt_harp_org(const struct rbt_geometry *g, struct harp_array_org *lanes,
                  struct harp_array_org *rpc)
{
    unsigned copies = g->org == RBT_MULTIPORT ? g->lanes : 1;

    lanes->name     = "RBT lanes";
    lanes->banks    = g->org == RBT_MULTIPORT ? 1 : g->lanes;
    lanes->entries  = g->entries;
    lanes->sets     = g->sets;
    lanes->ways     = g->ways;
    lanes->tag_bits = copies * g->tw;
    lanes->row_bits = copies * (g->tw + 1);

    rpc->name     = "RBT RPC";
    rpc->banks    = 1;
    rpc->entries  = g->entries;
    rpc->sets     = g->sets;
    rpc->ways     = g->ways;
    rpc->tag_bits = 1 + g->pc_w;
    rpc->row_bits = g->pc_w;
}

int rbt_check(const struct rbt_geometry *g, char *msg, size_t msglen)
{
    if (g->entries < 1 || g->entries > RBT_MAX_ENTRIES || g->ways < 1 ||
        g->entries % g->ways != 0 || !is_pow2(g->sets) ||
        g->lanes < 1 || g->lanes > RBT_MAX_LANES || g->pc_w > 64 ||
        g->tw < 1 || g->tw > 32 || g->set_w > g->tw ||
        (g->stages != 1 && g->stages != 2 && g->stages != 4)) {
        snprintf(msg, msglen, "the RBT model holds 1..%d entries in a "
                 "power of two of sets, 1..%d lanes, pc up to 64 bits, "
                 "thread ids of 1..32 bits that can name every set, and 1, "
                 "2 or 4 stages; the configuration asks for %u entries of "
                 "%u ways, %u lanes, %u-bit pc, %u-bit thread ids and %u "
                 "stages", RBT_MAX_ENTRIES, RBT_MAX_LANES,
                 g->entries, g->ways, g->lanes, g->pc_w, g->tw, g->stages);
        return -1;
    }
    return 0;
}

int rbt_init(struct rbt *m, const struct simt_config *cfg,
             char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    rbt_geometry(cfg, &m->g);
    if (rbt_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    rbt_reset(m);
    return 0;
}

void rbt_reset(struct rbt *t)
{
    t->occupancy = 0;
    for (unsigned e = 0; e < t->g.entries; e++) {
        t->e[e].valid = false;
        t->e[e].member = 0;
        t->e[e].reached = 0;
    }
    for (unsigned s = 0; s + 1 < RBT_MAX_STAGES; s++)
        t->pipe[s].valid = false;
    t->memo.rel = -1;
}

/* A request as the ports take it, cut to the port widths (the thread
 * ids of lanes beyond g->lanes are not read, and not written). */
static void take(const struct rbt_geometry *g, const struct rbt_in *in,
                 struct rbt_req *r)
{
    r->valid = in->cmt_valid;
    r->diverged = in->cmt_diverged;
    r->pc = in->cmt_pc & low_bits(g->pc_w);
    r->mask = in->cmt_mask & low_bits(g->lanes);
    for (unsigned l = 0; l < g->lanes; l++)
        r->tid[l] = in->cmt_tid[l] & (uint32_t)low_bits(g->tw);
}

/* The request at the table this cycle. */
static void at_table(const struct rbt *t, const struct rbt_in *in,
                     struct rbt_req *r)
{
    if (t->g.stages == 1)
        take(&t->g, in, r);
    else
        *r = t->pipe[0];
}

static unsigned set_of(const struct rbt_geometry *g, uint32_t tid)
{
    return tid & (uint32_t)(g->sets - 1);
}

static bool complete(const struct rbt_entry *en)
{
    return en->valid && en->reached == en->member;
}

/* The lowest complete entry, or -1: kept in t->memo.rel by rbt_reset()
 * and rbt_step() (releasing_after()), or under reference looked for. */
static int releasing(const struct rbt *t)
{
    if (t->reference) {
        for (unsigned e = 0; e < t->g.entries; e++)
            if (complete(&t->e[e]))
                return (int)e;
        return -1;
    }
    return t->memo.rel;
}

/* Entry e holds thread (l, tid) as a member at pc. */
static bool holds(const struct rbt_entry *en, uint64_t pc, unsigned l,
                  uint32_t tid)
{
    return en->valid && en->rpc == pc && ((en->member >> l) & 1) &&
           en->tid[l] == tid;
}

int rbt_find(const struct rbt *t, uint64_t rpc, unsigned lane, uint32_t tid)
{
    for (unsigned e = 0; e < t->g.entries; e++)
        if (holds(&t->e[e], rpc, lane, tid))
            return (int)e;
    return -1;
}

/* Whether way w of the set may take group `group` as a merge. */
static bool mergeable(const struct rbt_geometry *g, const struct rbt_entry *en,
                      const struct rbt_req *r, uint64_t group)
{
    if (!en->valid || en->reached == en->member || en->rpc != r->pc)
        return false;
    for (unsigned l = 0; l < g->lanes; l++)
        if (((group >> l) & 1) && ((en->member >> l) & 1) &&
            en->tid[l] != r->tid[l])
            return false;
    return true;
}

/* Reservation of set s by the lanes `group` of the request. */
static void reserve_set(const struct rbt *t, unsigned s, uint64_t group,
                        struct rbt_plan *p)
{
    const struct rbt_geometry *g = &t->g;
    const struct rbt_entry *set = &t->e[s * g->ways];
    uint64_t fresh = group;
    int free_way = -1;

    /* Threads already waiting for this pc in this set keep their barrier. */
    for (unsigned l = 0; l < g->lanes; l++)
        for (unsigned w = 0; w < g->ways; w++)
            if (((group >> l) & 1) && holds(&set[w], p->req.pc, l, p->req.tid[l]))
                fresh &= ~((uint64_t)1 << l);
    if (fresh == 0)
        return;
    for (unsigned w = 0; w < g->ways; w++) {
        if (mergeable(g, &set[w], &p->req, group)) {
            p->target[s] = (int)w;
            p->join[s] = fresh;
            return;
        }
        if (!set[w].valid && free_way < 0)
            free_way = (int)w;
    }
    if (free_way >= 0) {
        p->target[s] = free_way;
        p->alloc[s] = true;
        p->join[s] = fresh;
    } else {
        p->rsv_fail |= fresh;
    }
}

static void reserve(const struct rbt *t, struct rbt_plan *p)
{
    const struct rbt_geometry *g = &t->g;
    for (unsigned s = 0; s < g->sets; s++) {
        uint64_t group = 0;
        for (unsigned l = 0; l < g->lanes; l++)
            if (((p->req.mask >> l) & 1) && set_of(g, p->req.tid[l]) == s)
                group |= (uint64_t)1 << l;
        if (group)
            reserve_set(t, s, group, p);
    }
}

static void arrive(const struct rbt *t, struct rbt_plan *p)
{
    const struct rbt_geometry *g = &t->g;

    if (t->occupancy == 0)
        return;                 /* no valid entry: nothing to arrive at */
    /* set by set (a warp's lanes mostly share one), in the order of the
     * sets' lowest lanes */
    for (uint64_t left = p->req.mask & low_bits(g->lanes), group; left;
         left &= ~group) {
        unsigned s = set_of(g, p->req.tid[__builtin_ctzll(left)]);

        group = 0;
        for (uint64_t m = left; m; m &= m - 1)
            if (set_of(g, p->req.tid[__builtin_ctzll(m)]) == s)
                group |= m & -m;
        p->arr_set[p->arr_sets++] = s;
        /* the ways valid at req.pc take the lanes they hold (holds())
         * that have not reached them yet */
        for (unsigned w = 0; w < g->ways; w++) {
            unsigned e = s * g->ways + w;
            const struct rbt_entry *en = &t->e[e];
            uint64_t hit = 0;

            p->reach[e] = 0;    /* as every other set's is */
            if (!en->valid || en->rpc != p->req.pc)
                continue;
            for (uint64_t m = group & en->member & ~en->reached; m;
                 m &= m - 1)
                if (en->tid[__builtin_ctzll(m)]
                    == p->req.tid[__builtin_ctzll(m)])
                    hit |= m & -m;
            p->reach[e] = hit;
            p->arr_hit |= hit;
        }
    }
}

/* release: releasing(t), when the caller has it, else -2. */
static void plan_cycle(const struct rbt *t, const struct rbt_in *in,
                       int release, struct rbt_plan *p)
{
    const struct rbt_geometry *g = &t->g;

    at_table(t, in, &p->req);
    p->err = false;
    p->rsv_fail = 0;
    p->arr_hit = 0;
    for (unsigned s = 0; s < g->sets; s++) {
        p->target[s] = -1;
        p->alloc[s] = false;
        p->join[s] = 0;
    }
    /* reach[] is cleared set by set as arrivals look (arrive) */
    p->arr_sets = 0;
    p->release = !in->rel_ready ? -1 : release >= -1 ? release
                 : releasing(t);
    if (!p->req.valid)
        return;
    if (p->req.mask == 0) {
        p->err = true;
        return;
    }
    if (p->req.diverged)
        reserve(t, p);
    else
        arrive(t, p);
}

static void show_entry(const struct rbt_geometry *g, const struct rbt_entry *en,
                       struct rbt_view *v)
{
    v->valid = en->valid;
    v->rpc = en->valid ? en->rpc : 0;
    v->member = en->valid ? en->member : 0;
    v->reached = en->valid ? en->reached : 0;
    for (unsigned l = 0; l < g->lanes; l++)
        v->tid[l] = (v->member >> l) & 1 ? en->tid[l] : 0;
}

void rbt_eval(const struct rbt *t, const struct rbt_in *in,
              struct rbt_out *out)
{
    rbt_eval_ports(t, in, out);
    for (unsigned e = 0; e < t->g.entries; e++)
        show_entry(&t->g, &t->e[e], &out->entry[e]);
}

/* Whether no request is at the table this cycle (then the plan only
 * releases, and the request's outputs are zero). */
static bool no_request(const struct rbt *t, const struct rbt_in *in)
{
    return t->g.stages == 1 ? !in->cmt_valid : !t->pipe[0].valid;
}

static void ports_out(const struct rbt *t, const struct rbt_plan *p,
                      struct rbt_out *out);

void rbt_eval_ports(const struct rbt *t, const struct rbt_in *in,
                    struct rbt_out *out)
{
    struct rbt_plan p;

    if (no_request(t, in)) {
        p.err = false;
        p.rsv_fail = p.arr_hit = 0;
        ports_out(t, &p, out);
    } else {
        rbt_eval_planned(t, in, out, &p);
    }
}

void rbt_eval_planned(const struct rbt *t, const struct rbt_in *in,
                      struct rbt_out *out, struct rbt_plan *p)
{
    plan_cycle(t, in, releasing(t), p);
    ports_out(t, p, out);
}

/* The port outputs: the plan's for the request, the release's. */
static void ports_out(const struct rbt *t, const struct rbt_plan *p,
                      struct rbt_out *out)
{
    const struct rbt_geometry *g = &t->g;
    int r = releasing(t);

    out->err = p->err;
    out->rsv_fail = p->rsv_fail;
    out->arr_hit = p->arr_hit;
    out->rel_valid = r >= 0;
    out->rel_pc = 0;
    out->rel_mask = 0;
    for (unsigned l = 0; l < g->lanes; l++)
        out->rel_tid[l] = 0;
    if (r >= 0) {
        struct rbt_view v;
        show_entry(g, &t->e[r], &v);
        out->rel_pc = v.rpc;
        out->rel_mask = v.member;
        for (unsigned l = 0; l < g->lanes; l++)
            out->rel_tid[l] = v.tid[l];
    }
    out->occupancy = t->occupancy;
}

/* Write set s's reservation into its way. */
static void commit_set(struct rbt *t, const struct rbt_plan *p, unsigned s)
{
    const struct rbt_geometry *g = &t->g;
    struct rbt_entry *en;

    if (p->target[s] < 0)
        return;
    en = &t->e[s * g->ways + (unsigned)p->target[s]];
    if (p->alloc[s]) {
        en->valid = true;
        en->rpc = p->req.pc;
        en->member = 0;
        en->reached = 0;
        t->occupancy++;
    }
    en->member |= p->join[s];
    en->reached &= ~p->join[s];
    for (unsigned l = 0; l < g->lanes; l++)
        if ((p->join[s] >> l) & 1)
            en->tid[l] = p->req.tid[l];
}

/* The lowest complete entry after the step that carried out plan p,
 * looked for only where it can have changed.  A complete entry stays complete until it
 * is released (a merge or an arrival needs a lane not yet reached), and
 * the entries below the lowest complete one were not complete: so the
 * answer is the lowest complete of the entries the step wrote and either
 * the entry kept (no release) or, when it was released, those above it. */
static int releasing_after(const struct rbt *t, const struct rbt_plan *p)
{
    const struct rbt_geometry *g = &t->g;
    int best = p->release >= 0 ? -1 : t->memo.rel;

    for (unsigned e = (unsigned)p->release + 1;
         p->release >= 0 && best < 0 && e < g->entries; e++)
        if (complete(&t->e[e]))
            best = (int)e;
    for (unsigned s = 0; s < g->sets; s++) {
        int e = p->target[s] < 0 ? -1
                : (int)(s * g->ways + (unsigned)p->target[s]);
        if (e >= 0 && (best < 0 || e < best) && complete(&t->e[e]))
            best = e;
    }
    for (unsigned i = 0; i < p->arr_sets; i++)
        for (unsigned w = 0; w < g->ways; w++) {
            int e = (int)(p->arr_set[i] * g->ways + w);
            if (p->reach[e] && (best < 0 || e < best) && complete(&t->e[e]))
                best = e;
        }
    return best;
}

/* Advance the request stages: the newest request enters at the back. */
static void advance_pipe(struct rbt *t, const struct rbt_in *in)
{
    unsigned n = t->g.stages - 1;
    if (n == 0)
        return;
    for (unsigned s = 0; s + 1 < n; s++)
        t->pipe[s] = t->pipe[s + 1];
    take(&t->g, in, &t->pipe[n - 1]);
}

/* The clock edge that carries out plan p. */
static void apply(struct rbt *t, const struct rbt_in *in,
                  const struct rbt_plan *p)
{
    const struct rbt_geometry *g = &t->g;
    bool moved = p->release >= 0 || p->arr_sets > 0;

    for (unsigned s = 0; s < g->sets && !moved; s++)
        moved = p->target[s] >= 0;
    if (p->release >= 0) {
        t->e[p->release].valid = false;
        t->e[p->release].member = 0;
        t->e[p->release].reached = 0;
        t->occupancy--;
    }
    for (unsigned s = 0; s < g->sets; s++)
        commit_set(t, p, s);
    for (unsigned i = 0; i < p->arr_sets; i++)
        for (unsigned w = 0; w < g->ways; w++) {
            unsigned e = p->arr_set[i] * g->ways + w;
            t->e[e].reached |= p->reach[e];
        }
    advance_pipe(t, in);
    if (moved)                  /* else no entry changed */
        t->memo.rel = releasing_after(t, p);
}

/* No request and no release: nothing moves. */
static bool idle_edge(const struct rbt *t, const struct rbt_in *in)
{
    return t->g.stages == 1 && !in->cmt_valid
           && (!in->rel_ready || releasing(t) < 0);
}

void rbt_step(struct rbt *t, const struct rbt_in *in)
{
    struct rbt_plan p;

    if (idle_edge(t, in))
        return;
    plan_cycle(t, in, -2, &p);
    apply(t, in, &p);
}

void rbt_step_planned(struct rbt *t, const struct rbt_in *in,
                      struct rbt_plan *p)
{
    if (idle_edge(t, in))
        return;
    /* the release is the receiver's to take, decided after the
     * evaluation: the rest of the plan does not depend on it */
    p->release = in->rel_ready ? releasing(t) : -1;
    apply(t, in, p);
}
