#!/bin/sh
# rtl_lint.sh -- every generated module is lint-clean under
# `verilator --lint-only -Wall`, and read without a warning by Icarus
# (-g2005 -Wall) and by Yosys.  A module that instantiates another
# (simtref_lsu its simtref_arbiter) finds it in its own directory, the
# configuration's (Verilator's and Icarus' -y, Yosys' hierarchy -libdir).
set -u
fail=0
for p in $PRESETS; do
  for f in "$SRCDIR"/rtl/"$p"/*.v; do
    dir=$(dirname "$f")
    if ! "$VERILATOR" --lint-only -Wall -y "$dir" "$f"; then
      echo "LINT verilator: $f"; fail=1
    fi
    msg=$("$IVERILOG" -g2005 -Wall -y "$dir" -o /dev/null "$f" 2>&1)
    if [ -n "$msg" ]; then
      echo "LINT iverilog: $f"; echo "$msg"; fail=1
    fi
    msg=$("$YOSYS" -q -p "read_verilog $f; hierarchy -check -libdir $dir; proc" 2>&1 | grep -i warning)
    if [ -n "$msg" ]; then
      echo "LINT yosys: $f"; echo "$msg"; fail=1
    fi
  done
done
[ $fail -eq 0 ] && echo "lint-clean: $(ls "$SRCDIR"/rtl/*/*.v | wc -l) files under verilator, iverilog and yosys"
exit $fail
