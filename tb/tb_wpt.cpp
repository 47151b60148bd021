// tb_wpt.cpp -- lockstep testbench of the warp priority table: the
// generated simtref_wpt against the C model golden/wpt.c.
//
// Constrained-random stimulus: a kernel launch (reset) picks the warps per
// thread block; each warp scheduler's port reports barrier arrivals with a
// density that changes every few hundred cycles, aimed at a few "hot"
// thread blocks so that ties, full counts and releases are frequent.
// Arrivals are legal (never more than the warps a TB has left) except for a
// rare deliberate excess (with two ports or more), and, when the table size
// is not a power of two, a rare arrival naming a TB beyond the table; both
// must raise err_o.
#include <memory>

#include "Vsimtref_wpt.h"
#include "tb_common.h"
#include "verilated_fst_c.h"

#include "config.h"
#include "wpt.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long releases = 0;
    long full_releases = 0;   // releases of TBs of max_warps warps
    long errors = 0;          // cycles with err_o
    long ties = 0;            // cycles with two nonzero equal counters
    long resets = 0;
};

class Stimulus {
  public:
    Stimulus(const wpt_geom &g, uint64_t seed) : g_(g), rng_(seed) {}

    // Inputs of one cycle; `reset` is set when this cycle is a kernel
    // launch.  The model's state constrains the arrivals.
    void next(long cycle, const wpt &model, wpt_in &in, bool &reset)
    {
        reset = cycle == 0 || rng_.chance(1, 20000);
        if (reset)
            launch();
        if (cycle % 256 == 0)
            new_phase();
        in = wpt_in();
        in.tb_warps = tb_warps_;
        unsigned pending[CONFIG_MAX_TBS] = {0};
        if (excess_possible() && rng_.chance(1, 2000) && overflow(model, in))
            return;
        for (unsigned p = 0; p < g_.ports; p++) {
            if (!rng_.chance(density_, 8))
                continue;
            unsigned tb = pick_tb();
            if (stray_possible() && rng_.chance(1, 4000))
                tb = g_.tbs + rng_.below((1u << g_.tb_w) - g_.tbs);
            else if (model.cnt[tb] + pending[tb] + 1 > tb_warps_)
                continue;                 // the TB has no warp left to arrive
            in.arr_valid[p] = true;
            in.arr_tb[p] = tb;
            if (tb < g_.tbs)
                pending[tb]++;
        }
    }

    // Can an arrival name a TB beyond the table?  Only when the table size
    // is not a power of two.
    bool stray_possible() const { return g_.tbs < (1u << g_.tb_w); }
    // Can more warps arrive than a TB has left?  Only with two ports or
    // more, since a counter is always below the TB's warps.
    bool excess_possible() const { return g_.ports >= 2; }

    unsigned tb_warps() const { return tb_warps_; }

  private:
    // Deliberate excess: every port reports a warp of a TB that has one
    // warp left to arrive.  Returns false when no TB is in that state.
    bool overflow(const wpt &model, wpt_in &in)
    {
        for (unsigned i = 0; i < g_.tbs; i++) {
            if (model.cnt[i] + 1 != tb_warps_)
                continue;
            for (unsigned p = 0; p < g_.ports; p++) {
                in.arr_valid[p] = true;
                in.arr_tb[p] = i;
            }
            return true;
        }
        return false;
    }

    void launch()
    {
        switch (rng_.below(3)) {
        case 0: tb_warps_ = g_.max_warps; break;
        case 1: tb_warps_ = 1 + rng_.below(g_.max_warps); break;
        default: tb_warps_ = 1 + rng_.below(g_.max_warps < 4 ? g_.max_warps : 4);
        }
    }

    void new_phase()
    {
        static const unsigned densities[] = {0, 1, 4, 8};
        density_ = densities[rng_.below(4)];
        hot_[0] = rng_.below(g_.tbs);
        hot_[1] = rng_.below(g_.tbs);
    }

    unsigned pick_tb()
    {
        return rng_.chance(1, 2) ? hot_[rng_.below(2)] : rng_.below(g_.tbs);
    }

    wpt_geom g_;
    tb::Rng rng_;
    unsigned tb_warps_ = 1;
    unsigned density_ = 4;      // eighths
    unsigned hot_[2] = {0, 0};
};

void drive(Vsimtref_wpt &top, const wpt_geom &g, const wpt_in &in)
{
    top.tb_warps_i = in.tb_warps;
    top.arr_valid_i = 0;
    top.arr_tb_i = 0;
    for (unsigned p = 0; p < g.ports; p++) {
        tb::set_field(top.arr_valid_i, p, 1, in.arr_valid[p]);
        tb::set_field(top.arr_tb_i, p * g.tb_w, g.tb_w, in.arr_tb[p]);
    }
}

