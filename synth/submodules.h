/*
 * submodules.h -- the modules a generated module instantiates, found beside
 * it.
 *
 * Generated RTL holds one module per file, module NAME in NAME.v, all the
 * modules of a configuration in one directory.  A module that instantiates
 * another (the LSU its unified arbiter; the SM every part) is synthesized
 * with the files of every module it instantiates, directly or through
 * another, and its cache key covers their text.
 */
#ifndef SIMTREF_SUBMODULES_H
#define SIMTREF_SUBMODULES_H
#include <stddef.h>
#include "synth_text.h"

enum { SUBMODULES_MAX = 32 };   /* distinct modules below one top */

/* The modules below one top, sorted by name. */
struct submodules {
    size_t n;                               /* how many */
    char   name[SUBMODULES_MAX][128];       /* module NAME */
    char   path[SUBMODULES_MAX][SYNTH_PATH_SIZE]; /* DIR/NAME.v */
};

/*
 * The modules that module top of the file verilog_path instantiates,
 * directly or through another, each found as NAME.v in the directory of
 * verilog_path (an instance of a module without such a file is left to
 * Yosys, which reports it).  An instance is recognised, outside comments,
 * as `NAME #(` or `NAME INSTANCE (`.  Returns 0 with *out filled in, or -1
 * with a message in err (a file that cannot be read, more than
 * SUBMODULES_MAX modules).
 */
int submodules_find(const char *verilog_path, const char *top,
                    struct submodules *out, char *err, size_t errlen);

/*
 * The instantiated module names of the Verilog text, in order of first
 * appearance, each passed to found(name, len, ctx); stops and returns -1
 * when found does, else 0.
 */
int submodules_scan(const char *text,
                    int (*found)(const char *name, size_t len, void *ctx),
                    void *ctx);
#endif /* SIMTREF_SUBMODULES_H */
