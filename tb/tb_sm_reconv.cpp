// tb_sm_reconv.cpp -- the SM's control-flow stage in Verilog
// (simtref_sm_reconv) in lockstep with the C SM on the suite's kernels
// and on random kgen programs (tests/tools/kgen.h, docs/kgen.md).
//
// A kernel runs on the C SM (golden/sm/), opened with the configuration
// and given its inputs through the host API as `simtref sim` does, every
// cycle evaluated (its reference mode).  The SM's own stage records its
// port each cycle (struct sm_rc_probe, golden/sm/sm_reconv.h); one
// instance of the module per warp scheduler gets the same port: the
// update (a launch or an executed instruction's outcome), the
// instruction's pre-decoded side-band (struct sm_sbr_predecode) and the
// read port's warp.  Before each clock edge every output is compared with
// the C stage's: what the update does (pop, exited, yielded, err) and the
// PC and mask fetch reads.  The kernel must then have run to its end on
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
#include <vector>

#include "Vsimtref_sm_reconv.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "../kernels/suite.h"
#include "../lib/api_internal.h"
#include "../tests/tools/kgen_build.h"
#include "sm.h"
#include "tb_common.h"

namespace {

using Top = Vsimtref_sm_reconv;

// What the kernels exercised, over the whole run.
struct Coverage {
    unsigned long kernels = 0, cycles = 0, updates = 0, launches = 0,
                  splits = 0, late_splits = 0, calls = 0, returns = 0,
                  pops = 0, exits = 0, yields = 0, reads = 0;
};

// One kernel's run: an SM of the host API (lib/simtref/simtref.h), as
// `simtref sim` opens it, and the C SM inside it (lib/api_internal.h),
// which the testbench steps cycle by cycle.
struct Run {
    simtref_ctx *ctx = nullptr;
    simtref_sm *api = nullptr;
    sm *m = nullptr;
    std::vector<sm_rc_probe> probe;

    ~Run()
    {
        if (ctx)
            simtref_ctx_destroy(ctx);   // frees its SMs
    }
};

// Where a run's kernel comes from: what differs between a kernel of the
// suite and a kgen program, and nothing else.
class Source {
  public:
    virtual ~Source() = default;
    // How messages name it ("kernel bfs", "kgen seed 42").
    virtual std::string name() const = 0;
    // The options that run it alone, for the replay command.
    virtual std::string replay() const = 0;
    // Load it into r.api (opened with the configuration), give it its
    // inputs and launch it: 0, or -1 with why (the configuration refuses
    // it: its text, its launch), -2 with why when it cannot be had (a
    // kgen program that does not build).
    virtual int launch(Run &r, std::string &why) = 0;
    // Its result once the C SM is done: 0, or -1 with why.
    virtual int check(Run &r, std::string &why) = 0;
};

// The suite's block for k, or the largest power of two of threads the
// configuration holds (simtref sim's default).
unsigned block_of(const kernel_info *k, const sm *m)
{
    unsigned warps = m->cfg.max_warps_per_tb < m->warp_slots
                     ? m->cfg.max_warps_per_tb : m->warp_slots;
    unsigned most = warps * m->cfg.warp_size, b = 1;

    if (k->block <= most)
        return k->block;
    while (b * 2 <= most)
        b *= 2;
    return b;
}

// A kernel of the suite, with the inputs of `seed` and its host reference.
class SuiteKernel : public Source {
  public:
    SuiteKernel(const kernel_info *k, uint64_t seed) : k_(k), seed_(seed) {}
    ~SuiteKernel() override { drop(); }
    std::string name() const override { return std::string("kernel ") + k_->name; }
    std::string replay() const override { return std::string("--scenario ") + k_->name; }

    int launch(Run &r, std::string &why) override
    {
        char path[4096], err[SM_ERR_LEN];
        struct simtref_launch l{};   // (also the name of a function)
        uint32_t args = 0;

        drop();
        if (kernel_elf_path(k_, path, sizeof path) != 0) {
            why = std::string("its binary ") + path + " is not built";
            return -1;
        }
        if (simtref_load(r.api, path) != SIMTREF_OK) {
            why = simtref_error(r.ctx);
            return -1;
        }
        l.grid = k_->grid;
        l.block = block_of(k_, r.api->model);
        l.shared_bytes = k_->shared_bytes;
        if (kernel_setup(k_, &kc_, k_->size, l.grid, l.block, seed_, r.ctx,
                         r.api, &args, err, sizeof err) != 0) {
            why = err[0] ? err : simtref_error(r.ctx);
            return -1;
        }
        has_case_ = true;
        l.args = args;
        if (simtref_launch(r.api, &l) != SIMTREF_OK) {
            why = simtref_error(r.ctx);
            return -1;
        }
        return 0;
    }

