/*
 * compare_matrix.c -- the matrix of `simtref compare`, checked and
 * expanded into one `simtref sim --json` command per point; see
 * compare_matrix.h.
 */
#define _XOPEN_SOURCE 700  /* realpath */
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "cfg.h"
#include "compare_matrix.h"
#include "config.h"
#include "elf.h"
#include "suite.h"

/* A job being built: its arguments so far. */
struct argv_builder {
    struct compare_job *j;  /* the job */
    size_t n;               /* arguments so far */
    size_t cap;             /* room in j->argv, the NULL at its end apart */
    bool failed;            /* out of memory or of room */
};

static void arg(struct argv_builder *b, const char *s)
{
    if (b->failed)
        return;
    if (b->n == b->cap || !(b->j->argv[b->n] = strdup(s))) {
        b->failed = true;
        return;
    }
    b->n++;
}

static void arg2(struct argv_builder *b, const char *opt, const char *s)
{
    arg(b, opt);
    arg(b, s);
}

/* 1 when kernel k's program has a function that may call itself, 0 when
 * none has, -1 with a message when it cannot be read. */
static int kernel_recursive(const struct kernel_info *k, char *err,
                            size_t errlen)
{
    char path[PATH_MAX];
    struct program prog;
    struct cfg g;
    int rec = 0;

    if (kernel_elf_path(k, path, sizeof path) != 0) {
        snprintf(err, errlen, "kernel %s: its binary %s is not built (make "
                 "builds the suite; SIMTREF_KERNEL_ELF_DIR names another "
                 "directory)", k->name, path);
        return -1;
    }
    if (elf_load(path, &prog, err, errlen) != 0)
        return -1;
    if (cfg_build(&prog, CFG_ICS_LEVELS_MAX, &g, err, errlen) != 0) {
        program_free(&prog);
        return -1;
    }
    for (unsigned i = 0; i < g.n_funcs; i++)
        rec |= g.funcs[i].recursive;
    cfg_free(&g);
    program_free(&prog);
    return rec;
}

/* Is the name safe as part of a file name and a matrix line? */
static bool plain_name(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')
              || (*s >= '0' && *s <= '9') || strchr("_-.+=", *s)))
            return false;
    return true;
}

/* A point's configuration: loaded, with the --set options, the swept
 * value, and the mode, scheduler and fetch policy (each < 0: the
 * configuration's own).  sets[] receives the texts of the --set options
 * given to the point (storage in texts).  0, or -1 with the message. */
struct point_config {
    struct simt_config cfg;           /* the configuration of the point */
    const char **sets;                /* its --set options (room for the
                                        matrix's, the swept keys', the
                                        mode's, the scheduler's and the
                                        fetch policy's) */
    size_t nsets;
    char texts[COMPARE_MAX_SWEPT + 3][COMPARE_NAME_LEN + 80]; /* the
                                        swept keys', the mode's, the
                                        scheduler's and the fetch policy's
                                        settings */
};

static int point_config_load(const struct compare_matrix *m, size_t ci,
                             const char *value, int mode, int sched,
                             int fetch, struct point_config *pc, char *err,
                             size_t errlen)
{
    size_t nt = 0;
    int rc;

    pc->nsets = 0;
    for (size_t i = 0; i < m->nset; i++)
        pc->sets[pc->nsets++] = m->set[i];
    /* Each key of KEY1+KEY2+... takes the value. */
    for (const char *k = m->sweep_key; *k && nt < COMPARE_MAX_SWEPT;) {
        size_t len = strcspn(k, "+");
        snprintf(pc->texts[nt], sizeof pc->texts[nt], "%.*s=%s", (int)len, k,
                 value);
        pc->sets[pc->nsets++] = pc->texts[nt++];
        k += len + (k[len] == '+');
    }
    if (mode >= 0) {
        snprintf(pc->texts[nt], sizeof pc->texts[nt], "reconvergence=%s",
                 config_reconvergence_name((enum reconvergence)mode));
        pc->sets[pc->nsets++] = pc->texts[nt++];
    }
    if (sched >= 0) {
        snprintf(pc->texts[nt], sizeof pc->texts[nt], "scheduler=%s",
                 config_sched_name((enum sched_policy)sched));
        pc->sets[pc->nsets++] = pc->texts[nt++];
    }
    if (fetch >= 0) {
        snprintf(pc->texts[nt], sizeof pc->texts[nt], "fetch=%s",
                 config_fetch_name((enum fetch_policy)fetch));
        pc->sets[pc->nsets++] = pc->texts[nt++];
    }
    if (m->config_is_file[ci])
        rc = config_load(m->configs[ci], &pc->cfg, err, errlen);
    else
        rc = config_load_preset(m->configs[ci], &pc->cfg, err, errlen);
    if (rc == 0)
        rc = config_set_args(&pc->cfg, pc->sets, pc->nsets, err, errlen);
    return rc;
}

