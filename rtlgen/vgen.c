/*
 * vgen.c -- the Verilog writer shared by the emitters; see vgen.h.
 */
#include "vgen.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int vgen_open(struct vgen *v, const char *path)
{
    memset(v, 0, sizeof *v);
    if (atomic_open(&v->file, path, NULL, 0) != 0)
        return -1;
    v->out = v->file.f;
    return 0;
}

int vgen_finish(struct vgen *v)
{
    v->out = NULL;
    if (v->failed && v->file.f) {
        atomic_discard(&v->file);
        errno = EIO;
        return -1;
    }
    return atomic_close(&v->file, NULL, 0);
}

int vgen_commit(struct vgen *v)
{
    return atomic_commit(&v->file, NULL, 0);
}

int vgen_close(struct vgen *v)
{
    if (vgen_finish(v) != 0)
        return -1;
    return vgen_commit(v);
}

void vgen_abort(struct vgen *v)
{
    v->out = NULL;
    atomic_discard(&v->file);
}

static size_t max_len(size_t a, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    return n > a ? n : a;
}

static void put_indent(struct vgen *v)
{
    for (int i = 0; i < v->depth; i++)
        fputs("  ", v->out);
}

void vgen_line(struct vgen *v, const char *fmt, ...)
{
    va_list ap;
    put_indent(v);
    va_start(ap, fmt);
    if (vfprintf(v->out, fmt, ap) < 0)
        v->failed = 1;
    va_end(ap);
    if (fputc('\n', v->out) == EOF)
        v->failed = 1;
}

void vgen_blank(struct vgen *v)
{
    if (fputc('\n', v->out) == EOF)
        v->failed = 1;
}

void vgen_indent(struct vgen *v) { v->depth++; }
void vgen_dedent(struct vgen *v) { if (v->depth > 0) v->depth--; }

/* Open a block: "HEAD begin" or "HEAD begin : NAME", then indent. */
static void open_block(struct vgen *v, const char *name, const char *head)
{
    if (name)
        vgen_line(v, "%s begin : %s", head, name);
    else
        vgen_line(v, "%s begin", head);
    vgen_indent(v);
}

