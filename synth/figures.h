/*
 * figures.h -- the figures of a report, kept once: (section, item,
 * quantity, value) in the order they were put, rendered as CSV and JSON
 * here and as Markdown by each report part, which reads its numbers back
 * from the store.
 *
 * A ratio computed / published is a figure like any other, computed once
 * by figs_ratio() where the part decides whether the two are comparable;
 * the renderers print what the store holds (NAN: none).
 */
#ifndef SIMTREF_FIGURES_H
#define SIMTREF_FIGURES_H

#include <stddef.h>
#include <stdio.h>
#include "config.h"

/* One figure: section, item, quantity, value (NAN: none). */
struct fig {
    char   section[16];     /* "table7", "rtl", ... */
    char   item[48];        /* the row: "RBT RPC", "per SM", ... */
    char   key[40];         /* the quantity: "area_mm2", ... */
    double value;
};

enum { FIGS_MAX = 512 };

struct figs {
    struct fig v[FIGS_MAX];     /* in the order put */
    size_t n;                   /* figures held */
};

/* Append a figure (the store is sized for the largest report; a figure
 * beyond FIGS_MAX is dropped). */
void figs_put(struct figs *f, const char *section, const char *item,
              const char *key, double value);

/* The value of a figure, or NAN when the store has none. */
double figs_get(const struct figs *f, const char *section, const char *item,
                const char *key);

/* computed / published, or NAN when the two are not comparable (another
 * configuration or node) or there is no published figure. */
double figs_ratio(double computed, double published, int comparable);

/* CSV: section,item,quantity,value; an empty value where there is none. */
void figs_write_csv(FILE *out, const struct figs *f);

/* JSON: { "configuration", "tech_nm", SECTION: { ITEM: { KEY: value } } } */
void figs_write_json(FILE *out, const struct simt_config *cfg,
                     const struct figs *f);

#endif /* SIMTREF_FIGURES_H */