/* The configuration ci with the --set options and the swept value, before
 * a mode is chosen: as it is or, when that is refused and --modes lists
 * modes, under the first of them that takes it, since every point runs
 * under one of them (warps wider than the SIMD at a harp preset are
 * refused under harp, HARP 4.2.4, and taken under sbr).  0, or -1 with
 * the configuration's own error. */
static int point_config_load_any_mode(const struct compare_matrix *m,
                                      size_t ci, const char *value,
                                      struct point_config *pc, char *err,
                                      size_t errlen)
{
    char e[CONFIG_ERR_LEN];

    if (point_config_load(m, ci, value, -1, -1, -1, pc, err, errlen) == 0)
        return 0;
    for (size_t mi = 0; mi < m->nmodes; mi++)
        if (point_config_load(m, ci, value, m->modes[mi], -1, -1, pc, e,
                              sizeof e) == 0)
            return 0;
    return -1;
}

static int add_job(struct compare_jobs *jobs, size_t *cap, char *err,
                   size_t errlen)
{
    if (jobs->n == *cap) {
        size_t ncap = *cap ? *cap * 2 : 64;
        struct compare_job *j = realloc(jobs->j, ncap * sizeof *j);
        if (!j) {
            snprintf(err, errlen, "out of memory for %zu points", ncap);
            return -1;
        }
        jobs->j = j;
        *cap = ncap;
    }
    memset(&jobs->j[jobs->n], 0, sizeof jobs->j[0]);
    jobs->n++;
    return 0;
}

/* The job of one point: kernel k at configuration ci under pc. */
static int make_job(const struct compare_matrix *m, size_t ki, size_t ci,
                    const char *value, const struct point_config *pc,
                    const char *exe, const char *dir,
                    struct compare_job *j, char *err, size_t errlen)
{
    /* the program, sim, --kernel K, the configuration, the options with
     * a value and --json FILE, around the --set options */
    struct argv_builder b = { j, 0, 2 * pc->nsets + 24, false };
    const struct simt_config *c = &pc->cfg;
    char path[COMPARE_PATH_LEN + 8];
    char abs[PATH_MAX];
    const char *mode = config_reconvergence_name(c->reconvergence);
    const char *sched = config_sched_name(c->scheduler);
    const char *fetch = config_fetch_name(c->fetch);

