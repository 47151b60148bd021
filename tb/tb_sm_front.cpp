// tb_sm_front.cpp -- one warp scheduler's front end in Verilog
// (simtref_sm_front: simtref_fetch, simtref_ibuffer, simtref_scheduler and
// simtref_sm_reconv composed) in lockstep with the C SM on the suite's
// kernels.
//
// A kernel runs on the C SM (golden/sm/), started through the host API as
// `simtref sim` starts it, every cycle evaluated (its reference mode;
// tb/tb_sm_common.h).  The SM records each scheduler's front end each
// cycle (struct sm_front_probe, golden/sm/sm.h): what the rest of the SM
// gives it (the placement's clears, the issuable and fetchable warps,
// their TBs and long waits, the WPT's ranks and waits, the launch, the
// I-cache's fill and the scoreboard's rdy event, the executed
// instruction's outcome) and what its parts computed.  One instance of
// the module per warp scheduler gets the same inputs; before each clock
// edge every output is compared with the C SM's: the ready vector, the
// grant and the issued instruction's PC and mask, the flush, the fetch
// (warp, PC and mask), the stage's pop, exited and yielded, and the
// errors of the stage, the fetch unit and the scheduler.  The module's
// state is never read back: it must follow the C SM's on its own, from
// the reset, for the whole kernel.  The kernel's result is then checked
// against its host reference, so that each run is a real run.
//
//   --scenario NAME  the suite's kernel NAME (default: every kernel)
//   --cycles N       a kernel's cycle limit
//
// The kernels' inputs are those of seed 1, as `simtref sim` gives them.
//
// On a mismatch: the kernel, cycle, scheduler, signal, expected and
// actual values, the FST of that scheduler's front end replayed up to the
// mismatch, and the command that replays it; exit 1.
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "Vsimtref_sm_front.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "tb_sm_common.h"

namespace {

using Top = Vsimtref_sm_front;

// What the kernels exercised, over the whole run.
struct Coverage {
    unsigned long kernels = 0, cycles = 0, grants = 0, stale = 0,
                  fetches = 0, stage_fetches = 0, flushes = 0,
                  pop_flushes = 0, pops = 0, launches = 0, exits = 0,
                  clears = 0, emptied = 0;
};

// One kernel's run and the records of its schedulers' front ends.
struct Run : tb::SmRun {
    std::vector<sm_front_probe> probe;
};

// The widths of the module's fields.
struct Widths {
    unsigned warps, lanes, pc_bits, tb_w, tbs;
};

// Scheduler s's inputs of this cycle into its front end.
void drive(Top &top, const Run &r, const sm_front_probe &p, const Widths &w)
{
    const sm_rc_in &in = p.ri;
    bool exec = in.op == SM_RC_EXEC;

    tb::drive_update(top, r.m, in, w.pc_bits, w.lanes);
    top.text_lo_i = r.m->prog->text_lo;
    for (unsigned v = 0; v < w.warps; v++) {
        tb::set_field(top.clear_i, v, 1, p.clear[v / 64] >> v % 64 & 1);
        tb::set_field(top.issuable_i, v, 1, p.issuable[v]);
        tb::set_field(top.fetchable_i, v, 1, p.fi.warp_valid[v / 64] >> v % 64 & 1);
        tb::set_field(top.warp_tb_i, v * w.tb_w, w.tb_w, p.si.warp_tb[v]);
        tb::set_field(top.long_i, v, 1, p.si.long_wait[v]);
    }
    for (unsigned t = 0; t < w.tbs; t++) {
        tb::set_field(top.tb_rank_i, t * w.tb_w, w.tb_w, p.si.tb_rank[t]);
        tb::set_field(top.tb_wait_i, t, 1, p.si.tb_wait[t]);
    }
    top.launch_valid_i = p.launch >= 0;
    top.launch_warp_i = p.launch >= 0 ? (unsigned)p.launch : 0;
    tb::set_field(top.launch_pc_i, 0, w.pc_bits,
                  p.launch >= 0 ? tb::pc_index(r.m, p.launch_pc, w.pc_bits) : 0);
    tb::set_field(top.launch_mask_i, 0, w.lanes, p.launch_mask);
    top.fill_valid_i = p.fi.fill_valid;
    top.fill_warp_i = p.fi.fill_valid ? p.fi.fill_warp : 0;
    top.rdy_valid_i = p.fi.rdy_valid;
    top.rdy_warp_i = p.fi.rdy_valid ? p.fi.rdy_warp : 0;
    top.issued_i = p.issued;
    top.stale_i = p.stale;
    top.control_i = p.control;
    tb::set_field(top.exec_pc_i, 0, w.pc_bits,
                  exec ? tb::pc_index(r.m, in.pc, w.pc_bits) : 0);
    tb::set_field(top.exec_mask_i, 0, w.lanes, exec ? in.mask : 0);
}

// The front end's outputs against the C SM's; false at the first
// difference (recorded in mm).
bool compare(const Top &top, const sm_front_probe &p, const Widths &w,
             long cycle, unsigned s, tb::Mismatch &mm)
{
    std::string at = "scheduler " + std::to_string(s) + " ";
    bool ok = true;

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
    }
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
    ok &= tb::expect(mm, cycle, at + "pop_o", p.ro.pop, top.pop_o);
    ok &= tb::expect(mm, cycle, at + "exited_o", p.ro.exited, top.exited_o);
    ok &= tb::expect(mm, cycle, at + "yielded_o", p.ro.yielded, top.yielded_o);
    ok &= tb::expect(mm, cycle, at + "rc_err_o", p.ro.err, top.rc_err_o);
    ok &= tb::expect(mm, cycle, at + "fetch_err_o", p.fetch_err, top.fetch_err_o);
    ok &= tb::expect(mm, cycle, at + "sched_err_o", p.so.err, top.sched_err_o);
    return ok;
}

