/*
 * compare_report.c -- the tables, CSV, JSON and plots of a compare
 * matrix; see compare_report.h.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "atomic_file.h"
#include "compare_report.h"
#include "config.h"
#include "process.h"
#include "suite.h"

#ifndef SIMTREF_GNUPLOT_DEFAULT
#define SIMTREF_GNUPLOT_DEFAULT "gnuplot"
#endif

/* What a table shows.  ORDER TABLE_KIND: table_title follows. */
enum table_kind { TABLE_IPC, TABLE_OVER_SBR, TABLE_OVER_LRR };

static const char *const table_title[] = {
    "IPC (thread-instructions per cycle)",
    "Speedup over SBR (cycles under reconvergence sbr / cycles)",
    "Speedup over LRR (cycles under scheduler lrr / cycles)"
};

/* A column of a configuration's tables. */
struct column {
    const char *value;     /* the swept value ("" without a sweep) */
    int mode;              /* enum reconvergence */
    int sched;             /* enum sched_policy */
    int fetch;             /* enum fetch_policy */
};

/* A configuration's tables: its columns and kernels. */
struct table {
    const struct compare_points *ps;
    const char *config;    /* the configuration */
    struct column *cols;   /* its columns, in order (malloc'd) */
    size_t ncols;
    const struct compare_point **rows; /* a point of each kernel, in the
                                          order class, suite (malloc'd) */
    size_t nrows;
};

/* Which parts of a column differ somewhere in the matrix: they make its
 * label. */
struct varying {
    bool value, mode, sched, fetch;
};

static const char *mode_name(int m)
{
    return config_reconvergence_name((enum reconvergence)m);
}

static const char *sched_name(int s)
{
    return config_sched_name((enum sched_policy)s);
}

static const char *fetch_name(int f)
{
    return config_fetch_name((enum fetch_policy)f);
}

/* The rank of a kernel class (kernel_class_name's order), unknown last. */
static unsigned class_rank(const char *cls)
{
    unsigned i;

    for (i = 0; i <= KERNEL_CONTROL; i++)
        if (strcmp(cls, kernel_class_name((enum kernel_class)i)) == 0)
            return i;
    return i;
}

static struct varying find_varying(const struct compare_points *ps)
{
    struct varying v = { ps->sweep_key[0] != '\0', false, false, false };

    for (size_t i = 1; i < ps->n; i++) {
        v.mode |= ps->p[i].mode != ps->p[0].mode;
        v.sched |= ps->p[i].sched != ps->p[0].sched;
        v.fetch |= ps->p[i].fetch != ps->p[0].fetch;
    }
    if (!v.value && !v.mode && !v.sched && !v.fetch)
        v.mode = true;
    return v;
}

/* "KEY=VALUE mode scheduler fetch=F", the parts that vary (the mode
 * left out when `skip_mode`). */
static void column_label(const struct compare_points *ps,
                         const struct varying *v, const struct column *c,
                         bool skip_mode, char *buf, size_t len)
{
    size_t n = 0;

    buf[0] = '\0';
#define ADD(...) (n += (size_t)snprintf(buf + n, n < len ? len - n : 0, \
                                        __VA_ARGS__))
    if (v->value)
        ADD("%s=%s", ps->sweep_key, c->value);
    if (v->mode && !skip_mode)
        ADD("%s%s", n ? " " : "", mode_name(c->mode));
    if (v->sched)
        ADD("%s%s", n ? " " : "", sched_name(c->sched));
    if (v->fetch)
        ADD("%sfetch=%s", n ? " " : "", fetch_name(c->fetch));
#undef ADD
    if (n >= len && len > 0)
        buf[len - 1] = '\0';
}

static int column_cmp(const void *va, const void *vb)
{
    const struct column *a = va, *b = vb;
    int c = compare_value_cmp(a->value, b->value);

    if (c != 0)
        return c;
    if (a->mode != b->mode)
        return a->mode - b->mode;
    if (a->sched != b->sched)
        return a->sched - b->sched;
    return a->fetch - b->fetch;
}

