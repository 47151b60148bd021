// tb_rbt.cpp -- lockstep testbench of the HARP Re-convergence Barriers
// table: the generated simtref_rbt against the C model golden/structures/rbt.c.
//
// Constrained-random stimulus in phases of 256 cycles, each with its own
// commit density, share of diverged commits, receiver readiness, small
// pool of pcs, and per lane a small pool of thread ids that map to one or
// two "hot" sets, so that sets fill and reservations fail.  Half of the
// commits aim at a barrier the model holds: a non-diverged commit at its
// rpc with some of its members (arrivals, and so releases), or a diverged
// one at its rpc with lanes of its set (merges).  Contract violation: a
// rare commit with an empty mask, which must raise err_o.
//
// Every output is compared every cycle.  Over a run of 100000 cycles or
// more the stimulus must reach: allocations, merges, failed reservations
// on a full set, arrivals, releases, held releases (rel_valid without
// rel_ready), an arrival at a barrier allocated by the commit just before
// it (back to back; with STAGES > 1 both were in the access pipeline
// together), a full access pipeline (STAGES > 1), errors.
//
// --scenario fig10 (tests/data/scenarios/harp-fig10.conf) drives HARP Fig. 10,
// --scenario fig8 (tests/data/scenarios/harp-fig8.conf) the Fig. 8 table, and
// each step is checked against the table written down below, not only
// against the model.
#include "Vsimtref_rbt.h"
#include <string>
#include <vector>

#include "tb_common.h"

#include "bits.h"
#include "config.h"
#include "rbt.h"

namespace {

using tb::check;

struct Coverage {
    long allocs = 0;          // sets allocating a barrier
    long merges = 0;          // barriers taking new members
    long fails = 0;           // reservations failing on a full set
    long full_sets = 0;       // cycles with a full set
    long arrivals = 0;        // cycles with arr_hit
    long releases = 0;
    long held = 0;            // rel_valid && !rel_ready
    long back_to_back = 0;    // arrival at a barrier allocated just before
    long full_pipe = 0;       // cycles with every request stage in use
    long errors = 0;
    long resets = 0;
};

// One step of a directed scenario: the inputs, the results expected in
// that cycle, and the table expected at its start (entries not listed
// are free).
struct ExpEntry {
    unsigned e;
    uint64_t rpc, member, reached;
    uint32_t tid[4];
};

struct Step {
    rbt_in in;
    uint64_t rsv_fail, arr_hit;
    bool rel_valid;
    uint64_t rel_pc, rel_mask;
    uint32_t rel_tid[4];
    std::vector<ExpEntry> table;
};

class Bench {
  public:
    using Top = Vsimtref_rbt;
    using Model = tb::CModel<rbt, rbt_in, rbt_out, rbt_init, rbt_reset,
                             rbt_eval, rbt_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &scenario)
        : rng_(seed), scenario_(scenario)
    {
        rbt_geometry(&cfg, &g_);
        for (long &f : fresh_)
            f = -2;                              // never allocated
        if (scenario == "fig10")
            fig10();
        else if (scenario == "fig8")
            fig8();
    }

    // The scenarios are written for the sizes of their configurations.
    static bool has_scenario(const simt_config &cfg, const std::string &name)
    {
        bool fig10 = name == "fig10" && cfg.simd_width == 4 &&
                     cfg.rbt_entries / cfg.rbt_ways >= 2 &&
                     cfg.rbt_pipeline_stages == 1;
        bool fig8 = name == "fig8" && cfg.simd_width == 2 &&
                    cfg.rbt_entries == 8 && cfg.rbt_ways == 2 &&
                    cfg.thread_id_bits == 10 && cfg.rbt_pipeline_stages == 1;
        return fig10 || fig8;
    }

    // ---------------------------------------------------------------
    // Random stimulus
    // ---------------------------------------------------------------

