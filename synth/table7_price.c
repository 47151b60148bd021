/*
 * table7_price.c -- part (a) of the area report; see table7_price.h.
 */
#include "table7_price.h"

#include <math.h>

#include "array_model.h"
#include "lookup_table.h"
#include "rbt.h"
#include "table7.h"
#include "warp_tables.h"

/* The HARP tables as Table 7 organises them, from each model; returns n. */
static size_t harp_orgs(const struct simt_config *cfg,
                        struct harp_array_org orgs[MAX_HARP_ORGS])
{
    struct lookup_geometry lg;
    struct rbt_geometry rg;
    struct warp_tables_geometry wg;
    size_t n = 0;

    rbt_geometry(cfg, &rg);
    rbt_harp_org(&rg, &orgs[n], &orgs[n + 1]);
    n += 2;
    warp_tables_geometry(cfg, &wg);
    warp_tables_harp_org(&wg, &orgs[n++]);
    lookup_table_geometry(cfg, LOOKUP_READY, &lg);
    lookup_table_harp_org(&lg, &orgs[n++]);
    lookup_table_geometry(cfg, LOOKUP_WAITING, &lg);
    lookup_table_harp_org(&lg, &orgs[n++]);
    return n;
}


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

void table7_compute(const struct simt_config *cfg, struct t7 *t)
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

