#!/bin/sh
# bad_elf.sh -- files that broke the ELF loader (tests/data/bad-elf/EXPECTED:
# file, then the message) and special files in place of a kernel or a
# configuration: every command that reads one refuses it with a message
# naming the file, exit status 1, at once (a FIFO does not block, a
# symlink to /dev/zero and an 8 GiB sparse file are not read).
set -u
fail=0
bad=$SRCDIR/tests/data/bad-elf
out=test-out/bad-elf
rm -rf "$out" && mkdir -p "$out" || exit 1
. "$SRCDIR/tests/lib.sh"


tab=$(printf '\t')
while IFS="$tab" read -r name message; do
  file=$bad/$name
  expect 1 "$file: $message" -- timeout 20 "$SIMTREF" disasm "$file"
  expect 1 "$file: $message" -- timeout 20 "$SIMTREF" cfg "$file"
  expect 1 "$file: $message" -- timeout 20 "$SIMTREF" sim --kernel "$file" --grid 1 --block 2
done < "$bad/EXPECTED"

# Special files, as a kernel and as a configuration.
mkfifo "$out/fifo" || exit 1
ln -s /dev/zero "$out/zero" || exit 1
: > "$out/sparse" && truncate -s 8G "$out/sparse" || exit 1
for cmd in "disasm" "cfg" "sim --grid 1 --block 2 --kernel"; do
  # shellcheck disable=SC2086
  expect 1 "$out/fifo: not a regular file but a FIFO" -- timeout 20 "$SIMTREF" $cmd "$out/fifo"
  # shellcheck disable=SC2086
  expect 1 "$out/zero: not a regular file but a character device" -- timeout 20 "$SIMTREF" $cmd "$out/zero"
  # shellcheck disable=SC2086
  expect 1 "$out/sparse: 8589934592 bytes, more than the 268435456 bytes a kernel's ELF file may have" -- \
    timeout 20 "$SIMTREF" $cmd "$out/sparse"
done
expect 1 "$out/fifo:0: not a regular file but a FIFO" -- timeout 20 "$SIMTREF" config "$out/fifo"
expect 1 "$out/zero:0: not a regular file but a character device" -- timeout 20 "$SIMTREF" config "$out/zero"
expect 1 "$out/sparse:0: 8589934592 bytes, more than the 67108864 bytes a configuration file may have" -- \
  timeout 20 "$SIMTREF" config "$out/sparse"
rm -f "$out/fifo" "$out/zero" "$out/sparse"

[ $fail -eq 0 ] && echo "bad ELF files and special files: every one refused with its message"
exit $fail
