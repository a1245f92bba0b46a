#!/usr/bin/env bash
# rp bench over the fake predictor: every kind of run ends up in runs.csv with
# the predictor's stats, a second invocation resumes, bad plans are refused.
set -euo pipefail
cd "$(dirname "$0")/../.."
fx=tests/fixtures/harness
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
field() {  # runs.csv column NAME of the row for trace T, repetition R (no quoting needed)
  awk -F, -v name="$1" -v t="$2" -v r="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $2 == t && $3 == r { print $c[name] }' "$tmp/res/runs.csv"
}

rp bench $fx/plan-fake.plan --results "$tmp/res" --jobs 2 2>"$tmp/log" || { cat "$tmp/log"; fail "rp bench"; }
[ "$(wc -l <"$tmp/res/runs.csv")" -eq 11 ] || fail "expected 10 runs: $(cat "$tmp/res/runs.csv")"
head -1 "$tmp/res/runs.csv" | grep -q '^predictor,trace,repetition,status,exit_code,signal,wall_s,user_s,sys_s,max_rss_kb,' \
  || fail "runs.csv header"
head -1 "$tmp/res/runs.csv" | grep -q ',events,threads,locks,variables,racy_pairs,racy_events,racy_location_pairs,racy_lines,max_distance,median_distance,analysis_ms,fake_extra$' \
  || fail "stats columns not merged"
[ "$(field status small 1)" = ok ] || fail "small: $(field status small 1)"
[ "$(field status packed 2)" = ok ] || fail "the xz-compressed trace: $(field status packed 2)"
[ "$(field status sleepy 1)" = timeout ] || fail "sleepy"
# The fake's exit 3 (the contract's code for exhausted resources) is its own
# error: only the memory controller can make a run memout.
[ "$(field status hungry 1),$(field exit_code hungry 1)" = error,3 ] || fail "hungry: $(field status hungry 1)"
[ "$(field status crashy 2)" = crash ] || fail "crashy"
[ "$(field signal crashy 2)" = SIGSEGV ] || fail "crash signal"
[ "$(field events small 1)" = 9 ] && [ "$(field racy_pairs small 2)" = 3 ] || fail "stats of small"
[ "$(field events packed 1)" = 6 ] || fail "stats of packed"
[ "$(field fake_extra small 1)" = x ] || fail "extra stats column"
grep -q '"odd,loc"' "$tmp/res/races/fake-predictor__small__1.csv" || fail "race report"
for key in 'git commit' cpu cores memory parallel 'predictor fake-predictor' 'trace small'; do
  grep -q "^$key" "$tmp/res/meta" || fail "meta lacks $key"
done
grep -q -- '--timeout 1 --memory 512' "$tmp/res/meta" || fail "meta lacks the commands"
python3 - "$tmp/res/summary.json" <<'PY' || fail "summary.json: $(cat "$tmp/res/summary.json")"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["format"] == "rp-bench-summary/1" and s["runs_planned"] == 10 and s["runs_recorded"] == 10, s
assert s["statuses"] == {"ok": 4, "timeout": 2, "memout": 0, "crash": 2, "error": 2}, s["statuses"]
PY
[ "$(field failed_stage small 1)" = "" ] && [ "$(field failed_stage crashy 1)" = predictor ] \
  || fail "failed_stage of small/crashy: '$(field failed_stage small 1)' '$(field failed_stage crashy 1)'"
echo "ok: first run"

# A truncated compressed trace fails the run, though the predictor read the
# half it got without complaint; the row names the stage that failed.
mkdir -p "$tmp/trunc/traces"
cp $fx/fake-predictor "$tmp/trunc/"
xz -dc $fx/traces/packed.std.xz >"$tmp/whole.std"
for i in $(seq 200); do echo "T$((i % 2))|w(v$i)|$i"; done >>"$tmp/whole.std"
xz -c "$tmp/whole.std" | head -c 300 >"$tmp/trunc/traces/cut.std.xz"
printf 'predictors: ./fake-predictor\ntraces: traces/*.std.xz\n' >"$tmp/trunc/cut.plan"
set +e
rp bench "$tmp/trunc/cut.plan" --results "$tmp/cut" 2>"$tmp/log"
set -e
row=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c["status"] "," $c["failed_stage"] }' "$tmp/cut/runs.csv")
[ "$row" = "error,decompress" ] || fail "truncated .xz: '$row' $(cat "$tmp/cut/runs.csv")"
grep -q 'xz -dc failed' "$tmp/cut/logs/fake-predictor__cut__1.err" || fail "no message for the truncated trace"
echo "ok: a truncated compressed trace is an error of stage decompress"

