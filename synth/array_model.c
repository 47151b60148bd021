/*
 * array_model.c -- area of SRAM arrays and CAM tags; see array_model.h and
 * docs/area-model.md for the equations and the source of every constant.
 */
#include "array_model.h"
#include "bits.h"

#include <math.h>

/*
 * The constants.  F^2 figures scale with the node; the standard-cell
 * figures are the 45 nm NanGate FreePDK45 X1 areas of synth/simtref45.lib
 * and scale by (node / 45)^2.
 */
static const struct array_constants K = {
    /* CACTI's technology parameters (after ITRS): SRAM cell 146 F^2 of
     * aspect ratio (height / width) 1.46; CAM cell 292 F^2, aspect 2.92. */
    .sram_cell_f2 = 146.0, .sram_aspect = 1.46,
    .cam_cell_f2  = 292.0, .cam_aspect  = 2.92,
    /* Local wire pitch: 120 nm metal-1 pitch of the 40 nm node, 3 F. */
    .wire_pitch_f = 3.0,
    /* Intermediate ("semi-global") wire pitch, 4 F: CACTI's interconnect
     * parameters (aggressive projection, after Ron Ho's thesis), the
     * layer its address and data wires use inside and between mats. */
    .bus_pitch_f = 4.0,
    /* NanGate FreePDK45 X1: sites x 0.19 um x 1.4 um. */
    .inv_um2 = 0.532, .nand2_um2 = 0.798, .buf_um2 = 0.798,
    .and2_um2 = 1.064, .xnor2_um2 = 1.596, .mux2_um2 = 1.862,
    .dff_um2 = 4.522,
};

/*
 * Wordline load per bit cell in INV_X1 input loads: two access transistors
 * of 1.31 F (CACTI's SRAM access width) against the 0.415 um + 0.63 um
 * gate of NanGate's INV_X1 at 45 nm (23.2 F).
 */
static const double WL_LOAD_PER_CELL = 2.0 * 1.31 / (1.045 / 0.045);

/* Timing control per bank and port, in DFF_X1 equivalents. */
static const double CONTROL_DFFS = 4.0;

const struct array_constants *array_model_constants(void)
{
    return &K;
}

/* A sense amplifier: a cross-coupled latch (half a DFF) and its enable. */
static double sense_amp_um2(void)
{
    return K.dff_um2 / 2.0 + K.inv_um2;
}

/*
 * Decoding for one port of one bank of `rows` wordlines of `cols` cells:
 * the n = ceil(log2 rows) address bits in groups of two, each group a
 * predecoder of 2^k AND2 and k INV; per row, (groups - 1) NAND2 that
 * combine the predecoded lines and a wordline driver chain of fanout 4,
 * whose area is an INV_X1 times a third of the load (at least one).
 */
static double decode_um2(unsigned rows, unsigned cols)
{
    unsigned n = clog2(rows), groups = (n + 1) / 2, g;
    double pre = 0, per_row, load = cols * WL_LOAD_PER_CELL;

    for (g = 0; g < groups; g++) {
        unsigned k = (g == groups - 1 && n % 2) ? 1 : 2;
        pre += (double)(1u << k) * K.and2_um2 + k * K.inv_um2;
    }
    per_row = (groups > 1 ? (groups - 1) * K.nand2_um2 : 0.0) +
              K.inv_um2 * fmax(1.0, load / 3.0);
    return pre + rows * per_row;
}

/* The address of one access: the row, and the column group when the
 * columns are multiplexed. */
static unsigned address_bits(const struct array_spec *s)
{
    return clog2(s->rows) + (s->sensed ? clog2(s->cols / s->sensed) : 0);
}

/*
 * The wires that cross one bank, per port: the address; the data written
 * (per write port) and the data read (per read port).  A tag array takes
 * the tag to write and the tag to compare and gives a hit per way; a CAM
 * takes the key to write and the key to search and gives the matching
 * row, encoded, and a hit (its match lines end in the rows they drive),
 * and through a read-write port the stored word it reads out; a data
 * array takes and gives out_bits (one way's word, with a select
 * line per way when the ways are multiplexed).
 */
