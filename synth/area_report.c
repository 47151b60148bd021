/*
 * area_report.c -- `simtref area`; see area_report.h.
 */
#define _XOPEN_SOURCE 700
#include "area_report.h"

#include <math.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arbiter.h"
#include "array_model.h"
#include "fetch.h"
#include "ics_first.h"
#include "lookup.h"
#include "rbt.h"
#include "rtlgen.h"
#include "sbr_stack.h"
#include "scheduler.h"
#include "synth_area.h"
#include "table7.h"
#include "warp_tables.h"
#include "wpt.h"

extern char **environ;

#ifndef SIMTREF_YOSYS_DEFAULT
#define SIMTREF_YOSYS_DEFAULT "yosys"
#endif
#ifndef SIMTREF_GNUPLOT_DEFAULT
#define SIMTREF_GNUPLOT_DEFAULT "gnuplot"
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
    enum { PER_SM, PER_SCHEDULER, PER_WARP } per;   /* one per SM, per
                                   warp scheduler, or per resident warp */
    char organisation[96];
    unsigned long bits;         /* the RTL's state bits, from the model */
    long published_bits;        /* -1: no published figure for this config */
    int in_table7;              /* its arrays are compared with HARP Table 7 */
    /* The registers it marks (* simtref_array *): their entries (rows)
     * and ports, for the array model. */
    unsigned array_entries;
    unsigned cam_search_ports, cam_write_ports;
    unsigned ram_read_ports, ram_write_ports;
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
    row->per = PER_SM;
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
    row->per = PER_SCHEDULER;
    snprintf(row->organisation, sizeof row->organisation,
             "%s over %u warps of %u TBs", config_sched_name(g.policy),
             g.warps, g.tbs);
    row->bits = sched_state_bits(&g);
    row->published_bits = -1;
}

/* The unified memory/PC arbiter: one per warp scheduler, for the warp it
 * issues (Collange 4). */
static void describe_arbiter(const struct simt_config *cfg,
                             struct area_row *row)
{
    struct arb_geom g;

    arb_geometry(cfg, &g);
    row->name = "Unified arbiter";
    row->module = "simtref_arbiter";
    row->source = "Collange 4";
    row->per = PER_SCHEDULER;
    snprintf(row->organisation, sizeof row->organisation,
             "min(SP:PC) or line over %u lanes, %u-level tree; common PC",
             g.lanes, g.levels);
    row->bits = arb_state_bits(&g);
    row->published_bits = -1;
}

/* The ICS-First warp PC arbiter with the descriptors of one warp: one per
 * resident warp, each warp's threads keeping their own descriptors
 * (multi-core SIMT 4.3). */
static void describe_ics_first(const struct simt_config *cfg,
                               struct area_row *row)
{
    struct ics_geom g;

    ics_geometry(cfg, &g);
    row->name = "ICS-First arbiter";
    row->module = "simtref_ics_first";
    row->source = "multi-core SIMT 4.3";
    row->per = PER_WARP;
    snprintf(row->organisation, sizeof row->organisation,
             "one warp: %u threads x (4 state + %u priority bits)",
             g.threads, g.levels);
    row->bits = ics_state_bits(&g);
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
    row->per = PER_SCHEDULER;
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
    row->per = PER_SCHEDULER;
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
    row->per = PER_SCHEDULER;
    snprintf(row->organisation, sizeof row->organisation,
             "%u warps of %u lanes, fully associative", g.entries, g.lanes);
    row->bits = lookup_state_bits(&g);
    row->published_bits = -1;
    row->in_table7 = 1;
    /* Every insert port searches the CAM (pc and lanes) and writes it; the
     * Ready-Lookup reads its head out, the Waiting-Lookup its finished
     * entry. */
    row->array_entries = g.entries;
    row->cam_search_ports = g.ports;
    row->cam_write_ports = g.ports;
    row->ram_read_ports = 1;
    row->ram_write_ports = g.ports;
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
    row->per = PER_SCHEDULER;
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
    row->per = PER_SCHEDULER;
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
    { always,    describe_arbiter },
    { always,    describe_ics_first },
    { always,    describe_fetch },
    { always,    describe_sbr_stack },
    { with_harp, describe_rbt },
    { with_harp, describe_warp_tables },
    { with_harp, describe_ready_lookup },
    { with_harp, describe_waiting_lookup },
};

enum { MAX_HARP_ORGS = 8, MAX_ROWS = sizeof structures / sizeof structures[0] };

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


/* ---------------------------------------------------------------------
 * The figures, kept once and written as Markdown, CSV and JSON
 * ------------------------------------------------------------------- */

/* One figure: section, item, quantity, value (NAN: none). */
struct fig {
    char   section[16];
    char   item[48];
    char   key[40];
    double value;
};

struct figs {
    struct fig v[512];
    size_t n;
};

