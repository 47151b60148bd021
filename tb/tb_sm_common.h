// tb_sm_common.h -- what the testbenches of the SM's composed stages in
// Verilog share (tb/tb_sm_reconv.cpp, tb/tb_sm_front.cpp): a kernel of the
// suite started on the C SM through the host API, as `simtref sim` starts
// it, with every cycle evaluated (its reference mode); a PC as the
// control-flow stage holds it; the drive of the stage's update ports from
// the C stage's inputs and the instruction's pre-decoded side-band.
#ifndef SIMTREF_TB_SM_COMMON_H
#define SIMTREF_TB_SM_COMMON_H

#include <cstdint>
#include <string>

#include "../kernels/suite.h"
#include "../lib/api_internal.h"
#include "sm.h"
#include "tb_common.h"

namespace tb {

// One kernel's run: an SM of the host API (lib/simtref/simtref.h), as
// `simtref sim` opens it, the suite's host side, and the C SM inside it
// (lib/api_internal.h), which the testbench steps cycle by cycle.
struct SmRun {
    simtref_ctx *ctx = nullptr;     // the host API's context
    simtref_sm *api = nullptr;      // its SM
    sm *m = nullptr;                // the C SM inside it
    kernel_case kc{};               // the suite's host side of the kernel
    bool has_case = false;          // kc is to be freed

    SmRun() = default;
    SmRun(const SmRun &) = delete;
    SmRun &operator=(const SmRun &) = delete;
    ~SmRun()
    {
        if (has_case)
            kernel_case_free(&kc);
        if (ctx)
            simtref_ctx_destroy(ctx);   // frees its SMs
    }
};

// The suite's block for k, or the largest power of two of threads the
// configuration holds (simtref sim's default).
inline unsigned block_of(const kernel_info *k, const sm *m)
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

// Open an SM of the configuration file, load kernel k and launch it with
// the suite's inputs, every cycle evaluated: 0, or -1 with a message (the
// configuration refuses the kernel: its text, its launch).
inline int sm_start_kernel(SmRun &r, const kernel_info *k, const char *config,
                           uint64_t seed, std::string &why)
{
    char path[4096], err[SM_ERR_LEN];
    struct simtref_launch l{};   // (also the name of a function)
    uint32_t args = 0;

    if (simtref_ctx_create(&r.ctx) != SIMTREF_OK) {
        why = "out of memory";
        return -1;
    }
    if (kernel_elf_path(k, path, sizeof path) != 0) {
        why = std::string("its binary ") + path + " is not built";
        return -1;
    }
    if (simtref_sm_open_file(r.ctx, config, nullptr, 0, &r.api) != SIMTREF_OK
        || simtref_load(r.api, path) != SIMTREF_OK
        || simtref_set_options(r.api, SIMTREF_OPT_REFERENCE) != SIMTREF_OK) {
        why = simtref_error(r.ctx);
        return -1;
    }
    r.m = r.api->model;
    l.grid = k->grid;
    l.block = block_of(k, r.m);
    l.shared_bytes = k->shared_bytes;
    if (kernel_setup(k, &r.kc, k->size, l.grid, l.block, seed, r.ctx, r.api,
                     &args, err, sizeof err) != 0) {
        why = err[0] ? err : simtref_error(r.ctx);
        return -1;
    }
    r.has_case = true;
    l.args = args;
    if (simtref_launch(r.api, &l) != SIMTREF_OK) {
        why = simtref_error(r.ctx);
        return -1;
    }
    return 0;
}

// After the run: 0 when the kernel is done and its result checked against
// its host reference, -1 when the C SM stopped it with an error (why), 1
// when it is not done or its result is wrong (why).
inline int sm_finish_kernel(SmRun &r, long cycles, std::string &why)
{
    char err[SM_ERR_LEN];

    if (r.m->status == SM_ERROR) {
        why = r.m->err;
        return -1;
    }
    if (r.m->status != SM_DONE) {
        why = "not done after " + std::to_string(cycles) + " cycles";
        return 1;
    }
    if (kernel_check(&r.kc, r.ctx, r.api, err, sizeof err) != 0) {
        why = std::string("wrong result: ") + (err[0] ? err : simtref_error(r.ctx));
        return 1;
    }
    return 0;
}

// A PC as the stage holds it: its index in the text, pc_bits wide.
inline uint64_t pc_index(const SmRun &r, uint32_t pc, unsigned pc_bits)
{
    uint64_t i = (uint64_t)(uint32_t)(pc - r.m->prog->text_lo) >> 2;
    return pc_bits >= 64 ? i : i & ((1ull << pc_bits) - 1);
}

// The ports of the stage's update that both modules name alike: the
// kernel's exit PC, the executed instruction's outcome (its split, taken
// lanes, targets, live lanes, simt.bar and simt.exit) and its pre-decoded
// side-band (struct sm_sbr_predecode), from the C stage's inputs `in`
// (zero but for an executed instruction).  The op, warp, PC and mask are
// each module's own.
template <typename Top>
void drive_update(Top &top, const SmRun &r, const sm_rc_in &in,
                  unsigned pc_bits, unsigned lanes)
{
    static const sm_sbr_predecode none{};
    static const sm_rc_in idle{};
    const sm_sbr_predecode *d = sm_reconv_sbr_predecode(&r.m->rc, in.pc);
    const sm_rc_in &x = in.op == SM_RC_EXEC ? in : idle;

    if (!d || in.op != SM_RC_EXEC)
        d = &none;
    set_field(top.exit_pc_i, 0, pc_bits, pc_index(r, r.m->prog->exit_pc, pc_bits));
    top.split_i = x.split;
    set_field(top.taken_i, 0, lanes, x.taken);
    set_field(top.tpc_i, 0, pc_bits, pc_index(r, x.tpc, pc_bits));
    set_field(top.npc_i, 0, pc_bits, pc_index(r, x.npc, pc_bits));
    set_field(top.live_i, 0, lanes, x.live);
    top.bar_i = x.bar;
    top.exit_i = x.exit;
    top.call_i = d->flow == SM_SBR_FLOW_CALL;
    top.ret_i = d->flow == SM_SBR_FLOW_RETURN;
    top.rpc_valid_i = d->rpc_found;
    set_field(top.rpc_i, 0, pc_bits, d->rpc);
    top.late_i = d->late;
}

}  // namespace tb

#endif  // SIMTREF_TB_SM_COMMON_H
