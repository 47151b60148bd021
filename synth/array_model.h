/*
 * array_model.h -- area of SRAM arrays and CAM tags from public technology
 * figures.
 *
 * The equations, every constant and its source are in docs/area-model.md;
 * the comments in array_model.c repeat each equation beside its code.  In
 * short, an array is built from
 *
 *   - bit cells of 146 F^2 (SRAM, 6T) or 292 F^2 (CAM, 10T NOR), the
 *     cell areas CACTI assumes (its technology parameters, after ITRS),
 *     widened by one wire pitch per extra wordline and two per extra
 *     bitline pair when the array has more than one port;
 *   - per row and port a decoder gate and a wordline driver, per port a
 *     predecoder; per column and port a precharge, per sensed bit a sense
 *     amplifier, a write driver and an output buffer -- each priced as the
 *     standard cells of the NanGate FreePDK45 library (the project's own
 *     cell library) that implement it;
 *   - tag comparators per way and a way multiplexer for set-associative
 *     arrays, search-line drivers and match-line sense amplifiers for CAMs;
 *   - in every bank, the address and data wires that cross it from side
 *     to side at the intermediate-metal pitch (the mat's centre strip);
 *   - for several banks, the wires that carry address and data to every
 *     bank, one intermediate pitch each, over the side of the square the
 *     banks fill.
 *
 * Areas are in um^2 at the technology node `tech_nm`: cell areas given in
 * F^2 use F = tech_nm; standard-cell areas (45 nm figures) are scaled by
 * (tech_nm / 45)^2.
 */
#ifndef SIMTREF_ARRAY_MODEL_H
#define SIMTREF_ARRAY_MODEL_H

#include "harp_org.h"

/* The physical organisation of one array (all of its banks alike). */
struct array_spec {
    unsigned banks;         /* identical banks, each with its periphery */
    unsigned rows;          /* wordlines per bank */
    unsigned cols;          /* bit cells per row */
    unsigned sensed;        /* bits sensed per access: cols / column mux;
                               a CAM's: the stored bits a read-write port
                               reads out (0: searched and written only) */
    unsigned rd_ports, wr_ports, rw_ports; /* at least one port in all */
    int      cam;           /* 1: searched cells (CAM), 0: SRAM */
    unsigned tag_ways;      /* >0: a tag array compared per way */
    unsigned tag_bits;      /* ... of this many bits per way */
    unsigned way_mux;       /* >1: the sensed bits go through a way mux of
                               this many inputs down to sensed / way_mux */
    int      cam_pitch;     /* 1: the rows are driven by a CAM's match
                               lines and take the CAM cell's height */
    unsigned shared_cols;   /* columns of a companion array in the same
                               rows (a fully associative row holds the
                               tag and the data): the bank's wires cross
                               them too */
};

/* The area of one array by component, um^2 at the node; total sums them. */
struct array_area {
    double cells;           /* bit cells */
    double decode;          /* predecoders, row decoders, wordline drivers */
    double column;          /* precharge, column mux, sense amplifiers,
                               write drivers, data buffers */
    double compare;         /* tag comparators, way mux, CAM search lines
                               and match lines */
    double control;         /* timing control per bank and port */
    double wiring;          /* address and data wires across each bank */
    double routing;         /* wires between the banks and the ports */
    double total;
};

/*
 * Price spec at tech_nm into *a.  Returns 0, or -1 when the spec is not an
 * array (no rows, columns or ports, sensed bits above the columns).
 */
int array_area(const struct array_spec *spec, unsigned tech_nm,
               struct array_area *a);

/*
 * A plain SRAM of `words` words of `bits` bits in `banks` banks: the
 * column multiplexing degree (1, 2, 4, ...) is the one that makes each
 * bank closest to square (rows against columns), as memory compilers do.
 */
void array_sram_spec(unsigned words, unsigned bits, unsigned banks,
                     unsigned rd_ports, unsigned wr_ports, unsigned rw_ports,
                     struct array_spec *spec);

/*
 * A HARP Table 7 row as CACTI organises a cache of that geometry: with a
 * tag, the tag array (SRAM of `sets` rows of ways x tag bits, compared per
 * way; a CAM of `entries` rows when the row is fully associative, sets
 * == 1) and the data array (sets rows of ways x row bits, all ways read and
 * then multiplexed; for a fully associative row, entries rows whose
 * wordlines the match lines drive); without a tag, one plain SRAM of
 * entries x row bits.  One read-write port per array.  *has_tag says
 * whether *tag was filled in.
 */
void array_harp_specs(const struct harp_array_org *o,
                      struct array_spec *tag, struct array_spec *data,
                      int *has_tag);

/* The model's technology constants, for the report and the documentation. */
struct array_constants {
    double sram_cell_f2, sram_aspect;       /* height / width */
    double cam_cell_f2, cam_aspect;
    double wire_pitch_f;                    /* local (metal 1) */
    double bus_pitch_f;                     /* intermediate metal */
    double inv_um2, nand2_um2, buf_um2, and2_um2, xnor2_um2, mux2_um2,
           dff_um2;                         /* standard cells at 45 nm */
};
const struct array_constants *array_model_constants(void);

#endif /* SIMTREF_ARRAY_MODEL_H */
