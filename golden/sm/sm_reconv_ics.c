/*
 * sm_reconv_ics.c -- the ics-first mode (multi-core SIMT sections 3.2,
 * 3.3 and 4.3): one ICS-First module (golden/structures/ics_first.h) per warp holds
 * each thread's state (Idle, Ready, Execution, Barrier) and one-hot
 * priority level, and selects the warp PC and the threads that execute.
 *
 * Wiring, per warp:
 *   assign   the warp's threads at launch (Idle -> Ready, level 0);
 *   issue    the warp is granted: its executing threads go to Execution;
 *   commit   one cycle later the same threads commit with the op of their
 *            instruction: EXIT for simt.exit, BARRIER for simt.bar, else
 *            the ICS-First action the loader put at that PC (RAISE at a
 *            divergent conditional, LOWER at its re-convergence point,
 *            OUTMOST at a function's exit), or a simt.prio.* instruction's
 *            own action, else NORMAL;
 *   release  the WPT releases the warp's TB (Barrier -> Ready);
 *   pc[k]    each thread's PC as an instruction index: the stage's PC
 *            register of the thread (rc->lane_pc), written at the warp's
 *            launch and at each executed instruction from the update's
 *            lane_pc, so that the stage reads its port and not the SM's
 *            threads.
 * A warp with a thread in Execution cannot issue (ready_to_run), so each
 * warp issues at most every other cycle.  The warp arrives at the WPT
 * when all its live threads are in Barrier (all_barrier), which lets the
 * threads of a divergent warp reach the barrier in separate groups.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ics_first.h"
#include "sm_reconv_mode.h"

static int ics_init(struct sm_reconv *rc, const struct simt_config *cfg,
                    char *err, size_t errlen)
{
    unsigned n = rc->warps * cfg->schedulers;

    rc->ics = calloc(n, sizeof *rc->ics);
    rc->commit = calloc(cfg->schedulers, sizeof *rc->commit);
    rc->lane_pc = calloc((size_t)n * rc->warp_size, sizeof *rc->lane_pc);
    if (!rc->ics || !rc->commit || !rc->lane_pc) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* Each model checks its own geometry (model.h). */
    for (unsigned g = 0; g < n; g++)
        if (ics_first_init(&rc->ics[g], cfg, err, errlen) != 0)
            return -1;
    return 0;
}

static unsigned slot(const struct sm_reconv *rc, unsigned sched, unsigned w)
{
    return w * rc->schedulers + sched;
}

/* Whether warp w's module has an event this cycle (ics_inputs' result),
 * decided before its inputs are built. */
static bool ics_active(const struct sm_reconv *rc, unsigned sched,
                       unsigned w, const struct sm_rc_in *in)
{
    const struct sm_ics_commit *c = &rc->commit[sched];

    return (in && (in->op == SM_RC_LAUNCH || in->op == SM_RC_EXEC)
            && in->warp == w)
           || (c->valid && c->warp == w)
           || (in && in->release && in->release[w]);
}

/* Each thread's PC of warp w as the module sees it: its PC register; with
 * `bypass` the lanes the update `in` writes show their new PC (a view of
 * the warp as the edge leaves it), else the issued threads still show
 * the PC of their instruction (their register's). */
static void ics_pcs(const struct sm_reconv *rc, unsigned sched, unsigned w,
                    const struct sm_rc_in *in, bool bypass,
                    struct ics_first_in *ii)
{
    unsigned g = slot(rc, sched, w);
    uint64_t upd = bypass && in && in->op != SM_RC_NONE && in->warp == w
                   ? in->mask : 0;

    for (unsigned k = 0; k < rc->warp_size; k++) {
        uint32_t pc = upd >> k & 1 ? in->lane_pc[k]
                                   : rc->lane_pc[g * rc->warp_size + k];
        ii->pc[k] = (uint64_t)(pc - rc->text_lo) >> 2;
    }
}

/* The module's inputs for warp w this cycle. */
static bool ics_inputs(const struct sm_reconv *rc, unsigned sched,
                       unsigned w, const struct sm_rc_in *in,
                       struct ics_first_in *ii)
{
    const struct sm_ics_commit *c = &rc->commit[sched];
    bool any = false;

    memset(ii, 0, sizeof *ii);
    ics_pcs(rc, sched, w, in, false, ii);
    if (in && in->op == SM_RC_LAUNCH && in->warp == w) {
        ii->assign = in->mask;
        any = true;
    }
    if (in && in->op == SM_RC_EXEC && in->warp == w) {
        ii->issue = true;
        any = true;
    }
    if (c->valid && c->warp == w) {
        ii->commit = c->threads;
        ii->commit_op = c->op;
        any = true;
    }
    if (in && in->release && in->release[w]) {
        ii->release = true;
        any = true;
    }
    return any;
}

/* The warp's module with no event: its selection now, the update `in`
 * (NULL: none) of this cycle bypassed into its threads' PCs. */