static int row_cmp(const void *va, const void *vb)
{
    const struct compare_point *a = *(const struct compare_point *const *)va;
    const struct compare_point *b = *(const struct compare_point *const *)vb;
    unsigned ca = class_rank(a->cls), cb = class_rank(b->cls);
    unsigned ka = compare_kernel_rank(a->kernel);
    unsigned kb = compare_kernel_rank(b->kernel);
    int c;

    if (ca != cb)
        return ca < cb ? -1 : 1;
    if ((c = strcmp(a->cls, b->cls)) != 0)
        return c;
    if (ka != kb)
        return ka < kb ? -1 : 1;
    return strcmp(a->kernel, b->kernel);
}

/* The columns and rows of configuration `config`.  0, or -1 when out of
 * memory. */
static int table_build(struct table *t, const struct compare_points *ps,
                       const char *config)
{
    memset(t, 0, sizeof *t);
    t->ps = ps;
    t->config = config;
    t->cols = malloc((ps->n ? ps->n : 1) * sizeof *t->cols);
    t->rows = malloc((ps->n ? ps->n : 1) * sizeof *t->rows);
    if (!t->cols || !t->rows) {
        free(t->cols);
        free(t->rows);
        return -1;
    }
    for (size_t i = 0; i < ps->n; i++) {
        const struct compare_point *p = &ps->p[i];
        struct column c = { p->value, p->mode, p->sched, p->fetch };
        size_t k;

        if (strcmp(p->config, config) != 0)
            continue;
        for (k = 0; k < t->ncols; k++)
            if (column_cmp(&t->cols[k], &c) == 0)
                break;
        if (k == t->ncols)
            t->cols[t->ncols++] = c;
        for (k = 0; k < t->nrows; k++)
            if (strcmp(t->rows[k]->kernel, p->kernel) == 0)
                break;
        if (k == t->nrows)
            t->rows[t->nrows++] = p;
    }
    qsort(t->cols, t->ncols, sizeof *t->cols, column_cmp);
    qsort(t->rows, t->nrows, sizeof *t->rows, row_cmp);
    return 0;
}

static void table_free(struct table *t)
{
    free(t->cols);
    free(t->rows);
}

/* The baseline column of c in a table of this kind: c itself under sbr
 * or lrr; false when c is the baseline (or an IPC table). */
static bool baseline_of(enum table_kind kind, const struct column *c,
                        struct column *base)
{
    *base = *c;
    if (kind == TABLE_OVER_SBR && c->mode != RECONV_SBR) {
        base->mode = RECONV_SBR;
        return true;
    }
    if (kind == TABLE_OVER_LRR && c->sched != SCHED_LRR) {
        base->sched = SCHED_LRR;
        return true;
    }
    return false;
}

static bool table_has_column(const struct table *t, const struct column *c)
{
    for (size_t k = 0; k < t->ncols; k++)
        if (column_cmp(&t->cols[k], c) == 0)
            return true;
    return false;
}

/* Does column c belong in a table of this kind: every column in the IPC
 * table, a column whose baseline the matrix has in a speedup table. */
static bool column_shown(const struct table *t, enum table_kind kind,
                         const struct column *c)
{
    struct column base;

    if (kind == TABLE_IPC)
        return true;
    return baseline_of(kind, c, &base) && table_has_column(t, &base);
}

/* The value of kernel's cell in column c: false when a point is missing. */
static bool cell(const struct table *t, enum table_kind kind,
                 const char *kernel, const struct column *c, double *v)
{
    const struct compare_point *p, *b;
    struct column base;

    p = compare_points_find(t->ps, t->config, c->value, kernel, c->mode,
                            c->sched, c->fetch);
    if (!p)
        return false;
    if (kind == TABLE_IPC) {
        *v = (double)p->thread_insns / (double)p->cycles;
        return true;
    }
    if (!baseline_of(kind, c, &base))
        return false;
    b = compare_points_find(t->ps, t->config, base.value, kernel, base.mode,
                            base.sched, base.fetch);
    if (!b)
        return false;
    *v = (double)b->cycles / (double)p->cycles;
    return true;
}

/* The geometric mean of column c over the kernels of class cls (every
 * kernel when NULL) that have a value; false when none has. */
