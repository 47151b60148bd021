/*
 * rv32.h -- what one thread's instruction does: RV32IM, the A extension's
 * word AMOs, Zicsr reads of the SIMT CSRs, and the SIMT extension on the
 * custom-0 opcode (docs/isa.md).
 *
 * The SM decodes a warp's instruction once (rv32_decode) and executes it
 * for each active lane (lane_eval, rv32_lane_access) on the operands its
 * register file reads (golden/structures/regfile.h).  What each instruction computes
 * is the lane's datapath, golden/structures/lane.c; this file decodes, and performs
 * the lane's memory request through the caller's callbacks, so the same
 * code serves the SM, the single-thread oracle runs (rv32_exec) and the
 * unit tests.  No trap exists: an illegal instruction or a bad access is
 * returned as a status for the caller to report (kernel, PC, thread).
 */
#ifndef SIMTREF_RV32_H
#define SIMTREF_RV32_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ORDER RV32_OP: rv32.c's name table follows this order. */
enum rv32_op {
    RV32_ILLEGAL = 0,
    /* RV32I */
    RV32_LUI, RV32_AUIPC, RV32_JAL, RV32_JALR,
    RV32_BEQ, RV32_BNE, RV32_BLT, RV32_BGE, RV32_BLTU, RV32_BGEU,
    RV32_LB, RV32_LH, RV32_LW, RV32_LBU, RV32_LHU,
    RV32_SB, RV32_SH, RV32_SW,
    RV32_ADDI, RV32_SLTI, RV32_SLTIU, RV32_XORI, RV32_ORI, RV32_ANDI,
    RV32_SLLI, RV32_SRLI, RV32_SRAI,
    RV32_ADD, RV32_SUB, RV32_SLL, RV32_SLT, RV32_SLTU, RV32_XOR,
    RV32_SRL, RV32_SRA, RV32_OR, RV32_AND,
    RV32_FENCE, RV32_ECALL, RV32_EBREAK,
    /* Zicsr (reads of the SIMT CSRs; a write is illegal) */
    RV32_CSRRW, RV32_CSRRS, RV32_CSRRC, RV32_CSRRWI, RV32_CSRRSI, RV32_CSRRCI,
    /* M */
    RV32_MUL, RV32_MULH, RV32_MULHSU, RV32_MULHU,
    RV32_DIV, RV32_DIVU, RV32_REM, RV32_REMU,
    /* A: word AMOs and LR/SC */
    RV32_LR_W, RV32_SC_W, RV32_AMOSWAP_W, RV32_AMOADD_W, RV32_AMOXOR_W,
    RV32_AMOAND_W, RV32_AMOOR_W, RV32_AMOMIN_W, RV32_AMOMAX_W,
    RV32_AMOMINU_W, RV32_AMOMAXU_W,
    /* SIMT extension, custom-0 */
    RV32_SIMT_BAR, RV32_SIMT_EXIT,
    RV32_SIMT_PRIO_RAISE, RV32_SIMT_PRIO_LOWER, RV32_SIMT_PRIO_SETOUT,
    RV32_N_OPS
};

struct rv32_insn {
    uint32_t word;
    enum rv32_op op;
    uint8_t rd, rs1, rs2;
    uint8_t aq_rl;         /* AMOs: aq << 1 | rl */
    int32_t imm;           /* sign-extended; shift amount; lui/auipc: the
                              value added (word & 0xfffff000); csr*i: uimm */
    uint16_t csr;          /* Zicsr: the CSR number */
};

/* The SIMT CSRs, read-only (docs/isa.md).  ORDER RV32_CSR. */
enum rv32_csr {
    RV32_CSR_TID    = 0xcc0,   /* thread index in its TB */
    RV32_CSR_NTID   = 0xcc1,   /* threads per TB */
    RV32_CSR_CTAID  = 0xcc2,   /* TB index in the grid */
    RV32_CSR_NCTAID = 0xcc3,   /* TBs in the grid */
    RV32_CSR_WARPID = 0xcc4,   /* the thread's warp within its TB */
    RV32_CSR_LANEID = 0xcc5    /* the thread's lane within its warp */
};

/* How an instruction ended for one thread. */
enum rv32_status {
    RV32_OK = 0,
    RV32_BARRIER,          /* simt.bar: the thread waits at the TB barrier */
    RV32_EXIT,             /* simt.exit: the thread is done */
    RV32_PRIO,             /* simt.prio.*: the ICS-First action (insn.op) */
    /* the errors, last: a status >= RV32_ERR_ILLEGAL is one */
    RV32_ERR_ILLEGAL,      /* undecodable, or a CSR that does not exist or a write */
    RV32_ERR_MISALIGNED,   /* access not aligned to its size */
    RV32_ERR_ACCESS,       /* the memory callback refused the address */
    RV32_ERR_ECALL         /* ecall or ebreak: no environment here */
};

