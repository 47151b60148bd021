/*
 * rv_oracle.c -- the qemu differential oracle for rv32_exec.
 *
 * Random RV32IM + A programs (tests/tools/rvgen.c) run twice: under rv32_exec on
 * a flat memory, and under qemu-riscv32 as part of a static ELF built here
 * (a harness that, for each program of a batch, fills the data buffer and
 * the registers, jumps to the program, and saves the registers and the
 * buffer when it comes back; at the end it writes all of it to stdout and
 * exits through Linux's write and exit system calls).  The final x1..x31
 * and the data buffer must be equal.
 *
 *   rv_oracle [--seed S] [--count N]   N programs (default 10000) of the
 *                                      stream S (default: drawn, printed)
 *   rv_oracle --seed S --index I       replay program I alone, with its
 *                                      disassembly and both results
 *
 * Each program sits at a fixed address (its slot in its batch of
 * ORACLE_BATCH), so pc-relative results (auipc, jal) agree between runs
 * and a replayed program runs where it ran in its batch.
 */
#define _POSIX_C_SOURCE 200809L

#include "../../golden/isa/rv32.h"
#include "../../golden/isa/rv32_disasm.h"
#include "rvgen.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ORACLE_BATCH   500u        /* programs per qemu run */
#define HARNESS_ADDR   0x10000u    /* .text: the harness */
#define PROG_ADDR      0x80000u    /* .progs: slot k at PROG_ADDR + k*SLOT */
#define PROG_SLOT      1024u       /* bytes per program slot */
#define DATA_ADDR      0x200000u   /* .simdata: the data buffer first */
#define OUT_REGS       32u         /* words of registers per record */
#define OUT_RECORD     (OUT_REGS * 4 + RVGEN_DATA_BYTES)

/* The tools and the scratch directory of one oracle run. */
struct oracle {
    const char *as;        /* riscv64-unknown-elf-as */
    const char *ld;        /* riscv64-unknown-elf-ld */
    const char *qemu;      /* qemu-riscv32 */
    char dir[64];          /* scratch directory */
    char src[96], obj[96], elf[96], out[96];   /* files in it */
};

/* What one program left behind: x[0] unused. */
struct outcome {
    uint32_t x[32];
    uint8_t data[RVGEN_DATA_BYTES];
    const char *error;     /* the C run stopped on this, or NULL */
    uint32_t error_pc;
};

/* ------------------------------------------------------------------ */
/* The C run                                                          */

/* The flat memory: the data buffer at DATA_ADDR. */
struct flat {
    uint8_t *data;         /* RVGEN_DATA_BYTES bytes */
};

static int flat_load(void *ctx, uint32_t addr, unsigned bytes, uint32_t *val)
{
    struct flat *m = ctx;
    unsigned i;

    if (addr < DATA_ADDR || addr - DATA_ADDR > RVGEN_DATA_BYTES - bytes)
        return -1;
    *val = 0;
    for (i = 0; i < bytes; i++)
        *val |= (uint32_t)m->data[addr - DATA_ADDR + i] << (8 * i);
    return 0;
}

static int flat_store(void *ctx, uint32_t addr, unsigned bytes, uint32_t val)
{
    struct flat *m = ctx;
    unsigned i;

    if (addr < DATA_ADDR || addr - DATA_ADDR > RVGEN_DATA_BYTES - bytes)
        return -1;
    for (i = 0; i < bytes; i++)
        m->data[addr - DATA_ADDR + i] = (uint8_t)(val >> (8 * i));
    return 0;
}

static uint32_t slot_addr(uint64_t index)
{
    return PROG_ADDR + (uint32_t)(index % ORACLE_BATCH) * PROG_SLOT;
}

