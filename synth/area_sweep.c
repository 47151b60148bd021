/*
 * area_sweep.c -- `simtref area --sweep`: the HARP tables priced as their
 * sizes move, a Markdown table and a gnuplot plot per sweep; see
 * area_report.h.
 */
#include "area_report.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "harp_cost.h"
#include "interrupt.h"
#include "process.h"
#include "table7.h"
#include "table7_price.h"

#ifndef SIMTREF_GNUPLOT_DEFAULT
#define SIMTREF_GNUPLOT_DEFAULT "gnuplot"
#endif

enum { SWEEP_POINTS = 4, SWEEP_SERIES = 6 };

struct sweep {
    const char *name;           /* file name part: area-sweep-NAME.png */
    const char *title;
    const char *x_label;
    unsigned x[SWEEP_POINTS];
    size_t npoints;
    void (*apply)(struct simt_config *cfg, unsigned x);
    const char *series[SWEEP_SERIES];   /* Table 7 rows plotted; "total" */
};

static void set_rbt(struct simt_config *c, unsigned x)
{
    c->rbt_entries = x;
    c->rbt_ways = 16;
}

static void set_sl(struct simt_config *c, unsigned x)
{
    c->second_level_entries = x;
}

static void set_lookups(struct simt_config *c, unsigned x)
{
    c->ready_lookup_entries = x;
    c->waiting_lookup_entries = x;
}

static void set_simd(struct simt_config *c, unsigned x)
{
    c->simd_width = x;
    c->warp_size = x;
}

static const struct sweep sweeps[] = {
    { "rbt", "RBT size at 16 ways (HARP Fig. 16)", "RBT entries",
      { 16, 32, 64, 128 }, 4, set_rbt,
      { "RBT lanes", "RBT RPC", "total" } },
    { "second-level", "Second-Level size", "Second-Level entries",
      { 128, 256, 512, 1024 }, 4, set_sl, { "Second-Level", "total" } },
    { "lookups", "Ready- and Waiting-Lookup size", "lookup entries",
      { 4, 8, 16 }, 3, set_lookups,
      { "Lookup Ready", "Lookup Waiting", "total" } },
    { "simd", "SIMD width (warp size alike)", "SIMD width",
      { 8, 16, 32 }, 3, set_simd,
      { "RBT lanes", "RBT RPC", "Second-Level", "Lookup Ready",
        "Lookup Waiting", "total" } },
};

static void set_warps(struct simt_config *c, unsigned x)
{
    c->threads_per_scheduler = x * c->warp_size;
}

/* HARP's cost as a share of the die (part (c) of the report, by the
 * models alone): the tables and the register file's bank decoders per
 * SM, as one parameter moves.  The offset circuits, which need a
 * synthesis, are left out (part (c) gives them). */
struct share_sweep {
    const char *name;           /* area-sweep-NAME.png */
    const char *title;
    const char *x_label;
    unsigned x[SWEEP_POINTS];
    size_t npoints;
    void (*apply)(struct simt_config *cfg, unsigned x);
};

static const struct share_sweep share_sweeps[] = {
    { "harp-share-simd", "SIMD width (warp size alike)", "SIMD width",
      { 8, 16, 32 }, 3, set_simd },
    { "harp-share-warps", "warps per scheduler", "warps per scheduler",
      { 16, 32, 48, 64 }, 4, set_warps },
    { "harp-share-rbt", "RBT size at 16 ways", "RBT entries",
      { 16, 32, 64, 128 }, 4, set_rbt },
};

/* One share sweep as a Markdown table, its shares of the die (percent)
 * into y[point][0..2]: the tables, the bank decoders, both. */
static void share_table(const struct simt_config *cfg,
                        const struct share_sweep *w,
                        double y[SWEEP_POINTS][SWEEP_SERIES], FILE *out)
{
    fprintf(out, "## HARP's cost as a share of the die: %s\n\n", w->title);
    fprintf(out, "| %s | tables mm^2 per SM | bank decoders mm^2 per SM | "
            "share of the %.0f mm^2 die, %u SMs |\n|---:|---:|---:|---:|\n",
            w->x_label, cfg->die_mm2, cfg->sms);
    for (size_t i = 0; i < w->npoints; i++) {
        struct simt_config c = *cfg;
        struct t7 t;
        double dec, per_die = 100.0 * c.sms / c.die_mm2;

        w->apply(&c, w->x[i]);
        table7_compute(&c, &t);
        dec = harp_cost_model_decoders(&c) / 1e6;
        y[i][0] = t.per_sm_mm2 * per_die;
        y[i][1] = dec * per_die;
        y[i][2] = (t.per_sm_mm2 + dec) * per_die;
        fprintf(out, "| %u | %.4f | %.4f | %.3f%% |\n", w->x[i],
                t.per_sm_mm2, dec, y[i][2]);
    }
    fputc('\n', out);
}