    bool next(long cycle, const rbt &model, rbt_in &in, bool &reset)
    {
        if (!scenario_.empty())
            return scenario_next(cycle, in, reset);
        reset = cycle == 0 || rng_.chance(1, 50000);
        if (cycle % 256 == 0)
            new_phase();
        in.rel_ready = rng_.chance(rel_density_, 8);
        if (!rng_.chance(cmt_density_, 8))
            return true;
        in.cmt_valid = true;
        in.cmt_diverged = rng_.chance(div_share_, 8);
        int e = valid_entry(model);
        if (e >= 0 && rng_.chance(1, 2)) {
            if (in.cmt_diverged)
                aim_merge(model.e[e], (unsigned)e / g_.ways, in);
            else
                aim_arrival(model.e[e], in);
        } else {
            in.cmt_pc = pcs_[rng_.below(npcs_)];
            in.cmt_mask = subset(low_bits(g_.lanes));
            for (unsigned l = 0; l < g_.lanes; l++)
                in.cmt_tid[l] = pool_tid(l);
        }
        if (rng_.chance(1, 1000))
            in.cmt_mask = 0;                     // contract violation
        return true;
    }

    void drive(Vsimtref_rbt &top, const rbt_in &in)
    {
        top.cmt_valid_i = in.cmt_valid;
        top.cmt_diverged_i = in.cmt_diverged;
        top.cmt_pc_i = in.cmt_pc;
        top.cmt_mask_i = in.cmt_mask;
        for (unsigned l = 0; l < g_.lanes; l++)
            tb::set_field(top.cmt_tid_i, l * g_.tw, g_.tw, in.cmt_tid[l]);
        top.rel_ready_i = in.rel_ready;
    }

    bool compare(const Vsimtref_rbt &top, const rbt_out &exp, long cycle,
                 tb::Mismatch &mm)
    {
        bool ok = true;
        ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
        ok &= tb::expect(mm, cycle, "rsv_fail_o", exp.rsv_fail,
                         tb::get_field(top.rsv_fail_o, 0, g_.lanes));
        ok &= tb::expect(mm, cycle, "arr_hit_o", exp.arr_hit,
                         tb::get_field(top.arr_hit_o, 0, g_.lanes));
        ok &= tb::expect(mm, cycle, "rel_valid_o", exp.rel_valid, top.rel_valid_o);
        ok &= tb::expect(mm, cycle, "rel_pc_o", exp.rel_pc,
                         tb::get_field(top.rel_pc_o, 0, g_.pc_w));
        ok &= tb::expect(mm, cycle, "rel_mask_o", exp.rel_mask,
                         tb::get_field(top.rel_mask_o, 0, g_.lanes));
        for (unsigned l = 0; l < g_.lanes; l++)
            ok &= check(mm, cycle, exp.rel_tid[l],
                        tb::get_field(top.rel_tid_o, l * g_.tw, g_.tw),
                        [&] { return tb::indexed("rel_tid_o", l); });
        ok &= tb::expect(mm, cycle, "occupancy_o", exp.occupancy,
                         tb::get_field(top.occupancy_o, 0, g_.occ_w));
        for (unsigned e = 0; e < g_.entries; e++) {
            const rbt_view &v = exp.entry[e];
            auto n = [e](const char *s) {
                return "entry " + std::to_string(e) + " " + s;
            };
            ok &= check(mm, cycle, v.valid, tb::get_field(top.valid_o, e, 1),
                        [&] { return n("valid_o"); });
            ok &= check(mm, cycle, v.rpc, tb::get_field(top.rpc_o, e * g_.pc_w, g_.pc_w),
                        [&] { return n("rpc_o"); });
            ok &= check(mm, cycle, v.member,
                        tb::get_field(top.member_o, e * g_.lanes, g_.lanes),
                        [&] { return n("member_o"); });
            ok &= check(mm, cycle, v.reached,
                        tb::get_field(top.reached_o, e * g_.lanes, g_.lanes),
                        [&] { return n("reached_o"); });
            for (unsigned l = 0; l < g_.lanes; l++)
                ok &= check(mm, cycle, v.tid[l],
                            tb::get_field(top.tid_o, (e * g_.lanes + l) * g_.tw, g_.tw),
                            [&] { return n("tid_o[lane ") + std::to_string(l) + "]"; });
        }
        return ok;
    }

