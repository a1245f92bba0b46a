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

# The run a claim compares against: the oracle under DEF, or for subset-of
# the predictor run DEF names ("PRED OPTS").
#   reference_run TRACE CLAIM DEF RACES STATS; its exit status.
reference_run() {
  if [ "$2" = subset-of ]; then
    predictor_run "$1" "${3%% *}" "$(printf '%s' "$3" | sed 's/^[^ ]* *//')" "$4"
  else
    oracle_run "$1" "$3" "$4" "$5"
  fi
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

# Whether the claim fails on TRACE: fails TRACE PRED CLAIM DEF OPTS.
fails() {
  local dir status=1 threads fj
  dir=$(mktemp -d)
  read -r threads fj < <(trace_facts "$1")
  if reference_run "$1" "$3" "$4" "$dir/o.csv" "$dir/s.csv" &&
     predictor_run "$1" "$2" "$5" "$dir/p.csv"; then
    claim_result "$3" "$dir/o.csv" "$dir/p.csv" "$threads" "$fj" | grep -q '^FAIL'
    status=$?
  fi
  rm -rf "$dir"
  return $status
}
