/*
 * area_rows.h -- the rows of the area report's part (b): one per structure
 * of the registry that a configuration has, described by its model.
 *
 * The row's name, module, source, count per SM and whether Table 7 covers
 * it come from the registry (registry.h); its organisation, state bits,
 * published figure and marked arrays from the structure's model
 * (area_rows.c); its synthesis result from synth_area.h.
 */
#ifndef SIMTREF_AREA_ROWS_H
#define SIMTREF_AREA_ROWS_H

#include <stddef.h>
#include "config.h"
#include "registry.h"
#include "synth_area.h"

/* One synthesized module of the report. */
struct area_row {
    const char *name;           /* "WPT" */
    const char *module;         /* "simtref_wpt", in simtref_wpt.v */
    const char *source;         /* "BAWS 4.1.2" */
    enum structure_count per;   /* one per SM, per warp scheduler, or per
                                   resident warp */
    char organisation[96];
    unsigned long bits;         /* the RTL's state bits, from the model */
    long published_bits;        /* -1: no published figure for this config */
    int in_table7;              /* its arrays are compared with HARP Table 7 */
    /* The registers it marks (* simtref_array *): their entries (rows)
     * and ports, for the array model. */
    unsigned array_entries;
    unsigned cam_search_ports, cam_write_ports;
    unsigned ram_read_ports, ram_write_ports;
    struct synth_result syn;
};

/* Describe every structure cfg has, in the registry's order, into rows;
 * returns how many. */
size_t area_rows_describe(const struct simt_config *cfg,
                          struct area_row rows[STRUCTURE_COUNT]);

/* How many copies of the row's structure an SM holds. */
unsigned area_row_copies_per_sm(const struct simt_config *cfg,
                                const struct area_row *row);

/* "SM", "scheduler" or "warp". */
const char *area_row_per_name(const struct area_row *row);

#endif /* SIMTREF_AREA_ROWS_H */
