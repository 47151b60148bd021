/*
 * sm_reconv.c -- the SM's control-flow port: the configured mode's
 * structures behind one read and one update a cycle (golden/sm_reconv.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "program.h"
#include "sm_reconv.h"

int sm_reconv_init(struct sm_reconv *rc, const struct simt_config *cfg,
                   const struct program *prog,
                   const struct rv32_context *threads,
                   const struct regfile *rf, char *err, size_t errlen)
{
    uint64_t insns = (uint64_t)(prog->text_hi - prog->text_lo) / 4;

    memset(rc, 0, sizeof *rc);
    rc->mode = cfg->reconvergence;
    rc->prog = prog;
    rc->schedulers = cfg->schedulers;
    rc->pc_bits = cfg->pc_bits;
    rc->text_lo = prog->text_lo;
    rc->text_words = (prog->text_hi - prog->text_lo) / 4;
    rc->warp_size = cfg->warp_size;
    rc->warps = cfg->threads_per_scheduler / cfg->warp_size;
    rc->threads = threads;
    rc->rf = rf;
    if (cfg->pc_bits < 64 && insns > (1ull << cfg->pc_bits)) {
        snprintf(err, errlen, "%s: %llu instructions of text do not fit "
                 "the %u-bit PCs of the control-flow structures "
                 "(configuration '%s', pc_bits = %u)", prog->path,
                 (unsigned long long)insns, cfg->pc_bits, cfg->name,
                 cfg->pc_bits);
        return -1;
    }
    switch (cfg->reconvergence) {
    case RECONV_SBR:
        return sm_sbr_init(rc, cfg, err, errlen);
    case RECONV_MINPC:
        return sm_minpc_init(rc, cfg, err, errlen);
    case RECONV_ICS_FIRST:
        return sm_ics_init(rc, cfg, err, errlen);
    case RECONV_HARP:
        return sm_harp_init(rc, cfg, err, errlen);
    default:
        snprintf(err, errlen, "configuration '%s': reconvergence = %s is "
                 "not supported by the SM yet (supported: sbr, harp, minpc, ics-first)", cfg->name,
                 config_reconvergence_name(cfg->reconvergence));
        return -1;
    }
}

void sm_reconv_free(struct sm_reconv *rc)
{
    sm_harp_free(rc);
    free(rc->sbr);
    free(rc->sbr_late);
    free(rc->arb);
    free(rc->parked);
    free(rc->ics);
    free(rc->commit);
    rc->sbr = NULL;
    rc->sbr_late = NULL;
    rc->arb = NULL;
    rc->parked = NULL;
    rc->ics = NULL;
    rc->commit = NULL;
}

void sm_reconv_reset(struct sm_reconv *rc)
{
    if (rc->sbr)
        for (unsigned s = 0; s < rc->schedulers; s++)
            sbr_stack_reset(&rc->sbr[s]);
    if (rc->arb)
        for (unsigned g = 0; g < rc->warps * rc->schedulers; g++)
            arbiter_reset(&rc->arb[g]);
    if (rc->parked)
        memset(rc->parked, 0,
               (size_t)rc->warps * rc->schedulers * sizeof *rc->parked);
    rc->rbt_bypass = rc->lookup_bypass = rc->rbt_misses = 0;
    rc->waiting_in = rc->waiting_merged = rc->waiting_bypass = 0;
    if (rc->harp)
        sm_harp_reset(rc);
    if (rc->ics) {
        sm_ics_reset(rc);
    }
}

/* No output yet: the reason of a refusal is written with it. */
static void clear_out(struct sm_rc_out *out)
{
    out->rd_valid = out->pop = out->exited = out->err = out->yielded = false;
    out->rd_pc = 0;
    out->rd_mask = 0;
    out->why[0] = '\0';
}

void sm_reconv_eval(const struct sm_reconv *rc, unsigned sched,
                    const struct sm_rc_in *in, struct sm_rc_out *out)
{
    clear_out(out);
    if (rc->mode == RECONV_MINPC)
        sm_minpc_eval(rc, sched, in, out);
    else if (rc->mode == RECONV_ICS_FIRST)
        sm_ics_eval(rc, sched, in, out);
    else if (rc->mode == RECONV_HARP)
        sm_harp_eval(rc, sched, in, out);
    else
        sm_sbr_eval(rc, sched, in, out);
}

