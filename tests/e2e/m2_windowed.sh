#!/usr/bin/env bash
# rp m2's windowed closure (closure.h) against the paper's closure of all of
# X on a trace large enough for windows to matter (8 threads, 16 locks, a
# third of the events in critical sections, as in `make bench`): the same
# races, the same set C, and every race decided by a closure has a witness
# that rp check-witness accepts.  The oracle cannot run on traces this size;
# the witness checker can, and it decides each reported pair on its own.
. "$(dirname "$0")/lib.sh"
t=$TMP/t.std
rp-gen --threads 8 --locks 16 --vars 3000 --events 8000 --seed 7 --cs-share 0.3 --nesting 2 -o "$t"

rp-m2 --quiet --races "$TMP/win.csv" --uncertain "$TMP/win-c.csv" --stats "$TMP/win.stats" \
  --witness "$TMP/w" "$t" || fail "rp m2 exited $?"
rp-m2 --quiet --no-window --races "$TMP/full.csv" --uncertain "$TMP/full-c.csv" "$t" ||
  fail "rp m2 --no-window exited $?"
col() { awk -F, -v c="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==c) k=i} NR==2{print $k}' "$1"; }
windowed=$(col "$TMP/win.stats" windowed_verdicts)
[ "${windowed:-0}" -gt 20 ] || fail "too few windowed verdicts to test: '$windowed'"
expect_eq "full closures with windows" "$(col "$TMP/win.stats" full_closures)" 0
expect_eq "races" "$(cut -d, -f1-8 "$TMP/win.csv" | sort | md5sum)" \
  "$(cut -d, -f1-8 "$TMP/full.csv" | sort | md5sum)"
expect_eq "set C" "$(sort "$TMP/win-c.csv" | md5sum)" "$(sort "$TMP/full-c.csv" | md5sum)"

checked=0
while IFS=, read -r p1 p2 _ _ _ _ _ _ _ _ how; do
  case $how in closure-*) ;; *) continue ;; esac
  rp-check-witness "$t" "$TMP/w/race-$p1-$p2.std" "$p1" "$p2" --def enabled >/dev/null ||
    fail "witness of ($p1,$p2) rejected"
  checked=$((checked + 1))
done < <(tail -n +2 "$TMP/win.csv")
[ "$checked" -gt 20 ] || fail "only $checked closure witnesses checked"
finish
