// tb_lsu.cpp -- lockstep testbench of the load/store unit: the generated
// simtref_lsu (with its simtref_arbiter) against the C model
// golden/structures/lsu.c.
//
// The module's L1 and bank ports are answered by the model's own L1 and
// banks (struct lsu's l1 and smem), asked with what the module drives
// this cycle; every output of the module is compared with the model's
// lsu_out each cycle, the L1 and bank ports included (lsu_out.l1 and
// lsu_out.smem), and pending_o with lsu_pending().  Fields of a port that
// the model leaves meaningless are compared only when the port is valid
// (a memory request's kind, line, bytes and id; a lookup's op and line; a
// bank request's addresses).  The done entries are compared as the
// model's list: the (warp, register) of each entry of done_o, in the
// order of the entries; the write-back ports as the list's requests with
// a register, in the same order.
//
// The memory side is this bench: each line read and atomic the unit asks
// for is answered 1 to a few hundred cycles later (the delay class
// changes with the phase), out of order, at most one response per id a
// cycle (the module's response port has a bit per id).  Constrained-random
// requests come in phases that change every 512 cycles: the issue rate,
// the mix of loads, stores, atomics and shared accesses, the number of hot
// lines the lanes' addresses fall on (one: hits and merges; several:
// coalescing over several passes and MSHR-full stalls; a phase of loads
// on lines drawn anew: MSHR-full stalls, which the writes that wait for
// a fill would otherwise keep away) and the response delay (long delays
// and a single hot line fill the in-flight table).
#include <algorithm>
#include <string>
#include <vector>

#include "Vsimtref_lsu.h"
#include "tb_common.h"

#include "config.h"
#include "lsu.h"

