// tb_common.h -- what every lockstep testbench shares: the random source,
// field access on Verilator ports of any width, the command line, the
// lockstep loop, and the mismatch report.
//
// A testbench drives the generated module and its C model with the same
// inputs every cycle and compares every output.  On the first mismatch it
// prints the cycle, the signal, the expected and actual values and the
// seed, replays the same seed with an FST waveform up to just past the
// mismatch, and exits with status 1.
#ifndef SIMTREF_TB_COMMON_H
#define SIMTREF_TB_COMMON_H

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>

#include "verilated.h"
#include "verilated_fst_c.h"

#include "config.h"
#include "warp.h"

namespace tb {

// splitmix64: a small, well-mixed generator; the whole stimulus follows
// from the seed.
class Rng {
  public:
    explicit Rng(uint64_t seed) : state_(seed) {}
    uint64_t next()
    {
        uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n); n > 0.
    unsigned below(unsigned n) { return (unsigned)(next() % n); }
    // True with probability num/den.
    bool chance(unsigned num, unsigned den) { return below(den) < num; }
    // A random index in [0, n) among those for which want(i) holds (the
    // first after a random start, wrapping), or -1 when none does.
    template <typename Want>
    int pick(unsigned n, Want want)
    {
        unsigned start = below(n);
        for (unsigned k = 0; k < n; k++) {
            unsigned i = (start + k) % n;
            if (want(i))
                return (int)i;
        }
        return -1;
    }

  private:
    uint64_t state_;
};

// Fields of packed ports.  Verilator holds a port of up to 64 bits in an
// integer and a wider one in a VlWide array of 32-bit words.
template <typename T>
inline uint64_t get_field(const T &sig, unsigned lo, unsigned width)
{
    uint64_t mask = width >= 64 ? ~0ull : ((1ull << width) - 1);
    return ((uint64_t)sig >> lo) & mask;
}

// Wide ports word by word: a field of a VlWide spans at most three
// 32-bit words, and each step takes what is left of the current word.
template <std::size_t N>
inline uint64_t get_field(const VlWide<N> &sig, unsigned lo, unsigned width)
{
    uint64_t v = 0;
    unsigned done = 0;
    while (done < width) {
        unsigned word = lo / 32, off = lo % 32;
        unsigned n = 32 - off < width - done ? 32 - off : width - done;
        uint64_t bits = (sig[word] >> off) & (n == 32 ? 0xffffffffu : ((1u << n) - 1));
        v |= bits << done;
        done += n;
        lo += n;
    }
    return v;
}

template <typename T>
inline void set_field(T &sig, unsigned lo, unsigned width, uint64_t value)
{
    uint64_t mask = width >= 64 ? ~0ull : ((1ull << width) - 1);
    uint64_t s = (uint64_t)sig;
    s = (s & ~(mask << lo)) | ((value & mask) << lo);
    sig = (T)s;
}

template <std::size_t N>
inline void set_field(VlWide<N> &sig, unsigned lo, unsigned width,
                      uint64_t value)
{
    while (width) {
        unsigned word = lo / 32, off = lo % 32;
        unsigned n = 32 - off < width ? 32 - off : width;
        uint32_t m = (n == 32 ? 0xffffffffu : ((1u << n) - 1)) << off;
        sig[word] = (sig[word] & ~m) | ((uint32_t)(value << off) & m);
        value >>= n;            // n <= 32: a defined shift of 64 bits
        lo += n;
        width -= n;
    }
}

// The options every testbench takes.
struct Options {
    std::string config;        // --config FILE (required)
    uint64_t seed = 0;         // --seed S (default: from the clock)
    long cycles = 1000000;     // --cycles N
    std::string fst;           // --fst FILE: waveform of a failing run
    std::string scenario;      // --scenario NAME: a directed scenario from
                               // a paper instead of random stimulus
    uint64_t kgen_seed = 1;    // --kgen-seed S: the first kgen program
    uint64_t kgen_count = 0;   // --kgen-count N: kgen programs to run
                               // (tests/tools/kgen.h; 0: none), for the
                               // testbenches that run whole kernels
    unsigned bench = 0;        // --bench N: time the C model and the
                               // module apart, the best of N runs each,
                               // instead of the lockstep (tb_sm)
};

inline void usage(const char *prog)
{
    std::fprintf(stderr,
                 "usage: %s --config FILE [--seed S] [--cycles N] [--fst FILE]"
                 " [--scenario NAME] [--kgen-seed S --kgen-count N] [--bench N]\n",
                 prog);
}

// Parse the command line; exits with status 2 on a bad option.
inline Options parse_options(int argc, char **argv, const char *name)
{
    Options o;
    bool seeded = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (i + 1 >= argc) {
            std::fprintf(stderr, "%s: option '%s' needs a value\n", argv[0],
                         a.c_str());
            usage(argv[0]);
            std::exit(2);
        }
        const char *v = argv[++i];
        char *end = nullptr;
        errno = 0;
        if (a == "--config") {
            o.config = v;
        } else if (a == "--seed") {
            o.seed = std::strtoull(v, &end, 0);
            seeded = true;
        } else if (a == "--cycles") {
            o.cycles = std::strtol(v, &end, 0);
        } else if (a == "--fst") {
            o.fst = v;
        } else if (a == "--scenario") {
            o.scenario = v;
        } else if (a == "--kgen-seed") {
            o.kgen_seed = std::strtoull(v, &end, 0);
        } else if (a == "--kgen-count") {
            o.kgen_count = std::strtoull(v, &end, 0);
        } else if (a == "--bench") {
            o.bench = (unsigned)std::strtoul(v, &end, 0);
        } else {
            std::fprintf(stderr, "%s: unknown option '%s'\n", argv[0], a.c_str());
            usage(argv[0]);
            std::exit(2);
        }
        if (end && (*end || errno || end == v)) {
            std::fprintf(stderr, "%s: bad number '%s' for %s\n", argv[0], v,
                         a.c_str());
            std::exit(2);
        }
    }
    if (o.config.empty()) {
        usage(argv[0]);
        std::exit(2);
    }
    if (!seeded)
        o.seed = (uint64_t)std::time(nullptr);
    if (o.fst.empty())
        o.fst = std::string(name) + "-fail-" + std::to_string(o.seed) + ".fst";
    return o;
}

