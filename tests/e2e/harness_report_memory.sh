#!/usr/bin/env bash
# rp report's memory column: the processes' own peak (process_peak_kb) where
# runs.csv has it, not the cgroup's, which counts the page cache of the files
# a run wrote; runs.csv files from before that column still read as before.
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Prints the mem_mb rp report finds for a one-run folder whose runs.csv has
# the memory columns $1 with the values $2.
mem_mb() {
  rm -rf "$tmp/res"
  mkdir "$tmp/res"
  {
    echo "predictor,trace,repetition,status,exit_code,signal,wall_s,$1,events,racy_events"
    echo "hb,t,1,ok,0,,0.5,$2,10,1"
  } >"$tmp/res/runs.csv"
  rp report "$tmp/res" --format json --no-plots --out "$tmp/res/report" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["traces"][0]["cells"]["hb"]["mem_mb"])'
}
expect() {  # expected, actual, what
  [ "$1" = "$2" ] || fail "$3: expected '$1', got '$2'"
  echo "ok: $3 -> $2"
}

expect 1024.0 "$(mem_mb max_rss_kb,cgroup_peak_kb 3072,1048576)" "a runs.csv from before process_peak_kb"
expect 3.0 "$(mem_mb max_rss_kb,cgroup_peak_kb,process_peak_kb 3072,,)" "a run without a cgroup"
expect 20.0 "$(mem_mb max_rss_kb,cgroup_peak_kb,process_peak_kb 3072,1048576,20480)" \
  "a run that wrote 1 GB: the processes' peak, not the cgroup's"
grep -q '| 20.0 |$' "$tmp/res/report/table.md" || fail "table.md: $(cat "$tmp/res/report/table.md")"

# A damaged process_peak_kb is refused like the other memory columns.
echo "predictor,trace,repetition,status,exit_code,signal,wall_s,max_rss_kb,process_peak_kb" >"$tmp/res/runs.csv"
echo "hb,t,1,ok,0,,0.5,3072,12x" >>"$tmp/res/runs.csv"
set +e
rp report "$tmp/res" --no-plots >/dev/null 2>"$tmp/err"
rc=$?
set -e
[ $rc -eq 2 ] || fail "a damaged process_peak_kb: exit $rc"
grep -q 'runs.csv:2: process_peak_kb: expected a whole number' "$tmp/err" || fail "message: $(cat "$tmp/err")"
echo "all rp report memory checks passed"
