/*
 * deepcall.c -- a call inside a divergent branch (Collange, Listing 1)
 * where min(SP:PC) and min(PC) visit the paths in different orders.
 *
 * A RISC-V call (jal) does not move sp: the callee's own first
 * instruction makes its frame.  So a callee placed above its call site
 * (kernels/collange.c) is entered only when the other path has run past
 * it, under min(SP:PC) as under min(PC): both threads have the caller's
 * SP until the callee's prologue runs.  Here the odd elements call
 * mix(), placed below the kernel, which makes its frame (it saves ra and
 * x across a call) and calls digit_sum(), placed above the kernel.  At
 * the branch both paths have the same SP, and the lower PC goes first
 * under either policy.  From mix()'s prologue on, its threads' SP is
 * below that of the even elements: min(SP:PC) runs mix() and digit_sum()
 * to their return before the even elements issue anything more, while
 * min(PC) lets the even elements run to their end as soon as
 * digit_sum()'s higher PC comes up.
 *
 * gcc's no_reorder keeps the functions in the text in the order written:
 * mix(), kernel(), digit_sum() (tests/cli/trace_callee_first.sh checks the
 * order in the ELF).  clang knows neither it nor noclone.
 */
#include "args.h"
#include "simt.h"

#if defined(__clang__)
#define PLACED __attribute__((noinline))
#else
#define PLACED __attribute__((noinline, noclone, no_reorder))
#endif

static int32_t mix(uint32_t x) PLACED;
static int32_t digit_sum(uint32_t x) PLACED;

/* Below the kernel: a frame of its own, and a call above the kernel. */
static PLACED int32_t mix(uint32_t x)
{
    int32_t a = digit_sum(x);
    int32_t b = digit_sum(x / 7 + 3);

    return a * 5 - b + (int32_t)(x & 0xff);
}

PLACED void kernel(const void *args)
{
    const struct deepcall_args *p = args;
    const uint32_t *in = SIMT_PTR(const uint32_t, p->in);
    int32_t *out = SIMT_PTR(int32_t, p->out);

    for (uint32_t i = simt_global_id(); i < p->n; i += simt_global_threads()) {
        uint32_t x = in[i];
        int32_t y;
        if (__builtin_expect(x & 1, 1)) /* divergent */
            y = mix(x);
        else
            y = (int32_t)(x >> 1) - 5;
        out[i] = y ^ (int32_t)i;
    }
}

/* Above the kernel: the sum of the decimal digits of x. */
static PLACED int32_t digit_sum(uint32_t x)
{
    int32_t s = 0;

    do {
        s += (int32_t)(x % 10);
        x /= 10;
    } while (x);
    return s;
}
