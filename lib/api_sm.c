/*
 * api_sm.c -- libsimtref's SM: opened from a configuration, a kernel
 * loaded into it, a launch checked and run, the exit codes and the
 * statistics read back (simtref/simtref.h).  The model is golden/sm/'s;
 * global memory and its bitmap of written words are the library's, lent
 * to the model while it exists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "cfg.h"
#include "elf.h"

enum { API_PROGRESS_DEFAULT = 1000000 };

static int open_sm(simtref_ctx *ctx, const char *what, bool file,
                   const char *const *sets, size_t nsets, simtref_sm **out)
{
    struct simtref_sm *sm;
    char err[CONFIG_ERR_LEN];
    size_t words;
    int rc;

    if (!ctx)
        return SIMTREF_EINVAL;
    if (!out || !what || (nsets && !sets))
        return api_fail(ctx, SIMTREF_EINVAL, "simtref_sm_open: %s is NULL",
                        !out ? "the SM's place" : !what ? "the configuration"
                        : "the list of overrides");
    *out = NULL;
    if (!(sm = calloc(1, sizeof *sm)))
        return api_fail(ctx, SIMTREF_ENOMEM, "simtref_sm_open: out of host "
                        "memory");
    rc = file ? config_load(what, &sm->cfg, err, sizeof err)
              : config_load_preset(what, &sm->cfg, err, sizeof err);
    if (rc == 0)
        rc = config_set_args(&sm->cfg, sets, nsets, err, sizeof err);
    if (rc != 0) {
        free(sm);
        return api_fail(ctx, SIMTREF_ECONFIG, "%s", err);
    }
    sm->global_bytes = SIMTREF_GLOBAL_BYTES_DEFAULT;
    words = sm->global_bytes / 4;
    sm->global = calloc(sm->global_bytes, 1);
    sm->written = calloc((words + 63) / 64, sizeof *sm->written);
    if (!sm->global || !sm->written) {
        free(sm->global);
        free(sm->written);
        free(sm);
        return api_fail(ctx, SIMTREF_ENOMEM, "simtref_sm_open: out of host "
                        "memory for %u bytes of global memory",
                        SIMTREF_GLOBAL_BYTES_DEFAULT);
    }
    sm->ctx = ctx;
    sm->state = API_OPEN;
    snprintf(sm->label, sizeof sm->label, "SM %u (%.40s)", ++ctx->opened,
             sm->cfg.name);
    sm->next = ctx->sms;
    ctx->sms = sm;
    ctx->err[0] = '\0';
    *out = sm;
    return SIMTREF_OK;
}

int simtref_sm_open_preset(simtref_ctx *ctx, const char *preset,
                           const char *const *sets, size_t nsets,
                           simtref_sm **out)
{
    return open_sm(ctx, preset, false, sets, nsets, out);
}

int simtref_sm_open_file(simtref_ctx *ctx, const char *path,
                         const char *const *sets, size_t nsets,
                         simtref_sm **out)
{
    return open_sm(ctx, path, true, sets, nsets, out);
}

/* Destroy the model, taking global memory back first. */
static void drop_model(struct simtref_sm *sm)
{
    if (sm->model) {
        sm->model->mem.global = NULL;
        sm->model->mem.global_written = NULL;
        sm_destroy(sm->model);
        sm->model = NULL;
    }
}

void simtref_sm_free(simtref_sm *sm)
{
    if (!sm || sm->state == API_FREED)
        return;
    drop_model(sm);
    if (sm->state != API_OPEN)
        program_free(&sm->prog);
    free(sm->global);
    free(sm->written);
    free(sm->buf);
    sm->global = NULL;
    sm->written = NULL;
    sm->buf = NULL;
    sm->n_buf = sm->cap_buf = 0;
    sm->state = API_FREED;
}

const char *simtref_sm_config_name(const simtref_sm *sm)
{
    return sm ? sm->cfg.name : "";
}

unsigned simtref_sm_warp_size(const simtref_sm *sm)
{
    return sm ? sm->cfg.warp_size : 0;
}

uint32_t simtref_sm_global_bytes(const simtref_sm *sm)
{
    return sm && sm->state != API_FREED ? sm->global_bytes : 0;
}