static double bank_wires(const struct array_spec *s, unsigned out_bits)
{
    unsigned rports = s->rd_ports + s->rw_ports;
    unsigned wports = s->wr_ports + s->rw_ports;
    unsigned ports = rports + s->wr_ports;
    double in, out;

    if (s->tag_ways) {
        in = s->tag_bits;
        out = s->tag_bits + s->tag_ways;    /* the key in, the hits out */
    } else if (s->cam) {
        in = s->cols;
        out = s->cols + clog2(s->rows) + 1;
    } else {
        in = out_bits;
        out = out_bits;
    }
    /* A way-multiplexed data array also takes the way to select. */
    unsigned select = s->way_mux > 1 ? s->way_mux : 0;

    /* A CAM's read-write ports also read a stored word out. */
    double read_out = s->cam ? (double)s->rw_ports * s->sensed : 0.0;

    return (double)ports * (address_bits(s) + select) +
           (double)wports * in + (double)rports * out + read_out;
}

int array_area(const struct array_spec *s, unsigned tech_nm,
               struct array_area *a)
{
    unsigned ports = s->rd_ports + s->wr_ports + s->rw_ports;
    unsigned rports = s->rd_ports + s->rw_ports;
    unsigned wports = s->wr_ports + s->rw_ports;
    double f = tech_nm / 1000.0;                      /* um */
    double std = (tech_nm / 45.0) * (tech_nm / 45.0); /* cell scaling */
    double cell_f2 = s->cam ? K.cam_cell_f2 : K.sram_cell_f2;
    double aspect = s->cam ? K.cam_aspect : K.sram_aspect;
    double w, h, pitch = K.wire_pitch_f * f, bank;
    unsigned out_bits;

    a->cells = a->decode = a->column = a->compare = a->control = 0;
    a->wiring = a->routing = a->total = 0;
    if (s->banks == 0 || s->rows == 0 || s->cols == 0 || ports == 0 ||
        s->sensed > s->cols || (!s->cam && s->sensed == 0) ||
        (s->way_mux > 1 && s->sensed % s->way_mux != 0))
        return -1;

    /* Bit cells: w = sqrt(A / aspect), h = aspect * w, each extra port
     * adds a bitline pair (2 pitches) to the width, a wordline to the
     * height. */
    w = sqrt(cell_f2 / aspect) * f + 2.0 * (ports - 1) * pitch;
    h = aspect * sqrt(cell_f2 / aspect) * f + (ports - 1) * pitch;
    /* Rows whose wordlines a CAM's match lines drive line up with the
     * CAM's rows: they take the CAM cell's height. */
    if (s->cam_pitch && !s->cam)
        h = fmax(h, K.cam_aspect * sqrt(K.cam_cell_f2 / K.cam_aspect) * f);
    a->cells = (double)s->rows * s->cols * w * h;

    /* Decoders: every port has its own. */
    a->decode = ports * decode_um2(s->rows, s->cols) * std;

    /* Columns: precharge and equalisation per column and port (NAND2);
     * a column mux pass pair per column and port when cols > sensed
     * (INV); per sensed bit a sense amplifier and an output buffer per
     * read port, a write driver (2 NAND2) and an input buffer per write
     * port.  A CAM's columns are written by its write ports and read by
     * its read-write ports (its read-only ports search). */
    a->column = (double)s->cols * ports * K.nand2_um2;
    if (s->cols > s->sensed && !s->cam)
        a->column += (double)s->cols * ports * K.inv_um2;
    a->column += (double)s->sensed * (s->cam ? s->rw_ports : rports) *
                 (sense_amp_um2() + K.buf_um2);
    a->column += (double)(s->cam ? s->cols : s->sensed) * wports *
                 (2.0 * K.nand2_um2 + K.buf_um2);
    a->column *= std;

    /* Compare: per way and read port an equality of tag_bits (XNOR2 each,
     * an AND2 tree); a way mux of way_mux inputs per output bit (MUX2
     * each); a CAM's search-line driver pair per column and match-line
     * precharge (NAND2) and sense amplifier per row, per search port. */
    out_bits = s->way_mux > 1 ? s->sensed / s->way_mux : s->sensed;
    if (s->tag_ways)
        a->compare += (double)s->tag_ways * rports *
                      (s->tag_bits * K.xnor2_um2 +
                       (s->tag_bits ? s->tag_bits - 1 : 0) * K.and2_um2);
    if (s->way_mux > 1)
        a->compare += (double)out_bits * (s->way_mux - 1) * rports *
                      K.mux2_um2;
    if (s->cam)
        a->compare += rports * ((double)s->cols * 2.0 * K.buf_um2 +
                                (double)s->rows *
                                (K.nand2_um2 + sense_amp_um2()));
    a->compare *= std;

    /* Control: clock, wordline pulse, precharge and sense enable timing. */
    a->control = ports * CONTROL_DFFS * K.dff_um2 * std;

