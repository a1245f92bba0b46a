# Bad input: a clear message naming file and line, exit status 2, no crash,
# from every predictor (streaming and offline ones share the reader).
. "$(dirname "$0")/lib.sh"

# check_bad NAME CONTENT MESSAGE-FRAGMENT
check_bad() {
  printf "$2" > "$TMP/$1.std"
  for p in $(programs predictors); do
    "rp-$p" --quiet "$TMP/$1.std" 2> "$TMP/err"
    local code=$?
    expect_eq "$p $1 exit" "$code" 2
    grep -qF -- "$3" "$TMP/err" || fail "$p $1 message: $(cat "$TMP/err"), want '$3'"
  done
}
check_bad syntax 'T0|w(x)|1\nT0 w(x) 2\n' "syntax.std:2: expected 'thread|op(operand)|location'"
check_bad op 'T0|write(x)|1\n' ":1: expected an operation"
check_bad operand '\n# c\nT0|w()|1\n' ":3: expected an operand"
check_bad release 'T0|rel(l)|1\n' ":1: release of lock l by T0, which does not hold it"
check_bad held 'T0|acq(l)|1\nT1|acq(l)|2\n' ":2: acquire of lock l by T1 while T0 holds it"
check_bad joined 'T0|fork(T1)|1\nT0|join(T1)|2\nT1|r(x)|3\n' ":3: event of thread T1 after it was joined"

rp-hb --quiet "$TMP/missing.std" 2>"$TMP/err"; expect_eq "missing file exit" $? 2
grep -q "cannot open" "$TMP/err" || fail "missing file message"

# Re-entrant locks are normalised and said so.
printf 'T0|acq(l)|1\nT0|acq(l)|2\nT0|w(x)|3\nT0|rel(l)|4\nT0|rel(l)|5\nT1|acq(l)|6\nT1|w(x)|7\nT1|rel(l)|8\n' > "$TMP/re.std"
rp-hb "$TMP/re.std" >/dev/null 2>"$TMP/err"; expect_eq "re-entrant exit" $? 0
grep -q "dropped 2 re-entrant" "$TMP/err" || fail "re-entrant note: $(cat "$TMP/err")"

# A corrupted binary trace is rejected, not misread.
printf 'T0|w(x)|1\nT1|w(x)|2\n' > "$TMP/ok.std"
rp-convert "$TMP/ok.std" -o "$TMP/ok.bin" || fail "convert"
head -c 100 "$TMP/ok.bin" > "$TMP/cut.bin"
rp-hb --quiet "$TMP/cut.bin" 2>"$TMP/err"; expect_eq "truncated binary exit" $? 2
grep -q "expected a consistent header" "$TMP/err" || fail "truncated binary message: $(cat "$TMP/err")"
finish