/* The area (mm^2, per warp scheduler) of series `s` in t. */
static double series_mm2(const struct t7 *t, const char *s)
{
    if (strcmp(s, "total") == 0)
        return t->per_scheduler_mm2;
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->row[i].org.name, s) == 0)
            return t->row[i].tag_mm2 + t->row[i].data_mm2;
    return NAN;
}

static size_t nseries(const struct sweep *w)
{
    size_t n = 0;

    while (n < SWEEP_SERIES && w->series[n])
        n++;
    return n;
}

/* What one plot shows: series over the points, a line each. */
struct plot {
    const char *name;           /* outdir/area-sweep-NAME.png */
    const char *title, *x_label, *y_label;
    const unsigned *x;
    size_t npoints, nseries;
    const char *series[SWEEP_SERIES];           /* each line's title */
    double y[SWEEP_POINTS][SWEEP_SERIES];       /* [point][series] */
};

/* Plot p into outdir/area-sweep-NAME.png, through a temporary. */
static int plot_lines(const struct plot *p, const char *outdir,
                      char *err, size_t errlen)
{
    char png[1100], script[1200], data[1200];
    char *argv[3];
    struct atomic_file out;
    size_t i, s;
    FILE *f;
    int rc;

    snprintf(png, sizeof png, "%s/area-sweep-%s.png", outdir, p->name);
    /* gnuplot writes the plot to the temporary, renamed when it is done. */
    if (atomic_open_named(&out, png, err, errlen) != 0 ||
        atomic_close(&out, err, errlen) != 0)
        return -1;
    snprintf(data, sizeof data, "%s/.area-sweep-%s.dat", outdir, p->name);
    snprintf(script, sizeof script, "%s/.area-sweep-%s.gp", outdir, p->name);
    /* removed by an interrupt too (util/interrupt.h) */
    interrupt_add_file(data);
    interrupt_add_file(script);
    if (!(f = fopen(data, "w"))) {
        snprintf(err, errlen, "%s: cannot write: %s", data, strerror(errno));
        atomic_discard(&out);
        interrupt_forget_file(data);
        interrupt_forget_file(script);
        return -1;
    }
    for (i = 0; i < p->npoints; i++) {
        fprintf(f, "%u", p->x[i]);
        for (s = 0; s < p->nseries; s++)
            fprintf(f, " %.6f", p->y[i][s]);
        fputc('\n', f);
    }
    if (fclose(f) != 0 || !(f = fopen(script, "w"))) {
        snprintf(err, errlen, "%s: cannot write", script);
        unlink(data);
        interrupt_forget_file(data);
        interrupt_forget_file(script);
        atomic_discard(&out);
        return -1;
    }
    fprintf(f, "set terminal png size 800,500\nset output '%s'\n", out.tmp);
    /* (the texts in double quotes: a title may hold an apostrophe) */
    fprintf(f, "set title \"%s\"\n", p->title);
    fprintf(f, "set xlabel \"%s\"\nset ylabel \"%s\"\n", p->x_label,
            p->y_label);
    fprintf(f, "set logscale x 2\nset key left top\nset grid\n");
    fprintf(f, "set xrange [%g:%g]\nset yrange [0:*]\n", p->x[0] / 1.25,
            p->x[p->npoints - 1] * 1.25);
    fprintf(f, "set xtics (");
    for (i = 0; i < p->npoints; i++)
        fprintf(f, "%s'%u' %u", i ? ", " : "", p->x[i], p->x[i]);
    fprintf(f, ")\nplot ");
    for (s = 0; s < p->nseries; s++)
        fprintf(f, "%s'%s' using 1:%zu with linespoints lw 2 title \"%s\"",
                s ? ", " : "", data, s + 2, p->series[s]);
    fprintf(f, "\n");
    if (fclose(f) != 0) {
        snprintf(err, errlen, "%s: cannot write", script);
        unlink(data);
        interrupt_forget_file(data);
        unlink(script);
        interrupt_forget_file(script);
        atomic_discard(&out);
        return -1;
    }
    argv[0] = (char *)spawn_tool("GNUPLOT", SIMTREF_GNUPLOT_DEFAULT);
    argv[1] = script;
    argv[2] = NULL;
    rc = spawn_run(argv, NULL, err, errlen);
    unlink(data);
    interrupt_forget_file(data);
    unlink(script);
    interrupt_forget_file(script);
    if (rc == 0)
        rc = atomic_commit(&out, err, errlen);
    else
        atomic_discard(&out);
    return rc;
}

