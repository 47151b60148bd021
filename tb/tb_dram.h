// tb_dram.h -- the DRAM behind a module's memory port (simtref_sm_mem's,
// which simtref_sm passes through), for the testbenches that run the
// SM's memory side in Verilog (tb/tb_sm_mem.cpp, tb/tb_sm.cpp).
//
// It has the C SM's timing (golden/sm/dram.h) and data of its own: the
// C SM's memories at launch (an Image), then written by the module's
// writes and atomics as it takes them, in lane order, and read by the
// module's line reads as it takes them: it performs every request in the
// order it takes them, as a memory does (a read's answer is the line as
// it was at the take, whatever was written after it).  It is fed by the module's
// requests, not the C SM's, and each cycle it drives the responses due
// into the module's ports: the ids answered (mem_resp_i), a read's line
// (mem_rdata_i) and an atomic's old words (mem_old_i, mem_old_lanes_i).
// It performs what the port carries: the memory side decides an sc.w
// (its reservations) and sends only the lanes that store, so an sc.w
// lane here writes its operand.
#ifndef SIMTREF_TB_DRAM_H
#define SIMTREF_TB_DRAM_H

#include <cstdint>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "dram.h"
#include "lane.h"
#include "lsu.h"
#include "sm.h"
#include "sm_memory.h"
#include "tb_common.h"

namespace tb {

inline std::string hex32(uint32_t a)
{
    char b[16];

    std::snprintf(b, sizeof b, "0x%08x", a);
    return b;
}

// The memory behind the testbench's DRAM: the C SM's memories at launch
// (its ELF image, global memory up to the end of the host's highest
// buffer, the threads' stacks laid out as the memory pipeline addresses
// them, sm_memory_physical()).  An access elsewhere fails the kernel.
struct Image {
    uint32_t img_base = 0;
    std::vector<uint8_t> img, glob, stack;

    void load(const sm *m, uint32_t top)
    {
        const sm_memory &c = m->mem;
        uint32_t used = top > SM_GLOBAL_BASE ? top - SM_GLOBAL_BASE : 0;

        img_base = c.image_base;
        img.assign(c.image, c.image + c.image_size);
        glob.assign(c.global, c.global + (used < c.global_size ? used : c.global_size));
        stack.assign((size_t)c.threads * SM_STACK_BYTES, 0);
        for (uint32_t o = 0; o < stack.size(); o += 4) {
            uint32_t p = sm_memory_physical(SM_STACK_BASE + o, c.threads,
                                            m->cfg.warp_size) - SM_STACK_BASE;
            for (unsigned b = 0; b < 4; b++)
                stack[p + b] = c.stack[o + b];
        }
    }
    // The byte at a (a physical address), or nullptr outside the memories.
    uint8_t *at(uint32_t a)
    {
        if (a - img_base < img.size())
            return &img[a - img_base];
        if (a - SM_GLOBAL_BASE < glob.size())
            return &glob[a - SM_GLOBAL_BASE];
        if (a - SM_STACK_BASE < stack.size())
            return &stack[a - SM_STACK_BASE];
        return nullptr;
    }
};

// An atomic's new word from its old one and its operand: the lane's rule
// (lane_amo_result) for the op whose funct5 the port carries; sc.w writes
// its operand (the port carries only an sc.w's lanes that store).
inline uint32_t amo_apply(unsigned f, uint32_t old, uint32_t v)
{
    for (int op = RV32_AMOSWAP_W; op <= RV32_AMOMAXU_W; op++)
        if (rv32_amo_funct5((rv32_op)op) == f)
            return lane_amo_result((rv32_op)op, old, v);
    return v;                   // sc.w
}

// The module's memory port request of this cycle (mem_*_o) against the
// C LSU's (want); line_w: the port's line number bits.  False at the
// first difference (recorded in mm).
template <class Top>
bool compare_request(const Top &top, const dram_in &want, unsigned line_w,
                     long cycle, Mismatch &mm)
{
    bool ok = expect(mm, cycle, "mem_valid_o", want.valid, top.mem_valid_o);

    if (want.valid) {
        ok &= expect(mm, cycle, "mem_kind_o", (unsigned)want.kind, top.mem_kind_o);
        ok &= expect(mm, cycle, "mem_line_o", want.line, get_field(top.mem_line_o, 0, line_w));
        ok &= expect(mm, cycle, "mem_bytes_o", want.bytes, top.mem_bytes_o);
        ok &= expect(mm, cycle, "mem_id_o", want.id, top.mem_id_o);
    }
    return ok;
}

// The DRAM serving one module's memory port for one kernel.
class DramPort {
  public:
    // What it did, over the kernel.
    unsigned long reads = 0, writes = 0, atomic_passes = 0;
    unsigned long sc_lanes = 0;     // sc.w lanes performed (funct5 00011)
    std::string fault;          // a write or atomic outside the memories
    Image image;                // the data it serves

