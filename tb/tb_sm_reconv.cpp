// tb_sm_reconv.cpp -- the SM's control-flow stage in Verilog
// (simtref_sm_reconv) in lockstep with the C SM on the suite's kernels
// and on random kgen programs (tests/tools/kgen.h, docs/kgen.md), under
// sbr, minpc, ics-first or harp (the module's ports tell which: drive()).
//
// A kernel runs on the C SM (golden/sm/), opened with the configuration
// and given its inputs through the host API as `simtref sim` does, every
// cycle evaluated (its reference mode).  The SM's own stage records its
// port each cycle (struct sm_rc_probe, golden/sm/sm_reconv.h); one
// instance of the module per warp scheduler gets the same port: the
// update (a launch or an executed instruction's outcome) and the read
// port's warp; under sbr the instruction's pre-decoded side-band (struct
// sm_sbr_predecode), under minpc each lane's new PC and stack offset, the
// barrier releases and the read warp's live lanes, under ics-first each
// lane's new PC, the instruction's exit and priority action, the
// loader's ICS action at its PC and the releases, under harp the
// instruction's outcome, its re-convergence PC, each lane's new PC, the
// releases and each launch warp's lanes waiting on global memory.
// Before each clock edge every output is compared with the C stage's:
// what the update does (err; pop and exited under sbr and minpc; yielded
// under sbr), the PC and mask fetch reads, and under ics-first and harp
// the warps the stage can take a launch at (can_launch_o, against
// sm_reconv_can_launch() of every warp; under sbr and minpc the C stage
// must take one at every warp); under harp also what the SM reads of
// the tables (the probe's harp fields): the issuable and fetchable
// slots, each First-Level slot's PC, mask and launch warp per lane, the
// parked threads and Second-Level's count.  The kernel must then have run to its end on
// the C SM, and its result is checked: a suite kernel's against its host
// reference, a kgen program's global memory against qemu-riscv32's run
// of the same source (tests/tools/kgen_build.h, as kgen_check does).
//
//   --scenario NAME   the suite's kernel NAME (default: every kernel)
//   --kgen-seed S --kgen-count N
//                     kgen programs S .. S+N-1 instead of the suite, each
//                     with kgen's grid, block and inputs (the warps are the
//                     configuration's); built with $RISCV_CC from the
//                     source tree $SRCDIR, qemu is $QEMU_RISCV32
//   --cycles N        a kernel's cycle limit
//
// The suite's kernels get the inputs of seed 1, as `simtref sim` gives
// them.  A kernel the configuration refuses (its launch, its text, an
// SBR stack too shallow for it) is counted as stopped, with its reason.
//
// On a mismatch: the kernel (or kgen seed), cycle, scheduler, signal,
// expected and actual values, the FST of that scheduler's stage replayed
// up to the mismatch, and the command that replays it; exit 1.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "Vsimtref_sm_reconv.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "tb_kgen.h"
#include "tb_sm_common.h"

