/*
 * sbr_stack.c -- the SBR re-convergence stacks; see sbr_stack.h.
 */
#include "sbr_stack.h"
#include "model.h"

#include <stdio.h>
#include <string.h>
#include "bits.h"

void sbr_stack_geometry(const struct simt_config *cfg, struct sbr_stack_geometry *g)
{
    unsigned w;

    g->warps   = cfg->warp_size ? cfg->threads_per_scheduler / cfg->warp_size : 0;
    g->depth   = cfg->sbr_stack_depth;
    g->lanes   = cfg->warp_size;
    g->pc_w    = cfg->pc_bits;
    w = clog2(g->warps);
    g->warp_w  = w ? w : 1;
    g->depth_w = clog2((uint64_t)g->depth + 1);
}

int sbr_stack_check(const struct sbr_stack_geometry *g, char *msg, size_t msglen)
{
    if (g->warps < 2 || g->warps > SBR_STACK_MAX_WARPS || g->depth > SBR_STACK_MAX_DEPTH) {
        snprintf(msg, msglen, "the SBR stacks are built for 2..%d warps "
                 "per scheduler of up to %d entries (has %u warps of %u)",
                 SBR_STACK_MAX_WARPS, SBR_STACK_MAX_DEPTH, g->warps, g->depth);
        return -1;
    }
    return 0;
}

