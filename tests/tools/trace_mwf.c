/*
 * trace_mwf.c -- checks most-waiting-first (BAWS 4.1, Fig. 7, Table 1) on
 * the trace of `simtref sim --trace` under the sbr mode:
 *
 *   tests/tools/trace_mwf --schedulers S --tb-warps W TRACE
 *
 * From the trace alone it rebuilds each TB's count of warps waiting at its
 * barrier, as the WPT holds it: under sbr a warp arrives when it issues
 * simt.bar (word 0x0000000b; sbr issues it on all the warp's live lanes),
 * the count takes the cycle's arrivals on the clock edge that ends the
 * cycle, and goes back to zero on the edge on which it reaches W, the
 * warps of a TB (the barrier releases).
 *
 * The rule checked on every issued instruction: the issue scheduler chose
 * among the warps of the line's ready set (rdy...), so no ready warp of the
 * same scheduler may belong to a TB with more warps waiting than the TB of
 * the issued warp.  A ready warp's TB is the TB of the last instruction
 * its warp slot issued (local warp w of scheduler s is slot w * S + s); a
 * slot whose TB is not known (it has not issued yet, or it issued
 * simt.exit and may hold a new TB since) is left out, so the rule never
 * blames a warp on a guess.  Ties (as many warps waiting) go to the
 * smaller TB slot, which the trace does not name: they are not checked.
 *
 * Prints the instructions read, how many of them MWF decided (a ready warp
 * of the scheduler belonged to a TB with another count), and each
 * violation (the first 5 in full).  Exit status: 0 the rule holds, 1 it is
 * broken, 2 bad usage or a trace that cannot be read (file and line named).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_SLOTS = 512,        /* warp slots of an SM (sm.h) */
    MAX_GRID = 65536,       /* TBs of a grid (the suite's limit) */
    READY_WORDS = 4,        /* 256 warps per scheduler (scheduler.h) */
    SHOW = 5                /* violations printed in full */
};

#define WORD_BAR 0x0000000bu    /* simt.bar */
#define WORD_EXIT 0x0000100bu   /* simt.exit */

/* The reconstruction, and what the check found. */
struct mwf_check {
    unsigned schedulers;            /* S */
    unsigned tb_warps;              /* W */
    unsigned cnt[MAX_GRID];         /* per TB (grid index): warps waiting */
    unsigned arrived[MAX_GRID];     /* ... that arrived this cycle */
    unsigned arrivals[MAX_SLOTS];   /* the TBs of this cycle's arrivals */
    unsigned n_arrivals;            /* ... how many */
    int slot_tb[MAX_SLOTS];         /* per warp slot: its TB, -1 unknown */
    bool have_cycle;                /* a line was read */
    unsigned long long cycle;       /* the cycle of the lines being read */
    unsigned long lines;            /* instructions read */
    unsigned long decided;          /* ... where the counts told TBs apart */
    unsigned long violations;       /* ... where the rule was broken */
};

/* One line of the trace: the fields the check reads. */
struct trace_line {
    unsigned long long cycle;       /* cycle of issue */
    unsigned sched;                 /* scheduler */
    unsigned slot;                  /* warp slot */
    unsigned tb;                    /* grid index of the warp's TB */
    uint64_t ready[READY_WORDS];    /* the scheduler's ready warps */
    uint32_t word;                  /* the instruction word */
    unsigned long long mask;        /* the lanes that executed it */
};

/* The hexadecimal ready set (at most READY_WORDS * 64 bits): 0 or -1. */
static int parse_ready(const char *hex, uint64_t ready[READY_WORDS])
{
    size_t n = strlen(hex);

    memset(ready, 0, READY_WORDS * sizeof ready[0]);
    if (n == 0 || n > READY_WORDS * 16)
        return -1;
    for (size_t i = 0; i < n; i++) {
        char c = hex[n - 1 - i];
        unsigned v;
        if (c >= '0' && c <= '9')
            v = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v = (unsigned)(c - 'a' + 10);
        else
            return -1;
        ready[i / 16] |= (uint64_t)v << (i % 16 * 4);
    }
    return 0;
}

/* The fields of one line: 0, or -1 when it is not a trace line. */
static int parse_line(const char *s, struct trace_line *t)
{
    char rdy[READY_WORDS * 16 + 2];
    unsigned pc, word;
    unsigned long long mask;
    int used = 0;

    if (sscanf(s, "%llu s%u w%u tb%u rdy%65[0-9a-f] %x %llx %x%n",
               &t->cycle, &t->sched, &t->slot, &t->tb, rdy, &pc, &mask,
               &word, &used) != 8 || used == 0)
        return -1;
    t->word = word;
    t->mask = mask;
    return parse_ready(rdy, t->ready);
}

/* The edge that ends a cycle: the arrivals counted, full barriers released. */
static int end_cycle(struct mwf_check *m, const char *path, unsigned long ln)
{
    for (unsigned k = 0; k < m->n_arrivals; k++) {
        unsigned t = m->arrivals[k];
        if (m->arrived[t] == 0)
            continue;          /* a TB with two arrivals, counted */
        m->cnt[t] += m->arrived[t];
        m->arrived[t] = 0;
        if (m->cnt[t] > m->tb_warps) {
            fprintf(stderr, "%s:%lu: more than %u warps of TB %u arrive at "
                    "its barrier\n", path, ln, m->tb_warps, t);
            return -1;
        }
        if (m->cnt[t] == m->tb_warps)
            m->cnt[t] = 0;
    }
    m->n_arrivals = 0;
    return 0;
}

