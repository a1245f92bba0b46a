# SeqCheck's branch models (issue 25): --branches trace|every-read|none, the
# default (the trace's br events if it has one, else a branch after every
# read), named in the stats and the summary; rp oracle --def branch and rp
# check-witness under the same model; the warning for --branches trace on a
# trace without br and the error for a br with an operand; on the bundled
# traces without br SeqCheck's racy events are M2's; races found in a window
# after a lock-free cut, with witnesses that start with the trace before it;
# the same output for every --jobs.
. "$(dirname "$0")/lib.sh"
export PATH="$ROOT/${BUILD:-build}/bin:$PATH"
command -v rp-seqcheck >/dev/null || { echo "skip: rp-seqcheck not built"; exit 0; }
real=$ROOT/datasets/real

# Trace I: T2's write races T1's first write only if T2's read of y may see
# the initial value, i.e. only if no branch pins it.
printf 'T1|w(x)|1\nT1|w(y)|2\nT2|r(y)|3\nT2|w(x)|4\n' > "$TMP/I.std"
# The same with a branch after the read: the trace's br pins it.
printf 'T1|w(x)|1\nT1|w(y)|2\nT2|r(y)|3\nT2|br|4\nT2|w(x)|5\n' > "$TMP/Ibr.std"
# ... and a br before the read only: under trace the read is free.
printf 'T1|w(x)|1\nT1|w(y)|2\nT2|br|3\nT2|r(y)|4\nT2|w(x)|5\n' > "$TMP/brfirst.std"

# check NAME TRACE MODEL WANT: SeqCheck's pairs, and the oracle's under the same model.
check() {
  local opt=()
  [ "$3" = default ] || opt=(--branches "$3")
  expect_eq "$1 seqcheck ($3)" "$(pairs seqcheck "$2" --bugs races "${opt[@]}" 2>/dev/null)" "$4"
  expect_eq "$1 oracle ($3)" "$(pairs oracle "$2" --def branch "${opt[@]}" 2>/dev/null)" "$4"
}
check I "$TMP/I.std" default "2-3"
check I "$TMP/I.std" every-read "2-3"
check I "$TMP/I.std" none "2-3 1-4"
check I "$TMP/I.std" trace "2-3 1-4"
check Ibr "$TMP/Ibr.std" default "2-3"
check Ibr "$TMP/Ibr.std" none "2-3 1-5"
check brfirst "$TMP/brfirst.std" default "2-4 1-5"
check brfirst "$TMP/brfirst.std" every-read "2-4"

# The model used: a stats column, the summary line, the witness's check line.
expect_eq "branch_model default, no br" "$(stat seqcheck "$TMP/I.std" branch_model)" every-read
expect_eq "branch_model default, br" "$(stat seqcheck "$TMP/Ibr.std" branch_model)" trace
expect_eq "branch_model none" "$(stat seqcheck "$TMP/Ibr.std" branch_model --branches none)" none
expect_eq "oracle branch_model" "$(stat oracle "$TMP/I.std" branch_model --def branch)" every-read
rp-seqcheck "$TMP/I.std" > "$TMP/out" 2>&1
grep -q 'branches: every-read (default: the trace has no br)' "$TMP/out" ||
  fail "summary does not name the model: $(cat "$TMP/out")"
rp-seqcheck "$TMP/I.std" --branches none > "$TMP/out" 2>&1
grep -q 'branches: none' "$TMP/out" || fail "summary under none: $(cat "$TMP/out")"

# --branches trace on a trace without br: a warning, and the run goes on.
rp-seqcheck --quiet --branches trace "$TMP/I.std" 2> "$TMP/err"
expect_eq "trace without br: exit" "$?" 0
grep -q 'warning: .*I.std has no br event' "$TMP/err" || fail "no warning: $(cat "$TMP/err")"
rp-seqcheck --quiet "$TMP/I.std" 2> "$TMP/err"
[ -s "$TMP/err" ] && fail "default model warns: $(cat "$TMP/err")"
# A br with an operand, or an unknown model: clear errors.
printf 'T1|w(x)|1\nT1|br(x)|2\n' > "$TMP/bad.std"
rp-seqcheck --quiet "$TMP/bad.std" 2> "$TMP/err"
expect_eq "br with an operand: exit" "$?" 2
grep -q "bad.std:2: expected no operand for br: a branch event is THREAD|br|LOCATION" "$TMP/err" ||
  fail "br operand message: $(cat "$TMP/err")"
