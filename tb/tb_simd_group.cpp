// tb_simd_group.cpp -- lockstep testbench of the SIMD groups' issue timing:
// the generated simtref_simd_group against the C model
// golden/structures/simd_group.c.
//
// Constrained-random stimulus: the cycle counter now_i counts the cycles
// of the run; each warp scheduler issues onto its group when the model
// accepts it, with a density that changes every few hundred cycles (from
// idle to every cycle, so that every group is busy and schedulers that
// share a group wait for their turn), a class drawn from ALU, MUL and
// DIV; rarely an issue without accept or of no class, both errors.
//
// Every output is compared every cycle, group_o where it has a meaning:
// for a scheduler whose accept_o is set (the model gives 0 otherwise, the
// module the group it would have used).
#include <string>

#include "Vsimtref_simd_group.h"
#include "tb_common.h"

#include "config.h"
#include "simd_group.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long issues[SIMD_GROUP_OPS] = {};   // accepted issues of each class
    long all_busy = 0;          // cycles with every group busy
    long refused = 0;           // cycles a scheduler had no accept
    long held = 0;              // cycles a group was busy from an earlier
                                // cycle's issue (sub-warps still entering)
    long errors = 0;            // cycles with err_o
    long resets = 0;
};

class Bench {
  public:
    using Top = Vsimtref_simd_group;
    using Model = tb::CModel<simd_group, simd_group_in, simd_group_out,
                             simd_group_init, simd_group_reset,
                             simd_group_eval, simd_group_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed)
    {
        simd_group_geometry(&cfg, &g_);
    }

    // No directed scenario.
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const simd_group &model, simd_group_in &in,
              bool &reset)
    {
        simd_group_out now_out;

        reset = cycle == 0 || rng_.chance(1, 20000);
        if (cycle % 256 == 0) {
            static const unsigned densities[] = {0, 2, 4, 7, 8, 8};
            density_ = densities[rng_.below(6)];
        }
        in = simd_group_in();
        in.now = (uint64_t)cycle;
        simd_group_eval(&model, &in, &now_out);   // accept, before issue
        for (unsigned s = 0; s < g_.schedulers; s++) {
            bool stray = rng_.chance(1, 1000);
            if (!(now_out.accept[s] || stray) || !rng_.chance(density_, 8))
                continue;
            in.issue[s].valid = true;
            in.issue[s].op = rng_.chance(1, 1000)
                ? (simd_group_op)3
                : (simd_group_op)rng_.below(SIMD_GROUP_OPS);
        }
        return true;
    }

    void drive(Vsimtref_simd_group &top, const simd_group_in &in) const
    {
        top.now_i = in.now;
        top.issue_valid_i = 0;
        top.issue_op_i = 0;
        for (unsigned s = 0; s < g_.schedulers; s++) {
            tb::set_field(top.issue_valid_i, s, 1, in.issue[s].valid);
            tb::set_field(top.issue_op_i, 2 * s, 2, in.issue[s].op);
        }
    }

    bool compare(const Vsimtref_simd_group &top, const simd_group_out &exp,
                 long cycle, tb::Mismatch &mm) const
    {
        bool ok = true;
        unsigned gw = group_w();
        for (unsigned s = 0; s < g_.schedulers; s++) {
            ok &= tb::expect(mm, cycle, tb::indexed("accept_o", s),
                             exp.accept[s], tb::get_field(top.accept_o, s, 1));
            if (exp.accept[s])
                ok &= tb::expect(mm, cycle, tb::indexed("group_o", s),
                                 exp.group[s],
                                 tb::get_field(top.group_o, s * gw, gw));
        }
        for (unsigned k = 0; k < SIMD_GROUP_OPS; k++)
            ok &= tb::expect(mm, cycle, tb::indexed("due_o", k), exp.due[k],
                             tb::get_field(top.due_o, 64 * k, 64));
        ok &= tb::expect(mm, cycle, "busy_o", exp.busy, top.busy_o);
        ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
        return ok;
    }

    void cover(const simd_group &model, const simd_group_in &in,
               const simd_group_out &out, bool reset)
    {
        cov_.resets += reset;
        cov_.errors += out.err;
        cov_.all_busy += out.busy == g_.groups;
        for (unsigned s = 0; s < g_.schedulers; s++) {
            cov_.refused += !out.accept[s];
            if (in.issue[s].valid && out.accept[s] &&
                in.issue[s].op < SIMD_GROUP_OPS)
                cov_.issues[in.issue[s].op]++;
        }
        for (unsigned j = 0; j < g_.groups; j++)
            cov_.held += model.free_at[j] > in.now;
    }

    bool scenario_check(const Vsimtref_simd_group &, long) const
    {
        return true;
    }

    void after(const simd_group &, const simd_group_in &,
               const simd_group_out &, bool, long) {}

    void report() const
    {
        std::printf("coverage: issues alu %ld, mul %ld, div %ld; %ld cycles "
                    "with all %u groups busy, %ld refusals, %ld group-cycles "
                    "held by sub-warps (occupancy %u), %ld cycles with err_o, "
                    "%ld resets\n", cov_.issues[SIMD_GROUP_ALU],
                    cov_.issues[SIMD_GROUP_MUL], cov_.issues[SIMD_GROUP_DIV],
                    cov_.all_busy, g_.groups, cov_.refused, cov_.held,
                    g_.occupancy, cov_.errors, cov_.resets);
    }

    // Issues of every class, every group busy at once, an error, and
    // where they can happen a refusal (a group still taking sub-warps, or
    // another scheduler's turn) and a group held over several cycles
    // (warps wider than the groups).
    bool covered() const
    {
        bool can_refuse = g_.occupancy > 1 || g_.groups < g_.schedulers;
        return cov_.issues[SIMD_GROUP_ALU] && cov_.issues[SIMD_GROUP_MUL] &&
               cov_.issues[SIMD_GROUP_DIV] && cov_.all_busy &&
               (!can_refuse || cov_.refused) && cov_.errors && cov_.resets &&
               (g_.occupancy == 1 || cov_.held);
    }

    bool scenario_done() const { return false; }

  private:
    unsigned group_w() const
    {
        unsigned w = 1;
        while (g_.groups > 1 && (1u << w) < g_.groups)
            w++;
        return w;
    }

    struct simd_group_geometry g_;
    tb::Rng rng_;
    unsigned density_ = 4;      // eighths
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_simd_group");
}