// Compare every output; returns true when all agree.
bool compare(const Vsimtref_wpt &top, const wpt_geom &g, const wpt_out &exp,
             long cycle, tb::Mismatch &mm)
{
    bool ok = true;
    for (unsigned i = 0; i < g.tbs; i++) {
        ok &= tb::expect(mm, cycle, tb::indexed("cnt_o", i), exp.cnt[i],
                         tb::get_field(top.cnt_o, i * g.cnt_w, g.cnt_w));
        ok &= tb::expect(mm, cycle, tb::indexed("release_o", i), exp.release[i],
                         tb::get_field(top.release_o, i, 1));
        ok &= tb::expect(mm, cycle, tb::indexed("rank_o", i), exp.rank[i],
                         tb::get_field(top.rank_o, i * g.tb_w, g.tb_w));
    }
    ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
    return ok;
}

void cover(const wpt_geom &g, const wpt_out &out, unsigned tb_warps,
           Coverage &c)
{
    for (unsigned i = 0; i < g.tbs; i++) {
        c.releases += out.release[i];
        c.full_releases += out.release[i] && tb_warps == g.max_warps;
        for (unsigned j = i + 1; j < g.tbs; j++)
            if (out.cnt[i] && out.cnt[i] == out.cnt[j]) {
                c.ties++;
                i = j = g.tbs;
            }
    }
    c.errors += out.err;
}

// Run `cycles` cycles from `seed`; trace into `fst` when it is not null.
// Returns the mismatch (cycle -1 when none).
tb::Mismatch run(const simt_config &cfg, uint64_t seed, long cycles,
                 const char *fst, Coverage &cov)
{
    auto ctx = std::make_unique<VerilatedContext>();
    if (fst)
        ctx->traceEverOn(true);
    auto top = std::make_unique<Vsimtref_wpt>(ctx.get());
    std::unique_ptr<VerilatedFstC> trace;
    if (fst) {
        trace.reset(new VerilatedFstC);
        top->trace(trace.get(), 99);
        trace->open(fst);
    }

    wpt model;
    wpt_init(&model, &cfg);
    Stimulus stim(model.g, seed);
    tb::Mismatch mm;

    for (long cycle = 0; cycle < cycles; cycle++) {
        wpt_in in;
        wpt_out exp;
        bool reset;

        stim.next(cycle, model, in, reset);
        drive(*top, model.g, in);
        top->rst_ni = !reset;
        top->clk_i = 0;
        top->eval();
        if (reset) {
            wpt_reset(&model);
            cov.resets++;
        }
        wpt_eval(&model, &in, &exp);
        if (trace)
            trace->dump(2 * (uint64_t)cycle);
        if (!compare(*top, model.g, exp, cycle, mm) && !fst)
            break;
        cover(model.g, exp, stim.tb_warps(), cov);

        top->clk_i = 1;
        top->eval();
        if (trace)
            trace->dump(2 * (uint64_t)cycle + 1);
        if (!reset)
            wpt_step(&model, &in);
    }
    if (trace)
        trace->close();
    top->final();
    return mm;
}

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, "tb_wpt");
    simt_config cfg;
    char err[CONFIG_ERR_LEN];
    Coverage cov;

    if (config_load(opt.config.c_str(), &cfg, err, sizeof err) != 0) {
        std::fprintf(stderr, "%s\n", err);
        return 1;
    }
    std::printf("tb_wpt: configuration %s, seed %llu, %ld cycles\n", cfg.name,
                (unsigned long long)opt.seed, opt.cycles);

    std::clock_t t0 = std::clock();
    tb::Mismatch mm = run(cfg, opt.seed, opt.cycles, nullptr, cov);
    double secs = (double)(std::clock() - t0) / CLOCKS_PER_SEC;

    if (mm.cycle >= 0) {
        std::printf("MISMATCH at cycle %ld: %s expected %llu, actual %llu "
                    "(seed %llu)\n", mm.cycle, mm.signal.c_str(),
                    (unsigned long long)mm.expected,
                    (unsigned long long)mm.actual,
                    (unsigned long long)opt.seed);
        Coverage replay_cov;
        run(cfg, opt.seed, mm.cycle + 3, opt.fst.c_str(), replay_cov);
        std::printf("waveform: %s\n", opt.fst.c_str());
        std::printf("replay:   %s --config %s --seed %llu --cycles %ld\n",
                    argv[0], opt.config.c_str(), (unsigned long long)opt.seed,
                    mm.cycle + 1);
        std::printf("FAIL\n");
        return 1;
    }
    std::printf("coverage: %ld resets, %ld releases (%ld of full %u-warp TBs), "
                "%ld cycles with ties, %ld cycles with err_o\n",
                cov.resets, cov.releases, cov.full_releases,
                cfg.max_warps_per_tb, cov.ties,
                cov.errors);
    wpt w;
    wpt_init(&w, &cfg);
    Stimulus rules(w.g, opt.seed);
    bool errors_possible = rules.excess_possible() || rules.stray_possible();
    if (opt.cycles >= 100000 &&
        (cov.releases == 0 || cov.full_releases == 0 || cov.ties == 0 ||
         (errors_possible && cov.errors == 0))) {
        std::printf("FAIL: the stimulus did not reach a release, a full count, "
                    "a tie and an error\n");
        return 1;
    }
    std::printf("PASS: %ld cycles in %.2f s = %.2f M cycles/s\n", opt.cycles,
                secs, opt.cycles / secs / 1e6);
    return 0;
}
