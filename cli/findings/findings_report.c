/*
 * findings_report.c -- the figures of the findings, computed from the
 * points, and the report's files; see findings_report.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare_plot.h"
#include "compare_report.h"
#include "findings_report.h"

/* The figure of one comparison: reduce the ratios of the kernels of c
 * that have both points.  false when none has. */
static bool ratio_figure(const struct findings_plan *pl, int var, int base,
                         const struct findings_ratio *c,
                         const struct findings_row *r, double *pct,
                         unsigned *n)
{
    uint32_t ks = findings_kernels(c->kernels, pl->allowed);
    double acc = r->reduce == REDUCE_GEOMEAN ? 0 : NAN;

    *n = 0;
    for (unsigned k = 0; k < kernel_count(); k++) {
        const struct compare_point *v, *b;
        double x;

        if (!(ks >> k & 1) || !(v = findings_point_find(pl, var, k))
            || !(b = findings_point_find(pl, base, k)))
            continue;
        if (r->stat == STAT_CYCLES)
            x = (double)b->cycles / (double)v->cycles;
        else if (b->lane_activity > 0)
            x = v->lane_activity / b->lane_activity;
        else
            continue;
        if (r->reduce == REDUCE_GEOMEAN)
            acc += log(x);
        else if (isnan(acc) || (r->reduce == REDUCE_MAX ? x > acc : x < acc))
            acc = x;
        (*n)++;
    }
    if (*n == 0)
        return false;
    if (r->reduce == REDUCE_GEOMEAN)
        acc = exp(acc / *n);
    *pct = (acc - 1) * 100;
    return true;
}

struct findings_figure findings_compute(const struct findings_plan *pl,
                                        const struct findings_row *r,
                                        const struct findings_use *u)
{
    struct findings_figure f = { false, 0, 0, false, NULL };
    double second, shown;
    unsigned n2;

    for (int i = 0; i < 4; i++)
        if (u->inst[i] >= 0 && pl->inst[u->inst[i]].unsupported[0]) {
            f.why = pl->inst[u->inst[i]].unsupported;
            return f;
        }
    f.has = ratio_figure(pl, u->inst[0], u->inst[1], &r->r, r, &f.pct,
                         &f.nkernels);
    if (f.has && r->r2.var) {
        f.has = ratio_figure(pl, u->inst[2], u->inst[3], &r->r2, r, &second,
                             &n2);
        f.pct -= second;
    }
    if (!f.has)
        return f;
    /* The sign of the figure as printed, to 0.1: one that rounds to 0 has
     * no direction up or down. */
    shown = round(f.pct * 10) / 10;
    switch (findings_row_dir(r)) {
    case DIR_UP:
        f.reproduces = shown > 0;
        break;
    case DIR_DOWN:
        f.reproduces = shown < 0;
        break;
    default:
        f.reproduces = shown >= 0;
        break;
    }
    return f;
}

/* Every figure of the report, computed once. */
struct figures {
    size_t nrows, nw;
    struct findings_figure *row;   /* per row */
    struct findings_figure *w;     /* per what-if */
};

static int figures_compute(const struct findings_plan *pl, struct figures *fs)
{
    memset(fs, 0, sizeof *fs);
    while (findings_rows[fs->nrows].id)
        fs->nrows++;
    while (findings_whatifs[fs->nw].id)
        fs->nw++;
    fs->row = calloc(fs->nrows + 1, sizeof *fs->row);
    fs->w = calloc(fs->nw + 1, sizeof *fs->w);
    if (!fs->row || !fs->w)
        return -1;
    for (size_t i = 0; i < fs->nrows; i++)
        fs->row[i] = findings_compute(pl, &findings_rows[i], &pl->rows[i]);
    for (size_t i = 0; i < fs->nw; i++)
        fs->w[i] = findings_compute(pl, findings_row_find(
                                        findings_whatifs[i].row),
                                    &pl->whatifs[i]);
    return 0;
}

static void figures_free(struct figures *fs)
{
    free(fs->row);
    free(fs->w);
}

