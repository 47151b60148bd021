/*
 * lane.h -- the integer datapath of one SIMD lane: what a lane computes for
 * one thread's instruction, RV32IM, the A extension's word AMOs and LR/SC,
 * Zicsr reads of the SIMT CSRs and the SIMT extension (docs/isa.md).  This
 * is where the meaning of each instruction is written; rv32_exec()
 * (golden/isa/rv32.h) runs a thread alone on it, and the SM runs one per
 * active lane of an issued warp-instruction (golden/sm/sm.c).
 *
 * Ports (struct lane_in, struct lane_out):
 *   in   the decoded instruction (rv32_decode()), the thread's pc, the
 *        values of rs1 and rs2 from the register file (golden/structures/regfile.h),
 *        the lane's CSR inputs (the thread's ids, which exist) and the
 *        data memory returned for the request the lane makes;
 *   out  the write of rd (enable, value), the next pc (a branch, and
 *        whether it was taken), the memory request (address, bytes,
 *        write, store data or the AMO's source operand; the operation is
 *        the instruction's) and the status (done, barrier, exit, an
 *        ICS-First action, or an error).
 *
 * The cycle protocol: the model is combinational and holds no state:
 * lane_eval() gives the outputs of the inputs, a division's result
 * included, and lane_step() changes nothing (the pipeline registers
 * around the lane are the SM's timing, docs/sm-timing.md).  The
 * generated module (simtref_lane, rtlgen/emit_lane.c) computes the rest
 * at once too, but divides as hardware does: a pipelined restoring
 * divider of div_latency stages, whose result leaves div_latency cycles
 * after the divide entered (docs/rtl-boundary.md); lane_state_bits() counts its registers.
 *
 * An instruction that reads memory (a load, lr.w, sc.w, an AMO) is
 * evaluated twice in its cycle: once for its request, whose fields do not
 * depend on mem_rdata, and once with the data the memory returned, which
 * only rd_value uses.  The access
 * itself happens outside the lane (golden/sm/sm_memory.c at issue; the
 * callbacks of struct rv32_env for a thread alone, rv32_exec()).
 */
#ifndef SIMTREF_LANE_H
#define SIMTREF_LANE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "model.h"
#include "rv32.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { LANE_CSRS = 6 };     /* the SIMT CSRs, RV32_CSR_TID.. RV32_CSR_LANEID */

/* The module's divider: a stage holds its valid bit, the partial
 * remainder, the quotient (the dividend shifting out as it shifts in),
 * the divisor (but for the last stage: no later stage needs it), whether
 * the result is negated and whether it is the remainder; a delay stage
 * holds a valid bit and the finished value. */
enum { LANE_DIV_ITERATIONS = 32,                /* quotient bits */
       LANE_DIV_STAGE_BITS = 1 + 32 + 32 + 32 + 1 + 1,
       LANE_DIV_DIVISOR_BITS = 32,
       LANE_DIV_DELAY_BITS = 1 + 32 };

struct lane_geometry {
    unsigned warp_size;     /* lanes of a warp: the range of laneid */
    unsigned div_latency;   /* cycles from a divide's entry to its result */
    unsigned div_stages;    /* divider stages that iterate: min(div_latency,
                               32), each taking 32/div_stages quotient bits
                               (rounded so that they add up to 32) */
    unsigned div_delay;     /* stages that only carry the finished value:
                               div_latency - div_stages */
};

struct lane_in {
    const struct rv32_insn *insn; /* the decoded instruction */
    uint32_t pc;            /* the thread's pc: the instruction's address */
    uint32_t rs1, rs2;      /* the values of registers rs1 and rs2 */
    uint32_t csr[LANE_CSRS]; /* the thread's CSRs, ORDER RV32_CSR: tid,
                               ntid, ctaid, nctaid, warpid, laneid */
    uint8_t csr_present;    /* bit i: csr[i] exists (a read of another is
                               an illegal instruction) */
    uint32_t mem_rdata;     /* the memory's answer to the request: a load's
                               bytes (the lane extends them), lr.w's and an
                               AMO's old word, sc.w's 0 (stored) or 1 (not) */
};

struct lane_out {
    enum rv32_status status; /* how the instruction ended for the thread */
    bool rd_write;          /* rd is written (never x0) ... */
    uint32_t rd_value;      /* ... with this value */
    uint32_t next_pc;       /* the thread's next pc (an error: its own) */
    bool branch;            /* a conditional branch ... */
    bool taken;             /* ... that was taken */
    bool mem;               /* a memory request: */
    bool mem_write;         /*   it writes (a store, sc.w, an AMO) */
    uint32_t mem_addr;      /*   its address (also a misaligned jump's or
                                 branch's target, status MISALIGNED) */
    unsigned mem_bytes;     /*   1, 2 or 4 */
    uint32_t mem_wdata;     /*   the store's data (its low mem_bytes
                                 bytes), sc.w's, or the AMO's rs2 */
};

/* The model holds no state; the struct is its geometry. */
struct lane {
    struct lane_geometry g; /* its sizes */
};

void lane_geometry(const struct simt_config *cfg, struct lane_geometry *g);
int lane_check(const struct lane_geometry *g, char *msg, size_t msglen);
int lane_init(struct lane *m, const struct simt_config *cfg, char *msg,
              size_t msglen);
void lane_reset(struct lane *m);
void lane_eval(const struct lane *m, const struct lane_in *in,
               struct lane_out *out);
void lane_step(struct lane *m, const struct lane_in *in);
unsigned long lane_state_bits(const struct lane_geometry *g);

/* The record of an instruction (struct rv32_result, what the SM's trace
 * and rv32_exec() report) from the lane's outputs o, as far as they
 * give it: for one with a memory request, rv32_lane_access() completes
 * it once the memory has answered. */
static inline void lane_record(const struct lane_out *o,
                               struct rv32_result *r)
{
    r->status = o->status;
    r->next_pc = o->next_pc;
    r->branch = o->branch;
    r->taken = o->taken;
    r->rd_written = o->rd_write;
    r->rd_value = o->rd_value;
    r->mem = o->mem;
    r->mem_write = false;
    r->mem_addr = o->mem_addr;
    r->mem_bytes = o->mem_bytes;
    r->mem_value = 0;
}

/*
 * The lanes of `mask` at once, for the instructions that only compute a
 * value from registers and the immediate and cannot fail (LUI, AUIPC,
 * OP-IMM, OP and RV32M, FENCE): what lane_eval() gives each lane, with
 * rd[l] the value written (unused when insn writes x0 or nothing), as the
 * SIMD group's lanes compute it side by side.  Returns false, computing
 * nothing, for every other instruction: those go lane by lane through
 * lane_eval().
 */
bool lane_eval_lanes(const struct lane *m, const struct rv32_insn *insn,
                     uint32_t pc, uint64_t mask, const uint32_t rs1[],
                     const uint32_t rs2[], uint32_t rd[]);

/* The word an AMO writes back from the old memory word and its source
 * operand (rs2): the AMO's ALU, for the memory that performs it. */
uint32_t lane_amo_result(enum rv32_op op, uint32_t old, uint32_t src);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_LANE_H */
