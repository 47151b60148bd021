/*
 * sm_execute.c -- the SM's execution of a warp-instruction: the threads
 * an issued slot runs, the operand read through the register file, the
 * lanes, the write-back and the control-flow stage's update.
 */
#include <stdio.h>
#include <string.h>

#include "sm_stage.h"
#include "lane.h"
#include "rv32_disasm.h"

/* The threads warp (s, w) runs if it issues now: the PC of its oldest
 * I-buffer slot, the lanes whose thread runs, and owner[l], the warp
 * (local) whose thread lane l is (w itself unless the mode regroups
 * threads); *one tells whether a single warp owns every lane that runs.
 * False when the slot is stale: the mode selects another PC now, and the
 * slot is dropped without running. */
bool sm_issue_threads(struct sm *sm, unsigned s, unsigned w,
                      uint32_t *pc, uint64_t *mask, unsigned owner[],
                      bool *one)
{
    const struct simt_config *c = &sm->cfg;
    const struct warp_slot *wp = sm_warp(sm, sm_slot_of(sm, s, w));
    bool regroups = sm_mode_regroups(sm);
    uint32_t vpc;
    uint64_t vmask, m;
    struct ibuffer_out io = sm_ibuffer_read(&sm->sch[s], w);

    *pc = io.head_pc;
    m = io.head_mask;
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
        m &= sm_warp(sm, sm_slot_of(sm, s, owner[__builtin_ctzll(m)]))->live;
    else
        for (uint64_t k = m, same; k; k &= ~same) {
            unsigned o = owner[__builtin_ctzll(k)];
            same = sm_owner_lanes(owner, k);
            m &= ~same | sm_warp(sm, sm_slot_of(sm, s, o))->live;
        }
    *mask = m;
    return true;
}

/* Whether the lanes of mask hold every live thread of the warps that own
 * them (owner[l], local to scheduler s). */
static bool whole_warps(const struct sm *sm, unsigned s, uint64_t mask,
                        const unsigned owner[])
{
    for (uint64_t k = mask, same; k; k &= ~same) {
        unsigned o = owner[__builtin_ctzll(k)];
        same = sm_owner_lanes(owner, k);
        if (sm_warp(sm, sm_slot_of(sm, s, o))->live & ~same)
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
    struct rv32_insn *insn;    /* ... decoded */
    struct regfile_in *rf_in;  /* the register file's ports: the reads
                                * and the lanes' write-backs */
    struct regfile_out *rf_out;  /* the operands read */
    bool first;                /* no lane has gone yet */
    bool two;                  /* the lanes go two ways ... */
    uint32_t ta, tb;           /* ... to ta (the first lane's) and tb */
    bool failed;               /* a lane failed: the SM has failed */
};

/* The issue of slot 0 of warp (s, w): the threads it runs, its record,
 * the instruction at its PC.  False when no lane is to execute (the slot
 * is stale, the PC is outside the text, or no lane is active). */
static bool exec_issue(struct sm *sm, unsigned s, unsigned w,
                       struct sm_exec_outcome *o, struct sm_issue_record *rec,
                       struct exec_wires *x)
{
    const struct simt_config *c = &sm->cfg;
    unsigned g = sm_slot_of(sm, s, w);
    const struct warp_slot *wp = sm_warp(sm, g);
    uint32_t pc, word = 0;     /* the slot's PC, the word there */
    uint64_t mask;             /* the lanes whose thread runs */

    /* owner[] and one are written by sm_issue_threads() */
    memset(&o->rc, 0, sizeof o->rc);
    o->issued = o->barrier = o->control = o->stale = false;
    o->exits = 0;
    /* the lanes beyond warp_size are never written: they stay zero */
    memset(rec, 0, offsetof(struct sm_issue_record, res)
                   + c->warp_size * sizeof rec->res[0]);
    if (!sm_issue_threads(sm, s, w, &pc, &mask, o->owner, &o->one)) {
        /* the I-buffer is stale: the structure selects another PC now;
         * the slot is dropped and refetched */
        o->control = true;
        o->stale = true;
        return false;
    }
    x->pc = pc;
    x->mask = mask;
    o->issued = true;
    o->rc.op = SM_RC_EXEC;
    o->rc.warp = w;
    o->rc.pc = x->pc;
    o->rc.mask = x->mask;
    o->rc.npc = x->pc + 4;
    rec->sched = s;
    rec->warp = g;
    rec->ctaid = sm_tb_read(sm, sm_mode_regroups(sm)
                        ? sm_warp(sm, sm_slot_of(sm, s, sm_reconv_slot_owner(
                              &sm->rc, s, w)))->tb
                        : wp->tb, 0).ctaid;
    rec->pc = x->pc;
    rec->mask = x->mask;
    rec->lanes = c->warp_size;
    if (x->pc < sm->prog->text_lo || x->pc >= sm->prog->text_hi
        || (x->pc & 3)) {
        sm_fail(sm, "kernel %s: warp %u of TB %u at PC 0x%08x: a fetch "
                "outside the text 0x%08x..0x%08x", sm->launch.kernel,
                wp->wid, sm_tb_read(sm, wp->tb, 0).ctaid, x->pc,
                sm->prog->text_lo,
                sm->prog->text_hi);
        return false;
    }
    /* the word the I-buffer took from the instruction memory at its fill */
    word = sm_ibuffer_read(&sm->sch[s], w).head_word;
    x->word = word;
    *x->insn = rv32_decode(word);
    rec->insn = *x->insn;
    return x->mask != 0;
}

/* The operand read: the register file's read ports give every active
 * lane its operands, each of its own thread (under harp at its thread's
 * slot: the per-lane offsets); the lanes that execute. */
static void exec_operands(struct sm *sm, unsigned s, unsigned w,
                          const struct sm_exec_outcome *o,
                          struct sm_issue_record *rec, struct exec_wires *x)
{
    const struct simt_config *c = &sm->cfg;

    x->rf_in->read = x->mask;
    x->rf_in->slot = sm_slot_of(sm, s, w);
    x->rf_in->write = 0;
    memset(x->rf_in->rs1, x->insn->rs1, c->warp_size);
    memset(x->rf_in->rs2, x->insn->rs2, c->warp_size);
    for (uint64_t k = sm_mode_regroups(sm) ? x->mask : 0; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k);
        x->rf_in->offset[l] = (uint16_t)sm_slot_of(sm, s, o->owner[l]);
    }
    regfile_eval(&sm->rf, x->rf_in, x->rf_out);
    x->exec = sbr_jump_lanes(sm, x->rf_out->rs1, x->insn, x->mask);
    rec->mask = x->exec;
}