void count(Coverage &c, const sm_front_probe &p, unsigned warps)
{
    c.grants += p.so.grant_valid;
    c.stale += p.stale;
    c.fetches += p.fetched;
    c.stage_fetches += p.fetched && p.fetch_stage;
    c.flushes += p.fi.flush_valid;
    c.pop_flushes += p.fi.flush_valid && p.so.grant_valid && p.ro.pop
                     && !p.control;
    c.pops += p.ro.pop;
    c.launches += p.launch >= 0;
    c.exits += p.ro.exited;
    for (unsigned v = 0; v < warps; v++) {
        c.clears += p.clear[v / 64] >> v % 64 & 1;
        c.emptied += p.emptied[v / 64] >> v % 64 & 1;
    }
}

// One kernel in lockstep for at most `cycles` cycles.  With fst set (the
// replay) only scheduler trace_sched's front end is traced, up to stop_at.
// Returns the first mismatch (cycle -1: none), its scheduler in bad_sched;
// status: 0 run and checked, -1 the configuration refuses the kernel or
// the C SM stops it with an error (why; the error outputs were
// compared), 1 the kernel failed.
tb::Mismatch run_kernel(const kernel_info *k, const simt_config &cfg,
                        const char *config, long cycles, const char *fst,
                        unsigned trace_sched, long stop_at, Coverage &cov,
                        int &status, std::string &why, unsigned &bad_sched)
{
    Run r;
    tb::Mismatch mm;
    struct scheduler_geometry sg;
    unsigned S = cfg.schedulers;
    long cycle = 0;
    tb::SuiteKernel src(k, 1);      // the inputs of seed 1, as simtref sim's

    status = 0;
    if (int rc = tb::sm_start(r, src, config, why)) {
        status = rc == -1 ? -1 : 1;
        return mm;
    }
    scheduler_geometry(&cfg, &sg);
    const Widths w = { r.m->warps_per_sched, cfg.warp_size, cfg.pc_bits,
                       sg.tb_w, sg.tbs };
    r.probe.assign(S, sm_front_probe{});
    r.m->front_probe = r.probe.data();
    tb::SchedTops<Top> tops(S, fst, trace_sched);
    for (; r.m->status == SM_RUNNING && cycle < cycles; cycle++) {
        for (auto &p : r.probe)
            p = sm_front_probe{};
        sm_cycle(r.m);
        for (unsigned s = 0; s < S; s++) {
            const sm_front_probe &p = r.probe[s];
            if (!p.evaluated)
                continue;           // the SM stopped before this scheduler
            drive(tops[s], r, p, w);
            tops.low(s, cycle);
            if (!compare(tops[s], p, w, cycle, s, mm) && !fst) {
                bad_sched = s;
                return mm;
            }
            count(cov, p, w.warps);
            tops.high(s, cycle);
        }
        if (fst && cycle >= stop_at)
            break;
    }
    cov.cycles += (unsigned long)cycle;
    if (fst)
        return mm;
    status = tb::sm_finish(r, src, cycles, why);
    cov.kernels += status == 0;
    return mm;
}

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, "tb_sm_front");
    simt_config cfg;
    char err[CONFIG_ERR_LEN];
    std::vector<const kernel_info *> kernels;
    Coverage cov;
    unsigned stopped = 0;

    if (config_load(opt.config.c_str(), &cfg, err, sizeof err) != 0) {
        std::fprintf(stderr, "%s\n", err);
        return 1;
    }
    if (cfg.reconvergence != RECONV_SBR) {
        std::fprintf(stderr, "tb_sm_front: configuration %s: the front end "
                     "in Verilog exists under reconvergence = sbr only\n",
                     cfg.name);
        return 2;
    }
    kernels = tb::suite_kernels(opt, "tb_sm_front");
    std::printf("tb_sm_front: configuration %s, %zu kernels, at most %ld "
                "cycles each\n", cfg.name, kernels.size(), opt.cycles);
    std::clock_t t0 = std::clock();
    for (const kernel_info *k : kernels) {
        int status;
        std::string why;
        unsigned s = 0, unused;
        tb::Mismatch mm = run_kernel(k, cfg, opt.config.c_str(), opt.cycles,
                                     nullptr, 0, 0, cov, status, why, s);
        if (mm.cycle >= 0) {
            Coverage ignored;
            std::printf("MISMATCH in kernel %s at cycle %ld: %s expected %llu, "
                        "actual %llu\n", k->name, mm.cycle, mm.signal.c_str(),
                        (unsigned long long)mm.expected,
                        (unsigned long long)mm.actual);
            run_kernel(k, cfg, opt.config.c_str(), opt.cycles, opt.fst.c_str(),
                       s, mm.cycle + 2, ignored, status, why, unused);
            std::printf("waveform: %s (scheduler %u's front end)\n",
                        opt.fst.c_str(), s);
            std::printf("replay:   %s --config %s --scenario %s --cycles %ld\n",
                        argv[0], opt.config.c_str(), k->name, opt.cycles);
            std::printf("FAIL\n");
            return 1;
        }
        if (status > 0) {
            std::printf("FAIL: kernel %s: %s\n", k->name, why.c_str());
            return 1;
        }
        if (status < 0) {
            std::printf("kernel %-10s stops on the C SM, and the front end's "
                        "error outputs with it: %s\n", k->name, why.c_str());
            stopped++;
        }
    }
    double secs = (double)(std::clock() - t0) / CLOCKS_PER_SEC;
    std::printf("coverage: %lu kernels checked in %lu cycles: %lu launches, "
                "%lu grants (%lu stale), %lu fetches (%lu at the stage's PC), "
                "%lu flushes (%lu by a pop alone), %lu pops, %lu warps exited, "
                "%lu I-buffer clears, %lu warps emptied\n", cov.kernels, cov.cycles,
                cov.launches, cov.grants, cov.stale, cov.fetches,
                cov.stage_fetches, cov.flushes, cov.pop_flushes, cov.pops,
                cov.exits, cov.clears, cov.emptied);
    if (cov.kernels == 0 || cov.launches == 0 || cov.grants == 0
        || cov.fetches == 0 || cov.stage_fetches == 0
        || cov.stage_fetches == cov.fetches || cov.flushes == 0
        || (opt.scenario.empty() && (cov.pops == 0 || cov.pop_flushes == 0))) {
        std::printf("FAIL: the kernels did not reach every interesting "
                    "event (see the counters above)\n");
        return 1;
    }
    std::printf("PASS: %lu kernels (%u stopped) in %.2f s\n", cov.kernels,
                stopped, secs);
    return 0;
}
