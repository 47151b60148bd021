/*
 * compare_points.c -- the measured points of a compare matrix, read with
 * jansson from the files `simtref sim --json` writes; see
 * compare_points.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "compare_points.h"
#include "config.h"
#include "suite.h"

int compare_mode_index(const char *name)
{
    for (int i = 0; i < COMPARE_N_MODES; i++)
        if (strcmp(name, config_reconvergence_name((enum reconvergence)i))
            == 0)
            return i;
    return -1;
}

int compare_sched_index(const char *name)
{
    for (int i = 0; i < COMPARE_N_SCHEDS; i++)
        if (strcmp(name, config_sched_name((enum sched_policy)i)) == 0)
            return i;
    return -1;
}

int compare_fetch_index(const char *name)
{
    for (int i = 0; i < COMPARE_N_FETCH; i++)
        if (strcmp(name, config_fetch_name((enum fetch_policy)i)) == 0)
            return i;
    return -1;
}

void compare_matrix_header(FILE *f, const char *sweep_key)
{
    fprintf(f, "simtref-compare-matrix 1\nsweep %s\n",
            sweep_key[0] ? sweep_key : "-");
}

void compare_matrix_line(FILE *f, const char *file, const char *value)
{
    fprintf(f, "point %s %s\n", file, value[0] ? value : "-");
}

static int grow(struct compare_points *ps, char *err, size_t errlen)
{
    struct compare_point *p;
    size_t cap = ps->cap ? ps->cap * 2 : 64;

    if (ps->n < ps->cap)
        return 0;
    if (!(p = realloc(ps->p, cap * sizeof *p))) {
        snprintf(err, errlen, "out of memory for %zu points", cap);
        return -1;
    }
    ps->p = p;
    ps->cap = cap;
    return 0;
}

/* Copy a string member of the point file into dst, or fail naming it. */
static int copy_name(char *dst, size_t len, const char *src, const char *key,
                     const char *file, char *err, size_t errlen)
{
    if (src[0] == '\0' || strlen(src) >= len) {
        snprintf(err, errlen, "%s: \"%s\" must be a name of 1 to %zu "
                 "characters", file, key, len - 1);
        return -1;
    }
    memcpy(dst, src, strlen(src) + 1);
    return 0;
}

/* Read one point file into pt: the keys compare needs, with their types. */
int compare_point_read(const char *file, const char *value,
                       struct compare_point *pt, char *err, size_t errlen)
{
    json_error_t je;
    json_t *root = json_load_file(file, JSON_REJECT_DUPLICATES, &je);
    const char *kernel, *cls, *config, *mode, *sched, *fetch, *result;
    json_int_t cycles, warp, thread;
    double lanes;
    int rc = -1;

    memset(pt, 0, sizeof *pt);
    if (!root && access(file, R_OK) != 0) {
        snprintf(err, errlen, "%s: cannot read: %s (did its point run?)",
                 file, strerror(errno));
        return -1;
    }
    if (!root) {
        if (je.line < 0)
            snprintf(err, errlen, "%s: %s", file, je.text);
        else
            snprintf(err, errlen, "%s:%d:%d: %s", file, je.line, je.column,
                     je.text);
        return -1;
    }
    if (json_unpack_ex(root, &je, 0, "{s:s, s:s, s:s, s:s, s:s, s:s, s:I, "
                       "s:I, s:I, s:F, s:s}", "kernel", &kernel, "class", &cls,
                       "config", &config, "reconvergence", &mode,
                       "scheduler", &sched, "fetch", &fetch, "cycles", &cycles,
                       "warp_instructions", &warp, "thread_instructions",
                       &thread, "lane_activity", &lanes, "result",
                       &result) != 0) {
        snprintf(err, errlen, "%s: not a point of simtref sim --json: %s",
                 file, je.text);
        goto done;
    }
    if (strcmp(result, "error") == 0) {
        const char *why = json_string_value(json_object_get(root, "error"));
        snprintf(err, errlen, "%s: the point's run failed: %s", file,
                 why ? why : "(no message)");
        goto done;
    }
    if (copy_name(pt->kernel, sizeof pt->kernel, kernel, "kernel", file, err,
                  errlen) != 0
        || copy_name(pt->cls, sizeof pt->cls, cls, "class", file, err,
                     errlen) != 0
        || copy_name(pt->config, sizeof pt->config, config, "config", file,
                     err, errlen) != 0)
        goto done;
    pt->mode = compare_mode_index(mode);
    pt->sched = compare_sched_index(sched);
    pt->fetch = compare_fetch_index(fetch);
    if (pt->mode < 0 || pt->sched < 0 || pt->fetch < 0) {
        snprintf(err, errlen, "%s: unknown %s '%s'", file,
                 pt->mode < 0 ? "reconvergence" : pt->sched < 0 ? "scheduler"
                 : "fetch policy", pt->mode < 0 ? mode : pt->sched < 0 ? sched
                 : fetch);
        goto done;
    }
    if (cycles <= 0 || warp < 0 || thread < 0 || !(lanes >= 0)) {
        snprintf(err, errlen, "%s: \"cycles\" must be positive and the "
                 "instruction counts and lane activity not negative", file);
        goto done;
    }
    if (strcmp(result, "right") != 0) {
        snprintf(err, errlen, "%s: the result of the run was not checked "
                 "(\"result\": \"%s\")", file, result);
        goto done;
    }
    pt->cycles = (uint64_t)cycles;
    pt->warp_insns = (uint64_t)warp;
    pt->thread_insns = (uint64_t)thread;
    pt->lane_activity = lanes;
    snprintf(pt->value, sizeof pt->value, "%s", value);
    snprintf(pt->file, sizeof pt->file, "%s", file);
    rc = 0;
done:
    json_decref(root);
    return rc;
}

