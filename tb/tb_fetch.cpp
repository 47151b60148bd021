// tb_fetch.cpp -- lockstep testbench of the I-buffer and fetch policy: the
// generated simtref_fetch against the C model golden/structures/fetch.c.
//
// The bench plays the rest of the front end.  An I-cache returns each
// fetch the module requests after 1 to 6 cycles, in order, one a cycle (a
// fill); the issue scheduler grants a random ready warp (an issue); the
// scoreboard clears a random warp's next instruction (rdy); a taken
// branch now and then flushes a warp, and its fetches in flight never
// return.  The rates change every few hundred cycles, from phases where
// issue is slow and every I-buffer fills up (no warp can be fetched for)
// to phases where issue drains them.  The CFF next-warp input names one
// critical warp for runs of cycles.  The warps that may be fetched for
// (warp_valid) change per phase, from all of them to a few, and a warp now
// and then becomes valid or stops being valid (a launch, an exit, a harp
// warp entering or leaving its slot); a warp that is not valid is emptied,
// and its fetches in flight never return.  Rarely an input error: a fill for a
// warp with nothing in flight, an issue of an unready warp, a clear of a
// warp with no unready instruction.
#include <cstring>
#include <deque>
#include <string>

#include "Vsimtref_fetch.h"
#include "tb_common.h"

#include "bits.h"
#include "config.h"
#include "fetch.h"

namespace {

struct Coverage {
    long fetches = 0, idle = 0, full = 0, fills = 0, issues = 0, rdys = 0;
    long flushes = 0, cancels = 0, errors = 0, resets = 0;
    long wraps = 0;             // lrr, cff fallback: a fetch at or below the last
    long critical = 0;          // cff: the next warp fetched for
    long fallback = 0;          // cff: next warp full, another fetched for
    long fewest = 0;            // fef: a smaller id eligible, more entries
    long ties = 0;              // fef: a larger id eligible, as few entries
    long skipped = 0;           // a warp with room passed over: not valid
    long none_valid = 0;        // cycles with no warp valid
    long emptied = 0;           // warps with entries emptied for not being valid
};

struct Return {
    unsigned warp;
    long due;
};

class Bench {
  public:
    using Top = Vsimtref_fetch;
    using Model = tb::CModel<fetch, fetch_in, fetch_out, fetch_init,
                             fetch_reset, fetch_eval, fetch_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed)
    {
        fetch_geometry(&cfg, &g_);
        fetch_all_valid(g_.warps, valid_);
    }

