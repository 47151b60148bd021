// tb_sm_launch.cpp -- the SM's thread-block launch in Verilog
// (simtref_sm_launch: simtref_dispatch, simtref_tb_table,
// simtref_warp_slots and simtref_wpt composed) in lockstep with the C SM
// on the suite's kernels.
//
// A kernel runs on the C SM (golden/sm/), started through the host API as
// `simtref sim` starts it, every cycle evaluated (its reference mode;
// tb/tb_sm_common.h).  The SM records its launch side each cycle (struct
// sm_launch_probe, golden/sm/sm.h): what the rest of the SM gives it (the
// LSU idle; the warps launched, those that arrive at simt.bar and the
// lanes that exit) and what the dispatcher, the two tables and the WPT
// computed (the placements, each placed warp slot's TB, warp, grid index
// and lanes, the I-buffers cleared, the warp slots as the cycle reads
// them and those that retire, the WPT's arrival ports with the exited
// warps' arrivals, its counts, ranks and releases, the warps released,
// the TBs whose last warps retire; the TB table as its read port shows
// it).
// The module gets the same inputs, after a first cycle that starts the
// launch as sm_start() starts the dispatcher; before each clock edge
// every output is compared with the C SM's.  Its state (the dispatcher's
// occupancy, the tables, the WPT's counters) is never read back: it
// follows the C SM's from the reset through the ports alone.  After the
// last cycle the module must say the grid is done on the state the C SM
// ended in (and not before).  The kernel's result is then checked against
// its host reference, so that each run is a real run.
//
//   --scenario NAME  the suite's kernel NAME (default: every kernel)
//   --kgen-seed S --kgen-count N
//                    kgen programs S .. S+N-1 instead of the suite
//                    (tb/tb_kgen.h, docs/kgen.md)
//   --cycles N       a kernel's cycle limit
//
// On a mismatch: the kernel, cycle, signal, expected and actual values,
// the FST of the module replayed up to the mismatch, and the command that
// replays it; exit 1.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "Vsimtref_sm_launch.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "bits.h"
#include "tb_kgen.h"
#include "tb_sm_common.h"

