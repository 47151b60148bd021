/*
 * sm_trace.c -- the trace of issued warp-instructions: one line each,
 *
 *   CYCLE sS wG tbT rdyR PC MASK WORD TEXT | [xN[lane]=VALUE]... [mem[ADDR]:BYTES=VALUE]...
 *
 * the cycle of issue, the scheduler S, the warp slot G, the grid index T
 * of the issuing warp's TB, the scheduler's ready warps R (bit w = its
 * local warp w, in hexadecimal: the warps the issue scheduler chose
 * among), the PC, the active lanes (bit l = lane l, in hexadecimal), the
 * instruction word and its text (rv32_disasm: objdump's), then after "|"
 * every register written (per lane) and every memory write (address,
 * bytes, value).  Under harp G and the bits of R name First-Level slots,
 * which may hold threads of several launch warps and TBs: T is then the
 * TB of the slot's lowest thread, the TB the issue scheduler ranks the
 * slot by.  The register and memory columns are what a co-simulation
 * compares; docs/isa.md describes the format.
 */
#include <inttypes.h>

#include "rv32_disasm.h"
#include "sm.h"

/* The ready set in hexadecimal, without leading zeros. */
static void print_ready(FILE *f, const uint64_t *ready, unsigned words)
{
    unsigned top = words;

    while (top > 1 && ready[top - 1] == 0)
        top--;
    fprintf(f, "%" PRIx64, ready[top - 1]);
    while (top-- > 1)
        fprintf(f, "%016" PRIx64, ready[top - 1]);
}

void sm_trace_issue(FILE *f, uint64_t cycle, const struct sm_issue_record *r)
{
    char text[96];

    rv32_disasm(r->insn.word, r->pc, text, sizeof text);
    fprintf(f, "%" PRIu64 " s%u w%u tb%u rdy", cycle, r->sched, r->warp,
            r->ctaid);
    print_ready(f, r->ready, sizeof r->ready / sizeof r->ready[0]);
    fprintf(f, " %08" PRIx32 " %" PRIx64 " %08" PRIx32 " %s |", r->pc,
            r->mask, r->insn.word, text);
    for (unsigned l = 0; l < r->lanes; l++) {
        const struct rv32_result *x = &r->res[l];
        if (!(r->mask >> l & 1))
            continue;
        if (x->rd_written)
            fprintf(f, " x%u[%u]=%08" PRIx32, r->insn.rd, l, x->rd_value);
    }
    for (unsigned l = 0; l < r->lanes; l++) {
        const struct rv32_result *x = &r->res[l];
        if (!(r->mask >> l & 1))
            continue;
        if (x->mem && x->mem_write)
            fprintf(f, " mem[%08" PRIx32 "]:%u=%08" PRIx32, x->mem_addr,
                    x->mem_bytes, x->mem_value);
    }
    fputc('\n', f);
}
