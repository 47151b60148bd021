/*
 * compare_plot.h -- the plots of a compare matrix, drawn by gnuplot as
 * clustered bars over the kernels (and their geometric mean):
 *
 *   speedup-over-sbr-MODE.png   each mode other than sbr against sbr, a
 *                               bar per configuration (HARP Fig. 11-13)
 *   ipc-over-lrr-CONFIG.png     each scheduler against lrr at one
 *                               configuration (BAWS Fig. 9-10)
 *
 * A plot is drawn only when the matrix holds its baseline.
 */
#ifndef SIMTREF_COMPARE_PLOT_H
#define SIMTREF_COMPARE_PLOT_H

#include <stdio.h>

#include "atomic_file.h"
#include "compare_points.h"
#include "compare_report.h"

/* Draw the plots of ps into new files of rf.  0, or -1 with the message
 * in rf->err. */
int compare_plots(struct report_files *rf, const struct compare_points *ps);

/* One gnuplot run drawing one PNG of rf (compare's plots and the
 * findings' plot): a data file and a script beside the PNG's temporary
 * name, removed when the run ends (and by an interrupt).
 *
 *   f = gnuplot_begin(rf, "x.png", &j)      the data file, open to write
 *   f = gnuplot_script(rf, &j, f)           closes it; the script
 *   rc = gnuplot_finish(rf, &j, f)          closes it, runs gnuplot
 *
 * Each step returns NULL (the last -1) with the message in rf->err and
 * the temporary files removed; the caller stops there.  j.png->tmp is the
 * script's output, j.data its input. */
struct gnuplot_job {
    struct atomic_file *png;                /* the plot, of rf */
    char data[ATOMIC_PATH_LEN + 32];        /* its data file */
    char script[ATOMIC_PATH_LEN + 32];      /* its gnuplot script */
};
FILE *gnuplot_begin(struct report_files *rf, const char *name,
                    struct gnuplot_job *j);
FILE *gnuplot_script(struct report_files *rf, struct gnuplot_job *j,
                     FILE *data);
int gnuplot_finish(struct report_files *rf, struct gnuplot_job *j,
                   FILE *script);

#endif /* SIMTREF_COMPARE_PLOT_H */
