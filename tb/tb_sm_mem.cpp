// tb_sm_mem.cpp -- the SM's memory side in Verilog (simtref_sm_mem:
// simtref_lsu, simtref_l1_cache, simtref_shared_mem and simtref_mem_wait
// composed) in lockstep with the C SM on the suite's kernels, its memory
// port served by DRAM's timing.
//
// A kernel runs on the C SM (golden/sm/), started through the host API as
// `simtref sim` starts it, every cycle evaluated (its reference mode;
// tb/tb_sm_common.h).  The SM records its memory side each cycle (struct
// sm_mem_probe, golden/sm/sm.h): the memory instruction it issued to the
// LSU (warp slot, rd, kind, space, size, lanes, addresses, and each
// lane's thread's warp slot for the table of loads in flight) and what
// the LSU, DRAM and the table gave back.  The module gets the same
// instruction.  Its memory port is served by a DRAM of this testbench's
// own (golden/sm/dram.h, the C SM's timing), fed by the module's
// requests, not the C SM's: each cycle its responses go to mem_resp_i
// and are compared with those the C SM's DRAM gave, and the module's
// request is compared with the C SM's LSU's before it is queued.  Before
// each clock edge every output is compared: ready, the dones (entry by
// entry, in the C LSU's order: warp slot and rd) and, for those with a
// destination, the write-back ports in that order: warp slot, rd, the
// table's lanes, global bit and each lane's warp slot (what the
// scoreboard's releases take); the warp slots with a global
// access in the LSU; the threads waiting on global memory; the table's
// read ports (one per warp the issue check checks, the SM's only table),
// their addresses swept together over every (warp slot, register) as the
// cycles go, each answered from the C SM's table before the edge; the
// memory request.  The module's state is never read back.
// Shared memory's data: the issue port also takes each lane's store data
// or AMO operand, the atomic's funct5, a load's sign and each lane's TB
// slot, and the launch's shared bytes and placements; each lane of a
// shared load's or atomic's done on a write-back port (wb_data_o) is
// compared with what the C SM's access at issue gave its rd.  The lanes
// an instruction drives are those whose datapath asks memory (an sc.w's
// whether or not the C's stores), each with its thread's warp slot: the
// module holds the reservations of lr.w/sc.w and decides each sc.w lane
// itself, so a failed one's rd (1) is compared like the others, and the
// words after it through the loads that read them.  A kernel whose
// shared access leaves its TB's window in the module (the launch's
// bytes, rounded to a row) fails.
// Global memory's writes and atomics cross the memory port with their
// lanes' full addresses and data: this DRAM performs them on a memory
// image of its own (the C SM's memories at launch) as it takes them, in
// lane order, and answers an atomic with its lanes' old words.  Each lane
// of a global atomic's done is compared with what the C's access at issue
// gave rd, and at the kernel's end the host's buffers in the image with
// the C SM's global memory, and the sc.w lanes the memory port carried
// with the C's global sc.w lanes that stored (a failed one carries no
// lane).  A read's response carries its line's words
// from the image as DRAM answers (mem_rdata_i, the line of the read's
// lowest lane's full address), and each lane of a global load's done is
// compared with what the C's access at issue gave rd where addr_bits is
// 32; below, the L1's tags alias regions (a stack line and a global line
// one line), and the lanes are counted, not compared.
// The kernel's result is then checked against its host reference.
// Every mode: under harp an instruction's lanes are threads of several
// launch warps (a regrouped warp), so a send names several warp slots,
// a slot per lane, and the write-backs must give each lane's own back; a
// run of the whole suite under harp must meet both.
//
//   --scenario NAME  the suite's kernel NAME (default: every kernel)
//   --cycles N       a kernel's cycle limit
//
// The kernels' inputs are those of seed 1, as `simtref sim` gives them.
//
// On a mismatch: the kernel, cycle, signal, expected and actual values,
// the FST of the module replayed up to the mismatch, and the command that
// replays it; exit 1.
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "Vsimtref_sm_mem.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "sm_memory.h"
#include "tb_dram.h"
#include "tb_sm_common.h"

