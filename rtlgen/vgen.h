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

/*
 * Blocks.  vgen_begin() writes "HEAD begin" and indents; vgen_elsif()
 * closes the block and opens the alternative "end else if (COND) begin",
 * vgen_else() the last one, "end else begin"; vgen_end() dedents and
 * writes "end".  vgen_generate()/vgen_endgenerate() bracket a generate region
 * the same way.  The writer keeps the indentation, so an emitter never
 * counts levels:
 *
 *     vgen_begin(v, "always @*");
 *     vgen_begin(v, "if (x_i)");  vgen_line(v, "y = 1'b1;");
 *     vgen_elsif(v, "z_i");       vgen_line(v, "y = 1'b0;");
 *     vgen_else(v);               vgen_line(v, "y = w_i;");
 *     vgen_end(v);
 *     vgen_end(v);
 */
void vgen_begin(struct vgen *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void vgen_elsif(struct vgen *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void vgen_else(struct vgen *v);
void vgen_end(struct vgen *v);
void vgen_generate(struct vgen *v);
void vgen_endgenerate(struct vgen *v);

/*
 * The same blocks with a name, as a generate loop or branch needs one:
 * vgen_begin_named(v, "g_tb", "for (gi = 0; gi < N; gi = gi + 1)") writes
 * "for (gi = 0; gi < N; gi = gi + 1) begin : g_tb"; vgen_elsif_named and
 * vgen_else_named write "end else if (COND) begin : NAME" and
 * "end else begin : NAME".  vgen_end closes them.
 */
void vgen_begin_named(struct vgen *v, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void vgen_elsif_named(struct vgen *v, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void vgen_else_named(struct vgen *v, const char *name);

/*
 * A case statement: vgen_case(v, "op_i") writes "case (op_i)" and
 * indents its items, vgen_endcase() dedents and writes "endcase".  An item
 * is a line ("OP_X: y = 1'b1;") or a block (vgen_begin(v, "OP_X:")).
 */
void vgen_case(struct vgen *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void vgen_endcase(struct vgen *v);

/*
 * One register of a register group: its name (x_q), its value under
 * reset, and its next value (x_d).
 */
struct vreg {
    const char *q;          /* "cnt_q" */
    const char *reset;      /* "{(NUM_TBS*CNT_W){1'b0}}" */
    const char *d;          /* "cnt_d" */
};

/*
 * A register group: one clocked block, asynchronous active-low reset
 * (clk_i, rst_ni), the registers' assignments aligned:
 *
 *     always @(posedge clk_i or negedge rst_ni) begin
 *       if (!rst_ni) begin
 *         a_q  <= RESET;
 *       end else if (ENABLE) begin
 *         a_q  <= a_d;
 *       end
 *     end
 *
 * enable is NULL for a group that takes its next value on every edge.
 */
void vgen_ff(struct vgen *v, const struct vreg *regs, size_t n,
             const char *enable);

/*
 * One connection of an instance: a parameter's or a port's name and the
 * expression bound to it.  A NULL port starts a group comment line.
 */
struct vconn {
    const char *port;       /* "clk_i", "NUM_WARPS" */
    const char *expr;       /* "clk_i", "4" */
    const char *comment;    /* a trailing comment, or NULL */
};

/* A connection to the signal (or parameter) of the same name. */
#define VCONN_SAME(port) { (port), (port), NULL }

/*
 * An instance with named, aligned connections:
 *
 *     module #(
 *       .P (1)
 *     ) name (
 *       .a_i (x),     // comment
 *       .b_o (y)
 *     );
 *
 * No parameter list when nparams is 0.
 */
void vgen_instance(struct vgen *v, const char *module, const char *name,
                   const struct vconn *params, size_t nparams,
                   const struct vconn *conns, size_t nconns);

/* A comment banner that opens a section of a module body. */
void vgen_section(struct vgen *v, const char *title);

/* Port lists built of groups, some of them only under a configuration:
 * appends the n ports of src to dst at *count (dst holds them all). */
void vgen_ports_add(struct vport *dst, size_t *count,
                    const struct vport *src, size_t n);
#define VGEN_PORTS_ADD(dst, count, src) \
    vgen_ports_add((dst), (count), (src), sizeof (src) / sizeof (src)[0])

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
