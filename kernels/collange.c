/*
 * collange.c -- a call inside a divergent branch (Collange, Listing 1):
 * the odd elements call digits(), a function placed after the kernel in
 * the text, with a stack frame of its own; the even ones go on.  The
 * threads past the branch run ahead of those in digits() under min(PC),
 * and under min(SP:PC) too: a RISC-V call (jal) leaves sp alone, and
 * digits() makes its frame in its own first instruction, which waits at
 * its higher PC with the caller's SP.  Collange's SP-first order shows
 * once a callee has made its frame: kernels/deepcall.c.
 */
#include "args.h"
#include "simt.h"

/* In a section of its own, which the linker places after the kernel's
 * .text: the callee sits above its call site, as in the paper's case. */
#define CALLEE __attribute__((noinline, section(".text.callee")))

static int32_t digits(uint32_t x) CALLEE;

void kernel(const void *args)
{
    const struct collange_args *p = args;
    const int32_t *in = SIMT_PTR(const int32_t, p->in);
    int32_t *out = SIMT_PTR(int32_t, p->out);

    for (uint32_t i = simt_global_id(); i < p->n; i += simt_global_threads()) {
        uint32_t x = (uint32_t)in[i];
        int32_t y;
        if (x & 1)                       /* divergent */
            y = digits(x);
        else
            y = (int32_t)(x / 2) + 1;
        out[i] = y * 3 + (int32_t)i;
    }
}

/* The decimal digits of x, most significant first, folded into one
 * number (d0 * 7 + d1) * 7 + ...: the digits are kept on the stack. */
static CALLEE int32_t digits(uint32_t x)
{
    volatile uint8_t d[10];
    int32_t n = 0, v = 0;

    do {
        d[n++] = (uint8_t)(x % 10);
        x /= 10;
    } while (x);
    while (n > 0)
        v = v * 7 + d[--n];
    return v;
}