static bool geomean(const struct table *t, enum table_kind kind,
                    const struct column *c, const char *cls, double *v)
{
    double logsum = 0, x;
    unsigned n = 0;

    for (size_t r = 0; r < t->nrows; r++) {
        if (cls && strcmp(t->rows[r]->cls, cls) != 0)
            continue;
        if (cell(t, kind, t->rows[r]->kernel, c, &x) && x > 0) {
            logsum += log(x);
            n++;
        }
    }
    if (n == 0)
        return false;
    *v = exp(logsum / n);
    return true;
}

/* A cell: *v once `has` (computed first) says there is a value. */
static void md_cell(FILE *out, bool has, const double *v)
{
    if (has)
        fprintf(out, " %.3f |", *v);
    else
        fprintf(out, " - |");
}

/* One table of a configuration; nothing when it has no column. */
static void md_table(const struct table *t, const struct varying *var,
                     enum table_kind kind, FILE *out)
{
    char label[256];
    size_t shown = 0, r, k;
    double v;

    for (k = 0; k < t->ncols; k++)
        shown += column_shown(t, kind, &t->cols[k]);
    if (shown == 0)
        return;
    fprintf(out, "%s:\n\n| class | kernel |", table_title[kind]);
    for (k = 0; k < t->ncols; k++)
        if (column_shown(t, kind, &t->cols[k])) {
            column_label(t->ps, var, &t->cols[k], false, label, sizeof label);
            fprintf(out, " %s |", label);
        }
    fprintf(out, "\n|---|---|");
    for (k = 0; k < shown; k++)
        fprintf(out, "---:|");
    fputc('\n', out);
    for (r = 0; r < t->nrows; r++) {
        const char *cls = t->rows[r]->cls;

        fprintf(out, "| %s | %s |", cls, t->rows[r]->kernel);
        for (k = 0; k < t->ncols; k++)
            if (column_shown(t, kind, &t->cols[k]))
                md_cell(out, cell(t, kind, t->rows[r]->kernel, &t->cols[k],
                                  &v), &v);
        fputc('\n', out);
        if (r + 1 == t->nrows || strcmp(t->rows[r + 1]->cls, cls) != 0) {
            fprintf(out, "| %s | geometric mean |", cls);
            for (k = 0; k < t->ncols; k++)
                if (column_shown(t, kind, &t->cols[k]))
                    md_cell(out, geomean(t, kind, &t->cols[k], cls, &v), &v);
            fputc('\n', out);
        }
    }
    fprintf(out, "| all | geometric mean |");
    for (k = 0; k < t->ncols; k++)
        if (column_shown(t, kind, &t->cols[k]))
            md_cell(out, geomean(t, kind, &t->cols[k], NULL, &v), &v);
    fprintf(out, "\n\n");
}

/* The configurations of the matrix, in order (points are sorted by
 * configuration first): each calls fn. */
static int each_config(const struct compare_points *ps,
                       int (*fn)(const struct table *, void *), void *ctx)
{
    for (size_t i = 0; i < ps->n; i++) {
        struct table t;
        int rc;

        if (i > 0 && strcmp(ps->p[i].config, ps->p[i - 1].config) == 0)
            continue;
        if (table_build(&t, ps, ps->p[i].config) != 0)
            return -1;
        rc = fn(&t, ctx);
        table_free(&t);
        if (rc != 0)
            return rc;
    }
    return 0;
}

static int md_config(const struct table *t, void *ctx)
{
    FILE *out = ctx;
    struct varying var = find_varying(t->ps);

    fprintf(out, "## %s\n\n", t->config);
    for (int kind = TABLE_IPC; kind <= TABLE_OVER_LRR; kind++)
        md_table(t, &var, (enum table_kind)kind, out);
    return 0;
}

void compare_report_markdown(const struct compare_points *ps, FILE *out)
{
    fprintf(out, "# simtref compare: %zu points", ps->n);
    if (ps->sweep_key[0])
        fprintf(out, ", %s swept", ps->sweep_key);
    fprintf(out, "\n\n");
    if (each_config(ps, md_config, out) != 0)
        fprintf(out, "(out of memory)\n");
}

/* The speedups of one point: NAN when the matrix lacks its baseline (or
 * the point is its own). */
static double point_speedup(const struct compare_points *ps,
                            const struct compare_point *p,
                            enum table_kind kind)
{
    struct column c = { p->value, p->mode, p->sched, p->fetch }, base;
    const struct compare_point *b;

