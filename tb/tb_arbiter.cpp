// tb_arbiter.cpp -- lockstep testbench of the unified memory/PC arbiter:
// the generated simtref_arbiter against the C model golden/structures/arbiter.c.
//
// Constrained-random stimulus, in phases of a few hundred cycles:
//   PC mode      lanes enabled with a changing density (down to none); SPs
//                and PCs drawn from a few values near a moving base, so
//                that ties and SP-over-PC decisions are frequent, now and
//                then anything; the common PC incremented, held or loaded
//                from the arbiter.
//   memory mode  a warp's request: lanes on a few cache lines; each cycle
//                the lanes not acknowledged replay, until all are served,
//                then a new request.
// Rarely a reset, pc_op = 3, or a take-the-PC in memory mode (err_o).
//
// Scenarios (tests/data/scenarios/simt-4lane.conf, 4 lanes): table2 (Collange
// Table 2: the if-then-else) and listing1 (Collange Listing 1: a call in a
// divergent branch).  Four lanes run the scenario's program under the
// arbiter: the lanes in the mask execute the instruction at the common
// PC; a branch is followed by one arbitration cycle (pc_op = ARB).  The
// RTL's common PC and active lanes, and the lanes' PC_i and NPC_i, must be
// those of the paper at every step.
#include <string>
#include <vector>

#include "Vsimtref_arbiter.h"
#include "tb_common.h"

#include "arbiter.h"
#include "config.h"

namespace {

struct Coverage {
    long pc_cycles = 0;
    long mem_cycles = 0;
    long ties = 0;             // PC mode: two or more lanes active
    long sp_decided = 0;       // PC mode: a valid lane of smaller PC lost on SP
    long none_valid = 0;       // no lane valid
    long partial_ack = 0;      // memory mode: some requesting lane not served
    long full_ack = 0;         // memory mode: several lanes served at once
    long requests_done = 0;    // memory mode: a request served completely
    long arb_loads = 0;        // common PC loaded from the arbiter
    long increments = 0;
    long errors = 0;
    long resets = 0;
};

enum Kind { OP, BR, JMP, CALL, RET, EXIT };
struct Insn {
    Kind kind;
    unsigned target;
    uint64_t taken;            // BR: lanes whose condition holds
};
enum { PROG_LEN = 16, SP_TOP = 15 };

// One expected step of a scenario: the common PC, PC_i before, the active
// lanes and NPC_i after.
struct Row {
    unsigned pc;
    unsigned pci[4];
    unsigned mask;
    unsigned npc[4];
};

class Bench {
  public:
    using Top = Vsimtref_arbiter;
    using Model = tb::CModel<arbiter, arbiter_in, arbiter_out, arbiter_init, arbiter_reset,
                             arbiter_eval, arbiter_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &scenario)
        : cfg_(cfg), rng_(seed), scenario_(scenario)
    {
        arbiter_geometry(&cfg, &g_);
        if (scenario_ == "table2")
            setup_table2();
        else if (scenario_ == "listing1")
            setup_listing1();
    }

    // The scenarios are written for four lanes.
    static bool has_scenario(const simt_config &cfg, const std::string &name)
    {
        bool four = cfg.warp_size == 4 && cfg.sp_bits >= 4 && cfg.pc_bits >= 4;
        return four && (name == "table2" || name == "listing1");
    }

    // Inputs of one cycle; false when a scenario is over.
    bool next(long cycle, const arbiter &model, arbiter_in &in, bool &reset)
    {
        if (!scenario_.empty())
            return scenario_next(cycle, model, in, reset);
        reset = cycle == 0 || rng_.chance(1, 50000);
        if (cycle % 300 == 0)
            new_phase();
        in = arbiter_in();
        in.mem = mem_;
        if (mem_) {
            if (!pending_) {
                new_request();
                cov_.requests_done += !first_request_;
                first_request_ = false;
            }
            in.valid = pending_;
            for (unsigned i = 0; i < g_.lanes; i++) {
                in.addr[i] = addr_[i];
                in.sp[i] = rsp_[i];         // unused in this mode: as before
                in.pc[i] = rpc_[i];
            }
            if (rng_.chance(1, 10))             // a random request now and then
                for (unsigned i = 0; i < g_.lanes; i++)
                    in.addr[i] = field(rng_.next(), g_.addr_w);
        } else {
            if (rng_.chance(1, 16))
                base_pc_ = rng_.next();
            in.valid = 0;
            for (unsigned i = 0; i < g_.lanes; i++) {
                if (rng_.chance(density_, 8))
                    in.valid |= (uint64_t)1 << i;
                bool wild = rng_.chance(1, 16);
                in.sp[i] = rsp_[i] = field(wild ? rng_.next() : base_sp_ + rng_.below(3), g_.sp_w);
                in.pc[i] = rpc_[i] = field(wild ? rng_.next() : base_pc_ + rng_.below(4), g_.pc_w);
                in.addr[i] = addr_[i];
            }
        }
        unsigned r = rng_.below(64);
        in.pc_op = r < 28 ? ARBITER_INC : r < 46 ? ARBITER_HOLD : r < 63 ? ARBITER_ARB : ARBITER_BAD_OP;
        if (mem_ && in.pc_op == ARBITER_ARB && !rng_.chance(1, 8))
            in.pc_op = ARBITER_HOLD;
        return true;
    }

