/*
 * findings_table.c -- the published findings of HARP, BAWS, Collange and
 * the multi-core SIMT paper, the points simtref measures them on, and
 * the what-ifs; see findings_table.h.  The published figures are quoted
 * from the papers; everything simtref prints beside them is computed
 * from its points (findings_report.c).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "findings_table.h"

const char *const findings_mech_name[] = {
    "HARP", "BAWS", "min(SP:PC) (Collange)", "ICS-First (multi-core SIMT)"
};
_Static_assert(sizeof findings_mech_name / sizeof findings_mech_name[0]
               == FINDINGS_N_MECH, "ORDER FINDINGS_MECH");

const char *const findings_fill_grid = "16";
const char *const findings_fill_block = "256";
const char *const findings_fill_sizes[] = {
    "vecadd=4096", "matmul=64", "coulomb=64", "hotspot=64", "backprop=256",
    NULL
};

/* The preset keys HARP §7.2.2 moves together.  SIMD width: under harp a
 * warp is as wide as the SIMD (HARP §4.2.4), and 64 warps per TB of 32
 * threads would exceed the SM, so max_warps_per_tb is 32 at 8 and 32
 * lanes alike (docs/sweeps.md).  Pipeline length: the cycles from issue
 * to a dependent instruction, every operation alike (docs/sweeps.md). */
#define SIMD(w) "simd_width=" #w, "warp_size=" #w, "max_warps_per_tb=32"
#define DEPTH(d) "pipeline_depth=" #d, "alu_latency=" #d, \
    "mul_latency=" #d, "l1d_hit_latency=" #d

const struct findings_variant findings_variants[] = {
    /* HARP: the Fermi-like SM of Table 4, the SM filled as in the paper's
     * runs.  sbr at fermi-harp is the same SM with 16-thread warps. */
    { "harp", "fermi-harp", { NULL }, 1 },
    { "sbr", "fermi-harp", { "reconvergence=sbr", NULL }, 1 },
    /* §7.2.2: SBR keeps its 32-thread warps at every SIMD width
     * (fermi-sbr, Table 3). */
    { "sbr32", "fermi-sbr", { NULL }, 1 },
    { "harp-simd8", "fermi-harp", { SIMD(8), NULL }, 1 },
    { "sbr32-simd8", "fermi-sbr", { "simd_width=8", NULL }, 1 },
    { "harp-simd32", "fermi-harp", { SIMD(32), NULL }, 1 },
    { "sbr32-simd32", "fermi-sbr", { "simd_width=32", NULL }, 1 },
    { "harp-depth8", "fermi-harp", { DEPTH(8), NULL }, 1 },
    { "sbr-depth8", "fermi-harp", { DEPTH(8), "reconvergence=sbr", NULL },
      1 },
    { "harp-depth16", "fermi-harp", { DEPTH(16), NULL }, 1 },
    { "sbr-depth16", "fermi-harp", { DEPTH(16), "reconvergence=sbr", NULL },
      1 },
    { "harp-rbt2", "fermi-harp", { "rbt_pipeline_stages=2", NULL }, 1 },
    { "harp-rbt4", "fermi-harp", { "rbt_pipeline_stages=4", NULL }, 1 },
    { "harp-ready4", "fermi-harp", { "ready_lookup_entries=4", NULL }, 1 },
    { "harp-waiting4", "fermi-harp", { "waiting_lookup_entries=4", NULL },
      1 },
    { "harp-rbt16", "fermi-harp", { "rbt_entries=16", NULL }, 1 },
    { "harp-rbt32", "fermi-harp", { "rbt_entries=32", NULL }, 1 },
    /* BAWS: the GTX480 of §5, the barrier-intensive kernels with several
     * warps per scheduler in a TB (the SM filled). */
    { "lrr", "gtx480-baws", { "scheduler=lrr", "fetch=lrr", NULL }, 1 },
    { "gto", "gtx480-baws", { "scheduler=gto", "fetch=lrr", NULL }, 1 },
    { "gto-cff", "gtx480-baws", { "scheduler=gto", "fetch=cff", NULL }, 1 },
    { "mwf_lrr", "gtx480-baws", { "scheduler=mwf_lrr", "fetch=lrr", NULL },
      1 },
    { "mwf_gto", "gtx480-baws", { "scheduler=mwf_gto", "fetch=lrr", NULL },
      1 },
    { "mwf_lrr-cff", "gtx480-baws", { "scheduler=mwf_lrr", "fetch=cff",
      NULL }, 1 },
    { "mwf_gto-cff", "gtx480-baws", { "scheduler=mwf_gto", "fetch=cff",
      NULL }, 1 },
    { "gto-ibuffer4", "gtx480-baws", { "scheduler=gto", "fetch=lrr",
      "ibuffer_slots=4", NULL }, 1 },
    /* Collange and ICS-First: 32-thread warps (Collange §5.2; the
     * stack-less modes at fermi-sbr), the suite's inputs: lane activity
     * and the order of reconvergence do not need a filled SM. */
    { "stack", "fermi-sbr", { NULL }, 0 },
    { "minpc", "fermi-sbr", { "reconvergence=minpc", NULL }, 0 },
    { "ics-first", "fermi-sbr", { "reconvergence=ics-first", NULL }, 0 },
    { NULL, NULL, { NULL }, 0 }
};

