/*
 * qemu.h -- the stream between kernels/qemu/run.c (the host) and
 * kernels/qemu/start.c (a kernel's single-thread variant under
 * qemu-riscv32).
 */
#ifndef SIMTREF_QEMU_H
#define SIMTREF_QEMU_H

#define QEMU_MAGIC 0x544d4953u          /* "SIMT" */
#define QEMU_GLOBAL_BYTES (16u << 20)   /* global memory of the variant */

/* The variant's exit status.  ORDER QEMU_ERR: run.c's messages. */
enum {
    QEMU_ERR_HEADER = 10,  /* no header, or not QEMU_MAGIC */
    QEMU_ERR_SIZE,         /* more global memory than QEMU_GLOBAL_BYTES */
    QEMU_ERR_SHORT,        /* stdin ended inside global memory */
    QEMU_ERR_WRITE         /* stdout refused global memory */
};

#endif /* SIMTREF_QEMU_H */
