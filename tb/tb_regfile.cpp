// tb_regfile.cpp -- lockstep testbench of the register file, a bank per
// lane: the generated simtref_regfile against the C model
// golden/structures/regfile.c.
//
// The module's banks are memories with synchronous read ports: the
// registers read in cycle t are on rs1_o/rs2_o in cycle t + 1, read
// before cycle t's write (the model gives them in cycle t, from the same
// state).  So each lane read in cycle t is compared in cycle t + 1 with
// the model's values of cycle t.  A lane not read has no value in the
// model and is not compared.  The banks are not reset (an SRAM is not; the
// SM writes every register of a thread at its launch before it reads
// one): a register not written since the last reset has no value in the
// module, and a read of it is compared only when it is x0.
//
// Constrained-random stimulus, in phases of 256 cycles: read and write
// masks of some or all lanes, a few hot warp slots (so that registers
// written are soon read back, in the cycle of their write too), random
// registers (x0 among them) and values; with per-lane offsets (harp)
// each lane reads its own warp slot, mostly not the issuing warp's.  The
// model has one write per lane a cycle; the module takes each through
// one of its write ports (the lanes', the divider's, one per LSU
// write-back port), chosen at random, the other ports holding other
// registers, slots and values with their enables low.  Every port must
// write.
#include <string>
#include <vector>

#include "Vsimtref_regfile.h"
#include "tb_common.h"

#include "bits.h"
#include "config.h"
#include "regfile.h"

