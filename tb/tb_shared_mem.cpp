// tb_shared_mem.cpp -- lockstep testbench of the shared memory's bank
// conflicts: the generated simtref_shared_mem against the C model
// golden/structures/shared_mem.c.
//
// A warp's request each cycle or so, its lanes' addresses from the
// patterns that decide a conflict: a stride of words (1: no conflict;
// the number of banks: every lane on one bank), one word for all
// (a broadcast), a few words shared by groups of lanes, random words, and
// pairs of lanes on one bank whose words differ only in high bits (the top
// bit among them), so that a word compare that drops bits is caught.
// Masks are full, random or a single lane.  Requests also come while the
// banks replay (the module, like the model, takes none then).
//
// Compared every cycle: busy_o, done_o and cycles_o.  The lanes and
// addresses of a replay stay with the load/store unit; the data is in the
// SM's memory (docs/rtl-boundary.md).
#include <string>

#include "Vsimtref_shared_mem.h"
#include "tb_common.h"

#include "bits.h"
#include "config.h"
#include "shared_mem.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long requests = 0;        // requests taken
    long conflicts = 0;       // ... with two ways or more
    long worst = 0;           // ... with every lane on one bank, distinct words
    long broadcasts = 0;      // ... with two lanes on one word
    long top_bit = 0;         // ... with two lanes whose words differ only in the top bit
    long replays_done = 0;    // done on the last cycle of a replay
    long resets = 0;
};

class Bench {
  public:
    using Top = Vsimtref_shared_mem;
    using Model = tb::CModel<shared_mem, shared_mem_in, shared_mem_out,
                             shared_mem_init, shared_mem_reset,
                             shared_mem_eval, shared_mem_step>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed)
    {
        shared_mem_geometry(&cfg, &g_);
        cnt_w_ = bits_for(g_.lanes);
    }

    // No directed scenario.
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const shared_mem &, shared_mem_in &in, bool &reset)
    {
        reset = cycle == 0 || rng_.chance(1, 50000);
        in = shared_mem_in();
        in.addr = addr_;
        if (!rng_.chance(3, 4))
            return true;
        in.valid = true;
        switch (rng_.below(4)) {
        case 0: in.mask = low_bits(g_.lanes); break;
        case 1: in.mask = 1ull << rng_.below(g_.lanes); break;
        default: in.mask = rng_.next() & low_bits(g_.lanes);
        }
        addresses();
        return true;
    }

    void drive(Vsimtref_shared_mem &top, const shared_mem_in &in) const
    {
        top.valid_i = in.valid;
        tb::set_field(top.mask_i, 0, g_.lanes, in.mask);
        for (unsigned l = 0; l < g_.lanes; l++)
            tb::set_field(top.addr_i, l * 32, 32, in.addr[l]);
    }

    bool compare(const Vsimtref_shared_mem &top, const shared_mem_out &exp,
                 long cycle, tb::Mismatch &mm) const
    {
        bool ok = true;
        ok &= tb::expect(mm, cycle, "busy_o", exp.busy, top.busy_o);
        ok &= tb::expect(mm, cycle, "done_o", exp.done, top.done_o);
        ok &= tb::expect(mm, cycle, "cycles_o", exp.cycles,
                         tb::get_field(top.cycles_o, 0, cnt_w_));
        return ok;
    }

    void cover(const shared_mem &m, const shared_mem_in &in,
               const shared_mem_out &out, bool reset)
    {
        cov_.resets += reset;
        cov_.replays_done += out.busy && out.done;
        if (out.busy || !in.valid || !in.mask)
            return;
        cov_.requests++;
        cov_.conflicts += out.cycles >= 2;
        cov_.worst += g_.lanes > 1 && out.cycles == g_.lanes;
        bool bcast = false, top = false;
        for (unsigned i = 0; i < g_.lanes; i++)
            for (unsigned j = i + 1; j < g_.lanes; j++) {
                if (!(in.mask >> i & 1) || !(in.mask >> j & 1))
                    continue;
                uint32_t wi = in.addr[i] / g_.bank_bytes;
                uint32_t wj = in.addr[j] / g_.bank_bytes;
                bcast |= wi == wj;
                top |= (wi ^ wj) == (0x80000000u / g_.bank_bytes);
            }
        cov_.broadcasts += bcast;
        cov_.top_bit += top;
        (void)m;
    }

    bool scenario_check(const Vsimtref_shared_mem &, long) const { return true; }

    void after(const shared_mem &, const shared_mem_in &,
               const shared_mem_out &, bool, long) {}

    void report() const
    {
        std::printf("coverage: %ld requests taken, %ld with a conflict, %ld "
                    "with the worst (%u ways), %ld with a broadcast, %ld "
                    "with words differing only in the top bit; %ld replays "
                    "done, %ld resets\n", cov_.requests, cov_.conflicts,
                    cov_.worst, g_.lanes, cov_.broadcasts, cov_.top_bit,
                    cov_.replays_done, cov_.resets);
    }

    // Conflicts, the worst of them, broadcasts, top-bit aliases and the
    // ends of replays (with one lane there is no conflict).
    bool covered() const
    {
        if (g_.lanes < 2)
            return cov_.requests > 0;
        return cov_.conflicts && cov_.worst && cov_.broadcasts &&
               cov_.top_bit && cov_.replays_done;
    }

    bool scenario_done() const { return false; }

  private:
    // This request's addresses into addr_.
    void addresses()
    {
        uint32_t bb = g_.bank_bytes;
        uint32_t base = (uint32_t)rng_.next() & ~(bb - 1);   // a word's first byte
        uint32_t stride;

        switch (rng_.below(6)) {
        case 0:                                     // a stride of words
            stride = rng_.chance(1, 2) ? g_.banks : 1 + rng_.below(2 * g_.banks);
            for (unsigned l = 0; l < g_.lanes; l++)
                addr_[l] = base + l * stride * bb + rng_.below(bb);
            break;
        case 1:                                     // one word for all
            for (unsigned l = 0; l < g_.lanes; l++)
                addr_[l] = base + rng_.below(bb);
            break;
        case 2: {                                   // a few shared words
            uint32_t words[4];
            for (uint32_t &w : words)
                w = base + rng_.below(4 * g_.banks) * bb;
            for (unsigned l = 0; l < g_.lanes; l++)
                addr_[l] = words[rng_.below(4)] + rng_.below(bb);
            break;
        }
        case 3:                                     // random words
            for (unsigned l = 0; l < g_.lanes; l++)
                addr_[l] = (uint32_t)rng_.next();
            break;
        default:                                    // aliases in high bits
            for (unsigned l = 0; l < g_.lanes; l++) {
                uint32_t high = rng_.chance(1, 2) ? 0x80000000u
                                                  : 1u << (31 - rng_.below(8));
                addr_[l] = rng_.chance(1, 2) ? base : base ^ high;
                addr_[l] += rng_.below(bb);
            }
        }
    }

    struct shared_mem_geometry g_;
    tb::Rng rng_;
    unsigned cnt_w_;                        // width of cycles_o
    uint32_t addr_[SHARED_MEM_MAX_LANES] = {0};   // this cycle's addresses
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_shared_mem");
}
