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

#include "lookup.h"
#include "rbt.h"
#include "rtlgen.h"
#include "scheduler.h"
#include "sbr_stack.h"
#include "fetch.h"
#include "synth_area.h"
#include "table7.h"
#include "warp_tables.h"
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

/* One synthesized module of the report. */
struct area_row {
    const char *name;           /* "WPT" */
    const char *module;         /* "simtref_wpt", in simtref_wpt.v */
    const char *source;         /* "BAWS 4.1.2" */
    int per_scheduler;          /* 1: one per warp scheduler, else per SM */
    char organisation[96];
    unsigned long bits;         /* the RTL's state bits, from the model */
    long published_bits;        /* -1: no published figure for this config */
    int in_table7;              /* its arrays are compared with HARP Table 7 */
    struct synth_result syn;
};

/* The WPT: one per SM (BAWS 4.1.2). */
static void describe_wpt(const struct simt_config *cfg, struct area_row *row)
{
    struct wpt_geom g;

    wpt_geometry(cfg, &g);
    row->name = "WPT";
    row->module = "simtref_wpt";
    row->source = "BAWS 4.1.2";
    row->per_scheduler = 0;
    snprintf(row->organisation, sizeof row->organisation,
             "%u counters x %u bits", g.tbs, g.cnt_w);
    row->bits = wpt_storage_bits(&g);
    row->published_bits = -1;
    if (g.tbs == baws_wpt_published.tbs &&
        g.max_warps == baws_wpt_published.max_warps)
        row->published_bits = (long)baws_wpt_published.bits;
}

/* The issue scheduler: one per warp scheduler (BAWS 2.2, 4.1). */
static void describe_scheduler(const struct simt_config *cfg,
                               struct area_row *row)
{
    struct sched_geom g;

    sched_geometry(cfg, &g);
    row->name = "Issue scheduler";
    row->module = "simtref_scheduler";
    row->source = "BAWS 4.1";
    row->per_scheduler = 1;
    snprintf(row->organisation, sizeof row->organisation,
             "%s over %u warps of %u TBs", config_sched_name(g.policy),
             g.warps, g.tbs);
    row->bits = sched_state_bits(&g);
    row->published_bits = -1;
}

/* The SBR re-convergence stacks: one array per warp scheduler (HARP 2.1),
 * the baseline HARP's tables replace. */
static void describe_sbr_stack(const struct simt_config *cfg,
                               struct area_row *row)
{
    struct sbr_geom g;

    sbr_geometry(cfg, &g);
    row->name = "SBR stacks";
    row->module = "simtref_sbr_stack";
    row->source = "HARP 2.1";
    row->per_scheduler = 1;
    snprintf(row->organisation, sizeof row->organisation,
             "%u warps x %u entries of %u bits", g.warps, g.depth,
             2 * g.pc_w + g.lanes);
    row->bits = sbr_state_bits(&g);
    row->published_bits = -1;
}

/* The I-buffer and its fetch policy: one per warp scheduler (BAWS 2.2). */
static void describe_fetch(const struct simt_config *cfg,
                           struct area_row *row)
{
    struct fetch_geom g;

    fetch_geometry(cfg, &g);
    row->name = "I-buffer and fetch";
    row->module = "simtref_fetch";
    row->source = "BAWS 2.2, 4.2";
    row->per_scheduler = 1;
    snprintf(row->organisation, sizeof row->organisation,
             "%s over %u warps of %u slots", config_fetch_name(g.policy),
             g.warps, g.slots);
    row->bits = fetch_state_bits(&g);
    row->published_bits = -1;
}

/* A HARP lookup table: one of each per warp scheduler (HARP 4.2.1). */
static void describe_lookup(const struct simt_config *cfg,
                            enum lookup_kind kind, struct area_row *row)
{
    struct lookup_geom g;

    lookup_geometry(cfg, kind, &g);
    row->name = kind == LOOKUP_READY ? "Ready-Lookup" : "Waiting-Lookup";
    row->module = kind == LOOKUP_READY ? "simtref_ready_lookup"
                                       : "simtref_waiting_lookup";
    row->source = "HARP 4.2.1";
    row->per_scheduler = 1;
    snprintf(row->organisation, sizeof row->organisation,
             "%u warps of %u lanes, fully associative", g.entries, g.lanes);
    row->bits = lookup_state_bits(&g);
    row->published_bits = -1;
    row->in_table7 = 1;
}

static void describe_ready_lookup(const struct simt_config *cfg,
                                  struct area_row *row)
{
    describe_lookup(cfg, LOOKUP_READY, row);
}