    // For the configuration and the C SM at launch (top: the end of the
    // host's highest buffer): 0, or -1 with why.
    int init(const simt_config &cfg, const sm *m, uint32_t top, std::string &why)
    {
        char err[256];
        struct lsu_geometry g;

        if (dram_init(mem_.get(), &cfg, err, sizeof err) != 0) {
            why = err;
            return -1;
        }
        lsu_geometry(&cfg, &g);
        lanes_ = g.lanes;
        mshrs_ = g.mshrs;
        entries_ = g.entries;
        line_bytes_ = g.line_bytes;
        line_w_ = g.addr_w - g.line_shift;
        image.load(m, top);
        return 0;
    }
    // The responses DRAM gives this cycle (dram_eval()).
    const dram_out &responses() const { return resp_; }
    // Answers held a cycle behind another to their id.
    unsigned long long held() const { return mem_->held; }

    // This cycle's responses into the module: -1, or an id DRAM answers
    // twice in the cycle, which the port (a bit per id) cannot carry and
    // DRAM must not do (golden/sm/dram.h).
    template <class Top>
    long respond(Top &top)
    {
        long twice = -1;

        dram_eval(mem_.get(), nullptr, &resp_);
        for (unsigned b = 0; b < mshrs_ + entries_; b++)
            set_field(top.mem_resp_i, b, 1, 0);
        for (unsigned e = 0; e < entries_; e++)
            set_field(top.mem_old_lanes_i, e * lanes_, lanes_, 0);
        for (unsigned id : rdata_set_)
            for (unsigned b = 0; b < line_bytes_; b += 4)
                set_field(top.mem_rdata_i, (id * line_bytes_ + b) * 8, 32, 0);
        rdata_set_.clear();
        for (unsigned k = 0; k < resp_.n; k++) {
            unsigned id = resp_.id[k];
            if (get_field(top.mem_resp_i, id, 1))
                twice = id;
            set_field(top.mem_resp_i, id, 1, 1);
            if (id < mshrs_) {
                answer_read(top, id);
                continue;
            }
            // an atomic's answer: its pass's lanes and their old words
            std::deque<Answer> &q = answers_[id - mshrs_];
            if (q.empty())
                continue;
            const Answer &a = q.front();
            unsigned e = id - mshrs_;
            set_field(top.mem_old_lanes_i, e * lanes_, lanes_, a.lanes);
            for (unsigned l = 0; l < lanes_; l++)
                set_field(top.mem_old_i, (e * lanes_ + l) * 32, 32,
                          a.lanes >> l & 1 ? a.old[l] : 0);
            q.pop_front();
        }
        return twice;
    }

    // The module's memory request, at the edge.  A write's and an
    // atomic's lanes are performed on the image as DRAM takes them, in
    // lane order; an atomic's old words are the answer owed to its entry.
    template <class Top>
    void serve(const Top &top)
    {
        dram_in q{};

        q.valid = top.mem_valid_o;
        if (q.valid) {
            q.kind = (dram_kind)top.mem_kind_o;
            q.line = get_field(top.mem_line_o, 0, line_w_);
            q.bytes = top.mem_bytes_o;
            q.id = top.mem_id_o;
        }
        if (q.valid && q.kind == DRAM_READ)
            take_read(top, q.id);
        if (q.valid && q.kind != DRAM_READ)
            perform(top, q);
        dram_step(mem_.get(), &q);
    }

    // The image's global memory (the host's buffers) against the C SM's
    // at the kernel's end (its last cycle); false at the first word that
    // differs (recorded in mm).  words: how many were compared.
    bool compare_global(const sm *m, long cycle, Mismatch &mm,
                        unsigned long &words) const
    {
        const sm_memory &c = m->mem;

        for (uint32_t o = 0; o + 4 <= image.glob.size(); o += 4) {
            uint32_t want = 0, got = 0;
            for (unsigned b = 0; b < 4; b++) {
                want |= (uint32_t)c.global[o + b] << 8 * b;
                got |= (uint32_t)image.glob[o + b] << 8 * b;
            }
            if (!expect(mm, cycle, "global memory's word at "
                        + hex32(SM_GLOBAL_BASE + o) + " at the kernel's end",
                        want, got))
                return false;
            words++;
        }
        return true;
    }

