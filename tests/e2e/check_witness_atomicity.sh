# rp check-witness --atomicity checks every condition of the w-w-r
# violation (docs/seqcheck.md §S16, as rp-seqcheck draws its candidates):
# each witness below is a correct reordering in which the read reads W1 after
# W2, yet breaks one condition on the original; it must be refused with the
# condition named (exit 2), and the valid ones accepted.
. "$(dirname "$0")/lib.sh"

# trace NAME EVENTS...: one STD trace
trace() { local n=$1; shift; printf '%s\n' "$@" > "$TMP/$n.std"; }
# refused WHAT REASON ORIG WITNESS W1 W2 R [OPTIONS...]: exit 2, REASON in the message
refused() {
  local what=$1 reason=$2 orig=$3 wit=$4; shift 4
  rp-check-witness "$TMP/$orig.std" "$TMP/$wit.std" "$@" --atomicity --def branch \
    2> "$TMP/err" > /dev/null
  local rc=$?
  expect_eq "$what: exit" "$rc" 2
  grep -q -- "$reason" "$TMP/err" || fail "$what: expected '$reason' in: $(cat "$TMP/err")"
}
accepted() {
  local what=$1 orig=$2 wit=$3; shift 3
  rp-check-witness --quiet "$TMP/$orig.std" "$TMP/$wit.std" "$@" --atomicity --def branch \
    || fail "$what: a valid witness was refused"
}

# A violation: T1's w(x)@1 intrudes into T2's pair 2-3.
trace ok 'T1|w(x)|1' 'T2|w(x)|2' 'T2|r(x)|3'
trace ok-w 'T2|w(x)|2' 'T1|w(x)|1' 'T2|r(x)|3'
accepted "the violation" ok ok-w 1 2 3

# The read reads T3's w(x)@3 in the original, not the claimed W2 (2).
trace other-writer 'T1|w(x)|1' 'T2|w(x)|2' 'T3|w(x)|3' 'T2|r(x)|4'
trace other-writer-w 'T2|w(x)|2' 'T1|w(x)|1' 'T2|r(x)|4'
refused "r does not read W2 in the original" "reads 3, not w2 2" other-writer other-writer-w 1 2 4

# W1 is in the read's thread: no third thread intrudes.
trace w1-reader 'T2|w(x)|1' 'T1|w(x)|2' 'T2|r(x)|3'
trace w1-reader-w 'T1|w(x)|2' 'T2|w(x)|1' 'T2|r(x)|3'
refused "W1 in the read's thread" "third thread" w1-reader w1-reader-w 1 2 3

# W1 comes after the pair in the original.
trace late-w1 'T2|w(x)|1' 'T2|r(x)|2' 'T1|w(x)|3'
trace late-w1-w 'T2|w(x)|1' 'T1|w(x)|3' 'T2|r(x)|2'
refused "W1 after W2 in the original" "must come before" late-w1 late-w1-w 3 1 2

# The read is 101 events after W2: outside the default window of 100, inside 101.
fill=(); for i in $(seq 3 102); do fill+=("T2|w(y)|$i"); done
trace far 'T1|w(x)|1' 'T2|w(x)|2' "${fill[@]}" 'T2|r(x)|103'
trace far-w 'T2|w(x)|2' 'T1|w(x)|1' "${fill[@]}" 'T2|r(x)|103'
refused "outside the window" "outside the window of 100" far far-w 1 2 103
accepted "inside --window 101" far far-w 1 2 103 --window 101
rp-seqcheck --quiet --window 101 --atomicity "$TMP/far.csv" --witness "$TMP/wd" "$TMP/far.std"
expect_eq "seqcheck --window 101 finds it" "$(tail -n +2 "$TMP/far.csv" | cut -d, -f1-3)" "1,2,103"
grep -q -- "--window 101" "$TMP/wd/atomicity-1-2-103.std" ||
  fail "the witness's check command should carry --window 101"

# The read does not read W1 in the witness (T3's later write lands between).
trace overwritten 'T1|w(x)|1' 'T2|w(x)|2' 'T2|r(x)|3' 'T3|w(x)|4'
trace overwritten-w 'T2|w(x)|2' 'T1|w(x)|1' 'T3|w(x)|4' 'T2|r(x)|3'
refused "r reads another write in the witness" "does not read from" overwritten overwritten-w 1 2 3

expect_eq "--window without --atomicity" \
  "$(rp-check-witness "$TMP/ok.std" "$TMP/ok-w.std" 1 2 --window 3 2>/dev/null; echo $?)" 1
finish
