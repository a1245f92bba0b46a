#!/usr/bin/env bash
# Shrink a trace on which a claim fails, by delta debugging: drop a whole
# thread, then single events and acquire/release pairs, for as long as the
# trace stays well-formed (the oracle accepts it) and the claim still fails.
#   tools/fuzz/shrink.sh TRACE PRED CLAIM DEF [OPTS]  -> the small trace on stdout
set -u
. "$(dirname "$0")/lib.sh"
trace=$1 pred=$2 claim=$3 def=$4 opts=${5:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -v '^[[:space:]]*\(#\|$\)' "$trace" > "$work/cur.std"

# try FILE: keep FILE as the current trace if the claim still fails on it.
try() {
  if [ -s "$1" ] && fails "$1" "$pred" "$claim" "$def" "$opts"; then
    mv "$1" "$work/cur.std"; return 0
  fi
  return 1
}

progress=1
while [ $progress -eq 1 ]; do
  progress=0
  for t in $(cut -d'|' -f1 "$work/cur.std" | sort -u); do
    awk -F'|' -v t="$t" '$1 != t && $2 != "fork(" t ")" && $2 != "join(" t ")"' \
      "$work/cur.std" > "$work/cand.std"
    try "$work/cand.std" && progress=1
  done
  n=$(wc -l < "$work/cur.std")
  for ((i = n; i >= 1; i--)); do
    [ "$i" -gt "$(wc -l < "$work/cur.std")" ] && continue
    line=$(sed -n "${i}p" "$work/cur.std")
    if [[ $line == *"|acq("* ]]; then
      # Drop the acquire with its matching release (the next release of
      # the same lock by the same thread).
      th=${line%%|*} lock=${line#*acq(}; lock=${lock%%)*}
      awk -F'|' -v i="$i" -v th="$th" -v rel="rel($lock)" \
        'NR == i { next } NR > i && !done && $1 == th && $2 == rel { done = 1; next } { print }' \
        "$work/cur.std" > "$work/cand.std"
    else
      sed "${i}d" "$work/cur.std" > "$work/cand.std"
    fi
    try "$work/cand.std" && progress=1
  done
done
cat "$work/cur.std"
