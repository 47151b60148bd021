/*
 * cfg.c -- the control-flow analysis of a kernel's binary (cfg.h).
 *
 * Per function: decode, cut into basic blocks, link the blocks (every
 * exit to one virtual exit), compute the immediate post-dominators, and
 * give each conditional branch and indirect jump its re-convergence PC.
 *
 * Then the ICS-First actions (multi-core SIMT section 4.2).  The paper's
 * compiler raises the priority before each conditional statement and
 * lowers it after the statement.  In a binary a conditional statement is
 * the set of branches that share one re-convergence point r (nested ifs
 * that join at one place, or a loop's guard and its back-edge branch):
 * its region is every block reachable from those branches without
 * passing r.  A thread is one level deeper inside the region: the level
 * goes up on the instruction that enters the region (the branch, or the
 * last instruction of the block that falls into a loop) and down on r's
 * first instruction (on the return when r is the exit).  A conditional
 * whose region cannot be entered or left that way (one instruction whose
 * successors would need different levels) gets no actions, and two
 * conditionals that would need a change of two levels at one PC keep the
 * outer one.  The analysis checks the result: along every edge, the
 * level before an instruction plus its action is the level of the next.
 * Functions on a call-graph cycle (recursion) or with an indirect jump
 * get no actions, so a function always returns at the level it was
 * called at.  Conditionals nested deeper than the machine's levels are
 * dropped, innermost first, until the deepest level a thread reaches
 * from _start, through its calls, fits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "cfg_work.h"
#include "jump_table.h"
#include "rv32.h"

/* ------------------------------------------------------------------ */
/* Decoding of the control-flow instructions.                          */
/* ------------------------------------------------------------------ */

/* The analysis needs only the control-flow instructions: rv32_decode's
 * view of them. */
enum cf_type { CF_NONE, CF_BRANCH, CF_JAL, CF_JALR, CF_EXIT };

struct cf_insn {
    enum cf_type type;
    unsigned rd, rs1;
    int32_t imm;           /* branch and jal: the offset; jalr: imm12 */
};

static struct cf_insn cf_decode(uint32_t w)
{
    struct rv32_insn in = rv32_decode(w);
    struct cf_insn c = { CF_NONE, in.rd, in.rs1, in.imm };

    switch (in.op) {
    case RV32_BEQ: case RV32_BNE: case RV32_BLT:
    case RV32_BGE: case RV32_BLTU: case RV32_BGEU:
        c.type = CF_BRANCH;
        break;
    case RV32_JAL:
        c.type = CF_JAL;
        break;
    case RV32_JALR:
        c.type = CF_JALR;
        break;
    case RV32_SIMT_EXIT:
        c.type = CF_EXIT;
        break;
    default:
        break;
    }
    return c;
}

/* ORDER CFG_KIND */
static const char *const kind_names[] = {
    "fall", "branch", "jump", "return", "tail", "indirect", "exit"
};

const char *cfg_kind_name(enum cfg_kind k)
{
    return (unsigned)k < sizeof kind_names / sizeof kind_names[0]
           ? kind_names[k] : "?";
}

/* ------------------------------------------------------------------ */
/* One function's blocks.                                              */
/* ------------------------------------------------------------------ */

/* Which function holds pc: its index, or -1. */
static int func_index(const struct program *p, uint32_t pc)
{
    const struct program_func *f = program_func_at(p, pc);
    return f ? (int)(f - p->funcs) : -1;
}

/* Is t one of the n instructions of f? */
static bool inside(const struct program_func *f, unsigned n, uint32_t t)
{
    return t >= f->lo && (t - f->lo) % 4 == 0 && (t - f->lo) / 4 < n;
}

/* The jumps through a jump table of the function, resolved: their
 * targets in w->targets (entered[] marks every instruction a branch or
 * jump goes to). */
static int find_tables(const struct program *p, const struct cfg_func *cf,
                       struct fwork *w, const bool *entered)
{
    const struct program_func *f = cf->func;
    struct jump_table_code code = { p, f->lo, w->n, w->word, entered };
    uint32_t *t = NULL;

