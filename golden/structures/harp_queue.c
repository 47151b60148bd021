/*
 * harp_queue.c -- a queue of warps with many write ports (harp_queue.h).
 */
#include "harp_queue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"

static void sizes(const struct simt_config *cfg, struct harp_queue_geometry *g,
                  unsigned entries, unsigned ports)
{
    g->lanes = cfg->warp_size;
    g->warps = cfg->threads_per_scheduler / cfg->warp_size;
    g->pc_w = cfg->pc_bits;
    g->tw = cfg->thread_id_bits - clog2(cfg->simd_width);
    g->entries = entries;
    g->ports = ports;
    g->cnt_w = bits_for(entries);
    g->ptr_w = entries > 1 ? clog2(entries) : 1;
}

unsigned harp_queue_enter_port(const struct harp_queue_geometry *g,
                               enum harp_queue_source s, unsigned *n)
{
    /* ORDER HARP_QUEUE_ENTER: each source's ports (harp_queue.h) */
    unsigned count[HARP_ENTER_SOURCES] = {
        [HARP_ENTER_READY_BYPASS] = 2,
        [HARP_ENTER_WAIT_DONE] = 1,
        [HARP_ENTER_WAIT_BYPASS] = 1,
        [HARP_ENTER_PEND] = 1,
        [HARP_ENTER_EXTRA] = g->lanes > 2 ? g->lanes - 2 : 0,
        [HARP_ENTER_LAUNCH] = 1,
        [HARP_ENTER_RELEASE] = g->warps * g->lanes,
    };
    unsigned first = 0;

    for (unsigned k = 0; k < (unsigned)s; k++)
        first += count[k];
    if (n)
        *n = s < HARP_ENTER_SOURCES ? count[s] : 0;
    return first;
}

void harp_queue_geometry(const struct simt_config *cfg,
                         struct harp_queue_geometry *g)
{
    unsigned warps = cfg->threads_per_scheduler / cfg->warp_size;

    /* room for a warp per thread of the scheduler, and four more */
    sizes(cfg, g, warps * cfg->warp_size + 4, 0);
    g->ports = harp_queue_enter_port(g, HARP_ENTER_SOURCES, NULL);
}

void harp_queue_arrivals_geometry(const struct simt_config *cfg,
                                  struct harp_queue_geometry *g)
{
    unsigned warps = cfg->threads_per_scheduler / cfg->warp_size;

    /* a thread exits once and is a member of at most one barrier per
     * RBT entry: a group per (thread, entry) at most */
    sizes(cfg, g, warps * cfg->warp_size * cfg->rbt_entries + 1,
          cfg->rbt_entries);
}

int harp_queue_check(const struct harp_queue_geometry *g, char *msg,
                     size_t msglen)
{
    if (g->lanes < 1 || g->lanes > WARP_MAX_LANES || g->entries < 1
        || g->ports < 1 || g->pc_w > 64 || g->tw > 32) {
        snprintf(msg, msglen, "the HARP stage's queue is built for 1 to %u "
                 "lanes, PCs of at most 64 bits and thread ids of at most "
                 "32 (it has %u lanes, %u, %u)", (unsigned)WARP_MAX_LANES,
                 g->lanes, g->pc_w, g->tw);
        return -1;
    }
    return 0;
}

int harp_queue_init_geometry(struct harp_queue *q,
                             const struct harp_queue_geometry *g,
                             char *msg, size_t msglen)
{
    char why[256];

    memset(q, 0, sizeof *q);
    q->g = *g;
    if (harp_queue_check(g, why, sizeof why) != 0) {
        if (msglen)
            snprintf(msg, msglen, "harp_queue: %s", why);
        return -1;
    }
    q->entry = calloc(g->entries, sizeof *q->entry);
    if (!q->entry) {
        if (msglen)
            snprintf(msg, msglen, "harp_queue: out of memory");
        return -1;
    }
    harp_queue_reset(q);
    return 0;
}

int harp_queue_init(struct harp_queue *q, const struct simt_config *cfg,
                    char *msg, size_t msglen)
{
    struct harp_queue_geometry g;

    harp_queue_geometry(cfg, &g);
    return harp_queue_init_geometry(q, &g, msg, msglen);
}

void harp_queue_free(struct harp_queue *q)
{
    free(q->entry);
    q->entry = NULL;
}

void harp_queue_reset(struct harp_queue *q)
{
    q->count = 0;
}

/* The valid writes of in. */
static unsigned writes(const struct harp_queue *q,
                       const struct harp_queue_in *in)
{
    unsigned n = 0;

    for (unsigned p = 0; in->wr_valid && p < q->g.ports; p++)
        n += in->wr_valid[p];
    return n;
}

void harp_queue_eval(const struct harp_queue *q,
                     const struct harp_queue_in *in,
                     struct harp_queue_out *out)
{
    unsigned left = q->count - (in->pop && q->count);

    memset(&out->head, 0, sizeof out->head);
    out->head_valid = q->count > 0;
    out->count = q->count;
    if (q->count) {
        out->head.pc = q->entry[0].pc;
        out->head.mask = q->entry[0].mask;
        for (unsigned l = 0; l < q->g.lanes; l++)
            if (out->head.mask >> l & 1)
                out->head.tid[l] = q->entry[0].tid[l];
    }
    out->err = (in->pop && !q->count)
               || writes(q, in) > q->g.entries - left;
}

void harp_queue_step(struct harp_queue *q, const struct harp_queue_in *in)
{
    if (in->pop && q->count) {
        memmove(q->entry, q->entry + 1, (q->count - 1) * sizeof *q->entry);
        q->count--;
    }
    for (unsigned p = 0; in->wr_valid && p < q->g.ports; p++)
        if (in->wr_valid[p] && q->count < q->g.entries)
            q->entry[q->count++] = in->wr[p];
}

unsigned long harp_queue_state_bits(const struct harp_queue_geometry *g)
{
    unsigned long row = (unsigned long)g->pc_w + g->lanes
                        + (unsigned long)g->lanes * g->tw;

    return (unsigned long)g->entries * row + g->ptr_w + g->cnt_w;
}
