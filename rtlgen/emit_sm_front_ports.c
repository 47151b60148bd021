/*
 * emit_sm_front_ports.c -- simtref_sm_front's header: its comment, its
 * parameters (the stage's by mode) and its ports (the stage's update by
 * mode, and what the rest of the SM gives and reads); the body is
 * rtlgen/emit_sm_front.c's.
 */
#include "emit_sm_front.h"

#include <stdio.h>

/* A module's port list as it is built. */
#define FRONT_MAX_PORTS 96
struct port_list {
    struct vport p[FRONT_MAX_PORTS];    /* the ports and group lines */
    size_t n;                           /* how many */
};

static void port(struct port_list *l, const char *dir, const char *range,
                 const char *name, const char *comment)
{
    if (l->n < FRONT_MAX_PORTS)
        l->p[l->n++] = (struct vport){ dir, range, name, comment };
}

static void group(struct port_list *l, const char *comment)
{
    port(l, NULL, NULL, NULL, comment);
}

/* The stage's parameters as the front end declares them. */
static size_t stage_params(struct vparam *pp, const struct front_mode *m,
                           const struct simt_config *cfg,
                           const struct front_sizes *z)
{
    size_t n = 0;

    if (m->sbr)
        pp[n++] = (struct vparam){ "DEPTH", z->st.depth, NULL,
                                   "entries per warp stack (sbr_stack_depth)" };
    if (m->sp) {
        pp[n++] = (struct vparam){ "SP_W", z->arb.sp_w, NULL,
                                   "a thread's SP key (sp_bits)" };
        pp[n++] = (struct vparam){ "OFF_W", sm_reconv_minpc_off_bits(), NULL,
                                   "a thread's x2 offset in its stack region" };
        pp[n++] = (struct vparam){ "ARB_ADDR_W", z->arb.addr_w, NULL,
                                   "the arbiters' memory mode (unused by the stage)" };
        pp[n++] = (struct vparam){ "LINE_BYTES", cfg->l1d_line_bytes, NULL,
                                   "... its line" };
    }
    if (m->ics)
        pp[n++] = (struct vparam){ "LEVELS", z->ics.levels, NULL,
                                   "priority levels (ics_priority_levels)" };
    if (m->harp) {
        pp[n++] = (struct vparam){ "FL", z->wt.fl, NULL,
                                   "First-Level slots: the scheduler's first warps" };
        pp[n++] = (struct vparam){ "SL", z->wt.sl, NULL,
                                   "Second-Level entries (the width of its count)" };
        pp[n++] = (struct vparam){ "TW", z->wt.tw, NULL,
                                   "a thread id without its lane bits: a warp" };
    }
    return n;
}

/* The inputs of the stage's update that come from the datapath, the
 * loader and the WPT, by mode. */
