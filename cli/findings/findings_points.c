/*
 * findings_points.c -- the points of the findings: planned from the
 * tables, expanded and run by compare's machinery, cached under a key of
 * what decides them; see findings_points.h.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <nettle/sha2.h>

#include "compare_matrix.h"
#include "compare_run.h"
#include "config.h"
#include "elf.h"
#include "findings_points.h"
#include "sm.h"

uint32_t findings_kernels(unsigned ks, uint32_t allowed)
{
    uint32_t m = 0;

    for (unsigned i = 0; i < kernel_count() && i < 32; i++)
        if ((ks & FINDINGS_KS(kernel_at(i)->cls)) && (allowed >> i & 1))
            m |= (uint32_t)1 << i;
    return m;
}

static bool same_text(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static bool same_instance(const struct findings_instance *a,
                          const struct findings_instance *b)
{
    if (strcmp(a->preset, b->preset) != 0 || a->nsets != b->nsets
        || a->fill != b->fill || !same_text(a->sizes, b->sizes))
        return false;
    for (size_t i = 0; i < a->nsets; i++)
        if (strcmp(a->sets[i], b->sets[i]) != 0)
            return false;
    return true;
}

/* The instance of variant id (changed by w when w is not NULL) running
 * the kernels ks: its index, or -1 with a message. */
static int instance_of(struct findings_plan *pl, const char *id,
                       const struct findings_whatif *w, unsigned ks,
                       char *err, size_t errlen)
{
    const struct findings_variant *v = findings_variant_find(id);
    struct findings_instance in;

    memset(&in, 0, sizeof in);
    if (!v) {
        snprintf(err, errlen, "no variant '%s'", id);
        return -1;
    }
    in.preset = w && w->preset ? w->preset : v->preset;
    for (size_t i = 0; i < FINDINGS_MAX_SETS && v->sets[i]; i++)
        in.sets[in.nsets++] = v->sets[i];
    /* A what-if's --set replaces the variant's of the same key. */
    if (w && w->set) {
        size_t klen = strcspn(w->set, "="), i;
        for (i = 0; i < in.nsets; i++)
            if (strncmp(in.sets[i], w->set, klen + 1) == 0)
                break;
        in.sets[i] = w->set;
        in.nsets += i == in.nsets;
    }
    in.fill = v->fill;
    in.sizes = w ? w->sizes : NULL;
    in.kernels = findings_kernels(ks, pl->allowed);
    for (size_t i = 0; i < pl->ninst; i++)
        if (same_instance(&pl->inst[i], &in)) {
            pl->inst[i].kernels |= in.kernels;
            return (int)i;
        }
    if (pl->ninst == FINDINGS_MAX_INSTANCES) {
        snprintf(err, errlen, "more than %d configurations",
                 FINDINGS_MAX_INSTANCES);
        return -1;
    }
    pl->inst[pl->ninst] = in;
    return (int)pl->ninst++;
}

/* The instances of a row's comparisons, w applied to the sides of the
 * first it changes. */
static int use_of(struct findings_plan *pl, const struct findings_row *r,
                  const struct findings_whatif *w, struct findings_use *u,
                  char *err, size_t errlen)
{
    const struct findings_whatif *wv =
        w && w->side != SIDE_BASE ? w : NULL;
    const struct findings_whatif *wb =
        w && w->side != SIDE_VAR ? w : NULL;

    u->inst[0] = instance_of(pl, r->r.var, wv, r->r.kernels, err, errlen);
    u->inst[1] = instance_of(pl, r->r.base, wb, r->r.kernels, err, errlen);
    u->inst[2] = u->inst[3] = -1;
    if (r->r2.var) {
        u->inst[2] = instance_of(pl, r->r2.var, NULL, r->r2.kernels, err,
                                 errlen);
        u->inst[3] = instance_of(pl, r->r2.base, NULL, r->r2.kernels, err,
                                 errlen);
    }
    for (int i = 0; i < 4; i++)
        if (u->inst[i] < -1 || (i < 2 && u->inst[i] < 0)
            || (r->r2.var && u->inst[i] < 0))
            return -1;
    return 0;
}

int findings_plan_build(struct findings_plan *pl, uint32_t allowed,
                        char *err, size_t errlen)
{
    size_t nrows = 0, nw = 0;

    memset(pl, 0, sizeof *pl);
    pl->allowed = allowed;
    if (kernel_count() > 32) {
        snprintf(err, errlen, "the suite has more than 32 kernels");
        return -1;
    }
    if (findings_table_check(err, errlen) != 0)
        return -1;
    while (findings_rows[nrows].id)
        nrows++;
    while (findings_whatifs[nw].id)
        nw++;
    pl->rows = calloc(nrows + 1, sizeof *pl->rows);
    pl->whatifs = calloc(nw + 1, sizeof *pl->whatifs);
    if (!pl->rows || !pl->whatifs) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < nrows; i++)
        if (use_of(pl, &findings_rows[i], NULL, &pl->rows[i], err,
                   errlen) != 0)
            return -1;
    for (size_t i = 0; i < nw; i++)
        if (use_of(pl, findings_row_find(findings_whatifs[i].row),
                   &findings_whatifs[i], &pl->whatifs[i], err, errlen) != 0)
            return -1;
    return 0;
}

