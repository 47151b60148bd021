/*
 * run.c -- check kernels of the suite without the SM: each kernel's
 * single-thread variant (kernels/qemu/NAME.elf) runs under qemu-riscv32
 * on inputs written by the kernel's host side, and the host reference
 * checks what comes back (kernel_check).  The host side writes into the
 * global memory of an SM of the host API (the preset tiny, no kernel
 * loaded: SIMTREF_CONFIG_DIR names the presets' directory when not
 * installed), which goes to qemu and comes back whole.
 *
 *   run [--qemu PATH] [--dir DIR] [--size N] [--grid N] [--seed S]
 *       [--timeout SECONDS] NAME...
 *   run --list          the suite's kernels, one per line
 *
 * Without --size each kernel runs at its default size; the block is one
 * thread, and the grid's TBs run one after the other (start.c).  Prints
 * one line per kernel; the exit status is 0 when every result is right.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "api_internal.h"
#include "qemu.h"
#include "suite.h"

extern char **environ;

/* What the options asked for. */
struct run_opts {
    const char *qemu, *dir;
    unsigned long size, grid, timeout;
    unsigned long long seed;
    int has_size, has_grid;
};

/* Run qemu on elf with stdin from in and stdout to out: 0, or -1 with
 * a message. */
static int run_qemu(const struct run_opts *o, const char *elf,
                    const char *in, const char *out, char *err, size_t errlen)
{
    static const char *const why[] = {   /* ORDER QEMU_ERR */
        "malformed header", "global memory too large",
        "stdin ended early", "stdout refused the result"
    };
    posix_spawn_file_actions_t fa;
    char *argv[] = { (char *)o->qemu, (char *)elf, NULL };
    pid_t pid;
    int st = 0, e;
    struct timespec tick = { 0, 10 * 1000 * 1000 };

    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, in, O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    e = posix_spawnp(&pid, o->qemu, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (e != 0) {
        snprintf(err, errlen, "cannot run %s: %s", o->qemu, strerror(e));
        return -1;
    }
    for (unsigned long t = 0; ; t++) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid)
            break;
        if (r < 0) {
            snprintf(err, errlen, "waitpid: %s", strerror(errno));
            return -1;
        }
        if (t >= o->timeout * 100) {
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
            snprintf(err, errlen, "%s did not finish in %lu s", elf, o->timeout);
            return -1;
        }
        nanosleep(&tick, NULL);
    }
    if (WIFSIGNALED(st)) {
        snprintf(err, errlen, "%s under qemu-riscv32 ended by signal %d%s",
                 elf, WTERMSIG(st), WTERMSIG(st) == SIGILL
                 ? " (an illegal instruction: a SIMT instruction in the "
                   "single-thread variant?)" : "");
        return -1;
    }
    if (WEXITSTATUS(st) != 0) {
        int k = WEXITSTATUS(st) - QEMU_ERR_HEADER;
        snprintf(err, errlen, "%s exited with status %d%s%s", elf,
                 WEXITSTATUS(st), k >= 0 && k < 4 ? ": " : "",
                 k >= 0 && k < 4 ? why[k] : "");
        return -1;
    }
    return 0;
}

/* The memory of the host side: an SM's, with no kernel.  0, or -1 with a
 * message. */
static int open_memory(simtref_ctx **ctx, simtref_sm **sm, char *err,
                       size_t errlen)
{
    if (simtref_ctx_create(ctx) != SIMTREF_OK) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (simtref_sm_open_preset(*ctx, "tiny", NULL, 0, sm) != SIMTREF_OK) {
        snprintf(err, errlen, "%s", simtref_error(*ctx));
        simtref_ctx_destroy(*ctx);
        return -1;
    }
    return 0;
}

