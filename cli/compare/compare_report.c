/*
 * compare_report.c -- the tables, CSV and JSON of a compare matrix, and
 * its files written whole or not at all; see compare_report.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare_plot.h"
#include "compare_report.h"
#include "compare_table.h"
#include "config.h"

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
        shown += table_column_shown(t, kind, &t->cols[k]);
    if (shown == 0)
        return;
    fprintf(out, "%s:\n\n| class | kernel |", table_title[kind]);
    for (k = 0; k < t->ncols; k++)
        if (table_column_shown(t, kind, &t->cols[k])) {
            table_column_label(t->ps, var, &t->cols[k], false, label,
                               sizeof label);
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
            if (table_column_shown(t, kind, &t->cols[k]))
                md_cell(out, table_cell(t, kind, t->rows[r]->kernel,
                                        &t->cols[k], &v), &v);
        fputc('\n', out);
        if (r + 1 == t->nrows || strcmp(t->rows[r + 1]->cls, cls) != 0) {
            fprintf(out, "| %s | geometric mean |", cls);
            for (k = 0; k < t->ncols; k++)
                if (table_column_shown(t, kind, &t->cols[k]))
                    md_cell(out, table_geomean(t, kind, &t->cols[k], cls,
                                               &v), &v);
            fputc('\n', out);
        }
    }
    fprintf(out, "| all | geometric mean |");
    for (k = 0; k < t->ncols; k++)
        if (table_column_shown(t, kind, &t->cols[k]))
            md_cell(out, table_geomean(t, kind, &t->cols[k], NULL, &v), &v);
    fprintf(out, "\n\n");
}

static int md_config(const struct table *t, void *ctx)
{
    FILE *out = ctx;
    struct varying var = table_varying(t->ps);

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
    if (table_each_config(ps, md_config, out) != 0)
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

    if (!table_baseline(kind, &c, &base))
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
                table_mode_name(p->mode), table_sched_name(p->sched),
                table_fetch_name(p->fetch), (unsigned long long)p->cycles,
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
            "sweep_value", p->value, "reconvergence", table_mode_name(p->mode),
            "scheduler", table_sched_name(p->sched),
            "fetch", table_fetch_name(p->fetch),
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

/* A new file of the report, outdir/name: its slot, or NULL with err. */
struct atomic_file *compare_report_file(struct report_files *rf,
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
    if (!(md = compare_report_file(rf, "compare.md")))
        goto done;
    compare_report_markdown(ps, md->f);
    if (!(csv = compare_report_file(rf, "compare.csv")))
        goto done;
    csv_write(ps, csv->f);
    if (!(js = compare_report_file(rf, "compare.json")))
        goto done;
    if (json_write(ps, js->f) != 0) {
        snprintf(err, errlen, "%s: cannot write the JSON", js->path);
        goto done;
    }
    for (size_t i = 0; i < rf->n; i++)
        if (atomic_close(&rf->f[i], err, errlen) != 0)
            goto done;
    if (rq->plots && compare_plots(rf, ps) != 0)
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