int simtref_load(simtref_sm *sm, const char *elf_path)
{
    struct program prog;
    struct sm *model = NULL;
    char err[SM_ERR_LEN];
    int rc;

    if ((rc = api_usable(sm, "simtref_load")) != 0)
        return rc;
    if (!elf_path)
        return api_fail(sm->ctx, SIMTREF_EINVAL, "%s: simtref_load: no file "
                        "(NULL)", sm->label);
    if (elf_load(elf_path, &prog, err, sizeof err) != 0)
        return api_fail(sm->ctx, SIMTREF_EELF, "%s", err);
    /* ICS-First's actions for the configuration's levels (the loader's
     * are for the most levels the analysis takes). */
    if (sm->cfg.reconvergence == RECONV_ICS_FIRST
        && cfg_analyse(&prog, sm->cfg.ics_priority_levels, err, sizeof err)
           != 0) {
        program_free(&prog);
        return api_fail(sm->ctx, SIMTREF_EELF, "%s", err);
    }
    drop_model(sm);
    if (sm->state != API_OPEN)
        program_free(&sm->prog);
    sm->prog = prog;
    snprintf(sm->kname, sizeof sm->kname, "%s", elf_path);
    sm->state = API_LOADED;
    sm->ran = false;
    if (sm_create(&model, &sm->cfg, &sm->prog, sm->global_bytes, err,
                  sizeof err) != 0) {
        program_free(&sm->prog);
        sm->state = API_OPEN;
        return api_fail(sm->ctx, SIMTREF_ECONFIG, "%s", err);
    }
    /* the model's global memory is the library's */
    free(model->mem.global);
    model->mem.global = sm->global;
    model->mem.global_written = sm->written;
    sm->model = model;
    return SIMTREF_OK;
}

int simtref_launch(simtref_sm *sm, const struct simtref_launch *l)
{
    int rc;

    if ((rc = api_usable(sm, "simtref_launch")) != 0)
        return rc;
    if (!l)
        return api_fail(sm->ctx, SIMTREF_EINVAL, "%s: simtref_launch: no "
                        "launch (NULL)", sm->label);
    if (sm->state == API_OPEN)
        return api_fail(sm->ctx, SIMTREF_ESTATE, "%s: simtref_launch before "
                        "a kernel was loaded (simtref_load)", sm->label);
    if (l->grid < 1 || l->grid > 65535 || l->block < 1 || l->block > 1024)
        return api_fail(sm->ctx, SIMTREF_ELAUNCH, "%s: kernel %s: a launch "
                        "of grid %u x block %u: give 1 .. 65535 TBs of 1 .. "
                        "1024 threads", sm->label, sm->kname, l->grid,
                        l->block);
    if (l->args != 0) {
        uint32_t w;
        /* the argument block's first word must be readable by the host's
         * rules: inside a buffer and written */
        if ((rc = simtref_read(sm, l->args, &w, 4)) != 0) {
            char why[API_ERR_LEN];
            memcpy(why, sm->ctx->err, sizeof why);
            return api_fail(sm->ctx, rc, "kernel %.200s: the argument "
                            "block at 0x%08x: %.1800s", sm->kname, l->args,
                            why);
        }
    }
    memset(&sm->launch, 0, sizeof sm->launch);
    sm->launch.grid = l->grid;
    sm->launch.block = l->block;
    sm->launch.args = l->args;
    sm->launch.shared_bytes = l->shared_bytes;
    sm->launch.kernel = sm->kname;
    sm->model->reference = (sm->options & SIMTREF_OPT_REFERENCE) != 0;
    if (sm_start(sm->model, &sm->launch) != 0) {
        sm->state = API_LOADED;
        return api_fail(sm->ctx, SIMTREF_ELAUNCH, "%s: %s", sm->label,
                        sm->model->err);
    }
    sm->state = API_LAUNCHED;
    sm->ran = false;
    return SIMTREF_OK;
}

int simtref_set_options(simtref_sm *sm, unsigned options)
{
    int rc;

    if ((rc = api_usable(sm, "simtref_set_options")) != 0)
        return rc;
    if (options & ~(unsigned)(SIMTREF_OPT_CHECK_INVARIANTS
                              | SIMTREF_OPT_REFERENCE))
        return api_fail(sm->ctx, SIMTREF_EINVAL, "%s: simtref_set_options: "
                        "unknown option bits 0x%x", sm->label, options);
    sm->options = options;
    return SIMTREF_OK;
}

int simtref_set_trace(simtref_sm *sm, FILE *trace)
{
    int rc;

    if ((rc = api_usable(sm, "simtref_set_trace")) != 0)
        return rc;
    sm->trace = trace;
    return SIMTREF_OK;
}

/* The run ended in an error: was it the threads' exit codes, the grid
 * being done? */
static bool ended_on_exit_codes(const struct sm *m)
{
    return m->bad_exits > 0 && dispatch_all_placed(&m->disp)
           && m->memo.resident_warps == 0 && lsu_idle(&m->lsu);
}

