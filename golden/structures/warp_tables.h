/*
 * warp_tables.h -- the HARP First-Level and Second-Level warp tables and
 * the transitions into and between them (HARP 4.2, 4.2.3, 7.3).
 *
 * First-Level holds F slots of ready warps, the warps the scheduler issues
 * from.  Second-Level holds up to N further active warps in a FIFO.  A warp
 * is a pc, a mask of L lanes and, per lane, the thread id without its lane
 * bits (TW bits).
 *
 * In this SM every Second-Level warp is ready: a warp waiting for memory
 * waits in the Waiting-Lookup table and threads waiting at a re-convergence
 * point wait in the Re-convergence Barriers table (RBT), so Second-Level
 * never holds a warp that cannot issue.  HARP's "FIFO among the ready
 * warps" (4.2.3) is therefore a plain FIFO here.
 *
 * First-Level update (at commit): upd_valid with upd_slot names a valid
 * slot; its warp takes upd_pc and upd_mask (the caller has removed the
 * threads that arrived at a barrier; a mask only shrinks).  upd_mask == 0
 * frees the slot (the warp diverged, went to the Waiting-Lookup, or all its
 * threads arrived or exited).  upd naming a free slot or a slot >= F, or a
 * mask with a lane the slot's warp does not hold: err, no effect.
 *
 * Pushes into Second-Level, at most one per cycle, by priority (HARP 4.2.3
 * and 7.3.2: barrier-to-second before lookup-to-second):
 *   barrier-to-second  bar_valid: the RBT's released warp, accepted when
 *                      Second-Level is not full (bar_ready = !full);
 *   waiting-to-second  wret_valid: a warp whose memory access completed
 *                      (or any warp entering from outside), accepted when
 *                      not full and no bar_valid (wret_ready);
 *   lookup-to-second   lkp_valid: the Ready-Lookup's head; taken (lkp_pop,
 *                      the Ready-Lookup removes it on this edge) when not
 *                      full, no bar_valid, no wret_valid, and count < T
 *                      (HARP: "once the Second-Level has a few ready
 *                      warps, here less than 2").
 * "full" and "count" are the state before the edge.  An offered warp with
 * an empty mask violates the input contract: err is raised and nothing is
 * stored (the handshake outputs do not depend on the mask).
 *
 * Overflow is never silent: ovf is high when bar_valid or wret_valid is
 * high and Second-Level is full.  The sender keeps the warp (HARP 7.3:
 * the warps would spill to DRAM); nothing is overwritten.
 *
 * Second-to-first: when some First-Level slot is free in the state and
 * Second-Level is not empty, the head moves into the lowest free slot on
 * this edge, one warp per cycle.  A push and this pop can happen on the
 * same edge.  A slot freed by this cycle's upd is refilled on a later edge.
 *
 * Second-Level is an array written at the tail and read at the head (one
 * write port, one read port, no reset), so that synthesis keeps it as a
 * memory.  Its contents are therefore not outputs: the outputs show the
 * head, the count, and First-Level in full, all zero where nothing is
 * stored; every tid field of an empty lane reads zero.
 *
 * The model is cycle-exact at the module ports (simtref_warp_tables):
 *   warp_tables_eval()  the outputs of this cycle, from the state and the inputs;
 *   warp_tables_step()  one rising clock edge;
 *   warp_tables_reset() the asynchronous reset (every slot free, Second-Level
 *              empty; the array contents are kept, as an SRAM's are).
 * Input fields wider than the RTL's ports are cut to the port widths (pc
 * to pc_bits, masks to L bits, tid to TW bits, upd_slot to its port).
 */
#ifndef SIMTREF_WARP_TABLES_H
#define SIMTREF_WARP_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "model.h"
#include "harp_org.h"
#include "warp.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Upper bounds of the model's arrays: the largest tables and warps the
 * configuration admits.  warp_tables_init() checks them all the same.
 */
enum {
    WARP_TABLES_MAX_FL = 256,
    WARP_TABLES_MAX_SL = CONFIG_MAX_SECOND_LEVEL
};

