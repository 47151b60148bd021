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
 *   tls      two-level scheduling (BAWS 2.2 and 6.1, after the two-level
 *            schedulers BAWS cites: Gebhart et al. [8], Narasiman et al.
 *            [23]).  The warps are split into an ACTIVE group of at most
 *            G warps and a PENDING group (all the others); only active
 *            warps compete, in loose round robin among themselves (the
 *            first ready active warp after the last granted warp, in warp
 *            id order, wrapping).  A warp waiting on a long-latency
 *            operation (long_wait[w]) leaves the active group on the next
 *            clock edge; on the same edge the free places are filled with
 *            pending warps that are not waiting on one, taken in round
 *            robin order after the last promoted warp, so that no pending
 *            warp is passed over forever.
 *            G = min(pipeline_depth, W): the two-level papers size the
 *            active group (the fetch group of [23]) so that its warps alone
 *            keep the pipeline busy between long-latency stalls; issuing
 *            one instruction per cycle, that takes one warp per pipeline
 *            stage.  No configuration key: G follows the pipeline depth
 *            (8 of 24 warps on fermi-sbr and gtx480-baws, 2 of 8 on tiny).
 *            At reset warps 0..G-1 are active.
 *   saws     synchronization-aware scheduling as BAWS 6.6 describes SAWS
 *            [21]: the TBs are ordered by the time their barrier was first
 *            hit -- a TB some of whose warps wait at its barrier
 *            (tb_wait[t]) comes before one none of whose warps wait; among
 *            waiting TBs the one that started waiting first comes first,
 *            ties (the same cycle) to the smaller TB id; TBs that do not
 *            wait follow in TB id order.  A TB's place holds until its
 *            barrier releases (tb_wait[t] falls); when it starts waiting
 *            again it goes behind the TBs that already wait.  Only the
 *            ready warps of the first TB in that order with a ready warp
 *            compete; within it, GTO as MWF(GTO) does, so that SAWS and
 *            MWF(GTO) differ only in the order of the TBs (BAWS Fig. 13
 *            compares SAWS with BAWS = MWF(GTO)).
 *
 * The model is cycle-exact at the ports of the generated module
 * simtref_scheduler:
 *
 *   scheduler_eval()  the combinational outputs of this cycle from the state
 *                 and the inputs;
 *   scheduler_step()  one rising clock edge;
 *   scheduler_reset() the asynchronous reset.
 *
 * Ports:
 *
 *   ready[w]     warp w's I-buffer holds a valid, ready instruction
 *   warp_tb[w]   TB of warp w (tb_w bits; set by a kernel launch)
 *   tb_rank[t]   MWF rank of TB t (tb_w bits), 0 = highest priority; the
 *                rank outputs of simtref_wpt.  Read by the MWF policies only.
 *   long_wait[w] warp w waits on a long-latency operation (a global memory
 *                access its next instruction depends on).  Read by TLS only.
 *   tb_wait[t]   some warp of TB t waits at its barrier: the WPT counter of
 *                TB t is not zero (|cnt_o[t] of simtref_wpt).  It rises the
 *                cycle after the first warp of a barrier arrives and falls
 *                the cycle after the barrier releases, so its rising edge is
 *                the first-hit event of SAWS.  Read by SAWS only.
 *   active[w]    warp w may issue: under TLS the active group (state), which
 *                the fetch stage also reads (only active warps need
 *                instructions); under every other policy all warps
 *   grant_valid  a warp is granted: exactly when a granted warp exists
 *   grant_warp   the granted warp (0 when none)
 *   err          input contract violated: under MWF the ranks are not a
 *                permutation of 0..T-1, or (MWF, SAWS) a ready warp names a
 *                TB beyond the table.  Never raised under LRR, GTO, TLS.  The scheduler still decides deterministically:
 *                a ready warp of a TB beyond the table is never granted,
 *                and among TBs of equal rank the smaller TB id wins.
 *
 * Guarantees (with the contract met): at most one grant, only to a ready
 * warp; a grant whenever some warp is ready (under TLS: some active warp);
 * under LRR a warp that stays ready is granted within W cycles (under TLS:
 * an active warp that stays ready, within G cycles).
 *
 * State: the last granted warp (reset W-1, so warp 0 goes first under
 * LRR and TLS), whether a warp was ever granted (GTO, MWF(GTO), SAWS),
 * under MWF(LRR) the last granted warp of each TB (reset W-1), under TLS
 * the active group (W bits) and the last promoted warp, under SAWS whether
 * each TB waited in the previous cycle (T bits) and the order of every
 * pair of TBs in the previous cycle (T(T-1)/2 bits).
 */