namespace {

struct Coverage {
    long compared = 0;      // reads of a written register, compared
    long offset_reads = 0;  // ... by a lane at another slot than the issuer's
    long full_reads = 0;    // cycles reading every lane
    long x0_reads = 0;
    long same_cycle = 0;    // reads of a register written in that cycle
    long writes = 0;
    long resets = 0;
    std::vector<long> port_writes;  // writes through each write port
};

class Bench {
  public:
    using Top = Vsimtref_regfile;
    using Model = tb::CModel<regfile, regfile_in, regfile_out, regfile_init,
                             regfile_reset, regfile_eval, regfile_step,
                             regfile_free>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed)
    {
        regfile_geometry(&cfg, &g_);
        slot_w_ = clog2(g_.slots) ? clog2(g_.slots) : 1;
        written_.assign((size_t)g_.lanes * g_.slots * REGFILE_REGS, false);
        port_.assign(g_.lanes, 0);
        cov_.port_writes.assign(g_.writes, 0);
    }

    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const regfile &, regfile_in &in, bool &reset)
    {
        reset = cycle == 0 || rng_.chance(1, 200000);
        if (cycle % 256 == 0)
            new_phase();
        in = regfile_in();
        if (reset)
            return true;        // no access in a reset cycle
        bool all_read = rng_.chance(1, 4);
        in.slot = hot_slot();
        for (unsigned l = 0; l < g_.lanes; l++) {
            if (all_read || rng_.chance(read_density_, 8))
                in.read |= 1ull << l;
            in.offset[l] = (uint16_t)(rng_.chance(1, 4) ? in.slot : hot_slot());
            in.rs1[l] = (uint8_t)rng_.below(REGFILE_REGS);
            in.rs2[l] = (uint8_t)(rng_.chance(1, 2) ? rng_.below(4)
                                                     : rng_.below(REGFILE_REGS));
            if (rng_.chance(write_density_, 8))
                in.write |= 1ull << l;
            in.wslot[l] = (uint16_t)(g_.offsets ? hot_slot() : in.slot);
            in.rd[l] = (uint8_t)(rng_.chance(1, 2) ? in.rs1[l]
                                                   : rng_.below(REGFILE_REGS));
            in.wdata[l] = (uint32_t)rng_.next();
        }
        // each lane's write goes through one port; the ports not writing a
        // lane get other fields, which they must not use
        for (unsigned l = 0; l < g_.lanes; l++)
            port_[l] = rng_.below(g_.writes);
        idle_rd_ = (uint8_t)rng_.below(REGFILE_REGS);
        idle_slot_ = hot_slot();
        idle_data_ = (uint32_t)rng_.next();
        return true;
    }

    void drive(Vsimtref_regfile &top, const regfile_in &in) const
    {
        tb::set_field(top.read_i, 0, g_.lanes, in.read);
        tb::set_field(top.slot_i, 0, slot_w_, in.slot);
        for (unsigned l = 0; l < g_.lanes; l++) {
            tb::set_field(top.offset_i, l * slot_w_, slot_w_, in.offset[l]);
            tb::set_field(top.rs1_i, l * 5, 5, in.rs1[l]);
            tb::set_field(top.rs2_i, l * 5, 5, in.rs2[l]);
            for (unsigned k = 0; k < g_.writes; k++) {
                bool mine = port_[l] == k;
                unsigned at = k * g_.lanes + l;
                tb::set_field(top.write_i, at, 1, mine && (in.write >> l & 1));
                tb::set_field(top.wslot_i, at * slot_w_, slot_w_,
                              mine ? in.wslot[l] : idle_slot_);
                tb::set_field(top.rd_i, at * 5, 5, mine ? in.rd[l] : idle_rd_);
                tb::set_field(top.wdata_i, at * 32, 32,
                              mine ? in.wdata[l] : idle_data_);
            }
        }
    }

    // The reads of the previous cycle (see the top of the file).
    bool compare(const Vsimtref_regfile &top, const regfile_out &, long cycle,
                 tb::Mismatch &mm) const
    {
        bool ok = true;
        for (unsigned l = 0; l < g_.lanes; l++) {
            const Pending &p = pending_[l];
            if (p.known1)
                ok &= tb::check(mm, cycle, p.rs1,
                                tb::get_field(top.rs1_o, l * 32, 32),
                                [&] { return tb::indexed("rs1_o", l); });
            if (p.known2)
                ok &= tb::check(mm, cycle, p.rs2,
                                tb::get_field(top.rs2_o, l * 32, 32),
                                [&] { return tb::indexed("rs2_o", l); });
        }
        return ok;
    }

    void cover(const regfile &, const regfile_in &in, const regfile_out &,
               bool reset)
    {
        cov_.resets += reset;
        if (reset)
            return;
        cov_.full_reads += in.read == low_bits(g_.lanes);
        for (unsigned l = 0; l < g_.lanes; l++) {
            if (!(in.read >> l & 1))
                continue;
            unsigned slot = g_.offsets ? in.offset[l] : in.slot;
            for (unsigned r : {in.rs1[l], in.rs2[l]}) {
                cov_.x0_reads += r == 0;
                if (r == 0 || !written(l, slot, r))
                    continue;
                cov_.compared++;
                cov_.offset_reads += g_.offsets && slot != in.slot;
                cov_.same_cycle += (in.write >> l & 1) && in.rd[l] == r
                                   && in.wslot[l] == slot;
            }
        }
    }

    bool scenario_check(const Vsimtref_regfile &, long) const { return true; }

    // What the next cycle compares: this cycle's reads (the model's
    // values, before this edge's write); then this edge's writes.
    void after(const regfile &, const regfile_in &in, const regfile_out &exp,
               bool reset, long)
    {
        if (reset)
            std::fill(written_.begin(), written_.end(), false);
        for (unsigned l = 0; l < g_.lanes; l++) {
            Pending &p = pending_[l];
            bool read = !reset && (in.read >> l & 1);
            unsigned slot = g_.offsets ? in.offset[l] : in.slot;
            p.known1 = read && (in.rs1[l] == 0 || written(l, slot, in.rs1[l]));
            p.known2 = read && (in.rs2[l] == 0 || written(l, slot, in.rs2[l]));
            p.rs1 = exp.rs1[l];
            p.rs2 = exp.rs2[l];
        }
        if (reset)
            return;
        for (unsigned l = 0; l < g_.lanes; l++)
            if ((in.write >> l & 1) && in.rd[l]) {
                written_[index(l, in.wslot[l], in.rd[l])] = true;
                cov_.writes++;
                cov_.port_writes[port_[l]]++;
            }
    }

    void report() const
    {
        std::printf("coverage: %ld register reads compared (%ld at another "
                    "warp slot than the issuer's), %ld x0 reads, %ld reads "
                    "of a register written in the same cycle, %ld cycles "
                    "reading every lane, %ld writes (", cov_.compared,
                    cov_.offset_reads, cov_.x0_reads, cov_.same_cycle,
                    cov_.full_reads, cov_.writes);
        for (unsigned k = 0; k < g_.writes; k++)
            std::printf("%s%ld", k ? ", " : "by port: ", cov_.port_writes[k]);
        std::printf("), %ld resets\n", cov_.resets);
    }

    bool covered() const
    {
        for (long n : cov_.port_writes)
            if (n == 0)
                return false;
        return cov_.compared && cov_.x0_reads && cov_.same_cycle &&
               cov_.full_reads && (!g_.offsets || cov_.offset_reads);
    }

    bool scenario_done() const { return false; }

  private:
    struct Pending {
        bool known1 = false, known2 = false;   // compare rs1_o, rs2_o
        uint32_t rs1 = 0, rs2 = 0;              // with these values
    };

    size_t index(unsigned lane, unsigned slot, unsigned r) const
    {
        return ((size_t)lane * g_.slots + slot) * REGFILE_REGS + r;
    }
    bool written(unsigned lane, unsigned slot, unsigned r) const
    {
        return written_[index(lane, slot, r)];
    }

    void new_phase()
    {
        static const unsigned densities[] = {1, 4, 8};
        read_density_ = densities[rng_.below(3)];
        write_density_ = densities[rng_.below(3)];
        for (unsigned &h : hot_)
            h = rng_.below(g_.slots);
    }

    // Mostly one of the phase's hot slots, sometimes any.
    unsigned hot_slot()
    {
        return rng_.chance(1, 8) ? rng_.below(g_.slots) : hot_[rng_.below(4)];
    }

    struct regfile_geometry g_;
    unsigned slot_w_;
    tb::Rng rng_;
    unsigned read_density_ = 4, write_density_ = 4;   // eighths of lanes
    std::vector<unsigned> port_;    // each lane's write port this cycle
    uint8_t idle_rd_ = 0;       // the other ports' register, ...
    unsigned idle_slot_ = 0;    // ... warp slot ...
    uint32_t idle_data_ = 0;    // ... and value, not to be written
    unsigned hot_[4] = {0, 0, 0, 0};
    std::vector<bool> written_;     // written since the last reset
    Pending pending_[REGFILE_MAX_LANES];
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_regfile");
}