# Resuming does nothing; a lost run is run again.
rp bench $fx/plan-fake.plan --results "$tmp/res" 2>"$tmp/log"
grep -q '10 runs in the plan, 0 to do' "$tmp/log" || fail "resume: $(cat "$tmp/log")"
rm "$tmp/res/runner/fake-predictor__small__2.csv"
rp bench $fx/plan-fake.plan --results "$tmp/res" 2>"$tmp/log"
grep -q '1 to do' "$tmp/log" && [ "$(wc -l <"$tmp/res/runs.csv")" -eq 11 ] || fail "rerun of a lost run"
echo "ok: resume"

# The report of a real bench folder draws silently.
rp report "$tmp/res" >"$tmp/table" 2>"$tmp/err" || { cat "$tmp/err"; fail "report"; }
[ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "report wrote to stderr"; }
# A timed-out trace has no shape (the Traces table) and TO as its count.
grep -q '^| sleepy | - | - | - | - |$' "$tmp/table" && grep -q '^| sleepy | TO |$' "$tmp/table" ||
  fail "report: $(cat "$tmp/table")"
echo "ok: report of the bench"

# Bad plans.
set +e
bad() {  # plan text, expected message
  printf '%s\n' "$1" >"$tmp/bad.plan"
  cp $fx/fake-predictor "$tmp/"
  mkdir -p "$tmp/traces" && cp $fx/traces/small.std "$tmp/traces/"
  rp bench "$tmp/bad.plan" --results "$tmp/badres" 2>"$tmp/err"
  rc=$?
  [ $rc -eq 2 ] && grep -q "$2" "$tmp/err" || fail "plan '$1': rc $rc, $(cat "$tmp/err")"
}
bad 'predictors ./fake-predictor' "bad.plan:1: expected 'key: value'"
bad $'predictors: ./fake-predictor\ntraces: traces/*.std\nrepetitions: -1' 'bad.plan:3: repetitions'
bad $'predictors: ./fake-predictor\ntraces: traces/*.std\ncolour: blue' 'bad.plan:3: unknown key'
bad 'traces: traces/*.std' "no 'predictors:' line"
bad $'predictors: nosuchpredictor\ntraces: traces/*.std' "predictor 'nosuchpredictor'"
bad $'predictors: ./fake-predictor\ntraces: nothing/*.std' 'match no file'
rp bench "$tmp/missing.plan" 2>"$tmp/err"; [ $? -eq 2 ] || fail "missing plan"
rp bench 2>/dev/null; [ $? -eq 1 ] || fail "no plan should exit 1"
for bad in 0 -1 nan 1e300 99999999999999999999; do
  rp bench $fx/plan-fake.plan --jobs $bad 2>/dev/null; [ $? -eq 1 ] || fail "--jobs $bad should exit 1"
done
rp bench --bogus 2>"$tmp/err"; [ $? -eq 1 ] || fail "unknown option should exit 1"
grep -qx 'rp-bench: unknown option --bogus (see --help)' "$tmp/err" \
  || fail "unknown option wording: $(cat "$tmp/err")"
rp bench --version | grep -q '^rp-bench [0-9]' || fail "rp bench --version"
rp bench --help >/dev/full 2>/dev/null; [ $? -eq 3 ] || fail "--help into a full disk should exit 3"
set -e
echo "ok: bad plans"

# The real HB predictor, when it has been built, keeps the contract too.
if [ -x "$RP_BIN/rp-hb" ]; then
  printf 'predictors: hb\ntraces: %s/traces/small.std %s/traces/packed.std.xz\n' "$PWD/$fx" "$PWD/$fx" >"$tmp/hb.plan"
  rp bench "$tmp/hb.plan" --results "$tmp/hb" 2>"$tmp/log" || { cat "$tmp/log"; fail "bench of rp-hb"; }
  [ "$(awk -F, 'NR > 1 && $4 == "ok"' "$tmp/hb/runs.csv" | wc -l)" -eq 2 ] \
    || fail "rp-hb runs: $(cat "$tmp/hb/runs.csv"; cat "$tmp"/hb/logs/*.err)"
  echo "ok: rp-hb under rp bench"
else
  echo "skip: rp-hb is not built; the real-predictor check did not run"
fi
echo "all rp bench checks passed"
