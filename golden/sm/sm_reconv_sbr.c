/*
 * sm_reconv_sbr.c -- the sbr mode: one SBR stack module (golden/
 * sbr_stack.h) per warp scheduler, driven at its ports.
 *
 * Launch is the stack's launch with the warp's final RPC = the program's
 * exit PC.  An executed instruction is the stack's call op when it is a
 * call through ra (jal or jalr writing ra), its return op when it is a
 * return (jalr x0, 0(ra)), its branch op when it splits the warp (a conditional branch, or
 * an indirect jump whose lanes go two ways), else its advance op to the
 * next PC.  _start's call of the kernel returns to the exit PC, the base
 * entry's RPC, so its CALL entry replaces the base entry; the warp has
 * exited when its stack becomes empty (that entry's return, or the base
 * reaching the exit PC).  simt.exit is the stack's exit op: the top's
 * threads leave every entry, and when no live thread is left the stack
 * empties, also inside a call (its CALL entries go with it).  A top
 * whose threads have all exited (a parent entry whose other threads left
 * before) shows an empty mask; the instruction fetched for it runs on no
 * lane and is the exit op that pops it.  Of the two sides of a
 * conditional branch, the one that reaches a simt.bar before the branch
 * re-converges runs last (rc->sbr_pre): the threads of the other side
 * that exit (simt.exit or a return from the kernel) have left when it
 * arrives, and the barrier waits for the live threads only.  When both
 * sides can reach a barrier that order cannot choose: a simt.bar that
 * only some of the warp's live threads reach is the stack's yield op
 * when the entry below is their sibling (sbr_update()): the barrier side
 * waits below while the sibling runs, and comes back with every live
 * thread when the sibling's threads exit, or the sibling joins it at the
 * same barrier.  The SM does not count such a simt.bar as an arrival
 * (sm_rc_out.yielded); the warp executes it again when it is back.
 *
 * A branch whose threads meet only at their function's exit, in a
 * function with more than one exit, has the kernel's exit PC as its
 * re-convergence PC in the program's table (loader/cfg.c).  Here its
 * threads meet when they return: the stack gets as its RPC the function's
 * last return instruction.  The sides that reach it pop there, those that
 * return elsewhere pop by their return op, and the kept entry below them
 * (the function's CALL entry) then executes that return for all of them.
 * A return is the same instruction wherever it is (every thread of the
 * CALL entry returns through the same ra), so no thread's path changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "program.h"
#include "rv32.h"
#include "sm_reconv_mode.h"

/* How the stack sees the instruction at pc.  A jump that links through
 * another register (a millicode call returning by jalr x0, 0(t0)) is an
 * ordinary jump here, and so is its return. */
static enum sm_sbr_flow flow_at(const struct program *p, uint32_t pc)
{
    uint32_t word;
    struct rv32_insn in;

    if (program_word(p, pc, &word) != 0)
        return SM_SBR_FLOW_OTHER;
    in = rv32_decode(word);
    if ((in.op == RV32_JAL || in.op == RV32_JALR) && in.rd == 1)
        return SM_SBR_FLOW_CALL;
    if (in.op == RV32_JALR && in.rd == 0 && in.rs1 == 1 && in.imm == 0)
        return SM_SBR_FLOW_RETURN;
    return SM_SBR_FLOW_OTHER;
}

/* The stack's re-convergence PC for the branch at pc whose table RPC is
 * rpc: rpc, or for a branch that meets at its function's exit (above) the
 * function's last return instruction when it has one.  In the kernel
 * itself a return is the thread's exit, so a branch of the kernel that
 * meets at the exit keeps exit_pc: its threads that return leave (the
 * SM's exit op) instead of waiting at the kernel's return for the others
 * (docs/isa.md, the branch table, rule 4). */
static uint32_t stack_rpc(const struct program *p, uint32_t pc, uint32_t rpc)
{
    const struct program_func *f = program_func_at(p, pc);

    if (rpc != p->exit_pc || !f || (p->exit_pc >= f->lo && p->exit_pc < f->hi)
        || f->lo == p->kernel)
        return rpc;
    for (uint32_t a = f->hi; a >= f->lo + 4; a -= 4)
        if (flow_at(p, a - 4) == SM_SBR_FLOW_RETURN)
            return a - 4;
    return rpc;
}

