# exitcode.S -- each thread stores tid + 1 at args[tid] and ends by
# simt.exit with a0 = 7 (odd threads) or 0 (even ones): the run must fail
# naming each odd thread.
#include "start.inc"
	.globl kernel
	.type kernel, @function
kernel:
	csrr t0, 0xcc0		# tid
	slli t1, t0, 2
	add t1, t1, a0
	addi t2, t0, 1
	sw t2, 0(t1)
	andi t1, t0, 1
	sub a0, zero, t1	# odd: all ones, even: 0
	andi a0, a0, 7
	.insn r 0x0b, 1, 0, x0, x0, x0	# simt.exit, exit code a0
	.size kernel, . - kernel
