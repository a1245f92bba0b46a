# Exit codes of the contract (docs/design.md §D7; RP_EXIT_* in base/diag.h) on three
# paths: a --witness directory that cannot be created is a usage error (1)
# in every predictor that writes witnesses; a thread holding more locks at
# once than the lock-set predictors take is bad input (2), named, not "too
# many names" (3); a closed pipe on standard output is a failed write (3,
# with a message), not a death by SIGPIPE (141), in every program.
. "$(dirname "$0")/lib.sh"

printf '%s\n' 'T0|w(x)|1' 'T1|w(x)|2' 'T2|r(x)|3' > "$TMP/t.std"
: > "$TMP/a-file"

# --witness DIR: under a missing directory, or a regular file.
for p in $(programs predictors); do
  "rp-$p" --help | grep -q -- '--witness' || continue
  for dir in "$TMP/missing/w" "$TMP/a-file"; do
    "rp-$p" --quiet --witness "$dir" "$TMP/t.std" > /dev/null 2> "$TMP/err"
    expect_eq "$p --witness $dir: exit" "$?" 1
    grep -q "$dir" "$TMP/err" || fail "$p --witness $dir: the message should name it: $(cat "$TMP/err")"
  done
done
# ... and one that can be is used (dc writes witnesses of vindicated races).
rp-dc --quiet --vindicate all --witness "$TMP/w" "$TMP/t.std" ||
  fail "rp dc --witness into a new directory"
expect_eq "dc witnesses" "$(ls "$TMP/w" | wc -l)" 2

# nested DEPTH FILE: one thread nests DEPTH locks around a write another
# thread races with.
nested() {
  awk -v d="$1" 'BEGIN { for (i = 1; i <= d; i++) print "T0|acq(l" i ")|" i
                         print "T0|w(x)|w"; print "T1|w(x)|v"
                         for (i = d; i >= 1; i--) print "T0|rel(l" i ")|r" i }' > "$2"
}
nested 4096 "$TMP/deep-ok.std"
nested 5000 "$TMP/too-deep.std"
for args in "pwr" "pwr --cs" "lockset" "lockset --mode ls-ct" "lockset --mode eraser" "m2" "seqcheck"; do
  set -- $args
  expect_eq "$args at depth 4096" "$(stat "$1" "$TMP/deep-ok.std" racy_events "${@:2}")" 1
  "rp-$1" --quiet "${@:2}" "$TMP/too-deep.std" > /dev/null 2> "$TMP/err"
  expect_eq "$args at depth 5000: exit" "$?" 2
  grep -q "too-deep.std: event 4097: thread T0 .* at most 4096 locks held at once" "$TMP/err" ||
    fail "$args at depth 5000: $(cat "$TMP/err")"
done

# closed_pipe CMD...: run CMD with standard output a pipe whose read end is
# already closed (no timing involved); print its exit status (128+N for a
# death by signal N), its standard error to standard error.
closed_pipe() {
  python3 - "$@" <<'PY'
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
p = subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.PIPE)
sys.stderr.write(p.stderr.decode(errors="replace"))
print(p.returncode if p.returncode >= 0 else 128 - p.returncode)
PY
}
broken_pipe() {   # broken_pipe WHAT CMD...
  local what=$1; shift
  expect_eq "$what into a closed pipe: exit" "$(closed_pipe "$@" 2> "$TMP/err")" 3
  grep -q "Broken pipe" "$TMP/err" || fail "$what into a closed pipe: $(cat "$TMP/err")"
}
for p in $(programs predictors); do
  broken_pipe "$p summary" "rp-$p" "$TMP/t.std"
  broken_pipe "$p --races -" "rp-$p" --quiet --races - "$TMP/t.std"
done
broken_pipe "gen" rp-gen --events 10
broken_pipe "convert" rp-convert "$TMP/t.std" -o -
broken_pipe "check-witness" rp-check-witness "$TMP/t.std" "$TMP/w/race-1-2.std" 1 2
finish
