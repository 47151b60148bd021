/*
 * regfile.c -- the SM's register file, banked per lane (golden/structures/regfile.h).
 */
#include "regfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void regfile_geometry(const struct simt_config *cfg,
                      struct regfile_geometry *g)
{
    g->lanes = cfg->warp_size;
    g->slots = cfg->warp_size
               ? cfg->threads_per_scheduler / cfg->warp_size * cfg->schedulers
               : 0;
    g->offsets = cfg->reconvergence == RECONV_HARP;
    g->writes = REGFILE_LANE_WRITES + cfg->lsu_writebacks;
}

int regfile_check(const struct regfile_geometry *g, char *msg, size_t msglen)
{
    if (g->lanes == 0 || g->lanes > REGFILE_MAX_LANES) {
        snprintf(msg, msglen, "the register file model has 1 to %d banks, "
                 "not warp_size = %u", REGFILE_MAX_LANES, g->lanes);
        return -1;
    }
    if (g->slots == 0 || g->slots > UINT16_MAX) {
        snprintf(msg, msglen, "the register file model holds 1 to %u warp "
                 "slots, not %u", (unsigned)UINT16_MAX, g->slots);
        return -1;
    }
    return 0;
}

int regfile_init(struct regfile *m, const struct simt_config *cfg,
                 char *msg, size_t msglen)
{
    m->bank = NULL;
    regfile_geometry(cfg, &m->g);
    if (regfile_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    m->bank = calloc((size_t)m->g.lanes * m->g.slots * REGFILE_REGS,
                     sizeof *m->bank);
    if (!m->bank) {
        if (msglen)
            snprintf(msg, msglen, "out of memory");
        return -1;
    }
    regfile_reset(m);
    return 0;
}

void regfile_free(struct regfile *m)
{
    free(m->bank);
    m->bank = NULL;
}

void regfile_reset(struct regfile *m)
{
    memset(m->bank, 0, (size_t)m->g.lanes * m->g.slots * REGFILE_REGS
                       * sizeof *m->bank);
}

/* x0's row of every thread holds 0 (reset and regfile_launch() clear
 * it, the write port never writes it), so a read of x0 reads 0 there. */
void regfile_eval(const struct regfile *m, const struct regfile_in *in,
                  struct regfile_out *out)
{
    size_t bank = (size_t)m->g.slots * REGFILE_REGS;  /* a bank's rows */

    if (m->g.offsets) {
        for (uint64_t k = in->read; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            const uint32_t *x = m->bank + l * bank
                                + (size_t)in->offset[l] * REGFILE_REGS;
            out->rs1[l] = x[in->rs1[l]];
            out->rs2[l] = x[in->rs2[l]];
        }
        return;
    }
    for (uint64_t k = in->read; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k);
        const uint32_t *x = m->bank + l * bank
                            + (size_t)in->slot * REGFILE_REGS;
        out->rs1[l] = x[in->rs1[l]];
        out->rs2[l] = x[in->rs2[l]];
    }
}

void regfile_step(struct regfile *m, const struct regfile_in *in)
{
    size_t bank = (size_t)m->g.slots * REGFILE_REGS;

    for (uint64_t k = in->write; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k);

        if (in->rd[l])
            m->bank[l * bank + (size_t)in->wslot[l] * REGFILE_REGS
                    + in->rd[l]] = in->wdata[l];
    }
}

unsigned long regfile_state_bits(const struct regfile_geometry *g)
{
    return (unsigned long)g->lanes * g->slots * (REGFILE_REGS - 1) * 32;
}

void regfile_launch(struct regfile *m, unsigned lane, unsigned slot,
                    const uint32_t x[REGFILE_REGS])
{
    uint32_t *d = &m->bank[((size_t)lane * m->g.slots + slot) * REGFILE_REGS];

    memcpy(d, x, REGFILE_REGS * sizeof *d);
    d[0] = 0;
}
