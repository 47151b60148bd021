/*
 * registry.c -- the structures, their defects and their checks; see
 * registry.h.
 */
#include "registry.h"

#include <string.h>

#define EVERY REGISTRY_EVERY_MODE
#define HARP  REGISTRY_MODE(RECONV_HARP)

/* ORDER STRUCT */
static const struct structure_info structures[STRUCTURE_COUNT] = {
    /* The WPT exists on every preset (MWF needs it whatever the
     * reconvergence). */
    [STRUCTURE_WPT] = {
        "wpt", "simtref_wpt", "simtref_wpt.v", "wpt.h", EVERY,
        "WPT", "BAWS 4.1.2", PER_SM, 0,
        "", "",
        "fermi-sbr fermi-harp gtx480-baws tiny",
        "tiny gtx480-baws", "" },
    /* The issue scheduler exists on every preset, with the preset's
     * policy; the scenarios are tiny with GTO, MWF(GTO), TLS and SAWS, and
     * BAWS Fig. 7 and Fig. 13 (3 TBs of 4 warps on one scheduler).
     * MWF(LRR) is proved on tiny only (the LRR window needs an induction
     * depth of NUM_WARPS + 1); GTO, TLS, LRR and MWF(GTO) by 3-induction
     * on their scenarios; SAWS is a bounded proof. */
    [STRUCTURE_SCHEDULER] = {
        "scheduler", "simtref_scheduler", "simtref_scheduler.v",
        "scheduler.h", EVERY,
        "Issue scheduler", "BAWS 4.1", PER_SCHEDULER, 0,
        "sched-gto sched-mwf-gto sched-tls sched-saws sched-saws-fig13 "
        "baws-fig7", "",
        "tiny gtx480-baws fermi-harp fermi-sbr sched-gto sched-mwf-gto "
        "sched-tls sched-saws fig7 fig13-mwf fig13-saws",
        "tiny sched-gto sched-tls sched-saws sched-lrr sched-mwf-gto", "" },
    /* The unified arbiter: proved on tiny's two lanes and on four lanes
     * (simt-4lane); its trees of 16 and 32 lanes are co-simulated. */
    [STRUCTURE_ARBITER] = {
        "arbiter", "simtref_arbiter", "simtref_arbiter.v", "arbiter.h", EVERY,
        "Unified arbiter", "Collange 4", PER_SCHEDULER, 0,
        "simt-4lane", "",
        "tiny fermi-sbr fermi-harp gtx480-baws simt-4lane table2 listing1",
        "tiny simt-4lane", "" },
    [STRUCTURE_ICS_FIRST] = {
        "ics_first", "simtref_ics_first", "simtref_ics_first.v",
        "ics_first.h", EVERY,
        "ICS-First arbiter", "multi-core SIMT 4.3", PER_WARP, 0,
        "simt-4lane", "",
        "tiny fermi-sbr fermi-harp gtx480-baws simt-4lane atv",
        "tiny simt-4lane", "" },
    [STRUCTURE_FETCH] = {
        "fetch", "simtref_fetch", "simtref_fetch.v", "fetch.h", EVERY,
        "I-buffer and fetch", "BAWS 2.2, 4.2", PER_SCHEDULER, 0,
        "fetch-fef", "",
        "tiny fermi-sbr fermi-harp gtx480-baws fetch-fef",
        "tiny fetch-fef", "" },
    /* The SBR stacks exist on every preset (the baseline HARP compares
     * with).  Its proof runs on sbr-fig2 (four-thread warps: branches
     * and calls fill it), its covers there and the tiny proof, slower,
     * in `make proofs-long`. */
    [STRUCTURE_SBR_STACK] = {
        "sbr_stack", "simtref_sbr_stack", "simtref_sbr_stack.v",
        "sbr_stack.h", EVERY,
        "SBR stacks", "HARP 2.1", PER_SCHEDULER, 0,
        "sbr-fig2", "",
        "tiny gtx480-baws fermi-harp fermi-sbr fig2 sbr-fig2",
        "sbr-fig2", "tiny sbr-fig2-covers" },
    /* The RBT exists only when reconvergence = harp.  Scenarios: HARP
     * Fig. 10 (4 lanes), HARP Fig. 8 (the multi-ported organisation) and
     * a 4-stage pipelined access (HARP 7.3.2).  The proof runs on tiny
     * only (one access stage, as the wrapper assumes); at fermi-harp
     * Yosys does not finish writing the SMT model in minutes. */
    [STRUCTURE_RBT] = {
        "rbt", "simtref_rbt", "simtref_rbt.v", "rbt.h", HARP,
        "RBT", "HARP 4.2.2", PER_SCHEDULER, 1,
        "harp-fig10 harp-fig8 rbt-pipelined", "",
        "tiny fermi-harp harp-fig8 pipelined fig10 fig8 fig9",
        "tiny", "" },
    [STRUCTURE_WARP_TABLES] = {
        "warp_tables", "simtref_warp_tables", "simtref_warp_tables.v",
        "warp_tables.h", HARP,
        "First- and Second-Level", "HARP 4.2", PER_SCHEDULER, 1,
        "", "",
        "tiny fermi-harp policies",
        "tiny", "" },
    /* Both lookups exist only when reconvergence = harp; on fermi-harp
     * their proofs take far longer than a test run allows, so only tiny
     * is proved in make check. */
    [STRUCTURE_READY_LOOKUP] = {
        "ready_lookup", "simtref_ready_lookup", "simtref_ready_lookup.v",
        "ready_lookup.h", HARP,
        "Ready-Lookup", "HARP 4.2.1", PER_SCHEDULER, 1,
        "harp-fig10", "tb/lookup_common.h",
        "tiny fermi-harp fig10",
        "tiny", "" },
    [STRUCTURE_WAITING_LOOKUP] = {
        "waiting_lookup", "simtref_waiting_lookup", "simtref_waiting_lookup.v",
        "waiting_lookup.h", HARP,
        "Waiting-Lookup", "HARP 4.2.1", PER_SCHEDULER, 1,
        "", "tb/lookup_common.h",
        "tiny fermi-harp merge",
        "tiny", "" },
};