int simtref_run(simtref_sm *sm, uint64_t max_cycles,
                simtref_progress_fn progress, uint64_t every, void *user)
{
    struct sm *m;
    enum sm_status st;
    int rc;

    if ((rc = api_usable(sm, "simtref_run")) != 0)
        return rc;
    if (sm->state != API_LAUNCHED)
        return api_fail(sm->ctx, SIMTREF_ESTATE, "%s: simtref_run %s",
                        sm->label, sm->state == API_OPEN
                        ? "before a kernel was loaded and launched"
                        : sm->ran ? "again: the launch ran (launch it anew)"
                        : "before a launch (simtref_launch)");
    m = sm->model;
    m->check_invariants = (sm->options & SIMTREF_OPT_CHECK_INVARIANTS) != 0;
    m->trace = sm->trace;
    sm->state = API_LOADED;
    sm->ran = true;
    if (!progress) {
        m->max_cycles = max_cycles;
        st = sm_run(m);
    } else {
        if (every == 0)
            every = API_PROGRESS_DEFAULT;
        for (;;) {
            uint64_t stop = m->st.cycles + every;
            bool last = max_cycles && stop >= max_cycles;
            m->max_cycles = last ? max_cycles : stop;
            st = sm_run(m);
            if (st != SM_ERROR || last
                || !strstr(m->err, "not done after the limit of"))
                break;
            /* the chunk's end, not an error: go on */
            m->status = SM_RUNNING;
            m->err[0] = '\0';
            if (progress(user, m->st.cycles) != 0) {
                m->trace = NULL;
                return api_fail(sm->ctx, SIMTREF_ECANCEL, "%s: kernel %s: "
                                "the progress callback stopped the run at "
                                "cycle %llu", sm->label, sm->kname,
                                (unsigned long long)m->st.cycles);
            }
        }
    }
    m->trace = NULL;
    if (st == SM_DONE)
        return SIMTREF_OK;
    if (ended_on_exit_codes(m))
        return api_fail(sm->ctx, SIMTREF_EEXIT, "%s", m->err);
    if (max_cycles && m->st.cycles >= max_cycles
        && strstr(m->err, "not done after the limit"))
        return api_fail(sm->ctx, SIMTREF_ELIMIT, "%s", m->err);
    return api_fail(sm->ctx, SIMTREF_EKERNEL, "%s", m->err);
}

int simtref_exit_codes(simtref_sm *sm, struct simtref_exit *list,
                       unsigned max, unsigned *count)
{
    int rc;

    if ((rc = api_usable(sm, "simtref_exit_codes")) != 0)
        return rc;
    if (!count || (max && !list))
        return api_fail(sm->ctx, SIMTREF_EINVAL, "%s: simtref_exit_codes: "
                        "NULL", sm->label);
    if (!sm->ran)
        return api_fail(sm->ctx, SIMTREF_ESTATE, "%s: simtref_exit_codes "
                        "before a run", sm->label);
    *count = sm->model->bad_exits;
    for (unsigned i = 0; i < max && i < *count && i < SM_EXITS_NAMED; i++) {
        const struct sm_exit_code *e = &sm->model->exit_named[i];
        list[i] = (struct simtref_exit){ e->ctaid, e->tid, e->pc, e->code };
    }
    return SIMTREF_OK;
}

const struct sm *api_sm_model(const struct simtref_sm *sm)
{
    return sm && sm->state != API_FREED ? sm->model : NULL;
}

int simtref_stats(simtref_sm *sm, struct simtref_stats *out)
{
    const struct sm_stats *st;
    int rc;

    if ((rc = api_usable(sm, "simtref_stats")) != 0)
        return rc;
    if (!out)
        return api_fail(sm->ctx, SIMTREF_EINVAL, "%s: simtref_stats: NULL",
                        sm->label);
    if (!sm->ran)
        return api_fail(sm->ctx, SIMTREF_ESTATE, "%s: simtref_stats before "
                        "a run", sm->label);
    st = &sm->model->st;
    memset(out, 0, sizeof *out);
    out->cycles = st->cycles;
    out->warp_instructions = st->warp_insns;
    out->thread_instructions = st->thread_insns;
    out->ipc = sm_stats_ipc(st);
    out->lane_activity = st->warp_insns ? (double)st->thread_insns
        / ((double)st->warp_insns * sm->cfg.warp_size) : 0;
    out->thread_ipc = sm_stats_thread_ipc(st);
    out->simd_lane_activity = sm_stats_lane_activity(st, sm->cfg.simd_width);
    out->depth_utilization = sm_stats_depth_utilization(st);
    out->rtru = sm_stats_rtru(st);
    out->warp_phases = st->phases;
    out->idle_cycles = st->cycles - st->busy_cycles;
    out->tbs_done = st->tbs_done;
    return SIMTREF_OK;
}

int api_set_kernel_name(struct simtref_sm *sm, const char *name)
{
    if (!sm || sm->state == API_FREED || sm->state == API_OPEN)
        return SIMTREF_ESTATE;
    snprintf(sm->kname, sizeof sm->kname, "%s", name);
    return SIMTREF_OK;
}