#ifndef SIMTREF_SCHEDULER_H
#define SIMTREF_SCHEDULER_H

#include <stdbool.h>
#include <stddef.h>
#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Warps per scheduler the model is built for (fermi-harp has 48). */
enum { SCHEDULER_MAX_WARPS = 256 };

struct scheduler_geometry {
    enum sched_policy policy;
    unsigned warps;     /* W = threads_per_scheduler / warp_size */
    unsigned tbs;       /* T = max_tbs */
    unsigned warp_w;    /* warp id width, clog2(W) */
    unsigned tb_w;      /* TB id and rank width, clog2(T) */
    unsigned group;     /* TLS: G, the size of the active group */
};

struct scheduler_in {
    bool     ready[SCHEDULER_MAX_WARPS];
    unsigned warp_tb[SCHEDULER_MAX_WARPS];
    unsigned tb_rank[CONFIG_MAX_TBS];
    bool     long_wait[SCHEDULER_MAX_WARPS];
    bool     tb_wait[CONFIG_MAX_TBS];
};

struct scheduler_out {
    bool     active[SCHEDULER_MAX_WARPS];
    bool     grant_valid;
    unsigned grant_warp;
    bool     err;
};

struct scheduler {
    struct scheduler_geometry g;
    unsigned last;                      /* last granted warp */
    bool     have_last;                 /* a warp was granted since reset */
    unsigned tb_last[CONFIG_MAX_TBS];   /* MWF(LRR): last granted per TB */
    bool     active[SCHEDULER_MAX_WARPS];   /* TLS: the active group */
    unsigned promoted;                  /* TLS: last promoted warp */
    bool     tb_waited[CONFIG_MAX_TBS]; /* SAWS: tb_wait of the last cycle */
    /* SAWS: before[a][b], a < b: TB a was ahead of TB b in the last cycle */
    bool     before[CONFIG_MAX_TBS][CONFIG_MAX_TBS];
};

void scheduler_geometry(const struct simt_config *cfg, struct scheduler_geometry *g);

/* The policy's state may change at a step without a grant (TLS's active
 * group, SAWS's order). */
bool scheduler_moves_alone(const struct scheduler_geometry *g);
/* The policy chooses a TB first (MWF, SAWS): the only ones that read
 * tb_rank[] and tb_wait[]. */
bool scheduler_ranks_tbs(const struct scheduler_geometry *g);

/* The contract of model.h: sizes from cfg, checked, then reset. */
int scheduler_check(const struct scheduler_geometry *g, char *msg, size_t msglen);
int scheduler_init(struct scheduler *m, const struct simt_config *cfg,
                   char *msg, size_t msglen);
void scheduler_reset(struct scheduler *s);
void scheduler_eval(const struct scheduler *s, const struct scheduler_in *in,
                struct scheduler_out *out);
void scheduler_step(struct scheduler *s, const struct scheduler_in *in);

/*
 * SAWS: the place of each TB in first-hit order this cycle (0 = first),
 * from the state and tb_wait; rank[t] for t < T.
 */
void scheduler_saws_ranks(const struct scheduler *s, const struct scheduler_in *in,
                      unsigned rank[CONFIG_MAX_TBS]);

/* Flip-flops of the state. */
unsigned long scheduler_state_bits(const struct scheduler_geometry *g);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_SCHEDULER_H */
