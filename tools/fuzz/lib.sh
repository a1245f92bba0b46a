# Shared by scripts/fuzz, tools/fuzz/seed.sh and tools/fuzz/shrink.sh:
# checking one claim of a predictor (predictors/NAME/claims) on one trace.
FUZZ_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$FUZZ_DIR/../.." && pwd)
RP_BIN=${RP_BIN:-$ROOT/build/bin}

# The claims of every built predictor, from predictors/NAME/claims (format in
# tools/fuzz/README.md): "NAME claim def opts" lines, tab-separated.
present_claims() {
  local file pred
  for file in "$ROOT"/predictors/*/claims; do
    pred=$(basename "$(dirname "$file")")
    [ -f "$file" ] && [ -x "$RP_BIN/rp-$pred" ] || continue
    grep -v '^#' "$file" | grep -v '^[[:space:]]*$' | while IFS=$'\t' read -r claim def opts; do
      printf '%s\t%s\t%s\t%s\n' "$pred" "$claim" "$def" "$opts"
    done
  done
}

# The claims of a --claims FILE: "PRED claim def [opts]" lines, tab-separated
# ('#' comments, blank lines skipped), each predictor built and each claim
# one tools/fuzz/README.md lists; a bad line is a message naming it, status 1.
read_claims_file() {
  [ -r "$1" ] || { echo "rp-fuzz: $1: cannot read the claims file" >&2; return 1; }
  awk -F'\t' -v file="$1" -v bin="$RP_BIN" '
    /^[[:space:]]*(#|$)/ { next }
    function bad(what) { printf "rp-fuzz: %s:%d: %s\n", file, FNR, what > "/dev/stderr"; status = 1; exit }
    NF < 3 || NF > 4 { bad("expected PREDICTOR<TAB>CLAIM<TAB>DEFINITION[<TAB>OPTIONS]") }
    $2 !~ /^(deadlocks-)?(sound-all|sound-first|complete-2t|complete-trace|superset-nofj|complete-all|subset-of|count-fp|flagged-complete)$|^(witnesses|bug-witnesses|covers-.+|superset-events-.+)$/ {
      bad("unknown claim " $2 " (tools/fuzz/README.md lists them)") }
    system("test -x \"" bin "/rp-" $1 "\"") != 0 { bad("rp-" $1 " is not built in " bin) }
    { print $1 "\t" $2 "\t" $3 "\t" $4 }
    END { exit status }' "$1"
}

# The claims of the predictors named in a comma-separated list (stdin: the
# claims); a name with no claims is a message, status 1.
select_predictors() {
  local claims name
  claims=$(cat)
  for name in ${1//,/ }; do
    grep -q "^$name"$'\t' <<< "$claims" || {
      echo "rp-fuzz: --only $name: no claims of rp-$name (those with claims: $(cut -f1 <<< "$claims" | sort -u | paste -sd' '))" >&2
      return 1; }
  done
  awk -F'\t' -v only=",$1," 'index(only, "," $1 ",")' <<< "$claims"
}

# "THREADS FJ" of a trace, from rp-info: its threads with events, 1 if it
# forks or joins.
trace_facts() {
  local threads fj
  read -r threads fj < <("$RP_BIN/rp-info" --fields active_threads,fork_join "$1")
  echo "$threads $([ "$fj" = yes ] && echo 1 || echo 0)"
}

# The report a claim compares: --deadlocks for deadlocks-* claims, else --races.
report_option() { case ${1:-} in deadlocks-*) echo --deadlocks ;; *) echo --races ;; esac; }

# Run the oracle: oracle_run TRACE DEF OUT STATS [CLAIM]; its exit status.
# DEF is a definition, possibly with options of its own ("branch --branches none").
oracle_run() {
  # shellcheck disable=SC2086
  "$RP_BIN/rp-oracle" --quiet --def $2 "$(report_option "${5:-}")" "$3" --stats "$4" "$1" 2>/dev/null
}

# The run a claim compares against: the oracle under DEF, or for subset-of
# the predictor run DEF names ("PRED OPTS").
#   reference_run TRACE CLAIM DEF RACES STATS; its exit status.
reference_run() {
  if [ "$2" = subset-of ]; then
    predictor_run "$1" "${3%% *}" "$(printf '%s' "$3" | sed 's/^[^ ]* *//')" "$4"
  else
    oracle_run "$1" "$3" "$4" "$5" "$2"
  fi
}

