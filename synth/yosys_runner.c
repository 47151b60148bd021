/*
 * yosys_runner.c -- the Yosys area flow run over a batch of modules; see
 * yosys_runner.h and synth_area_batch() in synth_area.h.
 *
 * Each job goes through: its checks; the modules it instantiates found
 * beside its file (submodules.h); its script written into its working
 * directory; the cache looked up (a hit is done at once); otherwise a
 * Yosys process, started when fewer than flow->jobs are running, the
 * largest Verilog file first (the longest run starts first, so it does
 * not finish alone at the end); at its exit the statistics read
 * (yosys_stat.h) and stored in the cache.
 */
#include "yosys_runner.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "liberty.h"
#include "shift_map.h"
#include "shiftx_map.h"
#include "interrupt.h"
#include "process.h"
#include "submodules.h"
#include "synth_area.h"
#include "synth_cache.h"
#include "synth_text.h"

/* What the runner keeps about one job. */
struct run {
    struct synth_job  *job;         /* the caller's job */
    struct yosys_files files;       /* its files in its working directory */
    char               key[SYNTH_KEY_SIZE];   /* its cache key, when keyed */
    int                keyed;       /* a cache is in use and key is set */
    size_t             size;        /* bytes of its Verilog, submodules
                                       included: the order */
    struct submodules  sub;         /* the modules it instantiates */
    pid_t              pid;         /* its Yosys process while running */
    struct timespec    start;       /* when that process started */
};

/* The state of one batch. */
struct batch {
    const struct synth_flow *flow;
    struct liberty lib;             /* the cell library, read once */
    char          *lib_text;        /* its text, for the keys */
    size_t         lib_len;
    char           version[256];    /* `yosys -V`, for the keys */
    int            cache_ok;        /* the cache is in use (not failed) */
    size_t         njobs, ndone;    /* jobs in all; finished */
};

/* ---------------------------------------------------------------------
 * The script
 * ------------------------------------------------------------------- */

void yosys_script_write(FILE *out, const char *liberty, const char *verilog,
                        const char *const *sub, size_t nsub,
                        const char *top, int show_table, int netlist,
                        const struct yosys_files *f)
{
    fprintf(out, "# Area synthesis of module %s, written by simtref.\n"
            "# Relative paths are relative to where yosys is started.\n",
            top);
    fprintf(out, "read_verilog -noautowire %s\n", verilog);
    for (size_t i = 0; i < nsub; i++)
        fprintf(out, "read_verilog -noautowire %s\n", sub[i]);
    /* Elaborated with the default, then again with 0.  (Elaborating once,
     * read_verilog -defer and hierarchy -chparam, saves seconds on the
     * RBT but numbers the cells differently, and ABC's fast script,
     * sensitive to their order, maps the lookups to a few more cells.) */
    if (show_table)
        fprintf(out, "chparam -set SHOW_TABLE 0 %s\n", top);
    fprintf(out, "hierarchy -check -top %s\n", top);
    /* The marked arrays of every instance: a module instantiated twice
     * holds its arrays twice.  (synth -flatten below begins the same way,
     * so the netlist is the one it would make anyway.) */
    if (nsub > 0)
        fprintf(out, "proc\nflatten\n");
    fprintf(out, "tee -q -o %s dump a:simtref_array\n", f->arrays);
    fprintf(out, "synth -flatten -top %s -run :fine\n", top);
    fprintf(out, "tee -q -o %s dump t:$mem_v2\n", f->mems);
    fprintf(out, "opt -fast -full\n");
    /* the variable part-selects narrowed first (shiftx_map.h): the same
     * gates, without building the unreachable part */
    fprintf(out, "techmap -map %s\n", f->shiftx_map);
    /* and the variable part-select writes built over the bits they can
     * reach (shift_map.h): the same gates again */
    fprintf(out, "techmap -map %s\n", f->shift_map);
    fprintf(out, "techmap\n");
    fprintf(out, "opt -fast\n");
    fprintf(out, "dfflibmap -liberty %s\n", liberty);
    /* ABC's fast script: the full one takes over ten minutes on the
     * fermi-harp RBT (160 000 gates) and saves a few per cent of area. */
    fprintf(out, "abc -fast -liberty %s\n", liberty);
    fprintf(out, "opt_clean\n");
    fprintf(out, "tee -o %s stat -liberty %s\n", f->stat, liberty);
    if (netlist)
        fprintf(out, "write_verilog -noattr %s\n", f->netlist);
}

