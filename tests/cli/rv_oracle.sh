#!/bin/sh
# rv_oracle.sh -- rv32_exec and qemu-riscv32 end 10^4 random RV32IM + A
# programs with the same registers and data buffer (tests/tools/rv_oracle.c).
# SEED picks the stream (drawn and printed when unset); a failure prints
# the program and the command that replays it alone.
set -eu
ORACLE=${RV_ORACLE:-./tests/tools/rv_oracle}
if [ -n "${SEED:-}" ]; then
    exec "$ORACLE" --seed "$SEED" --count 10000
fi
exec "$ORACLE" --count 10000
