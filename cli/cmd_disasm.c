/*
 * cmd_disasm.c -- `simtref disasm KERNEL.elf`: every word of the kernel's
 * text, a label line per function, then "ADDRESS: WORD  TEXT" as
 * rv32_disasm() prints it (objdump's mnemonics and operands; the traces of
 * `simtref sim` use the same text).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdbool.h>

#include "cli_error.h"
#include "cmd_disasm.h"
#include "elf.h"
#include "program.h"
#include "rv32_disasm.h"

static const struct cli_option disasm_options[] = {
    { NULL, NULL, CLI_FLAG, NULL, 0, 0, false, NULL }
};

const struct cli_command cmd_disasm_command = {
    "disasm", "KERNEL.elf",
    "the kernel's code: each function, each instruction word and its\n"
    "text as riscv64-unknown-elf-objdump -d prints it",
    "kernel", 1, NULL, disasm_options
};

int cmd_disasm(const struct cli_args *a)
{
    const char *file = cli_operand(a);
    struct program p;
    char err[1024], text[96];

    if (!file)
        return cli_usage_error(a->cmd, "%s", "no kernel: give KERNEL.elf");
    if (elf_load(file, &p, err, sizeof err) != 0) {
        fprintf(stderr, "simtref disasm: %s\n", err);
        return CLI_EXIT_BAD;
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