    for (unsigned i = 0; i < w->n; i++) {
        struct cf_insn c = cf_decode(w->word[i]);
        unsigned n = 0;
        if (c.type != CF_JALR || c.rd != 0 || (c.rs1 == 1 && c.imm == 0))
            continue;
        if (!t && !(t = malloc(JUMP_TABLE_MAX * sizeof *t)))
            return -1;
        if (!jump_table_targets(&code, i, t, &n) || n == 0)
            continue;
        if (!(w->targets[i] = malloc(n * sizeof *t))) {
            free(t);
            return -1;
        }
        memcpy(w->targets[i], t, n * sizeof *t);
        w->n_targets[i] = n;
    }
    free(t);
    return 0;
}

/* Block B's successors: a new array of the n blocks in s (a jump
 * table's each once; a branch keeps both arms, as the ICS analysis reads
 * them). */
static int set_succ(struct cfg_block *B, const int *s, unsigned n)
{
    bool once = B->kind == CFG_INDIRECT;

    B->succ = malloc((n ? n : 1) * sizeof *B->succ);
    if (!B->succ)
        return -1;
    B->n_succ = 0;
    for (unsigned k = 0; k < n; k++) {
        bool seen = false;
        for (unsigned j = 0; j < B->n_succ && !seen; j++)
            seen = B->succ[j] == s[k];
        if (!seen || !once)
            B->succ[B->n_succ++] = s[k];
    }
    return 0;
}

static int build_blocks(const struct program *p, struct cfg_func *cf,
                        struct fwork *w, char *err, size_t errlen)
{
    const struct program_func *f = cf->func;
    unsigned n = (f->hi - f->lo) / 4;
    bool *leader = calloc(n + 1, sizeof *leader);
    bool *entered = calloc(n + 1, sizeof *entered);
    int *s = NULL;

