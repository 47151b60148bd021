/*
 * sm.c -- the streaming multiprocessor composed of the structure models
 * (golden/sm.h): TB dispatch, the per-scheduler fetch, scoreboard, issue
 * and execute, the control-flow structures of the mode, the WPT.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm.h"
#include "bits.h"
#include "lane.h"
#include "rv32_disasm.h"
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

/* The memos of struct sm_memo and sm_sched_memo as they are read: the
 * kept answer, or under sm->reference the answer recomputed. */
static bool mode_regroups(const struct sm *sm)
{
    return sm->reference ? sm_reconv_regroups(&sm->rc) : sm->memo.regroups;
}

static bool mode_barrier_by_state(const struct sm *sm)
{
    return sm->reference ? sm_reconv_barrier_by_state(&sm->rc)
                         : sm->memo.barrier_by_state;
}

static unsigned mode_issue_slots(const struct sm *sm)
{
    return sm->reference ? sm_reconv_issue_slots(&sm->rc)
                         : sm->memo.issue_slots;
}

static bool moves_alone(const struct sm *sm, const struct sm_sched *sc)
{
    return sm->reference ? scheduler_moves_alone(&sc->sched.g)
                         : sc->memo.moves_alone;
}

/* The warp slots with resident set, and with launch_pending set. */
static unsigned resident_warps_of(const struct sm *sm)
{
    unsigned n = 0;

    if (!sm->reference)
        return sm->memo.resident_warps;
    for (unsigned g = 0; g < sm->warp_slots; g++)
        n += sm->warp[g].resident;
    return n;
}

static unsigned launches_pending_of(const struct sm *sm)
{
    unsigned n = 0;

    if (!sm->reference)
        return sm->memo.launches_pending;
    for (unsigned g = 0; g < sm->warp_slots; g++)
        n += sm->warp[g].resident && sm->warp[g].launch_pending;
    return n;
}

/* Scheduler s's local warps with resident set: the memo, or under
 * reference the bitset recomputed into set[]. */
static const uint64_t *resident_of(const struct sm *sm, unsigned s,
                                   uint64_t set[])
{
    if (!sm->reference)
        return sm->memo.resident[s];
    memset(set, 0, SCHEDULER_MAX_WARPS / 64 * sizeof set[0]);
    for (unsigned w = 0; w < sm->warps_per_sched; w++)
        if (sm->warp[sm_slot_of(sm, s, w)].resident)
            bitset_add(set, w);
    return set;
}

/* The TBs the dispatcher (golden/dispatch.h) places this cycle take
 * their TB slots and warp slots: their threads start at the entry.
 * Returns how many were placed. */
static unsigned dispatch(struct sm *sm)
{
    const struct simt_config *c = &sm->cfg;
    struct dispatch_out out;

    if (dispatch_all_placed(&sm->disp))
        return 0;               /* the dispatcher has nothing to place */
    dispatch_eval(&sm->disp, &sm->disp_in, &out);
    for (unsigned i = 0; i < out.n_place; i++) {
        const struct dispatch_place *p = &out.place[i];
        unsigned t = p->tb;
        struct sm_tb *tb = &sm->tb[t];
        memset(tb, 0, sizeof *tb);
        tb->valid = true;
        tb->phase_start = sm->st.cycles;
        tb->ctaid = p->ctaid;
        tb->warps = sm->tb_warps;
        tb->live_warps = sm->tb_warps;
        sm_memory_clear_shared(&sm->mem, t);
        for (unsigned k = 0; k < sm->tb_warps; k++) {
            unsigned g = p->warp[k];
            struct sm_warp *w = &sm->warp[g];
            memset(w, 0, sizeof *w);
            w->resident = true;
            w->launch_pending = true;
            sm->memo.resident_warps++;
            sm->memo.launches_pending++;
            bitset_add(sm->memo.resident[sm_slot_sched(sm, g)],
                       sm_slot_local(sm, g));
            w->tb = t;
            w->wid = k;
            for (unsigned l = 0; l < c->warp_size; l++) {
                unsigned tid = k * c->warp_size + l;
                struct rv32_context *th = &sm->thread[g * c->warp_size + l];
                uint32_t x[REGFILE_REGS] = { 0 };

                memset(th, 0, sizeof *th);
                if (tid < sm->launch.block) {
                    w->lanes |= 1ull << l;
                    th->pc = sm->prog->entry;
                    x[2] = sm_memory_stack_top(g * c->warp_size + l);
                    x[10] = sm->launch.args;
                }
                regfile_launch(&sm->rf, l, g, x);
            }
            w->live = w->lanes;
            tb->warp[k] = g;
        }
    }
    return out.n_place;
}

