/*
 * registry.c -- the structures, their defects and their checks (the
 * build's lists from them: registry_make.c); see
 * registry.h.
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
        .proofs = "tiny gtx480-baws",
        .long_proofs = "",
    },
    /* The issue scheduler exists on every preset, with the preset's
     * policy; the scenarios are tiny with GTO, MWF(GTO), TLS and SAWS, and
     * BAWS Fig. 7 and Fig. 13 (3 TBs of 4 warps on one scheduler).
     * MWF(LRR) is proved on tiny only (the LRR window needs an induction
     * depth of NUM_WARPS + 1: four minutes of solver time, so in `make
     * proofs-long`; make check proves MWF by MWF(GTO) and LRR alone);
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
        .proofs = "sched-gto sched-tls sched-lrr sched-mwf-gto",
        .long_proofs = "tiny sched-saws sched-saws-covers",
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
        .proofs = "tiny fetch-fef",
        .long_proofs = "tiny-covers",
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
     * Yosys does not finish writing the SMT model in minutes. */
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
        .cosims = "tiny fermi-harp harp-fig8 pipelined fig10 fig8 fig9",
        .long_cosims = "",
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
        .cosims = "tiny fermi-harp",
        .long_cosims = "fermi-sbr gtx480-baws",
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
        .cosims = "tiny fermi-harp",
        .long_cosims = "fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The register scoreboard, one of the SM's parts, on every preset. */
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
        .cosims = "tiny fermi-harp",
        .long_cosims = "fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "",
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
        .cosims = "tiny fermi-harp",
        .long_cosims = "fermi-sbr gtx480-baws",
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
        .cosims = "tiny fermi-harp",
        .long_cosims = "fermi-sbr gtx480-baws",
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
        .cosims = "tiny fermi-harp",
        .long_cosims = "fermi-sbr gtx480-baws",
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
        .cosims = "tiny fermi-harp",
        .long_cosims = "fermi-sbr gtx480-baws",
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
        .cosims = "tiny fermi-harp",
        .long_cosims = "fermi-sbr gtx480-baws",
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
        .cosims = "tiny fermi-harp",
        .long_cosims = "fermi-sbr gtx480-baws",
        .proofs = "tiny fermi-sbr",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* One of the SM's parts: the table of the loads in flight, a send
     * port per scheduler and a done port per in-flight entry of the LSU.
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
        .cosims = "tiny",
        .long_cosims = "fermi-harp fermi-sbr gtx480-baws",
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
        .cosims = "tiny",
        .long_cosims = "fermi-harp fermi-sbr gtx480-baws",
        .proofs = "tiny",
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
        .cosims = "tiny",
        .long_cosims = "fermi-harp fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The SM's control-flow stage of one warp scheduler: the mode's
     * structures behind the port the SM drives (golden/sm/sm_reconv.h),
     * composed in Verilog as golden/sm/ composes their models.  Its
     * testbench runs the suite's kernels, or kgen programs
     * (tests/tools/kgen.h), on the C SM and compares the stage's port
     * every cycle.  sbr, minpc, ics-first so far; scenarios give the last
     * two (no preset's) tiny's, fermi-harp's, gtx480-baws's sizes. */
    [STRUCTURE_SM_RECONV] = {
        .name = "sm_reconv",
        .module = "simtref_sm_reconv",
        .file = "simtref_sm_reconv.v",
        .model = "sm/sm_reconv.h",
        .modes = REGISTRY_MODE(RECONV_SBR) | REGISTRY_MODE(RECONV_MINPC)
                 | REGISTRY_MODE(RECONV_ICS_FIRST),
        .title = "Control-flow stage of a warp scheduler (sbr: the SBR "
                 "stacks driven by the executed instructions; minpc: an "
                 "arbiter per warp over its threads' PCs and SPs; "
                 "ics-first: an ICS-First module per warp)",
        .source = "HARP 2.1; Collange 4; multi-core SIMT 3.3; docs/isa.md",
        .per = PER_SCHEDULER,
        .in_table7 = 0,
        .scenarios = "sm-tiny-sbr sm-tiny-minpc sm-fermi-minpc sm-gtx480-minpc "
                     "sm-tiny-ics sm-fermi-ics sm-gtx480-ics sm-kgen-sbr",
        .tb_deps = "golden/sm/sm.h golden/sm/sm_reconv.h kernels/suite.h "
                   "lib/api_internal.h lib/simtref/simtref.h "
                   "tests/tools/kgen.h tests/tools/kgen_build.h "
                   "tb/tb_sm_common.h tb/tb_kgen.h",
        .cosims = "sm-tiny-sbr sm-tiny-sbr-kgen sm-tiny-minpc sm-tiny-ics",
        .long_cosims = "fermi-sbr gtx480-baws sm-kgen-sbr "
                       "sm-fermi-minpc sm-gtx480-minpc sm-fermi-ics sm-gtx480-ics",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* One warp scheduler's front end: the fetch unit, the I-buffer data,
     * the issue scheduler and the mode's control-flow stage, wired as
     * golden/sm/sm.c composes their models.  Its testbench runs the
     * suite's kernels, or kgen programs, on the C SM and compares every
     * output every cycle.  The modes of its stage: sbr, minpc,
     * ics-first. */
    [STRUCTURE_SM_FRONT] = {
        .name = "sm_front",
        .module = "simtref_sm_front",
        .file = "simtref_sm_front.v",
        .model = "sm/sm.h",
        .modes = REGISTRY_MODE(RECONV_SBR) | REGISTRY_MODE(RECONV_MINPC)
                 | REGISTRY_MODE(RECONV_ICS_FIRST),
        .title = "Front end of a warp scheduler (fetch, I-buffer, "
                 "scheduler and the control-flow stage of sbr, minpc or "
                 "ics-first composed)",
        .source = "BAWS 2.2; HARP 2.1; Collange 4; multi-core SIMT 3.3; "
                  "docs/architecture.md",
        .per = PER_SCHEDULER,
        .in_table7 = 0,
        .scenarios = "sm-tiny-sbr sm-tiny-minpc sm-fermi-minpc sm-gtx480-minpc "
                     "sm-tiny-ics sm-fermi-ics sm-gtx480-ics",
        .tb_deps = "golden/sm/sm.h golden/sm/sm_reconv.h kernels/suite.h "
                   "lib/api_internal.h lib/simtref/simtref.h "
                   "tests/tools/kgen.h tests/tools/kgen_build.h "
                   "tb/tb_sm_common.h tb/tb_kgen.h",
        .cosims = "sm-tiny-sbr sm-tiny-minpc sm-tiny-ics",
        .long_cosims = "fermi-sbr gtx480-baws sm-fermi-minpc sm-gtx480-minpc "
                       "sm-fermi-ics sm-gtx480-ics sm-tiny-sbr-kgen-long "
                       "sm-tiny-minpc-kgen-long",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The SM's issue check, one per SM: for each warp of each scheduler
     * a decoder on its buffered instruction, a check port of the
     * scoreboard, a read port of the table of the loads in flight, and
     * the SIMD groups' accept, wired as golden/sm/sm_issue.c composes
     * their models.  Its testbench runs the suite's kernels on the C SM
     * and compares every output every cycle.  Every mode but harp, whose
     * issue slots are regrouped warps. */
    [STRUCTURE_SM_ISSUE] = {
        .name = "sm_issue",
        .module = "simtref_sm_issue",
        .file = "simtref_sm_issue.v",
        .model = "sm/sm.h",
        .modes = REGISTRY_MODE(RECONV_SBR) | REGISTRY_MODE(RECONV_MINPC)
                 | REGISTRY_MODE(RECONV_ICS_FIRST),
        .title = "Issue check of the SM (decode, scoreboard, loads in "
                 "flight and SIMD groups composed; not harp)",
        .source = "docs/sm-timing.md; docs/architecture.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "sm-tiny-sbr sm-tiny-minpc",
        .tb_deps = "golden/sm/sm.h kernels/suite.h lib/api_internal.h "
                   "lib/simtref/simtref.h tests/tools/kgen.h "
                   "tests/tools/kgen_build.h tb/tb_sm_common.h tb/tb_kgen.h",
        .cosims = "sm-tiny-sbr sm-tiny-minpc sm-tiny-sbr-kgen",
        .long_cosims = "fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
    /* The SM's memory side: the load/store unit, the L1's tags and
     * MSHRs, the shared-memory banks and the table of loads in flight,
     * wired as golden/sm/sm_memport.c composes their models, with the
     * memory port to DRAM.  Its testbench runs the suite's kernels on the
     * C SM, serves the port with DRAM's timing and compares every output
     * every cycle.  Under sbr, as the other composed stages so far. */
    [STRUCTURE_SM_MEM] = {
        .name = "sm_mem",
        .module = "simtref_sm_mem",
        .file = "simtref_sm_mem.v",
        .model = "sm/sm.h",
        .modes = REGISTRY_MODE(RECONV_SBR),
        .title = "Memory side of the SM (LSU, L1, shared-memory banks and "
                 "loads in flight composed)",
        .source = "Collange 4.2; docs/memory.md; docs/architecture.md",
        .per = PER_SM,
        .in_table7 = 0,
        .scenarios = "sm-tiny-sbr",
        .tb_deps = "golden/sm/sm.h golden/sm/dram.h kernels/suite.h "
                   "lib/api_internal.h lib/simtref/simtref.h "
                   "tb/tb_sm_common.h",
        .cosims = "sm-tiny-sbr",
        .long_cosims = "fermi-sbr gtx480-baws",
        .proofs = "",
        .long_proofs = "",
        .sm_part = 1,
    },
};

/* ORDER DEFECT */
static const struct defect_info defects[DEFECT_COUNT] = {
    [DEFECT_NONE] = {
        .name = "none",
        .structure = STRUCTURE_COUNT,
        .config = NULL,
        .test = NULL,
        .bug = NULL,
    },
    [DEFECT_WPT_NO_RESET_AT_RELEASE] = {
        .name = "wpt-no-reset",
        .structure = STRUCTURE_WPT,
        .config = "tiny",
        .test = "tiny-no-reset",
        .bug = "the WPT counter is not reset at release",
    },
    [DEFECT_RBT_EARLY_RELEASE] = {
        .name = "rbt-early-release",
        .structure = STRUCTURE_RBT,
        .config = "tiny",
        .test = "tiny-early-release",
        .bug = "an RBT barrier releases when all members but one have arrived",
    },
    [DEFECT_RBT_OVERWRITE_FULL] = {
        .name = "rbt-overwrite-full",
        .structure = STRUCTURE_RBT,
        .config = "tiny",
        .test = "tiny-overwrite-full",
        .bug = "a reservation in a full RBT set overwrites way 0 instead of "
               "failing",
    },
    [DEFECT_LOOKUP_LANE_CONFLICT] = {
        .name = "lookup-lane-conflict",
        .structure = STRUCTURE_READY_LOOKUP,
        .config = "tiny",
        .test = "tiny-lane-conflict",
        .bug = "the Ready-Lookup merges despite a lane conflict",
    },
    [DEFECT_WT_SILENT_OVERFLOW] = {
        .name = "wt-silent-overflow",
        .structure = STRUCTURE_WARP_TABLES,
        .config = "tiny",
        .test = "tiny-silent-overflow",
        .bug = "a full Second-Level overwrites its oldest warp",
    },
    [DEFECT_WT_LOOKUP_FIRST] = {
        .name = "wt-lookup-first",
        .structure = STRUCTURE_WARP_TABLES,
        .config = "tiny",
        .test = "tiny-lookup-first",
        .bug = "lookup-to-second goes before barrier-to-second",
    },
    [DEFECT_SCHED_MWF_LOWEST_FIRST] = {
        .name = "sched-mwf-lowest-first",
        .structure = STRUCTURE_SCHEDULER,
        .config = "tiny",
        .test = "tiny-mwf-lowest-first",
        .bug = "MWF issues from the ready TB of the lowest priority",
    },
    [DEFECT_WPT_TIES_LARGER_TB] = {
        .name = "wpt-ties-larger-tb",
        .structure = STRUCTURE_WPT,
        .config = "tiny",
        .test = "tiny-ties-larger-tb",
        .bug = "the WPT ranks TBs with equal counters larger id first",
    },
    [DEFECT_ARB_TIES_LARGER_PC] = {
        .name = "arb-ties-larger-pc",
        .structure = STRUCTURE_ARBITER,
        .config = "tiny",
        .test = "tiny-ties-larger-pc",
        .bug = "the unified arbiter resolves equal SPs to the larger PC",
    },
    [DEFECT_ICS_LOWEST_LEVEL] = {
        .name = "ics-lowest-level",
        .structure = STRUCTURE_ICS_FIRST,
        .config = "tiny",
        .test = "tiny-lowest-level",
        .bug = "ICS-First selects from the lowest non-empty priority level",
    },
    /* On sbr-fig2 (four threads, depth 4): there branches alone overflow
     * the stack (on tiny's two-thread warps only calls do). */
    [DEFECT_SBR_SILENT_OVERFLOW] = {
        .name = "sbr-silent-overflow",
        .structure = STRUCTURE_SBR_STACK,
        .config = "tests/data/scenarios/sbr-fig2.conf",
        .test = "sbr-fig2-silent-overflow",
        .bug = "a push beyond the SBR stack's depth overwrites the top "
               "entries and raises no overflow",
    },
    [DEFECT_SBR_CALL_POPS_ON_MOVE] = {
        .name = "sbr-call-pops-on-move",
        .structure = STRUCTURE_SBR_STACK,
        .config = "tests/data/scenarios/sbr-fig2.conf",
        .test = "sbr-fig2-call-pops-on-move",
        .bug = "an advance to a CALL top's RPC (its return PC) pops it, as "
               "it pops a branch top at its RPC: a recursive call's frames "
               "merge again",
    },
    [DEFECT_FETCH_OVERFILL] = {
        .name = "fetch-overfill",
        .structure = STRUCTURE_FETCH,
        .config = "tiny",
        .test = "tiny-overfill",
        .bug = "the fetch unit also fetches for a warp whose I-buffer slots "
               "are all taken",
    },
    [DEFECT_DISPATCH_DRAINING_SLOT] = {
        .name = "dispatch-draining-slot",
        .structure = STRUCTURE_DISPATCH,
        .config = "tiny",
        .test = "tiny-draining-slot",
        .bug = "the TB dispatcher places a TB in a TB slot whose TB finishes "
               "in the same cycle (still held until the next)",
        .proof_long = 1,
    },
    [DEFECT_SHARED_MEM_TOP_BIT_BROADCAST] = {
        .name = "shared-mem-top-bit-broadcast",
        .structure = STRUCTURE_SHARED_MEM,
        .config = "tiny",
        .test = "tiny-top-bit-broadcast",
        .bug = "the shared memory takes two words of one bank that differ "
               "only in the top address bit for one: both lanes served in "
               "one cycle",
    },
    [DEFECT_SCOREBOARD_NO_WAW] = {
        .name = "scoreboard-no-waw",
        .structure = STRUCTURE_SCOREBOARD,
        .config = "tiny",
        .test = "tiny-no-waw",
        .bug = "the scoreboard's check ignores the destination register: "
               "a write issues over a write in flight (WAW)",
    },
    [DEFECT_DECODE_LOAD_ON_ALU] = {
        .name = "decode-load-on-alu",
        .structure = STRUCTURE_DECODE,
        .config = "tiny",
        .test = "tiny-load-on-alu",
        .bug = "decode reports a load's unit as the ALU",
    },
    [DEFECT_LSU_DROP_LAST_LANE] = {
        .name = "lsu-drop-last-lane",
        .structure = STRUCTURE_LSU,
        .config = "tiny",
        .test = "tiny-drop-last-lane",
        .bug = "the coalescer lets a global request go when one lane is "
               "left, whose line is never served",
    },
    [DEFECT_L1_FILL_KEEPS_MSHR] = {
        .name = "l1-fill-keeps-mshr",
        .structure = STRUCTURE_L1_CACHE,
        .config = "tiny",
        .test = "tiny-fill-keeps-mshr",
        .bug = "an L1 fill writes its line but leaves its MSHR busy",
        .proof_long = 1,
    },
    /* On tiny, a harp preset: the per-lane offsets exist there. */
    [DEFECT_REGFILE_OFFSET_LAST_LANE] = {
        .name = "regfile-offset-last-lane",
        .structure = STRUCTURE_REGFILE,
        .config = "tiny",
        .test = "tiny-offset-last-lane",
        .bug = "the register file's last bank reads at the issuing warp's "
               "slot, not at its own thread's (no per-lane offset there)",
    },
    [DEFECT_LANE_MULHSU_SIGNED_RS2] = {
        .name = "lane-mulhsu-signed-rs2",
        .structure = STRUCTURE_LANE,
        .config = "tiny",
        .test = "tiny-mulhsu-signed-rs2",
        .bug = "a lane's mulhsu takes rs2 as signed (the high word of a "
               "signed by signed product)",
    },
    [DEFECT_SIMD_GROUP_DIV_EARLY] = {
        .name = "simd-group-div-early",
        .structure = STRUCTURE_SIMD_GROUP,
        .config = "tiny",
        .test = "tiny-div-early",
        .bug = "the SIMD groups announce a divide's result one cycle before "
               "its latency has passed",
    },
    [DEFECT_MEM_WAIT_DONE_FIRST_LANE] = {
        .name = "mem-wait-done-first-lane",
        .structure = STRUCTURE_MEM_WAIT,
        .config = "tiny",
        .test = "tiny-done-first-lane",
        .bug = "a done of a global load counts one fewer load in flight "
               "only for its first lane's thread: the others wait on "
               "global memory for ever",
    },
    [DEFECT_TB_TABLE_RETIRE_FORGETS_ARRIVAL] = {
        .name = "tb-table-retire-forgets-arrival",
        .structure = STRUCTURE_TB_TABLE,
        .config = "tiny",
        .test = "tiny-retire-forgets-arrival",
        .bug = "the table of resident TBs does not count the barrier arrival "
               "of a warp that retires after arriving: its TB owes the "
               "arrival again",
    },
    [DEFECT_IBUFFER_FILL_OVER_HEAD] = {
        .name = "ibuffer-fill-over-head",
        .structure = STRUCTURE_IBUFFER,
        .config = "tiny",
        .test = "tiny-fill-over-head",
        .bug = "an I-buffer fill is written into the warp's oldest slot "
               "instead of after its last",
    },
    [DEFECT_SM_RECONV_LATE_FIRST] = {
        .name = "sm-reconv-late-first",
        .structure = STRUCTURE_SM_RECONV,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-late-first",
        .bug = "the sbr control-flow stage runs first the side of a branch "
               "that reaches a barrier before re-converging (it must run "
               "last)",
    },
    [DEFECT_SM_RECONV_POP_NO_MASK] = {
        .name = "sm-reconv-pop-no-mask",
        .structure = STRUCTURE_SM_RECONV,
        .config = "tests/data/scenarios/sm-tiny-minpc.conf",
        .test = "sm-tiny-minpc-pop-no-mask",
        .bug = "the minpc control-flow stage reports no re-convergence "
               "when the lanes that ran go on to the next instruction, "
               "though threads waiting there join them (the pop ignores "
               "the selected mask)",
    },
    [DEFECT_SM_RECONV_ICS_NO_ACTION] = {
        .name = "sm-reconv-ics-no-action",
        .structure = STRUCTURE_SM_RECONV,
        .config = "tests/data/scenarios/sm-tiny-ics.conf",
        .test = "sm-tiny-ics-no-action",
        .bug = "the ics-first control-flow stage commits an instruction "
               "without the ICS action the loader put at its PC (no raise "
               "at a divergent branch, no lower at its re-convergence "
               "point)",
    },
    [DEFECT_SM_FRONT_NO_FLUSH_ON_POP] = {
        .name = "sm-front-no-flush-on-pop",
        .structure = STRUCTURE_SM_FRONT,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-no-flush-on-pop",
        .bug = "an instruction whose update re-converges threads (a pop) "
               "does not flush its warp's I-buffer, which keeps the "
               "instructions fetched with the old mask",
    },
    [DEFECT_SM_FRONT_FETCH_LIVE_MASK] = {
        .name = "sm-front-fetch-live-mask",
        .structure = STRUCTURE_SM_FRONT,
        .config = "tests/data/scenarios/sm-tiny-minpc.conf",
        .test = "sm-tiny-minpc-fetch-live-mask",
        .bug = "under minpc the fetch from the stage's PC takes the warp's "
               "live lanes as its mask instead of the stage's active mask "
               "(the threads at min(SP:PC)): a diverged warp fetches for "
               "threads that wait elsewhere",
    },
    [DEFECT_SM_ISSUE_NO_LSU_ACCEPT] = {
        .name = "sm-issue-no-lsu-accept",
        .structure = STRUCTURE_SM_ISSUE,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-no-lsu-accept",
        .bug = "the issue check holds a memory instruction only when an "
               "earlier scheduler took the LSU's port this cycle, not when "
               "the LSU cannot take a request: a warp is issuable that the "
               "SM holds",
    },
    [DEFECT_SM_MEM_DONE_LATE] = {
        .name = "sm-mem-done-late",
        .structure = STRUCTURE_SM_MEM,
        .config = "tests/data/scenarios/sm-tiny-sbr.conf",
        .test = "sm-tiny-sbr-done-late",
        .bug = "the table of loads in flight takes the LSU's dones a cycle "
               "late (through a register), so the threads a load writes "
               "are released a cycle after its data is back",
    },
};

const struct structure_info *registry_structure(enum structure_id s)
{
    return &structures[s];
}

const struct defect_info *registry_defect(enum rtl_defect d)
{
    return &defects[d];
}

enum structure_id registry_find_structure(const char *name)
{
    int s;

    for (s = 0; s < STRUCTURE_COUNT; s++)
        if (strcmp(structures[s].name, name) == 0)
            break;
    return (enum structure_id)s;
}

int registry_proved(enum structure_id s)
{
    return structures[s].proofs[0] != '\0'
        || structures[s].long_proofs[0] != '\0';
}

int registry_applies(enum structure_id s, const struct simt_config *cfg)
{
    return structures[s].modes >> cfg->reconvergence & 1;
}

const char *rtl_defect_name(enum rtl_defect d)
{
    return defects[d].name;
}

int rtl_defect_parse(const char *name, enum rtl_defect *d)
{
    int i;

    for (i = 0; i < DEFECT_COUNT; i++) {
        if (strcmp(name, defects[i].name) == 0) {
            *d = (enum rtl_defect)i;
            return 0;
        }
    }
    return -1;
}
