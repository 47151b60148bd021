/*
 * area_report.c -- `simtref area`; see area_report.h.
 */
#define _XOPEN_SOURCE 700
#include "area_report.h"

#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rtlgen.h"
#include "synth_area.h"
#include "wpt.h"

#ifndef SIMTREF_YOSYS_DEFAULT
#define SIMTREF_YOSYS_DEFAULT "yosys"
#endif
#ifndef SIMTREF_LIBERTY_DEFAULT
#define SIMTREF_LIBERTY_DEFAULT "synth/simtref45.lib"
#endif

/*
 * BAWS section 4.1.2: "Assuming 8 TBs per SM and max. 48 warps per TB
 * (6-bit priority counters), this leads to a total WPT hardware cost of
 * 48 bits (6 bytes) per SM."  The figure holds for that configuration only.
 */
static const struct {
    unsigned tbs, max_warps, bits;
} baws_wpt_published = { 8, 48, 48 };

static const char *tool_path(const char *env, const char *fallback)
{
    const char *p = getenv(env);
    return p && *p ? p : fallback;
}

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

/* One row of the report: a structure, its bits and its synthesized area. */
struct area_row {
    const char *name;          /* "WPT" */
    const char *source;        /* "BAWS 4.1.2" */
    char        organisation[64];
    unsigned    bits;          /* storage bits, from the model's geometry */
    int         published_bits;/* -1: no published figure for this config */
    struct synth_result syn;
};

static int synth_wpt(const struct simt_config *cfg, const char *dir,
                     struct area_row *row, char *err, size_t errlen)
{
    char vpath[1100];
    struct wpt_geom g;

    wpt_geometry(cfg, &g);
    row->name = "WPT";
    row->source = "BAWS 4.1.2";
    snprintf(row->organisation, sizeof row->organisation,
             "%u counters x %u bits", g.tbs, g.cnt_w);
    row->bits = wpt_storage_bits(&g);
    row->published_bits = -1;
    if (g.tbs == baws_wpt_published.tbs &&
        g.max_warps == baws_wpt_published.max_warps)
        row->published_bits = (int)baws_wpt_published.bits;

    snprintf(vpath, sizeof vpath, "%s/simtref_wpt.v", dir);
    if (synth_area(tool_path("YOSYS", SIMTREF_YOSYS_DEFAULT),
                   tool_path("SIMTREF_LIBERTY", SIMTREF_LIBERTY_DEFAULT),
                   vpath, "simtref_wpt", dir, &row->syn, err, errlen) != 0)
        return -1;
    if (row->syn.flops != row->bits) {
        snprintf(err, errlen, "WPT: the model has %u storage bits but Yosys "
                 "mapped %u flip-flops (see %s)", row->bits, row->syn.flops, dir);
        return -1;
    }
    return 0;
}

static void print_bits(FILE *out, unsigned bits)
{
    if (bits % 8 == 0)
        fprintf(out, "%u (%u byte%s)", bits, bits / 8, bits == 8 ? "" : "s");
    else
        fprintf(out, "%u", bits);
}

static void print_report(const struct simt_config *cfg,
                         const struct area_row *row, FILE *out)
{
    double scale = synth_scale_to_node(cfg->tech_nm);
    double sm_um2 = row->syn.total_um2 * scale;
    double chip_mm2 = sm_um2 * cfg->sms / 1e6;

    fprintf(out, "# simtref area report: %s\n\n", cfg->name);
    fprintf(out, "Logic synthesized by Yosys onto the simtref45 cell library "
            "(NanGate FreePDK45 X1 cell areas, 45 nm);\n");
    fprintf(out, "areas scaled to %u nm by (%u/45)^2 = %.4f.\n\n",
            cfg->tech_nm, cfg->tech_nm, scale);
    fprintf(out, "| structure | organisation | storage bits | published bits "
            "| cells | flip-flops | logic um^2 (45 nm) | flip-flop um^2 (45 nm) "
            "| area um^2 (%u nm) |\n", cfg->tech_nm);
    fprintf(out, "|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    fprintf(out, "| %s (%s) | %s | ", row->name, row->source, row->organisation);
    print_bits(out, row->bits);
    fprintf(out, " | ");
    if (row->published_bits >= 0) {
        print_bits(out, (unsigned)row->published_bits);
        fprintf(out, " published, %s; ratio %.2f", row->source,
                (double)row->bits / row->published_bits);
    } else {
        fprintf(out, "none for this configuration");
    }
    fprintf(out, " | %u | %u | %.1f | %.1f | %.1f |\n\n", row->syn.cells,
            row->syn.flops, row->syn.logic_um2, row->syn.flop_um2, sm_um2);
    fprintf(out, "Per SM: %u bits, %.1f um^2 (%u nm).\n", row->bits, sm_um2,
            cfg->tech_nm);
    fprintf(out, "Per chip (%u SMs): %u bits, %.4f mm^2, %.5f%% of the "
            "%.0f mm^2 die (published die area).\n", cfg->sms,
            row->bits * cfg->sms, chip_mm2, 100.0 * chip_mm2 / cfg->die_mm2,
            cfg->die_mm2);
}

int area_report(const struct simt_config *cfg, const char *workdir,
                FILE *out, char *err, size_t errlen)
{
    char tmpdir[1024];
    const char *dir = workdir;
    struct area_row row;
    int rc = -1;

    memset(&row, 0, sizeof row);
    if (!dir) {
        const char *base = getenv("TMPDIR");
        snprintf(tmpdir, sizeof tmpdir, "%s/simtref-area-XXXXXX",
                 base && *base ? base : "/tmp");
        dir = mkdtemp(tmpdir);
        if (!dir) {
            snprintf(err, errlen, "cannot make a temporary directory: %s",
                     strerror(errno));
            return -1;
        }
    } else if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "%s: cannot make directory: %s", dir,
                 strerror(errno));
        return -1;
    }

    if (rtlgen_write(cfg, dir, DEFECT_NONE, err, errlen) == 0 &&
        synth_wpt(cfg, dir, &row, err, errlen) == 0) {
        print_report(cfg, &row, out);
        rc = 0;
    }
    if (!workdir)
        remove_tree(dir);
    return rc;
}