static void ics_view(const struct sm_reconv *rc, unsigned sched,
                     unsigned warp, const struct sm_rc_in *in,
                     struct ics_first_out *out)
{
    struct ics_first_in ii;

    memset(&ii, 0, sizeof ii);
    ics_pcs(rc, sched, warp, in, true, &ii);
    ics_first_eval(&rc->ics[slot(rc, sched, warp)], &ii, out);
}

static void ics_reset(struct sm_reconv *rc)
{
    for (unsigned g = 0; g < rc->warps * rc->schedulers; g++)
        ics_first_reset(&rc->ics[g]);
    memset(rc->commit, 0, rc->schedulers * sizeof *rc->commit);
    memset(rc->lane_pc, 0, (size_t)rc->warps * rc->schedulers
                           * rc->warp_size * sizeof *rc->lane_pc);
}

static bool ics_can_issue(const struct sm_reconv *rc, unsigned sched,
                          unsigned warp, uint64_t live)
{
    (void)live;
    return ics_first_ready_to_run(&rc->ics[slot(rc, sched, warp)]);
}

/* Every thread Idle (the output state[], a copy of the state). */
static bool ics_can_launch(const struct sm_reconv *rc, unsigned sched,
                           unsigned warp)
{
    const struct ics_first *m = &rc->ics[slot(rc, sched, warp)];

    for (unsigned k = 0; k < rc->warp_size; k++)
        if (m->state[k] != ICS_FIRST_IDLE)
            return false;
    return true;
}

static void ics_view_of(const struct sm_reconv *rc, unsigned sched,
                        unsigned warp, uint32_t *pc, uint64_t *mask)
{
    struct ics_first_out o;

    ics_view(rc, sched, warp, NULL, &o);
    *pc = rc->text_lo + (uint32_t)(o.warp_pc << 2);
    *mask = o.exec;
}

static void ics_waiting(struct sm_reconv *rc, unsigned sched,
                        unsigned warp, uint64_t live, const uint8_t *is_rpc,
                        uint64_t *inactive, uint64_t *reconv, uint64_t *barrier)
{
    unsigned g = warp * rc->schedulers + sched;
    const struct ics_first *m = &rc->ics[g];
    struct ics_first_out o;

    ics_view(rc, sched, warp, NULL, &o);
    for (uint64_t k = live & ~o.exec; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k);
        uint32_t tpc = rc->lane_pc[g * rc->warp_size + l];

        if (m->state[l] & ICS_FIRST_EXEC)
            continue;                   /* running: committing its last */
        if (m->state[l] & ICS_FIRST_BARRIER)
            *barrier |= 1ull << l;
        else if (tpc >= rc->text_lo
                 && (tpc - rc->text_lo) / 4 < rc->text_words
                 && is_rpc[(tpc - rc->text_lo) / 4])
            *reconv |= 1ull << l;
        else
            *inactive |= 1ull << l;
    }
}

static bool ics_all_barrier(const struct sm_reconv *rc, unsigned sched,
                            unsigned warp, uint64_t live)
{
    (void)live;
    return ics_first_all_barrier(&rc->ics[slot(rc, sched, warp)]);
}

static const char *op_name(unsigned op)
{
    static const char *const names[] = { "normal", "barrier", "exit",
                                         "raise", "lower", "outmost" };
    return op < 6 ? names[op] : "?";
}

static void ics_eval(const struct sm_reconv *rc, unsigned sched,
                     const struct sm_rc_in *in, struct sm_rc_out *out)
{
    struct ics_first_in ii;
    struct ics_first_out io;

    ics_view(rc, sched, in->rd_warp, in, &io);
    out->rd_valid = io.ready_to_run;
    out->rd_pc = rc->text_lo + (uint32_t)(io.warp_pc << 2);
    out->rd_mask = io.exec;
    for (unsigned w = 0; w < rc->warps; w++) {
        if (!ics_active(rc, sched, w, in) || !ics_inputs(rc, sched, w, in, &ii))
            continue;
        ics_first_eval(&rc->ics[slot(rc, sched, w)], &ii, &io);
        if (io.err && !out->err) {
            out->err = true;
            snprintf(out->why, sizeof out->why, "the ICS-First module of "
                     "warp %u of scheduler %u refused its inputs (commit "
                     "%s%s%s%s): a priority beyond ics_priority_levels = %u "
                     "or a broken contract", w, sched,
                     op_name(ii.commit_op), ii.assign ? ", assign" : "",
                     ii.issue ? ", issue" : "", ii.release ? ", release" : "",
                     rc->ics[slot(rc, sched, w)].g.levels);
        }
    }
}

/* The commit op of the instruction the SM executed. */
static unsigned commit_op(const struct sm_reconv *rc, const struct sm_rc_in *in)
{
    unsigned action = in->prio ? in->prio
                      : sm_reconv_ics_action(rc->prog, in->pc);

    if (in->exit)
        return ICS_FIRST_EXIT;
    if (in->bar)
        return ICS_FIRST_BARRIER_OP;
    /* ORDER ICS_ACTION: program.h's enum program_ics_action, 1 raise,
     * 2 lower, 3 set-outmost (docs/isa.md) */
    switch (action) {
    case 1: return ICS_FIRST_RAISE;
    case 2: return ICS_FIRST_LOWER;
    case 3: return ICS_FIRST_OUTMOST;
    default: return ICS_FIRST_NORMAL;
    }
}