    int check(Run &r, std::string &why) override
    {
        char err[SM_ERR_LEN];
        if (kernel_check(&kc_, r.ctx, r.api, err, sizeof err) == 0)
            return 0;
        why = std::string("wrong result: ") + (err[0] ? err : simtref_error(r.ctx));
        return -1;
    }

  private:
    void drop()
    {
        if (has_case_)
            kernel_case_free(&kc_);
        has_case_ = false;
    }

    const kernel_info *k_;
    uint64_t seed_;            // the inputs' seed
    kernel_case kc_{};         // the host side: inputs, expected outputs
    bool has_case_ = false;    // kc_ holds a case to free
};

// The scratch directory kgen programs are built in, and the tools.
struct KgenShop {
    kgen_tools tools{};        // compiler, qemu, source tree
    kgen_files files{};        // the scratch files
    kgen_features features{};  // what the programs may contain: everything
    bool made = false;         // the directory exists
    bool runtime = false;      // the qemu runtime's object is built

    ~KgenShop()
    {
        if (made)
            kgen_files_remove(&files);
    }
};

// kgen program `seed`: kgen's grid, block and input words, built for the
// SM; its global memory after the run must be qemu's.
class KgenProgram : public Source {
  public:
    KgenProgram(KgenShop &shop, uint64_t seed) : shop_(shop), seed_(seed) {}
    std::string name() const override { return "kgen seed " + std::to_string(seed_); }
    std::string replay() const override
    {
        return "--kgen-seed " + std::to_string(seed_) + " --kgen-count 1";
    }

    int launch(Run &r, std::string &why) override
    {
        char err[SM_ERR_LEN + 4096];
        kgen_launch kl = kgen_launch_of(seed_);
        uint32_t bytes = KGEN_GLOBAL_BYTES(kl.grid, kl.block);
        std::vector<uint8_t> mem(bytes);
        struct simtref_launch l{};

        if (kgen_write_source(&shop_.files, seed_, &shop_.features, err, sizeof err) != 0
            || kgen_build(&shop_.tools, &shop_.files, false, err, sizeof err) != 0) {
            why = std::string("cannot build: ") + err;
            return -2;
        }
        kgen_initial_memory(seed_, mem.data(), bytes);
        if (simtref_load(r.api, shop_.files.elf) != SIMTREF_OK
            || simtref_buffer_at(r.api, "kgen", KGEN_GLOBAL_BASE, bytes) != SIMTREF_OK
            || simtref_write(r.api, KGEN_GLOBAL_BASE, mem.data(), bytes) != SIMTREF_OK) {
            why = simtref_error(r.ctx);
            return -1;
        }
        l.grid = kl.grid;
        l.block = kl.block;
        l.args = KGEN_GLOBAL_BASE;
        l.shared_bytes = KGEN_SHARED_BYTES;
        if (simtref_launch(r.api, &l) != SIMTREF_OK) {
            why = simtref_error(r.ctx);
            return -1;
        }
        return 0;
    }

    int check(Run &r, std::string &why) override
    {
        char err[SM_ERR_LEN + 4096];
        kgen_launch kl = kgen_launch_of(seed_);
        uint32_t bytes = KGEN_GLOBAL_BYTES(kl.grid, kl.block);
        std::vector<uint8_t> q(bytes), mem(bytes);

        kgen_initial_memory(seed_, q.data(), bytes);
        if ((!shop_.runtime
             && kgen_build_runtime(&shop_.tools, &shop_.files, err, sizeof err) != 0)
            || kgen_build(&shop_.tools, &shop_.files, true, err, sizeof err) != 0
            || kgen_run_qemu(&shop_.tools, &shop_.files, &kl,
                             simtref_sm_warp_size(r.api), q.data(), bytes,
                             err, sizeof err) != 0) {
            why = std::string("qemu's side: ") + err;
            return -1;
        }
        shop_.runtime = true;
        if (simtref_read(r.api, KGEN_GLOBAL_BASE, mem.data(), bytes) != SIMTREF_OK) {
            why = simtref_error(r.ctx);
            return -1;
        }
        if (kgen_compare_memory(mem.data(), q.data(), bytes, err, sizeof err) != 0) {
            why = err;
            return -1;
        }
        return 0;
    }