static void put(struct figs *f, const char *section, const char *item,
                const char *key, double value)
{
    struct fig *x;

    if (f->n == sizeof f->v / sizeof f->v[0])
        return;                 /* cannot happen: the report is bounded */
    x = &f->v[f->n++];
    snprintf(x->section, sizeof x->section, "%s", section);
    snprintf(x->item, sizeof x->item, "%s", item);
    snprintf(x->key, sizeof x->key, "%s", key);
    x->value = value;
}

/* computed / published, or NAN when there is nothing to compare with. */
static double ratio(double computed, double published, int comparable)
{
    return comparable && published > 0 ? computed / published : NAN;
}


/* ---------------------------------------------------------------------
 * (a) HARP Table 7 priced by the array model
 * ------------------------------------------------------------------- */

struct t7_row {
    struct harp_array_org org;
    const struct harp_array_org *pub;   /* NULL: not in Table 7 */
    int same;                           /* organisation as published */
    double tag_mm2, data_mm2;           /* computed, at the node */
    double pub_tag_mm2, pub_data_mm2;
};

struct t7 {
    struct t7_row row[MAX_HARP_ORGS];
    size_t n;
    int comparable;     /* every row as published, at the published node */
    double per_scheduler_mm2, per_sm_mm2, chip_mm2, die_share;
};

static void price_org(const struct harp_array_org *o, unsigned tech_nm,
                      double *tag_mm2, double *data_mm2)
{
    struct array_spec tag, data;
    struct array_area a;
    int has_tag;

    array_harp_specs(o, &tag, &data, &has_tag);
    *tag_mm2 = 0;
    if (has_tag && array_area(&tag, tech_nm, &a) == 0)
        *tag_mm2 = a.total / 1e6;
    *data_mm2 = array_area(&data, tech_nm, &a) == 0 ? a.total / 1e6 : 0;
}

static void table7_compute(const struct simt_config *cfg, struct t7 *t)
{
    const struct table7_totals *pt = table7_published_totals();
    struct harp_array_org orgs[MAX_HARP_ORGS];
    size_t i;

    t->n = harp_orgs(cfg, orgs);
    t->comparable = cfg->tech_nm == pt->tech_nm;
    t->per_scheduler_mm2 = 0;
    for (i = 0; i < t->n; i++) {
        struct t7_row *r = &t->row[i];

        r->org = orgs[i];
        r->pub_tag_mm2 = r->pub_data_mm2 = 0;
        r->pub = table7_published(r->org.name, &r->pub_tag_mm2,
                                  &r->pub_data_mm2);
        r->same = r->pub && harp_org_equal(&r->org, r->pub);
        if (!r->same)
            t->comparable = 0;
        price_org(&r->org, cfg->tech_nm, &r->tag_mm2, &r->data_mm2);
        t->per_scheduler_mm2 += r->tag_mm2 + r->data_mm2;
    }
    t->per_sm_mm2 = t->per_scheduler_mm2 * cfg->schedulers;
    t->chip_mm2 = t->per_sm_mm2 * cfg->sms;
    t->die_share = t->chip_mm2 / cfg->die_mm2;
}

static void table7_figs(const struct simt_config *cfg, const struct t7 *t,
                        struct figs *f)
{
    const struct table7_totals *pt = table7_published_totals();
    int tot_ok = t->comparable && cfg->schedulers == pt->schedulers &&
                 cfg->sms == pt->sms;
    size_t i;

    for (i = 0; i < t->n; i++) {
        const struct t7_row *r = &t->row[i];
        const char *n = r->org.name;
        double total = r->tag_mm2 + r->data_mm2;
        double pub = r->pub_tag_mm2 + r->pub_data_mm2;
        int cmp = r->same && t->comparable;

        put(f, "table7", n, "banks", r->org.banks);
        put(f, "table7", n, "entries", r->org.entries);
        put(f, "table7", n, "sets", r->org.sets);
        put(f, "table7", n, "ways", r->org.ways);
        put(f, "table7", n, "tag_bits", r->org.tag_bits);
        put(f, "table7", n, "row_bits", r->org.row_bits);
        put(f, "table7", n, "storage_bits", (double)harp_org_bits(&r->org));
        put(f, "table7", n, "published_bits",
            r->pub ? (double)harp_org_bits(r->pub) : NAN);
        put(f, "table7", n, "tag_mm2", r->org.tag_bits ? r->tag_mm2 : NAN);
        put(f, "table7", n, "data_mm2", r->data_mm2);
        put(f, "table7", n, "area_mm2", total);
        put(f, "table7", n, "published_tag_mm2",
            r->pub && r->pub->tag_bits ? r->pub_tag_mm2 : NAN);
        put(f, "table7", n, "published_data_mm2",
            r->pub ? r->pub_data_mm2 : NAN);
        put(f, "table7", n, "published_area_mm2", r->pub ? pub : NAN);
        put(f, "table7", n, "ratio", ratio(total, pub, cmp));
    }
    put(f, "table7_total", "per warp scheduler", "area_mm2",
        t->per_scheduler_mm2);
    put(f, "table7_total", "per warp scheduler", "published_mm2",
        pt->per_scheduler_mm2);
    put(f, "table7_total", "per warp scheduler", "ratio",
        ratio(t->per_scheduler_mm2, pt->per_scheduler_mm2, t->comparable));
    put(f, "table7_total", "per SM", "area_mm2", t->per_sm_mm2);
    put(f, "table7_total", "per SM", "published_mm2", pt->per_sm_mm2);
    put(f, "table7_total", "per SM", "ratio",
        ratio(t->per_sm_mm2, pt->per_sm_mm2,
              t->comparable && cfg->schedulers == pt->schedulers));
    put(f, "table7_total", "chip", "area_mm2", t->chip_mm2);
    put(f, "table7_total", "chip", "published_mm2", pt->chip_mm2);
    put(f, "table7_total", "chip", "ratio",
        ratio(t->chip_mm2, pt->chip_mm2, tot_ok));
    put(f, "table7_total", "die share", "percent", 100.0 * t->die_share);
    put(f, "table7_total", "die share", "published_percent",
        100.0 * pt->chip_mm2 / pt->die_mm2);
    put(f, "table7_total", "die share", "ratio",
        ratio(t->die_share, pt->chip_mm2 / pt->die_mm2,
              tot_ok && cfg->die_mm2 == pt->die_mm2));
}

