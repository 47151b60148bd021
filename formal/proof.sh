#!/bin/sh
# proof.sh -- run one proof described by a .proof file.
#
# A .proof file holds `key=value` words:
#   structure=wpt preset=tiny bmc=20 k=20 cover=12 [defect=NAME expect=fail]
#   [tag=TAG]
# and this script hands them to prove.sh.
set -u
file=$1
structure= preset= bmc= k= cover= defect= expect=pass tag=
for word in $(sed 's/#.*//' "$file"); do
  case "$word" in
    structure=*|preset=*|bmc=*|k=*|cover=*|defect=*|expect=*|tag=*) eval "${word%%=*}=\${word#*=}" ;;
    *) echo "$file: unknown word '$word'" >&2; exit 99 ;;
  esac
done
set -- "$structure" "$preset" "$bmc" "$k" "$cover"
[ "$expect" = fail ] && set -- --expect-fail "$@"
[ -n "$defect" ] && set -- --defect "$defect" "$@"
[ -n "$tag" ] && set -- --tag "$tag" "$@"
exec sh "${SRCDIR:-.}/formal/prove.sh" "$@"
