// tb_ready_lookup.cpp -- lockstep testbench of the HARP Ready-Lookup table:
// the generated simtref_ready_lookup against the C model golden/structures/ready_lookup.c.
//
// Constrained-random stimulus in phases of a few hundred cycles, each with
// its own insert and pop densities (so that the table fills, bypasses and
// drains) and its own small pool of pcs; half of the inserts aim at a
// stored warp (its pc and free lanes, sometimes a conflicting lane), so
// merges, merges by port 1 into port 0's warp, and conflicts are frequent.
// Contract violations: a rare insert with an empty mask, and pops of an
// empty table; both must raise err_o.
//
// --scenario fig10 (configuration tests/data/scenarios/harp-fig10.conf) drives
// HARP Fig. 10 instead and checks the table after each step.
#include "Vsimtref_ready_lookup.h"
#include <vector>

#include "lookup_common.h"
#include "ready_lookup.h"

namespace {

struct Coverage {
    long merges[2] = {0, 0};
    long merge_into_port0 = 0;     // port 1 merges into port 0's warp
    long refreshes = 0;            // a merge makes an older warp the youngest
    long allocs = 0;
    long bypasses = 0;
    long full = 0;                 // cycles with a full table
    long pops = 0;
    long merged_departs = 0;       // a merged warp departs
    long errors = 0;
    long resets = 0;
};

// HARP Fig. 10 on a 4-wide SM: thread Tn in lane n % 4, id n / 4.
struct Fig10Step {
    int step;
    bool pop;
    unsigned ins[2][8];            // thread lists, terminated by 99
    char pc[2];                    // 'B', 'C' or 0
};

const unsigned END = 99;

class Bench {
  public:
    using Top = Vsimtref_ready_lookup;
    using Model = tb::CModel<ready_lookup, lookup_in, lookup_out, ready_lookup_init,
                             ready_lookup_reset, ready_lookup_eval, ready_lookup_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &scenario)
        : g_(tb::geometry_of(ready_lookup_geometry, cfg)), gen_(g_, seed),
          scenario_(scenario)
    {
    }

    // fig10 is written for four lanes.
    static bool has_scenario(const simt_config &cfg, const std::string &name)
    {
        return name == "fig10" && cfg.simd_width == 4 &&
               cfg.ready_lookup_entries >= 2;
    }

    bool next(long cycle, const ready_lookup &model, lookup_in &in, bool &reset)
    {
        if (!scenario_.empty())
            return fig10_next(cycle, in, reset);
        tb::Rng &rng = gen_.rng();
        reset = cycle == 0 || rng.chance(1, 50000);
        if (cycle % 256 == 0) {
            static const unsigned dens[] = {1, 3, 5, 8};
            gen_.new_phase();
            ins_density_ = dens[rng.below(4)];
            pop_density_ = dens[rng.below(4)];
        }
        in.pop = rng.chance(pop_density_, 16);
        for (unsigned p = 0; p < 2; p++) {
            if (!rng.chance(ins_density_, 8))
                continue;
            in.ins_valid[p] = true;
            in.ins[p] = gen_.random_warp(model.table);
            if (rng.chance(1, 1000))
                in.ins[p].mask = 0;            // contract violation
        }
        // Port 1 often continues the divergence: the other lanes.
        if (in.ins_valid[0] && in.ins_valid[1] && rng.chance(1, 4)) {
            in.ins[1].mask = ~in.ins[0].mask & low_bits(g_.lanes);
            if (rng.chance(1, 2))
                in.ins[1].pc = in.ins[0].pc;
        }
        return true;
    }

    void drive(Top &top, const lookup_in &in)
    {
        top.ins_valid_i = (in.ins_valid[0] ? 1 : 0) | (in.ins_valid[1] ? 2 : 0);
        for (unsigned p = 0; p < 2; p++)
            tb::drive_warp(top.ins_pc_i, top.ins_mask_i, top.ins_tid_i, g_, p,
                           in.ins[p]);
        top.pop_i = in.pop;
    }