    void drive(Vsimtref_arbiter &top, const arbiter_in &in) const
    {
        // Every bit of every input port is written: the fields tile them.
        top.mode_i = in.mem;
        top.pc_op_i = in.pc_op;
        for (unsigned i = 0; i < g_.lanes; i++) {
            tb::set_field(top.valid_i, i, 1, (in.valid >> i) & 1);
            tb::set_field(top.sp_i, i * g_.sp_w, g_.sp_w, in.sp[i]);
            tb::set_field(top.pc_i, i * g_.pc_w, g_.pc_w, in.pc[i]);
            tb::set_field(top.addr_i, i * g_.addr_w, g_.addr_w, in.addr[i]);
        }
    }

    bool compare(const Vsimtref_arbiter &top, const arbiter_out &exp, long cycle,
                 tb::Mismatch &mm) const
    {
        bool ok = true;
        ok &= tb::expect(mm, cycle, "valid_o", exp.valid, top.valid_o);
        ok &= tb::expect(mm, cycle, "sp_o", exp.sp, tb::get_field(top.sp_o, 0, g_.sp_w));
        ok &= tb::expect(mm, cycle, "pc_o", exp.pc, tb::get_field(top.pc_o, 0, g_.pc_w));
        ok &= tb::expect(mm, cycle, "line_o", exp.line,
                         tb::get_field(top.line_o, 0, g_.line_w));
        ok &= tb::expect(mm, cycle, "mask_o", exp.mask,
                         tb::get_field(top.mask_o, 0, g_.lanes));
        ok &= tb::expect(mm, cycle, "common_pc_o", exp.common_pc,
                         tb::get_field(top.common_pc_o, 0, g_.pc_w));
        ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
        return ok;
    }

    void cover(const arbiter &model, const arbiter_in &in, const arbiter_out &exp, bool reset)
    {
        (void)model;
        cov_.resets += reset;
        cov_.errors += exp.err;
        cov_.none_valid += !exp.valid;
        if (!exp.err && in.pc_op == ARBITER_ARB && exp.valid)
            cov_.arb_loads++;
        if (!exp.err && in.pc_op == ARBITER_INC)
            cov_.increments++;
        if (in.mem) {
            cov_.mem_cycles++;
            cov_.partial_ack += exp.valid && exp.mask != in.valid;
            cov_.full_ack += exp.mask == in.valid && popcount(exp.mask) > 1;
            return;
        }
        cov_.pc_cycles++;
        cov_.ties += popcount(exp.mask) > 1;
        for (unsigned i = 0; i < g_.lanes; i++)
            if (((in.valid >> i) & 1) && field(in.pc[i], g_.pc_w) < exp.pc) {
                cov_.sp_decided++;
                break;
            }
    }

    // The scenario's expectations against the RTL, on step cycles.
    bool scenario_check(const Vsimtref_arbiter &top, long cycle)
    {
        (void)cycle;
        if (scenario_.empty() || !step_cycle_)
            return true;
        if (step_ >= rows_.size()) {
            std::printf("%s: an extra step at PC %u\n", scenario_.c_str(),
                        (unsigned)top.common_pc_o);
            return false;
        }
        const Row &r = rows_[step_];
        bool ok = top.common_pc_o == r.pc &&
                  tb::get_field(top.mask_o, 0, g_.lanes) == r.mask;
        for (unsigned i = 0; i < 4; i++)
            ok = ok && pc_[i] == r.pci[i] && npc_[i] == r.npc[i];
        std::printf("  step %u: PC %2u  PC_i %2u %2u %2u %2u  active %x  "
                    "NPC_i %2u %2u %2u %2u  %s\n", step_,
                    (unsigned)top.common_pc_o, (unsigned)pc_[0], (unsigned)pc_[1],
                    (unsigned)pc_[2], (unsigned)pc_[3],
                    (unsigned)tb::get_field(top.mask_o, 0, g_.lanes),
                    (unsigned)npc_[0], (unsigned)npc_[1], (unsigned)npc_[2],
                    (unsigned)npc_[3], ok ? "as expected" : "NOT as expected");
        step_++;
        return ok;
    }