namespace {

using Top = Vsimtref_sm_reconv;

using tb::IsHarp;
using tb::IsIcs;
using tb::IsMinpc;
constexpr bool kMinpc = IsMinpc<Top>::value;
constexpr bool kIcs = IsIcs<Top>::value;
constexpr bool kHarp = IsHarp<Top>::value;
constexpr reconvergence kMode = tb::mode_of<Top>();

// What the kernels exercised, over the whole run.
struct Coverage {
    unsigned long kernels = 0, cycles = 0, updates = 0, launches = 0,
                  splits = 0, late_splits = 0, calls = 0, returns = 0,
                  pops = 0, exits = 0, yields = 0, reads = 0, parks = 0,
                  releases = 0, deeper = 0, actions = 0, loads = 0,
                  thread_exits = 0, second_level = 0, held_launch = 0;
};

using tb::KgenShop;
using tb::Source;

// One kernel's run, and what the C SM's stages record of their ports.
struct Run : tb::SmRun {
    std::vector<sm_rc_probe> probe;
};

// Open an SM of the configuration file and launch src on it, the C
// stage's probe set: sm_start()'s codes.
int start(Run &r, Source &src, const char *config, std::string &why)
{
    if (int rc = tb::sm_start(r, src, config, why))
        return rc;
    r.probe.assign(r.m->cfg.schedulers, sm_rc_probe{});
    r.m->rc.probe = r.probe.data();
    return 0;
}

// A PC as the stage holds it.
uint64_t pc_index(const Run &r, uint32_t pc, unsigned pc_bits)
{
    return tb::pc_index(r.m, pc, pc_bits);
}

// Scheduler s's port of this cycle into its stage: the inputs of every
// mode, the PC (sbr, minpc) and the read warp's live lanes (minpc); the
// rest by the mode in tb_sm_common.h's drive_stage(), shared with the
// front end's testbench.
template <class T>
void drive(T &top, const Run &r, const sm_rc_probe &p, unsigned pc_bits,
           unsigned lanes)
{
    const sm_rc_in &in = p.eval_in;

    top.op_i = in.op == SM_RC_LAUNCH ? 1 : in.op == SM_RC_EXEC ? 2 : 0;
    top.warp_i = in.warp;
    tb::set_field(top.mask_i, 0, lanes, in.mask);
    top.rd_warp_i = p.read ? p.read_in.rd_warp : in.rd_warp;
    if constexpr (!IsIcs<T>::value)
        tb::set_field(top.pc_i, 0, pc_bits, pc_index(r, in.pc, pc_bits));
    if constexpr (IsMinpc<T>::value)
        tb::set_field(top.rd_live_i, 0, lanes,
                      p.read ? p.read_in.rd_live : in.rd_live);
    tb::drive_stage(top, r.m, in, p.stepped ? p.step_release : nullptr,
                    r.m->rc.warps, pc_bits, lanes,
                    p.harp ? p.mem_pending : nullptr);
}

// Under harp, what the SM reads of the tables before the edge (the
// probe's harp fields) against the module's views; false at the first
// difference.  A signal's name is made only when it differs.
template <class T>
bool compare_views(const T &top, const Run &r, const sm_rc_probe &p,
                   unsigned pc_bits, unsigned lanes, long cycle,
                   const std::string &at, tb::Mismatch &mm)
{
    unsigned lane_bits = 0, cnt_w = 0, W = r.m->rc.warps;
    auto same = [&](const char *what, long k, uint64_t want, uint64_t got) {
        if (want == got)
            return true;
        return tb::expect(mm, cycle, at + what + (k >= 0 ? std::to_string(k) : ""),
                          want, got);
    };

    while ((1u << lane_bits) < lanes)
        lane_bits++;
    while ((1ull << cnt_w) < r.m->cfg.second_level_entries + 1ull)
        cnt_w++;
    unsigned tw = r.m->cfg.thread_id_bits - lane_bits;   // TW: a launch warp
    if (!p.harp)
        return same("harp record (of the C stage)", -1, 1, 0);
    for (unsigned k = 0; k < p.slots; k++) {
        const sm_rc_probe::sm_rc_slot &v = p.slot[k];
        if (!same("issuable_o of slot ", k, p.issuable[k / 64] >> k % 64 & 1,
                  tb::get_field(top.issuable_o, k, 1))
            || !same("fetchable_o of slot ", k, p.fetchable[k / 64] >> k % 64 & 1,
                     tb::get_field(top.fetchable_o, k, 1))
            || !same("fl_pc_o of slot ", k, v.pc,
                     tb::get_field(top.fl_pc_o, k * pc_bits, pc_bits))
            || !same("fl_mask_o of slot ", k, v.mask,
                     tb::get_field(top.fl_mask_o, k * lanes, lanes)))
            return false;
        for (unsigned l = 0; l < lanes; l++) {
            uint64_t got = tb::get_field(top.fl_tid_o, (k * lanes + l) * tw, tw);
            if (got != v.tid[l])
                return same(("fl_tid_o of slot " + std::to_string(k) + " lane ").c_str(),
                            l, v.tid[l], got);
        }
    }
    for (unsigned w = 0; w < W; w++)
        if (!same("parked_o of launch warp ", w, p.parked[w],
                  tb::get_field(top.parked_o, w * lanes, lanes)))
            return false;
    return same("sl_count_o", -1, p.second_level,
                tb::get_field(top.sl_count_o, 0, cnt_w));
}

// Per warp, whether the stage can take a launch now
// (sm_reconv_can_launch() before the edge, every cycle): the module's
// can_launch_o under ics-first and harp; under sbr and minpc the stage
// always can, and the C stage's must say so.  False at the first
// difference.
template <class T>
bool compare_can_launch(const T &top, const sm_rc_probe &p, unsigned warps,
                        long cycle, const std::string &at, tb::Mismatch &mm)
{
    for (unsigned w = 0; w < warps; w++) {
        uint64_t c = p.can_launch[w / 64] >> w % 64 & 1;
        if constexpr (IsIcs<T>::value || IsHarp<T>::value) {
            uint64_t got = tb::get_field(top.can_launch_o, w, 1);
            if (got != c)
                return tb::expect(mm, cycle, at + tb::indexed("can_launch_o", w),
                                  c, got);
        } else if (!c) {
            return tb::expect(mm, cycle, at + tb::indexed("can_launch (of the C stage)", w),
                              1, c);
        }
    }
    return true;
}

// The stage's outputs against the C stage's; false at the first
// difference (recorded in mm).
template <class T>
bool compare(const T &top, const Run &r, const sm_rc_probe &p,
             unsigned pc_bits, unsigned lanes, long cycle, unsigned s,
             tb::Mismatch &mm)
{
    const sm_rc_out &o = p.eval_out;
    const sm_rc_out &rd = p.read ? p.read_out : p.eval_out;
    std::string at = "scheduler " + std::to_string(s) + " ";
    bool ok = true;
    // a signal's name is made only when it differs (every cycle would
    // spend more on the names than on the comparison)
    auto expect = [&](const char *what, uint64_t want, uint64_t got) {
        return want == got || tb::expect(mm, cycle, at + what, want, got);
    };

    if constexpr (IsIcs<T>::value || IsHarp<T>::value) {
        // the thread states, or the tables' views, tell the SM
        ok &= expect("pop (of the C stage)", 0, o.pop);
        ok &= expect("exited (of the C stage)", 0, o.exited);
    } else {
        ok &= expect("pop_o", o.pop, top.pop_o);
        ok &= expect("exited_o", o.exited, top.exited_o);
    }
    if constexpr (tb::mode_of<T>() != RECONV_SBR)  // never yield
        ok &= expect("yielded (of the C stage)", 0, o.yielded);
    else
        ok &= expect("yielded_o", o.yielded, top.yielded_o);
    ok &= expect("err_o", o.err, top.err_o);
    ok &= expect("rd_valid_o", rd.rd_valid, top.rd_valid_o);
    if (rd.rd_valid) {
        ok &= expect("rd_pc_o", pc_index(r, rd.rd_pc, pc_bits),
                     tb::get_field(top.rd_pc_o, 0, pc_bits));
        ok &= expect("rd_mask_o", rd.rd_mask, tb::get_field(top.rd_mask_o, 0, lanes));
    }
    ok &= compare_can_launch(top, p, r.m->rc.warps, cycle, at, mm);
    if constexpr (IsHarp<T>::value)
        ok &= compare_views(top, r, p, pc_bits, lanes, cycle, at, mm);
    return ok;
}

// The C SM gives its stage one update a cycle: the step's inputs are the
// evaluation's (the read changes only the read port's warp).
bool one_update(const sm_rc_probe &p)
{
    const sm_rc_in &a = p.eval_in, &b = p.step_in;
    bool same = a.op == b.op && a.warp == b.warp && a.pc == b.pc
                && a.mask == b.mask && a.split == b.split && a.taken == b.taken
                && a.tpc == b.tpc && a.npc == b.npc && a.live == b.live
                && a.bar == b.bar && a.exit == b.exit;

    for (uint64_t m = a.op != SM_RC_NONE ? a.mask : 0; same && m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        same = a.lane_pc[l] == b.lane_pc[l] && a.lane_sp[l] == b.lane_sp[l];
    }
    return same;
}

void count(Coverage &c, const Run &r, const sm_rc_probe &p, unsigned s)
{
    const sm_rc_in &in = p.eval_in;
    const sm_sbr_predecode *d = sm_reconv_sbr_predecode(&r.m->rc, in.pc);
    bool split = in.op == SM_RC_EXEC && in.split && in.taken
                 && in.taken != in.mask && !in.exit;

    c.updates += in.op != SM_RC_NONE;
    c.launches += in.op == SM_RC_LAUNCH;
    c.splits += split && (!d || d->flow == SM_SBR_FLOW_OTHER);  // minpc: no d
    c.late_splits += split && d && d->flow == SM_SBR_FLOW_OTHER && d->late;
    c.calls += in.op == SM_RC_EXEC && in.mask && d && d->flow == SM_SBR_FLOW_CALL;
    c.returns += in.op == SM_RC_EXEC && in.mask && d
                 && d->flow == SM_SBR_FLOW_RETURN;
    c.pops += p.eval_out.pop;
    c.exits += p.eval_out.exited;
    c.yields += p.eval_out.yielded;
    c.reads += p.read;
    c.parks += in.op == SM_RC_EXEC && in.bar && in.mask;
    c.loads += in.op == SM_RC_EXEC && in.mem_wait && in.mask;
    c.thread_exits += in.op == SM_RC_EXEC && in.exit && in.mask;
    c.second_level += p.harp && p.second_level > 0;
    for (unsigned w = 0; w < r.m->rc.warps; w++)
        if (!(p.can_launch[w / 64] >> w % 64 & 1)) {
            c.held_launch++;    // a warp the stage cannot take a launch at
            break;
        }
    // ics-first: instructions with an ICS action (the loader's or their own)
    c.actions += in.op == SM_RC_EXEC && in.mask && r.m->rc.ics
                 && (in.prio || sm_reconv_ics_action(r.m->prog, in.pc));
    for (unsigned k = 0; p.stepped && k < SM_RC_MAX_WARPS / 64; k++)
        c.releases += p.step_release[k] != 0;
    // minpc: after the update the warp's live threads sit at two call
    // depths or more (SP keys), so that its arbiter compares SPs
    if (r.m->rc.lane_sp && in.op == SM_RC_EXEC && in.live) {
        unsigned L = r.m->cfg.warp_size;
        const uint64_t *sp = &r.m->rc.lane_sp[(in.warp * r.m->cfg.schedulers + s) * L];
        unsigned first = (unsigned)__builtin_ctzll(in.live);
        for (uint64_t m = in.live; m; m &= m - 1)
            if (sp[__builtin_ctzll(m)] != sp[first]) {
                c.deeper++;
                break;
            }
    }
}

// One kernel in lockstep for at most `cycles` cycles.  With fst set (the
// replay) only scheduler trace_sched's stage is traced, up to stop_at.
// Returns the first mismatch (cycle -1: none), its scheduler in bad_sched;
// status: 0 run and checked,
// -1 the configuration refuses the kernel or the C stage stops it with an
// error (why: an SBR stack too shallow, a call the stack cannot hold; the
// stage's err_o was compared), 1 the kernel failed (it could not be
// built, was not done in time, another part of the C SM stopped it, or
// its result is wrong).
tb::Mismatch run_kernel(Source &src, const simt_config &cfg,
                        const char *config, long cycles, const char *fst,
                        unsigned trace_sched, long stop_at, Coverage &cov,
                        int &status, std::string &why, unsigned &bad_sched)
{
    Run r;
    tb::Mismatch mm;
    unsigned S = cfg.schedulers, lanes = cfg.warp_size, pc_bits = cfg.pc_bits;
    long cycle = 0;
    bool stage_err = false;     // the C stage refused an update

    status = 0;
    if (int rc = start(r, src, config, why)) {
        status = rc == -1 ? -1 : 1;
        return mm;
    }
    tb::SchedTops<Top> tops(S, fst, trace_sched);
    for (; r.m->status == SM_RUNNING && cycle < cycles; cycle++) {
        for (auto &p : r.probe)
            p.evaluated = p.read = p.stepped = false;
        sm_cycle(r.m);
        for (unsigned s = 0; s < S; s++) {
            const sm_rc_probe &p = r.probe[s];
            if (!p.evaluated)
                continue;           // the SM stopped before this stage
            if (p.stepped && !one_update(p)) {
                why = "the C SM stepped scheduler " + std::to_string(s)
                      + "'s stage with another update than it evaluated";
                status = 1;
                return mm;
            }
            drive(tops[s], r, p, pc_bits, lanes);
            tops.low(s, cycle);
            if (!compare(tops[s], r, p, pc_bits, lanes, cycle, s, mm) && !fst) {
                bad_sched = s;
                return mm;
            }
            count(cov, r, p, s);
            stage_err |= p.eval_out.err;
            tops.high(s, cycle);
        }
        if (fst && cycle >= stop_at)
            break;
    }
    cov.cycles += (unsigned long)cycle;
    if (fst)
        return mm;
    if (r.m->status == SM_ERROR) {
        why = r.m->err;
        if (stage_err) {
            status = -1;            // the stage's err_o agreed with it
        } else {
            why = "the C SM stopped it outside the control-flow stage: " + why;
            status = 1;
        }
        return mm;
    }
    if (r.m->status != SM_DONE) {
        why = "not done after " + std::to_string(cycles) + " cycles";
        status = 1;
        return mm;
    }
    if (src.check(r, why) != 0) {
        status = 1;
        return mm;
    }
    cov.kernels++;
    return mm;
}

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, "tb_sm_reconv");
    simt_config cfg;
    std::vector<std::unique_ptr<Source>> sources;
    KgenShop shop;
    Coverage cov;
    tb::Stops stops;
    bool kgen = opt.kgen_count > 0;
    double secs = 0;

    if (int rc = tb::load_stage_config(opt.config, cfg))
        return rc;
    if (cfg.reconvergence != kMode) {
        std::fprintf(stderr, "tb_sm_reconv: configuration %s: reconvergence "
                     "= %s, but this module is the stage under %s\n", cfg.name,
                     config_reconvergence_name(cfg.reconvergence),
                     config_reconvergence_name(kMode));
        return 2;
    }
    if (int rc = tb::sources_of(opt, cfg, "tb_sm_reconv", shop, sources))
        return rc;
    auto run = [&](Source &src, const char *fst, unsigned trace_sched,
                   long stop_at, int &status, std::string &why,
                   unsigned &bad_sched) {
        Coverage ignored;
        return run_kernel(src, cfg, opt.config.c_str(), opt.cycles, fst,
                          trace_sched, stop_at, fst ? ignored : cov, status,
                          why, bad_sched);
    };
    if (tb::run_sources(sources, opt, argv[0], "stage", run, stops, secs))
        return 1;
    for (const auto &r : stops.by)
        std::printf("stopped on the C SM (and the stage's err_o with it) or "
                    "refused: %lu like %s\n", r.second.count, r.second.first.c_str());
    std::printf("coverage: %lu kernels checked in %lu cycles, %lu updates: "
                "%lu launches, %lu splits (%lu with a late side), %lu calls, "
                "%lu returns, %lu pops, %lu warps exited, %lu yields, %lu "
                "reads, %lu simt.bar, %lu releases, %lu updates leaving a "
                "warp's threads at two call depths, %lu ICS actions, %lu "
                "global loads, %lu simt.exit, %lu scheduler cycles with a warp in "
                "Second-Level, %lu with a warp the stage could not take a "
                "launch at\n",
                cov.kernels, cov.cycles, cov.updates, cov.launches, cov.splits,
                cov.late_splits, cov.calls, cov.returns, cov.pops, cov.exits,
                cov.yields, cov.reads, cov.parks, cov.releases, cov.deeper,
                cov.actions, cov.loads, cov.thread_exits, cov.second_level,
                cov.held_launch);
    // (the suite's kernels yield at no barrier on these configurations:
    // their yields are counted, not required; kgen programs do yield
    // under sbr, docs/kgen.md; calls and returns are sbr's side-band, call
    // depths minpc's SP keys)
    bool missed = kMinpc ? cov.splits == 0 || cov.pops == 0 || cov.parks == 0
                           || cov.releases == 0 || cov.deeper == 0
                  : kIcs ? cov.splits == 0 || cov.parks == 0
                           || cov.releases == 0 || cov.actions == 0
                           || cov.held_launch == 0
                  : kHarp ? cov.splits == 0 || cov.parks == 0
                            || cov.releases == 0 || cov.loads == 0
                            || cov.thread_exits == 0 || cov.second_level == 0
                            || cov.held_launch == 0
                         : cov.late_splits == 0 || cov.calls == 0
                           || cov.returns == 0;
    if (cov.kernels == 0 || (opt.scenario.empty() && missed)
        || (kgen && kMode == RECONV_SBR && cov.yields == 0)) {
        std::printf("FAIL: the kernels did not reach every interesting "
                    "event (see the counters above)\n");
        return 1;
    }
    std::printf("PASS: %lu kernels (%lu stopped) in %.2f s\n", cov.kernels,
                stops.total, secs);
    return 0;
}