void sm_reconv_read(const struct sm_reconv *rc, unsigned sched,
                    const struct sm_rc_in *in, struct sm_rc_out *out)
{
    if (rc->mode == RECONV_HARP) {
        clear_out(out);
        sm_harp_read(rc, sched, in, out);
    } else if (rc->mode == RECONV_MINPC) {
        clear_out(out);
        sm_minpc_read(rc, sched, in, out);
    } else {
        sm_reconv_eval(rc, sched, in, out);
    }
}

bool sm_reconv_step(struct sm_reconv *rc, unsigned sched,
                    const struct sm_rc_in *in)
{
    bool changed = in->op != SM_RC_NONE;

    if (rc->mode == RECONV_MINPC) {
        sm_minpc_step(rc, sched, in);
        sm_minpc_release(rc, sched, in->release);
    } else if (rc->mode == RECONV_ICS_FIRST) {
        changed |= rc->commit[sched].valid;   /* the last issue commits */
        sm_ics_step(rc, sched, in);
    } else if (rc->mode == RECONV_HARP) {
        changed = sm_harp_step(rc, sched, in);
    } else {
        sm_sbr_step(rc, sched, in);
    }
    return changed;
}

void sm_reconv_places(const struct sm_reconv *rc, unsigned sched,
                      unsigned warp, uint64_t live, unsigned lanes, unsigned count[],
                      char place[][64])
{
    for (unsigned l = 0; l < lanes; l++) {
        count[l] = 0;
        place[l][0] = '\0';
    }
    if (rc->mode == RECONV_MINPC)
        sm_minpc_places(rc, sched, warp, live, lanes, count, place);
    else if (rc->mode == RECONV_ICS_FIRST)
        sm_ics_places(rc, sched, warp, live, lanes, count, place);
    else if (rc->mode == RECONV_HARP)
        sm_harp_places(rc, sched, warp, live, lanes, count, place);
    else
        sm_sbr_places(rc, sched, warp, live, lanes, count, place);
}

void sm_reconv_counts(const struct sm_reconv *rc, unsigned sched,
                      unsigned warps, const uint64_t live[], unsigned lanes,
                      unsigned count[])
{
    for (unsigned i = 0; i < warps * lanes; i++)
        count[i] = 0;
    if (rc->mode == RECONV_MINPC)
        sm_minpc_counts(rc, sched, warps, live, lanes, count);
    else if (rc->mode == RECONV_ICS_FIRST)
        sm_ics_counts(rc, sched, warps, live, lanes, count);
    else if (rc->mode == RECONV_HARP)
        sm_harp_counts(rc, sched, warps, live, lanes, count);
    else
        sm_sbr_counts(rc, sched, warps, live, lanes, count);
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
    (void)live;
    if (rc->mode == RECONV_HARP)
        return sm_harp_can_issue(rc, sched, warp);
    return rc->mode != RECONV_ICS_FIRST || sm_ics_can_issue(rc, sched, warp);
}

void sm_reconv_issuable(const struct sm_reconv *rc, unsigned sched,
                        uint64_t set[])
{
    unsigned n = sm_reconv_issue_slots(rc);

    if (rc->mode == RECONV_HARP) {
        sm_harp_issuable(rc, sched, set);
        return;
    }
    memset(set, 0, (sm_reconv_issue_slots(rc) + 63) / 64 * sizeof set[0]);
    for (unsigned w = 0; w < n; w++)
        if (sm_reconv_can_issue(rc, sched, w, 0))
            bitset_add(set, w);
}

bool sm_reconv_can_launch(const struct sm_reconv *rc, unsigned sched,
                          unsigned warp)
{
    if (rc->mode == RECONV_HARP)
        return sm_harp_can_launch(rc, sched, warp);
    return rc->mode != RECONV_ICS_FIRST || sm_ics_can_launch(rc, sched, warp);
}

bool sm_reconv_issue_view(const struct sm_reconv *rc, unsigned sched,
                          unsigned warp, uint64_t live, uint32_t *pc,
                          uint64_t *mask, unsigned owner[], bool *one)
{
    *one = true;
    if (rc->mode == RECONV_MINPC) {
        sm_minpc_issue_view(rc, sched, warp, live, pc, mask);
        return true;
    }
    if (rc->mode == RECONV_HARP) {
        sm_harp_issue_view(rc, sched, warp, pc, mask, owner, one);
        return true;
    }
    if (rc->mode != RECONV_ICS_FIRST)
        return false;
    sm_ics_issue_view(rc, sched, warp, pc, mask);
    return true;
}

