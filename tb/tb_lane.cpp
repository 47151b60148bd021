// tb_lane.cpp -- lockstep testbench of a SIMD lane's integer datapath: the
// generated simtref_lane against the C model golden/structures/lane.c.
//
// Constrained-random stimulus: each cycle an instruction word of a random
// major opcode (LUI, AUIPC, JAL, JALR, branch, load, store, OP-IMM, OP
// with RV32M, FENCE, SYSTEM with the SIMT CSRs, AMO, the SIMT custom-0),
// its function bits drawn from the encodings that exist and now and then
// from any, decoded by rv32_decode() as the SM's decode stage does; one
// cycle in ten fields the decoder never gives (any operation code, any
// CSR number).  Operand values lean to the edges (0, 1, -1, INT_MIN,
// INT_MAX, shifts of 0, 1, 31 and 32), and divides to division by zero
// and to INT_MIN / -1.  The instruction enters the lane (issue_i) on most
// cycles, so divides follow each other back to back.
//
// Every output of the cycle of entry is compared with the model's every
// cycle.  The model divides at once; the module's pipelined divider gives
// a divide's value DIV_LATENCY cycles after it entered: rd_value_o of a
// divide is 0 in its cycle of entry, and div_done_o must rise exactly
// DIV_LATENCY cycles after each issued divide, with div_value_o the value
// the model gave at entry (docs/rtl-boundary.md).
#include <deque>
#include <string>

#include "Vsimtref_lane.h"
#include "tb_common.h"

#include "config.h"
#include "rv32.h"
#include "lane.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long ops[RV32_N_OPS] = {};  // instructions of each operation
    long status[8] = {};        // outputs of each status
    long taken = 0;             // taken branches
    long divides_checked = 0;   // divider values compared at their done
    long back_to_back = 0;      // divides entering on consecutive cycles
    long div_by_zero = 0;       // div/divu/rem/remu by 0
    long div_overflow = 0;      // div/rem of INT_MIN by -1
    long mulhsu_neg_rs2 = 0;    // mulhsu with rs2's top bit set
    long wild = 0;              // cycles of fields no decoder gives
    long resets = 0;
};

// A divide in the divider: when its value leaves, and the value.
struct Pending {
    long due;                   // the cycle of div_done_o
    uint32_t value;             // the model's rd_value at entry
    bool written;               // the model wrote rd (rd is not x0)
};

bool is_divide(unsigned op)
{
    return op == RV32_DIV || op == RV32_DIVU || op == RV32_REM ||
           op == RV32_REMU;
}