    if (!baseline_of(kind, &c, &base))
        return NAN;
    b = compare_points_find(ps, p->config, base.value, p->kernel, base.mode,
                            base.sched, base.fetch);
    return b ? (double)b->cycles / (double)p->cycles : NAN;
}

static void csv_write(const struct compare_points *ps, FILE *f)
{
    fprintf(f, "kernel,class,config,sweep_key,sweep_value,reconvergence,"
            "scheduler,fetch,cycles,warp_instructions,thread_instructions,"
            "ipc_thread,ipc_warp,speedup_over_sbr,speedup_over_lrr\n");
    for (size_t i = 0; i < ps->n; i++) {
        const struct compare_point *p = &ps->p[i];
        double s = point_speedup(ps, p, TABLE_OVER_SBR);
        double l = point_speedup(ps, p, TABLE_OVER_LRR);

        fprintf(f, "%s,\"%s\",%s,%s,%s,%s,%s,%s,%llu,%llu,%llu,%.6f,%.6f,",
                p->kernel, p->cls, p->config, ps->sweep_key, p->value,
                mode_name(p->mode), sched_name(p->sched),
                fetch_name(p->fetch), (unsigned long long)p->cycles,
                (unsigned long long)p->warp_insns,
                (unsigned long long)p->thread_insns,
                (double)p->thread_insns / (double)p->cycles,
                (double)p->warp_insns / (double)p->cycles);
        if (!isnan(s))
            fprintf(f, "%.6f", s);
        fputc(',', f);
        if (!isnan(l))
            fprintf(f, "%.6f", l);
        fputc('\n', f);
    }
}

/* A speedup as JSON: a number, or null without a baseline. */
static json_t *json_speedup(double v)
{
    return isnan(v) ? json_null() : json_real(v);
}

