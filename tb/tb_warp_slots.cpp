// tb_warp_slots.cpp -- lockstep testbench of the SM's table of warp slots:
// the generated simtref_warp_slots against the C model
// golden/structures/warp_slots.c.
//
// The stimulus is the SM around the table, kept slot by slot.  Each cycle
// free slots take warps (a TB slot, an index, a non-empty set of lanes),
// pending launches happen, launched warps arrive at their TB's barrier
// and exit some or all of their live lanes, and TBs release: when every
// resident warp of the TB waits at the barrier or arrives now, and at
// random besides (the table takes any release).  The rates change every
// 512 cycles so that the table fills up and drains.  A reset comes now
// and then.  The placement ports of slots not placed, and the exit port
// of free slots, carry random values: the table must ignore them.
//
// Compared every cycle: every register of every slot (a free slot's
// too: both reset them, and a retired slot keeps its TB, lanes and
// barrier bit) and the retirements.
#include <string>
#include <vector>

#include "Vsimtref_warp_slots.h"
#include "tb_common.h"

#include "bits.h"
#include "config.h"
#include "warp_slots.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long placements = 0;
    long launches = 0;
    long arrivals = 0;
    long partial_exits = 0;   // exits that leave a live lane
    long retirements = 0;
    long releases = 0;        // a TB's waiting warps taken off the barrier
    long retire_at_release = 0;  // a warp at the barrier retiring as its
                                 // TB releases
    long arrive_at_release = 0;  // a warp arriving as its TB releases
    long reuse = 0;           // placements in a slot freed on the last edge
    long full = 0;            // cycles with every slot resident
    long resets = 0;
};

