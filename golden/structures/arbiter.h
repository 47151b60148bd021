/*
 * arbiter.h -- the unified memory/PC arbiter of stack-less SIMT
 * reconvergence (Collange section 4, Fig. 2 to 4), with the control
 * unit's common PC register.
 *
 * One arbiter serves the lanes of one warp (lanes = warp_size).  Each lane
 * presents a valid bit and, by mode:
 *
 *   PC mode      (mode = 0, section 4.1)  its stack pointer SP_i and program
 *                counter PC_i; valid = the thread is enabled.  The arbiter
 *                selects min(SP_i:PC_i) over the valid lanes: the smaller SP
 *                first (the deepest call: stacks grow down), of equal SP
 *                the smaller PC.
 *   memory mode  (mode = 1, section 4.2)  a byte address A_i; valid = the
 *                lane requests it.  The key is the cache-line number
 *                A_i >> log2(l1d_line_bytes); the arbiter selects the
 *                smallest requested line.
 *
 * The reduction is a tree (section 4.1: "a reduction tree"): lanes are the
 * leaves; each of the log2(lanes) levels pairs neighbouring results with a
 * compare-select node, which keeps the left input when it is valid and not
 * larger than a valid right input.  Valid-out is the OR of the valid-ins
 * (section 4.3: "inactive threads are just ignored").  The mask is the set
 * of valid lanes whose key equals the result: in PC mode the active lanes
 * (several lanes tie when their SP:PC coincide: reconvergence), in memory
 * mode the acknowledged lanes, those on the selected line; the lanes not
 * acknowledged keep their request and replay it (section 4.2).
 *
 * The common PC register of the control unit (sections 4.1 and 4.3): the
 * control unit fetches from it.  On a non-branch instruction it increments
 * its private copy (pc_op = INC); after a branch, once the lanes present
 * their updated PCs, it takes the arbiter's result (pc_op = ARB).  A branch
 * thus costs one arbitration cycle in which the lanes show their new PCs.
 *
 * PC unit: instructions.  A PC counts instructions, not bytes, as in
 * Collange Table 2 (PCs 1, 2, 3, ...); INC adds one.  A byte-addressed
 * machine with fixed-size instructions presents PC = byte address >>
 * log2(instruction bytes).  PCs are pc_bits wide and INC wraps modulo
 * 2^pc_bits.
 *
 * Ports of the generated module simtref_arbiter (timing: every output but
 * common_pc is combinational in this cycle's inputs; common_pc is the
 * register):
 *
 *   mode        0 PC arbitration, 1 memory arbitration
 *   valid[i]    lane i enabled (PC mode) or requesting (memory mode)
 *   sp[i]       sp_bits; pc[i] pc_bits; addr[i] addr_bits
 *   pc_op       HOLD, INC, ARB (a 2-bit code; 3 is not an operation)
 *   valid_o     some lane valid
 *   sp_o, pc_o  PC mode: the selected SP and PC (0 in memory mode or when
 *               no lane is valid)
 *   line_o      memory mode: the selected line (0 otherwise)
 *   mask_o      active lanes (PC mode) / acknowledged lanes (memory mode)
 *   common_pc_o the common PC register
 *   err_o       input error: pc_op = 3, or ARB in memory mode.  The
 *               register then holds.
 *
 * Edge: HOLD keeps common_pc; INC adds one; ARB loads pc_o when valid_o,
 * else holds (no thread left).  Reset (asynchronous): common_pc = 0.
 */
#ifndef SIMTREF_ARBITER_H
#define SIMTREF_ARBITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { ARBITER_MAX_LANES = 64 };

enum arbiter_pc_op { ARBITER_HOLD = 0, ARBITER_INC = 1, ARBITER_ARB = 2, ARBITER_BAD_OP = 3 };

struct arbiter_geometry {
    unsigned lanes;     /* warp_size, a power of two */
    unsigned levels;    /* log2(lanes): compare-select levels of the tree */
    unsigned sp_w;      /* sp_bits */
    unsigned pc_w;      /* pc_bits */
    unsigned addr_w;    /* addr_bits */
    unsigned off_w;     /* log2(l1d_line_bytes): byte offset in a line */
    unsigned line_w;    /* addr_w - off_w: cache-line number */
    unsigned lo_w;      /* max(pc_w, line_w): low half of a tree key */
};

struct arbiter_in {
    bool     mem;                       /* memory mode */
    uint64_t valid;                     /* bit i: lane i */
    uint64_t sp[ARBITER_MAX_LANES];
    uint64_t pc[ARBITER_MAX_LANES];
    uint64_t addr[ARBITER_MAX_LANES];
    enum arbiter_pc_op pc_op;
};

struct arbiter_out {
    bool     valid;
    uint64_t sp, pc, line;
    uint64_t mask;
    uint64_t common_pc;
    bool     err;
};

struct arbiter {
    struct arbiter_geometry g;
    uint64_t common_pc;
};

void arbiter_geometry(const struct simt_config *cfg, struct arbiter_geometry *g);
/* The contract of model.h: sizes from cfg, checked, then reset. */
int arbiter_check(const struct arbiter_geometry *g, char *msg, size_t msglen);
int arbiter_init(struct arbiter *m, const struct simt_config *cfg,
                 char *msg, size_t msglen);
void arbiter_reset(struct arbiter *a);
void arbiter_eval(const struct arbiter *a, const struct arbiter_in *in, struct arbiter_out *out);
void arbiter_step(struct arbiter *a, const struct arbiter_in *in);

/* The key a lane presents in the tree: hi = SP (0 in memory mode), lo =
 * PC or line number. */
void arbiter_key(const struct arbiter_geometry *g, const struct arbiter_in *in, unsigned lane,
             uint64_t *hi, uint64_t *lo);

/* Flip-flops: the common PC. */
unsigned long arbiter_state_bits(const struct arbiter_geometry *g);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_ARBITER_H */
