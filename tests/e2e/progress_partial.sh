# Progress lines and partial results (docs/design.md §D16): a predictor
# stopped by SIGINT, SIGTERM or its time budget writes what it found so far,
# says which phases were cut or not run in the stats' partial column and the
# summary, and exits 128 + the signal (0 for the budget).  The signal comes
# from the test hook RP_TEST_SIGNAL_IN=PHASE[:TERM] at the phase's first
# poll, so nothing here depends on timing; one run is also stopped by a real
# kill, and then either outcome is checked for its shape.
. "$(dirname "$0")/lib.sh"

# Runs started in the background of a non-interactive shell inherit SIGINT
# ignored, which the predictors respect: give them the default back.
run() { env --default-signal=INT,TERM "$@"; }

rp-gen --events 500 --threads 4 --vars 8 --nesting 2 --seed 7 -o "$TMP/t.std"   # nested: deadlock candidates

# column FILE NAME: the stats row's value in column NAME
column() { awk -F, -v c="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==c) k=i} NR==2{print k ? $k : "NONE"}' "$1"; }

# well_formed FILE: a header and rows with as many fields as it (no quoted commas here)
well_formed() {
  [ -s "$1" ] || { fail "$1: missing or empty"; return; }
  awk -F, 'NR==1{n=NF} NF!=n{bad=1} END{exit bad}' "$1" || fail "$1: rows of a different width than the header"
}

# stopped NAME STATUS PARTIAL SUMMARY_WORDS CMD...: run CMD (which writes
# $TMP/races.csv, $TMP/stats.csv) and check the partial outputs
stopped() {
  local name=$1 status=$2 partial=$3 words=$4
  shift 4
  rm -f "$TMP/races.csv" "$TMP/stats.csv"
  run "$@" --races "$TMP/races.csv" --stats "$TMP/stats.csv" > "$TMP/out" 2> "$TMP/err"
  expect_eq "$name: exit status" "$?" "$status"
  well_formed "$TMP/races.csv"
  well_formed "$TMP/stats.csv"
  expect_eq "$name: partial column" "$(column "$TMP/stats.csv" partial)" "$partial"
  grep -q -- "$words" "$TMP/out" || fail "$name: the summary does not say '$words': $(cat "$TMP/out")"
}

stopped "m2 SIGINT in pairs" 130 "SIGINT;cut:pairs" ": stopped by SIGINT after .* s: pairs cut short; so far: " \
  env RP_TEST_SIGNAL_IN=pairs rp-m2 "$TMP/t.std"
stopped "m2 --jobs 2 SIGTERM in pairs" 143 "SIGTERM;cut:pairs" "stopped by SIGTERM" \
  env RP_TEST_SIGNAL_IN=pairs:TERM rp-m2 --jobs 2 "$TMP/t.std"

stopped "seqcheck SIGINT in races" 130 "SIGINT;cut:races;not_run:deadlocks;not_run:atomicity" \
  "races cut short; deadlocks, atomicity not run; so far: " \
  env RP_TEST_SIGNAL_IN=races rp-seqcheck --deadlocks "$TMP/dl.csv" --atomicity "$TMP/at.csv" "$TMP/t.std"
well_formed "$TMP/dl.csv"
well_formed "$TMP/at.csv"
stopped "seqcheck SIGTERM in deadlocks" 143 "SIGTERM;cut:deadlocks;not_run:atomicity" \
  "deadlocks cut short; atomicity not run" \
  env RP_TEST_SIGNAL_IN=deadlocks:TERM rp-seqcheck --jobs 2 --deadlocks "$TMP/dl.csv" "$TMP/t.std"
well_formed "$TMP/dl.csv"
# The races phase ran to its end: its counts are those of a full run.
rp-seqcheck --quiet --bugs races --stats "$TMP/full.csv" "$TMP/t.std"
expect_eq "seqcheck: races before a stop in deadlocks" "$(column "$TMP/stats.csv" racy_pairs)" \
  "$(column "$TMP/full.csv" racy_pairs)"

# The offline predictors' loading and building phases: a stop in them
# leaves a well-formed, empty report, the phases after them not run.  A
# loading cut after 200 events (the hook's @N) leaves the prefix read, which
# the shape columns describe (stopped_early 1).
# prefix NAME: the stats row describes the 200 events loaded
prefix() {
  expect_eq "$1: events" "$(column "$TMP/stats.csv" events)" 200
  expect_eq "$1: stopped_early" "$(column "$TMP/stats.csv" stopped_early)" 1
}
stopped "m2 SIGINT in loading" 130 "SIGINT;cut:loading;not_run:model;not_run:pairs" \
  "loading cut short; model, pairs not run; so far: 200 events" \
  env RP_TEST_SIGNAL_IN=loading@200 rp-m2 "$TMP/t.std"
prefix "m2 SIGINT in loading"
stopped "m2 --jobs 2 SIGTERM in model" 143 "SIGTERM;cut:model;not_run:pairs" \
  "model cut short; pairs not run; so far: 500 events" \
  env RP_TEST_SIGNAL_IN=model:TERM rp-m2 --jobs 2 "$TMP/t.std"
expect_eq "m2 SIGTERM in model: stopped_early" "$(column "$TMP/stats.csv" stopped_early)" 0
stopped "seqcheck SIGINT in loading" 130 \
  "SIGINT;cut:loading;not_run:index;not_run:races;not_run:deadlocks;not_run:atomicity" \
  "loading cut short; index, races, deadlocks, atomicity not run" \
  env RP_TEST_SIGNAL_IN=loading@200 rp-seqcheck --deadlocks "$TMP/dl.csv" --atomicity "$TMP/at.csv" "$TMP/t.std"
prefix "seqcheck SIGINT in loading"
well_formed "$TMP/dl.csv"
well_formed "$TMP/at.csv"
stopped "seqcheck SIGTERM in index" 143 "SIGTERM;cut:index;not_run:races;not_run:deadlocks;not_run:atomicity" \
  "index cut short; races, deadlocks, atomicity not run" \
  env RP_TEST_SIGNAL_IN=index:TERM rp-seqcheck --deadlocks "$TMP/dl.csv" "$TMP/t.std"
well_formed "$TMP/dl.csv"
stopped "seqcheck --sequence SIGINT in index" 130 "SIGINT;cut:index;not_run:query" "index cut short; query not run" \
  env RP_TEST_SIGNAL_IN=index rp-seqcheck --sequence 6,18 "$TMP/t.std"
grep -q "^sequence " "$TMP/out" && fail "seqcheck --sequence cut in index: a verdict from a partial index"
stopped "seqcheck --sequence SIGINT in query" 130 "SIGINT;cut:query" "query cut short" \
  env RP_TEST_SIGNAL_IN=query rp-seqcheck --sequence 6,18 "$TMP/t.std"
grep -q "^sequence " "$TMP/out" && fail "seqcheck --sequence cut in its query: a verdict from a partial closure"
stopped "oracle SIGINT in loading" 130 "SIGINT;cut:loading;not_run:exploring" "loading cut short; exploring not run" \
  env RP_TEST_SIGNAL_IN=loading@200 rp-oracle "$TMP/t.std"
prefix "oracle SIGINT in loading"
grep -q ',unknown$' "$TMP/races.csv" || fail "oracle cut in loading: the prefix's pairs are not reported unknown"

# Streaming predictors: the driver's reading phase is cut, so the shape
# columns describe a prefix (stopped_early 1); DC's vindication is not run.
stopped "dc SIGINT in reading" 130 "SIGINT;cut:reading;not_run:vindicating" \
  "reading cut short; vindicating not run; so far: " \
  env RP_TEST_SIGNAL_IN=reading rp-dc --vindicate all "$TMP/t.std"
expect_eq "dc SIGINT in reading: stopped_early" "$(column "$TMP/stats.csv" stopped_early)" 1
stopped "dc SIGTERM in vindicating" 143 "SIGTERM;cut:vindicating" "vindicating cut short; so far: " \
  env RP_TEST_SIGNAL_IN=vindicating:TERM rp-dc --vindicate all "$TMP/t.std"
expect_eq "dc SIGTERM in vindicating: stopped_early" "$(column "$TMP/stats.csv" stopped_early)" 0
# The races found by the front end are all reported, the unvindicated unknown.
rp-dc --quiet --vindicate none --stats "$TMP/full.csv" "$TMP/t.std"
expect_eq "dc: races before a stop in vindicating" "$(column "$TMP/stats.csv" racy_pairs)" \
  "$(column "$TMP/full.csv" racy_pairs)"
[ "$(column "$TMP/stats.csv" unknown)" -gt 0 ] || fail "dc: a cut vindication left no race unknown"
stopped "pwr SIGINT in reading" 130 "SIGINT;cut:reading" "stopped by SIGINT" \
  env RP_TEST_SIGNAL_IN=reading rp-pwr --cs "$TMP/t.std"
expect_eq "pwr SIGINT in reading: stopped_early" "$(column "$TMP/stats.csv" stopped_early)" 1

# The oracle: the pairs it could not decide are reported unknown.
stopped "oracle SIGINT in exploring" 130 "SIGINT;cut:exploring" "exploring cut short" \
  env RP_TEST_SIGNAL_IN=exploring rp-oracle --deadlocks "$TMP/dl.csv" "$TMP/t.std"
grep -q ',unknown$' "$TMP/races.csv" || fail "oracle cut: no unknown pair in the report"
well_formed "$TMP/dl.csv"
tail -1 "$TMP/dl.csv" | grep -q ',unknown$' || fail "oracle cut: the deadlock report does not end unknown"

# The time budget: exit 0; when it ran out, the partial column starts with
# time_budget (whether it does depends on the machine's speed).
# budget NAME COLUMN CMD...: CMD's time budget column and partial agree
budget() {
  local name=$1 col=$2
  shift 2
  run "$@" --quiet --stats "$TMP/stats.csv" "$TMP/t.std"
  expect_eq "$name: exit status" "$?" 0
  case $(column "$TMP/stats.csv" "$col"),$(column "$TMP/stats.csv" partial) in
    1,time_budget\;*|0,) ;;
    *) fail "$name: $col and partial disagree: $(cat "$TMP/stats.csv")" ;;
  esac
}
budget "seqcheck --time-budget" budget_exhausted rp-seqcheck --time-budget 1
budget "oracle --max-seconds" out_of_time rp-oracle --max-seconds 0.01
run rp-dc --quiet --vindicate all --vindicate-budget 1 --stats "$TMP/stats.csv" "$TMP/t.std"
expect_eq "dc --vindicate-budget: exit status" "$?" 0
case $(column "$TMP/stats.csv" partial) in
  "time_budget;cut:vindicating"|"") ;;
  *) fail "dc --vindicate-budget: partial $(column "$TMP/stats.csv" partial)" ;;
