// tb_sm_front.cpp -- one warp scheduler's front end in Verilog
// (simtref_sm_front: simtref_fetch, simtref_ibuffer, simtref_scheduler and
// the control-flow stage simtref_sm_reconv of the configured mode
// composed; the module's ports tell the mode) in lockstep with the C SM
// on the suite's kernels or on random kgen programs (tests/tools/kgen.h,
// docs/kgen.md).
//
// A kernel runs on the C SM (golden/sm/), started through the host API as
// `simtref sim` starts it, every cycle evaluated (its reference mode;
// tb/tb_sm_common.h).  The SM records each scheduler's front end each
// cycle (struct sm_front_probe, golden/sm/sm.h): what the rest of the SM
// gives it (the placement's clears, the issuable and fetchable warps,
// their live lanes, TBs and long waits, the WPT's ranks, waits and
// releases, the warps whose launch is pending and their threads, the
// I-cache's fill and the scoreboard's rdy event, the executed
// instruction's outcome with the stage's per-lane inputs) and what its
// parts computed.  One instance of the module per warp scheduler gets the
// same inputs; before each clock edge every output is compared with the
// C SM's: the launch the module chooses (launch_choice()), the ready
// vector, the grant and the issued instruction's PC and mask, the flush,
// the fetch (warp, PC and mask), what the stage's update does (pop and exited under sbr and minpc, yielded under sbr;
// where the module has no such output the C stage's must be 0), the
// errors of the stage, the fetch unit and the scheduler, and every
// warp's view of the stage for the issue check (view_ok_o, view_stale_o,
// view_mask_o; under harp each First-Level slot's, and view_owner_o, each
// lane's launch warp) where the check reads it, against the SM's record
// of the check (struct sm_issue_probe: base, stale, mask, owner), and
// under ics-first and minpc each warp's all_barrier_o (its threads all
// wait at simt.bar: the SM's arrival by state).  The module's
// state is never read back: it must follow the C SM's on its own, from
// the reset, for the whole kernel.  The kernel's result is then checked:
// a suite kernel's against its host reference, a kgen program's global
// memory against qemu-riscv32's.
//
//   --scenario NAME   the suite's kernel NAME (default: every kernel)
//   --kgen-seed S --kgen-count N
//                     kgen programs S .. S+N-1 instead of the suite
//                     (tb/tb_kgen.h; $RISCV_CC, $SRCDIR, $QEMU_RISCV32)
//   --cycles N        a kernel's cycle limit
//
// The suite's kernels get the inputs of seed 1, as `simtref sim` gives
// them.  A kernel the configuration refuses, or that the C SM stops with
// an error of the front end's parts (whose error outputs were compared),
// is counted as stopped, with its reason.
//
// On a mismatch: the kernel (or kgen seed), cycle, scheduler, signal,
// expected and actual values, the FST of that scheduler's front end
// replayed up to the mismatch, and the command that replays it; exit 1.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "Vsimtref_sm_front.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "bits.h"
#include "tb_kgen.h"
#include "tb_sm_common.h"

