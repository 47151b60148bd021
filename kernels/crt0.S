/*
 * crt0.S -- the start code of every kernel (docs/isa.md, the kernel ABI).
 *
 * Linked first, at the start of the image: each thread starts here with
 * sp set to the top of its own stack and a0 holding the address of the
 * kernel's argument block.  _start points gp at the small-data area,
 * calls kernel(a0) and, when it returns, executes simt.exit: returning
 * from the kernel is thread exit.  The simt.exit word is the loader's
 * exit_pc, the re-convergence point of last resort.
 */
	.section .text.start, "ax", @progbits
	.globl _start
	.type _start, @function
_start:
	.option push
	.option norelax
	la gp, __global_pointer$
	.option pop
	call kernel
	.insn r 0x0b, 1, 0, x0, x0, x0	/* simt.exit (0x0000100b) */
	.size _start, . - _start
