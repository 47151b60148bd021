// tb_l1_cache.cpp -- lockstep testbench of the L1 data cache's tags, LRU
// and MSHRs: the generated simtref_l1_cache against the C model
// golden/structures/l1_cache.c.
//
// Constrained-random stimulus, in phases of 512 cycles: a lookup density,
// a mix of reads, writes and invalidates, a rate at which outstanding
// misses are answered, and a few hot sets whose lines are drawn from a
// pool of a few more tags than the set has ways (so that sets fill up,
// lines are evicted and hit again, and misses merge).  Fills are legal:
// only busy MSHRs are answered, any number of them in one cycle.  A rare
// reset starts over.  Every output is compared every cycle: the module
// and the model agree at every port edge (the model's fills of one edge
// go in MSHR order; so do the module's).
#include <string>

#include "Vsimtref_l1_cache.h"
#include "tb_common.h"

#include "bits.h"
#include "config.h"
#include "l1_cache.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long hits = 0;            // read hits
    long merges = 0;          // read misses merged into a busy MSHR
    long misses = 0;          // read misses that took an MSHR
    long stalls = 0;          // read misses with every MSHR busy
    long write_hits = 0;      // writes to a line the cache holds
    long invalidates = 0;     // invalidates that dropped a line
    long fills = 0;
    long multi_fills = 0;     // cycles with two fills or more
    long same_set_fills = 0;  // cycles with two fills into one set
    long evictions = 0;       // fills into a set with every way valid
    long resets = 0;
};

