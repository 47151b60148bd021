// tb_sm_issue.cpp -- the SM's issue check in Verilog (simtref_sm_issue: a
// simtref_decode per warp, simtref_scoreboard and simtref_simd_group
// composed, with read ports of the memory side's table of loads in
// flight) in lockstep with the C SM on the suite's kernels.
//
// A kernel runs on the C SM (golden/sm/), started through the host API as
// `simtref sim` starts it, every cycle evaluated (its reference mode;
// tb/tb_sm_common.h).  The SM records its issue check each cycle (struct
// sm_issue_probe, golden/sm/sm.h): per scheduler per warp what the rest
// of the SM gives it (the warp resident, launched, not at the barrier and
// let issue by the control-flow stage; its oldest I-buffer slot valid and
// ready, stale or not, its PC and the lanes it runs; the LSU's accept and
// its port taken by an earlier scheduler) and what it computed (the
// hazard, issuable, each scheduler's SIMD-group accept), and at the edge
// the parts' write ports (the scoreboard's reservations and its releases,
// one per LSU write-back, the SIMD groups' issues).  The table of loads in
// flight is the memory side's (simtref_sm_mem, tb/tb_sm_mem.cpp): the C
// SM's table answers in its place.  Where the C check read it (a memory
// instruction with a destination) the probe records the address it asked
// and the lanes the table gave, before the edge: the lanes drive the
// module's read port (mw_rd_mask_i, 0 where the C read nothing) and the
// address is compared with the module's (mw_rd_slot_o, mw_rd_reg_o); each
// release's lanes and warp slots, which the C SM's table read out for the
// write-back, drive done_mask_i and done_slots_i (the testbench checks
// that the C SM released once per write-back).  The module
// gets the same inputs, the slot's word read from the kernel's text;
// before each clock edge every output is compared with the C SM's.  Its
// state (the scoreboard, the groups' busy counts) is
// never read back: it follows the C SM's from the reset, for the whole
// kernel, through the write ports alone.  The kernel's result is then
// checked against its host reference, so that each run is a real run.
// Under harp the warps checked are the First-Level slots, regrouped
// warps: each lane's launch warp, as the stage's issue view names it and
// the C check reads it, goes to owner_i, and a run of the whole suite
// must check warps whose lanes are threads of several launch warps.
// With the operand-read stage (operand_read_cycles = 1; the module is
// generated with it when the configuration has it, and a configuration
// of the other timing is refused) the probe records each scheduler's
// stage (its warp executes in this cycle: checked for this cycle and the
// LSU's port, the other warps, grants, for the next and the LSU's
// accept), which drives op_valid_i and op_warp_i; a run of the whole
// suite must check a stage's warp and find one held.
//
//   --scenario NAME  the suite's kernel NAME (default: every kernel)
//   --kgen-seed S --kgen-count N
//                    kgen programs S .. S+N-1 instead of the suite
//                    (tb/tb_kgen.h, docs/kgen.md), each ending with
//                    qemu's global memory
//   --cycles N       a kernel's cycle limit
//
// The suite kernels' inputs are those of seed 1, as `simtref sim` gives
// them.
//
// On a mismatch: the kernel, cycle, scheduler, warp, signal, expected and
// actual values, the FST of the module replayed up to the mismatch, and
// the command that replays it; exit 1.
#include <cstdint>
#include <cstdio>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "Vsimtref_sm_issue.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "bits.h"
#include "tb_kgen.h"
#include "tb_sm_common.h"