class Bench {
  public:
    using Top = Vsimtref_warp_slots;
    using Model = tb::CModel<warp_slots, warp_slots_in, warp_slots_out,
                             warp_slots_init, warp_slots_reset,
                             warp_slots_eval, warp_slots_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed)
    {
        warp_slots_geometry(&cfg, &g_);
        lane_mask_ = g_.lanes >= 64 ? ~0ull : (1ull << g_.lanes) - 1;
        freed_.assign(g_.slots, 0);
        garbage_.assign(g_.slots, 0);
        new_phase();
    }

    // No directed scenario.
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const warp_slots &model, warp_slots_in &in,
              bool &reset)
    {
        model_ = &model;            // compare() reads its registers
        warp_slots_idle(&in);
        reset = cycle == 0 || rng_.chance(1, 100000);
        if (reset)
            return true;
        if (cycle % 512 == 0)
            new_phase();
        for (unsigned g = 0; g < g_.slots; g++)
            slot_events(g, *warp_slots_read(&model, g), in);
        releases(model, in);
        return true;
    }

    void drive(Top &top, const warp_slots_in &in) const
    {
        for (unsigned g = 0; g < g_.slots; g++) {
            bool placed = bitset_has(in.place, g);
            uint64_t r = placed ? 0 : garbage_[g];

            tb::set_field(top.place_i, g, 1, placed);
            tb::set_field(top.place_tb_i, g * g_.tb_w, g_.tb_w,
                          placed ? in.place_tb[g] : r);
            tb::set_field(top.place_wid_i, g * g_.wid_w, g_.wid_w,
                          placed ? in.place_wid[g] : r >> 8);
            tb::set_field(top.place_lanes_i, g * g_.lanes, g_.lanes,
                          placed ? in.place_lanes[g] : r >> 16);
            tb::set_field(top.launch_i, g, 1, bitset_has(in.launch, g));
            tb::set_field(top.arrive_i, g, 1, bitset_has(in.arrive, g));
            tb::set_field(top.kill_i, g * g_.lanes, g_.lanes, in.kill[g]);
        }
        tb::set_field(top.release_i, 0, g_.tbs, in.release);
    }

    bool compare(const Top &top, const warp_slots_out &exp, long cycle,
                 tb::Mismatch &mm) const
    {
        const warp_slots &m = *model_;
        bool ok = true;

        for (unsigned g = 0; g < g_.slots; g++) {
            const warp_slot &w = *warp_slots_read(&m, g);
            auto name = [g](const char *port) {
                return std::string(port) + " of slot " + std::to_string(g);
            };

            ok &= tb::check(mm, cycle, w.resident,
                            tb::get_field(top.resident_o, g, 1),
                            [&] { return name("resident_o"); });
            ok &= tb::check(mm, cycle, w.launch_pending,
                            tb::get_field(top.launch_pending_o, g, 1),
                            [&] { return name("launch_pending_o"); });
            ok &= tb::check(mm, cycle, w.at_barrier,
                            tb::get_field(top.at_barrier_o, g, 1),
                            [&] { return name("at_barrier_o"); });
            ok &= tb::check(mm, cycle, w.tb,
                            tb::get_field(top.tb_o, g * g_.tb_w, g_.tb_w),
                            [&] { return name("tb_o"); });
            ok &= tb::check(mm, cycle, w.wid,
                            tb::get_field(top.wid_o, g * g_.wid_w, g_.wid_w),
                            [&] { return name("wid_o"); });
            ok &= tb::check(mm, cycle, w.lanes,
                            tb::get_field(top.lanes_o, g * g_.lanes, g_.lanes),
                            [&] { return name("lanes_o"); });
            ok &= tb::check(mm, cycle, w.live,
                            tb::get_field(top.live_o, g * g_.lanes, g_.lanes),
                            [&] { return name("live_o"); });
            ok &= tb::check(mm, cycle, bitset_has(exp.retire, g),
                            tb::get_field(top.retire_o, g, 1),
                            [&] { return name("retire_o"); });
        }
        return ok;
    }

    void cover(const warp_slots &m, const warp_slots_in &in,
               const warp_slots_out &out, bool reset)
    {
        bool full = true;

        cov_.resets += reset;
        if (reset)
            return;
        for (unsigned g = 0; g < g_.slots; g++) {
            const warp_slot &w = *warp_slots_read(&m, g);
            bool retire = bitset_has(out.retire, g);
            bool released = w.resident && (in.release >> w.tb & 1);

            full = full && w.resident;
            cov_.placements += bitset_has(in.place, g);
            cov_.reuse += bitset_has(in.place, g) && freed_[g];
            cov_.launches += bitset_has(in.launch, g);
            cov_.arrivals += bitset_has(in.arrive, g);
            cov_.partial_exits += in.kill[g] && !retire && w.resident;
            cov_.retirements += retire;
            cov_.releases += released && w.at_barrier && !retire;
            cov_.retire_at_release += released && retire && w.at_barrier;
            cov_.arrive_at_release += released && bitset_has(in.arrive, g);
            freed_[g] = retire;
        }
        cov_.full += full;
    }

    bool scenario_check(const Top &, long) const { return true; }

    void after(const warp_slots &, const warp_slots_in &,
               const warp_slots_out &, bool, long)
    {
    }

    void report() const
    {
        std::printf("coverage: %ld placements (%ld in a slot freed the cycle "
                    "before, %ld cycles with every slot held), %ld launches, "
                    "%ld arrivals, %ld exits leaving a live lane, %ld "
                    "retirements, %ld releases of a waiting warp (%ld of a "
                    "warp arriving then, %ld of a waiting warp retiring "
                    "then), %ld resets\n",
                    cov_.placements, cov_.reuse, cov_.full, cov_.launches,
                    cov_.arrivals, cov_.partial_exits, cov_.retirements,
                    cov_.releases, cov_.arrive_at_release,
                    cov_.retire_at_release, cov_.resets);
    }

    // Placements into freed slots, a full table, partial exits and
    // retirements, releases of waiting and arriving warps, and a warp at
    // the barrier retiring in its TB's release.
    bool covered() const
    {
        return cov_.reuse && cov_.full && cov_.launches
               && cov_.partial_exits && cov_.retirements && cov_.releases
               && cov_.arrive_at_release && cov_.retire_at_release;
    }

    bool scenario_done() const { return false; }

  private:
    void new_phase()
    {
        static const unsigned place[] = { 1, 2, 8, 64 };
        static const unsigned exit[] = { 2, 16, 64, 256 };
        static const unsigned arrive[] = { 1, 4, 16 };
        static const unsigned release[] = { 16, 256, 4096 };

        place_den_ = place[rng_.below(4)];
        exit_den_ = exit[rng_.below(4)];
        arrive_den_ = arrive[rng_.below(3)];
        release_den_ = release[rng_.below(3)];
    }

    // Slot g's events this cycle; w is its registers before the edge.
    void slot_events(unsigned g, const warp_slot &w, warp_slots_in &in)
    {
        if (!w.resident) {
            if (rng_.chance(1, place_den_)) {
                uint64_t lanes = rng_.next() & lane_mask_;
                bitset_add(in.place, g);
                in.place_tb[g] = rng_.below(g_.tbs);
                in.place_wid[g] = rng_.below(g_.tb_warps);
                in.place_lanes[g] = lanes ? lanes : 1;
            } else if (rng_.chance(1, 4)) {
                in.kill[g] = rng_.next() & lane_mask_;  /* ignored */
            }
            return;
        }
        if (w.launch_pending) {
            if (rng_.chance(1, 4))
                bitset_add(in.launch, g);
            return;
        }
        if (!w.at_barrier && rng_.chance(1, arrive_den_))
            bitset_add(in.arrive, g);
        if (rng_.chance(1, exit_den_)) {
            uint64_t k = rng_.chance(1, 2) ? w.live : rng_.next() & w.live;
            in.kill[g] = k;
        }
    }

    // A TB releases when every resident warp of it waits or arrives now
    // (and it has one), or at random.
    void releases(const warp_slots &m, warp_slots_in &in)
    {
        for (unsigned g = 0; g < g_.slots; g++)
            garbage_[g] = rng_.next();
        for (unsigned t = 0; t < g_.tbs; t++) {
            bool any = false, all = true;

            for (unsigned g = 0; g < g_.slots; g++) {
                const warp_slot &w = *warp_slots_read(&m, g);
                if (!w.resident || w.launch_pending || w.tb != t)
                    continue;
                any = true;
                all = all && (w.at_barrier || bitset_has(in.arrive, g));
            }
            if ((any && all && rng_.chance(1, 2))
                || rng_.chance(1, release_den_))
                in.release |= 1ull << t;
        }
    }

    struct warp_slots_geometry g_;
    tb::Rng rng_;
    uint64_t lane_mask_ = 0;        // every lane of a warp
    std::vector<uint64_t> garbage_; // per slot: this cycle's values on
                                    // the placement ports it does not use
    const warp_slots *model_ = nullptr;  // the model, for compare()
    std::vector<uint8_t> freed_;    // slots retired on the last edge
    unsigned place_den_ = 1;        // a free slot takes a warp: 1 in this
    unsigned exit_den_ = 16;        // a launched warp exits lanes: 1 in this
    unsigned arrive_den_ = 4;       // a running warp arrives: 1 in this
    unsigned release_den_ = 256;    // a TB releases at random: 1 in this
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_warp_slots");
}
