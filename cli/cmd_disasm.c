/*
 * cmd_disasm.c -- `simtref disasm KERNEL.elf`: every word of the kernel's
 * text, a label line per function, then "ADDRESS: WORD  TEXT" as
 * rv32_disasm() prints it (objdump's mnemonics and operands; the traces of
 * `simtref sim` use the same text).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cmd_disasm.h"
#include "elf.h"
#include "program.h"
#include "rv32_disasm.h"

enum { EXIT_BAD = 1, EXIT_CMDLINE = 2 };

const char cmd_disasm_usage[] =
    "  disasm KERNEL.elf\n"
    "      the kernel's code: each function, each instruction word and its\n"
    "      text as riscv64-unknown-elf-objdump -d prints it\n";

int cmd_disasm(int argc, char **argv)
{
    const char *file = NULL;
    struct program p;
    char err[1024], text[96];

    for (int i = 2; i < argc; i++) {
        if (argv[i][0] == '-' || file) {
            fprintf(stderr, "simtref disasm: %s '%s' (give one KERNEL.elf)\n",
                    argv[i][0] == '-' ? "unknown option" : "a second file",
                    argv[i]);
            return EXIT_CMDLINE;
        }
        file = argv[i];
    }
    if (!file) {
        fputs("simtref disasm: no kernel: give KERNEL.elf\n", stderr);
        return EXIT_CMDLINE;
    }
    if (elf_load(file, &p, err, sizeof err) != 0) {
        fprintf(stderr, "simtref disasm: %s\n", err);
        return EXIT_BAD;
    }
    for (uint32_t pc = p.text_lo; pc < p.text_hi; pc += 4) {
        const struct program_func *f = program_func_at(&p, pc);
        uint32_t word = 0;

        program_word(&p, pc, &word);

        if (f && f->lo == pc)
            printf("%s%08" PRIx32 " <%s>:\n", pc == p.text_lo ? "" : "\n",
                   pc, f->name);
        rv32_disasm(word, pc, text, sizeof text);
        printf("%8" PRIx32 ":\t%08" PRIx32 "\t%s\n", pc, word, text);
    }
    program_free(&p);
    return 0;
}
