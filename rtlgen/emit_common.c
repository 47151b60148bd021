/*
 * emit_common.c -- the pieces of Verilog the emitters share; see
 * emit_common.h.
 */
#include "emit_common.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"

/* The column the assignments of a pick are aligned to. */
static int pick_width(const struct pick *p)
{
    size_t w = strlen(p->valid);

    if (strlen(p->index) > w)
        w = strlen(p->index);
    if (p->key && strlen(p->key) > w)
        w = strlen(p->key);
    return (int)w;
}

void emit_pick_clear(struct vgen *v, const struct pick *p)
{
    int w = pick_width(p);

    vgen_line(v, "%-*s = 1'b0;", w, p->valid);
    vgen_line(v, "%-*s = {%s{1'b0}};", w, p->index, p->index_w);
    if (p->key)
        vgen_line(v, "%-*s = {%s{1'b0}};", w, p->key, p->key_w);
}

/* `if (COND) begin` valid, index (and key) `end`. */
static void pick_take(struct vgen *v, const struct pick *p, const char *cond,
                      const char *loop, const char *key)
{
    int w = pick_width(p);

    vgen_begin(v, "if (%s)", cond);
    vgen_line(v, "%-*s = 1'b1;", w, p->valid);
    vgen_line(v, "%-*s = %s[%s-1:0];", w, p->index, loop, p->index_w);
    if (p->key && key)
        vgen_line(v, "%-*s = %s;", w, p->key, key);
    vgen_end(v);
}

void emit_pick_smaller(struct vgen *v, const struct pick *p, const char *loop,
                       const char *elig, const char *keys, const char *op)
{
    char key[128], cond[384];

    snprintf(key, sizeof key, "%s[%s*%s +: %s]", keys, loop, p->key_w, p->key_w);
    snprintf(cond, sizeof cond, "%s[%s] && (!%s || %s %s %s)", elig, loop,
             p->valid, key, op, p->key);
    pick_take(v, p, cond, loop, key);
}

void emit_pick_smallest(struct vgen *v, const struct pick *p, const char *loop,
                        const char *count, const char *elig, const char *keys)
{
    vgen_begin(v, "for (%s = 0; %s < %s; %s = %s + 1)", loop, loop, count,
               loop, loop);
    emit_pick_smaller(v, p, loop, elig, keys, "<");
    vgen_end(v);
}

void emit_pick_round_robin(struct vgen *v, const struct pick *p,
                           const char *elig, const char *after,
                           unsigned warp_w)
{
    char ext[128], cond[256];

    vgen_begin(v, "for (rk = 1; rk <= NUM_WARPS; rk = rk + 1)");
    vgen_line(v, "ri = %s + rk;", vgen_zext(ext, sizeof ext, 32 - warp_w,
                                             "32-WARP_W", after));
    vgen_line(v, "if (ri >= NUM_WARPS) ri = ri - NUM_WARPS;");
    snprintf(cond, sizeof cond, "!%s && %s[ri]", p->valid, elig);
    pick_take(v, p, cond, "ri", NULL);
    vgen_end(v);
}

void emit_last_reset(struct vgen *v, unsigned warp_w, unsigned warps)
{
    vgen_line(v, "localparam [WARP_W-1:0] LAST_RESET = %u'd%u;   // NUM_WARPS - 1: warp 0 first",
              warp_w, warps - 1);
}

void emit_last_register(struct vgen *v, const struct pick *p,
                        const char *last_q)
{
    const struct vreg last = { last_q, "LAST_RESET", p->index };

    vgen_ff(v, &last, 1, p->valid);
}

void emit_unused_inputs(struct vgen *v, const char *inputs)
{
    vgen_section(v, "Inputs this policy does not read");
    vgen_line(v, "/* verilator lint_off UNUSEDSIGNAL */");
    vgen_line(v, "wire unused_inputs = %s;", inputs);
    vgen_line(v, "/* verilator lint_on UNUSEDSIGNAL */");
}

const char *emit_names_warp(char *buf, size_t len, unsigned warps,
                            const char *id)
{
    if (is_pow2(warps))
        snprintf(buf, len, "1'b1");
    else
        snprintf(buf, len, "(%s <= LAST_WARP)", id);
    return buf;
}

unsigned rtl_op_bits(void)
{
    unsigned w = 1;

    while ((1u << w) < RV32_N_OPS)
        w++;
    return w;
}

const char *rtl_op_param(char *buf, size_t len, enum rv32_op op)
{
    const char *n = rv32_op_name(op);
    size_t i = 0;

    i += (size_t)snprintf(buf, len, "OP_");
    for (; *n && i + 1 < len; n++)
        buf[i++] = *n == '.' ? '_' : (char)toupper((unsigned char)*n);
    buf[i] = '\0';
    return buf;
}
