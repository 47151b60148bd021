// tb_sm_exec.cpp -- the datapath of a warp scheduler's issue port in
// Verilog (simtref_sm_exec: simtref_regfile, a simtref_lane per thread of
// a warp and the branch unit composed) in lockstep with the C SM on the
// suite's kernels.
//
// A kernel runs on the C SM (golden/sm/), started through the host API as
// `simtref sim` starts it, every cycle evaluated (its reference mode;
// tb/tb_sm_common.h).  The SM records each scheduler's issue port each
// cycle (struct sm_exec_probe, golden/sm/sm.h): the warps placed, the
// instruction executed (warp, PC, decoded word, lanes, each lane's
// thread's warp and CSR values) and what the C computed in that cycle.
// An instance of the module per scheduler gets the placements and the
// issue in the same cycle t; the module reads the operands at t's edge
// and computes in t + 1, so in cycle t + 1 its outputs are compared with
// what the C gave at t: each lane's status, next PC and memory request
// (address, bytes, write, store data or the AMO's operand), the branch
// unit's outcome (taken lanes, the two targets, split, exits, simt.bar,
// simt.prio), and the register file's write port (lanes, warp slots, the
// register, the values).  A load's or atomic's register is written when
// the C's LSU reports it done (its write-backs, struct sm_mem_probe): in
// the done's cycle d the module's LSU write-back ports get the done's
// register, lanes and each lane's warp slot of the SM, with the values
// the C wrote at the issue (kept in the probe's load_data); in d + 1 the
// load write ports must show this scheduler's lanes at their warps with
// that register and those values, and no other cycle may show a write
// there.  A divide's value leaves the divider div_latency - 2 cycles
// after it entered the lanes (t + div_latency - 1), where the second
// write port must write it with its register and warps; no other cycle
// may show a write there.  No two write ports write one register of one
// thread in a cycle (checked: the C never lets a destination be written
// twice at once), nor is a warp placed while a divide of its slot's
// last warp is in the divider (checked: the module would write the new
// thread's register).  A load may be in flight at such a placement (its
// register never read again): the module drops its lanes of the placed
// slot at the done, and so does the expectation.  The instructions that read a register of a thread
// at the edge that writes it (the module's bypass) are counted.  The
// module's state (the banks, the written bits, the dividers) is never
// read back: a wrong operand shows as a wrong result.
// Under the operand-read stage (operand_read_cycles = 1, the module's
// go_i) the SM issues the read in the grant's cycle and the instruction
// runs in the next, the C's cycle of execution: here the read of the
// C's cycle t is driven in t with go_i in t + 1, and so is, in each cycle
// the stage holds its warp on a hazard or drops it, a read of that
// warp's oldest I-buffer slot with go_i 0 in t + 1, where the module
// must write nothing and send nothing (counted); the lanes that run
// (run_mask_i, run_whole_i) are given in t + 1, the C's executed lanes.
// The kernel's result is then checked against its host reference.
//
//   --scenario NAME  the suite's kernel NAME (default: every kernel)
//   --kgen-seed S --kgen-count N
//                    kgen programs S .. S+N-1 instead of the suite
//                    (tb/tb_kgen.h, docs/kgen.md), each ending with
//                    qemu's global memory: their switches serialize
//                    indirect jumps under sbr on warps of three lanes
//                    or more, which the suite's kernels do not
//   --cycles N       a kernel's cycle limit
//
// On a mismatch: the kernel, cycle, scheduler, signal, expected and
// actual values, the FST of that scheduler's module replayed up to the
// mismatch, and the command that replays it; exit 1.
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "Vsimtref_sm_exec.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "bits.h"
#include "tb_kgen.h"
#include "tb_sm_common.h"
#include "sm_stage.h"