/* A short description of thread (slot g, lane l) for messages. */
static void thread_name(const struct sm *sm, unsigned g, unsigned l,
                        char *buf, size_t len)
{
    const struct sm_warp *w = &sm->warp[g];
    snprintf(buf, len, "thread %u of TB %u (warp %u, lane %u)",
             w->wid * sm->cfg.warp_size + l, sm->tb[w->tb].ctaid, w->wid, l);
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
static void note_exit_code(struct sm *sm, unsigned g, unsigned l,
                           uint32_t pc, uint32_t code)
{
    const struct sm_warp *w = &sm->warp[g];

    if (sm->bad_exits < SM_EXITS_NAMED)
        sm->exit_named[sm->bad_exits] = (struct sm_exit_code){
            sm->tb[w->tb].ctaid, w->wid * sm->cfg.warp_size + l, w->wid, l,
            pc, code };
    sm->bad_exits++;
}

/* The form of every run-time error (docs/isa.md, run-time errors): the
 * kernel, the thread (TB, warp, lane), the PC, then what happened; a
 * fault (regs) ends with the thread's registers. */
#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
static void fail_thread(struct sm *sm, unsigned g, unsigned l, uint32_t pc,
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
static void access_what(const struct sm *sm, const struct sm_accessor *a,
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

/* What the execution of one warp-instruction decided. */
struct exec_outcome {
    bool issued;
    struct sm_rc_in rc;     /* the control-flow update */
    bool barrier;           /* the warp arrives at its TB's barrier */
    uint64_t exits;         /* lanes that executed simt.exit */
    bool control;           /* not a plain fall-through */
    bool stale;             /* not issued: the I-buffer held another PC */
    unsigned owner[SM_MAX_LANES]; /* each lane's warp (local) */
    bool one;               /* ... one warp for every lane that ran */
};

/* The lanes of k whose owner is that of k's lowest lane. */
static uint64_t owner_lanes(const unsigned owner[], uint64_t k)
{
    unsigned o = owner[__builtin_ctzll(k)];
    uint64_t same = 0;

    for (uint64_t j = k; j; j &= j - 1)
        if (owner[__builtin_ctzll(j)] == o)
            same |= j & -j;
    return same;
}

/* The threads warp (s, w) runs if it issues now: the PC of its oldest
 * I-buffer slot, the lanes whose thread runs, and owner[l], the warp
 * (local) whose thread lane l is (w itself unless the mode regroups
 * threads); *one tells whether a single warp owns every lane that runs.
 * False when the slot is stale: the mode selects another PC now, and the
 * slot is dropped without running. */
static bool issue_threads(struct sm *sm, unsigned s, unsigned w,
                          uint32_t *pc, uint64_t *mask, unsigned owner[],
                          bool *one)
{
    const struct simt_config *c = &sm->cfg;
    const struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];
    bool regroups = mode_regroups(sm);
    uint32_t vpc;
    uint64_t vmask, m;

    *pc = wp->slot_pc[0];
    m = wp->slot_mask[0];
    for (unsigned l = 0; !regroups && l < c->warp_size; l++)
        owner[l] = w;           /* under harp the view names each lane's */
    *one = true;
    if (sm_reconv_issue_view(&sm->rc, s, w, wp->live, &vpc, &vmask,
                             owner, one)) {
        if (vpc != *pc)
            return false;
        m = vmask;
    }
    /* the lanes whose thread has exited do not run: owner by owner */
    if (!regroups)
        m &= wp->live;
    else if (*one && m)
        m &= sm->warp[sm_slot_of(sm, s, owner[__builtin_ctzll(m)])].live;
    else
        for (uint64_t k = m, same; k; k &= ~same) {
            unsigned o = owner[__builtin_ctzll(k)];
            same = owner_lanes(owner, k);
            m &= ~same | sm->warp[sm_slot_of(sm, s, o)].live;
        }
    *mask = m;
    return true;
}

/* The decoded instruction at pc (valid 0 outside the text). */
static struct decode_out use_at(const struct sm *sm, uint32_t pc)
{
    struct decode_in in = { .pc = pc };
    struct decode_out u;

    decode_eval(&sm->dec, &in, &u);
    return u;
}

/* The warp slot of each lane's thread, from the owners (local warps). */
static void owner_slots(const struct sm *sm, unsigned s,
                        const unsigned owner[], unsigned slot[])
{
    unsigned S = sm->cfg.schedulers, L = sm->cfg.warp_size;

    for (unsigned l = 0; l < L; l++)
        slot[l] = owner[l] * S + s;     /* sm_slot_of(), with S read once */
}

/* What keeps warp (s, w)'s oldest instruction from issuing at cycle now
 * (SM_HAZARD_NONE: nothing).  data: an operand (RAW) or the destination
 * (WAW) of one of its threads is not ready, or a load of the same warp
 * slot to the same register is in flight (the LSU reports done by slot
 * and register); structural: its unit is busy (the SIMD groups of the
 * scheduler, group_ok, or the LSU).  A stale slot and a PC outside the
 * text are let through: the first is dropped, the second is an error
 * that execute() names. */
static enum sm_hazard issue_hazard(struct sm *sm, unsigned s,
                                   unsigned w, uint64_t now, bool group_ok)
{
    unsigned owner[SM_MAX_LANES];
    uint32_t pc;
    uint64_t mask;
    struct decode_out u;
    bool one;
    struct scoreboard_in si;    /* its check port (eval reads no other) */
    struct scoreboard_out so;
    unsigned slot[SM_MAX_LANES];

    if (!issue_threads(sm, s, w, &pc, &mask, owner, &one))
        return SM_HAZARD_NONE;
    u = use_at(sm, pc);
    if (!u.valid)
        return SM_HAZARD_NONE;
    si.now = now;
    si.check.t.mask = mask;
    si.check.rs1 = u.rs1;
    si.check.rs2 = u.rs2;
    si.check.rd = u.rd;
    if (mask && one) {
        /* one warp slot holds every thread (always, but under harp) */
        si.check.t.slot = sm_slot_of(sm, s, owner[__builtin_ctzll(mask)]);
        si.check.t.slots = NULL;
    } else {
        owner_slots(sm, s, owner, slot);
        si.check.t.slot = 0;
        si.check.t.slots = slot;
    }
    scoreboard_eval(&sm->sb, &si, &so);
    if (!so.clear)
        return SM_HAZARD_DATA;
    if (u.mem) {
        if (u.rd && sm->mem_wait[sm_slot_of(sm, s, w) * 32 + u.rd].mask)
            return SM_HAZARD_DATA;
        if (sm->lsu_taken || !lsu_can_accept(&sm->lsu))
            return SM_HAZARD_STRUCTURAL;
    } else if (!group_ok) {
        return SM_HAZARD_STRUCTURAL;
    }
    return SM_HAZARD_NONE;
}

/* The stall of a warp that may issue, from its I-buffer and its hazard:
 * an empty I-buffer refilling after a jump is a control stall, else a
 * fetch stall; SM_STALLS when nothing holds it. */
static enum sm_stall ready_stall(bool buffered, bool refill,
                                 enum sm_hazard hz)
{
    return !buffered ? (refill ? SM_STALL_CONTROL : SM_STALL_FETCH)
           : hz == SM_HAZARD_DATA ? SM_STALL_DATA
           : hz == SM_HAZARD_STRUCTURAL ? SM_STALL_STRUCTURAL
           : SM_STALLS;
}

/* The access size of a memory instruction. */
static unsigned access_bytes(enum rv32_op op)
{
    switch (op) {
    case RV32_LB: case RV32_LBU: case RV32_SB:
        return 1;
    case RV32_LH: case RV32_LHU: case RV32_SH:
        return 2;
    default:
        return 4;
    }
}

/* The LSU request of an issued memory instruction (its kind, size,
 * lanes, addresses and space; warp and rd are the caller's). */
static void lsu_request_of(const struct sm *sm,
                           const struct sm_issue_record *rec,
                           const unsigned slot[], struct lsu_request *r)
{
    enum rv32_op op = rec->insn.op;
    bool shared = true;

    memset(r, 0, sizeof *r);
    r->kind = op >= RV32_LB && op <= RV32_LHU ? LSU_LOAD
              : op >= RV32_SB && op <= RV32_SW ? LSU_STORE
              : op == RV32_LR_W ? LSU_LOAD : LSU_ATOMIC;
    r->bytes = access_bytes(op);
    for (unsigned l = 0; l < sm->cfg.warp_size; l++) {
        if (!(rec->mask >> l & 1) || !rec->res[l].mem)
            continue;
        if (!r->mask)
            r->tb = sm->warp[slot[l]].tb;
        r->mask |= 1ull << l;
        /* the memory pipeline sees each warp slot's stacks
         * interleaved by word */
        r->addr[l] = sm_memory_physical(rec->res[l].mem_addr,
                                        sm->mem.threads, sm->cfg.warp_size);
        shared &= r->addr[l] >= SM_SHARED_BASE
                  && r->addr[l] < SM_SHARED_BASE + SM_SHARED_BYTES;
    }
    /* a warp whose lanes all address the TB's shared window uses the
     * banks; any other (a mix included) goes through the L1 */
    r->space = shared && r->mask ? LSU_SHARED : LSU_GLOBAL;
}

/* The issued instruction is a load or atomic of global memory whose
 * result a register waits for, and under harp it sends the warp to the
 * Waiting-Lookup (waiting_lookup_loads: every such one, one that misses
 * the L1, or none). */
static bool waits_on_global(const struct sm *sm, unsigned s,
                            const struct exec_outcome *o,
                            const struct sm_issue_record *rec)
{
    struct decode_out u = use_at(sm, rec->pc);
    unsigned slot[SM_MAX_LANES];
    struct lsu_request r;

    if (!u.valid || !u.mem || !u.rd || !rec->mask)
        return false;
    owner_slots(sm, s, o->owner, slot);
    lsu_request_of(sm, rec, slot, &r);
    if (r.kind == LSU_STORE || r.space != LSU_GLOBAL || !r.mask)
        return false;
    switch (sm->cfg.waiting_lookup_loads) {
    case WLOADS_EVERY:
        return true;
    case WLOADS_MISS:           /* the tag probe at issue; atomics always */
        return r.kind == LSU_ATOMIC || !lsu_lines_held(&sm->lsu, &r);
    case WLOADS_NONE:
        break;
    }
    return false;
}

/* The scoreboard's reservation port for an issue of scheduler s: rd of
 * the threads of `mask` (owners local to s; one: all in the lowest
 * lane's) is readable from `at`, written at the clock edge. */
static void reserve_rd(struct sm *sm, unsigned s, bool one,
                       const unsigned owner[], uint64_t mask, unsigned rd,
                       uint64_t at)
{
    struct scoreboard_reserve *r = &sm->sb_in.reserve[sm->sb_in.n_reserve++];

    r->mask = mask;
    r->rd = (uint8_t)rd;
    r->at = at;
    r->regrouped = !(one && mask);
    if (r->regrouped)
        owner_slots(sm, s, owner, r->slots);
    else
        r->slot = sm_slot_of(sm, s, owner[__builtin_ctzll(mask)]);
}

/* Its release port: the load or atomic of mw is back (rd readable from
 * the next cycle). */
static void release_rd(struct sm *sm, const struct sm_mem_wait *mw,
                       unsigned rd)
{
    struct scoreboard_release *r = &sm->sb_in.release[sm->sb_in.n_release++];

    r->slots = mw->slot;
    r->mask = mw->mask;
    r->rd = (uint8_t)rd;
}

/* The scoreboard's clock edge: this cycle's reservations and releases. */
static void scoreboard_edge(struct sm *sm)
{
    if (sm->sb_in.n_reserve || sm->sb_in.n_release)
        scoreboard_step(&sm->sb, &sm->sb_in);
    sm->sb_in.n_reserve = sm->sb_in.n_release = 0;
}

/* The issued memory instruction goes to the LSU; a load or atomic holds
 * its destination in the scoreboard until the LSU reports it done. */
static void send_to_lsu(struct sm *sm, unsigned s, unsigned w,
                        const struct sm_issue_record *rec,
                        const unsigned owner[], const struct decode_out *u)
{
    struct lsu_request r;
    unsigned slot[SM_MAX_LANES];

    owner_slots(sm, s, owner, slot);
    lsu_request_of(sm, rec, slot, &r);
    r.warp = sm_slot_of(sm, s, w);
    r.rd = r.kind == LSU_STORE ? 0 : u->rd;
    if (r.rd) {
        struct sm_mem_wait *mw = &sm->mem_wait[r.warp * 32 + r.rd];
        mw->mask = rec->mask;
        mw->global = r.space == LSU_GLOBAL && r.mask;
        sm->memo.mem_epoch += mw->global;
        for (unsigned l = 0; l < sm->cfg.warp_size; l++) {
            mw->slot[l] = (uint16_t)slot[l];
            if (mw->global && (rec->mask >> l & 1)) {
                sm->mem_count[slot[l] * sm->cfg.warp_size + l]++;
                sm->mem_lanes[slot[l]] |= 1ull << l;
            }
        }
        reserve_rd(sm, s, false, owner, rec->mask, r.rd, SCOREBOARD_PENDING);
    }
    sm->lsu_req = r;            /* the LSU takes it at this cycle's edge */
    sm->lsu_taken = true;
}

/* Not hardware: the first cycle at which the LSU or the memory port
 * behind it does more than count the cycle (lsu_next_event(),
 * dram_next_event()), for the skipping of quiet cycles. */
static uint64_t memory_next_event(const struct sm *sm)
{
    uint64_t l = lsu_next_event(&sm->lsu), d = dram_next_event(&sm->dram);

    return l < d ? l : d;
}

/* One clock of the LSU: the registers of the requests done are ready
 * from the next cycle (the scoreboard's release ports, written by the
 * caller's scoreboard_step()).  Returns how many requests were done. */
static unsigned lsu_edge(struct sm *sm, uint64_t now)
{
    struct dram_out mem;        /* DRAM's responses: the LSU's memory port */
    struct lsu_in in = { sm->lsu_taken ? &sm->lsu_req : NULL, &mem };
    struct lsu_out out;
    const struct lsu_done *done = out.done;
    unsigned n;

    dram_eval(&sm->dram, NULL, &mem);
    lsu_cycle(&sm->lsu, &in, &out);
    dram_step(&sm->dram, &out.mem);
    n = out.n_done;

    sm->sb_in.now = now;

    for (unsigned i = 0; i < n; i++) {
        struct sm_mem_wait *mw;

        if (done[i].rd == 0)
            continue;
        mw = &sm->mem_wait[done[i].warp * 32 + done[i].rd];
        sm->memo.mem_epoch += mw->global;
        for (uint64_t m = mw->global ? mw->mask : 0; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            if (--sm->mem_count[mw->slot[l] * sm->cfg.warp_size + l] == 0)
                sm->mem_lanes[mw->slot[l]] &= ~(1ull << l);
        }
        release_rd(sm, mw, done[i].rd);
        mw->mask = 0;
    }
    return n;
}

/* Whether the lanes of mask hold every live thread of the warps that own
 * them (owner[l], local to scheduler s). */
static bool whole_warps(const struct sm *sm, unsigned s, uint64_t mask,
                        const unsigned owner[])
{
    for (uint64_t k = mask, same; k; k &= ~same) {
        unsigned o = owner[__builtin_ctzll(k)];
        same = owner_lanes(owner, k);
        if (sm->warp[sm_slot_of(sm, s, o)].live & ~same)
            return false;
    }
    return true;
}

/* Under sbr, the lanes of mask that execute an indirect jump (jalr x0 that
 * is not a return: a switch's jump table, a computed goto) this time.
 * The SBR stack splits a warp two ways; when the lanes jump to three or
 * more targets the branch unit serializes them as a compiler's loop over
 * the targets would: the lanes of the lowest lane's target jump, and the
 * others stay at the jump (the branch's other side, PC = pc) to execute
 * it again once the first group has re-converged.  The targets are known
 * before execution (rs1 + imm, rs1[l] lane l's value from the register
 * file), so no lane executes twice.  Every other case: mask itself. */
static uint64_t sbr_jump_lanes(const struct sm *sm, const uint32_t rs1[],
                               const struct rv32_insn *in, uint64_t mask)
{
    const struct simt_config *c = &sm->cfg;
    uint32_t t0 = 0, t1 = 0;
    uint64_t first = 0;
    unsigned targets = 0;

    if (c->reconvergence != RECONV_SBR || in->op != RV32_JALR || in->rd != 0
        || (in->rs1 == 1 && in->imm == 0))
        return mask;
    for (uint64_t k = mask; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k);
        uint32_t t = (rs1[l] + (uint32_t)in->imm) & ~1u;

        if (targets == 0) {
            t0 = t;
            targets = 1;
        } else if (targets == 1 && t != t0) {
            t1 = t;
            targets = 2;
        } else if (targets == 2 && t != t0 && t != t1) {
            targets = 3;        /* three or more */
        }
        if (t == t0)
            first |= 1ull << l;
    }
    return targets > 2 ? first : mask;
}

/* The wires of one warp-instruction's execution, from the issue through
 * the register file's read ports and the lanes to its write port. */
struct exec_wires {
    uint32_t pc;               /* the warp's PC */
    uint64_t mask;             /* the warp's active lanes */
    uint64_t exec;             /* those that execute (sbr_jump_lanes()) */
    uint32_t word;             /* the instruction word at pc */
    struct rv32_insn insn;     /* ... decoded */
    struct regfile_in rf_in;   /* the register file's ports: the reads
                                * and the lanes' write-backs */
    struct regfile_out rf_out; /* the operands read */
    bool first;                /* no lane has gone yet */
    bool two;                  /* the lanes go two ways ... */
    uint32_t ta, tb;           /* ... to ta (the first lane's) and tb */
    bool failed;               /* a lane failed: the SM has failed */
};

/* The issue of slot 0 of warp (s, w): the threads it runs, its record,
 * the instruction at its PC.  False when no lane is to execute (the slot
 * is stale, the PC is outside the text, or no lane is active). */
static bool exec_issue(struct sm *sm, unsigned s, unsigned w,
                       struct exec_outcome *o, struct sm_issue_record *rec,
                       struct exec_wires *x)
{
    const struct simt_config *c = &sm->cfg;
    unsigned g = sm_slot_of(sm, s, w);
    struct sm_warp *wp = &sm->warp[g];

    /* owner[] and one are written by issue_threads() */
    memset(&o->rc, 0, sizeof o->rc);
    o->issued = o->barrier = o->control = o->stale = false;
    o->exits = 0;
    /* the lanes beyond warp_size are never written: they stay zero */
    memset(rec, 0, offsetof(struct sm_issue_record, res)
                   + c->warp_size * sizeof rec->res[0]);
    if (!issue_threads(sm, s, w, &x->pc, &x->mask, o->owner, &o->one)) {
        /* the I-buffer is stale: the structure selects another PC now;
         * the slot is dropped and refetched */
        o->control = true;
        o->stale = true;
        return false;
    }
    o->issued = true;
    o->rc.op = SM_RC_EXEC;
    o->rc.warp = w;
    o->rc.pc = x->pc;
    o->rc.mask = x->mask;
    o->rc.npc = x->pc + 4;
    rec->sched = s;
    rec->warp = g;
    rec->ctaid = sm->tb[mode_regroups(sm)
                        ? sm->warp[sm_slot_of(sm, s, sm_reconv_slot_owner(
                              &sm->rc, s, w))].tb
                        : wp->tb].ctaid;
    rec->pc = x->pc;
    rec->mask = x->mask;
    rec->lanes = c->warp_size;
    if (x->pc < sm->prog->text_lo || x->pc >= sm->prog->text_hi
        || (x->pc & 3)) {
        sm_fail(sm, "kernel %s: warp %u of TB %u at PC 0x%08x: a fetch "
                "outside the text 0x%08x..0x%08x", sm->launch.kernel,
                wp->wid, sm->tb[wp->tb].ctaid, x->pc, sm->prog->text_lo,
                sm->prog->text_hi);
        return false;
    }
    sm_memory_read(&sm->mem, x->pc, &x->word, 4);
    x->insn = rv32_decode(x->word);
    rec->insn = x->insn;
    return x->mask != 0;
}

/* The operand read: the register file's read ports give every active
 * lane its operands, each of its own thread (under harp at its thread's
 * slot: the per-lane offsets); the lanes that execute. */
static void exec_operands(struct sm *sm, unsigned s, unsigned w,
                          const struct exec_outcome *o,
                          struct sm_issue_record *rec, struct exec_wires *x)
{
    const struct simt_config *c = &sm->cfg;

    x->rf_in.read = x->mask;
    x->rf_in.slot = sm_slot_of(sm, s, w);
    x->rf_in.write = 0;
    memset(x->rf_in.rs1, x->insn.rs1, c->warp_size);
    memset(x->rf_in.rs2, x->insn.rs2, c->warp_size);
    for (uint64_t k = mode_regroups(sm) ? x->mask : 0; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k);
        x->rf_in.offset[l] = (uint16_t)sm_slot_of(sm, s, o->owner[l]);
    }
    regfile_eval(&sm->rf, &x->rf_in, &x->rf_out);
    x->exec = sbr_jump_lanes(sm, x->rf_out.rs1, &x->insn, x->mask);
    rec->mask = x->exec;
}

