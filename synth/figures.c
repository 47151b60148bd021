/*
 * figures.c -- the figure store and its CSV and JSON; see figures.h.
 */
#include "figures.h"

#include <math.h>
#include <string.h>

void figs_put(struct figs *f, const char *section, const char *item,
                const char *key, double value)
{
    struct fig *x;

    if (f->n == FIGS_MAX)
        return;                 /* cannot happen: the report is bounded */
    x = &f->v[f->n++];
    snprintf(x->section, sizeof x->section, "%s", section);
    snprintf(x->item, sizeof x->item, "%s", item);
    snprintf(x->key, sizeof x->key, "%s", key);
    x->value = value;
}

/* computed / published, or NAN when there is nothing to compare with. */
double figs_ratio(double computed, double published, int comparable)
{
    return comparable && published > 0 ? computed / published : NAN;
}

double figs_get(const struct figs *f, const char *section, const char *item,
                const char *key)
{
    size_t i;

    for (i = 0; i < f->n; i++)
        if (strcmp(f->v[i].section, section) == 0 &&
            strcmp(f->v[i].item, item) == 0 && strcmp(f->v[i].key, key) == 0)
            return f->v[i].value;
    return NAN;
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

void figs_write_csv(FILE *f, const struct figs *g)
{
    fprintf(f, "section,item,quantity,value\n");
    for (size_t i = 0; i < g->n; i++) {
        fprintf(f, "%s,%s,%s,", g->v[i].section, g->v[i].item, g->v[i].key);
        write_value(f, g->v[i].value, "");
        fputc('\n', f);
    }
}

void figs_write_json(FILE *f, const struct simt_config *cfg,
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

