/*
 * harp_cost.c -- part (c) of the area report: HARP's tables and register
 * offsets against HARP section 8's shares of the die; see harp_cost.h.
 */
#include "harp_cost.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include "array_model.h"
#include "regfile.h"
#include "rtlgen.h"
#include "table7.h"
#include "vgen.h"

/* HARP section 8, for a Fermi-like GPU of 16 SMs on a 529 mm^2 die: the
 * tables "1%" (5.19 mm^2 / 529 mm^2, part (a)), the register offset logic
 * "about 2.5%" (the estimate HARP cites from Fung et al. 2009 and
 * Narasiman et al. 2011), "3.5%" in all (the abstract). */
static const double published_offsets_percent = 2.5;
static const double published_total_percent = 3.5;

/* The two variants, in job order: with per-lane offsets, then without
 * (their directories, and their names on the progress lines). */
static const char *const variant_dir[HARP_COST_JOBS] = { "regfile-offsets",
                                                         "regfile-shared" };
static const char *const variant_label[HARP_COST_JOBS] = {
    "simtref_regfile (offsets)", "simtref_regfile (shared)"
};

/* A bank of the register file: per warp slot a row of x1..x31 (x0 is no
 * storage), each a 32-bit word (emit_regfile.c). */
static unsigned bank_rows(const struct regfile_geometry *g)
{
    return g->slots * (REGFILE_REGS - 1);
}
enum { BANK_WIDTH = 32 };

/* Write the register file of cfg, with per-lane offsets or without, as
 * dir/sub/simtref_regfile.v; the synthesis works in dir/sub/synth. */
