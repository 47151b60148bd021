/*
 * model.h -- the contract every structure model in golden/ follows.
 *
 * A hardware structure X is the file pair golden/structures/X.{c,h}, the
 * generated module simtref_X (rtlgen/emit_X.c) and the testbench
 * tb/tb_X.cpp.  Its
 * model is cycle-exact at the module's ports and is written with these
 * names, every one prefixed by the file name:
 *
 *   struct X_geometry  the structure's sizes, each derived from the
 *                      configuration in X_geometry() and nowhere else
 *   struct X_in        the input ports of one cycle
 *   struct X_out       the output ports of one cycle
 *   struct X           the state: the geometry, then the registers and
 *                      memories of the module
 *
 *   void X_geometry(const struct simt_config *cfg, struct X_geometry *g);
 *       The sizes of X in cfg.
 *   int X_check(const struct X_geometry *g, char *msg, size_t msglen);
 *       Whether the model and the generator are built for these sizes
 *       (the bounds of the model's arrays, the shapes the RTL handles):
 *       0, or -1 with a message in msg.  The message names neither a file
 *       and line nor the configuration: the parser has already checked
 *       every key against the others with file:line, and the caller
 *       prefixes the configuration's name (model_refuse()).
 *   int X_init(struct X *m, const struct simt_config *cfg,
 *              char *msg, size_t msglen);
 *       X_geometry(), X_check(), then X_reset(): 0, or -1 with
 *       "NAME: " and X_check()'s message in msg.  (msg may be NULL
 *       when msglen is 0: a caller that knows cfg is valid.)
 *   void X_reset(struct X *m);
 *       The asynchronous reset.
 *   void X_eval(const struct X *m, const struct X_in *in,
 *               struct X_out *out);
 *       The outputs of this cycle from the state and the inputs: what the
 *       RTL shows before the clock edge.  It changes no state.
 *   void X_step(struct X *m, const struct X_in *in);
 *       One rising clock edge: the state takes its next value.
 *   unsigned long X_state_bits(const struct X_geometry *g);
 *       The storage bits of the generated module (flip-flops and memory
 *       bits together; a model that keeps some in memories says which in
 *       X_memory_bits()).
 *
 * A structure may add functions of its own beside these (views of the
 * state for tests, its HARP Table 7 organisation), under the same prefix.
 *
 * A model may keep answers that are not hardware, only for speed: they
 * go in a member `struct X_memo memo`, commented "not hardware: kept for
 * speed", each field with what makes it stale and where it is refreshed,
 * and are counted in no state bits.  X_eval() may read a memo but never
 * writes one: a function that writes a memo takes the state without
 * const (it is a step, or says why it is not).  Beside the memo, `bool
 * reference` (set by the owner after X_init(), kept by X_reset()) makes
 * the model read no memo and recompute each answer where it is used:
 * `simtref sim --reference` sets it in the SM's models, and make
 * check requires the same outputs both ways (tests/cli/sim_reference.sh).
 *
 * The two HARP lookups, ready_lookup and waiting_lookup, are one kind of
 * table with different ports in use: they share their geometry, input and
 * output structs (struct lookup_geometry, lookup_in, lookup_out in
 * lookup_table.h) and follow the contract otherwise.
 *
 * Dependencies point one way: a model includes config.h, bits.h, warp.h,
 * harp_org.h and this header (the lookups also lookup_table.h; decode and
 * the lane, golden/structures/lane.h, also rv32.h for the decoded instruction,
 * declarations only: rv32.c's code runs on the lane), never another
 * model; the generator, the testbenches, the area report and the SM
 * model include the models.
 */
#ifndef SIMTREF_MODEL_H
#define SIMTREF_MODEL_H

#include <stddef.h>
#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * X_init()'s refusal: puts "NAME: " (cfg's name) before the message
 * X_check() left in msg, and returns -1.
 */
int model_refuse(const struct simt_config *cfg, char *msg, size_t msglen);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_MODEL_H */