    // Before the edge: what the cycle shows.
    void cover(const rbt &model, const rbt_in &in, const rbt_out &exp, bool reset)
    {
        cov_.resets += reset;
        cov_.errors += exp.err;
        cov_.fails += exp.rsv_fail != 0;
        cov_.arrivals += exp.arr_hit != 0;
        cov_.held += exp.rel_valid && !in.rel_ready;
        bool full_pipe = g_.stages > 1;
        for (unsigned s = 0; s + 1 < g_.stages; s++)
            full_pipe = full_pipe && model.pipe[s].valid;
        cov_.full_pipe += full_pipe;
        for (unsigned e = 0; e < g_.entries; e++) {
            was_valid_[e] = model.e[e].valid;
            was_member_[e] = model.e[e].member;
            was_reached_[e] = model.e[e].reached;
        }
        for (unsigned s = 0; s < g_.sets; s++) {
            bool full = true;
            for (unsigned w = 0; w < g_.ways; w++)
                full = full && model.e[s * g_.ways + w].valid;
            if (full) {
                cov_.full_sets++;
                break;
            }
        }
    }

    // After the edge: what it changed.
    void after(const rbt &model, const rbt_in &, const rbt_out &, bool,
               long cycle)
    {
        for (unsigned e = 0; e < g_.entries; e++) {
            const rbt_entry &en = model.e[e];
            if (!was_valid_[e] && en.valid) {
                cov_.allocs++;
                fresh_[e] = cycle;
            } else if (was_valid_[e] && !en.valid) {
                cov_.releases++;
            } else if (en.valid) {
                if (en.member & ~was_member_[e])
                    cov_.merges++;
                if ((en.reached & ~was_reached_[e]) && fresh_[e] == cycle - 1)
                    cov_.back_to_back++;
            }
        }
    }

    void report() const
    {
        std::printf("coverage: %ld allocations, %ld merges, %ld failed "
                    "reservations, %ld cycles with a full set, %ld cycles "
                    "with arrivals, %ld releases, %ld held releases, %ld "
                    "back-to-back arrivals, %ld cycles with a full access "
                    "pipeline (%u stages), %ld cycles with err_o, %ld resets\n",
                    cov_.allocs, cov_.merges, cov_.fails, cov_.full_sets,
                    cov_.arrivals, cov_.releases, cov_.held,
                    cov_.back_to_back, cov_.full_pipe, g_.stages,
                    cov_.errors, cov_.resets);
    }

    bool covered() const
    {
        return cov_.allocs && cov_.merges && cov_.fails && cov_.full_sets &&
               cov_.arrivals && cov_.releases && cov_.held &&
               cov_.back_to_back && (cov_.full_pipe || g_.stages == 1) &&
               cov_.errors;
    }

    // ---------------------------------------------------------------
    // Directed scenarios
    // ---------------------------------------------------------------

    bool scenario_next(long cycle, rbt_in &in, bool &reset)
    {
        reset = cycle == 0;
        if (cycle == 0)
            return true;
        if ((size_t)cycle > steps_.size())
            return false;
        in = steps_[cycle - 1].in;
        done_ = (size_t)cycle == steps_.size();
        return true;
    }

    bool scenario_done() const { return done_; }

