#!/bin/sh
# bad_elf.sh -- files that broke the ELF loader (tests/bad-elf/EXPECTED:
# file, then the message) and special files in place of a kernel or a
# configuration: every command that reads one refuses it with a message
# naming the file, exit status 1, at once (a FIFO does not block, a
# symlink to /dev/zero and an 8 GiB sparse file are not read).
set -u
fail=0
bad=$SRCDIR/tests/bad-elf
out=test-out/bad-elf
rm -rf "$out" && mkdir -p "$out" || exit 1

# expect SUBSTRING -- command...: the command exits with status 1 within
# 20 s and its stderr contains SUBSTRING.
expect() {
  text=$1; shift 2
  timeout 20 "$@" > "$out/stdout" 2> "$out/stderr"
  rc=$?
  if [ $rc -ne 1 ] || ! grep -qF -- "$text" "$out/stderr"; then
    echo "FAIL: '$*' exited $rc (want 1), stderr:"; sed 's/^/    /' "$out/stderr"
    echo "    expected to contain: $text"
    fail=1
  fi
}

tab=$(printf '\t')
while IFS="$tab" read -r name message; do
  file=$bad/$name
  expect "$file: $message" -- "$SIMTREF" disasm "$file"
  expect "$file: $message" -- "$SIMTREF" cfg "$file"
  expect "$file: $message" -- "$SIMTREF" sim --kernel "$file" --grid 1 --block 2
done < "$bad/EXPECTED"

# Special files, as a kernel and as a configuration.
mkfifo "$out/fifo" || exit 1
ln -s /dev/zero "$out/zero" || exit 1
: > "$out/sparse" && truncate -s 8G "$out/sparse" || exit 1
for cmd in "disasm" "cfg" "sim --grid 1 --block 2 --kernel"; do
  # shellcheck disable=SC2086
  expect "$out/fifo: not a regular file but a FIFO" -- "$SIMTREF" $cmd "$out/fifo"
  # shellcheck disable=SC2086
  expect "$out/zero: not a regular file but a character device" -- "$SIMTREF" $cmd "$out/zero"
  # shellcheck disable=SC2086
  expect "$out/sparse: 8589934592 bytes, more than the 268435456 bytes a kernel's ELF file may have" -- \
    "$SIMTREF" $cmd "$out/sparse"
done
expect "$out/fifo:0: not a regular file but a FIFO" -- "$SIMTREF" config "$out/fifo"
expect "$out/zero:0: not a regular file but a character device" -- "$SIMTREF" config "$out/zero"
expect "$out/sparse:0: 8589934592 bytes, more than the 67108864 bytes a configuration file may have" -- \
  "$SIMTREF" config "$out/sparse"
rm -f "$out/fifo" "$out/zero" "$out/sparse"

[ $fail -eq 0 ] && echo "bad ELF files and special files: every one refused with its message"
exit $fail
