/*
 * cmd_kernel.c -- `simtref kernel build FILE.c [-o OUT.elf]`: build a
 * user's kernel with the suite's compiler, flags, start code and linker
 * script, then load it as the SM would, so a kernel that builds is one
 * the loader accepts.  The ELF is written beside OUT and renamed into
 * place only when it loads, so no partial or unusable file is left.
 *
 * The user's own compiler flags (--cflags FLAGS, or every argument after
 * "--") come after the suite's, so they can add to or override them.
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

enum { MAX_ARGS = 256 };

static const struct cli_option list_options[] = {
    { NULL, NULL, CLI_FLAG, NULL, 0, 0, false, NULL }
};

const struct cli_command cmd_kernel_list_command = {
    "kernel list", "",
    "the kernels of the suite: class, what --size counts, the default\n"
    "size, grid and block, shared memory, barriers (Markdown)",
    NULL, 0, NULL, list_options
};

static const struct cli_option build_options[] = {
    { "-o", NULL, CLI_TEXT, "OUT.elf", 0, 0, false,
      "the ELF file (default: FILE with .elf for .c)" },
    { "--cflags", NULL, CLI_TEXT, "FLAGS", 0, 0, true,
      "more compiler flags, split at spaces, after the suite's\n"
      "(e.g. --cflags '-O1 -DN=4')" },
    { NULL, NULL, CLI_FLAG, NULL, 0, 0, false, NULL }
};

const struct cli_command cmd_kernel_build_command = {
    "kernel build", "FILE.c [-o OUT.elf] [--cflags FLAGS]... [-- FLAG...]",
    "build a kernel (void kernel(const void *args), see simt.h) with\n"
    "the suite's flags, start code and linker script, and check that\n"
    "it loads",
    "source file", 1,
    "more compiler flags, each one argument, after the suite's",
    build_options
};

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

/* The user's flags: each --cflags split at spaces (copies in *copies),
 * then the arguments after "--", into argv from *n.  0, or -1 when they
 * do not fit. */
static int user_flags(const struct cli_args *a, char **argv, int *n,
                      char **copies, size_t *ncopies)
{
    size_t nc;
    const char *const *cflags = cli_values(a, "--cflags", &nc);

    for (size_t i = 0; i < nc; i++) {
        char *copy, *save = NULL;
        if (*ncopies == MAX_ARGS || !(copy = strdup(cflags[i])))
            return -1;
        copies[(*ncopies)++] = copy;
        for (char *t = strtok_r(copy, " \t", &save); t;
             t = strtok_r(NULL, " \t", &save)) {
            if (*n >= MAX_ARGS - 12)
                return -1;
            argv[(*n)++] = t;
        }
    }
    for (size_t i = 0; i < a->n_rest; i++) {
        if (*n >= MAX_ARGS - 12)
            return -1;
        argv[(*n)++] = a->rest[i];
    }
    return 0;
}

static int build(const struct cli_args *a, const char *src, const char *out)
{
    const char *dir = setting("SIMTREF_KERNEL_DIR", SIMTREF_KERNEL_DIR_DEFAULT);
    const char *cc = setting("SIMTREF_RISCV_CC", SIMTREF_RISCV_CC_DEFAULT);
    char flags[] = SIMTREF_KERNEL_CFLAGS;
    char inc[4096], ld[4096], crt[4096], err[ATOMIC_PATH_LEN + 1024];
    struct atomic_file elf;
    char *argv[MAX_ARGS], *copies[MAX_ARGS];
    size_t ncopies = 0;
    int n = 0, rc;
    struct program p;

    snprintf(inc, sizeof inc, "-I%s", dir);
    snprintf(ld, sizeof ld, "%s/link.ld", dir);
    snprintf(crt, sizeof crt, "%s/crt0.S", dir);
    /* The compiler writes the ELF to a temporary beside out, renamed into
     * place once it loads (util/atomic_file.h). */
    if (atomic_open_named(&elf, out, err, sizeof err) != 0
        || atomic_close(&elf, err, sizeof err) != 0) {
        fprintf(stderr, "simtref kernel: %s\n", err);
        return CLI_EXIT_BAD;
    }
    argv[n++] = (char *)cc;
    for (char *t = strtok(flags, " "); t && n < MAX_ARGS - 12; t = strtok(NULL, " "))
        argv[n++] = t;
    argv[n++] = "-Wall";
    argv[n++] = "-Wextra";
    if (user_flags(a, argv, &n, copies, &ncopies) != 0) {
        fprintf(stderr, "simtref kernel: too many compiler flags (the "
                "suite's and yours: at most %d)\n", MAX_ARGS - 12);
        rc = CLI_EXIT_BAD;
        goto done;
    }
    argv[n++] = inc;
    argv[n++] = "-T";
    argv[n++] = ld;
    argv[n++] = "-o";
    argv[n++] = elf.tmp;
    argv[n++] = crt;
    argv[n++] = (char *)src;
    argv[n] = NULL;
    rc = CLI_EXIT_BAD;
    if (run(argv) != 0) {
        fprintf(stderr, "simtref kernel: %s: the kernel did not build "
                "(compiler messages above)\n", src);
        goto done;
    }
    if (elf_load(elf.tmp, &p, err, sizeof err) != 0) {
        fprintf(stderr, "simtref kernel: %s: built, but it does not load: "
                "%s\n", src, err);
        goto done;
    }
    if (atomic_commit(&elf, err, sizeof err) != 0) {
        fprintf(stderr, "simtref kernel: %s\n", err);
        program_free(&p);
        goto done;
    }
    printf("%s: %u-byte image, %u functions, %u branches\n", out, p.size,
           p.n_funcs, p.n_branches);
    program_free(&p);
    rc = 0;
done:
    atomic_discard(&elf);
    for (size_t i = 0; i < ncopies; i++)
        free(copies[i]);
    return rc;
}

int cmd_kernel_list(const struct cli_args *a)
{
    (void)a;
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

int cmd_kernel_build(const struct cli_args *a)
{
    const char *src = cli_operand(a), *out = cli_text(a, "-o");
    char def[4096];

    if (!src)
        return cli_usage_error(a->cmd, "%s", "no source: give FILE.c");
    if (!out) {
        size_t n = strlen(src);
        if (n < 3 || strcmp(src + n - 2, ".c") != 0)
            return cli_usage_error(a->cmd, "'%s' does not end in .c: give "
                                   "-o OUT.elf", src);
        if (n + 3 > sizeof def)
            return cli_usage_error(a->cmd, "source name too long: '%s'", src);
        memcpy(def, src, n - 2);
        memcpy(def + n - 2, ".elf", 5);
        out = def;
    }
    return build(a, src, out);
}
