/*
 * decode.h -- the SM's decode stage: what each instruction of the kernel
 * reads and writes, which unit executes it, and the per-PC flags the
 * control-flow structures use.
 *
 * The ISA's meaning stays in golden/isa/rv32.c (rv32_decode(), the fields of
 * a word); this is the hardware stage after fetch.  For a PC of the
 * kernel's text it gives the registers the instruction reads (rs1, rs2;
 * an I-type reads no rs2) and writes (rd; a store and a branch write
 * nothing, x0 is never named), its operation class (the SIMD groups'
 * ALU, multiplier or divider, or the load/store unit) and whether the PC
 * is a branch's re-convergence PC (the is_rpc flag of HARP's and the
 * other modes' tables).
 *
 * The stage decodes each word of the text once, when the kernel is
 * loaded (decode_load(), decode_load_word(), decode_load_rpc()), into a
 * table indexed by (pc - text_lo) / 4, as a pre-decoded instruction store
 * does; a PC then names its word's decoded fields.
 *
 * Ports (struct decode_in / decode_out), one cycle:
 *
 *   pc         the fetched instruction's PC
 *   valid      the PC is a word of the text (aligned, inside it); the
 *              fields below are 0 otherwise
 *   rs1, rs2   the registers it reads (0: none)
 *   rd         the register it writes (0: none)
 *   unit       enum decode_unit: where it executes
 *   mem        a load, store or atomic (the load/store unit)
 *   rpc        the PC is a re-convergence PC
 *
 * and, beside them, the instruction as the lanes execute it (struct
 * decode_exec: golden/structures/lane.h takes rv32_decode()'s fields):
 *
 *   op         enum rv32_op (RV32_ILLEGAL, 0, for an illegal word)
 *   insn_rd, insn_rs1, insn_rs2
 *              the word's register fields, whether or not the
 *              instruction reads or writes them (0 for an illegal word)
 *   imm        the immediate: sign-extended; a shift's amount; lui and
 *              auipc the word's upper 20 bits; Zicsr the rs1 field (the
 *              uimm of the csr*i forms)
 *   csr        Zicsr: the CSR number
 *
 * These are rv32_decode()'s op, rd, rs1, rs2, imm and csr of the PC's
 * word (decode_exec()), all 0 outside the text; the table below does not
 * hold them (struct decode_out stays the issue check's fields).  The
 * module decodes the operation by matching one pattern per operation
 * (decode_pattern()), which tests/unit/test_decode.c checks against
 * rv32_decode().
 *
 * Cycle protocol: decode is combinational (eval); the table is written
 * only when a kernel is loaded, so decode_step() changes nothing.  Its
 * storage is the kernel's: one entry per text word (decode_memory_bits());
 * decode_state_bits() counts none beyond it.
 */