  private:
    KgenShop &shop_;
    uint64_t seed_;
};

// Open an SM of the configuration file and launch src on it: 0, or -1
// with a message (the configuration refuses the kernel), -2 when the
// kernel cannot be had at all.
int start(Run &r, Source &src, const char *config, std::string &why)
{
    int rc;

    if (simtref_ctx_create(&r.ctx) != SIMTREF_OK) {
        why = "out of memory";
        return -2;
    }
    if (simtref_sm_open_file(r.ctx, config, nullptr, 0, &r.api) != SIMTREF_OK
        || simtref_set_options(r.api, SIMTREF_OPT_REFERENCE) != SIMTREF_OK) {
        why = simtref_error(r.ctx);     // every cycle evaluated, above
        return -2;
    }
    if ((rc = src.launch(r, why)) != 0)
        return rc;
    r.m = r.api->model;
    r.probe.assign(r.m->cfg.schedulers, sm_rc_probe{});
    r.m->rc.probe = r.probe.data();
    return 0;
}

// A PC as the stage holds it: its index in the text, pc_bits wide.
uint64_t pc_index(const Run &r, uint32_t pc, unsigned pc_bits)
{
    uint64_t i = (uint64_t)(uint32_t)(pc - r.m->prog->text_lo) >> 2;
    return pc_bits >= 64 ? i : i & ((1ull << pc_bits) - 1);
}

// Scheduler s's port of this cycle into its stage.
void drive(Top &top, const Run &r, const sm_rc_probe &p, unsigned pc_bits,
           unsigned lanes)
{
    const sm_rc_in &in = p.eval_in;
    const sm_sbr_predecode *d = sm_reconv_sbr_predecode(&r.m->rc, in.pc);
    static const sm_sbr_predecode none{};

    if (!d || in.op != SM_RC_EXEC)
        d = &none;
    tb::set_field(top.exit_pc_i, 0, pc_bits, pc_index(r, r.m->prog->exit_pc, pc_bits));
    top.op_i = in.op == SM_RC_LAUNCH ? 1 : in.op == SM_RC_EXEC ? 2 : 0;
    top.warp_i = in.warp;
    tb::set_field(top.pc_i, 0, pc_bits, pc_index(r, in.pc, pc_bits));
    tb::set_field(top.mask_i, 0, lanes, in.mask);
    top.split_i = in.split;
    tb::set_field(top.taken_i, 0, lanes, in.taken);
    tb::set_field(top.tpc_i, 0, pc_bits, pc_index(r, in.tpc, pc_bits));
    tb::set_field(top.npc_i, 0, pc_bits, pc_index(r, in.npc, pc_bits));
    tb::set_field(top.live_i, 0, lanes, in.live);
    top.bar_i = in.bar;
    top.exit_i = in.exit;
    top.call_i = d->flow == SM_SBR_FLOW_CALL;
    top.ret_i = d->flow == SM_SBR_FLOW_RETURN;
    top.rpc_valid_i = d->rpc_found;
    tb::set_field(top.rpc_i, 0, pc_bits, d->rpc);
    top.late_i = d->late;
    top.rd_warp_i = p.read ? p.read_in.rd_warp : in.rd_warp;
}

// The stage's outputs against the C stage's; false at the first
// difference (recorded in mm).
bool compare(const Top &top, const Run &r, const sm_rc_probe &p,
             unsigned pc_bits, unsigned lanes, long cycle, unsigned s,
             tb::Mismatch &mm)
{
    const sm_rc_out &o = p.eval_out;
    const sm_rc_out &rd = p.read ? p.read_out : p.eval_out;
    std::string at = "scheduler " + std::to_string(s) + " ";
    bool ok = true;

    ok &= tb::expect(mm, cycle, at + "pop_o", o.pop, top.pop_o);
    ok &= tb::expect(mm, cycle, at + "exited_o", o.exited, top.exited_o);
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
    return a.op == b.op && a.warp == b.warp && a.pc == b.pc
           && a.mask == b.mask && a.split == b.split && a.taken == b.taken
           && a.tpc == b.tpc && a.npc == b.npc && a.live == b.live
           && a.bar == b.bar && a.exit == b.exit;
}

void count(Coverage &c, const Run &r, const sm_rc_probe &p)
{
    const sm_rc_in &in = p.eval_in;
    const sm_sbr_predecode *d = sm_reconv_sbr_predecode(&r.m->rc, in.pc);
    bool split = in.op == SM_RC_EXEC && in.split && in.taken
                 && in.taken != in.mask && !in.exit;

    c.updates += in.op != SM_RC_NONE;
    c.launches += in.op == SM_RC_LAUNCH;
    c.splits += split && d && d->flow == SM_SBR_FLOW_OTHER;
    c.late_splits += split && d && d->flow == SM_SBR_FLOW_OTHER && d->late;
    c.calls += in.op == SM_RC_EXEC && in.mask && d && d->flow == SM_SBR_FLOW_CALL;
    c.returns += in.op == SM_RC_EXEC && in.mask && d
                 && d->flow == SM_SBR_FLOW_RETURN;
    c.pops += p.eval_out.pop;
    c.exits += p.eval_out.exited;
    c.yields += p.eval_out.yielded;
    c.reads += p.read;
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
    auto ctx = std::make_unique<VerilatedContext>();
    std::vector<std::unique_ptr<Top>> tops;
    std::unique_ptr<VerilatedFstC> trace;
    long cycle = 0;
    bool stage_err = false;     // the C stage refused an update

    status = 0;
    if (int rc = start(r, src, config, why)) {
        status = rc == -1 ? -1 : 1;
        return mm;
    }
    if (fst)
        ctx->traceEverOn(true);
    for (unsigned s = 0; s < S; s++)
        tops.push_back(std::make_unique<Top>(ctx.get()));
    if (fst) {
        trace.reset(new VerilatedFstC);
        tops[trace_sched]->trace(trace.get(), 99);
        trace->open(fst);
    }
    // The asynchronous reset: every stack empty, as sm_start() left the
    // C stage.
    for (auto &t : tops) {
        t->clk_i = 0;
        t->rst_ni = 1;
        t->eval();
        t->rst_ni = 0;
        t->eval();
        t->rst_ni = 1;
        t->eval();
    }
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
            drive(*tops[s], r, p, pc_bits, lanes);
            tops[s]->clk_i = 0;
            tops[s]->eval();
            if (trace && s == trace_sched)
                trace->dump(2 * (uint64_t)cycle);
            if (!compare(*tops[s], r, p, pc_bits, lanes, cycle, s, mm) && !fst) {
                bad_sched = s;
                return mm;
            }
            count(cov, r, p);
            stage_err |= p.eval_out.err;
            tops[s]->clk_i = 1;
            tops[s]->eval();
            if (trace && s == trace_sched)
                trace->dump(2 * (uint64_t)cycle + 1);
        }
        if (fst && cycle >= stop_at)
            break;
    }
    cov.cycles += (unsigned long)cycle;
    if (trace)
        trace->close();
    for (auto &t : tops)
        t->final();
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
    if (cfg.reconvergence != RECONV_SBR) {
        std::fprintf(stderr, "tb_sm_reconv: configuration %s: the stage in "
                     "Verilog exists under reconvergence = sbr only\n", cfg.name);
        return 2;
    }
    if (kgen && !opt.scenario.empty()) {
        std::fprintf(stderr, "tb_sm_reconv: --scenario names a kernel of the "
                     "suite, --kgen-count kgen programs: give one of them\n");
        return 2;
    }
    if (kgen) {
        kgen_tools_from_env(&shop.tools);
        shop.features = kgen_all_features();
        if (kgen_files_make(&shop.files, err, sizeof err) != 0) {
            std::fprintf(stderr, "tb_sm_reconv: %s\n", err);
            return 2;
        }
        shop.made = true;
        for (uint64_t i = 0; i < opt.kgen_count; i++)
            sources.push_back(std::make_unique<KgenProgram>(shop, opt.kgen_seed + i));
    } else if (!opt.scenario.empty()) {
        const kernel_info *k = kernel_find(opt.scenario.c_str());
        if (!k) {
            std::fprintf(stderr, "tb_sm_reconv: no kernel '%s' in the suite\n",
                         opt.scenario.c_str());
            return 2;
        }
        sources.push_back(std::make_unique<SuiteKernel>(k, suite_seed));
    } else {
        for (unsigned i = 0; i < kernel_count(); i++)
            sources.push_back(std::make_unique<SuiteKernel>(kernel_at(i), suite_seed));
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
                "reads\n", cov.kernels, cov.cycles, cov.updates, cov.launches,
                cov.splits, cov.late_splits, cov.calls, cov.returns, cov.pops,
                cov.exits, cov.yields, cov.reads);
    // (the suite's kernels yield at no barrier on these configurations:
    // their yields are counted, not required; kgen programs do yield,
    // docs/kgen.md)
    if (cov.kernels == 0 || (opt.scenario.empty()
                             && (cov.late_splits == 0 || cov.calls == 0
                                 || cov.returns == 0))
        || (kgen && cov.yields == 0)) {
        std::printf("FAIL: the kernels did not reach every interesting "
                    "event (see the counters above)\n");
        return 1;
    }
    std::printf("PASS: %lu kernels (%lu stopped) in %.2f s\n", cov.kernels,
                stops.total, secs);
    return 0;
}