static uint64_t to_hw(const struct sm_reconv *rc, uint32_t pc)
{
    return (uint64_t)(pc - rc->prog->text_lo) >> 2;
}

static uint32_t from_hw(const struct sm_reconv *rc, uint64_t hw)
{
    return rc->prog->text_lo + (uint32_t)(hw << 2);
}

/* Whether a simt.bar is reached from pc before stop, inside the function
 * [lo, hi): a call runs on to its return PC; a return, an indirect jump,
 * simt.exit and a jump out of the function end a path.  seen and todo
 * have a slot per text word from text_lo (todo two). */
static bool barrier_ahead(const struct program *p, uint32_t pc, uint32_t stop,
                          uint32_t lo, uint32_t hi, uint8_t *seen,
                          uint32_t *todo)
{
    unsigned n = 0;
    bool found = false;

    memset(seen + (lo - p->text_lo) / 4, 0, (hi - lo) / 4);
    todo[n++] = pc;
    while (n && !found) {
        uint32_t a = todo[--n], word, next[2];
        unsigned k = 0;
        struct rv32_insn in;

        if (a == stop || a < lo || a >= hi || (a & 3)
            || seen[(a - p->text_lo) / 4] || program_word(p, a, &word) != 0)
            continue;
        seen[(a - p->text_lo) / 4] = 1;
        in = rv32_decode(word);
        switch (in.op) {
        case RV32_SIMT_BAR:
            found = true;
            break;
        case RV32_SIMT_EXIT: case RV32_JALR:
            break;
        case RV32_JAL:
            next[k++] = in.rd ? a + 4 : a + (uint32_t)in.imm;
            break;
        case RV32_BEQ: case RV32_BNE: case RV32_BLT: case RV32_BGE:
        case RV32_BLTU: case RV32_BGEU:
            next[k++] = a + 4;
            next[k++] = a + (uint32_t)in.imm;
            break;
        default:
            next[k++] = a + 4;
            break;
        }
        for (unsigned j = 0; j < k; j++)
            todo[n++] = next[j];
    }
    return found;
}

/* rc->sbr_pre: each text word's flow; each branch's stack RPC; for each
 * conditional branch, the side that reaches a barrier before
 * re-converging, when only one does.  That side runs last, so that the
 * other side's threads, if they exit, have left when it reaches the
 * barrier (which then waits for the live threads only); if they reach the
 * re-convergence point instead, the barrier is in divergent code. */
static int predecode(struct sm_reconv *rc)
{
    const struct program *p = rc->prog;
    size_t words = rc->text_words ? rc->text_words : 1;
    uint8_t *seen = calloc(words, 1);
    uint32_t *todo = calloc(2 * (size_t)rc->text_words + 2, sizeof *todo);

    rc->sbr_pre = calloc(words, sizeof *rc->sbr_pre);
    if (!seen || !todo || !rc->sbr_pre) {
        free(seen);
        free(todo);
        return -1;
    }
    for (uint32_t i = 0; i < rc->text_words; i++)
        rc->sbr_pre[i].flow = (uint8_t)flow_at(p, p->text_lo + 4 * i);
    for (unsigned i = 0; i < p->n_branches; i++) {
        uint32_t pc = p->branches[i].pc, word, rpc;
        const struct program_func *f = program_func_at(p, pc);
        struct sm_sbr_predecode *d;
        struct rv32_insn in;
        bool t, n;

        if (pc < p->text_lo || (pc - p->text_lo) / 4 >= rc->text_words
            || (pc & 3))
            continue;
        d = &rc->sbr_pre[(pc - p->text_lo) / 4];
        rpc = stack_rpc(p, pc, p->branches[i].rpc);
        d->rpc_found = true;
        d->rpc = (uint32_t)to_hw(rc, rpc);
        if (!f || program_word(p, pc, &word) != 0)
            continue;
        in = rv32_decode(word);
        if (in.op < RV32_BEQ || in.op > RV32_BGEU)
            continue;
        t = barrier_ahead(p, pc + (uint32_t)in.imm, rpc, f->lo, f->hi, seen,
                          todo);
        n = barrier_ahead(p, pc + 4, rpc, f->lo, f->hi, seen, todo);
        d->late = t && !n ? 1 : n && !t ? 2 : 0;
    }
    free(seen);
    free(todo);
    return 0;
}

