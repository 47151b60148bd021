/*
 * regfile.h -- the SM's register file: the 32 integer registers of every
 * thread of every warp slot, banked per lane.  Bank l holds the registers
 * of the threads in lane l of every warp slot (a thread keeps its lane for
 * its whole life, so all its registers are in one bank): HARP section 2
 * puts it "one 4-port (three reads/one write) register file is virtually
 * associated with each lane ... all registers of a thread are allocated in
 * the register file associated with the thread's lane" (three read ports
 * there; an RV32IM instruction reads at most two).  Register r of the
 * thread of warp slot g is at row g * 32 + r of its lane's bank; x0 is no
 * storage and reads 0.
 *
 * Ports (struct regfile_in, struct regfile_out), per lane:
 *   read   two read ports, rs1 and rs2: bank l reads registers rs1[l] and
 *          rs2[l] of the thread of warp slot `slot` (the issuing warp's)
 *          or, with per-lane offsets, of warp slot offset[l];
 *   write  one write port: when lane l's bit of `write` is set, register
 *          rd[l] of the thread of warp slot wslot[l] takes wdata[l].
 *
 * Per-lane offsets (harp): under HARP a First-Level slot issues threads
 * of several launch warps, so the lanes of one warp-instruction read
 * threads of different warp slots.  HARP section 8: "threads of the same
 * warp may need to access different offsets in register banks ... HARP
 * ... associates one logical circuit with each bank to retrieve the
 * register offset at each lane independently and in parallel" (an area
 * overhead the earlier studies it cites, Fung et al. 2009 and Narasiman
 * et al. 2011, estimated at about 2.5 %).  Here that circuit is
 * offset[l]: each bank's read row is its own thread's warp slot, not the
 * issuing First-Level slot's.  Without offsets (every other mode) every
 * bank reads the row of `slot` and offset[] is not looked at.
 *
 * The cycle protocol: regfile_eval() gives the read ports' values from
 * the registers as they are (a write of this cycle is not forwarded);
 * regfile_step() is the clock edge, when the write port's registers take
 * their values, so a value written is read back from the next cycle.
 * The SM reads the operands of an issued instruction and writes its
 * results in the cycle it issues (values are computed at issue,
 * docs/sm-timing.md; the scoreboard times the dependents).
 *
 * Its module is simtref_regfile (rtlgen/emit_regfile.c): a memory per
 * bank with synchronous read ports, so the module's read data follow a
 * cycle later (docs/rtl-boundary.md), and `writes` write ports per bank
 * (the SM's datapath writes its lanes' results, its divider's and each
 * of the LSU's write-backs through a port of its own); the model's one
 * write per lane a cycle is any one of them.
 */
#ifndef SIMTREF_REGFILE_H
#define SIMTREF_REGFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { REGFILE_MAX_LANES = 64, REGFILE_REGS = 32 };

/* The module's write ports before the loads': the lanes' results and the
 * divider's (the SM's datapath, simtref_sm_exec). */
enum { REGFILE_LANE_WRITES = 2 };

/* The module's read ports per bank: rs1's and rs2's. */
enum { REGFILE_READS = 2 };

struct regfile_geometry {
    unsigned lanes;         /* banks: lanes of a warp (warp_size) */
    unsigned slots;         /* warp slots of the SM: threads per bank */
    bool offsets;           /* each bank reads at its own offset (harp) */
    unsigned writes;        /* the module's write ports per bank: the
                               lanes', the divider's and one per LSU
                               write-back port (lsu_writebacks) */
};

struct regfile_in {
    uint64_t read;                        /* lanes whose read ports are used */
    unsigned slot;                        /* the issuing warp's slot */
    uint16_t offset[REGFILE_MAX_LANES];   /* per lane: its thread's warp
                                             slot (per-lane offsets only) */
    uint8_t rs1[REGFILE_MAX_LANES];       /* per lane: the registers ... */
    uint8_t rs2[REGFILE_MAX_LANES];       /* ... its two ports read */
    uint64_t write;                       /* lanes whose write port writes */
    uint16_t wslot[REGFILE_MAX_LANES];    /* per lane: the thread's slot, */
    uint8_t rd[REGFILE_MAX_LANES];        /* the register written */
    uint32_t wdata[REGFILE_MAX_LANES];    /* and its value */
};

struct regfile_out {
    uint32_t rs1[REGFILE_MAX_LANES];      /* per lane read: rs1's value */
    uint32_t rs2[REGFILE_MAX_LANES];      /* and rs2's */
};

struct regfile {
    struct regfile_geometry g;  /* its sizes */
    uint32_t *bank;             /* [(l * slots + g) * 32 + r]: register r
                                   of the thread of slot g in lane l */
};

void regfile_geometry(const struct simt_config *cfg,
                      struct regfile_geometry *g);
int regfile_check(const struct regfile_geometry *g, char *msg,
                  size_t msglen);
/* Allocates the banks: free with regfile_free (also after a failure). */
int regfile_init(struct regfile *m, const struct simt_config *cfg,
                 char *msg, size_t msglen);
void regfile_free(struct regfile *m);
/* Every register 0. */
void regfile_reset(struct regfile *m);
void regfile_eval(const struct regfile *m, const struct regfile_in *in,
                  struct regfile_out *out);
void regfile_step(struct regfile *m, const struct regfile_in *in);
/* The storage: 31 registers of 32 bits per thread (x0 is none). */
unsigned long regfile_state_bits(const struct regfile_geometry *g);

/* Views of the state for the SM's messages and tests: register r of the
 * thread of warp slot `slot` in lane `lane` (x0: 0). */
static inline uint32_t regfile_peek(const struct regfile *m, unsigned lane,
                                    unsigned slot, unsigned r)
{
    return r ? m->bank[((size_t)lane * m->g.slots + slot) * REGFILE_REGS + r]
             : 0;
}

/* The TB dispatcher places a thread in lane `lane` of warp slot `slot`:
 * its registers take x[] (x[0] is not stored), written beside the clocked
 * ports as a launch does before the thread's first instruction. */
void regfile_launch(struct regfile *m, unsigned lane, unsigned slot,
                    const uint32_t x[REGFILE_REGS]);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_REGFILE_H */
