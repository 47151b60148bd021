/*
 * sm_reconv_minpc.c -- the minpc mode (Collange, stack-less SIMT): each
 * thread keeps its own PC and SP (x2); one unified arbiter per warp
 * (golden/structures/arbiter.h, PC mode) selects min(SP:PC) over the warp's live
 * threads, and the threads whose SP:PC equal it are the active lanes.
 * No re-convergence table is read: threads meet again when their SP:PC
 * coincide.
 *
 * The stage holds each thread's PC and SP key in registers of its own
 * (Collange 4: a PC per thread), written through the port: at a warp's
 * LAUNCH and at each EXEC, for the lanes of its mask, from the update's
 * lane_pc and lane_sp (where the thread goes, its x2 after the
 * instruction).  While an update is evaluated its lanes present those new
 * values (a bypass of the registers' next values: fetch may read the warp
 * in the cycle it executes).  The SM's threads and registers are not
 * read, but by the invariant check's cross-check of the PCs.
 *
 * The arbiter's inputs: PC = (pc - text_lo) / 4 (instructions, as the
 * arbiter counts them); SP = the offset of x2 in the thread's own stack
 * region (sm_memory_stack_offset(): every thread's stack has the same
 * size, so equal call depths give equal offsets; x2 at the region's top,
 * the start code before any frame, counts as the shallowest offset),
 * keeping its sp_bits most significant bits of the region's offset width.
 * The common PC register is driven as Collange 4.1 describes: INC after a
 * fall-through, ARB after anything else.
 *
 * TB barrier: a thread that executes simt.bar stops presenting its PC
 * (its valid input falls) until the barrier releases, so the warp's other
 * threads go on to the barrier; the warp arrives at the WPT when all its
 * live threads wait.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm_memory.h"
#include "program.h"
#include "sm_reconv_mode.h"

/* Bits of a thread's offset in its stack region. */
static unsigned stack_bits(void)
{
    unsigned b = 0;
    while ((1u << b) < SM_STACK_BYTES)
        b++;
    return b;
}

/* The SP key of warp slot g's arbiter for a stack offset (lane_sp): its
 * sp_bits most significant bits of the offset's stack_bits(). */
static uint64_t sp_key(const struct sm_reconv *rc, unsigned g, uint32_t off)
{
    unsigned sb = stack_bits();
    unsigned sw = rc->arb[g].g.sp_w;

    return (uint64_t)off >> (sw < sb ? sb - sw : 0);
}

static int minpc_init(struct sm_reconv *rc, const struct simt_config *cfg,
                      char *err, size_t errlen)
{
    unsigned n = rc->warps * cfg->schedulers;

    rc->arb = calloc(n, sizeof *rc->arb);
    rc->parked = calloc(n, sizeof *rc->parked);
    rc->lane_pc = calloc((size_t)n * rc->warp_size, sizeof *rc->lane_pc);
    rc->lane_sp = calloc((size_t)n * rc->warp_size, sizeof *rc->lane_sp);
    if (!rc->arb || !rc->parked || !rc->lane_pc || !rc->lane_sp) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* Each model checks its own geometry (model.h). */
    for (unsigned g = 0; g < n; g++)
        if (arbiter_init(&rc->arb[g], cfg, err, errlen) != 0)
            return -1;
    return 0;
}

/* Whether the update `in` (NULL: none) writes the lanes of warp (sched,
 * warp): their registers' next values are its lane_pc and lane_sp. */
static bool writes_warp(const struct sm_rc_in *in, unsigned warp)
{
    return in && in->op != SM_RC_NONE && in->warp == warp;
}

/* The arbiter's inputs for warp (sched, warp) over the lanes in live:
 * each lane's PC and SP key registers, or the values the update `in`
 * (NULL: none) gives the lanes it writes. */
static unsigned arb_inputs(const struct sm_reconv *rc, unsigned sched,
                           unsigned warp, uint64_t live,
                           const struct sm_rc_in *in, struct arbiter_in *ai)
{
    unsigned g = warp * rc->schedulers + sched;
    uint64_t upd = writes_warp(in, warp) ? in->mask : 0;

    /* PC mode: the lines (addr) are not read */
    ai->mem = false;
    ai->pc_op = ARBITER_HOLD;
    ai->valid = live & ~rc->parked[g];
    for (unsigned l = 0; l < rc->warp_size; l++) {
        unsigned i = g * rc->warp_size + l;
        bool u = upd >> l & 1;
        uint32_t pc = u ? in->lane_pc[l] : rc->lane_pc[i];

        ai->pc[l] = (uint64_t)(pc - rc->prog->text_lo) >> 2;
        ai->sp[l] = u ? sp_key(rc, g, in->lane_sp[l]) : rc->lane_sp[i];
    }
    return g;
}

