/*
 * scheduler.c -- the warp issue scheduler; see scheduler.h for the contract.
 */
#include "scheduler.h"
#include "model.h"

#include <stdio.h>
#include <string.h>
#include "bits.h"

void scheduler_geometry(const struct simt_config *cfg, struct scheduler_geometry *g)
{
    g->policy = cfg->scheduler;
    g->warps  = cfg->warp_size ? cfg->threads_per_scheduler / cfg->warp_size : 0;
    g->tbs    = cfg->max_tbs;
    g->warp_w = clog2(g->warps);
    g->tb_w   = clog2(g->tbs);
    g->group  = cfg->pipeline_depth < g->warps ? cfg->pipeline_depth : g->warps;
    if (g->group == 0)
        g->group = 1;
}

/* The policies that first choose a TB, then a warp within it. */
static bool tb_level(const struct scheduler_geometry *g)
{
    return g->policy == SCHED_MWF_LRR || g->policy == SCHED_MWF_GTO ||
           g->policy == SCHED_SAWS;
}

static bool is_mwf(const struct scheduler_geometry *g)
{
    return g->policy == SCHED_MWF_LRR || g->policy == SCHED_MWF_GTO;
}

static bool is_gto(const struct scheduler_geometry *g)
{
    return g->policy == SCHED_GTO || g->policy == SCHED_MWF_GTO ||
           g->policy == SCHED_SAWS;
}

int scheduler_check(const struct scheduler_geometry *g, char *msg, size_t msglen)
{
    if (g->warps < 2 || g->warps > SCHEDULER_MAX_WARPS || g->tbs < 2) {
        snprintf(msg, msglen, "the issue scheduler needs 2..%d warps per "
                 "scheduler and at least 2 TBs (has %u warps, %u TBs)",
                 SCHEDULER_MAX_WARPS, g->warps, g->tbs);
        return -1;
    }
    return 0;
}