/* What lane l (of warp slot gl) does after its result r: the PC its
 * thread goes to; a barrier, an exit or a priority change noted for the
 * control-flow stage; a fault reported (x->failed). */
static uint32_t exec_lane_next(struct sm *sm, unsigned gl, unsigned l,
                               const struct rv32_result *r,
                               const struct sm_accessor *acc,
                               struct exec_outcome *o, struct exec_wires *x)
{
    uint32_t pc = x->pc, next = 0;

    switch (r->status) {
    case RV32_OK:
        next = r->next_pc;
        break;
    case RV32_BARRIER:
        o->barrier = true;
        o->rc.bar = true;
        next = pc + 4;
        break;
    case RV32_EXIT:
        if (pc != sm->prog->exit_pc && regfile_peek(&sm->rf, l, gl, 10))
            note_exit_code(sm, gl, l, pc, regfile_peek(&sm->rf, l, gl, 10));
        o->exits |= 1ull << l;
        o->rc.exit = true;
        next = sm->prog->exit_pc;
        break;
    case RV32_PRIO:
        /* ORDER ICS_ACTION: 1 raise, 2 lower, 3 set-outmost */
        o->rc.prio = x->insn.op == RV32_SIMT_PRIO_RAISE ? 1
                     : x->insn.op == RV32_SIMT_PRIO_LOWER ? 2 : 3;
        next = pc + 4;
        break;
    case RV32_ERR_ILLEGAL: {
        char text[96];

        rv32_disasm(x->word, pc, text, sizeof text);
        fail_thread(sm, gl, l, pc, true, "illegal instruction 0x%08x "
                    "(%s)", x->word, text);
        x->failed = true;
        break;
    }
    case RV32_ERR_MISALIGNED:
        fail_thread(sm, gl, l, pc, true, "misaligned access to 0x%08x "
                    "(%s)", r->mem_addr, rv32_op_name(x->insn.op));
        x->failed = true;
        break;
    case RV32_ERR_ACCESS: {
        char what[160];

        access_what(sm, acc, regfile_peek(&sm->rf, l, gl, 2), what,
                    sizeof what);
        fail_thread(sm, gl, l, pc, true, "%s to 0x%08x %s (%s)",
                    acc->fault == SM_FAULT_TEXT ? "write" : "access",
                    acc->fault ? acc->fault_addr : r->mem_addr, what,
                    rv32_op_name(x->insn.op));
        x->failed = true;
        break;
    }
    default:
        fail_thread(sm, gl, l, pc, true, "%s: no environment to call",
                    rv32_op_name(x->insn.op));
        x->failed = true;
        break;
    }
    return next;
}

/* The branch unit's view of lane l going to next: the first target, the
 * second, or (under sbr) a third that fails the SM (x->failed). */
static void exec_lane_target(struct sm *sm, const struct sm_warp *wp,
                             unsigned l, uint32_t next,
                             struct exec_outcome *o, struct exec_wires *x)
{
    if (x->first) {
        x->ta = next;
        x->first = false;
        o->rc.taken |= 1ull << l;
    } else if (next == x->ta) {
        o->rc.taken |= 1ull << l;
    } else if (!x->two || next == x->tb) {
        x->two = true;
        x->tb = next;
    } else if (sm->cfg.reconvergence != RECONV_SBR) {
        /* a third target: only the SBR stack splits two ways */
    } else {
        sm_fail(sm, "kernel %s: the lanes of warp %u of TB %u jump to "
                "more than two targets from PC 0x%08x (0x%08x, 0x%08x, "
                "0x%08x): the SBR stack splits a warp only two ways "
                "(reconvergence = sbr; docs/isa.md, \"Switches and "
                "indirect jumps\")", sm->launch.kernel, wp->wid,
                sm->tb[wp->tb].ctaid, x->pc, x->ta, x->tb, next);
        x->failed = true;
    }
}

/* The lanes: each executing lane's datapath computes on its operands
 * (golden/lane.h; rv32_lane_access() performs its memory request), its
 * result goes to the register file's write port, its next PC to the
 * branch unit.  Stops at the first lane that fails. */