  private:
    // An atomic's answer DRAM owes an entry: the lanes of its pass and
    // their old words, in the order the passes were taken.
    struct Answer {
        uint64_t lanes;
        uint32_t old[SM_MAX_LANES];
    };

    // A read's response: the words its take read, beside the MSHR's bit.
    template <class Top>
    void answer_read(Top &top, unsigned id)
    {
        auto it = reads_.find(id);
        if (it == reads_.end())
            return;
        for (unsigned b = 0; b < line_bytes_; b += 4)
            set_field(top.mem_rdata_i, (id * line_bytes_ + b) * 8, 32,
                      it->second[b / 4]);
        rdata_set_.push_back(id);
        reads_.erase(it);
    }

    // A line read, performed at its take: the line's full address is its
    // lowest lane's (the LSU's line is addr_bits wide); a byte outside the
    // memories reads as zero (a load's lanes never name one: the kernels'
    // loads are in the C SM's memories).
    template <class Top>
    void take_read(const Top &top, unsigned id)
    {
        uint64_t lanes = get_field(top.mem_lanes_o, 0, lanes_);

        reads++;
        if (lanes == 0 && fault.empty())
            fault = "the memory port's read names no lane";
        for (unsigned l = 0; l < lanes_; l++)
            if (lanes >> l & 1) {
                uint32_t at = (uint32_t)get_field(top.mem_addr_o, l * 32, 32)
                              & ~(line_bytes_ - 1);
                std::vector<uint32_t> &line = reads_[id];
                line.assign(line_bytes_ / 4, 0);
                for (unsigned b = 0; b < line_bytes_; b++) {
                    const uint8_t *p = image.at(at + b);
                    line[b / 4] |= (uint32_t)(p ? *p : 0) << 8 * (b % 4);
                }
                break;
            }
    }

    template <class Top>
    void perform(const Top &top, const dram_in &q)
    {
        Answer a{};
        unsigned f = top.mem_amo_o;
        unsigned bytes = q.kind == DRAM_ATOMIC ? 4 : 1u << top.mem_size_o;

        writes += q.kind == DRAM_WRITE;
        atomic_passes += q.kind == DRAM_ATOMIC;
        a.lanes = get_field(top.mem_lanes_o, 0, lanes_);
        if (q.kind == DRAM_ATOMIC && f == rv32_amo_funct5(RV32_SC_W))
            sc_lanes += (unsigned long)__builtin_popcountll(a.lanes);
        for (unsigned l = 0; l < lanes_; l++) {
            if (!(a.lanes >> l & 1))
                continue;
            uint32_t at = (uint32_t)get_field(top.mem_addr_o, l * 32, 32);
            uint32_t v = (uint32_t)get_field(top.mem_wdata_o, l * 32, 32), old = 0;
            uint8_t *p[4];
            bool in = true;
            for (unsigned b = 0; b < bytes; b++)
                in &= (p[b] = image.at(at + b)) != nullptr;
            if (!in) {
                if (fault.empty())
                    fault = "the memory port's "
                            + std::string(q.kind == DRAM_WRITE ? "write" : "atomic")
                            + " at " + hex32(at) + " is outside the memories";
                continue;
            }
            for (unsigned b = 0; b < bytes; b++)
                old |= (uint32_t)*p[b] << 8 * b;
            a.old[l] = old;
            uint32_t nv = q.kind == DRAM_ATOMIC ? amo_apply(f, old, v) : v;
            for (unsigned b = 0; b < bytes; b++)
                *p[b] = (uint8_t)(nv >> 8 * b);
        }
        if (q.kind == DRAM_ATOMIC)
            answers_[q.id - mshrs_].push_back(a);
    }

    std::unique_ptr<dram> mem_{new dram};
    dram_out resp_{};                   // this cycle's responses
    unsigned lanes_ = 0, mshrs_ = 0, entries_ = 0, line_bytes_ = 0, line_w_ = 0;
    std::map<unsigned, std::deque<Answer>> answers_;   // by entry
    std::map<unsigned, std::vector<uint32_t>> reads_;  // a read's line's words, by MSHR
    std::vector<unsigned> rdata_set_;     // the MSHRs whose line mem_rdata_i holds
};

}  // namespace tb

#endif  // SIMTREF_TB_DRAM_H