/* The edge: the last cycle's issue commits, this cycle's is held for
 * the next. */
static bool ics_step(struct sm_reconv *rc, unsigned sched,
                     const struct sm_rc_in *in)
{
    struct ics_first_in ii;
    struct sm_ics_commit *c = &rc->commit[sched];
    bool changed = in->op != SM_RC_NONE || c->valid;

    for (unsigned w = 0; w < rc->warps; w++)
        if (ics_active(rc, sched, w, in) && ics_inputs(rc, sched, w, in, &ii))
            ics_first_step(&rc->ics[slot(rc, sched, w)], &ii);
    /* the threads' PC registers take the update's */
    for (uint64_t m = in->op != SM_RC_NONE ? in->mask : 0; m; m &= m - 1) {
        unsigned k = (unsigned)__builtin_ctzll(m);
        rc->lane_pc[slot(rc, sched, in->warp) * rc->warp_size + k] =
            in->lane_pc[k];
    }
    memset(c, 0, sizeof *c);
    if (in->op == SM_RC_EXEC && in->mask) {
        c->valid = true;
        c->warp = in->warp;
        c->threads = in->mask;
        c->op = commit_op(rc, in);
    }
    return changed;
}

/* The state of lane k of warp w, with a commit of simt.exit on this edge
 * counted as done. */
static unsigned held_state(const struct sm_reconv *rc, unsigned sched,
                           unsigned w, unsigned k)
{
    const struct ics_first *m = &rc->ics[slot(rc, sched, w)];
    const struct sm_ics_commit *c = &rc->commit[sched];
    unsigned st = m->state[k];

    if (c->valid && c->warp == w && c->op == ICS_FIRST_EXIT
        && (c->threads >> k & 1) && st == ICS_FIRST_EXEC)
        st = ICS_FIRST_IDLE;
    return st & ~(unsigned)ICS_FIRST_IDLE;
}

static void ics_counts(const struct sm_reconv *rc, unsigned sched,
                       unsigned warps, const uint64_t live[], unsigned lanes,
                       unsigned count[])
{
    (void)live;
    for (unsigned w = 0; w < warps; w++)
        for (unsigned k = 0; k < lanes; k++)
            count[w * lanes + k] =
                (unsigned)__builtin_popcount(held_state(rc, sched, w, k));
}

/* A thread's place is its one state: Ready, Execution or Barrier.  A
 * thread whose simt.exit commits on this edge has left already (the SM
 * counts it exited from its issue). */
static void ics_places(const struct sm_reconv *rc, unsigned sched,
                       unsigned warp, uint64_t live, unsigned lanes,
                       unsigned count[], char place[][64])
{
    (void)live;
    for (unsigned k = 0; k < lanes; k++) {
        unsigned st = held_state(rc, sched, warp, k);
        count[k] = (unsigned)__builtin_popcount(st);
        if (st)
            snprintf(place[k], 64, "%s%s%s", st & ICS_FIRST_READY ? "Ready " : "",
                     st & ICS_FIRST_EXEC ? "Execution " : "",
                     st & ICS_FIRST_BARRIER ? "Barrier" : "");
    }
}

static void ics_eval_port(struct sm_reconv *rc, unsigned sched,
                          const struct sm_rc_in *in, struct sm_rc_out *out)
{
    ics_eval(rc, sched, in, out);
}

static void ics_free(struct sm_reconv *rc)
{
    free(rc->ics);
    free(rc->commit);
    free(rc->lane_pc);
    rc->ics = NULL;
    rc->commit = NULL;
    rc->lane_pc = NULL;
}

static bool ics_issue_view(struct sm_reconv *rc, unsigned sched,
                           unsigned warp, uint64_t live, uint32_t *pc,
                           uint64_t *mask, unsigned owner[], bool *one)
{
    (void)live;
    (void)owner;
    (void)one;
    ics_view_of(rc, sched, warp, pc, mask);
    return true;
}

/* The module selects the warp's PC and threads (issue_view); a warp with
 * a thread in Execution neither issues nor launches; threads wait at
 * simt.bar in the Barrier state. */
const struct sm_reconv_ops sm_reconv_ics_ops = {
    .regroups = false,
    .barrier_by_state = true,
    .init = ics_init,
    .free = ics_free,
    .reset = ics_reset,
    .eval = ics_eval_port,
    .read = ics_eval,
    .step = ics_step,
    .places = ics_places,
    .counts = ics_counts,
    .waiting = ics_waiting,
    .can_issue = ics_can_issue,
    .can_launch = ics_can_launch,
    .issue_view = ics_issue_view,
    .all_barrier = ics_all_barrier,
};
