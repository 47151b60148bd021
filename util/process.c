/*
 * process.c -- run another program and wait for it; see process.h.
 */
#include "process.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

int spawn_start(char *const argv[], const char *log, int out_fd, pid_t *pid,
                char *err, size_t errlen)
{
    posix_spawn_file_actions_t fa;
    int rc;

    if (posix_spawn_file_actions_init(&fa) != 0) {
        snprintf(err, errlen, "cannot run %s: out of memory", argv[0]);
        return -1;
    }
    rc = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    if (rc == 0 && log)
        rc = posix_spawn_file_actions_addopen(&fa, 1, log,
                                              O_WRONLY | O_CREAT | O_TRUNC,
                                              0644);
    else if (rc == 0 && out_fd >= 0)
        rc = posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
    if (rc == 0 && (log || out_fd >= 0))
        rc = posix_spawn_file_actions_adddup2(&fa, 1, 2);
    if (rc == 0)
        rc = posix_spawnp(pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        snprintf(err, errlen, "cannot run %s: %s", argv[0], strerror(rc));
        return -1;
    }
    return 0;
}

int spawn_wait(char *const argv[], const char *log, int *status,
               char *err, size_t errlen)
{
    pid_t pid;

    if (spawn_start(argv, log, -1, &pid, err, errlen) != 0)
        return -1;
    while (waitpid(pid, status, 0) < 0) {
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
