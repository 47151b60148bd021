#!/bin/sh
# proof.sh -- run one proof described by a .proof file.
#
# A .proof file holds `key=value` words:
#   structure=wpt preset=tiny bmc=20 k=20 cover=12 [defect=NAME expect=fail]
# and this script hands them to prove.sh.
set -u
file=$1
structure= preset= bmc= k= cover= defect= expect=pass
for word in $(sed 's/#.*//' "$file"); do
  case "$word" in
    structure=*|preset=*|bmc=*|k=*|cover=*|defect=*|expect=*) eval "${word%%=*}=\${word#*=}" ;;
    *) echo "$file: unknown word '$word'" >&2; exit 99 ;;
  esac
done
set -- "$structure" "$preset" "$bmc" "$k" "$cover"
[ "$expect" = fail ] && set -- --expect-fail "$@"
[ -n "$defect" ] && set -- --defect "$defect" "$@"
exec sh "${SRCDIR:-.}/formal/prove.sh" "$@"
