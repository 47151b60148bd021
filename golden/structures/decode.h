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