// The first difference between the RTL and the model.
struct Mismatch {
    long cycle = -1;           // -1: none
    std::string signal;
    uint64_t expected = 0;
    uint64_t actual = 0;
};

// Record a difference if it is the first one; returns true when equal.
inline bool expect(Mismatch &m, long cycle, const std::string &signal,
                   uint64_t expected, uint64_t actual)
{
    if (expected == actual)
        return true;
    if (m.cycle < 0) {
        m.cycle = cycle;
        m.signal = signal;
        m.expected = expected;
        m.actual = actual;
    }
    return false;
}

// Compare, building the signal's name only for a difference (names cost
// more than the comparisons).
template <typename Name>
inline bool check(Mismatch &mm, long cycle, uint64_t expected,
                  uint64_t actual, Name name)
{
    return expected == actual || expect(mm, cycle, name(), expected, actual);
}

// A warp (golden/warp.h) on packed ports: element p of arrays of pc, mask
// and thread-id fields, sized by any geometry with pc_w, lanes and tw.
template <typename G, typename TP, typename TM, typename TT>
void drive_warp(TP &pc, TM &mask, TT &tid, const G &g, unsigned p,
                const struct warp &w)
{
    set_field(pc, p * g.pc_w, g.pc_w, w.pc);
    set_field(mask, p * g.lanes, g.lanes, w.mask);
    for (unsigned l = 0; l < g.lanes; l++)
        set_field(tid, (p * g.lanes + l) * g.tw, g.tw, w.tid[l]);
}

// Element e of packed warp outputs against the model's warp; name() gives
// the prefix of the signal names.
template <typename G, typename TP, typename TM, typename TT, typename Name>
bool expect_warp(Mismatch &mm, long cycle, Name name, const G &g, unsigned e,
                 const TP &pc, const TM &mask, const TT &tid,
                 const struct warp &w)
{
    bool ok = true;
    ok &= check(mm, cycle, w.pc, get_field(pc, e * g.pc_w, g.pc_w),
                [&] { return name() + "pc"; });
    ok &= check(mm, cycle, w.mask, get_field(mask, e * g.lanes, g.lanes),
                [&] { return name() + "mask"; });
    for (unsigned l = 0; l < g.lanes; l++)
        ok &= check(mm, cycle, w.tid[l],
                    get_field(tid, (e * g.lanes + l) * g.tw, g.tw),
                    [&] { return name() + "tid[lane " + std::to_string(l) + "]"; });
    return ok;
}

inline std::string indexed(const char *name, unsigned i)
{
    return std::string(name) + "[" + std::to_string(i) + "]";
}

