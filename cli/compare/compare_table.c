/*
 * compare_table.c -- the tables of a compare matrix as data; see
 * compare_table.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_table.h"
#include "config.h"
#include "suite.h"

/* ORDER TABLE_KIND */
const char *const table_title[] = {
    "IPC (thread-instructions per cycle)",
    "Speedup over SBR (cycles under reconvergence sbr / cycles)",
    "Speedup over LRR (cycles under scheduler lrr / cycles)"
};
const char *table_mode_name(int m)
{
    return config_reconvergence_name((enum reconvergence)m);
}

const char *table_sched_name(int s)
{
    return config_sched_name((enum sched_policy)s);
}

const char *table_fetch_name(int f)
{
    return config_fetch_name((enum fetch_policy)f);
}

/* The rank of a kernel class (kernel_class_name's order), unknown last. */
static unsigned class_rank(const char *cls)
{
    unsigned i;

    for (i = 0; i <= KERNEL_CONTROL; i++)
        if (strcmp(cls, kernel_class_name((enum kernel_class)i)) == 0)
            return i;
    return i;
}

struct varying table_varying(const struct compare_points *ps)
{
    struct varying v = { ps->sweep_key[0] != '\0', false, false, false };

    for (size_t i = 1; i < ps->n; i++) {
        v.mode |= ps->p[i].mode != ps->p[0].mode;
        v.sched |= ps->p[i].sched != ps->p[0].sched;
        v.fetch |= ps->p[i].fetch != ps->p[0].fetch;
    }
    if (!v.value && !v.mode && !v.sched && !v.fetch)
        v.mode = true;
    return v;
}

/* "KEY=VALUE mode scheduler fetch=F", the parts that vary (the mode
 * left out when `skip_mode`). */
void table_column_label(const struct compare_points *ps,
                        const struct varying *v, const struct column *c,
                        bool skip_mode, char *buf, size_t len)
{
    size_t n = 0;

    buf[0] = '\0';
#define ADD(...) (n += (size_t)snprintf(buf + n, n < len ? len - n : 0, \
                                        __VA_ARGS__))
    if (v->value)
        ADD("%s=%s", ps->sweep_key, c->value);
    if (v->mode && !skip_mode)
        ADD("%s%s", n ? " " : "", table_mode_name(c->mode));
    if (v->sched)
        ADD("%s%s", n ? " " : "", table_sched_name(c->sched));
    if (v->fetch)
        ADD("%sfetch=%s", n ? " " : "", table_fetch_name(c->fetch));
#undef ADD
    if (n >= len && len > 0)
        buf[len - 1] = '\0';
}

static int column_cmp(const void *va, const void *vb)
{
    const struct column *a = va, *b = vb;
    int c = compare_value_cmp(a->value, b->value);

    if (c != 0)
        return c;
    if (a->mode != b->mode)
        return a->mode - b->mode;
    if (a->sched != b->sched)
        return a->sched - b->sched;
    return a->fetch - b->fetch;
}

int table_row_cmp(const void *va, const void *vb)
{
    const struct compare_point *a = *(const struct compare_point *const *)va;
    const struct compare_point *b = *(const struct compare_point *const *)vb;
    unsigned ca = class_rank(a->cls), cb = class_rank(b->cls);
    unsigned ka = compare_kernel_rank(a->kernel);
    unsigned kb = compare_kernel_rank(b->kernel);
    int c;

    if (ca != cb)
        return ca < cb ? -1 : 1;
    if ((c = strcmp(a->cls, b->cls)) != 0)
        return c;
    if (ka != kb)
        return ka < kb ? -1 : 1;
    return strcmp(a->kernel, b->kernel);
}

/* The columns and rows of configuration `config`.  0, or -1 when out of
 * memory. */
