/*
 * lookup_table.h -- the table both HARP lookups are: the Ready-Lookup and
 * the Waiting-Lookup tables (HARP 4.2.1, 4.2.3, 4.2.4), one model of either
 * kind.  ready_lookup.h and waiting_lookup.h are the two structures.
 *
 * A lookup table is fully associative, with E entries.  An entry holds one
 * warp: valid, pc, mask (one bit per lane) and the thread id of each lane
 * without its lane bits (TW bits per lane).  A warp is inserted by
 *
 *   merge     into the lowest-index valid entry with the same pc and no
 *             lane conflict ((mask & ins_mask) == 0): mask |= ins_mask and
 *             the thread ids of the inserted lanes are written;
 *   allocate  else into the lowest-index free entry;
 *   bypass    else (the table is full and nothing merges): the warp is not
 *             stored, and ins_bypass says so (it goes straight to
 *             Second-Level, HARP 4.2.4).  Nothing is ever overwritten.
 *
 * An insert with an empty mask violates the input contract: err is raised
 * and the insert is ignored (neither merged nor bypassed).  So a stored
 * warp's mask is never empty, and a merged warp keeps one pc and never has
 * two threads in one lane.
 *
 * Ready-Lookup (kind LOOKUP_READY, module simtref_ready_lookup)
 *   Two insert ports (the two thread groups of one divergence, HARP 4.1).
 *   FIFO departure (lookup-to-second, HARP 4.2.3): head shows the oldest
 *   valid entry; pop removes it on the clock edge.  Age is by last write:
 *   an allocation or a merge makes the entry the youngest (a merged warp is
 *   a recently diverged warp, 4.2.1).  Order within a cycle: the pop, then
 *   port 0, then port 1; each step sees the result of the one before, so a
 *   departing head cannot be merged into and port 1 can merge into the warp
 *   port 0 has just stored.  pop on an empty table: err, no effect.
 *
 *   Age is kept as a rank per entry: age[e] is the number of valid entries
 *   older than e, so over the valid entries the ranks are a permutation of
 *   0..count-1 and the head is the valid entry of rank 0.  A pop lowers
 *   every other rank by one; an allocation gives rank count; a merge into
 *   the entry of rank r gives it rank count-1 and lowers the ranks above r.
 *
 * Waiting-Lookup (kind LOOKUP_WAITING, module simtref_waiting_lookup)
 *   One insert port (a First-Level warp decoding a global memory
 *   instruction, 4.2.1); ins_slot names the entry that now holds the warp
 *   (0 when nothing was stored), so that the memory system can name it at
 *   completion.  Completion: done_valid with done_slot shows that entry's
 *   warp on done (zero when nothing valid is named) and frees the entry on
 *   the clock edge (waiting-to-second).  done naming a free entry or an
 *   entry beyond the table: err, no effect.  Order within a cycle: the
 *   completion, then the insert (which may reuse the freed entry and cannot
 *   merge into the leaving warp).
 *
 * Both kinds show the table contents (valid, pc, mask, tid, and for the
 * Ready-Lookup the age ranks) as outputs, qualified by the valid and mask
 * bits (zero where nothing is stored), and count, the number of valid
 * entries.  Every output tid field of an empty lane is zero.
 *
 * The model is cycle-exact at the module ports:
 *   lookup_table_eval()  the outputs of this cycle, from the state and the inputs;
 *   lookup_table_step()  one rising clock edge;
 *   lookup_table_reset() the asynchronous reset (every entry free).
 * Input fields wider than the RTL's ports are cut to the port widths (pc to
 * pc_bits, mask to L bits, tid to TW bits, done_slot to slot_w bits).
 */
#ifndef SIMTREF_LOOKUP_TABLE_H
#define SIMTREF_LOOKUP_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "model.h"
#include "harp_org.h"
#include "warp.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Upper bounds of the model's arrays: the largest table and warp the
 * configuration validation admits (ready/waiting_lookup_entries <= 256,
 * simd_width <= 64).  lookup_table_init() checks them all the same.
 */
enum {
    LOOKUP_MAX_ENTRIES = 256,
    LOOKUP_MAX_PORTS   = 2
};

enum lookup_kind { LOOKUP_READY, LOOKUP_WAITING };

