// tb_sm_reconv.cpp -- the SM's control-flow stage in Verilog
// (simtref_sm_reconv) in lockstep with the C SM on the suite's kernels
// and on random kgen programs (tests/tools/kgen.h, docs/kgen.md), under
// sbr, minpc or ics-first (the module's ports tell which: drive()).
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
// loader's ICS action at its PC and the releases.  Before each clock edge
// every output is compared with the C stage's: what the update does (err;
// pop and exited but under ics-first; yielded under sbr) and the PC and
// mask fetch reads.  The kernel must then have run to its end on
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

// Whether module T is the stage under minpc (its lanes' stack offsets),
// under ics-first (the ICS action side-band), else under sbr.
template <class T, class = void> struct IsMinpc : std::false_type {};
template <class T>
struct IsMinpc<T, std::void_t<decltype(T::lane_off_i)>> : std::true_type {};
template <class T, class = void> struct IsIcs : std::false_type {};
template <class T>
struct IsIcs<T, std::void_t<decltype(T::action_i)>> : std::true_type {};
constexpr bool kMinpc = IsMinpc<Top>::value;
constexpr bool kIcs = IsIcs<Top>::value;
constexpr reconvergence kMode = kMinpc ? RECONV_MINPC
                                : kIcs ? RECONV_ICS_FIRST : RECONV_SBR;

