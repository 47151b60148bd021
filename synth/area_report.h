/*
 * area_report.h -- `simtref area`: storage bits and area of each structure.
 *
 * The report makes two comparisons (docs/area-model.md gives the model):
 *
 *   (a) HARP Table 7: each table, organised as Table 7 organises it (the
 *       models compute the organisation from the configuration), priced by
 *       the array model (synth/array_model.h), tag and data area, and the
 *       totals per warp scheduler, per SM, per chip and as a share of the
 *       die -- each beside the published figure and the ratio computed /
 *       published.  Table 7 covers arrays only.
 *   (b) The generated RTL of each structure, synthesized with Yosys onto
 *       the project's cell library (synth/simtref45.lib, 45 nm) and scaled
 *       to the configured node by (node/45)^2: storage bits from the model,
 *       mapped cells, flip-flops, the arrays (Verilog memories, and the
 *       registers the RTL marks (* simtref_array = "cam" | "ram" *)) priced
 *       by the array model, and the all-flip-flop upper bound.
 *
 * The Markdown goes to `out`; the same figures go to a CSV and a JSON file
 * on request, each written through a temporary file in the same directory
 * and renamed into place, so that no partial file is ever left.
 */
#ifndef SIMTREF_AREA_REPORT_H
#define SIMTREF_AREA_REPORT_H

#include <stddef.h>
#include <stdio.h>
#include "config.h"

#define AREA_DEFAULT_PRESET "fermi-harp"

/* What the caller asks of the report. */
struct area_request {
    const char *workdir;    /* synthesis here (kept, with each fresh
                               run's mapped netlist), or NULL: a temporary
                               directory removed afterwards (no netlist
                               written) */
    const char *csv_path;   /* NULL: no CSV */
    const char *json_path;  /* NULL: no JSON */
    const char *cache_dir;  /* the synthesis cache (synth_cache.h), or NULL */
    unsigned    jobs;       /* Yosys runs at a time (0: one) */
    FILE       *progress;   /* a line per structure synthesized, or NULL */
};

/*
 * Write the report of cfg.  The yosys binary and the liberty file are taken
 * from $YOSYS and $SIMTREF_LIBERTY, else the paths found at configure time.
 * Returns 0, or -1 with a message in err (and no output file left).
 */
int area_report(const struct simt_config *cfg, const struct area_request *req,
                FILE *out, char *err, size_t errlen);

/* What the caller asks of the sweeps. */
struct sweep_request {
    const char *outdir;     /* the PNG plots go here */
    int plots;              /* 0: tables only */
};

/*
 * The sweeps of `simtref area --sweep`, around cfg: the RBT size (16, 32,
 * 64, 128 entries at 16 ways, HARP Fig. 16), the Second-Level size (128 to
 * 1024), the lookup sizes (4, 8, 16) and the SIMD width (8, 16, 32).  Each
 * point prices the HARP tables as Table 7 organises them with the array
 * model (no synthesis).  A Markdown table per sweep goes to out and, when
 * req->plots, one PNG per sweep (gnuplot, from $GNUPLOT or the path found
 * at configure time) to req->outdir/area-sweep-NAME.png.  Then HARP's
 * share of the die (part (c) by the models: the tables and the register
 * file's bank decoders) against the SIMD width, the warps per scheduler
 * and the RBT size, a table and (req->plots) a PNG each,
 * area-sweep-harp-share-NAME.png.  Returns 0, or -1 with a message in
 * err.
 */
int area_sweep(const struct simt_config *cfg, const struct sweep_request *req,
               FILE *out, char *err, size_t errlen);

#endif /* SIMTREF_AREA_REPORT_H */