/* The index of a row. */
static size_t row_index(const char *id)
{
    return (size_t)(findings_row_find(id) - findings_rows);
}

/* The unit of a row's figures. */
static const char *unit(const struct findings_row *r)
{
    return r->r2.var ? " pts" : " %";
}

static void md_figure(FILE *f, const struct findings_figure *x,
                      const struct findings_row *r)
{
    if (x->has)
        fprintf(f, "%+.1f%s", x->pct, unit(r));
    else if (x->why)
        fputs("not modelled", f);
    else
        fputs("(no points)", f);
}

/* What a what-if changes, in words. */
static void whatif_change(FILE *f, const struct findings_whatif *w)
{
    static const char *const side[] = { "the variant", "the base", "both" };

    fprintf(f, "%s: ", side[w->side]);
    if (w->preset)
        fprintf(f, "preset %s", w->preset);
    else if (w->set)
        fprintf(f, "--set %s", w->set);
    else
        fprintf(f, "--size %s", w->sizes);
}

/* The what-if of row i that moved its figure most: its index, or -1. */
static int largest_whatif(const struct figures *fs, size_t i)
{
    int best = -1;

    for (size_t w = 0; w < fs->nw; w++)
        if (row_index(findings_whatifs[w].row) == i && fs->w[w].has
            && fs->row[i].has
            && (best < 0 || fabs(fs->w[w].pct - fs->row[i].pct)
                            > fabs(fs->w[best].pct - fs->row[i].pct)))
            best = (int)w;
    return best;
}

static void md_cause(FILE *f, const struct figures *fs, size_t i)
{
    const struct findings_row *r = &findings_rows[i];
    bool any = false;

    if (fs->row[i].why) {
        fprintf(f, "the SM: %s", fs->row[i].why);
        return;
    }
    if (!fs->row[i].has || fs->row[i].reproduces) {
        fputs("-", f);
        return;
    }
    for (size_t w = 0; w < fs->nw; w++) {
        if (row_index(findings_whatifs[w].row) != i)
            continue;
        fprintf(f, "%s%s: ", any ? "; " : "", findings_whatifs[w].id);
        md_figure(f, &fs->w[w], r);
        any = true;
    }
    if (!any)
        fputs("no what-if yet", f);
}

static void md_rows(FILE *f, const struct figures *fs)
{
    fputs("| finding | mechanism | what the paper found | paper, section | "
          "published | simtref | kernels | direction reproduces | cause "
          "(what-ifs) |\n|---|---|---|---|---|---:|---:|---|---|\n", f);
    for (size_t i = 0; i < fs->nrows; i++) {
        const struct findings_row *r = &findings_rows[i];

        fprintf(f, "| %s | %s | %s | %s %s | published: %s | ", r->id,
                findings_mech_name[r->mech], r->finding, r->paper,
                r->section, r->pub_text);
        md_figure(f, &fs->row[i], r);
        fprintf(f, " | %u | %s | ", fs->row[i].nkernels,
                fs->row[i].why ? "not modelled"
                : !fs->row[i].has ? "(no points)"
                : fs->row[i].reproduces ? "yes" : "no");
        md_cause(f, fs, i);
        fputs(" |\n", f);
    }
}

static void md_whatifs(FILE *f, const struct figures *fs)
{
    fputs("| what-if | of finding | hypothesis | change | simtref | moves "
          "by | direction as published |\n"
          "|---|---|---|---|---:|---:|---|\n", f);
    for (size_t w = 0; w < fs->nw; w++) {
        const struct findings_whatif *x = &findings_whatifs[w];
        size_t i = row_index(x->row);
        const struct findings_row *r = &findings_rows[i];

        fprintf(f, "| %s | %s | %s | ", x->id, x->row, x->hypothesis);
        whatif_change(f, x);
        fputs(" | ", f);
        md_figure(f, &fs->w[w], r);
        fputs(" | ", f);
        if (fs->w[w].has && fs->row[i].has)
            fprintf(f, "%+.1f pts", fs->w[w].pct - fs->row[i].pct);
        else
            fputs("-", f);
        fprintf(f, " | %s |\n", fs->w[w].why ? "not modelled"
                : !fs->w[w].has ? "(no points)"
                : fs->w[w].reproduces ? "yes" : "no");
    }
}