bool sm_reconv_barrier_by_state(const struct sm_reconv *rc)
{
    return rc->mode != RECONV_SBR;
}

bool sm_reconv_regroups(const struct sm_reconv *rc)
{
    return rc->mode == RECONV_HARP;
}

unsigned sm_reconv_issue_slots(const struct sm_reconv *rc)
{
    return rc->mode == RECONV_HARP ? sm_harp_issue_slots(rc) : rc->warps;
}

unsigned sm_reconv_slot_owner(const struct sm_reconv *rc, unsigned sched,
                              unsigned slot)
{
    return rc->mode == RECONV_HARP ? sm_harp_slot_owner(rc, sched, slot)
                                   : slot;
}

/* sbr: a lane's deepest stack entry says it: the top runs; an entry
 * whose PC is the re-convergence PC of the entry above holds threads that
 * finished their path; any other holds a path not run yet.  A CALL entry
 * holds every thread of the entry below it (which waits at the return
 * PC), so only the entries above it sort the threads of a call. */
static void sbr_waiting(const struct sm_reconv *rc, unsigned sched,
                        unsigned warp, uint64_t live, uint64_t *inactive,
                        uint64_t *reconv)
{
    const struct sbr_stack *st = &rc->sbr[sched];
    unsigned d = st->depth[warp];
    uint64_t seen;

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

/* minpc: the threads not at the arbiter's minimum, by their PC. */
static void minpc_waiting(const struct sm_reconv *rc, unsigned sched,
                          unsigned warp, uint64_t live, const uint8_t *is_rpc,
                          uint64_t *inactive, uint64_t *reconv,
                          uint64_t *barrier)
{
    unsigned g = warp * rc->schedulers + sched;
    uint32_t pc;
    uint64_t run;

    *barrier |= rc->parked[g] & live;
    sm_minpc_issue_view(rc, sched, warp, live, &pc, &run);
    for (uint64_t m = live & ~run & ~rc->parked[g]; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t tpc = rc->threads[g * rc->warp_size + l].pc;
        uint32_t i = (tpc - rc->text_lo) / 4;
        if (tpc >= rc->text_lo && i < rc->text_words && is_rpc[i])
            *reconv |= 1ull << l;
        else
            *inactive |= 1ull << l;
    }
}

void sm_reconv_waiting(const struct sm_reconv *rc, unsigned sched,
                       unsigned warps, const uint64_t asked[],
                       const uint64_t live[], const uint8_t *is_rpc,
                       uint64_t inactive[], uint64_t reconv[],
                       uint64_t barrier[])
{
    const uint64_t *hi = NULL, *hr = NULL, *hb = NULL;   /* harp's */

    if (rc->mode == RECONV_HARP)
        sm_harp_waiting(rc, sched, warps, &hi, &hr, &hb);
    for (unsigned k = 0; k * 64 < warps; k++)
        for (uint64_t m = asked[k]; m; m &= m - 1) {
            unsigned w = k * 64 + (unsigned)__builtin_ctzll(m);

            inactive[w] = hi ? hi[w] : 0;
            reconv[w] = hr ? hr[w] : 0;
            barrier[w] = hb ? hb[w] : 0;
            if (rc->mode == RECONV_SBR)
                sbr_waiting(rc, sched, w, live[w], &inactive[w],
                            &reconv[w]);
            else if (rc->mode == RECONV_MINPC)
                minpc_waiting(rc, sched, w, live[w], is_rpc, &inactive[w],
                              &reconv[w], &barrier[w]);
            else if (rc->mode == RECONV_ICS_FIRST)
                sm_ics_waiting(rc, sched, w, live[w], is_rpc, &inactive[w],
                               &reconv[w], &barrier[w]);
            inactive[w] &= live[w];
            reconv[w] &= live[w];
            barrier[w] &= live[w];
        }
}

unsigned sm_reconv_second_level(const struct sm_reconv *rc, unsigned sched)
{
    return rc->mode == RECONV_HARP ? sm_harp_second_level(rc, sched) : 0;
}

bool sm_reconv_all_barrier(const struct sm_reconv *rc, unsigned sched,
                           unsigned warp, uint64_t live)
{
    if (rc->mode == RECONV_HARP)
        return sm_harp_all_barrier(rc, sched, warp, live);
    if (rc->mode == RECONV_MINPC)
        return sm_minpc_all_barrier(rc, sched, warp, live);
    return rc->mode == RECONV_ICS_FIRST && sm_ics_all_barrier(rc, sched, warp);
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
