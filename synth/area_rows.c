/*
 * area_rows.c -- the structures of the area report; see area_rows.h.
 *
 * What the registry does not say of a structure's area row, because it
 * needs the structure's model: its organisation, its state bits, a
 * published figure, and the ports of the arrays it marks.
 */
#include "area_rows.h"

#include <stdio.h>
#include <string.h>

#include "arbiter.h"
#include "fetch.h"
#include "ics_first.h"
#include "lookup_table.h"
#include "rbt.h"
#include "sbr_stack.h"
#include "scheduler.h"
#include "warp_tables.h"
#include "wpt.h"

/*
 * BAWS section 4.1.2: "Assuming 8 TBs per SM and max. 48 warps per TB
 * (6-bit priority counters), this leads to a total WPT hardware cost of
 * 48 bits (6 bytes) per SM."  The figure holds for that configuration only.
 */
static const struct {
    unsigned tbs, max_warps, bits;
} baws_wpt_published = { 8, 48, 48 };

/* The WPT: one per SM (BAWS 4.1.2). */
static void describe_wpt(const struct simt_config *cfg, struct area_row *row)
{
    struct wpt_geometry g;

    wpt_geometry(cfg, &g);
    snprintf(row->organisation, sizeof row->organisation,
             "%u counters x %u bits", g.tbs, g.cnt_w);
    row->bits = wpt_state_bits(&g);
    row->published_bits = -1;
    if (g.tbs == baws_wpt_published.tbs &&
        g.max_warps == baws_wpt_published.max_warps)
        row->published_bits = (long)baws_wpt_published.bits;
}

/* The issue scheduler: one per warp scheduler (BAWS 2.2, 4.1). */
static void describe_scheduler(const struct simt_config *cfg,
                               struct area_row *row)
{
    struct scheduler_geometry g;

    scheduler_geometry(cfg, &g);
    snprintf(row->organisation, sizeof row->organisation,
             "%s over %u warps of %u TBs", config_sched_name(g.policy),
             g.warps, g.tbs);
    row->bits = scheduler_state_bits(&g);
    row->published_bits = -1;
}

/* The unified memory/PC arbiter: one per warp scheduler, for the warp it
 * issues (Collange 4). */
static void describe_arbiter(const struct simt_config *cfg,
                             struct area_row *row)
{
    struct arbiter_geometry g;

    arbiter_geometry(cfg, &g);
    snprintf(row->organisation, sizeof row->organisation,
             "min(SP:PC) or line over %u lanes, %u-level tree; common PC",
             g.lanes, g.levels);
    row->bits = arbiter_state_bits(&g);
    row->published_bits = -1;
}

/* The ICS-First warp PC arbiter with the descriptors of one warp: one per
 * resident warp, each warp's threads keeping their own descriptors
 * (multi-core SIMT 4.3). */
static void describe_ics_first(const struct simt_config *cfg,
                               struct area_row *row)
{
    struct ics_first_geometry g;

    ics_first_geometry(cfg, &g);
    snprintf(row->organisation, sizeof row->organisation,
             "one warp: %u threads x (4 state + %u priority bits)",
             g.threads, g.levels);
    row->bits = ics_first_state_bits(&g);
    row->published_bits = -1;
}

/* The SBR re-convergence stacks: one array per warp scheduler (HARP 2.1),
 * the baseline HARP's tables replace. */
static void describe_sbr_stack(const struct simt_config *cfg,
                               struct area_row *row)
{
    struct sbr_stack_geometry g;

    sbr_stack_geometry(cfg, &g);
    snprintf(row->organisation, sizeof row->organisation,
             "%u warps x %u entries of %u bits", g.warps, g.depth,
             2 * g.pc_w + g.lanes + 1);
    row->bits = sbr_stack_state_bits(&g);
    row->published_bits = -1;
}

/* The I-buffer and its fetch policy: one per warp scheduler (BAWS 2.2). */
static void describe_fetch(const struct simt_config *cfg,
                           struct area_row *row)
{
    struct fetch_geometry g;

    fetch_geometry(cfg, &g);
    snprintf(row->organisation, sizeof row->organisation,
             "%s over %u warps of %u slots", config_fetch_name(g.policy),
             g.warps, g.slots);
    row->bits = fetch_state_bits(&g);
    row->published_bits = -1;
}

/* A HARP lookup table: one of each per warp scheduler (HARP 4.2.1). */
static void describe_lookup(const struct simt_config *cfg,
                            enum lookup_kind kind, struct area_row *row)
{
    struct lookup_geometry g;

