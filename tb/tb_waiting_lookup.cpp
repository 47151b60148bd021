// tb_waiting_lookup.cpp -- lockstep testbench of the HARP Waiting-Lookup
// table: the generated simtref_waiting_lookup against the C model
// golden/structures/waiting_lookup.c.
//
// Constrained-random stimulus in phases of a few hundred cycles, each with
// its own insert and completion densities and a small pool of pcs; half of
// the inserts aim at a stored warp (its pc and free lanes, sometimes a
// conflicting lane).  Completions name a stored warp, often the entry the
// insert of the same cycle will then reuse.  Contract violations: a rare
// insert with an empty mask, and a rare completion naming a free entry or
// an entry beyond the table; both must raise err_o.
//
// --scenario merge drives the directed sequence of the unit tests: two
// warps at one memory instruction merge, a conflicting one allocates, a
// full table bypasses, and the completion returns the merged warp.
#include <vector>

#include "Vsimtref_waiting_lookup.h"
#include "lookup_common.h"
#include "waiting_lookup.h"

namespace {

struct Coverage {
    long merges = 0;
    long allocs = 0;
    long bypasses = 0;
    long full = 0;
    long dones = 0;
    long reuse = 0;           // the insert reuses the entry freed that cycle
    long merged_done = 0;     // a merged warp completes
    long errors = 0;
};

class Bench {
  public:
    using Top = Vsimtref_waiting_lookup;
    using Model = tb::CModel<waiting_lookup, lookup_in, lookup_out, waiting_lookup_init,
                             waiting_lookup_reset, waiting_lookup_eval, waiting_lookup_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &scenario)
        : g_(tb::geometry_of(waiting_lookup_geometry, cfg)), gen_(g_, seed),
          scenario_(scenario)
    {
    }

    // merge is written for two lanes and two entries.
    static bool has_scenario(const simt_config &cfg, const std::string &name)
    {
        return name == "merge" && cfg.simd_width == 2 &&
               cfg.waiting_lookup_entries == 2;
    }

    bool next(long cycle, const waiting_lookup &model, lookup_in &in, bool &reset)
    {
        if (!scenario_.empty())
            return merge_next(cycle, in, reset);
        tb::Rng &rng = gen_.rng();
        reset = cycle == 0 || rng.chance(1, 50000);
        if (cycle % 256 == 0) {
            static const unsigned dens[] = {1, 3, 5, 8};
            gen_.new_phase();
            ins_density_ = dens[rng.below(4)];
            done_density_ = dens[rng.below(4)];
        }
        if (rng.chance(done_density_, 16)) {
            unsigned e = rng.below(g_.entries);
            if (model.table.entry[e].valid || rng.chance(1, 200)) {
                in.done_valid = true;
                in.done_slot = e;
            } else if (g_.entries < (1u << g_.slot_w) && rng.chance(1, 20)) {
                in.done_valid = true;     // beyond the table
                in.done_slot = g_.entries + rng.below((1u << g_.slot_w) - g_.entries);
            }
        }
        if (rng.chance(ins_density_, 8)) {
            in.ins_valid[0] = true;
            in.ins[0] = gen_.random_warp(model.table);
            if (rng.chance(1, 1000))
                in.ins[0].mask = 0;            // contract violation
        }
        return true;
    }

    void drive(Top &top, const lookup_in &in)
    {
        top.ins_valid_i = in.ins_valid[0];
        tb::drive_warp(top.ins_pc_i, top.ins_mask_i, top.ins_tid_i, g_, 0, in.ins[0]);
        top.done_valid_i = in.done_valid;
        top.done_slot_i = in.done_slot & (unsigned)low_bits(g_.slot_w);
    }

    bool compare(const Top &top, const lookup_out &exp, long cycle,
                 tb::Mismatch &mm)
    {
        bool ok = true;
        ok &= tb::expect(mm, cycle, "ins_merged_o", exp.ins_merged[0], top.ins_merged_o);
        ok &= tb::expect(mm, cycle, "ins_bypass_o", exp.ins_bypass[0], top.ins_bypass_o);
        ok &= tb::expect(mm, cycle, "ins_slot_o", exp.ins_slot[0], top.ins_slot_o);
        ok &= tb::expect_warp(mm, cycle, [] { return std::string("done_"); }, g_, 0, top.done_pc_o,
                              top.done_mask_o, top.done_tid_o, exp.done);
        ok &= lk::expect_contents(mm, cycle, g_, top, exp);
        ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
        return ok;
    }

    void cover(const waiting_lookup &model, const lookup_in &in, const lookup_out &exp,
               bool)
    {
        unsigned slot = in.done_slot & (unsigned)low_bits(g_.slot_w);
        bool done = in.done_valid && slot < g_.entries && model.table.entry[slot].valid;
        cov_.full += model.table.count == g_.entries;
        cov_.errors += exp.err;
        if (done) {
            cov_.dones++;
            cov_.merged_done += merged_[slot];
            merged_[slot] = false;
        }
        cov_.bypasses += exp.ins_bypass[0];
        if (exp.ins_merged[0]) {
            cov_.merges++;
            merged_[exp.ins_slot[0]] = true;
        } else if (in.ins_valid[0] && in.ins[0].mask && !exp.ins_bypass[0]) {
            cov_.allocs++;
            cov_.reuse += done && exp.ins_slot[0] == slot;
            merged_[exp.ins_slot[0]] = false;
        }
    }