# Run a predictor: predictor_run TRACE PRED OPTS OUT [CLAIM]; its exit
# status; its stderr in OUT.err.
predictor_run() {
  # shellcheck disable=SC2086
  "$RP_BIN/rp-$2" $3 --quiet "$(report_option "${5:-}")" "$4" "$1" 2>"$4.err"
}

# Whether an exit status is a crash: a death by a signal, or exit 4 (an
# internal error: a broken contract of the code itself).
is_crash() { [ "$1" -ge 128 ] || [ "$1" -eq 4 ]; }

# crash_message STATUS ERRFILE PRED: how it ended (a signal, an exit code)
# and the predictor's own word on it (its first line naming itself or a
# sanitizer's error).
crash_message() {
  local how said
  if [ "$1" -ge 128 ]; then how="killed by SIG$(kill -l $(($1 - 128)) 2>/dev/null || echo $(($1 - 128)))"
  else how="exit $1"; fi
  said=$(grep -m1 -E "^rp-$3: |ERROR: |runtime error" "$2" 2>/dev/null || grep -m1 . "$2" 2>/dev/null)
  echo "$how${said:+: $said}"
}

# run_failure STATUS ERRFILE PRED: "crashed (...)" or "failed (...)", for
# a run that did not exit 0.
run_failure() {
  if is_crash "$1"; then echo "crashed ($(crash_message "$@"))"; else echo "failed ($(crash_message "$@"))"; fi
}

# crash_result TRACE PRED OPTS CLAIM: "FAIL crashed (...)" if rp-PRED, run
# as for CLAIM, crashes on TRACE, else "ok 0".
crash_result() {
  local dir status
  dir=$(mktemp -d)
  predictor_run "$1" "$2" "$3" "$dir/p.csv" "$4"; status=$?
  if is_crash "$status"; then echo "FAIL $(run_failure "$status" "$dir/p.csv.err" "$2")"
  else echo "ok 0"; fi
  rm -rf "$dir"
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
  "$RP_BIN/rp-$2" $3 --quiet --witness "$dir/w" --races "$dir/r.csv" "$1" 2>"$dir/run.err" ||
    result="FAIL rp-$2 --witness $(run_failure $? "$dir/run.err" "$2")"
  while [ -z "$result" ] && IFS=, read -r a b _; do
    n=$((n + 1))
    if [ ! -f "$dir/w/race-$a-$b.std" ]; then
      result="FAIL no witness for $a-$b"
    # shellcheck disable=SC2086
    elif ! "$RP_BIN/rp-check-witness" "$1" "$dir/w/race-$a-$b.std" "$a" "$b" --def $4 \
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

# Claims checked without the oracle; prints ok/skip/FAIL:
#   bug-witnesses  every deadlock and atomicity violation the predictor
#                  reports (--deadlocks, --atomicity) has a witness that
#                  rp-check-witness accepts under DEF (--deadlock, --atomicity);
#   covers-P       the predictor reports every race that rp-P reports;
#   covers-first-P the predictor reports every pair of the earliest racy
#                  event rp-P reports (HB's first race);
#   within-P       rp-P reports every race the predictor reports, on the
#                  traces where rp-P says it is complete (stats column
#                  `complete` not `no`: M2 on two threads, or with C empty);
#   superset-events-P  every racy event of rp-P (its default run) is a racy
#                  event of the predictor (an option that may only add races).
# special_result TRACE PRED CLAIM DEF OPTS
is_special() { case $1 in bug-witnesses | covers-* | within-* | superset-events-*) return 0 ;; esac; return 1; }

# Whether rp-P's stats row at STATS says it may have missed races.
says_incomplete() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "complete") c = i; next }
           NR == 2 { exit !(c && $c == "no") }' "$1"
}

