# Shared by scripts/fuzz, tools/fuzz/seed.sh and tools/fuzz/shrink.sh:
# checking one claim of tests/claims.tsv on one trace.
FUZZ_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$FUZZ_DIR/../.." && pwd)
RP_BIN=${RP_BIN:-$ROOT/build/bin}
CLAIMS=${CLAIMS:-$ROOT/tests/claims.tsv}

# The claim rows whose predictor is built: "pred claim def opts..." lines.
present_claims() {
  grep -v '^#' "$CLAIMS" | grep -v '^[[:space:]]*$' | while IFS=$'\t' read -r pred claim def opts; do
    [ -x "$RP_BIN/rp-$pred" ] && printf '%s\t%s\t%s\t%s\n' "$pred" "$claim" "$def" "$opts"
  done
}

# "THREADS FJ" of a trace: its number of threads, 1 if it forks or joins.
trace_facts() {
  awk -F'|' '!/^[[:space:]]*(#|$)/ { t[$1] = 1; if ($2 ~ /^(fork|join)\(/) fj = 1 }
             END { n = 0; for (x in t) n++; print n, fj + 0 }' "$1"
}

# Run the oracle: oracle_run TRACE DEF RACES STATS; its exit status.
oracle_run() {
  "$RP_BIN/rp-oracle" --quiet --def "$2" --races "$3" --stats "$4" "$1" 2>/dev/null
}

# Run a predictor: predictor_run TRACE PRED OPTS RACES; its exit status.
predictor_run() {
  # shellcheck disable=SC2086
  "$RP_BIN/rp-$2" $3 --quiet --races "$4" "$1" 2>/dev/null
}

# claim_result CLAIM ORACLE_RACES PRED_RACES THREADS FJ -> ok/skip/FAIL line.
claim_result() {
  awk -v claim="$1" -v threads="$4" -v fj="$5" -f "$FUZZ_DIR/claims.awk" "$2" "$3"
}

# witness_result TRACE PRED OPTS DEF: run the predictor with --witness and
# check each reported race's witness with rp-check-witness under DEF.
witness_result() {
  local dir a b n=0 result=""
  dir=$(mktemp -d)
  # shellcheck disable=SC2086
  if ! "$RP_BIN/rp-$2" $3 --quiet --witness "$dir/w" --races "$dir/r.csv" "$1" 2>/dev/null; then
    result="FAIL rp-$2 --witness failed"
  fi
  while [ -z "$result" ] && IFS=, read -r a b _; do
    n=$((n + 1))
    if [ ! -f "$dir/w/race-$a-$b.std" ]; then
      result="FAIL no witness for $a-$b"
    elif ! "$RP_BIN/rp-check-witness" "$1" "$dir/w/race-$a-$b.std" "$a" "$b" --def "$4" \
           >/dev/null 2>"$dir/err"; then
      result="FAIL witness of $a-$b refused: $(head -1 "$dir/err")"
    fi
  done < <(tail -n +2 "$dir/r.csv" 2>/dev/null)
  echo "${result:-ok $n}"
  rm -rf "$dir"
}

# claim_outcome CLAIM TRACE PRED OPTS DEF ORACLE_RACES PRED_RACES THREADS FJ
# -> ok/skip/FAIL line; `witnesses` runs the predictor again with --witness.
claim_outcome() {
  if [ "$1" = witnesses ]; then witness_result "$2" "$3" "$4" "$5"
  else claim_result "$1" "$6" "$7" "$8" "$9"; fi
}

# Whether the claim fails on TRACE: fails TRACE PRED CLAIM DEF OPTS.
fails() {
  local dir status=1 threads fj
  dir=$(mktemp -d)
  read -r threads fj < <(trace_facts "$1")
  if oracle_run "$1" "$4" "$dir/o.csv" "$dir/s.csv" &&
     predictor_run "$1" "$2" "$5" "$dir/p.csv"; then
    claim_outcome "$3" "$1" "$2" "$5" "$4" "$dir/o.csv" "$dir/p.csv" "$threads" "$fj" |
      grep -q '^FAIL'
    status=$?
  fi
  rm -rf "$dir"
  return $status
}