static void describe_waiting_lookup(const struct simt_config *cfg,
                                    struct area_row *row)
{
    describe_lookup(cfg, LOOKUP_WAITING, row);
}

/* The Re-convergence Barriers table: one per warp scheduler (HARP 4.2.2). */
static void describe_rbt(const struct simt_config *cfg, struct area_row *row)
{
    struct rbt_geom g;

    rbt_geometry(cfg, &g);
    row->name = "RBT";
    row->module = "simtref_rbt";
    row->source = "HARP 4.2.2";
    row->per_scheduler = 1;
    snprintf(row->organisation, sizeof row->organisation,
             "%u sets x %u ways of %u lanes, %s", g.sets, g.ways, g.lanes,
             g.org == RBT_BANKED ? "a bank per lane" : "one multi-ported bank");
    row->bits = rbt_state_bits(&g);
    row->published_bits = -1;
    row->in_table7 = 1;
}

/* First-Level and Second-Level: one pair per warp scheduler (HARP 4.2). */
static void describe_warp_tables(const struct simt_config *cfg,
                                 struct area_row *row)
{
    struct wt_geom g;

    wt_geometry(cfg, &g);
    row->name = "First- and Second-Level";
    row->module = "simtref_warp_tables";
    row->source = "HARP 4.2";
    row->per_scheduler = 1;
    snprintf(row->organisation, sizeof row->organisation,
             "%u + %u warps of %u lanes, Second-Level a FIFO array",
             g.fl, g.sl, g.lanes);
    row->bits = wt_state_bits(&g);
    row->published_bits = -1;
    row->in_table7 = 1;
}

static int always(const struct simt_config *cfg)
{
    (void)cfg;
    return 1;
}

static int with_harp(const struct simt_config *cfg)
{
    return cfg->reconvergence == RECONV_HARP;
}

/* The structures of the report, in the order of its rows. */
static const struct {
    int (*applies)(const struct simt_config *);
    void (*describe)(const struct simt_config *, struct area_row *);
} structures[] = {
    { always,    describe_wpt },
    { always,    describe_scheduler },
    { always,    describe_fetch },
    { always,    describe_sbr_stack },
    { with_harp, describe_rbt },
    { with_harp, describe_warp_tables },
    { with_harp, describe_ready_lookup },
    { with_harp, describe_waiting_lookup },
};

enum { MAX_HARP_ORGS = 8 };

/* The HARP tables as Table 7 organises them, from each model; returns n. */
static size_t harp_orgs(const struct simt_config *cfg,
                        struct harp_array_org orgs[MAX_HARP_ORGS])
{
    struct lookup_geom lg;
    struct rbt_geom rg;
    struct wt_geom wg;
    size_t n = 0;

    rbt_geometry(cfg, &rg);
    rbt_harp_org(&rg, &orgs[n], &orgs[n + 1]);
    n += 2;
    wt_geometry(cfg, &wg);
    wt_harp_org(&wg, &orgs[n++]);
    lookup_geometry(cfg, LOOKUP_READY, &lg);
    lookup_harp_org(&lg, &orgs[n++]);
    lookup_geometry(cfg, LOOKUP_WAITING, &lg);
    lookup_harp_org(&lg, &orgs[n++]);
    return n;
}

enum { MAX_ROWS = sizeof structures / sizeof structures[0] };

/* Synthesize one module; its flip-flops must be the model's state bits. */
static int synth_row(const char *dir, struct area_row *row,
                     char *err, size_t errlen)
{
    char vpath[1100], workdir[1100];

    snprintf(vpath, sizeof vpath, "%s/%s.v", dir, row->module);
    snprintf(workdir, sizeof workdir, "%s/%s", dir, row->module);
    if (mkdir(workdir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "%s: cannot make directory: %s", workdir,
                 strerror(errno));
        return -1;
    }
    if (synth_area(tool_path("YOSYS", SIMTREF_YOSYS_DEFAULT),
                   tool_path("SIMTREF_LIBERTY", SIMTREF_LIBERTY_DEFAULT),
                   vpath, row->module, workdir, &row->syn, err, errlen) != 0)
        return -1;
    if (row->syn.flops + row->syn.mem_bits != row->bits) {
        snprintf(err, errlen, "%s: the model has %lu state bits but Yosys "
                 "found %u flip-flops and %lu memory bits (see %s)",
                 row->name, row->bits, row->syn.flops, row->syn.mem_bits,
                 workdir);
        return -1;
    }
    return 0;
}

/* Arrays priced as one flip-flop per bit; their ports are not counted. */
static double array_um2(const struct synth_result *syn)
{
    return (double)syn->mem_bits * syn->dff_um2;
}