# covered_result REFERENCE PREDICTED WHO FIRST_ONLY: "ok N" if every pair of
# the race report REFERENCE (only those of its earliest second if FIRST_ONLY
# is 1) is in PREDICTED; WHO names the reference in the failure.
covered_result() {
  awk -F, -v who="$3" -v first_only="$4" '
    FNR == 1 { f++; next }
    f == 1 { a[++n] = $1; b[n] = $2 + 0; if (!min || b[n] < min) min = b[n]; next }
    { got[$1 "-" $2] = 1 }
    END { for (i = 1; i <= n; i++) {
            if (first_only && b[i] != min) continue
            checked++
            if (!((a[i] "-" b[i]) in got)) { print "FAIL missed " a[i] "-" b[i] ", reported by " who; exit }
          }
          print "ok " checked + 0 }' "$1" "$2"
}
# superset_events_result REFERENCE PREDICTED WHO: "ok N" if every racy event
# (second column) of the race report REFERENCE, N of them, is one of PREDICTED.
superset_events_result() {
  awk -F, -v who="$3" '
    FNR == 1 { f++; next }
    f == 1 { want[$2] = 1; next }
    { got[$2] = 1 }
    END { for (e in want) if (!(e in got)) { print "FAIL racy event " e " of " who " not reported"; exit }
          print "ok " length(want) }' "$1" "$2"
}
special_result() {
  local dir n=0 bad="" a b c other status
  dir=$(mktemp -d)
  case $3 in
  bug-witnesses)
    # shellcheck disable=SC2086
    "$RP_BIN/rp-$2" $5 --quiet --witness "$dir/w" --deadlocks "$dir/d.csv" \
      --atomicity "$dir/a.csv" "$1" 2>"$dir/run.err"; status=$?
    if [ $status -eq 0 ]; then
      while IFS=, read -r a b _ && [ -z "$bad" ]; do
        n=$((n + 1))
        # shellcheck disable=SC2086
        "$RP_BIN/rp-check-witness" --quiet "$1" "$dir/w/deadlock-$a-$b.std" "$a" "$b" --deadlock \
          --def $4 2>"$dir/err" || bad="deadlock $a-$b: $(head -1 "$dir/err")"
      done < <(tail -n +2 "$dir/d.csv")
      while IFS=, read -r a b c _ && [ -z "$bad" ]; do
        n=$((n + 1))
        # shellcheck disable=SC2086
        "$RP_BIN/rp-check-witness" --quiet "$1" "$dir/w/atomicity-$a-$b-$c.std" "$a" "$b" "$c" \
          --atomicity --def $4 2>"$dir/err" || bad="atomicity $a-$b-$c: $(head -1 "$dir/err")"
      done < <(tail -n +2 "$dir/a.csv")
      if [ -n "$bad" ]; then echo "FAIL witness of $bad"; else echo "ok $n"; fi
    else
      echo "FAIL rp-$2 $(run_failure "$status" "$dir/run.err" "$2")"
    fi ;;
  covers-* | within-* | superset-events-*)
    other=${3#covers-}; other=${other#first-}; other=${other#within-}; other=${other#superset-events-}
    if [ ! -x "$RP_BIN/rp-$other" ]; then
      echo "skip rp-$other not built"
    elif "$RP_BIN/rp-$other" --quiet --races "$dir/o.csv" --stats "$dir/o.stats" "$1" \
           2>"$dir/o.csv.err"; status=$?; [ $status -ne 0 ]; then
      echo "FAIL rp-$other $(run_failure "$status" "$dir/o.csv.err" "$other")"
    elif predictor_run "$1" "$2" "$5" "$dir/p.csv"; status=$?; [ $status -ne 0 ]; then
      echo "FAIL rp-$2 $(run_failure "$status" "$dir/p.csv.err" "$2")"
    elif [[ $3 == superset-events-* ]]; then
      superset_events_result "$dir/o.csv" "$dir/p.csv" "rp-$other"
    elif [[ $3 == within-* ]]; then
      if says_incomplete "$dir/o.stats"; then echo "skip rp-$other says it may miss races"
      else covered_result "$dir/p.csv" "$dir/o.csv" "rp-$2 but not rp-$other" 0; fi
    else
      covered_result "$dir/o.csv" "$dir/p.csv" "rp-$other" "$([[ $3 == covers-first-* ]] && echo 1 || echo 0)"
    fi ;;
  esac
  rm -rf "$dir"
}

# Whether the claim fails on TRACE: fails TRACE PRED CLAIM DEF OPTS.  The
# claim crash-C holds when the predictor, run as for claim C, crashes on a
# well-formed trace.
fails() {
  local dir status=1 threads fj
  case $3 in crash-*)
    "$RP_BIN/rp-info" "$1" > /dev/null 2>&1 && crash_result "$1" "$2" "$5" "${3#crash-}" | grep -q '^FAIL'
    return $? ;;
  esac
  if is_special "$3"; then
    special_result "$1" "$2" "$3" "$4" "$5" | grep -q '^FAIL'
    return $?
  fi
  dir=$(mktemp -d)
  read -r threads fj < <(trace_facts "$1")
  if reference_run "$1" "$3" "$4" "$dir/o.csv" "$dir/s.csv" &&
     predictor_run "$1" "$2" "$5" "$dir/p.csv" "$3"; then
    claim_outcome "$3" "$1" "$2" "$5" "$4" "$dir/o.csv" "$dir/p.csv" "$threads" "$fj" |
      grep -q '^FAIL'
    status=$?
  fi
  rm -rf "$dir"
  return $status
}
