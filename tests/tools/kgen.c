/*
 * kgen.c -- random valid SIMT kernels (tests/tools/kgen.h, docs/kgen.md).
 *
 * A program is a few functions and the kernel, written in order so that
 * each calls only what is above it (and a recursive function itself).
 * Statements are drawn from a splitmix64 stream of the seed; each is
 * printed as it is drawn.  A scope says what may be written where it
 * stands: whether the code is TB-uniform (the only place for a barrier),
 * whether it is the kernel (where return is thread exit), and which loop
 * indices are in scope.
 */
#include "kgen.h"

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#define KGEN_NSHC     4u     /* shared counters */
#define KGEN_NSHP     4u     /* private shared words per thread */
#define KGEN_MAX_FNS  8u     /* functions besides the kernel */
#define KGEN_MAX_VARS 8u     /* loop indices in scope */
#define KGEN_COST_CAP 96u    /* most loop iterations nested around a
                              * statement, callees' loops included */

/* A splitmix64 stream. */
struct kgen_rng {
    uint64_t s;            /* advanced by each draw */
};

static uint64_t rng_next(struct kgen_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* 0 .. n-1 */
static unsigned pick(struct kgen_rng *r, unsigned n)
{
    return (unsigned)(rng_next(r) % n);
}

static bool chance(struct kgen_rng *r, unsigned percent)
{
    return pick(r, 100) < percent;
}

/* A function written above the current one. */
struct kgen_fn {
    char kind;             /* 'f' plain, 'b' holds barriers (uniform calls
                            * only), 'r' recursive */
    unsigned id;           /* its number: f3, b4, r5 */
    unsigned cost;         /* most loop iterations nested inside it */
};

/* The generator's state for one program. */
struct kgen {
    struct kgen_rng rng;   /* the program's stream */
    const struct kgen_features *f; /* what it may contain */
    FILE *out;             /* where the source goes */
    unsigned ind;          /* indentation, in levels */
    unsigned stmts;        /* statements left for the current function */
    unsigned nvar;         /* loop indices named so far */
    struct kgen_fn fn[KGEN_MAX_FNS]; /* the functions written so far */
    unsigned nfn;          /* how many */
    unsigned fn_cost;      /* the current function's cost so far */
    bool self_called;      /* the recursive function being written has
                            * called itself once in its body already */
    bool returned;         /* the current function has a return that not
                            * every live thread of the TB takes together
                            * (no barrier after it in this function) */
    int err;               /* a write failed */
};

/* Where a statement stands. */
struct kgen_scope {
    bool uniform;          /* every live thread of the TB reaches it the
                            * same number of times */
    bool kernel;           /* in kernel(): return is thread exit */
    bool barrier_fn;       /* in a function that may hold barriers */
    bool in_loop;          /* inside a loop of this function */
    bool loop_uniform;     /* the innermost loop is uniform: its break and
                            * continue must be too */
    char self;             /* 'r': in recursive function self_id */
    unsigned self_id;      /* ... its number */
    unsigned depth;        /* nesting of blocks */
    unsigned mult;         /* iterations of the loops around it */
    unsigned uvar[KGEN_MAX_VARS]; /* uniform loop indices in scope */
    unsigned nu;           /* how many */
    unsigned dvar[KGEN_MAX_VARS]; /* thread-dependent loop indices */
    unsigned nd;           /* how many */
};

static void put(struct kgen *g, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void put(struct kgen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (vfprintf(g->out, fmt, ap) < 0)
        g->err = -1;
    va_end(ap);
}

/* Start a line at the current indentation. */
static void line(struct kgen *g)
{
    for (unsigned i = 0; i < g->ind; i++)
        put(g, "    ");
}

/* ------------------------------------------------------------------ */
/* Expressions: uint32_t throughout, so no overflow is undefined.      */

static void expr(struct kgen *g, const struct kgen_scope *s, unsigned d);

static void constant(struct kgen *g)
{
    static const uint32_t special[] = { 0u, 1u, 2u, 3u, 7u, 31u, 0x80000000u,
                                        0xffffffffu, 0x7fffffffu, 0x10000u };
    if (chance(&g->rng, 50))
        put(g, "%uu", pick(&g->rng, 16));
    else if (chance(&g->rng, 50))
        put(g, "0x%xu", special[pick(&g->rng, 10)]);
    else
        put(g, "0x%xu", (uint32_t)rng_next(&g->rng));
}

/* A value every thread of the TB has alike here. */
static void uexpr(struct kgen *g, const struct kgen_scope *s, unsigned d)
{
    unsigned k = pick(&g->rng, d ? 7 : 4);
    switch (k) {
    case 0: put(g, "c->b"); break;
    case 1: put(g, "c->n"); break;
    case 2:
        if (s->nu) {
            put(g, "u%u", s->uvar[pick(&g->rng, s->nu)]);
            break;
        }
        /* fall through */
    case 3: constant(g); break;
    default: {
        static const char *const op[] = { "+", "^", "*" };
        put(g, "(");
        uexpr(g, s, d - 1);
        put(g, " %s ", op[k - 4]);
        uexpr(g, s, d - 1);
        put(g, ")");
    }
    }
}

static void leaf(struct kgen *g, const struct kgen_scope *s, unsigned d)
{
    switch (pick(&g->rng, 14)) {
    case 0: case 1: case 2: put(g, "v%u", pick(&g->rng, 4)); break;
    case 3: put(g, "h"); break;
    case 4: constant(g); break;
    case 5: put(g, "c->t"); break;
    case 6: put(g, "c->g"); break;
    case 7: put(g, pick(&g->rng, 2) ? "simt_laneid()" : "simt_warpid()"); break;
    case 8:
        put(g, "c->in[(");
        if (d)
            expr(g, s, d - 1);
        else
            put(g, "c->t");
        put(g, ") & %uu]", KGEN_NIN - 1);
        break;
    case 9: put(g, "c->shp[%u]", pick(&g->rng, KGEN_NSHP)); break;
    case 10: put(g, "c->out[%u]", pick(&g->rng, KGEN_NOUT)); break;
    case 11:
        if (s->nd) {
            put(g, "i%u", s->dvar[pick(&g->rng, s->nd)]);
            break;
        }
        /* fall through */
    default: uexpr(g, s, 0); break;
    }
}

static void expr(struct kgen *g, const struct kgen_scope *s, unsigned d)
{
    static const char *const op[] = { "+", "-", "^", "&", "|", "*", "+" };
    unsigned k;

    if (d == 0 || chance(&g->rng, 30)) {
        leaf(g, s, d);
        return;
    }
    k = pick(&g->rng, 12);
    put(g, "(");
    if (k < 7) {
        expr(g, s, d - 1);
        put(g, " %s ", op[k]);
        expr(g, s, d - 1);
    } else if (k < 9) {
        expr(g, s, d - 1);
        put(g, k == 7 ? " << (" : " >> (");
        expr(g, s, d - 1);
        put(g, " & 31u)");
    } else if (k == 9) {
        expr(g, s, d - 1);
        put(g, pick(&g->rng, 2) ? " / ((" : " %% ((");
        expr(g, s, d - 1);
        put(g, " & 15u) | 1u)");
    } else if (k == 10) {
        expr(g, s, d - 1);
        put(g, pick(&g->rng, 2) ? " < " : " == ");
        expr(g, s, d - 1);
    } else {
        expr(g, s, d - 1);
        put(g, " ? ");
        expr(g, s, d - 1);
        put(g, " : ");
        expr(g, s, d - 1);
    }
    put(g, ")");
}

/* A condition that splits the threads of a warp. */
static void dcond(struct kgen *g, const struct kgen_scope *s)
{
    switch (pick(&g->rng, 7)) {
    case 0:
        put(g, "(c->t & %uu) == %uu", 1u << pick(&g->rng, 3) | 0u,
            pick(&g->rng, 2));
        break;
    case 1:
        put(g, "c->t %s %uu", pick(&g->rng, 2) ? "<" : ">=",
            1 + pick(&g->rng, KGEN_MAX_BLOCK - 1));
        break;
    case 2: put(g, "simt_laneid() == %uu", pick(&g->rng, 4)); break;
    case 3: put(g, "simt_warpid() %s %uu", pick(&g->rng, 2) ? "==" : ">=",
                pick(&g->rng, 4)); break;
    case 4:
        put(g, "((");
        expr(g, s, 2);
        put(g, ") & %uu) == 0u", 1u + pick(&g->rng, 7));
        break;
    case 5:
        put(g, "c->g %% %uu == %uu", 3 + pick(&g->rng, 3), pick(&g->rng, 3));
        break;
    default:
        expr(g, s, 2);
        put(g, " < ");
        expr(g, s, 2);
        break;
    }
}

/* A condition every thread of the TB evaluates alike. */
static void ucond(struct kgen *g, const struct kgen_scope *s)
{
    switch (pick(&g->rng, 3)) {
    case 0: put(g, "(c->b & 1u) == %uu", pick(&g->rng, 2)); break;
    case 1: put(g, "c->n > %uu", pick(&g->rng, KGEN_MAX_BLOCK)); break;
    default:
        put(g, "(");
        uexpr(g, s, 2);
        put(g, " & 3u) %s ", pick(&g->rng, 2) ? "==" : "<");
        uexpr(g, s, 1);
        break;
    }
}

/* The condition of a branch: uniform where the scope is and the draw
 * says so; otherwise divergent.  Returns whether it is uniform. */
static bool cond(struct kgen *g, const struct kgen_scope *s, unsigned uniform_pct)
{
    if (s->uniform && chance(&g->rng, uniform_pct)) {
        ucond(g, s);
        return true;
    }
    dcond(g, s);
    return false;
}

/* ------------------------------------------------------------------ */
/* Statements                                                         */

static void block(struct kgen *g, const struct kgen_scope *s, unsigned n);

static bool may_barrier(const struct kgen *g, const struct kgen_scope *s)
{
    return g->f->barriers && s->uniform && !g->returned
           && (s->kernel || s->barrier_fn);
}

/* The one operation of each counter (global and shared): its amo*.w,
 * or an lr.w/sc.w loop computing the same. */
static const char *const counter_op[KGEN_NCNT] = { "add", "xor", "or", "maxu" };

static void simple(struct kgen *g, const struct kgen_scope *s)
{
    unsigned k = pick(&g->rng, 12);

    line(g);
    if (k < 4) {
        static const char *const as[] = { "=", "+=", "^=", "-=" };
        put(g, "v%u %s ", pick(&g->rng, 4), as[pick(&g->rng, 4)]);
        expr(g, s, 3);
    } else if (k < 6) {
        put(g, "h = h * 31u + ");
        expr(g, s, 3);
    } else if (k < 8) {
        put(g, "c->out[%u] = ", pick(&g->rng, KGEN_NOUT - 2));
        expr(g, s, 2);
    } else if (k < 9) {
        put(g, "c->shp[%u] = ", pick(&g->rng, KGEN_NSHP));
        expr(g, s, 2);
    } else if (k < 11 && (g->f->atomics || g->f->lrsc)) {
        /* counter k only ever takes counter_op[k], so that its final
         * value does not depend on the order of the threads */
        bool lrsc = g->f->lrsc && (!g->f->atomics || chance(&g->rng, 40));
        bool shared = chance(&g->rng, 50);
        unsigned n = pick(&g->rng, shared ? KGEN_NSHC : KGEN_NCNT);
        const char *arr = shared ? "shc" : "cnt";
        if (lrsc)
            put(g, "kgen_lrsc_%s(&c->%s[%u], ", counter_op[n], arr, n);
        else if (n == 0)
            put(g, "(void)simt_atomic_add((int32_t *)&c->%s[0], (int32_t)", arr);
        else
            put(g, "kgen_amo_%s(&c->%s[%u], ", counter_op[n], arr, n);
        expr(g, s, 2);
        put(g, ")");
    } else {
        put(g, "h ^= v%u + ", pick(&g->rng, 4));
        expr(g, s, 2);
    }
    put(g, ";\n");
}

/* The functions a call here may name: index list into g->fn. */
static unsigned callees(const struct kgen *g, const struct kgen_scope *s,
                        unsigned *list)
{
    unsigned n = 0;
    for (unsigned i = 0; i < g->nfn; i++) {
        const struct kgen_fn *fn = &g->fn[i];
        if (fn->kind == 'b' && !may_barrier(g, s))
            continue;
        if (fn->kind == 'r' && !g->f->recursion)
            continue;
        if ((uint64_t)s->mult * fn->cost > KGEN_COST_CAP)
            continue;
        list[n++] = i;
    }
    return n;
}

static void note_cost(struct kgen *g, unsigned cost)
{
    if (cost > g->fn_cost)
        g->fn_cost = cost;
}

static void call(struct kgen *g, const struct kgen_scope *s)
{
    unsigned list[KGEN_MAX_FNS], n = callees(g, s, list);
    const struct kgen_fn *fn;

    if (s->self == 'r' && s->mult == 1 && !g->self_called
        && (n == 0 || chance(&g->rng, 50))) {
        g->self_called = true;
        /* the recursive call: bounded by d */
        line(g);
        put(g, "v%u ^= r%u(c, d - 1u, ", pick(&g->rng, 4), s->self_id);
        expr(g, s, 2);
        put(g, ");\n");
        return;
    }
    if (n == 0) {
        simple(g, s);
        return;
    }
    fn = &g->fn[list[pick(&g->rng, n)]];
    note_cost(g, s->mult * fn->cost);
    line(g);
    if (fn->kind == 'r') {
        put(g, "v%u += r%u(c, (", pick(&g->rng, 4), fn->id);
        expr(g, s, 1);
        put(g, ") & 3u, ");
    } else if (fn->kind == 'b') {
        put(g, "h += b%u(c, ", fn->id);
    } else {
        put(g, "v%u ^= f%u(c, ", pick(&g->rng, 4), fn->id);
        expr(g, s, 2);
        put(g, ", ");
    }
    expr(g, s, 2);
    put(g, ");\n");
}

static void barrier(struct kgen *g, const struct kgen_scope *s)
{
    line(g);
    if (chance(&g->rng, 50)) {
        put(g, "simt_barrier();\n");
        return;
    }
    /* the exchange: write my word, meet, read a neighbour's, meet */
    put(g, "c->shx[c->t] = ");
    expr(g, s, 2);
    put(g, ";\n");
    line(g);
    put(g, "simt_barrier();\n");
    line(g);
    put(g, "h = h * 33u + c->shx[(c->t + %uu) %% c->n];\n",
        1 + pick(&g->rng, KGEN_MAX_BLOCK));
    line(g);
    put(g, "simt_barrier();\n");
}

/* The scope of a nested block: uniform only when the branch is. */
static struct kgen_scope nested(const struct kgen_scope *s, bool uniform)
{
    struct kgen_scope n = *s;
    n.uniform = s->uniform && uniform;
    n.depth = s->depth + 1;
    return n;
}

/* Whether a return may end a block here: not in a loop of a function
 * that holds barriers, unless every live thread takes it (a thread that
 * returned in one iteration would miss the barriers of the next). */
static bool may_return(const struct kgen *g, const struct kgen_scope *s)
{
    if (s->kernel)
        return g->f->exits;    /* returning from the kernel is exit */
    if (s->barrier_fn && s->in_loop && !s->uniform)
        return false;
    return g->f->returns;
}

static bool may_leave(const struct kgen *g, const struct kgen_scope *s)
{
    return g->f->exits || may_return(g, s);
}

/* End a nested block early: exit, or return (from the kernel: exit). */
static void leave(struct kgen *g, const struct kgen_scope *s)
{
    bool ret = may_return(g, s) && (!g->f->exits || chance(&g->rng, 45));

    line(g);
    put(g, "c->out[%u] = h;\n", pick(&g->rng, KGEN_NOUT - 2));
    line(g);
    if (!ret) {
        put(g, "kgen_exit();\n");
    } else if (s->kernel) {
        put(g, "return;\n");
    } else {
        /* a return not every thread takes together ends the function's
         * barriers */
        if (!s->uniform)
            g->returned = true;
        put(g, "return h ^ v%u;\n", pick(&g->rng, 4));
    }
}

static void branch(struct kgen *g, const struct kgen_scope *s)
{
    struct kgen_scope in;
    bool u;

    line(g);
    put(g, "if (");
    u = cond(g, s, 40);
    put(g, ") ");
    in = nested(s, u);
    block(g, &in, 1 + pick(&g->rng, 3));
    if (chance(&g->rng, 50)) {
        put(g, " else ");
        block(g, &in, 1 + pick(&g->rng, 3));
    }
    put(g, "\n");
}

static void loop(struct kgen *g, const struct kgen_scope *s)
{
    struct kgen_scope in;
    unsigned v = g->nvar++;
    bool u = s->uniform && chance(&g->rng, 50);

    if (s->nu >= KGEN_MAX_VARS || s->nd >= KGEN_MAX_VARS) {
        simple(g, s);
        return;
    }
    in = nested(s, u);
    in.in_loop = true;
    in.loop_uniform = u;
    line(g);
    if (u) {
        unsigned bound = 1 + pick(&g->rng, 3);
        put(g, "for (uint32_t u%u = 0; u%u < ", v, v);
        if (chance(&g->rng, 50)) {
            put(g, "%uu", bound);
        } else {
            put(g, "(");
            uexpr(g, s, 1);
            put(g, ") %% %uu + 1u", bound);
        }
        put(g, "; u%u++) ", v);
        in.mult = s->mult * (bound + 1);
        in.uvar[in.nu++] = v;
    } else {
        put(g, "for (uint32_t i%u = 0, n%u = (", v, v);
        expr(g, s, 2);
        put(g, ") & 7u; i%u < n%u; i%u++) ", v, v, v);
        in.mult = s->mult * 7;
        in.dvar[in.nd++] = v;
    }
    note_cost(g, in.mult);
    block(g, &in, 1 + pick(&g->rng, 3));
    put(g, "\n");
}

static void jump(struct kgen *g, const struct kgen_scope *s)
{
    line(g);
    put(g, "if (");
    if (s->loop_uniform)
        ucond(g, s);
    else
        dcond(g, s);
    put(g, ") %s;\n", chance(&g->rng, 50) ? "break" : "continue");
}

static void switch_stmt(struct kgen *g, const struct kgen_scope *s)
{
    bool u = s->uniform && chance(&g->rng, 30);
    bool dense = chance(&g->rng, 70);
    unsigned cases = dense ? 5 + pick(&g->rng, 4) : 2 + pick(&g->rng, 3);
    struct kgen_scope in = nested(s, u);
    unsigned val = 0;

    line(g);
    put(g, "switch (");
    if (u) {
        put(g, "(");
        uexpr(g, s, 2);
        put(g, ")");
    } else {
        put(g, "(");
        expr(g, s, 2);
        put(g, ")");
    }
    put(g, " & %uu) {\n", dense ? 7u : 0x3fu);
    for (unsigned i = 0; i < cases; i++) {
        val = dense ? i : val + 1 + pick(&g->rng, 20);
        if (val > 0x3f)
            break;
        line(g);
        put(g, "case %uu: ", val);
        block(g, &in, 1 + pick(&g->rng, 2));
        /* a few cases fall through into the next */
        if (i + 1 < cases && chance(&g->rng, 15))
            put(g, " /* fall through */\n");
        else
            put(g, " break;\n");
    }
    line(g);
    put(g, "default: ");
    block(g, &in, 1 + pick(&g->rng, 2));
    put(g, " break;\n");
    line(g);
    put(g, "}\n");
}

static void statement(struct kgen *g, const struct kgen_scope *s)
{
    unsigned k = pick(&g->rng, 100);
    bool deep = s->depth >= 4;

    if (g->stmts)
        g->stmts--;
    if (k < 40 || deep || g->stmts == 0)
        simple(g, s);
    else if (k < 55)
        branch(g, s);
    else if (k < 65 && g->f->loops && s->mult < 20)
        loop(g, s);
    else if (k < 72 && g->f->switches)
        switch_stmt(g, s);
    else if (k < 82 && g->f->calls)
        call(g, s);
    else if (k < 90 && may_barrier(g, s))
        barrier(g, s);
    else if (k < 95 && s->in_loop && (s->uniform || !s->loop_uniform))
        jump(g, s);
    else
        simple(g, s);
}

/* { n statements, perhaps left early } */
static void block(struct kgen *g, const struct kgen_scope *s, unsigned n)
{
    put(g, "{\n");
    g->ind++;
    for (unsigned i = 0; i < n; i++)
        statement(g, s);
    if (s->depth > 0 && may_leave(g, s) && chance(&g->rng, 12))
        leave(g, s);
    g->ind--;
    line(g);
    put(g, "}");
}

/* The statements of a function's body. */
static void body(struct kgen *g, const struct kgen_scope *s, unsigned n)
{
    g->stmts = n;
    g->fn_cost = 1;
    g->returned = false;
    g->self_called = false;
    while (g->stmts)
        statement(g, s);
}

/* ------------------------------------------------------------------ */
/* Functions and the kernel                                           */

static void locals(struct kgen *g, const char *a, const char *b)
{
    line(g);
    put(g, "uint32_t v0 = %s, v1 = %s, v2 = %s ^ 0x%xu, v3 = c->t;\n", a, b, a,
        (uint32_t)rng_next(&g->rng));
    line(g);
    put(g, "uint32_t h = %s * 0x9e3779b1u + %s;\n", a, b);
}

static void function(struct kgen *g, char kind)
{
    struct kgen_scope s;
    unsigned id = g->nfn;

    memset(&s, 0, sizeof s);
    s.mult = 1;
    s.depth = 1;
    g->ind = 1;
    if (kind == 'r') {
        put(g, "static __attribute__((noinline, noclone)) uint32_t\n"
               "r%u(const struct kgen_ctx *c, uint32_t d, uint32_t x)\n{\n", id);
        locals(g, "x", "d");
        line(g);
        put(g, "if (d == 0u)\n");
        line(g);
        put(g, "    return x * 0x%xu + c->t;\n", (uint32_t)rng_next(&g->rng) | 1u);
        s.self = 'r';
        s.self_id = id;
        body(g, &s, 3 + pick(&g->rng, 4));
        /* at least one recursive call, so the depth is d */
        line(g);
        put(g, "v%u += r%u(c, d - 1u, h ^ v%u);\n", pick(&g->rng, 4), id,
            pick(&g->rng, 4));
    } else if (kind == 'b') {
        put(g, "static __attribute__((noinline, noclone)) uint32_t\n"
               "b%u(const struct kgen_ctx *c, uint32_t x)\n{\n", id);
        locals(g, "x", "c->b");
        s.uniform = true;
        s.barrier_fn = true;
        body(g, &s, 3 + pick(&g->rng, 6));
    } else {
        put(g, "static __attribute__((noinline, noclone)) uint32_t\n"
               "f%u(const struct kgen_ctx *c, uint32_t x, uint32_t y)\n{\n", id);
        locals(g, "x", "y");
        body(g, &s, 2 + pick(&g->rng, 6));
    }
    line(g);
    put(g, "return h ^ v0 ^ (v1 << 1) ^ (v2 << 2) ^ (v3 << 3);\n}\n\n");
    g->fn[id].kind = kind;
    g->fn[id].id = id;
    /* a recursive function repeats its body up to 4 deep, and each level
     * may call itself twice */
    g->fn[id].cost = kind == 'r' ? g->fn_cost * 15 : g->fn_cost;
    g->nfn++;
}

static void kernel_fn(struct kgen *g)
{
    struct kgen_scope s;

    memset(&s, 0, sizeof s);
    s.mult = 1;
    s.uniform = true;
    s.kernel = true;
    put(g, "void kernel(const void *p)\n{\n"
           "    const struct kgen_args *a = p;\n"
           "    struct kgen_ctx cx;\n"
           "    const struct kgen_ctx *c = &cx;\n"
           "    cx.t = simt_tid();\n"
           "    cx.n = simt_ntid();\n"
           "    cx.b = simt_ctaid();\n"
           "    cx.g = simt_global_id();\n"
           "    cx.in = SIMT_PTR(uint32_t, a->in);\n"
           "    cx.cnt = SIMT_PTR(uint32_t, a->cnt);\n"
           "    cx.out = SIMT_PTR(uint32_t, a->out) + cx.g * %uu;\n"
           "    cx.shc = (uint32_t *)simt_shared();\n"
           "    cx.shx = cx.shc + %uu;\n"
           "    cx.shp = cx.shx + %uu + cx.t * %uu;\n",
        KGEN_NOUT, KGEN_NSHC, KGEN_MAX_BLOCK, KGEN_NSHP);
    g->ind = 1;
    locals(g, "c->in[c->g & 63u]", "c->g");
    body(g, &s, 8 + pick(&g->rng, 16));
    /* the end: every live thread's values, and after a last barrier the
     * shared counters */
    put(g, "    c->out[%u] = h ^ v0 ^ (v1 << 1) ^ (v2 << 2) ^ (v3 << 3);\n",
        KGEN_NOUT - 1);
    if (g->f->barriers)
        put(g, "    simt_barrier();\n"
               "    c->out[%u] = c->shc[0] + 3u * c->shc[1] + 5u * c->shc[2]"
               " + 7u * c->shc[3];\n", KGEN_NOUT - 2);
    put(g, "}\n");
}

static const char *const prelude =
    "#include <stdint.h>\n"
    "#ifdef KGEN_QEMU\n"
    "#include \"kgen_qemu.h\"\n"
    "#else\n"
    "#include \"simt.h\"\n"
    "/* simt.exit with exit code 0: the thread ends here */\n"
    "static inline __attribute__((noreturn)) void kgen_exit(void)\n"
    "{\n"
    "    simt_exit(0);\n"
    "}\n"
    "#endif\n"
    "\n"
    "/* *p = *p OP v with an lr.w/sc.w loop */\n"
    "#define KGEN_LRSC(name, op)                                          \\\n"
    "static inline void kgen_lrsc_##name(uint32_t *p, uint32_t v)         \\\n"
    "{                                                                    \\\n"
    "    uint32_t old, fail;                                              \\\n"
    "    do {                                                             \\\n"
    "        __asm__ volatile(\"lr.w %0, (%1)\" : \"=r\"(old) : \"r\"(p)     \\\n"
    "                         : \"memory\");                               \\\n"
    "        __asm__ volatile(\"sc.w %0, %2, (%1)\" : \"=&r\"(fail)          \\\n"
    "                         : \"r\"(p), \"r\"(op) : \"memory\");            \\\n"
    "    } while (fail);                                                  \\\n"
    "}\n"
    "KGEN_LRSC(add, old + v)\n"
    "KGEN_LRSC(xor, old ^ v)\n"
    "KGEN_LRSC(or, old | v)\n"
    "KGEN_LRSC(maxu, old > v ? old : v)\n"
    "\n"
    "/* *p = *p OP v with one amo*.w */\n"
    "#define KGEN_AMO(name, insn)                                         \\\n"
    "static inline void kgen_amo_##name(uint32_t *p, uint32_t v)          \\\n"
    "{                                                                    \\\n"
    "    __asm__ volatile(insn \" zero, %1, (%0)\" : : \"r\"(p), \"r\"(v)      \\\n"
    "                     : \"memory\");                                   \\\n"
    "}\n"
    "KGEN_AMO(xor, \"amoxor.w\")\n"
    "KGEN_AMO(or, \"amoor.w\")\n"
    "KGEN_AMO(maxu, \"amomaxu.w\")\n"
    "\n"
    "struct kgen_args { uint32_t in, cnt, out; };\n"
    "\n"
    "/* one thread's view: its indices and its words */\n"
    "struct kgen_ctx {\n"
    "    uint32_t t, n, b, g;          /* tid, ntid, ctaid, global id */\n"
    "    uint32_t *in, *cnt, *out;     /* inputs, counters, its outputs */\n"
    "    uint32_t *shc, *shx, *shp;    /* shared counters, exchange, its own */\n"
    "};\n\n";

static const struct {
    const char *name;      /* as in --no-NAME */
    size_t off;            /* its field in struct kgen_features */
} feature_table[] = {
    { "exits", offsetof(struct kgen_features, exits) },
    { "returns", offsetof(struct kgen_features, returns) },
    { "barriers", offsetof(struct kgen_features, barriers) },
    { "switches", offsetof(struct kgen_features, switches) },
    { "calls", offsetof(struct kgen_features, calls) },
    { "recursion", offsetof(struct kgen_features, recursion) },
    { "atomics", offsetof(struct kgen_features, atomics) },
    { "lrsc", offsetof(struct kgen_features, lrsc) },
    { "loops", offsetof(struct kgen_features, loops) },
};
#define N_FEATURES (sizeof feature_table / sizeof feature_table[0])

static bool *feature_at(struct kgen_features *f, unsigned i)
{
    return (bool *)((char *)f + feature_table[i].off);
}

static bool feature_on(const struct kgen_features *f, unsigned i)
{
    return *(const bool *)((const char *)f + feature_table[i].off);
}

struct kgen_features kgen_all_features(void)
{
    struct kgen_features f;
    for (unsigned i = 0; i < N_FEATURES; i++)
        *feature_at(&f, i) = true;
    return f;
}

int kgen_feature_off(struct kgen_features *f, const char *name)
{
    for (unsigned i = 0; i < N_FEATURES; i++)
        if (strcmp(name, feature_table[i].name) == 0) {
            *feature_at(f, i) = false;
            return 0;
        }
    return -1;
}

const char *kgen_feature_names(void)
{
    return "exits returns barriers switches calls recursion atomics lrsc loops";
}

struct kgen_launch kgen_launch_of(uint64_t seed)
{
    struct kgen_rng r = { seed ^ 0x6c61756e6368ull };   /* "launch" */
    struct kgen_launch l;
    l.warp_size = pick(&r, 2) ? 4 : 2;
    l.block = 1 + pick(&r, KGEN_MAX_BLOCK);
    l.grid = 1 + pick(&r, KGEN_MAX_GRID);
    return l;
}

uint32_t kgen_input(uint64_t seed, unsigned i)
{
    struct kgen_rng r = { seed * 0x100000001b3ull + i };
    uint64_t v = rng_next(&r);
    /* small values often, so that masks and compares take both ways */
    return (v >> 62) ? (uint32_t)v : (uint32_t)(v & 15);
}

int kgen_write(FILE *out, uint64_t seed, const struct kgen_features *f)
{
    struct kgen g;
    struct kgen_launch l = kgen_launch_of(seed);
    unsigned nf;

    memset(&g, 0, sizeof g);
    g.rng.s = seed;
    g.f = f;
    g.out = out;
    put(&g, "/* kgen seed %llu: grid %u, block %u, warp_size %u", 
        (unsigned long long)seed, l.grid, l.block, l.warp_size);
    for (unsigned i = 0; i < N_FEATURES; i++)
        if (!feature_on(f, i))
            put(&g, ", --no-%s", feature_table[i].name);
    put(&g, " */\n");
    put(&g, "%s", prelude);
    nf = f->calls ? 1 + pick(&g.rng, KGEN_MAX_FNS) : 0;
    for (unsigned i = 0; i < nf; i++) {
        unsigned k = pick(&g.rng, 10);
        function(&g, k < 3 && f->recursion ? 'r'
                     : k < 6 && f->barriers ? 'b' : 'f');
    }
    kernel_fn(&g);
    if (fflush(out) != 0 || ferror(out))
        g.err = -1;
    return g.err;
}