esac

# A complete run: an empty partial column, exit 0, the usual summary.
for p in m2 seqcheck dc pwr; do
  rp-$p --stats "$TMP/stats.csv" "$TMP/t.std" > "$TMP/out"
  expect_eq "$p complete: exit status" "$?" 0
  expect_eq "$p complete: partial column" "$(column "$TMP/stats.csv" partial)" ""
  grep -q "stopped by" "$TMP/out" && fail "$p complete: the summary says stopped"
done

# SIGINT ignored when the program starts stays ignored: the hook's signal is
# lost and the run completes.
(trap '' INT; RP_TEST_SIGNAL_IN=pairs rp-m2 --quiet --stats "$TMP/stats.csv" "$TMP/t.std")
expect_eq "m2 with SIGINT ignored: exit status" "$?" 0
expect_eq "m2 with SIGINT ignored: partial column" "$(column "$TMP/stats.csv" partial)" ""

# --progress: a line per phase on standard error (not a terminal: no \r);
# none by default here, nor with --no-progress; the outputs are the same.
for p in m2 seqcheck dc pwr; do
  rp-$p --quiet --progress --races "$TMP/r1.csv" "$TMP/t.std" 2> "$TMP/err"
  grep -Eq "^rp-$p: $TMP/t.std: (loading|reading)" "$TMP/err" ||
    fail "$p --progress: no loading or reading line: $(cat "$TMP/err")"
  grep -q "racy pairs, [0-9.]* s$" "$TMP/err" || fail "$p --progress: no count and time: $(cat "$TMP/err")"
  grep -q $'\r' "$TMP/err" && fail "$p --progress: a carriage return on a file"
  rp-$p --quiet --races "$TMP/r2.csv" "$TMP/t.std" 2> "$TMP/err"
  [ -s "$TMP/err" ] && fail "$p: progress without --progress on a file: $(cat "$TMP/err")"
  rp-$p --quiet --progress --no-progress "$TMP/t.std" 2> "$TMP/err"
  [ -s "$TMP/err" ] && fail "$p --no-progress: $(cat "$TMP/err")"
  cmp -s "$TMP/r1.csv" "$TMP/r2.csv" || fail "$p: --progress changed the race report"
