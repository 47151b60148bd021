/*
 * test_array_model.c -- the SRAM / CAM area model of synth/array_model.c,
 * against its equations as docs/area-model.md states them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "array_model.h"

static double total(const struct array_spec *s, unsigned tech_nm)
{
    struct array_area a;

    assert_int_equal(array_area(s, tech_nm, &a), 0);
    assert_true(a.total > 0);
    return a.total;
}

static struct array_spec sram(unsigned words, unsigned bits, unsigned banks,
                              unsigned rd, unsigned wr, unsigned rw)
{
    struct array_spec s;

    array_sram_spec(words, bits, banks, rd, wr, rw, &s);
    return s;
}

/* One bank of rows x cols cells, sensed bits read per access, one
 * read-write port, no column multiplexer chosen for it. */
static struct array_spec one_bank(unsigned rows, unsigned cols,
                                  unsigned sensed)
{
    struct array_spec s = sram(rows, cols, 1, 0, 0, 1);

    s.rows = rows;
    s.cols = cols;
    s.sensed = sensed;
    return s;
}

/*
 * A 4-word x 2-bit SRAM, one read-write port, one bank, at 45 nm (standard
 * cells unscaled), priced term by term from the documented equations:
 *   cells   = rows x cols x (sqrt(146/1.46) F) x (1.46 sqrt(146/1.46) F)
 *   decode  = predecoder of the 2 address bits (4 AND2 + 2 INV)
 *             + per row a wordline driver INV_X1 x max(1, load / 3)
 *   column  = per column a precharge NAND2; per sensed bit a sense
 *             amplifier (DFF/2 + INV) and an output BUF, a write driver
 *             (2 NAND2) and an input BUF
 *   control = 4 DFF
 *   wiring  = (2 address + 2 in + 2 out) wires at the 4 F intermediate
 *             pitch across the bank's width of 2 cells
 */
static void a_small_sram_costs_exactly_its_documented_terms(void **state)
{
    const struct array_constants *k = array_model_constants();
    struct array_spec s = sram(4, 2, 1, 0, 0, 1);
    struct array_area a;
    double f = 0.045, w = sqrt(k->sram_cell_f2 / k->sram_aspect) * f;
    double h = k->sram_aspect * w;
    double load = 2 * 2.0 * 1.31 / (1.045 / 0.045);
    double cells = 4 * 2 * w * h;
    double decode = 4 * k->and2_um2 + 2 * k->inv_um2 +
                    4 * k->inv_um2 * fmax(1.0, load / 3.0);
    double sa = k->dff_um2 / 2 + k->inv_um2;
    double column = 2 * k->nand2_um2 + 2 * (sa + k->buf_um2) +
                    2 * (2 * k->nand2_um2 + k->buf_um2);
    double control = 4 * k->dff_um2;
    double wiring = (2 + 2 + 2) * k->bus_pitch_f * f * 2 * w;

    (void)state;
    assert_int_equal(s.rows, 4);
    assert_int_equal(s.cols, 2);
    assert_int_equal(s.sensed, 2);
    assert_int_equal(array_area(&s, 45, &a), 0);
    assert_float_equal(a.cells, cells, 1e-9);
    assert_float_equal(a.decode, decode, 1e-9);
    assert_float_equal(a.column, column, 1e-9);
    assert_float_equal(a.compare, 0.0, 1e-12);
    assert_float_equal(a.control, control, 1e-9);
    assert_float_equal(a.wiring, wiring, 1e-9);
    assert_float_equal(a.routing, 0.0, 1e-12);
    assert_float_equal(a.total, cells + decode + column + control + wiring,
                       1e-9);
}

static void area_grows_with_words_and_with_bits(void **state)
{
    unsigned words[] = { 8, 16, 64, 256, 1024, 4096 };
    double prev = 0;

    (void)state;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        struct array_spec s = sram(words[i], 32, 1, 0, 0, 1);
        double t = total(&s, 40);
        assert_true(t > prev);
        prev = t;
    }
    prev = 0;
    for (unsigned bits = 1; bits <= 256; bits *= 2) {
        struct array_spec s = sram(128, bits, 1, 0, 0, 1);
        double t = total(&s, 40);
        assert_true(t > prev);
        prev = t;
    }
}

static void every_extra_port_costs_area(void **state)
{
    struct array_spec one = sram(256, 64, 1, 0, 0, 1);
    struct array_spec two = sram(256, 64, 1, 1, 1, 0);
    struct array_spec five = sram(256, 64, 1, 1, 4, 0);
    struct array_area a1, a2;

    (void)state;
    assert_true(total(&two, 40) > total(&one, 40));
    assert_true(total(&five, 40) > total(&two, 40));
    /* The bit cell itself grows: a bitline pair and a wordline per port. */
    assert_int_equal(array_area(&one, 40, &a1), 0);
    assert_int_equal(array_area(&two, 40, &a2), 0);
    assert_true(a2.cells > a1.cells);
}

