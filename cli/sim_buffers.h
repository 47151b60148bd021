/*
 * sim_buffers.h -- `simtref sim`'s buffers of a user's kernel, given on
 * the command line: each named, made of 32-bit words from a file, zeros
 * or seeded random values (--buffer), the argument block's words, a
 * number or a buffer's address (--arg), and the buffers written back to
 * files after the run (--out).  Placed in global memory through the host
 * API (simtref/simtref.h), in the order given.
 */
#ifndef SIMTREF_SIM_BUFFERS_H
#define SIMTREF_SIM_BUFFERS_H

#include <stddef.h>
#include <stdint.h>

#include "simtref/simtref.h"

enum { SIM_MAX_BUFFERS = 32, SIM_MAX_ARGS = 64, SIM_BUF_NAME = 32 };

/* Where a buffer's words come from. */
enum sim_buffer_kind { SIM_BUF_ZEROS, SIM_BUF_RANDOM, SIM_BUF_FILE };

/* One --buffer NAME=SPEC. */
struct sim_buffer {
    char name[SIM_BUF_NAME];  /* what --arg @NAME and --out NAME call it */
    enum sim_buffer_kind kind;
    uint32_t words;           /* its size */
    int64_t lo, hi;           /* SIM_BUF_RANDOM: the values' range */
    const char *path;         /* SIM_BUF_FILE: the file (its words) */
    uint32_t addr;            /* where it was placed (sim_buffers_place) */
};

/* One --arg: a number, or @NAME, a buffer's address. */
struct sim_arg {
    int buffer;               /* the buffer's index, or -1 */
    uint32_t value;           /* the number */
};

/* One --out NAME=FILE. */
enum { SIM_OUT_ARGS = -2 };   /* --out args=FILE: the argument block */
struct sim_out {
    int buffer;               /* its index, or SIM_OUT_ARGS */
    const char *path;
};

struct sim_buffers {
    struct sim_buffer buf[SIM_MAX_BUFFERS];
    unsigned n_buf;
    struct sim_arg arg[SIM_MAX_ARGS];
    unsigned n_arg;
    struct sim_out out[SIM_MAX_BUFFERS];
    unsigned n_out;
    uint32_t args_addr;       /* the argument block (sim_buffers_place) */
    uint32_t args_words;      /* its words */
};

/* Parse the options' values (each list in the order given) into b: 0, or
 * -1 with a message naming the bad value. */
int sim_buffers_parse(struct sim_buffers *b, const char *const *buffers,
                      size_t nbuf, const char *const *args, size_t narg,
                      const char *const *outs, size_t nout, char *err,
                      size_t errlen);

/* Place and write the buffers on sm (their words from files, zeros, or
 * random values from seed), then the argument block (without --arg: each
 * buffer's address in order): 0, or -1 with a message. */
int sim_buffers_place(struct sim_buffers *b, simtref_ctx *ctx,
                      simtref_sm *sm, uint64_t seed, char *err, size_t errlen);

/* Write each --out buffer to its file, a word per line as a signed
 * decimal, each file whole or not at all: 0, or -1 with a message. */
int sim_buffers_write_out(const struct sim_buffers *b, simtref_ctx *ctx,
                          simtref_sm *sm, char *err, size_t errlen);

/* Whether some buffer takes random values (--seed seeds them). */
int sim_buffers_random(const struct sim_buffers *b);

#endif /* SIMTREF_SIM_BUFFERS_H */