static void exec_lanes(struct sm *sm, unsigned s, unsigned w,
                       struct exec_outcome *o, struct sm_issue_record *rec,
                       struct exec_wires *x)
{
    const struct simt_config *c = &sm->cfg;
    const struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];
    struct sm_accessor acc;
    struct rv32_env env;
    struct lane_in lin;
    struct lane_out lo;

    memset(&acc, 0, sizeof acc);
    acc.m = &sm->mem;
    sm_memory_env(&acc, &env);
    lin.insn = &x->insn;
    lin.pc = x->pc;
    lin.csr[1] = sm->launch.block;
    lin.csr[3] = sm->launch.grid;
    lin.csr_present = (1u << LANE_CSRS) - 1;
    for (unsigned l = 0; l < c->warp_size; l++) {
        unsigned gl = sm_slot_of(sm, s, o->owner[l]);
        const struct sm_warp *lw = &sm->warp[gl];
        struct rv32_context *th = &sm->thread[gl * c->warp_size + l];
        struct rv32_result *r = &rec->res[l];
        uint32_t next;

        if (!(x->exec >> l & 1))
            continue;
        acc.tb = lw->tb;
        acc.thread = gl * c->warp_size + l;
        acc.fault = SM_FAULT_NONE;
        lin.rs1 = x->rf_out.rs1[l];
        lin.rs2 = x->rf_out.rs2[l];
        lin.csr[0] = lw->wid * c->warp_size + l;
        lin.csr[2] = sm->tb[lw->tb].ctaid;
        lin.csr[4] = lw->wid;
        lin.csr[5] = l;
        lin.mem_rdata = 0;
        th->pc = x->pc;
        lane_eval(&sm->lane, &lin, &lo);
        if (lo.mem)
            rv32_lane_access(&lin, &lo, &th->resv, &env, r);
        else
            lane_record(&lo, r);
        if (r->rd_written) {
            x->rf_in.write |= 1ull << l;
            x->rf_in.wslot[l] = (uint16_t)gl;
            x->rf_in.rd[l] = x->insn.rd;
            x->rf_in.wdata[l] = r->rd_value;
        }
        next = exec_lane_next(sm, gl, l, r, &acc, o, x);
        if (x->failed)
            break;
        th->pc = next;
        exec_lane_target(sm, wp, l, next, o, x);
        if (x->failed)
            break;
    }
}

/* The control flow: the control-flow stage's update from the lanes'
 * targets (an advance, or a split two ways), the partial return from the
 * kernel that is an exit. */
static void exec_control(struct sm *sm, unsigned s, struct exec_outcome *o,
                         struct exec_wires *x)
{
    uint32_t pc = x->pc;

    if (!x->two && !o->exits && x->ta == sm->prog->exit_pc
        && x->insn.op == RV32_JALR && x->insn.rd == 0
        && !whole_warps(sm, s, x->mask, o->owner)) {
        /* some threads of a warp return from the kernel to the start
         * code's simt.exit: a return from the kernel is the thread's exit,
         * here, and no structure waits for them to re-converge (a whole
         * warp goes on to that simt.exit, or under sbr empties its stack
         * by the return) */
        o->exits = x->mask;
        o->rc.exit = true;
    }
    if (x->exec != x->mask) {
        /* the lanes left at the jump are the branch's other side */
        x->two = true;
        x->tb = pc;
    }
    if (x->two) {
        o->rc.split = true;
        o->rc.tpc = x->ta;
        o->rc.npc = x->tb;
    } else {
        /* every lane the same way: an advance to that PC */
        o->rc.npc = x->ta;
        o->rc.taken = 0;
    }
    o->control = x->two || x->ta != pc + 4 || o->exits;
}

/* Execute slot 0 of warp (s, w) on its active lanes.  Lane l's thread
 * belongs to the scheduler's warp o->owner[l] (w itself unless the mode
 * regroups threads).  The register file's read ports give each lane its
 * operands (under harp at its own thread's slot: the per-lane offsets),
 * the lane datapath computes (golden/lane.h; rv32_lane_access() performs
 * its memory request), and the write port takes the results at the
 * cycle's edge. */
static void execute(struct sm *sm, unsigned s, unsigned w,
                    struct exec_outcome *o, struct sm_issue_record *rec)
{
    struct exec_wires x;

    x.word = 0;
    x.first = true;
    x.two = x.failed = false;
    x.ta = x.tb = 0;
    if (!exec_issue(sm, s, w, o, rec, &x))
        return;
    exec_operands(sm, s, w, o, rec, &x);
    exec_lanes(sm, s, w, o, rec, &x);
    /* the clock edge: the results of the lanes that ran */
    regfile_step(&sm->rf, &x.rf_in);
    if (x.failed)
        return;
    exec_control(sm, s, o, &x);
}

/* The lowest warp holding a valid instruction not yet ready, neither
 * being flushed nor emptied for not being valid (warp_valid). */
static bool scoreboard_pick(const struct sm *sm, const struct sm_sched *sc,
                            const struct fetch_in *fi, unsigned *warp)
{
    unsigned W = sc->fetch.g.warps, w;
    uint64_t set[FETCH_MAX_WARPS / 64];
    const uint64_t *unready = sc->memo.unready;

    if (sm->reference) {        /* the memo recomputed: every warp asked */
        memset(set, 0, sizeof set);
        for (w = 0; w < W; w++)
            if (fetch_unready(&sc->fetch, w))
                bitset_add(set, w);
        unready = set;
    }
    w = bitset_next(unready, W, 0);
    while (w < W && ((fi->flush_valid && w == fi->flush_warp)
                     || !(fi->warp_valid[w / 64] >> w % 64 & 1)))
        w = bitset_next(unready, W, w + 1);
    *warp = w;
    return w < W;
}

/* After the fetch model's edge: the unready bits of the warps its events
 * named (only their slots changed). */
static void keep_unready(struct sm_sched *sc, const struct fetch_in *fi)
{
    const bool valid[4] = { fi->fill_valid, fi->issue_valid, fi->rdy_valid,
                            fi->flush_valid };
    const unsigned warp[4] = { fi->fill_warp, fi->issue_warp, fi->rdy_warp,
                               fi->flush_warp };

    for (unsigned k = 0; k < 4; k++) {
        if (!valid[k] || warp[k] >= sc->fetch.g.warps)
            continue;
        if (fetch_unready(&sc->fetch, warp[k]))
            bitset_add(sc->memo.unready, warp[k]);
        else
            bitset_remove(sc->memo.unready, warp[k]);
    }
}

/* The edge of one warp's I-buffer data, as the fetch model's bits move. */
static void ibuffer_edge(struct sm_warp *wp, const struct fetch_in *fi,
                         unsigned w, bool fetch_here, uint32_t fpc,
                         uint64_t fmask)
{
    if (fi->flush_valid && fi->flush_warp == w) {
        wp->slots = 0;
        wp->flying = 0;
        wp->have_next = false;
        wp->refill = true;
        return;
    }
    if (fi->issue_valid && fi->issue_warp == w && wp->slots > 0) {
        memmove(wp->slot_pc, wp->slot_pc + 1, (wp->slots - 1) * sizeof wp->slot_pc[0]);
        memmove(wp->slot_mask, wp->slot_mask + 1,
                (wp->slots - 1) * sizeof wp->slot_mask[0]);
        wp->slots--;
    }
    if (fi->fill_valid && fi->fill_warp == w && wp->flying > 0) {
        wp->refill = false;
        wp->slot_pc[wp->slots] = wp->fly_pc[0];
        wp->slot_mask[wp->slots] = wp->fly_mask[0];
        wp->slots++;
        memmove(wp->fly_pc, wp->fly_pc + 1, (wp->flying - 1) * sizeof wp->fly_pc[0]);
        memmove(wp->fly_mask, wp->fly_mask + 1,
                (wp->flying - 1) * sizeof wp->fly_mask[0]);
        wp->flying--;
    }
    if (fetch_here && wp->flying < FETCH_MAX_SLOTS) {
        wp->fly_pc[wp->flying] = fpc;
        wp->fly_mask[wp->flying] = fmask;
        wp->flying++;
        wp->have_next = true;
        wp->next_pc = fpc + 4;
        wp->next_mask = fmask;
    }
}

/* The edges of scheduler s's I-buffer data: those of the warps its fetch
 * model's inputs name, and of the warp fetched for (fetch_warp, or -1),
 * then the warps the fetch model empties for not being valid (emptied:
 * fetch_emptied() before its edge), as a flush; the other warps' data
 * does not change. */
static void ibuffer_edges(struct sm *sm, unsigned s, const struct fetch_in *fi,
                          int fetch_warp, uint32_t fpc, uint64_t fmask,
                          const uint64_t emptied[])
{
    unsigned named[4], n = 0;
    struct sm_sched *sc = &sm->sch[s];

    if (fi->flush_valid)
        named[n++] = fi->flush_warp;
    if (fi->issue_valid)
        named[n++] = fi->issue_warp;
    if (fi->fill_valid)
        named[n++] = fi->fill_warp;
    if (fetch_warp >= 0)
        named[n++] = (unsigned)fetch_warp;
    for (unsigned k = 0; k < n; k++) {
        unsigned w = named[k], j = 0;

        while (j < k && named[j] != w)
            j++;
        if (j == k && w < sm->warps_per_sched)   /* each warp once */
            ibuffer_edge(&sm->warp[sm_slot_of(sm, s, w)], fi, w,
                         fetch_warp == (int)w, fpc, fmask);
    }
    for (unsigned k = 0; k < (sc->fetch.g.warps + 63) / 64; k++)
        for (uint64_t m = emptied[k]; m; m &= m - 1) {
            unsigned w = k * 64 + (unsigned)__builtin_ctzll(m);
            struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];

            wp->slots = 0;
            wp->flying = 0;
            wp->have_next = false;
            wp->refill = true;
            bitset_remove(sc->memo.unready, w);
        }
}

/* The warp-phase of TB slot t ends (RTRU, BAWS eq. 1): each of its warps
 * took the cycles from the phase's start to its arrival or exit; a warp
 * that exited in an earlier phase, or whose slot another TB took since,
 * is not counted. */
static void end_phase(struct sm *sm, unsigned t)
{
    struct sm_tb *tb = &sm->tb[t];
    uint64_t took[SM_MAX_TB_WARPS];
    unsigned n = 0;

    for (unsigned k = 0; k < tb->warps; k++) {
        const struct sm_warp *wp = &sm->warp[tb->warp[k]];
        if (wp->tb != t || wp->wid != k || !wp->lanes
            || wp->phase_end < tb->phase_start)
            continue;
        took[n++] = wp->phase_end + 1 - tb->phase_start;
    }
    sm_stats_phase(&sm->st, took, n);
}

