// tb_sm_common.h -- what the testbenches of the SM's composed stages in
// Verilog share (tb/tb_sm_reconv.cpp, tb/tb_sm_front.cpp,
// tb/tb_sm_issue.cpp, tb/tb_sm_mem.cpp): a kernel (a Source: one of the
// suite here, a kgen program in tb/tb_kgen.h) started on the C SM
// through the host API, as `simtref sim` starts it, with every cycle
// evaluated (its reference mode), and its result checked; the suite's
// kernels a run takes; a PC as the control-flow stage holds it; the drive
// of the stage's update ports, by the module's mode (sbr, minpc,
// ics-first), from the C stage's inputs and the loader's side-band; the
// instances of a stage's module and their clock; why kernels stopped.
#ifndef SIMTREF_TB_SM_COMMON_H
#define SIMTREF_TB_SM_COMMON_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "verilated.h"
#include "verilated_fst_c.h"

#include "../kernels/suite.h"
#include "../lib/api_internal.h"
#include "sm.h"
#include "tb_common.h"

namespace tb {

// One kernel's run: an SM of the host API (lib/simtref/simtref.h), as
// `simtref sim` opens it, and the C SM inside it (lib/api_internal.h),
// which the testbench steps cycle by cycle.
struct SmRun {
    simtref_ctx *ctx = nullptr;     // the host API's context
    simtref_sm *api = nullptr;      // its SM
    sm *m = nullptr;                // the C SM inside it

    SmRun() = default;
    SmRun(const SmRun &) = delete;
    SmRun &operator=(const SmRun &) = delete;
    ~SmRun()
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
    virtual int launch(SmRun &r, std::string &why) = 0;
    // Its result once the C SM is done: 0, or -1 with why.
    virtual int check(SmRun &r, std::string &why) = 0;
};

// Why kernels stopped: each reason with its numbers left out, how many
// and the first that gave it.
struct Stops {
    struct Reason {
        unsigned long count = 0;    // kernels stopped for it
        std::string first;          // the first kernel stopped for it, and why
    };
    std::map<std::string, Reason> by;   // by the reason without its numbers
    unsigned long total = 0;            // kernels stopped

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

// The configuration at path into cfg: 0, or 1 with the error printed.
// Every stage's module follows the configuration's timing of execution (docs/sm-timing.md, "When a granted warp
// executes"): the front end and the issue check, which hold the grant,
// are generated for it and their testbenches check that the two agree;
// a module whose inputs are what the execution produces (the
// control-flow stage's update, the LSU's sends, the launches, arrivals
// and exits, the issue port's executed instruction) follows either, as
// the C SM's probes record them in the cycle the warp executes, the
// grant's or the next.
inline int load_stage_config(const std::string &path, simt_config &cfg)
{
    char err[CONFIG_ERR_LEN];

    if (config_load(path.c_str(), &cfg, err, sizeof err) != 0) {
        std::fprintf(stderr, "%s\n", err);
        return 1;
    }
    return 0;
}

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

// A kernel of the suite, with the inputs of `seed` and its host reference.
class SuiteKernel : public Source {
  public:
    SuiteKernel(const kernel_info *k, uint64_t seed) : k_(k), seed_(seed) {}
    ~SuiteKernel() override { drop(); }
    std::string name() const override { return std::string("kernel ") + k_->name; }
    std::string replay() const override { return std::string("--scenario ") + k_->name; }

    int launch(SmRun &r, std::string &why) override
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

