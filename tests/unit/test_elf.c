/*
 * test_elf.c -- the ELF loader: a kernel of the suite loads whole, and
 * each kind of broken file is refused with a message that names the file
 * and the problem (tests/data/bad-elf/README).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf.h"

/* The suite as built (make builds it before the tests). */
#define GOOD "kernels/vecadd.elf"
#define OUT "test-out/test_elf"

/* The bytes of a file (free them), its size in *n. */
static unsigned char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    unsigned char *b;
    long len;

    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    len = ftell(f);
    assert_true(len > 0);
    rewind(f);
    b = malloc((size_t)len);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    *n = (size_t)len;
    return b;
}

static void spill(const char *path, const void *b, size_t n)
{
    FILE *f;

    mkdir("test-out", 0777);
    mkdir(OUT, 0777);
    f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* Loading path fails, the message names the file and holds what. */
static void refused(const char *path, const char *what)
{
    struct program p;
    char err[1024];

    memset(&p, 0xa5, sizeof p);
    assert_int_equal(elf_load(path, &p, err, sizeof err), -1);
    /* "PATH: problem", the problem searched apart from the path */
    if (strncmp(err, path, strlen(path)) != 0
        || strncmp(err + strlen(path), ": ", 2) != 0
        || !strstr(err + strlen(path), what))
        fail_msg("the message for %s is \"%s\", which does not name the "
                 "file and then \"%s\"", path, err, what);
    assert_null(p.image);           /* nothing left behind */
    assert_null(p.path);
    assert_int_equal(p.n_funcs, 0);
}

static void a_suite_kernel_loads_with_image_entry_kernel_and_exit(void **state)
{
    struct program p;
    char err[1024];
    uint32_t w;
    const struct program_func *k;

    (void)state;
    assert_int_equal(elf_load(GOOD, &p, err, sizeof err), 0);
    assert_string_equal(p.path, GOOD);
    assert_int_equal(p.base, PROGRAM_IMAGE_LO);
    assert_int_equal(p.entry, PROGRAM_IMAGE_LO);
    assert_true(p.text_lo == p.base && p.text_hi > p.text_lo);
    assert_true(p.size >= p.text_hi - p.base);
    /* the entry's first instruction sets gp (auipc gp) */
    assert_int_equal(program_word(&p, p.entry, &w), 0);
    assert_int_equal(w & 0xfff, 0x197);
    /* the exit is simt.exit, inside _start, after the call */
    assert_int_equal(program_word(&p, p.exit_pc, &w), 0);
    assert_int_equal(w, 0x0000100b);
    assert_string_equal(program_func_at(&p, p.entry)->name, "_start");
    assert_ptr_equal(program_func_at(&p, p.exit_pc), program_func_at(&p, p.entry));
    k = program_func_at(&p, p.kernel);
    assert_non_null(k);
    assert_string_equal(k->name, "kernel");
    assert_int_equal(k->lo, p.kernel);
    /* a grid-stride loop: at least its guard and its back edge */
    assert_true(p.n_branches >= 2);
    program_free(&p);
    assert_null(p.image);
}

static void a_missing_file_is_named_with_the_system_error(void **state)
{
    (void)state;
    refused(OUT "/no-such-kernel.elf", "No such file");
}

static void a_text_file_is_refused_as_not_elf(void **state)
{
    static const char text[] = "void kernel(const void *args) {}\n";

    (void)state;
    spill(OUT "/text.elf", text, sizeof text - 1);
    refused(OUT "/text.elf", "not an ELF file");
}

static void a_truncated_file_is_refused_as_truncated(void **state)
{
    size_t n;
    unsigned char *b = slurp(GOOD, &n);

    (void)state;
    /* the headers survive, the text does not */
    spill(OUT "/truncated.elf", b, 0x200);
    refused(OUT "/truncated.elf", "truncated");
    free(b);
}

static void an_x86_machine_is_refused_naming_the_machine(void **state)
{
    size_t n;
    unsigned char *b = slurp(GOOD, &n);

    (void)state;
    b[18] = 3;                      /* e_machine = EM_386 */
    b[19] = 0;
    spill(OUT "/x86.elf", b, n);
    refused(OUT "/x86.elf", "ELF machine 3 (Intel 80386), not RISC-V");
    free(b);
}

static void a_64_bit_riscv_file_is_refused_as_64_bit(void **state)
{
    (void)state;
    refused(BAD_ELF_DIR "/rv64.elf", "a 64-bit ELF file");
}

static void a_stripped_file_is_refused_for_its_symbol_table(void **state)
{
    (void)state;
    refused(BAD_ELF_DIR "/stripped.elf", "no symbol table");
}

static void a_file_without_the_kernel_symbol_is_refused(void **state)
{
    (void)state;
    refused(BAD_ELF_DIR "/no-kernel.elf", "no symbol 'kernel'");
}

static void text_linked_in_shared_memory_is_outside_the_image(void **state)
{
    (void)state;
    refused(BAD_ELF_DIR "/high-text.elf",
            "at 0x20000000..0x200000");
    refused(BAD_ELF_DIR "/high-text.elf", "outside the image region");
}

static void compressed_code_is_refused(void **state)
{
    (void)state;
    refused(BAD_ELF_DIR "/rvc.elf", "compressed (C) extension");
}

static void start_code_without_simt_exit_is_refused(void **state)
{
    (void)state;
    refused(BAD_ELF_DIR "/no-exit.elf", "no simt.exit");
}

/* The repro files of tests/data/bad-elf/README, committed as found. */

static void a_segment_with_file_bytes_and_no_memory_is_refused(void **state)
{
    (void)state;
    /* vecadd.elf with its RISCV_ATTRIBUTES header turned into a PT_LOAD
     * of memory size 0: its bytes were copied before the image */
    refused(BAD_ELF_SRC "/memsz-zero.elf",
            "segment 0: file size 0x3c beyond its memory size 0x0");
}

static void a_file_cut_before_its_section_headers_is_truncated(void **state)
{
    (void)state;
    refused(BAD_ELF_SRC "/no-section-headers.elf", "truncated: the section "
            "headers (and the symbol table they locate) need bytes "
            "0x11f8..0x12e8 of a 4600-byte file");
}

static void symbols_that_make_no_function_are_refused_naming_the_text(void **state)
{
    (void)state;
    /* every symbol moved to SHN_ABS: no function at all (once qsort of
     * an empty table, NULL, 0, under UBSan) */
    refused(BAD_ELF_SRC "/no-functions.elf", "the text 0x00010000..0x00010070 "
            "belongs to no function symbol");
}

static void code_past_a_short_function_symbol_is_refused_naming_it(void **state)
{
    (void)state;
    /* kernel's st_size cut from 0x60 to 0x20 */
    refused(BAD_ELF_SRC "/short-kernel.elf", "the text 0x00010030..0x00010070 "
            "belongs to no function symbol");
}

static void a_function_symbol_off_an_instruction_boundary_is_refused(void **state)
{
    (void)state;
    refused(BAD_ELF_SRC "/unaligned-function.elf", "the function symbol "
            "'__image_end' at 0x00010275 is not on an instruction (4-byte) "
            "boundary");
}

/* Special files: refused at once, before any byte is read. */

static void a_fifo_is_refused_without_blocking(void **state)
{
    (void)state;
    mkdir("test-out", 0777);
    mkdir(OUT, 0777);
    unlink(OUT "/fifo.elf");
    assert_int_equal(mkfifo(OUT "/fifo.elf", 0600), 0);
    alarm(10);                      /* a blocked open() fails the test */
    refused(OUT "/fifo.elf", "not a regular file but a FIFO");
    alarm(0);
    unlink(OUT "/fifo.elf");
}

static void a_symlink_to_dev_zero_is_refused_without_reading(void **state)
{
    (void)state;
    mkdir("test-out", 0777);
    mkdir(OUT, 0777);
    unlink(OUT "/zero.elf");
    assert_int_equal(symlink("/dev/zero", OUT "/zero.elf"), 0);
    alarm(10);
    refused(OUT "/zero.elf", "not a regular file but a character device");
    alarm(0);
    unlink(OUT "/zero.elf");
}

static void a_sparse_8_gib_file_is_refused_by_its_size(void **state)
{
    char msg[128];

    (void)state;
    spill(OUT "/sparse.elf", "", 0);
    assert_int_equal(truncate(OUT "/sparse.elf", (off_t)8 << 30), 0);
    snprintf(msg, sizeof msg, "8589934592 bytes, more than the %zu bytes a "
             "kernel's ELF file may have", ELF_FILE_MAX);
    refused(OUT "/sparse.elf", msg);
    unlink(OUT "/sparse.elf");
}

/* The same bytes from memory (the fuzz target's way in) as from the file. */
static void a_buffer_loads_as_its_file_does(void **state)
{
    struct program a, b;
    char err[1024];
    size_t n;
    unsigned char *bytes = slurp(GOOD, &n);

    (void)state;
    assert_int_equal(elf_load(GOOD, &a, err, sizeof err), 0);
    assert_int_equal(elf_load_buffer(GOOD, bytes, n, &b, err, sizeof err), 0);
    assert_int_equal(a.size, b.size);
    assert_memory_equal(a.image, b.image, a.size);
    assert_int_equal(a.n_branches, b.n_branches);
    assert_int_equal(a.exit_pc, b.exit_pc);
    program_free(&a);
    program_free(&b);
    assert_int_equal(elf_load_buffer("cut.elf", bytes, 0x200, &b, err,
                                     sizeof err), -1);
    assert_non_null(strstr(err, "cut.elf: truncated"));
    free(bytes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_suite_kernel_loads_with_image_entry_kernel_and_exit),
        cmocka_unit_test(a_missing_file_is_named_with_the_system_error),
        cmocka_unit_test(a_text_file_is_refused_as_not_elf),
        cmocka_unit_test(a_truncated_file_is_refused_as_truncated),
        cmocka_unit_test(an_x86_machine_is_refused_naming_the_machine),
        cmocka_unit_test(a_64_bit_riscv_file_is_refused_as_64_bit),
        cmocka_unit_test(a_stripped_file_is_refused_for_its_symbol_table),
        cmocka_unit_test(a_file_without_the_kernel_symbol_is_refused),
        cmocka_unit_test(text_linked_in_shared_memory_is_outside_the_image),
        cmocka_unit_test(compressed_code_is_refused),
        cmocka_unit_test(start_code_without_simt_exit_is_refused),
        cmocka_unit_test(a_segment_with_file_bytes_and_no_memory_is_refused),
        cmocka_unit_test(a_file_cut_before_its_section_headers_is_truncated),
        cmocka_unit_test(symbols_that_make_no_function_are_refused_naming_the_text),
        cmocka_unit_test(code_past_a_short_function_symbol_is_refused_naming_it),
        cmocka_unit_test(a_function_symbol_off_an_instruction_boundary_is_refused),
        cmocka_unit_test(a_fifo_is_refused_without_blocking),
        cmocka_unit_test(a_symlink_to_dev_zero_is_refused_without_reading),
        cmocka_unit_test(a_sparse_8_gib_file_is_refused_by_its_size),
        cmocka_unit_test(a_buffer_loads_as_its_file_does),
    };
    return cmocka_run_group_tests_name("elf", tests, NULL, NULL);
}