/* Retire a warp whose threads have all exited. */
static void retire(struct sm *sm, unsigned g)
{
    struct sm_warp *wp = &sm->warp[g];
    struct sm_tb *tb = &sm->tb[wp->tb];

    /* a warp that arrived at the barrier in progress (under sbr, the
     * simt.bar whose advance to the exit PC empties its stack) has been
     * counted there: it is owed no arrival */
    if (wp->at_barrier)
        tb->gone_arrived++;
    wp->resident = false;
    bitset_add(sm->disp_in.warp_release, g);
    sm->memo.resident_warps--;  /* launched: it issued its exit */
    bitset_remove(sm->memo.resident[sm_slot_sched(sm, g)],
                  sm_slot_local(sm, g));
    wp->live = 0;
    wp->phase_end = sm->st.cycles;
    if (--tb->live_warps == 0) {
        end_phase(sm, wp->tb);
        tb->valid = false;
        sm->disp_in.tb_release |= 1ull << wp->tb;
        sm->st.tbs_done++;
    }
}

/* Why scheduler s issued nothing when none of its warps shows a reason:
 * the threads of its launch warps are held by the control-flow
 * structures (harp's tables) or wait at the barrier, or its warps exited
 * while their TB runs; idle when it has no thread at all. */
static enum sm_stall idle_reason(const struct sm *sm, unsigned s)
{
    unsigned W = sm->warps_per_sched;
    enum sm_stall r = SM_STALL_IDLE;
    uint64_t set[SCHEDULER_MAX_WARPS / 64];
    const uint64_t *resident = resident_of(sm, s, set);

    /* a resident warp's reason comes before exit (ORDER SM_STALL) */
    for (unsigned w = bitset_next(resident, W, 0); w < W;
         w = bitset_next(resident, W, w + 1)) {
        unsigned g = sm_slot_of(sm, s, w);
        enum sm_stall k = sm->warp[g].at_barrier ? SM_STALL_BARRIER
                          : sm->mem_lanes[g] ? SM_STALL_DATA
                          : SM_STALL_CONTROL;
        r = k < r ? k : r;
    }
    for (unsigned w = 0; r == SM_STALL_IDLE && w < W; w++) {
        unsigned g = sm_slot_of(sm, s, w);
        const struct sm_warp *wp = &sm->warp[g];

        if (wp->lanes && sm->tb[wp->tb].valid
            && sm->tb[wp->tb].warp[wp->wid] == g)
            r = SM_STALL_EXIT;
    }
    return r;
}

/* An idle cycle (HARP Fig. 5 and 14): count each live thread by its
 * state (enum sm_thread_state).  data[s][w]: scheduler s's warp w waits
 * on an operand. */
static void count_idle_threads(struct sm *sm,
                               bool data[][SCHEDULER_MAX_WARPS])
{
    const struct simt_config *c = &sm->cfg;
    unsigned issue_slots = mode_issue_slots(sm);
    uint64_t dep[SM_MAX_WARP_SLOTS];

    memcpy(dep, sm->mem_lanes, sm->warp_slots * sizeof dep[0]);
    for (unsigned s = 0; s < c->schedulers; s++)
        for (unsigned w = 0; w < issue_slots; w++) {
            unsigned owner[SM_MAX_LANES];
            uint32_t pc;
            uint64_t mask;
            bool one;

            if (!data[s][w]
                || !issue_threads(sm, s, w, &pc, &mask, owner, &one))
                continue;
            for (uint64_t m = mask; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                dep[sm_slot_of(sm, s, owner[l])] |= 1ull << l;
            }
        }
    for (unsigned s = 0; s < c->schedulers; s++) {
        uint64_t live[SCHEDULER_MAX_WARPS], inactive[SCHEDULER_MAX_WARPS];
        uint64_t reconv[SCHEDULER_MAX_WARPS], bar[SCHEDULER_MAX_WARPS];
        uint64_t asked[SCHEDULER_MAX_WARPS / 64] = { 0 };
        uint64_t *n = sm->st.idle_threads;
        unsigned W = sm->warps_per_sched;
        uint64_t set[SCHEDULER_MAX_WARPS / 64];
        const uint64_t *resident = resident_of(sm, s, set);

        /* word by word over the resident warps (bits.h): every idle cycle */
        for (unsigned k = 0; k * 64 < W; k++)
            for (uint64_t m = resident[k]; m; m &= m - 1) {
                unsigned w = k * 64 + (unsigned)__builtin_ctzll(m);
                const struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];
                live[w] = wp->launch_pending ? 0 : wp->live;
                if (live[w])
                    bitset_add(asked, w);
            }
        sm_reconv_waiting(&sm->rc, s, W, asked, live,
                      decode_rpc_flags(&sm->dec), inactive,
                          reconv, bar);
        for (unsigned k = 0; k * 64 < W; k++)
            for (uint64_t m = asked[k]; m; m &= m - 1) {
                unsigned w = k * 64 + (unsigned)__builtin_ctzll(m);
                unsigned g = sm_slot_of(sm, s, w);
                uint64_t b, d, r, i;

                b = sm->warp[g].at_barrier ? live[w] : bar[w];
                d = dep[g] & live[w] & ~b;
                r = reconv[w] & ~b & ~d;
                i = inactive[w] & ~b & ~d & ~r;
                n[SM_THREAD_BARRIER] += popcount64(b);
                n[SM_THREAD_DEPENDENCY] += popcount64(d);
                n[SM_THREAD_RECONVERGING] += popcount64(r);
                n[SM_THREAD_INACTIVE] += popcount64(i);
                n[SM_THREAD_OTHER]
                    += popcount64(live[w] & ~(b | d | r | i));
            }
    }
}

/* Under a mode that keeps threads at the barrier on their own: the
 * lowest resident warp of scheduler s whose live threads all wait there
 * and that has not arrived yet, or -1.  Word by word (bits.h): it is
 * asked every cycle. */
static int barrier_arrival(const struct sm *sm, unsigned s)
{
    uint64_t set[SCHEDULER_MAX_WARPS / 64];
    const uint64_t *resident = resident_of(sm, s, set);

    for (unsigned k = 0; k * 64 < sm->warps_per_sched; k++)
        for (uint64_t m = resident[k]; m; m &= m - 1) {
            unsigned w = k * 64 + (unsigned)__builtin_ctzll(m);
            const struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];

            if (!wp->launch_pending && !wp->at_barrier && wp->live
                && sm_reconv_all_barrier(&sm->rc, s, w, wp->live))
                return (int)w;
        }
    return -1;
}

/* Where warp k of TB slot t is, for check_barriers(). */
enum tb_warp_place { TB_WARP_GONE, TB_WARP_WAITING, TB_WARP_RUNNING };

static enum tb_warp_place tb_warp_place(const struct sm *sm, unsigned t,
                                        unsigned k)
{
    const struct sm_warp *wp = &sm->warp[sm->tb[t].warp[k]];

    if (!wp->resident || wp->tb != t || wp->wid != k)
        return TB_WARP_GONE;
    return wp->at_barrier ? TB_WARP_WAITING : TB_WARP_RUNNING;
}

/* " k1 k2 ..." of TB slot t's warps at place p, cut to len bytes. */
static void tb_warp_list(const struct sm *sm, unsigned t,
                         enum tb_warp_place p, char *buf, size_t len)
{
    size_t n = 0;

    buf[0] = '\0';
    for (unsigned k = 0; k < sm->tb[t].warps && n + 8 < len; k++)
        if (tb_warp_place(sm, t, k) == p)
            n += (size_t)snprintf(buf + n, len - n, " %u", k);
}

/* The exited warps of each TB whose barrier is in progress (a warp of it
 * waits, or arrives in this cycle) and that have not yet arrived at it:
 * they arrive through the arrival ports no warp uses in this cycle
 * (sent[t] of them for TB slot t).  True when one does. */
static bool exited_arrivals(const struct sm *sm, struct wpt_in *wi,
                            unsigned sent[])
{
    unsigned S = sm->cfg.schedulers, p = 0;
    bool any = false;

    for (unsigned t = 0; t < sm->cfg.max_tbs; t++) {
        const struct sm_tb *tb = &sm->tb[t];
        bool busy = sm->wpt.cnt[t] != 0;
        unsigned owed;

        sent[t] = 0;
        if (!tb->valid)
            continue;
        owed = tb->warps - tb->live_warps - tb->gone_arrived;
        for (unsigned q = 0; !busy && owed && q < S; q++)
            busy = wi->arr_valid[q] && wi->arr_tb[q] == t;
        for (; busy && owed && p < S; p++)
            if (!wi->arr_valid[p]) {
                wi->arr_valid[p] = true;
                wi->arr_tb[p] = t;
                sent[t]++;
                owed--;
                any = true;
            }
    }
    return any;
}

/* TB slot t's barrier releases: its live threads must all wait at the
 * same simt.bar (each thread's PC is the one after it).  Threads waiting
 * at different barriers (a barrier that some of them skipped) stop the
 * run, naming the TB, the warps, their lanes and the barriers' PCs. */
static void check_release(struct sm *sm, unsigned t)
{
    const struct simt_config *c = &sm->cfg;
    const struct sm_tb *tb = &sm->tb[t];
    uint32_t first = 0;
    bool differ = false, have = false;
    char buf[512];
    size_t n = 0;

    for (unsigned k = 0; k < tb->warps; k++) {
        unsigned g = tb->warp[k];
        const struct sm_warp *wp = &sm->warp[g];

        if (!wp->resident || wp->tb != t || wp->wid != k)
            continue;
        for (uint64_t m = wp->live; m; m &= m - 1) {
            uint32_t pc = sm->thread[g * c->warp_size
                                     + (unsigned)__builtin_ctzll(m)].pc;
            differ |= have && pc != first;
            first = have ? first : pc;
            have = true;
        }
    }
    if (!differ)
        return;
    buf[0] = '\0';
    for (unsigned k = 0; k < tb->warps && n + 64 < sizeof buf; k++) {
        unsigned g = tb->warp[k];
        const struct sm_warp *wp = &sm->warp[g];

        if (!wp->resident || wp->tb != t || wp->wid != k)
            continue;
        for (uint64_t m = wp->live; m; ) {
            uint32_t pc = sm->thread[g * c->warp_size
                                     + (unsigned)__builtin_ctzll(m)].pc;
            uint64_t at = 0;
            for (uint64_t j = m; j; j &= j - 1)
                if (sm->thread[g * c->warp_size
                               + (unsigned)__builtin_ctzll(j)].pc == pc)
                    at |= j & -j;
            m &= ~at;
            n += (size_t)snprintf(buf + n, sizeof buf - n,
                                  "%swarp %u lanes 0x%llx at PC 0x%08x",
                                  n ? ", " : "", k, (unsigned long long)at,
                                  pc - 4);
        }
    }
    sm_fail(sm, "kernel %s: the barrier of TB %u cannot complete: its live "
            "threads wait at different barriers (%s); a barrier that some "
            "live threads skip never completes (cycle %llu)",
            sm->launch.kernel, tb->ctaid, buf,
            (unsigned long long)sm->st.cycles);
}