int yosys_check_script_path(const char *what, const char *path, char *err,
                            size_t errlen)
{
    const char *p;

    if (*path == '\0')
        return synth_fail(err, errlen, "the %s path is empty", what);
    for (p = path; *p; p++)
        if (isspace((unsigned char)*p) || *p == ';' || *p == '#' ||
            *p == '"')
            return synth_fail(err, errlen, "the %s path '%s' contains a "
                              "space or one of  \" ; #  which a Yosys "
                              "script cannot carry", what, path);
    return 0;
}

/* Returns 0 when top is a plain Verilog identifier, else -1. */
static int check_top_name(const char *top, char *err, size_t errlen)
{
    const char *p = top;

    if (!isalpha((unsigned char)*p) && *p != '_')
        return synth_fail(err, errlen, "bad top module name '%s'", top);
    for (p++; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_' && *p != '$')
            return synth_fail(err, errlen, "bad top module name '%s'", top);
    return 0;
}

/* ---------------------------------------------------------------------
 * Processes
 * ------------------------------------------------------------------- */

/*
 * Start `yosys ARG [SCRIPT]` with stdin from /dev/null and stdout and
 * stderr to the file out_path, or to the pipe end out_fd when out_path is
 * NULL.  Returns 0 with its pid, or -1 with a message.
 */
static int spawn_yosys(const char *yosys, const char *arg, const char *script,
                       const char *out_path, int out_fd, pid_t *pid,
                       char *err, size_t errlen)
{
    char prog[SYNTH_PATH_SIZE], a1[8], a2[SYNTH_PATH_SIZE];
    char *argv[4];
    if (snprintf(prog, sizeof prog, "%s", yosys) >= (int)sizeof prog ||
        snprintf(a1, sizeof a1, "%s", arg) >= (int)sizeof a1 ||
        snprintf(a2, sizeof a2, "%s", script ? script : "")
            >= (int)sizeof a2)
        return synth_fail(err, errlen, "yosys command line too long");
    argv[0] = prog;
    argv[1] = a1;
    argv[2] = script ? a2 : NULL;
    argv[3] = NULL;

    return spawn_start(argv, out_path, out_fd, pid, err, errlen);
}

int yosys_version(const char *yosys, char *buf, size_t size, char *err,
                  size_t errlen)
{
    int fd[2], status;
    size_t len = 0;
    ssize_t got;
    pid_t pid;
    char *nl;

    if (size == 0 || pipe(fd) != 0)
        return synth_fail(err, errlen, "cannot make a pipe: %s",
                          strerror(errno));
    if (spawn_yosys(yosys, "-V", NULL, NULL, fd[1], &pid, err, errlen)) {
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    close(fd[1]);
    while (len + 1 < size &&
           ((got = read(fd[0], buf + len, size - 1 - len)) > 0 ||
            (got < 0 && errno == EINTR)))
        if (got > 0)
            len += (size_t)got;
    buf[len] = '\0';
    close(fd[0]);
    while (spawn_reap(pid, &status) < 0)
        if (errno != EINTR)
            return synth_fail(err, errlen, "waiting for yosys: %s",
                              strerror(errno));
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || len == 0)
        return synth_fail(err, errlen, "'%s -V' failed", yosys);
    if ((nl = strchr(buf, '\n')) != NULL)
        *nl = '\0';
    return 0;
}

/*
 * Copy into buf the last line of the log that contains "ERROR", with
 * leading white space removed; an empty string when there is none.
 */
static void last_error_line(const char *log_path, char *buf, size_t size)
{
    char line[SYNTH_LINE_SIZE], ignored[8];
    const char *pos;
    char *text = synth_read_file(log_path, NULL, ignored, sizeof ignored);

    buf[0] = '\0';
    if (text == NULL)
        return;
    pos = text;
    while (synth_next_line(&pos, line, sizeof line))
        if (strstr(line, "ERROR") != NULL)
            snprintf(buf, size, "%s", synth_skip_space(line));
    free(text);
}

/* The message for a Yosys run that ended with wait status `status`. */
static void describe_failure(const struct run *r, int status)
{
    char why[64], last[SYNTH_LINE_SIZE];
    struct synth_job *j = r->job;

    if (WIFEXITED(status))
        snprintf(why, sizeof why, "exit %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(why, sizeof why, "signal %d", WTERMSIG(status));
    else
        snprintf(why, sizeof why, "status %d", status);
    last_error_line(r->files.log, last, sizeof last);
    if (last[0] != '\0')
        synth_fail(j->err, sizeof j->err, "yosys failed (%s), see %s: %s",
                   why, r->files.log, last);
    else
        synth_fail(j->err, sizeof j->err, "yosys failed (%s), see %s", why,
                   r->files.log);
}

/* ---------------------------------------------------------------------
 * The batch
 * ------------------------------------------------------------------- */

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) +
           (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Note on the progress stream that job r is done (or started). */
static void progress(struct batch *b, const struct run *r, const char *what)
{
    if (b->flow->progress == NULL)
        return;
    fprintf(b->flow->progress, "simtref: [%zu/%zu] %-22s %s\n", b->ndone,
            b->njobs, r->job->label ? r->job->label : r->job->top, what);
    fflush(b->flow->progress);
}

/* Read the outputs of job r into its result; stamps the job's message. */
static int finish(struct batch *b, struct run *r)
{
    struct synth_job *j = r->job;
    char note[SYNTH_LINE_SIZE];

    if (yosys_stat_read(j->top, &b->lib, &r->files, &j->res, j->err,
                        sizeof j->err) != 0) {
        memset(&j->res, 0, sizeof j->res);
        return -1;
    }
    b->ndone++;
    if (j->cached) {
        progress(b, r, "cached");
    } else {
        snprintf(note, sizeof note, "%.1f s", j->seconds);
        progress(b, r, note);
    }
    if (r->keyed && !j->cached && b->cache_ok &&
        synth_cache_store(b->flow->cache_dir, r->key, &r->files, note,
                          sizeof note) != 0) {
        fprintf(stderr, "simtref: %s (going on without the cache)\n", note);
        b->cache_ok = 0;
    }
    return 0;
}

/* Write a file that says where a cached run's outputs came from. */
static int note_cached(const struct batch *b, const struct run *r)
{
    FILE *f = fopen(r->files.log, "w");
    int bad;

    if (f == NULL)
        return synth_fail(r->job->err, sizeof r->job->err,
                          "cannot create %s: %s", r->files.log,
                          strerror(errno));
    fprintf(f, "Not run: the outputs of this script (stat.txt, mems.txt, "
            "arrays.txt) are those of an earlier run with the same key, "
            "taken from the cache entry %s/%s.syn.\n", b->flow->cache_dir,
            r->key);
    bad = ferror(f);
    if (fclose(f) != 0 || bad)
        return synth_fail(r->job->err, sizeof r->job->err,
                          "error writing %s", r->files.log);
    return 0;
}

/* Free the texts of the first n submodules of a job. */
static void free_texts(char **text, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(text[i]);
}

/*
 * Find the modules job r instantiates and read their files into text and
 * len (r->sub.n of each; the caller frees them); adds their size to
 * r->size.  Returns 0, or -1 with a message in the job.
 */
static int read_submodules(struct run *r, char **text, size_t *len)
{
    struct synth_job *j = r->job;
    size_t i;

    if (submodules_find(j->verilog_path, j->top, &r->sub, j->err,
                        sizeof j->err) != 0)
        return -1;
    for (i = 0; i < r->sub.n; i++) {
        if (yosys_check_script_path("verilog", r->sub.path[i], j->err,
                                    sizeof j->err) != 0 ||
            (text[i] = synth_read_file(r->sub.path[i], &len[i], j->err,
                                       sizeof j->err)) == NULL) {
            free_texts(text, i);
            return -1;
        }
        r->size += len[i];
    }
    return 0;
}

/* Write the script of job r to out: with its own paths, or (key != 0)
 * with fixed names, as its cache key reads it.  The key's script is the
 * one that writes the netlist, whether this run writes it or not: that
 * line changes no figure, and runs that keep the netlist and runs that do
 * not share their entries. */
static void write_script(const struct batch *b, const struct run *r,
                         int show_table, int key, FILE *out)
{
    const char *sub[SUBMODULES_MAX];
    struct yosys_files fixed;

    for (size_t i = 0; i < r->sub.n; i++)
        sub[i] = key ? r->sub.name[i] : r->sub.path[i];
    if (key) {
        yosys_files_in(".", &fixed, NULL, 0);
        yosys_script_write(out, "cells.lib", "module.v", sub, r->sub.n,
                           r->job->top, show_table, 1, &fixed);
    } else {
        yosys_script_write(out, b->flow->liberty_path, r->job->verilog_path,
                           sub, r->sub.n, r->job->top, show_table,
                           b->flow->netlist, &r->files);
    }
}

/* Write text to the file path; 0, or -1 with a message in job j. */
static int write_text(const char *path, const char *text, struct synth_job *j)
{
    FILE *f = fopen(path, "w");
    int bad;

    if (f == NULL)
        return synth_fail(j->err, sizeof j->err, "cannot create %s: %s",
                          path, strerror(errno));
    bad = fputs(text, f) == EOF;
    if (fclose(f) != 0 || bad)
        return synth_fail(j->err, sizeof j->err, "error writing %s", path);
    return 0;
}

/*
 * Prepare job r: check it, write its script, key it, and look it up in
 * the cache.  Returns 1 when the cache had it (and it is finished), 0
 * when it needs a Yosys run, -1 on failure (the message in the job).
 */
static int prepare(struct batch *b, struct run *r)
{
    struct synth_job *j = r->job;
    char *verilog, *script = NULL;
    char *sub_text[SUBMODULES_MAX];
    size_t sub_len[SUBMODULES_MAX];
    size_t vlen = 0, slen = 0;
    int show_table, rc, bad;
    FILE *f;

    if (check_top_name(j->top, j->err, sizeof j->err) != 0 ||
        yosys_check_script_path("verilog", j->verilog_path, j->err,
                                sizeof j->err) != 0 ||
        yosys_check_script_path("work directory", j->workdir, j->err,
                                sizeof j->err) != 0 ||
        yosys_files_in(j->workdir, &r->files, j->err, sizeof j->err) != 0)
        return -1;
    remove(r->files.stat);      /* never read a previous run's figures */
    remove(r->files.mems);
    remove(r->files.arrays);
    remove(r->files.netlist);
    verilog = synth_read_file(j->verilog_path, &vlen, j->err, sizeof j->err);
    if (verilog == NULL)
        return -1;
    r->size = vlen;
    if (read_submodules(r, sub_text, sub_len) != 0) {
        free(verilog);
        return -1;
    }
    show_table = strstr(verilog, "parameter integer SHOW_TABLE") != NULL;
    j->res.show_table_off = show_table;

    rc = -1;
    if (write_text(r->files.shiftx_map, shiftx_map_verilog, j) != 0 ||
        write_text(r->files.shift_map, shift_map_verilog, j) != 0)
        goto out;
    f = fopen(r->files.script, "w");
    if (f == NULL) {
        synth_fail(j->err, sizeof j->err, "cannot create %s: %s",
                   r->files.script, strerror(errno));
        goto out;
    }
    write_script(b, r, show_table, 0, f);
    bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        synth_fail(j->err, sizeof j->err, "error writing %s",
                   r->files.script);
        goto out;
    }
    rc = 0;
    if (!b->cache_ok)
        goto out;

    /* The key: the same script with the file names fixed, and the text
     * of every file it reads. */
    rc = -1;
    f = open_memstream(&script, &slen);
    if (f == NULL) {
        synth_fail(j->err, sizeof j->err, "out of memory");
        goto out;
    }
    write_script(b, r, show_table, 1, f);
    if (fclose(f) != 0) {
        synth_fail(j->err, sizeof j->err, "out of memory");
        goto out;
    }
    {
        struct synth_key_input in = {
            b->version, script, b->lib_text, b->lib_len, shiftx_map_verilog,
            shift_map_verilog,
            verilog, vlen,
            r->sub.n, (const char *const *)sub_text, sub_len
        };
        synth_cache_key(&in, r->key);
    }
    r->keyed = 1;
    rc = 1;
out:
    free(script);
    free(verilog);
    free_texts(sub_text, r->sub.n);
    if (rc <= 0)
        return rc;
    rc = synth_cache_load(b->flow->cache_dir, r->key, &r->files, j->err,
                          sizeof j->err);
    if (rc <= 0)
        return rc;
    j->cached = 1;
    if (note_cached(b, r) != 0)
        return -1;
    if (finish(b, r) == 0)
        return 1;
    /* The entry read back whole, but its figures fail the checks (an
     * entry written by another version, or edited): say where they came
     * from, drop the entry and synthesize the structure anew, as on a
     * miss; its new entry replaces the old. */
    {
        char path[SYNTH_PATH_SIZE + 80];
        char *see = strstr(j->err, " (see ");
        if (see)
            *see = '\0';
        if (synth_cache_forget(b->flow->cache_dir, r->key, path,
                               sizeof path) != 0)
            return synth_fail(j->err, sizeof j->err, "%s: the figures "
                              "from the synthesis cache entry %s are wrong "
                              "(%s) and it cannot be removed: remove it, or "
                              "run with --no-cache", j->top, path, j->err);
        fprintf(stderr, "simtref: %s: the figures from the synthesis cache "
                "entry %s are wrong (%s): entry removed, synthesizing anew\n",
                j->top, path, j->err);
    }
    j->cached = 0;
    j->err[0] = '\0';
    j->res.show_table_off = show_table;     /* finish() cleared the result */
    return 0;
}

/* Start the Yosys run of job r. */
static int start(struct batch *b, struct run *r)
{
    clock_gettime(CLOCK_MONOTONIC, &r->start);
    if (spawn_yosys(b->flow->yosys, "-s", r->files.script, r->files.log, -1,
                    &r->pid, r->job->err, sizeof r->job->err) != 0)
        return -1;
    progress(b, r, "synthesizing");
    return 0;
}

/* Largest Verilog first. */
static int by_size_desc(const void *pa, const void *pb)
{
    const struct run *a = *(struct run *const *)pa;
    const struct run *c = *(struct run *const *)pb;

    return a->size < c->size ? 1 : a->size > c->size ? -1 : 0;
}

/* Stop the runs still going and reap them. */
static void stop_all(struct run **running, size_t nrunning)
{
    int status;

    for (size_t i = 0; i < nrunning; i++)
        kill(running[i]->pid, SIGTERM);
    for (size_t i = 0; i < nrunning; i++)
        while (spawn_reap(running[i]->pid, &status) < 0 && errno == EINTR)
            ;
}

/* Run the jobs in todo[0..n), at most flow->jobs at a time. */
static int run_all(struct batch *b, struct run **todo, size_t n)
{
    struct run **running = calloc(b->flow->jobs, sizeof *running);
    size_t next = 0, nrunning = 0;
    int failed = 0;

    if (running == NULL && n > 0)
        return -1;
    while (!failed && (next < n || nrunning > 0)) {
        int status;
        pid_t pid;
        size_t i;

        while (!failed && next < n && nrunning < b->flow->jobs) {
            if (start(b, todo[next]) != 0)
                failed = 1;
            else
                running[nrunning++] = todo[next];
            next++;
        }
        if (failed || nrunning == 0)
            break;
        pid = spawn_reap(-1, &status);
        if (pid < 0) {
            if (errno == EINTR && interrupt_pending()) {
                snprintf(running[0]->job->err, sizeof running[0]->job->err,
                         "interrupted by signal %d", interrupt_pending());
                failed = 1;
                break;
            }
            if (errno == EINTR)
                continue;
            snprintf(running[0]->job->err, sizeof running[0]->job->err,
                     "waiting for yosys: %s", strerror(errno));
            failed = 1;
            break;
        }
        for (i = 0; i < nrunning && running[i]->pid != pid; i++)
            ;
        if (i == nrunning)
            continue;           /* not one of ours */
        {
            struct run *r = running[i];
            running[i] = running[--nrunning];
            r->job->seconds = seconds_since(&r->start);
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                describe_failure(r, status);
                failed = 1;
            } else if (finish(b, r) != 0) {
                failed = 1;
            }
        }
    }
    stop_all(running, nrunning);
    free(running);
    return failed ? -1 : 0;
}