    bool compare(const Top &top, const lookup_out &exp, long cycle,
                 tb::Mismatch &mm)
    {
        bool ok = true;
        for (unsigned p = 0; p < 2; p++) {
            ok &= tb::expect(mm, cycle, tb::indexed("ins_merged_o", p),
                             exp.ins_merged[p], tb::get_field(top.ins_merged_o, p, 1));
            ok &= tb::expect(mm, cycle, tb::indexed("ins_bypass_o", p),
                             exp.ins_bypass[p], tb::get_field(top.ins_bypass_o, p, 1));
        }
        ok &= tb::expect(mm, cycle, "head_valid_o", exp.head_valid, top.head_valid_o);
        ok &= tb::expect_warp(mm, cycle, [] { return std::string("head_"); }, g_, 0, top.head_pc_o,
                              top.head_mask_o, top.head_tid_o, exp.head);
        ok &= lk::expect_contents(mm, cycle, g_, top, exp);
        for (unsigned e = 0; e < g_.entries; e++)
            ok &= tb::check(mm, cycle, exp.entry[e].age,
                            tb::get_field(top.age_o, e * g_.slot_w, g_.slot_w),
                            [&] { return tb::indexed("age_o", e); });
        ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
        return ok;
    }

    void cover(const ready_lookup &model, const lookup_in &in, const lookup_out &exp,
               bool)
    {
        int head = -1;
        for (unsigned e = 0; e < g_.entries; e++)
            if (model.table.entry[e].valid && model.table.entry[e].age == 0)
                head = (int)e;
        cov_.full += model.table.count == g_.entries;
        cov_.errors += exp.err;
        if (in.pop && head >= 0) {
            cov_.pops++;
            cov_.merged_departs += merged_[head];
            merged_[head] = false;
        }
        for (unsigned p = 0; p < 2; p++) {
            unsigned e = exp.ins_slot[p];
            cov_.bypasses += exp.ins_bypass[p];
            if (exp.ins_merged[p]) {
                cov_.merges[p]++;
                // Not the youngest before: the merge moves it.
                if (model.table.entry[e].valid && model.table.entry[e].age + 1 < model.table.count)
                    cov_.refreshes++;
                merged_[e] = true;
            } else if (in.ins_valid[p] && !exp.ins_bypass[p] && in.ins[p].mask) {
                cov_.allocs++;
                merged_[e] = false;
            }
        }
        if (exp.ins_merged[1] && in.ins_valid[0] && !exp.ins_merged[0] &&
            !exp.ins_bypass[0] && exp.ins_slot[0] == exp.ins_slot[1])
            cov_.merge_into_port0++;
    }

    // Nothing to keep after the edge.
    void after(const ready_lookup &, const lookup_in &, const lookup_out &, bool,
               long)
    {
    }

    void report() const
    {
        std::printf("coverage: merges %ld/%ld (port 0/1), %ld by port 1 into "
                    "port 0's warp, %ld age refreshes, %ld allocations, %ld "
                    "bypasses, %ld full cycles, %ld pops, %ld merged warps "
                    "departed, %ld cycles with err_o\n",
                    cov_.merges[0], cov_.merges[1], cov_.merge_into_port0,
                    cov_.refreshes, cov_.allocs, cov_.bypasses, cov_.full,
                    cov_.pops, cov_.merged_departs, cov_.errors);
    }

    bool covered() const
    {
        bool two = g_.entries >= 2;
        return cov_.merges[0] && cov_.merges[1] && cov_.merge_into_port0 &&
               (cov_.refreshes || !two) && cov_.allocs && cov_.bypasses &&
               cov_.full && cov_.pops && cov_.merged_departs && cov_.errors;
    }

    // ---------------------------------------------------------------
    // HARP Fig. 10
    // ---------------------------------------------------------------

