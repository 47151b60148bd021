/*
 * sm_reconv_sbr.c -- the sbr mode: one SBR stack module (golden/
 * sbr_stack.h) per warp scheduler, driven at its ports.
 *
 * Launch is the stack's launch with the warp's final RPC = the program's
 * exit PC.  An executed instruction is the stack's branch op when it
 * splits the warp (a conditional branch, or an indirect jump whose lanes
 * go two ways), else its advance op to the next PC.  The base entry pops
 * when its threads reach the exit PC: the warp has exited.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "program.h"
#include "sm_reconv.h"

static uint64_t to_hw(const struct sm_reconv *rc, uint32_t pc)
{
    return (uint64_t)(pc - rc->prog->text_lo) >> 2;
}

static uint32_t from_hw(const struct sm_reconv *rc, uint64_t hw)
{
    return rc->prog->text_lo + (uint32_t)(hw << 2);
}

int sm_sbr_init(struct sm_reconv *rc, const struct simt_config *cfg,
                char *err, size_t errlen)
{
    rc->sbr = calloc(cfg->schedulers, sizeof *rc->sbr);
    if (!rc->sbr) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (unsigned s = 0; s < cfg->schedulers; s++)
        if (sbr_stack_init(&rc->sbr[s], cfg, err, errlen) != 0)
            return -1;
    return 0;
}

/* The stack's inputs for the SM's update. */
static void sbr_inputs(const struct sm_reconv *rc, const struct sm_rc_in *in,
                       struct sbr_stack_in *si, bool *no_rpc)
{
    bool found = true;

    memset(si, 0, sizeof *si);
    *no_rpc = false;
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
        if (in->split && in->taken != 0 && in->taken != in->mask) {
            uint32_t rpc = sm_reconv_rpc(rc->prog, in->pc, &found);
            si->op = SBR_STACK_BRANCH;
            si->pc = to_hw(rc, in->tpc);
            si->mask = in->taken;
            si->npc = to_hw(rc, in->npc);
            si->rpc = to_hw(rc, rpc);
            *no_rpc = !found;
        } else {
            si->op = SBR_STACK_ADVANCE;
            si->pc = to_hw(rc, in->split && in->taken ? in->tpc : in->npc);
        }
        break;
    }
}

void sm_sbr_eval(const struct sm_reconv *rc, unsigned sched,
                 const struct sm_rc_in *in, struct sm_rc_out *out)
{
    struct sbr_stack_in si;
    struct sbr_stack_out so;
    bool no_rpc;

    sbr_inputs(rc, in, &si, &no_rpc);
    sbr_stack_eval(&rc->sbr[sched], &si, &so);
    out->rd_valid = so.rd_valid;
    out->rd_pc = from_hw(rc, so.rd_pc);
    out->rd_mask = so.rd_mask;
    out->pop = so.pop;
    out->exited = so.pop && si.op == SBR_STACK_ADVANCE
                  && si.pc == to_hw(rc, rc->prog->exit_pc);
    if (no_rpc) {
        out->err = true;
        snprintf(out->why, sizeof out->why, "the branch at 0x%08x has no "
                 "re-convergence PC in the program's table", in->pc);
    } else if (so.ovf) {
        out->err = true;
        snprintf(out->why, sizeof out->why, "SBR stack overflow: warp %u "
                 "of scheduler %u needs more than sbr_stack_depth = %u "
                 "entries", in->warp, sched, rc->sbr[sched].g.depth);
    } else if (so.err) {
        out->err = true;
        snprintf(out->why, sizeof out->why, "the SBR stack refused the "
                 "update of warp %u of scheduler %u (op %d)", in->warp,
                 sched, (int)si.op);
    }
}

void sm_sbr_step(struct sm_reconv *rc, unsigned sched,
                 const struct sm_rc_in *in)
{
    struct sbr_stack_in si;
    bool no_rpc;

    sbr_inputs(rc, in, &si, &no_rpc);
    sbr_stack_step(&rc->sbr[sched], &si);
}

/* A lane is held when any entry of its warp's stack holds it. */
void sm_sbr_counts(const struct sm_reconv *rc, unsigned sched,
                   unsigned warps, const uint64_t live[], unsigned lanes,
                   unsigned count[])
{
    const struct sbr_stack *s = &rc->sbr[sched];

    (void)live;
    for (unsigned w = 0; w < warps; w++) {
        uint64_t held = 0;
        for (unsigned d = 0; d < s->depth[w]; d++)
            held |= s->e[w][d].mask;
        for (unsigned l = 0; l < lanes; l++)
            count[w * lanes + l] = (unsigned)(held >> l & 1);
    }
}

/* A thread's place is the topmost entry of its warp's stack that holds it
 * (the entries below hold it too, waiting at their re-convergence PCs). */
void sm_sbr_places(const struct sm_reconv *rc, unsigned sched,
                   unsigned warp, uint64_t live, unsigned lanes, unsigned count[],
                   char place[][64])
{
    const struct sbr_stack *s = &rc->sbr[sched];

    (void)live;
    for (unsigned l = 0; l < lanes; l++)
        for (unsigned d = s->depth[warp]; d-- > 0;)
            if (s->e[warp][d].mask >> l & 1) {
                count[l] = 1;
                snprintf(place[l], 64, "stack entry %u", d);
                break;
            }
}