static void minpc_read(const struct sm_reconv *rc, unsigned sched,
                       const struct sm_rc_in *in, struct sm_rc_out *out)
{
    struct arbiter_in ai;
    struct arbiter_out ao;
    unsigned g = arb_inputs(rc, sched, in->rd_warp, in->rd_live, in, &ai);

    arbiter_eval(&rc->arb[g], &ai, &ao);
    out->rd_valid = ao.valid;
    out->rd_pc = rc->prog->text_lo + (uint32_t)(ao.pc << 2);
    out->rd_mask = ao.mask;
}

static void minpc_eval(struct sm_reconv *rc, unsigned sched,
                       const struct sm_rc_in *in, struct sm_rc_out *out)
{
    struct arbiter_in ai;
    struct arbiter_out ao;
    unsigned g;

    minpc_read(rc, sched, in, out);
    if (in->op == SM_RC_EXEC) {
        g = arb_inputs(rc, sched, in->warp, in->live, in, &ai);
        arbiter_eval(&rc->arb[g], &ai, &ao);
        /* no thread presents its PC: the warp has exited only when none
         * is live (threads parked at the barrier are) */
        out->exited = in->live == 0;
        out->pop = !ao.valid || ao.mask != in->mask
                   || rc->prog->text_lo + (uint32_t)(ao.pc << 2) != in->pc + 4;
        out->err = ao.err;
        if (ao.err)
            snprintf(out->why, sizeof out->why, "the arbiter of warp %u "
                     "refused its operation", in->warp);
    }
}

static void minpc_update(struct sm_reconv *rc, unsigned sched,
                         const struct sm_rc_in *in)
{
    struct arbiter_in ai;
    struct arbiter_out ao;
    unsigned g;

    if (in->op == SM_RC_NONE)
        return;
    g = arb_inputs(rc, sched, in->warp,
                   in->op == SM_RC_LAUNCH ? in->mask : in->live, in, &ai);
    arbiter_eval(&rc->arb[g], &ai, &ao);
    ai.pc_op = ARBITER_ARB;
    if (in->op == SM_RC_EXEC && ao.valid && ao.mask == in->mask
        && rc->prog->text_lo + (uint32_t)(ao.pc << 2) == in->pc + 4)
        ai.pc_op = ARBITER_INC;
    arbiter_step(&rc->arb[g], &ai);
    /* the lanes' registers take the update's values */
    for (uint64_t m = in->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        unsigned i = g * rc->warp_size + l;

        rc->lane_pc[i] = in->lane_pc[l];
        rc->lane_sp[i] = sp_key(rc, g, in->lane_sp[l]);
    }
    if (in->op == SM_RC_LAUNCH)
        rc->parked[g] = 0;
    if (in->op == SM_RC_EXEC && in->bar)
        rc->parked[g] |= in->mask;
}

/* The warp's arbiter now: its selected PC and active lanes. */
static void minpc_view(const struct sm_reconv *rc, unsigned sched,
                       unsigned warp, uint64_t live, uint32_t *pc,
                       uint64_t *mask)
{
    struct arbiter_in ai;
    struct arbiter_out ao;
    unsigned g = arb_inputs(rc, sched, warp, live, NULL, &ai);

    arbiter_eval(&rc->arb[g], &ai, &ao);
    *pc = rc->text_lo + (uint32_t)(ao.pc << 2);
    *mask = ao.valid ? ao.mask : 0;
}

static void minpc_release(struct sm_reconv *rc, unsigned sched, const bool *rel)
{
    for (unsigned w = 0; rel && w < rc->warps; w++)
        if (rel[w])
            rc->parked[w * rc->schedulers + sched] = 0;
}

static bool minpc_all_barrier(const struct sm_reconv *rc, unsigned sched,
                              unsigned warp, uint64_t live)
{
    return live && (rc->parked[warp * rc->schedulers + sched] & live) == live;
}

/* A thread's one place is its own PC register: the check is that every
 * live thread's register holds a PC inside the text the arbiter can name,
 * and (a debug cross-check, not hardware) the PC the SM's thread context
 * holds. */
