// tb_kgen.h -- a kgen program (tests/tools/kgen.h, docs/kgen.md) as the
// kernel of a testbench of the SM's composed stages (tb/tb_sm_common.h's
// Source): built with the RISC-V compiler, launched with kgen's grid,
// block and inputs, its global memory after the run compared with
// qemu-riscv32's run of the same source (tests/tools/kgen_build.h, as
// kgen_check does); and what those testbenches share around their runs:
// the kernels their options name (sources_of()) and the loop that runs
// each, reports a mismatch with its replay and counts the stopped ones
// (run_sources()).  A testbench that includes it links
// tests/tools/libkgen.a (TB_LIBS_STRUCT in Makefile.am).
#ifndef SIMTREF_TB_KGEN_H
#define SIMTREF_TB_KGEN_H

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "../tests/tools/kgen_build.h"
#include "tb_sm_common.h"

namespace tb {

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

    int launch(SmRun &r, std::string &why) override
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

    int check(SmRun &r, std::string &why) override
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

// The kernels a testbench of the SM's stages runs, from its options: kgen
// programs --kgen-seed .. + --kgen-count - 1 (each with kgen's grid,
// block and inputs; shop holds their scratch files), the suite's kernel
// --scenario, or every kernel of the suite, with the inputs of seed 1 as
// `simtref sim` gives them.  Prints the run's first line.  0, or 2 with a
// message on stderr.
inline int sources_of(const Options &opt, const simt_config &cfg,
                      const char *tb, KgenShop &shop,
                      std::vector<std::unique_ptr<Source>> &out)
{
    char err[CONFIG_ERR_LEN + 4096];
    const uint64_t suite_seed = 1;

    if (opt.kgen_count > 0 && !opt.scenario.empty()) {
        std::fprintf(stderr, "%s: --scenario names a kernel of the suite, "
                     "--kgen-count kgen programs: give one of them\n", tb);
        return 2;
    }
    if (opt.kgen_count > 0) {
        kgen_tools_from_env(&shop.tools);
        shop.features = kgen_all_features();
        if (kgen_files_make(&shop.files, err, sizeof err) != 0) {
            std::fprintf(stderr, "%s: %s\n", tb, err);
            return 2;
        }
        shop.made = true;
        for (uint64_t i = 0; i < opt.kgen_count; i++)
            out.push_back(std::make_unique<KgenProgram>(shop, opt.kgen_seed + i));
        std::printf("%s: configuration %s, kgen programs %llu .. %llu, at "
                    "most %ld cycles each\n", tb, cfg.name,
                    (unsigned long long)opt.kgen_seed,
                    (unsigned long long)(opt.kgen_seed + opt.kgen_count - 1),
                    opt.cycles);
    } else if (!opt.scenario.empty()) {
        const kernel_info *k = kernel_find(opt.scenario.c_str());
        if (!k) {
            std::fprintf(stderr, "%s: no kernel '%s' in the suite\n", tb,
                         opt.scenario.c_str());
            return 2;
        }
        out.push_back(std::make_unique<SuiteKernel>(k, suite_seed));
    } else {
        for (unsigned i = 0; i < kernel_count(); i++)
            out.push_back(std::make_unique<SuiteKernel>(kernel_at(i), suite_seed));
    }
    if (opt.kgen_count == 0)
        std::printf("%s: configuration %s, %zu kernels, at most %ld cycles "
                    "each\n", tb, cfg.name, out.size(), opt.cycles);
    std::fflush(stdout);
    return 0;
}

// Each source in turn through run(src, fst, trace_sched, stop_at,
// status, why, bad_sched), a testbench's lockstep run of one kernel
// (fst: nullptr, or the replay that traces scheduler trace_sched up to
// cycle stop_at; returns the first mismatch and its scheduler; status 0
// run and checked, -1 stopped with why, 1 failed with why).  On a
// mismatch the replay writes opt.fst and the command that replays it is
// printed; a failure is printed with its replay.  The stopped kernels go
// to stops, the wall time (kgen programs are built and run under qemu by
// other processes) to secs.  0, or 1 after "FAIL".
template <typename RunFn>
int run_sources(std::vector<std::unique_ptr<Source>> &sources,
                const Options &opt, const char *argv0, const char *part,
                RunFn run, Stops &stops, double &secs)
{
    auto t0 = std::chrono::steady_clock::now();

    for (auto &src : sources) {
        int status;
        std::string why;
        unsigned s = 0, unused;
        Mismatch mm = run(*src, nullptr, 0, 0, status, why, s);
        if (mm.cycle >= 0) {
            std::printf("MISMATCH in %s at cycle %ld: %s expected %llu, "
                        "actual %llu\n", src->name().c_str(), mm.cycle,
                        mm.signal.c_str(), (unsigned long long)mm.expected,
                        (unsigned long long)mm.actual);
            run(*src, opt.fst.c_str(), s, mm.cycle + 2, status, why, unused);
            std::printf("waveform: %s (scheduler %u's %s)\n", opt.fst.c_str(),
                        s, part);
            std::printf("replay:   %s --config %s %s --cycles %ld\n", argv0,
                        opt.config.c_str(), src->replay().c_str(), opt.cycles);
            std::printf("FAIL\n");
            return 1;
        }
        if (status > 0) {
            std::printf("FAIL: %s: %s\n", src->name().c_str(), why.c_str());
            std::printf("replay:   %s --config %s %s --cycles %ld\n", argv0,
                        opt.config.c_str(), src->replay().c_str(), opt.cycles);
            return 1;
        }
        if (status < 0)
            stops.add(*src, why);
    }
    secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return 0;
}

}  // namespace tb

#endif  // SIMTREF_TB_KGEN_H