static int json_write(const struct compare_points *ps, FILE *f)
{
    json_t *root = json_object(), *pts = json_array();
    int rc = -1;

    if (!root || !pts)
        goto done;
    for (size_t i = 0; i < ps->n; i++) {
        const struct compare_point *p = &ps->p[i];
        json_t *o = json_pack(
            "{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:f, s:f, "
            "s:o, s:o}",
            "kernel", p->kernel, "class", p->cls, "config", p->config,
            "sweep_value", p->value, "reconvergence", mode_name(p->mode),
            "scheduler", sched_name(p->sched), "fetch", fetch_name(p->fetch),
            "cycles", (json_int_t)p->cycles,
            "warp_instructions", (json_int_t)p->warp_insns,
            "thread_instructions", (json_int_t)p->thread_insns,
            "ipc_thread", (double)p->thread_insns / (double)p->cycles,
            "ipc_warp", (double)p->warp_insns / (double)p->cycles,
            "speedup_over_sbr", json_speedup(point_speedup(ps, p,
                                                           TABLE_OVER_SBR)),
            "speedup_over_lrr", json_speedup(point_speedup(ps, p,
                                                           TABLE_OVER_LRR)));
        if (!o || json_array_append_new(pts, o) != 0)
            goto done;
    }
    if (json_object_set_new(root, "sweep_key", ps->sweep_key[0]
                            ? json_string(ps->sweep_key) : json_null()) != 0
        || json_object_set(root, "points", pts) != 0)
        goto done;
    rc = json_dumpf(root, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    if (rc == 0)
        fputc('\n', f);
done:
    json_decref(pts);
    json_decref(root);
    return rc;
}

/* The files of a report, written whole or not at all. */
enum { MAX_REPORT_FILES = 64 };
struct report_files {
    struct atomic_file f[MAX_REPORT_FILES]; /* each file's temporary */
    size_t n;                               /* how many are open */
    const char *outdir;                     /* where they go */
    char *err;                              /* the message of a failure */
    size_t errlen;
};

/* A new file of the report, outdir/name: its slot, or NULL with err. */
static struct atomic_file *report_file(struct report_files *rf,
                                       const char *name)
{
    char path[ATOMIC_PATH_LEN];
    struct atomic_file *a;

    if (rf->n == MAX_REPORT_FILES) {
        snprintf(rf->err, rf->errlen, "more than %d report files",
                 MAX_REPORT_FILES);
        return NULL;
    }
    if ((size_t)snprintf(path, sizeof path, "%s/%s", rf->outdir, name)
        >= sizeof path) {
        snprintf(rf->err, rf->errlen, "%s: path too long", rf->outdir);
        return NULL;
    }
    a = &rf->f[rf->n];
    if (atomic_open(a, path, rf->err, rf->errlen) != 0)
        return NULL;
    rf->n++;
    return a;
}

/* A plot: a clustered histogram of the series over the kernels (and the
 * geometric mean), the values from a table's cells. */
struct plot {
    const char *name;          /* the PNG's file name */
    char title[256];           /* its title */
    const char *ylabel;        /* its y axis */
    enum table_kind kind;      /* the cells it shows */
    const struct table *tables[64]; /* per series: its configuration */
    struct column cols[64];    /* per series: its column */
    char labels[64][320];      /* per series: its key */
    size_t nseries;
};

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
    char data[ATOMIC_PATH_LEN + 32], script[ATOMIC_PATH_LEN + 32];
    struct atomic_file *png = report_file(rf, p->name);
    char *argv[3];
    FILE *f;
    double v;
    int rc;

    if (!png || atomic_close(png, rf->err, rf->errlen) != 0)
        return -1;
    snprintf(data, sizeof data, "%s.dat", png->tmp);
    snprintf(script, sizeof script, "%s.gp", png->tmp);
    if (!(f = fopen(data, "w"))) {
        snprintf(rf->err, rf->errlen, "%s: cannot write: %s", data,
                 strerror(errno));
        return -1;
    }
    double top = 1;
    for (size_t r = 0; r <= rows->nrows; r++) {
        fprintf(f, "\"%s\"", r < rows->nrows ? rows->rows[r]->kernel
                                             : "geomean");
        for (size_t s = 0; s < p->nseries; s++) {
            bool has = r < rows->nrows
                ? cell(p->tables[s], p->kind, rows->rows[r]->kernel,
                       &p->cols[s], &v)
                : geomean(p->tables[s], p->kind, &p->cols[s], NULL, &v);
            if (has) {
                fprintf(f, " %.6f", v);
                top = v > top ? v : top;
            } else
                fprintf(f, " ?");
        }
        fputc('\n', f);
    }
    if (fclose(f) != 0 || !(f = fopen(script, "w"))) {
        snprintf(rf->err, rf->errlen, "%s: cannot write", script);
        unlink(data);
        return -1;
    }
    width = 300 + (rows->nrows + 1) * (p->nseries + 1) * 10;
    fprintf(f, "set terminal png noenhanced size %zu,520\n"
            "set output '%s'\n", width < 1000 ? 1000 : width, png->tmp);
    fprintf(f, "set title '%s'\nset ylabel '%s'\n", p->title, p->ylabel);
    fprintf(f, "set datafile missing '?'\nset style data histogram\n"
            "set style histogram clustered gap 1\n"
            "set style fill solid border -1\nset boxwidth 0.9\n"
            "set xtics rotate by -40 nomirror\nset grid ytics\n"
            "set yrange [0:%.3f]\nset key outside right top\nplot ", top * 1.15);
    for (size_t s = 0; s < p->nseries; s++)
        fprintf(f, "%s'%s' using %zu%s lc rgb '%s' title '%s'",
                s ? ", " : "", s ? "" : data, s + 2, s ? "" : ":xtic(1)",
                colours[s % (sizeof colours / sizeof colours[0])],
                p->labels[s]);
    fputc('\n', f);
    if (fclose(f) != 0) {
        snprintf(rf->err, rf->errlen, "%s: cannot write", script);
        unlink(data);
        unlink(script);
        return -1;
    }
    argv[0] = (char *)spawn_tool("GNUPLOT", SIMTREF_GNUPLOT_DEFAULT);
    argv[1] = script;
    argv[2] = NULL;
    rc = spawn_run(argv, NULL, rf->err, rf->errlen);
    unlink(data);
    unlink(script);
    return rc;
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
    /* Keep the arrays: each_config frees its copy, so build again. */
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
    qsort(rows->rows, rows->nrows, sizeof *rows->rows, row_cmp);
    return 0;
}