// ---------------------------------------------------------------------------
// The lockstep run
// ---------------------------------------------------------------------------
//
// A testbench is a class Bench: what differs from one structure to the
// next, and nothing else.  tb::lockstep() below is the one loop that runs
// every bench; tb::main_of() the one program around it.  A Bench has
//
//   using Top = Vsimtref_X;        the Verilated module
//   using Model = tb::CModel<...>; the C model of golden/structures/X.h (see CModel)
//   Bench(cfg, seed, scenario)     random stimulus from the seed, or the
//                                  directed scenario of that name
//   static bool has_scenario(cfg, name)
//                                  can this configuration run scenario
//                                  `name`?
//
// and, called by lockstep() every cycle in this order:
//
//   next(cycle, model, in, reset)  this cycle's inputs, and whether it
//                                  resets; false ends a scenario
//   drive(top, in)                 the inputs onto the ports
//   compare(top, exp, cycle, mm)   every output against the model's, each
//                                  through tb::expect; true when all agree
//   cover(model, in, exp, reset)   the coverage counters (the model as it
//                                  is before the edge)
//   scenario_check(top, cycle)     the paper's expectation at this step of
//                                  a scenario; false when not met
//   after(model, in, exp, reset, cycle)
//                                  what the bench keeps after the edge
//                                  (the model has stepped)
//
// and, at the end: report() prints the coverage counters, covered() says
// whether every interesting event was reached, scenario_done() whether a
// scenario ran to its end.

// The C model of a structure as lockstep() drives it: the state, the
// ports, and the functions of golden/structures/X.h.  A bench names its model in one
// line, e.g.
//   using Model = tb::CModel<wpt, wpt_in, wpt_out, wpt_init, wpt_reset,
//                            wpt_eval, wpt_step>;
// X_init follows the contract of golden/model.h; a configuration it
// rejects ends the program (status 1).  A model whose X_init allocates
// (its memories) names its X_free last, which lockstep() calls at the end.
template <typename State_, typename In_, typename Out_,
          int (*Init)(State_ *, const simt_config *, char *, size_t),
          void (*Reset)(State_ *),
          void (*Eval)(const State_ *, const In_ *, Out_ *),
          void (*Step)(State_ *, const In_ *),
          void (*Free)(State_ *) = nullptr>
struct CModel {
    using State = State_;
    using In = In_;
    using Out = Out_;
    static void init(State &s, const simt_config &cfg)
    {
        char msg[CONFIG_ERR_LEN];
        if (Init(&s, &cfg, msg, sizeof msg) != 0) {
            std::fprintf(stderr, "%s\n", msg);
            std::exit(1);
        }
    }
    static void reset(State &s) { Reset(&s); }
    static void eval(const State &s, const In &in, Out &out) { Eval(&s, &in, &out); }
    static void step(State &s, const In &in) { Step(&s, &in); }
    static void free(State &s)
    {
        if (Free)
            Free(&s);
    }
};

// A structure's geometry in cfg as a value (for member initialisers).
template <typename G>
G geometry_of(void (*geometry)(const simt_config *, G *), const simt_config &cfg)
{
    G g = G();
    geometry(&cfg, &g);
    return g;
}

// An object on the stack when it is small, on the heap when it is large
// (the RBT's outputs take hundreds of kilobytes): with the sanitizers, the
// accesses to a small local cost less than those to the heap.
template <typename T, bool Large = (sizeof(T) > 16 * 1024)>
class Local {
  public:
    T &operator*() { return value_; }

  private:
    T value_ = T();
};

template <typename T>
class Local<T, true> {
  public:
    T &operator*() { return *value_; }

  private:
    std::unique_ptr<T> value_ = std::make_unique<T>();
};

// The clock and the reset of a module that has them; a combinational
// module (decode) has neither, and its lockstep only steps the model.
template <typename Top>
auto set_clock(Top &top, int v, int) -> decltype(top.clk_i = v, void())
{
    top.clk_i = v;
}
template <typename Top>
void set_clock(Top &, int, long) {}
template <typename Top>
auto set_reset_n(Top &top, int v, int) -> decltype(top.rst_ni = v, void())
{
    top.rst_ni = v;
}
template <typename Top>
void set_reset_n(Top &, int, long) {}

