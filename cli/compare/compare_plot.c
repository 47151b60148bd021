/*
 * compare_plot.c -- the gnuplot plots of a compare matrix; see
 * compare_plot.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare_plot.h"
#include "compare_table.h"
#include "config.h"
#include "interrupt.h"
#include "process.h"

/* The most bars per kernel in a plot. */
enum { PLOT_MAX_SERIES = 256 };

#ifndef SIMTREF_GNUPLOT_DEFAULT
#define SIMTREF_GNUPLOT_DEFAULT "gnuplot"
#endif

/* A plot: a clustered histogram of the series over the kernels (and the
 * geometric mean), the values from a table's cells. */
struct plot {
    const char *name;          /* the PNG's file name */
    char title[256];           /* its title */
    const char *ylabel;        /* its y axis */
    enum table_kind kind;      /* the cells it shows */
    const struct table *tables[PLOT_MAX_SERIES]; /* per series: its
                                                    configuration */
    struct column cols[PLOT_MAX_SERIES];   /* per series: its column */
    char labels[PLOT_MAX_SERIES][320];     /* per series: its key */
    size_t nseries;
};

/* The temporary files of j, removed. */
static void gnuplot_clean(struct gnuplot_job *j)
{
    unlink(j->data);
    interrupt_forget_file(j->data);
    unlink(j->script);
    interrupt_forget_file(j->script);
}

FILE *gnuplot_begin(struct report_files *rf, const char *name,
                    struct gnuplot_job *j)
{
    FILE *f;

    j->png = compare_report_file(rf, name);
    if (!j->png || atomic_close(j->png, rf->err, rf->errlen) != 0)
        return NULL;
    if (j->png->direct) {
        snprintf(rf->err, rf->errlen, "%s: cannot write: gnuplot writes a "
                 "plot to a regular file only", j->png->path);
        return NULL;
    }
    snprintf(j->data, sizeof j->data, "%s.dat", j->png->tmp);
    snprintf(j->script, sizeof j->script, "%s.gp", j->png->tmp);
    /* removed by an interrupt too (util/interrupt.h) */
    interrupt_add_file(j->data);
    interrupt_add_file(j->script);
    if (!(f = fopen(j->data, "w"))) {
        snprintf(rf->err, rf->errlen, "%s: cannot write: %s", j->data,
                 strerror(errno));
        gnuplot_clean(j);
    }
    return f;
}

FILE *gnuplot_script(struct report_files *rf, struct gnuplot_job *j,
                     FILE *data)
{
    FILE *f;

    if (fclose(data) != 0 || !(f = fopen(j->script, "w"))) {
        snprintf(rf->err, rf->errlen, "%s: cannot write", j->script);
        gnuplot_clean(j);
        return NULL;
    }
    return f;
}

int gnuplot_finish(struct report_files *rf, struct gnuplot_job *j,
                   FILE *script)
{
    char *argv[3];
    int rc;

    if (fclose(script) != 0) {
        snprintf(rf->err, rf->errlen, "%s: cannot write", j->script);
        gnuplot_clean(j);
        return -1;
    }
    argv[0] = (char *)spawn_tool("GNUPLOT", SIMTREF_GNUPLOT_DEFAULT);
    argv[1] = j->script;
    argv[2] = NULL;
    rc = spawn_run(argv, NULL, rf->err, rf->errlen);
    gnuplot_clean(j);
    return rc;
}

/* Draw p into its file of rf with gnuplot.  0, or -1 with err. */
static int plot_draw(struct report_files *rf, const struct plot *p,
                     const struct table *rows)
{
    /* Sixteen colours told apart, for the series in order. */
    static const char *const colours[] = {
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
        "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#000080", "#808000",
        "#00c000", "#800000", "#ff00ff", "#404040"
    };
    size_t width;
    struct gnuplot_job j;
    FILE *f = gnuplot_begin(rf, p->name, &j);
    double v, top = 1;

    if (!f)
        return -1;
    for (size_t r = 0; r <= rows->nrows; r++) {
        fprintf(f, "\"%s\"", r < rows->nrows ? rows->rows[r]->kernel
                                             : "geomean");
        for (size_t s = 0; s < p->nseries; s++) {
            bool has = r < rows->nrows
                ? table_cell(p->tables[s], p->kind, rows->rows[r]->kernel,
                       &p->cols[s], &v)
                : table_geomean(p->tables[s], p->kind, &p->cols[s], NULL, &v);
            if (has) {
                fprintf(f, " %.6f", v);
                top = v > top ? v : top;
            } else
                fprintf(f, " ?");
        }
        fputc('\n', f);
    }
    if (!(f = gnuplot_script(rf, &j, f)))
        return -1;
    width = 300 + (rows->nrows + 1) * (p->nseries + 1) * 10;
    fprintf(f, "set terminal png noenhanced size %zu,520\n"
            "set output '%s'\n", width < 1000 ? 1000 : width, j.png->tmp);
    fprintf(f, "set title '%s'\nset ylabel '%s'\n", p->title, p->ylabel);
    fprintf(f, "set datafile missing '?'\nset style data histogram\n"
            "set style histogram clustered gap 1\n"
            "set style fill solid border -1\nset boxwidth 0.9\n"
            "set xtics rotate by -40 nomirror\nset grid ytics\n"
            "set yrange [0:%.3f]\nset key outside right top\nplot ",
            top * 1.15);
    for (size_t s = 0; s < p->nseries; s++)
        fprintf(f, "%s'%s' using %zu%s lc rgb '%s' title '%s'",
                s ? ", " : "", s ? "" : j.data, s + 2, s ? "" : ":xtic(1)",
                colours[s % (sizeof colours / sizeof colours[0])],
                p->labels[s]);
    fputc('\n', f);
    return gnuplot_finish(rf, &j, f);
}

