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

#include "compare_points.h"
#include "compare_report.h"

/* Draw the plots of ps into new files of rf.  0, or -1 with the message
 * in rf->err. */
int compare_plots(struct report_files *rf, const struct compare_points *ps);

#endif /* SIMTREF_COMPARE_PLOT_H */
