/*
 * sm_report.c -- what the SM says of a run that cannot finish
 * (sm_report.h).
 */
#include <stdio.h>
#include <string.h>

#include "sm_report.h"
#include "bits.h"
#include "rv32_disasm.h"

/* What a live thread of a run that cannot finish waits on. */
enum sm_wait { SM_WAIT_RUNNING, SM_WAIT_BARRIER, SM_WAIT_MEMORY,
               SM_WAIT_RECONV, SM_WAIT_INACTIVE, SM_WAIT_LAUNCH };

/* ORDER SM_WAIT */
static const char *const sm_wait_name[] = {
    "running (an endless loop, or spinning on a lock or a flag)",
    "waiting at the TB barrier",
    "waiting on global memory",
    "waiting to re-converge",
    "on a diverged path that is not being run",
    "waiting for its launch",
};

/* One line of the report: threads of one TB at one PC in one state. */
struct sm_wait_group {
    unsigned ctaid;
    uint32_t pc;
    enum sm_wait why;
    char table[24];         /* harp: the table that holds them ("" else) */
    char warps[64];         /* " w1 w2 ..." */
    size_t n;               /* bytes of warps used */
};

enum { SM_WAIT_GROUPS = 32 };

/* Add warp wid of TB ctaid (its threads at pc, waiting on why). */
static void wait_group_add(struct sm_wait_group *g, unsigned *n,
                           unsigned *more, unsigned ctaid, unsigned wid,
                           uint32_t pc, enum sm_wait why, const char *table)
{
    unsigned i;

    for (i = 0; i < *n; i++)
        if (g[i].ctaid == ctaid && g[i].pc == pc && g[i].why == why
            && strcmp(g[i].table, table) == 0)
            break;
    if (i == *n) {
        if (*n == SM_WAIT_GROUPS) {
            (*more)++;
            return;
        }
        memset(&g[i], 0, sizeof g[i]);
        g[i].ctaid = ctaid;
        g[i].pc = pc;
        g[i].why = why;
        snprintf(g[i].table, sizeof g[i].table, "%s", table);
        (*n)++;
    }
    if (g[i].n + 8 < sizeof g[i].warps) {
        size_t k = (size_t)snprintf(g[i].warps + g[i].n,
                                    sizeof g[i].warps - g[i].n, " %u", wid);
        g[i].n += k;
        /* a warp twice in one group (several lanes): once is enough */
        if (g[i].n > k && strstr(g[i].warps, g[i].warps + g[i].n - k)
                          != g[i].warps + g[i].n - k) {
            g[i].n -= k;
            g[i].warps[g[i].n] = '\0';
        }
    } else if (g[i].n + 5 < sizeof g[i].warps
               && strcmp(g[i].warps + g[i].n - 4, " ...") != 0) {
        g[i].n += (size_t)snprintf(g[i].warps + g[i].n,
                                   sizeof g[i].warps - g[i].n, " ...");
    }
}

/* Where the live threads of scheduler s's warps wait: for each warp w,
 * live[w] its live threads (none while it waits to launch), and of
 * them, as the mode's structures hold them, inactive[w], reconv[w] (at a
 * re-convergence point) and bar[w] (at the TB barrier). */
static void waiting_threads(struct sm *sm, unsigned s, uint64_t *live,
                            uint64_t *inactive, uint64_t *reconv,
                            uint64_t *bar)
{
    unsigned W = sm->warps_per_sched;
    uint64_t asked[SCHEDULER_MAX_WARPS / 64] = { 0 };

    for (unsigned w = 0; w < W; w++) {
        const struct warp_slot *wp = sm_warp(sm, sm_slot_of(sm, s, w));
        live[w] = wp->resident && !wp->launch_pending ? wp->live : 0;
        inactive[w] = reconv[w] = bar[w] = 0;
        if (live[w])
            bitset_add(asked, w);
    }
    sm_reconv_waiting(&sm->rc, s, W, asked, live,
                      decode_rpc_flags(&sm->dec), inactive,
                      reconv, bar);
}

/* The cycle limit is reached: for each live warp, the PCs of its threads
 * and what each waits on, grouped by TB, PC and state, into buf. */