    int check(SmRun &r, std::string &why) override
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

// The suite's kernels a testbench runs: the one --scenario names, or
// every kernel; exits with status 2 when the name is not in the suite.
inline std::vector<const kernel_info *> suite_kernels(const Options &opt,
                                                      const char *prog)
{
    std::vector<const kernel_info *> kernels;

    if (!opt.scenario.empty()) {
        const kernel_info *k = kernel_find(opt.scenario.c_str());
        if (!k) {
            std::fprintf(stderr, "%s: no kernel '%s' in the suite\n", prog,
                         opt.scenario.c_str());
            std::exit(2);
        }
        kernels.push_back(k);
    } else {
        for (unsigned i = 0; i < kernel_count(); i++)
            kernels.push_back(kernel_at(i));
    }
    return kernels;
}

// Open an SM of the configuration file and launch src on it: 0, or -1
// with a message (the configuration refuses the kernel), -2 when the
// kernel cannot be had at all.  reference: every cycle evaluated (the
// lockstep's mode); else the model as `simtref sim` runs it.
inline int sm_start(SmRun &r, Source &src, const char *config, std::string &why,
                    bool reference = true)
{
    int rc;

    if (simtref_ctx_create(&r.ctx) != SIMTREF_OK) {
        why = "out of memory";
        return -2;
    }
    if (simtref_sm_open_file(r.ctx, config, nullptr, 0, &r.api) != SIMTREF_OK
        || (reference
            && simtref_set_options(r.api, SIMTREF_OPT_REFERENCE) != SIMTREF_OK)) {
        why = simtref_error(r.ctx);
        return -2;
    }
    if ((rc = src.launch(r, why)) != 0)
        return rc;
    r.m = r.api->model;
    return 0;
}

// After the run: 0 when the kernel is done and src's result checked, -1
// when the C SM stopped it with an error (why), 1 when it is not done or
// its result is wrong (why).
inline int sm_finish(SmRun &r, Source &src, long cycles, std::string &why)
{
    if (r.m->status == SM_ERROR) {
        why = r.m->err;
        return -1;
    }
    if (r.m->status != SM_DONE) {
        why = "not done after " + std::to_string(cycles) + " cycles";
        return 1;
    }
    return src.check(r, why) != 0 ? 1 : 0;
}

// The word at pc of the kernel's text, as the I-cache returns it for an
// I-buffer slot: true when pc is a word of the text (as the decode stage
// judges it, decode_eval()), with the word in *word; else false and 0.
inline bool text_word(const sm *m, uint32_t pc, uint32_t *word)
{
    const program *p = m->prog;

    *word = 0;
    if (pc < m->dec.text_lo || (pc & 3) || (pc - m->dec.text_lo) / 4 >= m->dec.words
        || pc < p->base || pc - p->base + 4 > p->size)
        return false;
    const uint8_t *b = p->image + (pc - p->base);
    *word = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16
            | (uint32_t)b[3] << 24;
    return true;
}

// A PC as the stage holds it: its index in the text, pc_bits wide.
inline uint64_t pc_index(const sm *m, uint32_t pc, unsigned pc_bits)
{
    uint64_t i = (uint64_t)(uint32_t)(pc - m->prog->text_lo) >> 2;
    return pc_bits >= 64 ? i : i & ((1ull << pc_bits) - 1);
}

// Each check's lanes' launch warps (struct sm_issue_probe's owner, row
// s * issue slots + w): the testbench's array.
struct Owners {
    std::vector<uint16_t> lanes;

