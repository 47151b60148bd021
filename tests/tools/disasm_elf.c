/*
 * disasm_elf.c -- the two halves of the objdump comparison
 * (tests/cli/disasm_objdump.sh):
 *
 *   disasm_elf --forms SEED N   assembly source (one `.insn` per word) of
 *                               every instruction form with edge operands
 *                               and N random words drawn from SEED;
 *   disasm_elf FILE...          each word of each executable section of
 *                               each ELF, as "ADDR:\tTEXT" (rv32_disasm).
 */
#include "../../golden/isa/rv32_disasm.h"
#include "rvgen.h"

#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int forms(const char *seed_s, const char *n_s)
{
    char *end1, *end2;
    uint64_t seed = strtoull(seed_s, &end1, 0);
    size_t nr = (size_t)strtoul(n_s, &end2, 0);
    size_t n, k;
    uint32_t *w;

    if (*end1 != '\0' || *end2 != '\0' || *seed_s == '\0' || *n_s == '\0') {
        fprintf(stderr, "disasm_elf: --forms SEED N: not numbers: '%s' '%s'\n",
                seed_s, n_s);
        return 2;
    }
    n = rvgen_forms(NULL, 0, seed, nr);
    w = malloc(n * sizeof *w);
    if (w == NULL) {
        fprintf(stderr, "disasm_elf: out of memory\n");
        return 2;
    }
    rvgen_forms(w, n, seed, nr);
    printf("\t.text\n\t.globl _start\n_start:\n");
    for (k = 0; k < n; k++)
        printf("\t.insn 0x%08" PRIx32 "\n", w[k]);
    free(w);
    return 0;
}

/* Print every word of the executable sections of one ELF; 0, or 1 with a
 * message naming the file. */
static int dump(const char *path)
{
    int fd = open(path, O_RDONLY);
    Elf *e;
    Elf_Scn *scn = NULL;
    GElf_Ehdr eh;
    int rc = 0;

    if (fd < 0) {
        perror(path);
        return 1;
    }
    e = elf_begin(fd, ELF_C_READ, NULL);
    if (e == NULL || elf_kind(e) != ELF_K_ELF || gelf_getehdr(e, &eh) == NULL ||
        eh.e_ident[EI_CLASS] != ELFCLASS32 || eh.e_machine != EM_RISCV) {
        fprintf(stderr, "%s: not a 32-bit RISC-V ELF file\n", path);
        rc = 1;
        goto out;
    }
    while ((scn = elf_nextscn(e, scn)) != NULL) {
        GElf_Shdr sh;
        Elf_Data *d;
        size_t off;
        if (gelf_getshdr(scn, &sh) == NULL) {
            fprintf(stderr, "%s: bad section header: %s\n", path, elf_errmsg(-1));
            rc = 1;
            goto out;
        }
        if (sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_EXECINSTR))
            continue;
        d = elf_rawdata(scn, NULL);
        if (d == NULL || d->d_size % 4 != 0) {
            fprintf(stderr, "%s: section at 0x%" PRIx64
                    " is not a whole number of words\n", path,
                    (uint64_t)sh.sh_addr);
            rc = 1;
            goto out;
        }
        for (off = 0; off < d->d_size; off += 4) {
            const unsigned char *b = (const unsigned char *)d->d_buf + off;
            uint32_t w = (uint32_t)b[0] | (uint32_t)b[1] << 8 |
                         (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
            uint32_t pc = (uint32_t)(sh.sh_addr + off);
            char text[96];
            rv32_disasm(w, pc, text, sizeof text);
            printf("%" PRIx32 ":\t%s\n", pc, text);
        }
    }
out:
    if (e != NULL)
        elf_end(e);
    close(fd);
    return rc;
}

int main(int argc, char **argv)
{
    int i, rc = 0;

    if (argc == 4 && strcmp(argv[1], "--forms") == 0)
        return forms(argv[2], argv[3]);
    if (argc < 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: disasm_elf --forms SEED N | disasm_elf ELF...\n");
        return 2;
    }
    if (elf_version(EV_CURRENT) == EV_NONE) {
        fprintf(stderr, "disasm_elf: libelf: %s\n", elf_errmsg(-1));
        return 2;
    }
    for (i = 1; i < argc; i++)
        rc |= dump(argv[i]);
    return rc;
}
