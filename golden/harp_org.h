/*
 * harp_org.h -- the organisation of one HARP array as Table 7 prices it.
 *
 * HARP Table 7 (Section 8) describes each table of a warp scheduler by its
 * banks, entries, sets, ways, tag bits and row bits, and prices the tags
 * and the data with CACTI.  Each structure's model fills one or more of
 * these records from the configuration with the formulas of the table's
 * columns, so that the area report reproduces the table at the preset
 * parameters.  The bits Table 7 counts are those of the arrays only (no
 * per-entry valid bits, no replacement state), so they differ from the
 * flip-flop count of the generated RTL, which each model states separately.
 */
#ifndef SIMTREF_HARP_ORG_H
#define SIMTREF_HARP_ORG_H

struct harp_array_org {
    const char *name;
    unsigned banks, entries, sets, ways, tag_bits, row_bits;
};

#endif /* SIMTREF_HARP_ORG_H */
