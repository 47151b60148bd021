/*
 * scheduler.h -- the warp issue scheduler of one warp scheduler (BAWS
 * sections 2.2 and 4.1): each cycle it picks at most one warp, among the
 * warps whose I-buffer holds a valid, ready instruction, to issue.
 *
 * Policies (cfg->scheduler):
 *
 *   lrr      loosely round robin: the first ready warp after the last
 *            granted warp, in warp-id order, wrapping around.
 *   gto      greedy then oldest: the last granted warp while it stays
 *            ready; otherwise the oldest ready warp.  Warps are as old as
 *            their thread block (TB), so the oldest is the smallest
 *            (TB id, warp id) pair.
 *   mwf_lrr  most waiting first (BAWS 4.1.1): only the ready warps of the
 *   mwf_gto  TB with the smallest MWF rank (most warps waiting at its
 *            barrier, ties to the smaller TB id: the WPT's rank outputs)
 *            compete; within that TB, LRR or GTO.  MWF(LRR) starts "from the
 *            warp next (in round robin order) to the one which was issued in
 *            the last cycle in the TB": it keeps one last-granted warp per
 *            TB, which is what gives the paper's Fig. 7 order w8, w4, w6,
 *            w1, w3, w0 (TB1 resumes after w7, TB0 after w0).  MWF(GTO)
 *            "starts from the warp issued in the last cycle": the last
 *            granted warp overall, if it is ready and of the chosen TB;
 *            else the smallest warp id of the TB.
 *   tls, saws are not modelled: sched_init() refuses them.
 *
 * The model is cycle-exact at the ports of the generated module
 * simtref_scheduler:
 *
 *   sched_eval()  the combinational outputs of this cycle from the state
 *                 and the inputs;
 *   sched_step()  one rising clock edge;
 *   sched_reset() the asynchronous reset.
 *
 * Ports:
 *
 *   ready[w]     warp w's I-buffer holds a valid, ready instruction
 *   warp_tb[w]   TB of warp w (tb_w bits; set by a kernel launch)
 *   tb_rank[t]   MWF rank of TB t (tb_w bits), 0 = highest priority; the
 *                rank outputs of simtref_wpt.  Read by the MWF policies only.
 *   grant_valid  a warp is granted: exactly when a granted warp exists
 *   grant_warp   the granted warp (0 when none)
 *   err          input contract violated (MWF only): the ranks are not a
 *                permutation of 0..T-1, or a ready warp names a TB beyond
 *                the table.  The scheduler still decides deterministically:
 *                a ready warp of a TB beyond the table is never granted,
 *                and among TBs of equal rank the smaller TB id wins.
 *
 * Guarantees (with the contract met): at most one grant, only to a ready
 * warp; a grant whenever some warp is ready; under LRR a warp that stays
 * ready is granted within W cycles.
 *
 * State: the last granted warp (reset W-1, so warp 0 goes first under
 * LRR), whether a warp was ever granted (GTO), and under MWF(LRR) the last
 * granted warp of each TB (reset W-1).
 */
#ifndef SIMTREF_SCHEDULER_H
#define SIMTREF_SCHEDULER_H

#include <stdbool.h>
#include <stddef.h>
#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Warps per scheduler the model is built for (fermi-harp has 48). */
enum { SCHED_MAX_WARPS = 256 };

struct sched_geom {
    enum sched_policy policy;
    unsigned warps;     /* W = threads_per_scheduler / warp_size */
    unsigned tbs;       /* T = max_tbs */
    unsigned warp_w;    /* warp id width, clog2(W) */
    unsigned tb_w;      /* TB id and rank width, clog2(T) */
};

struct sched_in {
    bool     ready[SCHED_MAX_WARPS];
    unsigned warp_tb[SCHED_MAX_WARPS];
    unsigned tb_rank[CONFIG_MAX_TBS];
};

struct sched_out {
    bool     grant_valid;
    unsigned grant_warp;
    bool     err;
};

struct sched {
    struct sched_geom g;
    unsigned last;                      /* last granted warp */
    bool     have_last;                 /* a warp was granted since reset */
    unsigned tb_last[CONFIG_MAX_TBS];   /* MWF(LRR): last granted per TB */
};

void sched_geometry(const struct simt_config *cfg, struct sched_geom *g);

/* Whether a policy has a model and RTL; its name for messages otherwise. */
bool sched_policy_supported(enum sched_policy p);

/*
 * Set up for cfg and reset.  Returns 0, or -1 with a message in err when
 * the policy is not modelled or the sizes are out of range (W and T at
 * least 2, W at most SCHED_MAX_WARPS).
 */
int sched_init(struct sched *s, const struct simt_config *cfg,
               char *err, size_t errlen);
void sched_reset(struct sched *s);
void sched_eval(const struct sched *s, const struct sched_in *in,
                struct sched_out *out);
void sched_step(struct sched *s, const struct sched_in *in);

/* Flip-flops of the state. */
unsigned long sched_state_bits(const struct sched_geom *g);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SCHEDULER_H */