void table7_figs(const struct simt_config *cfg, const struct t7 *t,
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

        figs_put(f, "table7", n, "banks", r->org.banks);
        figs_put(f, "table7", n, "entries", r->org.entries);
        figs_put(f, "table7", n, "sets", r->org.sets);
        figs_put(f, "table7", n, "ways", r->org.ways);
        figs_put(f, "table7", n, "tag_bits", r->org.tag_bits);
        figs_put(f, "table7", n, "row_bits", r->org.row_bits);
        figs_put(f, "table7", n, "storage_bits", (double)harp_org_bits(&r->org));
        figs_put(f, "table7", n, "published_bits",
            r->pub ? (double)harp_org_bits(r->pub) : NAN);
        figs_put(f, "table7", n, "tag_mm2", r->org.tag_bits ? r->tag_mm2 : NAN);
        figs_put(f, "table7", n, "data_mm2", r->data_mm2);
        figs_put(f, "table7", n, "area_mm2", total);
        figs_put(f, "table7", n, "published_tag_mm2",
            r->pub && r->pub->tag_bits ? r->pub_tag_mm2 : NAN);
        figs_put(f, "table7", n, "published_data_mm2",
            r->pub ? r->pub_data_mm2 : NAN);
        figs_put(f, "table7", n, "published_area_mm2", r->pub ? pub : NAN);
        figs_put(f, "table7", n, "ratio", figs_ratio(total, pub, cmp));
    }
    figs_put(f, "table7_total", "per warp scheduler", "area_mm2",
        t->per_scheduler_mm2);
    figs_put(f, "table7_total", "per warp scheduler", "published_mm2",
        pt->per_scheduler_mm2);
    figs_put(f, "table7_total", "per warp scheduler", "ratio",
        figs_ratio(t->per_scheduler_mm2, pt->per_scheduler_mm2, t->comparable));
    figs_put(f, "table7_total", "per SM", "area_mm2", t->per_sm_mm2);
    figs_put(f, "table7_total", "per SM", "published_mm2", pt->per_sm_mm2);
    figs_put(f, "table7_total", "per SM", "ratio",
        figs_ratio(t->per_sm_mm2, pt->per_sm_mm2,
              t->comparable && cfg->schedulers == pt->schedulers));
    figs_put(f, "table7_total", "chip", "area_mm2", t->chip_mm2);
    figs_put(f, "table7_total", "chip", "published_mm2", pt->chip_mm2);
    figs_put(f, "table7_total", "chip", "ratio",
        figs_ratio(t->chip_mm2, pt->chip_mm2, tot_ok));
    figs_put(f, "table7_total", "die share", "percent", 100.0 * t->die_share);
    figs_put(f, "table7_total", "die share", "published_percent",
        100.0 * pt->chip_mm2 / pt->die_mm2);
    figs_put(f, "table7_total", "die share", "ratio",
        figs_ratio(t->die_share, pt->chip_mm2 / pt->die_mm2,
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

void table7_markdown(const struct simt_config *cfg, const struct t7 *t,
                     const struct figs *f, FILE *out)
{
    const struct table7_totals *pt = table7_published_totals();
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
        const char *n = r->org.name;
        double tag_bits = figs_get(f, "table7", n, "tag_bits");
        double pub_tag = figs_get(f, "table7", n, "published_tag_mm2");

        fprintf(out, "| %s | %.0f | %.0f | %.0f | %.0f | ", n,
                figs_get(f, "table7", n, "banks"),
                figs_get(f, "table7", n, "entries"),
                figs_get(f, "table7", n, "sets"),
                figs_get(f, "table7", n, "ways"));
        if (tag_bits > 0)
            fprintf(out, "%.0f", tag_bits);
        else
            fprintf(out, "-");
        fprintf(out, " | %.0f | %.0f | ", figs_get(f, "table7", n, "row_bits"),
                figs_get(f, "table7", n, "storage_bits"));
        if (r->pub)
            fprintf(out, "%.0f%s", figs_get(f, "table7", n, "published_bits"),
                    r->same ? "" : " (other organisation)");
        else
            fprintf(out, "not in Table 7");
        fprintf(out, " | ");
        print_mm2(out, figs_get(f, "table7", n, "tag_mm2"));
        fprintf(out, " | ");
        print_mm2(out, figs_get(f, "table7", n, "data_mm2"));
        fprintf(out, " | ");
        print_mm2(out, figs_get(f, "table7", n, "area_mm2"));
        fprintf(out, " | ");
        if (!r->pub)
            fprintf(out, "- | - | - |\n");
        else {
            if (!isnan(pub_tag))
                fprintf(out, "%.3f + %.3f", pub_tag,
                        figs_get(f, "table7", n, "published_data_mm2"));
            else
                fprintf(out, "- + %.3f",
                        figs_get(f, "table7", n, "published_data_mm2"));
            fprintf(out, " | %.3f | ",
                    figs_get(f, "table7", n, "published_area_mm2"));
            print_ratio(out, figs_get(f, "table7", n, "ratio"));
            fprintf(out, " |\n");
        }
    }
    fprintf(out, "\n| total | computed | published (HARP Table 7, CACTI 6.5, "
            "40 nm; HARP section 8) | ratio |\n|---|---:|---:|---:|\n");
    fprintf(out, "| per warp scheduler | %.4f mm^2 | %.4f mm^2 | ",
            figs_get(f, "table7_total", "per warp scheduler", "area_mm2"),
            figs_get(f, "table7_total", "per warp scheduler", "published_mm2"));
    print_ratio(out, figs_get(f, "table7_total", "per warp scheduler",
                              "ratio"));
    fprintf(out, " |\n| per SM (%u warp schedulers) | %.4f mm^2 | %.4f mm^2 "
            "(%u schedulers) | ", cfg->schedulers,
            figs_get(f, "table7_total", "per SM", "area_mm2"),
            figs_get(f, "table7_total", "per SM", "published_mm2"),
            pt->schedulers);
    print_ratio(out, figs_get(f, "table7_total", "per SM", "ratio"));
    fprintf(out, " |\n| %u SM%s | %.3f mm^2 | %.2f mm^2 (%u SMs) | ",
            cfg->sms, cfg->sms == 1 ? "" : "s",
            figs_get(f, "table7_total", "chip", "area_mm2"),
            figs_get(f, "table7_total", "chip", "published_mm2"), pt->sms);
    print_ratio(out, figs_get(f, "table7_total", "chip", "ratio"));
    fprintf(out, " |\n| share of the %.0f mm^2 die | %.2f%% | %.2f%% "
            "(\"about 1%%\" of %.0f mm^2) | ", cfg->die_mm2,
            figs_get(f, "table7_total", "die share", "percent"),
            figs_get(f, "table7_total", "die share", "published_percent"),
            pt->die_mm2);
    print_ratio(out, figs_get(f, "table7_total", "die share", "ratio"));
    fprintf(out, " |\n\nWhy each ratio is what it is (the model keeps "
            "Table 7's bits, without ECC, and prices the circuits and their "
            "wires; CACTI 7.0 refuses the RBT's 8-set, 16-way organisation, so "
            "those published rows cannot be rederived): docs/area-model.md, "
            "\"How the model compares with HARP Table 7\".\n\n");
}