static bool in_its_register(const struct sm_reconv *rc, unsigned i)
{
    uint32_t pc = rc->lane_pc[i];

    return pc >= rc->prog->text_lo && pc < rc->prog->text_hi
           && pc == rc->threads[i].pc;
}

static void minpc_counts(const struct sm_reconv *rc, unsigned sched,
                         unsigned warps, const uint64_t live[], unsigned lanes,
                         unsigned count[])
{
    for (unsigned w = 0; w < warps; w++) {
        unsigned i0 = (w * rc->schedulers + sched) * rc->warp_size;
        for (unsigned l = 0; l < lanes; l++)
            count[w * lanes + l] = (live[w] >> l & 1)
                                   && in_its_register(rc, i0 + l);
    }
}

static void minpc_places(const struct sm_reconv *rc, unsigned sched,
                         unsigned warp, uint64_t live, unsigned lanes, unsigned count[],
                         char place[][64])
{
    unsigned g = warp * rc->schedulers + sched;

    for (unsigned l = 0; l < lanes; l++) {
        unsigned i = g * rc->warp_size + l;
        if ((live >> l & 1) && in_its_register(rc, i)) {
            count[l] = 1;
            snprintf(place[l], 64, "its PC 0x%08x", rc->lane_pc[i]);
        }
    }
}

static bool minpc_step(struct sm_reconv *rc, unsigned sched,
                       const struct sm_rc_in *in)
{
    minpc_update(rc, sched, in);
    minpc_release(rc, sched, in->release);
    return in->op != SM_RC_NONE;
}

static void minpc_free(struct sm_reconv *rc)
{
    free(rc->arb);
    free(rc->parked);
    free(rc->lane_pc);
    free(rc->lane_sp);
    rc->arb = NULL;
    rc->parked = NULL;
    rc->lane_pc = NULL;
    rc->lane_sp = NULL;
}

static void minpc_reset(struct sm_reconv *rc)
{
    for (unsigned g = 0; g < rc->warps * rc->schedulers; g++)
        arbiter_reset(&rc->arb[g]);
    memset(rc->parked, 0,
           (size_t)rc->warps * rc->schedulers * sizeof *rc->parked);
    memset(rc->lane_pc, 0, (size_t)rc->warps * rc->schedulers
                           * rc->warp_size * sizeof *rc->lane_pc);
    memset(rc->lane_sp, 0, (size_t)rc->warps * rc->schedulers
                           * rc->warp_size * sizeof *rc->lane_sp);
}

static bool minpc_issue_view(struct sm_reconv *rc, unsigned sched,
                             unsigned warp, uint64_t live, uint32_t *pc,
                             uint64_t *mask, unsigned owner[], bool *one)
{
    (void)owner;
    (void)one;
    minpc_view(rc, sched, warp, live, pc, mask);
    return true;
}

/* The threads not at the arbiter's minimum, by their PC: at a
 * re-convergence PC they wait to re-converge, elsewhere on a path not run. */
static void minpc_waiting(struct sm_reconv *rc, unsigned sched,
                          unsigned warp, uint64_t live, const uint8_t *is_rpc,
                          uint64_t *inactive, uint64_t *reconv,
                          uint64_t *barrier)
{
    unsigned g = warp * rc->schedulers + sched;
    uint32_t pc;
    uint64_t run;

    *barrier |= rc->parked[g] & live;
    minpc_view(rc, sched, warp, live, &pc, &run);
    for (uint64_t m = live & ~run & ~rc->parked[g]; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t tpc = rc->lane_pc[g * rc->warp_size + l];
        uint32_t i = (tpc - rc->text_lo) / 4;
        if (tpc >= rc->text_lo && i < rc->text_words && is_rpc[i])
            *reconv |= 1ull << l;
        else
            *inactive |= 1ull << l;
    }
}

/* The warp's PC and mask are the arbiter's (issue_view, and the read port
 * evaluates it alone); threads wait at simt.bar on their own. */
const struct sm_reconv_ops sm_reconv_minpc_ops = {
    .regroups = false,
    .barrier_by_state = true,
    .init = minpc_init,
    .free = minpc_free,
    .reset = minpc_reset,
    .eval = minpc_eval,
    .read = minpc_read,
    .step = minpc_step,
    .places = minpc_places,
    .counts = minpc_counts,
    .waiting = minpc_waiting,
    .issue_view = minpc_issue_view,
    .all_barrier = minpc_all_barrier,
};
