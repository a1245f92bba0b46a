# No leaks or memory errors under valgrind: every predictor and tool on small
# crafted traces.  (The sanitized build checks the same with ASan, which cannot
# run under valgrind, so there this script only says it skipped.)
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
case $RP_BIN in */san/bin) echo "skipped: sanitized build"; exit 0 ;; esac
command -v valgrind >/dev/null || { fail "valgrind is not installed (make deps)"; finish; }
vg() { valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=9 -q "$@"; }
for t in datasets/crafted/notes-trace-I.std datasets/crafted/vindicator-fig3a.std datasets/crafted/m2-fig1b.std; do
  for p in $(programs predictors) "hb --epochs" "lockset --all-pairs"; do
    set -- $p
    [ -x "$RP_BIN/rp-$1" ] || continue
    vg "$RP_BIN/rp-$1" "${@:2}" --quiet --races /dev/null --stats /dev/null "$t" 2>"$TMP/err"
    code=$?
    [ $code -eq 0 ] || fail "rp $p on $t: exit $code $(head -5 "$TMP/err")"
  done
done
vg "$RP_BIN/rp-gen" --events 100 > /dev/null || fail "gen"
vg "$RP_BIN/rp-gen" --small --cross-cs --seed 5 > /dev/null || fail "gen --small --cross-cs"
vg "$RP_BIN/rp-convert" datasets/crafted/vindicator-fig3a.std -o "$TMP/t.bin" || fail "convert"
# rp show and rp diff: windows, a race report's row, examples.
t=datasets/crafted/m2-fig1a.std
"$RP_BIN/rp-hb" --quiet --races "$TMP/hb.csv" "$t"; "$RP_BIN/rp-m2" --quiet --races "$TMP/m2.csv" "$t"
vg "$RP_BIN/rp-show" -C 1 "$t" 2 7 > /dev/null || fail "show"
vg "$RP_BIN/rp-show" "$t" --race "$TMP/m2.csv" 1 > /dev/null || fail "show --race"
vg "$RP_BIN/rp-diff" "$TMP/hb.csv" "$TMP/m2.csv" --trace "$t" --examples 2 > /dev/null || fail "diff"
vg "$RP_BIN/rp-hb" --quiet "$TMP/t.bin" || fail "hb on binary"
vg "$RP_BIN/rp-read" --quiet --stats /dev/null "$TMP/t.bin" || fail "read"
vg "$RP_BIN/rp-read" --load --quiet --stats /dev/null "$TMP/t.bin" || fail "read --load"
"$RP_BIN/rp-cc" -O1 tests/record/race_rwlock.c -o "$TMP/rwlock" || fail "rp cc"
vg "$RP_BIN/rp-record" -o "$TMP/rw.std" -- "$TMP/rwlock" > /dev/null 2>&1 || fail "rp record"
printf 'T0|rel(l)|1\n' > "$TMP/bad.std"
vg "$RP_BIN/rp-hb" --quiet "$TMP/bad.std" 2>/dev/null; expect_eq "bad input under valgrind" $? 2
finish
