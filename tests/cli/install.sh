#!/bin/sh
# install.sh -- the installed tool needs nothing of the source tree: a
# copy of the distributed tree is configured with a temporary prefix,
# built and installed, the copy and its build are deleted, and the
# installed simtref, run from another directory with none of the test
# environment's paths, gives --version, the man page, the area report
# of tiny from the presets and the cell library under its prefix, and
# builds a user's kernel with the start code installed there; and
# libsimtref: its header, its pkg-config file and a shared library that
# exports only the API's symbols (simtref_*), against which the example
# host program installed with it (examples/saxpy.c) is built with
# `pkg-config --cflags --libs simtref`, run and checked.
set -u
work=$(mktemp -d "${TMPDIR:-/tmp}/simtref-install-XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
log=$work/log
fail=0

# A copy of the tree as distributed, configured and installed on its own.
${MAKE:-make} -s distdir distdir="$work/src" > "$log" 2>&1 \
  || { echo "FAIL: make distdir"; cat "$log"; exit 1; }
mkdir "$work/build"
( cd "$work/build" && "$work/src/configure" --prefix="$work/prefix" \
    YOSYS="$YOSYS" > "$log" 2>&1 && ${MAKE:-make} -s simtref > "$log" 2>&1 \
    && ${MAKE:-make} -s install > "$log" 2>&1 ) \
  || { echo "FAIL: configure, build or install of the copy"; cat "$log"; exit 1; }
rm -rf "$work/src" "$work/build"

# The installed tool, from elsewhere, without the test environment.
mkdir "$work/elsewhere"
cd "$work/elsewhere" || exit 1
unset SIMTREF_CONFIG_DIR SIMTREF_LIBERTY SIMTREF_KERNEL_DIR SIMTREF_KERNEL_ELF_DIR SRCDIR
XDG_CACHE_HOME=$work/cache
export XDG_CACHE_HOME
tool=$work/prefix/bin/simtref
[ -x "$tool" ] || { echo "FAIL: no $tool"; exit 1; }
"$tool" --version | grep -qE '^simtref [0-9]+\.[0-9]+' \
  || { echo "FAIL: simtref --version"; fail=1; }
[ -s "$work/prefix/share/man/man1/simtref.1" ] \
  || { echo "FAIL: no man page simtref.1 under the prefix"; fail=1; }
if ! "$tool" area --preset tiny > tiny.md 2> tiny.err; then
  echo "FAIL: the installed simtref area --preset tiny:"; cat tiny.err; fail=1
else
  grep -q "^# simtref area report: tiny" tiny.md \
    && grep -q "| WPT (BAWS 4.1.2) |" tiny.md \
    || { echo "FAIL: the installed tool's report is incomplete"; cat tiny.md; fail=1; }
fi
# The kernels' start code and header under the prefix build a user's
# kernel, and the loader reads it.
cat > mine.c <<'EOF_KERNEL'
#include "simt.h"
void kernel(const void *args)
{
    unsigned *out = (unsigned *)args;
    out[simt_tid()] = simt_tid() * 3u;
}
EOF_KERNEL
if ! "$tool" kernel build mine.c > build.out 2>&1 || [ ! -s mine.elf ]; then
  echo "FAIL: the installed simtref kernel build:"; cat build.out; fail=1
elif ! "$tool" cfg mine.elf > cfg.out 2>&1; then
  echo "FAIL: the installed simtref cfg on a user's kernel:"; cat cfg.out; fail=1
fi
"$tool" kernel list | grep -q '^| vecadd |' \
  || { echo "FAIL: the installed tool does not list the suite"; fail=1; }
"$tool" config --preset fermi-harp > /dev/null \
  || { echo "FAIL: the installed tool does not find the preset fermi-harp"; fail=1; }

# libsimtref, as a user builds against it.
lib=$work/prefix/lib
[ -s "$work/prefix/include/simtref/simtref.h" ] \
  || { echo "FAIL: no include/simtref/simtref.h under the prefix"; fail=1; }
so=$(ls "$lib"/libsimtref.so.[0-9]* 2>/dev/null | head -n 1)
if [ -z "$so" ]; then
  echo "FAIL: no versioned libsimtref.so.N under $lib"; ls -l "$lib"; fail=1
else
  # only the API's symbols leave the library
  others=$(nm -D --defined-only "$so" | awk '$2 ~ /^[TDBRW]$/ {print $3}' \
    | sed 's/@.*//' | grep -v '^simtref_' || true)
  [ -z "$others" ] \
    || { echo "FAIL: libsimtref exports more than simtref_*:"; echo "$others" | head; fail=1; }
  nm -D --defined-only "$so" | grep -q ' T simtref_run@@SIMTREF_1$' \
    || { echo "FAIL: libsimtref does not export simtref_run (SIMTREF_1)"; fail=1; }
fi
PKG_CONFIG_PATH=$lib/pkgconfig
export PKG_CONFIG_PATH
flags=$(pkg-config --cflags --libs simtref) \
  || { echo "FAIL: pkg-config does not know simtref"; fail=1; }
[ "$(pkg-config --modversion simtref)" = "$("$tool" --version | sed -n '1s/^simtref //p')" ] \
  || { echo "FAIL: pkg-config's version of simtref is not the tool's"; fail=1; }
ex=$work/prefix/share/simtref/examples
cp "$ex/saxpy.c" "$ex/saxpy_kernel.c" . \
  || { echo "FAIL: the examples are not installed under $ex"; exit 1; }
if ! "$tool" kernel build saxpy_kernel.c > kbuild.out 2>&1; then
  echo "FAIL: simtref kernel build saxpy_kernel.c:"; cat kbuild.out; fail=1
elif ! ${CC:-cc} -std=c11 -Wall -Wextra -Werror -o saxpy saxpy.c $flags > cc.out 2>&1; then
  echo "FAIL: cc saxpy.c \$(pkg-config --cflags --libs simtref):"; cat cc.out; fail=1
elif ! LD_LIBRARY_PATH=$lib ./saxpy saxpy_kernel.elf tiny 1000 > saxpy.out 2>&1; then
  echo "FAIL: the example saxpy against the installed library:"; cat saxpy.out; fail=1
elif ! grep -q '^saxpy: 1000 elements right$' saxpy.out \
     || ! grep -q '^saxpy on tiny: 1000 elements, grid 4 x block 4, [0-9][0-9]* cycles' saxpy.out; then
  echo "FAIL: the example's output:"; cat saxpy.out; fail=1
elif ! LD_LIBRARY_PATH=$lib ./saxpy saxpy_kernel.elf fermi-harp 5000 > saxpy2.out 2>&1 \
     || ! grep -q '^saxpy: 5000 elements right$' saxpy2.out; then
  echo "FAIL: the example at fermi-harp:"; cat saxpy2.out; fail=1
fi
# a library error reaches the program as a status and a message
LD_LIBRARY_PATH=$lib ./saxpy no-such.elf tiny > bad.out 2>&1
[ $? -eq 1 ] && grep -q '^saxpy: SIMTREF_EELF: .*no-such.elf' bad.out \
  || { echo "FAIL: the example given a missing ELF file:"; cat bad.out; fail=1; }
exit $fail