#ifndef SIMTREF_DECODE_H
#define SIMTREF_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "model.h"
#include "rv32.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where an instruction executes; the first three are the SIMD groups'
 * classes (golden/structures/simd_group.h's enum simd_group_op, same order). */
enum decode_unit { DECODE_ALU, DECODE_MUL, DECODE_DIV, DECODE_MEM };

struct decode_geometry {
    unsigned pc_bits;       /* pc_bits: the text holds at most 2^pc_bits
                               words */
};

struct decode_in {
    uint32_t pc;            /* the fetched instruction's PC */
};

/* One decoded text word (also the table's entry). */
struct decode_out {
    uint8_t valid;          /* the PC is a word of the text */
    uint8_t rs1, rs2;       /* registers read (0: none) */
    uint8_t rd;             /* register written (0: none) */
    uint8_t unit;           /* enum decode_unit */
    uint8_t mem;            /* a load, store or AMO */
    uint8_t rpc;            /* a branch's re-convergence PC */
};

struct decode {
    struct decode_geometry g;
    uint32_t text_lo;       /* the text's first byte */
    unsigned words;         /* text words */
    struct decode_out *word;    /* [(pc - text_lo) / 4]: the decoded word */
    uint8_t *is_rpc;        /* [(pc - text_lo) / 4]: the rpc flag, also as
                               a table of its own (decode_rpc_flags()) */
};

void decode_geometry(const struct simt_config *cfg, struct decode_geometry *g);
int decode_check(const struct decode_geometry *g, char *msg, size_t msglen);
int decode_init(struct decode *m, const struct simt_config *cfg,
                char *msg, size_t msglen);
/* The table is the kernel's: reset keeps it. */
void decode_reset(struct decode *m);
void decode_step(struct decode *m, const struct decode_in *in);
unsigned long decode_state_bits(const struct decode_geometry *g);
/* The table's bits: per text word the fields of decode_out. */
unsigned long decode_memory_bits(const struct decode *m);

/* Load a kernel of `words` text words from text_lo: 0, or -1 when out of
 * memory.  Every word decodes as 0 (no register) until written. */
int decode_load(struct decode *m, uint32_t text_lo, unsigned words);
/* The word at pc (in the text) is `word`. */
void decode_load_word(struct decode *m, uint32_t pc, uint32_t word);
/* pc is a branch's re-convergence PC (ignored outside the text). */
void decode_load_rpc(struct decode *m, uint32_t pc);
void decode_free(struct decode *m);

/* The per-text-word rpc flags, as the control-flow modes read them. */
static inline const uint8_t *decode_rpc_flags(const struct decode *m)
{
    return m->is_rpc;
}

/* The fields of a word, as the table holds them (rpc 0). */
struct decode_out decode_word(uint32_t word);

/* The instruction as the lanes execute it: rv32_decode()'s fields. */
struct decode_exec {
    uint8_t op;             /* enum rv32_op */
    uint8_t rd, rs1, rs2;   /* the word's fields (0: an illegal word) */
    uint32_t imm;           /* rv32_insn's imm */
    uint16_t csr;           /* Zicsr: the CSR number */
};

/* The executed fields of a word, the module's op_o, insn_rd_o,
 * insn_rs1_o, insn_rs2_o, imm_o and csr_o for a word of the text. */
struct decode_exec decode_exec(uint32_t word);

/* Where an operation's immediate comes from in its word (rv32_decode()). */
enum decode_imm {
    DECODE_IMM_NONE,        /* none: 0 */
    DECODE_IMM_I,           /* word[31:20], sign-extended */
    DECODE_IMM_S,           /* word[31:25], word[11:7], sign-extended */
    DECODE_IMM_B,           /* the branch offset, sign-extended */
    DECODE_IMM_U,           /* word[31:12] << 12 */
    DECODE_IMM_J,           /* the jal offset, sign-extended */
    DECODE_IMM_SHAMT,       /* the rs2 field: the shift amount */
    DECODE_IMM_CSR,         /* Zicsr: the rs1 field (uimm); word[31:20]
                               is the CSR number */
    DECODE_IMM_FORMATS
};

/* How the module recognises an operation: a word is op when
 * (word & mask) == match.  The patterns of the operations are disjoint,
 * and a word that matches none is illegal. */
struct decode_pattern {
    uint32_t mask;          /* the bits the operation fixes ... */
    uint32_t match;         /* ... and their values */
    uint8_t imm;            /* enum decode_imm */
};

/* The pattern of op; NULL for RV32_ILLEGAL (or no operation). */
const struct decode_pattern *decode_pattern(enum rv32_op op);

/* Inline: the SM asks it for each warp that may issue, each cycle. */
static inline void decode_eval(const struct decode *m,
                               const struct decode_in *in,
                               struct decode_out *out)
{
    uint32_t i = (in->pc - m->text_lo) / 4;

    if (in->pc < m->text_lo || (in->pc & 3) || i >= m->words) {
        static const struct decode_out none = { 0, 0, 0, 0, 0, 0, 0 };
        *out = none;
        return;
    }
    *out = m->word[i];
}

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_DECODE_H */