/* A barrier that can no longer complete: every live warp of the TB waits
 * at it, yet fewer than all the TB's warps arrived, and no exited warp is
 * left to arrive (a fault of the model: exited warps arrive, above). */
static void check_barriers(struct sm *sm)
{
    for (unsigned t = 0; t < sm->cfg.max_tbs; t++) {
        const struct sm_tb *tb = &sm->tb[t];
        bool stuck = true, any = false;
        char waiting[256], exited[256];

        if (!tb->valid || sm->wpt.cnt[t] == 0
            || tb->gone_arrived < tb->warps - tb->live_warps)
            continue;
        for (unsigned k = 0; k < tb->warps && stuck; k++) {
            enum tb_warp_place p = tb_warp_place(sm, t, k);
            any |= p == TB_WARP_WAITING;
            stuck = p != TB_WARP_RUNNING;
        }
        if (!stuck || !any)
            continue;
        tb_warp_list(sm, t, TB_WARP_WAITING, waiting, sizeof waiting);
        tb_warp_list(sm, t, TB_WARP_GONE, exited, sizeof exited);
        sm_fail(sm, "kernel %s: the barrier of TB %u cannot complete: "
                "warps%s wait at it, warps%s exited (cycle %llu)",
                sm->launch.kernel, tb->ctaid, waiting, exited,
                (unsigned long long)sm->st.cycles);
    }
}

/* The grid is done: every TB placed and finished, the LSU empty. */
static void check_done(struct sm *sm)
{
    if (sm->status != SM_RUNNING || !dispatch_all_placed(&sm->disp))
        return;
    /* a TB is valid while one of its warps is resident */
    if (resident_warps_of(sm) != 0 || !lsu_idle(&sm->lsu))
        return;
    if (sm->bad_exits == 0) {
        sm->status = SM_DONE;
        return;
    }
    /* the grid ran, but threads said they failed: name them */
    char list[SM_ERR_LEN - 128];
    size_t n = 0;
    list[0] = '\0';
    for (unsigned i = 0; i < sm->bad_exits && i < SM_EXITS_NAMED
                         && n < sizeof list; i++) {
        const struct sm_exit_code *e = &sm->exit_named[i];
        n += (size_t)snprintf(list + n, sizeof list - n, "\n  thread %u of "
                              "TB %u (warp %u, lane %u) at PC 0x%08x: exit "
                              "code %u (0x%x)", e->tid, e->ctaid, e->wid,
                              e->lane, e->pc, e->code, e->code);
    }
    sm_fail(sm, "kernel %s: %u thread%s exited with a non-zero code%s%s",
            sm->launch.kernel, sm->bad_exits, sm->bad_exits == 1 ? "" : "s",
            sm->bad_exits > SM_EXITS_NAMED ? " (the first named)" : "",
            list);
}

/* The first cycle after `now` at which a part of the SM other than the
 * LSU changes by time alone: a register becomes ready or a SIMD group
 * frees (UINT64_MAX: none will). */