/* SHA-256 of the bytes of a file into ctx, length-framed.  0, or -1. */
static int hash_file(struct sha256_ctx *ctx, const char *path, char *err,
                     size_t errlen)
{
    unsigned char buf[65536];
    unsigned long long total = 0;
    char tail[32];
    FILE *f = fopen(path, "rb");
    size_t n;

    if (!f) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        sha256_update(ctx, n, buf);
        total += n;
    }
    if (ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
        fclose(f);
        return -1;
    }
    fclose(f);
    n = (size_t)snprintf(tail, sizeof tail, "\n%llu\n", total);
    sha256_update(ctx, n, (const uint8_t *)tail);
    return 0;
}

/* A text into ctx, its length first. */
static void hash_text(struct sha256_ctx *ctx, const char *s)
{
    char len[24];
    int k = snprintf(len, sizeof len, "%zu:", strlen(s));

    sha256_update(ctx, (size_t)k, (const uint8_t *)len);
    sha256_update(ctx, strlen(s), (const uint8_t *)s);
}

/* The index of "--json" in a job's command, or -1. */
static int json_arg(const struct compare_job *j)
{
    for (int i = 0; j->argv[i]; i++)
        if (strcmp(j->argv[i], "--json") == 0 && j->argv[i + 1])
            return i;
    return -1;
}

/*
 * The key of job j (of a point of preset, kernel k): the executable's
 * digest, the preset's text, the kernel's ELF, the command line but the
 * program and its --json file.  Into hex (65 bytes).  0, or -1.
 */
static int point_key(const struct compare_job *j, const uint8_t exe[32],
                     const char *preset, const struct kernel_info *k,
                     char *hex, char *err, size_t errlen)
{
    struct sha256_ctx ctx;
    uint8_t d[SHA256_DIGEST_SIZE];
    char path[PATH_MAX];
    int js = json_arg(j);

    sha256_init(&ctx);
    hash_text(&ctx, "simtref-findings-point 1");
    sha256_update(&ctx, 32, exe);
    if (hash_file(&ctx, config_preset_path(preset, path, sizeof path), err,
                  errlen) != 0)
        return -1;
    if (kernel_elf_path(k, path, sizeof path) != 0) {
        snprintf(err, errlen, "kernel %s: its binary %s is not built",
                 k->name, path);
        return -1;
    }
    if (hash_file(&ctx, path, err, errlen) != 0)
        return -1;
    for (int i = 1; j->argv[i]; i++)
        if (i != js && i != js + 1)
            hash_text(&ctx, j->argv[i]);
    sha256_digest(&ctx, sizeof d, d);
    for (size_t i = 0; i < sizeof d; i++)
        sprintf(hex + 2 * i, "%02x", d[i]);
    return 0;
}

/* The size of kernel name in instance in ("K=N" lists), or NULL. */
static const char *size_of(const struct findings_instance *in,
                           const char *name, char *buf, size_t len)
{
    size_t n = strlen(name);

    if (in->sizes)
        for (const char *p = in->sizes; *p;) {
            size_t item = strcspn(p, ",");
            if (item > n + 1 && strncmp(p, name, n) == 0 && p[n] == '='
                && item - n - 1 < len) {
                memcpy(buf, p + n + 1, item - n - 1);
                buf[item - n - 1] = '\0';
                return buf;
            }
            p += item + (p[item] == ',');
        }
    if (in->fill)
        for (size_t i = 0; findings_fill_sizes[i]; i++)
            if (strncmp(findings_fill_sizes[i], name, n) == 0
                && findings_fill_sizes[i][n] == '=')
                return findings_fill_sizes[i] + n + 1;
    return NULL;
}

/* Every job of the plan, with the point each measures. */
struct job_list {
    struct compare_job *j;     /* the jobs (malloc'd; each owns its argv) */
    int *inst;                 /* per job: its instance */
    unsigned *kernel;          /* per job: its kernel */
    int *first;                /* per job: the first job of its key */
    size_t n, cap;
};