/* Does one point of ps have a's identity? */
static bool same_point(const struct compare_point *a,
                       const struct compare_point *b)
{
    return strcmp(a->config, b->config) == 0 && strcmp(a->value, b->value) == 0
           && strcmp(a->kernel, b->kernel) == 0 && a->mode == b->mode
           && a->sched == b->sched && a->fetch == b->fetch;
}

/* One line of the matrix file: "point FILE VALUE".  The point is read. */
static int matrix_point(struct compare_points *ps, const char *dir,
                        const char *mfile, unsigned line, char *text,
                        char *err, size_t errlen)
{
    char *file = text + 6, *value = strchr(file, ' ');
    char path[COMPARE_PATH_LEN];

    if (!value || value == file || strchr(value + 1, ' ')
        || strchr(file, '/') || value[1] == '\0') {
        snprintf(err, errlen, "%s:%u: expected 'point FILE VALUE'", mfile,
                 line);
        return -1;
    }
    *value++ = '\0';
    if (strcmp(value, "-") == 0 && ps->sweep_key[0]) {
        snprintf(err, errlen, "%s:%u: a point without a value of the swept "
                 "key %s", mfile, line, ps->sweep_key);
        return -1;
    }
    if (strcmp(value, "-") != 0 && !ps->sweep_key[0]) {
        snprintf(err, errlen, "%s:%u: a swept value '%s' without a swept key",
                 mfile, line, value);
        return -1;
    }
    if (strlen(value) >= COMPARE_NAME_LEN) {
        snprintf(err, errlen, "%s:%u: value too long", mfile, line);
        return -1;
    }
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, file)
        >= sizeof path) {
        snprintf(err, errlen, "%s:%u: file name too long", mfile, line);
        return -1;
    }
    if (grow(ps, err, errlen) != 0)
        return -1;
    if (compare_point_read(path, strcmp(value, "-") ? value : "",
                           &ps->p[ps->n], err, errlen) != 0)
        return -1;
    for (size_t i = 0; i < ps->n; i++)
        if (same_point(&ps->p[i], &ps->p[ps->n])) {
            snprintf(err, errlen, "%s and %s: the same point (kernel %s, "
                     "configuration %s) twice", ps->p[i].file, path,
                     ps->p[i].kernel, ps->p[i].config);
            return -1;
        }
    ps->n++;
    return 0;
}