    w->n = n;
    w->word = calloc(n ? n : 1, sizeof *w->word);
    w->block = calloc(n ? n : 1, sizeof *w->block);
    w->lambda = calloc(n ? n : 1, sizeof *w->lambda);
    w->delta = calloc(n ? n : 1, sizeof *w->delta);
    w->callee = calloc(n ? n : 1, sizeof *w->callee);
    w->n_targets = calloc(n ? n : 1, sizeof *w->n_targets);
    w->targets = calloc(n ? n : 1, sizeof *w->targets);
    if (!leader || !entered || !w->word || !w->block || !w->lambda
        || !w->delta || !w->callee || !w->n_targets || !w->targets)
        goto oom;
    if (n == 0) {
        free(leader);
        free(entered);
        return 0;
    }
    leader[0] = true;
    for (unsigned i = 0; i < n; i++) {
        uint32_t pc = f->lo + 4 * i;
        struct cf_insn c;
        if (program_word(p, pc, &w->word[i]) != 0) {
            free(leader);
            free(entered);
            snprintf(err, errlen, "%s: function %s: 0x%08x is outside the "
                     "image", p->path, f->name, pc);
            return -1;
        }
        c = cf_decode(w->word[i]);
        w->callee[i] = -1;
        if (c.type == CF_BRANCH || (c.type == CF_JAL && c.rd == 0)) {
            uint32_t t = pc + (uint32_t)c.imm;
            if (inside(f, n, t))
                leader[(t - f->lo) / 4] = entered[(t - f->lo) / 4] = true;
            leader[i + 1] = true;
        } else if (c.type == CF_JAL) {
            w->callee[i] = func_index(p, pc + (uint32_t)c.imm);
        } else if (c.type == CF_JALR && c.rd == 0) {
            leader[i + 1] = true;
        } else if (c.type == CF_JALR) {
            w->callee[i] = -2;
        } else if (c.type == CF_EXIT) {
            leader[i + 1] = true;
        }
    }
    if (find_tables(p, cf, w, entered) != 0)
        goto oom;
    for (unsigned i = 0; i < n; i++)
        for (unsigned k = 0; k < w->n_targets[i]; k++)
            leader[(w->targets[i][k] - f->lo) / 4] = true;
    free(entered);
    entered = NULL;
    for (unsigned i = 0; i < n; i++)
        cf->n_blocks += leader[i];
    cf->blocks = calloc(cf->n_blocks, sizeof *cf->blocks);
    s = malloc((JUMP_TABLE_MAX > 2 ? JUMP_TABLE_MAX : 2) * sizeof *s);
    if (!cf->blocks || !s)
        goto oom;
    for (unsigned i = 0, b = 0; i < n; i++) {
        if (leader[i] && i > 0)
            b++;
        w->block[i] = (int)b;
        if (leader[i])
            cf->blocks[b].lo = f->lo + 4 * i;
        cf->blocks[b].hi = f->lo + 4 * (i + 1);
    }
    free(leader);
    leader = NULL;
    /* Link each block by its last instruction. */
    for (unsigned b = 0; b < cf->n_blocks; b++) {
        struct cfg_block *B = &cf->blocks[b];
        unsigned i = (B->hi - f->lo) / 4 - 1, ns = 1;
        uint32_t pc = B->hi - 4;
        struct cf_insn c = cf_decode(w->word[i]);
        int fall = i + 1 < n ? w->block[i + 1] : CFG_EXIT;
        uint32_t t = pc + (uint32_t)c.imm;
        int target = inside(f, n, t) ? w->block[(t - f->lo) / 4] : CFG_EXIT;

        B->ipdom = CFG_NONE;
        s[0] = fall;
        if (c.type == CF_BRANCH) {
            B->kind = CFG_BRANCH;
            s[0] = target;
            s[1] = fall;
            ns = 2;
        } else if (c.type == CF_JAL && c.rd == 0) {
            B->kind = target == CFG_EXIT ? CFG_TAIL : CFG_JUMP;
            s[0] = target;
        } else if (c.type == CF_JALR && c.rd == 0) {
            B->kind = c.rs1 == 1 && c.imm == 0 ? CFG_RETURN : CFG_INDIRECT;
            s[0] = CFG_EXIT;
            for (unsigned k = 0; k < w->n_targets[i]; k++)
                s[k] = w->block[(w->targets[i][k] - f->lo) / 4];
            if (w->n_targets[i])
                ns = w->n_targets[i];
            cf->indirect |= B->kind == CFG_INDIRECT;
        } else if (c.type == CF_EXIT) {
            B->kind = CFG_THREAD_EXIT;
            s[0] = CFG_EXIT;
        } else {
            B->kind = CFG_FALL;
        }
        if (set_succ(B, s, ns) != 0)
            goto oom;
        for (unsigned k = 0; k < B->n_succ; k++)
            if (B->succ[k] == CFG_EXIT) {
                cf->n_exits++;
                break;
            }
    }
    free(s);
    return 0;
oom:
    free(leader);
    free(entered);
    free(s);
    snprintf(err, errlen, "%s: out of memory", p->path);
    return -1;
}

static int post_dominators(const struct program *p, struct cfg_func *cf,
                           char *err, size_t errlen)
{
    unsigned nb = cf->n_blocks;
    const int **succ = malloc((nb ? nb : 1) * sizeof *succ);
    unsigned *ns = malloc((nb ? nb : 1) * sizeof *ns);
    int *ip = malloc((nb ? nb : 1) * sizeof *ip);
    int rc = -1;

    if (succ && ns && ip) {
        for (unsigned b = 0; b < nb; b++) {
            succ[b] = cf->blocks[b].succ;
            ns[b] = cf->blocks[b].n_succ;
        }
        rc = cfg_ipdom(nb, succ, ns, ip);
        for (unsigned b = 0; rc == 0 && b < nb; b++)
            cf->blocks[b].ipdom = ip[b];
    }
    if (rc != 0)
        snprintf(err, errlen, "%s: out of memory", p->path);
    free((void *)succ);
    free(ns);
    free(ip);
    return rc;
}

/* The re-convergence PC of a branch whose post-dominator is the exit:
 * the function's one exit instruction when it has one (every thread
 * that leaves executes it), else the kernel's simt.exit. */
static void exit_rpc(const struct program *p, struct cfg_func *cf)
{
    cf->exit_rpc = p->exit_pc;
    if (cf->n_exits != 1)
        return;
    for (unsigned b = 0; b < cf->n_blocks; b++) {
        const struct cfg_block *B = &cf->blocks[b];
        if (B->n_succ == 1 && B->succ[0] == CFG_EXIT)
            cf->exit_rpc = B->hi - 4;
    }
}

