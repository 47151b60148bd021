/*
 * sm.c -- the streaming multiprocessor composed of the structure models
 * (golden/sm.h): its creation and launch, and the cycle as the sequence
 * of its stages (golden/sm_stage.h): per scheduler the launch choice, the
 * ready vector, the issue grant, the execution, the send to the LSU or a
 * SIMD group and the barrier arrival; the WPT's arrivals; at the clock
 * edge each scheduler's step and the shared steps.  sm_run() runs the
 * cycles, skipping the quiet ones.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm_stage.h"
#include "sm_report.h"

/* Decode's units are the SIMD groups' operation classes. */
_Static_assert(DECODE_ALU == (int)SIMD_GROUP_ALU
               && DECODE_MUL == (int)SIMD_GROUP_MUL
               && DECODE_DIV == (int)SIMD_GROUP_DIV,
               "ORDER OP: decode.h's units and simd_group.h's classes");

void sm_fail(struct sm *sm, const char *fmt, ...)
{
    va_list ap;

    if (sm->status == SM_ERROR)
        return;
    va_start(ap, fmt);
    vsnprintf(sm->err, sizeof sm->err, fmt, ap);
    va_end(ap);
    sm->status = SM_ERROR;
}

int sm_create(struct sm **out, const struct simt_config *cfg,
              const struct program *prog, uint32_t global_bytes,
              char *err, size_t errlen)
{
    struct sm *sm;
    unsigned w;

    *out = NULL;
    if (cfg->warp_size == 0 || cfg->warp_size > SM_MAX_LANES) {
        snprintf(err, errlen, "configuration '%s': warp_size = %u is beyond "
                 "the SM model (at most %d)", cfg->name, cfg->warp_size,
                 SM_MAX_LANES);
        return -1;
    }
    w = cfg->threads_per_scheduler / cfg->warp_size;
    if (w * cfg->schedulers > SM_MAX_WARP_SLOTS
        || cfg->max_warps_per_tb > SM_MAX_TB_WARPS) {
        snprintf(err, errlen, "configuration '%s': %u warps per SM or %u "
                 "warps per TB are beyond the SM model (%d, %d)", cfg->name,
                 w * cfg->schedulers, cfg->max_warps_per_tb,
                 SM_MAX_WARP_SLOTS, SM_MAX_TB_WARPS);
        return -1;
    }
    sm = calloc(1, sizeof *sm);
    if (!sm) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    sm->cfg = *cfg;
    sm->prog = prog;
    sm->warps_per_sched = w;
    sm->warp_slots = w * cfg->schedulers;
    sm->thread = calloc((size_t)sm->warp_slots * cfg->warp_size,
                        sizeof *sm->thread);
    sm->inv_count = calloc((size_t)w * cfg->warp_size,
                           sizeof *sm->inv_count);
    if (!sm->thread || !sm->inv_count) {
        snprintf(err, errlen, "out of memory");
        sm_destroy(sm);
        return -1;
    }
    if (regfile_init(&sm->rf, cfg, err, errlen) != 0
        || lane_init(&sm->lane, cfg, err, errlen) != 0) {
        sm_destroy(sm);
        return -1;
    }
    if (sm_reconv_init(&sm->rc, cfg, prog, sm->thread, &sm->rf, err,
                       errlen) != 0) {
        sm_destroy(sm);
        return -1;
    }
    sm->memo.regroups = sm_reconv_regroups(&sm->rc);
    sm->memo.barrier_by_state = sm_reconv_barrier_by_state(&sm->rc);
    sm->memo.issue_slots = sm_reconv_issue_slots(&sm->rc);
    sm->reference = false;      /* the caller may set it before sm_start() */
    sm->rc.reference = sm->reference;
    for (unsigned s = 0; s < cfg->schedulers; s++) {
        if (scheduler_init(&sm->sch[s].sched, cfg, err, errlen) != 0
            || fetch_init(&sm->sch[s].fetch, cfg, err, errlen) != 0) {
            sm_destroy(sm);
            return -1;
        }
        sm->sch[s].memo.moves_alone
            = scheduler_moves_alone(&sm->sch[s].sched.g);
    }
    if (wpt_init(&sm->wpt, cfg, err, errlen) != 0) {
        sm_destroy(sm);
        return -1;
    }
    if (sm_memory_init(&sm->mem, prog, global_bytes, cfg->max_tbs,
                          sm->warp_slots * cfg->warp_size) != 0) {
        snprintf(err, errlen, "out of memory");
        sm_destroy(sm);
        return -1;
    }
    if (scoreboard_init(&sm->sb, cfg, err, errlen) != 0
        || simd_group_init(&sm->simd, cfg, err, errlen) != 0
        || dispatch_init(&sm->disp, cfg, err, errlen) != 0
        || decode_init(&sm->dec, cfg, err, errlen) != 0) {
        sm_destroy(sm);
        return -1;
    }
    if (decode_load(&sm->dec, prog->text_lo,
                    (prog->text_hi - prog->text_lo) / 4) != 0) {
        snprintf(err, errlen, "out of memory");
        sm_destroy(sm);
        return -1;
    }
    for (unsigned i = 0; i < sm->dec.words; i++) {
        uint32_t word = 0;

        sm_memory_read(&sm->mem, prog->text_lo + 4 * i, &word, 4);
        decode_load_word(&sm->dec, prog->text_lo + 4 * i, word);
    }
    for (unsigned i = 0; i < prog->n_branches; i++)
        decode_load_rpc(&sm->dec, prog->branches[i].rpc);
    sm->mem_wait = calloc((size_t)sm->warp_slots * 32, sizeof *sm->mem_wait);
    sm->mem_lanes = calloc(sm->warp_slots, sizeof *sm->mem_lanes);
    sm->mem_count = calloc((size_t)sm->warp_slots * cfg->warp_size,
                           sizeof *sm->mem_count);
    if (!sm->mem_wait || !sm->mem_lanes || !sm->mem_count) {
        snprintf(err, errlen, "out of memory");
        sm_destroy(sm);
        return -1;
    }
    if (lsu_init(&sm->lsu, cfg, err, errlen) != 0 ||
        dram_init(&sm->dram, cfg, err, errlen) != 0) {
        sm_destroy(sm);
        return -1;
    }
    *out = sm;
    return 0;
}

