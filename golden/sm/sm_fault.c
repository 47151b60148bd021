/*
 * sm_fault.c -- the SM's reports of a thread at fault: the thread's
 * names and registers, the exit codes, a fault's message, what an access
 * touched; and the check of the SM's invariants (sm_check_invariant()).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sm_stage.h"
#include "rv32_disasm.h"

/* A short description of thread (slot g, lane l) for messages. */
static void thread_name(struct sm *sm, unsigned g, unsigned l,
                        char *buf, size_t len)
{
    const struct warp_slot *w = sm_warp(sm, g);
    snprintf(buf, len, "thread %u of TB %u (warp %u, lane %u)",
             w->wid * sm->cfg.warp_size + l, sm_tb_read(sm, w->tb, 0).ctaid,
             w->wid, l);
}

/* The registers x1..x31 of thread (slot g, lane l), eight a line, as a
 * fault report ends: "  ra=00010010 sp=30000fe0 ...". */
static void thread_regs(const struct sm *sm, unsigned g, unsigned l,
                        char *buf, size_t len)
{
    size_t n = 0;

    buf[0] = '\0';
    for (unsigned r = 1; r < 32 && n < len; r++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s=%08x",
                              r % 8 == 1 ? "\n  " : " ", rv32_reg_name(r),
                              regfile_peek(&sm->rf, l, g, r));
}

/* Thread (slot g, lane l) executed simt.exit at pc with a0 = code != 0:
 * the run goes on, and fails when the grid is done (check_done). */
void sm_note_exit_code(struct sm *sm, unsigned g, unsigned l,
                       uint32_t pc, uint32_t code)
{
    const struct warp_slot *w = sm_warp(sm, g);

    if (sm->bad_exits < SM_EXITS_NAMED)
        sm->exit_named[sm->bad_exits] = (struct sm_exit_code){
            sm_tb_read(sm, w->tb, 0).ctaid, w->wid * sm->cfg.warp_size + l,
            w->wid, l,
            pc, code };
    sm->bad_exits++;
}

/* The form of every run-time error (docs/isa.md, run-time errors): the
 * kernel, the thread (TB, warp, lane), the PC, then what happened; a
 * fault (regs) ends with the thread's registers. */
#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
void sm_fail_thread(struct sm *sm, unsigned g, unsigned l, uint32_t pc,
                    bool regs, const char *fmt, ...)
{
    char who[96], what[SM_ERR_LEN / 2], reg[SM_ERR_LEN / 2] = "";
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    thread_name(sm, g, l, who, sizeof who);
    if (regs)
        thread_regs(sm, g, l, reg, sizeof reg);
    sm_fail(sm, "kernel %s: %s at PC 0x%08x: %s%s", sm->launch.kernel, who,
            pc, what, reg);
}

/* Why a thread's access was refused, and where: the region it missed. */
void sm_access_what(const struct sm *sm, const struct sm_accessor *a,
                    uint32_t sp, char *buf, size_t len)
{
    uint32_t top = sm_memory_stack_top(a->thread);
    uint32_t lo = top - SM_STACK_BYTES;

    switch (a->fault) {
    case SM_FAULT_STACK:
        snprintf(buf, len, "outside its own stack 0x%08x..0x%08x%s", lo, top,
                 sp < lo ? " (sp is below it: a stack overflow)" : "");
        break;
    case SM_FAULT_TEXT:
        snprintf(buf, len, "in the read-only code 0x%08x..0x%08x",
                 sm->mem.code_lo, sm->mem.code_hi);
        break;
    default:
        /* the lowest stack's overflow leaves the stack region itself */
        if (sp < lo && a->fault_addr < lo
            && lo - a->fault_addr <= SM_STACK_BYTES)
            snprintf(buf, len, "outside memory, below its stack "
                     "0x%08x..0x%08x (sp is below it: a stack overflow)",
                     lo, top);
        else
            snprintf(buf, len, "%s", sm_fault_what(a->fault));
        break;
    }
}

