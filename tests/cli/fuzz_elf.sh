#!/bin/sh
# fuzz_elf.sh -- the ELF loader and the control-flow analysis under
# libFuzzer.
#
# The corpus starts from the suite's kernels (kernels/*.elf) and the
# broken files of tests/data/bad-elf.  make check runs FUZZ_RUNS = 20000
# inputs; `make fuzz` runs 1e6.  A crash, memory error, undefined
# behaviour or broken property (see fuzz/fuzz_elf.c) fails the test and
# leaves the input in fuzz-out-elf/; it then belongs in tests/data/bad-elf/.
# Skipped (exit 77) when configure found no clang with libFuzzer.
set -u
srcdir=${SRCDIR:-.}
fuzzer=./fuzz/fuzz_elf
runs=${FUZZ_RUNS:-20000}
# A fixed seed in make check, so that a failure repeats; make fuzz gives
# FUZZ_SEED=0, libFuzzer's choice of a new seed each run.
seed=${FUZZ_SEED:-1}
if [ ! -x "$fuzzer" ]; then
  echo "SKIP: no libFuzzer target (configure found no clang with libFuzzer;"
  echo "      Debian: apt-get install clang libclang-rt-14-dev, then re-run configure)"
  exit 77
fi
mkdir -p fuzz-corpus-elf fuzz-out-elf || exit 1
cp kernels/*.elf "$srcdir"/tests/data/bad-elf/*.elf fuzz-corpus-elf/ || exit 1
[ -d tests/data/bad-elf ] && cp tests/data/bad-elf/*.elf fuzz-corpus-elf/ 2>/dev/null
start=$(date +%s)
"$fuzzer" -runs="$runs" -seed="$seed" -max_len=16384 -artifact_prefix=fuzz-out-elf/ \
  -print_final_stats=1 fuzz-corpus-elf > fuzz-out-elf/run.log 2>&1
rc=$?
end=$(date +%s)
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' fuzz-out-elf/run.log)
if [ $rc -ne 0 ]; then
  tail -n 40 fuzz-out-elf/run.log
  echo "FAIL: the loader failed on an input (see fuzz-out-elf/)"
  exit 1
fi
echo "PASS: ${execs:-?} inputs (seed $seed) in $((end - start)) s, no crash, no sanitizer report, every property held"
exit 0