static void print_mm2(FILE *out, double v)
{
    if (isnan(v))
        fprintf(out, "-");
    else
        fprintf(out, "%.4f", v);
}

static void print_ratio(FILE *out, double v)
{
    if (isnan(v))
        fprintf(out, "- (other configuration)");
    else
        fprintf(out, "%.2f", v);
}

static void table7_markdown(const struct simt_config *cfg, const struct t7 *t,
                            FILE *out)
{
    const struct table7_totals *pt = table7_published_totals();
    int tot_ok = t->comparable && cfg->schedulers == pt->schedulers &&
                 cfg->sms == pt->sms;
    size_t i;

    fprintf(out, "## (a) HARP Table 7 rows priced by the array model "
            "(per warp scheduler, %u nm)\n\n", cfg->tech_nm);
    fprintf(out, "Organisation computed from the configuration by each "
            "model with the formulas of Table 7's columns; tag and data "
            "arrays priced by the array model of docs/area-model.md "
            "(one read-write port each). Table 7 covers arrays only. "
            "Published: HARP Table 7, CACTI 6.5, 40 nm; ratio = computed / "
            "published, given only where the organisation and the node are "
            "the published ones.\n\n");
    fprintf(out, "| table | banks | entries | sets | ways | tag bits | "
            "row bits | storage bits | published bits | tag mm^2 | "
            "data mm^2 | area mm^2 | published tag + data mm^2 (HARP Table "
            "7, CACTI 6.5, 40 nm) | published area mm^2 | ratio |\n");
    fprintf(out, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
            "---:|---:|---:|---:|\n");
    for (i = 0; i < t->n; i++) {
        const struct t7_row *r = &t->row[i];
        double total = r->tag_mm2 + r->data_mm2;
        double pub = r->pub_tag_mm2 + r->pub_data_mm2;

        fprintf(out, "| %s | %u | %u | %u | %u | ", r->org.name, r->org.banks,
                r->org.entries, r->org.sets, r->org.ways);
        if (r->org.tag_bits)
            fprintf(out, "%u", r->org.tag_bits);
        else
            fprintf(out, "-");
        fprintf(out, " | %u | %lu | ", r->org.row_bits,
                harp_org_bits(&r->org));
        if (r->pub)
            fprintf(out, "%lu%s", harp_org_bits(r->pub),
                    r->same ? "" : " (other organisation)");
        else
            fprintf(out, "not in Table 7");
        fprintf(out, " | ");
        print_mm2(out, r->org.tag_bits ? r->tag_mm2 : NAN);
        fprintf(out, " | ");
        print_mm2(out, r->data_mm2);
        fprintf(out, " | ");
        print_mm2(out, total);
        fprintf(out, " | ");
        if (!r->pub)
            fprintf(out, "- | - | - |\n");
        else {
            if (r->pub->tag_bits)
                fprintf(out, "%.3f + %.3f", r->pub_tag_mm2, r->pub_data_mm2);
            else
                fprintf(out, "- + %.3f", r->pub_data_mm2);
            fprintf(out, " | %.3f | ", pub);
            print_ratio(out, ratio(total, pub, r->same && t->comparable));
            fprintf(out, " |\n");
        }
    }
    fprintf(out, "\n| total | computed | published (HARP Table 7, CACTI 6.5, "
            "40 nm; HARP section 8) | ratio |\n|---|---:|---:|---:|\n");
    fprintf(out, "| per warp scheduler | %.4f mm^2 | %.4f mm^2 | ",
            t->per_scheduler_mm2, pt->per_scheduler_mm2);
    print_ratio(out, ratio(t->per_scheduler_mm2, pt->per_scheduler_mm2,
                           t->comparable));
    fprintf(out, " |\n| per SM (%u warp schedulers) | %.4f mm^2 | %.4f mm^2 "
            "(%u schedulers) | ", cfg->schedulers, t->per_sm_mm2,
            pt->per_sm_mm2, pt->schedulers);
    print_ratio(out, ratio(t->per_sm_mm2, pt->per_sm_mm2,
                           t->comparable && cfg->schedulers == pt->schedulers));
    fprintf(out, " |\n| %u SM%s | %.3f mm^2 | %.2f mm^2 (%u SMs) | ",
            cfg->sms, cfg->sms == 1 ? "" : "s", t->chip_mm2, pt->chip_mm2,
            pt->sms);
    print_ratio(out, ratio(t->chip_mm2, pt->chip_mm2, tot_ok));
    fprintf(out, " |\n| share of the %.0f mm^2 die | %.2f%% | %.2f%% "
            "(\"about 1%%\" of %.0f mm^2) | ", cfg->die_mm2,
            100.0 * t->die_share, 100.0 * pt->chip_mm2 / pt->die_mm2,
            pt->die_mm2);
    print_ratio(out, ratio(t->die_share, pt->chip_mm2 / pt->die_mm2,
                           tot_ok && cfg->die_mm2 == pt->die_mm2));
    fprintf(out, " |\n\nWhy each ratio is what it is (the model keeps "
            "Table 7's bits, without ECC, and prices the circuits and their "
            "wires; CACTI 7.0 refuses the RBT's 8-set, 16-way organisation, so "
            "those published rows cannot be rederived): docs/area-model.md, "
            "\"How the model compares with HARP Table 7\".\n\n");
}