    // Nothing to keep after the edge.
    void after(const waiting_lookup &, const lookup_in &, const lookup_out &, bool,
               long)
    {
    }

    void report() const
    {
        std::printf("coverage: %ld merges, %ld allocations, %ld bypasses, %ld "
                    "full cycles, %ld completions (%ld of merged warps), %ld "
                    "inserts reusing the entry freed that cycle, %ld cycles "
                    "with err_o\n", cov_.merges, cov_.allocs, cov_.bypasses,
                    cov_.full, cov_.dones, cov_.merged_done, cov_.reuse,
                    cov_.errors);
    }

    bool covered() const
    {
        return cov_.merges && cov_.allocs && cov_.bypasses && cov_.full &&
               cov_.dones && cov_.merged_done && cov_.reuse && cov_.errors;
    }

    // ---------------------------------------------------------------
    // Directed: merge, conflict, bypass, completion of the merged warp
    // ---------------------------------------------------------------

    static warp one_lane(uint64_t pc, unsigned lane, uint32_t tid)
    {
        warp w = warp();
        w.pc = pc;
        w.mask = 1ull << lane;
        w.tid[lane] = tid;
        return w;
    }

    bool merge_next(long cycle, lookup_in &in, bool &reset)
    {
        reset = cycle == 0;
        step_ = (int)cycle;
        switch (cycle) {
        case 1: in.ins_valid[0] = true; in.ins[0] = one_lane(0x40, 0, 5); break;
        case 2: in.ins_valid[0] = true; in.ins[0] = one_lane(0x40, 1, 7); break;
        case 3: in.ins_valid[0] = true; in.ins[0] = one_lane(0x40, 0, 9); break;
        case 4: in.ins_valid[0] = true; in.ins[0] = one_lane(0x80, 1, 3); break;
        case 5:
            in.done_valid = true;
            in.done_slot = 0;
            in.ins_valid[0] = true;
            in.ins[0] = one_lane(0x80, 1, 4);
            break;
        case 7: return false;
        default: break;
        }
        return true;
    }

    bool scenario_done() const { return step_ >= 6; }

    bool entry_is(const Top &top, unsigned e, uint64_t pc, uint64_t mask,
                  const uint32_t tid[2])
    {
        bool ok = tb::get_field(top.valid_o, e, 1) &&
                  tb::get_field(top.pc_o, e * g_.pc_w, g_.pc_w) == pc &&
                  tb::get_field(top.mask_o, e * g_.lanes, g_.lanes) == mask;
        for (unsigned l = 0; l < 2; l++)
            ok &= tb::get_field(top.tid_o, (e * g_.lanes + l) * g_.tw, g_.tw) == tid[l];
        return ok;
    }

    bool scenario_check(const Top &top, long cycle)
    {
        static const uint32_t t5_7[2] = {5, 7}, t9[2] = {9, 0}, t4[2] = {0, 4};
        bool ok = true;
        const char *what = nullptr;
        if (scenario_.empty())
            return true;
        switch (cycle) {
        case 1:
            what = "the first warp allocates entry 0";
            ok = top.ins_slot_o == 0 && !top.ins_merged_o && !top.ins_bypass_o;
            break;
        case 2:
            what = "the second warp at the same pc, other lane, merges into entry 0";
            ok = top.ins_merged_o && top.ins_slot_o == 0;
            break;
        case 3:
            what = "entry 0 holds both threads; a conflicting warp allocates entry 1";
            ok = entry_is(top, 0, 0x40, 3, t5_7) && !top.ins_merged_o &&
                 top.ins_slot_o == 1;
            break;
        case 4:
            what = "the table is full: a warp at another pc bypasses";
            ok = top.count_o == 2 && top.ins_bypass_o && !top.ins_merged_o &&
                 entry_is(top, 1, 0x40, 1, t9);
            break;
        case 5:
            what = "completion of entry 0 returns the merged warp; the insert reuses it";
            ok = tb::get_field(top.done_pc_o, 0, g_.pc_w) == 0x40 &&
                 top.done_mask_o == 3 &&
                 tb::get_field(top.done_tid_o, 0, g_.tw) == 5 &&
                 tb::get_field(top.done_tid_o, g_.tw, g_.tw) == 7 &&
                 !top.err_o && top.ins_slot_o == 0 && !top.ins_merged_o;
            break;
        case 6:
            what = "entry 0 holds the new warp, entry 1 the conflicting one";
            ok = entry_is(top, 0, 0x80, 2, t4) && entry_is(top, 1, 0x40, 1, t9) &&
                 top.count_o == 2;
            break;
        default: return true;
        }
        std::printf("merge: cycle %ld: %s: %s\n", cycle, what, ok ? "yes" : "NO");
        return ok;
    }

  private:
    lookup_geometry g_;
    lk::WarpGen gen_;
    std::string scenario_;
    unsigned ins_density_ = 4, done_density_ = 4;
    bool merged_[LOOKUP_MAX_ENTRIES] = {};
    Coverage cov_;
    int step_ = 0;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_waiting_lookup");
}