int compare_points_load(struct compare_points *ps, const char *dir,
                        char *err, size_t errlen)
{
    char mfile[COMPARE_PATH_LEN], text[COMPARE_PATH_LEN + 80];
    unsigned line = 0;
    FILE *f;
    int rc = 0;

    memset(ps, 0, sizeof *ps);
    snprintf(mfile, sizeof mfile, "%s/%s", dir, COMPARE_MATRIX_FILE);
    if (!(f = fopen(mfile, "r"))) {
        snprintf(err, errlen, "%s: cannot read: %s (the matrix file that "
                 "simtref compare and --emit-jobs write)", mfile,
                 strerror(errno));
        return -1;
    }
    while (rc == 0 && fgets(text, sizeof text, f)) {
        size_t len = strlen(text);

        line++;
        if (len == 0 || text[len - 1] != '\n') {
            snprintf(err, errlen, "%s:%u: line too long or not ended", mfile,
                     line);
            rc = -1;
            break;
        }
        text[len - 1] = '\0';
        if (line == 1) {
            if (strcmp(text, "simtref-compare-matrix 1") != 0) {
                snprintf(err, errlen, "%s:1: not a matrix file of simtref "
                         "compare", mfile);
                rc = -1;
            }
        } else if (line == 2) {
            if (strncmp(text, "sweep ", 6) != 0 || text[6] == '\0'
                || strlen(text + 6) >= sizeof ps->sweep_key) {
                snprintf(err, errlen, "%s:2: expected 'sweep KEY' or "
                         "'sweep -'", mfile);
                rc = -1;
            } else if (strcmp(text + 6, "-") != 0)
                memcpy(ps->sweep_key, text + 6, strlen(text + 6) + 1);
        } else if (strncmp(text, "point ", 6) == 0) {
            rc = matrix_point(ps, dir, mfile, line, text, err, errlen);
        } else {
            snprintf(err, errlen, "%s:%u: expected 'point FILE VALUE'", mfile,
                     line);
            rc = -1;
        }
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "%s: read error", mfile);
        rc = -1;
    }
    fclose(f);
    if (rc == 0 && line < 2) {
        snprintf(err, errlen, "%s:%u: the header is incomplete", mfile, line);
        rc = -1;
    }
    if (rc == 0 && ps->n == 0) {
        snprintf(err, errlen, "%s: the matrix has no point", mfile);
        rc = -1;
    }
    if (rc != 0) {
        compare_points_free(ps);
        return -1;
    }
    compare_points_sort(ps);
    return 0;
}

unsigned compare_kernel_rank(const char *name)
{
    for (unsigned i = 0; i < kernel_count(); i++)
        if (strcmp(kernel_at(i)->name, name) == 0)
            return i;
    return kernel_count();
}

int compare_value_cmp(const char *a, const char *b)
{
    char *ea, *eb;
    double x = strtod(a, &ea), y = strtod(b, &eb);

    if (a[0] && b[0] && *ea == '\0' && *eb == '\0' && x != y)
        return x < y ? -1 : 1;
    return strcmp(a, b);
}

static int point_cmp(const void *va, const void *vb)
{
    const struct compare_point *a = va, *b = vb;
    unsigned ka, kb;
    int c;

    if ((c = strcmp(a->config, b->config)) != 0)
        return c;
    if ((c = compare_value_cmp(a->value, b->value)) != 0)
        return c;
    ka = compare_kernel_rank(a->kernel);
    kb = compare_kernel_rank(b->kernel);
    if (ka != kb)
        return ka < kb ? -1 : 1;
    if ((c = strcmp(a->kernel, b->kernel)) != 0)
        return c;
    if (a->mode != b->mode)
        return a->mode - b->mode;
    if (a->sched != b->sched)
        return a->sched - b->sched;
    return a->fetch - b->fetch;
}

void compare_points_sort(struct compare_points *ps)
{
    if (ps->n)
        qsort(ps->p, ps->n, sizeof ps->p[0], point_cmp);
}

const struct compare_point *
compare_points_find(const struct compare_points *ps, const char *config,
                    const char *value, const char *kernel, int mode,
                    int sched, int fetch)
{
    for (size_t i = 0; i < ps->n; i++) {
        const struct compare_point *p = &ps->p[i];
        if (p->mode == mode && p->sched == sched && p->fetch == fetch
            && strcmp(p->kernel, kernel) == 0
            && strcmp(p->config, config) == 0 && strcmp(p->value, value) == 0)
            return p;
    }
    return NULL;
}

void compare_points_free(struct compare_points *ps)
{
    free(ps->p);
    ps->p = NULL;
    ps->n = ps->cap = 0;
}