static uint64_t next_timed_change(const struct sm *sm, uint64_t now)
{
    uint64_t wake = simd_group_next_change(&sm->simd, now);

    for (unsigned g = 0; g < sm->warp_slots && wake > now + 1; g++)
        if (sm->warp[g].resident) {
            uint64_t r = scoreboard_next_ready(&sm->sb, g, now);
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
static void skip_quiet_cycles(struct sm *sm, const struct sm_stats *before,
                              uint64_t now)
{
    uint64_t wake = memory_next_event(sm), next = now + 1, n;

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
static void skip_lsu_cycles(struct sm *sm, const struct sm_stats *before,
                            uint64_t now)
{
    uint64_t wake = next_timed_change(sm, now), t = now + 1, n = 0;
    uint64_t most = cycles_allowed(sm, wake - t);

    while (n < most) {
        bool busy = !lsu_can_accept(&sm->lsu);
        unsigned done = lsu_edge(sm, t);

        scoreboard_edge(sm);
        n++;
        t++;
        if (done || busy != !lsu_can_accept(&sm->lsu))
            break;
    }
    sm_stats_repeat(&sm->st, before, n);
    sm->memo.skipped += n;
}

/*
 * The cycle's wires: what one stage of sm_cycle() hands to a later one
 * (the outputs of the parts' evaluations, the decisions of each
 * scheduler), kept for the clock edge.  Each stage sets the fields it
 * owns before a later one reads them.
 */
struct sm_cycle_state {
    uint64_t now;                      /* the cycle */
    unsigned issue_slots;              /* mode_issue_slots() */
    bool regroups;                     /* harp's slots (mode_regroups()) */
    unsigned launches_pending;         /* launches_pending_of() at the start */
    unsigned placed;                   /* TBs the dispatcher placed */
    struct sm_stats before;            /* the counts at the cycle's start */
    bool quiet;                        /* nothing happens in this cycle */
    struct wpt_in wi;                  /* the WPT's inputs: the arrivals */
    struct wpt_out wo_arr;             /* the WPT's outputs with arrivals */
    const struct wpt_out *wo;          /* the WPT's outputs */
    bool any_arrival;                  /* a warp arrives at a barrier */
    bool any_release;                  /* the WPT releases a TB */
    bool any_exit;                     /* a thread exited */
    unsigned gone_sent[CONFIG_MAX_TBS];  /* exited warps of each TB that
                                        * arrive at its barrier now */
    struct simd_group_in gi;           /* the SIMD groups' inputs */
    struct simd_group_out go;          /* the SIMD groups' outputs */
    bool simd_issued;                  /* an issue port is valid */
    /* per scheduler s: */
    struct scheduler_in si[CONFIG_MAX_SCHEDULERS];  /* its inputs */
    struct scheduler_out so[CONFIG_MAX_SCHEDULERS]; /* its grant */
    struct fetch_in fi[CONFIG_MAX_SCHEDULERS];  /* its fetch unit's inputs */
    struct sm_rc_in ri[CONFIG_MAX_SCHEDULERS];  /* its control-flow
                                        * stage's inputs */
    struct exec_outcome eo[CONFIG_MAX_SCHEDULERS];  /* what it executed */
    int launch[CONFIG_MAX_SCHEDULERS]; /* the warp it launches, or -1 */
    bool yielded[CONFIG_MAX_SCHEDULERS];  /* sbr: the warp at simt.bar
                                        * yielded */
    bool fetched[CONFIG_MAX_SCHEDULERS];  /* its fetch unit fetched ... */
    uint32_t fpc[CONFIG_MAX_SCHEDULERS];  /* ... at this PC ... */
    uint64_t fmask[CONFIG_MAX_SCHEDULERS];  /* ... with this mask ... */
    unsigned fwarp[CONFIG_MAX_SCHEDULERS];  /* ... for this warp */
    bool exited[CONFIG_MAX_SCHEDULERS];   /* its issued warp exited */
    int arrive[CONFIG_MAX_SCHEDULERS];    /* the warp that arrives at its
                                        * barrier, or -1 */
    bool release[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS];  /* the
                                        * warps the WPT releases */
    bool group_ok[CONFIG_MAX_SCHEDULERS];  /* a SIMD group takes an issue */
    enum sm_stall why[CONFIG_MAX_SCHEDULERS];  /* the stall, if no issue */
    bool data_hz[CONFIG_MAX_SCHEDULERS][SCHEDULER_MAX_WARPS];  /* a warp
                                        * waits on a register */
    bool any_ready[CONFIG_MAX_SCHEDULERS];  /* a warp of it is ready */
};

/* The cycle's start: dispatch places TBs, the SIMD groups and the WPT
 * give their outputs without this cycle's issues and arrivals. */
static void cycle_begin(struct sm *sm, struct sm_cycle_state *cy)
{
    const struct simt_config *c = &sm->cfg;

    cy->now = sm->st.cycles;
    cy->issue_slots = mode_issue_slots(sm);
    cy->regroups = mode_regroups(sm);
    cy->any_arrival = cy->any_release = cy->any_exit = false;
    cy->simd_issued = false;
    cy->before = sm->st;
    sm->lsu_taken = false;
    cy->placed = dispatch(sm);
    cy->launches_pending = launches_pending_of(sm);
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

/* Scheduler s's ready vector: each warp's hazards and stall, the warps
 * its fetch unit may fetch for, the long waits TLS reads. */
static void ready_vector(struct sm *sm, struct sm_cycle_state *cy,
                         unsigned s)
{
    unsigned W = sm->warps_per_sched;
    struct sm_sched *sc = &sm->sch[s];
    struct scheduler_in *si = &cy->si[s];
    struct fetch_in *fi = &cy->fi[s];
    int launch = cy->launch[s];
    uint64_t now = cy->now;
    uint64_t issuable[SCHEDULER_MAX_WARPS / 64];  /* slots (harp) */
    unsigned n_issuable = cy->regroups ? cy->issue_slots : 0;
    uint64_t resident_set[SCHEDULER_MAX_WARPS / 64];  /* resident_of() */
    const uint64_t *resident;

    cy->group_ok[s] = cy->go.accept[s];
    cy->why[s] = launch >= 0 ? SM_STALL_CONTROL : SM_STALLS;
    /* a warp not looked at below is no warp (not ready, a long wait
     * for TLS, no stall) or a harp slot beyond First-Level (the same:
     * it cannot issue) */
    memset(si->long_wait, true, W * sizeof si->long_wait[0]);
    cy->any_ready[s] = false;
    memset(cy->data_hz[s], false, W * sizeof cy->data_hz[s][0]);
    /* the warps the fetch unit may fetch for: under harp the
     * First-Level slots holding a warp, else (below) the resident,
     * launched warps with a live thread */
    if (cy->regroups) {
        sm_reconv_issuable(&sm->rc, s, issuable);
        sm_reconv_fetchable(&sm->rc, s, fi->warp_valid);
    }
    for (unsigned w = bitset_next(issuable, n_issuable, 0);
         w < n_issuable; w = bitset_next(issuable, n_issuable, w + 1)) {
        /* the scheduler's warps are the mode's slots */
        const struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];
        enum sm_hazard hz = SM_HAZARD_NONE;
        bool buffered = fetch_ready(&sc->fetch, w);
        enum sm_stall wy;

        if (buffered)
            hz = issue_hazard(sm, s, w, now, cy->group_ok[s]);
        cy->data_hz[s][w] = hz == SM_HAZARD_DATA;
        si->ready[w] = launch < 0 && buffered && hz == SM_HAZARD_NONE;
        cy->any_ready[s] |= si->ready[w];
        if (si->ready[w])     /* the only warps whose TB it reads */
            si->warp_tb[w] = sm->warp[sm_slot_of(sm, s,
                sm_reconv_slot_owner(&sm->rc, s, w))].tb;
        si->long_wait[w] = false;
        /* an empty slot is no warp: the tables' threads are seen
         * below, by their launch warps */
        wy = ready_stall(buffered, wp->refill, hz);
        cy->why[s] = wy < cy->why[s] ? wy : cy->why[s];
    }
    resident = resident_of(sm, s, resident_set);
    for (unsigned w = bitset_next(resident, W, 0);
         !cy->regroups && w < W; w = bitset_next(resident, W, w + 1)) {
        const struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];
        enum sm_hazard hz = SM_HAZARD_NONE;
        bool buffered = fetch_ready(&sc->fetch, w);
        bool base = !wp->launch_pending && !wp->at_barrier
                    && sm_reconv_can_issue(&sm->rc, s, w, wp->live);
        enum sm_stall wy;

        if (!wp->launch_pending && wp->live)
            bitset_add(fi->warp_valid, w);

        if (base && buffered)
            hz = issue_hazard(sm, s, w, now, cy->group_ok[s]);
        cy->data_hz[s][w] = hz == SM_HAZARD_DATA;
        si->ready[w] = launch < 0 && base && buffered
                       && hz == SM_HAZARD_NONE;
        cy->any_ready[s] |= si->ready[w];
        si->warp_tb[w] = wp->tb;
        /* TLS: the long waits are a slot without a warp (above), a
         * warp at its barrier and a warp waiting on global memory:
         * they leave the active group */
        si->long_wait[w] = wp->at_barrier
                           || lsu_pending(&sm->lsu, sm_slot_of(sm, s, w));
        wy = wp->launch_pending ? SM_STALL_CONTROL
             : wp->at_barrier ? SM_STALL_BARRIER
             : !base ? SM_STALL_CONTROL
             : ready_stall(buffered, wp->refill, hz);
        cy->why[s] = wy < cy->why[s] ? wy : cy->why[s];
    }
}

/* Scheduler s's issue grant: the policy picks among the ready warps. */
static void issue_grant(struct sm *sm, struct sm_cycle_state *cy,
                        unsigned s)
{
    const struct simt_config *c = &sm->cfg;
    struct sm_sched *sc = &sm->sch[s];
    struct scheduler_out *so = &cy->so[s];

    /* with no warp ready the scheduler grants none, and only a policy
     * that moves alone (TLS, SAWS) changes on the edge: the TBs'
     * ranks and waits are read by the evaluation and that step, of a
     * policy that ranks TBs */
    if (cy->any_ready[s] || moves_alone(sm, sc) || sm->reference) {
        for (unsigned t = 0; scheduler_ranks_tbs(&sc->sched.g)
                             && t < c->max_tbs; t++) {
            cy->si[s].tb_rank[t] = cy->wo->rank[t];
            cy->si[s].tb_wait[t] = sm->wpt.cnt[t] != 0;
        }
        scheduler_eval(&sc->sched, &cy->si[s], so);
    } else {
        so->grant_valid = so->err = false;
        so->grant_warp = 0;
    }
    if (so->err)
        sm_fail(sm, "kernel %s: scheduler %u: input contract violated "
                "(cycle %llu)", sm->launch.kernel, s,
                (unsigned long long)sm->st.cycles);
}

/* Scheduler s's execution: the launch or the granted warp's instruction
 * on the lanes, the control-flow stage's evaluation, the fetch unit's
 * choice and the PC and mask it fetches at. */
static void execute_granted(struct sm *sm, struct sm_cycle_state *cy,
                            unsigned s)
{
    struct sm_sched *sc = &sm->sch[s];
    struct sm_issue_record *rec = &sm->rec;
    const struct scheduler_out *so = &cy->so[s];
    struct fetch_in *fi = &cy->fi[s];
    struct sm_rc_in *ri = &cy->ri[s];
    struct exec_outcome *eo = &cy->eo[s];
    int launch = cy->launch[s];
    struct fetch_out fo;
    struct sm_rc_out ro;

    if (launch >= 0) {
        struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, (unsigned)launch)];
        ri->op = SM_RC_LAUNCH;
        ri->warp = (unsigned)launch;
        ri->pc = sm->prog->entry;
        ri->mask = wp->lanes;
        fi->flush_valid = true;
        fi->flush_warp = (unsigned)launch;
    } else if (so->grant_valid) {
        execute(sm, s, so->grant_warp, eo, rec);
        for (unsigned w = 0; sm->trace && w < cy->issue_slots; w++)
            rec->ready[w / 64] |= (uint64_t)cy->si[s].ready[w] << w % 64;
        *ri = eo->rc;
        ri->rd_warp = 0;
        ri->mem_wait = eo->issued && sm->status != SM_ERROR
                       && waits_on_global(sm, s, eo, rec);
        ri->live = sm->warp[sm_slot_of(sm, s, so->grant_warp)].live
                   & ~eo->exits;
        fi->issue_valid = true;
        fi->issue_warp = so->grant_warp;
    }
    ri->rd_warp = 0;
    ri->mem_pending = sm->mem_lanes;
    /* under reference harp keeps nothing from mem_pending */
    ri->mem_epoch = sm->reference ? ++sm->memo.mem_epoch
                                  : sm->memo.mem_epoch;
    sm_reconv_eval(&sm->rc, s, ri, &ro);
    if (ro.err)
        sm_fail(sm, "kernel %s: %s (cycle %llu)", sm->launch.kernel,
                ro.why, (unsigned long long)sm->st.cycles);
    cy->yielded[s] = ro.yielded;
    if ((eo->issued || eo->stale)
        && (eo->control || ro.pop || ro.yielded)) {
        fi->flush_valid = true;
        fi->flush_warp = so->grant_warp;
    }
    cy->exited[s] = ro.exited;
    fi->fill_valid = sc->fill_valid
                     && sc->fetch.inflight[sc->fill_warp] > 0;
    fi->fill_warp = sc->fill_warp;
    fi->rdy_valid = scoreboard_pick(sm, sc, fi, &fi->rdy_warp);
    fi->next_valid = so->grant_valid;
    fi->next_warp = so->grant_warp;
    fetch_eval_ports(&sc->fetch, fi, &fo);
    if (fo.err)
        sm_fail(sm, "kernel %s: fetch of scheduler %u: an I-buffer "
                "event was refused (cycle %llu)", sm->launch.kernel, s,
                (unsigned long long)sm->st.cycles);
    if (fo.fetch_valid) {
        struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, fo.fetch_warp)];
        cy->fetched[s] = true;
        cy->fwarp[s] = fo.fetch_warp;
        if (wp->have_next) {
            cy->fpc[s] = wp->next_pc;
            cy->fmask[s] = wp->next_mask;
        } else {
            ri->rd_warp = fo.fetch_warp;
            ri->rd_live = wp->resident && !wp->launch_pending
                          ? wp->live : 0;
            sm_reconv_read(&sm->rc, s, ri, &ro);
            cy->fpc[s] = ro.rd_valid ? ro.rd_pc : 0;
            cy->fmask[s] = ro.rd_valid ? ro.rd_mask : 0;
        }
    }
}

/* Scheduler s's memory send: an issued memory instruction goes to the
 * LSU, any other to its SIMD group (its destination reserved); the
 * issue and stall counts. */
static void send_issued(struct sm *sm, struct sm_cycle_state *cy,
                        unsigned s)
{
    const struct simt_config *c = &sm->cfg;
    struct sm_issue_record *rec = &sm->rec;
    const struct exec_outcome *eo = &cy->eo[s];

    if (eo->issued && sm->status != SM_ERROR) {
        struct decode_out u = use_at(sm, rec->pc);
        if (u.mem) {
            if (rec->mask)
                send_to_lsu(sm, s, cy->so[s].grant_warp, rec, eo->owner, &u);
        } else {
            cy->gi.issue[s].valid = cy->simd_issued = true;
            cy->gi.issue[s].op = (enum simd_group_op)u.unit;
            if (u.rd)
                reserve_rd(sm, s, eo->one, eo->owner, rec->mask,
                           u.rd, cy->go.due[u.unit]);
        }
        sm->st.warp_insns++;
        sm->st.thread_insns += popcount64(rec->mask);
        sm->st.sched[s].warp_insns++;
        sm->st.sched[s].thread_insns
            += popcount64(rec->mask);
        sm_stats_subwarps(&sm->st, rec->mask, c->warp_size,
                          c->simd_width);
        if (sm->trace)
            sm_trace_issue(sm->trace, sm->st.cycles, rec);
    }
    if (!eo->issued) {
        enum sm_stall r = eo->stale ? SM_STALL_CONTROL
                          : cy->why[s] < SM_STALLS ? cy->why[s]
                          : idle_reason(sm, s);
        sm->st.sched[s].stall[r]++;
    }
    sm->st.sched[s].second_level += sm_reconv_second_level(&sm->rc, s);
}

/* Scheduler s's barrier arrival at the WPT; whether the cycle stays
 * quiet.  False when the SM failed in this scheduler's stages. */