void sm_destroy(struct sm *sm)
{
    if (!sm)
        return;
    sm_reconv_free(&sm->rc);
    sm_memory_free(&sm->mem);
    scoreboard_free(&sm->sb);
    decode_free(&sm->dec);
    lsu_free(&sm->lsu);
    free(sm->mem_wait);
    free(sm->mem_lanes);
    free(sm->mem_count);
    free(sm->thread);
    regfile_free(&sm->rf);
    free(sm->inv_count);
    free(sm);
}

int sm_start(struct sm *sm, const struct sm_launch *l)
{
    const struct simt_config *c = &sm->cfg;
    unsigned tb_warps = dispatch_tb_warps(&sm->disp.g, l->block);

    sm->status = SM_RUNNING;
    sm->err[0] = '\0';
    switch (dispatch_fits(&sm->disp.g, l->grid, l->block, l->shared_bytes)) {
    case DISPATCH_EMPTY:
        sm_fail(sm, "a launch needs at least one TB and one thread per TB "
                "(grid %u, block %u)", l->grid, l->block);
        return -1;
    case DISPATCH_TOO_WIDE:
        sm_fail(sm, "a TB of %u threads needs %u warps of %u; configuration "
                "'%s' holds at most %u warps per TB and %u warps per SM",
                l->block, tb_warps, c->warp_size, c->name,
                c->max_warps_per_tb, sm->warp_slots);
        return -1;
    case DISPATCH_TOO_MUCH_SHARED:
        sm_fail(sm, "a TB of kernel %s holds %u bytes of shared memory; "
                "configuration '%s' has %u KiB per SM (shared_kb)",
                l->kernel, l->shared_bytes, c->name, c->shared_kb);
        return -1;
    case DISPATCH_FITS:
        break;
    }
    sm->launch = *l;
    sm->tb_warps = tb_warps;
    sm->bad_exits = 0;
    sm_memory_clear_reservations(&sm->mem);
    memset(&sm->disp_in, 0, sizeof sm->disp_in);
    sm->disp_in.start = true;
    sm->disp_in.grid = l->grid;
    sm->disp_in.tb_warps = tb_warps;
    sm->disp_in.shared_bytes = l->shared_bytes;
    dispatch_step(&sm->disp, &sm->disp_in);
    sm->disp_in.start = false;
    sm->memo.resident_warps = 0;
    sm->memo.launches_pending = 0;
    memset(sm->memo.resident, 0, sizeof sm->memo.resident);
    sm->memo.quiet = sm->memo.lsu_alone = false;
    sm->memo.skipped = 0;
    /* the models that keep memos recompute them under reference */
    sm->rc.reference = sm->reference;
    sm->lsu.reference = sm->reference;
    sm->sb.reference = sm->reference;
    sm->stuck_check_at = 4096;
    memset(&sm->st, 0, sizeof sm->st);
    memset(sm->tb, 0, sizeof sm->tb);
    memset(sm->warp, 0, sizeof sm->warp);
    for (unsigned s = 0; s < c->schedulers; s++) {
        scheduler_reset(&sm->sch[s].sched);
        sm->sch[s].fetch.reference = sm->reference;
        fetch_reset(&sm->sch[s].fetch);
        sm->sch[s].fill_valid = false;
        memset(sm->sch[s].memo.unready, 0, sizeof sm->sch[s].memo.unready);
    }
    wpt_reset(&sm->wpt);
    sm->memo.wpt_idle_valid = false;
    sm_reconv_reset(&sm->rc);
    scoreboard_reset(&sm->sb);
    sm->sb_in.n_reserve = sm->sb_in.n_release = 0;
    simd_group_reset(&sm->simd);
    lsu_reset(&sm->lsu);
    dram_reset(&sm->dram);
    memset(sm->mem_wait, 0, (size_t)sm->warp_slots * 32
                            * sizeof *sm->mem_wait);
    memset(sm->mem_lanes, 0, sm->warp_slots * sizeof *sm->mem_lanes);
    sm->memo.mem_epoch++;
    memset(sm->mem_count, 0, (size_t)sm->warp_slots * c->warp_size
                             * sizeof *sm->mem_count);
    return 0;
}