static int job_list_add(struct job_list *l, const struct compare_jobs *js,
                        int inst, char *err, size_t errlen)
{
    if (l->n + js->n > l->cap) {
        size_t cap = (l->n + js->n) * 2;
        struct compare_job *j = realloc(l->j, cap * sizeof *j);
        int *in = j ? realloc(l->inst, cap * sizeof *in) : NULL;
        unsigned *k = in ? realloc(l->kernel, cap * sizeof *k) : NULL;
        int *f = k ? realloc(l->first, cap * sizeof *f) : NULL;

        if (j)
            l->j = j;
        if (in)
            l->inst = in;
        if (k)
            l->kernel = k;
        if (!f) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        l->first = f;
        l->cap = cap;
    }
    for (size_t i = 0; i < js->n; i++) {
        l->j[l->n] = js->j[i];
        l->inst[l->n] = inst;
        l->kernel[l->n] = 0;
        l->first[l->n] = -1;
        l->n++;
    }
    return 0;
}

static void job_list_free(struct job_list *l)
{
    struct compare_jobs all = { l->j, l->n };

    compare_jobs_free(&all);
    free(l->inst);
    free(l->kernel);
    free(l->first);
    memset(l, 0, sizeof *l);
}

/* Does the SM build instance i's configuration (with the program of its
 * first kernel)?  0, with in->unsupported set when it does not; -1 with
 * a message when the configuration or the kernel cannot be read. */
static int check_supported(struct findings_plan *pl, size_t i, char *err,
                           size_t errlen)
{
    struct findings_instance *in = &pl->inst[i];
    struct simt_config cfg;
    struct program prog;
    struct sm *sm = NULL;
    char path[PATH_MAX];
    unsigned k = 0;

    while (k < kernel_count() && !(in->kernels >> k & 1))
        k++;
    if (config_load_preset(in->preset, &cfg, err, errlen) != 0
        || config_set_args(&cfg, in->sets, in->nsets, err, errlen) != 0)
        return -1;
    if (kernel_elf_path(kernel_at(k), path, sizeof path) != 0) {
        snprintf(err, errlen, "kernel %s: its binary %s is not built (make "
                 "builds the suite)", kernel_at(k)->name, path);
        return -1;
    }
    if (elf_load(path, &prog, err, errlen) != 0)
        return -1;
    if (sm_create(&sm, &cfg, &prog, 1u << 20, in->unsupported,
                  sizeof in->unsupported) != 0) {
        if (!in->unsupported[0])
            snprintf(in->unsupported, sizeof in->unsupported,
                     "the SM does not build it");
    } else {
        sm_destroy(sm);
    }
    program_free(&prog);
    return 0;
}

/* The jobs of instance i, appended to l. */
static int expand_instance(const struct findings_plan *pl, size_t i,
                           const struct findings_run_request *rq,
                           struct job_list *l, char *err, size_t errlen)
{
    const struct findings_instance *in = &pl->inst[i];
    struct compare_matrix *m = calloc(1, sizeof *m);
    char sizes[COMPARE_MAX_KERNELS][24];
    struct compare_jobs js;
    char *text = NULL;
    size_t len = 0;
    FILE *notes;
    int rc;

    if (!m) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (unsigned k = 0; k < kernel_count(); k++)
        if (in->kernels >> k & 1) {
            m->kernels[m->nkernels] = kernel_at(k)->name;
            m->sizes[m->nkernels] = size_of(in, kernel_at(k)->name,
                                            sizes[m->nkernels],
                                            sizeof sizes[0]);
            m->nkernels++;
        }
    m->configs[0] = in->preset;
    m->nconfigs = 1;
    m->set = in->sets;
    m->nset = in->nsets;
    if (in->fill) {
        m->grid = findings_fill_grid;
        m->block = findings_fill_block;
    }
    m->seed = rq->seed;
    /* compare's notes on the points it leaves out, under this command's
     * name */
    if (!(notes = open_memstream(&text, &len))) {
        snprintf(err, errlen, "out of memory");
        free(m);
        return -1;
    }
    rc = compare_matrix_expand(m, rq->exe, rq->cache, &js, notes, err,
                               errlen);
    fclose(notes);
    for (char *line = text; line && *line;) {
        size_t n = strcspn(line, "\n");
        const char *own = "simtref compare: ";
        if (strncmp(line, own, strlen(own)) == 0)
            fprintf(stderr, "simtref findings: %.*s\n",
                    (int)(n - strlen(own)), line + strlen(own));
        else
            fprintf(stderr, "%.*s\n", (int)n, line);
        line += n + (line[n] == '\n');
    }
    free(text);
    free(m);
    if (rc != 0)
        return -1;
    rc = job_list_add(l, &js, (int)i, err, errlen);
    if (rc == 0)
        free(js.j);      /* the jobs' commands now belong to l */
    else
        compare_jobs_free(&js);
    return rc;
}