namespace {

using Top = Vsimtref_sm_launch;
using tb::Source;

// What the kernels exercised, over the whole run.
struct Coverage {
    unsigned long kernels = 0, cycles = 0, placements = 0, multi = 0,
                  reused = 0, partial = 0, clears = 0, retires = 0,
                  arrive_retire = 0, tbs_done = 0,
                  arrivals = 0, gone_sent = 0, releases = 0,
                  warps_released = 0, grids_done = 0;
};

// The sizes of the module's ports.
struct Widths {
    unsigned sched, warps, slots, lanes, tbs, tb_warps, tb_w, idx_w, cnt_w,
             lw_w, slot_w, wid_w;
    unsigned launch_warps;      // the launch's warps per TB
};

Widths widths_of(const simt_config &cfg, const sm *m)
{
    struct dispatch_geometry dg;
    struct tb_table_geometry tg;
    struct wpt_geometry wg;

    dispatch_geometry(&cfg, &dg);
    tb_table_geometry(&cfg, &tg);
    wpt_geometry(&cfg, &wg);
    unsigned lw = clog2(m->warps_per_sched);
    return Widths{ cfg.schedulers, m->warps_per_sched, m->warp_slots,
                   cfg.warp_size, cfg.max_tbs, tg.tb_warps, tg.tb_w,
                   dg.idx_w, wg.cnt_w, lw ? lw : 1, tg.port_slot_w,
                   tg.wid_w, m->tb_warps };
}

bool has(const uint64_t *set, unsigned i)
{
    return set[i / 64] >> i % 64 & 1;
}

// The launch's inputs, held for the kernel (start_i set by the caller).
void drive_launch(Top &top, const sm *m)
{
    top.grid_i = m->launch.grid;
    top.tb_warps_i = m->tb_warps;
    top.block_i = m->launch.block;
    top.shared_bytes_i = m->launch.shared_bytes;
}

// The LSU's state at the cycle's start, and the table's read port (which
// TB slot and warp: from the cycle).
void drive_state(Top &top, const sm_launch_probe &p, const Widths &w,
                 long cycle)
{
    top.lsu_idle_i = p.lsu_idle;
    top.rd_tb_i = (unsigned)(cycle % w.tbs);
    top.rd_wid_i = (unsigned)(cycle / w.tbs % w.tb_warps);
}

// This cycle's events: the warps launched, those arriving at simt.bar,
// the lanes exiting.
void drive_events(Top &top, const sm_launch_probe &p, const Widths &w)
{
    for (unsigned s = 0; s < w.sched; s++) {
        bool on = p.arrive[s] >= 0;
        tb::set_field(top.arr_valid_i, s, 1, on);
        tb::set_field(top.arr_warp_i, s * w.lw_w, w.lw_w,
                      on ? (unsigned)p.arrive[s] : 0);
    }
    for (unsigned g = 0; g < w.slots; g++) {
        tb::set_field(top.launch_i, g, 1, has(p.launch, g));
        tb::set_field(top.kill_i, g * w.lanes, w.lanes, p.kill[g]);
    }
}

// The warp slots as the cycle reads them, and those retiring.
bool compare_slots(const Top &top, const sm_launch_probe &p, const Widths &w,
                   long cycle, tb::Mismatch &mm)
{
    bool ok = true;

    for (unsigned g = 0; g < w.slots; g++) {
        const warp_slot &e = p.ws[g];
        auto at = [g](const char *sig) {
            return [g, sig] { return std::string(sig) + " of warp slot "
                                     + std::to_string(g); };
        };
        ok &= tb::check(mm, cycle, e.resident,
                        tb::get_field(top.warp_resident_o, g, 1),
                        at("warp_resident_o"));
        ok &= tb::check(mm, cycle, e.launch_pending,
                        tb::get_field(top.warp_pending_o, g, 1),
                        at("warp_pending_o"));
        ok &= tb::check(mm, cycle, e.at_barrier,
                        tb::get_field(top.warp_barrier_o, g, 1),
                        at("warp_barrier_o"));
        ok &= tb::check(mm, cycle, e.tb,
                        tb::get_field(top.warp_tb_o, g * w.tb_w, w.tb_w),
                        at("warp_tb_o"));
        ok &= tb::check(mm, cycle, e.wid,
                        tb::get_field(top.warp_wid_o, g * w.wid_w, w.wid_w),
                        at("warp_wid_o"));
        ok &= tb::check(mm, cycle, e.lanes,
                        tb::get_field(top.warp_lanes_o, g * w.lanes, w.lanes),
                        at("warp_lanes_o"));
        ok &= tb::check(mm, cycle, e.live,
                        tb::get_field(top.warp_live_o, g * w.lanes, w.lanes),
                        at("warp_live_o"));
        ok &= tb::check(mm, cycle, has(p.retire, g),
                        tb::get_field(top.retire_o, g, 1), at("retire_o"));
    }
    return ok;
}

// The module's outputs against the C SM's; false at the first difference
// (recorded in mm).
bool compare(const Top &top, const sm_launch_probe &p, const Widths &w,
             long cycle, tb::Mismatch &mm)
{
    const dispatch_out &d = p.place;
    bool ok = true;
    unsigned give_tb[SM_MAX_WARP_SLOTS], give_wid[SM_MAX_WARP_SLOTS],
             give_ctaid[SM_MAX_WARP_SLOTS];
    bool give[SM_MAX_WARP_SLOTS] = {};

    // the placements, and the warp slots each gives its warps
    ok &= tb::expect(mm, cycle, "n_place_o", d.n_place, top.n_place_o);
    for (unsigned k = 0; k < w.tbs; k++) {
        bool on = k < d.n_place;
        ok &= tb::check(mm, cycle, on ? d.place[k].tb : 0,
                        tb::get_field(top.place_tb_o, k * w.tb_w, w.tb_w),
                        [k] { return "place_tb_o[" + std::to_string(k) + "]"; });
        ok &= tb::check(mm, cycle, on ? d.place[k].ctaid : 0,
                        tb::get_field(top.place_ctaid_o, k * 32, 32),
                        [k] { return "place_ctaid_o[" + std::to_string(k) + "]"; });
    }
    for (unsigned k = 0; k < d.n_place; k++)
        for (unsigned j = 0; j < w.launch_warps; j++) {
            unsigned g = d.place[k].warp[j];
            give[g] = true;
            give_tb[g] = d.place[k].tb;
            give_wid[g] = j;
            give_ctaid[g] = d.place[k].ctaid;
        }
    for (unsigned g = 0; g < w.slots; g++) {
        auto at = [g](const char *sig) {
            return [g, sig] { return std::string(sig) + " of warp slot "
                                     + std::to_string(g); };
        };
        ok &= tb::check(mm, cycle, give[g], tb::get_field(top.give_o, g, 1),
                        at("give_o"));
        ok &= tb::check(mm, cycle, give[g] ? p.lanes[g] : 0,
                        tb::get_field(top.give_lanes_o, g * w.lanes, w.lanes),
                        at("give_lanes_o"));
        if (!give[g])
            continue;
        ok &= tb::check(mm, cycle, give_tb[g],
                        tb::get_field(top.give_tb_o, g * w.tb_w, w.tb_w),
                        at("give_tb_o"));
        ok &= tb::check(mm, cycle, give_wid[g],
                        tb::get_field(top.give_wid_o, g * w.idx_w, w.idx_w),
                        at("give_wid_o"));
        ok &= tb::check(mm, cycle, give_ctaid[g],
                        tb::get_field(top.give_ctaid_o, g * 32, 32),
                        at("give_ctaid_o"));
    }
    // per scheduler s and warp w (bit s*W+w): the clears and the releases
    for (unsigned s = 0; s < w.sched; s++)
        for (unsigned v = 0; v < w.warps; v++) {
            unsigned i = s * w.warps + v;
            auto at = [s, v](const char *sig) {
                return [s, v, sig] { return "scheduler " + std::to_string(s)
                                            + " warp " + std::to_string(v)
                                            + " " + sig; };
            };
            ok &= tb::check(mm, cycle, has(p.clear[s], v),
                            tb::get_field(top.clear_o, i, 1), at("clear_o"));
            ok &= tb::check(mm, cycle, has(p.release[s], v),
                            tb::get_field(top.warp_release_o, i, 1),
                            at("warp_release_o"));
        }
    // the WPT's arrival ports and outputs
    for (unsigned s = 0; s < w.sched; s++) {
        auto at = [s](const char *sig) {
            return [s, sig] { return std::string(sig) + " of port "
                                     + std::to_string(s); };
        };
        ok &= tb::check(mm, cycle, p.wi.arr_valid[s],
                        tb::get_field(top.wpt_valid_o, s, 1), at("wpt_valid_o"));
        if (p.wi.arr_valid[s])
            ok &= tb::check(mm, cycle, p.wi.arr_tb[s],
                            tb::get_field(top.wpt_tb_o, s * w.tb_w, w.tb_w),
                            at("wpt_tb_o"));
    }
    for (unsigned t = 0; t < w.tbs; t++) {
        auto at = [t](const char *sig) {
            return [t, sig] { return std::string(sig) + " of TB slot "
                                     + std::to_string(t); };
        };
        ok &= tb::check(mm, cycle, p.wo.cnt[t],
                        tb::get_field(top.cnt_o, t * w.cnt_w, w.cnt_w),
                        at("cnt_o"));
        ok &= tb::check(mm, cycle, p.wo.rank[t],
                        tb::get_field(top.rank_o, t * w.tb_w, w.tb_w),
                        at("rank_o"));
        ok &= tb::check(mm, cycle, p.wo.release[t],
                        tb::get_field(top.release_o, t, 1), at("release_o"));
        ok &= tb::check(mm, cycle, p.tb_done >> t & 1,
                        tb::get_field(top.tb_done_o, t, 1), at("tb_done_o"));
    }
    ok &= tb::expect(mm, cycle, "wpt_err_o", p.wo.err, top.wpt_err_o);
    // every slot's grid index, and the table's read port, as the cycle
    // begins
    for (unsigned t = 0; t < w.tbs; t++)
        ok &= tb::check(mm, cycle, p.tbt[t].valid ? p.tbt[t].ctaid : 0,
                        tb::get_field(top.tb_ctaid_o, t * 32, 32),
                        [t] { return "tb_ctaid_o of TB slot " + std::to_string(t); });
    const tb_table_entry &e = p.tbt[cycle % w.tbs];
    unsigned wid = (unsigned)(cycle / w.tbs % w.tb_warps);
    ok &= tb::expect(mm, cycle, "rd_valid_o", e.valid, top.rd_valid_o);
    if (e.valid) {
        ok &= tb::expect(mm, cycle, "rd_ctaid_o", e.ctaid, top.rd_ctaid_o);
        if (wid < e.warps)
            ok &= tb::expect(mm, cycle, "rd_warp_slot_o", e.warp[wid],
                             top.rd_warp_slot_o);
    }
    // the C SM was running at the cycle's start: the grid is not done
    ok &= tb::expect(mm, cycle, "grid_done_o", 0, top.grid_done_o);
    return ok && compare_slots(top, p, w, cycle, mm);
}

void count(Coverage &c, const sm_launch_probe &p, const Widths &w,
           uint64_t &held)
{
    c.placements += p.place.n_place;
    c.multi += p.place.n_place >= 2;
    for (unsigned k = 0; k < p.place.n_place; k++)
        c.reused += held >> p.place.place[k].tb & 1;
    for (unsigned k = 0; k < p.place.n_place; k++)
        held |= 1ull << p.place.place[k].tb;
    for (unsigned s = 0; s < w.sched; s++) {
        c.arrive_retire += p.arrive[s] >= 0
                           && has(p.retire, (unsigned)p.arrive[s] * w.sched + s);
        c.arrivals += p.arrive[s] >= 0;
        c.gone_sent += p.wi.arr_valid[s] && p.arrive[s] < 0;
        for (unsigned v = 0; v < w.warps; v++) {
            c.clears += has(p.clear[s], v);
            c.warps_released += has(p.release[s], v);
        }
    }
    uint64_t full = w.lanes == 64 ? ~0ull : (1ull << w.lanes) - 1;
    for (unsigned k = 0; k < p.place.n_place; k++)
        for (unsigned j = 0; j < w.launch_warps; j++)
            c.partial += p.lanes[p.place.place[k].warp[j]] != full;
    for (unsigned g = 0; g < w.slots; g++)
        c.retires += has(p.retire, g);
    for (unsigned t = 0; t < w.tbs; t++) {
        c.releases += p.wo.release[t];
        c.tbs_done += p.tb_done >> t & 1;
    }
}

// One kernel in lockstep for at most `cycles` cycles.  With fst set (the
// replay) the module is traced up to stop_at.  Returns the first mismatch
// (cycle -1: none); status: 0 run and checked, -1 the configuration
// refuses the kernel or the C SM stops it with an error (why), 1 the
// kernel failed (why).
tb::Mismatch run_kernel(Source &src, const simt_config &cfg,
                        const char *config, long cycles, const char *fst,
                        long stop_at, Coverage &cov, int &status,
                        std::string &why)
{
    tb::SmRun r;
    tb::Mismatch mm;
    long cycle = 0;
    std::vector<sm_launch_probe> probe(1);
    uint64_t held = 0;      // TB slots placed before (a slot reused)

    status = 0;
    if (int rc = tb::sm_start(r, src, config, why)) {
        status = rc == -1 ? -1 : 1;
        return mm;
    }
    const Widths w = widths_of(cfg, r.m);
    sm_launch_probe &p = probe[0];
    r.m->launch_probe = &p;
    tb::SchedTops<Top> top(1, fst, 0);  // one module for the SM
    // The launch's first edge (sm_start(): the dispatcher's start), at
    // time 0; the kernel's cycle c is clocked at 2c+2 and 2c+3.
    drive_launch(top[0], r.m);
    top[0].start_i = 1;
    top.low(0, 0);
    top.high(0, 0);
    top[0].start_i = 0;
    for (; r.m->status == SM_RUNNING && cycle < cycles; cycle++) {
        p = sm_launch_probe{};
        sm_cycle(r.m);
        if (r.m->status == SM_ERROR || !p.evaluated)
            break;              // no edge: sm_finish() tells why
        drive_state(top[0], p, w, cycle);
        drive_events(top[0], p, w);
        top.low(0, cycle + 1);
        if (!compare(top[0], p, w, cycle, mm) && !fst)
            return mm;
        count(cov, p, w, held);
        top.high(0, cycle + 1);
        if (fst && cycle >= stop_at)
            break;
    }
    if (r.m->status == SM_DONE && (!fst || cycle < stop_at)) {
        // the state the C SM ended in, no event: the grid is done
        p = sm_launch_probe{};
        sm_probe_launch_start(r.m, &p);
        for (unsigned s = 0; s < w.sched; s++)
            p.arrive[s] = -1;
        drive_state(top[0], p, w, cycle);
        drive_events(top[0], p, w);
        top.low(0, cycle + 1);
        if (!tb::expect(mm, cycle, "grid_done_o", 1, top[0].grid_done_o)
            && !fst)
            return mm;
        cov.grids_done++;
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
    tb::Options opt = tb::parse_options(argc, argv, "tb_sm_launch");
    simt_config cfg;
    std::vector<std::unique_ptr<Source>> sources;
    tb::KgenShop shop;
    Coverage cov;
    tb::Stops stops;
    double secs = 0;

    if (int rc = tb::load_stage_config(opt.config, cfg))
        return rc;
    if (int rc = tb::sources_of(opt, cfg, "tb_sm_launch", shop, sources))
        return rc;
    auto run = [&](Source &src, const char *fst, unsigned, long stop_at,
                   int &status, std::string &why, unsigned &bad_sched) {
        Coverage ignored;
        bad_sched = 0;
        return run_kernel(src, cfg, opt.config.c_str(), opt.cycles, fst,
                          stop_at, fst ? ignored : cov, status, why);
    };
    if (tb::run_sources(sources, opt, argv[0], "launch", run, stops, secs))
        return 1;
    for (const auto &r : stops.by)
        std::printf("stopped on the C SM or refused: %lu like %s\n",
                    r.second.count, r.second.first.c_str());
    std::printf("coverage: %lu kernels checked in %lu cycles: %lu TBs "
                "placed (%lu cycles placing two or more, %lu into a slot "
                "used before, %lu warps with fewer threads than lanes), %lu "
                "I-buffers cleared, %lu warps retired (%lu in the cycle they "
                "arrive at a barrier), "
                "%lu TBs done, %lu barrier arrivals of warps and %lu of "
                "exited warps, %lu barriers released (%lu warps), %lu grids "
                "done\n", cov.kernels, cov.cycles, cov.placements, cov.multi,
                cov.reused, cov.partial, cov.clears, cov.retires, cov.arrive_retire, cov.tbs_done,
                cov.arrivals, cov.gone_sent, cov.releases,
                cov.warps_released, cov.grids_done);
    // Every run: placements, finished TBs, every grid's end, and but under
    // harp the I-buffers cleared.  The suite: barriers released, and on
    // an SM of at most 4 TB slots (where its grids outnumber the slots) a
    // TB slot used again and exited warps' arrivals (at gtx480-baws, 8
    // slots, the suite meets neither).  kgen programs: warps with fewer
    // threads than lanes (the suite's blocks fill their warps).
    bool harp = cfg.reconvergence == RECONV_HARP;
    bool few_slots = cfg.max_tbs <= 4;
    bool suite = opt.scenario.empty() && opt.kgen_count == 0;
    if (cov.kernels == 0 || cov.placements == 0 || cov.tbs_done == 0
        || cov.grids_done != cov.kernels || (!harp && cov.clears == 0)
        || (suite && cov.releases == 0)
        || (suite && few_slots && (cov.reused == 0 || cov.gone_sent == 0))
        || (opt.kgen_count > 0 && cov.partial == 0)) {
        std::printf("FAIL: the kernels did not reach every interesting "
                    "event (see the counters above)\n");
        return 1;
    }
    std::printf("PASS: %lu kernels (%lu stopped) in %.2f s\n", cov.kernels,
                stops.total, secs);
    return 0;
}
