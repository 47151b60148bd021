# spin.S -- warp 0 (threads 0 and 1) spins forever while warp 1 (threads
# 2 and 3) waits at the TB barrier: the cycle limit names each warp, its
# PC and what it waits on.
#include "start.inc"
	.globl kernel
kernel:
	csrr t0, 0xcc0
	li t1, 2
	bgeu t0, t1, 2f
1:	j 1b
2:	.word 0x0000000b
	ret