done
rp-m2 --quiet --progress "$TMP/t.std" 2>&1 | grep -q "pairs [0-9]*/500 events" ||
  fail "m2 --progress: no 'pairs N/500 events'"
rp-dc --quiet --progress --vindicate all "$TMP/t.std" 2>&1 | grep -q ": vindicating 0/[1-9][0-9]* races" ||
  fail "dc --progress: no 'vindicating 0/N races'"
# (stopped by the test hook at its first poll: a time budget could run out
# while reading on a loaded machine, and exploring would never start)
env RP_TEST_SIGNAL_IN=exploring rp-oracle --quiet --progress "$TMP/t.std" 2>&1 | grep -q ": exploring 0 states" ||
  fail "oracle --progress: no 'exploring 0 states'"
# The count of racy pairs is what the predictor has found, also where the
# report gets the pairs only at the end (DC: by the time vindicating starts,
# all of them); phases that only prepare show none.
rp-dc --quiet --progress --vindicate all --stats "$TMP/stats.csv" "$TMP/t.std" 2> "$TMP/err"
grep -q ": vindicating 0/[0-9]* races (0%), $(column "$TMP/stats.csv" racy_pairs) racy pairs, " "$TMP/err" ||
  fail "dc --progress: the vindicating line does not count the $(column "$TMP/stats.csv" racy_pairs) races found: $(cat "$TMP/err")"