    if (!(j->argv = calloc(b.cap + 1, sizeof *j->argv))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(j->value, sizeof j->value, "%s", value);
    if ((size_t)snprintf(j->file, sizeof j->file,
                         "%s.%s.%s.%s.%s%s%s%s%s.json", m->kernels[ki],
                         c->name, mode, sched, fetch,
                         m->sweep_key[0] ? "." : "", m->sweep_key,
                         m->sweep_key[0] ? "=" : "", value)
        >= sizeof j->file) {
        snprintf(err, errlen, "the file name of point %s at %s is too long",
                 m->kernels[ki], c->name);
        return -1;
    }
    snprintf(j->label, sizeof j->label, "%s at %s (%s, %s, %s%s%s%s%s)",
             m->kernels[ki], c->name, mode, sched, fetch,
             m->sweep_key[0] ? ", " : "", m->sweep_key,
             m->sweep_key[0] ? "=" : "", value);
    arg(&b, exe);
    arg(&b, "sim");
    arg2(&b, "--kernel", m->kernels[ki]);
    if (m->config_is_file[ci])
        arg(&b, realpath(m->configs[ci], abs) ? abs : m->configs[ci]);
    else
        arg2(&b, "--preset", m->configs[ci]);
    for (size_t i = 0; i < pc->nsets; i++)
        arg2(&b, "--set", pc->sets[i]);
    if (m->sizes[ki])
        arg2(&b, "--size", m->sizes[ki]);
    if (m->grid)
        arg2(&b, "--grid", m->grid);
    if (m->block)
        arg2(&b, "--block", m->block);
    if (m->seed)
        arg2(&b, "--seed", m->seed);
    if (m->max_cycles)
        arg2(&b, "--max-cycles", m->max_cycles);
    snprintf(path, sizeof path, "%s/%s", dir, j->file);
    arg2(&b, "--json", path);
    if (b.failed) {
        snprintf(err, errlen, "point %s: out of memory or too many "
                 "arguments", j->label);
        return -1;
    }
    return 0;
}

int compare_matrix_expand(const struct compare_matrix *m, const char *exe,
                          const char *dir, struct compare_jobs *jobs,
                          FILE *notes, char *err, size_t errlen)
{
    static const int own[1] = { -1 };
    const int *modes = m->nmodes ? m->modes : own;
    const int *scheds = m->nscheds ? m->scheds : own;
    const int *fetches = m->nfetches ? m->fetches : own;
    size_t nm = m->nmodes ? m->nmodes : 1, ns = m->nscheds ? m->nscheds : 1;
    size_t nf = m->nfetches ? m->nfetches : 1;
    size_t nv = m->sweep_key[0] ? m->nvalues : 1;
    int recursive[COMPARE_MAX_KERNELS];
    size_t runs_of_mode[COMPARE_N_MODES + 1] = { 0 };
    char mode_err[CONFIG_ERR_LEN] = "";
    char names[COMPARE_MAX_CONFIGS][CONFIG_NAME_LEN];
    struct point_config *pc = calloc(1, sizeof *pc);
    size_t cap = 0;

    memset(jobs, 0, sizeof *jobs);
    if (!pc || !(pc->sets = calloc(m->nset + COMPARE_MAX_SWEPT + 3,
                                   sizeof *pc->sets))) {
        snprintf(err, errlen, "out of memory");
        free(pc);
        return -1;
    }
    for (size_t k = 0; k < m->nkernels; k++) {
        const struct kernel_info *ki = kernel_find(m->kernels[k]);
        char elf[PATH_MAX];

        recursive[k] = -1;
        if (!ki) {
            snprintf(err, errlen, "no kernel '%s' in the suite (simtref "
                     "kernel list names them)", m->kernels[k]);
            goto fail;
        }
        if (kernel_elf_path(ki, elf, sizeof elf) != 0) {
            snprintf(err, errlen, "kernel %s: its binary %s is not built "
                     "(make builds the suite; SIMTREF_KERNEL_ELF_DIR names "
                     "another directory)", ki->name, elf);
            goto fail;
        }
    }
    for (size_t ci = 0; ci < m->nconfigs; ci++) {
        /* The configuration itself, with the --set options. */
        struct compare_matrix base = *m;
        base.sweep_key[0] = '\0';
        if (point_config_load_any_mode(&base, ci, "", pc, err, errlen))
            goto fail;
        if (!plain_name(pc->cfg.name)) {
            snprintf(err, errlen, "%s: the configuration's name '%s' may "
                     "hold only letters, digits and _-.+=", m->configs[ci],
                     pc->cfg.name);
            goto fail;
        }
        snprintf(names[ci], sizeof names[ci], "%s", pc->cfg.name);
        for (size_t cj = 0; cj < ci; cj++)
            if (strcmp(names[cj], names[ci]) == 0) {
                snprintf(err, errlen, "two configurations named %s (%s and "
                         "%s): their points could not be told apart",
                         names[ci], m->configs[cj], m->configs[ci]);
                goto fail;
            }
        for (size_t vi = 0; vi < nv; vi++) {
            const char *value = m->sweep_key[0] ? m->values[vi] : "";
            if (m->sweep_key[0]) {
                if (!plain_name(value)) {
                    snprintf(err, errlen, "--sweep %s: value '%s' may hold "
                             "only letters, digits and _-.+=", m->sweep_key,
                             value);
                    goto fail;
                }
                if (point_config_load_any_mode(m, ci, value, pc, err,
                                               errlen) != 0)
                    goto fail;
            }
            for (size_t mi = 0; mi < nm; mi++) {
                char e[CONFIG_ERR_LEN];
                /* A mode the configuration does not have is left out. */
                if (point_config_load(m, ci, value, modes[mi], -1, -1, pc, e,
                                      sizeof e) != 0) {
                    fprintf(notes, "simtref compare: not run: mode %s at %s: "
                            "%s\n", config_reconvergence_name(
                                (enum reconvergence)modes[mi]),
                            names[ci], e);
                    snprintf(mode_err, sizeof mode_err, "%s", e);
                    continue;
                }
                for (size_t si = 0; si < ns; si++)
                    for (size_t fi = 0; fi < nf; fi++) {
                        if (point_config_load(m, ci, value, modes[mi],
                                              scheds[si], fetches[fi], pc,
                                              err, errlen) != 0)
                            goto fail;
                        for (size_t k = 0; k < m->nkernels; k++) {
                            const struct kernel_info *ki =
                                kernel_find(m->kernels[k]);
                            if (pc->cfg.reconvergence == RECONV_SBR) {
                                if (recursive[k] < 0 && (recursive[k] =
                                    kernel_recursive(ki, err, errlen)) < 0)
                                    goto fail;
                                if (recursive[k]) {
                                    if (si == 0 && fi == 0)
                                        fprintf(notes, "simtref compare: "
                                                "not run: %s under sbr at %s: "
                                                "it calls itself deeper than "
                                                "an SBR stack holds (no spill "
                                                "to memory)\n",
                                                ki->name, names[ci]);
                                    continue;
                                }
                            }
                            if (add_job(jobs, &cap, err, errlen) != 0
                                || make_job(m, k, ci, value, pc, exe, dir,
                                            &jobs->j[jobs->n - 1], err,
                                            errlen) != 0)
                                goto fail;
                            runs_of_mode[mi]++;
                        }
                    }
            }
        }
    }
    for (size_t mi = 0; mi < m->nmodes; mi++)
        if (runs_of_mode[mi] == 0 && mode_err[0]) {
            snprintf(err, errlen, "no configuration of the matrix has mode "
                     "%s: %s", config_reconvergence_name(
                         (enum reconvergence)m->modes[mi]), mode_err);
            goto fail;
        }
    if (jobs->n == 0) {
        snprintf(err, errlen, "the matrix has no point to run");
        goto fail;
    }
    free(pc->sets);
    free(pc);
    return 0;
fail:
    free(pc->sets);
    free(pc);
    compare_jobs_free(jobs);
    return -1;
}

/* s quoted for a POSIX shell (as is when it needs no quoting). */
static void shell_word(const char *s, FILE *f)
{
    bool plain = *s != '\0';

    for (const char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')
              || (*p >= '0' && *p <= '9') || strchr("_-.,/=:+@%", *p)))
            plain = false;
    if (plain) {
        fputs(s, f);
        return;
    }
    fputc('\'', f);
    for (; *s; s++)
        if (*s == '\'')
            fputs("'\\''", f);
        else
            fputc(*s, f);
    fputc('\'', f);
}

