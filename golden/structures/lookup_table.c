/*
 * lookup_table.c -- the table both HARP lookups are; see lookup_table.h
 * for the contract.
 *
 * One cycle is computed as a plan: the control state (valid, pc, mask,
 * age, count) after the departure and after each insert port in turn,
 * with the entry each port wrote.  lookup_table_eval() reads the outputs off
 * the plan; lookup_table_step() commits it and writes the thread ids.
 */
#include "lookup_table.h"
#include "model.h"

#include <stdio.h>
#include <string.h>
#include "bits.h"

void lookup_table_geometry(const struct simt_config *cfg, enum lookup_kind kind,
                     struct lookup_geometry *g)
{
    g->kind    = kind;
    g->entries = kind == LOOKUP_READY ? cfg->ready_lookup_entries
                                      : cfg->waiting_lookup_entries;
    g->ports   = kind == LOOKUP_READY ? 2 : 1;
    g->lanes   = cfg->simd_width;
    g->pc_w    = cfg->pc_bits;
    g->tw      = cfg->thread_id_bits - clog2(cfg->simd_width);
    g->slot_w  = g->entries > 1 ? clog2(g->entries) : 1;
    g->cnt_w   = bits_for(g->entries);
}

unsigned long lookup_table_state_bits(const struct lookup_geometry *g)
{
    unsigned per_entry = 1 + g->pc_w + g->lanes + g->lanes * g->tw;
    if (g->kind == LOOKUP_READY)
        per_entry += g->slot_w;
    return g->entries * per_entry + g->cnt_w;
}

void lookup_table_harp_org(const struct lookup_geometry *g, struct harp_array_org *org)
{
    org->name     = g->kind == LOOKUP_READY ? "Lookup Ready" : "Lookup Waiting";
    org->banks    = 1;
    org->entries  = g->entries;
    org->sets     = 1;
    org->ways     = g->entries;
    org->tag_bits = g->pc_w + g->lanes * g->tw;
    org->row_bits = g->pc_w + g->lanes * g->tw;
}

int lookup_table_check(const struct lookup_geometry *g, char *msg, size_t msglen)
{
    if (g->entries < 1 || g->entries > LOOKUP_MAX_ENTRIES ||
        g->lanes < 1 || g->lanes > WARP_MAX_LANES ||
        g->pc_w > 64 || g->tw < 1 || g->tw > 32) {
        snprintf(msg, msglen, "the lookup model holds 1..%d entries of "
                 "1..%d lanes, pc up to 64 bits and thread ids of 1..32 "
                 "bits; the configuration asks for %u entries, %u lanes, "
                 "%u-bit pc and %u-bit thread ids", LOOKUP_MAX_ENTRIES, WARP_MAX_LANES, g->entries,
                 g->lanes, g->pc_w, g->tw);
        return -1;
    }
    return 0;
}

int lookup_table_init(struct lookup_table *m, const struct simt_config *cfg,
                      enum lookup_kind kind,
                      char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    lookup_table_geometry(cfg, kind, &m->g);
    if (lookup_table_check(&m->g, msg, msglen) != 0)
        return model_refuse(cfg, msg, msglen);
    lookup_table_reset(m);
    return 0;
}

void lookup_table_reset(struct lookup_table *t)
{
    t->count = 0;
    for (unsigned e = 0; e < t->g.entries; e++) {
        t->entry[e].valid = false;
        t->entry[e].age = 0;
    }
}

/* The control state of the table as one cycle's operations leave it. */
struct plan {
    bool     valid[LOOKUP_MAX_ENTRIES];
    uint64_t pc[LOOKUP_MAX_ENTRIES];
    uint64_t mask[LOOKUP_MAX_ENTRIES];
    unsigned age[LOOKUP_MAX_ENTRIES];
    unsigned count;
    int      target[LOOKUP_MAX_PORTS];    /* entry written by a port, or -1 */
};

static void plan_start(const struct lookup_table *t, struct plan *p)
{
    for (unsigned e = 0; e < t->g.entries; e++) {
        p->valid[e] = t->entry[e].valid;
        p->pc[e]    = t->entry[e].warp.pc;
        p->mask[e]  = t->entry[e].warp.mask;
        p->age[e]   = t->entry[e].age;
    }
    p->count = t->count;
    for (unsigned q = 0; q < LOOKUP_MAX_PORTS; q++)
        p->target[q] = -1;
}

