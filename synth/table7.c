/*
 * table7.c -- HARP Table 7 as published, and its comparison; see table7.h.
 */
#include "table7.h"

#include <string.h>

/*
 * HARP Table 7, "Hardware overhead of HARP microarchitecture per SM in 40 nm
 * technology", one warp scheduler: 32-bit PC, 16 lanes, 6-bit thread ids
 * (10 bits for 1024 threads less the 4 lane bits).  Second-Level has no tag
 * array ("-" in the table).
 */
static const struct {
    struct harp_array_org org;
    double tag_mm2, data_mm2;
} published[] = {
    { { "RBT lanes",      16, 128,   8, 16,  6, 6 + 1 },           0.017, 0.058 },
    { { "RBT RPC",         1, 128,   8, 16,  1 + 32, 32 },         0.010, 0.010 },
    { { "Second-Level",    1, 512, 512,  1,  0, 32 + 16 * 6 + 2 }, 0.0,   0.024 },
    { { "Lookup Ready",    1,   8,   1,  8,  32 + 16 * 6, 32 + 16 * 6 }, 0.004, 0.018 },
    { { "Lookup Waiting",  1,   8,   1,  8,  32 + 16 * 6, 32 + 16 * 6 }, 0.004, 0.018 },
};

/* Table 7's totals and HARP section 8's chip figures. */
static const double published_per_scheduler_mm2 = 0.1622;
static const double published_per_sm_mm2 = 0.3244;
static const double published_16_sms_mm2 = 5.19;
static const double published_die_mm2 = 529.0;

unsigned long harp_org_bits(const struct harp_array_org *o)
{
    return (unsigned long)o->banks * o->entries * (o->tag_bits + o->row_bits);
}

const struct harp_array_org *table7_published(const char *name,
                                               double *tag_mm2,
                                               double *data_mm2)
{
    for (size_t i = 0; i < sizeof published / sizeof published[0]; i++) {
        if (strcmp(published[i].org.name, name) != 0)
            continue;
        if (tag_mm2)
            *tag_mm2 = published[i].tag_mm2;
        if (data_mm2)
            *data_mm2 = published[i].data_mm2;
        return &published[i].org;
    }
    return NULL;
}

int harp_org_equal(const struct harp_array_org *o,
                   const struct harp_array_org *p)
{
    return o->banks == p->banks && o->entries == p->entries &&
           o->sets == p->sets && o->ways == p->ways &&
           o->tag_bits == p->tag_bits && o->row_bits == p->row_bits;
}

static void print_tag(FILE *out, unsigned tag_bits)
{
    if (tag_bits)
        fprintf(out, "%u", tag_bits);
    else
        fprintf(out, "-");
}

void table7_print(const struct harp_array_org *orgs, size_t n, FILE *out)
{
    fprintf(out, "## HARP tables organised as HARP Table 7 sizes them "
            "(per warp scheduler)\n\n");
    fprintf(out, "Computed from the configuration with the formulas of Table "
            "7's columns; the published row is HARP Table 7 (CACTI 6.5, "
            "40 nm) for its Table 4 configuration.\n\n");
    fprintf(out, "| table | banks | entries | sets | ways | tag bits | row bits "
            "| storage bits | published organisation (HARP Table 7) "
            "| published bits | as published | published area tag + data mm^2 |\n");
    fprintf(out, "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---:|\n");
    for (size_t i = 0; i < n; i++) {
        const struct harp_array_org *o = &orgs[i];
        double tag_mm2 = 0, data_mm2 = 0;
        const struct harp_array_org *p =
            table7_published(o->name, &tag_mm2, &data_mm2);

        fprintf(out, "| %s | %u | %u | %u | %u | ", o->name, o->banks,
                o->entries, o->sets, o->ways);
        print_tag(out, o->tag_bits);
        fprintf(out, " | %u | %lu | ", o->row_bits, harp_org_bits(o));
        if (!p) {
            fprintf(out, "not in Table 7 | - | - | - |\n");
            continue;
        }
        fprintf(out, "%u banks, %u entries, %u sets, %u ways, tag ",
                p->banks, p->entries, p->sets, p->ways);
        print_tag(out, p->tag_bits);
        fprintf(out, ", row %u | %lu | %s | ", p->row_bits,
                harp_org_bits(p), harp_org_equal(o, p) ? "yes" : "no");
        if (p->tag_bits)
            fprintf(out, "%.3f + %.3f |\n", tag_mm2, data_mm2);
        else
            fprintf(out, "- + %.3f |\n", data_mm2);
    }
    fprintf(out, "\nPublished totals (HARP Table 7 and section 8): %.4f mm^2 "
            "per warp scheduler, %.4f mm^2 per SM, %.2f mm^2 for 16 SMs, "
            "about %.0f%% of the %.0f mm^2 GF100 die.\n\n",
            published_per_scheduler_mm2, published_per_sm_mm2,
            published_16_sms_mm2,
            100.0 * published_16_sms_mm2 / published_die_mm2,
            published_die_mm2);
}
