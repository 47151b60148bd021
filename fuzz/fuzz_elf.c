/*
 * fuzz_elf.c -- libFuzzer target for the ELF loader and the control-flow
 * analysis.
 *
 * Every input is read by elf_load_buffer(), the loader elf_load() uses,
 * as the file "fuzz.elf"; the corpus starts from the suite's kernels and
 * the broken files of tests/data/bad-elf.  What must hold for any input:
 *
 *   - no crash, no memory error, no undefined behaviour (the target is
 *     built with AddressSanitizer and UndefinedBehaviorSanitizer);
 *   - a rejected input leaves a message "fuzz.elf: ..." and the program
 *     all zero;
 *   - an accepted program is consistent: the text inside the image, the
 *     entry, `kernel` and exit_pc instructions of the text, exit_pc a
 *     simt.exit, the functions sorted, disjoint, inside the text and
 *     covering it, every branch and ICS-First entry in the text and
 *     sorted, every re-convergence PC in the text; the analysis runs
 *     again for a machine of one ICS-First level and stays at level 0;
 *     every instruction of the text disassembles.
 *
 * A broken property aborts, which libFuzzer reports as a crash with the
 * input that caused it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "elf.h"
#include "rv32_disasm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int ok, const char *what, const char *detail)
{
    if (!ok) {
        fprintf(stderr, "fuzz_elf: %s: %s\n", what, detail);
        abort();
    }
}

static int all_zero(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

static int in_text(const struct program *p, uint32_t pc)
{
    return pc >= p->text_lo && pc < p->text_hi;
}

static void check_program(struct program *p)
{
    char err[1024], text[96];
    uint32_t w;

    check(p->text_lo >= p->base && p->text_hi > p->text_lo
          && p->text_hi - p->base <= p->size, "text outside the image", "");
    check(in_text(p, p->entry) && in_text(p, p->kernel)
          && in_text(p, p->exit_pc), "entry, kernel or exit outside the text",
          "");
    check(program_word(p, p->exit_pc, &w) == 0 && w == 0x0000100b,
          "exit_pc is not simt.exit", "");
    for (unsigned i = 0; i < p->n_funcs; i++) {
        const struct program_func *f = &p->funcs[i];
        check(f->lo < f->hi && f->lo >= p->text_lo && f->hi <= p->text_hi,
              "function outside the text", f->name);
        check(i == 0 || p->funcs[i - 1].hi <= f->lo, "functions overlap",
              f->name);
        check(program_func_at(p, f->lo) == f, "function not found", f->name);
    }
    for (unsigned i = 0; i < p->n_branches; i++) {
        uint32_t rpc;
        check(in_text(p, p->branches[i].pc), "branch outside the text", "");
        check(i == 0 || p->branches[i - 1].pc < p->branches[i].pc,
              "branch table not sorted", "");
        check(program_rpc(p, p->branches[i].pc, &rpc) == 0
              && rpc == p->branches[i].rpc, "branch not found", "");
        check(in_text(p, rpc), "re-convergence PC outside the text", "");
    }
    for (unsigned i = 0; i < p->n_ics; i++) {
        check(in_text(p, p->ics[i].pc), "ICS entry outside the text", "");
        check(i == 0 || p->ics[i - 1].pc < p->ics[i].pc,
              "ICS table not sorted", "");
    }
    check(cfg_analyse(p, 1, err, sizeof err) == 0, "analysis for 1 level",
          err);
    check(p->ics_max_level == 0, "level above 0 with one level", "");
    for (uint32_t pc = p->text_lo & ~3u; pc + 4 <= p->text_hi; pc += 4)
        if (program_word(p, pc, &w) == 0)
            check(rv32_disasm(w, pc, text, sizeof text) < sizeof text,
                  "disassembly does not fit", "");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct program p;
    char err[1024];

    if (elf_load_buffer("fuzz.elf", data, size, &p, err, sizeof err) != 0) {
        check(strncmp(err, "fuzz.elf: ", 10) == 0, "message without file",
              err);
        check(all_zero(&p, sizeof p), "rejected input leaves a program", err);
        return 0;
    }
    check_program(&p);
    program_free(&p);
    return 0;
}