void vgen_begin(struct vgen *v, const char *fmt, ...)
{
    char head[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(head, sizeof head, fmt, ap);
    va_end(ap);
    open_block(v, NULL, head);
}

void vgen_begin_named(struct vgen *v, const char *name, const char *fmt, ...)
{
    char head[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(head, sizeof head, fmt, ap);
    va_end(ap);
    open_block(v, name, head);
}

/* Close a block and open its alternative: "end else if (COND)". */
static void next_block(struct vgen *v, const char *name, const char *cond)
{
    char head[560];

    vgen_dedent(v);
    if (cond)
        snprintf(head, sizeof head, "end else if (%s)", cond);
    else
        snprintf(head, sizeof head, "end else");
    open_block(v, name, head);
}

void vgen_elsif(struct vgen *v, const char *fmt, ...)
{
    char cond[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(cond, sizeof cond, fmt, ap);
    va_end(ap);
    next_block(v, NULL, cond);
}

void vgen_elsif_named(struct vgen *v, const char *name, const char *fmt, ...)
{
    char cond[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(cond, sizeof cond, fmt, ap);
    va_end(ap);
    next_block(v, name, cond);
}

void vgen_else(struct vgen *v)
{
    next_block(v, NULL, NULL);
}

void vgen_else_named(struct vgen *v, const char *name)
{
    next_block(v, name, NULL);
}

void vgen_end(struct vgen *v)
{
    vgen_dedent(v);
    vgen_line(v, "end");
}

void vgen_case(struct vgen *v, const char *fmt, ...)
{
    char sel[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(sel, sizeof sel, fmt, ap);
    va_end(ap);
    vgen_line(v, "case (%s)", sel);
    vgen_indent(v);
}

void vgen_endcase(struct vgen *v)
{
    vgen_dedent(v);
    vgen_line(v, "endcase");
}

void vgen_generate(struct vgen *v)
{
    vgen_line(v, "generate");
    vgen_indent(v);
}

void vgen_endgenerate(struct vgen *v)
{
    vgen_dedent(v);
    vgen_line(v, "endgenerate");
}

void vgen_ff(struct vgen *v, const struct vreg *regs, size_t n,
             const char *enable)
{
    size_t w = 0;

    for (size_t i = 0; i < n; i++)
        w = max_len(w, regs[i].q);
    vgen_begin(v, "always @(posedge clk_i or negedge rst_ni)");
    vgen_begin(v, "if (!rst_ni)");
    for (size_t i = 0; i < n; i++)
        vgen_line(v, "%-*s <= %s;", (int)w, regs[i].q, regs[i].reset);
    if (enable)
        vgen_elsif(v, "%s", enable);
    else
        vgen_else(v);
    for (size_t i = 0; i < n; i++)
        vgen_line(v, "%-*s <= %s;", (int)w, regs[i].q, regs[i].d);
    vgen_end(v);
    vgen_end(v);
}

/* Is connection i the last real (non-comment) one of a list? */
static int last_conn(const struct vconn *c, size_t n, size_t i)
{
    for (size_t j = i + 1; j < n; j++)
        if (c[j].port)
            return 0;
    return 1;
}

static void write_conns(struct vgen *v, const struct vconn *c, size_t n)
{
    size_t wport = 0, wexpr = 0;

    for (size_t i = 0; i < n; i++) {
        if (!c[i].port)
            continue;
        wport = max_len(wport, c[i].port);
        if (c[i].comment)
            wexpr = max_len(wexpr, c[i].expr);
    }
    for (size_t i = 0; i < n; i++) {
        char bound[512];

        if (!c[i].port) {
            vgen_line(v, "// %s", c[i].comment);
            continue;
        }
        snprintf(bound, sizeof bound, "(%s)%s", c[i].expr,
                 last_conn(c, n, i) ? "" : ",");
        if (c[i].comment)
            vgen_line(v, ".%-*s %-*s  // %s", (int)wport, c[i].port,
                      (int)wexpr + 3, bound, c[i].comment);
        else
            vgen_line(v, ".%-*s %s", (int)wport, c[i].port, bound);
    }
}

void vgen_instance(struct vgen *v, const char *module, const char *name,
                   const struct vconn *params, size_t nparams,
                   const struct vconn *conns, size_t nconns)
{
    if (nparams) {
        vgen_line(v, "%s #(", module);
        vgen_indent(v);
        write_conns(v, params, nparams);
        vgen_dedent(v);
        vgen_line(v, ") %s (", name);
    } else {
        vgen_line(v, "%s %s (", module, name);
    }
    vgen_indent(v);
    write_conns(v, conns, nconns);
    vgen_dedent(v);
    vgen_line(v, ");");
}

void vgen_section(struct vgen *v, const char *title)
{
    vgen_blank(v);
    vgen_line(v, "// %s", "----------------------------------------------------------------------");
    vgen_line(v, "// %s", title);
    vgen_line(v, "// %s", "----------------------------------------------------------------------");
    vgen_blank(v);
}

/* Is entry i the last real (non-comment) entry of a list? */
static int last_param(const struct vparam *p, size_t n, size_t i)
{
    for (size_t j = i + 1; j < n; j++)
        if (p[j].name)
            return 0;
    return 1;
}

static int last_port(const struct vport *p, size_t n, size_t i)
{
    for (size_t j = i + 1; j < n; j++)
        if (p[j].dir)
            return 0;
    return 1;
}

/* The value of a parameter as written: its expression, or its number. */
static void param_value(const struct vparam *p, char *buf, size_t len)
{
    if (p->expr)
        snprintf(buf, len, "%s", p->expr);
    else
        snprintf(buf, len, "%ld", p->value);
}

static void write_params(struct vgen *v, const struct vparam *p, size_t n)
{
    size_t wname = 0, wvalue = 0;
    char value[128];

    for (size_t i = 0; i < n; i++) {
        if (!p[i].name)
            continue;
        wname = max_len(wname, p[i].name);
        param_value(&p[i], value, sizeof value);
        wvalue = max_len(wvalue, value);
    }
    for (size_t i = 0; i < n; i++) {
        char decl[160];
        if (!p[i].name) {
            vgen_line(v, "// %s", p[i].comment);
            continue;
        }
        param_value(&p[i], value, sizeof value);
        snprintf(decl, sizeof decl, "%s%s", value,
                 last_param(p, n, i) ? "" : ",");
        vgen_line(v, "parameter integer %-*s = %-*s  // %s", (int)wname,
                  p[i].name, (int)wvalue + 1, decl, p[i].comment);
    }
}

static void write_ports(struct vgen *v, const struct vport *p, size_t n)
{
    size_t wdir = 0, wrange = 0, wname = 0;
    for (size_t i = 0; i < n; i++) {
        if (!p[i].dir)
            continue;
        wdir = max_len(wdir, p[i].dir);
        wrange = max_len(wrange, p[i].range);
        wname = max_len(wname, p[i].name);
    }
    for (size_t i = 0; i < n; i++) {
        char decl[256];
        if (!p[i].dir) {
            if (i > 0)
                vgen_blank(v);
            vgen_line(v, "// %s", p[i].comment);
            continue;
        }
        snprintf(decl, sizeof decl, "%s%s", p[i].name,
                 last_port(p, n, i) ? "" : ",");
        vgen_line(v, "%-*s wire %-*s %-*s  // %s", (int)wdir, p[i].dir,
                  (int)wrange, p[i].range, (int)wname + 1, decl,
                  p[i].comment);
    }
}

void vgen_ports_add(struct vport *dst, size_t *count,
                    const struct vport *src, size_t n)
{
    memcpy(&dst[*count], src, n * sizeof *src);
    *count += n;
}

void vgen_module_begin(struct vgen *v, const char *name,
                       const struct vparam *params, size_t nparams,
                       const struct vport *ports, size_t nports)
{
    if (nparams) {
        vgen_line(v, "module %s #(", name);
        vgen_indent(v);
        write_params(v, params, nparams);
        vgen_dedent(v);
        vgen_line(v, ") (");
    } else {
        vgen_line(v, "module %s (", name);
    }
    vgen_indent(v);
    write_ports(v, ports, nports);
    vgen_dedent(v);
    vgen_line(v, ");");
    vgen_indent(v);
}

void vgen_module_end(struct vgen *v, const char *name)
{
    vgen_dedent(v);
    vgen_blank(v);
    vgen_line(v, "endmodule  // %s", name);
}

const char *vgen_zext(char *buf, size_t len, unsigned pad,
                      const char *pad_expr, const char *expr)
{
    if (pad > 0)
        snprintf(buf, len, "{{(%s){1'b0}}, %s}", pad_expr, expr);
    else
        snprintf(buf, len, "%s", expr);
    return buf;
}