static int check_one(const struct run_opts *o, const struct kernel_info *k,
                     char *err, size_t errlen)
{
    struct kernel_case kc;
    simtref_ctx *ctx;
    simtref_sm *sm;
    char elf[512], in[] = "/tmp/simtref-qemu-in-XXXXXX",
         out[] = "/tmp/simtref-qemu-out-XXXXXX";
    unsigned size = o->has_size ? (unsigned)o->size : k->size;
    unsigned grid = o->has_grid ? (unsigned)o->grid : k->grid;
    uint32_t args, hdr[4], bytes;
    int fd, rc = -1;
    FILE *f;

    if (open_memory(&ctx, &sm, err, errlen) != 0)
        return -1;
    snprintf(elf, sizeof elf, "%s/%s.elf", o->dir, k->name);
    if (kernel_setup(k, &kc, size, grid, 1, o->seed, ctx, sm, &args, err,
                     errlen) != 0) {
        simtref_ctx_destroy(ctx);
        return -1;
    }
    bytes = (sm->top - KERNEL_GLOBAL_BASE + 3) & ~3u;
    if (bytes > QEMU_GLOBAL_BYTES) {
        snprintf(err, errlen, "kernel %s: size %u: %u bytes of global memory, "
                 "more than the single-thread variant's %u", k->name, size,
                 bytes, QEMU_GLOBAL_BYTES);
        goto done;
    }
    hdr[0] = QEMU_MAGIC;
    hdr[1] = args;
    hdr[2] = grid;
    hdr[3] = bytes;
    if ((fd = mkstemp(in)) < 0 || !(f = fdopen(fd, "wb"))) {
        snprintf(err, errlen, "temporary file: %s", strerror(errno));
        goto done;
    }
    fwrite(hdr, sizeof hdr, 1, f);
    fwrite(sm->global, 1, bytes, f);
    if (fclose(f) != 0 || (fd = mkstemp(out)) < 0) {
        snprintf(err, errlen, "temporary file: %s", strerror(errno));
        goto done;
    }
    close(fd);
    if (run_qemu(o, elf, in, out, err, errlen) != 0)
        goto done;
    memset(sm->global, 0, bytes);
    if (!(f = fopen(out, "rb"))) {
        snprintf(err, errlen, "%s: %s", out, strerror(errno));
        goto done;
    }
    if (fread(sm->global, 1, bytes, f) != bytes) {
        snprintf(err, errlen, "%s: qemu wrote less than the %u bytes of "
                 "global memory", elf, bytes);
        fclose(f);
        goto done;
    }
    fclose(f);
    /* qemu's memory came back whole: every word of it is the kernel's */
    api_mark_written(sm, KERNEL_GLOBAL_BASE, bytes);
    rc = kernel_check(&kc, ctx, sm, err, errlen);
done:
    remove(in);
    remove(out);
    kernel_case_free(&kc);
    simtref_ctx_destroy(ctx);
    return rc;
}

static int number(const char *s, unsigned long long *v)
{
    char *end;
    errno = 0;
    *v = strtoull(s, &end, 0);
    return errno || end == s || *end ? -1 : 0;
}

int main(int argc, char **argv)
{
    struct run_opts o = { "qemu-riscv32", "kernels/qemu", 0, 0, 60, 1, 0, 0 };
    int fail = 0, names = 0;
    char err[1024];

    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (unsigned i = 0; i < kernel_count(); i++)
            printf("%s\n", kernel_at(i)->name);
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        unsigned long long v = 0;
        const char *a = argv[i];
        if (a[0] != '-') {
            names++;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "run: option '%s' needs a value\n", a);
            return 2;
        }
        if (strcmp(a, "--qemu") == 0) {
            o.qemu = argv[++i];
        } else if (strcmp(a, "--dir") == 0) {
            o.dir = argv[++i];
        } else if (number(argv[++i], &v) != 0) {
            fprintf(stderr, "run: %s '%s': not a number\n", a, argv[i]);
            return 2;
        } else if (strcmp(a, "--size") == 0) {
            o.size = (unsigned long)v;
            o.has_size = 1;
        } else if (strcmp(a, "--grid") == 0) {
            o.grid = (unsigned long)v;
            o.has_grid = 1;
        } else if (strcmp(a, "--seed") == 0) {
            o.seed = v;
        } else if (strcmp(a, "--timeout") == 0) {
            o.timeout = (unsigned long)v;
        } else {
            fprintf(stderr, "run: unknown option '%s'\n", a);
            return 2;
        }
    }
    if (!names) {
        fprintf(stderr, "run: give the kernels to run\n");
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        const struct kernel_info *k;
        if (argv[i][0] == '-') {
            i++;
            continue;
        }
        if (!(k = kernel_find(argv[i]))) {
            fprintf(stderr, "run: no kernel '%s' in the suite\n", argv[i]);
            fail = 1;
            continue;
        }
        if (check_one(&o, k, err, sizeof err) != 0) {
            printf("FAIL %s: %s\n", k->name, err);
            fail = 1;
        } else {
            printf("ok   %-14s size %u, grid %u, block 1, seed %llu\n",
                   k->name, o.has_size ? (unsigned)o.size : k->size,
                   o.has_grid ? (unsigned)o.grid : k->grid, o.seed);
        }
    }
    return fail;
}
