/*
 * shift_map.h -- a Yosys techmap rule the area flow applies before the
 * generic techmap, after shiftx_map.h's: a $shift cell (the write of a
 * part-select at a variable offset, `q[w * 32 +: 32] <= d`, which Yosys
 * builds as a shift of the data and of its mask by -offset, B signed) or
 * a $shiftx cell (a read, after shiftx_map.h has narrowed it) built as
 * the generic rule builds it, the same stages of multiplexers in the same
 * order, but only over the bits that can differ from the fill (0 for
 * $shift, x for $shiftx): where A's bits can have been moved by B's bits
 * so far, and no higher than the stages left can still bring into Y.  The
 * generic rule builds every stage over its whole buffer, Y's width plus
 * 2**(stages) for a signed B (5632 bits for a 1536-bit register vector),
 * which `opt` then folds to the fill and removes: the same gates in the
 * end, but on the fermi-harp SBR stacks (six such writes of 768 and 1536
 * bits) about 300 000 gates built first and half of the run.  A $shift of
 * signed A (whose padding is its sign) is left to the generic rule.
 */
#ifndef SIMTREF_SHIFT_MAP_H
#define SIMTREF_SHIFT_MAP_H

/* The rule's Verilog: the map file given to `techmap -map`. */
extern const char shift_map_verilog[];

#endif /* SIMTREF_SHIFT_MAP_H */
