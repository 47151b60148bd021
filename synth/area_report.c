/*
 * area_report.c -- `simtref area`: the two parts of the report built into
 * one figure store and rendered as Markdown, CSV and JSON; see
 * area_report.h.
 *
 *   area_rows.c     the structures (from the registry) and their models
 *   table7_price.c  part (a): HARP Table 7 by the array model
 *   rtl_price.c     part (b): the RTL synthesized and priced
 *   harp_cost.c     part (c), under harp: the tables and the register
 *                   offsets against HARP section 8's shares of the die
 *   figures.c       the figure store, CSV and JSON
 *   area_sweep.c    `simtref area --sweep`
 */
#define _XOPEN_SOURCE 700
#include "area_report.h"

#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "area_rows.h"
#include "array_model.h"
#include "atomic_file.h"
#include "interrupt.h"
#include "figures.h"
#include "harp_cost.h"
#include "rtl_price.h"
#include "rtlgen.h"
#include "process.h"
#include "synth_area.h"
#include "table7_price.h"

#ifndef SIMTREF_YOSYS_DEFAULT
#define SIMTREF_YOSYS_DEFAULT "yosys"
#endif
#ifndef SIMTREF_LIBERTY_DEFAULT
#define SIMTREF_LIBERTY_DEFAULT "synth/simtref45.lib"
#endif

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw)
{
    (void)st; (void)flag; (void)ftw;
    return remove(path);
}

static void remove_tree(const char *dir)
{
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void print_header(const struct simt_config *cfg, FILE *out)
{
    const struct array_constants *k = array_model_constants();

    fprintf(out, "# simtref area report: %s\n\n", cfg->name);
    fprintf(out, "Technology: %u nm. Standard cells: NanGate FreePDK45 X1 "
            "areas (45 nm) scaled by (%u/45)^2 = %.4f. Arrays: the model of "
            "docs/area-model.md -- SRAM cell %.0f F^2, CAM cell %.0f F^2 "
            "(CACTI's technology assumptions), local wire pitch %.0f F, "
            "address and data wires at the intermediate pitch %.0f F, "
            "periphery as NanGate cells; F = %u nm.\n\n", cfg->tech_nm,
            cfg->tech_nm, synth_scale_to_node(cfg->tech_nm),
            k->sram_cell_f2, k->cam_cell_f2, k->wire_pitch_f,
            k->bus_pitch_f, cfg->tech_nm);
}

/* What one report holds while it is made (on the heap: the synthesis
 * results and the figures are large). */
struct report {
    struct area_row rows[STRUCTURE_COUNT];  /* the structures cfg has */
    size_t nrows;
    struct t7 t7;                           /* part (a), when HARP */
    struct harp_cost hc;                    /* part (c), when HARP */
    struct figs figs;                       /* every figure of the report */
};

/* Open path's temporary when path is given (a->f stays NULL otherwise). */
static int open_output(struct atomic_file *a, const char *path,
                       char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    return path ? atomic_open(a, path, err, errlen) : 0;
}

int area_report(const struct simt_config *cfg, const struct area_request *req,
                FILE *out, char *err, size_t errlen)
{
    char tmpdir[1024];
    const char *dir = req->workdir;
    const char *yosys = spawn_tool("YOSYS", SIMTREF_YOSYS_DEFAULT);
    const char *liberty = spawn_tool("SIMTREF_LIBERTY",
                                     SIMTREF_LIBERTY_DEFAULT);
    const struct synth_flow flow = {
        yosys, liberty, req->cache_dir, req->jobs ? req->jobs : 1,
        req->progress, req->workdir != NULL /* the netlists are kept */
    };
    struct atomic_file csv, json;
    struct report *r;
    int harp = cfg->reconvergence == RECONV_HARP;
    int rc = -1;

    /* Open the output files first: a bad path fails before synthesis. */
    if (open_output(&csv, req->csv_path, err, errlen) != 0)
        return -1;
    if (open_output(&json, req->json_path, err, errlen) != 0) {
        atomic_discard(&csv);
        return -1;
    }
    r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    if (!dir) {
        const char *base = getenv("TMPDIR");
        snprintf(tmpdir, sizeof tmpdir, "%s/simtref-area-XXXXXX",
                 base && *base ? base : "/tmp");
        dir = mkdtemp(tmpdir);
        if (!dir) {
            snprintf(err, errlen, "cannot make a temporary directory: %s",
                     strerror(errno));
            goto done;
        }
    } else if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "%s: cannot make directory: %s", dir,
                 strerror(errno));
        dir = NULL;
        goto done;
    }

    r->nrows = area_rows_describe(cfg, r->rows);
    if (rtlgen_write(cfg, dir, DEFECT_NONE, err, errlen) != 0)
        goto done;
    if (harp && harp_cost_prepare(cfg, dir, &r->hc, err, errlen) != 0)
        goto done;
    if (rtl_synth_rows(&flow, dir, r->rows, r->nrows, r->hc.job,
                       harp ? HARP_COST_JOBS : 0, err, errlen) != 0)
        goto done;
    if (harp && harp_cost_check(cfg, &r->hc, err, errlen) != 0)
        goto done;

    /* Every figure into the store, then each rendering from it. */
    if (harp) {
        table7_compute(cfg, &r->t7);
        table7_figs(cfg, &r->t7, &r->figs);
    }
    rtl_figs(cfg, r->rows, r->nrows, &r->figs);
    if (harp)
        harp_cost_figs(cfg, &r->hc, &r->figs);

    print_header(cfg, out);
    if (harp)
        table7_markdown(cfg, &r->t7, &r->figs, out);
    rtl_markdown(cfg, r->rows, r->nrows, &r->figs, out);
    if (harp)
        harp_cost_markdown(cfg, &r->figs, out);
    if (csv.f)
        figs_write_csv(csv.f, &r->figs);
    if (json.f)
        figs_write_json(json.f, cfg, &r->figs);
    rc = 0;
    if (req->csv_path)
        rc = atomic_commit(&csv, err, errlen);
    if (rc == 0 && req->json_path)
        rc = atomic_commit(&json, err, errlen);
done:
    atomic_discard(&csv);
    atomic_discard(&json);
    if (dir && !req->workdir && rc != 0 && !interrupt_pending()
        && strstr(err, dir)) {
        /* the message names a work file: keep it to be read */
        size_t len = strlen(err);
        snprintf(err + len, errlen - len, " (the work directory %s is "
                 "kept)", dir);
    } else if (dir && !req->workdir) {
        remove_tree(dir);
    }
    free(r);
    return rc;
}
