/*
 * sm_reconv.c -- the SM's control-flow port: the configured mode's
 * structures behind one read and one update a cycle (golden/sm/sm_reconv.h),
 * each function a call through the mode's table of operations
 * (golden/sm/sm_reconv_mode.h), chosen once by sm_reconv_init().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "program.h"
#include "sm_reconv_mode.h"

/* The modes' operations, indexed by enum reconvergence (ORDER RECONV:
 * config.h's enum and config.c's reconvergence_names). */
static const struct sm_reconv_ops *const sm_reconv_modes[] = {
    &sm_reconv_sbr_ops, &sm_reconv_harp_ops, &sm_reconv_minpc_ops,
    &sm_reconv_ics_ops
};
_Static_assert(sizeof sm_reconv_modes / sizeof sm_reconv_modes[0]
               == RECONV_COUNT, "one table of operations per mode");

int sm_reconv_init(struct sm_reconv *rc, const struct simt_config *cfg,
                   const struct program *prog,
                   const struct rv32_context *threads,
                   char *err, size_t errlen)
{
    uint64_t insns = (uint64_t)(prog->text_hi - prog->text_lo) / 4;

    memset(rc, 0, sizeof *rc);
    if ((unsigned)cfg->reconvergence >= RECONV_COUNT) {
        snprintf(err, errlen, "configuration '%s': reconvergence = %s is "
                 "not a mode of the SM", cfg->name,
                 config_reconvergence_name(cfg->reconvergence));
        return -1;
    }
    rc->mode = cfg->reconvergence;
    rc->ops = sm_reconv_modes[cfg->reconvergence];
    rc->prog = prog;
    rc->schedulers = cfg->schedulers;
    rc->pc_bits = cfg->pc_bits;
    rc->text_lo = prog->text_lo;
    rc->text_words = (prog->text_hi - prog->text_lo) / 4;
    rc->warp_size = cfg->warp_size;
    rc->warps = cfg->threads_per_scheduler / cfg->warp_size;
    rc->threads = threads;
    if (cfg->pc_bits < 64 && insns > (1ull << cfg->pc_bits)) {
        snprintf(err, errlen, "%s: %llu instructions of text do not fit "
                 "the %u-bit PCs of the control-flow structures "
                 "(configuration '%s', pc_bits = %u)", prog->path,
                 (unsigned long long)insns, cfg->pc_bits, cfg->name,
                 cfg->pc_bits);
        return -1;
    }
    return rc->ops->init(rc, cfg, err, errlen);
}

void sm_reconv_free(struct sm_reconv *rc)
{
    if (rc->ops)
        rc->ops->free(rc);
}

void sm_reconv_reset(struct sm_reconv *rc)
{
    rc->rbt_bypass = rc->lookup_bypass = rc->rbt_misses = 0;
    rc->waiting_in = rc->waiting_merged = rc->waiting_bypass = 0;
    rc->ops->reset(rc);
}

/* No output yet: the reason of a refusal is written with it. */
static void clear_out(struct sm_rc_out *out)
{
    out->rd_valid = out->pop = out->exited = out->err = out->yielded = false;
    out->rd_pc = 0;
    out->rd_mask = 0;
    out->why[0] = '\0';
}

void sm_reconv_eval(struct sm_reconv *rc, unsigned sched,
                    const struct sm_rc_in *in, struct sm_rc_out *out)
{
    clear_out(out);
    rc->ops->eval(rc, sched, in, out);
    if (rc->probe) {
        rc->probe[sched].evaluated = true;
        rc->probe[sched].eval_in = *in;
        rc->probe[sched].eval_out = *out;
        memset(rc->probe[sched].can_launch, 0,
               sizeof rc->probe[sched].can_launch);
        for (unsigned w = 0; w < rc->warps && w < SM_RC_MAX_WARPS; w++)
            if (sm_reconv_can_launch(rc, sched, w))
                rc->probe[sched].can_launch[w / 64] |= 1ull << w % 64;
        if (rc->ops->probe)
            rc->ops->probe(rc, sched, in, &rc->probe[sched]);
    }
}

void sm_reconv_read(const struct sm_reconv *rc, unsigned sched,
                    const struct sm_rc_in *in, struct sm_rc_out *out)
{
    clear_out(out);
    rc->ops->read(rc, sched, in, out);
    if (rc->probe) {
        rc->probe[sched].read = true;
        rc->probe[sched].read_in = *in;
        rc->probe[sched].read_out = *out;
    }
}

bool sm_reconv_step(struct sm_reconv *rc, unsigned sched,
                    const struct sm_rc_in *in)
{
    if (rc->probe) {
        struct sm_rc_probe *p = &rc->probe[sched];

        p->stepped = true;
        p->step_in = *in;
        memset(p->step_release, 0, sizeof p->step_release);
        for (unsigned w = 0; in->release && w < rc->warps; w++)
            p->step_release[w / 64] |= (uint64_t)in->release[w] << w % 64;
    }
    return rc->ops->step(rc, sched, in);
}

