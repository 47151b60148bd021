// tb_dispatch.cpp -- lockstep testbench of the TB dispatcher: the
// generated simtref_dispatch against the C model golden/structures/dispatch.c.
//
// The stimulus is the SM around the dispatcher.  A launch (start) picks a
// grid, warps per TB and shared memory per TB the SM accepts
// (dispatch_fits), often sizes that fill the SM exactly: as many warps as
// divide the warp slots, shared memory that divides the SM's.  The bench
// keeps every resident TB and its warp slots from the placements it saw;
// each cycle some of their warps retire (warp_release) at a rate that
// changes every few hundred cycles, and a TB finishes (tb_release) in the
// cycle its last warp retires, or a few cycles later, while the grid still
// has TBs waiting.  A new launch follows when the grid has been placed and
// has drained; rarely one starts in the middle (a start frees every slot),
// rarely the module is reset, rarely a release names an empty slot.
//
// Compared every cycle: the number of placements, each placement's TB slot
// and ctaid, and every warp slot: whether it is taken, by which TB slot, as
// which warp.  The model lists a placement's warp slots in warp order; the
// module tells each warp slot what it takes (docs/rtl-boundary.md): the
// bench builds the one from the other.
// Placements beyond n_place are not compared (the model leaves them unset,
// the module drives 0).
#include <string>
#include <vector>

#include "Vsimtref_dispatch.h"
#include "tb_common.h"

#include "bits.h"
#include "config.h"
#include "dispatch.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long launches = 0;
    long grids_done = 0;      // launches whose every TB was placed and drained
    long multi = 0;           // cycles placing two TBs or more
    long tbs_full = 0;        // cycles with every TB slot held and TBs waiting
    long warp_bound = 0;      // ... a TB slot and the shared memory free, too few warp slots
    long shared_bound = 0;    // ... a TB slot and the warp slots free, too little shared memory
    long shared_exact = 0;    // cycles with every byte of shared memory held
    long reuse = 0;           // placements in a TB slot freed the cycle before
    long resets = 0;
};

