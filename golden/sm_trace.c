/*
 * sm_trace.c -- the trace of issued warp-instructions: one line each,
 *
 *   CYCLE sS wG PC MASK WORD TEXT | [xR[lane]=VALUE]... [mem[ADDR]:BYTES=VALUE]...
 *
 * the cycle of issue, the scheduler, the warp slot, the PC, the active
 * lanes (bit l = lane l, in hexadecimal), the instruction word and its
 * text (rv32_disasm: objdump's), then after "|" every register written
 * (per lane) and every memory write (address, bytes, value).  The register and memory columns are what a co-simulation
 * compares.
 */
#include <inttypes.h>

#include "rv32_disasm.h"
#include "sm.h"

void sm_trace_issue(FILE *f, uint64_t cycle, const struct sm_issue_record *r)
{
    char text[96];

    rv32_disasm(r->insn.word, r->pc, text, sizeof text);
    fprintf(f, "%" PRIu64 " s%u w%u %08" PRIx32 " %" PRIx64 " %08" PRIx32
            " %s |", cycle, r->sched, r->warp, r->pc, r->mask, r->insn.word,
            text);
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