/* Sizes, all derived from the configuration by lookup_table_geometry(). */
struct lookup_geometry {
    enum lookup_kind kind;
    unsigned entries;    /* E: ready_ or waiting_lookup_entries */
    unsigned ports;      /* insert ports: 2 (ready) or 1 (waiting) */
    unsigned lanes;      /* L = simd_width */
    unsigned pc_w;       /* pc_bits */
    unsigned tw;         /* thread id without lane bits: thread_id_bits - log2 L */
    unsigned slot_w;     /* entry index and age rank: clog2(E), at least 1 */
    unsigned cnt_w;      /* count: clog2(E + 1) */
};

struct lookup_in {
    bool               ins_valid[LOOKUP_MAX_PORTS];
    struct warp ins[LOOKUP_MAX_PORTS];
    bool               pop;          /* ready: the head departs */
    bool               done_valid;   /* waiting: a memory access completes */
    unsigned           done_slot;    /* ... for the warp of this entry */
};

/* One entry as the outputs show it (zero where nothing is stored). */
struct lookup_view {
    bool               valid;
    unsigned           age;          /* ready only */
    struct warp warp;
};

/*
 * Only the first E entries and the first L lanes of each warp are
 * written by lookup_table_eval(); the rest of the struct is left as it was.
 */
struct lookup_out {
    bool               ins_merged[LOOKUP_MAX_PORTS];
    bool               ins_bypass[LOOKUP_MAX_PORTS];
    unsigned           ins_slot[LOOKUP_MAX_PORTS];   /* waiting's ins_slot_o */
    bool               head_valid;                   /* ready */
    struct warp head;                         /* ready */
    struct warp done;                         /* waiting */
    unsigned           count;
    bool               err;
    struct lookup_view entry[LOOKUP_MAX_ENTRIES];
};

struct lookup_entry {
    bool               valid;
    unsigned           age;
    struct warp warp;
};

struct lookup_table {
    struct lookup_geometry  g;
    unsigned            count;
    struct lookup_entry entry[LOOKUP_MAX_ENTRIES];
};

void lookup_table_geometry(const struct simt_config *cfg, enum lookup_kind kind,
                     struct lookup_geometry *g);

/*
 * Flip-flops of the generated module, from the geometry:
 *   per entry  1 valid + pc_w + L mask + L*TW tid (+ slot_w age, ready)
 *   once       cnt_w count
 */
unsigned long lookup_table_state_bits(const struct lookup_geometry *g);

/*
 * The table as HARP Table 7 prices it ("Lookup Ready", "Lookup Waiting"):
 *   banks    1            one fully associative array
 *   entries  E
 *   sets     1            fully associative: one set ...
 *   ways     E            ... of E ways
 *   tag bits pc_w + L*TW  the search key is the pc, and the thread ids are
 *                         kept beside it (Table 7 lists 32+16*(10-4))
 *   row bits pc_w + L*TW  pc and one TW-bit thread id per lane
 * Table 7 counts no valid bit, lane mask or age, which the RTL holds in
 * flip-flops: lookup_table_state_bits() is larger by E*(1 + L [+ slot_w]) +
 * cnt_w.  At fermi-harp both tables are 1/8/1/8/128/128.
 */
void lookup_table_harp_org(const struct lookup_geometry *g, struct harp_array_org *org);

/* As model.h says, for a table of either kind. */
int lookup_table_check(const struct lookup_geometry *g, char *msg, size_t msglen);
int lookup_table_init(struct lookup_table *m, const struct simt_config *cfg,
                      enum lookup_kind kind,
                      char *msg, size_t msglen);
void lookup_table_reset(struct lookup_table *t);
void lookup_table_eval(const struct lookup_table *t, const struct lookup_in *in,
                 struct lookup_out *out);
/* lookup_table_eval() without the table view: every output but entry[]
 * (left unwritten), for a composition that reads only the ports. */
void lookup_table_eval_ports(const struct lookup_table *t,
                             const struct lookup_in *in,
                             struct lookup_out *out);
void lookup_table_step(struct lookup_table *t, const struct lookup_in *in);

#ifdef __cplusplus
}
#endif

#endif /* SIMTREF_LOOKUP_TABLE_H */
