/*
 * compare_run.c -- the points of a compare matrix as child processes,
 * rq->jobs at a time; see compare_run.h.
 */
#define _XOPEN_SOURCE 700  /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compare_run.h"
#include "process.h"

/* A point's log file: logdir/FILE.log. */
static void log_path(const struct compare_run_request *rq,
                     const struct compare_job *j, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s.log", rq->logdir, j->file);
}

static void progress(const struct compare_run_request *rq, size_t done,
                     size_t total, size_t failed)
{
    enum { WIDTH = 40 };
    char bar[WIDTH + 1];
    size_t fill = total ? done * WIDTH / total : WIDTH;

    if (!rq->progress)
        return;
    memset(bar, '#', fill);
    memset(bar + fill, '.', WIDTH - fill);
    bar[WIDTH] = '\0';
    fprintf(rq->progress, "\rcompare [%s] %zu/%zu points", bar, done, total);
    if (failed)
        fprintf(rq->progress, ", %zu failed", failed);
    fflush(rq->progress);
}

/* Report a failed point: what it printed, and its command. */
static void report_failure(const struct compare_run_request *rq,
                           const struct compare_job *j, int status)
{
    char log[COMPARE_PATH_LEN + 16], line[1024];
    FILE *f;

    if (rq->progress)
        fputc('\n', rq->progress);
    fprintf(rq->failures, "simtref compare: point %s failed", j->label);
    if (WIFEXITED(status))
        fprintf(rq->failures, " (exit status %d):\n", WEXITSTATUS(status));
    else
        fprintf(rq->failures, " (signal %d):\n",
                WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    log_path(rq, j, log, sizeof log);
    if ((f = fopen(log, "r")) != NULL) {
        while (fgets(line, sizeof line, f))
            fprintf(rq->failures, "    %s%s", line,
                    strchr(line, '\n') ? "" : "\n");
        fclose(f);
    }
    fprintf(rq->failures, "  to repeat it: ");
    compare_job_command(j, rq->failures);
    fprintf(rq->failures, "  its output: %s\n", log);
}

int compare_run(const struct compare_jobs *jobs,
                const struct compare_run_request *rq, char *err,
                size_t errlen)
{
    pid_t *pids = calloc(jobs->n ? jobs->n : 1, sizeof *pids);
    size_t next = 0, running = 0, done = 0, failed = 0;
    char log[COMPARE_PATH_LEN + 16];
    bool start_failed = false;

    if (!pids) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    progress(rq, 0, jobs->n, 0);
    while (running > 0 || (next < jobs->n && !failed && !start_failed)) {
        pid_t pid;
        int status;
        size_t i;

        while (running < rq->jobs && next < jobs->n && !failed
               && !start_failed) {
            log_path(rq, &jobs->j[next], log, sizeof log);
            if (spawn_start(jobs->j[next].argv, log, -1, &pids[next], err,
                            errlen) != 0) {
                start_failed = true;
                break;
            }
            next++;
            running++;
        }
        if (running == 0)
            break;
        pid = spawn_reap(-1, &status);
        if (pid < 0) {
            if (errno == EINTR)
                continue;
            snprintf(err, errlen, "waiting for the points: %s",
                     strerror(errno));
            free(pids);
            return -1;
        }
        for (i = 0; i < next && pids[i] != pid; i++)
            ;
        if (i == next)
            continue;          /* not a point's process */
        pids[i] = 0;
        running--;
        done++;
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
            log_path(rq, &jobs->j[i], log, sizeof log);
            unlink(log);
        } else {
            failed++;
            report_failure(rq, &jobs->j[i], status);
        }
        progress(rq, done, jobs->n, failed);
    }
    if (rq->progress)
        fputc('\n', rq->progress);
    free(pids);
    if (start_failed)
        return -1;
    if (failed) {
        snprintf(err, errlen, "%zu of %zu points failed%s", failed, jobs->n,
                 next < jobs->n ? " (the others were not started)" : "");
        return -1;
    }
    return 0;
}

int compare_absolute_path(const char *path, char *buf, size_t len)
{
    char cwd[PATH_MAX];

    if (path[0] == '/')
        return (size_t)snprintf(buf, len, "%s", path) < len ? 0 : -1;
    if (!getcwd(cwd, sizeof cwd))
        return -1;
    return (size_t)snprintf(buf, len, "%s/%s", cwd, path) < len ? 0 : -1;
}

void compare_self_path(const char *argv0, char *buf, size_t len)
{
    ssize_t n = readlink("/proc/self/exe", buf, len - 1);

    if (n > 0) {
        buf[n] = '\0';
        return;
    }
    if (!strchr(argv0, '/') || !realpath(argv0, buf))
        snprintf(buf, len, "%s", argv0);
}
