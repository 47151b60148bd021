/*
 * wpt.c -- the BAWS warp priority table; see wpt.h for the contract.
 */
#include "wpt.h"
#include "model.h"
#include <stdio.h>

#include <string.h>
#include "bits.h"

void wpt_geometry(const struct simt_config *cfg, struct wpt_geometry *g)
{
    g->tbs       = cfg->max_tbs;
    g->max_warps = cfg->max_warps_per_tb;
    g->ports     = cfg->schedulers;
    g->cnt_w     = clog2(g->max_warps);
    g->tb_w      = clog2(g->tbs);
    g->warps_w   = bits_for(g->max_warps);
    g->sum_w     = bits_for(((uint64_t)1 << g->cnt_w) - 1 + g->ports);
}

unsigned long wpt_state_bits(const struct wpt_geometry *g)
{
    return g->tbs * g->cnt_w;
}

/* One counter per TB and one arrival port per scheduler, each in an
 * array of the configuration's largest size. */
int wpt_check(const struct wpt_geometry *g, char *msg, size_t msglen)
{
    if (g->tbs < 1 || g->tbs > CONFIG_MAX_TBS || g->ports < 1 ||
        g->ports > CONFIG_MAX_SCHEDULERS || g->max_warps < 1 ||
        g->cnt_w > 31) {
        snprintf(msg, msglen, "the WPT is built for 1..%d TBs, 1..%d arrival "
                 "ports and counters of up to 31 bits (has %u TBs, %u ports, "
                 "%u warps per TB)", CONFIG_MAX_TBS, CONFIG_MAX_SCHEDULERS,
                 g->tbs, g->ports, g->max_warps);
        return -1;
    }
    return 0;
}

int wpt_init(struct wpt *m, const struct simt_config *cfg,
             char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    wpt_geometry(cfg, &m->g);
    if (wpt_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    wpt_reset(m);
    return 0;
}

void wpt_reset(struct wpt *w)
{
    memset(w->cnt, 0, sizeof w->cnt);
}

/*
 * Arrivals to TB i this cycle; an arrival whose TB id is beyond the table
 * counts for no TB.  The RTL's TB id field is tb_w bits wide, so only the
 * low tb_w bits of arr_tb are seen.
 */
static unsigned arrivals(const struct wpt *w, const struct wpt_in *in,
                         unsigned i)
{
    unsigned n = 0;
    for (unsigned p = 0; p < w->g.ports; p++) {
        unsigned tb = in->arr_tb[p] & ((1u << w->g.tb_w) - 1);
        if (in->arr_valid[p] && tb == i)
            n++;
    }
    return n;
}

static bool stray_arrival(const struct wpt *w, const struct wpt_in *in)
{
    for (unsigned p = 0; p < w->g.ports; p++) {
        unsigned tb = in->arr_tb[p] & ((1u << w->g.tb_w) - 1);
        if (in->arr_valid[p] && tb >= w->g.tbs)
            return true;
    }
    return false;
}

/* The tb_warps input as the RTL sees it: warps_w bits. */
static unsigned tb_warps(const struct wpt *w, const struct wpt_in *in)
{
    return in->tb_warps & ((1u << w->g.warps_w) - 1);
}

/*
 * TB j is ahead of TB i in MWF order when more of its warps wait, or as
 * many wait and its id is smaller.
 */
static bool ahead(const unsigned *cnt, unsigned j, unsigned i)
{
    return cnt[j] > cnt[i] || (cnt[j] == cnt[i] && j < i);
}

void wpt_eval(const struct wpt *w, const struct wpt_in *in,
              struct wpt_out *out)
{
    unsigned need = tb_warps(w, in);
    unsigned busy[CONFIG_MAX_TBS], n_busy = 0;   /* TBs with a count */

    memset(out, 0, sizeof *out);
    out->err = stray_arrival(w, in);
    for (unsigned i = 0; i < w->g.tbs; i++) {
        unsigned sum = w->cnt[i] + arrivals(w, in, i);
        out->cnt[i] = w->cnt[i];
        out->release[i] = sum >= need;
        if (sum > need)
            out->err = true;
    }
    /* rank[i] counts the TBs ahead of i (ahead()).  A TB with no warp
     * waiting has behind it only the other idle TBs of larger id, and
     * ahead of it every TB with a waiting warp; the TBs with waiting
     * warps compare among themselves. */
    for (unsigned i = 0; i < w->g.tbs; i++)
        if (w->cnt[i] != 0)
            busy[n_busy++] = i;
    for (unsigned i = 0, idle_before = 0; i < w->g.tbs; i++) {
        if (w->cnt[i] == 0) {
            out->rank[i] = n_busy + idle_before++;
            continue;
        }
        for (unsigned b = 0; b < n_busy; b++)
            out->rank[i] += ahead(w->cnt, busy[b], i);
    }
}

void wpt_mwf_order(const struct wpt *w, const struct wpt_out *out,
                   unsigned order[CONFIG_MAX_TBS])
{
    for (unsigned i = 0; i < w->g.tbs; i++)
        order[out->rank[i]] = i;
}

void wpt_step(struct wpt *w, const struct wpt_in *in)
{
    unsigned need = tb_warps(w, in);
    unsigned mask = (1u << w->g.cnt_w) - 1;

    for (unsigned i = 0; i < w->g.tbs; i++) {
        unsigned sum = w->cnt[i] + arrivals(w, in, i);
        w->cnt[i] = sum >= need ? 0 : (sum & mask);
    }
}
