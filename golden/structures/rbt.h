/*
 * rbt.h -- the HARP Re-convergence Barriers table (HARP 4.2.2, Fig. 8 and
 * Fig. 9, 7.3.2).
 *
 * An entry is a barrier: the re-convergence pc (rpc) and, per lane, a
 * member bit, the thread id without its lane bits (TW bits) and a reached
 * bit.  The table is set associative: E entries in S = E / W sets of W
 * ways; entry index = set * W + way.  A thread of lane l with thread id t
 * (TW bits) finds its barriers in set t mod S (the low log2 S bits of t:
 * a thread never changes lanes, so the lane bits are left out of t).
 *
 * One commit a cycle (write-back), cmt_*:
 *
 *   reserve   cmt_diverged: the threads of cmt_mask reserve a barrier at
 *             cmt_pc, the re-convergence pc.  The lanes are grouped by
 *             their set; for each set s with a group G:
 *               - a thread already held by a valid barrier of s at cmt_pc
 *                 (member, same thread id) keeps that barrier and is left
 *                 out of G (so a (pc, thread) pair is never held twice,
 *                 e.g. when a nested branch re-converges at the same pc);
 *               - merge: the lowest valid way of s that is not complete,
 *                 holds cmt_pc, and for every lane of the (whole) group
 *                 has either no member or the same thread id: the lanes
 *                 of G become members (reached 0, thread ids written);
 *               - allocate: else the lowest free way of s (valid, rpc, G
 *                 as members, nothing reached);
 *               - fail: else (the set is full) nothing changes and G's
 *                 lanes are set in rsv_fail: those threads bypass the
 *                 re-convergence point (HARP 4.2.4).  A valid way is
 *                 never overwritten.
 *   arrive    !cmt_diverged: cmt_pc is the warp's next pc.  Lane l hits
 *             when a valid barrier of set(cmt_tid[l]) holds cmt_pc and
 *             lane l as a member with that thread id, not yet reached;
 *             its reached bit is set and l is in arr_hit (the caller
 *             removes the thread from the committing warp).
 *
 * Release (barrier-to-second, 4.2.3): an entry is complete when it is
 * valid and reached == member.  rel_valid shows the lowest complete entry
 * (rel_pc = its rpc, rel_mask = its members, rel_tid its thread ids, 0 in
 * other lanes); on the clock edge with rel_valid && rel_ready that entry
 * is freed.  A complete entry takes no new members and cannot be arrived
 * at, so the release and the commit of a cycle never touch one entry.
 *
 * Every operation reads the state at the start of the cycle.
 *
 * Input contract: a commit (cmt_valid) with an empty cmt_mask is an error:
 * err is raised and the commit is ignored.
 *
 * Pipelined access (HARP 7.3.2): with rbt_pipeline_stages = P the commit
 * passes P - 1 register stages before it reaches the table; rsv_fail,
 * arr_hit and err belong to the commit at the table, so they appear P - 1
 * cycles after it was presented.  The release is not delayed.  Reset
 * empties the stages.
 *
 * Organisation (banked, Fig. 9, or multiport, Fig. 8) changes how the
 * generated RTL holds the per-lane fields, not the behaviour.
 *
 * The outputs also show the table: per entry valid, rpc, member, reached
 * and tid, zero where the entry is free or the lane no member; and
 * occupancy, the number of valid entries.
 *
 * The model is cycle-exact at the module ports:
 *   rbt_eval()  the outputs of this cycle, from the state and the inputs;
 *   rbt_step()  one rising clock edge;
 *   rbt_reset() the asynchronous reset (every entry free, stages empty).
 * Input fields wider than the ports are cut to the port widths.
 */
#ifndef SIMTREF_RBT_H
#define SIMTREF_RBT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "model.h"
#include "harp_org.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Upper bounds of the model's arrays; rbt_init() checks them. */
enum {
    RBT_MAX_ENTRIES = CONFIG_MAX_RBT_ENTRIES,
    RBT_MAX_LANES   = 64,
    RBT_MAX_STAGES  = 4
};

/* Sizes, all derived from the configuration by rbt_geometry(). */
struct rbt_geometry {
    unsigned entries;    /* E = rbt_entries */
    unsigned ways;       /* W = rbt_ways */
    unsigned sets;       /* S = E / W */
    unsigned set_w;      /* log2 S (0 with one set) */
    unsigned lanes;      /* L = simd_width */
    unsigned tw;         /* thread id without lane bits: thread_id_bits - log2 L */
    unsigned pc_w;       /* pc_bits */
    unsigned stages;     /* P = rbt_pipeline_stages: 1, 2 or 4 */
    unsigned occ_w;      /* occupancy: clog2(E + 1) */
    enum rbt_organisation org;
};

struct rbt_in {
    bool     cmt_valid;                  /* a warp commits */
    bool     cmt_diverged;               /* ... and diverged: reserve */
    uint64_t cmt_pc;                     /* rpc (diverged), else next pc */
    uint64_t cmt_mask;                   /* its lanes (not empty) */
    uint32_t cmt_tid[RBT_MAX_LANES];     /* thread id per lane */
    bool     rel_ready;                  /* the receiver takes a release */
};

/* One entry as the outputs show it (zero where nothing is stored). */
struct rbt_view {
    bool     valid;
    uint64_t rpc;
    uint64_t member, reached;
    uint32_t tid[RBT_MAX_LANES];
};