/* What lane l (of warp slot gl) does after its result r: the PC its
 * thread goes to; a barrier, an exit or a priority change noted for the
 * control-flow stage; a fault reported (x->failed). */
static uint32_t exec_lane_next(struct sm *sm, unsigned gl, unsigned l,
                               const struct rv32_result *r,
                               const struct sm_accessor *acc,
                               struct sm_exec_outcome *o, struct exec_wires *x)
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
            sm_note_exit_code(sm, gl, l, pc, regfile_peek(&sm->rf, l, gl, 10));
        o->exits |= 1ull << l;
        o->rc.exit = true;
        next = sm->prog->exit_pc;
        break;
    case RV32_PRIO:
        /* ORDER ICS_ACTION: 1 raise, 2 lower, 3 set-outmost */
        o->rc.prio = x->insn->op == RV32_SIMT_PRIO_RAISE ? 1
                     : x->insn->op == RV32_SIMT_PRIO_LOWER ? 2 : 3;
        next = pc + 4;
        break;
    case RV32_ERR_ILLEGAL: {
        char text[96];

        rv32_disasm(x->word, pc, text, sizeof text);
        sm_fail_thread(sm, gl, l, pc, true, "illegal instruction 0x%08x "
                       "(%s)", x->word, text);
        x->failed = true;
        break;
    }
    case RV32_ERR_MISALIGNED:
        sm_fail_thread(sm, gl, l, pc, true, "misaligned access to 0x%08x "
                       "(%s)", r->mem_addr, rv32_op_name(x->insn->op));
        x->failed = true;
        break;
    case RV32_ERR_ACCESS: {
        char what[160];

        sm_access_what(sm, acc, regfile_peek(&sm->rf, l, gl, 2), what,
                       sizeof what);
        sm_fail_thread(sm, gl, l, pc, true, "%s to 0x%08x %s (%s)",
                       acc->fault == SM_FAULT_TEXT ? "write" : "access",
                       acc->fault ? acc->fault_addr : r->mem_addr, what,
                       rv32_op_name(x->insn->op));
        x->failed = true;
        break;
    }
    default:
        sm_fail_thread(sm, gl, l, pc, true, "%s: no environment to call",
                       rv32_op_name(x->insn->op));
        x->failed = true;
        break;
    }
    return next;
}

/* The branch unit's view of lane l going to next: the first target, the
 * second, or (under sbr) a third that fails the SM (x->failed). */
static void exec_lane_target(struct sm *sm, const struct warp_slot *wp,
                             unsigned l, uint32_t next,
                             struct sm_exec_outcome *o, struct exec_wires *x)
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
                sm_tb_read(sm, wp->tb, 0).ctaid, x->pc, x->ta, x->tb, next);
        x->failed = true;
    }
}

