#!/bin/sh
# cli_interrupt.sh -- an interrupted simtref leaves nothing behind:
#  - `area` stopped by SIGTERM or SIGINT while Yosys runs leaves no
#    FILE.tmp-XXXXXX beside its --csv and --json, no simtref-area-XXXXXX
#    work directory, and no Yosys (nor anything Yosys started) running;
#  - `compare` stopped by SIGTERM leaves no `simtref sim` point running
#    and no temporary among its points;
#  - killed by SIGKILL (nothing can clean up then), neither leaves a
#    child running: the children die with their parent.
set -u
fail=0
out=test-out/cli-interrupt
rm -rf "$out" && mkdir -p "$out/tmp" || exit 1
command -v pgrep > /dev/null || { echo "no pgrep (Debian: procps): skipped"; exit 77; }
command -v "${YOSYS:-yosys}" > /dev/null || { echo "no yosys: skipped"; exit 77; }

# The processes below pid, by walking the children.
descendants() {
  for c in $(pgrep -P "$1"); do echo "$c"; descendants "$c"; done
}

# Wait (at most 60 s) until pid has a child whose command line holds
# WORD; print the descendants then.
wait_for_child() {
  pid=$1 word=$2 i=0
  while [ $i -lt 600 ]; do
    for c in $(pgrep -P "$pid"); do
      if tr '\0' ' ' < "/proc/$c/cmdline" 2> /dev/null | grep -q -- "$word"; then
        descendants "$pid"
        return 0
      fi
    done
    kill -0 "$pid" 2> /dev/null || return 1
    sleep 0.1
    i=$((i + 1))
  done
  return 1
}

# None of the pids is alive (after at most 10 s).
all_gone() {
  i=0
  while [ $i -lt 100 ]; do
    alive=
    for p in "$@"; do kill -0 "$p" 2> /dev/null && alive="$alive $p"; done
    [ -z "$alive" ] && return 0
    sleep 0.1
    i=$((i + 1))
  done
  echo "still running:$alive"; ps -o pid,ppid,args -p "$(echo $alive | tr ' ' ,)" 2>/dev/null
  return 1
}

# --- area, SIGTERM and SIGINT ------------------------------------------
for sig in TERM INT; do
  rm -rf "$out/tmp" && mkdir -p "$out/tmp"
  # the signals' default actions (a background job of a script ignores
  # SIGINT otherwise)
  TMPDIR=$PWD/$out/tmp env --default-signal=INT,TERM "$SIMTREF" area \
    --preset fermi-harp --no-cache --jobs 1 --csv "$out/a.csv" \
    --json "$out/a.json" > "$out/area.out" 2> "$out/area.err" &
  pid=$!
  if ! kids=$(wait_for_child $pid area.ys); then
    echo "FAIL: area ($sig) started no Yosys:"; cat "$out/area.err"; fail=1; continue
  fi
  kill -$sig $pid
  wait $pid
  rc=$?
  [ $rc -gt 128 ] || { echo "FAIL: area ended by SIG$sig exited $rc"; fail=1; }
  # shellcheck disable=SC2086
  all_gone $kids || { echo "FAIL: area's children outlived SIG$sig"; fail=1; }
  left=$(ls -A "$out/tmp" "$out" | grep -e '\.tmp-' -e 'simtref-area-' -e '^a\.')
  [ -z "$left" ] || { echo "FAIL: area left after SIG$sig: $left"; fail=1; }
done

# --- area, SIGKILL: Yosys dies with it ----------------------------------
rm -rf "$out/tmp" && mkdir -p "$out/tmp"
TMPDIR=$PWD/$out/tmp "$SIMTREF" area --preset fermi-harp --no-cache --jobs 1 \
  > "$out/area.out" 2> "$out/area.err" &
pid=$!
if kids=$(wait_for_child $pid area.ys); then
  kill -KILL $pid
  wait $pid
  # shellcheck disable=SC2086
  all_gone $kids || { echo "FAIL: Yosys outlived area's SIGKILL"; fail=1; }
else
  echo "FAIL: area (KILL) started no Yosys:"; cat "$out/area.err"; fail=1
fi

# --- compare, SIGTERM and SIGKILL -----------------------------------------
for sig in TERM KILL; do
  rm -rf "$out/c"
  env --default-signal=INT,TERM "$SIMTREF" compare --preset fermi-harp \
    --kernels vecadd,backprop --size vecadd=1048576 --size backprop=65536 \
    --jobs 2 --no-plots --out "$out/c" > "$out/compare.out" 2> "$out/compare.err" &
  pid=$!
  if ! kids=$(wait_for_child $pid ' sim '); then
    echo "FAIL: compare ($sig) started no point:"; cat "$out/compare.err"; fail=1; continue
  fi
  sleep 0.5
  kill -$sig $pid
  wait $pid
  # shellcheck disable=SC2086
  all_gone $kids || { echo "FAIL: compare's points outlived SIG$sig"; fail=1; }
  if [ $sig = TERM ]; then
    left=$(find "$out/c" -name '*.tmp-*')
    [ -z "$left" ] || { echo "FAIL: compare left after SIGTERM: $left"; fail=1; }
  fi
done

[ $fail -eq 0 ] && echo "interrupts: nothing left behind"
exit $fail