    bool scenario_check(const Vsimtref_rbt &top, long cycle)
    {
        if (scenario_.empty() || cycle == 0)
            return true;
        const Step &s = steps_[cycle - 1];
        bool ok = true;
        ok &= tb::get_field(top.rsv_fail_o, 0, g_.lanes) == s.rsv_fail;
        ok &= tb::get_field(top.arr_hit_o, 0, g_.lanes) == s.arr_hit;
        ok &= (bool)top.rel_valid_o == s.rel_valid;
        ok &= !top.err_o;
        if (s.rel_valid) {
            ok &= tb::get_field(top.rel_pc_o, 0, g_.pc_w) == s.rel_pc;
            ok &= tb::get_field(top.rel_mask_o, 0, g_.lanes) == s.rel_mask;
            for (unsigned l = 0; l < g_.lanes; l++)
                ok &= tb::get_field(top.rel_tid_o, l * g_.tw, g_.tw) == s.rel_tid[l];
        }
        uint64_t valid = 0;
        for (const ExpEntry &x : s.table) {
            valid |= 1ull << x.e;
            ok &= tb::get_field(top.rpc_o, x.e * g_.pc_w, g_.pc_w) == x.rpc;
            ok &= tb::get_field(top.member_o, x.e * g_.lanes, g_.lanes) == x.member;
            ok &= tb::get_field(top.reached_o, x.e * g_.lanes, g_.lanes) == x.reached;
            for (unsigned l = 0; l < g_.lanes; l++)
                ok &= tb::get_field(top.tid_o, (x.e * g_.lanes + l) * g_.tw, g_.tw) ==
                      ((x.member >> l) & 1 ? x.tid[l] : 0);
        }
        ok &= tb::get_field(top.valid_o, 0, g_.entries) == valid;
        ok &= tb::get_field(top.occupancy_o, 0, g_.occ_w) == s.table.size();
        if (!ok)
            std::printf("%s: step %ld: the table or the results differ from "
                        "the expected ones\n", scenario_.c_str(), cycle);
        else
            std::printf("%s: step %ld as expected: %zu barrier(s), rsv_fail "
                        "%llx, arr_hit %llx%s\n", scenario_.c_str(), cycle,
                        s.table.size(), (unsigned long long)s.rsv_fail,
                        (unsigned long long)s.arr_hit,
                        s.rel_valid ? (s.in.rel_ready ? ", release"
                                                      : ", release held")
                                    : "");
        return ok;
    }

  private:
    // A commit of lanes with thread ids (lanes l with tid[l] != NONE).
    static const uint32_t NONE = ~0u;
    static rbt_in commit(bool diverged, uint64_t pc,
                         std::initializer_list<uint32_t> tids,
                         bool rel_ready = false)
    {
        rbt_in in = rbt_in();
        in.cmt_valid = true;
        in.cmt_diverged = diverged;
        in.cmt_pc = pc;
        unsigned l = 0;
        for (uint32_t t : tids) {
            if (t != NONE) {
                in.cmt_mask |= 1ull << l;
                in.cmt_tid[l] = t;
            }
            l++;
        }
        in.rel_ready = rel_ready;
        return in;
    }

    static rbt_in idle(bool rel_ready)
    {
        rbt_in in = rbt_in();
        in.rel_ready = rel_ready;
        return in;
    }

    static Step step(const rbt_in &in, uint64_t fail, uint64_t hit,
                     std::vector<ExpEntry> table)
    {
        Step s = Step();
        s.in = in;
        s.rsv_fail = fail;
        s.arr_hit = hit;
        s.table = std::move(table);
        return s;
    }

    static Step release(Step s, uint64_t pc, uint64_t mask,
                        std::initializer_list<uint32_t> tids)
    {
        s.rel_valid = true;
        s.rel_pc = pc;
        s.rel_mask = mask;
        unsigned l = 0;
        for (uint32_t t : tids)
            s.rel_tid[l++] = t;
        return s;
    }

