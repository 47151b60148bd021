/*
 * emit_common.h -- pieces of Verilog the emitters share.  The warp-choosing
 * ones: the I-buffer's fetch choice (emit_fetch.c) and the issue
 * scheduler's grant (emit_scheduler.c) pick a warp the same ways.  The
 * decoded instruction's: the decoder (emit_decode.c), the lanes
 * (emit_lane.c) and the datapath (emit_sm_exec.c) carry the same
 * operation code, enum rv32_op (golden/isa/rv32.h).
 *
 * A pick is built in a combinational block, in blocking assignments: a
 * valid bit, the index picked and, for a pick by the smallest key, the
 * key of the one picked so far.
 */
#ifndef SIMTREF_EMIT_COMMON_H
#define SIMTREF_EMIT_COMMON_H

#include <stddef.h>

#include "rv32.h"
#include "vgen.h"

/* The variables of one pick. */
struct pick {
    const char *valid;      /* "pick_valid": something is picked */
    const char *index;      /* "pick": ... this index */
    const char *index_w;    /* the index's width: "WARP_W" */
    const char *key;        /* "pick_ent": the key of the one picked, or NULL */
    const char *key_w;      /* the key's width: "ENT_W" (with key) */
};

/* Nothing picked yet: the valid bit, index and key cleared. */
void emit_pick_clear(struct vgen *v, const struct pick *p);

/*
 * Take index `loop` (a loop variable) when it has a smaller key than the
 * one picked so far: `if (ELIG[i] && (!valid || KEYS[i*KEY_W +: KEY_W] OP
 * key)) begin ... end`.  OP is "<" (ties to the first in loop order); a
 * deliberate defect may pass another.
 */
void emit_pick_smaller(struct vgen *v, const struct pick *p, const char *loop,
                       const char *elig, const char *keys, const char *op);

/* The whole loop of a pick by the smallest key, over `count` indices. */
void emit_pick_smallest(struct vgen *v, const struct pick *p, const char *loop,
                        const char *count, const char *elig, const char *keys);

/*
 * Round robin over NUM_WARPS warps (loop variables rk, ri): the first
 * warp with ELIG set after warp `after` (a WARP_W-bit expression, warp_w
 * its width in bits), wrapping, unless something is picked already.
 */
void emit_pick_round_robin(struct vgen *v, const struct pick *p,
                           const char *elig, const char *after,
                           unsigned warp_w);

/* The reset value of a round robin's last warp: NUM_WARPS - 1, so that
 * warp 0 comes first. */
void emit_last_reset(struct vgen *v, unsigned warp_w, unsigned warps);

/* The round robin's last warp register `last_q`: LAST_RESET under reset,
 * the index picked on the edges something is picked. */
void emit_last_register(struct vgen *v, const struct pick *p,
                        const char *last_q);

/* Whether a warp id port `id` names a warp of `warps`, as a condition
 * into buf: "1'b1" when warps is a power of two (every id does), else
 * "(id <= LAST_WARP)" (the module declares LAST_WARP = NUM_WARPS - 1). */
const char *emit_names_warp(char *buf, size_t len, unsigned warps,
                            const char *id);

/* The inputs a configuration does not read, XOR-reduced into one
 * unused wire under a lint waiver, in a section of their own. */
void emit_unused_inputs(struct vgen *v, const char *inputs);

/* The bits of an operation code: the smallest OP_W with (1 << OP_W) >=
 * RV32_N_OPS, the width of every port that carries an enum rv32_op. */
unsigned rtl_op_bits(void);

/* The localparam naming operation op into buf: "OP_LR_W" for lr.w
 * (rv32_op_name() in capitals, '.' as '_'); returns buf. */
const char *rtl_op_param(char *buf, size_t len, enum rv32_op op);

#endif /* SIMTREF_EMIT_COMMON_H */
