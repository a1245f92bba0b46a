#!/usr/bin/env bash
# rp m2's windowed closure (closure.h) and postponed witnesses (postpone.h)
# against the paper's closure of all of X on a trace large enough for
# windows to matter (8 threads, 16 locks, a third of the events in critical
# sections, as in `make bench`): the same races, the same set C, and every
# race decided by a windowed closure (--no-open-fast-path sends every open
# case there) or by a postponed order has a witness that rp check-witness
# accepts.  The oracle cannot run on traces this size; the witness checker
# can, and it decides each reported pair on its own.
. "$(dirname "$0")/lib.sh"
t=$TMP/t.std
rp-gen --threads 8 --locks 16 --vars 3000 --events 8000 --seed 7 --cs-share 0.3 --nesting 2 -o "$t"

rp-m2 --quiet --races "$TMP/win.csv" --uncertain "$TMP/win-c.csv" --stats "$TMP/win.stats" \
  --witness "$TMP/w" --no-open-fast-path "$t" || fail "rp m2 exited $?"
rp-m2 --quiet --races "$TMP/pp.csv" --uncertain "$TMP/pp-c.csv" --stats "$TMP/pp.stats" \
  --witness "$TMP/wp" "$t" || fail "rp m2 exited $?"
rp-m2 --quiet --no-window --races "$TMP/full.csv" --uncertain "$TMP/full-c.csv" "$t" ||
  fail "rp m2 --no-window exited $?"
col() { awk -F, -v c="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==c) k=i} NR==2{print $k}' "$1"; }
windowed=$(col "$TMP/win.stats" windowed_verdicts)
[ "${windowed:-0}" -gt 20 ] || fail "too few windowed verdicts to test: '$windowed'"
expect_eq "full closures with windows" "$(col "$TMP/win.stats" full_closures)" 0
expect_eq "races" "$(cut -d, -f1-8 "$TMP/win.csv" | sort | md5sum)" \
  "$(cut -d, -f1-8 "$TMP/full.csv" | sort | md5sum)"
expect_eq "set C" "$(sort "$TMP/win-c.csv" | md5sum)" "$(sort "$TMP/full-c.csv" | md5sum)"
expect_eq "races, postponed" "$(cut -d, -f1-8 "$TMP/pp.csv" | sort | md5sum)" \
  "$(cut -d, -f1-8 "$TMP/full.csv" | sort | md5sum)"
expect_eq "set C, postponed" "$(sort "$TMP/pp-c.csv" | md5sum)" "$(sort "$TMP/full-c.csv" | md5sum)"

# check_witnesses RACES DIR KIND: every witness of a race decided by KIND
check_witnesses() {
  local checked=0 p1 p2 how
  while IFS=, read -r p1 p2 _ _ _ _ _ _ _ _ how; do
    case $how in $3) ;; *) continue ;; esac
    rp-check-witness "$t" "$2/race-$p1-$p2.std" "$p1" "$p2" --def enabled >/dev/null ||
      fail "$3 witness of ($p1,$p2) rejected"
    checked=$((checked + 1))
  done < <(tail -n +2 "$1")
  [ "$checked" -gt 20 ] || fail "only $checked $3 witnesses checked"
}
check_witnesses "$TMP/win.csv" "$TMP/w" "closure-*"
check_witnesses "$TMP/pp.csv" "$TMP/wp" postponed
finish
