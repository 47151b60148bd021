/*
 * shiftx_map.h -- a Yosys techmap rule the area flow applies before the
 * generic techmap: a $shiftx cell (a part-select at a variable offset)
 * reads only the bits of A its shift amount B can reach.  Where some bits
 * of B are constant (an offset `lane * 128 + tid * 16` has its low four
 * bits zero and lane's bits fixed), the rule narrows A to the reachable
 * window A[LO +: SPAN + Y_WIDTH], LO the weight of B's constant ones and
 * SPAN that of its variable bits, and clears B's constant ones.  The
 * generic techmap would otherwise build a shifter over all of A that
 * `opt` then prunes: the same gates in the end, but on the fermi-harp RBT
 * (32 such reads of 2048-bit vectors) about 210 000 gates built first and
 * the flow's longest run.  A cell the rule cannot narrow (a signed or a
 * wide B, nothing to drop) is left to the generic techmap.
 */
#ifndef SIMTREF_SHIFTX_MAP_H
#define SIMTREF_SHIFTX_MAP_H

/* The rule's Verilog: the map file given to `techmap -map`. */
extern const char shiftx_map_verilog[];

#endif /* SIMTREF_SHIFTX_MAP_H */
