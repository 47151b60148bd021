/*
 * waiting_lookup.c -- the waiting kind of lookup table (lookup_table.c) under the
 * contract of model.h.
 */
#include "waiting_lookup.h"

void waiting_lookup_geometry(const struct simt_config *cfg,
                          struct lookup_geometry *g)
{
    lookup_table_geometry(cfg, LOOKUP_WAITING, g);
}

int waiting_lookup_check(const struct lookup_geometry *g, char *msg,
                      size_t msglen)
{
    return lookup_table_check(g, msg, msglen);
}

int waiting_lookup_init(struct waiting_lookup *m, const struct simt_config *cfg,
                     char *msg, size_t msglen)
{
    return lookup_table_init(&m->table, cfg, LOOKUP_WAITING, msg, msglen);
}

void waiting_lookup_reset(struct waiting_lookup *m)
{
    lookup_table_reset(&m->table);
}

void waiting_lookup_eval(const struct waiting_lookup *m, const struct lookup_in *in,
                      struct lookup_out *out)
{
    lookup_table_eval(&m->table, in, out);
}

void waiting_lookup_eval_ports(const struct waiting_lookup *m,
                               const struct lookup_in *in,
                               struct lookup_out *out)
{
    lookup_table_eval_ports(&m->table, in, out);
}

void waiting_lookup_step(struct waiting_lookup *m, const struct lookup_in *in)
{
    lookup_table_step(&m->table, in);
}

unsigned long waiting_lookup_state_bits(const struct lookup_geometry *g)
{
    return lookup_table_state_bits(g);
}

void waiting_lookup_harp_org(const struct lookup_geometry *g,
                          struct harp_array_org *org)
{
    lookup_table_harp_org(g, org);
}