namespace {

// What the run saw, to show that the stimulus reached the interesting
// states.
struct Coverage {
    long hits = 0;          // load lines found in the L1
    long merges = 0;        // load lines merged into an outstanding MSHR
    long misses = 0;        // load lines that took an MSHR
    long stalls = 0;        // passes with no MSHR free
    long fill_waits = 0;    // store or atomic passes waiting for a fill
    long replays = 0;       // passes of a request after its first
    long stores = 0;        // store lines written through
    long atomics = 0;       // atomic lines
    long conflicts = 0;     // shared requests with a bank conflict
    long full = 0;          // cycles with every in-flight entry used
    long multi_done = 0;    // cycles with two requests done or more
    long held = 0;          // cycles with a request held for a write-back port
    long multi_resp = 0;    // cycles with two responses or more
    long resets = 0;
};

// One response the memory side owes.
struct Owed {
    unsigned id;            // MSHR, or l1d_mshrs + entry
    long due;               // the cycle it is answered in, at the earliest
};

// The model's state, its L1's arrays released with it.
struct LsuState : lsu {
    LsuState() : lsu() {}
    ~LsuState() { lsu_free(this); }
    LsuState(const LsuState &) = delete;
    LsuState &operator=(const LsuState &) = delete;
};

struct LsuModel {
    using State = LsuState;
    using In = lsu_in;
    using Out = lsu_out;
    static void init(State &s, const simt_config &cfg)
    {
        char msg[CONFIG_ERR_LEN];
        if (lsu_init(&s, &cfg, msg, sizeof msg) != 0) {
            std::fprintf(stderr, "%s\n", msg);
            std::exit(1);
        }
    }
    static void reset(State &s) { lsu_reset(&s); }
    static void eval(const State &s, const In &in, Out &out) { lsu_eval(&s, &in, &out); }
    static void step(State &s, const In &in) { lsu_step(&s, &in); }
    // Nothing to release here: ~LsuState releases the L1's arrays.
    static void free(State &) {}
};

class Bench {
  public:
    using Top = Vsimtref_lsu;
    using Model = LsuModel;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed)
    {
        lsu_geometry(&cfg, &g_);
        warp_w_ = g_.warp_w ? g_.warp_w : 1;
        warps_ = cfg.warp_size ? cfg.schedulers * cfg.threads_per_scheduler
                                 / cfg.warp_size : 1;
        mshr_w_ = g_.mshrs > 1 ? clog2_(g_.mshrs) : 1;
        line_w_ = g_.addr_w - g_.line_shift;
    }

    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const LsuState &model, lsu_in &in, bool &reset)
    {
        model_ = &model;
        reset = cycle == 0 || rng_.chance(1, 100000);
        reset_ = reset;
        if (cycle % 512 == 0)
            new_phase();
        in.issue = nullptr;
        in.mem = nullptr;
        resp_.n = 0;
        if (reset) {
            owed_.clear();
            return true;
        }
        respond(cycle);
        in.mem = &resp_;
        if (lsu_can_accept(&model) && rng_.chance(rate_, 8)) {
            request();
            in.issue = &req_;
        }
        return true;
    }

    // The inputs, then the L1's and the banks' answers to what the module
    // asks this cycle (the model's L1 and banks, as they are before the
    // edge).
    void drive(Vsimtref_lsu &top, const lsu_in &in)
    {
        const lsu_request *r = in.issue;

        top.issue_valid_i = r != nullptr;
        top.issue_warp_i = r ? r->warp : 0;
        top.issue_rd_i = r ? r->rd : 0;
        top.issue_kind_i = r ? r->kind : 0;
        top.issue_space_i = r ? r->space : 0;
        top.issue_bytes_i = r ? r->bytes : 0;
        top.issue_mask_i = r ? r->mask : 0;
        for (unsigned l = 0; l < g_.lanes; l++)
            tb::set_field(top.issue_addr_i, l * g_.addr_w, g_.addr_w,
                          r ? r->addr[l] : 0);
        for (unsigned lo = 0; lo < g_.mshrs + g_.entries; lo += 32)
            tb::set_field(top.mem_resp_i, lo,
                          std::min(32u, g_.mshrs + g_.entries - lo), 0);
        if (in.mem)
            for (unsigned k = 0; k < in.mem->n; k++)
                tb::set_field(top.mem_resp_i, in.mem->id[k], 1, 1);
        top.rst_ni = !reset_;
        top.eval();     // the module's lookup and bank request; lockstep()
                        // evaluates it again with the answers below

        l1_cache_in lin = l1_cache_in();
        l1_cache_out lout = l1_cache_out();
        lin.lookup = top.l1_lookup_o;
        lin.op = (l1_op)top.l1_op_o;
        lin.line = top.l1_line_o;
        if (lin.lookup && lin.op <= L1_INVALIDATE) {
            l1_cache_eval(&model_->l1, &lin, &lout);
            if (lin.op == L1_READ)
                count_lookup(lout.result);
            else
                cov_.fill_waits += lout.result == L1_MISS_OUTSTANDING;
        }
        top.l1_result_i = lout.result;
        top.l1_mshr_i = lout.mshr & ((1u << mshr_w_) - 1);

        uint32_t addr[LSU_MAX_LANES];
        for (unsigned l = 0; l < g_.lanes; l++)
            addr[l] = (uint32_t)tb::get_field(top.smem_addr_o, l * g_.addr_w, g_.addr_w);
        shared_mem_in sin = { (bool)top.smem_valid_o, top.smem_mask_o, addr };
        shared_mem_out sout;
        shared_mem_eval(&model_->smem, &sin, &sout);
        top.smem_done_i = sout.done;
        cov_.conflicts += sin.valid && sout.cycles > 1;
    }

    bool compare(const Vsimtref_lsu &top, const lsu_out &exp, long cycle,
                 tb::Mismatch &mm) const
    {
        bool ok = true;
        ok &= tb::expect(mm, cycle, "ready_o", exp.ready, top.ready_o);
        ok &= tb::expect(mm, cycle, "idle_o", lsu_idle(model_), top.idle_o);

        unsigned k = 0;
        for (unsigned e = 0; e < g_.entries; e++) {
            if (!tb::get_field(top.done_o, e, 1))
                continue;
            if (k >= exp.n_done) {
                ok &= tb::expect(mm, cycle, tb::indexed("done_o (an entry the model does not report)", e), 0, 1);
                break;
            }
            ok &= tb::check(mm, cycle, exp.done[k].warp,
                            tb::get_field(top.done_warp_o, e * warp_w_, warp_w_),
                            [&] { return tb::indexed("done_warp_o", e); });
            ok &= tb::check(mm, cycle, exp.done[k].rd,
                            tb::get_field(top.done_rd_o, e * 5, 5),
                            [&] { return tb::indexed("done_rd_o", e); });
            k++;
        }
        ok &= tb::expect(mm, cycle, "done_o (entries done)", exp.n_done, k);
        // the write-back ports: the model's dones with a register, in order
        unsigned p = 0;
        for (unsigned i = 0; i < exp.n_done; i++) {
            if (exp.done[i].rd == 0)
                continue;
            if (p >= g_.writebacks) {
                ok &= tb::expect(mm, cycle, "dones with a register (the model's, beyond the write-back ports)", g_.writebacks, p + 1);
                break;
            }
            ok &= tb::expect(mm, cycle, tb::indexed("wb_valid_o", p), 1,
                             tb::get_field(top.wb_valid_o, p, 1));
            ok &= tb::check(mm, cycle, exp.done[i].warp,
                            tb::get_field(top.wb_warp_o, p * warp_w_, warp_w_),
                            [&] { return tb::indexed("wb_warp_o", p); });
            ok &= tb::check(mm, cycle, exp.done[i].rd,
                            tb::get_field(top.wb_rd_o, p * 5, 5),
                            [&] { return tb::indexed("wb_rd_o", p); });
            p++;
        }
        for (; p < g_.writebacks; p++)
            ok &= tb::expect(mm, cycle, tb::indexed("wb_valid_o", p), 0,
                             tb::get_field(top.wb_valid_o, p, 1));
        // pending_o against the warps of the used global entries (one pass
        // over the table), and every 64th cycle against lsu_pending() of
        // each warp (which looks at the whole table for one warp).
        std::vector<char> pending(1u << warp_w_, 0);
        for (unsigned e = 0; e < LSU_MAX_INFLIGHT; e++)
            if (model_->flight[e].used && model_->flight[e].global)
                pending[model_->flight[e].warp & ((1u << warp_w_) - 1)] = 1;
        for (unsigned w = 0; w < (1u << warp_w_) && w < warps_; w++) {
            bool exp_w = cycle % 64 == 0 ? lsu_pending(model_, w) : (bool)pending[w];
            ok &= tb::check(mm, cycle, exp_w, tb::get_field(top.pending_o, w, 1),
                            [&] { return tb::indexed("pending_o", w); });
        }

        ok &= tb::expect(mm, cycle, "mem_valid_o", exp.mem.valid, top.mem_valid_o);
        if (exp.mem.valid) {
            ok &= tb::expect(mm, cycle, "mem_kind_o", exp.mem.kind, top.mem_kind_o);
            ok &= tb::expect(mm, cycle, "mem_line_o", exp.mem.line, top.mem_line_o);
            ok &= tb::expect(mm, cycle, "mem_bytes_o", exp.mem.bytes, top.mem_bytes_o);
            if (exp.mem.kind != DRAM_WRITE)
                ok &= tb::expect(mm, cycle, "mem_id_o", exp.mem.id, top.mem_id_o);
        }
        ok &= tb::expect(mm, cycle, "l1_lookup_o", exp.l1.lookup, top.l1_lookup_o);
        if (exp.l1.lookup) {
            ok &= tb::expect(mm, cycle, "l1_op_o", exp.l1.op, top.l1_op_o);
            ok &= tb::expect(mm, cycle, "l1_line_o", exp.l1.line, top.l1_line_o);
        }
        for (unsigned m = 0; m < g_.mshrs; m++)
            ok &= tb::check(mm, cycle, resp_bit(m), tb::get_field(top.l1_fill_o, m, 1),
                            [&] { return tb::indexed("l1_fill_o", m); });
        ok &= tb::expect(mm, cycle, "smem_valid_o", exp.smem.valid, top.smem_valid_o);
        if (exp.smem.addr != nullptr)
            ok &= tb::expect(mm, cycle, "smem_mask_o", exp.smem.mask, top.smem_mask_o);
        if (exp.smem.valid)
            for (unsigned l = 0; l < g_.lanes; l++)
                ok &= tb::check(mm, cycle, exp.smem.addr[l] & low_(g_.addr_w),
                                tb::get_field(top.smem_addr_o, l * g_.addr_w, g_.addr_w),
                                [&] { return tb::indexed("smem_addr_o", l); });
        return ok;
    }

    void cover(const LsuState &model, const lsu_in &in, const lsu_out &out,
               bool reset)
    {
        cov_.resets += reset;
        cov_.replays += model.busy && out.l1.lookup;
        cov_.stores += out.mem.valid && out.mem.kind == DRAM_WRITE;
        cov_.atomics += out.mem.valid && out.mem.kind == DRAM_ATOMIC;
        cov_.full += model.inflight == LSU_MAX_INFLIGHT;
        cov_.multi_done += out.n_done >= 2;
        cov_.held += out.held > 0;
        cov_.multi_resp += in.mem != nullptr && in.mem->n >= 2;
    }

    bool scenario_check(const Vsimtref_lsu &, long) const { return true; }

    // The memory side takes the unit's request: a line read or an atomic
    // is owed a response.
    void after(const LsuState &, const lsu_in &, const lsu_out &exp,
               bool reset, long cycle)
    {
        if (reset || !exp.mem.valid || exp.mem.kind == DRAM_WRITE)
            return;
        owed_.push_back(Owed{ exp.mem.id, cycle + 1 + (long)delay() });
    }

    void report() const
    {
        std::printf("coverage: %ld resets; load lines: %ld hits, %ld merges, "
                    "%ld misses, %ld MSHR-full stalls; %ld replayed passes; "
                    "%ld store lines, %ld atomic lines, %ld passes of a write "
                    "waiting for a fill; %ld shared requests "
                    "with a bank conflict; %ld cycles with the in-flight "
                    "table full; %ld cycles with several requests done, %ld "
                    "with a request held for a write-back port, %ld "
                    "with several responses\n",
                    cov_.resets, cov_.hits, cov_.merges, cov_.misses,
                    cov_.stalls, cov_.replays, cov_.stores, cov_.atomics,
                    cov_.fill_waits, cov_.conflicts, cov_.full, cov_.multi_done, cov_.held,
                    cov_.multi_resp);
    }

    bool covered() const
    {
        return cov_.hits && cov_.merges && cov_.misses && cov_.stalls &&
               cov_.replays && cov_.stores && cov_.atomics && cov_.fill_waits &&
               cov_.conflicts && cov_.full && cov_.multi_done &&
               cov_.held && cov_.multi_resp;
    }

    bool scenario_done() const { return false; }

  private:
    static unsigned clog2_(uint64_t n)
    {
        unsigned b = 0;
        while ((1ull << b) < n)
            b++;
        return b;
    }
    static uint64_t low_(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

    bool resp_bit(unsigned id) const
    {
        for (unsigned k = 0; k < resp_.n; k++)
            if (resp_.id[k] == id)
                return true;
        return false;
    }

    void count_lookup(enum l1_lookup r)
    {
        cov_.hits += r == L1_HIT;
        cov_.merges += r == L1_MISS_OUTSTANDING;
        cov_.misses += r == L1_MISS;
        cov_.stalls += r == L1_MISS_NO_MSHR;
    }

    // This cycle's responses: those due, at most one per id, oldest first.
    void respond(long cycle)
    {
        std::vector<unsigned> taken;
        resp_.n = 0;
        for (size_t i = 0; i < owed_.size() && resp_.n < DRAM_MAX_RESPONSES;) {
            const Owed &o = owed_[i];
            bool dup = false;
            for (unsigned t : taken)
                dup |= t == o.id;
            if (o.due > cycle || dup || !rng_.chance(7, 8)) {
                i++;
                continue;
            }
            taken.push_back(o.id);
            resp_.id[resp_.n++] = o.id;
            owed_.erase(owed_.begin() + (long)i);
        }
    }

    unsigned delay()
    {
        switch (delay_class_) {
        case 0: return rng_.below(4);
        case 1: return 8 + rng_.below(40);
        default: return 100 + rng_.below(200);
        }
    }

    void new_phase()
    {
        static const unsigned rates[] = {1, 3, 6, 8, 8};
        rate_ = rates[rng_.below(5)];
        delay_class_ = rng_.below(3);
        mix_ = rng_.below(4);
        hot_n_ = 1 + rng_.below(rng_.chance(1, 2) ? 2 : 6);
        unsigned lines = 1u << (line_w_ < 12 ? line_w_ : 12);
        for (unsigned i = 0; i < 8; i++)
            hot_[i] = rng_.below(lines);
        if (mix_ == 0 && rng_.chance(1, 2)) {
            // a flood: a request a cycle on one new line, its fill late,
            // so that merges fill the in-flight table
            rate_ = 8;
            delay_class_ = 2;
            hot_n_ = 1;
        }
    }

    void request()
    {
        lsu_request &r = req_;
        static const unsigned sizes[] = {1, 2, 4};
        unsigned x = rng_.below(100);

        r = lsu_request();
        r.warp = rng_.below(warps_);
        r.rd = rng_.below(32);
        switch (mix_) {
        case 0:                 // loads on the hot lines only: hits,
                                // merges, a full table
            r.kind = LSU_LOAD;
            r.space = LSU_GLOBAL;
            break;
        case 1:                 // stores and atomics
            r.kind = x < 50 ? LSU_STORE : LSU_ATOMIC;
            r.space = LSU_GLOBAL;
            break;
        case 3:                 // loads on many lines: misses enough to
                                // fill the MSHRs (no write waits for a
                                // fill and holds the unit meanwhile)
            r.kind = LSU_LOAD;
            r.space = LSU_GLOBAL;
            break;
        default:                // everything
            r.kind = x < 55 ? LSU_LOAD : x < 80 ? LSU_STORE : LSU_ATOMIC;
            r.space = rng_.chance(1, 4) ? LSU_SHARED : LSU_GLOBAL;
            break;
        }
        r.tb = 0;
        r.bytes = sizes[rng_.below(3)];
        uint64_t all = low_(g_.lanes);
        unsigned m = rng_.below(8);
        r.mask = m < 5 ? all : m < 7 ? (rng_.next() & all) : 0;
        for (unsigned l = 0; l < g_.lanes; l++) {
            uint64_t a;
            if (r.space == LSU_SHARED) {
                a = rng_.below(64) * 4;     // a few words: conflicts
            } else {
                bool hot = mix_ == 0 || (mix_ != 3 && rng_.chance(15, 16));
                uint64_t line = hot ? hot_[rng_.below(hot_n_)]
                                    : rng_.below(1u << (line_w_ < 12 ? line_w_ : 12));
                a = (line << g_.line_shift) | rng_.below(g_.line_bytes);
            }
            r.addr[l] = (uint32_t)(a & low_(g_.addr_w));
        }
    }

    struct lsu_geometry g_;
    unsigned warp_w_, warps_, mshr_w_, line_w_;
    tb::Rng rng_;
    const LsuState *model_ = nullptr;   // the model of this cycle
    bool reset_ = false;                // this cycle resets
    lsu_request req_ = lsu_request();   // this cycle's request
    dram_out resp_ = dram_out();        // this cycle's responses
    std::vector<Owed> owed_;            // responses the memory side owes
    unsigned rate_ = 4;                 // eighths of cycles with a request
    unsigned delay_class_ = 0;          // short, medium, long responses
    unsigned mix_ = 2;                  // the kinds of request
    unsigned hot_n_ = 1;                // hot lines in use
    uint64_t hot_[8] = {0};             // the phase's hot lines
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_lsu");
}
