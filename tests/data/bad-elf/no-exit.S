/* no-exit.S -- start code without simt.exit: _start calls the kernel and
 * then spins, so the loader finds no exit PC. */
	.section .text.start, "ax", @progbits
	.globl _start
	.type _start, @function
_start:
	call kernel
1:	j 1b
	.size _start, . - _start