/* "What an architect should conclude", per mechanism, from the computed
 * directions and what-ifs only. */
static void md_conclusions(FILE *f, const struct figures *fs)
{
    for (int m = 0; m < FINDINGS_N_MECH; m++) {
        unsigned total = 0, yes = 0, missing = 0, unmodelled = 0;

        for (size_t i = 0; i < fs->nrows; i++)
            if ((int)findings_rows[i].mech == m) {
                total++;
                yes += fs->row[i].has && fs->row[i].reproduces;
                unmodelled += fs->row[i].why != NULL;
                missing += !fs->row[i].has && !fs->row[i].why;
            }
        fprintf(f, "\n### %s\n\n", findings_mech_name[m]);
        fprintf(f, "- %u of its %u findings reproduce in direction%s", yes,
                total, yes == total ? ": what the paper found about it "
                "holds on simtref's SM and kernels, in sign" : "");
        if (missing)
            fprintf(f, "; %u could not be computed (no points)", missing);
        if (unmodelled)
            fprintf(f, "; %u cannot be measured: simtref's SM does not "
                    "model a configuration they need", unmodelled);
        fputs(".\n", f);
        for (size_t i = 0; i < fs->nrows; i++)
            if ((int)findings_rows[i].mech == m && fs->row[i].why)
                fprintf(f, "- Not measured: %s (%s; published: %s): %s.\n",
                        findings_rows[i].id, findings_rows[i].finding,
                        findings_rows[i].pub_text, fs->row[i].why);
        for (size_t i = 0; i < fs->nrows; i++) {
            const struct findings_row *r = &findings_rows[i];
            int w;

            if ((int)r->mech != m || !fs->row[i].has
                || fs->row[i].reproduces)
                continue;
            fprintf(f, "- Not reproduced: %s (%s; published: %s, simtref ",
                    r->id, r->finding, r->pub_text);
            md_figure(f, &fs->row[i], r);
            fputs("). ", f);
            if ((w = largest_whatif(fs, i)) < 0) {
                fputs("No what-if tests a cause yet: do not rely on this "
                      "finding for simtref's SM.\n", f);
                continue;
            }
            fprintf(f, "The what-if that moves it most is %s (%s), to ",
                    findings_whatifs[w].id, findings_whatifs[w].hypothesis);
            md_figure(f, &fs->w[w], r);
            fprintf(f, ": %s.\n", fs->w[w].reproduces
                    ? "with it the direction is the paper's, so the "
                      "difference lies in that parameter"
                    : "even so the direction is not the paper's, so the "
                      "cause lies elsewhere");
        }
    }
}

static void md_write(const struct findings_plan *pl, const struct figures *fs,
                     const struct findings_report_request *rq, FILE *f)
{
    (void)pl;
    fputs("# The findings of the papers on simtref\n\n", f);
    fputs("Each finding of HARP, BAWS, Collange's min(SP:PC) and "
          "ICS-First, its figure as published (labelled \"published\", "
          "with the paper's section) beside simtref's, computed now from "
          "its `simtref sim --json` points: the ratio per kernel of "
          "cycles (base over variant) or of lane activity (variant over "
          "base), reduced over the kernels as the paper states it "
          "(geometric mean for an average, the largest for a maximum), "
          "minus 1, in percent; \"pts\": the change of a gap in "
          "percentage points. A direction reproduces when simtref's "
          "figure has the published sign (docs/findings.md).\n\n", f);
    fprintf(f, "Seed: %s. Kernels: %s.\n\n", rq->seed ? rq->seed
            : "each point's default", rq->kernels ? rq->kernels
            : "those of each paper (the suite's classes)");
    fputs("## Findings\n\n", f);
    md_rows(f, fs);
    fputs("\n## What-ifs\n\nEach changes one thing in the first comparison "
          "of its finding; the hypothesis is the cause it tests, the "
          "figure is computed.\n\n", f);
    md_whatifs(f, fs);
    fputs("\n## What an architect should conclude\n", f);
    md_conclusions(f, fs);
}