int scheduler_init(struct scheduler *m, const struct simt_config *cfg,
                   char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    scheduler_geometry(cfg, &m->g);
    if (scheduler_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    scheduler_reset(m);
    return 0;
}

void scheduler_reset(struct scheduler *s)
{
    s->last = s->g.warps - 1;
    s->have_last = false;
    for (unsigned t = 0; t < CONFIG_MAX_TBS; t++)
        s->tb_last[t] = s->g.warps - 1;
    for (unsigned w = 0; w < SCHEDULER_MAX_WARPS; w++)
        s->active[w] = w < s->g.group;
    s->promoted = s->g.group - 1;
    memset(s->tb_waited, 0, sizeof s->tb_waited);
    memset(s->before, 0, sizeof s->before);
}

/* The TB id of warp w as the RTL sees it: tb_w bits. */
static unsigned tb_of(const struct scheduler *s, const struct scheduler_in *in,
                      unsigned w)
{
    return in->warp_tb[w] & ((1u << s->g.tb_w) - 1);
}

static unsigned rank_of(const struct scheduler *s, const struct scheduler_in *in,
                        unsigned t)
{
    return in->tb_rank[t] & ((1u << s->g.tb_w) - 1);
}

/* The ranks are not a permutation of 0..T-1, or a ready warp has no TB. */
static bool contract_broken(const struct scheduler *s, const struct scheduler_in *in)
{
    bool seen[CONFIG_MAX_TBS] = { false };

    for (unsigned t = 0; is_mwf(&s->g) && t < s->g.tbs; t++) {
        unsigned r = rank_of(s, in, t);
        if (r >= s->g.tbs || seen[r])
            return true;
        seen[r] = true;
    }
    for (unsigned w = 0; w < s->g.warps; w++)
        if (in->ready[w] && tb_of(s, in, w) >= s->g.tbs)
            return true;
    return false;
}

/*
 * SAWS: TB j is ahead of TB i (j != i) in first-hit order.  Waiting TBs
 * first; of two waiting TBs the one that already waited in the last cycle,
 * and of two that both did, the order of the last cycle; otherwise (both
 * new, or neither waiting) the smaller id.
 */
static bool saws_ahead(const struct scheduler *s, const struct scheduler_in *in,
                       unsigned j, unsigned i)
{
    if (in->tb_wait[j] != in->tb_wait[i])
        return in->tb_wait[j];
    if (in->tb_wait[j] && s->tb_waited[j] != s->tb_waited[i])
        return s->tb_waited[j];
    if (in->tb_wait[j] && s->tb_waited[j])
        return j < i ? s->before[j][i] : !s->before[i][j];
    return j < i;
}

void scheduler_saws_ranks(const struct scheduler *s, const struct scheduler_in *in,
                      unsigned rank[CONFIG_MAX_TBS])
{
    for (unsigned i = 0; i < s->g.tbs; i++) {
        rank[i] = 0;
        for (unsigned j = 0; j < s->g.tbs; j++)
            rank[i] += j != i && saws_ahead(s, in, j, i);
    }
}

/* The TB ranks the TB-level policies compare: MWF's inputs, or SAWS's. */
static void tb_ranks(const struct scheduler *s, const struct scheduler_in *in,
                     unsigned rank[CONFIG_MAX_TBS])
{
    if (s->g.policy == SCHED_SAWS) {
        scheduler_saws_ranks(s, in, rank);
        return;
    }
    for (unsigned t = 0; t < s->g.tbs; t++)
        rank[t] = rank_of(s, in, t);
}

/*
 * MWF, SAWS: the TB that competes this cycle, the one of smallest (rank,
 * id) among the TBs with a ready warp; -1 when none.
 */
static int chosen_tb(const struct scheduler *s, const struct scheduler_in *in)
{
    unsigned rank[CONFIG_MAX_TBS];
    int best = -1;

    tb_ranks(s, in, rank);
    for (unsigned w = 0; w < s->g.warps; w++) {
        unsigned t = tb_of(s, in, w);
        if (!in->ready[w] || t >= s->g.tbs)
            continue;
        if (best < 0 || rank[t] < rank[best] ||
            (rank[t] == rank[best] && t < (unsigned)best))
            best = (int)t;
    }
    return best;
}

/*
 * Warps that compete: all ready warps; under MWF and SAWS those of one TB;
 * under TLS those of the active group.
 */
static void candidates(const struct scheduler *s, const struct scheduler_in *in,
                       bool cand[SCHEDULER_MAX_WARPS])
{
    int tb = tb_level(&s->g) ? chosen_tb(s, in) : -1;

    if (tb_level(&s->g))
        for (unsigned w = 0; w < s->g.warps; w++)
            cand[w] = in->ready[w] && tb >= 0
                      && tb_of(s, in, w) == (unsigned)tb;
    else if (s->g.policy == SCHED_TLS)
        for (unsigned w = 0; w < s->g.warps; w++)
            cand[w] = in->ready[w] && s->active[w];
    else
        memcpy(cand, in->ready, s->g.warps * sizeof cand[0]);
}

/* Round robin: the first candidate after warp `after` (< W), wrapping. */
static int round_robin(const struct scheduler *s, const bool *cand, unsigned after)
{
    unsigned W = s->g.warps, from = after + 1 < W ? after + 1 : W;
    /* a true bool is the byte 1: the library's search scans words */
    const bool *c = memchr(cand + from, true, W - from);

    if (!c)
        c = memchr(cand, true, from);
    return c ? (int)(c - cand) : -1;
}

/* Oldest: the candidate of smallest (TB id, warp id). */
static int oldest(const struct scheduler *s, const struct scheduler_in *in,
                  const bool *cand)
{
    int best = -1;

    for (unsigned w = 0; w < s->g.warps; w++)
        if (cand[w] && (best < 0 ||
                        tb_of(s, in, w) < tb_of(s, in, (unsigned)best)))
            best = (int)w;
    return best;
}

static int pick(const struct scheduler *s, const struct scheduler_in *in)
{
    bool sel[SCHEDULER_MAX_WARPS];   /* written for the g.warps warps */
    const bool *cand = sel;
    int tb;

    if (!tb_level(&s->g) && s->g.policy != SCHED_TLS)
        cand = in->ready;            /* candidates(): every ready warp */
    else
        candidates(s, in, sel);
    switch (s->g.policy) {
    case SCHED_LRR:
    case SCHED_TLS:
        return round_robin(s, cand, s->last);
    case SCHED_MWF_LRR:
        tb = chosen_tb(s, in);
        return tb < 0 ? -1 : round_robin(s, cand, s->tb_last[tb]);
    default:   /* GTO, MWF(GTO), SAWS */
        if (is_gto(&s->g) && s->have_last && cand[s->last])
            return (int)s->last;
        return oldest(s, in, cand);
    }
}

void scheduler_eval(const struct scheduler *s, const struct scheduler_in *in,
                struct scheduler_out *out)
{
    int w = pick(s, in);

    memset(out, 0, sizeof *out);
    out->grant_valid = w >= 0;
    out->grant_warp = w >= 0 ? (unsigned)w : 0;
    out->err = tb_level(&s->g) && contract_broken(s, in);
    if (s->g.policy == SCHED_TLS)
        memcpy(out->active, s->active, s->g.warps * sizeof out->active[0]);
    else
        memset(out->active, true, s->g.warps * sizeof out->active[0]);
}

/*
 * TLS: the active group after the edge.  Active warps waiting on a
 * long-latency operation leave; the free places go to pending warps not
 * waiting on one, in round robin order after the last promoted warp.
 */
static void tls_step(struct scheduler *s, const struct scheduler_in *in)
{
    unsigned n = 0, from = s->promoted;

    for (unsigned w = 0; w < s->g.warps; w++) {
        s->active[w] = s->active[w] && !in->long_wait[w];
        n += s->active[w];
    }
    for (unsigned k = 1; k <= s->g.warps && n < s->g.group; k++) {
        unsigned w = (from + k) % s->g.warps;
        if (s->active[w] || in->long_wait[w])
            continue;
        s->active[w] = true;
        s->promoted = w;
        n++;
    }
}

/* SAWS: remember who waited and the order of every pair of TBs. */
static void saws_step(struct scheduler *s, const struct scheduler_in *in)
{
    for (unsigned a = 0; a < s->g.tbs; a++)
        for (unsigned b = a + 1; b < s->g.tbs; b++)
            s->before[a][b] = saws_ahead(s, in, a, b);
    for (unsigned t = 0; t < s->g.tbs; t++)
        s->tb_waited[t] = in->tb_wait[t];
}

void scheduler_step(struct scheduler *s, const struct scheduler_in *in)
{
    int w = pick(s, in);

    if (s->g.policy == SCHED_TLS)
        tls_step(s, in);       /* the group changes whether or not a grant */
    if (s->g.policy == SCHED_SAWS)
        saws_step(s, in);
    if (w < 0)
        return;
    s->last = (unsigned)w;
    s->have_last = true;
    if (s->g.policy == SCHED_MWF_LRR)
        s->tb_last[tb_of(s, in, (unsigned)w)] = (unsigned)w;
}

bool scheduler_ranks_tbs(const struct scheduler_geometry *g)
{
    return tb_level(g);
}

bool scheduler_moves_alone(const struct scheduler_geometry *g)
{
    return g->policy == SCHED_TLS || g->policy == SCHED_SAWS;
}

unsigned long scheduler_state_bits(const struct scheduler_geometry *g)
{
    unsigned long pairs = (unsigned long)g->tbs * (g->tbs - 1) / 2;

    switch (g->policy) {
    case SCHED_LRR:     return g->warp_w;
    case SCHED_MWF_LRR: return (unsigned long)g->tbs * g->warp_w;
    case SCHED_TLS:     return g->warps + 2ul * g->warp_w;
    case SCHED_SAWS:    return g->warp_w + 1ul + g->tbs + pairs;
    default:            return g->warp_w + 1ul;   /* GTO: last and valid */
    }
}