/* ------------------------------------------------------------------ */
/* The tables.                                                         */
/* ------------------------------------------------------------------ */

static int by_branch_pc(const void *a, const void *b)
{
    const struct program_branch *x = a, *y = b;
    return x->pc < y->pc ? -1 : x->pc > y->pc;
}

/* ------------------------------------------------------------------ */
/* Joins in the kernel that a barrier must not wait for.               */
/* ------------------------------------------------------------------ */

/* Whether each function may reach a simt.bar: it holds one, or calls a
 * function that may (an indirect call may reach any).  bar[i] for
 * function i; a fixed point over the call graph. */
static void barrier_funcs(const struct cfg *g, const struct fstate *fs,
                          bool *bar)
{
    bool moved = true;

    for (unsigned i = 0; i < g->n_funcs; i++)
        for (unsigned k = 0; k < fs[i].w.n && !bar[i]; k++)
            bar[i] = rv32_decode(fs[i].w.word[k]).op == RV32_SIMT_BAR
                     || fs[i].w.callee[k] == -2;
    while (moved) {
        moved = false;
        for (unsigned i = 0; i < g->n_funcs; i++)
            for (unsigned k = 0; k < fs[i].w.n && !bar[i]; k++) {
                int c = fs[i].w.callee[k];
                if (c >= 0 && bar[c])
                    moved = bar[i] = true;
            }
    }
}

/* Whether a block of function i holds a simt.bar or a call that may reach
 * one. */
static bool block_bar(const struct cfg_func *cf, const struct fwork *w,
                      const bool *bar, int b)
{
    const struct cfg_block *B = &cf->blocks[b];

    for (uint32_t pc = B->lo; pc < B->hi; pc += 4) {
        unsigned k = (pc - cf->func->lo) / 4;
        if (rv32_decode(w->word[k]).op == RV32_SIMT_BAR
            || (w->callee[k] >= 0 && bar[w->callee[k]])
            || w->callee[k] == -2)
            return true;
    }
    return false;
}

/* Whether a path from block b reaches a block that may reach a barrier
 * without entering block stop (-1: none); seen has a slot per block. */
static bool bar_ahead(const struct cfg_func *cf, const struct fwork *w,
                      const bool *bar, int b, int stop, bool *seen, int *todo)
{
    unsigned n = 0;

    memset(seen, 0, cf->n_blocks * sizeof *seen);
    todo[n++] = b;
    while (n) {
        int v = todo[--n];
        const struct cfg_block *V;
        if (v < 0 || v == stop || seen[v])
            continue;
        seen[v] = true;
        if (block_bar(cf, w, bar, v))
            return true;
        V = &cf->blocks[v];
        for (unsigned j = 0; j < V->n_succ; j++)
            todo[n++] = V->succ[j];
    }
    return false;
}

/* The kernel's branches whose join no barrier follows, while a side
 * reaches a barrier before the join: such a join re-converges at the
 * kernel's exit instead (docs/isa.md, the branch table, rule 4).  The
 * threads of the side that skips the barrier (an early return, say) go on
 * to the kernel's return, which is their exit, instead of waiting at the
 * join (often the kernel's epilogue) for threads that wait at the
 * barrier for them.  late[b] for each block b of the kernel. */
static int exit_joins(const struct cfg *g, const struct fstate *fs, int kf,
                      bool *late)
{
    const struct cfg_func *cf = &g->funcs[kf];
    const struct fwork *w = &fs[kf].w;
    bool *bar = calloc(g->n_funcs + 1, sizeof *bar);
    bool *seen = calloc(cf->n_blocks + 1, sizeof *seen);
    unsigned edges = 1;
    int *todo;

    for (unsigned b = 0; b < cf->n_blocks; b++)
        edges += cf->blocks[b].n_succ;
    todo = calloc(edges + 1, sizeof *todo);
    if (!bar || !seen || !todo) {
        free(bar);
        free(seen);
        free(todo);
        return -1;
    }
    barrier_funcs(g, fs, bar);
    for (unsigned b = 0; b < cf->n_blocks; b++) {
        const struct cfg_block *B = &cf->blocks[b];
        int r = B->ipdom;
        if ((B->kind != CFG_BRANCH && B->kind != CFG_INDIRECT) || r < 0
            || bar_ahead(cf, w, bar, r, -1, seen, todo))
            continue;
        for (unsigned j = 0; j < B->n_succ && !late[b]; j++)
            late[b] = B->succ[j] != r
                      && bar_ahead(cf, w, bar, B->succ[j], r, seen, todo);
    }
    free(bar);
    free(seen);
    free(todo);
    return 0;
}