void compare_job_command(const struct compare_job *j, FILE *f)
{
    for (size_t i = 0; j->argv[i]; i++) {
        if (i)
            fputc(' ', f);
        shell_word(j->argv[i], f);
    }
    fputc('\n', f);
}

int compare_matrix_write(const struct compare_jobs *jobs, const char *dir,
                         const char *sweep_key, char *err, size_t errlen)
{
    char path[ATOMIC_PATH_LEN];
    struct atomic_file a;

    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, COMPARE_MATRIX_FILE)
        >= sizeof path) {
        snprintf(err, errlen, "%s: path too long", dir);
        return -1;
    }
    if (atomic_open(&a, path, err, errlen) != 0)
        return -1;
    compare_matrix_header(a.f, sweep_key);
    for (size_t i = 0; i < jobs->n; i++)
        compare_matrix_line(a.f, jobs->j[i].file, jobs->j[i].value);
    return atomic_commit(&a, err, errlen);
}

void compare_jobs_free(struct compare_jobs *jobs)
{
    for (size_t i = 0; i < jobs->n; i++) {
        for (size_t a = 0; jobs->j[i].argv && jobs->j[i].argv[a]; a++)
            free(jobs->j[i].argv[a]);
        free(jobs->j[i].argv);
    }
    free(jobs->j);
    jobs->j = NULL;
    jobs->n = 0;
}