/* The applications of the suite: Collange (§5.2) and the multi-core
 * SIMT paper (§5) measured applications (the CUDA SDK, Parboil,
 * Rodinia); the suite's control-flow kernels are its own corner cases,
 * among them Collange's Listing 1, the case §3 says min(PC) alone does not
 * handle and the SP before the PC is to: their own row,
 * collange-control. */
#define KS_APPS (KS_ABC | KS_BARRIER)

/* A row comparing var over base on kernels ks: a single figure, a range,
 * or a direction only. */
#define ONE(v) (v), (v), DIR_FROM_FIGURE
#define RANGE(lo, hi) (lo), (hi), DIR_FROM_FIGURE
#define ONLY(d) NAN, NAN, (d)
#define CMP(var, base, ks) { var, base, ks }
#define NONE { NULL, NULL, 0 }

const struct findings_row findings_rows[] = {
    /* HARP */
    { "harp-mean", MECH_HARP, "HARP over SBR, average over types A, B, C",
      "HARP", "§7.1, Fig. 11 (and the abstract)", ONE(10), "+10 %",
      STAT_CYCLES, REDUCE_GEOMEAN, CMP("harp", "sbr", KS_ABC), NONE },
    { "harp-max", MECH_HARP, "HARP over SBR, the kernel it helps most",
      "HARP", "§7.1, Fig. 11 (and the abstract)", ONE(60),
      "+60 % (1.6x)", STAT_CYCLES, REDUCE_MAX, CMP("harp", "sbr", KS_ABC),
      NONE },
    { "harp-type-a", MECH_HARP, "HARP over SBR on type A (little "
      "parallelism)", "HARP", "§7.1, Fig. 11", ONLY(DIR_UP),
      "improves", STAT_CYCLES, REDUCE_GEOMEAN, CMP("harp", "sbr", KS_A),
      NONE },
    { "harp-type-b", MECH_HARP, "HARP over SBR on type B (divergent)",
      "HARP", "§7.1, Fig. 11", ONLY(DIR_UP), "improves", STAT_CYCLES,
      REDUCE_GEOMEAN, CMP("harp", "sbr", KS_B), NONE },
    { "harp-type-c", MECH_HARP, "HARP's gain on type C (coherent) less "
      "than on types A and B", "HARP", "§7.1, Fig. 11", ONLY(DIR_DOWN),
      "close to the baseline, below A and B", STAT_CYCLES, REDUCE_GEOMEAN,
      CMP("harp", "sbr", KS_C), CMP("harp", "sbr", KS_AB) },
    { "harp-simd8", MECH_HARP, "8-wide SIMD widens HARP's lead over SBR "
      "(32-thread warps) against 16-wide", "HARP", "§7.2.2, Fig. 15(b)",
      ONE(9), "+9 % (points)", STAT_CYCLES, REDUCE_GEOMEAN,
      CMP("harp-simd8", "sbr32-simd8", KS_ABC),
      CMP("harp", "sbr32", KS_ABC) },
    { "harp-simd32", MECH_HARP, "HARP over SBR at 32-wide SIMD", "HARP",
      "§7.2.2, Fig. 15(b)", ONE(-4), "-4 % (SBR ahead)", STAT_CYCLES,
      REDUCE_GEOMEAN, CMP("harp-simd32", "sbr32-simd32", KS_ABC), NONE },
    { "harp-depth-a", MECH_HARP, "a 16-cycle pipeline narrows HARP's "
      "lead against 8 cycles, type A", "HARP", "§7.2.2, Fig. 15(a)",
      ONE(-1), "-1 % (points)", STAT_CYCLES, REDUCE_GEOMEAN,
      CMP("harp-depth16", "sbr-depth16", KS_A),
      CMP("harp-depth8", "sbr-depth8", KS_A) },
    { "harp-depth-b", MECH_HARP, "a 16-cycle pipeline narrows HARP's "
      "lead against 8 cycles, type B", "HARP", "§7.2.2, Fig. 15(a)",
      ONE(-8), "-8 % (points)", STAT_CYCLES, REDUCE_GEOMEAN,
      CMP("harp-depth16", "sbr-depth16", KS_B),
      CMP("harp-depth8", "sbr-depth8", KS_B) },
    { "harp-rbt-stages2", MECH_HARP, "RBT access in 2 pipeline stages "
      "against 1", "HARP", "§7.3.2", ONE(-3), "-3 %", STAT_CYCLES,
      REDUCE_GEOMEAN, CMP("harp-rbt2", "harp", KS_ABC), NONE },
    { "harp-rbt-stages4", MECH_HARP, "RBT access in 4 pipeline stages "
      "against 1", "HARP", "§7.3.2", ONE(-8), "-8 %", STAT_CYCLES,
      REDUCE_GEOMEAN, CMP("harp-rbt4", "harp", KS_ABC), NONE },
    { "harp-ready4", MECH_HARP, "Ready-Lookup of 4 entries against 8",
      "HARP", "§4.2.4, §7.3", ONE(-2), "-2 %", STAT_CYCLES, REDUCE_GEOMEAN,
      CMP("harp-ready4", "harp", KS_ABC), NONE },
    { "harp-waiting4", MECH_HARP, "Waiting-Lookup of 4 entries against 8",
      "HARP", "§4.2.4, §7.3", ONE(-6), "-6 %", STAT_CYCLES,
      REDUCE_GEOMEAN, CMP("harp-waiting4", "harp", KS_ABC), NONE },
    { "harp-rbt16", MECH_HARP, "an RBT of 16 entries (one set) against "
      "128 (eight sets)", "HARP", "§7.3.1, Fig. 16", ONLY(DIR_DOWN),
      "loses (below 32 entries)", STAT_CYCLES, REDUCE_GEOMEAN,
      CMP("harp-rbt16", "harp", KS_ABC), NONE },
    { "harp-rbt32-b", MECH_HARP, "an RBT of 32 entries (two sets) against "
      "128, type B (BFS and BKP among them)", "HARP", "§7.3.1, Fig. 16",
      ONLY(DIR_DOWN), "loses (more than 32 entries needed)", STAT_CYCLES,
      REDUCE_GEOMEAN, CMP("harp-rbt32", "harp", KS_B), NONE },
    /* BAWS, on the barrier-intensive kernels */
    { "baws-mwf_gto-cff-over-lrr", MECH_BAWS, "MWF (GTO variant) with CFF "
      "over LRR", "BAWS", "§6.1, Fig. 9", ONE(16.9), "+16.9 %",
      STAT_CYCLES, REDUCE_GEOMEAN, CMP("mwf_gto-cff", "lrr", KS_BARRIER),
      NONE },
    { "baws-mwf_lrr-cff-over-lrr", MECH_BAWS, "MWF (LRR variant) with CFF "
      "over LRR", "BAWS", "§6.1, Fig. 9", ONE(16.2), "+16.2 %",
      STAT_CYCLES, REDUCE_GEOMEAN, CMP("mwf_lrr-cff", "lrr", KS_BARRIER),
      NONE },
    { "baws-mwf_gto-cff-over-gto", MECH_BAWS, "MWF (GTO variant) with CFF "
      "over GTO", "BAWS", "§6.1, Fig. 9", ONE(8.5), "+8.5 %", STAT_CYCLES,
      REDUCE_GEOMEAN, CMP("mwf_gto-cff", "gto", KS_BARRIER), NONE },
    { "baws-gto-over-lrr", MECH_BAWS, "GTO over LRR", "BAWS",
      "§6.1, Fig. 9", ONE(8.4), "+8.4 %", STAT_CYCLES, REDUCE_GEOMEAN,
      CMP("gto", "lrr", KS_BARRIER), NONE },
    { "baws-mwf_gto-over-gto", MECH_BAWS, "MWF (GTO variant) without CFF "
      "over GTO", "BAWS", "§6.1, Fig. 9", RANGE(1.1, 1.4),
      "+1.1 to +1.4 %", STAT_CYCLES, REDUCE_GEOMEAN,
      CMP("mwf_gto", "gto", KS_BARRIER), NONE },
    { "baws-mwf_lrr-over-gto", MECH_BAWS, "MWF (LRR variant) without CFF "
      "over GTO", "BAWS", "§6.1, Fig. 9", RANGE(1.1, 1.4),
      "+1.1 to +1.4 %", STAT_CYCLES, REDUCE_GEOMEAN,
      CMP("mwf_lrr", "gto", KS_BARRIER), NONE },
    { "baws-cff-gto", MECH_BAWS, "CFF fetch against LRR fetch under GTO",
      "BAWS", "§6.4", ONE(1.7), "+1.7 %", STAT_CYCLES, REDUCE_GEOMEAN,
      CMP("gto-cff", "gto", KS_BARRIER), NONE },
    { "baws-ibuffer4", MECH_BAWS, "an I-buffer of 4 slots per warp against "
      "2 (GTO)", "BAWS", "§6.4", ONE(0.3), "+0.3 %", STAT_CYCLES,
      REDUCE_GEOMEAN, CMP("gto-ibuffer4", "gto", KS_BARRIER), NONE },
    { "baws-ibuffer4-max", MECH_BAWS, "an I-buffer of 4 slots against 2, "
      "the kernel it helps most", "BAWS", "§6.4", ONE(1.4), "+1.4 % (MG)",
      STAT_CYCLES, REDUCE_MAX, CMP("gto-ibuffer4", "gto", KS_BARRIER),
      NONE },
    /* Collange */
    { "collange-lanes-max", MECH_COLLANGE, "SIMD utilization of "
      "min(SP:PC) against the stack, the kernel it helps most", "Collange",
      "§5.2, Fig. 5", ONE(4), "up to +4 %", STAT_LANES, REDUCE_MAX,
      CMP("minpc", "stack", KS_APPS), NONE },
    { "collange-lanes-min", MECH_COLLANGE, "SIMD utilization of "
      "min(SP:PC) never below the stack's", "Collange", "§5.2",
      ONLY(DIR_NOT_DOWN), "at least as efficient in all cases",
      STAT_LANES, REDUCE_MIN, CMP("minpc", "stack", KS_APPS), NONE },
    { "collange-control", MECH_COLLANGE, "SIMD utilization of "
      "min(SP:PC) never below the stack's on the suite's control-flow "
      "kernels (Listing 1's call to a function placed after its caller "
      "among them), which the SP before the PC is to reconverge",
      "Collange", "§3, Listing 1", ONLY(DIR_NOT_DOWN),
      "at least as efficient (SP first handles Listing 1)", STAT_LANES,
      REDUCE_MIN, CMP("minpc", "stack", KS_CONTROL), NONE },
    /* ICS-First */
    { "ics-first-over-minpc", MECH_ICS_FIRST, "ICS-First over Min-PC, "
      "execution time", "multi-core SIMT", "§5.3, Fig. 13(a)", ONE(-0.8),
      "-0.8 % (Min-PC faster)", STAT_CYCLES, REDUCE_GEOMEAN,
      CMP("ics-first", "minpc", KS_APPS), NONE },
    { NULL, MECH_HARP, NULL, NULL, NULL, 0, 0, DIR_FROM_FIGURE, NULL,
      STAT_CYCLES, REDUCE_GEOMEAN, NONE, NONE }
};