int synth_area_batch(const struct synth_flow *flow, struct synth_job *job,
                     size_t njobs, char *err, size_t errlen)
{
    struct batch *b = calloc(1, sizeof *b);
    struct run *run = calloc(njobs ? njobs : 1, sizeof *run);
    struct run **todo = calloc(njobs ? njobs : 1, sizeof *todo);
    size_t ntodo = 0, i;
    int rc = -1;

    if (b == NULL || run == NULL || todo == NULL) {
        synth_fail(err, errlen, "out of memory");
        goto done;
    }
    for (i = 0; i < njobs; i++) {
        memset(&job[i].res, 0, sizeof job[i].res);
        job[i].err[0] = '\0';
        job[i].cached = 0;
        job[i].seconds = 0;
        run[i].job = &job[i];
    }
    b->flow = flow;
    b->njobs = njobs;
    if (flow->jobs == 0) {
        synth_fail(err, errlen, "the number of jobs must be at least 1");
        goto done;
    }
    if (yosys_check_script_path("liberty", flow->liberty_path, err,
                                errlen) != 0 ||
        liberty_read(flow->liberty_path, &b->lib, err, errlen) != 0)
        goto done;
    if (flow->cache_dir != NULL) {
        b->lib_text = synth_read_file(flow->liberty_path, &b->lib_len, err,
                                      errlen);
        if (b->lib_text == NULL ||
            yosys_version(flow->yosys, b->version, sizeof b->version, err,
                          errlen) != 0)
            goto done;
        b->cache_ok = 1;
    }
    if (flow->progress != NULL)
        fprintf(flow->progress, "simtref: synthesizing %zu module%s, %u at "
                "a time%s%s\n", njobs, njobs == 1 ? "" : "s", flow->jobs,
                flow->cache_dir ? "; cache " : "",
                flow->cache_dir ? flow->cache_dir : "");

    rc = 0;
    for (i = 0; i < njobs && rc == 0; i++) {
        int p = prepare(b, &run[i]);
        if (p < 0)
            rc = -1;
        else if (p == 0)
            todo[ntodo++] = &run[i];
    }
    if (rc == 0) {
        qsort(todo, ntodo, sizeof *todo, by_size_desc);
        rc = run_all(b, todo, ntodo);
    }
    if (rc != 0) {
        for (i = 0; i < njobs && job[i].err[0] == '\0'; i++)
            ;
        if (i < njobs)
            synth_fail(err, errlen, "%s", job[i].err);
        else
            synth_fail(err, errlen, "out of memory");
    }
done:
    if (b != NULL)
        free(b->lib_text);
    free(b);
    free(run);
    free(todo);
    return rc;
}
