# barrier.S -- threads 0 and 1 (warp 0 at --block 4, warp 0's lane 0 and
# its lane 1 at --block 2) wait at a barrier inside an if, which the
# others skip to wait at the barrier after it: the first barrier can never
# complete.  Every mode stops, naming the TB, the warps and the PCs.
#include "start.inc"
	.globl kernel
kernel:
	csrr t0, 0xcc0
	csrr t2, 0xcc1
	srli t2, t2, 1
	bgeu t0, t2, 1f
	.word 0x0000000b
	nop
1:	.word 0x0000000b
	ret