void sm_report_limit(struct sm *sm, char *buf, size_t len)
{
    const struct simt_config *c = &sm->cfg;
    unsigned W = sm->warps_per_sched, n = 0, more = 0;
    struct sm_wait_group g[SM_WAIT_GROUPS];
    size_t used = 0;
    unsigned count[SM_MAX_LANES];
    char place[SM_MAX_LANES][64];

    for (unsigned s = 0; s < c->schedulers; s++) {
        uint64_t live[SCHEDULER_MAX_WARPS], inactive[SCHEDULER_MAX_WARPS];
        uint64_t reconv[SCHEDULER_MAX_WARPS], bar[SCHEDULER_MAX_WARPS];

        waiting_threads(sm, s, live, inactive, reconv, bar);
        for (unsigned w = 0; w < W; w++) {
            unsigned gs = sm_slot_of(sm, s, w);
            const struct warp_slot *wp = sm_warp(sm, gs);
            unsigned ctaid = sm_tb_read(sm, wp->tb, 0).ctaid;

            if (!wp->resident)
                continue;
            if (wp->launch_pending) {
                wait_group_add(g, &n, &more, ctaid, wp->wid, sm->prog->entry,
                               SM_WAIT_LAUNCH, "");
                continue;
            }
            /* harp: which table holds each thread */
            if (sm_reconv_regroups(&sm->rc))
                sm_reconv_places(&sm->rc, s, w, live[w], c->warp_size,
                                 count, place);
            for (uint64_t m = live[w]; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                uint64_t b = 1ull << l;
                uint32_t pc = sm->thread[gs * c->warp_size + l].pc;
                enum sm_wait why =
                    wp->at_barrier || (bar[w] & b) ? SM_WAIT_BARRIER
                    : sm_mem_pending(sm)[gs] & b ? SM_WAIT_MEMORY
                    : reconv[w] & b ? SM_WAIT_RECONV
                    : inactive[w] & b ? SM_WAIT_INACTIVE : SM_WAIT_RUNNING;

                char table[24] = "";

                if (sm_reconv_regroups(&sm->rc) && count[l]
                    && (why == SM_WAIT_RUNNING || why == SM_WAIT_MEMORY)) {
                    /* the table's name, without the entry's index */
                    size_t k = strcspn(place[l], "0123456789");
                    while (k && place[l][k - 1] == ' ')
                        k--;
                    if (k > 6 && !strncmp(place[l] + k - 6, " entry", 6))
                        k -= 6;
                    if (k > 5 && !strncmp(place[l] + k - 5, " slot", 5))
                        k -= 5;
                    snprintf(table, sizeof table, "%.*s", (int)k, place[l]);
                }
                /* a thread at the barrier is past it: name the barrier */
                wait_group_add(g, &n, &more, ctaid, wp->wid,
                               why == SM_WAIT_BARRIER ? pc - 4 : pc, why,
                               table);
            }
        }
    }
    buf[0] = '\0';
    for (unsigned i = 0; i < n && used + 160 < len; i++) {
        uint32_t word = 0;
        char text[64] = "";

        if (g[i].pc >= sm->prog->text_lo && g[i].pc + 4 <= sm->prog->text_hi) {
            sm_memory_read(&sm->mem, g[i].pc, &word, 4);
            rv32_disasm(word, g[i].pc, text, sizeof text);
        }
        used += (size_t)snprintf(buf + used, len - used,
                                 "%sTB %u warps%s at PC 0x%08x (%s) %s%s%s",
                                 i ? "; " : "", g[i].ctaid, g[i].warps,
                                 g[i].pc, text, sm_wait_name[g[i].why],
                                 g[i].table[0] ? ", in " : "", g[i].table);
        if (used >= len)
            used = len - 1;
        if (i + 1 < n && used + 160 >= len)
            more++;
    }
    if (more && used + 40 < len)
        snprintf(buf + used, len - used, "; and more not listed");
}

/* harp: when every live thread of the SM waits, some at their TB's
 * barrier and the others in the RBT to re-converge with threads that can
 * never come (they wait at a barrier), and no TB's barrier can release,
 * the run can never finish: a barrier in divergent code that the other
 * side skips.  The RBT's threads are
 * truly held (minpc and ics-first run a thread at a re-convergence PC on;
 * sbr refuses a barrier in divergent code at once).  Checked every 4096
 * cycles: the state lasts forever once reached. */
void sm_report_stuck(struct sm *sm)
{
    const struct simt_config *c = &sm->cfg;
    unsigned W = sm->warps_per_sched;
    uint64_t bar_tb[CONFIG_MAX_TBS] = { 0 }, rc_tb[CONFIG_MAX_TBS] = { 0 };
    bool other[CONFIG_MAX_TBS] = { false };

    sm->stuck_check_at = sm->st.cycles + 4096;
    for (unsigned s = 0; s < c->schedulers; s++) {
        uint64_t live[SCHEDULER_MAX_WARPS], inactive[SCHEDULER_MAX_WARPS];
        uint64_t reconv[SCHEDULER_MAX_WARPS], bar[SCHEDULER_MAX_WARPS];

        waiting_threads(sm, s, live, inactive, reconv, bar);
        for (unsigned w = 0; w < W; w++) {
            const struct warp_slot *wp = sm_warp(sm, sm_slot_of(sm, s, w));
            uint64_t b = wp->at_barrier ? live[w] : bar[w] & live[w];
            uint64_t r = reconv[w] & live[w] & ~b;

            if (!wp->resident)
                continue;
            bar_tb[wp->tb] |= b;
            rc_tb[wp->tb] |= r;
            other[wp->tb] |= wp->launch_pending || (live[w] & ~b & ~r);
        }
    }
    /* Under harp a re-convergence barrier may hold threads of several
     * TBs: the run can go on while any thread anywhere runs (it may be
     * the one an RBT barrier waits for) or any TB's barrier can release
     * (every live thread of the TB at it). */
    for (unsigned t = 0; t < c->max_tbs; t++)
        if (sm_tb_read(sm, t, 0).valid
            && (other[t] || (bar_tb[t] && !rc_tb[t])))
            return;
    for (unsigned t = 0; t < c->max_tbs; t++) {
        char live[SM_ERR_LEN - 200];

        if (!sm_tb_read(sm, t, 0).valid || !bar_tb[t] || !rc_tb[t])
            continue;
        sm_report_limit(sm, live, sizeof live);
        sm_fail(sm, "kernel %s: the barrier of TB %u cannot complete: "
                "threads wait at it while others of their warps wait to "
                "re-converge with them (a barrier that some live threads "
                "skip; cycle %llu): %s", sm->launch.kernel, sm_tb_read(sm, t, 0).ctaid,
                (unsigned long long)sm->st.cycles, live);
        return;
    }
}