    // No directed scenario.
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const fetch &m, fetch_in &in, bool &reset)
    {
        in = fetch_in();
        reset = cycle == 0 || rng_.chance(1, 50000);
        if (reset) {
            icache_.clear();
            return true;
        }
        if (cycle % 300 == 0) {
            static const unsigned issue[] = { 1, 8, 24, 48, 60 };   // 64ths
            issue_ = issue[rng_.below(5)];
            lat_ = 1 + rng_.below(6);
            crit_ = rng_.below(g_.warps);
            // one valid warp in `dens_` eighths: all, most, half, few, none
            static const unsigned dens[] = { 8, 8, 7, 4, 1, 0 };
            dens_ = dens[rng_.below(6)];
            for (unsigned w = 0; w < g_.warps; w++)
                set_valid(w, rng_.chance(dens_, 8));
        }
        if (rng_.chance(1, 20)) {       // a warp arrives in or leaves its slot
            unsigned w = rng_.below(g_.warps);
            set_valid(w, !(valid_[w / 64] >> w % 64 & 1));
        }
        if (rng_.chance(1, 40))
            crit_ = rng_.below(g_.warps);
        // The I-cache: the oldest due return fills.
        if (!icache_.empty() && icache_.front().due <= cycle) {
            in.fill_valid = true;
            in.fill_warp = icache_.front().warp;
            icache_.pop_front();
        } else if (rng_.chance(1, 2000)) {
            in.fill_valid = true;                      // maybe nothing in flight
            in.fill_warp = rng_.below(1u << g_.warp_w);
        }
        // Issue: a ready warp, rarely any warp.
        if (rng_.chance(issue_, 64)) {
            int w = rng_.pick(g_.warps, [&](unsigned k) { return m.v[k][0] && m.r[k][0]; });
            if (w >= 0) {
                in.issue_valid = true;
                in.issue_warp = (unsigned)w;
            }
        } else if (rng_.chance(1, 2000)) {
            in.issue_valid = true;
            in.issue_warp = rng_.below(1u << g_.warp_w);
        }
        // Scoreboard: a warp with an unready instruction.
        if (rng_.chance(1, 2)) {
            int w = rng_.pick(g_.warps, [&](unsigned k) {
                for (unsigned s = 0; s < g_.slots; s++)
                    if (m.v[k][s] && !m.r[k][s])
                        return true;
                return false;
            });
            if (w >= 0) {
                in.rdy_valid = true;
                in.rdy_warp = (unsigned)w;
            }
        } else if (rng_.chance(1, 2000)) {
            in.rdy_valid = true;
            in.rdy_warp = rng_.below(1u << g_.warp_w);
        }
        // A taken branch.
        if (rng_.chance(1, 60)) {
            in.flush_valid = true;
            in.flush_warp = rng_.below(1u << g_.warp_w);
            std::deque<Return> kept;
            for (const Return &r : icache_)
                if (r.warp != in.flush_warp)
                    kept.push_back(r);
            if (in.fill_valid && in.fill_warp == in.flush_warp &&
                rng_.chance(1, 2))
                in.fill_valid = false;       // cancelled before it returned
            icache_.swap(kept);
        }
        in.next_valid = rng_.chance(7, 8);
        in.next_warp = rng_.chance(15, 16) ? crit_ : rng_.below(1u << g_.warp_w);
        std::memcpy(in.warp_valid, valid_, sizeof valid_);
        // A warp that is not valid is emptied on this edge: its fetches
        // in flight never return.
        std::deque<Return> kept;
        for (const Return &r : icache_)
            if (valid_[r.warp / 64] >> r.warp % 64 & 1)
                kept.push_back(r);
        icache_.swap(kept);
        now_ = cycle;
        return true;
    }

    void drive(Vsimtref_fetch &top, const fetch_in &in) const
    {
        top.fill_valid_i = in.fill_valid;
        top.fill_warp_i = in.fill_warp;
        top.issue_valid_i = in.issue_valid;
        top.issue_warp_i = in.issue_warp;
        top.rdy_valid_i = in.rdy_valid;
        top.rdy_warp_i = in.rdy_warp;
        top.flush_valid_i = in.flush_valid;
        top.flush_warp_i = in.flush_warp;
        top.next_valid_i = in.next_valid;
        top.next_warp_i = in.next_warp;
        for (unsigned w = 0; w < g_.warps; w++)
            tb::set_field(top.warp_valid_i, w, 1, in.warp_valid[w / 64] >> w % 64 & 1);
    }

    bool compare(const Vsimtref_fetch &top, const fetch_out &exp, long cycle,
                 tb::Mismatch &mm) const
    {
        bool ok = true;
        ok &= tb::expect(mm, cycle, "fetch_valid_o", exp.fetch_valid,
                         top.fetch_valid_o);
        ok &= tb::expect(mm, cycle, "fetch_warp_o", exp.fetch_warp,
                         top.fetch_warp_o);
        ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
        // Names are built only for a difference: building them for every
        // bit of every cycle would dominate the run time.
        auto bit = [&](const char *name, unsigned i, uint64_t e, uint64_t a) {
            if (e != a)
                ok &= tb::expect(mm, cycle, tb::indexed(name, i), e, a);
        };
        for (unsigned w = 0; w < g_.warps; w++) {
            bit("ready_o", w, exp.ready[w], tb::get_field(top.ready_o, w, 1));
            bit("inflight_o", w, exp.inflight[w],
                tb::get_field(top.inflight_o, w * g_.cnt_w, g_.cnt_w));
            for (unsigned s = 0; s < g_.slots; s++) {
                unsigned i = w * g_.slots + s;
                bit("slot_v_o", i, exp.v[w][s], tb::get_field(top.slot_v_o, i, 1));
                bit("slot_r_o", i, exp.r[w][s], tb::get_field(top.slot_r_o, i, 1));
            }
        }
        return ok;
    }

    void cover(const fetch &m, const fetch_in &in, const fetch_out &exp,
               bool reset)
    {
        cov_.resets += reset;
        if (reset)
            return;
        cov_.errors += exp.err;
        cov_.fills += in.fill_valid && !exp.err;
        cov_.issues += in.issue_valid && !exp.err;
        cov_.rdys += in.rdy_valid && !exp.err;
        if (in.flush_valid && in.flush_warp < g_.warps) {
            cov_.flushes++;
            cov_.cancels += m.inflight[in.flush_warp] > 0;
        }
        for (unsigned w = 0; w < g_.warps; w++)
            if (fetch_entries(&m, w) == g_.slots) {
                cov_.full++;
                break;
            }
        bool any_valid = false, skip = false;
        for (unsigned w = 0; w < g_.warps; w++) {
            bool valid = in.warp_valid[w / 64] >> w % 64 & 1;
            any_valid |= valid;
            skip |= !valid && fetch_entries(&m, w) < g_.slots;
            cov_.emptied += !valid && fetch_entries(&m, w) > 0;
        }
        cov_.none_valid += !any_valid;
        cov_.skipped += skip;
        if (!exp.fetch_valid) {
            cov_.idle++;
            return;
        }
        cov_.fetches++;
        unsigned f = exp.fetch_warp;
        bool next_ok = in.next_valid && in.next_warp < g_.warps;
        switch (g_.policy) {
        case FETCH_CFF:
            if (next_ok && f == in.next_warp)
                cov_.critical++;
            else if (next_ok) {
                cov_.fallback++;
                cov_.wraps += f <= m.last;
            }
            break;
        case FETCH_FEF:
            for (unsigned w = 0; w < g_.warps; w++) {
                if (w == f || fetch_entries(&m, w) >= g_.slots ||
                    !(in.warp_valid[w / 64] >> w % 64 & 1) ||
                    (in.flush_valid && in.flush_warp == w))
                    continue;
                cov_.fewest += w < f;
                cov_.ties += w > f &&
                             fetch_entries(&m, w) == fetch_entries(&m, f);
            }
            break;
        default:
            cov_.wraps += f <= m.last;
            break;
        }
    }

    bool scenario_check(const Vsimtref_fetch &, long) const { return true; }

    // After the edge (not of a reset): the fetch goes to the I-cache.
    void after(const fetch &, const fetch_in &, const fetch_out &exp,
               bool reset, long)
    {
        if (!reset && exp.fetch_valid)
            icache_.push_back({ exp.fetch_warp, now_ + (long)lat_ });
    }

    void report() const
    {
        std::printf("coverage: %ld resets, %ld fetches, %ld cycles with no "
                    "warp to fetch for, %ld cycles with a full I-buffer, %ld "
                    "fills, %ld issues, %ld scoreboard clears, %ld flushes "
                    "(%ld cancelling fetches in flight), %ld input errors; "
                    "%ld round-robin wraps, CFF: %ld critical fetches and %ld "
                    "fallbacks; FEF: %ld choices over a smaller id and %ld "
                    "ties to the smaller id; %ld cycles passing over a warp "
                    "with room that is not valid, %ld with no warp valid, "
                    "%ld warps emptied for not being valid\n",
                    cov_.resets, cov_.fetches,
                    cov_.idle, cov_.full, cov_.fills, cov_.issues, cov_.rdys,
                    cov_.flushes, cov_.cancels, cov_.errors, cov_.wraps,
                    cov_.critical, cov_.fallback, cov_.fewest, cov_.ties,
                    cov_.skipped, cov_.none_valid, cov_.emptied);
    }

    bool covered() const
    {
        bool ok = cov_.resets && cov_.fetches && cov_.idle && cov_.full &&
                  cov_.fills && cov_.issues && cov_.rdys && cov_.flushes &&
                  cov_.cancels && cov_.errors && cov_.skipped &&
                  cov_.none_valid && cov_.emptied;
        switch (g_.policy) {
        case FETCH_CFF:
            return ok && cov_.critical && cov_.fallback && cov_.wraps;
        case FETCH_FEF:
            return ok && cov_.fewest && cov_.ties;
        default:
            return ok && cov_.wraps;
        }
    }

    bool scenario_done() const { return false; }

  private:
    void set_valid(unsigned w, bool on)
    {
        if (on)
            bitset_add(valid_, w);
        else
            bitset_remove(valid_, w);
    }

    struct fetch_geometry g_;
    tb::Rng rng_;
    std::deque<Return> icache_;
    unsigned issue_ = 24, lat_ = 2, crit_ = 0, dens_ = 8;
    uint64_t valid_[FETCH_MAX_WARPS / 64] = {};   // warps that may be fetched for
    long now_ = 0;
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_fetch");
}
