// tb_ibuffer.cpp -- lockstep testbench of the data half of a scheduler's
// I-buffers: the generated simtref_ibuffer against the C model
// golden/structures/ibuffer.c.
//
// The bench plays the fetch unit (simtref_fetch) and the SM around it, and
// sends only what they send.  One fetch a cycle at most, for a warp that
// holds a stream (is valid) and whose slots plus fetches in flight are
// fewer than the slots (the fetch unit's eligibility, before the edge);
// mostly at the PC and mask the warp's next fetch reads, as the SM sends it,
// else at a new PC and mask (a jump target, a launch; also, now and then, a
// warp that continues gets a new mask, so that the entries of a warp
// differ).  An I-cache returns each fetch after 1 to 6 cycles (1 is the
// SM's), in order, one a cycle (a fill), with a word that is a function
// of the fetch's PC (a different word per PC, so that a word landing in
// the wrong slot shows).  An issue takes a random warp with
// a slot; a taken branch now and then flushes a warp, whose fetches in
// flight never return.  The warps that hold a stream change per phase and
// one by one (a launch, an exit, a harp warp leaving its First-Level slot):
// a warp that stops holding one while it holds an entry is emptied (the
// fetch unit's fetch_emptied()), and its fetches never return.  Now and
// then the placement clears a warp (a new warp in the slot), at the start
// of the cycle: the SM reads the warp cleared in the same cycle (a step of
// the model with the clear alone, then the read: SmReads below), the
// module through its write-first bypass.  The rates change every few
// hundred cycles, from phases where issue is slow and every I-buffer fills
// to phases where it drains them.  Rarely an event the fetch unit would
// refuse (a fill with nothing in flight, an issue of a warp with no slot,
// either for any id the port carries, past the last warp too), which both
// ignore, and rarely a reset.
//
// Compared every cycle: head_valid_o, next_valid_o and refill_o; the head
// slot's PC, mask and word while head_valid_o, the next PC and mask while
// next_valid_o (what the SM reads: docs/rtl-boundary.md); the fetch's read port (frd_*), mostly at the
// fetched warp, against the model's next PC and mask of its warp; every
// warp's head (hd_*: valid, and PC, mask and word while valid) against the
// model's read port at that warp.  Otherwise the two hold different
// leftovers: the model shifts its slots, the module keeps circular queues.
#include <cstring>
#include <deque>
#include <string>

#include "Vsimtref_ibuffer.h"
#include "tb_common.h"

#include "bits.h"
#include "config.h"
#include "ibuffer.h"

namespace {

// The model as the SM drives and reads it: the placement's clear is a step
// of its own at the start of the cycle (sm_dispatch(), golden/sm/sm_tb.c),
// the read port is read after it (sm_ibuffer_read()), and the events step
// at the edge (ibuffer_edge(), golden/sm/sm.c).  The edge's step sees the
// clear again, which finds the warp cleared already.
struct SmReads {
    using State = ibuffer;
    using In = ibuffer_in;
    using Out = ibuffer_out;

    static void init(State &s, const simt_config &cfg)
    {
        char msg[CONFIG_ERR_LEN];
        if (ibuffer_init(&s, &cfg, msg, sizeof msg) != 0) {
            std::fprintf(stderr, "%s\n", msg);
            std::exit(1);
        }
    }
    static void reset(State &s) { ibuffer_reset(&s); }
    static void eval(State &s, const In &in, Out &out)
    {
        bool any = false;
        for (uint64_t word : in.clear)
            any |= word != 0;
        if (any) {
            ibuffer_in place;
            ibuffer_idle(&place);
            std::memcpy(place.clear, in.clear, sizeof place.clear);
            ibuffer_step(&s, &place);
        }
        ibuffer_eval(&s, &in, &out);
    }
    static void step(State &s, const In &in) { ibuffer_step(&s, &in); }
    static void free(State &) {}
};

struct Coverage {
    long resets = 0, fetches = 0, continued = 0, jumps = 0;
    long fills = 0, issues = 0, issue_fill = 0, fill_fetch = 0;
    long full = 0;              // cycles with a warp's every slot filled
    long flushes = 0;
    long flush_inflight = 0;    // flushes of a warp with fetches in flight
    long empties = 0;           // warps emptied (holding an entry) by the fetch unit
    long clears = 0;
    long clear_read = 0;        // reads of a warp cleared in the cycle, which held something
    long refill_reads = 0;      // reads of a refilling warp
    long empty_reads = 0;       // reads of a warp with no slot
    long ignored = 0;           // events the fetch unit would refuse
};

struct Return {
    unsigned warp;
    long due;
    uint32_t word;              // the instruction memory's answer
};

// The instruction memory's word at a PC: a different word per word
// address of the text (a multiplicative hash).
uint32_t word_at(uint32_t pc)
{
    return (pc >> 2) * 0x9e3779b1u;
}

class Bench {
  public:
    using Top = Vsimtref_ibuffer;
    using Model = SmReads;

