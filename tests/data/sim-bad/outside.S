# outside.S -- a store to address 64, outside every memory region.
#include "start.inc"
	.globl kernel
kernel:
	sw a0, 64(zero)
	ret