static void banking_costs_periphery_and_routing(void **state)
{
    struct array_spec one = sram(1024, 32, 1, 0, 0, 1);
    struct array_spec four = sram(1024, 32, 4, 0, 0, 1);
    struct array_area a1, a4;

    (void)state;
    assert_int_equal(array_area(&one, 40, &a1), 0);
    assert_int_equal(array_area(&four, 40, &a4), 0);
    /* The same bits ... */
    assert_int_equal(one.rows * one.cols * one.banks,
                     four.rows * four.cols * four.banks);
    assert_float_equal(a4.cells, a1.cells, 1e-6);
    /* ... but four sets of periphery and the wires between the banks. */
    assert_true(a1.routing == 0);
    assert_true(a4.routing > 0);
    assert_true(a4.total > a1.total);
}

static void a_cam_cell_is_twice_an_sram_cell(void **state)
{
    struct array_spec s = sram(16, 32, 1, 0, 0, 1), c = s;
    struct array_area as, ac;

    (void)state;
    s.cols = 32;
    s.rows = 16;
    c.cam = 1;
    c.sensed = 0;
    assert_int_equal(array_area(&s, 40, &as), 0);
    assert_int_equal(array_area(&c, 40, &ac), 0);
    assert_float_equal(ac.cells, 2 * as.cells, 1e-9);
    /* Search lines and match lines are priced. */
    assert_true(ac.compare > 0);
}

/* A 128-column CAM of 8 rows with `search_ports` read-only (search)
 * ports beside its read-write port: the area it adds when its read-write
 * port reads the stored word out, by component. */
static struct array_area cam_read_out_cost(unsigned search_ports)
{
    struct array_spec searched = one_bank(8, 128, 0), read;
    struct array_area as, ar, d;

    searched.cam = 1;
    searched.rd_ports = search_ports;
    read = searched;
    read.sensed = 128;
    assert_int_equal(array_area(&searched, 40, &as), 0);
    assert_int_equal(array_area(&read, 40, &ar), 0);
    d = ar;
    d.column -= as.column;
    d.wiring -= as.wiring;
    return d;
}

static void a_cam_read_through_its_port_costs_sense_amps_and_read_wires(void **state)
{
    const struct array_constants *k = array_model_constants();
    double std = (40.0 / 45.0) * (40.0 / 45.0), f = 0.040;
    double amps = 128 * (k->dff_um2 / 2 + k->inv_um2 + k->buf_um2) * std;
    struct array_area d = cam_read_out_cost(0);

    (void)state;
    /* 128 sense amplifiers and output buffers more, for the one port;
     * 128 wires more across the bank's 128 columns of 10 F. */
    assert_float_equal(d.column, amps, 1e-3);
    assert_float_equal(d.wiring, 128 * k->bus_pitch_f * f * 128 * 10 * f,
                       1e-3);
    /* A read-only port searches: no sense amplifiers for it. */
    d = cam_read_out_cost(1);
    assert_float_equal(d.column, amps, 1e-3);
}

static void rows_driven_by_match_lines_take_the_cam_row_height(void **state)
{
    const struct array_constants *k = array_model_constants();
    struct array_spec s = one_bank(8, 128, 128), m;
    struct array_area as, am;

    (void)state;
    m = s;
    m.cam_pitch = 1;
    assert_int_equal(array_area(&s, 40, &as), 0);
    assert_int_equal(array_area(&m, 40, &am), 0);
    /* Same width, the CAM cell's height: 2.92 / 1.46 times the SRAM's. */
    assert_float_equal(am.cells / as.cells, k->cam_aspect *
                       sqrt(k->cam_cell_f2 / k->cam_aspect) /
                       (k->sram_aspect * sqrt(k->sram_cell_f2 / k->sram_aspect)),
                       1e-9);
    assert_float_equal(am.wiring, as.wiring, 1e-9);
}

static void a_wider_bus_crossing_the_bank_costs_more_wiring(void **state)
{
    struct array_spec narrow = sram(256, 16, 1, 0, 0, 1);
    struct array_spec wide = sram(256, 16, 1, 0, 0, 1);
    struct array_area an, aw;

    (void)state;
    wide.rd_ports = 1;          /* a second port: its address and data */
    assert_int_equal(array_area(&narrow, 40, &an), 0);
    assert_int_equal(array_area(&wide, 40, &aw), 0);
    assert_true(an.wiring > 0);
    assert_true(aw.wiring > an.wiring);
}