    Bench(const simt_config &cfg, uint64_t seed, const std::string &)
        : rng_(seed)
    {
        ibuffer_geometry(&cfg, &g_);
        lane_mask_ = low_bits(g_.warp_size);
        ids_ = 1u << clog2(g_.warps);
        for (unsigned w = 0; w < g_.warps; w++)
            bitset_add(valid_, w);
    }

    // No directed scenario.
    static bool has_scenario(const simt_config &, const std::string &)
    {
        return false;
    }

    bool next(long cycle, const ibuffer &m, ibuffer_in &in, bool &reset)
    {
        ibuffer_idle(&in);
        reset = cycle == 0 || rng_.chance(1, 50000);
        if (reset) {
            icache_.clear();
            frd_warp_ = 0;          // every warp empty after the reset
            frd_valid_ = false;
            for (Head &h : hd_)
                h.valid = false;
            return true;
        }
        if (cycle % 300 == 0)
            new_phase();
        cleared_ = -1;
        // The placement: a new warp in a slot, mostly one that held no
        // stream (emptied already), now and then any.
        if (rng_.chance(1, 80)) {
            unsigned w = rng_.below(g_.warps);
            if (rng_.chance(7, 8))
                for (unsigned k = 0; k < g_.warps && holds(w); k++)
                    w = (w + 1) % g_.warps;
            const ibuffer_warp &wp = m.warp[w];
            held_before_clear_ = wp.slots || wp.flying || wp.have_next ||
                                 wp.refill;
            bitset_add(in.clear, w);
            bitset_add(valid_, w);
            cleared_ = (int)w;
            drop_returns(w);
        }
        // Warps that start or stop holding a stream.
        if (rng_.chance(1, 20)) {
            unsigned w = rng_.below(g_.warps);
            if (holds(w))
                bitset_remove(valid_, w);
            else if (cleared_ != (int)w)
                bitset_add(valid_, w);
        }
        // The I-cache: the oldest due return fills.
        if (!icache_.empty() && icache_.front().due <= cycle) {
            in.fill_valid = true;
            in.fill_warp = icache_.front().warp;
            in.fill_word = icache_.front().word;
            icache_.pop_front();
        } else if (rng_.chance(1, 2000)) {
            in.fill_valid = true;                   // maybe nothing in flight
            in.fill_warp = rng_.below(ids_);
            in.fill_word = (uint32_t)rng_.next();
        }
        // Issue: a warp with a slot, rarely any.
        if (rng_.chance(issue_, 64)) {
            int w = rng_.pick(g_.warps, [&](unsigned k) { return slots(m, k) > 0; });
            if (w >= 0) {
                in.issue_valid = true;
                in.issue_warp = (unsigned)w;
            }
        } else if (rng_.chance(1, 2000)) {
            in.issue_valid = true;
            in.issue_warp = rng_.below(ids_);
        }
        // A taken branch.
        if (rng_.chance(1, flush_)) {
            in.flush_valid = true;
            in.flush_warp = rng_.below(g_.warps);
            drop_returns(in.flush_warp);
        }
        // The fetch unit empties the warps that hold an entry and no
        // stream; their fetches in flight never return.
        for (unsigned w = 0; w < g_.warps; w++)
            if (!bitset_has(valid_, w) && entries(m, w) > 0) {
                bitset_add(in.empty, w);
                drop_returns(w);
            }
        // The fetch: an eligible warp.
        if (rng_.chance(fetch_, 8)) {
            int w = rng_.pick(g_.warps, [&](unsigned k) {
                return bitset_has(valid_, k) && entries(m, k) < g_.slots &&
                       !(in.flush_valid && in.flush_warp == k);
            });
            if (w >= 0)
                send(m, in, (unsigned)w, cycle);
        }
        // The read port: the warp the SM reads for its issue, its fetch, a
        // placed warp, or any.
        unsigned r = rng_.below(8);
        in.rd_warp = r < 2 && in.issue_valid ? in.issue_warp
                     : r < 4 && in.fetch_valid ? in.fetch_warp
                     : r < 5 && cleared_ >= 0 ? (unsigned)cleared_
                     : rng_.below(g_.warps);
        // The fetch's read port: the fetched warp mostly, else any; its
        // next PC and mask as the model holds them after the clear.
        frd_warp_ = in.fetch_valid && rng_.chance(3, 4) ? in.fetch_warp
                    : r < 5 && cleared_ >= 0 ? (unsigned)cleared_
                    : rng_.below(g_.warps);
        const ibuffer_warp &f = m.warp[frd_warp_];
        frd_valid_ = cleared_ != (int)frd_warp_ && f.have_next;
        frd_pc_ = f.next_pc;
        frd_mask_ = f.next_mask;
        // Every warp's head: the read port at that warp, after the clear.
        for (unsigned w = 0; w < g_.warps; w++) {
            const ibuffer_warp &h = m.warp[w];
            hd_[w].valid = cleared_ != (int)w && h.slots > 0;
            hd_[w].pc = h.slot_pc[0];
            hd_[w].mask = h.slot_mask[0];
            hd_[w].word = h.slot_word[0];
        }
        return true;
    }

