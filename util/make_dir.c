/*
 * make_dir.c -- mkdir -p (make_dir.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "make_dir.h"

int make_dir(const char *path, char *err, size_t errlen)
{
    char buf[PATH_MAX];
    struct stat st;
    size_t len = strlen(path);

    if (len == 0 || len >= sizeof buf) {
        snprintf(err, errlen, "%.200s: not a directory name", path);
        return -1;
    }
    memcpy(buf, path, len + 1);
    /* each prefix ending before a '/', then the whole path */
    for (char *p = buf + 1;; p++) {
        char c = *p;
        if (c != '/' && c != '\0')
            continue;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "%.400s: cannot create: %s", buf,
                     strerror(errno));
            return -1;
        }
        *p = c;
        if (c == '\0')
            break;
    }
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%.400s: not a directory", path);
        return -1;
    }
    return 0;
}