int sbr_stack_init(struct sbr_stack *m, const struct simt_config *cfg,
                   char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    sbr_stack_geometry(cfg, &m->g);
    if (sbr_stack_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    sbr_stack_reset(m);
    return 0;
}

void sbr_stack_reset(struct sbr_stack *s)
{
    memset(s->depth, 0, sizeof s->depth);
    memset(s->gone, 0, sizeof s->gone);  /* not reset in the RTL: launch
                                          * clears it before any use */
}

static uint64_t field(uint64_t v, unsigned width)
{
    return width >= 64 ? v : v & ((UINT64_C(1) << width) - 1);
}

/* A warp id as the RTL sees it (warp_w bits); beyond W it names no warp. */
static unsigned warp_of(const struct sbr_stack_geometry *g, unsigned w)
{
    return (unsigned)field(w, g->warp_w);
}

/*
 * What an update does: refused (err, ovf), or the new depth of the op
 * warp, whether the top's PC is rewritten (to top_pc), and up to two
 * entries written from level `base` upwards.
 */
struct sbr_stack_plan {
    bool err, ovf, pop;
    bool exit;                  /* an exit: gone becomes the warp's mask */
    uint64_t join;              /* a yield's merge: the threads of the
                                 * popped top, joining the new top */
    uint64_t gone;              /* the warp's exited threads after it */
    unsigned pushes;
    unsigned new_depth;
    bool set_top_pc;
    uint64_t top_pc;
    unsigned writes;            /* entries written at base, base + 1 */
    unsigned base;
    struct sbr_stack_entry w[2];
};

/* A move of the top without divergence: a branch entry reaching its RPC
 * is popped; a CALL entry never is (only a return pops it). */
static void advance(const struct sbr_stack_entry *top, unsigned depth,
                    uint64_t pc, struct sbr_stack_plan *p)
{
    if (pc == top->rpc && !top->call) {
        p->pop = true;
        p->new_depth = depth - 1;
    } else {
        p->set_top_pc = true;
        p->top_pc = pc;
    }
}

/* The fields of this cycle's operation, cut to their widths. */
struct op_view {
    unsigned w;                         /* the warp */
    unsigned d;                         /* its stack's depth */
    uint64_t pc, npc, rpc, mask;        /* the operation's inputs */
    const struct sbr_stack_entry *top;  /* its top entry (d > 0) */
};

/* A launch: the warp's empty stack takes its first entry. */
static void plan_launch(const struct op_view *o,
                        struct sbr_stack_plan *p)
{
    if (o->d != 0 || o->mask == 0 || o->pc == o->rpc) {
        p->err = true;
        return;
    }
    p->new_depth = 1;
    p->writes = 1;
    p->base = 0;
    p->w[0].pc = o->pc;
    p->w[0].mask = o->mask;
    p->w[0].rpc = o->rpc;
    p->w[0].call = false;
    p->gone = 0;
}

/* An exit: the top's threads leave; with none live every entry goes. */
static void plan_exit(const struct op_view *o, struct sbr_stack_plan *p)
{
    uint64_t gone = p->gone | o->top->mask;

    if (o->mask & gone) {
        p->err = true;
        return;
    }
    p->pop = p->exit = true;
    p->gone = gone;
    p->new_depth = o->mask && o->d > 1 ? o->d - 1 : 0;
}

/* Whether warp w's stack takes a yield: its top (with a live thread) and
 * the entry below are branch entries of the same RPC, and the one below
 * is not marked yielded at another PC. */
static bool yield_takes(const struct sbr_stack *s, unsigned w)
{
    unsigned d = w < s->g.warps ? s->depth[w] : 0;
    const struct sbr_stack_entry *top, *below;

    if (d < 2)
        return false;
    top = &s->e[w][d - 1];
    below = &s->e[w][d - 2];
    return top->mask != 0 && !top->call && !below->call
           && below->rpc == top->rpc
           && !(below->yielded && below->pc != top->pc);
}

/* A yield: the top, at a barrier, swaps with its unmarked sibling below,
 * or joins it when the sibling already waits at this barrier. */
static void plan_yield(const struct sbr_stack *s, const struct op_view *o,
                       struct sbr_stack_plan *p)
{
    const struct sbr_stack_entry *top = o->top;
    const struct sbr_stack_entry *below =
        o->d >= 2 ? &s->e[o->w][o->d - 2] : NULL;

    if (!yield_takes(s, o->w)) {
        p->err = true;
        return;
    }
    if (below->yielded) {
        p->pop = true;
        p->join = top->mask;
        p->new_depth = o->d - 1;
        return;
    }
    p->base = o->d - 2;
    p->writes = 2;
    p->w[0] = *top;
    p->w[0].yielded = true;
    p->w[1] = *below;
    p->w[1].mask &= ~p->gone;
}

/* A call: the CALL entry replaces a branch top that re-converges at the
 * return PC, else goes above the top, which waits there. */
static void plan_call(const struct sbr_stack_geometry *g,
                      const struct op_view *o, struct sbr_stack_plan *p)
{
    bool replace = !o->top->call && o->npc == o->top->rpc;
    unsigned base = replace ? o->d - 1 : o->d;

    if (base + 1 > g->depth) {
        p->ovf = true;
        return;
    }
    p->pushes = replace ? 0 : 1;
    p->new_depth = base + 1;
    p->set_top_pc = !replace;
    p->top_pc = o->npc;
    p->base = base;
    p->writes = 1;
    p->w[0].pc = o->pc;
    p->w[0].mask = o->top->mask;
    p->w[0].rpc = o->npc;
    p->w[0].call = true;
}

/* A return: a CALL top returns to its return PC; a branch top's threads
 * re-converge by returning, unless no entry is left to hold them. */
static void plan_return(const struct op_view *o, struct sbr_stack_plan *p)
{
    if (o->top->call ? o->pc != o->top->rpc : o->d == 1) {
        p->err = true;
        return;
    }
    p->pop = true;
    p->new_depth = o->d - 1;
}

/* A branch: one side alone advances the top; two sides push the sides
 * that do not re-converge at once, above the top when it re-converges
 * elsewhere (or is a CALL entry), in its place otherwise. */
static void plan_branch(const struct sbr_stack_geometry *g,
                        const struct op_view *o, struct sbr_stack_plan *p)
{
    const struct sbr_stack_entry *top = o->top;
    unsigned d = o->d;
    uint64_t rpc = o->rpc, tmask = o->mask, nmask = top->mask & ~o->mask;

    if (o->mask & ~top->mask) {
        p->err = true;
        return;
    }
    if (nmask == 0) {
        advance(top, d, o->pc, p);
        return;
    }
    if (tmask == 0) {
        advance(top, d, o->npc, p);
        return;
    }
    bool push_n = o->npc != rpc, push_t = o->pc != rpc;
    if (!push_n && !push_t) {          /* both sides re-converge at once */
        advance(top, d, rpc, p);
        return;
    }
    bool keep = rpc != top->rpc || top->call;
    unsigned base = keep ? d : d - 1;
    unsigned n = (unsigned)push_n + (unsigned)push_t;
    if (base + n > g->depth) {
        p->ovf = true;
        p->new_depth = d;
        return;
    }
    p->pushes = n;
    p->new_depth = base + n;
    p->set_top_pc = keep;
    p->top_pc = rpc;
    p->base = base;
    if (push_n) {
        p->w[p->writes].pc = o->npc;
        p->w[p->writes].mask = nmask;
        p->w[p->writes].rpc = rpc;
        p->writes++;
    }
    if (push_t) {
        p->w[p->writes].pc = o->pc;
        p->w[p->writes].mask = tmask;
        p->w[p->writes].rpc = rpc;
        p->writes++;
    }
}

static void plan(const struct sbr_stack *s, const struct sbr_stack_in *in,
                 struct sbr_stack_plan *p)
{
    const struct sbr_stack_geometry *g = &s->g;
    struct op_view o;

    memset(p, 0, sizeof *p);
    if (in->op == SBR_STACK_NONE)
        return;
    o.w = warp_of(g, in->op_warp);
    o.pc = field(in->pc, g->pc_w);
    o.npc = field(in->npc, g->pc_w);
    o.rpc = field(in->rpc, g->pc_w);
    o.mask = field(in->mask, g->lanes);
    if (o.w >= g->warps) {
        p->err = true;
        return;
    }
    o.d = s->depth[o.w];
    p->new_depth = o.d;
    p->gone = s->gone[o.w];
    if (in->op == SBR_STACK_LAUNCH) {
        plan_launch(&o, p);
        return;
    }
    if (in->op > SBR_STACK_YIELD || o.d == 0) {
        p->err = true;
        return;
    }
    o.top = &s->e[o.w][o.d - 1];
    if (o.top->mask == 0 && in->op != SBR_STACK_EXIT) {
        p->err = true;          /* its threads all exited: only exit pops it */
        return;
    }
    switch (in->op) {
    case SBR_STACK_EXIT:    plan_exit(&o, p); break;
    case SBR_STACK_ADVANCE: advance(o.top, o.d, o.pc, p); break;
    case SBR_STACK_YIELD:   plan_yield(s, &o, p); break;
    case SBR_STACK_CALL:    plan_call(g, &o, p); break;
    case SBR_STACK_RETURN:  plan_return(&o, p); break;
    case SBR_STACK_BRANCH:  plan_branch(g, &o, p); break;
    default:                p->err = true; break;
    }
}

void sbr_stack_eval(const struct sbr_stack *s, const struct sbr_stack_in *in,
              struct sbr_stack_out *out)
{
    struct sbr_stack_plan p;
    unsigned r = warp_of(&s->g, in->rd_warp);

    memset(out, 0, sizeof *out);
    if (r < s->g.warps && s->depth[r] > 0) {
        const struct sbr_stack_entry *top = &s->e[r][s->depth[r] - 1];
        out->rd_valid = true;
        out->rd_pc = top->pc;
        out->rd_mask = top->mask;
        out->rd_depth = s->depth[r];
    }
    r = warp_of(&s->g, in->op_warp);
    out->op_depth = r < s->g.warps ? s->depth[r] : 0;
    out->yield_ok = yield_takes(s, r);
    plan(s, in, &p);
    out->pop = p.pop;
    out->pushes = p.pushes;
    out->ovf = p.ovf;
    out->err = p.err;
}

void sbr_stack_step(struct sbr_stack *s, const struct sbr_stack_in *in)
{
    struct sbr_stack_plan p;
    unsigned w = warp_of(&s->g, in->op_warp);

    plan(s, in, &p);
    if (in->op == SBR_STACK_NONE || p.err || p.ovf)
        return;
    if (p.set_top_pc)
        s->e[w][s->depth[w] - 1].pc = p.top_pc;
    for (unsigned k = 0; k < p.writes; k++)
        s->e[w][p.base + k] = p.w[k];
    /* a pop loads the entry below into the top without the exited
     * threads (the levels below keep theirs, as the banks do), with a
     * merge's joining threads, and unmarked (a top is never marked) */
    if (p.pop && p.new_depth > 0) {
        struct sbr_stack_entry *t = &s->e[w][p.new_depth - 1];
        t->mask = (t->mask | p.join) & ~p.gone;
        t->yielded = false;
    }
    s->gone[w] = p.gone;
    s->depth[w] = p.new_depth;
}

unsigned long sbr_stack_state_bits(const struct sbr_stack_geometry *g)
{
    return (unsigned long)g->warps *
           ((unsigned long)g->depth * (2ul * g->pc_w + g->lanes + 1)
            + (g->depth ? g->depth - 1ul : 0) + g->depth_w
            + g->lanes);
}