// What the kernels exercised, over the whole run.
struct Coverage {
    unsigned long kernels = 0, cycles = 0, updates = 0, launches = 0,
                  splits = 0, late_splits = 0, calls = 0, returns = 0,
                  pops = 0, exits = 0, yields = 0, reads = 0, parks = 0,
                  releases = 0, deeper = 0, actions = 0;
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

// The inputs of the stage under sbr: the instruction's outcome and
// side-band (tb_sm_common.h, as the front end's) and its PC.
template <class T>
void drive_sbr(T &top, const Run &r, const sm_rc_probe &p, unsigned pc_bits,
               unsigned lanes)
{
    const sm_rc_in &in = p.eval_in;

    tb::drive_update(top, r.m, in, pc_bits, lanes);
    tb::set_field(top.pc_i, 0, pc_bits, pc_index(r, in.pc, pc_bits));
}

// The inputs of the stage under minpc: each lane's new PC and stack
// offset, the releases of the edge, the read warp's live lanes.
template <class T>
void drive_minpc(T &top, const Run &r, const sm_rc_probe &p, unsigned pc_bits,
                 unsigned lanes)
{
    const sm_rc_in &in = p.eval_in;
    unsigned off_w = 0;

    while ((1u << off_w) < SM_STACK_BYTES)
        off_w++;
    tb::set_field(top.pc_i, 0, pc_bits, pc_index(r, in.pc, pc_bits));
    tb::set_field(top.live_i, 0, lanes, in.live);
    for (unsigned l = 0; l < lanes; l++) {
        bool on = in.op != SM_RC_NONE && (in.mask >> l & 1);
        tb::set_field(top.lane_pc_i, l * pc_bits, pc_bits,
                      on ? pc_index(r, in.lane_pc[l], pc_bits) : 0);
        tb::set_field(top.lane_off_i, l * off_w, off_w, on ? in.lane_sp[l] : 0);
    }
    for (unsigned w = 0; w < r.m->rc.warps; w++)
        tb::set_field(top.release_i, w, 1,
                      p.stepped && (p.step_release[w / 64] >> w % 64 & 1));
    tb::set_field(top.rd_live_i, 0, lanes,
                  p.read ? p.read_in.rd_live : in.rd_live);
}

// The inputs of the stage under ics-first: each lane's new PC, the
// instruction's exit and priority action, the loader's ICS action at its
// PC (side-band), the releases of the edge.
template <class T>
void drive_ics(T &top, const Run &r, const sm_rc_probe &p, unsigned pc_bits,
               unsigned lanes)
{
    const sm_rc_in &in = p.eval_in;

    for (unsigned l = 0; l < lanes; l++) {
        bool on = in.op != SM_RC_NONE && (in.mask >> l & 1);
        tb::set_field(top.lane_pc_i, l * pc_bits, pc_bits,
                      on ? pc_index(r, in.lane_pc[l], pc_bits) : 0);
    }
    top.exit_i = in.exit;
    top.prio_i = in.prio;
    top.action_i = in.op == SM_RC_EXEC ? sm_reconv_ics_action(r.m->prog, in.pc) : 0;
    for (unsigned w = 0; w < r.m->rc.warps; w++)
        tb::set_field(top.release_i, w, 1,
                      p.stepped && (p.step_release[w / 64] >> w % 64 & 1));
}

// Scheduler s's port of this cycle into its stage: the inputs of every
// mode, then the mode's own (the one place that tells the modes apart).
template <class T>
void drive(T &top, const Run &r, const sm_rc_probe &p, unsigned pc_bits,
           unsigned lanes)
{
    const sm_rc_in &in = p.eval_in;

    top.op_i = in.op == SM_RC_LAUNCH ? 1 : in.op == SM_RC_EXEC ? 2 : 0;
    top.warp_i = in.warp;
    tb::set_field(top.mask_i, 0, lanes, in.mask);
    top.bar_i = in.bar;
    top.rd_warp_i = p.read ? p.read_in.rd_warp : in.rd_warp;
    if constexpr (IsMinpc<T>::value)
        drive_minpc(top, r, p, pc_bits, lanes);
    else if constexpr (IsIcs<T>::value)
        drive_ics(top, r, p, pc_bits, lanes);
    else
        drive_sbr(top, r, p, pc_bits, lanes);
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

    if constexpr (IsIcs<T>::value) {    // the thread states tell the SM
        ok &= tb::expect(mm, cycle, at + "pop (of the C stage)", 0, o.pop);
        ok &= tb::expect(mm, cycle, at + "exited (of the C stage)", 0,
                         o.exited);
    } else {
        ok &= tb::expect(mm, cycle, at + "pop_o", o.pop, top.pop_o);
        ok &= tb::expect(mm, cycle, at + "exited_o", o.exited, top.exited_o);
    }
    if constexpr (IsMinpc<T>::value || IsIcs<T>::value)  // never yield
        ok &= tb::expect(mm, cycle, at + "yielded (of the C stage)", 0,
                         o.yielded);
    else
        ok &= tb::expect(mm, cycle, at + "yielded_o", o.yielded, top.yielded_o);
    ok &= tb::expect(mm, cycle, at + "err_o", o.err, top.err_o);
    ok &= tb::expect(mm, cycle, at + "rd_valid_o", rd.rd_valid, top.rd_valid_o);
    if (rd.rd_valid) {
        ok &= tb::expect(mm, cycle, at + "rd_pc_o", pc_index(r, rd.rd_pc, pc_bits),
                         tb::get_field(top.rd_pc_o, 0, pc_bits));
        ok &= tb::expect(mm, cycle, at + "rd_mask_o", rd.rd_mask,
                         tb::get_field(top.rd_mask_o, 0, lanes));
    }
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

// Why kernels stopped: each reason with its numbers left out, how many
// and the first that gave it.
struct Stops {
    struct Reason {
        unsigned long count = 0;
        std::string first;     // the first kernel stopped for it, and why
    };
    std::map<std::string, Reason> by;
    unsigned long total = 0;

    void add(const Source &src, const std::string &why)
    {
        std::string key;
        for (char c : why)
            if (c < '0' || c > '9')
                key += c;
            else if (key.empty() || key.back() != 'N')
                key += 'N';
        Reason &r = by[key];
        if (r.count++ == 0)
            r.first = src.name() + ": " + why;
        total++;
    }
};

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, "tb_sm_reconv");
    simt_config cfg;
    char err[CONFIG_ERR_LEN + 4096];
    std::vector<std::unique_ptr<Source>> sources;
    KgenShop shop;
    Coverage cov;
    Stops stops;
    const uint64_t suite_seed = 1;
    bool kgen = opt.kgen_count > 0;

