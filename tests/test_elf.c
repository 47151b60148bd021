/*
 * test_elf.c -- the ELF loader: a kernel of the suite loads whole, and
 * each kind of broken file is refused with a message that names the file
 * and the problem (tests/bad-elf/README).
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
    };
    return cmocka_run_group_tests_name("elf", tests, NULL, NULL);
}