class Bench {
  public:
    using Top = Vsimtref_lane;
    using Model = tb::CModel<lane, lane_in, lane_out, lane_init, lane_reset,
                             lane_eval, lane_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed)
    {
        lane_geometry(&cfg, &g_);
    }

    // No directed scenario.
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const lane &, lane_in &in, bool &reset)
    {
        reset = cycle == 0 || rng_.chance(1, 50000);
        if (reset)
            pending_.clear();
        wild_ = rng_.chance(1, 10);
        insn_ = wild_ ? wild() : rv32_decode(word());
        in = lane_in();
        in.insn = &insn_;
        in.pc = rng_.chance(1, 50) ? operand() : rng_.next() & ~3u;
        in.rs1 = operand();
        in.rs2 = operand();
        if (is_divide(insn_.op) && rng_.chance(1, 8)) {
            in.rs1 = 0x80000000u;
            in.rs2 = 0xffffffffu;
        } else if (is_divide(insn_.op) && rng_.chance(1, 8)) {
            in.rs2 = 0;
        }
        for (unsigned k = 0; k < LANE_CSRS; k++)
            in.csr[k] = operand();
        in.csr_present = rng_.chance(3, 4) ? (1u << LANE_CSRS) - 1
                                           : rng_.below(1u << LANE_CSRS);
        in.mem_rdata = operand();
        prev_issue_div_ = issue_ && is_divide(prev_op_);
        issue_ = !reset && rng_.chance(7, 8);
        prev_op_ = insn_.op;
        return true;
    }

    void drive(Vsimtref_lane &top, const lane_in &in) const
    {
        top.insn_op_i = (uint8_t)in.insn->op;
        top.insn_rd_i = in.insn->rd;
        top.insn_rs1_i = in.insn->rs1;
        top.insn_imm_i = (uint32_t)in.insn->imm;
        top.insn_csr_i = in.insn->csr & 0xfff;
        top.issue_i = issue_;
        top.pc_i = in.pc;
        top.rs1_i = in.rs1;
        top.rs2_i = in.rs2;
        for (unsigned k = 0; k < LANE_CSRS; k++)
            tb::set_field(top.csr_i, 32 * k, 32, in.csr[k]);
        top.csr_present_i = in.csr_present;
        top.mem_rdata_i = in.mem_rdata;
    }

    // Every output of the cycle of entry, and the divider's output against
    // the divide that entered DIV_LATENCY cycles ago.
    bool compare(const Vsimtref_lane &top, const lane_out &exp, long cycle,
                 tb::Mismatch &mm) const
    {
        bool ok = true;
        bool div = is_divide(insn_.op);
        ok &= tb::expect(mm, cycle, "status_o", exp.status, top.status_o);
        ok &= tb::expect(mm, cycle, "rd_write_o", exp.rd_write, top.rd_write_o);
        ok &= tb::expect(mm, cycle, "rd_value_o", div ? 0 : exp.rd_value,
                         top.rd_value_o);
        ok &= tb::expect(mm, cycle, "next_pc_o", exp.next_pc, top.next_pc_o);
        ok &= tb::expect(mm, cycle, "branch_o", exp.branch, top.branch_o);
        ok &= tb::expect(mm, cycle, "taken_o", exp.taken, top.taken_o);
        ok &= tb::expect(mm, cycle, "mem_o", exp.mem, top.mem_o);
        ok &= tb::expect(mm, cycle, "mem_write_o", exp.mem_write,
                         top.mem_write_o);
        ok &= tb::expect(mm, cycle, "mem_addr_o", exp.mem_addr, top.mem_addr_o);
        ok &= tb::expect(mm, cycle, "mem_bytes_o", exp.mem_bytes,
                         top.mem_bytes_o);
        ok &= tb::expect(mm, cycle, "mem_wdata_o", exp.mem_wdata,
                         top.mem_wdata_o);
        bool done = !pending_.empty() && pending_.front().due == cycle;
        ok &= tb::expect(mm, cycle, "div_done_o", done, top.div_done_o);
        if (done && pending_.front().written)
            ok &= tb::expect(mm, cycle, "div_value_o", pending_.front().value,
                             top.div_value_o);
        return ok;
    }

    void cover(const lane &, const lane_in &in, const lane_out &out,
               bool reset)
    {
        unsigned op = insn_.op;
        cov_.resets += reset;
        cov_.wild += wild_;
        if (op < RV32_N_OPS)
            cov_.ops[op]++;
        cov_.status[out.status & 7]++;
        cov_.taken += out.taken;
        if (is_divide(op)) {
            cov_.div_by_zero += in.rs2 == 0;
            cov_.div_overflow += (op == RV32_DIV || op == RV32_REM) &&
                                 in.rs1 == 0x80000000u && in.rs2 == 0xffffffffu;
            cov_.back_to_back += issue_ && prev_issue_div_;
        }
        cov_.mulhsu_neg_rs2 += op == RV32_MULHSU && (in.rs2 >> 31);
    }

    bool scenario_check(const Vsimtref_lane &, long) const { return true; }

    // The divide that left is done with; the one that entered waits.
    void after(const lane &, const lane_in &, const lane_out &exp, bool reset,
               long cycle)
    {
        if (!pending_.empty() && pending_.front().due == cycle) {
            cov_.divides_checked += pending_.front().written;
            pending_.pop_front();
        }
        if (!reset && issue_ && is_divide(insn_.op))
            pending_.push_back({cycle + (long)g_.div_latency, exp.rd_value,
                                exp.rd_write});
    }

    void report() const
    {
        unsigned seen = 0;
        for (unsigned op = 1; op < RV32_N_OPS; op++)
            seen += cov_.ops[op] > 0;
        std::printf("coverage: %u of %d operations, %ld illegal; statuses "
                    "ok %ld, barrier %ld, exit %ld, prio %ld, illegal %ld, "
                    "misaligned %ld, ecall %ld; %ld taken branches\n",
                    seen, RV32_N_OPS - 1, cov_.ops[RV32_ILLEGAL],
                    cov_.status[RV32_OK], cov_.status[RV32_BARRIER],
                    cov_.status[RV32_EXIT], cov_.status[RV32_PRIO],
                    cov_.status[RV32_ERR_ILLEGAL],
                    cov_.status[RV32_ERR_MISALIGNED],
                    cov_.status[RV32_ERR_ECALL], cov_.taken);
        std::printf("coverage: %ld divider values compared (latency %u), "
                    "%ld back to back, %ld by zero, %ld INT_MIN / -1; %ld "
                    "mulhsu with rs2 < 0; %ld cycles of undecoded fields, "
                    "%ld resets\n", cov_.divides_checked, g_.div_latency,
                    cov_.back_to_back, cov_.div_by_zero, cov_.div_overflow,
                    cov_.mulhsu_neg_rs2, cov_.wild, cov_.resets);
    }

    // Every operation and every status the lane reports, the divider's
    // corner cases, divides back to back, and mulhsu on a negative rs2.
    bool covered() const
    {
        for (unsigned op = 0; op < RV32_N_OPS; op++)
            if (!cov_.ops[op])
                return false;
        static const rv32_status st[] = {
            RV32_OK, RV32_BARRIER, RV32_EXIT, RV32_PRIO, RV32_ERR_ILLEGAL,
            RV32_ERR_MISALIGNED, RV32_ERR_ECALL
        };
        for (rv32_status s : st)
            if (!cov_.status[s])
                return false;
        return cov_.taken && cov_.divides_checked && cov_.back_to_back &&
               cov_.div_by_zero && cov_.div_overflow && cov_.mulhsu_neg_rs2 &&
               cov_.wild && cov_.resets;
    }

    bool scenario_done() const { return false; }

  private:
    // An operand value, leaning to the edges.
    uint32_t operand()
    {
        static const uint32_t edges[] = {
            0, 1, 2, 31, 32, 0xffffffffu, 0xfffffffeu, 0x80000000u,
            0x7fffffffu, 0x80000001u, 0x0000ffffu, 0xffff8000u, 0x00000080u,
        };
        switch (rng_.below(4)) {
        case 0: return edges[rng_.below(sizeof edges / sizeof edges[0])];
        case 1: return rng_.below(64) - 32u;       // small, either sign
        default: return (uint32_t)rng_.next();
        }
    }

    // A word of a random major opcode, its function bits mostly those of
    // an instruction that exists.
    uint32_t word()
    {
        static const uint32_t opcodes[] = {
            0x37, 0x17, 0x6f, 0x67, 0x63, 0x03, 0x23, 0x13, 0x33, 0x33,
            0x0f, 0x73, 0x2f, 0x2f, 0x0b,
        };
        static const uint32_t f5_amo[] = {
            0x02, 0x03, 0x01, 0x00, 0x04, 0x0c, 0x08, 0x10, 0x14, 0x18, 0x1c,
        };
        static const uint32_t f7_op[] = { 0x00, 0x20, 0x01 };
        uint32_t w = (uint32_t)rng_.next() & ~0x7fu;
        uint32_t opcode = opcodes[rng_.below(sizeof opcodes / sizeof opcodes[0])];
        bool exact = rng_.chance(15, 16);

        w |= opcode;
        switch (opcode) {
        case 0x67:                                  // jalr: funct3 0
        case 0x0f:                                  // fence: funct3 0
            if (exact)
                w &= ~(7u << 12);
            break;
        case 0x13:                                  // OP-IMM: shift funct7
        case 0x33:                                  // OP, RV32M
            if (exact)
                w = (w & 0x01ffffffu) | f7_op[rng_.below(3)] << 25;
            break;
        case 0x73:                                  // SYSTEM
            if (exact && rng_.chance(1, 8))
                return rng_.chance(1, 2) ? 0x00000073u : 0x00100073u;
            if (exact) {
                w = (w & 0x000fffffu) | (0xcc0u + rng_.below(8)) << 20;
                if (rng_.chance(3, 4))
                    w &= ~(31u << 15);              // rs1 / uimm 0: a read
            }
            break;
        case 0x2f:                                  // AMO: a word
            if (exact) {
                w = (w & ~(7u << 12)) | 2u << 12;
                w = (w & 0x07ffffffu) |
                    f5_amo[rng_.below(sizeof f5_amo / sizeof f5_amo[0])] << 27;
                if ((w >> 27) == 0x02 && rng_.chance(7, 8))
                    w &= ~(31u << 20);              // lr.w: rs2 0
            }
            break;
        case 0x0b:                                  // SIMT: only funct3
            if (exact)
                w &= 7u << 12 | 0x7fu;
            break;
        default:
            break;
        }
        return w;
    }

    // Fields no decoder gives: any operation code of the port's width
    // (those beyond the set are illegal), any register and CSR numbers.
    rv32_insn wild()
    {
        rv32_insn in = rv32_insn();
        in.op = (rv32_op)rng_.below(128);
        in.rd = (uint8_t)rng_.below(32);
        in.rs1 = (uint8_t)(rng_.chance(1, 2) ? 0 : rng_.below(32));
        in.imm = (int32_t)operand();
        in.csr = (uint16_t)(rng_.chance(1, 2) ? 0xcc0 + rng_.below(8)
                                              : rng_.below(4096));
        return in;
    }

    struct lane_geometry g_;
    tb::Rng rng_;
    rv32_insn insn_ = rv32_insn();  // this cycle's instruction (in.insn)
    bool issue_ = false;            // it enters the lane (issue_i)
    bool wild_ = false;             // its fields come from no decoder
    unsigned prev_op_ = 0;          // the last cycle's operation ...
    bool prev_issue_div_ = false;   // ... was a divide that entered
    std::deque<Pending> pending_;   // divides in the divider, oldest first
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_lane");
}