/* The tables of every configuration, built once for the plots. */
struct all_tables {
    struct table t[64];   /* per configuration */
    size_t n;
};

static int collect_table(const struct table *t, void *ctx)
{
    struct all_tables *at = ctx;

    if (at->n == sizeof at->t / sizeof at->t[0])
        return -1;
    /* Keep the arrays: table_each_config frees its copy, so build again. */
    return table_build(&at->t[at->n++], t->ps, t->config);
}

/* The rows of a plot over configurations: every kernel of the matrix. */
static int all_rows(const struct compare_points *ps, struct table *rows)
{
    if (table_build(rows, ps, ps->p[0].config) != 0)
        return -1;
    rows->nrows = 0;
    for (size_t i = 0; i < ps->n; i++) {
        size_t k;
        for (k = 0; k < rows->nrows; k++)
            if (strcmp(rows->rows[k]->kernel, ps->p[i].kernel) == 0)
                break;
        if (k == rows->nrows)
            rows->rows[rows->nrows++] = &ps->p[i];
    }
    qsort(rows->rows, rows->nrows, sizeof *rows->rows, table_row_cmp);
    return 0;
}

/* A series of p: 0, or -1 with a message when p has no room for it. */
static int plot_add(struct plot *p, const struct table *t,
                    const struct column *c, const char *label,
                    struct report_files *rf)
{
    if (p->nseries == PLOT_MAX_SERIES) {
        snprintf(rf->err, rf->errlen, "more than %d bars per kernel in a "
                 "plot: a smaller matrix, or --no-plots", PLOT_MAX_SERIES);
        return -1;
    }
    p->tables[p->nseries] = t;
    p->cols[p->nseries] = *c;
    snprintf(p->labels[p->nseries], sizeof p->labels[0], "%s", label);
    p->nseries++;
    return 0;
}

int compare_plots(struct report_files *rf,
                  const struct compare_points *ps)
{
    struct all_tables *at = calloc(1, sizeof *at);
    struct plot *p = calloc(1, sizeof *p);
    struct varying var = table_varying(ps);
    struct table rows;
    char names[RECONV_COUNT][80], cname[64][96], label[256];
    int rc = -1;

    if (!at || !p || table_each_config(ps, collect_table, at) != 0
        || all_rows(ps, &rows) != 0) {
        snprintf(rf->err, rf->errlen, "out of memory (or more than 64 "
                 "configurations) for the plots");
        goto done;
    }
    rc = 0;
    /* HARP Fig. 11-13: a mode's speedup over SBR, every configuration. */
    for (int m = RECONV_HARP; m < RECONV_COUNT && rc == 0; m++) {
        memset(p, 0, sizeof *p);
        for (size_t c = 0; c < at->n && rc == 0; c++)
            for (size_t k = 0; k < at->t[c].ncols && rc == 0; k++) {
                const struct column *col = &at->t[c].cols[k];
                char l[300];
                if (col->mode != m
                    || !table_column_shown(&at->t[c], TABLE_OVER_SBR, col))
                    continue;
                table_column_label(ps, &var, col, true, label, sizeof label);
                snprintf(l, sizeof l, "%s%s%s", at->t[c].config,
                         label[0] ? " " : "", label);
                rc = plot_add(p, &at->t[c], col, l, rf);
            }
        if (rc != 0 || p->nseries == 0)
            continue;
        snprintf(names[m], sizeof names[m], "speedup-over-sbr-%s.png",
                 table_mode_name(m));
        p->name = names[m];
        snprintf(p->title, sizeof p->title, "simtref: speedup of %s over "
                 "SBR per kernel and configuration", table_mode_name(m));
        p->ylabel = "speedup over SBR";
        p->kind = TABLE_OVER_SBR;
        rc = plot_draw(rf, p, &rows);
    }
    /* BAWS Fig. 9-10: IPC normalised to LRR, a plot per configuration. */
    for (size_t c = 0; c < at->n && rc == 0; c++) {
        memset(p, 0, sizeof *p);
        for (size_t k = 0; k < at->t[c].ncols && rc == 0; k++) {
            const struct column *col = &at->t[c].cols[k];
            if (!table_column_shown(&at->t[c], TABLE_OVER_LRR, col))
                continue;
            table_column_label(ps, &var, col, false, label, sizeof label);
            rc = plot_add(p, &at->t[c], col, label, rf);
        }
        if (rc != 0 || p->nseries == 0)
            continue;
        snprintf(cname[c], sizeof cname[c], "ipc-over-lrr-%s.png",
                 at->t[c].config);
        p->name = cname[c];
        snprintf(p->title, sizeof p->title, "simtref: IPC normalised to LRR "
                 "per kernel and scheduler, %s", at->t[c].config);
        p->ylabel = "speedup over LRR (cycles under lrr / cycles)";
        p->kind = TABLE_OVER_LRR;
        rc = plot_draw(rf, p, &at->t[c]);
    }
    table_free(&rows);
done:
    if (at)
        for (size_t c = 0; c < at->n; c++)
            table_free(&at->t[c]);
    free(at);
    free(p);
    return rc;
}