    // After the edge: requests served; the scenario's lanes move on.
    void after(const arbiter &, const arbiter_in &in, const arbiter_out &exp, bool, long)
    {
        if (scenario_.empty()) {
            if (in.mem && !exp.err)
                pending_ &= ~exp.mask;
            return;
        }
        if (step_cycle_) {
            for (unsigned i = 0; i < 4; i++)
                pc_[i] = npc_[i], sp_[i] = nsp_[i];
            live_ = nlive_;
        }
        done_ = finished_;
    }

    void report() const
    {
        std::printf("coverage: %ld PC-mode cycles (%ld with tied lanes, %ld "
                    "decided by SP over a smaller PC), %ld memory-mode cycles "
                    "(%ld partial acknowledges, %ld several lanes on one line, "
                    "%ld requests served completely), %ld cycles with no lane "
                    "valid, %ld arbiter loads and %ld increments of the common "
                    "PC, %ld cycles with err_o, %ld resets\n",
                    cov_.pc_cycles, cov_.ties, cov_.sp_decided, cov_.mem_cycles,
                    cov_.partial_ack, cov_.full_ack, cov_.requests_done,
                    cov_.none_valid, cov_.arb_loads, cov_.increments,
                    cov_.errors, cov_.resets);
    }

    bool covered() const
    {
        bool several = g_.lanes > 1;
        return cov_.pc_cycles && cov_.mem_cycles && cov_.none_valid &&
               cov_.arb_loads && cov_.increments && cov_.errors &&
               cov_.resets && cov_.requests_done &&
               (!several || (cov_.ties && cov_.sp_decided &&
                             cov_.partial_ack && cov_.full_ack));
    }

    bool scenario_done() const { return done_ && step_ == rows_.size(); }

  private:
    static unsigned popcount(uint64_t m)
    {
        unsigned n = 0;
        for (; m; m &= m - 1)
            n++;
        return n;
    }

    static uint64_t field(uint64_t v, unsigned w)
    {
        return w >= 64 ? v : v & ((1ull << w) - 1);
    }

    void new_phase()
    {
        mem_ = rng_.chance(1, 3);
        density_ = rng_.below(9);               // in eighths: 0 (none) to all
        base_sp_ = rng_.next();
        base_pc_ = rng_.next();
    }

    void new_request()
    {
        unsigned lines = 1 + rng_.below(3);
        uint64_t line[3];
        for (unsigned k = 0; k < 3; k++)
            line[k] = rng_.next();
        pending_ = 0;
        for (unsigned i = 0; i < g_.lanes; i++) {
            uint64_t l = field(line[rng_.below(lines)], g_.line_w);
            addr_[i] = (l << g_.off_w) | field(rng_.next(), g_.off_w);
            if (rng_.chance(7, 8))
                pending_ |= 1ull << i;
        }
    }

    // --- Scenarios -------------------------------------------------------

    void setup_table2()
    {
        prog_[1] = { OP, 0, 0 };                // A
        prog_[2] = { BR, 5, 0xc };              // if(!c) br 5: threads 2, 3
        prog_[3] = { OP, 0, 0 };                // B
        prog_[4] = { JMP, 6, 0 };               // br 6
        prog_[5] = { OP, 0, 0 };                // C
        prog_[6] = { OP, 0, 0 };                // D
        prog_[7] = { EXIT, 0, 0 };
        // Collange Table 2: PC, PC_i, active (underlined) threads, NPC_i;
        // then the exit.
        rows_ = {
            { 1, { 1, 1, 1, 1 }, 0xf, { 2, 2, 2, 2 } },
            { 2, { 2, 2, 2, 2 }, 0xf, { 3, 3, 5, 5 } },
            { 3, { 3, 3, 5, 5 }, 0x3, { 4, 4, 5, 5 } },
            { 4, { 4, 4, 5, 5 }, 0x3, { 6, 6, 5, 5 } },
            { 5, { 6, 6, 5, 5 }, 0xc, { 6, 6, 6, 6 } },
            { 6, { 6, 6, 6, 6 }, 0xf, { 7, 7, 7, 7 } },
            { 7, { 7, 7, 7, 7 }, 0xf, { 7, 7, 7, 7 } },
        };
    }