class Bench {
  public:
    using Top = Vsimtref_l1_cache;
    using Model = tb::CModel<l1_cache, l1_cache_in, l1_cache_out,
                             l1_cache_init, l1_cache_reset, l1_cache_eval,
                             l1_cache_step, l1_cache_free>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed)
    {
        l1_cache_geometry(&cfg, &g_);
        set_w_ = clog2(g_.sets);
        tag_w_ = g_.line_w - set_w_;
        mshr_w_ = clog2(g_.mshrs) ? clog2(g_.mshrs) : 1;
        uint64_t tags = tag_w_ >= 32 ? ~0u : 1ull << tag_w_;
        pool_ = (unsigned)(tags < g_.ways + 2ull ? tags : g_.ways + 2);
    }

    // No directed scenario (tests/unit/test_l1_cache.c has them).
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const l1_cache &model, l1_cache_in &in, bool &reset)
    {
        reset = cycle == 0 || rng_.chance(1, 50000);
        if (cycle % 512 == 0)
            new_phase();
        in = l1_cache_in();
        in.lookup = rng_.chance(density_, 8);
        if (in.lookup) {
            unsigned r = rng_.below(100);
            in.op = r < read_pct_ ? L1_READ
                    : r < read_pct_ + (100 - read_pct_) / 2 ? L1_WRITE
                    : L1_INVALIDATE;
            in.line = pick_line();
        }
        n_fill_ = 0;
        if (!reset)
            for (unsigned i = 0; i < g_.mshrs; i++)
                if (model.mshr[i].busy && rng_.chance(fill_rate_, 16))
                    fills_[n_fill_++] = i;
        in.n_fill = n_fill_;
        in.fill = fills_;
        return true;
    }

    void drive(Vsimtref_l1_cache &top, const l1_cache_in &in) const
    {
        top.lookup_i = in.lookup;
        top.op_i = in.op;
        tb::set_field(top.line_i, 0, g_.line_w, in.line);
        for (unsigned i = 0; i < g_.mshrs; i++)
            tb::set_field(top.fill_i, i, 1, 0);
        for (unsigned k = 0; k < in.n_fill; k++)
            tb::set_field(top.fill_i, in.fill[k], 1, 1);
    }

    bool compare(const Vsimtref_l1_cache &top, const l1_cache_out &exp,
                 long cycle, tb::Mismatch &mm) const
    {
        bool ok = true;
        ok &= tb::expect(mm, cycle, "result_o", exp.result, top.result_o);
        ok &= tb::expect(mm, cycle, "mshr_o", exp.mshr,
                         tb::get_field(top.mshr_o, 0, mshr_w_));
        ok &= tb::expect(mm, cycle, "hit_o", exp.hit, top.hit_o);
        return ok;
    }

    void cover(const l1_cache &model, const l1_cache_in &in,
               const l1_cache_out &out, bool reset)
    {
        cov_.resets += reset;
        if (reset)
            return;
        if (in.lookup && in.op == L1_READ) {
            cov_.hits += out.result == L1_HIT;
            cov_.merges += out.result == L1_MISS_OUTSTANDING;
            cov_.misses += out.result == L1_MISS;
            cov_.stalls += out.result == L1_MISS_NO_MSHR;
        }
        cov_.write_hits += in.lookup && in.op == L1_WRITE && out.hit;
        cov_.invalidates += in.lookup && in.op == L1_INVALIDATE && out.hit;
        cov_.fills += in.n_fill;
        cov_.multi_fills += in.n_fill >= 2;
        bool same_set = false;
        for (unsigned k = 0; k < in.n_fill; k++) {
            uint64_t line = model.mshr[in.fill[k]].line;
            size_t base = (size_t)(line & (g_.sets - 1)) * g_.ways;
            bool full = true;
            for (unsigned w = 0; w < g_.ways; w++)
                full &= model.valid[base + w];
            cov_.evictions += full;
            for (unsigned j = 0; j < k; j++)
                same_set |= ((model.mshr[in.fill[j]].line ^ line)
                             & (g_.sets - 1)) == 0;
        }
        cov_.same_set_fills += same_set;
    }

    bool scenario_check(const Vsimtref_l1_cache &, long) const { return true; }
    void after(const l1_cache &, const l1_cache_in &, const l1_cache_out &,
               bool, long) {}

    void report() const
    {
        std::printf("coverage: reads %ld hits, %ld merged, %ld misses, %ld "
                    "without a free MSHR; %ld write hits, %ld invalidates of "
                    "a held line; %ld fills (%ld cycles with two or more, %ld "
                    "with two into one set), %ld evictions; %ld resets\n",
                    cov_.hits, cov_.merges, cov_.misses, cov_.stalls,
                    cov_.write_hits, cov_.invalidates, cov_.fills,
                    cov_.multi_fills, cov_.same_set_fills, cov_.evictions,
                    cov_.resets);
    }

    // Every outcome of a read, a write hit, an invalidate that drops a
    // line, several fills on one edge (into one set too, with two MSHRs or
    // more) and an eviction where a set has more lines than ways.
    bool covered() const
    {
        bool evictable = tag_w_ >= 32 || (1ull << tag_w_) > g_.ways;
        return cov_.hits && cov_.merges && cov_.misses && cov_.stalls &&
               cov_.write_hits && cov_.invalidates &&
               (g_.mshrs < 2 || (cov_.multi_fills && cov_.same_set_fills)) &&
               (!evictable || cov_.evictions);
    }

    bool scenario_done() const { return false; }

  private:
    void new_phase()
    {
        static const unsigned densities[] = {2, 4, 6, 8};
        static const unsigned fill_rates[] = {0, 1, 4, 8};   // sixteenths
        static const unsigned reads[] = {100, 80, 60};
        density_ = densities[rng_.below(4)];
        fill_rate_ = fill_rates[rng_.below(4)];
        read_pct_ = reads[rng_.below(3)];
        for (unsigned k = 0; k < 3; k++)
            hot_[k] = rng_.below(g_.sets);
    }

    // A line of a hot set with a tag from the pool, or any line.
    uint64_t pick_line()
    {
        if (rng_.chance(1, 8))
            return rng_.next() & low_bits(g_.line_w);
        uint64_t tag = rng_.below(pool_);
        return (tag << set_w_ | hot_[rng_.below(3)]) & low_bits(g_.line_w);
    }

    struct l1_cache_geometry g_;
    unsigned set_w_, tag_w_, mshr_w_;
    unsigned pool_;                 // tags drawn for a hot set
    tb::Rng rng_;
    unsigned density_ = 4;          // eighths of cycles with a lookup
    unsigned fill_rate_ = 4;        // sixteenths: a busy MSHR's fill
    unsigned read_pct_ = 80;        // reads among the lookups, percent
    unsigned hot_[3] = {0, 0, 0};
    unsigned fills_[L1_MAX_MSHRS];  // this cycle's fills (in.fill)
    unsigned n_fill_ = 0;
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_l1_cache");
}
