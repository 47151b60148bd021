/*
 * area_report.h -- `simtref area`: storage bits and area of each structure.
 *
 * For a configuration, the report generates each structure's Verilog,
 * synthesizes it with Yosys onto the project's cell library
 * (synth/simtref45.lib, 45 nm areas), scales the area to the configured
 * technology node by (node/45)^2, and prints a Markdown table: storage bits
 * from the model's geometry, the flip-flops Yosys actually mapped (the two
 * must agree), logic and flip-flop area, and beside them the published
 * figure wherever a paper gives one for this configuration, labeled as
 * published.
 */
#ifndef SIMTREF_AREA_REPORT_H
#define SIMTREF_AREA_REPORT_H

#include <stddef.h>
#include <stdio.h>
#include "config.h"

#define AREA_DEFAULT_PRESET "gtx480-baws"

/*
 * Write the report of cfg to out.  Synthesis runs in workdir (kept for the
 * user to inspect) or, when workdir is NULL, in a temporary directory that
 * is removed afterwards.  The yosys binary and the liberty file are taken
 * from $YOSYS and $SIMTREF_LIBERTY, else the paths found at configure time.
 * Returns 0, or -1 with a message in err.
 */
int area_report(const struct simt_config *cfg, const char *workdir,
                FILE *out, char *err, size_t errlen);

#endif /* SIMTREF_AREA_REPORT_H */
