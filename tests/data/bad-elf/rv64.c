/* rv64.c -- a kernel built for RV64 (a 64-bit ELF file): the loader must
 * refuse it. */
void kernel(const void *args);
void kernel(const void *args)
{
    *(volatile long *)args = 1;
}