static int write_variant(const struct simt_config *cfg, int offsets,
                         const char *dir, const char *sub, char *path,
                         size_t pathlen, char *work, size_t worklen,
                         char *err, size_t errlen)
{
    struct simt_config c = *cfg;
    struct vgen v;
    char sdir[1024];

    /* the register file's offsets follow the mode (regfile_geometry()) */
    c.reconvergence = offsets ? RECONV_HARP : RECONV_SBR;
    if ((size_t)snprintf(sdir, sizeof sdir, "%s/%s", dir, sub) >= sizeof sdir
        || (size_t)snprintf(path, pathlen, "%s/simtref_regfile.v", sdir)
           >= pathlen
        || (size_t)snprintf(work, worklen, "%s/synth", sdir) >= worklen) {
        snprintf(err, errlen, "%s: path too long", dir);
        return -1;
    }
    if ((mkdir(sdir, 0777) != 0 && errno != EEXIST)
        || (mkdir(work, 0777) != 0 && errno != EEXIST)) {
        snprintf(err, errlen, "%s: cannot make directory: %s", work,
                 strerror(errno));
        return -1;
    }
    if (vgen_open(&v, path) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    emit_regfile(&v, &c, DEFECT_NONE);
    if (vgen_finish(&v) != 0 || vgen_commit(&v) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        vgen_abort(&v);
        return -1;
    }
    return 0;
}

int harp_cost_prepare(const struct simt_config *cfg, const char *dir,
                      struct harp_cost *hc, char *err, size_t errlen)
{
    memset(hc, 0, sizeof *hc);
    for (int k = 0; k < HARP_COST_JOBS; k++) {
        if (write_variant(cfg, k == 0, dir, variant_dir[k], hc->path[k],
                          sizeof hc->path[k], hc->work[k],
                          sizeof hc->work[k], err, errlen) != 0)
            return -1;
        hc->job[k].verilog_path = hc->path[k];
        hc->job[k].top = "simtref_regfile";
        hc->job[k].workdir = hc->work[k];
        hc->job[k].label = variant_label[k];
    }
    return 0;
}

int harp_cost_check(const struct simt_config *cfg, const struct harp_cost *hc,
                    char *err, size_t errlen)
{
    struct regfile_geometry g;

    regfile_geometry(cfg, &g);
    for (int k = 0; k < HARP_COST_JOBS; k++) {
        const struct synth_result *r = &hc->job[k].res;
        unsigned long bits = (unsigned long)g.lanes * bank_rows(&g)
                             * BANK_WIDTH;

        if (r->nmemories != g.lanes || r->mem_bits != bits
            || r->mem[0].rd_ports != REGFILE_READS
            || r->mem[0].wr_ports != g.writes) {
            snprintf(err, errlen, "%s: the register file has %u lanes of "
                     "%lu bits, %u read and %u write ports, but Yosys found "
                     "%u memories of %lu bits in all (see %s)", hc->path[k],
                     g.lanes, bits / g.lanes, REGFILE_READS, g.writes,
                     r->nmemories, r->mem_bits, hc->work[k]);
            return -1;
        }
    }
    return 0;
}

double harp_cost_bank_decoders(unsigned tech_nm, unsigned banks,
                               unsigned rows, unsigned width,
                               unsigned rd_ports, unsigned wr_ports,
                               double *arrays_um2)
{
    struct array_spec s;
    struct array_area a;

    *arrays_um2 = NAN;
    if (banks == 0)
        return NAN;
    array_sram_spec(rows * banks, width, banks, rd_ports, wr_ports, 0, &s);
    if (array_area(&s, tech_nm, &a) != 0)
        return NAN;
    *arrays_um2 = a.total;
    /* a decoder per bank, against one driving every bank's rows */
    return a.decode * (banks - 1) / banks;
}

double harp_cost_model_decoders(const struct simt_config *cfg)
{
    struct regfile_geometry g;
    double arrays;

    regfile_geometry(cfg, &g);
    return harp_cost_bank_decoders(cfg->tech_nm, g.lanes, bank_rows(&g),
                                   BANK_WIDTH,
                                   REGFILE_READS, g.writes, &arrays);
}

/* A per-SM area (um^2 at the node) as figures: per SM, chip, die share. */
static void put_area(const struct simt_config *cfg, struct figs *f,
                     const char *item, double sm_um2)
{
    double chip = sm_um2 * cfg->sms / 1e6;

    figs_put(f, "harp_cost", item, "per_sm_um2", sm_um2);
    figs_put(f, "harp_cost", item, "chip_mm2", chip);
    figs_put(f, "harp_cost", item, "die_percent", 100.0 * chip / cfg->die_mm2);
}

void harp_cost_figs(const struct simt_config *cfg, const struct harp_cost *hc,
                    struct figs *f)
{
    const struct synth_result *with = &hc->job[0].res;
    const struct synth_result *without = &hc->job[1].res;
    double scale = synth_scale_to_node(cfg->tech_nm);
    double rf_arrays = NAN;
    double adders = (with->total_um2 - without->total_um2) * scale;
    const struct synth_memory *m = &with->mem[0];
    double decoders = harp_cost_bank_decoders(cfg->tech_nm, with->nmemories,
                                              m->size, m->width, m->rd_ports,
                                              m->wr_ports, &rf_arrays);
    double tables = figs_get(f, "table7_total", "per SM", "area_mm2") * 1e6;
    double offsets = adders + decoders;
    double die_offsets, die_total;
    /* the published shares are of a Fermi of 16 SMs on its die */
    const struct table7_totals *pt = table7_published_totals();
    int fermi = cfg->sms == pt->sms && cfg->die_mm2 == pt->die_mm2
                && cfg->tech_nm == pt->tech_nm;

    figs_put(f, "harp_cost", "register file", "banks", with->nmemories);
    figs_put(f, "harp_cost", "register file", "rows", with->nmemories
             ? with->mem[0].size : 0);
    put_area(cfg, f, "register file", rf_arrays + with->total_um2 * scale);
    put_area(cfg, f, "offset circuits", adders);
    put_area(cfg, f, "bank decoders", decoders);
    put_area(cfg, f, "register offsets", offsets);
    die_offsets = figs_get(f, "harp_cost", "register offsets", "die_percent");
    figs_put(f, "harp_cost", "register offsets", "published_die_percent",
             published_offsets_percent);
    figs_put(f, "harp_cost", "register offsets", "ratio",
             figs_ratio(die_offsets, published_offsets_percent, fermi));
    put_area(cfg, f, "tables", tables);
    figs_put(f, "harp_cost", "tables", "published_die_percent",
             figs_get(f, "table7_total", "die share", "published_percent"));
    figs_put(f, "harp_cost", "tables", "ratio",
             figs_get(f, "table7_total", "die share", "ratio"));
    put_area(cfg, f, "HARP in all", tables + offsets);
    die_total = figs_get(f, "harp_cost", "HARP in all", "die_percent");
    figs_put(f, "harp_cost", "HARP in all", "published_die_percent",
             published_total_percent);
    figs_put(f, "harp_cost", "HARP in all", "ratio",
             figs_ratio(die_total, published_total_percent, fermi));
}

/* One row: item, per SM, chip, die share, then the published share
 * (printed as `published`, a format of the figure; "-": none). */
static void print_row(FILE *out, const struct figs *f, const char *label,
                      const char *item, const char *published)
{
    double ratio = figs_get(f, "harp_cost", item, "ratio");

    fprintf(out, "| %s | %.1f um^2 | %.4g mm^2 | %.3g%% | ", label,
            figs_get(f, "harp_cost", item, "per_sm_um2"),
            figs_get(f, "harp_cost", item, "chip_mm2"),
            figs_get(f, "harp_cost", item, "die_percent"));
    fprintf(out, published, figs_get(f, "harp_cost", item,
                                      "published_die_percent"));
    if (isnan(ratio))
        fprintf(out, " | - |\n");
    else
        fprintf(out, " | %.2g |\n", ratio);
}

void harp_cost_markdown(const struct simt_config *cfg, const struct figs *f,
                        FILE *out)
{
    unsigned banks = (unsigned)figs_get(f, "harp_cost", "register file",
                                        "banks");

    fprintf(out, "## (c) HARP's cost as HARP section 8 counts it: the "
            "tables and the register offsets (%u nm)\n\n", cfg->tech_nm);
    fprintf(out, "The tables are part (a)'s. The register offsets let each "
            "lane read its own thread's warp slot (HARP section 8: \"one "
            "logical circuit with each bank\"): the offset circuits are the "
            "logic the register file synthesizes with per-lane offsets "
            "minus the same register file without them (each bank's row "
            "base: slot x 31); the bank decoders are the row decoders of "
            "the register file's %u banks (the array model's decode "
            "circuits), each decoding its own row, less the one decoder a "
            "register file without offsets needs for all banks. Per chip: %u SMs; die: %.0f mm^2 "
            "(published die area). Published: HARP section 8 (the register "
            "offsets' \"about 2.5%%\" is the estimate it cites from Fung et "
            "al. 2009 and Narasiman et al. 2011; \"3.5%%\" in all, its "
            "abstract); ratio = computed / published share.\n\n", banks,
            cfg->sms, cfg->die_mm2);
    fprintf(out, "| item | per SM | chip | share of the die | published "
            "share (HARP section 8) | ratio |\n|---|---:|---:|---:|---:|---:|\n");
    print_row(out, f, "register file (arrays and logic, for scale)",
              "register file", "-");
    print_row(out, f, "offset circuits (synthesized)", "offset circuits", "-");
    print_row(out, f, "bank decoders (array model)", "bank decoders", "-");
    print_row(out, f, "register offsets", "register offsets", "about %.1f%%");
    print_row(out, f, "tables (part (a))", "tables",
              "%.2f%% (\"1%%\")");
    print_row(out, f, "HARP in all", "HARP in all", "%.1f%%");
    fprintf(out, "\nWhy the register offsets' share is not the published "
            "one: docs/area-model.md, \"HARP's register offsets\".\n\n");
}
