/*
 * ready_lookup.c -- the ready kind of lookup table (lookup_table.c) under the
 * contract of model.h.
 */
#include "ready_lookup.h"

void ready_lookup_geometry(const struct simt_config *cfg,
                          struct lookup_geometry *g)
{
    lookup_table_geometry(cfg, LOOKUP_READY, g);
}

int ready_lookup_check(const struct lookup_geometry *g, char *msg,
                      size_t msglen)
{
    return lookup_table_check(g, msg, msglen);
}

int ready_lookup_init(struct ready_lookup *m, const struct simt_config *cfg,
                     char *msg, size_t msglen)
{
    return lookup_table_init(&m->table, cfg, LOOKUP_READY, msg, msglen);
}

void ready_lookup_reset(struct ready_lookup *m)
{
    lookup_table_reset(&m->table);
}

void ready_lookup_eval(const struct ready_lookup *m, const struct lookup_in *in,
                      struct lookup_out *out)
{
    lookup_table_eval(&m->table, in, out);
}

void ready_lookup_eval_ports(const struct ready_lookup *m,
                             const struct lookup_in *in,
                             struct lookup_out *out)
{
    lookup_table_eval_ports(&m->table, in, out);
}

void ready_lookup_step(struct ready_lookup *m, const struct lookup_in *in)
{
    lookup_table_step(&m->table, in);
}

unsigned long ready_lookup_state_bits(const struct lookup_geometry *g)
{
    return lookup_table_state_bits(g);
}

void ready_lookup_harp_org(const struct lookup_geometry *g,
                          struct harp_array_org *org)
{
    lookup_table_harp_org(g, org);
}