/* A CSV field, quoted. */
static void csv_text(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void csv_figure(FILE *f, const struct findings_figure *x)
{
    if (x->has)
        fprintf(f, "%.3f,%s", x->pct, x->reproduces ? "yes" : "no");
    else
        fputs(",", f);
}

static void csv_write(const struct figures *fs, FILE *f)
{
    fputs("kind,id,of_finding,mechanism,paper,section,published_lo,"
          "published_hi,published,unit,simtref,direction_reproduces,"
          "kernels,what,not_modelled\n", f);
    for (size_t i = 0; i < fs->nrows; i++) {
        const struct findings_row *r = &findings_rows[i];

        fprintf(f, "finding,%s,,", r->id);
        csv_text(f, findings_mech_name[r->mech]);
        fputc(',', f);
        csv_text(f, r->paper);
        fputc(',', f);
        csv_text(f, r->section);
        if (isnan(r->pub_lo))
            fputs(",,,", f);
        else
            fprintf(f, ",%.3f,%.3f,", r->pub_lo, r->pub_hi);
        csv_text(f, r->pub_text);
        fprintf(f, ",%s,", r->r2.var ? "points" : "percent");
        csv_figure(f, &fs->row[i]);
        fprintf(f, ",%u,", fs->row[i].nkernels);
        csv_text(f, r->finding);
        fputc(',', f);
        csv_text(f, fs->row[i].why ? fs->row[i].why : "");
        fputc('\n', f);
    }
    for (size_t w = 0; w < fs->nw; w++) {
        const struct findings_whatif *x = &findings_whatifs[w];
        const struct findings_row *r = findings_row_find(x->row);

        fprintf(f, "what-if,%s,%s,", x->id, x->row);
        csv_text(f, findings_mech_name[r->mech]);
        fputs(",,,,,,", f);
        fprintf(f, "%s,", r->r2.var ? "points" : "percent");
        csv_figure(f, &fs->w[w]);
        fprintf(f, ",%u,", fs->w[w].nkernels);
        csv_text(f, x->hypothesis);
        fputc(',', f);
        csv_text(f, fs->w[w].why ? fs->w[w].why : "");
        fputc('\n', f);
    }
}

/* A figure as JSON: a number, or null without points. */
static json_t *json_figure(const struct findings_figure *x)
{
    return x->has ? json_real(x->pct) : json_null();
}

static json_t *json_published(const struct findings_row *r)
{
    return isnan(r->pub_lo) ? json_null()
           : json_pack("[f, f]", r->pub_lo, r->pub_hi);
}

static int json_write(const struct figures *fs, FILE *f)
{
    json_t *root = json_object(), *rows = json_array(), *ws = json_array();
    int rc = -1;

    if (!root || !rows || !ws)
        goto done;
    for (size_t i = 0; i < fs->nrows; i++) {
        const struct findings_row *r = &findings_rows[i];
        json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:o, s:s, s:s, "
                              "s:o, s:o, s:I, s:s*}", "id", r->id,
                              "mechanism",
                              findings_mech_name[r->mech], "finding",
                              r->finding, "paper", r->paper, "section",
                              r->section, "published", json_published(r),
                              "published_text", r->pub_text, "unit",
                              r->r2.var ? "points" : "percent", "simtref",
                              json_figure(&fs->row[i]),
                              "direction_reproduces", fs->row[i].has
                              ? json_boolean(fs->row[i].reproduces)
                              : json_null(), "kernels",
                              (json_int_t)fs->row[i].nkernels,
                              "not_modelled", fs->row[i].why);
        if (!o || json_array_append_new(rows, o) != 0)
            goto done;
    }
    for (size_t w = 0; w < fs->nw; w++) {
        const struct findings_whatif *x = &findings_whatifs[w];
        json_t *o = json_pack("{s:s, s:s, s:s, s:s*, s:s*, s:s*, s:o, s:o, "
                              "s:I, s:s*}", "id", x->id, "finding", x->row,
                              "hypothesis", x->hypothesis, "preset",
                              x->preset, "set", x->set, "sizes", x->sizes,
                              "simtref", json_figure(&fs->w[w]),
                              "direction_as_published", fs->w[w].has
                              ? json_boolean(fs->w[w].reproduces)
                              : json_null(), "kernels",
                              (json_int_t)fs->w[w].nkernels,
                              "not_modelled", fs->w[w].why);
        if (!o || json_array_append_new(ws, o) != 0)
            goto done;
    }
    if (json_object_set(root, "findings", rows) != 0
        || json_object_set(root, "what_ifs", ws) != 0)
        goto done;
    rc = json_dumpf(root, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER
                    | JSON_REAL_PRECISION(6));
    if (rc == 0)
        fputc('\n', f);
done:
    json_decref(rows);
    json_decref(ws);
    json_decref(root);
    return rc;
}

