# yield.S -- the even threads store their index to shared memory and meet
# at a barrier; the odd ones return (they exit) on the other side of the
# same branch, which could reach a barrier too (never at run time), so no
# side is known to run last.  The branch re-converges only at the exit, so
# under sbr the two sides are sibling entries and the even side, at the
# barrier first, yields to the odd one, which exits; then the barrier
# completes with every live thread.  After it each even thread reads its
# even neighbour's word and exits with code 1 when it is wrong.
#include "start.inc"
	.globl kernel
kernel:
	csrr t0, 0xcc0
	andi t1, t0, 1
	beqz t1, 2f
	bltz t0, 1f
	ret
1:	.word 0x0000000b
	ret
2:	li t2, 0x20000000
	slli t3, t0, 2
	add t3, t3, t2
	sw t0, 0(t3)
	.word 0x0000000b
	csrr t4, 0xcc1
	addi t5, t0, 2
	bltu t5, t4, 3f
	li t5, 0
3:	slli t6, t5, 2
	add t6, t6, t2
	lw a1, 0(t6)
	li a0, 0
	beq a1, t5, 4f
	li a0, 1
4:	.word 0x0000100b
