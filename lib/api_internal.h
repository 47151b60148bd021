/*
 * api_internal.h -- what libsimtref's files share and what the tool's
 * own commands (cli/cmd_sim.c) reach behind the public interface: the
 * context and SM objects, the error setter, the model inside an SM.
 * Nothing here is exported from the shared library (its symbols are
 * only those starting with simtref_).
 */
#ifndef SIMTREF_API_INTERNAL_H
#define SIMTREF_API_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "simtref/simtref.h"
#include "config.h"
#include "program.h"
#include "sm.h"

enum { API_ERR_LEN = 2304, API_NAME_LEN = 64 };

/* A named range of global memory the host placed. */
struct api_buffer {
    char name[API_NAME_LEN];  /* for messages */
    uint32_t addr;            /* first byte */
    uint32_t bytes;           /* its size (0: an empty buffer) */
};

/* Where an SM is in its life: what the next call may do. */
enum api_state {
    API_OPEN,                 /* no kernel loaded */
    API_LOADED,               /* a kernel, no launch to run */
    API_LAUNCHED,             /* a launch ready to run */
    API_FREED                 /* simtref_sm_free(): nothing but the handle */
};

struct simtref_sm {
    struct simtref_ctx *ctx;  /* the owner, which holds the messages */
    struct simtref_sm *next;  /* the owner's list */
    enum api_state state;
    char label[API_NAME_LEN + 16]; /* "SM 2 (tiny)": names it in messages */
    struct simt_config cfg;   /* the resolved configuration */
    struct program prog;      /* the loaded kernel (state >= API_LOADED) */
    char kname[256];          /* its name in messages: the file, or what
                               * api_set_kernel_name() gave */
    struct sm *model;         /* the SM model, made by the load */
    uint8_t *global;          /* global memory: the model's while it has
                               * one (lent to it, taken back before it is
                               * destroyed) */
    uint32_t global_bytes;
    uint64_t *written;        /* a bit per word of global memory: written
                               * by the host or a thread (the model sets
                               * the threads' bits, sm_memory.h) */
    struct api_buffer *buf;   /* the buffers, sorted by address */
    unsigned n_buf, cap_buf;
    uint32_t top;             /* the end of the highest buffer (alloc) */
    struct sm_launch launch;  /* the launch to run (state API_LAUNCHED) */
    bool ran;                 /* a run happened: the statistics hold */
    unsigned options;         /* SIMTREF_OPT_* */
    FILE *trace;              /* the caller's, or NULL */
};

struct simtref_ctx {
    char err[API_ERR_LEN];    /* the message of the last failure */
    struct simtref_sm *sms;   /* every SM opened, freed ones too */
    unsigned opened;          /* SMs opened so far (their labels) */
};

/* Record the message of a failure on ctx and return status. */
int api_fail(struct simtref_ctx *ctx, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* SIMTREF_OK when sm may be used (not NULL, not freed), else the
 * status after the message, naming `what` was asked. */
int api_usable(struct simtref_sm *sm, const char *what);

/* The model of a loaded SM (NULL before a load), for the tool's detailed
 * summary: read it, do not change it. */
const struct sm *api_sm_model(const struct simtref_sm *sm);

/* The keys of the timing model in `simtref sim --json`, each line ending
 * in a comma (from "thread_ipc" to "lsu"). */
void api_timing_json(const struct sm *model, FILE *f);

/* Name the loaded kernel in the model's messages ("vecadd" for the
 * suite's) instead of its file: SIMTREF_OK, or SIMTREF_ESTATE before a
 * load. */
int api_set_kernel_name(struct simtref_sm *sm, const char *name);

/* Mark [addr, addr + bytes) written (global memory's bitmap). */
void api_mark_written(struct simtref_sm *sm, uint32_t addr, uint32_t bytes);

#endif /* SIMTREF_API_INTERNAL_H */