    void drive(Vsimtref_ibuffer &top, const ibuffer_in &in) const
    {
        for (unsigned k = 0; k * 64 < g_.warps; k++) {
            unsigned n = g_.warps - k * 64 < 64 ? g_.warps - k * 64 : 64;
            tb::set_field(top.clear_i, k * 64, n, in.clear[k]);
            tb::set_field(top.empty_i, k * 64, n, in.empty[k]);
        }
        top.flush_valid_i = in.flush_valid;
        top.flush_warp_i = in.flush_warp;
        top.issue_valid_i = in.issue_valid;
        top.issue_warp_i = in.issue_warp;
        top.fill_valid_i = in.fill_valid;
        top.fill_warp_i = in.fill_warp;
        top.fill_word_i = in.fill_word;
        top.fetch_valid_i = in.fetch_valid;
        top.fetch_warp_i = in.fetch_warp;
        top.fetch_pc_i = in.fetch_pc;
        top.fetch_mask_i = in.fetch_mask;
        top.rd_warp_i = in.rd_warp;
        top.frd_warp_i = frd_warp_;
    }

    bool compare(const Vsimtref_ibuffer &top, const ibuffer_out &exp,
                 long cycle, tb::Mismatch &mm) const
    {
        bool ok = true;
        ok &= tb::expect(mm, cycle, "head_valid_o", exp.head_valid,
                         top.head_valid_o);
        ok &= tb::expect(mm, cycle, "next_valid_o", exp.next_valid,
                         top.next_valid_o);
        ok &= tb::expect(mm, cycle, "refill_o", exp.refill, top.refill_o);
        if (exp.head_valid) {
            ok &= tb::expect(mm, cycle, "head_pc_o", exp.head_pc,
                             top.head_pc_o);
            ok &= tb::expect(mm, cycle, "head_mask_o", exp.head_mask,
                             top.head_mask_o);
            ok &= tb::expect(mm, cycle, "head_word_o", exp.head_word,
                             top.head_word_o);
        }
        if (exp.next_valid) {
            ok &= tb::expect(mm, cycle, "next_pc_o", exp.next_pc,
                             top.next_pc_o);
            ok &= tb::expect(mm, cycle, "next_mask_o", exp.next_mask,
                             top.next_mask_o);
        }
        ok &= tb::expect(mm, cycle, "frd_valid_o", frd_valid_, top.frd_valid_o);
        if (frd_valid_) {
            ok &= tb::expect(mm, cycle, "frd_pc_o", frd_pc_, top.frd_pc_o);
            ok &= tb::expect(mm, cycle, "frd_mask_o", frd_mask_,
                             top.frd_mask_o);
        }
        for (unsigned w = 0; w < g_.warps; w++) {
            const Head &h = hd_[w];
            ok &= tb::check(mm, cycle, h.valid,
                            tb::get_field(top.hd_valid_o, w, 1),
                            [&] { return tb::indexed("hd_valid_o", w); });
            if (!h.valid)
                continue;
            ok &= tb::check(mm, cycle, h.pc,
                            tb::get_field(top.hd_pc_o, w * g_.pc_w, g_.pc_w),
                            [&] { return tb::indexed("hd_pc_o", w); });
            ok &= tb::check(mm, cycle, h.mask,
                            tb::get_field(top.hd_mask_o, w * g_.warp_size,
                                          g_.warp_size),
                            [&] { return tb::indexed("hd_mask_o", w); });
            ok &= tb::check(mm, cycle, h.word,
                            tb::get_field(top.hd_word_o, w * g_.word_w,
                                          g_.word_w),
                            [&] { return tb::indexed("hd_word_o", w); });
        }
        return ok;
    }

