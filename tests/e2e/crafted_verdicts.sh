#!/usr/bin/env bash
# The crafted corpus regression test: runs every present predictor on every
# trace of datasets/crafted/ and checks the verdicts its header records
# (format: datasets/crafted/README.md).  A predictor whose executable
# ($RP_BIN/rp-NAME) does not exist yet is skipped, so its recorded verdicts
# start being checked the day it is built.
#
# Environment: RP_BIN (default build/bin), CRAFTED_DIR (default
# datasets/crafted), CRAFTED_TIMEOUT (seconds per run, default 20),
# CRAFTED_SLOW=1 to check also the predictors a trace marks "# slow:".
set -u
cd "$(dirname "$0")/../.."
bin=${RP_BIN:-build/bin}
dir=${CRAFTED_DIR:-datasets/crafted}
limit=${CRAFTED_TIMEOUT:-20}
checker=tests/crafted
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

checked=0 failed=0 skipped=0 runs=0 slow_skips=0
declare -A missing_bin=()

# run PRED OPTS TRACE: starts the predictor, in the background, once per
# (trace, predictor, options), and sets n so that $tmp/run.$n.csv is its
# report, $tmp/run.$n.err its stderr and $tmp/run.$n.rc its exit status once
# `wait` returns.
declare -A run_of=()
run() {
  local key="$1 $2"
  if [ -z "${run_of[$key]:-}" ]; then
    n=${#run_of[@]}; run_of[$key]=$n; runs=$((runs + 1))
    # shellcheck disable=SC2086  # the options are words on purpose
    { timeout "$limit" "$bin/rp-$1" $2 --quiet --races "$tmp/run.$n.csv" "$3" \
        >/dev/null 2>"$tmp/run.$n.err"; echo $? >"$tmp/run.$n.rc"; } &
  fi
  n=${run_of[$key]}
}

for trace in "$dir"/*.std; do
  name=$(basename "$trace")
  if ! awk -f "$checker/expectations.awk" "$trace" >"$tmp/expect" 2>"$tmp/expect.err"; then
    failed=$((failed + 1)); echo "FAIL $name: malformed header"; sed 's/^/    /' "$tmp/expect.err"
    continue
  fi
  # "# slow: P..." names predictors too slow on this trace for the quick suite.
  slow=" $(sed -n 's/^# slow:\(.*\)/\1/p' "$trace" | tr -s ' \t' '  ') "
  run_of=(); rm -f "$tmp"/run.* "$tmp/pending" "$tmp/checks"
  while IFS='|' read -r pred opts kind want; do
    if [ ! -x "$bin/rp-$pred" ]; then
      skipped=$((skipped + 1)); missing_bin[$pred]=1; continue
    fi
    if [ -z "${CRAFTED_SLOW:-}" ] && [[ "$slow" == *" $pred "* ]]; then
      skipped=$((skipped + 1)); slow_skips=$((slow_skips + 1)); continue
    fi
    checked=$((checked + 1))
    run "$pred" "$opts" "$trace"
    printf '%s|%s|%s|%s|%s\n' "$pred" "$opts" "$kind" "$want" "$n" >>"$tmp/pending"
  done <"$tmp/expect"
  wait
  [ -f "$tmp/pending" ] || continue
  while IFS='|' read -r pred opts kind want n; do
    read -r rc <"$tmp/run.$n.rc"
    printf '%s|%s|%s|%s|%s|%s\n' "$pred" "$opts" "$kind" "$want" "$tmp/run.$n.csv" "$rc"
  done <"$tmp/pending" >"$tmp/checks"
  awk -v name="$name" -f "$checker/compare.awk" "$tmp/checks" >"$tmp/failures"
  cat "$tmp/failures"
  failed=$((failed + $(wc -l <"$tmp/failures")))
done

echo "crafted corpus: $checked checks in $runs runs, $failed failed," \
  "$skipped skipped ($slow_skips marked slow; not built yet: ${!missing_bin[*]})"
[ "$failed" -eq 0 ]
