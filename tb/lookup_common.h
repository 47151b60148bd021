// lookup_common.h -- what the two lookup-table testbenches share: packing
// warps into the ports, comparing the table contents, the random warps.
#ifndef SIMTREF_LOOKUP_COMMON_H
#define SIMTREF_LOOKUP_COMMON_H

#include <string>

#include "tb_common.h"

#include "bits.h"
#include "config.h"
#include "lookup_table.h"

namespace lk {

// The table contents every cycle: count_o, valid_o, pc_o, mask_o, tid_o.
template <typename Top>
bool expect_contents(tb::Mismatch &mm, long cycle, const lookup_geometry &g,
                     const Top &top, const lookup_out &exp)
{
    bool ok = tb::expect(mm, cycle, "count_o", exp.count, top.count_o);
    for (unsigned e = 0; e < g.entries; e++) {
        auto n = [e] { return "entry " + std::to_string(e) + " "; };
        ok &= tb::check(mm, cycle, exp.entry[e].valid, tb::get_field(top.valid_o, e, 1),
                    [&] { return n() + "valid_o"; });
        ok &= tb::expect_warp(mm, cycle, n, g, e, top.pc_o, top.mask_o,
                          top.tid_o, exp.entry[e].warp);
    }
    return ok;
}

// Random warps, aimed at merges: pcs from a small pool, masks often the
// free lanes of a stored warp at the same pc.
class WarpGen {
  public:
    WarpGen(const lookup_geometry &g, uint64_t seed) : g_(g), rng_(seed) {}

    tb::Rng &rng() { return rng_; }

    void new_phase()
    {
        pool_ = 1 + rng_.below(4);
        for (unsigned i = 0; i < pool_; i++)
            pcs_[i] = rng_.next() & low_bits(g_.pc_w);
    }

    struct warp random_warp(const lookup_table &model)
    {
        struct warp w = {};
        uint64_t all = low_bits(g_.lanes);
        unsigned e = rng_.below(g_.entries);
        if (model.entry[e].valid && rng_.chance(1, 2)) {
            // Aim at entry e: its pc, and its free lanes (sometimes a
            // conflicting lane too).
            w.pc = model.entry[e].warp.pc;
            uint64_t freel = ~model.entry[e].warp.mask & all;
            w.mask = random_subset(freel ? freel : all);
            if (rng_.chance(1, 8))
                w.mask |= random_subset(all);
        } else {
            w.pc = pcs_[rng_.below(pool_)];
            w.mask = random_subset(all);
        }
        if (w.mask == 0)
            w.mask = 1ull << rng_.below(g_.lanes);
        for (unsigned l = 0; l < g_.lanes; l++)
            w.tid[l] = (uint32_t)(rng_.next() & low_bits(g_.tw));
        return w;
    }

  private:
    // A non-empty random subset of `set` (empty only when set is).
    uint64_t random_subset(uint64_t set)
    {
        uint64_t s = 0;
        unsigned dens = 1 + rng_.below(4);        // quarters
        for (unsigned l = 0; l < g_.lanes; l++)
            if (((set >> l) & 1) && rng_.chance(dens, 4))
                s |= 1ull << l;
        if (s == 0 && set != 0) {
            unsigned l;
            do
                l = rng_.below(g_.lanes);
            while (!((set >> l) & 1));
            s = 1ull << l;
        }
        return s;
    }

    lookup_geometry g_;
    tb::Rng rng_;
    unsigned pool_ = 1;
    uint64_t pcs_[4] = {0, 0, 0, 0};
};

}  // namespace lk

#endif  // SIMTREF_LOOKUP_COMMON_H