class Bench {
  public:
    using Top = Vsimtref_dispatch;
    using Model = tb::CModel<dispatch, dispatch_in, dispatch_out, dispatch_init,
                             dispatch_reset, dispatch_eval, dispatch_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed), block_max_(cfg.max_warps_per_tb * cfg.warp_size)
    {
        dispatch_geometry(&cfg, &g_);
        tbs_.resize(g_.max_tbs);
    }

    // No directed scenario.
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const dispatch &model, dispatch_in &in, bool &reset)
    {
        in = dispatch_in();
        placing_warps_ = model.tb_warps;
        reset = cycle == 0 || rng_.chance(1, 100000);
        if (reset) {
            forget();
            return true;
        }
        if (cycle % 512 == 0)
            retire_rate_ = 1 + rng_.below(64);
        bool idle = dispatch_all_placed(&model) && resident() == 0;
        if (idle || rng_.chance(1, 50000)) {
            launch(in);
            return true;
        }
        for (unsigned t = 0; t < g_.max_tbs; t++) {
            Tb &tb = tbs_[t];
            if (!tb.valid)
                continue;
            bool retired_now = false;
            for (unsigned k = 0; k < tb.warps.size(); k++) {
                if (tb.live[k] && rng_.chance(1, retire_rate_)) {
                    bitset_add(in.warp_release, tb.warps[k]);
                    tb.live[k] = false;
                    tb.live_n--;
                    retired_now = true;
                }
            }
            // The TB finishes with its last warp, or a little later.
            if (tb.live_n == 0 && (retired_now ? rng_.chance(3, 4)
                                               : rng_.chance(1, 3)))
                in.tb_release |= 1ull << t;
        }
        // Rarely a release of a slot that holds nothing (ignored), when
        // nothing is placed (a slot placed and released in one cycle would
        // be freed at once).
        if (!dispatch_all_placed(&model))
            return true;
        if (rng_.chance(1, 1000)) {
            unsigned t = rng_.below(g_.max_tbs);
            if (!tbs_[t].valid)
                in.tb_release |= 1ull << t;
        }
        if (rng_.chance(1, 1000)) {
            unsigned s = rng_.below(g_.warp_slots);
            if (!bitset_has(model.warp_busy, s))
                bitset_add(in.warp_release, s);
        }
        return true;
    }

    void drive(Vsimtref_dispatch &top, const dispatch_in &in) const
    {
        top.start_i = in.start;
        top.grid_i = in.grid;
        top.tb_warps_i = in.tb_warps;
        top.shared_bytes_i = in.shared_bytes;
        for (unsigned s = 0; s < g_.warp_slots; s++)
            tb::set_field(top.warp_release_i, s, 1,
                          bitset_has(in.warp_release, s));
        top.tb_release_i = in.tb_release;
    }

    bool compare(const Vsimtref_dispatch &top, const dispatch_out &exp,
                 long cycle, tb::Mismatch &mm) const
    {
        bool ok = true;
        // What each warp slot takes, from the model's placements.
        bool give[DISPATCH_MAX_WARP_SLOTS] = {false};
        unsigned tb[DISPATCH_MAX_WARP_SLOTS] = {0};
        unsigned idx[DISPATCH_MAX_WARP_SLOTS] = {0};

        ok &= tb::expect(mm, cycle, "n_place_o", exp.n_place, top.n_place_o);
        for (unsigned k = 0; k < exp.n_place; k++) {
            const dispatch_place &p = exp.place[k];
            ok &= tb::check(mm, cycle, p.tb,
                            tb::get_field(top.place_tb_o, k * g_.tb_w, g_.tb_w),
                            [&] { return tb::indexed("place_tb_o", k); });
            ok &= tb::check(mm, cycle, p.ctaid,
                            tb::get_field(top.place_ctaid_o, k * g_.ctaid_w,
                                          g_.ctaid_w),
                            [&] { return tb::indexed("place_ctaid_o", k); });
            for (unsigned j = 0; j < placing_warps_; j++) {
                give[p.warp[j]] = true;
                tb[p.warp[j]] = p.tb;
                idx[p.warp[j]] = j;
            }
        }
        for (unsigned s = 0; s < g_.warp_slots; s++) {
            ok &= tb::check(mm, cycle, give[s],
                            tb::get_field(top.warp_give_o, s, 1),
                            [&] { return tb::indexed("warp_give_o", s); });
            ok &= tb::check(mm, cycle, tb[s],
                            tb::get_field(top.warp_tb_o, s * g_.tb_w, g_.tb_w),
                            [&] { return tb::indexed("warp_tb_o", s); });
            ok &= tb::check(mm, cycle, idx[s],
                            tb::get_field(top.warp_idx_o, s * g_.idx_w, g_.idx_w),
                            [&] { return tb::indexed("warp_idx_o", s); });
        }
        return ok;
    }

    void cover(const dispatch &m, const dispatch_in &in,
               const dispatch_out &out, bool reset)
    {
        cov_.resets += reset;
        cov_.launches += in.start;
        cov_.multi += out.n_place >= 2;
        cov_.shared_exact += m.shared_used == g_.shared_bytes;
        for (unsigned k = 0; k < out.n_place; k++)
            cov_.reuse += freed_before_ >> out.place[k].tb & 1;
        if (dispatch_all_placed(&m))
            return;
        bool slot = m.tb_valid != low_bits(g_.max_tbs);
        bool warps = m.free_warps >= m.tb_warps;
        bool shared = m.shared_used + m.shared_bytes <= g_.shared_bytes;
        cov_.tbs_full += !slot;
        cov_.warp_bound += slot && !warps && shared;
        cov_.shared_bound += slot && warps && !shared;
    }

    bool scenario_check(const Vsimtref_dispatch &, long) const { return true; }

    // The placements take their slots; the releases free theirs.
    void after(const dispatch &m, const dispatch_in &in,
               const dispatch_out &out, bool reset, long)
    {
        freed_before_ = 0;
        if (reset || in.start)
            return;
        for (unsigned k = 0; k < out.n_place; k++) {
            Tb &tb = tbs_[out.place[k].tb];
            tb.valid = true;
            tb.warps.assign(out.place[k].warp,
                            out.place[k].warp + placing_warps_);
            tb.live.assign(placing_warps_, true);
            tb.live_n = placing_warps_;
        }
        for (unsigned t = 0; t < g_.max_tbs; t++) {
            if (!(in.tb_release >> t & 1) || !tbs_[t].valid)
                continue;
            tbs_[t].valid = false;
            freed_before_ |= 1ull << t;
        }
        if (launched_ && dispatch_all_placed(&m) && resident() == 0) {
            cov_.grids_done++;
            launched_ = false;
        }
    }

    void report() const
    {
        std::printf("coverage: %ld launches (%ld placed and drained), %ld "
                    "resets; cycles placing 2+ TBs %ld; TBs waiting with "
                    "every TB slot held %ld, too few warp slots %ld, too "
                    "little shared memory %ld; shared memory full %ld; "
                    "placements in a slot freed the cycle before %ld\n",
                    cov_.launches, cov_.grids_done, cov_.resets, cov_.multi,
                    cov_.tbs_full, cov_.warp_bound, cov_.shared_bound,
                    cov_.shared_exact, cov_.reuse);
    }

    // Every limit binds, several TBs go in one cycle, a slot is taken
    // again right after it is freed, grids complete.  Too few warp slots
    // while a TB slot is free needs more warps in max_tbs TBs than the SM
    // has warp slots: not on every configuration.
    bool covered() const
    {
        unsigned widest = g_.max_tb_warps < g_.warp_slots ? g_.max_tb_warps
                                                          : g_.warp_slots;
        bool warp_bound_possible = g_.max_tbs * widest > g_.warp_slots;
        return cov_.grids_done && cov_.multi && cov_.tbs_full &&
               cov_.shared_bound && cov_.shared_exact && cov_.reuse &&
               (!warp_bound_possible || cov_.warp_bound);
    }

    bool scenario_done() const { return false; }

  private:
    // A resident TB as the bench sees it.
    struct Tb {
        bool valid = false;
        std::vector<unsigned> warps;    // its warp slots, in warp order
        std::vector<bool> live;         // ... whose warp has not retired
        unsigned live_n = 0;
    };

    unsigned resident() const
    {
        unsigned n = 0;
        for (const Tb &tb : tbs_)
            n += tb.valid;
        return n;
    }

    void forget()
    {
        for (Tb &tb : tbs_)
            tb.valid = false;
        launched_ = false;
    }

    // A launch the SM accepts: often one that fills a limit exactly.
    void launch(dispatch_in &in)
    {
        unsigned widest = g_.max_tb_warps < g_.warp_slots ? g_.max_tb_warps
                                                          : g_.warp_slots;
        unsigned block, warps;
        uint32_t shared;

        switch (rng_.below(4)) {
        case 0:                        // warps that divide the warp slots
            warps = g_.warp_slots / (1 + rng_.below(g_.max_tbs + 1));
            if (warps > widest)
                warps = widest;
            if (warps == 0)
                warps = 1;
            break;
        case 1:
            warps = widest;
            break;
        case 2:
            warps = 1 + rng_.below(widest < 4 ? widest : 4);
            break;
        default:
            warps = 1 + rng_.below(widest);
        }
        // A partial last warp now and then: the warps are the same.
        block = warps * g_.warp_size - rng_.below(g_.warp_size);
        if (block > block_max_)
            block = block_max_;
        switch (rng_.below(4)) {
        case 0: shared = 0; break;
        case 1: shared = g_.shared_bytes / (1 + rng_.below(g_.max_tbs + 1)); break;
        case 2: shared = rng_.below(g_.shared_bytes + 1); break;
        default: shared = rng_.below(g_.shared_bytes / 4 + 1);
        }
        switch (rng_.below(3)) {
        case 0: in.grid = 1 + rng_.below(g_.max_tbs); break;
        case 1: in.grid = 1 + rng_.below(4 * g_.max_tbs); break;
        default: in.grid = 1 + rng_.below(400);
        }
        if (dispatch_fits(&g_, in.grid, block, shared) != DISPATCH_FITS) {
            std::fprintf(stderr, "tb_dispatch: a launch the SM would refuse "
                         "(grid %u, block %u, shared %u)\n", in.grid, block,
                         (unsigned)shared);
            std::exit(2);
        }
        in.start = true;
        in.tb_warps = dispatch_tb_warps(&g_, block);
        in.shared_bytes = shared;
        forget();
        launched_ = true;
    }

    struct dispatch_geometry g_;
    tb::Rng rng_;
    unsigned block_max_;          // threads of a TB, at most
    std::vector<Tb> tbs_;         // by TB slot
    unsigned placing_warps_ = 0;  // warps per TB of this cycle's placements
    unsigned retire_rate_ = 8;    // a live warp retires with chance 1 in this
    bool launched_ = false;       // a launch not yet placed and drained
    uint64_t freed_before_ = 0;   // TB slots freed on the last edge
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_dispatch");
}
