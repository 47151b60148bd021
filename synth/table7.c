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

/* Table 7's totals and HARP section 8's chip figures: 2 warp schedulers
 * per SM, 16 SMs, 40 nm, the 529 mm^2 GF100 die. */
static const struct table7_totals published_totals = {
    0.1622, 0.3244, 5.19, 529.0, 2, 16, 40
};

const struct table7_totals *table7_published_totals(void)
{
    return &published_totals;
}

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