rp-m2 --quiet --progress "$TMP/t.std" 2>&1 | grep -q ": model, [0-9.]* s$" || fail "m2 --progress: no 'model, T s'"
# M2 decides pairs in a pool: the line says how many wait behind its count.
rp-m2 --quiet --progress "$TMP/t.std" 2>&1 | grep -q ": pairs 0/500 events (0%), 0 undecided, 0 racy pairs, " ||
  fail "m2 --progress: no count of undecided pairs"
rp-seqcheck --quiet --progress "$TMP/t.std" 2>&1 | grep -q ": index, [0-9.]* s$" ||
  fail "seqcheck --progress: no 'index, T s'"
rp-m2 --quiet --progress "$TMP/t.std" 2>&1 | grep -q ": loading 0 events, [0-9.]* s$" ||
  fail "m2 --progress: no 'loading 0 events'"

# On a terminal (script(1) gives one): a line redrawn with \r, erased at the
# end, by default.
if command -v script > /dev/null; then
  script -qec "rp-m2 --quiet '$TMP/t.std'" /dev/null > "$TMP/tty" < /dev/null
  grep -q $'\r''rp-m2: .*: pairs ' "$TMP/tty" || fail "m2 on a terminal: no redrawn line: $(od -c "$TMP/tty" | head)"
  [ "$(tail -c 4 "$TMP/tty" | od -An -c | tr -d ' ')" = '\r033[K' ] ||
    fail "m2 on a terminal: the line is not erased at the end: $(tail -c 8 "$TMP/tty" | od -c)"
fi

# rp run's timeout sends SIGTERM: the predictor leaves its partial results
# within the grace, and the run's status is timeout.
rp-gen --events 60000 --threads 8 --vars 64 --seed 3 -o "$TMP/big.std"
rp-run --timeout 0.5 --grace 20 --out "$TMP/run.csv" -- rp-seqcheck --quiet --jobs 1 \
  --races "$TMP/races.csv" --stats "$TMP/stats.csv" "$TMP/big.std"
expect_eq "rp run: status, exit code" "$(cut -d, -f1,2 "$TMP/run.csv" | tail -1)" "timeout,143"
well_formed "$TMP/races.csv"
case $(column "$TMP/stats.csv" partial) in
  SIGTERM\;*) ;;
  *) fail "rp run timeout: partial column $(column "$TMP/stats.csv" partial)" ;;
esac

# A real SIGINT, sent once the races phase has begun on a trace that takes a
# while: stopped (130, partial) or, on a fast machine, done (0, complete).
env --default-signal=INT,TERM rp-seqcheck --progress --jobs 1 --races "$TMP/races.csv" \
  --stats "$TMP/stats.csv" "$TMP/big.std" > "$TMP/out" 2> "$TMP/err" &   # env execs: $! is the predictor
pid=$!
for _ in $(seq 600); do grep -q ": races " "$TMP/err" && break; sleep 0.05; done
kill -INT "$pid" 2> /dev/null
wait "$pid"
status=$?
well_formed "$TMP/races.csv"
case $status,$(column "$TMP/stats.csv" partial) in
  130,SIGINT\;*) ;;
  0,) ;;
  *) fail "seqcheck with a real SIGINT: exit $status, stats $(cat "$TMP/stats.csv")" ;;
esac

finish