static void update_ports(struct port_list *l, const struct front_mode *m)
{
    group(l, "The granted warp's instruction, as the datapath executed it");
    port(l, "input",  "",             "issued_i",     "it ran on its lanes ...");
    port(l, "input",  "",             "stale_i",      "... or its slot was stale and dropped");
    port(l, "input",  "",             "control_i",    "not a plain fall-through: a jump, a split or an exit");
    if (m->pc)
        port(l, "input", "[PC_W-1:0]", "exec_pc_i",   "its PC (index)");
    port(l, "input",  "[LANES-1:0]",  "exec_mask_i",  "the lanes that ran it");
    if (m->split) {
        port(l, "input", "",            "split_i",    "a conditional branch, or an indirect jump with an RPC");
        port(l, "input", "[LANES-1:0]", "taken_i",    "split: the lanes going to tpc_i");
        port(l, "input", "[PC_W-1:0]",  "tpc_i",      "split: where the taken lanes go");
        port(l, "input", "[PC_W-1:0]",  "npc_i",      "where the (other) lanes go");
    }
    if (m->live)
        port(l, "input", "[LANES-1:0]", "live_i",     "the warp's live lanes after it");
    port(l, "input",  "",             "bar_i",        "the instruction was simt.bar");
    if (m->exit)
        port(l, "input", "",            "exit_i",     "... simt.exit");
    if (m->ics)
        port(l, "input", "[1:0]",       "prio_i",     "... simt.prio.*: 1 raise, 2 lower, 3 set-outmost; 0 none");
    if (m->harp) {
        port(l, "input", "",           "mem_wait_i",  "... a load or atomic of global memory");
        port(l, "input", "",           "rpc_valid_i", "side-band: a branch of the program's table ...");
        port(l, "input", "[PC_W-1:0]", "rpc_i",       "... re-converging here");
    }
    if (m->sbr) {
        port(l, "input", "",           "call_i",      "side-band: a call through ra");
        port(l, "input", "",           "ret_i",       "side-band: a return (jalr x0, 0(ra))");
        port(l, "input", "",           "rpc_valid_i", "side-band: a branch of the program's table ...");
        port(l, "input", "[PC_W-1:0]", "rpc_i",       "... re-converging here for the stack");
        port(l, "input", "[1:0]",      "late_i",      "side-band: the side reaching simt.bar first (1 taken, 2 fall-through)");
    }
    if (m->ics)
        port(l, "input", "[1:0]",      "action_i",    "side-band: the loader's ICS action at its PC (1 raise, 2 lower, 3 outmost)");
    if (m->lanes) {
        group(l, m->sp ? "The update's threads (a launch's or the executed instruction's)"
                       : "The executed instruction's threads");
        port(l, "input", "[LANES*PC_W-1:0]", "lane_pc_i", "per lane of its mask: where its thread goes (a launch's: entry_pc_i)");
        if (m->sp)
            port(l, "input", "[LANES*OFF_W-1:0]", "lane_off_i", "... its x2 after it (a launch's: launch_warp_o's threads'), as the offset in its stack region");
        group(l, m->harp ? "The WPT: barrier releases (per warp)"
                         : "The WPT: barrier releases");
        port(l, "input", "[NUM_WARPS-1:0]", "release_i", "the warps whose TB's barrier releases on this edge");
    }
}