namespace {

using Top = Vsimtref_sm_front;
using tb::IsHarp;
using tb::IsIcs;
using tb::IsMinpc;

// A front end with the operand-read stage (but harp's): its base_i.
template <class T, class = void> struct HasBase : std::false_type {};
template <class T>
struct HasBase<T, std::void_t<decltype(T::base_i)>> : std::true_type {};
using tb::Source;
constexpr reconvergence kMode = tb::mode_of<Top>();
constexpr bool kOpStage = tb::HasOpStage<Top>::value;

// What the kernels exercised, over the whole run.
struct Coverage {
    unsigned long kernels = 0, cycles = 0, grants = 0, stale = 0,
                  fetches = 0, stage_fetches = 0, flushes = 0,
                  pop_flushes = 0, pops = 0, launches = 0, exits = 0,
                  clears = 0, emptied = 0, releases = 0, diverged_fetches = 0,
                  hazards = 0,
                  // the launch choice: launches chosen among several
                  // pending warps the stage could take (the order
                  // decides), pending warps the stage could not take, and
                  // those the operand-read stage held back
                  launch_choices = 0, held_by_stage = 0, held_by_op = 0,
                  stage_holds = 0,  // operand-read stage: a warp kept or dropped
                  fills_dropped = 0,    // answers to a fetch no longer in flight
                  // the issue check's views: warps checked, of them
                  // stale, with a dead lane in the slot's mask (not stale;
                  // not harp), warps asked that the stage holds (harp: a
                  // slot holding a warp that may not issue), checked slots
                  // whose lanes are threads of several launch warps (harp)
                  views = 0, view_stale = 0, view_dead = 0, view_held = 0,
                  view_regrouped = 0;
};

// One kernel's run and the records of its schedulers' front ends.
struct Run : tb::SmRun {
    std::vector<sm_front_probe> probe;
    std::vector<sm_front_probe> last;   // ... of the last cycle (its fetch)
    std::vector<sm_issue_probe> check;  // one: the issue check's record
    tb::Owners owners{0};               // ... its owners (harp)
};

// The widths of the module's fields.
struct Widths {
    unsigned warps, lanes, pc_bits, tb_w, tbs;
    unsigned slots;     // harp: First-Level slots
    unsigned warp_w;    // a warp's id
};

// Scheduler s's inputs of this cycle into its front end: the stage's
// update by its mode through tb_sm_common.h's drive_stage() (as the
// stage's testbench drives it), the rest here.
template <class T>
void drive(T &top, const Run &r, const sm_front_probe &p,
           const sm_front_probe &last, const Widths &w)
{
    const sm_rc_in &in = p.ri;
    bool exec = in.op == SM_RC_EXEC;

    tb::drive_stage(top, r.m, in, p.release, w.warps, w.pc_bits, w.lanes,
                    p.mem_pending);
    top.text_lo_i = r.m->prog->text_lo;
    // the launch choice is the module's own: the pending warps, their
    // threads and the kernel's entry
    tb::set_field(top.entry_pc_i, 0, w.pc_bits,
                  tb::pc_index(r.m, r.m->prog->entry, w.pc_bits));
    for (unsigned v = 0; v < w.warps; v++) {
        tb::set_field(top.launch_pending_i, v, 1, p.launch_pending[v]);
        tb::set_field(top.warp_lanes_i, v * w.lanes, w.lanes, p.lanes[v]);
    }
    if constexpr (IsHarp<T>::value) {
        // the stage's views are the module's own
        for (unsigned v = 0; v < w.warps; v++) {
            tb::set_field(top.warp_tb_i, v * w.tb_w, w.tb_w, p.tb[v]);
            tb::set_field(top.warp_live_i, v * w.lanes, w.lanes, p.check_live[v]);
        }
        for (unsigned k = 0; k < w.slots; k++)
            tb::set_field(top.no_hazard_i, k, 1, p.no_hazard[k]);
    } else {
        for (unsigned v = 0; v < w.warps; v++) {
            tb::set_field(top.clear_i, v, 1, p.clear[v / 64] >> v % 64 & 1);
            tb::set_field(top.issuable_i, v, 1, p.issuable[v]);
            if constexpr (HasBase<T>::value)
                tb::set_field(top.base_i, v, 1, p.base[v]);
            tb::set_field(top.fetchable_i, v, 1, p.fi.warp_valid[v / 64] >> v % 64 & 1);
            tb::set_field(top.warp_tb_i, v * w.tb_w, w.tb_w, p.si.warp_tb[v]);
            tb::set_field(top.long_i, v, 1, p.si.long_wait[v]);
            tb::set_field(top.warp_live_i, v * w.lanes, w.lanes, p.check_live[v]);
        }
    }
    for (unsigned t = 0; t < w.tbs; t++) {
        tb::set_field(top.tb_rank_i, t * w.tb_w, w.tb_w, p.si.tb_rank[t]);
        tb::set_field(top.tb_wait_i, t, 1, p.si.tb_wait[t]);
    }
    // the instruction memory answers the last cycle's fetch, whether or
    // not its warp still has it in flight (the module drops it then)
    top.fill_valid_i = last.fetched;
    top.fill_warp_i = last.fetched ? last.fetch_warp : 0;
    top.fill_word_i = last.fetched ? p.fill_word : 0;
    top.issued_i = p.issued;
    top.stale_i = p.stale;
    top.control_i = p.control;
    tb::set_field(top.exec_mask_i, 0, w.lanes, exec ? in.mask : 0);
    if constexpr (!IsIcs<T>::value && !IsHarp<T>::value)  // the stage takes the PC
        tb::set_field(top.exec_pc_i, 0, w.pc_bits,
                      exec ? tb::pc_index(r.m, in.pc, w.pc_bits) : 0);
}

// The front end's outputs against the C SM's; false at the first
// difference (recorded in mm).
template <class T>
bool compare(const T &top, const sm_front_probe &p, const sm_issue_probe &ip,
             const tb::Owners &own, const Widths &w, long cycle, unsigned s,
             tb::Mismatch &mm)
{
    std::string at = "scheduler " + std::to_string(s) + " ";
    bool ok = true;

    // each warp's view where the issue check reads it: whether the stage
    // lets it issue (a warp the check asks the stage about; under harp
    // every First-Level slot), stale (checked: base and buffered) and its
    // lanes (checked, not stale) and under harp their owners
    for (unsigned v = 0; v < (IsHarp<T>::value ? w.slots : w.warps); v++) {
        if (!IsHarp<T>::value && !p.asked[v])
            continue;
        ok &= tb::check(mm, cycle, ip.base[s][v],
                        tb::get_field(top.view_ok_o, v, 1),
                        [&] { return at + tb::indexed("view_ok_o", v); });
        if (!ip.base[s][v] || !ip.buffered[s][v])
            continue;
        ok &= tb::check(mm, cycle, ip.stale[s][v],
                        tb::get_field(top.view_stale_o, v, 1),
                        [&] { return at + tb::indexed("view_stale_o", v); });
        if (ip.stale[s][v])
            continue;
        ok &= tb::check(mm, cycle, ip.mask[s][v],
                        tb::get_field(top.view_mask_o, v * w.lanes, w.lanes),
                        [&] { return at + tb::indexed("view_mask_o", v); });
        if constexpr (IsHarp<T>::value)
            for (uint64_t k = ip.mask[s][v]; k; k &= k - 1) {
                unsigned l = (unsigned)__builtin_ctzll(k);
                unsigned f = v * w.lanes + l;
                ok &= tb::check(mm, cycle, own.of(s * w.slots + v, l),
                                tb::get_field(top.view_owner_o, f * w.warp_w, w.warp_w),
                                [&] { return at + tb::indexed("view_owner_o", f); });
            }
    }

    // under ics-first and minpc the warps whose threads all wait at
    // simt.bar (the SM's arrival by state)
    if constexpr (IsIcs<T>::value || IsMinpc<T>::value)
        for (unsigned v = 0; v < w.warps; v++)
            ok &= tb::expect(mm, cycle, at + tb::indexed("all_barrier_o", v),
                             p.all_barrier[v],
                             tb::get_field(top.all_barrier_o, v, 1));

    // the module chooses the launch
    ok &= tb::expect(mm, cycle, at + "launch_valid_o", p.launch >= 0,
                     top.launch_valid_o);
    if (p.launch >= 0)
        ok &= tb::expect(mm, cycle, at + "launch_warp_o", p.launch,
                         top.launch_warp_o);
    for (unsigned v = 0; v < w.warps; v++)
        ok &= tb::expect(mm, cycle, at + "ready_o[" + std::to_string(v) + "]",
                         p.si.ready[v], tb::get_field(top.ready_o, v, 1));
    ok &= tb::expect(mm, cycle, at + "grant_valid_o", p.so.grant_valid,
                     top.grant_valid_o);
    if (p.so.grant_valid) {
        ok &= tb::expect(mm, cycle, at + "grant_warp_o", p.so.grant_warp,
                         top.grant_warp_o);
        ok &= tb::expect(mm, cycle, at + "issue_pc_o", p.head_pc,
                         tb::get_field(top.issue_pc_o, 0, 32));
        ok &= tb::expect(mm, cycle, at + "issue_mask_o", p.head_mask,
                         tb::get_field(top.issue_mask_o, 0, w.lanes));
        if (p.head_valid)
            ok &= tb::expect(mm, cycle, at + "issue_word_o", p.head_word,
                             top.issue_word_o);
    }
    // every warp's head, as the issue check reads it (its PC, mask and
    // word are what the I-buffer holds only while it holds a slot)
    for (unsigned v = 0; v < w.warps; v++) {
        ok &= tb::check(mm, cycle, p.hd_ready[v],
                        tb::get_field(top.hd_ready_o, v, 1),
                        [&] { return at + tb::indexed("hd_ready_o", v); });
        ok &= tb::check(mm, cycle, p.hd_valid[v],
                        tb::get_field(top.hd_valid_o, v, 1),
                        [&] { return at + tb::indexed("hd_valid_o", v); });
        if (!p.hd_valid[v])
            continue;
        ok &= tb::check(mm, cycle, p.hd_pc[v],
                        tb::get_field(top.hd_pc_o, v * 32, 32),
                        [&] { return at + tb::indexed("hd_pc_o", v); });
        ok &= tb::check(mm, cycle, p.hd_mask[v],
                        tb::get_field(top.hd_mask_o, v * w.lanes, w.lanes),
                        [&] { return at + tb::indexed("hd_mask_o", v); });
        ok &= tb::check(mm, cycle, p.hd_word[v],
                        tb::get_field(top.hd_word_o, v * 32, 32),
                        [&] { return at + tb::indexed("hd_word_o", v); });
    }
    if constexpr (tb::HasOpStage<T>::value) {
        ok &= tb::expect(mm, cycle, at + "op_valid_o", p.op_valid,
                         top.op_valid_o);
        ok &= tb::expect(mm, cycle, at + "exec_o", p.exec_valid, top.exec_o);
        if (p.exec_valid)
            ok &= tb::expect(mm, cycle, at + "op_warp_o", p.exec_warp,
                             top.op_warp_o);
    }
    ok &= tb::expect(mm, cycle, at + "rdy_valid_o", p.fi.rdy_valid,
                     top.rdy_valid_o);
    if (p.fi.rdy_valid)
        ok &= tb::expect(mm, cycle, at + "rdy_warp_o", p.fi.rdy_warp,
                         top.rdy_warp_o);
    ok &= tb::expect(mm, cycle, at + "flush_valid_o", p.fi.flush_valid,
                     top.flush_valid_o);
    if (p.fi.flush_valid)
        ok &= tb::expect(mm, cycle, at + "flush_warp_o", p.fi.flush_warp,
                         top.flush_warp_o);
    ok &= tb::expect(mm, cycle, at + "fetch_valid_o", p.fetched,
                     top.fetch_valid_o);
    if (p.fetched) {
        ok &= tb::expect(mm, cycle, at + "fetch_warp_o", p.fetch_warp,
                         top.fetch_warp_o);
        ok &= tb::expect(mm, cycle, at + "fetch_pc_o", p.fetch_pc,
                         tb::get_field(top.fetch_pc_o, 0, 32));
        ok &= tb::expect(mm, cycle, at + "fetch_mask_o", p.fetch_mask,
                         tb::get_field(top.fetch_mask_o, 0, w.lanes));
    }
    if constexpr (IsIcs<T>::value || IsHarp<T>::value) {
        // the thread states, or the tables' views, tell the SM
        ok &= tb::expect(mm, cycle, at + "pop (of the C stage)", 0, p.ro.pop);
        ok &= tb::expect(mm, cycle, at + "exited (of the C stage)", 0,
                         p.ro.exited);
    } else {
        ok &= tb::expect(mm, cycle, at + "pop_o", p.ro.pop, top.pop_o);
        ok &= tb::expect(mm, cycle, at + "exited_o", p.ro.exited, top.exited_o);
    }
    if constexpr (kMode != RECONV_SBR)  // never yield
        ok &= tb::expect(mm, cycle, at + "yielded (of the C stage)", 0,
                         p.ro.yielded);
    else
        ok &= tb::expect(mm, cycle, at + "yielded_o", p.ro.yielded, top.yielded_o);
    ok &= tb::expect(mm, cycle, at + "rc_err_o", p.ro.err, top.rc_err_o);
    ok &= tb::expect(mm, cycle, at + "fetch_err_o", p.fetch_err, top.fetch_err_o);
    ok &= tb::expect(mm, cycle, at + "sched_err_o", p.so.err, top.sched_err_o);
    return ok;
}

void count(Coverage &c, const sm_front_probe &p, const sm_issue_probe &ip,
           const tb::Owners &own, unsigned s, const Widths &w)
{
    unsigned warps = w.warps, slots = w.slots;

    for (unsigned k = 0; kMode == RECONV_HARP && k < slots; k++) {
        bool checked = ip.base[s][k] && ip.buffered[s][k];
        c.views += checked;
        c.view_stale += checked && ip.stale[s][k];
        c.view_held += (p.fi.warp_valid[k / 64] >> k % 64 & 1) && !ip.base[s][k];
        c.view_regrouped += checked && !ip.stale[s][k]
                            && tb::regrouped(own, s * slots + k, ip.mask[s][k], w.lanes);
    }
    for (unsigned v = 0; kMode != RECONV_HARP && v < warps; v++) {
        bool checked = ip.base[s][v] && ip.buffered[s][v];
        c.views += checked;
        c.view_stale += checked && ip.stale[s][v];
        c.view_dead += checked && !ip.stale[s][v]
                       && (p.hd_mask[v] & ~p.check_live[v]) != 0;
        c.view_held += p.asked[v] && !ip.base[s][v];
    }
    c.grants += p.so.grant_valid;
    c.stage_holds += p.op_valid && !p.exec_valid;
    c.stale += p.stale;
    c.fetches += p.fetched;
    c.stage_fetches += p.fetched && p.fetch_stage;
    c.flushes += p.fi.flush_valid;
    c.pop_flushes += p.fi.flush_valid && p.so.grant_valid && p.ro.pop
                     && !p.control;
    c.pops += p.ro.pop;
    c.launches += p.launch >= 0;
    c.exits += p.ro.exited;
    // a fetch at the stage's PC for a warp whose threads are apart: its
    // mask is not all its live lanes
    // (under harp a fetched slot is no warp: none counted)
    c.diverged_fetches += kMode != RECONV_HARP && p.fetched && p.fetch_stage
                          && p.fetch_mask && p.fetch_mask != p.live[p.fetch_warp];
    unsigned takeable = 0;  // pending warps the stage can take
    for (unsigned v = 0; v < warps; v++) {
        takeable += p.launch_pending[v] && p.can_launch[v];
        c.held_by_stage += p.launch_pending[v] && !p.can_launch[v];
        c.held_by_op += p.launch_pending[v] && p.can_launch[v] && p.op_valid;
    }
    c.launch_choices += p.launch >= 0 && takeable > 1;
    for (unsigned k = 0; kMode == RECONV_HARP && k < slots; k++)
        c.hazards += !p.no_hazard[k];
    for (unsigned v = 0; v < warps; v++) {
        c.clears += p.clear[v / 64] >> v % 64 & 1;
        c.emptied += p.emptied[v / 64] >> v % 64 & 1;
        c.releases += p.release[v / 64] >> v % 64 & 1;
    }
}

// One kernel in lockstep for at most `cycles` cycles.  With fst set (the
// replay) only scheduler trace_sched's front end is traced, up to stop_at.
// Returns the first mismatch (cycle -1: none), its scheduler in bad_sched;
// status: 0 run and checked, -1 the configuration refuses the kernel or
// the C SM stops it with an error of the stage, the fetch unit or the
// scheduler (why; the error outputs were compared), 1 the kernel failed
// (it could not be built, was not done in time, another part of the C SM
// stopped it, or its result is wrong).
tb::Mismatch run_kernel(Source &src, const simt_config &cfg,
                        const char *config, long cycles, const char *fst,
                        unsigned trace_sched, long stop_at, Coverage &cov,
                        int &status, std::string &why, unsigned &bad_sched)
{
    Run r;
    tb::Mismatch mm;
    struct scheduler_geometry sg;
    unsigned S = cfg.schedulers;
    long cycle = 0;
    bool front_err = false;     // an error output of the front end was set

    status = 0;
    if (int rc = tb::sm_start(r, src, config, why)) {
        status = rc == -1 ? -1 : 1;
        return mm;
    }
    scheduler_geometry(&cfg, &sg);
    const Widths w = { r.m->warps_per_sched, cfg.warp_size, cfg.pc_bits,
                       sg.tb_w, sg.tbs, cfg.first_level_entries,
                       r.m->warps_per_sched > 1 ? clog2(r.m->warps_per_sched) : 1 };
    r.probe.assign(S, sm_front_probe{});
    r.last.assign(S, sm_front_probe{});
    r.m->front_probe = r.probe.data();
    r.check.assign(1, sm_issue_probe{});
    r.m->issue_probe = r.check.data();
    if (kMode == RECONV_HARP)   // the owners each check reads
        r.owners = tb::Owners(S * w.slots);
    tb::SchedTops<Top> tops(S, fst, trace_sched);
    for (; r.m->status == SM_RUNNING && cycle < cycles; cycle++) {
        for (auto &p : r.probe)
            p = sm_front_probe{};
        r.check[0] = sm_issue_probe{};
        if (kMode == RECONV_HARP)
            r.check[0].owner = r.owners.rows();
        sm_cycle(r.m);
        for (unsigned s = 0; s < S; s++) {
            const sm_front_probe &p = r.probe[s];
            if (!p.evaluated)
                continue;           // the SM stopped before this scheduler
            drive(tops[s], r, p, r.last[s], w);
            tops.low(s, cycle);
            if (!compare(tops[s], p, r.check[0], r.owners, w, cycle, s, mm)
                && !fst) {
                bad_sched = s;
                return mm;
            }
            count(cov, p, r.check[0], r.owners, s, w);
            front_err |= p.ro.err || p.fetch_err || p.so.err;
            cov.fills_dropped += r.last[s].fetched && !p.fi.fill_valid;
            r.last[s] = p;
            tops.high(s, cycle);
        }
        if (fst && cycle >= stop_at)
            break;
    }
    cov.cycles += (unsigned long)cycle;
    if (fst)
        return mm;
    status = tb::sm_finish(r, src, cycles, why);
    if (status < 0 && !front_err) {
        why = "the C SM stopped it outside the front end: " + why;
        status = 1;
    }
    cov.kernels += status == 0;
    return mm;
}

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, "tb_sm_front");
    simt_config cfg;
    std::vector<std::unique_ptr<Source>> sources;
    tb::KgenShop shop;
    Coverage cov;
    tb::Stops stops;
    double secs = 0;

    if (int rc = tb::load_stage_config(opt.config, cfg))
        return rc;
    if (cfg.operand_read_cycles != (kOpStage ? 1u : 0u)) {
        std::fprintf(stderr, "tb_sm_front: configuration %s: "
                     "operand_read_cycles = %u, but this module executes a "
                     "granted warp %s\n", cfg.name, cfg.operand_read_cycles,
                     kOpStage ? "in the next cycle (1)"
                              : "in the grant's cycle (0)");
        return 2;
    }
    if (cfg.reconvergence != kMode) {
        std::fprintf(stderr, "tb_sm_front: configuration %s: reconvergence "
                     "= %s, but this module is the front end under %s\n",
                     cfg.name, config_reconvergence_name(cfg.reconvergence),
                     config_reconvergence_name(kMode));
        return 2;
    }
    if (int rc = tb::sources_of(opt, cfg, "tb_sm_front", shop, sources))
        return rc;
    auto run = [&](Source &src, const char *fst, unsigned trace_sched,
                   long stop_at, int &status, std::string &why,
                   unsigned &bad_sched) {
        Coverage ignored;
        return run_kernel(src, cfg, opt.config.c_str(), opt.cycles, fst,
                          trace_sched, stop_at, fst ? ignored : cov, status,
                          why, bad_sched);
    };
    if (tb::run_sources(sources, opt, argv[0], "front end", run, stops, secs))
        return 1;
    for (const auto &r : stops.by)
        std::printf("stopped on the C SM (and the front end's error outputs "
                    "with it) or refused: %lu like %s\n", r.second.count,
                    r.second.first.c_str());
    std::printf("coverage: %lu kernels checked in %lu cycles: %lu launches, "
                "%lu grants (%lu stale), %lu fetches (%lu at the stage's PC, "
                "%lu of them for a diverged warp), %lu flushes (%lu by a pop "
                "alone), %lu pops, %lu warps exited, %lu releases, %lu "
                "I-buffer clears, %lu warps emptied, %lu answers to a fetch "
                "no longer in flight dropped\n", cov.kernels,
                cov.cycles, cov.launches, cov.grants, cov.stale, cov.fetches,
                cov.stage_fetches, cov.diverged_fetches, cov.flushes,
                cov.pop_flushes, cov.pops, cov.exits, cov.releases,
                cov.clears, cov.emptied, cov.fills_dropped);
    if (kMode != RECONV_HARP)
        std::printf("views: %lu warps checked (%lu stale, %lu of the others "
                    "with a dead lane in the slot's mask), %lu times the stage "
                    "held a warp\n", cov.views, cov.view_stale, cov.view_dead,
                    cov.view_held);
    else
        std::printf("views: %lu slots checked (%lu stale, %lu of the others "
                    "running threads of several launch warps), %lu times a "
                    "slot held a warp the stage did not let issue\n",
                    cov.views, cov.view_stale, cov.view_regrouped,
                    cov.view_held);
    if (kOpStage)
        std::printf("operand-read stage: %lu cycles its warp did not execute "
                    "(it waited on a hazard or was dropped)\n", cov.stage_holds);
    std::printf("launch: %lu launches chosen among several pending warps the "
                "stage could take, %lu times a pending warp the stage could "
                "not take, %lu times one the operand-read stage held back\n",
                cov.launch_choices, cov.held_by_stage, cov.held_by_op);
    if (kMode == RECONV_HARP)
        std::printf("harp: %lu times a slot held by a hazard\n", cov.hazards);
    // Every mode: launches, grants, fetches at the stage's PC and from the
    // I-buffer's next, flushes, and in the suite a launch chosen among
    // several warps (a pending launch the stage cannot take, or that the
    // operand-read stage holds back, is counted, not required).  A pop
    // flushes under sbr and minpc (the ics-first stage never pops: its
    // stale slots are dropped at issue instead); minpc's and ics-first's
    // barriers release through the front end's release_i; a diverged warp
    // fetches from the stage under minpc and ics-first.  Under harp the
    // stage never pops: its barriers release and the issue check holds a
    // slot.
    bool suite = opt.scenario.empty();
    // Under minpc and ics-first a view is stale, under ics-first the
    // stage holds a warp it is asked about; under harp a checked slot runs
    // threads of several launch warps, and a slot holding a warp may not
    // issue.
    bool missed = kMode == RECONV_ICS_FIRST
                  ? cov.stale == 0 || cov.releases == 0 || cov.diverged_fetches == 0
                    || cov.view_stale == 0 || cov.view_held == 0
                  : kMode == RECONV_MINPC
                  ? cov.pop_flushes == 0 || cov.releases == 0
                    || cov.diverged_fetches == 0 || cov.view_stale == 0
                  : kMode == RECONV_HARP
                  ? cov.releases == 0 || cov.hazards == 0
                    || cov.view_regrouped == 0 || cov.view_held == 0
                  : cov.pop_flushes == 0;
    if (cov.kernels == 0 || cov.launches == 0 || cov.grants == 0
        || cov.fetches == 0 || cov.stage_fetches == 0
        || cov.stage_fetches == cov.fetches || cov.flushes == 0
        || (suite && cov.pops == 0 && kMode != RECONV_ICS_FIRST
            && kMode != RECONV_HARP)
        || (suite && missed) || (suite && kOpStage && cov.stage_holds == 0)
        || (suite && cov.launch_choices == 0)) {
        std::printf("FAIL: the kernels did not reach every interesting "
                    "event (see the counters above)\n");
        return 1;
    }
    std::printf("PASS: %lu kernels (%lu stopped) in %.2f s\n", cov.kernels,
                stops.total, secs);
    return 0;
}