static void run_c(const struct rvgen_prog *p, uint64_t index, struct outcome *o)
{
    struct rv32_thread t;
    struct flat m;
    struct rv32_env env = { &m, flat_load, flat_store, NULL, NULL, NULL,
                            NULL };
    uint32_t start = slot_addr(index), end = start + 4 * (uint32_t)p->n;
    unsigned steps;

    memset(o, 0, sizeof *o);
    memset(&t, 0, sizeof t);
    memcpy(t.x, p->x, sizeof t.x);
    t.x[0] = 0;
    t.x[30] = t.x[RVGEN_BASE_REG] = DATA_ADDR;
    t.pc = start;
    memcpy(o->data, p->data, sizeof o->data);
    m.data = o->data;
    for (steps = 0; t.pc != end; steps++) {
        struct rv32_insn in;
        struct rv32_result res;
        if (steps > 4 * RVGEN_MAX_WORDS || t.pc < start || t.pc > end ||
            (t.pc & 3)) {
            o->error = "pc left the program";
            break;
        }
        in = rv32_decode(p->words[(t.pc - start) / 4]);
        rv32_exec(&in, &t, &env, &res);
        if (res.status != RV32_OK) {
            o->error = "rv32_exec did not return RV32_OK";
            break;
        }
    }
    o->error_pc = t.pc;
    memcpy(o->x, t.x, sizeof o->x);
    o->x[0] = 0;
}

/* ------------------------------------------------------------------ */
/* The qemu run                                                       */

static void write_harness(FILE *f, const struct rvgen_prog *progs,
                          const uint64_t *index, size_t n)
{
    size_t k, r, w;

    fprintf(f, "\t.text\n\t.globl _start\n_start:\n");
    for (k = 0; k < n; k++) {
        fprintf(f, "\tla t0, init%zu\n\tla t1, data\n\tli t2, %u\n"
                   "1:\tlw t3, 0(t0)\n\tsw t3, 0(t1)\n\taddi t0, t0, 4\n"
                   "\taddi t1, t1, 4\n\taddi t2, t2, -1\n\tbnez t2, 1b\n",
                k, RVGEN_DATA_BYTES / 4);
        fprintf(f, "\tla x31, init%zu + %u\n", k, RVGEN_DATA_BYTES);
        for (r = 1; r < 30; r++)
            fprintf(f, "\tlw x%zu, %zu(x31)\n", r, 4 * (r - 1));
        fprintf(f, "\tla x30, data\n\tla x31, data\n\tj prog%zu\n", k);
        fprintf(f, "back%zu:\n\tsw x1, %u(x31)\n\tla x1, out + %zu\n", k,
                RVGEN_DATA_BYTES, k * OUT_RECORD);
        for (r = 2; r < 32; r++)
            fprintf(f, "\tsw x%zu, %zu(x1)\n", r, 4 * (r - 1));
        fprintf(f, "\tlw x2, %u(x31)\n\tsw x2, 0(x1)\n", RVGEN_DATA_BYTES);
        fprintf(f, "\taddi x2, x1, %u\n\tmv x3, x31\n\tli x4, %u\n"
                   "1:\tlw x5, 0(x3)\n\tsw x5, 0(x2)\n\taddi x2, x2, 4\n"
                   "\taddi x3, x3, 4\n\taddi x4, x4, -1\n\tbnez x4, 1b\n",
                OUT_REGS * 4, RVGEN_DATA_BYTES / 4);
    }
    fprintf(f, "\tli a0, 1\n\tla a1, out\n\tli a2, %zu\n\tli a7, 64\n\tecall\n"
               "\tli a0, 0\n\tli a7, 93\n\tecall\n", n * OUT_RECORD);

    fprintf(f, "\t.section .progs, \"ax\"\n");
    for (k = 0; k < n; k++) {
        fprintf(f, "\t.org %" PRIu32 "\nprog%zu:\n",
                slot_addr(index[k]) - PROG_ADDR, k);
        for (w = 0; w < progs[k].n; w++)
            fprintf(f, "\t.insn 0x%08" PRIx32 "\n", progs[k].words[w]);
        fprintf(f, "\tj back%zu\n", k);
    }

    fprintf(f, "\t.section .simdata, \"aw\"\ndata:\n\t.space %u\n"
               "\t.balign 16\nout:\n\t.space %zu\n",
            RVGEN_DATA_BYTES + 16, n * OUT_RECORD);
    for (k = 0; k < n; k++) {
        fprintf(f, "init%zu:\n", k);
        for (w = 0; w < RVGEN_DATA_BYTES; w += 4)
            fprintf(f, "\t.byte %u, %u, %u, %u\n", progs[k].data[w],
                    progs[k].data[w + 1], progs[k].data[w + 2],
                    progs[k].data[w + 3]);
        for (r = 1; r < 30; r++)
            fprintf(f, "\t.word 0x%08" PRIx32 "\n", progs[k].x[r]);
    }
}