namespace {

using Top = Vsimtref_sm_exec;

// What the kernels exercised, over the whole run.
struct Coverage {
    unsigned long kernels = 0, cycles = 0, executed = 0, lanes = 0,
                  writes = 0, divides = 0, both_ports = 0, loads = 0,
                  stores = 0, atomics = 0, splits = 0, serialized = 0,
                  exits = 0, returns = 0, bars = 0, prios = 0, regrouped = 0,
                  placed = 0, bypassed = 0, load_writes = 0,
                  load_regrouped = 0, load_bypassed = 0, load_dropped = 0,
                  discarded = 0;
};

// A module with the operand-read stage (operand_read_cycles = 1): its
// read of cycle t runs in t + 1 only with go_i.
template <class T, class = void> struct HasGo : std::false_type {};
template <class T>
struct HasGo<T, std::void_t<decltype(T::go_i)>> : std::true_type {};

// Under the operand-read stage, a scheduler's read that does not run: the
// stage's warp in a cycle it does not execute (held on a hazard, or
// dropped), with its oldest I-buffer slot's instruction, which the SM
// reads for it (go_i is then 0 in the next cycle: nothing may be written).
struct Discarded {
    bool valid = false;
    unsigned warp = 0;
    uint32_t pc = 0;
    uint64_t mask = 0;
    rv32_insn insn{};
};

// The sizes of the module's ports.
struct Widths {
    unsigned lanes, warps, slot_w, sched_w, wid_w, div_pipe, ldwb, warp_w,
             scheds;
};

// A load or atomic done on an LSU write-back port: its register, lanes,
// each lane's thread's warp slot of the SM and the values rd takes.
struct LoadDone {
    unsigned warp, rd;          // the issuing warp slot of the SM, rd
    uint64_t lanes;
    uint64_t keep;              // the lanes whose thread was not placed since
    std::vector<unsigned> slot;
    std::vector<uint32_t> value;
};

// A load or atomic in flight (from its send to its done): its issuing
// warp slot and register, its lanes and their threads' warp slots.
struct InFlight {
    unsigned warp, rd;
    uint64_t lanes;
    uint64_t live;              // ... whose thread was not placed since
    std::vector<unsigned> slot;
};

// The C's write-backs of this cycle (the table's dones, in port order).
std::vector<LoadDone> dones_of(const sm_mem_probe &mp, unsigned lanes)
{
    std::vector<LoadDone> out;
    unsigned k = 0;

    if (!mp.evaluated)
        return out;
    for (unsigned i = 0; i < mp.n_done && k < mp.n_wdone; i++) {
        if (mp.done[i].rd == 0)
            continue;
        LoadDone d{mp.done[i].warp, mp.done[i].rd, mp.wdone_mask[k], mp.wdone_mask[k], std::vector<unsigned>(lanes),
                   std::vector<uint32_t>(lanes)};
        for (unsigned l = 0; l < lanes; l++) {
            d.slot[l] = mp.wdone_slots[k][l];
            d.value[l] = mp.wdone_data[k][l];
        }
        out.push_back(d);
        k++;
    }
    return out;
}

// A divide's values, due on the second write port in cycle `at`.
struct DivRow {
    long at;                    // the testbench's cycle
    uint64_t lanes;             // the lanes it entered
    unsigned rd;
    std::vector<unsigned> slot; // each lane's thread's warp
    std::vector<uint32_t> value;
};

bool is_divide(rv32_op op)
{
    return op == RV32_DIV || op == RV32_DIVU || op == RV32_REM || op == RV32_REMU;
}

// Whether the instruction of cycle t (p) reads, in a lane, a register of
// that lane's thread which the instruction of t - 1 (q) writes at t's
// edge, where the banks read the old value: the module's bypass gives
// the new one.  A divide's value comes later, through the second port.
bool reads_at_write(const sm *m, const sm_exec_probe &p, const sm_exec_probe &q)
{
    unsigned rd = q.rec.insn.rd;

    if (!p.executed || !q.executed || is_divide(q.rec.insn.op) || rd == 0)
        return false;
    struct decode_in in = { p.rec.pc };
    struct decode_out u;
    decode_eval(&m->dec, &in, &u);
    if (!u.valid || (u.rs1 != rd && u.rs2 != rd))
        return false;
    for (uint64_t k = p.mask & q.rec.mask; k; k &= k - 1) {
        unsigned l = (unsigned)__builtin_ctzll(k);
        if (q.rec.res[l].rd_written && !q.mem[l] && q.owner[l] == p.owner[l])
            return true;
    }
    return false;
}

// Whether the instruction of cycle t (p, of scheduler s) reads, in a
// lane, a register of that lane's thread which a load done in t - 1
// writes at t's edge (the bypass from the load write ports).
bool reads_at_load(const sm *m, unsigned s, const sm_exec_probe &p,
                   const std::vector<LoadDone> &dones, const Widths &w)
{
    if (!p.executed || dones.empty())
        return false;
    struct decode_in in = { p.rec.pc };
    struct decode_out u;
    decode_eval(&m->dec, &in, &u);
    if (!u.valid)
        return false;
    for (const LoadDone &d : dones) {
        if (u.rs1 != d.rd && u.rs2 != d.rd)
            continue;
        for (uint64_t k = p.mask & d.keep; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            if (d.slot[l] % w.scheds == s && d.slot[l] / w.scheds == p.owner[l])
                return true;
        }
    }
    return false;
}

// Cycle t's inputs: the launch, its placements and the issue (or, under
// the operand-read stage, a read that does not run, x); whether the read
// of t - 1 runs (last: what the C executed in t - 1); the LSU's
// write-backs of t.
// (a template: the operand-read stage's ports are its module's alone)
template <class T>
void drive(T &top, const sm *m, unsigned s, const sm_exec_probe &p,
           const Discarded &x, const sm_exec_probe &last,
           const std::vector<LoadDone> &dones, const Widths &w)
{
    unsigned L = w.lanes;

    top.sched_i = s;
    top.args_i = m->launch.args;
    top.block_i = m->launch.block;
    top.grid_i = m->launch.grid;
    top.exit_pc_i = m->prog->exit_pc;
    // (under the operand-read stage a cycle later: below)
    const sm_exec_probe &placing = HasGo<T>::value ? last : p;
    for (unsigned v = 0; v < w.warps; v++)
        tb::set_field(top.place_i, v, 1, placing.placed[v]);
    top.issue_i = p.executed;
    top.warp_i = p.executed ? p.warp : 0;
    tb::set_field(top.mask_i, 0, L, p.executed ? p.mask : 0);
    top.pc_i = p.rec.pc;
    top.insn_op_i = p.executed ? (unsigned)p.rec.insn.op : 0;
    top.insn_rd_i = p.rec.insn.rd;
    top.insn_rs1_i = p.rec.insn.rs1;
    top.insn_rs2_i = p.rec.insn.rs2;
    top.insn_imm_i = (uint32_t)p.rec.insn.imm;
    top.insn_csr_i = p.rec.insn.csr;
    if constexpr (!HasGo<T>::value)
        top.whole_i = p.whole;
    for (unsigned l = 0; l < L; l++) {
        bool on = p.executed && (p.mask >> l & 1);
        tb::set_field(top.owner_i, l * w.slot_w, w.slot_w, on ? p.owner[l] : 0);
        tb::set_field(top.ctaid_i, l * 32, 32, on ? p.ctaid[l] : 0);
        tb::set_field(top.wid_i, l * w.wid_w, w.wid_w, on ? p.wid[l] : 0);
    }
    if constexpr (HasGo<T>::value) {
        top.go_i = last.executed;
        // the lanes the C ran (its view at execution), which held every
        // live thread or not
        tb::set_field(top.run_mask_i, 0, L, last.executed ? last.mask : 0);
        top.run_whole_i = last.executed && last.whole;
        if (!p.executed && x.valid) {   // read, and discarded in t + 1
            top.issue_i = 1;
            top.warp_i = x.warp;
            tb::set_field(top.mask_i, 0, L, x.mask);
            top.pc_i = x.pc;
            top.insn_op_i = (unsigned)x.insn.op;
            top.insn_rd_i = x.insn.rd;
            top.insn_rs1_i = x.insn.rs1;
            top.insn_rs2_i = x.insn.rs2;
            top.insn_imm_i = (uint32_t)x.insn.imm;
            top.insn_csr_i = x.insn.csr;
            for (unsigned l = 0; l < L; l++)
                tb::set_field(top.owner_i, l * w.slot_w, w.slot_w, x.warp);
        }
    } else {
        (void)x;
    }
    for (unsigned i = 0; i < w.ldwb; i++) {
        const LoadDone *d = i < dones.size() ? &dones[i] : nullptr;
        tb::set_field(top.ld_valid_i, i, 1, d != nullptr);
        tb::set_field(top.ld_rd_i, i * 5, 5, d ? d->rd : 0);
        tb::set_field(top.ld_mask_i, i * L, L, d ? d->lanes : 0);
        for (unsigned l = 0; l < L; l++) {
            unsigned at = i * L + l;
            tb::set_field(top.ld_slots_i, at * w.warp_w, w.warp_w, d ? d->slot[l] : 0);
            tb::set_field(top.ld_data_i, at * 32, 32, d ? d->value[l] : 0);
        }
    }
}

// The load write ports in t + 1 for the write-backs of t (this
// scheduler's lanes of each); no other port may write.
bool compare_loads(const Top &top, unsigned s, const std::vector<LoadDone> &dones,
                   const Widths &w, long cycle, const std::string &at,
                   tb::Mismatch &mm, Coverage &cov)
{
    unsigned L = w.lanes;
    bool ok = true;

    for (unsigned i = 0; i < w.ldwb; i++) {
        const LoadDone *d = i < dones.size() ? &dones[i] : nullptr;
        uint64_t mine = 0;
        for (uint64_t k = d ? d->keep : 0; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            if (d->slot[l] % w.scheds == s)
                mine |= 1ull << l;
        }
        std::string port = at + "port " + std::to_string(i) + " ";
        ok &= tb::expect(mm, cycle, port + "ldw_o", mine,
                         tb::get_field(top.ldw_o, i * L, L));
        if (mine)
            ok &= tb::expect(mm, cycle, port + "ldw_rd_o", d->rd,
                             tb::get_field(top.ldw_rd_o, i * 5, 5));
        bool regrouped = false;
        for (uint64_t k = mine; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            unsigned a = i * L + l;
            ok &= tb::check(mm, cycle, d->slot[l] / w.scheds,
                            tb::get_field(top.ldw_slot_o, a * w.slot_w, w.slot_w),
                            [&] { return port + tb::indexed("ldw_slot_o", l); });
            ok &= tb::check(mm, cycle, d->value[l],
                            tb::get_field(top.ldw_data_o, a * 32, 32),
                            [&] { return port + tb::indexed("ldw_data_o", l); });
            regrouped |= d->slot[l] != d->slot[__builtin_ctzll(mine)];
        }
        cov.load_writes += (unsigned long)__builtin_popcountll(mine);
        cov.load_regrouped += regrouped;
    }
    return ok;
}

// No two write ports write one register of one thread in a cycle.
bool one_row_each(const Top &top, const Widths &w, long cycle,
                  const std::string &at, tb::Mismatch &mm, Coverage &cov)
{
    unsigned L = w.lanes, ports = 2 + w.ldwb;
    bool ok = true, two = false;

    for (unsigned l = 0; l < L; l++) {
        std::vector<std::pair<unsigned, unsigned>> rows;  // (slot, rd)
        if (tb::get_field(top.wr_o, l, 1))
            rows.emplace_back(tb::get_field(top.wr_slot_o, l * w.slot_w, w.slot_w),
                              top.wr_rd_o);
        if (tb::get_field(top.wr2_o, l, 1))
            rows.emplace_back(tb::get_field(top.wr2_slot_o, l * w.slot_w, w.slot_w),
                              top.wr2_rd_o);
        for (unsigned i = 0; i + 2 < ports; i++)
            if (tb::get_field(top.ldw_o, i * L + l, 1))
                rows.emplace_back(tb::get_field(top.ldw_slot_o, (i * L + l) * w.slot_w,
                                                w.slot_w),
                                  tb::get_field(top.ldw_rd_o, i * 5, 5));
        two |= rows.size() > 1;
        for (size_t a = 0; a < rows.size(); a++)
            for (size_t b = a + 1; b < rows.size(); b++) {
                bool same = rows[a] == rows[b] && rows[a].second != 0;
                ok &= tb::expect(mm, cycle, at + tb::indexed("one row on two write ports", l),
                                 0, same);
            }
    }
    cov.both_ports += two;
    return ok;
}

// The outputs in cycle t + 1 (tb cycle `cycle`) for the instruction q of
// t; the divides due now come off `rows`.
bool compare(const Top &top, const sm_exec_probe &q, std::deque<DivRow> &rows,
             const Widths &w, long cycle, const std::string &at,
             tb::Mismatch &mm, Coverage &cov)
{
    unsigned L = w.lanes;
    bool ok = true;
    auto name = [&](const char *sig, unsigned l) {
        return [&at, sig, l]() { return at + tb::indexed(sig, l); };
    };

    ok &= tb::expect(mm, cycle, at + "valid_o", q.executed, top.valid_o);
    if (q.executed) {
        const sm_issue_record &r = q.rec;
        bool div = is_divide(r.insn.op);
        uint64_t wr = 0;

        ok &= tb::expect(mm, cycle, at + "exec_o", r.mask,
                         tb::get_field(top.exec_o, 0, L));
        for (uint64_t k = r.mask; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            const rv32_result &x = r.res[l];
            ok &= tb::check(mm, cycle, (unsigned)x.status,
                            tb::get_field(top.status_o, l * 3, 3), name("status_o", l));
            ok &= tb::check(mm, cycle, q.mem[l], tb::get_field(top.mem_o, l, 1),
                            name("mem_o", l));
            if (q.mem[l]) {
                ok &= tb::check(mm, cycle, q.mem_write[l],
                                tb::get_field(top.mem_write_o, l, 1), name("mem_write_o", l));
                ok &= tb::check(mm, cycle, x.mem_addr,
                                tb::get_field(top.mem_addr_o, l * 32, 32), name("mem_addr_o", l));
                ok &= tb::check(mm, cycle, x.mem_bytes,
                                tb::get_field(top.mem_bytes_o, l * 3, 3), name("mem_bytes_o", l));
                ok &= tb::check(mm, cycle, q.wdata[l],
                                tb::get_field(top.mem_wdata_o, l * 32, 32), name("mem_wdata_o", l));
            }
            if (x.rd_written && !q.mem[l])
                wr |= 1ull << l;
        }
        for (uint64_t k = q.mask; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            ok &= tb::check(mm, cycle, q.out.lane_pc[l],
                            tb::get_field(top.lane_pc_o, l * 32, 32), name("lane_pc_o", l));
        }
        ok &= tb::expect(mm, cycle, at + "split_o", q.out.split, top.split_o);
        ok &= tb::expect(mm, cycle, at + "taken_o", q.out.taken,
                         tb::get_field(top.taken_o, 0, L));
        ok &= tb::expect(mm, cycle, at + "tpc_o", q.out.tpc, top.tpc_o);
        ok &= tb::expect(mm, cycle, at + "npc_o", q.out.npc, top.npc_o);
        ok &= tb::expect(mm, cycle, at + "exits_o", q.out.exits,
                         tb::get_field(top.exits_o, 0, L));
        ok &= tb::expect(mm, cycle, at + "bar_o", q.out.bar, top.bar_o);
        ok &= tb::expect(mm, cycle, at + "prio_o", q.out.prio, top.prio_o);
        ok &= tb::expect(mm, cycle, at + "control_o", q.out.control, top.control_o);
        // the lanes' results on the write port now; a divide's later; a
        // load's or atomic's at its done
        ok &= tb::expect(mm, cycle, at + "wr_o", div ? 0 : wr,
                         tb::get_field(top.wr_o, 0, L));
        if (!div && wr)
            ok &= tb::expect(mm, cycle, at + "wr_rd_o", r.insn.rd, top.wr_rd_o);
        for (uint64_t k = div ? 0 : wr; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            ok &= tb::check(mm, cycle, q.owner[l],
                            tb::get_field(top.wr_slot_o, l * w.slot_w, w.slot_w),
                            name("wr_slot_o", l));
            ok &= tb::check(mm, cycle, r.res[l].rd_value,
                            tb::get_field(top.wr_data_o, l * 32, 32), name("wr_data_o", l));
        }
        if (div) {
            DivRow d{cycle + (long)w.div_pipe, r.mask, r.insn.rd,
                     std::vector<unsigned>(L), std::vector<uint32_t>(L)};
            for (unsigned l = 0; l < L; l++) {
                d.slot[l] = q.owner[l];
                d.value[l] = r.res[l].rd_value;
            }
            rows.push_back(d);
        }
        cov.executed++;
        cov.lanes += (unsigned long)__builtin_popcountll(r.mask);
        cov.writes += div ? 0 : (unsigned long)__builtin_popcountll(wr);
        for (uint64_t k = r.mask; k; k &= k - 1) {
            bool amo = r.insn.op >= RV32_LR_W && r.insn.op <= RV32_AMOMAXU_W;
            unsigned l = (unsigned)__builtin_ctzll(k);
            cov.atomics += q.mem[l] && amo;
            cov.loads += q.mem[l] && !amo && !q.mem_write[l];
            cov.stores += q.mem[l] && !amo && q.mem_write[l];
        }
        cov.splits += q.out.split;
        cov.serialized += r.mask != q.mask;
        cov.exits += q.out.exits != 0;
        cov.returns += q.out.exits != 0 && r.insn.op == RV32_JALR;
        cov.bars += q.out.bar;
        cov.prios += q.out.prio != 0;
        for (uint64_t k = q.mask; k; k &= k - 1)
            if (q.owner[__builtin_ctzll(k)] != q.warp) {
                cov.regrouped++;
                break;
            }
    } else {
        ok &= tb::expect(mm, cycle, at + "wr_o", 0, tb::get_field(top.wr_o, 0, L));
        ok &= tb::expect(mm, cycle, at + "mem_o", 0, tb::get_field(top.mem_o, 0, L));
    }
    // the divider's write port: a divide's row when it is due, else nothing
    uint64_t wr2 = tb::get_field(top.wr2_o, 0, L);
    if (!rows.empty() && rows.front().at == cycle) {
        const DivRow &d = rows.front();
        ok &= tb::expect(mm, cycle, at + "wr2_o", d.lanes, wr2);
        if (d.rd)
            ok &= tb::expect(mm, cycle, at + "wr2_rd_o", d.rd, top.wr2_rd_o);
        for (uint64_t k = d.rd ? d.lanes : 0; k; k &= k - 1) {
            unsigned l = (unsigned)__builtin_ctzll(k);
            ok &= tb::check(mm, cycle, d.slot[l],
                            tb::get_field(top.wr2_slot_o, l * w.slot_w, w.slot_w),
                            name("wr2_slot_o", l));
            ok &= tb::check(mm, cycle, d.value[l],
                            tb::get_field(top.wr2_data_o, l * 32, 32), name("wr2_data_o", l));
        }
        cov.divides += (unsigned long)__builtin_popcountll(d.lanes);
        rows.pop_front();
    } else {
        ok &= tb::expect(mm, cycle, at + "wr2_o", 0, wr2);
    }
    return ok;
}

// One kernel in lockstep for at most `cycles` cycles.  With fst set (the
// replay) scheduler `traced` is traced up to stop_at.  Returns the first
// mismatch (cycle -1: none) and its scheduler; status: 0 run and checked,
// -1 the configuration refuses the kernel or the C SM stops it with an
// error (why), 1 the kernel failed (why).
tb::Mismatch run_kernel(tb::Source &src, const simt_config &cfg,
                        const char *config, long cycles, const char *fst,
                        unsigned traced, long stop_at, Coverage &cov,
                        int &status, std::string &why, unsigned &bad)
{
    tb::SmRun r;
    tb::Mismatch mm;
    unsigned S = cfg.schedulers;
    long cycle = 0;

    status = 0;
    if (int rc = tb::sm_start(r, src, config, why)) {
        status = rc == -1 ? -1 : 1;
        return mm;
    }
    unsigned W = r.m->warps_per_sched, L = cfg.warp_size;
    const Widths w = { L, W, W > 1 ? bits_for(W - 1) : 1,
                       S > 1 ? bits_for(S - 1) : 1,
                       cfg.max_warps_per_tb > 1 ? bits_for(cfg.max_warps_per_tb - 1) : 1,
                       cfg.div_latency - 2, cfg.lsu_writebacks,
                       S * W > 1 ? bits_for(S * W - 1) : 1, S };
    std::vector<sm_exec_probe> probe(S), prev(S);
    std::vector<Discarded> discarded(S);
    std::vector<std::deque<DivRow>> rows(S);
    tb::SchedTops<Top> top(S, fst, traced);
    r.m->exec_probe = probe.data();
    // the write-backs: the C keeps each load's values from its send to
    // its done in load_data
    std::unique_ptr<sm_mem_probe> mp(new sm_mem_probe());
    std::vector<uint32_t> load_data((size_t)S * W * 32 * L);
    std::vector<LoadDone> dones, prev_dones, prev2_dones;
    // Under the operand-read stage the module runs the C's cycle t in
    // t + 1 (its read is t's): the placements and the write-backs of the
    // C's cycle t are driven in t + 1 too, and a write-back's write
    // compared in t + 2.
    const bool shift = HasGo<Top>::value;
    std::vector<InFlight> flight;
    r.m->mem_probe = mp.get();
    bool running = true;
    // past the kernel's end: the last instruction's outputs, then the
    // divides still in the dividers
    for (; cycle < cycles; cycle++) {
        if (running) {
            uint64_t before = r.m->st.cycles;
            for (auto &p : probe)
                p = sm_exec_probe{};
            mp->evaluated = false;
            mp->n_rd = 0;
            mp->load_data = load_data.data();
            // the operand-read stage's warps, read whether or not they run
            for (unsigned s = 0; s < S; s++) {
                sm_sched *sc = &r.m->sch[s];
                Discarded &x = discarded[s];
                x = Discarded{};
                if (!HasGo<Top>::value || !sc->op_valid)
                    continue;
                ibuffer_out io = sm_ibuffer_read(sc, sc->op_warp);
                x.valid = true;
                x.warp = sc->op_warp;
                x.pc = io.head_valid ? io.head_pc : 0;
                x.mask = io.head_valid ? io.head_mask : 0;
                x.insn = rv32_decode(io.head_valid ? io.head_word : 0);
            }
            sm_cycle(r.m);
            if (r.m->status == SM_ERROR)
                break;          // sm_finish() tells why
            if (r.m->st.cycles != before + 1) {
                status = 1;
                why = "the C SM passed over cycles (not its reference mode)";
                return mm;
            }
            running = r.m->status == SM_RUNNING;
            dones = dones_of(*mp, L);
            if (mp->evaluated && mp->send) {
                InFlight f{mp->sent.slot, mp->sent.rd, mp->sent.e.mask,
                           mp->sent.e.mask, std::vector<unsigned>(L)};
                for (unsigned l = 0; l < L; l++)
                    f.slot[l] = mp->sent.e.slot[l];
                flight.push_back(f);
            }
        } else {
            bool drained = prev_dones.empty() && prev2_dones.empty();
            for (unsigned s = 0; s < S; s++)
                drained &= rows[s].empty() && !prev[s].executed;
            if (drained)
                break;
            for (auto &p : probe)
                p = sm_exec_probe{};
            for (auto &x : discarded)
                x = Discarded{};
            dones.clear();
        }
        // a placement drops the lanes of its slot from the loads in flight
        for (unsigned s = 0; s < S; s++)
            for (unsigned v = 0; v < W; v++)
                for (InFlight &f : flight)
                    for (uint64_t k = probe[s].placed[v] ? f.live : 0; k; k &= k - 1)
                        if (f.slot[__builtin_ctzll(k)] == v * S + s)
                            f.live &= ~(1ull << __builtin_ctzll(k));
        // the loads done now leave the flight (written at the next edge)
        for (LoadDone &d : dones)
            for (size_t i = 0; i < flight.size(); i++)
                if (flight[i].warp == d.warp && flight[i].rd == d.rd) {
                    d.keep = d.lanes & flight[i].live;
                    cov.load_dropped += (unsigned long)__builtin_popcountll(d.lanes & ~d.keep);
                    flight.erase(flight.begin() + (long)i);
                    break;
                }
        if (dones.size() > w.ldwb) {
            status = 1;
            why = "the C's LSU reported more write-backs in a cycle than its ports";
            return mm;
        }
        for (unsigned s = 0; s < S; s++) {
            drive(top[s], r.m, s, probe[s], discarded[s], prev[s],
                  shift ? prev_dones : dones, w);
            cov.discarded += discarded[s].valid && !probe[s].executed;
            top.low(s, cycle);
            std::string at = "scheduler " + std::to_string(s) + " ";
            if (!compare(top[s], prev[s], rows[s], w, cycle, at, mm, cov)
                || !compare_loads(top[s], s, shift ? prev2_dones : prev_dones,
                                  w, cycle, at, mm, cov)
                || !one_row_each(top[s], w, cycle, at, mm, cov)) {
                bad = s;
                if (!fst)
                    return mm;
            }
            cov.bypassed += reads_at_write(r.m, probe[s], prev[s]);
            cov.load_bypassed += reads_at_load(r.m, s, probe[s], prev_dones, w);
            for (unsigned v = 0; v < W; v++) {
                cov.placed += probe[s].placed[v];
                // a divide still in the divider would write the placed
                // thread's register: the module does not drop it
                for (const DivRow &d : rows[s])
                    for (uint64_t k = d.rd && (shift ? prev[s] : probe[s]).placed[v]
                                      ? d.lanes : 0; k;
                         k &= k - 1)
                        if (d.slot[__builtin_ctzll(k)] == v && mm.cycle < 0) {
                            tb::expect(mm, cycle, at + "a divide in flight at its "
                                       "warp's placement (warp)", 0, v + 1);
                            bad = s;
                            if (!fst)
                                return mm;
                        }
            }
            top.high(s, cycle);
        }
        prev = probe;
        prev2_dones = prev_dones;
        prev_dones = dones;
        if (fst && cycle >= stop_at)
            break;
    }
    cov.cycles += (unsigned long)cycle;
    r.m->mem_probe = nullptr;
    if (fst)
        return mm;
    status = tb::sm_finish(r, src, cycles, why);
    cov.kernels += status == 0;
    return mm;
}

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, "tb_sm_exec");
    simt_config cfg;
    std::vector<std::unique_ptr<tb::Source>> sources;
    tb::KgenShop shop;
    Coverage cov;
    unsigned stopped = 0;

    if (int rc = tb::load_stage_config(opt.config, cfg))
        return rc;
    if (int rc = tb::sources_of(opt, cfg, "tb_sm_exec", shop, sources))
        return rc;
    std::clock_t t0 = std::clock();
    for (auto &src : sources) {
        int status;
        std::string why;
        unsigned bad = 0;
        tb::Mismatch mm = run_kernel(*src, cfg, opt.config.c_str(), opt.cycles,
                                     nullptr, 0, 0, cov, status, why, bad);
        if (mm.cycle >= 0) {
            Coverage ignored;
            unsigned again = 0;
            std::printf("MISMATCH in %s at cycle %ld: %s expected %llu, "
                        "actual %llu\n", src->name().c_str(), mm.cycle,
                        mm.signal.c_str(), (unsigned long long)mm.expected,
                        (unsigned long long)mm.actual);
            run_kernel(*src, cfg, opt.config.c_str(), opt.cycles, opt.fst.c_str(),
                       bad, mm.cycle + 2, ignored, status, why, again);
            std::printf("waveform: %s (scheduler %u)\n", opt.fst.c_str(), bad);
            std::printf("replay:   %s --config %s %s --cycles %ld\n", argv[0],
                        opt.config.c_str(), src->replay().c_str(), opt.cycles);
            std::printf("FAIL\n");
            return 1;
        }
        if (status > 0) {
            std::printf("FAIL: %s: %s\n", src->name().c_str(), why.c_str());
            std::printf("replay:   %s --config %s %s --cycles %ld\n", argv[0],
                        opt.config.c_str(), src->replay().c_str(), opt.cycles);
            return 1;
        }
        if (status < 0) {
            std::printf("%s stops on the C SM or is refused (not in the "
                        "datapath): %s\n", src->name().c_str(), why.c_str());
            stopped++;
        }
    }
    double secs = (double)(std::clock() - t0) / CLOCKS_PER_SEC;
    std::printf("coverage: %lu kernels checked in %lu cycles; %lu warps "
                "placed; %lu instructions executed on %lu lanes (%lu with "
                "threads of other warps), %lu lane writes, %lu divide "
                "lanes through the second write port, %lu load lanes "
                "through the write-back ports (%lu write-backs of threads "
                "of several warps; %lu lanes dropped, their slot placed "
                "again since the load), %lu cycles with two "
                "ports writing a bank, %lu reading a register at the "
                "lanes' write's edge and %lu at a load's (the bypass); "
                "lane requests: %lu loads, %lu "
                "stores, %lu atomics; %lu splits (%lu serialized jumps), "
                "%lu with exits (%lu returns), %lu simt.bar, %lu "
                "simt.prio; %lu reads the operand-read stage did not "
                "run\n", cov.kernels, cov.cycles, cov.placed,
                cov.executed, cov.lanes, cov.regrouped, cov.writes,
                cov.divides, cov.load_writes, cov.load_regrouped, cov.load_dropped,
                cov.both_ports, cov.bypassed, cov.load_bypassed, cov.loads, cov.stores,
                cov.atomics, cov.splits, cov.serialized, cov.exits,
                cov.returns, cov.bars, cov.prios, cov.discarded);
    // kgen programs: under sbr on warps of three lanes or more, the
    // serialized jumps of their switches (the suite has none)
    bool kgen = opt.kgen_count > 0;
    bool missed = kgen ? cfg.reconvergence == RECONV_SBR && cfg.warp_size > 2
                         && cov.serialized == 0
                  : cov.writes == 0 || cov.divides == 0 || cov.loads == 0
                    || cov.load_writes == 0
                    || cov.stores == 0 || cov.atomics == 0 || cov.splits == 0
                    || cov.exits == 0 || cov.bars == 0
                    || (cfg.reconvergence == RECONV_HARP && cov.regrouped == 0)
                    || (HasGo<Top>::value && cov.discarded == 0);
    if (cov.kernels == 0 || cov.executed == 0
        || (opt.scenario.empty() && missed)) {
        std::printf("FAIL: the kernels did not reach every interesting "
                    "event (see the counters above)\n");
        return 1;
    }
    std::printf("PASS: %lu kernels (%u stopped) in %.2f s\n", cov.kernels,
                stopped, secs);
    return 0;
}