/* The cycle's start: dispatch places TBs, the SIMD groups and the WPT
 * give their outputs without this cycle's issues and arrivals. */
static void cycle_begin(struct sm *sm, struct sm_cycle_state *cy)
{
    const struct simt_config *c = &sm->cfg;

    cy->now = sm->st.cycles;
    cy->issue_slots = sm_mode_issue_slots(sm);
    cy->regroups = sm_mode_regroups(sm);
    cy->any_arrival = cy->any_release = cy->any_exit = false;
    cy->simd_issued = false;
    cy->before = sm->st;
    sm->lsu_taken = false;
    cy->placed = sm_dispatch(sm);
    cy->launches_pending = sm_launches_pending_of(sm);
    cy->quiet = cy->placed == 0 && !sm->reference;
    cy->gi.now = cy->now;
    for (unsigned s = 0; s < c->schedulers; s++)
        cy->gi.issue[s].valid = false;
    simd_group_eval(&sm->simd, &cy->gi, &cy->go);
    memset(&cy->wi, 0, sizeof cy->wi);
    cy->wi.tb_warps = sm->tb_warps;
    if (!sm->memo.wpt_idle_valid || sm->reference) {
        /* ranks: a function of the state */
        wpt_eval(&sm->wpt, &cy->wi, &sm->memo.wpt_idle);
        sm->memo.wpt_idle_valid = true;
        sm->memo.wpt_idle_release = false;
        for (unsigned t = 0; t < c->max_tbs; t++)
            sm->memo.wpt_idle_release |= sm->memo.wpt_idle.release[t];
    }
    cy->wo = &sm->memo.wpt_idle;
}

/* Scheduler s's launch choice: the first warp whose launch is pending
 * and that the control-flow stage can take; the ports cleared. */
static void launch_choice(struct sm *sm, struct sm_cycle_state *cy,
                          unsigned s)
{
    unsigned W = sm->warps_per_sched;
    struct scheduler_in *si = &cy->si[s];
    int launch = -1;

    /* the scheduler reads warp_tb of ready warps only */
    memset(si->ready, false, W * sizeof si->ready[0]);
    if (sm->reference)      /* every port defined: it is evaluated */
        memset(si, 0, sizeof *si);
    memset(&cy->fi[s], 0, sizeof cy->fi[s]);
    memset(&cy->ri[s], 0, sizeof cy->ri[s]);
    cy->eo[s].issued = cy->eo[s].stale = cy->eo[s].barrier = false;
    cy->eo[s].exits = 0;        /* execute() sets the rest */
    cy->fetched[s] = cy->exited[s] = false;
    cy->arrive[s] = -1;
    for (unsigned w = 0; cy->launches_pending && launch < 0
                         && w < sm->warps_per_sched; w++)
        if (sm->warp[sm_slot_of(sm, s, w)].launch_pending
            && sm_reconv_can_launch(&sm->rc, s, w))
            launch = (int)w;
    cy->launch[s] = launch;
}

