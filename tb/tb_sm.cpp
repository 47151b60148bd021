// tb_sm.cpp -- the SM in Verilog (simtref_sm: its stages composed) in
// lockstep with the C SM on the suite's kernels and kgen's random
// programs.
//
// A kernel runs on the C SM (golden/sm/), started through the host API as
// `simtref sim` starts it, every cycle evaluated (its reference mode;
// tb/tb_sm_common.h).  The module gets the same launch (text bounds,
// entry and exit, argument, grid, block, shared bytes) and nothing else
// of the C SM: it fetches from its own instruction ports, answered here
// from the kernel's text a cycle later; it reads the loader's side-band
// (under sbr struct sm_sbr_predecode, under ics-first the ICS action) of
// the instruction whose operands it reads, answered a cycle later; its
// memory port is served by a DRAM of this testbench's own with the C
// SM's timing (tb/tb_dram.h), which performs its writes and atomics on an
// image of the memories at launch.
//
// Each cycle both step once, and the module's fetches are compared with
// the C SM's fetch units' (struct sm_front_probe: whether each scheduler
// fetches, and at which PC), its commit record with what the C SM
// executed (struct sm_exec_probe): per scheduler
// whether an instruction ran, its warp, PC and the lanes that executed;
// and its register writes in that cycle: the lanes written, the register
// and each lane's value (a divide's and a load's are written later, on
// other ports: they are compared through the instructions that read
// them, and through memory); and its memory port's request with the C
// LSU's (struct sm_mem_probe: whether it sends one, its kind, line,
// bytes and id), which times every load, store and atomic line.  At the kernel's end the C SM must be done,
// the module's done_o set within the cycle after, err_o never set, the
// global memory of the module's DRAM equal to the C SM's word for word,
// and the C's result right by the kernel's host reference (or qemu's run
// of a kgen program).
//
//   --scenario NAME  the suite's kernel NAME (default: every kernel)
//   --kgen-seed S --kgen-count N   kgen programs S .. S + N - 1 as well
//   --cycles N       a kernel's cycle limit
//   --bench R        no lockstep: each kernel timed on the C SM alone and
//                    on the module alone, the best of R runs (make bench)
//
// On a mismatch: the kernel, cycle, scheduler, signal, expected and
// actual values, the FST of the module replayed up to the mismatch, and
// the command that replays it; exit 1.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "Vsimtref_sm.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "sm_memory.h"
#include "tb_dram.h"
#include "tb_kgen.h"
#include "tb_sm_common.h"