/* findings.png: published (the middle of a range) against simtref, a
 * pair of bars per finding that has both. */
static int plot_write(struct report_files *rf, const struct figures *fs)
{
    struct gnuplot_job j;
    FILE *f = gnuplot_begin(rf, "findings.png", &j);

    if (!f)
        return -1;
    for (size_t i = 0; i < fs->nrows; i++) {
        const struct findings_row *r = &findings_rows[i];
        if (!isnan(r->pub_lo) && fs->row[i].has)
            fprintf(f, "\"%s\" %.3f %.3f\n", r->id,
                    (r->pub_lo + r->pub_hi) / 2, fs->row[i].pct);
    }
    if (!(f = gnuplot_script(rf, &j, f)))
        return -1;
    fprintf(f, "set terminal png noenhanced size 1400,600\n"
            "set output '%s'\nset title 'The findings: published against "
            "simtref'\nset ylabel 'percent (pts: percentage points)'\n"
            "set style data histogram\nset style histogram clustered gap 1\n"
            "set style fill solid border -1\nset boxwidth 0.9\n"
            "set xtics rotate by -40 nomirror\nset grid ytics\n"
            "set key outside right top\n"
            "plot '%s' using 2:xtic(1) lc rgb '#7f7f7f' title 'published', "
            "'' using 3 lc rgb '#1f77b4' title 'simtref'\n", j.png->tmp,
            j.data);
    return gnuplot_finish(rf, &j, f);
}

int findings_report(const struct findings_plan *pl,
                    const struct findings_report_request *rq, FILE *out,
                    char *err, size_t errlen)
{
    struct report_files *rf = calloc(1, sizeof *rf);
    struct atomic_file *md, *csv, *js;
    struct figures fs;
    int rc = -1;

    if (!rf || figures_compute(pl, &fs) != 0) {
        snprintf(err, errlen, "out of memory");
        free(rf);
        return -1;
    }
    rf->outdir = rq->outdir;
    rf->err = err;
    rf->errlen = errlen;
    if (!(md = compare_report_file(rf, "findings.md")))
        goto done;
    md_write(pl, &fs, rq, md->f);
    if (!(csv = compare_report_file(rf, "findings.csv")))
        goto done;
    csv_write(&fs, csv->f);
    if (!(js = compare_report_file(rf, "findings.json")))
        goto done;
    if (json_write(&fs, js->f) != 0) {
        snprintf(err, errlen, "%s: cannot write the JSON", js->path);
        goto done;
    }
    for (size_t i = 0; i < rf->n; i++)
        if (atomic_close(&rf->f[i], err, errlen) != 0)
            goto done;
    if (rq->plots && plot_write(rf, &fs) != 0)
        goto done;
    for (size_t i = 0; i < rf->n; i++)
        if (atomic_commit(&rf->f[i], err, errlen) != 0)
            goto done;
    md_write(pl, &fs, rq, out);
    rc = 0;
done:
    for (size_t i = 0; i < rf->n; i++)
        atomic_discard(&rf->f[i]);
    figures_free(&fs);
    free(rf);
    return rc;
}
