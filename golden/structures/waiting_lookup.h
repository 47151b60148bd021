/*
 * waiting_lookup.h -- the HARP Waiting-Lookup table (HARP 4.2.1, 4.2.4): warps
 * waiting for a memory access, merged by PC; a completion releases its
 * entry's warp to Second-Level (waiting-to-second).  One insert port and a
 * completion port.
 *
 * The model is the lookup table of lookup_table.h in its waiting kind, under
 * the contract of model.h.  Its geometry, input and output structs are the
 * lookup table's.  The generated module is simtref_waiting_lookup.
 */
#ifndef SIMTREF_WAITING_LOOKUP_H
#define SIMTREF_WAITING_LOOKUP_H

#include <stddef.h>
#include "config.h"
#include "harp_org.h"
#include "lookup_table.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

struct waiting_lookup {
    struct lookup_table table;   /* a lookup table of kind LOOKUP_WAITING */
};

void waiting_lookup_geometry(const struct simt_config *cfg,
                          struct lookup_geometry *g);
int waiting_lookup_check(const struct lookup_geometry *g, char *msg,
                      size_t msglen);
int waiting_lookup_init(struct waiting_lookup *m, const struct simt_config *cfg,
                     char *msg, size_t msglen);
void waiting_lookup_reset(struct waiting_lookup *m);
void waiting_lookup_eval(const struct waiting_lookup *m, const struct lookup_in *in,
                      struct lookup_out *out);
/* waiting_lookup_eval() without the entries' view (lookup_table.h). */
void waiting_lookup_eval_ports(const struct waiting_lookup *m,
                               const struct lookup_in *in,
                               struct lookup_out *out);
void waiting_lookup_step(struct waiting_lookup *m, const struct lookup_in *in);
unsigned long waiting_lookup_state_bits(const struct lookup_geometry *g);

/* The table as HARP Table 7 prices it (lookup_table_harp_org()). */
void waiting_lookup_harp_org(const struct lookup_geometry *g,
                          struct harp_array_org *org);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_WAITING_LOOKUP_H */
