/*
 * harp_cost.h -- part (c) of the area report under harp: HARP's cost as
 * HARP section 8 states it, the tables and the register offsets, per SM,
 * per chip and as a share of the die, beside the published shares.
 *
 * The tables are part (a)'s (table7_price.h).  The register offsets are
 * what the register file (simtref_regfile, a bank per lane) needs so that
 * each lane reads its own thread's warp slot:
 *   - the offset circuits: the register file generated with per-lane
 *     offsets and without them, at the same sizes, each synthesized
 *     (synth_area.h); the difference of their logic is the row base each
 *     bank computes for itself;
 *   - the banks' own row decoders: the register file's arrays priced by
 *     the array model (array_model.h), a bank per lane; the decode
 *     circuits (predecoders, row decoders, wordline drivers) of every
 *     bank but one, which is what a decoder per bank costs over one
 *     decoder driving the rows of every bank.
 */
#ifndef SIMTREF_HARP_COST_H
#define SIMTREF_HARP_COST_H

#include <stddef.h>
#include <stdio.h>
#include "config.h"
#include "figures.h"
#include "synth_area.h"

enum { HARP_COST_JOBS = 2 };

/* The register file synthesized twice: with offsets, then without. */
struct harp_cost {
    struct synth_job job[HARP_COST_JOBS];
    char path[HARP_COST_JOBS][1100];    /* each one's Verilog ... */
    char work[HARP_COST_JOBS][1100];    /* ... and synthesis directory */
};

/*
 * Write the register file of cfg with and without per-lane offsets into
 * dir/regfile-offsets/ and dir/regfile-shared/ and set up hc->job for
 * their synthesis (rtl_price.h's rtl_synth_rows runs them with the
 * rows).  Returns 0, or -1 with a message in err.
 */
int harp_cost_prepare(const struct simt_config *cfg, const char *dir,
                      struct harp_cost *hc, char *err, size_t errlen);

/* After the synthesis: each register file is a memory per lane holding
 * every warp slot's x1..x31, as the model's (else -1, a message in err). */
int harp_cost_check(const struct simt_config *cfg, const struct harp_cost *hc,
                    char *err, size_t errlen);

/*
 * The bank decoders of a register file of `banks` memories of `rows`
 * words of `width` bits, rd_ports and wr_ports each, at tech_nm: the
 * array model's decode circuits of every bank but one, um^2 (NAN: not an
 * array); the arrays' whole area into *arrays_um2.  Part (c) gives it the
 * synthesized memories, the sweeps the model's geometry.
 */
double harp_cost_bank_decoders(unsigned tech_nm, unsigned banks,
                               unsigned rows, unsigned width,
                               unsigned rd_ports, unsigned wr_ports,
                               double *arrays_um2);

/* The bank decoders of cfg's register file by its model's geometry
 * (regfile.h), um^2 per SM. */
double harp_cost_model_decoders(const struct simt_config *cfg);

/* Put part (c)'s figures (section "harp_cost") into the store; part (a)'s
 * totals must be there already. */
void harp_cost_figs(const struct simt_config *cfg, const struct harp_cost *hc,
                    struct figs *f);

/* Part (c) in Markdown, its numbers read back from the store. */
void harp_cost_markdown(const struct simt_config *cfg, const struct figs *f,
                        FILE *out);

#endif /* SIMTREF_HARP_COST_H */
