/*
 * vgen.h -- a small writer for generated Verilog: indentation, module
 * headers with aligned parameter and port lists, section banners.
 *
 * Every emitter (one per hardware structure) writes through a struct vgen,
 * so all generated files share one layout.  Output goes through an
 * atomic_file (util/atomic_file.h): a temporary that vgen_close() renames
 * into place only when every write succeeded, so a failed run leaves no
 * half-written module behind.
 */
#ifndef SIMTREF_VGEN_H
#define SIMTREF_VGEN_H

#include <stdio.h>
#include <stddef.h>

#include "atomic_file.h"

struct vgen {
    FILE *out;              /* the temporary being written (file.f) */
    int   depth;            /* indentation level, two spaces each */
    int   failed;           /* a write failed */
    struct atomic_file file;    /* the final path and its temporary */
};

/* One entry of a parameter list.  A NULL name starts a comment line. */
struct vparam {
    const char *name;
    long        value;      /* used when expr is NULL */
    const char *expr;       /* a derived value, e.g. "$clog2(NUM_TBS)" */
    const char *comment;
};

/* One entry of a port list.  A NULL dir starts a group comment line. */
struct vport {
    const char *dir;        /* "input", "output" */
    const char *range;      /* "" for one bit, else "[NUM_TBS-1:0]" */
    const char *name;
    const char *comment;
};

/* Open path for writing (through a temporary).  Returns 0 or -1 (errno). */
int  vgen_open(struct vgen *v, const char *path);
/* Finish: flush, close, rename into place.  Returns 0 or -1 (errno);
 * on failure the temporary is removed and nothing is left at path. */
int  vgen_close(struct vgen *v);
/* vgen_close in two steps, for files committed together: vgen_finish
 * flushes and closes (0, or -1 with errno and the temporary removed),
 * vgen_commit renames into place (0 or -1 with errno). */
int  vgen_finish(struct vgen *v);
int  vgen_commit(struct vgen *v);
/* Abandon the output: close and remove the temporary. */
void vgen_abort(struct vgen *v);

/* One line at the current indentation (printf format; no newline). */
void vgen_line(struct vgen *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void vgen_blank(struct vgen *v);
void vgen_indent(struct vgen *v);
void vgen_dedent(struct vgen *v);

/* A comment banner that opens a section of a module body. */
void vgen_section(struct vgen *v, const char *title);

/* `module name #( params ) ( ports );` with aligned columns. */
void vgen_module_begin(struct vgen *v, const char *name,
                       const struct vparam *params, size_t nparams,
                       const struct vport *ports, size_t nports);
void vgen_module_end(struct vgen *v, const char *name);

/*
 * The expression `expr` zero-extended by `pad` bits into buf:
 * "{{(pad_expr){1'b0}}, expr}" when pad > 0, else expr itself (Verilog-2005
 * has no zero-width replication).  Returns buf.
 */
const char *vgen_zext(char *buf, size_t len, unsigned pad,
                      const char *pad_expr, const char *expr);

#endif /* SIMTREF_VGEN_H */