void sm_reconv_places(const struct sm_reconv *rc, unsigned sched,
                      unsigned warp, uint64_t live, unsigned lanes, unsigned count[],
                      char place[][64])
{
    for (unsigned l = 0; l < lanes; l++) {
        count[l] = 0;
        place[l][0] = '\0';
    }
    rc->ops->places(rc, sched, warp, live, lanes, count, place);
}

void sm_reconv_counts(const struct sm_reconv *rc, unsigned sched,
                      unsigned warps, const uint64_t live[], unsigned lanes,
                      unsigned count[])
{
    for (unsigned i = 0; i < warps * lanes; i++)
        count[i] = 0;
    rc->ops->counts(rc, sched, warps, live, lanes, count);
}

uint32_t sm_reconv_rpc(const struct program *prog, uint32_t pc, bool *found)
{
    unsigned lo = 0, hi = prog->n_branches;

    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (prog->branches[mid].pc == pc) {
            *found = true;
            return prog->branches[mid].rpc;
        }
        if (prog->branches[mid].pc < pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = false;
    return 0;
}

bool sm_reconv_can_issue(const struct sm_reconv *rc, unsigned sched,
                         unsigned warp, uint64_t live)
{
    return !rc->ops->can_issue || rc->ops->can_issue(rc, sched, warp, live);
}

void sm_reconv_issuable(const struct sm_reconv *rc, unsigned sched,
                        uint64_t set[])
{
    unsigned n = sm_reconv_issue_slots(rc);

    if (rc->ops->issuable) {
        rc->ops->issuable(rc, sched, set);
        return;
    }
    memset(set, 0, (n + 63) / 64 * sizeof set[0]);
    for (unsigned w = 0; w < n; w++)
        if (sm_reconv_can_issue(rc, sched, w, 0))
            bitset_add(set, w);
}

void sm_reconv_fetchable(const struct sm_reconv *rc, unsigned sched,
                         uint64_t set[])
{
    if (rc->ops->fetchable)
        rc->ops->fetchable(rc, sched, set);
    else
        memset(set, 0, (sm_reconv_issue_slots(rc) + 63) / 64 * sizeof set[0]);
}

bool sm_reconv_can_launch(const struct sm_reconv *rc, unsigned sched,
                          unsigned warp)
{
    return !rc->ops->can_launch || rc->ops->can_launch(rc, sched, warp);
}

bool sm_reconv_issue_view(struct sm_reconv *rc, unsigned sched,
                          unsigned warp, uint64_t live, uint32_t *pc,
                          uint64_t *mask, unsigned owner[], bool *one)
{
    *one = true;
    return rc->ops->issue_view
           && rc->ops->issue_view(rc, sched, warp, live, pc, mask, owner, one);
}

bool sm_reconv_barrier_by_state(const struct sm_reconv *rc)
{
    return rc->ops->barrier_by_state;
}

bool sm_reconv_regroups(const struct sm_reconv *rc)
{
    return rc->ops->regroups;
}

unsigned sm_reconv_issue_slots(const struct sm_reconv *rc)
{
    return rc->ops->issue_slots ? rc->ops->issue_slots(rc) : rc->warps;
}

unsigned sm_reconv_slot_owner(const struct sm_reconv *rc, unsigned sched,
                              unsigned slot)
{
    return rc->ops->slot_owner ? rc->ops->slot_owner(rc, sched, slot) : slot;
}

void sm_reconv_waiting(struct sm_reconv *rc, unsigned sched,
                       unsigned warps, const uint64_t asked[],
                       const uint64_t live[], const uint8_t *is_rpc,
                       uint64_t inactive[], uint64_t reconv[],
                       uint64_t barrier[])
{
    for (unsigned k = 0; k * 64 < warps; k++)
        for (uint64_t m = asked[k]; m; m &= m - 1) {
            unsigned w = k * 64 + (unsigned)__builtin_ctzll(m);

            inactive[w] = reconv[w] = barrier[w] = 0;
            rc->ops->waiting(rc, sched, w, live[w], is_rpc, &inactive[w],
                             &reconv[w], &barrier[w]);
            inactive[w] &= live[w];
            reconv[w] &= live[w];
            barrier[w] &= live[w];
        }
}

unsigned sm_reconv_second_level(const struct sm_reconv *rc, unsigned sched)
{
    return rc->ops->second_level ? rc->ops->second_level(rc, sched) : 0;
}

bool sm_reconv_all_barrier(const struct sm_reconv *rc, unsigned sched,
                           unsigned warp, uint64_t live)
{
    return rc->ops->all_barrier
           && rc->ops->all_barrier(rc, sched, warp, live);
}

uint8_t sm_reconv_ics_action(const struct program *prog, uint32_t pc)
{
    unsigned lo = 0, hi = prog->n_ics;

    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (prog->ics[mid].pc == pc)
            return prog->ics[mid].action;
        if (prog->ics[mid].pc < pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}