/* ORDER DEFECT */
static const struct defect_info defects[DEFECT_COUNT] = {
    [DEFECT_NONE] = { "none", STRUCTURE_COUNT, NULL, NULL, NULL },
    [DEFECT_WPT_NO_RESET_AT_RELEASE] = {
        "wpt-no-reset", STRUCTURE_WPT, "tiny", "tiny-no-reset",
        "the WPT counter is not reset at release" },
    [DEFECT_RBT_EARLY_RELEASE] = {
        "rbt-early-release", STRUCTURE_RBT, "tiny", "tiny-early-release",
        "an RBT barrier releases when all members but one have arrived" },
    [DEFECT_RBT_OVERWRITE_FULL] = {
        "rbt-overwrite-full", STRUCTURE_RBT, "tiny", "tiny-overwrite-full",
        "a reservation in a full RBT set overwrites way 0 instead of "
        "failing" },
    [DEFECT_LOOKUP_LANE_CONFLICT] = {
        "lookup-lane-conflict", STRUCTURE_READY_LOOKUP, "tiny",
        "tiny-lane-conflict",
        "the Ready-Lookup merges despite a lane conflict" },
    [DEFECT_WT_SILENT_OVERFLOW] = {
        "wt-silent-overflow", STRUCTURE_WARP_TABLES, "tiny",
        "tiny-silent-overflow",
        "a full Second-Level overwrites its oldest warp" },
    [DEFECT_WT_LOOKUP_FIRST] = {
        "wt-lookup-first", STRUCTURE_WARP_TABLES, "tiny", "tiny-lookup-first",
        "lookup-to-second goes before barrier-to-second" },
    [DEFECT_SCHED_MWF_LOWEST_FIRST] = {
        "sched-mwf-lowest-first", STRUCTURE_SCHEDULER, "tiny",
        "tiny-mwf-lowest-first",
        "MWF issues from the ready TB of the lowest priority" },
    [DEFECT_WPT_TIES_LARGER_TB] = {
        "wpt-ties-larger-tb", STRUCTURE_WPT, "tiny", "tiny-ties-larger-tb",
        "the WPT ranks TBs with equal counters larger id first" },
    [DEFECT_ARB_TIES_LARGER_PC] = {
        "arb-ties-larger-pc", STRUCTURE_ARBITER, "tiny", "tiny-ties-larger-pc",
        "the unified arbiter resolves equal SPs to the larger PC" },
    [DEFECT_ICS_LOWEST_LEVEL] = {
        "ics-lowest-level", STRUCTURE_ICS_FIRST, "tiny", "tiny-lowest-level",
        "ICS-First selects from the lowest non-empty priority level" },
    /* On sbr-fig2 (four threads, depth 4): there branches alone overflow
     * the stack (on tiny's two-thread warps only calls do). */
    [DEFECT_SBR_SILENT_OVERFLOW] = {
        "sbr-silent-overflow", STRUCTURE_SBR_STACK,
        "tests/scenarios/sbr-fig2.conf", "sbr-fig2-silent-overflow",
        "a push beyond the SBR stack's depth overwrites the top entries and "
        "raises no overflow" },
    [DEFECT_SBR_CALL_POPS_ON_MOVE] = {
        "sbr-call-pops-on-move", STRUCTURE_SBR_STACK,
        "tests/scenarios/sbr-fig2.conf", "sbr-fig2-call-pops-on-move",
        "an advance to a CALL top's RPC (its return PC) pops it, as it pops "
        "a branch top at its RPC: a recursive call's frames merge again" },
    [DEFECT_FETCH_OVERFILL] = {
        "fetch-overfill", STRUCTURE_FETCH, "tiny", "tiny-overfill",
        "the fetch unit also fetches for a warp whose I-buffer slots are "
        "all taken" },
};