/* ---------------------------------------------------------------------
 * (b) The generated RTL
 * ------------------------------------------------------------------- */

/* Where one row is synthesized: DIR/MODULE.v, in DIR/MODULE/. */
struct row_paths {
    char vpath[1100];           /* the module's Verilog */
    char workdir[1100];         /* its synthesis directory */
};

/*
 * Synthesize the rows' modules (in parallel, through the cache, as req
 * asks); each row's flip-flops must be the model's state bits.
 */
static int synth_rows(const char *dir, const struct area_request *req,
                      struct area_row *rows, size_t nrows,
                      char *err, size_t errlen)
{
    struct synth_flow flow = {
        tool_path("YOSYS", SIMTREF_YOSYS_DEFAULT),
        tool_path("SIMTREF_LIBERTY", SIMTREF_LIBERTY_DEFAULT),
        req->cache_dir, req->jobs ? req->jobs : 1, req->progress
    };
    struct synth_job *job = calloc(nrows, sizeof *job);
    struct row_paths *path = calloc(nrows, sizeof *path);
    int rc = -1;

    if (job == NULL || path == NULL) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < nrows; i++) {
        snprintf(path[i].vpath, sizeof path[i].vpath, "%s/%s.v", dir,
                 rows[i].module);
        snprintf(path[i].workdir, sizeof path[i].workdir, "%s/%s", dir,
                 rows[i].module);
        if (mkdir(path[i].workdir, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "%s: cannot make directory: %s",
                     path[i].workdir, strerror(errno));
            goto done;
        }
        job[i].verilog_path = path[i].vpath;
        job[i].top = rows[i].module;
        job[i].workdir = path[i].workdir;
    }
    if (synth_area_batch(&flow, job, nrows, err, errlen) != 0)
        goto done;
    for (size_t i = 0; i < nrows; i++) {
        struct area_row *row = &rows[i];
        row->syn = job[i].res;
        /* Without its table view a module may lose state that only the
         * view made observable; it may never gain any. */
        if (row->syn.show_table_off
                ? row->syn.flops + row->syn.mem_bits > row->bits
                : row->syn.flops + row->syn.mem_bits != row->bits) {
            snprintf(err, errlen, "%s: the model has %lu state bits but "
                     "Yosys found %u flip-flops and %lu memory bits (see %s)",
                     row->name, row->bits, row->syn.flops, row->syn.mem_bits,
                     path[i].workdir);
            goto done;
        }
    }
    rc = 0;
done:
    free(job);
    free(path);
    return rc;
}

/* The RTL's arrays priced: at the node, um^2. */
struct rtl_price {
    double mapped;          /* Yosys's cells */
    double memories;        /* Verilog memories by the SRAM model, or as
                               flip-flops where those cost less */
    unsigned long cam_bits, ram_bits;   /* marked registers */
    double marked;          /* marked registers by the CAM / SRAM model */
    double marked_flops;    /* the flip-flops they replace */
    double area;            /* mapped - marked_flops + memories + marked */
    double all_flop;        /* upper bound: every array bit a flip-flop */
};

/*
 * A memory as flip-flops: per bit a DFF and a MUX2 that holds or loads it;
 * per read port a MUX2 tree of size - 1 per output bit; per write port an
 * AND2 per word that enables it.  45 nm um^2.
 */
static double memory_as_flops_um2(const struct synth_memory *m, double dff)
{
    const struct array_constants *k = array_model_constants();
    double bits = (double)m->width * m->size;

    return bits * (dff + k->mux2_um2) +
           (double)m->rd_ports * m->width * (m->size - 1) * k->mux2_um2 +
           (double)m->wr_ports * m->size * k->and2_um2;
}