namespace {

using Top = Vsimtref_sm_issue;
using tb::Owners;
using tb::regrouped;
constexpr bool kOpStage = tb::ReadsOpStage<Top>::value;

// What the kernels exercised, over the whole run (warp-cycles, but for
// kernels and cycles).
struct Coverage {
    unsigned long kernels = 0, cycles = 0, checked = 0, stale = 0,
                  outside = 0, data = 0, waw = 0, mw_reads = 0,
                  in_flight = 0, in_flight_alone = 0,
                  group_busy = 0, lsu_busy = 0, lsu_taken = 0,
                  issuable = 0, reserves = 0, releases = 0, sends = 0,
                  dones = 0, regrouped = 0,
                  stage = 0, stage_held = 0;  // operand-read stage: its
                                              // warp checked, and held
};

// The sizes of the module's ports.
struct Widths {
    unsigned sched, warps, lanes, slot_w, lat_w, dones, own_w, warp_w;
};

// The cycle's inputs into the module: the warps', the LSU's, the
// operand-read stage's (a module T that has it), and the parts' write
// ports of the edge (at cycle now).  False with why when a write does
// not fit the module's ports.
template <class T>
bool drive(T &top, const sm *m, const sm_issue_probe &p, const Owners &own,
           const Widths &w, uint64_t now, std::string &why)
{
    unsigned L = w.lanes, SW = w.slot_w;

    top.now_i = now;
    for (unsigned s = 0; s < w.sched; s++)
        for (unsigned v = 0; v < w.warps; v++) {
            unsigned i = s * w.warps + v;
            bool checked = p.base[s][v] && p.buffered[s][v] && !p.stale[s][v];
            uint32_t word = 0;
            bool text = checked && tb::text_word(m, p.pc[s][v], &word);

            tb::set_field(top.base_i, i, 1, p.base[s][v]);
            tb::set_field(top.buffered_i, i, 1, p.buffered[s][v]);
            tb::set_field(top.stale_i, i, 1, p.stale[s][v]);
            tb::set_field(top.word_i, i * 32, 32, word);
            tb::set_field(top.text_i, i, 1, text);
            tb::set_field(top.mask_i, i * L, L, checked ? p.mask[s][v] : 0);
            for (unsigned l = 0; l < L; l++)
                tb::set_field(top.owner_i, (i * L + l) * w.own_w, w.own_w,
                              checked ? own.of(i, l) : 0);
        }
    top.lsu_ready_i = p.lsu_ready;
    for (unsigned s = 0; s < w.sched; s++)
        tb::set_field(top.lsu_taken_i, s, 1, p.lsu_taken[s]);
    if constexpr (tb::ReadsOpStage<T>::value)
        for (unsigned s = 0; s < w.sched; s++) {
            tb::set_field(top.op_valid_i, s, 1, p.op_valid[s]);
            tb::set_field(top.op_warp_i, s * w.warp_w, w.warp_w, p.op_warp[s]);
        }

    if (p.sb.n_reserve > w.sched || p.mw.n_done > w.dones
        || p.sb.n_release != p.mw.n_done) {
        why = "more writes in a cycle than the parts have ports ("
              + std::to_string(p.sb.n_reserve) + " reservations, "
              + std::to_string(p.sb.n_release) + " releases (one per done), "
              + std::to_string(p.mw.n_done) + " dones)";
        return false;
    }
    // the memory side's table, read where the C check read it
    for (unsigned s = 0; s < w.sched; s++)
        for (unsigned v = 0; v < w.warps; v++)
            tb::set_field(top.mw_rd_mask_i, (s * w.warps + v) * L, L,
                          p.mw_asked[s][v] ? p.mw_rd_mask[s][v] : 0);
    for (unsigned k = 0; k < w.sched; k++) {
        const scoreboard_reserve &r = p.sb.reserve[k];
        bool on = k < p.sb.n_reserve, pend = on && r.at == SCOREBOARD_PENDING;
        uint64_t lat = on && !pend ? r.at - now : 0;

        if (on && !pend && (lat == 0 || lat >> w.lat_w)) {
            why = "a reservation's latency " + std::to_string(lat)
                  + " does not fit the scoreboard's port";
            return false;
        }
        tb::set_field(top.res_valid_i, k, 1, on);
        tb::set_field(top.res_mask_i, k * L, L, on ? r.mask : 0);
        tb::set_field(top.res_rd_i, k * 5, 5, on ? r.rd : 0);
        tb::set_field(top.res_pend_i, k, 1, pend);
        tb::set_field(top.res_lat_i, k * w.lat_w, w.lat_w, lat);
        for (unsigned l = 0; l < L; l++)
            tb::set_field(top.res_slots_i, (k * L + l) * SW, SW,
                          !on ? 0 : r.regrouped ? r.slots[l] : r.slot);
    }
    // the LSU's write-backs with the entries the table read out for them
    for (unsigned k = 0; k < w.dones; k++) {
        bool on = k < p.mw.n_done;

        tb::set_field(top.done_valid_i, k, 1, on);
        tb::set_field(top.done_rd_i, k * 5, 5, on ? p.mw.done[k].rd : 0);
        tb::set_field(top.done_mask_i, k * L, L, on ? p.sb.release[k].mask : 0);
        for (unsigned l = 0; l < L; l++)
            tb::set_field(top.done_slots_i, (k * L + l) * SW, SW,
                          on ? p.rel_slots[k][l] : 0);
    }
    for (unsigned s = 0; s < w.sched; s++) {
        tb::set_field(top.grp_valid_i, s, 1, p.gi.issue[s].valid);
        tb::set_field(top.grp_op_i, s * 2, 2,
                      p.gi.issue[s].valid ? (unsigned)p.gi.issue[s].op : 0);
    }
    return true;
}

// The module's outputs against the C SM's; false at the first difference
// (recorded in mm).
bool compare(const Top &top, const sm_issue_probe &p, const Widths &w,
             long cycle, tb::Mismatch &mm)
{
    bool ok = true;

    for (unsigned s = 0; s < w.sched; s++) {
        std::string at = "scheduler " + std::to_string(s) + " ";
        ok &= tb::expect(mm, cycle, at + "group_ok_o", p.group_ok[s],
                         tb::get_field(top.group_ok_o, s, 1));
        for (unsigned v = 0; v < w.warps; v++) {
            unsigned i = s * w.warps + v;
            std::string wa = at + "warp " + std::to_string(v) + " ";
            ok &= tb::expect(mm, cycle, wa + "hazard_o", (unsigned)p.hazard[s][v],
                             tb::get_field(top.hazard_o, i * 2, 2));
            ok &= tb::expect(mm, cycle, wa + "issuable_o", p.issuable[s][v],
                             tb::get_field(top.issuable_o, i, 1));
            if (!p.mw_asked[s][v])      // the address means nothing else
                continue;
            ok &= tb::expect(mm, cycle, wa + "mw_rd_slot_o", p.mw_rd_slot[s][v],
                             tb::get_field(top.mw_rd_slot_o, i * w.slot_w, w.slot_w));
            ok &= tb::expect(mm, cycle, wa + "mw_rd_reg_o", p.mw_rd_reg[s][v],
                             tb::get_field(top.mw_rd_reg_o, i * 5, 5));
        }
    }
    ok &= tb::expect(mm, cycle, "grp_err_o", 0, top.grp_err_o);
    return ok;
}

void count(Coverage &c, const sm *m, const sm_issue_probe &p,
           const Owners &own, const Widths &w)
{
    for (unsigned s = 0; s < w.sched; s++)
        for (unsigned v = 0; v < w.warps; v++) {
            decode_in in{};
            decode_out u;

            if (!p.base[s][v] || !p.buffered[s][v])
                continue;
            c.checked++;
            c.issuable += p.issuable[s][v];
            if (p.op_valid[s] && p.op_warp[s] == v) {
                c.stage++;
                c.stage_held += p.hazard[s][v] != SM_HAZARD_NONE;
            }
            if (p.stale[s][v]) {
                c.stale++;
                continue;
            }
            in.pc = p.pc[s][v];
            decode_eval(&m->dec, &in, &u);
            c.regrouped += regrouped(own, s * w.warps + v, p.mask[s][v], w.lanes);
            c.outside += !u.valid;
            c.data += p.hazard[s][v] == SM_HAZARD_DATA;
            c.waw += p.waw[s][v];
            bool in_flight = p.mw_asked[s][v] && p.mw_rd_mask[s][v] != 0;
            c.mw_reads += p.mw_asked[s][v];
            c.in_flight += in_flight;
            c.in_flight_alone += in_flight && !p.sb_held[s][v];
            if (p.hazard[s][v] == SM_HAZARD_STRUCTURAL) {
                c.group_busy += !u.mem;
                c.lsu_busy += u.mem && !p.lsu_ready;
                c.lsu_taken += u.mem && p.lsu_ready && p.lsu_taken[s];
            }
        }
    c.reserves += p.sb.n_reserve;
    c.releases += p.sb.n_release;
    c.sends += p.mw.n_send;
    c.dones += p.mw.n_done;
}

// One kernel in lockstep for at most `cycles` cycles.  With fst set (the
// replay) the module is traced up to stop_at.  Returns the first mismatch
// (cycle -1: none); status: 0 run and checked, -1 the configuration
// refuses the kernel or the C SM stops it with an error (why), 1 the
// kernel failed or the check's writes did not fit the module (why).
tb::Mismatch run_kernel(tb::Source &src, const simt_config &cfg,
                        const char *config, long cycles, const char *fst,
                        long stop_at, Coverage &cov, int &status,
                        std::string &why)
{
    tb::SmRun r;
    tb::Mismatch mm;
    struct scoreboard_geometry sg;
    long cycle = 0;
    std::vector<sm_issue_probe> probe(1);

    status = 0;
    if (int rc = tb::sm_start(r, src, config, why)) {
        status = rc == -1 ? -1 : 1;
        return mm;
    }
    scoreboard_geometry(&cfg, &sg);
    unsigned launch_warps = r.m->warps_per_sched;
    const Widths w = { cfg.schedulers, r.m->memo.issue_slots, cfg.warp_size,
                       sg.slot_w, sg.count_w, sg.release_ports,
                       launch_warps > 1 ? clog2(launch_warps) : 1,
                       r.m->memo.issue_slots > 1
                           ? clog2(r.m->memo.issue_slots) : 1 };
    Owners own(w.sched * w.warps);
    sm_issue_probe &p = probe[0];
    r.m->issue_probe = &p;
    tb::SchedTops<Top> top(1, fst, 0);  // one module for the SM
    for (; r.m->status == SM_RUNNING && cycle < cycles; cycle++) {
        uint64_t now = r.m->st.cycles;

        p = sm_issue_probe{};
        p.owner = own.rows();
        sm_cycle(r.m);
        if (r.m->status == SM_ERROR || !p.evaluated)
            break;              // no edge: sm_finish() tells why
        if (!drive(top[0], r.m, p, own, w, now, why)) {
            status = 1;
            why = "cycle " + std::to_string(cycle) + ": " + why;
            return mm;
        }
        top.low(0, cycle);
        if (!compare(top[0], p, w, cycle, mm) && !fst)
            return mm;
        count(cov, r.m, p, own, w);
        top.high(0, cycle);
        if (fst && cycle >= stop_at)
            break;
    }
    cov.cycles += (unsigned long)cycle;
    if (fst)
        return mm;
    status = tb::sm_finish(r, src, cycles, why);
    cov.kernels += status == 0;
    return mm;
}

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, "tb_sm_issue");
    simt_config cfg;
    std::vector<std::unique_ptr<tb::Source>> sources;
    tb::KgenShop shop;
    std::string why;
    Coverage cov;
    unsigned stopped = 0;

    if (int rc = tb::load_stage_config(opt.config, cfg))
        return rc;
    if (cfg.operand_read_cycles != (kOpStage ? 1u : 0u)) {
        std::fprintf(stderr, "tb_sm_issue: configuration %s: "
                     "operand_read_cycles = %u, but this module checks a "
                     "granted warp for %s\n", cfg.name,
                     cfg.operand_read_cycles,
                     kOpStage ? "the next cycle (1)" : "the grant's cycle (0)");
        return 2;
    }
    if (int rc = tb::sources_of(opt, cfg, "tb_sm_issue", shop, sources))
        return rc;
    // wall time: a kgen program is built and run under qemu by other
    // processes
    auto t0 = std::chrono::steady_clock::now();
    for (auto &src : sources) {
        int status;
        tb::Mismatch mm = run_kernel(*src, cfg, opt.config.c_str(), opt.cycles,
                                     nullptr, 0, cov, status, why);
        if (mm.cycle >= 0) {
            Coverage ignored;
            std::printf("MISMATCH in %s at cycle %ld: %s expected %llu, "
                        "actual %llu\n", src->name().c_str(), mm.cycle,
                        mm.signal.c_str(), (unsigned long long)mm.expected,
                        (unsigned long long)mm.actual);
            run_kernel(*src, cfg, opt.config.c_str(), opt.cycles,
                       opt.fst.c_str(), mm.cycle + 2, ignored, status, why);
            std::printf("waveform: %s\n", opt.fst.c_str());
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
                        "issue check): %s\n", src->name().c_str(), why.c_str());
            stopped++;
        }
    }
    double secs = std::chrono::duration<double>(
        std::chrono::steady_clock::now() - t0).count();
    std::printf("coverage: %lu kernels checked in %lu cycles; warp-cycles: "
                "%lu checked (%lu stale, %lu outside the text), %lu "
                "issuable, %lu data hazards (%lu by a destination alone, "
                "WAW), %lu reads of the memory side's table, %lu of them of "
                "a load in flight (%lu held by it alone), structural: %lu no "
                "SIMD group, %lu LSU cannot take it, %lu LSU's port taken; "
                "writes: %lu reservations, %lu releases, %lu sends, %lu "
                "dones; %lu checks of a warp of threads of several launch "
                "warps (harp's regrouped warps)", cov.kernels, cov.cycles,
                cov.checked, cov.stale,
                cov.outside, cov.issuable, cov.data, cov.waw, cov.mw_reads,
                cov.in_flight, cov.in_flight_alone,
                cov.group_busy, cov.lsu_busy, cov.lsu_taken, cov.reserves,
                cov.releases, cov.sends, cov.dones, cov.regrouped);
    if (kOpStage)
        std::printf("; operand-read stage: %lu checks of its warp, %lu of "
                    "them held", cov.stage, cov.stage_held);
    std::printf("\n");
    // (the suite's kernels never check a load while a load of the same
    // warp to its destination is in flight: kgen programs do, and that
    // is required of them; none met it with its lanes apart from the
    // load in flight, so that only the table would hold it: counted,
    // not required; WAW and the LSU's port taken by an earlier scheduler
    // come from the suite)
    // (a scheduler finds no SIMD group only where a group is held for
    // several cycles or shared by schedulers: not at fermi-harp, whose
    // warps are as wide as a group, a group per scheduler)
    struct simd_group_geometry gg;
    simd_group_geometry(&cfg, &gg);
    bool groups_hold = gg.occupancy > 1 || gg.groups < gg.schedulers;
    bool kgen = opt.kgen_count > 0;
    bool missed = cov.data == 0 || (groups_hold && cov.group_busy == 0)
                  || cov.lsu_busy == 0
                  || cov.releases == 0 || cov.mw_reads == 0
                  || (cfg.reconvergence == RECONV_HARP && cov.regrouped == 0)
                  || (kOpStage && cov.stage_held == 0)
                  || (kgen ? cov.in_flight == 0
                           : cov.waw == 0
                             || (cfg.schedulers > 1 && cov.lsu_taken == 0));
    if (cov.kernels == 0 || cov.checked == 0 || cov.issuable == 0
        || (opt.scenario.empty() && missed)) {
        std::printf("FAIL: the kernels did not reach every interesting "
                    "event (see the counters above)\n");
        return 1;
    }
    std::printf("PASS: %lu kernels (%u stopped) in %.2f s\n", cov.kernels,
                stopped, secs);
    return 0;
}
