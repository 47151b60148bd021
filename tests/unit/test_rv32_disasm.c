/* test_rv32_disasm.c -- the text contract of rv32_disasm (golden/isa/rv32_disasm.c);
 * the text itself is checked against objdump by tests/cli/disasm_objdump.sh. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "rv32_disasm.h"

static void the_simt_words_print_as_their_mnemonics(void **state)
{
    static const char *const want[5] = {
        "simt.bar", "simt.exit", "simt.prio.raise", "simt.prio.lower",
        "simt.prio.setout"
    };
    char buf[64];
    unsigned k;

    (void)state;
    for (k = 0; k < 5; k++) {
        rv32_disasm(0x0000000bu | (uint32_t)k << 12, 0, buf, sizeof buf);
        assert_string_equal(buf, want[k]);
    }
    rv32_disasm(0x0000500bu, 0, buf, sizeof buf);
    assert_string_equal(buf, ".4byte 0x500b");
}

static void branch_and_jump_targets_are_absolute_addresses(void **state)
{
    char buf[64];

    (void)state;
    rv32_disasm(0xfe0506e3u, 0x1004c, buf, sizeof buf);   /* beqz a0,-20 */
    assert_string_equal(buf, "beqz a0,10038");
    rv32_disasm(0x008000efu, 0x10030, buf, sizeof buf);   /* jal ra,+8 */
    assert_string_equal(buf, "jal 10038");
    rv32_disasm(0x8000006fu, 0x34, buf, sizeof buf);      /* j -2^20 */
    assert_string_equal(buf, "j fff00034");
}

static void a_short_buffer_holds_a_terminated_prefix_and_the_full_length_is_returned(void **state)
{
    char buf[6];
    char full[64];
    size_t n;

    (void)state;
    n = rv32_disasm(0x06c5a52fu, 0, full, sizeof full);
    assert_string_equal(full, "amoadd.w.aqrl a0,a2,(a1)");
    assert_int_equal(n, strlen(full));
    memset(buf, 'x', sizeof buf);
    n = rv32_disasm(0x06c5a52fu, 0, buf, sizeof buf);
    assert_int_equal(n, strlen(full));
    assert_string_equal(buf, "amoad");
    assert_int_equal(rv32_disasm(0x06c5a52fu, 0, NULL, 0), strlen(full));
}

static void register_names_are_the_abi_names(void **state)
{
    (void)state;
    assert_string_equal(rv32_reg_name(0), "zero");
    assert_string_equal(rv32_reg_name(8), "s0");
    assert_string_equal(rv32_reg_name(31), "t6");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_simt_words_print_as_their_mnemonics),
        cmocka_unit_test(branch_and_jump_targets_are_absolute_addresses),
        cmocka_unit_test(a_short_buffer_holds_a_terminated_prefix_and_the_full_length_is_returned),
        cmocka_unit_test(register_names_are_the_abi_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
