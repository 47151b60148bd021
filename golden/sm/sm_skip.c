/*
 * sm_skip.c -- the skipping of quiet cycles: after a cycle in which
 * nothing but time (or the LSU alone) moved, the cycles that repeat it are
 * counted at once.  Not hardware: a speed of the model that changes no
 * simulated cycle (simtref sim --reference evaluates every cycle).
 */
#include <stdio.h>
#include <string.h>

#include "sm_stage.h"
#include "sm_report.h"

/* The first cycle after `now` at which a part of the SM other than the
 * LSU changes by time alone: a register becomes ready or a SIMD group
 * frees (UINT64_MAX: none will).  Under operand_read_cycles = 1 a grant
 * asks the scoreboard about the next cycle: a register due at r changes
 * the grants of cycle r - 1. */
static uint64_t next_timed_change(const struct sm *sm, uint64_t now)
{
    uint64_t wake = simd_group_next_change(&sm->simd, now);
    unsigned ahead = sm->cfg.operand_read_cycles;

    for (unsigned g = 0; g < sm->warp_slots && wake > now + 1; g++)
        if (sm_warp(sm, g)->resident) {
            uint64_t r = scoreboard_next_ready(&sm->sb, g, now + ahead);
            r = r == UINT64_MAX ? r : r - ahead;
            wake = r < wake ? r : wake;
        }
    return wake < now + 1 ? now + 1 : wake;
}

/* How many of n cycles from the SM's count on max_cycles still allows. */
static uint64_t cycles_allowed(const struct sm *sm, uint64_t n)
{
    if (sm->max_cycles && sm->st.cycles + n > sm->max_cycles)
        return sm->max_cycles > sm->st.cycles ? sm->max_cycles - sm->st.cycles
                                              : 0;
    return n;
}

/*
 * After a quiet cycle `now` (nothing dispatched, launched, fetched,
 * issued, marked ready, arrived or released; no request sent to or done
 * by the LSU; no structure changed), the cycles after it are the same
 * cycle again until something that depends on time changes: a register
 * becomes ready, a SIMD group frees, or the LSU completes a request or a
 * miss.  Count those cycles at once (`before`: the counts at the start of
 * the quiet cycle).  Nothing is skipped past max_cycles.
 */
void sm_skip_quiet_cycles(struct sm *sm, const struct sm_stats *before,
                          uint64_t now)
{
    uint64_t wake = sm_memory_next_event(sm), next = now + 1, n;

    wake = wake < next ? next : wake;
    if (wake > next) {
        uint64_t t = next_timed_change(sm, now);
        wake = t < wake ? t : wake;
    }
    if (wake == UINT64_MAX) {   /* nothing will ever change: a deadlock */
        char live[SM_ERR_LEN - 160];

        sm_report_limit(sm, live, sizeof live);
        sm_fail(sm, "kernel %s: cannot finish: no thread can move any more "
                "(cycle %llu, %llu of %u TBs finished): %s",
                sm->launch.kernel, (unsigned long long)now,
                (unsigned long long)sm->st.tbs_done, sm->launch.grid, live);
        return;
    }
    n = cycles_allowed(sm, wake - next);
    if (n == 0)
        return;
    sm_stats_repeat(&sm->st, before, n);
    lsu_skip(&sm->lsu, n);
    dram_skip(&sm->dram, n);
    sm->memo.skipped += n;
}

/*
 * After a cycle `now` that was quiet but for the LSU working inside
 * itself (its coalescer serving a line, replaying after a full MSHR, or
 * the shared banks; no request taken or done, the coalescer as busy as
 * before), the rest of the SM sees the same LSU in the next cycle, and so
 * repeats that cycle; only the LSU moves.  Run the LSU alone, cycle by
 * cycle, and count the rest of the SM at once, until the LSU reports a
 * request done or its coalescer frees (the rest of the SM then sees
 * another LSU) or a register or SIMD group changes by time.
 */
void sm_skip_lsu_cycles(struct sm *sm, const struct sm_stats *before,
                        uint64_t now)
{
    uint64_t wake = next_timed_change(sm, now), t = now + 1, n = 0;
    uint64_t most = cycles_allowed(sm, wake - t);

    while (n < most) {
        bool busy = !lsu_can_accept(&sm->lsu);
        unsigned done = sm_lsu_edge(sm, t);

        sm_scoreboard_edge(sm);
        n++;
        t++;
        if (done || busy != !lsu_can_accept(&sm->lsu))
            break;
    }
    sm_stats_repeat(&sm->st, before, n);
    sm->memo.skipped += n;
}
