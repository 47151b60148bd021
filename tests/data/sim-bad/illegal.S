# illegal.S -- a kernel whose second instruction is no RV32 instruction.
#include "start.inc"
	.globl kernel
kernel:
	addi a1, a0, 4
	.word 0xffffffff
	ret