/* Name the places of lane l of warp slot g after a wrong count. */
static void invariant_fail(struct sm *sm, unsigned g, unsigned l, bool live)
{
    const struct simt_config *c = &sm->cfg;
    const struct warp_slot *wp = sm_warp(sm, g);
    unsigned count[SM_MAX_LANES];
    char place[SM_MAX_LANES][64];

    sm_reconv_places(&sm->rc, sm_slot_sched(sm, g), sm_slot_local(sm, g),
                     wp->resident && !wp->launch_pending ? wp->live : 0,
                     c->warp_size, count, place);
    if (!live && wp->resident && !wp->launch_pending
        && (wp->lanes >> l & 1)) {
        sm_fail_thread(sm, g, l, sm->thread[g * c->warp_size + l].pc, false,
                       "invariant broken at cycle %llu: the thread exited but "
                       "is still in %s", (unsigned long long)sm->st.cycles,
                       place[l]);
        return;
    }
    if (!live) {
        sm_fail(sm, "kernel %s: warp slot %u lane %u: invariant broken at "
                "cycle %llu: it holds no thread but is in %s",
                sm->launch.kernel, g, l, (unsigned long long)sm->st.cycles,
                place[l]);
        return;
    }
    if (count[l] == 0)
        sm_fail_thread(sm, g, l, sm->thread[g * c->warp_size + l].pc, false,
                       "invariant broken at cycle %llu: the thread is live but "
                       "in no place (lost)%s",
                       (unsigned long long)sm->st.cycles,
                       wp->at_barrier ? " while its warp waits at the barrier"
                                      : "");
    else
        sm_fail_thread(sm, g, l, sm->thread[g * c->warp_size + l].pc, false,
                       "invariant broken at cycle %llu: the thread is in %u "
                       "places (%s)", (unsigned long long)sm->st.cycles,
                       count[l], place[l]);
}

/* The two halves of each I-buffer agree: the fetch unit's valid slots
 * and fetches in flight of each warp are as many as the I-buffer data
 * holds (a PC and a mask each).  0, or -1 with the warp in sm->err. */
static int check_ibuffers(struct sm *sm)
{
    for (unsigned s = 0; s < sm->cfg.schedulers; s++) {
        const struct fetch *f = &sm->sch[s].fetch;
        const struct ibuffer *ib = &sm->sch[s].ib;

        for (unsigned w = 0; w < f->g.warps; w++) {
            unsigned v = fetch_entries(f, w) - f->inflight[w];
            const struct ibuffer_warp *d = &ib->warp[w];

            if (v != d->slots || f->inflight[w] != d->flying) {
                sm_fail(sm, "kernel %s: scheduler %u I-buffer %u: invariant "
                        "broken at cycle %llu: the fetch unit holds %u slots "
                        "and %u fetches in flight, the I-buffer data %u PCs "
                        "and %u in flight", sm->launch.kernel, s, w,
                        (unsigned long long)sm->st.cycles, v, f->inflight[w],
                        d->slots, d->flying);
                return -1;
            }
        }
    }
    return 0;
}

/* The counts come from one pass per scheduler (sm_reconv_counts); only a
 * wrong count is named, by sm_reconv_places. */
int sm_check_invariant(struct sm *sm)
{
    const struct simt_config *c = &sm->cfg;
    unsigned lanes = c->warp_size, W = sm->warps_per_sched;
    uint64_t live[SCHEDULER_MAX_WARPS];
    unsigned *count = sm->inv_count;

    if (check_ibuffers(sm) != 0)
        return -1;
    for (unsigned s = 0; s < c->schedulers; s++) {
        for (unsigned w = 0; w < W; w++) {
            const struct warp_slot *wp = sm_warp(sm, sm_slot_of(sm, s, w));
            live[w] = wp->resident && !wp->launch_pending ? wp->live : 0;
        }
        sm_reconv_counts(&sm->rc, s, W, live, lanes, count);
        for (unsigned w = 0; w < W; w++) {
            unsigned g = sm_slot_of(sm, s, w);
            for (unsigned l = 0; l < lanes; l++) {
                bool is_live = live[w] >> l & 1;
                unsigned n = count[w * lanes + l];
                /* an exited thread (or a lane holding none) is in no
                 * place: it left every structure that held it */
                if ((!is_live && n != 0) || (is_live && n != 1)) {
                    invariant_fail(sm, g, l, is_live);
                    return -1;
                }
            }
        }
    }
    return 0;
}