/* The head: the valid entry of rank 0, or -1 when the table is empty. */
static int head_of(const struct lookup_table *t)
{
    for (unsigned e = 0; e < t->g.entries; e++)
        if (t->entry[e].valid && t->entry[e].age == 0)
            return (int)e;
    return -1;
}

/* Free entry e; every valid entry younger than it moves one rank down. */
static void plan_free(const struct lookup_geometry *g, struct plan *p, unsigned e)
{
    for (unsigned i = 0; i < g->entries; i++)
        if (p->valid[i] && i != e && p->age[i] > p->age[e])
            p->age[i]--;
    p->valid[e] = false;
    p->count--;
}

/* Make valid entry e the youngest. */
static void plan_touch(const struct lookup_geometry *g, struct plan *p, unsigned e)
{
    for (unsigned i = 0; i < g->entries; i++)
        if (p->valid[i] && i != e && p->age[i] > p->age[e])
            p->age[i]--;
    p->age[e] = p->count - 1;
}

/* The Ready-Lookup's departure: pop removes the head. */
static void depart_head(const struct lookup_table *t, const struct lookup_in *in,
                        struct plan *p, struct lookup_out *out)
{
    int h = head_of(t);
    if (!in->pop)
        return;
    if (h < 0) {
        out->err = true;
        return;
    }
    plan_free(&t->g, p, (unsigned)h);
}

/* The Waiting-Lookup's completion: done frees the named entry. */
static void depart_done(const struct lookup_table *t, const struct lookup_in *in,
                        struct plan *p, struct lookup_out *out)
{
    unsigned slot = in->done_slot & (unsigned)low_bits(t->g.slot_w);
    if (!in->done_valid)
        return;
    if (slot >= t->g.entries || !t->entry[slot].valid) {
        out->err = true;
        return;
    }
    plan_free(&t->g, p, slot);
}

/* Lowest valid entry with this pc and no lane in common, or -1. */
static int merge_target(const struct lookup_geometry *g, const struct plan *p,
                        uint64_t pc, uint64_t mask)
{
    for (unsigned e = 0; e < g->entries; e++)
        if (p->valid[e] && p->pc[e] == pc && (p->mask[e] & mask) == 0)
            return (int)e;
    return -1;
}

static int free_entry(const struct lookup_geometry *g, const struct plan *p)
{
    for (unsigned e = 0; e < g->entries; e++)
        if (!p->valid[e])
            return (int)e;
    return -1;
}

/* Insert port q's warp into the plan: merge, allocate or bypass. */
static void insert(const struct lookup_geometry *g, const struct lookup_in *in,
                   unsigned q, struct plan *p, struct lookup_out *out)
{
    uint64_t pc = in->ins[q].pc & low_bits(g->pc_w);
    uint64_t mask = in->ins[q].mask & low_bits(g->lanes);
    int e;

    if (!in->ins_valid[q])
        return;
    if (mask == 0) {
        out->err = true;
        return;
    }
    e = merge_target(g, p, pc, mask);
    if (e >= 0) {
        p->mask[e] |= mask;
        if (g->kind == LOOKUP_READY)
            plan_touch(g, p, (unsigned)e);
        out->ins_merged[q] = true;
    } else if ((e = free_entry(g, p)) >= 0) {
        p->valid[e] = true;
        p->pc[e] = pc;
        p->mask[e] = mask;
        p->age[e] = g->kind == LOOKUP_READY ? p->count : 0;
        p->count++;
    } else {
        out->ins_bypass[q] = true;
        return;
    }
    p->target[q] = e;
    out->ins_slot[q] = (unsigned)e;
}

/* The outputs of the ports before the cycle's operations set them. */
static void clear_port_outputs(struct lookup_out *out)
{
    for (unsigned q = 0; q < LOOKUP_MAX_PORTS; q++) {
        out->ins_merged[q] = false;
        out->ins_bypass[q] = false;
        out->ins_slot[q] = 0;
    }
    out->err = false;
}