namespace {

using Top = Vsimtref_sm;

// What the kernels exercised, over the whole run.
struct Coverage {
    unsigned long kernels = 0, cycles = 0, commits = 0, lanes = 0,
                  writes = 0, idle = 0, fetches = 0, words = 0,
                  mem_requests = 0, both = 0, sc_failed = 0,
                  empty_commits = 0;
};

// The sizes of the module's fields.
struct Widths {
    unsigned sched, warps, lanes, warp_w, pc_bits;
    unsigned line_w;            // the memory port's line number
};

Widths widths_of(const simt_config &cfg)
{
    unsigned warps = cfg.threads_per_scheduler / cfg.warp_size;
    struct lsu_geometry g;

    lsu_geometry(&cfg, &g);
    return { cfg.schedulers, warps, cfg.warp_size,
             warps > 1 ? (unsigned)(32 - __builtin_clz(warps - 1)) : 1,
             cfg.pc_bits, g.addr_w - g.line_shift };
}

bool is_divide(rv32_op op)
{
    return op == RV32_DIV || op == RV32_DIVU || op == RV32_REM || op == RV32_REMU;
}

// The launch, held for the kernel.
void drive_launch(Top &top, const sm *m)
{
    top.text_lo_i = m->prog->text_lo;
    top.text_hi_i = m->prog->text_hi;
    top.entry_i = m->prog->entry;
    top.exit_i = m->prog->exit_pc;
    top.args_i = m->launch.args;
    top.grid_i = m->launch.grid;
    top.block_i = m->launch.block;
    top.shared_bytes_i = m->launch.shared_bytes;
}

// The instruction memory's and the side-band's answers in this cycle to
// the module's requests of the last (fetch: imem_valid_o, imem_addr_o;
// the operand read: sb_addr_o).
struct Asked {
    std::vector<bool> fetch;
    std::vector<uint32_t> fetch_pc, read_pc;
};

// A module composed under ics-first: its side-band is the ICS action;
// under sbr: the SBR stacks' predecode; under minpc it has none.
template <class T, class = void> struct IsIcsSm : std::false_type {};
template <class T>
struct IsIcsSm<T, std::void_t<decltype(T::sb_action_i)>> : std::true_type {};
template <class T, class = void> struct IsSbrSm : std::false_type {};
template <class T>
struct IsSbrSm<T, std::void_t<decltype(T::sb_call_i)>> : std::true_type {};

// Scheduler s's side-band answer for the text word at pc: under sbr the
// SBR stacks' predecode (a call, a return, the RPC, the late side), under
// ics-first the loader's ICS action there, under minpc nothing.
template <class T>
void answer_sideband(T &top, const sm *m, unsigned s, uint32_t pc,
                     const Widths &w)
{
    uint32_t word = 0;
    bool text = tb::text_word(m, pc, &word);

    if constexpr (IsIcsSm<T>::value) {
        (void)w;
        tb::set_field(top.sb_action_i, s * 2, 2,
                      text ? sm_reconv_ics_action(m->prog, pc) : 0);
    } else if constexpr (IsSbrSm<T>::value) {
        static const sm_sbr_predecode none{};
        const sm_sbr_predecode *d = sm_reconv_sbr_predecode(&m->rc, pc);
        if (!d || !text)
            d = &none;
        tb::set_field(top.sb_call_i, s, 1, d->flow == SM_SBR_FLOW_CALL);
        tb::set_field(top.sb_ret_i, s, 1, d->flow == SM_SBR_FLOW_RETURN);
        tb::set_field(top.sb_rpc_valid_i, s, 1, d->rpc_found);
        tb::set_field(top.sb_rpc_i, s * w.pc_bits, w.pc_bits, d->rpc_found ? d->rpc : 0);
        tb::set_field(top.sb_late_i, s * 2, 2, d->late);
    } else {
        (void)top, (void)s, (void)w, (void)text;
    }
}

void answer(Top &top, const sm *m, const Asked &a, const Widths &w,
            Coverage &cov)
{
    for (unsigned s = 0; s < w.sched; s++) {
        uint32_t word = 0;
        if (a.fetch[s]) {
            tb::text_word(m, a.fetch_pc[s], &word);
            cov.words++;
        }
        tb::set_field(top.imem_word_i, s * 32, 32, word);
        answer_sideband(top, m, s, a.read_pc[s], w);
    }
}

// What the module asks of this cycle's edge, answered in the next.
void record_asks(const Top &top, const Widths &w, Asked &a, Coverage &cov)
{
    for (unsigned s = 0; s < w.sched; s++) {
        a.fetch[s] = tb::get_field(top.imem_valid_o, s, 1);
        a.fetch_pc[s] = (uint32_t)tb::get_field(top.imem_addr_o, s * 32, 32);
        a.read_pc[s] = (uint32_t)tb::get_field(top.sb_addr_o, s * 32, 32);
        cov.fetches += a.fetch[s];
    }
}

// The module's commit record and register writes of this cycle against
// what the C SM executed; false at the first difference (in mm).
bool compare(const Top &top, const std::vector<sm_exec_probe> &probe,
             const std::vector<sm_front_probe> &front, const Widths &w,
             long cycle, tb::Mismatch &mm, Coverage &cov)
{
    unsigned L = w.lanes;
    bool ok = true;

    for (unsigned s = 0; s < w.sched; s++) {
        // the instruction memory port: the fetch unit's fetch
        const sm_front_probe &f = front[s];
        std::string fat = "scheduler " + std::to_string(s) + " ";
        ok &= tb::expect(mm, cycle, fat + "imem_valid_o", f.fetched,
                         tb::get_field(top.imem_valid_o, s, 1));
        if (f.fetched)
            ok &= tb::expect(mm, cycle, fat + "imem_addr_o", f.fetch_pc,
                             tb::get_field(top.imem_addr_o, s * 32, 32));
    }
    for (unsigned s = 0; s < w.sched; s++) {
        const sm_exec_probe &p = probe[s];
        const sm_issue_record &r = p.rec;
        std::string at = "scheduler " + std::to_string(s) + " ";
        auto lane = [&at](const char *sig, unsigned l) {
            return [&at, sig, l]() { return at + tb::indexed(sig, l); };
        };

        // An instruction issued on no lane (the SBR stack's top entry
        // after its path's last threads exited, docs/architecture.md):
        // sm_execute() stops before the lanes (no exec probe), while the
        // C SM counts and traces it as an issued warp instruction of an
        // empty mask (its SIMD group taken).  The module commits it so.
        const sm_front_probe &f = front[s];
        bool empty = f.issued && !p.executed;
        ok &= tb::expect(mm, cycle, at + "commit_valid_o", p.executed || empty,
                         tb::get_field(top.commit_valid_o, s, 1));
        if (empty) {
            ok &= tb::expect(mm, cycle, at + "commit_warp_o", f.ri.warp,
                             tb::get_field(top.commit_warp_o, s * w.warp_w, w.warp_w));
            ok &= tb::expect(mm, cycle, at + "commit_pc_o", f.ri.pc,
                             tb::get_field(top.commit_pc_o, s * 32, 32));
            ok &= tb::expect(mm, cycle, at + "commit_mask_o", 0,
                             tb::get_field(top.commit_mask_o, s * L, L));
            cov.empty_commits++;
        }
        if (!p.executed) {
            ok &= tb::expect(mm, cycle, at + "wr_o", 0,
                             tb::get_field(top.wr_o, s * L, L));
            continue;
        }
        ok &= tb::expect(mm, cycle, at + "commit_warp_o", p.warp,
                         tb::get_field(top.commit_warp_o, s * w.warp_w, w.warp_w));
        ok &= tb::expect(mm, cycle, at + "commit_pc_o", r.pc,
                         tb::get_field(top.commit_pc_o, s * 32, 32));
        ok &= tb::expect(mm, cycle, at + "commit_mask_o", r.mask,
                         tb::get_field(top.commit_mask_o, s * L, L));
        // the lanes' results now; a divide's later, a load's at its done
        bool div = is_divide(r.insn.op);
        uint64_t wr = 0;
        for (uint64_t k = r.mask; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            if (r.res[l].rd_written && !p.mem[l] && !div)
                wr |= 1ull << l;
        }
        ok &= tb::expect(mm, cycle, at + "wr_o", wr, tb::get_field(top.wr_o, s * L, L));
        if (wr)
            ok &= tb::expect(mm, cycle, at + "wr_rd_o", r.insn.rd,
                             tb::get_field(top.wr_rd_o, s * 5, 5));
        for (uint64_t k = wr; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            ok &= tb::check(mm, cycle, r.res[l].rd_value,
                            tb::get_field(top.wr_data_o, (s * L + l) * 32, 32),
                            lane("wr_data_o", l));
        }
        for (uint64_t k = r.insn.op == RV32_SC_W ? r.mask : 0; k; k &= k - 1)
            cov.sc_failed += r.res[__builtin_ctzll(k)].rd_value != 0;
        cov.commits++;
        cov.lanes += (unsigned long)__builtin_popcountll(r.mask);
        cov.writes += (unsigned long)__builtin_popcountll(wr);
    }
    ok &= tb::expect(mm, cycle, "err_o", 0, top.err_o);
    return ok;
}

// One kernel in lockstep for at most `cycles` cycles.  With fst set (the
// replay) the module is traced up to stop_at.  Returns the first mismatch
// (cycle -1: none); status: 0 run and checked, -1 the configuration
// refuses the kernel or the C SM stops it with an error (why), 1 the
// kernel failed (why).
tb::Mismatch run_kernel(tb::Source &src, const simt_config &cfg,
                        const char *config, long cycles, const char *fst,
                        long stop_at, Coverage &cov, int &status,
                        std::string &why)
{
    tb::SmRun r;
    tb::DramPort port;
    tb::Mismatch mm;
    long cycle = 0;

    status = 0;
    if (int rc = tb::sm_start(r, src, config, why)) {
        status = rc == -1 ? -1 : 1;
        return mm;
    }
    if (port.init(cfg, r.m, r.api->top, why) != 0) {
        status = 1;
        return mm;
    }
    const Widths w = widths_of(cfg);
    std::vector<sm_exec_probe> probe(w.sched);
    std::vector<sm_front_probe> front(w.sched);
    Asked asked{std::vector<bool>(w.sched), std::vector<uint32_t>(w.sched),
                std::vector<uint32_t>(w.sched)};
    sm_mem_probe mp{};
    r.m->exec_probe = probe.data();
    r.m->front_probe = front.data();
    r.m->mem_probe = &mp;
    tb::SchedTops<Top> top(1, fst, 0);
    Top &t = top[0];
    // the launch's first edge (sm_start(): the dispatcher's start), at
    // time 0; the kernel's cycle c is clocked at 2c+2 and 2c+3
    drive_launch(t, r.m);
    t.start_i = 1;
    top.low(0, 0);
    top.high(0, 0);
    t.start_i = 0;
    for (; r.m->status == SM_RUNNING && cycle < cycles; cycle++) {
        for (auto &p : probe)
            p = sm_exec_probe{};
        for (auto &f : front)
            f = sm_front_probe{};
        mp.evaluated = false;
        sm_cycle(r.m);
        if (r.m->status == SM_ERROR)
            break;
        answer(t, r.m, asked, w, cov);
        long twice = port.respond(t);
        if (twice >= 0) {
            why = "DRAM answers memory id " + std::to_string(twice)
                  + " twice in cycle " + std::to_string(cycle)
                  + ", which the memory port (a bit per id) cannot carry";
            status = 1;
            return mm;
        }
        top.low(0, cycle + 1);
        if (!compare(t, probe, front, w, cycle, mm, cov) && !fst)
            return mm;
        if (mp.evaluated && !tb::compare_request(t, mp.mem, w.line_w, cycle, mm) && !fst)
            return mm;
        unsigned ran = 0;
        for (const sm_exec_probe &p : probe)
            ran += p.executed;
        cov.idle += ran == 0;
        cov.both += ran >= 2;
        cov.mem_requests += t.mem_valid_o;
        record_asks(t, w, asked, cov);
        port.serve(t);
        if (!port.fault.empty()) {
            why = "cycle " + std::to_string(cycle) + ": " + port.fault;
            status = 1;
            return mm;
        }
        top.high(0, cycle + 1);
        if (fst && cycle >= stop_at)
            break;
    }
    r.m->exec_probe = nullptr;
    r.m->front_probe = nullptr;
    r.m->mem_probe = nullptr;
    cov.cycles += (unsigned long)cycle;
    if (fst)
        return mm;
    if (r.m->status == SM_DONE) {
        // the grid's end: the module's done_o within the cycle after the
        // C's last (its launch stage sees the LSU idle at the cycle's start)
        answer(t, r.m, asked, w, cov);
        port.respond(t);
        top.low(0, cycle + 1);
        if (!t.done_o) {
            top.high(0, cycle + 1);
            top.low(0, cycle + 2);
        }
        if (!tb::expect(mm, cycle, "done_o after the C SM's last cycle", 1, t.done_o))
            return mm;
        unsigned long words = 0;
        if (!port.compare_global(r.m, cycle - 1, mm, words))
            return mm;
    }
    status = tb::sm_finish(r, src, cycles, why);
    cov.kernels += status == 0;
    return mm;
}

// --bench: the simulated cycles per second of the C SM alone (as `simtref
// sim` runs it: quiet cycles skipped) and of the module alone (driven as
// in the lockstep: its fetches answered, its memory served), each the
// best wall time of `runs` runs of the kernel.
struct Speed {
    long cycles = 0;            // the kernel's cycles (the C SM's)
    double model = 0, rtl = 0;  // seconds: the best run of each
};

double seconds_since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// One run of the C SM alone: its cycles, or -1 with why.
long time_model(tb::Source &src, const char *config, long cycles, double &secs,
                std::string &why)
{
    tb::SmRun r;

    if (tb::sm_start(r, src, config, why, false) != 0)
        return -1;
    r.m->max_cycles = (uint64_t)cycles;
    auto t0 = std::chrono::steady_clock::now();
    sm_run(r.m);
    secs = seconds_since(t0);
    if (r.m->status != SM_DONE) {
        why = r.m->status == SM_ERROR ? r.m->err : "not done";
        return -1;
    }
    return (long)r.m->st.cycles;
}

// One run of the module alone until done_o: its cycles, or -1 with why.
long time_rtl(tb::Source &src, const simt_config &cfg, const char *config,
              long cycles, double &secs, std::string &why)
{
    tb::SmRun r;
    tb::DramPort port;
    Coverage cov;
    long cycle = 0;

    if (tb::sm_start(r, src, config, why) != 0 || port.init(cfg, r.m, r.api->top, why) != 0)
        return -1;
    const Widths w = widths_of(cfg);
    Asked asked{std::vector<bool>(w.sched), std::vector<uint32_t>(w.sched),
                std::vector<uint32_t>(w.sched)};
    tb::SchedTops<Top> top(1, nullptr, 0);
    Top &t = top[0];
    auto t0 = std::chrono::steady_clock::now();
    drive_launch(t, r.m);
    t.start_i = 1;
    top.low(0, 0);
    top.high(0, 0);
    t.start_i = 0;
    for (; cycle <= cycles; cycle++) {
        answer(t, r.m, asked, w, cov);
        port.respond(t);
        top.low(0, cycle + 1);
        if (t.done_o || t.err_o)
            break;
        record_asks(t, w, asked, cov);
        port.serve(t);
        top.high(0, cycle + 1);
    }
    secs = seconds_since(t0);
    if (!t.done_o) {
        why = t.err_o ? "err_o" : "not done";
        return -1;
    }
    return cycle;
}

int bench(const tb::Options &opt, const simt_config &cfg,
          std::vector<std::unique_ptr<tb::Source>> &sources)
{
    Speed all;
    unsigned n = 0;

    std::printf("%-22s %10s %14s %14s %8s\n", "kernel", "cycles",
                "model cyc/s", "RTL cyc/s", "ratio");
    for (auto &src : sources) {
        Speed k;
        std::string why;
        for (unsigned i = 0; i < opt.bench; i++) {
            double m = 0, v = 0;
            long cm = time_model(*src, opt.config.c_str(), opt.cycles, m, why);
            long cv = cm < 0 ? -1 : time_rtl(*src, cfg, opt.config.c_str(), opt.cycles, v, why);
            if (cm < 0 || cv < 0) {
                k.cycles = -1;
                break;
            }
            k.cycles = cm;
            k.model = i == 0 || m < k.model ? m : k.model;
            k.rtl = i == 0 || v < k.rtl ? v : k.rtl;
        }
        if (k.cycles < 0) {
            std::printf("%-22s not timed: %s\n", src->name().c_str(), why.c_str());
            continue;
        }
        std::printf("%-22s %10ld %14.0f %14.0f %7.1fx\n", src->name().c_str(),
                    k.cycles, k.cycles / k.model, k.cycles / k.rtl, k.rtl / k.model);
        all.cycles += k.cycles;
        all.model += k.model;
        all.rtl += k.rtl;
        n++;
    }
    if (n == 0) {
        std::printf("FAIL: no kernel timed\n");
        return 1;
    }
    std::printf("%-22s %10ld %14.0f %14.0f %7.1fx  (%u kernels, the best of %u runs each)\n",
                "all", all.cycles, all.cycles / all.model, all.cycles / all.rtl,
                all.rtl / all.model, n, opt.bench);
    return 0;
}

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, "tb_sm");
    simt_config cfg;
    std::vector<std::unique_ptr<tb::Source>> sources;
    tb::KgenShop shop;
    tb::Stops stops;
    Coverage cov;
    double secs = 0;

    if (int rc = tb::load_stage_config(opt.config, cfg))
        return rc;
    if (int rc = tb::sources_of(opt, cfg, "tb_sm", shop, sources))
        return rc;
    if (opt.bench)
        return bench(opt, cfg, sources);
    auto run = [&](tb::Source &src, const char *fst, unsigned, long stop_at,
                   int &status, std::string &why, unsigned &bad_sched) {
        Coverage ignored;
        bad_sched = 0;
        return run_kernel(src, cfg, opt.config.c_str(), opt.cycles, fst,
                          stop_at, fst ? ignored : cov, status, why);
    };
    if (tb::run_sources(sources, opt, argv[0], "module", run, stops, secs))
        return 1;
    for (const auto &r : stops.by)
        std::printf("stopped (compared up to there) or refused: %lu like %s\n",
                    r.second.count, r.second.first.c_str());
    std::printf("coverage: %lu kernels checked in %lu cycles: %lu instructions "
                "committed on %lu lanes, %lu register writes compared, %lu "
                "cycles with two schedulers' runs, %lu with none; %lu "
                "fetches answered, %lu memory requests served; %lu sc.w "
                "lanes the C failed; %lu issues on no lane\n",
                cov.kernels, cov.cycles, cov.commits, cov.lanes, cov.writes, cov.both, cov.idle,
                cov.fetches, cov.mem_requests, cov.sc_failed, cov.empty_commits);
    if (cov.kernels == 0 || cov.commits == 0 || cov.writes == 0
        || cov.mem_requests == 0 || (cfg.schedulers > 1 && cov.both == 0)
        || (opt.scenario.empty() && opt.kgen_count == 0 && cov.sc_failed == 0)) {
        std::printf("FAIL: the kernels did not reach every interesting "
                    "event (see the counters above)\n");
        return 1;
    }
    std::printf("PASS: %lu kernels (%lu stopped) in %.2f s\n", cov.kernels,
                stops.total, secs);
    return 0;
}