/* Plot one Table 7 sweep: its rows' areas per warp scheduler. */
static int plot_sweep(const struct sweep *w, const struct t7 *pts,
                      const char *outdir, unsigned tech_nm,
                      char *err, size_t errlen)
{
    char title[160];
    struct plot p = { w->name, title, w->x_label, "area (mm^2)", w->x,
                      w->npoints, nseries(w), { NULL }, { { 0 } } };

    snprintf(title, sizeof title, "simtref array model: %s, per warp "
             "scheduler, %u nm", w->title, tech_nm);
    for (size_t s = 0; s < p.nseries; s++) {
        p.series[s] = strcmp(w->series[s], "total") == 0 ? "all Table 7 rows"
                                                         : w->series[s];
        for (size_t i = 0; i < w->npoints; i++)
            p.y[i][s] = series_mm2(&pts[i], w->series[s]);
    }
    return plot_lines(&p, outdir, err, errlen);
}

int area_sweep(const struct simt_config *cfg, const struct sweep_request *req,
               FILE *out, char *err, size_t errlen)
{
    struct stat st;

    if (cfg->reconvergence != RECONV_HARP) {
        snprintf(err, errlen, "%s: the sweeps price the HARP tables; the "
                 "configuration has reconvergence = %s", cfg->name,
                 "not harp");
        return -1;
    }
    if (req->plots && (stat(req->outdir, &st) != 0 || !S_ISDIR(st.st_mode))) {
        snprintf(err, errlen, "%s: not a directory", req->outdir);
        return -1;
    }
    fprintf(out, "# simtref area sweeps around %s (%u nm)\n\n", cfg->name,
            cfg->tech_nm);
    fprintf(out, "Each point: the HARP tables organised as Table 7 "
            "organises them, from the models, priced by the array model "
            "of docs/area-model.md (arrays only, no synthesis); mm^2 per "
            "warp scheduler; the other parameters as in %s.\n\n", cfg->name);
    for (size_t k = 0; k < sizeof sweeps / sizeof sweeps[0]; k++) {
        const struct sweep *w = &sweeps[k];
        struct t7 pts[SWEEP_POINTS];
        size_t i, s, ns = nseries(w);

        fprintf(out, "## %s\n\n| %s |", w->title, w->x_label);
        for (s = 0; s < ns; s++)
            fprintf(out, " %s mm^2 |", strcmp(w->series[s], "total") == 0
                                         ? "all Table 7 rows" : w->series[s]);
        fprintf(out, " storage bits |\n|---:|");
        for (s = 0; s <= ns; s++)
            fprintf(out, "---:|");
        fputc('\n', out);
        for (i = 0; i < w->npoints; i++) {
            struct simt_config c = *cfg;
            unsigned long bits = 0;

            w->apply(&c, w->x[i]);
            table7_compute(&c, &pts[i]);
            for (size_t r = 0; r < pts[i].n; r++)
                bits += harp_org_bits(&pts[i].row[r].org);
            fprintf(out, "| %u |", w->x[i]);
            for (s = 0; s < ns; s++)
                fprintf(out, " %.4f |", series_mm2(&pts[i], w->series[s]));
            fprintf(out, " %lu |\n", bits);
        }
        fputc('\n', out);
        if (req->plots) {
            if (plot_sweep(w, pts, req->outdir, cfg->tech_nm, err,
                           errlen) != 0)
                return -1;
            fprintf(out, "Plot: %s/area-sweep-%s.png\n\n", req->outdir,
                    w->name);
        }
    }
    fprintf(out, "# HARP's cost as a share of the die\n\n"
            "Part (c) of the report by the models alone: the HARP tables "
            "(array model, as above) and the register file's bank decoders "
            "(the array model's decode circuits of every bank but one: a "
            "row decoder per bank, where a register file without per-lane "
            "offsets needs one), per SM and as a share of the die; the "
            "offset circuits, which need a synthesis, are left out (part "
            "(c) of `simtref area` gives them). Published (HARP section 8): "
            "3.5%% for a Fermi of 16 SMs on 529 mm^2.\n\n");
    for (size_t k = 0; k < sizeof share_sweeps / sizeof share_sweeps[0]; k++) {
        const struct share_sweep *w = &share_sweeps[k];
        char title[160];
        struct plot p = { w->name, title, w->x_label,
                          "share of the die (%)", w->x, w->npoints, 3,
                          { "HARP tables", "register file bank decoders",
                            "both" }, { { 0 } } };

        share_table(cfg, w, p.y, out);
        snprintf(title, sizeof title, "simtref: HARP's cost against the "
                 "%s, %u SMs, %.0f mm^2 die, %u nm", w->title, cfg->sms,
                 cfg->die_mm2, cfg->tech_nm);
        if (req->plots) {
            if (plot_lines(&p, req->outdir, err, errlen) != 0)
                return -1;
            fprintf(out, "Plot: %s/area-sweep-%s.png\n\n", req->outdir,
                    w->name);
        }
    }
    return 0;
}
