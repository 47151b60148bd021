/*
 * mem_wait.h -- the SM's table of the loads in flight: which threads a
 * load or atomic sent to the load/store unit writes, and which threads
 * wait on global memory.
 *
 * The LSU reports a request done by its warp slot and destination
 * register alone (struct lsu_done); the threads it writes are those of
 * the warp-instruction that sent it, which under a regrouping mode (harp)
 * come from several launch warps.  This table keeps them: per warp slot g
 * and register rd, the lanes of the load in flight, whether it went to
 * global memory, and each lane's thread's warp slot.  The scoreboard's
 * release port reads them when the load is done.  Beside it, per thread a
 * count of its global loads and atomics in flight, and per warp slot the
 * lanes whose count is not 0: the threads waiting on global memory, which
 * harp's Waiting-Lookup reads (sm_rc_in.mem_pending) and the stall and
 * idle-thread counts name.
 *
 * Ports (struct mem_wait_in / mem_wait_out), one cycle:
 *
 *   send[k]        a load or atomic with a destination goes to the LSU
 *                  (one per scheduler): its warp slot and rd, lanes,
 *                  whether global, and each lane's warp slot.  The entry
 *                  (slot, rd) takes it; a global one counts one more in
 *                  flight for each of its threads.
 *   done[k]        the LSU's requests done in this cycle, by warp slot
 *                  and rd: the entry is read out (out.done_*[k]) and
 *                  cleared, and a global one counts one fewer for each of
 *                  its threads.
 *   rd_slot, rd_reg  the read port: out.rd_mask is the lanes of the
 *                  entry's load in flight (0: none)
 *
 * Outputs: out.done_*[k], the entry each done names, with a write-first
 * bypass from the sends of the same cycle (a send and a done of one
 * entry in one cycle: the done reads what the send writes, as the edge
 * writes the send first); out.pending, the per-slot lanes waiting on
 * global memory (the registers, from the state).
 *
 * Cycle protocol: mem_wait_eval() reads the state and the ports;
 * mem_wait_step() is the clock edge: the sends, then the dones.
 */
#ifndef SIMTREF_MEM_WAIT_H
#define SIMTREF_MEM_WAIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { MEM_WAIT_REGS = 32, MEM_WAIT_MAX_LANES = 64,
       MEM_WAIT_MAX_SEND = CONFIG_MAX_SCHEDULERS,
       MEM_WAIT_MAX_INFLIGHT = 64 };   /* the LSU's in-flight entries
                                        * (LSU_MAX_INFLIGHT): a thread has
                                        * at most as many loads in flight */

struct mem_wait_geometry {
    unsigned warp_slots;    /* G: schedulers * threads_per_scheduler /
                               warp_size */
    unsigned warp_size;     /* lanes */
    unsigned slot_w;        /* bits of a warp slot, clog2(G), at least 1 */
    unsigned count_w;       /* bits of a thread's count, clog2(65) */
    unsigned sends;         /* the module's send ports: one per warp
                               scheduler (send[]) */
    unsigned dones;         /* its done ports: the LSU's write-back ports,
                               lsu_writebacks (done[]) */
};

/* A load in flight. */
struct mem_wait_entry {
    uint64_t mask;          /* its lanes; 0: nothing in flight */
    bool global;            /* it went to global memory */
    uint16_t slot[MEM_WAIT_MAX_LANES];  /* each lane's thread's warp slot */
};

struct mem_wait_send {
    unsigned slot, rd;      /* the entry: the sending warp slot and rd */
    struct mem_wait_entry e;    /* what it holds from the edge */
};

struct mem_wait_in {
    unsigned n_send;        /* sends this cycle */
    struct mem_wait_send send[MEM_WAIT_MAX_SEND];
    unsigned n_done;        /* requests done this cycle */
    struct { unsigned slot, rd; } done[MEM_WAIT_MAX_INFLIGHT];
    unsigned rd_slot, rd_reg;   /* the read port's entry */
};

struct mem_wait_out {
    uint64_t rd_mask;       /* the read port's entry's lanes */
    /* per done k, the entry it names as the edge finds it: a send's of
     * this cycle to the same entry, else the register's; for a second
     * done of one entry in one cycle, cleared (mask 0) */
    uint64_t done_mask[MEM_WAIT_MAX_INFLIGHT];  /* its lanes */
    bool done_global[MEM_WAIT_MAX_INFLIGHT];    /* it went to global
                               memory (counts and pending change) */
    const uint16_t *done_slots[MEM_WAIT_MAX_INFLIGHT];  /* each lane's warp
                               slot: points into the state or the send
                               port, valid until the step */
    const uint64_t *pending;    /* [g]: the lanes of warp slot g waiting
                               on global memory (the module's output
                               bus; points at the registers, not copied) */
};

struct mem_wait {
    struct mem_wait_geometry g;
    struct mem_wait_entry *entry;   /* [g * 32 + rd]: the loads in flight */
    uint8_t *count;         /* [g * warp_size + l]: thread (g, l)'s global
                             * loads and atomics in flight */
    uint64_t *pending;      /* [g]: lanes whose count is not 0 */
};

void mem_wait_geometry(const struct simt_config *cfg,
                       struct mem_wait_geometry *g);
int mem_wait_check(const struct mem_wait_geometry *g, char *msg,
                   size_t msglen);
/* model.h's contract; the tables are allocated here (mem_wait_free). */
int mem_wait_init(struct mem_wait *m, const struct simt_config *cfg,
                  char *msg, size_t msglen);
void mem_wait_free(struct mem_wait *m);
/* Nothing in flight. */
void mem_wait_reset(struct mem_wait *m);
void mem_wait_eval(const struct mem_wait *m, const struct mem_wait_in *in,
                   struct mem_wait_out *out);
void mem_wait_step(struct mem_wait *m, const struct mem_wait_in *in);
/* Per entry a mask, the global bit and a slot per lane; per thread a
 * count; per slot the pending lanes. */
unsigned long mem_wait_state_bits(const struct mem_wait_geometry *g);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_MEM_WAIT_H */
