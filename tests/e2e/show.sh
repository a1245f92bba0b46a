# rp show: the events around positions (which count events only), one
# column per thread, the locks held, the marks; --race ROW of a report; the
# same picture from every trace format; bad positions and reports of
# another trace refused with the contract's exit codes.
. "$(dirname "$0")/lib.sh"

cat > "$TMP/t.std" <<'TRACE'
# comments and blank lines are no events

T1|acq(L)|a.c:1
T1|acq(M)|a.c:2
T1|w(x)|a.c:3
T1|rel(M)|a.c:4
T1|rel(L)|a.c:5
T2|acq(L)|b.c:1
T2|r(x)|b.c:2
T2|rel(L)|b.c:3
T3|w(y)|c.c:1
T2|w(y)|b.c:4
TRACE

# marked FILE: the marked rows' fields after the mark (not the legend).
marked() { awk '$1 ~ /^[12]>$/ && $2 ~ /^[0-9]+$/ { $1 = ""; print substr($0, 2) }' "$1"; }

# The row of a position: marked, in its thread's column, with its location.
rp-show -C 0 "$TMP/t.std" 3 > "$TMP/out"; expect_eq "one position exit" $? 0
expect_eq "the marked row" "$(marked "$TMP/out")" "3 w(x) L,M a.c:3"
expect_eq "the legend" "$(tail -1 "$TMP/out")" "1> event 3: T1|w(x)|a.c:3"
expect_eq "header, held before, the event, the legend" "$(wc -l < "$TMP/out")" 4
# One column per thread with events shown, in trace order; T3's event in
# the third column: after two empty cells.
rp-show -C 10 "$TMP/t.std" 9 > "$TMP/all"
expect_eq "columns" "$(head -1 "$TMP/all" | awk '{print $2, $3, $4}')" "T1 T2 T3"
col() { head -1 "$TMP/all" | awk -v name="$1" '{ print index($0, " " name " ") }'; }
expect_eq "T3's column" "$(grep '^1>' "$TMP/all" | head -1 | awk '{ print index($0, "w(y)") }')" "$(($(col T3) + 1))"

# Two positions far apart: two stretches, the gap counted, the locks
# already held where the second starts given on a row of their own.
rp-show --context=1 "$TMP/t.std" 1 8 > "$TMP/two"
grep -q '^ *\.\.\.  (4 events not shown)$' "$TMP/two" || fail "gap line: $(cat "$TMP/two")"
grep '(locks held before)' "$TMP/two" | grep -q '{L}' || fail "held-before row: $(cat "$TMP/two")"
expect_eq "marks" "$(marked "$TMP/two" | cut -d' ' -f1-3 | paste -sd/)" "1 acq(L) L/8 rel(L) L"
expect_eq "an access in the section" "$(awk '$1 == 7 {print $2, $3}' "$TMP/two")" "r(x) L"
expect_eq "after the release" "$(awk '$1 == 9 {print $2, $3}' "$TMP/two")" "w(y) c.c:1"
# The largest context is the whole trace.
expect_eq "-C 2^64-1" "$(rp-show -C 18446744073709551615 "$TMP/t.std" 5 6 |
  awk '$1 ~ /^[0-9]+$/ || ($1 ~ /^[12]>$/ && $2 ~ /^[0-9]+$/)' | wc -l)" 10
# Close positions share one stretch.
expect_eq "one stretch" "$(rp-show -C 2 "$TMP/t.std" 3 6 | grep -c '\.\.\.')" 0

# The same picture from binary, xz-compressed and gzip'd input.
rp-show "$TMP/t.std" 3 7 > "$TMP/std.out"
rp-convert "$TMP/t.std" -o "$TMP/t.bin"
expect_eq "binary" "$(rp-show "$TMP/t.bin" 3 7)" "$(cat "$TMP/std.out")"
xz -c "$TMP/t.std" > "$TMP/t.std.xz"
expect_eq "xz" "$(rp-show "$TMP/t.std.xz" 3 7)" "$(cat "$TMP/std.out")"
# RAPID's CSV names threads by column and locations by position: the ops agree.
rp-convert "$TMP/t.std" --to csv -o "$TMP/t.csv" 2>/dev/null &&
  expect_eq "csv ops" "$(rp-show "$TMP/t.csv" 3 7 > "$TMP/o"; marked "$TMP/o" | cut -d' ' -f2 | paste -sd' ')" "w(x) r(x)"