/* The barrier-intensive kernels' inputs at a half and a quarter of the
 * suite's (kernel list: scalarprod, mergesort, fwt, stencil 256; btree
 * 512; histogram 1024; tiledmm and srad 16). */
#define BARRIER_HALF "scalarprod=128,mergesort=128,fwt=128,stencil=128," \
    "btree=256,histogram=512,tiledmm=8,srad=8"
#define BARRIER_QUARTER "scalarprod=64,mergesort=64,fwt=64,stencil=64," \
    "btree=128,histogram=256,tiledmm=8,srad=4"

const struct findings_whatif findings_whatifs[] = {
    { "sbr-warp32", "harp-mean", "the baseline SBR of HARP Table 3 runs "
      "32-thread warps, not harp's 16", SIDE_BASE, "fermi-sbr", NULL, NULL },
    { "first-level16", "harp-mean", "a First-Level table of one entry per "
      "pipeline stage (8) starves the pipeline", SIDE_VAR, NULL,
      "first_level_entries=16", NULL },
    { "waiting-miss", "harp-mean", "every global load sends the warp "
      "through the Waiting-Lookup, Second-Level and a First-Level slot "
      "(HARP 4.2.1): only a load that misses the L1 does", SIDE_VAR, NULL,
      "waiting_lookup_loads=miss", NULL },
    { "waiting-none", "harp-mean", "the Waiting-Lookup's round trip and "
      "the loads it serialises cost harp its gain: no warp leaves "
      "First-Level at a load", SIDE_VAR, NULL, "waiting_lookup_loads=none",
      NULL },
    { "type-a-waiting-none", "harp-type-a", "the Waiting-Lookup's round "
      "trip and the loads it serialises: no warp leaves First-Level at a "
      "load", SIDE_VAR, NULL, "waiting_lookup_loads=none", NULL },
    { "type-b-waiting-none", "harp-type-b", "the Waiting-Lookup's round "
      "trip and the loads it serialises: no warp leaves First-Level at a "
      "load", SIDE_VAR, NULL, "waiting_lookup_loads=none", NULL },
    { "max-waiting-none", "harp-max", "the Waiting-Lookup's round trip "
      "and the loads it serialises: no warp leaves First-Level at a load",
      SIDE_VAR, NULL, "waiting_lookup_loads=none", NULL },
    { "threshold1", "harp-mean", "warps move from Lookup to Second-Level "
      "too early (threshold 2)", SIDE_VAR, NULL,
      "lookup_to_second_threshold=1", NULL },
    { "type-a-first-level16", "harp-type-a", "a First-Level table of 8 "
      "entries starves the pipeline of the few warps of type A", SIDE_VAR,
      NULL, "first_level_entries=16", NULL },
    { "type-b-first-level16", "harp-type-b", "a First-Level table of 8 "
      "entries starves the pipeline", SIDE_VAR, NULL,
      "first_level_entries=16", NULL },
    { "max-first-level16", "harp-max", "a First-Level table of 8 entries "
      "starves the pipeline", SIDE_VAR, NULL, "first_level_entries=16",
      NULL },
    { "simd8-sbr-narrow", "harp-simd8", "SBR's 32-thread warps on 8 lanes "
      "take 4 passes an issue; with 8-thread warps it would not",
      SIDE_BASE, NULL, "warp_size=8", NULL },
    { "simd8-first-level16", "harp-simd8", "8-wide harp needs more ready "
      "warps than 8 First-Level entries", SIDE_VAR, NULL,
      "first_level_entries=16", NULL },
    { "simd32-first-level16", "harp-simd32", "32-wide harp's warps wait at "
      "wider barriers with 8 First-Level entries", SIDE_VAR, NULL,
      "first_level_entries=16", NULL },
    { "depth-first-level16", "harp-depth-b", "at 16 cycles more warps are "
      "in flight than 8 First-Level entries hold", SIDE_VAR, NULL,
      "first_level_entries=16", NULL },
    { "waiting4-l1d12", "harp-waiting4", "the 48 KB L1 hits so often "
      "that few warps wait in the Waiting-Lookup: a 12 KB L1 (12 ways of "
      "16 sets)", SIDE_BOTH, NULL, "l1d_kb=12", NULL },
    { "ready4-threshold8", "harp-ready4", "divergent warps leave the "
      "Ready-Lookup for Second-Level as soon as it holds fewer than 2 "
      "warps, so the table rarely fills: with a threshold of 8 they stay",
      SIDE_BOTH, NULL, "lookup_to_second_threshold=8", NULL },
    { "ibuffer4-lrr", "baws-ibuffer4", "GTO keeps issuing one warp, whose "
      "I-buffer refills in time: the I-buffer under LRR", SIDE_BOTH, NULL,
      "scheduler=lrr", NULL },
    { "ibuffer4-mwf_gto", "baws-ibuffer4", "the I-buffer matters where "
      "the critical warp runs dry: the I-buffer under MWF (GTO variant)",
      SIDE_BOTH, NULL, "scheduler=mwf_gto", NULL },
    { "gto-lrr-half", "baws-gto-over-lrr", "LRR thrashes the 16 KB L1 at "
      "the suite's inputs: half the inputs", SIDE_BOTH, NULL, NULL,
      BARRIER_HALF },
    { "gto-lrr-quarter", "baws-gto-over-lrr", "LRR thrashes the 16 KB L1 "
      "at the suite's inputs: a quarter of the inputs", SIDE_BOTH, NULL,
      NULL, BARRIER_QUARTER },
    { "mwf-cff-lrr-quarter", "baws-mwf_gto-cff-over-lrr", "LRR thrashes "
      "the 16 KB L1 at the suite's inputs: a quarter of the inputs",
      SIDE_BOTH, NULL, NULL, BARRIER_QUARTER },
    { "mwf_lrr-cff", "baws-mwf_lrr-over-gto", "MWF (LRR variant) runs "
      "dry without CFF: with CFF fetch", SIDE_VAR, NULL, "fetch=cff", NULL },
    { "mwf-gto-ibuffer4", "baws-mwf_gto-over-gto", "MWF needs CFF because "
      "the I-buffer runs dry: MWF with 4 slots", SIDE_VAR, NULL,
      "ibuffer_slots=4", NULL },
    { NULL, NULL, NULL, SIDE_VAR, NULL, NULL, NULL }
};

