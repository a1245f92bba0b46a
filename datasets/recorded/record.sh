#!/usr/bin/env bash
# Rebuilds and re-records the written-here programs of this directory:
#   datasets/recorded/record.sh [NAME...]     (default: every src/*.c)
# Each program is built with `rp cc -O1` (RP_CC picks the compiler; the
# committed traces were made with gcc 12) and recorded with
# `rp record -o NAME.bin -- ./NAME`, then compressed to NAME.bin.xz; the
# shape rp record prints goes to NAME.shape.  Needs rp-cc and rp-record on
# PATH (make; PATH=$PWD/build/bin:$PATH).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
names=("$@")
[ ${#names[@]} -gt 0 ] || names=($(cd "$here/src" && ls *.c | sed 's/\.c$//'))
for name in "${names[@]}"; do
  rp-cc -O1 "$here/src/$name.c" -o "$work/$name"
  (cd "$work" && rp-record -o "$name.bin" -- "./$name" > /dev/null 2> "$name.shape")
  sed "s|$work/||; s|^rp-record: ||; s|; ran .*||" "$work/$name.shape" > "$here/$name.shape"
  xz -9 -c "$work/$name.bin" > "$here/$name.bin.xz"
  cat "$here/$name.shape"
done
