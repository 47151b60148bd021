/*
 * elf.c -- a kernel's ELF file into a struct program, read with libelf.
 *
 * The file must be a little-endian 32-bit RISC-V executable without the
 * compressed or floating-point ABIs.  Its PT_LOAD segments become one
 * image (the gaps and each segment's bss zeroed) that must lie in the
 * image region [PROGRAM_IMAGE_LO, PROGRAM_IMAGE_HI).  The symbol table
 * gives the functions and the `kernel` entry function; _start, the ELF
 * entry, must end in simt.exit, whose PC is the warp's last re-convergence
 * point.  The control-flow analysis (cfg.h) then fills the tables.
 */
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "elf.h"
#include "read_file.h"

/* e_flags of the RISC-V psABI: compressed code and the float ABI. */
enum { ELF_RISCV_RVC = 0x1, ELF_RISCV_FLOAT_ABI = 0x6, ELF_RISCV_RVE = 0x8 };

/* simt.exit (docs/isa.md): custom-0, funct3 = 1, every register x0. */
enum { ELF_SIMT_EXIT_WORD = 0x0000100b };

/* What the reader holds while it works. */
struct elf_reader {
    const char *path;      /* for messages */
    char *err;             /* the caller's message buffer */
    size_t errlen;
    Elf *elf;              /* libelf's handle on raw, or NULL */
    const char *raw;       /* the file's bytes */
    size_t raw_size;
};

