#!/bin/sh
# fuzz_config.sh -- the configuration parser under libFuzzer.
#
# The corpus starts from every shipped and test configuration (presets,
# scenarios, bad configurations).  make check runs FUZZ_RUNS = 20000
# inputs; `make fuzz` runs 1e6.  A crash, memory error, undefined
# behaviour or broken property (see fuzz/fuzz_config.c) fails the test
# and leaves the input in fuzz-out/; it then belongs in tests/data/bad-configs/.
# Skipped (exit 77) when configure found no clang with libFuzzer.
set -u
srcdir=${SRCDIR:-.}
fuzzer=./fuzz/fuzz_config
runs=${FUZZ_RUNS:-20000}
# A fixed seed in make check, so that a failure repeats; make fuzz gives
# FUZZ_SEED=0, libFuzzer's choice of a new seed each run.
seed=${FUZZ_SEED:-1}
if [ ! -x "$fuzzer" ]; then
  echo "SKIP: no libFuzzer target (configure found no clang with libFuzzer;"
  echo "      Debian: apt-get install clang libclang-rt-14-dev, then re-run configure)"
  exit 77
fi
mkdir -p fuzz-corpus fuzz-out || exit 1
cp "$srcdir"/configs/*.conf "$srcdir"/tests/data/scenarios/*.conf \
   "$srcdir"/tests/data/bad-configs/*.conf fuzz-corpus/ || exit 1
start=$(date +%s)
"$fuzzer" -runs="$runs" -seed="$seed" -max_len=4096 -dict=fuzz/config.dict \
  -artifact_prefix=fuzz-out/ -print_final_stats=1 fuzz-corpus > fuzz-out/run.log 2>&1
rc=$?
end=$(date +%s)
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' fuzz-out/run.log)
if [ $rc -ne 0 ]; then
  tail -n 40 fuzz-out/run.log
  echo "FAIL: the parser failed on an input (see fuzz-out/)"
  exit 1
fi
echo "PASS: ${execs:-?} inputs (seed $seed) in $((end - start)) s, no crash, no sanitizer report, every property held"
exit 0