/* Only the first E entries and L lanes are written by rbt_eval(). */
struct rbt_out {
    bool     err;                        /* the commit at the table is bad */
    uint64_t rsv_fail;                   /* lanes whose set was full */
    uint64_t arr_hit;                    /* lanes that reached a barrier */
    bool     rel_valid;                  /* a barrier is complete */
    uint64_t rel_pc;
    uint64_t rel_mask;
    uint32_t rel_tid[RBT_MAX_LANES];
    unsigned occupancy;
    struct rbt_view entry[RBT_MAX_ENTRIES];
};

struct rbt_entry {
    bool     valid;
    uint64_t rpc;
    uint64_t member, reached;
    uint32_t tid[RBT_MAX_LANES];
};

/* A commit in flight (one pipeline stage). */
struct rbt_req {
    bool     valid, diverged;
    uint64_t pc, mask;
    uint32_t tid[RBT_MAX_LANES];
};

/* Not hardware: kept for speed. */
struct rbt_memo {
    int rel;            /* the lowest complete entry, or -1 (the
                         * evaluation asks for it several times a cycle).
                         * Stale when an entry changes: refreshed by
                         * rbt_step() where an entry was written, reached
                         * or released (releasing_after()); set by
                         * rbt_reset() */
};

struct rbt {
    struct rbt_geometry  g;
    unsigned         occupancy;
    struct rbt_entry e[RBT_MAX_ENTRIES];
    /* pipe[0] reaches the table next; pipe[P-2] was presented last cycle */
    struct rbt_req   pipe[RBT_MAX_STAGES - 1];
    struct rbt_memo  memo;      /* not hardware: kept for speed */
    bool             reference; /* not hardware: memo not read, the
                                 * entries looked at where it is used
                                 * (simtref sim --reference; the owner
                                 * sets it, rbt_reset() keeps it) */
};

void rbt_geometry(const struct simt_config *cfg, struct rbt_geometry *g);

/*
 * Storage bits of the generated module:
 *   per entry  1 valid + pc_w rpc + L x (member + reached + TW tid)
 *   per stage  (P - 1) x (valid + diverged + pc_w + L + L*TW)
 *   once       occ_w occupancy
 * Of these, rbt_memory_bits() are held in memories (the rpc and the
 * thread ids: E x (pc_w + L x TW)), the rest in flip-flops.
 */
unsigned long rbt_state_bits(const struct rbt_geometry *g);
unsigned long rbt_memory_bits(const struct rbt_geometry *g);

/*
 * The table as HARP Table 7 prices it:
 *   "RBT lanes"  banks L (banked) or 1 (multiport); E entries, S sets, W
 *                ways; tag bits TW and row bits TW + 1 (the thread id and
 *                its reached bit) per lane, L times that in one row when
 *                multiported;
 *   "RBT RPC"    1 bank; E, S, W; tag bits 1 + pc_w (valid and rpc), row
 *                bits pc_w.
 * At fermi-harp: 16/128/8/16/6/7 and 1/128/8/16/33/32.
 */
void rbt_harp_org(const struct rbt_geometry *g, struct harp_array_org *lanes,
                  struct harp_array_org *rpc);

/* The contract of model.h: sizes from cfg, checked, then reset. */
int rbt_check(const struct rbt_geometry *g, char *msg, size_t msglen);
int rbt_init(struct rbt *m, const struct simt_config *cfg,
             char *msg, size_t msglen);
void rbt_reset(struct rbt *t);
void rbt_eval(const struct rbt *t, const struct rbt_in *in,
              struct rbt_out *out);
/* rbt_eval() without the table view: every output but entry[] (left
 * unwritten), for a composition that reads only the ports; its cost does
 * not grow with the entries shown. */
void rbt_eval_ports(const struct rbt *t, const struct rbt_in *in,
                    struct rbt_out *out);
void rbt_step(struct rbt *t, const struct rbt_in *in);

/*
 * The operations of one cycle, decided on the state at its start: what
 * the evaluation works out and the edge carries out.  Not hardware: a
 * composition that evaluates and then steps the same request hands the
 * evaluation's plan to the step, so that it is not decided twice.
 * rbt_step_planned(t, in, p) is rbt_step(t, in) when p was filled by
 * rbt_eval_planned() in this cycle (no step since) for a request equal
 * to in's; rel_ready may have changed in between.
 */
struct rbt_plan {
    struct rbt_req req;                  /* the commit at the table */
    bool     err;
    uint64_t rsv_fail, arr_hit;
    int      release;                    /* entry freed at the edge, or -1 */
    int      target[RBT_MAX_ENTRIES];    /* per set: way written, or -1 */
    bool     alloc[RBT_MAX_ENTRIES];     /* ... as a new barrier */
    uint64_t join[RBT_MAX_ENTRIES];      /* ... with these lanes (G') */
    uint64_t reach[RBT_MAX_ENTRIES];     /* per entry: lanes that arrive,
                                          * written only in the sets listed
                                          * in arr_set (zero elsewhere) */
    unsigned arr_sets;                   /* sets an arrival looked in ... */
    unsigned arr_set[RBT_MAX_LANES];     /* ... (one per lane at most) */
};

/* rbt_eval_ports(), keeping its plan in *p. */
void rbt_eval_planned(const struct rbt *t, const struct rbt_in *in,
                      struct rbt_out *out, struct rbt_plan *p);
void rbt_step_planned(struct rbt *t, const struct rbt_in *in,
                      struct rbt_plan *p);

/*
 * The valid entry that holds the thread (lane, tid) as a member at rpc,
 * or -1.  (At most one does.)
 */
int  rbt_find(const struct rbt *t, uint64_t rpc, unsigned lane, uint32_t tid);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_RBT_H */