/* Run argv[0] with argv, stdout to out_path (or inherited when NULL);
 * 0 when it exited with status 0. */
static int run(char *const argv[], const char *out_path)
{
    pid_t pid = fork();
    int st;

    if (pid < 0) {
        perror("rv_oracle: fork");
        return -1;
    }
    if (pid == 0) {
        if (out_path != NULL && freopen(out_path, "wb", stdout) == NULL) {
            perror(out_path);
            _exit(127);
        }
        execvp(argv[0], argv);
        fprintf(stderr, "rv_oracle: cannot run %s: %s\n", argv[0],
                strerror(errno));
        _exit(127);
    }
    if (waitpid(pid, &st, 0) < 0) {
        perror("rv_oracle: waitpid");
        return -1;
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fprintf(stderr, "rv_oracle: %s failed (status 0x%x)\n", argv[0], st);
        return -1;
    }
    return 0;
}

/* Build and run one batch under qemu; fills out[0..n).  0 or -1. */
static int run_qemu(struct oracle *q, const struct rvgen_prog *progs,
                    const uint64_t *index, size_t n, struct outcome *out)
{
    FILE *f = fopen(q->src, "w");
    size_t k, r, got;
    uint8_t rec[OUT_RECORD];
    char *as_argv[] = { (char *)q->as, "-march=rv32ima_zicsr", "-mabi=ilp32",
                        "-o", q->obj, q->src, NULL };
    char *ld_argv[] = { (char *)q->ld, "-m", "elf32lriscv", "-static",
                        "-Ttext=0x10000", "--section-start=.progs=0x80000",
                        "--section-start=.simdata=0x200000", "-o", q->elf,
                        q->obj, NULL };
    char *qemu_argv[] = { (char *)q->qemu, q->elf, NULL };

    if (f == NULL) {
        perror(q->src);
        return -1;
    }
    write_harness(f, progs, index, n);
    if (fclose(f) != 0) {
        perror(q->src);
        return -1;
    }
    if (run(as_argv, NULL) != 0 || run(ld_argv, NULL) != 0 ||
        run(qemu_argv, q->out) != 0)
        return -1;
    f = fopen(q->out, "rb");
    if (f == NULL) {
        perror(q->out);
        return -1;
    }
    for (k = 0; k < n; k++) {
        got = fread(rec, 1, sizeof rec, f);
        if (got != sizeof rec) {
            fprintf(stderr, "rv_oracle: %s: qemu wrote %zu records of %zu\n",
                    q->out, k, n);
            fclose(f);
            return -1;
        }
        memset(&out[k], 0, sizeof out[k]);
        for (r = 1; r < 32; r++)
            out[k].x[r] = (uint32_t)rec[4 * (r - 1)] |
                          (uint32_t)rec[4 * (r - 1) + 1] << 8 |
                          (uint32_t)rec[4 * (r - 1) + 2] << 16 |
                          (uint32_t)rec[4 * (r - 1) + 3] << 24;
        memcpy(out[k].data, rec + OUT_REGS * 4, RVGEN_DATA_BYTES);
    }
    fclose(f);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Comparing and reporting                                            */

static void print_program(const struct rvgen_prog *p, uint64_t index)
{
    uint32_t pc = slot_addr(index);
    size_t w, r;
    char text[96];

    printf("initial registers:");
    for (r = 1; r < 30; r++)
        printf("%s x%zu=0x%08" PRIx32, r % 6 == 0 ? "\n " : "", r, p->x[r]);
    printf("\n x30=x31=0x%08x (the data buffer)\nprogram:\n", DATA_ADDR);
    for (w = 0; w < p->n; w++, pc += 4) {
        rv32_disasm(p->words[w], pc, text, sizeof text);
        printf("  %8" PRIx32 ":\t%08" PRIx32 "\t%s\n", pc, p->words[w], text);
    }
    printf("  %8" PRIx32 ":\t(end)\n", pc);
}

/* Print the differences; returns how many there are. */
static unsigned compare(const struct outcome *c, const struct outcome *q,
                        uint64_t seed, uint64_t index)
{
    unsigned diffs = 0, r, b;

    if (c->error != NULL) {
        printf("seed %" PRIu64 " index %" PRIu64 ": %s at pc 0x%08" PRIx32 "\n",
               seed, index, c->error, c->error_pc);
        diffs++;
    }
    for (r = 1; r < 32; r++)
        if (c->x[r] != q->x[r]) {
            printf("seed %" PRIu64 " index %" PRIu64 ": x%u %s: rv32_exec "
                   "0x%08" PRIx32 ", qemu 0x%08" PRIx32 "\n", seed, index, r,
                   rv32_reg_name(r), c->x[r], q->x[r]);
            diffs++;
        }
    for (b = 0; b < RVGEN_DATA_BYTES; b += 4)
        if (memcmp(c->data + b, q->data + b, 4) != 0) {
            printf("seed %" PRIu64 " index %" PRIu64 ": data word 0x%08x "
                   "differs: rv32_exec %02x%02x%02x%02x, qemu "
                   "%02x%02x%02x%02x (bytes high to low)\n", seed, index,
                   DATA_ADDR + b, c->data[b + 3], c->data[b + 2],
                   c->data[b + 1], c->data[b], q->data[b + 3], q->data[b + 2],
                   q->data[b + 1], q->data[b]);
            diffs++;
        }
    return diffs;
}

static int parse_u64(const char *opt, const char *s, uint64_t *v)
{
    char *end;

    errno = 0;
    if (s == NULL || *s == '\0' || *s == '-') {
        fprintf(stderr, "rv_oracle: %s needs a number\n", opt);
        return -1;
    }
    *v = strtoull(s, &end, 0);
    if (errno != 0 || *end != '\0') {
        fprintf(stderr, "rv_oracle: %s: not a number: '%s'\n", opt, s);
        return -1;
    }
    return 0;
}

static uint64_t drawn_seed(void)
{
    uint64_t s = 0;
    FILE *f = fopen("/dev/urandom", "rb");

    if (f == NULL || fread(&s, sizeof s, 1, f) != 1)
        s = (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
    if (f != NULL)
        fclose(f);
    return s >> 1;       /* fits a signed 64-bit shell number */
}

static void cleanup(struct oracle *q)
{
    unlink(q->src);
    unlink(q->obj);
    unlink(q->elf);
    unlink(q->out);
    rmdir(q->dir);
}

static const char *tool(const char *env, const char *dflt)
{
    const char *v = getenv(env);
    return v != NULL && *v != '\0' ? v : dflt;
}

int main(int argc, char **argv)
{
    struct oracle q;
    uint64_t seed = 0, count = 10000, replay = 0, done, k;
    int have_seed = 0, have_index = 0, i, failed = 0;
    static struct rvgen_prog progs[ORACLE_BATCH];
    static struct outcome qout[ORACLE_BATCH];
    uint64_t index[ORACLE_BATCH];
    const char *tmp = tool("TMPDIR", "/tmp");

    for (i = 1; i < argc; i += 2) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--seed") == 0 && parse_u64(a, v, &seed) == 0)
            have_seed = 1;
        else if (strcmp(a, "--count") == 0 && parse_u64(a, v, &count) == 0)
            ;
        else if (strcmp(a, "--index") == 0 && parse_u64(a, v, &replay) == 0)
            have_index = 1;
        else {
            if (strcmp(a, "--seed") && strcmp(a, "--count") &&
                strcmp(a, "--index"))
                fprintf(stderr, "rv_oracle: unknown option '%s'\n", a);
            fprintf(stderr, "usage: rv_oracle [--seed S] [--count N] "
                            "[--index I]\n");
            return 2;
        }
    }
    if (have_index && !have_seed) {
        fprintf(stderr, "rv_oracle: --index needs the --seed it came from\n");
        return 2;
    }
    if (!have_seed)
        seed = drawn_seed();

    q.as = tool("RV_AS", "riscv64-unknown-elf-as");
    q.ld = tool("RV_LD", "riscv64-unknown-elf-ld");
    q.qemu = tool("QEMU_RISCV32", "qemu-riscv32");
    if ((size_t)snprintf(q.dir, sizeof q.dir, "%s/rv_oracle.XXXXXX", tmp) >=
            sizeof q.dir || mkdtemp(q.dir) == NULL) {
        fprintf(stderr, "rv_oracle: cannot make a directory in %s\n", tmp);
        return 2;
    }
    snprintf(q.src, sizeof q.src, "%s/b.S", q.dir);
    snprintf(q.obj, sizeof q.obj, "%s/b.o", q.dir);
    snprintf(q.elf, sizeof q.elf, "%s/b.elf", q.dir);
    snprintf(q.out, sizeof q.out, "%s/b.out", q.dir);

    if (have_index) {
        struct outcome c;
        rvgen_program(seed, replay, &progs[0]);
        index[0] = replay;
        printf("rv_oracle: seed %" PRIu64 " index %" PRIu64 "\n", seed, replay);
        print_program(&progs[0], replay);
        if (run_qemu(&q, progs, index, 1, qout) != 0) {
            cleanup(&q);
            return 2;
        }
        cleanup(&q);
        run_c(&progs[0], replay, &c);
        failed = compare(&c, &qout[0], seed, replay) != 0;
        printf("rv_oracle: %s\n", failed ? "rv32_exec and qemu differ"
                                         : "rv32_exec and qemu agree");
        return failed;
    }

    printf("rv_oracle: seed %" PRIu64 ", %" PRIu64 " programs\n", seed, count);
    fflush(stdout);
    for (done = 0; done < count && !failed; done += k) {
        size_t n = count - done < ORACLE_BATCH ? (size_t)(count - done)
                                               : ORACLE_BATCH;
        for (k = 0; k < n; k++) {
            index[k] = done + k;
            rvgen_program(seed, index[k], &progs[k]);
        }
        if (run_qemu(&q, progs, index, n, qout) != 0) {
            fprintf(stderr, "rv_oracle: seed %" PRIu64 ": the qemu run of "
                    "programs %" PRIu64 "..%" PRIu64 " failed\n", seed,
                    index[0], index[n - 1]);
            cleanup(&q);
            return 2;
        }
        for (k = 0; k < n && !failed; k++) {
            struct outcome c;
            run_c(&progs[k], index[k], &c);
            if (compare(&c, &qout[k], seed, index[k]) != 0) {
                print_program(&progs[k], index[k]);
                printf("replay: rv_oracle --seed %" PRIu64 " --index %"
                       PRIu64 "\n", seed, index[k]);
                failed = 1;
            }
        }
        k = n;
    }
    cleanup(&q);
    if (!failed)
        printf("rv_oracle: seed %" PRIu64 ": %" PRIu64 " programs, rv32_exec "
               "and qemu agree on every register and data word\n", seed, count);
    return failed;
}