    /* Wiring: the address and the data in and out cross the bank from
     * side to side (the strip between the cells and the periphery where
     * they fan out to the decoders and the column groups), one
     * intermediate pitch each, over the bank's width of cols cells and
     * of the companion's columns in the same rows (a CAM cell and an
     * SRAM cell are both 10 F wide, so the companion's columns take
     * this array's column width). */
    a->wiring = bank_wires(s, out_bits) * K.bus_pitch_f * f *
                (double)(s->cols + s->shared_cols) * w;

    /* All of the above is one bank. */
    bank = a->cells + a->decode + a->column + a->compare + a->control +
           a->wiring;
    a->cells *= s->banks;
    a->wiring *= s->banks;
    a->decode *= s->banks;
    a->column *= s->banks;
    a->compare *= s->banks;
    a->control *= s->banks;

    /* Banks: the shared address (row and column select) and each bank's
     * data in and out, one wire pitch each per port, run across the side
     * of the square the banks fill.  What crosses a bank's edge: a tag
     * array takes the searched tag and gives a hit per way; a CAM takes
     * the key and gives a match per row; a data array takes and gives
     * one (way's) word. */
    if (s->banks > 1) {
        double io;
        if (s->tag_ways)
            io = s->tag_bits + s->tag_ways;
        else if (s->cam)
            io = s->cols + s->rows;
        else
            io = 2.0 * out_bits;
        a->routing = (address_bits(s) + (double)s->banks * ports * io) *
                     K.bus_pitch_f * f * sqrt(bank * s->banks);
    }
    a->total = a->cells + a->decode + a->column + a->compare + a->control +
               a->wiring + a->routing;
    return 0;
}

void array_sram_spec(unsigned words, unsigned bits, unsigned banks,
                     unsigned rd_ports, unsigned wr_ports, unsigned rw_ports,
                     struct array_spec *s)
{
    unsigned per_bank = banks ? (words + banks - 1) / banks : words;
    unsigned m, best = 1;
    double best_skew = INFINITY;

    /* Column mux m: rows = ceil(per_bank / m), cols = bits * m; the m
     * whose log(rows / cols) is nearest 0. */
    for (m = 1; m <= per_bank && m <= 64; m *= 2) {
        double rows = (per_bank + m - 1) / m, cols = (double)bits * m;
        double skew = fabs(log(rows / cols));
        if (skew < best_skew) {
            best_skew = skew;
            best = m;
        }
    }
    s->banks = banks;
    s->rows = (per_bank + best - 1) / best;
    s->cols = bits * best;
    s->sensed = bits;
    s->rd_ports = rd_ports;
    s->wr_ports = wr_ports;
    s->rw_ports = rw_ports;
    s->cam = 0;
    s->tag_ways = 0;
    s->tag_bits = 0;
    s->way_mux = 0;
    s->cam_pitch = 0;
    s->shared_cols = 0;
}

void array_harp_specs(const struct harp_array_org *o,
                      struct array_spec *tag, struct array_spec *data,
                      int *has_tag)
{
    static const struct array_spec none;

    *tag = none;
    *data = none;
    *has_tag = o->tag_bits > 0;
    if (!*has_tag) {
        array_sram_spec(o->entries, o->row_bits, o->banks, 0, 0, 1, data);
        return;
    }
    tag->banks = data->banks = o->banks;
    tag->rw_ports = data->rw_ports = 1;
    if (o->sets == 1) {
        /* Fully associative: a CAM of the entries' tags; the match lines
         * drive the data array's wordlines.  A row holds an entry's tag
         * and its data, so each array's wires cross the other's columns
         * as well as its own. */
        tag->rows = o->entries;
        tag->cols = o->tag_bits;
        tag->sensed = o->tag_bits;      /* an entry's tag is read out */
        tag->cam = 1;
        data->rows = o->entries;
        data->cols = o->row_bits;
        data->sensed = o->row_bits;
        data->cam_pitch = 1;
        tag->shared_cols = data->cols;
        data->shared_cols = tag->cols;
        return;
    }
    /* Set associative: a row per set; all ways read, tags compared per
     * way, the hit way's data multiplexed out. */
    tag->rows = o->sets;
    tag->cols = o->ways * o->tag_bits;
    tag->sensed = tag->cols;
    tag->tag_ways = o->ways;
    tag->tag_bits = o->tag_bits;
    data->rows = o->sets;
    data->cols = o->ways * o->row_bits;
    data->sensed = data->cols;
    data->way_mux = o->ways;
}
