# forever.S -- a kernel that never ends.
#include "start.inc"
	.globl kernel
kernel:
1:	j 1b
