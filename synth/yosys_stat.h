/*
 * yosys_stat.h -- the reader of what one Yosys area run wrote: the
 * `stat -liberty` report, the RTLIL dump of the memories ($mem_v2 cells)
 * and that of the registers marked (* simtref_array *).
 *
 * The cell counts are priced with the Liberty areas, so the areas come
 * from one place only, the Liberty file; Yosys's own chip area serves as a
 * cross-check of the parsing on both sides.
 */
#ifndef SIMTREF_YOSYS_STAT_H
#define SIMTREF_YOSYS_STAT_H

#include <stddef.h>

#include "liberty.h"
#include "synth_area.h"
#include "synth_text.h"

/* The files of one run, all in its working directory. */
struct yosys_files {
    char script[SYNTH_PATH_SIZE];   /* area.ys */
    char log[SYNTH_PATH_SIZE];      /* yosys.log: all of Yosys's output */
    char stat[SYNTH_PATH_SIZE];     /* stat.txt: the `stat -liberty` report */
    char netlist[SYNTH_PATH_SIZE];  /* netlist.v: the mapped netlist */
    char mems[SYNTH_PATH_SIZE];     /* mems.txt: the memories, as RTLIL */
    char arrays[SYNTH_PATH_SIZE];   /* arrays.txt: the marked arrays, RTLIL */
    char shiftx_map[SYNTH_PATH_SIZE];   /* shiftx_map.v: the techmap rule
                                       of shiftx_map.h, written there */
    char shift_map[SYNTH_PATH_SIZE];    /* shift_map.v: the techmap rule
                                       of shift_map.h, written there */
};

/* Fill in the paths of the files of a run in workdir; -1 when too long. */
int yosys_files_in(const char *workdir, struct yosys_files *f, char *err,
                   size_t errlen);

/*
 * Read the statistics of module top (f->stat), the memories (f->mems) and
 * the marked arrays (f->arrays) into *res, priced from lib, and check the
 * sum of the cell areas against the chip area Yosys computed.  Every
 * mapped cell must be a cell of lib.  Returns 0, or -1 with a message in
 * err.
 */
int yosys_stat_read(const char *top, const struct liberty *lib,
                    const struct yosys_files *f, struct synth_result *res,
                    char *err, size_t errlen);

#endif /* SIMTREF_YOSYS_STAT_H */