// One lockstep run of `cycles` cycles (fewer when a scenario ends first),
// tracing into `fst` when not null.  Returns the first mismatch (cycle -1
// when none); `scenario_ok` is cleared when a scenario expectation fails.
// Without a trace the run stops at the first mismatch; with one (the
// replay) it runs on, so that the waveform shows what followed.
template <typename Bench>
Mismatch lockstep(Bench &bench, const simt_config &cfg, long cycles,
                  const char *fst, bool &scenario_ok)
{
    using Model = typename Bench::Model;
    using In = typename Model::In;

    auto ctx = std::make_unique<VerilatedContext>();
    if (fst)
        ctx->traceEverOn(true);
    auto top = std::make_unique<typename Bench::Top>(ctx.get());
    std::unique_ptr<VerilatedFstC> trace;
    if (fst) {
        trace.reset(new VerilatedFstC);
        top->trace(trace.get(), 99);
        trace->open(fst);
    }

    auto model = std::make_unique<typename Model::State>();
    Model::init(*model, cfg);
    Local<typename Model::Out> exp;
    Mismatch mm;

    // Reset is asynchronous, on the falling edge of rst_ni: start with it
    // high so that the reset of cycle 0 is an edge (not every register
    // resets to zero).
    set_reset_n(*top, 1, 0);
    set_clock(*top, 0, 0);
    top->eval();

    for (long cycle = 0; cycle < cycles; cycle++) {
        In in = In();
        bool reset = false;

        // Clock low: the same inputs into both, every output compared.
        if (!bench.next(cycle, *model, in, reset))
            break;                     // the scenario is over
        bench.drive(*top, in);
        set_reset_n(*top, !reset, 0);
        set_clock(*top, 0, 0);
        top->eval();
        if (reset)
            Model::reset(*model);
        Model::eval(*model, in, *exp);
        if (trace)
            trace->dump(2 * (uint64_t)cycle);
        if (!bench.compare(*top, *exp, cycle, mm) && !fst)
            break;
        bench.cover(*model, in, *exp, reset);
        if (!bench.scenario_check(*top, cycle))
            scenario_ok = false;

        // The rising edge.
        set_clock(*top, 1, 0);
        top->eval();
        if (trace)
            trace->dump(2 * (uint64_t)cycle + 1);
        if (!reset)
            Model::step(*model, in);
        bench.after(*model, in, *exp, reset, cycle);
    }
    if (trace)
        trace->close();
    top->final();
    Model::free(*model);
    return mm;
}

// The whole program of a testbench: options, the run, the mismatch report
// and its replay with a waveform, then the verdict of the scenario or of
// the coverage.
template <typename Bench>
int main_of(int argc, char **argv, const char *name)
{
    Options opt = parse_options(argc, argv, name);
    simt_config cfg;
    char err[CONFIG_ERR_LEN];

    if (config_load(opt.config.c_str(), &cfg, err, sizeof err) != 0) {
        std::fprintf(stderr, "%s\n", err);
        return 1;
    }
    if (opt.kgen_count) {
        std::fprintf(stderr, "%s: runs no kgen programs (--kgen-count): "
                     "only the testbenches of whole kernels do\n", name);
        return 2;
    }
    if (!opt.scenario.empty() && !Bench::has_scenario(cfg, opt.scenario)) {
        std::fprintf(stderr, "%s: unknown scenario '%s' for the "
                     "configuration %s\n", name, opt.scenario.c_str(),
                     cfg.name);
        return 2;
    }
    auto bench = std::make_unique<Bench>(cfg, opt.seed, opt.scenario);
    if (opt.scenario.empty())
        std::printf("%s: configuration %s, seed %llu, %ld cycles\n", name,
                    cfg.name, (unsigned long long)opt.seed, opt.cycles);
    else
        std::printf("%s: configuration %s, scenario %s\n", name, cfg.name,
                    opt.scenario.c_str());

    bool scenario_ok = true;
    std::clock_t t0 = std::clock();
    Mismatch mm = lockstep(*bench, cfg, opt.cycles, nullptr, scenario_ok);
    double secs = (double)(std::clock() - t0) / CLOCKS_PER_SEC;

    if (mm.cycle >= 0) {
        std::printf("MISMATCH at cycle %ld: %s expected %llu, actual %llu "
                    "(seed %llu)\n", mm.cycle, mm.signal.c_str(),
                    (unsigned long long)mm.expected,
                    (unsigned long long)mm.actual,
                    (unsigned long long)opt.seed);
        auto replay = std::make_unique<Bench>(cfg, opt.seed, opt.scenario);
        bool ignored = true;
        lockstep(*replay, cfg, mm.cycle + 3, opt.fst.c_str(), ignored);
        std::printf("waveform: %s\n", opt.fst.c_str());
        std::printf("replay:   %s --config %s --seed %llu --cycles %ld%s%s\n",
                    argv[0], opt.config.c_str(), (unsigned long long)opt.seed,
                    mm.cycle + 1, opt.scenario.empty() ? "" : " --scenario ",
                    opt.scenario.c_str());
        std::printf("FAIL\n");
        return 1;
    }
    if (!opt.scenario.empty()) {
        if (!scenario_ok || !bench->scenario_done()) {
            std::printf("FAIL: scenario %s\n", opt.scenario.c_str());
            return 1;
        }
        std::printf("PASS: scenario %s, RTL and model agree and match the "
                    "expected contents at every step\n", opt.scenario.c_str());
        return 0;
    }
    bench->report();
    if (opt.cycles >= 100000 && !bench->covered()) {
        std::printf("FAIL: the stimulus did not reach every interesting "
                    "event (see the counters above)\n");
        return 1;
    }
    std::printf("PASS: %ld cycles in %.2f s = %.2f M cycles/s\n", opt.cycles,
                secs, opt.cycles / secs / 1e6);
    return 0;
}

}  // namespace tb

#endif  // SIMTREF_TB_COMMON_H
