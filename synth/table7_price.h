/*
 * table7_price.h -- part (a) of the area report: the HARP tables, as
 * HARP Table 7 organises them, priced by the array model beside the
 * published figures (table7.h).
 *
 * table7_compute prices a configuration (the sweeps call it per point);
 * table7_figs puts the figures, with each ratio computed / published
 * where the organisation, the node and the counts are the published ones
 * (the one place that rule is written), into the store; table7_markdown
 * renders them.
 */
#ifndef SIMTREF_TABLE7_PRICE_H
#define SIMTREF_TABLE7_PRICE_H

#include <stddef.h>
#include <stdio.h>
#include "config.h"
#include "figures.h"
#include "harp_org.h"

enum { MAX_HARP_ORGS = 8 };

/* One table of Table 7, priced. */
struct t7_row {
    struct harp_array_org org;          /* as the model computes it */
    const struct harp_array_org *pub;   /* NULL: not in Table 7 */
    int same;                           /* organisation as published */
    double tag_mm2, data_mm2;           /* computed, at the node */
    double pub_tag_mm2, pub_data_mm2;   /* published */
};

struct t7 {
    struct t7_row row[MAX_HARP_ORGS];   /* in Table 7's order */
    size_t n;                           /* rows */
    int comparable;     /* every row as published, at the published node */
    double per_scheduler_mm2, per_sm_mm2, chip_mm2;    /* computed */
    double die_share;                   /* chip / die area */
};

/* Price the HARP tables of cfg (reconvergence = harp). */
void table7_compute(const struct simt_config *cfg, struct t7 *t);

/* Put t's figures into the store: section "table7" (a row per table) and
 * "table7_total". */
void table7_figs(const struct simt_config *cfg, const struct t7 *t,
                 struct figs *f);

/* Part (a) in Markdown, its numbers read back from the store. */
void table7_markdown(const struct simt_config *cfg, const struct t7 *t,
                     const struct figs *f, FILE *out);

#endif /* SIMTREF_TABLE7_PRICE_H */
