/*
 * recursion.c -- recursion with a per-thread depth: each thread computes
 * fib(in[i]) by the doubly recursive definition, so its calls nest as
 * deep as its own argument.
 */
#include "args.h"
#include "simt.h"

static int32_t fib(int32_t n) __attribute__((noinline));

static int32_t fib(int32_t n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

void kernel(const void *args)
{
    const struct recursion_args *p = args;
    const int32_t *in = SIMT_PTR(const int32_t, p->in);
    int32_t *out = SIMT_PTR(int32_t, p->out);

    for (uint32_t i = simt_global_id(); i < p->n; i += simt_global_threads())
        out[i] = fib(in[i]);
}