    explicit Owners(unsigned checks) : lanes(checks * SM_MAX_LANES) {}
    uint16_t (*rows())[SM_MAX_LANES]
    {
        return reinterpret_cast<uint16_t (*)[SM_MAX_LANES]>(lanes.data());
    }
    unsigned of(unsigned check, unsigned lane) const
    {
        return lanes[check * SM_MAX_LANES + lane];
    }
};

// Whether check i's lanes (mask) are threads of several launch warps.
inline bool regrouped(const Owners &own, unsigned i, uint64_t mask,
                      unsigned lanes)
{
    for (unsigned l = 0; l < lanes; l++)
        if ((mask >> l & 1) && own.of(i, l) != own.of(i, __builtin_ctzll(mask)))
            return true;
    return false;
}

// The ports of the stage's update that both modules name alike: the
// kernel's exit PC, the executed instruction's outcome (its split, taken
// lanes, targets, live lanes, simt.bar and simt.exit) and its pre-decoded
// side-band (struct sm_sbr_predecode), from the C stage's inputs `in`
// (zero but for an executed instruction).  The op, warp, PC and mask are
// each module's own.
template <typename Top>
void drive_update(Top &top, const sm *m, const sm_rc_in &in,
                  unsigned pc_bits, unsigned lanes)
{
    static const sm_sbr_predecode none{};
    static const sm_rc_in idle{};
    const sm_sbr_predecode *d = sm_reconv_sbr_predecode(&m->rc, in.pc);
    const sm_rc_in &x = in.op == SM_RC_EXEC ? in : idle;

    if (!d || in.op != SM_RC_EXEC)
        d = &none;
    set_field(top.exit_pc_i, 0, pc_bits, pc_index(m, m->prog->exit_pc, pc_bits));
    top.split_i = x.split;
    set_field(top.taken_i, 0, lanes, x.taken);
    set_field(top.tpc_i, 0, pc_bits, pc_index(m, x.tpc, pc_bits));
    set_field(top.npc_i, 0, pc_bits, pc_index(m, x.npc, pc_bits));
    set_field(top.live_i, 0, lanes, x.live);
    top.bar_i = x.bar;
    top.exit_i = x.exit;
    top.call_i = d->flow == SM_SBR_FLOW_CALL;
    top.ret_i = d->flow == SM_SBR_FLOW_RETURN;
    top.rpc_valid_i = d->rpc_found;
    set_field(top.rpc_i, 0, pc_bits, d->rpc);
    top.late_i = d->late;
}

// Whether module T holds the stage under minpc (its lanes' stack
// offsets, lane_off_i), under ics-first (the ICS action side-band,
// action_i), else under sbr: the stage's module alone or the front end
// around it.
template <class T, class = void> struct IsMinpc : std::false_type {};
template <class T>
struct IsMinpc<T, std::void_t<decltype(T::lane_off_i)>> : std::true_type {};
template <class T, class = void> struct IsIcs : std::false_type {};
template <class T>
struct IsIcs<T, std::void_t<decltype(T::action_i)>> : std::true_type {};
// ... under harp (the lanes of each launch warp waiting on global
// memory, mem_pending_i).
template <class T, class = void> struct IsHarp : std::false_type {};
template <class T>
struct IsHarp<T, std::void_t<decltype(T::mem_pending_i)>> : std::true_type {};
// A front end with the operand-read stage (operand_read_cycles = 1).
template <class T, class = void> struct HasOpStage : std::false_type {};
template <class T>
struct HasOpStage<T, std::void_t<decltype(T::op_valid_o)>> : std::true_type {};
// An issue check told the operand-read stage's warp, whose check is
// about the cycle it executes in, the others' about the next
// (operand_read_cycles = 1).
template <class T, class = void> struct ReadsOpStage : std::false_type {};
template <class T>
struct ReadsOpStage<T, std::void_t<decltype(T::op_warp_i)>> : std::true_type {};

// The mode of module T's stage.
template <class T>
constexpr reconvergence mode_of()
{
    return IsMinpc<T>::value ? RECONV_MINPC
           : IsIcs<T>::value ? RECONV_ICS_FIRST
           : IsHarp<T>::value ? RECONV_HARP : RECONV_SBR;
}

// Bits of a thread's offset in its stack region (minpc's lane_off_i per
// lane).
inline unsigned stack_off_bits()
{
    unsigned b = 0;

    while ((1u << b) < SM_STACK_BYTES)
        b++;
    return b;
}

// The inputs of the stage's update that its module and the front end
// name alike, by the mode of T (the one place that tells the modes
// apart): under sbr drive_update()'s; under minpc simt.bar, the warp's
// live lanes after the instruction, each lane's new PC and stack offset
// and the releases; under ics-first simt.bar and simt.exit, each lane's
// new PC, the simt.prio.* action, the loader's ICS action at the PC and
// the releases; under harp the executed instruction's outcome (split,
// taken lanes, targets, simt.bar, simt.exit, a global load), its
// re-convergence PC side-band, each lane's new PC, the releases and each
// launch warp's lanes waiting on global memory (`mem_pending`, per
// warp of the scheduler, as the probe copied it at the evaluation).
// `release`: the warps whose TB's barrier releases on this edge (a
// bitset of `warps`), or nullptr for none.  The op, warp, PC and mask
// are each module's own.
template <typename Top>
void drive_stage(Top &top, const sm *m, const sm_rc_in &in,
                 const uint64_t *release, unsigned warps, unsigned pc_bits,
                 unsigned lanes, const uint64_t *mem_pending = nullptr)
{
    if constexpr (IsHarp<Top>::value) {
        static const sm_rc_in idle{};
        const sm_rc_in &x = in.op == SM_RC_EXEC ? in : idle;

        top.split_i = x.split;
        set_field(top.taken_i, 0, lanes, x.taken);
        set_field(top.tpc_i, 0, pc_bits, x.op ? pc_index(m, x.tpc, pc_bits) : 0);
        set_field(top.npc_i, 0, pc_bits, x.op ? pc_index(m, x.npc, pc_bits) : 0);
        top.rpc_valid_i = x.rpc_found;
        set_field(top.rpc_i, 0, pc_bits,
                  x.rpc_found ? pc_index(m, x.rpc, pc_bits) : 0);
        top.bar_i = x.bar;
        top.exit_i = x.exit;
        top.mem_wait_i = x.mem_wait;
        for (unsigned l = 0; l < lanes; l++) {
            bool on = in.op != SM_RC_NONE && (in.mask >> l & 1);
            set_field(top.lane_pc_i, l * pc_bits, pc_bits,
                      on ? pc_index(m, in.lane_pc[l], pc_bits) : 0);
        }
        for (unsigned w = 0; w < warps; w++) {
            set_field(top.release_i, w, 1,
                      release && (release[w / 64] >> w % 64 & 1));
            set_field(top.mem_pending_i, w * lanes, lanes,
                      mem_pending ? mem_pending[w] : 0);
        }
    } else if constexpr (IsMinpc<Top>::value || IsIcs<Top>::value) {
        top.bar_i = in.bar;
        for (unsigned l = 0; l < lanes; l++) {
            bool on = in.op != SM_RC_NONE && (in.mask >> l & 1);
            set_field(top.lane_pc_i, l * pc_bits, pc_bits,
                      on ? pc_index(m, in.lane_pc[l], pc_bits) : 0);
            if constexpr (IsMinpc<Top>::value) {
                unsigned off_w = stack_off_bits();
                set_field(top.lane_off_i, l * off_w, off_w,
                          on ? in.lane_sp[l] : 0);
            }
        }
        for (unsigned w = 0; w < warps; w++)
            set_field(top.release_i, w, 1,
                      release && (release[w / 64] >> w % 64 & 1));
        if constexpr (IsMinpc<Top>::value) {
            set_field(top.live_i, 0, lanes, in.live);
        } else {
            top.exit_i = in.exit;
            top.prio_i = in.prio;
            top.action_i = in.op == SM_RC_EXEC
                           ? sm_reconv_ics_action(m->prog, in.pc) : 0;
        }
    } else {
        drive_update(top, m, in, pc_bits, lanes);
    }
}

// One instance of a stage's module per warp scheduler (or a single one,
// for a stage of the whole SM: schedulers 1), driven beside the C SM:
// with fst set (a replay) only scheduler `traced`'s instance is traced
// into that file.  Per cycle and scheduler: drive its inputs,
// low() (the clock low, outputs settled for the comparison), then high()
// (the edge).
template <typename Top>
class SchedTops {
  public:
    SchedTops(unsigned schedulers, const char *fst, unsigned traced)
        : ctx_(new VerilatedContext), traced_(traced)
    {
        if (fst)
            ctx_->traceEverOn(true);
        for (unsigned s = 0; s < schedulers; s++)
            tops_.push_back(std::make_unique<Top>(ctx_.get()));
        if (fst) {
            trace_.reset(new VerilatedFstC);
            tops_[traced]->trace(trace_.get(), 99);
            trace_->open(fst);
        }
        // the asynchronous reset: every part as sm_start() left its model
        for (auto &t : tops_) {
            t->clk_i = 0;
            t->rst_ni = 1;
            t->eval();
            t->rst_ni = 0;
            t->eval();
            t->rst_ni = 1;
            t->eval();
        }
    }
    ~SchedTops()
    {
        if (trace_)
            trace_->close();
        for (auto &t : tops_)
            t->final();
    }
    SchedTops(const SchedTops &) = delete;
    SchedTops &operator=(const SchedTops &) = delete;

    Top &operator[](unsigned s) { return *tops_[s]; }
    void low(unsigned s, long cycle) { clock(s, 0, 2 * (uint64_t)cycle); }
    void high(unsigned s, long cycle) { clock(s, 1, 2 * (uint64_t)cycle + 1); }

  private:
    void clock(unsigned s, int level, uint64_t time)
    {
        tops_[s]->clk_i = level;
        tops_[s]->eval();
        if (trace_ && s == traced_)
            trace_->dump(time);
    }

    std::unique_ptr<VerilatedContext> ctx_;
    std::vector<std::unique_ptr<Top>> tops_;
    std::unique_ptr<VerilatedFstC> trace_;
    unsigned traced_;
};

}  // namespace tb

#endif  // SIMTREF_TB_SM_COMMON_H