static int tables(const struct program *p, struct cfg *g, struct fstate *fs)
{
    unsigned nbr = 0, nics = 0;
    int kf = func_index(p, p->kernel);
    bool *late = NULL;

    if (kf >= 0) {
        late = calloc(g->funcs[kf].n_blocks + 1, sizeof *late);
        if (!late || exit_joins(g, fs, kf, late) != 0) {
            free(late);
            return -1;
        }
    }
    for (unsigned i = 0; i < g->n_funcs; i++) {
        for (unsigned b = 0; b < g->funcs[i].n_blocks; b++) {
            enum cfg_kind k = g->funcs[i].blocks[b].kind;
            nbr += k == CFG_BRANCH || k == CFG_INDIRECT;
        }
        for (unsigned k = 0; k < fs[i].w.n; k++)
            nics += fs[i].w.delta[k] != 0 || ((int)i == kf && k == 0);
    }
    g->branches = calloc(nbr ? nbr : 1, sizeof *g->branches);
    g->ics = calloc(nics ? nics : 1, sizeof *g->ics);
    if (!g->branches || !g->ics) {
        free(late);
        return -1;
    }
    for (unsigned i = 0; i < g->n_funcs; i++) {
        const struct cfg_func *cf = &g->funcs[i];
        for (unsigned b = 0; b < cf->n_blocks; b++) {
            const struct cfg_block *B = &cf->blocks[b];
            struct program_branch *e = &g->branches[g->n_branches];
            if (B->kind != CFG_BRANCH && B->kind != CFG_INDIRECT)
                continue;
            e->pc = B->hi - 4;
            e->rpc = B->ipdom == CFG_EXIT ? cf->exit_rpc
                     : B->ipdom == CFG_NONE ? p->exit_pc
                     : (int)i == kf && late[b] ? p->exit_pc
                     : cf->blocks[B->ipdom].lo;
            g->n_branches++;
        }
        for (unsigned k = 0; k < fs[i].w.n; k++) {
            int d = fs[i].w.delta[k], after = fs[i].w.lambda[k] + d;
            struct program_ics *e = &g->ics[g->n_ics];
            if (d == 0 && !((int)i == kf && k == 0))
                continue;
            e->pc = cf->func->lo + 4 * k;
            e->level = (uint8_t)after;
            /* In the kernel function the levels are absolute: back to
             * the outermost level is set-outmost, as the paper's
             * compiler writes it, and so is the kernel's beginning. */
            e->action = d > 0 ? ICS_RAISE
                        : (int)i == kf && after == 0 ? ICS_SET_OUTMOST
                        : ICS_LOWER;
            g->n_ics++;
        }
    }
    free(late);
    qsort(g->branches, g->n_branches, sizeof *g->branches, by_branch_pc);
    /* the functions are sorted and disjoint: the ICS table is too */
    return 0;
}

static void fstate_free(struct fstate *fs, unsigned n)
{
    for (unsigned i = 0; fs && i < n; i++) {
        for (unsigned k = 0; k < fs[i].ng; k++) {
            free(fs[i].gs[k].in);
            free(fs[i].gs[k].d);
        }
        free(fs[i].gs);
        free(fs[i].w.word);
        free(fs[i].w.block);
        free(fs[i].w.lambda);
        free(fs[i].w.delta);
        free(fs[i].w.callee);
        for (unsigned k = 0; fs[i].w.targets && k < fs[i].w.n; k++)
            free(fs[i].w.targets[k]);
        free(fs[i].w.targets);
        free(fs[i].w.n_targets);
    }
    free(fs);
}

