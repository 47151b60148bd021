/*
 * wpt.h -- the BAWS warp priority table (WPT), BAWS §4.1.2 and Table 1.
 *
 * One counter per resident thread block (TB) of the SM.  A counter holds
 * the number of the TB's warps waiting at its barrier; it counts up by one
 * for every warp of the TB that arrives, and goes back to zero on the edge
 * on which the last warp arrives (the barrier releases).  The counters are
 * the TB priorities of most-waiting-first (MWF) scheduling: the table also
 * delivers the MWF order of the TBs, largest counter first, ties to the
 * smallest TB id.
 *
 * The model is cycle-exact at the ports of the generated module
 * simtref_wpt:
 *
 *   wpt_eval()  the combinational outputs for this cycle, from the state and
 *               the inputs (what the RTL shows before the clock edge);
 *   wpt_step()  one rising clock edge: the counters take their next value;
 *   wpt_reset() the asynchronous reset.
 *
 * Ports (one arrival port per warp scheduler, since each scheduler can
 * retire one barrier instruction per cycle):
 *
 *   tb_warps         warps per TB of the running kernel, 1..max_warps_per_tb;
 *                    all TBs of a kernel have the same size.  Held constant
 *                    between resets (a kernel launch).
 *   arr_valid[p]     port p reports a warp arriving at its TB's barrier
 *   arr_tb[p]        ... of TB arr_tb[p]
 *
 *   cnt[i]           counter of TB i (state)
 *   release[i]       TB i's barrier releases on this edge: the counter plus
 *                    this cycle's arrivals reaches tb_warps
 *   rank[i]          MWF rank of TB i: the number of TBs ahead of it (more
 *                    warps waiting, or as many and a smaller id); rank 0 is
 *                    the highest priority.  A function of the counters only.
 *   err              an arrival names a TB beyond the table, or more warps
 *                    arrive than the TB has left to arrive; the arrival that
 *                    overflows still releases the barrier
 *
 * Storage: max_tbs counters of clog2(max_warps_per_tb) bits (a counter never
 * holds max_warps_per_tb itself: it resets when the last warp arrives).
 */
#ifndef SIMTREF_WPT_H
#define SIMTREF_WPT_H

#include <stdbool.h>
#include <stddef.h>
#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sizes of the table, all derived from the configuration. */
struct wpt_geometry {
    unsigned tbs;        /* counters: TBs resident per SM */
    unsigned max_warps;  /* warps per TB at most */
    unsigned ports;      /* arrival ports: warp schedulers per SM */
    unsigned cnt_w;      /* counter width, clog2(max_warps) */
    unsigned tb_w;       /* TB id width, clog2(tbs) */
    unsigned warps_w;    /* width of tb_warps, bits to hold max_warps */
    unsigned sum_w;      /* width of counter + arrivals */
};

struct wpt_in {
    unsigned tb_warps;
    bool     arr_valid[CONFIG_MAX_SCHEDULERS];
    unsigned arr_tb[CONFIG_MAX_SCHEDULERS];
};

struct wpt_out {
    unsigned cnt[CONFIG_MAX_TBS];
    bool     release[CONFIG_MAX_TBS];
    unsigned rank[CONFIG_MAX_TBS];
    bool     err;
};

struct wpt {
    struct wpt_geometry g;
    unsigned        cnt[CONFIG_MAX_TBS];
};

void wpt_geometry(const struct simt_config *cfg, struct wpt_geometry *g);

/* Storage bits of the table: tbs * cnt_w. */
unsigned long wpt_state_bits(const struct wpt_geometry *g);

/* The contract of model.h: sizes from cfg, checked, then reset. */
int wpt_check(const struct wpt_geometry *g, char *msg, size_t msglen);
int wpt_init(struct wpt *m, const struct simt_config *cfg,
             char *msg, size_t msglen);
void wpt_reset(struct wpt *w);
void wpt_eval(const struct wpt *w, const struct wpt_in *in,
              struct wpt_out *out);
void wpt_step(struct wpt *w, const struct wpt_in *in);

/*
 * The MWF order of the TBs from the ranks: order[k] is the TB of rank k.
 * (The hardware delivers ranks: a scheduler compares the ranks of the TBs
 * of its ready warps.  The order is for reading the table, as in Table 1.)
 */
void wpt_mwf_order(const struct wpt *w, const struct wpt_out *out,
                   unsigned order[CONFIG_MAX_TBS]);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_WPT_H */
