#!/usr/bin/env bash
# rp bench against hostile names and interruptions: names never reach a shell
# as commands, a killed bench leaves nothing running, a changed plan is not
# resumed, long plan lines stay whole, progress and the tally are shown.
set -euo pipefail
cd "$(dirname "$0")/../.."
fx=$PWD/tests/fixtures/harness
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
col() {  # runs.csv FILE, column NAME: the values, one a line
  python3 -c 'import csv, sys
for row in csv.DictReader(open(sys.argv[1], newline="")): print(row[sys.argv[2]])' "$1" "$2"
}

# Traces and a results folder whose names hold a line break, quotes, $(...)
# and blanks: one run each, nothing executed.
w="$tmp/work"
mkdir -p "$w/traces"
cp "$fx/fake-predictor" "$w/"
evil=$'a b\'c"$(touch PWNED1)\nd'
cp "$fx/traces/small.std" "$w/traces/$evil.std"
cp "$fx/traces/small.std" "$w/traces/\$(touch PWNED2);x.std"
printf 'predictors: ./fake-predictor\ntraces: traces/*.std\n' >"$w/p.plan"
res="$w/res"$'\n'"\$(touch PWNED3) 'q\""
(cd "$w" && rp bench p.plan --results "$res" 2>"$tmp/log") || { cat "$tmp/log"; fail "bench of hostile names"; }
[ "$(col "$res/runs.csv" status | sort | uniq -c | awk '{print $1, $2}')" = "2 ok" ] \
  || fail "hostile names: $(cat "$res/runs.csv")"
if find "$tmp" "$PWD" /tmp "$HOME" -maxdepth 3 -name 'PWNED*' 2>/dev/null | grep -q .; then
  fail "a name was run as a command"
fi
echo "ok: names with line breaks, quotes, \$(...) and blanks are data"

# A plan line over 4,095 bytes is one line.
{ printf 'predictors: ./fake-predictor\ntraces: traces/*.std\nargs.fake-predictor:'
  for _ in $(seq 700); do printf ' --extra'; done; printf '\n'; } >"$w/long.plan"
[ "$(sed -n 3p "$w/long.plan" | wc -c)" -gt 4096 ] || fail "the long line is not long"
(cd "$w" && rp bench long.plan --results long 2>"$tmp/log") || { cat "$tmp/log"; fail "long plan line"; }
[ "$(cat "$w"/long/jobs/*PWNED2*.sh | grep -o -- '--extra' | wc -l)" -eq 700 ] \
  || fail "the long line was split"
echo "ok: a plan line of $(sed -n 3p "$w/long.plan" | wc -c) bytes"

# Without --results, results/ is made in the current folder.
(cd "$w" && rp bench p.plan 2>"$tmp/log") || { cat "$tmp/log"; fail "bench without results/"; }
ls "$w"/results/*-p/runs.csv >/dev/null || fail "results/ not made"
echo "ok: results/ is made when missing"

# Resuming with another plan (other limits, other traces) is refused.
set +e
printf 'predictors: ./fake-predictor\ntraces: traces/*.std\ntimeout: 5\n' >"$w/p2.plan"
(cd "$w" && rp bench p2.plan --results "$res" 2>"$tmp/err"); rc=$?
[ $rc -eq 2 ] && grep -q 'other runs than this plan' "$tmp/err" || fail "changed plan: rc $rc $(cat "$tmp/err")"
cp "$fx/traces/small.std" "$w/traces/new.std"
(cd "$w" && rp bench p.plan --results "$res" 2>"$tmp/err"); rc=$?
[ $rc -eq 2 ] || fail "a plan matching a new trace resumed: rc $rc"
rm "$w/traces/new.std"
(cd "$w" && rp bench p.plan --results "$res" 2>"$tmp/err"); rc=$?
[ $rc -eq 0 ] && grep -q '0 to do' "$tmp/err" || fail "the same plan does not resume: $(cat "$tmp/err")"
# A folder in use by another rp bench is refused.
flock "$res/lock" sleep 3 &
sleep 0.5
(cd "$w" && rp bench p.plan --results "$res" 2>"$tmp/err"); rc=$?
[ $rc -eq 2 ] && grep -q 'in use' "$tmp/err" || fail "folder in use: rc $rc $(cat "$tmp/err")"
wait
set -e
echo "ok: a changed plan or a folder in use is refused"

# Killing rp bench stops every run it started, in whatever process group.
k="$tmp/kill"
mkdir -p "$k/traces"
cp "$fx/fake-predictor" "$k/"
for i in 1 2 3; do cp "$fx/traces/sleepy.std" "$k/traces/s$i.std"; done
printf 'predictors: ./fake-predictor\ntraces: traces/*.std\ntimeout: 100\n' >"$k/k.plan"
(cd "$k" && exec rp bench k.plan --results res --jobs 2 2>"$tmp/klog") &
bench=$!
# Fake predictors running: their scripts, not the runners or parallel's
# shells (whose arguments name the script too), nor a script's subshells
# (which have its command line until they exec).
fakes_running() {
  ps -eo pid=,ppid=,args= | awk -v script="/bin/sh $k/fake-predictor " '
    { pid = $1; ppid = $2; sub(/^ *[0-9]+ +[0-9]+ +/, "") }
    index($0, script) == 1 { parent[pid] = ppid }
    END { n = 0; for (p in parent) if (!(parent[p] in parent)) n++; print n }'
}
started=0
for _ in $(seq 100); do
  [ "$(fakes_running)" -ge 2 ] && { started=1; break; }
  sleep 0.1
done
[ $started = 1 ] || fail "the runs did not start"
kill -TERM $bench
set +e
wait $bench; rc=$?
set -e
[ $rc -eq 130 ] || fail "a killed bench exits $rc, not 130: $(cat "$tmp/klog")"
sleep 0.5
left=$(ps -eo pid,args | grep -F "$k" | grep -v grep || true)
[ -z "$left" ] || fail "left running after the bench was killed: $left"
[ "$(find "$k/res/runner" -name '*.csv' -size +0 | wc -l)" -eq 0 ] || fail "a stopped run left a row"
echo "ok: a killed bench leaves nothing running and no row of a stopped run"

# Progress: one line per finished run when asked for off a terminal, then the tally.
(cd "$w" && rp bench p.plan --results prog --progress 2>"$tmp/log") || fail "bench --progress"
grep -q '^\[2/2\] ok 2  TO 0  MO 0  ERR 0 | 0:00:0[0-9] elapsed, ETA 0:00:00$' "$tmp/log" \
  || fail "progress line: $(cat "$tmp/log")"
grep -q '^rp-bench: 2 of 2 runs recorded: 2 ok, 0 timeout, 0 memout, 0 crash, 0 error$' "$tmp/log" \
  || fail "tally: $(cat "$tmp/log")"
(cd "$w" && rp bench p.plan --results prog2 2>"$tmp/log")
! grep -q '^\[' "$tmp/log" || fail "progress off a terminal without --progress"
if command -v script >/dev/null; then
  (cd "$w" && script -qec "rp bench p.plan --results tty" /dev/null >"$tmp/tty" 2>&1) || true
  grep -q $'\r\033\\[K\\[2/2\\] ok 2' "$tmp/tty" || fail "no live line on a terminal: $(od -c "$tmp/tty" | head)"
  echo "ok: a live line on a terminal"
fi
echo "ok: progress and tally"
echo "all hostile-input checks of rp bench passed"
