/*
 * cmd_kernel.c -- `simtref kernel build FILE.c [-o OUT.elf]`: build a
 * user's kernel with the suite's compiler, flags, start code and linker
 * script, then load it as the SM would, so a kernel that builds is one
 * the loader accepts.  The ELF is written beside OUT and renamed into
 * place only when it loads, so no partial or unusable file is left.
 *
 * Where things are: SIMTREF_KERNEL_DIR (crt0.S, link.ld, simt.h) and
 * SIMTREF_RISCV_CC (the cross compiler) override the defaults chosen at
 * build time.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "atomic_file.h"
#include "cli_error.h"
#include "cmd_kernel.h"
#include "elf.h"
#include "process.h"
#include "suite.h"

enum { EXIT_BAD = CLI_EXIT_BAD, EXIT_CMDLINE = CLI_EXIT_CMDLINE, MAX_ARGS = 64 };

const char cmd_kernel_usage[] =
    "  kernel list\n"
    "      the kernels of the suite: class, what --size counts, the default\n"
    "      size, grid and block, shared memory, barriers (Markdown)\n"
    "  kernel build FILE.c [-o OUT.elf]\n"
    "      build a kernel (void kernel(const void *args), see simt.h) with\n"
    "      the suite's flags, start code and linker script, and check that\n"
    "      it loads (default OUT: FILE with .elf for .c)\n";

static int cmdline(const char *fmt, const char *arg)
{
    return cli_cmdline_error("kernel", fmt, arg);
}

static const char *setting(const char *env, const char *fallback)
{
    const char *v = getenv(env);
    return v && v[0] ? v : fallback;
}

/* Run argv (its output on ours); 0 when it exits with status 0. */
static int run(char **argv)
{
    char err[1024];
    int st;

    if (spawn_wait(argv, NULL, &st, err, sizeof err) != 0) {
        fprintf(stderr, "simtref kernel: %s (Debian: apt-get install "
                "gcc-riscv64-unknown-elf, or set SIMTREF_RISCV_CC)\n", err);
        return -1;
    }
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static int build(const char *src, const char *out)
{
    const char *dir = setting("SIMTREF_KERNEL_DIR", SIMTREF_KERNEL_DIR_DEFAULT);
    const char *cc = setting("SIMTREF_RISCV_CC", SIMTREF_RISCV_CC_DEFAULT);
    char flags[] = SIMTREF_KERNEL_CFLAGS;
    char inc[4096], ld[4096], crt[4096], err[ATOMIC_PATH_LEN + 1024];
    struct atomic_file elf;
    char *argv[MAX_ARGS];
    int n = 0;
    struct program p;

    snprintf(inc, sizeof inc, "-I%s", dir);
    snprintf(ld, sizeof ld, "%s/link.ld", dir);
    snprintf(crt, sizeof crt, "%s/crt0.S", dir);
    /* The compiler writes the ELF to a temporary beside out, renamed into
     * place once it loads (util/atomic_file.h). */
    if (atomic_open(&elf, out, err, sizeof err) != 0
        || atomic_close(&elf, err, sizeof err) != 0) {
        fprintf(stderr, "simtref kernel: %s\n", err);
        return EXIT_BAD;
    }
    argv[n++] = (char *)cc;
    for (char *t = strtok(flags, " "); t && n < MAX_ARGS - 12; t = strtok(NULL, " "))
        argv[n++] = t;
    argv[n++] = "-Wall";
    argv[n++] = "-Wextra";
    argv[n++] = inc;
    argv[n++] = "-T";
    argv[n++] = ld;
    argv[n++] = "-o";
    argv[n++] = elf.tmp;
    argv[n++] = crt;
    argv[n++] = (char *)src;
    argv[n] = NULL;
    if (run(argv) != 0) {
        atomic_discard(&elf);
        fprintf(stderr, "simtref kernel: %s: the kernel did not build "
                "(compiler messages above)\n", src);
        return EXIT_BAD;
    }
    if (elf_load(elf.tmp, &p, err, sizeof err) != 0) {
        atomic_discard(&elf);
        fprintf(stderr, "simtref kernel: %s: built, but it does not load: "
                "%s\n", src, err);
        return EXIT_BAD;
    }
    if (atomic_commit(&elf, err, sizeof err) != 0) {
        fprintf(stderr, "simtref kernel: %s\n", err);
        program_free(&p);
        return EXIT_BAD;
    }
    printf("%s: %u-byte image, %u functions, %u branches\n", out, p.size,
           p.n_funcs, p.n_branches);
    program_free(&p);
    return 0;
}

static int list(void)
{
    printf("| kernel | class | what | --size counts | size | grid | block "
           "| shared bytes | barriers |\n");
    printf("|---|---|---|---|---|---|---|---|---|\n");
    for (unsigned i = 0; i < kernel_count(); i++) {
        const struct kernel_info *k = kernel_at(i);
        printf("| %s | %s | %s | %s%s (%u .. %u) | %u | %u | %u | %u | %s |\n",
               k->name, kernel_class_name(k->cls), k->what, k->size_is,
               k->size_pow2 ? ", a power of two" : "", k->size_min,
               k->size_max, k->size, k->grid, k->block,
               (unsigned)k->shared_bytes, k->barriers ? "yes" : "no");
    }
    return 0;
}

int cmd_kernel(int argc, char **argv)
{
    const char *src = NULL, *out = NULL;
    char def[4096];

    if (argc == 3 && strcmp(argv[2], "list") == 0)
        return list();
    if (argc < 3 || strcmp(argv[2], "build") != 0)
        return cmdline("%s", argc < 3 ? "give a subcommand: build or list"
                       : "unknown subcommand (give: build or list)");
    for (int i = 3; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0) {
            if (i + 1 >= argc)
                return cmdline("option '%s' needs a value", argv[i]);
            out = argv[++i];
        } else if (argv[i][0] == '-') {
            return cmdline("unknown option '%s'", argv[i]);
        } else if (src) {
            return cmdline("more than one source file: '%s'", argv[i]);
        } else {
            src = argv[i];
        }
    }
    if (!src)
        return cmdline("%s", "no source: give FILE.c");
    if (!out) {
        size_t n = strlen(src);
        if (n < 3 || strcmp(src + n - 2, ".c") != 0)
            return cmdline("'%s' does not end in .c: give -o OUT.elf", src);
        if (n + 3 > sizeof def)
            return cmdline("source name too long: '%s'", src);
        memcpy(def, src, n - 2);
        memcpy(def + n - 2, ".elf", 5);
        out = def;
    }
    return build(src, out);
}
