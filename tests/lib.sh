# lib.sh -- what the test scripts share.  A script sets `out` (its output
# folder, made) and `fail=0`, then sources "$SRCDIR/tests/lib.sh".
#
# expect STATUS [TEXT...] -- COMMAND...
#     COMMAND exits with STATUS, and its standard error holds every TEXT
#     (fixed strings).  Its outputs stay in $out/stdout and $out/stderr.
#     When not: a FAIL line naming the command and its status, its
#     standard error, each text it lacks, and fail=1.
# expect_begins PREFIX STATUS [TEXT...] -- COMMAND...
#     The same, and the standard error begins with PREFIX (a message that
#     must name its file and line first).
# expect_more COMMAND...
#     A script that wants more of every such command (no output file left
#     behind, say) defines this; it runs after each expect with the
#     command as its arguments, and sets fail=1 itself.

expect() {
  expect_run "" "$@"
}

expect_begins() {
  expect_run "$@"
}

expect_run() {
  _prefix=$1 _want=$2 _n=0 _bad=0
  shift 2
  while [ "$1" != -- ]; do _n=$((_n + 1)); eval "_text$_n=\$1"; shift; done
  shift
  "$@" > "$out/stdout" 2> "$out/stderr"
  _rc=$?
  [ $_rc -eq "$_want" ] || _bad=1
  [ "$(head -c ${#_prefix} "$out/stderr")" = "$_prefix" ] || _bad=1
  _i=1 _missing=
  while [ $_i -le $_n ]; do
    eval "_t=\$_text$_i"
    grep -qF -- "$_t" "$out/stderr" ||
      { _bad=1; _missing="$_missing
    expected to contain: $_t"; }
    _i=$((_i + 1))
  done
  if [ $_bad -ne 0 ]; then
    echo "FAIL: '$*' exited $_rc (want $_want), stderr:"
    sed 's/^/    /' "$out/stderr"
    [ -z "$_prefix" ] || echo "    expected to begin with: $_prefix"
    [ -z "$_missing" ] || echo "$_missing" | sed 1d
    fail=1
  fi
  if command -v expect_more > /dev/null 2>&1; then expect_more "$@"; fi
}