/* At the clock edge, scheduler s's step: the warps the WPT releases, the
 * policy's and the fetch unit's steps, the control-flow stage's, the
 * I-buffers, the launch, the barrier arrival and the exits. */
static void scheduler_edge(struct sm *sm, struct sm_cycle_state *cy,
                           unsigned s)
{
    const struct simt_config *c = &sm->cfg;
    unsigned W = sm->warps_per_sched;
    struct sm_sched *sc = &sm->sch[s];
    struct fetch_in *fi = &cy->fi[s];
    struct sm_rc_in *ri = &cy->ri[s];
    const struct sm_exec_outcome *eo = &cy->eo[s];
    bool fetched = cy->fetched[s];
    uint64_t emptied[FETCH_MAX_WARPS / 64];  /* fetch_emptied() */

    for (unsigned w = 0; cy->any_release && w < W; w++) {
        const struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];
        cy->release[s][w] = wp->resident && cy->wo->release[wp->tb]
                            && (wp->at_barrier || cy->arrive[s] == (int)w);
    }
    ri->release = cy->any_release ? cy->release[s] : NULL;
    if (cy->quiet && sm_moves_alone(sm, sc)) {
        /* TLS's group and SAWS's order change without a grant */
        sm->memo.sched_copy = sc->sched;
        scheduler_step(&sc->sched, &cy->si[s]);
        cy->quiet = !memcmp(&sm->memo.sched_copy, &sc->sched,
                            sizeof sc->sched);
    } else if (cy->any_ready[s] || sm_moves_alone(sm, sc) || sm->reference) {
        scheduler_step(&sc->sched, &cy->si[s]);
    }
    /* the evaluation found no error: else the SM failed above */
    fetch_emptied(&sc->fetch, fi, emptied);
    for (unsigned k = 0; cy->quiet && k < (sc->fetch.g.warps + 63) / 64; k++)
        cy->quiet = emptied[k] == 0;    /* an I-buffer empties */
    if (sm->reference)     /* the fetch decided again at the edge */
        fetch_step(&sc->fetch, fi);
    else
        fetch_step_evaluated(&sc->fetch, fi,
                             fetched ? (int)cy->fwarp[s] : -1);
    sm_keep_unready(sc, fi);
    if (sm_reconv_step(&sm->rc, s, ri))
        cy->quiet = false;
    sm_ibuffer_edges(sm, s, fi, fetched ? (int)cy->fwarp[s] : -1,
                     cy->fpc[s], cy->fmask[s], emptied);
    sc->fill_valid = fetched;
    sc->fill_warp = fetched ? cy->fwarp[s] : 0;
    if (ri->op == SM_RC_LAUNCH) {
        sm->warp[sm_slot_of(sm, s, ri->warp)].launch_pending = false;
        sm->memo.launches_pending--;
    }
    /* before the exits: a warp that arrives and exits at once has
     * arrived (sm_retire()) */
    if (cy->arrive[s] >= 0) {
        struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s,
                                                  (unsigned)cy->arrive[s])];
        wp->at_barrier = true;
        wp->phase_end = cy->now;
    }
    if (eo->issued && (cy->exited[s] || eo->exits)) {
        /* only an exit empties a warp */
        cy->any_exit = true;
        unsigned g = sm_slot_of(sm, s, ri->warp);
        if (cy->exited[s])
            sm->warp[g].live = 0;
        for (unsigned l = 0; l < c->warp_size; l++)
            if (eo->exits >> l & 1)
                sm->warp[sm_slot_of(sm, s, eo->owner[l])].live
                    &= ~(1ull << l);
        for (unsigned l = 0; l < c->warp_size; l++) {
            unsigned gl = sm_slot_of(sm, s, eo->owner[l]);
            if (sm->warp[gl].resident && sm->warp[gl].live == 0)
                sm_retire(sm, gl);
        }
        if (sm->warp[g].resident && sm->warp[g].live == 0)
            sm_retire(sm, g);
    }
}