/* ORDER PART */
static const struct sm_part_info parts[SM_PART_COUNT] = {
    [SM_PART_SCOREBOARD] = {
        "scoreboard", "scoreboard.h", "Register scoreboard",
        "docs/sm-timing.md", PER_SM },
    [SM_PART_SIMD_GROUP] = {
        "simd_group", "simd_group.h", "SIMD groups",
        "multi-core SIMT 3.4; docs/sm-timing.md", PER_SM },
    [SM_PART_DECODE] = {
        "decode", "decode.h", "Decode", "docs/isa.md; docs/sm-timing.md",
        PER_SM },
    [SM_PART_DISPATCH] = {
        "dispatch", "dispatch.h", "TB dispatcher", "docs/sm-timing.md",
        PER_SM },
};

const struct structure_info *registry_structure(enum structure_id s)
{
    return &structures[s];
}

const struct defect_info *registry_defect(enum rtl_defect d)
{
    return &defects[d];
}

const struct sm_part_info *registry_sm_part(enum sm_part_id p)
{
    return &parts[p];
}

enum structure_id registry_find_structure(const char *name)
{
    int s;

    for (s = 0; s < STRUCTURE_COUNT; s++)
        if (strcmp(structures[s].name, name) == 0)
            break;
    return (enum structure_id)s;
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

/* The name of a defect's configuration: "tiny", or "sbr-fig2" for
 * tests/scenarios/sbr-fig2.conf, into buf. */
static const char *config_name(const char *config, char *buf, size_t len)
{
    const char *base = strrchr(config, '/');
    size_t n;

    base = base ? base + 1 : config;
    n = strcspn(base, ".");
    snprintf(buf, len, "%.*s", (int)n, base);
    return buf;
}

/* "PREFIX-W.SUFFIX" for each space-separated word W of words. */
static void print_words(FILE *out, const char *prefix, const char *words,
                        const char *suffix)
{
    const char *w = words;

    while (*w) {
        size_t n = strcspn(w, " ");
        if (n > 0)
            fprintf(out, " \\\n\t%s%.*s%s", prefix, (int)n, w, suffix);
        w += n;
        w += strspn(w, " ");
    }
}

int registry_write_make(FILE *out, char *err, size_t errlen)
{
    struct simt_config cfg[16];
    char name[CONFIG_NAME_LEN];
    size_t np, p;
    int s, d;

    for (np = 0; config_preset_names[np] && np < 16; np++)
        if (config_load_preset(config_preset_names[np], &cfg[np],
                               err, errlen) != 0)
            return -1;

    fprintf(out, "# mk/registry.am -- the build's lists, from the structure "
                 "registry\n# (golden/registry.c).  Written by `simtref "
                 "registry --make`; do not\n# edit: tests/test_registry "
                 "fails when it differs from the registry.\n\n");
    fprintf(out, "PRESETS =");
    for (p = 0; p < np; p++)
        fprintf(out, " %s", config_preset_names[p]);
    fprintf(out, "\nHARP_PRESETS =");
    for (p = 0; p < np; p++)
        if (cfg[p].reconvergence == RECONV_HARP)
            fprintf(out, " %s", config_preset_names[p]);
    fprintf(out, "\nSTRUCTURES =");
    for (s = 0; s < STRUCTURE_COUNT; s++)
        fprintf(out, " %s", structures[s].name);
    fprintf(out, "\n\n# Each structure's testbench configurations (the "
                 "presets that have it,\n# then its scenarios) and the "
                 "headers its testbench includes.\n");
    for (s = 0; s < STRUCTURE_COUNT; s++) {
        const struct structure_info *si = &structures[s];
        fprintf(out, "TB_CONFIGS_%s =", si->name);
        for (p = 0; p < np; p++)
            if (registry_applies((enum structure_id)s, &cfg[p]))
                fprintf(out, " %s", config_preset_names[p]);
        if (si->scenarios[0])
            fprintf(out, " %s", si->scenarios);
        fprintf(out, "\nTB_HEADERS_%s =", si->name);
        if (si->tb_deps[0])
            fprintf(out, " %s", si->tb_deps);
        fprintf(out, "\n");
    }
    fprintf(out, "\n# Each defect as DEFECT:STRUCTURE:CONFIGURATION, the "
                 "configuration a preset\n# or a tests/scenarios/ name.\n"
                 "DEFECTS =");
    for (d = DEFECT_NONE + 1; d < DEFECT_COUNT; d++)
        fprintf(out, " \\\n\t%s:%s:%s", defects[d].name,
                structures[defects[d].structure].name,
                config_name(defects[d].config, name, sizeof name));
    fprintf(out, "\n");
    fprintf(out, "\nCOSIM_TESTS =");
    for (s = 0; s < STRUCTURE_COUNT; s++) {
        char prefix[64];
        snprintf(prefix, sizeof prefix, "tb/%s-", structures[s].name);
        print_words(out, prefix, structures[s].cosims, ".cosim");
    }
    fprintf(out, "\nPROOF_TESTS =");
    for (s = 0; s < STRUCTURE_COUNT; s++) {
        char prefix[64];
        snprintf(prefix, sizeof prefix, "formal/%s-", structures[s].name);
        print_words(out, prefix, structures[s].proofs, ".proof");
    }
    fprintf(out, "\nLONG_PROOF_TESTS =");
    for (s = 0; s < STRUCTURE_COUNT; s++) {
        char prefix[64];
        snprintf(prefix, sizeof prefix, "formal/%s-", structures[s].name);
        print_words(out, prefix, structures[s].long_proofs, ".proof");
    }
    fprintf(out, "\nDEFECT_TESTS =");
    for (d = DEFECT_NONE + 1; d < DEFECT_COUNT; d++) {
        const struct defect_info *di = &defects[d];
        fprintf(out, " \\\n\ttb/%s-%s.cosim formal/%s-%s.proof",
                structures[di->structure].name, di->test,
                structures[di->structure].name, di->test);
    }
    fprintf(out, "\n");
    if (ferror(out)) {
        snprintf(err, errlen, "error writing the build's lists");
        return -1;
    }
    return 0;
}
