/*
 * api_stats.c -- the statistics of a run as JSON: the keys `simtref sim
 * --json` prints, written by the library for the tool and for a host
 * program alike.
 */
#include <inttypes.h>
#include <stdio.h>

#include "api_internal.h"

/* The counts summed over the schedulers. */
static void stall_totals(const struct sm *sm, uint64_t total[SM_STALLS])
{
    for (unsigned r = 0; r < SM_STALLS; r++) {
        total[r] = 0;
        for (unsigned s = 0; s < sm->cfg.schedulers; s++)
            total[r] += sm->st.sched[s].stall[r];
    }
}

/* One JSON object of stall counts, by reason. */
static void json_stalls(FILE *f, const uint64_t stall[SM_STALLS])
{
    fputc('{', f);
    for (unsigned r = 0; r < SM_STALLS; r++)
        fprintf(f, "%s\"%s\": %" PRIu64, r ? ", " : "",
                sm_stall_name((enum sm_stall)r), stall[r]);
    fputc('}', f);
}

void api_timing_json(const struct sm *sm, FILE *f)
{
    const struct sm_stats *st = &sm->st;
    const struct lsu_stats *ls = lsu_stats(&sm->lsu);
    uint64_t total[SM_STALLS];

    stall_totals(sm, total);
    fprintf(f, "  \"thread_ipc\": %.6f,\n"
            "  \"simd_lane_activity\": %.6f,\n"
            "  \"depth_utilization\": %.6f,\n"
            "  \"rtru\": %.6f,\n  \"warp_phases\": %" PRIu64 ",\n"
            "  \"stalls\": ", sm_stats_thread_ipc(st),
            sm_stats_lane_activity(st, sm->cfg.simd_width),
            sm_stats_depth_utilization(st), sm_stats_rtru(st), st->phases);
    json_stalls(f, total);
    fprintf(f, ",\n  \"idle_cycles\": %" PRIu64 ",\n  \"idle_threads\": {",
            st->cycles - st->busy_cycles);
    for (unsigned t = 0; t < SM_THREAD_STATES; t++)
        fprintf(f, "%s\"%s\": %" PRIu64, t ? ", " : "",
                sm_thread_state_name((enum sm_thread_state)t),
                st->idle_threads[t]);
    fprintf(f, "},\n  \"schedulers\": [");
    for (unsigned s = 0; s < sm->cfg.schedulers; s++) {
        const struct sm_sched_stats *ss = &st->sched[s];
        fprintf(f, "%s\n    {\"warp_instructions\": %" PRIu64
                ", \"thread_instructions\": %" PRIu64 ", \"ipc\": %.6f, "
                "\"second_level_occupancy\": %.6f, \"stalls\": ",
                s ? "," : "", ss->warp_insns, ss->thread_insns,
                st->cycles ? (double)ss->warp_insns / (double)st->cycles : 0,
                st->cycles ? (double)ss->second_level / (double)st->cycles
                           : 0);
        json_stalls(f, ss->stall);
        fputc('}', f);
    }
    fprintf(f, "\n  ],\n"
            "  \"rbt_reservation_misses\": %" PRIu64 ",\n"
            "  \"rbt_bypass_threads\": %" PRIu64 ",\n"
            "  \"lookup_bypass_groups\": %" PRIu64 ",\n"
            "  \"waiting_lookup\": {\"warps\": %" PRIu64 ", \"merged\": %"
            PRIu64 ", \"bypassed\": %" PRIu64 "},\n"
            "  \"lsu\": {\"requests\": %" PRIu64 ", \"l1_hits\": %" PRIu64
            ", \"l1_misses\": %" PRIu64 ", \"l1_merges\": %" PRIu64
            ", \"mshr_stalls\": %" PRIu64 ", \"fill_waits\": %" PRIu64
            ", \"lines\": %" PRIu64
            ", \"replays\": %" PRIu64 ", \"store_lines\": %" PRIu64
            ", \"atomic_lines\": %" PRIu64 ", \"shared_accesses\": %" PRIu64
            ", \"bank_conflicts\": %" PRIu64 ", \"dram_requests\": %" PRIu64
            ", \"dram_busy_cycles\": %" PRIu64 "},\n",
            sm->rc.rbt_misses, sm->rc.rbt_bypass, sm->rc.lookup_bypass,
            sm->rc.waiting_in,
            sm->rc.waiting_merged, sm->rc.waiting_bypass, ls->requests,
            ls->l1_hits, ls->l1_misses, ls->l1_merges, ls->mshr_stalls,
            ls->fill_waits, ls->lines, ls->replays, ls->store_lines, ls->atomic_lines,
            ls->shared_accesses, ls->bank_conflicts, ls->dram_requests,
            dram_busy_cycles(&sm->dram));
}

int simtref_stats_json(simtref_sm *sm, FILE *f)
{
    struct simtref_stats s;
    int rc;

    if ((rc = simtref_stats(sm, &s)) != 0)
        return rc;
    if (!f)
        return api_fail(sm->ctx, SIMTREF_EINVAL, "%s: simtref_stats_json: "
                        "no file (NULL)", sm->label);
    fprintf(f, "{\n  \"cycles\": %" PRIu64 ",\n"
            "  \"warp_instructions\": %" PRIu64 ",\n"
            "  \"thread_instructions\": %" PRIu64 ",\n"
            "  \"ipc\": %.6f,\n  \"lane_activity\": %.6f,\n", s.cycles,
            s.warp_instructions, s.thread_instructions, s.ipc,
            s.lane_activity);
    api_timing_json(sm->model, f);
    fprintf(f, "  \"tbs_done\": %" PRIu64 "\n}\n", s.tbs_done);
    return ferror(f) ? api_fail(sm->ctx, SIMTREF_EINVAL, "%s: "
                                "simtref_stats_json: the file refused the "
                                "write", sm->label)
                     : SIMTREF_OK;
}