    // The model after the cycle's clear (SmReads::eval), before the edge.
    void cover(const ibuffer &m, const ibuffer_in &in, const ibuffer_out &exp,
               bool reset)
    {
        cov_.resets += reset;
        if (reset)
            return;
        const ibuffer_warp *f = in.fetch_valid ? &m.warp[in.fetch_warp] : nullptr;
        const ibuffer_warp *l = in.fill_valid ? &m.warp[in.fill_warp] : nullptr;
        const ibuffer_warp *i = in.issue_valid ? &m.warp[in.issue_warp] : nullptr;
        bool flushed_fill = in.flush_valid && in.fill_warp == in.flush_warp;
        cov_.fetches += f != nullptr;
        if (f) {
            bool cont = f->have_next && in.fetch_pc == f->next_pc &&
                        in.fetch_mask == f->next_mask;
            cov_.continued += cont;
            cov_.jumps += !cont;
        }
        if (l && (l->flying == 0 || flushed_fill))
            cov_.ignored += l->flying == 0;
        else if (l) {
            cov_.fills++;
            cov_.issue_fill += i && in.issue_warp == in.fill_warp &&
                               !flushed_fill;
            cov_.fill_fetch += f && in.fetch_warp == in.fill_warp;
        }
        if (i && i->slots == 0)
            cov_.ignored++;
        else if (i)
            cov_.issues++;
        for (unsigned w = 0; w < g_.warps; w++)
            if (m.warp[w].slots == g_.slots) {
                cov_.full++;
                break;
            }
        if (in.flush_valid) {
            cov_.flushes++;
            cov_.flush_inflight += m.warp[in.flush_warp].flying > 0;
        }
        for (unsigned w = 0; w < g_.warps; w++)
            cov_.empties += bitset_has(in.empty, w);
        cov_.clears += cleared_ >= 0;
        cov_.clear_read += cleared_ >= 0 && in.rd_warp == (unsigned)cleared_ &&
                           held_before_clear_;
        cov_.refill_reads += exp.refill;
        cov_.empty_reads += !exp.head_valid;
    }

    bool scenario_check(const Vsimtref_ibuffer &, long) const { return true; }

    // After the edge (not of a reset): the fetch goes to the I-cache.
    void after(const ibuffer &, const ibuffer_in &in, const ibuffer_out &,
               bool reset, long)
    {
        if (!reset && sent_)
            icache_.push_back({ in.fetch_warp, now_ + (long)lat_,
                                word_at(in.fetch_pc) });
        sent_ = false;
    }

    void report() const
    {
        std::printf("coverage: %ld resets, %ld fetches (%ld continuing the "
                    "last, %ld at a new PC or mask), %ld fills (%ld with an "
                    "issue of the warp, %ld with a fetch for it), %ld issues, "
                    "%ld cycles with a full warp, %ld flushes (%ld with "
                    "fetches in flight), %ld warps emptied, %ld clears (%ld "
                    "read in their cycle, having held something), %ld reads "
                    "of a refilling warp, %ld of a warp with no slot, %ld "
                    "events ignored\n",
                    cov_.resets, cov_.fetches, cov_.continued, cov_.jumps,
                    cov_.fills, cov_.issue_fill, cov_.fill_fetch, cov_.issues,
                    cov_.full, cov_.flushes, cov_.flush_inflight,
                    cov_.empties, cov_.clears, cov_.clear_read,
                    cov_.refill_reads, cov_.empty_reads, cov_.ignored);
    }

    bool covered() const
    {
        // With one slot a warp holding a slot has no fetch in flight, and
        // one with a fetch in flight is not fetched for: a fill meets no
        // issue and no fetch of its warp.
        bool one = g_.slots == 1;
        return cov_.resets && cov_.continued && cov_.jumps && cov_.fills &&
               (cov_.issue_fill || one) && (cov_.fill_fetch || one) &&
               cov_.issues &&
               cov_.full && cov_.flush_inflight && cov_.empties &&
               cov_.clear_read && cov_.refill_reads && cov_.empty_reads &&
               cov_.ignored;
    }

