/*
 * crt0.S -- the start code of a kernel's single-thread variant for
 * qemu-riscv32 (built with -DSIMT_SINGLE_THREAD): qemu's Linux process
 * starts here with its own stack; simt_qemu_main (start.c) reads global
 * memory from stdin, runs the grid's TBs one after the other and writes
 * global memory to stdout; its result is the exit status.
 */
	.section .text.start, "ax", @progbits
	.globl _start
	.type _start, @function
_start:
	.option push
	.option norelax
	la gp, __global_pointer$
	.option pop
	call simt_qemu_main
	li a7, 93		/* exit(a0) */
	ecall
	.size _start, . - _start
