/*
 * rtl_price.h -- part (b) of the area report: each structure's generated
 * RTL synthesized (synth_area.h), its arrays priced by the array model,
 * beside the all-flip-flop upper bound.
 *
 * rtl_synth_rows synthesizes the rows' modules; rtl_figs prices the rows
 * and puts the figures (section "rtl", a row per structure, and
 * "rtl_total") into the store; rtl_markdown renders them.
 */
#ifndef SIMTREF_RTL_PRICE_H
#define SIMTREF_RTL_PRICE_H

#include <stddef.h>
#include <stdio.h>
#include "area_rows.h"
#include "config.h"
#include "figures.h"

/*
 * Synthesize each row's module from dir/MODULE.v in dir/MODULE/ through
 * the flow (in parallel, through the cache, as it asks), in one batch
 * with the nextra jobs of extra (their results written back into them);
 * each row's flip-flops and memory bits must be its model's state bits.
 * Returns 0, or -1 with a message in err.
 */
int rtl_synth_rows(const struct synth_flow *flow, const char *dir,
                   struct area_row *rows, size_t nrows,
                   struct synth_job *extra, size_t nextra,
                   char *err, size_t errlen);

/* Price the synthesized rows and put their figures into the store. */
void rtl_figs(const struct simt_config *cfg, const struct area_row *rows,
              size_t nrows, struct figs *f);

/* Part (b) in Markdown, its numbers read back from the store. */
void rtl_markdown(const struct simt_config *cfg, const struct area_row *rows,
                  size_t nrows, const struct figs *f, FILE *out);

#endif /* SIMTREF_RTL_PRICE_H */