    lookup_table_geometry(cfg, kind, &g);
    snprintf(row->organisation, sizeof row->organisation,
             "%u warps of %u lanes, fully associative", g.entries, g.lanes);
    row->bits = lookup_table_state_bits(&g);
    row->published_bits = -1;
    /* Every insert port searches the CAM (pc and lanes) and writes it; the
     * Ready-Lookup reads its head out, the Waiting-Lookup its finished
     * entry. */
    row->array_entries = g.entries;
    row->cam_search_ports = g.ports;
    row->cam_write_ports = g.ports;
    row->ram_read_ports = 1;
    row->ram_write_ports = g.ports;
}

static void describe_ready_lookup(const struct simt_config *cfg,
                                  struct area_row *row)
{
    describe_lookup(cfg, LOOKUP_READY, row);
}

static void describe_waiting_lookup(const struct simt_config *cfg,
                                    struct area_row *row)
{
    describe_lookup(cfg, LOOKUP_WAITING, row);
}

/* The Re-convergence Barriers table: one per warp scheduler (HARP 4.2.2). */
static void describe_rbt(const struct simt_config *cfg, struct area_row *row)
{
    struct rbt_geometry g;

    rbt_geometry(cfg, &g);
    snprintf(row->organisation, sizeof row->organisation,
             "%u sets x %u ways of %u lanes, %s", g.sets, g.ways, g.lanes,
             g.org == RBT_BANKED ? "a bank per lane" : "one multi-ported bank");
    row->bits = rbt_state_bits(&g);
    row->published_bits = -1;
}

/* First-Level and Second-Level: one pair per warp scheduler (HARP 4.2). */
static void describe_warp_tables(const struct simt_config *cfg,
                                 struct area_row *row)
{
    struct warp_tables_geometry g;

    warp_tables_geometry(cfg, &g);
    snprintf(row->organisation, sizeof row->organisation,
             "%u + %u warps of %u lanes, Second-Level a FIFO array",
             g.fl, g.sl, g.lanes);
    row->bits = warp_tables_state_bits(&g);
    row->published_bits = -1;
}

typedef void describer(const struct simt_config *, struct area_row *);

/* The model-side description of each structure of the registry
 * (ORDER STRUCT); none for the SM's parts (.sm_part), which the control
 * area report does not price. */
static describer *const describers[STRUCTURE_COUNT] = {
    [STRUCTURE_WPT]            = describe_wpt,
    [STRUCTURE_SCHEDULER]      = describe_scheduler,
    [STRUCTURE_ARBITER]        = describe_arbiter,
    [STRUCTURE_ICS_FIRST]      = describe_ics_first,
    [STRUCTURE_FETCH]          = describe_fetch,
    [STRUCTURE_SBR_STACK]      = describe_sbr_stack,
    [STRUCTURE_RBT]            = describe_rbt,
    [STRUCTURE_WARP_TABLES]    = describe_warp_tables,
    [STRUCTURE_READY_LOOKUP]   = describe_ready_lookup,
    [STRUCTURE_WAITING_LOOKUP] = describe_waiting_lookup,
};

size_t area_rows_describe(const struct simt_config *cfg,
                          struct area_row rows[STRUCTURE_COUNT])
{
    size_t n = 0;
    int s;

    for (s = 0; s < STRUCTURE_COUNT; s++) {
        const struct structure_info *si =
            registry_structure((enum structure_id)s);
        struct area_row *row = &rows[n];

        if (!registry_applies((enum structure_id)s, cfg) || si->sm_part)
            continue;
        memset(row, 0, sizeof *row);
        row->name = si->title;
        row->module = si->module;
        row->source = si->source;
        row->per = si->per;
        row->in_table7 = si->in_table7;
        describers[s](cfg, row);
        n++;
    }
    return n;
}

unsigned area_row_copies_per_sm(const struct simt_config *cfg,
                              const struct area_row *row)
{
    struct scheduler_geometry g;

    switch (row->per) {
    case PER_SCHEDULER:
        return cfg->schedulers;
    case PER_WARP:
        scheduler_geometry(cfg, &g);
        return cfg->schedulers * g.warps;
    default:
        return 1;
    }
}

const char *area_row_per_name(const struct area_row *row)
{
    return row->per == PER_WARP ? "warp" :
           row->per == PER_SCHEDULER ? "scheduler" : "SM";
}

