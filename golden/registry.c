/*
 * registry.c -- the structures and their checks (their deliberate
 * defects: registry_defects.c; the build's lists from both:
 * registry_make.c); see registry.h.
 */
#include "registry.h"

#include <stddef.h>
#include <string.h>

#define EVERY REGISTRY_EVERY_MODE
#define HARP  REGISTRY_MODE(RECONV_HARP)

/* ORDER STRUCT */
static const struct structure_info structures[STRUCTURE_COUNT] = {
    /* The WPT exists on every preset (MWF needs it whatever the
     * reconvergence). */
    [STRUCTURE_WPT] = {
        .name = "wpt",
        .module = "simtref_wpt",
        .file = "simtref_wpt.v",
        .model = "wpt.h",
        .modes = EVERY,
        .title = "WPT",
        .source = "BAWS 4.1.2",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "fermi-sbr fermi-harp tiny",
        .long_cosims = "gtx480-baws",
        .proofs = "tiny",
        .long_proofs = "gtx480-baws",
    },
    /* The issue scheduler exists on every preset, with the preset's
     * policy; the scenarios are tiny with GTO, MWF(GTO), TLS and SAWS, and
     * BAWS Fig. 7 and Fig. 13 (3 TBs of 4 warps on one scheduler).
     * MWF(LRR) is proved on tiny only (the LRR window needs an induction
     * depth of NUM_WARPS + 1: four minutes of solver time, so in `make
     * proofs-long`, with MWF(GTO), about two minutes; make check
     * co-simulates MWF on sched-mwf-gto and proves LRR alone);
     * GTO, TLS, LRR and MWF(GTO) by 3-induction on their scenarios; SAWS
     * is a bounded proof, in `make proofs-long` with its covers (about
     * 106 s; its co-simulations run in make check). */
    [STRUCTURE_SCHEDULER] = {
        .name = "scheduler",
        .module = "simtref_scheduler",
        .file = "simtref_scheduler.v",
        .model = "scheduler.h",
        .modes = EVERY,
        .title = "Issue scheduler",
        .source = "BAWS 4.1",
        .per = PER_SCHEDULER,
        .in_table7 = 0,
        .scenarios = "sched-gto sched-mwf-gto sched-tls sched-saws "
                     "sched-saws-fig13 baws-fig7",
        .tb_deps = "",
        .cosims = "tiny fermi-harp fermi-sbr sched-gto "
                  "sched-mwf-gto sched-tls sched-saws fig7 fig13-mwf "
                  "fig13-saws",
        .long_cosims = "gtx480-baws",
        .proofs = "sched-gto sched-tls sched-lrr",
        .long_proofs = "tiny sched-mwf-gto sched-saws sched-saws-covers",
    },
    /* The unified arbiter: proved on tiny's two lanes and on four lanes
     * (simt-4lane); its trees of 16 and 32 lanes are co-simulated. */
    [STRUCTURE_ARBITER] = {
        .name = "arbiter",
        .module = "simtref_arbiter",
        .file = "simtref_arbiter.v",
        .model = "arbiter.h",
        .modes = EVERY,
        .title = "Unified arbiter",
        .source = "Collange 4",
        .per = PER_SCHEDULER,
        .in_table7 = 0,
        .scenarios = "simt-4lane",
        .tb_deps = "",
        .cosims = "tiny fermi-sbr fermi-harp simt-4lane table2 "
                  "listing1",
        .long_cosims = "gtx480-baws",
        .proofs = "tiny simt-4lane",
        .long_proofs = "",
    },
    [STRUCTURE_ICS_FIRST] = {
        .name = "ics_first",
        .module = "simtref_ics_first",
        .file = "simtref_ics_first.v",
        .model = "ics_first.h",
        .modes = EVERY,
        .title = "ICS-First arbiter",
        .source = "multi-core SIMT 4.3",
        .per = PER_WARP,
        .in_table7 = 0,
        .scenarios = "simt-4lane",
        .tb_deps = "",
        .cosims = "tiny fermi-sbr fermi-harp simt-4lane atv",
        .long_cosims = "gtx480-baws",
        .proofs = "tiny simt-4lane",
        .long_proofs = "",
    },
    [STRUCTURE_FETCH] = {
        .name = "fetch",
        .module = "simtref_fetch",
        .file = "simtref_fetch.v",
        .model = "fetch.h",
        .modes = EVERY,
        .title = "I-buffer and fetch",
        .source = "BAWS 2.2, 4.2",
        .per = PER_SCHEDULER,
        .in_table7 = 0,
        .scenarios = "fetch-fef",
        .tb_deps = "",
        .cosims = "tiny fermi-sbr fermi-harp fetch-fef",
        .long_cosims = "gtx480-baws",
        .proofs = "tiny",
        .long_proofs = "fetch-fef tiny-covers",
    },
    /* The SBR stacks exist on every preset (the baseline HARP compares
     * with).  Its proof runs on sbr-fig2 (four-thread warps: branches
     * and calls fill it), its covers there and the tiny proof, slower,
     * in `make proofs-long`. */
    [STRUCTURE_SBR_STACK] = {
        .name = "sbr_stack",
        .module = "simtref_sbr_stack",
        .file = "simtref_sbr_stack.v",
        .model = "sbr_stack.h",
        .modes = EVERY,
        .title = "SBR stacks",
        .source = "HARP 2.1",
        .per = PER_SCHEDULER,
        .in_table7 = 0,
        .scenarios = "sbr-fig2",
        .tb_deps = "",
        .cosims = "tiny fermi-harp fermi-sbr fig2 sbr-fig2",
        .long_cosims = "gtx480-baws",
        .proofs = "sbr-fig2",
        .long_proofs = "tiny sbr-fig2-covers",
    },
    /* The RBT exists only when reconvergence = harp.  Scenarios: HARP
     * Fig. 10 (4 lanes), HARP Fig. 8 (the multi-ported organisation) and
     * a 4-stage pipelined access (HARP 7.3.2).  The proof runs on tiny
     * only (one access stage, as the wrapper assumes); at fermi-harp
     * Yosys does not finish writing the SMT model in minutes.  The
     * fermi-harp co-simulation is make cosim-long's: its 10^6 cycles take
     * about 90 s of processor time (the Verilated model rebuilds its
     * table view, 128 entries of 16 lanes' thread ids, every evaluation),
     * and tiny's rows in make check run the same text at smaller sizes. */
    [STRUCTURE_RBT] = {
        .name = "rbt",
        .module = "simtref_rbt",
        .file = "simtref_rbt.v",
        .model = "rbt.h",
        .modes = HARP,
        .title = "RBT",
        .source = "HARP 4.2.2",
        .per = PER_SCHEDULER,
        .in_table7 = 1,
        .scenarios = "harp-fig10 harp-fig8 rbt-pipelined",
        .tb_deps = "",
        .cosims = "tiny harp-fig8 pipelined fig10 fig8 fig9",
        .long_cosims = "fermi-harp",
        .proofs = "tiny",
        .long_proofs = "",
    },
    [STRUCTURE_WARP_TABLES] = {
        .name = "warp_tables",
        .module = "simtref_warp_tables",
        .file = "simtref_warp_tables.v",
        .model = "warp_tables.h",
        .modes = HARP,
        .title = "First- and Second-Level",
        .source = "HARP 4.2",
        .per = PER_SCHEDULER,
        .in_table7 = 1,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "tiny fermi-harp policies",
        .long_cosims = "",
        .proofs = "tiny",
        .long_proofs = "",
    },
    /* Both lookups exist only when reconvergence = harp; on fermi-harp
     * their proofs take far longer than a test run allows, so only tiny
     * is proved in make check. */
    [STRUCTURE_READY_LOOKUP] = {
        .name = "ready_lookup",
        .module = "simtref_ready_lookup",
        .file = "simtref_ready_lookup.v",
        .model = "ready_lookup.h",
        .modes = HARP,
        .title = "Ready-Lookup",
        .source = "HARP 4.2.1",
        .per = PER_SCHEDULER,
        .in_table7 = 1,
        .scenarios = "harp-fig10",
        .tb_deps = "tb/lookup_common.h",
        .cosims = "tiny fermi-harp fig10",
        .long_cosims = "",
        .proofs = "tiny",
        .long_proofs = "",
    },
    [STRUCTURE_WAITING_LOOKUP] = {
        .name = "waiting_lookup",
        .module = "simtref_waiting_lookup",
        .file = "simtref_waiting_lookup.v",
        .model = "waiting_lookup.h",
        .modes = HARP,
        .title = "Waiting-Lookup",
        .source = "HARP 4.2.1",
        .per = PER_SCHEDULER,
        .in_table7 = 1,
        .scenarios = "",
        .tb_deps = "tb/lookup_common.h",
        .cosims = "tiny fermi-harp merge",
        .long_cosims = "",
        .proofs = "tiny",
        .long_proofs = "",
    },
    /* The TB dispatcher, one of the SM's own parts.  Its proof is bounded
     * (depth 3) and slow (minutes of z3): in make proofs-long. */
    [STRUCTURE_DISPATCH] = {
        .name = "dispatch",
        .module = "simtref_dispatch",
        .file = "simtref_dispatch.v",
        .model = "dispatch.h",
        .modes = EVERY,
        .title = "TB dispatcher",
        .source = "docs/sm-timing.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "tiny",
        .sm_part = 1,
    },
    /* The shared memory's bank conflicts, one of the SM's own parts: no
     * properties (its ports give the worst conflict's cycles, not the
     * lanes served in each cycle). */
    [STRUCTURE_SHARED_MEM] = {
        .name = "shared_mem",
        .module = "simtref_shared_mem",
        .file = "simtref_shared_mem.v",
        .model = "shared_mem.h",
        .modes = EVERY,
        .title = "Shared-memory banks",
        .source = "docs/memory.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The register scoreboard, one of the SM's parts, on every preset.
     * Proved on sb-2slot (two warp slots of two lanes, the smallest
     * configuration with its logic): bounded to depth 4 in make check,
     * by 1-induction with its covers in make proofs-long (about six
     * minutes of z3 for the induction step). */
    [STRUCTURE_SCOREBOARD] = {
        .name = "scoreboard",
        .module = "simtref_scoreboard",
        .file = "simtref_scoreboard.v",
        .model = "scoreboard.h",
        .modes = EVERY,
        .title = "Register scoreboard",
        .source = "docs/sm-timing.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "sb-2slot-bmc",
        .long_proofs = "sb-2slot",
        .sm_part = 1,
    },
    /* The decode stage, one of the SM's parts, on every preset:
     * combinational, no invariant to prove. */
    [STRUCTURE_DECODE] = {
        .name = "decode",
        .module = "simtref_decode",
        .file = "simtref_decode.v",
        .model = "decode.h",
        .modes = EVERY,
        .title = "Decode",
        .source = "docs/isa.md; docs/sm-timing.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* One of the SM's parts: the L1 data cache's tags, LRU and MSHRs.
     * Its proof on tiny (1-induction, seven covers) takes minutes of
     * solver time, most of it in the covers: make proofs-long. */
    [STRUCTURE_L1_CACHE] = {
        .name = "l1_cache",
        .module = "simtref_l1_cache",
        .file = "simtref_l1_cache.v",
        .model = "l1_cache.h",
        .modes = EVERY,
        .title = "L1 data cache",
        .source = "docs/memory.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "tiny",
        .sm_part = 1,
    },
    /* The load/store unit, one of the SM's parts: the coalescer (with an
     * instance of the unified arbiter), the in-flight table and the
     * MSHRs' lists; the L1 and the banks are its ports.  Proved on tiny
     * with a 4-entry table (formal/lsu_props.v says why); the 64 entries
     * are co-simulated. */
    [STRUCTURE_LSU] = {
        .name = "lsu",
        .module = "simtref_lsu",
        .file = "simtref_lsu.v",
        .model = "lsu.h",
        .modes = EVERY,
        .title = "Load/store unit",
        .source = "docs/memory.md; Collange 4.2",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "tiny",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* One of the SM's parts: the register file, a bank per lane, with
     * harp's per-lane register offsets.  No invariant beyond what its
     * co-simulation shows: no proof. */
    [STRUCTURE_REGFILE] = {
        .name = "regfile",
        .module = "simtref_regfile",
        .file = "simtref_regfile.v",
        .model = "regfile.h",
        .modes = EVERY,
        .title = "Register file, a bank per lane",
        .source = "HARP 2, 8",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The lane's datapath: no invariant of its own to prove (what it
     * computes is compared with the model, instruction by instruction). */
    [STRUCTURE_LANE] = {
        .name = "lane",
        .module = "simtref_lane",
        .file = "simtref_lane.v",
        .model = "lane.h",
        .modes = EVERY,
        .title = "Integer lane datapath (RV32IM, word AMOs, SIMT CSRs; a "
                 "pipelined divider)",
        .source = "docs/isa.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The SIMD groups' issue timing (the lanes are simtref_lane). */
    [STRUCTURE_SIMD_GROUP] = {
        .name = "simd_group",
        .module = "simtref_simd_group",
        .file = "simtref_simd_group.v",
        .model = "simd_group.h",
        .modes = EVERY,
        .title = "SIMD groups' issue timing (sub-warps, shared groups, "
                 "result due cycles)",
        .source = "multi-core SIMT 3.4; docs/sm-timing.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "tiny fermi-sbr",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* One of the SM's parts: the table of the loads in flight, a send
     * port per scheduler and a done port per write-back port of the LSU.
     * No proof yet: its invariant (the pending lanes are those of the
     * rows in flight that went to global memory) is checked by
     * co-simulation. */
    [STRUCTURE_MEM_WAIT] = {
        .name = "mem_wait",
        .module = "simtref_mem_wait",
        .file = "simtref_mem_wait.v",
        .model = "mem_wait.h",
        .modes = EVERY,
        .title = "Loads in flight: the threads each writes, those waiting "
                 "on global memory",
        .source = "docs/architecture.md; HARP 4.2.1 (the Waiting-Lookup reads it)",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The table of resident TBs, one of the SM's parts, on every preset. */
    [STRUCTURE_TB_TABLE] = {
        .name = "tb_table",
        .module = "simtref_tb_table",
        .file = "simtref_tb_table.v",
        .model = "tb_table.h",
        .modes = EVERY,
        .title = "Resident TBs: grid index, warp slots, live warps, exited "
                 "warps' barrier arrivals",
        .source = "docs/architecture.md; BAWS 4.1.2 (the WPT it feeds)",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "tiny",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The HARP stage's queue of warps with a write port per source: the
     * warps entering Second-Level from outside the tables, and (the same
     * module, other sizes) exited threads' arrivals at their RBT
     * barriers.  A part of the stage (golden/sm/sm_reconv_harp_commit.c
     * steps it), not priced by the control area report.  No proof yet:
     * its invariant (the warps leave in the order they were written, none
     * lost while there is room) is checked by co-simulation. */
    /* The SM's table of warp slots: per slot resident, launch pending,
     * at the barrier, TB slot, index in the TB, lanes and live lanes;
     * written by the dispatcher's placements and the warps' launches,
     * arrivals, exits and releases.  Proved on tiny
     * (formal/warp_slots_props.v: its registers are what the ports said,
     * live lanes within the lanes, a slot resident exactly while it has
     * a live lane). */
    [STRUCTURE_WARP_SLOTS] = {
        .name = "warp_slots",
        .module = "simtref_warp_slots",
        .file = "simtref_warp_slots.v",
        .model = "warp_slots.h",
        .modes = EVERY,
        .title = "Warp slots: resident, launch pending, at the barrier, "
                 "TB, lanes and live lanes of each",
        .source = "docs/architecture.md; GPGPU-Sim's per-warp status",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "tiny",
        .long_proofs = "",
        .sm_part = 1,
    },
    [STRUCTURE_HARP_QUEUE] = {
        .name = "harp_queue",
        .module = "simtref_harp_queue",
        .file = "simtref_harp_queue.v",
        .model = "harp_queue.h",
        .modes = HARP,
        .title = "HARP stage's queue of warps, a write port per source",
        .source = "HARP 4.2; docs/rtl-stages.md (the control-flow stage "
                  "under harp)",
        .per = PER_SCHEDULER,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The data half of a scheduler's I-buffers, one of the SM's parts
     * (simtref_fetch holds the valid and ready bits): no invariant of its
     * own beyond what the fetch unit's proof covers, no proof. */
    [STRUCTURE_IBUFFER] = {
        .name = "ibuffer",
        .module = "simtref_ibuffer",
        .file = "simtref_ibuffer.v",
        .model = "ibuffer.h",
        .modes = EVERY,
        .title = "I-buffer data: the fetched PCs and masks",
        .source = "docs/sm-timing.md; docs/architecture.md",
        .per = PER_SCHEDULER,
        .in_table7 = 0,
        .scenarios = "",
        .tb_deps = "",
        .cosims = "",
        .long_cosims = "tiny fermi-harp fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The SM's control-flow stage of one warp scheduler: the mode's
     * structures behind the port the SM drives (golden/sm/sm_reconv.h),
     * composed in Verilog as golden/sm/ composes their models.  Its
     * testbench runs the suite's kernels, or kgen programs
     * (tests/tools/kgen.h), on the C SM and compares the stage's port
     * every cycle.  Every mode: scenarios give minpc and ics-first (no
     * preset's) tiny's, fermi-harp's, gtx480-baws's sizes; harp runs at
     * its presets, tiny and fermi-harp, and with tiny's RBT of 4 stages
     * (rbt-pipelined: the commit registers). */
    [STRUCTURE_SM_RECONV] = {
        .name = "sm_reconv",
        .module = "simtref_sm_reconv",
        .file = "simtref_sm_reconv.v",
        .model = "sm/sm_reconv.h",
        .modes = REGISTRY_MODE(RECONV_SBR) | REGISTRY_MODE(RECONV_MINPC)
                 | REGISTRY_MODE(RECONV_ICS_FIRST) | REGISTRY_MODE(RECONV_HARP),
        .title = "Control-flow stage of a warp scheduler (sbr: the SBR "
                 "stacks driven by the executed instructions; minpc: an "
                 "arbiter per warp over its threads' PCs and SPs; "
                 "ics-first: an ICS-First module per warp; harp: the "
                 "HARP tables and the stage's queues)",
        .source = "HARP 2.1; Collange 4; multi-core SIMT 3.3; docs/isa.md",
        .per = PER_SCHEDULER,
        .in_table7 = 0,
        .scenarios = "sm-tiny-sbr sm-tiny-minpc sm-fermi-minpc sm-gtx480-minpc "
                     "sm-tiny-ics sm-fermi-ics sm-gtx480-ics sm-kgen-sbr "
                     "rbt-pipelined sm-tiny-sbr-or1 sm-tiny-harp-or1",
        .tb_deps = "golden/sm/sm.h golden/sm/sm_reconv.h kernels/suite.h "
                   "lib/api_internal.h lib/simtref/simtref.h "
                   "tests/tools/kgen.h tests/tools/kgen_build.h "
                   "tb/tb_sm_common.h tb/tb_kgen.h",
        .cosims = "sm-tiny-sbr sm-tiny-sbr-kgen sm-tiny-minpc sm-tiny-ics tiny",
        .long_cosims = "fermi-sbr gtx480-baws sm-kgen-sbr "
                       "sm-fermi-minpc sm-gtx480-minpc sm-fermi-ics sm-gtx480-ics "
                       "fermi-harp rbt-pipelined sm-tiny-sbr-or1 "
                       "sm-tiny-harp-or1",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* One warp scheduler's front end: the fetch unit, the I-buffer data,
     * the issue scheduler and the mode's control-flow stage, wired as
     * golden/sm/sm.c composes their models.  Its testbench runs the
     * suite's kernels, or kgen programs, on the C SM and compares every
     * output every cycle.  The modes of its stage: sbr, minpc,
     * ics-first, harp. */
    [STRUCTURE_SM_FRONT] = {
        .name = "sm_front",
        .module = "simtref_sm_front",
        .file = "simtref_sm_front.v",
        .model = "sm/sm.h",
        .modes = REGISTRY_MODE(RECONV_SBR) | REGISTRY_MODE(RECONV_MINPC)
                 | REGISTRY_MODE(RECONV_ICS_FIRST) | REGISTRY_MODE(RECONV_HARP),
        .title = "Front end of a warp scheduler (fetch, I-buffer, "
                 "scheduler and the control-flow stage of sbr, minpc, "
                 "ics-first or harp composed)",
        .source = "BAWS 2.2; HARP 2.1; Collange 4; multi-core SIMT 3.3; "
                  "docs/architecture.md",
        .per = PER_SCHEDULER,
        .in_table7 = 0,
        .scenarios = "sm-tiny-sbr sm-tiny-minpc sm-fermi-minpc sm-gtx480-minpc "
                     "sm-tiny-ics sm-fermi-ics sm-gtx480-ics sm-tiny-sbr-or1 "
                     "sm-tiny-harp-or1 sm-tiny-ics-or1 sm-tiny-minpc-or1",
        .tb_deps = "golden/sm/sm.h golden/sm/sm_reconv.h kernels/suite.h "
                   "lib/api_internal.h lib/simtref/simtref.h "
                   "tests/tools/kgen.h tests/tools/kgen_build.h "
                   "tb/tb_sm_common.h tb/tb_kgen.h",
        .cosims = "sm-tiny-sbr sm-tiny-minpc sm-tiny-ics tiny",
        .long_cosims = "fermi-sbr gtx480-baws sm-fermi-minpc sm-gtx480-minpc "
                       "sm-fermi-ics sm-gtx480-ics sm-tiny-sbr-kgen-long "
                       "sm-tiny-minpc-kgen-long fermi-harp sm-tiny-sbr-or1 "
                       "sm-tiny-harp-or1 sm-tiny-ics-or1 sm-tiny-minpc-or1",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The SM's issue check, one per SM: for each warp of each scheduler
     * a decoder on its buffered instruction, a check port of the
     * scoreboard, and the SIMD groups' accept, wired as
     * golden/sm/sm_issue.c composes their models; the table of the loads
     * in flight is the memory side's, read through a port per warp
     * (address out, lanes in).  Its testbench runs the suite's kernels on the C SM
     * and compares every output every cycle.  Every mode: under harp the
     * warps checked are the First-Level slots, regrouped warps, each
     * lane's launch warp an input (the stage's issue view).  sm-tiny-ics
     * has sm-tiny-sbr's text: its row is make cosim-long's.  Generated
     * with the operand-read stage's warp as an input when the
     * configuration has the stage: the -or1 rows, make cosim-long's. */
    [STRUCTURE_SM_ISSUE] = {
        .name = "sm_issue",
        .module = "simtref_sm_issue",
        .file = "simtref_sm_issue.v",
        .model = "sm/sm.h",
        .modes = REGISTRY_MODE(RECONV_SBR) | REGISTRY_MODE(RECONV_MINPC)
                 | REGISTRY_MODE(RECONV_ICS_FIRST) | REGISTRY_MODE(RECONV_HARP),
        .title = "Issue check of the SM (decode, scoreboard and SIMD "
                 "groups composed, reading the memory side's loads in "
                 "flight)",
        .source = "docs/sm-timing.md; docs/architecture.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "sm-tiny-sbr sm-tiny-minpc sm-tiny-ics sm-tiny-sbr-or1 "
                     "sm-tiny-harp-or1 sm-tiny-ics-or1",
        .tb_deps = "golden/sm/sm.h kernels/suite.h lib/api_internal.h "
                   "lib/simtref/simtref.h tests/tools/kgen.h "
                   "tests/tools/kgen_build.h tb/tb_sm_common.h tb/tb_kgen.h",
        .cosims = "sm-tiny-sbr sm-tiny-minpc tiny sm-tiny-sbr-kgen",
        .long_cosims = "fermi-sbr gtx480-baws fermi-harp sm-tiny-ics "
                       "sm-tiny-sbr-or1 sm-tiny-harp-or1 sm-tiny-ics-or1",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The SM's memory side: the load/store unit, the L1's tags and
     * MSHRs, the shared-memory banks and the table of loads in flight,
     * wired as golden/sm/sm_memport.c composes their models, with the
     * memory port to DRAM.  Its testbench runs the suite's kernels on the
     * C SM, serves the port with DRAM's timing and compares every output
     * every cycle.  Every mode: under harp a load's lanes are threads of
     * several launch warps, each lane's warp slot in the table's entry.
     * The table is the SM's only one: a read port per warp the issue
     * check checks.
     * The module's text is the same at sm-tiny-sbr, sm-tiny-minpc and
     * sm-tiny-ics: make check runs the first (and harp's tiny), make
     * cosim-long the other two. */
    [STRUCTURE_SM_MEM] = {
        .name = "sm_mem",
        .module = "simtref_sm_mem",
        .file = "simtref_sm_mem.v",
        .model = "sm/sm.h",
        .modes = REGISTRY_MODE(RECONV_SBR) | REGISTRY_MODE(RECONV_MINPC)
                 | REGISTRY_MODE(RECONV_ICS_FIRST) | REGISTRY_MODE(RECONV_HARP),
        .title = "Memory side of the SM (LSU, L1, shared-memory banks and "
                 "loads in flight composed)",
        .source = "Collange 4.2; docs/memory.md; docs/architecture.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "sm-tiny-sbr sm-tiny-minpc sm-tiny-ics sm-tiny-sbr-or1 "
                     "sm-tiny-harp-or1",
        .tb_deps = "golden/sm/sm.h golden/sm/dram.h golden/sm/sm_memory.h "
                   "kernels/suite.h lib/api_internal.h lib/simtref/simtref.h "
                   "tb/tb_sm_common.h tb/tb_dram.h",
        .cosims = "sm-tiny-sbr tiny",
        .long_cosims = "fermi-sbr gtx480-baws fermi-harp sm-tiny-minpc "
                       "sm-tiny-ics sm-tiny-sbr-or1 sm-tiny-harp-or1",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The SM's thread-block launch, one per SM: the dispatcher's
     * placements into the table of resident TBs and the warp slots, the
     * retirement of warps and TBs, the WPT's arrivals (the warps' and
     * the exited warps') and releases, the grid's end; wired as
     * golden/sm/sm_tb.c and sm.c compose their models.  Its testbench
     * runs the suite's kernels on the C SM and compares every output
     * every cycle.  Every mode (under harp no I-buffer is cleared). */
    [STRUCTURE_SM_LAUNCH] = {
        .name = "sm_launch",
        .module = "simtref_sm_launch",
        .file = "simtref_sm_launch.v",
        .model = "sm/sm.h",
        .modes = REGISTRY_MODE(RECONV_SBR) | REGISTRY_MODE(RECONV_MINPC)
                 | REGISTRY_MODE(RECONV_ICS_FIRST) | REGISTRY_MODE(RECONV_HARP),
        .title = "Thread-block launch of the SM (dispatcher, table of "
                 "resident TBs and WPT composed)",
        .source = "BAWS 4.1.2; docs/architecture.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "sm-tiny-sbr sm-tiny-sbr-or1 sm-tiny-harp-or1",
        .tb_deps = "golden/sm/sm.h kernels/suite.h lib/api_internal.h "
                   "lib/simtref/simtref.h tests/tools/kgen.h "
                   "tests/tools/kgen_build.h tb/tb_sm_common.h tb/tb_kgen.h",
        .cosims = "sm-tiny-sbr",
        .long_cosims = "fermi-sbr gtx480-baws fermi-harp tiny "
                       "sm-tiny-sbr-kgen sm-tiny-sbr-or1 sm-tiny-harp-or1",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The datapath behind one warp scheduler's issue port: the register
     * file of its warps, a lane per thread of a warp and the branch
     * unit, wired as golden/sm/sm_execute.c composes their models, an
     * instruction's values a cycle after the C SM's (the banks' read);
     * under the operand-read stage the read is the grant's cycle's and
     * the stage's gate (go_i) lets it run in the next.  Its testbench
     * runs the suite's kernels on the C SM and compares every write,
     * request and outcome.  Every mode. */
    [STRUCTURE_SM_EXEC] = {
        .name = "sm_exec",
        .module = "simtref_sm_exec",
        .file = "simtref_sm_exec.v",
        .model = "sm/sm.h",
        .modes = REGISTRY_MODE(RECONV_SBR) | REGISTRY_MODE(RECONV_MINPC)
                 | REGISTRY_MODE(RECONV_ICS_FIRST) | REGISTRY_MODE(RECONV_HARP),
        .title = "Datapath of a warp scheduler's issue port (register "
                 "file, lanes and branch unit composed)",
        .source = "HARP 2, 8; docs/isa.md; docs/architecture.md",
        .per = PER_SCHEDULER,
        .in_table7 = 0,
        .scenarios = "sm-tiny-sbr sm-tiny-sbr-or1 sm-tiny-harp-or1",
        .tb_deps = "golden/sm/sm.h golden/sm/sm_stage.h kernels/suite.h lib/api_internal.h "
                   "lib/simtref/simtref.h tests/tools/kgen.h "
                   "tests/tools/kgen_build.h tb/tb_sm_common.h tb/tb_kgen.h",
        .cosims = "tiny sm-tiny-sbr",
        .long_cosims = "fermi-harp fermi-sbr gtx480-baws fermi-sbr-kgen "
                       "sm-tiny-harp-or1 sm-tiny-sbr-or1",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The SM: the stages above composed as sm_cycle() (golden/sm/sm.c)
     * calls their models, with the launch interface, an instruction
     * memory port per scheduler, the loader's side-band and the memory
     * port to DRAM.  Composed under the operand-read stage, whose
     * datapath reads in the grant's cycle and runs in the next (the C's
     * cycle of execution), so only a configuration with the stage has
     * it; under sbr and ics-first (whose warps arrive at a barrier by
     * their threads' states).  Its testbench runs the suite's kernels on
     * the C SM and the module side by side, each fetching from its own
     * instruction port and serving its own memory, and compares every
     * cycle's commit record and register writes, and the memory at the
     * end. */
    [STRUCTURE_SM] = {
        .name = "sm",
        .module = "simtref_sm",
        .file = "simtref_sm.v",
        .model = "sm/sm.h",
        .modes = REGISTRY_MODE(RECONV_SBR) | REGISTRY_MODE(RECONV_ICS_FIRST)
                 | REGISTRY_MODE(RECONV_MINPC),
        .title = "The SM (its stages composed)",
        .source = "docs/rtl-stages.md; docs/architecture.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "sm-tiny-sbr-or1 sm-fermi-sbr-or1 sm-tiny-ics-or1 "
                     "sm-tiny-minpc-or1",
        .tb_deps = "golden/sm/sm.h golden/sm/dram.h golden/sm/sm_memory.h "
                   "kernels/suite.h lib/api_internal.h lib/simtref/simtref.h "
                   "tests/tools/kgen.h tests/tools/kgen_build.h "
                   "tb/tb_sm_common.h tb/tb_kgen.h tb/tb_dram.h",
        .cosims = "sm-tiny-sbr-or1 sm-tiny-sbr-or1-kgen sm-tiny-ics-or1 "
                  "sm-tiny-ics-or1-kgen sm-tiny-minpc-or1 "
                  "sm-tiny-minpc-or1-kgen",
        .long_cosims = "sm-fermi-sbr-or1 sm-tiny-sbr-or1-kgen-10k "
                       "sm-tiny-ics-or1-kgen-1k sm-tiny-minpc-or1-kgen-1k",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
        .op_stage = 1,
    },
};


const struct structure_info *registry_structure(enum structure_id s)
{
    return &structures[s];
}

enum structure_id registry_find_structure(const char *name)
{
    int s;

    for (s = 0; s < STRUCTURE_COUNT; s++)
        if (strcmp(structures[s].name, name) == 0)
            break;
    return (enum structure_id)s;
}

const char *const registry_composed[] = {
    "sm-tiny-sbr-or1",
    "sm-tiny-ics-or1",
    "sm-tiny-minpc-or1",
    NULL
};

int registry_proved(enum structure_id s)
{
    return structures[s].proofs[0] != '\0'
        || structures[s].long_proofs[0] != '\0';
}

int registry_applies(enum structure_id s, const struct simt_config *cfg)
{
    if (structures[s].op_stage && cfg->operand_read_cycles == 0)
        return 0;
    return structures[s].modes >> cfg->reconvergence & 1;
}