    if (config_load(opt.config.c_str(), &cfg, err, sizeof err) != 0) {
        std::fprintf(stderr, "%s\n", err);
        return 1;
    }
    if (cfg.reconvergence != kMode) {
        std::fprintf(stderr, "tb_sm_reconv: configuration %s: reconvergence "
                     "= %s, but this module is the stage under %s\n", cfg.name,
                     config_reconvergence_name(cfg.reconvergence),
                     config_reconvergence_name(kMode));
        return 2;
    }
    if (std::string why; !tb::sources_of(opt, suite_seed, shop, sources, why)) {
        std::fprintf(stderr, "tb_sm_reconv: %s\n", why.c_str());
        return 2;
    }
    if (kgen)
        std::printf("tb_sm_reconv: configuration %s, kgen programs %llu .. %llu, "
                    "at most %ld cycles each\n", cfg.name,
                    (unsigned long long)opt.kgen_seed,
                    (unsigned long long)(opt.kgen_seed + opt.kgen_count - 1),
                    opt.cycles);
    else
        std::printf("tb_sm_reconv: configuration %s, %zu kernels, at most %ld "
                    "cycles each\n", cfg.name, sources.size(), opt.cycles);
    std::fflush(stdout);
    // wall time: a kgen program is built and run under qemu by other
    // processes
    auto t0 = std::chrono::steady_clock::now();
    for (auto &src : sources) {
        int status;
        std::string why;
        unsigned s = 0, unused;
        tb::Mismatch mm = run_kernel(*src, cfg, opt.config.c_str(), opt.cycles,
                                     nullptr, 0, 0, cov, status, why, s);
        if (mm.cycle >= 0) {
            Coverage ignored;
            std::printf("MISMATCH in %s at cycle %ld: %s expected %llu, "
                        "actual %llu\n", src->name().c_str(), mm.cycle,
                        mm.signal.c_str(), (unsigned long long)mm.expected,
                        (unsigned long long)mm.actual);
            run_kernel(*src, cfg, opt.config.c_str(), opt.cycles, opt.fst.c_str(), s,
                       mm.cycle + 2, ignored, status, why, unused);
            std::printf("waveform: %s (scheduler %u's stage)\n", opt.fst.c_str(), s);
            std::printf("replay:   %s --config %s %s --cycles %ld\n", argv[0],
                        opt.config.c_str(), src->replay().c_str(), opt.cycles);
            std::printf("FAIL\n");
            return 1;
        }
        if (status > 0) {
            std::printf("FAIL: %s: %s\n", src->name().c_str(), why.c_str());
            std::printf("replay:   %s --config %s %s --cycles %ld\n", argv[0],
                        opt.config.c_str(), src->replay().c_str(), opt.cycles);
            return 1;
        }
        if (status < 0)
            stops.add(*src, why);
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const auto &r : stops.by)
        std::printf("stopped on the C SM (and the stage's err_o with it) or "
                    "refused: %lu like %s\n", r.second.count, r.second.first.c_str());
    std::printf("coverage: %lu kernels checked in %lu cycles, %lu updates: "
                "%lu launches, %lu splits (%lu with a late side), %lu calls, "
                "%lu returns, %lu pops, %lu warps exited, %lu yields, %lu "
                "reads, %lu simt.bar, %lu releases, %lu updates leaving a "
                "warp's threads at two call depths, %lu ICS actions\n",
                cov.kernels, cov.cycles, cov.updates, cov.launches, cov.splits,
                cov.late_splits, cov.calls, cov.returns, cov.pops, cov.exits,
                cov.yields, cov.reads, cov.parks, cov.releases, cov.deeper,
                cov.actions);
    // (the suite's kernels yield at no barrier on these configurations:
    // their yields are counted, not required; kgen programs do yield
    // under sbr, docs/kgen.md; calls and returns are sbr's side-band, call
    // depths minpc's SP keys)
    bool missed = kMinpc ? cov.splits == 0 || cov.pops == 0 || cov.parks == 0
                           || cov.releases == 0 || cov.deeper == 0
                  : kIcs ? cov.splits == 0 || cov.parks == 0
                           || cov.releases == 0 || cov.actions == 0
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