/* Memory and CSRs, as the caller provides them.  load and store return 0,
 * or -1 when the address is outside memory (RV32_ERR_ACCESS).  amo
 * performs the read-modify-write of an AMO atomically and returns the old
 * value in *old.  csr returns 0 and the value, or -1 if no such CSR.
 *
 * lr and sc give lr.w and sc.w a reservation that other threads' writes
 * break (the A extension across harts); when they are NULL, lr.w and sc.w
 * are a load and a store and only the thread's own reservation counts
 * (one thread alone: the oracle runs).  lr loads the word and registers
 * the caller's reservation of it.  sc is called for every sc.w: *ok holds
 * on entry whether the thread's own reservation names addr; sc clears the
 * caller's reservation, leaves *ok true only when no other thread wrote
 * the reservation's granule since the lr, and then stores val.  The SM's
 * granule is the aligned word (golden/sm/sm_memory.h, docs/isa.md).  Both
 * return -1 when the address may not be accessed (RV32_ERR_ACCESS),
 * whether or not the reservation holds. */
struct rv32_env {
    void *ctx;
    int (*load)(void *ctx, uint32_t addr, unsigned bytes, uint32_t *val);
    int (*store)(void *ctx, uint32_t addr, unsigned bytes, uint32_t val);
    int (*amo)(void *ctx, enum rv32_op op, uint32_t addr, uint32_t src,
               uint32_t *old);
    int (*csr)(void *ctx, uint16_t csr, uint32_t *val);
    int (*lr)(void *ctx, uint32_t addr, uint32_t *val);
    int (*sc)(void *ctx, uint32_t addr, uint32_t val, bool *ok);
};

/* A thread's LR/SC reservation (the thread's own view: the SM also
 * breaks it on other threads' writes, golden/sm/sm_memory.h). */
struct rv32_reservation {
    bool held;             /* lr.w reserved a word ... */
    uint32_t addr;         /* ... at this address */
};

/* What the SM keeps per thread beside its registers (which are in the
 * register file, golden/structures/regfile.h): its pc and its reservation. */
struct rv32_context {
    uint32_t pc;           /* the address of its next instruction */
    struct rv32_reservation resv; /* its lr.w reservation */
};

/* One thread alone (the oracle runs, the unit tests): its registers,
 * pc and reservation. */
struct rv32_thread {
    uint32_t x[32];        /* x[0] reads 0 whatever is stored */
    uint32_t pc;
    bool reserved;         /* LR/SC reservation held ... */
    uint32_t reserved_addr; /* ... at this address */
};

/* What the instruction did, for the trace and the SM's control flow. */
struct rv32_result {
    enum rv32_status status;
    uint32_t next_pc;
    bool branch;           /* a conditional branch */
    bool taken;            /* ... that was taken */
    bool rd_written;       /* x[rd] changed to rd_value (rd != 0) */
    uint32_t rd_value;
    bool mem;              /* a load, store or AMO happened */
    bool mem_write;
    uint32_t mem_addr;
    unsigned mem_bytes;
    uint32_t mem_value;    /* the value stored (store, AMO's new value) */
};

/* Decode one word; op = RV32_ILLEGAL when it is not in the set above. */
struct rv32_insn rv32_decode(uint32_t word);

/* Execute insn for thread t at t->pc on the lane (golden/structures/lane.h; a CSR
 * read gets the value env->csr gives, and only the SIMT CSRs exist):
 * updates t (registers, pc) and memory through env, and describes the
 * effect in *res.  On an error
 * status t is unchanged and res->next_pc is the instruction's own pc
 * (res->mem_addr names the address of a bad access or jump target).  On
 * RV32_BARRIER, RV32_EXIT and RV32_PRIO, t->pc has moved to the next
 * instruction.  sc.w succeeds when the thread's own reservation holds that
 * address and, with env->lr and env->sc, no other thread wrote its
 * granule since the lr.w (the SM: golden/sm/sm_memory.h); without them lr.w
 * and a successful sc.w are env->load and env->store.  When env->amo is
 * NULL an AMO is a load then a store (enough for one thread). */
void rv32_exec(const struct rv32_insn *insn, struct rv32_thread *t,
               const struct rv32_env *env, struct rv32_result *res);

struct lane_in;
struct lane_out;

/* The memory request of a lane's outputs *o for inputs *in (golden/structures/lane.h:
 * a load, store, lr.w, sc.w or AMO), performed through env for a thread
 * holding reservation *resv, which lr.w and sc.w update; then the lane
 * evaluated again on the data read (in->mem_rdata, *o).  *res describes
 * the instruction as for rv32_exec; the caller writes rd
 * (res->rd_written, rd_value) and the pc.  (An instruction without a
 * memory request needs only lane_record().) */
void rv32_lane_access(struct lane_in *in, struct lane_out *o,
                      struct rv32_reservation *resv,
                      const struct rv32_env *env, struct rv32_result *res);

/* The value an AMO writes back, given the old memory word and rs2's value
 * (src); for an amo callback that does the read-modify-write. */
uint32_t rv32_amo_apply(enum rv32_op op, uint32_t old, uint32_t src);

/* An atomic's funct5 (the A extension's bits 31:27: lr.w 00010, sc.w
 * 00011, the AMOs'); 0 for any other operation (amoadd.w's too). */
unsigned rv32_amo_funct5(enum rv32_op op);

/* The instruction's mnemonic ("addi", "simt.bar", ...). */
const char *rv32_op_name(enum rv32_op op);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_RV32_H */