    bool fig10_next(long cycle, lookup_in &in, bool &reset)
    {
        static const Fig10Step steps[] = {
            // (6) W0 diverges: {T1,T3} to B on port 0, {T0,T2} to C on port 1
            {6, false, {{1, 3, END}, {0, 2, END}}, {'B', 'C'}},
            // (7) a warp departs to the scheduler: W2 = {T1,T3}
            {7, true, {{END}, {END}}, {0, 0}},
            // (10) W1 diverges: {T4,T5,T6} to B, {T7} to C merges into {T0,T2}
            {10, false, {{4, 5, 6, END}, {7, END}}, {'B', 'C'}},
            // (12) W3 = {T4,T5,T6} departs (FIFO)
            {12, true, {{END}, {END}}, {0, 0}},
            // (19) W4 = {T0,T2,T7} departs
            {19, true, {{END}, {END}}, {0, 0}},
        };
        reset = cycle == 0;
        step_ = (int)cycle;                  // cycle n is step n
        if (cycle > 20)
            return false;
        for (const Fig10Step &s : steps) {
            if (s.step != cycle)
                continue;
            in.pop = s.pop;
            for (unsigned p = 0; p < 2; p++) {
                if (!s.pc[p])
                    continue;
                in.ins_valid[p] = true;
                in.ins[p].pc = (uint64_t)s.pc[p];
                for (const unsigned *t = s.ins[p]; *t != END; t++) {
                    in.ins[p].mask |= 1ull << (*t % 4);
                    in.ins[p].tid[*t % 4] = *t / 4;
                }
            }
        }
        return true;
    }

    bool scenario_done() const { return step_ >= 20; }

    // The paper's table before the operations of step `cycle`.
    bool scenario_check(const Top &top, long cycle)
    {
        struct Want { char pc; unsigned threads[4]; };
        if (scenario_.empty())
            return true;
        // Contents, youngest last, as HARP Fig. 10 shows them.
        std::vector<Want> want;
        if (cycle == 7)
            want = {{'B', {1, 3, END}}, {'C', {0, 2, END}}};
        else if (cycle >= 8 && cycle <= 10)
            want = {{'C', {0, 2, END}}};
        else if (cycle == 11 || cycle == 12)
            want = {{'B', {4, 5, 6, END}}, {'C', {0, 2, 7, END}}};
        else if (cycle >= 13 && cycle <= 19)
            want = {{'C', {0, 2, 7, END}}};
        bool ok = tb::get_field(top.count_o, 0, g_.cnt_w) == want.size();
        for (unsigned rank = 0; rank < want.size(); rank++) {
            bool found = false;
            for (unsigned e = 0; e < g_.entries; e++) {
                if (!tb::get_field(top.valid_o, e, 1) ||
                    tb::get_field(top.age_o, e * g_.slot_w, g_.slot_w) != rank)
                    continue;
                found = true;
                uint64_t mask = 0;
                for (const unsigned *t = want[rank].threads; *t != END; t++) {
                    mask |= 1ull << (*t % 4);
                    if (tb::get_field(top.tid_o, (e * 4 + *t % 4) * g_.tw, g_.tw) != *t / 4)
                        ok = false;
                }
                ok &= tb::get_field(top.pc_o, e * g_.pc_w, g_.pc_w) == (uint64_t)want[rank].pc;
                ok &= tb::get_field(top.mask_o, e * 4, 4) == mask;
            }
            ok &= found;
        }
        if (!ok)
            std::printf("fig10: the table before step %ld is not HARP Fig. 10's "
                        "(expected %zu warp(s), oldest first)\n", cycle, want.size());
        if (cycle == 7 || cycle == 12 || cycle == 19) {
            static const char *const leaving[] = {"W2 = {T1,T3}@B",
                                                  "W3 = {T4,T5,T6}@B",
                                                  "W4 = {T0,T2,T7}@C"};
            const char *w = leaving[cycle == 7 ? 0 : cycle == 12 ? 1 : 2];
            if (ok)
                std::printf("fig10: step %ld, the head departs: %s\n", cycle, w);
        }
        return ok;
    }

  private:
    lookup_geometry g_;
    lk::WarpGen gen_;
    std::string scenario_;
    unsigned ins_density_ = 4, pop_density_ = 4;
    bool merged_[LOOKUP_MAX_ENTRIES] = {};
    Coverage cov_;
    int step_ = 0;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_ready_lookup");
}
