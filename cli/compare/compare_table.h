/*
 * compare_table.h -- the tables of a compare matrix, as data: for each
 * configuration, its columns (a swept value, mode, scheduler and fetch
 * policy each), its rows (a kernel each, by class), and the value of a
 * cell or a column's geometric mean in each kind of table.  The Markdown
 * of compare_report.c and the plots of compare_plot.c print them.
 */
#ifndef SIMTREF_COMPARE_TABLE_H
#define SIMTREF_COMPARE_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "compare_points.h"

/* What a table shows.  ORDER TABLE_KIND: table_title (compare_table.c)
 * follows. */
enum table_kind { TABLE_IPC, TABLE_OVER_SBR, TABLE_OVER_LRR };


/* A column of a configuration's tables. */
struct column {
    const char *value;     /* the swept value ("" without a sweep) */
    int mode;              /* enum reconvergence */
    int sched;             /* enum sched_policy */
    int fetch;             /* enum fetch_policy */
};

/* A configuration's tables: its columns and kernels. */
struct table {
    const struct compare_points *ps;
    const char *config;    /* the configuration */
    struct column *cols;   /* its columns, in order (malloc'd) */
    size_t ncols;
    const struct compare_point **rows; /* a point of each kernel, in the
                                          order class, suite (malloc'd) */
    size_t nrows;
};

/* Which parts of a column differ somewhere in the matrix: they make its
 * label. */
struct varying {
    bool value, mode, sched, fetch;
};

/* ORDER TABLE_KIND: each kind's title. */
extern const char *const table_title[];

/* The names of a mode, scheduler and fetch policy index. */
const char *table_mode_name(int m);
const char *table_sched_name(int s);
const char *table_fetch_name(int f);

/* Which parts of a column vary in the matrix (the mode when none). */
struct varying table_varying(const struct compare_points *ps);

/* "KEY=VALUE mode scheduler fetch=F", the parts that vary (the mode
 * left out when skip_mode), into buf. */
void table_column_label(const struct compare_points *ps,
                        const struct varying *v, const struct column *c,
                        bool skip_mode, char *buf, size_t len);

/* Order of rows (const struct compare_point *): class, then the suite. */
int table_row_cmp(const void *va, const void *vb);

/* The columns and rows of configuration `config`: 0, or -1 when out of
 * memory.  table_free releases them. */
int table_build(struct table *t, const struct compare_points *ps,
                const char *config);
void table_free(struct table *t);

/* The baseline of column c in a table of this kind (c under sbr, or
 * under lrr): false when c is its own baseline, or in an IPC table. */
bool table_baseline(enum table_kind kind, const struct column *c,
                    struct column *base);

/* Is column c in a table of this kind: always in the IPC table; in a
 * speedup table when the matrix has its baseline. */
bool table_column_shown(const struct table *t, enum table_kind kind,
                        const struct column *c);

/* The cell of kernel in column c: false when a point is missing. */
bool table_cell(const struct table *t, enum table_kind kind,
                const char *kernel, const struct column *c, double *v);

/* The geometric mean of column c over the kernels of class cls (all when
 * NULL) that have a value: false when none has. */
bool table_geomean(const struct table *t, enum table_kind kind,
                   const struct column *c, const char *cls, double *v);

/* fn on the table of each configuration, in order; stops at the first
 * non-zero return, which it returns (-1 when out of memory). */
int table_each_config(const struct compare_points *ps,
                      int (*fn)(const struct table *, void *), void *ctx);

#endif /* SIMTREF_COMPARE_TABLE_H */
