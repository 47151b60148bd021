/*
 * ready_lookup.h -- the HARP Ready-Lookup table (HARP 4.2.1, 4.2.3): warps that
 * are ready to issue, merged by PC; the oldest departs to Second-Level
 * (lookup-to-second).  Two insert ports, a pop and an age per entry.
 *
 * The model is the lookup table of lookup_table.h in its ready kind, under
 * the contract of model.h.  Its geometry, input and output structs are the
 * lookup table's.  The generated module is simtref_ready_lookup.
 */
#ifndef SIMTREF_READY_LOOKUP_H
#define SIMTREF_READY_LOOKUP_H

#include <stddef.h>
#include "config.h"
#include "harp_org.h"
#include "lookup_table.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ready_lookup {
    struct lookup_table table;   /* a lookup table of kind LOOKUP_READY */
};

void ready_lookup_geometry(const struct simt_config *cfg,
                          struct lookup_geometry *g);
int ready_lookup_check(const struct lookup_geometry *g, char *msg,
                      size_t msglen);
int ready_lookup_init(struct ready_lookup *m, const struct simt_config *cfg,
                     char *msg, size_t msglen);
void ready_lookup_reset(struct ready_lookup *m);
void ready_lookup_eval(const struct ready_lookup *m, const struct lookup_in *in,
                      struct lookup_out *out);
/* ready_lookup_eval() without the entries' view (lookup_table.h). */
void ready_lookup_eval_ports(const struct ready_lookup *m,
                             const struct lookup_in *in,
                             struct lookup_out *out);
void ready_lookup_step(struct ready_lookup *m, const struct lookup_in *in);
unsigned long ready_lookup_state_bits(const struct lookup_geometry *g);

/* The table as HARP Table 7 prices it (lookup_table_harp_org()). */
void ready_lookup_harp_org(const struct lookup_geometry *g,
                          struct harp_array_org *org);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_READY_LOOKUP_H */
