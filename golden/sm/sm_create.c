/*
 * sm_create.c -- the SM's creation from a configuration, its launch of a
 * grid (sm_start()), its end, and sm_fail().
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm_stage.h"
#include "sm_report.h"

/* Decode's units are the SIMD groups' operation classes. */
_Static_assert((int)SM_MAX_WARP_SLOTS == (int)WARP_SLOTS_MAX,
               "the SM's warp slots are the warp_slots part's");
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
    if (sm_reconv_init(&sm->rc, cfg, prog, sm->thread, err, errlen) != 0) {
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
            || fetch_init(&sm->sch[s].fetch, cfg, err, errlen) != 0
            || ibuffer_init(&sm->sch[s].ib, cfg, err, errlen) != 0) {
            sm_destroy(sm);
            return -1;
        }
        sm->sch[s].memo.moves_alone
            = scheduler_moves_alone(&sm->sch[s].sched.g);
    }
    if (wpt_init(&sm->wpt, cfg, err, errlen) != 0
        || tb_table_init(&sm->tbt, cfg, err, errlen) != 0
        || warp_slots_init(&sm->ws, cfg, err, errlen) != 0) {
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
    if (mem_wait_init(&sm->mw, cfg, err, errlen) != 0) {
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
    mem_wait_free(&sm->mw);
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
    sm->tbt.reference = sm->reference;
    sm->stuck_check_at = 4096;
    memset(&sm->st, 0, sizeof sm->st);
    tb_table_reset(&sm->tbt);
    tb_table_idle(&sm->tbt_in);
    memset(sm->phase_start, 0, sizeof sm->phase_start);
    warp_slots_reset(&sm->ws);
    warp_slots_idle(&sm->ws_in);
    memset(sm->phase_end, 0, sizeof sm->phase_end);
    for (unsigned s = 0; s < c->schedulers; s++) {
        scheduler_reset(&sm->sch[s].sched);
        sm->sch[s].fetch.reference = sm->reference;
        fetch_reset(&sm->sch[s].fetch);
        ibuffer_reset(&sm->sch[s].ib);
        ibuffer_idle(&sm->sch[s].ib_in);
        sm->sch[s].op_valid = false;
        sm->sch[s].op_warp = 0;
        sm->sch[s].op_why = SM_STALLS;
        sm->sch[s].fill_valid = false;
        sm->sch[s].fill_word = 0;
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
    mem_wait_reset(&sm->mw);
    sm->mw_in.n_send = sm->mw_in.n_done = 0;
    sm->memo.mem_epoch++;
    return 0;
}