/*
 * A Verilog memory at the node: the SRAM model's area, or the flip-flop
 * array's when that is smaller (a memory of many ports, which a designer
 * would build as a register file, not as an SRAM macro).  *as_flops says
 * which; *sram and *flops give both.
 */
static double price_memory(const struct simt_config *cfg,
                           const struct area_row *r,
                           const struct synth_memory *m, int *as_flops,
                           double *sram, double *flops)
{
    struct array_spec spec;
    struct array_area a;

    array_sram_spec(m->size, m->width, 1, m->rd_ports, m->wr_ports, 0, &spec);
    *sram = array_area(&spec, cfg->tech_nm, &a) == 0 ? a.total : INFINITY;
    *flops = memory_as_flops_um2(m, r->syn.dff_um2) *
             synth_scale_to_node(cfg->tech_nm);
    *as_flops = *flops < *sram;
    return *as_flops ? *flops : *sram;
}

static void price_rtl(const struct simt_config *cfg, const struct area_row *r,
                      struct rtl_price *p)
{
    double scale = synth_scale_to_node(cfg->tech_nm), extra = 0;
    struct array_spec spec;
    struct array_area a;
    unsigned i;

    memset(p, 0, sizeof *p);
    p->mapped = r->syn.total_um2 * scale;
    for (i = 0; i < r->syn.nmemories; i++) {
        const struct synth_memory *m = &r->syn.mem[i];
        double sram, flops;
        int as_flops;

        p->memories += price_memory(cfg, r, m, &as_flops, &sram, &flops);
        extra += memory_as_flops_um2(m, r->syn.dff_um2);
    }
    for (i = 0; i < r->syn.narrays; i++) {
        const struct synth_array *m = &r->syn.array[i];
        unsigned rows = r->array_entries ? r->array_entries : 1;

        if (m->cam) {
            p->cam_bits += m->bits;
            spec.banks = 1;
            spec.rows = rows;
            spec.cols = (unsigned)(m->bits / rows);
            spec.sensed = 0;
            spec.rd_ports = r->cam_search_ports;
            spec.wr_ports = r->cam_write_ports;
            spec.rw_ports = 0;
            spec.cam = 1;
            spec.tag_ways = spec.tag_bits = spec.way_mux = 0;
            spec.cam_pitch = 0;
            spec.shared_cols = 0;
        } else {
            p->ram_bits += m->bits;
            array_sram_spec(rows, (unsigned)(m->bits / rows), 1,
                            r->ram_read_ports, r->ram_write_ports, 0, &spec);
        }
        if (array_area(&spec, cfg->tech_nm, &a) == 0)
            p->marked += a.total;
    }
    p->marked_flops = (double)(p->cam_bits + p->ram_bits) * r->syn.dff_um2 *
                      scale;
    p->area = p->mapped - p->marked_flops + p->memories + p->marked;
    p->all_flop = p->mapped + extra * scale;
}

static unsigned copies_per_sm(const struct simt_config *cfg,
                              const struct area_row *row)
{
    struct sched_geom g;

    switch (row->per) {
    case PER_SCHEDULER:
        return cfg->schedulers;
    case PER_WARP:
        sched_geometry(cfg, &g);
        return cfg->schedulers * g.warps;
    default:
        return 1;
    }
}

static const char *per_name(const struct area_row *row)
{
    return row->per == PER_WARP ? "warp" :
           row->per == PER_SCHEDULER ? "scheduler" : "SM";
}

static void print_bits(FILE *out, unsigned long bits)
{
    if (bits % 8 == 0)
        fprintf(out, "%lu (%lu byte%s)", bits, bits / 8, bits == 8 ? "" : "s");
    else
        fprintf(out, "%lu", bits);
}


/* The memories priced as flip-flops, each with both prices. */
static void print_flop_memories(const struct simt_config *cfg,
                                const struct area_row *rows, size_t nrows,
                                FILE *out)
{
    size_t i;
    unsigned k, n = 0;

    for (i = 0; i < nrows; i++)
        for (k = 0; k < rows[i].syn.nmemories; k++) {
            const struct synth_memory *m = &rows[i].syn.mem[k];
            double sram, flops;
            int as_flops;

            price_memory(cfg, &rows[i], m, &as_flops, &sram, &flops);
            if (!as_flops)
                continue;
            if (n++ == 0)
                fprintf(out, "\nMemories priced as flip-flops, which cost "
                        "less than an SRAM of their ports (%u nm):\n\n",
                        cfg->tech_nm);
            fprintf(out, "* %s: `%s`, %u words x %u bits, %u read and %u "
                    "write ports: %.1f um^2 as flip-flops, %.1f um^2 as an "
                    "SRAM by the model.\n", rows[i].name, m->name, m->size,
                    m->width, m->rd_ports, m->wr_ports, flops, sram);
        }
}

static void rtl_report(const struct simt_config *cfg,
                       const struct area_row *rows, size_t nrows,
                       struct figs *f, FILE *out)
{
    double scale = synth_scale_to_node(cfg->tech_nm);
    double sm_area = 0, sm_all = 0;
    unsigned long sm_bits = 0;
    size_t i;