rp-convert "$TMP/t.std" --to rr -o "$TMP/t.rr"
expect_eq "rr ops" "$(rp-show "$TMP/t.rr" 3 7 > "$TMP/o"; marked "$TMP/o" | cut -d' ' -f2 | paste -sd' ')" "w(x) r(x)"

# --race FILE ROW: the row's two events, whatever the predictor.
rp-lockset --quiet --races "$TMP/races.csv" "$TMP/t.std"
row=$(awk -F, 'NR == 2 {print $1 "-" $2}' "$TMP/races.csv")
rp-show "$TMP/t.std" --race "$TMP/races.csv" 1 > "$TMP/race.out"; expect_eq "--race exit" $? 0
expect_eq "--race marks" "$(grep -o '^[12]> event [0-9]*' "$TMP/race.out" | awk '{print $3}' | paste -sd-)" "$row"

# Bad input.
bad() {  # WHAT EXIT PATTERN ARGS...
  local what=$1 want=$2 pattern=$3; shift 3
  rp-show "$@" > "$TMP/out" 2> "$TMP/err"; expect_eq "$what: exit" $? "$want"
  grep -q -- "$pattern" "$TMP/err" || fail "$what: message: $(cat "$TMP/err")"
  [ -s "$TMP/out" ] && fail "$what: printed a window: $(cat "$TMP/out")"
}
bad "past the end" 1 "position 11 is past the end of .*t.std, which has 10 events" "$TMP/t.std" 11
bad "second past the end" 1 "past the end" "$TMP/t.std" 2 99
bad "position 0" 1 "positions count events from 1" "$TMP/t.std" 0
bad "not a number" 1 "non-negative integer" "$TMP/t.std" x
bad "three positions" 1 "too many arguments" "$TMP/t.std" 1 2 3
bad "no position" 1 "expected TRACE POS" "$TMP/t.std"
bad "--race and POS2" 1 "takes one ROW" "$TMP/t.std" --race "$TMP/races.csv" 1 2
bad "--race row past the end" 2 "no row 99: the report has" "$TMP/t.std" --race "$TMP/races.csv" 99
bad "unknown option" 1 "unknown option --racee; did you mean --race?" "$TMP/t.std" --racee "$TMP/races.csv" 1
# A report of another trace: the names at its positions do not match.
expect_eq "lockset's race" "$row" "9-10"
for i in 1 2 3 4 5 6 7 8 9 10; do echo "T$((i % 2))|w(z)|$i"; done > "$TMP/other.std"
bad "report of another trace" 2 "races.csv:2 (row 1) says event .* the report is of another trace" \
  "$TMP/other.std" --race "$TMP/races.csv" 1
printf 'first,second\n1,x\n' > "$TMP/broken.csv"
bad "no race report" 2 "broken.csv:1: no column 'variable'" "$TMP/t.std" --race "$TMP/broken.csv" 1
printf 'first,second,variable,first_thread,second_thread,first_loc,second_loc\n5,3,x,T1,T2,a,b\n' > "$TMP/broken.csv"
bad "first after second" 2 "broken.csv:2: expected positions first < second" "$TMP/t.std" --race "$TMP/broken.csv" 1
printf 'T1|w(x)|1\nT1 w(x)\n' > "$TMP/bad.std"
bad "malformed trace" 2 "bad.std:2:" "$TMP/bad.std" 2
bad "missing trace" 2 "nope.std" "$TMP/nope.std" 1

# Did you mean, for every predictor's options: --race is --races.
rp-hb --race "$TMP/r.csv" "$TMP/t.std" 2> "$TMP/err"; expect_eq "hb --race exit" $? 1
grep -q "unknown option --race; did you mean --races?" "$TMP/err" || fail "hb --race: $(cat "$TMP/err")"
finish