/* Name job i of l by its key: its file KEY.json in the cache. */
static int name_job(struct job_list *l, size_t i, const uint8_t exe[32],
                    const struct findings_plan *pl,
                    const struct findings_run_request *rq, char *err,
                    size_t errlen)
{
    struct compare_job *j = &l->j[i];
    const struct kernel_info *k;
    char hex[2 * SHA256_DIGEST_SIZE + 1], *path;
    int js = json_arg(j);

    if (js < 0 || !j->argv[1] || !j->argv[2] || !j->argv[3]
        || strcmp(j->argv[2], "--kernel") != 0
        || !(k = kernel_find(j->argv[3]))) {
        snprintf(err, errlen, "point %s: not a command of simtref sim",
                 j->label);
        return -1;
    }
    l->kernel[i] = (unsigned)compare_kernel_rank(k->name);
    if (point_key(j, exe, pl->inst[l->inst[i]].preset, k, hex, err,
                  errlen) != 0)
        return -1;
    snprintf(j->file, sizeof j->file, "%s.json", hex);
    if (!(path = malloc(strlen(rq->cache) + strlen(j->file) + 2))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    sprintf(path, "%s/%s", rq->cache, j->file);
    free(j->argv[js + 1]);
    j->argv[js + 1] = path;
    for (size_t p = 0; p < i; p++)
        if (strcmp(l->j[p].file, j->file) == 0) {
            l->first[i] = (int)p;
            break;
        }
    return 0;
}

int findings_plan_run(struct findings_plan *pl,
                      const struct findings_run_request *rq, char *err,
                      size_t errlen)
{
    struct job_list l = { NULL, NULL, NULL, NULL, 0, 0 };
    struct compare_jobs torun = { NULL, 0 };
    struct compare_run_request crq;
    struct sha256_ctx ctx;
    uint8_t exe[SHA256_DIGEST_SIZE];
    int rc = -1;

    sha256_init(&ctx);
    if (hash_file(&ctx, rq->exe, err, errlen) != 0)
        return -1;
    sha256_digest(&ctx, sizeof exe, exe);
    for (size_t i = 0; i < pl->ninst; i++) {
        if (!pl->inst[i].kernels)
            continue;
        if (check_supported(pl, i, err, errlen) != 0)
            goto done;
        if (!pl->inst[i].unsupported[0]
            && expand_instance(pl, i, rq, &l, err, errlen) != 0)
            goto done;
    }
    for (size_t i = 0; i < l.n; i++)
        if (name_job(&l, i, exe, pl, rq, err, errlen) != 0)
            goto done;
    if (!(torun.j = calloc(l.n + 1, sizeof *torun.j))
        || !(pl->points = calloc(l.n + 1, sizeof *pl->points))) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    /* The points already in the cache are reused when they read. */
    for (size_t i = 0; i < l.n; i++) {
        struct compare_point pt;
        char e[COMPARE_ERR_LEN];
        const char *path = l.j[i].argv[json_arg(&l.j[i]) + 1];

        if (l.first[i] >= 0)
            continue;
        if (rq->reuse && compare_point_read(path, "", &pt, e, sizeof e)
            == 0) {
            pl->reused++;
            continue;
        }
        if (unlink(path) != 0 && errno != ENOENT) {
            snprintf(err, errlen, "%s: cannot remove: %s", path,
                     strerror(errno));
            goto done;
        }
        torun.j[torun.n++] = l.j[i];
    }
    memset(&crq, 0, sizeof crq);
    crq.jobs = rq->jobs;
    crq.progress = isatty(STDERR_FILENO) ? stderr : NULL;
    crq.failures = stderr;
    crq.logdir = rq->logdir;
    if (torun.n && compare_run(&torun, &crq, err, errlen) != 0)
        goto done;
    pl->run = torun.n;
    for (size_t i = 0; i < l.n; i++) {
        struct findings_point *p = &pl->points[pl->npoints];
        const char *path = l.j[i].argv[json_arg(&l.j[i]) + 1];

        p->inst = l.inst[i];
        p->kernel = l.kernel[i];
        if (compare_point_read(path, "", &p->pt, err, errlen) != 0)
            goto done;
        pl->npoints++;
    }
    rc = 0;
done:
    free(torun.j);
    job_list_free(&l);
    return rc;
}

const struct compare_point *findings_point_find(const struct findings_plan *pl,
                                                int i, unsigned k)
{
    for (size_t p = 0; p < pl->npoints; p++)
        if (pl->points[p].inst == i && pl->points[p].kernel == k)
            return &pl->points[p].pt;
    return NULL;
}

void findings_plan_free(struct findings_plan *pl)
{
    free(pl->rows);
    free(pl->whatifs);
    free(pl->points);
    memset(pl, 0, sizeof *pl);
}