/* At the clock edge, the shared steps: the LSU and the memory port, the
 * scoreboard, the SIMD groups, the dispatcher; the cycle's count, the
 * barriers, the grid's end and whether the next cycles may be skipped. */
static void shared_edge(struct sm *sm, struct sm_cycle_state *cy)
{
    uint64_t now = cy->now;
    bool quiet, lsu_work, lsu_busy;    /* the LSU works inside itself;
                                        * its coalescer was busy */

    quiet = cy->quiet && !sm->lsu_taken;
    lsu_work = quiet && sm_memory_next_event(sm) <= now;
    lsu_busy = !lsu_can_accept(&sm->lsu);
    if (sm_lsu_edge(sm, now) || lsu_busy != !lsu_can_accept(&sm->lsu))
        quiet = false;          /* the rest of the SM sees another LSU */
    sm_scoreboard_edge(sm);
    if (cy->simd_issued)       /* else the edge changes nothing */
        simd_group_step(&sm->simd, &cy->gi);
    if (cy->placed || cy->any_exit) {  /* else the edge changes nothing */
        dispatch_step(&sm->disp, &sm->disp_in);
        memset(sm->disp_in.warp_release, 0,
               sizeof sm->disp_in.warp_release);
        sm->disp_in.tb_release = 0;
    }
    sm->st.cycles++;

    if (cy->any_arrival || cy->any_release || cy->any_exit || sm->reference)
        sm_check_barriers(sm);     /* else no warp arrived, left or exited */
    if (sm->status == SM_RUNNING && sm->check_invariants)
        sm_check_invariant(sm);
    sm_check_done(sm);
    sm->memo.quiet = quiet && !lsu_work && sm->status == SM_RUNNING;
    sm->memo.lsu_alone = quiet && lsu_work && sm->status == SM_RUNNING;
    if (sm->memo.quiet || sm->memo.lsu_alone)
        sm->memo.quiet_from = cy->before;
}

enum sm_status sm_cycle(struct sm *sm)
{
    struct sm_cycle_state cycle, *cy = &cycle;
    unsigned S = sm->cfg.schedulers;

    if (sm->status != SM_RUNNING)
        return sm->status;
    cycle_begin(sm, cy);
    for (unsigned s = 0; s < S; s++) {
        launch_choice(sm, cy, s);
        sm_ready_vector(sm, cy, s);
        sm_issue_grant(sm, cy, s);
        sm_execute_granted(sm, cy, s);
        sm_send_issued(sm, cy, s);
        if (!sm_barrier_arrive(sm, cy, s))
            return sm->status;
    }
    if (!sm_wpt_arrivals(sm, cy))
        return sm->status;

    /* The clock edge. */
    cy->any_release = !cy->any_arrival && sm->memo.wpt_idle_release;
    for (unsigned t = 0; cy->any_arrival && t < sm->cfg.max_tbs; t++)
        cy->any_release |= cy->wo->release[t];
    cy->quiet = cy->quiet && !cy->any_release;
    for (unsigned s = 0; s < S; s++)
        scheduler_edge(sm, cy, s);
    sm_wpt_edge(sm, cy);
    shared_edge(sm, cy);
    return sm->status;
}

enum sm_status sm_run(struct sm *sm)
{
    while (sm->status == SM_RUNNING) {
        if (sm->max_cycles && sm->st.cycles >= sm->max_cycles) {
            char live[SM_ERR_LEN - 160];

            sm_report_limit(sm, live, sizeof live);
            sm_fail(sm, "kernel %s: not done after the limit of %llu "
                    "cycles (%llu of %u TBs finished): %s", sm->launch.kernel,
                    (unsigned long long)sm->max_cycles,
                    (unsigned long long)sm->st.tbs_done, sm->launch.grid,
                    live);
            break;
        }
        sm_cycle(sm);
        if (sm_mode_regroups(sm) && sm->status == SM_RUNNING
            && sm->st.cycles >= sm->stuck_check_at)
            sm_report_stuck(sm);
        if (sm->reference)
            continue;           /* every cycle evaluated */
        if (sm->memo.quiet)
            sm_skip_quiet_cycles(sm, &sm->memo.quiet_from, sm->st.cycles - 1);
        else if (sm->memo.lsu_alone) {
            sm_skip_lsu_cycles(sm, &sm->memo.quiet_from, sm->st.cycles - 1);
            sm_check_done(sm);
        }
    }
    return sm->status;
}