    bool scenario_done() const { return false; }

  private:
    void new_phase()
    {
        static const unsigned issue[] = { 1, 8, 24, 48, 64 };   // 64ths
        static const unsigned fetch[] = { 2, 6, 8, 8 };          // 8ths
        static const unsigned flush[] = { 8, 40, 200 };          // 1 in
        issue_ = issue[rng_.below(5)];
        fetch_ = fetch[rng_.below(4)];
        flush_ = flush[rng_.below(3)];
        lat_ = rng_.chance(1, 3) ? 1 : 1 + rng_.below(6);
        // warps holding a stream: all, most, half, few
        static const unsigned density[] = { 8, 8, 7, 4, 1 };     // 8ths
        unsigned dens = density[rng_.below(5)];
        for (unsigned w = 0; w < g_.warps; w++)
            if (rng_.chance(dens, 8))
                bitset_add(valid_, w);
            else
                bitset_remove(valid_, w);
    }

    // The fetch for warp w: at the warp's next PC and mask when it has
    // them, as the SM sends it, else (or now and then) at a new one.
    void send(const ibuffer &m, ibuffer_in &in, unsigned w, long cycle)
    {
        const ibuffer_warp &wp = m.warp[w];
        bool next = cleared_ != (int)w && wp.have_next;
        in.fetch_valid = true;
        in.fetch_warp = w;
        if (next && rng_.chance(7, 8)) {
            in.fetch_pc = wp.next_pc;
            in.fetch_mask = rng_.chance(7, 8) ? wp.next_mask : new_mask();
        } else {
            // the text from 0x10000 (kernels/), rarely anywhere (the +4 of
            // the next PC wraps at 2^32 as the model's uint32_t)
            in.fetch_pc = rng_.chance(63, 64)
                          ? 0x10000u + 4u * rng_.below(4096)
                          : (uint32_t)rng_.next() & ~3u;
            in.fetch_mask = new_mask();
        }
        sent_ = true;
        now_ = cycle;
    }

    uint64_t new_mask()
    {
        return rng_.chance(1, 16) ? 0 : rng_.next() & lane_mask_;
    }

    // Slots, and slots plus fetches in flight, of warp w as the cycle's
    // events see it (after its clear).
    unsigned slots(const ibuffer &m, unsigned w) const
    {
        return cleared_ == (int)w ? 0 : m.warp[w].slots;
    }
    unsigned entries(const ibuffer &m, unsigned w) const
    {
        return cleared_ == (int)w ? 0 : m.warp[w].slots + m.warp[w].flying;
    }

    // Whether warp w holds a stream now (the fetch unit's warp_valid).
    bool holds(unsigned w) const { return bitset_has(valid_, w); }

    void drop_returns(unsigned w)
    {
        std::deque<Return> kept;
        for (const Return &r : icache_)
            if (r.warp != w)
                kept.push_back(r);
        icache_.swap(kept);
    }

    struct ibuffer_geometry g_;
    uint64_t lane_mask_ = 0;
    unsigned ids_ = 1;          // warp ids the ports carry: 2^WARP_W
    tb::Rng rng_;
    std::deque<Return> icache_;
    unsigned issue_ = 24, fetch_ = 8, flush_ = 40, lat_ = 1;
    uint64_t valid_[IBUFFER_MAX_WARPS / 64] = {};   // warps holding a stream
    int cleared_ = -1;          // the warp the placement clears this cycle
    unsigned frd_warp_ = 0;     // the fetch's read port's warp ...
    bool frd_valid_ = false;    // ... whose next fetch continues its last ...
    uint32_t frd_pc_ = 0;       // ... at this PC ...
    uint64_t frd_mask_ = 0;     // ... with this mask (the model's)
    struct Head {               // a warp's head as the model reads it
        bool valid;
        uint32_t pc;
        uint64_t mask;
        uint32_t word;
    };
    Head hd_[IBUFFER_MAX_WARPS] = {};
    bool held_before_clear_ = false;    // ... which held a slot, a fetch,
                                        // a next PC or the refill bit
    bool sent_ = false;         // a fetch was sent this cycle
    long now_ = 0;
    Coverage cov_;
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::main_of<Bench>(argc, argv, "tb_ibuffer");
}