    // HARP Fig. 10: Tn in lane n % 4 with thread id n / 4; W0 = T0..T3
    // (set 0, entry 0), W1 = T4..T7 (set 1, entry 2), D = 0x40.
    void fig10()
    {
        const uint64_t D = 0x40;
        const uint32_t N = NONE;
        steps_ = {
            // W0 diverges: a barrier at D for T0..T3, nobody reached
            step(commit(true, D, {0, 0, 0, 0}), 0, 0, {}),
            // W1 diverges: its barrier in set 1
            step(commit(true, D, {1, 1, 1, 1}), 0, 0,
                 {{0, D, 0xf, 0, {0, 0, 0, 0}}}),
            // W2 = {T1,T3} commits at next pc D: T1, T3 reached
            step(commit(false, D, {N, 0, N, 0}), 0, 0xa,
                 {{0, D, 0xf, 0, {0, 0, 0, 0}}, {2, D, 0xf, 0, {1, 1, 1, 1}}}),
            // W3 = {T4,T5,T6}
            step(commit(false, D, {1, 1, 1, N}), 0, 0x7,
                 {{0, D, 0xf, 0xa, {0, 0, 0, 0}}, {2, D, 0xf, 0, {1, 1, 1, 1}}}),
            // W4 = {T0,T2,T7}: lanes 0 and 2 in set 0, lane 3 in set 1
            step(commit(false, D, {0, N, 0, 1}), 0, 0xd,
                 {{0, D, 0xf, 0xa, {0, 0, 0, 0}}, {2, D, 0xf, 0x7, {1, 1, 1, 1}}}),
            // both complete: W0 is reincarnated first (lower index)
            release(step(idle(true), 0, 0,
                         {{0, D, 0xf, 0xf, {0, 0, 0, 0}}, {2, D, 0xf, 0xf, {1, 1, 1, 1}}}),
                    D, 0xf, {0, 0, 0, 0}),
            // then W1
            release(step(idle(true), 0, 0, {{2, D, 0xf, 0xf, {1, 1, 1, 1}}}),
                    D, 0xf, {1, 1, 1, 1}),
            // both entries are free
            step(idle(true), 0, 0, {}),
        };
    }

    // HARP Fig. 8: 2 lanes, 4 sets of 2 ways, 9-bit thread ids.
    void fig8()
    {
        const uint32_t N = NONE;
        ExpEntry a = {2, 0x10, 0x3, 0, {1, 5}};
        ExpEntry b = {3, 0x20, 0x3, 0, {1, 5}};
        ExpEntry c1 = {4, 0x30, 0x2, 0, {0, 6}};
        ExpEntry c2 = {4, 0x30, 0x3, 0, {2, 6}};
        ExpEntry c3 = {4, 0x30, 0x3, 0x3, {2, 6}};
        ExpEntry a1 = {2, 0x10, 0x3, 0x1, {1, 5}};
        ExpEntry a2 = {2, 0x10, 0x3, 0x3, {1, 5}};
        steps_ = {
            // two barriers fill set 1 (thread ids 1 and 5 map to it)
            step(commit(true, 0x10, {1, 5}), 0, 0, {}),
            step(commit(true, 0x20, {1, 5}), 0, 0, {a}),
            // a third reservation in set 1 fails, both ways are kept
            step(commit(true, 0x30, {9, 13}), 0x3, 0, {a, b}),
            // lane 0 still fails in set 1, lane 1 allocates in set 2
            step(commit(true, 0x30, {9, 6}), 0x1, 0, {a, b}),
            // lane 0 with a thread of set 2 merges into that barrier
            step(commit(true, 0x30, {2, N}), 0, 0, {a, b, c1}),
            // both arrive: the barrier at 0x30 is complete
            step(commit(false, 0x30, {2, 6}), 0, 0x3, {a, b, c2}),
            // held: the receiver is not ready; lane 0 arrives at 0x10
            release(step(commit(false, 0x10, {1, N}), 0, 0x1, {a, b, c3}),
                    0x30, 0x3, {2, 6}),
            // released; lane 1 arrives at 0x10
            release(step(commit(false, 0x10, {N, 5}, true), 0, 0x2, {a1, b, c3}),
                    0x30, 0x3, {2, 6}),
            release(step(idle(true), 0, 0, {a2, b}), 0x10, 0x3, {1, 5}),
            step(idle(true), 0, 0, {b}),
        };
    }

