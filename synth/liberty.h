/*
 * liberty.h -- the reader of the cell library (a Liberty file such as
 * synth/simtref45.lib): each cell's name, its area and whether it is a
 * flip-flop.
 *
 * Only a small part of the Liberty grammar matters here: groups
 * `name (args) { ... }`, simple attributes `name : value ;`, comments and
 * quoted strings.  A cell's area is the `area` attribute directly inside
 * its group, and a cell is a flip-flop when it contains an `ff` group.
 */
#ifndef SIMTREF_LIBERTY_H
#define SIMTREF_LIBERTY_H

#include <stddef.h>

enum { LIB_MAX_CELLS = 64 };    /* cells read from one Liberty file */

/* One cell of the library. */
struct lib_cell {
    char   name[16];            /* e.g. "NAND2" */
    double area_um2;            /* its `area` attribute */
    int    has_area;            /* the attribute was there */
    int    is_flop;             /* it has an `ff` group */
};

/* The cells of one Liberty file. */
struct liberty {
    const char     *path;       /* for messages; the caller's string */
    unsigned        ncells;     /* the first ncells entries of cell[] */
    struct lib_cell cell[LIB_MAX_CELLS];
};

/*
 * Read the cells of the Liberty file at path into *lib.  Every cell must
 * have an area.  Returns 0, or -1 with a message in err.
 */
int liberty_read(const char *path, struct liberty *lib, char *err,
                 size_t errlen);

/* The library cell called name, or NULL. */
const struct lib_cell *liberty_find(const struct liberty *lib,
                                    const char *name);

#endif /* SIMTREF_LIBERTY_H */