static bool barrier_arrive(struct sm *sm, struct sm_cycle_state *cy,
                           unsigned s)
{
    const struct exec_outcome *eo = &cy->eo[s];
    const struct fetch_in *fi = &cy->fi[s];

    if (mode_barrier_by_state(sm)) {
        cy->arrive[s] = barrier_arrival(sm, s);
        if (cy->arrive[s] >= 0) {
            cy->wi.arr_valid[s] = true;
            cy->wi.arr_tb[s] = sm->warp[sm_slot_of(sm, s,
                                            (unsigned)cy->arrive[s])].tb;
        }
    } else if (eo->barrier && !cy->yielded[s]) {
        /* (a warp that yielded arrives when its barrier side is back
         * on top with every live thread: docs/isa.md) */
        struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s,
                                                  cy->so[s].grant_warp)];
        if (eo->rc.mask != wp->live)
            sm_fail(sm, "kernel %s: warp %u of TB %u reaches the barrier "
                    "at PC 0x%08x with lanes 0x%llx of its live lanes "
                    "0x%llx: a barrier in divergent code cannot complete "
                    "under the SBR stack", sm->launch.kernel, wp->wid,
                    sm->tb[wp->tb].ctaid, eo->rc.pc,
                    (unsigned long long)eo->rc.mask,
                    (unsigned long long)wp->live);
        cy->wi.arr_valid[s] = true;
        cy->wi.arr_tb[s] = wp->tb;
        cy->arrive[s] = (int)cy->so[s].grant_warp;
    }
    cy->quiet = cy->quiet && cy->launch[s] < 0 && !eo->issued && !eo->stale
                && !cy->fetched[s] && !fi->issue_valid && !fi->flush_valid
                && !fi->fill_valid && !fi->rdy_valid && cy->arrive[s] < 0;
    if (sm->status == SM_ERROR) {
        if (sm->lsu_taken)  /* the LSU's edge is not reached */
            lsu_count_abandoned(&sm->lsu, &sm->lsu_req);
        return false;
    }
    return true;
}

/* The SIMD groups' busy count, and the WPT's arrivals: the warps that
 * arrived and the exited warps that count as arrived.  False when the
 * WPT refused one. */
static bool wpt_arrivals(struct sm *sm, struct sm_cycle_state *cy)
{
    /* busy: the groups still running, and those the issues enter (the
     * outputs again with the issues, when they can tell otherwise) */
    if (cy->simd_issued && !cy->go.busy && !sm->lsu_taken)
        simd_group_eval(&sm->simd, &cy->gi, &cy->go);
    if (cy->go.busy || sm->lsu_taken)
        sm->st.busy_cycles++;
    else
        count_idle_threads(sm, cy->data_hz);
    for (unsigned s = 0; s < sm->cfg.schedulers; s++)
        cy->any_arrival |= cy->wi.arr_valid[s];
    if (exited_arrivals(sm, &cy->wi, cy->gone_sent)) {
        cy->any_arrival = true;
        cy->quiet = false;      /* the WPT's counts move */
    }
    if (cy->any_arrival) {
        wpt_eval(&sm->wpt, &cy->wi, &cy->wo_arr);
        cy->wo = &cy->wo_arr;
    }
    if (cy->wo->err) {
        sm_fail(sm, "kernel %s: the WPT refused a barrier arrival (cycle "
                "%llu)", sm->launch.kernel, (unsigned long long)sm->st.cycles);
        if (sm->lsu_taken)
            lsu_count_abandoned(&sm->lsu, &sm->lsu_req);
        return false;
    }
    return true;
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
    const struct exec_outcome *eo = &cy->eo[s];
    bool fetched = cy->fetched[s];
    uint64_t emptied[FETCH_MAX_WARPS / 64];  /* fetch_emptied() */

    for (unsigned w = 0; cy->any_release && w < W; w++) {
        const struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];
        cy->release[s][w] = wp->resident && cy->wo->release[wp->tb]
                            && (wp->at_barrier || cy->arrive[s] == (int)w);
    }
    ri->release = cy->any_release ? cy->release[s] : NULL;
    if (cy->quiet && moves_alone(sm, sc)) {
        /* TLS's group and SAWS's order change without a grant */
        sm->memo.sched_copy = sc->sched;
        scheduler_step(&sc->sched, &cy->si[s]);
        cy->quiet = !memcmp(&sm->memo.sched_copy, &sc->sched,
                            sizeof sc->sched);
    } else if (cy->any_ready[s] || moves_alone(sm, sc) || sm->reference) {
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
    keep_unready(sc, fi);
    if (sm_reconv_step(&sm->rc, s, ri))
        cy->quiet = false;
    ibuffer_edges(sm, s, fi, fetched ? (int)cy->fwarp[s] : -1,
                  cy->fpc[s], cy->fmask[s], emptied);
    sc->fill_valid = fetched;
    sc->fill_warp = fetched ? cy->fwarp[s] : 0;
    if (ri->op == SM_RC_LAUNCH) {
        sm->warp[sm_slot_of(sm, s, ri->warp)].launch_pending = false;
        sm->memo.launches_pending--;
    }
    /* before the exits: a warp that arrives and exits at once has
     * arrived (retire()) */
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
                retire(sm, gl);
        }
        if (sm->warp[g].resident && sm->warp[g].live == 0)
            retire(sm, g);
    }
}

/* At the clock edge, the TBs the WPT releases and its step. */
static void wpt_edge(struct sm *sm, struct sm_cycle_state *cy)
{
    const struct simt_config *c = &sm->cfg;

    for (unsigned t = 0; cy->any_arrival && t < c->max_tbs; t++)
        sm->tb[t].gone_arrived += cy->gone_sent[t];
    for (unsigned t = 0; cy->any_release && t < c->max_tbs; t++)
        if (cy->wo->release[t]) {
            check_release(sm, t);
            sm->tb[t].gone_arrived = 0;
            end_phase(sm, t);
            sm->tb[t].phase_start = cy->now + 1;
            for (unsigned g = 0; g < sm->warp_slots; g++)
                if (sm->warp[g].resident && sm->warp[g].tb == t)
                    sm->warp[g].at_barrier = false;
        }
    /* else no count changes: each is below the TB's warps, or it
     * released when it reached it */
    if (cy->any_arrival || sm->reference)
        wpt_step(&sm->wpt, &cy->wi);
    sm->memo.wpt_idle_valid = sm->memo.wpt_idle_valid && !cy->any_arrival
                              && !cy->any_release;
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
    lsu_work = quiet && memory_next_event(sm) <= now;
    lsu_busy = !lsu_can_accept(&sm->lsu);
    if (lsu_edge(sm, now) || lsu_busy != !lsu_can_accept(&sm->lsu))
        quiet = false;          /* the rest of the SM sees another LSU */
    scoreboard_edge(sm);
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
        check_barriers(sm);     /* else no warp arrived, left or exited */
    if (sm->status == SM_RUNNING && sm->check_invariants)
        sm_check_invariant(sm);
    check_done(sm);
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
        ready_vector(sm, cy, s);
        issue_grant(sm, cy, s);
        execute_granted(sm, cy, s);
        send_issued(sm, cy, s);
        if (!barrier_arrive(sm, cy, s))
            return sm->status;
    }
    if (!wpt_arrivals(sm, cy))
        return sm->status;

    /* The clock edge. */
    cy->any_release = !cy->any_arrival && sm->memo.wpt_idle_release;
    for (unsigned t = 0; cy->any_arrival && t < sm->cfg.max_tbs; t++)
        cy->any_release |= cy->wo->release[t];
    cy->quiet = cy->quiet && !cy->any_release;
    for (unsigned s = 0; s < S; s++)
        scheduler_edge(sm, cy, s);
    wpt_edge(sm, cy);
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
        if (mode_regroups(sm) && sm->status == SM_RUNNING
            && sm->st.cycles >= sm->stuck_check_at)
            sm_report_stuck(sm);
        if (sm->reference)
            continue;           /* every cycle evaluated */
        if (sm->memo.quiet)
            skip_quiet_cycles(sm, &sm->memo.quiet_from, sm->st.cycles - 1);
        else if (sm->memo.lsu_alone) {
            skip_lsu_cycles(sm, &sm->memo.quiet_from, sm->st.cycles - 1);
            check_done(sm);
        }
    }
    return sm->status;
}

/* Name the places of lane l of warp slot g after a wrong count. */
static void invariant_fail(struct sm *sm, unsigned g, unsigned l, bool live)
{
    const struct simt_config *c = &sm->cfg;
    const struct sm_warp *wp = &sm->warp[g];
    unsigned count[SM_MAX_LANES];
    char place[SM_MAX_LANES][64];

    sm_reconv_places(&sm->rc, sm_slot_sched(sm, g), sm_slot_local(sm, g),
                     wp->resident && !wp->launch_pending ? wp->live : 0,
                     c->warp_size, count, place);
    if (!live && wp->resident && !wp->launch_pending
        && (wp->lanes >> l & 1)) {
        fail_thread(sm, g, l, sm->thread[g * c->warp_size + l].pc, false,
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
        fail_thread(sm, g, l, sm->thread[g * c->warp_size + l].pc, false,
                    "invariant broken at cycle %llu: the thread is live but "
                    "in no place (lost)%s", (unsigned long long)sm->st.cycles,
                    wp->at_barrier ? " while its warp waits at the barrier"
                                   : "");
    else
        fail_thread(sm, g, l, sm->thread[g * c->warp_size + l].pc, false,
                    "invariant broken at cycle %llu: the thread is in %u "
                    "places (%s)", (unsigned long long)sm->st.cycles,
                    count[l], place[l]);
}

/* The counts come from one pass per scheduler (sm_reconv_counts); only a
 * wrong count is named, by sm_reconv_places. */
int sm_check_invariant(struct sm *sm)
{
    const struct simt_config *c = &sm->cfg;
    unsigned lanes = c->warp_size, W = sm->warps_per_sched;
    uint64_t live[SCHEDULER_MAX_WARPS];
    unsigned *count = sm->inv_count;

    for (unsigned s = 0; s < c->schedulers; s++) {
        for (unsigned w = 0; w < W; w++) {
            const struct sm_warp *wp = &sm->warp[sm_slot_of(sm, s, w)];
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
