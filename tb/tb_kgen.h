// tb_kgen.h -- a kgen program (tests/tools/kgen.h, docs/kgen.md) as the
// kernel of a testbench of the SM's composed stages (tb/tb_sm_common.h's
// Source): built with the RISC-V compiler, launched with kgen's grid,
// block and inputs, its global memory after the run compared with
// qemu-riscv32's run of the same source (tests/tools/kgen_build.h, as
// kgen_check does).  A testbench that includes it links
// tests/tools/libkgen.a (TB_LIBS_STRUCT in Makefile.am).
#ifndef SIMTREF_TB_KGEN_H
#define SIMTREF_TB_KGEN_H

#include <cstdint>
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

// The kernels a testbench of a composed stage runs, from its options:
// kgen programs S .. S+N-1 (--kgen-seed, --kgen-count, built in shop's
// scratch directory), else the suite's kernel --scenario names, else
// every kernel of the suite (with the inputs of suite_seed).  False with
// why (both given, no such kernel, no scratch directory).
inline bool sources_of(const Options &opt, uint64_t suite_seed, KgenShop &shop,
                       std::vector<std::unique_ptr<Source>> &out,
                       std::string &why)
{
    char err[4096];

    out.clear();
    if (opt.kgen_count > 0 && !opt.scenario.empty()) {
        why = "--scenario names a kernel of the suite, --kgen-count kgen "
              "programs: give one of them";
        return false;
    }
    if (opt.kgen_count > 0) {
        kgen_tools_from_env(&shop.tools);
        shop.features = kgen_all_features();
        if (kgen_files_make(&shop.files, err, sizeof err) != 0) {
            why = err;
            return false;
        }
        shop.made = true;
        for (uint64_t i = 0; i < opt.kgen_count; i++)
            out.push_back(std::make_unique<KgenProgram>(shop, opt.kgen_seed + i));
    } else if (!opt.scenario.empty()) {
        const kernel_info *k = kernel_find(opt.scenario.c_str());
        if (!k) {
            why = "no kernel '" + opt.scenario + "' in the suite";
            return false;
        }
        out.push_back(std::make_unique<SuiteKernel>(k, suite_seed));
    } else {
        for (unsigned i = 0; i < kernel_count(); i++)
            out.push_back(std::make_unique<SuiteKernel>(kernel_at(i), suite_seed));
    }
    return true;
}

}  // namespace tb

#endif  // SIMTREF_TB_KGEN_H