static void plot_add(struct plot *p, const struct table *t,
                     const struct column *c, const char *label)
{
    if (p->nseries == sizeof p->cols / sizeof p->cols[0])
        return;
    p->tables[p->nseries] = t;
    p->cols[p->nseries] = *c;
    snprintf(p->labels[p->nseries], sizeof p->labels[0], "%s", label);
    p->nseries++;
}

static int plots_write(struct report_files *rf,
                       const struct compare_points *ps)
{
    struct all_tables *at = calloc(1, sizeof *at);
    struct plot *p = calloc(1, sizeof *p);
    struct varying var = find_varying(ps);
    struct table rows;
    char names[RECONV_ICS_FIRST + 1][80], cname[64][96], label[256];
    int rc = -1;

    if (!at || !p || each_config(ps, collect_table, at) != 0
        || all_rows(ps, &rows) != 0) {
        snprintf(rf->err, rf->errlen, "out of memory (or more than 64 "
                 "configurations) for the plots");
        goto done;
    }
    rc = 0;
    /* HARP Fig. 11-13: a mode's speedup over SBR, every configuration. */
    for (int m = RECONV_HARP; m <= RECONV_ICS_FIRST && rc == 0; m++) {
        memset(p, 0, sizeof *p);
        for (size_t c = 0; c < at->n; c++)
            for (size_t k = 0; k < at->t[c].ncols; k++) {
                const struct column *col = &at->t[c].cols[k];
                char l[300];
                if (col->mode != m
                    || !column_shown(&at->t[c], TABLE_OVER_SBR, col))
                    continue;
                column_label(ps, &var, col, true, label, sizeof label);
                snprintf(l, sizeof l, "%s%s%s", at->t[c].config,
                         label[0] ? " " : "", label);
                plot_add(p, &at->t[c], col, l);
            }
        if (p->nseries == 0)
            continue;
        snprintf(names[m], sizeof names[m], "speedup-over-sbr-%s.png",
                 mode_name(m));
        p->name = names[m];
        snprintf(p->title, sizeof p->title, "simtref: speedup of %s over "
                 "SBR per kernel and configuration", mode_name(m));
        p->ylabel = "speedup over SBR";
        p->kind = TABLE_OVER_SBR;
        rc = plot_draw(rf, p, &rows);
    }
    /* BAWS Fig. 9-10: IPC normalised to LRR, a plot per configuration. */
    for (size_t c = 0; c < at->n && rc == 0; c++) {
        memset(p, 0, sizeof *p);
        for (size_t k = 0; k < at->t[c].ncols; k++) {
            const struct column *col = &at->t[c].cols[k];
            if (!column_shown(&at->t[c], TABLE_OVER_LRR, col))
                continue;
            column_label(ps, &var, col, false, label, sizeof label);
            plot_add(p, &at->t[c], col, label);
        }
        if (p->nseries == 0)
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

int compare_report(const struct compare_points *ps,
                   const struct compare_report_request *rq, FILE *out,
                   char *err, size_t errlen)
{
    struct report_files *rf = calloc(1, sizeof *rf);
    struct atomic_file *md, *csv, *js;
    int rc = -1;

    if (!rf) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    rf->outdir = rq->outdir;
    rf->err = err;
    rf->errlen = errlen;
    if (!(md = report_file(rf, "compare.md")))
        goto done;
    compare_report_markdown(ps, md->f);
    if (!(csv = report_file(rf, "compare.csv")))
        goto done;
    csv_write(ps, csv->f);
    if (!(js = report_file(rf, "compare.json")))
        goto done;
    if (json_write(ps, js->f) != 0) {
        snprintf(err, errlen, "%s: cannot write the JSON", js->path);
        goto done;
    }
    for (size_t i = 0; i < rf->n; i++)
        if (atomic_close(&rf->f[i], err, errlen) != 0)
            goto done;
    if (rq->plots && plots_write(rf, ps) != 0)
        goto done;
    for (size_t i = 0; i < rf->n; i++)
        if (atomic_commit(&rf->f[i], err, errlen) != 0)
            goto done;
    compare_report_markdown(ps, out);
    rc = 0;
done:
    for (size_t i = 0; i < rf->n; i++)
        atomic_discard(&rf->f[i]);
    free(rf);
    return rc;
}
