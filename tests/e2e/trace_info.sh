# rp info: the shape of a trace as predictors see it, and --fields for
# scripts (the fuzzer reads its trace facts so).
. "$(dirname "$0")/lib.sh"

# T0 forks T1 and names T2 without it running; T1 releases its outer lock
# first (not nested); T0 re-enters m (dropped) and still holds it at the end.
cat > "$TMP/shape.std" <<'TRACE'
# a comment is not an event
T0|fork(T1)|1
T0|acq(m)|2
T0|acq(m)|3
T0|w(x)|4
T0|rel(m)|5
T1|acq(a)|6
T1|acq(b)|7
T1|r(x)|8
T1|rel(a)|9
T1|rel(b)|10
T1|br|11
T0|join(T1)|12
T0|fork(T2)|13
TRACE
expect_eq "fields" "$(rp-info --fields events,threads,active_threads,locks,variables,locations "$TMP/shape.std")" \
  "11 3 2 3 1 13"
expect_eq "ops" "$(rp-info --fields reads,writes,acquires,releases,forks,joins,branches "$TMP/shape.std")" \
  "1 1 3 2 2 1 1"
expect_eq "locks" "$(rp-info --fields reentrant_dropped,max_nesting,well_nested,held_at_end,fork_join "$TMP/shape.std")" \
  "2 2 no 1 yes"
expect_eq "format" "$(rp-info --fields format "$TMP/shape.std")" std

# Every field once, in a fixed order; the same facts from binary and xz input.
expect_eq "default lines" "$(rp-info "$TMP/shape.std" | wc -l)" 19
rp-convert "$TMP/shape.std" -o "$TMP/shape.bin"
expect_eq "binary" "$(rp-info "$TMP/shape.bin" | grep -v '^format')" \
  "$(rp-info "$TMP/shape.std" | grep -v '^format')"
xz -c "$TMP/shape.std" > "$TMP/shape.std.xz"
expect_eq "xz" "$(rp-info "$TMP/shape.std.xz")" "$(rp-info "$TMP/shape.std")"

printf 'T0|acq(a)|1\nT0|acq(b)|2\nT0|rel(b)|3\nT0|rel(a)|4\n' > "$TMP/nested.std"
expect_eq "nested" "$(rp-info --fields well_nested,fork_join,max_nesting "$TMP/nested.std")" "yes no 2"

# Bad input: an unknown field before reading, an ill-formed trace, no trace.
rp-info --fields events,nope "$TMP/shape.std" > /dev/null 2> "$TMP/err"
expect_eq "unknown field exit" "$?" 1
grep -q "unknown field 'nope'" "$TMP/err" || fail "unknown field message: $(cat "$TMP/err")"
printf 'T0|rel(a)|1\n' > "$TMP/bad.std"
rp-info "$TMP/bad.std" > /dev/null 2> "$TMP/err"
expect_eq "ill-formed exit" "$?" 2
grep -q "bad.std:1:" "$TMP/err" || fail "ill-formed message: $(cat "$TMP/err")"
rp-info > /dev/null 2>&1
expect_eq "no trace exit" "$?" 1
finish