    fprintf(out, "## (b) The generated RTL, synthesized\n\n");
    fprintf(out, "Logic synthesized by Yosys (ABC's fast mapping) onto the "
            "simtref45 cell library (NanGate FreePDK45 X1 cell areas, "
            "45 nm); areas at %u nm are the 45 nm figures times "
            "(%u/45)^2 = %.4f. Modules with a SHOW_TABLE parameter are "
            "synthesized with SHOW_TABLE = 0 (the whole-table view outputs, "
            "kept for verification, tied to zero). Arrays: Verilog memories "
            "(kept whole by the flow) are priced by the SRAM model from "
            "their width, depth and ports, or as flip-flops where that "
            "costs less (listed below the table); registers the RTL marks "
            "(* simtref_array = \"cam\" | \"ram\" *) are priced by the CAM "
            "or SRAM model in place of their flip-flops, their search and "
            "merge logic kept as synthesized. The all-flip-flop upper bound "
            "prices every memory bit as a DFF with a load MUX2, plus a MUX2 "
            "read tree per read port and a word-enable AND2 per word and "
            "write port.\n\n", cfg->tech_nm, cfg->tech_nm, scale);
    fprintf(out, "| structure | per | organisation | storage bits | "
            "published bits | cells | flip-flops | logic um^2 (45 nm) | "
            "flip-flop um^2 (45 nm) | memory bits | marked CAM + RAM bits | "
            "arrays by the model um^2 (%u nm) | area um^2 (%u nm) | "
            "all-flip-flop upper bound um^2 (%u nm) |\n",
            cfg->tech_nm, cfg->tech_nm, cfg->tech_nm);
    fprintf(out, "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
            "---:|---:|\n");
    for (i = 0; i < nrows; i++) {
        const struct area_row *r = &rows[i];
        unsigned n = copies_per_sm(cfg, r);
        struct rtl_price p;

        price_rtl(cfg, r, &p);
        fprintf(out, "| %s (%s) | %s | %s | ", r->name, r->source,
                per_name(r), r->organisation);
        print_bits(out, r->bits);
        fprintf(out, " | ");
        if (r->published_bits >= 0) {
            print_bits(out, (unsigned long)r->published_bits);
            fprintf(out, " published, %s; ratio %.2f", r->source,
                    (double)r->bits / (double)r->published_bits);
        } else if (r->in_table7) {
            fprintf(out, "HARP Table 7: see (a)");
        } else {
            fprintf(out, "none for this configuration");
        }
        fprintf(out, " | %u | %u%s | %.1f | %.1f | %lu | %lu + %lu | %.1f | "
                "%.1f | %.1f |\n", r->syn.cells, r->syn.flops,
                r->syn.flops + r->syn.mem_bits < r->bits
                    ? " (fewer: state seen only by the table view)" : "",
                r->syn.logic_um2, r->syn.flop_um2, r->syn.mem_bits,
                p.cam_bits, p.ram_bits, p.memories + p.marked, p.area,
                p.all_flop);
        put(f, "rtl", r->name, "copies_per_sm", n);
        put(f, "rtl", r->name, "storage_bits", (double)r->bits);
        put(f, "rtl", r->name, "published_bits",
            r->published_bits >= 0 ? (double)r->published_bits : NAN);
        put(f, "rtl", r->name, "cells", r->syn.cells);
        put(f, "rtl", r->name, "flip_flops", r->syn.flops);
        put(f, "rtl", r->name, "logic_um2_45nm", r->syn.logic_um2);
        put(f, "rtl", r->name, "flip_flop_um2_45nm", r->syn.flop_um2);
        put(f, "rtl", r->name, "memory_bits", (double)r->syn.mem_bits);
        put(f, "rtl", r->name, "marked_cam_bits", (double)p.cam_bits);
        put(f, "rtl", r->name, "marked_ram_bits", (double)p.ram_bits);
        put(f, "rtl", r->name, "arrays_um2", p.memories + p.marked);
        put(f, "rtl", r->name, "area_um2", p.area);
        put(f, "rtl", r->name, "all_flip_flop_um2", p.all_flop);
        sm_bits += r->bits * n;
        sm_area += p.area * n;
        sm_all += p.all_flop * n;
    }
    print_flop_memories(cfg, rows, nrows, out);
    fprintf(out, "\nPer SM (%u warp schedulers): %lu bits, %.1f um^2 with "
            "the arrays priced by the model, %.1f um^2 all flip-flops "
            "(%u nm).\n", cfg->schedulers, sm_bits, sm_area, sm_all,
            cfg->tech_nm);
    fprintf(out, "Per chip (%u SMs): %.4f mm^2 (%.4f%% of the %.0f mm^2 "
            "die, published die area), all flip-flops %.4f mm^2 "
            "(%.4f%%).\n\n", cfg->sms, sm_area * cfg->sms / 1e6,
            100.0 * sm_area * cfg->sms / 1e6 / cfg->die_mm2, cfg->die_mm2,
            sm_all * cfg->sms / 1e6,
            100.0 * sm_all * cfg->sms / 1e6 / cfg->die_mm2);
    put(f, "rtl_total", "per SM", "storage_bits", (double)sm_bits);
    put(f, "rtl_total", "per SM", "area_um2", sm_area);
    put(f, "rtl_total", "per SM", "all_flip_flop_um2", sm_all);
    put(f, "rtl_total", "chip", "area_mm2", sm_area * cfg->sms / 1e6);
    put(f, "rtl_total", "chip", "all_flip_flop_mm2", sm_all * cfg->sms / 1e6);
}