int table_build(struct table *t, const struct compare_points *ps,
                const char *config)
{
    memset(t, 0, sizeof *t);
    t->ps = ps;
    t->config = config;
    t->cols = malloc((ps->n ? ps->n : 1) * sizeof *t->cols);
    t->rows = malloc((ps->n ? ps->n : 1) * sizeof *t->rows);
    if (!t->cols || !t->rows) {
        free(t->cols);
        free(t->rows);
        return -1;
    }
    for (size_t i = 0; i < ps->n; i++) {
        const struct compare_point *p = &ps->p[i];
        struct column c = { p->value, p->mode, p->sched, p->fetch };
        size_t k;

        if (strcmp(p->config, config) != 0)
            continue;
        for (k = 0; k < t->ncols; k++)
            if (column_cmp(&t->cols[k], &c) == 0)
                break;
        if (k == t->ncols)
            t->cols[t->ncols++] = c;
        for (k = 0; k < t->nrows; k++)
            if (strcmp(t->rows[k]->kernel, p->kernel) == 0)
                break;
        if (k == t->nrows)
            t->rows[t->nrows++] = p;
    }
    qsort(t->cols, t->ncols, sizeof *t->cols, column_cmp);
    qsort(t->rows, t->nrows, sizeof *t->rows, table_row_cmp);
    return 0;
}

void table_free(struct table *t)
{
    free(t->cols);
    free(t->rows);
}

/* The baseline column of c in a table of this kind: c itself under sbr
 * or lrr; false when c is the baseline (or an IPC table). */
bool table_baseline(enum table_kind kind, const struct column *c,
                    struct column *base)
{
    *base = *c;
    if (kind == TABLE_OVER_SBR && c->mode != RECONV_SBR) {
        base->mode = RECONV_SBR;
        return true;
    }
    if (kind == TABLE_OVER_LRR && c->sched != SCHED_LRR) {
        base->sched = SCHED_LRR;
        return true;
    }
    return false;
}

static bool table_has_column(const struct table *t, const struct column *c)
{
    for (size_t k = 0; k < t->ncols; k++)
        if (column_cmp(&t->cols[k], c) == 0)
            return true;
    return false;
}

/* Does column c belong in a table of this kind: every column in the IPC
 * table, a column whose baseline the matrix has in a speedup table. */
bool table_column_shown(const struct table *t, enum table_kind kind,
                        const struct column *c)
{
    struct column base;

    if (kind == TABLE_IPC)
        return true;
    return table_baseline(kind, c, &base) && table_has_column(t, &base);
}

/* The value of kernel's cell in column c: false when a point is missing. */
bool table_cell(const struct table *t, enum table_kind kind,
                const char *kernel, const struct column *c, double *v)
{
    const struct compare_point *p, *b;
    struct column base;

    p = compare_points_find(t->ps, t->config, c->value, kernel, c->mode,
                            c->sched, c->fetch);
    if (!p)
        return false;
    if (kind == TABLE_IPC) {
        *v = (double)p->thread_insns / (double)p->cycles;
        return true;
    }
    if (!table_baseline(kind, c, &base))
        return false;
    b = compare_points_find(t->ps, t->config, base.value, kernel, base.mode,
                            base.sched, base.fetch);
    if (!b)
        return false;
    *v = (double)b->cycles / (double)p->cycles;
    return true;
}

/* The geometric mean of column c over the kernels of class cls (every
 * kernel when NULL) that have a value; false when none has. */
bool table_geomean(const struct table *t, enum table_kind kind,
                   const struct column *c, const char *cls, double *v)
{
    double logsum = 0, x;
    unsigned n = 0;

    for (size_t r = 0; r < t->nrows; r++) {
        if (cls && strcmp(t->rows[r]->cls, cls) != 0)
            continue;
        if (table_cell(t, kind, t->rows[r]->kernel, c, &x) && x > 0) {
            logsum += log(x);
            n++;
        }
    }
    if (n == 0)
        return false;
    *v = exp(logsum / n);
    return true;
}

/* The configurations of the matrix, in order (points are sorted by
 * configuration first): each calls fn. */
int table_each_config(const struct compare_points *ps,
                      int (*fn)(const struct table *, void *), void *ctx)
{
    for (size_t i = 0; i < ps->n; i++) {
        struct table t;
        int rc;

        if (i > 0 && strcmp(ps->p[i].config, ps->p[i - 1].config) == 0)
            continue;
        if (table_build(&t, ps, ps->p[i].config) != 0)
            return -1;
        rc = fn(&t, ctx);
        table_free(&t);
        if (rc != 0)
            return rc;
    }
    return 0;
}
