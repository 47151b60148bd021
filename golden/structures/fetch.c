/*
 * fetch.c -- the I-buffer and the fetch policy; see fetch.h.
 */
#include "fetch.h"
#include "model.h"

#include <stdio.h>
#include <string.h>
#include "bits.h"

void fetch_geometry(const struct simt_config *cfg, struct fetch_geometry *g)
{
    g->policy = cfg->fetch;
    g->warps  = cfg->warp_size ? cfg->threads_per_scheduler / cfg->warp_size : 0;
    g->slots  = cfg->ibuffer_slots;
    g->warp_w = clog2(g->warps);
    g->cnt_w  = clog2((uint64_t)g->slots + 1);
}

int fetch_check(const struct fetch_geometry *g, char *msg, size_t msglen)
{
    if (g->warps < 2 || g->warps > FETCH_MAX_WARPS || g->slots < 1 ||
        g->slots > FETCH_MAX_SLOTS) {
        snprintf(msg, msglen, "the I-buffer is built for 2..%d warps per "
                 "scheduler of 1..%d slots (has %u warps of %u)", FETCH_MAX_WARPS, FETCH_MAX_SLOTS, g->warps, g->slots);
        return -1;
    }
    return 0;
}

int fetch_init(struct fetch *m, const struct simt_config *cfg,
               char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    fetch_geometry(cfg, &m->g);
    if (fetch_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    fetch_reset(m);
    return 0;
}

void fetch_reset(struct fetch *f)
{
    memset(f->v, 0, sizeof f->v);
    memset(f->r, 0, sizeof f->r);
    memset(f->inflight, 0, sizeof f->inflight);
    f->last = f->g.warps - 1;
    memset(f->memo.room, 0, sizeof f->memo.room);
    memset(f->memo.held, 0, sizeof f->memo.held);
    for (unsigned w = 0; w < f->g.warps; w++)
        bitset_add(f->memo.room, w);
}

/* A warp id as the RTL sees it; it names a warp only below W. */
static bool names(const struct fetch *f, unsigned w)
{
    return (w & ((1u << f->g.warp_w) - 1)) < f->g.warps;
}

static unsigned id(const struct fetch *f, unsigned w)
{
    return w & ((1u << f->g.warp_w) - 1);
}

unsigned fetch_entries(const struct fetch *f, unsigned w)
{
    unsigned n = f->inflight[w];
    for (unsigned s = 0; s < f->g.slots; s++)
        n += f->v[w][s];
    return n;
}

/* The oldest valid slot not yet ready, or -1. */
_Static_assert(sizeof ((struct fetch *)0)->v[0] == sizeof(uint64_t)
               && sizeof ((struct fetch *)0)->r[0] == sizeof(uint64_t),
               "fetch_unready() reads a warp's slot bits as one word");

static int unready(const struct fetch *f, unsigned w)
{
    for (unsigned s = 0; s < f->g.slots; s++)
        if (f->v[w][s] && !f->r[w][s])
            return (int)s;
    return -1;
}

/* The memos room and held as they are read: kept, or under reference
 * recomputed from the entries into set[]. */
static const uint64_t *room_of(const struct fetch *f, uint64_t set[])
{
    if (!f->reference)
        return f->memo.room;
    memset(set, 0, FETCH_MAX_WARPS / 64 * sizeof set[0]);
    for (unsigned w = 0; w < f->g.warps; w++)
        if (fetch_entries(f, w) < f->g.slots)
            bitset_add(set, w);
    return set;
}

static const uint64_t *held_of(const struct fetch *f, uint64_t set[])
{
    if (!f->reference)
        return f->memo.held;
    memset(set, 0, FETCH_MAX_WARPS / 64 * sizeof set[0]);
    for (unsigned w = 0; w < f->g.warps; w++)
        if (fetch_entries(f, w) > 0)
            bitset_add(set, w);
    return set;
}

/* A valid warp (warp_valid) with fewer entries than slots (room), not
 * being flushed. */
static bool eligible(const struct fetch *f, const struct fetch_in *in,
                     unsigned w)
{
    if (in->flush_valid && id(f, in->flush_warp) == w)
        return false;
    if (f->reference)
        return (in->warp_valid[w / 64] >> w % 64 & 1)
               && fetch_entries(f, w) < f->g.slots;
    return (f->memo.room[w / 64] & in->warp_valid[w / 64]) >> w % 64 & 1;
}

/* The first eligible warp at or after `from` (< W), W when none: a word
 * of room and warp_valid at a time. */
static unsigned next_eligible(const struct fetch *f, const struct fetch_in *in,
                              unsigned from)
{
    unsigned W = f->g.warps, words = (W + 63) / 64, k = from / 64;
    uint64_t m, set[FETCH_MAX_WARPS / 64];
    const uint64_t *room;

    if (from >= W)
        return W;
    room = room_of(f, set);
    m = room[k] & in->warp_valid[k] & ~(uint64_t)0 << from % 64;
    for (;;) {
        while (m) {
            unsigned w = k * 64 + (unsigned)__builtin_ctzll(m);
            if (w >= W)
                return W;
            /* room and warp_valid hold: eligible() but for the flush */
            if (!(in->flush_valid && id(f, in->flush_warp) == w))
                return w;
            m &= m - 1;
        }
        if (++k == words)
            return W;
        m = room[k] & in->warp_valid[k];
    }
}

/* The first eligible warp after the last fetched (< W), wrapping. */
static int round_robin(const struct fetch *f, const struct fetch_in *in)
{
    unsigned W = f->g.warps, w = next_eligible(f, in, f->last + 1);

    if (w == W)
        w = next_eligible(f, in, 0);
    return w < W ? (int)w : -1;
}

/* The warp fetched for this cycle, or -1. */
static int choose(const struct fetch *f, const struct fetch_in *in)
{
    int best = -1;

    switch (f->g.policy) {
    case FETCH_CFF:
        if (in->next_valid && names(f, in->next_warp) &&
            eligible(f, in, id(f, in->next_warp)))
            return (int)id(f, in->next_warp);
        return round_robin(f, in);
    case FETCH_FEF:
        for (unsigned w = next_eligible(f, in, 0); w < f->g.warps;
             w = next_eligible(f, in, w + 1))
            if (
                (best < 0 || fetch_entries(f, w) <
                                 fetch_entries(f, (unsigned)best)))
                best = (int)w;
        return best;
    default:
        return round_robin(f, in);
    }
}

/* Which events are erroneous. */
static void errors(const struct fetch *f, const struct fetch_in *in,
                   bool *fill_bad, bool *issue_bad, bool *rdy_bad)
{
    *fill_bad = in->fill_valid &&
        (!names(f, in->fill_warp) || f->inflight[id(f, in->fill_warp)] == 0);
    *issue_bad = in->issue_valid &&
        (!names(f, in->issue_warp) || !fetch_ready(f, id(f, in->issue_warp)));
    *rdy_bad = in->rdy_valid &&
        (!names(f, in->rdy_warp) || unready(f, id(f, in->rdy_warp)) < 0);
}

void fetch_eval(const struct fetch *f, const struct fetch_in *in,
                struct fetch_out *out)
{
    unsigned W = f->g.warps;

    /* The warps' rows are copied whole: a slot at or beyond g.slots is
     * never set in the state (fetch_step writes slots below S, reset and
     * flush clear whole rows), so it reads zero as the cleared output. */
    memset(out, 0, sizeof *out);
    fetch_eval_ports(f, in, out);
    for (unsigned k = 0; k < W; k++)
        out->ready[k] = fetch_ready(f, k);
    memcpy(out->v, f->v, W * sizeof f->v[0]);
    memcpy(out->r, f->r, W * sizeof f->r[0]);
    memcpy(out->inflight, f->inflight, W * sizeof f->inflight[0]);
}

void fetch_eval_ports(const struct fetch *f, const struct fetch_in *in,
                      struct fetch_out *out)
{
    int w = choose(f, in);
    bool a, b, c;

    out->fetch_valid = w >= 0;
    out->fetch_warp = w >= 0 ? (unsigned)w : 0;
    errors(f, in, &a, &b, &c);
    out->err = a || b || c;
}

/* room and held after warp w's entries changed. */
static void keep_room(struct fetch *f, unsigned w)
{
    unsigned n = fetch_entries(f, w);

    if (n < f->g.slots)
        bitset_add(f->memo.room, w);
    else
        bitset_remove(f->memo.room, w);
    if (n > 0)
        bitset_add(f->memo.held, w);
    else
        bitset_remove(f->memo.held, w);
}

void fetch_emptied(const struct fetch *f, const struct fetch_in *in,
                   uint64_t set[])
{
    uint64_t kept[FETCH_MAX_WARPS / 64];
    const uint64_t *held = held_of(f, kept);

    for (unsigned k = 0; k < (f->g.warps + 63) / 64; k++)
        set[k] = held[k] & ~in->warp_valid[k];
}

/* The clock edge, warp w (-1: none) fetched, the events found bad
 * refused. */
static void edge(struct fetch *f, const struct fetch_in *in, int w,
                 bool fill_bad, bool issue_bad, bool rdy_bad)
{
    unsigned S = f->g.slots;
    uint64_t kept[FETCH_MAX_WARPS / 64];
    const uint64_t *held;

    if (in->rdy_valid && !rdy_bad) {
        unsigned k = id(f, in->rdy_warp);
        f->r[k][unready(f, k)] = true;
    }
    if (in->fill_valid && !fill_bad) {
        unsigned k = id(f, in->fill_warp);
        for (unsigned s = 0; s < S; s++)
            if (!f->v[k][s]) {
                f->v[k][s] = true;
                f->r[k][s] = false;
                break;
            }
        f->inflight[k]--;
    }
    if (in->issue_valid && !issue_bad) {
        unsigned k = id(f, in->issue_warp);
        for (unsigned s = 0; s + 1 < S; s++) {
            f->v[k][s] = f->v[k][s + 1];
            f->r[k][s] = f->r[k][s + 1];
        }
        f->v[k][S - 1] = false;
        f->r[k][S - 1] = false;
    }
    if (w >= 0) {
        f->inflight[w]++;
        f->last = (unsigned)w;
    }
    if (in->flush_valid && names(f, in->flush_warp)) {
        unsigned k = id(f, in->flush_warp);
        memset(f->v[k], 0, sizeof f->v[k]);
        memset(f->r[k], 0, sizeof f->r[k]);
        f->inflight[k] = 0;
    }
    /* a fill moves an entry from in flight to a slot; a rdy changes no
     * entry: only these warps' entries changed */
    if (in->issue_valid && names(f, in->issue_warp))
        keep_room(f, id(f, in->issue_warp));
    if (in->flush_valid && names(f, in->flush_warp))
        keep_room(f, id(f, in->flush_warp));
    if (w >= 0)
        keep_room(f, (unsigned)w);
    /* a warp that is not valid is emptied, as by a flush (held: only a
     * warp with an entry changes) */
    held = held_of(f, kept);
    for (unsigned k = 0; k < (f->g.warps + 63) / 64; k++)
        for (uint64_t m = held[k] & ~in->warp_valid[k]; m; m &= m - 1) {
            unsigned e = k * 64 + (unsigned)__builtin_ctzll(m);
            memset(f->v[e], 0, sizeof f->v[e]);
            memset(f->r[e], 0, sizeof f->r[e]);
            f->inflight[e] = 0;
            keep_room(f, e);
        }
}

void fetch_step(struct fetch *f, const struct fetch_in *in)
{
    bool fill_bad, issue_bad, rdy_bad;

    errors(f, in, &fill_bad, &issue_bad, &rdy_bad);
    edge(f, in, choose(f, in), fill_bad, issue_bad, rdy_bad);
}

void fetch_step_evaluated(struct fetch *f, const struct fetch_in *in,
                          int fetched)
{
    edge(f, in, fetched, false, false, false);
}

unsigned long fetch_state_bits(const struct fetch_geometry *g)
{
    unsigned long bits = (unsigned long)g->warps * (2ul * g->slots + g->cnt_w);
    if (g->policy != FETCH_FEF)
        bits += g->warp_w;
    return bits;
}