void cfg_free(struct cfg *g)
{
    for (unsigned i = 0; g->funcs && i < g->n_funcs; i++) {
        for (unsigned b = 0; g->funcs[i].blocks && b < g->funcs[i].n_blocks; b++)
            free(g->funcs[i].blocks[b].succ);
        free(g->funcs[i].blocks);
    }
    free(g->funcs);
    free(g->branches);
    free(g->ics);
    memset(g, 0, sizeof *g);
}

int cfg_build(const struct program *p, unsigned ics_levels, struct cfg *g,
              char *err, size_t errlen)
{
    unsigned n = p->n_funcs, deepest = 0;
    struct fstate *fs = calloc(n ? n : 1, sizeof *fs);
    int root = func_index(p, p->entry), rc = -1;

    memset(g, 0, sizeof *g);
    if (ics_levels < 1 || ics_levels > CFG_ICS_LEVELS_MAX) {
        snprintf(err, errlen, "%u ICS-First levels: the analysis takes 1 .. %u",
                 ics_levels, CFG_ICS_LEVELS_MAX);
        free(fs);
        return -1;
    }
    g->funcs = calloc(n ? n : 1, sizeof *g->funcs);
    if (!fs || !g->funcs) {
        snprintf(err, errlen, "%s: out of memory", p->path);
        goto out;
    }
    g->n_funcs = n;
    for (unsigned i = 0; i < n; i++) {
        g->funcs[i].func = &p->funcs[i];
        if (build_blocks(p, &g->funcs[i], &fs[i].w, err, errlen) != 0
            || post_dominators(p, &g->funcs[i], err, errlen) != 0)
            goto out;
        exit_rpc(p, &g->funcs[i]);
    }
    if (ics_mark_recursion(p, g, fs) != 0) {
        snprintf(err, errlen, "%s: out of memory", p->path);
        goto out;
    }
    for (unsigned i = 0; i < n; i++) {
        if (ics_groups_find(p, &g->funcs[i], &fs[i], err, errlen) != 0)
            goto out;
        for (unsigned k = 0; k < fs[i].ng; k++)
            if (fs[i].gs[k].placed && fs[i].gs[k].depth > deepest)
                deepest = fs[i].gs[k].depth;
    }
    /* Drop the deepest conditionals until the levels fit (with none
     * left, every level is 0). */
    for (unsigned limit = deepest; ; limit--) {
        for (unsigned i = 0; i < n; i++) {
            for (unsigned k = 0; k < fs[i].ng; k++)
                if (fs[i].gs[k].depth > limit)
                    fs[i].gs[k].placed = false;
            if (ics_levels_check(p, &g->funcs[i], &fs[i].w, fs[i].gs, fs[i].ng,
                             &fs[i].deepest, err, errlen) != 0)
                goto out;
        }
        ics_max_levels(g, fs);
        g->max_level = root >= 0 ? g->funcs[root].max_level : 0;
        if (g->max_level < ics_levels || limit == 0)
            break;
    }
    for (unsigned i = 0; i < n; i++) {
        g->funcs[i].groups_placed = 0;
        for (unsigned k = 0; k < fs[i].ng; k++)
            g->funcs[i].groups_placed += fs[i].gs[k].placed;
    }
    if (tables(p, g, fs) != 0) {
        snprintf(err, errlen, "%s: out of memory", p->path);
        goto out;
    }
    rc = 0;
out:
    fstate_free(fs, n);
    if (rc != 0)
        cfg_free(g);
    return rc;
}

int cfg_analyse(struct program *p, unsigned ics_levels, char *err,
                size_t errlen)
{
    struct cfg g;

    if (cfg_build(p, ics_levels, &g, err, errlen) != 0)
        return -1;
    free(p->branches);
    free(p->ics);
    p->branches = g.branches;
    p->n_branches = g.n_branches;
    p->ics = g.ics;
    p->n_ics = g.n_ics;
    p->ics_max_level = g.max_level;
    g.branches = NULL;
    g.ics = NULL;
    cfg_free(&g);
    return 0;
}