/* The rule on one issued instruction. */
static void check_issue(struct mwf_check *m, const struct trace_line *t,
                        const char *text, const char *path, unsigned long ln)
{
    unsigned mine = m->cnt[t->tb];
    bool decided = false;

    for (unsigned w = 0; w < READY_WORDS * 64; w++) {
        unsigned slot = w * m->schedulers + t->sched;
        int u;

        if (!(t->ready[w / 64] >> (w % 64) & 1) || slot >= MAX_SLOTS)
            continue;
        u = m->slot_tb[slot];
        if (u < 0 || m->cnt[u] == mine)
            continue;
        decided = true;
        if (m->cnt[u] > mine) {
            if (m->violations++ < SHOW)
                printf("%s:%lu: scheduler %u issues warp slot %u of TB %u "
                       "(%u warps at its barrier) while warp slot %u of TB "
                       "%d (%u at its barrier) is ready:\n    %.*s\n",
                       path, ln, t->sched, t->slot, t->tb, mine, slot, u,
                       m->cnt[u], (int)strcspn(text, "|\n"), text);
        }
    }
    m->decided += decided;
}

static int check_file(struct mwf_check *m, const char *path)
{
    FILE *f = fopen(path, "r");
    char buf[8192];
    unsigned long ln = 0;

    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    while (fgets(buf, sizeof buf, f)) {
        struct trace_line t;

        ln++;
        if (!strchr(buf, '\n') && !feof(f)) {
            fprintf(stderr, "%s:%lu: line longer than %zu bytes\n", path,
                    ln, sizeof buf - 1);
            goto bad;
        }
        if (parse_line(buf, &t) != 0) {
            fprintf(stderr, "%s:%lu: not a trace line (CYCLE sS wG tbT "
                    "rdyR PC MASK WORD ...)\n", path, ln);
            goto bad;
        }
        if (t.slot >= MAX_SLOTS || t.tb >= MAX_GRID
            || t.slot % m->schedulers != t.sched) {
            fprintf(stderr, "%s:%lu: warp slot %u of TB %u cannot issue on "
                    "scheduler %u of %u\n", path, ln, t.slot, t.tb, t.sched,
                    m->schedulers);
            goto bad;
        }
        if (!(t.ready[t.slot / m->schedulers / 64]
              >> (t.slot / m->schedulers % 64) & 1)) {
            fprintf(stderr, "%s:%lu: the issued warp is not in the ready "
                    "set\n", path, ln);
            goto bad;
        }
        if (m->have_cycle && t.cycle < m->cycle) {
            fprintf(stderr, "%s:%lu: cycle %llu after cycle %llu\n", path,
                    ln, t.cycle, m->cycle);
            goto bad;
        }
        if (m->have_cycle && t.cycle != m->cycle
            && end_cycle(m, path, ln) != 0)
            goto bad;
        m->have_cycle = true;
        m->cycle = t.cycle;
        m->lines++;
        m->slot_tb[t.slot] = (int)t.tb;
        check_issue(m, &t, buf, path, ln);
        if (t.word == WORD_BAR && t.mask != 0) {
            if (m->n_arrivals == MAX_SLOTS) {
                fprintf(stderr, "%s:%lu: more than %d barrier arrivals in "
                        "cycle %llu\n", path, ln, MAX_SLOTS, t.cycle);
                goto bad;
            }
            m->arrivals[m->n_arrivals++] = t.tb;
            m->arrived[t.tb]++;
        }
        if (t.word == WORD_EXIT)
            m->slot_tb[t.slot] = -1;
    }
    if (ferror(f)) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        goto bad;
    }
    fclose(f);
    return 0;
bad:
    fclose(f);
    return -1;
}

static int number(const char *s, unsigned lo, unsigned hi, unsigned *v)
{
    char *end;
    unsigned long n;

    errno = 0;
    n = strtoul(s, &end, 10);
    if (errno || end == s || *end || n < lo || n > hi)
        return -1;
    *v = (unsigned)n;
    return 0;
}

int main(int argc, char **argv)
{
    static struct mwf_check m;
    const char *path = NULL;

    m.schedulers = 0;
    m.tb_warps = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--schedulers") == 0 && i + 1 < argc) {
            if (number(argv[++i], 1, 64, &m.schedulers) != 0) {
                fprintf(stderr, "trace_mwf: --schedulers %s: not 1..64\n",
                        argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "--tb-warps") == 0 && i + 1 < argc) {
            if (number(argv[++i], 1, 64, &m.tb_warps) != 0) {
                fprintf(stderr, "trace_mwf: --tb-warps %s: not 1..64\n",
                        argv[i]);
                return 2;
            }
        } else if (argv[i][0] != '-' && !path) {
            path = argv[i];
        } else {
            fprintf(stderr, "trace_mwf: unknown argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (!path || !m.schedulers || !m.tb_warps) {
        fprintf(stderr, "usage: trace_mwf --schedulers S --tb-warps W "
                "TRACE\n");
        return 2;
    }
    for (unsigned g = 0; g < MAX_SLOTS; g++)
        m.slot_tb[g] = -1;
    if (check_file(&m, path) != 0)
        return 2;
    printf("%lu instructions, %lu decided by the counts at the barriers, "
           "%lu against most-waiting-first\n", m.lines, m.decided,
           m.violations);
    return m.violations ? 1 : 0;
}