/* Sizes, all derived from the configuration by warp_tables_geometry(). */
struct warp_tables_geometry {
    unsigned fl;          /* F = first_level_entries */
    unsigned sl;          /* N = second_level_entries */
    unsigned lanes;       /* L = simd_width */
    unsigned pc_w;        /* pc_bits */
    unsigned tw;          /* thread id without lane bits: thread_id_bits - log2 L */
    unsigned threshold;   /* T = lookup_to_second_threshold */
    unsigned fslot_w;     /* First-Level slot index: clog2(F), at least 1 */
    unsigned ptr_w;       /* Second-Level head/tail: clog2(N), at least 1 */
    unsigned cnt_w;       /* Second-Level count: clog2(N + 1) */
    unsigned row_w;       /* a stored warp: pc_w + L + L*TW */
};

struct warp_tables_in {
    bool           upd_valid;    /* commit updates a First-Level slot */
    unsigned       upd_slot;
    uint64_t       upd_pc;
    uint64_t       upd_mask;     /* 0: the slot is freed */
    bool           bar_valid;    /* barrier-to-second */
    struct warp bar;
    bool           lkp_valid;    /* lookup-to-second: the Ready-Lookup's head */
    struct warp lkp;
    bool           wret_valid;   /* waiting-to-second */
    struct warp wret;
};

/*
 * Only the first F slots and the first L lanes of each warp are written
 * by warp_tables_eval(); the rest of the struct is left as it was.
 */
struct warp_tables_out {
    bool           fl_valid[WARP_TABLES_MAX_FL];
    struct warp fl[WARP_TABLES_MAX_FL];
    unsigned       count;        /* Second-Level warps */
    bool           head_valid;
    struct warp head;         /* the oldest Second-Level warp */
    bool           bar_ready, wret_ready, lkp_pop, ovf, err;
};

struct warp_tables {
    struct warp_tables_geometry g;
    bool           fl_valid[WARP_TABLES_MAX_FL];
    struct warp fl[WARP_TABLES_MAX_FL];
    unsigned       count, head, tail;       /* Second-Level FIFO */
    struct warp sl[WARP_TABLES_MAX_SL];           /* the array, by address */
};

void warp_tables_geometry(const struct simt_config *cfg, struct warp_tables_geometry *g);

/*
 * Storage of the generated module:
 *   flip-flops  F * (1 valid + pc_w + L mask + L*TW tid) First-Level,
 *               cnt_w count + 2 * ptr_w head and tail;
 *   memory      N * row_w, row_w = pc_w + L mask + L*TW tid.
 * warp_tables_state_bits() is their sum.
 */
unsigned long warp_tables_flop_bits(const struct warp_tables_geometry *g);
unsigned long warp_tables_memory_bits(const struct warp_tables_geometry *g);
unsigned long warp_tables_state_bits(const struct warp_tables_geometry *g);

/*
 * Second-Level as HARP Table 7 prices it ("Second-Level"): banks 1,
 * entries N, sets N, ways 1 (a directly addressed array), no tag, row
 * pc_w + L*TW + 2.  Table 7 prints 32+16*(10-4)+2 = 130 at fermi-harp and
 * does not say what the 2 bits are (status bits, 4.2.3 speaks of a ready
 * status).  Our RTL stores the lane mask instead (L bits per row, 144 at
 * fermi-harp) and needs no status, since every Second-Level warp is ready;
 * the report shows both figures (warp_tables_memory_bits() for ours).
 */
void warp_tables_harp_org(const struct warp_tables_geometry *g, struct harp_array_org *second_level);

/* The contract of model.h: sizes from cfg, checked, then reset. */
int warp_tables_check(const struct warp_tables_geometry *g, char *msg, size_t msglen);
int warp_tables_init(struct warp_tables *m, const struct simt_config *cfg,
                     char *msg, size_t msglen);
void warp_tables_reset(struct warp_tables *t);
void warp_tables_eval(const struct warp_tables *t, const struct warp_tables_in *in, struct warp_tables_out *out);
/* warp_tables_eval() without the tables' view: every output but fl_valid,
 * fl, head_valid and head (left unwritten), for a composition that reads
 * the First-Level slots from the state. */
void warp_tables_eval_ports(const struct warp_tables *t,
                            const struct warp_tables_in *in,
                            struct warp_tables_out *out);
void warp_tables_step(struct warp_tables *t, const struct warp_tables_in *in);

/* The i-th oldest Second-Level warp (i < count), as stored. */
const struct warp *warp_tables_sl_warp(const struct warp_tables *t, unsigned i);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_WARP_TABLES_H */