const struct findings_variant *findings_variant_find(const char *id)
{
    for (const struct findings_variant *v = findings_variants; v->id; v++)
        if (strcmp(v->id, id) == 0)
            return v;
    return NULL;
}

const struct findings_row *findings_row_find(const char *id)
{
    for (const struct findings_row *r = findings_rows; r->id; r++)
        if (strcmp(r->id, id) == 0)
            return r;
    return NULL;
}

enum findings_dir findings_row_dir(const struct findings_row *r)
{
    if (r->dir != DIR_FROM_FIGURE)
        return r->dir;
    return r->pub_lo > 0 ? DIR_UP : r->pub_lo < 0 ? DIR_DOWN : DIR_NOT_DOWN;
}

/* The ratio's variants exist and it names a kernel set. */
static int check_ratio(const char *row, const struct findings_ratio *c,
                       char *err, size_t errlen)
{
    const char *missing = !findings_variant_find(c->var) ? c->var
                          : !findings_variant_find(c->base) ? c->base : NULL;

    if (missing) {
        snprintf(err, errlen, "finding %s: no variant '%s'", row, missing);
        return -1;
    }
    if ((c->kernels & KS_ALL) == 0) {
        snprintf(err, errlen, "finding %s: an empty kernel set", row);
        return -1;
    }
    return 0;
}