/* The lanes of an instruction that only computes a value (the ALU, RV32M,
 * LUI, AUIPC, FENCE: lane_eval_lanes()), all at once as the SIMD group
 * computes them: each lane's value goes to the write port, and every lane
 * to pc + 4, the branch unit's one target. */
static void exec_lanes_alike(struct sm *sm, unsigned s,
                             struct sm_exec_outcome *o,
                             struct sm_issue_record *rec,
                             struct exec_wires *x, const uint32_t value[])
{
    unsigned ws = sm->cfg.warp_size;
    bool writes = x->insn->rd != 0 && x->insn->op != RV32_FENCE;

    for (uint64_t k = x->exec; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k);
        unsigned gl = sm_slot_of(sm, s, o->owner[l]);
        struct rv32_result *r = &rec->res[l];

        r->status = RV32_OK;
        r->next_pc = x->pc + 4;
        if (writes) {
            r->rd_written = true;
            r->rd_value = value[l];
            x->rf_in->write |= 1ull << l;
            x->rf_in->wslot[l] = (uint16_t)gl;
            x->rf_in->rd[l] = x->insn->rd;
            x->rf_in->wdata[l] = value[l];
        }
        sm->thread[gl * ws + l].pc = x->pc + 4;
    }
    if (x->exec) {
        x->ta = x->pc + 4;
        x->first = false;
        o->rc.taken |= x->exec;
    }
}

/* The lanes: each executing lane's datapath computes on its operands
 * (golden/structures/lane.h; rv32_lane_access() performs its memory
 * request), its result goes to the register file's write port, its next
 * PC to the branch unit.  Stops at the first lane that fails. */
static void exec_lanes(struct sm *sm, unsigned s, unsigned w,
                       struct sm_exec_outcome *o, struct sm_issue_record *rec,
                       struct exec_wires *x)
{
    const struct simt_config *c = &sm->cfg;
    const struct warp_slot *wp = sm_warp(sm, sm_slot_of(sm, s, w));
    struct sm_accessor acc;
    struct rv32_env env;
    struct lane_in lin;
    struct lane_out lo;
    uint32_t value[SM_MAX_LANES];   /* lane_eval_lanes(): each lane's rd */

