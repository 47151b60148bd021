# exitzero.S -- each thread ends by simt.exit with a0 = 0: the run passes.
#include "start.inc"
	.globl kernel
	.type kernel, @function
kernel:
	li a0, 0
	.insn r 0x0b, 1, 0, x0, x0, x0	# simt.exit, exit code 0
	.size kernel, . - kernel