rp-seqcheck --quiet --branches sometimes "$TMP/I.std" 2> "$TMP/err"
expect_eq "unknown model: exit" "$?" 1
grep -q 'every-read' "$TMP/err" || fail "unknown model message: $(cat "$TMP/err")"

# Witnesses name their model and pass rp check-witness under it, not under none's opposite.
rp-seqcheck --quiet --branches none --bugs races --witness "$TMP/w" "$TMP/I.std"
grep -q -- '--def branch --branches none' "$TMP/w/race-1-4.std" || fail "witness check line"
rp-check-witness --quiet "$TMP/I.std" "$TMP/w/race-1-4.std" 1 4 --def branch --branches none ||
  fail "none witness refused"
rp-check-witness --quiet "$TMP/I.std" "$TMP/w/race-1-4.std" 1 4 --def branch 2>/dev/null &&
  fail "none witness accepted under every-read"

# The bundled traces without br: SeqCheck's racy events are M2's.
racy_events() { awk -F, 'NR > 1 { e[$2] = 1 } END { n = 0; for (k in e) n++; print n }' "$1"; }
for name in own_DCL own_FlagPublish own_BoundedBuffer; do
  rp-seqcheck --quiet --races "$TMP/s.csv" "$real/$name.std.xz" || fail "$name: seqcheck failed"
  rp-m2 --quiet --races "$TMP/m.csv" "$real/$name.std.xz" || fail "$name: m2 failed"
  expect_eq "$name racy events vs M2" "$(racy_events "$TMP/s.csv")" "$(racy_events "$TMP/m.csv")"
done

# A race found in a window: the witness starts with the trace before the cut
# and passes rp check-witness; the verdicts equal those of whole queries
# (a trace with no lock is cut right before e1).
rp-gen --threads 3 --locks 0 --vars 4 --events 300 --seed 5 -o "$TMP/g.std"
rp-seqcheck --quiet --bugs races --stats "$TMP/st.csv" --races "$TMP/r.csv" --witness "$TMP/gw" \
  "$TMP/g.std" || fail "generated trace: seqcheck failed"
windowed=$(awk -F, 'NR==1{for(i=1;i<=NF;i++) if($i=="race_windowed") k=i} NR==2{print (k ? $k : "missing")}' "$TMP/st.csv")
[ "${windowed:-0}" -gt 0 ] 2>/dev/null || fail "no race found in a window (race_windowed '$windowed')"
checked=0
while IFS=, read -r a b _ && [ $checked -lt 20 ]; do
  checked=$((checked + 1))
  rp-check-witness --quiet "$TMP/g.std" "$TMP/gw/race-$a-$b.std" "$a" "$b" --def branch ||
    fail "windowed witness $a-$b refused"
done < <(tail -n +2 "$TMP/r.csv")
[ $checked -gt 0 ] || fail "no race on the generated trace"

# --jobs: the first question of each access asked ahead on other threads;
# the race report and every stats column but the times are the same.
rp-gen --threads 4 --locks 2 --vars 4 --events 400 --branches 0.2 --seed 7 -o "$TMP/gl.std"
for g in g gl; do
  for j in 1 3; do
    rp-seqcheck --quiet --jobs $j --races "$TMP/r$j.csv" --stats "$TMP/s$j.csv" "$TMP/$g.std" ||
      fail "$g: --jobs $j failed"
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i !~ /_ms$/) keep[i] = 1; next }
             { for (i = 1; i <= NF; i++) if (keep[i]) printf "%s,", $i; print "" }' \
      "$TMP/s$j.csv" > "$TMP/k$j"
  done
  [ "$(wc -l < "$TMP/r1.csv")" -gt 1 ] || fail "$g: no race"
  cmp -s "$TMP/r1.csv" "$TMP/r3.csv" || fail "$g: --jobs 3 reports other races than --jobs 1"
  cmp -s "$TMP/k1" "$TMP/k3" || fail "$g: --jobs 3 stats differ: $(diff "$TMP/k1" "$TMP/k3")"
done
finish