    void new_phase()
    {
        static const unsigned dens[] = {1, 3, 5, 8};
        cmt_density_ = dens[rng_.below(4)];
        div_share_ = 1 + rng_.below(7);
        rel_density_ = dens[rng_.below(4)] - (rng_.chance(1, 4) ? 1 : 0);
        npcs_ = 1 + rng_.below(4);
        for (unsigned i = 0; i < npcs_; i++)
            pcs_[i] = rng_.next() & low_bits(g_.pc_w);
        unsigned hot = 1 + rng_.below(2);
        for (unsigned h = 0; h < hot; h++)
            hot_[h] = rng_.below(g_.sets);
        for (unsigned l = 0; l < g_.lanes; l++) {
            ntids_[l] = 1 + rng_.below(4);
            for (unsigned i = 0; i < ntids_[l]; i++)
                tids_[l][i] = tid_in_set(hot_[rng_.below(hot)]);
        }
    }

    uint32_t tid_in_set(unsigned s)
    {
        uint32_t t = (uint32_t)(rng_.next() & low_bits(g_.tw));
        return (t & ~(uint32_t)(g_.sets - 1)) | s;
    }

    uint32_t pool_tid(unsigned l)
    {
        if (rng_.chance(1, 16))
            return (uint32_t)(rng_.next() & low_bits(g_.tw));
        return tids_[l][rng_.below(ntids_[l])];
    }

    int valid_entry(const rbt &model)
    {
        unsigned start = rng_.below(g_.entries);
        for (unsigned i = 0; i < g_.entries; i++) {
            unsigned e = (start + i) % g_.entries;
            if (model.e[e].valid)
                return (int)e;
        }
        return -1;
    }

    // Arrivals at barrier en: some of its members at its rpc.
    void aim_arrival(const rbt_entry &en, rbt_in &in)
    {
        uint64_t waiting = en.member & ~en.reached;
        in.cmt_pc = en.rpc;
        in.cmt_mask = subset(waiting ? waiting : en.member);
        for (unsigned l = 0; l < g_.lanes; l++)
            in.cmt_tid[l] = en.tid[l];
        if (rng_.chance(1, 4)) {                 // other threads too
            uint64_t other = subset(~en.member & low_bits(g_.lanes));
            in.cmt_mask |= other;
            for (unsigned l = 0; l < g_.lanes; l++)
                if ((other >> l) & 1)
                    in.cmt_tid[l] = pool_tid(l);
        }
    }

    // A reservation that can merge into barrier en of set s: its rpc,
    // free lanes with threads of set s (sometimes its own members).
    void aim_merge(const rbt_entry &en, unsigned s, rbt_in &in)
    {
        uint64_t all = low_bits(g_.lanes);
        uint64_t freel = ~en.member & all;
        in.cmt_pc = en.rpc;
        in.cmt_mask = subset(freel && rng_.chance(3, 4) ? freel : all);
        for (unsigned l = 0; l < g_.lanes; l++)
            in.cmt_tid[l] = (en.member >> l) & 1 && rng_.chance(3, 4)
                                ? en.tid[l] : tid_in_set(s);
    }

    // A non-empty random subset of `set` (empty only when set is).
    uint64_t subset(uint64_t set)
    {
        uint64_t s = 0;
        unsigned dens = 1 + rng_.below(4);
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

    struct rbt_geometry g_;
    tb::Rng rng_;
    std::string scenario_;
    std::vector<Step> steps_;
    bool done_ = false;
    unsigned cmt_density_ = 4, div_share_ = 4, rel_density_ = 4;
    unsigned npcs_ = 1;
    uint64_t pcs_[4] = {0, 0, 0, 0};
    unsigned hot_[2] = {0, 0};
    unsigned ntids_[RBT_MAX_LANES] = {};
    uint32_t tids_[RBT_MAX_LANES][4] = {};
    bool was_valid_[RBT_MAX_ENTRIES] = {};
    uint64_t was_member_[RBT_MAX_ENTRIES] = {};
    uint64_t was_reached_[RBT_MAX_ENTRIES] = {};
    long fresh_[RBT_MAX_ENTRIES] = {};     // cycle of the last allocation
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_rbt");
}
