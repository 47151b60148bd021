# misaligned.S -- a load of a word at an address that is not a multiple of 4.
#include "start.inc"
	.globl kernel
kernel:
	lw a1, 2(a0)
	ret