/* Mapped logic, flip-flops and arrays at 45 nm. */
static double row_um2(const struct area_row *row)
{
    return row->syn.total_um2 + array_um2(&row->syn);
}

static void print_bits(FILE *out, unsigned long bits)
{
    if (bits % 8 == 0)
        fprintf(out, "%lu (%lu byte%s)", bits, bits / 8, bits == 8 ? "" : "s");
    else
        fprintf(out, "%lu", bits);
}

/* How many copies of a row one SM holds. */
static unsigned copies_per_sm(const struct simt_config *cfg,
                              const struct area_row *row)
{
    return row->per_scheduler ? cfg->schedulers : 1;
}

static void print_report(const struct simt_config *cfg,
                         const struct area_row *rows, size_t nrows, FILE *out)
{
    double scale = synth_scale_to_node(cfg->tech_nm);
    double sm_um2 = 0, chip_mm2;
    unsigned long sm_bits = 0;
    size_t i;

    fprintf(out, "# simtref area report: %s\n\n", cfg->name);
    fprintf(out, "Logic synthesized by Yosys (ABC's fast mapping) onto the "
            "simtref45 cell library\n(NanGate FreePDK45 X1 cell areas, "
            "45 nm); ");
    fprintf(out, "areas scaled to %u nm by (%u/45)^2 = %.4f.\n",
            cfg->tech_nm, cfg->tech_nm, scale);
    fprintf(out, "Arrays the RTL writes as memories are kept whole and "
            "priced here at one flip-flop (DFF) per bit,\n"
            "without their read and write ports.\n\n");
    fprintf(out, "| structure | per | organisation | storage bits | "
            "published bits | cells | flip-flops | array bits | "
            "logic um^2 (45 nm) | flip-flop um^2 (45 nm) | "
            "array um^2 (45 nm) | area um^2 (%u nm) |\n", cfg->tech_nm);
    fprintf(out, "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (i = 0; i < nrows; i++) {
        const struct area_row *row = &rows[i];
        unsigned n = copies_per_sm(cfg, row);

        fprintf(out, "| %s (%s) | %s | %s | ", row->name, row->source,
                row->per_scheduler ? "scheduler" : "SM", row->organisation);
        print_bits(out, row->bits);
        fprintf(out, " | ");
        if (row->published_bits >= 0) {
            print_bits(out, (unsigned long)row->published_bits);
            fprintf(out, " published, %s; ratio %.2f", row->source,
                    (double)row->bits / (double)row->published_bits);
        } else if (row->in_table7) {
            fprintf(out, "HARP Table 7: see below");
        } else {
            fprintf(out, "none for this configuration");
        }
        fprintf(out, " | %u | %u | %lu | %.1f | %.1f | %.1f | %.1f |\n",
                row->syn.cells, row->syn.flops, row->syn.mem_bits,
                row->syn.logic_um2, row->syn.flop_um2, array_um2(&row->syn),
                row_um2(row) * scale);
        sm_bits += row->bits * n;
        sm_um2 += row_um2(row) * scale * n;
    }
    chip_mm2 = sm_um2 * cfg->sms / 1e6;
    fprintf(out, "\nPer SM (%u warp schedulers): %lu bits, %.1f um^2 "
            "(%u nm).\n", cfg->schedulers, sm_bits, sm_um2, cfg->tech_nm);
    fprintf(out, "Per chip (%u SMs): %lu bits, %.4f mm^2, %.5f%% of the "
            "%.0f mm^2 die (published die area).\n\n", cfg->sms,
            sm_bits * cfg->sms, chip_mm2, 100.0 * chip_mm2 / cfg->die_mm2,
            cfg->die_mm2);
    if (with_harp(cfg)) {
        struct harp_array_org orgs[MAX_HARP_ORGS];
        table7_print(orgs, harp_orgs(cfg, orgs), out);
    }
}

int area_report(const struct simt_config *cfg, const char *workdir,
                FILE *out, char *err, size_t errlen)
{
    char tmpdir[1024];
    const char *dir = workdir;
    struct area_row rows[MAX_ROWS];
    size_t nrows = 0, i;
    int rc = -1;

    memset(rows, 0, sizeof rows);
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

    for (i = 0; i < MAX_ROWS; i++)
        if (structures[i].applies(cfg))
            structures[i].describe(cfg, &rows[nrows++]);
    if (rtlgen_write(cfg, dir, DEFECT_NONE, err, errlen) == 0) {
        rc = 0;
        for (i = 0; i < nrows && rc == 0; i++)
            rc = synth_row(dir, &rows[i], err, errlen);
        if (rc == 0)
            print_report(cfg, rows, nrows, out);
    }
    if (!workdir)
        remove_tree(dir);
    return rc;
}
