/*
 * harp_org.h -- a table as HARP Table 7 describes it, for the area report.
 *
 * HARP prices each of its tables (HARP section 8, Table 7) as an array
 * organisation: banks, entries, sets and ways, and per entry the bits of
 * its tag array (searched) and of its data row (read out).  Each HARP
 * structure's model fills these from the configuration with the formulas
 * of Table 7's columns, so that the report can set the computed
 * organisation beside the published one.  The RTL's own state bits are a
 * separate figure: Table 7 counts no per-lane valid bits, pointers or
 * counters.
 */
#ifndef SIMTREF_HARP_ORG_H
#define SIMTREF_HARP_ORG_H

struct harp_array_org {
    const char *name;       /* the row of Table 7, e.g. "RBT lanes" */
    unsigned banks, entries, sets, ways;
    unsigned tag_bits;      /* 0: the table has no tag array */
    unsigned row_bits;
};

#endif /* SIMTREF_HARP_ORG_H */