static void wires_cross_the_companion_columns_of_a_shared_row(void **state)
{
    struct array_spec own = one_bank(8, 128, 128), shared;
    struct array_area ao, as;

    (void)state;
    shared = own;
    shared.shared_cols = 128;   /* a tag of 128 columns in the same rows */
    assert_int_equal(array_area(&own, 40, &ao), 0);
    assert_int_equal(array_area(&shared, 40, &as), 0);
    /* The same wires over twice the width; nothing else changes. */
    assert_float_equal(as.wiring, 2.0 * ao.wiring, 1e-3);
    assert_float_equal(as.total - as.wiring, ao.total - ao.wiring, 1e-3);
}

static void the_whole_model_scales_with_the_square_of_the_node(void **state)
{
    struct array_spec s = sram(512, 130, 2, 1, 1, 0);
    double r = (40.0 / 45.0) * (40.0 / 45.0);

    (void)state;
    assert_float_equal(total(&s, 40), total(&s, 45) * r, 1e-6);
}

static void a_compiler_picks_the_squarest_column_mux(void **state)
{
    struct array_spec s = sram(512, 130, 1, 0, 0, 1);
    struct array_spec t = sram(1024, 8, 1, 0, 0, 1);

    (void)state;
    assert_int_equal(s.rows, 256);      /* 256 x 260 beats 512 x 130 */
    assert_int_equal(s.cols, 260);
    assert_int_equal(s.sensed, 130);
    assert_int_equal(t.rows * t.cols, 1024 * 8);
    assert_int_equal(t.rows, 128);      /* 128 x 64 (mux 8) */
}

static void table7_rows_become_a_tag_and_a_data_array(void **state)
{
    const struct harp_array_org lanes = { "RBT lanes", 16, 128, 8, 16, 6, 7 };
    const struct harp_array_org look = { "Lookup Ready", 1, 8, 1, 8, 128, 128 };
    const struct harp_array_org sl = { "Second-Level", 1, 512, 512, 1, 0, 130 };
    struct array_spec tag, data;
    int has_tag;

    (void)state;
    array_harp_specs(&lanes, &tag, &data, &has_tag);
    assert_true(has_tag);
    assert_int_equal(tag.banks, 16);
    assert_int_equal(tag.rows, 8);
    assert_int_equal(tag.cols, 16 * 6);
    assert_int_equal(tag.tag_ways, 16);
    assert_int_equal(data.cols, 16 * 7);
    assert_int_equal(data.way_mux, 16);
    assert_false(tag.cam);

    array_harp_specs(&look, &tag, &data, &has_tag);
    assert_true(has_tag);
    assert_true(tag.cam);
    assert_int_equal(tag.rows, 8);
    assert_int_equal(tag.cols, 128);
    assert_int_equal(data.rows, 8);
    assert_int_equal(tag.sensed, 128);
    assert_true(data.cam_pitch);
    assert_int_equal(tag.shared_cols, data.cols);
    assert_int_equal(data.shared_cols, tag.cols);

    array_harp_specs(&sl, &tag, &data, &has_tag);
    assert_false(has_tag);
    assert_int_equal(data.rows * data.cols, 512 * 130);
}

static void what_is_not_an_array_is_refused(void **state)
{
    struct array_spec s = sram(16, 8, 1, 0, 0, 1);
    struct array_area a;

    (void)state;
    s.rw_ports = 0;
    assert_int_equal(array_area(&s, 40, &a), -1);
    s = sram(16, 8, 1, 0, 0, 1);
    s.rows = 0;
    assert_int_equal(array_area(&s, 40, &a), -1);
    s = sram(16, 8, 1, 0, 0, 1);
    s.sensed = s.cols + 1;
    assert_int_equal(array_area(&s, 40, &a), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_small_sram_costs_exactly_its_documented_terms),
        cmocka_unit_test(area_grows_with_words_and_with_bits),
        cmocka_unit_test(every_extra_port_costs_area),
        cmocka_unit_test(banking_costs_periphery_and_routing),
        cmocka_unit_test(a_cam_cell_is_twice_an_sram_cell),
        cmocka_unit_test(a_cam_read_through_its_port_costs_sense_amps_and_read_wires),
        cmocka_unit_test(rows_driven_by_match_lines_take_the_cam_row_height),
        cmocka_unit_test(a_wider_bus_crossing_the_bank_costs_more_wiring),
        cmocka_unit_test(wires_cross_the_companion_columns_of_a_shared_row),
        cmocka_unit_test(the_whole_model_scales_with_the_square_of_the_node),
        cmocka_unit_test(a_compiler_picks_the_squarest_column_mux),
        cmocka_unit_test(table7_rows_become_a_tag_and_a_data_array),
        cmocka_unit_test(what_is_not_an_array_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