namespace {

using Top = Vsimtref_sm_mem;

// What the kernels exercised, over the whole run: the cycles' events
// seen at the ports, and the C LSU's counts of the kernels checked.
struct Coverage {
    unsigned long kernels = 0, cycles = 0, loads = 0, stores = 0,
                  atomics = 0, shared = 0, dones = 0, releases = 0,
                  mem_requests = 0, responses = 0, multi_resp = 0,
                  rd_hits = 0, busy = 0, mixed_sends = 0, mixed_wb = 0,
                  data_lanes = 0, sub_word = 0, atomic_lanes = 0,
                  placed = 0, shared_atomics = 0,
                  global_lanes = 0, image_words = 0,
                  writes = 0, atomic_passes = 0, reads = 0, gload_lanes = 0,
                  gload_aliased = 0, gload_sub_word = 0;
    unsigned read_ports = 0;    // the table's read ports (NUM_RD)
    unsigned long sc_lanes[2] = {}, sc_failed[2] = {};  // sc.w's rd compared,
                                // and failed: [0] shared, [1] global
    uint64_t l1_hits = 0, l1_misses = 0, l1_merges = 0, mshr_stalls = 0,
             bank_conflicts = 0, store_lines = 0, atomic_lines = 0,
             held = 0;
};

// One kernel's run: the C SM, its memory side's record, and the DRAM
// that serves the module.
struct Run : tb::SmRun {
    sm_mem_probe probe{};
    bool lsu_idle = false;      // the C's LSU held no request as the cycle began
    tb::DramPort port;          // the DRAM that serves the module
    // The loads and atomics in flight, by (warp slot, rd): the lanes that
    // asked memory and what the C's access at issue gave their rd.
    struct Loaded {
        uint64_t mask;
        bool sub_word, atomic, sc, aliased;
        bool global;            // its words are not all shared (the
                                // request's space, but for an sc.w whose
                                // lanes all fail: a global request of none)
        uint32_t data[SM_MAX_LANES];
    };
    std::map<unsigned, Loaded> loaded;
    unsigned addr_w = 32;       // the LSU's addresses (addr_bits)
    unsigned long gsc_stored = 0;   // the C's global sc.w lanes that stored
};

// The widths of the module's fields.
struct Widths {
    unsigned lanes, addr_w, warp_w, entries, mshrs, line_w, slots, writebacks;
    unsigned reads;             // the table's read ports (NUM_RD)
    unsigned tb_w, max_tbs, row_bytes, sh_bytes;
    unsigned line_bytes;        // an L1 line: a read's response
};

Widths widths_of(const simt_config &cfg, const sm *m)
{
    struct lsu_geometry g;
    struct mem_wait_geometry mg;

    lsu_geometry(&cfg, &g);
    mem_wait_geometry(&cfg, &mg);
    return { g.lanes, g.addr_w, g.warp_w ? g.warp_w : 1, g.entries,
             g.mshrs, g.addr_w - g.line_shift, mg.warp_slots, g.writebacks,
             cfg.schedulers * m->memo.issue_slots,
             cfg.max_tbs > 1 ? g.tb_w : 1, cfg.max_tbs,
             cfg.shared_banks * cfg.shared_bank_bytes, cfg.shared_kb * 1024u,
             g.line_bytes };
}

// The table's read ports for this cycle: every (warp slot, register) in
// turn, slots fastest, port i at the entry after port i - 1's.
void read_ports_of(long cycle, const Widths &w, sm_mem_probe &p)
{
    p.n_rd = w.reads;
    for (unsigned i = 0; i < w.reads; i++) {
        unsigned long e = (unsigned long)cycle * w.reads + i;

        p.rd_slot[i] = (unsigned)(e % w.slots);
        p.rd_reg[i] = (unsigned)(e / w.slots % MEM_WAIT_REGS);
    }
}


// A TB's shared window in the module: the launch's shared bytes rounded
// up to whole rows of the banks.
uint32_t window_of(const Run &r, const Widths &w)
{
    return (r.m->launch.shared_bytes + w.row_bytes - 1) / w.row_bytes * w.row_bytes;
}

// A shared request's lanes inside its TB's window and the window inside
// the banks (the module's windows hold the launch's bytes, the C's 16
// KiB): "" or why not.
std::string window_fault(const Run &r, const Widths &w)
{
    const lsu_request &q = r.probe.req;
    uint32_t win = window_of(r, w);

    for (unsigned l = 0; l < w.lanes; l++) {
        unsigned t = r.probe.tbs[l];
        if (!(q.mask >> l & 1))
            continue;
        if ((uint64_t)t * win + win > w.sh_bytes)
            return "TB slot " + std::to_string(t) + "'s window of "
                   + std::to_string(win) + " bytes ends past the banks' "
                   + std::to_string(w.sh_bytes);
        if (q.addr[l] - SM_SHARED_BASE >= win)
            return "lane " + std::to_string(l) + " addresses shared byte "
                   + std::to_string(q.addr[l] - SM_SHARED_BASE)
                   + ", past its TB's window of " + std::to_string(win);
    }
    return "";
}

// The memory instruction of this cycle and DRAM's responses into the
// module; -1, or an id DRAM answers twice in the cycle, which the port (a
// bit per id) cannot carry and DRAM must not do (golden/sm/dram.h).
long drive(Top &top, Run &r, const Widths &w)
{
    const sm_mem_probe &p = r.probe;
    const lsu_request &q = p.req;

    top.issue_valid_i = p.issue;
    top.issue_warp_i = p.issue ? q.warp : 0;
    top.issue_rd_i = p.issue ? q.rd : 0;
    top.issue_op_i = p.issue ? (unsigned)p.op : 0;
    // the lanes whose datapath asks memory: a failed sc.w's too, which the
    // module leaves out of the LSU's request (q.mask) itself
    tb::set_field(top.issue_mask_i, 0, w.lanes, p.issue ? p.lanes : 0);
    tb::set_field(top.issue_lanes_i, 0, w.lanes, p.send ? p.sent.e.mask : 0);
    top.shared_bytes_i = r.m->launch.shared_bytes;
    tb::set_field(top.place_i, 0, w.max_tbs, p.placed);
    for (unsigned l = 0; l < w.lanes; l++) {
        bool here = p.issue && (p.lanes >> l & 1);

        tb::set_field(top.issue_addr_i, l * 32, 32, here ? p.vaddr[l] : 0);
        tb::set_field(top.issue_wdata_i, l * 32, 32, here ? p.wdata[l] : 0);
        tb::set_field(top.issue_tbs_i, l * w.tb_w, w.tb_w, here ? p.tbs[l] : 0);
        tb::set_field(top.issue_slots_i, l * w.warp_w, w.warp_w,
                      p.issue ? p.slots[l] : 0);
    }
    for (unsigned i = 0; i < w.reads; i++) {
        tb::set_field(top.rd_slot_i, i * w.warp_w, w.warp_w, p.rd_slot[i]);
        tb::set_field(top.rd_reg_i, i * 5, 5, p.rd_reg[i]);
    }
    return r.port.respond(top);
}

// The module's outputs against the C SM's; false at the first difference
// (recorded in mm).
bool compare(const Top &top, const Run &r, const Widths &w, long cycle,
             tb::Mismatch &mm)
{
    const sm_mem_probe &p = r.probe;
    unsigned k = 0, j = 0, n = 0;
    bool ok = true;
    uint64_t lanes = w.lanes >= 64 ? ~0ull : (1ull << w.lanes) - 1;

    // DRAM's responses to the module are those the C SM's LSU had
    const dram_out &resp = r.port.responses();
    ok &= tb::expect(mm, cycle, "DRAM's responses (count)", p.n_resp, resp.n);
    for (unsigned i = 0; i < resp.n; i++)
        ok &= tb::check(mm, cycle, 1, p.resp[resp.id[i] / 64] >> resp.id[i] % 64 & 1,
                        [&] { return tb::indexed("mem_resp_i", resp.id[i]); });
    ok &= tb::expect(mm, cycle, "ready_o", p.ready, top.ready_o);
    ok &= tb::expect(mm, cycle, "lsu_idle_o", r.lsu_idle, top.lsu_idle_o);
    for (unsigned e = 0; e < w.entries; e++) {
        if (!tb::get_field(top.done_o, e, 1))
            continue;
        n++;
        if (k >= p.n_done) {
            ok &= tb::expect(mm, cycle, tb::indexed("done_o", e), 0, 1);
            continue;
        }
        const lsu_done &d = p.done[k++];
        ok &= tb::check(mm, cycle, d.warp,
                        tb::get_field(top.done_warp_o, e * w.warp_w, w.warp_w),
                        [&] { return tb::indexed("done_warp_o", e); });
        ok &= tb::check(mm, cycle, d.rd, tb::get_field(top.done_rd_o, e * 5, 5),
                        [&] { return tb::indexed("done_rd_o", e); });
        if (!d.rd)
            continue;
        // the write-back ports: the dones with a destination, in order
        if (j >= w.writebacks || j >= p.n_wdone) {
            ok &= tb::expect(mm, cycle, "dones with a destination (beyond the write-back ports)",
                             w.writebacks, j + 1);
            continue;
        }
        ok &= tb::check(mm, cycle, 1, tb::get_field(top.wb_valid_o, j, 1),
                        [&] { return tb::indexed("wb_valid_o", j); });
        ok &= tb::check(mm, cycle, d.warp,
                        tb::get_field(top.wb_warp_o, j * w.warp_w, w.warp_w),
                        [&] { return tb::indexed("wb_warp_o", j); });
        ok &= tb::check(mm, cycle, d.rd, tb::get_field(top.wb_rd_o, j * 5, 5),
                        [&] { return tb::indexed("wb_rd_o", j); });
        ok &= tb::check(mm, cycle, p.wdone_mask[j],
                        tb::get_field(top.wb_mask_o, j * w.lanes, w.lanes),
                        [&] { return tb::indexed("wb_mask_o", j); });
        if (p.wdone_mask[j])    // the table's memories mean nothing else
            ok &= tb::check(mm, cycle, p.wdone_global[j],
                            tb::get_field(top.wb_global_o, j, 1),
                            [&] { return tb::indexed("wb_global_o", j); });
        for (unsigned l = 0; l < w.lanes; l++)
            if (p.wdone_mask[j] >> l & 1)
                ok &= tb::check(mm, cycle, p.wdone_slots[j][l],
                                tb::get_field(top.wb_slots_o,
                                              (j * w.lanes + l) * w.warp_w, w.warp_w),
                                [&] { return tb::indexed("wb_slots_o", j)
                                             + "[lane " + std::to_string(l) + "]"; });
        j++;
    }
    ok &= tb::expect(mm, cycle, "done_o (how many)", p.n_done, n);
    ok &= tb::expect(mm, cycle, "the write-back ports (how many)", p.n_wdone, j);
    for (unsigned q = j; q < w.writebacks; q++)
        ok &= tb::check(mm, cycle, 0, tb::get_field(top.wb_valid_o, q, 1),
                        [&] { return tb::indexed("wb_valid_o", q); });
    for (unsigned g = 0; g < w.slots; g++) {
        ok &= tb::check(mm, cycle, p.lsu_pending[g / 64] >> g % 64 & 1,
                        tb::get_field(top.lsu_pending_o, g, 1),
                        [&] { return tb::indexed("lsu_pending_o", g); });
        ok &= tb::check(mm, cycle, p.mw_pending[g] & lanes,
                        tb::get_field(top.wait_pending_o, g * w.lanes, w.lanes),
                        [&] { return "wait_pending_o[slot " + std::to_string(g) + "]"; });
    }
    for (unsigned i = 0; i < w.reads; i++)
        ok &= tb::check(mm, cycle, p.rd_mask[i] & lanes,
                        tb::get_field(top.rd_mask_o, i * w.lanes, w.lanes),
                        [&] { return tb::indexed("rd_mask_o", i); });
    ok &= tb::compare_request(top, p.mem, w.line_w, cycle, mm);
    return ok;
}

// A load or atomic issued this cycle: what the C's access gave its lanes
// (an sc.w's: 0 stored, 1 failed), for the comparison at its done.
void record(Run &r)
{
    const sm_mem_probe &p = r.probe;
    const lsu_request &q = p.req;

    if (!p.issue)
        return;
    bool global = q.space == LSU_GLOBAL;
    if (global && p.op == RV32_SC_W)    // the lanes the port must carry
        r.gsc_stored += (unsigned long)__builtin_popcountll(q.mask);
    if (q.kind == LSU_STORE || !q.rd)
        return;
    Run::Loaded &e = r.loaded[q.warp * 32 + q.rd];
    e.mask = p.lanes;
    e.sub_word = q.kind == LSU_LOAD && q.bytes < 4;
    e.atomic = q.kind == LSU_ATOMIC;
    e.sc = p.op == RV32_SC_W;
    e.global = false;
    for (unsigned l = 0; l < SM_MAX_LANES; l++)
        e.global |= (p.lanes >> l & 1)
                    && p.vaddr[l] - SM_SHARED_BASE >= SM_SHARED_BYTES;
    // below 32 address bits the L1's tags alias regions: a hit may give
    // another region's words (the C's timing model has the same tags)
    e.aliased = global && q.kind == LSU_LOAD && r.addr_w < 32;
    for (unsigned l = 0; l < SM_MAX_LANES; l++)
        e.data[l] = p.ldata[l];
}

// Each write-back port's lanes of a load or atomic against what the C's
// access at issue gave them; false at the first difference.  A global
// load's below 32 address bits are counted, not compared (the L1's tags
// alias regions).
bool compare_data(const Top &top, Run &r, const Widths &w, long cycle,
                  tb::Mismatch &mm, Coverage &c)
{
    const sm_mem_probe &p = r.probe;
    unsigned j = 0;
    bool ok = true;

    for (unsigned k = 0; k < p.n_done; k++) {
        const lsu_done &d = p.done[k];
        if (!d.rd)
            continue;
        auto it = r.loaded.find(d.warp * 32 + d.rd);
        if (it != r.loaded.end()) {
            const Run::Loaded &e = it->second;
            for (unsigned l = 0; l < w.lanes; l++) {
                if (!(e.mask >> l & 1))
                    continue;
                if (e.aliased) {
                    c.gload_aliased++;
                    continue;
                }
                if (e.global && !e.atomic) {
                    c.gload_lanes++;
                    c.gload_sub_word += e.sub_word;
                } else if (e.global) {
                    c.global_lanes++;
                } else {
                    c.data_lanes++;
                    c.sub_word += e.sub_word;
                }
                c.atomic_lanes += e.atomic && !e.global;
                c.sc_lanes[e.global] += e.sc;
                c.sc_failed[e.global] += e.sc && e.data[l] != 0;
                ok &= tb::check(mm, cycle, e.data[l],
                                tb::get_field(top.wb_data_o, (j * w.lanes + l) * 32, 32),
                                [&] { return tb::indexed("wb_data_o", j)
                                             + "[lane " + std::to_string(l) + "]"; });
            }
            r.loaded.erase(it);
        }
        j++;
    }
    return ok;
}

// Whether the lanes of mask name two warp slots or more (a regrouped
// warp's entry: threads of several launch warps).
bool mixed(const uint16_t *slot, uint64_t mask, unsigned lanes)
{
    int first = -1;

    for (unsigned l = 0; l < lanes; l++)
        if (mask >> l & 1) {
            if (first < 0)
                first = slot[l];
            else if (slot[l] != first)
                return true;
        }
    return false;
}

void count(Coverage &c, const sm_mem_probe &p, const Widths &w)
{
    c.loads += p.issue && p.req.kind == LSU_LOAD;
    c.stores += p.issue && p.req.kind == LSU_STORE;
    c.atomics += p.issue && p.req.kind == LSU_ATOMIC;
    c.shared += p.issue && p.req.space == LSU_SHARED;
    c.shared_atomics += p.issue && p.req.space == LSU_SHARED
                        && p.req.kind == LSU_ATOMIC;
    c.dones += p.n_done;
    c.releases += p.n_wdone;
    c.mem_requests += p.mem.valid;
    c.responses += p.n_resp;
    c.multi_resp += p.n_resp >= 2;
    for (unsigned i = 0; i < p.n_rd; i++)
        c.rd_hits += p.rd_mask[i] != 0;
    c.busy += !p.ready;
    c.mixed_sends += p.send && mixed(p.sent.e.slot, p.sent.e.mask, w.lanes);
    for (unsigned j = 0; j < p.n_wdone; j++)
        c.mixed_wb += mixed(p.wdone_slots[j], p.wdone_mask[j], w.lanes);
}

// The C LSU's counts of a kernel run to its end.
void count_lsu(Coverage &c, const sm *m)
{
    const struct lsu_stats *s = lsu_stats(&m->lsu);

    c.l1_hits += s->l1_hits;
    c.l1_misses += s->l1_misses;
    c.l1_merges += s->l1_merges;
    c.mshr_stalls += s->mshr_stalls;
    c.bank_conflicts += s->bank_conflicts;
    c.store_lines += s->store_lines;
    c.atomic_lines += s->atomic_lines;
}

// One kernel in lockstep for at most `cycles` cycles.  With fst set (the
// replay) the module is traced up to stop_at.  Returns the first mismatch
// (cycle -1: none); status: 0 run and checked, -1 the configuration
// refuses the kernel or the C SM stops it with an error (why), 1 the
// kernel failed, or DRAM answered one id twice in a cycle (why).
tb::Mismatch run_kernel(const kernel_info *k, const simt_config &cfg,
                        const char *config, long cycles, const char *fst,
                        long stop_at, Coverage &cov, int &status,
                        std::string &why)
{
    Run r;
    tb::Mismatch mm;
    long cycle = 0;
    tb::SuiteKernel src(k, 1);      // the inputs of seed 1, as simtref sim's

    status = 0;
    if (int rc = tb::sm_start(r, src, config, why)) {
        status = rc == -1 ? -1 : 1;
        return mm;
    }
    if (r.port.init(cfg, r.m, r.api->top, why) != 0) {
        status = 1;
        return mm;
    }
    const Widths w = widths_of(cfg, r.m);
    if (w.reads > SM_MEM_MAX_RD) {
        why = "more read ports than the probe records";
        status = 1;
        return mm;
    }
    r.m->mem_probe = &r.probe;
    r.addr_w = w.addr_w;
    cov.read_ports = w.reads;
    tb::SchedTops<Top> top(1, fst, 0);
    for (; r.m->status == SM_RUNNING && cycle < cycles; cycle++) {
        read_ports_of(cycle, w, r.probe);
        r.probe.evaluated = false;
        r.probe.placed = 0;
        r.lsu_idle = lsu_idle(&r.m->lsu);
        sm_cycle(r.m);
        if (!r.probe.evaluated)
            break;                  // the SM stopped before its LSU's edge
        if (r.probe.issue && r.probe.req.space == LSU_SHARED) {
            std::string bad = window_fault(r, w);
            if (!bad.empty()) {
                why = "cycle " + std::to_string(cycle) + ": " + bad;
                status = 1;
                return mm;
            }
        }
        record(r);
        cov.placed += (unsigned long)__builtin_popcountll(r.probe.placed);
        long twice = drive(top[0], r, w);
        if (twice >= 0) {
            why = "DRAM answers memory id " + std::to_string(twice)
                  + " twice in cycle " + std::to_string(cycle)
                  + ", which the memory port (a bit per id) cannot carry";
            status = 1;
            return mm;
        }
        top.low(0, cycle);
        bool same = compare(top[0], r, w, cycle, mm);
        same = compare_data(top[0], r, w, cycle, mm, cov) && same;
        if (!same && !fst)
            return mm;
        count(cov, r.probe, w);
        r.port.serve(top[0]);
        if (!r.port.fault.empty()) {
            why = "cycle " + std::to_string(cycle) + ": " + r.port.fault;
            status = 1;
            return mm;
        }
        top.high(0, cycle);
        if (fst && cycle >= stop_at)
            break;
    }
    cov.cycles += (unsigned long)cycle;
    cov.reads += r.port.reads;
    cov.writes += r.port.writes;
    cov.atomic_passes += r.port.atomic_passes;
    if (fst)
        return mm;
    r.m->mem_probe = nullptr;
    if (r.m->status == SM_DONE
        && (!tb::expect(mm, cycle - 1, "sc.w lanes the memory port carried "
                        "(the C's global sc.w lanes that stored)",
                        r.gsc_stored, r.port.sc_lanes)
            || !r.port.compare_global(r.m, cycle - 1, mm, cov.image_words)))
        return mm;
    status = tb::sm_finish(r, src, cycles, why);
    if (status == 0) {
        cov.kernels++;
        cov.held += r.port.held();
        count_lsu(cov, r.m);
    }
    return mm;
}

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, "tb_sm_mem");
    simt_config cfg;
    Coverage cov;
    unsigned stopped = 0;

    if (int rc = tb::load_stage_config(opt.config, cfg))
        return rc;
    std::vector<const kernel_info *> kernels = tb::suite_kernels(opt, "tb_sm_mem");
    std::printf("tb_sm_mem: configuration %s, %zu kernels, at most %ld "
                "cycles each\n", cfg.name, kernels.size(), opt.cycles);
    std::clock_t t0 = std::clock();
    for (const kernel_info *k : kernels) {
        int status;
        std::string why;
        tb::Mismatch mm = run_kernel(k, cfg, opt.config.c_str(), opt.cycles,
                                     nullptr, 0, cov, status, why);
        if (mm.cycle >= 0) {
            Coverage ignored;
            std::printf("MISMATCH in kernel %s at cycle %ld: %s expected %llu, "
                        "actual %llu\n", k->name, mm.cycle, mm.signal.c_str(),
                        (unsigned long long)mm.expected,
                        (unsigned long long)mm.actual);
            run_kernel(k, cfg, opt.config.c_str(), opt.cycles, opt.fst.c_str(),
                       mm.cycle + 2, ignored, status, why);
            std::printf("waveform: %s\n", opt.fst.c_str());
            std::printf("replay:   %s --config %s --scenario %s --cycles %ld\n",
                        argv[0], opt.config.c_str(), k->name, opt.cycles);
            std::printf("FAIL\n");
            return 1;
        }
        if (status > 0) {
            std::printf("FAIL: kernel %s: %s\n", k->name, why.c_str());
            return 1;
        }
        if (status < 0) {
            std::printf("kernel %-10s stops on the C SM (its memory side "
                        "compared up to there): %s\n", k->name, why.c_str());
            stopped++;
        }
    }
    double secs = (double)(std::clock() - t0) / CLOCKS_PER_SEC;
    std::printf("coverage: %lu kernels checked in %lu cycles: %lu loads, "
                "%lu stores, %lu atomics (%lu shared), %lu dones (%lu "
                "releases), %lu cycles the LSU was busy, %lu memory requests, "
                "%lu responses (%lu cycles with several), %lu reads (of "
                "%u ports) of an entry in flight; %lu sends and %lu write-backs whose lanes "
                "are threads of several warp slots (harp's regrouped "
                "warps); %llu answers held a cycle behind one to their id\n",
                cov.kernels, cov.cycles, cov.loads,
                cov.stores, cov.atomics, cov.shared, cov.dones, cov.releases,
                cov.busy, cov.mem_requests, cov.responses, cov.multi_resp,
                cov.rd_hits, cov.read_ports, cov.mixed_sends, cov.mixed_wb,
                (unsigned long long)cov.held);
    std::printf("coverage: shared data compared on %lu lanes (%lu of "
                "sub-word loads, %lu of atomics' rd); %lu shared atomics "
                "performed; %lu TB placements clearing a window\n",
                cov.data_lanes, cov.sub_word, cov.atomic_lanes,
                cov.shared_atomics, cov.placed);
    std::printf("coverage: sc.w lanes' rd compared: %lu shared (%lu failed, "
                "%lu stored), %lu global (%lu failed, %lu stored)\n",
                cov.sc_lanes[0], cov.sc_failed[0], cov.sc_lanes[0] - cov.sc_failed[0],
                cov.sc_lanes[1], cov.sc_failed[1], cov.sc_lanes[1] - cov.sc_failed[1]);
    std::printf("coverage: global data: %lu writes and %lu atomic lines "
                "performed by the testbench's DRAM, %lu line reads answered "
                "from it; %lu lanes of global loads compared (%lu of sub-word "
                "loads), %lu lanes of global atomics compared; %lu words of "
                "global memory compared at the kernels' ends\n",
                cov.writes, cov.atomic_passes, cov.reads, cov.gload_lanes,
                cov.gload_sub_word, cov.global_lanes, cov.image_words);
    if (cov.gload_aliased)
        std::printf("coverage: %lu lanes of global loads not compared "
                    "(addr_bits %u: the L1's tags alias regions)\n",
                    cov.gload_aliased, cfg.addr_bits);
    std::printf("coverage: the C LSU's counts of those kernels: %llu L1 "
                "hits, %llu misses (%llu merged into an MSHR), %llu "
                "MSHR-full cycles, %llu bank conflicts, %llu store lines, "
                "%llu atomic lines; DRAM takes every request (the port has "
                "no back-pressure)\n",
                (unsigned long long)cov.l1_hits, (unsigned long long)cov.l1_misses,
                (unsigned long long)cov.l1_merges, (unsigned long long)cov.mshr_stalls,
                (unsigned long long)cov.bank_conflicts,
                (unsigned long long)cov.store_lines,
                (unsigned long long)cov.atomic_lines);
    if (cov.kernels == 0 || cov.loads == 0 || cov.dones == 0
        || cov.mem_requests == 0
        || (opt.scenario.empty()
            && (cov.stores == 0 || cov.atomics == 0 || cov.shared == 0
                || cov.l1_hits == 0 || cov.l1_misses == 0
                || cov.l1_merges == 0 || cov.bank_conflicts == 0
                || cov.store_lines == 0 || cov.atomic_lines == 0
                || cov.rd_hits == 0 || cov.data_lanes == 0
                || cov.shared_atomics == 0 || cov.placed == 0
                || cov.sc_failed[0] + cov.sc_failed[1] == 0
                || cov.sc_failed[0] + cov.sc_failed[1]
                   == cov.sc_lanes[0] + cov.sc_lanes[1]
                || cov.writes == 0 || cov.atomic_passes == 0
                || cov.image_words == 0 || cov.reads == 0
                || (cfg.addr_bits >= 32 && cov.gload_lanes == 0)
                || (cfg.reconvergence == RECONV_HARP
                    && (cov.mixed_sends == 0 || cov.mixed_wb == 0))))) {
        std::printf("FAIL: the kernels did not reach every interesting "
                    "event (see the counters above)\n");
        return 1;
    }
    std::printf("PASS: %lu kernels (%u stopped) in %.2f s\n", cov.kernels,
                stopped, secs);
    return 0;
}