void emit_sm_front_header(struct vgen *v, const struct simt_config *cfg,
                          const struct front_sizes *z,
                          const struct front_mode *m)
{
    char warp_w[64], title[96];
    struct vparam params[16];
    struct port_list l = { .n = 0 };
    size_t np = 0;

    snprintf(warp_w, sizeof warp_w, "%s",
             z->f.warps > 1 ? "$clog2(NUM_WARPS)" : "1");
    params[np++] = (struct vparam){ "NUM_WARPS", z->f.warps, NULL, "warps of this scheduler" };
    params[np++] = (struct vparam){ "SLOTS", z->f.slots, NULL, "I-buffer slots per warp" };
    params[np++] = (struct vparam){ "LANES", cfg->warp_size, NULL, "threads per warp: mask width" };
    params[np++] = (struct vparam){ "NUM_TBS", z->sc.tbs, NULL, "thread blocks resident per SM" };
    np += stage_params(&params[np], m, cfg, z);
    params[np++] = (struct vparam){ "PC_W", cfg->pc_bits, NULL, "the stage's PC: an instruction's index in the text" };
    params[np++] = (struct vparam){ "ADDR_W", z->ib.pc_w, NULL, "the fetch's PC: a byte address" };
    params[np++] = (struct vparam){ NULL, 0, NULL, "Derived widths" };
    params[np++] = (struct vparam){ "WARP_W", 0, warp_w, "warp id" };
    params[np++] = (struct vparam){ "TB_W", 0, "$clog2(NUM_TBS)", "thread block id and MWF rank" };
    params[np++] = (struct vparam){ "CNT_W", 0, "$clog2(SLOTS + 1)", "fetches in flight of a warp, 0..SLOTS" };
    if (m->harp)
        params[np++] = (struct vparam){ "SL_CNT_W", 0, "$clog2(SL + 1)", "Second-Level's count" };

    group(&l, "Clock and reset");
    port(&l, "input",  "",                     "clk_i",        "clock");
    port(&l, "input",  "",                     "rst_ni",       "asynchronous reset, active low");
    group(&l, "The kernel: constant while it runs");
    if (m->sbr)
        port(&l, "input", "[PC_W-1:0]",        "exit_pc_i",    "its exit PC (index): each warp's last re-convergence PC");
    port(&l, "input", "[PC_W-1:0]",            "entry_pc_i",   "its entry PC (index): where a warp launches");
    port(&l, "input",  "[ADDR_W-1:0]",         "text_lo_i",    "the byte address of index 0 of its text");
    if (!m->harp) {
        group(&l, "Placement (the TB dispatcher): warps whose I-buffer data is forgotten");
        port(&l, "input",  "[NUM_WARPS-1:0]",  "clear_i",      "a new warp takes the slot");
        group(&l, "Warps: from the warp and TB state, the scoreboard, the SIMD groups");
        port(&l, "input",  "[NUM_WARPS-1:0]",  "issuable_i",   "launched, not at the barrier, no hazard on its buffered instruction");
        if (m->op_stage)
            port(&l, "input", "[NUM_WARPS-1:0]", "base_i",     "... the same but the hazard: the operand-read stage drops its warp without it");
        port(&l, "input",  "[NUM_WARPS-1:0]",  "fetchable_i",  "resident, launched, a live thread: may be fetched for");
        port(&l, "input",  "[NUM_WARPS*LANES-1:0]", "warp_live_i", "each warp's live lanes (resident, launched; else none)");
        port(&l, "input",  "[NUM_WARPS-1:0]",  "launch_pending_i", "placed, its launch pending");
        port(&l, "input",  "[NUM_WARPS*LANES-1:0]", "warp_lanes_i", "each warp's threads (its launch's mask)");
        port(&l, "input",  "[NUM_WARPS*TB_W-1:0]", "warp_tb_i", "thread block of each warp");
        port(&l, "input",  "[NUM_WARPS-1:0]",  "long_i",       "warp waits on a long-latency operation (TLS)");
    } else {
        group(&l, "Warps: from the warp and TB state, the loads in flight");
        port(&l, "input",  "[NUM_WARPS-1:0]",  "launch_pending_i", "placed, its launch pending");
        port(&l, "input",  "[NUM_WARPS*LANES-1:0]", "warp_lanes_i", "each warp's threads (its launch's mask)");
        port(&l, "input",  "[NUM_WARPS*TB_W-1:0]", "warp_tb_i", "thread block of each warp (a slot's: its owner's)");
        port(&l, "input",  "[NUM_WARPS*LANES-1:0]", "warp_live_i", "each warp's threads not exited (a slot's lanes: their owners')");
        port(&l, "input",  "[NUM_WARPS*LANES-1:0]", "mem_pending_i", "each warp's lanes waiting on global memory");
        group(&l, "First-Level slots: from the issue check");
        port(&l, "input",  "[FL-1:0]",         "no_hazard_i",  "no hazard holds the slot's buffered instruction");
    }
    group(&l, "Thread blocks: from the WPT");
    port(&l, "input",  "[NUM_TBS*TB_W-1:0]",   "tb_rank_i",    "rank of each TB (MWF); 0 = first");
    port(&l, "input",  "[NUM_TBS-1:0]",        "tb_wait_i",    "warps of the TB wait at its barrier (SAWS)");
    group(&l, "The instruction memory: last cycle's fetch answered (taken while its warp has a fetch in flight)");
    port(&l, "input",  "",                     "fill_valid_i", "a fetch returns ...");
    port(&l, "input",  "[WARP_W-1:0]",         "fill_warp_i",  "... for this warp ...");
    port(&l, "input",  "[31:0]",               "fill_word_i",  "... with the instruction memory's word at its PC");
    update_ports(&l, m);
    group(&l, "Launch: the first pending warp the stage can take (no issue in its cycle)");
    port(&l, "output", "",                     "launch_valid_o", "a warp launches ...");
    port(&l, "output", "[WARP_W-1:0]",         "launch_warp_o",  "... this one (0 when none)");
    group(&l, "The scoreboard's clear: the oldest unready slot of the lowest warp holding one");
    port(&l, "output", "",                     "rdy_valid_o",  "a slot is cleared ...");
    port(&l, "output", "[WARP_W-1:0]",         "rdy_warp_o",   "... of this warp (0 when none)");
    group(&l, "Issue");
    port(&l, "output", "[NUM_WARPS-1:0]",      "ready_o",      "ready vector: buffered, ready, issuable, no launch");
    port(&l, "output", "",                     "grant_valid_o", "a warp issues ...");
    port(&l, "output", "[WARP_W-1:0]",         "grant_warp_o", "... this one (0 when none) ...");
    port(&l, "output", "[ADDR_W-1:0]",         "issue_pc_o",   "... its oldest slot's PC ...");
    port(&l, "output", "[LANES-1:0]",          "issue_mask_o", "... its mask ...");
    port(&l, "output", "[31:0]",               "issue_word_o", "... and its instruction word");
    group(&l, "Every warp's oldest I-buffer slot, for the issue check (bit or field w: warp w)");
    port(&l, "output", "[NUM_WARPS-1:0]",      "hd_ready_o",   "its oldest slot is valid and ready (the fetch unit's)");
    port(&l, "output", "[NUM_WARPS-1:0]",      "hd_valid_o",   "the warp holds a slot ...");
    port(&l, "output", "[NUM_WARPS*ADDR_W-1:0]", "hd_pc_o",    "... the oldest: its PC ...");
    port(&l, "output", "[NUM_WARPS*LANES-1:0]", "hd_mask_o",   "... its mask ...");
    port(&l, "output", "[NUM_WARPS*32-1:0]",   "hd_word_o",    "... and its instruction word");
    if (m->harp) {
        group(&l, "Every First-Level slot's view of the stage, for the issue check (bit or field f: slot f)");
        port(&l, "output", "[FL-1:0]",         "view_ok_o",    "the stage lets it issue: it holds a warp, no update pending, no commit holds it");
        port(&l, "output", "[FL-1:0]",         "view_stale_o", "its oldest I-buffer entry is valid, at another PC than the slot's");
        port(&l, "output", "[FL*LANES-1:0]",   "view_mask_o",  "the lanes its buffered instruction runs: the slot's, live in their owner");
        port(&l, "output", "[FL*LANES*WARP_W-1:0]", "view_owner_o", "each lane's launch warp (0 outside the slot's lanes)");
    } else {
        group(&l, "Every warp's view of the control-flow stage, for the issue check (bit or field w: warp w)");
        port(&l, "output", "[NUM_WARPS-1:0]",  "view_ok_o",    m->ics ? "the stage lets it issue: no thread of it in Execution"
                                                                      : "the stage lets it issue (always)");
        port(&l, "output", "[NUM_WARPS-1:0]",  "view_stale_o", m->sbr ? "its oldest slot is stale (never)"
                                                                      : "its oldest slot is valid, the stage selects another PC");
        port(&l, "output", "[NUM_WARPS*LANES-1:0]", "view_mask_o", m->sbr ? "the lanes its buffered instruction runs: the slot's, live"
                                                                          : "the lanes its buffered instruction runs: the stage's, live");
    }
    if (m->op_stage) {
        group(&l, "The operand-read stage: the warp granted in the last cycle");
        port(&l, "output", "",                 "op_valid_o",   "a warp is in it (no launch then) ...");
        port(&l, "output", "[WARP_W-1:0]",     "op_warp_o",    "... this one ...");
        port(&l, "output", "",                 "exec_o",       "... and it executes now");
    }
    group(&l, "Fetch");
    port(&l, "output", "",                     "fetch_valid_o", "fetch one instruction ...");
    port(&l, "output", "[WARP_W-1:0]",         "fetch_warp_o", "... for this warp (0 when none) ...");
    port(&l, "output", "[ADDR_W-1:0]",         "fetch_pc_o",   "... at this PC ...");
    port(&l, "output", "[LANES-1:0]",          "fetch_mask_o", "... with this mask");
    port(&l, "output", "",                     "flush_valid_o", "a launch or a control transfer flushes ...");
    port(&l, "output", "[WARP_W-1:0]",         "flush_warp_o", "... this warp's I-buffer (0 when none)");
    if (m->pop || m->yield)
        group(&l, "What the stage's update does");
    if (m->pop) {
        port(&l, "output", "",                 "pop_o",        "threads re-converge");
        port(&l, "output", "",                 "exited_o",     "the warp's last path ended");
    }
    if (m->yield)
        port(&l, "output", "",                 "yielded_o",    "the threads at simt.bar wait below their sibling");
    if (m->ics || m->sp) {
        group(&l, "The stage's threads at the barrier (bit w: warp w)");
        port(&l, "output", "[NUM_WARPS-1:0]",  "all_barrier_o", m->ics ? "every non-Idle thread of the warp waits at simt.bar"
                                                                        : "every live thread of the warp is parked at simt.bar");
    }
    group(&l, "Errors");
    port(&l, "output", "",                     "rc_err_o",     "the stage refused the update");
    port(&l, "output", "",                     "fetch_err_o",  "the fetch unit refused an event");
    port(&l, "output", "",                     "sched_err_o",  "the scheduler's input contract was violated");

    snprintf(title, sizeof title, "one warp scheduler's front end (%s)", m->name);
    emit_file_header(v, "simtref_sm_front.v", title,
                     "docs/architecture.md; C model: golden/sm/sm.c (sm_cycle()).",
                     cfg);
    vgen_line(v, "// The fetch unit, the I-buffer data, the issue scheduler and the");
    vgen_line(v, "// control-flow stage (%s) of one warp scheduler, wired as the C SM", m->name);
    vgen_line(v, "// composes their models.  A warp is ready when its oldest I-buffer slot");
    vgen_line(v, "// is valid and ready, the rest of the SM finds it issuable and no warp");
    vgen_line(v, "// launches; the scheduler grants one, whose instruction the datapath");
    if (m->op_stage) {
        vgen_line(v, "// executes in the next cycle (operand_read_cycles = 1: the grant's edge");
        vgen_line(v, "// reads its registers; meanwhile it is in the operand-read stage and");
        vgen_line(v, "// not ready); the stage takes the launch or the executed outcome.  A");
        vgen_line(v, "// launch flushes the launched warp; an issued or stale instruction that");
    } else {
        vgen_line(v, "// executes; the stage takes the launch or the executed outcome.  A launch");
        vgen_line(v, "// flushes the launched warp; an issued or stale instruction that");
    }
    if (m->yield)
        vgen_line(v, "// transfers control, pops or yields flushes the %s warp.", m->op_stage ? "executed" : "granted");
    else if (m->pop)
        vgen_line(v, "// transfers control or pops flushes the %s warp.", m->op_stage ? "executed" : "granted");
    else
        vgen_line(v, "// transfers control flushes the %s warp (the stage never pops).", m->op_stage ? "executed" : "granted");
    vgen_line(v, "// The fetch reads the I-buffer's next PC and mask of the fetched warp");
    vgen_line(v, "// when it continues its last fetch, else the stage's PC and active mask");
    vgen_line(v, "// of that warp.  The module chooses the launch: the lowest warp whose");
    if (m->op_stage) {
        vgen_line(v, "// launch is pending and that the stage can take, none while a warp is");
        vgen_line(v, "// in the operand-read stage.");
    } else {
        vgen_line(v, "// launch is pending and that the stage can take.");
    }
    if (m->harp) {
        vgen_line(v, "// Under harp the scheduler's first FL warps are the stage's First-Level");
        vgen_line(v, "// slots: the stage tells which may issue and which hold a warp (the");
        vgen_line(v, "// fetch unit's warp_valid), each slot's owner (the TB the scheduler");
        vgen_line(v, "// reads) and the pending warps it can launch.");
    }
    vgen_line(v, "// Storage: that of the four modules; the composition adds none.");
    vgen_blank(v);
    vgen_module_begin(v, "simtref_sm_front", params, np, l.p, l.n);
}
