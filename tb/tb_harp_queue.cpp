// tb_harp_queue.cpp -- lockstep testbench of the HARP stage's queue of
// warps with a write port per source: the generated simtref_harp_queue
// against the C model golden/structures/harp_queue.c.
//
// Constrained-random stimulus: each cycle a pop (sometimes of the empty
// queue) and a set of valid write ports whose density changes every few
// hundred cycles, from one port to most of them, with the lower ports
// idle as often as not (so that a warp's entry is tail + the valid ports
// before it, not its port number), the queue run full and beyond its
// room (err_o, the extra warps dropped) and around the end of its
// circular buffer.  Ports that are not valid carry random warps the
// module must ignore.
#include <memory>
#include <string>
#include <vector>

#include "Vsimtref_harp_queue.h"
#include "tb_common.h"

#include "config.h"
#include "harp_queue.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long writes = 0;          // warps written
    long multi = 0;           // cycles writing three warps or more
    long gaps = 0;            // cycles writing a port with a lower one idle
    long pop_write = 0;       // cycles popping and writing at once
    long full = 0;            // cycles with the queue full
    long wraps = 0;           // warps written after the head went round
    long errors = 0;          // cycles with err_o
    long resets = 0;
};

class Bench {
  public:
    using Top = Vsimtref_harp_queue;
    using Model = tb::CModel<harp_queue, harp_queue_in, harp_queue_out,
                             harp_queue_init, harp_queue_reset,
                             harp_queue_eval, harp_queue_step,
                             harp_queue_free>;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed)
    {
        harp_queue_geometry(&cfg, &g_);
        valid_.reset(new bool[g_.ports]());
        wr_.assign(g_.ports, warp());
        junk_.assign(g_.ports, warp());
        new_phase();
    }

    // No directed scenario.
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const harp_queue &model, harp_queue_in &in,
              bool &reset)
    {
        reset = cycle == 0 || rng_.chance(1, 50000);
        if (cycle % 300 == 0)
            new_phase();
        in.pop = model.count ? rng_.chance(pop_num_, 8) : rng_.chance(1, 64);
        in.wr_valid = valid_.get();
        in.wr = wr_.data();
        for (unsigned p = 0; p < g_.ports; p++) {
            bool hot = p >= lo_ && p < hi_;
            valid_[p] = hot && rng_.chance(1, den_);
            random_warp(valid_[p] ? wr_[p] : junk_[p], !valid_[p]);
        }
        return true;
    }

    void drive(Top &top, const harp_queue_in &in) const
    {
        top.pop_i = in.pop;
        for (unsigned p = 0; p < g_.ports; p++) {
            tb::set_field(top.wr_valid_i, p, 1, in.wr_valid[p]);
            tb::drive_warp(top.wr_pc_i, top.wr_mask_i, top.wr_tid_i, g_, p,
                           in.wr_valid[p] ? in.wr[p] : junk_[p]);
        }
    }

    bool compare(const Top &top, const harp_queue_out &exp, long cycle,
                 tb::Mismatch &mm) const
    {
        bool ok = true;

        ok &= tb::expect(mm, cycle, "head_valid_o", exp.head_valid,
                         top.head_valid_o);
        ok &= tb::expect(mm, cycle, "count_o", exp.count, top.count_o);
        ok &= tb::expect(mm, cycle, "err_o", exp.err, top.err_o);
        ok &= tb::expect_warp(mm, cycle, [] { return std::string("head_"); },
                              g_, 0, top.head_pc_o, top.head_mask_o,
                              top.head_tid_o, exp.head);
        return ok;
    }

    void cover(const harp_queue &m, const harp_queue_in &in,
               const harp_queue_out &out, bool reset)
    {
        unsigned n = 0;
        bool idle_below = false, gap = false;

        cov_.resets += reset;
        if (reset) {
            head_ = 0;
            return;
        }
        for (unsigned p = 0; p < g_.ports; p++) {
            if (in.wr_valid[p]) {
                n++;
                gap = gap || idle_below;
            } else {
                idle_below = true;
            }
        }
        cov_.writes += n;
        cov_.multi += n >= 3;
        cov_.gaps += gap;
        cov_.pop_write += in.pop && m.count && n;
        cov_.full += m.count == g_.entries;
        cov_.errors += out.err;
        // the module's head pointer, followed: a write past the end of
        // the circular buffer
        unsigned tail = (head_ + m.count) % g_.entries;
        unsigned room = g_.entries - (m.count - (in.pop && m.count));
        cov_.wraps += n && tail + (n < room ? n : room) > g_.entries;
        if (in.pop && m.count)
            head_ = (head_ + 1) % g_.entries;
    }

    bool scenario_check(const Top &, long) const { return true; }

    void after(const harp_queue &, const harp_queue_in &,
               const harp_queue_out &, bool, long)
    {
    }

    void report() const
    {
        std::printf("coverage: %ld warps written (%ld cycles writing 3+, "
                    "%ld with a lower port idle, %ld popping too), %ld "
                    "cycles full, %ld cycles writing round the end of the "
                    "buffer, %ld cycles with err_o, %ld resets\n",
                    cov_.writes, cov_.multi, cov_.gaps, cov_.pop_write,
                    cov_.full, cov_.wraps, cov_.errors, cov_.resets);
    }

    // Several warps in a cycle, a write with a lower port idle, a pop and
    // writes at once, a full queue, writes round the end of the buffer,
    // and err_o (a pop of the empty queue or writes beyond the room).
    bool covered() const
    {
        return cov_.multi && cov_.gaps && cov_.pop_write && cov_.full
               && cov_.wraps && cov_.errors;
    }

    bool scenario_done() const { return false; }

  private:
    // A phase: the ports written (a window of them), how densely, and how
    // often the head leaves.
    void new_phase()
    {
        // warps written per cycle, in tenths: about as many as leave,
        // fewer, more, and bursts
        static const unsigned tenths[] = { 2, 4, 6, 10, 40 };

        lo_ = rng_.below(g_.ports);
        hi_ = lo_ + 1 + rng_.below(g_.ports - lo_);
        if (rng_.chance(1, 4)) {
            lo_ = 0;
            hi_ = g_.ports;
        }
        den_ = (hi_ - lo_) * 10 / tenths[rng_.below(5)];
        den_ = den_ ? den_ : 1;
        pop_num_ = 3 + rng_.below(6);
    }

    // A warp with at least one lane (any lanes for ignored ports).
    void random_warp(warp &w, bool any)
    {
        uint64_t lanes = g_.lanes >= 64 ? ~0ull : (1ull << g_.lanes) - 1;
        uint64_t pcs = g_.pc_w >= 64 ? ~0ull : (1ull << g_.pc_w) - 1;
        uint64_t tids = (1ull << g_.tw) - 1;

        w.pc = rng_.next() & pcs;
        do
            w.mask = rng_.next() & lanes;
        while (!any && !w.mask);
        for (unsigned l = 0; l < g_.lanes; l++)
            w.tid[l] = (uint32_t)(rng_.next() & tids);
    }

    struct harp_queue_geometry g_;
    tb::Rng rng_;
    std::unique_ptr<bool[]> valid_;  // this cycle's write ports: valid ...
    std::vector<warp> wr_;           // ... and their warps
    std::vector<warp> junk_;         // what idle ports carry
    unsigned lo_ = 0, hi_ = 1;       // the window of ports written
    unsigned den_ = 1;               // a port of the window writes: 1 in this
    unsigned pop_num_ = 4;           // the head leaves: pop_num_ in 8
    unsigned head_ = 0;              // the module's head pointer
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_harp_queue");
}