    void setup_listing1()
    {
        prog_[1] = { OP, 0, 0 };                // kernel: ...
        prog_[2] = { BR, 4, 0xc };              // if (c): threads 2, 3 skip
        prog_[3] = { CALL, 10, 0 };             //   f();
        prog_[4] = { OP, 0, 0 };                // after the if
        prog_[5] = { OP, 0, 0 };
        prog_[6] = { EXIT, 0, 0 };
        prog_[10] = { OP, 0, 0 };               // f: ...
        prog_[11] = { RET, 0, 0 };
        // With SP compared first, f (PCs 10, 11) runs before the code after
        // the if (PC 4), which then runs once, with all four threads.
        rows_ = {
            { 1,  { 1, 1, 1, 1 },   0xf, { 2, 2, 2, 2 } },
            { 2,  { 2, 2, 2, 2 },   0xf, { 3, 3, 4, 4 } },
            { 3,  { 3, 3, 4, 4 },   0x3, { 10, 10, 4, 4 } },
            { 10, { 10, 10, 4, 4 }, 0x3, { 11, 11, 4, 4 } },
            { 11, { 11, 11, 4, 4 }, 0x3, { 4, 4, 4, 4 } },
            { 4,  { 4, 4, 4, 4 },   0xf, { 5, 5, 5, 5 } },
            { 5,  { 5, 5, 5, 5 },   0xf, { 6, 6, 6, 6 } },
            { 6,  { 6, 6, 6, 6 },   0xf, { 6, 6, 6, 6 } },
        };
    }

    // Cycle 0: reset; 1: the kernel starts (ARB on the start PCs); then a
    // step cycle per instruction, after a branch an arbitration cycle.
    bool scenario_next(long cycle, const arbiter &model, arbiter_in &in, bool &reset)
    {
        if (finished_)
            return false;
        reset = cycle == 0;
        if (cycle == 0) {
            for (unsigned i = 0; i < 4; i++)
                pc_[i] = 1, sp_[i] = SP_TOP;
            live_ = 0xf;
            arbitrate_ = true;
        }
        in = arbiter_in();
        in.valid = live_;
        for (unsigned i = 0; i < 4; i++)
            in.pc[i] = pc_[i], in.sp[i] = sp_[i];
        step_cycle_ = false;
        if (cycle == 0) {
            in.pc_op = ARBITER_HOLD;
            return true;
        }
        if (arbitrate_) {
            in.pc_op = ARBITER_ARB;
            arbitrate_ = false;
            return true;
        }
        arbiter_out o;
        in.pc_op = ARBITER_HOLD;
        arbiter_eval(&model, &in, &o);
        if (!o.valid) {                         // every thread has exited
            finished_ = true;
            return true;
        }
        const Insn &ins = prog_[o.common_pc % PROG_LEN];
        step_cycle_ = true;
        nlive_ = live_;
        for (unsigned i = 0; i < 4; i++) {
            npc_[i] = pc_[i];
            nsp_[i] = sp_[i];
            if (!((o.mask >> i) & 1))
                continue;
            switch (ins.kind) {
            case OP:   npc_[i] = pc_[i] + 1; break;
            case BR:   npc_[i] = ((ins.taken >> i) & 1) ? ins.target : pc_[i] + 1; break;
            case JMP:  npc_[i] = ins.target; break;
            case CALL: ret_[i][--nsp_[i]] = pc_[i] + 1; npc_[i] = ins.target; break;
            case RET:  npc_[i] = ret_[i][nsp_[i]++]; break;
            case EXIT: nlive_ &= ~(1ull << i); break;
            }
        }
        in.pc_op = ins.kind == OP ? ARBITER_INC : ARBITER_HOLD;
        arbitrate_ = ins.kind != OP;
        return true;
    }

    simt_config cfg_;
    struct arbiter_geometry g_;
    tb::Rng rng_;
    std::string scenario_;
    Coverage cov_;
    // random stimulus
    bool mem_ = false;
    unsigned density_ = 4;
    uint64_t base_sp_ = 0, base_pc_ = 0;
    uint64_t pending_ = 0;
    bool first_request_ = true;
    uint64_t addr_[ARBITER_MAX_LANES] = {};
    uint64_t rsp_[ARBITER_MAX_LANES] = {}, rpc_[ARBITER_MAX_LANES] = {};   // PC mode's last
    // scenarios
    Insn prog_[PROG_LEN] = {};
    std::vector<Row> rows_;
    uint64_t pc_[4] = {}, sp_[4] = {}, npc_[4] = {}, nsp_[4] = {};
    uint64_t ret_[4][SP_TOP + 1] = {};
    uint64_t live_ = 0, nlive_ = 0;
    bool arbitrate_ = false, step_cycle_ = false, finished_ = false, done_ = false;
    unsigned step_ = 0;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_arbiter");
}