const struct sm_sbr_predecode *sm_reconv_sbr_predecode(const struct sm_reconv *rc,
                                                       uint32_t pc)
{
    if (!rc->sbr_pre || pc < rc->prog->text_lo || (pc & 3)
        || (pc - rc->prog->text_lo) / 4 >= rc->text_words)
        return NULL;
    return &rc->sbr_pre[(pc - rc->prog->text_lo) / 4];
}

static int sbr_init(struct sm_reconv *rc, const struct simt_config *cfg,
                    char *err, size_t errlen)
{
    rc->sbr = calloc(cfg->schedulers, sizeof *rc->sbr);
    if (!rc->sbr || predecode(rc) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (unsigned s = 0; s < cfg->schedulers; s++)
        if (sbr_stack_init(&rc->sbr[s], cfg, err, errlen) != 0)
            return -1;
    return 0;
}

/* What the driver cannot give the stack.  ORDER SBR_PROBLEM: problem()
 * words them. */
enum sbr_problem {
    SBR_OK,
    SBR_NO_RPC,             /* a split branch that is not in the table */
    SBR_SPLIT_CALL,         /* the lanes call two functions */
    SBR_SPLIT_RETURN        /* the lanes return to two places */
};

/* The stack's inputs for the SM's update. */
static void sbr_inputs(const struct sm_reconv *rc, const struct sm_rc_in *in,
                       struct sbr_stack_in *si, enum sbr_problem *why)
{
    static const struct sm_sbr_predecode none;  /* outside the text */
    const struct sm_sbr_predecode *d = sm_reconv_sbr_predecode(rc, in->pc);
    bool split;
    enum sm_sbr_flow flow;

    if (!d)
        d = &none;
    memset(si, 0, sizeof *si);
    *why = SBR_OK;
    si->rd_warp = in->rd_warp;
    si->op_warp = in->warp;
    switch (in->op) {
    case SM_RC_NONE:
        si->op = SBR_STACK_NONE;
        break;
    case SM_RC_LAUNCH:
        si->op = SBR_STACK_LAUNCH;
        si->pc = to_hw(rc, in->pc);
        si->mask = in->mask;
        si->rpc = to_hw(rc, rc->prog->exit_pc);
        break;
    case SM_RC_EXEC:
        if (in->exit || in->mask == 0) {
            /* simt.exit, or an instruction fetched for a top whose
             * threads have all exited (it runs on no lane): the top
             * leaves, and with no live thread left the whole stack */
            si->op = SBR_STACK_EXIT;
            si->mask = in->live;
            break;
        }
        split = in->split && in->taken != 0 && in->taken != in->mask;
        flow = (enum sm_sbr_flow)d->flow;
        if (flow == SM_SBR_FLOW_CALL) {
            si->op = SBR_STACK_CALL;
            si->pc = to_hw(rc, in->split && in->taken ? in->tpc : in->npc);
            si->npc = to_hw(rc, in->pc + 4);
            *why = split ? SBR_SPLIT_CALL : SBR_OK;
        } else if (flow == SM_SBR_FLOW_RETURN) {
            si->op = SBR_STACK_RETURN;
            si->pc = to_hw(rc, in->split && in->taken ? in->tpc : in->npc);
            *why = split ? SBR_SPLIT_RETURN : SBR_OK;
        } else if (split) {
            /* the stack runs the side given as taken first: the side that
             * reaches a barrier goes last */
            bool swap = d->late && (in->tpc == in->pc + 4) == (d->late == 2);
            si->op = SBR_STACK_BRANCH;
            si->pc = to_hw(rc, swap ? in->npc : in->tpc);
            si->mask = swap ? in->mask & ~in->taken : in->taken;
            si->npc = to_hw(rc, swap ? in->tpc : in->npc);
            si->rpc = d->rpc;
            *why = d->rpc_found ? SBR_OK : SBR_NO_RPC;
        } else {
            si->op = SBR_STACK_ADVANCE;
            si->pc = to_hw(rc, in->split && in->taken ? in->tpc : in->npc);
        }
        break;
    }
}

/* The update of scheduler sched's stack: sbr_inputs(), but for a simt.bar
 * that only some of the warp's live threads reach, a yield when the stack
 * takes it (their sibling entry below runs first; if its threads exit, the
 * barrier side comes back with every live thread).  When the stack refuses
 * the yield the barrier is in divergent code: an advance past it, which
 * the SM refuses (sm.c). */
static void sbr_update(const struct sm_reconv *rc, unsigned sched,
                       const struct sm_rc_in *in, struct sbr_stack_in *si,
                       enum sbr_problem *why)
{
    sbr_inputs(rc, in, si, why);
    if (in->op == SM_RC_EXEC && in->bar && in->mask != in->live
        && si->op == SBR_STACK_ADVANCE) {
        struct sbr_stack_out so;    /* its yield_ok, for the op warp */

        sbr_stack_eval(&rc->sbr[sched], si, &so);
        if (so.yield_ok)
            si->op = SBR_STACK_YIELD;
    }
}

static void sbr_eval(const struct sm_reconv *rc, unsigned sched,
                     const struct sm_rc_in *in, struct sm_rc_out *out)
{
    struct sbr_stack_in si;
    struct sbr_stack_out so;
    enum sbr_problem why;
    const struct sbr_stack *st = &rc->sbr[sched];

    sbr_update(rc, sched, in, &si, &why);
    sbr_stack_eval(st, &si, &so);
    out->yielded = si.op == SBR_STACK_YIELD;
    out->rd_valid = so.rd_valid;
    out->rd_pc = from_hw(rc, so.rd_pc);
    out->rd_mask = so.rd_mask;
    out->pop = so.pop;
    out->exited = so.pop && si.op != SBR_STACK_NONE
                  && (so.op_depth == 1
                      || (si.op == SBR_STACK_EXIT && si.mask == 0));
    if (why == SBR_NO_RPC) {
        out->err = true;
        snprintf(out->why, sizeof out->why, "the branch at 0x%08x has no "
                 "re-convergence PC in the program's table", in->pc);
    } else if (why != SBR_OK) {
        out->err = true;
        snprintf(out->why, sizeof out->why, "the lanes of warp %u of "
                 "scheduler %u %s from 0x%08x (0x%08x and 0x%08x): the SBR "
                 "stack holds one CALL entry for all the threads of a call",
                 in->warp, sched, why == SBR_SPLIT_CALL
                 ? "call two functions" : "return to two places",
                 in->pc, in->tpc, in->npc);
    } else if (so.ovf) {
        out->err = true;
        snprintf(out->why, sizeof out->why, "SBR stack overflow: warp %u "
                 "of scheduler %u needs more than sbr_stack_depth = %u "
                 "entries at %s at 0x%08x (the stack does not spill to "
                 "memory, docs/isa.md)", in->warp, sched, st->g.depth,
                 si.op == SBR_STACK_CALL ? "a call" : "a diverging branch",
                 in->pc);
    } else if (so.err) {
        out->err = true;
        snprintf(out->why, sizeof out->why, "the SBR stack refused the "
                 "update of warp %u of scheduler %u at 0x%08x (op %d%s)",
                 in->warp, sched, in->pc, (int)si.op,
                 si.op == SBR_STACK_RETURN ? ": a return to a PC other than "
                 "its call's return PC, or with no call to return from" : "");
    }
}

static bool sbr_step(struct sm_reconv *rc, unsigned sched,
                     const struct sm_rc_in *in)
{
    struct sbr_stack_in si;
    enum sbr_problem why;

    sbr_update(rc, sched, in, &si, &why);
    sbr_stack_step(&rc->sbr[sched], &si);
    return in->op != SM_RC_NONE;
}

/* The read port is the stack's own, evaluated with the update. */
static void sbr_read(const struct sm_reconv *rc, unsigned sched,
                     const struct sm_rc_in *in, struct sm_rc_out *out)
{
    sbr_eval(rc, sched, in, out);
}

static void sbr_eval_port(struct sm_reconv *rc, unsigned sched,
                          const struct sm_rc_in *in, struct sm_rc_out *out)
{
    sbr_eval(rc, sched, in, out);
}

static void sbr_free(struct sm_reconv *rc)
{
    free(rc->sbr);
    free(rc->sbr_pre);
    rc->sbr = NULL;
    rc->sbr_pre = NULL;
}

static void sbr_reset(struct sm_reconv *rc)
{
    for (unsigned s = 0; s < rc->schedulers; s++)
        sbr_stack_reset(&rc->sbr[s]);
}

/* A lane is held when any entry of its warp's stack holds it. */
static void sbr_counts(const struct sm_reconv *rc, unsigned sched,
                       unsigned warps, const uint64_t live[], unsigned lanes,
                       unsigned count[])
{
    const struct sbr_stack *s = &rc->sbr[sched];

    (void)live;
    for (unsigned w = 0; w < warps; w++) {
        uint64_t held = 0;
        for (unsigned d = 0; d < s->depth[w]; d++)
            held |= s->e[w][d].mask;
        held &= ~s->gone[w];        /* exited: in no entry's view */
        for (unsigned l = 0; l < lanes; l++)
            count[w * lanes + l] = (unsigned)(held >> l & 1);
    }
}

/* A thread's place is the topmost entry of its warp's stack that holds it
 * (the entries below hold it too, waiting at their re-convergence PCs). */
static void sbr_places(const struct sm_reconv *rc, unsigned sched,
                       unsigned warp, uint64_t live, unsigned lanes,
                       unsigned count[], char place[][64])
{
    const struct sbr_stack *s = &rc->sbr[sched];

    (void)live;
    for (unsigned l = 0; l < lanes; l++)
        for (unsigned d = s->depth[warp]; d-- > 0 && !(s->gone[warp] >> l & 1);)
            if (s->e[warp][d].mask >> l & 1) {
                count[l] = 1;
                snprintf(place[l], 64, "stack entry %u", d);
                break;
            }
}

/* A lane's deepest stack entry says why it waits: the top runs; an entry
 * whose PC is the re-convergence PC of the entry above holds threads that
 * finished their path; any other holds a path not run yet.  A CALL entry
 * holds every thread of the entry below it (which waits at the return
 * PC), so only the entries above it sort the threads of a call. */
static void sbr_waiting(struct sm_reconv *rc, unsigned sched,
                        unsigned warp, uint64_t live, const uint8_t *is_rpc,
                        uint64_t *inactive, uint64_t *reconv,
                        uint64_t *barrier)
{
    const struct sbr_stack *st = &rc->sbr[sched];
    unsigned d = st->depth[warp];
    uint64_t seen;

    (void)is_rpc;
    (void)barrier;              /* the warp waits at simt.bar as a whole */
    if (d == 0)
        return;
    seen = st->e[warp][d - 1].mask;
    for (unsigned k = d - 1; k-- > 0; ) {
        const struct sbr_stack_entry *e = &st->e[warp][k];
        uint64_t here = e->mask & live & ~seen;
        if (e->pc == st->e[warp][k + 1].rpc)
            *reconv |= here;
        else
            *inactive |= here;
        seen |= e->mask;
    }
}

/* The warp's PC and mask come through the I-buffer (no issue_view); a
 * warp arrives at a TB barrier when it issues simt.bar. */
const struct sm_reconv_ops sm_reconv_sbr_ops = {
    .regroups = false,
    .barrier_by_state = false,
    .init = sbr_init,
    .free = sbr_free,
    .reset = sbr_reset,
    .eval = sbr_eval_port,
    .read = sbr_read,
    .step = sbr_step,
    .places = sbr_places,
    .counts = sbr_counts,
    .waiting = sbr_waiting,
};