/* ---------------------------------------------------------------------
 * Files written whole or not at all
 * ------------------------------------------------------------------- */

/* A file being written: the temporary beside its final path. */
struct out_file {
    const char *path;
    char tmp[1100];
    FILE *f;
};

static int out_open(struct out_file *o, const char *path, char *err,
                    size_t errlen)
{
    int fd;

    o->path = path;
    o->f = NULL;
    if (!path)
        return 0;
    if (snprintf(o->tmp, sizeof o->tmp, "%s.tmp-XXXXXX", path) >=
        (int)sizeof o->tmp) {
        snprintf(err, errlen, "%s: path too long", path);
        return -1;
    }
    fd = mkstemp(o->tmp);
    if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        return -1;
    }
    return 0;
}

static void out_discard(struct out_file *o)
{
    if (o->f) {
        fclose(o->f);
        unlink(o->tmp);
        o->f = NULL;
    }
}

static int out_commit(struct out_file *o, char *err, size_t errlen)
{
    int bad;

    if (!o->f)
        return 0;
    bad = ferror(o->f);
    if (fclose(o->f) != 0 || bad) {
        o->f = NULL;
        unlink(o->tmp);
        snprintf(err, errlen, "%s: error writing", o->path);
        return -1;
    }
    o->f = NULL;
    if (chmod(o->tmp, 0644) != 0 || rename(o->tmp, o->path) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", o->path,
                 strerror(errno));
        unlink(o->tmp);
        return -1;
    }
    return 0;
}

static void write_value(FILE *f, double v, const char *none)
{
    if (isnan(v))
        fputs(none, f);
    else if (v == floor(v) && fabs(v) < 1e15)
        fprintf(f, "%.0f", v);
    else
        fprintf(f, "%.6g", v);
}

/* CSV: section,item,quantity,value; an empty value where there is none. */
static void write_csv(FILE *f, const struct figs *g)
{
    fprintf(f, "section,item,quantity,value\n");
    for (size_t i = 0; i < g->n; i++) {
        fprintf(f, "%s,%s,%s,", g->v[i].section, g->v[i].item, g->v[i].key);
        write_value(f, g->v[i].value, "");
        fputc('\n', f);
    }
}

/* JSON: { "configuration", "tech_nm", SECTION: { ITEM: { KEY: value } } } */
static void write_json(FILE *f, const struct simt_config *cfg,
                       const struct figs *g)
{
    size_t i;

    fprintf(f, "{\n  \"configuration\": \"%s\",\n  \"tech_nm\": %u", cfg->name,
            cfg->tech_nm);
    for (i = 0; i < g->n; i++) {
        const struct fig *x = &g->v[i];
        int new_section = i == 0 || strcmp(x->section, g->v[i - 1].section);
        int new_item = new_section || strcmp(x->item, g->v[i - 1].item);

        if (new_section) {
            if (i > 0)
                fprintf(f, "\n    }\n  }");
            fprintf(f, ",\n  \"%s\": {\n    \"%s\": {\n", x->section, x->item);
        } else if (new_item) {
            fprintf(f, "\n    },\n    \"%s\": {\n", x->item);
        } else {
            fprintf(f, ",\n");
        }
        fprintf(f, "      \"%s\": ", x->key);
        write_value(f, x->value, "null");
    }
    if (g->n)
        fprintf(f, "\n    }\n  }");
    fprintf(f, "\n}\n");
}


/* ---------------------------------------------------------------------
 * The report
 * ------------------------------------------------------------------- */

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