/* Whether no port operates this cycle: then the plan is the state as it
 * is, and no output that depends on the inputs is set. */
static bool ports_idle(const struct lookup_table *t, const struct lookup_in *in)
{
    for (unsigned q = 0; q < t->g.ports; q++)
        if (in->ins_valid[q])
            return false;
    return !in->pop && !in->done_valid;
}

/* The cycle's plan, and every output that depends on the inputs. */
static void plan_cycle(const struct lookup_table *t, const struct lookup_in *in,
                       struct plan *p, struct lookup_out *out)
{
    plan_start(t, p);
    clear_port_outputs(out);
    if (t->g.kind == LOOKUP_READY)
        depart_head(t, in, p, out);
    else
        depart_done(t, in, p, out);
    for (unsigned q = 0; q < t->g.ports; q++)
        insert(&t->g, in, q, p, out);
}

/* An entry's warp as the outputs show it: empty lanes read zero. */
static void show_warp(const struct lookup_geometry *g, const struct lookup_entry *en,
                      struct warp *w)
{
    w->pc = en->valid ? en->warp.pc : 0;
    w->mask = en->valid ? en->warp.mask : 0;
    for (unsigned l = 0; l < g->lanes; l++)
        w->tid[l] = (w->mask >> l) & 1 ? en->warp.tid[l] : 0;
}

static void show_nothing(const struct lookup_geometry *g, struct warp *w)
{
    w->pc = 0;
    w->mask = 0;
    for (unsigned l = 0; l < g->lanes; l++)
        w->tid[l] = 0;
}

/* The warp a completion names, or nothing. */
static void show_done(const struct lookup_table *t, const struct lookup_in *in,
                      struct warp *w)
{
    unsigned slot = in->done_slot & (unsigned)low_bits(t->g.slot_w);
    if (t->g.kind == LOOKUP_WAITING && in->done_valid &&
        slot < t->g.entries && t->entry[slot].valid)
        show_warp(&t->g, &t->entry[slot], w);
    else
        show_nothing(&t->g, w);
}

void lookup_table_eval(const struct lookup_table *t, const struct lookup_in *in,
                 struct lookup_out *out)
{
    lookup_table_eval_ports(t, in, out);
    for (unsigned e = 0; e < t->g.entries; e++) {
        const struct lookup_entry *en = &t->entry[e];
        out->entry[e].valid = en->valid;
        out->entry[e].age = en->valid ? en->age : 0;
        show_warp(&t->g, en, &out->entry[e].warp);
    }
}

void lookup_table_eval_ports(const struct lookup_table *t,
                             const struct lookup_in *in,
                             struct lookup_out *out)
{
    struct plan p;
    int h = t->g.kind == LOOKUP_READY ? head_of(t) : -1;

    if (ports_idle(t, in))
        clear_port_outputs(out);    /* and the plan is the state itself */
    else
        plan_cycle(t, in, &p, out);
    out->count = t->count;
    out->head_valid = h >= 0;
    if (h >= 0)
        show_warp(&t->g, &t->entry[h], &out->head);
    else
        show_nothing(&t->g, &out->head);
    show_done(t, in, &out->done);
}

void lookup_table_step(struct lookup_table *t, const struct lookup_in *in)
{
    struct plan p;
    struct lookup_out scratch;

    if (ports_idle(t, in))
        return;                 /* the plan would be the state itself */
    plan_cycle(t, in, &p, &scratch);
    for (unsigned e = 0; e < t->g.entries; e++) {
        t->entry[e].valid = p.valid[e];
        t->entry[e].warp.pc = p.pc[e];
        t->entry[e].warp.mask = p.mask[e];
        t->entry[e].age = p.age[e];
    }
    t->count = p.count;
    for (unsigned q = 0; q < t->g.ports; q++) {
        int e = p.target[q];
        uint64_t mask = in->ins[q].mask & low_bits(t->g.lanes);
        if (e < 0)
            continue;
        for (unsigned l = 0; l < t->g.lanes; l++)
            if ((mask >> l) & 1)
                t->entry[e].warp.tid[l] =
                    in->ins[q].tid[l] & (uint32_t)low_bits(t->g.tw);
    }
}