int findings_table_check(char *err, size_t errlen)
{
    for (const struct findings_variant *v = findings_variants; v->id; v++)
        if (findings_variant_find(v->id) != v) {
            snprintf(err, errlen, "variant %s given twice", v->id);
            return -1;
        }
    for (const struct findings_row *r = findings_rows; r->id; r++) {
        if (findings_row_find(r->id) != r) {
            snprintf(err, errlen, "finding %s given twice", r->id);
            return -1;
        }
        if (check_ratio(r->id, &r->r, err, errlen) != 0
            || (r->r2.var && check_ratio(r->id, &r->r2, err, errlen) != 0))
            return -1;
        if (isnan(r->pub_lo) != (r->dir != DIR_FROM_FIGURE)
            || (!isnan(r->pub_lo) && (r->pub_hi < r->pub_lo
                                       || (r->pub_lo < 0) != (r->pub_hi < 0)
                                       || (r->pub_lo > 0)
                                          != (r->pub_hi > 0)))) {
            snprintf(err, errlen, "finding %s: the published figure must "
                     "be a number, or a range lo..hi of one sign, or NAN "
                     "with a direction", r->id);
            return -1;
        }
    }
    for (const struct findings_whatif *w = findings_whatifs; w->id; w++) {
        if (!findings_row_find(w->row)) {
            snprintf(err, errlen, "what-if %s: no finding '%s'", w->id,
                     w->row);
            return -1;
        }
        if (!!w->preset + !!w->set + !!w->sizes != 1) {
            snprintf(err, errlen, "what-if %s: change exactly one thing (a "
                     "preset, a --set or the sizes)", w->id);
            return -1;
        }
        for (const struct findings_whatif *x = findings_whatifs; x != w; x++)
            if (strcmp(x->id, w->id) == 0) {
                snprintf(err, errlen, "what-if %s given twice", w->id);
                return -1;
            }
    }
    return 0;
}
