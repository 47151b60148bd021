/*
 * kgen_build.c -- build a kgen program for the SM and for qemu, and run
 * its qemu variant (kgen_build.h).
 */
#include "kgen_build.h"
#include "kgen_stream.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define MAX_ARGS 64u

/* ------------------------------------------------------------------ */
/* Other programs                                                     */

/* Run argv with stdin from `in` (NULL: /dev/null) and stdout to `out`
 * (NULL: to `log`), stderr to log; kill it after timeout seconds.  0 when
 * it exited with status 0; else -1 with what happened in err. */
static int run(char *const argv[], const char *in, const char *out,
               const char *log, unsigned timeout, char *err, size_t errlen)
{
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int st = 0, e;
    struct timespec tick = { 0, 2 * 1000 * 1000 };
    unsigned long ticks = 0;

    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, in ? in : "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, log, O_WRONLY | O_CREAT | O_TRUNC,
                                     0600);
    if (out)
        posix_spawn_file_actions_addopen(&fa, 1, out,
                                         O_WRONLY | O_CREAT | O_TRUNC, 0600);
    else
        posix_spawn_file_actions_adddup2(&fa, 2, 1);
    e = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (e != 0) {
        snprintf(err, errlen, "cannot run %s: %s", argv[0], strerror(e));
        return -1;
    }
    for (;;) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid)
            break;
        if (r < 0) {
            snprintf(err, errlen, "waitpid: %s", strerror(errno));
            return -1;
        }
        if (++ticks > timeout * 500ul) {
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
            snprintf(err, errlen, "%s did not finish in %u s", argv[0], timeout);
            return -1;
        }
        nanosleep(&tick, NULL);
    }
    if (WIFSIGNALED(st)) {
        snprintf(err, errlen, "%s ended by signal %d", argv[0], WTERMSIG(st));
        return -1;
    }
    if (WEXITSTATUS(st) != 0) {
        snprintf(err, errlen, "%s exited with status %d", argv[0],
                 WEXITSTATUS(st));
        return -1;
    }
    return 0;
}

/* Split the kernel flags into argv from *n on. */
static void add_flags(char **argv, unsigned *n, char *flags)
{
    for (char *t = strtok(flags, " "); t && *n < MAX_ARGS - 16; t = strtok(NULL, " "))
        argv[(*n)++] = t;
}

/* The text of a file (at most cap-1 bytes) into buf, for messages. */
static void slurp(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "r");
    size_t n = 0;
    if (f) {
        n = fread(buf, 1, cap - 1, f);
        fclose(f);
    }
    buf[n] = '\0';
}

/* Build src for the SM (qemu false) or for qemu: 0, or -1 with the
 * compiler's messages in err. */
int kgen_build(const struct kgen_tools *t, const struct kgen_files *fl,
               bool qemu, char *err, size_t errlen)
{
    char flags[] = SIMTREF_KERNEL_CFLAGS;
    char inc[320], inc2[320], ld[320], crt[320], log[4096];
    char *argv[MAX_ARGS];
    unsigned n = 0;

    argv[n++] = (char *)t->cc;
    add_flags(argv, &n, flags);
    snprintf(inc, sizeof inc, "-I%s/kernels", t->srcdir);
    snprintf(inc2, sizeof inc2, "-I%s/tests/tools", t->srcdir);
    argv[n++] = inc;
    argv[n++] = inc2;
    if (qemu) {
        snprintf(ld, sizeof ld, "%s/kernels/qemu/link.ld", t->srcdir);
        snprintf(crt, sizeof crt, "%s/kernels/qemu/crt0.S", t->srcdir);
        argv[n++] = (char *)"-DKGEN_QEMU";
        argv[n++] = (char *)"-Wl,--no-warn-rwx-segments";
    } else {
        snprintf(ld, sizeof ld, "%s/kernels/link.ld", t->srcdir);
        snprintf(crt, sizeof crt, "%s/kernels/crt0.S", t->srcdir);
    }
    for (unsigned i = 0; i < t->ncflag; i++)
        argv[n++] = (char *)t->cflag[i];
    argv[n++] = (char *)"-T";
    argv[n++] = ld;
    argv[n++] = (char *)"-o";
    argv[n++] = (char *)(qemu ? fl->qelf : fl->elf);
    argv[n++] = crt;
    if (qemu)
        argv[n++] = (char *)fl->rt;
    argv[n++] = (char *)fl->src;
    argv[n] = NULL;
    if (run(argv, NULL, NULL, fl->log, 120, err, errlen) != 0) {
        size_t k = strlen(err);
        slurp(fl->log, log, sizeof log);
        snprintf(err + k, errlen - k, " building %s for %s:\n%.1500s", fl->src,
                 qemu ? "qemu" : "the SM", log);
        return -1;
    }
    return 0;
}

