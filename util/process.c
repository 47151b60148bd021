/*
 * process.c -- run another program and wait for it; see process.h.
 */
#include "process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "interrupt.h"

/* In the child, after fork: die with the parent, take the signals' default
 * actions, set up its descriptors and run the program.  Reports errno on
 * `report` (close-on-exec) when it cannot. */
static void child(char *const argv[], const char *log, int out_fd,
                  pid_t parent, const sigset_t *mask, int report)
{
    int fd, code;

    if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent) {
        code = ESRCH;        /* the parent is already gone */
        goto fail;
    }
    /* A child that writes to a file or a pipe runs in its own process
     * group, so that stopping it stops what it runs; one that writes to
     * our terminal stays in ours (a background group may not). */
    if (log || out_fd >= 0)
        setpgid(0, 0);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    sigprocmask(SIG_SETMASK, mask, NULL);
    if ((fd = open("/dev/null", O_RDONLY)) < 0 || dup2(fd, 0) < 0)
        goto errno_fail;
    if (fd != 0)
        close(fd);
    if (log) {
        if ((fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0
            || dup2(fd, 1) < 0)
            goto errno_fail;
        if (fd != 1)
            close(fd);
    } else if (out_fd >= 0 && dup2(out_fd, 1) < 0) {
        goto errno_fail;
    }
    if ((log || out_fd >= 0) && dup2(1, 2) < 0)
        goto errno_fail;
    execvp(argv[0], argv);
errno_fail:
    code = errno;
fail:
    while (write(report, &code, sizeof code) < 0 && errno == EINTR)
        ;
    _exit(127);
}

int spawn_start(char *const argv[], const char *log, int out_fd, pid_t *pid,
                char *err, size_t errlen)
{
    sigset_t block, old;
    pid_t parent = getpid();
    int report[2], code = 0;
    ssize_t got;

    if (interrupt_pending()) {
        snprintf(err, errlen, "cannot run %s: interrupted", argv[0]);
        return -1;
    }
    if (pipe(report) != 0) {
        snprintf(err, errlen, "cannot run %s: %s", argv[0], strerror(errno));
        return -1;
    }
    if (fcntl(report[0], F_SETFD, FD_CLOEXEC) != 0
        || fcntl(report[1], F_SETFD, FD_CLOEXEC) != 0) {
        snprintf(err, errlen, "cannot run %s: %s", argv[0], strerror(errno));
        close(report[0]);
        close(report[1]);
        return -1;
    }
    /* No signal between the fork and the child's registration: the
     * handler would not know the child (in the parent), or would undo
     * the parent's work (in the child). */
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    sigprocmask(SIG_BLOCK, &block, &old);
    *pid = fork();
    if (*pid == 0)
        child(argv, log, out_fd, parent, &old, report[1]);
    code = *pid < 0 ? errno : 0;
    if (*pid > 0) {
        if (log || out_fd >= 0)
            setpgid(*pid, *pid);
        interrupt_add_child(*pid);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    close(report[1]);
    if (*pid > 0) {
        /* the child's errno when it could not run the program; nothing
         * (end of file) when it did */
        while ((got = read(report[0], &code, sizeof code)) < 0
               && errno == EINTR)
            ;
        if (got != (ssize_t)sizeof code) {
            code = 0;
        } else {
            int status;
            while (spawn_reap(*pid, &status) < 0 && errno == EINTR)
                ;
        }
    }
    close(report[0]);
    if (code != 0) {
        snprintf(err, errlen, "cannot run %s: %s", argv[0], strerror(code));
        return -1;
    }
    return 0;
}

pid_t spawn_reap(pid_t pid, int *status)
{
    pid_t got = waitpid(pid, status, 0);

    if (got > 0)
        interrupt_forget_child(got);
    return got;
}

int spawn_wait(char *const argv[], const char *log, int *status,
               char *err, size_t errlen)
{
    pid_t pid;

    if (spawn_start(argv, log, -1, &pid, err, errlen) != 0)
        return -1;
    while (spawn_reap(pid, status) < 0) {
        if (errno != EINTR) {
            snprintf(err, errlen, "waiting for %s: %s", argv[0],
                     strerror(errno));
            return -1;
        }
    }
    return 0;
}

int spawn_run(char *const argv[], const char *log, char *err, size_t errlen)
{
    int status;

    if (spawn_wait(argv, log, &status, err, errlen) != 0)
        return -1;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFEXITED(status))
        snprintf(err, errlen, "%s failed (exit status %d)", argv[0],
                 WEXITSTATUS(status));
    else
        snprintf(err, errlen, "%s was stopped by signal %d", argv[0],
                 WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return -1;
}

const char *spawn_tool(const char *env, const char *fallback)
{
    const char *p = getenv(env);

    return p && *p ? p : fallback;
}