int area_report(const struct simt_config *cfg, const struct area_request *req,
                FILE *out, char *err, size_t errlen)
{
    char tmpdir[1024];
    const char *dir = req->workdir;
    static struct area_row rows[MAX_ROWS];
    static struct figs figs;
    struct out_file csv, json;
    struct t7 t7;
    size_t nrows = 0, i;
    int rc = -1;

    memset(rows, 0, sizeof rows);
    figs.n = 0;
    /* Open the output files first: a bad path fails before synthesis. */
    if (out_open(&csv, req->csv_path, err, errlen) != 0)
        return -1;
    if (out_open(&json, req->json_path, err, errlen) != 0) {
        out_discard(&csv);
        return -1;
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

    for (i = 0; i < MAX_ROWS; i++)
        if (structures[i].applies(cfg))
            structures[i].describe(cfg, &rows[nrows++]);
    if (rtlgen_write(cfg, dir, DEFECT_NONE, err, errlen) != 0)
        goto done;
    if (synth_rows(dir, req, rows, nrows, err, errlen) != 0)
        goto done;

    print_header(cfg, out);
    if (with_harp(cfg)) {
        table7_compute(cfg, &t7);
        table7_markdown(cfg, &t7, out);
        table7_figs(cfg, &t7, &figs);
    }
    rtl_report(cfg, rows, nrows, &figs, out);
    if (csv.f)
        write_csv(csv.f, &figs);
    if (json.f)
        write_json(json.f, cfg, &figs);
    rc = out_commit(&csv, err, errlen);
    if (rc == 0)
        rc = out_commit(&json, err, errlen);
done:
    out_discard(&csv);
    out_discard(&json);
    if (dir && !req->workdir)
        remove_tree(dir);
    return rc;
}


/* ---------------------------------------------------------------------
 * Sweeps
 * ------------------------------------------------------------------- */

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

/* Run gnuplot on `script`; 0 when it succeeds. */
static int run_gnuplot(const char *script, char *err, size_t errlen)
{
    const char *prog = tool_path("GNUPLOT", SIMTREF_GNUPLOT_DEFAULT);
    char *argv[3];
    pid_t pid;
    int status, rc;

    argv[0] = (char *)prog;
    argv[1] = (char *)script;
    argv[2] = NULL;
    rc = strchr(prog, '/') ? posix_spawn(&pid, prog, NULL, NULL, argv, environ)
                           : posix_spawnp(&pid, prog, NULL, NULL, argv, environ);
    if (rc != 0) {
        snprintf(err, errlen, "cannot run %s: %s", prog, strerror(rc));
        return -1;
    }
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        snprintf(err, errlen, "%s failed on %s", prog, script);
        return -1;
    }
    return 0;
}

/* Plot one sweep into outdir/area-sweep-NAME.png, through a temporary. */
static int plot_sweep(const struct sweep *w, const struct t7 *pts,
                      const char *outdir, unsigned tech_nm,
                      char *err, size_t errlen)
{
    char png[1100], tmp_png[1200], script[1200], data[1200];
    size_t i, s, ns = nseries(w);
    FILE *f;
    int rc;

    snprintf(png, sizeof png, "%s/area-sweep-%s.png", outdir, w->name);
    snprintf(tmp_png, sizeof tmp_png, "%s.tmp.png", png);
    snprintf(data, sizeof data, "%s/.area-sweep-%s.dat", outdir, w->name);
    snprintf(script, sizeof script, "%s/.area-sweep-%s.gp", outdir, w->name);
    if (!(f = fopen(data, "w"))) {
        snprintf(err, errlen, "%s: cannot write: %s", data, strerror(errno));
        return -1;
    }
    for (i = 0; i < w->npoints; i++) {
        fprintf(f, "%u", w->x[i]);
        for (s = 0; s < ns; s++)
            fprintf(f, " %.6f", series_mm2(&pts[i], w->series[s]));
        fputc('\n', f);
    }
    if (fclose(f) != 0 || !(f = fopen(script, "w"))) {
        snprintf(err, errlen, "%s: cannot write", script);
        unlink(data);
        return -1;
    }
    fprintf(f, "set terminal png size 800,500\nset output '%s'\n", tmp_png);
    fprintf(f, "set title 'simtref array model: %s, per warp scheduler, "
            "%u nm'\n", w->title, tech_nm);
    fprintf(f, "set xlabel '%s'\nset ylabel 'area (mm^2)'\n", w->x_label);
    fprintf(f, "set logscale x 2\nset key left top\nset grid\n");
    fprintf(f, "set xrange [%g:%g]\nset yrange [0:*]\n", w->x[0] / 1.25,
            w->x[w->npoints - 1] * 1.25);
    fprintf(f, "set xtics (");
    for (i = 0; i < w->npoints; i++)
        fprintf(f, "%s'%u' %u", i ? ", " : "", w->x[i], w->x[i]);
    fprintf(f, ")\nplot ");
    for (s = 0; s < ns; s++)
        fprintf(f, "%s'%s' using 1:%zu with linespoints lw 2 title '%s'",
                s ? ", " : "", data, s + 2,
                strcmp(w->series[s], "total") == 0 ? "all Table 7 rows"
                                                   : w->series[s]);
    fprintf(f, "\n");
    if (fclose(f) != 0) {
        snprintf(err, errlen, "%s: cannot write", script);
        unlink(data);
        unlink(script);
        return -1;
    }
    rc = run_gnuplot(script, err, errlen);
    unlink(data);
    unlink(script);
    if (rc == 0 && rename(tmp_png, png) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", png, strerror(errno));
        rc = -1;
    }
    if (rc != 0)
        unlink(tmp_png);
    return rc;
}

int area_sweep(const struct simt_config *cfg, const struct sweep_request *req,
               FILE *out, char *err, size_t errlen)
{
    struct stat st;

    if (!with_harp(cfg)) {
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
    return 0;
}
