/*
 * table7.h -- HARP Table 7 beside the organisation simtref computes.
 *
 * HARP (section 8, Table 7) sizes its tables for one warp scheduler of the
 * Fermi-like SM of its Table 4 (the fermi-harp preset) and prices them with
 * CACTI 6.5 at 40 nm.  table7_print() sets each table's organisation, as
 * the models compute it from the configuration, beside the published row,
 * and says whether the two agree; every published number is labeled so.
 */
#ifndef SIMTREF_TABLE7_H
#define SIMTREF_TABLE7_H

#include <stddef.h>
#include <stdio.h>
#include "harp_org.h"

/* Storage bits of one organisation: banks x entries x (tag + row bits). */
unsigned long harp_org_bits(const struct harp_array_org *o);

/*
 * The published row of Table 7 named `name` ("RBT lanes", "RBT RPC",
 * "Second-Level", "Lookup Ready", "Lookup Waiting"), or NULL.  Its tag and
 * data areas in mm^2 go to *tag_mm2 and *data_mm2 when not NULL.
 */
const struct harp_array_org *table7_published(const char *name,
                                               double *tag_mm2,
                                               double *data_mm2);

/* Whether o has exactly the organisation of the published row p. */
int harp_org_equal(const struct harp_array_org *o,
                   const struct harp_array_org *p);

/* HARP Table 7's totals and section 8's chip figures, as published. */
struct table7_totals {
    double per_scheduler_mm2, per_sm_mm2, chip_mm2, die_mm2;
    unsigned schedulers, sms, tech_nm;  /* the configuration they are for */
};
const struct table7_totals *table7_published_totals(void);

#endif /* SIMTREF_TABLE7_H */