static int fail(struct elf_reader *r, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(r->err, r->errlen, "%s: ", r->path);

    if (n < 0 || (size_t)n >= r->errlen)
        return -1;
    va_start(ap, fmt);
    vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

static const char *machine_name(unsigned m)
{
    switch (m) {
    case EM_386:    return " (Intel 80386)";
    case EM_X86_64: return " (x86-64)";
    case EM_ARM:    return " (ARM)";
    case EM_AARCH64: return " (AArch64)";
    default:        return "";
    }
}

/* The header: a 32-bit little-endian RISC-V executable, RV32I code. */
static int check_header(struct elf_reader *r, GElf_Ehdr *eh)
{
    if (elf_kind(r->elf) != ELF_K_ELF)
        return fail(r, "not an ELF file");
    if (gelf_getehdr(r->elf, eh) == NULL)
        return fail(r, "truncated or corrupt ELF header (%s)",
                    elf_errmsg(-1));
    if (eh->e_ident[EI_CLASS] != ELFCLASS32)
        return fail(r, "a %s ELF file; a kernel is RV32 code in a 32-bit "
                    "ELF file (ELFCLASS32)",
                    eh->e_ident[EI_CLASS] == ELFCLASS64 ? "64-bit"
                    : "bad-class");
    if (eh->e_ident[EI_DATA] != ELFDATA2LSB)
        return fail(r, "not little-endian (RISC-V kernels are)");
    if (eh->e_machine != EM_RISCV)
        return fail(r, "ELF machine %u%s, not RISC-V (%u)",
                    (unsigned)eh->e_machine, machine_name(eh->e_machine),
                    (unsigned)EM_RISCV);
    if (eh->e_type != ET_EXEC)
        return fail(r, "not an executable (ELF type %u; link the kernel "
                    "with kernels/link.ld)", (unsigned)eh->e_type);
    if (eh->e_flags & ELF_RISCV_RVC)
        return fail(r, "built with the compressed (C) extension, which the "
                    "threads do not execute (build with -march=rv32ima_zicsr)");
    if (eh->e_flags & ELF_RISCV_FLOAT_ABI)
        return fail(r, "built for a floating-point ABI (build with "
                    "-mabi=ilp32)");
    if (eh->e_flags & ELF_RISCV_RVE)
        return fail(r, "built for RV32E (build with -march=rv32ima_zicsr)");
    return 0;
}

/* The header tables inside the file: the program headers, and the
 * section headers (where the symbols are found) when there are any. */
static int check_tables(struct elf_reader *r, const GElf_Ehdr *eh)
{
    uint64_t phend = eh->e_phoff + (uint64_t)eh->e_phnum * eh->e_phentsize;
    /* e_shnum 0 with an offset: the count is in section header 0 */
    uint64_t shn = eh->e_shnum ? eh->e_shnum : 1;
    uint64_t shend = eh->e_shoff + shn * eh->e_shentsize;

    if (eh->e_phnum && phend > r->raw_size)
        return fail(r, "truncated: the program headers need bytes "
                    "0x%llx..0x%llx of a %zu-byte file",
                    (unsigned long long)eh->e_phoff,
                    (unsigned long long)phend, r->raw_size);
    if (eh->e_shoff && shend > r->raw_size)
        return fail(r, "truncated: the section headers (and the symbol "
                    "table they locate) need bytes 0x%llx..0x%llx of a "
                    "%zu-byte file", (unsigned long long)eh->e_shoff,
                    (unsigned long long)shend, r->raw_size);
    return 0;
}

/* One loadable segment with bytes in memory: its file bytes inside the
 * file, its memory inside the image region. */
static int check_segment(struct elf_reader *r, size_t i, const GElf_Phdr *ph)
{
    if (ph->p_vaddr < PROGRAM_IMAGE_LO
        || ph->p_vaddr + ph->p_memsz > PROGRAM_IMAGE_HI)
        return fail(r, "segment %zu at 0x%llx..0x%llx is outside the "
                    "image region 0x%08x..0x%08x (docs/isa.md, memory "
                    "map; link with kernels/link.ld)", i,
                    (unsigned long long)ph->p_vaddr,
                    (unsigned long long)(ph->p_vaddr + ph->p_memsz),
                    PROGRAM_IMAGE_LO, PROGRAM_IMAGE_HI);
    if (ph->p_offset > r->raw_size || r->raw_size - ph->p_offset < ph->p_filesz)
        return fail(r, "truncated: segment %zu needs bytes 0x%llx..0x%llx "
                    "of a %zu-byte file", i,
                    (unsigned long long)ph->p_offset,
                    (unsigned long long)(ph->p_offset + ph->p_filesz),
                    r->raw_size);
    return 0;
}

/* The loadable segments as one image, and the executable segments'
 * range (narrowed to the executable sections by text_sections).  Every
 * segment is checked before any byte is copied. */
static int load_segments(struct elf_reader *r, struct program *p)
{
    size_t n;
    uint64_t lo = UINT64_MAX, hi = 0, tlo = UINT64_MAX, thi = 0;

    if (elf_getphdrnum(r->elf, &n) != 0)
        return fail(r, "unreadable program headers (%s)", elf_errmsg(-1));
    for (size_t i = 0; i < n; i++) {
        GElf_Phdr ph;
        if (gelf_getphdr(r->elf, (int)i, &ph) == NULL)
            return fail(r, "unreadable program header %zu (%s)", i,
                        elf_errmsg(-1));
        if (ph.p_type != PT_LOAD)
            continue;
        if (ph.p_filesz > ph.p_memsz)
            return fail(r, "segment %zu: file size 0x%llx beyond its memory "
                        "size 0x%llx", i, (unsigned long long)ph.p_filesz,
                        (unsigned long long)ph.p_memsz);
        if (ph.p_memsz == 0)
            continue;                    /* empty: no byte to place */
        if (check_segment(r, i, &ph) != 0)
            return -1;
        if (ph.p_vaddr < lo)
            lo = ph.p_vaddr;
        if (ph.p_vaddr + ph.p_memsz > hi)
            hi = ph.p_vaddr + ph.p_memsz;
        if (ph.p_flags & PF_X) {
            if (ph.p_vaddr < tlo)
                tlo = ph.p_vaddr;
            if (ph.p_vaddr + ph.p_filesz > thi)
                thi = ph.p_vaddr + ph.p_filesz;
        }
    }
    if (hi == 0)
        return fail(r, "no loadable segment");
    if (thi == 0 || thi <= tlo)
        return fail(r, "no executable segment");
    p->base = (uint32_t)lo;
    p->size = (uint32_t)(hi - lo);
    p->text_lo = (uint32_t)tlo;
    p->text_hi = (uint32_t)thi;
    p->image = calloc(p->size, 1);
    if (!p->image)
        return fail(r, "out of memory for a %u-byte image", p->size);
    /* The same segments as above, every one of them checked. */
    for (size_t i = 0; i < n; i++) {
        GElf_Phdr ph;
        if (gelf_getphdr(r->elf, (int)i, &ph) == NULL)
            return fail(r, "unreadable program header %zu (%s)", i,
                        elf_errmsg(-1));
        if (ph.p_type == PT_LOAD && ph.p_memsz > 0 && ph.p_filesz > 0)
            memcpy(p->image + (ph.p_vaddr - lo), r->raw + ph.p_offset,
                   ph.p_filesz);
    }
    return 0;
}

/* The text: the executable sections inside the executable segments (a
 * link script that puts constants in the code's segment does not make
 * them instructions).  Without section headers, the segments' range. */
static int text_sections(struct elf_reader *r, struct program *p)
{
    Elf_Scn *scn = NULL;
    uint64_t lo = UINT64_MAX, hi = 0;

    while ((scn = elf_nextscn(r->elf, scn)) != NULL) {
        GElf_Shdr sh;
        if (gelf_getshdr(scn, &sh) == NULL)
            return fail(r, "unreadable section header (%s)", elf_errmsg(-1));
        if (sh.sh_type != SHT_PROGBITS || sh.sh_size == 0
            || (sh.sh_flags & (SHF_ALLOC | SHF_EXECINSTR))
               != (SHF_ALLOC | SHF_EXECINSTR))
            continue;
        if (sh.sh_addr < p->text_lo || sh.sh_addr + sh.sh_size > p->text_hi)
            return fail(r, "executable section at 0x%llx..0x%llx outside the "
                        "executable segments 0x%08x..0x%08x",
                        (unsigned long long)sh.sh_addr,
                        (unsigned long long)(sh.sh_addr + sh.sh_size),
                        p->text_lo, p->text_hi);
        if (sh.sh_addr < lo)
            lo = sh.sh_addr;
        if (sh.sh_addr + sh.sh_size > hi)
            hi = sh.sh_addr + sh.sh_size;
    }
    if (hi > lo) {
        p->text_lo = (uint32_t)lo;
        p->text_hi = (uint32_t)hi;
    }
    return 0;
}

/* A symbol that starts a function: STT_FUNC, or a global untyped label,
 * in the text; not a mapping symbol ($x, $d). */
static bool is_function(const GElf_Sym *s, const char *name,
                        const struct program *p)
{
    unsigned type = GELF_ST_TYPE(s->st_info);
    unsigned bind = GELF_ST_BIND(s->st_info);

    if (s->st_shndx == SHN_UNDEF || s->st_shndx >= SHN_LORESERVE)
        return false;
    if (!name || !name[0] || name[0] == '$' || name[0] == '.')
        return false;
    if (s->st_value < p->text_lo || s->st_value >= p->text_hi)
        return false;
    return type == STT_FUNC
           || (type == STT_NOTYPE && (bind == STB_GLOBAL || bind == STB_WEAK));
}

static int by_lo(const void *a, const void *b)
{
    const struct program_func *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The functions (sorted, one per start address) and the kernel symbol. */
static int read_symbols(struct elf_reader *r, struct program *p)
{
    Elf_Scn *scn = NULL;
    bool have_symtab = false, have_kernel = false;
    size_t cap = 0;

    while ((scn = elf_nextscn(r->elf, scn)) != NULL) {
        GElf_Shdr sh;
        Elf_Data *d;
        if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_SYMTAB)
            continue;
        have_symtab = true;
        if ((d = elf_getdata(scn, NULL)) == NULL)
            return fail(r, "unreadable symbol table (%s)", elf_errmsg(-1));
        for (size_t i = 0; sh.sh_entsize && i < sh.sh_size / sh.sh_entsize; i++) {
            GElf_Sym s;
            const char *name;
            if (gelf_getsym(d, (int)i, &s) == NULL)
                return fail(r, "unreadable symbol %zu (%s)", i, elf_errmsg(-1));
            name = elf_strptr(r->elf, sh.sh_link, s.st_name);
            if (name && strcmp(name, "kernel") == 0
                && s.st_shndx != SHN_UNDEF) {
                have_kernel = true;
                p->kernel = (uint32_t)s.st_value;
            }
            if (!is_function(&s, name, p))
                continue;
            if (p->n_funcs == cap) {
                size_t nc = cap ? 2 * cap : 16;
                struct program_func *f = realloc(p->funcs, nc * sizeof *f);
                if (!f)
                    return fail(r, "out of memory");
                p->funcs = f;
                cap = nc;
            }
            p->funcs[p->n_funcs].name = strdup(name);
            p->funcs[p->n_funcs].lo = (uint32_t)s.st_value;
            p->funcs[p->n_funcs].hi = (uint32_t)s.st_size;  /* the size, for now */
            if (!p->funcs[p->n_funcs].name)
                return fail(r, "out of memory");
            p->n_funcs++;
        }
    }
    if (!have_symtab)
        return fail(r, "no symbol table (stripped?): the symbol 'kernel' "
                    "and the functions come from it");
    if (!have_kernel)
        return fail(r, "no symbol 'kernel' (the kernel's entry function, "
                    "void kernel(const void *args))");
    if (p->n_funcs > 1)
        qsort(p->funcs, p->n_funcs, sizeof *p->funcs, by_lo);
    /* One function per address (an alias keeps the first name, a sized
     * symbol wins), each ending at its size or at the next function. */
    unsigned m = 0;
    for (unsigned i = 0; i < p->n_funcs; i++) {
        if (m > 0 && p->funcs[m - 1].lo == p->funcs[i].lo) {
            if (p->funcs[m - 1].hi == 0)
                p->funcs[m - 1].hi = p->funcs[i].hi;
            free(p->funcs[i].name);
            continue;
        }
        p->funcs[m++] = p->funcs[i];
    }
    p->n_funcs = m;
    for (unsigned i = 0; i < m; i++) {
        uint32_t next = i + 1 < m ? p->funcs[i + 1].lo : p->text_hi;
        uint32_t sz = p->funcs[i].hi;
        p->funcs[i].hi = sz && p->funcs[i].lo + sz < next
                         ? p->funcs[i].lo + sz : next;
    }
    return 0;
}

/* Padding between functions: a nop (addi x0, x0, 0) or a zero word. */
static bool is_padding(const struct program *p, uint32_t lo, uint32_t hi)
{
    for (uint32_t pc = lo; pc < hi; pc += 4) {
        uint32_t w;
        if (program_word(p, pc, &w) != 0 || (w != 0 && w != 0x00000013))
            return false;
    }
    return true;
}

/* Every function on an instruction boundary, and every instruction of
 * the text in a function: the control-flow analysis sees only the
 * functions, so code outside them (a symbol whose st_size is short of its
 * code, code without a symbol) would run with no re-convergence point.
 * Alignment padding between functions is fine. */
static int check_coverage(struct elf_reader *r, const struct program *p)
{
    uint32_t at = p->text_lo & ~3u;

    for (unsigned i = 0; i <= p->n_funcs; i++) {
        uint32_t next = i < p->n_funcs ? p->funcs[i].lo : p->text_hi;
        if (i < p->n_funcs && next % 4 != 0)
            return fail(r, "the function symbol '%s' at 0x%08x is not on an "
                        "instruction (4-byte) boundary", p->funcs[i].name,
                        next);
        if (next > at && !is_padding(p, at, next))
            return fail(r, "the text 0x%08x..0x%08x belongs to no function "
                        "symbol (a function's st_size short of its code, or "
                        "code without a symbol); the control-flow analysis "
                        "needs every instruction in a function", at, next);
        if (i < p->n_funcs && p->funcs[i].hi > at)
            at = p->funcs[i].hi;
    }
    return 0;
}

/* exit_pc: the simt.exit word in _start, the function at the entry. */
static int find_exit(struct elf_reader *r, struct program *p)
{
    const struct program_func *f = program_func_at(p, p->entry);
    uint32_t end = f ? f->hi : p->text_hi;

    for (uint32_t pc = p->entry; pc < end; pc += 4) {
        uint32_t w;
        if (program_word(p, pc, &w) == 0 && w == ELF_SIMT_EXIT_WORD) {
            p->exit_pc = pc;
            return 0;
        }
    }
    return fail(r, "no simt.exit (0x%08x) in the start code at the entry "
                "0x%08x (link with kernels/crt0.S)", ELF_SIMT_EXIT_WORD,
                p->entry);
}

static int read_program(struct elf_reader *r, struct program *p)
{
    GElf_Ehdr eh;

    if (check_header(r, &eh) != 0 || check_tables(r, &eh) != 0
        || load_segments(r, p) != 0 || text_sections(r, p) != 0)
        return -1;
    p->entry = (uint32_t)eh.e_entry;
    if (p->entry < p->text_lo || p->entry >= p->text_hi || p->entry % 4)
        return fail(r, "the entry 0x%08llx is not an instruction of the "
                    "text 0x%08x..0x%08x", (unsigned long long)eh.e_entry,
                    p->text_lo, p->text_hi);
    if (read_symbols(r, p) != 0 || check_coverage(r, p) != 0)
        return -1;
    if (p->kernel < p->text_lo || p->kernel >= p->text_hi || p->kernel % 4)
        return fail(r, "the symbol 'kernel' (0x%08x) is not an instruction "
                    "of the text 0x%08x..0x%08x", p->kernel, p->text_lo,
                    p->text_hi);
    if (program_func_at(p, p->entry) == NULL)
        return fail(r, "no function symbol at the entry 0x%08x (_start)",
                    p->entry);
    return find_exit(r, p);
}

/* The program in the file's bytes buf[0 .. size) (libelf may use buf
 * until it is done; the caller frees it). */
static int load_bytes(const char *path, char *buf, size_t size,
                      struct program *p, char *err, size_t errlen)
{
    struct elf_reader r = { path, err, errlen, NULL, buf, size };
    int rc = -1;

    memset(p, 0, sizeof *p);
    if (elf_version(EV_CURRENT) == EV_NONE) {
        snprintf(err, errlen, "%s: libelf is out of date", path);
        return -1;
    }
    if ((r.elf = elf_memory(buf, size)) == NULL) {
        fail(&r, "unreadable (%s)", elf_errmsg(-1));
        goto out;
    }
    if (!(p->path = strdup(path))) {
        fail(&r, "out of memory");
        goto out;
    }
    if (read_program(&r, p) == 0
        && cfg_analyse(p, CFG_ICS_LEVELS_MAX, err, errlen) == 0)
        rc = 0;
out:
    if (r.elf)
        elf_end(r.elf);
    if (rc != 0)
        program_free(p);
    return rc;
}

int elf_load(const char *path, struct program *p, char *err, size_t errlen)
{
    char why[256], *buf;
    size_t size;
    int rc;

    memset(p, 0, sizeof *p);
    if (read_file(path, ELF_FILE_MAX, "a kernel's ELF file", &buf, &size,
                  why, sizeof why) != READ_FILE_OK) {
        snprintf(err, errlen, "%s: %s", path, why);
        return -1;
    }
    rc = load_bytes(path, buf, size, p, err, errlen);
    free(buf);
    return rc;
}

int elf_load_buffer(const char *path, const void *data, size_t size,
                    struct program *p, char *err, size_t errlen)
{
    char *buf = malloc(size ? size : 1);
    int rc;

    memset(p, 0, sizeof *p);
    if (!buf) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    if (size)
        memcpy(buf, data, size);
    rc = load_bytes(path, buf, size, p, err, errlen);
    free(buf);
    return rc;
}