    if (sm->mem_probe)
        sm->mem_probe->exec_mem[s] = 0;
    if (lane_eval_lanes(&sm->lane, x->insn, x->pc, x->exec, x->rf_out->rs1,
                        x->rf_out->rs2, value)) {
        exec_lanes_alike(sm, s, o, rec, x, value);
        return;
    }
    memset(&acc, 0, sizeof acc);
    acc.m = &sm->mem;
    sm_memory_env(&acc, &env);
    lin.insn = x->insn;
    lin.pc = x->pc;
    lin.csr[1] = sm->launch.block;
    lin.csr[3] = sm->launch.grid;
    lin.csr_present = (1u << LANE_CSRS) - 1;
    for (unsigned l = 0; l < c->warp_size; l++) {
        unsigned gl = sm_slot_of(sm, s, o->owner[l]);
        const struct warp_slot *lw = sm_warp(sm, gl);
        struct rv32_context *th = &sm->thread[gl * c->warp_size + l];
        struct rv32_result *r = &rec->res[l];
        uint32_t next;

        if (!(x->exec >> l & 1))
            continue;
        acc.tb = lw->tb;
        acc.thread = gl * c->warp_size + l;
        acc.fault = SM_FAULT_NONE;
        lin.rs1 = x->rf_out->rs1[l];
        lin.rs2 = x->rf_out->rs2[l];
        lin.csr[0] = lw->wid * c->warp_size + l;
        lin.csr[2] = sm_tb_read(sm, lw->tb, 0).ctaid;
        lin.csr[4] = lw->wid;
        lin.csr[5] = l;
        lin.mem_rdata = 0;
        th->pc = x->pc;
        lane_eval(&sm->lane, &lin, &lo);
        if (lo.mem)
            rv32_lane_access(&lin, &lo, &th->resv, &env, r);
        else
            lane_record(&lo, r);
        if (sm->mem_probe && lo.mem) {  /* the request's lanes and data */
            sm->mem_probe->exec_mem[s] |= 1ull << l;
            sm->mem_probe->exec_wdata[s][l] = lo.mem_wdata;
        }
        if (sm->exec_probe) {   /* the request */
            struct sm_exec_probe *p = &sm->exec_probe[s];
            p->mem[l] = lo.mem;
            p->wdata[l] = lo.mem_wdata;
            p->mem_write[l] = lo.mem_write;
        }
        if (r->rd_written) {
            x->rf_in->write |= 1ull << l;
            x->rf_in->wslot[l] = (uint16_t)gl;
            x->rf_in->rd[l] = x->insn->rd;
            x->rf_in->wdata[l] = r->rd_value;
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
static void exec_control(struct sm *sm, unsigned s, struct sm_exec_outcome *o,
                         struct exec_wires *x)
{
    uint32_t pc = x->pc;

    if (!x->two && !o->exits && x->ta == sm->prog->exit_pc
        && x->insn->op == RV32_JALR && x->insn->rd == 0
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
        o->rc.rpc = sm_reconv_rpc(sm->prog, pc, &o->rc.rpc_found);
    } else {
        /* every lane the same way: an advance to that PC */
        o->rc.npc = x->ta;
        o->rc.taken = 0;
    }
    o->control = x->two || x->ta != pc + 4 || o->exits;
}

/* The control-flow stage's per-lane inputs: for each lane that ran, the
 * PC its thread goes to and its x2 after the instruction (the offset in
 * the thread's stack region). */
static void exec_lane_state(struct sm *sm, unsigned s,
                            struct sm_exec_outcome *o)
{
    unsigned ws = sm->cfg.warp_size;

    for (uint64_t k = o->rc.mask; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k);
        unsigned gl = sm_slot_of(sm, s, o->owner[l]);

        o->rc.lane_pc[l] = sm->thread[gl * ws + l].pc;
        o->rc.lane_sp[l] = (uint16_t)sm_memory_stack_offset(
            gl * ws + l, regfile_peek(&sm->rf, l, gl, 2));
    }
}

/* Scheduler s's issue port as the testbench of simtref_sm_exec reads it
 * (struct sm_exec_probe): the executed instruction's inputs beside the
 * register file and the lanes, its record and outcome. */
static void probe_exec(struct sm *sm, unsigned s, unsigned w,
                       const struct sm_exec_outcome *o,
                       const struct sm_issue_record *rec,
                       const struct exec_wires *x)
{
    struct sm_exec_probe *p = &sm->exec_probe[s];
    unsigned ws = sm->cfg.warp_size;

    p->executed = true;
    p->warp = w;
    p->mask = x->mask;
    p->whole = whole_warps(sm, s, x->mask, o->owner);
    for (unsigned l = 0; l < ws; l++) {
        const struct warp_slot *lw = sm_warp(sm, sm_slot_of(sm, s, o->owner[l]));
        p->ctaid[l] = sm_tb_read(sm, lw->tb, 0).ctaid;
        p->wid[l] = lw->wid;
        p->owner[l] = o->owner[l];
        p->out.lane_pc[l] = o->rc.lane_pc[l];
    }
    p->rec = *rec;
    p->out.taken = o->rc.taken;
    p->out.tpc = o->rc.tpc;
    p->out.npc = o->rc.npc;
    p->out.split = o->rc.split;
    p->out.bar = o->rc.bar;
    p->out.exit = o->rc.exit;
    p->out.prio = o->rc.prio;
    p->out.exits = o->exits;
    p->out.control = o->control;
}

/* Execute slot 0 of warp (s, w) on its active lanes.  Lane l's thread
 * belongs to the scheduler's warp o->owner[l] (w itself unless the mode
 * regroups threads).  The register file's read ports give each lane its
 * operands (under harp at its own thread's slot: the per-lane offsets),
 * the lane datapath computes (golden/structures/lane.h; rv32_lane_access() performs
 * its memory request), and the write port takes the results at the
 * cycle's edge. */
void sm_execute(struct sm *sm, unsigned s, unsigned w,
                struct sm_exec_outcome *o, struct sm_issue_record *rec)
{
    struct exec_wires x;       /* scalars the compiler keeps in registers:
                                * what the parts' ports are handed lives
                                * beside it */
    struct rv32_insn insn;     /* the instruction */
    struct regfile_in rf_in;   /* the register file's ports */
    struct regfile_out rf_out;

    x.insn = &insn;
    x.rf_in = &rf_in;
    x.rf_out = &rf_out;
    x.word = 0;
    x.first = true;
    x.two = x.failed = false;
    x.ta = x.tb = 0;
    if (!exec_issue(sm, s, w, o, rec, &x))
        return;
    exec_operands(sm, s, w, o, rec, &x);
    exec_lanes(sm, s, w, o, rec, &x);
    /* the clock edge: the results of the lanes that ran */
    regfile_step(&sm->rf, &rf_in);
    if (x.failed)
        return;
    exec_control(sm, s, o, &x);
    exec_lane_state(sm, s, o);
    if (sm->exec_probe)
        probe_exec(sm, s, w, o, rec, &x);
}