/* The qemu variant's runtime object, built once. */
int kgen_build_runtime(const struct kgen_tools *t,
                       const struct kgen_files *fl, char *err, size_t errlen)
{
    char flags[] = SIMTREF_KERNEL_CFLAGS;
    char inc[320], inc2[320], src[320], log[4096];
    char *argv[MAX_ARGS];
    unsigned n = 0;

    argv[n++] = (char *)t->cc;
    add_flags(argv, &n, flags);
    snprintf(inc, sizeof inc, "-I%s/kernels", t->srcdir);
    snprintf(inc2, sizeof inc2, "-I%s/tests/tools", t->srcdir);
    snprintf(src, sizeof src, "%s/tests/tools/kgen_qemu_rt.c", t->srcdir);
    argv[n++] = inc;
    argv[n++] = inc2;
    argv[n++] = (char *)"-DKGEN_QEMU";
    argv[n++] = (char *)"-c";
    argv[n++] = src;
    argv[n++] = (char *)"-o";
    argv[n++] = (char *)fl->rt;
    argv[n] = NULL;
    if (run(argv, NULL, NULL, fl->log, 120, err, errlen) != 0) {
        size_t k = strlen(err);
        slurp(fl->log, log, sizeof log);
        snprintf(err + k, errlen - k, " building the qemu runtime:\n%.1500s", log);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Memory                                                             */

/* Global memory before the run: the argument block and the inputs. */
void kgen_initial_memory(uint64_t seed, uint8_t *mem, uint32_t bytes)
{
    uint32_t args[3] = { KGEN_IN_ADDR, KGEN_CNT_ADDR, KGEN_OUT_ADDR };
    memset(mem, 0, bytes);
    memcpy(mem, args, sizeof args);
    for (unsigned i = 0; i < KGEN_NIN; i++) {
        uint32_t v = kgen_input(seed, i);
        memcpy(mem + (KGEN_IN_ADDR - KGEN_GLOBAL_BASE) + 4 * i, &v, 4);
    }
}

/* The qemu run: 0 with global memory after the grid in mem. */
int kgen_run_qemu(const struct kgen_tools *t, const struct kgen_files *fl,
                  const struct kgen_launch *l, unsigned warp_size,
                  uint8_t *mem, uint32_t bytes, char *err, size_t errlen)
{
    uint32_t hdr[KGEN_STREAM_WORDS];
    char *argv[] = { (char *)t->qemu, (char *)fl->qelf, NULL };
    FILE *f;
    char log[2048];

    hdr[KGEN_HDR_MAGIC] = KGEN_STREAM_MAGIC;
    hdr[KGEN_HDR_ARGS] = KGEN_GLOBAL_BASE;
    hdr[KGEN_HDR_GRID] = l->grid;
    hdr[KGEN_HDR_BLOCK] = l->block;
    hdr[KGEN_HDR_WARP] = warp_size;
    hdr[KGEN_HDR_BYTES] = bytes;
    if (!(f = fopen(fl->in, "wb"))) {
        snprintf(err, errlen, "%s: %s", fl->in, strerror(errno));
        return -1;
    }
    fwrite(hdr, sizeof hdr, 1, f);
    fwrite(mem, 1, bytes, f);
    if (fclose(f) != 0) {
        snprintf(err, errlen, "%s: cannot write", fl->in);
        return -1;
    }
    if (run(argv, fl->in, fl->out, fl->log, 60, err, errlen) != 0) {
        size_t k = strlen(err);
        slurp(fl->log, log, sizeof log);
        snprintf(err + k, errlen - k, " (qemu variant %s; status %d means a "
                 "barrier no live thread completes)%s%s", fl->qelf,
                 KGEN_STREAM_ERR_DEADLOCK, log[0] ? ": " : "", log);
        return -1;
    }
    if (!(f = fopen(fl->out, "rb"))) {
        snprintf(err, errlen, "%s: %s", fl->out, strerror(errno));
        return -1;
    }
    if (fread(mem, 1, bytes, f) != bytes) {
        snprintf(err, errlen, "%s: qemu wrote less than the %u bytes of "
                 "global memory", fl->qelf, bytes);
        fclose(f);
        return -1;
    }
    fclose(f);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Memory after the run                                               */

/* 0 when equal; else -1 with the first differing word, whose it is and
 * how many differ, in err. */
int kgen_compare_memory(const uint8_t *sm, const uint8_t *q, uint32_t bytes,
                        char *err, size_t errlen)
{
    uint32_t first = bytes, ndiff = 0;
    uint32_t a, b, addr;
    char whose[96];

    for (uint32_t i = 0; i + 4 <= bytes; i += 4)
        if (memcmp(sm + i, q + i, 4) != 0) {
            if (first == bytes)
                first = i;
            ndiff++;
        }
    if (first == bytes)
        return 0;
    memcpy(&a, sm + first, 4);
    memcpy(&b, q + first, 4);
    addr = KGEN_GLOBAL_BASE + first;
    if (addr >= KGEN_OUT_ADDR)
        snprintf(whose, sizeof whose, "out[%u] of global thread %u",
                 (addr - KGEN_OUT_ADDR) / 4 % KGEN_NOUT,
                 (addr - KGEN_OUT_ADDR) / 4 / KGEN_NOUT);
    else if (addr >= KGEN_CNT_ADDR)
        snprintf(whose, sizeof whose, "global counter %u",
                 (addr - KGEN_CNT_ADDR) / 4);
    else
        snprintf(whose, sizeof whose, "an input word");
    snprintf(err, errlen, "global memory differs from qemu's: first at "
             "0x%08x (%s): SM 0x%08x, qemu 0x%08x; %u word%s differ",
             addr, whose, a, b, ndiff, ndiff == 1 ? "" : "s");
    return -1;
}


/* ------------------------------------------------------------------ */
/* The tools and the scratch files                                    */

void kgen_tools_from_env(struct kgen_tools *t)
{
    const char *env;

    memset(t, 0, sizeof *t);
    t->srcdir = (env = getenv("SRCDIR")) && *env ? env : ".";
    t->cc = (env = getenv("RISCV_CC")) && *env ? env : SIMTREF_RISCV_CC_DEFAULT;
    t->qemu = (env = getenv("QEMU_RISCV32")) && *env ? env : "qemu-riscv32";
}

int kgen_files_make(struct kgen_files *fl, char *err, size_t errlen)
{
    const char *tmp = getenv("TMPDIR");

    memset(fl, 0, sizeof *fl);
    snprintf(fl->dir, sizeof fl->dir, "%s/kgen-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(fl->dir)) {
        snprintf(err, errlen, "%s: %s", fl->dir, strerror(errno));
        return -1;
    }
    snprintf(fl->src, sizeof fl->src, "%s/kgen.c", fl->dir);
    snprintf(fl->elf, sizeof fl->elf, "%s/kgen.elf", fl->dir);
    snprintf(fl->qelf, sizeof fl->qelf, "%s/kgen.qemu.elf", fl->dir);
    snprintf(fl->rt, sizeof fl->rt, "%s/rt.o", fl->dir);
    snprintf(fl->in, sizeof fl->in, "%s/in", fl->dir);
    snprintf(fl->out, sizeof fl->out, "%s/out", fl->dir);
    snprintf(fl->log, sizeof fl->log, "%s/log", fl->dir);
    return 0;
}

void kgen_files_remove(const struct kgen_files *fl)
{
    const char *names[] = { fl->src, fl->elf, fl->qelf, fl->rt, fl->in,
                            fl->out, fl->log };

    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        remove(names[i]);
    rmdir(fl->dir);
}

int kgen_write_source(const struct kgen_files *fl, uint64_t seed,
                      const struct kgen_features *f, char *err, size_t errlen)
{
    FILE *out = fopen(fl->src, "w");
    int bad;

    if (!out) {
        snprintf(err, errlen, "%s: %s", fl->src, strerror(errno));
        return -1;
    }
    bad = kgen_write(out, seed, f) != 0;
    if (fclose(out) != 0 || bad) {
        snprintf(err, errlen, "%s: cannot write the program", fl->src);
        remove(fl->src);
        return -1;
    }
    return 0;
}
